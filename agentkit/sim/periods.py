"""A period the request names relative to today, for the two ends of a range (start_date / end_date,
from / to, since / until): written rules.

1. The period: a week (上周 / 上星期 / 上礼拜 / last week / previous week; 本周 / 这周 / this week;
   下周 / next week: Monday to Sunday), a month (上个月 / last month; 本月 / 这个月 / this month;
   下个月 / next month: its first to its last day), a year (去年 / last year; 今年 / this year;
   明年 / next year), or a run of days ending today (过去7天 / 最近七天 / 近两周 / 过去3个月 /
   the past 7 days / the last two weeks / the past 3 months: N days ending today, a week seven
   days, a month counted back by months); today is the one the system prompt states, else the
   clock (`values.today_date`).
2. A part of the period narrows it: a half of a month (上半月 / 下半月, the first / second half:
   the 1st to the 15th, the 16th to its end), a third of it (上旬 / 中旬 / 下旬, the beginning /
   middle / end of: 1-10, 11-20, 21-end), the days of a week from one weekday to another
   (周一到周五 / Monday to Friday, "weekdays" / 工作日: Monday to Friday; 周末 / the weekend:
   Saturday and Sunday).
3. The field's end: a name with from / start / begin / since is the period's first day, one with
   to / end / until / till / through its last (for a run of rule 4 also pickup / check-in and
   return / drop-off / check-out); any other field takes nothing from here. A date
   written in the text wins over all of this (no period is read then); the weekdays of a span
   ("Monday to Friday") are no dates written.
4. A run of time said forward from a start ("starting tomorrow for the next three weeks", "for
   10 days from 3 March", "从下周一开始，连续两周", "为期三天"): the start is the first date the
   text writes, else today; the end is the run's last day (three weeks from 8 December: the 28th;
   a run of nights ends on the morning after the last, "for 3 nights", "住两晚": the 3rd / 2nd
   day after; so does a hire's length in days for a field of its return / check-out (not "the
   next 10 days", whose last day is the end), "pick-up
   Friday for three days": return_date the Monday, 租三天 / 住N晚 count from the start said).
"""

from __future__ import annotations

import calendar
import datetime
import re

from . import values

NUM = r"(\d+|[一二两三四五六七八九十]+)"
WEEK = re.compile(
    r"(?:(?P<last>上个?(?:周|星期|礼拜)|\b(?:last|previous) week\b)"
    r"|(?P<this>这个?(?:周|星期|礼拜)|本周|\bthis week\b)"
    r"|(?P<next>下个?(?:周|星期|礼拜)|\bnext week\b))(?![一二三四五六日天])",
    re.I,
)
MONTH = re.compile(
    r"(?P<last>上个?月|\b(?:last|previous) month\b)|(?P<this>这个?月|本月|\bthis month\b)"
    r"|(?P<next>下个?月|\bnext month\b)",
    re.I,
)
YEAR = re.compile(
    r"(?P<last>去年|\blast year\b)|(?P<this>今年|\bthis year\b)|(?P<next>明年|\bnext year\b)", re.I
)
RUN = re.compile(
    rf"(?:过去|最近|近|前)的?\s*{NUM}\s*(?P<zh>天|日|周|个?星期|个?礼拜|个?月)"
    r"|\b(?:past|last|previous)\s+(?P<en_n>\d+|one|two|three|four|five|six|seven|eight|nine|ten|"
    r"fourteen|thirty)\s+(?P<en>days?|weeks?|months?)\b",
    re.I,
)
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
WORDS |= {"nine": 9, "ten": 10, "fourteen": 14, "thirty": 30}
HALF = re.compile(
    r"(?P<first>上半月|上半个月|前半个?月|\bfirst half\b)|(?P<second>下半月|下半个月|后半个?月|\bsecond half\b)",
    re.I,
)
THIRD = re.compile(
    r"(?P<early>上旬|\b(?:beginning|start) of\b)|(?P<mid>中旬|\bmiddle of\b)|(?P<late>下旬|\bend of\b)",
    re.I,
)
DAY_EN = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
SPAN = re.compile(
    r"(?:周|星期|礼拜)([一二三四五六日天])\s*(?:到|至|-|~|—)\s*(?:周|星期|礼拜)?([一二三四五六日天])"
    r"|\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s*(?:to|through|until|-|–)\s*"
    r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
    re.I,
)
WORKDAYS = re.compile(r"工作日|\bweekdays\b|\bworking days\b", re.I)
WEEKEND = re.compile(r"周末|\bweekend\b", re.I)
START = re.compile(r"(?:^|_)(?:from|start|begin|since)(?:_|$)|^(?:from|start|begin|since)", re.I)
END = re.compile(r"(?:^|_)(?:to|end|until|till|through)(?:_|$)|^(?:to|end|until|till)(?=[A-Z])")


def _count(m: re.Match[str]) -> tuple[int, str]:
    """Rule 1: a run's length and its unit (day / week / month)."""
    if m.group("zh"):
        n = m.group(1)
        num = int(n) if n.isdigit() else values._zh_number(n.replace("两", "二"))
        unit = m.group("zh")
        return num, "month" if "月" in unit else "day" if unit in "天日" else "week"
    n = m.group("en_n").lower()
    return (int(n) if n.isdigit() else WORDS[n]), m.group("en").lower().rstrip("s")


def _weekday(s: str) -> int:
    return 6 if s in "日天" else "一二三四五六".index(s) if len(s) == 1 else DAY_EN.index(s.lower())


def _month_back(day: datetime.date, months: int) -> datetime.date:
    n = day.year * 12 + day.month - 1 - months
    year, month = divmod(n, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return datetime.date(year, month + 1, min(day.day, last))


def _week(text: str, shift: int, today: datetime.date) -> tuple[datetime.date, datetime.date]:
    """Rules 1 and 2: a week's Monday to Sunday, or the days of it the text names."""
    monday = today - datetime.timedelta(days=today.weekday() - 7 * shift)
    first, last = 0, 6
    span = SPAN.search(text)
    if span:
        a, b = (span.group(1), span.group(2)) if span.group(1) else span.group(3, 4)
        first, last = _weekday(a), _weekday(b)
    elif WORKDAYS.search(text):
        first, last = 0, 4
    elif WEEKEND.search(text):
        first, last = 5, 6
    return monday + datetime.timedelta(days=first), monday + datetime.timedelta(days=last)


def _month(text: str, shift: int, today: datetime.date) -> tuple[datetime.date, datetime.date]:
    """Rules 1 and 2: a month's first to last day, or the half or third of it the text names."""
    n = today.year * 12 + today.month - 1 + shift
    year, month = n // 12, n % 12 + 1
    end = calendar.monthrange(year, month)[1]
    lo, hi = 1, end
    half, third = HALF.search(text), THIRD.search(text)
    if half:
        lo, hi = (1, 15) if half.group("first") else (16, end)
    elif third:
        lo, hi = (1, 10) if third.group("early") else (11, 20) if third.group("mid") else (21, end)
    return datetime.date(year, month, lo), datetime.date(year, month, hi)


def period_said(text: str) -> tuple[datetime.date, datetime.date] | None:
    """Rules 1 and 2: the first and last day of the period the text names, or None."""
    today = values.today_date()
    run = RUN.search(text)
    if run:
        num, unit = _count(run)
        if unit == "month":
            return _month_back(today, num) + datetime.timedelta(days=1), today
        return today - datetime.timedelta(days=num * (7 if unit == "week" else 1) - 1), today
    for pattern, unit in ((WEEK, "week"), (MONTH, "month"), (YEAR, "year")):
        m = pattern.search(text)
        if m is None:
            continue
        shift = -1 if m.group("last") else 1 if m.group("next") else 0
        if unit == "week":
            return _week(text, shift, today)
        if unit == "month":
            return _month(text, shift, today)
        return datetime.date(today.year + shift, 1, 1), datetime.date(today.year + shift, 12, 31)
    return None


FORWARD = re.compile(
    r"\b(?P<prep>for|over|within|during|in)\s+(?:the\s+)?(?P<next>next\s+|following\s+|coming\s+)?"
    r"(?P<en_n>\d+|an?|one)\s+"
    r"(?P<en>day|week|month|night)s?\b"
    r"|(?P<zh_next>连续|为期|一共|共|接下来的?|未来的?|住|租|待)\s*(?P<zh_n>\d+|[一二两三四五六七八九十]+)\s*"
    r"(?P<zh>天|日|晚|周|个?星期|个?礼拜|个?月)",
    re.I,
)
ZH_UNIT = {"天": "day", "日": "day", "晚": "night", "月": "month"}
PAST = re.compile(
    r"\b(?:last|past|previous|ago|yesterday)\b|上个?(?:周|星期|礼拜|月)|过去|昨天|前天|去年", re.I
)
RUN_START = re.compile(r"pick_?up|check_?in|depart|arriv|move_?in|开始|起始|入住|取车", re.I)
RUN_END = re.compile(r"return|drop_?off|check_?out|move_?out|leav|结束|截止|退房|还车", re.I)
STAY_END = re.compile(r"return|drop_?off|check_?out|move_?out|退房|还车|离店", re.I)
STARTS = re.compile(r"\b(?:starting|from|beginning|as of)\b|开始|起", re.I)


def run_ahead(text: str, name: str) -> str | None:
    """Rule 4: the start or end (YYYY-MM-DD) of a run of time said forward from a start: said
    with next / 连续 / 为期, of nights, or after a start; never beside a word of the past. "over /
    within / in the next two weeks" runs from today, whatever day the text names besides."""
    m = FORWARD.search(values.digits_for_words(text))
    start = START.search(name) or RUN_START.search(name)
    end = END.search(name) or RUN_END.search(name)
    if m is None or not (start or end) or PAST.search(text):
        return None
    ahead = (m.group("prep") or "for").lower() != "for"  # "over the next two weeks": from today
    if ahead and not m.group("next"):
        return None  # "in 2 weeks" is a day, no run
    written = [] if ahead else values.iso_dates(SPAN.sub(" ", text))
    unit = (m.group("en") or ZH_UNIT.get(m.group("zh")[-1], "week")).lower()
    stay = bool(STAY_END.search(name))  # a hire's return_date, a stay's check_out, 退房
    if not (
        m.group("next") or m.group("zh_next") or unit == "night" or stay or STARTS.search(text)
    ):
        return None
    first = datetime.date.fromisoformat(written[0][1]) if written else values.today_date()
    if start and not end:
        return None if written else first.isoformat()
    said = m.group("en_n") or m.group("zh_n")
    n = (
        int(said)
        if said.isdigit()
        else 1
        if said.isascii()
        else values._zh_number(said.replace("两", "二"))
    )
    if unit == "month":
        last = _month_back(first, -n) - datetime.timedelta(days=1)
    else:
        days = n * (7 if unit == "week" else 1)
        last = first + datetime.timedelta(
            days=days if unit == "night" or stay and not m.group("next") else days - 1
        )
    return last.isoformat()


def period_bound(text: str, name: str) -> str | None:
    """Rules 3 and 4: the start or end (YYYY-MM-DD) a range field `name` takes from the period
    the text names; None for a field of no end, a text that writes a date, or no period said."""
    ahead = run_ahead(text, name)
    if ahead is not None:
        return ahead
    start, end = START.search(name), END.search(name)
    if not (start or end) or values.iso_dates(SPAN.sub(" ", text)):
        return None
    period = period_said(text)
    if period is None:
        return None
    return (period[1] if end and not start else period[0]).isoformat()
