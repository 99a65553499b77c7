"""A run made readable: plain text, HTML for notebooks, and a Mermaid sequence diagram.

Each function takes a `LoopResult` or a plain list of messages (as the study guide's loop builds it).
In a notebook, `show(result)` displays the HTML transcript; `Mermaid(text)` renders as a diagram in
JupyterLab >= 4.1 (Markdown output with a mermaid fence) and as its source text elsewhere.
"""

from __future__ import annotations

import html
import inspect
import io
import tokenize
import unicodedata
from typing import Any

from .content import blocks
from .content import short as _short
from .i18n import language
from .strings import T


def role_label(role: str) -> str:
    """A message's role as a transcript's header cell shows it."""
    key = f"display.role.{role}"
    return T(key) if key in T else role


def _messages(run: Any) -> list[dict[str, Any]]:
    return run.messages if hasattr(run, "messages") else list(run)


def columns(text: str) -> int:
    """Display width: a CJK character takes two columns."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrap(text: str, width: int = 78, indent: str = "") -> str:
    """`text` whole, broken into lines of at most `width` columns (CJK counted double),
    never inside a word of Latin letters or digits; continuation lines indented. Final
    answers are wrapped, never cut."""
    lines, line = [], ""
    for ch in " ".join(text.split()):
        if columns(line + ch) > width and line:
            word = len(line) - len(line.rstrip(_WORD)) if ch in _WORD else 0
            word = word if word < len(line) else 0
            lines.append(line[: len(line) - word].rstrip())
            line = line[len(line) - word :]
        line += ch if line or not ch.isspace() else ""
    lines.append(line)
    return ("\n" + indent).join(lines)


_WORD = "".join(map(chr, range(33, 127)))  # Latin letters, digits and ASCII punctuation


def _block_line(b: dict[str, Any], *, full: bool = False) -> str:
    kind = b.get("type")
    if kind == "text":
        return f"text: {' '.join(b['text'].split()) if full else wrap(b['text'], 78, ' ' * 10)}"
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


def block_line(b: dict[str, Any]) -> str:
    """One content block on one line, as a transcript shows it."""
    return _block_line(b)


def transcript_text(run: Any) -> str:
    """One line per content block, grouped by message."""
    lines = []
    for i, m in enumerate(_messages(run)):
        lines.append(f"[{i}] {m['role']}")
        lines += [f"    {_block_line(b)}" for b in blocks(m["content"])]
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
            f"<b>{role_label(m['role'])}</b>",
            "".join(
                f"<div class='ak-block ak-{html.escape(b.get('type', ''))}'>"
                f"{html.escape(_block_line(b, full=True))}</div>"
                for b in blocks(m["content"])
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


def mermaid_source(run: Any, fold: int = 3) -> str:
    """A sequence diagram: the user, the loop, Claude and the tools, one request per round.

    A LoopResult's rounds come from `run.stop_reasons` (a cut max_tokens reply, dropped from
    the history, is drawn as its own round); a plain message list shows what it holds. A run
    of `fold` or more identical rounds is drawn once, inside a `loop` box that says how many."""
    out = ["sequenceDiagram", f"    participant U as {T('display.mm.user')}"]
    out += [f"    participant L as {T('display.mm.loop')}", "    participant C as Claude"]
    out += [f"    participant T as {T('display.mm.tools')}"]
    msgs = _messages(run)
    first = blocks(msgs[0]["content"]) if msgs else []
    out.append(f"    U->>L: {_mm(_short(first[0].get('text', ''), 30) if first else '')}")
    out += _folded(_rounds(msgs, list(getattr(run, "stop_reasons", []))), fold)
    if hasattr(run, "exit"):
        out.append(f"    Note over L: stop_reason={run.stop_reason} → exit={run.exit}")
        out.append(f"    L->>U: {_mm(_short(run.final_text, 40))}")
    return "\n".join(out)


def _rounds(msgs: list[dict[str, Any]], reasons: list[str]) -> list[list[str]]:
    """Each round's lines after its `messages.create` line: the reply, the calls, the results."""
    rounds: list[list[str]] = []
    for m in msgs[1:]:
        parts = blocks(m["content"])
        if m["role"] == "user":
            if rounds:
                rounds[-1] += [_result_arrow(b) for b in parts if b.get("type") == "tool_result"]
            continue
        while reasons and reasons[0] == "max_tokens":  # dropped replies are not in history
            rounds.append(_round(T("display.mm.cut"), []))
            reasons.pop(0)
        uses = [b for b in parts if b.get("type") == "tool_use"]
        said = f"stop_reason={reasons.pop(0)}" if reasons else "tool_use" if uses else "text"
        rounds.append(_round(said, uses))
    for reason in reasons:  # rounds after the last kept reply: cut, or cut inside a tool_use
        rounds.append(_round(T("display.mm.not_kept", reason=reason), []))
    return rounds


def _folded(rounds: list[list[str]], fold: int) -> list[str]:
    out, n = [], 0
    while n < len(rounds):
        same = n + 1
        while same < len(rounds) and rounds[same] == rounds[n]:
            same += 1
        if same - n >= fold:
            span = {"first": n + 1, "last": same}
            out.append("    " + T("display.mm.fold", **span, count=same - n))
            out.append("        L->>C: " + T("display.mm.rounds", **span))
            out += ["    " + line for line in rounds[n]]
            out.append("    end")
        else:
            for turn in range(n, same):
                out.append("    L->>C: " + T("display.mm.round", n=turn + 1))
                out += rounds[turn]
        n = same
    return out


def _round(said: str, uses: list[dict[str, Any]]) -> list[str]:
    lines = [f"    C-->>L: {said}" + "".join(f" · {b['name']}" for b in uses)]
    return lines + [f"    L->>T: {b['name']}({_mm(_short(b.get('input', {}), 40))})" for b in uses]


def _result_arrow(b: dict[str, Any]) -> str:
    tag = "is_error " if b.get("is_error") else ""
    return f"    T-->>L: {tag}{_mm(_short(b.get('content', ''), 40))}"


MERMAID_EN = str.maketrans({";": "#59;", "#": "#35;", "%": "#37;", "\n": " "})
"""In English: Mermaid's entity codes (`#59;`), which the diagram shows as the characters
themselves (sequence diagrams take them since mermaid 0.5.2: knsv/mermaid#193)."""


def _mm(text: str) -> str:
    """Mermaid message text: no characters that end a statement or open a comment. In Chinese
    their full-width twins stand in; in English (no CJK character), Mermaid's entity codes."""
    if language() == "en":
        return text.translate(MERMAID_EN) or " "
    return text.replace(";", "；").replace("#", "＃").replace("%", "％").replace("\n", " ") or " "


class Shown:
    """What a lesson cell displays: Markdown or HTML in JupyterLab, plain text elsewhere.

    Every lesson display (a table, a listing, a diagram, a transcript) is one of these."""

    def __init__(self, text: str, *, markdown: str | None = None, html: str | None = None):
        self.text, self.markdown, self.html = text, markdown, html

    def _repr_markdown_(self) -> str | None:
        return self.markdown

    def _repr_html_(self) -> str | None:
        return self.html

    def __repr__(self) -> str:
        return self.text


def markdown(text: str) -> Shown:
    """Markdown that renders in JupyterLab and prints as the same text elsewhere."""
    return Shown(text, markdown=text)


LISTING = 88  # columns of a listed line: JupyterLab shows it unwrapped


def source(obj: Any, *, docstring: bool = True) -> Shown:
    """A function's or module's source: highlighted in JupyterLab, plain elsewhere.
    docstring=False leaves a function's docstring out, so the listing is the code alone.
    Lines stay within LISTING columns (see `fit`), so nothing wraps mid-identifier."""
    text = inspect.getsource(obj).rstrip("\n")
    if not docstring and obj.__doc__:
        head, quote, rest = text.partition('"""')
        text = head.rstrip(" ") + rest.partition('"""')[2].lstrip("\n")
    text = fit(text)
    return Shown(text, markdown=f"```python\n{text}\n```")


def fit(code: str, width: int = LISTING) -> str:
    """`code` with its lines within `width` columns: a long docstring is refilled, and a long
    code line is broken between two tokens inside its brackets (still valid Python)."""
    lines = code.split("\n")
    breaks, docs = _token_breaks(code)
    out: list[str] = []
    n = 0
    while n < len(lines):
        doc = next((d for d in docs if d[0] == n + 1), None)
        if doc and any(columns(x) > width for x in lines[doc[0] - 1 : doc[1]]):
            out += _refill(lines[doc[0] - 1 : doc[1]], width)
            n = doc[1]
            continue
        line = lines[n]
        fits = columns(line) <= width
        out += [line] if fits else _break_code(line, breaks.get(n + 1, []), width)
        n += 1
    return "\n".join(out)


def _token_breaks(code: str) -> tuple[dict[int, list[int]], list[tuple[int, int]]]:
    """Where each line may break (starts of tokens inside brackets), and docstring spans."""
    breaks: dict[int, list[int]] = {}
    docs: list[tuple[int, int]] = []
    depth = 0
    try:
        for tok in tokenize.generate_tokens(io.StringIO(code).readline):
            if tok.type == tokenize.STRING and tok.string.startswith('"""'):
                docs.append((tok.start[0], tok.end[0]))
            if depth > 0 and tok.type not in (tokenize.NL, tokenize.COMMENT):
                breaks.setdefault(tok.start[0], []).append(tok.start[1])
            if tok.type == tokenize.OP and tok.string in "([{":
                depth += 1
            elif tok.type == tokenize.OP and tok.string in ")]}":
                depth -= 1
    except (tokenize.TokenError, IndentationError):
        pass
    return breaks, docs


def _refill(lines: list[str], width: int) -> list[str]:
    indent = lines[0][: len(lines[0]) - len(lines[0].lstrip())]
    body = ""
    for x in (x.strip() for x in lines):
        cjk = body and columns(body[-1]) == 2 and columns(x[:1]) == 2
        body += x if cjk or not body else " " + x
    return [indent + x for x in wrap(body, width - len(indent)).split("\n")]


def _break_code(line: str, starts: list[int], width: int) -> list[str]:
    """Break before the last token start that keeps the head within `width`."""
    fitting = [c for c in starts if c > 0 and columns(line[:c]) <= width and line[:c].strip()]
    if not fitting:
        return [line]
    good = [
        c
        for c in fitting
        if line[:c].rstrip().endswith(",") or line[c:].startswith(("if ", "for ", "and ", "or "))
    ]
    cut = (good or fitting)[-1]
    indent = " " * (len(line) - len(line.lstrip()) + 8)
    tail = indent + line[cut:]
    shift = len(indent) - cut
    rest = [c + shift for c in starts if c > cut]
    return [line[:cut].rstrip()] + (
        [tail] if columns(tail) <= width else _break_code(tail, rest, width)
    )


def table(header: list[str], rows: list[list[str]]) -> Shown:
    """A small table of plain strings: HTML in JupyterLab, ' | '-joined text elsewhere."""
    cells = [[html.escape(c) for c in row] for row in rows]
    text = "\n".join(" | ".join(row) for row in [header, *rows])
    return Shown(text, html=html_table("ak-table", [html.escape(h) for h in header], cells))


def show(run: Any) -> Shown:
    """The run as a transcript: an HTML table in JupyterLab, one line per block elsewhere."""
    return Shown(transcript_text(run), html=transcript_html(run))


def mermaid(run: Any) -> Shown:
    """The run as a Mermaid sequence diagram (JupyterLab >= 4.1 draws it)."""
    text = mermaid_source(run)
    return Shown(text, markdown=f"```mermaid\n{text}\n```")
