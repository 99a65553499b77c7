"""A value a tool's error complains about, written again in the form the error hints at (round 17).

`general.recover` (rule 4) corrects a format complaint once; these are the hinted forms it knows
besides an example's shape (`general.correct`). Each takes the value the call sent, or the user's
own words re-read (the request), never a value made up:
- a field the error says is unknown and names another for ("unknown field 'qty', did you mean
  'quantity'?", "未知字段 qty，应为 quantity"): the value sent under that name (`renamed`);
- an airport code ("use the IATA code (e.g. LAX)", "请使用三字母机场代码"): the city's main airport
  (`agentkit.sim.cities`);
- a currency's minor unit ("amount in cents", "金额须为整数（单位：分）"): the amount times 100;
- a unit the error names for a number ("weight must be in grams", "单位为克"): the number the
  request says in another unit of that measure, converted ("2.5公斤" -> 2500);
- a clock ("use 24-hour time, e.g. 19:30", "请使用 24 小时制", "12-hour format like 7:30 PM"):
  the time the value, else the request, says, in that clock;
- a beginning ("phone must start with +86", "必须以 +86 开头", "must begin with INV-"): the value
  after it (a phone's digits, a trunk 0 dropped);
- a phone number the example writes as its national digits ("例如 13800138000", "e.g.
  4155550123"): the value's digits without their country code;
- a code for a language or a currency ("use an ISO 639-1 code such as fr", "currency must be a
  3-letter code"): the code of the one the value names ("French" -> "fr", "euros" -> "EUR");
- capitals or small letters ("must be uppercase", "请用大写字母"), with no example to shape the
  value by: the value in them.
"""

from __future__ import annotations

import re
from typing import Any

from . import cities, languages
from .results import hint
from .values import CURRENCIES, UNITS, converted, times, unit_named, with_unit

RENAMED = re.compile(
    r"(?:unknown|unexpected|unrecogni[sz]ed|invalid|extra|unsupported)\s+(?:field|parameter|"
    r"argument|property|key|param)s?\s*[:：]?\s*[\"'`“‘]?(\w+)[\"'`”’]?.{0,40}?"
    r"(?:did you mean|use|expected|should be|try)\s*[:：]?\s*[\"'`“‘]?(\w+)"
    r"|(?:未知|无效|不支持)的?(?:字段|参数)\s*[:：]?\s*[\"'`“‘]?(\w+)[\"'`”’]?.{0,20}?"
    r"(?:应为|应该是|请使用|改用|您是否要用|是否是)\s*[:：]?\s*[\"'`“‘]?(\w+)",
    re.I | re.S,
)
MINOR = re.compile(
    r"\bin cents\b|\bcents?\b.{0,20}\b(?:integer|whole)|\b(?:integer|whole)\b.{0,30}\bcents?\b|"
    r"\bpence\b|\bminor (?:currency )?units?\b|单位\s*[:：为是]?\s*[（(]?\s*分(?![钟数])|以分为单位|按分计",
    re.I | re.S,
)
UNIT_SAID = re.compile(  # "in grams", "单位为克（g）", "unit: minutes", "以分钟为单位"
    r"\b(?:in|as)\s+([a-z]+)\b|\bunits?\s*(?:is|must be|should be|[:=])\s*([a-z]+)|"
    r"单位\s*(?:为|是|须为|必须是|应为|[:：])?\s*([\u4e00-\u9fff]{1,3}|[A-Za-z]+)|以([\u4e00-\u9fff]{1,3})为单位",
    re.I,
)
INTEGER = re.compile(r"\binteger\b|\bwhole number\b|整数", re.I)
CLOCK_12 = re.compile(r"\b12[- ]?hour\b|12\s*小时制|(?<![\d:])\d{1,2}:\d{2}\s?[AaPp]\.?[Mm]\b")
CLOCK_24 = re.compile(
    r"\b24[- ]?hour\b|24\s*小时制|(?<![T\w-])HH:MM\b|(?:e\.g\.|like|such as|例如|比如|如)\s*[:：]?\s*\d{1,2}:\d{2}(?!\s?[AaPp]\.?[Mm])",
    re.I,
)
STARTS = re.compile(
    r"(?:must|should|needs? to)\s+(?:start|begin)\s+with\s+[\"'`“‘]?([^\s\"'`”’,;.]+)"
    r"|(?:必须|应该|应当|需要|须|应)以\s*[\"'`“‘「]?([^\s\"'`”’」，。；]+?)\s*[\"'`”’」]?\s*开头",
    re.I,
)
NATIONAL = re.compile(
    r"(?:e\.g\.|like|such as|for example|例如|比如|如)\s*[:：]?\s*(\d{7,12})(?!\d)", re.I
)


def renamed(given: dict[str, Any], said: str) -> dict[str, Any] | None:
    """The input with the field the error calls unknown sent under the name it gives instead."""
    for m in RENAMED.finditer(said):
        old, new = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if old in given and new not in given and new != old:
            return {(new if k == old else k): x for k, x in given.items()}
    return None


def mended(value: Any, said: str, task: str, named: bool = False) -> Any:
    """The value in the form the error hints at (the module's docstring), or None; `named`: the
    error names the value's property, so a number it asks for in a unit is the request's even
    where the value sent was no number."""
    for rule in (_airport, _coded, _minor, _unit, _clock, _started, _national, _cased):
        fixed = rule(value, said, task) if rule is not _unit else _unit(value, said, task, named)
        if fixed is not None and fixed != value:
            return fixed
    return None


def _airport(value: Any, said: str, task: str) -> str | None:
    if not isinstance(value, str) or not cities.AIRPORT.search(said):
        return None
    row = cities._city(value) or cities._said_in(value)
    return row[2] if row else None


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str) and re.fullmatch(r"\s*\d+(?:\.\d+)?\s*", value):
        return float(value)
    return None


def _minor(value: Any, said: str, task: str) -> int | None:
    n = _number(value)
    return round(n * 100) if n is not None and MINOR.search(said) else None


def _unit(value: Any, said: str, task: str, named: bool = False) -> int | float | None:
    """A number the error wants in a unit it names: the request's number in another unit of that
    measure, converted; else the one it says in that unit."""
    if _number(value) is None and not named:
        return None
    unit = next(
        (u for m in UNIT_SAID.finditer(said) for w in m.groups() if w and (u := unit_named(w))),
        None,
    )
    if unit is None or unit not in {u for u, _n, _w in UNITS}:
        return None
    said_in = [x for _n, x in converted(unit, task)] or [float(x) for x in with_unit(unit, task)]
    if len(set(said_in)) != 1:
        return None
    x = float(said_in[0])
    return int(x) if x.is_integer() or INTEGER.search(said) else x


def _clock(value: Any, said: str, task: str) -> str | None:
    """A time in the clock the error asks for, from the value, else from the request."""
    twelve = CLOCK_12.search(said)
    if not isinstance(value, str) or not (twelve or CLOCK_24.search(said)):
        return None
    if not (times(value) or re.search(r"\d:\d\d", value)):
        return None  # not a time: a name, a phone
    found = times(value) or times(re.sub(r"\d{4}-\d{2}-\d{2}[T ]?", " ", value)) or times(task)
    if not found:
        return None
    h, m = map(int, found[0][1].split(":"))
    if not twelve:
        return f"{h:02d}:{m:02d}"
    example = re.search(r"\d{1,2}:\d{2}(\s?)([AaPp])(\.?)([Mm])(\.?)", said)
    space, a, dot, mm, dot2 = example.groups() if example else (" ", "A", "", "M", "")
    half = ("P" if h >= 12 else "A") if a.isupper() else ("p" if h >= 12 else "a")
    return f"{(h % 12) or 12}:{m:02d}{space}{half}{dot}{mm}{dot2}"


def _started(value: Any, said: str, task: str) -> str | None:
    """The value after the beginning the error asks for: a country code before a phone's digits
    (a trunk 0 dropped), else the words before the value."""
    m = STARTS.search(said)
    if not isinstance(value, str) or not value.strip() or m is None:
        return None
    lead = m.group(1) or m.group(2)
    if value.startswith(lead) or not re.search(r"\d", value):
        return None
    if re.fullmatch(r"\+\d{1,3}", lead):
        digits = re.sub(r"\D", "", value)
        if not 6 <= len(digits) <= 15 or not re.fullmatch(r"[\d\s().+-]+", value):
            return None  # a phone's digits only: no date, no time
        if digits.startswith(lead[1:]) and len(digits) > 11:
            return "+" + digits
        return lead + (digits[1:] if digits.startswith("0") else digits)
    return lead + value.strip()


def _national(value: Any, said: str, task: str) -> str | None:
    """A phone number written as the example's national digits: the value's digits, a country
    code before them (1 to 3 digits, said after + or 00) left out."""
    m = NATIONAL.search(said)
    if not isinstance(value, str) or m is None:
        return None
    digits = re.sub(r"\D", "", value)
    extra = len(digits) - len(m.group(1))
    international = value.strip().startswith(("+", "00"))
    if 1 <= extra <= 3 + 2 * digits.startswith("00") and international:
        return digits[extra:]
    return digits if extra == 0 and digits != value else None


CODE_ASKED = re.compile(
    r"\bcodes?\b|\bISO\b|\babbreviat|\b[23][- ]letter\b|代码|代号|缩写|[两三二]字母|字母代码", re.I
)
UPPER = re.compile(
    r"\bupper[ -]?case\b|\bin capitals\b|\ball caps\b|\bcapital letters\b|大写", re.I
)
LOWER = re.compile(r"\blower[ -]?case\b|\bsmall letters\b|小写", re.I)


def _coded(value: Any, said: str, task: str) -> str | None:
    """The code of the language or the currency a value names, when the error asks for a code;
    a language's in capitals when the error's example writes it so ("such as FR")."""
    if not isinstance(value, str) or not CODE_ASKED.search(said):
        return None
    lang = languages._code(value)
    if lang is not None:
        return lang.upper() if re.search(r"(?<![A-Za-z])[A-Z]{2}(?![A-Za-z])", said) else lang
    said_as = value.strip()
    return next((c for c, names in CURRENCIES if re.fullmatch(names, said_as, re.I)), None)


def _cased(value: Any, said: str, task: str) -> str | None:
    """The value in capitals or in small letters, as the error asks."""
    if not isinstance(value, str) or not re.fullmatch(r"[\w.-]{2,24}", value) or hint(said):
        return None  # a code's letters, not a name's or a sentence's; an example shapes it all
    if not re.search(r"[A-Za-z]", value):
        return None
    if UPPER.search(said):
        return value.upper()
    return value.lower() if LOWER.search(said) else None
