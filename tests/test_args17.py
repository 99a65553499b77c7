"""The right value in the right argument, by the schema and the sentence's structure (round 17):
a count of people said by kinds is their sum, a run of time said forward ends where it ends, a
day shifted by "after next" / "a week from", a number bound to its unit or its period, a thing's
name after the kind owned, one span for one property, a head noun without the modifiers other
properties take, the enum member the acting clause names (both when compared), a name before the
property's own Chinese noun, a postcode, a school subject. Domains here are none of the round's
studied programs."""

from __future__ import annotations

from loops import converse, strings, tool

INT = {"type": "integer"}
DATE = {"type": "string", "format": "date"}


def _ok(**_: object) -> dict[str, object]:
    return {"ok": True}


def test_a_count_of_people_said_by_kinds_is_their_sum():
    zh = tool("buy_tickets", "购买博物馆门票", {"visitors": {"type": "integer", "minimum": 1}})
    calls, _ = converse("买明天的票，两个大人一个老人", [zh], {"buy_tickets": _ok})
    assert calls == [("buy_tickets", {"visitors": 3})]
    en = tool(
        "reserve_pitch", "Reserve a campsite pitch", {"campers": INT, "site": {"type": "string"}}
    )
    calls, _ = converse(
        "Reserve the Lakeview site for 2 adults and 3 kids", [en], {"reserve_pitch": _ok}
    )
    assert calls == [("reserve_pitch", {"campers": 5, "site": "Lakeview"})]


def test_a_run_of_time_said_forward_ends_where_it_ends():
    rent = tool(
        "rent_car", "Rent a car for a date range", {"pickup_date": DATE, "return_date": DATE}
    )
    calls, _ = converse(
        "Rent me a car starting tomorrow for the next 10 days", [rent], {"rent_car": _ok}
    )
    assert calls == [("rent_car", {"pickup_date": "2026-12-02", "return_date": "2026-12-11"})]
    pause = tool(
        "pause_membership",
        "暂停健身卡",
        strings(start_date="开始日期 YYYY-MM-DD", end_date="结束日期 YYYY-MM-DD"),
    )
    calls, _ = converse(
        "从12月10号开始，连续三天暂停我的健身卡", [pause], {"pause_membership": _ok}
    )
    assert calls == [("pause_membership", {"start_date": "2026-12-10", "end_date": "2026-12-12"})]


def test_a_day_shifted_by_after_next_or_a_week_from():
    t = tool("book_cleaning", "Book a home cleaning visit", {"date": DATE})
    calls, _ = converse("Book a cleaning for the Monday after next", [t], {"book_cleaning": _ok})
    assert calls == [("book_cleaning", {"date": "2026-12-14"})]
    calls, _ = converse("Book a cleaning a week from Thursday", [t], {"book_cleaning": _ok})
    assert calls == [("book_cleaning", {"date": "2026-12-10"})]


def test_a_number_goes_with_its_unit_or_its_period():
    t = tool(
        "swim_plan",
        "Suggest a swimming plan",
        {"age": INT, "height_cm": {"type": "number"}, "sessions_per_week": INT},
    )
    calls, _ = converse(
        "I'm 168 cm, 45 years old, and I can swim twice a week.", [t], {"swim_plan": _ok}
    )
    assert calls == [("swim_plan", {"age": 45, "height_cm": 168, "sessions_per_week": 2})]


def test_a_things_name_follows_the_kind_owned_and_the_owner_is_another():
    t = tool(
        "book_farrier",
        "Book a farrier visit for a horse",
        strings(horse_name=None, owner_name=None),
    )
    calls, _ = converse(
        "Book a farrier for Lena's mare Juniper, please.", [t], {"book_farrier": _ok}
    )
    assert calls == [("book_farrier", {"horse_name": "Juniper", "owner_name": "Lena"})]


def test_one_span_fills_one_property_and_a_state_labels_nothing():
    games = tool(
        "check_shelf",
        "Check whether a game shop has a board game in stock",
        strings(shop="shop name", game="board game title"),
    )
    calls, _ = converse(
        "Could you see whether the Brookside shop has Wingspan?", [games], {"check_shelf": _ok}
    )
    assert calls == [("check_shelf", {"shop": "Brookside", "game": "Wingspan"})]
    court = tool("court_free", "Is a tennis court free on a day", strings(court="court name"))
    calls, _ = converse(
        "Could you see whether the Juniper court is free?", [court], {"court_free": _ok}
    )
    assert calls == [("court_free", {"court": "Juniper"})]


def test_a_head_noun_without_the_modifiers_other_properties_take():
    t = tool(
        "find_in_store",
        "查询门店里某款商品有没有货",
        {
            "product": {"type": "string", "description": "商品名称"},
            "colour": {"type": "string", "description": "颜色"},
            "size": {"type": "string", "enum": ["S", "M", "L"]},
        },
    )
    calls, _ = converse("店里还有没有L码的黑色羽绒服", [t], {"find_in_store": _ok})
    assert calls == [("find_in_store", {"product": "羽绒服", "colour": "黑色", "size": "L"})]


def test_the_enum_member_the_acting_clause_names():
    t = tool(
        "set_lights",
        "Set the brightness of a lighting zone",
        {"zone": {"type": "string", "enum": ["porch", "den", "garage"]}, "percent": INT},
    )
    calls, _ = converse("The porch is fine as it is; dim the den to 30%", [t], {"set_lights": _ok})
    assert calls == [("set_lights", {"zone": "den", "percent": 30})]
    calls, _ = converse("Set the garage to 80, same as the porch", [t], {"set_lights": _ok})
    assert calls == [("set_lights", {"zone": "garage", "percent": 80})]


def test_two_members_compared_get_one_call_each():
    t = tool(
        "team_sales",
        "查询团队某个季度的销售额",
        {"quarter": {"type": "string", "enum": ["本季度", "上季度"]}},
    )
    sales = {"本季度": 120, "上季度": 95}
    calls, _ = converse(
        "这季度的销售额跟上季度比怎么样？", [t], {"team_sales": lambda quarter: sales[quarter]}
    )
    assert calls == [("team_sales", {"quarter": "本季度"}), ("team_sales", {"quarter": "上季度"})]


def test_a_chinese_name_before_the_propertys_own_noun_or_of_the_tools_thing():
    hall = tool(
        "hall_free", "查询球馆某天是否有空场", strings(hall="球馆名称", date="日期 YYYY-MM-DD")
    )
    calls, _ = converse("帮我看下明天银杏羽毛球馆还有没有场地", [hall], {"hall_free": _ok})
    assert calls == [("hall_free", {"hall": "银杏羽毛球馆", "date": "2026-12-02"})]
    homework = tool("homework", "查询班级的作业", strings(class_name="班级名称"))
    calls, _ = converse("五年级一班今天的作业是什么", [homework], {"homework": _ok})
    assert calls == [("homework", {"class_name": "五年级一班"})]
    leaflet = tool("drug_leaflet", "查询药品的说明书", strings(drug="药名"))
    calls, _ = converse(
        "这个布洛芬缓释胶囊的说明书上写的用量是多少？", [leaflet], {"drug_leaflet": _ok}
    )
    assert calls == [("drug_leaflet", {"drug": "布洛芬缓释胶囊"})]


def test_a_postcode_and_a_school_subject():
    fee = tool(
        "delivery_fee", "Delivery fee for a box", {"zip_code": {"type": "string"}, "weight_kg": INT}
    )
    calls, _ = converse(
        "It goes to 10115. The box weighs 2 kg. What's the fee?", [fee], {"delivery_fee": _ok}
    )
    assert calls == [("delivery_fee", {"zip_code": "10115", "weight_kg": 2})]
    hw = tool("homework_of", "查询某科目本周的作业", strings(subject="科目"))
    calls, _ = converse("这学期物理这周有什么作业？", [hw], {"homework_of": _ok})
    assert calls == [("homework_of", {"subject": "物理"})]


def test_a_phrase_that_names_an_address_is_none_the_one_after_it_is():
    t = tool("moving_quote", "搬家报价", strings(address="新家地址", date="日期 YYYY-MM-DD"))
    calls, _ = converse(
        "下周六把家具送到我新家的地址，杭州市西湖区文三路100号，多少钱？",
        [t],
        {"moving_quote": _ok},
    )
    assert calls == [("moving_quote", {"address": "杭州市西湖区文三路100号", "date": "2026-12-12"})]
