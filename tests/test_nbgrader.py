"""`build_editions.py --nbgrader OUT`: an nbgrader course from the lessons' tags, graded by nbgrader
itself (generate_assignment, autograde) with the scores read back from nbgrader's database. Its
check cells grade in a fresh process: a student's cell that patches the grader or the checks in
the kernel forges nothing."""

import os
import shutil
import subprocess
import sys
import sysconfig
import types
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "build_editions.py"
sys.path.insert(0, str(ROOT / "scripts"))

import build_editions  # noqa: E402
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
            assert '_verdict = in_fresh_process("agentkit.lessons.' in check.source, check.source
            assert 'raise AssertionError(_verdict["text"])' in check.source
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


def test_a_check_cell_names_its_check_at_build_time_from_the_notebooks_imports():
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "from agentkit.lessons import checks\nimport agentkit.lessons.sdk as s"
        ),
        nbformat.v4.new_code_cell("from agentkit.lessons.checks import whole_loop as whole"),
    ]
    names = nbgrader_course.imported_names(nb.cells)
    assert names["checks"] == "agentkit.lessons.checks" and names["s"] == "agentkit.lessons.sdk"
    assert names["whole"] == "agentkit.lessons.checks:whole_loop"
    cell = nbgrader_course.fresh_check("x = 1\nchecks.request(build_request)", names)
    assert cell.splitlines()[0] == "x = 1"
    assert '_verdict = in_fresh_process("agentkit.lessons.checks:request", build_request)' in cell
    assert '"agentkit.lessons.checks:whole_loop", my_loop)' in nbgrader_course.fresh_check(
        "whole(my_loop)", names
    )
    for unnamed in ("checks.request(f, x=1)", "other.request(f)", "print(1)", "x = 1"):
        assert nbgrader_course.fresh_check(unnamed, names) is None, unnamed


def fresh_cell(lesson: str, grade_id: str) -> str:
    """The course's check cell `grade_id` of `lesson`, as build_editions writes it."""
    nb = nbformat.read(ROOT / "notebooks" / f"{lesson}.ipynb", as_version=4)
    warnings: list[str] = []
    course = nbgrader_course.course_notebook(nb, build_editions.find_exercises, warnings, lesson)
    assert not warnings, warnings
    (cell,) = [c for c in course.cells if meta(c).get("grade_id") == grade_id]
    return cell.source


def as_a_kernel_defines(code: str, monkeypatch, imports: str = "") -> dict:
    """Run `code` as a kernel runs a cell: in a __main__ with no file, its lines in linecache
    (so inspect finds a function's source and no class's), the notebook's `imports` first."""
    import linecache

    cell = f"/tmp/ipykernel_0/{abs(hash(code))}.py"
    text = imports + "\n" + code
    monkeypatch.setitem(linecache.cache, cell, (len(text), None, text.splitlines(True), cell))
    kernel = types.ModuleType("__main__")
    monkeypatch.setitem(sys.modules, "__main__", kernel)
    exec(compile(text, cell, "exec"), vars(kernel))
    return vars(kernel)


def reference(lesson: str, n: int) -> str:
    """Exercise n's reference code under the learner's names, as a student writes it."""
    nb = nbformat.read(ROOT / "notebooks" / f"{lesson}.ipynb", as_version=4)
    ex = build_editions.find_exercises(nb)[n - 1]
    code = "\n\n".join(nb.cells[s].source for s in ex.solutions if nb.cells[s].cell_type == "code")
    return nbgrader_course.as_the_learners(code, nb.cells[ex.index].source)


def test_a_forged_kernel_cannot_pass_a_broken_loop_in_a_fresh_check_cell(monkeypatch, capsys):
    """Lesson 05's check cell, run where a cell patched the diagnosis and the lesson's check: the
    stub still fails with the check's own lines, and the reference answer passes."""
    import agentkit.grading.report
    import agentkit.lessons.checks
    from agentkit.lessons.checks import Verdict

    source = fresh_cell("05_broken_termination", "check_1")
    nb = nbformat.read(ROOT / "notebooks" / "05_broken_termination.ipynb", as_version=4)
    stub = nb.cells[build_editions.find_exercises(nb)[0].index].source
    imports = "from agentkit.tools import tool_results\n"
    monkeypatch.setattr(agentkit.grading.report, "diagnose", lambda run: [])
    monkeypatch.setattr(
        agentkit.lessons.checks, "correct_stop", lambda loop: Verdict(True, ["✓ 通过"])
    )
    with pytest.raises(AssertionError, match="还没做完：.* 个场景通过；"):
        exec(source, as_a_kernel_defines(stub, monkeypatch, imports))
    exec(source, as_a_kernel_defines(reference("05_broken_termination", 1), monkeypatch, imports))
    assert "✓" in capsys.readouterr().out


def test_lesson_07s_reference_loop_as_a_kernel_defines_it_passes_its_fresh_check(monkeypatch):
    """Its classes (a kernel has no source for them: read from the cell's lines, or rebuilt from
    their bases), its MAX_TURNS default and json go with my_loop to the fresh process."""
    source = fresh_cell("07_your_loop", "check_1")
    namespace = as_a_kernel_defines(reference("07_your_loop", 1), monkeypatch, "import json\n")
    exec(source, namespace)
    assert namespace["_verdict"]["passed"] is True, namespace["_verdict"]["text"]


def solve(nb, grade_id: str, solution: str) -> None:
    (cell,) = [c for c in nb.cells if meta(c).get("grade_id") == grade_id]
    cell.source = solution


def with_the_interpreters_scripts() -> dict[str, str]:
    """nbgrader runs `alembic` by name: put this interpreter's scripts folder first on PATH, as an
    activated venv would (the tests may run as `.venv/bin/python -m pytest`, not activated)."""
    scripts = sysconfig.get_path("scripts")
    return {**os.environ, "PATH": os.pathsep.join([scripts, os.environ.get("PATH", "")])}


FORGES = """\
import agentkit.grading.report
import agentkit.lessons.checks as checks_module

passing = lambda *answers: checks_module.Verdict(True, ["✓ 通过"])  # noqa: E731
checks_module.request = checks_module.predicted_stop_reasons = passing
checks_module.Verdict.passed = True
agentkit.grading.report.diagnose = lambda run: []

"""


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
        "mallory": {"exercise_1": FORGES + exercises[0]},  # stubs, and the grader patched
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
    assert max_score == 2 and scores == {"alice": 1, "bob": 2, "carol": 0, "mallory": 0}
    assert per_check[("alice", "check_1")] == 1 and per_check[("alice", "check_2")] == 0
    graded = nbformat.read(course / "autograded" / "alice" / lesson / f"{lesson}.ipynb", 4)
    (check_2,) = [c for c in graded.cells if meta(c).get("grade_id") == "check_2"]
    error = next(o for o in check_2.outputs if o.output_type == "error")
    assert error.ename == "AssertionError" and "还没做完" in error.evalue  # the check's own words
    bob = nbformat.read(course / "autograded" / "bob" / lesson / f"{lesson}.ipynb", 4)
    (restored,) = [c for c in bob.cells if meta(c).get("grade_id") == locked_id]
    assert restored.source == original
    shutil.rmtree(course / "autograded")
