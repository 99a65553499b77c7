"""The reference agent loop: the code the workbook teaches, the yardstick for the rest.

send -> read stop_reason -> run every tool_use -> append the response verbatim and ONE
user message with all tool_results -> repeat. `stop_reason` is the only control signal;
text blocks, phrases and turn counts never end the loop. Every exit has a name (`EXITS`,
`LoopResult.exit`).

Lessons show this file: `STOP_REASONS` (one row per stop_reason: the function that
handles it) and `run_agent_loop`. Lines stay within 88 columns (tests/test_loop.py), so
the listing reads unwrapped in JupyterLab.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

import anthropic
from anthropic.types import Message

from .client import default_model
from .tools import Hook, Toolbox, ToolCall

Event = Literal["request", "response", "tool_call", "tool_result", "end"]
OnEvent = Callable[[Event, Any], None]
EXITS = (
    "completed",  # end_turn: the model says the task is done
    "stop_sequence",  # one of our stop_sequences matched; detail says which
    "refused",  # refusal; detail is stop_details
    "truncated",  # the context window is full
    "max_tokens",  # still cut off at max_tokens_ceiling
    "max_turns",  # the safety net: raises MaxTurnsExceeded unless on_max_turns is given
    "api_error",  # raises ModelCallFailed
    "unknown_stop_reason",  # raises UnknownStopReason
)


class LoopError(Exception):
    """An exit that is not a normal result. Carries the whole transcript: `.result`."""

    def __init__(self, message: str, result: LoopResult):
        super().__init__(message)
        self.result = result


class MaxTurnsExceeded(LoopError):
    """The safety net: max_turns requests went by without the model finishing."""


class ModelCallFailed(LoopError):
    """The API answered an error after the SDK retries, or rejected the request."""


class UnknownStopReason(LoopError):
    """The API sent a stop_reason with no row here (a newer API, or a beta one)."""


@dataclass
class LoopResult:
    messages: list[dict[str, Any]]  # the whole history, as sent to the API
    stop_reason: str | None = None  # the last response's stop_reason
    stop_reasons: list[str] = field(default_factory=list)  # every response's, in order
    turns: int = 0  # requests answered
    final_text: str = ""  # the text of the last response
    tool_calls: list[ToolCall] = field(default_factory=list)
    exit: str = ""  # how the run ended: one of EXITS
    detail: Any = None  # stop_sequence, stop_details, API error, on_max_turns outcome


@dataclass
class RunState:
    """The run in progress: what the loop carries from one request to the next."""

    client: anthropic.Anthropic
    request: dict[str, Any]  # model, system, tools, other params: the same every round
    max_tokens: int
    ceiling: int
    box: Toolbox
    emit: OnEvent
    result: LoopResult

    def ask(self) -> Message:
        """Send the whole history; record the response. An API error ends the run."""
        history = self.result.messages
        request = {**self.request, "max_tokens": self.max_tokens, "messages": history}
        self.emit("request", request)
        try:
            response = self.client.messages.create(**request)
        except anthropic.APIError as e:  # the SDK already retried 429/5xx (max_retries)
            self.result.detail = e
            why = f"model call failed: {e}"
            raise ModelCallFailed(why, self.end("api_error")) from e
        r = self.result
        r.turns, r.stop_reason = r.turns + 1, response.stop_reason
        r.stop_reasons.append(response.stop_reason)
        r.final_text = "".join(b.text for b in response.content if b.type == "text")
        self.emit("response", response)
        return response

    def keep(self, response: Message) -> None:
        """Append the response verbatim: every block, text and tool_use alike."""
        content = [b.to_dict() for b in response.content]
        self.result.messages.append({"role": "assistant", "content": content})

    def run_tools(self, response: Message) -> None:
        """Run every tool_use block; all tool_results go back in ONE user message."""
        calls = []
        for block in (b for b in response.content if b.type == "tool_use"):
            self.emit("tool_call", block)
            calls.append(self.box.execute(block, self.result.turns))
            self.emit("tool_result", calls[-1])
        self.result.tool_calls += calls
        results = [c.to_param() for c in calls]
        self.result.messages.append({"role": "user", "content": results})

    def end(self, exit: str) -> LoopResult:
        self.result.exit = exit
        self.emit("end", self.result)
        return self.result


# One row per stop_reason: the handler IS the behaviour. It returns the name of an exit
# to end the run, or None to send the next request.
Handler = Callable[[RunState, Message], str | None]


def run_tools(run: RunState, r: Message) -> str | None:
    """Keep the response, run every tool_use, send all results back; go on."""
    run.keep(r)
    run.run_tools(r)
    return None


def resend(run: RunState, r: Message) -> str | None:
    """A server tool paused its own loop: send the content back as-is; go on."""
    run.keep(r)
    return None


def raise_limit(run: RunState, r: Message) -> str | None:
    """Cut off: drop the reply (never run a cut tool_use), retry with 2x max_tokens."""
    if run.max_tokens >= run.ceiling:
        return "max_tokens"
    run.max_tokens = min(2 * run.max_tokens, run.ceiling)
    return None


def completed(run: RunState, r: Message) -> str | None:
    """The model says the task is done: keep its final answer."""
    run.keep(r)
    return "completed"


def stop_sequence(run: RunState, r: Message) -> str | None:
    """One of our stop_sequences matched: done; detail says which."""
    run.keep(r)
    run.result.detail = r.stop_sequence
    return "stop_sequence"


def refused(run: RunState, r: Message) -> str | None:
    """A refusal: end with stop_details; never resend the same request."""
    run.keep(r)
    run.result.detail = r.stop_details and r.stop_details.to_dict()
    return "refused"


def truncated(run: RunState, r: Message) -> str | None:
    """The context window is full: end, marked; a cut tool_use is not kept."""
    if not any(b.type == "tool_use" for b in r.content):
        run.keep(r)
    return "truncated"


STOP_REASONS: dict[str | None, Handler] = {
    "tool_use": run_tools,
    "pause_turn": resend,
    "max_tokens": raise_limit,
    "end_turn": completed,
    "stop_sequence": stop_sequence,
    "refusal": refused,
    "model_context_window_exceeded": truncated,
}


def run_agent_loop(
    client: anthropic.Anthropic,
    messages: list[dict[str, Any]],
    tools: Iterable[Any] = (),
    *,
    run_tool: Callable[[str, dict[str, Any]], Any] | None = None,
    model: str | None = None,
    system: str | None = None,
    max_tokens: int = 1024,
    max_tokens_ceiling: int = 8192,
    max_turns: int = 50,
    hooks: Iterable[Hook] = (),
    on_event: OnEvent | None = None,
    on_max_turns: Callable[[LoopResult], Any] | None = None,
    **params: Any,
) -> LoopResult:
    """Run the agent loop until the model ends it, or an exit with a name is reached.

    client: an `anthropic.Anthropic` (agentkit.make_client(): real or offline Claude).
    messages: the conversation so far; not modified (the result holds a copy).
    tools: `agentkit.tool` functions, or schema dicts run by `run_tool(name, input)`.
    model: defaults to agentkit.default_model(). system: the system prompt.
    max_tokens: per request; doubled after a cut reply, up to max_tokens_ceiling.
    max_turns: the safety net. Reaching it raises MaxTurnsExceeded, or, when
      on_max_turns is given, returns exit "max_turns" with its outcome as `detail`.
    hooks: run before and after each tool (agentkit.RefundCap ...); a prompt cannot
      overrule them.
    on_event: called as on_event(kind, payload) for each request, response,
      tool_call, tool_result and the end.
    params: passed to every messages.create (tool_choice, stop_sequences ...).
    """
    box = Toolbox(tools, run_tool, hooks)
    request = {"model": model or default_model(), **params}
    request |= {"system": system} if system else {}
    request |= {"tools": box.schemas} if box.schemas else {}
    emit = on_event if on_event is not None else _ignore
    result = LoopResult(list(messages))
    run = RunState(client, request, max_tokens, max_tokens_ceiling, box, emit, result)
    while run.result.turns < max_turns:  # a safety net, not the way the loop ends
        response = run.ask()
        handle = STOP_REASONS.get(response.stop_reason)
        if handle is None:
            why = f"no row in STOP_REASONS for stop_reason {response.stop_reason!r}"
            raise UnknownStopReason(why, run.end("unknown_stop_reason"))
        exit = handle(run, response)
        if exit is not None:
            return run.end(exit)
    if on_max_turns is None:
        why = f"no end_turn after {max_turns} turns (safety net)"
        raise MaxTurnsExceeded(why, run.end("max_turns"))
    run.result.detail = on_max_turns(run.result)
    return run.end("max_turns")


def _ignore(kind: Event, payload: Any) -> None:
    return None
