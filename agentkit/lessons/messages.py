"""One request at a time, by hand (lessons 01 and 03): the pieces the loop builds each round.

The assistant message appended verbatim, the tool_result blocks (`agentkit.tools.tool_results`,
the one helper the lessons, specimens and tests share), a request tried for the API's answer,
and an API error as one line instead of a traceback.
"""

from __future__ import annotations

import json
from typing import Any

import anthropic

from ..client import default_model
from ..loop import LoopError
from ..tools import tool_result, tool_results
from .strings import T

__all__ = [
    "assistant_message",
    "describe",
    "error_line",
    "tool_result",
    "tool_results",
    "try_request",
]


def assistant_message(response: Any) -> dict[str, Any]:
    """The response appended verbatim as an assistant message (every block, text and tool_use)."""
    return {"role": "assistant", "content": [b.to_dict() for b in response.content]}


def error_line(error: BaseException) -> str:
    """An API error as one line: status, error type and the API's own message."""
    if isinstance(error, LoopError) and isinstance(error.result.detail, BaseException):
        error = error.result.detail
    if isinstance(error, anthropic.APIStatusError):
        body = error.body if isinstance(error.body, dict) else {}
        err = body.get("error") or {}
        kind = err.get("type", type(error).__name__)
        return f"{error.status_code} {kind}: {err.get('message', error.message)}"
    return f"{type(error).__name__}: {error}"


def try_request(client: anthropic.Anthropic, messages: list[dict[str, Any]], **params: Any) -> str:
    """Send one request. Returns "accepted → stop_reason=…" or the API's 400 answer as one line."""
    params.setdefault("model", default_model())
    params.setdefault("max_tokens", 1024)
    try:
        response = client.messages.create(messages=messages, **params)  # type: ignore[arg-type]  # plain-dict request, as learners write it
    except anthropic.BadRequestError as e:
        return "✗ " + error_line(e)
    return T("accepted", stop_reason=response.stop_reason)


def describe(response: Any) -> str:
    """One line per content block of a response: its type and what it holds."""
    lines = []
    for b in response.content:
        if b.type == "text":
            lines.append(f"text      {b.text}")
        elif b.type in ("tool_use", "server_tool_use"):
            args = json.dumps(b.input, ensure_ascii=False)
            lines.append(f"{b.type:<9} {b.name}  input={args}  id={b.id}")
        elif b.type == "web_search_tool_result":
            lines.append(f"{b.type}  " + T("search_results", n=len(b.content)))
        else:
            lines.append(b.type)
    return "\n".join(lines)
