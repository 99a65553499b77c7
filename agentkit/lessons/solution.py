"""Lesson 07's reference solution.

`solution_loop` is lesson 07's reference solution, in the learner's signature and in the study guide's
style: one hand-written loop, `stop_reason` as the only control signal, every tool failure sent back
as an `is_error` tool_result, all of a round's results in ONE user message, and a large `max_turns`
safety net. Every way out that is not end_turn is a named exception carrying the conversation
(never a silent "done"). The library's own loop is `agentkit.run_agent_loop`; this one exists to be read.

`solution_source()` is the text of lesson 07's collapsed solution cell (tests/test_lesson_07.py keeps
the two equal), with `solution_loop` named `my_loop` there.
"""

from __future__ import annotations

import inspect
import json

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
    """The reference solution as shown to the learner: the cap, the exceptions and the loop
    (lesson 07 imports json in an earlier cell)."""
    return "\n\n\n".join(
        [
            f"MAX_TURNS = {MAX_TURNS}  # safety net, not the stop condition",
            *(inspect.getsource(c).rstrip() for c in EXITS),
            inspect.getsource(solution_loop).rstrip(),
        ]
    )
