"""Lesson 07's reference solution and the button that reveals it.

`solution_loop` is lesson 07's reference solution, in the learner's signature and in the study guide's
style: one hand-written loop, `stop_reason` as the only control signal, every tool failure sent back
as an `is_error` tool_result, all of a round's results in ONE user message, and a large `max_turns`
safety net. Every way out that is not end_turn is a named exception carrying the conversation
(never a silent "done"). The library's own loop is `agentkit.run_agent_loop`; this one exists to be read.

`solution_reveal()` is the "显示参考答案" button: the source appears only when it is clicked, written
into an HTML widget's value (nothing is printed, so strict nbval stays happy).
"""

from __future__ import annotations

import html
import inspect
import json
from typing import Any

import ipywidgets as widgets

MAX_TURNS = 50  # a safety net against runaway loops, not the way the loop normally ends


# Deliberately whole: the solution declares its own exits, as a learner's loop would, instead
# of importing agentkit.loop's (LoopError and its subclasses have the same shape).
class LoopExit(Exception):
    """A named exit that is not a finished task. Carries the conversation for a person."""

    def __init__(self, messages: list, why: str):
        super().__init__(why)
        self.messages = messages


class SafetyNetReached(LoopExit):
    """MAX_TURNS requests went by without end_turn."""


class Refused(LoopExit):
    """The model refused: read stop_details; never resend the same request."""


class CutOff(LoopExit):
    """max_tokens or the context window cut the reply: it is not a finished answer."""


class UnknownStopReason(LoopExit):
    """A stop_reason this loop has no branch for."""


# Deliberately whole: lesson 07's reference answer, written out the way a learner writes it
# (agentkit.run_agent_loop is the library's loop; this one exists to be read and copied).
def solution_loop(client, messages, *, tools, run_tool, model, max_turns=MAX_TURNS):
    for _ in range(max_turns):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        # Append the whole response verbatim: text and tool_use blocks alike.
        messages.append({"role": "assistant", "content": resp.content})
        match resp.stop_reason:
            case "end_turn":  # the model says the task is done
                return messages
            case "pause_turn":  # a server tool paused: send the content back as-is
                continue
            case "tool_use":  # run the tools below, then ask again
                pass
            case "refusal":
                raise Refused(messages, f"refused: {resp.stop_details}")
            case "max_tokens" | "model_context_window_exceeded":
                raise CutOff(messages, f"cut off: {resp.stop_reason}")
            case other:
                raise UnknownStopReason(messages, f"no branch for {other!r}")

        # Run EVERY tool_use block; a failure goes back to the model as is_error.
        results = []
        for block in resp.content:
            if block.type != "tool_use":
                continue
            result = {"type": "tool_result", "tool_use_id": block.id}
            try:
                out = run_tool(block.name, block.input)
                result["content"] = json.dumps(out, ensure_ascii=False)
            except Exception as e:  # the model decides: retry, another route, or say so
                result |= {"content": str(e), "is_error": True}
            results.append(result)
        # ONE user message with all of this round's results (only tool_result blocks).
        messages.append({"role": "user", "content": results})

    # The safety net was reached: a named exit that the caller logs or escalates.
    raise SafetyNetReached(messages, f"no end_turn after {max_turns} turns")


EXITS = (LoopExit, SafetyNetReached, Refused, CutOff, UnknownStopReason)


def solution_source() -> str:
    """The reference solution as shown to the learner: the cap, the exception and the loop."""
    return "\n\n\n".join(
        [
            f"import json\n\nMAX_TURNS = {MAX_TURNS}  # safety net, not the stop condition",
            *(inspect.getsource(c).rstrip() for c in EXITS),
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
            "<p>参考答案（<code>agentkit.lessons.solution.solution_loop</code>）：</p>"
            f"<pre><code class='language-python'>{html.escape(solution_source())}</code></pre>"
        )
        self.button.description = HIDE

    def __repr__(self) -> str:
        return f"SolutionReveal（按钮“{SHOW}”：点击后显示 agentkit.lessons.solution.solution_loop 的源码）"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = self.widget._repr_mimebundle_(**kwargs) or {}
        return {**bundle, "text/plain": repr(self)}


def solution_reveal() -> SolutionReveal:
    return SolutionReveal()
