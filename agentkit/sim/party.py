"""What a party's tickets (or any prices by kind of person) come to: written rules (round 19;
"two adults and our kids who are 5 and 7 ... what will tickets cost us in total?",
"我们两个大人带三个小孩去动物园，门票一共多少钱？").

1. Asked: a total of money (total, in all, altogether, how much, cost us, 一共, 总共, 合计,
   多少钱, 要多少).
2. The party: counts the request says of kinds of person (a class word table, both languages:
   adult, child, senior, student, teen, infant; 大人, 小孩, 老人, 学生, ...), "2 adults", "a
   child", "三个小孩", "一个学生"; a kind said with its ages or heights ("kids who are 5 and
   7", "aged 5 and 7") counts one per age when no count is said.
3. The prices: a result's prices by kind (`key: value` lines, an object of kinds, or records
   each with a text and a price): a number, a money text ("$22", "80 元"), or free / 免费 (0).
   A kind of the party takes the price whose label holds one of its words; of several, the one
   whose range ("4-12", "1.2米-1.5米", "Under 4", "65岁以上") holds the ages or heights said.
4. Every kind of the party must find a price; the total is the sum of count × price, said first,
   then each kind's line (`party_line`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from . import values
from .phrases import say

ASKED = re.compile(
    r"\b(?:total|in all|altogether|how much|cost (?:us|me)|come to)\b|一共|总共|合计|多少钱|要多少|共计",
    re.I,
)
KINDS: dict[str, tuple[str, str]] = {  # kind: (its words in the request, its words in a label)
    "adult": (r"adults?|grown[- ]?ups?|大人|成人|成年人", r"adult|成人|大人|成年"),
    "child": (r"kids?|child(?:ren)?|小孩|孩子|儿童|小朋友", r"child|kid|儿童|小孩|孩子|少儿"),
    "senior": (r"seniors?|elderly|老人|长者", r"senior|老人|长者|老年"),
    "student": (r"students?|学生", r"student|学生"),
    "teen": (r"teens?|teenagers?|青少年", r"teen|青少年"),
    "infant": (r"infants?|babies|baby|toddlers?|婴儿|宝宝", r"infant|baby|toddler|婴儿"),
}
ONE = r"a|an|one|一"
COUNTED = r"(\d+|{one})\s*(?:个|位|名)?\s*(?:of\s+(?:us|our|my)\s+)?(?:our\s+|my\s+)?({words})"
AGES = re.compile(
    r"\s*(?:\(|（|,\s*)?(?:who are|who're|aged|ages?|of|are|都)?\s*"
    r"(\d+(?:\.\d+)?(?:\s*(?:,|and|&|和|、)\s*\d+(?:\.\d+)?)*)"
)
FREE = re.compile(r"\bfree\b|免费", re.I)


@dataclass(frozen=True)
class Party:
    total: float
    rows: tuple[tuple[int, str, float], ...]  # count, the price's label, the price
    sign: str  # the currency as the prices write it ("$", "元")
    after: bool  # the currency is written after the number


def _party(task: str) -> tuple[list[tuple[str, int]], list[float]]:
    text = values.digits_for_words(task)
    out: list[tuple[str, int]] = []
    said: list[float] = []
    for kind, (words, _) in KINDS.items():
        m = re.search(COUNTED.format(one=ONE, words=words), text, re.I)
        ages = AGES.match(text, m.end()) if m else None
        if m is None:
            m = re.search(rf"(?<![A-Za-z])({words})(?![A-Za-z])", text, re.I)
            ages = AGES.match(text, m.end()) if m else None
            if m is None or ages is None:
                continue
            n = len(re.findall(r"\d+(?:\.\d+)?", ages.group(1)))
        else:
            n = 1 if re.fullmatch(ONE, m.group(1), re.I) else int(m.group(1))
        if ages is not None:
            said += [float(x) for x in re.findall(r"\d+(?:\.\d+)?", ages.group(1))]
        out.append((kind, n))
    return out, said


def _price(x: Any) -> tuple[float, str, bool] | None:
    if isinstance(x, int | float) and not isinstance(x, bool):
        return float(x), "", False
    if not isinstance(x, str):
        return None
    if FREE.search(x) and not re.search(r"\d", x):
        return 0.0, "", False
    m = re.fullmatch(r"\s*([$€£¥￥]|[A-Z]{3})?\s*(\d[\d,]*(?:\.\d+)?)\s*(元|块|[A-Z]{3})?\s*", x)
    if m is None:
        return None
    return float(m.group(2).replace(",", "")), m.group(1) or m.group(3) or "", bool(m.group(3))


def _prices(data: Any) -> list[tuple[str, tuple[float, str, bool]]]:
    """(label, price) pairs a result gives by kind."""
    if isinstance(data, dict):
        pairs = [(str(k), p) for k, x in data.items() if (p := _price(x)) is not None]
        if len(pairs) >= 2:
            return pairs
        return [p for x in data.values() for p in _prices(x)]
    if isinstance(data, str):  # "Adult (18-64): $22" lines, "成人票：80 元"
        lines = [re.split(r"\s*[:：]\s*", x.strip(), maxsplit=1) for x in data.splitlines()]
        return [(k, p) for k, x in (ln for ln in lines if len(ln) == 2) if (p := _price(x))]
    if isinstance(data, list):
        out = []
        for r in data:
            if not isinstance(r, dict):
                continue
            label = next(
                (str(x) for x in r.values() if isinstance(x, str) and _price(x) is None), ""
            )
            price = next((p for x in r.values() if (p := _price(x)) is not None), None)
            if label and price is not None:
                out.append((label, price))
        return out
    return []


def priced(data: Any) -> bool:
    """Whether a result lists two or more prices by kind (rule 3)."""
    return len(_prices(data)) >= 2


def _holds(label: str, said: list[float]) -> bool:
    """Whether the label's range ("4-12", "1.2米-1.5米", "Under 4", "65岁以上") holds a number said."""
    nums = [float(x) for x in re.findall(r"\d+(?:\.\d+)?", label)]
    if not nums or not said:
        return False
    if len(nums) >= 2:
        lo, hi = nums[0], nums[1]
    elif re.search(r"under|below|以下|以内|不足|<", label, re.I):
        lo, hi = float("-inf"), nums[0] - 1e-9
    elif re.search(r"over|above|以上|\+|>", label, re.I):
        lo, hi = nums[0], float("inf")
    else:
        return False
    return any(lo <= x <= hi for x in said)


def totalled(task: str, results: list[Any]) -> Party | None:
    """Rules 1 to 4, or None."""
    if not ASKED.search(task):
        return None
    party, said = _party(task)
    if not party:
        return None
    for data in results:
        prices = _prices(data)
        if len(prices) < 2:
            continue
        rows = []
        for kind, n in party:
            labelled = [(lab, p) for lab, p in prices if re.search(KINDS[kind][1], lab, re.I)]
            fit = [(lab, p) for lab, p in labelled if _holds(lab, said)] or labelled
            if not fit:
                break
            lab, p = fit[0]
            rows.append((n, lab, p))
        else:
            sign = next((p[1] for _, p in prices if p[1]), "")
            after = next((p[2] for _, p in prices if p[1]), False)
            total = sum(n * p[0] for n, _, p in rows)
            return Party(total, tuple((n, lab, p[0]) for n, lab, p in rows), sign, after)
    return None


def _money(x: float, p: Party) -> str:
    n = f"{x:.2f}".rstrip("0").rstrip(".")
    return f"{n} {p.sign}" if p.after else f"{p.sign}{n}"


def party_line(lang: str, p: Party) -> str:
    """Rule 4: the total first, then each kind's count × price."""
    sep = "；" if lang == "zh" else "; "
    items = sep.join(f"{n} × {lab} {_money(x, p)} = {_money(n * x, p)}" for n, lab, x in p.rows)
    return say(lang, "r_party_total", total=_money(p.total, p), items=items)
