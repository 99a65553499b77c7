"""A total, count or average the user asks for, worked out from the results: written rules.

1. What is asked: a total ("in total", "altogether", "how much ... all", "all ... together", 一共, 总共, 合计, 加起来), an
   average ("average", "mean", 平均) or a count ("how many", 多少个, 几个, 几家) of the things a
   result lists.
2. The numbers: every result of the task (JSON, `key: value` lines or prose) gives its numbers,
   each with its label (the key, or the words before it) and its unit (the word after it: "174
   千卡", "EUR 30.25", "12 km"); a list result gives one per item. The inputs' own values, ids,
   dates, years and phone numbers are left out, and so are the rows of a table (lists of
   cells: each number a different column's, `agentkit.sim.sql` tells them by column).
3. Which numbers: the unit the request names ("多少千卡", "how many km"), else the kind of amount
   the question asks ("how long" / 多久 a duration, "how far" a distance, "how heavy" a weight)
   where a number's label or unit carries it ("Minutes", "km"), else money when it asks
   about money (cost, spend, price, 多少钱: a price, fare, cost, amount, fee, subtotal, 价, 费,
   金额, 小计, or a currency), else the label it names when two or more numbers carry it ("total
   calories", "热量"; "this week" and one week's number: no), else money for a bare "how much", else the one label all the results share, else the one unit two or more
   of them share ("week 1: 112.4 kWh", "week 2: 98.7 kWh"). A text value gives a number only
   when it is an amount (a number, its unit and at most two words more: "112.4 kWh", not
   "SOL-2291 (roof, 14 panels)"; a number joined to a code by a dash, 2026-W14, is none). A
   total the user states ("我们一共九个人", "9 of us in total") asks for none. Two or more
   numbers are added up (or averaged), rounded as the inputs are. A total of money over a list
   whose records each hold a quantity and a price is the sum of quantity times price.
3a. A period: a question that names one ("in November", "last week", 11月, 上周) over a listing
   whose records each hold one date, some outside it, works out its figure from the records
   dated inside it (`agentkit.sim.conditions` rule 3c).
4. A count: the items of the list result the request asks about (records that each hold one
   list of records, floors and their units, are their inner records, each with its outer
   record's plain values), when no number is picked by
   rule 3 ("how many items are in my cart?" -> 3); when the question says a value that some, not
   all, of the items hold in one field ("一共有几只猫", "how many dogs"), only those are counted,
   each said by its other values (the times asked with them); a value said as a verb's form
   counts ("how many failed" and result: fail), and of two values said, the longer that holds the
   other (不合格 holds 合格) is the one. A question that bounds a number of the records ("how many
   rooms are above 25 degrees", `agentkit.sim.conditions`) counts those that meet it.
5. One thing asked: a question whose words name one field of a result (a field's name: up to three
   words, not a sentence's start such as "The list currently holds", not one holding the input's
   value such as "Harbor Point garage"), and no other beside the fields that only repeat the call's
   input ("What's the temperature in Oslo?" and
   temperature_c; "Is the blue mug in stock?" and in_stock; "状态是什么" and 状态; a key of a verb
   and its particle by the phrasal verb: "What's WT-17 putting out?" and output_mw): the answer leads
   with that field's value in a sentence; a yes/no question on a true/false field begins with yes
   or no (a question that opens a later sentence too: "... its services. Is same-day
   available?"). The quote of every field is the fallback when no one field is named.
5a. Of several fields named by a word, the one whose every word the request says is the one
   asked ("Is same-day available?": same_day, not next_day).
6. A question about where a thing stands ("where is my application?", "what's the status of
   ...", "how far along is ...", 进度, 到哪一步了, 办到哪了) that names no field: the result's one
   status field (status, state, stage, phase, progress; 状态, 进度, 阶段) is the field asked, and
   the fields that say when it is expected (expected_by, eta, estimated_*, due, ready_by; 预计)
   are said after it.
6a. Asked where the thing is ("where is it now?", 到哪了, 在哪): the field of the place it is
   at (location, current_location, position; 位置, 所在地) is said with the status, first, or
   is the field asked when the result holds no status.
7. A question what something came to or cost ("what did it come to?", "what do I owe?", 一共多少钱,
   花了多少) that names no field: the result's one total of money (a money key holding total,
   else the one money key: total_gbp, amount_due, 总价) is the field asked.
8. A message of two or more questions, one of them answered by the results and another not (the
   money it asks and no money held, the clock time it asks and no time held, a thing it names in
   no key or value): the one not answered is said as not in the results (`unanswered`).
The answer states what rules 1 to 5 find in a sentence in the user's language, first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from . import conditions
from .records import MARGIN
from .results import flat
from .shell import FILES_COUNTED

TOTAL = re.compile(
    r"\bin total\b|\btotal\b|\baltogether\b|\bcombined\b|\bsum\b|\ball together\b|"
    r"\b(?:all|both|each|every)\b.{0,80}\btogether\b|"
    r"一共|总共|合计|总计|加起来|加在一起|总和|总额|总价",
    re.I,
)
AVERAGE = re.compile(r"\baverage\b|\bmean\b|平均", re.I)
MEASURE = "个只位家条本项辆台名次件张份人种间所座门场节棵头匹架艘"
COUNT = re.compile(rf"\bhow many\b|\bnumber of\b|(?:多少|几)[{MEASURE}]", re.I)
MONEY_ASKED = re.compile(
    r"\bcosts?\b|\bspend\b|\bspent\b|\bprices?\b|\bpay\b|\bcharged?\b|多少钱|花了|花多少|价格|费用|金额",
    re.I,
)
HOW_MUCH = re.compile(r"\bhow much\b|多少", re.I)
MONEY_KEY = re.compile(
    r"price|fare|cost|amount|fee|subtotal|total|charge|value|价|费|金额|小计|钱", re.I
)
CURRENCY = r"USD|EUR|GBP|CNY|RMB|JPY|CHF|\$|€|£|¥|元|块|欧元|美元|英镑|日元"
SKIP_KEY = re.compile(
    r"(?:^|_)(?:id|no|number|code|phone|tel|year|date|zip|postcode)$|^(?:#|no\.|nr\.?|序号)$|"
    r"编号|单号|电话|日期|年份",
    re.I,
)
NUMBER = r"-?\d+(?:,\d{3})*(?:\.\d+)?"
UNIT_AFTER = re.compile(rf"({NUMBER})\s*([A-Za-z%°]{{1,6}}\b|[\u4e00-\u9fff]{{1,2}})?")
MONEY_BEFORE = re.compile(rf"({CURRENCY})\s*({NUMBER})")
AMOUNT = re.compile(  # a text that is an amount: "112.4 kWh", "EUR 30.25", "9 枚", "12 km (approx.)"
    rf"\s*(?:{CURRENCY})?\s*{NUMBER}\s*(?:[A-Za-z%°/]+\d*|[\u4e00-\u9fff]{{1,3}})?(?:\s+\S+){{0,2}}\s*"
)
DIMENSIONS = (  # a question's own kind of amount, and the labels and units that carry it (rule 3)
    (r"\bhow long\b|多长时间|多久|多长|时长", r"minute|\bmins?\b|hour|\bhrs?\b|second|\bsecs?\b|"
     r"duration|length|runtime|time|\bdays?\b|分钟|小时|秒|天|时长|用时|耗时"),
    (r"\bhow far\b|多远|距离", r"\bkm\b|kilomet|\bmi\b|miles?|\bm\b|met(?:er|re)|distance|公里|千米|米|距离|里程"),
    (r"\bhow heavy\b|\bweigh|多重|重量", r"\bkg\b|\bg\b|gram|\blbs?\b|pound|weight|公斤|千克|克|斤|重"),
)  # fmt: skip
DATE_LIKE = re.compile(r"\d{4}-\d{2}(?:-\d{2})?|\d{1,2}:\d{2}")


@dataclass(frozen=True)
class Number:
    label: str
    value: float
    unit: str
    decimals: int


def _num(text: str) -> tuple[float, int]:
    plain = text.replace(",", "")
    return float(plain), len(plain.split(".")[1]) if "." in plain else 0


def _from_text(label: str, text: str) -> list[Number]:
    """The numbers a text states, each with its unit (rule 2)."""
    text = DATE_LIKE.sub(" ", text)
    out = []
    for cur, n in MONEY_BEFORE.findall(text):
        value, decimals = _num(n)
        out.append(Number(label or cur, value, cur, decimals))
    text = MONEY_BEFORE.sub(" ", text)
    for m in UNIT_AFTER.finditer(text):
        before = text[max(0, m.start() - 24) : m.start()]
        if re.search(r"[\w-]$", before) or re.match(r"-\w", text[m.end(1) :]):
            continue  # a digit inside a word or an id (A-1001, 3F-112, 2026-W14)
        value, decimals = _num(m.group(1))
        words = re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]{1,4}", before)
        out.append(Number(label or (words[-1] if words else ""), value, m.group(2) or "", decimals))
    return out


def _numbers(data: Any, given: dict[str, Any]) -> list[Number]:
    """Rule 2 for one result: its numbers, an item's each, the inputs' values left out."""
    if isinstance(data, bool):
        return []
    if isinstance(data, int | float):
        return [Number("", float(data), "", _decimals(data))]
    if isinstance(data, str):
        return _from_text("", data)
    if isinstance(data, list) and data and all(isinstance(x, list) for x in data):
        return []  # a table's rows: each number a different column's, none labelled
    if isinstance(data, list):
        return [n for x in data for n in _numbers(x, given)]
    return _fields(data, given) if isinstance(data, dict) else []


def _fields(data: dict[str, Any], given: dict[str, Any]) -> list[Number]:
    out: list[Number] = []
    for k, x in data.items():
        if SKIP_KEY.search(str(k)) or (k in given and given[k] == x):
            continue
        if isinstance(x, int | float) and not isinstance(x, bool):
            out.append(Number(str(k), float(x), "", _decimals(x)))
        elif isinstance(x, str) and AMOUNT.fullmatch(x):
            out += [n for n in _from_text(str(k), x)][:1]
        elif isinstance(x, list | dict):
            out += _numbers(x, given)
    return out


def _decimals(x: float) -> int:
    text = repr(x)
    return len(text.split(".")[1]) if "." in text and isinstance(x, float) else 0


def _named(task: str, label: str, phrasal: bool = False) -> bool:
    """The request names the label: a word of a key ("calories" in "total calories"), or a
    Chinese label in it ("热量"); with `phrasal`, a key word of a verb and its particle by the
    phrasal verb too (asked only when no key is named otherwise)."""
    low = task.lower()
    words = [w for w in re.split(r"[_\W]+", label.lower()) if len(w) >= 3]
    han = re.findall(r"[\u4e00-\u9fff]{2,}", label)
    return (
        any(re.search(rf"\b{re.escape(w[:5])}", low) for w in words)
        or any(h in task for h in han)
        or (phrasal and any(_phrasal(low, w) for w in words))
    )


PARTICLES = ("out", "in", "up", "over", "down", "off")


def _phrasal(low: str, word: str) -> bool:
    """A key word made of a verb and its particle is named by the phrasal verb: output by
    "putting out", intake by "taking in", breakdown by "broke down"."""
    for p in PARTICLES:
        if word.startswith(p) and len(word) >= len(p) + 3:
            verb = word[len(p) :]
        elif word.endswith(p) and len(word) >= len(p) + 3:
            verb = word[: -len(p)]
        else:
            continue
        if re.search(rf"\b{re.escape(verb[:3])}\w*\s+(?:\w+\s+)?{p}\b", low):
            return True
    return False


def _unit_named(task: str, unit: str) -> bool:
    if not unit or unit in ("$", "€", "£", "¥"):
        return False
    if re.fullmatch(r"[A-Za-z%°]+", unit):
        return bool(re.search(rf"(?<![A-Za-z]){re.escape(unit)}(?![A-Za-z])", task, re.I))
    return unit in task


def _money(n: Number) -> bool:
    return bool(MONEY_KEY.search(n.label) or re.fullmatch(CURRENCY, n.unit or "-"))


def chosen(task: str, numbers: list[Number]) -> list[Number]:
    """Rule 3: the numbers the request is about."""
    for i, test in enumerate(
        (
            lambda n: _unit_named(task, n.unit),
            lambda n: _dimension_asked(task, n),
            lambda n: bool(MONEY_ASKED.search(task)) and _money(n),
            lambda n: _named(task, n.label),
            lambda n: bool(HOW_MUCH.search(task)) and _money(n),
        )
    ):
        picked = [n for n in numbers if test(n)]
        if picked and (i != 3 or len(picked) >= 2):  # one number named is no total ("this week")
            labels = {n.label for n in picked}
            if len(labels) > 1:  # "subtotal" and "total": the label named, else the first
                named = [n for n in picked if _named(task, n.label)]
                picked = (
                    named
                    if len({n.label for n in named}) == 1
                    else [n for n in picked if n.label == picked[0].label]
                )
            return picked
    labels = {n.label for n in numbers}
    if len(labels) == 1:
        return numbers
    units = {n.unit for n in numbers if n.unit and sum(m.unit == n.unit for m in numbers) >= 2}
    return [n for n in numbers if n.unit in units] if len(units) == 1 else []


def _dimension_asked(task: str, n: Number) -> bool:
    """Rule 3: the question asks a kind of amount ("how long", 多久: a duration; "how far": a
    distance; "how heavy": a weight) that the number's label or unit carries ("Minutes", "km")."""
    return any(
        re.search(asked, task, re.I) and re.search(carried, f"{n.label} {n.unit}", re.I)
        for asked, carried in DIMENSIONS
    )


@dataclass(frozen=True)
class Worked:
    how: str  # "total", "average" or "count"
    value: float | int
    label: str
    unit: str
    n: int
    items: tuple[str, ...] = ()  # a count of a kind: each record counted, said (rule 4)


STATED_TOTAL = re.compile(  # a total the user states, not asks for: "我们一共九个人", "9 of us in total"
    r"(?:一共|总共|合计)(?:有|是)?\s*[\d一二两三四五六七八九十百千]+\s*[\u4e00-\u9fff]{0,2}(?![吗呢？?])"
    r"|(?<![\w-])\d+(?:\s+[a-z]+){0,3}\s+(?:in total|altogether)\b",
    re.I,
)
ASKING = re.compile(r"[?？]|\b(?:how|what|which)\b|多少|几|吗", re.I)


def _stated_totals(task: str) -> str:
    """The request without the totals it states (rule 3): in a sentence that asks nothing."""
    out = []
    for sentence in re.split(r"(?<=[.!?。！？])", task):
        out.append(sentence if ASKING.search(sentence) else STATED_TOTAL.sub(" ", sentence))
    return "".join(out)


def work_out(task: str, results: list[tuple[Any, dict[str, Any]]]) -> Worked | None:
    """What the request asks to work out from the results (data, the call's input), or None; a
    count of files ("一共有几个 markdown 文件") is `agentkit.sim.files`' (rule 9)."""
    task = FILES_COUNTED.sub(" ", _stated_totals(task))
    how = "average" if AVERAGE.search(task) else "total" if TOTAL.search(task) else None
    if how is None and COUNT.search(task):
        how = "count"
    if how is None:
        return None
    results = [(_in_period(task, data), given) for data, given in results]
    numbers = [n for data, given in results for n in _numbers(data, given)]
    kind = None
    if COUNT.search(task) and how != "average":
        kind = _count_of_kind(task, results) or _count_meeting(task, results)
    if kind is not None and (how == "count" or len(chosen(task, numbers)) < 2):
        return kind  # "一共有几只猫": a count of a kind, not a total of numbers
    if how == "count":  # a number the request names is the answer itself ("how many clicks")
        if any(_named(task, n.label) for n in numbers):
            return None
        return _count(results)
    lines = _line_total(task, results) if how == "total" and _asks_money(task) else None
    if lines is not None:
        return lines
    picked = chosen(task, numbers)
    if len(picked) < 2:
        return None
    total = sum(n.value for n in picked)
    value = total / len(picked) if how == "average" else total
    decimals = max(n.decimals for n in picked) + (2 if how == "average" else 0)
    shown: float | int = round(value, decimals) if decimals else int(round(value))
    if isinstance(shown, float) and shown.is_integer() and how == "total":
        shown = int(shown) if max(n.decimals for n in picked) == 0 else shown
    stems = {re.sub(r"[\s_#-]*\d+$", "", n.label) for n in picked}  # "week 1", "week 2": week
    label = (
        picked[0].label
        if len({n.label for n in picked}) == 1
        else stems.pop()
        if len(stems) == 1
        else ""
    )
    return Worked(how, shown, label, picked[0].unit, len(picked))


def _in_period(task: str, data: Any) -> Any:
    """Rule 3a: a listing's records dated in the period the question names, when it names one
    (`agentkit.sim.conditions` rule 3c: "in November", 上周), the listing kept whole otherwise."""
    records = _records(data)
    kept = conditions.in_period(task, records) if records else None
    return data if kept is None else kept


def _asks_money(task: str) -> bool:
    return bool(MONEY_ASKED.search(task) or re.search(r"how much|多少钱|几块|多少元", task, re.I))


def _records(data: Any) -> list[dict[str, Any]]:
    """The records a result lists: a list of objects, or an object's one list of them."""
    if isinstance(data, dict):
        lists = [x for x in data.values() if isinstance(x, list)]
        data = lists[0] if len(lists) == 1 else None
    if isinstance(data, list) and data and all(isinstance(x, dict) for x in data):
        return [flat(r) for r in _flat(data)]  # (an inner object's fields are the record's)
    return []


def _flat(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Records that each hold one list of records (floors and their units) are their inner
    records, each with its outer record's plain values ("floor": 2) first."""
    inner = [
        [k for k, x in r.items() if isinstance(x, list) and x and isinstance(x[0], dict)]
        for r in records
    ]
    if not all(len(keys) == 1 and keys[0] == inner[0][0] for keys in inner):
        return records
    key = inner[0][0]
    return [
        {**{k: x for k, x in r.items() if not isinstance(x, dict | list)}, **u}
        for r in records
        for u in r[key]
        if isinstance(u, dict)
    ]


def _says_value(task: str, value: str) -> bool:
    """The question says a record's short text value as a word: "猫" in "几只猫", "dog" in "how
    many dogs" (its plural too)."""
    if re.search(r"[\u4e00-\u9fff]", value):
        return value in task
    return bool(re.search(rf"\b{re.escape(value)}(?:s|es|ed|d|ing)?\b", task, re.I))


def _count_of_kind(task: str, results: list[tuple[Any, dict[str, Any]]]) -> Worked | None:
    """Rule 4, a count of a kind: the question says a value that some, not all, of a list's
    records hold in one field ("几只猫" and species: 猫; "how many dogs" and kind: dog): only
    those are counted, each said by its other values (the times asked with them)."""
    for data, given in results:
        records = _records(data)
        for k in dict.fromkeys(k for r in records for k in r):
            held = {str(r[k]) for r in records if isinstance(r.get(k), str)}
            named = [
                x
                for x in held
                if 0 < len(x) <= 20 and x not in given.values() and _says_value(task, x)
            ]
            named = [
                x for x in named if not any(x != y and x in y for y in named)
            ]  # 不合格, not 合格
            if len(named) != 1:
                continue
            kept = [r for r in records if r.get(k) == named[0]]
            if len(kept) == len(records):
                continue  # every record is of that kind: no kind to count by
            items = tuple(_said(r, k) for r in kept)
            m = re.search(rf"几([{MEASURE}])", task)
            return Worked("count", len(kept), named[0], m.group(1) if m else "", 1, items)
    return None


def _said(record: dict[str, Any], but: str) -> str:
    """A record's other values, a number with its key ("floor 2 door sensor")."""
    return " ".join(
        f"{j} {x}" if isinstance(x, int | float) and not isinstance(x, bool) else str(x)
        for j, x in record.items()
        if j != but and isinstance(x, str | int | float)
    )


QTY_KEY = re.compile(r"qty|quantity|count|units|pcs|数量|份数|件数|个数", re.I)


def _line_total(task: str, results: list[tuple[Any, dict[str, Any]]]) -> Worked | None:
    """Rule 3 for a bill's lines: when money is asked and a list's records each hold a quantity
    and a price ("qty": 2, "price": 28), the total is the sum of quantity times price."""
    for data, _ in results:
        records = _records(data)
        keys = list(dict.fromkeys(k for r in records for k in r))
        qty = [k for k in keys if QTY_KEY.search(k)]
        price = [k for k in keys if MONEY_KEY.search(k) and not re.search("total|小计", k, re.I)]
        if len(records) < 2 or len(qty) != 1 or len(price) != 1:
            continue
        pairs = [(r.get(qty[0]), r.get(price[0])) for r in records]
        if not all(isinstance(q, int | float) and isinstance(p, int | float) for q, p in pairs):
            continue
        total = sum(q * p for q, p in pairs)  # type: ignore[operator]
        decimals = max(_decimals(float(p)) for _, p in pairs)  # type: ignore[arg-type]
        shown: float | int = round(total, decimals) if decimals else int(round(total))
        return Worked("total", shown, f"{qty[0]} × {price[0]}", "", len(pairs))
    return None


def _count_meeting(task: str, results: list[tuple[Any, dict[str, Any]]]) -> Worked | None:
    """Rule 4 with a bound: the records that meet the number the question bounds ("above 25
    degrees"), each said by its other values."""
    for data, _given in results:
        records = _records(data)
        keyed, _ = conditions.applying(task, records)
        if len(records) < 2 or not keyed:
            continue
        kept = conditions.meeting(task, records)
        key = keyed[0][1]
        items = tuple(
            " ".join(str(x) for j, x in r.items() if isinstance(x, str | int | float) and j != key)
            + f" ({r.get(key)})"
            for r in kept
        )
        return Worked("count", len(kept), _thing(task), "", 1, items)
    return None


THING = re.compile(
    r"\bhow many\s+((?:[a-z-]+\s+){0,2}?[a-z-]+?)\s+(?:are|is|were|was|have|has|had|did|do|"
    r"got|with|above|over|under|below|more|less|cost|went)\b"
    rf"|几[{MEASURE}]([\u4e00-\u9fff]{{1,4}}?)(?=的|超过|高于|低于|不到|在|是|有|[？?，,]|$)",
    re.I,
)


def _thing(task: str) -> str:
    """What a count asks for, as the question says it ("classrooms", 教室), else ""."""
    m = THING.search(task)
    return next((g for g in m.groups() if g), "") if m else ""


def _count(results: list[tuple[Any, dict[str, Any]]]) -> Worked | None:
    """Rule 4: the items of the (one) list result."""
    for data, _ in results:
        items = data if isinstance(data, list) else None
        if isinstance(data, dict):
            lists = [(k, x) for k, x in data.items() if isinstance(x, list)]
            if len(lists) == 1:
                return Worked("count", len(lists[0][1]), lists[0][0], "", 1)
        if items is not None:
            return Worked("count", len(items), "", "", 1)
    return None


QUESTION = re.compile(
    r"\?|？|^\s*(?:what|which|how|is|are|was|does|do|did|can|has|have|when|where|who)\b|"
    r"吗|什么|多少|几|是否|有没有|怎么样|哪",
    re.IGNORECASE,
)
YES_NO = re.compile(
    r"(?:^|[.!?。！？\n])\s*(?:is|are|was|were|does|do|did|can|has|have)\b|吗[?？]?\s*$|是否|有没有|是不是",
    re.IGNORECASE,
)


FIELD_NAME = re.compile(  # a field's name, not a sentence's start ("The list currently holds")
    r"(?!(?:the|a|an|this|that|it|there|your|my|our)\b)[\w\u4e00-\u9fff]+(?:[ _-][\w\u4e00-\u9fff]+){0,2}",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Field:
    key: str
    value: Any
    yes_no: bool  # a yes/no question on a true/false field
    also: tuple[tuple[str, Any], ...] = ()  # said after it: when a status is expected (rule 6)


STATUS_ASKED = re.compile(
    r"\bwhere\b.{0,60}?\b(?:is|are|stands?|at)\b|\bstatus\b|\bprogress\b|\bhow far\b|"
    r"\bwhat stage\b|\bhow is .{0,40}\bgoing\b|进度|状态|到哪|到了哪|办到|哪一步|什么阶段|进展",
    re.I,
)
STATUS_KEY = re.compile(
    r"^(?:status|state|stage|phase|progress|step)$|(?:^|_)(?:status|state|stage|phase)(?:$|_)|"
    r"状态|进度|阶段|进展",
    re.I,
)
EXPECTED_KEY = re.compile(
    r"expect|\beta\b|^eta_|_eta$|estimat|(?:^|_)due(?:$|_)|_by$|ready|预计|预期", re.I
)
CAME_TO = re.compile(
    r"\bc[oa]mes? to\b|\bowe\b|\bhow much (?:was|is|did|do|does|will) (?:it|that|this)\b|"
    r"一共多少|总共多少|花了多少|多少钱",
    re.I,
)
MONEY_UNIT_KEY = re.compile(
    r"(?:^|_)(?:gbp|usd|eur|cny|rmb|jpy|chf|yuan|dollars?|euros?)$|元", re.I
)


def asked_field(task: str, data: Any, given: dict[str, Any]) -> Field | None:
    """Rule 5: the one field of a result the question names, or None; a question of what
    something costs that names only a rate per unit ("how much for 2500 words?" and
    rate_eur_per_word) asks for the total (rule 7)."""
    if not isinstance(data, dict) or not QUESTION.search(task):
        return None
    rest = _rest(task, data)
    if rest is not None:
        return rest
    named = _fields_named(task, data, given) or _fields_named(task, data, given, True)
    if not named:
        return _status(task, data, given) or _came_to(task, data, given)
    came = _came_to(task, data, given) if all(PER_UNIT.search(str(k)) for k, _ in named) else None
    if came is not None:  # "how much for 2500 words?": the total, not the rate per word
        return came
    whole = [(k, x) for k, x in named if _all_named(task, str(k))]
    named = whole if len(named) > 1 and len(whole) == 1 else named  # same_day, not next_day
    if len(named) != 1:
        return None
    k, x = named[0]
    return Field(str(k), x, isinstance(x, bool) and bool(YES_NO.search(task)))


def _all_named(task: str, label: str) -> bool:
    """Rule 5a: the request says every word of the key ("same-day" and same_day; next_day, of
    which it says only "day", is not the one asked)."""
    words = [w for w in re.split(r"[_\W]+", label.lower()) if w]
    return bool(words) and all(re.search(rf"\b{re.escape(w[:5])}", task.lower()) for w in words)


def _fields_named(
    task: str, data: dict[str, Any], given: dict[str, Any], phrasal: bool = False
) -> list[tuple[Any, Any]]:
    """The fields of a result the question names (rule 5), not those that hold the input."""
    said = [str(x).lower() for x in given.values() if isinstance(x, str) and x]
    return [
        (k, x)
        for k, x in data.items()
        if not isinstance(x, dict | list)
        and FIELD_NAME.fullmatch(str(k))
        and not any(g in str(k).lower() for g in said)  # "Harbor Point garage": the subject
        and given.get(k) != x
        and x not in given.values()
        and _named(task, str(k), phrasal)
    ]


REST_ASKED = re.compile(  # what is still to pay: "还要补多少钱", "how much more do I owe"
    r"\bhow much (?:more|else|is left|remains)|\b(?:still (?:owe|to pay|due)|left to pay|balance|"
    r"remaining|outstanding)\b|还要补|还得补|要补|还差|还欠|还需(?:要)?(?:付|交|补)|还要(?:付|交)|尾款|余款",
    re.I,
)
REST_KEY = re.compile(
    r"balance|remain|outstanding|owed|owing|left|still|差额|余额|尾款|待付|应补|欠", re.I
)


def _rest(task: str, data: dict[str, Any]) -> Field | None:
    """Rule 5: a question of what is still to pay asks for the one sum whose key names the rest
    (balance_due, remaining, 尾款), not the total."""
    if not REST_ASKED.search(task):
        return None
    found = [
        (k, x)
        for k, x in data.items()
        if REST_KEY.search(str(k)) and isinstance(x, int | float) and not isinstance(x, bool)
    ]
    return Field(str(found[0][0]), found[0][1], False) if len(found) == 1 else None


PER_UNIT = re.compile(r"(?:^|_)per(?:_|$)|rate|单价|每", re.I)  # a price per unit, no total


def _status(task: str, data: dict[str, Any], given: dict[str, Any]) -> Field | None:
    """Rule 6: the one status field of a result a question about where a thing stands asks;
    asked where it is ("where is it now", 到哪了, 在哪), the place it is at (rule 6a) is said
    with it, or is the field asked when the result has no status."""
    if not STATUS_ASKED.search(task):
        return None
    found = [
        (k, x)
        for k, x in data.items()
        if isinstance(x, str) and x and STATUS_KEY.search(str(k)) and given.get(k) != x
    ]
    places = [
        (str(k), x)
        for k, x in data.items()
        if WHERE_ASKED.search(task)
        and isinstance(x, str)
        and x
        and PLACE_KEY.search(str(k))
        and given.get(k) != x
    ][:1]
    found = found if len(found) == 1 else places if places and not found else []
    if not found:
        return None
    also = tuple(p for p in places if p[0] != found[0][0]) + tuple(
        (str(k), x)
        for k, x in data.items()
        if EXPECTED_KEY.search(str(k)) and isinstance(x, str | int | float) and x != ""
    )
    return Field(str(found[0][0]), found[0][1], False, also)


WHERE_ASKED = re.compile(r"\bwhere\b|在哪|到哪|哪里|哪儿|什么地方|位置", re.I)
PLACE_KEY = re.compile(
    r"location|position|(?:^|_)(?:where|at|place|city|hub|facility|whereabouts)$|位置|所在|地点",
    re.I,
)


def _came_to(task: str, data: dict[str, Any], given: dict[str, Any]) -> Field | None:
    """Rule 7: the one total of money a question of what it came to asks."""
    if not (CAME_TO.search(task) or MONEY_ASKED.search(task)):
        return None
    money = [
        (k, x)
        for k, x in data.items()
        if (MONEY_KEY.search(str(k)) or MONEY_UNIT_KEY.search(str(k)))
        and not SKIP_KEY.search(str(k))
        and (
            isinstance(x, int | float)
            and not isinstance(x, bool)
            or isinstance(x, str)
            and AMOUNT.fullmatch(x)
        )
        and given.get(k) != x
    ]
    totals = [(k, x) for k, x in money if re.search(r"total|due|总|合计", str(k), re.I)]
    found = totals if len(totals) == 1 else money
    return Field(str(found[0][0]), found[0][1], False) if len(found) == 1 else None


# ------------------------------------------------------------------ 8. a question left unanswered

PARTS = re.compile(
    r"(?<=[?？])\s*|[,;，；]?\s+and\s+(?=(?:what|when|where|how|which|who|is|are|does|do)\b)"
    r"|[，,；;]\s*(?:还有|以及|另外|那)?(?=[^，,；;]{0,12}(?:多少|几|什么|哪|吗|是否|有没有))",
    re.I,
)
ASKS_MONEY = re.compile(
    r"\bhow much (?:is|are|does|do|for|will)\b|\bcosts?\b|\bprices?\b|\bfees?\b|\bfares?\b|"
    r"多少钱|几块|票价|价格|费用|收费|多少元",
    re.I,
)
ASKS_CLOCK = re.compile(r"\bwhat time\b|\bwhen\b|\bhow late\b|几点|什么时候|何时", re.I)
CLOCK_VALUE = re.compile(r"\b\d{1,2}:\d{2}\b|\d{4}-\d{2}-\d{2}|\d{1,2}\s*(?:am|pm)\b|\d+点", re.I)
ASKS = re.compile(
    r"^\s*(?:what|which|how|is|are|was|were|does|do|did|can|could|has|have|when|where|who)\b|"
    r"吗|什么|多少|几|是否|有没有|哪",
    re.I,
)
ZH_ASKING = re.compile(r"多少|几|什么|哪[个些里儿天]?|吗|呢|是否|有没有|怎么样|多[长久远重大高]")
ZH_PLAIN = frozenset("还有没是的了这那个在要我你他她它们就也都很吧呢啊现今天请问")
PLAIN_WORDS = frozenset(
    "what when where which how much many does will would could should there their about that "
    "this with from have your tell know much time right today tomorrow please also more less "
    "than".split()
)


def _said_of(data: Any) -> str:
    """Every key and value a result holds, as one lower-case text."""
    if isinstance(data, dict):
        return " ".join(f"{k} {_said_of(x)}" for k, x in data.items()).lower()
    if isinstance(data, list):
        return " ".join(_said_of(x) for x in data)
    return str(data).lower()


ASKS_DAY = re.compile(
    r"哪天|哪一天|几号|几月几[号日]|什么日子|\b(?:which|what) (?:day|date)\b|\bon what day\b", re.I
)
DAY_VALUE = re.compile(
    r"\b\d{4}-\d{2}-\d{2}\b|\d{1,2}月\d{1,2}[日号]|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b"
    r"|星期[一二三四五六日天]|周[一二三四五六日]",
    re.I,
)


def _part_answered(part: str, said: str, money: bool) -> bool | None:
    """Whether the results say what one question asks: its kind (money, a clock time, a day)
    held, or
    one of its own words (a word's first four letters; a Chinese character of its thing: 票 of
    余票 answers 还有票吗) among their keys
    and values; None when the question names nothing to look for."""
    if MARGIN.search(part):
        return None  # ("多多少？", "by how much?": a comparison's gap, `agentkit.sim.facts`)
    if ASKS_MONEY.search(part):
        return money
    if ASKS_CLOCK.search(part):
        return bool(CLOCK_VALUE.search(said))
    if ASKS_DAY.search(part):
        return bool(DAY_VALUE.search(said))
    if re.search(r"[\u4e00-\u9fff]", part) and not re.search(r"[\u4e00-\u9fff]", said):
        return None  # (a Chinese question, results in English words: its words cannot be sought)
    own = [w[:4] for w in re.findall(r"[a-z]{4,}", part.lower()) if w not in PLAIN_WORDS]
    asked = ZH_ASKING.sub(" ", part)  # (多少, 几, 什么: the question's words, not its thing's)
    han = [c for c in re.findall(r"[\u4e00-\u9fff]", asked) if c not in ZH_PLAIN]
    if not own and not han:
        return None
    return any(w in said for w in own) or any(h in said for h in han)


def unanswered(task: str, results: list[Any]) -> list[str]:
    """Rule 8: of a message of two or more questions ("What time does it open, and how much is a
    ticket?", "几点开门？门票多少钱？"), those no result answers, as the message words them, when
    another is answered: the question asks money (how much, price, 多少钱) and no key or value is
    money, or a clock time (what time, when, 几点) and none is a time, or it names a thing none of
    the keys and values holds. The answer says them as not in the results, never made up."""
    parts = [p.strip(" ,，.。;；?？") for p in PARTS.split(task)]
    parts = [p for p in parts if p and ASKS.search(p)]  # (a statement beside them asks nothing)
    if len(parts) < 2 or not results:
        return []
    said = " ".join(_said_of(d) for d in results)
    money = bool(re.search(CURRENCY, said, re.I)) or any(
        MONEY_KEY.search(k) for d in results for k in _keys_of(d)
    )
    got = [_part_answered(p, said, money) for p in parts]
    if True not in got:
        return []  # (nothing answered: the results are quoted as they are)
    return [p for p, ok in zip(parts, got, strict=True) if ok is False]


def _keys_of(data: Any) -> list[str]:
    if isinstance(data, dict):
        return [str(k) for k in data] + [k for x in data.values() for k in _keys_of(x)]
    if isinstance(data, list):
        return [k for x in data for k in _keys_of(x)]
    return []
