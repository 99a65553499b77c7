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

from ..failures import INVALID_INPUT, NOT_FOUND, UNAVAILABLE, WRONG_STATE, ToolFailure
from .strings import T

__all__ = ["World", "ToolFailure", "TOOL_SCHEMAS", "WEB_SEARCH_TOOL", "DEFAULT_ORDERS"]

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

DEFAULT_PAGES: list[dict[str, str]] = [
    {
        "url": "https://support.example.com/policy/returns",
        "title": "退货政策：签收后 30 天内可退货",
        "text": "签收后 30 天内可申请退货；已发货未签收的订单不能取消，只能在签收后退货。",
    },
    {
        "url": "https://support.example.com/policy/refunds",
        "title": "退款政策：500 元以上需人工审核",
        "text": "单笔退款超过 500 元需要人工审核；退款在 3 个工作日内原路返回。",
    },
    {
        "url": "https://support.example.com/policy/customs",
        "title": "海关扣留订单的处理",
        "text": "被海关扣留的包裹需要人工客服联系物流公司处理。",
    },
]

TOOL_SCHEMAS: dict[str, dict[str, Any]] = {
    "lookup_order": {
        "name": "lookup_order",
        "description": "按订单号查询订单状态。输入 order_id（形如 A-1001），返回 status 和 amount。",
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}},
            "required": ["order_id"],
        },
    },
    "process_refund": {
        "name": "process_refund",
        "description": "为已确认的订单发起退款。order_id 必须来自 lookup_order 的结果。",
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}, "amount": {"type": "number"}},
            "required": ["order_id", "amount"],
        },
    },
    "cancel_order": {
        "name": "cancel_order",
        "description": "取消尚未发货（status 为 processing）的订单。",
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}},
            "required": ["order_id"],
        },
    },
    "create_return": {
        "name": "create_return",
        "description": "为已发货或已签收的订单创建退货单，签收后退回即退款。",
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}, "reason": {"type": "string"}},
            "required": ["order_id"],
        },
    },
    "escalate_to_human": {
        "name": "escalate_to_human",
        "description": "把无法自动处理的情况转给人工客服。写明订单号和原因。",
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
    pages: list[dict[str, str]] = field(default_factory=lambda: copy.deepcopy(DEFAULT_PAGES))
    # order_id -> list of statuses it moves through, one step per lookup (e.g. shipped -> delivered)
    transitions: dict[str, list[str]] = field(default_factory=dict)
    # tool name -> how many of its next calls fail with a transient error
    flaky: dict[str, int] = field(default_factory=dict)
    effects: list[dict[str, Any]] = field(default_factory=list)
    searches: list[str] = field(default_factory=list)  # every server-side web search, in order

    def tools(self, *names: str) -> list[dict[str, Any]]:
        """Schemas of the named support tools (all of them when no name is given)."""
        return [copy.deepcopy(TOOL_SCHEMAS[n]) for n in (names or TOOL_SCHEMAS)]

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
        """The server-side web search over the world's pages (ranked by shared characters)."""
        self.searches.append(query)
        words = set(query)
        ranked = sorted(self.pages, key=lambda p: -len(words & set(p["title"] + p["text"])))
        return ranked[:2]
