"""Whether an amount lasts, or a goal is reached, by the end of the month or week: written rules.

1. The question asks whether what is left is enough to the period's end, or whether the user is
   on track ("够撑到月底吗", "够不够用到月底", "will it last until the end of the month", "am I on
   track", "will I reach my goal this week", 能完成目标吗): `ASKED`.
2. The figures: the whole (a budget, a plan, a limit, a quota, an allowance; 预算, 套餐, 额度,
   限额: what is used up; or a goal or target, 目标: what is built up) is a result's field of
   that kind or the number the user writes right after its word ("预算是三千五", "a budget of
   $400", "my goal is 25 km"); the part done so far is the result's field that says it (spent,
   used, saved, read, completed, so far, done, total, distance; 已用, 已花, 支出, 累计), a number or a number with
   its unit ("14.2 km"); of several, the one in the whole's unit, else the one sharing a word of
   its key. A field that is the whole or what is left is never the part done.
3. The period: a month when the question says one (月底, 本月, 这个月, "this month", "the end of
   the month"), a week when it says one (本周, 这周, "this week", weekly); the days so far run
   from its first day to today (the stand-in's today, `values.today_date`), the days left from
   tomorrow to its last day.
4. The judgement: the rate so far (done / days so far) carried over the days left. What is used
   up is enough when that rate keeps within the whole; a goal is on track when it reaches it.
   The answer begins with yes or no, then says the whole, the part done, what is left (or still
   to do), the days left, the daily amount that would keep to the whole and the daily rate so
   far (`paced_line`).
"""

from __future__ import annotations

import calendar
import datetime
import re
from dataclasses import dataclass
from typing import Any

from . import speech, values
from .phrases import say

ASKED = re.compile(
    r"够不够|够用|够吗|够不|撑到|撑得到|能撑|花到月底|用到月底|跟得上|能完成|达得到|能达到|完成目标|达到目标|"
    r"\bon track\b|\benough\b|\blast (?:until|till|to|through)\b|\brun out\b|"
    r"\b(?:reach|hit|make) (?:my|the|our) (?:\w+ )?(?:goal|target)\b",
    re.I,
)
MONTH = re.compile(r"月底|本月|这个月|这月|月末|\bmonth(?:ly)?\b", re.I)
WEEK = re.compile(r"本周|这周|这个星期|这礼拜|周末前|\bweek(?:ly)?\b", re.I)
USED_UP = r"budget|allowance|quota|limit|plan|cap|预算|套餐|额度|限额"
BUILT_UP = r"goal|target|目标"
WHOLE_KEY = re.compile(rf"{USED_UP}|{BUILT_UP}", re.I)
DONE_KEY = re.compile(
    r"spent|used|saved|so_?far|done|total|distance|consumed|logged|progress|read|completed|"
    r"finished|walked|ran|covered|已用|已花|花了|支出|累计|已存|完成|已读|已走",
    re.I,
)
NOT_DONE_KEY = re.compile(r"left|remain|rest|count|number|剩|余", re.I)
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
SAID_WHOLE = re.compile(
    rf"(?P<word>{USED_UP}|{BUILT_UP})[a-z]*\s*(?:is|of|was|是|为|有|：|:)?\s*[$€£¥]?\s*"
    r"(?P<n>\d[\d,]*(?:\.\d+)?)\s*(?P<unit>km|kg|gb|mb|h|hours|pages|steps|元|块|公里|千米|页|步)?",
    re.I,
)


@dataclass(frozen=True)
class Paced:
    builds: bool  # a goal built up (on track), not an amount used up (enough)
    whole: float
    done: float
    unit: str
    label: str  # the whole's word, as its field or the user says it
    month: bool
    so_far: int  # days of the period up to today
    left_days: int  # days after today to the period's end

    @property
    def rest(self) -> float:
        return self.whole - self.done

    @property
    def rate(self) -> float:
        return self.done / self.so_far

    @property
    def yes(self) -> bool:
        projected = self.done + self.rate * self.left_days
        return projected >= self.whole if self.builds else projected <= self.whole


def _number(x: Any) -> tuple[float, str] | None:
    """A number, or a text that is one with its unit ("14.2 km"), with that unit."""
    if isinstance(x, int | float) and not isinstance(x, bool):
        return float(x), ""
    if isinstance(x, str):
        m = re.fullmatch(r"\s*[$€£¥]?\s*(-?\d[\d,]*(?:\.\d+)?)\s*([^\d\s]{1,5})?\s*", x)
        if m:
            return float(m.group(1).replace(",", "")), (m.group(2) or "")
    return None


def _fields(data: Any) -> list[tuple[str, Any]]:
    """The fields of a result's objects, at any depth."""
    if isinstance(data, dict):
        out = []
        for k, x in data.items():
            out += _fields(x) if isinstance(x, dict) else [(str(k), x)]
        return out
    if isinstance(data, list):
        return [f for x in data for f in _fields(x)]
    return []


def paced(task: str, results: list[Any]) -> Paced | None:
    """Rules 1 to 4: the judgement a question of lasting or being on track asks, or None."""
    if not ASKED.search(task):
        return None
    month, week = MONTH.search(task), WEEK.search(task)
    if not (month or week):
        return None
    fields = [f for data in results for f in _fields(data)]
    whole: tuple[float, str, str] | None = None
    said = SAID_WHOLE.search(values.digits_for_words(task))
    if said:
        whole = (
            float(said.group("n").replace(",", "")),
            said.group("word"),
            said.group("unit") or "",
        )
    for k, x in fields:
        n = _number(x)
        if whole is None and n and WHOLE_KEY.search(k) and not NOT_DONE_KEY.search(k):
            whole = (n[0], k, n[1] or speech.unit(k, "en"))
    done = [
        (k, n)
        for k, x in fields
        if (n := _number(x)) is not None
        and DONE_KEY.search(k)
        and not WHOLE_KEY.search(k)
        and not NOT_DONE_KEY.search(k)
    ]
    if (
        whole is not None and len(done) > 1
    ):  # of several, the one in the whole's unit, or of its words
        unit_ = whole[2] or next(
            (n[1] for k, x in fields if k == whole[1] and (n := _number(x))), ""
        )
        done = [d for d in done if unit_ and d[1][1] == unit_] or [
            d for d in done if set(speech.key_parts(d[0])) & set(speech.key_parts(whole[1]))
        ]
    if whole is None or len(done) != 1 or whole[0] <= 0:
        return None
    (key, (amount, unit)) = done[0]
    today = values.today_date()
    if month and not (week and week.start() < month.start()):
        first = today.replace(day=1)
        last = today.replace(day=calendar.monthrange(today.year, today.month)[1])
    else:
        first = today - datetime.timedelta(days=today.weekday())
        last = first + datetime.timedelta(days=6)
    builds = re.search(BUILT_UP, whole[1], re.I) is not None
    return Paced(
        builds=builds,
        whole=whole[0],
        done=amount,
        unit=whole[2] or unit or speech.unit(key, "en"),
        label=whole[1],
        month=first.day == 1 and last.month == first.month and (last - first).days > 6,
        so_far=(today - first).days + 1,
        left_days=(last - today).days,
    )


def _n(x: float) -> str:
    said = f"{x:.2f}" if abs(x) < 10 else f"{x:.1f}"
    return said.rstrip("0").rstrip(".") if "." in said else said


def paced_line(lang: str, got: Paced) -> str:
    """Rule 4: yes or no first, then the figures that decide it."""
    u = f" {got.unit}" if got.unit and lang == "en" else got.unit
    word = got.label if not got.label.isascii() else speech.label(got.label, lang, False)
    if lang == "zh" and word.isascii():  # (a key with no Chinese label: its kind's word)
        word = "目标" if got.builds else "额度"
    figures = {
        "whole": _n(got.whole) + u,
        "done": _n(got.done) + u,
        "rest": _n(abs(got.rest)) + u,
        "days": got.left_days,
        "so_far": got.so_far,
        "per_rest": _n(got.rest / got.left_days) + u if got.left_days and got.rest > 0 else "0" + u,
        "per_so_far": _n(got.rate) + u,
        "label": word,
        "period": say(lang, "g_pace_month" if got.month else "g_pace_week"),
    }
    if got.rest <= 0:
        return say(lang, "g_pace_reached" if got.builds else "g_pace_over", **figures)
    kind = "g_pace_track" if got.builds else "g_pace_last"
    return say(lang, f"{kind}_{'yes' if got.yes else 'no'}", **figures)
