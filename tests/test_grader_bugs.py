"""Buggy loops the grader has never seen, of the classes issue 20 lists: each is caught on every
seed where its bug shows, and the first thing the diagnosis says is the cause.

Written as a reviewer's hidden loops are: each whole, in its own style, not the specimens'.
"""

import json
import re

import anthropic
import pytest

from agentkit.grading import SCENARIOS, check_loop
from agentkit.tools import tool_result

SEEDS = (0, 1, 2)


def by_key(*keys):
    return [s for s in SCENARIOS if s.key in keys]


def results_of(resp, run_tool):
    return [tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"]


def loop(answer=None, *, cap=60, after=None, **create):
    """A loop body the bugs below vary: `answer` builds a tool round, `after` sees each reply."""

    def fn(client, messages, *, tools, run_tool, model):
        for _ in range(cap):
            resp = client.messages.create(
                model=model, max_tokens=create.get("max_tokens", 1024), tools=tools,
                messages=messages, **{k: v for k, v in create.items() if k != "max_tokens"},
            )  # fmt: skip
            messages.append({"role": "assistant", "content": resp.content})
            if after is not None and after(resp, messages) == "again":
                continue  # the bug asked for another request
            if resp.stop_reason == "end_turn":
                return messages
            if resp.stop_reason == "pause_turn":
                continue
            if resp.stop_reason != "tool_use":
                raise RuntimeError(resp.stop_reason)
            messages.append({"role": "user", "content": (answer or results_of)(resp, run_tool)})
        raise RuntimeError("cap")

    return fn


def whole_round_try(resp, run_tool):
    uses = [b for b in resp.content if b.type == "tool_use"]
    try:
        outs = [run_tool(b.name, b.input) for b in uses]
        return [{"type": "tool_result", "tool_use_id": b.id, "content": json.dumps(o)}
                for b, o in zip(uses, outs, strict=True)]  # fmt: skip
    except Exception as e:
        return [{"type": "tool_result", "tool_use_id": b.id, "content": f"错误：{e}",
                 "is_error": True} for b in uses]  # fmt: skip


def break_at_first_failure(resp, run_tool):
    out = []
    for b in (b for b in resp.content if b.type == "tool_use"):
        try:
            out.append({"type": "tool_result", "tool_use_id": b.id,
                        "content": json.dumps(run_tool(b.name, b.input))})  # fmt: skip
        except Exception as e:
            out.append({"type": "tool_result", "tool_use_id": b.id, "content": str(e),
                        "is_error": True})  # fmt: skip
            break
    return out


def catches_overload(client, messages, *, tools, run_tool, model):
    try:
        return loop()(client, messages, tools=tools, run_tool=run_tool, model=model)
    except anthropic.APIStatusError:
        messages.append({"role": "assistant", "content": "（服务繁忙，已处理到这里）"})
        return messages


def retries_400(client, messages, *, tools, run_tool, model):
    while True:
        try:
            return loop(max_tokens=-1)(
                client, messages, tools=tools, run_tool=run_tool, model=model
            )
        except anthropic.BadRequestError:
            continue


def same_request_after_cut(client, messages, *, tools, run_tool, model):
    for _ in range(40):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        while resp.stop_reason == "max_tokens":
            resp = client.messages.create(
                model=model, max_tokens=1024, tools=tools, messages=messages
            )
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason != "tool_use":
            return messages
        messages.append({"role": "user", "content": results_of(resp, run_tool)})
    raise RuntimeError("cap")


def cache_each_turn(resp, run_tool):
    out = results_of(resp, run_tool)
    out[-1]["cache_control"] = {"type": "ephemeral"}
    return out


def no_text_blocks(resp, messages):
    if resp.stop_reason == "tool_use":
        messages[-1] = {"role": "assistant",
                        "content": [b for b in resp.content if b.type != "text"]}  # fmt: skip


def as_readable_text(client, messages, *, tools, run_tool, model):
    history = loop()(client, messages, tools=tools, run_tool=run_tool, model=model)
    return [
        {"role": m["role"], "content": str(m["content"]), "kind": "transcript"} for m in history
    ]


SHARED: list = []


def module_history(client, messages, *, tools, run_tool, model):
    SHARED.extend(messages)
    return loop()(client, SHARED, tools=tools, run_tool=run_tool, model=model)


def dict_results(resp, run_tool):
    return [{"type": "tool_result", "tool_use_id": b.id, "content": {"result": run_tool(b.name, b.input)}}
            for b in resp.content if b.type == "tool_use"]  # fmt: skip


def string_flag(resp, run_tool):
    out = results_of(resp, run_tool)
    for r in out:
        r["is_error"] = str(bool(r.get("is_error")))
    return out


def changed_arguments(resp, run_tool):
    out = []
    for b in (b for b in resp.content if b.type == "tool_use"):
        args = {k: (v.upper() if isinstance(v, str) else v) for k, v in b.input.items()}
        args["source"] = "agent"
        try:
            out.append({"type": "tool_result", "tool_use_id": b.id,
                        "content": json.dumps(run_tool(b.name, args))})  # fmt: skip
        except Exception as e:
            out.append(
                {"type": "tool_result", "tool_use_id": b.id, "content": str(e), "is_error": True}
            )
    return out


def repr_args(resp, run_tool):
    out = []
    for b in (b for b in resp.content if b.type == "tool_use"):
        try:
            out.append({"type": "tool_result", "tool_use_id": b.id,
                        "content": json.dumps(run_tool(b.name, str(b.input)))})  # fmt: skip
        except Exception as e:
            out.append(
                {"type": "tool_result", "tool_use_id": b.id, "content": str(e), "is_error": True}
            )
    return out


def own_tools(client, messages, *, tools, run_tool, model):
    mine = [t for t in tools if "input_schema" in t]  # "only the real tools"
    return loop()(client, messages, tools=mine, run_tool=run_tool, model=model)


def silent_for_else(client, messages, *, tools, run_tool, model):
    for _ in range(25):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason != "tool_use":
            break
        messages.append({"role": "user", "content": results_of(resp, run_tool)})
    return messages


def ask_again(resp, messages):
    if resp.stop_reason == "end_turn" and not any(
        m["role"] == "user" and m["content"] == "完成了吗？" for m in messages
    ):
        messages.append({"role": "user", "content": "完成了吗？"})
        return "again"


def partial_stream(client, messages, *, tools, run_tool, model):
    for _ in range(40):
        text, blocks = "", None
        try:
            with client.messages.stream(
                model=model, max_tokens=1024, tools=tools, messages=messages
            ) as s:
                for chunk in s.text_stream:
                    text += chunk
                resp = s.get_final_message()
                blocks = resp.content
        except anthropic.APIStatusError:
            messages.append({"role": "assistant", "content": text or "（中断）"})
            return messages  # "we have the start of it"
        messages.append({"role": "assistant", "content": blocks})
        if resp.stop_reason != "tool_use":
            return messages
        messages.append({"role": "user", "content": results_of(resp, run_tool)})
    raise RuntimeError("cap")


def runs_cut_calls(client, messages, *, tools, run_tool, model):
    for _ in range(40):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": resp.content})
        if any(b.type == "tool_use" for b in resp.content):
            messages.append({"role": "user", "content": results_of(resp, run_tool)})
            continue
        return messages
    raise RuntimeError("cap")


def keeps_going_after_stop_sequence(resp, messages):
    if resp.stop_reason == "stop_sequence":
        messages.append({"role": "user", "content": "请说完。"})
        return "again"


def continue_on(stop):
    def after(resp, messages):
        if resp.stop_reason == stop:
            messages.append({"role": "user", "content": "继续"})
            return "again"

    return after


def refund_sloppy(resp, run_tool):
    """Answers a call by its own bookkeeping instead of running it when it "knows" the answer."""
    out = []
    for b in (b for b in resp.content if b.type == "tool_use"):
        if b.name == "lookup_order" and not re.match(
            r"^[A-Z]-\d{4}$", str(b.input.get("order_id"))
        ):
            out.append(
                {
                    "type": "tool_result",
                    "tool_use_id": b.id,
                    "content": json.dumps(
                        {"order_id": b.input.get("order_id"), "status": "delivered"}
                    ),
                }
            )
        else:
            out.append(tool_result(b, run_tool))
    return out  # fmt: skip


BUGS = [
    ("whole_round_try", loop(whole_round_try), ("round_failure",), "tool_result 却标为 is_error: true（同一轮的"),
    ("break_at_first_failure", loop(break_at_first_failure), ("round_failure",), "失败后循环停止了这一轮"),
    ("catches_overload", catches_overload, ("overloaded",), "循环捕获了错误却返回了历史"),
    ("retries_400", retries_400, ("guide",), "后，循环原样重发了 3 次"),
    ("same_request_after_cut", same_request_after_cut, ("cut_answer",), "stop_reason=max_tokens 后，循环原样重发了同一个请求"),
    ("cache_each_turn", loop(cache_each_turn), ("long",), "一个请求最多 4 个 cache_control 断点"),
    ("no_text_blocks", loop(after=no_text_blocks), ("guide",), "只保留了 tool_use，丢掉了 text 块"),
    ("as_readable_text", as_readable_text, ("guide",), "返回的 messages 不能再次发送：API 会拒绝（400）"),
    ("module_history", module_history, ("guide", "shipped"), "前 "),
    ("dict_results", loop(dict_results), ("guide",), "content 是一个 dict"),
    ("string_flag", loop(string_flag), ("guide",), "is_error 是 'False'（str）"),
    ("changed_arguments", loop(changed_arguments), ("guide",), "执行时输入被改动了"),
    ("repr_args", loop(repr_args), ("guide",), "run_tool 收到的 input 是 str"),
    ("own_tools", own_tools, ("research",), "不是传入的 tools（缺少 web_search"),
    ("silent_for_else", silent_for_else, ("runaway",), "循环却悄悄返回"),
    ("ask_again", loop(after=ask_again), ("guide",), "stop_reason=end_turn 后，循环又追加了一条 user 消息（“完成了吗？”）"),
    ("partial_stream", partial_stream, ("midstream",), "流式响应中途出错（overloaded_error），循环捕获了错误却返回了历史"),
    ("runs_cut_calls", runs_cut_calls, ("context_full",), "响应被截断，循环却执行了其中的"),
    ("continues_after_stop_sequence", loop(after=keeps_going_after_stop_sequence), ("stop_sequence",), "stop_reason=stop_sequence"),
    ("continues_a_full_context", loop(after=continue_on("model_context_window_exceeded")), ("context_full",), "上下文窗口已满"),
    ("answers_bad_ids_itself", loop(refund_sloppy), ("bad_input",), "没有经过传入的 run_tool 执行"),
]  # fmt: skip


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("name", "fn", "keys", "says"), BUGS, ids=[b[0] for b in BUGS])
def test_a_bug_is_caught_on_every_seed_and_named_by_its_cause(name, fn, keys, says, seed):
    SHARED.clear()
    report = check_loop(fn, by_key(*keys), seed=seed, name=name)
    failing = [r for r in report.results if not r.passed]
    assert failing, report
    assert any(says in r.problems[0] for r in failing), report
