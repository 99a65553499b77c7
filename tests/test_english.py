"""The English edition, notebooks/en/, built by scripts/build_english.py from the sources'
metadata["en"]: every markdown cell has its English, every code cell with CJK a map that leaves
none and no stale key, the built set is up to date, and both editions have the same code, cells,
ids and tags."""

import importlib.util
import re
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

from agentkit.content import CJK
from agentkit.lessons import registry

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SCRIPTS = ROOT / "scripts"


def _load(name):
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


be = _load("build_english")

# Lessons without an English twin yet (none since issue #24: every lesson has one). A new lesson
# listed here may wait for its English; whoever adds it removes the name (the test below fails until
# they do).
PENDING: set[str] = set()
SOURCES = registry.sources(NOTEBOOKS)  # the lessons (agentkit.lessons.registry), any other too
TRANSLATED = [p for p in SOURCES if p.name not in PENDING]


def read(path):
    return nbformat.read(path, as_version=4)


def test_every_source_has_an_english_twin_and_pending_lists_only_lessons_without_one():
    assert set(PENDING) <= {p.name for p in SOURCES}, "PENDING names a lesson that does not exist"
    twins = {p.name for p in (NOTEBOOKS / "en").glob("*.ipynb")}
    assert twins == {p.name for p in TRANSLATED}


@pytest.mark.parametrize("path", TRANSLATED, ids=lambda p: p.stem)
def test_every_markdown_cell_has_its_english_without_cjk(path):
    for i, cell in enumerate(read(path).cells):
        if cell.cell_type != "markdown":
            continue
        text = cell.metadata.get("en")
        assert isinstance(text, str) and text.strip(), (
            f"{path.name} cell {i} ({cell.id}): no English"
        )
        assert not CJK.search(text), f"{path.name} cell {i} ({cell.id}): CJK in the English"


@pytest.mark.parametrize("path", TRANSLATED, ids=lambda p: p.stem)
def test_every_code_cell_with_cjk_has_a_map_that_leaves_none_and_no_stale_key(path):
    for i, cell in enumerate(read(path).cells):
        if cell.cell_type != "code":
            continue
        mapping = cell.metadata.get("en")
        if not CJK.search(cell.source):
            assert mapping is None, f"{path.name} cell {i} ({cell.id}): a map on code without CJK"
            continue
        assert isinstance(mapping, dict) and mapping, f"{path.name} cell {i} ({cell.id}): no map"
        stale = [k for k in mapping if k not in cell.source]
        assert not stale, f"{path.name} cell {i} ({cell.id}): stale keys {stale}"
        english = be.english_code(cell, f"{path.name} cell {i}")
        assert not CJK.search(english), f"{path.name} cell {i} ({cell.id}): CJK left"


@pytest.mark.parametrize("path", TRANSLATED, ids=lambda p: p.stem)
def test_the_english_edition_is_up_to_date_with_its_source(path):
    """Building again gives the same cells: a source edited and not rebuilt fails here."""
    stored = read(be.twin(path))
    built = be.english(read(path), path.name, stored)
    assert [(c.id, c.cell_type, c.source, c.metadata) for c in built.cells] == [
        (c.id, c.cell_type, c.source, c.metadata) for c in stored.cells
    ], f"run: python scripts/run_notebooks.py notebooks/{path.name}"
    assert stored.metadata["language"] == "en"


def mapped(source: str, mapping: dict) -> str:
    if not mapping:
        return source
    keys = sorted(mapping, key=len, reverse=True)
    return re.sub("|".join(map(re.escape, keys)), lambda m: mapping[m[0]], source)


@pytest.mark.parametrize("path", TRANSLATED, ids=lambda p: p.stem)
def test_both_editions_have_the_same_cells_code_ids_tags_and_metadata(path):
    source, english = read(path), read(be.twin(path))
    first, *cells = english.cells
    assert first.cell_type == "code" and first.source == "%env AGENTKIT_LANG=en"
    assert first.metadata["tags"] == ["language"]
    assert [c.id for c in cells] == [c.id for c in source.cells]
    for zh, en in zip(source.cells, cells, strict=True):
        assert zh.cell_type == en.cell_type, zh.id
        assert {k: v for k, v in zh.metadata.items() if k != "en"} == en.metadata, zh.id
        if zh.cell_type == "code":
            # the English code is the source with only its Chinese strings replaced
            assert mapped(zh.source, zh.metadata.get("en", {})) == en.source, zh.id
            assert not CJK.search(en.source), zh.id
    for tag in ("exercise", "check", "solution"):
        assert [c.id for c in cells if tag in c.metadata.get("tags", [])] == [
            c.id for c in source.cells if tag in c.metadata.get("tags", [])
        ]


LINK = re.compile(r"\]\((?!https?:|#|mailto:)([^)#\s]+)")


@pytest.mark.parametrize("path", TRANSLATED, ids=lambda p: p.stem)
def test_relative_links_resolve_in_both_editions(path):
    for nb_path in (path, be.twin(path)):
        for cell in read(nb_path).cells:
            if cell.cell_type == "markdown":
                for target in LINK.findall(cell.source):
                    assert (nb_path.parent / target).exists(), (nb_path.name, cell.id, target)


def test_lesson_00_links_the_glossary_in_both_languages():
    for nb_path in (NOTEBOOKS / "00_start.ipynb", NOTEBOOKS / "en" / "00_start.ipynb"):
        links = [t for c in read(nb_path).cells for t in LINK.findall(c.source)]
        assert any(t.endswith("docs/glossary.md") for t in links), nb_path


# --- the build's errors name the notebook and the cell ---------------------------------------------


def _source(*cells):
    nb = new_notebook()
    for cell in cells:
        nb.cells.append(cell)
    return nb


def _md(zh, en=None):
    cell = new_markdown_cell(zh)
    if en is not None:
        cell.metadata["en"] = en
    return cell


def _code(source, mapping=None):
    cell = new_code_cell(source)
    if mapping is not None:
        cell.metadata["en"] = mapping
    return cell


@pytest.mark.parametrize(
    ("cell", "words"),
    [
        (_md("# 标题"), "no English"),
        (_md("# 标题", "  "), "no English"),
        (_md("# 标题", "# 标题"), "holds CJK"),
        (_code('print("你好")'), "no metadata"),
        (_code('print("你好", "再见")', {'"你好"': '"hello"'}), "left after mapping"),
        (_code('print("你好")', {'"你好"': '"hello"', '"再见"': '"bye"'}), "stale"),
        (_code('print("hello")', {'"你好"': '"hello"'}), "without CJK"),
        (_code('print("你好")', {'"你好"': '"你好"'}), "replacement holds CJK"),
        (_code('print("你好")', ["hello"]), "must map"),
    ],
)
def test_a_fault_in_the_english_stops_the_build_naming_notebook_and_cell(cell, words):
    nb = _source(_md("# 第一课", "# Lesson one"), cell)
    with pytest.raises(be.EnglishError, match=words) as caught:
        be.english(nb, "03_x.ipynb")
    assert "03_x.ipynb cell 1" in str(caught.value)


def test_the_build_maps_longest_key_first_fixes_links_and_adds_the_language_cell():
    nb = _source(
        _md("见[术语表](../docs/glossary.md)", "See the [glossary](../docs/glossary.md)."),
        _code('x = "订单"  # 订单号', {"订单": "order", "订单号": "order id"}),
        _code("y = 1"),
    )
    nb.cells[1].metadata["tags"] = ["exercise"]
    en = be.english(nb, "03_x.ipynb")
    assert [c.source for c in en.cells] == [
        "%env AGENTKIT_LANG=en",
        "See the [glossary](../../docs/glossary.md).",
        'x = "order"  # order id',
        "y = 1",
    ]
    assert en.cells[2].metadata == {"tags": ["exercise"]} and en.metadata["language"] == "en"
    assert "en" in nb.cells[1].metadata  # the source is left as it was


def test_the_command_line_names_the_faulty_cell_and_fails(tmp_path, capsys):
    nb = _source(_md("# 第一课", "# Lesson one"), _md("## 第二节"))
    path = tmp_path / "01_x.ipynb"
    nbformat.write(nb, path)
    assert be.main([str(path)]) == 1
    assert "01_x.ipynb cell 1" in capsys.readouterr().err
    assert not (tmp_path / "en").exists()


def test_run_notebooks_runs_a_lesson_and_its_twin_or_the_twin_alone():
    rn = _load("run_notebooks")
    lesson = NOTEBOOKS / "02_the_loop.ipynb"
    assert rn.plan([str(lesson)]) == ([lesson], [lesson, NOTEBOOKS / "en" / lesson.name])
    assert rn.plan([str(NOTEBOOKS / "en" / lesson.name)]) == (
        [lesson],
        [NOTEBOOKS / "en" / lesson.name],
    )
    every = rn.plan([])[1]
    assert every[:2] == [NOTEBOOKS / "00_start.ipynb", NOTEBOOKS / "en" / "00_start.ipynb"]


# a lesson path as a lesson names it: notebooks/NN_name.ipynb or notebooks/en/NN_name.ipynb
LESSON_PATH = re.compile(r"notebooks/(?:[\w-]+/)*[\w-]+\.ipynb")


def named_lessons(nb_path):
    """(cell id, path) for every notebooks/...ipynb path a lesson's cells name."""
    return [(c.id, m) for c in read(nb_path).cells for m in LESSON_PATH.findall(c.source)]


@pytest.mark.parametrize("path", TRANSLATED, ids=lambda p: p.stem)
def test_every_lesson_path_a_lesson_names_exists_in_the_lessons_own_edition(path):
    for nb_path, folder in ((path, NOTEBOOKS), (be.twin(path), NOTEBOOKS / "en")):
        for cell_id, named in named_lessons(nb_path):
            target = ROOT / named
            assert target.exists(), (nb_path.name, cell_id, named)
            assert target.parent == folder, (
                f"{nb_path.relative_to(ROOT)} cell {cell_id} names {named}, "
                f"a lesson of the other edition (use {folder.relative_to(ROOT)}/{target.name})"
            )
