"""An nbgrader course from the lessons' own tags (`build_editions.py --nbgrader OUT`).

    OUT/nbgrader_config.py
    OUT/source/<lesson>/<lesson>.ipynb      one assignment per lesson with exercises

From the tags build_editions.py reads (exercise, check, solution):

* the `exercise` cell becomes an nbgrader solution cell: the stub as shipped, then the reference
  code (the `solution` code cells) between `### BEGIN SOLUTION` / `### END SOLUTION`, which
  `nbgrader generate_assignment` removes, so the released cell is the stub the lesson ships;
* the `check` cell becomes an autograded test cell worth POINTS that raises `AssertionError` with
  the check's own lines when the exercise is not passed (a check returns a Verdict; an
  autograder needs an exception), and shows the verdict when it is;
* a `solution` markdown cell (a written answer) becomes a manually graded answer cell;
* every other code cell is locked: nbgrader restores its source at autograde, so the lesson's
  code cannot be changed to make a check pass.

Writing the course needs only nbformat; generating, collecting and grading need nbgrader
(`pip install -e ".[classroom]"`).
"""

from __future__ import annotations

import ast
import copy
import re
import sys
from pathlib import Path

import nbformat

from agentkit.lessons import registry

BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
POINTS = 1
CONFIG = """\
# nbgrader configuration of the agent-loop workbook's course (written by build_editions.py).
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "agentloop"
# The released exercise cell is the lesson's own stub: the solution region leaves nothing behind.
c.ClearSolutions.code_stub = {"python": ""}
c.ClearSolutions.text_stub = "在这里写你的回答。"
# A lesson runs the offline Claude in-process; a whole lesson takes well under a minute.
c.ExecutePreprocessor.timeout = 300
"""


def nbgrader_meta(grade_id: str, *, grade=False, solution=False, locked=False, points=None):
    meta = {
        "grade": grade,
        "solution": solution,
        "locked": locked,
        "grade_id": grade_id,
        "schema_version": 3,
    }
    if points is not None:
        meta["points"] = points
    return meta


def raising_check(source: str) -> str | None:
    """The check cell, its last expression (the check call) kept as `_verdict`, raising when the
    exercise is not passed. None when the cell does not end in an expression."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        return None
    last = tree.body[-1]
    lines = source.splitlines()
    head, call = lines[: last.lineno - 1], lines[last.lineno - 1 :]
    call[0] = call[0][: last.col_offset] + "_verdict = " + call[0][last.col_offset :]
    tail = [
        "if not _verdict.passed:  # for the autograder: a check that is not passed raises",
        "    raise AssertionError(repr(_verdict))",
        "_verdict",
    ]
    return "\n".join(head + call + tail)


def _defined(source: str) -> set[str]:
    """The names a cell's code assigns or defines at its top level."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    names = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        for target in getattr(node, "targets", []) + [getattr(node, "target", None)]:
            if isinstance(target, ast.Name):
                names.add(target.id)
    return names


def as_the_learners(code: str, stub: str) -> str:
    """The reference code under the learner's names: a lesson's solution defines `reference_x`
    (`ReferenceX`) so it never overwrites `my_x` (`X`); in the graded cell it must be the answer."""
    mine = _defined(stub)
    for name in sorted(_defined(code), key=len, reverse=True):
        bare = name.removeprefix("reference_").removeprefix("Reference")
        target = next((m for m in (f"my_{bare}", bare) if m in mine and m != name), None)
        if target:
            code = re.sub(rf"\b{name}\b", target, code)
    return code


def solution_cell(exercise, solutions) -> object:
    cell = copy.deepcopy(exercise)
    code = "\n\n".join(s.source.rstrip() for s in solutions if s.cell_type == "code")
    code = as_the_learners(code, exercise.source)
    cell.source = f"{exercise.source.rstrip()}\n{BEGIN}\n{code}\n{END}"
    return cell


def roles_of(exercises) -> dict[int, tuple[str, int, object]]:
    """cell index -> (exercise | check | solution, the exercise's number, the exercise)."""
    roles = {}
    for n, ex in enumerate(exercises, start=1):
        roles[ex.index] = ("exercise", n, ex)
        if ex.check is not None:
            roles[ex.check] = ("check", n, ex)
        for s in ex.solutions:
            roles[s] = ("solution", n, ex)
    return roles


def convert(nb, i: int, role: str | None, n: int, ex, warn) -> object | None:
    """Cell i as the course has it (None: merged into its exercise's solution region)."""
    cell = copy.deepcopy(nb.cells[i])
    cell.metadata.pop("jupyter", None)  # nothing collapsed in a course
    if role == "exercise":
        cell = solution_cell(cell, [nb.cells[s] for s in ex.solutions])
        cell.metadata["nbgrader"] = nbgrader_meta(f"exercise_{n}", solution=True)
    elif role == "check":
        source = raising_check(cell.source)
        if source is None:
            warn(f"第 {i + 1} 个单元格（check）不以检查调用结尾，原样保留")
        cell.source = source or cell.source
        cell.metadata["nbgrader"] = nbgrader_meta(
            f"check_{n}", grade=True, locked=True, points=POINTS
        )
    elif role == "solution" and cell.cell_type == "markdown":
        before = sum(1 for j in ex.solutions if j < i and nb.cells[j].cell_type == "markdown")
        cell.metadata["nbgrader"] = nbgrader_meta(
            f"answer_{n}_{before + 1}", grade=True, solution=True, points=POINTS
        )
    elif role == "solution":
        return None
    elif cell.cell_type == "code":
        cell.metadata["nbgrader"] = nbgrader_meta(f"cell_{i + 1}", locked=True)
    if cell.cell_type == "code":
        cell.outputs, cell.execution_count = [], None
    return cell


def course_notebook(nb, find_exercises, warnings: list[str], name: str):
    """The lesson as an nbgrader source notebook (outputs cleared), or None without exercises."""
    exercises = find_exercises(nb)
    if not exercises:
        return None
    roles = roles_of(exercises)
    out = copy.deepcopy(nb)
    cells = [
        convert(nb, i, *roles.get(i, (None, 0, None)), lambda w: warnings.append(f"{name} {w}"))
        for i in range(len(nb.cells))
    ]
    out.cells = [c for c in cells if c is not None]
    out.metadata.pop("agentkit_edition", None)
    return out


def write_course(paths: list[Path], out: Path, find_exercises) -> tuple[list[str], list[str]]:
    """Write the course; returns (the assignments written, warnings)."""
    written, warnings = [], []
    (out / "source").mkdir(parents=True, exist_ok=True)
    (out / "nbgrader_config.py").write_text(CONFIG, encoding="utf-8")
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        course = course_notebook(nb, find_exercises, warnings, path.name)
        if course is None:
            continue
        folder = out / "source" / path.stem
        folder.mkdir(parents=True, exist_ok=True)
        nbformat.write(course, folder / path.name)
        written.append(path.stem)
    return written, warnings


def main(src: Path, out: Path, notebooks: list[Path], find_exercises) -> int:
    paths = notebooks or registry.sources(src)
    if not paths:
        print(f"错误：{src} 里没有 .ipynb 笔记本", file=sys.stderr)
        return 1
    try:
        written, warnings = write_course(paths, out, find_exercises)
    except (OSError, nbformat.reader.NotJSONError, ValueError) as e:
        print(f"错误：{e}", file=sys.stderr)
        return 1
    for w in warnings:
        print(f"  警告：{w}", file=sys.stderr)
    print(f"nbgrader 课程：{out}（{len(written)} 个作业：{'、'.join(written)}）")
    print(f"下一步：cd {out} && nbgrader generate_assignment <作业名>")
    return 0
