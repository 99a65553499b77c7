"""Tool calls and their results as checks read them: `run_tool` recorded (`Calls`), a round's
two messages, and each tool_result held to the call it answers (lessons 02, 03, 06, 08)."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from typing import Any

from ...content import blocks, without_none
from ..strings import T
from .core import Endless, Wrong, require


class Calls:
    """`run_tool` as a check hands it to the learner's code: each call recorded with what came of
    it (the output, or the exception the tool raised), so a check can tell whether each tool_use
    was run and which output its tool_result should carry. After `limit` calls it raises
    `Endless`."""

    def __init__(self, run_tool: Callable[[str, dict[str, Any]], Any], limit: int = 25):
        self.run_tool, self.limit = run_tool, limit
        self.made: list[tuple[str, Any, Any]] = []

    def __call__(self, *given: Any, **named: Any) -> Any:
        try:  # said as run_tool, the name the learner knows it by (not Calls.__call__)
            name, args = _RUN_TOOL.bind(*given, **named).args
        except TypeError as e:
            raise TypeError(f"run_tool(name, args): {e}") from None
        if len(self.made) >= self.limit:
            raise Endless(len(self.made))
        try:
            out = self.run_tool(name, args)
        except Exception as e:
            self.made.append((name, args, e))
            raise
        self.made.append((name, args, out))
        return out


_RUN_TOOL = inspect.Signature(
    [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in ("name", "args")]
)


def _call_text(block: Any) -> str:
    return f"{block.name}({json.dumps(block.input, ensure_ascii=False)})"


def answers_its_call(result: dict[str, Any], block: Any, calls: Calls, runs: int = 1) -> None:
    """`result` answers tool_use `block` with what running it gave: the tool was called with the
    block's name and input; on success is_error is absent or False and the content is that call's
    output as JSON (not another call's); on failure is_error is True and the content holds the
    error message (str(e)), as text or inside JSON. A call that succeeded was made `runs` times at
    most (the number of tool_use blocks asking for it): a tool run twice is a refund paid twice."""
    mine = [out for name, args, out in calls.made if name == block.name and args == block.input]
    require(
        mine,
        T("ran.not_run", call=_call_text(block), n=len(calls.made)),
        T("ran.not_run.hint"),
    )
    done = [o for o in mine if not isinstance(o, BaseException)]
    require(
        len(done) <= runs,
        T("ran.twice", call=_call_text(block), n=len(done)),
        T("ran.twice.hint"),
    )
    out, content = mine[-1], result.get("content")
    if isinstance(out, BaseException):
        when = T("when.call_failed", call=_call_text(block))
        _is_error_flag(result.get("is_error"), True, when)
        require(_holds(content, str(out)), T("ran.message", call=_call_text(block), error=out))
        return
    _is_error_flag(result.get("is_error", False), False, T("when.call_ok", call=_call_text(block)))
    others = [o for n, a, o in calls.made if (n, a) != (block.name, block.input)]
    text = _content_text(content)
    require(
        not others or _parsed(text) not in others or _parsed(text) == out,
        T("ran.other_call", call=_call_text(block)),
        T("ran.other_call.hint"),
    )
    _json_content(content, out)


def answer_their_calls(results: list[dict[str, Any]], response: Any, calls: Calls) -> None:
    """Each tool_use block of `response` answered (by its id, in any order) by `answers_its_call`."""
    by_id = {r.get("tool_use_id"): r for r in results if r.get("type") == "tool_result"}
    uses = [b for b in response.content if b.type == "tool_use"]
    for block in response.content:
        if block.type == "tool_use":
            runs = sum(1 for b in uses if (b.name, b.input) == (block.name, block.input))
            answers_its_call(by_id[block.id], block, calls, runs)


def _only_blocks(content: Any) -> list[dict[str, Any]] | None:
    """`content` as dict blocks (`agentkit.content.blocks`), or None when it holds anything that
    is not a block: a check must not grade an answer by the blocks that happen to be there."""
    if isinstance(content, str):
        return blocks(content)
    if not isinstance(content, list | tuple):
        return None
    found = blocks(content)
    return found if len(found) == len(content) else None


def _same_content(sent: Any, response: Any) -> bool:
    """The message content is the response's content, verbatim (SDK blocks or their dicts); an
    item that is not a block makes it not verbatim."""
    mine = _only_blocks(sent)
    if mine is None:
        return False
    return without_none(mine) == without_none([b.to_dict() for b in response.content])


def _after(returned: Any, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The learner may return a new list or the one passed in, appended to; but return it: the
    next cell goes on with what the function returns (None there is a 400 two cells later)."""
    if isinstance(returned, list):
        return returned
    if returned is None:
        raise Wrong(T("returned_none.messages"))
    raise Wrong(T("returned_not_list", type=type(returned).__name__))


def _one_round(
    after: list[dict[str, Any]], start: list[Any], response: Any
) -> list[dict[str, Any]]:
    """Two messages appended: the response verbatim, then the results; returns the results' blocks."""
    uses = [b.id for b in response.content if b.type == "tool_use"]
    added = after[len(start) :]
    require(after[: len(start)] == start, T("round.changed"))
    require(len(added) == 2, T("round.two", n=len(added)))
    asst, user = added
    require(
        isinstance(asst, dict),
        T("round.not_message", type=type(asst).__name__),
        T("round.not_message.hint"),
    )
    require(asst.get("role") == "assistant", T("round.assistant"))
    require(
        _same_content(asst.get("content", []), response),
        T("round.verbatim"),
        T("round.verbatim.hint"),
    )
    return _results_first(user, uses)


def _results_first(user: Any, uses: list[str]) -> list[dict[str, Any]]:
    """One user message: a tool_result for every tool_use id, each id exactly once and in any
    order (the tool calls of one turn are unordered: platform.claude.com/docs/en/agents-and-tools/
    tool-use/parallel-tool-use), before anything else (the API's rule, see
    `agentkit.offline.validation._check_answered`; a text note may follow the results, as lesson
    03 shows). Returns its blocks."""
    require(isinstance(user, dict), T("results.not_message", type=type(user).__name__))
    content = user.get("content") if user.get("role") == "user" else None
    role = user.get("role")
    require(
        isinstance(content, list),
        T("results.user_list") + (T("results.role", role=role) if role != "user" else ""),
    )
    assert isinstance(content, list)  # for the type checker: require() raised otherwise
    found = _only_blocks(content)
    if found is None:  # an item that is not a block: say which, never grade the rest alone
        odd = next(i for i, b in enumerate(content) if not blocks([b]))
        raise Wrong(
            T("results.not_block", n=odd + 1, type=type(content[odd]).__name__),
            T("results.first.hint"),
        )
    kinds = [b.get("type") for b in found]
    ids = [b.get("tool_use_id") for b in found if b.get("type") == "tool_result"]
    require(len(ids) == len(uses), T("results.count", n=len(ids), want=len(uses)))
    require(
        kinds[: len(uses)] == ["tool_result"] * len(uses),
        T("results.first"),
        T("results.first.hint"),
    )
    unanswered = [u for u in uses if ids.count(u) != 1]
    require(not unanswered, T("results.each_id", ids=", ".join(unanswered)))
    return found


def _content_text(content: Any) -> Any:
    """A tool_result's content as text: text blocks joined, anything else as it is."""
    if isinstance(content, list):  # text blocks: the JSON is their text
        return "".join(b.get("text", "") for b in content if isinstance(b, dict))
    return content


def _holds(content: Any, message: str) -> bool:
    """The error message is in the content: as text, or as a string inside JSON text
    (`json.dumps({"error": str(e)})` escapes non-ASCII, so the text itself may not hold it)."""
    text = _content_text(content)
    return message in str(text) or message in _strings(_parsed(text))


def _strings(value: Any) -> str:
    """Every string inside a parsed JSON value, joined."""
    if isinstance(value, dict):
        return " ".join(_strings(v) for v in value.values())
    if isinstance(value, list):
        return " ".join(_strings(v) for v in value)
    return value if isinstance(value, str) else ""


def _parsed(text: Any) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return None


def _json_content(content: Any, out: Any) -> None:
    """A successful tool_result's content is the tool's output as JSON text (or text blocks)."""
    content = _content_text(content)
    require(_parsed(content) == out, T("json.content", content=content), T("json.content.hint"))


def _is_error_flag(value: Any, want: bool, when: str) -> None:
    """is_error is a JSON boolean: True on failure, absent or False on success."""
    require(not isinstance(value, str), T("flag.string", when=when, value=value, want=want))
    require(
        value is None or isinstance(value, bool),
        T("flag.type", when=when, value=value, type=type(value).__name__, want=want),
    )
    require(
        value is want,
        T("flag.want", when=when) if want else T("flag.unwanted", when=when, value=value),
    )
