"""Lead, round 20: a name said where an id is asked is never sent as the id, however the id's
example is placed: the property's own description ("客户编号，如 K-1234") is read apart from the
sentence of the tool's description that names it ("customer_id 必须是 find_customer 返回的编号"),
so the example still ends where its own text ends (`sim/gate.py` `shape_of`); and an act another
rule filled whose id then fails its check calls the look-up that gives the id first
(`sim/general.py` `_gate_all`, `_provided`), instead of asking the user. A domain of our own (a
bike workshop). The Chinese request failed before (the name went into customer_id); the English
ones keep the path that already worked."""

from __future__ import annotations

import json

import pytest

from tests.loops import converse, strings, tool

CUSTOMERS = {"K-2291": "周晓丽", "K-3057": "周建华", "K-4410": "Nora Whitfield"}


def workshop(zh: bool) -> list[dict]:
    return [
        tool(
            "find_customer",
            "按客户姓名查找客户档案，返回客户编号（customer_id）和车型。"
            if zh
            else "Find a customer's record by name; returns the customer_id and the bike model.",
            strings(name="客户全名" if zh else "Full name"),
        ),
        tool(
            "book_service",
            "预约自行车保养。customer_id 必须是 find_customer 返回的编号（格式 K-数字）。"
            if zh
            else "Book a bike service. customer_id must be an id find_customer returns (K-digits).",
            {
                **strings(
                    customer_id="客户编号，如 K-1234" if zh else "Customer id, e.g. K-1234",
                    date="YYYY-MM-DD",
                ),
                "time_window": {
                    "type": "string",
                    "enum": ["上午", "下午"] if zh else ["morning", "afternoon"],
                },
                "service": {
                    "type": "string",
                    "enum": ["标准保养", "全面保养", "维修检查"]
                    if zh
                    else ["basic", "full", "repair"],
                },
            },
        ),
    ]


def find_customer(name: str) -> str:
    hits = [{"customer_id": k, "name": n} for k, n in CUSTOMERS.items() if n == name]
    return json.dumps({"results": hits}, ensure_ascii=False)


def book_service(customer_id: str, date: str, time_window: str, service: str) -> str:
    if customer_id not in CUSTOMERS:
        raise ValueError(f"客户编号 {customer_id} 不存在")
    return json.dumps({"booking_id": "BK-7712", "customer_id": customer_id, "date": date})


@pytest.mark.parametrize(
    ("zh", "asked", "cid"),
    [
        (True, "帮我给周晓丽预约一次标准保养，时间是后天上午。", "K-2291"),
        (
            False,
            "Book Nora Whitfield a basic service the day after tomorrow in the morning.",
            "K-4410",
        ),
        (
            False,
            "Please book a full service for Nora Whitfield on 2026-12-12, afternoon.",
            "K-4410",
        ),
    ],
)
def test_an_id_asked_by_its_example_is_looked_up_never_filled_with_the_name(zh, asked, cid):
    handlers = {"find_customer": find_customer, "book_service": book_service}
    calls, finals = converse(asked, workshop(zh), handlers)
    booked = [args for name, args in calls if name == "book_service"]
    assert calls[0][0] == "find_customer", calls
    assert booked and all(b["customer_id"] == cid for b in booked), calls
    assert "BK-7712" in finals[-1], finals
