"""A figure worked out from the tables that files hold: written rules, in Chinese and English.

1. The request asks for a figure of a column: the total ("add up", "total", "sum", 一共, 合计,
   加起来, 总收入), the average (average, mean, 平均), the largest (largest, highest, max, 最大, 最高) or
   the smallest (smallest, lowest, min, 最小, 最低).
2. Its tables are the CSV or TSV texts that reading tools returned (line numbers dropped): a
   header line of at least two names, then rows of as many cells.
3. The column is the one whose header the request names (`amount`, `price`), else the only one
   whose cells are all numbers; the figure is worked out over every row of every table that
   holds the column (a table without it, a staff rota beside sales, is left out), given with two
   decimals when a cell has decimals.
4. A money figure no header holds (revenue, takings, income, turnover, an order's, bill's or
   invoice's total, the amount due, 收入, 营业额, 销售额, 收益, 总价, 应付, 多少钱)
   over tables with a quantity column (qty, quantity, units, count, 数量) and a price column
   (price, unit_price, 单价, 价格) is worked out from each row's quantity × price.
5. A rounding the request asks for is kept: "to one decimal place", "rounded to 2 dp", "to the
   nearest whole number", 保留一位小数, 保留两位小数, 取整 (else two decimals when a cell has
   decimals or an average is not whole).
6. A count of a table's rows ("how many bird species are listed?", "how many rows", 一共有几种鸟,
   多少条记录): the thing counted is named by a word of a header, of the file's name or a word for
   rows (row, entry, record, line, 行, 条, 记录), and by no cell (a count asked of "coots" is a
   cell's, not the rows'): the rows after the header line are counted. A line count the shell
   gave (`wc -l`: "5 birds.csv") of a file the request says has a header line (header, 表头,
   标题行, "the first line is ...") counts one line fewer.
7. Duplicates asked of a table (duplicate, repeated, twice, more than once, 重复): the rows whose
   first column, or whose e-mail, name or id column, holds the same value, compared without case
   and surrounding spaces ("ADA@rowing.example" is "ada@rowing.example"), are named with their
   line numbers; or the answer says there are none.
8. Clashes asked of a table (share, clash, conflict, double-booked, overlap, what's wrong, 冲突,
   撞, 同一): the rows that hold the same values in every column but one text column (two teams
   in one heat's one lane) are named, each group with its rows' line numbers; asked too for what
   is left empty or missing (empty, missing, gap, 空, 缺), each whole number of a number column
   (lane) that a group of rows alike in the other number columns (a heat) lacks, between the
   column's least and largest value, is named with the group.
9. Cells left empty asked of a table ("which rows are missing an amount?", "哪些行缺少金额",
   blank, empty, lacks, 没填, 为空): the rows whose cell is empty in the column the request
   names (by a word of its header, or a gloss of the request's Chinese word that holds it),
   else in any column, each with its line number and the columns it leaves empty; or the
   answer says every row is filled.
10. A figure of each group of rows ("sales by region", "the average score of each class",
   "每个产品的销售额", "按地区汇总"): a text column the group word names (by, per, each, 每个, 各,
   按 X) groups the rows; the figure is the average when asked, else a total (of the column the
   request names, else the one number column; of quantity × price for money, rule 4), worked
   out for each group in the order the groups first stand; when the request asks which group
   has the most or least (which ... most / best / highest, 哪个 ... 最高 / 最多; least, lowest,
   worst, 最少, 最低), that group leads with its figure. "Summarise ... by X" asks for a total.
11. A text whose every line is a label and one number ("场地 2200", "venue: 2200 EUR") gives a
   total or an average of its numbers, as a one-column table would.
12. A report of several figures asked of one table (`report_parts`): each part said between commas
   is worked out on its own (how many different values, the top N groups by a total, the groups
   on a single date, else a figure of rules 1 to 10).
13. Problems asked of a table (problems, issues, invalid, wrong, mistakes, can't be right,
   audit, 问题, 错误, 有误, 异常, 不对, 检查 ...; `problems`): each row is tested against each number
   column's evident kind and range: a blank cell; a value outside the range the words of the
   task, the system prompt or a file read state ("0-100", "0 到 100", "满分 100", "out of 10",
   "at most 5"); a negative value where the column's other values are none below zero; and a
   value of the first column (an id) that stands in two rows or more. Each problem names its
   line, the row's first two cells, the column and the value. Nothing is said when none is
   found (the rules above then answer).
Nothing is worked out when the request asks for no figure, or no table holds the column, or
only a sentence that asks which one has the most or least asks for it ("which vessel carried
the most passengers in total?", "哪个仓库最多": the record, `agentkit.sim.records`); a total
said of a count of files ("一共有几个 markdown 文件", "the total number of log files", "how many
files in total") is that count, no figure of a table. The
figure stands in for any total the results' values would give (`agentkit.sim.tally`).

A request for a figure of a table file it names (`temps.csv`, 气温.csv) reads that file first; when
it names another file, the figure is then written to it: the file named after a writing word
("save it to out.txt", "写到 平均.txt"), else the named file not read, by the tool that creates
files rather than the one that edits them.
"""

from __future__ import annotations

import csv
import io
import os
import re
from dataclasses import dataclass

from .files import unnumbered
from .glosses import gloss, segmented
from .lexicon import stem, words
from .shell import FILES_COUNTED

ASKS = [  # (the words that ask for it, what is worked out)
    (
        r"\badd\s+(?:[\w-]+\s+){0,4}up\b|\btotals?\b|\bsum\b|一共|总共|合计|加起来|总和|总额|总(?=收入|营业额|销售额|收益|营收)",
        "total",
    ),
    (r"\baverage\b|\bmean\b|平均", "average"),
    (r"\blargest\b|\bhighest\b|\bmaximum\b|\bmax\b|最大|最高", "largest"),
    (r"\bsmallest\b|\blowest\b|\bminimum\b|\bmin\b|最小|最低", "smallest"),
]
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
MONEY = re.compile(
    r"\b(?:revenue|takings|income|turnover|earnings|sales value|(?:order|bill|invoice|grand) total|"
    r"total (?:cost|price|due|to pay)|amount due)\b|收入|营业额|销售额|收益|营收|总价|总金额|"
    r"应付|多少钱|总额",
    re.I,
)
QTY = re.compile(
    r"^(?:qty|quantity|units?|count|number|sold|tickets?)(?:_\w+)?$|数量|件数|张数", re.I
)
PRICE = re.compile(r"^(?:unit_?)?price(?:_\w+)?$|^cost(?:_\w+)?$|单价|价格|票价", re.I)


@dataclass(frozen=True)
class Figure:
    kind: str  # total, average, largest, smallest
    column: str
    value: str  # as it is written ("860.50"); by groups, one "label: figure" a line
    tables: int  # how many tables it was worked out over
    by: str = ""  # rule 10: the column the rows are grouped by
    groups: tuple[tuple[str, str], ...] = ()  # rule 10: each group's label and figure
    picked: tuple[str, str, str] = ("", "", "")  # rule 10: (most / least, label, figure) asked


ENTITY_ASKED = re.compile(  # which one has the most: a record, no figure (`agentkit.sim.records`)
    r"[^.?!。？！\n]*(?:\b(?:which|who|whose)\b[^.?!。？！\n]*\b(?:most|least|fewest|highest|"
    r"lowest|largest|smallest|biggest|longest|shortest)\b|哪[^，。？?！!\n]{0,12}最)[^.?!。？！\n]*",
    re.I,
)


def figure_asked(task: str) -> str | None:
    """What the request asks to work out (rule 1; by groups, rule 10), or None."""
    task = FILES_COUNTED.sub(" ", task)  # a count of files, with its total words
    return _asked_plain(task) or _grouped_kind(task)


def _asked_plain(task: str) -> str | None:
    task = ENTITY_ASKED.sub(" ", task)  # (its own sentence asks which one: no figure)
    return next((kind for pattern, kind in ASKS if re.search(pattern, task, re.I)), None)


# ------------------------------------------------------------------ 10. a figure by groups

GROUPED = re.compile(
    r"\b(?:by|per|for each|of each|in each|each|for every|every)\s+(?:the\s+|single\s+)?"
    r"([A-Za-z][\w-]*)|按(?:照)?\s*([\u4e00-\u9fffA-Za-z_]{1,8})"
    r"|(?:每个|每一个|每种|每类|每位|每家|每名|每一|各个|各)\s*([\u4e00-\u9fffA-Za-z_]{1,8})",
    re.I,
)
SUMMED = re.compile(
    r"\bsummari[sz]e|\bsummary\b|\bbreak(?:down| down| it down)\b|\btally\b|汇总|统计|合计|小计",
    re.I,
)
MOST = re.compile(
    r"\b(?:which|who|what)\b[^.?!。？！\n]*\b(?:most|best|highest|largest|biggest|top|greatest)\b"
    r"|哪[^，。？?！!\n]{0,12}(?:最多|最高|最大|最好|最强|最贵)|(?:最多|最高|最大)的是",
    re.I,
)
LEAST = re.compile(
    r"\b(?:which|who|what)\b[^.?!。？！\n]*\b(?:least|fewest|lowest|smallest|worst|weakest)\b"
    r"|哪[^，。？?！!\n]{0,12}(?:最少|最低|最小|最差|最便宜)|(?:最少|最低|最小)的是",
    re.I,
)


def _grouped_kind(task: str) -> str | None:
    """Rule 10: what a request that asks for a figure of each group works out: the average when
    it says so, else a total (of a column, or money: quantity × price), when it says what it
    sums or asks which group has the most or least ("sales by region", "每个班级的缺勤天数合计")."""
    if not GROUPED.search(task):
        return None
    if re.search(ASKS[1][0], task, re.I):
        return "average"
    said = re.search(ASKS[0][0], task, re.I) or SUMMED.search(task) or MONEY.search(task)
    return "total" if said or MOST.search(task) or LEAST.search(task) else None


def _group_column(task: str, tables: list[list[dict[str, str]]]) -> str | None:
    """Rule 10: the text column the request groups the rows by ("by region": `region`; "每个
    产品": 产品), the one its word names."""
    texts = [c for c in tables[0][0] if not all(_numeric(t, c) for t in tables if c in t[0])]
    for m in GROUPED.finditer(task):
        said = next(g for g in m.groups() if g)
        for c in texts:
            if re.search(r"[\u4e00-\u9fff]", said):
                if c in said or (len(said) >= 2 and said[:2] in c):
                    return c
            elif stem(said.lower()) in {stem(w) for w in words(c)}:
                return c
    return None


def _by_groups(task: str, tables: list[list[dict[str, str]]]) -> Figure | None:
    """Rule 10: the figure of each group of rows (the first table's header), the groups in the
    order they first stand; the one with the most (or least) named when the request asks which."""
    kind = _grouped_kind(task)
    by = _group_column(task, tables) if kind else None
    if kind is None or by is None:
        return None
    tables = [t for t in tables if by in t[0]]
    head = [c for c in tables[0][0] if c != by]
    column = _column(task, [[{c: r[c] for c in head} for r in t] for t in tables])
    qty = next((c for c in head if QTY.search(c) and _numeric(tables[0], c)), None)
    price = next((c for c in head if PRICE.search(c) and _numeric(tables[0], c)), None)
    money = MONEY.search(task) and qty and price and not (column and MONEY.search(column))
    if not money and column is None:
        return None
    sums: dict[str, list[float]] = {}
    for r in (r for t in tables for r in t):
        label = r[by].strip()
        if money:
            cell = float(_plain(r[str(qty)])) * float(_plain(r[str(price)]))
        else:
            cell = float(_plain(r[str(column)]))
        sums.setdefault(label, []).append(cell)
    values = {k: (sum(v) / len(v) if kind == "average" else sum(v)) for k, v in sums.items()}
    places = decimals_asked(task)
    if places is None:
        places = 2 if any(v != int(v) for v in values.values()) else 0
    said = {k: (f"{v:.{places}f}" if places else str(round(v))) for k, v in values.items()}
    groups = tuple(said.items())
    picked = ("", "", "")
    for way, pattern, pick in (("most", MOST, max), ("least", LEAST, min)):
        if pattern.search(task) and len(values) > 1:
            best = pick(values, key=lambda k: values[k])
            tied = [k for k in values if values[k] == values[best]]  # (a tie: each of them)
            picked = (way, ", ".join(tied), said[best])
            break
    name = f"{qty} × {price}" if money else str(column)
    text = "\n".join(f"{k}: {v}" for k, v in groups)
    return Figure(kind, name, text, len(tables), by, groups, picked)


def _plain(cell: str) -> str:
    return cell.strip().lstrip("$€¥£")


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
    heads = list(dict.fromkeys(c for t in tables for c in t[0]))
    said = {stem(w) for w in words(task)}
    named = [c for c in heads if stem(c.lower()) in said or c in task]
    numeric = [c for c in heads if all(_numeric(t, c) for t in tables if c in t[0])]
    found = [c for c in named if c in numeric] or (numeric if len(numeric) == 1 else [])
    return found[0] if found else None


def _money(task: str, tables: list[list[dict[str, str]]]) -> Figure | None:
    """Rule 4: quantity × price summed over the tables that hold both."""
    if not MONEY.search(task) or any(MONEY.search(c) for t in tables for c in t[0]):
        return None  # a column that holds the money itself is summed as it is (rule 3)
    pairs = []
    for t in tables:
        qty = next((c for c in t[0] if QTY.search(c) and _numeric(t, c)), None)
        price = next((c for c in t[0] if PRICE.search(c) and _numeric(t, c)), None)
        if qty and price:
            pairs.append((t, qty, price))
    if not pairs:
        return None
    cells = [
        (r[q].strip().lstrip("$€¥£"), r[p].strip().lstrip("$€¥£")) for t, q, p in pairs for r in t
    ]
    value = sum(float(a) * float(b) for a, b in cells)
    decimals = value != int(value) or any("." in b for _, b in cells)  # (prices in cents: 36.00)
    written = f"{value:.2f}" if decimals else str(int(value))
    column = f"{pairs[0][1]} × {pairs[0][2]}"
    return Figure("total", column, written, len(pairs))


LABELLED = re.compile(  # "场地 2200", "venue: 2200 EUR", "- print = $640"
    r"^\s*(?:[-*•]\s*)?([^\d:=：\s][^\d:=：]{0,30}?)\s*[:=：]?\s*[$€£¥]?\s*(-?\d+(?:\.\d+)?)"
    r"\s*(?:元|块|[A-Za-z]{1,5}|[$€£¥])?\s*$"
)


def labelled(text: str) -> list[tuple[str, str]] | None:
    """Rule 11: a text whose every line is a label and one number ("场地 2200", "venue: 2200"),
    two lines or more, as (label, number); else None."""
    lines = [line for line in unnumbered(text) if line.strip()]
    found = [LABELLED.match(line) for line in lines]
    if len(lines) < 2 or not all(found):
        return None
    return [(m.group(1).strip(), m.group(2)) for m in found if m]


def figure(task: str, texts: list[str]) -> Figure | None:
    """The figure the request asks for, over the tables of the texts (rules 1 to 3, 11)."""
    kind = figure_asked(task)
    tables = [t for t in (rows_of(x) for x in texts) if t]
    if kind in ("total", "average") and not tables:  # rule 11: lines of a label and a number
        lists = [x for x in (labelled(t) for t in texts) if x]
        nums = [float(n) for x in lists for _, n in x]
        if nums and rows_counted(task, [("", x) for x in texts]) is None:
            value = sum(nums) / (len(nums) if kind == "average" else 1)
            places = decimals_asked(task)
            places = (2 if value != int(value) else 0) if places is None else places
            written = f"{value:.{places}f}" if places else str(round(value))
            return Figure(str(kind), "", written, len(lists))
    if kind is None or not tables:
        return None
    if kind == "total" and rows_counted(task, [("", x) for x in texts]) is not None:
        return None  # "一共有几种商品": the rows counted (rule 6), no column added up
    grouped = _by_groups(task, tables)
    if grouped is not None:
        return grouped
    kind = _asked_plain(FILES_COUNTED.sub(" ", task))
    if kind is None:  # (a figure asked only of each group, and no group column: none at all)
        return None
    money = _money(task, tables) if kind == "total" else None
    if money is not None:
        return money
    column = _column(task, tables)
    if column is None:
        return None
    tables = [t for t in tables if column in t[0]]  # a table without the column is left out
    cells = [r[column].strip().lstrip("$€¥£") for t in tables for r in t]
    nums = [float(c) for c in cells]
    value = {
        "total": sum(nums),
        "average": sum(nums) / len(nums),
        "largest": max(nums),
        "smallest": min(nums),
    }[kind]
    decimals = any("." in c for c in cells) or kind == "average" and value != int(value)
    places = decimals_asked(task)
    if places is None:
        places = 2 if decimals else 0
    written = f"{value:.{places}f}" if places else str(round(value))
    return Figure(kind, column, written, len(tables))


PLACES = {"one": 1, "two": 2, "three": 3, "一": 1, "两": 2, "二": 2, "三": 3}
ROUNDED = re.compile(
    r"\b(?:to|with)\s+(one|two|three|\d)\s+decimal(?:\s+places?)?|\b(?:rounded\s+to\s+)?(\d)\s*dp\b"
    r"|保留\s*(一|两|二|三|\d)\s*位小数"
    r"|(nearest whole number|whole number|取整|四舍五入到整数|整数)",
    re.IGNORECASE,
)


def decimals_asked(task: str) -> int | None:
    """Rule 5: the number of decimal places the request asks for, or None."""
    m = ROUNDED.search(task)
    if not m:
        return None
    if m.group(4):
        return 0
    said = next(g for g in m.groups()[:3] if g)
    return int(said) if said.isdigit() else PLACES[said.lower()]


# ------------------------------------------------------------------ 6. a count of the rows

COUNT_ASKED = re.compile(
    r"\bhow many\s+((?:[A-Za-z][\w-]*\s*){1,4})|\bnumber of\s+([A-Za-z][\w-]*)"
    r"|(?:几|多少)([个种只位条项行名家本类][\u4e00-\u9fff]{0,4})",
    re.I,
)
STOP = "are|is|was|were|do|does|did|have|has|had|in|on|at|of|for|there|listed|will|can|that|the"
ROW_WORDS = re.compile(r"^(?:row|entry|entrie|record|line|item)$|行|条|记录")
HEADER_SAID = re.compile(r"\bheader\b|\bfirst (?:line|row) is\b|表头|标题行|第一行是", re.I)
WC_LINES = re.compile(r"^\s*(\d+)\s+(\S+)\s*$")


@dataclass(frozen=True)
class Rows:
    n: int
    thing: str  # as the request says it ("bird species", 鸟)
    file: str
    header: bool  # a header line left out of a shell's line count


FILTER_EN = re.compile(  # (a folder after "under" or "in" is where the files are, no filter)
    r"\b(?:over|above|under(?!\s+[\w.-]+/)|below|more|less|fewer|than|with|without|where|whose|"
    r"from|before|after|since|between|not|only|least|most)\b|(?<![\w/])\d",
    re.I,
)
FILTER_ZH = re.compile(r"少于|多于|超过|低于|高于|大于|小于|以上|以下|不到|不足|之间|\d")


HEADER_LEFT_OUT = re.compile(
    r"\b(?:not counting|without|excluding|leaving out|minus)\s+(?:the\s+|their\s+|any\s+)?"
    r"header(?:\s+(?:rows?|lines?))?s?\b",
    re.I,
)


def _thing(task: str) -> str | None:
    """What a count asks for ("bird species", "种商品"), or None when it asks for none, or for
    the rows that meet a condition ("how many orders are over 100", "少于5件的商品有几种")."""
    m = COUNT_ASKED.search(task)
    if m is None:
        return None
    said = next((g for g in m.groups() if g), None) or ""
    thing = re.split(rf"\s+(?:{STOP})\b", f"{said.strip()} ", maxsplit=1, flags=re.I)[0].strip()
    start = next(m.start(i) for i in (1, 2, 3) if m.group(i))
    after = re.split(r"[?？!。！(（\n]|\.(?!\w)", task[start + len(thing) :], maxsplit=1)[0]
    after = HEADER_LEFT_OUT.sub(" ", after)  # ("not counting headers" is no condition on rows)
    before = re.split(r"[,，?？.!。！;；\n]", task[: m.start()])[-1]
    if m.group(3) is None and FILTER_EN.search(after) or FILTER_ZH.search(before):
        return None
    return thing


def _names_table(thing: str, file: str, rows: list[dict[str, str]]) -> bool:
    """Rule 6: the thing counted is the rows': a header's word (not a column of numbers: "how
    many units" adds that column up), the file's or a row word; no cell."""
    cells = {x.strip().lower() for r in rows for x in r.values()}
    said = {stem(w) for w in words(thing)}
    if said & {stem(c) for c in cells} or thing.strip().lower() in cells:
        return False
    head = [c for c in rows[0] if not _numeric(rows, c)]
    if said & {stem(w) for c in rows[0] if c not in head for w in words(c)}:
        return False
    own = {stem(w) for w in words(" ".join(head) + " " + re.sub(r"\.\w+$", "", file))}
    han = set(re.findall(r"[\u4e00-\u9fff]", thing[1:]))  # (its measure word left out)
    if han and han & set("".join(head) + file):
        return True
    return bool(said & own) or any(ROW_WORDS.search(w) for w in words(thing) + [thing])


def rows_counted(task: str, read: list[tuple[str, str]]) -> Rows | None:
    """Rule 6 over the files read, each (its name, its text)."""
    thing = _thing(task)
    if thing is None:
        return None
    counted = [(file, rows) for file, text in read if (rows := rows_of(text))]
    counted = [(file, rows) for file, rows in counted if _names_table(thing, file, rows)]
    if not counted:
        return None  # (several tables of the thing: their rows together)
    names = " + ".join(os.path.basename(file) for file, _ in counted)
    return Rows(sum(len(rows) for _, rows in counted), thing, names, False)


def lines_counted(task: str, command: str, result: str) -> Rows | None:
    """Rule 6 for a shell's line count (`wc -l`) of a file the request says has a header line."""
    m = WC_LINES.match(result.strip())
    thing = _thing(task)
    if m is None or thing is None or not re.match(r"\s*wc\b.*\s-\w*l", command):
        return None
    header = bool(HEADER_SAID.search(task))
    n = int(m.group(1)) - header
    return Rows(n, thing, m.group(2).rsplit("/", 1)[-1], header)


# ------------------------------------------------------------------ 7. duplicates in a table

DUPLICATES = re.compile(r"\bduplicat\w*|\brepeated\b|\btwice\b|\bmore than once\b|重复|两次", re.I)
KEY_COLUMN = re.compile(r"e-?mail|^name$|full_?name|(?:^|_)id$|姓名|名字|邮箱|编号", re.I)


@dataclass(frozen=True)
class Duplicate:
    file: str
    column: str
    value: str  # as the first row holding it writes it
    lines: tuple[int, ...]
    rows: tuple[str, ...]  # each row's cells, as written


def duplicates(task: str, read: list[tuple[str, str]]) -> list[Duplicate] | None:
    """Rule 7 over the files read: the repeated rows, or [] when the tables hold none; None when
    no duplicate is asked for or no table was read."""
    if not DUPLICATES.search(task):
        return None
    found: list[Duplicate] = []
    tables = 0
    for file, text in read:
        rows = rows_of(text)
        if not rows:
            continue
        tables += 1
        head = list(rows[0])
        seen_lines: set[tuple[int, ...]] = set()
        for column in [head[0]] + [c for c in head[1:] if KEY_COLUMN.search(c)]:
            groups: dict[str, list[int]] = {}
            for i, r in enumerate(rows):
                groups.setdefault(r[column].strip().lower(), []).append(i)
            for key, idx in groups.items():
                lines = tuple(i + 2 for i in idx)
                if len(idx) < 2 or not key or lines in seen_lines:
                    continue
                seen_lines.add(lines)
                said = tuple(", ".join(rows[i].values()) for i in idx)
                found.append(Duplicate(file, column, rows[idx[0]][column].strip(), lines, said))
    return found if tables else None


CLASH = re.compile(
    r"\bshar(?:e|es|ed|ing)\b|\bclash\w*|\bconflict\w*|\bdouble[- ]booked\b|\boverlap\w*"
    r"|\bwhat'?s wrong\b|\bwhat is wrong\b|冲突|撞|同一|有什么问题",
    re.I,
)
GAP = re.compile(r"\bempty\b|\bmissing\b|\bgaps?\b|\bleft out\b|空|缺", re.I)


@dataclass(frozen=True)
class Clash:
    file: str
    shared: str  # the shared values, "heat 2, lane 4"
    lines: tuple[int, ...]
    rows: tuple[str, ...]  # the column that differs, each row's value


def clashes(asked: str, read: list[tuple[str, str]]) -> tuple[list[Clash], list[str]] | None:
    """Rule 8 over the files read: the rows alike in every column but one text column, and the
    whole numbers a group lacks (when gaps are asked too); None when no clash is asked for or no
    table was read."""
    if not CLASH.search(asked):
        return None
    found: list[Clash] = []
    gaps: list[str] = []
    tables = 0
    for file, text in read:
        rows = rows_of(text)
        if not rows:
            continue
        tables += 1
        head = list(rows[0])
        texts = [c for c in head if not _numeric(rows, c)]
        if len(texts) != 1:
            continue
        rest = [c for c in head if c != texts[0]]
        groups: dict[tuple[str, ...], list[int]] = {}
        for i, r in enumerate(rows):
            groups.setdefault(tuple(r[c].strip() for c in rest), []).append(i)
        for key, idx in groups.items():
            if len(idx) > 1:
                shared = ", ".join(f"{c} {x}" for c, x in zip(rest, key, strict=True))
                said = tuple(rows[i][texts[0]].strip() for i in idx)
                found.append(Clash(file, shared, tuple(i + 2 for i in idx), said))
        gaps += _gaps(rows, rest) if GAP.search(asked) else []
    return (found, gaps) if tables else None


def _gaps(rows: list[dict[str, str]], numbers: list[str]) -> list[str]:
    """Rule 8: for the last number column, each whole number between its least and largest value
    that a group of rows (alike in the other number columns) lacks, as "heat 2, lane 2"."""
    if not numbers or not all(re.fullmatch(r"\d+", r[c].strip()) for r in rows for c in numbers):
        return []
    col, by = numbers[-1], numbers[:-1]
    every = {int(r[col]) for r in rows}
    held: dict[tuple[str, ...], set[int]] = {}
    for r in rows:
        held.setdefault(tuple(r[c].strip() for c in by), set()).add(int(r[col]))
    out = []
    for key, have in held.items():
        for n in range(min(every), max(every) + 1):
            if n not in have:
                out.append(
                    ", ".join([f"{c} {x}" for c, x in zip(by, key, strict=True)] + [f"{col} {n}"])
                )
    return out


BLANK_ASKED = re.compile(
    r"\bmissing\b|\bempty\b|\bblank\b|\black(?:s|ing)?\b|\bleft out\b|\bno value\b"
    r"|缺少|缺失|缺了|没有填|没填|未填|漏填|为空|空着|空白|是空的",
    re.I,
)
ROWS_WORD = re.compile(r"\b(?:rows?|lines?|entries|records)\b|行|记录|条", re.I)


@dataclass(frozen=True)
class Blank:
    file: str
    line: int  # the row's line number in the file (the header is line 1)
    columns: tuple[str, ...]  # the columns it leaves empty
    row: str  # its cells, as written


def _named_columns(task: str, head: list[str]) -> list[str]:
    """The columns the request names: a word of the header ("amount" in "missing an amount"), or
    a gloss of one of the request's Chinese words that holds a word of the header."""
    said = {stem(w) for w in words(task)}
    for run in re.findall(r"[\u4e00-\u9fff]+", task):
        for part in segmented(run):
            said |= {stem(w) for g in gloss(part) for w in words(g)}
    return [c for c in head if {stem(w) for w in words(c)} & said]


def blanks(task: str, read: list[tuple[str, str]]) -> list[Blank] | None:
    """Rule 9 over the files read: the rows with an empty cell (in the named column, else in
    any), [] when every row is filled; None when no empty cell of rows is asked for or no
    table was read."""
    if not BLANK_ASKED.search(task) or not ROWS_WORD.search(task):
        return None
    found: list[Blank] = []
    tables = 0
    for file, text in read:
        rows = rows_of(text)
        if not rows:
            continue
        tables += 1
        head = list(rows[0])
        named = _named_columns(task, head) or head
        for i, r in enumerate(rows):
            empty = tuple(c for c in named if not (r.get(c) or "").strip())
            if empty:
                found.append(Blank(file, i + 2, empty, ",".join(r.get(c) or "" for c in head)))
    return found if tables else None


# ------------------------------------------------------------------ rule 12: a report of parts
PARTS = re.compile(r"\s*(?:[,;:，、；：。]|\.(?:\s|$)|\band\b|以及|还有)\s*")
DISTINCT = re.compile(
    r"\bhow many (?:different|distinct|unique|separate)\b|\bnumber of (?:different|distinct|"
    r"unique)\b|(?:多少|几)种|不同的?\S{0,6}?(?:有)?(?:多少|几)",
    re.I,
)
COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "ten": 10,
               "一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "十": 10}  # fmt: skip
TOP = re.compile(
    r"\btop\s+(?P<n>\d+|one|two|three|four|five|ten)\b"
    r"|\b(?P<n2>\d+|two|three|four|five|ten)\s+(?:\w+\s+){0,2}?with\s+the\s+(?:highest|most|largest|biggest)"
    r"|前\s*(?P<n3>\d+|[一两二三四五十])\s*(?:个|名|位|种|项|款)?",
    re.I,
)
ONCE = re.compile(
    r"\b(?:only|just)\s+(?:\w+\s+){0,3}?(?:once|(?:on|in|at|for)\s+(?:a\s+single|one|1)\s+\w+)\b"
    r"|\bon\s+a\s+single\s+\w+|(?:只|仅)[^\s，,、。]{0,4}?(?:一天|一次|1\s*天|1\s*次)",
    re.I,
)
DAY_CELL = re.compile(r"^\d{4}-\d{2}-\d{2}(?:[ T].*)?$")


def _named_heads(part: str, head: list[str]) -> list[str]:
    said = {stem(w) for w in words(part.lower())}
    return [c for c in head if stem(c.lower()) in said or (len(c) > 1 and c in part)]


def _grouped_by(part: str, rows: list[dict[str, str]]) -> str | None:
    """The text column a part of the request names ("species", "商品"), not a date's."""
    head = list(rows[0])
    texts = [
        c for c in head if not _numeric(rows, c) and not all(DAY_CELL.match(r[c]) for r in rows)
    ]
    named = [c for c in _named_heads(part, head) if c in texts]
    return named[0] if named else None


def _measure(part: str, rows: list[dict[str, str]]) -> str | None:
    """The number column a part names, else the quantity column, else the one number column."""
    numeric = [c for c in rows[0] if _numeric(rows, c)]
    named = [c for c in _named_heads(part, list(rows[0])) if c in numeric]
    qty = [c for c in numeric if QTY.search(c)]
    found = named or qty or (numeric if len(numeric) == 1 else [])
    return found[0] if found else None


def _n(said: str) -> str:
    return said if said.isdigit() else str(COUNT_WORDS.get(said.lower(), 0))


def _part(part: str, rows: list[dict[str, str]], texts: list[str]) -> str | None:
    """The figure one part of a report asks for, worked out from the table's rows."""
    group = _grouped_by(part, rows)
    top = TOP.search(part)
    if top and group and (measure := _measure(part, rows)):
        n = int(_n(next(g for g in top.groups() if g)))
        sums: dict[str, float] = {}
        for r in rows:
            sums[r[group]] = sums.get(r[group], 0) + float(_plain(r[measure]))
        ranked = sorted(sums.items(), key=lambda kv: -kv[1])
        cut = ranked[n - 1][1] if 0 < n <= len(ranked) else None
        shown = [(k, x) for i, (k, x) in enumerate(ranked) if i < n or x == cut]
        return "; ".join(f"{k} {x:g}" for k, x in shown)
    if ONCE.search(part) and group:
        day = next((c for c in rows[0] if all(DAY_CELL.match(r[c]) for r in rows)), None)
        seen: dict[str, set[str]] = {}
        for i, r in enumerate(rows):
            seen.setdefault(r[group], set()).add(r[day] if day else str(i))
        return ", ".join(k for k, v in seen.items() if len(v) == 1) or "-"
    if DISTINCT.search(part) and group:
        return str(len({r[group].strip() for r in rows}))
    fig = figure(part, texts) if figure_asked(part) else None
    return fig.value.replace("\n", "; ") if fig else None


def report_parts(task: str, texts: list[str]) -> list[tuple[str, str]] | None:
    """Rule 12: a request that asks for several figures of one table ("the total, how many
    different species, the top 3 species by count, and which were only seen on one visit"): each
    part said between commas (、, and) is worked out on its own: how many different values of a
    column (how many different, 多少种); the top N groups of a column by the total of the number
    column it names (else the quantity column, else the one number column), ties at the cut kept;
    the groups that stand on a single date (else in a single row: "only once", 只在一天); else the
    figure of rules 1 to 10 that the part asks. Two parts or more: (part, figure) each; else None."""
    tables = [t for t in (rows_of(x) for x in texts) if t]
    if len(tables) != 1:
        return None
    found = []
    for part in PARTS.split(task):
        value = _part(part.strip(), tables[0], texts) if part.strip() else None
        if value is not None:
            found.append((part.strip(), value))
    kinds = [p for p, _ in found if TOP.search(p) or ONCE.search(p) or DISTINCT.search(p)]
    return found if len(found) > 1 and kinds else None


# ------------------------------------------------------------------ rule 13: problems in a table
PROBLEMS_ASKED = re.compile(
    r"\bproblems?\b|\bissues?\b|\binvalid\b|\bwrong\b|\bmistakes?\b|\berrors?\b|\bbad\b"
    r"|can'?t be right|cannot be right|\bimpossible\b|\baudit\w*|\bvalidat\w*"
    r"|问题|错误|有误|异常|不对|不合理|不符合|校验|检查",
    re.I,
)
RANGE = re.compile(
    r"(?<![\w.:/-])(?P<lo>-?\d+(?:\.\d+)?)\s*(?:-|–|~|到|至)\s*(?P<hi>\d+(?:\.\d+)?)(?![\w:/-]|\.\d)"
    r"|满分\s*(?P<full>\d+)|\bout of\s+(?P<of>\d+)|\b(?:at most|maximum|max)\s+(?P<most>\d+)"
    r"|最高\s*(?P<top>\d+)",
    re.I,
)


@dataclass(frozen=True)
class Problem:
    kind: str  # blank, range, negative, duplicate
    line: int  # the row's line in the file (the header is line 1); a duplicate's first
    who: str  # the row's first two cells
    column: str
    value: str
    bound: str = ""  # "0–100" for a range; the lines for a duplicate


def _stated_ranges(text: str, head: list[str]) -> dict[str, tuple[float, float]]:
    """Each number column's stated range: a range said in a clause that names columns is
    theirs ("pH runs 0-14", "积分的范围是 0 到 1000"), one said with none is every column's."""
    out: dict[str, tuple[float, float]] = {}
    for m in RANGE.finditer(text):
        bound = _stated_range(m)
        start = max(text.rfind(x, 0, m.start()) for x in "。；;\n.!?！？、，,")
        ends = [e for x in "。；;\n!?！？、，," if (e := text.find(x, m.end())) >= 0]
        clause = text[start + 1 : min(ends, default=len(text))]
        named = _named_heads(clause, head) or [c for c in head if c.lower() in clause.lower()]
        for c in named or head:
            if bound and c not in out:
                out[c] = bound
    return out


def _stated_range(m: re.Match[str]) -> tuple[float, float] | None:
    if m.group("lo") is not None:
        lo, hi = float(m.group("lo")), float(m.group("hi"))
        return (lo, hi) if lo < hi else None
    top = m.group("full") or m.group("of") or m.group("most") or m.group("top")
    return 0.0, float(top)


def _cell_problem(
    x: str, numbers: list[float], bound: tuple[float, float] | None
) -> tuple[str, str]:
    """(kind, bound) of a number column's cell that cannot be right, or ("", "")."""
    if not x:
        return "blank", ""
    if not NUMBER.fullmatch(x):
        return "", ""
    if bound and not bound[0] <= float(x) <= bound[1]:
        return "range", f"{bound[0]:g}–{bound[1]:g}"
    if float(x) < 0 and sum(n < 0 for n in numbers) == 1:
        return "negative", ""
    return "", ""


def _table_problems(rows: list[dict[str, str]], stated: str) -> list[Problem]:
    head = list(rows[0])
    bounds = _stated_ranges(stated, head)
    who = [", ".join(r[c] for c in head[:2]) for r in rows]
    found = []
    for c in head[1:]:
        cells = [_plain(r[c]) for r in rows]
        numbers = [float(x) for x in cells if NUMBER.fullmatch(x)]
        if len(numbers) >= max(2, len(cells) // 2):
            for i, x in enumerate(cells):
                kind, shown = _cell_problem(x, numbers, bounds.get(c))
                if kind:
                    found.append(Problem(kind, i + 2, who[i], c, x, shown))
    ids: dict[str, list[int]] = {}
    for i, r in enumerate(rows):
        ids.setdefault(r[head[0]].strip(), []).append(i + 2)
    found += [
        Problem("duplicate", lines[0], who[lines[0] - 2], head[0], key, ", ".join(map(str, lines)))
        for key, lines in ids.items()
        if key and len(lines) > 1
    ]
    return found


def problems(asked: str, read: list[tuple[str, str]], stated: str = "") -> list[Problem] | None:
    """Rule 13 over the tables read: the problems found, or None when none is asked or found.
    `stated`: the words that may state a range (the task's, the system prompt's, the files')."""
    if not PROBLEMS_ASKED.search(asked):
        return None
    tables = [rows for rows in (rows_of(text) for _, text in read) if rows]
    found = [p for rows in tables for p in _table_problems(rows, stated)]
    return sorted(found, key=lambda p: p.line) or None
