"""The type checks' remembered plans (agentkit.offline.schema.Plan: an object whose key set was seen
before is checked without walking every field of its type) find the same problem, at the same
location, as the full walk, on bodies that are wrong in one or several places."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import agentkit
from agentkit.offline import schema
from agentkit.offline.validation import InvalidRequest, validate
from agentkit.sim import World

TOOLS = World().tools("lookup_order")


def valid() -> dict[str, Any]:
    return {
        "model": agentkit.default_model(),
        "max_tokens": 1024,
        "tools": copy.deepcopy(TOOLS),
        "messages": [
            {"role": "user", "content": "订单 A-1001 到哪了？"},
            {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "我查一下。"},
                    {
                        "type": "tool_use",
                        "id": "toolu_01",
                        "name": "lookup_order",
                        "input": {"order_id": "A-1001"},
                    },
                ],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "{}"}],
            },
        ],
    }


def tool_use(body: dict[str, Any]) -> dict[str, Any]:
    return body["messages"][1]["content"][1]


def text(body: dict[str, Any]) -> dict[str, Any]:
    return body["messages"][1]["content"][0]


def result(body: dict[str, Any]) -> dict[str, Any]:
    return body["messages"][2]["content"][0]


CHANGES = {
    "a leaf of the wrong type": lambda b: tool_use(b).update(id=7),
    "two problems, the leaf first": lambda b: tool_use(b).update(id=7, input=[1]),
    "a non-leaf of the wrong type": lambda b: tool_use(b).update(input=[1]),
    "an optional leaf sent as null": lambda b: text(b).update(cache_control=None),
    "a required leaf sent as null": lambda b: text(b).update(text=None),
    "an extra key": lambda b: text(b).update(colour="red"),
    "a required key left out": lambda b: tool_use(b).pop("name"),
    "an optional bool of the wrong type": lambda b: result(b).update(is_error="yes"),
    "an optional bool": lambda b: result(b).update(is_error=True),
    "content as a number": lambda b: result(b).update(content=3),
    "content as a list of text": lambda b: result(b).update(
        content=[{"type": "text", "text": "{}"}]
    ),
    "a role of the wrong type": lambda b: b["messages"][1].update(role=1),
    "a body leaf of the wrong type": lambda b: b.update(model=5),
    "a body bool of the wrong type": lambda b: b.update(stream="yes"),
    "a body bool": lambda b: b.update(stream=False),
    "max_tokens as text": lambda b: b.update(max_tokens="5"),
    "an extra body key": lambda b: b.update(colour="red"),
}


def outcome(body: dict[str, Any]) -> str:
    try:
        validate(body, beta=False)
    except InvalidRequest as e:
        return str(e)
    return "valid"


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_remembered_plan_finds_what_the_full_walk_finds(change, monkeypatch):
    def changed() -> dict[str, Any]:
        body = valid()
        CHANGES[change](body)
        return body

    for _ in range(2):  # the plans of these key sets are remembered by now
        outcome(valid())
        planned = outcome(changed())
    monkeypatch.setattr(schema.Plan, "of", classmethod(lambda cls, typed, keys: None))
    for node in (schema.body_type(False, False), *schema._MEMO.values()):
        if isinstance(node, schema.Typed):
            monkeypatch.setattr(node, "_plans", {})
    walked = outcome(changed())
    assert planned == walked
    assert outcome(valid()) == "valid"
