"""A SQL statement for a request, for a tool that runs SQL: written rules, read-only.

A tool runs SQL when its name, description or the description of its one string property says
SQL, SQLite or SELECT. Its statement, in Chinese or English:
- The tables are read from the tool's description and from earlier results: `name(col TYPE, ...)`
  or `CREATE TABLE name (...)`. With none known, the first statement lists them
  (`SELECT name, sql FROM sqlite_master WHERE type = 'table'`); the next one uses what it shows.
- The table is the one the request names (its name, its singular, a Chinese word for it in
  `NOUNS`), else the one holding a column the request names, else the only one; a column is named
  by its name, its singular, a word it abbreviates ("dept" for department), the first word of a
  compound name ("borrowed" for `borrowed_on`) or a Chinese word for it.
- Two tables are joined when one refers to the other by an id column (`loans.item_id` ->
  `items.id`) and the request names a column only the other holds (a person: its `name`), or
  asks which record of the one occurs the most times in the other: `FROM a JOIN b ON b.a_id = a.id`, columns qualified.
- What is asked, each in turn, in one statement: how many / 多少个 -> `COUNT(*)`, but how many
  of a measure a numeric column holds ("how many hours", 多少小时) -> `SUM(hours)`, and 多少 before
  a unit (多少分, 多少钱, 多少岁) asks for no count; average / mean
  / 平均 X -> `AVG(X)`; total / sum of / 总 X -> `SUM(X)`; highest / most / max / 最高 X ->
  `MAX(X)`; lowest / least / min / 最低 X -> `MIN(X)` (the column's word after the superlative,
  or, in Chinese, just before it: 等级分最高). A superlative the request asks who or which of
  (who / which / 谁 / 哪个), or a number of (the 3 highest, 前 3 名), asks for the records, not the
  value: whole rows, ordered by X, that many (`SELECT * ... ORDER BY rating DESC LIMIT 1`); the
  latest / most recent / 最近 (earliest / 最早) one asked who or which of orders by the date
  column the request names, else the first. "per"/"by"/"each"/按/每个 <column> groups
  by it. "top N by X" / 前N -> `ORDER BY X DESC LIMIT N`. Which X ... the most (times / often)
  / 最多 with no measure named: the rows counted per X's name, the most first, one row. Nothing
  of these: `SELECT *` (up to 50 rows).
- Filters: a value the request writes in quotes, or a capitalised word (not the first of a
  sentence) beside a column's word ("the Sales department", "dept Sales"): `col = 'Sales'`; with
  no column word beside it, the only text column that is not a name or title. A number after
  above / over / more than / 超过 / 大于 (below / under / less than / 低于 / 小于) and the numeric
  column the request names: `col > N` (`col < N`). A person the request names (as
  `arguments.person` reads one: "张敏 2026 年…", "my name is …") and a `name` column:
  `name = '张敏'`. A year (2026, 2026 年) and a date column (its name says date, day, _on, _at;
  the one whose first word the request says, else the first): `col LIKE '2026%'`.
The stand-in writes no statement that changes data.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .arguments import person
from .lexicon import stem
from .view import Tool

SAYS_SQL = re.compile(r"\bsql(?:ite)?\b|\bselect\b", re.I)
TABLE = re.compile(
    r"(?:create\s+table\s+(?:if\s+not\s+exists\s+)?)?[\"`]?(\w+)[\"`]?\s*\(((?:[^()]|\([^()]*\))+)\)",
    re.I,
)
TYPES = re.compile(
    r"\b(?:int|integer|real|float|double|numeric|decimal|number|bigint|smallint)\b", re.I
)
NOUNS = {  # a Chinese word for a table's or a column's English word
    "员工": "employee", "雇员": "employee", "职员": "employee", "部门": "department",
    "工资": "salary", "薪水": "salary", "薪资": "salary", "客户": "customer", "顾客": "customer",
    "订单": "order", "产品": "product", "商品": "product", "价格": "price", "单价": "price",
    "数量": "quantity", "库存": "stock", "城市": "city", "年龄": "age", "金额": "amount",
    "学生": "student", "成绩": "score", "分数": "score", "班级": "class", "书": "book",
    "作者": "author", "销量": "sales", "日期": "date", "国家": "country", "姓名": "name",
    "小时": "hours", "时长": "hours", "志愿": "volunteer", "会员": "member", "借": "borrowed",
    "物品": "item", "会议": "meeting", "病人": "patient", "患者": "patient", "医生": "doctor",
    "加入": "joined", "注册": "registered", "等级分": "rating", "评分": "rating", "评级": "rating", "积分": "points", "得分": "score",
}  # fmt: skip
AGGREGATES = [  # (the words that ask for it, its function)
    (r"\baverage\b|\bmean\b|\bavg\b|平均", "AVG"),
    (r"\btotal\b|\bsum\b|总|一共|合计", "SUM"),
    (
        r"\bhighest\b|\bmaximum\b|\bmax\b|\blargest\b|\bbiggest\b|\bmost\b|\btop\b(?!\s*\d)|最高|最大|最多",
        "MAX",
    ),
    (r"\blowest\b|\bminimum\b|\bmin\b|\bsmallest\b|最低|最小|最少", "MIN"),
]
COUNT = re.compile(  # 多少 before a noun ("有多少员工"), not at the end ("平均工资是多少")
    r"\bhow many\b|\bnumber of\b|\bcount\b|(?:多少|几)(?:个|名|位|人|条)?(?=[\u4e00-\u9fff])(?![钱分元块岁])",
    re.I,
)
GROUP = re.compile(
    r"\b(?:per|by|each|every|for each)\s+(\w+)|(?:按|每个)\s*([\u4e00-\u9fff]{1,4})", re.I
)
TOP = re.compile(r"\btop\s+(\d+)|前\s*(\d+)", re.I)
ABOVE = re.compile(
    r"(?:above|over|more than|greater than|at least|超过|大于|高于)\s*\$?([\d,]+(?:\.\d+)?)", re.I
)
BELOW = re.compile(
    r"(?:below|under|less than|at most|低于|小于|少于)\s*\$?([\d,]+(?:\.\d+)?)", re.I
)
TEXTS = re.compile(r"\b(?:text|varchar|char|string|date|datetime)\b|文本|字符串|日期", re.I)
YEAR = re.compile(r"(?<![\d.$])((?:19|20)\d{2})(?![\d%]|[.,]\d)")
DATEISH = re.compile(r"date|day|_on$|_at$|time|when", re.I)
MOST = re.compile(
    r"\bwhich\s+(\w+)\b.*\bmost\b|哪(?:个|位|件|种|本)?([\u4e00-\u9fff]{1,3}?)[\u4e00-\u9fff]{0,6}最多",
    re.I | re.S,
)
WHENISH = re.compile(r"date|day|_on$|_at$|time|when|joined|created|registered|added|since", re.I)
N_BEST = re.compile(
    r"\b(\d+)\s+(?:highest|lowest|best|largest|smallest|biggest|most|least)\b", re.I
)
RECENT = re.compile(  # groups 1 and 2: the earliest
    r"\b(earliest|oldest|first)\b|(最早)|\bmost recent(?:ly)?\b|\blatest\b|\bnewest\b|"
    r"\blast\b|最近|最新|最晚",
    re.I,
)
WHO = re.compile(r"\bwho\b|\bwhich\b|谁|哪(?:个|位|家|本|款|种|一)", re.I)  # the record asked
NAMEISH = re.compile(r"^(?:name|title|email|description|note|notes)$", re.I)
LIST_TABLES = "SELECT name, sql FROM sqlite_master WHERE type = 'table'"


@dataclass(frozen=True)
class Table:
    name: str
    columns: tuple[tuple[str, bool | None], ...]  # (name, numeric; None: its type not said)


def runs_sql(t: Tool) -> bool:
    """The tool runs SQL statements (by its name, description or its string property's)."""
    props = t.schema.get("properties") or {}
    texts = [t.name.replace("_", " "), t.description] + [
        str(p.get("description") or "") for p in props.values() if isinstance(p, dict)
    ]
    return any(SAYS_SQL.search(x) for x in texts) and statement_property(t) is not None


def statement_property(t: Tool) -> str | None:
    """The string property that takes the statement: `sql`, `query`, `statement`, or the only one."""
    props = {k: p for k, p in (t.schema.get("properties") or {}).items() if isinstance(p, dict)}
    strings = [k for k, p in props.items() if p.get("type", "string") == "string"]
    named = [k for k in strings if re.search(r"sql|query|statement|stmt", k, re.I)]
    return (named or strings or [None])[0] if len(named) == 1 or len(strings) == 1 else None


def tables(text: str) -> list[Table]:
    """The tables a text defines: `name(col TYPE, ...)` or `CREATE TABLE name (...)`."""
    found: dict[str, Table] = {}
    for m in TABLE.finditer(text):
        cols = []
        for part in m.group(2).split(","):
            bits = part.strip().strip('"`').split()
            if (
                bits
                and re.fullmatch(r"\w+", bits[0])
                and bits[0].upper() not in ("PRIMARY", "FOREIGN")
            ):
                kind = " ".join(bits[1:])
                num = True if TYPES.search(kind) else False if TEXTS.search(kind) else None
                cols.append((bits[0].strip('"`'), num))
        if cols and m.group(1).lower() not in ("e", "eg", "i", "ie"):
            found.setdefault(m.group(1), Table(m.group(1), tuple(cols)))
    return list(found.values())


def _words(text: str) -> list[str]:
    """The request's words in English: its own, and the English word of each Chinese one."""
    out = re.findall(r"[A-Za-z_]+", text.lower())
    out += [en for zh, en in NOUNS.items() if zh in text]
    return out


def _names(word: str, name: str) -> bool:
    """The request's word names a table or column: the same stem, or the name abbreviates it."""
    n, w = name.lower().rsplit(".", 1)[-1], word.lower()
    if stem(n) == stem(w) or n.rstrip("s") == w.rstrip("s"):
        return True
    first = n.split("_")[0]
    if "_" in n and len(first) >= 4 and not n.endswith("_id") and stem(first) == stem(w):
        return True
    return 3 <= len(n) < len(w) and w.startswith(n[:2]) and _subsequence(n, w)


def _subsequence(short: str, long: str) -> bool:
    it = iter(long)
    return all(ch in it for ch in short)


def _is_id(col: str) -> bool:
    bare = col.lower().rsplit(".", 1)[-1]
    return bare == "id" or bare.endswith("_id")


def _column(words: list[str], table: Table, numeric: bool | None = None) -> str | None:
    """The column a word names; a numeric one (or one of no said type) that is no id when asked."""
    for w in words:
        for col, is_num in table.columns:
            fits = numeric is None or is_num in (numeric, None) and not (numeric and _is_id(col))
            if fits and _names(w, col):
                return col
    return None


def asks(task: str, t: Tool, results: list[Any]) -> bool:
    """The request names a table or a column the tool's description (or a result) defines."""
    known = tables(t.description) + tables(" ".join(str(r) for r in results))
    ws = _words(task)
    return any(
        _names(w, n) for tb in known for n in [tb.name, *(c for c, _ in tb.columns)] for w in ws
    )


def questions_data(task: str) -> bool:
    """The request asks for a count, an aggregate or a listing of records."""
    listing = re.search(r"\b(?:list|show|which|what)\b|列出|哪些|显示", task, re.I)
    return bool(
        COUNT.search(task) or listing or any(re.search(p, task, re.I) for p, _ in AGGREGATES)
    )


def _pick_table(text: str, known: list[Table]) -> Table | None:
    ws = _words(text)
    named = [t for t in known if any(_names(w, t.name) for w in ws)]
    holding = [t for t in known if _column(ws, t) and not _column(ws, t) == "name"]
    found = named or holding or (known if len(known) == 1 else [])
    return _joined(text, found[0], known) if found else None


def _refers(a: Table, b: Table) -> str | None:
    """The column of `a` that holds an id of `b` (`item_id` for `items`)."""
    return next(
        (c for c, _ in a.columns if c.lower().endswith("_id") and _names(c[:-3], b.name)), None
    )


def _qualified(t: Table) -> tuple[tuple[str, bool | None], ...]:
    return tuple((f"{t.name}.{c}", num) for c, num in t.columns)


def _joined(text: str, table: Table, known: list[Table]) -> Table:
    """The table joined with one it refers to or that refers to it, when the request names a
    column only that one holds or asks which record occurs the most (see the rules)."""
    ws = _words(text)
    for other in known:
        if other is table:
            continue
        key = _refers(other, table) or _refers(table, other)
        if key is None:
            continue
        mine = {c.lower() for c, _ in table.columns}
        only = [(c, n) for c, n in other.columns if c.lower() not in mine]
        named = any(c.lower() == "name" for c, _ in only) and person(text)
        if not (_column(ws, Table(other.name, tuple(only))) or named or MOST.search(text)):
            continue
        left, right = (other, table) if _refers(other, table) == key else (table, other)
        on = f"{left.name}.{key} = {right.name}.id"
        return Table(
            f"{table.name} JOIN {other.name} ON {on}", _qualified(table) + _qualified(other)
        )
    return table


def _quote(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _filters(text: str, table: Table) -> list[str]:
    out = []
    for m in re.finditer(
        r"[\"'“‘]([^\"'”’]{1,40})[\"'”’]|(?<=[a-z,;:] )([A-Z][\w&-]*(?: [A-Z][\w&-]*)*)", text
    ):
        value = m.group(1) or m.group(2)
        if any(_names(value, c) for c, _ in table.columns) or _names(value, table.name):
            continue
        near = _words(text[max(0, m.start() - 25) : m.end() + 25])
        col = _column([w for w in near if w != value.lower()], table, numeric=False)
        texts = [
            c for c, num in table.columns if not num and not NAMEISH.match(c) and not _is_id(c)
        ]
        col = col or (texts[0] if len(texts) == 1 else None)
        if col:
            out.append(f"{col} = {_quote(value)}")
    for pattern, op in ((ABOVE, ">"), (BELOW, "<")):
        for m in pattern.finditer(text):
            col = _column(_words(text[max(0, m.start() - 40) : m.end() + 20]), table, numeric=True)
            if col:
                out.append(f"{col} {op} {m.group(1).replace(',', '')}")
    return out + _person_and_year(text, table)


def _person_and_year(text: str, table: Table) -> list[str]:
    out = []
    names = [c for c, _ in table.columns if c.lower().rsplit(".", 1)[-1] == "name"]
    who = person(text)
    if who and names and who not in text.split("'")[1::2]:
        out.append(f"{names[0]} = {_quote(who)}")
    year = YEAR.search(text)
    dates = [c for c, num in table.columns if not num and DATEISH.search(c.rsplit(".", 1)[-1])]
    if year and dates and not ABOVE.search(text) and not BELOW.search(text):
        col = _column(_words(text), Table(table.name, tuple((c, None) for c in dates)))
        out.append(f"{col or dates[0]} LIKE '{year.group(1)}%'")
    return out


def _selected(text: str, table: Table) -> list[str]:
    count = COUNT.search(text)
    noun = count and re.match(r"\s*([A-Za-z_]+|[\u4e00-\u9fff]{1,3})", text[count.end() :])
    measure = noun and _column(_words(noun.group(1)), table, numeric=True)
    out = [f"SUM({measure})"] if measure else ["COUNT(*)"] if count else []
    for pattern, fn in AGGREGATES:
        for m in re.finditer(pattern, text, re.I):
            col = _column(_words(text[m.start() : m.end() + 30]), table, numeric=True)
            before = re.search(r"([\u4e00-\u9fff]{1,4})$", text[: m.start()])
            if col is None and before and fn in ("MAX", "MIN"):  # 等级分最高
                col = _column(_words(before.group(1)), table, numeric=True)
            if col and f"{fn}({col})" not in out:
                out.append(f"{fn}({col})")
    return out


def statement(task: str, description: str, results: list[Any]) -> str:
    """The one read-only statement that answers the task (see the rules)."""
    known = tables(description) + tables(" ".join(str(r) for r in results))
    table = _pick_table(task, known)
    if table is None:
        return LIST_TABLES
    where = _filters(task, table)
    sel = _selected(task, table)
    group = next((g for m in GROUP.finditer(task) for g in m.groups() if g), None)
    by = _column(_words(group), table) if group else None
    extremes = [s for s in sel if not s.startswith("COUNT(")]
    n = next(
        (int(g) for m in [TOP.search(task) or N_BEST.search(task)] if m for g in m.groups() if g), 1
    )
    dated = _dated(task, table) if not extremes and WHO.search(task) else None
    if dated:
        return _record(table, where, dated, n)
    most = MOST.search(task)
    if most and not by and not extremes:
        return _most(task, table, where, most.group(1) or most.group(2))
    if len(extremes) == 1 and extremes[0][:4] in ("MAX(", "MIN(") and not by:
        if WHO.search(task) or n > 1:
            return _record(table, where, extremes[0], n)
    top = TOP.search(task)
    sql = f"SELECT {', '.join(([by] if by else []) + sel) if sel else '*'} FROM {table.name}"
    sql += f" WHERE {' AND '.join(where)}" if where else ""
    sql += f" GROUP BY {by}" if by and sel else ""
    if top:
        col = _column(_words(task), table, numeric=True)
        sql += f" ORDER BY {col} DESC" if col else ""
        sql += f" LIMIT {top.group(1) or top.group(2)}"
    elif not sel:
        sql += " LIMIT 50"
    return sql


def _record(table: Table, where: list[str], extreme: str, n: int = 1) -> str:
    """The records a superlative asks who or which of: whole rows, ordered, n of them."""
    col, order = extreme[4:-1], "DESC" if extreme.startswith("MAX") else "ASC"
    sql = f"SELECT * FROM {table.name}"
    sql += f" WHERE {' AND '.join(where)}" if where else ""
    return sql + f" ORDER BY {col} {order} LIMIT {n}"


def _dated(task: str, table: Table) -> str | None:
    """The latest / earliest record asked of (most recently, 最近, earliest, 最早): MAX or MIN of
    the date column the request names, else the first one."""
    m = RECENT.search(task)
    dates = [c for c, num in table.columns if not num and WHENISH.search(c.rsplit(".", 1)[-1])]
    if m is None or not dates:
        return None
    col = _column(_words(task), Table(table.name, tuple((c, None) for c in dates))) or dates[0]
    return f"{'MIN' if m.group(1) or m.group(2) else 'MAX'}({col})"


def _most(task: str, table: Table, where: list[str], noun: str) -> str:
    """Which X occurs the most: rows counted per X's name, the most first (see the rules)."""
    named = [
        t
        for t in table.name.split(" JOIN ")[:1]
        if _names(_words(noun)[0] if _words(noun) else noun, t)
    ]
    owner = named[0] if named else table.name.split(" ")[0]
    labels = [
        c for c, _ in table.columns if c.startswith(f"{owner}.") and NAMEISH.match(c.split(".")[-1])
    ]
    by = labels[0] if labels else next((c for c, _ in table.columns if not _is_id(c)), "*")
    sql = f"SELECT {by}, COUNT(*) FROM {table.name}"
    sql += f" WHERE {' AND '.join(where)}" if where else ""
    return sql + f" GROUP BY {by} ORDER BY COUNT(*) DESC LIMIT 1"


def rows_told(given: dict[str, Any], data: Any) -> str | None:
    """A result of a SELECT (rows as lists) told by what each column is: "COUNT(*) = 3,
    AVG(salary) = 63166.67"; None when the rows do not line up with the statement's columns."""
    stmt = next((x for x in given.values() if isinstance(x, str) and SELECT.match(x)), None)
    m = SELECT.match(stmt or "")
    named = data.get("columns") if isinstance(data, dict) else None
    if isinstance(data, dict) and isinstance(data.get("rows"), list):  # {"columns", "rows"}
        data = data["rows"]
    rows = data if isinstance(data, list) and all(isinstance(r, list) for r in data) else None
    if m is None or not rows or len(rows) > 20:
        return None
    cols = [c.strip() for c in re.split(r",(?![^()]*\))", m.group(1))]
    if cols == ["*"] and isinstance(named, list):  # SELECT * told by the columns the result names
        cols = [str(c) for c in named]
    if cols == ["*"] or any(len(r) != len(cols) for r in rows):
        return None
    return "; ".join(
        ", ".join(f"{c} = {_number(x)}" for c, x in zip(cols, r, strict=True)) for r in rows
    )


SELECT = re.compile(r"\s*select\s+(.+?)\s+from\s", re.I | re.S)


def _number(x: Any) -> Any:
    return round(x, 2) if isinstance(x, float) else x
