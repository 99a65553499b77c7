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

T.add(
    __name__,
    {
        "task.hello": ("你好！", "Hello!"),
        "task.where": ("订单 A-1003 现在到哪了？", "Where is order A-1003 now?"),
        "hint.request": (
            "返回 dict(model=MODEL, max_tokens=1024, tools=TOOLS, messages=[一条 user 消息])。",
            "Return dict(model=MODEL, max_tokens=1024, tools=TOOLS, messages=[one user message]).",
        ),
        "request.not_dict": (
            "build_request 返回了 {type}，应当是 dict。",
            "build_request returned a {type}; it should be a dict.",
        ),
        "request.missing": ("请求里缺少 {missing}。", "The request has no {missing}."),
        "request.messages": (
            "messages 应当是一个 list，里面是 dict 形式的消息。",
            "messages should be a list of messages, each a dict.",
        ),
        "request.first_user": (
            '第一条消息的 role 应当是 "user"。',
            'The first message\'s role should be "user".',
        ),
        "request.tool_choice_none": (
            "请求里有 tool_choice={choice}：模型不许调用任何工具，问订单也只能用文字回答。",
            "The request has tool_choice={choice}: the model may call no tool, so even a "
            "question about an order gets text only.",
        ),
        "request.system": (
            'messages 里有一条 role 为 "system" 的消息：Claude 的 API 没有 system 消息。',
            'messages holds a message whose role is "system": Claude\'s API has no system message.',
        ),
        "request.system.hint": (
            '系统提示词写在 create() 的 system 参数里（"system": "..."），messages 里只有 '
            "user 和 assistant。",
            'A system prompt goes in create()\'s system parameter ("system": "..."); messages '
            "holds user and assistant messages only.",
        ),
        "request.shared": (
            "build_request 两次调用返回了同一个 dict（或同一个 messages 列表）：第二个问题会"
            "接在第一个后面。",
            "Two calls of build_request returned the same dict (or the same messages list): the "
            "second question would be added after the first.",
        ),
        "request.shared.hint": (
            "每次调用都新建 dict 和 messages 列表：return {{...}} 写在函数里。",
            "Build a new dict and messages list on each call: the return {{...}} inside the "
            "function.",
        ),
        "request.one_message": (
            "messages 里有 {n} 条消息（role 依次是 {roles}）：这次请求只有一条 user 消息。",
            "messages holds {n} messages (roles: {roles}): this request has one user message only.",
        ),
        "request.one_message.hint": (
            'messages=[{{"role": "user", "content": question}}]；不要替模型写 assistant 消息。',
            'messages=[{{"role": "user", "content": question}}]; don\'t write an assistant '
            "message for the model.",
        ),
        "request.budget_type": (
            "max_tokens 是 {budget!r}（{type}）：它应当是整数，例如 1024（不加引号）。",
            "max_tokens is {budget!r} ({type}): it should be an integer, such as 1024 (no quotes).",
        ),
        "request.stream": (
            "请求里有 stream=True：那样 create() 返回的是事件流，不是一条 Message。这一课不用流式。",
            "The request has stream=True: create() then returns a stream of events, not a "
            "Message. This lesson does not stream.",
        ),
        "request.stream.hint": (
            "去掉 stream，只放 model、max_tokens、tools、messages。",
            "Drop stream; pass only model, max_tokens, tools and messages.",
        ),
        "request.question": (
            "build_request({question!r}) 发出的消息里没有这个问题（content 是 {sent!r}）：",
            "The message build_request({question!r}) sends does not hold that question (its "
            "content is {sent!r}).",
        ),
        "request.question.hint": (
            "content 要用参数 question，不要写死一句话。",
            "Use the parameter question as the content; don't hard-code a sentence.",
        ),
        "request.tools": (
            "tools 应当是工具定义的列表（这里是 TOOLS），你传的是 {tools!r:.60}。",
            "tools should be the list of tool definitions (TOOLS here); you passed {tools!r:.60}.",
        ),
        "request.too_small": (
            "max_tokens={budget!r} 太小：回答写到一半被截断了（stop_reason=max_tokens）。",
            "max_tokens={budget!r} is too small: the reply was cut off halfway "
            "(stop_reason=max_tokens).",
        ),
        "request.too_small.hint": ("用 max_tokens=1024。", "Use max_tokens=1024."),
        "request.forced": (
            "“{question}”不需要工具，回复却是 stop_reason={stop_reason}（tool_choice={choice!r}）："
            "这个请求强迫模型调用工具。",
            '"{question}" needs no tool, yet the reply has stop_reason={stop_reason} '
            "(tool_choice={choice!r}): the request forces the model to call a tool.",
        ),
        "request.forced.hint": (
            '去掉 tool_choice（或写 {{"type": "auto"}}）：用不用工具由模型决定，循环从 stop_reason 读出它的决定。',
            'Leave tool_choice out (or write {{"type": "auto"}}): the model decides whether to use '
            "a tool, and the loop reads its decision from stop_reason.",
        ),
        "request.no_tool_call": (
            "请求被接受了，但 stop_reason={stop_reason}，没有工具调用：tools 传对了吗？",
            "The request was accepted, but stop_reason={stop_reason} and no tool was called: did "
            "you pass tools?",
        ),
        "request.passed": (
            "请求被接受，stop_reason=tool_use，模型要调用 {name}({input})。",
            "The request was accepted: stop_reason=tool_use; the model asks to call "
            "{name}({input}).",
        ),
        "hint.predicted_stop_reasons": (
            "先想：这个问题要不要查订单？要查就是 tool_use，直接能答就是 end_turn。",
            "Ask first: does the question need an order lookup? If so, tool_use; if it can be "
            "answered directly, end_turn.",
        ),
        "want_list": ("{name} 应当是一个 list。", "{name} should be a list."),
        "predicted_stop_reasons.passed": (
            "全部预测正确：{actual}",
            "Every prediction is right: {actual}",
        ),
    },
)


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
