"""Finding text inside files, then reading the files that hold it: written rules for a tool that
searches file contents by a pattern (the Agent SDK's Grep, a user's `search_files`) and a tool
that reads files (Read, `read_file`).

1. A request that names text to find inside files (`agentkit.sim.shell.target`: "which memo
   mentions a deadline?" -> deadline) calls the searching tool once, its pattern that text.
2. When the search's result lists files (one path a line, "Found 2 files" lines aside), each of
   them (up to three) is read with the reading tool, together, once; so are the files (up to
   ten) a glob tool lists when the request asks for a figure of their tables
   (`agentkit.sim.columns`), or asks what files of a kind or in a folder hold rather than which
   files there are ("did the .log files report an alert?", "sensors 目录下的日志里…";
   `agentkit.sim.shell.files_asked`).
3. The answer then quotes what the files hold, as written (line numbers dropped).
4. A request that counts the text it names ("how many TODO comments in the Python files",
   "有多少个 FIXME 注释") searches the files of the kind it names (the search's glob) and reads
   every file found (up to ten), and the answer
   leads with the count: the lines of the files read that hold the text, and how many in each.
5. A request that asks how many of a kind of thing a file of records holds ("how many paintings
   are in the register", "登记册里有多少幅油画"; a record a line, its cells split by |, comma or
   tab) counts the records one of whose cells is that kind (its singular), and lists each one's
   first cell (its id or name); the answer leads with them. A count over a table (a header line,
   then rows of as many cells) whose question says cells' values as they are written ("how many
   size M costumes are in store", "几本书已借出", "city bikes ... ready") keeps the rows that hold
   one of the values it says in each column it says one for, and none of the values it says
   after a negation ("not on loan or cleaning", "不算/不是/除了/没有 ..."); the values said lead the
   count.
6. A question for the day, file or other label with the most of a text ("which day had the most
   upstream timeouts?", "哪一天出现的 upstream timeout 最多？", "哪个文件里连接失败最多"): the text
   is the words after "most" (before 最多), each word as a word's start (timeouts: timeout...),
   else the kind of line they name (errors: ERROR lines, `agentkit.sim.facts` rule 4). The lines
   of the files read that hold it are grouped by the date each carries when the question asks
   which day (day, date, 哪天, 哪一天, 日期) and every such line carries one, by the value of the
   `key=value` the question names ("which service": service=...), else by file; the group with
   the most is said with its count and where its lines are, the other groups' counts after it,
   and the `key=value` labels those lines carry ("which service?", "涉及哪个服务？": service=
   inventory), else the lines themselves.
7. A question for how many entries of one or more kinds a changelog holds ("how many new
   features and how many bug fixes are in v3.4.0?", "3.2 版有几个新功能、几个修复？"): the section
   under the heading that names the version asked (else the latest for "latest", else the whole
   file); its entries (lines opening with -, *, + or a number) each have a kind: the tag they open
   with ("feat:", "fix(ui):", "[Fixed]") or the heading they stand under ("### Added"). A kind is
   asked when the question says one of its words (`ENTRY_KINDS`: features, new, added, 新功能,
   新增; fixes, bugs, 修复 ...) or a word the tag starts (chore: chores). Each kind asked is said
   with its count and its entries, a kind with none with 0.
8. Of the lines `agentkit.sim.facts` rule 4 finds in two or more files read, when the question
   asks for the latest / most recent (最新, 最近, 最后) and every such line carries a time stamp:
   the one with the latest stamp across the files ("which node logged an ERROR most recently?"),
   said with its file, its number and the `key=value` labels it carries (code=E-417), the other
   files' latest after it.
9. A request that asks how many files of a kind, or in a folder, there are ("how many markdown
   files are under docs/?", "目录下一共有几个 markdown 文件？"): the files a glob tool listed (one
   path a line; none for "No files found") are counted, and the answer leads with the count and
   their names (from their common folder). Its count words are then not a count of text (rule 4):
   "how many .md files, and which one mentions 素食?" searches for 素食 and counts the files.
9a. A folder the request says to leave out ("not counting the done/ subfolder", "excluding the
   archive folder", "不算 done 子目录", "跳过 tmp/") is left out: the files a tool lists inside it
   are not counted, read or named (`left_out`).
8a. Of those lines, when the question asks for the earliest / first / oldest (最早, 第一条): the
   one with the earliest stamp across the files read, said with its file and its number
   (`earliest_across`).
8b. Of those lines, counted by type ("count them by type", "按错误类型统计次数", "每种警告各出现了
   几次"): a line's type is the word before the first colon after its level word ("ERROR
   worker-1 TimeoutError: ..." is TimeoutError), else its text after the level word; each type
   is said with its count across the files read, the most first, and the total (`by_type`).
10. A request that asks which file holds a text (rule 1) and is no count of it (rule 4): the
   answer names each file read whose lines hold the text (case aside), with the first such line
   and its number.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

from .arguments import role
from .facts import KINDS, STAMP, asked_lines, by_words, latest_line, section
from .lexicon import stem
from .shell import FILES_COUNTED, target
from .view import Tool, View

PATH_LINE = re.compile(r"^\s*((?:[\w.~-]*/)*[\w.-]+\.\w{1,6})(?::\d+.*)?\s*$")


def greps(t: Tool) -> bool:
    """A tool whose required input is a pattern to search file contents for (role regex)."""
    props = t.schema.get("properties") or {}
    need = [k for k in t.schema.get("required") or [] if isinstance(props.get(k), dict)]
    return any(role(k, props[k]) == "regex" for k in need)


def _globs(t: Tool) -> bool:
    props = t.schema.get("properties") or {}
    need = [k for k in t.schema.get("required") or [] if isinstance(props.get(k), dict)]
    return any(role(k, props[k]) == "glob" for k in need)


def matched(v: View, tools: list[Tool]) -> list[str]:
    """Rule 2: the files the search's results list, in order (a content search's only, when one
    was made beside a glob: the glob's files are then counted, rule 9, and the search's files are
    those of them: "how many .md files? which one mentions X?")."""
    searched = {t.name for t in tools if greps(t)} & {c.name for c in v.calls}
    globbed = {t.name for t in tools if _globs(t)}
    found = _paths(v, searched or globbed)
    kind = {os.path.basename(p) for p in _paths(v, globbed)} if searched else set()
    return [p for p in found if not kind or os.path.basename(p) in kind]  # ("which one": of those)


def _paths(v: View, names: set[str]) -> list[str]:
    out: list[str] = []
    skipped = left_out(v.task)
    for c in v.calls:
        if c.name in names and c.result and not c.is_error:
            for line in str(c.result).splitlines():
                m = PATH_LINE.match(line)
                if m and m.group(1) not in out and not _within(m.group(1), skipped):
                    out.append(m.group(1))
    return out


LEFT_OUT = re.compile(
    r"(?:\b(?:not\s+counting|not\s+including|excluding|except(?:\s+for)?|without|skip(?:ping)?"
    r"|ignor(?:e|ing)|leav(?:e|ing)\s+out|other\s+than|apart\s+from|but\s+not)\s+"
    r"(?:(?:anything|files?|what(?:'s|\s+is))\s+(?:in|under)\s+)?(?:the\s+)?"
    r"|(?:不算|不包括|不含|除了|除去|跳过|忽略|排除|不要算?)\s*)"
    r"[`'\"]?(?P<f>[\w.-]+?)[`'\"]?(?:/|\s*(?:sub-?)?(?:folders?|director(?:y|ies)|dirs?)\b"
    r"|\s*(?:子目录|子文件夹|目录|文件夹))",
    re.IGNORECASE,
)


def paths_listed(v: View, tool: Tool) -> list[str]:
    """The files a tool's results list, one path a line, in order."""
    return _paths(v, {tool.name})


def left_out(task: str) -> set[str]:
    """Rule 9a: the folders the request says to leave out ("not counting the done/ subfolder",
    "excluding the archive folder", "不算 done 子目录", "跳过 tmp/")."""
    return {m.group("f").lower() for m in LEFT_OUT.finditer(task)}


def _within(path: str, folders: set[str]) -> bool:
    return bool(folders) and any(part.lower() in folders for part in re.split(r"[/\\]", path)[:-1])


def path_property(t: Tool) -> str | None:
    props = t.schema.get("properties") or {}
    return next((k for k, p in props.items() if isinstance(p, dict) and role(k, p) == "path"), None)


def to_read(v: View, reader: Tool, tools: list[Tool]) -> list[dict[str, Any]]:
    """Rule 2: the reading tool's inputs for the matched files not read yet."""
    key = path_property(reader)
    if key is None:
        return []
    done = {str(c.input.get(key, "")).rsplit("/", 1)[-1] for c in v.calls if c.name == reader.name}
    files = [f for f in matched(v, tools) if f.rsplit("/", 1)[-1] not in done]
    few = any(greps(t) for t in tools) and not counted(v.task)  # counted text: every file (rule 4)
    return [{key: f} for f in files[: 3 if few else 10]]


COUNTS = re.compile(r"\bhow many\b|\bcount\b|\bnumber of\b|多少|几个|几处|几行", re.I)


def counted(task: str) -> str | None:
    """Rule 4: the text the request counts in files, or None (a count of files is no count of
    text: rule 9)."""
    found = target(task)
    return found if found and COUNTS.search(FILES_COUNTED.sub(" ", task)) else None


def holding_text(v: View, reader: Tool) -> list[tuple[str, int, str]]:
    """Rule 10: (file, line number, line) of the first line holding the searched text in each
    file read, when a content search was made and the text is not counted."""
    text = target(v.task)
    key = path_property(reader)
    searched = any(c.name != reader.name and c.result for c in v.calls)
    if not text or key is None or counted(v.task) or not searched:
        return []
    out = []
    for c in v.calls:
        if c.name == reader.name and isinstance(c.result, str) and not c.is_error:
            lines = unnumbered(c.result)
            n = next((i for i, line in enumerate(lines, 1) if text.lower() in line.lower()), 0)
            if n:
                out.append((str(c.input.get(key, "")).rsplit("/", 1)[-1], n, lines[n - 1].strip()))
    return out


def globbed(v: View, tools: list[Tool]) -> list[str] | None:
    """Rule 9: the files the glob tools listed when the request asks how many there are, or None."""
    names = {t.name for t in tools if _globs(t)}
    done = [c for c in v.calls if c.name in names and c.result is not None and not c.is_error]
    if not done or not FILES_COUNTED.search(v.task):
        return None
    out = _paths(v, names)
    if len(out) > 1 and all(os.path.isabs(p) for p in out):  # told from their common folder
        root = os.path.commonpath([os.path.dirname(p) for p in out])
        out = [os.path.relpath(p, root) for p in out]
    return out


def tally(v: View, reader: Tool) -> tuple[int, list[tuple[str, int]]] | None:
    """Rule 4: the lines holding the counted text in each file the reading tool returned."""
    text = counted(v.task)
    key = path_property(reader)
    if text is None or key is None:
        return None
    per: dict[str, int] = {}
    for c in v.calls:
        if c.name == reader.name and c.result and not c.is_error:
            name = str(c.input.get(key, ""))
            per[name] = sum(text in line for line in unnumbered(c.result))
    if not per:
        return None
    paths = list(per)
    if len(paths) > 1 and all(os.path.isabs(p) for p in paths):  # told from their common folder
        root = os.path.commonpath([os.path.dirname(p) for p in paths])
        per = {os.path.relpath(p, root): k for p, k in per.items()}
    return sum(per.values()), [(n, k) for n, k in per.items() if k]


KIND_ASKED = re.compile(
    r"\bhow many\s+(?:of\s+the\s+)?([a-z][a-z-]+)|多少[个件幅张本位条台辆只]?([\u4e00-\u9fff]{1,3}?)(?=[，。？?,\s]|$|在|是)",
    re.I,
)
CELLS = re.compile(r"\s*[|\t,]\s*")


NEGATED = re.compile(
    r"\b(?:not|no longer|except|excluding|other than|isn't|aren't|without)\b[^.;?!()（）]*"
    r"|(?:不是|不在|不算|不含|不包括|除了|除去|排除|去掉|没有|未)[^，。；？?！（）()]*",
    re.I,
)


def _said(value: str, text: str) -> bool:
    """A cell's value said in the question as written: a whole word in English, its plural too
    (a one-letter value in its own case: "size M"), as characters in Chinese."""
    if re.search(r"[\u4e00-\u9fff]", value):
        return value in text
    flags = 0 if len(value) == 1 else re.I
    plural = "(?:e?s)?" if len(value) > 2 else ""  # ("drills" says drill)
    return bool(re.search(rf"(?<![\w-]){re.escape(value)}{plural}(?![\w-])", text, flags))


def _rows(lines: list[str]) -> list[list[str]]:
    """A table's rows after its header (a first row of words none of which its column repeats);
    none when the lines are no table or have no header."""
    rows = [[x.strip() for x in CELLS.split(line.strip())] for line in lines if line.strip()]
    if len(rows) < 3 or len(rows[0]) < 2 or any(len(r) != len(rows[0]) for r in rows):
        return []
    head = rows[0]
    if any(re.search(r"\d", h) or any(r[i] == h for r in rows[1:]) for i, h in enumerate(head)):
        return []
    return rows


def matching_rows(task: str, read: list[tuple[str, list[str]]]) -> tuple[str, list[str]] | None:
    """Rule 5, a count over a table by the values the question says: (the values, the first cell
    of each row kept), or None."""
    if not (COUNTS.search(task) or re.search(r"几[\u4e00-\u9fff]", task)):
        return None
    negated = " ".join(m.group(0) for m in NEGATED.finditer(task))
    plain = NEGATED.sub(" ", task)
    for _, lines in read:
        rows = _rows(lines)
        if not rows:
            continue
        cols = range(1, len(rows[0]))
        values = [{r[i] for r in rows[1:] if r[i]} for i in cols]
        wanted = [
            {x for x in vals if _said(x, plain)} if len(vals) > 1 else set() for vals in values
        ]
        unwanted = {x for vals in values for x in vals if _said(x, negated)}
        if not any(wanted):
            continue
        kept = [
            r[0]
            for r in rows[1:]
            if all(not w or r[i] in w for i, w in zip(cols, wanted, strict=True))
            and not unwanted & set(r[1:])
        ]
        said = [x for w in wanted for x in sorted(w, key=task.find)]
        return ", ".join(said), kept
    return None


def records(v: View, reader: Tool) -> tuple[str, list[str]] | None:
    """Rule 5: the kind asked for and the first cell of each record of that kind in the files read."""
    read = [
        (str(c.input.get(path_property(reader) or "", "")), unnumbered(c.result))
        for c in v.calls
        if c.name == reader.name and isinstance(c.result, str) and not c.is_error
    ]
    by_values = matching_rows(v.task, read)
    if by_values is not None:
        return by_values
    m = KIND_ASKED.search(v.task)
    if m is None:
        return None
    kind = m.group(1) or m.group(2)
    want = stem(kind.lower())
    found: list[str] = []
    for c in v.calls:
        if c.name != reader.name or not c.result or c.is_error:
            continue
        for line in unnumbered(c.result):
            cells = [x.strip() for x in CELLS.split(line.strip()) if x.strip()]
            if len(cells) > 2 and any(want in (x.lower(), stem(x.lower())) for x in cells[1:]):
                found.append(cells[0])
    return (kind, found) if found else None


NUMBERED = re.compile(
    r"^\s*\d+(?:[ ]*→|\t|[ ]*\|[ ]?|$)"
)  # an indent after the mark is the line's own; a last empty line may lose its tab ("9")


QUOTED_LINES = 80  # the lines of a file an answer quotes at most; the rest are counted


def file_text(result: str) -> tuple[str, int]:
    """A file's text as a reading tool returned it, its line numbers ("     1→...") dropped, its
    lines kept as they are (a list of steps stays a list: no line joined to the next, no text cut
    with "…"), runs of blank lines made one; at most QUOTED_LINES lines, and how many more the
    file holds."""
    lines: list[str] = []
    for line in unnumbered(result):
        line = line.rstrip()
        if line or (lines and lines[-1]):
            lines.append(line)
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines[:QUOTED_LINES]), max(0, len(lines) - QUOTED_LINES)


def unnumbered(text: str) -> list[str]:
    """The lines of a text without the line numbers a reading tool puts before each ("     1→",
    "1\t"): only when every line that is not blank carries one, counting up from 1 (a table's
    first column of numbers stays)."""
    lines = text.splitlines()
    marks = [NUMBERED.match(line) for line in lines if line.strip()]
    counted = [int(m.group(0).strip(" →\t|")) for m in marks if m]
    if not marks or len(counted) != len(marks) or counted != list(range(1, len(counted) + 1)):
        return lines
    if all(m.group(0).strip() == m.group(0) for m in marks if m):
        return lines  # bare numbers only ("1\n2\n3" of `seq 3`): the text itself
    return [NUMBERED.sub("", line) for line in lines]


# ------------------------------------------------------------------ 6. the most lines of a text

MOST_EN = re.compile(
    r"\bmost\s+((?:[A-Za-z][\w-]*\s+){0,3}?[A-Za-z][\w-]*)"
    r"(?=\s*(?:[,?.!;:)]|\b(?:and|in|on|at|of|from|across|over|during|per|by|for|were|was|did|"
    r"have|has|had)\b|$))",
    re.I,
)
WHICH_EN = re.compile(r"\b(?:which|what)\s+([A-Za-z][\w-]*)", re.I)
WHICH_ZH = re.compile(  # the group word: 天 of 哪一天, 文件 of 哪个文件, else one character
    r"哪(?:一)?(?:个|份|台|位|条|家)?(天|日|号|文件|日志|服务|机器|主机|[\u4e00-\u9fff])"
    r"(.{1,30}?)(?:的次数|的数量)?最多"
)
LEAD_ZH = re.compile(r"^(?:里面?|中|上|内)?(?:出现了?的?|发生了?的?|报的|记录了?的?|有的?|的)?\s*")
DAY_ASKED = re.compile(r"\b(?:day|date|days)\b|哪天|哪一天|哪日|哪号|日期|天", re.I)
DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")
TAG = re.compile(r"\b([A-Za-z][\w.-]*)=([^\s,;]+)")


@dataclass(frozen=True)
class Most:
    text: str  # the text counted, as the question says it
    group: str  # the day, label or file with the most
    n: int
    where: list[tuple[str, list[int]]]  # (file, line numbers) of the group's lines
    others: list[tuple[str, int]]
    tags: list[str]  # the key=value labels its lines carry
    lines: list[str]


def _counted_text(task: str) -> tuple[str, str, str] | None:
    """Rule 6: (the text as said, a pattern for lines holding it, the group word), or None."""
    m = MOST_EN.search(task)
    if m:
        said = m.group(1)
        which = WHICH_EN.search(task[: m.start()])
        group = which.group(1) if which else ""
        parts = said.split()
        pattern = r"\b" + r"[\s_-]+".join(re.escape(_head(w.lower())) + r"\w*" for w in parts)
        return said, pattern, group
    z = WHICH_ZH.search(task)
    if not z:
        return None
    said = LEAD_ZH.sub("", z.group(2)).strip()
    if not said:
        return None
    latin = said.split()
    if re.fullmatch(r"[A-Za-z][\w\s-]*", said):
        pattern = r"\b" + r"[\s_-]+".join(re.escape(_head(w.lower())) + r"\w*" for w in latin)
    else:
        pattern = re.escape(said)
    return said, pattern, z.group(1)


def _head(word: str) -> str:
    """A word's start a line's word is read by: its stem ("timeouts" -> "timeout")."""
    return stem(word) if len(word) > 3 else word


def most_lines(task: str, read: list[tuple[str, list[str]]]) -> Most | None:
    """Rule 6 over the files read, each (name, lines): the group with the most lines holding
    the text the question asks about, or None."""
    asked = _counted_text(task)
    if asked is None or not read:
        return None
    said, pattern, group = asked
    found = _holding(pattern, read) or _holding(_kind_of(said), read)
    found = [f for f in found if not (f[1] == 1 and len(CELLS.split(f[2].strip())) > 1)]
    # (a table's header names a column, "passengers": no line of that text)
    every = sum(1 for _, lines in read for line in lines if line.strip())
    if not found or len(found) >= every:
        return None
    key = _grouping(task, group, found)
    groups: dict[str, list[tuple[str, int, str]]] = {}
    for name, _ in read:
        if key == "":
            groups.setdefault(name, [])
    for name, i, line in found:
        groups.setdefault(_group_of(key, name, line), []).append((name, i, line))
    ranked = sorted(groups.items(), key=lambda g: -len(g[1]))
    top, hits = ranked[0]
    where: dict[str, list[int]] = {}
    for name, i, _ in hits:
        where.setdefault(name, []).append(i)
    return Most(
        said,
        top,
        len(hits),
        list(where.items()),
        [(g, len(h)) for g, h in ranked[1:]],
        _tags(task, [line for *_, line in hits], key),
        [line for *_, line in hits],
    )


def _kind_of(said: str) -> str:
    return next((says for asks, says in KINDS if re.search(asks, said, re.I)), r"(?!)")


def _holding(pattern: str, read: list[tuple[str, list[str]]]) -> list[tuple[str, int, str]]:
    flags = 0 if pattern.startswith(r"\b(?:ERROR") else re.I
    return [
        (name, i + 1, line.strip())
        for name, lines in read
        for i, line in enumerate(lines)
        if line.strip() and re.search(pattern, line, flags)
    ]


def _grouping(task: str, group: str, found: list[tuple[str, int, str]]) -> str:
    """How the lines are grouped: "date" (the day asked and every line dated), a tag's key the
    question names, else "" (by file)."""
    if group and DAY_ASKED.search(group) and all(DATE.search(line) for *_, line in found):
        return "date"
    keys = {k for *_, line in found for k, _ in TAG.findall(line)}
    named = [k for k in keys if group and _head(group.lower()) in k.lower()]
    return named[0] if len(named) == 1 else ""


def _group_of(key: str, name: str, line: str) -> str:
    if key == "date":
        m = DATE.search(line)
        return m.group(1) if m else name
    if key:
        return next((x for k, x in TAG.findall(line) if k == key), name)
    return name


def _tags(task: str, lines: list[str], key: str) -> list[str]:
    """The key=value labels the group's lines carry, the keys the question names only when it
    names some (not the grouping key's)."""
    pairs = [f"{k}={x}" for line in lines for k, x in TAG.findall(line) if k != key]
    low = task.lower()
    named = [p for p in pairs if re.search(rf"\b{re.escape(_head(p.split('=')[0].lower()))}", low)]
    return list(dict.fromkeys(named or pairs))


# ------------------------------------------------------------------ 7. a changelog's entries by kind

ENTRY_KINDS: dict[str, tuple[str, str, tuple[str, str]]] = {
    # kind -> (tags that mean it, the question's words for it, its name (zh, en))
    "feature": ("feat feature add added new", "feature new add 新功能 功能 特性 新增", ("新功能", "features")),
    "fix": ("fix fixed bugfix bug", "fix bug 修复 修正 缺陷 问题", ("修复", "fixes")),
    "docs": ("doc docs documentation", "doc 文档", ("文档", "docs changes")),
    "perf": ("perf performance", "perf performance 性能", ("性能改进", "performance changes")),
    "change": ("change changed", "change 变更 改动", ("变更", "changes")),
    "remove": ("remove removed", "remov 删除 移除", ("移除", "removals")),
    "deprecate": ("deprecate deprecated", "deprecat 弃用", ("弃用", "deprecations")),
    "security": ("security sec", "security 安全", ("安全修复", "security fixes")),
}  # fmt: skip
ENTRY = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(.*)$")
ENTRY_TAG = re.compile(r"^\[?([A-Za-z]+)(?:\([^)]*\))?!?\]?\s*[:\]]\s*(.*)$")
SUBHEAD = re.compile(r"^\s*#{2,6}\s*\[?([A-Za-z]+)\]?\s*$")
HOW_MANY = re.compile(r"\bhow many\b|\bnumber of\b|多少|几个|几条|几项|几处", re.I)


@dataclass(frozen=True)
class Entries:
    section: str  # the version's heading, or ""
    counts: list[tuple[str, list[str]]]  # (kind, its entries), in the order the kinds are asked


def changelog_entries(task: str, text_lines: list[str]) -> Entries | None:
    """Rule 7: the entries of each kind asked in the section of the version asked, or None."""
    if not HOW_MANY.search(task):
        return None
    head, lines = section(task, text_lines)
    tagged = list(_tagged(lines))
    if not tagged:
        return None
    task = re.sub(r"[\w.-]+\.\w{1,5}\b", " ", task)  # a file's name asks for no kind (CHANGES.md)
    asked = [k for k in ENTRY_KINDS if _kind_asked(task, k)]
    asked += [t for t in dict.fromkeys(tag for tag, _ in tagged) if _tag_asked(task, t)]
    if not asked:
        return None
    counts = [(k, [text for tag, text in tagged if _kind(tag) == k]) for k in asked]
    return Entries(head, counts)


def _tagged(lines: list[str]) -> Any:
    """The entries of a section, each (its tag, its text)."""
    under = ""
    for line in lines:
        sub = SUBHEAD.match(line)
        if sub:
            under = sub.group(1)
            continue
        m = ENTRY.match(line)
        if not m:
            continue
        t = ENTRY_TAG.match(m.group(1))
        if t:
            yield t.group(1).lower(), t.group(2).strip()
        elif under:
            yield under.lower(), m.group(1).strip()


def _kind(tag: str) -> str:
    return next((k for k, (tags, _, _) in ENTRY_KINDS.items() if tag in tags.split()), tag)


def _kind_asked(task: str, kind: str) -> bool:
    low = task.lower()
    return any(
        (w in task) if re.match(r"[\u4e00-\u9fff]", w) else bool(re.search(rf"\b{w}", low))
        for w in ENTRY_KINDS[kind][1].split()
    )


def _tag_asked(task: str, tag: str) -> bool:
    """A tag no kind of the table holds, asked by a word it starts ("chore" by "chores")."""
    if _kind(tag) in ENTRY_KINDS or len(tag) < 3:
        return False
    return bool(re.search(rf"\b{re.escape(tag)}", task, re.I))


def kind_name(lang: str, kind: str) -> str:
    """A kind's name in the answer's language (the tag itself for a kind the table lacks)."""
    names = ENTRY_KINDS[kind][2] if kind in ENTRY_KINDS else (kind, kind)
    return names[0] if lang == "zh" else names[1]


# ------------------------------------------------------------------ 8. the latest line across files


@dataclass(frozen=True)
class Latest:
    file: str
    n: int
    text: str
    tags: list[str]
    others: list[tuple[str, str]]  # (file, the stamp of its latest line asked about)


def latest_across(task: str, read: list[tuple[str, list[str]]]) -> Latest | None:
    """Rule 8 over the files read, each (name, lines), or None."""
    if len(read) < 2:
        return None
    found = [(name, i, t) for name, lines in read for i, t in asked_lines(task, lines)]
    if len({name for name, *_ in found}) < 2:
        return None
    got = latest_line(task, [(k, t) for k, (_, _, t) in enumerate(found)])
    if got is None:
        return None
    name, i, text = found[got[0]]
    others: dict[str, str] = {}
    for other, _, t in found:
        m = STAMP.search(t)
        if other != name and m and m.group(0) > others.get(other, ""):
            others[other] = m.group(0)
    return Latest(name, i, text, _tags(task, [text], ""), list(others.items()))


EARLIEST = re.compile(r"\b(?:earliest|first|oldest)\b|最早|第一条|最先", re.I)
BY_TYPE = re.compile(
    r"\b(?:by|per|of each|each)\s+(?:error\s+|warning\s+)?(?:type|kind|category|class)\b"
    r"|\bwhat kinds?\b|按\S{0,4}?(?:类型|种类|类别)|每种|每类|各类|各种|哪几种",
    re.I,
)
LEVEL = re.compile(r"\b(?:ERROR|ERR|FATAL|CRITICAL|SEVERE|WARN(?:ING)?|INFO|DEBUG)\b")


def _of_kind(task: str, lines: list[str]) -> list[tuple[int, str]]:
    """The (number, text) of the lines of the kind asked about (`facts` rule 4), every line of a
    file included when each is of that kind."""
    return by_words(task, [(i + 1, t.strip()) for i, t in enumerate(lines) if t.strip()])


def _stamped(task: str, read: list[tuple[str, list[str]]]) -> list[tuple[str, str, int, str]]:
    """(stamp, file, line number, line) of each line asked about (rule 4) that carries a stamp."""
    return [
        (m.group(0), name, i, t)
        for name, lines in read
        for i, t in _of_kind(task, lines)
        if (m := STAMP.search(t))
    ]


def earliest_across(task: str, read: list[tuple[str, list[str]]]) -> tuple[str, int, str] | None:
    """Rule 8a: (file, line number, line) of the earliest line asked about across the files."""
    if len(read) < 2 or not EARLIEST.search(task):
        return None
    found = _stamped(task, read)
    if len({f for _, f, _, _ in found}) < 2:
        return None
    _, name, i, text = min(found)
    return name, i, text


def _line_type(line: str) -> str:
    level = LEVEL.search(line)
    rest = line[level.end() :] if level else line
    m = re.search(r"([A-Za-z_][\w.]*)\s*:(?:\s|$)", rest)
    return m.group(1) if m else re.sub(r"\d+", "#", rest).strip()


def by_type(task: str, read: list[tuple[str, list[str]]]) -> list[tuple[str, int]] | None:
    """Rule 8b: (type, count) of the lines asked about across the files, the most first."""
    if not BY_TYPE.search(task) or not read:
        return None
    found = [t for _, lines in read for _, t in _of_kind(task, lines)]
    counts: dict[str, int] = {}
    for line in found:
        counts[_line_type(line)] = counts.get(_line_type(line), 0) + 1
    return sorted(counts.items(), key=lambda kv: -kv[1]) if len(counts) > 1 else None
