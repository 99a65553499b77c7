"""The study guide's hands-on exercise (实操练习), as the guide writes it.

TOOLS and run_tool are the guide's, verbatim (TOOLS in the learner's language, read each time it is
used: the guide's Chinese descriptions, or their English). guide_task() is the guide's prompt, the one
source of it (the demo asks it too). run_exercise() is the guide's loop.py loop, verbatim in
logic: it prints each turn's stop_reason and tool calls and returns the conversation. Only two things
differ from loop.py: the client is passed in (agentkit.make_client(): real Claude with a key, the
offline Claude without), and the model is agentkit.default_model(), because the guide's
claude-sonnet-4-5 is deprecated by the SDK and reaches end of life on 2026-11-30.
"""

from __future__ import annotations

import builtins
import copy
import json
from collections.abc import Callable
from typing import Any

import anthropic

from .client import default_model
from .i18n import Strings

T = Strings(
    "agentkit.exercise",
    {
        "prompt": (
            "订单 A-1001 的商品坏了，请帮我退款。",
            "The item in order A-1001 arrived broken, please refund me.",
        ),
        "weather": ("今天天气怎么样？", "What's the weather like today?"),
        # the guide's tool descriptions, verbatim, and their English
        "tool.lookup_order": (
            "按订单号查询订单状态。输入 order_id（形如 A-1001），返回 status 和 amount。",
            "Look up an order's status by its id. Takes order_id (like A-1001); returns status"
            " and amount.",
        ),
        "tool.process_refund": (
            "为已确认的订单发起退款。order_id 必须来自 lookup_order 的结果。",
            "Refund a confirmed order. order_id must come from a lookup_order result.",
        ),
        "unhandled": (
            "未处理的 stop_reason: {stop_reason}",
            "Unhandled stop_reason: {stop_reason}",
        ),
        "safety_net": (
            "达到安全上限，转人工处理",
            "Safety limit reached: handing over to a person",
        ),
    },
)
"""The exercise's learner-facing words: the guide's prompts, its tool descriptions and what its loop
prints (the guide's Chinese, and English for the English edition)."""

# Deliberately verbatim: the study guide's TOOLS. offline/world.py's TOOL_SCHEMAS holds the
# same two tools among the world's five; the guide's text is kept as the guide prints it (the zh
# side of "tool.<name>" above), and tests/data/guide/loop.py is the guide's whole script, verbatim,
# run by tests/test_serve.py. `TOOLS` (below) is this list in the learner's language.
GUIDE_TOOLS = [
    {
        "name": "lookup_order",
        "description": T.text("tool.lookup_order", "zh"),
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}},
            "required": ["order_id"],
        },
    },
    {
        "name": "process_refund",
        "description": T.text("tool.process_refund", "zh"),
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}, "amount": {"type": "number"}},
            "required": ["order_id", "amount"],
        },
    },
]


def tools() -> list[dict[str, Any]]:
    """The guide's TOOLS in the learner's language (AGENTKIT_LANG, read now): a fresh copy with
    the guide's Chinese descriptions, or their English."""
    out = copy.deepcopy(GUIDE_TOOLS)
    for t in out:
        t["description"] = T(f"tool.{t['name']}")
    return out


def __getattr__(name: str) -> Any:
    """`exercise.TOOLS` and `from agentkit.exercise import TOOLS` give tools() at that moment, so
    a notebook that sets AGENTKIT_LANG after agentkit was imported still gets its language."""
    if name == "TOOLS":
        return tools()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def run_tool(name, args):
    if name == "lookup_order":
        return {"order_id": args["order_id"], "status": "delivered", "amount": 120.0}
    if name == "process_refund":
        return {"refund_id": "R-778", "amount": args["amount"], "ok": True}
    raise ValueError(f"unknown tool {name}")


PROMPT = T.text("prompt", "zh")  # the guide's own prompt, as it prints it
WEATHER_PROMPT = T.text("weather", "zh")
MAX_TURNS = 20  # 安全网，不是主要停止条件


def guide_task() -> str:
    """The guide's prompt in the learner's language (AGENTKIT_LANG): PROMPT, or its English."""
    return T("prompt")


def weather_task() -> str:
    """The question that needs no tool, in the learner's language: WEATHER_PROMPT, or its English."""
    return T("weather")


def run_exercise(
    client: anthropic.Anthropic,
    prompt: str | None = None,
    *,
    model: str | None = None,
    print: Callable[..., Any] = builtins.print,
    run_tool: Callable[[str, dict], Any] | None = None,
) -> list[dict[str, Any]]:
    """The guide's loop.py: its prompt (in the learner's language unless `prompt` is given), its
    TOOLS, its loop. Returns the messages. `print` and `run_tool` (default: this module's run_tool,
    looked up at call time) can be swapped in."""
    # The guide says model="claude-sonnet-4-5"; that model is deprecated (end of life 2026-11-30), so the
    # workbook's default model is used instead (AGENTKIT_MODEL overrides it).
    return guide_loop(
        client,
        [{"role": "user", "content": prompt or T("prompt")}],
        tools=tools(),
        run_tool=run_tool or globals()["run_tool"],
        model=model or default_model(),
        print=print,
    )


def guide_loop(
    client, messages, *, tools, run_tool, model, print: Callable[..., Any] = builtins.print
):
    """The loop of the guide's loop.py, verbatim in logic, in the learner's signature (check_loop can grade it)."""
    for turn in range(MAX_TURNS):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        print(f"[turn {turn}] stop_reason={resp.stop_reason}")
        messages.append({"role": "assistant", "content": resp.content})

        if resp.stop_reason == "end_turn":
            print("".join(b.text for b in resp.content if b.type == "text"))
            break
        if resp.stop_reason != "tool_use":
            raise RuntimeError(T("unhandled", stop_reason=resp.stop_reason))

        results = []
        for block in resp.content:
            if block.type == "tool_use":
                print("  call", block.name, block.input)
                try:
                    out = run_tool(block.name, block.input)
                    results.append(
                        {
                            "type": "tool_result",
                            "tool_use_id": block.id,
                            "content": json.dumps(out, ensure_ascii=False),
                        }
                    )
                except Exception as e:
                    results.append(
                        {
                            "type": "tool_result",
                            "tool_use_id": block.id,
                            "content": str(e),
                            "is_error": True,
                        }
                    )
        messages.append({"role": "user", "content": results})
    else:
        print(T("safety_net"))
    return messages
