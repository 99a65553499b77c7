"""The instructor guides, docs/instructor_guide.md (Chinese) and docs/en/instructor_guide.md
(English): each lesson-length table is measured from its edition's notebooks, the agendas are built
on exercises that exist, and the two guides have the same sections and the same commands."""

import re
import sys
from pathlib import Path

import nbformat
import pytest

from agentkit.lessons import registry

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import lesson_lengths as ll  # noqa: E402  (a script, not a package)

GUIDES = {lang: path.read_text(encoding="utf-8") for lang, path in ll.GUIDES.items()}
LANGS = sorted(GUIDES)


def exercise_ids() -> set[str]:
    ids = set()
    for path in registry.paths(ROOT / "notebooks", ("zh",), timed=True, in_agendas=True):
        nb = nbformat.read(path, as_version=4)
        ids |= {c.id for c in nb.cells if "exercise" in c.metadata.get("tags", [])}
    return ids


def section(guide: str, title: str) -> str:
    return guide.split(title)[1].split("\n### ")[0].split("\n## ")[0]


def lengths_table(guide: str) -> str:
    return guide.split(ll.START)[1].split(ll.END)[0]


@pytest.mark.parametrize("lang", LANGS)
def test_the_length_table_is_the_scripts_measure_of_the_notebooks(lang):
    expected = ll.table(ll.lessons(lang=lang), lang)
    assert lengths_table(GUIDES[lang]) == expected, (
        f"{ll.GUIDES[lang].name} ({lang}): run python scripts/lesson_lengths.py --write"
    )


def test_each_guide_measures_its_own_edition():
    assert ll.EDITIONS["en"] == ROOT / "notebooks" / "en"
    zh, en = ll.lessons(lang="zh"), ll.lessons(lang="en")
    assert [n.notebook for n in zh] == [n.notebook for n in en]
    # the same cells and exercises (one source), only the prose differs
    assert [(n.cells, n.exercises, n.exercise_minutes) for n in zh] == [
        (n.cells, n.exercises, n.exercise_minutes) for n in en
    ]
    assert lengths_table(GUIDES["zh"]) != lengths_table(GUIDES["en"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_lessons_take_three_to_four_hours(lang):
    total = sum(n.minutes for n in ll.lessons(lang=lang))
    assert 150 <= total <= 240, total


def test_the_measure_includes_lesson_06b():
    assert "06b_agent_sdk.ipynb" in [n.notebook for n in ll.lessons(lang="zh")]
    assert "06b_agent_sdk.ipynb" in [n.notebook for n in ll.lessons(lang="en")]


def test_the_measure_counts_prose_cells_and_exercises(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("## 标题\n\n四个汉字 `stop_reason`\n```python\nignored\n```"),
        nbformat.v4.new_code_cell("print(1)"),
        nbformat.v4.new_code_cell("x = ...  # TODO：预测", metadata={"tags": ["exercise"]}),
        nbformat.v4.new_code_cell("check(x)", metadata={"tags": ["check"]}),
        nbformat.v4.new_code_cell(
            "def f():\n    # TODO：一\n    # TODO：二\n    ...", metadata={"tags": ["exercise"]}
        ),
    ]
    nbformat.write(nb, tmp_path / "00_x.ipynb")
    [n] = ll.lessons(tmp_path)
    assert (n.units, n.cells, n.exercises) == (6 + 1, 1, 2)
    assert n.exercise_minutes == ll.PREDICTION + ll.CODE + 2 * ll.TODO


def test_the_english_measure_counts_words_and_skips_the_language_cell(tmp_path):
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell("%env AGENTKIT_LANG=en", metadata={"tags": ["language"]}),
        nbformat.v4.new_markdown_cell(
            "## A title\n\nDon't re-run `stop_reason` v1.2.\n```python\nignored words\n```"
        ),
        nbformat.v4.new_code_cell("print(1)"),
        nbformat.v4.new_code_cell(
            "x = ...", metadata={"tags": ["exercise"], "agentkit": {"minutes": 7}}
        ),
    ]
    nbformat.write(nb, tmp_path / "07_x.ipynb")
    [n] = ll.lessons(tmp_path, "en")
    assert (n.units, n.cells, n.exercises, n.override) == (6, 1, 1, 7.0)  # A title Don't …
    assert n.minutes == round(6 / ll.READING["en"] + ll.RUN + 7)
    assert "lesson 7: 7 minutes" in ll.table([n], "en")


def test_the_note_names_the_own_estimates_the_notebooks_carry():
    """The table's note names lesson 07's estimate from its metadata, not from a copy of it."""
    [own] = [n for n in ll.lessons() if n.override is not None]
    assert own.notebook.startswith("07_")
    assert f"第 7 课 {own.override:g} 分钟" in lengths_table(GUIDES["zh"])
    assert f"lesson 7: {own.override:g} minutes" in lengths_table(GUIDES["en"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_agendas_name_only_exercises_that_exist_and_the_hands_on_one_names_them_all(lang):
    guide = GUIDES[lang]
    ids = exercise_ids()
    assert len(ids) >= 15
    named = set(re.findall(r"`(ex-[0-9a-z-]+)`", guide))
    assert named - ids == set(), "the guide names exercises that do not exist"
    listed = set(re.findall(r"`(ex-[0-9a-z-]+)`", section(guide, "### 2.1 ")))
    spans = re.findall(r"`(ex-08-self-)1` … `ex-08-self-5`", section(guide, "### 2.1 "))
    listed |= {f"ex-08-self-{n}" for n in range(1, 6)} if spans else set()
    assert listed == ids, "the exercise list in 2.1 is not complete"
    demo = set(re.findall(r"`(ex-[0-9a-z-]+)`", section(guide, "### 2.2 ")))
    hands_on = set(re.findall(r"`(ex-[0-9a-z-]+)`", section(guide, "### 2.3 ")))
    assert demo and demo <= ids and hands_on == ids


# --- the two guides: the same sections, the same commands ----------------------------------------

HEADING = re.compile(r"^(#{2,3}) (?:(\d+(?:\.\d+)?)\.? )?", re.M)
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
COMMENT = re.compile(r"(^|\s)#(?!!).*$", re.M)  # a shell or Python comment


def headings(guide: str) -> list[tuple[str, str | None]]:
    """Each ## / ### heading outside code blocks: its level and its number (1, 2.3) if any."""
    return HEADING.findall(FENCE.sub("", guide))


def commands(guide: str) -> list[tuple[str, list[str]]]:
    """Each code block's language and lines, comments and blank lines dropped; a block without a
    language shows output (in the guide's language), so only its presence counts."""
    blocks = []
    for lang, body in FENCE.findall(guide):
        lines = [] if not lang else COMMENT.sub("", body).splitlines()
        blocks.append((lang, [line.rstrip() for line in lines if line.strip()]))
    return blocks


def test_both_guides_have_the_same_sections():
    zh, en = headings(GUIDES["zh"]), headings(GUIDES["en"])
    assert [h[0] for h in zh].count("##") == [h[0] for h in en].count("##")
    assert [h[0] for h in zh].count("###") == [h[0] for h in en].count("###")
    assert zh == en, "the English guide's headings are not the Chinese guide's, in order"
    assert len(zh) >= 15


def test_both_guides_give_the_same_commands():
    zh, en = commands(GUIDES["zh"]), commands(GUIDES["en"])
    assert len(zh) == len(en), f"{len(zh)} code blocks in the Chinese guide, {len(en)} in English"
    for n, (a, b) in enumerate(zip(zh, en, strict=True)):
        assert a == b, f"code block {n + 1} differs: {a} vs {b}"
    assert sum(len(lines) for _, lines in zh) >= 30


def test_the_structure_check_catches_a_missing_section_and_a_changed_command():
    en = GUIDES["en"]
    dropped = re.sub(r"^### 5\.4 .*$", "5.4", en, count=1, flags=re.M)
    assert headings(dropped) != headings(GUIDES["zh"])
    changed = en.replace("python scripts/build_editions.py --out /tmp/editions", "make editions")
    assert commands(changed) != commands(GUIDES["zh"])
    assert commands("```bash\nls  # 注释\n```") == commands("```bash\nls   # a comment\n\n```")


def test_the_english_guide_is_english_and_builds_the_english_class_from_notebooks_en():
    en = GUIDES["en"]
    assert not re.search(r"[\u4e00-\u9fff]", en), "the English guide holds CJK text"
    assert "--src notebooks/en" in en and "build/editions/student/en/" in en
    assert "../glossary.md" in en


def test_where_the_readme_and_lesson_00_name_the_guide_they_name_the_english_one_too():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    naming = [p for p in readme.split("\n\n") if "docs/instructor_guide.md" in p]
    assert len(naming) >= 3
    for paragraph in naming:
        assert "docs/en/instructor_guide.md" in paragraph, paragraph[:120]
    english = readme.split("\n## English\n")[1].split("\n## ")[0]
    assert "](docs/en/instructor_guide.md)" in english
    for target in re.findall(r"\]\((docs/[^)#]+)", readme):
        assert (ROOT / target).is_file(), f"README links {target}, which does not exist"
    nb = nbformat.read(ROOT / "notebooks" / "en" / "00_start.ipynb", as_version=4)
    cells = [
        c.source for c in nb.cells if c.cell_type == "markdown" and "instructor guide" in c.source
    ]
    assert cells and all("](../../docs/en/instructor_guide.md)" in c for c in cells)


def mistakes(guide: str) -> list[list[str]]:
    """The table of common mistakes (section 4), as rows of cells (tests/test_editions.py checks
    the Chinese one against the grader and the bank)."""
    part = guide.split("\n## 4.")[1].split("\n## ")[0]
    rows = [line.strip("|").split("|") for line in part.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in row] for row in rows if "`" in "".join(row)]


def test_the_english_table_of_mistakes_names_what_the_chinese_one_names():
    code = re.compile(r"`([^`]+)`")
    zh, en = mistakes(GUIDES["zh"]), mistakes(GUIDES["en"])
    assert len(zh) == len(en) >= 13

    def scope(fails: str) -> str:  # the Fails column: "all but these", "all", or these
        if fails.startswith(("除", "all but ")):
            return "all but"
        return "all" if fails in ("全部", "all") else "these"

    for a, b in zip(zh, en, strict=True):
        assert [code.findall(c) for c in a[1:]] == [code.findall(c) for c in b[1:]], b[1]
        assert scope(a[2]) == scope(b[2]), (a[2], b[2])
        assert a[1].startswith("无") == b[1].startswith("none"), b[1]
