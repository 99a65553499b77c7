"""Whether something runs late, read from a record that holds its planned and its expected time:
written rules.

1. The question asks whether something is late, delayed or on time (late, delayed, delay, on
   time, behind schedule, running behind; 晚点, 延误, 误点, 准时, 准点).
2. The record: an object (at any depth of a result) with a planned time (a key saying scheduled,
   planned, timetabled, due, departure / arrival as planned; 计划, 原定, 预定, 时刻表) and an
   expected one (expected, estimated, actual, eta, etd, new, revised, live; 预计, 实际, 最新), both
   clock times ("14:12") or date-times ("2026-12-06T14:12").
3. The answer: the minutes between them; more than zero is late ("yes" when the question asks
   whether it is late, "no" when it asks whether it is on time), else on time; it names the thing
   (its name or code field, else the first short text) and says both times.
4. A question whether something is done, comes or arrives by or before a day the user names
   ("will it arrive before Friday?", "get here by December 15", "12月10号之前修好吗", "来得及…吗",
   "in time for the 18th"): the day is read as the stand-in reads dates (relative ones on
   today's date); the record's one date of when it is expected (a key saying expected,
   estimated, eta, delivery, arrival, due, ready, completion, decision; 预计, 完成, 送达, 到达)
   is compared with it; the day is the date said right after by / before / until or right
   before 之前 / 前 ("by train" asks by no day). "by" / 之前 / 前 keep the day itself, "before" does
   not. The answer begins with yes or no and says both dates (`in_time`).
5. A question which of the listed ones to take ("Which train should I take?", 坐哪班) that
   names one clock time to be somewhere by and, when it says them, the minutes from the arrival
   to there ("15 minutes from the station", "步行 15 分钟"): of the records with an arrival
   time, those arriving by that time less those minutes can serve; the cheapest of them by a
   price field, else the latest to arrive, is the one to take, said with its values; each other
   is said too late (its arrival) or in time but dearer (its price) (`timely_pick`).
6. A question whether the user gets from one listed thing to the next in time ("Can I make it
   from one to the other without missing the start?", 来得及吗, 赶得上吗): the two records of a
   listing the request names by their words, in the order it names them, the first with a clock
   time it ends (end, finish, 结束) and the second with one it starts (start, begin, 开始), and
   the minutes a later result gives to go between them (a key of minutes: minutes,
   walk_min, 分钟): arriving at the end plus those minutes is in time when not after the
   start. The answer begins with yes or no, says the times and the minutes to spare or late,
   when to leave to be in time, and a short note the minutes' result adds (`between`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from . import speech, values
from .phrases import say

ASKED = re.compile(
    r"\b(?:late|delayed|delays?|on time|behind schedule|running behind)\b|晚点|延误|误点|准时|准点",
    re.I,
)
ON_TIME = re.compile(r"\bon time\b|准时|准点", re.I)
PLANNED = re.compile(r"sched|plan|timetabl|due|原定|计划|预定|时刻表", re.I)
EXPECTED = re.compile(
    r"expect|estimat|actual|\beta\b|^eta|^etd|revised|^new|live|预计|实际|最新", re.I
)
CLOCK = re.compile(r"(?:\d{4}-\d{2}-\d{2}[T ])?(\d{1,2}):(\d{2})")
NAME_KEY = re.compile(
    r"name|train|flight|bus|vessel|service|route|code|number|no$|名|车次|航班", re.I
)


@dataclass(frozen=True)
class Late:
    name: str
    planned: str
    expected: str
    minutes: int
    on_time_asked: bool


def _minutes(value: Any) -> int | None:
    m = CLOCK.fullmatch(str(value).strip()) if isinstance(value, str) else None
    return int(m.group(1)) * 60 + int(m.group(2)) if m else None


def _objects(data: Any) -> list[dict[str, Any]]:
    if isinstance(data, dict):
        return [data] + [o for x in data.values() for o in _objects(x)]
    if isinstance(data, list):
        return [o for x in data for o in _objects(x)]
    return []


def late(task: str, results: list[Any]) -> Late | None:
    """Rules 1 to 3 over the results, or None."""
    if not ASKED.search(task):
        return None
    for data in results:
        for obj in _objects(data):
            timed = {k: _minutes(x) for k, x in obj.items() if _minutes(x) is not None}
            planned = [k for k in timed if PLANNED.search(k)]
            expected = [k for k in timed if EXPECTED.search(k) and k not in planned]
            if len(planned) != 1 or len(expected) != 1:
                continue
            a, b = timed[planned[0]], timed[expected[0]]
            minutes = (b - a) % (24 * 60) if b is not None and a is not None else 0
            minutes = minutes if minutes < 12 * 60 else minutes - 24 * 60
            name = next(
                (str(x) for k, x in obj.items() if NAME_KEY.search(k) and isinstance(x, str)),
                "",
            )
            return Late(
                name,
                str(obj[planned[0]]),
                str(obj[expected[0]]),
                minutes,
                bool(ON_TIME.search(task)),
            )
    return None


def late_line(lang: str, got: Late) -> str:
    if got.minutes > 0:
        key = "g_late_on_time_no" if got.on_time_asked else "g_late_yes"
    else:
        key = "g_late_on_time_yes" if got.on_time_asked else "g_late_no"
    return say(
        lang, key, name=got.name, n=got.minutes, planned=got.planned, expected=got.expected
    ).replace("  ", " ")


BY_EN = re.compile(r"\b(?:by|before|no later than|in time for|until)\s+", re.I)
BY_ZH = re.compile(r"之前|以前|前(?![往去进])")
WHETHER = re.compile(r"\?|？|吗|能不能|会不会|是否|来得及|赶得上", re.I)
EXPECTED_DAY = re.compile(
    r"expect|estimat|\beta\b|^eta|deliver|arriv|due|ready|complet|finish|decision|ship|"
    r"预计|完成|送达|到达|到货|交付|截止|出结果",
    re.I,
)
ISO_DAY = re.compile(r"^(\d{4}-\d{2}-\d{2})")


def _deadline(task: str) -> tuple[str, bool] | None:
    """The day a question asks by (the date right after by / before / until, or right before
    之前 / 前) and whether it must come before it; None when no such day is said."""
    for m in BY_EN.finditer(task):
        days = values.iso_dates(task[m.end() : m.end() + 30])
        if days:
            return days[0][1], m.group(0).strip().lower() == "before"
    for m in BY_ZH.finditer(task):
        days = values.iso_dates(task[max(0, m.start() - 14) : m.start()])
        if days:
            return days[-1][1], False
    return None


@dataclass(frozen=True)
class InTime:
    yes: bool
    field: str
    expected: str
    deadline: str


def in_time(task: str, results: list[Any]) -> InTime | None:
    """Rule 4 over the results, or None."""
    asked = _deadline(task) if WHETHER.search(task) else None
    if asked is None:
        return None
    deadline, before = asked
    for data in results:
        for obj in _objects(data):
            dated = {
                str(k): m.group(1)
                for k, x in obj.items()
                if isinstance(x, str) and (m := ISO_DAY.match(x.strip()))
            }
            keys = [k for k in dated if EXPECTED_DAY.search(k)]
            if len(keys) != 1:
                continue
            got = dated[keys[0]]
            ok = got < deadline if before else got <= deadline
            return InTime(ok, keys[0], got, deadline)
    return None


def in_time_line(lang: str, got: InTime) -> str:
    """Rule 4's sentence."""
    field = got.field.replace("_", " ")
    field = field[:1].lower() + field[1:] if field[1:2].islower() else field  # the Estimated …
    key = "g_in_time_yes" if got.yes else "g_in_time_no"
    return say(lang, key, field=field, expected=got.expected, deadline=got.deadline)


WHICH = re.compile(
    r"\bwhich\b|\bwhat (?:train|bus|coach|flight|ferry|sailing|boat|one)\b|"
    r"哪(?:一)?(?:班|趟|个|辆|艘|次)|选哪|坐哪|搭哪|应该坐",
    re.I,
)
TO_GET_THERE = re.compile(
    r"(\d{1,3})\s*-?\s*(?:min(?:ute)?s?\b)|(\d{1,3})\s*分钟|(?:half an hour|半小时|半个小时)", re.I
)
ARRIVE_KEY = re.compile(r"arriv|^lands?$|landing|^eta$|_eta$|到达|抵达|到站|到港", re.I)
PRICE_KEY = re.compile(r"price|fare|cost|票价|价格|费用|价", re.I)
NAMED_KEY = re.compile(
    r"^(?:name|train|bus|coach|flight|ferry|ship|vessel|operator|service|line|route|number|no)$|"
    r"车次|航班|班次|名称",
    re.I,
)


@dataclass(frozen=True)
class Timely:
    item: str
    record: dict[str, Any]
    arrive: str
    at: str  # the time the user must be there
    minutes: int  # to get there from the arrival
    late: tuple[tuple[str, str], ...]  # (item, its arrival) of those too late
    dearer: tuple[tuple[str, str], ...]  # (item, its price) of those in time but dearer


def _clock(x: Any) -> int | None:
    m = CLOCK.search(x) if isinstance(x, str) else None
    return int(m.group(1)) * 60 + int(m.group(2)) if m else None


def _item(obj: dict[str, Any]) -> str:
    named = [str(x) for k, x in obj.items() if NAMED_KEY.search(str(k)) and str(x)]
    first = next((str(x) for x in obj.values() if isinstance(x, str) and _clock(x) is None), "")
    return named[0] if named else first


def timely_pick(task: str, results: list[Any]) -> Timely | None:
    """Rule 5: a question which of the listed ones to take ("Which train should I take?",
    坐哪班) that names a clock time to be somewhere by ("a 10:00 meeting", "check-in closes at
    14:00", "十点开会") and, when it says one, the minutes from the arrival to there ("15 minutes
    from the station", "步行 15 分钟"): of the records with an arrival time (arrive, arrival,
    到达), those that arrive by that time less those minutes can serve; the cheapest of them by
    their price field, else the latest to arrive, is the one to take; the others are said too
    late, or in time but dearer."""
    if not WHICH.search(task):
        return None
    clocks = values.times(task)
    if len(clocks) != 1:
        return None
    at = clocks[0][1]
    got = TO_GET_THERE.search(task)
    minutes = int(got.group(1) or got.group(2)) if got and (got.group(1) or got.group(2)) else 0
    minutes = 30 if got and not minutes else minutes
    bound = _clock(at)
    assert bound is not None
    for data in results:
        objs = [o for o in _objects(data) if any(ARRIVE_KEY.search(str(k)) for k in o)]
        keyed = [(o, next(k for k in o if ARRIVE_KEY.search(str(k)))) for o in objs]
        timed = [(o, k, t) for o, k in keyed if (t := _clock(o[k])) is not None]
        if len(timed) < 2 or len(timed) != len(objs):
            continue
        fits = [(o, k, t) for o, k, t in timed if t + minutes <= bound]
        price = next((str(k) for k in timed[0][0] if PRICE_KEY.search(str(k))), None)
        late = tuple((_item(o), str(o[k])) for o, k, t in timed if t + minutes > bound)
        if not fits:
            return None
        if price is not None and all(_number(o.get(price)) is not None for o, _, _ in fits):
            best = min(fits, key=lambda f: _number(f[0].get(price)) or 0.0)
        else:
            best = max(fits, key=lambda f: f[2])
        dearer = tuple(
            (_item(o), speech.unit_added(price, speech.value(o[price], "en"), "en"))
            for o, _, _ in fits
            if price is not None and o is not best[0]
        )
        return Timely(_item(best[0]), best[0], str(best[0][best[1]]), at, minutes, late, dearer)
    return None


def _number(x: Any) -> float | None:
    if isinstance(x, int | float) and not isinstance(x, bool):
        return float(x)
    m = re.search(r"\d+(?:\.\d+)?", x) if isinstance(x, str) else None
    return float(m.group(0)) if m else None


def timely_line(lang: str, got: Timely) -> str:
    """Rule 5's sentences: the one to take with its values, then why each other one is not."""
    sep, colon = ("，", "：") if lang == "zh" else (", ", ": ")
    facts = sep.join(
        f"{speech.label(k, lang, capital=False)}{colon}"
        f"{speech.unit_added(k, speech.value(x, lang), lang)}"
        for k, x in got.record.items()
        if str(x) != got.item and not isinstance(x, dict | list)
    )
    key = "g_timely_take_walk" if got.minutes else "g_timely_take"
    out = [say(lang, key, item=got.item, facts=facts, arrive=got.arrive, at=got.at, n=got.minutes)]
    out += [say(lang, "g_timely_late", item=i, arrive=a) for i, a in got.late]
    out += [say(lang, "g_timely_dearer", item=i, price=p) for i, p in got.dearer]
    return ("" if lang == "zh" else " ").join(out)


# ------------------------------------------------ 6. from one listed thing to the next in time

MAKE_IT = re.compile(
    r"\b(?:make it|in time|on time|catch|without missing|get there)\b|来得及|赶得上|赶上|能到",
    re.I,
)
END_KEY = re.compile(r"end|finish|until|结束|散场", re.I)
START_KEY = re.compile(r"start|begin|^from$|开始|开场", re.I)
MINUTES_KEY = re.compile(r"min|分钟", re.I)


@dataclass(frozen=True)
class Between:
    first: str
    end: int
    second: str
    start: int
    minutes: int
    note: str


def _hhmm(m: int) -> str:
    return f"{m // 60 % 24:02d}:{m % 60:02d}"


def _said_at(task: str, record: dict[str, Any]) -> int | None:
    """Where the request names the record by one of its texts (three letters or more)."""
    at = [
        task.lower().find(x.lower())
        for x in record.values()
        if isinstance(x, str) and len(x) >= 3 and x.lower() in task.lower()
    ]
    return min(at) if at else None


def between(task: str, results: list[Any]) -> Between | None:
    """Rule 6: the two records the request names, the minutes between them, weighed."""
    if not MAKE_IT.search(task):
        return None
    named: list[tuple[int, dict[str, Any]]] = []
    minutes = None
    note = ""
    for data in results:
        objs = _objects(data)
        if isinstance(data, dict) and len(objs) == 1:
            mins = [x for k, x in data.items() if MINUTES_KEY.search(str(k)) and type(x) is int]
            if len(mins) == 1:
                minutes = mins[0]
                note = next((x for x in data.values() if isinstance(x, str) and " " in x), "")
            continue
        named += [(at, r) for r in objs if (at := _said_at(task, r)) is not None]
    named.sort(key=lambda p: p[0])
    if minutes is None or len(named) != 2:
        return None
    (_, a), (_, b) = named
    end = next((_clock(x) for k, x in a.items() if END_KEY.search(str(k))), None)
    start = next((_clock(x) for k, x in b.items() if START_KEY.search(str(k))), None)
    if end is None or start is None:
        return None
    return Between(_item(a), end, _item(b), start, minutes, note)


def between_line(lang: str, got: Between) -> str:
    """Rule 6's answer."""
    arrive = got.end + got.minutes
    fields = dict(
        first=got.first,
        end=_hhmm(got.end),
        second=got.second,
        start=_hhmm(got.start),
        minutes=got.minutes,
        arrive=_hhmm(arrive),
        gap=abs(got.start - arrive),
        leave=_hhmm(got.start - got.minutes),
    )
    line = say(lang, "lt_between_yes" if arrive <= got.start else "lt_between_no", **fields)
    return f"{line} ({got.note})" if got.note else line
