"""The reference agent loop: the code the workbook teaches, and the yardstick for every other loop.

send -> read stop_reason -> run every tool_use -> append the response verbatim and ONE user message
with all tool_results -> repeat. `stop_reason` is the only control signal; text blocks, phrases and
turn counts never end the loop. Every exit has a name (`LoopResult.exit`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import anthropic

from .client import default_model
from .tools import Toolbox, ToolCall

# The one table: what the loop does for each stop_reason.
STOP_REASONS: dict[str, str] = {
    "tool_use": "run_tools",  # run every tool_use block, send all results back, continue
    "pause_turn": "resend",  # a server-tool loop paused: send the content back as-is, continue
    "max_tokens": "raise_limit",  # cut off: drop the cut response (never run a cut tool_use), retry with 2x max_tokens
    "end_turn": "completed",  # the model says the task is done
    "stop_sequence": "stop_sequence",  # one of our stop_sequences matched: done, report which
    "refusal": "refused",  # stop with stop_details; never retry the same request blindly
    "model_context_window_exceeded": "truncated",  # stop, marked truncated; a cut tool_use is not kept
}
EXITS = (
    "completed",
    "stop_sequence",
    "refused",
    "truncated",
    "max_tokens",
    "max_turns",
    "api_error",
)


class LoopError(Exception):
    """A loop exit that is not a normal result. Carries the whole transcript as `.result`."""

    def __init__(self, message: str, result: LoopResult):
        super().__init__(message)
        self.result = result


class MaxTurnsExceeded(LoopError):
    """The safety net was reached: the loop ran max_turns requests without the model finishing."""


class ModelCallFailed(LoopError):
    """The API answered with an error after the SDK's own retries (429/5xx), or rejected the request (400)."""


class UnknownStopReason(LoopError):
    """The API sent a stop_reason this loop has no row for (a newer API, or a beta one)."""


@dataclass
class LoopResult:
    messages: list[dict[str, Any]]  # the whole history, as sent to the API
    stop_reason: str | None = None  # the last response's stop_reason
    turns: int = 0  # requests sent
    final_text: str = ""  # the text of the last response
    tool_calls: list[ToolCall] = field(default_factory=list)
    exit: str = ""  # how the run ended: one of EXITS
    detail: Any = None  # stop_sequence, refusal stop_details, or on_max_turns' outcome


def run_agent_loop(  # noqa: C901  (split next)
    client,
    messages: list[dict[str, Any]],
    tools=(),
    *,
    run_tool=None,
    model: str | None = None,
    system: str | None = None,
    max_tokens: int = 1024,
    max_tokens_ceiling: int = 8192,
    max_turns: int = 50,
    hooks=(),
    on_event: Callable[[str, Any], None] | None = None,
    on_max_turns: Callable[[LoopResult], Any] | None = None,
    **params: Any,
) -> LoopResult:
    box = Toolbox(tools, run_tool, hooks)
    emit = on_event if on_event is not None else (lambda kind, payload: None)
    result = LoopResult(messages=list(messages))
    request = {
        "model": model or default_model(),
        **({"system": system} if system else {}),
        **({"tools": box.schemas} if box.schemas else {}),
        **params,
    }
    while result.turns < max_turns:  # a safety net, not the stop
        emit("request", {**request, "max_tokens": max_tokens, "messages": result.messages})
        try:
            response = client.messages.create(
                **request, max_tokens=max_tokens, messages=result.messages
            )
        except anthropic.APIError as e:  # retries already happened inside the SDK (max_retries)
            raise ModelCallFailed(
                f"model call failed: {e}", _end(result, "api_error", emit, e)
            ) from e
        result.turns += 1
        result.stop_reason = response.stop_reason
        result.final_text = "".join(b.text for b in response.content if b.type == "text")
        emit("response", response)
        action = STOP_REASONS.get(response.stop_reason)
        if action is None:
            raise UnknownStopReason(f"no handling for stop_reason {response.stop_reason!r}", result)
        if action == "raise_limit":
            if max_tokens >= max_tokens_ceiling:
                return _end(result, "max_tokens", emit)
            max_tokens = min(2 * max_tokens, max_tokens_ceiling)
            continue
        if action != "truncated" or not any(b.type == "tool_use" for b in response.content):
            result.messages.append(
                {"role": "assistant", "content": [b.to_dict() for b in response.content]}
            )
        if action == "run_tools":
            calls = []
            for block in (b for b in response.content if b.type == "tool_use"):
                emit("tool_call", block)
                calls.append(box.execute(block, result.turns))
                emit("tool_result", calls[-1])
            result.tool_calls += calls
            result.messages.append({"role": "user", "content": [c.to_param() for c in calls]})
        elif action != "resend":
            detail = {
                "stop_sequence": response.stop_sequence,
                "refused": response.stop_details and response.stop_details.to_dict(),
            }.get(action)
            return _end(result, action, emit, detail)
    if on_max_turns is None:
        raise MaxTurnsExceeded(
            f"no end_turn after {max_turns} turns (safety net)", _end(result, "max_turns", emit)
        )
    return _end(result, "max_turns", emit, on_max_turns(result))


def _end(
    result: LoopResult, exit: str, emit: Callable[[str, Any], None], detail: Any = None
) -> LoopResult:
    result.exit, result.detail = exit, detail
    emit("end", result)
    return result
