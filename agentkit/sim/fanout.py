"""A request about several things, and what follows it: written rules.

1. Places in a fan-out. The calls one turn made of one tool, two or more, each with its own value
   under the same input ("the humidity of G1, G2 and G3": three calls), are a listing in the
   order they were made, when none of their results lists entries of its own. A follow-up that
   picks by place ("the second one", "第二个站点", "the last one") takes, for that input, the
   value of the call at that place (`placed`), not the latest one; with no word of a tool in
   common ("第一个上次是什么时候保养的？" after get_lighthouse), the tool that takes that input
   is the one such a follow-up asks (`fanned_keys`).
2. Each id a result lists. A tool that lacks one required id, which a result of the task lists
   several of (`{"zone_ids": ["Z1", "Z2"]}`, entries that each hold the id), is called once for
   each, together, when the request asks about each or all of them ("each zone", "every
   tank", "all the rooms", "每个", "各个", "分别", "所有") or names the id's thing in the plural
   ("the readings of the tanks in range R1") or asks which of them ("which need syrup", "哪个
   最划算": a pick among them needs each one's detail): at most the first `CAP` of them, the rest said as
   not read (`ids_to_read`). An id the rules picked from such a listing (one entry of several) is
   read so for each entry too (`each_inputs`). Only the entries the request picks are called for
   (`agentkit.sim.pick.for_act`: the period, conditions and kind it says, none it puts aside),
   and a request that names the entries' kind in the plural ("the books") asks about each.
3. Several ends of one route. "From A to B and (to) C", "从A到B和到C", "从A到B、C和D": one call
   per end, each with the start A, for a tool that takes a route's start and end (`legs`); the
   question after the last end ("分别要开多少公里", "respectively?") is no part of it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from . import pick
from .lexicon import words
from .values import leg
from .view import Call

CAP = 10
EACH = re.compile(
    r"\b(?:each|every|all|both)\b|每[个一只条台家位间项]?|各[个自]?|分别|所有|全部|逐一", re.I
)
WHICH = re.compile(r"\bwhich\b|哪[些几个家一台位只条间]", re.I)
EXISTS = re.compile(  # "有哪些…在卖", "which ones are there": the listing itself is the answer
    r"有哪|有什么|\b(?:are|is) there\b|\bavailable\b|\bfor sale\b|\bin stock\b|在卖|可选|能选"
    r"|\bwhich(?:\s+\w+){0,2}\s+ids?\b|\bhave\s*\?",  # "which row ids does E7 have?"
    re.I,
)


def asks_which(task: str) -> bool:
    """Rule 2: the request asks which of the things meet something ("which need syrup", 哪几箱),
    not which there are ("苏州有哪些二手车在卖")."""
    return bool(WHICH.search(task)) and not EXISTS.search(task)


IDLIKE = re.compile(r"(?=[\w-]*\d)[A-Za-z0-9][\w-]{1,23}")  # "H-01", "SZ-NS-021": an id's shape
ID_WORDS = frozenset({"id", "ids", "identifier", "code", "number", "no", "list"})


def fanned(calls: Sequence[Call], key: str) -> list[str]:
    """Rule 1's listing: the values under `key` of the latest run of successful calls of one tool,
    in the order made, when there are two or more, all different, and no result lists entries."""
    done = [c for c in calls if c.result is not None and not c.failed]
    run: list[Call] = []
    for c in reversed(done):
        if run and c.name != run[0].name:
            break
        if key not in c.input:
            if run:
                break
            continue
        run.insert(0, c)
    values = [str(c.input[key]) for c in run]
    if len(values) < 2 or len(set(values)) < len(values):
        return []
    if any(len(pick.entries(c.data)) >= 2 for c in run):
        return []
    return values


def fanned_keys(calls: Sequence[Call]) -> set[str]:
    """Rule 1: the inputs the latest fan-out of one tool gave each call its own value of."""
    last = next((c for c in reversed(calls) if c.result is not None and not c.failed), None)
    return {k for k in (last.input if last else {}) if fanned(calls, k)}


def placed(task: str, calls: Sequence[Call], key: str) -> str | None:
    """Rule 1: the value at the place the request names among the fan-out's, or None."""
    place = pick.ordinal(task)
    values = fanned(calls, key) if place is not None else []
    if place is None or not values or place > len(values):
        return None
    return values[place - 1 if place > 0 else place]


def _thing(name: str) -> frozenset[str]:
    """A key's words but its id words, each singular: "zone_ids" and "zone_id" -> {"zone"}."""
    return frozenset(
        w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 3 else w
        for w in words(name.replace("_", " ").replace("-", " "))
        if w.lower() not in ID_WORDS
    )


def listed_ids(data: Any, key: str) -> list[str]:
    """Rule 2: the ids for `key` a result lists, in its order: a list of plain values under a key
    of the same thing ("zone_ids", "zones"), a bare list of id-shaped values (["H-01", "H-02"]),
    or entries that each hold `key`."""
    thing = _thing(key)
    found: list[str] = []
    lists = (
        [(k, x) for k, x in data.items() if isinstance(x, list)] if isinstance(data, dict) else []
    )
    if isinstance(data, list):
        lists = [(key, data)]
    for name, items in lists:
        if items and all(isinstance(x, dict) and x.get(key) is not None for x in items):
            found = [str(x[key]) for x in items]
        elif items and all(isinstance(x, (str, int)) and not isinstance(x, bool) for x in items):
            same = _thing(name) == thing or (not _thing(name) and len(lists) == 1)
            bare = isinstance(data, list) and all(IDLIKE.fullmatch(str(x)) for x in items)
            found = [str(x) for x in items] if same and isinstance(data, dict) or bare else []
        if len(found) >= 2:
            return list(dict.fromkeys(found))
    return []


def asks_each(task: str, key: str, which: bool = True) -> bool:
    """Rule 2: the request asks about each of the things, or names their thing in the plural, or
    asks which of them ("which need syrup", "哪几箱", "哪个桩最划算"): every entry's detail is
    needed to pick among them."""
    if EACH.search(task) or which and (asks_which(task) or pick.superlative(task)):
        return True
    plural = {w.lower() for w in re.findall(r"[A-Za-z]+s\b", task)}
    return any(f"{t}s" in plural or f"{t}es" in plural for t in _thing(key))


def ids_to_read(
    task: str, calls: Sequence[Call], key: str, made: Sequence[dict[str, Any]], which: bool = True
) -> list[str]:
    """Rule 2: the ids under `key` still to read, from the latest result of the task that lists
    two or more, the first `CAP` of them, none already in `made`; [] when the rule does not apply."""
    for c in reversed(calls):
        if c.result is None or c.failed:
            continue
        ids = listed_ids(c.data, key)
        items = [e for e in pick.listing_entries(c.data) if e.get(key) is not None]
        if ids and not (asks_each(task, key, which) or pick.says_kind(task, items)):
            return []
        if ids and items:  # the entries the request picks (`agentkit.sim.pick`, rule 7)
            ids = [str(e[key]) for e in pick.for_act(task, items)]
        if ids:
            done = {str(m.get(key)) for m in made}
            return [x for x in ids[:CAP] if x not in done]
    return []


def each_inputs(
    task: str,
    calls: Sequence[Call],
    ids: Sequence[str],
    args: dict[str, Any],
    missing: Sequence[str],
    made: Sequence[dict[str, Any]],
    which: bool = True,
) -> list[dict[str, Any]]:
    """Rule 2 for one tool: its inputs once per listed id still to read, for the one id input
    (of `ids`) the request leaves open or that was picked from the listing; else []. `which`:
    a reading tool, for which "which of them" and a superlative ask about each too (an act's
    superlative picks one)."""
    open_ = [k for k in ids if k in missing or (k in args and str(args[k]) not in task)]
    if len(open_) != 1 or any(m not in open_ for m in missing):
        return []
    k = open_[0]
    todo = ids_to_read(task, calls, k, made, which)
    if k in args and not any(str(args[k]) in listed_ids(c.data, k) for c in calls):
        return []  # a value of the request's own, or one not from a listing
    return [{**args, k: x} for x in todo]


ZH_LEGS = re.compile(
    r"从\s*(?P<start>[\u4e00-\u9fffA-Za-z]{2,10}?)\s*(?:到|去|至|前往)\s*"
    r"(?P<ends>[\u4e00-\u9fffA-Za-z]{2,10}(?:\s*(?:和|、|与|及|以及|还有)\s*(?:到|去|至)?\s*"
    r"[\u4e00-\u9fffA-Za-z]{2,10})+)"
)
ZH_STOP = re.compile(
    r"(?:分别|各|都|要|需|大概|大约|约|有|是|的|多|怎么|开|走|坐|飞|骑|跑|步行|用|距离|路程).*$"
)
NAME = r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*"
EN_LEGS = re.compile(
    rf"\bfrom\s+(?:the\s+)?(?P<start>{NAME})\s+to\s+(?P<ends>(?:the\s+)?{NAME}"
    rf"(?:\s*(?:,\s*|\s+)(?:and\s+|or\s+)?(?:to\s+)?(?:the\s+)?{NAME})+)"
)


def route_ends(text: str) -> tuple[str, list[str]] | None:
    """Rule 3: the start and the two or more ends a request names, else None."""
    m = EN_LEGS.search(text)
    if m:
        ends = re.split(r"\s*,\s*(?:and\s+|or\s+)?(?:to\s+)?|\s+(?:and|or)\s+(?:to\s+)?", m["ends"])
        ends = [re.sub(r"^the\s+", "", e).strip() for e in ends if e.strip()]
        return (m["start"], ends) if len(ends) >= 2 else None
    m = ZH_LEGS.search(text)
    if m is None:
        return None
    start = re.sub(r"^(?:帮我|请|麻烦|查一下|查查|看看|我想知道)+", "", m["start"])
    parts = re.split(r"\s*(?:和|、|与|及|以及|还有)\s*(?:到|去|至)?\s*", m["ends"])
    ends = [ZH_STOP.sub("", p) for p in parts]
    if len(ends) < 2 or any(len(e) < 2 for e in ends) or len(start) < 2:
        return None
    return start, ends


def legs(text: str, props: dict[str, Any]) -> list[dict[str, str]]:
    """Rule 3: one input per end, for a tool with one property for a route's start and one for
    its end (`agentkit.sim.values.leg`); [] otherwise."""
    found = route_ends(text)
    starts = [k for k in props if leg(k) == "from"]
    ends = [k for k in props if leg(k) == "to"]
    if found is None or len(starts) != 1 or len(ends) != 1:
        return []
    return [{starts[0]: found[0], ends[0]: e} for e in found[1]]
