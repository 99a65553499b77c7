"""The grader's developer-tools scenarios (`agentkit.grading.repo_scenarios`): the reference loop
passes them on every seed in both languages; loops written for the orders world only, and the
specimens whose defect these tasks exercise, fail them with a diagnosis naming the cause."""

import pytest

from agentkit.antipatterns import SPECIMENS
from agentkit.grading import check_loop
from agentkit.grading.repo_scenarios import REPO_SCENARIOS, T
from agentkit.grading.report import reference_loop
from agentkit.lessons.solution import solution_loop
from tests.batteries import language

KEYS = [s.key for s in REPO_SCENARIOS]


def grade(fn, seed=0, lang="zh"):
    with language(lang):
        return {r.key: r for r in check_loop(fn, REPO_SCENARIOS, seed=seed).results}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_reference_loop_passes_the_repo_scenarios(lang):
    results = grade(reference_loop, lang=lang)
    assert all(r.passed for r in results.values()), {k: r.problems for k, r in results.items()}
    assert sorted(results) == sorted(KEYS)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3, 7])
@pytest.mark.parametrize("fn", [reference_loop, solution_loop])
def test_correct_loops_pass_the_repo_scenarios_on_other_seeds(fn, seed):
    results = grade(fn, seed=seed)
    assert all(r.passed for r in results.values()), {k: r.problems for k, r in results.items()}


def test_the_seeds_draw_other_bugs_and_modules():
    drawn = {frozenset(sc.case(seed).world.files) for sc in REPO_SCENARIOS for seed in range(8)}
    sources = {
        text
        for sc in REPO_SCENARIOS
        for seed in range(8)
        for text in sc.case(seed).world.files.values()
    }
    assert len(drawn) > 1 and len(sources) > 4


ORDER_TOOLS = {"lookup_order", "process_refund", "cancel_order", "create_return"}


def orders_only_loop(client, messages, *, tools, run_tool, model):
    """Written for the support tools: it goes on only while the model calls one of them."""
    import json

    for _ in range(50):
        r = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": r.content})
        uses = [b for b in r.content if b.type == "tool_use"]
        if not any(b.name in ORDER_TOOLS for b in uses):
            return messages
        results = []
        for b in uses:
            try:
                out = {
                    "type": "tool_result",
                    "tool_use_id": b.id,
                    "content": json.dumps(run_tool(b.name, b.input)),
                }
            except Exception as e:
                out = {
                    "type": "tool_result",
                    "tool_use_id": b.id,
                    "content": str(e),
                    "is_error": True,
                }
            results.append(out)
        messages.append({"role": "user", "content": results})
    raise RuntimeError("no end_turn")


def test_a_loop_that_only_knows_the_orders_tools_fails():
    results = grade(orders_only_loop)
    assert not results["repo_fix"].passed and not results["repo_busy"].passed
    assert T("still_failing", tests="test_calc.py::test_add") in results["repo_fix"].problems


@pytest.mark.parametrize(
    "name, key, cause",
    [
        ("exception_aborts", "repo_busy", "is_error"),
        ("swallows_tool_error", "repo_busy", "is_error"),
        ("missing_is_error", "repo_busy", "is_error"),
        ("decision_tree", "repo_fix", "决策树"),
        ("status_router", "repo_fix", "lookup_order"),
        ("one_message_per_result", "repo_fix", "user 消息"),
        ("first_tool_use_only", "repo_fix", "tool_result"),
    ],
)
def test_a_specimen_fails_a_repo_scenario_with_its_own_diagnosis(name, key, cause):
    result = grade(SPECIMENS[name][1])[key]
    assert not result.passed and cause in result.problems[0], result.problems


# Where each specimen fails among the repo scenarios at seed 0 (tests/test_grading.py's
# EXPECTED_FAILURES adds these to the orders world's table: the battery holds both).
EXPECTED_REPO_FAILURES = {
    "stop_on_text_block": {"repo_fix", "repo_busy", "repo_missing"},
    "stop_on_regex": set(),
    "fixed_five_turns": {"repo_fix", "repo_busy"},
    "tool_choice_none_after_last": set(),
    "keep_only_latest_result": {"repo_fix", "repo_busy"},
    "results_in_system_prompt": {"repo_fix", "repo_busy", "repo_missing"},
    "one_message_per_result": {"repo_fix", "repo_busy", "repo_missing"},
    "text_before_results": {"repo_fix", "repo_busy", "repo_missing"},
    "first_tool_use_only": {"repo_fix", "repo_busy", "repo_missing"},
    "decision_tree": {"repo_fix", "repo_busy", "repo_missing"},
    "fixed_sequence": {"repo_fix", "repo_busy", "repo_missing"},
    "status_router": {"repo_fix", "repo_busy", "repo_missing"},
    "exception_aborts": {"repo_busy", "repo_missing"},
    "stop_on_done": set(),
    "pause_turn_as_end": set(),
    "continue_on_any_stop": set(),
    "retry_refusal": set(),
    "runs_cut_tool_use": set(),
    "returns_cut_answer": set(),
    "no_safety_net": set(),
    "silent_cap": set(),
    "shifted_results": {"repo_fix", "repo_busy", "repo_missing"},
    "runs_tools_twice": {"repo_fix", "repo_busy", "repo_missing"},
    "cached_tools": {"repo_fix", "repo_busy"},
    "missing_is_error": {"repo_busy", "repo_missing"},
    "retries_tool_forever": {"repo_busy", "repo_missing"},
    "swallows_tool_error": {"repo_busy", "repo_missing"},
    "windowed_history": set(),
    "hard_coded_model": {"repo_fix", "repo_busy", "repo_missing"},
    "template_final_answer": {"repo_fix", "repo_busy", "repo_missing"},
    "appends_made_up_final": {"repo_fix", "repo_busy", "repo_missing"},
    "round_in_one_try": {"repo_missing"},
    "stops_round_at_failure": {"repo_busy"},
    "api_error_returns": set(),
    "retries_bad_request": {"repo_fix", "repo_busy", "repo_missing"},
    "resends_after_max_tokens": set(),
    "empty_text_note": {"repo_fix", "repo_busy", "repo_missing"},
    "cache_every_result": {"repo_fix", "repo_busy"},
    "dict_content": set(),
    "string_is_error": {"repo_fix", "repo_busy", "repo_missing"},
    "stringified_input": {"repo_fix", "repo_busy", "repo_missing"},
    "own_tool_list": {"repo_fix", "repo_busy", "repo_missing"},
    "keeps_only_tool_use": {"repo_fix", "repo_busy", "repo_missing"},
    "readable_transcript": {"repo_fix", "repo_busy", "repo_missing"},
    "mutable_default_history": {"repo_busy", "repo_missing"},
    "asks_if_done": {"repo_fix", "repo_busy", "repo_missing"},
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(EXPECTED_REPO_FAILURES))
def test_each_specimen_fails_exactly_its_repo_scenarios(name):
    failed = {k for k, r in grade(SPECIMENS[name][1]).items() if not r.passed}
    assert failed == EXPECTED_REPO_FAILURES[name]


def test_the_table_names_every_specimen():
    assert set(EXPECTED_REPO_FAILURES) == set(SPECIMENS)
