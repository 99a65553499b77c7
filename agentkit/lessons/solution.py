"""Lesson 07's reference solution.

`solution_loop` is lesson 07's reference solution, in the learner's signature and in the study guide's
style: one hand-written loop, `stop_reason` as the only control signal, every tool failure sent back
as an `is_error` tool_result, all of a round's results in ONE user message, and a large `max_turns`
safety net. Every way out that is not end_turn is a named exception carrying the conversation
(never a silent "done"). The library's own loop is `agentkit.run_agent_loop`; this one exists to be read.

`solution_source()` is the text of lesson 07's collapsed solution cell (tests/test_lesson_07.py keeps
the two equal), with `solution_loop` named `reference_loop` there: a solution never takes the
learner's name.

The reference answers of the smaller exercises whose names later cells build on (lessons 01-04)
are here too, as their collapsed solution cells write them (tests/test_exercises.py keeps each
cell equal to its function): `checks.yours_or_reference` falls back on them while the learner's
own version has not passed its check, in the student edition too, which has no solution cells.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from typing import Any

from ..client import default_model
from ..exercise import TOOLS
from ..tools import tool_results

MODEL = default_model()

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
            case "end_turn" | "stop_sequence":  # done (or stopped where we asked it to)
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


EXIT_EXCEPTIONS = (LoopExit, SafetyNetReached, Refused, CutOff, UnknownStopReason)
"""The solution's named exits, as exception classes (agentkit.loop.EXITS names the library loop's)."""


# --- the smaller exercises (lessons 01-04), as their solution cells write them ---------------------


def reference_build_request(question):
    """The keyword arguments of one client.messages.create call that asks `question`."""
    return {
        "model": MODEL,
        "max_tokens": 1024,
        "tools": TOOLS,
        "messages": [{"role": "user", "content": question}],
    }


def reference_append_round(messages, response, run_tool):
    """Steps 3 and 4 of one round: run every tool_use, append the reply and the results."""
    results = tool_results(response, run_tool)  # step 3: every tool_use block
    messages.append({"role": "assistant", "content": response.content})  # verbatim
    messages.append({"role": "user", "content": results})  # ONE user message
    return messages


def reference_answer(block, run_tool):
    """The tool_result block for one tool_use `block`."""
    result = {"type": "tool_result", "tool_use_id": block.id}
    try:
        out = run_tool(block.name, block.input)
    except Exception as e:  # the model reads the error and decides what to do
        return result | {"content": str(e), "is_error": True}
    return result | {"content": json.dumps(out, ensure_ascii=False)}


class ReferenceRefundLimit:
    """A hook: deny process_refund above `limit`; let every other call through."""

    def __init__(self, limit):
        self.limit = limit

    def before_tool(self, name, input):
        """Return a reason to deny the call, or None to allow it."""
        if name == "process_refund" and input.get("amount", 0) > self.limit:
            return f"退款金额 {input['amount']} 超过上限 {self.limit}，需要人工处理"
        return None


REFERENCES: dict[str, tuple[str, Callable[..., Any]]] = {
    # the check (by its name in agentkit.lessons.checks) -> the name the exercise asks for, and the
    # reference answer later cells fall back on
    "request": ("build_request", reference_build_request),
    "round_appended": ("append_round", reference_append_round),
    "tool_result_block": ("answer", reference_answer),
    "refund_hook": ("RefundLimit", ReferenceRefundLimit),
}


HEAD = "# 参考答案：先自己做，卡住了再展开看"  # a collapsed cell shows its first line only


def solution_source() -> str:
    """Lesson 07's solution cell: the comment line, the cap, the exceptions and the loop, named
    reference_loop (lesson 07 imports json in an earlier cell)."""
    loop = inspect.getsource(solution_loop).rstrip()
    return (
        HEAD
        + "\n"
        + "\n\n\n".join(
            [
                f"MAX_TURNS = {MAX_TURNS}  # safety net, not the stop condition",
                *(inspect.getsource(c).rstrip() for c in EXIT_EXCEPTIONS),
                loop.replace("def solution_loop(", "def reference_loop(", 1),
            ]
        )
    )
