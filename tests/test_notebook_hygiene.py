"""Stored notebook outputs: executed, deterministic-looking, and free of machine paths, keys and tracebacks."""

import json
import re
from pathlib import Path

import pytest

from agentkit.lessons import registry

HERE = Path(__file__).resolve().parent.parent / "notebooks"
SOURCES = registry.paths(HERE, ("zh",))  # every lesson (agentkit.lessons.registry)
NOTEBOOKS = registry.paths(HERE)  # both editions (scripts/build_english.py)


def _id(path):
    return path.relative_to(HERE).as_posix()


MACHINE = re.compile(r"(/tmp/|/root/|/home/|/work/|/Users/|[A-Z]:\\\\)")
SECRET = re.compile(r"sk-ant-[A-Za-z0-9_-]{8,}")
ADDRESS = re.compile(r" at 0x[0-9a-f]{6,}")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_stored_outputs_are_clean(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code" or not "".join(cell["source"]).strip():
            continue
        assert cell["execution_count"] is not None, (
            f"cell {i} was never executed (run scripts/run_notebooks.py)"
        )
        outputs = json.dumps(cell["outputs"], ensure_ascii=False)
        assert not any(o["output_type"] == "error" for o in cell["outputs"]), (
            f"cell {i} stored a traceback"
        )
        assert not any(o.get("name") == "stderr" for o in cell["outputs"]), (
            f"cell {i} wrote to stderr"
        )
        assert not MACHINE.search(outputs), f"cell {i} shows a machine path"
        assert not SECRET.search(outputs + "".join(cell["source"])), f"cell {i} holds an API key"
        assert not ADDRESS.search(outputs), f"cell {i} shows a memory address"


def test_there_are_ten_lessons():
    # plus lessons slotted between two of them without renumbering (06b_agent_sdk)
    # the sources; tests/test_english.py holds the English edition to the same names
    assert [p.name[:2] for p in SOURCES if p.name[2] == "_"] == [f"{i:02d}" for i in range(10)]
    assert all(re.fullmatch(r"\d\d[a-z]?_[a-z0-9_]+\.ipynb", p.name) for p in SOURCES)


def test_source_listings_stay_within_88_columns_and_remain_python():
    """A listing wider than the output area wraps anywhere, mid-identifier too: keep it narrow."""
    import ast

    from agentkit.display import LISTING, columns

    listed = 0
    for path in NOTEBOOKS:
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] != "code" or not re.search(r"^(source|listing)\(", source, re.M):
                continue
            text = "".join(
                "".join(o.get("data", {}).get("text/plain", "")) for o in cell["outputs"]
            )
            code = text.split("\n\n")[-1] if text.startswith("ROUTES") else text
            wide = [line for line in code.splitlines() if columns(line) > LISTING]
            assert not wide, f"{_id(path)}: {wide}"
            ast.parse(code)
            listed += 1
    assert listed >= 10


# --- figures in the prose: what the code computes, the code prints ------------------------------------

LESSON_NBS = registry.paths(HERE, timed=True)  # the lessons but the quiz, both editions
COUNTED = re.compile(
    r"\d+\s*(个场景|轮的预算|次请求仍未结束)"
    r"|\b\d+\s*(scenarios|-turn budget|turns' budget|requests and still)"
)
DOTTED = re.compile(r"`(agentkit(?:\.\w+)+)`")


def _markdown(path):
    import nbformat

    nb = nbformat.read(path, as_version=4)
    return [(c.id, c.source) for c in nb.cells if c.cell_type == "markdown"]


@pytest.mark.parametrize("path", LESSON_NBS, ids=_id)
def test_the_prose_states_no_scenario_count_or_budget_the_code_computes(path):
    for cell_id, text in _markdown(path):
        found = COUNTED.findall(text)
        assert not found, f"{path.name} {cell_id}: print it from code instead: {found}"


@pytest.mark.parametrize("path", LESSON_NBS, ids=_id)
def test_every_agentkit_name_the_prose_cites_exists(path):
    import importlib

    for cell_id, text in _markdown(path):
        for dotted in DOTTED.findall(text):
            parts = dotted.split(".")
            for cut in range(len(parts), 0, -1):
                try:
                    obj = importlib.import_module(".".join(parts[:cut]))
                    break
                except ImportError:
                    continue
            for attr in parts[cut:]:
                assert hasattr(obj, attr), f"{path.name} {cell_id}: `{dotted}` does not exist"
                obj = getattr(obj, attr)


QUANTITY = re.compile(r"(?<![第\d.])(?<!第 )(\d+(?:\.\d+)?)\s*(轮|次请求|笔|次)")
QUANTITY_EN = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)?)\s*((?:model )?requests?\b|turns?\b|refunds?\b|times\b)"
)


def _shown(cell) -> str:
    return "".join(
        o.get("text", "") + o.get("data", {}).get("text/plain", "") for o in cell.get("outputs", [])
    )


@pytest.mark.parametrize("path", LESSON_NBS, ids=_id)
def test_a_count_in_a_what_to_see_note_is_one_the_cell_above_printed(path):
    """ "看什么" ("What to look for") reads the output above it: a count of turns, requests or refunds it states (not an
    ordinal such as 第 2 轮) is a number that output shows, so a changed run cannot leave it stale."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    above = ""
    for cell in nb.cells:
        if cell.cell_type == "code":
            above = _shown(cell)
        elif cell.source.startswith(("**看什么", "**What to look for")):
            found = QUANTITY.finditer(cell.source) if _id(path)[:3] != "en/" else []
            for m in [*found, *QUANTITY_EN.finditer(cell.source)]:
                before, after = cell.source[: m.start()], cell.source[m.end() :]
                if after.startswith("就停") or before.endswith(
                    ("不止 ", "最多 ", "“", "after ", "at most ", "more than ", '"')
                ):
                    continue  # the "stop after 5 turns" anti-pattern's name, not a count
                assert re.search(rf"(?<![\d.]){re.escape(m.group(1))}(?![\d.])", above), (
                    f"{path.name} {cell.id}: {m.group(0)!r} is not in the output above"
                )


# --- lesson 00's table of lessons and the solutions' first lines, in both editions ---------------


def _start_table(path) -> list[str]:
    """The first column of the lesson table in lesson 00's section 1: each row's lesson number."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    [cell] = [c for c in nb.cells if c.cell_type == "markdown" and c.source.startswith("## 1. ")]
    return re.findall(r"^\| (\d\d[a-z]?) ", cell.source, re.M)


@pytest.mark.parametrize("path", [HERE / "00_start.ipynb", HERE / "en/00_start.ipynb"], ids=_id)
def test_lesson_00s_table_lists_every_lesson_in_order(path):
    lessons = [lesson.number for lesson in registry.LESSONS]
    assert _start_table(path) == lessons, f"{_id(path)}: the table of lessons is not {lessons}"


# The first line of a collapsed solution (JupyterLab shows only it): notebooks/STYLE.md.
HEADS = {
    "code": {
        "zh": "# 参考答案：先自己做，卡住了再展开看",
        "en": "# Reference answer: try it yourself first; expand it if you get stuck",
    },
    "markdown": {
        "zh": "**参考答案（文字）**：先自己答，再点下面的“展开”。",
        "en": '**Reference answer (written)**: answer it yourself first, then click "Show" below.',
    },
}


def test_the_solution_heads_are_the_ones_style_md_and_the_lesson_07_builder_write():
    from agentkit.lessons.solution import HEAD

    style = (HERE / "STYLE.md").read_text(encoding="utf-8")
    assert HEAD == HEADS["code"]["zh"]
    for kind in HEADS.values():
        for head in kind.values():
            assert head in style, f"notebooks/STYLE.md does not give the first line {head!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_id)
def test_every_solution_cell_starts_with_the_one_first_line(path):
    import nbformat

    lang = "en" if _id(path).startswith("en/") else "zh"
    nb = nbformat.read(path, as_version=4)
    for i, cell in enumerate(nb.cells):
        if "solution" in cell.metadata.get("tags", []):
            first = cell.source.splitlines()[0] if cell.source else ""
            head = HEADS[cell.cell_type][lang]
            assert first == head, f"{_id(path)} cell {i}: {first!r} is not {head!r}"
