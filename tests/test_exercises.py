"""The exercise contract, for every exercise of lessons 00-08.

An exercise is three cells: `exercise` (shipped as a stub), `check` (a few Chinese lines, never a
traceback) and `solution` (the reference answer, collapsed). Each check is run three times, in
the lesson's own state (every cell before the exercise executed in one namespace): on the stub as
shipped, with the solution's source in the exercise cell, and with a deliberately wrong attempt.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import io
import linecache
import re
from pathlib import Path

import nbformat
import pytest

from agentkit.lessons import registry
from agentkit.lessons.checks import INTERNAL, Verdict, predictions
from agentkit.lessons.solution import HEAD
from agentkit.settings import speaking

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = registry.paths(NOTEBOOKS, ("zh",))  # every lesson (agentkit.lessons.registry)
CJK = re.compile(r"[\u4e00-\u9fff]")

LOOP_HEAD = (
    "def fixed_stop_loop(client, messages, *, tools, run_tool, model):\n"
    "    for _turn in range(50):\n"
    "        resp = client.messages.create(\n"
    "            model=model, max_tokens=1024, tools=tools, messages=messages)\n"
    '        messages.append({"role": "assistant", "content": resp.content})\n'
)
LOOP_TAIL = (
    '        messages.append({"role": "user", "content": tool_results(resp, run_tool)})\n'
    '    raise RuntimeError("safety net")'
)
ROUND = (
    "def append_round(messages, response, run_tool):\n"
    '    messages.append({"role": "assistant", "content": response.content})\n'
    "    results = tool_results(response, run_tool)\n"
)
MESSAGE = (
    "def results_message(response, run_tool):\n"
    '    blocks = [b for b in response.content if b.type == "tool_use"]\n'
    "    results = []\n"
    "    for b in blocks:\n"
    "        try:\n"
    '            results.append({"type": "tool_result", "tool_use_id": b.id,\n'
    '                            "content": json.dumps(run_tool(b.name, b.input))})\n'
    "        except Exception as e:\n"
    '            results.append({"type": "tool_result", "tool_use_id": b.id,\n'
    '                            "content": str(e), "is_error": True})\n'
)
ANSWER = (
    "def answer(block, run_tool):\n"
    '    result = {"type": "tool_result", "tool_use_id": block.id}\n'
    "    try:\n"
    "        out = run_tool(block.name, block.input)\n"
    "    except Exception as e:\n"
)
HOOK = (
    "class RefundLimit:\n"
    "    def __init__(self, limit):\n"
    "        self.limit = limit\n\n"
    "    def before_tool(self, name, input):\n"
)
REQUEST = "def build_request(question):\n    return {"

# Wrong attempts at each exercise (by the exercise cell's id, without "ex-"): the source, and words
# the verdict must contain (the learner can act on it). Each is a way that once fooled a check, or
# a mistake the lessons teach against.
WRONG = {
    "09-quiz-answer": [('my_choice = "D"', "错在")],
    "00-stop-reasons": [
        ('continue_on = "end_turn"\nfinish_on = "tool_use"', "不表示"),
        (
            'continue_on = "tool_result"\nfinish_on = "end_turn"',
            "不是 stop_reason 的取值；可选的取值",
        ),
    ],
    "01-request": [
        (
            REQUEST + '"model": MODEL, "max_tokens": 1024,\n'
            '            "messages": [{"role": "user", "content": question}]}',
            "缺少 tools",
        ),
        (  # a hard-coded question
            REQUEST + '"model": MODEL, "max_tokens": 1024, "tools": TOOLS,\n'
            '            "messages": [{"role": "user", "content": "订单 A-1001 的商品坏了，请帮我退款。"}]}',
            "不要写死",
        ),
        (  # the question unused
            REQUEST + '"model": MODEL, "max_tokens": 1024, "tools": TOOLS,\n'
            '            "messages": [{"role": "user", "content": "你好"}]}',
            "参数 question",
        ),
        (  # too small a max_tokens
            REQUEST + '"model": MODEL, "max_tokens": 5, "tools": TOOLS,\n'
            '            "messages": [{"role": "user", "content": question}]}',
            "max_tokens=5 太小",
        ),
    ],
    "01-predict": [('my_prediction = ["tool_use", "tool_use", "tool_use"]', "第 2 项不对")],
    "02-round": [
        (  # one user message per result
            ROUND + "    for r in results:\n"
            '        messages.append({"role": "user", "content": [r]})\n'
            "    return messages",
            "应当追加 2 条消息",
        ),
        (  # a text note before the results
            ROUND + '    note = {"type": "text", "text": "工具结果如下"}\n'
            '    messages.append({"role": "user", "content": [note] + results})\n'
            "    return messages",
            "排在这条 user 消息的最前面",
        ),
        (  # only the first result
            ROUND + '    messages.append({"role": "user", "content": results[:1]})\n'
            "    return messages",
            "有 1 个 tool_result，应当有 3 个",
        ),
    ],
    "02-predict": [
        (
            'my_prediction = [("tool_use", ["lookup_order"]), ("tool_use", ["cancel_order"]),'
            ' ("end_turn", [])]',
            "和实际不一样",
        )
    ],
    "03-tool-result": [
        (  # lets the tool's exception escape
            "def answer(block, run_tool):\n"
            "    out = run_tool(block.name, block.input)\n"
            '    return {"type": "tool_result", "tool_use_id": block.id, "content": json.dumps(out)}',
            "你的代码抛出了",
        ),
        (  # a Python repr instead of JSON
            ANSWER + '        return result | {"content": str(e), "is_error": True}\n'
            '    return result | {"content": str(out)}',
            "不是 str(out)",
        ),
        (  # is_error as a string
            ANSWER + '        return result | {"content": str(e), "is_error": "true"}\n'
            '    return result | {"content": json.dumps(out, ensure_ascii=False)}',
            "布尔值 True",
        ),
    ],
    "03-predict": [("my_prediction = [1, 1, 1]", "和实际不一样")],
    "04-hook": [
        (  # denies a refund right at the cap
            HOOK + '        return "超过上限" if input.get("amount", 0) >= self.limit else None',
            "没有超过上限",
        ),
        (  # True is a denial without a reason
            HOOK + '        if name == "process_refund" and input["amount"] > self.limit:\n'
            "            return True\n"
            "        return None",
            "拒绝理由",
        ),
        (  # the figures of the check hard-coded
            HOOK + '        if name == "process_refund" and input["amount"] == 899.0:\n'
            '            return "超过上限"\n'
            "        return None",
            "不要写死订单号或金额",
        ),
        (  # the limit hard-coded
            HOOK + '        if name == "process_refund" and input["amount"] > 500:\n'
            '            return "超过上限"\n'
            "        return None",
            "不要写死 500",
        ),
        (  # ignores the tool's name
            HOOK + '        if input.get("amount", 0) > self.limit:\n'
            '            return "超过上限"\n'
            "        return None",
            "Hook 只管 process_refund",
        ),
    ],
    "04-predict": [
        (
            'my_prediction = {"decision_tree": ["lookup_order"],'
            ' "reference_loop": ["lookup_order"]}',
            "decision_tree 这几项不对",
        )
    ],
    "05-stop": [
        (  # a completion phrase as the stop signal
            LOOP_HEAD
            + '        if "完成" in str(resp.content) or resp.stop_reason == "end_turn":\n'
            "            return messages\n" + LOOP_TAIL,
            "场景通过",
        ),
        (  # the last block is text: does not read stop_reason
            LOOP_HEAD + '        if resp.content[-1].type == "text":\n'
            "            return messages\n" + LOOP_TAIL,
            "stop_reason=pause_turn",
        ),
        (  # no tool_use block: does not read stop_reason
            LOOP_HEAD + '        if not any(b.type == "tool_use" for b in resp.content):\n'
            "            return messages\n" + LOOP_TAIL,
            "pause_turn",
        ),
        (  # everything that is not tool_use is "done": pause_turn, max_tokens silently
            LOOP_HEAD + '        if resp.stop_reason != "tool_use":\n'
            "            return messages\n" + LOOP_TAIL,
            "pause_turn",
        ),
        (  # a five-turn cap
            LOOP_HEAD.replace("range(50)", "range(5)")
            + '        if resp.stop_reason == "end_turn":\n'
            "            return messages\n"
            '        if resp.stop_reason == "pause_turn":\n'
            "            continue\n" + LOOP_TAIL,
            "上限太小",
        ),
    ],
    "05-predict": [
        (
            'my_prediction = {"fixed_five_turns": {"long", "parallel"},'
            ' "tool_choice_none_after_last": {"long"}}',
            "和实际不一样",
        ),
        ("my_prediction = {}", "两个循环都要预测"),
        ('my_prediction = {"fixed_five_turns": {"long", "poll", "runaway"}}', "两个循环都要预测"),
    ],
    "06-branches": [
        (  # keeps the cut reply and the same budget
            "def on_pause_turn(messages, response):\n"
            '    messages.append({"role": "assistant", "content": response.content})\n'
            "    return messages\n\n\n"
            "def on_max_tokens(messages, response, max_tokens):\n"
            '    messages.append({"role": "assistant", "content": response.content})\n'
            "    return messages, max_tokens",
            "不能追加进 messages",
        ),
        (  # one more token: cut off again
            "def on_pause_turn(messages, response):\n"
            '    messages.append({"role": "assistant", "content": response.content})\n'
            "    return messages\n\n\n"
            "def on_max_tokens(messages, response, max_tokens):\n"
            "    return messages, max_tokens + 1",
            "又被截断了",
        ),
    ],
    "06-predict": [('my_prediction = ["completed", "completed", "max_turns"]', "第 2 项不对")],
    "07-loop": [("from agentkit.antipatterns import exception_aborts as my_loop", "场景通过")],
    "06b-hook": [
        (  # denies every refund, whatever the amount
            "async def deny_big_refunds(input_data, tool_use_id, context):\n"
            '    if "refund" in input_data["tool_name"]:\n'
            '        return {"hookSpecificOutput": {"hookEventName": "PreToolUse",\n'
            '                "permissionDecision": "deny", "permissionDecisionReason": "no"}}\n'
            "    return {}",
            "没有超过上限",
        ),
        ("def deny_big_refunds(input_data, tool_use_id, context):\n    return {}", "async def"),
    ],
    "06b-finished": [
        ('def finished(result):\n    return result.subtype == "success"', "is_error 为 True"),
    ],
    "08-self-1": [
        (
            'my_order = ["B", "A", "D", "C"]\nmy_actions = {"tool_use": "继续", "end_turn": "结束"}',
            "不对",
        )
    ],
    "08-self-2": [
        (  # lets a failing tool's exception escape
            "def results_message(response, run_tool):\n"
            '    blocks = [b for b in response.content if b.type == "tool_use"]\n'
            '    return {"role": "user", "content": [\n'
            '        {"type": "tool_result", "tool_use_id": b.id,\n'
            '         "content": json.dumps(run_tool(b.name, b.input))} for b in blocks]}',
            "你的代码抛出了",
        ),
        (  # text before the results
            MESSAGE + '    note = {"type": "text", "text": "结果如下"}\n'
            '    return {"role": "user", "content": [note] + results}',
            "排在这条 user 消息的最前面",
        ),
    ],
    "08-self-3": [
        ('first_blocks = ["tool_use"]\ntext_loop_refunds = 0', "first_blocks 这几项不对"),
        ('first_blocks = ["text", "tool_use"]\ntext_loop_refunds = 1', "text_loop_refunds 这几项"),
    ],
    "08-self-4": [('tree_fails = {"shipped", "unexpected"}\nmodel_fails = set()', "tree_fails")],
    "08-self-5": [('my_guess = "completed"', "实际不是 'completed'")],
}

PAUSE = (
    "def on_pause_turn(messages, response):\n"
    '    messages.append({"role": "assistant", "content": response.content})\n'
    "    return messages\n\n\n"
    "def on_max_tokens(messages, response, max_tokens):\n"
)
LOOP7 = (
    "def my_loop(client, messages, *, tools, run_tool, model):\n"
    "    for _turn in range(50):\n"
    "        resp = client.messages.create(\n"
    "            model=model, max_tokens=1024, tools=tools, messages=messages)\n"
    '        messages.append({"role": "assistant", "content": resp.content})\n'
    '        if resp.stop_reason in ("end_turn", "stop_sequence"):\n'
    "            return messages\n"
    '        if resp.stop_reason == "pause_turn":\n'
    "            continue\n"
    '        if resp.stop_reason != "tool_use":\n'
    "            raise RuntimeError(resp.stop_reason)\n"
    "        results = []\n"
    "        for b in resp.content:\n"
    '            if b.type != "tool_use":\n'
    "                continue\n"
    "            try:\n"
    "                out, bad = json.dumps(run_tool(b.name, b.input), ensure_ascii=False), False\n"
    "            except Exception as e:\n"
    "                out, bad = str(e), True\n"
    '            results.append({"type": "tool_result", "tool_use_id": b.id, "content": out,\n'
    '                            "is_error": bad})\n'
    '        messages.append({"role": "user", "content": results})\n'
    '    raise RuntimeError("safety net")'
)

# Attempts a fresh reviewer wrote for issue 21 (a second round): each one fooled its check (a pass,
# "检查本身出错", or a message that blamed the wrong thing) before the fix named beside it.
WRONG["00-stop-reasons"] += [
    ('continue_on = "tool_use"\nfinish_on = "stop_sequence"', "停止序列"),  # "对应 stop_sequence"
    ('continue_on = "tool_use"\nfinish_on = "max_tokens"', "被 max_tokens 截断"),  # "raise_limit"
]
WRONG["01-request"] += [
    (  # a parameter SDK 2.x's create() does not take: was "检查本身出错"
        REQUEST + '"model": MODEL, "max_tokens": 1024, "tools": TOOLS, "temperature": 0,\n'
        '            "messages": [{"role": "user", "content": question}]}',
        "不接受这个请求",
    ),
    (  # a stream is not a Message: was "检查本身出错"
        REQUEST + '"model": MODEL, "max_tokens": 1024, "tools": TOOLS, "stream": True,\n'
        '            "messages": [{"role": "user", "content": question}]}',
        "stream=True",
    ),
    (  # max_tokens as text: was "检查本身出错"
        REQUEST + '"model": MODEL, "max_tokens": "1024", "tools": TOOLS,\n'
        '            "messages": [{"role": "user", "content": question}]}',
        "应当是整数",
    ),
    (  # an assistant message after the question: was told "不要写死一句话"
        REQUEST + '"model": MODEL, "max_tokens": 1024, "tools": TOOLS,\n'
        '            "messages": [{"role": "user", "content": question},\n'
        '                         {"role": "assistant", "content": "好的"}]}',
        "只有一条 user 消息",
    ),
]
WRONG["02-round"] += [
    (  # the response object itself appended: was "检查本身出错"
        "def append_round(messages, response, run_tool):\n"
        "    messages.append(response)\n"
        '    messages.append({"role": "user", "content": tool_results(response, run_tool)})\n'
        "    return messages",
        "不要把 response 对象本身追加进去",
    ),
]
WRONG["02-predict"] += [
    (  # tool names not in a list: was only "你的预测 … 实际 …"
        'my_prediction = [("tool_use", "lookup_order"), ("tool_use", "create_return"),'
        ' ("end_turn", "")]',
        "写成列表",
    ),
]
WRONG["03-tool-result"] += [
    (  # the check's ids written in: passed
        ANSWER + '        return {"type": "tool_result", "tool_use_id": "toolu_bad",\n'
        '                "content": str(e), "is_error": True}\n'
        '    return {"type": "tool_result", "tool_use_id": "toolu_ok", "content": json.dumps(out)}',
        "block.id",
    ),
    (  # is_error as a number: was told to add "is_error": True, which it has (as 1)
        ANSWER + '        return result | {"content": str(e), "is_error": 1}\n'
        '    return result | {"content": json.dumps(out, ensure_ascii=False)}',
        "（int）",
    ),
    (  # the failure swallowed: was "… 还没做完：answer 返回了 None"
        ANSWER + "        pass\n"
        "    else:\n"
        '        return result | {"content": json.dumps(out, ensure_ascii=False)}',
        "工具失败时 answer 返回了 None",
    ),
]
WRONG["04-hook"] += [
    (  # an empty reason: the loop lets it through; was told "循环会拒绝这次调用"
        HOOK + '        if name == "process_refund" and input["amount"] > self.limit:\n'
        '            return ""\n'
        "        return None",
        "空字符串等于放行",
    ),
    (  # reads input["amount"] before the name: a bare KeyError, no word of which call
        HOOK + '        if input["amount"] > self.limit and name == "process_refund":\n'
        '            return "超过上限"\n'
        "        return None",
        "before_tool('lookup_order'",
    ),
    (  # False to allow: was told "应当放行（返回 None）" as if it had denied
        HOOK + '        if name == "process_refund" and input["amount"] > self.limit:\n'
        '            return "超过上限"\n'
        "        return False",
        "放行要返回 None",
    ),
]
WRONG["05-stop"] += [
    (  # a refusal returned as if done: passed
        LOOP_HEAD + '        if resp.stop_reason in ("end_turn", "refusal"):\n'
        "            return messages\n"
        '        if resp.stop_reason == "pause_turn":\n'
        "            continue\n"
        '        if resp.stop_reason != "tool_use":\n'
        "            raise RuntimeError(resp.stop_reason)\n" + LOOP_TAIL,
        "refusal 不是完成",
    ),
    (  # the safety net returns as if done: passed
        LOOP_HEAD + '        if resp.stop_reason == "end_turn":\n'
        "            return messages\n"
        '        if resp.stop_reason == "pause_turn":\n'
        "            continue\n"
        '        if resp.stop_reason != "tool_use":\n'
        "            raise RuntimeError(resp.stop_reason)\n"
        + LOOP_TAIL.replace('raise RuntimeError("safety net")', "return messages"),
        "悄悄返回",
    ),
]
WRONG["05-predict"] += [
    (  # lists of lists: was "检查本身出错"
        'my_prediction = {"fixed_five_turns": [["long"], ["poll"]],'
        ' "tool_choice_none_after_last": [["long"]]}',
        "场景 key 是字符串",
    ),
]
WRONG["06-branches"] += [
    (PAUSE + "    return messages, 1024", "不要写死一个数"),  # a fixed budget: passed
    (PAUSE + "    return messages, 24", "不要写死一个数"),  # twice the check's 12: passed
    (PAUSE + "    return messages, 4096", "不要写死一个数"),  # a generous fixed budget: passed
    (PAUSE + "    return messages, max_tokens * 1.5", "整数"),  # was told "应当变大"
    (  # drops the question: was told the cut reply must not be appended
        PAUSE + "    messages.pop()\n    return messages, max_tokens * 2",
        "少了消息",
    ),
]
WRONG["07-loop"] += [
    (  # the API's exception caught and answered with return: passed
        LOOP7.replace(
            "        resp = client.messages.create(\n"
            "            model=model, max_tokens=1024, tools=tools, messages=messages)\n",
            "        try:\n"
            "            resp = client.messages.create(\n"
            "                model=model, max_tokens=1024, tools=tools, messages=messages)\n"
            "        except Exception:\n"
            "            return messages\n",
        ),
        "529",
    ),
    (  # is_error as text: passed
        LOOP7.replace('"is_error": bad}', '"is_error": "true" if bad else "false"}'),
        "（str）",
    ),
    (  # a Python repr for a tool's output: passed
        LOOP7.replace(
            "json.dumps(run_tool(b.name, b.input), ensure_ascii=False)",
            "str(run_tool(b.name, b.input))",
        ),
        "不是 JSON",
    ),
    (  # a refusal returned as if done: passed
        LOOP7.replace('("end_turn", "stop_sequence")', '("end_turn", "stop_sequence", "refusal")'),
        "refusal 不是完成",
    ),
]
WRONG["08-self-1"] += [
    (  # English for 继续/结束: was told what tool_use means, not what to write
        'my_order = ["B", "D", "A", "C"]\nmy_actions = {"tool_use": "continue", "end_turn": "stop"}',
        '"继续" 或 "结束"',
    ),
    (  # words for letters: was "? → ? → ? → ?"
        'my_order = ["发送", "读", "执行", "追加"]\nmy_actions = {"tool_use": "继续", "end_turn": "结束"}',
        "不是步骤的字母",
    ),
]
WRONG["08-self-2"] += [
    (  # a Python repr for the successful lookups: passed
        MESSAGE.replace("json.dumps(run_tool(b.name, b.input))", "str(run_tool(b.name, b.input))")
        + '    return {"role": "user", "content": results}',
        "不是 str(out)",
    ),
]
WRONG["08-self-3"] += [
    ('first_blocks = ["text", "tool_use"]\ntext_loop_refunds = False', "不是 True/False"),  # passed
]

# Issue 24 (an English-only reviewer): step 3 without running the tools passed lesson 02's check;
# lesson 08 took a failed call's result without its error message; lesson 03's check hung on an
# answer that retries for ever.
USES = '    uses = [b for b in response.content if b.type == "tool_use"]\n'
WRONG["02-round"] += [
    (  # results made up, the tools never run: passed
        "def append_round(messages, response, run_tool):\n"
        '    messages.append({"role": "assistant", "content": response.content})\n'
        + USES
        + '    results = [{"type": "tool_result", "tool_use_id": b.id, "content": "ok"} for b in uses]\n'
        '    messages.append({"role": "user", "content": results})\n'
        "    return messages",
        "没有被执行",
    ),
    (  # a Python repr of each output: passed
        "def append_round(messages, response, run_tool):\n"
        '    messages.append({"role": "assistant", "content": response.content})\n'
        + USES
        + '    results = [{"type": "tool_result", "tool_use_id": b.id,\n'
        '                "content": str(run_tool(b.name, b.input))} for b in uses]\n'
        '    messages.append({"role": "user", "content": results})\n'
        "    return messages",
        "不是 str(out)",
    ),
    (  # each tool_use given the next call's output: passed
        "def append_round(messages, response, run_tool):\n"
        '    messages.append({"role": "assistant", "content": response.content})\n'
        + USES
        + "    outs = [json.dumps(run_tool(b.name, b.input), ensure_ascii=False) for b in uses]\n"
        "    outs = outs[1:] + outs[:1]\n"
        '    results = [{"type": "tool_result", "tool_use_id": b.id, "content": o}\n'
        "               for b, o in zip(uses, outs)]\n"
        '    messages.append({"role": "user", "content": results})\n'
        "    return messages",
        "另一次调用的输出",
    ),
]
WRONG["08-self-2"] += [
    (  # the failure without its message: passed
        MESSAGE.replace(
            '"content": str(e), "is_error": True', '"content": "failed", "is_error": True'
        )
        + '    return {"role": "user", "content": results}',
        "错误信息",
    ),
    (  # an empty failure: passed
        MESSAGE.replace('"content": str(e), "is_error": True', '"content": "", "is_error": True')
        + '    return {"role": "user", "content": results}',
        "错误信息",
    ),
]
WRONG["03-tool-result"] += [
    (  # retries a failing tool for ever: the check hung
        "def answer(block, run_tool):\n"
        "    while True:\n"
        "        try:\n"
        "            out = run_tool(block.name, block.input)\n"
        "        except Exception:\n"
        "            continue\n"
        '        return {"type": "tool_result", "tool_use_id": block.id, "content": json.dumps(out)}',
        "永远不会结束",
    ),
]

WRONG["06b-finished"] += [  # is_error alone: passed, though the hint says "only both together"
    (
        "def finished(result):\n    return not result.is_error",
        "error_max_turns 而 is_error 为 False",
    ),
]
WRONG["06b-hook"] += [
    (  # denies a refund right at the cap: passed (lesson 04's check tests the boundary)
        "async def deny_big_refunds(input_data, tool_use_id, context):\n"
        '    amount = input_data["tool_input"].get("amount", 0)\n'
        '    if input_data["tool_name"].endswith("process_refund") and amount >= REFUND_CAP:\n'
        '        return {"hookSpecificOutput": {"hookEventName": "PreToolUse",\n'
        '                "permissionDecision": "deny", "permissionDecisionReason": "over"}}\n'
        "    return {}",
        "不是大于等于",
    ),
]

# Right attempts in another form than the solution's: each must pass.
RIGHT = {
    "00-stop-reasons": ['finish_on = "end_turn"\ncontinue_on = "tool_use"'],
    "01-request": [
        "def build_request(question):\n"
        "    return dict(model=MODEL, max_tokens=2048, tools=list(TOOLS),\n"
        '                messages=[{"role": "user", "content": [{"type": "text", "text": question}]}])'
    ],
    "02-round": [
        ROUND + '    note = {"type": "text", "text": "以上是全部工具结果。"}\n'
        '    return messages + [{"role": "user", "content": results + [note]}]'
    ],
    "03-tool-result": [
        "def answer(block, run_tool):\n"
        "    try:\n"
        '        return {"type": "tool_result", "tool_use_id": block.id,\n'
        '                "content": json.dumps(run_tool(block.name, block.input)), "is_error": False}\n'
        "    except Exception as e:\n"
        '        return {"type": "tool_result", "tool_use_id": block.id,\n'
        '                "content": f"出错：{e}", "is_error": True}'
    ],
    "04-hook": [
        HOOK + '        if name != "process_refund":\n'
        "            return None\n"
        '        if float(input["amount"]) <= self.limit:\n'
        "            return None\n"
        "        return f\"{input['amount']} 元超过上限，请转人工\""
    ],
    "05-stop": [
        LOOP_HEAD + "        match resp.stop_reason:\n"
        '            case "end_turn":\n'
        "                return messages\n"
        '            case "pause_turn":\n'
        "                continue\n"
        '            case "tool_use":\n'
        "                pass\n"
        "            case other:\n"
        '                raise RuntimeError(f"stop_reason={other}")\n' + LOOP_TAIL
    ],
    "05-predict": [
        "my_prediction = {\n"
        '    "tool_choice_none_after_last": ["english", "refund_cap", "tool_error", "long", "round_failure"],\n'
        '    "fixed_five_turns": ["runaway", "poll", "long", "repo_busy", "repo_fix"],\n'
        "}"
    ],
    "06-branches": [
        "def on_pause_turn(messages, response):\n"
        '    return messages + [{"role": "assistant", "content": response.content}]\n\n\n'
        "def on_max_tokens(messages, response, max_tokens):\n"
        "    return messages, max_tokens * 4"
    ],
    "08-self-2": [
        MESSAGE + '    note = {"type": "text", "text": "A-1002 的查询失败了。"}\n'
        '    return {"role": "user", "content": results + [note]}'
    ],
    "08-self-4": ['tree_fails = ["unexpected"]\nmodel_fails = []'],
}


# Results in another order than the tool_use blocks: the API takes them (the tool calls of one
# turn are unordered), lesson 07's grader too; lessons 02 and 08 said "in order".
RIGHT["02-round"].append(
    ROUND + '    messages.append({"role": "user", "content": results[::-1]})\n    return messages'
)
RIGHT["08-self-2"].append(MESSAGE + '    return {"role": "user", "content": results[::-1]}')
RIGHT["06-branches"] += [
    # the blocks as model_dump() dicts (None fields kept): was rejected as "not verbatim"
    "def on_pause_turn(messages, response):\n"
    "    content = [b.model_dump() for b in response.content]\n"
    '    return [*messages, {"role": "assistant", "content": content}]\n\n\n'
    "def on_max_tokens(messages, response, max_tokens):\n"
    "    return list(messages), min(max_tokens * 4, 64000)",
]
RIGHT["06-branches"].append(PAUSE + "    return messages, min(max_tokens * 2, 4096)")  # a ceiling
RIGHT["07-loop"] = [LOOP7]  # is_error False on every success, True on each failure


# Issue 36 (a teacher's attempts): each one fooled its check (a pass, or a message that blamed the
# wrong thing) before the fix beside it. The words are (Chinese, English): the English edition's
# check must say the same (test_the_english_checks_catch_the_issue_36_attempts).
TWICE = (  # every tool run once for nothing, then again for the results: a refund paid twice
    "    for b in response.content:\n"
    '        if b.type == "tool_use":\n'
    "            try:\n"
    "                run_tool(b.name, b.input)\n"
    "            except Exception:\n"
    "                pass\n"
)
WRONG["01-request"] += [
    (  # a tool forced: passed, the check only asked questions that need one
        REQUEST + '"model": MODEL, "max_tokens": 1024, "tools": TOOLS,\n'
        '            "tool_choice": {"type": "any"},\n'
        '            "messages": [{"role": "user", "content": question}]}',
        ("强迫模型调用工具", "forces the model to call a tool"),
    ),
    (  # a tool forced by name: passed
        REQUEST + '"model": MODEL, "max_tokens": 1024, "tools": TOOLS,\n'
        '            "tool_choice": {"type": "tool", "name": "lookup_order"},\n'
        '            "messages": [{"role": "user", "content": question}]}',
        ("tool_choice", "tool_choice"),
    ),
]
WRONG["02-round"] += [
    (
        "def append_round(messages, response, run_tool):\n"
        '    messages.append({"role": "assistant", "content": response.content})\n'
        + TWICE
        + '    messages.append({"role": "user", "content": tool_results(response, run_tool)})\n'
        "    return messages",
        ("被执行了 2 次", "was run 2 times"),
    ),
]
WRONG["08-self-2"] += [
    (
        "from agentkit.tools import tool_results\n\n\n"
        "def results_message(response, run_tool):\n"
        + TWICE
        + '    return {"role": "user", "content": tool_results(response, run_tool)}',
        ("被执行了 2 次", "was run 2 times"),
    ),
]
WRONG["03-tool-result"] += [
    (  # one failure text written in for every failure: passed (the lesson printed the check's text)
        ANSWER + '        return result | {"content": "库存不足", "is_error": True}\n'
        '    return result | {"content": json.dumps(out, ensure_ascii=False)}',
        ("错误信息", "error message"),
    ),
]
WRONG["04-hook"] += [
    (  # the limit in a module global: passed
        "class RefundLimit:\n"
        "    def __init__(self, limit):\n"
        "        global LIMIT\n"
        "        LIMIT = limit\n\n"
        "    def before_tool(self, name, input):\n"
        '        if name == "process_refund" and input["amount"] > LIMIT:\n'
        '            return "超过上限"\n'
        "        return None",
        ("共用了同一个上限", "share one limit"),
    ),
    (  # the limit set on the class: passed
        "class RefundLimit:\n"
        "    def __init__(self, limit):\n"
        "        RefundLimit.limit = limit\n\n"
        "    def before_tool(self, name, input):\n"
        '        if name == "process_refund" and input["amount"] > self.limit:\n'
        '            return "超过上限"\n'
        "        return None",
        ("类属性", "class attribute"),
    ),
    (  # the amount cut to an int: passed (no amount just above the limit was tried)
        HOOK + '        if name == "process_refund" and int(input["amount"]) > self.limit:\n'
        '            return "超过上限"\n'
        "        return None",
        ("500.5", "500.5"),
    ),
]
WRONG["05-stop"] += [
    (  # raises only for max_tokens and refusal, runs the tools for any other value: passed
        LOOP_HEAD + '        if resp.stop_reason == "end_turn":\n'
        "            return messages\n"
        '        if resp.stop_reason == "pause_turn":\n'
        "            continue\n"
        '        if resp.stop_reason in ("max_tokens", "refusal"):\n'
        "            raise RuntimeError(resp.stop_reason)\n" + LOOP_TAIL,
        ("stop_sequence", "stop_sequence"),
    ),
]
WRONG["06-branches"] += [
    (  # ignores its argument and doubles a module-level budget: passed
        "BUDGET = 1024\n\n\n"
        + PAUSE
        + "    global BUDGET\n    BUDGET *= 2\n    return messages, BUDGET",
        ("不只由传进来的值决定", "from the value passed in alone"),
    ),
]
WRONG["06b-hook"] += [
    (  # no hookEventName: the CLI rejects the output and the refund goes through; passed
        "async def deny_big_refunds(input_data, tool_use_id, context):\n"
        '    if input_data["tool_input"].get("amount", 0) > REFUND_CAP:\n'
        '        return {"hookSpecificOutput": {\n'
        '                "permissionDecision": "deny", "permissionDecisionReason": "over"}}\n'
        "    return {}",
        ("没有 hookEventName", "has no hookEventName"),
    ),
    (  # the wrong event: the model gets "hook failed"; passed
        "async def deny_big_refunds(input_data, tool_use_id, context):\n"
        '    if input_data["tool_input"].get("amount", 0) > REFUND_CAP:\n'
        '        return {"hookSpecificOutput": {"hookEventName": "PostToolUse",\n'
        '                "permissionDecision": "deny", "permissionDecisionReason": "over"}}\n'
        "    return {}",
        ("'PostToolUse'", "'PostToolUse'"),
    ),
]
WRONG["06b-finished"] += [
    (  # rules out error_max_turns only: passed
        "def finished(result):\n"
        '    return result.subtype != "error_max_turns" and not result.is_error',
        ("error_during_execution", "error_during_execution"),
    ),
    (  # asks for more than one turn: passed
        "def finished(result):\n"
        '    return result.subtype == "success" and not result.is_error and result.num_turns > 1',
        ("只用了 1 轮", "in a single turn"),
    ),
]
RIGHT["03-tool-result"].append(  # the error as JSON: in Chinese the escaped text did not match
    ANSWER
    + '        return result | {"content": json.dumps({"error": str(e)}), "is_error": True}\n'
    '    return result | {"content": json.dumps(out)}'
)
RIGHT["06-branches"] += [
    PAUSE + "    return [messages, max_tokens * 2]",  # a list: was "should return two items"
    PAUSE + "    return messages, max(2 * max_tokens, 4096)",  # was "does not follow the value"
]
RIGHT["01-request"].append(  # tool_choice auto: the model still decides
    REQUEST + '"model": MODEL, "max_tokens": 1024, "tools": TOOLS,\n'
    '            "tool_choice": {"type": "auto"},\n'
    '            "messages": [{"role": "user", "content": question}]}'
)
RIGHT["04-hook"].append(  # a dataclass: the limit on the instance
    "from dataclasses import dataclass\n\n\n"
    "@dataclass\n"
    "class RefundLimit:\n"
    "    limit: float\n\n"
    "    def before_tool(self, name, input):\n"
    '        if name == "process_refund" and input["amount"] > self.limit:\n'
    '            return "超过上限"\n'
    "        return None"
)


def misshapen(source: str) -> str | None:
    """`source` with one parameter too few in each function it defines (a class: in its
    __init__), or None when it defines none: the learner's function with the wrong parameters."""
    tree = ast.parse(source)
    found = False
    for node in tree.body:
        fns = [node] if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else []
        if isinstance(node, ast.ClassDef):
            fns = [f for f in node.body if isinstance(f, ast.FunctionDef) and f.name == "__init__"]
        for fn in fns:
            args, least = fn.args, 1 if isinstance(node, ast.ClassDef) else 0
            required = len(args.args) - len(args.defaults)  # defaults align to the end
            kw = [i for i, d in enumerate(args.kw_defaults) if d is None]
            if kw:  # a required keyword-only parameter
                del args.kwonlyargs[kw[-1]], args.kw_defaults[kw[-1]]
            elif required > least:
                del args.args[required - 1]
            else:
                continue
            found = True
    return ast.unparse(tree) if found else None


def reference_name(name: str) -> str:
    """The name a solution cell gives the reference answer for the learner's `name`."""
    return "Reference" + name if name[0].isupper() else "reference_" + name.removeprefix("my_")


def defined(source: str) -> list[str]:
    """The top-level names a cell defines (functions, classes, plain assignments)."""
    names: list[str] = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
    return names


def tags(cell) -> set[str]:
    return set(cell.metadata.get("tags", []))


def exercises(nb) -> list[tuple[int, int, list[int]]]:
    """(exercise, check, [solution cells]) indices, in order."""
    found = []
    for i, cell in enumerate(nb.cells):
        if "exercise" in tags(cell):
            found.append([i, None, []])
        elif "check" in tags(cell) and found and found[-1][1] is None:
            found[-1][1] = i
        elif "solution" in tags(cell) and found and found[-1][1] is not None:
            found[-1][2].append(i)
    return [tuple(f) for f in found]


def all_exercises():
    for path in LESSONS:
        nb = nbformat.read(path, as_version=4)
        for ex, check, solutions in exercises(nb):
            yield path, nb.cells[ex].id.removeprefix("ex-"), (ex, check, solutions)


ALL = list(all_exercises())


def _run(source: str, ns: dict, name: str):
    """Execute a cell's source like a kernel does: the value of a last expression is returned."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    linecache.cache[name] = (len(source), None, source.splitlines(True), name)
    exec(compile(tree, name, "exec"), ns)
    if last is not None:
        return eval(compile(ast.Expression(last.value), name, "eval"), ns)
    return None


def edition_language(path: Path):
    """AGENTKIT_LANG as the edition's kernel has it while its cells run (the English edition's
    first cell is `%env AGENTKIT_LANG=en`), put back afterwards."""
    return speaking("en" if path.parent.name == "en" else "zh")


@functools.cache
def verdicts(path: Path) -> dict[str, dict[str, object]]:
    """Run the lesson top to bottom; at each exercise, its check on stub, solution and wrong."""
    nb = nbformat.read(path, as_version=4)
    marks = {ex: (check, sols) for ex, check, sols in exercises(nb)}
    ns: dict = {"__name__": "__main__"}
    out: dict[str, dict[str, object]] = {}
    with contextlib.redirect_stdout(io.StringIO()), edition_language(path):
        for i, cell in enumerate(nb.cells):
            if cell.cell_type != "code" or cell.source.startswith("%env"):
                continue  # the English edition's first cell: edition_language sets it
            if i in marks:
                check, sols = marks[i]
                key = cell.id.removeprefix("ex-")
                names = defined(cell.source)
                solution = "\n\n".join(
                    nb.cells[s].source for s in sols if nb.cells[s].cell_type == "code"
                )
                aliases = "\n".join(f"{n} = {reference_name(n)}" for n in names)
                attempts = {"stub": cell.source, "solution": solution + "\n" + aliases}
                for n, (source, _) in enumerate(WRONG.get(key, [])):
                    attempts[f"wrong {n}"] = source
                for n, source in enumerate(RIGHT.get(key, [])):
                    attempts[f"right {n}"] = source
                if (shape := misshapen(solution)) is not None:
                    attempts["misshapen"] = shape + "\n" + aliases
                out[key] = {}
                for kind, source in attempts.items():
                    predictions.TRIES.clear()  # each attempt a first try
                    trial = dict(ns)
                    try:
                        _run(source, trial, f"<{path.stem} {key} {kind}>")
                        out[key][kind] = _run(
                            nb.cells[check].source, trial, f"<{path.stem} check {kind}>"
                        )
                    except Exception as e:  # a check must never raise: record it for the test
                        out[key][kind] = e
            _run(cell.source, ns, f"<{path.stem} cell {i}>")
    return out


@pytest.mark.slow
@pytest.mark.parametrize("path, key, cells", ALL, ids=[k for _, k, _ in ALL])
def test_the_check_fails_on_the_stub_passes_with_the_solution_and_answers_a_wrong_attempt(
    path, key, cells
):
    got = verdicts(path)[key]
    for kind, verdict in got.items():
        assert isinstance(verdict, Verdict), f"{kind}: the check raised {verdict!r}"
        assert INTERNAL not in repr(verdict), f"{kind}: {verdict!r}"
        assert 2 <= len(repr(verdict).splitlines()) or verdict.passed, repr(verdict)
    assert not got["stub"].passed and repr(got["stub"]).startswith("… 还没做完"), got["stub"]
    assert got["solution"].passed, got["solution"]
    for n, (_, words) in enumerate(WRONG[key]):
        words = words[0] if isinstance(words, tuple) else words  # (Chinese, English)
        wrong = got[f"wrong {n}"]
        assert not wrong.passed and "提示：" in repr(wrong), wrong
        assert words in repr(wrong), f"wrong {n}: {words!r} not in {wrong!r}"
    for n in range(len(RIGHT.get(key, []))):
        assert got[f"right {n}"].passed, f"right {n}: {got[f'right {n}']!r}"


BOTH = [(p, k, c) for p, k, c in ALL if any(isinstance(w, tuple) for _, w in WRONG.get(k, []))]


@pytest.mark.slow
@pytest.mark.parametrize("path, key, cells", BOTH, ids=[k for _, k, _ in BOTH])
def test_the_english_checks_catch_the_issue_36_attempts(path, key, cells):
    """The same attempts in the English edition: each wrong one gets its message in English, the
    right ones and the solution pass."""
    got = verdicts(path.parent / "en" / path.name)[key]
    assert got["solution"].passed, got["solution"]
    assert repr(got["stub"]).startswith("… Not done yet"), got["stub"]
    for n, (_, words) in enumerate(WRONG[key]):
        if isinstance(words, tuple):
            wrong = got[f"wrong {n}"]
            assert not wrong.passed and "Hint:" in repr(wrong), wrong
            assert words[1] in repr(wrong), f"wrong {n}: {words[1]!r} not in {wrong!r}"
    for n in range(len(RIGHT.get(key, []))):
        assert got[f"right {n}"].passed, f"right {n}: {got[f'right {n}']!r}"


def _asks_for_code(path: Path, cells) -> bool:
    nb = nbformat.read(path, as_version=4)
    code = [nb.cells[s].source for s in cells[2] if nb.cells[s].cell_type == "code"]
    return misshapen("\n".join(code)) is not None


CODE = [(p, k, c) for p, k, c in ALL if _asks_for_code(p, c)]


@pytest.mark.slow  # runs each lesson up to its exercise
@pytest.mark.parametrize("path, key, cells", CODE, ids=[k for _, k, _ in CODE])
def test_a_learners_function_with_the_wrong_parameters_is_told_so_never_blamed_on_the_check(
    path, key, cells
):
    """Issue 24: append_round(messages, response) got "⚠ 检查本身出错 … TypeError: append_round()
    takes 2 positional arguments but 3 were given". The check compares the signature first and
    says what the function should take and what it takes."""
    verdict = verdicts(path)[key]["misshapen"]
    assert isinstance(verdict, Verdict) and not verdict.passed, verdict
    assert INTERNAL not in repr(verdict), verdict
    assert "应当接受" in repr(verdict) and "提示：" in repr(verdict), verdict


def test_every_exercise_that_asks_for_code_is_tried_with_the_wrong_parameters():
    keys = {k for _, k, _ in CODE}
    for want in ("01-request", "02-round", "03-tool-result", "04-hook", "05-stop", "06-branches"):
        assert want in keys
    assert {"07-loop", "06b-hook", "06b-finished", "08-self-2"} <= keys


@pytest.mark.parametrize("path, key, cells", ALL, ids=[k for _, k, _ in ALL])
def test_a_solution_never_takes_the_learners_names_and_its_first_line_gives_nothing_away(
    path, key, cells
):
    nb = nbformat.read(path, as_version=4)
    ex, _, solutions = cells
    names = defined(nb.cells[ex].source)
    for s in solutions:
        cell = nb.cells[s]
        first = cell.source.splitlines()[0]
        if cell.cell_type == "code":
            assert first == HEAD, f"a collapsed solution shows its first line: {first!r}"
            taken = set(defined(cell.source)) & set(names)
            assert not taken, f"the solution overwrites the learner's {sorted(taken)}"
            assert {reference_name(n) for n in names} <= set(defined(cell.source))
        else:  # a written answer: a heading line, the answer inside <details>
            assert first.startswith("**参考答案") and not re.search(r"[A-Za-z0-9`\"]", first)
            assert "<details>" in cell.source and cell.source.rstrip().endswith("</details>")


def test_a_later_cell_that_runs_the_learners_code_says_whose_code_it_ran():
    for path in LESSONS:
        nb = nbformat.read(path, as_version=4)
        names: set[str] = set()
        for cell in nb.cells:
            kinds = tags(cell)
            if "exercise" in kinds:
                names |= set(defined(cell.source))
            elif cell.cell_type == "code" and not kinds & {"check", "solution"}:
                used = {n for n in names if re.search(rf"\b{n}\b", cell.source)}
                if used:
                    assert "yours_or_reference" in cell.source or "你的" in cell.source, (
                        path.name,
                        cell.id,
                        used,
                    )


def test_the_small_solution_cells_are_the_references_later_cells_fall_back_on():
    import inspect

    from agentkit.lessons.solution import REFERENCES

    found = {}
    for path in LESSONS:
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            if "solution" in tags(cell) and cell.cell_type == "code":
                for name, ref in REFERENCES.values():
                    if reference_name(name) in defined(cell.source):
                        found[name] = cell.source.split("\n", 1)[1]
                        assert found[name] == inspect.getsource(ref).rstrip(), name
    assert set(found) == {name for name, _ in REFERENCES.values()}


@pytest.mark.parametrize(
    "shape", ["lambda", "instance", "partial"], ids=["lambda", "instance", "partial"]
)
def test_a_later_cell_finds_the_reference_by_the_check_never_by_the_answers_name(shape, capsys):
    """Issue 36: a right answer written as a lambda passed, then yours_or_reference raised "no
    reference answer for <lambda>" (it looked the answer up by its __name__)."""
    from agentkit.lessons import checks
    from agentkit.lessons.solution import reference_build_request

    class Builder:
        def __call__(self, question):
            return reference_build_request(question)

    right = {
        "lambda": lambda q: reference_build_request(q),
        "instance": Builder(),
        "partial": functools.partial(reference_build_request),
    }[shape]
    assert checks.yours_or_reference(right, checks.request) is right
    assert "你的 build_request" in capsys.readouterr().out
    wrong = {"lambda": lambda q: {}, "instance": object(), "partial": functools.partial(dict)}
    assert checks.yours_or_reference(wrong[shape], checks.request) is reference_build_request
    assert "参考答案 reference_build_request" in capsys.readouterr().out


@pytest.mark.parametrize("path, key, cells", ALL, ids=[k for _, k, _ in ALL])
def test_each_exercise_ships_as_a_stub_with_its_check_and_a_collapsed_solution(path, key, cells):
    nb = nbformat.read(path, as_version=4)
    ex, check, solutions = cells
    stub = nb.cells[ex].source
    assert re.search(r"TODO|\.\.\.|\bpass\b", stub), "the exercise cell is not a stub"
    todos = [line for line in stub.splitlines() if "TODO" in line]
    assert todos and all(CJK.search(line) for line in todos), "TODO comments are in Chinese"
    assert check is not None and len(nb.cells[check].source.splitlines()) <= 4
    assert solutions, "no solution cell after the check"
    for s in solutions:
        assert nb.cells[s].metadata.get("jupyter", {}).get("source_hidden") is True
    shipped = "".join(
        o.get("text", "") + o.get("data", {}).get("text/plain", "") for o in nb.cells[check].outputs
    )
    assert shipped.startswith("… 还没做完"), "as shipped, the check says the exercise is not done"
    assert WRONG.get(key), f"no wrong attempt for {key} in WRONG"


def test_at_least_fifteen_exercises_over_eight_lessons_and_code_in_every_lesson_01_to_08():
    assert len(ALL) >= 15
    lessons = {p.name[:2] for p, _, _ in ALL}
    assert len(lessons) >= 8
    for n in range(1, 9):
        sources = [
            nbformat.read(p, as_version=4).cells[c[0]].source
            for p, _, c in ALL
            if p.name[:2] == f"{n:02d}"
        ]
        assert any(re.search(r"^(def|class) ", s, re.M) for s in sources), (
            f"lesson {n:02d} asks for no code"
        )


def _raises(*args, **kwargs):
    raise ValueError("learner bug")


def _type_error(*args, **kwargs):  # a TypeError inside a function whose parameters fit
    raise TypeError("learner bug")


def patch_every_checks_module(monkeypatch, name: str, value) -> None:
    """`name` replaced in every module of agentkit.lessons.checks that has it (one per lesson)."""
    from agentkit.lessons import checks

    for module in checks.modules():
        if hasattr(module, name):
            monkeypatch.setattr(module, name, value)


CHECKS = [
    f
    for name, f in vars(__import__("agentkit.lessons.checks", fromlist=["x"])).items()
    if callable(f) and getattr(f, "__wrapped__", None) is not None
]


@pytest.mark.parametrize("check", CHECKS, ids=lambda f: f.__name__)
@pytest.mark.parametrize(
    "odd", [None, 5, "x", _raises, _type_error], ids=["None", "int", "str", "raises", "TypeError"]
)
def test_every_check_answers_any_attempt_with_a_verdict_never_an_exception(check, odd):
    import inspect

    n = len(inspect.signature(check.__wrapped__).parameters)
    args = [odd] * n
    if check.__name__ == "predicted_stop_reasons":
        args[1] = ["你好！"]
    verdict = check(*args)
    assert isinstance(verdict, Verdict) and not verdict.passed, verdict
    assert "提示：" in repr(verdict)
    assert INTERNAL not in repr(verdict), (
        f"a wrong answer is the learner's, not a check bug: {verdict}"
    )


@pytest.mark.parametrize("check", CHECKS, ids=lambda f: f.__name__)
def test_a_bug_inside_a_check_is_reported_as_the_checks_own_never_blamed_on_the_learner(
    check, monkeypatch
):
    import inspect
    import operator

    broken = operator.attrgetter("x")  # C code: raises TypeError, with no frame of the learner's
    for helper in ("require", "answered", "returned"):
        patch_every_checks_module(monkeypatch, helper, broken)
    n = len(inspect.signature(check.__wrapped__).parameters)
    args = [lambda *a, **k: None] * n
    verdict = check(*args)
    assert not verdict.passed and repr(verdict).startswith(INTERNAL), verdict
    assert "TypeError" in repr(verdict) and "不是你的答案的问题" in repr(verdict)
    assert "还不对" not in repr(verdict) and "你的代码" not in repr(verdict)


def test_text_exit_counts_the_refunds_of_a_run_that_made_some(monkeypatch):
    """text_exit reads each ToolRun by name (it once unpacked the five-field ToolRun as a triple,
    which only a run with tool calls reaches)."""
    from agentkit import antipatterns
    from agentkit.grading import reference_loop
    from agentkit.lessons import checks

    monkeypatch.setattr(antipatterns, "stop_on_text_block", reference_loop)
    verdict = checks.text_exit(["text", "tool_use"], 1)
    assert verdict.passed, verdict
    assert "退款 1 次" in repr(verdict)


@pytest.mark.parametrize("odd", ["a note", 5, None, ["nested"]], ids=["str", "int", "None", "list"])
def test_an_item_that_is_not_a_block_gets_a_clear_verdict_never_a_false_pass(odd):
    """The checks read blocks with agentkit.content.blocks, which leaves out what is not a block;
    where that would grade the rest alone, a check says which item is wrong instead (the old
    `checks._blocks` raised on it: "检查本身出错", blamed on the check)."""
    from agentkit.lessons import checks
    from agentkit.tools import tool_results

    def append_round(messages, response, run_tool):
        messages.append({"role": "assistant", "content": response.content})
        messages.append({"role": "user", "content": tool_results(response, run_tool) + [odd]})
        return messages

    def results_message(response, run_tool):
        return {"role": "user", "content": tool_results(response, run_tool) + [odd]}

    def on_pause_turn(messages, response):  # the response's blocks verbatim, plus one more item
        return messages + [{"role": "assistant", "content": [*response.content, odd]}]

    for verdict, words in [
        (checks.round_appended(append_round), "第 4 项是"),
        (checks.results_message(results_message), "第 4 项是"),
        (checks.branches(on_pause_turn, lambda m, r, n: (m, n * 2)), "一模一样"),
    ]:
        assert not verdict.passed and INTERNAL not in repr(verdict), verdict
        assert words in repr(verdict) and "提示：" in repr(verdict), verdict


def test_a_round_appended_in_place_but_not_returned_is_not_a_pass():
    """A reviewer's wrong answer: the appends are right but `return messages` is missing. The next
    cell goes on with what append_round returns, so None is a ✗ here, not a 400 two cells later."""
    from agentkit.lessons import checks
    from agentkit.tools import tool_results

    def append_round(messages, response, run_tool):
        messages.append({"role": "assistant", "content": response.content})
        messages.append({"role": "user", "content": tool_results(response, run_tool)})

    verdict = checks.round_appended(append_round)
    assert not verdict.passed and "返回 messages" in repr(verdict), verdict


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_wrong_prediction_gets_a_clue_first_and_the_answer_on_a_second_try(lang, monkeypatch):
    """Issue 36: the prediction checks gave the answer away on the first wrong try. Now the first
    says where the prediction is off, the second (or show_answer=True at once) what happens."""
    from agentkit.lessons import checks

    monkeypatch.setenv("AGENTKIT_LANG", lang)
    predictions.TRIES.clear()
    questions = [checks.task("where"), checks.task("hello"), checks.task("where")]
    wrong = ["end_turn", "end_turn", "end_turn"]
    first = checks.predicted_stop_reasons(wrong, questions)
    assert not first.passed and "tool_use" not in repr(first), first
    assert ("第 1, 3 项不对" if lang == "zh" else "item 1, 3 is off") in repr(first), first
    assert "show_answer=True" in repr(first), first
    second = checks.predicted_stop_reasons(wrong, questions)
    assert not second.passed and "['tool_use', 'end_turn', 'tool_use']" in repr(second), second
    right = checks.predicted_stop_reasons(["tool_use", "end_turn", "tool_use"], questions)
    assert right.passed and not predictions.TRIES, right
    asked = checks.predicted_stop_reasons(wrong, questions, show_answer=True)
    assert "['tool_use', 'end_turn', 'tool_use']" in repr(asked), asked


def test_a_pause_turn_sent_again_as_it_was_is_said_so_not_called_an_appended_message():
    """Issue 36: a loop that appended nothing after pause_turn was told it "appended a user
    message" (the question, which was already there)."""
    from agentkit.grading import check_loop
    from agentkit.lessons.scenarios import scenarios
    from agentkit.tools import tool_results

    def skips_the_pause(client, messages, *, tools, run_tool, model):
        for _turn in range(50):
            resp = client.messages.create(
                model=model, max_tokens=1024, tools=tools, messages=messages
            )
            if resp.stop_reason == "pause_turn":
                continue  # the content never appended
            messages.append({"role": "assistant", "content": resp.content})
            if resp.stop_reason == "end_turn":
                return messages
            messages.append({"role": "user", "content": tool_results(resp, run_tool)})
        raise RuntimeError("safety net")

    [result] = check_loop(skips_the_pause, scenarios("research")).results
    assert not result.passed and "什么也没追加" in result.diagnosis, result.diagnosis
    assert "追加了一条 user 消息" not in result.diagnosis, result.diagnosis


def display_width(line: str) -> int:
    """Columns a line takes in JupyterLab's monospace font: a CJK character takes two."""
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in line)


@pytest.mark.parametrize(
    "path", registry.paths(NOTEBOOKS), ids=lambda p: str(p.relative_to(NOTEBOOKS))
)
def test_no_line_of_an_exercise_cell_is_wider_than_88_columns(path):
    """Issue 36: lesson 07's stub cut its own instructions off screen (lines to 164 columns)."""
    nb = nbformat.read(path, as_version=4)
    wide = [
        (cell.id, display_width(line), line)
        for cell in nb.cells
        if "exercise" in tags(cell)
        for line in cell.source.splitlines()
        if display_width(line) > 88
    ]
    assert not wide, wide


# Issue 36, a second fresh reviewer (stop 42): attempts of kinds the lists above did not have.
# Two fooled their check (06b: a hook that falls off its end, returning None, to let a call
# through, which the SDK cannot send to the CLI; a finished() that reads stop_reason); one right
# answer was rejected (06: a budget grown by 1.5, which a loop retries twice); the others got a
# message that blamed the wrong thing or left the learner guessing, fixed beside each.
TRY = MESSAGE.split("        except Exception as e:\n")[0] + "        except Exception as e:\n"
W36 = {
    "00-stop-reasons": [
        (  # OpenAI's finish_reason values
            'continue_on = "tool_calls"\nfinish_on = "stop"',
            ("'tool_calls' 不是 stop_reason 的取值", "'tool_calls' is not a stop_reason value"),
        ),
        (
            'continue_on = "pause_turn"\nfinish_on = "end_turn"',
            ("'pause_turn' 不表示", "'pause_turn' does not mean"),
        ),
        (  # two values where one is asked for
            'continue_on = "tool_use"\nfinish_on = ["end_turn", "stop_sequence"]',
            ("不是 stop_reason 的取值", "is not a stop_reason value"),
        ),
    ],
    "01-request": [
        (  # an OpenAI-style system message: was "the first role should be user"
            REQUEST + '"model": MODEL, "max_tokens": 1024, "tools": TOOLS,\n'
            '            "messages": [{"role": "system", "content": "你是客服"},\n'
            '                         {"role": "user", "content": question}]}',
            ("没有 system 消息", "has no system message"),
        ),
        (  # one request dict for every call: was "this request has one user message only"
            'REQ = {"model": MODEL, "max_tokens": 1024, "tools": TOOLS, "messages": []}\n\n\n'
            "def build_request(question):\n"
            '    REQ["messages"].append({"role": "user", "content": question})\n'
            "    return REQ",
            ("返回了同一个 dict", "returned the same dict"),
        ),
        (  # the API called inside, the Message returned
            "def build_request(question):\n"
            "    return client.messages.create(model=MODEL, max_tokens=1024, tools=TOOLS,\n"
            '        messages=[{"role": "user", "content": question}])',
            ("返回了 Message，应当是 dict", "returned a Message; it should be a dict"),
        ),
        (  # OpenAI's tool_choice string
            REQUEST + '"model": MODEL, "max_tokens": 1024, "tools": TOOLS, "tool_choice": "auto",\n'
            '            "messages": [{"role": "user", "content": question}]}',
            ("tool_choice: Input should be a valid dictionary",) * 2,
        ),
        (  # tool_choice none: was "did you pass tools?"
            REQUEST + '"model": MODEL, "max_tokens": 1024, "tools": TOOLS,\n'
            '            "tool_choice": {"type": "none"},\n'
            '            "messages": [{"role": "user", "content": question}]}',
            ("模型不许调用任何工具", "the model may call no tool"),
        ),
        (
            REQUEST + '"model": "claude-4", "max_tokens": 1024, "tools": TOOLS,\n'
            '            "messages": [{"role": "user", "content": question}]}',
            ("不要写死模型 id", "model id"),
        ),
    ],
    "01-predict": [
        (  # OpenAI's names: was "items 1, 2, 3 are off"
            'my_prediction = ["tool_calls", "stop", "tool_calls"]',
            ("'tool_calls' 不是一个 stop_reason 的取值", "'tool_calls' is not a stop_reason value"),
        ),
        ('my_prediction = "tool_use, end_turn, tool_use"', ("应当是一个 list", "should be a list")),
        ('my_prediction = ["tool_use", "end_turn"]', ("你写了 2 项", "you wrote 2 items")),
    ],
    "02-round": [
        (  # OpenAI's role "tool"
            ROUND
            + '    messages.append({"role": "tool", "content": results})\n    return messages',
            ("你写的 role 是 'tool'", "Yours has the role 'tool'"),
        ),
        (  # the output dict itself as content
            "def append_round(messages, response, run_tool):\n"
            '    messages.append({"role": "assistant", "content": response.content})\n'
            + USES
            + '    results = [{"type": "tool_result", "tool_use_id": b.id,\n'
            '                "content": run_tool(b.name, b.input)} for b in uses]\n'
            '    messages.append({"role": "user", "content": results})\n'
            "    return messages",
            ("JSON 文本", "JSON text"),
        ),
        (  # one call per tool name
            "def append_round(messages, response, run_tool):\n"
            '    messages.append({"role": "assistant", "content": response.content})\n'
            + USES
            + "    by_name = {b.name: b for b in uses}\n"
            '    results = [{"type": "tool_result", "tool_use_id": b.id,\n'
            '                "content": json.dumps(run_tool(b.name, b.input))}\n'
            "               for b in by_name.values()]\n"
            '    messages.append({"role": "user", "content": results})\n'
            "    return messages",
            ("应当有 3 个", "it should hold 3"),
        ),
        (  # only the tool_use blocks kept in the assistant message
            "def append_round(messages, response, run_tool):\n"
            + USES
            + '    messages.append({"role": "assistant", "content": uses})\n'
            '    messages.append({"role": "user", "content": tool_results(response, run_tool)})\n'
            "    return messages",
            ("原样保留", "verbatim"),
        ),
        (  # the message's id for every result
            "def append_round(messages, response, run_tool):\n"
            '    messages.append({"role": "assistant", "content": response.content})\n'
            + USES
            + '    results = [{"type": "tool_result", "tool_use_id": response.id,\n'
            '                "content": json.dumps(run_tool(b.name, b.input))} for b in uses]\n'
            '    messages.append({"role": "user", "content": results})\n'
            "    return messages",
            ("没有恰好一个 tool_result", "No single tool_result answers"),
        ),
    ],
    "02-predict": [
        (  # OpenAI's names: was "items 1, 2, 3 are off"
            'my_prediction = [("tool_calls", ["lookup_order"]), ("tool_calls", ["create_return"]),'
            ' ("stop", [])]',
            ("不是一个 stop_reason 的取值", "is not a stop_reason value"),
        ),
        (
            'my_prediction = [("tool_use", ["lookup_order"]), ("tool_use", ["create_return"])]',
            ("你写了 2 项", "you wrote 2 items"),
        ),
        (
            'my_prediction = [("tool_use", ["lookup_order"]), ("tool_use", ["create_return"]),'
            ' ("end_turn", None)]',
            ("写成列表", "as a list"),
        ),
    ],
    "03-tool-result": [
        (  # the exception's class name only
            ANSWER
            + '        return result | {"content": f"Error: {type(e).__name__}", "is_error": True}\n'
            '    return result | {"content": json.dumps(out, ensure_ascii=False)}',
            ("错误信息", "error message"),
        ),
        (  # a whole user message: was '"type" should be "tool_result"'
            ANSWER + '        block_ = result | {"content": str(e), "is_error": True}\n'
            "    else:\n"
            '        block_ = result | {"content": json.dumps(out, ensure_ascii=False)}\n'
            '    return {"role": "user", "content": [block_]}',
            ("返回了一条消息", "returned a message"),
        ),
        (  # the output dict as content
            ANSWER + '        return result | {"content": str(e), "is_error": True}\n'
            '    return result | {"content": out}',
            ("应当是文本", "should be text"),
        ),
        (  # run once to see whether it fails, once more for the content
            "def answer(block, run_tool):\n"
            "    try:\n"
            "        run_tool(block.name, block.input)\n"
            "    except Exception as e:\n"
            '        return {"type": "tool_result", "tool_use_id": block.id, "content": str(e),\n'
            '                "is_error": True}\n'
            "    out = run_tool(block.name, block.input)\n"
            '    return {"type": "tool_result", "tool_use_id": block.id, "content": json.dumps(out)}',
            ("被执行了 2 次", "was run 2 times"),
        ),
        (  # is_error on every result
            ANSWER + '        return result | {"content": str(e), "is_error": True}\n'
            '    return result | {"content": json.dumps(out), "is_error": True}',
            ("不应当带 is_error", "should not carry is_error"),
        ),
    ],
    "03-predict": [
        ('my_prediction = ["3", "3"]', ("不是一个数", "is not a number")),  # was "items 1, 2"
        ("my_prediction = 6", ("应当是一个 list", "should be a list")),
        ("my_prediction = [3]", ("你写了 1 项", "you wrote 1 items")),
    ],
    "04-hook": [
        (  # raises instead of returning a reason
            HOOK + '        if name == "process_refund" and input["amount"] > self.limit:\n'
            '            raise PermissionError("超过上限")\n'
            "        return None",
            ("抛出了 PermissionError", "raised PermissionError"),
        ),
        (  # lowers the amount to the limit and lets it through
            HOOK + '        if name == "process_refund":\n'
            '            input["amount"] = min(input["amount"], self.limit)\n'
            "        return None",
            ("被放行了", "went through"),
        ),
        (  # a running total
            "class RefundLimit:\n"
            "    def __init__(self, limit):\n"
            "        self.limit, self.total = limit, 0\n\n"
            "    def before_tool(self, name, input):\n"
            '        if name == "process_refund":\n'
            '            self.total += input["amount"]\n'
            "            if self.total > self.limit:\n"
            '                return "超过上限"\n'
            "        return None",
            ("120.0 元没有超过上限", "120.0 is not over the limit"),
        ),
        (  # text compared, not numbers
            HOOK
            + '        if name == "process_refund" and str(input["amount"]) > str(self.limit):\n'
            '            return "超过上限"\n'
            "        return None",
            ("500.0 元没有超过上限", "500.0 is not over the limit"),
        ),
        (
            HOOK + '        if name == "process_refund" and input["amount"] > self.limit:\n'
            '            return "超过上限"\n'
            '        return "ok"',
            ("你返回了 'ok'", "you returned 'ok'"),
        ),
        (  # round() then compare
            HOOK + '        if name == "process_refund" and round(input["amount"]) > self.limit:\n'
            '            return "超过上限"\n'
            "        return None",
            ("500.5", "500.5"),
        ),
        (  # the limit a default argument, read once
            "LIMIT = 500\n\n\nclass RefundLimit:\n"
            "    def __init__(self, limit):\n"
            "        self.limit = limit\n\n"
            "    def before_tool(self, name, input, limit=LIMIT):\n"
            '        if name == "process_refund" and input["amount"] > limit:\n'
            '            return "超过上限"\n'
            "        return None",
            ("上限设成 1000 时", "With the limit at 1000"),
        ),
    ],
    "04-predict": [
        (  # keys renamed: was "decision_tree, reference_loop are off"
            'my_prediction = {"tree": ["lookup_order", "create_return"], "model": ["lookup_order"]}',
            ("'tree' 不是要预测的循环", "'tree' is not one of the loops"),
        ),
        (
            'my_prediction = {"decision_tree": "lookup_order, create_return",'
            ' "reference_loop": "lookup_order"}',
            ("工具名的列表", "list of tool names"),
        ),
    ],
    "05-stop": [
        (  # pause_turn answered with a "continue" message
            LOOP_HEAD + '        if resp.stop_reason == "end_turn":\n'
            "            return messages\n"
            '        if resp.stop_reason == "pause_turn":\n'
            '            messages.append({"role": "user", "content": "继续"})\n'
            "            continue\n"
            '        if resp.stop_reason != "tool_use":\n'
            "            raise RuntimeError(resp.stop_reason)\n" + LOOP_TAIL,
            ("追加了一条 user 消息", "appended a user message"),
        ),
        (  # max_tokens taken for pause_turn: the cut tool_use sent back
            LOOP_HEAD + '        if resp.stop_reason == "end_turn":\n'
            "            return messages\n"
            '        if resp.stop_reason in ("pause_turn", "max_tokens"):\n'
            "            continue\n"
            '        if resp.stop_reason != "tool_use":\n'
            "            raise RuntimeError(resp.stop_reason)\n" + LOOP_TAIL,
            ("没写完的 tool_use", "unfinished tool_use"),
        ),
        (  # break on end_turn: the safety net raises on every finished task
            LOOP_HEAD + '        if resp.stop_reason == "end_turn":\n'
            "            break\n"
            '        if resp.stop_reason == "pause_turn":\n'
            "            continue\n"
            '        if resp.stop_reason != "tool_use":\n'
            "            raise RuntimeError(resp.stop_reason)\n" + LOOP_TAIL,
            ("RuntimeError: safety net", "RuntimeError: safety net"),
        ),
        (  # the response returned, not messages
            LOOP_HEAD + '        if resp.stop_reason == "end_turn":\n'
            "            return resp\n"
            '        if resp.stop_reason == "pause_turn":\n'
            "            continue\n"
            '        if resp.stop_reason != "tool_use":\n'
            "            raise RuntimeError(resp.stop_reason)\n" + LOOP_TAIL,
            ("实际是 Message", "it is a Message"),
        ),
    ],
    "05-predict": [
        (  # keys misspelt: was "the entries for both loops are off"
            'my_prediction = {"fixed_five_turns": {"runaways", "polls"},'
            ' "tool_choice_none_after_last": {"longs"}}',
            ("不是一个场景的 key", "is not a scenario key"),
        ),
        (
            'my_prediction = {"fixed_five_turns": "long, poll", "tool_choice_none_after_last": "long"}',
            ("场景 key 的集合", "set of scenario keys"),
        ),
    ],
    "06-branches": [
        (  # pause_turn answered with "please continue": was the generic "one more message"
            "def on_pause_turn(messages, response):\n"
            '    messages.append({"role": "assistant", "content": response.content})\n'
            '    messages.append({"role": "user", "content": "请继续"})\n'
            "    return messages\n\n\n"
            "def on_max_tokens(messages, response, max_tokens):\n"
            "    return messages, max_tokens * 2",
            ("多了 2 条", "grew by 2"),
        ),
        (  # "please continue" after a cut reply: was "a cut reply must not be appended"
            PAUSE + '    messages.append({"role": "user", "content": "请继续"})\n'
            "    return messages, max_tokens * 2",
            ("加了 1 条消息", "added 1 message"),
        ),
        (  # the text kept, the server tool's blocks dropped
            "def on_pause_turn(messages, response):\n"
            '    text = [b for b in response.content if b.type == "text"]\n'
            '    messages.append({"role": "assistant", "content": text})\n'
            "    return messages\n\n\n"
            "def on_max_tokens(messages, response, max_tokens):\n"
            "    return messages, max_tokens * 2",
            ("一模一样", "exactly the response's content"),
        ),
        (
            PAUSE + '    return {"messages": messages, "max_tokens": max_tokens * 2}',
            ("两项", "two items"),
        ),
        (  # only the new message returned: was the generic "one more message"
            "def on_pause_turn(messages, response):\n"
            '    return [{"role": "assistant", "content": response.content}]\n\n\n'
            "def on_max_tokens(messages, response, max_tokens):\n"
            "    return messages, max_tokens * 2",
            ("只有 1 条", "hold only 1"),
        ),
    ],
    "06-predict": [
        (  # a stop_reason for an exit: was "item 1 is off"
            'my_prediction = ["end_turn", "max_tokens", "max_turns"]',
            ("'end_turn' 不是循环 run_agent_loop 的一个 exit", "'end_turn' is not an exit"),
        ),
        ('my_prediction = ["completed", "max_tokens"]', ("你写了 2 项", "you wrote 2 items")),
        ('my_prediction = "completed, max_tokens, max_turns"', ("三个 exit 的列表", "three exits")),
    ],
    "08-self-2": [
        (  # stops at the first failure
            TRY + "            break\n" + '    return {"role": "user", "content": results}',
            ("应当有 3 个", "it should hold 3"),
        ),
        (  # the failure's text without is_error
            TRY + '            results.append({"type": "tool_result", "tool_use_id": b.id,\n'
            '                            "content": f"Error: {e}"})\n'
            '    return {"role": "user", "content": results}',
            ('应当带 "is_error": True', 'should carry "is_error": True'),
        ),
        (  # the results list, not the message
            MESSAGE + "    return results",
            ("你返回了 list", "you returned a list"),
        ),
        (  # retries a failing call until it works
            "def results_message(response, run_tool):\n"
            "    results = []\n"
            "    for b in response.content:\n"
            '        if b.type != "tool_use":\n'
            "            continue\n"
            "        while True:\n"
            "            try:\n"
            "                out = run_tool(b.name, b.input)\n"
            "                break\n"
            "            except Exception:\n"
            "                pass\n"
            '        results.append({"type": "tool_result", "tool_use_id": b.id,\n'
            '                        "content": json.dumps(out)})\n'
            '    return {"role": "user", "content": results}',
            ("永远不会结束", "never ends"),
        ),
    ],
    "08-self-3": [
        (  # the SDK's class names: was "the entries for first_blocks are off"
            'first_blocks = ["TextBlock", "ToolUseBlock"]\ntext_loop_refunds = 0',
            ("'TextBlock' 不是一种块的 type", "'TextBlock' is not a block type"),
        ),
        (
            'first_blocks = "text, tool_use"\ntext_loop_refunds = 0',
            ("块 type 的列表", "block types"),
        ),
        ('first_blocks = ["text", "tool_use"]\ntext_loop_refunds = "0"', ("'0'", "'0'")),
    ],
    "08-self-4": [
        ('tree_fails = "unexpected"\nmodel_fails = set()', ("场景 key 的集合", "sets of scenario")),
        (
            'tree_fails = {"unexpected"}\nmodel_fails = {"unexpected"}',
            ("model_fails 这几项不对", "model_fails are off"),
        ),
        (  # was "the entries for tree_fails are off"
            'tree_fails = {"Unexpected"}\nmodel_fails = set()',
            ("'Unexpected' 不是一个场景的 key", "'Unexpected' is not a scenario key"),
        ),
    ],
    "08-self-5": [
        (  # the Agent SDK's subtype: was "it is not 'error_max_turns'"
            'my_guess = "error_max_turns"',
            ("不是循环 run_agent_loop 的一个 exit", "is not an exit of run_agent_loop"),
        ),
        ('my_guess = "MaxTurnsExceeded"', ("不是循环 run_agent_loop", "is not an exit")),
        ('my_guess = "max_tokens"', ("实际不是 'max_tokens'", "it is not 'max_tokens'")),
    ],
    "09-quiz-answer": [
        ('my_choice = "B."', ("一个字母", "one of the letters")),
        ('my_choice = ["B"]', ("一个字母", "one of the letters")),
        ("my_choice = 2", ("一个字母", "one of the letters")),
    ],
}
HOOK6 = "async def deny_big_refunds(input_data, tool_use_id, context):\n"
DENY = (
    '{"hookSpecificOutput": {"hookEventName": "PreToolUse",\n'
    '                "permissionDecision": "deny", "permissionDecisionReason": "over"}}'
)
W36["06b-hook"] = [
    (  # falls off its end to let a call through (None: the SDK fails on it): passed
        HOOK6 + '    if input_data["tool_input"].get("amount", 0) > REFUND_CAP:\n'
        "        return " + DENY,
        ("返回了 None", "returned None"),
    ),
    (  # the tool's name without the MCP prefix: was "did not deny"
        HOOK6 + '    tool, args = input_data["tool_name"], input_data["tool_input"]\n'
        '    if tool == "process_refund" and args["amount"] > REFUND_CAP:\n'
        "        return " + DENY + "\n    return {}",
        ("mcp__<服务器>__ 前缀", "mcp__<server>__ prefix"),
    ),
    (  # the deprecated top-level decision: was "did not deny"
        HOOK6 + '    if input_data["tool_input"].get("amount", 0) > REFUND_CAP:\n'
        '        return {"decision": "block", "reason": "over the cap"}\n'
        "    return {}",
        ("已废弃", "deprecated"),
    ),
    (  # stops the whole run: was "did not deny"
        HOOK6 + '    if input_data["tool_input"].get("amount", 0) > REFUND_CAP:\n'
        '        return {"continue_": False, "stopReason": "over the cap"}\n'
        "    return {}",
        ("停下整个运行", "stops the whole run"),
    ),
    (  # amount read with no default: the lookup has none
        HOOK6 + '    if input_data["tool_input"]["amount"] > REFUND_CAP:\n'
        "        return " + DENY + "\n    return {}",
        ("KeyError: 'amount'", "KeyError: 'amount'"),
    ),
    (
        HOOK6 + '    if input_data["tool_input"].get("amount", 0) > REFUND_CAP:\n'
        "        return " + DENY.replace('"deny"', '"block"') + "\n    return {}",
        ("permissionDecision='block'", "permissionDecision='block'"),
    ),
]
W36["06b-finished"] = [
    (  # the last reply's stop_reason read, as the Messages API loop does: passed
        'def finished(result):\n    return result.stop_reason == "end_turn" and not result.is_error',
        ("没有 stop_reason", "has no stop_reason"),
    ),
    (
        'def finished(result):\n    return not result.subtype.startswith("error")',
        ("is_error 为 True", "is_error is True"),
    ),
    (
        "def finished(result):\n"
        '    return result.subtype == "success" and not result.is_error and result.num_turns',
        ("应当返回 True 或 False", "should return True or False"),
    ),
]
W36["07-loop"] = [
    (  # one user message per result
        LOOP7.replace(
            '        messages.append({"role": "user", "content": results})\n',
            '        for r in results:\n            messages.append({"role": "user", "content": [r]})\n',
        ),
        ("分成了 3 条 user 消息", "3 user messages"),
    ),
    (  # max_tokens taken for pause_turn: the cut tool_use sent back
        LOOP7.replace(
            'if resp.stop_reason == "pause_turn":',
            'if resp.stop_reason in ("pause_turn", "max_tokens"):',
        ),
        ("没写完的 tool_use 又发了回去", "sent its unfinished tool_use back"),
    ),
    (  # a refusal asked again
        LOOP7.replace(
            '        if resp.stop_reason == "pause_turn":\n',
            '        if resp.stop_reason == "refusal":\n'
            "            messages.pop()\n"
            "            continue\n"
            '        if resp.stop_reason == "pause_turn":\n',
        ),
        ("refusal", "refusal"),
    ),
    (  # a sliding window over the history
        LOOP7.replace("messages=messages)", "messages=messages[-6:])"),
        ("400", "400"),
    ),
    (  # the tools on the first request only
        LOOP7.replace(
            "tools=tools, messages=messages)",
            "tools=tools if _turn == 0 else [], messages=messages)",
        ),
        ("tools", "tools"),
    ),
    (  # a failing tool retried in the loop
        LOOP7.replace(
            "                out, bad = str(e), True\n",
            "                try:\n"
            "                    out, bad = json.dumps(run_tool(b.name, b.input)), False\n"
            "                except Exception as e2:\n"
            "                    out, bad = str(e2), True\n",
        ),
        ("重试", "retried"),
    ),
    (  # an unknown stop_reason taken for done
        LOOP7.replace(
            '        if resp.stop_reason != "tool_use":\n            raise RuntimeError(resp.stop_reason)\n',
            '        if resp.stop_reason != "tool_use":\n            return messages\n',
        ),
        ("max_tokens", "max_tokens"),
    ),
    (  # one call per tool name a turn
        LOOP7.replace(
            "        for b in resp.content:\n",
            "        seen = set()\n        for b in resp.content:\n",
        ).replace(
            '            if b.type != "tool_use":\n                continue\n',
            '            if b.type != "tool_use" or b.name in seen:\n'
            "                continue\n"
            "            seen.add(b.name)\n",
        ),
        ("tool_result", "tool_result"),
    ),
]
for _key, _attempts in W36.items():
    WRONG[_key] += _attempts

RIGHT["00-stop-reasons"].append('continue_on, finish_on = "tool_use", "end_turn"')
RIGHT.setdefault("01-predict", []).append('my_prediction = ("tool_use", "end_turn", "tool_use")')
RIGHT["01-request"] += [
    "build_request = lambda question: {\n"
    '    "model": MODEL, "max_tokens": 1024, "tools": TOOLS,\n'
    '    "messages": [{"role": "user", "content": question}]}',
    'BASE = {"model": MODEL, "max_tokens": 1024, "tools": TOOLS}\n\n\n'  # shared, never changed
    "def build_request(question, system=None):\n"
    '    req = {**BASE, "messages": [{"role": "user", "content": question}]}\n'
    "    if system:\n"
    '        req["system"] = system\n'
    "    return req",
    REQUEST + '"model": MODEL, "max_tokens": 1024, "tools": TOOLS, "system": "你是一名客服。",\n'
    '            "messages": [{"role": "user", "content": question}]}',
]
RIGHT["02-round"] += [
    "from concurrent.futures import ThreadPoolExecutor\n\n\n"  # threads; results as text blocks
    "def append_round(messages, response, run_tool):\n"
    '    messages.append({"role": "assistant", "content": response.content})\n'
    + USES
    + "    with ThreadPoolExecutor() as pool:\n"
    "        outs = list(pool.map(lambda b: run_tool(b.name, b.input), uses))\n"
    '    results = [{"type": "tool_result", "tool_use_id": b.id,\n'
    '                "content": [{"type": "text", "text": json.dumps(o)}]}\n'
    "               for b, o in zip(uses, outs)]\n"
    '    messages.append({"role": "user", "content": results})\n'
    "    return messages",
    "def append_round(messages, response, run_tool):\n"  # a new list
    '    return [*messages, {"role": "assistant", "content": response.content},\n'
    '            {"role": "user", "content": tool_results(response, run_tool)}]',
]
RIGHT.setdefault("02-predict", []).append(
    'my_prediction = (["tool_use", ("lookup_order",)], ["tool_use", ("create_return",)],'
    ' ["end_turn", ()])'
)
RIGHT["03-tool-result"] += [
    ANSWER + '        return result | {"content": repr(e), "is_error": True}\n'
    '    return result | {"content": json.dumps(out, ensure_ascii=False, indent=2)}',
    "import traceback\n\n\n"
    + ANSWER
    + '        return result | {"content": traceback.format_exc(limit=1), "is_error": True}\n'
    '    return result | {"content": json.dumps(out, default=str)}',
]
RIGHT.setdefault("03-predict", []).append("my_prediction = (3, 3)")
RIGHT["04-hook"] += [
    "from types import SimpleNamespace\n\n\n"  # a factory, no class
    "def RefundLimit(limit):\n"
    "    def before_tool(name, input):\n"
    '        if name == "process_refund" and input.get("amount", 0) > limit:\n'
    "            return f\"{input['amount']} 超过 {limit}\"\n"
    "        return None\n"
    "    return SimpleNamespace(before_tool=before_tool)",
    "from typing import NamedTuple\n\n\n"  # a NamedTuple, other parameter names
    "class RefundLimit(NamedTuple):\n"
    "    limit: float\n\n"
    "    def before_tool(self, tool_name, tool_input):\n"
    '        too_much = tool_input.get("amount", 0) > self.limit\n'
    '        return "超过上限，请转人工" if tool_name == "process_refund" and too_much else None',
    "from decimal import Decimal\n\n\n"
    + HOOK
    + '        amount = Decimal(str(input.get("amount", 0)))\n'
    '        if name == "process_refund" and amount > Decimal(str(self.limit)):\n'
    '            return "超过上限"\n'
    "        return None",
]
RIGHT.setdefault("04-predict", []).append(
    'my_prediction = {"reference_loop": ("lookup_order",),'
    ' "decision_tree": ("lookup_order", "create_return")}'
)
RIGHT["05-stop"] += [
    LOOP_HEAD.replace("    for _turn", "    for _turn")  # for ... else, a break on end_turn
    + '        if resp.stop_reason == "end_turn":\n'
    "            break\n"
    '        if resp.stop_reason == "pause_turn":\n'
    "            continue\n"
    '        if resp.stop_reason != "tool_use":\n'
    "            raise RuntimeError(resp.stop_reason)\n"
    '        messages.append({"role": "user", "content": tool_results(resp, run_tool)})\n'
    "    else:\n"
    '        raise RuntimeError("safety net")\n'
    "    return messages",
    "def fixed_stop_loop(client, messages, *, tools, run_tool, model):\n"  # while, a counter
    "    turns = 0\n"
    "    while turns < 50:\n"
    "        turns += 1\n"
    "        resp = client.messages.create(\n"
    "            model=model, max_tokens=1024, tools=tools, messages=messages)\n"
    '        messages.append({"role": "assistant", "content": resp.content})\n'
    "        reason = resp.stop_reason\n"
    '        if reason in {"end_turn", "stop_sequence"}:\n'
    "            return messages\n"
    '        if reason == "tool_use":\n'
    '            messages.append({"role": "user", "content": tool_results(resp, run_tool)})\n'
    '        elif reason != "pause_turn":\n'
    '            raise ValueError(f"stop_reason {reason}")\n'
    '    raise RuntimeError("safety net")',
]
RIGHT["06-branches"] += [
    PAUSE + "    return messages, int(max_tokens * 1.5)",  # cut again at 18, then 27: was rejected
    PAUSE + "    return messages, max_tokens + 1000",
    "import copy\n\n\n" + PAUSE + "    return copy.deepcopy(messages), max_tokens << 1",
]
RIGHT.setdefault("06-predict", []).append(
    'my_prediction = ("completed", "max_tokens", "max_turns")'
)
RIGHT.setdefault("06b-hook", []).append(
    HOOK6 + '    amount = input_data.get("tool_input", {}).get("amount") or 0\n'
    '    if input_data["tool_name"].endswith("__process_refund") and amount > REFUND_CAP:\n'
    "        return " + DENY + "\n"
    '    return {"hookSpecificOutput": {"hookEventName": "PreToolUse",\n'
    '                                   "permissionDecision": "allow"}}'
)
RIGHT.setdefault("06b-finished", []).extend(
    [
        "from claude_agent_sdk import ResultMessage\n\n\n"
        "def finished(result):\n"
        "    match result:\n"
        '        case ResultMessage(subtype="success", is_error=False):\n'
        "            return True\n"
        "    return False",
        'def finished(result):\n    return (result.subtype, result.is_error) == ("success", False)',
    ]
)
RIGHT["07-loop"] += [
    # the caller's list copied, the copy returned; text blocks as content; escalates at the net
    "def my_loop(client, messages, *, tools, run_tool, model):\n"
    "    history = list(messages)\n"
    "    for _turn in range(40):\n"
    "        resp = client.messages.create(\n"
    "            model=model, max_tokens=2048, tools=tools, messages=history)\n"
    '        history.append({"role": "assistant", "content": resp.content})\n'
    "        match resp.stop_reason:\n"
    '            case "end_turn" | "stop_sequence":\n'
    "                return history\n"
    '            case "pause_turn":\n'
    "                continue\n"
    '            case "tool_use":\n'
    "                pass\n"
    "            case other:\n"
    '                raise RuntimeError(f"stop_reason {other}: {resp.stop_details}")\n\n'
    "        def one(b):\n"
    "            try:\n"
    "                text = json.dumps(run_tool(b.name, b.input))\n"
    "            except Exception as e:\n"
    '                return {"type": "tool_result", "tool_use_id": b.id, "content": str(e),\n'
    '                        "is_error": True}\n'
    '            return {"type": "tool_result", "tool_use_id": b.id,\n'
    '                    "content": [{"type": "text", "text": text}]}\n\n'
    '        uses = [b for b in resp.content if b.type == "tool_use"]\n'
    '        history.append({"role": "user", "content": [one(b) for b in uses]})\n'
    '    run_tool("escalate_to_human", {"reason": "no end_turn after 40 turns"})\n'
    '    raise RuntimeError("safety net")',
    # a class instance with __call__
    "from agentkit.tools import tool_results\n\n\n"
    "class Loop:\n"
    "    def __init__(self, turns=50):\n"
    "        self.turns = turns\n\n"
    "    def __call__(self, client, messages, *, tools, run_tool, model):\n"
    "        for _ in range(self.turns):\n"
    "            resp = client.messages.create(\n"
    "                model=model, max_tokens=1024, tools=tools, messages=messages)\n"
    '            messages.append({"role": "assistant", "content": resp.content})\n'
    '            if resp.stop_reason == "end_turn":\n'
    "                return messages\n"
    '            if resp.stop_reason == "pause_turn":\n'
    "                continue\n"
    '            if resp.stop_reason != "tool_use":\n'
    "                raise RuntimeError(resp.stop_reason)\n"
    '            messages.append({"role": "user", "content": tool_results(resp, run_tool)})\n'
    '        raise RuntimeError("safety net")\n\n\n'
    "my_loop = Loop()",
]

# The paused content appended a second time (the stub appends every response before reading
# stop_reason): passed lessons 05 and 07; the API joins the two assistant messages into one turn.
WRONG["05-stop"].append(
    (
        LOOP_HEAD + '        if resp.stop_reason == "end_turn":\n'
        "            return messages\n"
        '        if resp.stop_reason == "pause_turn":\n'
        '            messages.append({"role": "assistant", "content": resp.content})\n'
        "            continue\n"
        '        if resp.stop_reason != "tool_use":\n'
        "            raise RuntimeError(resp.stop_reason)\n" + LOOP_TAIL,
        ("连着出现了两次", "twice in a row"),
    )
)
WRONG["07-loop"].append(
    (
        LOOP7.replace(
            '        if resp.stop_reason == "pause_turn":\n            continue\n',
            '        if resp.stop_reason == "pause_turn":\n'
            '            messages.append({"role": "assistant", "content": resp.content})\n'
            "            continue\n",
        ),
        ("连着出现了两次", "twice in a row"),
    )
)

WRONG["08-self-1"] += [
    (  # the letters as one string
        'my_order = "BDAC"\nmy_actions = {"tool_use": "继续", "end_turn": "结束"}',
        ("四个字母的列表", "a list of four letters"),
    ),
    (  # step numbers for letters
        'my_order = [2, 4, 1, 3]\nmy_actions = {"tool_use": "继续", "end_turn": "结束"}',
        ("不是步骤的字母", "is not a step letter"),
    ),
    (  # a phrase for the action
        'my_order = ["B", "D", "A", "C"]\nmy_actions = {"tool_use": "继续循环", "end_turn": "结束"}',
        ('"继续" 或 "结束"', '"continue" or "stop"'),
    ),
]
WRONG["04-predict"].append(
    (  # the calls of the two loops swapped
        'my_prediction = {"decision_tree": ["lookup_order"],'
        ' "reference_loop": ["lookup_order", "create_return"]}',
        ("decision_tree, reference_loop 这几项不对", "decision_tree, reference_loop are off"),
    )
)
WRONG["05-predict"].append(
    (  # the loops' names misspelt
        'my_prediction = {"fixed_5_turns": {"long"}, "tool_choice_none_after_last": {"long"}}',
        ("要预测", "fixed_five_turns"),
    )
)
RIGHT["05-predict"].append(
    "my_prediction = dict(\n"
    '    fixed_five_turns=frozenset(["runaway", "poll", "long", "repo_busy", "repo_fix"]),\n'
    '    tool_choice_none_after_last=("english", "refund_cap", "tool_error", "long",'
    ' "round_failure"),\n'
    ")"
)
RIGHT["08-self-2"].append(  # threads, each result's content as text blocks
    "from concurrent.futures import ThreadPoolExecutor\n\n\n"
    "def one(b, run_tool):\n"
    "    try:\n"
    "        text, bad = json.dumps(run_tool(b.name, b.input)), False\n"
    "    except Exception as e:\n"
    "        text, bad = str(e), True\n"
    '    return {"type": "tool_result", "tool_use_id": b.id,\n'
    '            "content": [{"type": "text", "text": text}], "is_error": bad}\n\n\n'
    "def results_message(response, run_tool):\n"
    '    uses = [b for b in response.content if b.type == "tool_use"]\n'
    "    with ThreadPoolExecutor(4) as pool:\n"
    '        return {"role": "user", "content": list(pool.map(lambda b: one(b, run_tool), uses))}'
)
RIGHT["08-self-4"].append('tree_fails = frozenset({"unexpected"})\nmodel_fails = ()')
RIGHT.setdefault("08-self-3", []).append(
    'first_blocks = ("text", "tool_use")\ntext_loop_refunds = 0'
)
RIGHT.setdefault("08-self-5", []).append('my_guess = "max_turns"')
RIGHT.setdefault("09-quiz-answer", []).append('my_choice = " b "')


def test_a_hook_that_returns_none_to_allow_fails_as_the_sdk_would():
    """Issue 36 (stop 42): a hook that falls off its end lets a call through with None, which the
    Python SDK cannot send to the CLI (it reads the output with .items()). It passed."""
    from agentkit.lessons import agent_sdk

    async def deny_big_refunds(input_data, tool_use_id, context):
        if input_data["tool_input"].get("amount", 0) > agent_sdk.REFUND_CAP:
            return {
                "hookSpecificOutput": {
                    "hookEventName": "PreToolUse",
                    "permissionDecision": "deny",
                    "permissionDecisionReason": "over the cap",
                }
            }

    verdict = agent_sdk.refund_cap_hook(deny_big_refunds)
    assert not verdict.passed and "返回了 None" in repr(verdict), verdict
    assert agent_sdk.refund_cap_hook(agent_sdk.reference_deny_big_refunds).passed


def test_a_finished_that_reads_stop_reason_is_not_a_pass():
    """Issue 36 (stop 42): `stop_reason == "end_turn" and not is_error` passed; the SDK's verdict
    is subtype and is_error, and its ResultMessage.stop_reason is optional."""
    from agentkit.lessons import agent_sdk

    verdict = agent_sdk.finished_reader(
        lambda result: result.stop_reason == "end_turn" and not result.is_error
    )
    assert not verdict.passed and "stop_reason" in repr(verdict), verdict
    assert agent_sdk.finished_reader(agent_sdk.reference_finished).passed


def test_a_budget_grown_by_half_passes_as_a_loop_retries_it_and_plus_one_does_not():
    """Issue 36 (stop 42): int(max_tokens * 1.5) was rejected ("cut off again at 18"); a loop
    retries a cut reply with the budget on_max_tokens gives it, 18 then 27. One more token a
    time never gets there."""
    from agentkit.lessons import checks

    def on_pause_turn(messages, response):
        return [*messages, {"role": "assistant", "content": response.content}]

    half = checks.branches(on_pause_turn, lambda m, r, n: (m, int(n * 1.5)))
    assert half.passed and "18 → 27" in repr(half), half
    plus_one = checks.branches(on_pause_turn, lambda m, r, n: (m, n + 1))
    assert not plus_one.passed and "13 → 14 → 15" in repr(plus_one), plus_one


def test_a_loop_that_appends_the_paused_reply_twice_is_told_so():
    """Issue 36 (stop 42): appending the content again on pause_turn passed lessons 05 and 07."""
    from agentkit.lessons import checks
    from agentkit.tools import tool_results

    def twice(client, messages, *, tools, run_tool, model):
        for _turn in range(50):
            resp = client.messages.create(
                model=model, max_tokens=1024, tools=tools, messages=messages
            )
            messages.append({"role": "assistant", "content": resp.content})
            if resp.stop_reason == "end_turn":
                return messages
            if resp.stop_reason == "pause_turn":
                messages.append({"role": "assistant", "content": resp.content})
                continue
            if resp.stop_reason != "tool_use":
                raise RuntimeError(resp.stop_reason)
            messages.append({"role": "user", "content": tool_results(resp, run_tool)})
        raise RuntimeError("safety net")

    verdict = checks.correct_stop(twice)
    assert not verdict.passed and "连着出现了两次" in repr(verdict), verdict
