"""Running the reference loop and reading what it did (lessons 02, 04, 06, 08).

The stop_reason table in words, a request log (`Recorder`), how a run ended (`exit_of`), the
rounds of a run, its tool calls, a safety-net handler, and a conversation saved earlier.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import anthropic

from ..client import default_model, make_client
from ..display import Shown, markdown
from ..loop import STOP_REASONS, LoopError, LoopResult, run_agent_loop
from ..sim import World
from ..tools import Toolbox
from .strings import T

FLOW = ("run_tools", "resend", "raise_limit", "completed", "stop_sequence", "refused", "truncated")
"""The STOP_REASONS handlers lesson 06's table words: `flow.<name>` (does the loop go on) and
`what.<name>` (what it does) in agentkit/lessons/strings.py."""


def action_of(stop_reason: str) -> str:
    """The name of the STOP_REASONS row for a stop_reason, or a note that there is none."""
    handler = STOP_REASONS.get(stop_reason)
    return handler.__name__ if handler else T("no_row", stop_reason=stop_reason)


def stop_reason_table() -> Shown:
    """agentkit.STOP_REASONS (the loop's one table) as a Markdown table, in words."""
    rows = [T("table.head"), "|---|---|---|---|"]
    for reason, handler in STOP_REASONS.items():
        name = handler.__name__
        flow, what = (T(f"flow.{name}"), T(f"what.{name}")) if name in FLOW else ("?", "?")
        rows.append(f"| `{reason}` | `{handler.__name__}` | {flow} | {what} |")
    return markdown("\n".join(rows))


class Recorder:
    """An `on_event` callback for run_agent_loop: one readable line per request, response and
    executed tool call. `print(recorder)` shows them."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.requests = 0
        self._max_tokens: Any = None

    def __call__(self, kind: str, payload: Any) -> None:
        if kind == "request":
            self.requests += 1
            self._max_tokens = payload["max_tokens"]
        elif kind == "response":
            uses = [_call_text(b.name, b.input) for b in payload.content if b.type == "tool_use"]
            line = T("recorder.request", n=self.requests, max_tokens=self._max_tokens)
            line += f"stop_reason={payload.stop_reason}"
            self.lines.append(line + (f"  tool_use: {', '.join(uses)}" if uses else ""))
        elif kind == "tool_call":
            self.lines.append(T("recorder.call", call=_call_text(payload.name, payload.input)))

    def __str__(self) -> str:
        return "\n".join(self.lines)


def _call_text(name: str, args: Any) -> str:
    return f"{name}({json.dumps(args, ensure_ascii=False)})"


def rounds_of(result: LoopResult) -> list[tuple[str, list[str]]]:
    """Each round of a run as (stop_reason, [tool names it called])."""
    names: dict[int, list[str]] = {}
    for c in result.tool_calls:
        names.setdefault(c.turn, []).append(c.name)
    return [(reason, names.get(n, [])) for n, reason in enumerate(result.stop_reasons, 1)]


def escalate_when_stuck(world: World) -> Callable[[LoopResult], str]:
    """An `on_max_turns` handler: the safety net fired, so hand the case to a person (a real
    escalate_to_human in the world); what it returns becomes `result.detail`."""

    def handler(result: LoopResult) -> str:
        why = T("stuck.why", turns=result.turns)
        ticket = world.run_tool("escalate_to_human", {"reason": why})
        return T("stuck.escalated", ticket=ticket["ticket_id"], turns=result.turns)

    return handler


def exit_of(client: anthropic.Anthropic, text: str, world: World, **loop_params: Any) -> str:
    """Run the reference loop on one user message with the world's tools; how it ended
    (`result.exit`), whether it returned or raised a LoopError."""
    task = [{"role": "user", "content": text}]
    try:
        return run_agent_loop(
            client, task, world.tools(), run_tool=world.run_tool, **loop_params
        ).exit
    except LoopError as e:
        return e.result.exit


def calls_text(result: LoopResult) -> str:
    """A run's tool calls, one line each, with the hook that denied a call, if any."""
    lines = []
    for c in result.tool_calls:
        args = json.dumps({k: v for k, v in c.input.items() if k != "reason"}, ensure_ascii=False)
        if c.denied_by:
            tag = T("calls.denied", hook=c.denied_by)
        else:
            tag = "  ✗ is_error" if c.is_error else "  ✓"
        lines.append(T("calls.line", turn=c.turn, name=c.name, args=args, tag=tag))
    return "\n".join(lines) or T("no_calls")


def earlier_session(prompt: str) -> list[dict[str, Any]]:
    """A conversation saved by an earlier run that stopped after its first round of tool calls
    (yesterday's session, say): user → assistant (tool_use) → user (tool_result). Built with its
    own client and world, so the hooks of a later run have not seen these calls."""
    world = World()
    client = make_client(world=world)
    messages: list[dict[str, Any]] = [{"role": "user", "content": prompt}]
    response = client.messages.create(
        model=default_model(),
        max_tokens=1024,
        tools=world.tools(),  # type: ignore[arg-type]  # plain-dict request, as learners write it
        messages=messages,  # type: ignore[arg-type]  # plain-dict request, as learners write it
    )
    box = Toolbox(world.tools(), world.run_tool)
    calls = [box.execute(b) for b in response.content if b.type == "tool_use"]
    messages.append({"role": "assistant", "content": [b.to_dict() for b in response.content]})
    messages.append({"role": "user", "content": [c.to_param() for c in calls]})
    return messages
