"""Bank text for display: HTML for the widget, plain text for the terminal.

Bank texts may hold ```fenced``` code blocks and `inline` code; everything else is plain text whose
line breaks matter.
"""

from __future__ import annotations

import html
import re

_FENCE = re.compile(r"```[\w+-]*\n?(.*?)```", re.S)
_INLINE = re.compile(r"`([^`\n]+)`")


def to_html(text: str) -> str:
    """Escape ``text`` and render its code spans; everything else keeps its line breaks."""
    parts, pos = [], 0
    for match in _FENCE.finditer(text):
        parts.append(_inline(text[pos : match.start()]))
        parts.append(f"<pre><code>{html.escape(match.group(1).rstrip())}</code></pre>")
        pos = match.end()
    parts.append(_inline(text[pos:]))
    return "".join(parts)


def _inline(text: str) -> str:
    if not text.strip():
        return ""
    body = _INLINE.sub(
        lambda m: f"<code>{m.group(1)}</code>", html.escape(text.strip("\n"), quote=False)
    )
    return f'<div style="white-space: pre-wrap">{body}</div>'


def to_terminal(text: str, indent: str = "    ") -> str:
    """Plain text with each fenced code block indented (fence lines dropped) and set off by lines."""

    def block(match: re.Match) -> str:
        code = "\n".join(indent + line for line in match.group(1).rstrip().split("\n"))
        return f"\n{code}\n"

    return re.sub(r"\n{3,}", "\n\n", _FENCE.sub(block, text)).strip("\n")
