"""Lesson 05: a loop that stops on stop_reason alone, and the predicted failures."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...grading import check_loop
from ..scenarios import failed_keys, scenarios
from ..strings import T
from .core import Wrong, answered, check, require
from .loops import _named_exits, _takes_a_loop
from .predictions import known, predicted

STOP_KEYS = (
    "guide",
    "long",
    "tool_error",
    "no_tools",
    "status_only",
    "research",
    "refusal",
    "cut_tool_use",
    "cut_answer",
    "english",  # "done" and "task complete" said half-way: a phrase-matching stop fails here
    "stop_sequence",  # not tool_use: a loop that runs the tools for any other value fails here
    "context_full",  # a cut tool_use: nothing may run
)

PREDICTED = ("fixed_five_turns", "tool_choice_none_after_last")


@check("hint.correct_stop")
def correct_stop(loop: Callable[..., Any]) -> str:
    require(callable(loop), T("want_loop"))
    _takes_a_loop(loop, "my_loop")
    report = check_loop(loop, scenarios(*STOP_KEYS))
    if not report.passed:
        first = next(r for r in report.results if not r.passed)
        n = sum(r.passed for r in report.results)
        raise Wrong(
            T(
                "correct_stop.failed",
                n=n,
                total=len(report.results),
                title=first.title,
                diagnosis=first.diagnosis,
            )
        )
    _named_exits(loop)
    return T("correct_stop.passed", n=len(report.results), keys=", ".join(STOP_KEYS))


def scenario_keys() -> list[str]:
    """The keys of the grader's scenarios (agentkit.grading.SCENARIOS)."""
    from ...grading import SCENARIOS

    return [s.key for s in SCENARIOS]


def stop_keys() -> str:
    """The scenarios lesson 05's exercise is graded on, for the lesson's prose."""
    return T("stop_keys", n=len(STOP_KEYS), keys=", ".join(STOP_KEYS))


@check("hint.predicted_failures")
def predicted_failures(prediction: Any) -> str:
    from ... import antipatterns

    answered(prediction, "my_prediction")
    require(isinstance(prediction, dict), T("predicted_failures.dict"))
    missing = [n for n in PREDICTED if n not in prediction]
    extra = [n for n in prediction if n not in PREDICTED]
    require(not missing, T("predicted_failures.missing", missing=", ".join(missing)))
    require(not extra, T("predicted_failures.extra", extra=extra, names=", ".join(PREDICTED)))
    require(
        all(isinstance(p, (set, list, tuple, frozenset)) for p in prediction.values()),
        T("predicted_failures.sets"),
    )
    odd = [k for p in prediction.values() for k in p if not isinstance(k, str)]
    require(
        not odd,
        T("predicted_failures.keys", odd=(odd or [None])[0]),
        T("predicted_failures.keys.hint"),
    )
    known(
        [k for p in prediction.values() for k in p], scenario_keys(), "known.scenario", listed=False
    )
    actual = {name: failed_keys(check_loop(getattr(antipatterns, name))) for name in PREDICTED}
    mine = {name: set(prediction[name]) for name in PREDICTED}
    answer = T("sep").join(
        T(
            "predicted_failures.differ",
            name=n,
            extra=sorted(mine[n] - a),
            missed=sorted(a - mine[n]),
        )
        for n, a in actual.items()
        if mine[n] != a
    )
    predicted(mine, actual, answer)
    return T("sep").join(
        T("predicted_failures.passed", name=n, keys=sorted(p)) for n, p in prediction.items()
    )
