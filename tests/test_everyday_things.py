"""A Chinese request read against an English tool by the things of everyday domains the concept
table knows (`agentkit.sim.lexicon`: snow 积雪, train 火车, museum 博物馆 ...): the
tool that serves it is chosen, with the value the request gives. Through the SDK."""

from __future__ import annotations

import json

import pytest

from tests.test_any_tools import ended, run, tool

TOOLS = [
    tool("get_snow_report", "Current snow depth and lift status for a ski resort.",
         {"resort": {"type": "string"}}, ["resort"]),
    tool("next_departures", "Next departures from a railway station.",
         {"station": {"type": "string"}}, ["station"]),
    tool("exhibit_hours", "Opening hours of a museum.", {"museum": {"type": "string"}}, ["museum"]),
]  # fmt: skip


@pytest.mark.parametrize(
    "prompt, name, args",
    [
        ("「白桦岭」雪场现在的积雪有多厚？", "get_snow_report", {"resort": "白桦岭"}),
        ("去上海虹桥站的下一班火车几点？", "next_departures", {"station": "上海虹桥站"}),
        ("「省博物馆」今天几点开门？", "exhibit_hours", {"museum": "省博物馆"}),
    ],
)
def test_a_chinese_request_finds_the_english_tool_of_its_thing(prompt, name, args):
    t = run(prompt, TOOLS, lambda n, a: json.dumps({"ok": True, **a}))
    assert t.calls[0] == [(name, args)]
    ended(t)


FIND = tool(
    "find_recipes", "Search the recipe collection.", {"query": {"type": "string"}}, ["query"]
)
DETAILS = tool(
    "recipe_details",
    "Full recipe by id: time, ingredients, servings.",
    {"recipe_id": {"type": "string"}},
    ["recipe_id"],
)


def test_a_search_then_the_details_of_what_it_found():
    """A thing both tools share (recipes) chooses neither over the other: the search runs, then
    the details of the id it gave (no concept of its own for recipes, which made the search the
    only tool)."""

    def kitchen(name, args):
        if name == "find_recipes":
            return json.dumps([{"id": "rc_77", "title": "Red lentil soup"}])
        return json.dumps({"title": "Red lentil soup", "minutes": 35, "serves": 4})

    t = run(
        "Find me a red lentil soup recipe and tell me how long it takes.", [FIND, DETAILS], kitchen
    )
    assert [n for r in t.calls for n, _ in r] == ["find_recipes", "recipe_details"]
    assert "35" in t.answer
    ended(t)


SNOW = TOOLS[0]


def test_now_is_no_place_in_chinese():
    """现在 (now) holds 在 (at): the words after it are no place's name; with no name said, the
    resort is asked for."""
    t = run("雪场现在积雪多厚？", [SNOW], lambda n, a: json.dumps({"ok": True, **a}))
    assert t.calls[0] == [] and "resort" in t.answer
