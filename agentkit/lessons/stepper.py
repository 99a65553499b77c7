"""A run replayed turn by turn: what each request sent, the reply's blocks and stop_reason, and
what the loop appended before its next request. `StepThrough(run, other, ...)` shows several runs
side by side (a broken loop's beside the correct one's) with one pair of previous/next buttons;
an ipywidgets view, in JupyterLab and in JupyterLite alike.

A run is a grader's `Run` (`agentkit.grading.run_scenario`: the requests as the API received them,
its replies and refusals), a `LoopResult`, or a plain list of messages (as the study guide's loop
builds it), where each assistant message is one turn's reply.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ..content import blocks, without_none
from ..display import block_line
from .strings import T


@dataclass(frozen=True)
class TurnView:
    """One request and what came of it."""

    request: list[dict[str, Any]]  # the messages sent, as the API received them
    new: int  # how many of them (at the end) the previous request did not hold
    reply: list[dict[str, Any]]  # the reply's content blocks ([] when the API refused)
    stop_reason: str | None
    refused: str  # the API's error message when it refused the request, else ""
    appended: list[dict[str, Any]] | None  # what the loop appended after this request
    rewrote: bool = False  # the next request changed or dropped messages sent before
    last: bool = False  # no request came after this one
    kept: int = 0  # when rewrote: how many of the messages sent the next request kept as they were

    def lines(self) -> list[tuple[str, str]]:
        """(section, line) pairs: the request's new messages, the reply, what was appended."""
        out = [("request", T("step.request", n=len(self.request), new=self.new))]
        start = len(self.request) - self.new
        out += [("request", x) for x in _message_lines(self.request[start:], start)]
        if self.refused:
            out.append(("refused", T("step.refused", error=self.refused)))
        else:
            stop = self.stop_reason or T("step.unknown")
            out.append(("reply", T("step.reply", stop_reason=stop)))
            out += [("reply", "    " + block_line(b)) for b in self.reply]
        if self.appended is not None:
            key = "step.returned" if self.last else "step.appended"
            key = "step.rewrote" if self.rewrote else key
            n, sent = len(self.appended), len(self.request)
            out.append(("appended", T(key, n=n, keep=self.kept, sent=sent)))
            out += [("appended", x) for x in _message_lines(self.appended, None)]
        if self.last:
            cut = self.stop_reason == "tool_use" and not self.refused
            out.append(("appended", T("step.ended_on_tool_use" if cut else "step.ended")))
        return out

    def text(self) -> str:
        return "\n".join(line for _, line in self.lines())


def _message_lines(messages: list[dict[str, Any]], first: int | None) -> list[str]:
    out = []
    for i, m in enumerate(messages):
        at = f"[{first + i}] " if first is not None else ""
        out.append(f"  {at}{m.get('role', '?')}")
        out += [f"    {block_line(b)}" for b in blocks(m.get("content"))]
    return out


def _plain(messages: Any) -> list[dict[str, Any]]:
    """Messages as dicts with dict blocks (a history may hold SDK blocks); not messages: []."""
    if not isinstance(messages, list):
        return []
    return [
        {"role": m.get("role"), "content": without_none(blocks(m.get("content")))}
        for m in messages
        if isinstance(m, dict)
    ]


def _common(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def turns(run: Any) -> list[TurnView]:
    """The run's turns, in order (see the module's docstring for what a run may be)."""
    if hasattr(run, "requests") and hasattr(run, "responses"):
        return _sent_turns(run)
    messages = _plain(run.messages if hasattr(run, "messages") else list(run))
    reasons = list(getattr(run, "stop_reasons", []))
    replies = [i for i, m in enumerate(messages) if m["role"] == "assistant"]
    if len(reasons) != len(replies):  # a cut reply is not in the history: reasons do not line up
        reasons = []
    out, before = [], 0
    for k, at in enumerate(replies):
        last = k + 1 == len(replies)
        end = len(messages) if last else replies[k + 1]
        reply = messages[at]["content"]
        guess = "tool_use" if any(b.get("type") == "tool_use" for b in reply) else None
        stop = reasons[k] if reasons else guess
        turn = TurnView(messages[:at], at - before, reply, stop, "", messages[at:end], last=last)
        out.append(turn)
        before = at
    return out


def _sent_turns(run: Any) -> list[TurnView]:
    """A grader's Run: the requests the API received, its replies, and its refusals."""
    sent = [_plain(body.get("messages")) for body in run.requests]
    returned = _plain(run.returned)
    out: list[TurnView] = []
    before: list[dict[str, Any]] = []
    for k, request in enumerate(sent):
        reply = run.responses[k] if k < len(run.responses) else None
        error = run.errors[k] if k < len(run.errors) else None
        refused = ""
        if reply is None:
            refused = str((error or {}).get("error", {}).get("message", "")) or "?"
        last = k + 1 == len(sent)
        after = (returned or None) if last else sent[k + 1]
        appended, rewrote, keep = None, False, 0
        if after is not None:
            keep = _common(request, after)
            rewrote, appended = keep < len(request), after[keep:]
        new = len(request) - _common(before, request)
        out.append(
            TurnView(
                request,
                new,
                blocks((reply or {}).get("content")),
                (reply or {}).get("stop_reason"),
                refused,
                appended,
                rewrote,
                last,
                keep,
            )
        )
        before = request
    return out


COLOURS = {"request": "#555", "reply": "#1a5fb4", "refused": "#c01c28", "appended": "#26a269"}


def turn_html(turn: TurnView | None, title: str, at: int, count: int) -> str:
    head = f"<div class='ak-step-title'><b>{html.escape(title)}</b></div>"
    if turn is None:
        return head + f"<div class='ak-step-over'>{html.escape(T('step.over', n=count))}</div>"
    head += f"<div class='ak-step-turn'>{html.escape(T('step.turn', n=at + 1, count=count))}</div>"
    rows = "".join(
        f"<div class='ak-step-{part}' style='color:{COLOURS[part]}'>{html.escape(line)}</div>"
        for part, line in turn.lines()
    )
    return head + f"<pre class='ak-step' style='white-space:pre-wrap'>{rows}</pre>"


class StepThrough:
    """Runs replayed side by side, one turn at a time: `StepThrough(broken, correct,
    titles=["…", "…"])`. `.next` and `.previous` are the buttons; `.panes` one HTML per run."""

    def __init__(self, *runs: Any, titles: list[str] | None = None):
        if not runs:
            raise ValueError("StepThrough needs at least one run")
        self.turns = [turns(r) for r in runs]
        self.titles = list(titles or [getattr(r, "name", "") or "" for r in runs])
        if len(self.titles) != len(runs):
            raise ValueError(f"{len(runs)} runs but {len(self.titles)} titles")
        self.at = 0
        self.count = max(1, *(len(t) for t in self.turns))
        self.previous = widgets.Button(description=T("step.previous")).add_class("ak-step-prev")
        self.next = widgets.Button(description=T("step.next")).add_class("ak-step-next")
        self.where = widgets.HTML().add_class("ak-step-where")
        self.panes = [widgets.HTML().add_class("ak-step-pane") for _ in runs]
        width = f"{100 // len(runs) - 1}%"
        for pane in self.panes:
            pane.layout.width = width
        self.widget = widgets.VBox(
            [widgets.HBox([self.previous, self.where, self.next]), widgets.HBox(self.panes)]
        ).add_class("ak-stepper")
        self.previous.on_click(lambda _b: self.go(self.at - 1))
        self.next.on_click(lambda _b: self.go(self.at + 1))
        self.go(0)

    def go(self, at: int) -> None:
        """Show turn `at` (0-based) of every run, kept within the runs' turns."""
        self.at = max(0, min(at, self.count - 1))
        self.where.value = html.escape(T("step.where", n=self.at + 1, count=self.count))
        for pane, run, title in zip(self.panes, self.turns, self.titles, strict=True):
            turn = run[self.at] if self.at < len(run) else None
            pane.value = turn_html(turn, title, self.at, len(run))
        self.previous.disabled = self.at == 0
        self.next.disabled = self.at >= self.count - 1

    def text(self) -> str:
        """The current turn of every run, as plain text."""
        parts = []
        for run, title in zip(self.turns, self.titles, strict=True):
            turn = run[self.at] if self.at < len(run) else None
            body = turn.text() if turn else T("step.over", n=len(run))
            parts.append(f"== {title}: {T('step.turn', n=self.at + 1, count=len(run))}\n{body}")
        return "\n".join(parts)

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{t}: {len(run)}" for t, run in zip(self.titles, self.turns, strict=True)
        )
        return f"StepThrough({shown})"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle = self.widget._repr_mimebundle_(**kwargs) or {}
        return {**bundle, "text/plain": repr(self)}
