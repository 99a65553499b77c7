"""Whole loops as checks read them (lessons 05 and 07): the signature the grader calls, and what
the grader leaves to the loop's caller."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...content import blocks, without_none
from ...grading import check_loop, run_scenario
from ..scenarios import scenarios
from ..strings import T
from .core import require, takes

T.add(
    __name__,
    {
        "named_exits.twice": (
            "第 {n} 次请求里同一条 assistant 回复连着出现了两次：pause_turn 之后它又被追加了一遍。"
            "API 会把相邻的两条 assistant 消息合成一轮，服务端工具的每次调用都重复了。",
            "Request {n} holds the same assistant reply twice in a row: it was appended again "
            "after pause_turn. The API joins adjacent assistant messages into one turn, so every "
            "server tool call in it is there twice.",
        ),
        "named_exits.twice.hint": (
            "每个响应只追加一次（循环在读 stop_reason 之前已经追加了）；pause_turn 时直接 continue。",
            "Append each response once (the loop appends it before reading stop_reason); on "
            "pause_turn just continue.",
        ),
        "named_exits.refusal": (
            "场景“模型拒绝（refusal）”里，stop_reason=refusal 时循环 return 了 messages："
            "调用方拿到的像是完成的任务。",
            'In the scenario "the model refuses (refusal)", the loop returned messages at '
            "stop_reason=refusal: the caller gets what looks like a finished task.",
        ),
        "named_exits.refusal.hint": (
            "refusal 不是完成：抛出异常，带上 resp.stop_details；也不要把同一个请求再发一次。",
            "A refusal is not a finished task: raise an exception that carries "
            "resp.stop_details, and don't send the same request again.",
        ),
        "scenario_failed": ("{title} —— {diagnosis}", "{title}: {diagnosis}"),
    },
)


def _takes_a_loop(loop: Callable[..., Any], name: str) -> None:
    """The loop takes what the grader passes: the client and messages, then tools, run_tool and
    model by name."""
    spec = f"def {name}(client, messages, *, tools, run_tool, model)"
    takes(loop, spec, None, [], tools=[], run_tool=None, model="")


def _named_exits(loop: Callable[..., Any]) -> None:
    """What the grader leaves to the loop's caller, held here: a refusal is not returned as if
    the task were done, and reaching the safety net is said by raising."""
    from ..scenarios import scenario

    run = run_scenario(loop, scenario("refusal"))
    last = next((r for r in reversed(run.responses) if r), None)
    require(
        run.error is not None or not last or last.get("stop_reason") != "refusal",
        T("named_exits.refusal"),
        T("named_exits.refusal.hint"),
    )
    net = check_loop(loop, scenarios("runaway")).results[0]
    require(net.passed, T("scenario_failed", title=net.title, diagnosis=net.diagnosis))
    _no_reply_twice(loop)


def _no_reply_twice(loop: Callable[..., Any]) -> None:
    """After pause_turn the paused content goes back once: a loop that appends it again (the
    stub appends every response already) sends two identical assistant messages in a row, which
    the API joins into one turn holding every server tool call twice."""
    from ..scenarios import scenario

    run = run_scenario(loop, scenario("research"))
    for n, req in enumerate(run.requests, 1):
        sent = [m for m in req.get("messages", []) if isinstance(m, dict)]
        for a, b in zip(sent, sent[1:], strict=False):
            twice = a.get("role") == b.get("role") == "assistant" and without_none(
                blocks(a.get("content"))
            ) == without_none(blocks(b.get("content")))
            require(not twice, T("named_exits.twice", n=n), T("named_exits.twice.hint"))
