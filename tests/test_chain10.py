"""Chains of calls by data and the kind of an id (round 10): an id property takes only a value of
its kind, a required id nowhere yet comes from the tool that returns it (up to three steps), a
catalogue search takes the thing sought, and several named entities get one call each, the
comparison answered. Programs through the real SDK client, in domains of this file's own."""

from loops import converse as run
from loops import strings, tool

# ------------------------------------------------------------------------------- the kind of an id

TABLES = [
    tool(
        "book_table",
        "Book a table at a restaurant. Returns a reservation_id.",
        {**strings(restaurant_id=""), "guests": {"type": "integer"}},
    ),
    tool("cancel_reservation", "Cancel a table reservation.", strings(reservation_id="")),
]
TABLE_CALLS = {
    "book_table": lambda restaurant_id, guests: {
        "reservation_id": "RSV-4471",
        "restaurant_id": restaurant_id,
        "time": "19:30",
    },
    "cancel_reservation": lambda reservation_id: {"cancelled": reservation_id == "RSV-4471"},
}


def test_a_follow_up_cancels_the_id_the_act_returned_never_the_restaurants():
    calls, _ = run(
        ["Book a table for 4 at restaurant R-118 please.", "Hmm, actually cancel that booking."],
        TABLES,
        TABLE_CALLS,
    )
    assert calls == [
        ("book_table", {"restaurant_id": "R-118", "guests": 4}),
        ("cancel_reservation", {"reservation_id": "RSV-4471"}),
    ]


def test_an_id_said_after_another_kinds_noun_fills_no_id_of_this_kind():
    calls, finals = run(["Cancel my reservation at restaurant R-118."], TABLES, TABLE_CALLS)
    assert ("cancel_reservation", {"reservation_id": "R-118"}) not in calls
    assert not calls and "reservation ID" in finals[-1]


GYM = [
    tool(
        "register_member",
        "登记新会员，返回会员卡号 card_no。",
        strings(name="姓名", phone="手机号"),
    ),
    tool(
        "book_class",
        "用会员卡号预约团课，返回预约编号 booking_id。",
        strings(card_no="会员卡号", class_code="课程代码"),
    ),
    tool("cancel_booking", "取消团课预约。", strings(booking_id="预约编号")),
]
GYM_CALLS = {
    "register_member": lambda name, phone: {"card_no": "GC-11820", "name": name},
    "book_class": lambda card_no, class_code: {
        "booking_id": "BKG-7302",
        "card_no": card_no,
        "class": class_code,
    },
    "cancel_booking": lambda booking_id: {"ok": booking_id == "BKG-7302"},
}


def test_two_id_kinds_across_three_turns_in_chinese():
    calls, _ = run(
        [
            "帮我登记一个新会员：慕容雪，手机 13912345678。",
            "用她的卡约一下 YG-05 的瑜伽课。",
            "那节课取消吧。",
        ],
        GYM,
        GYM_CALLS,
    )
    assert calls == [
        ("register_member", {"name": "慕容雪", "phone": "13912345678"}),
        ("book_class", {"card_no": "GC-11820", "class_code": "YG-05"}),
        ("cancel_booking", {"booking_id": "BKG-7302"}),
    ]


def test_an_entry_id_of_another_tools_kind_fills_no_card_number():
    tools = [
        tool(
            "search_catalogue",
            "Search the library catalogue by title or keyword. Returns books with their book_id.",
            strings(query=""),
        ),
        tool(
            "place_hold",
            "Place a hold on a book. Requires the book_id from search_catalogue.",
            strings(book_id="", card_number=""),
        ),
    ]
    found = [{"book_id": "BK-7710", "title": "The Left Hand of Darkness", "available": True}]
    handlers = {
        "search_catalogue": lambda query: found if "left hand" in query.lower() else [],
        "place_hold": lambda book_id, card_number: {"hold_id": "HD-55", "book_id": book_id},
    }
    calls, _ = run(
        ["Could you put a hold on The Left Hand of Darkness for me? My library card is 2291-4410."],
        tools,
        handlers,
    )
    assert calls == [
        ("search_catalogue", {"query": "The Left Hand of Darkness"}),
        ("place_hold", {"book_id": "BK-7710", "card_number": "2291-4410"}),
    ]


# ------------------------------------------------------------------------------ chains by data


def test_three_steps_each_taking_the_id_the_last_returned_on_a_condition():
    tools = [
        tool(
            "find_member",
            "Find a loyalty member by phone number. Returns member_id.",
            strings(phone=""),
        ),
        tool("get_points", "Get a member's points balance.", strings(member_id="")),
        tool(
            "redeem_reward",
            "Redeem a reward for a member. Only redeem if the member has enough points.",
            strings(member_id="", reward_code=""),
        ),
    ]
    handlers = {
        "find_member": lambda phone: {"member_id": "MB-50231", "name": "Iris Kowalski"},
        "get_points": lambda member_id: f"member_id: {member_id}\npoints: 640\ntier: silver",
        "redeem_reward": lambda member_id, reward_code: {"redemption_id": "RD-117"},
    }
    calls, finals = run(
        [
            "If the member with phone 07700 900123 has at least 500 points, redeem reward RW-15 "
            "for them. Tell me the balance too."
        ],
        tools,
        handlers,
    )
    assert calls == [
        ("find_member", {"phone": "07700 900123"}),
        ("get_points", {"member_id": "MB-50231"}),
        ("redeem_reward", {"member_id": "MB-50231", "reward_code": "RW-15"}),
    ]
    assert "640" in finals[-1]


def test_a_number_plate_is_looked_up_before_the_vehicles_records_in_chinese():
    tools = [
        tool("find_vehicle", "按车牌号查找车辆，返回 vehicle_id。", strings(plate="车牌号")),
        tool(
            "list_violations",
            "列出车辆的违章记录（含 violation_id 和罚款）。",
            strings(vehicle_id="车辆编号"),
        ),
        tool("pay_fine", "缴纳一条违章的罚款。", strings(violation_id="违章编号")),
    ]
    handlers = {
        "find_vehicle": lambda plate: {"vehicle_id": "VH-8830", "plate": plate},
        "list_violations": lambda vehicle_id: [
            {"violation_id": "VL-301", "date": "2026-10-02", "fine": 200},
            {"violation_id": "VL-355", "date": "2026-11-15", "fine": 100},
        ],
        "pay_fine": lambda violation_id: {"paid": True, "violation_id": violation_id},
    }
    calls, _ = run(["沪A·12345 这辆车有违章吗？把最早那条的罚款交了。"], tools, handlers)
    assert [name for name, _ in calls] == ["find_vehicle", "list_violations", "pay_fine"]
    assert calls[1][1] == {"vehicle_id": "VH-8830"} and calls[2][1] == {"violation_id": "VL-301"}


# --------------------------------------------------------------------------- the thing searched


def test_a_catalogue_search_takes_the_words_around_its_noun():
    tools = [
        tool(
            "search_hotels",
            "Search hotels by keyword. Returns hotels with hotel_id.",
            strings(keyword=""),
        ),
        tool(
            "book_room",
            "Book a room at a hotel.",
            {**strings(hotel_id=""), "nights": {"type": "integer"}},
        ),
    ]
    handlers = {
        "search_hotels": lambda keyword: [{"hotel_id": "HT-12", "name": "Harbourside Inn"}],
        "book_room": lambda hotel_id, nights: {"booking": "HB-1", "hotel_id": hotel_id},
    }
    calls, _ = run(["I need a hotel in Galway for 3 nights, can you book one?"], tools, handlers)
    assert calls[0] == ("search_hotels", {"keyword": "Galway"})
    calls, _ = run(["Find me a seaside hotel, 2 nights please."], tools, handlers)
    assert calls[0] == ("search_hotels", {"keyword": "seaside"})


def test_a_chinese_search_for_the_tools_own_thing_takes_what_the_verb_acts_on():
    tools = [tool("search_recipes", "Search recipes by keyword.", strings(keyword=""))]
    handlers = {"search_recipes": lambda keyword: [{"recipe_id": "RC-9", "title": keyword}]}
    calls, _ = run(["我今晚想做麻婆豆腐，帮我找个菜谱吧。"], tools, handlers)
    assert calls == [("search_recipes", {"keyword": "麻婆豆腐"})]


# ----------------------------------------------------------------- every named entity, compared


def test_each_named_peak_is_looked_up_and_the_lead_is_said():
    heights = {"Ben Nevis": 1345, "Snowdon": 1085, "Scafell Pike": 978}
    tools = [
        tool("get_peak_elevation", "Get a mountain's elevation in metres.", strings(peak_name=""))
    ]
    handlers = {
        "get_peak_elevation": lambda peak_name: {"peak": peak_name, "metres": heights[peak_name]}
    }
    calls, finals = run(
        [
            "Which is highest: Ben Nevis, Snowdon or Scafell Pike? By how many metres over the next one?"
        ],
        tools,
        handlers,
    )
    assert sorted(a["peak_name"] for _, a in calls) == sorted(heights)
    assert "Ben Nevis" in finals[-1] and "260" in finals[-1]


def test_each_named_person_gets_a_reading_call_and_the_gap_is_said_in_chinese():
    scores = {"欧阳娜娜": 88.5, "上官云": 92.0, "司徒静": 90.5}
    tools = [tool("get_exam_score", "查询学生的期末考试分数。", strings(student_name="学生姓名"))]
    handlers = {
        "get_exam_score": lambda student_name: {
            "student": student_name,
            "score": scores[student_name],
        }
    }
    calls, finals = run(
        ["欧阳娜娜、上官云、司徒静这三个人里，谁的分数最高？高多少？"], tools, handlers
    )
    assert sorted(a["student_name"] for _, a in calls) == sorted(scores)
    assert "上官云" in finals[-1] and "1.5" in finals[-1]


def test_a_list_opened_by_of_names_each_ticker_without_it():
    change = {"ASML": 3.1, "TSM": -0.4, "NVDA": 1.8}
    tools = [
        tool(
            "get_quote",
            "Get today's price change (percent) for a stock ticker.",
            strings(ticker=""),
        )
    ]
    handlers = {"get_quote": lambda ticker: {"ticker": ticker, "change_pct": change[ticker]}}
    calls, finals = run(["Of ASML, TSM and NVDA, which rose the most today?"], tools, handlers)
    assert sorted(a["ticker"] for _, a in calls) == sorted(change)
    assert "ASML" in finals[-1]


JUDGES = [
    tool(
        "assign_judge",
        "为烘焙比赛安排评委，返回安排编号 assignment_id。",
        strings(contest_id="", judge_name=""),
    ),
    tool("cancel_assignment", "取消一次评委安排。", strings(assignment_id="")),
]
JUDGE_CALLS = {
    "assign_judge": lambda contest_id, judge_name: {
        "assignment_id": "JA-5521",
        "contest_id": contest_id,
        "judge": judge_name,
    },
    "cancel_assignment": lambda assignment_id: {"ok": assignment_id == "JA-5521"},
}


def test_a_judge_named_after_give_and_the_assignment_cancelled_by_its_own_id():
    calls, _ = run(
        ["请把 C-88 这场烘焙比赛的评委安排给上官婉儿。", "算了，刚才那个安排取消吧。"],
        JUDGES,
        JUDGE_CALLS,
    )
    assert calls == [
        ("assign_judge", {"contest_id": "C-88", "judge_name": "上官婉儿"}),
        ("cancel_assignment", {"assignment_id": "JA-5521"}),
    ]


def test_an_id_said_to_be_a_contests_is_no_assignments():
    calls, finals = run(["C-88 这场比赛的评委安排取消掉。"], JUDGES, JUDGE_CALLS)
    assert not calls and "assignment ID" in finals[-1]


def test_a_reference_is_never_the_words_that_describe_it():
    tools = [
        tool(
            "book_appointment",
            "Book a vet appointment for a pet. Returns appointment_ref.",
            strings(pet_id="", date=""),
        ),
        tool("cancel_appointment", "Cancel a vet appointment.", strings(appointment_ref="")),
    ]
    handlers = {
        "book_appointment": lambda pet_id, date: {"appointment_ref": "VA-3390", "pet_id": pet_id},
        "cancel_appointment": lambda appointment_ref: {"ok": appointment_ref == "VA-3390"},
    }
    calls, _ = run(
        ["Book pet PT-52 in for 2026-12-09.", "Please cancel the appointment I just made."],
        tools,
        handlers,
    )
    assert calls[-1] == ("cancel_appointment", {"appointment_ref": "VA-3390"})


def test_a_chinese_search_about_a_topic_takes_the_topic():
    tools = [tool("search_books", "按关键词搜索图书，返回 book_id。", strings(keyword="关键词"))]
    handlers = {"search_books": lambda keyword: [{"book_id": "B-1", "title": "量子计算入门"}]}
    calls, _ = run(["帮我找一本关于量子计算的入门书。"], tools, handlers)
    assert calls == [("search_books", {"keyword": "量子计算"})]


def test_a_condition_on_a_number_is_read_with_the_tool_that_takes_the_found_id():
    tools = [
        tool("find_tenant", "Find a tenant by flat number. Returns tenant_id.", strings(flat="")),
        tool("get_arrears", "Get the rent arrears of a tenant.", strings(tenant_id="")),
        tool(
            "send_reminder",
            "Send a rent reminder to a tenant.",
            strings(tenant_id="", template_code=""),
        ),
    ]
    handlers = {
        "find_tenant": lambda flat: {"tenant_id": "TN-7781", "name": "Ola Nordmann"},
        "get_arrears": lambda tenant_id: {"tenant_id": tenant_id, "arrears_gbp": 420.0},
        "send_reminder": lambda tenant_id, template_code: {"sent": True},
    }
    calls, finals = run(
        [
            "If the tenant in flat 4B owes more than 300 pounds, send them reminder template "
            "RT-2. Tell me what they owe."
        ],
        tools,
        handlers,
    )
    assert calls == [
        ("find_tenant", {"flat": "4B"}),
        ("get_arrears", {"tenant_id": "TN-7781"}),
        ("send_reminder", {"tenant_id": "TN-7781", "template_code": "RT-2"}),
    ]
    assert "420" in finals[-1]


def test_a_chinese_wish_to_return_makes_the_return_then_tracks_its_own_number():
    tools = [
        tool(
            "create_return", "为订单创建退货，返回退货单号 return_no。", strings(order_no="订单号")
        ),
        tool("track_return", "查询退货进度。", strings(return_no="退货单号")),
    ]
    handlers = {
        "create_return": lambda order_no: {"return_no": "RT20261201", "order_no": order_no},
        "track_return": lambda return_no: {"return_no": return_no, "status": "已签收"},
    }
    calls, _ = run(["订单 SO-99812 我要退货。", "这个退货现在到哪了？"], tools, handlers)
    assert calls == [
        ("create_return", {"order_no": "SO-99812"}),
        ("track_return", {"return_no": "RT20261201"}),
    ]
