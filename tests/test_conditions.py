"""The conditions a request puts on the record it acts on (`sim/conditions.py`; `sim/pick.py`,
rule 1b), through the real SDK client: a bound on a number ("under $100 a night", "sleeps at
least 5", 评分 4.5 以上, 3 公里以内, 至少能坐 10 人), a number said of a key ("floor 1") and a
feature ("that has a wood stove", 有投影仪) keep only the records that meet them before the act
takes its id; "at least 5" is no superlative and no second call; a feature no record mentions
("with Anna") is no condition."""

import json

from test_any_tools import ended, run, tool

from agentkit.sim import conditions, pick

CABINS = [
    {"cabin_id": "CB-11", "sleeps": 4, "features": ["hot tub", "wifi"], "price_per_night": 140},
    {"cabin_id": "CB-12", "sleeps": 6, "features": ["wood stove", "wifi"], "price_per_night": 165},
    {"cabin_id": "CB-14", "sleeps": 2, "features": ["wood stove"], "price_per_night": 95},
]
LIST_CABINS = tool("list_cabins", "List the lodge's cabins with features and nightly price.", {})
BOOK_CABIN = tool(
    "book_cabin",
    "Book a cabin by its id.",
    {"cabin_id": {"type": "string"}, "nights": {"type": "integer"}},
    ["cabin_id", "nights"],
)
ROOMS = {
    "rooms": [
        {"code": "R-A", "seats": 8, "projector": False, "floor": 2},
        {"code": "R-B", "seats": 12, "projector": True, "floor": 5},
        {"code": "R-C", "seats": 20, "projector": True, "floor": 1},
    ]
}
LIST_ROOMS = tool("list_meeting_rooms", "List meeting rooms with seats and equipment.", {})
BOOK_ROOM = tool(
    "book_meeting_room",
    "Book a meeting room.",
    {"room_code": {"type": "string"}, "time": {"type": "string", "description": "HH:MM"}},
    ["room_code", "time"],
)
SHOPS = [
    {"shop_id": "S1", "name": "老王修表", "rating": 4.2, "distance_km": 0.8},
    {"shop_id": "S2", "name": "钟表诊所", "rating": 4.7, "distance_km": 2.5},
    {"shop_id": "S3", "name": "时光工坊", "rating": 4.8, "distance_km": 5.1},
]
FIND_SHOPS = tool("find_repair_shops", "查找附近的修表店", {})
REPAIR = tool(
    "create_repair_order",
    "在指定店铺创建维修单",
    {"shop_id": {"type": "string"}, "item": {"type": "string"}},
    ["shop_id", "item"],
)


def _service(name, args):
    if name == "list_cabins":
        return json.dumps(CABINS)
    if name == "list_meeting_rooms":
        return json.dumps(ROOMS)
    if name == "find_repair_shops":
        return json.dumps(SHOPS, ensure_ascii=False)
    return json.dumps({"ok": True, **args}, ensure_ascii=False)


def _acts(t, name):
    return [args for turn in t.calls for n, args in turn if n == name]


def test_a_feature_and_a_lower_bound_pick_the_cabin_and_make_one_booking():
    t = run(
        "Book 2 nights in a cabin that has a wood stove and sleeps at least 5.",
        [LIST_CABINS, BOOK_CABIN],
        _service,
    )
    assert _acts(t, "book_cabin") == [{"cabin_id": "CB-12", "nights": 2}]
    ended(t)


def test_a_price_bound_picks_the_cabin_and_is_no_count_of_nights():
    t = run(
        "I need a cabin for 3 nights, under $100 a night please.",
        [LIST_CABINS, BOOK_CABIN],
        _service,
    )
    assert _acts(t, "book_cabin") == [{"cabin_id": "CB-14", "nights": 3}]


def test_chinese_conditions_a_feature_a_capacity_and_a_superlative_among_the_rest():
    t = run(
        "下午三点订一间有投影仪、至少能坐 10 人的会议室，要座位最少的那间。",
        [LIST_ROOMS, BOOK_ROOM],
        _service,
    )
    assert _acts(t, "book_meeting_room") == [{"room_code": "R-B", "time": "15:00"}]


def test_chinese_bounds_on_a_rating_and_a_distance():
    t = run(
        "我的机械表走时不准，找一家评分 4.5 以上、离我 3 公里以内的店，帮我下维修单。",
        [FIND_SHOPS, REPAIR],
        _service,
    )
    assert [a["shop_id"] for a in _acts(t, "create_repair_order")] == ["S2"]


def test_a_number_said_of_a_key_and_a_yes_no_feature():
    t = run("Book a room with a projector on floor 1 for 10:00.", [LIST_ROOMS, BOOK_ROOM], _service)
    assert _acts(t, "book_meeting_room") == [{"room_code": "R-C", "time": "10:00"}]


def test_at_least_is_a_bound_not_a_superlative_and_unmentioned_features_are_no_condition():
    assert pick.superlative("a cabin that sleeps at least 5") is None
    assert pick.superlative("至少能坐 10 人，最多 200 元") is None
    assert pick.superlative("the cheapest one that sleeps at least 5")[0] == "price"
    tables = [{"table": "T1", "seats": 2}, {"table": "T2", "seats": 4}]
    assert conditions.meeting("Book a table with Anna for 4 people", tables) == [tables[1]]
    assert conditions.meeting("Book a table with Anna", tables) == tables
