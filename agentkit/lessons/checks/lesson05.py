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

T.add(
    __name__,
    {
        "hint.correct_stop": (
            "只看 resp.stop_reason：end_turn 结束，tool_use 执行工具，pause_turn 原样发回；"
            "其余取值抛出异常，不要悄悄返回。",
            "Read only resp.stop_reason: end_turn stops, tool_use runs the tools, pause_turn "
            "sends the content back as it is; raise on any other value, never return quietly.",
        ),
        "want_loop": ("这里应当是一个函数（你的循环）。", "This should be a function (your loop)."),
        "correct_stop.failed": (
            "{n}/{total} 个场景通过；{title} —— {diagnosis}",
            "{n}/{total} scenarios passed; {title}: {diagnosis}",
        ),
        "correct_stop.passed": (
            "{n} 个场景全部通过（{keys}）。",
            "All {n} scenarios passed ({keys}).",
        ),
        "stop_keys": ("{n} 个场景：{keys}", "{n} scenarios: {keys}"),
        "hint.predicted_failures": (
            "对照“场景一览”的 key：它们各自在哪种情况下和正确的循环不一样？",
            "Compare with the keys in the list of scenarios: in which case does each loop act "
            "differently from a correct one?",
        ),
        "predicted_failures.dict": (
            "my_prediction 应当是一个 dict：{{循环名: {{场景 key, ...}}}}。",
            "my_prediction should be a dict: {{loop name: {{scenario key, ...}}}}.",
        ),
        "predicted_failures.missing": (
            "my_prediction 里没有 {missing}：两个循环都要预测。",
            "my_prediction has no {missing}: predict both loops.",
        ),
        "predicted_failures.extra": (
            "my_prediction 里多了 {extra}：只预测 {names}。",
            "my_prediction also holds {extra}: predict only {names}.",
        ),
        "predicted_failures.sets": (
            '每个循环的预测应当是场景 key 的集合，例如 {{"guide", "long"}}。',
            'Each loop\'s prediction should be a set of scenario keys, such as {{"guide", '
            '"long"}}.',
        ),
        "predicted_failures.keys": (
            "场景 key 是字符串，你的预测里有 {odd!r}。",
            "Scenario keys are strings; your prediction holds {odd!r}.",
        ),
        "predicted_failures.keys.hint": (
            '每个循环写一个集合，里面直接放 key，例如 {{"guide", "long"}}。',
            'Write one set per loop with the keys straight in it, such as {{"guide", "long"}}.',
        ),
        "predicted_failures.differ": (
            "{name}：多出 {extra}，漏掉 {missed}。",
            "{name}: extra {extra}, missed {missed}.",
        ),
        "predicted_failures.passed": ("{name} 在 {keys} 失败", "{name} fails {keys}"),
    },
)

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
