"""The records that results hold, whatever their shape, and the one record a question asks for:
written rules, in Chinese and English (rule 5 of `agentkit.sim.general`).

1. Records. A result's records are the objects of a JSON list (or of the one list an object
   holds; an object inside a record gives its fields to the record: `results.flat`), the rows of a CSV or TSV text under its header line, the lines of a long directory
   listing (`ls -l`, `du`: a name and its size), or the items of a prose list: clauses that each
   give a kind, a clock time and a measured amount ("high 16:40 (3.9 m)", "peak 19:45 (6.8 kW)"),
   or of prose that states one amount per thing, clause by clause ("Kiln A is at 1180°C, kiln B
   is at 1215°C and the small test kiln is at 960°C.").
   Several calls of one tool whose results are each one object (JSON or `key: value` lines) are
   one record each, named by the input the calls differ in ("苏E 88Q21", "North"; a file's path
   by the file's name without folder and extension). Several files read (one call of the reading
   tool a file, found by a search or glob beside them) that are no such objects are one record
   each, named by the file: the numbers its lines label ("engine_hours=6.5", "人数：8人",
   "Waterings per week: 3"), a label said on several lines (a log's entries) added up, so that
   "which boat ran the most hours in total" compares each file's total; the answer then says how
   many entries were added and no total over all the files.
1b. Entries. Files read whose lines label a text under the key the question asks which one of
   ("Which batch had the highest moisture_pct, and on which line?" and "batch=RM-2201 ...
   moisture_pct=15.6" in logs/line_b.log) are one record per line: the line's `key=value`
   pairs and the file's name; no line's numbers are added up with another's.
2. The window. A question that names a part of the day keeps the records whose clock time falls
   in it: morning / 上午 / 早上 (05:00-12:00), afternoon / 下午 (12:00-18:00), evening / 傍晚 /
   晚上 (18:00-24:00); "after 12:00" / "12点以后" keeps the later ones, "before 9:30" / "9点前" the
   earlier ones.
3. The kind. A question that says a word one record's kind or text holds and another's does not
   ("express", "high tide", 高潮 for "high", 低潮 for "low", 高峰 for "peak", 低谷 for "trough")
   keeps the records that hold it.
4. The superlative. A question for the most, highest, largest, longest, hardest, heaviest ...
   (最多, 最高, 最大, 最长, 最难, 最重, 最贵 ...) or the least, lowest, smallest, shortest, easiest ...
   (最少, 最低, 最小, 最短, 最容易, 最便宜 ...) picks, among the records left, the one whose quantity is
   the highest (lowest): the number field the question names (a word of its key, or a kind of
   field both say: a price or fee, a duration, a distance, a size), else the one number field
   whose values differ; a size, a listing's. A column of ordered codes and no number field
   ("7b+", "V10", "6a") is ordered by the order the conversation states ("5c < 6a < 7a"), else
   by their number, then their letter, then a "+". With no superlative, a window or kind that
   leaves one record of several picks it; several left, a kind that is itself a top ("high",
   "peak", 高, 峰) picks the highest and one that is a bottom ("low", "trough") the lowest.
   The cheapest is picked among the records that can be had (`agentkit.sim.pick.can_serve`: not
   sold out, places left), when some can.
4b. Conditions. Before the superlative picks, only the records that meet the conditions the
   request puts on them are kept (`agentkit.sim.conditions` through `agentkit.sim.pick`: "shorter
   than 5 km", "under 60 minutes", "away from the printer", 不要靠窗), when some of them do; the
   quantity ranked is the one the superlative's own words name ("highest-rated": a rating, not
   the minutes a condition bounds; `pick.rated_key`).
4a. Added up. A question that asks for a total ("in total", 合计, 一共) over rows of which
   several are one entity's (a text column that repeats its values: the one the question names
   by its header, else the only one) adds each entity's rows up and picks among the entities.
5. The most frequent. A question for what came most often ("most often", "most common", "how
   many times", 最常, 次数最多, 几次) counts the values of the records' one text field that
   repeats most (a name over a week's shifts), or, over the files read, their lines (a leading
   clock time or number dropped): the value said most, with its count; nothing when no value
   repeats or two tie.
5a. Grouped. A question which value of a key has the most records ("which day has the most free
   slots?", 哪天的空位最多) counts the records by the key it names (a word of the key; 天 a day or
   date key), when it names none of their number fields: the value held most, with its count.
6. The one to go for. A question which one to go for, with no superlative ("Which of these
   stations should I walk to?", 应该去哪家) picks among the records that can serve, when some
   cannot: the nearest by their distance field, else the first named (`to_go_for`); the answer says
   it with its values, then each record left out with what says it cannot serve.
6a. A preference. A yes/no field the records differ in whose thing the request names
   (`agentkit.sim.pick`, rule 9: near_entrance and "最好离入口近一点", pets_allowed and "we
   have a cat, pets allowed would be great") picks as a question which one to go for does,
   asked or not: of the records that can serve, those that have it, then the nearest of them.
The answer states the picked record first, with its quantity, then the others' values, each key
said as a label with its unit (`agentkit.sim.speech`: fare_gbp 389 is "fare: 389 GBP").
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from . import pick, speech
from .phrases import say
from .results import flat

SUPER_MAX = re.compile(
    r"\b(?:most|highest|largest|biggest|longest|hardest|heaviest|greatest|maximum|max|"
    r"tallest|deepest|warmest|hottest|strongest|busiest|most expensive|priciest|"
    r"most difficult|fullest)\b|最(?:多|高|大|长|难|重|贵|深|热|暖|强|忙|久|满)",
    re.I,
)
SUPER_MIN = re.compile(
    r"\b(?:least|lowest|smallest|shortest|easiest|lightest|fewest|minimum|min|cheapest|"
    r"coldest|shallowest|weakest|quietest|emptiest)\b|最(?:少|低|小|短|容易|简单|轻|便宜|浅|冷|弱|闲|空)",
    re.I,
)
PRICED = re.compile(r"cheap|least expensive|lowest (?:price|fare|cost)|便宜|最低价|价格最低", re.I)
FREQUENT = re.compile(
    r"\bmost (?:often|frequent\w*|common\w*|popular|played|ordered)\b|最常|最频繁|次数最多|最多次|出现最多"
    r"|(?=.*\b(?:which|what|who)\b).*\b(?:how many times|how often)\b"
    r"|(?=.*(?:哪|谁|什么)).*(?:几次|多少次)",
    re.I | re.S,
)
AT_MOST = re.compile(r"\bat (?:most|least)\b|最多(?=能|可|只|也|不)|至少|最少(?=要|得|也)", re.I)
CLOCK = re.compile(r"(?<![\d:])([01]?\d|2[0-3]):([0-5]\d)(?![\d:])")
WINDOWS = [  # (the words, from, to: minutes of the day)
    (r"\bmornings?\b|上午|早上|清晨|早晨", 5 * 60, 12 * 60),
    (r"\bafternoons?\b|下午|午后", 12 * 60, 18 * 60),
    (r"\bevenings?\b|\btonight\b|傍晚|晚上|今晚|夜里|夜间", 18 * 60, 24 * 60),
]
AFTER = re.compile(
    r"\b(?:after|later than|from)\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)?|"
    r"(\d{1,2})(?:[:点时](\d{2})?分?)\s*(?:以后|之后|后)",
    re.I,
)
BEFORE = re.compile(
    r"\b(?:before|earlier than|until)\s+(\d{1,2})(?::(\d{2}))?\s*(am|pm)?|"
    r"(\d{1,2})(?:[:点时](\d{2})?分?)\s*(?:以前|之前|前)",
    re.I,
)
KINDS = {  # a kind a record says, the Chinese words that name it, and whether it is a top
    "high": ("高潮|高峰|高点|最高", True),
    "peak": ("高峰|峰值|峰", True),
    "max": ("最高|最大", True),
    "low": ("低潮|低谷|低点|最低", False),
    "trough": ("低谷|谷值|谷", False),
    "min": ("最低|最小", False),
}
PRICE = r"price|fare|cost|fee|amount|charge|tariff|rent|价|费"
ABSOLUTE = re.compile(r"\babsolute\b|绝对", re.I)
RELATIVE_KEY = re.compile(r"percent|pct|ratio|share|rate|%|率|比例|占比", re.I)
CLASSES = [  # kinds of quantity a question and a key can both name
    PRICE,
    r"duration|minutes?|hours?|wait|time|时长|耗时|用时|多久|等",
    r"distance|km|kilomet|miles?|metres|meters|距离|公里|里程|多远",
    r"size|bytes|large|big|大小|容量|体积",
    r"weight|heavy|kg|重",
    r"height|tall|high|level|高",
    r"temp|°|warm|hot|cold|气温|温度|水温|体温|油温|室温",
    r"current|\bholds?\b|\bheld\b|stored|on hand|现有|当前|目前|存有",
]
LS_LONG = re.compile(
    r"^[-dlbcps][rwxsStT-]{9}\S*\s+\d+\s+\S+\s+\S+\s+(\d+)\s+\w{3}\s+\d{1,2}\s+[\d:]{4,5}\s+(.+)$"
)
DU = re.compile(r"^(\d+(?:\.\d+)?)([KMGT]?)\s+(\S.*)$")
PROSE_ITEM = re.compile(
    r"([A-Za-z\u4e00-\u9fff][\w\u4e00-\u9fff-]{0,20})\s+(\d{1,2}:\d{2})\s*\(?\s*"
    r"(-?\d+(?:\.\d+)?)\s*([^\s\d(),;，；]{0,6})\s*\)?"
)
CODE = re.compile(r"^([A-Za-z]{0,2})(\d{1,2})([a-cA-C]?)([+-]?)$")
STATED_ORDER = re.compile(r"([\w+-]{1,6}(?:\s*<\s*[\w+-]{1,6}){2,})")


LABELLED = re.compile(  # a number a file's line labels: "engine_hours=6.5", "人数：8人", "Size: 42"
    r"(?<![\w\u4e00-\u9fff])([A-Za-z_\u4e00-\u9fff][\w\u4e00-\u9fff]*(?: [A-Za-z]\w*){0,3})"
    r"\s*[=:：]\s*(?:约|about\s+|~)?(-?\d+(?:\.\d+)?)(?![\d.:/-]|\s*[年月日])"
    r"(?:\s?([A-Za-z%]{1,4}|[\u4e00-\u9fff]{1,3})(?![\w\u4e00-\u9fff=:：]))?"
)
PATHLIKE = re.compile(  # a file's path: a folder, or a name with a file's extension (no domain)
    r"/.*[\w\u4e00-\u9fff-]\.[A-Za-z0-9]{1,6}$|[\w\u4e00-\u9fff-]\.(?:txt|md|csv|tsv|json|jsonl|"
    r"ya?ml|toml|ini|cfg|conf|log|py|js|ts|html?|xml|sql|sh|env|rst|tex|ipynb|xlsx?|docx?|pdf)$",
    re.I,
)


@dataclass(frozen=True)
class Record:
    label: str  # what names it: the calls' differing input, its name field, its prose kind
    fields: dict[str, Any]
    time: int | None = None  # its clock time, minutes of the day
    added: dict[str, int] = field(default_factory=dict)  # a file's entries added up, by label


@dataclass(frozen=True)
class Picked:
    record: Record
    key: str  # the quantity's key
    value: Any
    how: str  # "max", "min" or "" (the one left by the window or kind)
    window: str  # the words that set the window or kind ("下午", "high tide")
    others: list[tuple[str, Any]] = field(default_factory=list)
    word: str = ""  # the superlative as the question says it ("longest", "最多")


def _num(x: Any) -> float | None:
    if isinstance(x, bool):
        return None
    if isinstance(x, int | float):
        return float(x)
    if isinstance(x, str):
        m = re.fullmatch(r"\s*[^\d\s-]{0,3}\s*(-?\d[\d,]*(?:\.\d+)?)\s*[^\d]{0,8}\s*", x)
        if m and not CLOCK.search(x) and not re.search(r"\d[-/]\d|[A-Za-z]-?\d", x):
            return float(m.group(1).replace(",", ""))
    return None


def _unit(x: Any) -> str:
    """What a number is written with ("min" of "25 min"): a quantity's values share one; codes
    ("6a", "7b+") do not."""
    return re.sub(r"[\d.,\s-]", "", str(x)).lower() if isinstance(x, str) else ""


def _clock(x: Any) -> int | None:
    m = CLOCK.search(str(x)) if isinstance(x, str) else None
    return int(m.group(1)) * 60 + int(m.group(2)) if m else None


def _text_of(data: Any) -> str | None:
    """A result's text: a string, or the text blocks of an MCP-style content list."""
    if isinstance(data, str):
        return data
    if isinstance(data, list) and data and all(isinstance(x, dict) for x in data):
        texts = [x.get("text") for x in data if x.get("type") == "text"]
        if texts and len(texts) == len(data):
            return "\n".join(str(t) for t in texts)
    return None


def _labelled(d: dict[str, Any], label: str = "") -> Record:
    names = [str(x) for x in d.values() if isinstance(x, str) and _num(x) is None and x.strip()]
    when = next((t for x in d.values() if (t := _clock(x)) is not None), None)
    return Record(label or (names[0] if names else ""), d, when)


def _named(recs: list[Record]) -> list[Record]:
    """Each record named by its first text field whose values differ from record to record."""
    if len(recs) < 2 or any(r.label != _labelled(r.fields).label for r in recs):
        return recs  # (named already: by the calls' inputs, by their prose kind and time)
    for named in (_num, _plain_number):  # (a name of no number, else a code: "3F-会议室A")
        for k in recs[0].fields:
            got = [r.fields.get(k) for r in recs]
            if all(isinstance(x, str) and named(x) is None for x in got) and len(set(got)) == len(
                got
            ):
                return [Record(str(r.fields[k]), r.fields, r.time) for r in recs]
    return recs


def _plain_number(x: str) -> float | None:
    """A text that is only a number, an amount, a date or a time ("12", "$5", "09:30"), or None."""
    return _num(x) if re.fullmatch(r"[\s$€£¥+\-.,:/\d%]*\d[\s\d.,:/%-]*\w{0,3}", x) else None


def _aligned(lines: list[str]) -> list[Record]:
    """A table whose columns line up under a header split by two spaces or more ("ID     NAME
    STATUS"): each row's cell is its text under its column (a cell may hold single spaces:
    "in use", "2026-12-09 10:00")."""
    starts = [m.start() for m in re.finditer(r"(?:^|(?<=\s{2}))\S", lines[0])]
    if len(starts) < 2:
        return []
    bounds = list(zip(starts, [*starts[1:], None], strict=True))
    head = [lines[0][a:b].strip() for a, b in bounds]
    rows = []
    for ln in lines[1:]:
        if any(a > 0 and ln[a - 1 : a].strip() for a in starts[1:]):
            return []  # a row whose text runs across a column's edge: no aligned table
        rows.append([ln[a:b].strip() for a, b in bounds])
    if any(not h or _num(h) is not None for h in head) or any(not r[0] for r in rows):
        return []
    return [_labelled(dict(zip(head, r, strict=True))) for r in rows]


def _table(text: str) -> list[Record]:
    lines = [ln.rstrip() for ln in text.strip("\n").splitlines() if ln.strip()]
    if len(lines) < 3:
        return []
    if "\t" not in lines[0] and "," not in lines[0] and re.search(r"\S\s{2,}\S", lines[0]):
        return _aligned(lines)
    sep = "\t" if "\t" in lines[0] else ","
    head = [h.strip() for h in lines[0].split(sep)]
    if len(head) < 2 or any(not h or _num(h) is not None for h in head):
        return []
    rows = [[c.strip() for c in ln.split(sep)] for ln in lines[1:]]
    if any(len(r) != len(head) for r in rows):
        return []
    return [_labelled(dict(zip(head, r, strict=True))) for r in rows]


def _listing(text: str) -> list[Record]:
    out = []
    for ln in text.strip().splitlines():
        m = LS_LONG.match(ln.strip())
        if m:
            size = {"name": m.group(2), "size": int(m.group(1)), "unit": "bytes"}
            out.append(Record(m.group(2), size))
            continue
        d = DU.match(ln.strip())
        if d and not ln.strip().startswith("total"):
            scale = {"": 1, "K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4}[d.group(2)]
            size = {"name": d.group(3), "size": round(float(d.group(1)) * scale), "unit": "bytes"}
            out.append(Record(d.group(3), size))
    return out if len(out) >= 2 else []


def _prose(text: str) -> list[Record]:
    out = []
    for m in PROSE_ITEM.finditer(text):
        kind, when, amount, unit = m.groups()
        d = {"kind": kind, "time": when, "value": amount}
        d |= {"unit": unit} if unit else {}
        out.append(Record(f"{kind} {when}", d, _clock(when)))
    return out if len(out) >= 2 else []


def of_results(results: list[tuple[Any, dict[str, Any], str]]) -> list[Record]:
    """Rule 1: the records of the results, each (its data, the call's input, its text)."""
    return _named(_records(results))


def _records(results: list[tuple[Any, dict[str, Any], str]]) -> list[Record]:
    read = _files_of(results)
    if 2 <= len(read) < len(results):  # the files read, beside the search that found them
        return _records(read)
    ones = [d for d, _, _ in results if isinstance(d, dict) and not _listed(d)]
    inputs = [i for _, i, _ in results]
    alike = all(i.keys() == inputs[0].keys() for i in inputs)  # (calls of one tool)
    if len(results) >= 2 and len(ones) == len(results) and alike:
        differ = [k for k in inputs[0] if len({str(i.get(k)) for i in inputs}) == len(inputs)]
        got = [
            _labelled(d, _stem(str(i[differ[0]])) if differ else "")
            for (d, i, _) in results
            if isinstance(d, dict)
        ]
        counts = [k for k in got[0].fields if all(_num(r.fields.get(k)) is not None for r in got)]
        return got if counts or len(read) < len(results) else _per_file(results) or got
    out: list[Record] = []
    for data, _, raw in results:
        listed = _listed(data)
        if listed:
            out += [_labelled(x) for x in listed]
            continue
        text = _text_of(data) or raw
        if text:
            out += _table(text) or _listing(text) or _prose(text) or _stated(text)
    return out or _per_file(results)


STATED = re.compile(  # "kiln B is at 1215°C", "Lane 2: 27.1 °C", "二号窑 1215°C", "北区是 35"
    r"^\s*(?:and\s+|以及|和)?(?:the\s+)?([A-Za-z\u4e00-\u9fff][\w\u4e00-\u9fff' -]{0,30}?)\s*"
    r"(?:\b(?:is|are|was|were|reads?|shows?|sits?)\b(?:\s+(?:at|on|now))?|[:：=]|是|为|在|现在是)?\s*"
    r"(-?\d+(?:\.\d+)?)\s*([^\s\d,;，；。.]{0,6})\s*\.?\s*$",
    re.I,
)


def _stated(text: str) -> list[Record]:
    """Rule 1 for prose that states one amount per thing, its clauses parted by commas, "and" or
    semicolons ("Kiln A is at 1180°C, kiln B is at 1215°C and the small test kiln is at
    960°C."): one record each, named by the words before its amount; every clause must be one
    such, all in one unit (or none)."""
    clauses = re.split(r"[,;，；、]\s*|\s+and\s+|(?<=\D)\.\s+|和(?=\S)|。", text.strip())
    out = []
    for clause in (c for c in clauses if c.strip()):
        m = STATED.match(clause)
        if m is None:
            return []
        name, amount, unit = m.groups()
        d = {"name": name.strip(), "value": float(amount) if "." in amount else int(amount)}
        out.append(Record(name.strip(), d | ({"unit": unit} if unit else {})))
    units = {r.fields.get("unit", "") for r in out}
    return out if len(out) >= 2 and len(units) == 1 else []


def _files_of(
    results: list[tuple[Any, dict[str, Any], str]],
) -> list[tuple[Any, dict[str, Any], str]]:
    """The results of calls that each name one file (an input whose value is a file's path)."""
    return [
        r for r in results if any(isinstance(x, str) and PATHLIKE.search(x) for x in r[1].values())
    ]


def _per_file(results: list[tuple[Any, dict[str, Any], str]]) -> list[Record]:
    """Rule 1: several files read (calls of one tool that differ in a path), one record each,
    named by the file's name (no folder, no extension): the numbers its lines label, a label
    said on several lines (a log's entries) added up."""
    inputs = [i for _, i, _ in results]
    if len(results) < 2 or any(i.keys() != inputs[0].keys() for i in inputs):
        return []
    paths = [
        k
        for k in inputs[0]
        if all(isinstance(i.get(k), str) and PATHLIKE.search(i[k]) for i in inputs)
        and len({i[k] for i in inputs}) == len(inputs)
    ]
    if not paths:
        return []
    out = []
    for data, i, raw in results:
        sums: dict[str, float] = {}
        units: dict[str, str] = {}
        added: dict[str, int] = {}
        for m in LABELLED.finditer(_text_of(data) or raw or ""):
            label = m.group(1).strip()
            sums[label] = sums.get(label, 0.0) + float(m.group(2))
            units.setdefault(label, m.group(3) or "")
            added[label] = added.get(label, 0) + 1
        if not sums:
            return []
        fields = {k: _written(x) + units[k] for k, x in sums.items()}
        out.append(
            Record(_stem(i[paths[0]]), fields, None, {k: n for k, n in added.items() if n > 1})
        )
    return out


def _stem(value: str) -> str:
    """A file's name without its folder and extension, for a path; any other value as it is."""
    if not PATHLIKE.search(value):
        return value
    return re.sub(r"\.[^./]+$", "", value.rstrip("/").rsplit("/", 1)[-1])


def _written(x: float) -> str:
    return str(int(x)) if x == int(x) else str(round(x, 6))


def records_listed(data: Any) -> list[dict[str, Any]]:
    """The records a result lists (rule 1: a JSON list's objects, an object's one list)."""
    return _listed(data)


def _listed(data: Any) -> list[dict[str, Any]]:
    if isinstance(data, dict):
        lists = [x for x in data.values() if isinstance(x, list)]
        data = lists[0] if len(lists) == 1 else None
    if isinstance(data, list) and len(data) >= 2 and all(isinstance(x, dict) for x in data):
        if not all(x.get("type") == "text" for x in data):
            return [flat(x) for x in data]  # (an inner object's fields are the record's)
    return []


def window(task: str) -> tuple[int, int, str] | None:
    """Rule 2: the part of the day the question keeps (from, to, the words), or None."""
    for pattern, lo, hi in WINDOWS:
        m = re.search(pattern, task, re.I)
        if m:
            return lo, hi, m.group(0).strip()
    for bound, after in ((AFTER, True), (BEFORE, False)):
        m = bound.search(task)
        if m:
            h = int(m.group(1) or m.group(4))
            mins = int(m.group(2) or m.group(5) or 0)
            h += 12 if (m.group(3) or "").lower() == "pm" and h < 12 else 0
            t = h * 60 + mins
            said = m.group(0).strip()
            return (t, 24 * 60, said) if after else (0, t, said)
    return None


def _kind_said(task: str, recs: list[Record]) -> tuple[list[Record], str, bool | None]:
    """Rule 3: the records of the kind the question says, the words, and whether the kind is a
    top (True), a bottom (False) or neither (None)."""
    lower = task.lower()
    words = set(re.findall(r"[a-z][a-z-]{2,}", lower))
    for r in recs:
        kinds = [str(x).lower() for k, x in r.fields.items() if isinstance(x, str)]
        for kind in kinds:
            zh, top = KINDS.get(kind, ("", None))
            by_zh = re.search(zh, task) if zh and kind not in words else None
            said = kind in words or by_zh
            if not said:
                continue
            kept = [x for x in recs if kind in [str(y).lower() for y in x.fields.values()]]
            if len(kept) > 1 or (kept and top is not None):  # (a kind, not one record's name)
                return kept, by_zh.group(0) if by_zh else kind, top
    return recs, "", None


def _stated_order(text: str) -> list[str]:
    m = STATED_ORDER.search(text)
    return [x.strip().lower() for x in m.group(1).split("<")] if m else []


def _code_key(x: str, order: list[str]) -> tuple[Any, ...] | None:
    if order and x.strip().lower() in order:
        return (0, order.index(x.strip().lower()))
    m = CODE.match(x.strip())
    if not m:
        return None
    return (1, m.group(1).upper(), int(m.group(2)), m.group(3).lower(), m.group(4) == "+")


def _quantity(task: str, recs: list[Record]) -> str | None:
    """Rule 4: the number field the question names, else the one whose values differ."""
    keys = [k for k in recs[0].fields if all(_num(r.fields.get(k)) is not None for r in recs)]
    keys = [k for k in keys if len({_num(r.fields.get(k)) for r in recs}) > 1 or len(recs) < 2]
    keys = [k for k in keys if len({_unit(r.fields.get(k)) for r in recs}) == 1]  # not codes
    if not keys:
        return None
    ranked = pick.rated_key(task, [r.fields for r in recs])  # ("highest-rated", 评分最高)
    if ranked in keys:
        return ranked
    if ABSOLUTE.search(task):  # ("in absolute terms": no share of a whole)
        keys = [k for k in keys if not RELATIVE_KEY.search(k)] or keys
    lower = task.lower()
    words = {w[:4] for w in re.findall(r"[a-z]{3,}", lower)}
    named = [k for k in keys if words & {w[:4] for w in re.findall(r"[a-z]{3,}", k.lower())}]
    if len(named) == 1:
        return named[0]
    for cls in CLASSES:
        if re.search(cls, task, re.I) or cls == PRICE and PRICED.search(task):
            hit = [k for k in keys if re.search(cls, k, re.I)]
            if len(hit) == 1:
                return hit[0]
    zh = [k for k in keys if re.search(r"[\u4e00-\u9fff]", k) and set(k) & set(task)]
    if len(zh) == 1:
        return zh[0]
    return keys[0] if len(keys) == 1 else None


def _code_column(recs: list[Record], order: list[str]) -> str | None:
    cols = [
        k
        for k in recs[0].fields
        if all(isinstance(r.fields.get(k), str) for r in recs)
        and all(_code_key(str(r.fields[k]), order) is not None for r in recs)
        and len({str(r.fields[k]) for r in recs}) > 1
    ]
    return cols[0] if len(cols) == 1 else None


PAIR = re.compile(r"(?<![\w-])([A-Za-z_][\w]*)=(\S+)")


def _entries(task: str, results: list[tuple[Any, dict[str, Any], str]]) -> list[Record]:
    """Rule 1b: the files read as entries, one per line, when the question asks which one of a
    key their lines label with a text ("Which batch had the highest moisture_pct?" and
    "batch=RM-2201 ... moisture_pct=15.6"): each line's `key=value` pairs and its file's name."""
    asked = re.findall(r"\b(?:which|what)\s+([a-z_]+)", task, re.I)
    read = _files_of(results)
    if not asked or len(read) < 2:
        return []
    out = []
    for data, i, raw in read:
        path = next(x for x in i.values() if isinstance(x, str) and PATHLIKE.search(x))
        for line in (_text_of(data) or raw or "").splitlines():
            pairs = dict(PAIR.findall(line))
            key = next((k for k in pairs if any(_stem_word(k) == _stem_word(a) for a in asked)), "")
            if key and _num(pairs[key]) is None:
                out.append(Record(pairs[key], pairs | {"file": _stem(path)}))
    return out if len(out) >= 2 else []


def _stem_word(w: str) -> str:
    return w.lower().removesuffix("es").removesuffix("s")


def record_asked(
    task: str, results: list[tuple[Any, dict[str, Any], str]], system: str = ""
) -> Picked | None:
    """Rules 2-4: the record the question picks, or None."""
    recs = _entries(task, results) or of_results(results)
    if len(recs) < 2:
        return None
    said_as = AT_MOST.sub(" ", task)  # ("at least 2 seats" is a condition, no superlative)
    how = "max" if SUPER_MAX.search(said_as) else "min" if SUPER_MIN.search(said_as) else ""
    if re.search(r"\b(?:latest|earliest|last|first)\b|最早|最晚|最迟", task, re.I) and not how:
        return None  # (a time picked: `agentkit.sim.pick`)
    said = []
    span = window(task)
    if span is not None and all(r.time is not None for r in recs):
        kept = [r for r in recs if r.time is not None and span[0] <= r.time < span[1]]
        if kept and len(kept) < len(recs):
            recs, said = kept, [span[2]]
    recs, kind, top = _kind_said(task, recs)
    said += [kind] if kind else []
    recs = _meeting(task, recs)
    if not how and said and len(recs) > 1 and top is not None:
        how = "max" if top else "min"
    if not how and not (said and len(recs) == 1):
        return None
    recs = _to_be_had(said_as, recs)
    key = _quantity(task, recs) if len(recs) > 1 else _quantity(task, of_results(results))
    order = _stated_order(system + "\n" + task)
    code = None if key else _code_column(recs, order)
    if key is None and code is None:
        return None
    k = key or code or ""
    recs = _grouped(task, recs, k) if key else recs

    def rank(r: Record) -> Any:
        return _num(r.fields.get(k)) if key else _code_key(str(r.fields.get(k)), order)

    best = recs[0] if len(recs) == 1 else (max if how == "max" else min)(recs, key=rank)
    if len(recs) > 1 and sum(1 for r in recs if rank(r) == rank(best)) > 1:
        return None  # a tie: no one record
    others = [(r.label, r.fields.get(k)) for r in recs if r is not best]
    best = _only(best, k)
    m = (SUPER_MAX if how == "max" else SUPER_MIN).search(said_as) if how else None
    word = m.group(0).lower() if m else ""
    return Picked(best, k, best.fields.get(k), how, " ".join(said), others, word)


CHOICE = re.compile(
    r"\bwhich\b[^.?!]{0,80}?\b(?:should|shall|would you (?:recommend|suggest|pick|go)|"
    r"do you (?:recommend|suggest)|is (?:best|better)|to (?:go to|walk to|pick|choose|book|take|"
    r"use))\b|\b(?:should|shall) (?:i|we)\b[^.?!]{0,60}\bor\b|"
    r"哪[个家间条趟班场款只辆座处].{0,12}(?:好|应该|该|合适|推荐|去|选)|(?:应该|该)(?:去|选|订|约|坐)哪|选哪",
    re.I,
)
DISTANCE_KEY = re.compile(r"distance|dist$|away|walk|(?:^|_)(?:m|km|mi)$|距离|远", re.I)


@dataclass(frozen=True)
class Chosen:
    record: Record
    nearest: str  # the distance key that chose among those that can serve ("" when none did)
    out: list[tuple[str, str]]  # (label, why it cannot serve) of the records left out
    rest: list[tuple[str, dict[str, Any]]] = field(default_factory=list)  # (rule 6a) the others


def to_go_for(task: str, results: list[tuple[Any, dict[str, Any], str]]) -> Chosen | None:
    """Rule 6: a question which one to go for ("Which of these stations should I walk to?",
    "which class should I book, the 18:00 or the 19:00?", 哪家好, 应该去哪个) with no superlative
    picks among the records that can serve (`agentkit.sim.pick.can_serve`: bikes or places
    left, not sold out), when some cannot: the nearest by the one distance field they all hold
    (distance_m, 距离), else the first the request named; with all of them able to serve, the
    nearest, when they hold a distance; else no pick (no criterion the results give)."""
    if SUPER_MAX.search(task) or SUPER_MIN.search(task):
        return None
    recs = of_results(results)
    if len(recs) < 2 or len({r.label for r in recs}) < len(recs):
        return None
    serving = [r for r in recs if pick.can_serve(r.fields)]
    liked = pick.preferred(task, [r.fields for r in serving])  # (rule 6a: what the user prefers)
    if not CHOICE.search(task) and not liked:
        return None
    far = [
        k
        for k in recs[0].fields
        if DISTANCE_KEY.search(str(k)) and all(_num(r.fields.get(k)) is not None for r in recs)
    ]
    if not serving or len(serving) == len(recs) and len(far) != 1 and not liked:
        return None
    key = far[0] if len(far) == 1 else ""
    fits = [sum(r.fields.get(k) is True for k in liked) for r in serving]
    pool = [r for r, n in zip(serving, fits, strict=True) if n == max(fits)]
    best = min(pool, key=lambda r: _num(r.fields.get(key)) or 0.0) if key else pool[0]
    out = [(r.label, pick.why_not(r.fields) or "") for r in recs if r not in serving]
    rest = [(r.label, {k: r.fields.get(k) for k in liked}) for r in serving if r is not best]
    return Chosen(best, key if len(pool) > 1 else "", out, rest if liked else [])


def to_go_for_line(lang: str, c: Chosen) -> str:
    """Rule 6's sentence: the one to go for, with its values, then why the others cannot."""
    sep, colon = ("，", "：") if lang == "zh" else (", ", ": ")

    def said(fields: dict[str, Any]) -> str:
        return sep.join(
            f"{speech.label(k, lang, capital=False)}{colon}"
            f"{speech.unit_added(k, speech.value(x, lang), lang)}"
            for k, x in fields.items()
            if str(x) != c.record.label and not isinstance(x, dict | list)
        )

    why = [
        say(lang, "r_cannot", item=name, why=said({k.strip(): x.strip()}) if ":" in w else w)
        for name, w in c.out
        for k, _, x in [w.partition(":")]
    ]
    near = say(lang, "r_nearest") if c.nearest else ""
    line = say(lang, "r_choose", item=c.record.label, near=near, facts=said(c.record.fields))
    others = sep.join(
        f"{n}（{said(f)}）" if lang == "zh" else f"{n} ({said(f)})" for n, f in c.rest
    )
    why += [say(lang, "r_others", others=others).strip()] if others else []
    return "".join([line, *why]) if lang == "zh" else " ".join([line, *why])


ADDED_UP = re.compile(
    r"\bin total\b|\btotal\b|\baltogether\b|\bcombined\b|\bcumulative\b|\ball together\b"
    r"|一共|总共|合计|总计|累计|加起来",
    re.I,
)


def _grouped(task: str, recs: list[Record], key: str) -> list[Record]:
    """Rule 4a: rows of one entity each added up, when the question asks for a total ("which
    boat ran the most hours in total", "哪个仓库合计最多") and one text column repeats its values
    (the one the question names by its header, else the only such column): one record per
    value, its quantity the sum of its rows'."""
    if not ADDED_UP.search(task) or any(r.added for r in recs):
        return recs
    cols = [
        c
        for c, x in recs[0].fields.items()
        if c != key
        and all(isinstance(r.fields.get(c), str) and _num(r.fields.get(c)) is None for r in recs)
        and 1 < len({r.fields[c] for r in recs}) < len(recs)
    ]
    named = [c for c in cols if re.search(rf"\b{re.escape(c)}|{re.escape(c)}", task, re.I)]
    col = named[0] if len(named) == 1 else cols[0] if len(cols) == 1 else None
    if col is None:
        return recs
    sums: dict[str, float] = {}
    counts: Counter[str] = Counter()
    for r in recs:
        value = _num(r.fields.get(key))
        if value is None:
            return recs
        sums[str(r.fields[col])] = sums.get(str(r.fields[col]), 0.0) + value
        counts[str(r.fields[col])] += 1
    unit = _unit(recs[0].fields.get(key))
    return [
        Record(name, {col: name, key: _written(total) + unit}, None, {key: counts[name]})
        for name, total in sums.items()
    ]


def _meeting(task: str, recs: list[Record]) -> list[Record]:
    """Rule 4b: the records that meet the request's conditions, when some but not all do."""
    kept = pick.meeting_conditions(task, [r.fields for r in recs])
    if kept and len(kept) < len(recs):
        return [r for r in recs if any(r.fields is k for k in kept)]
    return recs


def _only(best: Record, key: str) -> Record:
    """A file's record keeps only the quantity asked (its other sums say nothing)."""
    if not best.added:
        return best
    return Record(best.label, {key: best.fields.get(key)}, best.time, best.added)


def _to_be_had(task: str, recs: list[Record]) -> list[Record]:
    """Rule 4: for the cheapest, the records that can be had, when some can."""
    serving = [r for r in recs if pick.can_serve(r.fields)]
    if serving and len(serving) < len(recs) and SUPER_MIN.search(task) and PRICED.search(task):
        return serving
    return recs


def _plain(line: str) -> str:
    line = re.sub(r"^\s*(?:[-*•]\s*|\d+[.)]\s+)?", "", line)
    line = re.sub(r"^\s*(?:\d{4}-\d{2}-\d{2}[T ]?)?\d{1,2}:\d{2}(?::\d{2})?\s*[-–|]?\s*", "", line)
    return line.strip()


def frequent(
    task: str,
    results: list[tuple[Any, dict[str, Any], str]],
    files: list[tuple[str, list[str]]],
) -> tuple[str, int, list[tuple[str, int]]] | None:
    """Rule 5: (the value said most, its count, the runners-up), or None."""
    by = _grouped_by(task, of_results(results)) if not files else None
    if by is not None:
        recs = of_results(results)
        counts_by = Counter(str(r.fields[by]) for r in recs if r.fields.get(by) is not None)
        top = counts_by.most_common(3)
        if top and (len(top) == 1 or top[1][1] < top[0][1]) and len(counts_by) < len(recs):
            return top[0][0], top[0][1], top[1:]
    if not FREQUENT.search(task):
        return None
    counts: Counter[str] = Counter()
    if files:
        for _, lines in files:
            counts.update(p for ln in lines if (p := _plain(ln)) and len(p) > 1)
    else:
        recs = of_results(results)
        for k in recs[0].fields if recs else []:
            c = Counter(str(r.fields.get(k)) for r in recs if isinstance(r.fields.get(k), str))
            n = c.most_common(1)[0][1] if c else 0
            if n < len(recs) and (not counts or n > counts.most_common(1)[0][1]):
                counts = c  # (the field that repeats most, not one value throughout)
    top = counts.most_common(3)
    if not top or top[0][1] < 2 or (len(top) > 1 and top[1][1] == top[0][1]):
        return None
    return top[0][0], top[0][1], top[1:]


GROUPED = re.compile(
    r"\bwhich\s+([a-z]+)\s+(?:has|have|had|gets?|got|sees?|saw|holds?|is)\s+(?:the\s+)?most\b"
    r"|哪(?:一)?(天|个\w{1,3}?|家\w{0,3}?)(?:\w{0,6})最多",
    re.I,
)
DAY_KEY = re.compile(r"day|date|weekday|日期|星期|天", re.I)


def _grouped_by(task: str, recs: list[Record]) -> str | None:
    """Rule 5a: "which day has the most free slots?" / 哪天…最多: the records counted by the key
    the question names (a word of the key; 天 a day or date key), when none of the records' number
    fields is what it asks about; None otherwise."""
    m = GROUPED.search(task)
    if m is None or len(recs) < 3:
        return None
    word = (m.group(1) or m.group(2) or "").lower()
    keys = [k for k in recs[0].fields if all(isinstance(r.fields.get(k), str) for r in recs)]
    if word in ("天", "一天"):
        found = [k for k in keys if DAY_KEY.search(k)]
    else:
        word = word.removeprefix("个").removeprefix("家")
        found = [k for k in keys if word and (word in k.lower() or k.lower() in word)]
    if len(found) != 1 or _quantity(task, recs) is not None:
        return None
    return found[0]


CODED_KEY = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*|[a-z]+(?:[A-Z][a-z0-9]*)+")


def _said_key(key: str, lang: str) -> str:
    """A program's key said as a label (`agentkit.sim.speech`); a label a text already wrote for
    people ("Waterings per week", 评分) is said as written."""
    return speech.label(key, lang, capital=False) if CODED_KEY.fullmatch(key) else key


def picked_line(lang: str, p: Picked) -> str:
    """The picked record said first: its name, its quantity, then the others'."""
    prose = {"kind", "time", "value"} <= p.record.fields.keys()
    unit = p.record.fields.get("unit", "")
    unit = "字节" if unit == "bytes" and lang == "zh" else unit
    shown = f"{p.value} {unit}".strip() if unit else speech.unit_added(p.key, str(p.value), lang)
    sep = "，" if lang == "zh" else ", "
    shut = {p.key, "unit"} | ({"kind", "time"} if prose else set())
    colon = "：" if lang == "zh" else ": "
    rest = sep.join(
        f"{_said_key(k, lang)}{colon}{speech.unit_added(k, speech.value(x, lang), lang)}"
        for k, x in p.record.fields.items()
        if k not in shut and str(x) != p.record.label  # (not the name said already)
    )
    rest = (f"（{rest}）" if lang == "zh" else f" ({rest})") if rest else ""
    n = p.record.added.get(p.key, 0)
    rest = say(lang, "r_added", n=n) if n > 1 and not rest else rest
    kind = str(p.record.fields.get("kind", "")).lower()
    named = prose and kind not in p.window.split()  # (the kind said in Chinese: "高潮")
    window = p.window if not prose or named else " ".join(w for w in p.window.split() if w != kind)
    window = window.replace(" ", "") if lang == "zh" and named else window
    label = str(p.record.fields["time"]) if named else p.record.label
    where = (f"{window}" if lang == "zh" else f" ({window})") if window else ""
    stated = p.record.fields.keys() - {"unit"} == {"name", "value"}  # (`_stated`: no key said)
    said_key = _said_key(p.key, lang)  # (fare_gbp: "fare"; "Waterings per week" as it is)
    name = "" if prose or stated else (said_key if lang == "zh" else f" {said_key}")
    key = {"max": "r_max", "min": "r_min"}.get(p.how, "r_one")
    if p.word and bool(re.search(r"[\u4e00-\u9fff]", p.word)) == (lang == "zh"):
        key = "r_top"  # (the question's own word: "longest", "最多")
    line = say(lang, key, where=where, item=label, field=name, value=shown, rest=rest, word=p.word)
    others = sep.join(
        f"{n} {x}{(' ' + unit) if unit else ''}"
        if unit or not isinstance(x, int | float)
        else f"{n} {speech.unit_added(p.key, str(x), lang)}"
        for n, x in p.others[:6]
    )
    return line + (say(lang, "r_others", others=others) if others else "")


MARGIN = re.compile(
    r"\bby how (?:much|many)\b|\bhow (?:much|many \w+) (?:more|less|fewer|higher|lower|bigger|"
    r"smaller|larger|longer|shorter|cheaper|dearer)\b|(?:高|多|低|少|贵|便宜|快|慢|长|短|大|小|差)(?:了)?多少",
    re.I,
)


OTHER_END = re.compile(
    r"\bthan the (?:weakest|lowest|least|smallest|worst|slowest|cheapest|highest|strongest|"
    r"biggest|largest|best|fastest|most)\b|比最[\u4e00-\u9fff]",
    re.I,
)


def margin_line(lang: str, task: str, p: Picked) -> str | None:
    """Rule 5 for "by how much?" / "高多少？" after a superlative: the picked record's lead over
    the next one (the highest of the others for a maximum, the lowest for a minimum)."""
    top = _num(p.value)
    rest = [(n, x, _num(x)) for n, x in p.others if _num(x) is not None]
    if not MARGIN.search(task) or top is None or not rest or p.how not in ("max", "min"):
        return None
    if OTHER_END.search(task):  # "how much more than the weakest?": the other end's, not the next
        return None
    name, said, nxt = (max if p.how == "max" else min)(rest, key=lambda nx: nx[2] or 0.0)
    gap = round(abs(top - (nxt or 0.0)), 6)
    gap_said = int(gap) if float(gap).is_integer() else gap
    return say(lang, "r_margin", item=p.record.label, gap=gap_said, other=name, value=said)


def frequent_line(lang: str, got: tuple[str, int, list[tuple[str, int]]]) -> str:
    """The value said most, its count, then the runners-up'."""
    value, n, rest = got
    others = ("，" if lang == "zh" else ", ").join(f"{x} ({c})" for x, c in rest)
    line = say(lang, "r_frequent", value=value, n=n)
    return line + (say(lang, "r_others", others=others) if others else "")
