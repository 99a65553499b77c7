"""Lesson 06 cuts replies at small budgets: `max_tokens=12` (doubled by the loop), a ceiling, stop
sequences, and a context window computed from a measured run. The stand-in answers in the task's
language and its token estimate counts a CJK character as a token, so a budget that cuts a Chinese
reply may not cut the English one. This runs the lesson's own code cells, in Chinese and in English
(the English edition's source, through scripts/build_english.py), and checks that every cut the
prose of both editions describes really happens."""

import contextlib
import importlib.util
import io
import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSON = ROOT / "notebooks" / "06_other_stop_reasons.ipynb"
LAST = "context_window=window"  # the last cell these checks need (section 8)
REQUEST = re.compile(r"max_tokens=(\d+)\W+stop_reason=(\w+)(.*)")


def _build_english():
    spec = importlib.util.spec_from_file_location(
        "build_english", ROOT / "scripts" / "build_english.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build_english", module)
    spec.loader.exec_module(module)
    return module


def code_cells(lang: str) -> list[str]:
    nb = nbformat.read(LESSON, as_version=4)
    if lang == "en":
        nb = _build_english().english(nb, LESSON.name)
        nb.cells = [c for c in nb.cells if "language" not in c.metadata.get("tags", [])]
    return [c.source for c in nb.cells if c.cell_type == "code"]


def run_until_section_8(lang: str, monkeypatch) -> dict[str, dict]:
    """Execute the lesson's code cells in order (as the kernel would) up to section 8; returns a
    snapshot of the names each cell of interest left, keyed by a marker of that cell."""
    monkeypatch.setenv("AGENTKIT_LANG", lang)
    markers = {
        "cut": "max_tokens=12, tools=",
        "doubling": "max_tokens=12, on_event=rec",
        "ceiling": "max_tokens_ceiling=12",
        "stop": "stop_sequences=",
        "window": LAST,
    }
    ns: dict = {}
    seen: dict[str, dict] = {}
    for source in code_cells(lang):
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(source, LESSON.name, "exec"), ns)  # the lesson's own code
        for name, marker in markers.items():
            if marker in source:
                seen[name] = dict(ns)
        if LAST in source:
            return seen
    raise AssertionError(f"no cell with {LAST!r} in {LESSON.name}")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_cut_lesson_06_describes_happens_in_both_editions(lang, monkeypatch):
    seen = run_until_section_8(lang, monkeypatch)

    # section 2: max_tokens=12 cuts the first reply inside its tool_use, before order_id
    cut = seen["cut"]["cut"]
    assert cut.stop_reason == "max_tokens"
    assert [(b.name, b.input) for b in cut.content if b.type == "tool_use"] == [
        ("lookup_order", {})
    ]

    # section 3: doubled to 24 the lookup is complete; the refund is cut too, and never run cut
    s = seen["doubling"]
    requests = [REQUEST.search(line) for line in s["rec"].lines]
    requests = [(int(m[1]), m[2], m[3]) for m in requests if m]
    assert requests[0][:2] == (12, "max_tokens") and requests[1][:2] == (24, "tool_use")
    assert any(stop == "max_tokens" and "process_refund(" in rest for _, stop, rest in requests)
    assert s["result"].exit == "completed"
    assert [e["input"] for e in s["world"].refunds()] == [{"order_id": "A-1001", "amount": 120.0}]

    # section 4: at the ceiling nothing runs
    s = seen["ceiling"]
    assert (
        s["result"].exit == "max_tokens" and s["result"].tool_calls == [] and not s["world"].effects
    )

    # section 7: the refund goes through, the final answer stops at one of the sequences
    s = seen["stop"]
    assert s["result"].exit == "stop_sequence" and len(s["world"].refunds()) == 1
    assert s["result"].final_text and s["result"].detail not in s["result"].final_text

    # section 8: the computed window lets two turns run and cuts the third turn's answer
    s = seen["window"]
    result, whole = s["result"], s["whole"]
    assert result.exit == "truncated"
    assert result.stop_reasons[-1] == "model_context_window_exceeded"
    assert [c.name for c in result.tool_calls] == ["lookup_order", "process_refund"]
    assert result.final_text and whole.final_text.startswith(result.final_text)
    assert len(result.final_text) < len(whole.final_text)
