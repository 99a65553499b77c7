"""Grader v4 (issue 35): the classes its earlier versions got wrong, each a loop written whole.

Correct shapes that used to fail (a cut reply kept in the returned history, a backoff that sleeps,
a safety net by wall clock or by tokens, a note after the tool_results, raising on a stop_reason
the loop cannot know) pass on several seeds in both languages; the bugs that used to pass (the
default branch of a match, a request timeout or a 429 answered by returning, a dropped earlier
turn, a hard-coded model, "please continue" after a cut tool_use) are caught, each with its own
first diagnosis.
"""

import re
import time
from pathlib import Path

import anthropic
import nbformat
import pytest
from batteries import graded

from agentkit.grading import SCENARIOS, check_loop_again, reference_loop, run_scenario
from agentkit.grading.diagnose import diagnose
from agentkit.grading.report import AGAIN
from agentkit.grading.runner import SLEEP_ALLOWANCE
from agentkit.grading.strings import T
from agentkit.offline import validation
from agentkit.tools import tool_result

SEEDS = (0, pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow))
LANGS = ("zh", "en")
FAULTS = ("overloaded", "rate_limited", "timeout")
BY_KEY = {s.key: s for s in SCENARIOS}
ROOT = Path(__file__).resolve().parent.parent
LESSON_07 = ROOT / "notebooks" / "07_your_loop.ipynb"
VALIDATION = Path(validation.__file__)


def results(resp, run_tool):
    return [tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"]


class Stopped(Exception):
    pass


# --- correct shapes ---------------------------------------------------------------------------


def backoff_then_raise(client, messages, *, tools, run_tool, model):
    """Its own backoff on top of the SDK's: 1, 2, 4, 8 s, then raise (15 s of sleep)."""
    for _ in range(60):
        for wait in (1, 2, 4, 8, None):
            try:
                resp = client.messages.create(
                    model=model, max_tokens=1024, tools=tools, messages=messages
                )
                break
            except (anthropic.RateLimitError, anthropic.APIStatusError, anthropic.APITimeoutError):
                if wait is None:
                    raise
                time.sleep(wait)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "tool_use":
            messages.append({"role": "user", "content": results(resp, run_tool)})
            continue
        if resp.stop_reason in ("end_turn", "stop_sequence"):
            return messages
        raise Stopped(resp.stop_reason)
    raise Stopped("cap")


def named_or_raise(client, messages, *, tools, run_tool, model, net=None):
    """Every stop_reason by name, an unknown one raised; a cut reply kept in the returned history
    (never run, never resent); `net(state)` says when the safety net stops the run."""
    state = {"start": time.monotonic(), "tokens": 0, "turns": 0}
    while net(state) if net else state["turns"] < 60:
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        state["turns"] += 1
        state["tokens"] += resp.usage.input_tokens + resp.usage.output_tokens
        messages.append({"role": "assistant", "content": resp.content})
        match resp.stop_reason:
            case "tool_use":
                messages.append({"role": "user", "content": results(resp, run_tool)})
            case "pause_turn":
                pass
            case "end_turn" | "stop_sequence" | "refusal" | "model_context_window_exceeded":
                return messages
            case other:
                raise Stopped(f"stop_reason {other!r}")
    raise Stopped("safety net")


def wall_clock_net(client, messages, *, tools, run_tool, model):
    """A safety net of four minutes on the clock."""
    return named_or_raise(
        client, messages, tools=tools, run_tool=run_tool, model=model,
        net=lambda s: time.monotonic() - s["start"] < 240,
    )  # fmt: skip


def token_net(client, messages, *, tools, run_tool, model):
    """A safety net of 300,000 tokens."""
    return named_or_raise(
        client, messages, tools=tools, run_tool=run_tool, model=model,
        net=lambda s: s["tokens"] < 300_000,
    )  # fmt: skip


def report(fn, keys, seed, lang):
    return graded(fn, keys, seed=seed, lang=lang, name=fn.__name__)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_a_backoff_that_sleeps_passes_and_costs_no_real_time(seed, lang):
    start = time.perf_counter()
    got = report(backoff_then_raise, ("guide", *FAULTS), seed, lang)
    assert got.passed, got
    assert time.perf_counter() - start < 3 * 15  # three scenarios of 15 s sleep, and the SDK's


def test_the_sleeps_go_on_the_virtual_clock_and_a_hang_is_still_caught():
    run = run_scenario(backoff_then_raise, BY_KEY["rate_limited"])
    assert run.slept >= 15 and run.timed_out is None

    def sleeps_for_good(client, messages, *, tools, run_tool, model):
        time.sleep(SLEEP_ALLOWANCE + 3600)

    start = time.perf_counter()
    hung = run_scenario(sleeps_for_good, BY_KEY["guide"], deadline=0.5)
    assert hung.timed_out == 0.5 and time.perf_counter() - start < 30


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(
    "fn", [named_or_raise, wall_clock_net, token_net], ids=lambda f: f.__name__
)
def test_safety_nets_by_turns_wall_clock_and_tokens_pass_and_the_report_says_what_it_saw(
    fn, seed, lang
):
    keys = ("runaway", "context_full", "new_stop_reason", "guide")
    got = report(fn, keys, seed, lang)
    assert got.passed, got
    runaway = next(r for r in got.results if r.key == "runaway")
    said = "秒" if lang == "zh" else " s,"
    assert said in runaway.diagnosis and "token" in runaway.diagnosis, runaway.diagnosis


@pytest.mark.parametrize("lang", LANGS)
def test_a_cut_reply_kept_in_the_returned_history_is_a_note_not_a_failure(lang):
    got = report(named_or_raise, ("context_full",), 0, lang)
    assert got.passed, got
    note = "留着被截断的 tool_use" if lang == "zh" else "keeps a truncated tool_use"
    assert note in got.results[0].diagnosis


def note_after_results(client, messages, *, tools, run_tool, model):
    """A note in its own user message after the tool_results: the API joins the two."""
    for _ in range(60):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason != "tool_use":
            return messages
        messages.append({"role": "user", "content": results(resp, run_tool)})
        messages.append({"role": "user", "content": "(checked by the agent)"})
    raise Stopped("cap")


def test_a_note_after_the_tool_results_is_judged_as_the_api_joins_the_user_messages():
    """The grader's own verdict: no "split over n user messages" (what the stand-in makes of
    the note is the model's reading, issue 35: the world may still show it)."""
    run = run_scenario(note_after_results, BY_KEY["parallel"])
    assert all(
        p.startswith("订单") or "split" not in p and "分成了" not in p for p in diagnose(run)
    )


# --- bugs, each caught by its cause -----------------------------------------------------------


def default_branch_returns(client, messages, *, tools, run_tool, model):
    for _ in range(60):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": resp.content})
        match resp.stop_reason:
            case "tool_use":
                messages.append({"role": "user", "content": results(resp, run_tool)})
            case "pause_turn":
                pass
            case _:
                return messages
    raise Stopped("cap")


def tools_unless_end_turn(client, messages, *, tools, run_tool, model):
    for _ in range(60):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason in ("end_turn", "stop_sequence"):
            return messages
        messages.append({"role": "user", "content": results(resp, run_tool) or "continue"})
    raise Stopped("cap")


def returns_on_api_error(client, messages, *, tools, run_tool, model):
    try:
        return named_or_raise(client, messages, tools=tools, run_tool=run_tool, model=model)
    except anthropic.APIError:
        return messages  # "what we have so far"


def latest_message_only(client, messages, *, tools, run_tool, model):
    return named_or_raise(client, messages[-1:], tools=tools, run_tool=run_tool, model=model)


def hard_coded(client, messages, *, tools, run_tool, model):
    return named_or_raise(client, messages, tools=tools, run_tool=run_tool, model="claude-opus-4-6")


def continue_after_cut(client, messages, *, tools, run_tool, model):
    for _ in range(60):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "max_tokens":
            messages.append({"role": "user", "content": "Please continue."})
            continue
        if resp.stop_reason != "tool_use":
            return messages
        messages.append({"role": "user", "content": results(resp, run_tool)})
    raise Stopped("cap")


BUGS = [
    (default_branch_returns, "new_stop_reason", "循环不可能认识", "cannot know"),
    (tools_unless_end_turn, "new_stop_reason", "执行了其中的", "yet the loop ran"),
    (returns_on_api_error, "rate_limited", "返回 429，循环捕获了错误却返回了历史", "answered 429"),
    (returns_on_api_error, "timeout", "一直超时，没有响应，循环捕获了错误", "timed out with no"),
    (latest_message_only, "conversation", "前面的对话被丢掉了", "earlier turns were dropped"),
    (hard_coded, "another_model", "而不是传入的 model 参数", "not the model argument"),
    (continue_after_cut, "cut_tool_use", "没写完的 tool_use 又发了回去", "unfinished tool_use"),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(
    ("fn", "key", "zh", "en"), BUGS, ids=[f"{b[0].__name__}-{b[1]}" for b in BUGS]
)
def test_a_bug_of_a_new_class_is_caught_first_by_its_cause(fn, key, zh, en, seed, lang):
    got = report(fn, (key,), seed, lang)
    assert not got.passed, got
    assert (zh if lang == "zh" else en) in got.results[0].problems[0], got


def test_the_model_is_varied_by_seed_and_another_one_is_in_the_battery():
    models = {BY_KEY["guide"].case(seed).model for seed in range(8)}
    assert len(models) > 1
    assert BY_KEY["another_model"].case(0).model != BY_KEY["guide"].case(0).model


def test_a_whole_loop_check_grades_another_draw_so_a_memorised_battery_fails():
    """Lesson 07's check (check_loop_again): seed 0, then seed AGAIN, another model included."""
    canonical = {s.key: s.case(0).prompt for s in SCENARIOS}

    def memorised(client, messages, *, tools, run_tool, model):
        if messages[-1]["content"] not in canonical.values():
            return messages  # "never seen this one": it only knows the canonical battery
        return reference_loop(client, messages, tools=tools, run_tool=run_tool, model=model)

    report = check_loop_again(memorised, name="memorised")
    assert not report.passed and report.seed == AGAIN
    assert BY_KEY["guide"].case(AGAIN).model != BY_KEY["guide"].case(0).model
    assert check_loop_again(reference_loop).passed


# --- the lessons' diagnosis tables use the grader's own words ---------------------------------

PLACEHOLDER = re.compile(r"\{\w+\}")


def _normal(text: str) -> str:
    """Numbers and placeholders alike as N, quotes as the grader writes them."""
    return re.sub(r"\d+", "N", PLACEHOLDER.sub("N", text))


def _table_phrases(markdown: str) -> list[str]:
    """The first column of a markdown table, each cell's fragments (split at … and /)."""
    rows = [r for r in markdown.splitlines() if r.startswith("|") and not r.startswith("|---")]
    cells = [r.split("|")[1].strip() for r in rows[1:]]  # rows[0]: the header
    return [f.strip() for c in cells for f in re.split(r"……|…| / ", c) if f.strip()]


@pytest.mark.parametrize("lang", LANGS)
def test_lesson_07s_table_of_diagnoses_quotes_the_graders_templates(lang):
    """Each key phrase of lesson 07's table is in one of the grader's sentences (in the same
    language), or in the API's own wording that a diagnosis quotes."""
    cell = next(
        c for c in nbformat.read(LESSON_07, as_version=4).cells if c.get("id") == "61f3f12f"
    )
    table = cell.source if lang == "zh" else cell.metadata["en"]
    said = [_normal(pair[LANGS.index(lang)]) for pair in T.table.values()]
    api = _normal(VALIDATION.read_text())
    phrases = _table_phrases(table)
    assert len(phrases) >= 10
    for phrase in phrases:
        wanted = _normal(phrase.replace("`", ""))
        assert any(wanted in s.replace("`", "") for s in said) or wanted in api.replace("`", ""), (
            phrase
        )


# Lessons 05 and 08 quote the grader's diagnoses in their prose ("What to look for"): each quote
# is the grader's own sentence, in the lesson's language. The cells that quote one, by lesson.
QUOTING = {
    "05_broken_termination": {
        "17801bfb",
        "2e525ee7",
        "0d0d16e4",
        "a5cc796f",
        "ab3ac776",
        "25d21ba8",
    },
    "08_self_test": {"89776e41", "973d327b"},
}
QUOTE = {
    "zh": re.compile(r"(?:诊断|评分器)[^“”。]{0,12}“([^”]+)”"),
    "en": re.compile(r'(?:diagnos[a-z]*|grader)[^"]{0,40}"([^"]+)"'),
}


def _pattern(template: str) -> re.Pattern[str]:
    """A template as a regex: its words literal, each placeholder any text on the line."""
    parts = PLACEHOLDER.split(template)
    holes = PLACEHOLDER.findall(template)
    text = "".join(
        re.escape(p) + ("[^\n]*?" if i < len(holes) else "") for i, p in enumerate(parts)
    )
    return re.compile(text)


def _said_by_a_template(quote: str, line: str, templates: list[str]) -> bool:
    """Some template (or one whose {where} another fills, as the grader composes them) printed
    the part of `line` that `quote` is."""
    at = line.index(quote)
    printed = [t for t in templates if all(p in line for p in PLACEHOLDER.split(t))]
    for t in printed:
        for filled in [t] + [t.replace("{where}", w) for w in printed if "{where}" in t]:
            if len(PLACEHOLDER.sub("", filled)) < 6:
                continue
            for m in _pattern(filled).finditer(line):
                if m.start() <= at and at + len(quote) <= m.end():
                    return True
    return False


def _quotes(stem: str, lang: str) -> tuple[dict[str, list[str]], str]:
    """{cell id: the diagnoses its markdown quotes}, and every stored output of the lesson."""
    path = ROOT / "notebooks" / ("en" if lang == "en" else "") / f"{stem}.ipynb"
    nb = nbformat.read(path, as_version=4)
    quoted = {c.id: QUOTE[lang].findall(c.source) for c in nb.cells if c.cell_type == "markdown"}
    outputs = "".join(
        o.get("text", "") + o.get("data", {}).get("text/plain", "")
        for c in nb.cells
        for o in c.get("outputs", [])
    )
    return {k: v for k, v in quoted.items() if v}, outputs


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("stem", sorted(QUOTING))
def test_the_diagnoses_lessons_05_and_08_quote_are_the_graders_own_words(stem, lang):
    """Issue 36.9: every diagnosis the prose quotes is printed by the lesson's own check_loop
    (stored outputs, which strict nbval keeps current) and is one of the grader's templates, in
    the same language; and each cell that quotes one still does."""
    quoted, outputs = _quotes(stem, lang)
    assert QUOTING[stem] <= set(quoted), sorted(QUOTING[stem] - set(quoted))
    templates = [pair[LANGS.index(lang)] for pair in T.table.values()]
    for cell_id, quotes in quoted.items():
        for quote in quotes:
            lines = [line for line in outputs.splitlines() if quote in line]
            assert lines, (cell_id, quote)
            assert _said_by_a_template(quote, lines[0], templates), (cell_id, quote)


def test_a_dropped_thinking_block_gets_the_thinking_hint_not_the_json_dumps_one():
    from agentkit.grading.diagnose import _hint

    said = (
        "messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found"
        " `tool_use`. When `thinking` is enabled, a final `assistant` message must start with a"
        " thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks)."
    )
    assert _hint(None, said) == T("hint.thinking")
    assert _hint(None, "messages.2.content.0.tool_result.content: Input should be a valid list")
    assert _hint(None, said) != T("hint.content")
