"""The simulated Claude: a deterministic stand-in that decides each step from the conversation it is sent.

It is not a language model and does not pretend to be one. It reads the request the way the lessons say
Claude does: the latest user task, then every tool_use it made earlier and the tool_result that answered
it (by `tool_use_id`), and from those facts picks the next step for each order in the task. It uses only
the tools offered in the request, by name, and fills their inputs from the tool results it has seen.
Nothing here replays a script: change a tool result and the next step changes with it.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from typing import Any

from .world import World

ORDER_MENTION = re.compile(r"(?<![A-Za-z0-9-])([A-Za-z])-?(\d{4})(?!\d)")
CJK = re.compile(r"[\u4e00-\u9fff]")


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
TOPICS = [
    ("退货政策", kw("退货", "return")),
    ("退款政策", kw("退款", "refund")),
    ("海关扣留", kw("海关", "customs")),
]
OVERRIDE = kw("忽略", "无视", "ignore")
CAP = re.compile(r"(?:超过|above|over)\s*\$?(\d+(?:\.\d+)?)")
ENGLISH = kw("in english", "英文", "英语")
FORMAT_ERR = kw("格式", "format", "invalid", "缺失", "missing")
TRANSIENT = kw("暂时", "超时", "timeout", "timed out", "unavailable", "稍后")
POLICY_ERR = kw("hook", "上限", "人工", "limit", "denied", "拒绝", "policy")
ACTIONS = ("process_refund", "cancel_order", "create_return", "escalate_to_human")
MAX_RETRIES = 2
SERVER_ITERATIONS_PER_TURN = 2  # offline stand-in for the server tool loop's iteration limit


@dataclass
class Reply:
    """What the model wants to say: content blocks (tool_use without ids) and why it stopped."""

    blocks: list[dict[str, Any]]
    stop_reason: str = "end_turn"
    stop_details: dict[str, Any] | None = None


@dataclass(slots=True)
class Call:
    name: str
    input: dict[str, Any]
    result: Any = None  # parsed JSON when possible, else the text
    text: str = ""
    is_error: bool = False
    answered: bool = False


@dataclass
class Order:
    mention: str  # as the user wrote it ("a1001")
    canonical: str  # "A-1001"
    calls: list[Call] = field(default_factory=list)

    def lookups(self) -> list[Call]:
        return [c for c in self.calls if c.name == "lookup_order"]

    def info(self) -> dict[str, Any] | None:
        ok = [c.result for c in self.lookups() if not c.is_error and isinstance(c.result, dict)]
        return ok[-1] if ok else None


def blocks_of(content: Any) -> list[dict[str, Any]]:
    """A message's content as blocks (a string is one text block)."""
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return [b for b in content or [] if isinstance(b, dict)]


def text_of(content: Any) -> str:
    return "".join(b.get("text", "") for b in blocks_of(content) if b.get("type") == "text")


def parse_result(content: Any) -> tuple[Any, str]:
    """A tool result's content as data (JSON when it parses, else the status/amount it states) and text."""
    text = content if isinstance(content, str) else text_of(content)
    result = _parse_text(text)
    return result, text  # shared by the cache: read, never modified


@functools.lru_cache(maxsize=8192)
def _parse_text(text: str) -> Any:
    """Cached: a long history resends the same tool results with every request."""
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        m = re.search(r"status\W+(\w+)", text)
        a = re.search(r"amount\W+(\d+(?:\.\d+)?)", text)
        if m:
            return {"status": m.group(1), **({"amount": float(a.group(1))} if a else {})}
        return text


@dataclass
class Seen:
    """The tool calls (answered, with their results) in a request's first `upto` messages."""

    upto: int
    calls: dict[str, Call]
    split: bool
    task: str | None = None  # the latest user task in those messages ("" when there is none)


class Conversation:
    """The facts the model can see in one request."""

    def __init__(self, req: dict[str, Any], resume: Seen | None = None):
        """`resume`: what an earlier Conversation saw of this request's first messages (an agent loop
        resends its history), so only the messages after them are read again."""
        self.req = req
        self.resume = resume
        self.messages = req.get("messages", [])
        self.system = text_of(req.get("system"))
        self.tools = {t.get("name"): t for t in req.get("tools") or []}
        self.custom_tools = [
            n for n, t in self.tools.items() if t.get("type", "custom") == "custom"
        ]
        self.choice = req.get("tool_choice") or {"type": "auto"}
        self.one_call_only = bool(self.choice.get("disable_parallel_tool_use"))
        self.task = self._task()
        self.lang = (
            "en" if ENGLISH.search(self.system + self.task) or not CJK.search(self.task) else "zh"
        )
        self.calls, self.split_results = self._calls()

    def _task(self) -> str:
        known = self.resume.upto if self.resume and self.resume.task is not None else 0
        for i in range(len(self.messages) - 1, known - 1, -1):
            m = self.messages[i]
            if m.get("role") != "user":
                continue
            c = m.get("content")
            if isinstance(c, str):
                return c
            first = c[0] if c else None  # tool results come first in a user turn (the API checks)
            if not (isinstance(first, dict) and first.get("type") == "tool_result"):
                return text_of(c)
        return self.resume.task if known else ""  # no new task: the one already read

    def _calls(self) -> tuple[list[Call], bool]:
        start, calls, split = (
            (self.resume.upto, dict(self.resume.calls), self.resume.split)
            if self.resume
            else (0, {}, False)
        )
        self.by_id = calls
        for i in range(start, len(self.messages)):
            m = self.messages[i]
            content = m.get("content")
            if isinstance(content, str):
                continue
            if m.get("role") == "assistant":
                for b in content or []:
                    if isinstance(b, dict) and b.get("type") == "tool_use":
                        calls[b.get("id")] = Call(b.get("name"), b.get("input") or {})
            else:
                answered = 0
                for b in content or []:
                    if (
                        isinstance(b, dict)
                        and b.get("type") == "tool_result"
                        and b.get("tool_use_id") in calls
                    ):
                        c = calls[b["tool_use_id"]]
                        c.result, c.text = parse_result(b.get("content", ""))
                        c.is_error, c.answered = bool(b.get("is_error")), True
                        answered += 1
                prev = self.messages[i - 1] if i else {}
                if answered and prev.get("role") == "user":
                    split = True  # results of one turn spread over several user messages
        return list(calls.values()), split

    def seen(self) -> Seen:
        """What this Conversation has read, for the next request that resends these messages."""
        return Seen(len(self.messages), self.by_id, self.split_results, self.task)

    def offers(self, name: str) -> bool:
        return name in self.tools

    def t(self, zh: str, en: str) -> str:
        return zh if self.lang == "zh" else en


def respond(req: dict[str, Any], world: World, conv: Conversation | None = None) -> Reply:
    """The model's reply to `req`; `conv` is the request already read, when the caller has it."""
    conv = conv or Conversation(req)
    last = conv.messages[-1] if conv.messages else {}
    if last.get("role") == "assistant":
        return _continue(req, conv, world)
    return decide(conv, world)


def decide(conv: Conversation, world: World) -> Reply:
    if HARMFUL.search(conv.task):
        return Reply(
            [
                {
                    "type": "text",
                    "text": conv.t(
                        "抱歉，我不能帮助完成这个请求。", "Sorry, I can't help with that request."
                    ),
                }
            ],
            "refusal",
            {
                "type": "refusal",
                "category": "cyber",
                "explanation": "The request asks for code that could be used to access other people's data without authorisation.",
            },
        )
    orders = _orders(conv)
    forced, forced_name = conv.choice.get("type"), conv.choice.get("name")
    if (
        not orders
        and RESEARCH.search(conv.task)
        and conv.offers("web_search")
        and forced != "none"
        and forced_name in (None, "web_search")
    ):
        return _research(conv, world, turn=[])
    plans = [_next_step(conv, o) for o in orders]
    outcomes = [p["outcome"] for p in plans if p["outcome"]]
    steps = [p for p in plans if p["call"]]
    if SEQUENTIAL.search(conv.task) or conv.split_results or conv.one_call_only:
        steps = steps[:1]  # one call per turn: asked for, or disable_parallel_tool_use
    # tool_choice: "auto" leaves the choice to the model; "any" and "tool" make the API force a tool call
    # (no text before it); "none" forbids tools, so the model can only say what it would do next.
    if forced == "tool":
        steps = [p for p in steps if p["call"][0] == forced_name] or [
            _forced_step(conv, orders, forced_name)
        ]
    elif forced == "any" and not steps:
        steps = [_forced_step(conv, orders, None)]
    elif forced == "none":
        outcomes += [
            p["say"]
            + conv.t(
                f"（本轮 tool_choice 为 none，不能调用工具，所以没有调用 {p['call'][0]}。）",
                f" (tool_choice is none in this turn, so I did not call {p['call'][0]}.)",
            )
            for p in steps
        ]
        steps = []
    if not steps:
        return _final(conv, outcomes or [_offline_note(conv)])
    blocks = []
    if forced not in ("any", "tool"):
        blocks.append({"type": "text", "text": " ".join(dict.fromkeys(p["say"] for p in steps))})
    for p in steps:
        name, args = p["call"]
        blocks.append({"type": "tool_use", "name": name, "input": _fit(conv.tools.get(name), args)})
    return Reply(blocks, "tool_use")


def _offline_note(conv: Conversation) -> str:
    """The answer to a prompt this stand-in has no path for."""
    return conv.t(
        f"这是离线模式下的模拟 Claude（一个确定性的替身，不是真正的模型）。它只处理本练习册的客服场景："
        f"订单查询、退款、取消、退货、转人工和政策搜索。你的问题“{conv.task.strip()[:40]}”不在这些场景里，"
        f"也不需要调用工具，所以本轮直接结束（end_turn）。要和真实 Claude 对话：设置环境变量 ANTHROPIC_API_KEY "
        f"后重新运行，代码不用改。",
        f"This is the offline simulated Claude (a deterministic stand-in, not a real model). It handles this "
        f"workbook's support scenarios only: order lookup, refund, cancel, return, escalation and policy search. "
        f'Your question "{conv.task.strip()[:40]}" is not one of them and needs no tool, so this turn ends '
        f"(end_turn). To talk to real Claude, set ANTHROPIC_API_KEY and run again; the code stays the same.",
    )


def _orders(conv: Conversation) -> list[Order]:
    seen: dict[str, Order] = {}
    for m in ORDER_MENTION.finditer(conv.task):
        canonical = f"{m.group(1).upper()}-{m.group(2)}"
        seen.setdefault(canonical, Order(m.group(0), canonical))
    for c in conv.calls:
        key = _canonical(str(c.input.get("order_id", "")))
        if (
            key is None
        ):  # a call that names no order (an escalation, a forced call) concerns every order
            targets = list(seen.values())
        else:
            targets = [seen[key]] if key in seen else []
        for o in targets:
            o.calls.append(c)
    return list(seen.values())


@functools.lru_cache(maxsize=4096)
def _canonical(order_id: str) -> str | None:
    """ "a1001" -> "A-1001"; None when the text is not an order id."""
    m = ORDER_MENTION.fullmatch(order_id)
    return None if m is None else f"{m.group(1).upper()}-{m.group(2)}"


def _intent(task: str) -> str:
    return next((name for name, pat in INTENTS if pat.search(task)), "status")


def _next_step(conv: Conversation, o: Order) -> dict[str, Any]:
    """One order's next tool call (or None) with what the model says about it, or its outcome if done."""
    info = o.info() or {}
    oid, status, amount = info.get("order_id", o.canonical), info.get("status"), info.get("amount")
    done = [c for c in o.calls if c.name in ACTIONS]
    if done:  # the latest action decides: report it, or recover from its error
        return _after_action(conv, o, done, oid, status, amount)
    if not info:
        return _lookup_step(conv, o)
    return _act_step(conv, oid, status, amount)


def _after_action(
    conv: Conversation, o: Order, done: list[Call], oid: str, status: Any, amount: Any
) -> dict[str, Any]:
    last = done[-1]
    if not last.is_error:
        return _stop(_outcome(conv, last, oid, status, amount))
    attempts = sum(1 for c in done if c.name == last.name)
    corrected = {**last.input, "order_id": oid}
    if last.name == "process_refund":
        corrected["amount"] = amount
    return _recover(conv, o, last, attempts, corrected)


def _lookup_step(conv: Conversation, o: Order) -> dict[str, Any]:
    """No successful lookup yet: look the order up, or recover from the failed lookup."""
    lookups = o.lookups()
    if not conv.offers("lookup_order") and not lookups:
        return _stop(
            conv.t(
                f"我无法查询订单 {o.canonical}（没有 lookup_order 工具），所以没有做任何操作。",
                f"I cannot look up order {o.canonical} (no lookup_order tool), so I did nothing.",
            )
        )
    if not lookups:
        return _call(
            "lookup_order",
            {"order_id": o.mention},
            conv.t("我先查一下订单。", "Let me look up the order first."),
        )
    return _recover(conv, o, lookups[-1], len(lookups), {"order_id": o.canonical})


ROUTES = {  # order status -> what the customer wants -> the tool that does it
    "delivered": {"refund": "process_refund", "cancel": "create_return", "return": "create_return"},
    "shipped": {"refund": "create_return", "cancel": "create_return", "return": "create_return"},
    "processing": {"refund": "cancel_order", "cancel": "cancel_order", "return": "cancel_order"},
}


def _act_step(conv: Conversation, oid: str, status: Any, amount: Any) -> dict[str, Any]:
    """The order is known: poll again, report its status, or call the tool that does what was asked."""
    t = conv.t
    intent = _intent(conv.task)
    looked = t(
        f"查询完成：订单 {oid} 状态为 {status}，金额 {amount} 元。",
        f"Lookup done: order {oid} is {status}, amount {amount}.",
    )
    if POLL.search(conv.task) and status != "delivered":
        return _call(
            "lookup_order",
            {"order_id": oid},
            t(
                f"订单 {oid} 仍是 {status}，我再查一次。",
                f"Order {oid} is still {status}; checking again.",
            ),
        )
    if intent == "status" or status in ("refunded", "cancelled"):
        return _stop(
            t(
                f"订单 {oid} 的状态是 {status}，金额 {amount} 元。",
                f"Order {oid} is {status}, amount {amount}.",
            )
        )
    tool = _choose_tool(conv, intent, status, amount)
    if tool is None:
        reason = t(
            f"订单 {oid} 状态为 {status}，金额 {amount} 元，不在可自动处理的范围内",
            f"order {oid} is {status} ({amount}), outside what can be handled automatically",
        )
        return _escalate(conv, oid, reason, looked)
    if not conv.offers(tool):
        return _stop(looked + _missing_tool(conv, tool))
    args: dict[str, Any] = {"order_id": oid}
    if tool == "process_refund":
        args["amount"] = amount
    if tool == "create_return":
        args["reason"] = t("客户申请退货", "customer requested a return")
    return _call(tool, args, looked + _next_verb(conv, tool))


def _choose_tool(conv: Conversation, intent: str, status: Any, amount: Any) -> str | None:
    """The tool for this wish on an order in this status; None when a person must decide (no route, or
    a refund above the system prompt's cap that the user did not tell it to ignore)."""
    tool = ROUTES.get(status, {}).get(intent)
    cap = CAP.search(conv.system)
    over_cap = cap and float(amount or 0) > float(cap.group(1))
    if tool == "process_refund" and over_cap and not OVERRIDE.search(conv.task):
        return None  # the system prompt's policy says: above the cap, a human decides
    return tool


def _missing_tool(conv: Conversation, tool: str) -> str:
    t = conv.t
    why = {
        "create_return": t(
            "已发货的订单不能取消或直接退款，只能退货",
            "a shipped order cannot be cancelled or refunded directly, only returned",
        ),
        "cancel_order": t("未发货的订单应当取消", "an order not yet shipped should be cancelled"),
        "process_refund": t("这个订单需要退款", "this order needs a refund"),
    }[tool]
    return t(
        f"{why}，但我没有 {tool} 工具，所以没有做任何操作。",
        f" {why.capitalize()}, but I have no {tool} tool, so I did nothing.",
    )


def _next_verb(conv: Conversation, tool: str) -> str:
    t = conv.t
    return {
        "process_refund": t("接下来为它发起退款。", " Next I'll issue the refund."),
        "create_return": t(
            "已发货的订单不能取消，接下来为它创建退货单。",
            " A shipped order can't be cancelled; next I'll create a return.",
        ),
        "cancel_order": t(
            "订单尚未发货，接下来取消它。", " It has not shipped; next I'll cancel it."
        ),
    }[tool]


def _recover(
    conv: Conversation, o: Order, failed: Call, attempts: int, corrected: dict[str, Any]
) -> dict[str, Any]:
    """After an is_error result: retry with corrected input, retry a transient failure, or take another route."""
    t = conv.t
    err = failed.text.strip()[:80]
    if POLICY_ERR.search(failed.text) and failed.name != "escalate_to_human":
        return _escalate(
            conv,
            o.canonical,
            t(f"{failed.name} 被拒绝：{err}", f"{failed.name} was denied: {err}"),
            "",
        )
    if attempts <= MAX_RETRIES and FORMAT_ERR.search(failed.text) and corrected != failed.input:
        return _call(
            failed.name,
            corrected,
            t(
                f"上一次调用出错（{err}）。我改正输入后再试一次。",
                f"The last call failed ({err}). Retrying with corrected input.",
            ),
        )
    if attempts <= MAX_RETRIES and TRANSIENT.search(failed.text):
        return _call(
            failed.name,
            failed.input,
            t("工具暂时出错，我重试一次。", "The tool failed transiently; retrying once."),
        )
    if failed.name == "escalate_to_human":
        return _stop(
            t(
                f"转人工也失败了（{err}），请直接联系客服。",
                f"Escalation failed too ({err}); please contact support.",
            )
        )
    return _escalate(
        conv, o.canonical, t(f"{failed.name} 多次失败：{err}", f"{failed.name} failed: {err}"), ""
    )


def _escalate(conv: Conversation, oid: str, reason: str, prefix: str) -> dict[str, Any]:
    t = conv.t
    if conv.offers("escalate_to_human"):
        return _call(
            "escalate_to_human",
            {"order_id": oid, "reason": reason},
            prefix
            + t(
                "这个情况需要人工处理，我把它转给人工客服。",
                " This needs a person; escalating to a human agent.",
            ),
        )
    return _stop(
        prefix
        + t(
            f"{reason}，我没有做任何操作，建议联系人工客服。",
            f" {reason.capitalize()}; I did nothing and suggest contacting a human agent.",
        )
    )


def _outcome(conv: Conversation, c: Call, oid: str, status: Any, amount: Any) -> str:
    r = c.result if isinstance(c.result, dict) else {}
    t = conv.t
    return {
        "process_refund": t(
            f"订单 {oid} 已退款 {c.input.get('amount')} 元（退款单号 {r.get('refund_id', '-')}）。",
            f"Order {oid} refunded {c.input.get('amount')} (refund {r.get('refund_id', '-')}).",
        ),
        "create_return": t(
            f"订单 {oid} 状态为 {status}，不能取消；已创建退货单 {r.get('return_id', '-')}，寄回后即退款。",
            f"Order {oid} is {status} and cannot be cancelled; return {r.get('return_id', '-')} created.",
        ),
        "cancel_order": t(
            f"订单 {oid} 尚未发货，已取消。", f"Order {oid} had not shipped and is cancelled."
        ),
        "escalate_to_human": t(
            f"订单 {oid} 已转人工客服（工单 {r.get('ticket_id', '-')}）。",
            f"Order {oid} was escalated to a human agent (ticket {r.get('ticket_id', '-')}).",
        ),
    }[c.name]


def _forced_step(conv: Conversation, orders: list[Order], name: str | None) -> dict[str, Any]:
    """A call the request forces (tool_choice "tool", or "any" when the model had nothing left to call):
    the named tool, else lookup_order for an order, else escalate_to_human, else the first tool offered.
    Its input holds what the conversation shows; what it does not show stays out."""
    info = (orders[0].info() or {"order_id": orders[0].canonical}) if orders else {}
    if name is None:
        prefer = ["lookup_order"] if orders else ["escalate_to_human"]
        name = next(n for n in prefer + conv.custom_tools + list(conv.tools) if conv.offers(n))
    return _call(
        name,
        {
            **info,
            "reason": conv.t(
                "按 tool_choice 的要求调用", "called because tool_choice requires a tool"
            ),
        },
        "",
    )


def _fit(tool: dict[str, Any] | None, args: dict[str, Any]) -> dict[str, Any]:
    """Shape arguments to the offered tool's schema: only its properties; a required string it has no value
    for gets the reason text; any other missing field stays missing (the tool will say so)."""
    schema = (tool or {}).get("input_schema") or {}
    props = schema.get("properties")
    if not props:
        return {k: v for k, v in args.items() if v is not None}
    out = {k: v for k, v in args.items() if k in props and v is not None}
    for k in schema.get("required", []):
        if k not in out and (props.get(k) or {}).get("type") == "string":
            out[k] = args.get("reason") or ""
    return out


def _call(name: str, args: dict[str, Any], say: str) -> dict[str, Any]:
    return {"call": (name, args), "say": say, "outcome": None}


def _stop(outcome: str) -> dict[str, Any]:
    return {"call": None, "say": "", "outcome": outcome}


def _final(conv: Conversation, lines: list[str]) -> Reply:
    return Reply([{"type": "text", "text": "\n".join(lines)}], "end_turn")


def _research(conv: Conversation, world: World, turn: list[dict[str, Any]]) -> Reply:
    """Server-side web search: searches run inside the response; after a few iterations the turn pauses
    (pause_turn). `turn` is the paused turn's content sent back, [] for a fresh turn."""
    topics = [name for name, pat in TOPICS if pat.search(conv.task)] or [name for name, _ in TOPICS]
    done = [b["input"].get("query") for b in turn if b.get("type") == "server_tool_use"]
    todo = [q for q in topics if q not in done]
    blocks: list[dict[str, Any]] = []
    if not turn:
        blocks.append(
            {"type": "text", "text": conv.t("我来搜索相关政策。", "Let me search the policies.")}
        )
    for q in todo[:SERVER_ITERATIONS_PER_TURN]:
        blocks.append({"type": "server_tool_use", "name": "web_search", "input": {"query": q}})
        blocks.append(
            {
                "type": "web_search_tool_result",
                "content": [
                    {
                        "type": "web_search_result",
                        "url": p["url"],
                        "title": p["title"],
                        "encrypted_content": p["text"],
                        "page_age": None,
                    }
                    for p in world.search(q)
                ],
            }
        )
    if len(todo) > SERVER_ITERATIONS_PER_TURN:
        return Reply(blocks, "pause_turn")
    found = [b for b in turn + blocks if b.get("type") == "web_search_tool_result"]
    lines = sorted({r["title"] for b in found for r in b["content"]})
    blocks.append(
        {
            "type": "text",
            "text": conv.t("政策要点：\n", "Policy summary:\n")
            + "\n".join(f"- {x}" for x in lines),
        }
    )
    return Reply(blocks, "end_turn")


def _continue(req: dict[str, Any], conv: Conversation, world: World) -> Reply:
    """The request ends with the assistant's own turn (one or more assistant messages): resume a paused
    server-tool turn, or go on from the text it was given (a prefill, or a reply cut by max_tokens)."""
    n = len(conv.messages)
    while conv.messages[n - 1].get("role") == "assistant":
        n -= 1
    turn = [b for m in conv.messages[n:] for b in blocks_of(m.get("content"))]
    if any(b.get("type") == "server_tool_use" for b in turn):
        return _research(conv, world, turn)
    prefix = text_of(turn)
    full = decide(Conversation({**req, "messages": conv.messages[:n]}), world)
    blocks = full.blocks
    if (
        blocks and blocks[0]["type"] == "text"
    ):  # the part of its text already given is not written again
        text = blocks[0]["text"]
        rest = text[len(prefix) :] if text.startswith(prefix) else text
        blocks = ([{"type": "text", "text": rest}] if rest else []) + blocks[1:]
    return Reply(blocks, full.stop_reason, full.stop_details)


def thinking(req: dict[str, Any], reply: Reply, conv: Conversation | None = None) -> str:
    """The thinking block's text for `reply`: what the model read in the request (the task and the
    latest tool results) and what it decided, in the task's language."""
    conv = conv or Conversation(req)
    t = conv.t
    task = conv.task.strip()[:80]
    lines = [t(f"用户的任务：“{task}”", f'The task: "{task}"')]
    last = conv.messages[-1] if conv.messages else {}
    for b in blocks_of(last.get("content")) if last.get("role") == "user" else []:
        c = conv.by_id.get(b.get("tool_use_id")) if b.get("type") == "tool_result" else None
        if c is not None:
            flag = t("（出错）", " (error)") if c.is_error else ""
            lines.append(
                t(
                    f"{c.name} 的结果{flag}：{c.text.strip()[:80]}",
                    f"{c.name} returned{flag}: {c.text.strip()[:80]}",
                )
            )
    if len(lines) == 1:
        lines.append(
            t(
                "还没有工具结果：先用工具拿到事实，不凭猜测行动。",
                "No tool results yet: get the facts with a tool first.",
            )
        )
    lines.append(_decision(conv, reply))
    return "\n".join(lines)


def _decision(conv: Conversation, reply: Reply) -> str:
    t = conv.t
    calls = [b for b in reply.blocks if b["type"] in ("tool_use", "server_tool_use")]
    if calls:
        said = "；".join(
            f"{b['name']}({json.dumps(b['input'], ensure_ascii=False)})" for b in calls
        )
        return t(
            f"决定：调用 {said}，等结果回来再决定下一步。",
            f"Decision: call {said}, then decide on the result.",
        )
    if reply.stop_reason == "refusal":
        return t(
            "决定：这个请求可能造成伤害，拒绝。", "Decision: this request could cause harm; refuse."
        )
    return t(
        "决定：需要的信息都有了，不再调用工具，直接回答。",
        "Decision: I have what I need; answer without tools.",
    )
