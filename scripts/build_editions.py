"""Build the student and instructor editions of the workbook from the notebooks in notebooks/.

    python scripts/build_editions.py                      # -> build/editions/{student,instructor}/
    python scripts/build_editions.py --out /tmp/ed --src notebooks

The source notebooks are the instructor's. In them, a learner exercise is a code cell tagged
`exercise`; the next cell tagged `check` is the cell that checks it.

Instructor edition: every notebook as it is (solutions in place, outputs as stored).

Student edition: each exercise cell is blanked and the outputs of the exercise and check cells are
cleared (a check cell with no exercise before it only has its outputs cleared, with a warning). The blank starts with the hint: the cell's `# hint: ...` comment lines, or a default hint.
What follows depends on what the exercise cell holds:

* The solution (the default). The rest of the cell becomes a stub that keeps the same names defined
  but solves nothing: imports are kept; each `def` keeps its signature and docstring and its body
  becomes `raise NotImplementedError("在这里写你的代码")`; each class keeps its header and docstring,
  with its methods stubbed the same way; each top-level assignment becomes `name = ...`; everything
  else (code and comments) is dropped.

* A learner's starter, marked by a line `# solution: module:name` (optionally `... as learner_name`).
  The solution is then `module.name` (e.g. `# solution: agentkit.lessons.solution:solution_loop` in lesson 07,
  where the cell holds a deliberately incomplete `my_loop`). The starter itself is the blank: it is
  kept as written, minus the `# solution:` and `# hint:` lines. The check cell is pointed at the
  learner's function: imports of `name` from `module` are removed and every use of `name` becomes the
  learner's name (the one function the starter defines, or the `as` name), with the comment on that
  line dropped. So `loop = solution_loop` (which passes as shipped) becomes `loop = my_loop`.

A check that uses none of the names its exercise defines would pass in the student edition without
the exercise being done: the build warns about it (that is what a missing `# solution:` line in a
lesson like 07 looks like). A `# solution:` line that cannot be imported stops the build with the
notebook, the cell and the reason.
"""

from __future__ import annotations

import argparse
import ast
import copy
import importlib
import io
import re
import sys
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_HINT = "提示：在这个单元格里完成练习，然后运行下面的检查单元格。"
HINT = re.compile(r"^\s*#\s*hint:\s*(.*)$", re.IGNORECASE)
SOLUTION = re.compile(r"^\s*#\s*solution:\s*([\w.]+):(\w+)(?:\s+as\s+(\w+))?\s*$", re.IGNORECASE)
TODO = "在这里写你的代码"


class BuildError(Exception):
    """An exercise the build cannot turn into a student edition; the message names notebook and cell."""


@dataclass
class Exercise:
    """One exercise cell and the check cell after it (index in the notebook, or None)."""

    index: int
    check: int | None
    hints: list[str]
    solution: tuple[str, str, str | None] | None  # (module, name, learner name) from `# solution:`


@dataclass
class Report:
    notebook: str
    exercises: int = 0
    warnings: list[str] = field(default_factory=list)


# --- reading the notebook ------------------------------------------------------------------------------


def tags(cell) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def find_exercises(nb) -> list[Exercise]:
    found, cells = [], nb.cells
    for i, cell in enumerate(cells):
        if cell.cell_type != "code" or "exercise" not in tags(cell):
            continue
        check = None
        for j in range(i + 1, len(cells)):
            if "exercise" in tags(cells[j]):
                break
            if "check" in tags(cells[j]):
                check = j
                break
        lines = cell.source.splitlines()
        hints = [m.group(1).strip() for m in map(HINT.match, lines) if m and m.group(1).strip()]
        directives = [m.groups() for m in map(SOLUTION.match, lines) if m]
        found.append(Exercise(i, check, hints, directives[0] if directives else None))
    return found


def defined_names(source: str) -> list[str]:
    """Top-level names a cell defines (functions, classes, assignments), in order."""
    names = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names += [t.id for t in targets if isinstance(t, ast.Name)]
    return names


def used_names(source: str) -> set[str] | None:
    """Every name a cell reads or writes; None when the cell is not plain Python (e.g. a %magic)."""
    try:
        return {n.id for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Name)}
    except SyntaxError:
        return None


# --- the stub ----------------------------------------------------------------------------------------


def stub(source: str) -> str:
    """The solution's names, defined but unsolved (see the module docstring)."""
    lines = source.splitlines()
    out = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            out.append(ast.get_source_segment(source, node))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.append("\n".join(_stub_def(node, lines)))
        elif isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) for t in node.targets):
            out.append(" = ".join(t.id for t in node.targets) + f" = ...  # {TODO}")
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            out.append(f"{node.target.id}: {ast.unparse(node.annotation)} = ...  # {TODO}")
    return _join(out) if out else f"# {TODO}"


def _join(parts: list[str]) -> str:
    """Simple statements one per line; a blank line after a run of imports; two before each def/class."""
    text = ""
    for i, part in enumerate(parts):
        if i:
            prev = parts[i - 1]
            if _is_block(part) or _is_block(prev):
                text += "\n\n\n"
            else:
                imports = (
                    prev.startswith(("import ", "from ")),
                    part.startswith(("import ", "from ")),
                )
                text += "\n\n" if imports[0] != imports[1] else "\n"
        text += part
    return text


def _is_block(part: str) -> bool:
    return part.lstrip().startswith(("def ", "async def ", "class ", "@"))


def _stub_def(node, lines: list[str]) -> list[str]:
    first = node.decorator_list[0].lineno if node.decorator_list else node.lineno
    body = node.body
    doc = ast.get_docstring(node, clean=False) is not None
    if body[0].lineno == node.lineno:  # a one-line def or class: rebuild its header
        shell = copy.copy(node)
        shell.body = [ast.Pass()]
        head = [" " * node.col_offset + line for line in ast.unparse(shell).splitlines()[:-1]]
        indent = " " * (node.col_offset + 4)
        doc_lines = []
    else:
        head = lines[first - 1 : body[0].lineno - 1]
        indent = " " * body[0].col_offset
        doc_lines = lines[body[0].lineno - 1 : body[0].end_lineno] if doc else []
    rest = (
        [
            n
            for n in body[1 if doc else 0 :]
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
        ]
        if isinstance(node, ast.ClassDef)
        else []
    )
    if isinstance(node, ast.ClassDef):
        inner = [line for m in rest for line in [""] + _stub_def(m, lines)]
        return head + doc_lines + (inner if inner else ([] if doc_lines else [f"{indent}pass"]))
    message = "在这里写你的循环" if "loop" in node.name else TODO
    return head + doc_lines + [f'{indent}raise NotImplementedError("{message}")']


# --- the check cell, pointed at the learner's name --------------------------------------------------------


def retarget(source: str, module: str, name: str, learner: str) -> str:
    """`source` with `from module import name` removed and every use of `name` renamed to `learner`."""
    lines = source.splitlines()
    drop: set[int] = set()
    edits: dict[int, str] = {}
    for node in ast.parse(source).body:
        if (
            isinstance(node, ast.ImportFrom)
            and node.module == module
            and any(a.name == name for a in node.names)
        ):
            keep = [a for a in node.names if a.name != name]
            span = range(node.lineno - 1, node.end_lineno)
            drop.update(span)
            if keep:
                edits[node.lineno - 1] = " " * node.col_offset + ast.unparse(
                    ast.ImportFrom(module, keep, node.level)
                )
    renamed: dict[int, list[tuple[int, int]]] = {}
    comments: dict[int, int] = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        row, col = tok.start[0] - 1, tok.start[1]
        if tok.type == tokenize.NAME and tok.string == name and row not in drop:
            renamed.setdefault(row, []).append((col, tok.end[1]))
        elif tok.type == tokenize.COMMENT:
            comments[row] = col
    for row, spans in renamed.items():
        line = lines[row]
        if row in comments:  # the comment spoke about the solution; it no longer fits the line
            line = line[: comments[row]].rstrip()
        for start, end in sorted(spans, reverse=True):
            line = line[:start] + learner + line[end:]
        lines[row] = line
    out = [edits.get(i, line) for i, line in enumerate(lines) if i not in drop or i in edits]
    return "\n".join(out).lstrip("\n")


# --- the editions ----------------------------------------------------------------------------------------


def clear(cell) -> None:
    cell.outputs, cell.execution_count = [], None


def student_edition(nb, name: str, src_dir: Path) -> tuple[object, Report]:
    nb = copy.deepcopy(nb)
    report = Report(name)
    exercises = find_exercises(nb)
    for ex in exercises:
        report.exercises += 1
        names = blank(nb, ex, f"{name} 第 {ex.index + 1} 个单元格", src_dir)
        clear(nb.cells[ex.index])
        if ex.check is None:
            report.warnings.append(
                f"{name} 第 {ex.index + 1} 个单元格：练习后面没有标记为 check 的检查单元格"
            )
            continue
        check = nb.cells[ex.check]
        clear(check)
        used = used_names(check.source)
        if used is not None and not used & set(names):
            report.warnings.append(
                f"{name} 第 {ex.check + 1} 个单元格（check）没有用到练习定义的 {', '.join(names) or '任何名字'}："
                "学生版不做练习也能通过检查。若练习单元格里是起始代码、答案在别处，请在练习单元格加一行 "
                "`# solution: 模块:函数名`（例如 `# solution: agentkit.lessons.solution:solution_loop`）。"
            )
    paired = {ex.check for ex in exercises}
    for i, cell in enumerate(nb.cells):
        if (
            "check" in tags(cell) and i not in paired
        ):  # a check whose answer lives in the check itself
            clear(cell)
            report.warnings.append(
                f"{name} 第 {i + 1} 个单元格（check）前面没有 exercise 单元格：学生版只清空了它的输出，"
                "答案仍在它的源码里。"
            )
    nb.metadata["agentkit_edition"] = "student"
    return nb, report


def blank(nb, ex: Exercise, where: str, src_dir: Path) -> list[str]:
    """Blank one exercise cell; for a starter, point its check at the learner's function.
    Returns the names the check cell should use."""
    cell = nb.cells[ex.index]
    body = "\n".join(
        line
        for line in cell.source.splitlines()
        if not HINT.match(line) and not SOLUTION.match(line)
    )
    hints = "\n".join(f"# 提示：{h}" for h in ex.hints) or f"# {DEFAULT_HINT}"
    try:
        names = defined_names(body)
    except SyntaxError as e:
        raise BuildError(f"{where}（exercise）不是合法的 Python：{e}") from e
    if not ex.solution:
        cell.source = hints + "\n\n" + stub(body)
        return names
    module, solution, learner = ex.solution
    _check_importable(module, solution, where, src_dir)
    functions = [n for n in names if n in _function_names(body)]
    learner = learner or (functions[0] if len(functions) == 1 else None)
    if learner is None:
        raise BuildError(
            f"{where}：起始代码定义了 {len(functions)} 个函数（{', '.join(functions) or '无'}），"
            f"不知道哪一个对应 {solution}；请写成 `# solution: {module}:{solution} as 函数名`。"
        )
    cell.source = hints + "\n\n" + body.strip("\n")
    if ex.check is not None:
        nb.cells[ex.check].source = retarget(nb.cells[ex.check].source, module, solution, learner)
    return [learner]


def _function_names(source: str) -> set[str]:
    return {
        n.name
        for n in ast.parse(source).body
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
    }


def _check_importable(module: str, name: str, where: str, src_dir: Path) -> None:
    sys.path.insert(
        0, str(src_dir)
    )  # a helper module beside the notebooks is importable by their kernel too
    try:
        obj = getattr(importlib.import_module(module), name, None)
    except Exception as e:
        raise BuildError(
            f"{where}：`# solution: {module}:{name}` 无法导入模块 {module}：{type(e).__name__}: {e}"
        ) from e
    finally:
        sys.path.remove(str(src_dir))
    if obj is None:
        raise BuildError(f"{where}：`# solution: {module}:{name}` 指向的 {module} 里没有 {name}")


def build(src: Path, out: Path, notebooks: list[Path] | None = None) -> list[Report]:
    """Write out/student/*.ipynb and out/instructor/*.ipynb. Returns one Report per notebook."""
    paths = notebooks or sorted(src.glob("*.ipynb"))
    if not paths:
        raise BuildError(f"{src} 里没有 .ipynb 笔记本")
    reports = []
    for edition in ("student", "instructor"):
        (out / edition).mkdir(parents=True, exist_ok=True)
    for path in paths:
        try:
            nb = nbformat.read(path, as_version=4)
        except Exception as e:
            raise BuildError(f"{path} 不是可读的笔记本：{e}") from e
        nbformat.write(nb, out / "instructor" / path.name)
        student, report = student_edition(nb, path.name, path.parent)
        nbformat.write(student, out / "student" / path.name)
        reports.append(report)
    return reports


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Build the student and instructor editions of the notebooks."
    )
    parser.add_argument(
        "--out", type=Path, default=ROOT / "build" / "editions", help="output directory"
    )
    parser.add_argument(
        "--src", type=Path, default=ROOT / "notebooks", help="the instructor's notebooks"
    )
    parser.add_argument(
        "notebooks", nargs="*", type=Path, help="only these notebooks (default: every one in --src)"
    )
    args = parser.parse_args(argv)
    try:
        reports = build(args.src, args.out, args.notebooks or None)
    except BuildError as e:
        print(f"错误：{e}", file=sys.stderr)
        return 1
    for r in reports:
        note = (
            f"{r.exercises} 个练习已清空"
            if r.exercises
            else "没有练习" + ("" if r.warnings else "，原样复制")
        )
        print(f"{r.notebook}：{note}")
        for w in r.warnings:
            print(f"  警告：{w}", file=sys.stderr)
    print(f"学生版：{args.out / 'student'}\n教师版：{args.out / 'instructor'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
