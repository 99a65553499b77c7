"""Lesson 03: one tool_result block, and the predicted result counts."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from ...loop import run_agent_loop
from ...sim import ToolFailure, World
from ..strings import T
from .core import _client, answered, call_learner, check, require, returned, task
from .predictions import predicted
from .results import Calls, answers_its_call

T.add(
    __name__,
    {
        "known.count": ("一个数（int）", "a number (int)"),
        "known.count.hint": ('写 3，不是 "3"。', 'Write 3, not "3".'),
        "failure.out_of_stock": ("库存不足", "out of stock"),
        "hint.tool_result_block": (
            "try 里调用 run_tool；成功时 content 是 JSON 文本，except 里返回带 is_error 的块。",
            "Call run_tool inside try; on success content is JSON text; in except, return a "
            "block with is_error.",
        ),
        "tool_result.swallowed": (
            "工具失败时 answer 返回了 None：except 里把错误吞掉了（pass），模型什么也收不到。",
            "When the tool fails, answer returns None: the except swallows the error (pass), and "
            "the model gets nothing.",
        ),
        "tool_result.swallowed.hint": (
            'except 里 return {{"type": "tool_result", "tool_use_id": block.id, "content": '
            'str(e), "is_error": True}}。',
            'In except, return {{"type": "tool_result", "tool_use_id": block.id, "content": '
            'str(e), "is_error": True}}.',
        ),
        "tool_result.message": (
            "失败的结果里应当有错误信息（str(e)）。",
            "The failed result should hold the error message (str(e)).",
        ),
        "tool_result_block.passed": (
            "成功时是 JSON 文本；失败时不抛异常，返回 is_error: true 和错误信息“{error}”。",
            'JSON text on success; on failure no exception, but is_error: true and the error "'
            '{error}".',
        ),
        "shape.dict": (
            "应当返回一个 dict，你返回了 {type}。",
            "It should return a dict; you returned a {type}.",
        ),
        "shape.message": (
            "answer 返回了一条消息（role {role!r}）：它应当返回 tool_result 块本身，"
            "由循环把块放进 user 消息。",
            "answer returned a message (role {role!r}): it should return the tool_result block "
            "itself; the loop puts the blocks into the user message.",
        ),
        "shape.message.hint": (
            '返回 {{"type": "tool_result", "tool_use_id": block.id, "content": ...}}。',
            'Return {{"type": "tool_result", "tool_use_id": block.id, "content": ...}}.',
        ),
        "shape.type": ('"type" 应当是 "tool_result"。', '"type" should be "tool_result".'),
        "shape.id": (
            '"tool_use_id" 应当是 tool_use 块的 block.id。',
            '"tool_use_id" should be the tool_use block\'s block.id.',
        ),
        "shape.content": (
            '"content" 应当是文本（JSON 字符串）。',
            '"content" should be text (a JSON string).',
        ),
        "hint.predicted_result_counts": (
            "第一轮查三个订单，第二轮三个订单各做一件事：每轮的结果放进一条 user 消息。",
            "Turn one looks up three orders; turn two does one thing for each: each turn's "
            "results go in one user message.",
        ),
        "predicted_result_counts.list": (
            "my_prediction 应当是一个 list，例如 [1, 2]。",
            "my_prediction should be a list, such as [1, 2].",
        ),
        "predicted_result_counts.passed": (
            "每条装结果的 user 消息里各有 {actual} 个 tool_result。",
            "The user messages with the results hold {actual} tool_result blocks.",
        ),
    },
)


@check("hint.tool_result_block")
def tool_result_block(answer: Callable[..., Any]) -> str:
    from anthropic.types import ToolUseBlock

    require(callable(answer), T("want_function", name="answer"))
    # fresh ids and two orders each time: an answer that writes the id or the output in fails
    tag = uuid.uuid4().hex[:12]
    for n, order in enumerate(("A-1001", "A-1003")):
        block = ToolUseBlock(
            id=f"toolu_{tag}{n}", name="lookup_order", input={"order_id": order}, type="tool_use"
        )
        calls = Calls(World().run_tool)
        ok = call_learner(answer, "def answer(block, run_tool)", block, calls)
        _result_shape(ok, block.id)
        answers_its_call(ok, block, calls)

    failure = T("failure.out_of_stock")
    # two failures, the second's text fresh each time: a failure text written in fails
    for n, text in enumerate((failure, f"{T('failure.timeout')} [{tag}]")):
        failing, calls = block.model_copy(update={"id": f"toolu_{tag}x{n}"}), Calls(fails(text))
        bad = call_learner(answer, "def answer(block, run_tool)", failing, calls)
        require(bad is not None, T("tool_result.swallowed"), T("tool_result.swallowed.hint"))
        _result_shape(bad, failing.id)
        answers_its_call(bad, failing, calls)
    return T("tool_result_block.passed", error=failure)


def fails(text: str) -> Callable[[str, dict[str, Any]], Any]:
    """A run_tool whose every call fails with `text`."""

    def run_tool(name: str, args: dict[str, Any]) -> Any:
        raise ToolFailure(text)

    return run_tool


def _result_shape(result: Any, use_id: str) -> None:
    returned(result, "answer")
    require(isinstance(result, dict), T("shape.dict", type=type(result).__name__))
    require(
        "role" not in result, T("shape.message", role=result.get("role")), T("shape.message.hint")
    )
    require(result.get("type") == "tool_result", T("shape.type"))
    require(result.get("tool_use_id") == use_id, T("shape.id"))
    require(isinstance(result.get("content"), (str, list)), T("shape.content"))


@check("hint.predicted_result_counts")
def predicted_result_counts(prediction: Any) -> str:
    answered(prediction, "my_prediction")
    world = World()
    result = run_agent_loop(
        _client(world),
        [{"role": "user", "content": task("three")}],
        world.tools(),
        run_tool=world.run_tool,
    )
    actual = [len(m["content"]) for m in result.messages[1:] if m["role"] == "user"]
    require(isinstance(prediction, (list, tuple)), T("predicted_result_counts.list"))
    odd = [n for n in prediction if not isinstance(n, int) or isinstance(n, bool)]
    require(
        not odd,
        T("known.not", value=(odd or [None])[0], what=T("known.count")),
        T("known.count.hint"),
    )
    predicted(
        list(prediction), actual, T("predicted_vs_actual", prediction=prediction, actual=actual)
    )
    return T("predicted_result_counts.passed", actual=actual)
