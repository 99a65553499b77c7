"""Whether a thing is still valid on the day a question names: a written rule (round 21; "will
their licence still be valid for our contest on the 20th of December?", "会员卡 12 月 20 号还能用吗？").

1. Asked: whether it is still valid, expired or usable on a day ("still valid for", "valid on",
   "will it expire", 还有效吗, 还能用吗, 会过期吗), with one day the question names.
2. The end: the one date a result gives under a key of an end (valid until, expires, expiry,
   valid_to, end date, 有效期至, 到期, 截止), read from JSON or `key: value` text.
3. Said: yes when the day is on or before the end, else no, with both dates; the rest of the
   result is quoted after it. This is the deterministic stand-in's rule: a renewal the result
   mentions is not weighed."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from . import values
from .phrases import say

ASKED = re.compile(  # a question whether it is valid on a day, not a mention of validity
    r"\bstill (?:be )?(?:valid|good|active|current|usable)\b|\bvalid (?:on|for|by|at|through)\b|"
    r"\b(?:will|does|has|is|did)\b.{0,40}\bexpire|\bexpired? (?:by|before|on)\b|"
    r"还有效|是否有效|有效吗|还能用|过期了吗|会过期|会不会过期|到期了吗|还没过期",
    re.I,
)
END_KEY = re.compile(
    r"valid[\s_-]*(?:until|till|to|through|thru)|expir|end[\s_-]*date|有效期至|有效期|到期|截止",
    re.I,
)


@dataclass(frozen=True)
class Validity:
    ok: bool
    end: str
    day: str


def valid_on(task: str, results: list[Any]) -> Validity | None:
    """Rules 1 and 2: the day asked and the end a result gives, else None."""
    if not ASKED.search(task):
        return None
    days = {d for _, d in values.iso_dates(task)}
    ends = {d for data in results for d in _ends(data)}
    if len(days) != 1 or len(ends) != 1:
        return None
    day, end = days.pop(), ends.pop()
    return Validity(day <= end, end, day)


def _ends(data: Any) -> list[str]:
    if isinstance(data, dict):
        out = []
        for k, x in data.items():
            if isinstance(x, (dict, list)):
                out += _ends(x)
            elif END_KEY.search(str(k)) and isinstance(x, str):
                out += [d for _, d in values.iso_dates(x)]
        return out
    if isinstance(data, list) and len(data) == 1:
        return _ends(data[0])
    return []


def validity_line(lang: str, got: Validity) -> str:
    """Rule 3."""
    return say(lang, "valid_yes" if got.ok else "valid_no", end=got.end, day=got.day)
