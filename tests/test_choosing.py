"""Choosing tools by meaning and following up on an earlier turn's results (issue 33), through the
real SDK client: a tool's name read verb first, Chinese requests matched by their characters, a
follow-up that picks an entry of the last listing by its place, its superlative or "that one"."""

import json

from test_any_tools import ended, run, tool


def _calls(t):
    return [c for turn in t.calls for c in turn]


def _follow_up(first, second, tools, run_tool):
    """Two user turns of one conversation; the second turn's traffic."""
    t1 = run(first, tools, run_tool)
    ended(t1)
    messages = t1.messages + [{"role": "user", "content": second}]
    return t1, run(None, tools, run_tool, messages=messages)


# ------------------------------------------------------------ a tool's name read verb first


STUDIO = tool(
    "reserve_recording_studio",
    "Reserve a recording studio for a session.",
    {"studio_id": {"type": "string"}, "date": {"type": "string", "description": "YYYY-MM-DD"}},
    ["studio_id", "date"],
)


def test_a_name_s_later_act_word_is_its_object():
    """reserve_recording_studio reserves; its "recording" is what is reserved, not an act of
    creating that the user would have to ask for."""
    t = run("Please reserve studio ST-3 for 2026-09-14.", [STUDIO], lambda n, a: "reserved")
    assert _calls(t)[0] == ("reserve_recording_studio", {"studio_id": "ST-3", "date": "2026-09-14"})


def test_a_name_s_later_act_word_is_its_object_zh():
    t = run("帮我预约录音棚 ST-3，日期 2026-09-14。", [STUDIO], lambda n, a: "已预约")
    assert _calls(t)[0] == ("reserve_recording_studio", {"studio_id": "ST-3", "date": "2026-09-14"})


def test_a_later_act_word_of_a_name_is_read_as_its_object():
    """get_vinyl_record reads; "What is ..." asks for no act of recording."""
    vinyl = tool(
        "get_vinyl_record",
        "Get the condition and price of a vinyl record in stock.",
        {"record_id": {"type": "string"}},
        ["record_id"],
    )
    t = run("What condition is the vinyl VR-12 in?", [vinyl], lambda n, a: "condition: VG+")
    assert _calls(t)[0] == ("get_vinyl_record", {"record_id": "VR-12"})


def test_a_noun_that_ends_a_name_is_no_act_zh():
    """class_schedule: "schedule" standing last names the timetable, not an act of scheduling."""
    timetable = tool(
        "class_schedule",
        "查询舞蹈教室某天的课程表",
        {"date": {"type": "string", "description": "YYYY-MM-DD"}},
        ["date"],
    )
    t = run("2026-05-03 舞蹈教室的课程表是什么？", [timetable], lambda n, a: "19:00 爵士舞")
    assert _calls(t)[0] == ("class_schedule", {"date": "2026-05-03"})


# ------------------------------------------------------------ a second thing asked in Chinese


FINES = tool(
    "member_fines",
    "查询会员卡的欠费金额",
    {"card_no": {"type": "string"}},
    ["card_no"],
)
HOURS = tool(
    "library_hours",
    "查询图书馆某天的开馆时段",
    {"date": {"type": "string", "description": "YYYY-MM-DD"}},
    ["date"],
)


def test_a_second_tool_by_the_characters_it_shares_zh():
    """The account concept (会员) takes member_fines; library_hours shares 图书馆 and 开馆 with
    the request and no chosen tool does: both are called."""
    answers = {"member_fines": "欠费 3.5 元", "library_hours": "09:00-21:00"}
    t = run(
        "帮我查一下会员 R-3301 的欠费，再看看 2026-08-02 图书馆几点开馆。",
        [FINES, HOURS],
        lambda n, a: answers[n],
    )
    assert sorted(n for n, _ in t.calls[0]) == ["library_hours", "member_fines"]
    ended(t)
    assert "3.5" in t.answer and "09:00" in t.answer


# ------------------------------------------------------------ follow-ups over a listing

FLATS = [
    {"listing_id": "LY-11", "street": "Rue Mercière", "rent_eur": 940},
    {"listing_id": "LY-28", "street": "Quai Saint-Vincent", "rent_eur": 815},
    {"listing_id": "LY-40", "street": "Rue de Brest", "rent_eur": 870},
]
SEARCH_FLATS = tool(
    "search_apartments",
    "Search apartments to rent in a city.",
    {"city": {"type": "string"}, "max_rent": {"type": "number"}},
    ["city"],
)
FLAT = tool(
    "get_apartment",
    "Get the full listing of one apartment: floor, balcony, pets.",
    {"listing_id": {"type": "string"}},
    ["listing_id"],
)


def _flats(name, args):
    if name == "search_apartments":
        return json.dumps({"apartments": FLATS})
    return json.dumps({"listing_id": args["listing_id"], "floor": 3, "pets_allowed": False})


def test_a_search_makes_no_unasked_details_call():
    t = run("Find me apartments in Lyon under 1000 euros.", [SEARCH_FLATS, FLAT], _flats)
    assert [n for n, _ in _calls(t)] == ["search_apartments"]


def test_a_follow_up_picks_the_listing_s_entry_by_its_place():
    _, t = _follow_up(
        "Find me apartments in Lyon under 1000 euros.",
        "Tell me more about the second one.",
        [SEARCH_FLATS, FLAT],
        _flats,
    )
    assert _calls(t) == [("get_apartment", {"listing_id": "LY-28"})]
    ended(t)


def test_a_follow_up_picks_the_listing_s_entry_by_its_superlative():
    _, t = _follow_up(
        "Find me apartments in Lyon under 1000 euros.",
        "Are pets allowed in the cheapest one?",
        [SEARCH_FLATS, FLAT],
        _flats,
    )
    assert _calls(t) == [("get_apartment", {"listing_id": "LY-28"})]


CARS = {
    "车源": [
        {"car_id": "SH-301", "车型": "卡罗拉", "价格万元": 6.8},
        {"car_id": "SH-317", "车型": "思域", "价格万元": 7.5},
        {"car_id": "SH-322", "车型": "朗逸", "价格万元": 5.9},
    ]
}
SEARCH_CARS = tool(
    "search_used_cars",
    "查询某个城市在售的二手车。",
    {"city": {"type": "string"}},
    ["city"],
)
CAR = tool(
    "get_car_report",
    "查看一辆二手车的检测报告（里程、事故、保养）。",
    {"car_id": {"type": "string"}},
    ["car_id"],
)
BUY_CAR = tool(
    "place_deposit",
    "为一辆二手车下定金。",
    {"car_id": {"type": "string"}, "amount": {"type": "number"}},
    ["car_id", "amount"],
)


def _cars(name, args):
    if name == "search_used_cars":
        return json.dumps(CARS, ensure_ascii=False)
    return json.dumps(
        {"car_id": args["car_id"], "里程": "4.2万公里", "事故": "无"}, ensure_ascii=False
    )


def test_a_follow_up_picks_the_listing_s_entry_by_its_place_zh():
    t1, t = _follow_up(
        "苏州现在有哪些二手车在卖？", "第三辆的里程多少？", [SEARCH_CARS, CAR], _cars
    )
    assert [n for n, _ in _calls(t1)] == ["search_used_cars"]  # no unasked report
    assert _calls(t) == [("get_car_report", {"car_id": "SH-322"})]
    ended(t)
    assert "4.2万公里" in t.answer


def test_a_follow_up_buys_the_cheapest_entry_zh():
    """买 opening a sentence asks to buy; 最便宜的那款 is the cheapest of the last listing."""
    teas = tool(
        "list_coffee_beans",
        "按价格上限列出咖啡豆（单位：元/袋）。",
        {"max_price": {"type": "number"}},
        ["max_price"],
    )
    order = tool(
        "place_order",
        "下单购买咖啡豆。",
        {"bean_id": {"type": "string"}, "quantity": {"type": "integer", "minimum": 1}},
        ["bean_id", "quantity"],
    )
    beans = [
        {"bean_id": "CB-7", "名称": "耶加雪菲", "price_yuan": 88},
        {"bean_id": "CB-9", "名称": "西达摩", "price_yuan": 72},
        {"bean_id": "CB-12", "名称": "古吉", "price_yuan": 95},
    ]

    def answer(name, args):
        if name == "list_coffee_beans":
            return json.dumps(beans, ensure_ascii=False)
        return json.dumps({"订单号": "KF-551", **args}, ensure_ascii=False)

    _, t = _follow_up("100元以下的咖啡豆有哪些？", "买最便宜的那款，三袋。", [teas, order], answer)
    assert _calls(t) == [("place_order", {"bean_id": "CB-9", "quantity": 3})]
