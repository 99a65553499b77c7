"""Message content as plain data: the one home of the helpers every layer uses.

A message's `content` is a string or a list of blocks; blocks are dicts on the wire and SDK objects
in a response. These helpers read either, and never raise on malformed input (a learner's history
can hold anything).
"""

from __future__ import annotations

import json
import re
from typing import Any

CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
"""Characters the token estimate and the language guess treat as CJK: CJK punctuation and symbols,
kana, unified ideographs, and full-width forms."""


def blocks(content: Any) -> list[dict[str, Any]]:
    """`content` as dict blocks: a string is one text block, SDK blocks become dicts, anything that is
    not a block is left out."""
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    if not isinstance(content, list | tuple):
        return []
    out = []
    for b in content:
        if not isinstance(b, dict):  # an SDK block, or a block-like object of the learner's
            b = b.to_dict() if hasattr(b, "to_dict") else dict(getattr(b, "__dict__", {})) or None
        if isinstance(b, dict):
            out.append(b)
    return out


def without_none(value: Any) -> Any:
    """A block (or any JSON value) as JSON sends it when None means absent: every field that is
    None left out, at every depth (`model_dump()` keeps them, `model_dump(exclude_none=True)` and
    `to_dict()` drop them)."""
    if isinstance(value, dict):
        return {k: without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [without_none(v) for v in value]
    return value


def text_of(content: Any) -> str:
    """The text blocks of `content`, joined."""
    return "".join(
        t
        for b in blocks(content)
        if b.get("type") == "text" and isinstance(t := b.get("text"), str)
    )


def short(value: Any, width: int = 90) -> str:
    """`value` on one line, at most `width` characters, cut with an ellipsis (for labels and
    diagnoses; final answers are wrapped, never cut)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"
