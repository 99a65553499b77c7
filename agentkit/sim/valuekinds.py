"""The kind of value an extracted field wants, and the span of the text of that kind (forced tool
calls and structured outputs, after `agentkit.sim.spans`). A field is read by its name and
description AND by the shape of the value it wants; a value that does not have that shape is
replaced by the span of the text that has it, or left for the schema's empty value:

- a phone number is the whole run of digits the text writes, country code and groups included
  ("+86 135-0987-6543", never "+86"), written as the description asks: digits only ("digits
  only", "只保留数字", an example of bare digits) or E.164 ("+15035550147");
- a place described by example ("The city and state, e.g. San Francisco, CA", an IATA code) is
  written in that form (`agentkit.sim.cities`: "SF" -> "San Francisco, CA");
- a city is a place name, never a street: the city of an address ("深圳市南山区…" -> 深圳,
  "220 SW Alder St, Portland, OR 97204" -> Portland), else a word of the text the dictionary
  glosses as a city (`glosses`: 杭州 is "… city and capital of Zhejiang"), else an English
  place after "in" or before a state's code ("Austin, TX");
- a range ("25K-38K", "2万-3万", "$120k–$145k", "1.2万-1.8万/月") fills a pair of fields named as
  its two ends (min/max, low/high, from/to, 下限/上限), in the unit the field names (…_k and
  "千" in thousands; 元 / yuan / dollars whole);
- a unit, flat or room is the building-unit-room run ("3号楼2单元1502", "7栋1单元803", "Flat
  4B, Block C"), written as the description's example shows ("如 3-2-1502" -> 3-2-1502);
- a person no label gave is the one who introduces themself ("我是…的住户韩梅梅", "this is
  Gareth Lloyd", "my name is …"), else the name that opens a card or résumé (its first line),
  else (a record's one person left empty) the one Chinese name the text writes between the
  words around it ("杭州的周慧敏，在…"); a Chinese name opens with a surname the dictionary knows
  and is no word or phrase of it (社区通知, 杭州); a name described as a thing's ("活动名称") is
  no person;
- a count of years (min_years, 经验年限) is the number said before 年 / "years" ("5年以上");
- a job title (title, position, role, 职位, 岗位) is a short noun phrase, never a number, a
  person's name, a heading or the whole text: the piece beside the name on a card's line
  ("欧阳明远 | 采购总监", "Priya Raman — Head of Procurement"), the piece before an employer
  ("Senior UX Researcher · Brightloop Health", "Data Platform Engineer at Lumen Freight"), or a
  Chinese run whose last word the dictionary glosses as one who works (工程师 engineer, 会计
  accountant, 经理 manager);
- a company is a run ending in a word for a company ("…有限公司", "…事务所", "Co.", "Ltd") or
  the name after "at" / "·" beside a job title, for a value that is no company (a word of the
  instruction, a piece of the person's name); a name it cannot better is kept;
- an event's host is who "presents" / "organizes" it ("由…主办"), its venue the name before the
  street address on its line; a name loses an aside that holds a number ("(serves 4)");
- one value answers one field: a value of one kind never fills a field of another (a salary is
  no job title, a person's name no title, an address no city).
"""

from __future__ import annotations

import functools
import re
import zoneinfo
from typing import Any

from . import cities, glosses, values
from .arguments import PHONE, resolve, role

CITY_FIELD = re.compile(r"(?:^|_)(?:city|town)(?:_|$)|城市|所在城市", re.I)
TITLE_FIELD = re.compile(
    r"^(?:(?:job|current|position|role)_?)?(?:title|position|role|occupation)(?:_?(?:name|title))?$"
    r"|职位|岗位|职务|头衔",
    re.I,
)
ORG_FIELD = re.compile(
    r"(?:^|_)(?:company|org|organi[sz]ation|employer|firm)(?:_?name)?$|公司|单位", re.I
)
UNIT_FIELD = re.compile(
    r"(?:^|_)(?:unit|apartment|apt|flat|room_?(?:no|number)|suite)(?:_?(?:no|number))?$|房号|门牌|楼号",
    re.I,
)
UNIT_ZH = re.compile(
    r"([\d一二三四五六七八九十]+)\s*(?:号楼|栋|幢|座|号)\s*([\d一二三四五六七八九十]+)\s*单元\s*(\d+)\s*(?:室|号|房)?"
)
UNIT_EN = re.compile(
    r"\b((?:Flat|Apt\.?|Apartment|Unit|Suite|Room)\s+#?[0-9]+[A-Z]?)(?:,?\s+(Block|Building|Tower)\s+([A-Z0-9]+))?"
)
ORG_END = r"(?:有限责任公司|股份有限公司|有限公司|公司|集团|事务所|研究院|研究所|工作室|银行|医院|学校|大学|中心)"
ORG_ZH = re.compile(rf"[\u4e00-\u9fff]{{2,20}}?{ORG_END}")
ORG_EN = re.compile(
    r"\b[A-Z][\w&'-]*(?:[ \t]+(?:&[ \t]+)?[A-Z][\w&'-]*)*[ \t]+(?:Co\.|Ltd\.?|Inc\.?|LLC|GmbH|plc|PLC|Corp\.?|Company)"
)
SEP = r"\s*(?:\||·|•|—|–|/|,|，)\s*"
WORKER_GLOSS = re.compile(
    r"^(?:[a-z]+(?:er|or|ant|ist|ian|ee)|head|manager|director|person in charge|chief|clerk|"
    r"specialist|officer|assistant|secretary|supervisor|nurse|chef|cook)$"
)
SELF_ZH = re.compile(
    r"我(?:是|叫)(?:[^，,。！!？?\s]{0,16}?的)?(?:住户|业主|租户|居民|房客|学生|家长|顾客|客户)?"
    r"([\u4e00-\u9fff]{2,4}?)(?=[，,。！!？?\s]|$)"
)
SELF_EN = re.compile(
    rf"\b(?:this is|my name is|I am|I'm)\s+({values.FULL_RUN})(?=\s*(?:from|of|at|in|,|\.|$))"
)
AMOUNT = r"(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
RANGE = re.compile(
    rf"([$€£¥￥]?)\s*{AMOUNT}\s*([kK千万wW])?\s*(?:-|–|—|~|～|到|至|to)\s*"
    rf"([$€£¥￥]?)\s*{AMOUNT}\s*([kK千万wW])?"
)
LOW = re.compile(r"(?:^|_)(?:min|minimum|low|lower|from|start|floor)(?:_|\b)|下限|最低|起", re.I)
HIGH = re.compile(r"(?:^|_)(?:max|maximum|high|upper|to|end|ceiling|cap)(?:_|\b)|上限|最高", re.I)
PHONE_FIELD = re.compile(
    r"(?:^|_)(?:contact|phone|tel|mobile|cell)_?(?:no|number|num)$|联系方式|联系电话", re.I
)
PERSON_FIELD = re.compile(  # people the arguments' roles do not name
    r"(?:^|_)(?:resident|occupant|householder|homeowner|landlord|client|complainant)(?:_?(?:full_?)?name)?$",
    re.I,
)


def _text_of(name: str, s: dict[str, Any]) -> str:
    return f"{name} {s.get('description') or ''}"


# -- phone --------------------------------------------------------------------------------------


def phone_shaped(v: str) -> bool:
    """A phone: seven digits or more, no year range or date ("(2019-2022" is no phone)."""
    digits = re.sub(r"\D", "", v)
    return len(digits) >= 7 and not re.fullmatch(
        r"\(?(?:19|20)\d\d\s*[-–/.]\s*(?:(?:19|20)\d\d|\d\d?[-/.]\d\d?)\)?", v.strip()
    )


def full_phone(value: str, text: str) -> str | None:
    """The whole phone number of the text that a short piece ("+86") opens or that is the
    text's only phone."""
    said = values.without_dates(text)
    runs = [
        m.group(0).strip() for m in PHONE.finditer(said)
        if phone_shaped(m.group(0)) and not _an_amount(said, m.start(), m.end())
    ]  # fmt: skip
    if not runs:
        return None
    if value and len(re.sub(r"\D", "", value)) >= 7 and value.strip() in runs:
        return value
    opened = [r for r in runs if value and r.startswith(value.strip())]
    return (opened or runs)[0]


def _an_amount(text: str, start: int, end: int) -> bool:
    """Digits that are an amount, not a phone: after a currency sign or before a unit of money
    or a rate ("4500-6000元/月", "$1200-1500")."""
    before, after = text[max(0, start - 2) : start], text[end : end + 4]
    return bool(
        re.search(r"[$€£¥￥]\s*$", before) or re.match(r"\s*(?:元|块|万|千|/|per\b|k\b|K\b)", after)
    )


def phone_as_asked(phone: str, s: dict[str, Any]) -> str:
    """A phone number as its description asks: digits only (with the country code the text
    wrote) or E.164; else as written."""
    said = str(s.get("description") or "")
    digits = re.sub(r"\D", "", phone)
    if re.search(r"E\.?164|\+\d{8,}", said):
        return "+" + digits if phone.strip().startswith("+") else phone
    if re.search(
        r"digits only|only digits|numbers only|纯数字|只保留数字|只要数字|仅数字|\b\d{8,}\b", said
    ):
        return digits
    return phone


# -- city ---------------------------------------------------------------------------------------


def _zh_city(text: str) -> str | None:
    m = re.search(r"(?:[\u4e00-\u9fff]{2,3}?省)?([\u4e00-\u9fff]{2,3}?)市", text)
    if m:
        return m.group(1)
    for w in glosses.segmented(text):
        g = " ".join(glosses.gloss(w))
        if (
            len(w) >= 2
            and _proper(w)
            and re.search(r"\bcity\b|\bcapital of\b", g)
            and not re.match(r"^\w+ (?:province|county)\b", g)
        ):
            return w
    return None


def _proper(word: str) -> bool:
    """A Chinese word the dictionary glosses as a proper name ("纽约": New York)."""
    return any(g[:1].isupper() for g in glosses.gloss(word))


def _en_city(text: str) -> str | None:
    m = re.search(
        r"\b([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?),\s*(?:[A-Z]{2}\b|[A-Z][a-z]+\s*$|[A-Z][a-z]+\b)", text
    )
    for line in text.splitlines():
        parts = [p.strip() for p in line.split(",")]
        for i, p in enumerate(parts[1:], 1):
            town = re.fullmatch(
                r"([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)(?:\s+(?=[A-Z0-9 ]*\d)[A-Z0-9]{2,4}(?:\s?[A-Z0-9]{3,4})?)?",
                p,
            )
            if re.search(r"\d", parts[i - 1]) and town:  # "220 SW Alder St, Portland, OR 97204"
                return town.group(1)  # "14 Wharf Road, Bristol BS1 4RN"
    if m and re.search(r"[A-Z]{2}\b", text[m.end(1) : m.end(1) + 5]):
        return m.group(1)  # "Austin, TX"
    for w in re.findall(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\b", text):
        if w in zone_cities():
            return w  # "Lisbon, Portugal"
    m = re.search(r"\bin\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\b", text)
    return m.group(1) if m else None


def city_in(value: Any, text: str, others: list[Any]) -> str | None:
    """A city: the city of a value that holds an address (never another field's value), else
    the text's city."""
    if (
        isinstance(value, str)
        and value.strip()
        and not any(isinstance(o, str) and o and o in value for o in others)
    ):
        v = value.strip()
        if re.search(r"[\u4e00-\u9fff]", v):
            c = _zh_city(v)
            if c or len(v) <= 4 and _proper(v):
                return c or v  # "纽约" stays; "深圳市南山区…" is 深圳, "城市" is no city
        elif not re.search(r"\d", v) and len(v.split()) <= 3 and "," not in v:
            return v
        else:
            c = _en_city(v)
            if c:
                return c
    return _zh_city(text) if re.search(r"[\u4e00-\u9fff]", text) else _en_city(text)


# -- range --------------------------------------------------------------------------------------


def _scale(mark: str) -> float:
    return {"k": 1e3, "千": 1e3, "万": 1e4, "w": 1e4}.get(mark.lower(), 1.0)


def range_ends(text: str) -> tuple[float, float, str] | None:
    """The two ends of the first range of amounts the text writes ("25K-38K", "2万-3万"), in
    whole units, and the mark of its unit ("k", "万" or "")."""
    for m in RANGE.finditer(values.without_dates(text)):
        mark = m.group(3) or m.group(6) or ""
        if not (mark or m.group(1) or m.group(4)):
            continue  # bare numbers "3-5" are no amount range
        lo = float(m.group(2).replace(",", "")) * _scale(m.group(3) or m.group(6) or "")
        hi = float(m.group(5).replace(",", "")) * _scale(m.group(6) or m.group(3) or "")
        if lo < hi:
            return lo, hi, (m.group(6) or m.group(3) or "").lower()
    return None


def _in_unit(amount: float, name: str, s: dict[str, Any]) -> float:
    """An amount in the unit the field names: thousands (…_k, "thousand", 千), 万, else whole."""
    said = _text_of(name, s)
    if re.search(r"(?:^|_)k(?:_|\b)|thousands?|千", said, re.I):
        return amount / 1e3
    if re.search(r"万", said) and not re.search(r"元|yuan", said):
        return amount / 1e4
    return amount


# -- unit / person / title / company -----------------------------------------------------------


def unit_in(text: str, s: dict[str, Any]) -> str | None:
    """The building-unit-room run of the text, written as the description's example shows."""
    m = UNIT_ZH.search(text)
    if m:
        if re.search(r"\d+-\d+-\d+", str(s.get("description") or "")):
            return "-".join(values.digits_for_words(g) for g in m.groups())
        return m.group(0).strip()
    m = UNIT_EN.search(text)
    if m:
        return m.group(0).strip()
    return None


def self_named(text: str) -> str | None:
    """The person who introduces themself ("我是3号楼…的住户韩梅梅", "this is Gareth Lloyd")."""
    m = SELF_ZH.search(text)
    if m and zh_name(m.group(1)):
        return m.group(1)
    m = SELF_EN.search(text)
    return m.group(1) if m else None


def zh_name(run: str) -> bool:
    """A Chinese personal name: two to four characters that open with a surname the dictionary
    knows (韩梅梅, 上官婉清), never a phrase of words ("来投诉的")."""
    if not re.fullmatch(r"[\u4e00-\u9fff]{2,4}", run):
        return False
    entries = glosses._entries()  # every sense, a surname's too (`gloss` leaves those out)
    if run in entries and not re.search(r"\(\d{3,4}-", entries[run]):
        return False  # a word of the dictionary (杭州, 手机), not a person's entry
    words = glosses.segmented(run)
    if any(len(w) >= 2 and "surname" not in entries.get(w, "") for w in words[1:]):
        return False  # a phrase of words (社区通知)
    return any("surname" in entries.get(run[:n], "") for n in (1, 2)) and not _worker(run)


def _worker(piece: str) -> bool:
    """Whether a Chinese run ends in a word the dictionary glosses as one who works."""
    words = glosses.segmented(piece)
    if not words or not re.fullmatch(r"[\u4e00-\u9fff]+", piece):
        return False
    said = [
        g.strip().lower() for g in glosses.gloss(words[-1]) if not re.match(r"^(?:a|an|the)\s", g)
    ]
    return any(WORKER_GLOSS.match(g) or WORKER_GLOSS.match(g.split()[-1]) for g in said if g)


EN_TITLE = re.compile(  # "Senior UX Researcher", "Head of Procurement": a last word for one who works
    r"^(?:[A-Z][\w/&+-]*\s+){0,4}(?:(?:Head|VP|Vice\s+President|Director|Manager|Chief\s+\w+)\s+of\s+"
    r"[A-Z]\w+(?:\s+[A-Z]\w+)?|"
    r"(?!(?:Center|Tower|Water|Quarter|Corner|Harbou?r|Floor|Door|Manor|Mirror|Theater|Chamber|"
    r"Computer|Paper|River|Order|Number|Letter|Winter|Summer|Dinner|Tavern|Corridor|Sector|Motor)$)"
    r"[A-Z][a-z]*(?:er|or|ist|ant|ian|ent|ee|Lead|Chief|Analyst|Chef|Partner|Associate)|"
    r"Intern|Apprentice|Fellow|Clerk|Nurse|Surgeon|Pilot|Architect)$"
)


def _title_piece(p: str) -> bool:
    if re.search(r"\d|@", p) or len(p) > 40:
        return False
    if re.search(r"[\u4e00-\u9fff]", p):
        return len(p) <= 12 and _worker(p) and len(glosses.segmented(p)) <= 5
    return bool(EN_TITLE.match(p))


def _pieces(line: str) -> list[str]:
    """A line's pieces: without a leading label, split at separators, sentence ends and "at"
    (a Chinese line also at single spaces)."""
    line = re.sub(r"^[^：:\s]{1,8}[：:]\s*", "", line.strip())
    parts = re.split(
        r"\s*(?:\||·|•|—|–|/|,|，|、|[!?！？;；(（)）]|\.(?:\s|$)|\s{2,}|\s+at\s+|(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff]))\s*",
        line,
    )
    return [p.strip(" 【】[]「」") for p in parts if p and p.strip(" 【】[]「」")]


def _a_place(p: str) -> bool:
    """A piece that opens with a city ("杭州滨江", "Austin"): no company."""
    words = glosses.segmented(p) if re.search(r"[\u4e00-\u9fff]", p) else []
    if words and re.search(r"\bcity\b|\bcapital of\b", " ".join(glosses.gloss(words[0]))):
        return True
    return p.split(" ")[0] in zone_cities()


def line_roles(text: str, person: str | None) -> tuple[str | None, str | None, str | None]:
    """(title, company, person) a line of a card, résumé or ad gives: the job-title piece and
    the pieces beside it, the person's name or a company (never a place or a number)."""
    alone = None
    for line in text.splitlines():
        pieces = _pieces(line)
        for i, p in enumerate(pieces):
            if not _title_piece(p) or p == person:
                continue
            alone = alone or p
            org = name = None
            for q in [pieces[j] for j in (i + 1, i - 1) if 0 <= j < len(pieces)]:
                if q == person or person is None and _name_shaped(q) and q == pieces[0]:
                    name = q
                elif not re.search(r"\d|@", q) and len(q) <= 40 and not _title_piece(q):
                    if not _a_place(q) and not org and not re.search(r"[a-z]'", q):
                        org = q
            if org or name:
                return p, org, name
    return alone, None, None


def _name_shaped(p: str) -> bool:
    if re.fullmatch(r"[\u4e00-\u9fff]{2,4}", p):
        return zh_name(p) and not _a_place(p)
    return (
        bool(re.fullmatch(values.FULL_RUN, p.title()))
        and len(p.split()) <= 4
        and (p.istitle() or p.isupper())
    )


@functools.cache
def zone_cities() -> frozenset[str]:
    """The cities the time-zone database names ("Europe/Lisbon" -> Lisbon)."""
    return frozenset(
        z.rsplit("/", 1)[-1].replace("_", " ") for z in zoneinfo.available_timezones() if "/" in z
    )


def org_in(text: str) -> str | None:
    """A company the text names by its ending (…有限公司, …事务所, "Co.", "Ltd")."""
    m = ORG_ZH.search(text) or ORG_EN.search(text)
    if not m:
        return None
    found = m.group(0)
    if re.search(r"[\u4e00-\u9fff]", found):  # a run begins after a verb or a label: "录入成都…"
        for w in glosses.segmented(found)[:2]:
            if all(re.match(r"^(?:to )", g) for g in glosses.gloss(w)) and glosses.gloss(w):
                found = found[len(w) :]
            else:
                break
    return found


def _first_line_name(text: str) -> str | None:
    """The name a card or résumé opens with (its first line's first piece), for a text of
    several lines."""
    lines = [
        x
        for x in text.splitlines()
        if x.strip()
        and not re.fullmatch(r"[\s\W_]*(?:名片|简历|个人简历|résumé|resume|cv)?[\s\W_]*", x, re.I)
    ]
    if len(lines) < 3:
        return None
    first = _pieces(lines[0])[:1]
    if (
        not first
        or not _name_shaped(first[0])
        or re.match(r"(?:Hi|Hello|Dear|Hey)\b", first[0], re.I)
    ):
        return None
    return first[0].title() if first[0].isupper() else first[0]


# -- the reading --------------------------------------------------------------------------------


def _unfit_title(v: Any, others: list[Any]) -> bool:
    if not isinstance(v, str) or not v.strip():
        return True
    return bool(
        "\n" in v
        or len(v) > 40
        or re.search(r"\d", v)
        or v in others
        or re.match(r"^【", v)
        or re.search(r"简历|résumé|resume|名片", v, re.I)
    )


def by_value_kind(
    props: dict[str, Any],
    got: dict[str, Any],
    text: str,
    root: dict[str, Any],
    labelled: dict[str, str],
    task: str = "",
) -> dict[str, Any]:
    """Each field's value checked against the kind it wants (the rules above); `labelled` the
    label each field took, `task` the whole request (a job's record is called one there)."""
    out = dict(got)
    fields = {k: resolve(p, root) if isinstance(p, dict) else {} for k, p in props.items()}
    for k, s in fields.items():
        phoned = role(k, s) == "phone" or PHONE_FIELD.search(k)
        if s.get("type") == "string" and phoned and not s.get("enum"):
            phone = full_phone(str(out.get(k) or ""), text)
            if phone:
                out[k] = phone_as_asked(phone, s)
    _ranges(fields, out, text)
    _years(fields, out, text)
    _people(fields, out, text, labelled)
    _orgs_and_titles(fields, out, text, labelled, task)
    _events(fields, out, text, labelled)
    for k, s in fields.items():
        if s.get("type") != "string" or s.get("enum"):
            continue
        said = str(s.get("description") or "")
        if (UNIT_FIELD.search(k) and not MEASURE.search(said)) or re.search(
            r"楼号|房号|房间号|单元|门牌|\d+-\d+-\d+", said
        ):
            _put(out, k, unit_in(text, s), keep=True)
        elif CITY_FIELD.search(k):
            city = city_in(out.get(k), text, [out.get(o) for o in fields if o != k])
            _put(out, k, city, keep=not re.search(r"\d", str(out.get(k) or "")))
        if cities.form(k, s):  # "SF" as the description shows it: "San Francisco, CA"
            _put(out, k, cities.written(k, s, out.get(k), text), keep=True)
    return out


def _stem(name: str, end: re.Pattern[str]) -> str:
    return end.sub("_", name).strip("_")


def _ranges(fields: dict[str, dict[str, Any]], out: dict[str, Any], text: str) -> None:
    """A range's two ends into the pair of numeric fields named as its ends (the same name
    but for the end's word: salary_min_k / salary_max_k)."""
    nums = [k for k, s in fields.items() if s.get("type") in ("integer", "number")]
    said = {k: f"{k} {fields[k].get('description') or ''}" for k in nums}
    lows = [k for k in nums if LOW.search(said[k])]
    highs = [k for k in nums if HIGH.search(said[k]) and k not in lows]
    pairs = [(lo, hi) for lo in lows for hi in highs if _stem(lo, LOW) == _stem(hi, HIGH)]
    if len(pairs) != 1 and len(lows) == len(highs) == 1:
        pairs = [(lows[0], highs[0])]
    if len(pairs) != 1:
        return
    ends = range_ends(text)
    if not ends:
        return
    lo, hi, _mark = ends
    for k, amount in zip(pairs[0], (lo, hi), strict=True):
        v = _in_unit(amount, k, fields[k])
        out[k] = int(round(v)) if fields[k].get("type") == "integer" else v


YEARS_FIELD = re.compile(r"years|yrs|experience|(?:^|_)exp(?:_|$)|年限|工龄|经验", re.I)
YEARS_SAID = re.compile(r"(?<![\d.])(\d{1,2})\s*\+?\s*(?:年|years?\b|yrs\b)(?!\d)")


def _years(fields: dict[str, dict[str, Any]], out: dict[str, Any], text: str) -> None:
    """A count of years (min_years, years_required, 经验年限) is the number the text says before
    年 / years ("5年以上", "4+ years"), never a range's end or an amount."""
    said = [int(m.group(1)) for m in YEARS_SAID.finditer(values.without_dates(text))]
    if len(set(said)) != 1:
        return
    for k, s in fields.items():
        if s.get("type") in ("integer", "number") and YEARS_FIELD.search(_text_of(k, s)):
            out[k] = said[0]


def _people(
    fields: dict[str, dict[str, Any]], out: dict[str, Any], text: str, labelled: dict[str, str]
) -> None:
    """A person no label gave: the one who introduces themself, else the name a card or résumé
    opens with, before any other span the general reading took."""
    from . import spans
    from .spans import personal

    found = self_named(text) or _first_line_name(text)
    for k, s in fields.items():
        if s.get("type") != "string" or k in labelled:
            continue
        if not (personal(k, s) or PERSON_FIELD.search(k)) or THING_SAID.search(
            str(s.get("description") or "")
        ):
            continue
        if found:
            out[k] = found
        elif not out.get(k) and len([x for x in fields if personal(x, fields[x])]) == 1:
            _put(out, k, zh_name_in(text), keep=True)
        elif isinstance(out.get(k), str) and _quoted(out[k], text):
            titled = spans.HONORIFIC.search(text)  # a talk's title is no speaker: "Dr. Lena Ortiz"
            _put(out, k, titled.group(1) if titled else None)


def _quoted(v: str, text: str) -> bool:
    """Whether a value stands inside quotes in the text (a title: "Soil Carbon in …")."""
    return any(v.strip() in "".join(m.groups("")) for m in QUOTED.finditer(text))


QUOTED = re.compile(r'"([^"]+)"|“([^”]+)”|「([^」]+)」|《([^》]+)》')


THING_SAID = re.compile(  # a name described as a thing's ("活动名称", "name of the event")
    r"名称|活动|项目|产品|商品|公司|机构|地点|\b(?:event|product|item|company|organi[sz]ation|place|venue|"
    r"project|team|book|song|film|movie|dish|course|pet|file)\b",
    re.I,
)
ZH_NAME_SLOT = re.compile(  # a name between the words around it: "杭州的周慧敏，在…"
    r"(?:^|(?<=[，,。：:；;\s的是叫由请找和与跟给]))([\u4e00-\u9fff]{2,4}?)"
    r"(?=[，,。；;！!？?\s]|在|的|说|是|想|要|教授|老师|医生|博士|先生|女士|律师|师傅|$)"
)


def zh_name_in(text: str) -> str | None:
    """The one Chinese personal name the text writes between the words around it (`zh_name`),
    for a record's one person that nothing else filled."""
    found = {m.group(1) for m in ZH_NAME_SLOT.finditer(text) if zh_name(m.group(1))}
    return found.pop() if len(found) == 1 else None


def _org_unfit(v: Any, person: Any) -> bool:
    if not isinstance(v, str) or len(v.strip()) < 2 or "\n" in v or re.search(r"[\d@]", v):
        return True
    return isinstance(person, str) and v.casefold() in [
        person.casefold(),
        *person.casefold().split(),
    ]


def _orgs_and_titles(
    fields: dict[str, dict[str, Any]],
    out: dict[str, Any],
    text: str,
    labelled: dict[str, str],
    task: str,
) -> None:
    """A company by its ending or beside a job title; a job title as `line_roles` reads it."""
    from .spans import personal

    person = next(
        (out[k] for k, s in fields.items() if personal(k, s) and isinstance(out.get(k), str)), None
    )
    orgs = [
        k for k, s in fields.items()
        if s.get("type") == "string" and (ORG_FIELD.search(k) or role(k, s) == "organisation")
    ]  # fmt: skip
    title, beside, _name = line_roles(text, person)
    for k in orgs:
        v = out.get(k)
        unfit = _org_unfit(v, person) or _instructed(str(v), text, task)
        if k not in labelled and (unfit or _title_piece(str(v))):
            held = {out.get(o) for o in [*labelled, *orgs] if o != k} | {person}
            found = next((x for x in (org_in(text), beside) if x and x not in held), None)
            _put(out, k, found, keep=not unfit)  # a title-like name ("Northwind Lumber") stays
    org = next((out[k] for k in orgs if isinstance(out.get(k), str)), None)
    if org and title and org in title:
        title = None
    of_job = bool(orgs or any(PAY_FIELD.search(o) for o in fields) or JOB_SAID.search(task))
    for k, s in fields.items():
        if s.get("type") != "string" or not _job_title_field(k, s, of_job, labelled.get(k, "")):
            continue
        v = out.get(k)
        unfit = _unfit_title(v, [out.get(o) for o in fields if o != k])
        if unfit or not _titled(str(v)):
            _put(out, k, title, keep=not unfit)


def _instructed(v: str, text: str, task: str) -> bool:
    """A value taken from the instruction's own words ("帮我录入这张名片" -> 录入), not the material."""
    return v in task and v not in text


def _put(out: dict[str, Any], k: str, found: str | None, keep: bool = False) -> None:
    """A field's value found by its kind; a value of the wrong kind (unless kept) is dropped."""
    if found:
        out[k] = found
    elif not keep and k in out:
        del out[k]


def _job_title_field(name: str, s: dict[str, Any], of_someone: bool, label: str) -> bool:
    """A field for a job title: named or labelled so (job_title, position, 职位), or a bare title
    / role of a record that also holds a person, an employer or pay (a contact, a job ad)."""
    said = f"{_text_of(name, s)} {label}"
    if re.search(r"job|position|occupation|职位|岗位|职务|头衔", said, re.I):
        return True
    return bool(TITLE_FIELD.search(name)) and of_someone


MEASURE = re.compile(r"measure|kg|litre|liter|meter|metre|计量|度量|单位名", re.I)
PAY_FIELD = re.compile(r"salary|pay|wage|薪|工资", re.I)
JOB_SAID = re.compile(
    r"\b(?:jobs?|hiring|vacanc(?:y|ies)|position|opening)\b|岗位|职位|招聘|招人|聘", re.I
)


def _titled(v: str) -> bool:
    return _title_piece(v)


HOST_FIELD = re.compile(r"organi[sz]er|host|presenter|sponsor|主办|组织", re.I)
HOSTED_BY = re.compile(
    r"\b(?i:presented|organi[sz]ed|hosted|run|sponsored|brought to you)\s+by\s+"
    r"((?:the\s+)?[A-Z][\w&'-]*(?:[ \t]+(?:of[ \t]+|&[ \t]+)?[A-Z][\w&'-]*)*)"
    r"|由([\u4e00-\u9fff]{2,20}?)(?:主办|举办|组织)"
)
TOPIC_FIELD = re.compile(r"(?:^|_)(?:topic|title|subject|theme)$|题目|主题|标题", re.I)
VENUE_FIELD = re.compile(r"(?:^|_)venue(?:_?name)?$|场馆|场地名", re.I)
ASIDE = re.compile(r"\s*[(（][^()（）]*\d[^()（）]*[)）]\s*$")


def _events(
    fields: dict[str, dict[str, Any]], out: dict[str, Any], text: str, labelled: dict[str, str]
) -> None:
    """Who puts an event on ("Presented by Fen Arts Collective", "由…主办"); a venue, the name on
    the line before its street address ("The Old Granary, 9 Mill Lane"); a name without an
    aside that holds a number ("Lemon Herb Roast Chicken (serves 4)"); a topic or title, the one
    quoted title of the sentence it took ("《城市雨水花园设计》")."""
    for k, s in fields.items():
        if s.get("type") != "string" or s.get("enum") or k in labelled:
            continue
        found = _event_value(k, s, out.get(k), text)
        if found:
            out[k] = found


def _event_value(k: str, s: dict[str, Any], v: Any, text: str) -> str | None:
    if HOST_FIELD.search(k):
        m = HOSTED_BY.search(text)
        return (m.group(1) or m.group(2)) if m else None
    if not isinstance(v, str):
        return None
    if VENUE_FIELD.search(k) and re.match(r"\d", v.strip()):
        for line in text.splitlines():
            head, _sep, rest = line.partition(",")
            if v.strip() in line and rest and not re.search(r"\d", head) and v.strip() != head:
                return head.strip()
    elif ASIDE.search(v) and role(k, s) in (None, "product"):
        return ASIDE.sub("", v)
    elif TOPIC_FIELD.search(k):
        quoted = {"".join(m.groups("")) for m in QUOTED.finditer(text)}
        if len(quoted) == 1 and next(iter(quoted)) in v and v.strip() != next(iter(quoted)):
            return quoted.pop()  # a sentence that holds one quoted title: the title
    return None
