"""Broken agent loops and hard-coded agents, written the way people really write them.

Every specimen has the learner's signature, the shape of the study guide's exercise:

    fn(client, messages, *, tools: list[dict], run_tool, model: str) -> list   # the final messages

so `agentkit.check_loop` and the scoreboard run them on the same scenarios as the reference loop.
Each docstring says what is wrong; the scoreboard shows where it fails.
"""

from __future__ import annotations

import json
import re

from .tools import tool_result

BUDGET = (
    12  # the hard-coded cap people add "just in case"; not part of the anti-pattern under study
)


def ask(client, messages, tools, model, **kw):
    return client.messages.create(
        model=model, max_tokens=1024, tools=tools, messages=messages, **kw
    )


# --- termination ---------------------------------------------------------------------------------


def stop_on_text_block(client, messages, *, tools, run_tool, model):
    """Treats any text block as the final answer. But Claude often writes "我先查一下订单。" before a
    tool_use in the same response, so the loop exits before the tool has run."""
    while True:
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        if any(b.type == "text" for b in resp.content):
            return messages  # "the model answered, we're done"
        messages.append(
            {
                "role": "user",
                "content": [tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"],
            }
        )


def stop_on_regex(client, messages, *, tools, run_tool, model):
    """Stops when the text matches a completion phrase. Wording changes, and "完成" also appears in
    mid-task notes such as "查询完成，接下来发起退款", so the loop stops half-way."""
    for _ in range(BUDGET):
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        text = "".join(b.text for b in resp.content if b.type == "text")
        if (
            re.search(r"task complete|完成|done", text, re.IGNORECASE)
            or resp.stop_reason != "tool_use"
        ):
            return messages
        messages.append(
            {
                "role": "user",
                "content": [tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"],
            }
        )
    return messages


def fixed_five_turns(client, messages, *, tools, run_tool, model):
    """Five turns as the main stop: long tasks are cut off mid-way, silently, with tool_use unanswered
    or the work unfinished; no one is told."""
    for _turn in range(5):
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            break
        messages.append(
            {
                "role": "user",
                "content": [tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"],
            }
        )
    return messages


def tool_choice_none_after_last(client, messages, *, tools, run_tool, model):
    """Forces a stop by setting tool_choice none after the "expected last" call (process_refund).
    That needs to know in advance which call is last: a pre-planned flow again. When the refund fails
    or the path differs, the model can no longer act."""
    expected_last_done = False
    for _ in range(BUDGET):
        extra = {"tool_choice": {"type": "none"}} if expected_last_done else {}
        resp = ask(client, messages, tools, model, **extra)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason != "tool_use":
            return messages
        uses = [b for b in resp.content if b.type == "tool_use"]
        expected_last_done = expected_last_done or any(b.name == "process_refund" for b in uses)
        messages.append({"role": "user", "content": [tool_result(b, run_tool) for b in uses]})
    return messages


# --- history -------------------------------------------------------------------------------------


def keep_only_latest_result(client, messages, *, tools, run_tool, model):
    """Keeps only the latest tool exchange "to save tokens". The API is stateless: what was looked up
    or refunded before is forgotten, so work is redone (a second refund) or the loop goes round."""
    task = messages[:1]
    for _ in range(BUDGET):
        resp = ask(client, messages, tools, model)
        if resp.stop_reason != "tool_use":
            return messages + [{"role": "assistant", "content": resp.content}]
        results = [tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"]
        messages = task + [
            {"role": "assistant", "content": resp.content},
            {"role": "user", "content": results},
        ]
    return messages


def results_in_system_prompt(client, messages, *, tools, run_tool, model):
    """Pastes tool results into the system prompt as text instead of tool_result blocks. The calls and
    their results never enter the conversation, so the model cannot tie a result to its call."""
    notes = []
    for _ in range(BUDGET):
        resp = client.messages.create(
            model=model,
            max_tokens=1024,
            tools=tools,
            messages=messages,
            system="工具结果：\n" + "\n".join(notes),
        )
        if resp.stop_reason != "tool_use":
            return messages + [{"role": "assistant", "content": resp.content}]
        for b in resp.content:
            if b.type == "tool_use":
                notes.append(f"{b.name}: {tool_result(b, run_tool)['content']}")
    return messages


def one_message_per_result(client, messages, *, tools, run_tool, model):
    """Sends each tool_result in its own user message. The API merges them, but one turn's results are
    meant to be one message; Claude then stops calling tools in parallel."""
    for _ in range(BUDGET):
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason != "tool_use":
            return messages
        for b in resp.content:
            if b.type == "tool_use":
                messages.append({"role": "user", "content": [tool_result(b, run_tool)]})
    return messages


def text_before_results(client, messages, *, tools, run_tool, model):
    """Puts a text note before the tool_result blocks. tool_result blocks must come first in the user
    content: the API answers 400."""
    for _ in range(BUDGET):
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason != "tool_use":
            return messages
        results = [tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"]
        messages.append(
            {"role": "user", "content": [{"type": "text", "text": "以下是工具结果："}, *results]}
        )
    return messages


def first_tool_use_only(client, messages, *, tools, run_tool, model):
    """Runs only the first tool_use block. With several in one response the others get no tool_result:
    the API answers 400."""
    for _ in range(BUDGET):
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason != "tool_use":
            return messages
        block = next(b for b in resp.content if b.type == "tool_use")
        messages.append({"role": "user", "content": [tool_result(block, run_tool)]})
    return messages


# --- control -------------------------------------------------------------------------------------

ORDER_ID = re.compile(r"[A-Z]-\d{4}")


def decision_tree(client, messages, *, tools, run_tool, model):
    """A hard-coded decision tree: `if status == "shipped": ... else: ...`. No model is asked at all; the
    final sentence is a template. Anything the tree did not foresee (a status like held_at_customs, a question that
    is not a refund, a tool error) goes down the wrong branch."""
    order_id = ORDER_ID.search(messages[0]["content"]).group(0)
    order = run_tool("lookup_order", {"order_id": order_id})
    if order["status"] == "shipped":
        run_tool("create_return", {"order_id": order_id})
    else:
        run_tool("process_refund", {"order_id": order_id, "amount": order["amount"]})
    messages.append({"role": "assistant", "content": f"订单 {order_id} 已处理完毕。"})
    return messages


def fixed_sequence(client, messages, *, tools, run_tool, model):
    """A tool sequence planned at the start (lookup_order, then process_refund) and run whatever the
    results say. The model is reduced to filling in forms."""
    plan = ["lookup_order", "process_refund"]
    order_id = ORDER_ID.search(messages[0]["content"]).group(0)
    facts = {}
    for step in plan:
        args = {"order_id": order_id, "amount": facts.get("amount", 0)}
        try:
            facts.update(
                run_tool(
                    step,
                    {k: v for k, v in args.items() if step != "lookup_order" or k == "order_id"},
                )
            )
        except Exception as e:
            facts["error"] = str(e)  # logged, and the plan goes on regardless
    messages.append({"role": "assistant", "content": f"已按计划执行：{' → '.join(plan)}。"})
    return messages


ROUTES = {"delivered": "process_refund", "shipped": "create_return", "processing": "cancel_order"}


def status_router(client, messages, *, tools, run_tool, model):
    """An orchestrator that routes to the next tool by the `status` field of the lookup result. It acts
    on every order it sees, whatever the customer asked, and has no route for a status it did not list."""
    resp = ask(client, messages, tools, model, tool_choice={"type": "tool", "name": "lookup_order"})
    block = next(b for b in resp.content if b.type == "tool_use")
    order = run_tool("lookup_order", block.input)
    nxt = ROUTES[order["status"]]  # KeyError on a status nobody listed
    run_tool(nxt, {"order_id": order["order_id"], "amount": order["amount"]})
    messages += [
        {"role": "assistant", "content": resp.content},
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": block.id,
                    "content": json.dumps(order, ensure_ascii=False),
                }
            ],
        },
        {"role": "assistant", "content": f"已自动执行 {nxt}。"},
    ]
    return messages


# --- errors --------------------------------------------------------------------------------------


def exception_aborts(client, messages, *, tools, run_tool, model):
    """Lets a tool's exception escape: one failing call aborts the whole loop, and the model never gets
    the chance to retry with corrected input or take another route."""
    for _ in range(BUDGET):
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason != "tool_use":
            return messages
        results = []
        for b in resp.content:
            if b.type == "tool_use":
                out = run_tool(b.name, b.input)  # raises straight through the loop
                results.append(
                    {
                        "type": "tool_result",
                        "tool_use_id": b.id,
                        "content": json.dumps(out, ensure_ascii=False),
                    }
                )
        messages.append({"role": "user", "content": results})
    return messages


# One row per specimen: its name, the family of bug it shows, and the loop itself.
SPECIMENS = {
    "stop_on_text_block": ("termination", stop_on_text_block),
    "stop_on_regex": ("termination", stop_on_regex),
    "fixed_five_turns": ("termination", fixed_five_turns),
    "tool_choice_none_after_last": ("termination", tool_choice_none_after_last),
    "keep_only_latest_result": ("history", keep_only_latest_result),
    "results_in_system_prompt": ("history", results_in_system_prompt),
    "one_message_per_result": ("history", one_message_per_result),
    "text_before_results": ("history", text_before_results),
    "first_tool_use_only": ("history", first_tool_use_only),
    "decision_tree": ("control", decision_tree),
    "fixed_sequence": ("control", fixed_sequence),
    "status_router": ("control", status_router),
    "exception_aborts": ("errors", exception_aborts),
}
