"""Lesson 07: the whole loop, graded by check_loop and the checks it leaves to the caller."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ...client import default_model, make_client
from ...content import blocks
from ...grading import check_loop_again, run_scenario
from ...sim import World
from ..strings import T
from .core import Wrong, check, require, task
from .loops import _named_exits, _takes_a_loop

T.add(
    __name__,
    {
        "hint.whole_loop": (
            "先修诊断里排在最前面的那一句；对照第 2 节的表。",
            "Fix the first sentence of the diagnosis first; compare with the table in section 2.",
        ),
        "your": ("你的 {name}", "your {name}"),
        "whole_loop.failed": (
            "{n}/{total} 个场景通过。第一个失败的场景：{title} —— {diagnosis}",
            "{n}/{total} scenarios passed. The first that failed: {title}: {diagnosis}",
        ),
        "whole_loop.passed": (
            "你的 {name} 通过了评分器的全部 {total} 个场景。",
            "Your {name} passed all {total} of the grader's scenarios.",
        ),
        "sent.flag": (
            "tool_result 的 is_error 是 {flag!r}（{type}）："
            "它应当是布尔值 True 或 False（Python 的 True/False，不加引号）。",
            "A tool_result's is_error is {flag!r} ({type}): it should be the boolean True or "
            "False (Python's True/False, no quotes).",
        ),
        "sent.flag.hint": (
            '失败时 "is_error": True；成功时不写 is_error，或写 False。',
            'On failure, "is_error": True; on success, leave is_error out or write False.',
        ),
        "sent.repr": (
            "成功的 tool_result 的 content 是 {content!r:.60}：这是 Python 的 str(out)，不是 JSON。",
            "A successful tool_result's content is {content!r:.60}: that is Python's str(out), "
            "not JSON.",
        ),
        "sent.repr.hint": (
            "用 json.dumps(out, ensure_ascii=False)。",
            "Use json.dumps(out, ensure_ascii=False).",
        ),
        "api_errors.caught": (
            "API 一直返回 529（overloaded_error）时，你的循环接住了 SDK 的异常，正常 return 了："
            "调用方会以为任务完成了。",
            "While the API kept answering 529 (overloaded_error), your loop caught the SDK's "
            "exception and returned normally: the caller will think the task is done.",
        ),
        "api_errors.caught.hint": (
            "不要用 try/except 包住 client.messages.create 再 return；让异常抛出去"
            "（或包成你自己的异常再 raise）。",
            "Don't wrap client.messages.create in try/except and return; let the exception "
            "propagate (or wrap it in an exception of your own and raise that).",
        ),
    },
)


@check("hint.whole_loop")
def whole_loop(loop: Callable[..., Any]) -> str:
    require(callable(loop), T("want_function", name="my_loop"))
    _takes_a_loop(loop, "my_loop")
    _results_as_sent(loop)  # first: a malformed result misleads the model, and the diagnosis
    name = getattr(loop, "__name__", "my_loop")
    report = check_loop_again(loop, name=T("your", name=name))  # seed 0, then another draw
    n, total = sum(r.passed for r in report.results), len(report.results)
    if not report.passed:
        first = next(r for r in report.results if not r.passed)
        problem = T(
            "whole_loop.failed", n=n, total=total, title=first.title, diagnosis=first.diagnosis
        )
        raise Wrong(problem)
    _named_exits(loop)
    _api_errors_raised(loop)
    return T("whole_loop.passed", name=name, total=total)


def _results_as_sent(loop: Callable[..., Any]) -> None:
    """The tool_result blocks the loop sent in a run with a failing tool: is_error a boolean, a
    success's content JSON text, not a Python repr (the offline API, like a lenient server,
    lets both through)."""
    from ..scenarios import scenario

    run = run_scenario(loop, scenario("tool_error"))
    for req in run.requests:
        for m in req.get("messages", []):
            if not isinstance(m, dict) or m.get("role") != "user":
                continue
            for b in blocks(m.get("content")):  # what is not a block, the API has refused
                if b.get("type") != "tool_result":
                    continue
                flag = b.get("is_error", False)
                require(
                    isinstance(flag, bool),
                    T("sent.flag", flag=flag, type=type(flag).__name__),
                    T("sent.flag.hint"),
                )
                if not b.get("is_error") and isinstance(b.get("content"), str):
                    require(
                        not _python_repr(b["content"]),
                        T("sent.repr", content=b["content"]),
                        T("sent.repr.hint"),
                    )


def _python_repr(text: str) -> bool:
    """Text that is a Python literal (a dict or list repr) but not JSON."""
    import ast

    try:
        json.loads(text)
        return False
    except ValueError:
        pass
    try:
        return isinstance(ast.literal_eval(text), (dict, list))
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return False


def _api_errors_raised(loop: Callable[..., Any]) -> None:
    """When the API keeps failing (every request a 529 overloaded_error, no SDK retries), the
    SDK's exception must reach the caller, not be caught and answered with `return messages`."""
    world = World()
    client = make_client(
        offline=True, world=world, faults={n: 529 for n in range(1, 60)}, max_retries=0
    )
    messages = [{"role": "user", "content": task("refund")}]
    try:
        loop(client, messages, tools=world.tools(), run_tool=world.run_tool, model=default_model())
    except Exception:
        return
    raise Wrong(T("api_errors.caught"), T("api_errors.caught.hint"))
