"""Helpers for lessons 07 (write your own loop) and 08 (self-test).

`solution_loop` is lesson 07's reference solution, in the learner's signature and in the study guide's
style: one hand-written loop, `stop_reason` as the only control signal, every tool failure sent back
as an `is_error` tool_result, all of a round's results in ONE user message, and a large `max_turns`
safety net that, when reached, ends in a named exception carrying the conversation (never a silent
"done"). The library's own loop is `agentkit.run_agent_loop`; this one exists to be read.

`solution_reveal()` is the "显示参考答案" button: the source appears only when it is clicked, written
into an HTML widget's value (nothing is printed, so strict nbval stays happy).
"""

from __future__ import annotations

import html
import inspect
import json
from typing import Any

import ipywidgets as widgets

from .grading import SCENARIOS, Scenario

MAX_TURNS = 50  # a safety net against runaway loops, not the way the loop normally ends


class SafetyNetReached(Exception):
    """MAX_TURNS requests went by without end_turn. Carries the conversation so a person can pick it up."""

    def __init__(self, messages: list, max_turns: int):
        super().__init__(f"no end_turn after {max_turns} turns (safety net)")
        self.messages = messages


def solution_loop(client, messages, *, tools, run_tool, model, max_turns=MAX_TURNS):
    for _turn in range(max_turns):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        # Append the whole response verbatim: text and tool_use blocks alike.
        messages.append({"role": "assistant", "content": resp.content})

        if resp.stop_reason == "end_turn":  # the model says the task is done
            return messages
        if resp.stop_reason == "pause_turn":  # a server tool paused: send the content back as-is
            continue
        if resp.stop_reason != "tool_use":  # max_tokens, refusal, ...: never pretend it finished
            raise RuntimeError(f"unhandled stop_reason: {resp.stop_reason}")

        # tool_use: run EVERY tool_use block; a failure goes back to the model as is_error.
        results = []
        for block in resp.content:
            if block.type == "tool_use":
                try:
                    out = run_tool(block.name, block.input)
                    results.append(
                        {
                            "type": "tool_result",
                            "tool_use_id": block.id,
                            "content": json.dumps(out, ensure_ascii=False),
                        }
                    )
                except Exception as e:
                    results.append(
                        {
                            "type": "tool_result",
                            "tool_use_id": block.id,
                            "content": str(e),
                            "is_error": True,
                        }
                    )
        # ONE user message with all of this round's results (tool_result blocks only, so they come first).
        messages.append({"role": "user", "content": results})

    # The safety net was reached: an explicit, named exit that the caller logs or escalates.
    raise SafetyNetReached(messages, max_turns)


def solution_source() -> str:
    """The reference solution as shown to the learner: the cap, the exception and the loop."""
    return "\n\n\n".join(
        [
            f"import json\n\nMAX_TURNS = {MAX_TURNS}  # safety net, not the stop condition",
            inspect.getsource(SafetyNetReached).rstrip(),
            inspect.getsource(solution_loop).rstrip(),
        ]
    )


SHOW, HIDE = "显示参考答案", "隐藏参考答案"


class SolutionReveal:
    """A button that shows (and hides again) the reference solution's source in an HTML widget.

    `.button` and `.html` are the child widgets, so a test can call `.button.click()` and read
    `.html.value`. Its text/plain representation is fixed, so a stored notebook output compares equal."""

    def __init__(self) -> None:
        self.button = widgets.Button(description=SHOW, icon="eye").add_class("ak-reveal")
        self.html = widgets.HTML(value="").add_class("ak-solution")
        self.widget = widgets.VBox([self.button, self.html])
        self.button.on_click(self._toggle)

    @property
    def shown(self) -> bool:
        return bool(self.html.value)

    def _toggle(self, _button: Any = None) -> None:
        if self.shown:
            self.html.value, self.button.description = "", SHOW
            return
        self.html.value = (
            "<p>参考答案（<code>agentkit.lessons_c.solution_loop</code>）：</p>"
            f"<pre><code class='language-python'>{html.escape(solution_source())}</code></pre>"
        )
        self.button.description = HIDE

    def __repr__(self) -> str:
        return f"SolutionReveal（按钮“{SHOW}”：点击后显示 agentkit.lessons_c.solution_loop 的源码）"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = self.widget._repr_mimebundle_(**kwargs) or {}
        return {**bundle, "text/plain": repr(self)}


def solution_reveal() -> SolutionReveal:
    return SolutionReveal()


def scenarios(*keys: str) -> list[Scenario]:
    """The grader's scenarios with these keys (agentkit.grading.SCENARIOS), in the order given."""
    by_key = {s.key: s for s in SCENARIOS}
    return [by_key[k] for k in keys]


class StopReasonLog:
    """An `on_event` callback for run_agent_loop that keeps every response's stop_reason, in order.
    `.reasons` is the list; str() joins it with arrows. (Not a list subclass: an empty list is falsy,
    and run_agent_loop treats a falsy on_event as "none given".)"""

    def __init__(self) -> None:
        self.reasons: list[str] = []

    def __call__(self, kind: str, payload: Any) -> None:
        if kind == "response":
            self.reasons.append(payload.stop_reason)

    def __str__(self) -> str:
        return " → ".join(self.reasons)

    def __repr__(self) -> str:
        return f"StopReasonLog({self.reasons!r})"
