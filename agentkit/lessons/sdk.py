"""The SDK surface a lesson shows beyond `messages.create`: streaming inside an agent loop, the
extended-thinking rule for tool-use turns, and the sampling arguments SDK 2.x no longer takes.

Every helper works on any client `make_client()` / `make_async_client()` returns (the offline Claude,
a cassette, or real Claude), and prints nothing itself unless given a callback: lessons decide what
the learner sees.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anthropic

from ..client import default_model
from ..tools import tool_results
from .solution import SafetyNetReached
from .strings import T

THINKING = {"type": "enabled", "budget_tokens": 2048}


def stream_turn(
    client: anthropic.Anthropic, on_text: Callable[[str], Any] = print, **request: Any
) -> anthropic.types.Message:
    """One turn of an agent loop, streamed: each piece of text goes to `on_text` as it arrives, and the
    final Message (the same one `create` would return) comes back, so the loop still branches on its
    `stop_reason` and reads its tool_use blocks, never on the text seen so far."""
    with client.messages.stream(**request) as stream:
        for piece in stream.text_stream:
            on_text(piece)
        return stream.get_final_message()


def streaming_loop(
    client: anthropic.Anthropic,
    prompt: str,
    tools: list[dict[str, Any]],
    run_tool: Callable[[str, dict[str, Any]], Any],
    on_text: Callable[[str], Any] = print,
    max_turns: int = 20,
    stream: bool = True,
    on_stop: Callable[[str | None], Any] = lambda stop_reason: None,
) -> list[dict[str, Any]]:
    """The lesson's loop with streaming: text is shown while it streams; the loop goes on at
    `tool_use` (and `pause_turn`) and ends at `end_turn`, read from the final message, never from
    the text. Other stops raise; the cap raises lesson 07's `SafetyNetReached`.
    `stream=False`: the same loop with `create`.
    `on_stop` hears each final message's stop_reason."""
    messages: list[dict[str, Any]] = [{"role": "user", "content": prompt}]
    for _ in range(max_turns):
        request = {
            "model": default_model(),
            "max_tokens": 1024,
            "tools": tools,
            "messages": messages,
        }
        r = stream_turn(client, on_text, **request) if stream else client.messages.create(**request)  # type: ignore[call-overload]  # plain-dict request, as learners write it
        messages.append({"role": "assistant", "content": r.content})
        on_stop(r.stop_reason)
        if r.stop_reason == "end_turn":
            return messages
        if r.stop_reason == "pause_turn":
            continue
        if r.stop_reason != "tool_use":
            raise RuntimeError(f"stop_reason={r.stop_reason}: not a finished answer")
        messages.append({"role": "user", "content": tool_results(r, run_tool)})
    raise SafetyNetReached(messages, f"no end_turn after {max_turns} turns")


def thinking_rule(
    client: anthropic.Anthropic, prompt: str, tools: list[dict[str, Any]]
) -> list[str]:
    """The thinking-blocks rule, shown in three requests: a tool_use turn with thinking on; its
    content sent back without the thinking block (the API's 400); sent back whole (accepted).
    Returns the lines a lesson prints."""
    base = {"model": default_model(), "max_tokens": 4096, "tools": tools, "thinking": THINKING}
    messages: list[dict[str, Any]] = [{"role": "user", "content": prompt}]
    first = client.messages.create(**base, messages=messages)  # type: ignore[call-overload]  # plain-dict request, as learners write it
    types = [b.type for b in first.content]
    lines = [T("thinking.first", types=types, stop_reason=first.stop_reason)]
    thought = next((b for b in first.content if b.type == "thinking"), None)
    if thought is not None:
        lines.append(T("thinking.block") + thought.thinking)
    calls = [b for b in first.content if b.type == "tool_use"]
    if not calls:
        return lines + [T("thinking.no_tools")]
    results = [{"type": "tool_result", "tool_use_id": b.id, "content": "{}"} for b in calls]
    dropped = [b for b in first.content if b.type != "thinking"]
    for label, content in (
        (T("thinking.dropped"), dropped),
        (T("thinking.whole"), first.content),
    ):
        history = messages + [
            {"role": "assistant", "content": content},
            {"role": "user", "content": results},
        ]
        try:
            r = client.messages.create(**base, messages=history)  # type: ignore[call-overload]  # plain-dict request, as learners write it
            lines.append(T("thinking.ok", label=label, stop_reason=r.stop_reason))
        except anthropic.BadRequestError as e:
            body = e.body if isinstance(e.body, dict) else {}
            message = body.get("error", {}).get("message", e.message)
            lines.append(T("thinking.400", label=label, message=message))
    return lines


def no_sampling_arguments(client: anthropic.Anthropic) -> list[str]:
    """What SDK 2.x says to the `temperature` / `top_p` / `top_k` arguments older tutorials pass: a
    TypeError before any request is sent. Returns one line per argument."""
    lines = []
    for name, value in (("temperature", 0.0), ("top_p", 0.9), ("top_k", 40)):
        try:
            client.messages.create(  # type: ignore[call-overload]  # deliberately passes temperature/top_p/top_k, which SDK 2.x rejects
                model=default_model(),
                max_tokens=16,
                messages=[{"role": "user", "content": T("sampling.hello")}],
                **{name: value},
            )
            lines.append(T("sampling.accepted", name=name, value=value))
        except TypeError as e:
            lines.append(T("sampling.refused", name=name, value=value, error=e))
    return lines
