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
