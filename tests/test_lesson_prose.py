"""Figures and examples the lessons' prose states, tied to what the code computes (both editions):
the scoreboard's examples in lesson 05, the cap that stops lesson 05's forgetful loops, and how
long the workbook takes (lesson 00, from scripts/lesson_lengths.py)."""

import re
import sys
from pathlib import Path

import nbformat
import pytest

from agentkit import antipatterns
from agentkit.grading import SCENARIOS, run_scenario
from agentkit.grading.runner import MAX_REQUESTS
from agentkit.lessons import registry

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
EDITIONS = {"zh": NOTEBOOKS, "en": NOTEBOOKS / "en"}
BY_KEY = {sc.key: sc for sc in SCENARIOS}


def cells(lang: str, lesson: str):
    path = registry.lesson(lesson).path(NOTEBOOKS, lang)
    return nbformat.read(path, as_version=4).cells


def cell(lang: str, lesson: str, cell_id: str):
    [found] = [c for c in cells(lang, lesson) if c.id == cell_id]
    return found


# --- lesson 05: the scoreboard's examples ----------------------------------------------------------


def failures(board: str) -> dict[str, int]:
    """The stored scoreboard's text: each loop's name -> the number of scenarios it fails."""
    legend = dict(re.findall(r"^\s*(\d+) = (\w+)$", board, re.M))
    rows = [line.split() for line in board.splitlines()[1:]]
    rows = [row for row in rows if len(row) == len(legend) + 1]
    assert len(rows) == len(SCENARIOS), "one row per scenario"
    return {name: sum(row[int(n)] == "✗" for row in rows) for n, name in legend.items()}


@pytest.mark.parametrize("lang", sorted(EDITIONS))
def test_lesson_05s_examples_of_wrong_everywhere_and_wrong_rarely_are_the_scoreboards(lang):
    board = cell(lang, "05", "31c9a34b")  # the scoreboard
    failed = failures(board.outputs[0]["data"]["text/plain"])
    note = cell(lang, "05", "fe093f4d").source  # "What to look for" under the scoreboard
    everywhere, rarely = _groups(note)
    assert everywhere and rarely
    for name in everywhere:  # "wrong almost everywhere": three scenarios in four, at least
        assert failed[name] >= 0.75 * len(SCENARIOS), (lang, name, failed[name])
    for name in rarely:  # "slip on only one to three scenarios"
        assert 1 <= failed[name] <= 3, (lang, name, failed[name])


def _groups(note: str) -> list[list[str]]:
    """The names in the note's first two parenthesised lists of `names`."""
    groups = re.findall(r"[（(]((?:`\w+`(?:、|, )?)+)[)）]", note)
    return [re.findall(r"`(\w+)`", group) for group in groups[:2]]


def test_lesson_05s_forgetful_loops_stop_at_their_own_cap_not_the_graders_budget():
    for lang in EDITIONS:  # the note under them says so, naming the cap
        assert "`agentkit.antipatterns.BUDGET` " in cell(lang, "05", "ab3ac776").source, lang
    assert antipatterns.BUDGET < MAX_REQUESTS
    for name, key in (("keep_only_latest_result", "long"), ("results_in_system_prompt", "guide")):
        run = run_scenario(getattr(antipatterns, name), BY_KEY[key])
        assert len(run.requests) == antipatterns.BUDGET and not run.exceeded, name
        assert isinstance(run.error, antipatterns.Stopped), name
        assert str(run.error) == "safety net"


# --- lesson 06: the policy summary, the fallback model -----------------------------------------


@pytest.mark.parametrize("lang", sorted(EDITIONS))
def test_every_policy_page_title_lesson_06_summarises_states_its_rule(lang):
    """The research task's summary lists the pages' titles: each is "topic: rule", as the
    returns and refunds pages are, so none is a bare topic ("Orders held at customs")."""
    from agentkit.sim.strings import T
    from agentkit.sim.world import PAGE_NAMES

    for name in PAGE_NAMES:
        title = T.text(f"page.{name}.title", lang)
        topic, colon, rule = title.partition("：" if lang == "zh" else ": ")
        assert colon and topic and rule.strip(), (lang, name, title)


def test_lesson_06_says_the_fallback_models_in_the_request_are_a_beta_the_installed_sdk_has():
    """Server-side fallback is a beta: in SDK 2.14 `fallbacks` is a parameter of
    client.beta.messages.create only, with the beta header the lesson names (see
    anthropic/types/beta/beta_fallback_param.py: "These rules apply with the
    `server-side-fallback-2026-07-01` beta header"; docs: platform.claude.com/docs/en/
    build-with-claude/refusals-and-fallback#server-side-fallback)."""
    import inspect
    import typing

    from anthropic.resources.beta.messages import Messages as BetaMessages
    from anthropic.resources.messages import Messages
    from anthropic.types import AnthropicBetaParam

    header = "server-side-fallback-2026-07-01"
    assert "fallbacks" in inspect.signature(BetaMessages.create).parameters
    assert "fallbacks" not in inspect.signature(Messages.create).parameters
    assert header in typing.get_args(typing.get_args(AnthropicBetaParam)[1])
    for lang in EDITIONS:
        refusal = cell(lang, "06", "other-stop-reasons-16").source
        assert f"`{header}`" in refusal and "`client.beta.messages.create`" in refusal, lang


# --- exam wording in the English edition -------------------------------------------------------


@pytest.mark.parametrize("path", registry.paths(NOTEBOOKS, ("en",)), ids=lambda p: p.stem)
def test_english_lessons_say_agentic_loop_as_the_exam_does(path):
    for c in nbformat.read(path, as_version=4).cells:
        if c.cell_type == "markdown":
            assert not re.search(r"\bagent loops?\b", c.source, re.I), (path.name, c.id)


def test_the_readmes_english_section_says_agentic_loop():
    english = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## English\n")[1]
    assert "agentic loop" in english and not re.search(r"\bagent loops?\b", english, re.I)


# --- lesson 06b: num_turns under max_turns=1 ---------------------------------------------------


@pytest.mark.parametrize("lang", sorted(EDITIONS))
def test_lesson_06b_explains_the_num_turns_the_capped_run_printed(lang):
    run = cell(lang, "06b", "c-max-turns")
    shown = "".join(o.get("text", "") for o in run.outputs)
    cap = re.search(r"max_turns=(\d+)", run.source).group(1)
    turns = re.search(r"num_turns=(\d+)", shown).group(1)
    assert int(turns) == int(cap) + 1  # what the note explains: the turn the cap refused counts
    note = cell(lang, "06b", "s5-look").source
    assert f"`num_turns={turns}`" in note and f"`max_turns={cap}`" in note
    assert f"Reached maximum number of turns ({cap})" in note


# --- lesson 00 and the README: how long the workbook takes -------------------------------------

sys.path.insert(0, str(ROOT / "scripts"))
import lesson_lengths as ll  # noqa: E402  (a script, not a package)

STATED = {
    "zh": re.compile(r"大约 (\d+(?:\.\d+)?) 小时学完"),
    "en": re.compile(r"about (\d+(?:\.\d+)?) hours"),
}


@pytest.mark.parametrize("lang", sorted(EDITIONS))
def test_lesson_00s_hours_are_the_measured_total_to_the_half_hour(lang):
    hours = sum(n.minutes for n in ll.lessons(lang=lang)) / 60
    [table] = [c for c in cells(lang, "00") if c.source.startswith(("## 1. ", "## 1."))]
    [stated] = STATED[lang].findall(table.source)
    assert abs(float(stated) - hours) <= 0.25, (
        f"lesson 00 ({lang}) says {stated} hours; scripts/lesson_lengths.py measures {hours:.2f}"
    )
    if lang == "zh":  # the README's Chinese section states the Chinese edition's figure
        [readme] = STATED["zh"].findall((ROOT / "README.md").read_text(encoding="utf-8"))
        assert readme == stated
