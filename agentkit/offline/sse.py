"""The Messages API's server-sent events for one reply, as the live API streams them.

`message_start` (the message with empty content and the input usage), then for each content block
`content_block_start`, its `content_block_delta`s (`text_delta`, `input_json_delta` with
`partial_json`, `thinking_delta`, `signature_delta`) and `content_block_stop`; then `message_delta`
(stop_reason, stop_sequence, stop_details, output usage) and `message_stop`. A `ping` follows
`message_start`, as live. A fault injected mid-stream ends the stream with an `error` event.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

CHUNK = 12  # characters of text (or thinking, or tool input JSON) per delta


def _pieces(text: str) -> list[str]:
    return [text[i : i + CHUNK] for i in range(0, len(text), CHUNK)] or [""]


def _block_events(index: int, block: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    kind = block["type"]
    if kind == "text":
        yield "content_block_start", {"index": index, "content_block": {"type": "text", "text": ""}}
        for piece in _pieces(block["text"]):
            yield (
                "content_block_delta",
                {"index": index, "delta": {"type": "text_delta", "text": piece}},
            )
    elif kind == "thinking":
        start = {"type": "thinking", "thinking": "", "signature": ""}
        yield "content_block_start", {"index": index, "content_block": start}
        for piece in _pieces(block["thinking"]):
            delta = {"type": "thinking_delta", "thinking": piece}
            yield "content_block_delta", {"index": index, "delta": delta}
        delta = {"type": "signature_delta", "signature": block["signature"]}
        yield "content_block_delta", {"index": index, "delta": delta}
    elif kind in ("tool_use", "server_tool_use"):
        yield "content_block_start", {"index": index, "content_block": {**block, "input": {}}}
        raw = json.dumps(block["input"], ensure_ascii=False) if block["input"] else ""
        for piece in _pieces(raw):
            delta = {"type": "input_json_delta", "partial_json": piece}
            yield "content_block_delta", {"index": index, "delta": delta}
    else:  # server tool results arrive whole
        yield "content_block_start", {"index": index, "content_block": block}
    yield "content_block_stop", {"index": index}


def events(
    message: dict[str, Any], error: dict[str, Any] | None = None
) -> Iterator[tuple[str, dict[str, Any]]]:
    """The (event name, data) pairs for `message`. With `error` (the API's error JSON), the stream
    breaks off after the first content block has started, with an `error` event."""
    usage = message["usage"]
    start_usage = {**usage, "output_tokens": 1, "server_tool_use": None}
    yield (
        "message_start",
        {
            "message": {
                **message,
                "content": [],
                "stop_reason": None,
                "stop_sequence": None,
                "stop_details": None,
                "usage": start_usage,
            }
        },
    )
    yield "ping", {}
    for index, block in enumerate(message["content"]):
        for name, data in _block_events(index, block):
            yield name, data
            if error is not None:
                yield "error", error
                return
    delta = {k: message[k] for k in ("stop_reason", "stop_sequence", "stop_details")}
    end_usage = {"output_tokens": usage["output_tokens"]}
    if usage.get("server_tool_use"):
        end_usage["server_tool_use"] = usage["server_tool_use"]
    yield "message_delta", {"delta": delta, "usage": end_usage}
    yield "message_stop", {}


def encode(name: str, data: dict[str, Any]) -> bytes:
    """One event on the wire: `event: <name>` and `data: <json>` lines, then a blank line."""
    fast = _SHAPED.get(name)
    if fast is not None and (wire := fast(data)) is not None:
        return wire
    body = json_bytes({"type": name, **data})
    return b"event: " + name.encode() + b"\ndata: " + body + b"\n\n"


# The events a reply streams most, written from a template: the bytes json_bytes gives them (the
# same key order, separators and string escaping), for data of exactly their shape; None for any
# other data (or text UTF-8 cannot carry), which is encoded as a whole.
_DELTA_FIELD = {
    "text_delta": "text",
    "input_json_delta": "partial_json",
    "thinking_delta": "thinking",
}
_TEXT = json.encoder.encode_basestring  # the encoder's own (ensure_ascii=False)


def _delta(data: dict[str, Any]) -> bytes | None:
    index, delta = data.get("index"), data.get("delta")
    if type(index) is not int or type(delta) is not dict or len(data) != 2 or len(delta) != 2:
        return None
    kind = delta.get("type")
    field = _DELTA_FIELD.get(kind) if type(kind) is str else None
    text = delta.get(field) if field is not None else None
    if type(text) is not str or next(iter(data)) != "index" or next(iter(delta)) != "type":
        return None
    wire = (
        f'event: content_block_delta\ndata: {{"type":"content_block_delta","index":{index},'
        f'"delta":{{"type":"{kind}","{field}":{_TEXT(text)}}}}}\n\n'
    )
    try:
        return wire.encode()
    except UnicodeEncodeError:
        return None  # a lone surrogate: json_bytes writes the event in ASCII


def _stop(data: dict[str, Any]) -> bytes | None:
    index = data.get("index")
    if type(index) is not int or len(data) != 1:
        return None
    return b'event: content_block_stop\ndata: {"type":"content_block_stop","index":%d}\n\n' % index


def _empty(name: str) -> Callable[[dict[str, Any]], bytes | None]:
    wire = b"event: " + name.encode() + b'\ndata: {"type":"' + name.encode() + b'"}\n\n'
    return lambda data: None if data else wire


_SHAPED: dict[str, Callable[[dict[str, Any]], bytes | None]] = {
    "content_block_delta": _delta,
    "content_block_stop": _stop,
    "ping": _empty("ping"),
    "message_stop": _empty("message_stop"),
}


def json_encoder(**options: Any) -> Callable[[Any], str]:
    """`json.JSONEncoder(**options).encode` for acyclic values (parsed JSON, a reply), built once:
    `encode` builds its C encoder on every call (and json.dumps with options a JSONEncoder too),
    this one is reused. Same text; no circular-reference check (a JSON tree has no cycle)."""
    encoder = json.JSONEncoder(check_circular=False, **options)
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None or encoder.indent is not None:
        return encoder.encode
    c = make(
        None,
        encoder.default,
        json.encoder.encode_basestring_ascii
        if encoder.ensure_ascii
        else json.encoder.encode_basestring,
        None,
        encoder.key_separator,
        encoder.item_separator,
        encoder.sort_keys,
        encoder.skipkeys,
        encoder.allow_nan,
    )
    return lambda value: "".join(c(value, 0))


# built once (json.dumps with options builds an encoder on every call)
_UTF8 = json_encoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)
_ASCII = json_encoder(separators=(",", ":"), allow_nan=False)


def json_bytes(value: Any) -> bytes:
    """`value` as strict JSON (ValueError on NaN or infinity). Text is sent as UTF-8; a string holding
    a lone surrogate, which UTF-8 cannot carry, makes the whole body ASCII with \\u escapes."""
    try:
        return _UTF8(value).encode()
    except UnicodeEncodeError:
        return _ASCII(value).encode()
