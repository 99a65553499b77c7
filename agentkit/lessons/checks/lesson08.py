"""Lesson 08: the self-test's five exercises."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...client import default_model
from ...grading import reference_loop, run_scenario
from ...loop import EXITS, LoopError, run_agent_loop
from ...sim import ToolFailure, World
from ..scenarios import scenarios
from ..strings import T
from .core import Worded, _client, _send, answered, call_learner, check, require, returned, task
from .lesson05 import scenario_keys
from .predictions import known, predicted
from .results import Calls, _one_round, answer_their_calls

STEPS = Worded("step", "ABCD")
"""The four steps of a round, by letter, worded in the learner's language."""

ACTIONS = ("action.continue", "action.finish")
BLOCK_TYPES = ("text", "tool_use", "thinking", "redacted_thinking", "server_tool_use")
"""The types of the blocks a response's content may hold (lesson 08's self-test 3)."""


@check("hint.four_steps")
def four_steps(order: Any, actions: Any) -> str:
    answered([order, actions], "my_order / my_actions")
    require(isinstance(order, (list, tuple)), T("four_steps.letters"))
    odd = [s for s in order if str(s).upper() not in STEPS]
    require(not odd, T("four_steps.odd", odd=(odd or [None])[0]))
    require(
        [str(s).upper() for s in order] == ["B", "D", "A", "C"],
        T(
            "four_steps.order",
            order=order,
            steps=" → ".join(STEPS.get(str(s).upper(), "?") for s in order),
        ),
    )
    require(isinstance(actions, dict), T("want_dict", name="my_actions"))
    go, end = (T(k) for k in ACTIONS)
    odd_actions = {k: v for k, v in actions.items() if v not in (go, end)}
    require(not odd_actions, T("four_steps.actions", go=go, end=end, odd=odd_actions))
    require(actions.get("tool_use") == go, T("four_steps.tool_use"))
    require(actions.get("end_turn") == end, T("four_steps.end_turn"))
    return T("four_steps.passed")


@check("hint.results_message")
def results_message(make_message: Callable[..., Any]) -> str:
    world = World()
    start = [{"role": "user", "content": task("three")}]
    response = _client(world).messages.create(
        model=default_model(),
        max_tokens=1024,
        tools=world.tools(),  # type: ignore[arg-type]  # plain-dict request, as learners write it
        messages=start,  # type: ignore[arg-type]  # plain-dict request, as learners write it
    )
    timeout = T("failure.timeout")

    def flaky(name: str, args: dict[str, Any]) -> Any:
        if args.get("order_id") == "A-1002":
            raise ToolFailure(timeout)
        return world.run_tool(name, args)

    require(callable(make_message), T("want_function", name="results_message"))
    calls = Calls(flaky)
    message = call_learner(make_message, "def results_message(response, run_tool)", response, calls)
    returned(message, "results_message")
    require(isinstance(message, dict), T("results_message.dict", type=type(message).__name__))
    history = start + [{"role": "assistant", "content": response.content}, message]
    answer_their_calls(_one_round(history, start, response), response, calls)
    _send(history, tools=world.tools())
    return T("results_message.passed")


@check("hint.text_exit")
def text_exit(first_blocks: Any, refunds: Any) -> str:
    from ... import antipatterns
    from ..scenarios import scenario

    answered([first_blocks, refunds], "first_blocks / text_loop_refunds")
    require(isinstance(first_blocks, (list, tuple)), T("text_exit.types"))
    known(first_blocks, BLOCK_TYPES, "known.block")
    response = _client().messages.create(
        model=default_model(),
        max_tokens=1024,
        tools=World().tools("lookup_order", "process_refund"),  # type: ignore[arg-type]  # plain-dict request, as learners write it
        messages=[{"role": "user", "content": task("refund")}],
    )
    actual = [b.type for b in response.content]
    require(
        isinstance(refunds, int) and not isinstance(refunds, bool),
        T("text_exit.count", mine=refunds) + T("text_exit.bool"),
    )
    run = run_scenario(antipatterns.stop_on_text_block, scenario("guide"))
    done = sum(1 for c in run.tool_calls if c.name == "process_refund" and c.ok)
    answer = (
        T("text_exit.blocks", actual=actual, mine=first_blocks)
        if list(first_blocks) != actual
        else T("text_exit.refunds", done=done, mine=refunds)
    )
    predicted(
        {"first_blocks": list(first_blocks), "text_loop_refunds": refunds},
        {"first_blocks": actual, "text_loop_refunds": done},
        answer,
    )
    return T("text_exit.passed", actual=actual, done=done)


def outcome_failures(fn: Any, keys: tuple[str, ...]) -> set[str]:
    """The scenarios where `fn` left the orders wrong (refunds, returns, escalations)."""
    from ...grading.runner import run_scenario

    out = set()
    for sc in scenarios(*keys):
        run = run_scenario(fn, sc)
        if (run.case.outcome or run.case.expect)(run):  # the orders, whoever decided them
            out.add(sc.key)
    return out


@check("hint.tree_vs_model")
def tree_vs_model(tree_fails: Any, model_fails: Any) -> str:
    from ...antipatterns import decision_tree

    answered([tree_fails, model_fails], "tree_fails / model_fails")
    require(
        all(isinstance(v, (set, list, tuple, frozenset)) for v in (tree_fails, model_fails)),
        T("tree_vs_model.sets"),
    )
    known([*tree_fails, *model_fails], scenario_keys(), "known.scenario", listed=False)
    # What each did to the orders (the world's checks), not the grader's protocol rules: the grader
    # also fails the tree everywhere for calling tools no model asked for (lesson 04 shows that).
    keys = ("guide", "shipped", "unexpected")
    tree = outcome_failures(decision_tree, keys)
    model = outcome_failures(reference_loop, keys)
    answer = (
        T("tree_vs_model.tree", actual=sorted(tree), mine=tree_fails)
        if set(tree_fails) != tree
        else T("tree_vs_model.model", actual=sorted(model) or T("tree_vs_model.none"))
    )
    mine = {"tree_fails": set(tree_fails), "model_fails": set(model_fails)}
    predicted(mine, {"tree_fails": tree, "model_fails": model}, answer)
    return T("tree_vs_model.passed", actual=sorted(tree))


@check("hint.guess_max_turns")
def guess_max_turns(guess: Any) -> str:
    answered(guess, "my_guess")
    known([guess], EXITS, "known.exit")
    world = World()
    try:
        actual = run_agent_loop(
            _client(world),
            [{"role": "user", "content": task("one_by_one")}],
            world.tools(),
            run_tool=world.run_tool,
            max_turns=5,
        ).exit
    except LoopError as e:
        actual = e.result.exit
    predicted(guess, actual, T("guess_max_turns.differ", actual=actual, guess=guess))
    return T("guess_max_turns.passed", actual=actual, n=len(world.refunds()))
