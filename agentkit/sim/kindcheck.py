"""The last check of an extraction (a forced call's input, a structured output): every value is
of the kind its property asks, or it is left out. The readers before this one propose values by
shape and position; here each proposal is judged by what it is, and one that fails is dropped:
an optional field is then left out, a required one takes the best candidate of its kind the text
gives, else the schema's empty value (`agentkit.sim.conform`) — never a fragment. Items of a list
of objects are checked too, but take no candidate read from the whole text.

The kinds, by the property's name and description (`string_kind`), each with its check:
- a **person** (name in a record of a person: one with a phone, email, birth or gender beside it;
  contact, driver, manager, artist, witness, 姓名, 联系人, …) is a whole name: a surname and one
  to three characters that make no word of the dictionary (`placed_name`), 老/小 and a surname, a
  surname and 先生/女士/师傅, or one to four capitalised words (particles: van, de, …) that name
  no place; a role word before it is dropped (业主赵敏 -> 赵敏); a property named by a role
  (landlord, lessor, tenant, seller, buyer, patient, driver, owner) is the name the text leads
  with that role's word, a bracket or colon between ("甲方（出租人）赵志强", `role_led`). A required one missing is who
  introduces themself, else the name that opens the text, else one a role word leads
  (房东孙建国), else an English text's first full name outside quotes and company contexts;
- an **organisation** (company, employer, school, borrower, vendor, 公司, 学校) is a phrase, no
  clause, no person's name, its English words capitalised, and no multi-word title the text
  quotes ('lending "Harbour at Dusk" to …');
- a **place** (location, address, street, city, venue, destination, 地点, 地址) is a place
  phrase: no clause (了 / 着 / 的时候, a sentence's punctuation), no modal, copula, link or time
  (应该, 是, 另外, 明天下午); an English one is named (a capital or a number); never the record's
  organisation. A city writes no digits, a street a number or a street word. A Chinese location
  missing is what 在 opens up to the place word that ends it (在文三路和学院路路口等红灯 ->
  文三路和学院路路口);
- an **id or number** (phone, policy, report, order, plate, zip, card, requisition, 电话, 保单号,
  报案号, …) is one token, never a clause, and the token whose cue word, just before it, is of the
  property's kind: a token cued as another kind (a phone for a policy number, a frame number's
  digits for a phone) gives way to the one cued as the property's, even in an optional field; a
  zip has a zip's shape; a phone has seven digits or more and is no year range ("(2019-2022");
- a **time** keeps the half of the day the request says (下午四点半 is 16:30, "4:30 pm" 16:30);
  a **date** the text writes without its year is the nearest such day, not one almost a year
  ahead, and its day of the month is one the request writes or says relative to today or by a
  holiday; a string whose description asks YYYY-MM(-DD) or HH:MM holds a value of that shape
  (or a word: present, 至今); a greeting ("Hello organisers") fills nothing; a required title
  missing is the one text the material quotes;
- a **number** is one the text writes as such: a year (year, built, born, 年份) lies in
  1800..2100 and is written (else the one year the text writes); any other is no piece of a
  longer token (a phone, a date, an id: "138-0801-2257" holds no 0801; a range of two is fine),
  no bare code of five digits or more, and no count of people (6 个人) for a property of another
  kind; a count named by its noun is the number said right before that noun ("two and a half
  baths" for bathrooms: 2.5);
- a list of **people** (witnesses, attendees, participants, 证人, …) holds the whole name each item
  says, items that say none dropped; a list of **named terms** (skills, tools, 技能) holds terms,
  never a clause (else the text's named terms, `structured.named_terms`); any other list of
  strings holds whole phrases: no function character or word alone, no unbalanced bracket, no
  clause's tail, no "I'd cover:" lead; a list that is the text's clauses one after another is no
  reading (actions: the sentences of obligation, `cues.obligations`; else empty), and a list of
  three items or more given whole to two properties answers neither;
- a word alone that names nothing ("this") is no value; an item's thing (item, product, name)
  is no clause, sign-off or person's first name; an open question (open_questions, 待定)
  leaves something undecided (whether, 要不要, 没有结论), else it is no item; a list of
  languages holds the spoken languages the text names (`SPOKEN`, a class table), when it names
  one; an institution is an organisation;
- an item of a list of objects is checked field by field; an item with no text left in a field
  that is no enum, or with most of its required fields empty, is dropped; each item is kept once.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from . import cues, glosses, mentions, valuekinds, values
from .arguments import resolve
from .cues import ACTIONS, obligations
from .nested import JOB_WORD

PERSON_KEY = re.compile(
    r"^(?:name|full_?name|person|contact|driver|claimant|witness(?:es)?|artist|landlord|tenant|"
    r"patient|speaker|reporter|applicant|candidate|hiring_manager|manager|injured_person|owner)$|"
    r"(?:^|_)(?:customer|patient|owner|contact|employee|claimant|driver|candidate|speaker|first|"
    r"last|full|person|reporter|guest|student|tenant|landlord|seller|buyer|applicant)_?name$|"
    r"姓名|名字|联系人|司机|证人|伤者|当事人",
    re.I,
)
PERSONISH = re.compile(r"phone|email|birth|gender|sex|age$|mobile|电话|手机|性别|出生", re.I)
PEOPLE_LIST = re.compile(
    r"witness|attendee|participant|people|persons|speakers|members|guests|证人|目击|参会|参加|人员",
    re.I,
)
OPEN_LIST = re.compile(r"question|open|unresolved|pending|undecided|疑问|问题|待定|待议|未决", re.I)
UNDECIDED = re.compile(
    r"\b(?:whether|undecided|tbd|to be decided|not (?:yet )?decided|no decision)\b|\?|？|是否|要不要|"
    r"没有结论|没结论|再议|待定|未定|还没定|悬而未决",
    re.I,
)
LANGUAGES = re.compile(r"^(?:spoken_)?languages?(?:_spoken)?$|语言|语种", re.I)
SPOKEN = re.compile(  # a class table: the spoken languages (a list of languages holds these)
    r"\b(?:English|Dutch|Arabic|French|German|Spanish|Italian|Portuguese|Chinese|Mandarin|Cantonese|"
    r"Japanese|Korean|Hindi|Urdu|Russian|Polish|Turkish|Swedish|Norwegian|Danish|Finnish|Greek|"
    r"Hebrew|Persian|Farsi|Vietnamese|Thai|Indonesian|Malay|Swahili|Bengali|Punjabi|Tamil|"
    r"Ukrainian|Czech|Romanian|Hungarian|Welsh|Irish)\b|英语|英文|中文|汉语|普通话|粤语|日语|韩语|"
    r"法语|德语|西班牙语|俄语|阿拉伯语|意大利语|葡萄牙语|荷兰语"
)
TERMS_LIST = re.compile(r"skill|tool|technolog|stack|framework|language|技能|技术|工具", re.I)
ORG_KEY = re.compile(
    r"company|employer|organi[sz]ation|school|university|college|institution|borrower|vendor|insurer|"
    r"hospital|公司|单位|学校|院校|机构",
    re.I,
)
PLACE_KEY = re.compile(
    r"location|address|street|city|venue|place|district|destination|origin|地点|地址|位置|城市|场所|目的地",
    re.I,
)
CITY_KEY = re.compile(r"(?:^|_)city$|城市", re.I)
STREET_KEY = re.compile(r"street|街道", re.I)
STREET_WORD = re.compile(
    r"\d|\b(?:Lane|Street|St|Road|Rd|Avenue|Ave|Row|Drive|Dr|Way|Court|Ct|Boulevard|Blvd|Place|"
    r"Close|Terrace|Square)\b|路|街|道|巷|弄|号",
)
CLAUSE_ZH = re.compile(r"了|着|过|的时候|把|被|说是|觉得|[，。；！？]")
NO_PLACE_ZH = re.compile(  # words no place phrase holds: a modal, a copula, a link, a time
    r"应该|可能|^是|^另外|^还有|以后|以前|之后|明天|今天|昨天|前天|后天|[上下]午|晚上|早上|\d+点|[一二两三四五六七八九十]点"
)
CLAUSE_EN = re.compile(r"[.;!?]\s|\b(?:is|was|were|are|will|had|has|have|thinks?|said)\b")
PLACE_END = "路口街道巷弄号棚室厅院馆楼层门场站区村镇店园厂库房处边里内外上下舍圈仓"
STREET = r"\b\d{1,5}\s+(?:[A-Z][a-z]+\s+){1,3}(?:Lane|Street|St|Road|Rd|Avenue|Ave|Row|Drive|Way|Court|Boulevard|Blvd|Close|Terrace)\b"
AT_PLACE = re.compile(r"(?:在|位于|地址[:：]?)((?:[^，。；、,\s在]| (?=\d)|(?<=\d) ){2,40})")

CUES = (  # kind -> cue words that stand just before a token of that kind
    ("plate", r"车牌|牌照|plate|licen[cs]e"),
    ("policy", r"保单|policy"),
    ("report", r"报案|报警|认定书|事故|report|police|case|incident"),
    ("order", r"订单|order"),
    ("zip", r"邮编|邮政编码|zip|post\s?code|postal"),
    ("card", r"卡号|医保|社保|card"),
    ("phone", r"电话|手机|联系方式|致电|热线|phone|tel\b|mobile|cell|call|reach|whatsapp"),
    (
        "id",
        r"身份证|工号|编号|requisition|req\b|ref(?:erence)?\b|employee|\bid\b|number|\bno\b\.?|#",
    ),
)
TOKEN = re.compile(
    r"(?<![\w·.])(?:[A-Za-z]{1,5}[-·]?|#)?\+?\d[\d\- ]{3,}\d(?:-[A-Za-z0-9]+)*(?![\w·])"
    r"|(?<![\w·])[A-Z]{1,5}-\d[\w-]*"
    r"|[\u4e00-\u9fff][A-Z][·・]?[A-Z0-9]{5,6}(?![\w])"  # a Chinese plate: 浙A·7K2M9
)
ZIP = re.compile(r"\d{5}(?:-\d{4})?|\d{6}|[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}")
ROLE_ZH = re.compile(
    r"(?:房东|业主|租客|司机|饲养员|客户|患者|病人|联系人|经理|老师|医生|同事|员工|我叫|我是|叫|姓名[:：]?|"
    r"(?<=我)(?:妈妈?|母亲|爸爸?|父亲|奶奶|爷爷|外婆|姥姥|外公|姥爷|老婆|妻子|老公|丈夫|儿子|女儿))"
)
NOT_NAME = "委说的在是给和与把被来去要已也都就还对向从到让请找打先"
PARTICLES = frozenset("de da van von la le del der den du di dos bin al".split())
FRAGMENT = re.compile(r"^(?:is|was|are|were|will|to|and|or|but)\b|\b(?:the|a|an|of|to|and|is)$")
UNIT_OTHER = re.compile(r"\s*(?:个人|人|位|名|people|persons|staff)(?![a-z])")
PM = re.compile(r"下午|晚上|傍晚|夜里|\bp\.?m\b|evening|afternoon|tonight", re.I)
SAID_HOUR = re.compile(
    r"(上午|早上|凌晨|中午|下午|晚上|傍晚|夜里)[^，。,\d一二两三四五六七八九十]{0,4}"
    r"([一二两三四五六七八九十]{1,3}|\d{1,2})\s*(?:点|[:：]\d\d)"
    r"|(\d{1,2})(?:[:.]\d\d)?\s*(a\.?m\b|p\.?m\b)",
    re.I,
)
FUNCTION = frozenset(
    "the a an and or but is was are were be to of in on at by for with we i he she they it "
    "this that also will then so as".split()
)
GREETING = re.compile(  # a greeting alone ("Hello organisers", "Hi there", 您好), never "Hi-Fi speaker"
    r"(?:(?:hello|hi|hey|greetings|good\s+(?:morning|afternoon|evening))(?:\s+[a-z]+)?|你好|您好|嗨)"
    r"\s*[,!.，！。]?",
    re.I,
)
RELATIVE_DAY = re.compile(
    r"today|tonight|tomorrow|yesterday|next|last|this\s+(?:week|month)|monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday|weekend|\bin\s+\w+\s+(?:days?|weeks?|months?)|"
    r"(?:end|start|beginning|middle)\s+of|christmas|new\s+year|easter|thanksgiving|halloween|"
    r"今天|明天|后天|昨天|前天|下周|下个?星期|本周|这周|周[一二三四五六日末]|星期|礼拜|月底|月初|月中|"
    r"下个?月|本月|这个月|天后|元旦|春节|国庆|中秋|端午|清明|圣诞|除夕|劳动节",
    re.I,
)
YEARS = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)")
YEAR_KEY = re.compile(r"(?:^|_)year(?:_|$)|built|born|年份|年款|出生", re.I)
PATTERN_DESC = re.compile(r"YYYY-MM-DD|YYYY-MM|HH:MM")


def string_kind(name: str, s: dict[str, Any], siblings: dict[str, Any]) -> str | None:
    """The kind a string property asks, by its name and description."""
    about = f"{name} {s.get('description') or ''}"
    if s.get("enum") or s.get("format") in ("email", "uri", "date", "date-time"):
        return None
    if name.lower() == "name" and not any(PERSONISH.search(k) for k in siblings):
        return None  # a thing's name, not a person's
    if PERSON_KEY.search(name):
        return "person"
    cue = next((k for k, words in CUES if re.search(words, name, re.I)), None)
    if cue:
        return cue
    if re.search(r"phone|电话|手机", about, re.I):
        return "phone"
    if ORG_KEY.search(name):
        return "org"
    if PLACE_KEY.search(name):
        return "city" if CITY_KEY.search(name) else "street" if STREET_KEY.search(name) else "place"
    return None


def a_whole_name(v: str) -> bool:
    """Whether a text is a whole person's name."""
    v = v.strip()
    if re.fullmatch(r"[\u4e00-\u9fff]+", v):
        if re.fullmatch(r"[老小][\u4e00-\u9fff]", v):
            return True
        core = re.sub(r"(?:先生|女士|小姐|师傅|老师|医生|经理)$", "", v)
        return placed_name(core) or (core != v and len(core) == 1)
    words = v.split()
    return (
        1 <= len(words) <= 4
        and all(re.fullmatch(r"[A-Z][\w'’.-]*", w) or w in PARTICLES for w in words)
        and not any(w.lower() in FUNCTION for w in words)
    )


def name_in(item: str) -> str | None:
    """The whole name an item of a list of people says."""
    if a_whole_name(item):
        return item.strip()
    m = re.search(r"[老小][\u4e00-\u9fff](?=[看说在和、，,]|$)", item)
    if m:
        return m.group(0)
    zh = values.chinese_name(item)
    if zh and a_whole_name(zh):
        return zh
    m = re.search(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2}\b", item)
    return m.group(0) if m and a_whole_name(m.group(0)) and m.start() > 0 else None


def _a_place_name(v: str) -> bool:
    """Whether a capitalised name is a place's (Manchester is no hiring manager)."""
    return v.isascii() and (v.lower() in valuekinds.zone_cities() or mentions._place(v))


def _en_person(text: str, taken: set[str]) -> str | None:
    """The first full name of an English text that no other field took: two or three
    capitalised words, no place, none after a word that leads a company or place ("from Nortec
    Energia", "the Manchester office")."""
    for m in re.finditer(r"\b[A-Z][^\W\d_]+(?:\s+[A-Z][^\W\d_]+){1,2}\b", text):
        if len(re.findall(r"[\"“”]", text[: m.start()])) % 2:
            continue  # inside a quoted title
        before = re.findall(r"[A-Za-z]+", text[max(0, m.start() - 12) : m.start()])
        if before and before[-1].lower() in ("from", "at", "the", "of", "in", "for", "with"):
            continue
        if m.group(0) not in taken and not any(_a_place_name(w) for w in m.group(0).split()):
            if not re.search(r"[.!?]\s*$|^\s*$", text[: m.start()]):  # no sentence's first word
                return m.group(0)
    return None


def a_person(text: str, taken: set[str]) -> str | None:
    """A required person's name the readers missed: who introduces themself, else the name that
    opens the text, else one a role word leads, else an English text's first full name."""
    for cand in (
        valuekinds.self_named(text),
        _opening_name(text),
        values.chinese_name(text),
        _after_role(text, taken),
        _en_person(text, taken),
    ):
        if cand and a_whole_name(cand) and cand not in taken:
            return cand
    return None


def placed_name(run: str) -> bool:
    """A Chinese name where the place says one (after a role word, opening a résumé): a surname
    and one or two characters, the run no word of the dictionary (陈思远, 孙建国)."""
    if valuekinds.zh_name(run):
        return True
    if not re.fullmatch(r"[\u4e00-\u9fff]{2,4}", run) or CLAUSE_ZH.search(run):
        return False
    entries = glosses._entries()
    two = len(run) >= 3 and "surname" in entries.get(run[:2], "")
    if len(run) == 4 and not two:
        return False
    return (two or "surname" in entries.get(run[0], "")) and run not in entries


def _after_role(text: str, taken: set[str] | frozenset[str] = frozenset()) -> str | None:
    """A Chinese name right after a word of a role ("房东孙建国委托出租" -> 孙建国), none taken."""
    for m in ROLE_ZH.finditer(text):
        rest = text[m.end() : m.end() + 4]
        for n in (3, 2):
            if placed_name(rest[:n]) and (n == 2 or rest[2] not in NOT_NAME):
                if rest[:n] not in taken:
                    return rest[:n]
                break
    return None


def _opening_name(text: str) -> str | None:
    m = re.match(r"\s*([\u4e00-\u9fff]{2,3})[，,（(\s]", text)
    if m and placed_name(m.group(1)):
        return m.group(1)
    m = re.match(r"\s*([A-Z][a-z]+(?:\s+[A-Z][a-z]+){1,2})\s*[,(\n]", text)
    return m.group(1) if m else None


def a_place(v: str, kind: str) -> bool:
    """Whether a text is a place phrase of the kind asked."""
    v = v.strip()
    if not v or len(v) > 60:
        return False
    if re.search(r"[\u4e00-\u9fff]", v):
        if CLAUSE_ZH.search(v) or NO_PLACE_ZH.search(v) or len(v) < 2:
            return False
    elif CLAUSE_EN.search(v) or len(v.split()) > 10 or not re.search(r"[A-Z\d]", v):
        return False  # an English place is named: a capital or a number
    if _a_job(v):
        return False  # a job's title ("Senior Data Engineer") is no place
    if kind == "city":
        return not re.search(r"\d", v)
    if kind == "street":
        return bool(STREET_WORD.search(v))
    return True


def _a_job(v: str) -> bool:
    if v.isascii():
        return any(JOB_WORD.fullmatch(w.rstrip("s")) for w in re.findall(r"[A-Za-z]+", v))
    return any(JOB_WORD.fullmatch(v[-n:]) for n in (2, 3))


def _zh_place(text: str) -> str | None:
    """What 在 opens, up to the last place word in its run ("在北边的三号牛棚" -> 北边的三号牛棚)."""
    for m in AT_PLACE.finditer(text):
        run = m.group(1)
        ends = [i for i, c in enumerate(run) if c in PLACE_END and i >= 1]
        if ends:
            said = run[: ends[-1] + 1]
            said = re.sub(r"^(?:北边|南边|东边|西边)的", lambda x: x.group(0)[:-1], said)
            said = re.sub(r"(\d\s*[号室弄栋])的.*$", r"\1", said)  # "…602 室的房屋" -> …602 室
            if a_place(said, "place"):
                return said
    return None


def _cue_kind(text: str, start: int) -> str | None:
    """The kind of the cue word nearest before a token (same sentence, a few words back)."""
    before = re.split(r"[。！？\n；;]|[.!?]\s", text[max(0, start - 28) : start])[-1]
    best: tuple[int, str] | None = None
    for kind, words in CUES:
        for m in re.finditer(words, before, re.I):
            if best is None or (kind != "id", m.end()) > (best[1] != "id", best[0]):
                best = (m.end(), kind)
    return best[1] if best else None


def _key(v: str) -> str:
    return re.sub(r"[^0-9A-Za-z]", "", v).upper()


def tokens(text: str) -> list[tuple[str, str | None]]:
    """The id-like tokens of a text, each with the kind of its cue."""
    return [(m.group(0).strip(), _cue_kind(text, m.start())) for m in TOKEN.finditer(text)]


def _cued(kind: str, v: str, text: str, taken: set[str]) -> tuple[bool, str | None]:
    """Whether a token value is cued as `kind` (or not cued as another), and the token that is."""
    found = tokens(text)
    mine = [t for t, k in found if k == kind and _key(t) not in taken]
    got = next((k for t, k in found if _key(t) == _key(v) and _key(v)), "absent")
    ok = (
        got == kind
        or got == "absent"
        or got in (None, "id")
        and not (mine and kind != "id")  # none cued as this kind
        or kind == "id"
        and got != "phone"
    )
    if kind == "phone" and got == "absent":
        ok = len(re.sub(r"\D", "", v)) >= 7
    if kind == "zip":
        ok = ok and bool(ZIP.fullmatch(v.strip()))
        mine = [t for t in mine if ZIP.fullmatch(t)] or [
            t for t, k in found if ZIP.fullmatch(t) and k in (None, "zip") and _key(t) not in taken
        ]
    return ok, mine[0] if mine else None


def _hour(said: str) -> int:
    if said.isdigit():
        return int(said)
    n = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
    if said.startswith("十"):
        return 10 + n.get(said[1:], 0)
    return n.get(said[0], 0) * (10 if "十" in said else 1) + (
        n.get(said[-1], 0) if len(said) > 2 else 0
    )


def _half_day(v: str, text: str) -> str:
    """A time with the half of the day the text says: 下午四点半 -> 16:30."""
    pm = set()
    for m in SAID_HOUR.finditer(text):
        word, num = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        if PM.search(word) and 1 <= _hour(num) < 12:
            pm.add(_hour(num))

    def shift(m: re.Match[str]) -> str:
        h = int(m.group(1))
        return f"{h + 12:02d}:{m.group(2)}" if h in pm else m.group(0)

    return re.sub(r"(?<!\d)(\d{1,2}):(\d\d)", shift, v) if pm else v


MONTHS = "jan feb mar apr may jun jul aug sep oct nov dec".split()
PAST = re.compile(
    r"了|过|今年|去年|上个?月|上周|昨|前天|发生|\b(?:was|were|had|did|ago|last|this\s+year)\b|"
    r"\b(?!need\b|speed\b|feed\b|seed\b)[a-z]{2,}ed\b",
    re.I,
)


def _said_as_past(month: int, day: int, text: str) -> bool:
    """Whether the clause that writes a month and day says it of the past ("it arrived on 9
    November", "今年 11 月 28 号…" of an accident), not of a day to come ("送货改到1月5号")."""
    name = MONTHS[month - 1]
    said = rf"{month}\s*月\s*{day}\s*[日号]|\b{day}(?:st|nd|rd|th)?\s+{name}|\b{name}[a-z]*\.?\s+{day}\b"
    for clause in re.split(r"[，。；！？,;!?]|\.\s", text):
        if re.search(said, clause, re.I) and PAST.search(clause):
            return True
    return False


def _nearest_year(v: str, text: str) -> str:
    """A date the text gives without its year, said of the past: the nearest such day, not one
    almost a year on."""
    m = re.match(r"(\d{4})-(\d\d)-(\d\d)", v)
    if not m or m.group(1) in text or not _said_as_past(int(m.group(2)), int(m.group(3)), text):
        return v
    try:
        day = datetime.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        earlier = day.replace(year=day.year - 1)
    except ValueError:
        return v
    if (day - values.today_date()).days > 300:
        return earlier.isoformat() + v[10:]
    return v


def _a_day_said(v: str, text: str) -> bool:
    """Whether a date's day is one the text says: its day of the month written, or a day said
    relative to today (tomorrow, 下周五, "next Friday")."""
    m = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)(?:[T ].*)?", v.strip())
    if not m or RELATIVE_DAY.search(text):
        return True
    day = int(m.group(3))
    return bool(re.search(rf"(?<!\d)0?{day}(?!\d)", text)) or _zh_day(day) in text


def _zh_day(day: int) -> str:
    tens, ones = divmod(day, 10)
    digits = "零一二三四五六七八九"
    said = (
        ("" if tens < 2 else digits[tens]) + ("十" if tens else "") + (digits[ones] if ones else "")
    )
    return said + "号" if said else "-"


def _fits_description(v: str, s: dict[str, Any]) -> bool:
    m = PATTERN_DESC.search(str(s.get("description") or ""))
    if not m or not re.search(r"\d", v) and len(v) <= 12:
        return True  # "present", 至今
    shape = {
        "YYYY-MM-DD": r"(?:19|20)\d\d(?:-\d\d)*",
        "YYYY-MM": r"(?:19|20)\d\d(?:-\d\d)?",
        "HH:MM": r"\d\d?:\d\d",
    }
    return bool(re.search(shape[m.group(0)], v))


def _an_org(v: str, text: str, ctx: Ctx) -> bool:
    """Whether a text is an organisation's name: a phrase, no person's name, no clause, and no
    title the text quotes ('lending "Harbour at Dusk" to …' names a work, not who holds it)."""
    if v in ctx.people or len(v) > 40:
        return False
    if re.search(r"[\u4e00-\u9fff]", v):
        return not (CLAUSE_ZH.search(v) or re.match(r"[年月日在到于从的]", v))
    small = {"of", "and", "the", "for", "y", "und", *PARTICLES}
    if any(w[0].islower() and w not in small for w in re.findall(r"[A-Za-z]+", v)):
        return False  # a name's words are capitalised ("Taxi from the airport 28 EUR" is none)
    return not (" " in v and re.search(rf'["“]{re.escape(v)}["”]', text))


THING_FIELD = re.compile(
    r"^(?:item|product|thing|goods|cargo|ingredient|article|name)(?:_?name)?$|物品|商品|品名|货物|名称",
    re.I,
)
FINITE = re.compile(
    r"\b(?:is|are|was|were|would|will|can|could|should|must|has|have|had|did|does|been)\b", re.I
)
SIGN_OFF = re.compile(r"thanks|thank you|cheers|regards|best|kind regards|谢谢|多谢|此致", re.I)


def _a_thing(k: str, v: str, ctx: Ctx) -> bool:
    """Whether an item's thing (item, product, name) is a thing: no clause, sign-off or name."""
    if not THING_FIELD.search(k):
        return True
    v = v.strip(" .,!，。！")
    if SIGN_OFF.fullmatch(v) or any(v in p.split() for p in ctx.people):
        return False
    return not (FINITE.search(v) if v.isascii() else CLAUSE_ZH.search(v))


def _string(k: str, s: dict[str, Any], v: str, text: str, ctx: Ctx) -> str | None:
    """The value kept for a string property, else None (it fails its kind)."""
    if not _fits_description(v, s):
        return None
    v = _nearest_year(_half_day(v, ctx.whole), ctx.whole)
    kind = string_kind(k, s, ctx.siblings)
    if not v.strip() or GREETING.fullmatch(v.strip()) or not _a_day_said(v, ctx.whole):
        return None
    if v.strip().lower() in FUNCTION or kind is None and ctx.item and not _a_thing(k, v, ctx):
        return None  # a word alone that names nothing ("this"); an item's thing no clause
    if kind != "person" and (
        FRAGMENT.search(v.strip())
        or kind not in (None, "place")
        and any(p in v for p in ctx.people)
    ):
        return None  # a clause's piece, or a person's name given to a field of another kind
    if kind is None:
        return v
    if kind == "person":
        role = ROLE_ZH.match(v)
        v = v[role.end() :] if role and placed_name(v[role.end() :]) else v  # 业主赵敏 -> 赵敏
        return v if a_whole_name(v) and not _a_place_name(v) else None
    if kind == "org":
        return v if _an_org(v, text, ctx) else None
    if kind in ("place", "city", "street"):
        return v if a_place(v, kind) and v not in ctx.orgs else None
    if re.search(r"\b[a-z]{2,}\s+[a-z]{2,}\b", v) or CLAUSE_ZH.search(v):
        return None  # an id is one token, never a clause
    ok, _ = _cued(kind, v, text, set())
    return v if ok and (kind != "phone" or valuekinds.phone_shaped(v)) else None


def _candidate(k: str, s: dict[str, Any], text: str, ctx: Ctx) -> str | None:
    """A required string's best candidate of its kind, when its value failed."""
    kind = string_kind(k, s, ctx.siblings)
    if kind == "person":
        return a_person(text, ctx.people)
    if kind == "place":
        return _zh_place(text)
    if kind == "street":
        m = re.search(STREET, text)
        return m.group(0) if m else None
    if kind == "city":
        return valuekinds.city_in(None, text, [])
    if kind == "org":
        return valuekinds.org_in(text)
    if kind is None and re.search(r"title|标题|题目", k, re.I):
        quoted = re.findall(r'"([^"\n]{3,80})"|“([^”\n]{2,80})”|《([^》]{1,40})》', text)
        said = {a or b or c for a, b, c in quoted}
        return said.pop() if len(said) == 1 else None
    if kind in dict(CUES):
        _, tok = _cued(kind, "", text, ctx.tokens)
        if kind == "phone":  # else the text's one phone-shaped run
            tok = tok if tok and valuekinds.phone_shaped(tok) else valuekinds.full_phone("", text)
            return (
                valuekinds.phone_as_asked(tok, s) if tok and valuekinds.phone_shaped(tok) else None
            )
        return tok
    return None


def _a_piece(text: str, start: int, end: int) -> bool:
    """Whether the number at text[start:end] is a piece of a longer token: a phone, a date, an
    id ("138-0801-2257", "2026-11-28", "PA-2026-558201", "139 5710 6688"); a range of two
    ("8000-12000", "20K-30K") is none."""
    a = start
    while a > 0 and re.match(r"[A-Za-z0-9\-·/]", text[a - 1]):
        a -= 1
    b = end
    while b < len(text) and re.match(r"[A-Za-z0-9\-·/]", text[b]):
        b += 1
    parts = [x for x in re.split(r"[-·/]", text[a:b]) if x]
    grouped = re.match(r" \d{3,4}\b", text[end : end + 5]) or re.search(
        r"\b\d{3}\s$", text[a - 4 : a]
    )
    return len(parts) >= 3 or any(x.isalpha() for x in parts) or bool(grouped)


def _number(k: str, s: dict[str, Any], v: Any, text: str) -> bool:
    """Whether a number is one the text writes for a property of this kind."""
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return True
    if YEAR_KEY.search(k):
        return 1800 <= v <= 2100 and str(int(v)) in text
    written = f"{v:g}" if isinstance(v, float) else str(v)
    spots = list(re.finditer(rf"(?<![\d.,]){re.escape(written)}(?![\d]|[.,]\d)", text))
    if not spots:
        return True  # said in words or worked out
    loose = [m for m in spots if not _a_piece(text, m.start(), m.end())]
    if not loose:
        return False  # only ever a piece of a longer token (a phone, an id, a date)
    measure = cues._kind_of(k, s) not in (None, "count")  # a property measured in a unit
    if measure and all(UNIT_OTHER.match(text[m.end() : m.end() + 8]) for m in loose):
        return False  # a count of people for a property measured in days, money, area …
    return not (isinstance(v, int) and v >= 10000 and not any(_measured(text, m) for m in loose))


def _measured(text: str, m: re.Match[str]) -> bool:
    """Whether a number is written as an amount (a unit or currency by it, or a range's end),
    not as a bare code (a zip: "Boise, Idaho (83702)")."""
    before, after = text[max(0, m.start() - 2) : m.start()], text[m.end() : m.end() + 10]
    return bool(
        re.search(r"[$£€¥￥-]\s*$", before)
        or re.match(
            r"\s*(?:[-元块万千kK]|yuan|dollars|euros|pounds|[A-Z]{3}\b|sq|square|平|米|km|miles)",
            after,
        )
    )


class Ctx:
    """What a record's check knows: its properties, the people it names, the tokens it used."""

    def __init__(self, siblings: dict[str, Any], people: set[str]) -> None:
        self.siblings = siblings
        self.people = people
        self.tokens: set[str] = set()
        self.orgs: set[str] = set()  # the organisations the record names
        self.whole = ""
        self.item = False  # an item of a list: a role's one name is no item's own


def of_its_kind(
    props: dict[str, Any],
    got: dict[str, Any],
    text: str,
    root: Any,
    required: Any,
    known: frozenset[str] = frozenset(),
    whole: str = "",
    item: bool = False,
) -> dict[str, Any]:
    """The values of an extraction that pass their kind's check (the rules above); `known`: the
    people the record around it names. Strings first: the people they name are known to the
    rest."""
    need = set(required) if isinstance(required, list) else set()
    ctx = Ctx(props, set(known))
    ctx.whole = whole or text  # the whole request: days and times are read in it
    ctx.item = item
    ctx.orgs = {
        v
        for k, v in got.items()
        if isinstance(v, str) and string_kind(k, props.get(k) or {}, props) == "org"
    }
    ctx.people |= {
        v
        for k, v in got.items()
        if isinstance(v, str)
        and string_kind(k, props.get(k) or {}, props) == "person"
        and a_whole_name(v)
    }
    out = dict(got)
    for k, p in props.items():
        s = resolve(p, root) if isinstance(p, dict) else {}
        v = out.get(k, "" if k in need and s.get("type") == "string" else None)
        if isinstance(v, str):
            _keep(out, k, s, _one_string(k, s, v, text, ctx, k in need), ctx)
    for k, p in props.items():
        s = resolve(p, root) if isinstance(p, dict) else {}
        if s.get("type") in ("integer", "number"):
            _one_number(out, k, s, text)
        elif isinstance(out.get(k), list):
            out[k] = _items(k, s, out[k], text, root, frozenset(ctx.people), ctx.whole)
            said = [m.group(0) for m in SPOKEN.finditer(text)] if LANGUAGES.search(k) else []
            if said:  # spoken languages: those of the table the text names
                out[k] = list(dict.fromkeys(x[:1].upper() + x[1:] for x in said))
            if not out[k] and TERMS_LIST.search(k):
                from .structured import named_terms  # (structured reads through this module)

                out[k] = named_terms(text)
        elif isinstance(out.get(k), dict) and isinstance(s.get("properties"), dict):
            out[k] = of_its_kind(
                s["properties"],
                out[k],
                text,
                root,
                s.get("required"),
                frozenset(ctx.people),
                ctx.whole,
                ctx.item,
            )
    return _no_twins(out)


def _no_twins(out: dict[str, Any]) -> dict[str, Any]:
    """A list of three strings or more given whole to two properties answers neither: each is
    left empty (one value answers one field)."""
    lists = [k for k, v in out.items() if isinstance(v, list) and len(v) >= 3]
    lists = [k for k in lists if all(isinstance(x, str) for x in out[k])]
    twins = {k for k in lists for j in lists if j != k and out[j] == out[k]}
    return {k: [] if k in twins else v for k, v in out.items()}


ROLES = (  # a person's role: the words of a property that name it, the words a text leads it with
    (r"landlord|lessor|出租|房东", r"房东|出租人|出租方|甲方|landlord|lessor"),
    (r"tenant|lessee|renter|承租|租客|租户", r"租客|租户|承租人|承租方|乙方|tenant|lessee"),
    (r"seller|vendor|卖", r"卖方|卖家|出卖人|seller|vendor"),
    (r"buyer|purchaser|买", r"买方|买家|买受人|buyer|purchaser"),
    (r"patient|患者|病人", r"患者|病人|patient"),
    (r"driver|司机", r"司机|驾驶员|driver"),
    (r"owner|业主|车主", r"业主|车主|房主|owner"),
)


def role_led(k: str, s: dict[str, Any], text: str) -> str | None:
    """The name a text leads with the role a person property names ("甲方（出租人）赵志强" for
    landlord, "the tenant, Ana Silva"): the role's word, a bracket or colon, then a whole name."""
    about = f"{k} {s.get('description') or ''}"
    for named, led in ROLES:
        if not re.search(named, about, re.I):
            continue
        for m in re.finditer(rf"(?:{led})(?:\s*[（(][^）)]{{1,8}}[）)])?[\s:：,，]*", text, re.I):
            rest = text[m.end() : m.end() + 40]
            zh = next((rest[:n] for n in (3, 2) if placed_name(rest[:n])), None)
            zh = None if rest.startswith("姓") else zh  # "司机姓郑" says a surname only
            en = re.match(
                r"(?:(?:Mr|Mrs|Ms|Dr)\.?\s+)?([A-Z][a-z'-]+(?:\s+[A-Z][a-z'-]+){0,2})", rest
            )
            name = zh or (en.group(1) if en else None)
            if name and a_whole_name(name) and not _a_place_name(name):
                return name
    return None


def _one_string(k: str, s: dict[str, Any], v: str, text: str, ctx: Ctx, need: bool) -> str | None:
    kind = string_kind(k, s, ctx.siblings)
    if (kind == "person" or kind is None and re.fullmatch(r"[a-z]+(?:_name)?", k)) and not ctx.item:
        v = role_led(k, s, text) or v  # a role's name is the one the text leads with its word
    kept = _string(k, s, v, text, ctx)
    cued = string_kind(k, s, ctx.siblings) in dict(CUES) and string_kind(k, s, ctx.siblings) != "id"
    if kept is None and (need or cued and v.strip()):  # a wrong id: the one its cue names
        kept = _candidate(k, s, text, ctx)
        kept = _string(k, s, kept, text, ctx) if kept else None  # it too passes the check
    return kept


def _keep(out: dict[str, Any], k: str, s: dict[str, Any], kept: str | None, ctx: Ctx) -> None:
    if kept is None:
        out.pop(k, None)
        return
    out[k] = kept
    ctx.tokens.add(_key(kept))
    if string_kind(k, s, ctx.siblings) == "person":
        ctx.people.add(kept)


def _one_number(out: dict[str, Any], k: str, s: dict[str, Any], text: str) -> None:
    v = out.get(k)
    if v is not None and _number(k, s, v, text):
        return
    said = said_before_noun(k, text)
    if said is not None:
        out[k] = said if s.get("type") == "number" or said % 1 else int(said)
    elif v is not None:
        out.pop(k)
        if YEAR_KEY.search(k) and len(set(YEARS.findall(text))) == 1:
            out[k] = int(YEARS.findall(text)[0])  # the one year the text writes


WORD_NUM = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve".split()
    )
}


def said_before_noun(k: str, text: str) -> float | None:
    """A count said right before the noun a property is named by ("four bedrooms", "two and a
    half baths" for bathrooms), when the text says one and only one."""
    words = re.findall(r"[a-z]+", k.lower())
    if not words or len(words[-1]) < 4 or not words[-1].endswith("s"):
        return None
    noun = words[-1][:-1]
    stems = {noun, noun[:-4]} if noun.endswith("room") and len(noun) > 6 else {noun}
    num = r"(\d+(?:\.\d+)?|" + "|".join(WORD_NUM) + r")"
    found = {
        (float(m.group(1)) if m.group(1)[0].isdigit() else WORD_NUM[m.group(1).lower()])
        + (0.5 if m.group(2) else 0)
        for m in re.finditer(
            rf"\b{num}(\s+and\s+a\s+half)?[\s-]+(?:{'|'.join(sorted(stems))})s?\b", text, re.I
        )
    }
    return found.pop() if len(found) == 1 else None


def _items(
    k: str,
    s: dict[str, Any],
    items: list[Any],
    text: str,
    root: Any,
    known: frozenset[str],
    whole: str,
) -> list[Any]:
    item = resolve(s.get("items") or {}, root)
    if item.get("type") == "object" and isinstance(item.get("properties"), dict):
        kept = [
            of_its_kind(item["properties"], x, text, root, None, known, whole, True)
            if isinstance(x, dict)
            else x
            for x in items
        ]
        plain = [
            j for j, q in item["properties"].items() if not (isinstance(q, dict) and q.get("enum"))
        ]
        need = [j for j in item.get("required") or [] if j in plain]
        said = [
            x
            for x in kept
            if not isinstance(x, dict)
            or any(x.get(j) not in (None, "", []) for j in plain)
            and (len(need) < 2 or 2 * sum(x.get(j) in (None, "", []) for j in need) <= len(need))
        ]
        return [x for i, x in enumerate(said) if x not in said[:i]]  # each item once
    if (
        item.get("type", "string") == "string"
        and not PEOPLE_LIST.search(k)
        and _dumped(items, text)
    ):
        if OPEN_LIST.search(k):  # open questions: the sentences that leave something undecided
            sentences = re.split(r"(?<=[.!?。！？\n])\s*", text)
            return [x.strip() for x in sentences if UNDECIDED.search(x) and not GREETING.match(x)]
        return obligations(text) if ACTIONS.search(k) else []
    if item.get("type", "string") != "string" or item.get("enum"):
        return items
    out: list[str] = []
    for x in items:
        one = _string_item(k, x) if isinstance(x, str) else ""
        if one and one not in out:
            out.append(one)
    return out


def _string_item(k: str, x: str) -> str:
    """An item of a list of strings as its kind keeps it, else ""."""
    head = re.match(r"([^:：]{1,30})[:：]\s*(\S.*)$", x)
    if head and re.search(r"\b(?:I|we|I'd|I'll|I'm|we'll|we'd)\b|我|我们", head.group(1)):
        x = head.group(2)  # "I'd cover: remote log collection" -> remote log collection
    if PEOPLE_LIST.search(k):
        return name_in(x) or ""
    if TERMS_LIST.search(k):
        return x if _a_term(x) else ""
    if OPEN_LIST.search(k) and not UNDECIDED.search(x):
        return ""  # an open question leaves something undecided
    return x if _whole_phrase(x) else ""


def _dumped(items: list[Any], text: str) -> bool:
    """Whether a list of strings is the text's clauses one after another (four or more, most
    of the text), not a reading of what the list holds."""
    clauses = [c.strip() for c in re.split(r"[，。；！？,;.!?\n]", text) if c.strip()]
    held = [x for x in items if isinstance(x, str) and x.strip() in clauses]
    return len(held) >= 4 and 5 * len(held) >= 3 * len(clauses)


def _a_term(x: str) -> bool:
    x = x.strip()
    if re.fullmatch(r"[A-Za-z][\w+#./-]*(?:\s+[A-Za-z][\w+#./-]*){0,2}", x):
        return x.lower() not in FUNCTION
    return (
        bool(re.fullmatch(r"[\u4e00-\u9fff\w]{2,8}", x))
        and not CLAUSE_ZH.search(x)
        and not re.search(r"可以|能|会|要|想|到岗|以内|左右", x)
    )


def _whole_phrase(x: str) -> bool:
    x = x.strip()
    if not x or re.fullmatch(r"[人个了的在是有和与也就都还要会能把被给从到对]", x):
        return False
    if x.count("(") != x.count(")") or x.count("（") != x.count("）"):
        return False
    words = x.split()
    if len(words) == 1 and words[0].lower() in FUNCTION:
        return False
    if words and words[0] in ("is", "was", "are", "were", "and", "or", "but", "of"):
        return False
    return not re.search(r"[,，、]$", x)
