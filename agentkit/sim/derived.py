"""The fact a question asks of a result's records, worked out from their fields rather than
quoted: written rules, in Chinese and English (rule 5 of `agentkit.sim.general`; the answer states
it first, with the values it rests on).

1. Left over. A question for what is left, free, open, available, remaining, spare or vacant
   (剩, 空, 余) of records that hold two number fields, a whole and the part of it taken (the
   part's key says it is taken: booked, occupied, sold, taken, used, enrolled, reserved, filled,
   registered, 已…, 占用; its value is never above the whole's), and no field that already says
   what is left: each record's whole minus its part is what is left (of one record too, asked
   how many). A superlative picks the record with the most (least) left; else the records with
   any left are said.
2. Under its own threshold. Records that hold a quantity beside a threshold of their own (a key
   that says reorder_level, min_level, threshold, min, minimum, limit, par, reorder, safety, 警戒,
   下限, 最低, 阈值, 安全, 补货; or a ceiling: max, maximum, upper, allowed, due, cap, 上限, 汛限,
   限值, 额定, 最高, 允许), and a question that bounds no number of its own: for those below it, short, low, to reorder or restock (below,
   under, short, low, reorder, restock, top up, 低于, 不足, 不够, 补货, 补, 缺) lists the records whose
   quantity is below their own threshold ("at or below" / 以下 / 不高于 takes the equal ones too),
   each with both numbers; the question for those over it (above, over, exceed, 超过, 高于, 超出)
   those above (overdue, past due, beyond, higher than, 超限, 逾期, 到期 too: an odometer past
   the reading its service is due at), each with both numbers and the margin between them. The quantity is the number field whose key says it is held (stock, on hand,
   units, qty, quantity, level of nothing else, 库存, 现有, 数量), else the only other number field.
3. Counted under a bound, then picked among them. "How many ... under $1,200, and which of those
   includes full insurance?" / "有几家低于 500 元？其中哪家包邮？": the records that meet the
   question's bounds (`agentkit.sim.conditions`) are counted and named; the part after "of those",
   "among them", 其中 picks among them by a text field's value it says (the longest value of that
   field it holds: 包邮, never 不包邮 for "包邮") or by its own conditions. "Which ... below 30%?",
   哪些低于 20 件 names the records that meet the bounds so too.
4. One code's lines across the results. A question how many times or how much about a code it
   gives (letters and digits with a dash or dot, a number plate, a card, a container: "MSCU-4410",
   "沪A·7K392", "C-2231") and no call passed: every line of every result that holds that code as a
   whole (not a longer or another code) is counted, when two or more do and others do not (a
   log's lines), and, asked how much, the last amount of each line (no date or clock time) added
   up.
5. In the state asked. A question which (哪) records are in a state that one text field of theirs
   holds as a whole value ("Which instruments are free right now?" and status: free; 哪些房间空闲
   and 状态: 空闲), when that field holds other values too and the question asks no superlative:
   the records holding it are named.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from . import conditions, pick
from .phrases import say
from .records import SUPER_MAX, SUPER_MIN, Record, of_results

LEFT_ASKED = re.compile(
    r"\b(?:left|free|open|available|remaining|spare|vacant|unsold|unbooked)\b|剩|空(?![调气中间])|(?<!其)余(?!额)",
    re.I,
)
TAKEN = re.compile(
    r"book|occupi|sold|taken|used|enrol|reserv|fill|regist|signed|attend|claim|已|占用|报名",
    re.I,
)
LEFT_KEY = re.compile(r"left|free|open|avail|remain|spare|vacan|剩|空|余", re.I)
THRESHOLD = re.compile(
    r"(?:reorder|min|minimum|safety|alert|warning|par)_?level|threshold|(?<![a-z_])min(?![a-z])|minimum"
    r"|limit|(?<![a-z])par(?![a-z])|reorder|safety|警戒|下限|最低|阈值|安全|补货"
    r"|(?<![a-z])(?:max|maximum|upper|allowed|due|ceiling|cap)(?![a-z])|上限|汛限|限值|额定|最高|允许",
    re.I,
)
HELD = re.compile(r"stock|on_?hand|units|qty|quantity|count|库存|现有|数量|存量", re.I)
BELOW_ASKED = re.compile(
    r"\b(?:below|under|short|low|reorder\w*|restock\w*|top(?:ped)? up|replenish\w*|run(?:ning)? out)\b"
    r"|低于|不足|不够|补货|需要补|要补|缺|少于",
    re.I,
)
ABOVE_ASKED = re.compile(
    r"\b(?:above|over|exceed\w*|overdue|past(?: its| their)? due|beyond|higher than|too high)\b"
    r"|超过|高于|超出|超标|超限|逾期|过期|到期",
    re.I,
)
INCLUSIVE = re.compile(r"\bat or (?:below|above|under|over)\b|以下|以上|不高于|不低于", re.I)
COUNT_ASKED = re.compile(r"\bhow many\b|几家|几个|几位|几种|多少家|多少个", re.I)
AMONG = re.compile(
    r"\b(?:which|who|what)\s+(?:one\s+)?(?:of|among)\s+(?:those|them|these)\b|其中", re.I
)
WHICH_ASKED = re.compile(r"\bwhich\b|哪些|哪几", re.I)  # which of them meet it: named, as counted
TIMES_ASKED = re.compile(r"\bhow many times\b|\bhow often\b|几次|多少次", re.I)
HOW_MUCH = re.compile(
    r"\bhow much\b|\btotal\b|\bin all\b|多少钱|花了多少|扣了多少|一共.*?(?:钱|费)|总共", re.I
)
CODE = re.compile(
    r"(?<![\w·-])(?=[\w·-]*\d)(?=[\w·-]*[A-Za-z\u4e00-\u9fff])"
    r"[A-Za-z\u4e00-\u9fff]{1,4}[A-Za-z0-9]*(?:[-·.][A-Za-z0-9]+)+(?![\w·-])"
)
AMOUNT = re.compile(r"(?<![\w.:-])\d+\.\d{1,2}(?![\w.:-])|(?<![\w.:-])\d+(?![\w.:-])")


@dataclass(frozen=True)
class WorkedOut:
    how: str  # "left", "below", "above", "counted", "code"
    lines: Sequence[tuple[str, ...]]  # what each line of the answer says
    n: int = 0
    total: str = ""
    best: str = ""  # the record a superlative or a pick singles out ("" none)
    least: bool = False  # the superlative asks for the least


def _num(x: Any) -> float | None:
    if isinstance(x, bool):
        return None
    if isinstance(x, int | float):
        return float(x)
    if isinstance(x, str) and re.fullmatch(r"\s*-?\d+(?:\.\d+)?\s*", x):
        return float(x)
    return None


def _numbers(recs: list[Record]) -> list[str]:
    """The keys whose values are numbers in every record."""
    keys = list(recs[0].fields)
    return [k for k in keys if all(_num(r.fields.get(k)) is not None for r in recs)]


def _written(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:.2f}"


def _left(task: str, recs: list[Record]) -> WorkedOut | None:
    """Rule 1."""
    if not LEFT_ASKED.search(task) or any(LEFT_KEY.search(k) for k in recs[0].fields):
        return None
    nums = _numbers(recs)
    parts = [k for k in nums if TAKEN.search(k)]
    if len(parts) != 1:
        return None
    part = parts[0]
    wholes = [
        k
        for k in nums
        if k != part and all(_num(r.fields[k]) >= _num(r.fields[part]) for r in recs)  # type: ignore[operator]
    ]
    if len(wholes) != 1:
        return None
    whole = wholes[0]
    left = [(r, _num(r.fields[whole]) - _num(r.fields[part])) for r in recs]  # type: ignore[operator]
    rows = [
        (_name(r), _written(x), whole, str(r.fields[whole]), part, str(r.fields[part]))
        for r, x in left
    ]
    most, least = SUPER_MAX.search(task), SUPER_MIN.search(task)
    if most or least:
        fewest = bool(least) and not most
        best = (min if fewest else max)(left, key=lambda p: p[1])
        return WorkedOut("left", rows, best=_name(best[0]), least=fewest)
    return WorkedOut(
        "left", [row for row, (_, x) in zip(rows, left, strict=True) if float(row[1]) > 0]
    )


ID_LIKE = re.compile(r"^[A-Z]{1,6}[-_]?\d[\w-]*$")


def _label(d: dict[str, Any]) -> str:
    """One record's name: its first text value."""
    return next((str(x) for x in d.values() if isinstance(x, str)), "")


def _name(r: Record) -> str:
    """A record said by its name, and its code after it when it is named by a code ("Hand-pulled
    Noodles (CK-14)"): the first text field, not a code, a number or a date, beside the label."""
    if not r.label:  # (a record its keys give no label: its first text value names it)
        return _label(r.fields)
    if not ID_LIKE.match(r.label):
        return r.label
    for x in r.fields.values():
        if (
            isinstance(x, str)
            and x != r.label
            and re.search(r"[A-Za-z\u4e00-\u9fff]{2}", x)
            and not ID_LIKE.match(x)
            and not re.match(r"\d{4}-\d{2}", x)
        ):
            return f"{x} ({r.label})"
    return r.label


def _threshold(task: str, recs: list[Record]) -> WorkedOut | None:
    """Rule 2."""
    below, above = BELOW_ASKED.search(task), ABOVE_ASKED.search(task)
    if re.match(r"\s*(?:when|where|who|why|how(?! many| much))\b", task, re.I):
        return None  # ("When is the first flight over the valley?": no records asked for)
    if not below and not above or conditions.bounds(task):  # ("under $1,200": a bound, rule 3)
        return None
    nums = _numbers(recs)
    limits = [k for k in nums if THRESHOLD.search(k)]
    if len(limits) != 1:
        return None
    limit = limits[0]
    others = [k for k in nums if k != limit]
    held = [k for k in others if HELD.search(k)] or others
    if len(held) != 1:
        return None
    qty = held[0]
    equal = bool(INCLUSIVE.search(task))
    how = "below" if below else "above"
    out = []
    for r in recs:
        x, lim = _num(r.fields[qty]), _num(r.fields[limit])
        assert x is not None and lim is not None
        if (x < lim if how == "below" else x > lim) or (equal and x == lim):
            out.append((_name(r), qty, str(r.fields[qty]), limit, str(r.fields[limit])))
    return WorkedOut(how, out, n=len(out))


def _counted(task: str, recs: list[Record]) -> WorkedOut | None:
    """Rule 3."""
    if not COUNT_ASKED.search(task) and (not WHICH_ASKED.search(task) or pick.superlative(task)):
        return None  # (which one is the highest of those under 40 minutes: the pick answers)
    split = AMONG.search(task)
    first = task[: split.start()] if split else task
    items = [r.fields for r in recs]
    cond = conditions.applying(first, items)
    if not cond[0]:
        return None
    kept = [r for r in recs if conditions.meets(r.fields, cond)]
    if not COUNT_ASKED.search(task) and len(kept) == len(recs):
        return None  # (which of them, and all meet it: none singled out, they are quoted)
    rows = [(_name(r), *_bounded_values(r, cond)) for r in kept]
    best = ""
    if split:
        picked = _among(task[split.end() :], kept)
        best = "、".join(_name(r) for r in picked) if picked else "-"
    return WorkedOut("counted", rows, n=len(kept), best=best)


def _bounded_values(r: Record, cond: tuple[list[tuple[Any, str]], list[Any]]) -> tuple[str, ...]:
    return tuple(f"{k} {r.fields.get(k)}" for _, k in cond[0])


def _among(part: str, kept: list[Record]) -> list[Record]:
    """The records the part after "of those" / 其中 picks: by a text field's value it says (the
    longest such value of that field), else by its own conditions."""
    if not kept:
        return []
    for k in kept[0].fields:
        values = {str(r.fields.get(k)) for r in kept} | set()
        said = [x for x in values if _num(x) is None and x and _says(part, x)]
        if said:
            top = max(said, key=len)
            return [r for r in kept if str(r.fields.get(k)) == top]
    cond = conditions.applying(part, [r.fields for r in kept])
    if cond[0] or cond[1]:
        return [r for r in kept if conditions.meets(r.fields, cond)]
    return []


def _says(text: str, value: str) -> bool:
    if re.search(r"[\u4e00-\u9fff]", value):
        at = text.find(value)
        return at >= 0 and not re.search(r"[不无没非免未]$", text[:at])
    return bool(re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", text, re.I))


def _code_lines(task: str, texts: list[str]) -> WorkedOut | None:
    """Rule 4."""
    times, much = TIMES_ASKED.search(task), HOW_MUCH.search(task)
    if not times and not much:
        return None
    codes = [c for c in CODE.findall(task) if not re.fullmatch(r"[\d.-]+", c)]
    if len(codes) != 1 or len(texts) < 1:
        return None
    code = codes[0]
    hold = re.compile(rf"(?<![\w·-]){re.escape(code)}(?![\w·-])")
    every = [ln.strip() for t in texts for ln in t.splitlines() if ln.strip()]
    found = [ln for ln in every if hold.search(ln)]
    if len(found) < 2 or len(found) == len(every):  # (lines it picks among others: a log)
        return None
    total = 0.0
    decimals = False
    for ln in found:
        rest = hold.sub(" ", ln)
        rest = re.sub(r"\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}(?::\d{2})?", " ", rest)
        amounts = AMOUNT.findall(rest)
        if much and amounts:
            total += float(amounts[-1])
            decimals = decimals or "." in amounts[-1]
    shown = f"{total:.2f}" if decimals else _written(total)
    return WorkedOut(
        "code", [(ln,) for ln in found], n=len(found), total=shown if much else "", best=code
    )


WHICH = re.compile(r"\bwhich\b|\bwhat\s+\w+s\s+are\b|哪", re.I)  # not "what was the peak"


def _in_state(task: str, recs: list[Record]) -> WorkedOut | None:
    """Rule 5: the records whose one text field holds, as a whole, the state the question says."""
    if not WHICH.search(task) or SUPER_MAX.search(task) or SUPER_MIN.search(task):
        return None  # "which … the most": a superlative's, not a state's
    for key in dict.fromkeys(k for r in recs for k in r.fields):
        held = {str(r.fields[key]).strip() for r in recs if isinstance(r.fields.get(key), str)}
        said = [v for v in held if 2 <= len(v) <= 24 and _says(task, v)]
        if len(held) < 2 or len(said) != 1 or any(r.label == said[0] for r in recs):
            continue
        kept = [r for r in recs if str(r.fields.get(key, "")).strip() == said[0]]
        names = [
            _name(replace(r, fields={k: x for k, x in r.fields.items() if k != key})) for r in kept
        ]
        return WorkedOut("state", [(n,) for n in names], n=len(kept), best=said[0])
    return None


def derive(task: str, results: list[tuple[Any, dict[str, Any], str]]) -> WorkedOut | None:
    """The fact rules 1-4 work out from the results (each its data, the call's input, its text),
    or None when none applies."""
    recs = of_results(results) if results else []
    ones = [d for d, _, _ in results if isinstance(d, dict)]
    if not recs and len(results) == 1 and ones and COUNT_ASKED.search(task):
        said = [str(x) for x in results[0][1].values() if isinstance(x, str)]  # (the call's input)
        label = said[0] if said else _label(ones[0])
        one = _left(task, [Record(label, {k: x for k, x in ones[0].items() if x != label})])
        return replace(one, how="left_one", best=label) if one is not None else None
    if len(recs) >= 2:
        for rule in (_left, _threshold, _counted, _in_state):
            got = rule(task, recs)
            if got is not None:
                return got
    texts = [t for _, _, t in results]
    inputs = " ".join(str(x) for _, i, _ in results for x in i.values())
    got = _code_lines(task, texts)
    return got if got is not None and got.best not in inputs else None


def lines(lang: str, d: WorkedOut) -> list[str]:
    """The answer's first lines for what `derive` worked out, in the user's language."""
    sep = "；" if lang == "zh" else "; "
    if d.how == "left":
        return _left_lines(lang, d, sep)
    if d.how == "left_one":
        _, left, whole, w, part, p = d.lines[0]
        return [say(lang, "d_left_one", item=d.best, left=left, whole=whole, w=w, part=part, p=p)]
    if d.how in ("below", "above"):
        limit = d.lines[0][3] if d.lines else ""
        if not d.lines:
            return [say(lang, f"d_{d.how}_none", limit="阈值" if lang == "zh" else "threshold")]
        by = "差" if lang == "zh" else "by "
        items = sep.join(
            f"{name} ({q} {x} {'<' if d.how == 'below' else '>'} {lim} {y}, "
            f"{by}{abs(float(x) - float(y)):.10g})"
            for name, q, x, lim, y in d.lines
        )
        return [say(lang, f"d_{d.how}", limit=limit, n=d.n, items=items)]
    if d.how == "counted":
        items = sep.join(" ".join(x for x in row if x) for row in d.lines)
        out = [say(lang, "d_counted", n=d.n, items=items)]
        if d.best == "-":
            out.append(say(lang, "d_among_none"))
        elif d.best:
            out.append(say(lang, "d_among", best=d.best))
        return out
    if d.how == "state":
        items = sep.join(row[0] for row in d.lines)
        return [say(lang, "d_state", n=d.n, state=d.best, items=items)]
    total = say(lang, "d_code_total", total=d.total) if d.total else ""
    items = sep.join(row[0] for row in d.lines)
    return [say(lang, "d_code", code=d.best, n=d.n, total=total, items=items)]


def _left_lines(lang: str, d: WorkedOut, sep: str) -> list[str]:
    if d.best:
        row = next(r for r in d.lines if r[0] == d.best)
        key = "d_left_min" if d.least else "d_left_max"
        _, left, whole, w, part, p = row
        out = [say(lang, key, item=d.best, left=left, whole=whole, w=w, part=part, p=p)]
        others = sep.join(
            say(lang, "d_left_item", item=r[0], left=r[1]) for r in d.lines if r[0] != d.best
        )
        return out + ([say(lang, "d_others", others=others)] if others else [])
    if not d.lines:
        return [say(lang, "d_left_none")]
    items = sep.join(say(lang, "d_left_item", item=r[0], left=r[1]) for r in d.lines)
    return [say(lang, "d_left_any", items=items)]
