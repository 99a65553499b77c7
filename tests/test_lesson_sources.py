"""The lessons' text sources (notebooks/src/NN_x.md, scripts/lesson_sources.py): every registered
lesson has one, every notebook is what its source builds (cells, ids, tags, metadata; not the
outputs), every cell's two languages pair; and the format holds its promises: one English sentence
changed is one changed line that reaches the notebook and its English twin, outputs of unchanged
cells are kept, a broken source is refused with its line."""

import shutil
import sys
from pathlib import Path

import nbformat
import pytest

from agentkit.lessons import registry

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(ROOT / "scripts"))
import build_english  # noqa: E402  (scripts, not a package)
import lesson_sources  # noqa: E402
from lesson_sources import SourceError  # noqa: E402


@pytest.mark.parametrize("lesson", registry.LESSONS, ids=lambda lesson: lesson.stem)
def test_every_notebook_is_current_with_its_source_and_its_languages_pair(lesson):
    assert lesson.source(NOTEBOOKS).exists(), "run: python scripts/lesson_sources.py import"
    assert lesson_sources.stale([lesson.path(NOTEBOOKS)]) == [], (
        "the notebook and its source differ: edited the .ipynb? `python scripts/lesson_sources.py"
        " import` it; edited the source? `python scripts/run_notebooks.py` it"
    )


def test_the_sources_folder_holds_only_registered_lessons():
    found = sorted(p.stem for p in (NOTEBOOKS / "src").glob("*"))
    assert found == sorted(lesson.stem for lesson in registry.LESSONS)


@pytest.fixture
def lesson01(tmp_path):
    """Lesson 01, its source and its English twin, copied to a folder of the same layout."""
    lesson = registry.LESSONS[1]
    for path in (lesson.path(NOTEBOOKS), lesson.path(NOTEBOOKS, "en"), lesson.source(NOTEBOOKS)):
        target = tmp_path / path.relative_to(NOTEBOOKS)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    lesson.source(tmp_path).touch()  # the source edited last, as after a checkout and an edit
    return lesson, tmp_path


def _read(path):
    return nbformat.read(path, as_version=4)


def test_building_an_unchanged_source_writes_the_same_bytes(lesson01):
    lesson, folder = lesson01
    before = lesson.path(folder).read_bytes()
    assert lesson_sources.build(lesson.path(folder)) is False
    assert lesson.path(folder).read_bytes() == before
    text = lesson.source(folder).read_text(encoding="utf-8")
    assert lesson_sources.to_text(lesson_sources.from_text(text)) == text  # the round trip


def test_one_english_sentence_is_one_line_in_the_source_and_reaches_both_notebooks(lesson01):
    lesson, folder = lesson01
    source = lesson.source(folder)
    old = source.read_text(encoding="utf-8").split("\n")
    at = old.index("# Lesson 1: One request")
    new = [*old[:at], "# Lesson 1: A single request", *old[at + 1 :]]
    source.write_text("\n".join(new), encoding="utf-8")
    assert lesson_sources.stale([lesson.path(folder)]) == [
        f"{lesson.stem}.ipynb is out of date with {lesson.stem}.md"
    ]
    stored = _read(lesson.path(folder))
    assert lesson_sources.build(lesson.path(folder)) is True
    built = _read(lesson.path(folder))
    changed = [c.id for c, s in zip(built.cells, stored.cells, strict=True) if c != s]
    assert changed == ["one-request-00"]
    assert built.cells[0].metadata["en"].startswith("# Lesson 1: A single request\n")
    assert built.cells[0].source == stored.cells[0].source  # the Chinese is as it was
    assert [c.get("outputs") for c in built.cells] == [c.get("outputs") for c in stored.cells]
    build_english.build([lesson.path(folder)])
    english = _read(lesson.path(folder, "en"))
    assert english.cells[1].source.startswith("# Lesson 1: A single request\n")
    assert lesson_sources.stale([lesson.path(folder)]) == []


def test_a_changed_code_cell_loses_its_stale_outputs_and_keeps_the_others(lesson01):
    lesson, folder = lesson01
    source = lesson.source(folder)
    text = source.read_text(encoding="utf-8")
    assert text.count("print(json.dumps(TOOLS[0], ensure_ascii=False, indent=2))") == 1
    source.write_text(text.replace("indent=2))", "indent=4))"), encoding="utf-8")
    stored = _read(lesson.path(folder))
    lesson_sources.build(lesson.path(folder))
    built = _read(lesson.path(folder))
    for old, new in zip(stored.cells, built.cells, strict=True):
        if new.cell_type != "code":
            continue
        if new.id == "one-request-02":
            assert old.outputs and new.outputs == [] and new.execution_count is None
        else:
            assert (new.outputs, new.execution_count) == (old.outputs, old.execution_count)


def test_a_notebook_edited_after_its_source_is_not_overwritten(lesson01):
    lesson, folder = lesson01
    path = lesson.path(folder)
    nb = _read(path)
    nb.cells[0].source += "\n\n新的一句。"
    nbformat.write(nb, path)  # written after the source
    with pytest.raises(SourceError, match="edited after its source.*import"):
        lesson_sources.build(path)
    assert _read(path).cells[0].source.endswith("新的一句。")
    lesson_sources.import_notebook(path)  # the notebook's edit kept, in the source
    assert "新的一句。" in lesson.source(folder).read_text(encoding="utf-8")
    assert lesson_sources.stale([path]) == []


MARKDOWN = "<!-- cell markdown id=a -->\n```markdown zh\n# 标题\n```\n"
CODE = '<!-- cell code id=b -->\n```python\nprint("你好")\n```\n'
TOP = "<!-- notebook {} -->\n\n"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("# a lesson\n", "line 1: the first line must be <!-- notebook"),
        ('<!-- notebook {"kernelspec": 1} -->\n', "x.md: not a valid notebook: 1 is not of type"),
        (TOP + MARKDOWN, r"line 3 \(cell a\): a markdown cell needs a `markdown zh` then"),
        (TOP + MARKDOWN + "```markdown en\n\n```\n", "the `markdown en` block is empty"),
        (TOP + CODE[:-4], "line 4: the block opened here is never closed"),
        (TOP + CODE + '```json en\n["你好"]\n```\n', r'line 1 is not \["Chinese", "English"\]'),
        (TOP + CODE + "\n" + CODE, "line 8: cell id b is used twice"),
        (TOP + "<!-- cell code id=c {tags} -->\n", "line 3: metadata is not JSON"),
        (TOP + "some prose\n", "line 3: expected <!-- cell markdown|code|raw id=...-->"),
    ],
)
def test_a_source_that_does_not_parse_is_refused_with_its_line(text, says):
    with pytest.raises(SourceError, match=says.replace("...-->", r"\.\.\. -->")):
        lesson_sources.from_text(text, "x.md")


def test_languages_that_do_not_pair_are_found_cell_by_cell():
    nb = lesson_sources.from_text(TOP + CODE, "x.md")  # Chinese in the code, no map
    assert lesson_sources.unpaired(nb, "x.md") == [
        "x.md cell 0 (id b, code): the code holds CJK '你' and no metadata[\"en\"] map"
    ]
    stale_key = TOP + CODE + '```json en\n["再见", "bye"]\n```\n'
    [said] = lesson_sources.unpaired(lesson_sources.from_text(stale_key, "x.md"), "x.md")
    assert "key not in the source (stale): '再见'" in said
    chinese = TOP + MARKDOWN + "```markdown en\n# 标题\n```\n"
    [said] = lesson_sources.unpaired(lesson_sources.from_text(chinese, "x.md"), "x.md")
    assert "metadata[\"en\"] holds CJK '标'" in said
    paired = TOP + CODE + '```json en\n["你好", "hello"]\n```\n'
    assert lesson_sources.unpaired(lesson_sources.from_text(paired, "x.md"), "x.md") == []


def test_a_fence_is_longer_than_any_run_of_backticks_in_the_body():
    nb = nbformat.v4.new_notebook()
    body = "````\n```python\nx\n```\n````"
    nb.cells = [nbformat.v4.new_markdown_cell(body, id="m", metadata={"en": body})]
    text = lesson_sources.to_text(nb)
    assert "\n`````markdown zh\n" in text
    assert lesson_sources.from_text(text).cells[0].source == body


def test_run_notebooks_stops_before_executing_over_a_notebooks_own_edits(
    lesson01, capsys, monkeypatch
):
    import run_notebooks

    monkeypatch.setattr(run_notebooks, "offline_env", lambda: None)  # the tests' environment kept
    lesson, folder = lesson01
    path = lesson.path(folder)
    nb = _read(path)
    nb.cells[0].source += "\n\n新的一句。"
    nbformat.write(nb, path)
    assert run_notebooks.main([str(path)]) == 1
    said = capsys.readouterr()
    assert "edited after its source" in said.err and "executing" not in said.out
    assert _read(path).cells[0].source.endswith("新的一句。")
