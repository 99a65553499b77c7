"""Chinese requests against English tools by the dictionary's English (`agentkit.sim.glosses`,
CC-CEDICT's data): the words the concept table lacks find the tool whose name or description
says them; sizes said in Chinese pick the enum's member; an enum member written with `_` is
named by its words. Domains of our own, through the SDK."""

from __future__ import annotations

import json

import pytest

from agentkit.sim import glosses
from tests.test_any_tools import ended, run, tool

S, N = {"type": "string"}, {"type": "integer"}


def done(name, args):
    return json.dumps({"ok": True, **args})


def test_the_dictionary_glosses_a_word_by_its_first_sense():
    assert glosses.gloss("储物柜")[:1] == ["locker"]
    assert "rent" in glosses.gloss("租")
    assert glosses.segmented("帮我租一双冰鞋") == ["帮", "我", "租", "一", "双", "冰鞋"]


@pytest.mark.parametrize(
    "prompt, tools, called",
    [
        (
            "帮我租一双冰鞋，39码",
            [
                tool("reserve_skates", "Reserve rental skates at the rink.", {"size": N}, ["size"]),
                tool("get_rink_hours", "Opening hours of the rink.", {}, []),
            ],
            ("reserve_skates", {"size": 39}),
        ),
        (
            "天文台今晚能看到星星吗？",
            [
                tool("check_observatory_sky", "Cloud cover over the observatory tonight.", {}, []),
                tool("book_telescope", "Book a telescope slot.", {"time": S}, ["time"]),
            ],
            ("check_observatory_sky", {}),
        ),
        (
            "我要租一个中号储物柜，租两个月",
            [
                tool(
                    "rent_locker",
                    "Rent a locker at the pool.",
                    {"size": {"type": "string", "enum": ["small", "medium", "large"]}, "months": N},
                    ["size", "months"],
                )
            ],
            ("rent_locker", {"size": "medium", "months": 2}),
        ),
        (
            "给我来一件加大号的T恤",
            [
                tool(
                    "order_tee",
                    "Order a club T-shirt.",
                    {"size": {"type": "string", "enum": ["S", "M", "L", "XL"]}},
                    ["size"],
                )
            ],
            ("order_tee", {"size": "XL"}),
        ),
    ],
)
def test_a_chinese_request_finds_an_english_tool_by_the_dictionary(prompt, tools, called):
    t = run(prompt, tools, done)
    assert t.calls[0] == [called]
    ended(t)


def test_an_enum_member_written_with_underscores_is_named_by_its_words():
    groom = tool(
        "book_grooming",
        "Book a grooming slot.",
        {"service": {"type": "string", "enum": ["bath", "haircut", "nail_trim"]}},
        ["service"],
    )
    t = run("Book Biscuit in for a nail trim", [groom], done)
    assert t.calls[0] == [("book_grooming", {"service": "nail_trim"})]


@pytest.mark.parametrize(
    "prompt, city", [("查一下东京明天的天气", "Tokyo"), ("伦敦明天下雨吗？", "London")]
)
def test_a_place_said_in_chinese_is_given_in_english_where_the_schema_asks_for_english(
    prompt, city
):
    forecast = tool(
        "get_forecast",
        "Weather forecast for a city.",
        {"city": {"type": "string", "description": "city name in English, e.g. Paris"}},
        ["city"],
    )
    t = run(prompt, [forecast], done)
    assert t.calls[0] == [("get_forecast", {"city": city})]


def test_tools_described_in_chinese_are_read_by_their_own_characters_not_the_dictionary():
    tools = [
        tool(
            "check_availability",
            "查询某个密室在某天还有哪些空闲场次。",
            {"room": S, "date": {"type": "string", "description": "YYYY-MM-DD"}},
            ["room", "date"],
        ),
        tool("get_room_info", "查询密室的介绍：人数、时长。", {"room": S}, ["room"]),
    ]
    t = run(
        "密室「海底两万里」7月9号还有空场吗？",
        tools,
        done,
        system="今天是2026年6月1日。",
        tool_choice={"type": "any"},
    )
    assert t.calls[0] == [("check_availability", {"room": "海底两万里", "date": "2026-07-09"})]
