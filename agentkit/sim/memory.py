"""The memory tool (`{"type": "memory_20250818", "name": "memory"}`): a directory of files, /memories,
that the program keeps between conversations. Written rules, in Chinese and English:

1. The rules apply when the request offers the memory tool and the open task asks to keep
   something ("Remember that I like TypeScript", "记住我喜欢喝茶", "note that ...", "don't forget
   ...") or to recall it ("What do you know about me?", "what did I tell you", "你记得我...吗"), or
   when no other tool is offered.
2. The first call of a task views the directory: `view /memories` (the API tells Claude to look at
   its memory before anything else).
3. Then each file the listing shows (up to three) is viewed, one call each, together.
4. Something to keep (a request, not a question; "keep that in mind", "remember this", "记住这一点"
   point at the sentences before them, which are what is kept): when a file is already there, the line is inserted at its end
   (`insert`, `insert_text: "- <what to keep>\\n"`); otherwise a new file is created,
   `/memories/notes.md`, holding that line. Then the answer says it was kept.
5. To recall, or when the task asks nothing of memory: the answer quotes what the files hold (or
   says the memory is empty).
The paths come from the results; nothing is kept that the user did not say.
"""

from __future__ import annotations

import re
from typing import Any

from ..offline.model import Reply
from .conversation import Conversation
from .phrases import say
from .view import Call, view

ROOT = "/memories"
KEEP = re.compile(
    r"\b(?:remember|note|keep in mind|don'?t forget|memori[sz]e|save)\b(?:\s+that)?[:,]?\s*(.+)"
    r"|(?:记住|记下|别忘了|请记得)[:：，,]?\s*(.+)",
    re.IGNORECASE | re.DOTALL,
)
POINTING = re.compile(  # "keep that in mind", "remember this", "记住这一点": what came before
    r"\b(?:keep|bear)\s+(?:that|this|it)\s+in\s+mind\b|\b(?:remember|note|memori[sz]e)\s+"
    r"(?:that|this|it)\s*(?=[.!。,，]|\s+for\b|$)|(?:记住|记下|记着|记好)(?:这一?点|这个|这件事)?(?=[。！!，,]|$)",
    re.IGNORECASE,
)
RECALL = re.compile(
    r"\bwhat (?:do|did) (?:you|I)\b.{0,30}\b(?:know|remember|tell|told|said|like|prefer)|"
    r"\bdo you remember\b|\brecall\b|你记得|还记得|我(?:说过|告诉过你)|关于我",
    re.IGNORECASE,
)
LISTED = re.compile(r"(/memories/[\w./-]+\.\w+)")


def memory_tool(conv: Conversation) -> str | None:
    """The memory tool's name, when the request offers it."""
    for t in conv.req.get("tools") or []:
        if isinstance(t, dict) and str(t.get("type", "")).startswith("memory_"):
            return str(t.get("name") or "memory")
    return None


def asked_of_memory(conv: Conversation, name: str) -> bool:
    """Rule 1."""
    others = [
        t for t in conv.req.get("tools") or [] if isinstance(t, dict) and t.get("name") != name
    ]
    task = view(conv).task
    return bool(KEEP.search(task) or POINTING.search(task) or RECALL.search(task) or not others)


def _use(name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool_use", "name": name, "input": args}


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


def kept(task: str) -> str | None:
    """What the user asks to keep, in their words ("that I like TypeScript" -> "I like TypeScript")."""
    if RECALL.search(task) or task.rstrip().endswith(("?", "？")):
        return None  # a question about memory keeps nothing
    pointing = POINTING.search(task)
    before = task[: pointing.start()].strip() if pointing else ""
    before = re.sub(
        r"^(?:please|请)\s*|[\s,，]*(?:please|so|and|请|所以)?[\s,，]*$", "", before, flags=re.I
    )
    if before:  # "I'm allergic to sesame. Please keep that in mind" keeps the sentence before
        return before.rstrip(".。!！ ")
    m = KEEP.search(task)
    if m is None:
        return None
    what = next(g for g in m.groups() if g).strip().rstrip(".。!！")
    return what[:1].upper() + what[1:] if what else None


def memory_reply(conv: Conversation, name: str) -> Reply:
    """This turn under rules 2 to 5."""
    v = view(conv)
    mine = [c for c in v.calls if c.name == name]
    viewed = {c.input.get("path"): c for c in mine if c.input.get("command") == "view"}
    if ROOT not in viewed and f"{ROOT}/" not in viewed:
        return Reply(
            [_text(say(v.lang, "mem_look")), _use(name, {"command": "view", "path": ROOT})],
            "tool_use",
        )
    listing = viewed.get(ROOT) or viewed.get(f"{ROOT}/")
    files = list(dict.fromkeys(LISTED.findall(listing.result or ""))) if listing else []
    unread = [f for f in files[:3] if f not in viewed]
    if unread:
        calls = [_use(name, {"command": "view", "path": f}) for f in unread]
        return Reply([_text(say(v.lang, "mem_read"))] + calls, "tool_use")
    what = kept(v.task)
    wrote = [c for c in mine if c.input.get("command") in ("create", "insert")]
    if what and not wrote:
        line = f"- {what}\n"
        if files:
            target = files[0]
            held = _lines(viewed[target].result or "")
            while held and not held[-1].strip():  # the view's last, empty line after the newline
                held.pop()
            lines = len(held)
            args = {"command": "insert", "path": target, "insert_line": lines, "insert_text": line}
        else:
            args = {"command": "create", "path": f"{ROOT}/notes.md", "file_text": line}
        return Reply([_text(say(v.lang, "mem_keep"))] + [_use(name, args)], "tool_use")
    return Reply([_text(_answer(v.lang, what, wrote, files, viewed))], "end_turn")


def _lines(viewed: str) -> list[str]:
    """A viewed file's lines, its line numbers ("     1\\t- I like tea") dropped."""
    out = []
    for line in viewed.splitlines():
        m = re.match(r"^\s*\d+\s*[\t|]\s?(.*)$", line)
        if m:
            out.append(m.group(1))
    return out or [x for x in viewed.splitlines()[1:] if x.strip()]


def _answer(
    lang: str, what: str | None, wrote: list[Call], files: list[str], viewed: dict[Any, Call]
) -> str:
    if what and wrote:
        failed = wrote[-1].is_error
        return say(
            lang,
            "mem_failed" if failed else "mem_kept",
            what=what,
            err=(wrote[-1].result or "")[:200],
        )
    held = [
        ln.strip()
        for f in files
        if f in viewed
        for ln in _lines(viewed[f].result or "")
        if ln.strip()
    ]
    if not held:
        return say(lang, "mem_empty")
    return say(lang, "mem_holds", lines="; ".join(held[:12]))
