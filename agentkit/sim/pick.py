"""Choosing among the items a result lists, by the superlative the request uses: written rules.

1. A request that asks for the cheapest / most expensive / earliest (as early as possible, 尽早) /
   latest / fastest / shortest / longest / highest / lowest one (最便宜, 最贵, 最早, 最晚, 最快, 最短,
   最长, 最高, 最低) picks, from a result that is a list of objects, the item with the smallest or largest value under the key
   that superlative is about (a price, fare or cost; a departure time or date, else a value
   written as a time or date under any key; a duration; else the first number of the items,
   never an id's: "DN-12" is no quantity); "the next one" / "the next session" / "upcoming" /
   下一节 / 下一场 picks the earliest item whose date is not before the stand-in's today.
2. The picked item comes first among the result's items, so a later call takes its values from
   it ("book the cheapest one" books that flight), and the answer names it.
2a. Only items that can serve count: an item that says it cannot, by any field and wording, is
   skipped (`can_serve`): a yes/no field about availability that says no (available: false,
   in_stock: false, 有货: false; a text under such a key that opens with no: "no (on site)"),
   one about being used up that says yes (sold_out: true), a count of what is left that is 0
   (seats_left: 0, qty: 0, 余票: 0; a table's "0" too), or a short text that says so
   ("sold out", "full", "closed", "unavailable", "out of stock", "no rooms found", "on loan",
   "in use", "out of order", "已售罄", "无票", "已满", "缺货", "没有找到", "使用中", "故障", "已借出").
   With no superlative, the first item that serves comes first.
1d. A comparative among what a listing holds picks as its superlative does ("the cheaper of
   those", "the less expensive one", 更便宜的, 便宜点的那个; "the earlier one", 早一点的那班;
   "the faster one"); the closest / nearest / closer one, 离公司最近的, 距…最近 is about a
   distance key (distance_km, 距离), smallest first.
1a. A superlative of a rating ("best-rated", "highest-rated", "top-rated", "the highest score",
   评分最高, 最高分, 口碑最好; "worst-rated", 评分最低) is about the key of a rating or score
   (rating, avg_rating, score, stars, 评分); a bare "highest" / "lowest" / 最高 / 最低 is about
   the number field its own words name ("the highest rating", "平均分最高": the words next to
   it, not the words of a condition elsewhere in the request: "shorter than 5 km" names no
   quantity to rank by), else the first number of the items.
1b. Only items that meet the conditions the request puts on them count (`agentkit.sim.conditions`:
   a bound on a number, "under $100 a night", "sleeps at least 5", 评分 4.5 以上; a feature,
   "with a projector", 有投影仪); with no superlative, the first that meets them is picked. "at
   least 5", "at most", 最多 8 人 bound a number: they are no superlative.
1c. The pick is the whole request's: a step that only acts ("..., and book it", "然后订下来")
   takes the entry the request's superlative and conditions pick, and an id a result's field
   filled with its listing's first entry gives way to it (`agentkit.sim.general._repicked`); a
   text read as `key: value` facts is picked from by its lines too ("可约时段:" and its
   "- SL-0830 08:30-09:00" lines).
3. An id a later call needs, from a result that lists entries (one a line, or a list of objects):
   the entry whose words (their first six letters) the request uses ("the mushroom risotto recipe" and "- rcp_481: Mushroom
   risotto"; "龟背竹" and "P-03 龟背竹，上次浇水 …") gives its id-like token (rcp_481, P-03), or
   the number a label leads it with ("Episode 98 'Octopus Minds'" -> 98). Of the entries the
   request names, one that can serve (rule 2a: a copy "on loan" is never taken when another is
   available); of those it names as much, the one whose words it leaves unsaid the least
   ("Wingspan (the base game)": "Wingspan", not "Wingspan: European Expansion"). Named by no
   words, the one entry whose date (YYYY-MM-DD) falls in the period the request names (上周 /
   last week, 本周, 昨天 / yesterday, 前天, 上个月 / last month, 本月: `_dated`; weeks from
   Monday, counted from the stand-in's today) gives it; else the one entry whose first clock
   time is a time the request says ("下午三点那个": the slot that starts at 15:00: `_timed`).
4. When the request asks for any one ("book one", "约一个", "订个", "a free seat") and names no
   entry, the first entry that serves (rule 2a) gives it: a list of ids (free: ["3F-112",
   "3F-118"]), a list's objects or a text's entries; when only one entry of a listing can serve
   (one charger 空闲, the rest 使用中 or 故障), that one, whatever the request says.
5. An ordinal ("the second one", "the first hotel", "the last one", "option 2", "第二只", "第1个",
   "最后一款") picks the entry at that place of the listing as the result gives it (rule 3's
   entries, in their order), from the latest result that lists two or more; it comes first like
   rule 2's.
7. An act over several entries of a listing (`agentkit.sim.fanout`, rule 2) is made for those the
   request picks (`for_act`): dated in the period it names, meeting its conditions, of the kind
   it says ("the books": type book, not dvd), and not named by a clause that puts things aside
   ("leave the DVD alone", "但不要 X", "除了 X"); an entry named only in such a clause is never
   the one entry the request names (rule 3).
6. A reference to one thing ("it", "that one", "this one", "它", "这个", "那款") with no other
   pick takes the entry the conversation last singled out: a result that is one entry (an object,
   not a list), else the latest listing's only entry (`referred_id`).
8. A condition that a thing falls due ("renew it if it is due", "if it's expiring", 到期了就续,
   快到期的话) is met when the result's date under a key of its end (expires, due, valid_until,
   end_date, 到期, 有效期) is past or within 30 days of the stand-in's today; a later one is
   why the act is not done (`_not_due`, read by rule 4a of `agentkit.sim.each`).
9. A preference. A yes/no field the records differ in, whose thing the request names (the
   words of its key but those that only say how a record has it: has, is, near, by, with,
   allowed, included, friendly; "near_entrance" and 离入口近, "pets_allowed" and "we have pets,
   pets allowed would be great", "shaded" and "in the shade"), says what the user prefers:
   the records that have it come first (`preferred`, `by_preference`), unless every clause
   that names it says no (not, no, without, avoid, 不, 没, 别, 无, 避: "I'm not bothered about
   wetsuits"; "I don't own a wetsuit, so one that includes wetsuits" names it without one). A superlative, a bound or
   an id named still decides first; the preference orders what is left.
7. A superlative is a way of picking, never a thing's name: a value that is only a superlative
   word ("weakest", "the calmest", "most", "最低", "最大的") fills no input (`is_superlative`);
   the input stays open for the things the request names ("how much more than the weakest site"
   beside "Kestrel Ridge, Oakmoor and Pellworth": one call per named site).
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from . import conditions, idkinds, values
from .values import today_date

KEYS = {
    "price": r"price|fare|cost|amount|total|fee|(?<![a-z])(?:rent|rate)|charge|tariff|价|费|租金",
    "time": r"depart|time|date|start|when|出发|时间|日期|开始",
    "upcoming": r"depart|time|date|start|when|出发|时间|日期|开始",
    "duration": r"duration|minutes|hours|length|时长|耗时|用时",
    "rating": r"rating|rated|score|stars?\b|review|评分|评价|得分|分数|星",
    "distance": r"distance|dist\b|(?:^|_)(?:km|mi|miles|meters|metres|m)$|距离|远",
    "any": r".",
}
RULES = [  # (what the request says, the key it is about, smallest first?)
    (
        r"cheapest|least expensive|lowest (?:price|fare|cost)|最便宜|最低价|价格最低"
        r"|\bcheaper\b|\bless expensive\b|更便宜|便宜(?:一?[点些])?的(?:那|一)",
        "price",
        True,
    ),
    (
        r"most expensive|priciest|最贵|价格最高|\bpricier\b|\bmore expensive\b|贵(?:一?[点些])?的(?:那|一)",
        "price",
        False,
    ),
    (
        r"\b(?:closest|nearest|closer|nearer)\b|离.{1,12}?最近|距.{0,12}?最近|最近的那",
        "distance",
        True,
    ),
    (
        r"earliest|soonest|first available|as (?:early|soon) as (?:possible|you can)|\basap\b|"
        r"最早|尽早|越早越好|尽快|\bthe earlier\b|早(?:一?[点些])?的(?:那|一)",
        "time",
        True,
    ),
    (
        r"下一(?:节|场|班|次|期|堂|趟|轮|批|个|档)|最近的一(?:节|场|班|次|期|堂|趟)|\bupcoming\b"
        r"|\bnext (?:one|session|class|lesson|meeting|show(?:ing)?|screening|departure|slot|sailing"
        r"|event|game|match|episode|appointment|available)\b"
        r"|\bnext (?!(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|(?:January|February|March|April|May"
        r"|June|July|August|September|October|November|December)\b)"
        r"(?:(?-i:[A-Z])[\w'&-]*\s+){1,4}(?-i:[a-z]{3,})\b",
        "upcoming",
        True,
    ),
    (r"\blatest\b|last one|最晚|最迟", "time", False),
    (r"fastest|shortest|quickest|最快|最短|\bthe (?:faster|quicker|shorter)\b", "duration", True),
    (r"longest|slowest|最长|最慢", "duration", False),
    (
        r"(?:best|top|highest)[- ]rated|(?:highest|best|top)(?: average| overall| mean)? "
        r"(?:rating|score|review)s?|评分最高|最高评分|最高分|分数最高|得分最高|评价最好|口碑最好|"
        r"好评最多|最受好评",
        "rating",
        False,
    ),
    (
        r"(?:worst|lowest)[- ]rated|lowest(?: average| overall| mean)? (?:rating|score)s?|"
        r"评分最低|最低分|分数最低|得分最低|评价最差|口碑最差",
        "rating",
        True,
    ),
    (r"highest|biggest|largest|most\b|最高|最大|最多", "any", False),
    (r"lowest|smallest|least\b|最低|最小|最少", "any", True),
]


# (a key of availability: has_seats, free_slots, is_free; not a feature a thing has or lacks,
# has_coriander, gluten_free, whose false says nothing of whether it can serve)
AVAILABLE_KEY = re.compile(
    r"avail|in_?stock|stock|^(?:is_)?free(?:_|$)|free_(?:slots?|seats?|spaces?|places?|rooms?)|"
    r"open|online|active|enabled|bookable|can_?book|vacan|"
    r"has_(?:stock|seats?|spaces?|rooms?|slots?|places?|tickets?|capacity|availability|vacanc)|"
    r"有货|有票|可用|可订|空闲|有空|开放",
    re.IGNORECASE,
)
USED_UP_KEY = re.compile(
    r"sold_?out|full|closed|unavailable|booked|taken|occupied|售罄|已满|满员|关闭|停售",
    re.IGNORECASE,
)
LEFT_KEY = re.compile(
    r"left|remain|avail|stock|qty|quantity|seats|spaces|slots|rooms|tickets|free|vacan|count|"
    r"余|剩|库存|数量|座位|空位|名额",
    re.IGNORECASE,
)
USED_UP = re.compile(
    r"(?:^\s*|\b(?:is|are|now)\s+)full\b|\b(?:sold[ _-]?out|fully booked|closed|unavailable|not available|out of stock|"
    r"no (?:seats|tickets|rooms|spaces|slots|stock|availability)|booked up|cancel+ed|none left|"
    r"waitlist(?: only)?|on loan|checked out|lent out|in use|occupied|out of (?:order|service)|"
    r"broken|faulty|under (?:repair|maintenance))\b|售罄|售完|卖完|无票|没票|无货|没货|缺货|已满|满员|客满|约满|"
    r"停运|停售|关闭|不可用|不可预订|无空位|没有空位|已取消|已借出|借出|外借|使用中|占用|已占|故障|维修|损坏|"
    r"\bno \w+(?: \w+)? (?:found|available|left)\b|\b(?:nothing|none) (?:found|available|left)\b|"
    r"没有找到|找不到|未找到|无结果|没有可用|没有空",
    re.IGNORECASE,
)


def why_not(item: Any) -> str | None:
    """Rule 2a's reading of one item or result: the `key: value` that says it cannot serve, or
    None when nothing says so."""
    if isinstance(item, str):
        m = USED_UP.search(item)
        return m.group(0) if m and not re.search(r"\bnot (?:sold|full)", item, re.I) else None
    if isinstance(item, list):
        return None if item else "[]"
    if not isinstance(item, dict):
        return None
    for k, x in item.items():
        if _says_no(str(k), x):
            return f"{k}: {x}"
    lists = [x for x in item.values() if isinstance(x, list)]
    if len(lists) == 1 and not lists[0]:  # {"rooms": []}
        return next(f"{k}: []" for k, x in item.items() if x is lists[0])
    return None


def _says_no(k: str, x: Any) -> bool:
    if isinstance(x, bool):
        return (not x and bool(AVAILABLE_KEY.search(k))) or (x and bool(USED_UP_KEY.search(k)))
    if isinstance(x, int | float) or isinstance(x, str) and re.fullmatch(r"\s*0+(?:\.0+)?\s*", x):
        return float(x) == 0 and bool(LEFT_KEY.search(k))  # (a table's "0" too)
    if isinstance(x, str) and AVAILABLE_KEY.search(k) and SAYS_NO.match(x):
        return True  # available: "no (on site in Rotterdam)"
    return isinstance(x, str) and len(x) <= 60 and why_not(x) is not None


SAYS_NO = re.compile(r"\s*(?:no|false|none|否|无|没有)\b", re.I)


def can_serve(item: Any) -> bool:
    """Rule 2a: nothing in the item says it cannot serve."""
    return why_not(item) is None


def unmet(data: Any, task: str = "") -> str | None:
    """Whether a result can serve the act asked for (`agentkit.sim.each`, rule 4a): a yes/no
    field the request names decides ("Is it online?" and online: false); else None when it can
    (a list: when one of its items can), else what says it cannot."""
    asked = set(re.findall(r"[a-z]{4,}", task.lower()))
    if isinstance(data, dict):
        for k, x in data.items():
            if isinstance(x, bool) and set(re.findall(r"[a-z]+", str(k).lower())) & asked:
                return None if x else f"{k}: {x}"
    items = _items(data)
    if items:
        return None if any(can_serve(x) for x in items) else why_not(items[0])
    return why_not(data) or _not_due(data, task)


DUE = re.compile(
    r"\b(?:due|overdue|expir\w*|run(?:s|ning)? out|lapse[sd]?)\b|到期|过期|逾期|快到期|即将到期",
    re.I,
)
END_KEY = re.compile(r"expir|due|until|valid|end|到期|截止|有效期|结束", re.I)
SOON_DAYS = 30


def _not_due(data: Any, task: str) -> str | None:
    """Rule 8: the `key: date` that says a thing the request acts on when due is not due yet."""
    if not isinstance(data, dict) or not DUE.search(task):
        return None
    for k, x in data.items():
        m = re.match(r"\d{4}-\d{2}-\d{2}", x) if isinstance(x, str) else None
        if m and END_KEY.search(str(k)):
            left = (datetime.date.fromisoformat(m.group(0)) - today_date()).days
            return f"{k}: {x}" if left > SOON_DAYS else None
    return None


def _number(x: Any) -> float | None:
    if isinstance(x, bool):
        return None
    if isinstance(x, int | float):
        return float(x)
    m = re.search(r"-?\d+(?:[.,]\d+)?", str(x)) if isinstance(x, str) else None
    return float(m.group(0).replace(",", ".")) if m else None


CLOCK = re.compile(r"\d{1,2}:\d{2}|\d{4}-\d{2}-\d{2}(?:[T ]\d{1,2}:\d{2}(?::\d{2})?)?")


def _value(item: dict[str, Any], about: str, key: str = "") -> Any:
    if key:  # (rule 1a: the number field the superlative's own words name)
        return _number(item.get(key))
    for k, x in item.items():
        if about == "any" and idkinds.is_id_key(str(k)):
            continue  # an id is no quantity ("DN-12" is not -12)
        if re.search(KEYS[about], str(k), re.IGNORECASE) and not isinstance(x, dict | list | bool):
            if about in ("time", "upcoming") and isinstance(x, str):
                return x  # "09:45", "2026-05-01T13:10": ordered as written
            n = _number(x)
            if n is not None:
                return n
    if about in ("time", "upcoming"):  # a time or date under any key ("开船": "07:00")
        return next((x for x in item.values() if isinstance(x, str) and CLOCK.fullmatch(x)), None)
    return None


def superlative(task: str) -> tuple[str, bool, str] | None:
    """Rule 1's reading: (the key it is about, smallest first, the words said)."""
    for pattern, about, smallest in RULES:
        m = next((m for m in re.finditer(pattern, task, re.I) if not _bounds(task, m)), None)
        if m:
            said = m.group(0)
            if SOON.fullmatch(said):  # "as early as possible", "尽快": the earliest
                said = "最早" if re.search(r"[\u4e00-\u9fff]", said) else "earliest"
            if about == "upcoming" and said.lower().startswith("next"):
                said = "next"  # "the next Flow Yoga session": said as "the next one"
            return about, smallest, said
    return None


def _bounds(task: str, m: re.Match[str]) -> bool:
    """ "at least 5", "at most", 最多 8 人, 最少 3 晚: a bound on a number (rule 1b), not a pick."""
    before, after = task[: m.start()], task[m.end() :]
    return bool(
        re.search(r"\bat\s+$", before, re.I)
        or re.match(r"\s*[$€£¥]?\s*\d|\s*than\b", after, re.I)  # "cheaper than …": a bound
    )


SOON = re.compile(r"as (?:early|soon) as (?:possible|you can)|asap|尽早|越早越好|尽快", re.I)


def picked(task: str, data: Any) -> dict[str, Any] | None:
    """Rule 1: the item of a list result the request's superlative picks, or None."""
    rule = superlative(task)
    items = _items(data)
    if rule is None or len(items) < 2:
        return None
    about, smallest, said = rule
    key = named_quantity(task, said, items) if about == "any" else ""
    fit = fitting(task, items)
    scored = [
        (v, i)
        for i, item in enumerate(items)
        if any(item is x for x in fit) and (v := _value(item, about, key)) is not None
    ]
    if about == "upcoming":  # "the next one", 下一节: the earliest not yet past, by date
        if not any(isinstance(v, str) and ISO_DAY.match(v) for v, _i in scored):
            return None  # bare clock times: the next one after now is `facts`' to say
        today = today_date().isoformat()
        scored = [(v, i) for v, i in scored if not _dated_before(v, today)]
    if len(scored) == 1 and len([x for x in items if _value(x, about, key) is not None]) > 1:
        return items[scored[0][1]]  # the only one of several that can serve
    if len(scored) < 2 or len({type(v) for v, _ in scored}) > 1:
        return None
    best = min(scored) if smallest else max(scored)
    return items[best[1]]


def _dated_before(value: Any, today: str) -> bool:
    """Whether a value written as a date (YYYY-MM-DD, a time after it or not) is before today."""
    return isinstance(value, str) and bool(ISO_DAY.match(value)) and value[:10] < today


def named_quantity(task: str, said: str, items: list[dict[str, Any]]) -> str:
    """Rule 1a: the one number field of the items that the words next to the superlative name
    (two words after it and one before; four Han either side), else ""."""
    at = task.lower().find(said.lower())
    if at < 0 or not items:
        return ""
    after = task[at + len(said) :]
    near = " ".join(re.findall(r"[A-Za-z]+", task[:at])[-1:] + re.findall(r"[A-Za-z]+", after)[:2])
    han = (
        "".join(re.findall(r"[\u4e00-\u9fff]", task[:at])[-4:])
        + re.sub(r"[^\u4e00-\u9fff].*", "", after)[:4]
    )
    said_words = conditions.english_words(f"{near} {han}") - conditions.english_words(said)
    keys = [
        k
        for k, x in items[0].items()
        if _number(x) is not None and not isinstance(x, str) and not idkinds.is_id_key(str(k))
    ]
    named = [k for k in keys if conditions.english_words(str(k)) & said_words]
    return named[0] if len(named) == 1 else ""


def rated_key(task: str, items: list[dict[str, Any]]) -> str:
    """Rule 1a for a listing read as records: the one rating key of the items when the request's
    superlative is a rating's ("best-rated", 评分最高), else ""."""
    rule = superlative(task)
    if rule is None or not items or rule[0] != "rating":
        return ""
    keys = [k for k, x in items[0].items() if re.search(KEYS["rating"], str(k), re.I)]
    keys = [
        k for k in keys if _number(items[0][k]) is not None and not isinstance(items[0][k], bool)
    ]
    return keys[0] if len(keys) == 1 else ""


def meeting_conditions(task: str, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rule 1b for records read by `agentkit.sim.records`: those that meet the request's
    conditions (all of them when it states none that applies)."""
    return conditions.meeting(task, items)


def fitting(task: str, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rule 1b: the items that can serve (rule 2a) and meet the conditions the request puts on
    them (`agentkit.sim.conditions`: "under $100 a night", "sleeps at least 5", "有投影仪")."""
    return conditions.meeting(task, [x for x in items if can_serve(x)])


def fitting_id(task: str, results: list[Any], key: str = "") -> str | None:
    """Rule 1b with no superlative: the id of the first item of a listing that meets the
    request's conditions, when it states some that apply to it."""
    for data in results:
        items = [x for x in _items(data) if can_serve(x)]
        applying = conditions.applying(task, items)
        if len(items) < 2 or not (applying[0] or applying[1]):
            continue
        fit = conditions.meeting(task, items)
        return id_of(fit[0], key) if fit else None
    return None


HOW_HAD = frozenset(
    "is has have with near by close next to allow includ included friendly on site avail".split()
)
SAYS_NO_TO = re.compile(
    r"\b(?:not|no|without|avoid|don't|never|hate|allergic)\b|n't\b|[不没别忌]|避|远离|无(?!障碍)",
    re.I,
)


def preferred(task: str, items: list[dict[str, Any]]) -> list[str]:
    """Rule 9: the yes/no keys the request names, of those the items differ in."""
    if len(items) < 2:
        return []
    said = {w[:5] for w in conditions.english_words(task)}
    clauses = [c for c in conditions.CLAUSE.split(task) if c and c.strip()]
    out = []
    for k in items[0]:
        flags = [x.get(k) for x in items]
        if not all(isinstance(f, bool) for f in flags) or len(set(flags)) < 2:
            continue
        if AVAILABLE_KEY.search(str(k)) or USED_UP_KEY.search(str(k)):
            continue  # (whether it can serve: rule 2a's, no preference)
        things = {w[:5] for w in conditions.english_words(str(k)) if w not in HOW_HAD}
        if not things or not things <= said:
            continue
        naming = [c for c in clauses if things & {w[:5] for w in conditions.english_words(c)}]
        if not naming or any(not SAYS_NO_TO.search(c) for c in naming):
            out.append(str(k))
    return out


def by_preference(task: str, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rule 9: the items with more of the preferred yes/no fields first, else as they came."""
    keys = preferred(task, items)
    return sorted(items, key=lambda x: -sum(x.get(k) is True for k in keys)) if keys else items


def listing_entries(data: Any) -> list[dict[str, Any]]:
    """The entries of a list result, or of the one list an object result holds."""
    return _items(data)


def _items(data: Any) -> list[dict[str, Any]]:
    if isinstance(data, dict):  # {"flights": [...]}: the one list it holds
        lists = [x for x in data.values() if isinstance(x, list)]
        data = lists[0] if len(lists) == 1 else None
    return [x for x in data if isinstance(x, dict)] if isinstance(data, list) else []


COUNTERS = "个只款家条张位间本件项种班部首辆套份门篇台盒瓶节堂场趟期所处栋"
ORDINAL = re.compile(
    r"\bthe\s+(first|second|third|fourth|fifth|sixth|1st|2nd|3rd|4th|5th|6th|last)\b"
    r"(?!\s+(?:time|step|thing|of all|available|thing))"
    rf"|第\s*([一二三四五六七八九十\d]{{1,2}})\s*[{COUNTERS}]|(最后)一?[{COUNTERS}]"
    r"|\b(?:option|choice)\s*#?\s*([1-9])\b",
    re.IGNORECASE,
)
PLACES = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "last": -1,
    "最后": -1,
}
HAN_DIGITS = "一二三四五六七八九十"


def ordinal(task: str) -> int | None:
    """Rule 5's reading: the place the request names (1 for the first, -1 for the last), or None."""
    m = ORDINAL.search(task)
    if m is None:
        return None
    said = next(g for g in m.groups() if g).lower()
    if said in PLACES:
        return PLACES[said]
    if said[:1].isdigit():
        return int(re.sub(r"\D", "", said))
    return HAN_DIGITS.index(said) + 1 if len(said) == 1 and said in HAN_DIGITS else None


def _at_place(task: str, data: Any) -> Any:
    """Rule 5: the entry at the place the request names, from a result listing two or more."""
    place = ordinal(task)
    found = entries(data) if place is not None else []
    if len(found) < 2 or place is None or place > len(found):
        return None
    return found[place - 1 if place > 0 else place][1]


def ordinal_id(task: str, results: list[Any], key: str = "") -> str | None:
    """Rule 5: the id of the entry at the place the request names, from the latest listing."""
    for data in results:
        if len(entries(data)) >= 2:
            entry = _at_place(task, data)
            return id_of(entry, key) if entry is not None else None
    return None


REFERS = re.compile(
    r"\b(?:it|that one|this one)\b|\b(?:that|this)\s+(?!is\b|was\b|'s\b)[a-z]+(?=\s*[?.!,]|\s+(?:now|again|today|please|for me)\b|\s*$)"
    r"|它|这个|那个|这款|那款|这家|那家|这只|那只|刚才|刚刚",
    re.IGNORECASE,
)


def referred_id(task: str, results: list[Any], key: str = "") -> str | None:
    """Rule 6: for "it" / "that one" / 它, the id of the entry last singled out: the latest result
    that is one object, or a listing of exactly one entry."""
    if not REFERS.search(task):
        return None
    for data in results:
        found = entries(data)
        if isinstance(data, dict) and not _items(data):
            return id_of(data, key)
        if len(found) == 1:
            return id_of(found[0][1], key)
        if found:
            return None
    return None


def first(task: str, data: Any) -> Any:
    """Rule 2: the result with the picked item (else the entry at the place the request names,
    rule 5, else the one entry the request names by its words, rule 3, else the first that
    serves) first among its items."""
    item = picked(task, data) or _at_place(task, data) or _named_item(task, data)
    if not isinstance(item, dict):
        item = None
    if item is None:
        item = next(iter(by_preference(task, fitting(task, _items(data)))), None)
    if item is None:
        item = next((x for x in _items(data) if can_serve(x)), None)
    if item is None:
        return data
    if isinstance(data, list):
        return [item] + [x for x in data if x is not item]
    return {
        k: ([item] + [x for x in v if x is not item] if isinstance(v, list) else v)
        for k, v in data.items()
    }


ID_LIKE = re.compile(
    r"(?<![\w-])([A-Za-z]{1,8}(?:[-_][A-Za-z]{1,8})*[-_]?\d{1,10}(?:[-_]\d{1,10})*|\d{4,12})(?![\w-])"
)
PLAIN = frozenset("the a an of to for in on and or my me get full show find with".split())


TOKEN = re.compile(r"(?=[\w-]*\d)[A-Za-z0-9][\w-]{1,19}")  # an id as a list holds it: 3F-112
LABELLED = re.compile(r"^\W*(?:[A-Za-z]{2,12}\.?|#|第)\s*#?(\d{1,6})\b")
ANY_ONE = re.compile(
    r"\b(?:book|reserve|take|get|grab|order)\s+(?:one|any|a|an)\b|\bany (?:one|of them)\b|"
    r"\b(?:a|an|one)\s+(?:free|available|open|vacant|empty)\b|"
    r"[约订买选挑拿找]一?(?:个|间|张|位|份)|随便|任意",
    re.IGNORECASE,
)


def any_one(task: str, results: list[Any], key: str = "") -> str | None:
    """Rule 4: an id for a request that asks for any one, from the first result listing ids or
    entries; the one entry of a listing that can serve, whatever the request says."""
    anyone = bool(ANY_ONE.search(task))
    for data in results if anyone else []:
        lists = [data] if isinstance(data, list) else []
        lists += [x for x in data.values() if isinstance(x, list)] if isinstance(data, dict) else []
        for listed in lists:
            for x in listed:
                if isinstance(x, str) and TOKEN.fullmatch(x.strip()) and can_serve(x):
                    return x.strip()
    for data in results:
        found = entries(data)
        serving = [x for _, x in found if can_serve(x)]
        if serving and (len(serving) == 1 < len(found) or anyone):
            got = id_of(serving[0], key)
            if got:
                return got
    return None


def _said(task: str) -> tuple[frozenset[str], str]:
    latin = frozenset(w[:6] for w in re.findall(r"[a-z]{3,}", task.lower()) if w not in PLAIN)
    return latin, task


def _overlap(entry: str, said: tuple[frozenset[str], str]) -> int:
    latin, task = said
    words = {w[:6] for w in re.findall(r"[a-z]{3,}", ID_LIKE.sub(" ", entry).lower())} - PLAIN
    han = re.findall(r"[\u4e00-\u9fff]{2,}", entry)
    return len(words & latin) + sum(2 for h in han if _head_said(h, task))


def _head_said(run: str, task: str) -> bool:
    """A Chinese run of an entry the request says whole, or by its head: a compound names its
    thing last, so the request's "刀削面" names the entry's "手工刀削面" (three characters or
    more of its end, "挂面" of "鸡蛋挂面" too short to tell)."""
    return run in task or any(run[i:] in task for i in range(1, len(run) - 2))


def entries(data: Any) -> list[tuple[str, Any]]:
    """Rule 3's entries of a result, each as a text with what it is: a list's objects (their keys
    and values), else the lines of a text that hold an id; a line that holds several ids is prose,
    one entry a sentence ("Pennine Vans can do it for £142 (quote ref Q-PV-208)."); with no id,
    the lines a label leads with a number ("Episode 98 'Octopus Minds'")."""
    if isinstance(data, dict | list):
        return [(" ".join(f"{k} {v}" for k, v in x.items()), x) for x in _items(data)]
    if not isinstance(data, str):
        return []
    out: list[tuple[str, Any]] = []
    for line in data.splitlines():
        if len(ID_LIKE.findall(line)) > 1:
            out += [(s, s) for s in SENTENCE.split(line) if ID_LIKE.search(s)]
        elif ID_LIKE.search(line):
            out.append((line, line))
    return out or [(line, line) for line in data.splitlines() if LABELLED.search(line)]


SENTENCE = re.compile(r"(?<=[.!?])\s+(?=\S)|(?<=[。！？；;])")
ID_KEY = re.compile(r"(?:^|_)(?:id|no|ref|code|number)$|^id|编号|号$", re.IGNORECASE)


def id_of(entry: Any, key: str = "") -> str | None:
    """The id an entry gives: an object's value under the key a call needs (`key`), else under a
    key that names an id (sailing_id, 班次号), else its first value shaped like one; a text's
    first id-like token, else the number its label leads with; never an id held under a key of
    another kind than `key`'s (`agentkit.sim.idkinds.differ`)."""
    if isinstance(entry, dict):
        if key in entry and not isinstance(entry[key], dict | list):
            return str(entry[key])
        for k, x in entry.items():
            if ID_KEY.search(str(k)) and isinstance(x, str | int) and not isinstance(x, bool):
                if idkinds.differ(str(k), key):  # book_id's value is no card_number
                    return None
                return str(x)
        shaped = next(
            (x for x in entry.values() if isinstance(x, str) and ID_LIKE.fullmatch(x)), None
        )
        return shaped or _nested_id(entry, key)
    m = ID_LIKE.search(str(entry)) or LABELLED.search(str(entry))
    return m.group(1) if m else None


PERIODS = [  # (what the request says, the period's first and last day from today)
    (r"上周|上星期|上礼拜|last week", "week", -1),
    (r"本周|这周|这星期|这个星期|this week", "week", 0),
    (r"昨天|yesterday", "day", -1),
    (r"前天|the day before yesterday", "day", -2),
    (r"上个月|上月|last month", "month", -1),
    (r"本月|这个月|this month", "month", 0),
]
ISO_DAY = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")


def _period(task: str) -> tuple[datetime.date, datetime.date] | None:
    """The days a period the request names covers ("上周下的那张", "the one I ordered last
    week"), counted from the stand-in's today; weeks start on Monday."""
    today = today_date()
    for said, unit, back in sorted(PERIODS, key=lambda p: -len(p[0])):
        if not re.search(said, task, re.I):
            continue
        if unit == "day":
            day = today + datetime.timedelta(days=back)
            return day, day
        if unit == "week":
            monday = (
                today - datetime.timedelta(days=today.weekday()) + datetime.timedelta(weeks=back)
            )
            return monday, monday + datetime.timedelta(days=6)
        first = today.replace(day=1)
        if back:
            first = (first - datetime.timedelta(days=1)).replace(day=1)
        last = (first + datetime.timedelta(days=32)).replace(day=1) - datetime.timedelta(days=1)
        return first, last
    return None


def _dated(task: str, found: list[tuple[str, Any]]) -> Any:
    """Rule 3 by date: the one entry whose date (written YYYY-MM-DD) falls in the period the
    request names ("我上周下的那张", "yesterday's booking"), when one alone does."""
    span = _period(task) if len(found) > 1 else None
    if span is None:
        return None
    inside = []
    for text, entry in found:
        days = [datetime.date(*map(int, m.groups())) for m in ISO_DAY.finditer(text)]
        if any(span[0] <= d <= span[1] for d in days):
            inside.append(entry)
    return inside[0] if len(inside) == 1 else None


CLOCK = re.compile(r"(?<![\d:])([01]?\d|2[0-3]):([0-5]\d)(?![\d])")


def _timed(task: str, found: list[tuple[str, Any]]) -> Any:
    """Rule 3 by time: the one entry that starts (its first clock time) at a time the request
    says in any form ("订下午三点那个" and the slot "start: 15:00, end: 18:00"; not the one that
    ends at 15:00)."""
    said = {t for _at, t in values.times(task)}
    if not said or len(found) < 2:
        return None
    starting = []
    for text, entry in found:
        first = CLOCK.search(text)
        if first and f"{int(first.group(1)):02d}:{first.group(2)}" in said:
            starting.append(entry)
    return starting[0] if len(starting) == 1 else None


def _nested_id(entry: dict[str, Any], key: str) -> str | None:
    """The id an entry's nested object gives ({"accession": {"id": "ACC-7731", ...}, "stock":
    ...}): the object under a word of the key wanted (accession of accession_id) first."""
    wanted = set(key.lower().split("_")) - {"id", "no", "ref", "code", "number"}
    nested = sorted(
        ((k, x) for k, x in entry.items() if isinstance(x, dict)),
        key=lambda kx: str(kx[0]).lower() not in wanted,
    )
    for _, x in nested:
        found = id_of(x, key)
        if found:
            return found
    return None


def _named(task: str, found: list[tuple[str, Any]]) -> Any:
    """The one entry whose words the request uses the most (rule 3), or None."""
    said = _said(task)
    named = [(_overlap(e, said), i) for i, (e, _) in enumerate(found)]
    serving = [(n, i) for n, i in named if n > 0 and can_serve(found[i][1])]
    scored = sorted(serving or named, reverse=True)  # one that can serve, when one is named
    top = [i for n, i in scored if n == scored[0][0] > 0] if scored else []
    if len(top) > 1:  # as many of the request's words: the one that says least else
        extra = {i: _unsaid(found[i][1], said) for i in top}
        fewest = min(extra.values())
        top = [i for i in top if extra[i] == fewest]
    return found[top[0]][1] if len(top) == 1 else None


def _unsaid(entry: Any, said: tuple[frozenset[str], str]) -> int:
    """How many words of an entry's texts the request does not use ("Wingspan: European
    Expansion" says two more than "Wingspan" for "Wingspan (the base game)")."""
    texts = [x for x in entry.values() if isinstance(x, str)] if isinstance(entry, dict) else []
    found = re.findall(r"[a-z]{3,}", ID_LIKE.sub(" ", " ".join(texts)).lower())
    return len({w[:6] for w in found} - PLAIN - said[0])


def _named_item(task: str, data: Any) -> dict[str, Any] | None:
    item = _named(task, entries(data)) if isinstance(data, dict | list) else None
    return item if isinstance(item, dict) else None


def entry_id(task: str, results: list[Any], key: str = "") -> str | None:
    """Rule 3: the id of the one entry the request names (by its words, else by the period its
    date falls in), or None."""
    for data in results:
        # (an entry the request already names by its id, the customer's own line, is no pick)
        listed = [(t, e) for t, e in entries(data) if (i := id_of(e)) is None or i not in task]
        entry = _named(_wanted(task), listed)
        entry = _dated(task, listed) if entry is None else entry
        entry = _timed(task, listed) if entry is None else entry
        if entry is not None:
            found = id_of(entry, key)
            if found:
                return found
    return None


MONEY = re.compile(
    r"[£$€¥]\s*(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s*(?:元|块|欧|英镑|美元|"
    r"(?:eur|euros?|usd|dollars?|gbp|pounds?)\b)",
    re.IGNORECASE,
)
SPAN = re.compile(r"(\d+(?:\.\d+)?)\s*(?:min|minutes?|h|hours?|hrs?|分钟|小时)\b", re.IGNORECASE)


def _said_value(text: str, about: str) -> Any:
    """Rule 1 in prose: the value a sentence says of what the superlative is about."""
    plain = ID_LIKE.sub(" ", text)
    if about == "price":
        m = MONEY.search(plain)
        return float((m.group(1) or m.group(2)).replace(",", "")) if m else None
    if about == "time":
        m = CLOCK.search(plain)
        return m.group(0).zfill(5) if m else None
    if about == "duration":
        m = SPAN.search(plain)
        return float(m.group(1)) if m else None
    m = re.search(r"\d+(?:\.\d+)?", plain)
    return float(m.group(0)) if m else None


def picked_id(task: str, results: list[Any], key: str = "") -> str | None:
    """Rules 1 and 3 together: the id of the entry the request's superlative picks, from a list of
    objects or from the lines or sentences of a text (the cheapest of three quotes in prose)."""
    rule = superlative(task)
    if rule is None:
        return None
    for data in results:
        item = picked(task, data)
        if item is not None:
            return id_of(item, key)
        entry = _prose_pick(data, rule[0], rule[1]) if isinstance(data, str) else None
        if entry is not None:
            return id_of(entry, key)
    return None


def _prose_pick(text: str, about: str, smallest: bool) -> str | None:
    """Rule 1 over a text's entries: the one whose said value is the smallest or largest."""
    found = entries(text)
    scored = [
        (x, i)
        for i, (said, _) in enumerate(found)
        if can_serve(said) and (x := _said_value(said, about)) is not None
    ]
    if len(scored) < 2:
        return None
    best = min(scored) if smallest else max(scored)
    return found[best[1]][0]


# an English superlative's form (-est, most / least / best / worst), lowercase, and the words that
# only end like one; in Chinese 最 before what it qualifies
NOT_SUPERLATIVE = frozenset(
    "forest interest request guest test rest nest west chest harvest contest protest digest "
    "suggest invest honest modest arrest manifest conquest quest inquest behest pest vest crest "
    "lest zest jest priest midwest southwest northwest everest budapest bucharest".split()
)
SUPERLATIVE_WORD = re.compile(
    r"(?:the\s+)?(?P<w>most|least|best|worst|[a-z]{2,}est)(?:\s+(?:one|ones))?|最[\u4e00-\u9fff]{1,3}?的?",
)


def is_superlative(value: Any) -> bool:
    """Rule 7: the value is only a superlative word ("weakest", "the calmest one", "最低的"),
    lowercase as a name never is."""
    if not isinstance(value, str):
        return False
    m = SUPERLATIVE_WORD.fullmatch(value.strip())
    return m is not None and (m.group("w") or "") not in NOT_SUPERLATIVE


# ------------------------------------------------ 7. the entries an act over a listing is for

UNWANTED = re.compile(
    r"[^.!?;:。！？；，,]*?(?:\bleave\b[^.!?;,]*?\b(?:alone|out|be)\b|\b(?:except|skip|but not|"
    r"don'?t|do not|not)\b|别|不要|不用|除了|先不|留着|保留)[^.!?;:。！？；，,]*",
    re.IGNORECASE,
)


def _wanted(task: str) -> str:
    """The request without its clauses that put things aside."""
    for clause in unwanted(task):
        task = task.replace(clause, " ")
    return task


def unwanted(task: str) -> list[str]:
    """Rule 7: the clauses that put things aside ("Leave the DVD alone", "but not the blue one",
    "除了 A-3", "没到期的先别发")."""
    return [m.group(0) for m in UNWANTED.finditer(task) if m.group(0).strip()]


def _says(text: str, value: str) -> bool:
    """Whether a text says a short value as a word, or its plural ("books" and "book")."""
    x = value.strip().lower()
    if not x or len(x) > 40 or ID_LIKE.fullmatch(value.strip()):
        return False
    if re.search(r"[\u4e00-\u9fff]", x):
        return x in text
    return re.search(rf"\b{re.escape(x)}(?:s|es)?\b", text, re.IGNORECASE) is not None


def for_act(task: str, items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rule 7: of a listing's entries, those a request about several of them picks ("renew the
    books that are due this week; leave the DVD alone"): the ones dated in the period it names,
    that meet its conditions (`agentkit.sim.conditions`), whose kind it says (a field whose
    one-word values differ: "books" keeps type "book", not "dvd"), and that no clause putting
    things aside names."""
    aside = unwanted(task)
    wanted = task
    for clause in aside:
        wanted = wanted.replace(clause, " ")
    kept = conditions.in_period(wanted, items) or items
    kept = conditions.meeting(wanted, kept)
    for k in kept[0] if kept else {}:
        kinds = {str(e.get(k)).lower() for e in kept if isinstance(e.get(k), str)}
        if len(kinds) < 2 or any(len(x.split()) > 1 for x in kinds):
            continue
        said = {x for x in kinds if _says(wanted, x)}
        if said and said != kinds:
            kept = [e for e in kept if str(e.get(k)).lower() in said]
    return [e for e in kept if not any(_says(c, str(x)) for c in aside for x in e.values())]


def says_kind(task: str, items: list[dict[str, Any]]) -> bool:
    """Rule 7: the request names, in the plural, a kind some of the entries are ("the books")."""
    plural = [w[:-1] for w in re.findall(r"[A-Za-z]{3,}s\b", task)]
    return any(
        isinstance(x, str) and x.lower() in (p.lower() for p in plural)
        for e in items
        for x in e.values()
    )
