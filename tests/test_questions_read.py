"""A question that asks for no change reads: a tool that changes something (by its name's act or
its English description's verb: "Change who ...") is not called for "What time is ... picked
up?", even where the result of a lookup would give it every value; a request to change still
calls it. Domains of our own, through the SDK."""

from __future__ import annotations

import json

from tests.test_any_tools import ended, run, tool

FIND = tool(
    "find_member",
    "Find a swim-club member by full name. Returns member_id, squad and current lane slot.",
    {"full_name": {"type": "string"}},
    ["full_name"],
)
SET_SLOT = tool(
    "set_lane_slot",
    "Change which lane and hour a member trains in.",
    {"member_id": {"type": "string"}, "lane": {"type": "integer"}, "hour": {"type": "string"}},
    ["member_id", "lane", "hour"],
)


def club(name, args):
    if name == "find_member":
        return "member_id: SW-118\nname: Tomas Berg\nsquad: Masters\nlane: 4\nhour: 06:30"
    return json.dumps({"updated": True, **args})


def test_a_question_reads_and_never_changes():
    t = run("What time does Tomas Berg usually train?", [FIND, SET_SLOT], club)
    assert [n for turn in t.calls for n, _ in turn] == ["find_member"]
    assert "06:30" in t.answer
    ended(t)


def test_a_change_asked_still_changes():
    t = run("Move Tomas Berg to lane 2 at 07:00.", [FIND, SET_SLOT], club)
    assert [n for turn in t.calls for n, _ in turn] == ["find_member", "set_lane_slot"]


def test_the_cheapest_of_an_earlier_turn_s_listing_is_ordered_and_no_name_spans_a_full_stop():
    tools = [
        tool(
            "search_tours",
            "Search boat tours by harbour.",
            {"harbour": {"type": "string"}},
            ["harbour"],
        ),
        tool(
            "book_tour",
            "Book a boat tour.",
            {"code": {"type": "string"}, "date": {"type": "string", "format": "date"}},
            ["code", "date"],
        ),
    ]

    def harbour(name, args):
        if name == "search_tours":
            return json.dumps(
                {"tours": [{"code": "BT-7", "price": 40}, {"code": "BT-3", "price": 25}]}
            )
        return json.dumps({"booking": "BK-1", **args})

    first = run("Which boat tours leave from Oban?", tools, harbour)
    messages = [
        *first.messages,
        {"role": "user", "content": "Great. Book the cheapest one of those for 2027-05-02."},
    ]
    t = run("", tools, harbour, messages=messages)
    assert t.calls[0] == [("book_tour", {"code": "BT-3", "date": "2027-05-02"})]
