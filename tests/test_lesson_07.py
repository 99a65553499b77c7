"""Lesson 07: its collapsed solution cell is agentkit.lessons.solution, and the solution passes."""

from pathlib import Path

import nbformat

from agentkit import check_loop
from agentkit.lessons.solution import solution_loop, solution_source

LESSON = Path(__file__).resolve().parent.parent / "notebooks" / "07_your_loop.ipynb"


def test_the_collapsed_solution_cell_is_the_reference_solution_under_its_own_name():
    nb = nbformat.read(LESSON, as_version=4)
    [cell] = [c for c in nb.cells if "solution" in c.metadata.get("tags", [])]
    assert cell.metadata["jupyter"]["source_hidden"] is True
    assert cell.source == solution_source()
    assert "def reference_loop(" in cell.source and "my_loop" not in cell.source


def test_the_reference_solution_passes_every_scenario():
    report = check_loop(solution_loop)
    assert report.passed, report
