"""The scoreboard stored with the workbook (agentkit/grading/stored.py): current with the sources it
was graded from, equal to a fresh grade, used by `scoreboard()` only where it holds the very loop,
and shown with its legend above and each cell coloured by its mark."""

from __future__ import annotations

import json
import shutil

import pytest

from agentkit import antipatterns
from agentkit.grading import SCENARIOS, Scoreboard, check_loop, reference_loop, scoreboard, stored
from agentkit.grading import report as report_module
from agentkit.i18n import LANGUAGES, pinned


def test_the_stored_board_is_current_with_the_sources():
    data = json.loads(stored.PATH.read_text(encoding="utf-8"))
    assert data["fingerprint"] == stored.fingerprint(), (
        "the grader, a specimen or the stand-in changed since the scoreboard was stored: "
        f"run `{stored.REGENERATE}` and commit agentkit/grading/scoreboard.json"
    )
    keys = [s.key for s in SCENARIOS]
    for lang in LANGUAGES:
        board = data["boards"][lang]
        assert list(board) == list(stored.loops()), lang
        for name, report in board.items():
            assert [r["key"] for r in report["results"]] == keys, (lang, name)


def test_the_fingerprint_follows_what_grading_reaches(tmp_path, monkeypatch):
    copy = tmp_path / "agentkit"
    shutil.copytree(stored.PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(stored, "PACKAGE", copy)
    before = stored.fingerprint()
    (copy / "lessons" / "checks.py").write_text("# a lesson helper\n", encoding="utf-8")
    (copy / "serve.py").write_text("# the HTTP server\n", encoding="utf-8")
    assert stored.fingerprint() == before  # grading never reaches these
    for changed in ("antipatterns.py", "grading/battery.py", "sim/policy.py", "offline/api.py"):
        path = copy / changed
        text = path.read_bytes()
        path.write_bytes(text + b"\n# changed\n")
        assert stored.fingerprint() != before, changed
        path.write_bytes(text.replace(b"\n", b"\r\n"))  # a Windows checkout: the same sources
        assert stored.fingerprint() == before, changed
        path.write_bytes(text)


def test_a_stale_store_is_not_used(monkeypatch):
    monkeypatch.setattr(stored, "fingerprint", lambda: "not the stored one")
    assert stored.stored_report("reference_loop", reference_loop, "zh") is None


def test_the_store_holds_only_its_own_loops():
    def reference_loop(client, messages, *, tools, run_tool, model):  # same name, another loop
        return messages

    assert stored.stored_report("reference_loop", reference_loop, "zh") is None
    assert stored.stored_report("stop_on_regex", antipatterns.stop_on_text_block, "zh") is None
    report = stored.stored_report("stop_on_regex", antipatterns.stop_on_regex, "en")
    assert report is not None and report.name == "stop_on_regex" and report.seed == 0
    assert len(report.results) == len(SCENARIOS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lessons_board_comes_from_the_store_without_grading(lang, monkeypatch):
    def graded(*args, **kwargs):
        raise AssertionError("graded live (about half a minute) although the store holds it")

    monkeypatch.setattr(report_module, "check_loop", graded)
    with pinned(lang):
        board = scoreboard(families=("termination", "history", "control", "errors"))
        page = board._repr_html_()
    assert board.stored and len(board.reports) == 1 + sum(
        family in ("termination", "history", "control", "errors")
        for family, _ in antipatterns.SPECIMENS.values()
    )
    assert "stored=False" in page


def test_a_loop_the_store_does_not_hold_is_graded_live():
    def my_loop(client, messages, *, tools, run_tool, model):
        return reference_loop(client, messages, tools=tools, run_tool=run_tool, model=model)

    board = scoreboard({"reference_loop": reference_loop, "my_loop": my_loop})
    assert not board.stored  # one loop graded now: the board does not say it was stored
    assert board.reports[1].name == "my_loop" and board.reports[1].passed


def test_the_html_board_has_its_legend_above_and_coloured_marks():
    board = scoreboard(families=("termination",))
    page = board._repr_html_()
    legend, table = page.index("1 = <code>reference_loop</code>"), page.index("<table")
    assert legend < table and page.index("✗") < table  # the marks' legend too
    cells = page[table:]
    for mark, colour in (("✓", "rgba(40, 167, 69"), ("✗", "rgba(220, 53, 69")):
        assert f"background:{colour}" in cells and f"'>{mark}</td>" in cells
    assert cells.count("<td title=") == len(SCENARIOS) * len(board.reports)
    assert not Scoreboard(board.reports)._repr_html_().count("stored=False")


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_stored_board_equals_a_fresh_grade(lang):
    """A few loops graded now give exactly what is stored (the full board: the script)."""
    loops = stored.loops()
    for name in ("reference_loop", "stop_on_text_block", "fixed_five_turns", "exception_aborts"):
        with pinned(lang):
            fresh = check_loop(loops[name], name=name)
            kept = stored.stored_report(name, loops[name], lang)
        assert kept is not None and kept.as_data() == fresh.as_data(), (lang, name)
