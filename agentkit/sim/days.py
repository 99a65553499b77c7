"""A day the question names, read from a result keyed by days: written rules.

1. The day asked: a weekday the question names (Monday ... Sunday, Mon ... Sun, 周一 ... 周日 / 周天,
   星期一 ... 星期日 / 星期天, 礼拜一 ... 礼拜天), else today / tomorrow / the day after tomorrow
   (今天, 明天, 后天) as the weekday of the stand-in's date (`agentkit.sim.values.today_date`).
2. The keys: an object (at any depth of a result) with two or more keys that are days or runs of
   days: a weekday, a range ("Mon-Fri", "Monday to Friday", 周一至周五, 周一到周五), a list
   ("Sat/Sun", "Sat & Sun"), weekdays / 工作日 (Monday to Friday), weekend / 周末 (Saturday and
   Sunday). The key that covers the day asked gives the value. Hours written in prose ("周一至周五
   06:30-22:00；周六 07:00-21:00；周日及法定节假日 08:00-20:30。") are read as such keys, segment by
   segment (`_prose_hours`).
3. The part asked: a question about closing (close, closes, shut, 关门, 闭馆, 打烊, 几点结束)
   takes a time range's end ("10:00-20:30" -> 20:30), one about opening (open, opens, 开门, 开馆,
   几点开始) its start; any other question the whole value. A value that says closed (closed, 闭馆,
   休息, 不营业) is said as it is.
The answer leads with the day's key, its value and the part asked.
4. A list of days to fill (an array whose members are days: mon ... sun) takes the days the
   text names, a run of them as each of its days: "weekday mornings" Monday to Friday, 周末
   Saturday and Sunday, "every day" all seven (`members_named`).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Any

from .phrases import say
from .values import today_date

EN = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
ZH = "一二三四五六日"
DAY_EN = re.compile(
    r"\b(mon|tue|wed|thu|fri|sat|sun)(?:days?|s|\.|nesdays?|sdays?|rsdays?|urdays?)?\b", re.I
)
DAY_ZH = re.compile(r"(?:周|星期|礼拜)([一二三四五六日天])")
RELATIVE = [(r"\bday after tomorrow\b|后天", 2), (r"\btomorrow\b|明天", 1), (r"\btoday\b|今天", 0)]
CLOSE = re.compile(r"\bclos\w*|\bshut\b|关门|闭馆|打烊|结束|几点关", re.I)
OPEN = re.compile(r"\bopen\w*|开门|开馆|几点开|开始营业", re.I)
RANGE = re.compile(
    r"(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)\s*(?:-|–|—|~|to|至|到)\s*(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)",
    re.I,
)
CLOSED = re.compile(r"\bclosed\b|闭馆|休息|不营业|关闭", re.I)


@dataclass(frozen=True)
class OnDay:
    key: str
    value: str
    part: str | None  # the end or start of a time range asked for, else None
    closing: bool = False


def asked_day(task: str) -> int | None:
    """Rule 1: the weekday asked (0 Monday ... 6 Sunday), or None."""
    m = DAY_EN.search(task)
    if m:
        return EN.index(m.group(1).lower())
    z = DAY_ZH.search(task)
    if z:
        return 6 if z.group(1) in "日天" else ZH.index(z.group(1))
    for pattern, ahead in RELATIVE:
        if re.search(pattern, task, re.I):
            return (today_date() + datetime.timedelta(days=ahead)).weekday()
    return None


def covered(key: str) -> set[int]:
    """Rule 2: the weekdays a key names, or an empty set."""
    low = key.lower().strip()
    if re.fullmatch(r"weekdays?|工作日|周一至周五", low):
        return set(range(5))
    if re.fullmatch(r"weekends?|周末", low):
        return {5, 6}
    found = [EN.index(m.group(1).lower()) for m in DAY_EN.finditer(low)]
    found += [6 if z.group(1) in "日天" else ZH.index(z.group(1)) for z in DAY_ZH.finditer(low)]
    rest = DAY_EN.sub(" ", DAY_ZH.sub(" ", low))
    if re.sub(r"\bto\b|\band\b|[\s\-–—~/&,、和及至到]", "", rest):
        return set()  # words beside the days: no day key
    if len(found) == 2 and re.search(r"[-–—~]|\bto\b|至|到", low):
        a, b = found
        return set(range(a, b + 1)) if a <= b else set(range(a, 7)) | set(range(0, b + 1))
    return set(found)


RUN = re.compile(
    r"(?:周|星期|礼拜)[一二三四五六日天](?:\s*(?:至|到|-|–|~)\s*(?:周|星期|礼拜)?[一二三四五六日天])?|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?(?:\s*(?:-|–|to)\s*(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)?|weekdays?|weekends?|工作日|周末",
    re.I,
)
DAILY = re.compile(r"\b(?:every ?day|daily|any day|all week)\b|每天|天天|每日|一周七天", re.I)


def members_named(members: list[Any], text: str) -> list[Any]:
    """Rule 4: the members of a list of days (mon ... sun, Monday, 周一) that the days the text
    names cover: a run ("weekday mornings", "Mon-Fri", 周一到周五, 工作日, weekends, 周末) gives
    each of its days, "every day" / 每天 all seven; [] when the members are no days or the text
    names none."""
    each = [covered(str(m)) for m in members]
    if not members or any(len(c) != 1 for c in each):
        return []
    days = set(range(7)) if DAILY.search(text) else set()
    for m in RUN.finditer(text):
        days |= covered(m.group(0).rstrip("."))
    return [m for m, c in zip(members, each, strict=True) if c <= days]


def _strings(data: Any) -> list[str]:
    if isinstance(data, dict):
        return [s for x in data.values() for s in _strings(x)]
    if isinstance(data, list):
        return [s for x in data for s in _strings(x)]
    return [data] if isinstance(data, str) and len(data) > 12 else []


def _day_objects(data: Any) -> list[dict[str, Any]]:
    if isinstance(data, dict):
        keyed = [k for k in data if covered(str(k))]
        found = [data] if len(keyed) >= 2 else []
        return found + [o for x in data.values() for o in _day_objects(x)]
    if isinstance(data, list):
        return [o for x in data for o in _day_objects(x)]
    return []


SEGMENT = re.compile(r"[;；。\n]|,(?!\d)|，")
PAUSED = re.compile(
    r"暂停|停止|关闭|休息|closed|closure|paused|no swimming|cleaning|换水|维护", re.I
)


def _prose_hours(text: str) -> dict[str, str]:
    """Rule 2 in prose: each segment (parted by ；, ;, 。, a comma or a line) that names days and
    then a time range ("周一至周五 06:30-22:00", "Sun and holidays 08:00-20:30") is one key, the
    days' words, and its range; the words after the days ("及法定节假日", "and holidays") name
    more days than asked and are kept out of the key; a segment that pauses or closes
    (暂停, 换水, "closed for cleaning") is no opening hours."""
    out: dict[str, str] = {}
    for seg in SEGMENT.split(text):
        m = RANGE.search(seg)
        if m is not None and PAUSED.search(seg) or m is None and not CLOSED.search(seg):
            continue
        before = seg[: m.start()] if m else seg
        days_ = [
            d
            for d in re.finditer(
                r"(?:周|星期|礼拜)[一二三四五六日天](?:\s*(?:至|到|-|–|~)\s*(?:周|星期|礼拜)?[一二三四五六日天])?|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?(?:\s*(?:-|–|to)\s*(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*)?|weekdays?|weekends?|工作日|周末",
                before,
                re.I,
            )
        ]
        if days_:
            key = " ".join(d.group(0) for d in days_)
            out.setdefault(key, seg[m.start() : m.end()].strip() if m else seg.strip())
    return out if len(out) >= 2 else {}


def on_day(task: str, results: list[Any]) -> OnDay | None:
    """Rules 1 to 3: the value the results give for the day asked, or None."""
    day = asked_day(task)
    if day is None:
        return None
    for data in results:
        texts = [data] if isinstance(data, str) else [x for x in _strings(data)]
        prose = [h for x in texts if (h := _prose_hours(x))]
        for obj in _day_objects(data) + prose:
            key = next((k for k in obj if day in covered(str(k))), None)
            if key is None or isinstance(obj[key], dict | list):
                continue
            value = str(obj[key])
            m = RANGE.search(value)
            part = None
            if m and not CLOSED.search(value):
                part = (
                    m.group(2) if CLOSE.search(task) else m.group(1) if OPEN.search(task) else None
                )
            closing = bool(CLOSE.search(task))
            return OnDay(str(key), value, part.strip() if part else None, closing)
    return None


def on_day_line(lang: str, got: OnDay) -> str:
    if got.part is None:
        return say(lang, "g_on_day", day=got.key, value=got.value)
    key = "g_on_day_closes" if got.closing else "g_on_day_opens"
    return say(lang, key, day=got.key, value=got.value, part=got.part)
