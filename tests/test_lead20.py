"""Lead, round 20: a result that holds nothing (an empty list, an empty object, a list of empty
records, an empty text) is a result like any other: the stand-in reads it and answers, whatever the
question asks (the best, the worst, enough, how many, a change, is there). review20's l14 got an
HTTP 500 when a translator search returned `[]` to "which is best"; the rules that read a list's
first record must first see that there is one. A domain of our own (a ferry timetable)."""

from __future__ import annotations

import pytest

from tests.loops import converse, strings, tool

TOOLS = [
    tool(
        "search_ferries",
        "Search ferry sailings between two ports on a date. 查询两个港口之间某天的渡轮班次。",
        strings(origin="Departure port", destination="Arrival port", date="YYYY-MM-DD"),
    ),
]
EMPTY = [
    [],
    {},
    [{}],
    [None],
    [{}, {}],
    {"sailings": []},
    {"sailings": [{}, {}]},
    "",
    "[]",
    "null",
    " ",
]
ASKED = [
    "Which ferry from Dover to Calais on 2026-12-12 is the best for a family with a dog?",
    "Which is the worst sailing from Dover to Calais on 2026-12-12 if it is windy?",
    "What's the cheapest ferry from Dover to Calais on 2026-12-12?",
    "Are there enough seats on the Dover to Calais ferries on 2026-12-12 for 40 people?",
    "How many ferries go from Dover to Calais on 2026-12-12, and how much did the fare change?",
    "Is there a ferry from Dover to Calais on 2026-12-12 before 9am?",
    "12月12日从大连到烟台的渡轮哪个最好？",
    "12月12日从大连到烟台最便宜的是哪班？够不够30个人坐？",
    "12月12日大连到烟台有没有上午的船？一共几班？",
]


@pytest.mark.parametrize("result", EMPTY, ids=[repr(x) for x in EMPTY])
@pytest.mark.parametrize("asked", ASKED)
def test_an_empty_result_is_answered_never_a_crash(asked, result):
    calls, finals = converse(asked, TOOLS, {"search_ferries": lambda **_: result})
    assert calls and calls[0][0] == "search_ferries"
    assert finals and finals[-1].strip()
