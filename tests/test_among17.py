"""A yes/no question whether a thing is among what a result lists (sim/facts.py rule 21
`among`); a question about a proper name no tool's words share goes to the one reading tool
that takes a name (`general._name_taker`); a code before the first character of a Chinese
numbered noun is its id (`arguments.zh_numbered`: "8-2班"); a record said on one line keeps its
keys' units (`speech.record_line`)."""

from __future__ import annotations

from loops import converse, strings, tool


def test_a_listed_thing_is_yes_with_the_item_that_holds_it_in_chinese():
    t = tool("get_route_stops", "查询公交线路的停靠站", strings(route="线路名称"))
    calls, finals = converse(
        "夜班N5路有没有经停火车站？",
        [t],
        {"get_route_stops": lambda route: {"stops": ["人民广场", "火车站东广场", "滨江路"]}},
    )
    assert calls and calls[0][0] == "get_route_stops"
    assert finals[-1].startswith("有：火车站东广场")


def test_a_thing_not_listed_is_no_with_what_is_listed():
    t = tool("list_workshop_tools", "Tools in a makerspace workshop", strings(workshop="name"))
    calls, finals = converse(
        "Does the Foundry workshop have a laser cutter?",
        [t],
        {"list_workshop_tools": lambda workshop: ["band saw", "3D printer", "drill press"]},
    )
    assert calls == [("list_workshop_tools", {"workshop": "Foundry"})]
    assert finals[-1].startswith("No laser cutter:") and "drill press" in finals[-1]


def test_a_named_thing_in_words_no_tool_shares_goes_to_the_one_tool_taking_a_name():
    t = tool("get_hive_log", "Inspection log of a beehive", strings(hive_name="the hive's name"))
    calls, finals = converse(
        "Has Marigold swarmed lately?",
        [t],
        {"get_hive_log": lambda hive_name: {"last_inspection": "2026-11-20", "swarming": False}},
    )
    assert calls == [("get_hive_log", {"hive_name": "Marigold"})]
    assert finals[-1].startswith("No") and "Marigold" in finals[-1]


def test_no_name_taker_for_a_question_without_a_proper_name():
    t = tool("get_hive_log", "Inspection log of a beehive", strings(hive_name="the hive's name"))
    calls, _ = converse("what is the capital of peru?", [t], {"get_hive_log": dict})
    assert calls == []


def test_a_code_before_the_nouns_first_character_is_its_id():
    t = tool(
        "get_dorm_repairs",
        "查询宿舍楼的报修记录",
        strings(building_id="宿舍楼编号，如 B-3"),
    )
    calls, _ = converse("C-12楼最近有什么报修？", [t], {"get_dorm_repairs": lambda **k: []})
    assert calls == [("get_dorm_repairs", {"building_id": "C-12"})]


def test_a_record_on_one_line_keeps_its_keys_units():
    t = tool("find_lakes", "Search lakes by name", strings(query="lake name"))
    calls, finals = converse(
        "How deep is Loch Fennel?",
        [t],
        {"find_lakes": lambda query: [{"name": "Loch Fennel", "depth_m": 41}]},
    )
    assert calls == [("find_lakes", {"query": "Loch Fennel"})]
    assert "41 m" in finals[-1]


def test_no_name_taker_sends_a_place_of_a_knowledge_question_to_a_place_tool():
    t = tool("get_air_quality", "Air quality index of a city", strings(city="city name"))
    calls, _ = converse("What is the capital of Portugal?", [t], {"get_air_quality": dict})
    assert calls == []
