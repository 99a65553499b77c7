"""The stand-in's thinking text: what it read in the request and what it decided, in the task's
language. The API wraps it in a signed `thinking` block when the request turns thinking on."""

from __future__ import annotations

from typing import Any

from ..content import blocks
from ..offline.model import Reply
from .conversation import Conversation
from .policy import decision


def thinking(conv: Conversation, reply: Reply) -> str:
    """The task, the latest tool results, and the decision `reply` carries out. The results are
    the latest user turn's (consecutive user messages are one turn, so a note sent after them
    does not hide them); "no results yet, get the facts with a tool first" is said only before a
    call, so the thinking never contradicts the step taken."""
    task = conv.task.strip()[:80]
    lines = [conv.say("think_task", task=task)]
    turn: list[dict[str, Any]] = []
    for m in reversed(conv.messages):
        if m.get("role") != "user":
            break
        turn[:0] = blocks(m.get("content"))
    for b in turn:
        c = conv.by_id.get(b.get("tool_use_id")) if b.get("type") == "tool_result" else None
        if c is not None:
            flag = conv.say("think_error_flag") if c.is_error else ""
            lines.append(
                conv.say("think_result", tool=c.name, flag=flag, text=c.content.strip()[:80])
            )
    calls = any(b["type"] in ("tool_use", "server_tool_use") for b in reply.content)
    if len(lines) == 1 and calls:
        lines.append(conv.say("think_no_results"))
    lines.append(decision(conv, reply))
    return "\n".join(lines)
