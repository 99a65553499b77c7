"""Rule 2c, the gate: no value goes into a loop call unchecked. After the readers have filled a
call's input (`agentkit.sim.general._inputs`), each value is judged just before the call is made:

- a string's **shape** is the one its description (or its tool's description, where it names the
  property) states: a count of digits ("两位数字", "6 digits", "12位数字", "last4", "后四位"), of
  letters ("2-letter", "alpha-2") or of characters ("6 characters", "17位"), or the shape of the
  example it gives ("like 1987.44.2", "如 A-301", "e.g. PT", "如 zhangwei": digits, letters and
  separators in that order; a code in capitals of that length; Latin letters, never Chinese). A
  number written shorter than the digits asked is padded when the example starts with 0 or the
  description says so ("9" -> "09"); separators are dropped when the digits then fit
  (978-0-14-143954-9 -> 9780141439549);
- a value that fails its shape, or that the text cues as a thing another property of the offered
  tools names ("PX-12 项目" for a sample_id beside a project property), is replaced by the best
  candidate of its shape: a token of the user's words cued by the property's own words
  ("身份证后四位 3816", "account zhangwei"), else any token of that shape (several, for a
  look-up: one call each, "第9类和第43类"), else the value an earlier call passed under the same
  name or a result gives under that name; a place's clause piece is cut to its place first
  (南京开会 -> 南京, "a pottery in Portugal" -> Portugal -> PT);
- one value never fills two properties: the one the text labels it with ("the candidate Tom
  Okafor", 组织者写李明) keeps it, else a person's property; the other is refilled as above;
- a year lies in 1800..2100, a count of days is the duration the text says in years, months or
  weeks (一年 -> 365) when it says one;
- what fails and has no candidate is left out when optional; a required one is missing: another
  offered look-up whose name or description names it is called first (classify -> hs_code,
  search_samples -> sample_id: `provider`), else the user is asked for it."""

from __future__ import annotations

import json
import re
from typing import Any

from . import finder
from .arguments import unsaid_members
from .glosses import gloss
from .kindcheck import PERSON_KEY, PLACE_KEY, a_person, string_kind
from .valuekinds import self_named

ZH_NUM = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
ZH_NUM |= {"十": 10, "十一": 11, "十二": 12, "十三": 13, "十七": 17, "十八": 18}
N = r"(\d{1,2}|十[一二三七八]?|[一两二三四五六七八九])"
DIGITS = re.compile(
    rf"{N}\s*(?:位(?:阿拉伯)?数字?(?=字|$|[，,。）)\s]|的?数字)|-?\s*digits?\b|-digit)", re.I
)
LAST = re.compile(rf"(?:last_?|后){N}(?:位|\b|_|$)", re.I)
LETTERS = re.compile(rf"{N}\s*(?:-?\s*letters?\b|个字母|位字母)|alpha-?(\d)", re.I)
CHARS = re.compile(rf"{N}\s*(?:-?\s*char(?:acter)?s?\b|位(?!数))", re.I)
EXAMPLE = re.compile(
    r"(?:\be\.g\.|\bi\.e\.|\bfor example|\bsuch as|\blike|例如|比如|形如|如)\s*[:：,]?\s*['\"‘“`]?"
    r"([A-Za-z0-9\u4e00-\u9fff](?:[A-Za-z0-9.\-/*#\u4e00-\u9fff]*[A-Za-z0-9\u4e00-\u9fff*#])?)['\"’”`]?"
    r"(?=\s*(?:[,，、。;；)）]|$|\.\s|or\b|或))"
)
HAN = re.compile(r"[\u4e00-\u9fff]+")
PLACEHOLDER = re.compile(r"(?:(?<=[\d\-_])|^)[xX#*]{3,}|[xX#*]{3,}(?=[\d\-_]|$)")
TIME_OR_SUM = re.compile(
    r"\d\s*(?:[年月日时点分秒元块岁天周]|号$)"
)  # a date, a time or a sum, not a code
TOKEN = re.compile(
    r"(?<![A-Za-z0-9.\-/])[A-Za-z0-9](?:[A-Za-z0-9.\-/ ]*[A-Za-z0-9])?(?![A-Za-z0-9])"
)
PAD = re.compile(r"补0|补零|前导零|leading zero|zero-padded", re.I)
PLACE_PROP = re.compile(r"station|stop|airport|port|country|city|town|from|to$|站|国家|城市", re.I)
PLACE_KEY_ALL = re.compile(f"{PLACE_KEY.pattern}|{PLACE_PROP.pattern}", re.I)
VERB_TAIL = re.compile(  # what one goes to a place to do: 去南京开会
    r"(?<=[\u4e00-\u9fff]{2})(?:开会|出差|旅游|旅行|办事|玩|看病|上班|上学|读书|探亲|度假|培训|考试|"
    r"面试|签约|参加.*|见.*|拜访.*|看望.*)$"
)
EN_IN = re.compile(r"\b(?:in|from|at)\s+((?:[A-Z][a-z]+\s?){1,3})")
COUNTRIES = {  # a country's name (both languages) -> its ISO 3166 alpha-2 code
    "PT": "portugal 葡萄牙",
    "ES": "spain 西班牙",
    "FR": "france 法国",
    "DE": "germany 德国",
    "IT": "italy 意大利",
    "GB": "britain united kingdom england 英国",
    "US": "usa america 美国",
    "CN": "china 中国",
    "JP": "japan 日本",
    "KR": "korea 韩国",
    "IN": "india 印度",
    "VN": "vietnam 越南",
    "TR": "turkey 土耳其",
    "MX": "mexico 墨西哥",
    "CA": "canada 加拿大",
    "NL": "netherlands holland 荷兰",
    "BR": "brazil 巴西",
    "AU": "australia 澳大利亚",
}
ACCOUNT = re.compile(r"user|account|login|handle|(?:^|_)id$|code", re.I)
FREE_TEXT = re.compile(  # a property of free text: no shape holds it
    r"^(?:command|cmd|query|q|pattern|regex|path|file_?path|content|text|body|message|prompt|sql|"
    r"script|code|expression|formula|input|description|notes?|comment|summary|reason|keyword|search)$",
    re.I,
)
GENERIC = {"id", "no", "num", "number", "code", "name", "type", "key", "value", "the", "of"}
ROLE_BEFORE = 14  # characters before a value in which a role word labels it


class Shape:
    """What a string property's description asks: digits, letters or characters of a count, and
    the example it gives."""

    def __init__(self, kind: str | None, n: int | None, example: str | None, pad: bool) -> None:
        self.kind, self.n, self.example, self.pad = kind, n, example, pad
        self.account = False  # an account's name: "如 zhangwei" holds no Chinese
        self.rx = written_as(example) if example and not kind else None

    def fits(self, v: str) -> bool:
        count = f"{{{self.n}}}" if self.n else "+"
        if self.kind and not re.fullmatch(
            {"digits": r"\d", "letters": "[A-Za-z]", "chars": "[A-Za-z0-9]"}[self.kind] + count, v
        ):
            return False
        x = self.example
        if not x or self.kind:
            return True
        if re.fullmatch(r"[A-Za-z0-9]+", x) and len(skeleton(x)) > 3:  # a random-looking
            return bool(re.fullmatch(r"[A-Za-z0-9]+", v)) and len(v) == len(x)  # code: 7hQx2m
        if re.search(r"\d", x):
            return skeleton(v) == skeleton(x) and (
                not x.isdigit() or len(x) < 4 or len(v) == len(x)
            )
        if x.isupper() and len(x) <= 4:
            return bool(re.fullmatch(f"[A-Z]{{{len(x)}}}", v))
        if x.islower() and self.account:  # "如 zhangwei": an account's small letters
            return bool(re.fullmatch(r"[a-z0-9._\-]+", v))
        return True

    def specific(self) -> bool:
        """A shape few words of a text take by chance: a count of digits, or an example with
        digits and separators."""
        return self.kind == "digits" or bool(self.example and re.search(r"\d\W", self.example))

    def normal(self, v: str) -> str:
        """The value in the shape asked, when only separators or padding differ."""
        if self.kind == "digits" and re.fullmatch(r"[\d\s\-.]+", v):
            bare = re.sub(r"\D", "", v)
            if self.n and len(bare) < self.n and self.pad:
                bare = bare.zfill(self.n)
            return bare if self.fits(bare) else v
        return v


def written_as(x: str) -> re.Pattern[str] | None:
    """The pattern of an example that mixes Chinese with digits or letters ("7号楼", "2单元601",
    "沪A12345"): its Chinese words as written, except one character that opens it (a province's),
    digits and letters as runs; None for any other example, and for a date, a time or a sum."""
    if not HAN.search(x) or not re.search(r"[A-Za-z0-9]", x) or TIME_OR_SUM.search(x):
        return None
    out = ""
    for m in re.finditer(r"\d+|[A-Za-z]+|[\u4e00-\u9fff]+|.", x):
        piece = m.group(0)
        if piece.isdigit():
            out += r"\d+"
        elif piece.isascii() and piece.isalpha():
            out += "[A-Za-z]+"
        elif HAN.fullmatch(piece):
            one = m.start() == 0 and len(piece) == 1
            out += r"[\u4e00-\u9fff]" if one else re.escape(piece)
        else:
            out += re.escape(piece)
    return re.compile(out)


def skeleton(v: str) -> str:
    """A value's shape: runs of digits 9, of letters a, of Chinese 汉, separators as written."""
    s = re.sub(r"\d+", "9", v)
    s = re.sub(r"[A-Za-z]+", "a", s)
    return re.sub(r"[\u4e00-\u9fff]+", "汉", s)


def _n(said: str | None) -> int | None:
    return None if said is None else int(said) if said.isdigit() else ZH_NUM.get(said)


def shape_of(k: str, s: dict[str, Any], about: str) -> Shape | None:
    """The shape a string property asks, by its name, its description and the sentences of its
    tool's description that name it."""
    if s.get("enum") or s.get("format") or s.get("type") != "string" or FREE_TEXT.search(k):
        return None
    own = str(s.get("description") or "")
    named = {w for w in re.findall(r"[a-z]+", k.lower()) if w not in GENERIC} or {k.lower()}
    told = " ".join(  # what the tool's description says right after it names the property
        re.split(r"[。；;]|(?<!e\.g)(?<!i\.e)\.\s", about[m.start() : m.start() + 48])[0]
        for m in re.finditer("|".join(map(re.escape, {k, *named})), about, re.I)
    )
    said = f"{own} {told}"
    pad = bool(PAD.search(said))
    ex = EXAMPLE.search(own) or EXAMPLE.search(told)  # each ends where its own text ends
    example = ex.group(1) if ex else None
    if example:  # placeholders stand for digits: "S2024xxxx", "138****0000", "POL-XXXXXX"
        example = PLACEHOLDER.sub(lambda m: "0" * len(m.group(0)), example)
    pad = pad or bool(example and re.fullmatch(r"0\d+", example))
    if m := LAST.search(k) or LAST.search(own):
        return Shape(
            "digits" if "数" in own or "digit" in own or "last" in k else "chars",
            _n(m.group(1)),
            example,
            pad,
        )
    for kind, rx in (("digits", DIGITS), ("letters", LETTERS), ("chars", CHARS)):
        if m := rx.search(said):
            return Shape(kind, _n(next(g for g in m.groups() if g)), example, pad)
    if example and re.search(r"YYYY|HH:MM|\d{4}-\d\d-\d\d", said):
        return None  # a date or a time: `agentkit.sim.kindcheck` judges it
    if not example:
        return None
    sh = Shape(None, None, example, pad)
    sh.account = bool(ACCOUNT.search(k))
    return sh


def cue_words(k: str, s: dict[str, Any]) -> tuple[set[str], set[str]]:
    """The English words and Chinese pairs of characters that name a property."""
    en = {w.lower() for w in re.findall(r"[A-Za-z]{2,}", k + " " + str(s.get("description") or ""))}
    en -= GENERIC
    zh = str(s.get("description") or "")
    pairs = {
        zh[i : i + 2]
        for i in range(len(zh) - 1)
        if re.fullmatch(r"[\u4e00-\u9fff]{2}", zh[i : i + 2])
    }
    return en, pairs


def _cued_by(text: str, start: int, end: int, cues: tuple[set[str], set[str]]) -> bool:
    near = text[max(0, start - ROLE_BEFORE) : start] + " " + text[end : end + 4]
    en, zh = cues
    return any(re.search(rf"\b{w}", near, re.I) for w in en) or any(p in near for p in zh)


def candidates(
    text: str, sh: Shape, cues: tuple[set[str], set[str]], cued_only: bool = False
) -> list[str]:
    """The tokens of the text in the shape asked, those its cue words lead first."""
    found: list[tuple[bool, str]] = []
    if sh.rx:  # an example of Chinese and a code (7号楼, 2单元601, 沪A12345) is looked for as
        # written; a Chinese text's code may be spaced out (沪A D 8 8 2 1 7)
        bare = re.sub(r"(?<=[\u4e00-\u9fffA-Za-z0-9])\s+(?=[A-Za-z0-9])", "", text)
        for m in sh.rx.finditer(bare):
            if m.group(0) not in [f for _, f in found]:
                found.append((not _cued_by(bare, m.start(), m.end(), cues), m.group(0)))
    for m in TOKEN.finditer(text):
        for piece in [m.group(0), *m.group(0).split()]:
            x = sh.normal(piece)
            if sh.fits(x) and x not in [f for _, f in found]:
                found.append((not _cued_by(text, m.start(), m.end(), cues), x))
                break
    cued = [x for c, x in found if not c]
    return cued or ([] if cued_only else [x for _, x in found])


def _given(
    k: str, sh: Shape | None, earlier: list[dict[str, Any]], results: list[Any]
) -> str | None:
    """A value an earlier call passed under the same name, else a result gives under it, else
    the one value of the latest result in a shape its description states."""
    for x in [c.get(k) for c in earlier] + [y for r in results for y in _under(r, k)]:
        if isinstance(x, (str, int)) and str(x) and (sh is None or sh.fits(sh.normal(str(x)))):
            return sh.normal(str(x)) if sh else str(x)
    if sh is None or not (sh.n or sh.example and re.search(r"\d", sh.example)) or not results:
        return None
    fit = {str(x) for x in _leaves(results[0]) if sh.fits(str(x))}
    return fit.pop() if len(fit) == 1 else None


def _leaves(data: Any) -> list[Any]:
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError:
            return re.findall(r"[A-Za-z0-9][A-Za-z0-9.\-]*[A-Za-z0-9]", data)
    if isinstance(data, dict):
        data = list(data.values())
    return [y for v in data for y in _leaves(v)] if isinstance(data, list) else [data]


def _under(data: Any, k: str) -> list[Any]:
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except ValueError:
            return []
    if isinstance(data, dict):
        return [v for key, v in data.items() if key.lower() == k.lower()] + [
            y for v in data.values() for y in _under(v, k)
        ]
    return [y for v in data for y in _under(v, k)] if isinstance(data, list) else []


def place_of(v: str) -> str:
    """A place's clause piece cut to its place: 南京开会 -> 南京; "a pottery in Portugal" ->
    Portugal."""
    v = VERB_TAIL.sub("", v)
    m = EN_IN.search(v) if re.search(r"\b[a-z]{2,}\b", v) else None
    return m.group(1).strip() if m else v


def country_code(v: str) -> str | None:
    low = v.lower().strip()
    return next((c for c, names in COUNTRIES.items() if low and low in names.split()), None)


def _foreign(text: str, v: str, k: str, props: dict[str, Any], others: dict[str, Any]) -> bool:
    """Whether the word right beside a token names the thing another property holds, and not
    this one ("PX-12 项目" for a sample_id beside a project property described 项目编号)."""
    at = text.find(v)
    if at < 0 or not re.fullmatch(r"(?=.*\d)(?=.*[A-Za-z])[\w.\-/#]+", v):
        return False  # (an id: one token of letters and digits)
    before, after = text[:at].rstrip(), text[at + len(v) :].lstrip()
    beside = {before[-2:], after[:2]}
    beside |= {m.group(0).lower() for m in [re.search(r"[A-Za-z]+$", before)] if m}
    beside |= {m.group(0).lower() for m in [re.match(r"[A-Za-z]+", after)] if m}
    en, zh = cue_words(k, props.get(k) or {})
    for j, s in others.items():
        if j == k or not isinstance(s, dict) or s.get("enum"):
            continue
        theirs, pairs = cue_words(j, s)
        named = {w for w in re.findall(r"[a-z]{3,}", j.lower()) if w not in GENERIC}
        hit = (pairs - zh | named - en) & beside  # (its name's words, its description's pairs)
        if {p for p in hit if not en & set(" ".join(gloss(p)).lower().split())}:
            return True
    return False


class Reading:
    """What a call's check reads: the user's words, the tool's description, the properties of
    every offered tool, the earlier calls' inputs and the results (latest first)."""

    def __init__(
        self,
        text: str,
        about: str,
        others: dict[str, Any],
        earlier: list[dict[str, Any]],
        results: list[Any],
        looks_up: bool,
    ) -> None:
        self.text, self.about, self.others = text, about, others
        self.earlier, self.results, self.looks_up = earlier, results, looks_up


def gated(
    seen: Reading, props: dict[str, Any], required: list[str], variants: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[str]]:
    """Each variant's values judged (the rules above); the required properties left missing."""
    out: list[dict[str, Any]] = []
    missing: list[str] = []
    for args in variants:
        args = dict(args)
        _one_role_each(seen, props, required, args)
        many: dict[str, list[str]] = {}
        for k in required:
            if isinstance(props.get(k), dict):
                _found(seen, k, props, args, many)
        for k, s in props.items():  # the user's relation to the person another value names
            if isinstance(s, dict) and k not in args and finder.RELATION_KEY.search(k):
                names = [y for j, y in args.items() if j != k and isinstance(y, str)]
                rel = finder.relation([str(m) for m in s.get("enum") or []], seen.text, names)
                args.update({k: rel} if rel else {})
        for k, s in props.items():
            if isinstance(s, dict) and s.get("type") in ("integer", "number"):
                _a_number(k, s, args, seen.text)
            elif (
                isinstance(s, dict)
                and not s.get("enum")
                and not _one(seen, k, s, props, args, many, k in required)
            ):
                missing += [k] if k in required and k not in missing else []
        split = next((k for k, f in many.items() if len(f) > 1), None)
        if split:  # one call for each value the text gives; the other variants were its pieces
            return [{**args, split: f} for f in many[split]], missing
        out.append(args)
    return out, missing


def _one(
    seen: Reading,
    k: str,
    s: dict[str, Any],
    props: dict[str, Any],
    args: dict[str, Any],
    many: dict[str, list[str]],
    need: bool,
) -> bool:
    """One string judged, replaced or left out; False when it is left out."""
    x, text = args.get(k), seen.text
    sh = shape_of(k, s, seen.about)
    if x is None and need and sh:  # a required value unread: the one its words cue
        cued = candidates(text, sh, cue_words(k, s), cued_only=not sh.specific())
        args.update({k: cued[0]} if len(cued) == 1 else {})
    if not isinstance(x, str):
        return True
    if x and PLACE_KEY_ALL.search(k):
        x = place_of(x)
        code = country_code(x) if sh and sh.kind != "digits" else None
        x = code if code and sh and not sh.fits(x) else x
    if (
        x
        and not _holds_other(x, k, [args, *seen.earlier])
        and (sh is None or sh.fits(sh.normal(x)))
        and not _foreign(text, x, k, props, seen.others)
    ):
        args[k] = sh.normal(x) if sh else x
        return True
    found = candidates(text, sh, cue_words(k, s)) if sh else []
    found = [f for f in found if f not in args.values()]
    if found and (len(found) == 1 or seen.looks_up and len(found) <= 3):
        args[k], many[k] = found[0], found
    elif (given := _given(k, sh, seen.earlier, seen.results)) is not None:
        args[k] = given
    else:
        args.pop(k, None)
        return False
    return True


def _found(
    seen: Reading, k: str, props: dict[str, Any], args: dict[str, Any], many: dict[str, list[str]]
) -> None:
    """Rule 2d (`agentkit.sim.finder`): a required value the readers left unread, or an enum's
    first member taken for want of one, looked for once more before the user is asked."""
    s, x, text = props[k], args.get(k), seen.text
    enum = s.get("enum") or []
    unread = (
        x is None
        or x == ""
        or x == []
        or (
            bool(enum)
            and x == enum[0]
            and k in unsaid_members({"properties": {k: s}, "required": [k]}, args, text)
        )
    )
    text_like = s.get("type", "string") == "string" and not enum
    codes = finder.glossed_codes(k, s, seen.about) if s.get("type", "string") == "string" else {}
    codes = {c: g for c, g in codes.items() if c in enum} if enum else codes
    codes = codes if len(codes) >= 2 else {}
    if codes and isinstance(x, str) and x in codes and x not in text:  # (rule 6: "the gas
        pick = finder.by_gloss(text, codes)  # kiln" is K2, never a K1 the user did not write)
        args.update({k: pick} if pick else {})
        return
    if not unread:
        return
    taken = {str(y) for j, y in args.items() if j != k and isinstance(y, str)}
    if codes and (pick := finder.by_gloss(text, codes)):
        args[k] = pick
        return
    if text_like and (lone := _lone_code(k, s, text, taken)):
        args[k] = lone
        return
    if s.get("type", "string") == "string":
        strings = [j for j, p in props.items() if isinstance(p, dict) and p.get("type") == "string"]
        opts = finder.closed_set(k, s, seen.about, alone=strings == [k])
        picked = finder.named_options(text, opts, many=seen.looks_up and not enum) if opts else []
        if picked:
            args[k] = picked[0]
            many.update({k: picked} if len(picked) > 1 else {})
            return
        me = self_named(text) or _speaker(text)
        if not enum and SELF_ROLE.search(k) and k.endswith("name") and me and me not in taken:
            args[k] = me  # the user's name: the one who introduces themself
        elif not enum and string_kind(k, s, props) == "person":
            who = a_person(text, taken)
            args.update({k: who} if who else {})
    elif finder.counts_people(k, s) and (n := finder.people_count(text)):
        maximum = s.get("maximum")
        args[k] = n if maximum is None or n <= maximum else args.get(k)


def _lone_code(k: str, s: dict[str, Any], text: str, taken: set[str]) -> str | None:
    """Rule 5 of `agentkit.sim.finder`: the one file name, or the one code the property's own
    words lead (a code another thing's word leads is that thing's: "store S-118")."""
    kind, spans = finder.code_spans(k, s, text, taken)
    if kind == "id":
        cues = cue_words(k, s)
        spans = [m for m in spans if _cued_by(text, m.start(), m.end(), cues)]
    found = {m.group(0) for m in spans}
    return found.pop() if len(found) == 1 else None


def _holds_other(x: str, k: str, calls: list[dict[str, Any]]) -> bool:
    """Whether a phrase holds the number another property takes whole (第9类 beside class 09):
    a piece of the sentence, not its own thing."""
    taken = {
        int(y) for a in calls for j, y in a.items() if j != k and isinstance(y, str) and y.isdigit()
    }
    said = {int(n) for n in re.findall(r"(?<![\d.])\d{1,6}(?![\d.])", x)}
    short = len(x) <= 16 and x.count(" ") < 3
    return short and bool(taken & said) and not x.isdigit() and bool(re.search(r"[^\d\s]{2}", x))


def _one_role_each(
    seen: Reading, props: dict[str, Any], required: list[str], args: dict[str, Any]
) -> None:
    """One value never fills two properties: the one the text labels it with keeps it; of two
    people's names, the speaker's role (visitor, user, booker) takes the one who introduces
    themself and the other the other person named ("我是王海燕老师组的刘洋", "看我妈林秀英");
    else a person's property keeps it; the other is left empty to be refilled (when optional,
    or when an earlier call or a result gives it)."""
    keys = [
        k
        for k, x in args.items()
        if isinstance(x, str) and len(x) > 1 and isinstance(props.get(k), dict)
    ]
    keys, text = [k for k in keys if not props[k].get("enum")], seen.text
    me = self_named(text) or _speaker(text)  # who introduces themself, once a call
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            if args.get(a) != args.get(b) or a not in args:
                continue
            x = args[a]
            at = [m.start() for m in re.finditer(re.escape(x), text)]
            labels = [
                k for k in (a, b) if any(_cued_by(text, p, p, cue_words(k, props[k])) for p in at)
            ]
            person = [k for k in (a, b) if PERSON_KEY.search(k)]
            keep = labels[0] if len(labels) == 1 else person[0] if len(person) == 1 else None
            mine = [k for k in (a, b) if SELF_ROLE.search(k)]  # the visitor, the user: the
            people = all(  # one speaking
                string_kind(k, props[k], props) == "person" or re.search(r"(?:^|_)name$", k)
                for k in (a, b)
            )
            if len(labels) != 1 and me and len(mine) == 1 and people:
                other_key = b if mine[0] == a else a
                if me != x:  # "我是王海燕老师组的刘洋": the speaker is 刘洋, the other keeps x
                    args[mine[0]] = me
                    continue
                if other_one := a_person(text, {x}):  # "我是林晓峰 ... 看我妈林秀英"
                    args[other_key] = other_one
                    continue
            other = b if keep == a else a
            given = _given(other, None, seen.earlier, seen.results) not in (None, x)
            if keep and (given or other not in required):  # (else the readers' reading stands)
                args[other] = ""


SELF_ROLE = re.compile(
    r"visitor|applicant|request|booker|customer|guest|caller|reporter|sender|buyer|member|"
    r"submitter|contact|user|requester|borrower|renter|client",
    re.I,
)


def _speaker(text: str) -> str | None:
    """The name a Chinese user introduces themself by, ending at a clause's end ("我是秦远，")."""
    m = re.search(r"(?:我是|我叫|本人)\s*([\u4e00-\u9fff]{2,4})(?=[，,。！!？?\s]|$)", text)
    return m.group(1) if m else None


DURATION = re.compile(
    rf"{N}\s*(?:个)?\s*(年|月|周|星期)|(?:半年)|\b(a|one|two|three|six|\d+)\s+(years?|months?|weeks?)\b",
    re.I,
)
EN_NUM = {"a": 1, "one": 1, "two": 2, "three": 3, "six": 6}


PER = {  # a duration's unit in the unit a property counts
    "days": {"y": 365, "h": 182, "m": 30, "w": 7},
    "weeks": {"y": 52, "h": 26, "w": 1},
    "months": {"y": 12, "h": 6, "m": 1},
}
COUNTED_IN = (  # what a number property counts, by its name or description
    ("days", r"days?\b|天数|天"),
    ("weeks", r"weeks?\b|周数"),
    ("months", r"months?\b|月数|个月"),
)


def _a_number(k: str, s: dict[str, Any], args: dict[str, Any], text: str) -> None:
    """A year in 1800..2100 (else left out); days, weeks or months: the duration the text says,
    in the property's unit, when it says one (一年 -> 365 days, 半年 -> 6 months)."""
    x = args.get(k)
    if re.search(r"(?:^|_)year$|年份|年款", f"{k} {s.get('description') or ''}") and isinstance(
        x, (int, float)
    ):
        if not 1800 <= x <= 2100:
            args.pop(k)
    said = f"{k.replace('_', ' ')} {s.get('description') or ''}"
    counted = next((u for u, rx in COUNTED_IN if re.search(rx, said, re.I)), None)
    if re.search(r"\bper\b|每|/\s*(?:week|month|day)", said, re.I):
        counted = None  # a rate (sessions_per_week), not a duration
    ages = r"(?!\s*(?:old\b|of age|大|岁))"  # (45 years old is an age)
    m = next((m for m in DURATION.finditer(text) if re.match(ages, text[m.end() :])), None)
    m = m if counted else None
    if not counted or not m:
        return
    if m.group(0) == "半年":
        n, unit = 1, "half"
    elif m.group(1):
        n, unit = _n(m.group(1)) or 0, m.group(2)
    else:
        word = m.group(3).lower()
        n, unit = EN_NUM.get(word) or int(word), m.group(4).lower()
    per = PER[counted].get({"年": "y", "月": "m", "周": "w", "星": "w"}.get(unit[:1], unit[:1]))
    if per is None:
        return
    count = n * per
    enum = s.get("enum")
    if count and (not enum or count in enum):
        args[k] = count
    elif count and enum:
        args[k] = min(enum, key=lambda e: abs(e - count))


def provider(name: str, key: str, tools: list[Any]) -> Any | None:
    """Another offered look-up whose name or description names a property (classify_product's
    "HS tariff codes" for hs_code, search_samples's 样本编号 for sample_id)."""
    words = {w for w in re.findall(r"[a-z]+\d*", key.lower()) if w not in GENERIC} or {key.lower()}
    for t in tools:
        if t.name == name:
            continue
        said = f"{t.name.replace('_', ' ')} {t.description}"
        zh = " ".join(g for i in range(len(said) - 1) for g in gloss(said[i : i + 2])).lower()
        if all(re.search(rf"\b{re.escape(w)}", said, re.I) or w in zh for w in words):
            return t
    return None
