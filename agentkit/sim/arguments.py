"""Filling a tool's input from the conversation, by its JSON schema.

The rules, property by property (only the schema's properties, never a placeholder):
- `const` is its value; an `enum` takes the member the user names (by word or concept: "*" names
  multiply), else the schema's `default`, else (required) its first member;
- an object is filled property by property; an array of strings takes the quoted texts or the
  listed items, an array of numbers the numbers;
- a value the user labels ("title: Groceries", "amount = 5") is taken as labelled;
- a string is read by its role, from its name (then its description): an id (a token right
  after the id's noun, "customer C1" / "订单 O2", or one that fits the schema's `pattern` or the
  example in the description, "like C1", "形如 A-1001"), an email, a place ("weather in Paris",
  "北京的天气"), a path, an arithmetic expression, a search query, free text (quoted text, the
  text after a colon, after the tool's noun);
- a number is labelled, or (required) the next number in the text not part of an id; a score
  named positive / negative / neutral is counted from the text's words of each feeling;
- a value the text does not give is taken from an earlier result's field of the same name (call
  2's customer_id from result 1);
- a required value found nowhere is missing: the policy asks the user for it. Only a forced call
  (tool_choice) that must be made anyway gives it the schema's default, its smallest valid value,
  or the user's own words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from . import shell, websearch
from .lexicon import NUMBER, TABLE, concepts, expressions, kind, stem, words
from .results import find, hint

ID_TOKEN = re.compile(r"(?<![\w-])#?([A-Za-z]{1,5}-?\d+[A-Za-z]?|\d{3,})(?![\w-])")
CODE_TOKEN = re.compile(r"(?<![\w-])([A-Z][A-Z0-9]{1,5})(?![\w-])")  # MSFT, USD, EUR, H2O
NOUN_BEFORE = re.compile(
    r"([A-Za-z]+|[\u4e00-\u9fff]{1,4})\s*(?:(?:id|ID|number|no\.?|号|编号)\s*)?#?\s*$"
)
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
QUOTED = re.compile(r"\"([^\"]+)\"|“([^”]+)”|「([^」]+)」|‘([^’]+)’|(?<!\w)'([^']+)'(?!\w)")
PLACE_EN = re.compile(
    r"\b(?:in|at|for|near)\s+((?:[A-Z][\w.'-]*)(?:(?:\s+|,\s*)[A-Z][\w.'-]*)*)"
    r"((?:\s*,?\s*(?:and|&)\s+(?:in\s+)?[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)*)*)"
)
PLACE_ZH = re.compile(
    r"([\u4e00-\u9fff、]{2,20}?)(?:市)?(?:今天|明天|现在|目前|的)*(?:天气|气温|温度)"
)
ZH_LEAD = re.compile(r"^(?:请问|请|帮我|告诉我|查一下|查查|查询|看看|想知道|我想知道|在)+")
ZH_TIME = re.compile(r"(?:今天|明天|后天|现在|目前|的)+$")
BARE_PLACE = re.compile(
    r"^\s*([A-Z][\w.'-]*(?:[ ,]+[A-Z][\w.'-]*)*|[\u4e00-\u9fff]{2,6})\s*[.。]?\s*$"
)
PATH = re.compile(
    r"(?<![\w/.-])((?:~|\.{1,2})?/[\w./-]*|[\w-]+(?:/[\w.-]+)+/?|[\w-]+\.[A-Za-z][A-Za-z0-9]{0,5})(?![\w/-])"
)
DIR_WORD = re.compile(
    r"([\w./-]+)\s+(?:directory|folder|dir)\b|(?:directory|folder|目录|文件夹)\s*[:：]?\s*([\w./-]+)",
    re.IGNORECASE,
)
DETERMINERS = frozenset({"this", "the", "that", "current", "my", "our", "your", "a", "same"})
HERE = re.compile(r"current (?:directory|folder)|\bhere\b|当前目录|这里|这个目录", re.IGNORECASE)
QUERY = re.compile(
    r"(?:search(?:\s+(?:the\s+web|online|for|about))*|look up|find|搜索|搜一下|查找)\s*[:：]?\s*(.+?)[?？.。!！]*$",
    re.IGNORECASE | re.MULTILINE,
)
ROLES = [  # role, what a property's name (then its description) says
    ("email", r"e-?mail|邮箱"),
    ("command", r"^(?:command|cmd|shell_command|script)$|^(?:shell|bash) command|命令"),
    ("person", r"^(?:customer_?|user_?|sender_?|full_?|person_?|contact_?)?name$|^customer$|^sender$|姓名|名字"),
    ("product", r"^(?:product|item|product_name|item_name|goods)$|商品|产品"),
    ("location", r"location|city|place|town|where|country|地点|城市|位置"),
    ("regex", r"^(?:regex|regexp)$|regular expression"),
    ("expression", r"expression|formula|equation|算式|表达式"),
    ("glob", r"^glob|\bglob pattern"),
    ("path", r"path|file|dir|directory|folder|路径|文件|目录"),
    ("query", r"query|keyword|search|term|question|topic|关键词|查询"),
    ("text", r"note|content|text|body|message|summary|comment|reason|memo|title|subject|内容|笔记|正文"),
]  # fmt: skip
FEELINGS = {
    "positive": "good great love excellent happy amazing wonderful best like awesome fantastic incredible "
    "delicious enjoy perfect brilliant superb glad pleased delighted thrilled impressive beautiful "
    "nice recommend 好 棒 喜欢 爱 满意 开心 优秀 赞 美味 完美 推荐 惊艳",
    "negative": "bad terrible hate awful worst poor disappointed sad angry horrible broken slow "
    "rude disappointing disgusting annoying frustrated frustrating useless waste worse mediocre "
    "boring 差 糟糕 讨厌 失望 难过 生气 坏 慢 难吃 垃圾 恶心 浪费",
}


STRONG = re.compile(
    r"!|\b(?:most|so|very|really|absolutely|totally|extremely|truly|holy|ever)\b|太|非常|超级|特别|真是|极",
    re.I,
)
MONEY = re.compile(
    rf"[$€£¥￥]\s*({NUMBER})|({NUMBER})\s*(?:dollars?|euros?|pounds?|yuan|yen|bucks|元|块|美元|"
    rf"[A-Z]{{3}}\b|each\b|apiece\b|per\b|一个|每)"
)
PRICE = re.compile(r"price|cost|amount|fee|total|价格|金额|单价", re.IGNORECASE)
QUANTITY = re.compile(r"quantity|qty|count|number_of|num_|how_many|数量|件数", re.IGNORECASE)


@dataclass
class Source:
    """Where values come from: the user's words of the open task, and the open task's results
    (latest first). `numbers` are the text's numbers not part of an id, taken in order."""

    text: str
    results: list[Any] = field(default_factory=list)
    numbers: list[float | int] = field(default_factory=list)
    used: set[str] = field(default_factory=set)
    money: list[float | int] = field(default_factory=list)  # numbers said as sums of money


def gather(text: str, results: list[Any]) -> Source:
    bare = ID_TOKEN.sub(lambda m: " " if re.search("[A-Za-z]", m.group(1)) else m.group(0), text)
    bare = re.sub(r"(?<=\d),(?=\d{3}\b)", "", bare)
    found = [_num(n) for n in re.findall(rf"(?<![\w.]){NUMBER}", bare)]
    money = [_num(next(g for g in m.groups() if g)) for m in MONEY.finditer(bare)]
    return Source(text, results, found, money=money)


def _num(n: str) -> float | int:
    return float(n) if "." in n else int(n)


def resolve(schema: Any, root: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref") if isinstance(schema, dict) else None
    if isinstance(ref, str) and ref.startswith("#/"):
        node: Any = root
        for part in ref[2:].split("/"):
            node = node.get(part, {}) if isinstance(node, dict) else {}
        return resolve(node, root)
    if isinstance(schema, dict) and (schema.get("anyOf") or schema.get("oneOf")):
        options = [resolve(o, root) for o in schema.get("anyOf") or schema.get("oneOf") or []]
        typed = [o for o in options if o.get("type") != "null"] or options
        return {**{k: v for k, v in schema.items() if k not in ("anyOf", "oneOf")}, **typed[0]}
    return schema if isinstance(schema, dict) else {}


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def type_of(s: dict[str, Any]) -> str:
    t = s.get("type")
    if isinstance(t, list):
        t = next((k for k in t if k != "null"), "null")
    if t is None and "properties" in s:
        t = "object"
    return t if isinstance(t, str) else "string"


@dataclass
class Fill:
    """One object's filling: its values, and the paths of required properties found nowhere."""

    values: dict[str, Any]
    missing: list[str]


def fill_object(
    schema: dict[str, Any], src: Source, root: dict[str, Any], forced: bool, topic: frozenset[str]
) -> Fill:
    """Every property of an object schema the conversation gives a value for (see the rules)."""
    props = _dict(schema.get("properties"))
    required = [r for r in schema.get("required") or [] if r in props]
    out, missing = Fill({}, []), []
    for name, prop in props.items():
        need = name in required
        value = value_for(name, resolve(prop, root), src, root, need, forced, topic)
        if isinstance(value, Fill):
            missing += [f"{name}.{m}" for m in value.missing]
            value = value.values if value.values or need else None
        if value is None and need and forced:
            value = fallback(resolve(prop, root), src)
        if value is not None:
            out.values[name] = value
        elif need:
            missing.append(name)
    out.missing = missing
    return out


def value_for(
    name: str,
    s: dict[str, Any],
    src: Source,
    root: dict[str, Any],
    need: bool,
    forced: bool,
    topic: frozenset[str],
) -> Any:
    """One property's value, or None when the conversation gives none (a Fill for an object)."""
    if "const" in s:
        return s["const"]
    if s.get("enum"):
        return _enum(s, src, need or forced)
    t = type_of(s)
    if t == "object":
        return fill_object(s, src, root, forced, topic)
    if t == "array":
        return _array(name, s, src, root, forced, topic)
    value = _from_text(name, s, t, src, need, topic)
    if value is None:
        value = _from_results(name, t, src)
    return value


def _enum(s: dict[str, Any], src: Source, need: bool) -> Any:
    said = concepts(src.text)
    text = src.text.lower()
    for member in s["enum"]:
        m = str(member)
        if re.search(rf"(?<![a-z]){re.escape(m.lower())}(?![a-z])", text):
            return member
        named = concepts(" ".join(words(m))) or concepts(m) or _abbreviated(m)
        if named and named <= said:
            return member
    if "default" in s:
        return s["default"]
    return s["enum"][0] if need else None


def _abbreviated(member: str) -> frozenset[str]:
    """The concepts an abbreviated member stands for: "mul" for multiply, "div" for divide (a
    member of three letters or more that begins a word of the concept table)."""
    m = member.lower()
    if len(m) < 3 or not m.isalpha():
        return frozenset()
    return frozenset(
        c for c, (_k, en, _zh) in TABLE.items() if any(w.startswith(m) for w in en.split())
    )


def _array(
    name: str,
    s: dict[str, Any],
    src: Source,
    root: dict[str, Any],
    forced: bool,
    topic: frozenset[str],
) -> Any:
    items = resolve(s.get("items") or {}, root)
    t = type_of(items)
    if t in ("number", "integer"):
        values: list[Any] = [n for n in src.numbers if t == "number" or isinstance(n, int)]
    elif t == "object":
        one = fill_object(items, src, root, forced, topic)
        values = [one.values] if one.values else []
    else:
        values = quoted(src.text) or _listed(name, src.text)
    found = _from_results(name, "array", src)
    return values or found or None


def quoted(text: str) -> list[str]:
    return [next(g for g in m.groups() if g) for m in QUOTED.finditer(text)]


def _listed(name: str, text: str) -> list[str]:
    """Items listed after the property's word: "tags: work, urgent" -> ["work", "urgent"]."""
    label = _label_value(name, text)
    if not label:
        return []
    return [x.strip() for x in re.split(r",|，|、|\band\b|和", label) if x.strip()]


def _label_value(name: str, text: str) -> str | None:
    """A value the user labels with the property's name: "title: Groceries", "amount = 5"."""
    label = r"[ _-]?".join(re.escape(w) for w in re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]+", name))
    if not label:
        return None
    m = re.search(
        rf"(?<![A-Za-z]){label}s?\s*(?:[:：=]|\bis\b|是|为)\s*(.+?)\s*(?:[,，;；\n。]|[.!?](?:\s|$)|$)",
        text,
        re.I,
    )
    return m.group(1).strip().strip("\"'“”") if m else None


def _from_results(name: str, t: str, src: Source) -> Any:
    for data in src.results:
        value = find(data, name)
        if value is not None and _fits(value, t):
            return value
    return None


def _fits(value: Any, t: str) -> bool:
    if t in ("number", "integer"):
        ok = isinstance(value, int | float) and not isinstance(value, bool)
        return ok and (t == "number" or float(value).is_integer())
    if t == "boolean":
        return isinstance(value, bool)
    if t == "array":
        return isinstance(value, list)
    return isinstance(value, str | int | float) and not isinstance(value, bool)


def _from_text(
    name: str, s: dict[str, Any], t: str, src: Source, need: bool, topic: frozenset[str]
) -> Any:
    label = _label_value(name, src.text)
    if t in ("number", "integer"):
        return _number(name, s, t, src, label, need)
    if t == "boolean":
        if label is not None:
            return label.lower() in ("true", "yes", "1", "是", "对")
        return s.get("default", False if need else None)
    if label is not None and not _is_id(name) and role(name, s, need) != "command":
        return label  # ("command: echo 'hi'" is a command as written, quotes and all)
    return _string(name, s, src, topic, need)


def _number(name: str, s: dict[str, Any], t: str, src: Source, label: str | None, need: bool):
    value: Any = None
    if label is not None and re.fullmatch(NUMBER, label.replace(",", "")):
        value = float(label.replace(",", ""))
    feeling = next((f for f in ("positive", "negative", "neutral") if f in name.lower()), None)
    if value is None and feeling:
        return feelings(src.text)[feeling]
    if value is None and need and src.numbers:
        value = _role_number(name, src)
    if value is None:
        return None
    if t == "integer":
        return int(value) if float(value).is_integer() else None
    return value


def _role_number(name: str, src: Source) -> float | int:
    """The next number for a property: a price takes the next sum of money ("5.50 dollars", "$3",
    "4.25 each"), a quantity the next whole number that is not money, any other the next number."""
    pick: float | int | None = None
    if PRICE.search(name):
        pick = next((n for n in src.numbers if n in src.money), None)
    elif QUANTITY.search(name):
        pick = next((n for n in src.numbers if isinstance(n, int) and n not in src.money), None)
    if pick is None:
        return src.numbers.pop(0)
    src.numbers.remove(pick)
    return pick


def feelings(text: str) -> dict[str, float]:
    """Scores that sum to 1: each feeling's words counted, a text said strongly (an intensifier,
    an exclamation mark) counting half as much again; the neutral share is a quarter of one word's
    worth, so one clear word of feeling outweighs it ("the most incredible meal!": 0.86 positive)."""
    said = set(words(text))
    n = {
        f: sum(1 for w in ws.split() if (stem(w) in said if w.isascii() else w in text))
        for f, ws in FEELINGS.items()
    }
    strong = 1.5 if STRONG.search(text) else 1.0
    total = (n["positive"] + n["negative"]) * strong + 0.25
    pos = round(n["positive"] * strong / total, 2)
    neg = round(n["negative"] * strong / total, 2)
    return {"positive": pos, "negative": neg, "neutral": round(1 - pos - neg, 2)}


def _is_id(name: str) -> bool:
    return bool(re.search(r"(?:^|_|[a-z])(?:id|Id|ID)$", name)) or name.lower() == "id"


def role(name: str, s: dict[str, Any], need: bool = True) -> str | None:
    """What a string property holds, by its name, then (a required one only) by its description:
    an optional property whose name says nothing is not guessed at (the CLI's Read has `pages`,
    described as "for PDF files": it is no path)."""
    if _is_id(name):
        return "id"
    for text in (name, str(s.get("description") or "") if need else ""):
        for r, pattern in ROLES:
            if re.search(pattern, text, re.IGNORECASE):
                return r
    return None


def _email(text: str) -> str | None:
    m = EMAIL.search(text)
    return m.group(0) if m else None


def _place(text: str) -> Any:
    found = places(text)
    return found if len(found) > 1 else (found[0] if found else None)


def _expression(text: str) -> str | None:
    found = expressions(text)
    return found[0] if found else None


BY_TEXT = {  # role -> how the user's words give it
    "email": _email,
    "person": lambda text: person(text),
    "product": lambda text: product(text),
    "location": _place,
    "expression": _expression,
    "query": lambda text: query(text) or websearch.query_of(text),
}


def _string(
    name: str, s: dict[str, Any], src: Source, topic: frozenset[str], need: bool = True
) -> Any:
    r = role(name, s, need)
    if r == "id":
        return ident(name, s, src, topic)
    if r == "command":
        return shell.command(src.text, src.results)
    if r == "glob":
        return shell.glob_pattern(src.text)
    if r == "regex":
        return shell.target(src.text)
    if r in BY_TEXT:
        return BY_TEXT[r](src.text)
    if r == "path":
        return path(f"{name} {s.get('description') or ''}", src.text)
    if r == "text":
        if re.search(r"summary|摘要|概要", name, re.I):
            return summary(src.text)
        return free_text(src.text, topic)
    if r is None and not need:
        return None  # an optional string of no known role is left out
    # a string of no known role ("ticker", "from_currency"): an id-like token of the text (as an
    # id is found), else the first unused code in capitals ("MSFT", "USD", "EUR" in turn)
    # named by the request beside the property's noun ("the knot called "bowline"", "a bowline knot")
    return ident(name, s, src, topic) or code(src) or beside(name, src.text)


BESIDE_SKIP = frozenset("a an the this that my your our its some any new old".split())


def beside(name: str, text: str) -> str | None:
    """A value of no known role, when the request uses the property's noun (its name's last word):
    quoted text, else the word after "<noun> called/named", else the word before the noun ("a
    bowline knot" -> "bowline")."""
    nouns = re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower())
    if not nouns or not re.search(rf"\b{nouns[-1]}s?\b", text, re.I):
        return None
    noun = re.escape(nouns[-1])
    q = quoted(text)
    if q:
        return q[0]
    m = re.search(rf"\b{noun}s?\s+(?:called|named)\s+([\w-]+)", text, re.I)
    if m:
        return m.group(1)
    m = re.search(rf"\b([A-Za-z][\w-]*)\s+{noun}s?\b", text, re.I)
    if m and m.group(1).lower() not in BESIDE_SKIP:
        return m.group(1)
    return None


def shape(example: str) -> str:
    """A regex for values shaped like an example: "A-1001" -> "[A-Za-z]+-\\d+"."""
    parts = re.findall(r"[A-Za-z]+|\d+|[^A-Za-z\d]+", example)
    return "".join(
        r"[A-Za-z]+" if p.isalpha() else r"\d+" if p.isdigit() else re.escape(p) for p in parts
    )


def reshape(value: str, example: str) -> str | None:
    """A value rewritten in the example's shape ("a1001" like "A-1001" -> "A-1001"), or None."""
    mine = re.findall(r"[A-Za-z]+|\d+", value)
    theirs = re.findall(r"[A-Za-z]+|\d+|[^A-Za-z\d]+", example)
    runs = [p for p in theirs if p.isalnum()]
    joined = "".join(mine)
    if example.isalnum() and len(joined) == len(example) and len(mine) != len(runs):
        # the example runs it all together ("7ABC123", "13800138000"): separators dropped
        return (
            joined.upper() if example.isupper() else joined.lower() if example.islower() else joined
        )
    if len(mine) != len(runs) or any(
        a.isdigit() != b.isdigit() for a, b in zip(mine, runs, strict=True)
    ):
        return None
    it = iter(mine)
    out = []
    for p in theirs:
        if not p.isalnum():
            out.append(p)
            continue
        v = next(it)
        out.append(v.upper() if p.isupper() else v.lower() if p.islower() else v)
    return "".join(out)


def mentions(text: str) -> list[tuple[str, frozenset[str]]]:
    """Id-like tokens of the text, each with the concepts of the noun right before it."""
    out = []
    for m in ID_TOKEN.finditer(text):
        before = NOUN_BEFORE.search(text[max(0, m.start() - 20) : m.start()])
        noun = concepts(before.group(1)) if before else frozenset()
        noun = frozenset(c for c in noun if kind(c) == "thing")
        if re.search("[A-Za-z]", m.group(1)) or noun:
            out.append((m.group(1), noun))
    return out


def ident(name: str, s: dict[str, Any], src: Source, topic: frozenset[str]) -> str | None:
    """An id for the property: right after its noun, or of its pattern's or example's shape."""
    # the id of the property's own thing ("customer_id"), or of what the tool works on ("code" of
    # track_parcel: the token after "parcel")
    own = {c for c in concepts(" ".join(words(name))) if kind(c) == "thing"} | set(topic)
    wanted = s.get("pattern")
    example = hint(str(s.get("description") or ""))
    fit = re.compile(wanted if isinstance(wanted, str) else shape(example) if example else ".*")
    tokens = [(tok, noun) for tok, noun in mentions(src.text) if tok not in src.used]
    tokens = [(tok, noun) for tok, noun in tokens if fit.fullmatch(tok) or fit.search(tok)]
    mine = [tok for tok, noun in tokens if noun & own]
    free = [tok for tok, noun in tokens if not noun]
    pick = (mine or free)[0] if mine or free else None
    if pick is not None:
        src.used.add(pick)
    return pick


def code(src: Source) -> str | None:
    """The first code in capitals of the text not used by an earlier property ("USD", then "EUR")."""
    for m in CODE_TOKEN.finditer(src.text):
        if m.group(1) not in src.used:
            src.used.add(m.group(1))
            return m.group(1)
    return None


def places(text: str) -> list[str]:
    """The places a text names: "in Paris and London" -> ["Paris", "London"]; "北京和上海的天气"."""
    m = PLACE_EN.search(text)
    if m:
        rest = re.split(r"\s*,?\s*(?:and|&)\s+(?:in\s+)?", m.group(2)) if m.group(2) else []
        return [m.group(1).rstrip(",")] + [p for p in rest if p]
    z = PLACE_ZH.search(text)
    if z:
        chunk = ZH_TIME.sub("", ZH_LEAD.sub("", z.group(1)))
        found = [ZH_TIME.sub("", p) for p in re.split(r"[、和与跟]", chunk)]
        return [p for p in found if len(p) >= 2]
    lines = [BARE_PLACE.match(line) for line in text.splitlines()[1:]]
    return [b.group(1) for b in lines if b][-1:]


def path(name: str, text: str) -> str | None:
    dir_like = bool(re.search(r"dir|folder|目录", name, re.IGNORECASE))
    found = [p for p in PATH.findall(text) if p.lower() not in ("e.g", "i.e")]
    d = DIR_WORD.search(text)
    if dir_like:
        if d and (d.group(1) or "").lower() in DETERMINERS:  # "in this directory"
            return "."
        if d:
            return d.group(1) or d.group(2)
        plain = [p for p in found if "." not in p.rsplit("/", 1)[-1] or p in (".", "..")]
        if plain:
            return plain[0]
        return "." if HERE.search(text) else None
    return found[0] if found else None


def query(text: str) -> str | None:
    q = quoted(text)
    if q:
        return q[0]
    m = QUERY.search(text)
    return m.group(1).strip() if m else None


def free_text(text: str, topic: frozenset[str]) -> str | None:
    """Free text: quoted, else after a colon, else after the tool's noun ("a note that ...")."""
    q = quoted(text)
    if q:
        return q[0]
    m = re.search(r"[:：]\s*(.+)", text, re.DOTALL)
    if m:
        return m.group(1).strip()
    for c in sorted(topic):
        if kind(c) != "thing":
            continue
        for w in TABLE[c][1].split() + TABLE[c][2].split():
            n = re.search(
                rf"{re.escape(w)}s?\s*(?:that|saying|about|to|说|内容是)?\s*(.+)", text, re.I
            )
            if n and n.group(1).strip(" ,.。"):
                return n.group(1).strip()
    return None


def fallback(s: dict[str, Any], src: Source) -> Any:
    """A forced call's required value the conversation does not give: the schema's default, its
    smallest valid value, or the user's own words."""
    if "default" in s:
        return s["default"]
    t = type_of(s)
    if t in ("number", "integer"):
        low = s.get("minimum", s.get("exclusiveMinimum", 0))
        return int(low) if t == "integer" else low
    if t == "boolean":
        return False
    if t == "array":
        return []
    if t == "object":
        return {}
    return src.text.strip()[:200]


PERSON = re.compile(
    r"(?:my name is|name is|I am|I'm|this is|signed|regards|from)[,:]?\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+)*)"
    r"|(?:我叫|我是|本人)\s*([\u4e00-\u9fff]{2,4})"
    r"|(?:^|[.!?]\s+|\"|“)([A-Z][a-z]+)\s+(?:wants|would like|needs|ordered|asked|is asking|bought)"
)
PRODUCT = re.compile(
    r"\b\d+\s+(?:(?:packs?|boxes?|bottles?|pieces?|units?|bags?|cups?|cans?|pairs?|sets?)\s+of\s+)?"
    r"((?:[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)|[a-z][\w-]*)"
)
TAG = re.compile(r"<[^>]+>")


def person(text: str) -> str | None:
    """A person's name: after "my name is" / "I'm" / "我叫", or the capitalised subject of "X wants"."""
    m = PERSON.search(text)
    return next((g for g in m.groups() if g), None) if m else None


def product(text: str) -> str | None:
    """What is ordered: the words after a quantity ("2 packs of Green Tea", "3 notebooks")."""
    m = PRODUCT.search(text)
    return m.group(1) if m else None


def summary(text: str) -> str | None:
    """A one-line summary: the longest sentence of the text (markup removed), at most 160 chars."""
    plain = TAG.sub(" ", text)
    sentences = [x.strip() for x in re.split(r"(?<=[.!?。！？])\s+|\n+", plain) if x.strip()]
    if not sentences:
        return None
    best = max(sentences, key=len)
    return best if len(best) <= 160 else best[:157] + "..."
