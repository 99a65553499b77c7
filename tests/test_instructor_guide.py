"""docs/instructor_guide.md: the lesson-length table is measured from the notebooks, and the
agendas are built on exercises that exist."""

import re
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "instructor_guide.md").read_text(encoding="utf-8")
sys.path.insert(0, str(ROOT / "scripts"))
import lesson_lengths as ll  # noqa: E402  (a script, not a package)


def exercise_ids() -> set[str]:
    ids = set()
    for path in (ROOT / "notebooks").glob("0[0-8]_*.ipynb"):
        nb = nbformat.read(path, as_version=4)
        ids |= {c.id for c in nb.cells if "exercise" in c.metadata.get("tags", [])}
    return ids


def section(title: str) -> str:
    return GUIDE.split(title)[1].split("\n### ")[0].split("\n## ")[0]


def test_the_length_table_is_the_scripts_measure_of_the_notebooks():
    table = GUIDE.split("<!-- lesson-lengths -->\n")[1].split("\n<!-- /lesson-lengths -->")[0]
    assert table == ll.table(ll.lessons()), "run scripts/lesson_lengths.py and paste its output"


def test_the_lessons_take_about_three_hours():
    total = sum(n.minutes for n in ll.lessons())
    assert 150 <= total <= 210, total


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
    assert (n.characters, n.cells, n.exercises) == (6 + 1, 1, 2)
    assert n.exercise_minutes == ll.PREDICTION + ll.CODE + 2 * ll.TODO


def test_the_agendas_name_only_exercises_that_exist_and_the_hands_on_one_names_them_all():
    ids = exercise_ids()
    assert len(ids) >= 15
    named = set(re.findall(r"`(ex-[0-9a-z-]+)`", GUIDE))
    assert named - ids == set(), "the guide names exercises that do not exist"
    listed = set(re.findall(r"`(ex-[0-9a-z-]+)`", section("### 2.1 ")))
    spans = re.findall(r"`(ex-08-self-)1` … `ex-08-self-5`", section("### 2.1 "))
    listed |= {f"ex-08-self-{n}" for n in range(1, 6)} if spans else set()
    assert listed == ids, "the exercise list in 2.1 is not complete"
    demo = set(re.findall(r"`(ex-[0-9a-z-]+)`", section("### 2.2 ")))
    hands_on = set(re.findall(r"`(ex-[0-9a-z-]+)`", section("### 2.3 ")))
    assert demo and demo <= ids and hands_on == ids
