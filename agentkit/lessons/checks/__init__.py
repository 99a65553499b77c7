"""The check cells of the lessons' exercises: each grades one exercise in a few lines.

A lesson's exercise cell (tag `exercise`) ships as a stub; the check cell after it (tag `check`)
calls one function here with what the learner defined, and shows the `Verdict`: passed, or what
is wrong and a hint. A check never raises: whatever the learner's code does (raises, returns None,
returns the wrong type, is still the stub), the answer is a Verdict. The reference answer is the
collapsed cell after the check (tag `solution`).

Verdicts, hints and the tasks the checks give the stand-in are in the learner's language
(AGENTKIT_LANG, read at each call), so the English edition's checks speak English and its stand-in
answers in English. Each module keeps the strings only it words at its top (`T.add(__name__, ...)`,
rows of the one `agentkit.lessons.strings` table); the rows several lessons share stay there.

Checks run against the offline simulated Claude, whatever the environment says, so the verdict
is the same on every machine (as `agentkit.check_loop` does).

One module per lesson (`lesson01` … `lesson09`), on three shared ones: `core` (the Verdict, the
`check` decorator, calling the learner's code), `results` (tool calls and their tool_results) and
`loops` (whole loops). Every name is importable from here, as the lessons and tests import them.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from .core import (
    INTERNAL,
    Endless,
    NotYet,
    Verdict,
    Worded,
    Wrong,
    answered,
    call_learner,
    check,
    internal_error,
    is_stub,
    not_passed,
    passed,
    require,
    returned,
    takes,
    task,
    yours_or_reference,
)
from .lesson00 import MEANING, stop_reasons
from .lesson01 import predicted_stop_reasons, request
from .lesson02 import predicted_rounds, round_appended
from .lesson03 import predicted_result_counts, tool_result_block
from .lesson04 import predicted_calls, refund_hook
from .lesson05 import PREDICTED, STOP_KEYS, correct_stop, predicted_failures, stop_keys
from .lesson06 import CUT, branches, predicted_exits
from .lesson07 import whole_loop
from .lesson08 import (
    ACTIONS,
    STEPS,
    four_steps,
    guess_max_turns,
    outcome_failures,
    results_message,
    text_exit,
    tree_vs_model,
)
from .lesson09 import quiz_answer
from .results import Calls, answer_their_calls, answers_its_call


def modules() -> list[ModuleType]:
    """The package's modules: the shared ones, then one per lesson."""
    return [importlib.import_module(f"{__name__}.{m.name}") for m in pkgutil.iter_modules(__path__)]


__all__ = [
    "ACTIONS",
    "CUT",
    "Calls",
    "Endless",
    "INTERNAL",
    "MEANING",
    "NotYet",
    "PREDICTED",
    "STEPS",
    "STOP_KEYS",
    "Verdict",
    "Worded",
    "Wrong",
    "answer_their_calls",
    "answered",
    "answers_its_call",
    "branches",
    "call_learner",
    "check",
    "correct_stop",
    "four_steps",
    "guess_max_turns",
    "internal_error",
    "is_stub",
    "modules",
    "not_passed",
    "outcome_failures",
    "passed",
    "predicted_calls",
    "predicted_exits",
    "predicted_failures",
    "predicted_result_counts",
    "predicted_rounds",
    "predicted_stop_reasons",
    "quiz_answer",
    "refund_hook",
    "request",
    "require",
    "results_message",
    "returned",
    "round_appended",
    "stop_keys",
    "stop_reasons",
    "takes",
    "task",
    "text_exit",
    "tool_result_block",
    "tree_vs_model",
    "whole_loop",
    "yours_or_reference",
]
