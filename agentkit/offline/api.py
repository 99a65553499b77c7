"""The offline Messages API: the request handler behind `httpx2.MockTransport` (sync and async) and
behind `python -m agentkit serve`, speaking the real wire format.

It serves `POST /v1/messages` (JSON or server-sent events with `stream: true`),
`POST /v1/messages/count_tokens`, `GET /v1/models` and `GET /v1/models/{id}`. Each request is validated
as the API does (HTTP 400 `invalid_request_error`, 404 `not_found_error` for unknown and retired model
ids, same wording), the simulated Claude is asked for a reply, then what the server applies is applied:
extended thinking, `stop_sequences`, `max_tokens`, the context window, ids and usage. It can inject
429/529/500 faults on chosen calls, or an overloaded `error` event in the middle of a stream.

Ids (`req_…`, `msg_…`, `toolu_…`) come from a process-wide request counter: unique across requests and
clients in one process, and the same on every re-run of a notebook (a fresh kernel counts from 0).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import httpx2

from . import claude, models, sse
from .validation import InvalidRequest, sign, validate
from .world import World

CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
FAULTS = {
    429: (
        "rate_limit_error",
        "Number of request tokens has exceeded your per-minute rate limit (offline fault injection).",
    ),
    500: ("api_error", "Internal server error (offline fault injection)."),
    529: ("overloaded_error", "Overloaded (offline fault injection)."),
}
MIDSTREAM = "midstream"
"""A fault value: a streamed reply breaks off with an `overloaded_error` event (a 529 when not streamed)."""
MAX_BODY = 32 * 1024 * 1024  # the API refuses larger request bodies with 413 request_too_large
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_REQUESTS = itertools.count(1)  # process-wide: ids differ across clients, repeat across runs


def count_tokens(text: str) -> int:
    """A deterministic token estimate: one per CJK character, one per four other characters."""
    if text.isascii():
        return math.ceil(len(text) / 4)
    cjk = len(CJK.findall(text))
    return cjk + math.ceil((len(text) - cjk) / 4)


def stable_id(prefix: str, *parts: int) -> str:
    """`prefix` + "01" + 22 base-62 characters derived from the integer `parts` (a hash, so ids look
    like the API's and never collide in practice)."""
    n = int.from_bytes(hashlib.blake2b(repr(parts).encode(), digest_size=17).digest(), "big")
    chars = []
    for _ in range(22):
        n, r = divmod(n, 62)
        chars.append(ALPHABET[r])
    return prefix + "01" + "".join(chars)


@dataclass
class Answer:
    """One HTTP answer: a JSON body, or (streaming) server-sent events as bytes chunks."""

    status: int
    body: dict[str, Any] | None = None
    events: list[bytes] | None = None
    headers: dict[str, str] = field(default_factory=dict)

    def response(self) -> httpx2.Response:
        if self.events is not None:
            headers = {"content-type": "text/event-stream", **self.headers}
            return httpx2.Response(self.status, content=b"".join(self.events), headers=headers)
        return httpx2.Response(self.status, json=self.body, headers=self.headers)


def error_answer(
    status: int,
    kind: str,
    message: str,
    rid: str,
    headers: dict[str, str] | None = None,
    details: dict[str, Any] | None = None,
) -> Answer:
    error: dict[str, Any] = {"type": kind, "message": message}
    if details:
        error["details"] = details  # e.g. thread_unsupported_request, which SDKs read
    body = {"type": "error", "error": error, "request_id": rid}
    return Answer(status, body, headers={"request-id": rid, **(headers or {})})


class RequestLog(Sequence):
    """The request bodies received, in order, read back as JSON. Kept as the raw bytes: a long run
    logs many large histories, and bytes cost the garbage collector nothing to walk."""

    def __init__(self) -> None:
        self._raw: list[bytes] = []

    def append(self, raw: bytes) -> None:
        self._raw.append(bytes(raw))

    def __len__(self) -> int:
        return len(self._raw)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [json.loads(r) for r in self._raw[i]]
        return json.loads(self._raw[i])


@dataclass
class OfflineAPI:
    """The request handler. `faults` maps a 1-based HTTP call number to 429, 500, 529 or MIDSTREAM.
    `today` pins the clock that retires models (default: AGENTKIT_TODAY, else the workbook's date)."""

    world: World = field(default_factory=World)
    faults: dict[int, int | str] = field(default_factory=dict)
    context_window: int = 200_000
    calls: int = 0
    log: RequestLog = field(
        default_factory=lambda: RequestLog()
    )  # every Messages request body, in order
    today: date | str | None = None
    _memo: _Memo | None = field(default=None, repr=False)

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        return self.handle(request.method, request.url.path, request.content).response()

    def handle(self, method: str, path: str, content: bytes) -> Answer:
        """Answer one HTTP request (method, path without the query string, raw body)."""
        self.calls += 1
        n = next(_REQUESTS)
        rid = stable_id("req_", n)
        route = self._route(method, path)
        if route is None:
            return error_answer(404, "not_found_error", "Not Found", rid)
        if len(content) > MAX_BODY:
            # Wording as users pasted it: anthropics/anthropic-sdk-python#938 (where a maintainer
            # gives the 32 MB limit of the Messages API) and anthropics/claude-code#3335.
            return error_answer(413, "request_too_large", "Request exceeds the maximum size", rid)
        fault = self.faults.get(self.calls)
        if fault is not None and fault != MIDSTREAM:
            kind, message = FAULTS[fault]
            return error_answer(
                fault, kind, message, rid, {"retry-after-ms": "1", "retry-after": "0"}
            )
        try:
            answer = route(path, content, n, fault == MIDSTREAM)
        except InvalidRequest as e:
            return error_answer(e.status, e.kind, str(e), rid, details=e.details)
        answer.headers["request-id"] = rid
        return answer

    def _route(self, method: str, path: str):
        if method == "POST" and path == "/v1/messages":
            return self._messages
        if method == "POST" and path == "/v1/messages/count_tokens":
            return self._count_tokens
        if method in ("GET", "HEAD") and (path == "/v1/models" or path.startswith("/v1/models/")):
            return self._models
        return None

    def _parse(self, content: bytes) -> dict[str, Any]:
        try:
            body = json.loads(content or b"{}")
        except ValueError as e:
            raise InvalidRequest(f"There was an error parsing the body: {e}") from e
        if not isinstance(body, dict):
            raise InvalidRequest("Input should be a valid dictionary")
        return body

    def _messages(self, path: str, content: bytes, n: int, midstream: bool) -> Answer:
        body = self._parse(content)
        self.log.append(content)
        msgs = body.get("messages")
        known = self._known(msgs, bool(body.get("tools"))) if isinstance(msgs, list) else 0
        memo = self._memo if known else None
        seen = validate(body, today=self.today, known=known, seen=memo.seen if memo else None)
        stats = _add_stats(memo.stats if memo else (0, 0), msgs[known:])
        conv = claude.Conversation(
            body, memo.seen_calls if memo and known == memo.seen_calls.upto else None
        )
        message = self.reply(body, n, stats, conv)
        if msgs[-1]["role"] != "assistant":  # a history the next request can extend
            # Keep the messages already remembered and add only the new ones: re-keeping the whole
            # freshly parsed history on every request made it long-lived garbage, and the cyclic
            # GC's full collections then cost up to 100 ms a request at 400 turns.
            kept = memo.msgs + msgs[known:] if memo else msgs
            self._memo = _Memo(kept, bool(body.get("tools")), seen, stats, conv.seen())
        if not body.get("stream"):
            if midstream:
                raise InvalidRequest(FAULTS[529][1], 529, FAULTS[529][0])
            return Answer(200, message)
        error = (
            {"error": {"type": FAULTS[529][0], "message": FAULTS[529][1]}} if midstream else None
        )
        return Answer(200, events=[sse.encode(e, d) for e, d in sse.events(message, error)])

    def _count_tokens(self, path: str, content: bytes, n: int, midstream: bool) -> Answer:
        body = self._parse(content)
        validate(body, count_only=True, today=self.today)
        return Answer(200, {"input_tokens": input_tokens(body)})

    def _models(self, path: str, content: bytes, n: int, midstream: bool) -> Answer:
        on = models.today(self.today)
        if path == "/v1/models":
            data = [models.model_info(m, on) for m in models.listed(on)]
            page = {
                "data": data,
                "has_more": False,
                "first_id": data[0]["id"],
                "last_id": data[-1]["id"],
            }
            return Answer(200, page)
        model = path.removeprefix("/v1/models/")
        if not models.available(model, on):
            raise InvalidRequest(f"model: {model}", 404, "not_found_error")
        return Answer(200, models.model_info(model, on))

    def _known(self, msgs: list[Any], has_tools: bool) -> int:
        """How many leading messages are those of the previous valid request (a loop resends its
        history): they need not be validated or measured again."""
        memo, n = self._memo, len(self._memo.msgs) if self._memo else 0
        if memo is None or memo.has_tools != has_tools or n > len(msgs):
            return 0
        if n < len(msgs) and msgs[n].get("role") == msgs[n - 1].get("role"):
            return 0  # the new message joins the last turn: check that turn again
        return n if msgs[:n] == memo.msgs else 0

    def reply(
        self,
        body: dict[str, Any],
        n: int | None = None,
        stats: tuple[int, int] | None = None,
        conv: claude.Conversation | None = None,
    ) -> dict[str, Any]:
        """The Message the API answers a valid request with. `n` is the request number for ids;
        `stats` the messages' summed token_stats and `conv` the request as read, when already known."""
        n = next(_REQUESTS) if n is None else n
        used = input_tokens(body, stats)
        if used > self.context_window:
            raise InvalidRequest(
                f"prompt is too long: {used} tokens > {self.context_window} maximum"
            )
        r = claude.respond(body, self.world, conv)
        blocks, stop_reason = r.blocks, r.stop_reason
        blocks, stop_sequence = _apply_stop_sequences(blocks, body.get("stop_sequences") or [])
        if stop_sequence is not None:
            stop_reason = "stop_sequence"
        if _thinking_enabled(body):
            thought = claude.thinking(body, r, conv)
            blocks = [
                {"type": "thinking", "thinking": thought, "signature": sign(thought)},
                *blocks,
            ]
        budget = min(body["max_tokens"], self.context_window - used)
        blocks, cut = _apply_budget(blocks, budget)
        if cut:
            stop_reason = (
                "max_tokens" if budget == body["max_tokens"] else "model_context_window_exceeded"
            )
        _assign_ids(blocks, n)
        output_tokens = (
            budget if cut else sum(_block_tokens(b) for b in blocks)
        )  # a cut reply used it all
        searches = sum(b["type"] == "server_tool_use" for b in blocks)
        return {
            "id": stable_id("msg_", n),
            "type": "message",
            "role": "assistant",
            "model": body["model"],
            "content": blocks,
            "stop_reason": stop_reason,
            "stop_sequence": stop_sequence,
            "stop_details": r.stop_details if stop_reason == "refusal" else None,
            "usage": {
                "input_tokens": used,
                "output_tokens": output_tokens,
                "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": 0,
                "service_tier": "standard",
                "server_tool_use": {"web_search_requests": searches, "web_fetch_requests": 0}
                if searches
                else None,
            },
        }


def _thinking_enabled(body: dict[str, Any]) -> bool:
    t = body.get("thinking")
    return isinstance(t, dict) and t.get("type") in ("enabled", "adaptive")


def _assign_ids(blocks: list[dict[str, Any]], n: int) -> None:
    for i, b in enumerate(blocks):
        if b["type"] in ("tool_use", "server_tool_use"):
            b["id"] = stable_id("toolu_" if b["type"] == "tool_use" else "srvtoolu_", n, i)
        elif b["type"] == "web_search_tool_result":
            b["tool_use_id"] = blocks[i - 1]["id"]


def token_stats(value: Any) -> tuple[int, int]:
    """(characters, non-ASCII characters) of `value` as ASCII JSON (the fast encoder writes one \\uXXXX
    escape of six characters per non-ASCII character)."""
    text = json.dumps(value)
    return len(text), text.count("\\u")


def _add_stats(total: tuple[int, int], messages: list[Any]) -> tuple[int, int]:
    chars, escaped = total
    for m in messages:
        c, e = token_stats(m)
        chars, escaped = chars + c, escaped + e
    return chars, escaped


def input_tokens(body: dict[str, Any], stats: tuple[int, int] | None = None) -> int:
    """The request's input tokens: system prompt, messages and tools (what count_tokens answers),
    one per non-ASCII (CJK) character and one per four other characters. `stats`: the messages'
    summed token_stats, when already known."""
    chars, escaped = _add_stats(
        stats or _add_stats((0, 0), body["messages"]), [body.get("system"), body.get("tools")]
    )
    return escaped + math.ceil((chars - 6 * escaped) / 4)


@dataclass
class _Memo:
    """The last valid request's history, for the next request that extends it."""

    msgs: list[dict[str, Any]]
    has_tools: bool
    seen: set[Any]
    stats: tuple[int, int]  # the messages' summed token_stats
    seen_calls: claude.Seen


def _block_tokens(b: dict[str, Any]) -> int:
    if b["type"] == "text":
        return count_tokens(b["text"])
    if b["type"] in ("tool_use", "server_tool_use"):
        return 8 + count_tokens(json.dumps(b["input"], ensure_ascii=False))
    if b["type"] == "thinking":
        return count_tokens(b["thinking"])
    return 0  # server-side results are input to the model, not its output


def _apply_stop_sequences(
    blocks: list[dict[str, Any]], seqs: list[str]
) -> tuple[list[dict[str, Any]], str | None]:
    for i, b in enumerate(blocks):
        if b["type"] != "text":
            continue
        hits = [(b["text"].find(s), s) for s in seqs if s and s in b["text"]]
        if hits:
            pos, seq = min(hits)
            head = b["text"][:pos]
            return blocks[:i] + ([{"type": "text", "text": head}] if head else []), seq
    return blocks, None


def _apply_budget(blocks: list[dict[str, Any]], budget: int) -> tuple[list[dict[str, Any]], bool]:
    """Cut the reply at `budget` output tokens. A tool_use that does not fit is sent with the part of its
    input that was written before the cut (as the API does), never as a complete call."""
    out, used = [], 0
    for b in blocks:
        cost = _block_tokens(b)
        if used + cost <= budget:
            out.append(b)
            used += cost
            continue
        left = budget - used
        if b["type"] == "text" and left > 0:
            text, n = "", 0
            for ch in b["text"]:
                n = count_tokens(text + ch)
                if n > left:
                    break
                text += ch
            if text:
                out.append({"type": "text", "text": text})
        elif b["type"] == "tool_use" and left > 0:
            partial, spent = {}, 8
            for k, v in list(b["input"].items())[:-1]:  # a cut call never has its last field
                spent += count_tokens(json.dumps({k: v}, ensure_ascii=False))
                if spent > left:
                    break
                partial[k] = v
            out.append({**b, "input": partial})
        return out, True
    return out, False


ID = re.compile(r"\b(msg|toolu|srvtoolu|req)_01[0-9A-Za-z]{22}\b")


def without_ids(value: Any) -> Any:
    """`value` (JSON-like) with every offline id replaced by its prefix: two runs that differ only in
    their request numbers compare equal."""
    if isinstance(value, dict):
        return {k: without_ids(v) for k, v in value.items()}
    if isinstance(value, list):
        return [without_ids(v) for v in value]
    return ID.sub(r"\1_…", value) if isinstance(value, str) else value
