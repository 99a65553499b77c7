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

T.add(
    __name__,
    {
        "returned_none.messages": (
            "函数没有返回值（None），应当返回 messages：下一格接着用它返回的列表。",
            "The function returned None; it should return messages: the next cell goes on "
            "with the list it returns.",
        ),
        "returned_not_list": (
            "函数返回了 {type}，应当返回 messages（一个 list）。",
            "The function returned a {type}; it should return messages (a list).",
        ),
        "round.changed": (
            "前面的消息被改动了：只能在末尾追加。",
            "Earlier messages were changed: only append at the end.",
        ),
        "round.two": (
            "应当追加 2 条消息（assistant 和 user），你追加了 {n} 条。",
            "Append 2 messages (assistant, then user); you appended {n}.",
        ),
        "round.not_message": (
            '追加的第一条是 {type}，不是消息：消息是 dict，{{"role": "assistant", "content": '
            "response.content}}。",
            "The first thing appended is a {type}, not a message: a message is a dict, "
            '{{"role": "assistant", "content": response.content}}.',
        ),
        "round.not_message.hint": (
            "不要把 response 对象本身追加进去；它的 content 才是这条 assistant 消息的内容。",
            "Don't append the response object itself; its content is what the assistant message "
            "holds.",
        ),
        "round.assistant": (
            "第一条追加的消息应当是 assistant（模型的响应）。",
            "The first message appended should be the assistant's (the model's response).",
        ),
        "round.verbatim": (
            "assistant 消息没有原样保留响应：text 块和 tool_use 块都要在。",
            "The assistant message does not keep the response verbatim: both the text and the "
            "tool_use blocks must be there.",
        ),
        "round.verbatim.hint": (
            "直接用 response.content 作为 content。",
            "Use response.content, as it is, as the content.",
        ),
        "results.not_message": (
            "追加的应当是一条消息（dict），你追加了 {type}。",
            "What you append should be a message (a dict); you appended a {type}.",
        ),
        "results.user_list": (
            "装结果的消息应当是 role 为 user、content 为 list。",
            "The message with the results should have the role user and a list as its content.",
        ),
        "results.role": (
            "你写的 role 是 {role!r}：Claude 的 API 里，工具结果放在 user 消息里（没有 tool 这个 role）。",
            "Yours has the role {role!r}: in Claude's API, tool results go in a user message "
            "(there is no tool role).",
        ),
        "results.not_block": (
            "装结果的 user 消息里第 {n} 项是 {type}，不是内容块：每一项都应当是 dict，"
            '例如 {{"type": "tool_result", "tool_use_id": ..., "content": ...}}。',
            "Item {n} of the user message's content is a {type}, not a content block: each item "
            'should be a dict, such as {{"type": "tool_result", "tool_use_id": ..., '
            '"content": ...}}.',
        ),
        "results.count": (
            "user 消息里有 {n} 个 tool_result，应当有 {want} 个：每个 tool_use 一个。",
            "The user message holds {n} tool_result block(s); it should hold {want}: one per "
            "tool_use.",
        ),
        "results.first": (
            "tool_result 块要排在这条 user 消息的最前面：说明文字只能放在全部结果之后。",
            "The tool_result blocks must come first in this user message: a note may only follow "
            "all the results.",
        ),
        "results.first.hint": (
            "content 先放全部 tool_result，需要的话再在后面加 text 块。",
            "Put every tool_result first in content; add a text block after them if you need one.",
        ),
        "json.content": (
            "成功时 content 应当是工具输出的 JSON 文本，你给的是 {content!r:.70}。",
            "On success, content should be the tool's output as JSON text; you gave "
            "{content!r:.70}.",
        ),
        "json.content.hint": (
            "用 json.dumps(out, ensure_ascii=False)，不是 str(out)（那是 Python 的写法，不是 JSON），"
            "也不要写死某个订单的结果。",
            "Use json.dumps(out, ensure_ascii=False), not str(out) (that is Python's notation, "
            "not JSON), and don't hard-code one order's result.",
        ),
        "flag.string": (
            "{when} is_error 是字符串 {value!r}：它应当是布尔值 {want}（Python 的 {want}，不加引号）。",
            "{when} has is_error as the string {value!r}: it should be the boolean {want} "
            "(Python's {want}, no quotes).",
        ),
        "flag.type": (
            "{when} is_error 是 {value!r}（{type}）：它应当是布尔值 {want}。",
            "{when} has is_error {value!r} ({type}): it should be the boolean {want}.",
        ),
        "flag.want": (
            '{when}应当带 "is_error": True。',
            '{when} should carry "is_error": True.',
        ),
        "flag.unwanted": (
            "{when}不应当带 is_error: {value!r}。",
            "{when} should not carry is_error: {value!r}.",
        ),
        "ran.not_run": (
            "{call} 没有被执行（run_tool 一共被调用了 {n} 次）：它的 tool_result 不是工具的真实输出。",
            "{call} was never run (run_tool was called {n} times in all): its tool_result is not "
            "what the tool returned.",
        ),
        "ran.not_run.hint": (
            "对每个 tool_use 块调用 run_tool(block.name, block.input)，把它的输出放进 tool_result。",
            "For each tool_use block, call run_tool(block.name, block.input) and put its output "
            "in the tool_result.",
        ),
        "ran.twice": (
            "{call} 被执行了 {n} 次：每个 tool_use 块只执行一次（执行两次，退款就退了两次）。",
            "{call} was run {n} times: run each tool_use block once (run twice, a refund is paid "
            "twice).",
        ),
        "ran.twice.hint": (
            "对每个 tool_use 块只调用一次 run_tool，把这一次的输出（或错误）放进它的 tool_result。",
            "Call run_tool once per tool_use block, and put that one call's output (or error) in "
            "its tool_result.",
        ),
        "ran.other_call": (
            "{call} 的 tool_result 装的是另一次调用的输出。",
            "The tool_result for {call} holds another call's output.",
        ),
        "ran.other_call.hint": (
            "每个 tool_result 的 tool_use_id 和 content 来自同一个 tool_use 块：用这个块的 id，"
            "装这个块那次调用的输出。",
            "A tool_result's tool_use_id and content come from the same tool_use block: that "
            "block's id, and the output of that block's call.",
        ),
        "ran.message": (
            "{call} 失败了，它的 tool_result 里应当有错误信息（str(e)：{error}）。",
            "{call} failed, so its tool_result should hold the error message (str(e): {error}).",
        ),
        "when.call_ok": ("{call} 成功了，它的 tool_result", "{call} succeeded, so its tool_result"),
        "when.call_failed": (
            "{call} 失败了，它的 tool_result",
            "{call} failed, so its tool_result",
        ),
        "results.each_id": (
            "tool_use {ids} 没有恰好一个 tool_result 对应：每个 tool_use 块的 id 都要恰好是一个 "
            "tool_result 的 tool_use_id（顺序不限）。",
            "No single tool_result answers tool_use {ids}: each tool_use block's id must be the "
            "tool_use_id of exactly one tool_result (in any order).",
        ),
    },
)


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
