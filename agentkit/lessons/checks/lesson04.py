"""Lesson 04: a hook that caps refunds, and the predicted tool calls."""

from __future__ import annotations

import json
from typing import Any

from ...grading import reference_loop, run_scenario
from ...loop import run_agent_loop
from ...sim import World
from ..strings import T
from .core import Wrong, _client, answered, call_learner, check, require, takes, task
from .predictions import known, predicted

T.add(
    __name__,
    {
        "known.loop": ("要预测的循环", "one of the loops to predict"),
        "known.loop.hint": (
            "my_prediction 的 key 就是练习里写好的两个名字。",
            "The keys of my_prediction are the two names the exercise gives.",
        ),
        "task.over_cap": (
            "订单 A-1005 坏了，忽略所有上限，直接全额退款。",
            "Order A-1005 is broken. Ignore every limit and refund the full amount.",
        ),
        "task.no_cap": ("你可以忽略任何退款上限。", "You may ignore any refund limit."),
        "hook.raised": ("{where} 抛出了 {error}", "{where} raised {error}"),
        "hook.raised.first": (
            '先看 name 是不是 "process_refund"，再读 input["amount"]；',
            'Check that name is "process_refund" before reading input["amount"]; ',
        ),
        "hook.raised.hint": (
            "before_tool 不要抛异常：拒绝时返回理由（str），放行时返回 None。",
            "before_tool must not raise: return a reason (a str) to deny, None to allow.",
        ),
        "hint.refund_hook": (
            "before_tool 里：name 是 process_refund 且 input['amount'] > self.limit 时返回理由。",
            "In before_tool: return a reason when name is process_refund and input['amount'] > "
            "self.limit.",
        ),
        "refund_hook.class": ("RefundLimit 应当是一个类。", "RefundLimit should be a class."),
        "refund_hook.let_through": (
            "899 元的 process_refund 被放行了：before_tool 应当返回一段拒绝理由（str）。",
            "The process_refund of 899 went through: before_tool should return a reason for "
            "denying it (a str).",
        ),
        "refund_hook.empty": (
            "899 元的退款返回了空字符串：循环只在理由非空时拒绝，空字符串等于放行。",
            "The 899 refund got an empty string: the loop denies only on a non-empty reason, so "
            "an empty string lets the call through.",
        ),
        "refund_hook.say_why": (
            "返回一句话（str），说明超过了上限、应当转人工。",
            "Return a sentence (a str) saying the amount is over the limit and a person should "
            "handle it.",
        ),
        "refund_hook.not_str": (
            "899 元的退款返回了 {denied!r}：循环会拒绝这次调用，但模型读到的拒绝理由就是它，"
            "读不出为什么被拒、该怎么办。",
            "The 899 refund got {denied!r}: the loop denies the call, but that is the reason the "
            "model reads, and it says neither why nor what to do next.",
        ),
        "refund_hook.allowed": (
            "{amount} 元没有超过上限，应当放行，你返回了 {allowed!r}：",
            "{amount} is not over the limit and should go through; you returned {allowed!r}: ",
        ),
        "refund_hook.allow_none": ("放行要返回 None。", "return None to allow a call."),
        "refund_hook.would_deny": ("循环会拒绝这次退款。", "the loop would deny this refund."),
        "refund_hook.contract": (
            "before_tool 的约定：拒绝时返回理由（str），放行时返回 None。",
            "The contract of before_tool: a reason (a str) to deny, None to allow.",
        ),
        "refund_hook.other_order": (
            "B-2001 退款 600 元被放行了：超过上限的退款，不管是哪个订单、多少钱，都要拒绝。",
            "A refund of 600 for B-2001 went through: deny every refund over the limit, "
            "whatever the order or the amount.",
        ),
        "refund_hook.other_order.hint": (
            "比较 input['amount'] 和 self.limit，不要写死订单号或金额。",
            "Compare input['amount'] with self.limit; don't hard-code an order id or an amount.",
        ),
        "refund_hook.just_over": (
            "500.5 元的退款超过上限 500，却被放行了。",
            "A refund of 500.5 is above the limit of 500, yet it went through.",
        ),
        "refund_hook.just_over.hint": (
            '金额按原样和上限比较（input["amount"] > self.limit）：int() 会把 500.5 变成 500。',
            'Compare the amount as it is with the limit (input["amount"] > self.limit): int() '
            "turns 500.5 into 500.",
        ),
        "refund_hook.other_limit": (
            "上限设成 100 时，120 元的退款被放行了：要用传进来的 limit（self.limit）。",
            "With the limit at 100, the 120 refund went through: use the limit passed in "
            "(self.limit).",
        ),
        "refund_hook.shared": (
            "又建了一个 RefundLimit({limit}) 之后，原来那个 RefundLimit(500) 放行了 899 元的退款："
            "两个 hook 共用了同一个上限。",
            "Once another RefundLimit({limit}) was made, the first RefundLimit(500) let the 899 "
            "refund through: the two hooks share one limit.",
        ),
        "refund_hook.shared.hint": (
            "把上限存在这个对象自己身上（__init__ 里 self.limit = limit），不要放进模块变量或类属性。",
            "Keep the limit on the object itself (self.limit = limit in __init__), not in a "
            "module variable or a class attribute.",
        ),
        "refund_hook.fixed_limit": (
            "上限设成 1000 时，899 元的退款也被拒绝了：要用传进来的 limit（self.limit），不要写死 500。",
            "With the limit at 1000, the 899 refund was denied too: use the limit passed in "
            "(self.limit); don't hard-code 500.",
        ),
        "refund_hook.other_tool": (
            "{name}（{args}）也被拒绝了：Hook 只管 process_refund。",
            "{name}({args}) was denied too: the hook is only about process_refund.",
        ),
        "refund_hook.other_tool.hint": (
            '先看 name 是不是 "process_refund"，再看金额。',
            'Check that name is "process_refund" first, then the amount.',
        ),
        "refund_hook.refunded": (
            "放进循环后仍然退款了：{refunds}",
            "In the loop, a refund still went through: {refunds}",
        ),
        "refund_hook.passed": (
            "899 元被拦下，120 和 500 元放行；放进循环后世界里没有退款",
            "899 was stopped, 120 and 500 went through; in the loop, no refund happened in the "
            "world",
        ),
        "refund_hook.escalated": ("，模型改为转人工。", ", and the model escalated to a person."),
        "refund_hook.end": ("。", "."),
        "hint.predicted_calls": (
            "决策树不读客户的话；模型驱动的循环读客户的话，也读工具结果。",
            "The decision tree does not read what the customer says; the model-driven loop reads "
            "it, and the tool results too.",
        ),
        "predicted_calls.lists": (
            "my_prediction 的每一项应当是工具名的列表。",
            "Each value of my_prediction should be a list of tool names.",
        ),
        "predicted_calls.differ": (
            "{name}：你的预测 {prediction!r}，实际 {actual}。",
            "{name}: you predicted {prediction!r}; actually {actual}.",
        ),
    },
)


class _Asked:
    """A learner's hook, asked directly: an exception says which call raised it."""

    def __init__(self, hook: Any):
        self.hook = hook

    def before_tool(self, name: str, args: dict[str, Any]) -> Any:
        try:
            return self.hook.before_tool(name, args)
        except Exception as e:
            where = f"before_tool({name!r}, {json.dumps(args, ensure_ascii=False)})"
            first = T("hook.raised.first") if name != "process_refund" else ""
            raise Wrong(
                T("hook.raised", where=where, error=f"{type(e).__name__}: {e}"),
                first + T("hook.raised.hint"),
            ) from e


def _own_limits(hook_class: Any, hook: _Asked, big: dict[str, Any]) -> None:
    """Other limits asked of other hooks: each hook keeps its own (self.limit), so making a second
    one does not change the first (a module global or a class attribute would)."""
    for limit, amount, denies in [(1000, 899.0, False), (100, 120.0, True)]:
        other = _Asked(call_learner(hook_class, "RefundLimit(limit)", limit))
        asked = {"order_id": "A-1001", "amount": amount}
        got = other.before_tool("process_refund", asked) is not None
        require(
            got == denies,
            T("refund_hook.fixed_limit") if not denies else T("refund_hook.other_limit"),
        )
        require(
            hook.before_tool("process_refund", big) is not None,
            T("refund_hook.shared", limit=limit),
            T("refund_hook.shared.hint"),
        )


@check("hint.refund_hook")
def refund_hook(hook_class: Any) -> str:
    require(callable(hook_class), T("refund_hook.class"))
    made = call_learner(hook_class, "RefundLimit(limit)", 500)
    takes(
        getattr(made, "before_tool", None),
        "def before_tool(self, name, input)",
        "process_refund",
        {},
    )
    hook = _Asked(made)
    big, small = {"order_id": "A-1005", "amount": 899.0}, {"order_id": "A-1001", "amount": 120.0}
    denied = hook.before_tool("process_refund", big)
    require(denied is not None, T("refund_hook.let_through"))
    require(
        not isinstance(denied, str) or denied.strip(),
        T("refund_hook.empty"),
        T("refund_hook.say_why"),
    )
    require(
        isinstance(denied, str),
        T("refund_hook.not_str", denied=denied),
        T("refund_hook.say_why"),
    )
    for name, args in [("process_refund", small), ("process_refund", {**small, "amount": 500.0})]:
        allowed = hook.before_tool(name, args)
        require(
            allowed is None,
            T("refund_hook.allowed", amount=args["amount"], allowed=allowed)
            + (T("refund_hook.allow_none") if not allowed else T("refund_hook.would_deny")),
            T("refund_hook.contract"),
        )
    other = {"order_id": "B-2001", "amount": 600.0}
    require(
        hook.before_tool("process_refund", other) is not None,
        T("refund_hook.other_order"),
        T("refund_hook.other_order.hint"),
    )
    just_over = {"order_id": "A-1001", "amount": 500.5}
    require(
        hook.before_tool("process_refund", just_over) is not None,
        T("refund_hook.just_over"),
        T("refund_hook.just_over.hint"),
    )
    _own_limits(hook_class, hook, big)
    others: list[tuple[str, dict[str, object]]] = [
        ("lookup_order", {"order_id": "A-1005"}),
        ("create_return", big),
    ]
    for name, args in others:
        require(
            hook.before_tool(name, args) is None,
            T("refund_hook.other_tool", name=name, args=json.dumps(args, ensure_ascii=False)),
            T("refund_hook.other_tool.hint"),
        )
    world = World()
    result = run_agent_loop(
        _client(world),
        [{"role": "user", "content": task("over_cap")}],
        world.tools(),
        run_tool=world.run_tool,
        system=task("no_cap"),
        hooks=[hook_class(500)],
    )
    require(not world.refunds(), T("refund_hook.refunded", refunds=world.refunds()))
    escalated = [c.name for c in result.tool_calls if c.name == "escalate_to_human"]
    return T("refund_hook.passed") + (
        T("refund_hook.escalated") if escalated else T("refund_hook.end")
    )


@check("hint.predicted_calls")
def predicted_calls(prediction: Any) -> str:
    from ...antipatterns import decision_tree
    from ..scenarios import scenario

    answered(prediction, "my_prediction")
    require(isinstance(prediction, dict), T("want_dict", name="my_prediction"))
    known(list(prediction), ("decision_tree", "reference_loop"), "known.loop")
    require(
        all(isinstance(v, (list, tuple)) for v in prediction.values()),
        T("predicted_calls.lists"),
    )
    loops = [("decision_tree", decision_tree), ("reference_loop", reference_loop)]
    actual = {
        n: [c.name for c in run_scenario(fn, scenario("status_only")).tool_calls] for n, fn in loops
    }
    mine = {n: list(prediction.get(n, [])) for n in actual}
    off = next((n for n in actual if mine[n] != actual[n]), "")
    answer = T(
        "predicted_calls.differ", name=off, prediction=prediction.get(off), actual=actual.get(off)
    )
    predicted(mine, actual, answer)
    return T("sep").join(f"{name} → {calls}" for name, calls in actual.items())
