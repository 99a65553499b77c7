"""scripts/build_editions.py: the student edition's check cells fail until the exercise is done and pass
with the solution; the instructor edition is the notebooks as they are.

Fixtures in tests/data/editions/: solution_exercise.ipynb (the exercise cells hold the solutions) and
starter_exercise.ipynb (the exercise cell holds a starter and `# solution: module:name`, as lesson 07)."""

import copy
import importlib.util
import inspect
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from agentkit.grading import SCENARIOS

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "editions"
SCRIPT = ROOT / "scripts" / "build_editions.py"
LESSON_07 = ROOT / "notebooks" / "07_your_loop.ipynb"


def _load_script():
    spec = importlib.util.spec_from_file_location("build_editions", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_editions"] = module
    spec.loader.exec_module(module)
    return module


be = _load_script()


def tagged(nb, tag):
    return [c for c in nb.cells if tag in c.metadata.get("tags", [])]


def errors(cell):
    return [o for o in cell.get("outputs", []) if o.output_type == "error"]


def stdout(cell):
    return "".join(o.get("text", "") for o in cell.get("outputs", []) if o.output_type == "stream")


def execute(nb, cwd):
    """Run every cell (errors allowed, so each cell's outcome can be read); the kernel starts in `cwd`."""
    nb = copy.deepcopy(nb)
    NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(cwd)}},
    ).execute()
    return nb


def fill(nb, sources):
    """The learner's work: each exercise cell gets the given source."""
    nb = copy.deepcopy(nb)
    for cell, source in zip(tagged(nb, "exercise"), sources, strict=False):
        cell.source = source
    return nb


@pytest.fixture
def built(tmp_path):
    reports = be.build(DATA, tmp_path)
    return tmp_path, {r.notebook: r for r in reports}


def read(path):
    return nbformat.read(path, as_version=4)


# --- what the build writes ------------------------------------------------------------------------------


def test_both_editions_hold_every_notebook_and_the_instructor_one_is_unchanged(built):
    out, reports = built
    sources = sorted(p.name for p in DATA.glob("*.ipynb"))
    assert sorted(reports) == sources
    for name in sources:
        assert read(out / "instructor" / name) == read(DATA / name)
        nbformat.validate(read(out / "student" / name))
    assert (
        reports["solution_exercise.ipynb"].exercises == 2
        and not reports["solution_exercise.ipynb"].warnings
    )


def test_a_solution_exercise_becomes_hint_and_stub(built):
    out, _ = built
    source, student = (
        read(DATA / "solution_exercise.ipynb"),
        read(out / "student" / "solution_exercise.ipynb"),
    )
    function, constant = tagged(student, "exercise")
    assert function.source.startswith("# 提示：用一个 for 循环把每个数加起来，不要用内置的 sum()。")
    stubbed = 'def add_all(numbers):\n    """Return the sum of `numbers`."""\n    raise NotImplementedError('
    assert stubbed in function.source
    assert "total" not in function.source and "# hint:" not in function.source
    assert constant.source == f"# {be.DEFAULT_HINT}\n\ncontinue_on = ...  # 在这里写你的代码"
    for cell in tagged(student, "exercise") + tagged(student, "check"):
        assert cell.outputs == [] and cell.execution_count is None
    assert (
        student.cells[1] == source.cells[1]
    )  # cells that are not exercises or checks keep their outputs
    assert student.metadata["agentkit_edition"] == "student"


def test_student_checks_fail_until_the_exercises_are_done(built):
    out, _ = built
    student = read(out / "student" / "solution_exercise.ipynb")
    ran = execute(student, DATA)
    assert not errors(ran.cells[1])
    first, second = tagged(ran, "check")
    assert (
        "NotImplementedError" in errors(first)[0].ename
        and "在这里写你的代码" in errors(first)[0].evalue
    )
    assert errors(second)[0].ename == "AssertionError"
    # The learner writes the solutions (the instructor edition's exercise cells): every check passes.
    solutions = [
        c.source for c in tagged(read(out / "instructor" / "solution_exercise.ipynb"), "exercise")
    ]
    done = execute(fill(student, solutions), DATA)
    assert not any(errors(c) for c in done.cells)
    assert [stdout(c) for c in tagged(done, "check")] == [
        "✓ add_all 通过\n",
        "✓ continue_on 通过\n",
    ]


def test_a_starter_exercise_keeps_the_starter_and_the_check_targets_the_learner(built):
    out, reports = built
    student = read(out / "student" / "starter_exercise.ipynb")
    [exercise], [check] = tagged(student, "exercise"), tagged(student, "check")
    assert exercise.source.startswith(
        "# 提示：起始代码只取了第一个数，改成把每个数都加起来。\n\ndef my_add_all(numbers):"
    )
    assert "return numbers[0]" in exercise.source and "# solution:" not in exercise.source
    assert check.source.startswith("fn = my_add_all\n") and "add_all_solution" not in check.source
    assert not reports["starter_exercise.ipynb"].warnings
    assert errors(tagged(execute(student, DATA), "check")[0])[0].ename == "AssertionError"
    sys.path.insert(0, str(DATA))
    try:
        import edition_solutions
    finally:
        sys.path.remove(str(DATA))
    solution = inspect.getsource(edition_solutions.add_all_solution).replace(
        "def add_all_solution", "def my_add_all"
    )
    [check] = tagged(execute(fill(student, [solution]), DATA), "check")
    assert not errors(check) and stdout(check) == "✓ my_add_all 通过\n"


# --- lesson 07 ------------------------------------------------------------------------------------------


@pytest.mark.skipif(not LESSON_07.exists(), reason="lesson 07 is not written yet")
def test_lesson_07_student_check_fails_until_the_loop_is_written(tmp_path):
    """Lesson 07's exercise cell holds a deliberately incomplete my_loop; its solution is
    agentkit.lessons.solution.solution_loop. If the lesson does not say so yet (`# solution:` line), this test
    adds the line to its copy, so it checks the real lesson's cells either way."""
    src = tmp_path / "src"
    src.mkdir()
    nb = read(LESSON_07)
    [exercise] = tagged(nb, "exercise")
    if not any(be.SOLUTION.match(line) for line in exercise.source.splitlines()):
        exercise.source = "# solution: agentkit.lessons.solution:solution_loop\n" + exercise.source
    nbformat.write(nb, src / LESSON_07.name)
    [report] = be.build(src, tmp_path / "out")
    assert report.exercises == 1 and not report.warnings
    student = read(tmp_path / "out" / "student" / LESSON_07.name)
    [exercise], [check] = tagged(student, "exercise"), tagged(student, "check")
    assert "def my_loop(client, messages, *, tools, run_tool, model):" in exercise.source
    assert "loop = my_loop" in check.source and "solution_loop" not in check.source
    ran = execute(student, LESSON_07.parent)
    assert errors(tagged(ran, "check")[0])[0].ename == "AssertionError"  # the starter does not pass
    from agentkit.lessons.solution import solution_source

    written = solution_source().replace("def solution_loop(", "def my_loop(")
    [check] = tagged(execute(fill(student, [written]), LESSON_07.parent), "check")
    n = len(SCENARIOS)
    assert not errors(check) and stdout(check) == f"my_loop：{n} 个场景全部通过\n"


def test_the_real_notebooks_build(tmp_path):
    reports = be.build(ROOT / "notebooks", tmp_path)
    for r in reports:
        assert read(tmp_path / "instructor" / r.notebook) == read(ROOT / "notebooks" / r.notebook)
        nbformat.validate(read(tmp_path / "student" / r.notebook))


# --- the command and bad input ------------------------------------------------------------------------


def test_the_command(tmp_path):
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--src", str(DATA), "--out", str(tmp_path / "ed")],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    assert "solution_exercise.ipynb：2 个练习已清空" in run.stdout
    assert (tmp_path / "ed" / "student" / "starter_exercise.ipynb").exists()
    assert (tmp_path / "ed" / "instructor" / "starter_exercise.ipynb").exists()


def _variant(tmp_path, edit):
    nb = read(DATA / "starter_exercise.ipynb")
    edit(tagged(nb, "exercise")[0])
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    nbformat.write(nb, src / "variant.ipynb")
    return src


def test_a_solution_that_cannot_be_imported_stops_the_build(tmp_path):
    src = _variant(
        tmp_path,
        lambda c: setattr(c, "source", c.source.replace("edition_solutions:", "no_such_module:")),
    )
    with pytest.raises(be.BuildError, match=r"variant\.ipynb 第 2 个单元格.*no_such_module"):
        be.build(src, tmp_path / "out")
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--src", str(src), "--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1 and "no_such_module" in run.stderr and "variant.ipynb" in run.stderr


def test_a_check_that_ignores_its_exercise_is_reported(tmp_path):
    directive = "# solution: edition_solutions:add_all_solution\n"
    src = _variant(tmp_path, lambda c: setattr(c, "source", c.source.replace(directive, "")))
    [report] = be.build(src, tmp_path / "out")
    assert (
        len(report.warnings) == 1
        and "my_add_all" in report.warnings[0]
        and "# solution:" in report.warnings[0]
    )


def test_a_check_without_an_exercise_has_its_outputs_cleared(tmp_path):
    src = _variant(tmp_path, lambda c: c.metadata.update(tags=[]))
    [report] = be.build(src, tmp_path / "out")
    [check] = tagged(read(tmp_path / "out" / "student" / "variant.ipynb"), "check")
    assert (
        check.outputs == [] and report.exercises == 0 and "前面没有 exercise" in report.warnings[0]
    )


def test_stub_keeps_names_and_drops_solutions():
    source = (
        'import json\nLIMIT = 5\nclass Stop(Exception):\n    """Named exit."""\n    def __init__(self, m):\n'
        '        self.m = m\ndef one(a): return a + 1\nprint("side effect")\n'
    )
    out = be.stub(source)
    namespace = {}
    exec(compile(out, "stub", "exec"), namespace)
    assert {"json", "LIMIT", "Stop", "one"} <= namespace.keys() and namespace["LIMIT"] is Ellipsis
    assert (
        namespace["Stop"].__doc__ == "Named exit."
        and "a + 1" not in out
        and "side effect" not in out
    )
    with pytest.raises(NotImplementedError):
        namespace["one"](1)


def test_retarget_renames_the_solution_and_drops_its_import():
    check = (
        "from agentkit.lessons.solution import scenarios, solution_loop\n\nloop = solution_loop  # change to my_loop\n"
        "print('solution_loop')\n"
    )
    assert (
        be.retarget(check, "agentkit.lessons.solution", "solution_loop", "my_loop")
        == "from agentkit.lessons.solution import scenarios\n\nloop = my_loop\nprint('solution_loop')"
    )


# --- the instructor guide's table of common mistakes ------------------------------------------------------

GUIDE = ROOT / "docs" / "instructor_guide.md"


def guide_rows():
    """The rows of docs/instructor_guide.md's table of mistakes, as lists of cells."""
    section = GUIDE.read_text(encoding="utf-8").split("## 4.")[1].split("\n## ")[0]
    rows = [
        line.strip("|").split("|")
        for line in section.splitlines()
        if line.startswith("| ") and "`" in line
    ]
    return [[cell.strip() for cell in row] for row in rows]


def test_the_guide_names_real_specimens_scenarios_topics_and_items():
    import re

    from agentkit import check_loop
    from agentkit.antipatterns import SPECIMENS
    from agentkit.grading import SCENARIOS
    from quizzes import load_bank, load_topics

    code = re.compile(r"`([^`]+)`")
    items, topics, keys = {i.id: i for i in load_bank()}, load_topics(), [s.key for s in SCENARIOS]
    rows = guide_rows()
    assert len(rows) >= 13
    for _, specimens, failing, row_topics, row_items, _ in rows:
        row_topics = code.findall(row_topics)
        assert row_topics and all(t in topics for t in row_topics), row_topics
        for item in code.findall(
            row_items
        ):  # each item named exists and is tagged with one of the row's topics
            assert item in items and set(items[item].tags) & set(row_topics), item
        named = code.findall(failing)
        assert all(k in keys for k in named), named
        for name in (
            [] if specimens.startswith("无") else code.findall(specimens)
        ):  # what the grader really says
            assert name in SPECIMENS, name
            actual = {r.key for r in check_loop(SPECIMENS[name][1]).results if not r.passed}
            expected = set(keys) - set(named) if failing.startswith(("除", "全部")) else set(named)
            assert actual == expected, name
