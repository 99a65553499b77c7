"""The conditions a request puts on the record it wants, read against the records a result lists:
written rules, in Chinese and English (`agentkit.sim.pick` keeps only the records that meet them
before it picks, and `agentkit.sim.records` before it answers).

1. A bound is a number with a comparison word: at most (under, below, less / fewer / cheaper
   than, no more than, at most, up to, within, max; N以内, N以下, N之内, 不超过, 不到, 低于, 少于,
   小于, 最多 before a number) or at least (over, above, more than, at least, min, "N+", "N or
   more"; N以上, 至少, 不少于, 超过, 高于, 多于, 大于). "under", "below", "less / more than",
   不到, 低于, 少于, 小于, 超过, 高于, 多于, 大于 exclude the number itself; the others include it.
   A comma before three digits is a thousands comma ("under $1,200" is 1200), no clause's end.
1a. A number said right after or before a word of a number field's key, with no comparison
   ("floor 1", "5 nights", "2 beds", "a 5-year warranty" and warranty_years), when the records
   differ in it, is that value exactly; for
   a capacity (seats, sleeps, guests) at least that many.
1b. A party said with no comparison ("for 4 people", "6 位", "there are five of us", "we're 5") needs at least that many places of
   the records' one capacity key (seats, sleeps, capacity).
2. A bound is about the record's number field that the words around it name: a word of the key
   said in the bound's clause before the number or as its unit after it ("sleeps at least 5" and
   `sleeps`; "评分 4.5 以上" and `rating`, by the Chinese word's English gloss), else the kind of
   quantity its unit says: money ($, €, £, ¥, 元, 欧, 块, dollars, euros ...) a price or fee key;
   km, miles, 公里, 米 a distance; minutes, hours, 分钟, 小时 a duration; people, guests, 人, 位
   a capacity (seats, sleeps, capacity, guests, 座, 人); stars, 星, 分 a rating or score;
   degrees, °, ℃, 度 a temperature.
   A bound of a unit of no such kind ("below 30%", "低于 20 件") is about the records' one
   number field when they hold only one. A bound no key of the records is about is no
   condition on them.
3. A feature is a thing the request wants the record to have: "with a X", "that has X", "has X",
   "including X", "X included"; 带X, 有X, 配X (X up to 的, a comma or 、). A record has it when a list
   it holds has an element that says X, a yes/no field named by X is true, or one of its short
   texts says X; a field named by X that is false, or none that says X, and it has not.
   A feature that no record of the listing mentions at all is no condition on them ("a table
   with Anna").
3b. An unwanted feature is a thing the request wants the record not to have or not to be near:
   "away from X", "not near / next to / by X", "far from X", "without X", "no X"; 不要X, 不靠(近)X,
   远离X, 避开X, 不含X, 不带X, 没有X, 无X. A record meets it when it does not have X by rule 3 (a
   yes/no field named by X is false: near_printer: false for "away from the printer", near_toilets
   for 不靠近厕所, by_window for 不要靠窗; has_x: false for 不含X). It is a condition only when
   some record of the listing has X; the positive forms inside a negated one (有 of 没有, 带 of
   不带) are no feature.
3a. From today on. A request for what is still to come (remaining, upcoming, coming up, still
   to come, from now on, the rest of, left this week / month / year; 接下来, 还剩, 剩下, 今后,
   往后, 后面还有) keeps, of records that hold one date field (an ISO date, its time after it)
   some of which lie before today (`agentkit.sim.values.today_date`), those dated today or
   later: "这个月接下来还剩几场" counts no show already held.
3d. A part of the day ("the evening class", "morning", 下午那场, 晚上) keeps, of records whose
   first field that holds a clock time ("19:30") puts some inside it and some outside, those
   inside it (morning 5–12, noon 11–14, afternoon 12–18, evening 17–24); a clock time said
   ("the 7:15 showing") keeps the records at that time, else at that time after noon (19:15).
3e. Recently. "in the last three months", "over the past 2 weeks", 最近30天 keeps the records
   whose one date field lies in that span back from today; with a negation before it in its
   sentence ("haven't used in the last three months", 最近三个月没…) those dated before it.
3c. In a period. A request that names a period ("in November", "last week", "this month",
   "yesterday"; 11月, 上周, 本周, 上个月, 本月, 昨天), over records that hold one date field some
   of which lie outside it, keeps those dated inside it (`in_period`): "how many hours in total
   in November" adds up November's entries only. A month said alone is the latest one not after
   today's month (`agentkit.sim.values.today_date`); weeks start on Monday.
4. A record meets the request when it meets every condition that applies; when no record of a
   listing meets them all, none is kept (the act waits for the user: nothing fits).
Chinese words meet English keys through `agentkit.sim.glosses` (nothing without the dictionary).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Any

from . import glosses, values
from .lexicon import words

NUMBER = r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)"
MONEY = r"[$€£¥]"
# (the comparison word, at most?, strict?) before a number ...
BEFORE = [
    (r"\b(?:under|below|less than|fewer than|cheaper than|lower than|shorter than)", True, True),
    (r"\b(?:no more than|not more than|at most|up to|within|max(?:imum)?|max\.|≤|<=)", True, False),
    (r"\b(?:over|above|more than|greater than|higher than|longer than|bigger than)", False, True),
    (r"\b(?:at least|no less than|not less than|min(?:imum)?|≥|>=)", False, False),
    (r"不超过|不高于|不多于|最多", True, False),
    (r"不到|低于|少于|小于", True, True),
    (r"至少|不少于|不低于|起码|最少", False, False),
    (r"超过|高于|多于|大于", False, True),
]
# ... or after it ("90 欧以内", "4.5 以上", "5+", "3 or more")
AFTER = [
    (r"以内|以下|之内|内(?![\u4e00-\u9fff]{0,1}容)|\bor (?:less|fewer|under|below)\b", True, False),
    (r"以上|\+|\bor (?:more|above|over|higher)\b|起(?!来)", False, False),
]
UNIT = r"(?:\s*(?:[a-zA-Z]+(?:\s+(?:a|an|per)\s+[a-zA-Z]+)?|%|[\u4e00-\u9fff]{1,2}?))?"
CLASSES = [  # (a unit that says the kind, a key of that kind)
    (
        r"[$€£¥]|元|欧|块|镑|美元|dollars?|euros?|pounds?|usd|eur|gbp|cny|rmb|yuan|bucks",
        r"price|cost|fee|fare|rate|rent|charge|amount|tariff|价|费|租金",
    ),
    (r"km|kilomet|mile|mi\b|公里|千米|米|meters?|metres?", r"distance|km|mile|距离|路程"),
    (r"min|minute|hour|hrs?\b|h\b|分钟|小时|天|days?", r"duration|minutes|hours|length|时长|days"),
    (
        r"people|persons?|guests?|adults?|人|位|座|sleeps|seats?",
        r"seat|sleep|capacity|guest|people|person|pax|座|人|容量",
    ),
    (r"stars?|星|分\b|rating|rated|score", r"rating|score|star|stars|评分|星|分"),
    (r"°|degrees?|℃|度", r"temp|°|celsius|fahrenheit|温度|气温|水温"),
]
FEATURE_EN = re.compile(
    r"\b(?:with|that has|which has|that have|has|have|having|including|featuring)\s+"
    r"(?:an?\s+|the\s+|its own\s+|some\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)"
    r"(?=\s*(?:[,.;!?)]|\band\b|\bor\b|\bfor\b|\bon\b|\bin\b|\bat\b|\bthat\b|\bwhich\b|\bplease\b|\bsleeps?\b|\bunder\b|\bover\b|$))",
    re.I,
)
FEATURE_ZH = re.compile(
    r"(?<![不没无别])(?:带|有|配)(?:个|一个|一台)?([\u4e00-\u9fff]{2,5}?)(?=的|、|，|,|。|且|并|而且|还|$)"
)
UNWANTED_EN = re.compile(
    r"\b(?:away from|far from|not (?:near|next to|close to|by|beside|facing)|without|free of|no)\s+"
    r"(?:an?\s+|the\s+|any\s+)?([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)"
    r"(?=\s*(?:[,.;!?)]|\band\b|\bor\b|\bfor\b|\bon\b|\bin\b|\bat\b|\bthat\b|\bwhich\b|\bplease\b|$))",
    re.I,
)
UNWANTED_ZH = re.compile(
    r"(?:不要|不想要|不想|别|不|没有|无|远离|避开|避免)([\u4e00-\u9fff]{1,5}?)(?=的|、|，|,|。|；|且|并|而且|还|$)"
)
NEAR_WORDS = frozenset(
    "the by near close next beside facing has have with contain include includes any".split()
)
ZH_VERB = re.compile(r"^(?:要|想|是|在)?(?:含有|含|带|有|挨着|临|靠近|靠着|紧挨|靠)?")
PLAIN = frozenset("a an the one any some it them me us you time way".split())


@dataclass(frozen=True)
class Bound:
    value: float
    at_most: bool
    strict: bool
    before: str  # the words before it (what it is about)
    unit: str  # its currency and unit


@dataclass(frozen=True)
class Feature:
    said: str
    wanted: bool = True  # False: a thing the record must not have (rule 3b)


def bounds(task: str) -> list[Bound]:
    """Rule 1: every number a comparison word bounds, with the words about it: the few before the
    comparison word (and between it and the number), its currency and its unit; a comparison
    said no to ("nothing over 1200", "we can't go above 450000") bounds the other way."""
    out: list[Bound] = []
    for clause in CLAUSE.split(task):
        for pattern, at_most, strict in BEFORE:
            for m in re.finditer(
                rf"({pattern})\s*({BETWEEN})\s*({MONEY})?\s*{NUMBER}({UNIT})", clause, re.I
            ):
                before = _before(clause[: m.start()]) + " " + m.group(2)
                unit = f"{m.group(3) or ''} {m.group(5)}"
                if NEGATED.search(clause[: m.start()]):  # "can't go above 450000": at most
                    at_most, strict = not at_most, not strict
                out.append(Bound(_num(m.group(4)), at_most, strict, before, unit))
        for pattern, at_most, strict in AFTER:
            found = rf"({MONEY})?\s*{NUMBER}\s*({UNIT})\s*(?:{pattern})({UNIT})"
            for m in re.finditer(found, clause, re.I):
                unit = f"{m.group(1) or ''} {m.group(3)} {m.group(4)}"
                out.append(
                    Bound(_num(m.group(2)), at_most, strict, _before(clause[: m.start()]), unit)
                )
    return out


NEGATED = re.compile(  # a comparison said no to: "nothing over", "we can't go above", "不能超过"
    r"(?:\b(?:not|never|nothing|no|none)|n't)\s+(?:[a-z]+\s+){0,2}$|(?:不能|不可以|别|不要|不想|不|没)$",
    re.I,
)
CLAUSE = re.compile(
    r"(?<!\d),|,(?!\d{3}(?!\d))|[，;；。!?？！、]|\.(?!\d)|\band\b|\bor\b(?! (?:more|less|fewer|above|over|under|below|higher))|且|并且"
)
BETWEEN = r"(?:[\u4e00-\u9fff]{1,3}(?=\s*[$€£¥]?\s*\d))?"  # 至少能坐 10 人


def _before(text: str) -> str:
    """The words just before a comparison: the last three English words, the last four Han."""
    latin = re.findall(r"[A-Za-z_]+", text)[-3:]
    han = "".join(re.findall(r"[\u4e00-\u9fff]", text))[-4:]
    return " ".join(latin) + " " + han


COMPARES = re.compile(
    "|".join(p for p, _, _ in BEFORE) + r"|以内|以下|以上|之内|^\s*(?:带|有|配)[\u4e00-\u9fff]",
    re.I,
)


def says_condition(part: str) -> bool:
    """A part of a list is a condition, not a thing: it holds a comparison word or starts with
    a wish to have ("至少能坐", "有投影仪", "under $100 a night")."""
    return bool(COMPARES.search(part)) or bool(FEATURE_ZH.match(part.strip()))


def _num(text: str) -> float:
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", text):  # "$1,200": a thousands comma
        return float(text.replace(",", ""))
    return float(text.replace(",", "."))


def features(task: str) -> list[Feature]:
    """Rule 3: the things the request wants the record to have."""
    found = [m.group(1).strip() for m in FEATURE_EN.finditer(task)]
    found += [m.group(1) for m in FEATURE_ZH.finditer(task)]
    unwanted = [m.group(1).strip() for m in UNWANTED_EN.finditer(task)]
    unwanted += [m.group(1) for m in UNWANTED_ZH.finditer(task)]
    unwanted = [f for f in unwanted if not re.match(r"(?i)(?:more|less|fewer|later|longer)\b", f)]
    return [
        Feature(f, wanted)
        for fs, wanted in ((found, True), (unwanted, False))
        for f in fs
        if f.lower() not in PLAIN and not re.search(r"\d|est\b|^most\b|^最", f)
    ]


def english_words(text: str) -> set[str]:
    """The words of a text (a key's too), with the English glosses of its Chinese words."""
    return _english(text)


def _english(text: str) -> set[str]:
    """The words of a text, with the English glosses of its Chinese words."""
    han = "".join(re.findall(r"[\u4e00-\u9fff]+", text))
    gloss = glosses.english(han) if han else ""
    return {w for w in words(f"{text} {gloss}") if len(w) > 1}


def _bound_key(bound: Bound, item: dict[str, Any]) -> str | None:
    """Rule 2: the number field of a record a bound is about: the one its unit names, else the
    one of the kind its unit says, else the one the words before it name, else the one of the
    kind they say; or None."""
    numeric = [k for k, x in item.items() if _number(x) is not None]
    for said in (bound.unit, bound.before):
        words_ = _english(said)
        named = [k for k in numeric if _english(k) & words_]
        if len(named) == 1:
            return named[0]
        for unit, key in CLASSES:
            if re.search(unit, said, re.I):
                kind = [k for k in numeric if re.search(key, k, re.I)]
                if len(kind) == 1:
                    return kind[0]
    # a bound of no kind ("below 30%", "低于 20 件") over records of one number field: that one
    kinds = any(re.search(unit, bound.unit, re.I) for unit, _ in CLASSES)
    plain = [k for k in numeric if not re.search(r"(?:^|_)id$|编号", k, re.I)]
    return plain[0] if len(plain) == 1 and not kinds and bound.unit.strip() else None


def _number(x: Any) -> float | None:
    if isinstance(x, bool):
        return None
    if isinstance(x, int | float):
        return float(x)
    if isinstance(x, str):
        m = re.fullmatch(
            r"\s*[$€£¥]?\s*(-?\d+(?:[.,]\d+)?)\s*(?:[a-zA-Z€£$%/]{0,6}|元|欧|公里|分钟|小时)\s*", x
        )
        return _num(m.group(1)) if m else None
    return None


def _meets_bound(bound: Bound, x: float) -> bool:
    if bound.at_most:
        return x < bound.value if bound.strict else x <= bound.value
    return x > bound.value if bound.strict else x >= bound.value


def _mentions(feature: Feature, item: dict[str, Any]) -> bool | None:
    """Rule 3 for one record: True when it has the feature, False when it says it has not or
    says nothing of it, None when nothing in it is about the feature at all."""
    want = _english(feature.said)
    raw = feature.said.lower()
    if not feature.wanted:  # (rule 3b: "away from the printer", 不靠近厕所, 不要含香菜)
        raw = ZH_VERB.sub("", raw) or raw
        want = (_english(raw) - NEAR_WORDS) or (want - NEAR_WORDS)
        if not want:
            return None
    mentioned = False
    for k, x in item.items():
        if isinstance(x, bool) and _english(str(k)) & want:
            if x:
                return True
            mentioned = True
        elif isinstance(x, list):
            for el in x:
                text = str(el).lower()
                if raw in text or _english(text) >= want:
                    return True
        elif isinstance(x, str) and len(x) <= 80 and (raw in x.lower()):
            return True
    return False if mentioned else None


def _equal(task: str, items: list[dict[str, Any]]) -> list[tuple[Bound, str]]:
    """Rule 1a: a number said right after or before a word of a number field's key, with no
    comparison ("floor 1", "5 nights", "2 beds"), when the records differ in it: that value
    exactly; at least that many for a capacity (seats, sleeps, guests)."""
    out = []
    for key in {k for i in items for k, x in i.items() if _number(x) is not None}:
        if len({_number(i.get(key)) for i in items}) < 2 or re.search(CLASSES[0][1], key, re.I):
            continue  # (a price's words say what it is per: "2 nights" is no price_per_night)
        head = re.split(r"(?i)_?per_|_?each_", key)[0]
        for w in (re.sub(r"(?<=[^s])s$", "", w) for w in words(head) if len(w) > 2):
            m = re.search(  # ("5 nights", "a 5-year warranty" and warranty_years)
                rf"\b{w}s?\s*#?\s*(\d+(?:\.\d+)?)\b|\b(\d+(?:\.\d+)?)(?:\s+|-){w}s?\b",
                task,
                re.I,
            )
            if m and not COMPARES.search(task[max(0, m.start() - 14) : m.start()]):
                room = bool(re.search(CLASSES[3][1], key, re.I))
                out.append((Bound(_num(m.group(1) or m.group(2)), False, False, w, ""), key))
                if not room:
                    out.append((Bound(_num(m.group(1) or m.group(2)), True, False, w, ""), key))
                break
    return out


PARTY = re.compile(
    r"\b(?:for|of)\s+(\d{1,3})\s+(?:people|persons|guests|adults|of us)\b|\bparty\s+of\s+(\d{1,3})\b"
    r"|\b(\d{1,3})\s+of\s+us\b|\bwe(?:'re|\s+are)\s+(\d{1,3})\b"
    r"|(\d{1,3})\s*(?:个人|人|位)(?![\u4e00-\u9fff]?[份次天晚])"
)


ROOM_LEFT = re.compile(
    r"spot|place|vacanc|remain|left|avail|slots?_?(?:free|open)|名额|余|空位", re.I
)


def _party(task: str, items: list[dict[str, Any]]) -> list[tuple[Bound, str]]:
    """Rule 1b: a party said with no comparison ("for 4 people", "6 位") needs at least that
    many places of the records' one capacity key (seats, sleeps, capacity; else the one key of
    places left: spots_left, 剩余名额)."""
    said = values.digits_for_words(task)  # "我们三个人", "for three people"
    m = PARTY.search(said)
    keys = {k for i in items for k, x in i.items() if _number(x) is not None}
    room = [k for k in keys if re.search(CLASSES[3][1], k, re.I)]
    room = room or [k for k in keys if ROOM_LEFT.search(k)]  # "spots_left", 剩余名额
    if m is None or len(room) != 1 or COMPARES.search(said[max(0, m.start() - 8) : m.start()]):
        return []
    size = next(g for g in m.groups() if g)
    return [(Bound(float(size), False, False, "", "people"), room[0])]


def applying(
    task: str, items: list[dict[str, Any]]
) -> tuple[list[tuple[Bound, str]], list[Feature]]:
    """The conditions of the request that apply to a listing: each bound with the key it is about
    (rule 2), each number said of a key (rule 1a), each feature some record mentions (rule 3)."""
    if not items:
        return [], []
    keyed = []
    for b in bounds(task):
        key = next((k for item in items if (k := _bound_key(b, item))), None)
        if key is not None:
            keyed.append((b, key))
    bounded = {k for _, k in keyed}
    keyed += [(b, k) for b, k in _equal(task, items) + _party(task, items) if k not in bounded]
    keyed += _from_today(task, items) + _part_of_day(task, items) + _recent(task, items)
    feats = [
        f
        for f in features(task)
        if any((_mentions(f, i) is not None) if f.wanted else _mentions(f, i) for i in items)
    ]
    return keyed, feats


UPCOMING = re.compile(
    r"\b(?:remaining|upcoming|coming up|still to come|from now on|the rest of|yet to come)\b"
    r"|\bleft (?:this|for the) (?:week|month|year|season)\b|接下来|还剩|剩下|今后|往后|后面还有",
    re.I,
)
DAY = re.compile(r"\s*(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?\s*")


def _day(x: Any) -> float | None:
    """An ISO date (its time after it) as a day's number, else None."""
    m = DAY.fullmatch(x) if isinstance(x, str) else None
    try:
        return float(datetime.date.fromisoformat(m.group(1)).toordinal()) if m else None
    except ValueError:
        return None


def _from_today(task: str, items: list[dict[str, Any]]) -> list[tuple[Bound, str]]:
    """Rule 3a: the records' one date field bounded from today on, when the request asks what is
    still to come and some of them lie before today."""
    if not UPCOMING.search(task):
        return []
    keys = [k for k in items[0] if all(_day(i.get(k)) is not None for i in items)]
    today = float(values.today_date().toordinal())
    if len(keys) != 1 or all((_day(i.get(keys[0])) or 0) >= today for i in items):
        return []
    return [(Bound(today, False, False, "today", DATE), keys[0])]


DATE = "date"  # the unit of a bound on a day (rule 3a)
RECENT = re.compile(
    r"\b(?:in|within|over|during|for)\s+the\s+(?:last|past)\s+(?P<n>\d+|[a-z]+)\s+"
    r"(?P<u>day|week|month|year)s?\b|(?:最近|过去|近)\s*(?P<zn>\d+|[一二两三四五六七八九十]+)\s*"
    r"(?:个)?(?P<zu>天|日|周|星期|月|年)"
)
NEGATED = re.compile(r"n't\b|\bnot\b|\bnever\b|没|未|不", re.I)


def _recent(task: str, items: list[dict[str, Any]]) -> list[tuple[Bound, str]]:
    """Rule 3e: "in the last three months", 最近30天 bounds the records' one date field from
    that many units before today; said with a negation ("haven't used in the last three
    months", 三个月没用过) it keeps the records dated before then."""
    m = RECENT.search(task)
    keys = [k for k in items[0] if all(_day(i.get(k)) is not None for i in items)] if m else []
    if m is None or len(keys) != 1:
        return []
    count, unit = (m["n"], m["u"]) if m["n"] else (m["zn"], m["zu"])
    n = (
        int(count)
        if count.isdigit()
        else values.worded_number(count)
        if count.isascii()
        else values._zh_number(count)
    )
    days = {"d": 1, "天": 1, "日": 1, "w": 7, "周": 7, "星": 7, "m": 30.5, "月": 30.5}.get(
        unit[0], 365
    )
    since = float(values.today_date().toordinal()) - round((n or 0) * days)
    start = task.rfind(".", 0, m.start()) + 1
    negated = bool(NEGATED.search(task[start : m.end() + 4]))
    return [(Bound(since, negated, negated, "", DATE), keys[0])] if n else []


CLOCK = "clock"  # the unit of a bound on a time of day, in hours (rule 3d)
PARTS_OF_DAY = [  # (what the request says, from, before): hours of the day
    (r"\b(?:morning|a\.?m\.?)\b|上午|早上|早晨|清早", 5, 12),
    (r"\b(?:midday|noon|lunch ?time)\b|中午", 11, 14),
    (r"\b(?:afternoon)\b|下午", 12, 18),
    (r"\b(?:evening|tonight|night|after work)\b|晚上|傍晚|今晚|夜里|下班后", 17, 24),
]
CLOCK_AT = re.compile(r"\s*(?:\d{4}-\d{2}-\d{2}[T ])?([01]?\d|2[0-3]):([0-5]\d)")


def _clock(x: Any) -> float | None:
    """The hours of a value that opens with a clock time ("19:30", "2026-12-11T19:30"), else None."""
    m = CLOCK_AT.match(x) if isinstance(x, str) else None
    return int(m.group(1)) + int(m.group(2)) / 60 if m else None


def _part_of_day(task: str, items: list[dict[str, Any]]) -> list[tuple[Bound, str]]:
    """Rule 3d: the part of the day the request names ("the evening class", 下午那场) bounds the
    records' first field that holds a clock time, when their times fall on both sides of it."""
    part: tuple[float, float] | None = next(
        ((lo, hi) for said, lo, hi in PARTS_OF_DAY if re.search(said, task, re.I)), None
    )
    keys = [k for k in items[0] if all(_clock(i.get(k)) is not None for i in items)]
    hours = [_clock(i.get(keys[0])) or 0.0 for i in items] if keys else []
    said = [_clock(x) or 0.0 for _at, x in values.times(task)]
    for h in said:  # "the 7:15 showing": the one at 7:15, else at 19:15
        at = h if h in hours else h + 12 if h < 12 and h + 12 in hours else None
        if at is not None and len(set(hours)) > 1:
            part = (at, at + 1 / 120)
            break
    if part is None or not keys:
        return []
    if all(part[0] <= h < part[1] for h in hours) or not any(part[0] <= h < part[1] for h in hours):
        return []
    return [
        (Bound(part[0], False, False, "", CLOCK), keys[0]),
        (Bound(part[1], True, True, "", CLOCK), keys[0]),
    ]


MONTHS = "january february march april may june july august september october november december"
PERIOD_WORDS = [  # (what the request says, the unit, how many back)
    (r"\blast week\b|\bprevious week\b|上周|上星期|上礼拜|上个星期|上个礼拜", "week", -1),
    (r"\bthis week\b|本周|这周|这星期|这个星期|这礼拜", "week", 0),
    (r"\blast month\b|\bprevious month\b|上个月|上月", "month", -1),
    (r"\bthis month\b|本月|这个月", "month", 0),
    (r"\byesterday\b|昨天", "day", -1),
]


def _period(task: str) -> tuple[datetime.date, datetime.date] | None:
    """Rule 3c: the first and last day of the period the request names, or None."""
    today = values.today_date()
    for said, unit, back in PERIOD_WORDS:
        if not re.search(said, task, re.I):
            continue
        if unit == "day":
            day = today + datetime.timedelta(days=back)
            return day, day
        if unit == "week":
            monday = today - datetime.timedelta(days=today.weekday() - 7 * back)
            return monday, monday + datetime.timedelta(days=6)
        first = today.replace(day=1)
        if back:
            first = (first - datetime.timedelta(days=1)).replace(day=1)
        return first, _month_end(first)
    m = re.search(rf"\b(?:in|during|for|of|over)\s+({MONTHS.replace(' ', '|')})\b", task, re.I)
    z = re.search(r"(?<![\d年])(1[0-2]|[1-9])\s*月(?:份)?(?!\s*\d|[初中底])", task)
    month = MONTHS.split().index(m.group(1).lower()) + 1 if m else int(z.group(1)) if z else 0
    if not month:
        return None
    year = today.year if month <= today.month else today.year - 1
    first = datetime.date(year, month, 1)
    return first, _month_end(first)


def _month_end(first: datetime.date) -> datetime.date:
    return (first + datetime.timedelta(days=32)).replace(day=1) - datetime.timedelta(days=1)


def in_period(task: str, items: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """Rule 3c: the records dated in the period the request names, when their one date field
    puts some inside it and some outside; else None."""
    span = _period(task) if len(items) > 1 else None
    keys = [k for k in items[0] if all(_day(i.get(k)) is not None for i in items)] if span else []
    if span is None or len(keys) != 1:
        return None
    low, high = float(span[0].toordinal()), float(span[1].toordinal())
    kept = [i for i in items if low <= (_day(i.get(keys[0])) or 0) <= high]
    return kept if kept and len(kept) < len(items) else None


def meets(item: dict[str, Any], conditions: tuple[list[tuple[Bound, str]], list[Feature]]) -> bool:
    """Rule 4: the record meets every condition that applies."""
    keyed, feats = conditions
    for b, key in keyed:
        x = (
            _day(item.get(key))
            if b.unit == DATE
            else _clock(item.get(key))
            if b.unit == CLOCK
            else _number(item.get(key))
        )
        if x is None or not _meets_bound(b, x):
            return False
    return all(bool(_mentions(f, item)) is f.wanted for f in feats)


def meeting(task: str, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records of a listing that meet the request's conditions (all of them when it states
    none that applies)."""
    conditions = applying(task, items)
    if not conditions[0] and not conditions[1]:
        return items
    return [i for i in items if meets(i, conditions)]


# ---------------------------------------------------------------- 5. an act on a reading's need

LOW_BOUND = re.compile(r"下限|最低|安全|阈值|min(?:imum)?|lower|low|safe|threshold|reorder", re.I)
HIGH_BOUND = re.compile(r"上限|最高|预算|max(?:imum)?|upper|high|limit|budget|cap", re.I)
BOUND_WORDS = re.compile(
    r"建议|下限|上限|最低|最高|安全|阈值|预算|(?:^|_)(?:min(?:imum)?|max(?:imum)?|lower|upper|low|"
    r"high|safe|threshold|reorder|limit|budget|cap|level|point|recommended)(?=_|$)",
    re.I,
)
SAYS_LOW = re.compile(
    r"低|少|不够|不足|缺|干|冷|凉|\b(?:low|below|under|less|short|dry|cold|runs? out|drops?)\b",
    re.I,
)
SAYS_HIGH = re.compile(r"高|多|超|热|\b(?:high|above|over|more|exceeds?|hot)\b", re.I)
NOT_OVER = re.compile(
    r"[没不未](?:有)?(?:超过|超出|高于|多于|大于|过)|\bnot (?:more|over|above|higher)\b", re.I
)
MONEY_MARK = re.compile(
    r"元|块|¥|\$|€|£|金额|费|价|\b(?:usd|eur|gbp|cny|rmb|yuan|dollars?|euros?|pounds?|price|cost|"
    r"amount|total|fee|balance)\b",
    re.I,
)
FIGURE = re.compile(r"^\s*[$€£¥]?\s*(-?\d+(?:\.\d+)?)\s*([^\d\s/:.-].{0,5})?\s*$")


@dataclass(frozen=True)
class Need:
    met: bool
    reading: str  # "土壤湿度 18%"
    bound: str  # "建议湿度下限 25%", or the bound the request states ("200 块")
    below: bool  # the reading is under its bound (else over it, or within)


def _figures(data: Any) -> dict[str, tuple[float, str]]:
    """A record's numbers by key, each with its value as written ("18%", "35 件")."""
    out: dict[str, tuple[float, str]] = {}
    for k, x in data.items() if isinstance(data, dict) else ():
        if isinstance(x, bool) or re.search(r"(?:^|_)(?:id|no|code|year|date)$|编号|日期", str(k)):
            continue
        if isinstance(x, int | float):
            out[str(k)] = (float(x), str(x))
        elif isinstance(x, str) and (m := FIGURE.match(x)):
            out[str(k)] = (float(m.group(1)), x.strip())
    return out


def _head(key: str) -> set[str]:
    """What a key measures without its words of a bound: temp of min_temp_c, 湿度 of 建议湿度下限."""
    rest = BOUND_WORDS.sub(" ", key)
    latin = {w for w in re.split(r"[^a-z]+", rest.lower()) if len(w) > 1}
    han = re.sub(r"[^\u4e00-\u9fff]", "", rest)
    return latin | {han[i : i + 2] for i in range(len(han) - 1)}


def _stated_need(task: str, b: Bound, figures: dict[str, tuple[float, str]]) -> Need | None:
    """Rule 5 for a bound the request states, held against the one figure in its unit."""
    if NOT_OVER.search(task):  # "没超过 300 块", "not more than $50": at most
        b = Bound(b.value, True, False, b.before, b.unit)
    unit = re.sub(r"\s+", "", b.unit)
    fit = [k for k, (_, s) in figures.items() if unit and unit[-1:] in s]
    if MONEY_MARK.search(unit):  # 200 块 and 金额 128.50 元: money either way
        fit = [k for k, (_, s) in figures.items() if MONEY_MARK.search(f"{k} {s}")]
    fit = fit or list(figures)
    if len(fit) != 1:
        return None
    x, said = figures[fit[0]]
    mark = "".join(re.findall(r"[$€£¥]", unit))
    shown = f"{mark}{b.value:g}{re.sub(r'[$€£¥]', '', unit)}"
    return Need(_meets_bound(b, x), f"{fit[0]} {said}", shown, x < b.value)


def need(task: str, data: Any) -> Need | None:
    """Rule 5: whether a result calls for the act a request makes on a condition ("要的话就浇
    四十分钟", "低于安全库存就补 200 件", "不超过 200 块就交了", "if it's low, top it up"). A bound
    the request states is held against the one figure of the result in its unit (200 块 and
    金额 128.50 元); else a reading is held against the bound the result gives beside it (土壤湿度
    18% and 建议湿度下限 25%, water_temp_c and min_temp_c: the key's words but for those of a bound):
    a lower bound is crossed under it, an upper one over it; a request that says low (低, 少,
    不够, dry, cold, below) is met only under a lower bound, one that says high (高, 超, over)
    only over an upper bound, one that says neither (要不要, if needed) by either. None when the
    result gives no such figures."""
    figures = _figures(data)
    if not figures:
        return None
    stated = [b for b in bounds(task) if b.value not in {x for x, _ in figures.values()}]
    if stated:
        return _stated_need(task, stated[0], figures)
    low_said, high_said = bool(SAYS_LOW.search(task)), bool(SAYS_HIGH.search(task))
    for key, (limit, said_limit) in figures.items():
        lower, upper = (
            bool(LOW_BOUND.search(key)),
            bool(HIGH_BOUND.search(key)) and not LOW_BOUND.search(key),
        )
        if not (lower or upper):
            continue
        head = _head(key)
        readings = [
            k
            for k in figures
            if k != key and not LOW_BOUND.search(k) and not HIGH_BOUND.search(k) and head & _head(k)
        ]
        if len(readings) != 1:
            continue
        x, said = figures[readings[0]]
        if lower and not (high_said and not low_said):
            met = x < limit
        elif upper and not (low_said and not high_said):
            met = x > limit
        else:
            continue
        return Need(met, f"{readings[0]} {said}", f"{key} {said_limit}", x < limit)
    return None
