"""Lesson 01: one request built by hand, and the predicted stop_reasons."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ...client import default_model
from ...sim import World
from ..strings import T
from .core import _client, _send, answered, call_learner, check, require, returned, task
from .predictions import known, predicted


def _same_list(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two requests share one messages list (a list built once, outside the function)."""
    return isinstance(a.get("messages"), list) and a["messages"] is b.get("messages")


@check("hint.request")
def request(build_request: Callable[[str], Any]) -> str:
    require(callable(build_request), T("want_function", name="build_request"))
    made: list[Any] = []
    for question in (task("where"), task("refund")):
        req = call_learner(build_request, "def build_request(question)", question)
        returned(req, "build_request")
        require(isinstance(req, dict), T("request.not_dict", type=type(req).__name__))
        require(
            all(req is not m and not _same_list(req, m) for m in made),
            T("request.shared"),
            T("request.shared.hint"),
        )
        made.append(req)
        missing = [k for k in ("model", "max_tokens", "tools", "messages") if k not in req]
        require(not missing, T("request.missing", missing=", ".join(missing)))
        msgs = req["messages"]
        require(
            isinstance(msgs, list) and msgs and isinstance(msgs[0], dict), T("request.messages")
        )
        require(msgs[0].get("role") != "system", T("request.system"), T("request.system.hint"))
        require(msgs[0].get("role") == "user", T("request.first_user"))
        roles = ", ".join(str(m.get("role")) if isinstance(m, dict) else "?" for m in msgs)
        require(
            len(msgs) == 1,
            T("request.one_message", n=len(msgs), roles=roles),
            T("request.one_message.hint"),
        )
        budget = req["max_tokens"]
        require(
            isinstance(budget, int) and not isinstance(budget, bool),
            T("request.budget_type", budget=budget, type=type(budget).__name__),
        )
        require(not req.get("stream"), T("request.stream"), T("request.stream.hint"))
        sent = msgs[-1].get("content")
        require(
            question in json.dumps(sent, ensure_ascii=False),
            T("request.question", question=question, sent=sent),
            T("request.question.hint"),
        )
    names = [t.get("name") for t in req["tools"] if isinstance(t, dict)]
    require(
        isinstance(req["tools"], list) and "lookup_order" in names,
        T("request.tools", tools=req["tools"]),
    )
    response = _send(**req)
    require(
        response.stop_reason != "max_tokens",
        T("request.too_small", budget=req["max_tokens"]),
        T("request.too_small.hint"),
    )
    uses = [(b.name, b.input) for b in response.content if b.type == "tool_use"]
    choice = req.get("tool_choice")
    require(
        uses or not isinstance(choice, dict) or choice.get("type") != "none",
        T("request.tool_choice_none", choice=choice),
        T("request.forced.hint"),
    )
    require(
        response.stop_reason == "tool_use" and uses,
        T("request.no_tool_call", stop_reason=response.stop_reason),
    )
    _left_to_the_model(build_request)
    return T("request.passed", name=uses[0][0], input=uses[0][1])


def _left_to_the_model(build_request: Callable[[str], Any]) -> None:
    """A question that needs no tool gets an answer, not a tool call: the request leaves the
    choice to the model (no tool_choice forcing a tool)."""
    hello = task("hello")
    req = build_request(hello)
    answer = _send(**req)
    require(
        answer.stop_reason == "end_turn",
        T("request.forced", question=hello, stop_reason=answer.stop_reason,
          choice=req.get("tool_choice")),
        T("request.forced.hint"),
    )  # fmt: skip


def stop_reason_values() -> list[str]:
    """The stop_reason values the API has (the rows of the loop's table)."""
    from ...loop import STOP_REASONS

    return [k for k in STOP_REASONS if k]


@check("hint.predicted_stop_reasons")
def predicted_stop_reasons(prediction: Any, questions: list[str]) -> str:
    answered(prediction, "my_prediction")
    world = World()
    client, tools = _client(world), world.tools("lookup_order", "process_refund")
    actual = [
        client.messages.create(
            model=default_model(),
            max_tokens=1024,
            tools=tools,  # type: ignore[arg-type]  # plain-dict request, as learners write it
            messages=[{"role": "user", "content": q}],
        ).stop_reason
        for q in questions
    ]
    require(isinstance(prediction, (list, tuple)), T("want_list", name="my_prediction"))
    known(prediction, stop_reason_values(), "known.stop_reason")
    predicted(
        list(prediction), actual, T("predicted_vs_actual", prediction=prediction, actual=actual)
    )
    return T("predicted_stop_reasons.passed", actual=actual)
