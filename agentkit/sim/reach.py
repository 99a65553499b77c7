"""Whether a thing gets where it is going within the days the user names, at the rate its result
gives: written rules (round 19; "Will B-17 be ready in 3 days?", "5天之内能发完吗？", "Will the
cistern be full by Friday?").

1. The question asks yes or no (will, can, is, does, ... ; 吗, 能不能, 能否, 是否, 来得及, 赶得上)
   about a span: "in / within / in the next N days (weeks)", "N天之内 / 以内 / 内", or by a day of
   the week ("by Friday", "周五之前": the days from today to it).
2. The figures, from one result's fields (a `key: value` text read as fields too): the rate is
   the number field whose key or value says it is per day or per week (per_day, daily, "over
   last 24h", "1100 L per day", 每天, 每日, 日均); what is still to go is the field that says it
   is left to do (remaining, pending, backlog, outstanding, to go, 待, 剩, 积压, 未), else the
   distance between a field of where it is going (target, final, goal, capacity, full, 目标,
   容量) and the field of where it is now (current, level, now, 当前, 目前, 现在), else the
   only other number field.
3. A text field that says a further wait in days ("hold 2 days at final gravity", "静置2天")
   adds those days: the thing is not done until it has waited them too (never "9 days ago").
4. The judgement: the days needed (what is to go over the daily rate, plus the wait) against
   the days asked. The answer begins with yes or no, then the days needed, the margin, and the
   figures that give them (`reach_line`).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Any

from . import values
from .phrases import say

YES_NO = re.compile(
    r"^\s*(?:will|can|could|would|is|are|does|do|shall|should)\b|吗|能不能|能否|是否|来得及|赶得上|"
    r"可不可以|会不会",
    re.I,
)
SPAN = re.compile(
    r"\b(?:in|within|inside|in the next|over the next)\s+(?:the\s+next\s+)?(\d+(?:\.\d+)?)\s*"
    r"(days?|weeks?)\b|(\d+(?:\.\d+)?)\s*(天|日|周|星期|个星期)\s*(?:之内|以内|内|之后|后)",
    re.I,
)
WEEKDAYS_EN = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
BY_DAY = re.compile(
    r"\b(?:by|before|until|till)\s+(?:this\s+|next\s+)?(" + "|".join(WEEKDAYS_EN) + r")\b"
    r"|(?:周|星期|礼拜)([一二三四五六日天])(?:之前|以前|前)",
    re.I,
)
ZH_DAY = "一二三四五六日"
PER_DAY = re.compile(
    r"per[_ ]?day|daily|\ba[_ ]day\b|/\s*day|24\s*h|per 24|每天|每日|日均|/天", re.I
)
PER_WEEK = re.compile(r"per[_ ]?week|weekly|\ba[_ ]week\b|/\s*week|每周|每星期|周均|/周", re.I)
TO_GO = re.compile(r"remain|pending|backlog|outstanding|to_?go|left|待|剩|积压|未", re.I)
WHERE_TO = re.compile(r"target|final|goal|capacity|full|目标|容量|终", re.I)
WHERE_NOW = re.compile(r"current|level|now|present|当前|目前|现在|现有", re.I)
WAIT = re.compile(
    r"(?:hold|rest|wait|settle|cure|condition|another|additional|plus|then|再|另|静置|还需|还要)"
    r"[^.;。；]*?(\d+(?:\.\d+)?)\s*(?:more\s+)?(?:days?\b|天)(?!\s*(?:ago|前))",
    re.I,
)


@dataclass(frozen=True)
class Reach:
    asked: float  # the days the user names
    to_go: float
    rate: float  # per day
    wait: float  # days of a further wait a text says
    start: str  # where it is now and where it is going ("" when a field says what is left)
    end: str

    @property
    def need(self) -> float:
        return self.to_go / self.rate + self.wait

    @property
    def yes(self) -> bool:
        return self.need <= self.asked + 1e-9


def _number(x: Any) -> float | None:
    if isinstance(x, int | float) and not isinstance(x, bool):
        return float(x)
    if isinstance(x, str):
        m = re.match(r"\s*[$€£¥]?\s*(-?\d[\d,]*(?:\.\d+)?)(?![\d-])", x)
        if m:
            return float(m.group(1).replace(",", ""))
    return None


def _fields(data: Any) -> list[tuple[str, Any]]:
    if isinstance(data, dict):
        out: list[tuple[str, Any]] = []
        for k, x in data.items():
            out += _fields(x) if isinstance(x, dict) else [(str(k), x)]
        return out
    return []


def _days_asked(task: str) -> float | None:
    text = values.digits_for_words(task)
    m = SPAN.search(text)
    if m:
        n, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        return float(n) * (7 if re.match(r"week|周|星期|个星期", unit, re.I) else 1)
    m = BY_DAY.search(text)
    if m:
        day = (
            WEEKDAYS_EN.index(m.group(1).lower())
            if m.group(1)
            else ZH_DAY.index(m.group(2).replace("天", "日"))
        )
        today = values.today_date()
        ahead = (day - today.weekday()) % 7 or 7
        return float((today + datetime.timedelta(days=ahead) - today).days)
    return None


def reached(task: str, results: list[Any]) -> Reach | None:
    """Rules 1 to 4 over each result in turn: the judgement, or None."""
    asked = _days_asked(task)
    if asked is None or not YES_NO.search(task):
        return None
    for data in results:
        got = _of(asked, _fields(data))
        if got is not None:
            return got
    return None


def _of(asked: float, fields: list[tuple[str, Any]]) -> Reach | None:
    nums = [(k, n, x) for k, x in fields if (n := _number(x)) is not None]
    rates = [
        (k, n / 7 if PER_WEEK.search(f"{k} {x}") else n)
        for k, n, x in nums
        if PER_DAY.search(f"{k} {x if isinstance(x, str) else ''}") or PER_WEEK.search(f"{k} {x}")
    ]
    rates = [(k, n) for k, n in rates if n]
    if len(rates) != 1:
        return None
    rate_key, rate = rates[0]
    rest = [(k, n, x) for k, n, x in nums if k != rate_key]
    left = [(k, n) for k, n, _ in rest if TO_GO.search(k)]
    to, now = (
        [(k, n, x) for k, n, x in rest if WHERE_TO.search(k)],
        [(k, n, x) for k, n, x in rest if WHERE_NOW.search(k) and not WHERE_TO.search(k)],
    )
    if len(left) == 1:
        to_go, start, end = left[0][1], "", ""
    elif len(to) == 1 and len(now) <= 1 and (now or len(rest) == 2):
        here = now[0] if now else next(r for r in rest if r is not to[0])
        to_go, start, end = abs(to[0][1] - here[1]), str(here[2]), str(to[0][2])
    else:
        return None
    waits = [
        float(m.group(1))
        for k, x in fields
        if isinstance(x, str) and k != rate_key and (m := WAIT.search(x))
    ]
    return Reach(asked, to_go, abs(rate), sum(waits), start, end)


def _n(x: float) -> str:
    said = f"{x:.2f}" if abs(x) >= 1 or x == 0 else f"{x:.2g}"
    return said.rstrip("0").rstrip(".") if "." in said else said


def reach_line(lang: str, r: Reach) -> str:
    """Rule 4: yes or no first, then the days needed against the days asked, and the figures."""
    days = r.to_go / r.rate
    moved = f"{r.start} → {r.end}" if r.start else say(lang, "r_reach_left", n=_n(r.to_go))
    how = say(lang, "r_reach_how", moved=moved, rate=_n(r.rate), days=_n(days))
    if r.wait:
        how += say(lang, "r_reach_wait", wait=_n(r.wait))
    key = "r_reach_yes" if r.yes else "r_reach_no"
    return say(lang, key, need=_n(r.need), asked=_n(r.asked), by=_n(abs(r.asked - r.need)), how=how)
