"""Reading a tool_result by what it says, in any wording, Chinese or English.

A result's text becomes data by the first rule that applies:
1. JSON (an object, a list, a number, a string), or a Python literal as `str()` of a dict or a
   list writes it ("{'name': 'John Doe'}", "True"), or an object's repr of two fields or more
   ("success=True message='Saved'", "Note(id=3, title='x')"), which many programs return (`loads`);
1a. a table, one record a row, its header's cells the keys (`_table`): a markdown table ("| a | b |"
   over a "|---|---|" line), a CSV or TSV text, or columns set apart by two spaces or more under a
   header line (Chinese text aligned by its width: the cells counted, not their columns), when every
   row has as many cells as the header, the header's cells are names (no number, no "key:") and
   there are at least two rows;
1b. a long listing of files (`ls -l`, `find ... -exec ls -l`): one record a file, its name, its
   size (its unit: bytes) and when it was changed (`long_listing`; the "total" line left out);
2. `key: value` (or `key = value`) lines, one fact a line (a colon between digits is a time,
   "13:10", not a key's; "week 1: 112.4 kWh" is a key's); blocks of such lines with the same keys, set apart by blank lines or
   by a line of dashes, stars or equals signs ("---"), are a list of records; so are lines that
   each hold several pairs set apart by two spaces, a tab or a bar ("seat_id=06-14F  position=window",
   "court_id: CT-7 | surface: hard"), one record a line, each field its own value (a yes or
   no a yes/no);
2b. a line of two or more `key=value` pairs set apart by single spaces ("status=confirmed
   code=HS-44821 stylist=Ana time=14:00") is as many fields, never one value holding the rest;
   a word before them ("ok ref=TB-9921 table=12") is said as the status (`_spaced_pairs`);
3. a sentence that states facts: "The status is delivered." / "状态是已发货。" -> {status: ...};
4. otherwise the text itself.

An error (is_error) is judged by what it says, the first class that matches winning:
- DENIED: refused by a rule or a person ("permission", "not allowed", "needs approval", "only
  owners may", "must approve it", "the user declined", "handled by a human", "无权", "需要人工",
  "仅限", "需联系管理员") -> stop and say so; a refusal that only says the service is busy ("Access
  denied: too many requests, try again later", "请求被拒绝：访问过于频繁，请稍后再试") is TRANSIENT;
- NOT_FOUND: what was named does not exist ("no record", "doesn't exist", "nothing on file",
  "no entry", "找不到", "不存在", "没有记录")
  -> tell the user;
- FORMAT: the input is malformed or incomplete ("malformed", "expected", "must look like",
  "not a number", "won't work", "isn't a usable", "no dashes", "use abbreviations such as",
  "ids look like T-0007", "8 digits with leading zeros", "格式", "应该像", "缺失", "写法不对",
  "请使用缩写", "不足8位请在前面补0", "must include the country code, e.g. +4915…") -> correct the argument once, by the example the
  text gives (unit words as the unit codes it lists: "miles" -> "mi"; a value as the one of the
  values it allows that the value names: "large" of "one of S, M, L, XL" -> "L");
- TRANSIENT: try later ("timed out", "unavailable", "try again", "maintenance", "超时", "稍后",
  "系统维护") -> retry once, then say it is unavailable right now;
- anything else -> tell the user the tool failed.
The category word our own tools put first (`agentkit.failures`) is one wording among others.
The records of a list hold the fields of their inner objects as their own (`flat`).
A result sent without is_error is read the same way when it plainly says it failed, in one short
line (`unflagged_error`: "Error: invalid expression", "Order not found"), or as a JSON object
whose keys say so ({"error": "..."}, {"ok": false, ...}, {"status": "failed"}, {"code": 503, ...},
an app's own non-zero code beside a message that says a failure: {"code": 5001, "msg": "系统维护中"});
such a body is told by its messages, not as JSON (`said_error`).
"""

from __future__ import annotations

import ast
import functools
import json
import re
from typing import Any

DENIED, NOT_FOUND, FORMAT, TRANSIENT, FAILED = (
    "denied",
    "not_found",
    "format",
    "transient",
    "failed",
)

CLASSES = [
    (DENIED, r"\bdenied\b|permission|not (?:allowed|permitted|authori[sz]ed)|forbidden|"
     r"unauthori[sz]ed|refused?\b|requires? (?:an? )?(?:approval|human|person|manager)|"
     r"must be approved|needs? (?:an? )?(?:approval|human|person|manager|sign-?off)|by policy|"
     r"\bonly\b[^.;]{0,40}\b(?:may|can|are allowed to)\b|must (?:approve|authori[sz]e|sign off)|"
     r"\bblocked\b|\bhook (?:error|denied|blocked)|PreToolUse|"
     r"\b(?:user|owner|customer|reviewer|approver|manager)s? (?:has |have )?(?:declined|rejected|"
     r"refused|said no|does ?n[o']t want)|\b(?:declined|rejected) by\b|"
     r"(?:owner|admin(?:istrator)?)s? (?:only|rights)|"
     r"拒绝|无权|没有权限|不允许|禁止|需要人工|人工审核|审批|批准|仅限|只有[^。；]{0,12}(?:才能|才可以)|"
     r"需要[^。；]{0,16}(?:确认|同意|授权)|"
     r"\b(?:handled|done|reviewed|processed|completed) by (?:a |an )?(?:human|person|staff|supervisor|"
     r"administrator|admin|manager|librarian|pharmacist|agent)|\bhuman (?:agent|review)\b|"
     r"联系(?:管理员|主管|人工|负责人)|人工处理|转人工|需(?:要)?(?:主管|管理员|负责人)"),
    (NOT_FOUND, r"not[ _]found|no (?:such|record|match|result)|\bno [\w-]+(?: [\w-]+)? found (?:for|with|matching) [\"'‘“]|does ?n[o']t exist|doesn't exist|"
     r"could ?n[o']t (?:find|locate)|cannot (?:find|locate)|nothing (?:found|matches)|"
     r"(?:nothing |no (?:[\w-]+ ){1,3})(?:on|in) (?:file|record|the (?:system|register|catalog(?:ue)?))|"
     r"not (?:on|in) (?:file|record)|no (?:such )?entr(?:y|ies)\b|"
     r"\bno [\w-]+(?: [\w-]+)? (?:named|called|with (?:the |that )?(?:id|name|code|number))\b|"
     r"没有名为|没有叫|没有名叫|"
     r"找不到|不存在|没有找到|查无|未找到|没有这个|没有此|没有记录|无记录"),
    (FORMAT, r"malformed|invalid|format|\bexpected|must (?:be|look|match|start|use|follow|contain|have|include|begin)|"
     r"needs? to (?:include|start with|begin with|be in)|\b(?:upper|lower)[ -]?case\b|in capitals|大写|小写|(?:e\.g\.|for example)[,:]?\s*\+?\w*[-_]?\d|should (?:be|look|use)|(?:24|12)-hour|"
     r"not a (?:valid )?number|is missing|not a valid|written (?:as|like)|in the form|wrong shape|"
     r"won'?t (?:work|do|be accepted)|(?:can'?t|cannot|could ?n[o']t) (?:be )?(?:accept|use|read|pars)|"
     r"is(?:n'?t| not) (?:a |an )?(?:usable|valid|acceptable|recogni[sz]ed)|"
     r"no (?:dashes|spaces|hyphens)|without (?:dashes|spaces|hyphens)|"
     r"\buse (?:the )?(?:abbreviations?|codes?|symbols?|one of)\b|请(?:使用|用)(?:缩写|代码|代号)|"
     r"\blooks? like\s+[\"'“‘`]?[A-Za-z]*[-_/.#]?\d|leading zeros?|\b\d{1,2}[ -]digits?\b|补\s*0|补零|"
     r"\b(?:use|enter|give|provide|send)\s+(?:the\s+|an?\s+)?(?:[\w-]+\s+){0,3}(?:codes?|format|abbreviations?)\b|"
     r"\b(?:unknown|unexpected|unrecogni[sz]ed) (?:field|parameter|argument|property|key)|"
     r"\btoo (?:long|short)\b|\b(?:max|min)(?:imum)? \d+ (?:char|letter|digit)|"
     r"格式|缺失|缺少|不是数字|无效|不合法|写法|应为|应该是|应该像|应当是|形如|例如|不对|未知(?:字段|参数)|过长|过短|"
     r"(?:必须|须|应)(?:以|为|是|用|使用)|请(?:使用|用|填写|输入)"),
    (TRANSIENT, r"time[sd]? ?out|timeout|unavailable|try (?:again|later)|temporarily|"
     r"temporary (?:error|failure|outage|issue|problem|fault)|overload|busy|"
     r"another (?:go|try|attempt)|(?:link|line|connection) (?:dropped|went down|is down)|"
     r"in a (?:moment|minute|bit)\b|momentar|hiccup|"
     r"rate limit|too many requests|connection|unreachable|\b50[234]\b|retry|"
     r"(?:under|down for|undergoing) (?:scheduled )?maintenance|maintenance (?:mode|window|in progress)|"
     r"超时|暂时|稍后|重试|繁忙|不可用|连接|维护中|系统维护|正在维护|停机维护|升级中|网络(?:超时|异常|错误|故障|波动)"),
]  # fmt: skip
_CLASSES = [(name, re.compile(p, re.IGNORECASE)) for name, p in CLASSES]
HINT = re.compile(
    r"(?:expected|like|e\.g\.,?|such as|for example|example|form|format|as in|shape|should be|must be|示例|样例|"
    r"形如|例如|比如|像|写成|写作|应为|应该是|格式为?)\s*[:：]?\s*[\"'“‘「`]?(\+?[A-Za-z0-9][A-Za-z0-9_.:/-]*[A-Za-z0-9])",
    re.IGNORECASE,
)
EXAMPLE_WORD = re.compile(
    r"e\.g\.|for example|example|such as|like|例如|比如|形如|像|示例|样例", re.IGNORECASE
)
KEY_VALUE = re.compile(
    r"^\s*([A-Za-z_\u4e00-\u9fff][\w \u4e00-\u9fff-]{0,40}?)\s*(?:(?<!\d)[:=：]|[:=：](?!\d))\s*(.+?)\s*$"
)
BLOCKS = re.compile(r"\n\s*\n|\n\s*(?:-{3,}|\*{3,}|={3,})\s*(?:\n|$)")  # records set apart
PROSE_EN = re.compile(
    r"\b(?:the|its|their|your)\s+([a-z][a-z_ ]{0,30}?)\s+(?:is|are|was|were)\s+(?:now\s+)?"
    r"[\"'“]?(-?\d+(?:\.\d+)?|[^\"'”.,;!?]+?)[\"'”]?\s*(?:[.,;!?](?!\d)|$)",
    re.IGNORECASE,
)
PROSE_ZH = re.compile(r"([\u4e00-\u9fffA-Za-z_]{1,12}?)(?:是|为)[:：]?\s*([^，。；！？,;]+)")


def classify(text: str) -> str:
    """The class of an error text (see the module's docstring); an error that lists the values
    it allows ({"error": "unknown plan", "valid_plans": [...]}) is a format complaint."""
    kind = next((name for name, p in _CLASSES if p.search(text)), FAILED)
    if kind == DENIED and BUSY.search(text) and not AUTHORITY.search(text):
        return TRANSIENT  # "Access denied: too many requests, try again later": busy, no refusal
    return FORMAT if kind == FAILED and choices(text) else kind


BUSY = re.compile(  # what only a busy or resting service says
    r"rate limit|too many requests|try (?:again )?later|temporar|\b(?:429|503)\b|"
    r"maintenance|过于频繁|太频繁|稍后(?:再试|重试)|请稍后|暂时|维护|繁忙",
    re.I,
)
AUTHORITY = re.compile(  # what a refusal by a rule or a person says
    r"permission|not (?:allowed|permitted|authori[sz]ed)|approv|policy|only\b|owner|admin|"
    r"无权|没有权限|不允许|审批|批准|仅限|授权|管理员",
    re.I,
)


ONE_OF = re.compile(
    r"(?:one of|must be|should be|allowed(?: values)?|valid (?:values|options|choices)|options|"
    r"choose from|可选值?|只能是|必须是|应为|之一)\s*(?:are|is)?\s*[:：]?\s*"
    r"((?:[\w-]+\s*(?:,|/|\||、|，|\bor\b|或)\s*)+[\w-]+)",
    re.I,
)


LISTED_KEY = re.compile(
    r"allowed|valid|options|accepted|choices|supported|expected|one_?of|enum|可选|允许|支持", re.I
)
SUGGESTED_KEY = re.compile(
    r"suggest|did_?you_?mean|similar|candidates|alternatives|建议|相似|候选", re.I
)


def choices(text: str) -> list[str]:
    """The values an error text lists as allowed ("use one of S, M, L, XL", "可选值：标准、加急"),
    or a JSON error's list under such a key ({"error": "bad cabin", "allowed": ["economy", ...]})."""
    data = read(text) if text.lstrip().startswith("{") else None
    for k, x in (data or {}).items() if isinstance(data, dict) else ():
        if LISTED_KEY.search(str(k)) and isinstance(x, list) and all(isinstance(y, str) for y in x):
            return list(x)
    m = ONE_OF.search(text)
    if not m:
        return []
    return [x for x in re.split(r"\s*(?:,|/|\||、|，|\bor\b|或)\s*", m.group(1)) if x]


def hint(text: str) -> str | None:
    """The example an error text gives of a well-formed value ("expected A-1001" -> "A-1001")."""
    found = [m for m in HINT.finditer(text) if re.search(r"[\dA-Z]", m.group(1))]
    shown = [m for m in found if EXAMPLE_WORD.match(m.group(0))]  # "e.g. 09:00" before "应为 24"
    real = [m for m in shown or found if not PLACEHOLDER.search(m.group(1))]
    return (real or shown or found)[0].group(1) if found else None


PLACEHOLDER = re.compile(r"([NXDY#])\1{2,}")  # "ACC-NNNN", "POL-XXXXXX": a form, not an example


def _number(value: str) -> Any:
    """A number written plainly ("18", "2.5"); "412.00" stays as written, its zeros kept."""
    try:
        n = float(value) if "." in value else int(value)
    except ValueError:
        return value
    return n if str(n) == value.strip() else value


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(v) for v in value]
    return value


def loads(text: Any) -> Any:
    """Rule 1: JSON, else a Python literal of plain data ("{'id': 'O2', 'price': 49.99}",
    "True", "[('a', 1)]"); ValueError for any other text."""
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError):
        pass
    said = text.strip() if isinstance(text, str) else ""
    if said in ("True", "False", "None") or said[:1] in "{[(" and said[-1:] in "}])":
        try:
            return _plain(ast.literal_eval(said))
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            pass
    pairs = REPR_PAIR.findall(said) if REPR_LINE.fullmatch(said) else []
    if pairs:  # a model's repr: "success=True message='Note saved successfully!'"
        return {k: _literal(v) for k, v in pairs}
    raise ValueError("neither JSON nor a Python literal")


REPR_VALUE = r"""(?:'[^']*'|"[^"]*"|[\w.+-]+)"""
REPR_PAIR = re.compile(rf"([A-Za-z_]\w*)=({REPR_VALUE})")
REPR_LINE = re.compile(
    rf"(?:\w+\()?[A-Za-z_]\w*={REPR_VALUE}(?:,?\s+[A-Za-z_]\w*={REPR_VALUE})+\)?"
)


def _literal(value: str) -> Any:
    try:
        return _plain(ast.literal_eval(value))
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return value


@functools.lru_cache(maxsize=4096)
def read(text: str) -> Any:
    """A result's text as data (see the module's docstring)."""
    try:
        return loads(text)
    except ValueError:
        pass
    table = long_listing(text) or _table(text)
    if table:
        return table  # a table's rows, one record a row (rules 1a and 1b)
    rows = _rows(text)
    if len(rows) >= 2:
        return rows  # lines of several fields each, one record a line
    records = [_facts(block) for block in BLOCKS.split(text.strip())]
    records = [r for r in records if r]
    if len(records) >= 2 and all(r.keys() == records[0].keys() for r in records):
        return records  # blocks of the same keys, one record a block
    facts = _facts(text)
    if facts:
        return facts
    prose = PROSE_EN.findall(text) or PROSE_ZH.findall(text)
    if prose:
        return {k.strip().replace(" ", "_"): _number(v.strip()) for k, v in prose}
    return text.strip()


LONG_LINE = re.compile(  # -rw-r--r-- 1 ann staff 10400 Dec  7 08:00 ./dump.sql
    r"^[-dlbcps][-rwxsStT]{9}[.@+]?\s+\d+\s+\S+\s+\S+\s+(\d+)\s+"
    r"(\w{3}\s+\d{1,2}\s+(?:\d{1,2}:\d{2}|\d{4}))\s+(.+)$"
)


def long_listing(text: str) -> list[dict[str, Any]]:
    """Rule 1b: the files of an `ls -l` listing, each {file, size, unit, modified}; [] unless
    every line (but a "total N") is one."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    lines = [ln for ln in lines if not re.fullmatch(r"total \d+\w?", ln)]
    found = [LONG_LINE.match(ln) for ln in lines]
    if not found or any(m is None for m in found):
        return []
    return [
        {"file": m.group(3).removeprefix("./"), "size": int(m.group(1)), "unit": "bytes",
         "modified": " ".join(m.group(2).split())}
        for m in found if m is not None
    ]  # fmt: skip


MD_RULE = re.compile(r"^\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?$")


def _cells(line: str, how: str) -> list[str]:
    if how == "md":
        return [c.strip() for c in line.strip().strip("|").split("|")]
    if how == "\t" or how == ",":
        return [c.strip() for c in line.split(how)]
    return [c for c in re.split(r"\s{2,}", line.strip()) if c]


VALUE_CELL = re.compile(r"^(?:[~.]?/\S*/\S*|\S+\.[A-Za-z0-9]{2,4}|[-\d.,]+\s*[A-Za-z%°]{1,4})$")


def _table(text: str) -> list[dict[str, Any]]:
    """Rule 1a: a table's rows as records under its header's cells; [] for no table."""
    lines = [ln.rstrip() for ln in text.strip().splitlines() if ln.strip()]
    if len(lines) < 3:
        return []
    head = lines[0]
    if head.lstrip().startswith("|") and MD_RULE.match(lines[1].strip()):
        how, body = "md", lines[2:]
    elif "\t" in head:
        how, body = "\t", lines[1:]
    elif "," in head and not re.search(r"\s{2,}", head.strip()):
        how, body = ",", lines[1:]
    elif re.search(r"\S\s{2,}\S", head):
        how, body = "  ", lines[1:]
    else:
        return []
    keys = _cells(head, how)
    if len(keys) < 2 or len(body) < 2 or len(set(keys)) < len(keys):
        return []
    if any(
        not k or len(k) > 40 or re.search(r"[:=：]\s*$|^[-\d.,:%\s]+$", k) or VALUE_CELL.match(k)
        for k in keys
    ):
        return []  # (a header names its columns: no value, no "key:" of a key: value line, no
        # path nor a figure with its unit: "/共享/视频/a.mp4<TAB>2.4 GB" is a row)
    rows = [_cells(ln, how) for ln in body]
    if any(len(r) != len(keys) for r in rows):
        return []
    return [{k: _field(c) for k, c in zip(keys, r, strict=True)} for r in rows]


FIELD_GAP = re.compile(r"[ \t]{2,}|\t|[ \t]*\|[ \t]*")


def _rows(text: str) -> list[dict[str, Any]]:
    """Lines of several `key=value` fields each, set apart by two spaces, a tab or a bar, as one
    record a line; a line of fewer fields (a heading: "free seats:") is none."""
    rows = []
    for line in text.splitlines():
        fields = [KEY_VALUE.match(f) for f in FIELD_GAP.split(line.strip()) if f]
        if len(fields) >= 2 and all(fields):
            rows.append({m.group(1).strip(): _field(m.group(2)) for m in fields if m})
    return rows if len(rows) >= 2 and len({next(iter(r)) for r in rows}) == 1 else []


YES_NO = {"yes": True, "no": False, "true": True, "false": False, "是": True, "否": False}


def _field(value: str) -> Any:
    """A row's field: a yes or no as a yes/no ("floodlights: yes"), a number, else the text."""
    said = YES_NO.get(value.strip().lower())
    return said if said is not None else _number(value)


def _facts(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for line in text.splitlines():
        spaced = _spaced_pairs(line)
        m = None if spaced else KEY_VALUE.match(line)
        if m and SENTENCE_KEY.search(m.group(1)):
            m = None  # "Visit WH-118 booked: …" is a sentence, no label: its code keeps its case
        out.update(spaced or ({m.group(1).strip(): _number(m.group(2))} if m else {}))
    return out


SENTENCE_KEY = re.compile(r"[A-Za-z]\w*\s+[A-Za-z]{1,6}-\d+\s+[A-Za-z]")  # a code among words
PAIR = re.compile(r"([A-Za-z_\u4e00-\u9fff][\w.\u4e00-\u9fff-]{0,30})=(\S+)")
LEAD_WORD = re.compile(r"[A-Za-z\u4e00-\u9fff]{1,12}[:：]?")


def _spaced_pairs(line: str) -> dict[str, Any]:
    """Rule 2b: a line of two or more `key=value` pairs set apart by single spaces ("code=HS-44821
    stylist=Ana time=14:00"), each pair a field of its own, not one value; a word before them
    ("ok ref=TB-9921 table=12", "confirmed: ...") is the line's status."""
    tokens = line.split()
    pairs = [PAIR.fullmatch(t) for t in tokens]
    lead = tokens[0] if tokens and pairs[0] is None else None
    found = [m for m in pairs if m]
    if len(found) < 2 or len(found) < len(tokens) - (lead is not None):
        return {}
    if lead is not None and not LEAD_WORD.fullmatch(lead):
        return {}
    out: dict[str, Any] = {"status": lead.rstrip(":：")} if lead else {}
    return out | {m.group(1): _field(m.group(2)) for m in found}


def flat(record: dict[str, Any]) -> dict[str, Any]:
    """A record with the fields of the objects it holds as its own (`{"id": "H1", "inspection":
    {"frames": 6}}` -> id, frames): a nested key keeps its own name, or its parent's before it
    ("inspection.date") when the record has that name already; a list stays as it is."""
    if not any(isinstance(x, dict) for x in record.values()):
        return record
    out: dict[str, Any] = {k: x for k, x in record.items() if not isinstance(x, dict)}
    for k, x in record.items():
        if isinstance(x, dict):
            for j, y in flat(x).items():
                out[j if j not in out else f"{k}.{j}"] = y
    return out


def key(name: str) -> str:
    """A field name compared loosely: "Customer ID", "customerId" and "customer_id" are one."""
    return re.sub(r"[^a-z0-9\u4e00-\u9fff]", "", name.lower())


def find(data: Any, name: str) -> Any:
    """The first value under a key equal (loosely) to `name`, searched depth first."""
    want = key(name)
    if isinstance(data, dict):
        for k, v in data.items():
            if key(str(k)) == want and not isinstance(v, dict | list):
                return v
        for v in data.values():
            found = find(v, name)
            if found is not None:
                return found
    if isinstance(data, list):
        for v in data:
            found = find(v, name)
            if found is not None:
                return found
    return None


ACCEPTED = re.compile(
    r"\b(?:received|accepted|submitted|queued|pending|created|scheduled|recorded)\b"
    r"|已收到|已提交|已受理|已创建|已登记|待审批|待审核|审批中|处理中",
    re.IGNORECASE,
)
SHELL_ERROR = re.compile(  # a command's error, first: "PROG: [ARG: ]No such file or directory"
    r"^[\w./-]+:\s+(?:[^\n]*?:\s+)?(?:No such file or directory|cannot access|command not found"
    r"|Permission denied|Not a directory|Is a directory)\b[^\n]*(?:\n[^\n]*){0,3}$",
    re.IGNORECASE,
)
ERROR_LEAD = re.compile(
    r"^\s*(?:error|err|failed|failure|exception|错误|失败|出错|异常)\b"
    r"|^\s*(?:permission|access)\s+denied\b|^\s*(?:forbidden|unauthori[sz]ed|not allowed)\b"
    # "Permission denied: …" read as one key and its value is still a refusal
    r"|^\s*[\u4e00-\u9fff]{1,6}(?:错误|失败|出错|无效|被拒绝?|拒绝|不足|不存在|未找到|找不到)[：:，,]",
    # "箱号格式错误：…", "权限被拒绝：…", "文件不存在：/a/b"
    re.IGNORECASE,
)


ERROR_KEY = re.compile(r"^(?:error|errors|err|error_?message|error_?msg|错误|错误信息)$", re.I)
FLAG_KEY = re.compile(r"^(?:ok|success|succeeded|successful|成功)$", re.I)
STATUS_KEY = re.compile(r"^(?:status|state|result|outcome|状态|结果)$", re.I)
FAILED_WORD = re.compile(r"^(?:error|failed|failure|fail|denied|rejected|失败|错误|拒绝)$", re.I)
CODE_KEY = re.compile(r"^(?:code|status_?code|http_?status|ret_?code|状态码|返回码)$", re.I)
ERROR_CODE_KEY = re.compile(r"^(?:err_?code|error_?code|err_?no|错误码|错误代码)$", re.I)


def error_body(data: Any) -> bool:
    """A JSON object that says the call failed: an error under its own key ({"error": "copy
    cannot be reserved"}, {"错误": "..."}), a success flag that is false with a message ({"ok":
    false, ...}), a status that says failed ({"status": "error"}), or an HTTP error code with a
    message ({"code": 503, "message": "系统繁忙"}); an empty error ({"error": null}) is none."""
    if not isinstance(data, dict) or any(
        isinstance(x, list | dict) and x and not ERROR_KEY.match(str(k)) and not _allowed(k, x)
        for k, x in data.items()
    ):  # data beside it ({"results": [...], "errors": [...]}): a partial answer, no failure
        return False
    for k, x in data.items():
        key = str(k)
        if ERROR_KEY.match(key) and x not in (None, "", [], {}, False):
            return True
        if FLAG_KEY.match(key) and x is False and len(data) > 1:
            return True
        if STATUS_KEY.match(key) and isinstance(x, str) and FAILED_WORD.match(x.strip()):
            return True
        if CODE_KEY.match(key) and isinstance(x, int) and 400 <= x < 600 and len(data) > 1:
            return True
        if ERROR_CODE_KEY.match(key) and isinstance(x, int) and x and len(data) > 1:
            return True  # {"errcode": 40013, "errmsg": "invalid appid"}: 0 is success
        if CODE_KEY.match(key) and isinstance(x, int) and x and not 200 <= x < 300:
            if any(_says_failure(y) for kk, y in data.items() if MESSAGE_KEY.match(str(kk))):
                return True  # {"code": 5001, "msg": "系统维护中，请稍后再试"}: an app's own code
    return False


def _says_failure(said: Any) -> bool:
    """A message that says a call failed: an error's lead word, or a class of failure other than
    a format complaint (whose words also describe plain values)."""
    return isinstance(said, str) and bool(
        ERROR_LEAD.match(said)
        or classify(said) in (DENIED, NOT_FOUND, TRANSIENT)
        or FAILURE_WORD.search(said)
    )


FAILURE_WORD = re.compile(
    r"失败|错误|异常|无效|不合法|\bfail(?:ed|ure|s)?\b|\berror\b|\binvalid\b", re.I
)


def _allowed(k: Any, x: Any) -> bool:
    """The values an error lists as allowed ({"allowed": ["economy", ...]}) or suggests
    ({"suggestions": [...]}): part of the error."""
    return bool(LISTED_KEY.search(str(k)) or SUGGESTED_KEY.search(str(k))) and isinstance(x, list)


MESSAGE_KEY = re.compile(
    r"^(?:error|errors|err|error_?message|error_?msg|err_?msg|ret_?msg|message|msg|detail|details|reason|"
    r"description|错误|错误信息|信息|消息|原因|提示)$",
    re.I,
)


HOOK_FRAME = re.compile(r"^\s*\w*ToolUse(?::[\w.-]+)? hook error:\s*", re.I)  # the CLI's frame


def said_error(text: str) -> str:
    """What an error says, in words: a JSON body's messages ({"error": {"message": "..."}},
    {"ok": false, "message": "未找到订单"}) and the values it lists as allowed or suggested
    ("suggestions: Ergo Chair Pro"), else the text itself, without the frame the Claude
    Code CLI puts around a hook's reason ("PreToolUse:Write hook error: ...")."""
    text = HOOK_FRAME.sub("", text)
    data = read(text) if text.lstrip().startswith("{") else None
    if not isinstance(data, dict):
        return text
    said = []
    for k, x in data.items():
        if isinstance(x, dict):
            x = next((y for kk, y in x.items() if MESSAGE_KEY.match(str(kk))), None)
        if MESSAGE_KEY.match(str(k)) and isinstance(x, str) and x.strip():
            said.append(x.strip())
        elif said and _allowed(k, x) and x and all(isinstance(y, str | int | float) for y in x):
            said.append(f"{k}: {', '.join(map(str, x))}")  # what it allows or suggests, told
    return "; ".join(said) or text


def unflagged_error(text: str) -> bool:
    """A result sent without is_error that still says it failed, by its words: a short plain text
    (no JSON, no `key: value` facts) that starts as an error does ("Error: ...", "失败：...") or
    says not found, denied or try again ("Order not found", "No results found"); or a JSON object
    whose keys say so (`error_body`)."""
    if len(text) <= 2000 and text.lstrip().startswith("{") and error_body(read(text)):
        return True
    if len(text) <= 600 and SHELL_ERROR.match(text.strip()):
        return True  # a command's own error line ("cat: a.csv: No such file or directory")
    if re.match(r"\s*1\t", text):  # a file's one line, numbered as a reader returns it
        return False
    lead = bool(ERROR_LEAD.match(text))
    if not lead and ACCEPTED.search(text):  # "received, pending approval" is no failure
        return False
    if len(text) > 300 or "\n" in text.strip() or (not isinstance(read(text), str) and not lead):
        return False  # a file's lines, a listing, facts: data, whatever words they hold
    kind = classify(text)
    if kind in (FAILED, FORMAT):  # words of these classes also occur in plain results
        return lead
    return True
