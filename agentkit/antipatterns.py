"""Broken agent loops and hard-coded agents, written the way people really write them.

Deliberately whole: each specimen is a complete loop as a learner or a tutorial writes it (the
lessons show their source), so the ones whose bug lies elsewhere share the skeleton of a correct
loop. Where a specimen differs from `correct_loop` only in its tool runner or its ending, it calls
`correct_loop` instead of repeating it.

Every specimen has the learner's signature, the shape of the study guide's exercise:

    fn(client, messages, *, tools: list[dict], run_tool, model: str) -> list   # the final messages

so `agentkit.check_loop` and the scoreboard run them on the same scenarios as the reference loop.
Each docstring says what is wrong; the scoreboard shows where it fails.
"""

from __future__ import annotations

import json
import re

from .strings import T
from .tools import tool_result

BUDGET = 60  # the cap people add "just in case"; not part of the anti-pattern under study


class Stopped(Exception):
    """A specimen's named exit (its cap, or a stop it does not continue from). Where the bug
    under study is elsewhere, the specimen's cap raises, as a correct loop's must."""


def ask(client, messages, tools, model, **kw):
    return client.messages.create(
        model=model, max_tokens=1024, tools=tools, messages=messages, **kw
    )


# --- termination ---------------------------------------------------------------------------------


def stop_on_text_block(client, messages, *, tools, run_tool, model):
    """Treats any text block as the final answer. But Claude often writes a line such as "Let me look
    up the order first." before a tool_use in the same response, so the loop exits before the tool
    has run."""
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
    """Stops when the text matches a completion phrase ("done", or its Chinese in the pattern).
    Wording changes, and the phrase also appears in mid-task notes such as "Lookup done: … Next I'll
    issue the refund", so the loop stops half-way."""
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
    raise Stopped("safety net")


def fixed_five_turns(client, messages, *, tools, run_tool, model):
    """Five turns as the main stop: right in every branch, but a task that needs a sixth turn is
    cut off mid-way, silently, with the work unfinished; no one is told."""
    for _turn in range(5):
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            break
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise Stopped(resp.stop_reason)
        messages.append(tool_round(resp, run_tool))
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
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise Stopped(resp.stop_reason)
        uses = [b for b in resp.content if b.type == "tool_use"]
        expected_last_done = expected_last_done or any(b.name == "process_refund" for b in uses)
        messages.append({"role": "user", "content": [tool_result(b, run_tool) for b in uses]})
    raise Stopped("safety net")


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
    raise Stopped("safety net")


def results_in_system_prompt(client, messages, *, tools, run_tool, model):
    """Pastes tool results into the system prompt as text instead of tool_result blocks. The calls and
    their results never enter the conversation, so the model cannot tie a result to its call."""
    notes: list[str] = []
    for _ in range(BUDGET):
        resp = client.messages.create(
            model=model,
            max_tokens=1024,
            tools=tools,
            messages=messages,
            system=T("ap.system_results") + "\n".join(notes),
        )
        if resp.stop_reason != "tool_use":
            return messages + [{"role": "assistant", "content": resp.content}]
        for b in resp.content:
            if b.type == "tool_use":
                notes.append(f"{b.name}: {tool_result(b, run_tool)['content']}")
    raise Stopped("safety net")


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
    raise Stopped("safety net")


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
            {"role": "user", "content": [{"type": "text", "text": T("ap.results_intro")}, *results]}
        )
    raise Stopped("safety net")


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
    raise Stopped("safety net")


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
    messages.append({"role": "assistant", "content": T("ap.tree_done", order_id=order_id)})
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
    messages.append({"role": "assistant", "content": T("ap.plan_done", plan=" → ".join(plan))})
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
        {"role": "assistant", "content": T("ap.router_done", tool=nxt)},
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
    raise Stopped("safety net")


# --- other stop_reasons ---------------------------------------------------------------------------


def tool_round(resp, run_tool):
    """The correct tool round, shared by the specimens whose bug is elsewhere."""
    return {
        "role": "user",
        "content": [tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"],
    }


def pause_turn_as_end(client, messages, *, tools, run_tool, model):
    """Treats every stop other than tool_use as "finished". pause_turn only means a server tool
    paused its own loop: the research is cut off half-way and returned as the answer."""
    for _ in range(BUDGET):
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "max_tokens":
            raise Stopped("reply cut off at max_tokens")
        if resp.stop_reason != "tool_use":
            return messages  # end_turn, pause_turn, refusal: "done"
        messages.append(tool_round(resp, run_tool))
    raise Stopped("safety net")


def continue_on_any_stop(client, messages, *, tools, run_tool, model):
    """Answers every stop other than end_turn and tool_use with a made-up "请继续" user turn. After
    pause_turn the server tool needs its content back, not a new user message; after a refusal
    the same request is sent again; after a cut tool_use the API answers 400."""
    for _ in range(BUDGET):
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason == "tool_use":
            messages.append(tool_round(resp, run_tool))
        else:
            messages.append({"role": "user", "content": T("ap.continue")})
    raise Stopped("safety net")


def retry_refusal(client, messages, *, tools, run_tool, model):
    """Retries a refused request three times, unchanged, hoping for a different answer. The same
    request gets the same refusal; read stop_details instead, and end or hand it to a person."""
    refusals = 0
    for _ in range(BUDGET):
        resp = ask(client, messages, tools, model)
        if resp.stop_reason == "refusal" and refusals < 3:
            refusals += 1
            continue  # "maybe it will say yes this time"
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            return messages
        messages.append(tool_round(resp, run_tool))
    raise Stopped("safety net")


def runs_cut_tool_use(client, messages, *, tools, run_tool, model):
    """Treats max_tokens like tool_use: runs the tool_use blocks of a reply that was cut off. The
    last one's input is incomplete, and the model never finished deciding."""
    for _ in range(BUDGET):
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason in ("tool_use", "max_tokens"):
            messages.append(tool_round(resp, run_tool))
            continue
        if resp.stop_reason != "end_turn":
            raise Stopped(resp.stop_reason)
        return messages
    raise Stopped("safety net")


def returns_cut_answer(client, messages, *, tools, run_tool, model):
    """Returns a final answer cut off by max_tokens as if it were complete: the caller gets half a
    sentence and no sign that anything is missing."""
    for _ in range(BUDGET):
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason == "tool_use":
            messages.append(tool_round(resp, run_tool))
            continue
        if resp.stop_reason == "refusal":
            raise Stopped("refused")
        return messages  # end_turn or max_tokens: "the answer"
    raise Stopped("safety net")


# --- the safety net ---------------------------------------------------------------------------------


def no_safety_net(client, messages, *, tools, run_tool, model):
    """Right in every branch, but with no cap at all: a task the model never finishes runs
    forever (or until the bill arrives)."""
    while True:
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise Stopped(resp.stop_reason)
        messages.append(tool_round(resp, run_tool))


def silent_cap(client, messages, *, tools, run_tool, model):
    """Right in every branch, with a cap, but reaching the cap returns as if the task were done:
    the caller cannot tell "finished" from "gave up". The cap must raise (or escalate, visibly)."""
    for _ in range(30):
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise Stopped(resp.stop_reason)
        messages.append(tool_round(resp, run_tool))
    return messages  # "ran out of turns": nobody is told


def correct_loop(
    client,
    messages,
    *,
    tools,
    run_tool,
    model,
    run=None,
    answer=None,
    cap=60,
    max_tokens=1024,
    **create,
):
    """A correct loop in the learner's signature, the shape the specimens below start from:
    every stop_reason handled, every tool run once, the cap raises. `run` wraps run_tool (the
    specimens put their bug there); `answer(resp, run_tool)` builds the tool round's content."""
    for _ in range(cap):
        resp = client.messages.create(
            model=model, max_tokens=max_tokens, tools=tools, messages=messages, **create
        )
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise Stopped(resp.stop_reason)
        if answer is None:
            messages.append(tool_round(resp, run or run_tool))
        else:
            messages.append({"role": "user", "content": answer(resp, run or run_tool)})
    raise Stopped("safety net")


# --- tool results -----------------------------------------------------------------------------------


def shifted_results(client, messages, *, tools, run_tool, model):
    """Answers every tool_use id, but pairs the contents with the wrong ids (shifted by one): the
    model reads order B's status as order A's."""
    for _ in range(60):
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise Stopped(resp.stop_reason)
        results = tool_round(resp, run_tool)["content"]
        contents = [r["content"] for r in results]
        for r, c in zip(results, contents[1:] + contents[:1], strict=True):  # the bug: shifted
            r["content"] = c
        messages.append({"role": "user", "content": results})
    raise Stopped("safety net")


def runs_tools_twice(client, messages, *, tools, run_tool, model):
    """Runs each tool a second time "to verify" the result. Lookups are harmless twice; a refund
    is not."""

    def twice(name, args):
        run_tool(name, args)
        return run_tool(name, args)

    return correct_loop(client, messages, tools=tools, run_tool=run_tool, model=model, run=twice)


def cached_tools(client, messages, *, tools, run_tool, model):
    """Caches tool results by name and input "to save calls". A repeated lookup then sees the
    stale answer: polling never notices that the order arrived."""
    cache = {}

    def cached(name, args):
        key = (name, repr(sorted(args.items())))
        if key not in cache:
            cache[key] = run_tool(name, args)
        return cache[key]

    return correct_loop(client, messages, tools=tools, run_tool=run_tool, model=model, run=cached)


def missing_is_error(client, messages, *, tools, run_tool, model):
    """Sends a tool's error message back without `is_error: true`: the model reads "暂时不可用" as
    a normal result and reports success."""

    def quiet(name, args):
        try:
            return run_tool(name, args)
        except Exception as e:
            return {"error": str(e)}  # looks like any other result

    return correct_loop(client, messages, tools=tools, run_tool=run_tool, model=model, run=quiet)


def retries_tool_forever(client, messages, *, tools, run_tool, model):
    """Retries a failing tool in place until it works. A tool that keeps failing spins the loop
    forever, and the model never hears of the failure."""

    def stubborn(name, args):
        while True:
            try:
                return run_tool(name, args)
            except Exception:
                continue

    return correct_loop(client, messages, tools=tools, run_tool=run_tool, model=model, run=stubborn)


def swallows_tool_error(client, messages, *, tools, run_tool, model):
    """Catches a tool's exception and quietly stops: no is_error result, no retry, no answer."""
    for _ in range(60):
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            return messages
        try:
            messages.append({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": b.id, "content": json.dumps(run_tool(b.name, b.input), ensure_ascii=False)}
                for b in resp.content if b.type == "tool_use"
            ]})  # fmt: skip
        except Exception:
            return messages  # "something went wrong, stop here"
    raise Stopped("safety net")


# --- what the loop sends and returns ------------------------------------------------------------------


def windowed_history(client, messages, *, tools, run_tool, model):
    """Sends only the task and the last 15 messages "to save tokens". Past eight rounds the model
    no longer sees what it already did: refunds repeat, or the API rejects a tool_result whose
    tool_use fell out of the window."""
    for _ in range(60):
        window = messages[:1] + messages[1:][-15:]
        resp = ask(client, window, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise Stopped(resp.stop_reason)
        messages.append(tool_round(resp, run_tool))
    raise Stopped("safety net")


def hard_coded_model(client, messages, *, tools, run_tool, model):
    """Ignores the `model` argument and names a model in the code: the caller's choice (a newer
    model, a cheaper one, a fallback) never takes effect."""
    return correct_loop(client, messages, tools=tools, run_tool=run_tool, model="claude-sonnet-4-6")


def template_final_answer(client, messages, *, tools, run_tool, model):
    """Replaces the model's final answer with a template sentence. What the model actually said
    (the refund id, the escalation ticket, "I could not…") is lost."""
    messages = correct_loop(client, messages, tools=tools, run_tool=run_tool, model=model)
    messages[-1] = {"role": "assistant", "content": T("ap.template_final")}
    return messages


def appends_made_up_final(client, messages, *, tools, run_tool, model):
    """Adds a made-up closing message after the model's answer: the history now claims the model
    said something it never said."""
    messages = correct_loop(client, messages, tools=tools, run_tool=run_tool, model=model)
    messages.append({"role": "assistant", "content": T("ap.made_up_final")})
    return messages


def stop_on_done(client, messages, *, tools, run_tool, model):
    """Stops when the text says "done" or "task complete", in English. Chinese tasks never trip
    it, which is why it survives testing in one language; in English, "Lookup done: …" in the
    middle of the work ends the loop."""
    for _ in range(60):
        resp = ask(client, messages, tools, model)
        messages.append({"role": "assistant", "content": resp.content})
        text = "".join(b.text for b in resp.content if b.type == "text")
        if (
            re.search(r"\b(done|task complete)\b", text, re.IGNORECASE)
            or resp.stop_reason == "end_turn"
        ):
            return messages
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise Stopped(resp.stop_reason)
        messages.append(tool_round(resp, run_tool))
    raise Stopped("safety net")


# --- a tool round that fails as one ----------------------------------------------------------------


def round_in_one_try(client, messages, *, tools, run_tool, model):
    """Wraps the whole tool round in one try/except: when one call fails, every call of the round
    is reported failed, including the refunds that already went through. The model retries them,
    and a customer is refunded twice."""

    def answer(resp, run_tool):
        uses = [b for b in resp.content if b.type == "tool_use"]
        try:
            return [
                {"type": "tool_result", "tool_use_id": b.id,
                 "content": json.dumps(run_tool(b.name, b.input), ensure_ascii=False)}
                for b in uses
            ]  # fmt: skip
        except Exception as e:  # "the round failed"
            return [
                {"type": "tool_result", "tool_use_id": b.id, "content": str(e), "is_error": True}
                for b in uses
            ]

    return correct_loop(
        client, messages, tools=tools, run_tool=run_tool, model=model, answer=answer
    )


def stops_round_at_failure(client, messages, *, tools, run_tool, model):
    """Stops the tool round at the first failure: the failed call gets its is_error result, the
    calls after it get none, and the API refuses the next request (400)."""

    def answer(resp, run_tool):
        out = []
        for b in (b for b in resp.content if b.type == "tool_use"):
            out.append(tool_result(b, run_tool))
            if out[-1].get("is_error"):
                break  # "no point going on"
        return out

    return correct_loop(
        client, messages, tools=tools, run_tool=run_tool, model=model, answer=answer
    )


# --- API errors ------------------------------------------------------------------------------------


def api_error_returns(client, messages, *, tools, run_tool, model):
    """Catches the API's error and returns the history as if the task were done: when the API is
    overloaded for good, the caller is told nothing."""
    import anthropic

    try:
        return correct_loop(client, messages, tools=tools, run_tool=run_tool, model=model)
    except anthropic.APIError:
        return messages  # "the API is down, return what we have"


def retries_bad_request(client, messages, *, tools, run_tool, model):
    """Forces the first call to a tool named "lookup" (the tool is lookup_order), and retries any
    API error as it is: a 400 says the request itself is wrong, and the same request is refused
    every time."""
    import anthropic

    for _ in range(BUDGET):
        try:
            return correct_loop(
                client, messages, tools=tools, run_tool=run_tool, model=model,
                tool_choice={"type": "tool", "name": "lookup"},
            )  # fmt: skip
        except anthropic.APIError:
            continue  # "try again"
    raise Stopped("gave up")


def resends_after_max_tokens(client, messages, *, tools, run_tool, model):
    """Answers a reply cut off at max_tokens by sending the very same request again: the same
    request is cut at the same place, every time, until the cap."""
    for _ in range(BUDGET):
        resp = ask(client, messages, tools, model)
        if resp.stop_reason == "max_tokens":
            continue  # "maybe it fits this time"
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise Stopped(resp.stop_reason)
        messages.append(tool_round(resp, run_tool))
    raise Stopped("safety net")


# --- what the request is made of --------------------------------------------------------------------


def empty_text_note(client, messages, *, tools, run_tool, model):
    """Adds the model's "thinking aloud" as a text block after the results, empty when it said
    nothing: the API refuses empty text blocks (400)."""

    def answer(resp, run_tool):
        note = "".join(b.text for b in resp.content if b.type == "text" and "?" in b.text)
        return tool_round(resp, run_tool)["content"] + [{"type": "text", "text": note}]

    return correct_loop(
        client, messages, tools=tools, run_tool=run_tool, model=model, answer=answer
    )


def cache_every_result(client, messages, *, tools, run_tool, model):
    """Marks every tool_result with cache_control "to cache more": the API accepts at most 4
    cache breakpoints in a request, and refuses the fifth (400)."""

    def answer(resp, run_tool):
        out = tool_round(resp, run_tool)["content"]
        for r in out:
            r["cache_control"] = {"type": "ephemeral"}
        return out

    return correct_loop(
        client, messages, tools=tools, run_tool=run_tool, model=model, answer=answer
    )


def dict_content(client, messages, *, tools, run_tool, model):
    """Puts the tool's output dict itself in the tool_result's content. content must be a string
    or a list of content blocks: the API refuses a dict (400)."""

    def answer(resp, run_tool):
        out = []
        for b in (b for b in resp.content if b.type == "tool_use"):
            try:
                out.append(
                    {
                        "type": "tool_result",
                        "tool_use_id": b.id,
                        "content": run_tool(b.name, b.input),
                    }
                )
            except Exception as e:
                out.append(
                    {
                        "type": "tool_result",
                        "tool_use_id": b.id,
                        "content": str(e),
                        "is_error": True,
                    }
                )
        return out  # fmt: skip

    return correct_loop(
        client, messages, tools=tools, run_tool=run_tool, model=model, answer=answer
    )


def string_is_error(client, messages, *, tools, run_tool, model):
    """Writes is_error as the strings "true"/"false". is_error is a boolean: the API refuses a
    string, and "false" would read as true anyway."""

    def answer(resp, run_tool):
        out = tool_round(resp, run_tool)["content"]
        for r in out:
            r["is_error"] = "true" if r.get("is_error") else "false"
        return out

    return correct_loop(
        client, messages, tools=tools, run_tool=run_tool, model=model, answer=answer
    )


def stringified_input(client, messages, *, tools, run_tool, model):
    """Passes the tool input on as a JSON string (json.dumps(block.input)) instead of the dict:
    every tool gets a string it cannot read."""

    def answer(resp, run_tool):
        blocks = [b for b in resp.content if b.type == "tool_use"]
        out = []
        for b in blocks:
            try:
                text = json.dumps(run_tool(b.name, json.dumps(b.input)), ensure_ascii=False)
                out.append({"type": "tool_result", "tool_use_id": b.id, "content": text})
            except Exception as e:
                out.append(
                    {
                        "type": "tool_result",
                        "tool_use_id": b.id,
                        "content": str(e),
                        "is_error": True,
                    }
                )
        return out  # fmt: skip

    return correct_loop(
        client, messages, tools=tools, run_tool=run_tool, model=model, answer=answer
    )


def own_tool_list(client, messages, *, tools, run_tool, model):
    """Sends a tool list of its own, written once in the code, instead of the tools it was given:
    a tool added by the caller (web search) never reaches the model."""
    from .sim import TOOL_SCHEMAS

    mine = [TOOL_SCHEMAS[n] for n in ("lookup_order", "process_refund", "escalate_to_human")]
    return correct_loop(client, messages, tools=mine, run_tool=run_tool, model=model)


# --- the history and what is returned ---------------------------------------------------------------


def keeps_only_tool_use(client, messages, *, tools, run_tool, model):
    """Keeps only the tool_use blocks of each response in the history "to save tokens": the
    model's own words between calls (its plan, what it noticed) are lost, and the history no
    longer says what the model said."""
    for _ in range(BUDGET):
        resp = ask(client, messages, tools, model)
        if resp.stop_reason == "tool_use":
            kept = [b for b in resp.content if b.type == "tool_use"]
            messages.append({"role": "assistant", "content": kept})
            messages.append(tool_round(resp, run_tool))
            continue
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason != "pause_turn":
            raise Stopped(resp.stop_reason)
    raise Stopped("safety net")


def readable_transcript(client, messages, *, tools, run_tool, model):
    """Returns a "readable" transcript instead of the history: one line of text per step, with
    tool results under a role of their own. It reads well, and the API refuses it."""
    history = correct_loop(client, messages, tools=tools, run_tool=run_tool, model=model)
    out = []
    for m in history:
        for b in m["content"] if isinstance(m["content"], list) else [m["content"]]:
            if isinstance(b, str):
                out.append({"role": m["role"], "content": b})
            elif getattr(b, "type", None) == "text":
                out.append({"role": m["role"], "content": b.text})
            elif getattr(b, "type", None) == "tool_use":
                out.append(
                    {
                        "role": "assistant",
                        "content": T(
                            "ap.called", name=b.name, args=json.dumps(b.input, ensure_ascii=False)
                        ),
                    }
                )
            elif isinstance(b, dict) and b.get("type") == "tool_result":
                out.append({"role": "tool", "content": b["content"]})
    return out  # fmt: skip


def mutable_default_history(client, messages, *, tools, run_tool, model, history=[]):  # noqa: B006
    """Keeps the conversation in a default argument `history=[]`, which Python creates once: the
    second call starts with the first call's conversation, and every later one with all before."""
    history.extend(messages)
    return correct_loop(client, history, tools=tools, run_tool=run_tool, model=model)


def asks_if_done(client, messages, *, tools, run_tool, model):
    """After end_turn, asks the model "are you done?" once more "to be sure": end_turn already
    says so, the extra request costs a turn, and the answer to it replaces the real one."""
    messages = correct_loop(client, messages, tools=tools, run_tool=run_tool, model=model)
    messages.append({"role": "user", "content": T("ap.are_you_sure")})
    return correct_loop(client, messages, tools=tools, run_tool=run_tool, model=model)


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
    "stop_on_done": ("termination", stop_on_done),
    "pause_turn_as_end": ("stop_reason", pause_turn_as_end),
    "continue_on_any_stop": ("stop_reason", continue_on_any_stop),
    "retry_refusal": ("stop_reason", retry_refusal),
    "runs_cut_tool_use": ("stop_reason", runs_cut_tool_use),
    "returns_cut_answer": ("stop_reason", returns_cut_answer),
    "no_safety_net": ("safety_net", no_safety_net),
    "silent_cap": ("safety_net", silent_cap),
    "shifted_results": ("results", shifted_results),
    "runs_tools_twice": ("results", runs_tools_twice),
    "cached_tools": ("results", cached_tools),
    "missing_is_error": ("errors", missing_is_error),
    "retries_tool_forever": ("errors", retries_tool_forever),
    "swallows_tool_error": ("errors", swallows_tool_error),
    "windowed_history": ("history", windowed_history),
    "hard_coded_model": ("control", hard_coded_model),
    "template_final_answer": ("history", template_final_answer),
    "appends_made_up_final": ("history", appends_made_up_final),
    "round_in_one_try": ("errors", round_in_one_try),
    "stops_round_at_failure": ("errors", stops_round_at_failure),
    "api_error_returns": ("errors", api_error_returns),
    "retries_bad_request": ("errors", retries_bad_request),
    "resends_after_max_tokens": ("stop_reason", resends_after_max_tokens),
    "empty_text_note": ("request", empty_text_note),
    "cache_every_result": ("request", cache_every_result),
    "dict_content": ("results", dict_content),
    "string_is_error": ("results", string_is_error),
    "stringified_input": ("results", stringified_input),
    "own_tool_list": ("control", own_tool_list),
    "keeps_only_tool_use": ("history", keeps_only_tool_use),
    "readable_transcript": ("history", readable_transcript),
    "mutable_default_history": ("history", mutable_default_history),
    "asks_if_done": ("termination", asks_if_done),
}
