"""check_loop and the scoreboard: the reference passes everything; each specimen fails where it should."""

import json

import pytest

from agentkit import antipatterns
from agentkit.grading import SCENARIOS, check_loop, reference_loop, scoreboard

KEYS = [s.key for s in SCENARIOS]

# Where each specimen must fail (and nowhere else). If the simulated Claude changes, this table says how.
EXPECTED_FAILURES = {
    "stop_on_text_block": set(KEYS) - {"no_tools"},
    "stop_on_regex": set(KEYS) - {"no_tools", "status_only"},
    "fixed_five_turns": {"long"},
    "tool_choice_none_after_last": {"long", "tool_error", "refund_cap"},
    "keep_only_latest_result": set(KEYS) - {"no_tools", "status_only"},
    "results_in_system_prompt": set(KEYS) - {"no_tools"},
    "one_message_per_result": {"parallel"},
    "text_before_results": set(KEYS) - {"no_tools"},
    "first_tool_use_only": {"parallel"},
    "decision_tree": set(KEYS) - {"guide", "shipped"},
    "fixed_sequence": set(KEYS) - {"guide"},
    "status_router": set(KEYS) - {"guide", "shipped"},
    "exception_aborts": {"tool_error", "bad_input", "refund_cap"},
}


def test_reference_loop_passes_every_scenario():
    report = check_loop(reference_loop)
    assert report.passed, report
    assert all(r.diagnosis == "通过" for r in report.results)


def test_the_study_guide_loop_passes_too():
    from functools import partial

    from agentkit.exercise import guide_loop

    assert check_loop(partial(guide_loop, print=lambda *a: None), name="guide_loop").passed


@pytest.mark.parametrize("name", sorted(EXPECTED_FAILURES))
def test_each_specimen_fails_exactly_where_it_should(name):
    report = check_loop(antipatterns.SPECIMENS[name][1], name=name)
    failed = {r.key for r in report.results if not r.passed}
    assert failed == EXPECTED_FAILURES[name], report
    assert not report.passed
    assert all(r.problems for r in report.results if not r.passed)


def test_every_specimen_is_in_the_expectations():
    assert set(antipatterns.SPECIMENS) == set(EXPECTED_FAILURES)


def test_diagnoses_say_what_went_wrong_and_where():
    text = {r.key: r.diagnosis for r in check_loop(antipatterns.stop_on_text_block).results}
    assert text["guide"].startswith("第 1 轮响应同时含 text 与 tool_use，循环在执行工具前就退出了")
    regex = {r.key: r.diagnosis for r in check_loop(antipatterns.stop_on_regex).results}
    assert regex["guide"].startswith("第 2 轮响应同时含 text 与 tool_use")
    five = {r.key: r.diagnosis for r in check_loop(antipatterns.fixed_five_turns).results}
    assert "第 5 轮 stop_reason=tool_use" in five["long"] and "A-1007 没有退款" in five["long"]
    latest = {r.key: r.diagnosis for r in check_loop(antipatterns.keep_only_latest_result).results}
    assert "历史没有完整保留" in latest["guide"]
    assert "被退款 2 次" in latest["long"] or "丢掉了" in latest["long"]
    split = {r.key: r.diagnosis for r in check_loop(antipatterns.one_message_per_result).results}
    assert "分成了 3 条 user 消息" in split["parallel"]
    before = {r.key: r.diagnosis for r in check_loop(antipatterns.text_before_results).results}
    assert "被 API 拒绝（400）" in before["guide"] and "without `tool_result`" in before["guide"]
    aborts = {r.key: r.diagnosis for r in check_loop(antipatterns.exception_aborts).results}
    assert aborts["tool_error"].startswith("工具出错时异常直接终止了循环")
    tree = {r.key: r.diagnosis for r in check_loop(antipatterns.decision_tree).results}
    assert "A-1004 不应调用 process_refund" in tree["unexpected"]


def test_a_learner_loop_that_raises_gets_a_diagnosis_not_a_traceback():
    def broken(client, messages, *, tools, run_tool, model):
        raise RuntimeError("oops")

    report = check_loop(broken)
    assert not report.passed
    assert all("RuntimeError: oops" in r.diagnosis for r in report.results)


def test_wrong_return_type_is_named():
    def returns_text(client, messages, *, tools, run_tool, model):
        return (
            client.messages.create(model=model, max_tokens=100, messages=messages).content[0].text
        )

    report = check_loop(returns_text)
    assert "返回值应为 messages 列表（list），实际是 str" in report.results[0].diagnosis


def test_a_loop_that_never_ends_is_stopped_and_diagnosed():
    def forever(client, messages, *, tools, run_tool, model):
        while True:
            try:
                client.messages.create(model=model, max_tokens=100, messages=messages)
            except Exception:  # a BaseException budget is not swallowed by this
                pass

    report = check_loop(forever, max_calls=7)
    assert not report.passed
    assert "循环发了 7 次请求仍未结束" in report.results[0].diagnosis


def test_scoreboard_text_and_html():
    board = scoreboard(
        {"reference_loop": reference_loop, "stop_on_text_block": antipatterns.stop_on_text_block}
    )
    text = repr(board)
    assert "reference_loop" in text and "✗" in text and "1 = 学习指南练习：退款" in text
    assert "<table class='ak-scoreboard'>" in board._repr_html_()
    assert board.failures().splitlines()[0] == "reference_loop: 全部通过"
    json.dumps([r.diagnosis for rep in board.reports for r in rep.results], ensure_ascii=False)
