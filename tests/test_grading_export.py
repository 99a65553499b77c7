"""agentkit.grading.export: check_loop results per student as a CSV, from collected notebooks."""

import copy
import csv
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from agentkit.grading import export

LESSON = Path(__file__).resolve().parent.parent / "notebooks" / "07_your_loop.ipynb"


def classroom(folder: Path) -> None:
    shipped = nbformat.read(LESSON, as_version=4)
    solved = copy.deepcopy(shipped)  # alice wrote the reference loop as her my_loop
    [answer] = [c for c in solved.cells if "solution" in c.metadata.get("tags", [])]
    [mine] = [c for c in solved.cells if "exercise" in c.metadata.get("tags", [])]
    mine.source = answer.source.replace("reference_loop", "my_loop")
    nbformat.write(solved, folder / "alice.ipynb")
    stub = copy.deepcopy(shipped)
    stub.cells = [c for c in stub.cells if "solution" not in c.metadata.get("tags", [])]
    (folder / "bob").mkdir()
    nbformat.write(stub, folder / "bob" / "07_your_loop.ipynb")  # nbgrader's submitted/ layout
    empty = copy.deepcopy(shipped)
    empty.cells = [c for c in empty.cells if "my_loop" not in c.source]
    nbformat.write(empty, folder / "carol.ipynb")
    (folder / "dave.ipynb").write_text("{not a notebook", encoding="utf-8")


@pytest.mark.slow
def test_one_row_per_student_with_a_column_per_scenario(tmp_path):
    subs = tmp_path / "submitted"
    subs.mkdir()
    classroom(subs)
    out = tmp_path / "results.csv"
    r = subprocess.run(
        [sys.executable, "-m", "agentkit.grading.export", str(subs), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"4 名学生（2 份能评分）：{out}"
    with out.open(encoding="utf-8") as f:
        rows = {row["student"]: row for row in csv.DictReader(f)}
    header = list(next(iter(rows.values())))
    assert header[:4] == ["student", "passed", "total", "seed"] and header[-1] == "error"
    scenarios = header[4:-1]
    assert "runaway" in scenarios and "guide" in scenarios
    alice, bob = rows["alice"], rows["bob"]
    assert alice["passed"] == alice["total"] == str(len(scenarios)) and not alice["error"]
    assert all(alice[k] == "通过" for k in scenarios)
    assert int(bob["passed"]) < int(bob["total"]) and bob["runaway"] != "通过"
    assert bob["runaway"]  # the diagnosis, in the learner's language
    assert rows["carol"]["error"] == "carol.ipynb 里没有定义函数 my_loop"
    assert rows["carol"]["passed"] == "0" and rows["dave"]["error"]


def test_only_definitions_run():
    namespace_probe = [
        "import json\nx = 1\nprint('ran a lesson cell')\n",
        "def my_loop(client, messages, **kw):\n    return messages\nclient = make_client()\n",
    ]
    defs = [
        n.__class__.__name__
        for src in namespace_probe
        for n in __import__("ast").parse(src).body
        if export.is_definition(n)
    ]
    assert defs == ["Import", "Assign", "FunctionDef"]


def test_in_english_the_csv_and_the_command_line_speak_english(tmp_path, monkeypatch, capsys):
    from agentkit.content import CJK
    from agentkit.grading import SCENARIOS, check_loop, reference_loop

    monkeypatch.setenv("AGENTKIT_LANG", "en")
    guide = [s for s in SCENARIOS if s.key == "guide"]
    graded = {
        "alice": check_loop(reference_loop, guide, name="alice"),
        "bob": check_loop(lambda *a, **k: "done", guide, name="bob"),
        "carol": "carol.ipynb defines no function my_loop",
    }
    out = tmp_path / "results.csv"
    export.write_csv(graded, out)
    with out.open(encoding="utf-8") as f:
        rows = {row["student"]: row for row in csv.DictReader(f)}
    assert rows["alice"]["guide"] == "passed"
    assert rows["bob"]["guide"].startswith("The return value should be the messages list")
    assert not CJK.search(out.read_text(encoding="utf-8"))
    (tmp_path / "empty").mkdir()
    assert export.main([str(tmp_path / "nowhere")]) == 1
    assert export.main([str(tmp_path / "empty")]) == 1
    err = capsys.readouterr().err
    assert "is not a folder" in err and "holds no .ipynb notebooks" in err and not CJK.search(err)
    (tmp_path / "empty" / "dan.ipynb").write_text('{"cells": []}', encoding="utf-8")
    assert export.grade_folder(tmp_path / "empty") == {
        "dan": "dan.ipynb defines no function my_loop"
    }
