"""Choosing tools for ordinary requests (issue 33), through the real SDK client: an order stated
without its verb ("A table for four at 8pm tomorrow, please", "下周三上午十点，两个人，肩颈按摩"),
the tool's object said as a verb ("I'd like to transfer ...", "please pick up ..."), a request in
one language for a tool described in the other, a tool named like the orders world's that is the
user's own, a question under tool_choice "any" (a reading tool, never the act), and a request to
cancel one thing and book another."""

import json

import pytest
from test_any_tools import ended, run, tool

EN = "You are the front desk assistant. Today is Monday, 2027-03-08."
ZH = "你是前台助手。今天是2027年3月8日，星期一。"
DAY = {"type": "string", "description": "YYYY-MM-DD"}
CLOCK = {"type": "string", "description": "HH:MM"}


def _calls(t):
    return [c for turn in t.calls for c in turn]


def _names(t):
    return [n for n, _ in _calls(t)]


TABLE = tool(
    "book_table",
    "Book a table at the bistro.",
    {"date": DAY, "time": CLOCK, "party_size": {"type": "integer"}},
    ["date", "time", "party_size"],
)
MASSAGE = tool(
    "book_massage",
    "预约按摩服务。",
    {
        "date": {"type": "string", "description": "日期 YYYY-MM-DD"},
        "time": {"type": "string", "description": "时间 HH:MM"},
        "people": {"type": "integer", "description": "人数"},
        "service": {"type": "string", "enum": ["肩颈按摩", "全身按摩"]},
    },
    ["date", "time", "people", "service"],
)


# ------------------------------------------------------------ an order stated without its verb


def test_an_order_without_its_verb_asks_for_the_act():
    """No verb, "please": the values (a day, a time, a count) fill book_table's inputs and the
    request shares its "table": the booking is asked for. The same values asked as a question are
    no order."""
    t = run(
        "A table for four at 8pm tomorrow, please.",
        [TABLE],
        lambda n, a: "Booked: BT-731",
        system=EN,
    )
    assert _calls(t)[0] == ("book_table", {"date": "2027-03-09", "time": "20:00", "party_size": 4})
    ended(t)
    assert "BT-731" in t.answer
    asked = run("Is a table for four free at 8pm tomorrow?", [TABLE], system=EN)
    assert _names(asked) == []
    told = run("We were four at the bistro at 8pm yesterday; the soup was cold.", [TABLE])
    assert _names(told) == []


def test_an_order_without_its_verb_asks_for_the_act_zh():
    t = run(
        "下周三上午十点，两个人，肩颈按摩。",
        [MASSAGE],
        lambda n, a: "已预约：MS-208",
        system=ZH,
    )
    assert _calls(t)[0] == (
        "book_massage",
        {"date": "2027-03-17", "time": "10:00", "people": 2, "service": "肩颈按摩"},
    )
    ended(t)
    assert "MS-208" in t.answer


def test_across_languages_the_values_decide():
    """A Chinese request and a tool described in English only: no word to compare, so the values
    fill every required input of the one changing tool."""
    t = run("后天晚上七点，四个人。", [TABLE], lambda n, a: "Booked: BT-902", system=ZH)
    assert _calls(t)[0] == ("book_table", {"date": "2027-03-10", "time": "19:00", "party_size": 4})
    ended(t)


# ------------------------------------------------------------ the tool's object said as a verb


TRANSFER = tool(
    "create_transfer",
    "Move money between the user's own accounts.",
    {
        "amount": {"type": "number"},
        "currency": {"type": "string"},
        "to_account": {"type": "string", "enum": ["checking", "savings"]},
    },
    ["amount", "currency", "to_account"],
)
PICKUP = tool(
    "schedule_pickup",
    "Schedule a courier pickup at an address.",
    {"address": {"type": "string"}},
    ["address"],
)


def test_the_object_said_as_a_verb_asks_for_the_act():
    t = run(
        "I'd like to transfer 300 euros to my savings account.",
        [TRANSFER],
        lambda n, a: "Transfer TR-55 done",
        system=EN,
    )
    assert _calls(t)[0] == (
        "create_transfer",
        {"amount": 300, "currency": "EUR", "to_account": "savings"},
    )
    ended(t)


def test_a_compound_object_said_as_a_verb_phrase():
    """schedule_pickup's pickup is "pick up" said as a verb; a question about picking up is no
    order."""
    t = run("Please pick up my parcel from 12 Elm Street.", [PICKUP], lambda n, a: "PU-17")
    assert _names(t) == ["schedule_pickup"]
    assert "12 Elm Street" in _calls(t)[0][1]["address"]
    asked = run("Where do you pick up parcels?", [PICKUP])
    assert _names(asked) == []


# ------------------------------------------------------------ a tool named like the orders world's


def _order(lang):
    names = ("面包机", "电水壶") if lang == "zh" else ("toaster", "kettle")

    def answer(n, a):
        if n == "lookup_order":
            lines = [
                {"line_id": "A1", "name": names[0], "price": 39.0},
                {"line_id": "A2", "name": names[1], "price": 29.0},
            ]
            return json.dumps({"order_number": "KT-5521", "items": lines}, ensure_ascii=False)
        return json.dumps({"rma": "RMA-8801", "line_id": a.get("line_id")})

    return answer


def _own_orders(lang):
    zh = lang == "zh"
    return [
        tool(
            "lookup_order",
            "查询订单及其商品行。" if zh else "Look up an order and its lines.",
            {"order_number": {"type": "string"}},
            ["order_number"],
        ),
        tool(
            "create_return",
            "为订单的一行商品创建退货单，需要 lookup_order 返回的 line_id。"
            if zh
            else "Create a return for one line of an order; needs the line_id from lookup_order.",
            {
                "order_number": {"type": "string"},
                "line_id": {"type": "string"},
                "reason": {"type": "string"},
            },
            ["order_number", "line_id", "reason"],
        ),
    ]


@pytest.mark.parametrize(
    "lang, prompt",
    [
        ("en", "I want to return the kettle from order KT-5521, the lid is cracked."),
        ("zh", "订单 KT-5521 里的电水壶我要退货，盖子裂了。"),
    ],
)
def test_a_tool_named_like_the_orders_world_s_is_the_user_s_own(lang, prompt):
    """lookup_order by order_number and create_return of a line_id are not the orders world's
    tools: the order is looked up, then the kettle's line returned with the order's number."""
    t = run(prompt, _own_orders(lang), _order(lang))
    calls = _calls(t)
    assert calls[0] == ("lookup_order", {"order_number": "KT-5521"})
    assert calls[1][0] == "create_return"
    assert calls[1][1]["order_number"] == "KT-5521" and calls[1][1]["line_id"] == "A2"
    ended(t)
    assert "RMA-8801" in t.answer


# ------------------------------------------------------------ a question under tool_choice any


TANK = [
    tool(
        "heat_tank",
        "给指定鱼缸的水加热若干分钟。",
        {"tank": {"type": "string", "description": "鱼缸名称"}, "minutes": {"type": "integer"}},
        ["tank", "minutes"],
    ),
    tool(
        "get_water_temp",
        "查询指定鱼缸的水温。",
        {"tank": {"type": "string", "description": "鱼缸名称"}},
        ["tank"],
    ),
]


def test_a_question_under_tool_choice_any_reads_first_zh():
    """Both tools share as much with the question; a question asks to be told: the tool whose
    name reads is called, never the heater."""
    t = run("A号鱼缸的水现在凉不凉？", TANK, tool_choice={"type": "any"})
    assert _names(t) == ["get_water_temp"]


# ------------------------------------------------------------ cancel one thing, book another


def _dentist(lang):
    zh = lang == "zh"
    return [
        tool(
            "cancel_appointment",
            "取消预约。" if zh else "Cancel an appointment.",
            {"appointment_id": {"type": "string"}},
            ["appointment_id"],
        ),
        tool(
            "book_appointment",
            "预约牙医。" if zh else "Book a dentist appointment.",
            {"date": DAY, "time": CLOCK},
            ["date", "time"],
        ),
    ]


@pytest.mark.parametrize(
    "lang, prompt",
    [
        ("en", "Cancel appointment AP-31, I'd rather book one for Thursday at 10:00."),
        ("zh", "取消预约 AP-31，再帮我约周四上午十点。"),
    ],
)
def test_cancel_one_and_book_another(lang, prompt):
    """A clause of its own asks to book: the booking tool is not the opposite of the cancelling
    asked for, both are done; "cancel my booking" alone books nothing."""
    t = run(prompt, _dentist(lang), lambda n, a: "ok", system=ZH if lang == "zh" else EN)
    assert sorted(_names(t)) == ["book_appointment", "cancel_appointment"]
    assert ("book_appointment", {"date": "2027-03-11", "time": "10:00"}) in _calls(t)
    ended(t)
    alone = run("I can't make my booking AP-31, cancel it.", _dentist("en"), lambda n, a: "ok")
    assert _names(alone) == ["cancel_appointment"]


# ------------------------------------------------------------ two requests in one message


def test_get_me_asks_to_be_given():
    """ "Get me ..." reads nothing: with the values of reserve_tickets it asks for the tickets."""
    theatre = tool(
        "reserve_tickets",
        "Reserve theatre tickets.",
        {
            "show": {"type": "string"},
            "date": DAY,
            "quantity": {"type": "integer"},
            "section": {"type": "string", "enum": ["stalls", "circle"]},
        },
        ["show", "date", "quantity", "section"],
    )
    t = run(
        "Get me two stalls tickets for Hamlet on Saturday.",
        [theatre],
        lambda n, a: "Reserved: TH-12",
        system=EN,
    )
    name, args = _calls(t)[0]
    assert name == "reserve_tickets"
    assert (args["date"], args["quantity"], args["section"]) == ("2027-03-13", 2, "stalls")
    ended(t)


KAYAK_ZH = [
    tool(
        "reserve_kayak",
        "预约皮划艇，半天。",
        {
            "date": {"type": "string", "description": "日期 YYYY-MM-DD"},
            "slot": {"type": "string", "enum": ["上午", "下午"]},
        },
        ["date", "slot"],
    ),
    tool(
        "get_lake_conditions",
        "查询湖面水温和风力。",
        {"date": {"type": "string", "description": "日期 YYYY-MM-DD"}},
        ["date"],
    ),
]


def test_a_second_request_keeps_its_tool_zh():
    """顺便 starts a second request: the lake's conditions are asked for beside the kayak, though
    the whole message shares no pair of characters with that tool."""
    answers = {"get_lake_conditions": "水温 14°C，微风", "reserve_kayak": "已预约：KY-5"}
    t = run(
        "帮我约周六上午的皮划艇，顺便看看那天湖水多少度。",
        KAYAK_ZH,
        lambda n, a: answers[n],
        system=ZH,
    )
    assert sorted(_calls(t)) == [
        ("get_lake_conditions", {"date": "2027-03-13"}),
        ("reserve_kayak", {"date": "2027-03-13", "slot": "上午"}),
    ]
    ended(t)
    assert "14" in t.answer and "KY-5" in t.answer


def _library(lang):
    zh = lang == "zh"
    return [
        tool(
            "renew_loan",
            "续借图书。" if zh else "Renew a library loan.",
            {"loan_id": {"type": "string"}},
            ["loan_id"],
        ),
        tool(
            "get_opening_hours",
            "查询分馆开放时间。" if zh else "Opening hours of a library branch.",
            {"branch": {"type": "string", "description": "分馆名称" if zh else "branch name"}},
            ["branch"],
        ),
    ]


@pytest.mark.parametrize(
    "lang, prompt, branch",
    [
        (
            "en",
            "Please renew loan L-4471, and when does the Eastside branch open on Saturday?",
            "Eastside",
        ),
        ("zh", "帮我续借 L-4471，另外东区分馆周六几点开门？", "东区分馆"),
    ],
)
def test_each_request_fills_its_own_tool(lang, prompt, branch):
    """Each request of the message fills its own tool: the branch asked about, never the loan's
    id given to the other request."""
    t = run(prompt, _library(lang), lambda n, a: "ok", system=ZH if lang == "zh" else EN)
    assert sorted(_calls(t)) == [
        ("get_opening_hours", {"branch": branch}),
        ("renew_loan", {"loan_id": "L-4471"}),
    ]
    ended(t)


# ------------------------------------------------------------ ordinary service verbs


def test_a_chinese_verb_before_yixia_names_the_tool_s_act_zh():
    """续一下: 续 stands as a verb (before 一下) and renew_loan's description holds it (续借)."""
    renew = tool(
        "renew_loan",
        "续借图书。",
        {"loan_id": {"type": "string", "description": "借阅编号"}},
        ["loan_id"],
    )
    t = run("帮我把 L-4471 续一下。", [renew], lambda n, a: "已续借至 4 月 8 日")
    assert _calls(t) == [("renew_loan", {"loan_id": "L-4471"})]
    ended(t)


def test_a_bare_tui_is_the_cancel_act_zh():
    """退 standing as a verb (退一下) asks to refund; 挂个号 books (挂个 takes an object)."""
    refund = tool(
        "refund_ticket", "Refund a ticket.", {"ticket_id": {"type": "string"}}, ["ticket_id"]
    )
    t = run("帮我退一下 T-5521 这张票。", [refund], lambda n, a: "refunded")
    assert _calls(t) == [("refund_ticket", {"ticket_id": "T-5521"})]
    clinic = tool(
        "book_appointment",
        "预约门诊。",
        {"doctor": {"type": "string", "description": "医生姓名"}, "date": DAY, "time": CLOCK},
        ["doctor", "date", "time"],
    )
    t = run("周五下午三点给王医生挂个号。", [clinic], lambda n, a: "已预约", system=ZH)
    assert _calls(t) == [
        ("book_appointment", {"doctor": "王医生", "date": "2027-03-12", "time": "15:00"})
    ]


def test_top_up_with_an_amount_and_sign_a_person_up():
    """ "Top up my card with 20 euros" adds 20 (no target to reach); "sign Maya Chen up" enrols
    the person named between sign and up."""
    credit = tool(
        "add_credit",
        "Add credit to a transit card.",
        {"card_id": {"type": "string"}, "amount": {"type": "number"}},
        ["card_id", "amount"],
    )
    t = run("Top up my transit card TC-5 with 20 euros.", [credit], lambda n, a: "balance 31.50")
    assert _calls(t) == [("add_credit", {"card_id": "TC-5", "amount": 20})]
    enrol = tool(
        "enroll_student",
        "Enroll a student in a course by its code.",
        {"student": {"type": "string"}, "course_code": {"type": "string"}},
        ["student", "course_code"],
    )
    t = run("Sign Maya Chen up for course PT-3.", [enrol], lambda n, a: "enrolled")
    assert _calls(t) == [("enroll_student", {"student": "Maya Chen", "course_code": "PT-3"})]


def _gym_desk(lang):
    zh = lang == "zh"
    return [
        tool(
            "request_callback",
            "请销售回电。" if zh else "Ask a sales rep to phone the member back.",
            {"phone": {"type": "string"}},
            ["phone"],
        ),
        tool(
            "cancel_membership",
            "终止会员资格。" if zh else "Cancel a gym membership.",
            {"member_id": {"type": "string"}},
            ["member_id"],
        ),
    ]


@pytest.mark.parametrize(
    "lang, prompt",
    [
        ("en", "Please stop my membership, member GM-4410. I'm moving away, no need to phone me."),
        ("zh", "会员 GM-4410，我要搬走了，帮我把会员停掉，不用给我回电。"),
    ],
)
def test_stop_my_membership_is_a_cancel_under_tool_choice_any(lang, prompt):
    """ "Stop my membership", 停掉: the cancel act; under tool_choice any the cancelling tool is
    called, never the callback the user declined."""
    t = run(prompt, _gym_desk(lang), tool_choice={"type": "any"})
    assert _calls(t) == [("cancel_membership", {"member_id": "GM-4410"})]


def test_report_a_reading_up_zh():
    """报上去 / 上报: the create act of a tool that submits (submit_water_reading)."""
    meter = tool(
        "submit_water_reading",
        "提交水表读数。",
        {"meter_id": {"type": "string", "description": "水表编号"}, "reading": {"type": "integer"}},
        ["meter_id", "reading"],
    )
    t = run("水表编号 WM-3391，读数 5120，帮我报上去。", [meter], lambda n, a: "回执 R-77")
    assert _calls(t) == [("submit_water_reading", {"meter_id": "WM-3391", "reading": 5120})]
    ended(t)


# ------------------------------------------------------------ an act on a condition: check first


def _beds(lang):
    zh = lang == "zh"
    bed = {"type": "string", "description": "苗床编号" if zh else "bed id"}
    return [
        tool(
            "water_bed",
            "打开指定苗床的滴灌，持续若干分钟。"
            if zh
            else "Turn on the drip line of a bed for minutes.",
            {"bed_id": bed, "minutes": {"type": "integer"}},
            ["bed_id", "minutes"],
        ),
        tool(
            "get_soil_moisture",
            "查询指定苗床的土壤湿度。" if zh else "Read the soil moisture of a garden bed.",
            {"bed_id": bed},
            ["bed_id"],
        ),
    ]


def _moisture(n, a):
    if n == "get_soil_moisture":
        return json.dumps({"bed_id": a["bed_id"], "moisture": "12%", "status": "dry"})
    return "watering started"


@pytest.mark.parametrize(
    "lang, prompt",
    [
        ("en", "Water bed B-3 for 10 minutes if the soil is dry."),
        ("en", "If the soil of bed B-3 is dry, water it for 10 minutes."),
        ("zh", "苗床 B-3 的土要是太干，就滴灌10分钟。"),
        ("zh", "如果 B-3 苗床的土干了就滴灌10分钟。"),
    ],
)
def test_an_act_on_a_condition_checks_first(lang, prompt):
    """The condition is checked first, the act waits for its result; under tool_choice any the
    forced call is the check, never the act."""
    t = run(prompt, _beds(lang), _moisture)
    assert t.calls[0] == [("get_soil_moisture", {"bed_id": "B-3"})]
    assert t.calls[1] == [("water_bed", {"bed_id": "B-3", "minutes": 10})]
    ended(t)
    forced = run(prompt, _beds(lang), _moisture, tool_choice={"type": "any"})
    assert forced.calls[0] == [("get_soil_moisture", {"bed_id": "B-3"})]
