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
