"""Issue 36.6: a word before any cell that takes more than 5 s. Which cells those are is measured,
not asserted here: `python benchmarks/bench_lessons.py --record` times every cell of every lesson
(both editions and the student edition, in a Jupyter kernel) and stores the ones over 4 s (a
margin for the machine's load, bench_lessons.SLOW_CELL_S) in benchmarks/slow_cells.json. These
tests hold the lessons to that record: each recorded cell exists and is announced, in both
languages, by the markdown before it or its first output."""

import importlib.util
import json
import sys
from pathlib import Path

import nbformat
import pytest

from agentkit.lessons import registry

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks" / "bench_lessons.py"


def bench():
    if "bench_lessons" not in sys.modules:
        spec = importlib.util.spec_from_file_location("bench_lessons", BENCH)
        module = importlib.util.module_from_spec(spec)
        sys.modules["bench_lessons"] = module
        spec.loader.exec_module(module)
    return sys.modules["bench_lessons"]


RECORD = json.loads((ROOT / "benchmarks" / "slow_cells.json").read_text())
STEMS = {lesson.stem for lesson in registry.LESSONS}
SLOW = [(stem, cell_id) for stem, cells in sorted(RECORD.items()) for cell_id in cells]


def test_the_record_names_lessons_of_the_workbook():
    assert set(RECORD) <= STEMS, sorted(set(RECORD) - STEMS)


@pytest.mark.parametrize("lang", registry.LANGS)
@pytest.mark.parametrize(("stem", "cell_id"), SLOW)
def test_every_cell_measured_over_5_s_says_it_takes_a_while(stem, cell_id, lang):
    [lesson] = [lesson for lesson in registry.LESSONS if lesson.stem == stem]
    nb = nbformat.read(lesson.path(ROOT / "notebooks", lang), as_version=4)
    assert cell_id in {c.id for c in nb.cells if c.cell_type == "code"}, (stem, cell_id)
    assert bench().announced(nb, cell_id, lang), (stem, cell_id, lang)


@pytest.mark.parametrize(
    ("lang", "text", "says"),
    [
        ("zh", "下面这个单元格要等几秒钟：它导入 Agent SDK。", True),
        ("zh", "约需半分钟到一分钟", True),
        ("zh", "下面启动离线 API。", False),
        ("en", "The cell below takes a few seconds: it imports the Agent SDK.", True),
        ("en", "Start the offline API.", False),
    ],
)
def test_the_word_is_found_in_the_markdown_before_the_cell(lang, text, says):
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell(text),
        nbformat.v4.new_code_cell("pass", id="slow"),
    ]
    assert bench().announced(nb, "slow", lang) is says
