"""Bank text for display: HTML for the widget, plain text for the terminal.

Bank texts may hold ```fenced``` code blocks and `inline` code; everything else is plain text whose
line breaks matter.
"""

from __future__ import annotations

import html
import re
import unicodedata

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


# -- terminal wrapping -----------------------------------------------------------------------------

_WIDE = r"\u2e80-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
_TOKEN = re.compile(rf"\s+|[{_WIDE}]|[^\s{_WIDE}]+")
_NO_LINE_START = set("，。、；：！？）」』”’》〉…,.;:!?)]}")


def columns(text: str) -> int:
    """Terminal columns ``text`` takes: two for a wide (CJK) character, one otherwise."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap(text: str, width: int, first: str = "", rest: str | None = None) -> list[str]:
    """Wrap ``text`` to ``width`` columns; ``first`` starts the first line, ``rest`` the others.

    Breaks go at spaces and between Chinese characters, never inside an identifier or a word
    (stop_reason, tool_use_id, https://…), and a line never starts with closing punctuation. Lines
    of code (indented by ``to_terminal``) are kept whole. A word longer than a line is the only
    thing ever cut.
    """
    rest = " " * columns(first) if rest is None else rest
    out: list[str] = []
    for paragraph in text.split("\n"):
        prefix = first if not out else rest
        if paragraph.startswith("    ") or not paragraph.strip():
            out.append((prefix + paragraph).rstrip())
            continue
        lead = paragraph[: len(paragraph) - len(paragraph.lstrip(" "))]
        out.extend(_wrap_line(paragraph.lstrip(" "), width, prefix + lead, rest + lead))
    return out


def _wrap_line(text: str, width: int, first: str, rest: str) -> list[str]:
    lines: list[str] = []
    line: list[str] = []
    prefix = first

    def used() -> int:
        return columns(prefix) + sum(columns(tok) for tok in line)

    for token in _TOKEN.findall(text):
        if token.isspace():
            if line and used() + columns(token) <= width:
                line.append(" ")
            elif line:
                lines.append(prefix + "".join(line).rstrip())
                line, prefix = [], rest
            continue
        while columns(prefix) + columns(token) > width and not line:  # longer than a line
            room = _fit(token, width - columns(prefix))
            lines.append(prefix + token[:room])
            token, prefix = token[room:], rest
        if used() + columns(token) > width:
            carry = _carry(line) if token[0] in _NO_LINE_START else []
            lines.append(prefix + "".join(line).rstrip())
            line, prefix = [tok for tok in carry if not tok.isspace()], rest
        if token:
            line.append(token)
    if line:
        lines.append(prefix + "".join(line).rstrip())
    return lines


def _carry(line: list[str]) -> list[str]:
    """The tokens to move down with closing punctuation, so no line starts with it."""
    carry: list[str] = []
    while len(line) > 1 and (not carry or carry[0][0] in _NO_LINE_START):
        carry.insert(0, line.pop())
    return carry


def _fit(token: str, room: int) -> int:
    """How many characters of ``token`` fit in ``room`` columns (at least one)."""
    n, used = 0, 0
    for c in token:
        used += columns(c)
        if used > room:
            break
        n += 1
    return max(n, 1)
