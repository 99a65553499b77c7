"""The act done against the request's own limits (round 11): a step like "and book it" takes the
entry the whole request picks (its superlative and its bounds), never the first one a result
lists; a listing written as a text's lines under a `key:` line is picked from by its values; an
id said after a noun that holds the property's own word fills it ("预订单 TK-8841" for
booking_id); a two-word flag of a thing is true when the text says the thing is needed ("we need
parking" for parking_pass). Programs through the real SDK client, in domains of this file's own."""

from loops import converse as run
from loops import tool

# ------------------------------------------- "and book it": the whole request's pick and bounds

SAILINGS = [
    tool(
        "search_sailings",
        "Search ferry sailings on a route and a date (YYYY-MM-DD).",
        {"route": {"type": "string"}, "date": {"type": "string"}},
    ),
    tool(
        "book_sailing",
        "Book seats on a ferry sailing.",
        {"sailing_id": {"type": "string"}, "passengers": {"type": "integer"}},
    ),
]
SAILING_CALLS = {
    "search_sailings": lambda route, date: {
        "route": route,
        "sailings": [
            {"sailing_id": "FS-201", "departs": "06:40", "fare": "£48.00"},
            {"sailing_id": "FS-214", "departs": "08:15", "fare": "£32.00"},
            {"sailing_id": "FS-230", "departs": "11:00", "fare": "£27.00"},
        ],
    },
    "book_sailing": lambda sailing_id, passengers: {"ticket": "TK-5512", "sailing_id": sailing_id},
}


def test_a_step_that_books_it_takes_the_earliest_under_the_bound():
    calls, _ = run(
        "Find a ferry on the Portree-Tarbert route on 2026-08-14 for 2 passengers, "
        "under £40 a seat, the earliest that fits, and book it.",
        SAILINGS,
        SAILING_CALLS,
    )
    booked = [a for n, a in calls if n == "book_sailing"]
    assert booked and booked[0]["sailing_id"] == "FS-214", calls


def test_a_step_that_books_it_takes_the_cheapest_in_chinese():
    calls, _ = run(
        "帮我查 2026-08-14 Portree-Tarbert 航线的渡轮，2 位乘客，最便宜的那班，然后订下来。",
        SAILINGS,
        SAILING_CALLS,
    )
    booked = [a for n, a in calls if n == "book_sailing"]
    assert booked and booked[0]["sailing_id"] == "FS-230", calls


# ------------------------------------------------- a listing in a text's lines under a `key:` line

SAUNA = [
    tool(
        "list_sessions",
        "List open sauna sessions at a spa on a date (YYYY-MM-DD).",
        {"spa": {"type": "string"}, "date": {"type": "string"}},
    ),
    tool(
        "reserve_session",
        "Reserve a sauna session.",
        {"session_id": {"type": "string"}, "guest_name": {"type": "string"}},
    ),
]
SAUNA_CALLS = {
    "list_sessions": lambda spa, date: (
        f"Spa: {spa}\nDate: {date}\nOpen sessions:\n- SN-1130 11:30-12:30 spots 3\n"
        "- SN-0745 07:45-08:45 spots 1\n- SN-1600 16:00-17:00 spots 6"
    ),
    "reserve_session": lambda session_id, guest_name: {"status": "reserved", "id": session_id},
}


def test_the_earliest_of_a_texts_listed_lines_is_reserved():
    calls, _ = run(
        "I'm Mira Holt. Reserve me a sauna session at Lakeside Spa on 2026-08-20, "
        "as early as possible.",
        SAUNA,
        SAUNA_CALLS,
    )
    reserved = [a for n, a in calls if n == "reserve_session"]
    assert reserved and reserved[0]["session_id"] == "SN-0745", calls


def test_the_earliest_of_a_texts_listed_lines_in_chinese():
    calls, _ = run(
        "我叫何米拉，帮我约 2026-08-20 湖畔水疗的桑拿，时段越早越好。",
        SAUNA,
        SAUNA_CALLS,
    )
    reserved = [a for n, a in calls if n == "reserve_session"]
    assert reserved and reserved[0]["session_id"] == "SN-0745", calls


# ------------------------------------------------- an id after a noun holding the property's word

TICKETS = [
    tool("get_booking", "Get a concert ticket booking.", {"booking_id": {"type": "string"}}),
    tool(
        "add_tickets",
        "Add tickets to an existing concert booking.",
        {"booking_id": {"type": "string"}, "count": {"type": "integer"}},
    ),
]
TICKET_CALLS = {
    "get_booking": lambda booking_id: {"booking_id": booking_id, "tickets": 2},
    "add_tickets": lambda booking_id, count: {"booking_id": booking_id, "tickets": 2 + count},
}


def test_an_id_after_a_slip_named_for_the_property_fills_it():
    calls, _ = run("预订单 TK-8841 再加两张票。", TICKETS, TICKET_CALLS)
    assert ("add_tickets", {"booking_id": "TK-8841", "count": 2}) in calls, calls


# ------------------------------------------------- a two-word flag of a thing said as needed

ROOMS = [
    tool(
        "book_room",
        "Book a hotel room.",
        {
            "hotel": {"type": "string"},
            "nights": {"type": "integer"},
            "parking_pass": {"type": "boolean"},
        },
    )
]
ROOM_CALLS = {"book_room": lambda hotel, nights, parking_pass: {"ok": True}}


def test_a_thing_said_as_needed_sets_its_flag():
    calls, _ = run(
        "Book 2 nights at Hotel Lumen. We need parking, we're driving.", ROOMS, ROOM_CALLS
    )
    assert calls and calls[0][1]["parking_pass"] is True, calls


def test_a_thing_said_as_not_needed_leaves_its_flag_false():
    calls, _ = run("Book 2 nights at Hotel Lumen. We don't need parking.", ROOMS, ROOM_CALLS)
    assert calls and calls[0][1]["parking_pass"] is False, calls


# ---------------------------------------- an English request to tools described in Chinese

CLEANING = [
    tool(
        "book_cleaning",
        "预约上门清洗服务。",
        {
            "address": {"type": "string", "description": "上门地址"},
            "item": {"type": "string", "description": "清洗物品，例如 地毯、沙发、窗帘"},
            "date": {"type": "string", "description": "日期 YYYY-MM-DD"},
            "phone": {"type": "string", "description": "客户电话"},
        },
    ),
    tool("get_cleaning_price", "查询某种物品的清洗价格。", {"item": {"type": "string"}}),
]
CLEANING_CALLS = {
    "book_cleaning": lambda address, item, date, phone: "预约成功: 工单号 CL-7781",
    "get_cleaning_price": lambda item: {"item": item, "price_eur": 60},
}


def test_an_english_visit_request_takes_the_chinese_tool_that_lists_its_thing():
    calls, [final] = run(
        "Our sofa is covered in stains, we live at 4 Elm Road, Leeds. Could someone come on "
        "2026-09-03? Call me on +44 7700 900123.",
        CLEANING,
        CLEANING_CALLS,
    )
    assert calls and calls[0] == (
        "book_cleaning",
        {
            "address": "4 Elm Road, Leeds",
            "item": "沙发",
            "date": "2026-09-03",
            "phone": "+44 7700 900123",
        },
    ), calls
    assert "CL-7781" in final


# ------------------------------------------------------------- a fault report asked to be logged

WORK_ORDERS = [
    tool(
        "create_work_order",
        "Open a building maintenance work order.",
        {
            "unit_no": {"type": "integer"},
            "fault": {"type": "string"},
            "priority": {"type": "string", "enum": ["low", "normal", "urgent"]},
        },
    )
]
WORK_ORDER_CALLS = {
    "create_work_order": lambda unit_no, fault, priority: {"work_order": "WO-6620", "unit": unit_no}
}


def test_a_fault_asked_to_be_logged_opens_the_order_with_the_fault_told():
    calls, [final] = run(
        "The boiler in unit 12 is leaking water onto the floor. No one is hurt but please log it "
        "as urgent.",
        WORK_ORDERS,
        WORK_ORDER_CALLS,
    )
    assert calls and calls[0][0] == "create_work_order", calls
    args = calls[0][1]
    assert args["unit_no"] == 12 and args["priority"] == "urgent", args
    assert args["fault"] == "The boiler in unit 12 is leaking water onto the floor", args
    assert "WO-6620" in final
