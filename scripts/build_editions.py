"""Build the student and instructor editions of the workbook from the notebooks in notebooks/.

    python scripts/build_editions.py                      # -> build/editions/{student,instructor}/
    python scripts/build_editions.py --out /tmp/ed --src notebooks

Each edition is built for both languages: the Chinese lessons (notebooks/*.ipynb) go to
build/editions/<edition>/, their English twins (notebooks/en/*.ipynb, built by
scripts/build_english.py) to build/editions/<edition>/en/, the same layout as notebooks/.

Both editions come from the same cell tags the lessons ship with. An exercise is three cells:

* `exercise`: a code cell that ships as a stub (a `TODO`, `...` or `pass` for the learner to fill in);
* `check`: the code cell after it, which grades the exercise in a few lines (in the edition's language);
* `solution`: one or more cells after the check holding the reference answer (code, and for the
  self-test also the written answer), collapsed (`metadata.jupyter.source_hidden: true`).

Student edition: every `solution` cell is removed, and so is every sentence marked
`<!-- solution-note -->…<!-- /solution-note -->` (one that points to a folded solution). The stored
outputs of the exercise and check cells are those of the stub ("Not done yet"); the outputs of later
cells that use what an exercise defines (directly, or through a name such a cell defined) are
cleared: they were made with the reference answer, and the student's run will make its own.

Instructor edition: every cell kept, solutions expanded (not collapsed), notes kept (the markers are
HTML comments, invisible when rendered), outputs as stored.

Its messages follow AGENTKIT_LANG (zh, the default, or en), as agentkit's do. The build warns (on
stderr) about a notebook that breaks the pattern: an exercise that is not a stub,
without a check or without a solution; a check or solution with no exercise before it; a solution
that is not collapsed. The shipped lessons build without a warning (tests/test_editions.py).
"""

from __future__ import annotations

import argparse
import ast
import copy
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

from agentkit.i18n import Strings
from agentkit.lessons import registry

ROOT = Path(__file__).resolve().parent.parent
# what the build says, (zh, en); AGENTKIT_LANG picks one when it is said
MESSAGES = {
    "cell": ("{notebook} 第 {n} 个单元格", "{notebook} cell {n}"),
    "not_stub": (
        "{where}（exercise）不是占位代码：应当含 TODO、... 或 pass",
        "{where} (exercise) is not a stub: it should hold TODO, ... or pass",
    ),
    "not_collapsed": (
        "{where}（solution）没有折叠：加上 metadata.jupyter.source_hidden = true",
        "{where} (solution) is not collapsed: add metadata.jupyter.source_hidden = true",
    ),
    "exercise": ("{notebook} 第 {n} 个单元格（exercise）", "{notebook} cell {n} (exercise)"),
    "no_check": ("{where}后面没有 check 单元格", "{where} has no check cell after it"),
    "no_solution": (
        "{where}的检查后面没有 solution 单元格",
        "{where} has no solution cell after its check",
    ),
    "lone_check": (
        "{where}（check）前面没有等着检查的 exercise 单元格",
        "{where} (check) has no exercise before it waiting for a check",
    ),
    "lone_solution": (
        "{where}（solution）前面没有 exercise 和 check 单元格",
        "{where} (solution) has no exercise and check before it",
    ),
    "no_notebooks": ("{src} 里没有 .ipynb 笔记本", "{src} holds no .ipynb notebook"),
    "unreadable": (
        "{path} 不是可读的笔记本：{error}",
        "{path} is not a readable notebook: {error}",
    ),
    "error": ("错误：{error}", "Error: {error}"),
    "built": (
        "{notebook}：{exercises} 个练习，学生版去掉 {solutions} 个参考答案单元格",
        "{notebook}: exercises {exercises}, solution cells left out of the student edition "
        "{solutions}",
    ),
    "copied": ("{notebook}：没有练习，原样复制", "{notebook}: no exercises, copied as it is"),
    "warning": ("  警告：{warning}", "  warning: {warning}"),
    "done": (
        "学生版：{student}\n教师版：{instructor}",
        "Student edition: {student}\nInstructor edition: {instructor}",
    ),
}


# the build's messages, in the language AGENTKIT_LANG asks for (read at each call)
say = Strings("scripts.build_editions", MESSAGES)


STUB = re.compile(r"TODO|\.\.\.|\bpass\b")
NOTE = re.compile(r"<!-- solution-note -->.*?<!-- /solution-note -->", re.S)


class BuildError(Exception):
    """A notebook that cannot be read; the message names it."""


@dataclass
class Exercise:
    """One exercise cell, its check and its solution cells (indices in the notebook)."""

    index: int
    check: int | None = None
    solutions: list[int] = field(default_factory=list)


@dataclass
class Report:
    notebook: str
    exercises: int = 0
    solutions: int = 0
    warnings: list[str] = field(default_factory=list)


def tags(cell) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def collapsed(cell) -> bool:
    return cell.get("metadata", {}).get("jupyter", {}).get("source_hidden") is True


def find_exercises(nb, report: Report | None = None) -> list[Exercise]:
    """The exercises of a notebook; what breaks the pattern goes into `report.warnings`."""
    report = report or Report("")
    found: list[Exercise] = []
    for i, cell in enumerate(nb.cells):
        where = say("cell", notebook=report.notebook, n=i + 1)
        kind = tags(cell) & {"exercise", "check", "solution"}
        if "exercise" in kind:
            found.append(Exercise(i))
            if cell.cell_type != "code" or not STUB.search(cell.source):
                report.warnings.append(say("not_stub", where=where))
        elif "check" in kind:
            _pair(found, "check", i, where, report)
        elif "solution" in kind:
            _pair(found, "solution", i, where, report)
            if not collapsed(cell):
                report.warnings.append(say("not_collapsed", where=where))
    for ex in found:
        where = say("exercise", notebook=report.notebook, n=ex.index + 1)
        if ex.check is None:
            report.warnings.append(say("no_check", where=where))
        elif not ex.solutions:
            report.warnings.append(say("no_solution", where=where))
    return found


def _pair(found: list[Exercise], kind: str, i: int, where: str, report: Report) -> None:
    """Attach a check (or solution) cell to the exercise before it, or warn."""
    last = found[-1] if found else None
    if kind == "check" and last is not None and last.check is None:
        last.check = i
    elif kind == "solution" and last is not None and last.check is not None:
        last.solutions.append(i)
    elif kind == "check":
        report.warnings.append(say("lone_check", where=where))
    else:
        report.warnings.append(say("lone_solution", where=where))


def defined(source: str) -> set[str]:
    """The names a code cell binds at top level (functions, classes, assignments, imports)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.For)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return names


def uses(source: str, names: set[str]) -> bool:
    return any(re.search(rf"\b{re.escape(n)}\b", source) for n in names)


def clear_dependent_outputs(cells: list) -> None:
    """Clear the outputs of the code cells (other than checks) that use a name an exercise
    defines, or a name defined by such a cell."""
    tainted: set[str] = set()
    for cell in cells:
        if cell.cell_type != "code":
            continue
        if "exercise" in tags(cell):
            tainted |= defined(cell.source)
        elif "check" not in tags(cell) and tainted and uses(cell.source, tainted):
            tainted |= defined(cell.source)
            cell.outputs, cell.execution_count = [], None


def student_edition(nb, name: str) -> tuple[object, Report]:
    """The notebook without its solution cells, solution notes and outputs made with them."""
    report = Report(name)
    exercises = find_exercises(nb, report)
    nb = copy.deepcopy(nb)
    report.exercises = len(exercises)
    report.solutions = sum("solution" in tags(c) for c in nb.cells)
    nb.cells = [c for c in nb.cells if "solution" not in tags(c)]
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = NOTE.sub("", cell.source)
    clear_dependent_outputs(nb.cells)
    nb.metadata["agentkit_edition"] = "student"
    return nb, report


def instructor_edition(nb):
    """Every cell kept; the solutions expanded."""
    nb = copy.deepcopy(nb)
    for cell in nb.cells:
        if "solution" in tags(cell):
            cell.metadata.get("jupyter", {}).pop("source_hidden", None)
            if not cell.metadata.get("jupyter", {}):
                cell.metadata.pop("jupyter", None)
    nb.metadata["agentkit_edition"] = "instructor"
    return nb


def build(src: Path, out: Path, notebooks: list[Path] | None = None) -> list[Report]:
    """Write out/student/*.ipynb and out/instructor/*.ipynb, and the English edition
    (src/en/*.ipynb) into out/student/en/ and out/instructor/en/. Returns one Report per notebook
    (an English one is named en/NN_x.ipynb)."""
    paths = notebooks or registry.sources(src)
    if not paths:
        raise BuildError(say("no_notebooks", src=src))
    english = [src / "en" / p.name for p in paths if (src / "en" / p.name).exists()]
    return _build(paths, out, "") + _build(english, out, "en")


def _build(paths: list[Path], out: Path, sub: str) -> list[Report]:
    for edition in ("student", "instructor"):
        (out / edition / sub).mkdir(parents=True, exist_ok=True)
    reports = []
    for path in paths:
        try:
            nb = nbformat.read(path, as_version=4)
        except Exception as e:
            raise BuildError(say("unreadable", path=path, error=e)) from e
        student, report = student_edition(nb, f"{sub}/{path.name}" if sub else path.name)
        nbformat.write(student, out / "student" / sub / path.name)
        nbformat.write(instructor_edition(nb), out / "instructor" / sub / path.name)
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
        "--src", type=Path, default=ROOT / "notebooks", help="the notebooks as shipped"
    )
    parser.add_argument(
        "notebooks", nargs="*", type=Path, help="only these notebooks (default: every one in --src)"
    )
    parser.add_argument("--nbgrader", type=Path, help="write an nbgrader course there instead")
    args = parser.parse_args(argv)
    if args.nbgrader:  # scripts/nbgrader_course.py: the same tags, nbgrader's metadata
        sys.path.insert(0, str(Path(__file__).parent))
        from nbgrader_course import main as nbgrader_main

        return nbgrader_main(args.src, args.nbgrader, args.notebooks, find_exercises)
    try:
        reports = build(args.src, args.out, args.notebooks or None)
    except BuildError as e:
        print(say("error", error=e), file=sys.stderr)
        return 1
    for r in reports:
        if r.exercises:
            print(say("built", notebook=r.notebook, exercises=r.exercises, solutions=r.solutions))
        else:
            print(say("copied", notebook=r.notebook))
        for w in r.warnings:
            print(say("warning", warning=w), file=sys.stderr)
    print(say("done", student=args.out / "student", instructor=args.out / "instructor"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
