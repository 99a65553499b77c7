"""scripts/build_editions.py: both editions from the lessons' tags. The student edition drops the
solution cells, the instructor edition keeps them (expanded); the shipped lessons build without a
warning; a notebook that breaks the exercise pattern is reported."""

import copy
import functools
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from agentkit.lessons import registry

pytestmark = pytest.mark.slow  # the student editions executed: the full tier

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "build_editions.py"
NOTEBOOKS = ROOT / "notebooks"
# Both languages: the Chinese lessons and their English twins (notebooks/en/), paths relative to
# notebooks/, which is also the layout of each edition.
SHIPPED = registry.paths(NOTEBOOKS)  # every lesson, both languages (agentkit.lessons.registry)
NOT_DONE = "… "  # a stub's verdict, in either language ("… 还没做完")
PASSED = re.compile(r"✓ (通过|[Pp]assed)")
FOLDED = {"": ("折叠", "展开"), "en": ("collapsed", "expand")}


def rel(path):
    return path.relative_to(NOTEBOOKS)


def _load_script():
    if "build_editions" in sys.modules:  # imported by another test module of this worker
        return sys.modules["build_editions"]
    spec = importlib.util.spec_from_file_location("build_editions", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_editions"] = module
    spec.loader.exec_module(module)
    return module


be = _load_script()


def tagged(nb, tag):
    return [c for c in nb.cells if tag in c.metadata.get("tags", [])]


def read(path):
    return nbformat.read(path, as_version=4)


def text(cell):
    return "".join(
        o.get("text", "") + o.get("data", {}).get("text/plain", "") for o in cell.get("outputs", [])
    )


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    out = tmp_path_factory.mktemp("editions")
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--src", str(NOTEBOOKS), "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    return out, run


def test_the_shipped_lessons_build_without_a_warning(shipped):
    out, run = shipped
    assert run.returncode == 0 and run.stderr == "", run.stderr
    assert "07_your_loop.ipynb：1 个练习，学生版去掉 1 个参考答案单元格" in run.stdout
    assert "en/00_start.ipynb：1 个练习，学生版去掉 1 个参考答案单元格" in run.stdout
    for edition in ("student", "instructor"):
        built = sorted(p.relative_to(out / edition) for p in (out / edition).rglob("*.ipynb"))
        assert built == sorted(rel(p) for p in SHIPPED)


def test_the_student_edition_drops_the_solutions_and_keeps_everything_else(shipped):
    out, _ = shipped
    for path in SHIPPED:
        source, student = read(path), read(out / "student" / rel(path))
        nbformat.validate(student)
        assert tagged(student, "solution") == []
        kept = [c for c in source.cells if "solution" not in c.metadata.get("tags", [])]
        assert [c.id for c in kept] == [c.id for c in student.cells]
        for a, b in zip(kept, student.cells, strict=True):
            assert be.NOTE.sub("", a.source) == b.source
            assert b.get("outputs") in ([], a.get("outputs"))
        assert student.metadata["agentkit_edition"] == "student"
        for cell in tagged(student, "check"):  # as shipped: the stub's verdict
            assert text(cell).startswith(NOT_DONE), (path.name, text(cell))


# Run All of the student edition: every Chinese lesson, and the English twins of the lessons whose
# exercises chain (02, 03, 07). The other twins' cells are the same code (tests/test_english.py)
# and strict nbval runs each English lesson whole.
CHAINED = {"02", "03", "07"}  # lessons whose exercises chain: their English twins run too
LESSONS = [lesson.path(NOTEBOOKS) for lesson in registry.lessons(timed=True)] + [
    lesson.path(NOTEBOOKS, "en")
    for lesson in registry.lessons(timed=True)
    if lesson.number in CHAINED
]


def _after_exercises(nb):
    seen = False
    for cell in nb.cells:
        seen = seen or "exercise" in cell.metadata.get("tags", [])
        if seen:
            yield cell


def test_no_stored_pass_mark_and_no_pointer_to_a_missing_solution_in_the_student_edition(shipped):
    out, _ = shipped
    for path in LESSONS:
        student = read(out / "student" / rel(path))
        for cell in _after_exercises(student):
            assert not PASSED.search(text(cell)), (path.name, cell.id, text(cell)[:200])
        for cell in student.cells:
            if cell.cell_type == "markdown":
                for word in FOLDED[rel(path).parent.name]:
                    assert word not in cell.source.lower(), (rel(path), cell.id, word)


def test_the_outputs_made_with_an_exercises_reference_are_cleared_in_the_student_edition(shipped):
    out, _ = shipped
    student = read(out / "student" / "02_the_loop.ipynb")
    [loop] = [c for c in student.cells if "step_3_4 = " in c.source]
    assert loop.outputs == []
    shipped_loop = [c for c in read(NOTEBOOKS / "02_the_loop.ipynb").cells if c.id == loop.id][0]
    assert "参考答案" in text(shipped_loop)  # in the shipped lesson it says whose code ran


def test_an_async_definition_taints_the_cells_that_use_it(shipped):
    """Issue 36: the builder skipped `async def`, so lesson 06b's student edition kept the cell
    that ran the reference hook with its instructor output ("参考答案 reference_deny_big_refunds")."""
    assert be.defined("async def hook(a, b, c):\n    return {}") == {"hook"}
    out, _ = shipped
    for sub, words in [("", "参考答案"), ("en", "reference_deny_big_refunds")]:
        student = read(out / "student" / sub / "06b_agent_sdk.ipynb")
        [cell] = [c for c in student.cells if c.id == "c-hook"]
        assert cell.outputs == [] and cell.execution_count is None, text(cell)
        assert not any(words in text(c) for c in student.cells), sub


@pytest.fixture(scope="module")
def student_run(shipped):
    """A class's Run All of a student lesson (a path relative to notebooks/): the stubs as
    shipped, every cell within its time limit. Each lesson runs once for all the tests of this
    module that ask for it (lesson 00's stub run is also the next test's)."""
    out, _ = shipped

    @functools.cache
    def run(lesson: str):
        nb = read(out / "student" / lesson)
        NotebookClient(nb, timeout=120, kernel_name="python3").execute()
        return nb

    return run


def clears_a_dependent_cell(path) -> bool:
    """The builder clears a later cell's stored outputs here (made with the reference answer): the
    student's Run All makes its own, which nbval of the shipped lesson never sees. Elsewhere the
    student edition runs the shipped code, and strict nbval runs that in both languages."""
    nb = read(path)
    student, _ = be.student_edition(nb, path.name)
    stored = {c.id: c.outputs for c in nb.cells if c.cell_type == "code"}
    return any(c.cell_type == "code" and stored[c.id] and not c.outputs for c in student.cells)


RUN_ALL = [p for p in SHIPPED if clears_a_dependent_cell(p)]


@pytest.mark.parametrize("lesson", [str(rel(p)) for p in RUN_ALL])
def test_every_student_lesson_runs_top_to_bottom_with_the_stubs_as_shipped(student_run, lesson):
    """A class's Run All: the stubs as shipped, every cell within its time limit, no error, every
    check says "not done yet", and no pass mark after an exercise."""
    nb = student_run(lesson)
    for cell in tagged(nb, "check"):
        assert text(cell).startswith(NOT_DONE), (lesson, text(cell))
    for cell in _after_exercises(nb):
        assert not PASSED.search(text(cell)), (lesson, cell.id, text(cell)[:200])
        errors = [o for o in cell.get("outputs", []) if o.get("output_type") == "error"]
        assert not errors, (lesson, cell.id)


def test_the_instructor_edition_keeps_the_solutions_expanded(shipped):
    out, _ = shipped
    for path in SHIPPED:
        source, instructor = read(path), read(out / "instructor" / rel(path))
        assert len(instructor.cells) == len(source.cells)
        assert len(tagged(instructor, "solution")) == len(tagged(source, "solution"))
        for cell in tagged(instructor, "solution"):
            assert "source_hidden" not in cell.metadata.get("jupyter", {})
        for a, b in zip(source.cells, instructor.cells, strict=True):
            assert a.source == b.source and a.get("outputs") == b.get("outputs")


@pytest.mark.parametrize("lesson", ["00_start.ipynb", "en/00_start.ipynb"])
def test_a_student_runs_lesson_00_and_the_check_answers_stub_then_solution(
    shipped, student_run, lesson
):
    out, _ = shipped
    student = read(out / "student" / lesson)
    [check] = tagged(student, "check")

    def run(nb):
        nb = copy.deepcopy(nb)
        NotebookClient(nb, timeout=60, kernel_name="python3").execute()
        return nb

    assert text(tagged(student_run(lesson), "check")[0]).startswith(NOT_DONE)  # as shipped
    [solution] = tagged(read(NOTEBOOKS / lesson), "solution")
    aliases = "continue_on = reference_continue_on\nfinish_on = reference_finish_on"
    tagged(student, "exercise")[0].source = solution.source + "\n" + aliases
    assert PASSED.match(text(tagged(run(student), "check")[0]))


def _notebook(*cells):
    nb = new_notebook()
    for kind, tags, source, hidden in cells:
        cell = (new_code_cell if kind == "code" else new_markdown_cell)(source)
        cell.metadata["tags"] = tags
        if hidden:
            cell.metadata["jupyter"] = {"source_hidden": True}
        nb.cells.append(cell)
    return nb


def test_a_notebook_that_breaks_the_pattern_is_reported(tmp_path):
    nb = _notebook(
        ("code", ["check"], "check(x)", False),  # a check with no exercise before it
        ("code", ["exercise"], "x = 1", False),  # not a stub
        ("code", ["check"], "check(x)", False),
        ("code", ["solution"], "x = 2", False),  # not collapsed
        ("code", ["exercise"], "y = ...  # TODO", False),  # no check, no solution
    )
    nbformat.write(nb, tmp_path / "broken.ipynb")
    [report] = be.build(tmp_path, tmp_path / "out")
    joined = "\n".join(report.warnings)
    assert report.exercises == 2 and len(report.warnings) == 4, joined
    for words in ("前面没有等着检查的", "不是占位代码", "没有折叠", "后面没有 check"):
        assert words in joined
    assert tagged(read(tmp_path / "out" / "student" / "broken.ipynb"), "solution") == []


def test_an_unreadable_notebook_stops_the_build(tmp_path):
    (tmp_path / "bad.ipynb").write_text("{not json")
    with pytest.raises(be.BuildError, match="bad.ipynb"):
        be.build(tmp_path, tmp_path / "out")
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--src", str(tmp_path), "--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1 and "bad.ipynb" in run.stderr


def test_the_build_speaks_agentkit_lang(tmp_path, monkeypatch):
    from agentkit.content import CJK
    from agentkit.i18n import placeholders

    for key, (zh, en) in be.MESSAGES.items():
        assert placeholders(zh) == placeholders(en) and not CJK.search(en), key
    nb = _notebook(
        ("code", ["check"], "check(x)", False),
        ("code", ["exercise"], "x = 1", False),
        ("code", ["check"], "check(x)", False),
        ("code", ["solution"], "x = 2", False),
        ("code", ["exercise"], "y = ...  # TODO", False),
    )
    nbformat.write(nb, tmp_path / "broken.ipynb")
    monkeypatch.setenv("AGENTKIT_LANG", "en")
    [report] = be.build(tmp_path, tmp_path / "out")
    joined = "\n".join(report.warnings)
    assert len(report.warnings) == 4 and not CJK.search(joined), joined
    assert "broken.ipynb cell 1 (check) has no exercise before it" in joined
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--src", str(tmp_path), "--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        env={**os.environ, "AGENTKIT_LANG": "en"},
    )
    assert run.returncode == 0 and not CJK.search(run.stdout + run.stderr), run.stdout
    assert "broken.ipynb: exercises 2" in run.stdout and "  warning: " in run.stderr
    assert "Student edition: " in run.stdout


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

    from test_grading import specimen_report

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
            # the specimen's battery as tests/test_grading.py runs it (once per session)
            actual = {r.key for r in specimen_report(name).results if not r.passed}
            everything = failing.startswith(("除", "全部"))
            assert actual == (set(keys) - set(named) if everything else set(named)), name
