"""The grader's scenarios run by any loop, side by side (lessons 04, 05 and 08).

What a run did in the offline world, its last words and the grader's verdict; the tool calls
in a conversation. Nothing here is a second agent loop (that is `agentkit.run_agent_loop`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..content import blocks
from ..grading import SCENARIOS, Run, Scenario, diagnose, run_scenario
from .strings import T


def scenario(key: str) -> Scenario:
    """One of agentkit.grading.SCENARIOS by its key ("guide", "shipped", "unexpected", "long" ...)."""
    return next(s for s in SCENARIOS if s.key == key)


def tool_inputs(messages: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    """The input of every tool_use block named `name` in a conversation (SDK blocks or plain dicts)."""
    return [
        b.get("input", {})
        for m in messages
        if m["role"] == "assistant"
        for b in blocks(m["content"])
        if b.get("type") == "tool_use" and b.get("name") == name
    ]


def _call(name: str, args: dict[str, Any], ok: bool) -> str:
    shown = {k: v for k, v in args.items() if k != "reason"}
    inner = ", ".join(str(v) for v in shown.values())
    return f"{name}({inner})" + ("" if ok else T("call.failed"))


def actions(run: Run) -> str:
    """What a run did to the world, in order: 'lookup_order(A-1001) → process_refund(A-1001, 120.0)'."""
    calls = [_call(c.name, c.input, c.ok) for c in run.tool_calls]
    text = " → ".join(calls) or T("no_calls")
    if run.error is not None:
        text += T("actions.raised", error=type(run.error).__name__)
    return text


def final_text(messages: Any, width: int = 60) -> str:
    """The text of the last assistant message (shortened), or a note when there is none."""
    if not isinstance(messages, list) or not messages or messages[-1].get("role") != "assistant":
        return T("no_final")
    parts = blocks(messages[-1]["content"])
    content = " ".join(
        " ".join(b.get("text", "") for b in parts if b.get("type") == "text").split()
    )
    return content if len(content) <= width else content[: width - 1] + "…"


def what_happened(fn: Callable[..., Any], key: str) -> str:
    """Run `fn` on one scenario: what it did in the world, its last words, whether the orders
    ended right (the world's checks alone), and the grader's verdict (which also judges how the
    loop got there: who decided each tool call, the history, the stop_reasons)."""
    sc = scenario(key)
    run = run_scenario(fn, sc)
    wrong = (run.case.outcome or run.case.expect)(run)  # the orders, whoever decided them
    outcome = T("outcome.right") if not wrong else "✗ " + T("sep").join(wrong)
    problems = diagnose(run)
    verdict = T("verdict.passed") if not problems else "✗ " + T("sep").join(problems)
    return T(
        "what_happened",
        prompt=sc.prompt,
        n=len(run.requests),
        actions=actions(run),
        final=final_text(run.returned),
        outcome=outcome,
        verdict=verdict,
    )


def failed_keys(report: Any) -> set[str]:
    """The keys of the scenarios a check_loop report failed."""
    return {r.key for r in report.results if not r.passed}


def scenarios(*keys: str) -> list[Scenario]:
    """The grader's scenarios with these keys (agentkit.grading.SCENARIOS), in the order given."""
    by_key = {s.key: s for s in SCENARIOS}
    return [by_key[k] for k in keys]
