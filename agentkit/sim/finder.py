"""Rule 2d, the finder: the last reader before the user is asked for a required value. Where the
readers left a required value unread (or only took an enum's first member for want of one), the
value is looked for once more by scoring, not by pattern:

1. **A closed set**: the property's enum of strings, else a list its tool's or its own description
   gives after a colon ("Use the part name as written in the shop list: inner tube 700x28c, brake
   pads (road, rim), bar tape"; "可选：A、B、C"). Each option and the user's words are cut into
   marks: words (singular, lower case, no small words), codes of letters and digits (700x28c),
   quantities with their unit ("1-metre" and "1.0m" are one mark: 1 m), the part of the day a
   time range falls in ("14:00-16:00" and 下午 / afternoon), Chinese pairs of characters, and the
   English of the user's Chinese pairs. A mark weighs 1 / the number of options holding it.
   - One value: the option of the highest weight is taken when one of its marks no other option
     holds is said, and no other option weighs as much ("the CCD camera" -> CCD-imager).
   - A look-up (one call per value): every option one of whose own marks is said and at least
     half of whose marks are said, up to three (two parts in one question: one call each).
2. **A person**: a property of a person's name takes the person the text names that no other
   value took (who introduces themself, the name after a role word: 业主张磊).
3. **A count of people**: a property that counts people (人数, number of people / guests /
   visitors) takes the one speaking plus those they bring ("带我老婆和儿子" -> 3, "with my wife
   and two kids" -> 4).

4. **A relation** (an enum of relationship, 关系): the user's word for the person another value
   names ("看我妈林秀英") gives the user's relation to them (mother -> child: 子女).

5. **A lone code**: an id's property takes the one code of the user's words no other value took
   that the property's own words lead (学员S20241187, "Member M-2291"); a file's property the one
   file name (bracket_v3.3mf).
6. **Codes a description explains**: "DJ-T40（植保无人机）", "K2 is gas (up to cone 10)": the code
   whose words the user says ("the gas kiln" -> K2), also in place of another code the user never
   wrote.
7. **A failure that lists the values it takes** ("未找到站点：南京。可用站点：A、B、C"; "片区请写成
   …，如：朝阳区望京、…") is retried once with the listed value the failed one meant, or the one the
   user's words name.

What none of these finds is asked, as before. This is a deterministic stand-in's rule, not how
Claude reads; it errs where a closed set's options share their words."""

from __future__ import annotations

import re
from typing import Any

from .glosses import gloss

SMALL = frozenset(
    "a an the of in on at to for and or with by from as per is are be our my your their this that "
    "use name names written list shop one each any all new".split()
)
UNITS = {
    "m": "m", "metre": "m", "meter": "m", "metres": "m", "meters": "m", "米": "m",
    "cm": "cm", "厘米": "cm", "mm": "mm", "毫米": "mm", "km": "km", "公里": "km",
    "kg": "kg", "公斤": "kg", "千克": "kg", "g": "g", "克": "g",
    "l": "l", "升": "l", "ml": "ml", "毫升": "ml",
    "h": "h", "hr": "h", "hour": "h", "hours": "h", "小时": "h",
    "min": "min", "minute": "min", "minutes": "min", "分钟": "min",
    "in": "in", "inch": "in", "inches": "in", "寸": "in",
    "gb": "gb", "tb": "tb", "w": "w", "kw": "kw", "v": "v",
}  # fmt: skip
QTY = re.compile(
    r"(\d+(?:\.\d+)?)\s*-?\s*(metres?|meters?|m|cm|mm|km|kg|g|ml|l|hours?|hr|h|minutes?|min|"
    r"inch(?:es)?|in|gb|tb|kw|w|v|米|厘米|毫米|公里|公斤|千克|克|毫升|升|小时|分钟|寸)(?![a-z])",
    re.I,
)
RANGE = re.compile(r"\b(\d{1,2}):\d\d\s*[-–~至到]\s*\d{1,2}:\d\d\b")
DAY_PARTS = {
    "morning": r"\bmorning\b|\bam\b|上午|早上|早晨|清早",
    "afternoon": r"\bafternoon\b|\bpm\b|下午|午后",
    "evening": r"\bevening\b|\bnight\b|\btonight\b|晚上|傍晚|夜里|今晚",
}
LIST_AFTER = re.compile(r"[:：]\s*([^:：\n]+?)\s*(?:[.。]\s*$|$)")
CJK = re.compile(r"[\u4e00-\u9fff]+")

PEOPLE_COUNT = re.compile(
    r"人数|几人|几位|(?:number|count|num)_?of_?(?:people|persons|guests|visitors|attendees|"
    r"participants|adults|passengers)|party_?size|head_?count|\bpax\b|(?:guests|visitors|people|"
    r"persons|attendees|participants)_?(?:count|number|num)?$",
    re.I,
)
KIN_ZH = {
    "老婆": 1, "妻子": 1, "爱人": 1, "太太": 1, "老公": 1, "丈夫": 1, "先生": 1, "儿子": 1,
    "女儿": 1, "孩子": 1, "小孩": 1, "父母": 2, "爸妈": 2, "爸爸": 1, "妈妈": 1, "朋友": 1,
    "同事": 1, "孙子": 1, "孙女": 1, "哥哥": 1, "姐姐": 1, "弟弟": 1, "妹妹": 1, "男朋友": 1,
    "女朋友": 1, "家人": 1, "爸": 1, "妈": 1, "父亲": 1, "母亲": 1,
}  # fmt: skip
KIN_EN = re.compile(
    r"\b(?:(a|an|one|two|three|four|\d)\s+)?(?:of\s+)?(?:my|our)?\s*(wife|husband|partner|son|"
    r"daughter|kids?|children|child|parents|mum|mom|dad|father|mother|friends?|brother|sister|"
    r"colleagues?|grandson|granddaughter)\b",
    re.I,
)
ZH_N = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4}
EN_N = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4}
BRING_ZH = re.compile(
    r"(?:带(?:着|上)?|和|跟|同)((?:我的?|我们的?)?[^，。,；;！!？?]{1,16}?)(?:一起|一块|去|来|过来|到|，|。|$)"
)
BRING_EN = re.compile(r"\b(?:bring(?:ing)?|with|and|plus)\s+((?:my|our|the)\b[^.,;!?]{0,40})", re.I)


def _singular(w: str) -> str:
    if len(w) > 4 and re.search(r"(?:ss|x|ch|sh)es$", w):
        return w[:-2]
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


def marks(text: str, glossed: bool = False) -> set[str]:
    """The marks of a text (the module's docstring): words, codes, quantities, parts of the day,
    Chinese pairs, and with `glossed` the English of its Chinese pairs."""
    low = text.lower()
    out = {f"{float(n):g}{UNITS[u.lower()]}" for n, u in QTY.findall(low)}
    rest = QTY.sub(" ", low)
    out |= {
        c for c in re.findall(r"[a-z0-9]+", rest) if re.search(r"\d", c) and re.search("[a-z]", c)
    }
    out |= {f"{n}-{_singular(w)}" for n, w in re.findall(r"\b(\d+)-([a-z]{3,})", rest)}  # 4-person
    out |= {_singular(w) for w in re.findall(r"[a-z]{2,}", rest) if w not in SMALL}
    for part, said in DAY_PARTS.items():
        if re.search(said, low):
            out.add(f"@{part}")
    for m in RANGE.finditer(text):
        h = int(m.group(1))
        out.add("@morning" if h < 12 else "@afternoon" if h < 18 else "@evening")
    for run in CJK.findall(text):
        pairs = [run[i : i + 2] for i in range(len(run) - 1)] or [run]
        out |= set(pairs)
        if glossed:
            out |= {
                _singular(w)
                for p in pairs
                for g in gloss(p)
                for w in re.findall(r"[a-z]{2,}", g.lower())
                if w not in SMALL
            }
    return out


def closed_set(k: str, s: dict[str, Any], about: str, alone: bool = False) -> list[str]:
    """The closed set a string property takes: its enum, else a list of three or more its own or
    its tool's description gives after a colon, when that description names the property or the
    property is the tool's one string (`alone`)."""
    enum = [m for m in s.get("enum") or [] if isinstance(m, str)]
    if enum:
        return enum
    words = set(re.findall(r"[a-z]{3,}", k.lower()))
    for said, own in ((str(s.get("description") or ""), True), (about, False)):
        m = LIST_AFTER.search(said)
        before = set(re.findall(r"[a-z]{3,}", said[: m.start()].lower())) if m else set()
        if not m or not (own or alone or words & before):
            continue
        items = [x.strip(" '\"“”") for x in _split(m.group(1))]
        if len(items) >= 3 and all(0 < len(x) <= 40 for x in items):
            return items
    return []


def _split(listed: str) -> list[str]:
    """A list's items at its commas (、，;) outside brackets; "or" / "或" before the last."""
    out, depth, cur = [], 0, ""
    for ch in listed:
        depth += ch in "([（" and 1 or ch in ")]）" and -1 or 0
        if depth == 0 and ch in ",、，;；":
            out.append(cur)
            cur = ""
        else:
            cur += ch
    out.append(cur)
    if out and re.match(r"\s*(?:or|and|或|和)\s+", out[-1]):
        out[-1] = re.sub(r"^\s*(?:or|and|或|和)\s+", "", out[-1])
    return [x for x in out if x.strip()]


def named_options(text: str, opts: list[str], many: bool = False, generic: str = "") -> list[str]:
    """The options the text names (rule 1): one, or for a look-up each one named (up to three);
    the marks of `generic` (the kind of thing the options are: 步道 of 未找到步道) name none."""
    common = marks(generic, glossed=True) if generic else set()
    said = marks(text, glossed=True) - common
    own = [marks(o, glossed=bool(generic)) - common for o in opts]
    df: dict[str, int] = {}
    for ms in own:
        for x in ms:
            df[x] = df.get(x, 0) + 1
    scored = []
    for o, ms in zip(opts, own, strict=True):
        hit = ms & said
        weight = sum(1 / df[x] for x in hit)
        unique = any(df[x] == 1 for x in hit)
        scored.append((weight, unique, len(hit) / max(1, len(ms)), o))
    if many:
        named = [o for w, u, cover, o in scored if u and cover >= 0.5]
        if 1 < len(named) <= 3:
            return named
    best = sorted(scored, key=lambda x: -x[0])
    if best and best[0][1] and (len(best) == 1 or best[0][0] > best[1][0]):
        return [best[0][3]]
    return []


def people_count(text: str) -> int | None:
    """Rule 3: the one speaking plus those they bring, when the text says whom."""
    n = 0
    for m in BRING_ZH.finditer(text):
        span = m.group(1)
        for w, c in KIN_ZH.items():
            if w not in span or any(w in x and x in span for x in KIN_ZH if x != w):
                continue  # (妈妈 inside 爸妈 is counted once)
            said = re.search(rf"(\d|[一两二三四])\s*个?{w}", span)
            n += (
                (int(said.group(1)) if said.group(1).isdigit() else ZH_N[said.group(1)])
                if said
                else c
            )
    for m in BRING_EN.finditer(text):
        for q, _ in KIN_EN.findall(m.group(1)):
            n += EN_N.get(q.lower(), int(q) if q.isdigit() else 1)
    return n + 1 if n else None


def counts_people(k: str, s: dict[str, Any]) -> bool:
    """A number property that counts people (人数, number of guests, party_size)."""
    return s.get("type") == "integer" and bool(
        PEOPLE_COUNT.search(k) or PEOPLE_COUNT.search(str(s.get("description") or ""))
    )


RELATION_KEY = re.compile(r"relation|relationship|kinship|关系|亲属", re.I)
KIN = (  # the user's word for another person -> the words of the user's relation to them
    (r"妈妈?|母亲|爸爸?|父亲|\bmy (?:mother|mom|mum|father|dad|parents?)\b", "子女 儿子 女儿 child son daughter children offspring"),
    (r"老婆|妻子|老公|丈夫|爱人|\bmy (?:wife|husband|partner|spouse)\b", "配偶 夫妻 spouse husband wife partner"),
    (r"奶奶|爷爷|外婆|外公|姥姥|姥爷|\bmy grand(?:ma|pa|mother|father|parents?)\b", "孙辈 孙子 孙女 grandchild grandson granddaughter"),
    (r"儿子|女儿|\bmy (?:son|daughter)\b", "父母 父亲 母亲 parent father mother"),
    (r"哥哥?|姐姐?|弟弟?|妹妹?|\bmy (?:brother|sister)\b", "兄弟姐妹 兄弟 姐妹 sibling brother sister"),
    (r"朋友|\bmy friend\b", "朋友 friend"),
)  # fmt: skip


def relation(members: list[str], text: str, names: list[str]) -> str | None:
    """Rule 4: the member of the user's relation to the person another value names, by the word
    the user calls them right before the name ("我妈林秀英", "my mother Ana Ruiz")."""
    for name in names:
        at = text.find(name)
        before = text[max(0, at - 12) : at].rstrip() if at > 0 else ""
        for said, words in KIN:
            if re.search(rf"(?:{said})$", before, re.I):
                mine = words.split()
                hit = [m for m in members if any(w in m.lower() for w in mine)]
                if len(hit) == 1:
                    return hit[0]
    return None


CODE = re.compile(  # a code of letters and digits (S20241187, M-2291, DJ-T40)
    r"(?<![A-Za-z0-9_.\-])(?=[A-Za-z0-9_\-]*\d)(?=[A-Za-z0-9_\-]*[A-Za-z])"
    r"[A-Za-z0-9][A-Za-z0-9_\-]{1,}[A-Za-z0-9](?![A-Za-z0-9_\-]|\.[A-Za-z0-9])"
)
FILE = re.compile(
    r"(?<![\w./\-])[\w\-]{2,}(?:\.[\w\-]+)*\.(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{1,5}(?![\w/])"
)
ID_KEY = re.compile(r"(?:^|_)(?:id|no|num|number|code)$|编号|学号|工号|卡号|会员号|单号|id\b", re.I)
FILE_KEY = re.compile(r"file|文件", re.I)
QUANTITY = re.compile(r"\d+(?:[.,]\d+)?[A-Za-z]{1,3}|\d+(?:st|nd|rd|th)", re.I)  # 14th, 5pm, 2L
GLOSSED = re.compile(  # a code and what it is: "DJ-T40（植保无人机）", "K2 is gas (up to cone 10)"
    r"(?<![A-Za-z0-9\-])([A-Za-z]{1,4}-?[A-Za-z0-9]*\d[A-Za-z0-9\-]*)\s*(?:[（(]([^）)]{1,30})[）)]|"
    r"\s(?:is|=|means|for)\s+(?:an?\s+|the\s+)?([^,.;，。；]{2,40}))"
)
LISTED = re.compile(  # the values an error lists: "可用站点：A、B、C", "如：A、B", "valid: A, B"
    r"(?:可用|可选|有效|支持|如|例如|比如|valid|available|allowed|one of|options?|choose from|try)"
    r"[^:：\n]{0,12}[:：]\s*([^\n。]+)",
    re.I,
)


def code_spans(
    k: str, s: dict[str, Any], text: str, taken: set[str]
) -> tuple[str, list[re.Match[str]]]:
    """Rule 5: the codes of the user's words no other value took, for an id's property ("id"),
    or the file names, for a file's ("file"); the gate keeps an id's only where the property's
    own words lead it ("学员S20241187", "Member M-2291")."""
    about = f"{k} {s.get('description') or ''}"
    if FILE_KEY.search(about):
        return "file", [m for m in FILE.finditer(text) if m.group(0) not in taken]
    if not ID_KEY.search(about):
        return "", []
    found = [
        m
        for m in CODE.finditer(text)
        if m.group(0) not in taken
        and not re.search(r"\d{4}-\d", m.group(0))
        and not QUANTITY.fullmatch(m.group(0))
    ]
    return "id", found


def glossed_codes(k: str, s: dict[str, Any], about: str) -> dict[str, str]:
    """Rule 6: the codes a description explains ("machine_id 可选 JD-6B1204（拖拉机）、DJ-T40（植保
    无人机）"; "K1 is electric (up to cone 6), K2 is gas"), each with its words, for an id's
    property: {code: words}."""
    if not ID_KEY.search(f"{k} {s.get('description') or ''}"):
        return {}
    for said in (str(s.get("description") or ""), about):
        codes = {m.group(1): m.group(2) or m.group(3) for m in GLOSSED.finditer(said)}
        if len(codes) >= 2:
            return codes
    return {}


def by_gloss(text: str, codes: dict[str, str]) -> str | None:
    """The code whose words (or itself) the user's text names, one only."""
    names = named_options(text, [f"{c} {g}" for c, g in codes.items()])
    return names[0].split(" ", 1)[0] if names else None


def listed_in_error(error: str) -> list[str]:
    """The values a failure's text lists as the ones it takes (rule 7), two or more."""
    found = list(LISTED.finditer(error))
    if not found:
        return []
    m = found[-1]
    items = [x.strip(" \"'“”‘’.") for x in _split(m.group(1))]
    items = [x for x in items if 0 < len(x) <= 40]
    return items if len(items) >= 2 else []


def corrected(sent: str, text: str, opts: list[str], error: str = "") -> str | None:
    """Rule 7: the listed value a failed one meant: the one option holding what was sent
    ("南京" -> 南京东路步行街), else the one the user's words name ("望京" -> 朝阳区望京)."""
    holding = [o for o in opts if sent and sent in o] if len(sent) >= 2 else []
    if len(holding) == 1:
        return holding[0]
    generic = error
    for o in opts:
        generic = generic.replace(o, " ")
    names = named_options(text, opts, generic=generic.replace(sent, " "))
    return names[0] if names and names[0] != sent else None
