"""Source listings as a lesson shows them: every string-table lookup written out as its text.

agentkit's modules word what a learner reads through their package's string table, so one file
serves both editions: a specimen in `agentkit.antipatterns` writes its last message as
`T("ap.tree_done", order_id=order_id)`. A loop as people write it holds the sentence itself, so
`listing(obj)` shows the source with each such call replaced by the text it stands for in the
edition's language (AGENTKIT_LANG), as a literal or an f-string with the same values:
`f"... {order_id} ..."`. Everything else is the source as it is (see `agentkit.display.source`).
"""

from __future__ import annotations

import ast
import inspect
import re
import sys
import textwrap
from string import Formatter
from typing import Any

from ..display import LISTING, Shown, columns, fit
from ..i18n import LANGUAGES, Strings, language

__all__ = ["inline", "listing"]


def listing(obj: Any, *, docstring: bool = True) -> Shown:
    """`obj`'s source, its `T(...)` lookups written out in the current language: highlighted in
    JupyterLab, plain elsewhere, lines within `agentkit.display.LISTING` columns."""
    text = inspect.getsource(obj).rstrip("\n")
    table = getattr(sys.modules.get(getattr(obj, "__module__", "")), "T", None)
    if isinstance(table, Strings):
        text = inline(text, table, language())
    if not docstring and obj.__doc__:
        head, _, rest = text.partition('"""')
        text = head.rstrip(" ") + rest.partition('"""')[2].lstrip("\n")
    text = fit(text)
    return Shown(text, markdown=f"```python\n{text}\n```")


def inline(code: str, table: Strings, lang: str, width: int = LISTING) -> str:
    """`code` with each `T("key", name=expr, ...)` of `table` replaced by the key's text in
    `lang`: a string literal, or an f-string whose fields are the call's expressions; one too long
    for its line becomes adjacent literals in parentheses, one a line, within `width` columns. A
    call this cannot write out (an unknown key, a value no f-string can hold) is left as it is."""
    prefix = code[: len(code) - len(code.lstrip(" \t"))]
    code = textwrap.dedent(code)
    lines = code.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def at(lineno: int, col: int) -> int:  # ast columns count UTF-8 bytes
        return starts[lineno - 1] + len(lines[lineno - 1].encode()[:col].decode())

    edits = []
    for node in ast.walk(ast.parse(code)):
        if not isinstance(node, ast.Call):
            continue
        atoms = _atoms(node, code, table, lang)
        if atoms is None or node.end_lineno is None or node.end_col_offset is None:
            continue
        start, end = at(node.lineno, node.col_offset), at(node.end_lineno, node.end_col_offset)
        first = lines[node.lineno - 1]
        indent = len(first) - len(first.lstrip(" "))
        head = code[starts[node.lineno - 1] : start]
        tail = code[end : starts[node.end_lineno]].rstrip("\n")
        one = _render(atoms)
        if columns(head + one + tail) <= width:
            edits.append((start, end, one))
            continue
        pieces = _pack(atoms, width - len(prefix) - indent - 4)
        inner = "".join(f"\n{' ' * (indent + 4)}{_render(p)}" for p in pieces)
        edits.append((start, end, f"({inner}\n{' ' * indent})"))
    for start, end, written in sorted(edits, reverse=True):
        code = code[:start] + written + code[end:]
    return textwrap.indent(code, prefix) if prefix else code


def _atoms(node: ast.Call, code: str, table: Strings, lang: str) -> list[tuple[bool, str]] | None:
    """The text a `T(...)` call stands for, as atoms: (False, a word or a CJK character) or
    (True, an f-string field such as "{order_id}"); None when it is no such call."""
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "T"
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
        and node.args[0].value in table
        and all(k.arg for k in node.keywords)
    ):
        return None
    template = table.table[node.args[0].value][LANGUAGES.index(lang)]
    values = {k.arg: ast.get_source_segment(code, k.value) or "" for k in node.keywords}
    atoms: list[tuple[bool, str]] = []
    for text, field, spec, conversion in Formatter().parse(template):
        word = ""
        for char in text:
            if ord(char) > 0x7F:
                atoms += [(False, word)] if word else []
                atoms.append((False, char))
                word = ""
            else:
                word += char
                if char.isspace():
                    atoms.append((False, word))
                    word = ""
        atoms += [(False, word)] if word else []
        if field is not None:
            name = field[: len(field) - len(re.sub(r"^\w*", "", field))]
            expr = values.get(name)
            if expr is None or "\\" in expr or "\n" in expr or ('"' in expr and "'" in expr):
                return None  # no f-string can hold it (before Python 3.12)
            rest = field[len(name) :]
            expr = f"({expr}){rest}" if rest else expr
            tail = (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            atoms.append((True, "{" + expr + tail + "}"))
    return atoms


def _render(atoms: list[tuple[bool, str]]) -> str:
    """One literal: an f-string when it holds a field, its quote one no field uses."""
    fields = [a for is_field, a in atoms if is_field]
    quote = "'" if any('"' in f for f in fields) else '"'
    body = ""
    for is_field, atom in atoms:
        if is_field:
            body += atom
        else:
            text = atom.replace("\\", "\\\\").replace(quote, "\\" + quote).replace("\n", "\\n")
            body += text.replace("{", "{{").replace("}", "}}") if fields else text
    return f"{'f' if fields else ''}{quote}{body}{quote}"


def _pack(atoms: list[tuple[bool, str]], width: int) -> list[list[tuple[bool, str]]]:
    """The atoms in runs, each rendered within `width` columns where a run of one atom allows."""
    pieces: list[list[tuple[bool, str]]] = [[]]
    for atom in atoms:
        if pieces[-1] and columns(_render([*pieces[-1], atom])) > width:
            pieces.append([])
        pieces[-1].append(atom)
    return pieces
