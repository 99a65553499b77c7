"""Rules for the tools the Claude Code CLI (behind the Claude Agent SDK) offers, beside the general
policy (`agentkit.sim.general`), which handles Read, Write, Edit, Bash and any user tool by meaning.

What a recorded request of the bundled CLI shows (CLI 2.1.332 through `agentkit serve`): the tools
Agent, Bash, Edit, ListAgents, Read, ReportFindings, ScheduleWakeup, Skill, ToolSearch, Workflow
and Write, plus StructuredOutput when the query asks for an `output_format`; the user's MCP tools
(`mcp__calc__multiply`) and the rarer built-ins are not in `tools` but named in a system message
("The following deferred tools are now available via ToolSearch ..."), one name a line; the agent
types for the Agent tool are listed in the same message ("- code-reviewer: Reviews code ...").

The rules, in order:
1. The CLI's orchestration tools (ORCHESTRATION) are never chosen for the words of their long
   descriptions; only the rules below call them. Nor are its Glob and Grep: they are chosen by
   the rules for files of a kind and for text inside files (`by_its_rule`).
2. Deferred tools the request asks for (by the words or concepts of their names) are loaded first
   with one ToolSearch call, `select:<name>,<name>`, once per task; when no name matches and no
   shell command or file serves the request, the user's own MCP tools (up to three), so that
   their descriptions are read. Without ToolSearch, a user's
   own tool that searches the tools (`search_available_tools(keyword)`) is called once instead,
   with the word of the wanted tool's name that says what it works on ("weather").
3. A request that names an agent type the CLI lists as the one to do the work ("让 X 统计 …",
   "have the X look at …", "ask our X to …"), or asks for a subagent and names one, is handed to
   it with the Agent tool: `subagent_type`, a short `description`, the user's
   words as `prompt`, and the files the agent type's description names, to be read.
4. When nothing else is left to call and StructuredOutput is offered, it is called once, its input
   filled from the conversation by its schema (the CLI then ends the run with that JSON); from
   the files read, when the request read some ("Read invoice.txt and extract ..."), as from a
   text handed over.
5. A path the tool's schema wants absolute ("must be absolute") is joined to the working directory
   the system prompt names.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

from ..content import blocks
from . import direct, editing, shell, structured
from .arguments import fill_object, gather
from .lexicon import OPERATORS, THING, concepts, kind, words
from .phrases import say
from .toolbox import TOOL_SEARCH, own_name
from .view import Tool, View

OPERATOR_ACTS = frozenset(OPERATORS.values()) | {"root", "power"}  # arithmetic acts

ORCHESTRATION = frozenset(
    {
        "Agent",
        "Task",
        "ListAgents",
        "ReportFindings",
        "ScheduleWakeup",
        "Skill",
        "Workflow",
        TOOL_SEARCH,
        "DeferredToolPlaceholder",
        "StructuredOutput",
        "TodoWrite",
        "EnterPlanMode",
        "ExitPlanMode",
        "AskUserQuestion",
        "SendMessage",
        "TaskStop",
        "Monitor",
        "EnterWorktree",
        "ExitWorktree",
        "CronCreate",
        "CronDelete",
        "CronList",
    }
)
STRUCTURED = "StructuredOutput"
QUIET = frozenset({TOOL_SEARCH, "DeferredToolPlaceholder", STRUCTURED})  # not quoted in answers
AGENT_TYPE = re.compile(r"^-\s+([A-Za-z0-9][\w.-]*):\s", re.MULTILINE)
WORKDIR = re.compile(r"(?:Primary )?working directory:\s*(\S+)", re.IGNORECASE)
SUBAGENT = re.compile(r"sub-?agents?|\bagents?\b|子代理|代理|智能体", re.IGNORECASE)
# words of a tool name that say nothing of what it does
NOISE = frozenset({"mcp", "get", "tool", "the", "do", "make", "run"})


def all_text(conv: Any) -> str:
    """The system prompt and every text block of the conversation (where the CLI lists things)."""
    parts = [conv.system]
    for m in conv.messages:
        for b in blocks(m.get("content")):
            if b.get("type") == "text" and isinstance(b.get("text"), str):
                parts.append(b["text"])
    return "\n".join(parts)


def _use(name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool_use", "name": name, "input": args}


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


def loaded_once(v: View) -> bool:
    return any(c.name == TOOL_SEARCH for c in v.calls)


def wanted_deferred(conv: Any, v: View) -> list[str]:
    """The deferred tools whose names the request asks for (rule 2); none for a question about
    the tools themselves ("List your tools"), which their names answer."""
    if direct.about_tools(v.task):
        return []
    asked, said = concepts(v.task), set(words(v.task))
    out = []
    for own, full in conv.box.deferred.items():
        if own in ORCHESTRATION:  # the CLI's own orchestration tools: by their rules only
            continue
        name_words = {w for w in set(words(own)) - NOISE if telling(w)}
        if concepts(" ".join(name_words)) & asked or name_words & said:
            out.append(full)
        elif "glob" in name_words and shell.glob_pattern(v.task):  # files of a kind: Glob
            out.append(full)
        elif "grep" in name_words and shell.target(v.task):  # text inside files: Grep
            out.append(full)
    if out or shell.command(v.task) or shell.FILE.search(v.task):
        return out
    # no name matches (a request in Chinese, a tool named in English): the user's own MCP tools,
    # up to three, are loaded so that their descriptions can be read
    return [full for full in conv.box.deferred.values() if full.startswith("mcp__")][:3]


def by_its_rule(t: Any, task: str) -> bool:
    """Rule 1 for the CLI's file tools: Glob is chosen for files of a kind or in a folder
    (`agentkit.sim.shell.glob_pattern`), Grep for text to find inside files (`shell.target`),
    never for the words of their long descriptions ("sorted by modification time" is no answer to
    "the closing time"); a tool that replaces a string in a file only for a change the request
    asks (`agentkit.sim.editing.requested`); every other tool: True."""
    if t.name == "Glob":
        return shell.glob_pattern(task) is not None
    if t.name == "Grep":
        return shell.target(task) is not None
    if editing.edit_keys(t.schema.get("properties") or {}):  # (Edit, a user's edit_file)
        return bool(editing.requested(task))
    return True


def telling(word: str) -> bool:
    """A word of a tool's name that says what it works on: a thing, an operator, or a word the
    concept table does not know ("cron"); not a bare act such as create or list (CronCreate is
    not what "create a file" asks for)."""
    found = concepts(word)
    return not found or any(kind(c) == THING or c in OPERATOR_ACTS for c in found)


def agent_types(conv: Any) -> list[str]:
    return list(dict.fromkeys(AGENT_TYPE.findall(all_text(conv))))


def agent_call(conv: Any, v: View) -> dict[str, Any] | None:
    """The Agent call for a request that names a listed agent type (rule 3), or None."""
    agent = v.tool("Agent") or v.tool("Task")
    if agent is None or any(c.name == agent.name for c in v.calls):
        return None
    named = [
        t
        for t in agent_types(conv)
        if re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", v.task)
        and (SUBAGENT.search(v.task) or re.search(ADDRESSED + re.escape(t), v.task, re.I))
    ]
    if not named:
        return None
    work = delegated(v.task, named[0])
    first = work.splitlines()[0] if work else named[0]
    work += _its_files(conv, v, named[0], work)
    args: dict[str, Any] = {
        "description": " ".join(first.split()[:5])[:60],
        "prompt": work,
        "subagent_type": named[0],
    }
    props = agent.schema.get("properties") or {}
    if "run_in_background" in props:  # the answer waits for the agent's report
        args["run_in_background"] = False
    return _use(agent.call_name, {k: x for k, x in args.items() if k in props})


def _its_files(conv: Any, v: View, kind: str, work: str) -> str:
    """Rule 3: the files the agent type's listed description names that the work does not, told
    to it to be read ("… (collection.txt) …" -> "Read collection.txt to answer.")."""
    line = re.search(rf"^-\s+{re.escape(kind)}:\s*(.*)$", all_text(conv), re.MULTILINE)
    found = [f for f in shell.FILE.findall(line.group(1)) if f not in work] if line else []
    if not found:
        return ""
    return "\n" + say(v.lang, "g_delegate_files", files=", ".join(dict.fromkeys(found)))


ADDRESSED = (  # a listed agent type named as the one to do the work: "让 X", "have the X"
    r"(?:让|请|用|叫|交给|派|\b(?:ask|have|let|get|use|tell)\s+(?:the\s+|an?\s+|our\s+)?)\s*"
)


def delegated(task: str, kind: str) -> str:
    """The work handed to an agent: the task without the words that pick the agent ("Use the
    code-reviewer agent to review X" -> "Review X"; "让 analyzer 代理来找出 X" -> "找出 X")."""
    k = re.escape(kind)
    frame = re.compile(
        rf"^\s*(?:please\s+)?(?:use|ask|have|let|get|tell)\s+(?:the\s+|an?\s+|our\s+)?{k}\s+"
        rf"(?:(?:sub-?)?agent\s+)?(?:to\s+)?|^\s*(?:请)?(?:用|让|使用|交给|叫)\s*{k}\s*(?:子)?(?:代理|智能体)?\s*(?:来|去)?",
        re.IGNORECASE,
    )
    work = frame.sub("", task.strip(), count=1).strip()
    return (work[:1].upper() + work[1:]) if work else task.strip()


REPORT = re.compile(r"report follows:\s*\n(.*?)(?:\nagentId:|\n<usage>|\Z)", re.DOTALL)


def report_of(result: str) -> str | None:
    """The subagent's report inside the CLI's hand-back frame (its lines are indented), or None."""
    m = REPORT.search(result)
    if not m:
        return None
    return "\n".join(line.strip() for line in m.group(1).splitlines()).strip() or None


def _loading(v: View, names: list[str]) -> str:
    return (
        "I'll load " + ", ".join(names) + " first."
        if v.lang == "en"
        else "先加载 " + "、".join(names) + "。"
    )


def tool_searcher(v: View) -> Tool | None:
    """A user's own tool that searches the tools (its name searches or finds, its name or description
    speaks of tools, one string property: `search_available_tools(keyword)`), used like ToolSearch
    for the request's deferred tools (rule 2)."""
    for t in v.tools:
        props = t.schema.get("properties") or {}
        text = set(words(f"{t.name} {t.description}"))
        strings = [p for p in props.values() if isinstance(p, dict) and p.get("type") == "string"]
        finds = {"search", "read"} & t.name_concepts  # search, query, find, look up, ...
        if finds and "tool" in text and len(props) == 1 and strings:
            return t
    return None


def keyword(name: str) -> str:
    """What a search for the deferred tool `name` asks: the first word of its name that says what
    it works on (`get_weather` -> "weather")."""
    told = [w for w in words(own_name(name)) if w not in NOISE and telling(w)]
    return told[0] if told else own_name(name)


def before_plan(conv: Any, v: View) -> list[dict[str, Any]] | None:
    """Rules 2 and 3: the content of a turn that loads deferred tools or hands the task to an
    agent, or None."""
    search = v.tool(TOOL_SEARCH)
    if search is not None and not loaded_once(v):
        names = wanted_deferred(conv, v)
        if names:
            load = {"query": "select:" + ",".join(names)}
            return [_text(_loading(v, names)), _use(search.call_name, load)]
    own = tool_searcher(v) if search is None else None
    if own is not None and not any(c.name == own.name for c in v.calls):
        names = wanted_deferred(conv, v)
        if names:
            prop = next(iter(own.schema.get("properties") or {}))
            return [_text(_loading(v, names)), _use(own.call_name, {prop: keyword(names[0])})]
    call = agent_call(conv, v)
    if call is not None:
        kind = call["input"].get("subagent_type", "")
        said = (
            f"I'll hand this to the {kind} agent." if v.lang == "en" else f"交给 {kind} 代理来做。"
        )
        return [_text(said), call]
    return None


def structured_call(v: View, read: list[str] | None = None) -> dict[str, Any] | None:
    """Rule 4: the StructuredOutput call, filled from the conversation, or None; when files were
    read (`read`: their texts), from what they say, as an extraction of a handed text is
    (`agentkit.sim.structured.extract`)."""
    tool = v.tool(STRUCTURED)
    if tool is None or any(c.name == STRUCTURED for c in v.calls):
        return None
    results = [c.data for c in reversed(v.calls) if c.result is not None and not c.is_error]
    if read:
        return _use(
            tool.call_name, structured.extract(tool.schema, v.task, results, "\n".join(read))
        )
    results = structured.aliased(tool.schema, results)  # high_tide <- high
    got = fill_object(tool.schema, gather(v.task, results), tool.schema, False, frozenset())
    # valid for the schema, what the request does not give left empty (agentkit.sim.structured)
    return _use(tool.call_name, structured.complete(tool.schema, got.values, v.task))


def absolute(conv: Any, tool: Tool, args: dict[str, Any]) -> dict[str, Any]:
    """Rule 5: relative paths of properties described as absolute, joined to the working
    directory the system prompt names."""
    props = tool.schema.get("properties") or {}
    wants = [
        k
        for k, p in props.items()
        if isinstance(p, dict) and "absolute" in str(p.get("description") or "").lower()
    ]
    todo = [k for k in wants if isinstance(args.get(k), str) and not os.path.isabs(args[k])]
    if not todo:
        return args
    m = WORKDIR.search(all_text(conv))
    if m is None:
        return args
    return {**args, **{k: os.path.join(m.group(1), args[k]) for k in todo}}


def loaded(v: View) -> dict[str, dict[str, Any]]:
    """Tools a ToolSearch result gave in full, as the CLI returns them: one
    `<function>{"description": ..., "name": ..., "parameters": {...}}</function>` a line."""
    out: dict[str, dict[str, Any]] = {}
    for c in v.calls:
        if c.name != TOOL_SEARCH or not c.result:
            continue
        for m in re.finditer(r"<function>(\{.*?\})</function>", c.result):
            try:
                spec = json.loads(m.group(1))
            except ValueError:
                continue
            if isinstance(spec, dict) and isinstance(spec.get("name"), str):
                out[own_name(spec["name"])] = {
                    "name": spec["name"],
                    "description": spec.get("description") or "",
                    "input_schema": spec.get("parameters") or {"type": "object"},
                }
    return out
