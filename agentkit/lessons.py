"""Small helpers for the lesson notebooks, so that each code cell there stays a few lines long.

Nothing here is a second agent loop: the loop is `agentkit.loop.run_agent_loop`. These helpers build
single messages by hand (to show the wire format), print API errors as one clean line, record what a
loop run did, and render the stop_reason table.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import anthropic

from .client import default_model
from .loop import STOP_REASONS, LoopError, LoopResult, run_agent_loop


def assistant_message(response: Any) -> dict[str, Any]:
    """The response appended verbatim as an assistant message (every block, text and tool_use alike)."""
    return {"role": "assistant", "content": [b.to_dict() for b in response.content]}


def tool_results(
    response: Any, run_tool: Callable[[str, dict[str, Any]], Any]
) -> list[dict[str, Any]]:
    """Run every tool_use block of `response` and return its tool_result blocks, in order, for ONE user
    message. As in the study guide: the result is JSON text; an exception becomes `is_error: true`."""
    results = []
    for block in (b for b in response.content if b.type == "tool_use"):
        try:
            out = run_tool(block.name, block.input)
            results.append(
                {
                    "type": "tool_result",
                    "tool_use_id": block.id,
                    "content": json.dumps(out, ensure_ascii=False),
                }
            )
        except Exception as e:  # the model sees the error and decides what to do next
            results.append(
                {
                    "type": "tool_result",
                    "tool_use_id": block.id,
                    "content": str(e),
                    "is_error": True,
                }
            )
    return results


def error_line(error: BaseException) -> str:
    """An API error as one line: status, error type and the API's own message (no traceback, no request id)."""
    if isinstance(error, LoopError) and isinstance(error.result.detail, BaseException):
        error = error.result.detail
    if isinstance(error, anthropic.APIStatusError):
        body = error.body if isinstance(error.body, dict) else {}
        err = body.get("error") or {}
        return f"{error.status_code} {err.get('type', type(error).__name__)}: {err.get('message', error.message)}"
    return f"{type(error).__name__}: {error}"


def try_request(client: anthropic.Anthropic, messages: list[dict[str, Any]], **params: Any) -> str:
    """Send one request. Returns "accepted → stop_reason=…" or the API's 400 answer as one line."""
    params.setdefault("model", default_model())
    params.setdefault("max_tokens", 1024)
    try:
        response = client.messages.create(messages=messages, **params)
    except anthropic.BadRequestError as e:
        return "✗ " + error_line(e)
    return f"✓ 接受（HTTP 200）→ stop_reason={response.stop_reason}"


class Recorder:
    """An `on_event` callback for run_agent_loop that writes one readable line per request, response and
    executed tool call. `print(recorder)` shows them."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.stop_reasons: list[str] = []
        self._max_tokens: Any = None

    def __call__(self, kind: str, payload: Any) -> None:
        if kind == "request":
            self._max_tokens = payload["max_tokens"]
        elif kind == "response":
            uses = [
                f"{b.name}({json.dumps(b.input, ensure_ascii=False)})"
                for b in payload.content
                if b.type == "tool_use"
            ]
            self.stop_reasons.append(payload.stop_reason)
            self.lines.append(
                f"请求 {len(self.stop_reasons)}（max_tokens={self._max_tokens}）→ "
                f"stop_reason={payload.stop_reason}"
                + (f"  tool_use: {', '.join(uses)}" if uses else "")
            )
        elif kind == "tool_call":
            self.lines.append(
                f"    执行 {payload.name}({json.dumps(payload.input, ensure_ascii=False)})"
            )

    def __str__(self) -> str:
        return "\n".join(self.lines)


def escalate_when_stuck(world: Any) -> Callable[[LoopResult], str]:
    """An `on_max_turns` handler: the safety net fired, so hand the case to a person (a real
    escalate_to_human in the world) and return what was done, which the loop records as `result.detail`."""

    def handler(result: LoopResult) -> str:
        ticket = world.run_tool(
            "escalate_to_human",
            {"reason": f"{result.turns} 轮后仍未完成，安全网触发，需要人工跟进"},
        )
        return f"已转人工：工单 {ticket['ticket_id']}（{result.turns} 轮后仍未完成）"

    return handler


def exit_of(client: anthropic.Anthropic, text: str, world: Any, **loop_params: Any) -> str:
    """Run the reference loop on one user message with the world's tools and return how it ended
    (`result.exit`), whether it returned or raised a LoopError."""
    try:
        return run_agent_loop(
            client,
            [{"role": "user", "content": text}],
            world.tools(),
            run_tool=world.run_tool,
            **loop_params,
        ).exit
    except LoopError as e:
        return e.result.exit


ACTION_ZH = {
    "run_tools": ("继续", "执行本轮全部 tool_use，把所有 tool_result 放进一条 user 消息发回"),
    "resend": ("继续", "服务端工具暂停：把 content 原样作为 assistant 消息发回"),
    "raise_limit": (
        "继续，或到上限结束",
        "丢弃被截断的响应（绝不执行被截断的 tool_use），max_tokens 加倍重试；"
        '已到 max_tokens_ceiling 则以 exit="max_tokens" 结束',
    ),
    "completed": ("结束", "模型认为任务完成：读最终文本"),
    "stop_sequence": ("结束", "命中我们传入的 stop_sequences，result.detail 记录是哪一个"),
    "refused": ("结束", "result.detail 是 stop_details（category、explanation）；不要原样盲目重试"),
    "truncated": ("结束", "回答被上下文窗口截断，标记为 truncated"),
}


class Markdown:
    """Markdown that renders in JupyterLab and prints as the same text elsewhere."""

    def __init__(self, text: str):
        self.text = text

    def _repr_markdown_(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text


def stop_reason_table() -> Markdown:
    """agentkit.STOP_REASONS (the loop's one table) as a Markdown table, with what each action means."""
    rows = [
        "| stop_reason | STOP_REASONS 里的动作 | 继续 / 结束 | 参考循环怎么做 |",
        "|---|---|---|---|",
    ]
    for reason, action in STOP_REASONS.items():
        flow, what = ACTION_ZH.get(action, ("?", "?"))
        rows.append(f"| `{reason}` | `{action}` | {flow} | {what} |")
    return Markdown("\n".join(rows))


def describe(response: Any) -> str:
    """One line per content block of a response: its type and what it holds (tool inputs as JSON)."""
    lines = []
    for b in response.content:
        if b.type == "text":
            lines.append(f"text      {b.text}")
        elif b.type in ("tool_use", "server_tool_use"):
            lines.append(
                f"{b.type:<9} {b.name}  input={json.dumps(b.input, ensure_ascii=False)}  id={b.id}"
            )
        elif b.type == "web_search_tool_result":
            lines.append(f"{b.type}  {len(b.content)} 条搜索结果")
        else:
            lines.append(b.type)
    return "\n".join(lines)
