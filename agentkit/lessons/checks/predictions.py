"""Prediction checks: a wrong first try gets a clue, not the answer; the answer comes with the
second wrong try, or at once when asked (`checks.predicted_rounds(my_prediction,
show_answer=True)`).

The tries are counted per check in this process (the kernel): a right try starts over.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..strings import T
from .core import Wrong, checking, require

T.add(
    __name__,
    {
        "predicted.clue": (
            "你的预测和实际不一样：{clue}。",
            "Your prediction is not what happens: {clue}.",
        ),
        "predicted.again": (
            "再想想，改了再运行一次；第二次还不对时会给出实际结果（想直接看：在检查里加 show_answer=True）。",
            "Think again, change it and run the check again; a second wrong try shows what actually "
            "happens (to see it now, add show_answer=True to the check).",
        ),
        "known.choices": ("；可以填：{allowed}。", "; the choices: {allowed}."),
        "clue.keys": ("{keys} 这几项不对", "the entries for {keys} are off"),
        "clue.sets": (
            "多写了 {extra} 个、漏了 {missed} 个",
            "{extra} too many and {missed} missing",
        ),
        "clue.length": ("你写了 {n} 项，实际有 {m} 项", "you wrote {n} items, and there are {m}"),
        "clue.items": ("第 {items} 项不对", "item {items} is off (counting from 1)"),
        "clue.value": ("实际不是 {mine!r}", "it is not {mine!r}"),
    },
)

TRIES: Counter[str] = Counter()
"""Wrong tries so far, by check name."""


def predicted(mine: Any, actual: Any, answer: str) -> None:
    """`mine` is `actual`; otherwise Wrong: a clue on the first try, `answer` (the sentence that
    says what actually happens) on a later one or when the learner asked for it."""
    name, show = checking()
    if mine == actual:
        TRIES.pop(name, None)
        return
    TRIES[name] += 1
    if show or TRIES[name] >= 2:
        raise Wrong(answer)
    raise Wrong(T("predicted.clue", clue=clue(mine, actual)), T("predicted.again"))


def clue(mine: Any, actual: Any) -> str:
    """Where a prediction is off, without the actual values."""
    if isinstance(mine, dict) and isinstance(actual, dict):
        off = [str(k) for k in actual if mine.get(k) != actual[k]]
        return T("clue.keys", keys=", ".join(off))
    if isinstance(mine, (set, frozenset)) and isinstance(actual, (set, frozenset)):
        return T("clue.sets", extra=len(mine - actual), missed=len(actual - mine))
    if isinstance(mine, list) and isinstance(actual, list):
        if len(mine) != len(actual):
            return T("clue.length", n=len(mine), m=len(actual))
        off = [str(i) for i, (a, b) in enumerate(zip(mine, actual, strict=True), 1) if a != b]
        return T("clue.items", items=", ".join(off), n=len(off))
    return T("clue.value", mine=mine)


def known(values: Any, allowed: Any, what: str, *, listed: bool = True) -> None:
    """Every one of `values` is one of `allowed` (a stop_reason, an exit, a scenario key...):
    a value that is none of them (OpenAI's "tool_calls", a class name for a block type) is said
    as such, before any comparison, and is not counted as a try. `what` is the key of its noun
    in the strings table; `listed`: name the allowed values (not for a long list of keys)."""
    odd = next((v for v in values if not isinstance(v, str) or v not in allowed), None)
    if odd is None:
        return
    choices = T("known.choices", allowed=", ".join(map(str, allowed))) if listed else ""
    require(False, T("known.not", value=odd, what=T(what)) + choices, T(f"{what}.hint"))
