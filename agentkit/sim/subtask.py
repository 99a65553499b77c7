"""A user's own tool that hands work to a subagent (learn-claude-code's `task`, a `delegate` or
`spawn_agent` tool): written rules, beside the Claude Code CLI's own Agent tool
(`agentkit.sim.claude_code`, rule 3).

1. A delegating tool is a custom tool whose name or description says it spawns or delegates to a
   subagent, and that takes the work as a string (`prompt`, `task`, `instructions`, `query`).
2. It is called when the user asks for a subtask, a subagent or a delegation ("Use a subtask to
   find ...", "delegate this", "交给子代理"), or when the system prompt says to delegate and the
   task explores the project ("what testing framework does this project use?").
3. Its input: the work, which is the user's words without the asking for a subtask ("find what
   testing framework this project uses"), and a short `description` (the first words) when the
   schema has one. It is called once a task; its result, the subagent's report, is the answer.
"""

from __future__ import annotations

import re
from typing import Any

from .shell import explores
from .view import Tool, View

SPAWNS = re.compile(
    r"sub-?agents?|\bspawn|\bdelegat|\bagent\b|子代理|子智能体|子任务|委派|委托", re.IGNORECASE
)
ASKED = re.compile(
    r"\bsub-?(?:task|agent)s?\b|\bdelegat\w*|\bhand (?:it|this) off\b|子任务|子代理|子智能体|委派|委托",
    re.IGNORECASE,
)
WORK = re.compile(r"^(?:prompt|task|instructions?|query|goal|request|work|job|message)$", re.I)
LEAD = re.compile(  # the asking for a subtask, before the work itself
    r"^\s*(?:please\s+)?(?:use|spawn|start|launch|create|ask)\s+(?:a|an|the)\s+"
    r"(?:sub-?task|sub-?agent|task tool|agent)\s+(?:to\s+)?"
    r"|^\s*(?:请)?(?:用|使用|让|派)(?:一个)?(?:子任务|子代理|子智能体)(?:来|去)?",
    re.IGNORECASE,
)


def work_property(t: Tool) -> str | None:
    props = t.schema.get("properties") or {}
    return next(
        (
            k
            for k, p in props.items()
            if isinstance(p, dict) and p.get("type") == "string" and WORK.match(k)
        ),
        None,
    )


def delegating(t: Tool) -> bool:
    """Rule 1."""
    return bool(SPAWNS.search(f"{t.name} {t.description}")) and work_property(t) is not None


def helper_for(v: View, tools: list[Tool]) -> Tool | None:
    """Rule 2: the delegating tool to call for this task, or None."""
    found = next((t for t in tools if delegating(t)), None)
    if found is None:
        return None
    if ASKED.search(v.task) or (ASKED.search(v.system) and explores(v.task)):
        return found
    return None


def work(task: str) -> str:
    """Rule 3: the work handed over, in the user's words."""
    text = LEAD.sub("", task.strip(), count=1).strip()
    return text[:1].upper() + text[1:] if text else task.strip()


def input_for(t: Tool, task: str) -> dict[str, Any]:
    """Rule 3's input."""
    args: dict[str, Any] = {work_property(t) or "prompt": work(task)}
    props = t.schema.get("properties") or {}
    if "description" in props:
        args["description"] = " ".join(work(task).split()[:5])[:60]
    return args
