"""Work the user lists item by item, and a tool that ends the work: written rules.

1. Items: a request that lists three or more short items after a colon or after "each of" /
   "every one of" / "以下" ("search for each of these animals: dogs, cats, birds") names one piece
   of work per item. A tool taken for it whose one required property is a string gets one call
   per item, that property holding the item.
2. "One by one" / "one at a time" / "逐个" / "一个一个": one call a turn, in the order listed;
   otherwise the calls go together.
3. A finishing tool (its name is done, finish, complete or submit, or its description says to call
   it when finished) is called only once every other call of the task has answered, and once: its
   text property holds what the results gave.
"""

from __future__ import annotations

import re

from .view import Tool

EACH = re.compile(
    r"(?:\beach of|\bevery one of|\ball of|\bthe following|\bthese)\b[^:：\n]{0,40}[:：]\s*(.+)"
    r"|[:：]\s*(.+)|(?:以下|下面)[^：:\n]{0,10}[：:]\s*(.+)",
    re.IGNORECASE,
)
SPLIT = re.compile(r"\s*(?:,|，|、|;|；|\band\b|\bor\b|和|及)\s*", re.IGNORECASE)
ONE_BY_ONE = re.compile(r"one by one|one at a time|each in turn|逐个|一个一个|依次", re.IGNORECASE)
FINISH_NAMES = frozenset({"done", "finish", "finished", "complete", "submit", "final"})
FINISH_SAID = re.compile(
    r"\bcall (?:this |it )?when (?:you are |you're )?(?:done|finished|complete)", re.I
)


def items(task: str) -> list[str]:
    """Rule 1: the items listed, or [] when the request lists none."""
    m = EACH.search(task)
    if m is None:
        return []
    listed = next(g for g in m.groups() if g)
    listed = re.split(r"[.。!！?？\n]", listed, maxsplit=1)[0]
    found = [x.strip(" '\"“”") for x in SPLIT.split(listed) if x and x.strip()]
    if len(found) < 3 or any(len(x.split()) > 3 or len(x) > 30 for x in found):
        return []
    return found


def one_by_one(task: str) -> bool:
    """Rule 2."""
    return bool(ONE_BY_ONE.search(task))


def finishes(t: Tool) -> bool:
    """Rule 3: a tool that ends the work."""
    name = set(re.findall(r"[a-z]+", t.name.lower()))
    return bool(name & FINISH_NAMES and len(name) <= 2) or bool(FINISH_SAID.search(t.description))


def item_property(t: Tool) -> str | None:
    """The tool's one required property, when it is a string."""
    required = t.schema.get("required") or []
    props = t.schema.get("properties") or {}
    if len(required) != 1:
        return None
    p = props.get(required[0])
    return required[0] if isinstance(p, dict) and p.get("type") == "string" else None
