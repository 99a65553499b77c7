"""Lookup before act: a listing's entry picked by the request's superlative, words or condition
(JSON lists, prose sentences, an earlier turn's results), today as the system prompt says, and
a refund that is no purchase. Domains of our own, in Chinese and English, through the SDK."""

from __future__ import annotations

import json

from tests.test_any_tools import run, tool

PLUMBER_QUOTES = tool(
    "get_plumber_quotes",
    "Get quotes from plumbers for a job at a postcode.",
    {"postcode": {"type": "string"}, "job": {"type": "string"}},
    ["postcode"],
)
HIRE_PLUMBER = tool(
    "hire_plumber",
    "Hire a plumber using the quote reference.",
    {"quote_ref": {"type": "string"}, "customer_name": {"type": "string"}},
    ["quote_ref", "customer_name"],
)


def plumbing(name, args):
    if name == "get_plumber_quotes":
        return (
            "Three plumbers answered. DrainPro quoted £240 for the whole job (quote ref Q-DP-310). "
            "Swift Pipes can do it for £185 (quote ref Q-SP-922). "
            "Hale & Son come to £205 including parts (quote ref Q-HS-104)."
        )
    if name == "hire_plumber":
        return json.dumps({"booking": "PL-7781", "quote_ref": args["quote_ref"]})
    raise KeyError(name)


def test_the_cheapest_quote_in_prose_gives_its_reference():
    t = run(
        "Get plumber quotes for postcode BS3 4QT to fix a leaking boiler, then hire the cheapest. "
        "Name's Omar Haddad.",
        [PLUMBER_QUOTES, HIRE_PLUMBER],
        plumbing,
    )
    calls = [c for turn in t.calls for c in turn]
    assert calls[0][0] == "get_plumber_quotes"
    assert calls[1] == ("hire_plumber", {"quote_ref": "Q-SP-922", "customer_name": "Omar Haddad"})


LIST_CLASSES = tool(
    "list_classes",
    "查询某家健身房某一天的团课（课程号、开始时间、剩余名额）",
    {
        "gym": {"type": "string", "description": "健身房，例如 静安健身房"},
        "date": {"type": "string", "description": "日期 YYYY-MM-DD"},
    },
    ["gym", "date"],
)
BOOK_CLASS = tool(
    "book_class",
    "预约一节团课",
    {
        "class_id": {"type": "string"},
        "member_name": {"type": "string", "description": "会员姓名"},
    },
    ["class_id", "member_name"],
)


def gym(name, args):
    if name == "list_classes":
        if args["date"] != "2027-05-11":
            return json.dumps({"课程": []})
        return json.dumps(
            {
                "课程": [
                    {"课程号": "YG-1830", "开始": "18:30", "剩余名额": 6},
                    {"课程号": "SP-0700", "开始": "07:00", "剩余名额": 0},
                    {"课程号": "PL-0800", "开始": "08:00", "剩余名额": 3},
                ]
            },
            ensure_ascii=False,
        )
    if name == "book_class":
        return json.dumps({"预约号": "GB-5521", "课程号": args["class_id"]}, ensure_ascii=False)
    raise KeyError(name)


def test_a_listing_is_called_first_then_the_earliest_entry_that_serves_is_booked():
    t = run(
        "下周二我想去徐汇健身房上课，帮我约最早一节还有名额的，会员写王磊。",
        [LIST_CLASSES, BOOK_CLASS],
        gym,
        system="今天是 2027年5月3日，星期一。",
    )
    calls = [c for turn in t.calls for c in turn]
    assert calls[0] == ("list_classes", {"gym": "徐汇健身房", "date": "2027-05-11"})
    assert calls[1] == ("book_class", {"class_id": "PL-0800", "member_name": "王磊"})


LIST_SAILINGS = tool(
    "list_trains",
    "查询某条线路某一天的车次",
    {
        "line": {"type": "string", "description": "线路，例如 上海-杭州"},
        "date": {"type": "string", "description": "YYYY-MM-DD"},
    },
    ["line", "date"],
)


def test_two_places_are_joined_as_the_example_joins_them():
    t = run(
        "明天从南京到苏州有哪些车次？",
        [LIST_SAILINGS],
        lambda name, args: json.dumps({"车次": []}),
        system="Today is 2027-02-01.",
    )
    assert t.calls[0] == [("list_trains", {"line": "南京-苏州", "date": "2027-02-02"})]


LIST_LOANS = tool(
    "list_loans",
    "List the books a library member has on loan.",
    {"card_no": {"type": "string"}},
    ["card_no"],
)
RENEW_LOAN = tool(
    "renew_loan",
    "Renew one loan by its loan id.",
    {"loan_id": {"type": "string"}},
    ["loan_id"],
)


def library(name, args):
    if name == "list_loans":
        return (
            "You have three loans. 'Middlemarch' by George Eliot (loan L-2031) is due Friday. "
            "'Dune' by Frank Herbert (loan L-5120) is due today. "
            "'Wolf Hall' (loan L-0877) is due next week."
        )
    if name == "renew_loan":
        return f"Loan {args['loan_id']} renewed for 14 days."
    raise KeyError(name)


def test_the_sentence_that_names_the_request_s_word_gives_the_id():
    t = run("Renew the Herbert novel on my card 2200418.", [LIST_LOANS, RENEW_LOAN], library)
    calls = [c for turn in t.calls for c in turn]
    assert calls[0] == ("list_loans", {"card_no": "2200418"})
    assert ("renew_loan", {"loan_id": "L-5120"}) in calls


LIST_PLANTS = tool(
    "list_plants",
    "List the plants in the greenhouse, optionally by family.",
    {"family": {"type": "string"}},
)
WATER_PLANT = tool(
    "mark_watered",
    "Mark a plant as watered today.",
    {"plant_id": {"type": "string"}},
    ["plant_id"],
)


def greenhouse(name, args):
    if name == "list_plants":
        return json.dumps(
            [
                {"plant_id": "G-11", "plant": "Boston fern", "bench": 1},
                {"plant_id": "G-12", "plant": "Monstera deliciosa", "bench": 2},
                {"plant_id": "G-13", "plant": "Snake plant", "bench": 2},
            ]
        )
    return json.dumps({"ok": True, "plant_id": args["plant_id"]})


def test_a_follow_up_picks_the_entry_of_an_earlier_turn_by_its_words():
    first = run("What plants are in the greenhouse?", [LIST_PLANTS, WATER_PLANT], greenhouse)
    messages = first.messages + [
        {"role": "user", "content": "I just watered the monstera. Mark it as watered."}
    ]
    t = run("", [LIST_PLANTS, WATER_PLANT], greenhouse, messages=messages)
    calls = [c for turn in t.calls for c in turn]
    assert calls == [("mark_watered", {"plant_id": "G-12"})]


SHOWS = tool(
    "list_concerts",
    "查询音乐厅某天的演出场次",
    {"date": {"type": "string"}},
    ["date"],
)
BUY = tool(
    "buy_ticket",
    "购买某个演出场次的门票",
    {"show_id": {"type": "string"}, "quantity": {"type": "integer"}},
    ["show_id", "quantity"],
)
BUY_EN = tool(
    "purchase_seats",
    "Purchase seats for a concert.",
    {"concert_id": {"type": "string"}, "seats": {"type": "integer"}},
    ["concert_id", "seats"],
)


def test_a_refund_is_never_read_as_a_purchase():
    for prompt, tools in [
        ("上周买的三张音乐会门票去不了了，帮我退票，订单号 MT-55120。", [SHOWS, BUY]),
        ("I bought 2 seats for concert C-881 but can't go. Please refund them.", [BUY_EN]),
    ]:
        t = run(prompt, tools, lambda name, args: "ok")
        assert t.calls == [[]], t.calls


WAIT = tool(
    "check_wait",
    "Check the walk-in waiting time at a restaurant on a given date.",
    {"restaurant": {"type": "string"}, "date": {"type": "string", "description": "YYYY-MM-DD"}},
    ["restaurant", "date"],
)
QUOTA = tool(
    "check_quota",
    "查询某个景点某天剩余的预约名额",
    {"site": {"type": "string", "description": "景点名称"}, "date": {"type": "string"}},
    ["site", "date"],
)


def test_each_named_thing_listed_gets_its_own_call():
    t = run(
        "We're in London on 2027-09-14. What's the wait at Dishoom, the Barbary and Padella?",
        [WAIT],
        lambda name, args: json.dumps({"restaurant": args["restaurant"], "minutes": 40}),
    )
    assert sorted(a["restaurant"] for _, a in t.calls[0]) == ["Barbary", "Dishoom", "Padella"]
    assert {a["date"] for _, a in t.calls[0]} == {"2027-09-14"}
    t = run(
        "2027-10-02 这天故宫、颐和园和天坛还有名额吗？",
        [QUOTA],
        lambda name, args: json.dumps({"名额": 12}, ensure_ascii=False),
    )
    assert sorted(a["site"] for _, a in t.calls[0]) == sorted(["故宫", "颐和园", "天坛"])


FIND_OWNER = tool(
    "find_owner",
    "Find a pet owner by full name and date of birth.",
    {"name": {"type": "string"}, "date_of_birth": {"type": "string", "description": "YYYY-MM-DD"}},
    ["name", "date_of_birth"],
)
ADD_TREATMENT = tool(
    "add_treatment",
    "Add a treatment to an owner's pet record.",
    {
        "owner_id": {"type": "string"},
        "treatment": {"type": "string"},
        "date_given": {"type": "string", "description": "YYYY-MM-DD"},
    },
    ["owner_id", "treatment", "date_given"],
)


def vet(name, args):
    if name == "find_owner":
        return json.dumps({"owner_id": "OW-3381", "name": args["name"]})
    return json.dumps({"ok": True})


def test_a_record_is_found_by_name_and_birth_date_before_it_is_added_to():
    t = run(
        "Please add a worming treatment given on 2027-02-03 to the record of Leila Moradi, "
        "born 1984-11-20.",
        [FIND_OWNER, ADD_TREATMENT],
        vet,
    )
    calls = [c for turn in t.calls for c in turn]
    assert calls[0] == ("find_owner", {"name": "Leila Moradi", "date_of_birth": "1984-11-20"})
    assert calls[1] == (
        "add_treatment",
        {"owner_id": "OW-3381", "treatment": "worming", "date_given": "2027-02-03"},
    )


FIND_DRIVER = tool(
    "find_driver",
    "按姓名查找司机，返回司机编号。",
    {"name": {"type": "string", "description": "司机姓名"}},
    ["name"],
)
MILEAGE = tool(
    "get_mileage",
    "查询司机某个月的出车记录。",
    {
        "driver_id": {"type": "string", "description": "司机编号"},
        "month": {"type": "string", "description": "YYYY-MM"},
    },
    ["driver_id", "month"],
)


def fleet(name, args):
    if name == "find_driver":
        return f"姓名: {args['name']}\n司机编号: D-7731\n车队: 二队"
    if args == {"driver_id": "D-7731", "month": "2027-02"}:
        return "日期: 2027-02-03\n里程: 120公里\n\n日期: 2027-02-11\n里程: 85.5公里"
    return "无记录"


def test_a_subject_s_id_is_found_then_last_month_s_records_are_added_up():
    t = run(
        "王海涛上个月一共跑了多少公里？", [FIND_DRIVER, MILEAGE], fleet, system="现在是2027年3月。"
    )
    calls = [c for turn in t.calls for c in turn]
    assert calls == [
        ("find_driver", {"name": "王海涛"}),
        ("get_mileage", {"driver_id": "D-7731", "month": "2027-02"}),
    ]
    assert "205.5" in t.answer


def test_last_month_is_read_from_the_system_prompt_s_today():
    t = run(
        "How many km did driver D-7731 log last month?",
        [MILEAGE],
        fleet,
        system="Today is 2027-03-15.",
    )
    assert t.calls[0] == [("get_mileage", {"driver_id": "D-7731", "month": "2027-02"})]


DOCTOR_SLOTS = tool(
    "doctor_free_slots",
    "查询某位医生在某个日期范围内可预约的号",
    {
        "doctor": {"type": "string"},
        "from_date": {"type": "string", "description": "YYYY-MM-DD"},
        "to_date": {"type": "string", "description": "YYYY-MM-DD"},
    },
    ["doctor", "from_date", "to_date"],
)
BOOK_VISIT = tool(
    "book_visit",
    "预约一个号",
    {"slot_id": {"type": "string"}, "patient": {"type": "string"}},
    ["slot_id", "patient"],
)


def clinic(name, args):
    if name == "doctor_free_slots":
        return (
            f"{args['doctor']}的空号：\n周一 3月15日 09:00（号源 H-0315-09）\n"
            "周四 3月18日 14:30（号源 H-0318-14）\n周五 3月19日 10:00（号源 H-0319-10）"
        )
    return f"预约成功：{args['slot_id']}，就诊人 {args['patient']}"


def test_a_week_s_range_then_a_follow_up_books_the_day_it_names():
    system = "今天是 2027年3月10日，星期三。"
    first = run("李医生下周有哪些号？", [DOCTOR_SLOTS, BOOK_VISIT], clinic, system=system)
    assert first.calls[0] == [
        (
            "doctor_free_slots",
            {"doctor": "李医生", "from_date": "2027-03-15", "to_date": "2027-03-21"},
        )
    ]
    messages = first.messages + [{"role": "user", "content": "那就订周四那个，给张小明预约。"}]
    t = run("", [DOCTOR_SLOTS, BOOK_VISIT], clinic, messages=messages, system=system)
    calls = [c for turn in t.calls for c in turn]
    assert calls == [("book_visit", {"slot_id": "H-0318-14", "patient": "张小明"})]


ROOMS = tool(
    "list_free_rooms",
    "List meeting rooms free between two dates.",
    {
        "start_date": {"type": "string", "format": "date"},
        "end_date": {"type": "string", "format": "date"},
    },
    ["start_date", "end_date"],
)


def test_next_week_is_its_monday_to_its_sunday():
    t = run(
        "Which meeting rooms are free next week?",
        [ROOMS],
        lambda name, args: "[]",
        system="Today is 2027-03-10.",
    )
    assert t.calls[0] == [
        ("list_free_rooms", {"start_date": "2027-03-15", "end_date": "2027-03-21"})
    ]


WATER = tool(
    "get_water_bill",
    "查询某个月的水费账单",
    {"month": {"type": "string", "description": "YYYY-MM"}},
    ["month"],
)


def test_each_month_listed_gets_its_own_call_and_the_total_adds_them():
    bills = {"2027-01": 41.5, "2027-02": 38, "2027-03": 45.25}
    t = run(
        "帮我查一下2027年1月、2月、3月这三个月的水费，一共多少钱？",
        [WATER],
        lambda name, args: json.dumps({"月份": args["month"], "金额_元": bills[args["month"]]}),
    )
    assert sorted(a["month"] for _, a in t.calls[0]) == sorted(bills)
    assert "124.75" in t.answer


FILMS = tool(
    "list_films",
    "List films in the archive, optionally filtered by genre and release year.",
    {
        "genre": {"type": "string", "enum": ["comedy", "drama", "horror"]},
        "year": {"type": "integer"},
    },
)


def test_a_listing_s_filters_take_a_plural_member_and_a_year():
    t = run("Which 1994 dramas are in the archive?", [FILMS], lambda name, args: "[]")
    assert t.calls[0] == [("list_films", {"genre": "drama", "year": 1994})]
