"""The stand-in's decisions: from what a Conversation shows, the next step for each order in the task.

It uses only the tools offered in the request, by name, and fills their inputs from the tool results
it has seen. After a failed call it reads the failure's category (`agentkit.failures`), never its
wording: correct the input and retry, retry a transient failure, or escalate to a person. Nothing
here replays a script: change a tool result and the next step changes with it.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, replace
from typing import Any

from .. import failures
from ..content import blocks, short, text_of
from ..offline.model import Reply
from ..tools import ToolCall
from . import devtools, direct, general, memory, results, structured, websearch
from .conform import conform
from .conversation import ORDER_MENTION, Conversation, Order, parsed
from .lexicon import concepts
from .phrases import REFUSAL_EXPLANATION, spoken_list
from .toolbox import TOOL_SEARCH, own_name
from .world import TOOL_SCHEMAS, World


def kw(*words: str) -> re.Pattern[str]:
    return re.compile("|".join(words), re.IGNORECASE)


INTENTS = [  # first match wins, so the stronger wish comes first
    ("refund", kw("退款", "退钱", "坏了", "损坏", "refund", "broken", "damaged", "money back")),
    ("cancel", kw("取消", "不要了", "cancel")),
    ("return", kw("退货", "退回", "return")),
]
HARMFUL = kw(
    "盗取", "窃取", "攻击", "恶意软件", "勒索", "malware", "ransomware", "exploit", "steal"
)
SEQUENTIAL = kw("逐个", "依次", "一个一个", "one at a time", "one by one")
POLL = kw("直到", "until")
RESEARCH = kw("搜索", "政策", "search", "policy", "policies")
POLICY = kw("政策", "policy", "policies")
TOPICS = [  # (query in Chinese, in English), what in the task asks for it
    (("退货政策", "return policy"), kw("退货", "return")),
    (("退款政策", "refund policy"), kw("退款", "refund")),
    (("海关扣留", "customs hold"), kw("海关", "customs")),
]
OVERRIDE = kw("忽略", "无视", "ignore")
# "please continue" after a reply cut off at max_tokens: the answer goes on from where it stopped
CONTINUE = re.compile(r"继续|接着|go on|continue|keep going|carry on", re.IGNORECASE)
HOOK_DENIAL = re.compile(r"^PreToolUse:\S+ hook error:")
"""How the Claude Code CLI reports a call its PreToolUse hook denied (CLI 2.1.332): a policy in code."""
CAP = re.compile(r"(?:超过|above|over)\s*\$?(\d+(?:\.\d+)?)")
ACTIONS = ("process_refund", "cancel_order", "create_return", "escalate_to_human")
MAX_RETRIES = 2
SERVER_ITERATIONS_PER_TURN = 2  # offline stand-in for the server tool loop's iteration limit
ROUTES = {  # order status -> what the customer wants -> the tool that does it
    "delivered": {"refund": "process_refund", "cancel": "create_return", "return": "create_return"},
    "shipped": {"refund": "create_return", "cancel": "create_return", "return": "create_return"},
    "processing": {"refund": "cancel_order", "cancel": "cancel_order", "return": "cancel_order"},
}


@dataclass(frozen=True)
class Step:
    """One order's next move: a tool call (`tool`, `input`) with what the model says before it, or,
    when the order needs nothing more, the `outcome` line of the final answer. `first_lookup` names
    the order when the call is its first lookup (the turn announces all of those in one sentence)."""

    tool: str | None = None
    input: dict[str, Any] | None = None
    say: str = ""
    outcome: str | None = None
    first_lookup: str | None = None


def call(tool: str, args: dict[str, Any], say: str) -> Step:
    return Step(tool, args, say)


def done(outcome: str) -> Step:
    return Step(outcome=outcome)


# what a task asks, read once per task text (a loop sends the same task with every request)
@functools.lru_cache(maxsize=256)
def _harmful(task: str) -> bool:
    return HARMFUL.search(task) is not None


@functools.lru_cache(maxsize=256)
def _names_order(task: str) -> bool:
    return ORDER_MENTION.search(task) is not None


@functools.lru_cache(maxsize=256)
def _one_by_one(task: str) -> bool:
    return SEQUENTIAL.search(task) is not None


@functools.lru_cache(maxsize=256)
def _polls(task: str) -> bool:
    return POLL.search(task) is not None


def number(value: Any) -> float | None:
    """An amount as a number, or None when it is not one (a tool may return "¥120")."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if value == value and abs(value) != float("inf") else None


def _other_tools(conv: Conversation, world: World) -> Reply | None:
    """The reply by the developer tools' rules, the memory tool's (`agentkit.sim.memory`), or the
    general policy for any other tools; None for the orders world."""
    if devtools.offered(conv):
        return devtools.reply(conv)
    kept_in = memory.memory_tool(conv)
    if kept_in is not None and memory.asked_of_memory(conv, kept_in):
        return memory.memory_reply(conv, kept_in)
    after = general.without_tools(conv)  # tools dropped after calls: their results, no call
    if after is not None:
        return after
    if general.applies(conv):
        reply = general.general_reply(conv)
        if _search_instead(conv, reply):  # no custom tool serves the question: the web search
            return research(conv, world, turn=[])
        return reply
    return None


def respond(conv: Conversation, world: World) -> Reply:
    """The model's reply to the request `conv` has read: the developer tools by their rules
    (`agentkit.sim.devtools`), any other tools but the orders world's by the general policy
    (`agentkit.sim.general`), the orders world's by the rules here."""
    other = _other_tools(conv, world)
    if other is not None:
        return other
    last = conv.messages[-1] if conv.messages else {}
    if last.get("role") == "assistant":
        return _continue(conv, world)
    if _asks_to_go_on(conv):  # a cut answer, then "please continue": the rest of that answer
        before = Conversation({**conv.req, "messages": conv.messages[:-1]})
        rest = _continue(before, world)
        if rest.content and rest.content[0]["type"] == "text":
            return rest
    said = None if conv.orders() or conv.calls else _direct_answer(conv)
    schema = structured.schema_of(conv.req)
    if said is not None:  # answers without a tool (agentkit.sim.direct)
        if schema is not None:
            value = structured.direct_json(schema, said, conv.task)
            return Reply([_text(json.dumps(value, ensure_ascii=False))])
        return Reply([_text(said.text)], "end_turn")
    reply = _tool_search(conv) or decide(conv, world)
    if schema is not None and reply.stop_reason == "end_turn":
        return _structured(conv, reply, schema)
    return reply


def _direct_answer(conv: Conversation) -> direct.DirectAnswer | None:
    if conv.choice.get("type") in ("tool", "any"):
        return None
    names = [t.get("name") or "" for t in conv.req.get("tools") or [] if isinstance(t, dict)]
    kinds = [concepts(n) for n in names]
    return direct.reply_without_tools(conv.lang, conv.task, names, kinds, conv.messages)


def _direct(conv: Conversation) -> str | None:
    said = _direct_answer(conv)
    return said.text if said else None


def _search_instead(conv: Conversation, reply: Reply) -> bool:
    """The general policy ends the turn without a call, no tool was called in the conversation, no
    custom tool is a candidate for the task (none waits for a value from the user), and the
    question is one for the offered web_search (agentkit.sim.websearch, rule 1)."""
    return (
        reply.stop_reason == "end_turn"
        and not conv.calls
        and not general.serves(conv)
        and structured.schema_of(conv.req) is None
        and websearch.wanted(websearch.server_tool(conv.req), conv.choice, conv.task)
    )


def _structured(conv: Conversation, reply: Reply, schema: dict[str, Any]) -> Reply:
    """The final answer as JSON for the request's schema, filled from what the conversation shows."""
    facts: dict[str, Any] = {}
    for c in conv.calls:
        result = parsed(c.content) if c.content and not c.is_error else None
        if isinstance(result, dict):
            facts.update(result)
    orders = [o.canonical for o in conv.orders()]
    titled = structured.SESSION.search(conv.task)
    if titled and not orders and set(schema.get("properties") or {}) == {"title"}:
        title = structured.session_title(
            (titled.group(1).strip().splitlines() or [""])[0], conv.lang
        )
        return Reply([_text(json.dumps({"title": title}, ensure_ascii=False))], "end_turn")
    if not orders and not conv.calls:  # nothing was done: the request's own words, extracted
        value = structured.extract(schema, conv.task, [])
        return Reply([_text(json.dumps(value, ensure_ascii=False))], "end_turn")
    facts.setdefault("title", structured.title(conv.task, orders, _intent(conv.task), conv.lang))
    value = structured.fill(schema, facts, text_of(reply.content))
    if isinstance(value, dict) and not orders:  # a field the facts leave empty: from the words
        said = general.text_fill(conv, schema)
        value.update({k: v for k, v in said.items() if value.get(k) in ("", 0, False, [], None)})
    value = conform(value, schema)
    return Reply([_text(json.dumps(value, ensure_ascii=False))], "end_turn")


def _tool_search(conv: Conversation) -> Reply | None:
    """The support tools are announced as deferred and ToolSearch is offered: load them first, the
    way the Claude Code CLI expects (once: a search that loaded nothing is not repeated)."""
    # the task names an order (conv.orders() is not empty) without walking the calls for it
    mentions = _names_order(conv.task)
    if conv.choice.get("type") != "auto" or _harmful(conv.task) or not mentions:
        return None
    search = conv.box.search_for(list(TOOL_SCHEMAS))
    if search is None or any(c.name == TOOL_SEARCH for c in conv.calls):
        return None
    call_block = {"type": "tool_use", "name": conv.box.call_name(TOOL_SEARCH), "input": search}
    return Reply([_text(conv.say("tool_search_first")), call_block], "tool_use")


def _asks_to_go_on(conv: Conversation) -> bool:
    """The last user turn is a short "please continue", after an assistant turn of text only."""
    if len(conv.messages) < 3 or conv.messages[-2].get("role") != "assistant":
        return False
    said = blocks(conv.messages[-1].get("content"))
    if not said or any(b.get("type") != "text" for b in said):
        return False
    text = text_of(said)
    earlier = blocks(conv.messages[-2].get("content"))
    only_text = earlier and all(b.get("type") == "text" for b in earlier)
    return bool(only_text and len(text) <= 40 and CONTINUE.search(text))


def decide(conv: Conversation, world: World) -> Reply:
    if _harmful(conv.task):
        details = {"type": "refusal", "category": "cyber", "explanation": REFUSAL_EXPLANATION}
        return Reply([_text(conv.say("refusal"))], "refusal", details)
    orders = conv.orders()
    forced, forced_name = conv.choice.get("type"), conv.choice.get("name")
    forced_name = own_name(forced_name) if forced_name else None
    if (
        not orders
        and RESEARCH.search(conv.task)
        and conv.offers("web_search")
        and forced != "none"
        and forced_name in (None, "web_search")
    ) or (not orders and websearch.wanted(websearch.server_tool(conv.req), conv.choice, conv.task)):
        return research(conv, world, turn=[])
    plans = [next_step(conv, o) for o in orders]
    outcomes = [p.outcome for p in plans if p.outcome]
    steps = [p for p in plans if p.tool]
    if _one_by_one(conv.task) or conv.split_results or conv.one_call_only:
        steps = steps[:1]  # one call per turn: asked for, or disable_parallel_tool_use
    steps = announce_lookups(conv, orders, steps)
    # tool_choice: "auto" leaves the choice to the model; "any" and "tool" make the API force a tool
    # call (no text before it); "none" forbids tools, so the model can only say what it would do next.
    if forced == "tool":
        steps = [p for p in steps if p.tool == forced_name] or [
            _forced_step(conv, orders, forced_name)
        ]
    elif forced == "any" and not steps:
        steps = [_forced_step(conv, orders, None)]
    elif forced == "none":
        said = (p.say + conv.say("tool_choice_none", tool=p.tool) for p in steps)
        outcomes += list(dict.fromkeys(said))
        steps = []
    if not steps:
        lines = outcomes or [conv.say("offline_note", question=direct.prompt_quoted(conv.task))]
        return Reply([_text("\n".join(lines))], "end_turn")
    content = []
    if forced not in ("any", "tool"):
        content.append(_text(" ".join(dict.fromkeys(p.say for p in steps))))
    for p in steps:
        tool = p.tool or ""
        args = _fit(conv.tools.get(tool), p.input or {})
        content.append({"type": "tool_use", "name": conv.box.call_name(tool), "input": args})
    return Reply(content, "tool_use")


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


@functools.lru_cache(maxsize=256)
def _intent(task: str) -> str:
    return next((name for name, pat in INTENTS if pat.search(task)), "status")


def next_step(conv: Conversation, o: Order) -> Step:
    """One order's next tool call with what the model says about it, or its outcome if done."""
    info = o.info() or {}
    oid, status, amount = info.get("order_id", o.canonical), info.get("status"), info.get("amount")
    actions = o.named(ACTIONS)
    if actions:  # the latest action decides: report it, or recover from its error
        return _after_action(conv, o, actions, oid, status, amount)
    if not info:
        return _lookup_step(conv, o)
    return _act_step(conv, oid, status, amount)


def _after_action(
    conv: Conversation, o: Order, actions: list[ToolCall], oid: str, status: Any, amount: Any
) -> Step:
    last = actions[-1]
    if not last.is_error:
        return done(_outcome(conv, last, oid, status))
    attempts = sum(1 for c in actions if c.name == last.name)
    corrected = {**last.input, "order_id": oid}
    if last.name == "process_refund":
        corrected["amount"] = amount
    return _recover(conv, o, last, attempts, corrected)


def _lookup_step(conv: Conversation, o: Order) -> Step:
    """No successful lookup yet: look the order up, or recover from the failed lookup."""
    lookups = o.lookups()
    if not conv.offers("lookup_order") and not lookups:
        return done(conv.say("no_lookup_tool", oid=o.canonical))
    if not lookups:
        return Step("lookup_order", {"order_id": o.mention}, first_lookup=o.canonical)
    return _recover(conv, o, lookups[-1], len(lookups), {"order_id": o.canonical})


def announce_lookups(conv: Conversation, orders: list[Order], steps: list[Step]) -> list[Step]:
    """The sentence before this turn's first lookups, one for all of them and true to what the turn
    does: the task's only order, one of several, several at once, or the next one(s) after an
    earlier turn's lookup."""
    ids = [p.first_lookup for p in steps if p.first_lookup]
    if not ids:
        return steps
    if any(c.name == "lookup_order" for c in conv.calls):
        key = "lookup_next" if len(ids) == 1 else "lookup_next_several"
    elif len(ids) > 1:
        key = "lookup_several"
    else:
        key = "lookup_first" if len(orders) == 1 else "lookup_one_of"
    line = conv.say(key, oid=ids[0], oids=spoken_list(conv.lang, ids))
    return [replace(p, say=line) if p.first_lookup else p for p in steps]


def _act_step(conv: Conversation, oid: str, status: Any, amount: Any) -> Step:
    """The order is known: poll again, report its status, or call the tool that does what was asked."""
    if _polls(conv.task) and status != "delivered":
        return call(
            "lookup_order", {"order_id": oid}, conv.say("poll_again", oid=oid, status=status)
        )
    intent = _intent(conv.task)
    looked = conv.say("looked_up", oid=oid, status=status, amount=amount)
    if intent == "status" or status in ("refunded", "cancelled"):
        return done(conv.say("status", oid=oid, status=status, amount=amount))
    tool = _choose_tool(conv, intent, status, amount)
    if tool is None:
        reason = conv.say("outside_rules", oid=oid, status=status, amount=amount)
        return _escalate(conv, oid, reason, looked)
    if not conv.offers(tool):
        why = conv.say(
            {"create_return": "why_return", "cancel_order": "why_cancel"}.get(tool, "why_refund")
        )
        return done(looked + conv.say("missing_tool", why=why, tool=tool))
    args: dict[str, Any] = {"order_id": oid}
    if tool == "process_refund":
        args["amount"] = amount
    if tool == "create_return":
        args["reason"] = conv.say("return_reason")
    verb = {"process_refund": "next_refund", "create_return": "next_return"}.get(
        tool, "next_cancel"
    )
    return call(tool, args, looked + conv.say(verb))


def _choose_tool(conv: Conversation, intent: str, status: Any, amount: Any) -> str | None:
    """The tool for this wish on an order in this status; None when a person must decide (no route,
    an amount given but not a number, or a refund above the system prompt's cap that the user did
    not tell it to ignore)."""
    tool = ROUTES.get(status, {}).get(intent) if isinstance(status, str) else None
    if tool != "process_refund":
        return tool
    value = 0.0 if amount is None else number(amount)
    if value is None:
        return None  # it cannot refund an amount it cannot read ("¥120")
    cap = CAP.search(conv.system)
    if cap and value > float(cap.group(1)) and not OVERRIDE.search(conv.task):
        return None  # the system prompt's policy says: above the cap, a human decides
    return tool


BY_MEANING = {  # the class of an error read by what it says -> the category it amounts to
    results.DENIED: failures.DENIED,
    results.NOT_FOUND: failures.NOT_FOUND,
    results.FORMAT: failures.INVALID_INPUT,
    results.TRANSIENT: failures.UNAVAILABLE,
}


def kind_of(text: str) -> str | None:
    """What an error says it is: the category word our own tools put first, a PreToolUse hook's
    denial, or else what the text means in any wording (`agentkit.sim.results.classify`)."""
    if HOOK_DENIAL.match(text):
        return failures.DENIED
    return failures.category_of(text) or BY_MEANING.get(results.classify(text))


def _recover(
    conv: Conversation, o: Order, failed: ToolCall, attempts: int, corrected: dict[str, Any]
) -> Step:
    """After an is_error result, by the failure's category: escalate a denial, retry with corrected
    input, retry a transient failure, or take another route."""
    # the error, quoted in what the model says next: cut at 80 characters in Chinese (the lessons'
    # outputs), and in English with an ellipsis at 140 (English error texts run longer)
    text = failed.content.strip()
    err = text[:80] if conv.lang == "zh" else short(text, 140)
    kind = kind_of(failed.content)
    if kind == failures.DENIED and failed.name != "escalate_to_human":
        return _escalate(conv, o.canonical, conv.say("denied", tool=failed.name, err=err), "")
    retry = attempts <= MAX_RETRIES
    if (
        retry
        and kind == failures.INVALID_INPUT
        and failed.name != "escalate_to_human"
        and corrected != failed.input
    ):
        return call(failed.name, corrected, conv.say("retry_corrected", err=err))
    if retry and kind == failures.UNAVAILABLE:
        return call(failed.name, failed.input, conv.say("retry_transient"))
    if failed.name == "escalate_to_human":
        return done(conv.say("escalation_failed", err=err))
    return _escalate(conv, o.canonical, conv.say("failed", tool=failed.name, err=err), "")


def _escalate(conv: Conversation, oid: str, reason: str, prefix: str) -> Step:
    if conv.offers("escalate_to_human"):
        args = {"order_id": oid, "reason": reason}
        return call("escalate_to_human", args, prefix + conv.say("escalating"))
    return done(prefix + conv.say("no_escalation_tool", reason=reason))


def _outcome(conv: Conversation, c: ToolCall, oid: str, status: Any) -> str:
    r = parsed(c.content)
    r = r if isinstance(r, dict) else {}
    if c.name == "process_refund":
        refund_id = r.get("refund_id", "-")
        return conv.say("refunded", oid=oid, amount=c.input.get("amount"), refund_id=refund_id)
    if c.name == "create_return":
        return conv.say("returned", oid=oid, status=status, return_id=r.get("return_id", "-"))
    if c.name == "cancel_order":
        return conv.say("cancelled", oid=oid)
    return conv.say("escalated", oid=oid, ticket_id=r.get("ticket_id", "-"))


def _forced_step(conv: Conversation, orders: list[Order], name: str | None) -> Step:
    """A call the request forces (tool_choice "tool", or "any" when the model had nothing left to
    call): the named tool, else lookup_order for an order, else escalate_to_human, else the first
    tool offered. Its input holds what the conversation shows; what it does not show stays out."""
    info = (orders[0].info() or {"order_id": orders[0].canonical}) if orders else {}
    if name is None:
        prefer = ["lookup_order"] if orders else ["escalate_to_human"]
        name = next(n for n in prefer + conv.custom_tools + list(conv.tools) if conv.offers(n))
    # what the orders world knows, a required text it does not know saying why the call was made
    # (_fit), and for any other required value the general rule (the schema's default or smallest
    # value), so the input is valid for the schema
    args = _fit(conv.tools.get(name), {**info, "reason": conv.say("forced_reason")})
    rest = general.forced_input(conv, name)
    args = {**{k: x for k, x in rest.items() if not isinstance(x, str)}, **args}
    schema = (conv.tools.get(name) or {}).get("input_schema")
    return call(name, conform(args, schema) if isinstance(schema, dict) else args, "")


def _fit(tool: dict[str, Any] | None, args: dict[str, Any]) -> dict[str, Any]:
    """Shape arguments to the offered tool's schema: only its properties; a required string it has no
    value for gets the reason text; any other missing field stays missing (the tool will say so)."""
    schema = (tool or {}).get("input_schema") or {}
    props = schema.get("properties") if isinstance(schema, dict) else None
    if not props or not isinstance(props, dict):
        return {k: v for k, v in args.items() if v is not None}
    out = {k: v for k, v in args.items() if k in props and v is not None}
    required = schema.get("required")
    for k in required if isinstance(required, list) else []:
        if k not in out and isinstance(props.get(k), dict) and props[k].get("type") == "string":
            out[k] = args.get("reason") or ""
    return out


def research(conv: Conversation, world: World, turn: list[dict[str, Any]]) -> Reply:
    """Server-side web search: searches run inside the response; after a few iterations the turn
    pauses (pause_turn). `turn` is the paused turn's content sent back, [] for a fresh turn."""
    at = 0 if conv.lang == "zh" else 1
    topics = [q[at] for q, pat in TOPICS if pat.search(conv.task)]
    if not topics and not POLICY.search(conv.task):  # any other question (agentkit.sim.websearch)
        query = websearch.query_of(conv.task)
        results = websearch.found(world.pages, query, conv.lang)
        world.searches.append(query)
        return Reply(
            [
                _text(conv.say("ws_searching", query=query)),
                {"type": "server_tool_use", "name": "web_search", "input": {"query": query}},
                {"type": "web_search_tool_result", "content": results},
                _text(websearch.search_summary(conv.lang, query, results)),
            ],
            "end_turn",
        )
    topics = topics or [q[at] for q, _ in TOPICS]
    asked = [
        (b.get("input") or {}).get("query") for b in turn if b.get("type") == "server_tool_use"
    ]
    todo = [q for q in topics if q not in asked]
    content: list[dict[str, Any]] = []
    if not turn:
        content.append(_text(conv.say("research")))
    for q in todo[:SERVER_ITERATIONS_PER_TURN]:
        content.append({"type": "server_tool_use", "name": "web_search", "input": {"query": q}})
        results = [
            {
                "type": "web_search_result",
                "url": p["url"],
                "title": p["title"],
                "encrypted_content": p["text"],
                "page_age": None,
            }
            for p in world.search(q)
        ]
        content.append({"type": "web_search_tool_result", "content": results})
    if len(todo) > SERVER_ITERATIONS_PER_TURN:
        return Reply(content, "pause_turn")
    found = [b for b in turn + content if b.get("type") == "web_search_tool_result"]
    titles = sorted(
        {
            str(r["title"])
            for b in found
            for r in b.get("content") or []
            if isinstance(r, dict) and r.get("title") is not None
        }
    )
    content.append(_text(conv.say("policy_summary") + "\n".join(f"- {x}" for x in titles)))
    return Reply(content, "end_turn")


def _continue(conv: Conversation, world: World) -> Reply:
    """The request ends with the assistant's own turn (one or more assistant messages): resume a
    paused server-tool turn, or go on from the text it was given (a prefill, or a reply cut by
    max_tokens)."""
    n = len(conv.messages)
    while n and conv.messages[n - 1].get("role") == "assistant":
        n -= 1
    turn = [b for m in conv.messages[n:] for b in blocks(m.get("content"))]
    if any(b.get("type") == "server_tool_use" for b in turn):
        return research(conv, world, turn)
    prefix = text_of(turn)
    full = decide(Conversation({**conv.req, "messages": conv.messages[:n]}), world)
    content = full.content
    if content and content[0]["type"] == "text":  # the text already given is not written again
        text = content[0]["text"]
        rest = text[len(prefix) :] if text.startswith(prefix) else text
        content = ([_text(rest)] if rest else []) + content[1:]
    return Reply(content, full.stop_reason, full.stop_details)


def decision(conv: Conversation, reply: Reply) -> str:
    """The last line of the thinking: what the model decided."""
    calls = [b for b in reply.content if b["type"] in ("tool_use", "server_tool_use")]
    if calls:
        said = ("；" if conv.lang == "zh" else "; ").join(
            f"{b['name']}({json.dumps(b['input'], ensure_ascii=False)})" for b in calls
        )
        return conv.say("think_call", calls=said)
    if reply.stop_reason == "refusal":
        return conv.say("think_refuse")
    direct_said = None if conv.calls else _direct_answer(conv)
    if direct_said is not None and direct_said.talk:
        return conv.say("think_talk")
    said = text_of(reply.content).rstrip()
    if said.endswith(("?", "？")):
        return conv.say("think_ask")
    if direct_said is not None:
        return conv.say("think_direct")
    if not conv.calls:
        return conv.say("think_no_tool")
    return conv.say("think_answer")
