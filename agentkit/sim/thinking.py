"""The stand-in's thinking text: what it read in the request and what it decided, in the task's
language. The API wraps it in a signed `thinking` block when the request turns thinking on."""

from __future__ import annotations

from ..content import blocks
from ..offline.model import Reply
from .conversation import Conversation
from .policy import decision


def thinking(conv: Conversation, reply: Reply) -> str:
    """The task, the latest tool results, and the decision `reply` carries out."""
    task = conv.task.strip()[:80]
    lines = [conv.say("think_task", task=task)]
    last = conv.messages[-1] if conv.messages else {}
    for b in blocks(last.get("content")) if last.get("role") == "user" else []:
        c = conv.by_id.get(b.get("tool_use_id")) if b.get("type") == "tool_result" else None
        if c is not None:
            flag = conv.say("think_error_flag") if c.is_error else ""
            lines.append(
                conv.say("think_result", tool=c.name, flag=flag, text=c.content.strip()[:80])
            )
    if len(lines) == 1:
        lines.append(conv.say("think_no_results"))
    lines.append(decision(conv, reply))
    return "\n".join(lines)
