"""Lesson 06: the pause_turn and max_tokens branches, and the predicted exits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...client import default_model
from ...loop import EXITS
from ...sim import WEB_SEARCH_TOOL, World
from ..runs import escalate_when_stuck, exit_of
from ..strings import T
from .core import _client, _send, answered, call_learner, check, require, task
from .predictions import known, predicted
from .results import _after, _same_content

T.add(
    __name__,
    {
        "task.research": (
            "请搜索我们的退货、退款和海关扣留政策，并总结要点。",
            "Please search our return, refund and customs-hold policies and sum up the key points.",
        ),
        "task.cancel": (
            "订单 A-1003 还没发货，请帮我取消。",
            "Order A-1003 hasn't shipped yet. Please cancel it.",
        ),
        "task.watch": (
            "帮我盯着订单 A-1002，直到它签收再退款",
            "Keep an eye on order A-1002 until it is delivered, then refund it",
        ),
        "hint.branches": (
            "pause_turn：把 response.content 原样追加为 assistant；max_tokens：丢掉它，加倍。",
            "pause_turn: append response.content as it is, as the assistant message; "
            "max_tokens: drop the reply and double the budget.",
        ),
        "branches.two": ("这里应当是两个函数。", "These should be two functions."),
        "branches.paused": (
            "pause_turn 之后，messages 应当多出一条 assistant 消息，content 与响应的 content 一模一样。",
            "After pause_turn, messages should hold one more message, the assistant's, with "
            "exactly the response's content.",
        ),
        "branches.paused_lost": (
            "on_pause_turn 返回的 messages 只有 {n} 条：原来的消息（用户的问题）也要留着，"
            "再追加 assistant 消息。",
            "The messages on_pause_turn returns hold only {n}: keep the earlier messages (the "
            "user's question) and append the assistant message to them.",
        ),
        "branches.paused_more": (
            "pause_turn 之后 messages 多了 {n} 条：只追加那条 assistant 消息，不要再加"
            "“请继续”之类的 user 消息。",
            "After pause_turn, messages grew by {n}: append the assistant message only, no user "
            'message such as "please continue".',
        ),
        "branches.paused_more.hint": (
            "服务端工具看到自己的 content 原样回来，就接着做：不需要任何提示。",
            "The server tool carries on when its content comes back as it is: it needs no prompt.",
        ),
        "branches.continue_asked": (
            "on_max_tokens 在 messages 后面加了 {n} 条消息（比如“请继续”）：被截断的回复已经丢掉，"
            "模型不知道“继续”什么；原样重发原来的 messages，只把 max_tokens 加大。",
            'on_max_tokens added {n} message(s) to messages ("please continue", say): the cut '
            "reply is dropped, so there is nothing to continue; send the same messages again "
            "with a larger max_tokens.",
        ),
        "branches.pair": (
            "on_max_tokens 应当返回 (messages, max_tokens) 两项。",
            "on_max_tokens should return two items: (messages, max_tokens).",
        ),
        "branches.lost": (
            "on_max_tokens 返回的 messages 少了消息（{before} 条变成 {after} 条）："
            "被截断的响应本来就没有追加，不要再删掉别的消息。",
            "The messages on_max_tokens returns lost some ({before} became {after}): the cut "
            "reply was never appended, so don't delete anything else.",
        ),
        "branches.lost.hint": (
            "原样返回 messages，只把 max_tokens 加大。",
            "Return messages as they are; only raise max_tokens.",
        ),
        "branches.appended": (
            "被截断的响应不能追加进 messages：它的 tool_use 的 input 不完整。",
            "A cut reply must not be appended to messages: its tool_use input is incomplete.",
        ),
        "branches.int": (
            "max_tokens 要是整数（int），你返回了 {budget!r}（{type}）。",
            "max_tokens must be an integer (int); you returned {budget!r} ({type}).",
        ),
        "branches.int.hint": (
            "return messages, max_tokens * 2（或 int(...)）。",
            "return messages, max_tokens * 2 (or int(...)).",
        ),
        "branches.grow": (
            "max_tokens 应当变大（比如加倍），你返回了 {budget!r}。",
            "max_tokens should grow (double it, say); you returned {budget!r}.",
        ),
        "branches.fixed.hint": (
            "在参数 max_tokens 上加大（例如 max_tokens * 2），不要写死一个数。",
            "Raise the max_tokens you are given (max_tokens * 2, say); don't hard-code a number.",
        ),
        "branches.not_more": (
            "max_tokens={asked} 时 on_max_tokens 返回了 {more!r}：没有比传进来的 max_tokens 大。",
            "With max_tokens={asked}, on_max_tokens returned {more!r}: no more than the max_tokens "
            "passed in.",
        ),
        "branches.drifts": (
            "两次都传 max_tokens={asked}，on_max_tokens 先返回 {first}，后返回 {again}："
            "新的上限不只由传进来的值决定。",
            "Given max_tokens={asked} twice, on_max_tokens returned {first}, then {again}: the new "
            "budget does not come from the value passed in alone.",
        ),
        "branches.drifts.hint": (
            "只用参数 max_tokens 算新的上限（例如 max_tokens * 2），不要在模块变量里累加。",
            "Compute the new budget from the max_tokens parameter alone (max_tokens * 2, say), "
            "not from a module variable that keeps growing.",
        ),
        "branches.fixed": (
            "max_tokens={asked} 时 on_max_tokens 都返回 {budget}：它没有跟着传进来的值变。",
            "With max_tokens={asked}, on_max_tokens returned {budget} every time: it does not "
            "follow the value passed in.",
        ),
        "branches.cut_again": (
            "加到 {budget} 重试，回答又被截断了（stop_reason=max_tokens）：加得太少。",
            "Retried at {budget}, the reply was cut off again (stop_reason=max_tokens): not "
            "enough.",
        ),
        "branches.cut_again.hint": (
            "加倍：return messages, max_tokens * 2。",
            "Double it: return messages, max_tokens * 2.",
        ),
        "branches.passed": (
            "pause_turn 原样发回后 stop_reason={resumed}；"
            "max_tokens 丢弃截断的响应、加到 {budget} 后 stop_reason={retried}。",
            "pause_turn sent back as it is → stop_reason={resumed}; max_tokens: the cut reply "
            "dropped and the budget raised to {budget} → stop_reason={retried}.",
        ),
        "hint.predicted_exits": (
            "第 2 题：加倍到 24 之后，退款那一步写得下吗？第 3 题：on_max_turns 之后不抛异常。",
            "Question 2: once doubled to 24, does the refund step fit? Question 3: after "
            "on_max_turns, nothing is raised.",
        ),
        "predicted_exits.list": (
            "my_prediction 应当是三个 exit 的列表。",
            "my_prediction should be a list of three exits.",
        ),
        "predicted_exits.passed": ("三次运行的 exit：{actual}", "The three runs' exits: {actual}"),
    },
)

CUT = 12
"""The max_tokens lesson 06's checks cut the refund task's first reply at (doubled: 24)."""


@check("hint.branches")
def branches(on_pause_turn: Callable[..., Any], on_max_tokens: Callable[..., Any]) -> str:
    require(callable(on_pause_turn) and callable(on_max_tokens), T("branches.two"))
    start = [{"role": "user", "content": task("research")}]
    paused = _client().messages.create(
        model=default_model(),
        max_tokens=1024,
        tools=[WEB_SEARCH_TOOL],  # type: ignore[list-item]  # plain-dict request, as learners write it
        messages=start,  # type: ignore[arg-type]  # plain-dict request, as learners write it
    )
    spec = "def on_pause_turn(messages, response)"
    after = _after(call_learner(on_pause_turn, spec, list(start), paused), list(start))
    require(len(after) >= 2, T("branches.paused_lost", n=len(after)))
    require(
        len(after) <= 2 or not _same_content(after[1].get("content", []), paused),
        T("branches.paused_more", n=len(after) - len(start)),
        T("branches.paused_more.hint"),
    )
    require(
        len(after) == 2
        and isinstance(after[1], dict)
        and after[1].get("role") == "assistant"
        and _same_content(after[1].get("content", []), paused),
        T("branches.paused"),
    )
    resumed = _send(after, tools=[WEB_SEARCH_TOOL])
    world = World()
    start = [{"role": "user", "content": task("refund")}]
    cut = _client(world).messages.create(
        model=default_model(),
        max_tokens=CUT,
        tools=world.tools(),  # type: ignore[arg-type]  # plain-dict request, as learners write it
        messages=start,  # type: ignore[arg-type]  # plain-dict request, as learners write it
    )
    out = call_learner(
        on_max_tokens, "def on_max_tokens(messages, response, max_tokens)", list(start), cut, CUT
    )
    require(isinstance(out, (tuple, list)) and len(out) == 2, T("branches.pair"))
    msgs, budget = _after(out[0], list(start)), out[1]
    require(
        len(msgs) >= len(start),
        T("branches.lost", before=len(start), after=len(msgs)),
        T("branches.lost.hint"),
    )
    added = msgs[len(start) :]
    require(
        msgs[: len(start)] != start
        or not added
        or any(isinstance(m, dict) and m.get("role") == "assistant" for m in added),
        T("branches.continue_asked", n=len(added)),
        T("branches.lost.hint"),
    )
    require(msgs == start, T("branches.appended"))
    require(
        isinstance(budget, int) and not isinstance(budget, bool),
        T("branches.int", budget=budget, type=type(budget).__name__),
        T("branches.int.hint"),
    )
    require(budget > CUT, T("branches.grow", budget=budget))
    _follows_its_argument(on_max_tokens, list(start), cut, budget)
    # As a loop uses it: a retry cut off again goes back to on_max_tokens with the budget it
    # was given, up to RETRIES requests (a growth of 1.5 takes two, +1 never gets there).
    budgets = [budget]
    retry = _send(msgs, tools=world.tools(), max_tokens=budget)
    while retry.stop_reason == "max_tokens" and len(budgets) < RETRIES:
        again = on_max_tokens(list(start), retry, budgets[-1])
        budgets.append(again[1] if isinstance(again, (tuple, list)) and len(again) == 2 else again)
        require(
            isinstance(budgets[-1], int) and budgets[-1] > budgets[-2],
            T("branches.not_more", asked=budgets[-2], more=budgets[-1]),
            T("branches.fixed.hint"),
        )
        retry = _send(msgs, tools=world.tools(), max_tokens=budgets[-1])
    said = " → ".join(map(str, budgets))
    require(
        retry.stop_reason != "max_tokens",
        T("branches.cut_again", budget=said),
        T("branches.cut_again.hint"),
    )
    return T("branches.passed", resumed=resumed.stop_reason, budget=said, retried=retry.stop_reason)


RETRIES = 3
"""Requests a cut reply is retried with, each with the budget on_max_tokens returned."""


PROBES = (1500, 3000, CUT)
"""The budgets on_max_tokens is asked about after CUT: below any sensible ceiling, then CUT again."""


def _follows_its_argument(
    on_max_tokens: Callable[..., Any], start: list[Any], cut: Any, first: int
) -> None:
    """The new budget is more than the one passed in and is computed from it alone: not a fixed
    number (the same for every budget), not a module-level budget that grows at each call (asked
    the same budget twice, it answers twice the same)."""
    fixed = T("branches.fixed.hint")
    got = {CUT: first}
    for asked in PROBES:
        again = on_max_tokens(list(start), cut, asked)
        more = again[1] if isinstance(again, (tuple, list)) and len(again) == 2 else again
        require(
            isinstance(more, int) and more > asked,
            T("branches.not_more", asked=asked, more=more),
            fixed,
        )
        require(
            got.get(asked, more) == more,
            T("branches.drifts", asked=asked, first=got.get(asked), again=more),
            T("branches.drifts.hint"),
        )
        got[asked] = more
    require(
        len(set(got.values())) > 1,
        T("branches.fixed", asked=", ".join(map(str, sorted(got))), budget=first),
        fixed,
    )


@check("hint.predicted_exits")
def predicted_exits(prediction: Any) -> str:
    answered(prediction, "my_prediction")
    require(isinstance(prediction, (list, tuple)), T("predicted_exits.list"))
    known(prediction, EXITS, "known.exit")
    world = World(transitions={"A-1002": ["shipped"] * 100})
    client = _client(world)
    actual = [
        exit_of(client, task("cancel"), world),
        exit_of(client, task("refund"), world, max_tokens=CUT, max_tokens_ceiling=2 * CUT),
        exit_of(
            client,
            task("watch"),
            world,
            max_turns=3,
            on_max_turns=escalate_when_stuck(world),
        ),
    ]
    predicted(
        list(prediction), actual, T("predicted_vs_actual", prediction=prediction, actual=actual)
    )
    return T("predicted_exits.passed", actual=actual)
