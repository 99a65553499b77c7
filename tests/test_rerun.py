"""Re-running a cell after Run All, as lesson 00 recommends, works: every cell that uses the
learner's code (a name an exercise cell defines) builds the state it needs itself, so running it
again after the whole lesson ran gives no error (no 400 for a conversation that ends with the
assistant, no "call start() first" for a stopped offline API)."""

from __future__ import annotations

import ast
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from agentkit.lessons import registry

ROOT = Path(__file__).resolve().parent.parent
ROLES = {"exercise", "check", "solution"}


def _tags(cell) -> set[str]:
    return set(cell.metadata.get("tags", []))


def defined_by_exercises(nb) -> set[str]:
    """The top-level names the lesson's exercise cells define."""
    names: set[str] = set()
    for cell in nb.cells:
        if cell.cell_type == "code" and "exercise" in _tags(cell):
            for node in ast.parse(cell.source).body:
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    names.add(node.name)
                elif isinstance(node, ast.Assign):
                    names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def uses_your_code(nb) -> list[int]:
    """Indexes of the code cells (not an exercise, check or solution) that read such a name."""
    mine = defined_by_exercises(nb)
    found = []
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "code" or _tags(cell) & ROLES:
            continue
        read = {n.id for n in ast.walk(ast.parse(cell.source)) if isinstance(n, ast.Name)}
        if read & mine:
            found.append(i)
    return found


def test_the_cells_that_use_the_learners_code_are_found_by_what_they_read():
    nb = nbformat.read(ROOT / "notebooks" / "02_the_loop.ipynb", as_version=4)
    assert "append_round" in defined_by_exercises(nb)
    ids = [nb.cells[i].get("id") for i in uses_your_code(nb)]
    assert ids == ["d2363dc3"]  # the loop that runs steps 3-4 with the learner's append_round
    nb = nbformat.read(ROOT / "notebooks" / "06b_agent_sdk.ipynb", as_version=4)
    assert [nb.cells[i].get("id") for i in uses_your_code(nb)] == ["c-hook", "c-finished"]


LESSONS = [
    lesson.stem
    for lesson in registry.LESSONS
    if uses_your_code(nbformat.read(lesson.path(ROOT / "notebooks"), as_version=4))
]


def errors(cell) -> list[str]:
    return [
        f"{o['ename']}: {o['evalue']}" for o in cell.get("outputs", []) if o.output_type == "error"
    ]


@pytest.mark.slow
@pytest.mark.parametrize("lesson", LESSONS)
def test_re_running_a_cell_that_uses_your_code_after_run_all_works(lesson):
    path = ROOT / "notebooks" / f"{lesson}.ipynb"
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    with client.setup_kernel():
        for i, cell in enumerate(nb.cells):
            client.execute_cell(cell, i)
        for i in uses_your_code(nb):
            first = errors(nb.cells[i])
            again = nbformat.from_dict(dict(nb.cells[i]))
            client.execute_cell(again, i)
            assert first == [] and errors(again) == [], f"{lesson} cell {i}: {errors(again)}"
            assert len(again.outputs) == len(nb.cells[i].outputs), f"{lesson} cell {i}"
