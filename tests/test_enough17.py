"""Whether what is on hand is enough for what the request needs (sim/facts.py rule 20
`on_hand`, `times_each`; rule 15 for money said for each; sim/values.py `enough_of`;
sim/each.py `counted_parts`; the inventory link of sim/lexicon.py): the tool that tells how much
is held is called for "enough X" / X够不够, with X as the thing, and the answer leads with yes
or no, the field on hand against the need, a need said for each of several multiplied out."""

from __future__ import annotations

from loops import converse, strings, tool


def test_a_need_said_for_each_is_the_count_times_it_and_the_thing_is_what_is_asked():
    t = tool("stash_weight", "How much of a yarn is in the craft stash", strings(yarn="yarn"))
    calls, finals = converse(
        "I'm knitting three scarves; each takes 200 g of wool. Have I got enough wool?",
        [t],
        {"stash_weight": lambda yarn: {"yarn": yarn, "grams": 550}},
    )
    assert calls == [("stash_weight", {"yarn": "wool"})]
    assert finals[-1].startswith("No:")
    assert "50 short of the 600 (3 × 200)" in finals[-1]


def test_a_count_of_things_against_the_count_held_in_chinese():
    t = tool("query_supplies", "查询活动物资的数量", strings(name="物资名称"))
    calls, finals = converse(
        "周六社区运动会来15个人，每人发2瓶水，水够不够？",
        [t],
        {"query_supplies": lambda name: {"名称": name, "数量": 24, "单位": "瓶"}},
    )
    assert calls == [("query_supplies", {"name": "水"})]
    assert finals[-1].startswith("不够：")
    assert "30" in finals[-1] and "少 6" in finals[-1]


def test_a_rate_for_a_time_is_multiplied_by_the_time():
    t = tool(
        "get_tank",
        "Fuel in a vessel's tank",
        strings(vessel="vessel name"),
    )
    calls, finals = converse(
        "The ferry Wren burns 40 litres per crossing and has 6 crossings today. "
        "Does it have enough fuel?",
        [t],
        {"get_tank": lambda vessel: {"vessel": vessel, "fuel_litres": 260}},
    )
    assert calls == [("get_tank", {"vessel": "Wren"})]
    assert finals[-1].startswith("Yes:") and "20 more than the 240" in finals[-1]


def test_a_count_of_the_field_s_own_noun_is_the_need():
    t = tool("get_bus", "Details of a hired coach, with its free seats", strings(coach="coach id"))
    calls, finals = converse(
        "Coach C-7 is taking the choir to Leeds: 48 singers. Are there enough seats?",
        [t],
        {"get_bus": lambda coach: {"coach": coach, "free_seats": 45}},
    )
    assert calls == [("get_bus", {"coach": "C-7"})]
    assert finals[-1].startswith("No:") and "3 short of the 48" in finals[-1]


def test_money_said_for_each_of_several_is_the_count_times_the_price():
    t = tool("get_fund", "社团经费余额", strings(club="社团名称"))
    calls, finals = converse(
        "摄影社想买4个三脚架，每个260元，经费够吗？",
        [t],
        {"get_fund": lambda club: {"社团": club, "余额": 1000, "币种": "CNY"}},
    )
    assert calls and calls[0][0] == "get_fund"
    assert finals[-1].startswith("不够：") and "1040" in finals[-1] and "少 40" in finals[-1]


def test_a_field_in_another_unit_than_the_need_decides_nothing():
    t = tool("shelf_level", "How much of an item is on the shelf", strings(item="item"))
    calls, finals = converse(
        "Do we have enough eggs? The recipe takes 6 eggs.",
        [t],
        {"shelf_level": lambda item: {"item": item, "grams": 800}},
    )
    assert calls == [("shelf_level", {"item": "eggs"})]
    assert not finals[-1].startswith(("Yes", "No"))


def test_a_json_result_with_counts_per_place_is_no_line_of_a_file():
    t = tool("stock_by_depot", "Stock of a product in each depot", strings(sku="product code"))
    calls, finals = converse(
        "Our Ghent shop needs 90 of the oak stools (ST-44). Have we got enough stock?",
        [t],
        {"stock_by_depot": lambda sku: {"sku": sku, "on_hand": {"Antwerp": 50, "Lille": 45}}},
    )
    assert calls == [("stock_by_depot", {"sku": "ST-44"})]
    assert "only 50" not in finals[-1] and "40 short" not in finals[-1]
