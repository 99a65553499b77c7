"""Stored notebook outputs: executed, deterministic-looking, and free of machine paths, keys and tracebacks."""

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))
MACHINE = re.compile(r"(/tmp/|/root/|/home/|/work/|/Users/|[A-Z]:\\\\)")
SECRET = re.compile(r"sk-ant-[A-Za-z0-9_-]{8,}")
ADDRESS = re.compile(r" at 0x[0-9a-f]{6,}")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
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
    assert [p.name[:2] for p in NOTEBOOKS if p.name[2] == "_"] == [f"{i:02d}" for i in range(10)]
    assert all(re.fullmatch(r"\d\d[a-z]?_[a-z0-9_]+\.ipynb", p.name) for p in NOTEBOOKS)


def test_source_listings_stay_within_88_columns_and_remain_python():
    """A listing wider than the output area wraps anywhere, mid-identifier too: keep it narrow."""
    import ast

    from agentkit.display import LISTING, columns

    listed = 0
    for path in NOTEBOOKS:
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] != "code" or not re.search(r"^source\(", source, re.M):
                continue
            text = "".join(
                "".join(o.get("data", {}).get("text/plain", "")) for o in cell["outputs"]
            )
            code = text.split("\n\n")[-1] if text.startswith("ROUTES") else text
            wide = [line for line in code.splitlines() if columns(line) > LISTING]
            assert not wide, f"{path.name}: {wide}"
            ast.parse(code)
            listed += 1
    assert listed >= 10
