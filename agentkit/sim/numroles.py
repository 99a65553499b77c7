"""Which role a number said plays, and which role a numeric property asks for (round 16, forms).

A sensible reader assigns each number by the words around it, never by its place in the text:
"12 players, all at least 18 years old" has a count of people (12) and an age (18); "$7,700 for
the 7 of us" a sum of money and a count of people; "magnitude 5.5 over the past 7 days" a
magnitude and a span. The rules:

- a number said is tagged by the words right around it (English and Chinese function words and
  units only): an *age* ("18 years old", "aged 12", "12岁"), a *clock* hour ("3pm", "下午3点"), a
  count of *people* ("12 players", "2 adults", "the 7 of us", "a table for 6", "两个人", "3位"),
  a sum of *money* ("$7,700", "800元"), a *magnitude* ("magnitude 5.5", "M6.1", "里氏5级"), a
  *threshold* (a number in a condition's clause beside a comparison: "if at least 50 are
  free", "如果至少有50个空位", "if they have more than 10 seats");
- a property asks for a role by its name or description: an age (age, min_age, 年龄), a clock
  hour (hour, start_hour, 钟点; "24-hour", "24小时制"), people (players, guests, party_size,
  group_size, participants, passengers, 人数), money (price, budget, cost, fee, usd, 元, 预算),
  a magnitude (magnitude, 震级); a bound (min_*, max_*, threshold, 至少, 最低) may take a
  threshold;
- a count of people said in parts by their kinds ("3 adults and 2 kids", "two adults and a
  child", "三个大人两个小孩", "两位大人一个小孩") is their sum for a property of all the people
  (party_size, passengers, 人数), never for one of a kind's own (adults, children); the speaker
  said beside them counts one more ("me and my two daughters", "我和两个孩子");
- a property takes a number of its own role first; it never takes a number of another role (an
  age is no count of players, a price no group size, a condition's number no amount to act on),
  nor one outside its schema's minimum / maximum.
"""

from __future__ import annotations

import re
from typing import Any

from . import values

NUM = r"(\d+(?:\.\d+)?)"
PEOPLE_WORDS = (
    r"people|persons?|guests?|adults?|players?|participants?|attendees?|passengers?|"
    r"travell?ers?|pax|members?|kids|children|diners|visitors|runners|riders|students|campers|"
    r"singers|dancers|staff|employees|workers|volunteers|colleagues|friends|pupils|delegates|"
    r"athletes|fans|spectators|patients|teammates|scouts|cyclists|climbers|hikers|swimmers"
)
TAGS: list[tuple[str, re.Pattern[str]]] = [
    (
        "age",
        re.compile(
            rf"{NUM}\s*(?:-|\s)?(?:years?|yrs?)[\s-]*old|\baged?\s+(?:of\s+)?{NUM}|{NUM}\s*周?岁"
            rf"|年龄\s*(?:是|为|[:：])?\s*{NUM}"
            rf"|\b(?:I am|I'm|he is|he's|she is|she's)\s+{NUM}(?!\s*[A-Za-z%$€£:]|\.\d|\d)",
            re.I,
        ),
    ),
    (
        "magnitude",
        re.compile(
            rf"\bmagnitude\s*(?:of\s+)?(?:at least\s+|over\s+|above\s+)?{NUM}|(?<!['’])\b(?-i:M)\s?{NUM}\b"
            rf"|里氏\s*{NUM}|{NUM}\s*级(?:以上|地震)",
            re.I,
        ),
    ),
    (
        "people",
        re.compile(
            rf"{NUM}\s+(?:{PEOPLE_WORDS})\b|\b(?:(?:the|all)\s+)?{NUM}\s+of\s+(?:us|them|you)\b"
            rf"|\b(?:table|party|group|booking|reservation)\s+(?:for|of)\s+{NUM}\b(?!\s*[A-Za-z%])"
            rf"|\bfor\s+{NUM}(?=\s*(?:[,.;!?]|$|\s+(?:on|at|in|tonight|tomorrow|please)\b))"
            rf"|{NUM}\s*(?:个人|人|位|名)(?!民|次|份)",
            re.I,
        ),
    ),
]
MEASURE = re.compile(  # a number said with a unit of time or measure: a span, no age nor count
    rf"{NUM}\s*(?:-\s*)?(?:days?|nights?|weeks?|months?|hours?|hrs?|minutes?|mins?|seconds?|secs?"
    r"|km|kilomet(?:er|re)s?|miles?|kg|kilos?|pounds?|lbs?|lit(?:er|re)s?|%|percent"
    r"|天|晚|周|个月|小时|分钟|秒|公里|公斤|千克|升)(?![A-Za-z])",
    re.I,
)
CONDITION = re.compile(  # a condition's clause that compares: its numbers are thresholds
    r"(?:\bif\b|\bas long as\b|\bprovided\b|\bonly if\b|\bunless\b|如果|假如|要是|若|只要)"
    r"[^,，;；。!?！？]*?"
    r"(?:at least|more than|over|above|under|below|less than|fewer than|no more than|"
    r"至少|超过|多于|少于|不少于|不低于|不到|低于|高于|大于|小于|以上|以下)"
    r"[^,，;；。!?！？]*"
    r"|(?:[^,，;；。!?！？]*(?:至少|超过|多于|少于|不少于|不低于|低于|高于)[^,，;；。!?！？]*的话)",
    re.I,
)

ASKED: list[tuple[str, re.Pattern[str]]] = [
    ("age", re.compile(r"(?:^|[_\s])age(?:[_\s]|$)|\bages?\b(?! of)|年龄|岁", re.I)),
    ("magnitude", re.compile(r"magnitude|震级|richter", re.I)),
    (
        "people",
        re.compile(
            rf"(?:^|_)(?:{PEOPLE_WORDS}|party_?size|group_?size|headcount|num_?people)(?:_|$)"
            rf"|number of (?:{PEOPLE_WORDS})|how many (?:{PEOPLE_WORDS})|人数|参加人|几个人|几位",
            re.I,
        ),
    ),
    (
        "money",
        re.compile(
            r"price|cost|budget|fee|amount|(?:^|_)(?:usd|eur|gbp|cny|rmb|yuan|dollars?)(?:_|$)"
            r"|in (?:us )?dollars|\bUSD\b|价格|预算|金额|费用|元",
            re.I,
        ),
    ),
]
CLOCK_NAME = re.compile(r"(?:^|_)(?:start_|begin_)?hour(?:_of_day)?$|^hour|钟点|几点|点钟", re.I)
CLOCK_DESC = re.compile(r"24[- ]?hour|24\s*小时制|hour of (?:the )?day|o'clock|几点|钟点", re.I)
BOUND = re.compile(
    r"(?:^|_)(?:min|max|minimum|maximum|least|threshold|limit)(?:_|$)|至少|最低|最少|最多|最高|上限|下限|阈值",
    re.I,
)


def role_asked(name: str, s: dict[str, Any]) -> str | None:
    """The role a numeric property asks for by its name or description, or None."""
    desc = str(s.get("description") or "")
    spaced = re.sub(r"([a-z])([A-Z])", r"\1_\2", name)
    top = s.get("maximum")
    if (CLOCK_NAME.search(spaced) or CLOCK_DESC.search(desc)) and (
        top is None or (isinstance(top, int | float) and top <= 24)
    ):
        if not re.search(r"hours$|duration|时长|小时数", spaced, re.I):
            return "clock"
    if (
        re.fullmatch(r"(?:start_|begin_)?minute|分钟?", spaced, re.I)
        and top is not None
        and top <= 59
    ):
        return "minute"  # the minute of a clock time ("6:45" -> 45)
    for role, pattern in ASKED:
        if pattern.search(spaced):
            return role
    for role, pattern in ASKED:
        if role != "money" and pattern.search(desc):
            return role
    return "money" if ASKED[-1][1].search(desc) else None


KIND_EN = (
    r"adults?|kids?|child(?:ren)?|seniors?|infants?|bab(?:y|ies)|toddlers?|teens?|teenagers?"
    r"|students?|boys?|girls?|men|women"
)
KIND_ZH = r"大人|成人|成年人|小孩|孩子|儿童|小朋友|老人|长者|婴儿|宝宝|学生|男生|女生"
KINDS = re.compile(
    rf"(?<![\w.])(\d+|an?|one)\s+(?:more\s+)?({KIND_EN})\b"
    rf"|(?<![\w.])(\d+)\s+(?:little\s+|young\s+)?(sons?|daughters?|friends?|colleagues?|grandchildren)\b"
    rf"|(\d+|一|两)\s*(?:个|位|名)?\s*({KIND_ZH})",
    re.I,
)


WITH_ME = re.compile(  # the speaker counted beside the people said: "me and my two daughters"
    r"\b(?:me|I|myself)\s+and\s+(?:my\s+|our\s+)?\d|\d+\s+\w+\s+and\s+(?:me|I|myself)\b"
    r"|我(?:和|跟|带着?|加上)(?:我的?)?\s*\d",
    re.I,
)


def people_total(name: str, s: dict[str, Any], text: str) -> int | None:
    """The sum of a count of people said in parts by kind, for a property of all the people;
    None when fewer than two kinds are counted or the property is one kind's own."""
    if re.search(rf"{KIND_EN}|{KIND_ZH}", f"{name} {s.get('description') or ''}", re.I):
        return None  # adults, children, 儿童人数: a kind's own count
    parts = [
        (next(g for g in m.groups()[::2] if g), next(g for g in m.groups()[1::2] if g).lower())
        for m in KINDS.finditer(_plain(text))
    ]
    me = WITH_ME.search(_plain(text))
    if len({k for _n, k in parts}) < 2 and not (me and parts):
        return None
    total = sum(int(n) if n.isdigit() else 2 if n == "两" else 1 for n, _k in parts) + bool(me)
    return total if fits(total, s) else None


def tagged(text: str, money: list[float | int]) -> dict[float | int, str]:
    """Each number the text says with a role, by the words around it (the first role said)."""
    plain = _plain(text)
    out: dict[float | int, str] = {}
    for m in CONDITION.finditer(plain):
        for n in re.findall(NUM, m.group(0)):
            out.setdefault(_num(n), "threshold")
    for role, pattern in TAGS:
        for m in pattern.finditer(plain):
            n = next(g for g in m.groups() if g)
            out.setdefault(_num(n), role)
    for n in money:
        out.setdefault(n, "money")
    for m in MEASURE.finditer(plain):
        out.setdefault(_num(m.group(1)), "measure")
    return out


def of_role(role: str, text: str, s: dict[str, Any]) -> float | int | None:
    """The first number the text says in the role asked, within the schema's range; a clock hour
    is the hour of the first time said, on the 24-hour clock ("下午3点" -> 15)."""
    if role in ("clock", "minute"):
        said = [int(t[:2]) if role == "clock" else int(t[3:5]) for _at, t in values.times(text)]
        return next((h for h in said if fits(h, s)), None)
    plain = _plain(text)
    for r, pattern in TAGS:
        if r == role:
            for m in pattern.finditer(plain):
                n = _num(next(g for g in m.groups() if g))
                if fits(n, s) and not _in_condition(m.start(), plain):
                    return n
    return None


def _plain(text: str) -> str:
    """The text with counts in words as digits, no date's digits, no thousands' commas."""
    plain = values.without_dates(values.digits_for_words(text))
    return re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", plain)


def _in_condition(at: int, text: str) -> bool:
    return any(m.start() <= at < m.end() for m in CONDITION.finditer(text))


def foreign(role: str | None, tag: str | None, name: str) -> bool:
    """Whether a number tagged `tag` is another role's than the property's: a threshold is a
    bound's only; a property of a role takes no number of another; a property of no role takes
    no age, clock hour or magnitude."""
    if tag is None or tag == role:
        return False
    if tag == "threshold":
        return not BOUND.search(name)
    if role is None:
        return tag in ("age", "magnitude")
    return True  # (a span or a measure, "5 days", is no age, count of people or clock hour)


def fits(n: Any, s: dict[str, Any]) -> bool:
    """Whether a number is within the schema's minimum / maximum (exclusive ones too)."""
    if not isinstance(n, int | float):
        return False
    lo, hi = s.get("minimum"), s.get("maximum")
    xlo, xhi = s.get("exclusiveMinimum"), s.get("exclusiveMaximum")
    if isinstance(lo, int | float) and n < lo or isinstance(hi, int | float) and n > hi:
        return False
    if isinstance(xlo, int | float) and n <= xlo or isinstance(xhi, int | float) and n >= xhi:
        return False
    return not (s.get("type") == "integer" and not float(n).is_integer())


def _num(n: str) -> float | int:
    return float(n) if "." in n else int(n)


def people_counts(text: str) -> list[tuple[int, float]]:
    """The counts of people the text says ("48 singers", "a party of 6", "15个人"), each with
    its position."""
    pattern = dict(TAGS)["people"]
    return [
        (m.start(), float(next(g for g in m.groups() if g)))
        for m in pattern.finditer(values.digits_for_words(text))
    ]
