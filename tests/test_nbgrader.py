"""`build_editions.py --nbgrader OUT`: an nbgrader course from the lessons' tags, graded by nbgrader
itself (generate_assignment, autograde) with the scores read back from nbgrader's database."""

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "build_editions.py"
sys.path.insert(0, str(ROOT / "scripts"))

import nbgrader_course  # noqa: E402

pytestmark = pytest.mark.slow  # nbgrader's whole course: the full tier


def build(out: Path, *notebooks: str) -> subprocess.CompletedProcess:
    args = [str(ROOT / "notebooks" / n) for n in notebooks]
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--nbgrader", str(out), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def meta(cell) -> dict:
    return cell.metadata.get("nbgrader", {})


def test_every_lesson_with_exercises_becomes_an_assignment_with_nbgraders_metadata(tmp_path):
    r = build(tmp_path)
    assert r.returncode == 0 and not r.stderr, r.stderr
    assignments = sorted(p.name for p in (tmp_path / "source").iterdir())
    assert assignments[0] == "00_start" and "09_quiz" in assignments  # 09's one quiz exercise
    assert (tmp_path / "nbgrader_config.py").exists()
    for name in assignments:
        shipped = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
        course = nbformat.read(tmp_path / "source" / name / f"{name}.ipynb", as_version=4)
        solutions = [c for c in course.cells if meta(c).get("solution") and c.cell_type == "code"]
        checks = [c for c in course.cells if meta(c).get("grade") and c.cell_type == "code"]
        exercises = [c for c in shipped.cells if "exercise" in c.metadata.get("tags", [])]
        assert len(solutions) == len(checks) == len(exercises) > 0
        for solution, exercise in zip(solutions, exercises, strict=True):
            assert solution.source.startswith(exercise.source.rstrip())  # the stub, as shipped
            assert "### BEGIN SOLUTION" in solution.source and not meta(solution)["locked"]
        for check in checks:
            assert meta(check)["points"] == 1 and meta(check)["locked"]
            assert "raise AssertionError(repr(_verdict))" in check.source
        others = [c for c in course.cells if c.cell_type == "code" and c not in solutions + checks]
        assert others and all(meta(c)["locked"] and not meta(c)["grade"] for c in others)
        assert all(not c.get("outputs") for c in course.cells if c.cell_type == "code")


def test_the_check_cell_raises_the_checks_own_lines_when_not_passed():
    source = nbgrader_course.raising_check("from x import checks\n\nchecks.request(\n    f\n)")
    assert source.splitlines()[:3] == ["from x import checks", "", "_verdict = checks.request("]

    class Verdict:
        def __init__(self, passed):
            self.passed = passed

        def __repr__(self):
            return "… 还没做完：build_request 还是占位代码"

    checks = type("checks", (), {"request": staticmethod(lambda f: Verdict(f))})
    namespace = {"checks": checks, "f": False}
    body = "\n".join(source.splitlines()[2:])
    with pytest.raises(AssertionError, match="还没做完：build_request 还是占位代码"):
        exec(body, namespace)
    namespace["f"] = True
    exec(body, namespace)
    assert nbgrader_course.raising_check("x = 1") is None


def solve(nb, grade_id: str, solution: str) -> None:
    (cell,) = [c for c in nb.cells if meta(c).get("grade_id") == grade_id]
    cell.source = solution


def with_the_interpreters_scripts() -> dict[str, str]:
    """nbgrader runs `alembic` by name: put this interpreter's scripts folder first on PATH, as an
    activated venv would (the tests may run as `.venv/bin/python -m pytest`, not activated)."""
    scripts = sysconfig.get_path("scripts")
    return {**os.environ, "PATH": os.pathsep.join([scripts, os.environ.get("PATH", "")])}


def test_nbgrader_autogrades_a_class_and_its_database_holds_the_scores(tmp_path):
    pytest.importorskip("nbgrader", reason='nbgrader comes with pip install -e ".[classroom]"')
    from nbgrader.api import Gradebook

    course, lesson = tmp_path / "course", "01_one_request"
    assert build(course, f"{lesson}.ipynb").returncode == 0

    def nbgrader(*args: str) -> None:
        r = subprocess.run(
            [sys.executable, "-m", "nbgrader", *args],
            cwd=course,
            capture_output=True,
            text=True,
            timeout=300,
            env=with_the_interpreters_scripts(),
        )
        assert r.returncode == 0, r.stdout + r.stderr

    nbgrader("generate_assignment", lesson, "--force")
    released = nbformat.read(course / "release" / lesson / f"{lesson}.ipynb", as_version=4)
    assert "### BEGIN SOLUTION" not in nbformat.writes(released)
    shipped = nbformat.read(ROOT / "notebooks" / f"{lesson}.ipynb", as_version=4)
    exercises = [c.source for c in shipped.cells if "exercise" in c.metadata.get("tags", [])]
    answers = [  # as a student writes them: under the exercise's own names
        nbgrader_course.as_the_learners(c.source, stub)
        for c, stub in zip(
            [c for c in shipped.cells if "solution" in c.metadata.get("tags", [])],
            exercises,
            strict=True,
        )
    ]

    submissions = {
        "alice": {"exercise_1": answers[0]},  # the request built, the prediction left as stub
        "bob": {"exercise_1": answers[0], "exercise_2": answers[1]},
        "carol": {},  # nothing done
    }
    for student, solved in submissions.items():
        nb = nbformat.read(course / "release" / lesson / f"{lesson}.ipynb", as_version=4)
        for grade_id, solution in solved.items():
            solve(nb, grade_id, solution)
        if student == "bob":  # a locked cell edited: nbgrader puts the lesson's code back
            locked = next(c for c in nb.cells if c.cell_type == "code" and not meta(c)["grade"])
            locked_id, original = meta(locked)["grade_id"], locked.source
            locked.source = "MODEL = 'tampered'"
        folder = course / "submitted" / student / lesson
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / f"{lesson}.ipynb")
    nbgrader("autograde", lesson, "--create", "--force")

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        scores = {
            student: gb.find_submission_notebook(lesson, lesson, student).score
            for student in submissions
        }
        max_score = gb.find_submission_notebook(lesson, lesson, "alice").max_score
        per_check = {
            (student, grade_id): gb.find_grade(grade_id, lesson, lesson, student).score
            for student in submissions
            for grade_id in ("check_1", "check_2")
        }
    assert max_score == 2 and scores == {"alice": 1, "bob": 2, "carol": 0}
    assert per_check[("alice", "check_1")] == 1 and per_check[("alice", "check_2")] == 0
    graded = nbformat.read(course / "autograded" / "alice" / lesson / f"{lesson}.ipynb", 4)
    (check_2,) = [c for c in graded.cells if meta(c).get("grade_id") == "check_2"]
    error = next(o for o in check_2.outputs if o.output_type == "error")
    assert error.ename == "AssertionError" and "还没做完" in error.evalue  # the check's own words
    bob = nbformat.read(course / "autograded" / "bob" / lesson / f"{lesson}.ipynb", 4)
    (restored,) = [c for c in bob.cells if meta(c).get("grade_id") == locked_id]
    assert restored.source == original
    shutil.rmtree(course / "autograded")
