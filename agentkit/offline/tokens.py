"""The offline API's token estimate: one token per CJK character, one per four other characters.

Deterministic and cheap, so budgets (`max_tokens`, the context window) cut replies at the same place on
every run. Real tokenizers differ; lessons that show a cut point say the count is the stand-in's.
"""

from __future__ import annotations

import math
from typing import Any

from ..content import CJK
from .sse import json_encoder

_UTF8 = json_encoder(ensure_ascii=False)  # built once: json.dumps builds one a call
_ASCII = json_encoder()


def count_tokens(text: str) -> int:
    """The estimate for one string."""
    if text.isascii():
        return math.ceil(len(text) / 4)
    cjk = len(CJK.findall(text))
    return cjk + math.ceil((len(text) - cjk) / 4)


def token_stats(value: Any) -> tuple[int, int]:
    """(characters, non-ASCII characters) of `value` as ASCII JSON (the fast encoder writes one
    \\uXXXX escape of six characters per non-ASCII character)."""
    if value is None:
        return 4, 0  # null (a request without a system prompt)
    text = _ASCII(value)
    return len(text), text.count("\\u")


def add_stats(total: tuple[int, int], values: list[Any]) -> tuple[int, int]:
    """`total` plus the token_stats of each of `values`, from one encoding of them all: a list's
    JSON is its items' (each written as alone) between `[` `]`, joined by `, ` (and no `\\u` can
    span two items: an item's text never ends with a backslash)."""
    items = values if type(values) is list else list(values)
    if not items:
        return total
    text = _ASCII(items)
    return total[0] + len(text) - 2 * len(items), total[1] + text.count("\\u")


def input_tokens(
    body: dict[str, Any],
    stats: tuple[int, int] | None = None,
    tool_stats: tuple[int, int] | None = None,
) -> int:
    """The request's input tokens: system prompt, messages and tools (what count_tokens answers).
    `stats`: the messages' summed token_stats, `tool_stats` the tools', when already known."""
    chars, escaped = add_stats(stats or add_stats((0, 0), body["messages"]), [body.get("system")])
    c, e = tool_stats or token_stats(body.get("tools"))
    chars, escaped = chars + c, escaped + e
    return escaped + math.ceil((chars - 6 * escaped) / 4)


def block_tokens(b: dict[str, Any]) -> int:
    """Output tokens of one block the model wrote."""
    if b["type"] == "text":
        return count_tokens(b["text"])
    if b["type"] in ("tool_use", "server_tool_use"):
        return 8 + count_tokens(_UTF8(b["input"]))
    if b["type"] == "thinking":
        return count_tokens(b["thinking"])
    return 0  # server-side results are input to the model, not its output
