"""The offline Messages API: an `httpx2.MockTransport` handler that speaks the real wire format.

It validates each request as the API does (HTTP 400 `invalid_request_error`, same wording), asks the
simulated Claude for a reply, then applies what the server applies: `stop_sequences`, `max_tokens`,
the context window, deterministic ids and usage. It can inject 429/529/500 faults on chosen calls.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass, field
from typing import Any

import httpx2

from . import claude
from .world import World

TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,128}$")
CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
FAULTS = {
    429: (
        "rate_limit_error",
        "Number of request tokens has exceeded your per-minute rate limit (offline fault injection).",
    ),
    500: ("api_error", "Internal server error (offline fault injection)."),
    529: ("overloaded_error", "Overloaded (offline fault injection)."),
}
OFFLINE_UNSUPPORTED = {  # request fields the real API accepts but this in-process stand-in does not serve
    "thread": "thread: offline mode keeps no server-side message threads. Pass thread=False to "
    "client.beta.messages.tool_runner(...) so the full history is sent with every request.",
    "stream": "stream: offline mode does not stream. Call client.messages.create(...) without stream=True "
    "(and not client.messages.stream(...)); the response is the same Message.",
}
MODEL_VERSION = re.compile(
    r"claude-(?:[a-z]+-)?(\d+)(?:-(\d)(?!\d))?"
)  # claude-sonnet-4-6 -> (4, 6)
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def count_tokens(text: str) -> int:
    """A deterministic token estimate: one per CJK character, one per four other characters."""
    cjk = len(CJK.findall(text))
    return cjk + math.ceil((len(text) - cjk) / 4)


def stable_id(prefix: str, *parts: Any) -> str:
    n = int.from_bytes(
        hashlib.sha256(json.dumps(parts, sort_keys=True, ensure_ascii=False).encode()).digest(),
        "big",
    )
    chars = []
    for _ in range(22):
        n, r = divmod(n, 62)
        chars.append(ALPHABET[r])
    return prefix + "01" + "".join(chars)


class InvalidRequest(Exception):
    pass


@dataclass
class OfflineAPI:
    """The transport handler. `faults` maps a 1-based HTTP call number to a status (429, 500 or 529)."""

    world: World = field(default_factory=World)
    faults: dict[int, int] = field(default_factory=dict)
    context_window: int = 200_000
    calls: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)  # every request body received, in order

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        self.calls += 1
        rid = stable_id("req_", self.calls)
        if request.method != "POST" or request.url.path != "/v1/messages":
            return _error(
                404,
                "not_found_error",
                f"offline mode serves POST /v1/messages only, not {request.method} {request.url.path}",
                rid,
            )
        if self.calls in self.faults:
            status = self.faults[self.calls]
            kind, message = FAULTS[status]
            return _error(status, kind, message, rid, {"retry-after-ms": "1", "retry-after": "0"})
        try:
            body = json.loads(request.content or b"{}")
            self.log.append(body)
            validate(body)
            return httpx2.Response(200, json=self.reply(body), headers={"request-id": rid})
        except InvalidRequest as e:
            return _error(400, "invalid_request_error", str(e), rid)
        except ValueError as e:
            return _error(
                400, "invalid_request_error", f"There was an error parsing the body: {e}", rid
            )

    def reply(self, body: dict[str, Any]) -> dict[str, Any]:
        input_tokens = count_tokens(
            json.dumps(
                [body.get("system"), body["messages"], body.get("tools")], ensure_ascii=False
            )
        )
        if input_tokens > self.context_window:
            raise InvalidRequest(
                f"prompt is too long: {input_tokens} tokens > {self.context_window} maximum"
            )
        r = claude.respond(body, self.world)
        blocks, stop_reason, stop_sequence = r.blocks, r.stop_reason, None
        blocks, stop_sequence = _apply_stop_sequences(blocks, body.get("stop_sequences") or [])
        if stop_sequence is not None:
            stop_reason = "stop_sequence"
        budget = min(body["max_tokens"], self.context_window - input_tokens)
        blocks, cut = _apply_budget(blocks, budget)
        if cut:
            stop_reason = (
                "max_tokens" if budget == body["max_tokens"] else "model_context_window_exceeded"
            )
        key = json.dumps(body, sort_keys=True, ensure_ascii=False)
        for i, b in enumerate(blocks):
            if b["type"] in ("tool_use", "server_tool_use"):
                b["id"] = stable_id("toolu_" if b["type"] == "tool_use" else "srvtoolu_", key, i)
            elif b["type"] == "web_search_tool_result":
                b["tool_use_id"] = blocks[i - 1]["id"]
        output_tokens = (
            budget if cut else sum(_block_tokens(b) for b in blocks)
        )  # a cut reply used it all
        searches = sum(b["type"] == "server_tool_use" for b in blocks)
        return {
            "id": stable_id("msg_", key),
            "type": "message",
            "role": "assistant",
            "model": body["model"],
            "content": blocks,
            "stop_reason": stop_reason,
            "stop_sequence": stop_sequence,
            "stop_details": r.stop_details if stop_reason == "refusal" else None,
            "usage": {
                "input_tokens": input_tokens,
                "output_tokens": output_tokens,
                "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": 0,
                "service_tier": "standard",
                "server_tool_use": {"web_search_requests": searches, "web_fetch_requests": 0}
                if searches
                else None,
            },
        }


def _error(
    status: int, kind: str, message: str, rid: str, headers: dict[str, str] | None = None
) -> httpx2.Response:
    return httpx2.Response(
        status,
        json={"type": "error", "error": {"type": kind, "message": message}, "request_id": rid},
        headers={"request-id": rid, **(headers or {})},
    )


def _block_tokens(b: dict[str, Any]) -> int:
    if b["type"] == "text":
        return count_tokens(b["text"])
    if b["type"] in ("tool_use", "server_tool_use"):
        return 8 + count_tokens(json.dumps(b["input"], ensure_ascii=False))
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


def validate(body: dict[str, Any]) -> None:  # noqa: C901  (to be split: issues 11/12/15)
    """Raise InvalidRequest with the API's wording for the protocol errors a learner can make."""
    for name in ("model", "max_tokens", "messages"):
        if name not in body:
            raise InvalidRequest(f"{name}: Field required")
    if not isinstance(body["max_tokens"], int) or body["max_tokens"] < 1:
        raise InvalidRequest("max_tokens: Input should be greater than or equal to 1")
    for name, why in OFFLINE_UNSUPPORTED.items():
        if body.get(name):
            raise InvalidRequest(why)
    _validate_tools(body.get("tools") or [], body.get("tool_choice"))
    msgs = body["messages"]
    if not msgs:
        raise InvalidRequest("messages: at least one message is required")
    for i, m in enumerate(msgs):
        if m.get("role") not in ("user", "assistant"):
            raise InvalidRequest(f"messages.{i}.role: Input should be 'user' or 'assistant'")
        if not isinstance(m.get("content", ""), (str, list)):
            raise InvalidRequest(f"messages.{i}.content: Input should be a valid list")
        if not m.get("content") and not (i == len(msgs) - 1 and m["role"] == "assistant"):
            raise InvalidRequest(
                f"messages.{i}: all messages must have non-empty content except for the optional final assistant message"
            )
    if msgs[0]["role"] != "user":
        raise InvalidRequest('messages: first message must use the "user" role')
    _validate_tool_pairs(msgs)
    last = msgs[-1]
    if last["role"] == "assistant":
        if not _supports_prefill(body["model"]) and not any(
            b.get("type") == "server_tool_use" for b in _blocks(last)
        ):
            # resuming a pause_turn (content with server tool blocks) is allowed on every model
            raise InvalidRequest(
                "This model does not support assistant message prefill. "
                "The conversation must end with a user message."
            )
        tail = (
            last.get("content")
            if isinstance(last.get("content"), str)
            else (_blocks(last) or [{}])[-1].get("text", "")
        )
        if tail != tail.rstrip():
            raise InvalidRequest(
                "messages: final assistant content cannot end with trailing whitespace"
            )


def _supports_prefill(model: str) -> bool:
    """Claude 4.6 and later models answer a request that ends with an assistant message (a prefill) with 400."""
    m = MODEL_VERSION.match(str(model))
    return not m or (int(m.group(1)), int(m.group(2) or 0)) < (4, 6)


def _validate_tools(tools: list[Any], choice: Any) -> None:  # noqa: C901  (to be split: issues 11/12/15)
    names = []
    for i, t in enumerate(tools):
        if not isinstance(t, dict):
            raise InvalidRequest(f"tools.{i}: Input should be a valid dictionary")
        if "type" in t and t["type"] != "custom":
            names.append(t.get("name"))
            continue  # a server tool, e.g. web_search_20250305
        if "name" not in t:
            raise InvalidRequest(f"tools.{i}.custom.name: Field required")
        if not isinstance(t["name"], str) or not TOOL_NAME.match(t["name"]):
            raise InvalidRequest(
                f"tools.{i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{{1,128}}$'"
            )
        schema = t.get("input_schema")
        if schema is None:
            raise InvalidRequest(f"tools.{i}.custom.input_schema: Field required")
        if not isinstance(schema, dict) or schema.get("type") != "object":
            raise InvalidRequest(f"tools.{i}.custom.input_schema.type: Input should be 'object'")
        names.append(t["name"])
    if len(set(names)) != len(names):
        raise InvalidRequest("tools: Tool names must be unique.")
    if choice is not None:
        kind = choice.get("type") if isinstance(choice, dict) else None
        if kind not in ("auto", "any", "tool", "none"):
            raise InvalidRequest(
                "tool_choice.type: Input tag does not match any of the expected tags: 'auto', 'any', 'tool', 'none'"
            )
        if kind == "any" and not names:
            raise InvalidRequest("tool_choice may only be specified while providing tools.")
        if kind == "tool" and choice.get("name") not in names:
            raise InvalidRequest(f"tool_choice: tool '{choice.get('name')}' was not found in tools")


def _blocks(m: dict[str, Any]) -> list[dict[str, Any]]:
    c = m.get("content")
    return [b for b in c if isinstance(b, dict)] if isinstance(c, list) else []


def _validate_tool_pairs(msgs: list[dict[str, Any]]) -> None:  # noqa: C901  (to be split: issues 11/12/15)
    # The API combines consecutive turns of the same role; it checks tool pairing on the combined turns.
    turns: list[tuple[int, str, list[tuple[int, int, dict[str, Any]]]]] = []
    for i, m in enumerate(msgs):
        entries = [(i, k, b) for k, b in enumerate(_blocks(m))]
        if turns and turns[-1][1] == m["role"]:
            turns[-1][2].extend(entries)
        else:
            turns.append((i, m["role"], entries))
    prev_ids: set[str] = set()
    for n, (_start, role, entries) in enumerate(turns):
        if role == "user":
            for i, k, b in entries:
                if b.get("type") == "tool_result" and b.get("tool_use_id") not in prev_ids:
                    raise InvalidRequest(
                        f"messages.{i}.content.{k}: unexpected `tool_use_id` found in `tool_result` blocks: "
                        f"{b.get('tool_use_id')}. Each `tool_result` block must have a corresponding `tool_use` "
                        f"block in the previous message."
                    )
            prev_ids = set()
            continue
        ids = [b["id"] for _, _, b in entries if b.get("type") == "tool_use"]
        prev_ids = set(ids)
        if not ids:
            continue
        nxt = turns[n + 1][2] if n + 1 < len(turns) else []
        leading = []
        for _, _, b in nxt:
            if b.get("type") != "tool_result":
                break
            leading.append(b.get("tool_use_id"))
        missing = [x for x in ids if x not in leading]
        if missing:
            last_i = max(i for i, _, b in entries if b.get("type") == "tool_use")
            raise InvalidRequest(
                f"messages.{last_i}: `tool_use` ids were found without `tool_result` blocks immediately after: "
                f"{', '.join(missing)}. Each `tool_use` block must have a corresponding `tool_result` block in the next message."
            )
