"""An nbgrader course from the lessons' own tags (`build_editions.py --nbgrader OUT`).

    OUT/nbgrader_config.py
    OUT/source/<lesson>/<lesson>.ipynb      one assignment per lesson with exercises

From the tags build_editions.py reads (exercise, check, solution):

* the `exercise` cell becomes an nbgrader solution cell: the stub as shipped, then the reference
  code (the `solution` code cells) between `### BEGIN SOLUTION` / `### END SOLUTION`, which
  `nbgrader generate_assignment` removes, so the released cell is the stub the lesson ships;
* the `check` cell becomes an autograded test cell worth POINTS that grades in a fresh process
  (`agentkit.grading.in_fresh_process`, the check named at build time from the notebook's imports):
  the student's answers go there as source and values, so no cell of the student's kernel can
  forge the grade by patching the grader or the check. It raises `AssertionError` with the
  check's own lines when the exercise is not passed (an autograder needs an exception), and
  prints the verdict when it is. A check call the builder cannot name (not `module.check(...)` of
  agentkit) is graded in the kernel, with a warning;
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


FRESH = (
    "from agentkit.grading import in_fresh_process  # graded apart: no cell above can forge it",
    "",
    '_verdict = in_fresh_process("{target}"{args})',
    'print(_verdict["text"])',
    'if not _verdict["passed"]:  # for the autograder: a check that is not passed raises',
    '    raise AssertionError(_verdict["text"])',
)
ROOT = Path(__file__).resolve().parent.parent


def imported_names(cells) -> dict[str, str]:
    """What each name the cells import stands for: a module ("agentkit.lessons.checks") or a
    module's attribute ("agentkit.lessons.checks:whole_loop"). Read from the import statements
    (a module is one with a file beside this script; nothing is imported)."""
    names: dict[str, str] = {}
    for cell in cells:
        if cell.cell_type != "code":
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    names[a.asname or a.name.split(".")[0]] = (
                        a.name if a.asname else a.name.split(".")[0]
                    )
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for a in node.names:
                    whole = f"{node.module}.{a.name}"
                    names[a.asname or a.name] = (
                        whole if _is_module(whole) else f"{node.module}:{a.name}"
                    )
    return names


def _is_module(dotted: str) -> bool:
    path = ROOT.joinpath(*dotted.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def check_target(call: ast.Call, names: dict[str, str]) -> str | None:
    """The check a call names, as in_fresh_process takes it ("agentkit.lessons.checks:whole_loop"),
    or None: `module.check(...)` or `check(...)` of an agentkit module, positional answers only."""
    if call.keywords or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        module = names.get(func.value.id, "")
        target = f"{module}:{func.attr}" if module and ":" not in module else None
    elif isinstance(func, ast.Name):
        target = names.get(func.id)
    else:
        target = None
    if target is None or ":" not in target or not target.startswith("agentkit."):
        return None
    return target


def fresh_check(source: str, names: dict[str, str]) -> str | None:
    """The check cell, its last expression (the check call) graded in a fresh process, raising
    when the exercise is not passed. None when the cell does not end in a check call this can
    name (`names`: what the notebook's imports stand for)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    last = tree.body[-1] if tree.body else None
    if not isinstance(last, ast.Expr) or not isinstance(last.value, ast.Call):
        return None
    target = check_target(last.value, names)
    if target is None:
        return None
    args = "".join(", " + ast.get_source_segment(source, a) for a in last.value.args)
    head = source.splitlines()[: last.lineno - 1]
    body = [line.format(target=target, args=args) for line in FRESH]
    return "\n".join([*head, *(["", ""] if head and head[-1].strip() else []), *body]).strip("\n")


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


def graded_check(source: str, names: dict[str, str], i: int, warn) -> str:
    """A check cell as the course grades it: in a fresh process, else in the kernel (warned)."""
    fresh = fresh_check(source, names)
    if fresh is not None:
        return fresh
    warn(f"第 {i + 1} 个单元格（check）的检查调用无法交给新进程评分，改在 kernel 里评分")
    raising = raising_check(source)
    if raising is None:
        warn(f"第 {i + 1} 个单元格（check）不以检查调用结尾，原样保留")
    return raising or source


def convert(nb, i: int, role: str | None, n: int, ex, warn) -> object | None:
    """Cell i as the course has it (None: merged into its exercise's solution region)."""
    cell = copy.deepcopy(nb.cells[i])
    cell.metadata.pop("jupyter", None)  # nothing collapsed in a course
    if role == "exercise":
        cell = solution_cell(cell, [nb.cells[s] for s in ex.solutions])
        cell.metadata["nbgrader"] = nbgrader_meta(f"exercise_{n}", solution=True)
    elif role == "check":
        cell.source = graded_check(cell.source, imported_names(nb.cells[: i + 1]), i, warn)
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
