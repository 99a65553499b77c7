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
