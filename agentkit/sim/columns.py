"""A figure worked out from the tables that files hold: written rules, in Chinese and English.

1. The request asks for a figure of a column: the total ("add up", "total", "sum", 一共, 合计,
   加起来), the average (average, mean, 平均), the largest (largest, highest, max, 最大, 最高) or
   the smallest (smallest, lowest, min, 最小, 最低).
2. Its tables are the CSV or TSV texts that reading tools returned (line numbers dropped): a
   header line of at least two names, then rows of as many cells.
3. The column is the one whose header the request names (`amount`, `price`), else the only one
   whose cells are all numbers; the figure is worked out over every row of every table, given
   with two decimals when a cell has decimals.
Nothing is worked out when the request asks for no figure, or no table holds the column; the
figure stands in for any total the results' values would give (`agentkit.sim.tally`).

A request for a figure of a table file it names (`temps.csv`, 气温.csv) reads that file first; when
it names another file, the figure is then written to it: the file named after a writing word
("save it to out.txt", "写到 平均.txt"), else the named file not read, by the tool that creates
files rather than the one that edits them.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

from .files import unnumbered
from .lexicon import stem, words

ASKS = [  # (the words that ask for it, what is worked out)
    (
        r"\badd\s+(?:[\w-]+\s+){0,4}up\b|\btotals?\b|\bsum\b|一共|总共|合计|加起来|总和|总额",
        "total",
    ),
    (r"\baverage\b|\bmean\b|平均", "average"),
    (r"\blargest\b|\bhighest\b|\bmaximum\b|\bmax\b|最大|最高", "largest"),
    (r"\bsmallest\b|\blowest\b|\bminimum\b|\bmin\b|最小|最低", "smallest"),
]
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


@dataclass(frozen=True)
class Figure:
    kind: str  # total, average, largest, smallest
    column: str
    value: str  # as it is written ("860.50")
    tables: int  # how many tables it was worked out over


def figure_asked(task: str) -> str | None:
    """What the request asks to work out (rule 1), or None."""
    return next((kind for pattern, kind in ASKS if re.search(pattern, task, re.I)), None)


def rows_of(text: str) -> list[dict[str, str]] | None:
    """The rows of a CSV or TSV text (rule 2), or None when it holds no table."""
    lines = [line.strip() for line in unnumbered(text) if line.strip()]
    if len(lines) < 2:
        return None
    delimiter = "\t" if "\t" in lines[0] else ","
    rows = list(csv.reader(io.StringIO("\n".join(lines)), delimiter=delimiter))
    head, body = rows[0], rows[1:]
    if len(head) < 2 or not body or any(len(r) != len(head) for r in body):
        return None
    return [dict(zip(head, r, strict=True)) for r in body]


def _numeric(rows: list[dict[str, str]], column: str) -> bool:
    return all(NUMBER.fullmatch(r[column].strip().lstrip("$€¥£")) for r in rows)


def _column(task: str, tables: list[list[dict[str, str]]]) -> str | None:
    heads = [c for c in tables[0][0] if all(c in t[0] for t in tables)]
    said = {stem(w) for w in words(task)}
    named = [c for c in heads if stem(c.lower()) in said or c in task]
    numeric = [c for c in heads if all(_numeric(t, c) for t in tables)]
    found = [c for c in named if c in numeric] or (numeric if len(numeric) == 1 else [])
    return found[0] if found else None


def figure(task: str, texts: list[str]) -> Figure | None:
    """The figure the request asks for, over the tables of the texts (rules 1 to 3)."""
    kind = figure_asked(task)
    tables = [t for t in (rows_of(x) for x in texts) if t]
    if kind is None or not tables:
        return None
    column = _column(task, tables)
    if column is None:
        return None
    cells = [r[column].strip().lstrip("$€¥£") for t in tables for r in t]
    nums = [float(c) for c in cells]
    value = {
        "total": sum(nums),
        "average": sum(nums) / len(nums),
        "largest": max(nums),
        "smallest": min(nums),
    }[kind]
    decimals = any("." in c for c in cells) or kind == "average" and value != int(value)
    written = f"{value:.2f}" if decimals else str(int(value))
    return Figure(kind, column, written, len(tables))
