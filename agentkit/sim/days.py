"""A day the question names, read from a result keyed by days: written rules.

1. The day asked: a weekday the question names (Monday ... Sunday, Mon ... Sun, 周一 ... 周日 / 周天,
   星期一 ... 星期日 / 星期天, 礼拜一 ... 礼拜天), else today / tomorrow / the day after tomorrow
   (今天, 明天, 后天) as the weekday of the stand-in's date (`agentkit.sim.values.today_date`).
2. The keys: an object (at any depth of a result) with two or more keys that are days or runs of
   days: a weekday, a range ("Mon-Fri", "Monday to Friday", 周一至周五, 周一到周五), a list
   ("Sat/Sun", "Sat & Sun"), weekdays / 工作日 (Monday to Friday), weekend / 周末 (Saturday and
   Sunday). The key that covers the day asked gives the value.
3. The part asked: a question about closing (close, closes, shut, 关门, 闭馆, 打烊, 几点结束)
   takes a time range's end ("10:00-20:30" -> 20:30), one about opening (open, opens, 开门, 开馆,
   几点开始) its start; any other question the whole value. A value that says closed (closed, 闭馆,
   休息, 不营业) is said as it is.
The answer leads with the day's key, its value and the part asked.
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


def _day_objects(data: Any) -> list[dict[str, Any]]:
    if isinstance(data, dict):
        keyed = [k for k in data if covered(str(k))]
        found = [data] if len(keyed) >= 2 else []
        return found + [o for x in data.values() for o in _day_objects(x)]
    if isinstance(data, list):
        return [o for x in data for o in _day_objects(x)]
    return []


def on_day(task: str, results: list[Any]) -> OnDay | None:
    """Rules 1 to 3: the value the results give for the day asked, or None."""
    day = asked_day(task)
    if day is None:
        return None
    for data in results:
        for obj in _day_objects(data):
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
