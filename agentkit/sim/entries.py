"""The records a text lists, for a list field whose items are objects (an order's lines, a repair
ticket's items): written rules, in Chinese and English.

1. The entries are the text's clauses (split at ；; 。 and a line's end) that say a count and a
   thing: a number (digits or words, 两, "a", "one") before a measure word ("两双皮鞋", "一个手提包",
   "a pair of boots", "3 shirts"); a clause that counts nothing ("说好大后天来取") is no entry.
2. Each entry is one object, its fields read by what they name:
   - a count (an integer named quantity, qty, count, number, pieces, 数量, 件数) is the entry's count;
   - a price (a number named price, cost, fee, amount, rate, 单价, 价格, 费用, 金额) is the amount the
     entry says that is not its count: the one after 每 / "each" / "per" / "apiece", else the last;
   - the thing (a string named item, name, product, thing, article, object, 物品, 名称, 东西; else,
     of two strings or more, the first) is what
     the count counts: in Chinese the words after the measure word (past its last 的) up to the
     first word of an act done to it (换, 修, 补, 洗, ...: `ACTS`); in English the words after the
     count up to a word that starts what is done or said of it (to, for, at, with, needing, a
     comma);
   - the act (any other string: service, repair, work, treatment, job, 服务, 项目) is what the
     entry says is done to the thing: the words after it up to the clause's end (皮鞋换底 -> 换底),
     in English the verb before the count ("resole two pairs of boots") or the words after "to
     be" / "for" / "needing" that say no amount.
   A field the entry does not answer is left for the schema's empty value, never made up. An
   English entry counted by an article alone ("a weather report") lists something only beside
   an entry counted by a number or a measure ("a pair of boots", "3 shirts").
3. A single string that names a service or a thing (service, treatment, package, 服务, 项目, 套餐,
   or a thing's name) that no other reading filled is the thing of the text's one entry with
   what is done to it ("想约…做一个九十分钟的精油按摩" -> 精油按摩, "约一次全车精洗" -> 全车精洗), when
   there is one entry only.
"""

from __future__ import annotations

import re
from typing import Any

from . import values

MEASURE = "个双件套只条张台辆份杯碗瓶本支把盒袋箱次位块对副顶根枚串扇"
ZH_COUNT = re.compile(
    rf"(?P<n>\d+|[一二两三四五六七八九十]+)\s*(?P<m>[{MEASURE}])(?P<rest>[^，,。；;！!？?\n]*)"
)
EN_NUMBER = r"\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of"
EN_COUNT = re.compile(
    rf"\b(?P<n>{EN_NUMBER})\s+(?:(?:pairs?|sets?|pieces?|boxes|box|bags?|bottles?)\s+of\s+)?"
    r"(?P<rest>[A-Za-z][^,;.\n]*)",
    re.I,
)
EN_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a couple of": 2,
}  # fmt: skip
ACTS = "换修补洗改做加钉擦配剪染烫贴装拆磨抛保清维更上"
EN_STOP = re.compile(r"\s+(?:to|for|at|with|needing|that|which|and|@)\b|\s*[,(]", re.I)
COUNT = re.compile(r"quantit|qty|count|number|pieces|pcs|数量|件数|个数", re.I)
PRICE = re.compile(r"price|cost|fee|amount|rate|charge|单价|价格|价钱|费用|金额|价", re.I)
THING = re.compile(r"item|name|product|thing|article|object|goods|物品|名称|东西|商品|品名", re.I)
PER = re.compile(
    r"每[^\d一二两三四五六七八九十百千]{0,2}|\beach\b|\bper\b|\bapiece\b|/\s*(?:each|pc)", re.I
)
ZH_AMOUNT = re.compile(r"\d+(?:\.\d+)?|[零一二两三四五六七八九十百千万]+")
EN_AMOUNT = re.compile(r"(?:[$€£¥]\s*)?(\d+(?:\.\d+)?)")  # (findall: the figure)


def counted_entries(item_schema: dict[str, Any], text: str) -> list[dict[str, Any]]:
    """Rules 1 and 2: one object a listed entry, each field read from its entry."""
    props = item_schema.get("properties")
    if not isinstance(props, dict) or not props:
        return []
    out = []
    for clause in re.split(r"[；;。\n]|(?<=[a-z])\.\s", text):
        entry = _entry(clause)
        if entry is not None:
            strings = [
                k for k, p in props.items() if isinstance(p, dict) and p.get("type") == "string"
            ]
            named = [k for k in strings if THING.search(k)]
            thing = named[0] if named else (strings[0] if len(strings) > 1 else None)
            got = {
                k: v
                for k, p in props.items()
                if (v := entry["thing"] if k == thing else _field(k, p, entry)) is not None
            }
            if got:
                out.append((entry["loose"], got))
    if all(loose for loose, _ in out):
        return []  # "Provide a weather report for ...": an article alone lists nothing
    return [got for _, got in out]


def _entry(clause: str) -> dict[str, Any] | None:
    """A clause's count, thing, act and price, or None when it counts nothing."""
    zh = bool(re.search(r"[\u4e00-\u9fff]", clause))
    m = (ZH_COUNT if zh else EN_COUNT).search(clause)
    if not m:
        return None
    said = m.group("n")
    loose = not zh and said.lower() in ("a", "an") and " of " not in m.group(0)[:20]
    count = values.zh_amount(said) if zh and not said.isdigit() else _en_count(said)
    thing, act = (_zh_parts if zh else _en_parts)(clause, m)
    if not thing:
        return None
    later = clause[m.end() :] if zh else clause[m.end("n") :]
    per = PER.search(clause)
    price = _amount(clause[per.end() :], zh) if per else None
    if price is None:
        found = [_amount(a, zh) for a in (ZH_AMOUNT if zh else EN_AMOUNT).findall(later)]
        price = next((a for a in reversed(found) if a is not None), None)
    return {
        "count": count,
        "thing": thing.strip(),
        "act": act.strip(),
        "price": price,
        "loose": loose,
    }


def _zh_parts(clause: str, m: re.Match[str]) -> tuple[str, str]:
    """The thing after the measure word (past its last 的), the act from its first act word."""
    rest = m.group("rest").strip().rsplit("的", 1)[-1]
    cut = next((i for i, ch in enumerate(rest) if ch in ACTS and i > 0), len(rest))
    return rest[:cut], rest[cut:]


def _en_parts(clause: str, m: re.Match[str]) -> tuple[str, str]:
    """The words after the count up to what is said of them; the act after "to be" / "for" /
    "needing", else the verb the clause opens with before the count."""
    rest = m.group("rest").strip()
    stop = EN_STOP.search(rest)
    thing = rest[: stop.start()] if stop else rest
    tail = re.search(
        r"\b(?:to be|to get|for|needing|needs)\s+(?!\$|\d)([a-z][a-z -]*?)(?=\s+(?:at|for)\b|[,;.]|$)",
        rest,
        re.I,
    )
    before = clause[: m.start()].split()
    opens = before[0] if len(before) == 1 and before[0].isalpha() else ""
    return thing, tail.group(1) if tail else opens


def _amount(said: str, zh: bool) -> float | None:
    """The first amount a text says (digits, or Chinese numerals)."""
    found = (ZH_AMOUNT if zh else EN_AMOUNT).search(said)
    if not found:
        return None
    figure = found.group(0) if zh else found.group(1)
    if figure[0].isdigit():
        return float(figure)
    got = values.zh_amount(figure)
    return float(got) if got is not None else None


SERVICE = re.compile(r"service|treatment|package|procedure|服务|项目|套餐|疗程", re.I)


def counted_thing(text: str) -> str | None:
    """Rule 3: the thing of the text's one counted entry, or None."""
    found = [e for c in re.split(r"[；;。\n]|(?<=[a-z])\.\s", text) if (e := _entry(c))]
    return (found[0]["thing"] + found[0]["act"]).strip() or None if len(found) == 1 else None


def _en_count(said: str) -> int | None:
    return int(said) if said.isdigit() else EN_WORDS.get(said.lower())


def _field(name: str, p: Any, entry: dict[str, Any]) -> Any:
    kind = p.get("type") if isinstance(p, dict) else None
    words = f"{name} {p.get('description', '') if isinstance(p, dict) else ''}"
    if kind in ("integer", "number") and COUNT.search(name) and entry["count"] is not None:
        return int(entry["count"]) if kind == "integer" else entry["count"]
    if kind in ("integer", "number") and PRICE.search(words) and entry["price"] is not None:
        price = entry["price"]
        return int(price) if kind == "integer" or float(price).is_integer() else price
    if kind == "string" and not PRICE.search(name) and not COUNT.search(name):
        return entry["act"] or None
    return None
