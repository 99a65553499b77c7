"""Choosing tools by meaning and following up on an earlier turn's results (issue 33), through the
real SDK client: a tool's name read verb first, Chinese requests matched by their characters, a
follow-up that picks an entry of the last listing by its place, its superlative or "that one"."""

import json

import pytest
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


# ------------------------------------------------------------ the act a noun is made from


BIKE_HIRE = tool(
    "create_hire",
    "Create a bicycle hire at the station.",
    {"bike_type": {"type": "string"}, "hours": {"type": "integer"}},
    ["bike_type", "hours"],
)
DONATION = tool(
    "add_donation",
    "Add a donation to the food bank's ledger.",
    {"donor": {"type": "string"}, "amount": {"type": "number"}},
    ["donor", "amount"],
)


def test_the_verb_a_tool_s_object_is_made_from_asks_for_its_act():
    """ "donate" is the act of add_donation: the user asks for it without saying add."""
    t = run(
        "I want to donate 40 euros to the food bank. Donor: Ilse Brandt.",
        [DONATION],
        lambda n, a: "ok",
    )
    assert [n for n, _ in _calls(t)] == ["add_donation"]
    assert _calls(t)[0][1]["amount"] == 40


def test_a_question_about_the_act_asks_for_no_act():
    t = run("How do people usually donate to a food bank?", [DONATION], lambda n, a: "ok")
    assert _calls(t) == []


# ------------------------------------------------------------ a telling character in Chinese


def test_a_telling_character_the_request_and_the_description_share_zh():
    """ "喂" of 谁喂的 and of 喂食记录: no word in common, but the one telling character."""
    feeding = tool(
        "get_feeding_log",
        "查询某只猫某天的喂食记录。",
        {"cat": {"type": "string"}, "date": {"type": "string", "description": "YYYY-MM-DD"}},
        ["date"],
    )
    t = run(
        "今天是谁喂的猫？喂了几次？",
        [feeding],
        lambda n, a: "早上 7:30 小林喂了一次，晚上 18:00 又喂了一次。",
        system="今天是 2026-10-02。",
    )
    assert _calls(t)[0] == ("get_feeding_log", {"date": "2026-10-02"})


def test_no_telling_character_in_common_no_tool_zh():
    units = tool("convert_units", "在长度、重量、温度单位之间换算。", {"value": {"type": "number"}})
    t = run("我家的狗今天喂过了吗？", [units], lambda n, a: "ok")
    assert _calls(t) == []


# ------------------------------------------------------------ values as evidence under "any"


def test_any_takes_the_tool_the_request_s_values_fill():
    """A receipt under tool_choice any: its amount and currency fill record_purchase, not the
    tool that only shares the word "receipt"."""
    tools = [
        tool(
            "record_purchase",
            "Record a company purchase.",
            {
                "amount": {"type": "number"},
                "currency": {"type": "string", "description": "ISO code"},
                "vendor": {"type": "string"},
            },
            ["amount", "currency"],
        ),
        tool(
            "escalate_to_accountant",
            "Send a receipt that looks wrong to an accountant.",
            {"note": {"type": "string"}},
            ["note"],
        ),
    ]
    t = run(
        "Here is a receipt from Nordic Paper AB for printer paper, €54.90, paid with the company card.",
        tools,
        lambda n, a: "ok",
        tool_choice={"type": "any"},
    )
    assert t.calls[0][0][0] == "record_purchase"
    assert t.calls[0][0][1]["amount"] == 54.9 and t.calls[0][0][1]["currency"] == "EUR"


# ------------------------------------------------------------ one call per enum member named

BEDS = tool(
    "get_soil_moisture",
    "Get the soil moisture of one garden bed.",
    {"bed": {"type": "string", "enum": ["herbs", "tomatoes", "berries"]}},
    ["bed"],
)
MOISTURE = {"herbs": 31, "tomatoes": 44, "berries": 27}


def test_each_enum_member_named_gets_a_call_and_the_answer_compares():
    t = run(
        "Check the soil in my tomatoes bed and my berries bed. Which one is drier, which has less moisture?",
        [BEDS],
        lambda n, a: json.dumps({"bed": a["bed"], "moisture_pct": MOISTURE[a["bed"]]}),
    )
    assert t.calls[0] == [
        ("get_soil_moisture", {"bed": "tomatoes"}),
        ("get_soil_moisture", {"bed": "berries"}),
    ]
    ended(t)
    assert "berries is lower: moisture 27% (tomatoes 44%)." in t.answer  # sim.facts


def test_each_enum_member_named_gets_a_call_zh():
    rooms = tool(
        "get_room_humidity",
        "查询某个房间的湿度。",
        {"room": {"type": "string", "enum": ["卧室", "客厅", "书房"]}},
        ["room"],
    )
    t = run(
        "看看卧室和书房的湿度，哪个更高？",
        [rooms],
        lambda n, a: json.dumps({"room": a["room"], "湿度": {"卧室": 48, "书房": 61}[a["room"]]}),
    )
    assert [a["room"] for _, a in t.calls[0]] == ["卧室", "书房"]
    ended(t)
    assert "书房" in t.answer and "61" in t.answer


def test_members_two_properties_take_are_no_list_of_calls():
    """Both members are named ("from my holiday pot to my savings pot"): source and target take
    them, one call."""
    move = tool(
        "move_money",
        "Move money between two of the user's pots.",
        {
            "source": {"type": "string", "enum": ["savings", "pension", "holiday"]},
            "target": {"type": "string", "enum": ["savings", "pension", "holiday"]},
            "amount": {"type": "number"},
        },
        ["source", "target", "amount"],
    )
    t = run("Move 300 from my holiday pot to my savings pot.", [move], lambda n, a: "moved")
    assert len(t.calls[0]) == 1


def test_a_second_tool_is_not_taken_for_a_concept_s_word_zh():
    """提交 is asked; 员工 (a word of the concept table) and 调休 do not also call the balance."""
    tools = [
        tool(
            "file_leave",
            "提交请假申请",
            {"staff_no": {"type": "string"}, "date": {"type": "string"}},
            ["staff_no", "date"],
        ),
        tool(
            "days_off_left",
            "查询员工剩余调休天数",
            {"staff_no": {"type": "string"}},
            ["staff_no"],
        ),
    ]
    t = run("我是员工 S-220，想 2026-11-08 调休一天，帮我提交。", tools, lambda n, a: "已提交")
    assert [n for n, _ in t.calls[0]] == ["file_leave"]


def test_a_refund_no_tool_makes_is_told_zh():
    """退掉 asks to undo; a tool that only shares the words of the tickets serves nothing."""
    tools = [
        tool(
            "list_concerts",
            "查询音乐厅某天的音乐会场次",
            {"date": {"type": "string"}},
            ["date"],
        ),
        tool(
            "buy_seat",
            "购买某场音乐会的座位",
            {"concert_id": {"type": "string"}},
            ["concert_id"],
        ),
    ]
    t = run("上个月买的音乐会门票我去不了了，帮我退掉，订单 MH-4410。", tools, lambda n, a: "ok")
    assert _calls(t) == []
    ended(t)
    assert "date" not in t.answer  # no value asked for a tool that cannot refund


def test_taking_off_by_a_verb_the_table_does_not_know():
    """ "take it off" asks to delete; no tool's name says delete, but retire_plant, whose verb the
    table does not know, shares the request's words: it is called (a reading tool is not)."""
    tools = [
        tool("list_plants", "List the plants in my garden.", {}, []),
        tool(
            "retire_plant",
            "Mark a plant as gone so it leaves the garden list.",
            {"plant_id": {"type": "string"}},
            ["plant_id"],
        ),
    ]
    t = run("The basil plant P-3 died. Take it off.", tools, lambda n, a: "done")
    assert _calls(t)[0] == ("retire_plant", {"plant_id": "P-3"})


# ------------------------------------------------------------ elliptic follow-ups

TIDES = tool(
    "get_tide_times",
    "Get today's high and low tide times for a harbour.",
    {"harbour": {"type": "string", "description": "Harbour name"}},
    ["harbour"],
)


def _tides(name, args):
    return json.dumps({"harbour": args["harbour"], "high": "06:12", "low": "12:30"})


def test_an_elliptic_follow_up_asks_the_last_call_again():
    _, t = _follow_up(
        "When is high tide at Whitby harbour?", "What about Scarborough?", [TIDES], _tides
    )
    assert _calls(t) == [("get_tide_times", {"harbour": "Scarborough"})]
    ended(t)


def test_an_elliptic_follow_up_asks_the_last_call_again_zh():
    rainfall = tool(
        "get_rainfall",
        "查询某个城市本月的降雨量。",
        {"city": {"type": "string"}},
        ["city"],
    )
    _, t = _follow_up(
        "杭州这个月降雨量多少？",
        "那苏州呢？",
        [rainfall],
        lambda n, a: json.dumps({"city": a["city"], "降雨量mm": 88}, ensure_ascii=False),
    )
    assert _calls(t) == [("get_rainfall", {"city": "苏州"})]


def test_a_time_is_no_name_in_an_elliptic_follow_up():
    _, t = _follow_up("When is high tide at Whitby harbour?", "And tomorrow?", [TIDES], _tides)
    assert ("get_tide_times", {"harbour": "tomorrow"}) not in _calls(t)


def test_it_in_a_follow_up_is_the_entry_last_singled_out():
    """T3 "book a viewing of it": the apartment the details call of T2 was about."""
    viewing = tool(
        "book_viewing",
        "Book a viewing of one apartment.",
        {"listing_id": {"type": "string"}, "day": {"type": "string"}},
        ["listing_id", "day"],
    )
    tools = [SEARCH_FLATS, FLAT, viewing]

    def answer(name, args):
        return "booked" if name == "book_viewing" else _flats(name, args)

    t1, t2 = _follow_up(
        "Find me apartments in Lyon under 1000 euros.",
        "Tell me more about the second one.",
        tools,
        answer,
    )
    messages = t2.messages + [{"role": "user", "content": "Book a viewing of it on Saturday."}]
    t3 = run(None, tools, answer, messages=messages)
    assert _calls(t3)[0][0] == "book_viewing"
    assert _calls(t3)[0][1]["listing_id"] == "LY-28"


# ------------------------------------------------------------ phrases and languages


def test_sign_me_up_asks_to_register():
    signup = tool(
        "register_volunteer",
        "Register a volunteer for a beach clean-up.",
        {"event": {"type": "string"}, "volunteer_name": {"type": "string"}},
        ["event", "volunteer_name"],
    )
    t = run(
        "Please sign me up for the harbour clean-up. My name is Tomas Berg.",
        [signup],
        lambda n, a: "registered",
    )
    # the tool is chosen: it is called, or its values are asked for
    assert [n for n, _ in _calls(t)] == ["register_volunteer"] or "register_volunteer" in t.answer


def test_text_someone_that_asks_to_send():
    """ "Text Jonas that ..." asks for the sending tool (its values may still be asked for)."""
    sms = tool(
        "send_sms",
        "Send an SMS to a phone number.",
        {"phone": {"type": "string"}, "body": {"type": "string"}},
        ["phone", "body"],
    )
    t = run("Text Jonas that dinner is at 8.", [sms], lambda n, a: "sent")
    assert "send the SMS" in t.answer or _calls(t)


def test_a_chinese_request_and_an_english_tool_meet_by_their_values_zh():
    sleep = tool(
        "get_sleep_hours",
        "Get how long the user slept on a given night.",
        {"date": {"type": "string", "description": "YYYY-MM-DD"}},
        ["date"],
    )
    t = run(
        "我昨天晚上睡了几个小时？",
        [sleep],
        lambda n, a: json.dumps({"date": a["date"], "hours": 6.5}),
        system="今天是 2026-03-15。",
    )
    assert _calls(t) == [("get_sleep_hours", {"date": "2026-03-14"})]
    ended(t)
    assert "6.5" in t.answer


@pytest.mark.parametrize(
    "prompt",
    [
        "What is the battery of drone D-4? When did it last fly?",
        "无人机 D-4 的 battery 是多少？上次什么时候飞的？",
    ],
)
def test_several_questions_get_the_named_field_and_the_other_values(prompt):
    drone = tool(
        "get_drone",
        "Get the state of one drone.",
        {"drone_id": {"type": "string"}},
        ["drone_id"],
    )
    t = run(
        prompt,
        [drone],
        lambda n, a: json.dumps({"drone_id": "D-4", "battery": 76, "last_flight": "2026-05-01"}),
    )
    ended(t)
    assert "76" in t.answer and "2026-05-01" in t.answer
