"""agentkit.lessons.registry, walked against the notebooks: every lesson registered and every
registered lesson shipped in both languages; each lesson's exercises, in order, with the check
their check cell calls; and a throwaway lesson 10, registered, is picked up by every reader of
the registry (the tests' lesson lists, the editions, the lengths table)."""

import importlib
import re
import sys
from pathlib import Path

import nbformat
import pytest

from agentkit.lessons import registry
from agentkit.lessons.registry import Exercise, Lesson

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(ROOT / "scripts"))
import build_editions  # noqa: E402  (scripts, not a package)
import lesson_lengths  # noqa: E402


def tags(cell) -> list[str]:
    return cell.metadata.get("tags", [])


def test_every_notebook_is_a_registered_lesson_and_every_lesson_is_shipped_in_both_languages():
    for lang, folder in (("zh", NOTEBOOKS), ("en", NOTEBOOKS / "en")):
        shipped = sorted(p.stem for p in folder.glob("*.ipynb"))
        assert shipped == sorted(lesson.stem for lesson in registry.LESSONS), lang
    assert registry.paths(NOTEBOOKS) == registry.sources(NOTEBOOKS) + [
        NOTEBOOKS / "en" / p.name for p in registry.sources(NOTEBOOKS)
    ]


@pytest.mark.parametrize("lesson", registry.LESSONS, ids=lambda lesson: lesson.stem)
@pytest.mark.parametrize("lang", registry.LANGS)
def test_a_lessons_exercises_are_the_registered_ones_in_order_with_their_checks(lesson, lang):
    nb = nbformat.read(lesson.path(NOTEBOOKS, lang), as_version=4)
    found, check_after = [], {}
    for cell in nb.cells:
        if "exercise" in tags(cell):
            found.append(cell.id.removeprefix("ex-"))
        elif "check" in tags(cell) and found and found[-1] not in check_after:
            check_after[found[-1]] = cell.source
    assert found == [ex.key for ex in lesson.exercises]
    for ex in lesson.exercises:
        module, function = ex.check.rsplit(".", 1)
        assert callable(getattr(importlib.import_module(f"agentkit.lessons.{module}"), function))
        assert re.search(rf"\b{re.escape(ex.check)}\(", check_after[ex.key]), (ex, check_after)


def test_lesson_numbers_are_unique_and_in_order():
    numbers = [lesson.number for lesson in registry.LESSONS]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
    keys = [ex.key for _, ex in registry.exercises()]
    assert len(set(keys)) == len(keys)


def _lesson_10(folder: Path) -> Lesson:
    """A throwaway lesson 10 with one exercise, written to `folder` in both languages."""
    lesson = Lesson("10_extra", (Exercise("10-extra", "checks.stop_reasons"),))
    for lang in registry.LANGS:
        nb = nbformat.v4.new_notebook()
        nb.cells = [
            nbformat.v4.new_markdown_cell("# 10"),
            nbformat.v4.new_code_cell("answer = ...", metadata={"tags": ["exercise"]}),
            nbformat.v4.new_code_cell("checks.stop_reasons(answer)", metadata={"tags": ["check"]}),
            nbformat.v4.new_code_cell(
                "# 参考答案：先自己做，卡住了再展开看\nanswer = 1", metadata={"tags": ["solution"]}
            ),
        ]
        nb.cells[1].id, nb.cells[2].id, nb.cells[3].id = "ex-10-extra", "c-10", "solution-10"
        path = lesson.path(folder, lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, path)
    return lesson


def test_a_registered_lesson_10_is_picked_up_by_every_reader(tmp_path, monkeypatch):
    folder = tmp_path / "notebooks"
    for lesson in registry.LESSONS:  # the shipped lessons, and lesson 10 beside them
        for lang in registry.LANGS:
            target = lesson.path(folder, lang)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(lesson.path(NOTEBOOKS, lang).read_bytes())
    ten = _lesson_10(folder)
    monkeypatch.setattr(registry, "LESSONS", (*registry.LESSONS, ten))
    assert registry.paths(folder)[-1] == ten.path(folder, "en")
    assert registry.sources(folder)[-1] == ten.path(folder)
    assert (ten, ten.exercises[0]) in registry.exercises()
    # the editions: both languages, student and instructor
    reports = build_editions.build(folder, tmp_path / "out")
    built = {r.notebook: r.exercises for r in reports}
    assert built["10_extra.ipynb"] == built["en/10_extra.ipynb"] == 1
    for edition in ("student", "instructor"):
        assert ten.path(tmp_path / "out" / edition, "en").exists()
    # the instructor guides' table of lengths
    monkeypatch.setattr(lesson_lengths, "EDITIONS", {"zh": folder, "en": folder / "en"})
    for lang in registry.LANGS:
        measured = lesson_lengths.lessons(lang=lang)
        assert measured[-1].notebook == "10_extra.ipynb"
        assert "| 10_extra.ipynb |" in lesson_lengths.table(measured, lang)
