"""Lesson 02: one round appended to `messages`, and the predicted rounds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...client import default_model
from ...loop import run_agent_loop
from ...sim import World
from ..runs import rounds_of
from ..strings import T
from .core import _client, _send, answered, call_learner, check, require, task
from .lesson01 import stop_reason_values
from .predictions import known, predicted
from .results import Calls, _after, _one_round, answer_their_calls

T.add(
    __name__,
    {
        "task.cancel_refund": (
            "订单 A-1002 我不想要了，请帮我取消并退款。",
            "I don't want order A-1002 any more. Please cancel it and refund me.",
        ),
        "hint.round_appended": (
            "第 3 步 tool_results(response, run_tool)；第 4 步先追加 assistant，再追加一条 user。",
            "Step 3: tool_results(response, run_tool); step 4: append the assistant message "
            "first, then one user message.",
        ),
        "round_appended.passed": (
            "多了 2 条消息（assistant 原样 + 一条 user 装 3 个 tool_result），API 接受，"
            "下一轮 stop_reason={stop_reason}。",
            "2 messages added (the assistant reply verbatim + one user message with 3 "
            "tool_results); the API accepts them; next turn stop_reason={stop_reason}.",
        ),
        "hint.predicted_rounds": (
            "模型每一轮都先读上一轮的工具结果：已发货的订单能取消吗？",
            "Each turn, the model first reads the last turn's tool results: can a shipped "
            "order be cancelled?",
        ),
        "predicted_rounds.shape": (
            "my_prediction 应当是 [(stop_reason, [工具名, ...]), ...] 的列表。",
            "my_prediction should be a list like [(stop_reason, [tool name, ...]), ...].",
        ),
        "predicted_rounds.loose": (
            '每一轮的工具名要写成列表（按调用顺序），例如 ["lookup_order"]；你写的是 {loose!r}。',
            'Write each turn\'s tool names as a list (in call order), such as ["lookup_order"]; '
            "you wrote {loose!r}.",
        ),
        "predicted_rounds.loose.hint": (
            "没有调用工具的那一轮写 []。",
            "A turn that calls no tool is [].",
        ),
        "predicted_rounds.differ": (
            "你的预测：{prediction!r}\n  实际：{actual}",
            "Your prediction: {prediction!r}\n  Actual: {actual}",
        ),
        "predicted_rounds.passed": ("{actual}。{final}", "{actual}. {final}"),
    },
)


@check("hint.round_appended")
def round_appended(append_round: Callable[..., Any]) -> str:
    from ...exercise import run_tool, tools

    TOOLS = tools()  # the guide's, in the learner's language
    require(callable(append_round), T("want_function", name="append_round"))
    start = [{"role": "user", "content": task("three")}]
    response = _client().messages.create(
        model=default_model(),
        max_tokens=1024,
        tools=TOOLS,  # type: ignore[arg-type]  # plain-dict request, as learners write it
        messages=start,  # type: ignore[arg-type]  # plain-dict request, as learners write it
    )
    messages, calls = list(start), Calls(run_tool)
    spec = "def append_round(messages, response, run_tool)"
    after = _after(call_learner(append_round, spec, messages, response, calls), messages)
    answer_their_calls(_one_round(after, start, response), response, calls)
    nxt = _send(after, tools=TOOLS)
    return T("round_appended.passed", stop_reason=nxt.stop_reason)


@check("hint.predicted_rounds")
def predicted_rounds(prediction: Any) -> str:
    answered(prediction, "my_prediction")
    require(_pairs(prediction), T("predicted_rounds.shape"))
    known([r for r, _ in prediction], stop_reason_values(), "known.stop_reason")
    world = World()
    result = run_agent_loop(
        _client(world),
        [{"role": "user", "content": task("cancel_refund")}],
        world.tools(),
        run_tool=world.run_tool,
    )
    actual = rounds_of(result)
    loose = [t for _, t in prediction if not isinstance(t, (list, tuple))]
    require(
        not loose,
        T("predicted_rounds.loose", loose=(loose or [None])[0]),
        T("predicted_rounds.loose.hint"),
    )
    mine = [(r, list(t) if isinstance(t, (list, tuple)) else t) for r, t in prediction]
    predicted(mine, actual, T("predicted_rounds.differ", prediction=prediction, actual=actual))
    return T("predicted_rounds.passed", actual=actual, final=result.final_text)


def _pairs(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and all(
        isinstance(p, (list, tuple)) and len(p) == 2 for p in value
    )
