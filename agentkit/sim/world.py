"""The small customer-support world the offline Claude and the lessons share.

A `World` holds orders and a few web pages, executes the support tools against them and records every
effect (refunds issued, orders cancelled, returns created, escalations), so a grader can check what
really happened, not what a transcript claims.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from ..content import CJK
from ..failures import INVALID_INPUT, NOT_FOUND, UNAVAILABLE, WRONG_STATE, ToolFailure
from ..i18n import language
from .strings import T

__all__ = [
    "World",
    "ToolFailure",
    "TOOL_SCHEMAS",
    "WEB_SEARCH_TOOL",
    "DEFAULT_ORDERS",
    "tool_schema",
]

ORDER_ID = re.compile(r"^[A-Z]-\d{4}$")

DEFAULT_ORDERS: dict[str, dict[str, Any]] = {
    "A-1001": {"status": "delivered", "amount": 120.0, "item": "蓝牙耳机"},
    "A-1002": {"status": "shipped", "amount": 89.5, "item": "机械键盘"},
    "A-1003": {"status": "processing", "amount": 45.0, "item": "手机壳"},
    "A-1004": {"status": "held_at_customs", "amount": 260.0, "item": "咖啡机"},
    "A-1005": {"status": "delivered", "amount": 899.0, "item": "显示器"},
    "A-1006": {"status": "delivered", "amount": 35.0, "item": "数据线"},
    "A-1007": {"status": "delivered", "amount": 58.0, "item": "台灯"},
}

PAGE_NAMES = ("returns", "refunds", "customs")


def _page(name: str, lang: str) -> dict[str, str]:
    return {
        "url": f"https://support.example.com/policy/{name}",
        "title": T.text(f"page.{name}.title", lang),
        "text": T.text(f"page.{name}.text", lang),
    }


DEFAULT_PAGES: list[dict[str, str]] = [_page(n, "zh") for n in PAGE_NAMES]


def default_pages() -> list[dict[str, str]]:
    """The world's pages in the learner's language (AGENTKIT_LANG), when the World is made."""
    return (
        copy.deepcopy(DEFAULT_PAGES) if language() == "zh" else [_page(n, "en") for n in PAGE_NAMES]
    )


def tool_schema(name: str) -> dict[str, Any]:
    """A support tool's schema (a copy), its description in the learner's language."""
    schema = copy.deepcopy(TOOL_SCHEMAS[name])
    if language() != "zh" and f"tool.{name}" in T:
        schema["description"] = T(f"tool.{name}")
    return schema


def _terms(text: str) -> set[str]:
    """What a search matches on: each CJK character, and each Latin word (lower case)."""
    return set(CJK.findall(text)) | set(re.findall(r"[a-z0-9]+", text.lower()))


TOOL_SCHEMAS: dict[str, dict[str, Any]] = {
    "lookup_order": {
        "name": "lookup_order",
        "description": T.text("tool.lookup_order", "zh"),
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}},
            "required": ["order_id"],
        },
    },
    "process_refund": {
        "name": "process_refund",
        "description": T.text("tool.process_refund", "zh"),
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}, "amount": {"type": "number"}},
            "required": ["order_id", "amount"],
        },
    },
    "cancel_order": {
        "name": "cancel_order",
        "description": T.text("tool.cancel_order", "zh"),
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}},
            "required": ["order_id"],
        },
    },
    "create_return": {
        "name": "create_return",
        "description": T.text("tool.create_return", "zh"),
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}, "reason": {"type": "string"}},
            "required": ["order_id"],
        },
    },
    "escalate_to_human": {
        "name": "escalate_to_human",
        "description": T.text("tool.escalate_to_human", "zh"),
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}, "reason": {"type": "string"}},
            "required": ["reason"],
        },
    },
}

WEB_SEARCH_TOOL = {"type": "web_search_20250305", "name": "web_search", "max_uses": 5}


@dataclass
class World:
    """Orders, pages and the record of effects. Tool calls mutate it; `effects` is the audit log."""

    orders: dict[str, dict[str, Any]] = field(default_factory=lambda: copy.deepcopy(DEFAULT_ORDERS))
    pages: list[dict[str, str]] = field(default_factory=default_pages)
    # order_id -> list of statuses it moves through, one step per lookup (e.g. shipped -> delivered)
    transitions: dict[str, list[str]] = field(default_factory=dict)
    # tool name -> how many of its next calls fail with a transient error
    flaky: dict[str, int] = field(default_factory=dict)
    effects: list[dict[str, Any]] = field(default_factory=list)
    searches: list[str] = field(default_factory=list)  # every server-side web search, in order

    def tools(self, *names: str) -> list[dict[str, Any]]:
        """Schemas of the named support tools (all of them when no name is given)."""
        return [tool_schema(n) for n in (names or TOOL_SCHEMAS)]

    def refunds(self) -> list[dict[str, Any]]:
        return [e for e in self.effects if e["tool"] == "process_refund"]

    def actions(self, tool: str | None = None) -> list[dict[str, Any]]:
        return [
            e for e in self.effects if e["tool"] != "lookup_order" and tool in (None, e["tool"])
        ]

    def run_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any]:
        """Execute a support tool. Raises ToolFailure (bad input, wrong state) or KeyError (unknown tool)."""
        if name not in TOOL_SCHEMAS:
            raise KeyError(f"unknown tool {name!r}")
        if self.flaky.get(name, 0) > 0:
            self.flaky[name] -= 1
            raise ToolFailure(T("unavailable", name=name), UNAVAILABLE)
        order = self._order(args.get("order_id")) if name != "escalate_to_human" else None
        result = getattr(self, "_" + name)(order, args)
        self.effects.append({"tool": name, "input": dict(args), "result": result})
        return result

    def _order(self, order_id: Any) -> dict[str, Any]:
        if not isinstance(order_id, str) or not ORDER_ID.match(order_id):
            raise ToolFailure(T("bad_order_id", order_id=order_id), INVALID_INPUT)
        if order_id not in self.orders:
            raise ToolFailure(T("no_such_order", order_id=order_id), NOT_FOUND)
        return {"order_id": order_id, **self.orders[order_id]}

    def _lookup_order(self, order, args):
        steps = self.transitions.get(order["order_id"])
        if steps:
            self.orders[order["order_id"]]["status"] = steps.pop(0)
            order["status"] = self.orders[order["order_id"]]["status"]
        return {"order_id": order["order_id"], "status": order["status"], "amount": order["amount"]}

    def _process_refund(self, order, args):
        amount = args.get("amount")
        if not isinstance(amount, (int, float)) or isinstance(amount, bool):
            raise ToolFailure(T("bad_amount", amount=amount), INVALID_INPUT)
        if order["status"] != "delivered":
            raise ToolFailure(T("refund_not_delivered", **order), WRONG_STATE)
        if amount > order["amount"]:
            raise ToolFailure(
                T("refund_too_large", amount=amount, total=order["amount"]), INVALID_INPUT
            )
        n = len(self.refunds()) + 1
        self.orders[order["order_id"]]["status"] = "refunded"
        return {
            "refund_id": f"R-{770 + n}",
            "order_id": order["order_id"],
            "amount": amount,
            "ok": True,
        }

    def _cancel_order(self, order, args):
        if order["status"] != "processing":
            raise ToolFailure(T("cancel_shipped", **order), WRONG_STATE)
        self.orders[order["order_id"]]["status"] = "cancelled"
        return {"order_id": order["order_id"], "cancelled": True}

    def _create_return(self, order, args):
        if order["status"] not in ("shipped", "delivered"):
            raise ToolFailure(T("no_return", **order), WRONG_STATE)
        return {
            "return_id": f"RT-{order['order_id'][2:]}",
            "order_id": order["order_id"],
            "ok": True,
        }

    def _escalate_to_human(self, order, args):
        if not str(args.get("reason", "")).strip():
            raise ToolFailure(T("no_reason"), INVALID_INPUT)
        n = len(self.actions("escalate_to_human")) + 1
        return {"ticket_id": f"T-{500 + n}", "queued": True}

    def search(self, query: str) -> list[dict[str, str]]:
        """The server-side web search over the world's pages (ranked by shared characters and
        words)."""
        self.searches.append(query)
        words = _terms(query)
        ranked = sorted(self.pages, key=lambda p: -len(words & _terms(p["title"] + p["text"])))
        return ranked[:2]
