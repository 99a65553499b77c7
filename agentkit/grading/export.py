"""check_loop results per student as a CSV, for a teacher without nbgrader.

    python -m agentkit.grading.export SUBMISSIONS --function my_loop --out results.csv

SUBMISSIONS holds each student's notebook, as `<student>.ipynb` or `<student>/<any>.ipynb` (the
layout nbgrader's `submitted/` folder has). From each notebook only the definitions are run
(imports, functions, classes, and assignments that call nothing), so no lesson is re-run and no
request is sent before the loop is graded; then `check_loop` grades the named function on the
battery. One row per student: passed / total, then one column per scenario (`通过` / `passed`,
or the diagnosis, in the language AGENTKIT_LANG asks for). A notebook that cannot be read, or
that defines no such function, gets its row with the reason in `error`. The students' code runs
in this process: grade work you collected.
"""

from __future__ import annotations

import argparse
import ast
import csv
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .report import Report, check_loop
from .strings import T

DEFINITIONS = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def is_definition(node: ast.stmt) -> bool:
    if isinstance(node, DEFINITIONS):
        return True
    if isinstance(node, ast.Assign | ast.AnnAssign):
        return not any(isinstance(n, ast.Call) for n in ast.walk(node))
    return False


def code_cells(path: Path) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [
        "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
        for c in nb.get("cells", [])
        if c.get("cell_type") == "code"
    ]


def load_function(path: Path, name: str) -> Callable[..., Any]:
    """The function `name` as the notebook's definitions leave it (a later definition wins)."""
    namespace: dict[str, Any] = {"__name__": f"submission_{path.stem}"}
    for source in code_cells(path):
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue  # a cell that does not parse defines nothing; the learner sees it in Jupyter
        for node in tree.body:
            if not is_definition(node):
                continue
            try:
                exec(compile(ast.Module([node], []), str(path), "exec"), namespace)
            except Exception:
                continue
    fn = namespace.get(name)
    if not callable(fn):
        raise LookupError(T("no_function", file=path.name, name=name))
    return fn


def submissions(folder: Path) -> dict[str, Path]:
    """student -> notebook: `<student>.ipynb` directly in the folder, or `<student>/<x>.ipynb`."""
    found = {p.stem: p for p in sorted(folder.glob("*.ipynb"))}
    for sub in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")):
        notebooks = sorted(sub.rglob("*.ipynb"))
        notebooks = [p for p in notebooks if ".ipynb_checkpoints" not in p.parts]
        if notebooks:
            found[sub.name] = notebooks[0]
    return found


def grade_folder(folder: Path, name: str = "my_loop", seed: int = 0) -> dict[str, Report | str]:
    """student -> their Report, or the reason there is none."""
    graded: dict[str, Report | str] = {}
    for student, path in submissions(folder).items():
        try:
            fn = load_function(path, name)
        except (OSError, ValueError, KeyError, LookupError) as e:
            graded[student] = str(e)
            continue
        graded[student] = check_loop(fn, seed=seed, name=student)
    return graded


def write_csv(graded: dict[str, Report | str], path: Path) -> None:
    keys: list[str] = []
    for r in graded.values():
        if isinstance(r, Report):
            keys = [x.key for x in r.results]
            break
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["student", "passed", "total", "seed", *keys, "error"])
        for student, r in graded.items():
            if isinstance(r, str):
                writer.writerow([student, 0, len(keys), "", *[""] * len(keys), r])
                continue
            by_key = {x.key: (T("passed") if x.passed else x.diagnosis) for x in r.results}
            passed = sum(x.passed for x in r.results)
            row = [student, passed, len(r.results), r.seed, *(by_key.get(k, "") for k in keys)]
            writer.writerow([*row, ""])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m agentkit.grading.export",
        description="Grade every student's loop with check_loop; write one CSV row per student.",
    )
    parser.add_argument("submissions", type=Path, help="folder of the students' notebooks")
    parser.add_argument("--function", default="my_loop", help="the loop's name (default my_loop)")
    parser.add_argument("--seed", type=int, default=0, help="the battery's seed (default 0)")
    parser.add_argument("--out", type=Path, default=Path("results.csv"), help="the CSV to write")
    args = parser.parse_args(argv)
    if not args.submissions.is_dir():
        print(T("not_a_folder", path=args.submissions), file=sys.stderr)
        return 1
    graded = grade_folder(args.submissions, args.function, args.seed)
    if not graded:
        print(T("no_notebooks", path=args.submissions), file=sys.stderr)
        return 1
    write_csv(graded, args.out)
    done = sum(isinstance(r, Report) for r in graded.values())
    print(T("graded", n=len(graded), done=done, out=args.out))

    return 0


if __name__ == "__main__":
    sys.exit(main())
