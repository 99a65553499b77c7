"""The measured entries of a text, for a list whose items are objects of a thing and its measure
(a recipe's ingredients, a prescription's drugs, a mix's parts): written rules, Chinese and
English.

1. An entry is a thing said with an amount in a unit of measure (`UNIT`: g, kg, ml, mg, tbsp,
   tsp, cups, a pinch, 克, 毫升, 片, …) or counted by a small number ("one egg"): "225 grams of
   self-raising flour", "75g caster sugar", "a pinch of salt", "meloxicam 1.5 mg", "阿奇霉素0.5g",
   "200克面粉". The thing is the words after the amount (past "of") up to a word that starts what
   is done with it (until, then, and, with, a comma), else the word or Han run right before the
   amount, without the verbs and links that lead it (开了, 另外, 还有, 加).
2. What the rest of the entry's clause says goes with it: how often ("once daily", "twice a
   day", 每天一次, 一天三次) and for how many days ("for 5 days", 连用3天); a thing said as taken
   already (平时, 一直, usually, already) is no new prescription.
3. Each entry is one object, its fields read by their names: the thing (name, drug, ingredient,
   item, medicine, 药, 名称), the amount (quantity, amount, qty: a number), the unit (unit: the
   short form, only one the property's description lists when it lists some), the dose (dose,
   dosage, 剂量, 用量: the amount and unit written together), how often (frequency, 频次, 用法)
   and the days (days, duration, 天数). What the entry does not say is left out.
4. A list of such objects takes these entries when there are two or more and the list found by
   the other readings is shorter or holds fragments (a thing of a sentence's length, a thing
   with digits, a thing that is a function word).
"""

from __future__ import annotations

import re
from typing import Any

from .arguments import resolve

UNIT = (  # how the text writes a unit -> its short form
    ("g", r"g|grams?|grammes?|克"), ("kg", r"kg|kilos?|kilograms?|公斤|千克"),
    ("mg", r"mg|milligrams?|毫克"), ("ml", r"ml|millilitres?|milliliters?|毫升"),
    ("l", r"l|litres?|liters?|升"), ("tbsp", r"tbsp|tablespoons?|汤匙|大勺"),
    ("tsp", r"tsp|teaspoons?|茶匙|小勺"), ("cup", r"cups?|杯"), ("pinch", r"pinch(?:es)?|撮"),
    ("handful", r"handfuls?|把"), ("oz", r"oz|ounces?"), ("lb", r"lbs?|pounds?"),
    ("片", r"片"), ("粒", r"粒"), ("袋", r"袋"), ("clove", r"cloves?"),
)  # fmt: skip
UNITS = "|".join(u for _short, u in UNIT)
WORD_NUMBER = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
NUMBER = r"(?P<n>\d+(?:\.\d+)?|an?|one|two|three|four|five|six)"
AFTER_EN = re.compile(  # "225 grams of self-raising flour", "75g caster sugar", "a pinch of salt"
    rf"(?<![\w.]){NUMBER}\s*(?P<u>{UNITS})(?![A-Za-z])\)?\s*(?:of\s+)?"
    r"(?P<thing>[a-z][a-z-]*(?:\s+(?!(?:until|then|and|or|with|to|into|in|it|for|while|till|on|at|"
    r"maybe|about|per|once|twice|daily|but|if|so|as|because|unless|when|which)\b)[a-z][a-z-]*){0,3})",
    re.I,
)
BEFORE_EN = re.compile(  # "meloxicam 1.5 mg"
    rf"\b(?P<thing>[A-Za-z][a-z-]{{3,}})\s+(?P<n>\d+(?:\.\d+)?)\s*(?P<u>{UNITS})(?![A-Za-z])"
)
COUNTED_EN = re.compile(
    r"\b(?P<n>one|two|three|four|five|six)\s+(?:(?:small|medium|large|big|ripe|fresh)\s+)?"
    r"(?P<thing>eggs?|[a-z]+oes|[a-z]+s)\b(?=\s*(?:with|[,.;]))",
    re.I,
)
HAN = r"[\u4e00-\u9fff]"
BEFORE_ZH = re.compile(rf"(?P<thing>{HAN}{{2,10}})(?P<n>\d+(?:\.\d+)?)\s*(?P<u>{UNITS})")
AFTER_ZH = re.compile(rf"(?<!{HAN})(?P<n>\d+(?:\.\d+)?)\s*(?P<u>{UNITS})(?P<thing>{HAN}{{1,6}})")
LEAD_ZH = re.compile(
    rf"^.*(?:了|开|用|吃|服|加|另外|还有|以及|和|及|再|先|一片|一粒)(?={HAN}{{2}})"
)
NOT_A_THING = frozenset(
    "the a an of and or it its this that some more once twice daily for days weeks hours minutes "
    "months years times if but so as because unless when which you".split()
)
OFTEN = re.compile(
    r"\b(?:once|twice|three times|four times|\d+ times)\s+(?:a|per)\s+day\b|\b(?:once|twice)\s+daily\b"
    r"|\bevery\s+\d+\s+hours\b|(?:每天|一天|每日|一日)\s*[一二三四两\d]\s*次|每\s*[\d一二三四五六八]+\s*小时一次",
    re.I,
)
DAYS = re.compile(
    r"\bfor\s+(\d+|two|three|five|seven|ten)\s+days\b|连用\s*(\d+|[一二三四五六七八九十]+)\s*天",
    re.I,
)
ZH_N = {c: i for i, c in enumerate("零一二三四五六七八九十")}


def measured_entries(text: str) -> list[dict[str, Any]]:
    """Rules 1 and 2: each measured entry as {thing, n, unit, often, days}, in the text's order."""
    found: list[tuple[int, int, dict[str, Any]]] = []
    for pattern in (AFTER_EN, BEFORE_EN, COUNTED_EN, BEFORE_ZH, AFTER_ZH):
        for m in pattern.finditer(text):
            if any(a <= m.start("n") < b for a, b, _e in found):
                continue
            thing = _thing(m.group("thing"), pattern is BEFORE_EN)
            if not thing:
                continue
            unit = _unit(m.groupdict().get("u"))
            n = m.group("n").lower()
            entry = {"thing": thing, "n": float(WORD_NUMBER.get(n, 0) or n), "unit": unit}
            clause = re.split(r"[;；。\n]", text[m.end() :], maxsplit=1)[0]
            after = re.search(rf"\d+(?:\.\d+)?\s*(?:{UNITS})(?![A-Za-z])", clause)
            clause = clause[: after.start()] if after else clause  # up to the next entry
            often, days = OFTEN.search(clause), DAYS.search(clause)
            entry["often"] = often.group(0) if often else None
            entry["days"] = _days(days) if days else None
            entry["habit"] = bool(HABIT.search(text[max(0, m.start() - 16) : m.start()]))
            found.append((m.start(), m.end(), entry))
    return [e for _a, _b, e in sorted(found, key=lambda x: x[0])]


CONTAINER = re.compile(
    r"^(?:tins?|cans?|jars?|bags?|packs?|packets?|bottles?|cartons?)\s+of\s+", re.I
)


def _thing(said: str, before: bool) -> str | None:
    said = LEAD_ZH.sub("", said.strip()) if re.search(HAN, said) else said.strip()
    said = re.sub(r"\s+", " ", CONTAINER.sub("", said))  # "a 400ml tin of coconut milk"
    first = said.split()[0].lower() if said.split() else ""
    if first in NOT_A_THING or before and first.endswith("ing") or len(said) < 2:
        return None
    return said


def _unit(said: str | None) -> str | None:
    if not said:
        return None
    return next((short for short, u in UNIT if re.fullmatch(u, said, re.I)), said)


def _days(m: re.Match[str]) -> int | None:
    said = m.group(1) or m.group(2)
    if said.isdigit():
        return int(said)
    words = {"two": 2, "three": 3, "five": 5, "seven": 7, "ten": 10}
    return words.get(said.lower()) or sum(ZH_N.get(c, 0) for c in said) or None


HABIT = re.compile(
    r"平时|一直|长期|常年|平常|\b(?:usually|regularly|already|normally)\b|\bis on\b", re.I
)
THING = re.compile(
    r"name|drug|ingredient|item|medic|product|component|part|药|名称|品名|成分|原料", re.I
)
AMOUNT = re.compile(r"quantit|amount|qty|数量|用量", re.I)
DOSE = re.compile(r"dose|dosage|strength|剂量|用量", re.I)
OFTEN_NAME = re.compile(r"frequen|how_?often|often|频次|频率|用法|次数", re.I)
DAYS_NAME = re.compile(r"days|duration|天数|疗程", re.I)


def measured_items(
    item: dict[str, Any], text: str, root: Any, name: str = ""
) -> list[dict[str, Any]] | None:
    """Rule 3: the entries as objects of the item schema, when it has a thing and a measure; a
    list of what is prescribed leaves out what the text says is taken already (平时, usually)."""
    given = item.get("properties")
    props: dict[str, Any] = given if isinstance(given, dict) else {}
    kinds = {k: resolve(p, root) if isinstance(p, dict) else {} for k, p in props.items()}
    thing = next((k for k, s in kinds.items() if _typed(s, "string") and THING.search(k)), None)
    measure = [k for k in kinds if AMOUNT.search(k) or DOSE.search(k) or k.lower() == "unit"]
    if thing is None or not measure:
        return None
    out = []
    for e in measured_entries(text):
        if e["habit"] and re.search(r"prescri|new|开", name, re.I):
            continue
        obj: dict[str, Any] = {thing: e["thing"]}
        for k, s in kinds.items():
            if k != thing:
                said = _field(k, s, e)
                obj[k] = said if said is not None or not _typed(s, "null") else None
                obj = {j: v for j, v in obj.items() if v is not None or _typed(kinds[j], "null")}
        out.append(obj)
    return out


def _field(k: str, s: dict[str, Any], e: dict[str, Any]) -> Any:
    """One field of an entry's object by its name (rule 3), else None."""
    n = int(e["n"]) if float(e["n"]).is_integer() else e["n"]
    if k.lower() == "unit" or re.search(r"unit|单位", k):
        return _listed(e["unit"] or "pcs", s)
    if DOSE.search(k) and _typed(s, "string"):
        return f"{n:g}{e['unit']}" if e["unit"] else str(n)
    if AMOUNT.search(k) and (_typed(s, "number") or _typed(s, "integer")):
        return n
    if OFTEN_NAME.search(k):
        return e["often"]
    if DAYS_NAME.search(k):
        return e["days"]
    return None


def _typed(s: dict[str, Any], kind: str) -> bool:
    t = s.get("type")
    return t == kind or isinstance(t, list) and kind in t


def _listed(unit: str | None, s: dict[str, Any]) -> str | None:
    """A unit the property's description lists, when it lists some ("g, ml, tbsp, tsp, pcs")."""
    listed = re.findall(r"[A-Za-z]+", str(s.get("description") or ""))
    if unit is None or len(listed) < 3 or unit in listed:
        return unit
    return None


def fragmentary(found: Any, item: dict[str, Any]) -> bool:
    """Rule 4: whether a list of objects holds fragments: a text value of a sentence's length,
    one with digits in a thing's field, a function word."""
    if not isinstance(found, list) or not found:
        return True
    for x in found:
        for k, v in x.items() if isinstance(x, dict) else []:
            if not isinstance(v, str):
                continue
            if (
                len(v) > 24
                or len(v.split()) > 4
                or v.lower() in NOT_A_THING
                or len(v) < 2
                and THING.search(k)
            ):
                return True
            if THING.search(k) and re.search(r"\d", v):
                return True
    return False
