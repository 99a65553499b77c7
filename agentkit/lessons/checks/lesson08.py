"""Lesson 08: the self-test's five exercises."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...client import default_model
from ...grading import reference_loop, run_scenario
from ...loop import EXITS, LoopError, run_agent_loop
from ...sim import ToolFailure, World
from ..scenarios import scenarios
from ..strings import T
from .core import Worded, _client, _send, answered, call_learner, check, require, returned, task
from .lesson05 import scenario_keys
from .predictions import known, predicted
from .results import Calls, _one_round, answer_their_calls

T.add(
    __name__,
    {
        "known.block": ("一种块的 type", "a block type"),
        "known.block.hint": (
            '写块的 type 字段（"text"），不是 SDK 的类名（TextBlock）。',
            "Write the block's type field (\"text\"), not the SDK's class name (TextBlock).",
        ),
        "task.one_by_one": (
            "请逐个处理订单 A-1001、A-1006、A-1007 的退款，一个一个来。",
            "Please refund orders A-1001, A-1006 and A-1007, one at a time.",
        ),
        "step.A": ("执行本轮全部 tool_use 块", "Run every tool_use block of this turn"),
        "step.B": (
            "把 messages（连同系统提示、工具定义）发给 Claude",
            "Send messages (with the system prompt and the tool definitions) to Claude",
        ),
        "step.C": (
            "追加助手响应，再追加一条装着全部 tool_result 的 user 消息",
            "Append the assistant's response, then one user message holding every tool_result",
        ),
        "step.D": ("读响应的 stop_reason", "Read the response's stop_reason"),
        "hint.four_steps": (
            "先发请求，才有 stop_reason；先执行工具，才有结果可以追加。",
            "There is no stop_reason before the request is sent, and no result to append before "
            "the tools run.",
        ),
        "four_steps.letters": (
            "my_order 应当是四个字母的列表。",
            "my_order should be a list of four letters.",
        ),
        "four_steps.odd": (
            "my_order 里的 {odd!r} 不是步骤的字母：填 A、B、C、D（见上面的四个步骤）。",
            "{odd!r} in my_order is not a step letter: use A, B, C, D (the four steps above).",
        ),
        "four_steps.order": (
            "顺序 {order!r} 不对：{steps}",
            "The order {order!r} is wrong: {steps}",
        ),
        "action.continue": ("继续", "continue"),
        "action.finish": ("结束", "stop"),
        "four_steps.actions": (
            'my_actions 的值只能填 "{go}" 或 "{end}"，你写的是 {odd!r}。',
            'The values of my_actions can only be "{go}" or "{end}"; you wrote {odd!r}.',
        ),
        "four_steps.tool_use": (
            "tool_use 时：执行工具、追加结果、继续循环。",
            "On tool_use: run the tools, append the results, go on looping.",
        ),
        "four_steps.end_turn": (
            "end_turn 时：模型认为任务完成，结束循环。",
            "On end_turn: the model considers the task done; end the loop.",
        ),
        "four_steps.passed": (
            "发送 → 读 stop_reason → 执行全部 tool_use → 追加；tool_use 继续，end_turn 结束。",
            "send → read stop_reason → run every tool_use → append; tool_use goes on, end_turn "
            "stops.",
        ),
        "hint.results_message": (
            "每个 tool_use 一个 tool_result（失败的带 is_error），全部放进一条 user 消息。",
            "One tool_result per tool_use (the failed one with is_error), all in one user message.",
        ),
        "results_message.dict": (
            "应当返回一条消息（dict），你返回了 {type}。",
            "It should return one message (a dict); you returned a {type}.",
        ),
        "results_message.passed": (
            "一条 user 消息、3 个 tool_result、id 一一对应，失败的那个带 is_error；API 接受。",
            "One user message, 3 tool_results, their ids matched one to one, the failed one with "
            "is_error; the API accepts it.",
        ),
        "hint.text_exit": (
            "自测 3 的关键：text 块可以和 tool_use 出现在同一条响应里。",
            "The key to self-test 3: a text block can come in the same response as tool_use.",
        ),
        "text_exit.types": (
            "first_blocks 应当是块 type 的列表。",
            "first_blocks should be a list of block types.",
        ),
        "text_exit.blocks": (
            "第 1 条响应的块是 {actual}，你写的是 {mine!r}。",
            "The first response's blocks are {actual}; you wrote {mine!r}.",
        ),
        "text_exit.refunds": (
            "见到 text 就退出的循环退款了 {done} 次，你写的是 {mine!r}。",
            "The loop that exits on text made {done} refunds; you wrote {mine!r}.",
        ),
        "text_exit.count": ("退款次数写的是 {mine!r}。", "The refund count you wrote is {mine!r}."),
        "text_exit.bool": (
            "（次数写成整数，不是 True/False。）",
            " (Write the count as an integer, not True/False.)",
        ),
        "text_exit.passed": (
            "第 1 条响应是 {actual}；见到 text 就退出的循环退款 {done} 次。",
            "The first response is {actual}; the loop that exits on text makes {done} refunds.",
        ),
        "hint.tree_vs_model": (
            "预设流程在它预料到的情况下把订单处理对了，差别全在意料之外的那一个。",
            "The preset flow handles the orders right where it foresaw the case; the whole "
            "difference is in the case it did not foresee.",
        ),
        "tree_vs_model.sets": (
            "tree_fails 和 model_fails 应当是场景 key 的集合（一个都没有就写 set()）。",
            "tree_fails and model_fails should be sets of scenario keys (set() for none).",
        ),
        "tree_vs_model.tree": (
            "decision_tree 实际在 {actual} 失败，你写的是 {mine!r}。",
            "decision_tree actually fails {actual}; you wrote {mine!r}.",
        ),
        "tree_vs_model.model": (
            "reference_loop 实际在 {actual} 失败。",
            "reference_loop actually fails {actual}.",
        ),
        "tree_vs_model.none": ("没有场景", "no scenario"),
        "tree_vs_model.passed": (
            "decision_tree 在 {actual} 失败；模型驱动的循环全部通过。",
            "decision_tree fails {actual}; the model-driven loop passes them all.",
        ),
        "hint.guess_max_turns": (
            "5 轮够不够：这个任务要 3 个订单 × 2 轮，再加最后的回答。",
            "Are 5 turns enough? This task takes 3 orders × 2 turns, plus the final answer.",
        ),
        "guess_max_turns.differ": (
            "实际是 {actual!r}，你猜的是 {guess!r}。",
            "It is actually {actual!r}; you guessed {guess!r}.",
        ),
        "guess_max_turns.passed": (
            "max_turns=5：exit={actual}，只退款了 {n} 笔（应为 3 笔）。",
            "max_turns=5: exit={actual}, only {n} refunds made (3 were due).",
        ),
    },
)

STEPS = Worded("step", "ABCD")
"""The four steps of a round, by letter, worded in the learner's language."""

ACTIONS = ("action.continue", "action.finish")
BLOCK_TYPES = ("text", "tool_use", "thinking", "redacted_thinking", "server_tool_use")
"""The types of the blocks a response's content may hold (lesson 08's self-test 3)."""


@check("hint.four_steps")
def four_steps(order: Any, actions: Any) -> str:
    answered([order, actions], "my_order / my_actions")
    require(isinstance(order, (list, tuple)), T("four_steps.letters"))
    odd = [s for s in order if str(s).upper() not in STEPS]
    require(not odd, T("four_steps.odd", odd=(odd or [None])[0]))
    require(
        [str(s).upper() for s in order] == ["B", "D", "A", "C"],
        T(
            "four_steps.order",
            order=order,
            steps=" → ".join(STEPS.get(str(s).upper(), "?") for s in order),
        ),
    )
    require(isinstance(actions, dict), T("want_dict", name="my_actions"))
    go, end = (T(k) for k in ACTIONS)
    odd_actions = {k: v for k, v in actions.items() if v not in (go, end)}
    require(not odd_actions, T("four_steps.actions", go=go, end=end, odd=odd_actions))
    require(actions.get("tool_use") == go, T("four_steps.tool_use"))
    require(actions.get("end_turn") == end, T("four_steps.end_turn"))
    return T("four_steps.passed")


@check("hint.results_message")
def results_message(make_message: Callable[..., Any]) -> str:
    world = World()
    start = [{"role": "user", "content": task("three")}]
    response = _client(world).messages.create(
        model=default_model(),
        max_tokens=1024,
        tools=world.tools(),  # type: ignore[arg-type]  # plain-dict request, as learners write it
        messages=start,  # type: ignore[arg-type]  # plain-dict request, as learners write it
    )
    timeout = T("failure.timeout")

    def flaky(name: str, args: dict[str, Any]) -> Any:
        if args.get("order_id") == "A-1002":
            raise ToolFailure(timeout)
        return world.run_tool(name, args)

    require(callable(make_message), T("want_function", name="results_message"))
    calls = Calls(flaky)
    message = call_learner(make_message, "def results_message(response, run_tool)", response, calls)
    returned(message, "results_message")
    require(isinstance(message, dict), T("results_message.dict", type=type(message).__name__))
    history = start + [{"role": "assistant", "content": response.content}, message]
    answer_their_calls(_one_round(history, start, response), response, calls)
    _send(history, tools=world.tools())
    return T("results_message.passed")


@check("hint.text_exit")
def text_exit(first_blocks: Any, refunds: Any) -> str:
    from ... import antipatterns
    from ..scenarios import scenario

    answered([first_blocks, refunds], "first_blocks / text_loop_refunds")
    require(isinstance(first_blocks, (list, tuple)), T("text_exit.types"))
    known(first_blocks, BLOCK_TYPES, "known.block")
    response = _client().messages.create(
        model=default_model(),
        max_tokens=1024,
        tools=World().tools("lookup_order", "process_refund"),  # type: ignore[arg-type]  # plain-dict request, as learners write it
        messages=[{"role": "user", "content": task("refund")}],
    )
    actual = [b.type for b in response.content]
    require(
        isinstance(refunds, int) and not isinstance(refunds, bool),
        T("text_exit.count", mine=refunds) + T("text_exit.bool"),
    )
    run = run_scenario(antipatterns.stop_on_text_block, scenario("guide"))
    done = sum(1 for c in run.tool_calls if c.name == "process_refund" and c.ok)
    answer = (
        T("text_exit.blocks", actual=actual, mine=first_blocks)
        if list(first_blocks) != actual
        else T("text_exit.refunds", done=done, mine=refunds)
    )
    predicted(
        {"first_blocks": list(first_blocks), "text_loop_refunds": refunds},
        {"first_blocks": actual, "text_loop_refunds": done},
        answer,
    )
    return T("text_exit.passed", actual=actual, done=done)


def outcome_failures(fn: Any, keys: tuple[str, ...]) -> set[str]:
    """The scenarios where `fn` left the orders wrong (refunds, returns, escalations)."""
    from ...grading.runner import run_scenario

    out = set()
    for sc in scenarios(*keys):
        run = run_scenario(fn, sc)
        if (run.case.outcome or run.case.expect)(run):  # the orders, whoever decided them
            out.add(sc.key)
    return out


@check("hint.tree_vs_model")
def tree_vs_model(tree_fails: Any, model_fails: Any) -> str:
    from ...antipatterns import decision_tree

    answered([tree_fails, model_fails], "tree_fails / model_fails")
    require(
        all(isinstance(v, (set, list, tuple, frozenset)) for v in (tree_fails, model_fails)),
        T("tree_vs_model.sets"),
    )
    known([*tree_fails, *model_fails], scenario_keys(), "known.scenario", listed=False)
    # What each did to the orders (the world's checks), not the grader's protocol rules: the grader
    # also fails the tree everywhere for calling tools no model asked for (lesson 04 shows that).
    keys = ("guide", "shipped", "unexpected")
    tree = outcome_failures(decision_tree, keys)
    model = outcome_failures(reference_loop, keys)
    answer = (
        T("tree_vs_model.tree", actual=sorted(tree), mine=tree_fails)
        if set(tree_fails) != tree
        else T("tree_vs_model.model", actual=sorted(model) or T("tree_vs_model.none"))
    )
    mine = {"tree_fails": set(tree_fails), "model_fails": set(model_fails)}
    predicted(mine, {"tree_fails": tree, "model_fails": model}, answer)
    return T("tree_vs_model.passed", actual=sorted(tree))


@check("hint.guess_max_turns")
def guess_max_turns(guess: Any) -> str:
    answered(guess, "my_guess")
    known([guess], EXITS, "known.exit")
    world = World()
    try:
        actual = run_agent_loop(
            _client(world),
            [{"role": "user", "content": task("one_by_one")}],
            world.tools(),
            run_tool=world.run_tool,
            max_turns=5,
        ).exit
    except LoopError as e:
        actual = e.result.exit
    predicted(guess, actual, T("guess_max_turns.differ", actual=actual, guess=guess))
    return T("guess_max_turns.passed", actual=actual, n=len(world.refunds()))
