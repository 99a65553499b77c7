"""Reading one request the way the lessons say Claude does: the latest user task, then every tool_use
the model made earlier and the tool_result that answered it (by `tool_use_id`)."""

from __future__ import annotations

import functools
import itertools
import operator
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..content import blocks, text_of
from ..tools import ToolCall
from . import results
from .phrases import say
from .toolbox import TOOL_SEARCH, OfferedTools, own_name, toolbox

ORDER_MENTION = re.compile(r"(?<![A-Za-z0-9-])([A-Za-z])-?(\d{4})(?!\d)")
_ROLE = operator.methodcaller("get", "role")
HAN = re.compile(r"[\u4e00-\u9fff]")  # a task with no Han character is answered in English
ENGLISH = re.compile("in english|英文|英语", re.IGNORECASE)
CHINESE = re.compile(r"in chinese|用中文|中文回答", re.IGNORECASE)  # asked for: answered in Chinese


@functools.lru_cache(maxsize=8192)
def parsed(text: str) -> Any:
    """A tool result's text as data: JSON when it parses, else the facts it states in any wording
    (`key: value` lines, or prose such as "The status is delivered.", read by
    `agentkit.sim.results.read`), else the status/amount it names, else the text. Cached: a long
    history resends the same tool results with every request."""
    try:
        return results.loads(text)
    except ValueError:
        pass
    read = results.read(text)
    if isinstance(read, dict):
        found = {str(k).strip().lower().replace(" ", "_"): v for k, v in read.items()}
        status = found.get("status")
        return {**found, "status": status.lower()} if isinstance(status, str) else found
    m = re.search(r"status\W+(\w+)", text)
    a = re.search(r"amount\W+(\d+(?:\.\d+)?)", text)
    if m:
        return {"status": m.group(1), **({"amount": float(a.group(1))} if a else {})}
    return text


REMINDER_IN = re.compile(r"\s*<system-reminder>.*?</system-reminder>\s*", re.DOTALL)


def result_content(content: Any) -> str:
    """A tool_result's content as the text the model reads, without the context a client adds
    inside it (Claude Code's `<system-reminder>` blocks: the tokens left, a file's state)."""
    text = content if isinstance(content, str) else text_of(content)
    return REMINDER_IN.sub("\n", text).strip() if "<system-reminder>" in text else text


@functools.lru_cache(maxsize=64)
def _lang(system: str, task: str) -> str:
    """The language of the answer: English when asked for, or when the task has no Han character;
    Chinese when asked for (cached: a loop sends the same system prompt and task every turn)."""
    asked = system + task
    english = ENGLISH.search(asked) or not HAN.search(task)
    return "zh" if CHINESE.search(asked) or not english else "en"


@functools.lru_cache(maxsize=4096)
def canonical(order_id: str) -> str | None:
    """ "a1001" -> "A-1001"; None when the text is not an order id."""
    m = ORDER_MENTION.fullmatch(order_id)
    return None if m is None else f"{m.group(1).upper()}-{m.group(2)}"


def reminder(b: dict[str, Any]) -> bool:
    """A text block a client adds as context (Claude Code's `<system-reminder>`), not the user's."""
    t = b.get("text") if b.get("type") == "text" else None
    return isinstance(t, str) and t.lstrip().startswith("<system-reminder>")


def _said(content: Any) -> str:
    """A user message's own words: its text, without the context a client adds."""
    if isinstance(content, str):
        return content
    return text_of([b for b in blocks(content) if b.get("type") == "text" and not reminder(b)])


@dataclass
class Order:
    """An order the task names, and the tool calls made about it."""

    mention: str  # as the user wrote it ("a1001")
    canonical: str  # "A-1001"
    calls: list[ToolCall] = field(default_factory=list)
    # names -> (how many of the calls were read, the calls to those names among them)
    _named: dict[tuple[str, ...], tuple[int, list[ToolCall]]] = field(
        default_factory=dict, repr=False, compare=False
    )

    def named(self, names: tuple[str, ...]) -> list[ToolCall]:
        """The calls to any of `names`, in order (read once: an order of a resent history reads
        only its new calls)."""
        n, found = self._named.get(names, (0, []))
        if n < len(self.calls):
            found = found + [c for c in self.calls[n:] if c.name in names]  # (the old list kept)
            self._named[names] = (len(self.calls), found)
        return found

    def lookups(self) -> list[ToolCall]:
        return [c for c in self.calls if c.name == "lookup_order"]

    def info(self) -> dict[str, Any] | None:
        """What the latest successful lookup returned."""
        for c in reversed(self.calls):
            ok = c.name == "lookup_order" and not c.is_error
            if ok and isinstance(r := parsed(c.content), dict):
                return r
        return None


@dataclass
class OrdersRead:
    """What `Conversation.orders` found for `task` in the first `ncalls` calls: the orders (whose calls
    are copied, never changed, when a later request extends them)."""

    task: str
    ncalls: int
    orders: list[Order]


@dataclass
class Seen:
    """What a Conversation read in a request's first `upto` messages: the memo the stand-in hands the
    API, to resume from when the next request resends them."""

    upto: int
    calls: dict[Any, ToolCall]
    answered: set[Any]
    split: bool
    task: str
    system_role: bool = True  # a message of the first `upto` has the role "system" (True: unsure)
    # the tools object of the request (the API shares it while the tools' text stays the same) and
    # the toolbox read from it, when that box depends on the tools alone (no deferred tool, no
    # ToolSearch): the next request with the same tools object has the same box
    tools: Any = None
    box: OfferedTools | None = None
    custom_tools: list[str] | None = None
    orders: OrdersRead | None = None


class Conversation:
    """The facts the model can see in one request."""

    def __init__(self, req: dict[str, Any], resume: Seen | None = None):
        """`resume`: what an earlier Conversation read of this request's first messages."""
        self.req = req
        self.messages = req.get("messages", [])
        # (found by C code: most requests have none; of a resent history, only the new messages)
        self.system_role = "system" in map(
            _ROLE,
            itertools.islice(self.messages, resume.upto, None)
            if resume is not None and not resume.system_role
            else self.messages,
        )
        self.system = (
            "\n".join(
                [text_of(req.get("system"))]
                + [text_of(m.get("content")) for m in self.messages if m.get("role") == "system"]
            )
            if self.system_role
            else text_of(req.get("system"))
        )  # mid-conversation system messages are instructions too
        # the tools it can call, by their own names (mcp__orders__lookup_order -> lookup_order);
        # a deferred tool only once a tool_reference has loaded it
        tools = req.get("tools")
        if resume is not None and resume.box is not None and resume.tools is tools:
            self.box, self.custom_tools = resume.box, resume.custom_tools or []
            self._static_box = True
        else:
            self.box = toolbox(req)
            self.custom_tools = [
                n for n, t in self.box.callable.items() if t.get("type", "custom") == "custom"
            ]
            # the box depends on the tools alone: no tool deferred, ToolSearch not offered
            self._static_box = TOOL_SEARCH not in self.box.callable and not any(
                isinstance(t, dict) and t.get("defer_loading") for t in tools or []
            )
        self.tools = self.box.callable
        self.choice = req.get("tool_choice") or {"type": "auto"}
        self.one_call_only = bool(self.choice.get("disable_parallel_tool_use"))
        self.task = self._task(resume)
        self.lang = _lang(self.system, self.task)
        self.by_id, self.answered, self.split_results = self._calls(resume)
        self.calls = list(self.by_id.values())
        self._orders: list[Order] | None = None
        # what orders() read, for the next request: an earlier request's read while it holds
        self._orders_read = resume.orders if resume is not None and self._kept else None

    def _task(self, resume: Seen | None) -> str:
        """The latest user turn that is not tool results. Consecutive user messages are one turn
        (the API joins them), so a note sent in its own message after the results is part of the
        results' turn, not a new task."""
        known = resume.upto if resume else 0
        i = len(self.messages) - 1
        while i >= known:
            if self.messages[i].get("role") != "user":
                i -= 1
                continue
            start = i
            while start > 0 and self.messages[start - 1].get("role") == "user":
                start -= 1
            group = self.messages[start : i + 1]
            c = group[0].get("content")
            first = c[0] if isinstance(c, list) and c else None
            # tool results come first in a user turn (the API checks)
            if not (isinstance(first, dict) and first.get("type") == "tool_result"):
                said = [_said(m.get("content")) for m in group]
                return "\n".join(t for t in said if t.strip())
            i = start - 1
        return resume.task if resume else ""  # no new task: the one already read

    def _calls(self, resume: Seen | None) -> tuple[dict[Any, ToolCall], set[Any], bool]:
        if resume:
            start, calls = resume.upto, dict(resume.calls)
            answered, split = set(resume.answered), resume.split
        else:
            start, calls, answered, split = 0, {}, set(), False
        written: list[Any] = []
        for i in range(start, len(self.messages)):
            m = self.messages[i]
            content = m.get("content")
            if isinstance(content, str):
                continue
            if m.get("role") == "assistant":
                for b in blocks(content):
                    tid = b.get("id")
                    if b.get("type") == "tool_use" and isinstance(tid, str):
                        written.append(tid)
                        args = b.get("input")
                        calls[tid] = ToolCall(
                            tid, own_name(b.get("name")), args if isinstance(args, dict) else {}
                        )
                continue
            n = 0
            for b in blocks(content):
                tid = b.get("tool_use_id")
                if b.get("type") == "tool_result" and isinstance(tid, str) and tid in calls:
                    written.append(tid)
                    was = calls[tid]
                    text = result_content(b.get("content", ""))
                    calls[tid] = ToolCall(
                        was.id, was.name, was.input, text, bool(b.get("is_error"))
                    )
                    answered.add(tid)
                    n += 1
            prev = self.messages[i - 1] if i else {}
            if n and prev.get("role") == "user":
                split = True  # results of one turn spread over several user messages
        # the earlier calls stay as they were read (no new result for one of them, no id reused):
        # what was read from them holds
        self._kept = resume is not None and not resume.calls.keys() & written
        return calls, answered, split

    def user_turns(self) -> list[str]:
        """The user's own words of every user message, oldest first (no tool results)."""
        return [
            t for m in self.messages if m.get("role") == "user" and (t := _said(m.get("content")))
        ]

    def seen(self) -> Seen:
        """What this Conversation has read, for the next request that resends these messages."""
        static = self._static_box
        return Seen(
            len(self.messages),
            self.by_id,
            self.answered,
            self.split_results,
            self.task,
            self.system_role,
            self.req.get("tools") if static else None,
            self.box if static else None,
            self.custom_tools if static else None,
            self._orders_read,
        )

    def offers(self, name: str) -> bool:
        return name in self.tools

    def say(self, key: str, **fields: object) -> str:
        return say(self.lang, key, **fields)

    def orders(self) -> list[Order]:
        """The orders the task names, each with the calls made about it (read once a request, and of
        a resent history only from its new calls on)."""
        if self._orders is None:
            self._orders = self._read_orders()
        return self._orders

    def _read_orders(self) -> list[Order]:
        read = self._orders_read
        new: Iterator[ToolCall]
        if read is not None and read.task == self.task:
            every = [
                Order(o.mention, o.canonical, list(o.calls), dict(o._named)) for o in read.orders
            ]
            seen = {o.canonical: o for o in every}
            new = itertools.islice(self.calls, read.ncalls, None)
        else:
            seen = {}
            for m in ORDER_MENTION.finditer(self.task):
                key = f"{m.group(1).upper()}-{m.group(2)}"
                seen.setdefault(key, Order(m.group(0), key))
            every = list(seen.values())
            new = iter(self.calls)
        for c in new:
            oid = canonical(str(c.input.get("order_id", "")))
            if (
                oid is None
            ):  # a call that names no order (an escalation, a forced call) concerns every order
                for o in every:
                    o.calls.append(c)
            elif oid in seen:
                seen[oid].calls.append(c)
        self._orders_read = OrdersRead(self.task, len(self.calls), every)
        return every
