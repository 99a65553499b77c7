"""Choosing among the items a result lists, by the superlative the request uses: written rules.

1. A request that asks for the cheapest / most expensive / earliest / latest / fastest / shortest /
   longest / highest / lowest one (最便宜, 最贵, 最早, 最晚, 最快, 最短, 最长, 最高, 最低) picks, from a
   result that is a list of objects, the item with the smallest or largest value under the key
   that superlative is about (a price, fare or cost; a departure time or date; a duration; else
   the first number of the items).
2. The picked item comes first among the result's items, so a later call takes its values from
   it ("book the cheapest one" books that flight), and the answer names it.
3. An id a later call needs, from a result that lists entries (one a line, or a list of objects):
   the entry whose words the request uses ("the mushroom risotto recipe" and "- rcp_481: Mushroom
   risotto"; "龟背竹" and "P-03 龟背竹，上次浇水 …") gives its id-like token (rcp_481, P-03).
"""

from __future__ import annotations

import re
from typing import Any

KEYS = {
    "price": r"price|fare|cost|amount|total|fee|价|费",
    "time": r"depart|time|date|start|when|出发|时间|日期|开始",
    "duration": r"duration|minutes|hours|length|时长|耗时|用时",
    "any": r".",
}
RULES = [  # (what the request says, the key it is about, smallest first?)
    (r"cheapest|least expensive|lowest (?:price|fare|cost)|最便宜|最低价|价格最低", "price", True),
    (r"most expensive|priciest|最贵|价格最高", "price", False),
    (r"earliest|soonest|first available|最早", "time", True),
    (r"\blatest\b|last one|最晚|最迟", "time", False),
    (r"fastest|shortest|quickest|最快|最短", "duration", True),
    (r"longest|slowest|最长|最慢", "duration", False),
    (r"highest|biggest|largest|most\b|最高|最大|最多", "any", False),
    (r"lowest|smallest|least\b|最低|最小|最少", "any", True),
]


def _number(x: Any) -> float | None:
    if isinstance(x, bool):
        return None
    if isinstance(x, int | float):
        return float(x)
    m = re.search(r"-?\d+(?:[.,]\d+)?", str(x)) if isinstance(x, str) else None
    return float(m.group(0).replace(",", ".")) if m else None


def _value(item: dict[str, Any], about: str) -> Any:
    for k, x in item.items():
        if re.search(KEYS[about], str(k), re.IGNORECASE) and not isinstance(x, dict | list | bool):
            if about == "time" and isinstance(x, str):
                return x  # "09:45", "2026-05-01T13:10": ordered as written
            n = _number(x)
            if n is not None:
                return n
    return None


def superlative(task: str) -> tuple[str, bool, str] | None:
    """Rule 1's reading: (the key it is about, smallest first, the words said)."""
    for pattern, about, smallest in RULES:
        m = re.search(pattern, task, re.IGNORECASE)
        if m:
            return about, smallest, m.group(0)
    return None


def picked(task: str, data: Any) -> dict[str, Any] | None:
    """Rule 1: the item of a list result the request's superlative picks, or None."""
    rule = superlative(task)
    items = _items(data)
    if rule is None or len(items) < 2:
        return None
    about, smallest, _ = rule
    scored = [(v, i) for i, item in enumerate(items) if (v := _value(item, about)) is not None]
    if len(scored) < 2 or len({type(v) for v, _ in scored}) > 1:
        return None
    best = min(scored) if smallest else max(scored)
    return items[best[1]]


def _items(data: Any) -> list[dict[str, Any]]:
    if isinstance(data, dict):  # {"flights": [...]}: the one list it holds
        lists = [x for x in data.values() if isinstance(x, list)]
        data = lists[0] if len(lists) == 1 else None
    return [x for x in data if isinstance(x, dict)] if isinstance(data, list) else []


def first(task: str, data: Any) -> Any:
    """Rule 2: the result with the picked item first among its items."""
    item = picked(task, data)
    if item is None:
        return data
    if isinstance(data, list):
        return [item] + [x for x in data if x is not item]
    return {
        k: ([item] + [x for x in v if x is not item] if isinstance(v, list) else v)
        for k, v in data.items()
    }


ID_LIKE = re.compile(r"(?<![\w-])([A-Za-z]{1,8}[-_]?\d{1,10}|\d{4,12})(?![\w-])")
PLAIN = frozenset("the a an of to for in on and or my me get full show find with".split())


def _said(task: str) -> tuple[frozenset[str], str]:
    latin = frozenset(w for w in re.findall(r"[a-z]{3,}", task.lower()) if w not in PLAIN)
    return latin, task


def _overlap(entry: str, said: tuple[frozenset[str], str]) -> int:
    latin, task = said
    words = set(re.findall(r"[a-z]{3,}", ID_LIKE.sub(" ", entry).lower())) - PLAIN
    han = re.findall(r"[\u4e00-\u9fff]{2,}", entry)
    return len(words & latin) + sum(2 for h in han if h in task)


def entry_id(task: str, results: list[Any]) -> str | None:
    """Rule 3: the id of the one entry the request names, or None."""
    said = _said(task)
    for data in results:
        entries: list[str] = []
        if isinstance(data, str):
            entries = [line for line in data.splitlines() if ID_LIKE.search(line)]
        elif isinstance(data, dict | list):
            entries = [" ".join(f"{k} {v}" for k, v in x.items()) for x in _items(data)]
        scored = sorted(((_overlap(e, said), i) for i, e in enumerate(entries)), reverse=True)
        if scored and scored[0][0] > 0 and (len(scored) == 1 or scored[1][0] < scored[0][0]):
            m = ID_LIKE.search(entries[scored[0][1]])
            if m:
                return m.group(1)
    return None
