"""Languages by name, for a property that wants a language code: written rules.

- A property wants a code when its enum lists language codes (`en`, `de`, `zh-CN`, ...), or its
  name says language or lang (`target_lang`, `language`) and it is a string.
- A language is named by its English or Chinese name ("German", 德语, 德文) or by its code.
- A property of the end a translation goes to (its name says target, to, into, dest, output)
  takes the language said after "into", "to", "in", 译成, 翻译成, 成; one of the end it comes
  from (source, from, input) takes the language said after "from" or 从, else the language the
  quoted text is written in (Han characters: zh, with kana: ja, Hangul: ko, else Latin: en). Any
  other takes the first language named.
- A property of the language a text is written in (an enum of languages, or a description
  saying written / detect / 语种; no end of a translation) whose text names no language takes the language the text is written in: its
  script (Han: zh, kana: ja, Hangul: ko), else the language most of its small words belong to
  ("le, les, une, est" French; "el, los, por" Spanish; "der, und, ist" German; "the, and, is"
  English), read in the handed text after an instruction's colon when there is one.
- A language property of no enum whose description asks for the name (语言名称, "the language's
  name") or gives a name as its example ("例如 法语", "e.g. French"), and no code, takes each
  language the text names, as written, one call each (`names_said`: "葡萄牙语和斯瓦希里语分别
  有多少人在说" -> 葡萄牙语, 斯瓦希里语; "Portuguese and Tagalog").
- An enum of languages lists their codes or their names ("english", "French", 中文, 法语).
- With an enum, the member of that code (`zh` for `zh-CN` when only one begins so); of several
  members of one language (pt-PT, pt-BR), the one whose region or script the words beside the
  language's name say ("Brazilian Portuguese", "Portuguese (Brazil)", "巴西葡萄牙语", "British
  English", "繁体中文" for zh-TW / zh-Hant), else the first.
"""

from __future__ import annotations

import re
from typing import Any

NAMES = [  # (code, English name, Chinese names): a list, not a table of the workbook's languages
    ("en", "English", "英语 英文"),
    ("de", "German", "德语 德文"),
    ("fr", "French", "法语 法文"),
    ("es", "Spanish", "西班牙语 西班牙文"),
    ("it", "Italian", "意大利语 意大利文"),
    ("pt", "Portuguese", "葡萄牙语"),
    ("ja", "Japanese", "日语 日文"),
    ("zh", "Chinese", "中文 汉语"),
    ("ko", "Korean", "韩语 韩文 朝鲜语"),
    ("ru", "Russian", "俄语 俄文"),
    ("ar", "Arabic", "阿拉伯语"),
    ("nl", "Dutch", "荷兰语"),
]
CODES = frozenset(code for code, _en, _zh in NAMES)
REGIONS = [  # (region or script subtags, English words, Chinese words) a language's variety is named by
    ("BR", "Brazilian|Brazil", "巴西"),
    ("PT", "European|Portugal", "葡萄牙|欧洲"),
    ("GB", "British|UK|England", "英式|英国"),
    ("US", "American|US|USA", "美式|美国"),
    ("ES", "Castilian|Spain|European", "西班牙|欧洲"),
    ("MX 419", "Mexican|Mexico|Latin American", "墨西哥|拉美|拉丁美洲"),
    ("CA", "Canadian|Canada|Québécois|Quebec", "加拿大"),
    ("AU", "Australian|Australia", "澳大利亚|澳洲"),
    ("IN", "Indian|India", "印度"),
    ("FR", "France|Parisian", "法国"),
    ("CH", "Swiss|Switzerland", "瑞士"),
    ("AT", "Austrian|Austria", "奥地利"),
    ("DE", "Germany", "德国"),
    ("TW Hant", "Taiwanese|Taiwan|Traditional", "台湾|繁体|繁體"),
    ("HK", "Hong Kong|Cantonese", "香港|粤语"),
    ("CN Hans", "Mainland|Simplified", "大陆|简体"),
]
TO_END = re.compile(r"target|\bto\b|^to_|_to$|into|dest|output|translated", re.I)
FROM_END = re.compile(r"source|\bfrom\b|^from_|_from$|input|original", re.I)
INTO = r"(?:\binto\b|\bto\b|\bin\b|译成|翻译成|翻成|成)\s*"
FROM = r"(?:\bfrom\b|从)\s*"


def _code(member: Any) -> str | None:
    m = re.fullmatch(r"([a-z]{2})(?:[-_][A-Za-z]{2,4})?", str(member))
    if m and m.group(1) in CODES:
        return m.group(1)
    said = str(member).strip()  # a language's name: "english", "French", 法语
    return next(
        (c for c, en, zh in NAMES if said.lower() == en.lower() or said in zh.split()), None
    )


SMALL_WORDS = {  # the commonest small words of each Latin-script language: which one a text is in
    "en": "the and is are was of to with for this that it in on be have not you",
    "fr": "le la les des une est et dans pour aux du sur avec qui pas nous vous ce cette au sont",
    "es": "el los las una es y en por para del con que se su al muy está son pero",
    "de": "der die das und ist nicht ein eine mit für auf den dem ich sie zu im sind",
    "it": "il lo gli della che è per con una non sono del nel alla anche",
    "pt": "o os um uma é não com para do da em que dos das mas são",
}


def written_in(text: str) -> str | None:
    """The language a text is written in (see the rules), of the handed text after an
    instruction's colon when there is one; None when it cannot be told."""
    handed = re.split(r"[:：]\s*\n|[:：]\s*(?=[\u4e00-\u9fff\"“「])", text, maxsplit=1)
    body = handed[-1] if len(handed) == 2 and handed[1].strip() else text
    han = len(re.findall(r"[\u4e00-\u9fff]", body))
    latin = len(re.findall(r"[A-Za-z\u00c0-\u024f]+", body))
    if re.search(r"[\u3040-\u30ff]", body):
        return "ja"
    if re.search(r"[\uac00-\ud7af]", body):
        return "ko"
    if han and han >= latin:
        return "zh"
    said = re.findall(r"[a-zà-öø-ÿ]+", body.lower())
    score = {c: sum(w in set(ws.split()) for w in said) for c, ws in SMALL_WORDS.items()}
    best = sorted(score.items(), key=lambda x: -x[1])
    if best[0][1] >= 2 and best[0][1] > best[1][1]:
        return best[0][0]
    return None


def wants(name: str, s: dict[str, Any]) -> bool:
    """The property wants a language code (see the rules)."""
    enum = s.get("enum") or []
    if enum:
        return len(enum) >= 2 and all(_code(m) for m in enum)
    return (
        s.get("type", "string") == "string"
        and bool(re.search(r"lang", name, re.I))
        and not wants_name(name, s)
    )


CODE_ASKED = re.compile(r"\bcode\b|\bISO\b|639|BCP|代码|代号|缩写", re.I)
NAME_ASKED = re.compile(r"名称|名字|\bname\b", re.I)
EXAMPLE = re.compile(
    r"(?:例如|比如|如|e\.g\.|eg|such as|like)\s*[:：]?\s*([^\s,，、;；)）]+)", re.I
)


def wants_name(name: str, s: dict[str, Any]) -> bool:
    """A language property of no enum that asks for the language's name, not its code: its
    description says name (语言名称, "the language's name") or gives a name as its example
    ("例如 法语", "e.g. French"), and no code (ISO 639, 代码)."""
    about = str(s.get("description") or "")
    if s.get("enum") or s.get("type", "string") != "string" or CODE_ASKED.search(about):
        return False
    if not re.search(r"lang|语言|语种", f"{name} {about}", re.I):
        return False
    example = EXAMPLE.search(about)
    if example and _code(example.group(1)) is not None:
        return not re.fullmatch(r"[a-z]{2}(?:[-_]\w+)?", example.group(1))
    return bool(NAME_ASKED.search(about) or re.search(r"name", name, re.I))


ZH_LANGUAGE = re.compile(r"[\u4e00-\u9fff]{1,5}[语文]$")
ZH_LANGUAGE_LEAD = re.compile(
    r"^.*(?:翻译成|翻成|译成|换成|改成|请问|另外|还有|那么|用|说|讲|学|会|懂|把|和|与|跟|及)"
)
EN_LANGUAGE = re.compile(r"\b[A-Z][a-z]+(?:ish|ese|ian|ic|ali|ili|og|ew)\b(?!\s+[A-Z])")


def names_said(text: str) -> list[str]:
    """Each language the text names, as it writes it, in order: the names of the list above
    ("Portuguese", 葡萄牙语), in English a capitalized name of a language's ending ("Swedish",
    "Vietnamese", "Swahili"), and in Chinese a name its 语 or 文 ends, cut out of its sentence
    without the question's words ("葡萄牙语和斯瓦希里语分别有多少人在说？": 葡萄牙语, 斯瓦希里语)."""
    found = [(s, text[s:e]) for s, e, _c in _named(text)]
    found += [(m.start(), m.group(0)) for m in EN_LANGUAGE.finditer(text)]
    at = 0
    for piece in re.split(r"([和与跟及或、，,。；;？?！!\s]+)", text):
        cut = re.split(ZH_ASKS_AT, piece)[0]
        cut = ZH_LANGUAGE_LEAD.sub("", re.sub(ZH_TAIL, "", cut))
        if ZH_LANGUAGE.fullmatch(cut) and len(cut) >= 2:
            found.append((at + piece.find(cut), cut))
        at += len(piece)
    out: list[str] = []
    for _s, said in sorted(found):
        if not any(said in o or o in said for o in out):
            out.append(said)
        elif any(o in said and o != said for o in out):  # the longer writing is the name
            out = [said if o in said else o for o in out]
    return out


ZH_ASKS_AT = r"分别|一共|总共|都|有多少|多少|有几|几|是什么|什么|怎么|哪|吗|呢"
ZH_TAIL = r"(?:的|是|有|在)+$"


def _named(text: str) -> list[tuple[int, int, str]]:
    """(start, end, code) of each language the text names."""
    out = []
    for code, en, zh in NAMES:
        for word in [en, *zh.split()]:
            flags = re.I if word.isascii() else 0
            for m in re.finditer(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", text, flags):
                out.append((m.start(), m.end(), code))
    return sorted(out)


def _written_in(text: str) -> str | None:
    quoted = re.findall(r"[\"“「'‘]([^\"”」'’]{2,})[\"”」'’]", text)
    if not quoted:
        return None
    q = quoted[0]
    if re.search(r"[\u3040-\u30ff]", q):
        return "ja"
    if re.search(r"[\uac00-\ud7af]", q):
        return "ko"
    if re.search(r"[\u4e00-\u9fff]", q):
        return "zh"
    return "en" if re.search(r"[A-Za-z]", q) else None


def code_for(name: str, text: str) -> str | None:
    """The language code the text gives the property (see the rules), or None."""
    named = _named(text)

    def after(cue: str) -> list[str]:
        return [c for s, _e, c in named if re.search(cue + "$", text[max(0, s - 12) : s], re.I)]

    if TO_END.search(name):
        found = after(INTO)
        return found[0] if found else None
    if FROM_END.search(name):
        found = after(FROM)
        return found[0] if found else _written_in(text)
    return named[0][2] if named else None


WRITTEN = re.compile(r"written|detect|language of the|which language|什么语言|哪种语言|语种", re.I)


def about(s: dict[str, Any]) -> str:
    return str(s.get("description") or "")


def member(name: str, s: dict[str, Any], text: str) -> Any:
    """The enum member (or, without an enum, the code) the text gives the property, or None."""
    code = code_for(name, text)
    if code is None and not TO_END.search(name) and (s.get("enum") or WRITTEN.search(about(s))):
        code = written_in(text)  # a text's own language: a choice among languages, not a target
    if code is None:
        return None
    enum = s.get("enum") or []
    if not enum:
        return code
    same = [m for m in enum if _code(m) == code]
    return variety(same, text) if len(same) > 1 else next(iter(same), None)


def variety(members: list[Any], text: str) -> Any:
    """Of the members of one language, the one whose region the words beside the language's name
    say ("Brazilian Portuguese" -> pt-BR), else the first."""
    code = _code(members[0])
    for s, e, c in _named(text):
        if c != code:
            continue
        near = f"{text[max(0, s - 14) : s]} | {text[e : e + 14]}"
        for tags, en, zh in REGIONS:
            if re.search(rf"(?<![A-Za-z])(?:{en})(?![A-Za-z])|{zh}", near):
                said = [
                    m
                    for m in members
                    if re.search(rf"[-_](?:{tags.replace(' ', '|')})$", str(m), re.I)
                ]
                if said:
                    return said[0]
    return members[0]
