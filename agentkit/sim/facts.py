"""The fact a question asks of several values, read from the results: written rules.

1. A comparison ("which one has more nitrate?", "which is warmer", "哪个缸的硝酸盐更多", "哪边更便宜";
   not "more than 2") over two or more records (each answered call's object, or, for a
   comparative, not a superlative, which `agentkit.sim.pick` reads, the objects a list holds):
   the number field the question names (its key's words: "nitrate" and nitrate_ppm), else the
   field its adjective is about (warmer: a temperature; cheaper: a price; longer: a length or
   duration; heavier: a weight; a daily high_c and low_c are temperatures, and when the fields
   it is about rank the records alike, the first of them), else the one number field every
   record has. The record with the
   largest value (more, higher, bigger, warmer, 更多, 更高 ...) or the smallest (less, fewer,
   lower, cheaper, 更少, 更低, 更便宜 ...) is named first, by its name (a name, title or the like
   field, else its first short text) or the value its call was given, with the others' values beside it;
   asked "by how much / how many?" ("多多少？", "差多少？"), its lead over the next one is said too.
2. A value and the range its result gives for it ("参考范围": "3.9-6.1", reference_range,
   normal_range, or normal_low / normal_high, min / max, 下限 / 上限; a pair whose words name
   another field, temp_min / temp_max beside humidity, is no range of it): the value is said with its unit (a
   unit / 单位 field) and judged within, below or above the range.
3. A figure worked out from rates: quantities with units (435 km; distance_km: 435) and rates
   ("6.5 litres per 100 km", "每百公里 6.5 升", eur_per_litre: 1.62, "7.8 元/升"; an exchange
   written as an equation, "1 EUR = 162.84 JPY", or given as a rate beside the two currencies it
   names, {"base": "EUR", "quote": "JPY", "rate": 162.84}; currencies by their codes and names,
   `agentkit.sim.values.CURRENCIES`) from the request
   and the results are multiplied, a quantity by a rate per its unit (or divided by a rate of its
   unit: 36 km at 12 km per hour is 3 h), until the unit asked for
   is reached (money when the request asks what it costs; else the unit it names: "how many
   litres", 多少升); each step is said. A result must give at least one of the numbers.
4. The lines of a file read that the question asks about, each with its number: the lines that
   hold a name with a number the question uses ("zone 2", "room 4"; not "zone 21"), a word it
   writes in capitals (TODO, FIXME; not a file's name: README, CHANGES.md), or the kind of line it asks for (errors / 错误 / 报错: lines
   saying ERROR, FATAL, Exception, 错误; warnings / 警告: WARN); else, for the latest / newest
   release or version (最新), the section under the heading with the highest version number.
   Only when they are some of the file's lines, not all.
5. A request no tool serves is told so (`agentkit.sim.general`); when it asks about something of
   the user's own (my, 我的) or for an act a provider does (order, book, refund, top up; 买,
   订, 退, 充值, 预约), it is pointed, in one sentence, to whoever provides that (their website, app
   or customer service), the request's own words quoted (its first sentence, its polite opening
   dropped): no fact is made up. A question of knowledge gets no such pointer.
6. The highest / lowest (maximum, peak, warmest; 最高, 最低, 最大, 峰值) of a quantity the question
   names, over the readings a result holds (a list of objects, an object's one list of them, a
   table's rows (a header line, cells split by a comma, tab, | or ;), or the lines of a text with `key: value` / `key=value` pairs or degrees): the field whose key's
   words the question uses, else the one whose quantity it names (temperature / 温度 and temp_c;
   湿度 and humidity), is read from every reading and the extreme is said with the reading's
   label (its name, else its time). It leads, in place of `agentkit.sim.pick`'s whole item. A
   highest / lowest word inside a key's own name (最高气温 of "平均最高气温") asks for none.
7. Of the lines rule 4 finds, when the question asks for the latest / most recent / last (最新,
   最近, 最后) and every line carries a time stamp: the one with the latest stamp is said too.
8. A yes/no question (is / did / whether ...; 吗, 是否, 有没有) whether the named quantity went
   above (exceed, over, more than, warmer than; 超过, 高于, 达到) or below (under, less than, drop
   below; 低于, 不到, 跌破) a number it states: the readings' highest (or lowest) value of the
   field rule 6 reads (else the one number field the readings share), or the one record's,
   against that number; the answer begins with yes or
   no and says the value that decides it.
8a. When the request asks whether something is OK, can or should be done ("Is it OK to run this
   morning?", "可以去吗？", 能不能) and the number is the user's own limit (its clause says what the
   user will not do or stand: "I skip it when the AQI is above 100", "超过18节就不安全", a limit,
   上限), the answer is to that question: no when a reading crosses the limit, with the reading
   that does, else yes; never the bare "yes, it is above".
8c. A total the request asks for beside a limit the user gives (限重10公斤, 预算, 只有500元;
   "a limit of", "budget", "at most", "I only have") and a question whether it is enough or can
   be done (够不够, 能…吗, "is it enough", "can I"): the total against that limit, no when it goes
   over (`total_bar`).
8b. Readings labelled by a clock time count only in the part of the day the question names
   (this morning / 上午, afternoon / 下午, evening / 晚上), when some fall in it.
9. The entry a question asks for by its place in time ("which ... first / earliest / next /
   last", "when is the next ..."; 最早, 首班, 第一班, 下一班, 下次, 最晚, 末班, 最后一班) over a list
   of objects whose one time key (departs, start, time, 出发, 时间 ...) holds a time in every
   entry: the earliest, the latest, or for "next" the earliest at or after now (the time the
   system prompt says it is, on today's date: `agentkit.sim.values.today_date`; else today's
   start), said by its name (a name-like field, else its first short text) with its time; over
   a list of bare dates or times (an object's one list: "sessions": ["2026-12-03", "2026-12-10"];
   "showtimes": ["13:20", "16:10"]) the one picked is said by its time alone.
10. A question about the keys of the files read (key, 键, 字段, 配置项, 变量) that asks which are
   missing (missing, absent, differ, out of sync; 缺少, 缺失, 不一致, 差异) or repeated (duplicated,
   twice; 重复): each file's keys are read (a JSON object's, nested ones joined by dots, or
   `KEY=value` / `key: value` lines, YAML nesting joined by dots), and the answer names, for
   each pair of files, the keys one defines and the other lacks, and for each file the keys it
   defines more than once with their lines; or says that there are none.
11. A yes/no question whether something is fit for a purpose ("Is it OK for the kids to play
   outside?", "is the water safe to swim in?", "can we go hiking today?"; 适合…吗, 安全吗, 可以…吗,
   能不能): a value with the range its result gives (rule 2) is yes within it, no outside it; else
   a short text field of the result that rates it (category: "Unhealthy for sensitive groups",
   advice: "Good", 等级: 良) is no when it says unhealthy, unsafe, poor, hazardous, not
   recommended, avoid, high risk (不健康, 不宜, 危险, 超标, 差 ...), yes when it says good, safe,
   healthy, low, normal, fine (优, 良, 安全, 适宜, 正常 ...); with neither, the answer says the value
   (the field the question names, else the result's one number) and that the result gives no
   limit or rating to judge it by, never a guess.
12. Which entry is worst / best for something outdoors ("Which day is worst for spreading
   slurry?", "哪天最不适合晒被子", "best day for the picnic"; 最差, 最糟, 最不适合 / 最好, 最适合,
   最合适), over the records a result lists that carry weather that spoils plans: the first of
   rain / precipitation / snow (雨, 雪, 降水), then wind / gusts (风) the records give is read, and
   the worst is the entry with the most, the best the one with the least, said by its label with
   that value and its short texts ("heavy rain, gusty").
13. A change between two readings ("how much did the rating change from October to November?",
   "how many more ... than last month", "这个月比上个月多了多少", 涨了多少, 变化了多少): two calls of one
   tool, each answered with one object, that differ in one input (a month, a day, a name): the
   number field the question names, else the one both hold whose values differ, is read from
   each; the change is the later reading minus the earlier (by the input when it is a date or
   month, else in the calls' order), led with, then the two readings it is worked out from.
14. A question whether to take rain gear (umbrella, raincoat; 伞, 雨衣) or sun gear (sunscreen,
   sunglasses; 防晒, 墨镜), over one weather record: rain gear at a chance of rain of 40% or more
   (a key of rain / precipitation with chance / probability, 0-1 or a percentage), else when
   the conditions say rain; sun gear at a UV index of 3 or more, else when they say sunny or
   clear. The answer begins with yes or no and the value that decides it.
15. A question whether the user's money covers a sum ("Can I afford a $1,200 laptop?", "enough
   left to cover £950", 钱够买…吗): the largest amount of money the request states against the
   one record's funds (balance, available, funds, remaining; 余额, 可用): yes when they reach it,
   with the difference either way.
15a. With no funds in the record, the one amount of money the request states is the user's
   ("I've set aside $450 - will that cover the quote?", 我预算1500块，够吗？) and the record's one
   sum (total, 合计, amount due; else its one price, cost, fee, quote, 价, 费) is what it must
   cover: yes when the user's amount reaches it, with what is left or short.
16. A question whether the user is free ("Am I free Tuesday afternoon?", 下午有空吗) or
   double-booked (clash, overlap, 冲突), over a list of entries with a start and an end time: the
   entries within the part of the day it names (morning before noon, afternoon to six, evening
   after; else the whole day) are said, or that there are none; for a double booking, the
   pairs of them that overlap.
17. Whether there is enough of what the user needs ("we need 12 seats ... can we reserve?",
   "需要 30 箱矿泉水 ... 够不够？", "for 8 people"): the number needed against the one a file's line
   gives as what there is (left, available, free, in stock; 库存, 剩余, 可用; best a line that also
   names the thing: free_rooms for rooms), never a date's number: yes or no first, the line, and
   the difference.
18. Which of the files read is out of date (out of date, outdated, stale, 过时, 没更新; versions
   checked against a file): each file's highest version (x.y[.z]) against the one of the file the
   request calls real, current, or checks against (以 X 为准), else the highest; with no versions,
   each file's latest date against the newest. The files behind are named with what they say.
19. A count of two or more kinds of line ("count the ERROR and WARN lines", "errors and
   warnings"): each kind's lines counted in each file read.
8c (a limit the user gives) answers "are we over / 有没有超过" with yes when the total goes over,
   and "is it enough / can we" with no.
20. A question whether what is on hand in a record is enough ("Do I have enough flour?", "Are there enough
   seats?", 够不够, 够用吗, "can we still book that many"), over one record: the number field in
   the unit of a need the request states (its key names the unit, or the record's unit does:
   grams, litres), else the one whose noun the request counts ("12 seats", "30箱"), else, for
   seats, places, beds or tickets, the people it counts ("48 singers", "15个人"); a need said
   for each of several ("three scarves; each takes 200 g", "每人发2瓶", "40 litres per crossing,
   6 crossings") is the count times it (`times_each`; rule 15 multiplies a price so too); an
   object of numbers by place (on_hand by warehouse) holds their sum, and of several records
   the first that holds such a field is read. The answer begins with yes or no, then what is
   on hand against the need and the difference.
21. A yes/no question whether a thing is among what a result lists (有X吗, 有没有X, "is there a
   vegan option", "does the workshop have a laser cutter"), over one list of short texts or of
   records by their labels: yes with the listed item that holds the thing (a Chinese thing may
   lose the words before it or its last character: 经停火车站 and 火车站东广场), else no with what
   is listed; never for a count (几, how many) nor for duplicates or what is missing.
22. A question whether the user should or may do a thing ("Should I prune it now?", "can I give
   him one?", 应该…吗, 可以…吗, 没事吧) answered by a text of sentences (a guide's paragraph):
   a sentence that tells not to (do not, don't, never, avoid, not recommended; 不要, 不建议, 不能,
   别, 避免, 有毒) and shares a word with the question (its root, or in Chinese a pair of
   characters) is the answer: no, with that sentence first, then the text (`advised`).
23. A question whether one measure covers another ("did the panels produce enough to cover what
   the house used?", "Do I have enough butter?" after the pantry and the recipe were read,
   超预算了吗), over two objects from two tools: the side that is on hand is the tool whose name
   or description says having (a stock, pantry, budget, balance, generation, income: `HAVE`),
   the other the need (use, consumption, recipe, expenses, cost: `NEED`). Each side's figure is
   the number field the question names that both hold ("butter" and butter_g), else the sum
   of an object of numbers it holds (daily readings), else its one number; the answer begins
   with yes or no, then both figures and the difference, then the parts (the same keys of both
   objects: days) where the side on hand fell short (`weighed`).
"""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import dataclass
from typing import Any

from . import numroles, speech, values
from .phrases import say, spoken_list
from .records import MARGIN, window

# ------------------------------------------------------------------ 1. a comparison

MORE = (
    r"more|higher|bigger|larger|greater|warmer|hotter|dearer|pricier|longer|heavier|"
    r"taller|deeper|busier|most|highest|biggest|largest|warmest|hottest|longest|heaviest"
)
LESS = (
    r"less|fewer|lower|smaller|colder|cooler|cheaper|shorter|lighter|least|lowest|smallest|"
    r"coldest|coolest|cheapest|shortest|lightest"
)
COMPARE_EN = re.compile(
    rf"\b(?:which|who|where)\b.{{0,80}}?\b({MORE}|{LESS})\b(?!\s+than\s+\d)", re.I | re.S
)
SUPERLATIVE = re.compile(r"most|least|est$|最", re.I)
ADJ_ZH = "(多|少|高|低|大|小|贵|便宜|长|短|重|轻|热|冷|暖)"
COMPARE_ZH = re.compile(  # 更多 / 最高, or the adjective ending the question (哪个高？), not 多少
    rf"哪.{{0,20}}?(?:(?:更|最|比较|较){ADJ_ZH}|{ADJ_ZH}(?=[？?。，,！!]|$))"
)
ZH_MORE = "多高大贵长重热暖"
ABOUT = [  # an adjective's field, by its key's words
    (
        r"warm|hot|cold|cool|热|冷|暖",
        r"temp|温|(?:^|_)(?:c|f|celsius|fahrenheit)$|^(?:high|low|max|min)(?:_|$)",
    ),
    (
        r"cheap|dear|pric|expens|贵|便宜",
        r"price|cost|fare|fee|amount|rate\b|rate_|charge|tariff|rent|价|费",
    ),
    (r"long|short|长|短", r"length|distance|duration|minutes|hours|km|长|距离|时长"),
    (r"heav|light|重|轻", r"weight|kg|重"),
]
NAME_KEY = re.compile(r"^(?:name|title|label|city|place|tank|station|store|shop|site)$|名", re.I)
SKIP = re.compile(r"(?:^|_)(?:id|no|code|year|date|zip)$|编号|日期", re.I)


@dataclass(frozen=True)
class Compared:
    field: str
    largest: bool
    ranked: list[tuple[str, float]]  # (name, value), the answer first
    gap: float | None = None  # "by how many?" / "多多少？": the first's lead over the second
    word: str = ""  # the question's own comparative ("warmer", 暖), said of the first


def _comparison(task: str) -> tuple[str, bool] | None:
    m = COMPARE_EN.search(task)
    if m:
        word = m.group(1).lower()
        return word, not re.fullmatch(LESS, word)
    z = COMPARE_ZH.search(task)
    word = (z.group(1) or z.group(2)) if z else None
    return (word, word in ZH_MORE) if word else None


def _num(x: Any) -> float | None:
    return float(x) if isinstance(x, int | float) and not isinstance(x, bool) else None


def _field(task: str, word: str, records: list[dict[str, Any]]) -> str | None:
    shared = [
        k
        for k in records[0]
        if not SKIP.search(str(k)) and all(_num(r.get(k)) is not None for r in records)
    ]
    named = [k for k in shared if _names(task, str(k))]
    if len(named) == 1:
        return named[0]
    about = next((keys for adj, keys in ABOUT if re.search(adj, word, re.I)), None)
    fits = [k for k in shared if about and re.search(about, str(k), re.I)]
    if len(fits) == 1:
        return fits[0]
    orders = {tuple(sorted(range(len(records)), key=lambda i: records[i][k])) for k in fits}
    if len(fits) > 1 and len(orders) == 1:
        return fits[0]  # (high_c and low_c rank the days alike: warmer by both)
    return shared[0] if len(shared) == 1 else None


def _names(task: str, key: str) -> bool:
    low = task.lower()
    words = [w for w in re.split(r"[_\W\d]+", key.lower()) if len(w) >= 3]
    han = re.findall(r"[\u4e00-\u9fff]{2,}", key)
    return any(re.search(rf"\b{re.escape(w[:5])}", low) for w in words) or any(
        h in task for h in han
    )


def _name_of(record: dict[str, Any], given: dict[str, Any]) -> str:
    for k, x in record.items():
        if NAME_KEY.search(str(k)) and isinstance(x, str) and x:
            return x
    for x in record.values():  # else its first short text ("hive": "north")
        if isinstance(x, str) and 0 < len(x) <= 40 and not re.match(r"[\d.:-]+$", x):
            return x
    said = [str(x) for x in given.values() if isinstance(x, str | int) and len(str(x)) <= 40]
    return said[0] if said else "?"


def compared(task: str, results: list[tuple[Any, dict[str, Any]]]) -> Compared | None:
    """Rule 1: the records the question compares, ranked by the field it asks about."""
    how = _comparison(task)
    if how is None:
        return None
    named: list[tuple[str, dict[str, Any]]] = []
    for data, given in results:
        if isinstance(data, dict):
            named.append((_name_of(data, given), data))
        elif isinstance(data, list) and not SUPERLATIVE.search(how[0]):  # (those: sim.pick)
            named += [(_name_of(x, {}), x) for x in data if isinstance(x, dict)]
    if len(named) < 2:
        return None
    field = _field(task, how[0], [r for _, r in named])
    if field is None:
        return None
    ranked = sorted(((n, float(r[field])) for n, r in named), key=lambda p: p[1])
    ranked = ranked[::-1] if how[1] else ranked
    gap = abs(ranked[0][1] - ranked[1][1]) if MARGIN.search(task) else None
    return Compared(field, how[1], ranked, gap, how[0])


# ------------------------------------------------------------------ 2. a value and its range

RANGE_KEY = re.compile(r"range|reference|normal|\bref\b|limits?|参考|范围|正常", re.I)
LOW_KEY = re.compile(r"(?:^|_)(?:low|min|lower|from)$|下限|最低", re.I)
HIGH_KEY = re.compile(r"(?:^|_)(?:high|max|upper|to)$|上限|最高", re.I)
UNIT_KEY = re.compile(r"^(?:unit|units|uom)$|单位", re.I)
SPAN = re.compile(r"(-?\d+(?:\.\d+)?)\s*(?:-|–|~|～|to|至|到)\s*(-?\d+(?:\.\d+)?)")


@dataclass(frozen=True)
class Judged:
    field: str
    value: float | int
    unit: str
    low: float | int
    high: float | int
    where: str  # "within", "below" or "above"


def _span(data: dict[str, Any]) -> tuple[Any, Any, set[str]] | None:
    for k, x in data.items():
        if RANGE_KEY.search(str(k)):
            if isinstance(x, str) and (m := SPAN.search(x)):
                return _plain(m.group(1)), _plain(m.group(2)), {k}
            if isinstance(x, list) and len(x) == 2 and all(_num(y) is not None for y in x):
                return x[0], x[1], {k}
    low = [k for k, x in data.items() if LOW_KEY.search(str(k)) and _num(x) is not None]
    high = [k for k, x in data.items() if HIGH_KEY.search(str(k)) and _num(x) is not None]
    if len(low) == 1 and len(high) == 1 and _reference(data, low[0]):
        return data[low[0]], data[high[0]], {low[0], high[0]}
    return None


def _reference(data: dict[str, Any], low: str) -> bool:
    """A low / high pair is a reference range: its words say so (normal_low, ref_min, 下限), or
    they name the value's field (glucose_min beside glucose); temp_min beside humidity is not."""
    head = LOW_KEY.sub("", str(low)).strip("_ ")
    return (
        not head
        or bool(RANGE_KEY.search(head) or re.search(r"safe|target|ok", head, re.I))
        or (head in data)
    )


def _plain(text: str) -> float | int:
    return float(text) if "." in text else int(text)


def judged(task: str, data: Any) -> Judged | None:
    """Rule 2: the value of a result judged against the range the result gives for it."""
    if not isinstance(data, dict):
        return None
    span = _span(data)
    if span is None:
        return None
    low, high, used = span
    values = [
        k
        for k, x in data.items()
        if k not in used and not SKIP.search(str(k)) and _num(x) is not None
    ]
    named = [k for k in values if _names(task, str(k))]
    if len(named if named else values) != 1:
        return None
    key = (named or values)[0]
    value = data[key]
    unit = next((str(x) for k, x in data.items() if UNIT_KEY.search(str(k)) and x), "")
    where = "below" if value < low else "above" if value > high else "within"
    return Judged(str(key), value, unit, low, high, where)


# ------------------------------------------------------------------ 3. a figure from rates

UNITS = {
    "L": r"litres?|liters?|l|升|公升",
    "km": r"km|kilomet(?:re|er)s?|公里|千米",
    "mi": r"miles?|mi",
    "gal": r"gallons?|gal",
    "kWh": r"kwh|度|千瓦时",
    "h": r"hours?|hrs?|h|小时",
    "min": r"minutes?|mins?|分钟",
    "night": r"nights?|晚",
    "day": r"days?|天",
    "kg": r"kg|kilos?|kilograms?|公斤|千克",
    "m2": r"sqm|m2|m²|平方米|平米",
    # currencies: their codes and names (`agentkit.sim.values.CURRENCIES`)
    **{code: code.lower() for code in sorted(values.KNOWN_CODES - {"RMB"})},
    **{code: rf"{code.lower()}|{names}" for code, names in values.CURRENCIES},
}
UNITS["CNY"] += r"|¥|rmb"
MONEY = frozenset(values.KNOWN_CODES | {"money"})
MONEY_WORD = re.compile(r"^(?:price|cost|fare|fee|rate|charge|tariff)s?$|价|费", re.I)
UNIT = "(?<![a-z])(?:" + "|".join(f"(?:{p})" for p in UNITS.values()) + ")(?![a-z])"
N = r"(\d+(?:\.\d+)?)"
RATE_EN = re.compile(
    rf"(?:({UNIT})\s*)?{N}\s*({UNIT})?\s*(?:per|/|every|for each|an?)\s*{N}?\s*({UNIT})(?![a-z])",
    re.I,
)
RATE_ZH = re.compile(rf"每\s*(百|千)?\s*{N}?\s*({UNIT})\s*[^\d]{{0,4}}?{N}\s*({UNIT})", re.I)
HUNDRED_ZH = re.compile(rf"(百|千)\s*({UNIT})\s*[\u4e00-\u9fff]{{0,3}}\s*{N}\s*({UNIT})", re.I)
AMOUNT = re.compile(rf"(?:({UNIT})\s*)?{N}\s*({UNIT})(?![a-z])", re.I)
EQUATED = re.compile(
    rf"{N}?\s*({UNIT})\s*(?:=|≈|is|equals|兑|等于|可兑换?|换)\s*{N}\s*({UNIT})(?![a-z])", re.I
)
RATE_KEY = re.compile(r"^(?:(?:exchange|fx|conversion)_?)?rate$|^汇率$", re.I)
COSTS = re.compile(
    r"\bcosts?\b|\bspend\b|\bprice\b|\bhow much\b.*\b(?:pay|cost)|\bfare\b|\bbill\b|"
    r"多少钱|花多少|花费|费用|成本|油费|电费",
    re.I,
)
HOW_MANY = re.compile(
    rf"\bhow (?:many|much)\s+({UNIT})(?![a-z])|多少\s*({UNIT})"
    rf"|\bhow much\b.*\b(?:in|into)\s+({UNIT})\s*[?？.]?\s*$|(?:换成|换算成|兑换成|折合成?)\s*({UNIT})",
    re.I,
)


@dataclass(frozen=True)
class Amount:
    value: float
    num: str
    den: str = ""  # a rate: num per one den
    given: bool = False  # a result gave it
    per: float = 1.0  # a rate as written: per 100 km


def _unit(word: str | None) -> str:
    """The canonical unit a word names ("litres" -> "L", "欧元" -> "EUR"), or ""."""
    if not word:
        return ""
    return next((u for u, p in UNITS.items() if re.fullmatch(p, word.strip(), re.I)), "")


def _zh_figures(text: str) -> str:
    """Chinese figures before a unit written as digits: 两千五百欧元 -> 2500欧元."""

    def as_digits(m: re.Match[str]) -> str:
        run, after = m.group(0), text[m.end() : m.end() + 3]
        big = any(b in run for b in "十百千万亿拾佰仟")
        unit = any(_unit(after[:n]) for n in (3, 2, 1))
        n = values.zh_amount(run) if big and len(run) >= 2 and unit else None
        return str(n) if n else run

    return values.ZH_AMOUNT.sub(as_digits, text)


def _amounts(text: str, given: bool) -> list[Amount]:
    text = _zh_figures(text) if re.search(r"[\u4e00-\u9fff]", text) else text
    out: list[Amount] = []
    spans: list[tuple[int, int]] = []
    for m in RATE_EN.finditer(text):
        num, den = _unit(m.group(1) or m.group(3)), _unit(m.group(5))
        if num and den and num != den:
            per = float(m.group(4)) if m.group(4) else 1.0
            out.append(Amount(float(m.group(2)) / per, num, den, given, per))
            spans.append(m.span())
    out += _zh_rates(text, given, spans)
    for m in EQUATED.finditer(text):  # an exchange: "1 EUR = 162.84 JPY" (JPY per EUR)
        num, den = _unit(m.group(4)), _unit(m.group(2))
        if num and den and num != den and float(m.group(1) or 1):
            out.append(Amount(float(m.group(3)) / float(m.group(1) or 1), num, den, given))
            spans.append(m.span())
    for m in AMOUNT.finditer(text):
        if not any(a <= m.start() < b for a, b in spans):
            unit = _unit(m.group(1) or m.group(3))
            if unit:
                out.append(Amount(float(m.group(2)), unit, "", given))
    return out


def _zh_rates(text: str, given: bool, spans: list[tuple[int, int]]) -> list[Amount]:
    """每百公里 6.5 升, 每升 7.8 元, 百公里油耗 6.5 升 (their spans added to `spans`)."""
    out = []
    for m in RATE_ZH.finditer(text):
        per = {"百": 100.0, "千": 1000.0}.get(m.group(1) or "", 1.0) * float(m.group(2) or 1)
        num, den = _unit(m.group(5)), _unit(m.group(3))
        if num and den:
            out.append(Amount(float(m.group(4)) / per, num, den, given, per))
            spans.append(m.span())
    for m in HUNDRED_ZH.finditer(text):
        num, den = _unit(m.group(4)), _unit(m.group(2))
        if num and den and not any(a <= m.start() < b for a, b in spans):
            per = 100.0 if m.group(1) == "百" else 1000.0
            out.append(Amount(float(m.group(3)) / per, num, den, given, per))
            spans.append(m.span())
    return out


def _from_key(key: str, x: Any) -> Amount | None:
    """A number under a key that says its unit: eur_per_litre, price_per_kwh, distance_km."""
    value = _num(x)
    if value is None:
        return None
    parts = re.split(r"[_\s]+per[_\s]+|_每_?", key.lower())
    if len(parts) == 2:
        head = parts[0].split("_")
        num = _unit(head[-1]) or ("money" if any(MONEY_WORD.search(w) for w in head) else "")
        den = _unit(parts[1].split("_")[0])
        return Amount(value, num, den, True) if num and den else None
    unit = next(
        (u for w in key.lower().split("_")[1:] + key.lower().split("_")[:1] if (u := _unit(w))),
        "",
    )
    return Amount(value, unit, "", True) if unit and "_" in key else None


def _exchange(data: dict[str, Any]) -> list[Amount]:
    """A result that gives a rate between the two currencies it names ({"base": "EUR", "quote":
    "JPY", "rate": 162.84}): so many of the second per one of the first; or per one of the one
    currency it names, under a key that names the other ({"currency": "EUR", "cny_per_unit"})."""
    codes = [u for x in data.values() if isinstance(x, str) and (u := _unit(x)) in MONEY]
    rate = [_num(x) for k, x in data.items() if RATE_KEY.search(str(k))]
    if len(codes) == 2 and codes[0] != codes[1] and len(rate) == 1 and rate[0]:
        return [Amount(rate[0], codes[1], codes[0], True)]
    per_one = [  # {"currency": "EUR", "cny_per_unit": 7.785}: so many CNY per one EUR
        (u, _num(x))
        for k, x in data.items()
        if (m := re.fullmatch(r"([a-z]{3})_per_(?:unit|one|1)", str(k).lower()))
        and (u := _unit(m.group(1))) in MONEY
    ]
    if len(codes) == 1 and len(per_one) == 1 and per_one[0][1] and per_one[0][0] != codes[0]:
        return [Amount(per_one[0][1] or 0.0, per_one[0][0], codes[0], True)]
    return []


def _given(data: Any) -> list[Amount]:
    if isinstance(data, dict):
        out: list[Amount] = _exchange(data)
        for k, x in data.items():
            got = _from_key(str(k), x)
            if got is not None:
                out.append(got)
            elif isinstance(x, str) and len(x) <= 60:
                out += _amounts(x, True)
        return out
    return _amounts(data, True) if isinstance(data, str) and len(data) <= 400 else []


@dataclass(frozen=True)
class Derived:
    steps: list[tuple[Amount, Amount, Amount]]  # (quantity, rate, product)

    @property
    def result(self) -> Amount:
        return self.steps[-1][2]


def _target(task: str) -> str | None:
    m = HOW_MANY.search(task)
    if m:
        return _unit(next(g for g in m.groups() if g)) or None
    return "money" if COSTS.search(task) else None


def _reached(unit: str, target: str) -> bool:
    return unit == target or (target == "money" and unit in MONEY)


def derived(task: str, results: list[Any]) -> Derived | None:
    """Rule 3: the figure the request asks for, worked out from the rates and quantities."""
    target = _target(task)
    if target is None:
        return None
    found = _amounts(task, False) + [a for data in results for a in _given(data)]
    rates = [a for a in found if a.den]
    plain = [a for a in found if not a.den and not _reached(a.num, target)]
    for start in plain:
        steps = _walk(start, rates, target, [])
        if steps and any(a.given for s in steps for a in s[:2]):
            return Derived(steps)
    return None


def _walk(
    q: Amount, rates: list[Amount], target: str, steps: list[tuple[Amount, Amount, Amount]]
) -> list[tuple[Amount, Amount, Amount]] | None:
    if _reached(q.num, target) and steps:
        return steps
    if len(steps) >= 3:
        return None
    for r in rates:
        if all(r is not s[1] for s in steps) and q.num in (r.den, r.num) and r.value:
            value = q.value * r.value if r.den == q.num else q.value / r.value
            got = Amount(value, r.num if r.den == q.num else r.den, "", q.given or r.given)
            done = _walk(got, rates, target, [*steps, (q, r, got)])
            if done:
                return done
    return None


def _said(a: Amount) -> str:
    """An amount as the answer says it: money to two decimals, else up to two."""
    if a.den:
        per = f"{_round(a.per, 2)} " if a.per != 1 else ""
        return f"{_round(a.value * a.per, 4)}{'' if a.num == 'money' else ' ' + a.num}/{per}{a.den}"
    digits = 2 if a.num in MONEY else 1
    value = f"{a.value:.2f}" if a.num in MONEY else _round(a.value, digits)
    return f"{value} {a.num}" if a.num != "money" else value


def _round(x: float, digits: int) -> str:
    text = f"{round(x, digits):.{digits}f}".rstrip("0").rstrip(".")
    return text or "0"


# ------------------------------------------------------------------ 4. the lines asked of a file

NAMED_NUMBER = re.compile(r"\b([A-Za-z][A-Za-z-]{1,20})\s+#?(\d+)\b")
CAPITALS = re.compile(  # TODO, FIXME, ALARM; not a file's name (README, CHANGES.md)
    r"(?<![A-Za-z])(?!(?:README|LICENSE|CHANGELOG|CHANGES|NOTICE|AUTHORS|CONTRIBUTING)\b)"
    r"([A-Z]{3,})(?![A-Za-z]|\.\w)"
)
KINDS = [  # (the question asks for, a line of that kind says)
    (r"\berrors?\b|\bfail(?:ed|ures?)?\b|\bwent wrong\b|错误|报错|出错|异常|故障|失败",
     r"\b(?:ERROR|ERR|FATAL|CRITICAL|SEVERE)\b|Exception|Traceback|错误|失败"),
    (r"\bwarn(?:ing)?s?\b|警告", r"\bWARN(?:ING)?\b|警告"),
]  # fmt: skip
LATEST = re.compile(r"\b(?:latest|newest|most recent(?:ly)?|last)\b|最新|最近", re.I)
VERSION = re.compile(r"\bv?(\d+(?:\.\d+){1,3})\b")
HEADING = re.compile(r"^\s*(?:#{1,6}\s|\[?v?\d+(?:\.\d+){1,3}\]?(?:\s|$))")
NOT_NAMES = frozenset({"at", "in", "on", "for", "to", "by", "of", "and", "the", "line", "lines"})


def asked_lines(task: str, text_lines: list[str]) -> list[tuple[int, str]]:
    """Rule 4: the (number, text) of the lines of a file the question asks about, or []."""
    lines = [(i + 1, line.strip()) for i, line in enumerate(text_lines) if line.strip()]
    got = by_words(task, lines) or _latest(task, lines)
    return got if 0 < len(got) < len(lines) else []


def by_words(task: str, lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Rule 4's lines named by the question's words (a kind, a word in capitals, a number)."""
    named: list[
        tuple[str, int]
    ] = [  # (a pattern, its flags): "zone 2" in any case, TODO as written
        (rf"\b{re.escape(w)}\s+#?{n}\b", re.I)
        for w, n in NAMED_NUMBER.findall(task)
        if w.lower() not in NOT_NAMES
    ]
    named += [(rf"\b{w}\b", 0) for w in CAPITALS.findall(task)]
    named += [(says, 0) for asks, says in KINDS if re.search(asks, task, re.I)]
    for pattern, flags in named:
        found = [(i, t) for i, t in lines if re.search(pattern, t, flags)]
        if found:
            return found
    return []


def section(task: str, text_lines: list[str]) -> tuple[str, list[str]]:
    """The part of a file the question asks about: (its heading, its lines). The section under
    the heading that names the version the question names ("v3.4.0", "3.2 版"), else, for the
    latest, the one with the highest version, else the whole file ("", every line)."""
    lines = [(i + 1, line) for i, line in enumerate(text_lines)]
    heads = [
        (m.group(1), k)
        for k, (_, t) in enumerate(lines)
        if HEADING.match(t) and (m := VERSION.search(t))
    ]
    asked = {m.group(1) for m in VERSION.finditer(task)}
    named = [k for version, k in heads if version in asked]
    if len(named) == 1:
        after = [j for _, j in heads if j > named[0]]
        part = lines[named[0] : min(after) if after else len(lines)]
    else:
        part = _latest(task, lines)
    if not part:
        return "", text_lines
    return part[0][1].strip().lstrip("#").strip(), [t for _, t in part[1:]]


def _latest(task: str, lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    if not LATEST.search(task):
        return []
    heads = [
        (tuple(int(x) for x in m.group(1).split(".")), k)
        for k, (_, t) in enumerate(lines)
        if HEADING.match(t) and (m := VERSION.search(t))
    ]
    if len(heads) < 2:
        return []
    _, k = max(heads)
    after = [j for _, j in heads if j > k]
    return lines[k : min(after) if after else len(lines)]


# ------------------------------------------------------------------ 5. where else to ask

POLITE = re.compile(
    r"^(?:please|pls|hey|hi|hello|could you|can you|would you|will you|i(?:'d| would) like you to|"
    r"i want you to|help me|请你?|麻烦你?|帮我|帮忙|你能|能不能|可以)[\s,，]*",
    re.I,
)


ACT = re.compile(
    r"\b(?:order|book|reserve|buy|purchase|refund|cancel|pay|renew|"
    r"transfer|apply|top[ -]?up|sign me up)\b|买|订|退|取消|缴|付|续|充值|预约|挂号|办理|申请",
    re.I,
)
OWN = re.compile(r"\b(?:my|mine|our)\b|我的|我们的|我在", re.I)
WORKED = re.compile(  # a count or sum the user's own numbers give ("had four, adopted 2 more")
    r"\bhow (?:many|much)\b|\bguess\b|多少|几[个只位]", re.I
)
ASKS = re.compile(  # a request or a question, not a statement ("I love my cats")
    r"[?？]|\b(?:please|can|could|would|will|want|need|help|how|what|where|when|why|which)\b"
    r"|请|帮|想|要|吗|怎么|哪|如何|能否|能不能",
    re.I,
)


def elsewhere(lang: str, task: str) -> str | None:
    """Rule 5's sentence: where the user can get what no tool here serves, or None."""
    numbers = re.findall(
        r"\d+|\b(?:one|two|three|four|five|six|seven|eight|nine|ten)\b", task, re.I
    )
    if not (ACT.search(task) or OWN.search(task) and ASKS.search(task)):
        return None  # a statement about the user's own things asks for nothing
    if WORKED.search(task) and len(numbers) >= 2:
        return None  # a sum of the user's own numbers ("had four, adopted 2 more") is no service
    ask = asked_words(task)
    return say(lang, "g_elsewhere", ask=ask) if ask else None


def asked_words(task: str) -> str | None:
    """The request's own words: its first sentence, its polite opening dropped (at most 80
    characters), or None."""
    first = re.split(r"(?<=[.?!。？！])\s*|\n", task.strip())[0].strip()
    for _ in range(3):
        first = POLITE.sub("", first).strip()
    ask = first.rstrip(".?!。？！ ")
    return ask if ask and len(ask) <= 80 else None


# ------------------------------------------------------------------ the sentences


def _n(x: float) -> str:
    return _round(x, 4)


def compared_line(lang: str, c: Compared) -> str:
    """Rule 1's sentence: the record the comparison picks, the others' values beside it."""
    (first, value), rest = c.ranked[0], c.ranked[1:]
    if all(v == value for _, v in rest):
        names = [n for n, _ in c.ranked]
        return say(lang, "g_same", field=c.field, all=" / ".join(names), value=_n(value))
    two = len(c.ranked) == 2
    way = say(
        lang, f"g_way_{('more' if two else 'most') if c.largest else ('less' if two else 'least')}"
    )
    zh_word = bool(re.fullmatch(r"[\u4e00-\u9fff]", c.word))
    plain = re.fullmatch(r"more|less|fewer|多|少", c.word, re.I)  # ("berries is less": no)
    if (
        two
        and c.word
        and zh_word == (lang == "zh")
        and not SUPERLATIVE.search(c.word)
        and not plain
    ):
        way = f"更{c.word}" if zh_word else c.word.lower()  # (the question's own word: warmer)
    sep = "，" if lang == "zh" else ", "

    def said(x: float) -> str:
        return speech.unit_added(c.field, _n(x), lang)

    others = sep.join(f"{n} {said(v)}" for n, v in rest)
    field = speech.label(c.field, lang, capital=False)
    line = say(
        lang, "g_compared", field=field, first=first, way=way, value=said(value), others=others
    )
    if c.gap is None:
        return line
    more = say(lang, "g_gap_more" if c.largest else "g_gap_less")
    gap = say(lang, "g_compared_gap", first=first, gap=_n(c.gap), way=more, other=rest[0][0])
    return f"{line}{gap}" if lang == "zh" else f"{line} {gap}"


def judged_line(lang: str, j: Judged, subject: str) -> str:
    """Rule 2's sentence: the value with its unit, judged against its range."""
    unit = (
        (" " if lang == "en" or re.match(r"[A-Za-z%]", j.unit) else "") + j.unit if j.unit else ""
    )
    return say(
        lang, f"g_{j.where}", subject=subject, field=j.field, value=j.value, unit=unit,
        low=j.low, high=j.high,
    )  # fmt: skip


def derived_line(lang: str, d: Derived) -> str:
    """Rule 3's sentence: the figure and each step that gave it."""
    sep = "；" if lang == "zh" else "; "
    steps = sep.join(
        f"{_said(q)} {'×' if r.den == q.num else '÷'} {_said(r)} = {_said(p)}"
        for q, r, p in d.steps
    )
    return say(lang, "g_derived", result=_said(d.result), steps=steps)


def lines_line(lang: str, name: str, found: list[tuple[int, str]]) -> str:
    """Rule 4's sentence: each line asked for, with its number."""
    sep = "；" if lang == "zh" else "; "
    each = sep.join(say(lang, "g_line", n=i, text=t) for i, t in found)
    return say(lang, "g_lines", file=name, lines=each)


# ------------------------------------------------------------------ 6. the extreme of readings

HIGH_WORD = re.compile(
    r"\b(?:highest|maximum|max|peak|warmest|hottest|largest|biggest|heaviest|longest)\b|"
    r"最高|最大|最多|最热|最重|最长|峰值",
    re.I,
)
LOW_WORD = re.compile(
    r"\b(?:lowest|minimum|min|coldest|coolest|smallest|lightest|shortest)\b|最低|最小|最少|最冷|最轻|最短",
    re.I,
)
PAIR = re.compile(r"([A-Za-z_][\w-]{0,24}|[\u4e00-\u9fff]{1,8})\s*[:=：]\s*(-?\d+(?:\.\d+)?)")
DEGREES = re.compile(r"(-?\d+(?:\.\d+)?)\s*(?:℃|°\s*C\b|°)")
STAMP = re.compile(
    r"\d{4}-\d{2}-\d{2}[ T]\d{1,2}:\d{2}(?::\d{2})?|\d{4}-\d{2}-\d{2}|\b\d{1,2}:\d{2}(?::\d{2})?\b"
)
LABEL_KEY = re.compile(r"time|date|when|at$|hour|day|时间|日期|时刻", re.I)


QUANTITIES = [  # (a key's words, the question's words for that quantity), in zh and en
    (r"temp|℃|温", r"temperat|\btemps?\b|warm|hot|cold|cool|温|热|冷|暖"),
    (r"humid|湿", r"humid|湿"),
    (
        r"price|cost|fare|fee|rate\b|rate_|charge|tariff|价|费",
        r"price|cost|fare|expensive|cheap|价|贵|便宜|费",
    ),
    (r"wind|风", r"wind|风"),
    (r"rain|precip|雨", r"rain|precip|雨"),
    (r"score|grade|mark|points|分|成绩", r"score|grade|mark|points|分|成绩"),
    (r"weight|kg|重", r"weigh|heav|light|重|轻"),
    (r"length|distance|km|距离|长", r"length|distance|far|long|距离|远|长"),
    (r"speed|kmh|mph|速", r"speed|fast|slow|速|快|慢"),
]


@dataclass(frozen=True)
class Extreme:
    field: str
    value: float
    label: str
    largest: bool
    n: int


def _readings(data: Any) -> list[tuple[str, dict[str, float]]]:
    """The records a result holds, each with its label and its number fields: a list of objects
    (or an object's one list of them), else the lines of a text with `key: value` / `key=value`
    pairs or degrees (℃, °C), labelled by their time stamp."""
    if isinstance(data, dict):
        lists = [x for x in data.values() if isinstance(x, list) and len(x) >= 2]
        data = lists[0] if len(lists) == 1 else data
    if isinstance(data, list):
        return [
            (_label(x), {str(k): n for k, y in x.items() if (n := _num(y)) is not None})
            for x in data
            if isinstance(x, dict)
        ]
    if not isinstance(data, str):
        return []
    table = _table(data)
    if table:
        return _readings(table)
    out = []
    for line in data.splitlines():
        found = {k.strip(): float(n) for k, n in PAIR.findall(STAMP.sub(" ", line))}
        if not found and (m := DEGREES.search(STAMP.sub(" ", line))):
            found = {"℃": float(m.group(1))}
        if found:
            stamp = STAMP.search(line)
            out.append((stamp.group(0) if stamp else short_line(line), found))
    return out


def _table(text: str) -> list[dict[str, Any]]:
    """A text that is a table (a header line, then rows of as many cells, split by a comma, tab,
    | or ;): its rows as objects, a number cell as a number."""
    lines = [
        t.strip().strip("|")
        for t in text.splitlines()
        if t.strip() and not re.match(r"^[\s|:-]+$", t)
    ]
    if len(lines) < 3:
        return []
    sep = next((c for c in ("\t", "|", ",", ";") if c in lines[0]), None)
    if sep is None:
        return []
    rows = [[c.strip() for c in t.split(sep)] for t in lines]
    head = rows[0]
    if (
        len(head) < 2
        or any(len(r) != len(head) for r in rows)
        or any(re.fullmatch(r"-?[\d.]+", h) for h in head)
    ):
        return []
    return [
        {
            h: _plain(c) if re.fullmatch(r"-?\d+(?:\.\d+)?", c) else c
            for h, c in zip(head, r, strict=True)
        }
        for r in rows[1:]
    ]


def short_line(line: str) -> str:
    line = line.strip()
    return line if len(line) <= 40 else line[:40] + "…"


def _label(record: dict[str, Any]) -> str:
    for k, x in record.items():
        if NAME_KEY.search(str(k)) and isinstance(x, str) and x:
            return x
    for k, x in record.items():
        if LABEL_KEY.search(str(k)) and isinstance(x, str | int) and str(x):
            return str(x)
    return _name_of(record, {})


def _quantity(
    task: str, records: list[tuple[str, dict[str, float]]], least: int, at: int = -1
) -> str | None:
    """The number field the question names: by its key's words, else by the quantity it says
    (temperature / 温度 and temp_c), among those at least `least` readings have; of several
    named, the one named last before the bound at `at` ("3号温室的湿度超过80%": 湿度, not 温室)."""
    keys: dict[str, int] = {}
    for _, nums in records:
        for k in nums:
            keys[k] = keys.get(k, 0) + 1
    shared = [k for k, n in keys.items() if n >= least and not SKIP.search(k)]
    named = [k for k in shared if _names(task, k)]
    about = [key for key, said in QUANTITIES if re.search(said, task, re.I)]
    fits = [k for k in shared if any(re.search(a, k, re.I) for a in about)]
    if len(named) > 1 and at >= 0:
        where = {k: task.rfind(k, 0, at) for k in named}
        near = max(named, key=lambda k: where[k])
        named = (
            [near] if where[near] >= 0 and list(where.values()).count(where[near]) == 1 else named
        )
    return named[0] if len(named) == 1 else fits[0] if len(fits) == 1 else None


def extreme(task: str, results: list[Any]) -> Extreme | None:
    """Rule 6: the highest (or lowest) value of the quantity the question names over the
    readings a result holds, with the reading's label."""
    records = [r for data in results for r in _readings(data)]
    said = task
    for k in sorted({k for _, nums in records for k in nums}, key=len, reverse=True):
        said = said.replace(k, " ")  # a key's own words ask for no extreme (最高气温: 平均最高气温)
    hi, lo = HIGH_WORD.search(said), LOW_WORD.search(said)
    if not hi and not lo or hi and lo:
        return None
    if len(records) < 2:
        return None
    field = _quantity(task, records, 2)
    if field is None:
        return None
    have = [(label, nums[field]) for label, nums in records if field in nums]
    label, value = (max if hi else min)(have, key=lambda p: p[1])
    return Extreme(field, value, label, bool(hi), len(have))


def extreme_line(lang: str, e: Extreme) -> str:
    """Rule 6's sentence."""
    way = say(lang, "g_top_high" if e.largest else "g_top_low")
    return say(lang, "g_extreme", field=e.field, way=way, value=_n(e.value), label=e.label, n=e.n)


# ------------------------------------------------------------------ 7. the latest line asked


def latest_line(task: str, found: list[tuple[int, str]]) -> tuple[int, str] | None:
    """Rule 7: of the lines asked for (rule 4), the one with the latest time stamp, when the
    question asks for the latest / most recent / last (最新, 最近, 最后) and they carry stamps."""
    if len(found) < 2 or not LATEST.search(task) and not re.search(r"最后", task):
        return None
    stamped = [(m.group(0), i, t) for i, t in found if (m := STAMP.search(t))]
    if len(stamped) != len(found):
        return None
    _, i, t = max(stamped)
    return i, t


# ------------------------------------------------------------------ 8. a threshold the question states

NUM = r"(-?\d+(?:\.\d+)?)"
OVER = re.compile(
    r"\b(?:exceed(?:s|ed)?|(?:go|goes|went|gone|get|got|rise|rose|climb(?:ed)?)\s+(?:over|above)|"
    r"above|over|more than|higher than|greater than|warmer than|hotter than|"
    r"(?:reach(?:es|ed)?|at least|hit))\s+"
    + NUM
    + r"|(超过|超出|高于|多于|大于|达到|到了|过了)\s*"
    + NUM,
    re.I,
)
UNDER = re.compile(
    r"\b(?:below|under|less than|lower than|fewer than|colder than|cooler than|"
    r"(?:drop(?:s|ped)?|f[ae]ll|go|goes|went|get|got)\s+(?:below|under))\s+"
    + NUM
    + r"|(低于|少于|小于|不到|不足|跌破)\s*"
    + NUM,
    re.I,
)
AT_LEAST = re.compile(r"reach|at least|hit|达到|到了", re.I)
YES_NO = re.compile(
    r"(?:^|[.?!。？！\n]\s*)(?:is|was|are|were|did|does|do|has|have|had|will|would|can|could)\b|"
    r"\bwhether\b|\bif\b|吗|是否|有没有|是不是|有无",
    re.I,
)


@dataclass(frozen=True)
class Crossed:
    field: str
    value: float
    label: str
    limit: float
    over: bool  # the question asks "above?" (else "below?")
    yes: bool
    n: int
    bar: bool = False  # the number is the user's limit for whether it is OK (rule 8a)


def crossed(task: str, results: list[Any]) -> Crossed | None:
    """Rule 8: a yes/no question whether the named quantity went above (or below) a number it
    states, answered from the readings: their highest (or lowest) value against that number."""
    over, under = OVER.search(task), UNDER.search(task)
    if not YES_NO.search(task) or bool(over) == bool(under):
        return None
    m = over or under
    assert m is not None
    limit = float(re.findall(NUM, m.group(0))[-1])
    records = [r for data in results for r in _readings(data) or _one_reading(data)]
    field = _quantity(task, records, 1, m.start()) if records else None
    shared = {k for k in records[0][1] if not SKIP.search(k)} if records else set()
    for _, nums in records[1:]:
        shared &= nums.keys()
    field = field or (next(iter(shared)) if len(shared) == 1 else None)  # (the only number)
    if field is None:
        return None
    have = [(label, nums[field]) for label, nums in records if field in nums]
    several = len(have) > 1  # (a reading the window kept alone is still said with its label)
    have = _in_window(task, have)
    label, value = (max if over else min)(have, key=lambda p: p[1])
    inclusive = bool(AT_LEAST.search(m.group(0)))
    yes = (
        (value >= limit if inclusive else value > limit)
        if over
        else (value <= limit if inclusive else value < limit)
    )
    bar = _user_limit(task, m)
    n = len(have)
    return Crossed(field, value, label if several else "", limit, bool(over), yes, n, bar)


PERMISSION = re.compile(
    r"\b(?:is it (?:ok|okay|safe|fine|alright|all right|a good idea|wise)|(?:can|could|may|should)"
    r" (?:i|we)|am i|good to go|safe to|ok to|okay to)\b|"
    r"可以.{0,12}吗|可不可以|能不能|能.{0,12}吗|行不行|行吗|适合.{0,12}吗|安全吗|要不要|该不该|合适吗",
    re.I,
)
BAD = re.compile(
    r"\b(?:unsafe|not safe|too (?:much|high|low|strong|windy|cold|hot)|skip|avoid|cancel|stay"
    r" (?:in|home|inside)|don'?t|do not|can'?t|cannot|won'?t|no go|dangerous|limit|max(?:imum)?|"
    r"min(?:imum)?|never)\b|不安全|危险|不行|不能|不去|不出|取消|不宜|算了|太|上限|下限|限|最多|最少|受不了",
    re.I,
)


def _user_limit(task: str, m: re.Match[str]) -> bool:
    """Rule 8a: the number is a limit the user gives for a question whether something is OK
    ("Is it OK to run this morning? I skip it when the AQI is above 100", "风速超过18节就不安全，
    可以去吗？"): the request asks whether it is OK, can or should be done, and the clause of the
    number says what the user will not do or stand (skip, avoid, unsafe, too, limit; 不安全, 不行,
    取消, 太, 上限)."""
    if not PERMISSION.search(task):
        return False
    start = max(task.rfind(c, 0, m.start()) for c in ".?!。？！，,;；\n") + 1
    ends = [i for c in ".?!。？！，,;；\n" if (i := task.find(c, m.end())) >= 0]
    clause = task[start : min(ends) if ends else len(task)]
    return bool(BAD.search(clause))


TOTAL_BAR = re.compile(
    r"(?:限重|限额|限高|上限|预算|最多|不超过|不能超过|只有|只剩|总共就)\s*(?:是|为)?\s*[$€£¥]?\s*"
    + NUM
    + r"|\b(?:limit(?: is| of)?|budget(?: is| of)?|max(?:imum)?(?: is| of)?|at most|up to|"
    r"only (?:have|got)|have only|no more than|can(?:no|')t (?:go )?(?:over|exceed|spend more than))"
    r"\s*[$€£¥]?\s*"
    + NUM
    + r"|[$€£¥]?\s*"
    + NUM
    + r"\s*(?:元|块|欧元|美元|[$€£¥]|dollars?|euros?|pounds?|eur|usd|gbp)?"
    r"\s*(?:的)?\s*(?:预算|上限|限额|budget|limit|cap)",
    re.I,
)
ENOUGH = re.compile(
    r"够不够|够吗|能不能|行不行|可以吗|能.{0,12}吗|有没有超|是否超|超没超|超过了?吗|超出|超支"
    r"|\bexceed|\bgo(?:es|ne)? over\b|\bover (?:the |our |my |their )?(?:budget|limit)\b"
    r"|\benough\b|\bcan (?:i|we)\b|"
    r"\b(?:is|are|will|would) (?:it|that|they|this)\b|\bwithin\b|\bfit\b",
    re.I,
)


def total_bar(task: str, total: float) -> tuple[float, bool] | None:
    """Rule 8c: a total asked beside a limit the user gives ("限重10公斤，能一起寄吗？", "I only have
    $500, is it enough?", 预算, budget, at most) and a question whether it is enough or can be
    done: (the limit, whether the total goes over it); the answer leads with no when it does,
    yes when it does not."""
    m = TOTAL_BAR.search(task)
    if m is None or not ENOUGH.search(task):
        return None
    limit = float(next(g for g in m.groups() if g is not None))
    return limit, total > limit


OVER_ASKED = re.compile(  # a question whether it goes over: yes means over
    r"有没有超|是否超|超没超|超过了?吗|会超|超出|超支|\bexceed|\bgo(?:es|ne)? over\b|"
    r"\b(?:are|is|am|will|would) (?:we|i|it|that|this|they)(?: be)? (?:over|above)\b",
    re.I,
)


def bar_key(task: str, over: bool) -> str:
    """Rule 8c's phrase: to "is it enough / can we", no when over; to "are we over / 有没有超过",
    yes when over."""
    asked = "_asked" if OVER_ASKED.search(task) else ""
    return ("g_total_over" if over else "g_total_within") + asked


def _in_window(task: str, have: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """Rule 8b: of readings labelled by a clock time, those in the part of the day the question
    names ("this afternoon", 下午: `agentkit.sim.records.window`), when some are."""
    span = window(task)
    clocks = [CLOCK.search(label) for label, _ in have]
    if span is None or not all(clocks):
        return have
    kept = [
        h
        for h, c in zip(have, clocks, strict=True)
        if c and span[0] <= int(c[1]) * 60 + int(c[2]) < span[1]
    ]
    return kept or have


AMOUNT_TEXT = re.compile(
    r"\s*(-?\d+(?:\.\d+)?)\s*(?:%|°[CF]?|℃|[A-Za-z/]{1,6}|[\u4e00-\u9fff]{1,2})?\s*"
)


def _amount(x: Any) -> float | None:
    """A number, or a text that is one amount with its unit ("86%", "24.5°C", "12000 lux")."""
    m = AMOUNT_TEXT.fullmatch(x) if isinstance(x, str) else None
    return float(m.group(1)) if m else _num(x)


def _one_reading(data: Any) -> list[tuple[str, dict[str, float]]]:
    """One object's number fields, an amount written with its unit ("湿度: 86%") too."""
    if not isinstance(data, dict):
        return []
    nums = {str(k): n for k, x in data.items() if (n := _amount(x)) is not None}
    return [("", nums)] if nums else []


def crossed_line(lang: str, c: Crossed) -> str:
    """Rule 8's sentence: yes or no first, then the value that decides it, the field said as a
    label with its unit (`agentkit.sim.speech`); for a user's limit (rule 8a) the answer is to
    the question whether it is OK: crossing the limit is a no."""
    top = "" if c.n < 2 else say(lang, "g_top_high" if c.over else "g_top_low")
    top += " " if top and lang == "en" else ""
    label = ("（{}）" if lang == "zh" else " ({})").format(c.label) if c.label else ""
    field = speech.label(c.field, lang, capital=False)
    value = speech.unit_added(c.field, _n(c.value), lang)
    if c.bar:
        key = f"g_bar_{'over' if c.over else 'under'}_{'no' if c.yes else 'yes'}"
        return say(lang, key, top=top, field=field, value=value, label=label, limit=_n(c.limit))
    rel = say(lang, f"g_rel_{'over' if c.over else 'under'}_{'yes' if c.yes else 'no'}")
    field = speech.label(c.field, lang, capital=False) if c.field else c.field  # humidity_pct
    unit = speech.unit(c.field, lang) if c.field else ""
    value = _n(c.value) + ("" if not unit or unit == "%" or unit[0] == "°" else " ") + unit
    return say(
        lang, "g_crossed", ans=say(lang, "g_ans_yes" if c.yes else "g_ans_no"), top=top,
        field=field, value=value, label=label, rel=rel, limit=_n(c.limit),
    )  # fmt: skip


# ------------------------------------------------------------------ 9. the first, next or last entry

ORDER_EN = re.compile(
    r"\b(?:which|what|when|who)\b[^.?!]{0,60}?\b(first|earliest|soonest|next|last|latest)\b|"
    r"\b(first|earliest|soonest|next|last|latest)\b[^.?!]{0,40}?\b(?:which|what|when|who)\b",
    re.I,
)
ORDER_ZH = re.compile(
    r"(最早|首班|头班|第一[班趟个次]|下一[班趟个次场]|下次|最晚|末班|最后一[班趟个次])"
)
FIRST_WORDS = ("first", "earliest", "soonest", "最早", "首班", "头班", "第一")
NEXT_WORDS = ("next", "下一", "下次")
TIME_KEY = re.compile(
    r"depart|time|date|start|when|rise|pass|arriv|begin|\bat$|_at$|eta|etd|"
    r"出发|发车|时间|日期|开始|到达|起飞|时刻",
    re.I,
)
CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})(?::(\d{2}))?\b")
DAY = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")


@dataclass(frozen=True)
class Ordered:
    which: str  # "first", "next" or "last"
    name: str
    when: str
    now: str  # the time "next" counts from, when the system prompt gives one


def _when(text: str, day: datetime.date) -> datetime.datetime | None:
    """A time written in a value ("08:15", "2026-04-09 08:15", "2026-04-09T08:15:00Z"), on
    `day` when it gives no date."""
    d, c = DAY.search(text), CLOCK.search(text)
    if not d and not c:
        return None
    try:
        on = datetime.date(int(d[1]), int(d[2]), int(d[3])) if d else day
        h, m = (int(c[1]), int(c[2])) if c else (0, 0)
        return datetime.datetime(on.year, on.month, on.day, h % 24, m)
    except ValueError:
        return None


def _now(system: str) -> datetime.datetime | None:
    """The time the system prompt says it is now (a clock time in a sentence that says now)."""
    for sentence in re.split(r"(?<=[.!?。！？\n])", system):
        if values.NOW_WORD.search(sentence) or re.search(r"\btime\b|时间", sentence, re.I):
            got = _when(sentence, values.today_date()) if CLOCK.search(sentence) else None
            if got:
                return got
    return None


def _timed(data: Any) -> list[tuple[str, str]]:
    """The entries of a list of objects, each (its name, its time's text), by the one key that
    holds a time in every entry."""
    if isinstance(data, dict):
        lists = [x for x in data.values() if isinstance(x, list) and len(x) >= 2]
        data = lists[0] if len(lists) == 1 else data
    items = [x for x in data if isinstance(x, dict)] if isinstance(data, list) else []
    if isinstance(data, list) and len(data) >= 2 and all(_bare_time(x) for x in data):
        return [("", x) for x in data]  # (a list of bare dates or times: "2026-12-10")
    if len(items) < 2:
        return []
    keys = [
        k
        for k in items[0]
        if TIME_KEY.search(str(k))
        and all(
            isinstance(x.get(k), str) and (CLOCK.search(x[k]) or DAY.search(x[k])) for x in items
        )
    ]
    if not keys:
        return []
    key = keys[0]
    return [(_entry_name(x, key), str(x[key])) for x in items]


def _bare_time(x: Any) -> bool:
    """A list's element that is only a date or a time ("2026-12-10", "16:10", "2026-12-10 19:00")."""
    return (
        isinstance(x, str)
        and bool(re.fullmatch(r"\s*(?:\d{4}-\d{2}-\d{2})?(?:[T ]?\d{1,2}:\d{2}(?::\d{2})?)?\s*", x))
        and bool(x.strip())
    )


def _entry_name(item: dict[str, Any], time_key: str) -> str:
    for k, x in item.items():
        if NAME_KEY.search(str(k)) and isinstance(x, str) and x:
            return x
    for k, x in item.items():
        if k != time_key and isinstance(x, str | int) and not isinstance(x, bool):
            text = str(x)
            if 0 < len(text) <= 40 and not CLOCK.search(text) and not DAY.search(text):
                return text
    return "?"


def ordered(task: str, results: list[Any], system: str = "") -> Ordered | None:
    """Rule 9: the entry a question asks for by its place in time (the first / earliest, the
    next after now, the last / latest), said by its name with its time."""
    m = ORDER_EN.search(task) or ORDER_ZH.search(task)
    if not m:
        return None
    word = next(g for g in m.groups() if g).lower()
    which = (
        "next"
        if word.startswith(NEXT_WORDS)
        else "first"
        if word.startswith(FIRST_WORDS)
        else "last"
    )
    entries = [e for data in results for e in _timed(data)]
    day = values.today_date()
    timed = [(t, n, w) for n, w in entries if (t := _when(w, day)) is not None]
    if len(timed) < 2:
        return None
    now = _now(system) if which == "next" else None
    if which == "next":
        start = now or datetime.datetime(day.year, day.month, day.day)
        timed = [x for x in timed if x[0] >= start]
        if not timed:
            return None
    _, name, when = (max if which == "last" else min)(timed)
    return Ordered(which, name, when, now.strftime("%H:%M") if now else "")


def ordered_line(lang: str, o: Ordered) -> str:
    """Rule 9's sentence."""
    now = say(lang, "g_now", now=o.now) if o.now else ""
    bare = "_bare" if not o.name else ""  # (a list of bare dates or times: no name)
    return say(lang, f"g_order_{o.which}{bare}", name=o.name, when=o.when, now=now)


# ------------------------------------------------------------------ 10. keys missing or repeated

MISSING = re.compile(
    r"\bmissing\b|\babsent\b|\blacks?\b|\bnot (?:in|present|defined|set)\b|\bdiffer|\bdifference|"
    r"\bout of sync\b|缺少|缺失|缺了|漏了|没有的|不一致|差异|不同",
    re.I,
)
REPEATED = re.compile(r"\bduplicat\w*|\brepeated\b|\btwice\b|\bmore than once\b|重复|两次", re.I)
KEY_LINE = re.compile(r"^\s*(?:export\s+)?([A-Za-z_][\w.-]*)\s*(?:=|:(?=\s|$))")


def _keys(lines: list[str]) -> list[tuple[str, int]]:
    """The keys a file defines, each with its line number: a JSON object's (nested keys joined
    by dots), else `KEY=value`, `key = value` and `key: value` lines (comments and [sections]
    aside; a YAML key indented under another is joined to it by a dot)."""
    text = "\n".join(lines)
    try:
        data = json.loads(text, object_pairs_hook=_Pairs)
    except ValueError:
        data = None
    if isinstance(data, _Pairs):
        return [(k, _line_of(lines, k)) for k in _leaves(data, "")]
    out: list[tuple[str, int]] = []
    parents: list[tuple[int, str]] = []
    for i, line in enumerate(lines, 1):
        m = KEY_LINE.match(line)
        if not m or re.match(r"\s*(?:#|;|//|\[|-\s)", line):
            continue
        depth = len(line) - len(line.lstrip())
        parents = [(d, k) for d, k in parents if d < depth]
        key = ".".join([k for _, k in parents] + [m.group(1)])
        if re.match(r"^\s*[\w.-]+\s*:\s*$", line):  # a YAML key with keys under it
            parents.append((depth, m.group(1)))
            continue
        out.append((key, i))
    return out


class _Pairs(list):  # type: ignore[type-arg]
    """A JSON object as its (key, value) pairs, a key written twice kept twice."""


def _leaves(pairs: _Pairs, prefix: str) -> list[str]:
    out: list[str] = []
    for k, x in pairs:
        if isinstance(x, _Pairs) and x:
            out += _leaves(x, f"{prefix}{k}.")
        else:
            out.append(f"{prefix}{k}")
    return out


def _line_of(lines: list[str], key: str) -> int:
    """The line a JSON key is written on (its last part, quoted), or 0."""
    last = key.rsplit(".", 1)[-1]
    return next((i for i, t in enumerate(lines, 1) if f'"{last}"' in t), 0)


@dataclass(frozen=True)
class KeyCheck:
    missing: list[tuple[str, str, list[str]]]  # (file lacking them, file having them, keys)
    repeated: list[tuple[str, list[tuple[str, list[int]]]]]  # (file, [(key, its lines)])


def key_check(task: str, read: list[tuple[str, list[str]]]) -> KeyCheck | None:
    """Rule 10: the keys the question asks about over the files read: those one file defines and
    another lacks (missing, different, 缺少), and those a file defines more than once (duplicated,
    重复), each said by its name."""
    if "key" not in task.lower() and not re.search(r"键|字段|配置项|变量|词条", task):
        return None
    files = [(name, ks) for name, lines in read if (ks := _keys(lines))]
    asked = MISSING.search(task), REPEATED.search(task)
    if not files or not any(asked):
        return None
    missing = _missing(files) if asked[0] and len(files) >= 2 else []
    repeated = _repeated(files) if asked[1] else []
    return KeyCheck(missing, repeated)


def _missing(files: list[tuple[str, list[tuple[str, int]]]]) -> list[tuple[str, str, list[str]]]:
    out = []
    for a, ka in files:
        for b, kb in files:
            lacking = sorted({k for k, _ in kb} - {k for k, _ in ka})
            if a != b and lacking:
                out.append((a, b, lacking))
    return out


def _repeated(
    files: list[tuple[str, list[tuple[str, int]]]],
) -> list[tuple[str, list[tuple[str, list[int]]]]]:
    out = []
    for name, ks in files:
        seen: dict[str, list[int]] = {}
        for k, i in ks:
            seen.setdefault(k, []).append(i)
        twice = [(k, lines) for k, lines in seen.items() if len(lines) > 1]
        if twice:
            out.append((name, twice))
    return out


def key_lines(lang: str, c: KeyCheck) -> list[str]:
    """Rule 10's sentences: each file's missing keys, each file's repeated keys, or that none are."""
    sep = "，" if lang == "zh" else ", "
    out = [
        say(lang, "g_keys_missing", file=a, other=b, keys=sep.join(ks), n=len(ks))
        for a, b, ks in c.missing
    ]
    for name, twice in c.repeated:
        each = sep.join(
            f"{k} ({', '.join(str(i) for i in sorted(set(lines)) if i)})"
            if len(set(lines)) > 1
            else k
            for k, lines in twice
        )
        out.append(say(lang, "g_keys_repeated", file=name, keys=each, n=len(twice)))
    return out or [say(lang, "g_keys_none")]


# ------------------------------------------------------------------ 11. fit for a purpose

FIT_ASKED = re.compile(
    r"(?:^|[.?!。？！]\s*)(?:is|are|was|will|would)\b[^?]{0,80}?\b(?:ok|okay|safe|fine|all right|"
    r"alright|good enough|suitable|healthy|a good (?:day|time|idea))\b|"
    r"(?:^|[.?!。？！]\s*)(?:can|could|should)\s+(?:i|we|my|our|they|the kids|kids|children)\b"
    r"[^?]{0,60}?\b(?:go|play|swim|run|hike|eat|drink|walk|cycle|ride|fly|sail|outside|outdoors)\b|"
    r"适合|适宜|安全吗|可以吗|能不能|行不行|合适吗|可不可以|能否|要紧吗",
    re.I,
)
NEGATIVE = re.compile(
    r"\bun(?:healthy|safe|suitable|fit)\b|\bhazardous\b|\bdangerous\b|\bpoor\b|\bbad\b|"
    r"\bnot (?:recommended|safe|suitable|advised)\b|\bavoid\b|\bhigh risk\b|\bvery high\b|"
    r"\bsevere\b|\bclosed\b|不健康|不宜|不适合|不安全|不建议|危险|超标|污染|较差|严重|禁止",
    re.I,
)
POSITIVE = re.compile(
    r"\bgood\b|\bsafe\b|\bhealthy\b|\blow(?: risk)?\b|\bnormal\b|\bok\b|\bfine\b|"
    r"\bsuitable\b|\bexcellent\b|\bsatisfactory\b|\bopen\b|优|良|安全|适宜|正常|适合",
    re.I,
)
RATING_KEY = re.compile(
    r"categor|level|rating|advi[cs]|recommend|risk|quality|verdict|assess|grade|status|"
    r"等级|级别|建议|评价|状况|类别",
    re.I,
)


@dataclass(frozen=True)
class Fit:
    verdict: str  # "yes", "no" or "unknown"
    field: str
    value: Any


def fit_asked(task: str) -> bool:
    """Rule 11: the question asks whether something is fit for a purpose."""
    return bool(FIT_ASKED.search(task))


def fit_of(task: str, results: list[tuple[Any, dict[str, Any]]]) -> Fit | None:
    """Rule 11 over the results (data, the call's input): a rating's verdict, else the value with
    no limit to judge it by; None when the question asks no such thing or a range judges it."""
    if not fit_asked(task):
        return None
    records = [(d, given) for d, given in results if isinstance(d, dict)]
    if len(records) != 1 or judged(task, records[0][0]) is not None:
        return None
    data, given = records[0]
    rated = [
        (str(k), x)
        for k, x in data.items()
        if isinstance(x, str)
        and x not in given.values()
        and len(x.split()) <= 8
        and (NEGATIVE.search(x) or POSITIVE.search(x))
    ]
    if len(rated) > 1:
        rated = [(k, x) for k, x in rated if RATING_KEY.search(k)] or rated[:1]
    if rated:
        k, x = rated[0]
        return Fit("no" if NEGATIVE.search(x) else "yes", k, x)
    numbers = [
        (str(k), x) for k, x in data.items() if _num(x) is not None and not SKIP.search(str(k))
    ]
    named = [(k, x) for k, x in numbers if _names(task, k)]
    one = named if len(named) == 1 else numbers if len(numbers) == 1 else []
    return Fit("unknown", one[0][0], one[0][1]) if one else None


def fit_line(lang: str, f: Fit) -> str:
    """Rule 11's sentence."""
    value = f.value.rstrip(".。") if isinstance(f.value, str) else f.value
    return say(lang, f"g_fit_{f.verdict}", subject="", field=f.field, value=value)


# ------------------------------------------------------------------ 12. worst / best for a plan

WORST = re.compile(
    r"\b(?:worst|least (?:suitable|good))\b|最差|最糟|最坏|最不(?:适合|合适|好|宜)", re.I
)
BEST = re.compile(r"\b(?:best|most suitable|ideal)\b|最好|最适合|最合适|最佳|最宜", re.I)
WHICH_ONE = re.compile(r"\b(?:which|what)\b|哪", re.I)
SPOILERS = [r"rain|precip|snow|雨|雪|降水", r"wind|gust|风"]  # weather that spoils plans, in order


@dataclass(frozen=True)
class Suited:
    worst: bool
    label: str
    field: str
    value: float
    texts: tuple[str, ...]


def suited(task: str, results: list[Any]) -> Suited | None:
    """Rule 12: the entry worst (or best) for a plan outdoors, by the weather that spoils it."""
    worst, best = WORST.search(task), BEST.search(task)
    if not WHICH_ONE.search(task) or bool(worst) == bool(best):
        return None
    for data in results:
        if isinstance(data, dict):
            lists = [x for x in data.values() if isinstance(x, list) and len(x) >= 2]
            data = lists[0] if len(lists) == 1 else None
        if not isinstance(data, list) or not data or not all(isinstance(x, dict) for x in data):
            continue
        for spoils in SPOILERS:
            keys = [
                k
                for k in data[0]
                if re.search(spoils, str(k), re.I) and all(_num(x.get(k)) is not None for x in data)
            ]
            if keys:
                top = (max if worst else min)(data, key=lambda x: float(x[keys[0]]))
                texts = tuple(
                    x for k, x in top.items() if isinstance(x, str) and x and x != _label(top)
                )
                return Suited(bool(worst), _label(top), str(keys[0]), float(top[keys[0]]), texts)
    return None


def suited_line(lang: str, s: Suited) -> str:
    """Rule 12's sentence."""
    texts = ("，" if lang == "zh" else ", ").join(s.texts)
    more = (f"，{texts}" if lang == "zh" else f", {texts}") if texts else ""
    which = say(lang, "g_suited_worst" if s.worst else "g_suited_best")
    return say(
        lang, "g_suited", which=which, label=s.label, field=s.field, value=_n(s.value), more=more
    )


# ------------------------------------------------------------------ 13. a change between two readings

CHANGE_EN = re.compile(
    r"\bhow much (?:did|has|have|does|do|is|was)\b.{0,80}?\b(?:change|changed|rise|risen|rose|grow|"
    r"grown|grew|go up|gone up|went up|go down|gone down|went down|drop|dropped|fall|fallen|fell|"
    r"increase|increased|decrease|decreased|improve|improved|move|moved)\b|"
    r"\b(?:what|how big) (?:was|is|'s) the (?:change|difference|increase|decrease|drop|rise|gap)\b|"
    r"\bhow (?:many|much) (?:more|less|fewer|higher|lower)\b",
    re.I | re.S,
)
CHANGE_ZH = re.compile(
    r"(?:变化|变|涨|跌|增长|增加|减少|下降|上升|提高|降低|多|少|差|相差|高|低)了?(?:多少|几)|差距|变化.{0,3}(?:大吗|如何|怎样)"
)


@dataclass(frozen=True)
class Changed:
    field: str
    before: tuple[str, float]  # (its label, its value)
    after: tuple[str, float]
    by: float  # after minus before


def _dated_label(x: Any) -> bool:
    return isinstance(x, str) and bool(
        re.fullmatch(r"\d{4}(?:-\d{2}){0,2}(?:[T ][\d:]+)?|\d{4}-W\d{2}", x)
    )


def changed(task: str, results: list[tuple[str, Any, dict[str, Any]]]) -> Changed | None:
    """Rule 13: the change of one number between two readings, each the one object a call of the
    same tool returned, the calls differing in one input (a month, a day, a name)."""
    if not (CHANGE_EN.search(task) or CHANGE_ZH.search(task)):
        return None
    if len(results) != 2 or results[0][0] != results[1][0]:
        return None
    (_, a, ga), (_, b, gb) = results
    if not (isinstance(a, dict) and isinstance(b, dict)):
        return None
    differ = [k for k in ga if k in gb and ga[k] != gb[k]]
    if len(differ) != 1:
        return None
    given = {str(x) for x in (*ga.values(), *gb.values())}
    keys = [
        k
        for k, x in a.items()
        if isinstance(x, int | float)
        and not isinstance(x, bool)
        and isinstance(b.get(k), int | float)
        and not isinstance(b.get(k), bool)
        and not SKIP.search(str(k))
        and str(x) not in given
    ]
    if len(keys) > 1:
        lower = task.lower()
        named = [
            k for k in keys if any(w[:4] in lower for w in re.findall(r"[a-z]{3,}", k.lower()))
        ]
        keys = named if len(named) == 1 else [k for k in keys if a[k] != b[k]]
    if len(keys) != 1:
        return None
    key, (la, lb) = keys[0], (str(ga[differ[0]]), str(gb[differ[0]]))
    first, second = (la, float(a[keys[0]])), (lb, float(b[keys[0]]))
    if _dated_label(ga[differ[0]]) and _dated_label(gb[differ[0]]) and lb < la:
        first, second = second, first
    places = max(_places(a[key]), _places(b[key]))
    return Changed(key, first, second, round(second[1] - first[1], places))


def _places(x: Any) -> int:
    text = str(x)
    return len(text.split(".")[1]) if "." in text else 0


def changed_line(lang: str, c: Changed) -> str:
    """Rule 13's sentence: the change first, then the two readings it is worked out from."""
    way = "g_change_up" if c.by > 0 else "g_change_down" if c.by < 0 else "g_change_none"
    return say(
        lang,
        way,
        field=c.field,
        by=_n(abs(c.by)),
        a=_n(c.before[1]),
        la=c.before[0],
        b=_n(c.after[1]),
        lb=c.after[0],
    )


# ------------------------------------------------------------------ 14. gear the weather calls for

RAIN_GEAR = re.compile(
    r"\b(?:umbrellas?|raincoats?|rain\s?jackets?|wellies|rain\s?boots)\b|伞|雨衣|雨披|雨靴", re.I
)
SUN_GEAR = re.compile(
    r"\b(?:sunscreen|sun\s?cream|sunblock|sunglasses|sun\s?hat)\b|防晒|墨镜|太阳镜|遮阳帽", re.I
)
CHANCE_KEY = re.compile(
    r"(?:rain|precip|shower|pop\b|降水|降雨|下雨).*|.*(?:chance|prob|概率)", re.I
)
RAIN_SAID = re.compile(r"\brain|\bshower|\bdrizzle|\bstorm|雨", re.I)
SUN_SAID = re.compile(r"\bsunny\b|\bclear\b|\bsun\b|晴", re.I)
WEATHER_TEXT = re.compile(r"condition|summary|weather|sky|description|天气|天况|概况", re.I)


@dataclass(frozen=True)
class Gear:
    rain: bool  # rain gear asked (else sun gear)
    yes: bool
    value: str  # the value that decides it: "70%", "9", or the conditions' words
    conditions: str  # the result's words for the weather, when it has them


def gear(task: str, results: list[Any]) -> Gear | None:
    """Rule 14: a question whether to take rain gear (an umbrella, a raincoat; 伞, 雨衣) or sun
    gear (sunscreen, sunglasses; 防晒, 墨镜), over one record of the weather: rain gear is needed
    at a chance of rain (a key of rain / precipitation / chance, 0-1 or a percentage) of 40% or
    more, else when no such chance is given and the conditions say rain; sun gear at a UV index
    of 3 or more, else when the conditions say sunny or clear."""
    rain, sun = RAIN_GEAR.search(task), SUN_GEAR.search(task)
    if (
        bool(rain) == bool(sun)
        or not YES_NO.search(task)
        and not re.search(r"要不要|需不需要|用不用|该不该|\bshould\b", task, re.I)
    ):
        return None
    records = [d for d in results if isinstance(d, dict)]
    if len(records) != 1:
        return None
    data = records[0]
    said = " ".join(
        str(x) for k, x in data.items() if WEATHER_TEXT.search(str(k)) and isinstance(x, str)
    )
    if rain:
        chances = [
            (str(k), n)
            for k, x in data.items()
            if CHANCE_KEY.fullmatch(str(k))
            and re.search(r"chance|prob|pop|概率|%", str(k) + str(x), re.I)
            and (n := _amount(x)) is not None
        ]
        if chances:
            n = chances[0][1] * (100 if chances[0][1] <= 1 else 1)
            return Gear(True, n >= 40, f"{_n(n)}%", said)
        return Gear(True, bool(RAIN_SAID.search(said)), said, said) if said else None
    uv = [
        n
        for k, x in data.items()
        if re.search(r"\buv|uv_|紫外线", str(k), re.I) and (n := _num(x)) is not None
    ]
    if uv:
        return Gear(False, uv[0] >= 3, _n(uv[0]), said)
    return Gear(False, bool(SUN_SAID.search(said)), said, said) if said else None


def gear_line(lang: str, g: Gear) -> str:
    """Rule 14's sentence: yes or no first, then the value that decides it."""
    key = f"g_gear_{'rain' if g.rain else 'sun'}_{'yes' if g.yes else 'no'}"
    if g.value == g.conditions:
        key = f"g_gear_said_{'yes' if g.yes else 'no'}"
    more = (
        (f"（{g.conditions}）" if lang == "zh" else f" ({g.conditions})")
        if g.conditions and g.value != g.conditions
        else ""
    )
    return say(lang, key, value=g.value, more=more)


# ------------------------------------------------------------------ 15. money enough for a sum

COVERS = re.compile(
    r"\bafford\b|\benough\b|\bcover\b|买得起|付得起|够不够|够吗|够[买付交]|钱够", re.I
)
MONEY_SAID = re.compile(
    r"[£$€¥]\s?(\d[\d,]*(?:\.\d+)?)|(\d[\d,]*(?:\.\d+)?)\s?(?:[£$€¥]|元|块|欧|美元|英镑|日元|"
    r"(?:USD|EUR|GBP|CNY|JPY|RMB|CHF|AUD|CAD)\b)",
    re.I,
)
FUNDS_KEY = re.compile(r"balance|available|funds|remaining|余额|可用|剩余", re.I)
TOTAL_KEY = re.compile(r"total|grand|amount_due|due$|合计|总计|总价|总额|应付|共计", re.I)
SUM_KEY = re.compile(r"price|cost|fee|quote|charge|fare|rent|amount|价|费|报价|金额", re.I)
CURRENCY_KEY = re.compile(r"currency|ccy|币种|货币", re.I)


@dataclass(frozen=True)
class Covered:
    yes: bool
    field: str
    have: float
    need: float
    unit: str
    theirs: bool = False  # (15a) the user's money against the record's sum


def money_covers(task: str, results: list[Any]) -> Covered | None:
    """Rule 15: a question whether the user's money covers a sum ("Can I afford a $1,200
    laptop?", "enough left to cover £950", 钱够买…吗): the sum the request states (its largest
    amount of money) against the one record's funds (a key of balance, available, funds,
    remaining; 余额, 可用), yes when they reach it; the answer says by how much either way."""
    if not COVERS.search(task):
        return None
    sums = [float((m.group(1) or m.group(2)).replace(",", "")) for m in MONEY_SAID.finditer(task)]
    records = [d for d in results if isinstance(d, dict)]
    if not sums or len(records) != 1:
        return None
    data = records[0]
    funds = [
        (str(k), n)
        for k, x in data.items()
        if FUNDS_KEY.search(str(k)) and (n := _num(x)) is not None
    ]
    unit = next(
        (str(x) for k, x in data.items() if CURRENCY_KEY.search(str(k)) and isinstance(x, str)), ""
    )
    owed = [(str(k), n) for k, x in data.items() if (n := _num(x)) is not None]
    owed = [p for p in owed if TOTAL_KEY.search(p[0])] or [p for p in owed if SUM_KEY.search(p[0])]
    if not funds and len(owed) == 1 and len(set(sums)) == 1:  # (15a: the user's money, its sum)
        field, need = owed[0]
        return Covered(sums[0] >= need, field, sums[0], need, unit, theirs=True)
    if not funds:
        return None
    field, have = funds[0]
    need = max(sums)
    plain = values.digits_for_words(task)
    count = (
        times_each(task, [m.start() for m in MONEY_SAID.finditer(plain)])
        if len(sums) == 1
        else None
    )
    need = need * count if count else need  # "5台，每台3200元": 16000
    return Covered(have >= need, field, have, need, unit)


def covered_line(lang: str, c: Covered) -> str:
    """Rule 15's sentence."""
    unit = f" {c.unit}" if c.unit else ""
    if c.theirs:  # (15a: the record's sum carries its unit)
        return say(
            lang, f"g_afford_{'yes' if c.yes else 'no'}", field=speech.label(c.field, lang, False),
            have=_round(c.have, 2), need=_round(c.need, 2) + unit, by=_round(abs(c.have - c.need), 2),
        )  # fmt: skip
    return say(
        lang, f"g_covers_{'yes' if c.yes else 'no'}", field=c.field.replace("_", " "),
        have=_round(c.have, 2) + unit, need=_round(c.need, 2), by=_round(abs(c.have - c.need), 2),
    )  # fmt: skip


# ------------------------------------------------------------------ 16. free or taken at a time

FREE_ASKED = re.compile(
    r"\b(?:am\s+I|are\s+we|are\s+you|is\s+(?:he|she)|I'm|we're)\s+(?:\w+\s+)?(?:free|busy|available)\b"
    r"|有空|有没有空|空闲|忙不忙|有安排",
    re.I,
)
CLASH_ASKED = re.compile(r"\bdouble[- ]booked\b|\bclash|\boverlap|冲突|撞", re.I)
PERIODS = (  # a part of the day, as (words, start, end) in minutes
    (re.compile(r"\bmorning\b|上午|早上|早晨", re.I), 0, 12 * 60),
    (re.compile(r"\bafternoon\b|下午", re.I), 12 * 60, 18 * 60),
    (re.compile(r"\bevening\b|\btonight\b|晚上|今晚|傍晚", re.I), 18 * 60, 24 * 60),
)
START_KEY = re.compile(r"start|from|begin|开始|起", re.I)
END_KEY = re.compile(r"end|to$|until|till|finish|结束|止", re.I)


@dataclass(frozen=True)
class Taken:
    clash: bool  # a double booking asked (else whether free)
    period: str  # the words of the part of the day asked, or ""
    entries: tuple[tuple[str, str, str], ...]  # (label, start, end) in the period
    pairs: tuple[tuple[int, int], ...]  # the entries that overlap, by index


def _minutes(x: Any) -> int | None:
    m = CLOCK.search(str(x)) if isinstance(x, str) else None
    return int(m.group(1)) * 60 + int(m.group(2)) if m else None


def taken(task: str, results: list[Any]) -> Taken | None:
    """Rule 16: a question whether the user is free at a time ("Am I free Tuesday afternoon?",
    下午有空吗) or double-booked (clash, overlap, 冲突), over a list of entries that each hold a
    start and an end time (start / from, end / to; 开始, 结束): the entries that meet the part
    of the day the question names (morning before noon, afternoon to six, evening after; else
    the whole day) are said, or that there are none; for a double booking, the pairs of them
    that overlap."""
    clash = bool(CLASH_ASKED.search(task))
    if not clash and not FREE_ASKED.search(task):
        return None
    period = next(
        ((m.group(0), a, b) for p, a, b in PERIODS if (m := p.search(task))), ("", 0, 24 * 60)
    )
    lists = [d for d in results if isinstance(d, list)] + [
        x for d in results if isinstance(d, dict) for x in d.values() if isinstance(x, list)
    ]
    if len(lists) != 1 or not all(isinstance(x, dict) for x in lists[0]):
        return None
    found = []
    for item in lists[0]:
        start = next(
            (k for k in item if START_KEY.search(str(k)) and _minutes(item[k]) is not None), None
        )
        end = next(
            (
                k
                for k in item
                if k != start and END_KEY.search(str(k)) and _minutes(item[k]) is not None
            ),
            None,
        )
        if start is None or end is None:
            return None
        a, b = _minutes(item[start]), _minutes(item[end])
        assert a is not None and b is not None
        if a < period[2] and b > period[1]:
            label = _label(item) or next(
                (str(x) for x in item.values() if isinstance(x, str) and _minutes(x) is None), ""
            )
            found.append((label, str(item[start]), str(item[end]), a, b))
    pairs = tuple(
        (i, j) for i in range(len(found)) for j in range(i + 1, len(found))
        if found[i][3] < found[j][4] and found[j][3] < found[i][4]
    )  # fmt: skip
    return Taken(clash, period[0], tuple(f[:3] for f in found), pairs)


def taken_line(lang: str, t: Taken) -> str:
    """Rule 16's sentence: yes or no first, then the entries that decide it."""

    def entry(e: tuple[str, str, str]) -> str:
        return say(lang, "g_taken_entry", what=e[0], start=e[1], end=e[2])

    when = say(lang, "g_taken_when", period=t.period) if t.period else say(lang, "g_taken_day")
    if t.clash:
        if not t.pairs:
            return say(lang, "g_clash_no", when=when)
        both = [
            say(lang, "g_clash_pair", a=entry(t.entries[i]), b=entry(t.entries[j]))
            for i, j in t.pairs
        ]
        return say(lang, "g_clash_yes", pairs="; ".join(both) if lang == "en" else "；".join(both))
    if not t.entries:
        return say(lang, "g_free_yes", when=when)
    return say(
        lang, "g_free_no", when=when, entries=spoken_list(lang, [entry(e) for e in t.entries])
    )


# ------------------------------------------------------------------ 17. enough of what is needed

NEEDED = re.compile(
    r"\b(?:need|needs|needed|require|requires|want|wants|expect|expecting|are|book|reserve)\s+"
    r"(?:about\s+|at least\s+|around\s+|some\s+)?(\d+(?:\.\d+)?)\s+(?:more\s+)?([A-Za-z][\w-]*)"
    r"(?:\s+of\s+([A-Za-z][\w-]*))?"
    r"|\bfor\s+(\d+)\s+(people|persons|guests|participants|attendees|students|kids|adults)\b"
    r"|(?:需要|要|得|需|订|预订|预约|来|有)\s*(\d+(?:\.\d+)?)\s*(?:个|位|名|间|张|箱|件|台|份|人|套|把|辆|桶|袋|瓶|盒|本|块|条)?"
    r"\s*([\u4e00-\u9fff]{0,4})",
    re.I,
)
ENOUGH_ASKED = re.compile(
    r"够不够|够吗|够用|足够|不够|能不能|能否|可不可以|可以.{0,12}吗|能.{0,12}吗|行不行|有没有|是否"
    r"|\benough\b|\bsufficient\b|\b(?:can|could) (?:we|i|they|you|all)\b|\bis there (?:room|space)\b"
    r"|\bwill (?:it|that|they|there) be\b|\bdo we have\b|\bcover\b",
    re.I,
)
AVAILABLE = re.compile(
    r"(?<![a-z])(?:left|remaining|available|availability|free|in[ _]stock|stock|on[ _]hand|"
    r"capacity|vacan\w*|spare|open)(?![a-z])|库存|剩余|剩下|还剩|剩|余量|可用|空余|空闲|空房|现有|存量|在库",
    re.I,
)
BARE_NUMBER = re.compile(r"(?<![\d.:/-])(\d+(?:\.\d+)?)(?![\d:/-]|\.\d)")
DATED = re.compile(r"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}:\d{2}")


@dataclass(frozen=True)
class Enough:
    need: float
    have: float
    line: str  # the line of the file that gives what there is


def enough(task: str, results: list[Any]) -> Enough | None:
    """Rule 17: a number the user needs ("we need 12 seats", "需要 30 箱矿泉水", "for 8 people")
    and a question whether there is enough or it can be done (够不够, 能…吗, enough, can we):
    what there is, read from a text result's line that says so (left, available, free, in
    stock; 库存, 剩余, 可用), best one that also names what is needed (free_rooms for rooms),
    never a date's or a time's number."""
    m = NEEDED.search(task)
    if m is None or not ENOUGH_ASKED.search(task):
        return None
    need = float(m.group(1) or m.group(4) or m.group(6))
    thing = (m.group(2) or m.group(5) or m.group(7) or "").lower()
    of = (m.group(3) or "").lower()  # "18 bags of flour": flour names the line too
    best: tuple[int, str, float] | None = None
    for r in results:
        text = r if isinstance(r, str) else ""
        if isinstance(r, dict):  # (a text of `key: value` lines, read as an object)
            text = "\n".join(f"{k}: {x}" for k, x in r.items() if not isinstance(x, (dict, list)))
        for line in text.splitlines():
            said = DATED.sub(" ", line)
            nums = BARE_NUMBER.findall(said.split(":", 1)[-1].split("：", 1)[-1])
            if not nums:
                continue
            names = bool(thing) and (
                thing in line
                if re.search(r"[\u4e00-\u9fff]", thing)
                else speech_stem(thing) in {speech_stem(w) for w in re.findall(r"[A-Za-z]+", line)}
            )
            score = 2 * bool(AVAILABLE.search(line)) + names + bool(of and of in line.lower())
            if score >= 2 and (best is None or score > best[0]):
                best = (score, line.strip(), float(nums[0]))
    if best is None:
        return None
    return Enough(need, best[2], best[1])


def speech_stem(word: str) -> str:
    w = word.lower()
    return w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 3 else w


def enough_line(lang: str, e: Enough) -> str:
    """Rule 17's sentence: yes or no first, then the line that decides it and the difference."""
    gap = _n(abs(e.have - e.need))
    key = "f_enough_yes" if e.have >= e.need else "f_enough_no"
    return say(lang, key, line=e.line, have=_n(e.have), need=_n(e.need), gap=gap)


# ------------------------------------------------------------------ 18. out of date

OUTDATED = re.compile(
    r"out[ -]of[ -]date|outdated|\bstale\b|obsolete|not (?:up[ -]to[ -]date|current)|behind"
    r"|\bolder\b|过时|过期|旧的|落后|没(?:有)?更新|不是最新|不一致"
    r"|\bversions?\b.{0,60}\b(?:against|match|agree)|\b(?:against|match|agree)\b.{0,60}\bversions?\b",
    re.I,
)
REFERENCE = re.compile(
    r"\b(?:real|actual|true|correct|current|authoritative|source of truth|canonical)\b|为准|真实|实际|正确|当前",
    re.I,
)
FULL_VERSION = re.compile(r"(?<![\w.])v?(\d+\.\d+(?:\.\d+){0,2})(?![\w.]*\d)")


@dataclass(frozen=True)
class Outdated:
    stale: list[tuple[str, str]]  # each file out of date, with its version or date
    current: list[tuple[str, str]]  # each file up to date, with its version or date
    reference: tuple[str, str]  # the file the others are judged by, and its version or date


def _version(text: str) -> tuple[int, ...] | None:
    found = [tuple(int(x) for x in v.split(".")) for v in FULL_VERSION.findall(DAY.sub(" ", text))]
    return max(found) if found else None


def outdated(task: str, read: list[tuple[str, str]]) -> Outdated | None:
    """Rule 18: which of the files read is out of date (out of date, outdated, stale, 过时, 旧,
    没更新): each file's version (its highest x.y[.z]) is judged against the file the request
    calls the real or current one ("package.json has the real version", 以 X 为准), else against
    the highest; with no versions, each file's latest date (YYYY-MM-DD) against the newest. The
    files behind are out of date; none when every file agrees."""
    if not OUTDATED.search(task) or len(read) < 2:
        return None
    for key in (_version, _newest_date):
        got = [(name, key(text)) for name, text in read]
        have = [(n, k) for n, k in got if k is not None]
        if len(have) < 2:
            continue
        ref = next(
            (
                (n, k)
                for n, k in have
                if re.search(re.escape(n) + r"[^.?!。？！,，]*?" + REFERENCE.pattern, task, re.I)
                or re.search(
                    r"以\s*" + re.escape(n) + r"\s*为准|(?:对照|参照|对比)\s*" + re.escape(n), task
                )
                or re.search(
                    r"\b(?:against|compared (?:to|with)|relative to)\s+(?:the\s+)?" + re.escape(n),
                    task,
                    re.I,
                )
            ),
            max(have, key=lambda nk: nk[1]),
        )

        def said(k: Any, dotted: bool = key is _version) -> str:
            return ".".join(map(str, k)) if dotted else "-".join(f"{x:02d}" for x in k)

        stale = [(n, said(k)) for n, k in have if k < ref[1] and n != ref[0]]
        current = [(n, said(k)) for n, k in have if k >= ref[1] and n != ref[0]]
        return Outdated(stale, current, (ref[0], said(ref[1])))
    return None


def _newest_date(text: str) -> tuple[int, ...] | None:
    found = [tuple(int(x) for x in d) for d in DAY.findall(text)]
    return max(found) if found else None


def outdated_line(lang: str, o: Outdated) -> str:
    """Rule 18's sentence: the files out of date with what they say, then the reference, then
    the files that agree with it."""
    sep = "、" if lang == "zh" else ", "
    ref, at = o.reference
    agree = sep.join(f"{n} ({k})" for n, k in o.current)
    if not o.stale:
        return say(lang, "f_outdated_none", ref=ref, at=at, agree=agree or ref)
    stale = sep.join(f"{n} ({k})" for n, k in o.stale)
    line = say(lang, "f_outdated", stale=stale, ref=ref, at=at)
    return line + (" " + say(lang, "f_outdated_agree", agree=agree) if agree else "")


# ------------------------------------------------------------------ 19. lines of each kind counted

COUNT_WORDS = re.compile(
    r"\bhow many\b|\bcount\b|\bnumber of\b|多少|几条|几行|统计|数一下|计数", re.I
)


def kinds_counted(task: str, read: list[tuple[str, str]]) -> list[tuple[str, list[int]]] | None:
    """Rule 19: a count asked of two or more kinds of line ("count the ERROR and WARN lines",
    "统计错误和警告各有几条"): each kind a word the question writes in capitals, or one of the
    kinds of rule 4 (errors, warnings), its lines counted in each file read (one count a file).
    None when fewer than two kinds are named."""
    if not COUNT_WORDS.search(task) or not read:
        return None
    said = FILE_NAMES.sub(" ", task)
    kinds = [(w, rf"\b{w}\b", 0) for w in dict.fromkeys(CAPITALS.findall(said))]
    shown = {w.upper() for w, _, _ in kinds}
    for asked, says in KINDS:
        m = re.search(asked, said, re.I)
        word = re.search(r"[A-Z]+", says)
        if m and word and not any(re.search(says, w) for w in shown):
            kinds.append((m.group(0), says, 0))
    if len(kinds) < 2:
        return None
    return [
        (w, [sum(bool(re.search(p, line, f)) for line in text.splitlines()) for _, text in read])
        for w, p, f in kinds
    ]


FILE_NAMES = re.compile(r"\S+\.[A-Za-z]\w*")


def kinds_line(lang: str, counted: list[tuple[str, list[int]]], names: list[str]) -> str:
    """Rule 19's sentence: each file's count of each kind of line."""
    sep = "；" if lang == "zh" else "; "
    parts = []
    for i, name in enumerate(names):
        each = ("，" if lang == "zh" else ", ").join(
            say(lang, "f_kind_count", kind=w, n=ns[i]) for w, ns in counted
        )
        parts.append(f"{name}: {each}")
    return sep.join(parts)


# ------------------------------------------------------------------ 20. enough on hand in a record

ON_HAND_ASKED = re.compile(
    r"\benough\b|\bsufficient\b|\bsuffices?\b|\brun\s+short\b"
    r"|\bcan\s+(?:we|I|you)\s+(?:still\s+)?(?:reserve|book|get|fit|seat|take|make|bake|cook|fill"
    r"|cover|supply|ship|serve|hold|host)\b"
    r"|够不够|够吗|够用|足够|不够|能不能[订约坐装凑做供]|还能[订约坐装做供]|能[订约坐装做供]下",
    re.I,
)
EACH = re.compile(
    r"\beach\b|\bper\b|\bevery\b|\bapiece\b|\ba\s+piece\b"
    r"|\ban?\s+(?:hour|day|night|week|month|person|head|guest|table|box)\b|每|各",
    re.I,
)
ON_HAND_KEY = re.compile(
    r"left|remaining|available|in_?stock|on_?hand|stock|quantity|qty|count|amount|capacity|"
    r"vacan|free|剩|库存|余|数量|可用|空",
    re.I,
)
PLACES_KEY = re.compile(
    r"seat|place|spot|bed|ticket|berth|capacity|座|位|名额|床|票|容量|容纳", re.I
)
COUNTED = re.compile(r"(?<![A-Za-z0-9_.:/-])(\d+(?:\.\d+)?)\s*([A-Za-z]{2,}|[\u4e00-\u9fff])")


def times_each(text: str, at: list[int]) -> float | None:
    """The count a need said for each one is multiplied by ("2 loaves; each needs 500 g",
    "5台投影仪，每台3200元", "3 litres an hour for 8 hours"): the one other number the text
    counts something with, when it says each / per / an hour / 每 (`EACH`); else None. `at`: the
    positions of the need's own numbers."""
    if not EACH.search(text):
        return None
    others = [
        float(m.group(1))
        for m in COUNTED.finditer(values.digits_for_words(text))
        if all(abs(m.start() - p) > 1 for p in at) and float(m.group(1)) != 1  # "an hour"
    ]
    return others[0] if len(others) == 1 else None


@dataclass(frozen=True)
class OnHand:
    yes: bool
    field: str
    have: float
    need: float
    count: float | None  # the count the need is made of (2 loaves), with `per` for each
    per: float | None


def _counted_need(task: str, noun: str) -> list[tuple[int, float]]:
    """The numbers the task says before the noun ("12 seats", "30箱"), by position."""
    stem = noun.lower().rstrip("s")
    return [
        (m.start(), float(m.group(1)))
        for m in COUNTED.finditer(task)
        if len(stem) >= 2
        and m.group(2).lower().rstrip("s").startswith(stem[:5])
        or noun
        and len(noun) == 1
        and m.group(2) == noun
    ]


def _needs(task: str, key: str, record: dict[str, Any]) -> list[tuple[int, float]]:
    """What the task says is needed of the record's field `key`: the numbers said in the
    field's unit (named by the key, else by the record's unit field: "grams", {"unit": "kg"}),
    converted; else the numbers said before the key's own noun ("seats_left" and "12 seats");
    else, for a field of stock, the number the request says it needs ("needs 120 of ...")."""
    text = values.digits_for_words(task)
    unit = values.unit_of(key) or next(
        (values.unit_of(str(x)) for k, x in record.items() if str(k).lower() == "unit"), None
    )
    if unit:
        found = [(text.find(n), float(n)) for n in values.with_unit(unit, task)]
        found += [(text.find(n), float(v)) for n, v in values.converted(unit, task)]
        return found  # a field in a unit counts only what is said in that unit
    if PLACES_KEY.search(key):  # seats, places, beds, tickets: one for each person counted
        return numroles.people_counts(task) or _counted_need(text, "seat")
    nouns = [w for w in re.split(r"[_\W\d]+", key) if len(w) >= 3 and not ON_HAND_KEY.fullmatch(w)]
    nouns += [
        str(x)
        for k, x in record.items()
        if isinstance(x, str) and re.fullmatch(r"[A-Za-z]{3,20}|[\u4e00-\u9fff]", x)
    ]
    found = [hit for noun in nouns for hit in _counted_need(text, noun)]
    if found or not ON_HAND_KEY.search(key):
        return found
    return [(m.start(), float(m.group(1) or m.group(2))) for m in NEED_SAID.finditer(text)][:1]


NEED_SAID = re.compile(r"\bneeds?\s+(\d+(?:\.\d+)?)\b(?![:.-]\d)|需要\s*(\d+)(?![:.\-\d])")


def on_hand(task: str, results: list[Any]) -> OnHand | None:
    """Rule 20: a question whether what is on hand is enough for what the request needs ("Do I
    have enough flour? Two loaves, each needs 500 g", "we need 12 seats: can we reserve?",
    30箱够不够): the one record's number field that is said in the unit of a need the request
    states (its key names the unit, or the record's unit field does: grams, kg; or its key's
    noun is what the request counts: seats_left and "12 seats"; else a field of what is left,
    available, in stock) against that need; a need said for each of several ("two loaves,
    each 500 g", 每桌8人坐3桌) is the count times it. Yes when what is on hand reaches it,
    with the difference either way."""
    if not ON_HAND_ASKED.search(task):  # (money: rule 15, which `verdict_line` tries first)
        return None
    for data in [d for d in results if isinstance(d, dict)]:
        for key, x in data.items():
            have = _summed(x) if isinstance(x, dict) else _num(x)
            if have is None:
                continue
            needs = _needs(task, str(key), data)
            if not needs:
                continue
            at, per = max(needs)
            count = times_each(task, [p for p, _ in needs])
            need = per * count if count else max(n for _, n in needs)
            return OnHand(have >= need, str(key), have, need, count, per if count else None)
    return None


def _summed(x: dict[str, Any]) -> float | None:
    """Rule 20: an object of numbers by place or kind (on_hand by warehouse: Rotterdam 80,
    Milan 55) holds their sum."""
    nums = [_num(v) for v in x.values()]
    return sum(n for n in nums if n is not None) if nums and None not in nums else None


def on_hand_line(lang: str, h: OnHand) -> str:
    """Rule 20's sentence: yes or no first, then what is on hand against what is needed."""
    need = _round(h.need, 2)
    if h.count is not None and h.per is not None:
        need = f"{need} ({_round(h.count, 2)} × {_round(h.per, 2)})"
    return say(
        lang, f"g_enough_{'yes' if h.yes else 'no'}", field=h.field.replace("_", " "),
        have=_round(h.have, 2), need=need, by=_round(abs(h.have - h.need), 2),
    )  # fmt: skip


# ------------------------------------------------------------------ 21. one thing among the listed

HAS_ZH = re.compile(r"(?:有没有|是否有|有)\s*([\u4e00-\u9fffA-Za-z0-9]{1,10}?)\s*(?:吗|呢|[?？]|$)")
HAS_EN = re.compile(
    r"\b(?:is\s+there|are\s+there|(?:does|do|will|did)\s+(?:\w+\s+){1,4}?(?:have|include|get|offer|serve|stock|carry))"
    r"\s+(?:an?\s+|any\s+|some\s+)?([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)",
    re.I,
)


WH_FIRST = re.compile(r"(?:how|what|which|who|where|when|why)\b", re.I)


@dataclass(frozen=True)
class Among:
    yes: bool
    thing: str
    found: str  # the listed item that holds it, or ""
    listed: tuple[str, ...]


def _listed_texts(results: list[Any]) -> list[str]:
    """The short texts the results list: a list of strings, or of records by their label, or
    an object's one such list."""
    lists = [d for d in results if isinstance(d, list)] + [
        x for d in results if isinstance(d, dict) for x in d.values() if isinstance(x, list)
    ]
    if len(lists) != 1:
        return []
    out = []
    for x in lists[0]:
        if isinstance(x, str):
            out.append(x)
        elif isinstance(x, dict) and (label := _label(x)):
            out.append(label)
        else:
            return []
    return out


STILL_FREE = re.compile(  # a question whether any are still to be had: what is listed is what is
    r"还有|还剩|有空|空闲|空位|\b(?:left|available|free|open)\b",
    re.I,  # (the free ones, a yes)
)


def among(task: str, results: list[Any]) -> Among | None:
    """Rule 21: a yes/no question whether a thing is among what a result lists ("7-3班下周五有体育
    课吗？", "Is there a vegan option on the menu?", "Does the 10:40 train have a quiet coach?"),
    over one list of short texts (or records, by their labels): yes when a listed text holds the
    thing (a Chinese thing may lose the words before it or its last character: 经停火车站 and
    火车站, 体育课 and 体育), with the one that does; yes, with what is listed, when the question asks
    whether any are still to be had ("还有羽毛球场吗？", "any rooms left?") and a listing answered;
    yes too when every listed entry is named by a code (BD-2, MR-4: what the look-up found of the
    thing, which a code cannot say), with them; else no, with what is listed."""
    m = HAS_ZH.search(task) or HAS_EN.search(task)
    listed = _listed_texts(results) if m else []
    if not m or not listed:
        return None
    thing = re.split(
        r"\s+(?:today|tomorrow|tonight|now|this|next|on|at|in|for|there|left|available)\b",
        m.group(1).strip(),
        flags=re.I,
    )[0]
    if (
        not thing
        or re.search(r"几|多少|哪|什么|谁|怎么|的|重复|相同|缺", thing)
        or re.search(r"\b(?:duplicate|repeated|missing|empty|blank|errors?)", thing, re.I)
        or WH_FIRST.match(task.strip())
    ):
        return None  # "一共有几种商品？", "How many are there in stock?": a count, no yes or no
    forms = [thing.lower()]
    if re.fullmatch(r"[\u4e00-\u9fff]{3,}", thing):  # 经停火车站: 火车站; 体育课: 体育
        forms += [thing[i:] for i in range(1, len(thing) - 1)] + [thing[:-1]]
    elif thing.lower().endswith("s"):
        forms.append(thing.lower()[:-1])
    if len(thing.split()) == 2:
        forms.append(thing.lower().split()[0])  # "vegan option": vegan
    hit = next((x for f in forms for x in listed if f and f in x.lower()), "")
    if not hit and STILL_FREE.search(task):  # "这周六下午还有羽毛球场吗？" over the free courts:
        hit = "、".join(listed) if re.search(r"[\u4e00-\u9fff]", task) else ", ".join(listed)
    if not hit and all(CODED.fullmatch(x) for x in listed):
        # entries named by codes (BD-2, MR-4) cannot say the thing: they are what the look-up
        # found of it, so the listing holds it; never "there is none" before a list of items
        hit = spoken_list("zh" if re.search(r"[\u4e00-\u9fff]", task) else "en", listed)
    return Among(bool(hit), thing, hit, tuple(listed))


CODED = re.compile(r"(?=[^\s]*\d)[A-Za-z\u4e00-\u9fff]{0,6}[-_#·.]?[A-Za-z0-9]*\d[\w\-.]*")


def among_line(lang: str, a: Among) -> str:
    """Rule 21's sentence: yes or no first, then the listed item that decides it."""
    if a.yes:
        return say(lang, "g_among_yes", thing=a.thing, found=a.found)
    return say(lang, "g_among_no", thing=a.thing, listed=spoken_list(lang, list(a.listed)))


def verdict_line(lang: str, task: str, results: list[Any]) -> str | None:
    """The sentence of rule 14, 15, 20, 16 or 21, the first that the question and the results meet."""
    for judge, line in (
        (gear, gear_line),
        (money_covers, covered_line),
        (on_hand, on_hand_line),
        (taken, taken_line),
        (among, among_line),
    ):
        found = judge(task, results)
        if found is not None:
            return line(lang, found)  # type: ignore[arg-type]
    return None


SHOULD_I = re.compile(
    r"\b(?:should|shall|can|could|may) (?:i|we)\b|\bis it (?:ok|okay|safe|fine|alright|a good idea)\b|"
    r"\bok(?:ay)? to\b|应该|可以|能不能|能否|能.{0,12}吗|没事吧|没关系吧|行不行|行吗|要不要",
    re.I,
)
WARNS = re.compile(
    r"\b(?:do not|don't|never|avoid|should not|shouldn't|must not|not recommended|toxic|"
    r"harmful)\b|不要|不建议|不能|不宜|别|避免|禁止|有毒|毒性",
    re.I,
)


def advised(task: str, texts: list[Any]) -> str | None:
    """Rule 22: the sentence of a text result that tells not to do what the question asks
    whether to do, or None."""
    if not SHOULD_I.search(task):
        return None
    for text in texts:
        if not isinstance(text, str) or text.lstrip().startswith(("{", "[")):
            continue
        sentences = [x.strip() for x in re.findall(r"[^.!?。！？]+[.!?。！？]?", text) if x.strip()]
        if len(sentences) < 2:
            continue
        for x in sentences:
            if WARNS.search(x) and _shares(task, x):
                return x
    return None


def _shares(task: str, sentence: str) -> bool:
    """A word's root (its first five letters) or, in Chinese, a pair of characters in common."""
    roots = {w[:5] for w in re.findall(r"[a-z]{4,}", task.lower())} - ADVICE_PLAIN
    if roots & {w[:5] for w in re.findall(r"[a-z]{4,}", sentence.lower())}:
        return True
    zh = re.sub(r"[^\u4e00-\u9fff]", " ", task)
    pairs_ = {w[i : i + 2] for w in zh.split() for i in range(len(w) - 1)} - ADVICE_PLAIN
    return any(p in sentence for p in pairs_)


ADVICE_PLAIN = frozenset({"shoul", "could", "would", "there", "their", "these", "those", "about",
                          "应该", "可以", "没事", "一下"})  # fmt: skip


def advised_line(lang: str, sentence: str) -> str:
    """Rule 22's sentence: no, then the sentence that says so."""
    return say(lang, "g_advice_no", said=sentence)


# ------------------------------------------------------------------ 23. one measure against another

HAVE = re.compile(
    r"have|pantry|stock|on_?hand|inventory|balance|budget|generat|produc|income|capacity|"
    r"available|remain|collect|harvest|库存|现有|余额|预算|收入|发电|产量|收集|储存|剩",
    re.I,
)
NEED = re.compile(
    r"need|requir|recipe|usage|\buse|consum|spend|expens|cost|demand|支出|花销|花费|消耗|用量|"
    r"用电|用水|需要|需求",
    re.I,
)
WEIGH_ASKED = re.compile(
    r"\b(?:enough|cover|afford|over budget|within budget|exceed|shortfall|surplus)\b"
    r"|够|超支|超预算|超了|超出|抵得上",
    re.I,
)


@dataclass(frozen=True)
class Weighed:
    have_label: str
    have: float
    need_label: str
    need: float
    unit: str
    short: list[str]  # the parts where the side on hand fell short


def _side(task: str, data: dict[str, Any], key: str | None) -> tuple[float, dict[str, float]]:
    """A side's figure: the named field, else the sum of its object of numbers, else its number."""
    if key is not None:
        return float(data[key]), {}
    parts = [x for x in data.values() if isinstance(x, dict) and x]
    nums = [x for x in parts if all(_num(y) is not None for y in x.values())]
    if len(nums) == 1:
        return sum(float(y) for y in nums[0].values()), {k: float(y) for k, y in nums[0].items()}
    alone = [x for k, x in data.items() if _num(x) is not None and not SKIP.search(str(k))]
    if len(alone) == 1:
        return float(alone[0]), {}
    raise ValueError("no one figure")


def weighed(task: str, sides: list[tuple[str, str, Any]]) -> Weighed | None:
    """Rule 23: (label, the tool's name and description, its result) of two tools, weighed."""
    if not WEIGH_ASKED.search(task) or len(sides) != 2:
        return None
    if not all(isinstance(d, dict) for _, _, d in sides):
        return None
    have = [i for i, (_, text, _) in enumerate(sides) if HAVE.search(text)]
    need = [i for i, (_, text, _) in enumerate(sides) if NEED.search(text)]
    if len(have) != 1 or len(need) != 1 or have == need:
        return None
    (hl, _, hd), (nl, _, nd) = sides[have[0]], sides[need[0]]
    both = [k for k in hd if k in nd and _num(hd[k]) is not None and _num(nd[k]) is not None]
    named = [k for k in both if _names(task, str(k))]
    key = named[0] if len(named) == 1 else None
    try:
        h, hparts = _side(task, hd, key)
        n, nparts = _side(task, nd, key)
    except ValueError:
        return None
    unit = str(hd.get("unit") or nd.get("unit") or "")
    if not unit and key and "_" in key and len(key.rsplit("_", 1)[1]) <= 3:
        unit = key.rsplit("_", 1)[1]
    short = [k for k in hparts if k in nparts and hparts[k] < nparts[k]]
    return Weighed(hl, h, nl, n, unit, short)


def weighed_line(lang: str, w: Weighed) -> str:
    """Rule 23's answer: yes or no, both figures and the difference, then the parts short."""
    u = f" {w.unit}" if w.unit else ""
    key = "f_weighed_yes" if w.have >= w.need else "f_weighed_no"
    line = say(
        lang,
        key,
        have_label=w.have_label,
        have=f"{_n(round(w.have, 2))}{u}",
        need_label=w.need_label,
        need=f"{_n(round(w.need, 2))}{u}",
        gap=f"{_n(round(abs(w.have - w.need), 2))}{u}",
    )
    if w.short:
        line += "\n" + say(lang, "f_weighed_short", parts=spoken_list(lang, w.short))
    return line
