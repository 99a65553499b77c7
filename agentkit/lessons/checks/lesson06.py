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
