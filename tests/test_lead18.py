"""Lead's checks of round 18: a message split into several requests keeps, in each part that asks
a question, the rule the whole message follows: a question takes no tool that changes something
(`general._chosen_all`, `_reading`). Found on a helper's baggage program; this test's tools and
wording are its own."""

from __future__ import annotations

import json

from tests.loops import converse, strings, tool

TOOLS = [
    tool(
        "locate_delayed_luggage",
        "Find a delayed piece of luggage by its luggage file reference.",
        strings(file_reference="e.g. AMS-KL-12345"),
    ),
    tool(
        "file_expense_claim",
        "Submit an expense claim for delayed luggage.",
        {"file_reference": {"type": "string"}, "amount_eur": {"type": "number"}},
    ),
]
HANDLERS = {
    "locate_delayed_luggage": lambda **_: "File: AMS-KL-30571\nLocation: Frankfurt airport",
    "file_expense_claim": lambda **_: json.dumps({"claim_id": "EC-1"}),
}


def test_a_question_followed_by_a_remark_takes_no_act() -> None:
    calls, finals = converse(
        "My backpack never showed up at Schiphol, file ref AMS-KL-30571. "
        "Where is it right now? My laptop is in there.",
        TOOLS,
        HANDLERS,
    )
    assert calls == [("locate_delayed_luggage", {"file_reference": "AMS-KL-30571"})]
    assert "Frankfurt airport" in finals[0]
