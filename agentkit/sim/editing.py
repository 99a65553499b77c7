"""Changing a file in place: written rules for a tool that replaces a string in a file (the Agent
SDK's Edit, a user's `edit_file(path, old_str, new_str)`), in Chinese and English.

1. An edit tool takes a path and two strings: the text to find (its name starts with old, find,
   search or target) and the text to put in its place (new, replace, replacement).
2. A request asks for a change in a file when it names the file as the place of the change ("in
   config.yaml", "edit config.yaml", "config.yaml 里的", "修改 config.yaml", "config.yaml: ...")
   and says what to change into what: "change X from A to B", "把 X 从 A 改为 B", "X should be Y",
   "so that X is Y", "make X 'Y'", "replace X with Y", "change / set / update / switch / rename /
   bump X to Y", "把 X 改成 / 改为 / 换成 / 替换成 / 设为 / 调成 Y", "X 改成 Y".
   Also "X goes / moves / changes from A to B" ("the version goes from 2.3.1 to 2.4.0").
2a. X or Y said as a thing the request gave a value to before ("旧号码 400-800-1234 停用，新号码
   是 400-900-5678 ... 把所有旧号码换成新号码", "the old address was a@x.org; the new address is
   b@x.org. Replace the old address with the new one"): that value. X said with a quoted text
   among other words ("notes 下所有纪要里的“张伟”都") is the quoted text (all places, rule 3d, when
   said with 所有 / all / every); a Y that is only particles (的, 了) is no value.
2b. One change said once for files named together as its place ("修改 config.yaml 和 .env 里的
   端口", "update it in pyproject.toml and in the package's __init__.py"): each of them (`files_of_change`).
2c. A change in no file named, whose X is a text as written (said with all / every / 所有, or a
   value: digits, an address): the content search finds the files that hold X (in the folder the
   request names: "under site/", "notes 目录下"), and each file found is read and changed.
3. Where the change lands, read in the file's text as the reading tool returned it:
   - a line that sets X (`X: v`, `X = v`, `X=v`, `"X": v`; X's words may be joined by `_`, `-`
     or nothing: "log level" sets `log_level`; else the one key whose words, with its section's,
     hold X's, its last word in the key: "cache TTL" sets `ttl_seconds` under `[cache]`; else the one key
     X's last words name: "the firing hold_minutes" sets `hold_minutes`; else, when X ends in a
     word that only says what kind of value it is (time, date, value, setting: `GENERIC`), the
     key its words before that name: "the closing time", 关门时间 set `closing`): that
     line is the text to find, and the same line with Y in v's place (v's quotes and a trailing
     comma kept) is the text put in;
   - else X as written, found once in the file: X becomes Y.
   A key said in Chinese is read through a small table of the words settings are named with
   (`KEY_WORDS`: 端口 port, 超时 timeout, 日志 log, 级别 level, ...), else each word by the one
   English word of its dictionary sense (下午 afternoon, 救生员 lifeguard), 的 joining its words:
   "server 的端口" sets `port` under `[server]`, "日志级别" `level` under `[log]`; a word with
   several senses is tried in each (烘烤 roast, else bake: "烘烤温度" sets `temp_c` under `bake:`).
   A change that lands nowhere is not made, and the answer says so.
3c. Else, when the request says the value the change starts from ("from 28 to 32", "从刘洋换成张伟"),
   the one line that holds that value as a whole word (a YAML value, a word of a plain line): that
   value in that line becomes Y. Where several lines hold it, the one that, with the sections
   it stands in (the less indented lines above it), holds the most of X's words ("周四的夜班":
   the line `周四 夜班 刘洋`, not `周二 夜班 刘洋`; "deep_clean 的每平米价格": the line under
   `deep_clean:`), when that one is alone (`_from_line`).
3b. A cell of a table (CSV, TSV, `|`): X names the row by one of its cells ("the price of
   roses", "玫瑰的价格", "Mia's shift") and the column by the value the change starts from
   ("from 8 to 10"), else by a header that shares a word with X ("价格" / 单价): that row's line
   is the text to find, with the cell's value replaced (`_row`).
3a. Y is the value, not the words around it: a remark in brackets after it ("15 minutes (it's
   stored in seconds)", "15分钟（单位是秒）") is left out. Where the setting's value is a bare
   number and the unit is named by its key (`ttl_seconds`, `timeout_ms`, `max_size_mb`) or by
   that remark ("stored in seconds"), Y said with another unit of the same measure is written
   in that unit ("15 minutes" -> 900), and Y said with that very unit is written as the number,
   as is Y said with a word the key's name holds ("drop the camera to 20 fps": `camera_fps: 20`).
3e. X that only says what kind of value it is (时间, the time, the value) and Y said with a unit
   ("时间改成 30 分钟"): the one setting whose key names that unit (`minutes`, `hold_min`).
3d. X said with all, every, 所有, 全部 ("把所有的 colour 改成 color", "replace every 'colour' with
   'color'", "change colour to color everywhere") is changed wherever it stands in the file, once
   it stands there at all (the edit tool's replace-all switch on).
3f. X said with words that say what is wrong with it ("把拼错的 exhibtion 改成 exhibition",
   "replace the misspelled word 'recieve' with 'receive'", "错别字 tommorow") and not found as
   said: the text after those words (misspelled, wrong, typo, word, 拼错的, 写错的, 错别字, ...)
   is the text to find, when it stands once in the file.
   The verbs of a change include raise, lower, drop, reduce, cut, increase, decrease, extend,
   shorten, bring; a request with two changes ("raise X to A and drop Y to B") makes both, each
   part of the request read by the first form that fits it, whatever form the other part takes
   ("change port to 8080, and 日志级别改成 debug"); a second change may leave its verb out ("...
   and the name to shop"), and "make the logging level info" says Y as its last word.
3g. A switch turned on or off ("switch debug off", "turn on the cache", "disable X", "关闭调试",
   "把 X 关掉"): only a setting whose value is a switch (true / false, yes / no, on / off, 1 / 0,
   enabled / disabled), written in that value's own style (`debug = true` -> `debug = false`).
3h. A setting that holds a bare number and whose key names no unit keeps a bare number: Y said
   with a unit ("60 seconds" for `timeout = 30`) is written as its number.
4. The file is read first (the reading tool, once), then each change is one edit. Changes in
   several named files, each in its own clause ("in config.yaml set ..., and in .env set
   DEBUG=false": `per_file`), read every file first, together, then make each file's edits,
   together; the answer says file by file what changed and quotes a refusal (a hook's) or a
   failure; a file whose edit was refused while the others were changed is said as left as it
   was. A file not where it was said is looked for, and read where a search found it. With no edit
   tool, a tool that writes whole files saves the read text with the changes made; a file the
   task read is never overwritten with anything else.
5. A source of truth (`source_of_truth`: "按 README 改", "per the HANDBOOK", "in line with the
   operations doc"): each `key: value` line of a file to change whose key's last telling word
   (port, host, ttl; never a unit word) or its Chinese word (`KEY_WORDS`: 端口, 主机) the source
   says with a value right after it (a number, a dotted or marked token) of the line's kind and
   different from it, is asked as "set key to value" (`agreed`), then made by rule 3.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from . import glosses
from .values import converted, unit_of, with_unit

OLD = re.compile(r"^(?:old|find|search|target|original)(?:_|$)|^old[A-Z]", re.IGNORECASE)
NEW = re.compile(r"^(?:new|replace(?:ment)?|updated)(?:_|$)|^new[A-Z]", re.IGNORECASE)

_TO = r"\s+(?:to|into|as|=)\s+"
_END = (  # (a place or a scope said after Y is no part of it: "30 seconds everywhere ...")
    r"(?=\s+in\s+\S+\.\w+|[,;，。]|\.(?:\s|$)|\s+and\b|$"
    r"|\s+(?:everywhere|wherever|throughout|across)\b|\s+in\s+(?:every|all|each|any|this)\b)"
)
ASKED = [  # (pattern, group of X, group of Y)
    re.compile(  # rule 3g: "switch debug off", "turn on the cache", "disable X", "关闭调试", "把 X 关掉"
        r"\b(?:switch|turn)\s+(?P<x>(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)\s+(?P<y>on|off)\b"
        r"|\b(?:switch|turn)\s+(?P<y2>on|off)\s+(?P<x2>(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)"
        + _END
        + r"|\b(?P<y3>enable|disable)\s+(?P<x3>(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)"
        + _END
        + r"|(?:把|将)\s*(?P<x4>[^，。,;；：:]+?)\s*(?P<y4>关掉|关闭|关上|禁用|停用|打开|开启|启用|开起来)"
        r"|(?P<y5>关掉|关闭|禁用|停用|打开|开启|启用)\s*(?P<x5>[^，。,;；：:\s]+)",
        re.IGNORECASE,
    ),
    re.compile(  # "change the port from 8080 to 9090", "把 timeout 从 10 改为 30"
        r"\b(?:change|set|update|switch|bump|move|raise|lower)\s+(?P<x>.+?)\s+from\s+\S+\s+to\s+"
        r"(?P<y>.+?)"
        + _END
        + r"|(?P<x3>(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)\s+(?:goes|moves|changes|is\s+(?:going|moving"
        r"|changing)|should\s+(?:go|move|change)|needs\s+to\s+(?:go|move|change))\s+from\s+\S+\s+to\s+"
        r"(?P<y3>.+?)"  # "the version goes from 2.3.1 to 2.4.0"
         + _END + r"|(?:把|将)?\s*(?P<x2>[^，。,;；：:\s]+?)\s*(?:的值)?\s*从\s*\S+?\s*"
        r"(?:元|块|个|件|人|天|%)?\s*"  # (the unit the value is said with: "从 8 元改成 10 元")
        r"(?:改成|改为|换成|设为|调成|调到|调为|改到)\s*(?P<y2>[^，。,;；\n]+)",
        re.IGNORECASE,
    ),
    re.compile(  # "the port should be 9090", "so that debug is false", "make the name 'store'"
        r"\bso(?:\s+that)?\s+(?P<x>(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)\s+"
        r"(?:is|are|becomes|should be)\s+(?P<y>.+?)"
        + _END
        + r"|(?:^|[:：]\s*)(?P<x3>(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)\s+"
        r"(?:should|must|needs to)\s+be\s+(?P<y3>.+?)"
        + _END
        + r"|\bmake\s+(?P<x2>(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)\s+(?P<y2>[\"'“‘`][^\"'”’`]+[\"'”’`])",
        re.IGNORECASE | re.MULTILINE,
    ),
    re.compile(
        r"\breplace\s+(?P<x>.+?)\s+(?:with|by)\s+(?P<y>.+?)(?=\s+in\s+\S+\.\w+|[,;，。]|\.(?:\s|$)|\s+and\b|$)",
        re.IGNORECASE,
    ),
    re.compile(  # "set DEBUG=false", "set retries=5"
        r"\b(?:change|set|update|switch)\s+(?P<x>[A-Za-z_][\w.-]*)=(?P<y>[^\s,;，。]+?)" + _END,
        re.IGNORECASE,
    ),
    re.compile(
        r"\b(?:change|set|update|switch|rename|bump|raise|lower|increase|decrease|turn|make|drop|"
        r"reduce|cut|extend|shorten|lengthen|bring)\s+"
        r"(?P<x>.+?)" + _TO + r"(?P<y>.+?)(?=\s+in\s+\S+\.\w+|[,;，。]|\.(?:\s|$)|\s+and\b|$)",
        re.IGNORECASE,
    ),
    re.compile(
        r"(?:把|将)?\s*(?P<x>[^，。,;；：:]+?)\s*(?:替换成|替换为|改成|改为|换成|设为|设成|设置为|设置成|调成|调到|调为|改到)"
        r"\s*(?P<y>[^，。,;；\n]+)"
    ),
    re.compile(  # "make the logging level info": the last word is the value (a setting's, rule 3)
        r"\bmake\s+(?!(?:sure|a|an|it|this|that|them|me|us|one|some|room|space|changes?)\b)(?P<x>(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)\s+(?P<y>[\w-]+(?:\.[\w-]+)*)"
        + _END,
        re.IGNORECASE,
    ),
    re.compile(  # a second change with its verb left out: "..., and the name to shop"
        r"(?:,\s*|\band\s+)(?:also\s+)?(?P<x>(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)"
        + _TO
        + r"(?P<y>[^\s,;，。]+(?:\s+[^\s,;，。]+)?)"
        + _END,
        re.IGNORECASE,
    ),
]
ELLIPSIS = ASKED[-1]  # (only beside a change said whole)
SWITCHED = re.compile(
    r"^(?:on|enable|关闭|打开|开启|启用|开起来)$|^(?:off|disable|关掉|关上|禁用|停用)$", re.I
)
ON = re.compile(r"^(?:on|enable|打开|开启|启用|开起来)$", re.I)
FLAGS = {  # a switch's value in the style the file writes it: (on, off)
    "true": ("true", "false"), "false": ("true", "false"), "yes": ("yes", "no"),
    "no": ("yes", "no"), "on": ("on", "off"), "off": ("on", "off"), "1": ("1", "0"),
    "0": ("1", "0"), "enabled": ("enabled", "disabled"), "disabled": ("enabled", "disabled"),
}  # fmt: skip
IN_FILE = re.compile(
    r"^(?:the\s+)?(?:value\s+of\s+)?|\s+(?:in|of|inside|from)\s+(?:the\s+)?(?:file\s+)?\S+\.\w+$"
    r"|\s+(?:setting|value|option|field|entry|key)$"
    r"|^.*?(?:文件)?\S+\.[A-Za-z][A-Za-z0-9]*\s*(?:里|中|里面|中的|里的|的)(?:的)?\s*",
    re.IGNORECASE,
)
QUESTION = re.compile(
    r"[?？]\s*$|^\s*(?:what|which|is|are|does|do|how|where|why|when)\b|吗[。？?]?\s*$",
    re.IGNORECASE,
)
POLITE = re.compile(  # a request put as a question: "Can you change ...?"
    r"^\s*(?:please\s+)?(?:can|could|would|will)\s+you\b|(?:能不能|能否|可以|可不可以)?(?:帮我|请你?)",
    re.IGNORECASE,
)
QUOTES = "`'\"“”‘’「」"


@dataclass(frozen=True)
class Change:
    """One change of rule 3: the text to find and the text put in its place."""

    old: str
    new: str
    every: bool = False  # rule 3d: each place the text stands in the file


def edit_keys(props: dict[str, object]) -> tuple[str, str] | None:
    """Rule 1: the names of the edit tool's text-to-find and text-to-put-in properties."""
    old = next((k for k in props if OLD.search(k)), None)
    new = next((k for k in props if NEW.search(k) and k != old), None)
    return (old, new) if old and new else None


def targets(request: str, name: str) -> bool:
    """Rule 2: the request names the file `name` as the place of the change."""
    n = re.escape(name)
    return bool(
        re.search(
            rf"\b(?:in|inside|within|of|edit|update|modify|change|patch)\s+(?:the\s+)?(?:[\w-]+'s\s+)?"
            rf"(?:file\s+)?[`'\"]?"
            rf"(?:[\w./-]*/)?{n}|(?:修改|编辑|更新|改一下)\s*(?:文件)?\s*{n}|{n}[`'\"]?\s*(?:文件)?\s*(?:里|中|内|的)"
            rf"|^\s*[`'\"]?{n}[`'\"]?\s*[:：]",
            request,
            re.IGNORECASE,
        )
    )


def requested(request: str) -> list[tuple[str, str]]:
    """Rule 2: the (X, Y) pairs the request asks to change, X and Y as said."""
    pairs: list[tuple[str, str]] = []
    if QUESTION.search(request) and not POLITE.search(request):  # "What is the port?": no change
        return pairs
    taken: list[tuple[int, int]] = []  # each part of the request says one change, by one form
    for pattern in ASKED:
        pos = 0 if pattern is not ELLIPSIS or pairs else len(request)
        while (m := pattern.search(request, pos)) is not None:
            pos = m.start() + 1 if m.end() == m.start() else m.end()
            if any(m.start() < b and a < m.end() for a, b in taken):
                pos = m.start() + 1  # (a later start may still say a change of its own)
                continue
            got = {k[0]: v for k, v in m.groupdict().items() if v}
            x, y = _bare(got.get("x") or ""), _bare(got.get("y") or "")
            x, y = _referent(x, request, bool(ALL_SAID.search(f"{x} {y}"))), _referent(y, request)
            if x and y and x != y and (x, y) not in pairs and not PARTICLES.fullmatch(y):
                taken.append(m.span())
                pairs.append((x, y))
    order = sorted(range(len(pairs)), key=lambda i: taken[i])  # in the order said
    return [pairs[i] for i in order]


CLAUSES = re.compile(r"\s*(?:[;；。，]|,(?:\s+(?:and|then)\b)?|\s+and\s+(?=in\b|then\b))\s*")


def per_file(request: str, named: list[str]) -> list[tuple[str, str]]:
    """Rule 2 for several files: each file the request names as the place of a change, with the
    words of its own clauses (a clause that names no file belongs to the file before it):
    "In config.yaml set api_url to X, and in .env set DEBUG=false" -> config.yaml's change and
    .env's. Only the files that get a change of their own."""
    if len(named) < 2:
        return []
    own: dict[str, list[str]] = {}
    current: str | None = None
    for clause in CLAUSES.split(request):
        said = [f for f in named if re.search(rf"(?<![\w.-]){re.escape(f)}(?![\w-])", clause)]
        current = said[0] if said else current
        if current is not None:
            own.setdefault(current, []).append(clause)
    plan = [(f, ", ".join(own[f])) for f in named if f in own]
    return [(f, c) for f, c in plan if targets(c, os.path.basename(f)) and requested(c)]


PARTICLES = re.compile(r"[的了吗呢吧么啊]+")  # "有没有没改成的": no value
QUOTED = re.compile(r"[“\"'「‘`]([^”\"'」’`\n]+)[”\"'」’`]")
DEFINED = re.compile(  # rule 2a: a thing said with its value: "旧号码 400-800-1234", "the new email is a@b.c"
    r"(?P<n>[\u4e00-\u9fff]{2,5}?|\b(?:the\s+)?(?:old|new|current|previous|former)\s+[a-z]+(?:\s+[a-z]+)?)"
    r"\s*(?:是|为|[:：=]|\s+(?:is|was|will\s+be|becomes|should\s+be))?\s*"
    r"(?P<v>[“\"'「`][^”\"'」`\n]+[”\"'」`]|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|[\w.+-]*\d[\w.+/-]*\d\w*|\d+)",
    re.IGNORECASE,
)
ALL_SAID = re.compile(r"所有|全部|\ball\b|\bevery(?:where)?\b|\beach\b", re.IGNORECASE)


def _referent(said: str, request: str, every: bool = False) -> str:
    """Rule 2a: X or Y said as a thing the request gave a value to before ("旧号码 400-800-1234
    停用，新号码是 400-900-5678。把所有旧号码换成新号码", "the old address was a@x.org ... replace
    the old address with the new one"): that value (with "所有" kept, rule 3d). X or Y that
    holds a value of its own is kept; "the new one" is the new thing of the same kind."""
    if re.search(r"\d|@", said) or QUOTED.search(said):
        return said
    found = [
        (m.group("n").lower().removeprefix("the ").strip(), m.group("v").strip(QUOTES))
        for m in DEFINED.finditer(request)
    ]
    for noun, value in sorted(found, key=lambda f: -len(f[0])):
        first, last = noun.split()[0], noun.split()[-1]
        held = (
            noun in said.lower()
            if re.search(r"[\u4e00-\u9fff]", noun)
            else all(
                re.search(rf"\b{w}\b", said, re.IGNORECASE) for w in (first, f"(?:{last}|one)")
            )
        )
        if held and value not in said:
            return ("所有" if every else "") + value
    return said


FILE_LIST = re.compile(  # files said together as the place of one change: "config.yaml 和 .env 里"
    r"[\w./-]*\.\w+(?:\s*(?:,|、|和|与|及|以及|\band\b|\bor\b)\s*(?:in\s+)?(?:the\s+)?"
    r"(?:[\w-]+'s\s+)?[`'\"]?[\w./-]*\.\w+[`'\"]?)+",
    re.IGNORECASE,
)


def files_of_change(request: str, named: list[str]) -> list[str]:
    """Rule 2b: the files the request names as the place of its change, each file of a list said
    together ("修改 config.yaml 和 .env 里的端口", "in pyproject.toml and in the package's
    __init__.py") standing for the list."""
    out = []
    for f in named:
        said = request
        for m in FILE_LIST.finditer(request):
            if f in m.group(0):
                said = said.replace(m.group(0), f)
        if targets(said, os.path.basename(f)):
            out.append(f)
    return out


FOLDER = re.compile(
    r"(?:\b(?:under|in|inside|within|across)\s+(?:the\s+)?[`'\"]?(?P<a>[\w.-]+)/?[`'\"]?\s+"
    r"(?:folder|directory|dir)\b|\b(?:under|in|inside|within|across)\s+[`'\"]?(?P<b>[\w.-]+)/[`'\"]?)"
    r"|(?P<c>[\w.-]+)/?\s*(?:目录|文件夹)",
    re.IGNORECASE,
)


def folder(request: str) -> str | None:
    """The folder a request puts its change in ("under docs/", "in the notes folder", "notes
    目录下"), or None."""
    m = FOLDER.search(request)
    return next((g for g in m.groups() if g), None) if m else None


def literal_asked(request: str) -> str | None:
    """Rule 2c: the text a change said for no file names as it is written, to be found in the
    files: X said with all / every / 所有, or X that is a value (digits, an address)."""
    for x, y in requested(request):
        bare, _, every = _every(x, y)
        if every or re.search(r"\d|@", bare):
            return bare
    return None


def _bare(said: str) -> str:
    said = re.sub(r"\s*(?:吗|呢|吧)?[?？!！]*$|(?<=\w)\.$", "", said.strip())
    said = re.sub(
        r"^(?:(?:里面|里|中)(?:的)?|内的)\s*", "", said
    )  # "价目表.csv 里玫瑰的价格": 里 is the file's
    said = re.sub(
        r"^(?:and|then|also)\s+|^(?:并且|并|再|然后|还有|还要|同时|另外|以及)\s*", "", said
    )
    for _ in range(2):
        said = re.sub(r"^(?:把|将)\s*", "", IN_FILE.sub("", said).strip())  # "在 a.yaml 里把 X"
    quoted = QUOTED.search(said)
    if (
        quoted and quoted.group(0) != said.strip()
    ):  # "notes 下所有纪要里的“张伟”都": 张伟, everywhere
        said = ("所有" if ALL_SAID.search(said) else "") + quoted.group(1)
    return said.strip(QUOTES).strip()


def changes(request: str, text: str) -> tuple[list[Change], list[str]]:
    """Rule 3: where each change asked for lands in the file's text, and the X's that land
    nowhere."""
    done: list[Change] = []
    missed: list[str] = []
    for x, y in requested(request):
        x, y, every = _every(x, y)
        change = (
            _setting(x, y, text)  # rule 3g: a switch only turns a setting on or off
            if SWITCHED.match(y)
            else (_literal(x, y, text, every) if every else None)
            or _setting(x, y, text)
            or _row(request, x, y, text)
            or _literal(x, y, text)
            or _from_line(request, x, y, text)
            or _by_unit(x, y, text)
            or _described(x, y, text)
        )
        if change is None:
            missed.append(x)
        elif change not in done:
            done.append(change)
    return done, missed


KEY_WORDS = {  # the Chinese words settings are named with, and the English words of their keys
    "端口": "port", "主机": "host", "地址": "address", "超时时间": "timeout", "超时": "timeout",
    "日志": "log", "级别": "level", "等级": "level", "密码": "password", "用户名": "user",
    "数据库": "database", "缓存": "cache", "重试次数": "retries", "重试": "retry",
    "线程数": "workers", "线程": "threads", "并发": "concurrency", "路径": "path", "目录": "dir",
    "语言": "language", "时区": "timezone", "调试": "debug", "最大": "max", "最小": "min",
    "名称": "name", "版本": "version", "过期时间": "ttl", "间隔": "interval", "大小": "size",
    "上限": "limit", "域名": "domain", "邮箱": "email", "开关": "enabled", "主题": "theme",
    "颜色": "color", "标题": "title", "区域": "region", "模式": "mode", "编码": "encoding",
    "开门": "opening", "关门": "closing", "打烊": "closing", "营业": "open", "时间": "time",
    "日期": "date", "价格": "price", "数量": "quantity", "人数": "capacity",
    "副本数": "replicas", "副本": "replicas", "内存": "memory", "连接数": "connections",
    "连接池": "pool", "实例数": "instances", "实例": "instances", "队列": "queue",
}  # fmt: skip


SOURCE = re.compile(  # rule 5: the file the request takes as the source of truth
    r"(?:按照?|根据|依照|依据|参照|照着|以)\s*([\w./-]+?)\s*(?:里|中|上|的|为准|来|把|，|,|\s)"
    r"|\b(?:per|according\s+to|in\s+line\s+with|consistent\s+with|agree\s+with|matches|match)"
    r"\s+(?:what\s+)?(?:the\s+)?([\w./-]*[\w/])",
    re.IGNORECASE,
)
KEY_LINE = re.compile(r"^\s*[\"']?([A-Za-z][\w.-]*)[\"']?\s*[:=]\s*[\"']?([^\s\"'#,]+)[\"']?,?\s*$")
UNIT_WORDS = frozenset(
    {"s", "ms", "sec", "secs", "seconds", "minutes", "min", "mb", "kb", "gb", "kbps"}
)
GIVEN = re.compile(r"[`*\"'“”]*((?:\d+(?:\.\d+)?)|[\w-]+(?:[.:/][\w-]+)+)[`*\"'“”]*")
FILLER = r"(?:\s|[:：=`*\"'“”(（]|\bis\b|\bare\b|\bat\b|\bof\b|\bto\b|是|为|在|用)*"


def source_of_truth(request: str) -> str | None:
    """Rule 5: the file (or bare name: README) the request says the others are to follow."""
    m = SOURCE.search(request)
    return next((g for g in m.groups() if g), None) if m else None


def agreed(source: str, text: str) -> str:
    """Rule 5, the changes a file must take to agree with its source of truth, as a request
    ("set port to 5433; set host to db.internal"): each `key: value` line of `text` whose key's
    last telling word (port, host, ttl; not a unit: seconds, mb), or the Chinese word for it
    (`KEY_WORDS`: 端口, 主机), the source says with a value right after it (a number, a dotted
    or marked token: `db.internal`, **5433**) that differs from the line's and is of its kind
    (a number for a number)."""
    asks = []
    for line in text.splitlines():
        m = KEY_LINE.match(line)
        if m is None:
            continue
        key, value = m.groups()
        parts = [w.lower() for w in re.split(r"[_.\-]+", key) if w]
        word = next((w for w in reversed(parts) if w not in UNIT_WORDS and not w.isdigit()), "")
        said = [word] + [zh for zh, en in KEY_WORDS.items() if en == word and len(zh) > 1]
        found = None
        for w in said if len(word) > 2 else []:
            pat = (r"\b" + re.escape(w) + r"\b") if w.isascii() else re.escape(w)
            for hit in re.finditer(pat + FILLER + GIVEN.pattern, source, re.IGNORECASE):
                found = found or hit.group(1)
        numeric = value.replace(".", "").isdigit()
        if found and found != value and found.replace(".", "").isdigit() == numeric:
            asks.append(f"set {key} to {found}")
    return "; ".join(asks)


def in_english(x: str) -> str:
    """Rule 3: a key said in Chinese, in the English words of `KEY_WORDS`, 的 joining them."""
    if not re.search(r"[\u4e00-\u9fff]", x):
        return x
    words = sorted(KEY_WORDS, key=len, reverse=True)
    out = re.sub("|".join(words), lambda m: f" {KEY_WORDS[m.group(0)]} ", x)
    out = re.sub(r"\s*的\s*", " ", out)
    out = re.sub(r"[\u4e00-\u9fff]+", _glossed, out)  # 下午 afternoon, 救生员 lifeguard
    return x if re.search(r"[\u4e00-\u9fff]", out) else " ".join(out.split())


def _glossed(m: re.Match[str]) -> str:
    """Chinese words the table does not hold, each as the one English word its dictionary sense
    gives (`agentkit.sim.glosses`); kept as they are when a word has none."""
    out = []
    for w in glosses.segmented(m.group(0)):
        one = next((g for g in glosses.gloss(w) if re.fullmatch(r"[a-z]+", g)), None)
        out.append(f" {one} " if one else w)
    return "".join(out) if "".join(glosses.segmented(m.group(0))) == m.group(0) else m.group(0)


def _setting(x: str, y: str, text: str) -> Change | None:
    """The line that sets X, with Y in its value's place: X in English, else in the other
    English words its Chinese words' senses give (烘烤 roast, else bake)."""
    for said in _englished(x):
        change = _set_line(said, y, text)
        if change is not None:
            return change
    return None


def _englished(x: str) -> list[str]:
    first = in_english(x)
    out = [first]
    for run in re.findall(r"[\u4e00-\u9fff]+", x) if first != x else []:
        for w in glosses.segmented(run):
            ones = [g for g in glosses.gloss(w) if re.fullmatch(r"[a-z]+", g)]
            for g in ones[1:3]:
                other = re.sub(rf"\b{ones[0]}\b", g, first)
                if other not in out:
                    out.append(other)
    return out


def _set_line(x: str, y: str, text: str) -> Change | None:
    parts = [re.escape(p) for p in re.split(r"[\s_-]+", x) if p]
    if not parts or len(parts) > 4:
        return None
    found = list(_setter(r"[\s_-]?".join(parts)).finditer(text))
    if not found:  # "the cache TTL": the one key whose words, with its section's, hold X's
        found = [m for m in _setter(r"[\w.-]+").finditer(text) if _names(x, m, text)]
    for i in range(1, len(parts)):  # "the firing hold_minutes": X's last words name the key
        if len(found) == 1:
            break
        found = list(_setter(r"[\s_-]?".join(parts[i:])).finditer(text))
    if len(found) != 1 and len(parts) > 1 and GENERIC.fullmatch(parts[-1]):
        # "the closing time", "关门时间": the words before a head that only says what kind of
        # value it is (time, date, value, setting) name the key
        found = list(_setter(r"[\s_-]?".join(parts[:-1])).finditer(text))
    if len(found) != 1:
        return None
    m = found[0]
    old = m.group(0).rstrip("\r")
    flag = FLAGS.get(m.group("v").strip().lower())
    if SWITCHED.match(y) and flag is None:  # rule 3g: a switch lands on a line that is one
        return None
    value = flag[0 if ON.match(y) else 1] if SWITCHED.match(y) and flag else None
    value = value or (_in_unit(y, m.group("key"), m.group("v")) if not m.group("q") else None)
    value = value or REMARK.sub("", y).strip().strip(QUOTES)
    new = f"{m.group('head')}{m.group('q')}{value}{m.group('q')}{m.group('tail')}"
    return Change(old, new.rstrip("\r")) if old != new else None


def _by_unit(x: str, y: str, text: str) -> Change | None:
    """Rule 3e: X that only says what kind of value it is (时间, the time, the value) and Y said
    with a unit ("30 分钟", "20 minutes"): the one setting whose key names that unit
    (`hold_minutes`), Y written as its number."""
    said = [w for w in re.split(r"[\s_-]+", in_english(x).lower()) if w not in ("the", "a", "")]
    unit = unit_of(REMARK.sub("", y))
    if len(said) != 1 or not GENERIC.fullmatch(said[0]) or unit is None:
        return None
    found = [m for m in _setter(r"[\w.-]+").finditer(text) if unit_of(m.group("key")) == unit]
    if len(found) != 1:
        return None
    return _set_line(found[0].group("key"), y, text)


GENERIC = re.compile(
    r"time|times|date|day|hours?|value|setting|option|number|amount|mode|flag|feature", re.I
)
REMARK = re.compile(r"\s*[(（][^)）]*[)）]\s*$")  # "15 minutes (it's stored in seconds)"


def _in_unit(y: str, key: str, current: str) -> str | None:
    """Rule 3a: Y written in the unit the key, or the remark after Y, names, when the setting
    holds a bare number."""
    if not re.fullmatch(r"\s*-?\d+(?:\.\d+)?\s*", current):
        return None
    remark = REMARK.search(y)
    said = REMARK.sub("", y)
    own = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*([A-Za-z]+)\s*", said)
    if own and own.group(2).lower() in re.split(r"[_.\-\s]+", key.lower()):
        return own.group(1)  # "20 fps" for camera_fps: the unit its name holds
    unit = unit_of(key) or (unit_of(remark.group(0)) if remark else None)
    if unit is None:  # a bare number stays one: "60 seconds" for `timeout = 30` is 60
        plain = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*[A-Za-z\u4e00-\u9fff]+\s*", said)
        return plain.group(1) if plain else None
    same = with_unit(unit, said)
    if same:
        return same[0]
    other = converted(unit, said)
    return str(other[0][1]) if other else None


def _setter(name: str) -> re.Pattern[str]:
    return re.compile(
        rf"^(?P<head>[ \t]*[\"']?(?P<key>{name})[\"']?[ \t]*[:=][ \t]*)(?P<q>[\"']?)(?P<v>.*?)(?P=q)"
        r"(?P<tail>[ \t]*,?[ \t]*(?:#.*)?)$",
        re.IGNORECASE | re.MULTILINE,
    )


def _names(x: str, m: re.Match[str], text: str) -> bool:
    """Whether the key of a setting line, with the section it stands in (`[cache]`, a YAML
    parent), holds every word of X (a plural as its singular, a word as the key word that cuts it
    short: temperature as temp, or shares its first five letters: sampling as sample), its last one in the key itself
    ("cache TTL": ttl_seconds under [cache]) or in the section, another in the key ("the
    afternoon lifeguard": afternoon under lifeguards)."""

    def split(k: str) -> list[str]:  # in the order said: X's last word is its head
        return [w.lower() for w in re.split(r"[_.\-\s]+|(?<=[a-z])(?=[A-Z])", k) if w]

    said = [w for w in split(x) if w not in ("the", "a", "an", "of")]
    key = set(split(m.group("key")))
    above = text[: m.start()].splitlines()
    section = next(
        (ln for ln in reversed(above) if re.match(r"^\s*\[[^\]]+\]\s*$|^\S[^:=]*:\s*$", ln)), ""
    )
    key = {_one(w) for w in key}
    around = {_one(w) for w in split(section.strip("[]: \t"))}
    said = [_short(_one(w), key | around) for w in said]
    if not said or not set(said) <= key | around:
        return False
    # its head in the key ("cache TTL"), else its head the section's and a word of it the key's
    # ("下午的救生员": afternoon under lifeguards)
    return said[-1] in key or (said[-1] in around and bool(set(said[:-1]) & key))


def _short(word: str, names: set[str]) -> str:
    """A word as the one key word that is its start cut short (temperature: temp, maximum: max)
    or shares its stem, its first five letters (sampling: sample)."""
    cut = [
        n
        for n in names
        if len(n) >= 3
        and n != word
        and (word.startswith(n) or (len(word) >= 5 and n[:5] == word[:5]))
    ]
    return cut[0] if len(cut) == 1 and word not in names else word


def _one(word: str) -> str:
    """A word without its plural ending (lifeguards: lifeguard)."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


FROM = re.compile(  # the value a change starts from: "from 8 to 10", "从 8 元改成 10 元"
    r"\bfrom\s+(?P<a>\S+?)\s+to\b|从\s*(?P<b>[^\s，。,;；]+?)\s*(?:元|块|个|件|人|天|%)?\s*"
    r"(?:改|换|调|设|变)",
    re.IGNORECASE,
)
CELL_SPLIT = re.compile(r"\s*(?:,|\t|\|)\s*")


def _row(request: str, x: str, y: str, text: str) -> Change | None:
    """Rule 3b: a cell of a table (CSV, TSV, a `|` table) whose row X names by one of its cells
    ("the price of roses", "玫瑰的价格": the row whose cell is roses / 玫瑰) and whose column is
    the one holding the value the change starts from ("from 8 to 10"), else the one whose header
    shares a word (a character, in Chinese) with X's other words. The row's line is the text to
    find; the same line with Y (its number, where the cell holds a bare number) in that cell's
    place is the text put in."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) < 2 or not CELL_SPLIT.search(lines[0]):
        return None
    said = [
        re.sub(r"['’]s$", "", w)  # "Mia's shift": the row is Mia's
        for w in re.split(r"\s+(?:of|for|in)\s+|\s+|的", x.lower())
        if w and w not in ("the", "a", "an")
    ]
    said = [w for w in said if not re.fullmatch(r"[\d.]+", w)]  # (a value names no row)
    rows = [ln for ln in lines[1:] if any(_cell_is(c, w) for c in _cells(ln) for w in said)]
    if len(rows) != 1:
        return None
    row, cells = rows[0], _cells(rows[0])
    start = FROM.search(request)
    a = re.sub(r"[^\d.]", "", next((g for g in start.groups() if g), "")) if start else ""
    col = [i for i, c in enumerate(cells) if a and c == a]
    if not col:  # the header that shares the most with X's other words (单价 beside 单位)
        heads = _cells(lines[0])
        shared = {
            i: max((_shares(h, w) for w in said if not _cell_is(cells[i], w)), default=0)
            for i, h in enumerate(heads)
            if i < len(cells) and not any(_cell_is(cells[i], w) for w in said)
        }
        best = max(shared.values(), default=0)
        col = [i for i, n in shared.items() if n == best and n > 0]
    if len(col) != 1:
        return None
    old_cell = cells[col[0]]
    number = re.search(r"-?\d+(?:\.\d+)?", y)
    new_cell = number.group(0) if number and re.fullmatch(r"-?\d+(?:\.\d+)?", old_cell) else y
    at = [m for m in re.finditer(rf"(?<![^\s,|\t]){re.escape(old_cell)}(?![^\s,|\t])", row)]
    if len(at) != 1 or old_cell == new_cell:
        return None
    return Change(row, row[: at[0].start()] + new_cell + row[at[0].end() :])


def _cells(line: str) -> list[str]:
    return [c.strip().strip("\"'") for c in CELL_SPLIT.split(line.strip().strip("|"))]


def _cell_is(cell: str, word: str) -> bool:
    c = cell.lower()
    return bool(c) and (
        c == word or c.rstrip("s") == word.rstrip("s") or c.rstrip("es") == word.rstrip("es")
    )


def _shares(head: str, word: str) -> int:
    """How much a header and a word of X name the same column: the word in the header (English),
    or the characters they have in common (Chinese: 单价 and 价格 share one, 单价(元) and 单价 two)."""
    h = head.lower()
    if re.search(r"[\u4e00-\u9fff]", word):
        return len(set(word) & set(h) - {"的"})
    return int(word.rstrip("s") in h or in_english(h) == word)


def _literal(x: str, y: str, text: str, every: bool = False) -> Change | None:
    if every:
        return Change(x, y, True) if x in text else None
    return Change(x, y) if text.count(x) == 1 else None


ALL_OF = re.compile(
    r"^(?:所有的?|全部的?|一切|每一?[个处]的?)\s*|\s*(?:全部|都|全都)$"
    r"|^(?:all|each|every)\s+(?:the\s+)?(?:(?:occurrences?|instances?|mentions?)\s+of\s+(?:the\s+)?)?"
    r"(?:(?:word|string|text)\s+)?",
    re.IGNORECASE,
)
EVERYWHERE = re.compile(
    r"\s*(?:everywhere|throughout(?:\s+the\s+file)?|wherever\s+it\s+(?:appears|occurs))$", re.I
)


MISSAID = re.compile(  # rule 3f: the words that say what is wrong with the text to find
    r"^(?:(?:the|a|that|this)\s+)?(?:(?:misspelled|misspelt|mistyped|wrong|incorrect|wrongly\s+"
    r"spelled)\s+)?(?:word|term|typo|spelling|string|text)\s+(?P<x>\S.*)$"
    r"|^(?:(?:the|a|that|this)\s+)?(?:misspelled|misspelt|mistyped|wrong|incorrect)\s+(?P<x2>\S.*)$"
    r"|^(?:拼错|写错|打错|弄错|错)了?的\s*(?:单词|词语|词|字)?\s*(?P<x3>\S.*)$"
    r"|^(?:错别字|错字|拼写错误|笔误)\s*(?P<x4>\S.*)$",
    re.IGNORECASE,
)


def _described(x: str, y: str, text: str) -> Change | None:
    """Rule 3f: X said with the words that say what is wrong with it ("拼错的 exhibtion", "the
    misspelled word 'recieve'", "错别字 tommorow"), not found as said: the text after those words,
    found once in the file."""
    m = MISSAID.match(x.strip())
    if m is None:
        return None
    bare = next(g for g in m.groups() if g).strip().strip(QUOTES).strip()
    return _literal(bare, y, text) if bare and bare != y else None


def _every(x: str, y: str) -> tuple[str, str, bool]:
    """Rule 3d: X said with all, every, 所有, 全部 ("把所有的 colour 改成 color", "replace every
    'colour' with 'color'", "change colour to color everywhere"): X without those words, and
    whether each place X stands in the file is changed."""
    bare_x, bare_y = ALL_OF.sub("", x).strip().strip(QUOTES), EVERYWHERE.sub("", y).strip(QUOTES)
    every = bare_x != x.strip().strip(QUOTES) or bare_y != y.strip(QUOTES)
    return (bare_x or x, bare_y or y, every) if every else (x, y, False)


def _from_line(request: str, x: str, y: str, text: str) -> Change | None:
    """Rule 3c: the one line holding the value the change starts from (the one of several that,
    with its sections, holds the most of X's words): that value in it becomes Y."""
    start = FROM.search(request)
    a = next((g for g in start.groups() if g), "").strip(QUOTES) if start else ""
    if not a:
        return None
    word = re.compile(rf"(?<![\w.-]){re.escape(a)}(?![\w.-])")
    lines = text.splitlines()
    holding = [i for i, ln in enumerate(lines) if len(word.findall(ln)) == 1]
    if len(holding) > 1:
        said = [
            re.sub(r"['’]s$", "", w)  # "Friday's late shift": the line is Friday's
            for w in re.split(r"[\s的（）()\[\]'\"`,，]+|['’]s\b", x.lower())
            if w and w != a.lower() and w not in ("the", "a", "an", "of")
        ]
        score = {i: sum(_holds(_with_sections(lines, i), w) for w in said) for i in holding}
        best = max(score.values())
        holding = [i for i in holding if score[i] == best and best > 0]
    if len(holding) != 1:
        return None
    line = lines[holding[0]]
    value = REMARK.sub("", y).strip().strip(QUOTES)
    new = word.sub(lambda _m: value, line, count=1)
    return Change(line, new) if new != line else None


def _holds(line: str, word: str) -> bool:
    """A word of X in a line: a Chinese word anywhere in it, an English one as a word of it
    (`deep_clean` holds "clean" and "deep_clean")."""
    if re.search(r"[\u4e00-\u9fff]", word):
        return word in line
    return bool(re.search(rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])", line.lower()))


def _with_sections(lines: list[str], i: int) -> str:
    """A line with the less indented lines above it that head its sections (a YAML parent)."""
    out, depth = [lines[i]], len(lines[i]) - len(lines[i].lstrip())
    for ln in reversed(lines[:i]):
        d = len(ln) - len(ln.lstrip())
        if ln.strip() and d < depth:
            out.append(ln)
            depth = d
    return " ".join(out)


def applied(text: str, made: list[Change]) -> str:
    """Rule 4: the read text with the changes made."""
    for c in made:
        text = text.replace(c.old, c.new) if c.every else text.replace(c.old, c.new, 1)
    return text
