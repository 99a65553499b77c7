"""Helpers for lessons 02, 04 and 05, so that each code cell there stays a few lines long.

Nothing here is a second agent loop (the loop is `agentkit.loop.run_agent_loop`). These helpers show a
function's source, pick tool calls out of a conversation, summarise what a scenario run did in the
offline world, build small comparison tables, and hold the lesson's precondition hook (task 1.4).
"""

from __future__ import annotations

import html
import inspect
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .client import default_model, make_client
from .display import html_table
from .grading import SCENARIOS, Run, Scenario, diagnose, run_scenario
from .offline import World
from .tools import Toolbox


class Source:
    """A function's source: a highlighted code block in JupyterLab, the plain source elsewhere."""

    def __init__(self, obj: Any):
        self.text = inspect.getsource(obj).rstrip("\n")

    def _repr_markdown_(self) -> str:
        return f"```python\n{self.text}\n```"

    def __repr__(self) -> str:
        return self.text


def source(obj: Any) -> Source:
    return Source(obj)


class Table:
    """A small table: HTML in JupyterLab, aligned text elsewhere."""

    def __init__(self, header: list[str], rows: list[list[str]]):
        self.header, self.rows = header, rows

    def _repr_html_(self) -> str:
        return html_table(
            "ak-table",
            [html.escape(h) for h in self.header],
            [[html.escape(c) for c in row] for row in self.rows],
        )

    def __repr__(self) -> str:
        return "\n".join(" | ".join(row) for row in [self.header, *self.rows])


def scenario(key: str) -> Scenario:
    """One of agentkit.grading.SCENARIOS by its key ("guide", "shipped", "unexpected", "long" ...)."""
    return next(s for s in SCENARIOS if s.key == key)


def tool_inputs(messages: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    """The input of every tool_use block named `name` in a conversation (SDK blocks or plain dicts)."""
    found = []
    for m in messages:
        if m["role"] != "assistant" or isinstance(m["content"], str):
            continue
        for b in m["content"]:
            b = b if isinstance(b, dict) else b.to_dict()
            if b.get("type") == "tool_use" and b.get("name") == name:
                found.append(b.get("input", {}))
    return found


def _call(name: str, args: dict[str, Any], ok: bool) -> str:
    shown = {k: v for k, v in args.items() if k != "reason"}
    inner = ", ".join(str(v) for v in shown.values())
    return f"{name}({inner})" + ("" if ok else " ✗失败")


def actions(run: Run) -> str:
    """What a run did to the world, in order: 'lookup_order(A-1001) → process_refund(A-1001, 120.0)'."""
    calls = [_call(n, a, ok) for n, a, ok in run.tool_calls]
    text = " → ".join(calls) or "（没有调用任何工具）"
    if run.error is not None:
        text += f" ⟂ 抛出 {type(run.error).__name__}"
    return text


def final_text(messages: Any, width: int = 60) -> str:
    """The text of the last assistant message (shortened), or a note when there is none."""
    if not isinstance(messages, list) or not messages or messages[-1].get("role") != "assistant":
        return "（没有最终回复）"
    content = messages[-1]["content"]
    if not isinstance(content, str):
        blocks = [b if isinstance(b, dict) else b.to_dict() for b in content]
        content = " ".join(b.get("text", "") for b in blocks if b.get("type") == "text")
    content = " ".join(content.split())
    return content if len(content) <= width else content[: width - 1] + "…"


def what_happened(fn: Callable[..., Any], key: str) -> str:
    """Run `fn` on one scenario: what it did in the world, its last words, and the grader's verdict."""
    sc = scenario(key)
    run = run_scenario(fn, sc)
    problems = diagnose(run, sc)
    verdict = "✓ 通过" if not problems else "✗ " + "；".join(problems)
    return (
        f"【{sc.prompt}】\n  模型请求 {len(run.requests)} 次；工具调用：{actions(run)}\n"
        f"  最后回复：{final_text(run.returned)}\n  评分：{verdict}"
    )


def compare(loops: dict[str, Callable[..., Any]], keys: list[str]) -> Table:
    """One row per loop, one column per scenario: the tool calls it made, and ✓ / ✗ from the grader."""
    rows = []
    for name, fn in loops.items():
        row = [name]
        for key in keys:
            sc = scenario(key)
            run = run_scenario(fn, sc)
            mark = "✓" if not diagnose(run, sc) else "✗"
            row.append(f"{mark} {actions(run)}")
        rows.append(row)
    header = ["循环"] + [f"{scenario(k).title}" for k in keys]
    return Table(header, rows)


def failed_keys(report: Any) -> set[str]:
    """The keys of the scenarios a check_loop report failed."""
    return {r.key for r in report.results if not r.passed}


@dataclass
class LookupBeforeRefund:
    """Task 1.4's programmatic precondition: process_refund is denied until lookup_order has succeeded for
    that same order in this run. The tool description already says so ("order_id 必须来自 lookup_order 的
    结果"), but a description is a request to the model; this hook is a guarantee in code."""

    looked_up: set[str] = field(default_factory=set)

    def before_tool(self, name: str, input: dict[str, Any]) -> str | None:
        order_id = input.get("order_id")
        if name == "process_refund" and order_id not in self.looked_up:
            return (
                f"前置条件未满足，拒绝执行：本次运行中还没有用 lookup_order 成功查询订单 {order_id}，"
                f"不能调用 process_refund。"
            )
        return None

    def after_tool(self, name: str, input: dict[str, Any], result: Any) -> Any:
        if name == "lookup_order" and isinstance(result, dict):
            self.looked_up.add(str(result.get("order_id", input.get("order_id"))))
        return result


def earlier_session(prompt: str) -> list[dict[str, Any]]:
    """A conversation saved by an earlier run that stopped after its first round of tool calls (for example
    yesterday's session): user → assistant (tool_use) → user (tool_result). Built with its own client and
    world, so the hooks of a later run have not seen these calls."""
    world = World()
    client = make_client(world=world)
    messages: list[dict[str, Any]] = [{"role": "user", "content": prompt}]
    response = client.messages.create(
        model=default_model(), max_tokens=1024, tools=world.tools(), messages=messages
    )
    box = Toolbox(world.tools(), world.run_tool)
    calls = [box.execute(b) for b in response.content if b.type == "tool_use"]
    messages.append({"role": "assistant", "content": [b.to_dict() for b in response.content]})
    messages.append({"role": "user", "content": [c.to_param() for c in calls]})
    return messages


def calls_text(result: Any) -> str:
    """A LoopResult's tool calls, one line each, with the hook that denied a call, if any."""
    lines = []
    for c in result.tool_calls:
        args = json.dumps({k: v for k, v in c.input.items() if k != "reason"}, ensure_ascii=False)
        tag = (
            f"  ✗ 被 {c.denied_by} 拒绝"
            if c.denied_by
            else ("  ✗ is_error" if c.is_error else "  ✓")
        )
        lines.append(f"第 {c.turn} 轮 {c.name}{args}{tag}")
    return "\n".join(lines) or "（没有调用任何工具）"


def rounds_of(result: Any) -> list[tuple[str, list[str]]]:
    """Each round of a LoopResult as (stop_reason, [tool names called]), read back from its messages: a round
    that called tools ended with tool_use; the last round's stop_reason is the result's own; any other round
    kept in history was a pause_turn (run_agent_loop keeps no cut max_tokens response)."""
    assistant = [
        m for m in result.messages if m["role"] == "assistant" and not isinstance(m["content"], str)
    ]
    out = []
    for i, m in enumerate(assistant):
        names = [b["name"] for b in m["content"] if b.get("type") == "tool_use"]
        out.append(
            (
                "tool_use"
                if names
                else result.stop_reason
                if i == len(assistant) - 1
                else "pause_turn",
                names,
            )
        )
    return out
