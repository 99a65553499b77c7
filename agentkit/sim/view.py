"""One typed view of a request for the general policy: read once, then every rule reads only it.

What it holds: the tools offered (own name, the name to call it by, description, input schema and
the concepts they name), the user's words of the task still open, every tool call of that task
paired with its result (and, apart, those of the earlier tasks and the user's words of them: a
follow-up picks from them, and a value they gave is still given),
the user's language and the tool_choice. The task still open starts after
the last assistant turn that answered without a tool call, unless that turn asked the user a
question (it ends in "?" or "？"): the user's reply then completes the same task.

An agent's own instructions are part of its task: the files that a subagent's system prompt (the
Claude Code CLI frames it: its text before "Messages from the agent that launched you") names ( "You audit costumes.csv. Read it and
count precisely.") and that the task does not name are added to the task as files to read, as the
agent that hands work over adds them (`agentkit.sim.claude_code`, rule 3); a file a sentence says
to write or save names no file to read, and neither do the CLI's own (CLAUDE.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..content import blocks, text_of
from . import idkinds
from .conversation import CHINESE, ENGLISH, HAN, Conversation, reminder
from .lexicon import concepts, name_concepts
from .phrases import say
from .results import read, unflagged_error
from .shell import FILE

CLI_FRAME = re.compile(r"Claude Agent SDK|Claude Code")
CLI_NOTES = re.compile(r"\n\s*Messages from the agent that launched you")  # a subagent's frame
WRITES = re.compile(r"\b(?:write|save|create|output|append|log)\b|写|保存|存到|生成|输出", re.I)


@dataclass(frozen=True)
class Tool:
    """A tool as offered: `name` is its own name (no `mcp__server__` prefix)."""

    name: str
    call_name: str
    description: str
    schema: dict[str, Any]
    name_concepts: frozenset[str]
    concepts: frozenset[str]  # of its name, description, properties and their descriptions


@dataclass(frozen=True)
class Call:
    """A tool call of the open task and what answered it (`result` None: not answered yet)."""

    name: str
    input: dict[str, Any]
    result: str | None
    is_error: bool

    @property
    def failed(self) -> bool:
        """The call failed: flagged is_error, or its result says so (`results.unflagged_error`)."""
        return self.result is not None and (self.is_error or unflagged_error(self.result))

    @property
    def data(self) -> Any:
        """The result read as data (`agentkit.sim.results.read`)."""
        return read(self.result) if self.result is not None else None


@dataclass(frozen=True)
class View:
    tools: tuple[Tool, ...]
    task: str
    calls: tuple[Call, ...]
    lang: str
    choice: dict[str, Any]
    one_call: bool
    system: str
    request: str = ""  # the whole open task, when `task` is one of its steps
    before: tuple[Call, ...] = ()  # the calls of the conversation's earlier tasks
    earlier: str = ""  # the user's words of the conversation's earlier tasks
    reply: str = ""  # the user's latest words, when they answer a question of the open task
    images: int = 0  # the images the user's messages of the open task hold (the stand-in sees none)
    searches: bool = False  # a server tool searches the web (`agentkit.sim.websearch`)

    @property
    def whole(self) -> str:
        return self.request or self.task

    def tool(self, name: str | None) -> Tool | None:
        return next((t for t in self.tools if t.name == name), None)


def _tool(name: str, call_name: str, t: dict[str, Any]) -> Tool:
    given = t.get("input_schema")
    schema: dict[str, Any] = given if isinstance(given, dict) else {}
    found = schema.get("properties")
    props: dict[str, Any] = found if isinstance(found, dict) else {}
    parts = [name, str(t.get("description") or "")]
    for k, p in props.items():
        parts += [k, str(p.get("description") or "") if isinstance(p, dict) else ""]
    own = name_concepts(name)
    return Tool(name, call_name, parts[1], schema, own, concepts(" ".join(parts)))


def _open_from(messages: list[Any]) -> int:
    """The index where the open task starts (see the module's docstring)."""
    for i in range(len(messages) - 1, -1, -1):
        m = messages[i]
        if m.get("role") != "assistant":
            continue
        content = blocks(m.get("content"))
        if any(b.get("type") == "tool_use" for b in content):
            continue
        if not text_of(content).rstrip().endswith(("?", "？")):
            return i + 1
    return 0


def _user_text(m: dict[str, Any]) -> str:
    c = m.get("content")
    if isinstance(c, str):
        return c
    said = blocks(c)
    if any(b.get("type") == "tool_result" for b in said):
        return ""  # a note beside the results ("Tool loaded.") is no words of the task
    return text_of([b for b in said if b.get("type") == "text" and not reminder(b)])


def view(conv: Conversation) -> View:
    """The view of the request `conv` has read."""
    messages = conv.messages
    start = _open_from(messages)
    said = [_user_text(m) for m in messages[start:] if m.get("role") == "user"]
    task = "\n".join(t for t in said if t.strip())
    calls, before = _calls(conv, messages[start:]), _calls(conv, messages[:start])
    tools = tuple(
        _tool(n, conv.box.call_name(n), t)
        for n, t in conv.tools.items()
        if t.get("type", "custom") == "custom"
    )
    asked = conv.system + task
    english = ENGLISH.search(asked) or not HAN.search(task)
    lang = "zh" if CHINESE.search(asked) or not english else "en"
    files = instructed_files(conv.system, task)
    if files and task.strip():
        task += "\n" + say(lang, "g_delegate_files", files=", ".join(files))
    earlier = [_user_text(m) for m in messages[:start] if m.get("role") == "user"]
    idkinds.CURRENT.set(
        idkinds.read_kinds(
            [(t.name, t.description, t.schema) for t in tools],
            [(c.input, c.data) for c in (*before, *calls) if not c.failed],
        )
    )
    return View(
        tools,
        task,
        calls,
        lang,
        conv.choice,
        conv.one_call_only,
        conv.system,
        task,
        before,
        "\n".join(t for t in earlier if t.strip()),
        said[-1] if len([t for t in said if t.strip()]) >= 2 else "",
        images=sum(
            b.get("type") == "image"
            for m in messages[start:]
            if m.get("role") == "user"
            for b in blocks(m.get("content"))
        ),
        searches=any(str(t.get("type", "")).startswith("web_search") for t in conv.tools.values()),
    )


def _calls(conv: Conversation, messages: list[Any]) -> tuple[Call, ...]:
    """The tool calls the assistant made in `messages`, each with its result."""
    ids = [
        b.get("id")
        for m in messages
        if m.get("role") == "assistant"
        for b in blocks(m.get("content"))
        if b.get("type") == "tool_use"
    ]
    calls = []
    for tid in ids:
        c = conv.by_id.get(tid)
        if c is not None:
            answered = tid in conv.answered
            calls.append(Call(c.name, c.input, c.content if answered else None, c.is_error))
    return tuple(calls)


def instructed_files(system: str, task: str) -> list[str]:
    """The files an agent's own instructions name to work on that the task does not name (see
    the module's docstring)."""
    if not CLI_FRAME.search(system) or not CLI_NOTES.search(system):
        return []
    own = CLI_NOTES.split(system, maxsplit=1)[0]
    own = re.sub(r"x-anthropic-billing-header:(?:\s*[\w.-]+=[^;\n]*;)*", "\n", own)
    found: list[str] = []
    for sentence in re.split(r"(?<=[.!?。！？])\s+|\n", own):
        if WRITES.search(sentence):
            continue
        found += [
            f
            for f in FILE.findall(sentence)
            if f not in task
            and f != "CLAUDE.md"
            and not re.search(r"\.[A-Z][a-z]", f)
            and len(f.split(".")[0]) > 1  # (not "e.g")
        ]  # (not "SDK.You": two sentences the blocks joined)
    return list(dict.fromkeys(found))
