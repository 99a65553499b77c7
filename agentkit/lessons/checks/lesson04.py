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
