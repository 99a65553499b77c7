"""check_loop: every bug class is caught with its own diagnosis; correct loops of every shape pass.

The specimens in agentkit.antipatterns are the bug catalogue; the loops at the bottom of this file
are correct loops written in other shapes. Both run on the seeded battery.
"""

import json
import re
from concurrent.futures import ThreadPoolExecutor
from functools import cache, partial

import pytest

from agentkit import antipatterns, run_agent_loop
from agentkit.exercise import guide_loop
from agentkit.grading import (
    SCENARIOS,
    check_loop,
    diagnose,
    reference_loop,
    run_scenario,
    scoreboard,
)
from agentkit.lessons.solution import solution_loop
from agentkit.tools import tool_result

KEYS = {s.key for s in SCENARIOS}
ALL_BUT = KEYS.__sub__
SEEDS = (0, 1, 2, 7)

# Where each specimen fails at seed 0 (and nowhere else). If the simulated Claude changes, this
# table says how. `ALL_BUT(...)`: the specimen breaks almost everything.
EXPECTED_FAILURES = {
    "stop_on_text_block": ALL_BUT({"no_tools", "refusal"}),
    "stop_on_regex": ALL_BUT({"no_tools", "status_only", "refusal", "runaway"}),
    "fixed_five_turns": {"long", "poll", "runaway"},
    "tool_choice_none_after_last": {"long", "tool_error", "refund_cap", "english"},
    "keep_only_latest_result": ALL_BUT({"no_tools", "status_only", "refusal"}),
    "results_in_system_prompt": ALL_BUT({"no_tools", "refusal"}),
    "one_message_per_result": {"parallel", "research", "cut_tool_use", "cut_answer"},
    "text_before_results": ALL_BUT({"no_tools", "refusal"}),
    "first_tool_use_only": {"parallel", "research", "cut_tool_use", "cut_answer"},
    "decision_tree": ALL_BUT({"guide", "shipped"}),
    "fixed_sequence": ALL_BUT({"guide"}),
    "status_router": ALL_BUT({"refusal"}),
    "exception_aborts": {"tool_error", "bad_input", "refund_cap", "research", "cut_tool_use", "cut_answer"},
    "stop_on_done": {"english"},
    "pause_turn_as_end": {"research"},
    "continue_on_any_stop": {"research", "refusal", "cut_tool_use"},
    "retry_refusal": {"refusal", "cut_tool_use", "cut_answer"},
    "runs_cut_tool_use": {"cut_tool_use", "cut_answer"},
    "returns_cut_answer": {"cut_tool_use", "cut_answer"},
    "no_safety_net": {"runaway"},
    "silent_cap": {"runaway"},
    "shifted_results": {"parallel", "cut_answer"},
    "runs_tools_twice": ALL_BUT({"no_tools", "research", "refusal", "cut_tool_use"}),
    "cached_tools": {"poll", "runaway"},
    "missing_is_error": {"tool_error", "bad_input", "refund_cap"},
    "retries_tool_forever": {"tool_error", "bad_input", "refund_cap"},
    "swallows_tool_error": {"tool_error", "bad_input", "refund_cap", "cut_tool_use", "cut_answer"},
    "windowed_history": {"long", "runaway"},
    "hard_coded_model": KEYS,
    "template_final_answer": ALL_BUT({"refusal", "cut_tool_use", "cut_answer", "runaway"}),
    "appends_made_up_final": ALL_BUT({"refusal", "cut_tool_use", "cut_answer", "runaway"}),
}  # fmt: skip

# One failure class per row: the specimen, a scenario where it fails, and what the diagnosis says
# first (the cause, naming the round).
DIAGNOSES = [
    ("stop_on_text_block", "guide", "第 1 轮响应同时含 text 与 tool_use，循环在执行工具前就退出了"),
    ("stop_on_regex", "guide", "第 2 轮响应同时含 text 与 tool_use"),
    ("stop_on_done", "english", "第 2 轮响应同时含 text 与 tool_use"),
    ("fixed_five_turns", "long", "第 5 轮 stop_reason=tool_use，工具已执行，循环却没有再发请求就停了"),
    ("keep_only_latest_result", "guide", "历史没有完整保留"),
    ("windowed_history", "long", "第 9 次请求丢掉了前面轮次的 tool_use"),
    ("one_message_per_result", "parallel", "分成了 3 条 user 消息"),
    ("text_before_results", "guide", "被 API 拒绝（400）"),
    ("exception_aborts", "tool_error", "工具出错时异常直接终止了循环"),
    ("decision_tree", "unexpected", "工具出错时异常直接终止了循环"),
    ("pause_turn_as_end", "research", "第 1 轮 stop_reason=pause_turn 时循环就返回了"),
    ("continue_on_any_stop", "research", "第 1 轮 stop_reason=pause_turn 后，循环追加了一条 user 消息（“请继续”）"),
    ("continue_on_any_stop", "refusal", "第 1 轮 stop_reason=refusal 后，循环又向同一个模型发了请求"),
    ("retry_refusal", "refusal", "第 1 轮 stop_reason=refusal 后，循环又向同一个模型发了请求"),
    ("runs_cut_tool_use", "cut_tool_use", "第 1 轮 stop_reason=max_tokens：响应被截断，循环却执行了其中的"),
    ("returns_cut_answer", "cut_answer", "第 2 轮 stop_reason=max_tokens：回答被截断，循环却把它当成完成返回了"),
    ("no_safety_net", "runaway", "没有安全网：发了 101 次请求仍不停止"),
    ("silent_cap", "runaway", "循环却悄悄返回，像完成了一样"),
    ("shifted_results", "parallel", "的 tool_result 内容不是它自己的结果"),
    ("runs_tools_twice", "guide", "第 1 轮的 tool_use lookup_order"),
    ("cached_tools", "poll", "没有真正执行，tool_result 却有内容（结果被缓存或编造"),
    ("missing_is_error", "tool_error", "第 2 轮 process_refund 执行失败（unavailable: process_refund 暂时不可用"),
    ("retries_tool_forever", "bad_input", "工具 lookup_order 在本地被反复执行了"),
    ("swallows_tool_error", "tool_error", "第 2 轮 process_refund 执行失败后循环就停了"),
    ("hard_coded_model", "guide", "第 1 次请求用的模型是 'claude-sonnet-4-6'，而不是传入的 model 参数"),
    ("template_final_answer", "guide", "返回的最后一条消息不是第 3 轮模型的原始回复"),
    ("appends_made_up_final", "guide", "返回的最后一条消息不是第 3 轮模型的原始回复"),
]  # fmt: skip


@cache
def specimen_report(name, seed=0):
    """Each specimen's battery is run once per test session and shared by the tests below."""
    return check_loop(antipatterns.SPECIMENS[name][1], name=name, seed=seed)


def failed(fn, seed=0):
    return {r.key for r in check_loop(fn, seed=seed).results if not r.passed}


def diagnosis(fn, key, seed=0):
    if seed == 0 and getattr(fn, "__name__", "") in antipatterns.SPECIMENS:
        return next(r.diagnosis for r in specimen_report(fn.__name__).results if r.key == key)
    sc = next(s for s in SCENARIOS if s.key == key)
    return "；".join(diagnose(run_scenario(fn, sc, seed=seed)))


# --- the reference and the bug catalogue ----------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_reference_loop_passes_every_scenario(seed):
    report = check_loop(reference_loop, seed=seed)
    assert report.passed, report
    assert all(r.diagnosis == "通过" for r in report.results)


def test_every_specimen_is_in_the_expectations():
    assert set(antipatterns.SPECIMENS) == set(EXPECTED_FAILURES)


@pytest.mark.parametrize("name", sorted(EXPECTED_FAILURES))
def test_each_specimen_fails_exactly_where_it_should(name):
    report = specimen_report(name)
    assert {r.key for r in report.results if not r.passed} == EXPECTED_FAILURES[name], report
    assert all(r.problems for r in report.results if not r.passed)


@pytest.mark.parametrize(("i", "name"), list(enumerate(sorted(EXPECTED_FAILURES))))
def test_no_bug_passes_with_another_seed(i, name):
    """Drawn again (new ids, amounts, wording, language), the bug is still caught where it shows."""
    seed = 1 + i % 9
    where = [key_of(k) for k in sorted(EXPECTED_FAILURES[name])]
    report = check_loop(antipatterns.SPECIMENS[name][1], where, seed=seed)
    assert not report.passed, f"{name} passed with seed {seed}"


@pytest.mark.parametrize(("name", "key", "says"), DIAGNOSES)
def test_each_failure_class_is_diagnosed_by_its_cause(name, key, says):
    text = diagnosis(antipatterns.SPECIMENS[name][1], key)
    assert says in text.split("；")[0], text


def test_one_message_per_failure_class():
    for name, key, _ in DIAGNOSES:
        problems = next(r.problems for r in specimen_report(name).results if r.key == key)
        assert len(problems) == len(set(problems)) <= 3, (name, problems)


def key_of(key):
    return next(s for s in SCENARIOS if s.key == key)


# --- the three misattributions the issue names ------------------------------------------------------


def test_a_tool_retried_forever_is_named_as_local_retries_not_as_one_request():
    text = diagnosis(antipatterns.retries_tool_forever, "refund_cap")
    assert text.startswith("工具 process_refund 在本地被反复执行了") and "1 次请求" not in text


def test_a_swallowed_tool_error_is_named_as_such_not_as_tools_never_run():
    text = diagnosis(antipatterns.swallows_tool_error, "tool_error")
    assert "执行失败后循环就停了" in text and "执行工具前就退出了" not in text


def test_a_missing_is_error_is_named_before_the_missing_refund():
    problems = diagnose(run_scenario(antipatterns.missing_is_error, key_of("tool_error")))
    assert "没有 is_error: true" in problems[0] and "没有退款" in problems[-1]


# --- the study guide's own loop ------------------------------------------------------------------------


def test_the_study_guide_loop_fails_only_where_it_has_no_branch():
    """The guide's loop.py raises on pause_turn and, at its MAX_TURNS, prints and returns as if done."""
    loop = partial(guide_loop, print=lambda *a: None)
    assert failed(loop) == {"research", "runaway"}
    assert "悄悄返回" in diagnosis(loop, "runaway")


def test_the_decision_tree_acts_on_a_status_it_did_not_foresee():
    assert "A-1004 不应调用 process_refund" in diagnosis(antipatterns.decision_tree, "unexpected")


# --- seeds: no special-casing the battery ----------------------------------------------------------------


def test_a_seed_draws_new_ids_amounts_wording_and_language():
    cases = [key_of("guide").case(seed) for seed in range(12)]
    assert len({c.prompt for c in cases}) >= 8
    assert {re.search(r"[A-Za-z]-\d{4}", c.prompt).group(0) for c in cases} - {"A-1001"}
    assert any(re.search(r"[\u4e00-\u9fff]", c.prompt) is None for c in cases)  # English too
    assert len({c.model for c in cases}) >= 2
    amounts = {next(iter(c.world.orders.values()))["amount"] for c in cases}
    assert len(amounts) >= 6


def test_seed_zero_is_the_canonical_battery_and_the_report_shows_its_seed():
    assert key_of("guide").prompt == "订单 A-1001 的商品坏了，请帮我退款。"
    report = check_loop(reference_loop, [key_of("guide")], seed=7)
    assert "（seed=7）" in repr(report) and "seed=7" in report._repr_html_()


def test_a_loop_that_knows_the_canonical_battery_is_caught_by_another_seed():
    def memorised(client, messages, *, tools, run_tool, model):
        run_tool("lookup_order", {"order_id": "A-1001"})
        run_tool("process_refund", {"order_id": "A-1001", "amount": 120.0})
        resp = client.messages.create(model=model, max_tokens=1024, messages=messages)
        return messages + [{"role": "assistant", "content": resp.content}]

    guide = [key_of("guide")]
    assert check_loop(memorised, guide, seed=0).passed
    assert not check_loop(memorised, guide, seed=3).passed


def test_the_long_task_is_twenty_requests_and_the_runaway_one_has_a_limit():
    assert len(run_scenario(reference_loop, key_of("long")).requests) == 20
    assert len(run_scenario(antipatterns.no_safety_net, key_of("runaway")).requests) == 101


# --- correct loops of other shapes pass --------------------------------------------------------------------
# Deliberately whole where the shape is the point (a counter, recursion, streaming, a token guard):
# each is written out as a learner would write it.


def results(resp, run_tool):
    return [tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"]


def while_true_with_counter(client, messages, *, tools, run_tool, model):
    turns = 0
    while True:
        turns += 1
        if turns > 80:
            raise RuntimeError("safety net: 80 turns")
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise RuntimeError(f"stopped: {resp.stop_reason}")
        messages.append({"role": "user", "content": results(resp, run_tool)})


def recursive(client, messages, *, tools, run_tool, model, depth=0):
    if depth >= 80:
        raise RuntimeError("safety net")
    resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
    history = messages + [{"role": "assistant", "content": resp.content}]
    if resp.stop_reason == "end_turn":
        return history
    if resp.stop_reason == "tool_use":
        history.append({"role": "user", "content": results(resp, run_tool)})
    elif resp.stop_reason != "pause_turn":
        raise RuntimeError(resp.stop_reason)
    return recursive(client, history, tools=tools, run_tool=run_tool, model=model, depth=depth + 1)


def shape(answer, cap=80):
    """A correct loop (antipatterns.correct_loop) whose tool round is `answer(resp, run_tool)`."""

    def loop(client, messages, *, tools, run_tool, model, **create):
        return antipatterns.correct_loop(
            client,
            messages,
            tools=tools,
            run_tool=run_tool,
            model=model,
            answer=answer,
            cap=cap,
            **create,
        )

    return loop


def in_a_thread_pool(resp, run_tool):
    uses = [b for b in resp.content if b.type == "tool_use"]
    with ThreadPoolExecutor(4) as pool:
        return list(pool.map(lambda b: tool_result(b, run_tool), uses))


def in_reverse_order(resp, run_tool):
    return results(resp, run_tool)[::-1]  # ids matched, order changed


def as_blocks(resp, run_tool):
    out = results(resp, run_tool)
    for r in out:
        r["content"] = [{"type": "text", "text": r["content"]}]
    return out


def with_a_note_after(resp, run_tool):
    return results(resp, run_tool) + [{"type": "text", "text": "（以上是工具结果）"}]


def repr_content(resp, run_tool):
    out = []
    for b in (b for b in resp.content if b.type == "tool_use"):
        try:
            out.append(
                {
                    "type": "tool_result",
                    "tool_use_id": b.id,
                    "content": str(run_tool(b.name, b.input)),
                }
            )
        except Exception as e:
            out.append(
                {"type": "tool_result", "tool_use_id": b.id, "content": repr(e), "is_error": True}
            )
    return out  # fmt: skip


def with_a_system_prompt(client, messages, *, tools, run_tool, model):
    loop = shape(results)
    return loop(
        client, messages, tools=tools, run_tool=run_tool, model=model, system="你是客服助手。"
    )


def the_reference_loop_itself(client, messages, *, tools, run_tool, model):
    return run_agent_loop(client, messages, tools, run_tool=run_tool, model=model).messages


def raising_reference(client, messages, *, tools, run_tool, model):
    """run_agent_loop returns on refusal and max_tokens-at-ceiling; both are fine."""
    return run_agent_loop(
        client, messages, tools, run_tool=run_tool, model=model, max_turns=30
    ).messages


def streaming(client, messages, *, tools, run_tool, model):
    for _ in range(80):
        with client.messages.stream(
            model=model, max_tokens=1024, tools=tools, messages=messages
        ) as stream:
            for _text in stream.text_stream:
                pass  # shown to the user as it arrives
            resp = stream.get_final_message()
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise RuntimeError(resp.stop_reason)
        messages.append({"role": "user", "content": results(resp, run_tool)})
    raise RuntimeError("safety net")


def count_tokens_guard(client, messages, *, tools, run_tool, model):
    for _ in range(80):
        size = client.messages.count_tokens(model=model, tools=tools, messages=messages)
        if size.input_tokens > 150_000:
            raise RuntimeError("context too large: summarise first")
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise RuntimeError(resp.stop_reason)
        messages.append({"role": "user", "content": results(resp, run_tool)})
    raise RuntimeError("safety net")


def one_tool_at_a_time(client, messages, *, tools, run_tool, model):
    """One tool per response: the 90-order stock check takes 91 requests, so the cap is 100."""
    loop = shape(results, cap=100)
    choice = {"type": "auto", "disable_parallel_tool_use": True}
    return loop(client, messages, tools=tools, run_tool=run_tool, model=model, tool_choice=choice)


CORRECT = {
    "streaming": streaming,
    "count_tokens_guard": count_tokens_guard,
    "disable_parallel_tool_use": one_tool_at_a_time,
    "while_true_with_counter": while_true_with_counter,
    "recursive": recursive,
    "thread_pool": shape(in_a_thread_pool),
    "results_in_another_order": shape(in_reverse_order),
    "content_as_blocks": shape(as_blocks),
    "text_note_after_results": shape(with_a_note_after),
    "repr_content": shape(repr_content),
    "system_prompt": with_a_system_prompt,
    "run_agent_loop": the_reference_loop_itself,
    "run_agent_loop_cap_30": raising_reference,
    "solution_loop": solution_loop,
}


@pytest.mark.parametrize(("i", "name"), list(enumerate(sorted(CORRECT))))
def test_correct_loops_of_other_shapes_pass(i, name):
    report = check_loop(CORRECT[name], name=name, seed=i % 5)
    assert report.passed, report


# --- robustness and display ------------------------------------------------------------------------------


def test_a_learner_loop_that_raises_gets_a_diagnosis_not_a_traceback():
    def broken(client, messages, *, tools, run_tool, model):
        raise RuntimeError("oops")

    report = check_loop(broken)
    assert not report.passed
    assert all("RuntimeError: oops" in r.diagnosis for r in report.results)


def test_wrong_return_type_is_named():
    def returns_text(client, messages, *, tools, run_tool, model):
        resp = client.messages.create(model=model, max_tokens=100, messages=messages)
        return resp.content[0].text

    report = check_loop(returns_text)
    assert "返回值应为 messages 列表（list），实际是 str" in report.results[0].diagnosis


def test_a_loop_that_swallows_every_exception_is_still_stopped_by_the_request_budget():
    def forever(client, messages, *, tools, run_tool, model):
        while True:
            try:
                client.messages.create(model=model, max_tokens=100, messages=messages)
            except Exception:  # a BaseException budget is not swallowed by this
                pass

    report = check_loop(forever, [key_of("guide"), key_of("runaway")])
    assert "循环发了 101 次请求仍未结束" in report.results[0].diagnosis
    assert report.results[1].diagnosis.startswith("没有安全网")


def test_scoreboard_text_and_html():
    board = scoreboard(
        {"reference_loop": reference_loop, "stop_on_text_block": antipatterns.stop_on_text_block}
    )
    text = repr(board)
    assert "reference_loop" in text and "✗" in text and "1 = 学习指南练习：退款" in text
    assert "<table class='ak-scoreboard'>" in board._repr_html_()
    assert board.failures().splitlines()[0] == "reference_loop: 全部通过"
    json.dumps([r.diagnosis for rep in board.reports for r in rep.results], ensure_ascii=False)
