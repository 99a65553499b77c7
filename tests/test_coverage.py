"""Every concept, practice, anti-pattern, trap, the exercise and the self-test of the study guide has a
lesson section with runnable code (notebooks/COVERAGE.md), and the list matches the notebooks."""

import json
from pathlib import Path

import pytest

# The Chinese sources only: the English edition (notebooks/en/) has the same cells in the same
# order and the same code (tests/test_english.py), so each section covered here is covered there.
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"

# The study guide's items, section by section (../shared/seed: 核心概念, 正确做法与反模式, 常见陷阱, 实操练习, 自测清单).
STUDY_GUIDE = {
    "exam-scope",
    "step-send",
    "step-stop-reason",
    "step-run-tools",
    "step-append",
    "end-turn",
    "stop-table",
    "max-tokens",
    "pause-turn",
    "refusal",
    "exam-core",
    "stateless",
    "tool-result-format",
    "rule-every-tool-use",
    "rule-one-message",
    "rule-results-first",
    "sees-new-info",
    "model-driven",
    "preset-tree",
    "preset-sequence",
    "preset-routing",
    "preset-limits",
    "hard-rules-hook",
    "hard-rules-precondition",
    "text-not-end",
    "nl-unreliable",
    "fixed-n-primary",
    "safety-net",
    "pair-stop-reason",
    "pair-history",
    "pair-model-decides",
    "pair-max-turns",
    "pair-is-error",
    "is-error-retry",
    "trap-text-block",
    "trap-tool-choice-none",
    "trap-status-routing",
    "trap-iteration-cap",
    "trap-regex",
    "exercise-loop",
    "exercise-amount",
    "exercise-weather",
    "exercise-own-loop",
    "self-1",
    "self-2",
    "self-3",
    "self-4",
    "self-5",
    "quiz",
}


def rows():
    for line in (NOTEBOOKS / "COVERAGE.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[2].endswith(".ipynb"):
            yield cells


def test_every_study_guide_item_is_in_the_coverage_list():
    ids = [r[0] for r in rows()]
    assert sorted(set(ids)) == sorted(ids), "duplicate ids"
    assert STUDY_GUIDE - set(ids) == set(), "study-guide items without a lesson"
    assert set(ids) - STUDY_GUIDE == set(), "ids the test does not know"


@pytest.mark.parametrize("row", list(rows()), ids=lambda r: r[0])
def test_each_row_points_at_a_section_with_code(row):
    _, _, notebook, heading = row
    path = NOTEBOOKS / notebook
    assert path.exists(), f"{notebook} does not exist"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    starts = [
        i
        for i, c in enumerate(cells)
        if c["cell_type"] == "markdown" and heading in "".join(c["source"]).splitlines()
    ]
    assert starts, f"{notebook} has no heading {heading!r}"
    section = []
    for c in cells[starts[0] + 1 :]:
        if c["cell_type"] == "markdown" and any(
            line.startswith("## ") for line in "".join(c["source"]).splitlines()
        ):
            break
        section.append(c)
    assert any(c["cell_type"] == "code" and "".join(c["source"]).strip() for c in section), (
        f"{notebook} › {heading}: no code cell in this section"
    )
