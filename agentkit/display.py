"""A run made readable: plain text, HTML for notebooks, and a Mermaid sequence diagram.

Each function takes a `LoopResult` or a plain list of messages (as the study guide's loop builds it).
In a notebook, `show(result)` displays the HTML transcript; `Mermaid(text)` renders as a diagram in
JupyterLab >= 4.1 (Markdown output with a mermaid fence) and as its source text elsewhere.
"""

from __future__ import annotations

import html
import json
from typing import Any

ROLE_ZH = {"user": "用户 / user", "assistant": "Claude / assistant"}


def _messages(run: Any) -> list[dict[str, Any]]:
    return run.messages if hasattr(run, "messages") else list(run)


def _blocks(content: Any) -> list[dict[str, Any]]:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return [b if isinstance(b, dict) else b.to_dict() for b in content]


def _short(value: Any, width: int = 90) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _block_line(b: dict[str, Any]) -> str:
    kind = b.get("type")
    if kind == "text":
        return f"text: {_short(b['text'])}"
    if kind in ("tool_use", "server_tool_use"):
        return f"{kind}: {b['name']}({_short(b.get('input', {}))})  id={b.get('id', '')[-6:]}"
    if kind == "tool_result":
        flag = " is_error" if b.get("is_error") else ""
        return (
            f"tool_result{flag}: {_short(b.get('content', ''))}  ← {b.get('tool_use_id', '')[-6:]}"
        )
    if kind == "web_search_tool_result":
        return f"web_search_tool_result: {len(b.get('content', []))} results"
    return kind or "?"


def transcript_text(run: Any) -> str:
    """One line per content block, grouped by message."""
    lines = []
    for i, m in enumerate(_messages(run)):
        lines.append(f"[{i}] {m['role']}")
        lines += [f"    {_block_line(b)}" for b in _blocks(m["content"])]
    if hasattr(run, "exit"):
        lines.append(f"exit={run.exit} stop_reason={run.stop_reason} turns={run.turns}")
    return "\n".join(lines)


LEFT = "style='text-align:left'"  # JupyterLab right-aligns table cells by default


def html_table(cls: str, header: list[str], rows: list[list[str]], foot: str = "") -> str:
    """A left-aligned HTML table. Header and cells are HTML already (escape text before)."""
    head = "".join(f"<th {LEFT}>{h}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td {LEFT}>{c}</td>" for c in row) + "</tr>" for row in rows)
    tail = f"<tr><td {LEFT} colspan='{len(header)}'>{foot}</td></tr>" if foot else ""
    return f"<table class='{cls}'><thead><tr>{head}</tr></thead><tbody>{body}{tail}</tbody></table>"


def transcript_html(run: Any) -> str:
    rows = [
        [
            str(i),
            f"<b>{ROLE_ZH.get(m['role'], m['role'])}</b>",
            "".join(
                f"<div class='ak-block ak-{html.escape(b.get('type', ''))}'>{html.escape(_block_line(b))}</div>"
                for b in _blocks(m["content"])
            ),
        ]
        for i, m in enumerate(_messages(run))
    ]
    foot = ""
    if hasattr(run, "exit"):
        foot = (
            f"exit=<b>{html.escape(run.exit)}</b> · stop_reason=<code>{html.escape(str(run.stop_reason))}</code>"
            f" · turns={run.turns}"
        )
    return html_table("ak-transcript", ["#", "role", "content"], rows, foot)


def mermaid_source(run: Any) -> str:
    """A sequence diagram: the user, the loop, Claude and the tools, one request per turn."""
    out = [
        "sequenceDiagram",
        "    participant U as 用户",
        "    participant L as 循环",
        "    participant C as Claude",
        "    participant T as 工具",
    ]
    msgs = _messages(run)
    first = _blocks(msgs[0]["content"]) if msgs else []
    out.append(f"    U->>L: {_mm(_short(first[0].get('text', ''), 30) if first else '')}")
    turn, last = 0, max((i for i, m in enumerate(msgs) if m["role"] == "assistant"), default=-1)
    for i, m in enumerate(msgs[1:], 1):
        blocks = _blocks(m["content"])
        if m["role"] == "assistant":
            turn += 1
            uses = [b for b in blocks if b.get("type") == "tool_use"]
            known = "tool_use" if uses else getattr(run, "stop_reason", None) if i == last else None
            out.append(f"    L->>C: messages.create（第 {turn} 轮）")
            said = (
                f"stop_reason={known}" if known else "text"
            )  # plain messages don't record a stop_reason
            out.append(f"    C-->>L: {said}" + "".join(f" · {b['name']}" for b in uses))
            for b in uses:
                out.append(f"    L->>T: {b['name']}({_mm(_short(b.get('input', {}), 40))})")
        else:
            for b in blocks:
                if b.get("type") == "tool_result":
                    tag = "is_error " if b.get("is_error") else ""
                    out.append(f"    T-->>L: {tag}{_mm(_short(b.get('content', ''), 40))}")
    if hasattr(run, "exit"):
        out.append(f"    Note over L: stop_reason={run.stop_reason} → exit={run.exit}")
        out.append(f"    L->>U: {_mm(_short(run.final_text, 40))}")
    return "\n".join(out)


def _mm(text: str) -> str:
    """Mermaid message text: no characters that end a statement or open a comment."""
    return text.replace(";", "；").replace("#", "＃").replace("%", "％").replace("\n", " ") or " "


class Mermaid:
    """Displays as a diagram in JupyterLab (Markdown with a mermaid fence), as source text elsewhere."""

    def __init__(self, source: str):
        self.source = source

    def _repr_markdown_(self) -> str:
        return f"```mermaid\n{self.source}\n```"

    def __repr__(self) -> str:
        return self.source


class Transcript:
    def __init__(self, run: Any):
        self.run = run

    def _repr_html_(self) -> str:
        return transcript_html(self.run)

    def __repr__(self) -> str:
        return transcript_text(self.run)


def show(run: Any) -> Transcript:
    """The run as a notebook-friendly transcript (HTML in JupyterLab, text in a terminal)."""
    return Transcript(run)


def mermaid(run: Any) -> Mermaid:
    return Mermaid(mermaid_source(run))
