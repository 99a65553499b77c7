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
import build_english  # noqa: E402
import build_lite  # noqa: E402
import lesson_lengths  # noqa: E402
import lesson_sources  # noqa: E402
import run_notebooks  # noqa: E402


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


LESSON_10 = """<!-- notebook {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}} -->

<!-- cell markdown id=extra-00 -->
```markdown zh
# 第 10 课
```
```markdown en
# Lesson 10
```

<!-- cell code id=ex-10-extra {"tags": ["exercise"]} -->
```python
answer = ...  # TODO：填上
```
```json en
["# TODO：填上", "# TODO: fill it in"]
```

<!-- cell code id=c-10 {"tags": ["check"]} -->
```python
checks.stop_reasons(answer)
```

<!-- cell code id=solution-10 {"jupyter": {"source_hidden": true}, "tags": ["solution"]} -->
```python
# 参考答案：先自己做，卡住了再展开看
reference_answer = 1
```
```json en
["# 参考答案：先自己做，卡住了再展开看", "# Reference answer: try it yourself first; expand it if you get stuck"]
```
"""


def _lesson_10(folder: Path) -> Lesson:
    """A throwaway lesson 10 with one exercise: one registry entry plus its text source, both
    notebooks built from it as scripts/run_notebooks.py builds them (without executing)."""
    lesson = Lesson("10_extra", (Exercise("10-extra", "checks.stop_reasons"),))
    lesson.source(folder).write_text(LESSON_10, encoding="utf-8")
    assert lesson_sources.build(lesson.path(folder)) is True
    build_english.build([lesson.path(folder)])
    return lesson


def test_a_registered_lesson_10_is_picked_up_by_every_reader(tmp_path, monkeypatch):
    folder = tmp_path / "notebooks"
    for lesson in registry.LESSONS:  # the shipped lessons, and lesson 10 beside them
        for path in (
            lesson.path(NOTEBOOKS, "zh"),
            lesson.path(NOTEBOOKS, "en"),
            lesson.source(NOTEBOOKS),
        ):
            target = folder / path.relative_to(NOTEBOOKS)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    ten = _lesson_10(folder)
    monkeypatch.setattr(registry, "LESSONS", (*registry.LESSONS, ten))
    assert registry.paths(folder)[-1] == ten.path(folder, "en")
    assert registry.sources(folder)[-1] == ten.path(folder)
    assert registry.lesson("10") == ten
    assert (ten, ten.exercises[0]) in registry.exercises()
    # the source and its notebooks: current, paired, the English twin built
    assert lesson_sources.stale([ten.path(folder)]) == []
    english = nbformat.read(ten.path(folder, "en"), as_version=4)
    assert english.cells[1].source == "# Lesson 10"
    assert "# TODO: fill it in" in english.cells[2].source
    # the editions: both languages, student and instructor
    reports = build_editions.build(folder, tmp_path / "out")
    built = {r.notebook: r.exercises for r in reports}
    assert built["10_extra.ipynb"] == built["en/10_extra.ipynb"] == 1
    for edition in ("student", "instructor"):
        assert ten.path(tmp_path / "out" / edition, "en").exists()
    # the Lite site's files (from a folder of lesson 10 alone: copying every lesson is slow)
    alone = tmp_path / "alone"
    for path in (ten.path(folder), ten.path(folder, "en"), ten.source(folder)):
        (alone / path.relative_to(folder)).parent.mkdir(parents=True, exist_ok=True)
        (alone / path.relative_to(folder)).write_bytes(path.read_bytes())
    build_lite.copy_contents(alone, tmp_path / "lite")
    assert ten.path(tmp_path / "lite").exists() and ten.path(tmp_path / "lite", "en").exists()
    # the instructor guides' table of lengths
    monkeypatch.setattr(lesson_lengths, "EDITIONS", {"zh": folder, "en": folder / "en"})
    for lang in registry.LANGS:
        measured = lesson_lengths.lessons(lang=lang)
        assert measured[-1].notebook == "10_extra.ipynb"
        assert "| 10_extra.ipynb |" in lesson_lengths.table(measured, lang)
    # what run_notebooks builds and executes when given no lesson
    monkeypatch.setattr(run_notebooks, "ROOT", tmp_path)
    sources, executed = run_notebooks.plan([])
    assert sources[-1] == ten.path(folder)
    assert executed[-2:] == [ten.path(folder), ten.path(folder, "en")]
