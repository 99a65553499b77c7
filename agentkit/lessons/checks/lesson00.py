"""Lesson 00: what each stop_reason tells the loop."""

from __future__ import annotations

from typing import Any

from ..strings import T
from .core import Worded, answered, check, require

MEANING = Worded(  # what each stop_reason tells the loop (lesson 06 has the whole table)
    "meaning",
    (
        "tool_use",
        "end_turn",
        "pause_turn",
        "max_tokens",
        "stop_sequence",
        "refusal",
        "model_context_window_exceeded",
    ),
)


@check("hint.stop_reasons")
def stop_reasons(continue_on: Any, finish_on: Any) -> str:
    answered([continue_on, finish_on], "continue_on / finish_on")
    from ...loop import STOP_REASONS

    for value, want, role in [
        (continue_on, "run_tools", T("role.continue")),
        (finish_on, "completed", T("role.finish")),
    ]:
        handler = STOP_REASONS.get(value) if isinstance(value, str) else None
        require(
            handler is not None,
            T("stop_reasons.unknown", value=value, values=", ".join(map(str, STOP_REASONS))),
        )
        assert handler is not None  # require() above raised Wrong otherwise
        require(
            handler.__name__ == want,
            T(
                "stop_reasons.means",
                value=value,
                role=role,
                meaning=MEANING.get(value, handler.__name__),
            ),
        )
    return T("stop_reasons.passed", go=continue_on, end=finish_on)
