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
   first cell (its id or name); the answer leads with them.
"""

from __future__ import annotations

import os
import re
from typing import Any

from .arguments import role
from .lexicon import stem
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
    """Rule 2: the files the search's results list, in order."""
    names = {t.name for t in tools if greps(t) or _globs(t)}
    out: list[str] = []
    for c in v.calls:
        if c.name in names and c.result and not c.is_error:
            for line in c.result.splitlines():
                m = PATH_LINE.match(line)
                if m and m.group(1) not in out:
                    out.append(m.group(1))
    return out


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
    """Rule 4: the text the request counts in files, or None."""
    from .shell import target

    found = target(task)
    return found if found and COUNTS.search(task) else None


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


def records(v: View, reader: Tool) -> tuple[str, list[str]] | None:
    """Rule 5: the kind asked for and the first cell of each record of that kind in the files read."""
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
    r"^\s*\d+(?:[ ]*→|\t|[ ]*\|[ ]?)"
)  # an indent after the mark is the line's own


def file_text(result: str) -> str:
    """A file's text as a reading tool returned it, its line numbers ("     1→...") dropped, cut
    at 300 characters."""
    text = " ".join(line.strip() for line in unnumbered(result) if line.strip())
    return text if len(text) <= 300 else text[:299] + "…"


def unnumbered(text: str) -> list[str]:
    """The lines of a text without the line numbers a reading tool puts before each ("     1→",
    "1\t"): only when every line that is not blank carries one, counting up from 1 (a table's
    first column of numbers stays)."""
    lines = text.splitlines()
    marks = [NUMBERED.match(line) for line in lines if line.strip()]
    counted = [int(m.group(0).strip(" →\t|")) for m in marks if m]
    if not marks or len(counted) != len(marks) or counted != list(range(1, len(counted) + 1)):
        return lines
    return [NUMBERED.sub("", line) for line in lines]
