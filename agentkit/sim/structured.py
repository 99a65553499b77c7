"""Structured outputs: the stand-in's final answer as JSON valid for the request's schema.

With `output_config.format` of type `json_schema` (the SDKs' `output_format=`, the Claude Code CLI's
session-title request), the API constrains the reply's text to JSON that follows the schema
(https://platform.claude.com/docs/en/build-with-claude/structured-outputs). The stand-in is no
language model: it fills each field from what it knows — the facts of the conversation (the latest
tool results' fields, a short title for the task) and its own answer text — and gives any other
field the simplest value its type allows. Valid for the schema, not clever.

Extraction (`extract`: a structured output; `complete`: the input of a forced "record_x" tool)
reads the request by these rules, beside the general readers of `agentkit.sim.arguments`:
- the material is what the instruction hands over: the text after the instruction's colon
  ("整理成结构化数据：宫保鸡丁要两份…"; unquoted when it is one quoted text: "Turn this commit into
  a changelog entry: 'fix: …'"), else what follows an instruction line that points at it
  ("Triage this review.\n\n★★ …"; this, the following, below, 下面, 以下, 这段), else the longest
  quoted text of three words or more, else the whole request; a forced call's value that the
  pointing instruction wrote, not the material, is read again from the material;
- a string whose name or description names a thing (dish, title, item, product, movie, exercise,
  菜名, 名称, 电影, …) is the material's first clause that is no greeting, without its count, the
  verbs before it, what comes "with" it and what its verb says ("The Riverbend Jazz Night is on
  ..." -> The Riverbend Jazz Night) ("宫保鸡丁要两份" -> 宫保鸡丁, a day said before it dropped: "下周五交月报" -> 交月报, "three copies of The Left
  Hand of Darkness" -> The Left Hand of Darkness, "two tickets for Arrival" -> Arrival, "今天练了
  深蹲" -> 深蹲), unquoted ("《三体》" -> 三体); a first line that quotes a name is that name
  ('Accepted talk: "Rust for Gardeners"' -> Rust for Gardeners);
- a list labelled with its name or its Chinese description's head noun is what the label lists
  ("附加服务：LED大屏、香槟塔" for extras described as 附加服务); a list whose own label opens its
  items in the text holds those items only: allergies what one is said to be allergic to
  ("对青霉素过敏" -> 青霉素, "allergic to penicillin and latex"; "无其他过敏史", "no known
  allergies" deny one: none), pros (advantages, 优点) and cons (drawbacks, 缺点) the clauses
  that say more words of that feeling than of the other, each without its lead word ("Sadly the
  rulebook is confusing" -> the rulebook is confusing), symptoms what follows 主诉 / "complains of" / "presents with" to the
  sentence's end, split at commas, 和 / 伴有 / "and" / "with", without how long it lasted
  ("主诉咳嗽三天，伴有低烧（…）和咽痛" -> 咳嗽, 低烧, 咽痛);
- a string described as a name or number (number, 编号) is the place the text names by its
  number ("昨天三号地收了…" -> 三号地, "from plot 7" -> plot 7); a crop or produce is a thing;
- a job ad's title is the job it hires for ("Tidewater Analytics is looking for a Senior Data
  Engineer", "招聘一名后端工程师"); a list of skills or technologies (skills, tools, stack, 技能)
  is the named tools: the capitalized words standing alone, not a sentence's first word, not a
  word of a longer name, not a place ("in Python and Spark, manage Airflow DAGs");
- a list of things to avoid (avoid, exclude, without, allergies, 忌口, 不要, …) is what the material
  says no to ("不要花生，也不要香菜" -> 花生, 香菜; "no onions or cheese"); any other list of
  strings is the items that come "with" the thing and those of the later clauses, none refused,
  none a count or a request ("a margherita with olives and basil, no anchovies" -> olives,
  basil), split on 、，, "and", "or", 和; an item said as a clause is its subject ("LATAM
  looks fine" -> LATAM); a list the general readers found keeps no refused item;
- a link (format uri, or a name saying url / link / 网址) is the first URL the request writes; an
  author (author, director, 作者, …) is the name after "by" / 作者是; any other string the token
  written right after its own noun ("with the alias agentloop" for custom_alias);
- a version is the version number the material writes ("v2.3.1"), in the form the `pattern`
  asks; a kind (an enum) is the member a conventional prefix names ("feat:" -> feature, "fix:"
  -> bugfix), a scope what its parentheses name ("docs(readme):" -> readme); a summary or
  description of handed-over material is that material without its kind prefix and version; a
  reason is what follows "because" / "因为" / "due to";
- counts said in words are numbers ("两份" -> 2, "three" -> 3) (`agentkit.sim.values`); a count
  no reading filled (an integer whose description says "number of", or a plural name: seats)
  is the whole number said before the things it names ("thirty-five dispatchers"), else the one
  such number no field took;
- a document's step count (steps, 步骤数) is the number of its numbered lines, else of the
  clauses a word of sequence opens ("先…，再…，然后…" is 3; "first …, then …, then …"); a
  report's title (title, 标题, subject) is what goes wrong, after the step that makes it
  ("…然后下拉刷新，应用就直接闪退" -> 下拉刷新后应用闪退); a seller (merchant, shop, 商家) of a
  document of several lines is the name the document is headed with ("CORNER HARDWARE & CO"); a
  mail's "From:" line is no heading but its sender: the company the text writes out, else the
  organisation its address's domain names ("From: accounts@northwind-lumber.example" ->
  Northwind Lumber; a public mail service's domain names no one), else the name shown; a
  header's label ("Subject: …") heads nothing; a seller left empty once the buyer is read
  after "Bill to" (`agentkit.sim.wholes`) is still the heading;
- an event's name (活动名称, event, fair) and its venue (a location: venue, 地点) are what the
  sentence that holds it says: "在阳光社区活动中心二楼多功能厅举办“旧物换新”义卖集市" -> 旧物换新义卖集市 at
  阳光社区活动中心二楼多功能厅, "hosts the Riverside Book Swap at the Old Mill Hall";
- a handed document's relative days are of the day it was written: the date that ends its last
  line (a notice's signature) or a "Date:" line of its head ("本月28号" of a notice signed
  2026年11月20日 is 2026-11-28);
- a greeting or other small talk is no value: its reply, which carries the stand-in's note, never
  fills a field (`direct_json`);
- last, each field is given the span of the request that answers it (`agentkit.sim.spans`): the
  label naming the field or its kind ("Address: …", "参会人员：…"), never a label left in a value,
  a list kept to the clause its own name opens, a Chinese order's first thing and the things
  after it, a person by their title or signature, a brand before what it makes, a thing as the
  object of the record's act, each value used by one field only; then each value is made whole
  (`agentkit.sim.wholes`): a list of remarks every remark the text makes, a person the whole
  name the text writes, an owner the one a thing belongs to, a buyer the party billed;
- a list whose items are objects that no reading filled holds one object a counted entry of the
  material ("两双皮鞋换底，每双八十五；还有一个手提包换拉链，一百二": the thing, what is done to it,
  the count, the price each), and an empty service (service, treatment, 服务, 项目) is the thing
  of its one counted entry ("做一个九十分钟的精油按摩" -> 精油按摩) (`agentkit.sim.entries`);
- a field a result does not name but names with one word more (`high_tide` for a tide lookup's
  `high`, `total_minutes` for `total`) is that result field, when it is the one field of the
  result its name's words hold and the word more is no field of the result (`customer_name` is
  not `name` where the result also has `customer`) (`aliased`);
- what the request does not give is never made up: the value is the schema's default, first
  enum member, minimum, or an empty-but-valid value (`agentkit.sim.conform`); the stand-in's
  own note never goes into a field.
"""

from __future__ import annotations

import contextlib
import datetime
import re
from collections.abc import Iterator
from typing import Any

from . import (
    assess,
    cues,
    direct,
    entries,
    findings,
    kindcheck,
    mentions,
    nested,
    spans,
    traits,
    values,
    wholes,
)
from .arguments import (
    HIRED,
    felt,
    fill_object,
    gather,
    job_title,
    labelled_items,
    quoted,
    resolve,
    role,
    temporal,
)
from .conform import MISSING, conform
from .spans import numbered_place

TEXT_FIELDS = re.compile(r"answer|summary|result|text|message|reply|response|content|explanation")
SESSION = re.compile(r"<session>\s*(.*?)\s*</session>", re.DOTALL)


def schema_of(body: dict[str, Any]) -> dict[str, Any] | None:
    """The JSON schema a structured-output request asks the answer to follow (`output_config.format`
    of type json_schema, or the older top-level `output_format`), else None."""
    config = body.get("output_config")
    fmt = config.get("format") if isinstance(config, dict) else None
    fmt = fmt if fmt is not None else body.get("output_format")
    if isinstance(fmt, dict) and fmt.get("type") == "json_schema":
        schema = fmt.get("schema")
        return schema if isinstance(schema, dict) else None
    return None


def fill(schema: dict[str, Any], facts: dict[str, Any], answer: str) -> Any:
    """A JSON value valid for `schema`; `facts` by field name, `answer` for free-text fields."""
    return _value(schema, schema, facts, answer, "")


def _resolve(schema: Any, root: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref") if isinstance(schema, dict) else None
    if isinstance(ref, str) and ref.startswith("#/"):
        node: Any = root
        for part in ref[2:].split("/"):
            node = node.get(part, {}) if isinstance(node, dict) else {}
        return _resolve(node, root)
    return schema if isinstance(schema, dict) else {}


def _value(schema: Any, root: dict[str, Any], facts: dict[str, Any], answer: str, name: str) -> Any:
    s = _resolve(schema, root)
    if "const" in s:
        return s["const"]
    if s.get("enum"):
        fact = facts.get(name)
        return fact if fact in s["enum"] else s["enum"][0]
    options = s.get("anyOf") or s.get("oneOf")
    if options:
        typed = [o for o in options if _resolve(o, root).get("type") != "null"] or options
        return _value(typed[0], root, facts, answer, name)
    kind = s.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "object" or "properties" in s:
        props = s.get("properties") or {}
        return {k: _value(v, root, facts, answer, k) for k, v in props.items()}
    if kind == "array":
        n = int(s.get("minItems", 0))
        return [_value(s.get("items") or {}, root, facts, answer, name) for _ in range(n)]
    return _scalar(kind, facts.get(name), answer, name)


def _scalar(kind: Any, fact: Any, answer: str, name: str) -> Any:
    if kind in ("number", "integer"):
        if isinstance(fact, (int, float)) and not isinstance(fact, bool):
            return int(fact) if kind == "integer" else fact
        return 0
    if kind == "boolean":
        return fact if isinstance(fact, bool) else False
    if kind == "null":
        return None
    if fact is not None and not isinstance(fact, (dict, list)):
        return str(fact)
    return answer if TEXT_FIELDS.search(name) or not name else ""


def title(task: str, orders: list[str], intent: str, lang: str) -> str:
    """A short title for the task (the CLI asks for one: a noun phrase of a few words)."""
    words = {
        "refund": ("退款", "Refund"),
        "cancel": ("取消", "Cancellation"),
        "return": ("退货", "Return"),
        "status": ("查询", "Status"),
    }[intent]
    if orders:
        order = "、".join(orders) if lang == "zh" else ", ".join(orders)
        return f"订单 {order} {words[0]}" if lang == "zh" else f"{words[1]} for order {order}"
    session = SESSION.search(task)
    text = (session.group(1) if session else task).strip().splitlines()
    return session_title(text[0] if text else "", lang)


IDENT = re.compile(
    r"`([^`]{1,40})`|(?<![\w/.-])([\w-]+\.[A-Za-z]{1,5}|[a-z]+_[a-z_]+|[a-z]+[A-Z]\w+|[A-Z][a-z]+[A-Z]\w*|#\d+)(?![\w-])"
)
TITLE_LEAD = re.compile(
    r"^(?:(?:please|pls|hey|hi|ok|okay|so|now|can|could|would|will|you|help|me|i|want|need|to|"
    r"let's|lets|what's|whats|what|how|why|who|where|when|which|is|are|was|does|do|did|the|a|an|"
    r"some|simple|quick|small|new|tell|show|give)\b[\s,]*)+",
    re.I,
)
ACT_NOUNS = {
    "create": "creation", "write": "draft", "make": "creation", "add": "addition", "fix": "fix",
    "update": "update", "explain": "explanation", "list": "listing", "find": "search",
    "search": "search", "count": "count", "run": "run", "read": "reading", "build": "build",
    "refactor": "refactor", "delete": "removal", "remove": "removal", "rename": "rename",
    "test": "tests", "summarize": "summary", "summarise": "summary", "review": "review",
    "compare": "comparison", "check": "check", "debug": "debugging", "translate": "translation",
}  # fmt: skip
TITLE_ZH_LEAD = re.compile(
    r"^(?:帮我|帮忙|请你?|麻烦你?|你能不能|能不能|能否|可以|我想|我要|一下|把)+"
)


def session_title(said: str, lang: str) -> str:
    """A session's title, as the Claude Code CLI asks for one (a noun phrase of two to five
    words, the most specific thing named first): an identifier the request names (a file, a
    function, an issue) with the noun of the act ("hello.txt creation"), else the request's
    words without its asking lead, cut at its first "and" / comma, at most five words, in
    sentence case ("What's the capital of France?" -> "Capital of France"); a sum alone is a
    calculation ("2+2 calculation"); in Chinese the request without 帮我 / 请 / 把."""
    said = said.strip().rstrip("?？.。!！")
    idents = [a or b for a, b in IDENT.findall(said)]
    if lang == "zh":
        rest = TITLE_ZH_LEAD.sub("", said)
        rest = re.split(r"[，,。；;！!？?]", rest)[0].replace("里的", " ")
        rest = " ".join(rest.split())
        return (rest if len(rest) <= 30 else rest[:30].rsplit(" ", 1)[0]) or said[:20]
    rest = TITLE_LEAD.sub("", said).strip()
    first = rest.split()[0].lower() if rest.split() else ""
    act = ACT_NOUNS.get(first)
    if act:
        rest = TITLE_LEAD.sub("", rest.split(None, 1)[1] if " " in rest else "").strip()
    rest = re.split(r",|;|\s+(?:and|then|but|so)\s+", rest)[0]
    words = [w for w in rest.split() if w.lower() not in ("here", "there", "please", "now")]
    if idents:
        return f"{' '.join(dict.fromkeys(idents))} {act or 'work'}"[:60]
    if words and re.fullmatch(r"[\d\s+\-*/^().%x×÷=]+", " ".join(words)):
        return f"{''.join(words)} calculation"
    words = words[:5]
    while len(words) > 2 and words[-1].lower() in NOT_A_VALUE:
        words.pop()
    phrase = " ".join(words + ([act] if act and len(words) < 5 else []))
    return (phrase[:1].upper() + phrase[1:]) if phrase else "New session"


HANDED = re.compile(
    r"^[^\n]{0,160}?(?<![\d/])[:：](?![\d/])\s*(.+)", re.DOTALL
)  # not 10:30, https://


POINTING = re.compile(  # an instruction line that points at what follows it (the material)
    r"([^\n]{0,200}?(?:\b(?:this|these|the following|below|attached)\b|下面|以下|如下|这段|这份|这条|这篇|这封)"
    r"[^\n]{0,200})\n\s*\n?(\S.*)",
    re.I | re.DOTALL,
)
TAGGED = re.compile(r"<([A-Za-z][\w-]{0,30})>\s*(.+?)\s*</\1>", re.DOTALL)


def material(task: str) -> tuple[str, bool]:
    """What the instruction hands over, and whether it was handed over rather than being the
    whole request: the inside of the longest block in XML-style tags ("<article>…</article>", as
    the prompting guides wrap documents; the tags are never a value), else the text after the
    instruction's colon (unquoted when it is one quoted text), else the longest quoted text of
    three words or more (six characters in Chinese) when it is the bulk of the request (a title
    quoted inside a long message hands over nothing)."""
    blocks = [b.group(2) for b in TAGGED.finditer(task) if len(b.group(2)) >= 12]
    if blocks:
        return max(blocks, key=len), True
    m = HANDED.search(task)
    if m and m.group(1).strip():
        rest = m.group(1).strip()
        inner = quoted(rest)
        whole = len(inner) == 1 and len(inner[0]) >= len(rest.strip(" .。!！")) - 2
        return (inner[0].strip() if whole else rest), True
    led = POINTING.match(task.strip())
    if led and 3 * len(led.group(1)) <= len(task):  # "Triage this review.\n\n★★ …": what follows
        return led.group(2).strip(), True
    said = [q for q in quoted(task) if len(q.split()) >= 3 or len(q) >= 6 and not q.isascii()]
    best = max(said, key=len) if said else ""
    if said and len(task) - len(best) <= 2 * len(best) + 60:  # the quote is the bulk of it
        return best.strip(), True
    return task.strip(), False


NAMES_THING = re.compile(
    r"dish|title|item|product|book|food|drink|meal|recipe|exercise|activity|song|movie|film|"
    r"game|course|plant|pet|animal|ingredient|show|album|app|vehicle|subject|task|todo|event|"
    r"habit|goal|errand|chore|crop|produce|harvest|variety|任务|事项|待办|习惯|作物|品种|"
    r"菜|名称|名字|饮品|饮料|食物|商品|书名|动作|项目|品名|电影|影片|片名|歌|剧|节目|植物|宠物",
    re.I,
)
NAMES_AVOID = re.compile(
    r"avoid|exclu|without|allerg|restrict|dislike|omit|remove|forbid|no_|忌口|过敏|排除|禁|^(?:不|别|免|无)",
    re.I,
)
NAMES_SKILLS = re.compile(
    r"skill|technolog|\btools?\b|stack|framework|languages|librar|platforms|技能|技术|工具|框架",
    re.I,
)
TERM = re.compile(r"(?<![A-Za-z0-9'’-])[A-Z][A-Za-z0-9+#.]*[A-Za-z0-9+#](?![A-Za-z0-9'’-])")
TITLED = re.compile(r"[A-Z][a-z]+")


def named_terms(text: str) -> list[str]:
    """The named tools of a text, for a list of skills or technologies: each capitalized word,
    not a sentence's first word nor one in parentheses, nor a word of a name of several
    capitalized words (a company, a job title: "Tidewater Analytics", "Senior Data Engineer"), nor
    a place
    ("build pipelines in Python and Spark, manage Airflow DAGs" -> Python, Spark, Airflow, DAGs;
    "熟悉Go、Kubernetes和PostgreSQL")."""
    out: list[str] = []
    for m in TERM.finditer(text):
        before, after = text[: m.start()], text[m.end() :]
        if re.search(r"(?:^|[.!?:：\"“\n])\s*$", before) or before.count("(") > before.count(")"):
            continue  # a sentence's first word, one after a colon or inside parentheses
        prev = re.search(r"(\S+) $", before)
        nxt = re.match(r" (\S+)", after)
        if TITLED.fullmatch(m.group(0)) and any(
            w and TITLED.fullmatch(w.group(1).strip(",.;")) for w in (prev, nxt)
        ):
            continue  # a word of a name of several capitalized words
        if values.time_zones(m.group(0)) or values.countries(m.group(0)):
            continue  # a place ("our Oslo lab") is no skill
        out.append(m.group(0))
    return list(dict.fromkeys(out))


NAMES_LINK = re.compile(r"\burl\b|_url|url_|link|website|href|uri\b|网址|链接", re.I)
URL = re.compile(r"\b[a-z][a-z0-9+.-]*://[^\s\"'<>“”]+", re.I)
NAMES_AUTHOR = re.compile(r"author|artist|director|composer|creator|writer|作者|导演|作曲", re.I)
BY = re.compile(
    r"\b(?i:by)\s+([A-Z](?:[\w'-]+|\.)(?:\s+[A-Z](?:[\w'-]+|\.))*)|(?:作者是|作者为|导演是)\s*([\u4e00-\u9fff·]{2,8})"
    r"|([\u4e00-\u9fff·]{2,8})(?:著|导演的|执导)"
)
NAMES_VERSION = re.compile(r"version|release|版本", re.I)
NAMES_SUMMARY = re.compile(r"summary|description|changelog|摘要|概要|描述|说明", re.I)
NAMES_TOPICS = re.compile(r"topic|theme|keyword|key_?phrase|主题|关键词", re.I)
ONE_SENTENCE = re.compile(r"one[- ]sentence|single sentence|brief|short|一句|简短|简要", re.I)
NAMES_REASON = re.compile(r"reason|why|cause|原因|理由", re.I)
VERSION = re.compile(r"(?<![\w.])v?(\d+(?:\.\d+){1,3}(?:-[0-9A-Za-z.]+)?)(?![\w.])")
KIND_PREFIX = re.compile(r"^\s*([A-Za-z]+)(?:\(([^)]*)\))?!?\s*:\s*")  # "feat(search): "
REFUSED = re.compile(
    r"^(?:(?:也|还|并且|而且|and|but|also)\s*)*"
    r"(?:不(?:要|加|放|吃|喝|去|买|用|坐|选|想|含|带|需要)|别(?:放|加|买|去)?|去掉|免|"
    r"\bno\b|\bwithout\b|\bhold the\b|\bminus\b|"
    r"\bnot\b|\bskip\b)\s*(.+)$",
    re.I,
)
CLAUSES = re.compile(  # not 1,000 nor 7.50; a dash between words ("review — finance")
    r"(?:[，；。！？\n]|(?<!\d)[,.](?!\d)|[;!?]|\s[—–-]\s|—)+"
)
ITEMS = re.compile(r"\s*(?:、|/|\band\b|\bor\b|和|或|以及|及)\s*", re.I)
LEAD = re.compile(
    r"^(?:(?:in|as|on|with|also|plus|the|a|an|some|也|还|要|再|并且)\s+)+|^(?:也|还|要|再|加|配上|配)+",
    re.I,
)
COUNT_EN = re.compile(  # "3 copies of", "a bowl of", "2 tickets for Arrival"
    r"^(?:\d+(?:\.\d+)?|a|an|one)\s*(?:x\s+|×\s*)?(?:[a-z]+\s+(?:of|for)\s+(?=\D))?"
)
MEASURE_ZH = r"(?:份|杯|个|碗|盘|瓶|只|件|本|张|组|次|斤|克|公斤|千克|吨|套|盒|袋|块|条|根|串|笼|箱|桶|罐|包|双|台|把|支|片|听)"
COUNT_ZH = re.compile(
    rf"(?:要|来|点|买|订|共|各|吃了|喝了)?\s*(?:\d+(?:\.\d+)?\s*{MEASURE_ZH}?|[一两二三四五六七八九十]+\s*{MEASURE_ZH})"
)
GREETING = re.compile(
    r"(?:hi|hello|hey|dear \w+|good (?:morning|afternoon|evening)|你好|您好|嗨)\W*", re.I
)
ZH_DONE = re.compile(r"^[\u4e00-\u9fff]{0,6}?了")  # "今天练了" before the thing done
EN_LEAD = re.compile(  # the request's verbs before the thing
    r"^(?:(?:please|i|we|i['’]d|we['’]d|i['’]m|just|want|wants|would|like|to|need|save|record|log|add|order|get|make|"
    r"buy|book|track|note|had|ate|drank|did|got|bought|have|has|adopted|received|ordered|watched|"
    r"read|saw|cooked|made|tried|planted|picked|up|'d|d)\s+)+",
    re.I,
)
EN_DETERMINER = re.compile(r"^(?:(?:my|our|your|the|this|that|some)\s+)+")  # small letters only


def thing(text: str) -> str | None:
    """The thing a clause names: its first clause without the count and the verbs before it,
    unquoted ("'Dune'", "《三体》")."""
    found = _thing(text)
    return found.strip(" \"'“”‘’《》「」") or None if found else None


def _thing(text: str) -> str | None:
    for line in values.digits_for_words(text).splitlines():
        said = quoted(line)  # a line that quotes a name: 'Accepted talk: "Rust for Gardeners"'
        if said and len(said[0].split()) <= 8:
            return said[0]
        if line.strip():
            break
    for clause in CLAUSES.split(values.digits_for_words(text)):
        clause = clause.strip()
        if not clause or REFUSED.match(clause) or GREETING.fullmatch(clause):
            continue
        if re.search(r"[\u4e00-\u9fff]", clause):
            clause = values.RELATIVE.sub(" ", values.DATE.sub(" ", clause))  # "本月28号" names
            clause = ZH_DONE.sub("", clause.strip())  # when, not what
            clause = WITH.split(clause)[0]
            runs = [r for r in re.split(r"\s+", COUNT_ZH.sub(" ", clause)) if r]
            return runs[0] if runs else None
        found = EN_DETERMINER.sub("", COUNT_EN.sub("", EN_LEAD.sub("", clause)))
        found = re.split(
            r"\s+(?:for|with|to|in|at|on|from|by|please|is|are|was|were|will|starts?|opens?)\b",
            found,
        )[0].strip()
        return found if found and len(found.split()) <= 6 else None
    return None


NEGATED_LABEL = re.compile(r"(?:^|\s)(?:no|denies|without)\b|^(?:无|没有|否认|未)", re.I)
ALLERGENS = re.compile(
    r"对\s*([^，,。；;（(]+?)\s*过敏|([^，,。；;\s（(]{2,8}?)过敏(?!史|原|反应)"
    r"|过敏(?:史|原)?\s*[:：]\s*([^。；;\n]+)"
    r"|\ballergic\s+to\s+([^.;\n]+)|\ballerg(?:y|ies)\s*[:：]\s*([^.;\n]+)",
    re.I,
)
COMPLAINT = re.compile(  # the words that open what a patient complains of
    r"(?:主诉|自述|症状(?:有|为|是)?\s*[:：]?|出现了?|"
    r"\b(?:complain(?:s|ed|ing)?\s+of|present(?:s|ed|ing)?\s+with|symptoms?\s*(?:include|are|were)?\s*[:：]?))"
    r"\s*((?:[^。.;；\n]|(?<=\d)\.(?=\d))+)",  # to the sentence's end, not 38.4's point
    re.I,
)
PART = re.compile(r"\s*(?:[，,、]|伴有|伴|并有|以及|和|及|与|\band\b|\bwith\b|\bplus\b)\s*", re.I)
LASTED = re.compile(  # how long it has lasted: "三天", "for five days", "since Monday"
    r"(?:[\d一二两三四五六七八九十半几]+\s*(?:天|日|周|个?月|个?小时|年)(?:了|左右|多)?"
    r"|\s+(?:for|since|over)\s+.*)$",
    re.I,
)
ARTICLE = re.compile(r"^(?:a|an|the|some|有)\s*", re.I)


def _parts(span: str) -> list[str]:
    """The items of a span: parentheses dropped, split at commas and "and" / 和 / 伴有, each without
    how long it lasted, none said as absent."""
    bare = re.sub(r"（[^）]*）|\([^)]*\)", "", span)
    out = [ARTICLE.sub("", LASTED.sub("", p.strip())).strip() for p in PART.split(bare)]
    return [p for p in out if p and not NEGATED_LABEL.search(p) and len(p.split()) <= 4]


def allergens(text: str) -> list[str] | None:
    """What a text says one is allergic to ("对青霉素过敏" -> 青霉素, "allergic to penicillin and
    latex"); [] when it names the allergy only to deny one ("无其他过敏史", "no known allergies");
    None when it says nothing of allergies."""
    if not re.search(r"过敏|allerg", text, re.I):
        return None
    found: list[str] = []
    for m in ALLERGENS.finditer(text):
        said = next(g for g in m.groups() if g)
        if not NEGATED_LABEL.search(said.strip()):
            found += _parts(said)
    return list(dict.fromkeys(found))


def complaints(text: str) -> list[str] | None:
    """What a patient complains of, the words after 主诉 / "complains of" / "presents with" to the
    sentence's end, split into its parts ("主诉咳嗽三天，伴有低烧（…）和咽痛" -> 咳嗽, 低烧, 咽痛);
    None when no such word opens them."""
    found = [p for m in COMPLAINT.finditer(text) for p in _parts(m.group(1))]
    return list(dict.fromkeys(found)) or None


JUDGED_SPLIT = re.compile(
    r"(?:[，；。！？\n]|(?<!\d)[,.](?!\d)|[;!?])+|\s+(?:but|and|while|although|though|however)\s+"
    r"|但是|不过|可是|而且|就是",
    re.I,
)
JUDGED_LEAD = re.compile(
    r"^(?:(?:sadly|unfortunately|however|also|but|overall|honestly|really)[,\s]+)+|^(?:可惜|遗憾的是|另外|总之)",
    re.I,
)


def remarks_of(feeling: str) -> Any:
    """A reader of the remarks of one feeling: the clauses of the text (split at sentences,
    commas, "but", "and", 但是, 不过) that say more words of that feeling than of the other
    (`arguments.felt`), without a lead word ("Sadly the rulebook is confusing" -> "the rulebook is
    confusing"); None when the text says no feeling at all."""
    other = "negative" if feeling == "positive" else "positive"

    def read(text: str) -> list[str] | None:
        if not any(felt(text).values()):
            return None
        out = []
        for clause in JUDGED_SPLIT.split(text):
            n = felt(clause)
            if n[feeling] > n[other]:
                out.append(JUDGED_LEAD.sub("", clause.strip()).strip())
        return [c for c in out if c]

    return read


LABELLED_LISTS = [  # a list's name, and the reading of the items its own label opens in the text
    (re.compile(r"allerg|过敏", re.I), allergens),
    (re.compile(r"symptom|complaint|症状|主诉", re.I), complaints),
    (
        re.compile(r"^pros\b|advantage|strength|positives|likes|praise|优点|长处|好评", re.I),
        remarks_of("positive"),
    ),
    (
        re.compile(
            r"^cons\b|disadvantage|weakness|negatives|dislikes|drawback|缺点|不足|短处|差评", re.I
        ),
        remarks_of("negative"),
    ),
]


def refused_items(text: str) -> list[str]:
    """What the text says no to: "不要花生，也不要香菜" -> 花生, 香菜; "no onions or cheese"."""
    out: list[str] = []
    for clause in CLAUSES.split(text):
        m = REFUSED.match(clause.strip())
        if m:
            out += [_item(x) for x in ITEMS.split(m.group(1)) if _item(x)]
    return out


def listed_items(text: str) -> list[str]:
    """The items of the clauses after the thing's (the first that is no greeting), not refused,
    not counts alone, not requests ("帮我记下来"); an item of more than three words is no item."""
    clauses = [c.strip() for c in CLAUSES.split(values.digits_for_words(text)) if c.strip()]
    first = next((i for i, c in enumerate(clauses) if not GREETING.fullmatch(c)), len(clauses))
    out: list[str] = []
    extra = WITH.split(clauses[first], maxsplit=1) if first < len(clauses) else []
    tail = [extra[1]] if len(extra) == 2 else []  # "a margherita with olives and basil"
    for clause in tail + clauses[first + 1 :]:
        if (
            REFUSED.match(clause)
            or REQUEST.match(clause)
            or re.search(r"\d", clause)  # a count or a measure is a number's, no item
        ):
            continue
        out += [_item(x) for x in ITEMS.split(clause) if _item(x)]
    return [x for x in out if len(x.split()) <= 3 and len(x) <= 40]


WITH = re.compile(r"\s+(?:with|plus|topped with)\s+|加上|配上|外加", re.I)
REQUEST = re.compile(r"(?:帮我|请|麻烦|记得|谢谢|please|thanks|thank you|can you|could you)", re.I)


def _said_no(x: Any) -> bool:
    return isinstance(x, str) and REFUSED.match(x.strip()) is not None


def _item(x: str) -> str:
    bare = LEAD.sub("", x.strip())
    m = REFUSED.match(bare)  # "no sesame and no raisins": the second item refused too
    found = LEAD.sub("", m.group(1) if m else bare)
    return values.subject_of(TAIL.sub("", found).strip(" \"'“”‘’"))


TAIL = re.compile(r"\s*(?:please|thanks|thank you|谢谢|吧|哦)\W*$", re.I)


def version_in(text: str, s: dict[str, Any]) -> str | None:
    """The version number the text writes, in the form the `pattern` asks ("v2.3.1", "2.3.1")."""
    m = VERSION.search(text)
    return conform(m.group(1), {**s, "type": "string"}) if m else None


def without_kind(text: str) -> str:
    """Handed-over material as its own summary: without a kind prefix ("fix:") and version."""
    out = KIND_PREFIX.sub("", text)
    out = VERSION.sub("", out)
    out = re.sub(r"\(\s*\)|\[\s*\]", "", out)
    return re.sub(r"\s{2,}", " ", out).strip(" -–—:：,，")


def author(text: str) -> str | None:
    """Who made it: the name after "by" ("'Dune' by Frank Herbert"), after 作者是, before 著."""
    m = BY.search(text)
    return next((g for g in m.groups() if g), None) if m else None


def reason(text: str) -> str | None:
    m = re.search(
        r"(?:because|since|due to|as a result of|因为|由于|原因是)\s*(.+?)(?:[。.!?！？]|$)",
        text,
        re.I,
    )
    return m.group(1).strip() if m else None


def kind_member(members: list[str], text: str) -> str | None:
    """The member a kind prefix names ("fix: …" -> fix, or bugfix; "feat: …" -> feature)."""
    m = KIND_PREFIX.match(text)
    said = m.group(1).lower() if m else None
    if said is None:
        return None
    for member in members:
        low = member.lower()
        if low == said or low.startswith(said) or said.startswith(low) or said in low:
            return member
    return None


NAMES_SYMPTOMS = re.compile(r"symptom|problem|issue|what_happened|actual|症状|现象|问题", re.I)


def _of_document(name: str, s: dict[str, Any], text: str, handed: bool) -> Any:
    """What a handed document says of a field by its kind: the count of the steps it gives, a
    report's title by what goes wrong, a receipt's shop by its heading; else None."""
    kind = s.get("type")
    if kind == "integer" and NAMES_STEPS.search(f"{name} {s.get('description') or ''}"):
        return steps_count(text)
    if kind == "string" and NAMES_TITLE.search(name) and handed and failure_title(text):
        return failure_title(text)
    if kind == "string" and NAMES_SYMPTOMS.search(name) and handed:
        return next((c for c in re.split(r"(?<=[.!?。！？])\s+", text) if FAILURE.search(c)), None)
    if kind == "string" and handed and seller(name, text):  # a receipt's shop: its heading
        return heading(text)
    return None


def read_field(name: str, s: dict[str, Any], text: str, handed: bool, root: dict[str, Any]) -> Any:
    """A free-form field's value by its meaning (the rules above), else None."""
    about = f"{name} {s.get('description') or ''}"
    kind = s.get("type")
    if kind == "array":
        items = resolve(s.get("items") or {}, root)
        if items.get("type", "string") != "string" or items.get("enum"):
            return None
        return _list_field(name, s, text)
    if kind == "string" and s.get("enum"):
        return kind_member([m for m in s["enum"] if isinstance(m, str)], text)
    if kind != "string" or role(name, s) in ("email", "phone") or temporal(name, s):
        return None  # (a day is the general readers': appointment_date names no app)
    if _held_field(name, s, text):
        return _held_field(name, s, text)
    if role(name, s) == "person":  # a person is read by the general readers, an author by "by"
        return author(text) if NAMES_AUTHOR.search(about) else None
    if s.get("format") in ("uri", "url", "iri"):
        return link(text)
    if NAMES_SUMMARY.search(name) and handed:
        return handed_summary(text, about)
    if NAMES_NUMBERED.search(about) and numbered_place(text):
        return numbered_place(text)
    reader = next((r for names, r in STRING_READERS if names.search(about)), None)
    return reader(text, s) if reader is not None else named_after(name, text)


NAMES_EVENT = re.compile(r"活动|event|occasion|fair|festival|market|集市|展会|比赛", re.I)
HELD_ZH = re.compile(  # "在阳光社区活动中心二楼多功能厅举办“旧物换新”义卖集市"
    r"(?:在|于)\s*([^，。,；;！!在于]{2,30}?)\s*(?:举办|举行|召开|开展|进行)(?:了|一场|一次|一个|本次)?\s*"
    r"([^，。,；;！!（(]{2,30})"
)
HELD_EN = re.compile(  # "hosts the Riverside Book Swap at the Old Mill Hall"
    r"\b(?:hosts?|hosting|holds?|holding|will hold|will host|presents?|organi[sz]es?)\s+(?:a|an|the|our|its)?\s*"
    r"([A-Z][\w'’&-]*(?:\s+(?:of\s+|the\s+|&\s+)?[A-Z][\w'’&-]*)*)"
    r"(?:[^.;!?]*?\b(?:at|in)\s+(?:the\s+)?([A-Z][\w'’&-]*(?:\s+(?:of\s+|the\s+)?[A-Z0-9][\w'’&-]*)*))?"
)


def handed_summary(text: str, about: str) -> str | None:
    """Handed material as its own summary (`without_kind`), its first sentence where the field
    asks for one sentence or a brief one."""
    said = without_kind(text)
    if ONE_SENTENCE.search(about):
        said = re.split(r"(?<=[.!?。！？])\s*", said.strip(" '\"‘’“”"))[0]
    return said or None


def _held_field(name: str, s: dict[str, Any], text: str) -> str | None:
    """An event's venue or name as the sentence that holds it says (`held`), else None."""
    place, event = held(text)
    if role(name, s) == "location":
        return place
    about = f"{name} {s.get('description') or ''}"
    named = NAMES_EVENT.search(about) and re.search(
        r"name|title|名称|名字|标题|^event$", about, re.I
    )
    return event if named and temporal(name, s) is None else None


def held(text: str) -> tuple[str | None, str | None]:
    """Where an event is held and what it is called, as the sentence that holds it says ("在X举办
    Y", "hosts Y at X"); its name unquoted ("“旧物换新”义卖集市" -> 旧物换新义卖集市)."""
    m = HELD_ZH.search(text)
    if m:
        return m.group(1).strip(), re.sub(r"[“”\"'「」《》]", "", m.group(2)).strip() or None
    m = HELD_EN.search(text)
    if m:
        return m.group(2), m.group(1)
    return None, None


NAMES_NUMBERED = re.compile(r"(?<![A-Za-z_])(?:number|no\.)|编号|号码|序号", re.I)


def _list_field(name: str, s: dict[str, Any], text: str) -> list[str] | None:
    """A list of strings by its meaning: the items its own label opens, what is refused, the named
    tools, the labelled items, else the items listed."""
    about = f"{name} {s.get('description') or ''}"
    own = next((read for names, read in LABELLED_LISTS if names.search(about)), None)
    if own is not None and own(text) is not None:  # a list its own label opens
        return own(text)
    if NAMES_AVOID.search(about):
        return refused_items(text) or None
    if NAMES_SKILLS.search(about):
        return named_terms(text) or labelled_items(name, s, text) or None
    if NAMES_TOPICS.search(name) and text.isascii():
        return labelled_items(name, s, text) or mentions.topics(text) or None
    return labelled_items(name, s, text) or listed_items(text) or None


PLAIN_NOUNS = frozenset("name type kind text value data info id key note string field".split())
NOT_A_VALUE = frozenset("the a an to for and with of is in on at by as it this that my".split())


def named_after(name: str, text: str) -> str | None:
    """A token the text writes right after the property's own noun ("with the alias agentloop"
    for custom_alias, "coupon SPRING26" for coupon_code's "coupon"); a plain noun (name, type,
    …) names nothing."""
    nouns = [w for w in re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower())]
    nouns = [w for w in nouns if len(w) >= 4 and w not in PLAIN_NOUNS and w != "code"]
    for noun in nouns:
        m = re.search(
            rf"\b{noun}s?\s+(?:is\s+|of\s+|[:=]\s*)?[\"'“]?([A-Za-z0-9][\w.-]*[\w])", text, re.I
        )
        if m and m.group(1).lower() not in NOT_A_VALUE:
            return m.group(1)
    return None


def link(text: str, _s: Any = None) -> str | None:
    found = URL.search(text)
    return found.group(0).rstrip(".,;:!?)。，") if found else None


def scope(text: str, _s: Any = None) -> str | None:
    """The scope a conventional prefix names ("docs(readme): …" -> readme)."""
    m = KIND_PREFIX.match(text)
    return m.group(2) if m and m.group(2) else None


STRING_READERS = [  # what a string's name or description says it is, and how it is read
    (NAMES_LINK, link),
    (re.compile(r"\b(?:scope|module|component|area|package)\b", re.I), scope),
    (NAMES_AUTHOR, lambda text, _s: author(text)),
    (NAMES_VERSION, version_in),
    (NAMES_REASON, lambda text, _s: reason(text)),
    (
        NAMES_THING,
        lambda text, _s: (job_title(text) if HIRED.search(text) else None) or thing(text),
    ),
]  # a job ad's title is the job's ("is looking for a Senior Data Engineer")


NAMES_SELLER = re.compile(
    r"merchant|store|shop|vendor|seller|supplier|contractor|provider|payee|biller|retailer|restaurant|business|issuer|商家|商户|店名|门店|商店|卖方|开票方",
    re.I,
)


NAMES_TITLE = re.compile(r"title|headline|subject|标题|题目|主题", re.I)
NAMES_STEPS = re.compile(r"step|步骤|步数", re.I)
FAILURE = re.compile(
    r"闪退|崩溃|报错|出错|卡死|卡住|白屏|黑屏|无响应|打不开|无法|不能|失败|不再|没反应|没有反应|收不到|"
    r"\b(?:crash(?:es|ed)?|fails?|failed|errors?|freez(?:es|e)|froze|hangs?|stops?\s+working|"
    r"goes\s+(?:blank|black|white)|blank\s+screen|can(?:no|')t|unable\s+to|no\s+longer|"
    r"(?:does|do|did)\s*n[o']t\s+(?:work|load|open|start)|won't\s+(?:load|open|start)|broken)\b|"
    r"(?:n't|\bnot)\s+(?:\w+\s+)?(?:any\s?more|at\s+all)\b|n't\s+(?:fire|sync|send|save|show|play|"
    r"connect|update|ring|charge|respond|launch|appear|arrive|print|log\s+in)\b",
    re.I,
)
STEP_WORD = re.compile(  # a word that opens a step of a sequence
    r"(?:^|(?<=[\s，,;；。]))(?:首先|先|再|然后|接着|之后|随后|最后|"
    r"(?:and\s+)?(?:first(?:ly)?|then|next|after\s+that|afterwards|finally)\b)",
    re.I,
)
CLAUSE = re.compile(r"[，,;；。.!?！？\n]+")
LEADS = re.compile(r"^(?:(?:and|then|so|but|that|which)\s+)+|^(?:然后|接着|随后|结果|于是)", re.I)


NUMBERED = re.compile(r"(?:^|\n)\s*(?:\d+[.)、]|[-*•])\s+")


def steps_count(text: str) -> int | None:
    """How many steps a text gives: its numbered or bulleted lines, else the clauses a word of
    sequence opens ("先登录，再进入…，然后下拉刷新" is 3; "first …, then …, then …" is 3)."""
    numbered = values.BULLET.findall(text)
    if len(numbered) >= 2:
        return len(numbered)
    opened = [c for c in CLAUSE.split(text) if STEP_WORD.match(c.strip())]
    return len(opened) if len(opened) >= 2 else None


def failure_title(text: str) -> str | None:
    """A report's title: the clause that says what goes wrong, after the step that makes it
    ("…然后下拉刷新，应用就直接闪退" -> 下拉刷新后应用闪退; "then I tap Pay and the app
    crashes" -> "Tap Pay: the app crashes")."""
    numbered = NUMBERED.sub("\n", text)  # "1. Open the app": a step, its number no clause
    clauses = [c.strip() for c in CLAUSE.split(numbered) if c.strip()]
    at = next((i for i, c in enumerate(clauses) if FAILURE.search(c)), None)
    if at is None:
        return None
    failed = LEADS.sub("", re.sub(r"^\([^)]*\)\s*", "", clauses[at])).strip()
    stepped = at > 0 and bool(STEP_WORD.match(clauses[at - 1]) or NUMBERED.search(text))
    before = clauses[at - 1] if stepped else ""
    step = STEP_WORD.sub("", before, count=1).strip()
    if not failed.isascii():
        failed = re.sub(r"(?<=[\u4e00-\u9fff])(?:就|都|直接|会|也)+(?=[\u4e00-\u9fff])", "", failed)
        return f"{step}后{failed}" if step else failed
    if " and " in failed and not step:  # "I tap Pay and the app crashes"
        return failed[:1].upper() + failed[1:]
    return f"{step[:1].upper()}{step[1:]}: {failed}" if step else failed[:1].upper() + failed[1:]


def seller(name: str, text: str) -> bool:
    """Whether a property is the seller of a document headed with its name."""
    return bool(NAMES_SELLER.search(name)) and heading(text) is not None


def heading(text: str) -> str | None:
    """The name a document of several lines is headed with (a receipt's shop, "CORNER HARDWARE &
    CO"): a first line of words, no digits, no sentence (it ends in no stop), six words at most."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) < 3:
        return None
    first = lines[0]
    sent = SENDER.match(first)
    if sent:  # a mail's "From:" line: who sent it, not the line
        return sender_name(sent.group(1), text)
    if HEADER.match(first):  # "Subject: …", "Date: …": a header's label heads no document
        return None
    plain = not re.search(r"\d|[.!?。！？:：]$", first) and len(first.split()) <= 6
    return first if plain and len(first) <= 40 else None


SENDER = re.compile(r"(?:from|sender|发件人|寄件人)\s*[:：]\s*(.+)$", re.I)
HEADER = re.compile(r"[A-Za-z][\w-]{0,20}\s*:\s|[\u4e00-\u9fff]{1,6}\s*[:：]")
PUBLIC_MAIL = re.compile(
    r"^(?:gmail|googlemail|outlook|hotmail|live|yahoo|icloud|me|aol|proton|protonmail|gmx|qq|163|126"
    r"|sina|foxmail|yeah|mail)$",
    re.I,
)
MAILBOX = re.compile(r"^(?:mail|email|www|smtp|mx|billing|accounts?|invoices?|info|noreply)$", re.I)


def sender_name(said: str, text: str) -> str | None:
    """Who a mail's "From:" line names as its sender: a company the text writes out ("Northwind
    Lumber Ltd"), else the organisation its address's domain names ("accounts@northwind-lumber.
    example" -> Northwind Lumber), else the display name before the address; a public mail
    service's domain (gmail.com, qq.com) names no one."""
    org = values.ORG.search(text)
    if org:
        return next(g for g in org.groups() if g).strip()
    address = re.search(r"[\w.+-]+@([\w-]+(?:\.[\w-]+)+)", said)
    shown = re.sub(r"<[^>]*>|[\w.+-]+@[\w.-]+", "", said).strip(" \"'“”<>,")
    if address:
        labels = [x for x in address.group(1).split(".")[:-1] if not MAILBOX.match(x)]
        if labels and not PUBLIC_MAIL.match(labels[-1]):
            return " ".join(w.capitalize() for w in re.split(r"[-_]+", labels[-1]) if w)
    return shown or None


def _reads_better(name: str, s: dict[str, Any]) -> bool:
    """Where a reading by meaning replaces the general readers' value: a list of strings (what
    is refused is not listed), a version, a kind by its prefix, a summary of handed material."""
    if s.get("type") == "integer" and NAMES_STEPS.search(name):
        return True  # the steps a text gives are counted, not read from one of its numbers
    return s.get("type") in ("array", "string") and (
        s.get("type") == "array"
        or bool(s.get("enum"))
        or bool(NAMES_VERSION.search(name))
        or bool(NAMES_SUMMARY.search(name))
    )


DATE_HEADER = re.compile(r"^(?:date|dated|sent|日期|发布日期|发文日期)\s*[:：]", re.I)


def document_day(text: str) -> datetime.date | None:
    """The day a handed document was written: the date that ends its last line (a notice's
    signature, "阳光社区居委会  2026年11月20日") or a "Date:" line of its head; None when it
    says none."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) < 2:
        return None
    heads = [line for line in lines[:4] if DATE_HEADER.match(line)]
    for line in [lines[-1], *heads]:
        written = values._written(line)
        if written and (line is not lines[-1] or not line[written[-1][1] :].strip(" .。")):
            return datetime.date.fromisoformat(written[-1][2])
    return None


@contextlib.contextmanager
def dated(text: str) -> Iterator[None]:
    """Within it, "today" is the day the document was written, when it says one: "本月28号" of a
    notice signed 2026年11月20日 is 2026-11-28 (`document_day`)."""
    day = document_day(text)
    token = values.TODAY_SAID.set(day) if day is not None else None
    try:
        yield
    finally:
        if token is not None:
            values.TODAY_SAID.reset(token)


def _name_words(name: str) -> list[str]:
    return [w.lower() for w in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+", name)]


def aliased(schema: dict[str, Any], results: list[Any]) -> list[Any]:
    """The results, each flat record given the fields the schema names with one word more than
    one of its own fields (`high_tide` <- `high`), where that field is the only one the name's
    words hold and the word more is none of the record's fields."""
    props = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    out: list[Any] = []
    for data in results:
        if not isinstance(data, dict):
            out.append(data)
            continue
        own = {k: _name_words(str(k)) for k, v in data.items() if not isinstance(v, dict | list)}
        added = dict(data)
        for name in props or {}:
            words = _name_words(name)
            if not words or any(k.lower() == name.lower() for k in data):
                continue
            held = [k for k, ws in own.items() if ws and len(ws) < len(words) and _holds(words, ws)]
            fields = {w for ws in own.values() for w in ws}
            if len(held) == 1 and not (set(words) - set(own[held[0]])) & fields:
                added[name] = data[held[0]]
        out.append(added)
    return out


def _holds(words: list[str], part: list[str]) -> bool:
    n = len(part)
    return any(words[i : i + n] == part for i in range(len(words) - n + 1))


def extract(schema: dict[str, Any], task: str, results: list[Any], read: str | None = None) -> Any:
    """The JSON value a structured extraction of the request gives for `schema`: the readers by
    meaning first, then the general ones, then what the schema allows (never made up). `read`:
    the text of the files the request had read ("Read invoice.txt and extract ..."), which is
    then the material handed over, as a text after the request's colon is."""
    with dated(read if read is not None else material(task)[0]):
        return _extract(schema, task, aliased(schema, results), read)


def _extract(schema: dict[str, Any], task: str, results: list[Any], read: str | None) -> Any:
    text, handed = material(task) if read is None else (read, True)
    props: dict[str, Any] = (
        schema["properties"] if isinstance(schema.get("properties"), dict) else {}
    )
    got = fill_object(schema, gather(text, results), schema, False, frozenset()).values
    if not props and not got and schema.get("additionalProperties", True) is not False:
        got = traits.traits(text)  # an open object: each trait the text says
    for k, p in props.items():
        s = resolve(p, schema) if isinstance(p, dict) else {}
        mine = (
            _of_document(k, s, text, handed) or read_field(k, s, text, handed, schema)
            if s
            else None
        )
        better = (
            _reads_better(k, s)
            or handed
            and bool(
                NAMES_THING.search(k)
                or seller(k, text)
                or _held_field(k, s, text)
                or NAMES_TITLE.search(k)
                and failure_title(text)
            )
        )
        if mine is not None and (got.get(k) in (None, "", []) or better):
            got[k] = mine
        elif isinstance(got.get(k), list):  # the general reading's list, what is refused left out
            got[k] = [_item(x) if isinstance(x, str) else x for x in got[k] if not _said_no(x)]
    got = _listed_records(props, got, text, schema)
    got = spans.by_spans(props, got, task, text, schema) if handed or props else got
    got = _judged(
        props, _headed_seller(props, wholes.by_wholes(props, got, text, schema), text), text, schema
    )
    got = cues.checked(props, nested.nested(props, got, text, schema, task), text, schema)
    got = kindcheck.of_its_kind(props, got, text, schema, schema.get("required"), whole=task)
    return conform(got if props or got else MISSING, schema)


def complete(schema: dict[str, Any], got: dict[str, Any], task: str) -> Any:
    """A forced call's input: the values rule 2 found, each required one it did not find read by
    the rules above, then made valid for the schema (`agentkit.sim.conform`)."""
    with dated(material(task)[0]):
        return _complete(schema, got, task)


def _complete(schema: dict[str, Any], got: dict[str, Any], task: str) -> Any:
    text, handed = material(task)
    props: dict[str, Any] = (
        schema["properties"] if isinstance(schema.get("properties"), dict) else {}
    )
    pointed = handed and POINTING.match(task.replace(text, "\n\n").strip() + "\n\n.")
    out = _of_material(got, task, text) if pointed else dict(got)
    if not props and not out and schema.get("additionalProperties", True) is not False:
        out = traits.traits(text)  # an open object: each trait the text says
    for k, p in props.items():
        s = resolve(p, schema) if isinstance(p, dict) else {}
        listed = handed and s.get("type") == "array"  # handed material's lists are read by meaning
        headed = handed and s.get("type") == "string" and seller(k, text)  # its heading names it
        told = handed and s.get("type") == "string" and _told(k, s, text)  # summary, "by" author
        if s and (out.get(k) in (None, "", []) or listed or headed or told):
            mine = _of_document(k, s, text, handed) or read_field(k, s, text, handed, schema)
            if mine is not None:
                out[k] = mine
    out = spans.by_spans(props, _listed_records(props, out, text, schema), task, text, schema)
    out = _headed_seller(props, wholes.by_wholes(props, out, text, schema), text)
    out = _judged(props, _left_count(props, out, text, schema), text, schema)
    out = nested.nested(props, out, text, schema, task)
    out = cues.checked(props, out, text, schema)
    out = kindcheck.of_its_kind(props, out, text, schema, schema.get("required"), whole=task)
    return conform(out, schema)


def _of_material(got: dict[str, Any], task: str, text: str) -> dict[str, Any]:
    """The values of handed material: a string the instruction wrote ("File whatever is the main
    problem …" of "Triage this review. File whatever …\n\n<review>") is none of the material's,
    and is read again from the material."""
    said = task.replace(text, "\n")

    def own(v: Any) -> bool:
        head = re.sub(r"\W+", " ", v).strip()[:24] if isinstance(v, str) else ""
        flat = re.sub(r"\W+", " ", said)
        return not head or head not in flat or head in re.sub(r"\W+", " ", text)

    out = {}
    for k, v in got.items():
        if isinstance(v, dict):
            out[k] = _of_material(v, task, text)
        elif own(v):
            out[k] = v
    return out


def _judged(props: dict[str, Any], got: dict[str, Any], text: str, root: Any) -> dict[str, Any]:
    """A score on a scale no reading filled: judged (`agentkit.sim.assess`, rule 3), the middle
    of the scale where the text gives nothing to judge by."""
    out = dict(got)
    for k, p in props.items():
        s = resolve(p, root) if isinstance(p, dict) else {}
        if out.get(k) is None and s and assess.is_judged(k, s):
            out[k] = assess.judgement(k, s, text, felt(text))
    return out


def _told(name: str, s: dict[str, Any], text: str) -> bool:
    """Whether handed material itself tells a text field better than a general reading: a
    summary is the material (its first sentence where one sentence is asked), an author the name
    after "by"."""
    about = f"{name} {s.get('description') or ''}"
    return bool(NAMES_SUMMARY.search(name) or NAMES_AUTHOR.search(about) and author(text))


def _headed_seller(props: dict[str, Any], got: dict[str, Any], text: str) -> dict[str, Any]:
    """A seller left empty (its name taken for the buyer, then the buyer read after "Bill to") is
    still the name the document is headed with."""
    out = dict(got)
    for k in props:
        if not out.get(k) and seller(k, text) and isinstance(props[k], dict):
            if props[k].get("type") == "string" and heading(text) not in out.values():
                out[k] = heading(text)
    return out


def _named_any(found: Any) -> bool:
    """Whether a list of objects names anything: a text value in one of them (a list of bare
    prices names no thing)."""
    return isinstance(found, list) and any(
        isinstance(x, dict) and any(isinstance(v, str) and v for v in x.values()) for x in found
    )


def _listed_records(
    props: dict[str, Any], got: dict[str, Any], text: str, root: dict[str, Any]
) -> dict[str, Any]:
    """A list whose items are objects that names nothing: one object a counted entry of the text; an empty
    service: the thing of its one entry (`agentkit.sim.entries`); with no counted entry, one
    object each statement of the document (`agentkit.sim.findings`)."""
    out = dict(got)
    for k, p in props.items():
        s = resolve(p, root) if isinstance(p, dict) else {}
        item = resolve(s.get("items"), root) if isinstance(s.get("items"), dict) else {}
        if s.get("type") == "array" and item.get("type") == "object" and not _named_any(out.get(k)):
            out[k] = entries.counted_entries(item, text) or out.get(k)
        if s.get("type") == "array" and item.get("type") == "object":  # one per statement
            taken = [v for j, v in out.items() if j != k and isinstance(v, str) and len(v) > 1]
            others = [j for j in props if j != k]
            stated = findings.stated_items(item, text, root, taken, others)
            counted = entries.counted_entries(item, text) or []
            fewer = out.get(k) != counted or len(stated) > len(counted)  # counted entries kept
            if fewer and findings.better_list(out.get(k), stated, text, taken):
                out[k] = stated
            named = mentions.entities(item, f"{k} {s.get('description') or ''}", text)
            if named:  # named entities, each with its kind and sentence
                out[k] = named
        elif s.get("type") == "string" and not out.get(k) and entries.SERVICE.search(k):
            out[k] = entries.counted_thing(text) or out.get(k)
    return out


NAMES_COUNT = re.compile(
    r"^\s*(?:the\s+)?(?:number|count|amount)\s+of\b|how many|数量|个数|人数|几个", re.I
)
COUNTS_THINGS = re.compile(  # a whole number before what it counts: "35 dispatchers", "35名调度员"
    r"(?<![\d.,$€£¥￥])(\d+)(?!\.\d)\s*(?:(?:[a-z]+-)?[a-z]+\s+)?[a-z]{3,}s\b"
    r"|(?<![\d.])(\d+)\s*(?:个|位|名|台|张|件|套|人|辆|间)"
)


def _left_count(props: dict[str, Any], got: dict[str, Any], text: str, root: Any) -> dict[str, Any]:
    """An extraction's count (an integer whose description says "number of ...", or named with a
    plural noun: seats) that no reading filled takes the whole number the text says before the
    things it counts ("about thirty-five dispatchers") that no other field took: the one whose
    things the property names ("24 dental chairs, 2 sites" for chairs), else the only one."""
    taken = {float(v) for v in got.values() if isinstance(v, (int, float))}
    said = values.without_dates(values.digits_for_words(text))
    left = [  # (the count, what it counts)
        (int(n), m.group(0)) for m in COUNTS_THINGS.finditer(said)
        for n in m.groups() if n and float(n) not in taken
    ]  # fmt: skip
    counts = [
        k for k, p in props.items()
        if got.get(k) is None and isinstance(p, dict)
        and resolve(p, root).get("type") == "integer"
        and (NAMES_COUNT.search(str(resolve(p, root).get("description") or "")) or k.endswith("s"))
    ]  # fmt: skip
    if len(counts) != 1:
        return got
    about = f"{counts[0]} {resolve(props[counts[0]], root).get('description') or ''}".lower()
    named = [n for n, what in left if any(w[:4] in about for w in re.findall(r"[a-z]{4,}", what))]
    found = set(named) or {n for n, _what in left}
    return {**got, counts[0]: found.pop()} if len(found) == 1 else got


def direct_json(schema: dict[str, Any], said: direct.DirectAnswer, task: str) -> Any:
    """A direct answer as a structured output: a worked answer (arithmetic, a recalled fact) fills
    the fields (`agentkit.sim.direct.as_json`); small talk, which carries the stand-in's own note,
    never does: the request's words are extracted instead."""
    if said.talk:
        return extract(schema, task, [])
    return conform(direct.as_json(schema, said), schema)
