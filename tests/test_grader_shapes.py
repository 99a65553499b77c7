"""Correct loops the grader has never seen, in shapes a reviewer would sign: each passes every
scenario on several seeds. Written as hidden test loops are: whole, each in its own style.

Hooks and preconditions (lesson 04), labelled or "key: value" results, escalation at the cap,
one call per turn, continuing a cut answer, bounded retries of an overloaded API, streaming
with a retry after an error mid-stream.
"""

import json
import re
import time
from concurrent.futures import ThreadPoolExecutor

import anthropic
import pytest
from batteries import graded

from agentkit import run_agent_loop
from agentkit.failures import INVALID_INPUT, with_category
from agentkit.grading import SCENARIOS
from agentkit.tools import LookupBeforeRefund, NormalizeStatus, RefundCap, tool_result

SEEDS = (0, 1, 2)


class CapReached(Exception):
    pass


def with_hooks(client, messages, *, tools, run_tool, model):
    """The reference loop with its own hooks: a refund cap and a lookup-before-refund rule."""
    hooks = [RefundCap(500.0), LookupBeforeRefund(), NormalizeStatus()]
    return run_agent_loop(
        client, messages, tools, run_tool=run_tool, model=model, hooks=hooks
    ).messages


def labelled_results(client, messages, *, tools, run_tool, model):
    """An after-tool step that labels each result for the model, and "key: value" text."""
    history = list(messages)
    for _ in range(60):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=history)
        history.append({"role": "assistant", "content": [b.to_dict() for b in resp.content]})
        if resp.stop_reason in ("end_turn", "stop_sequence", "refusal"):
            return history
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise RuntimeError(f"stopped: {resp.stop_reason}")
        results = []
        for b in (b for b in resp.content if b.type == "tool_use"):
            try:
                out = run_tool(b.name, b.input)
            except Exception as e:
                results.append({"type": "tool_result", "tool_use_id": b.id,
                                "content": f"[{b.name} 失败] {e}", "is_error": True})  # fmt: skip
                continue
            if not isinstance(out, dict):  # text (a file, a test report) goes as it is
                results.append({"type": "tool_result", "tool_use_id": b.id, "content": str(out)})
                continue
            text = "\n".join(f"{k}: {v}" for k, v in out.items())
            results.append({"type": "tool_result", "tool_use_id": b.id,
                            "content": f"[{b.name} 的结果]\n{text}"})  # fmt: skip
        history.append({"role": "user", "content": results})
    raise CapReached("60 turns")


ORDER_ID = re.compile(r"^[A-Z]-\d{4}$")


def validates_input(client, messages, *, tools, run_tool, model):
    """Refuses a malformed order id itself (is_error, the tool never runs): a denial, not a
    made-up result."""

    def run(block):
        oid = block.input.get("order_id")
        if oid is not None and not ORDER_ID.match(str(oid)):
            return {"type": "tool_result", "tool_use_id": block.id, "is_error": True,
                    "content": with_category(INVALID_INPUT, f"order_id {oid!r} 格式不对，应形如 A-1001")}  # fmt: skip
        return tool_result(block, run_tool)

    turns = 0
    while True:
        turns += 1
        if turns > 80:
            raise CapReached("80")
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "tool_use":
            messages.append(
                {"role": "user", "content": [run(b) for b in resp.content if b.type == "tool_use"]}
            )
        elif resp.stop_reason == "pause_turn":
            pass
        elif resp.stop_reason == "end_turn":
            return messages
        else:
            raise RuntimeError(resp.stop_reason)


def escalates_at_cap(client, messages, *, tools, run_tool, model):
    """At its cap of 40 turns it hands the task to a person, notes it, and returns."""
    for _ in range(40):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise RuntimeError(resp.stop_reason)
        messages.append({"role": "user", "content": [
            tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"
        ]})  # fmt: skip
    run_tool("escalate_to_human", {"reason": "40 轮仍未完成，转人工"})
    messages.append({"role": "user", "content": "（已到上限 40 轮，已转人工）"})
    return messages


def cap_of_300(client, messages, *, tools, run_tool, model):
    """A generous safety net: 300 requests, then raise."""
    return run_agent_loop(
        client, messages, tools, run_tool=run_tool, model=model, max_turns=300
    ).messages


def one_call_per_turn(client, messages, *, tools, run_tool, model):
    """disable_parallel_tool_use with a 40-turn cap: the 90-order stock check needs more turns
    than its cap, and its cap raises."""
    return run_agent_loop(
        client, messages, tools, run_tool=run_tool, model=model, max_turns=40,
        tool_choice={"type": "auto", "disable_parallel_tool_use": True},
    ).messages  # fmt: skip


def continues_cut_answer(client, messages, *, tools, run_tool, model):
    """A cut tool_use is dropped and asked again with more room; a cut answer is kept and the
    model is asked to continue from it."""
    history, max_tokens = list(messages), 1024
    for _ in range(60):
        resp = client.messages.create(
            model=model, max_tokens=max_tokens, tools=tools, messages=history
        )
        if resp.stop_reason == "max_tokens":
            if any(b.type == "tool_use" for b in resp.content):
                if max_tokens >= 8192:
                    raise RuntimeError("still cut at 8192")
                max_tokens *= 2
                continue
            history.append({"role": "assistant", "content": resp.content})
            history.append({"role": "user", "content": "请从中断的地方继续。"})
            continue
        history.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return history
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise RuntimeError(resp.stop_reason)
        history.append({"role": "user", "content": [
            tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"
        ]})  # fmt: skip
    raise CapReached("60")


def bounded_retries_then_escalate(client, messages, *, tools, run_tool, model):
    """Its own retry of an overloaded or failing API (on top of the SDK's), three times with a
    short backoff; then it escalates and says so."""
    for _ in range(60):
        for attempt in range(3):
            try:
                resp = client.messages.create(
                    model=model, max_tokens=1024, tools=tools, messages=messages
                )
                break
            except (anthropic.APIConnectionError, anthropic.InternalServerError,
                    anthropic.RateLimitError):  # fmt: skip
                time.sleep(0.01 * 2**attempt)
        else:
            run_tool("escalate_to_human", {"reason": "API 持续不可用"})
            return messages + [{"role": "user", "content": "（API 持续不可用，已转人工）"}]
        messages = messages + [{"role": "assistant", "content": resp.content}]
        if resp.stop_reason != "tool_use":
            if resp.stop_reason == "pause_turn":
                continue
            if resp.stop_reason in ("end_turn", "stop_sequence"):
                return messages
            raise RuntimeError(resp.stop_reason)
        results = [tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"]
        messages = messages + [{"role": "user", "content": results}]
    raise CapReached("60")


def streams_and_retries(client, messages, *, tools, run_tool, model):
    """Streams every reply; an error in the middle of a stream is retried once, the partial
    reply thrown away."""
    for _ in range(60):
        for attempt in range(2):
            try:
                with client.messages.stream(
                    model=model, max_tokens=1024, tools=tools, messages=messages
                ) as stream:
                    resp = stream.get_final_message()
                break
            except anthropic.APIStatusError:
                if attempt:
                    raise
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise RuntimeError(resp.stop_reason)
        messages.append({"role": "user", "content": [
            tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"
        ]})  # fmt: skip
    raise CapReached("60")


def parallel_pool_per_call(client, messages, *, tools, run_tool, model):
    """Runs each round's calls in a thread pool, each call under its own try/except; keeps
    dict copies of the responses; ends on a finished reply by returning, raises on any other."""
    history = [dict(m) for m in messages]

    def one(b):
        try:
            return {"type": "tool_result", "tool_use_id": b.id,
                    "content": json.dumps(run_tool(b.name, b.input))}  # fmt: skip
        except Exception as e:
            return {
                "type": "tool_result",
                "tool_use_id": b.id,
                "content": repr(e),
                "is_error": True,
            }

    for _ in range(60):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=history)
        if resp.stop_reason in ("max_tokens", "model_context_window_exceeded"):
            raise RuntimeError(f"cut off: {resp.stop_reason}")
        history.append({"role": "assistant", "content": [b.to_dict() for b in resp.content]})
        if resp.stop_reason in ("end_turn", "stop_sequence", "refusal"):
            return history
        if resp.stop_reason not in ("tool_use", "pause_turn"):
            raise RuntimeError(f"unknown stop_reason {resp.stop_reason!r}")
        uses = [b for b in resp.content if b.type == "tool_use"]
        if uses:
            with ThreadPoolExecutor(3) as pool:
                history.append({"role": "user", "content": list(pool.map(one, uses))})
    raise CapReached("60")


def context_aware(client, messages, *, tools, run_tool, model):
    """Handles every stop_reason by name; on a full context window it returns the history
    without the cut reply."""
    for _ in range(60):
        resp = client.messages.create(model=model, max_tokens=4096, tools=tools, messages=messages)
        match resp.stop_reason:
            case "tool_use":
                messages.append({"role": "assistant", "content": resp.content})
                messages.append({"role": "user", "content": [
                    tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"
                ]})  # fmt: skip
            case "pause_turn":
                messages.append({"role": "assistant", "content": resp.content})
            case "model_context_window_exceeded":
                return messages
            case "end_turn" | "stop_sequence" | "refusal":
                messages.append({"role": "assistant", "content": resp.content})
                return messages
            case other:
                raise RuntimeError(other)
    raise CapReached("60")


CORRECT = {
    "with_hooks": with_hooks,
    "labelled_results": labelled_results,
    "validates_input": validates_input,
    "escalates_at_cap": escalates_at_cap,
    "cap_of_300": cap_of_300,
    "one_call_per_turn": one_call_per_turn,
    "continues_cut_answer": continues_cut_answer,
    "bounded_retries_then_escalate": bounded_retries_then_escalate,
    "streams_and_retries": streams_and_retries,
    "parallel_pool_per_call": parallel_pool_per_call,
    "context_aware": context_aware,
}


# where a shape differs from the others only in its cap, the scenarios its cap matters in
ONLY = {"cap_of_300": ("runaway", "long", "overloaded")}


def shape_report(name, seed):
    """A shape's battery at a seed, run once a session (tests/batteries.py) and shared."""
    where = [s for s in SCENARIOS if s.key in ONLY[name]] if name in ONLY else None
    return graded(CORRECT[name], where, name=name, seed=seed, lang="zh")


# Seed 0 in the fast tier; the other seeds, and cap_of_300 (it runs to the grader's request budget
# on the runaway task), in the full tier.
@pytest.mark.parametrize(
    "name, seed",
    [
        (name, seed)
        if seed == 0 and name != "cap_of_300"
        else pytest.param(name, seed, marks=[pytest.mark.slow, pytest.mark.budget])
        if name == "cap_of_300"
        else pytest.param(name, seed, marks=pytest.mark.slow)
        for name in sorted(CORRECT)
        for seed in SEEDS
    ],
)
def test_a_correct_shape_passes_every_scenario(name, seed):
    report = shape_report(name, seed)
    assert report.passed, report


def test_one_call_per_turn_is_judged_by_what_it_did_and_the_report_says_so():
    report = shape_report("one_call_per_turn", 0)  # its whole battery at seed 0, as graded
    cut = next(r for r in report.results if r.key == "cut_tool_use")
    assert cut.passed and "不适用" in cut.diagnosis
    assert "不适用" not in next(r for r in report.results if r.key == "guide").diagnosis
