"""Argument values taken whole from free text, in the form the schema wants (round 14,
`sim/values.py`, `sim/arguments.py`): the day a user's turn states as today ("Today is 3 March
2027", "今天是2027年3月3日") is the day relative words count from, and names no date of its own; a
count of days or weeks in words ("in six days", "三天后", "两周后") is a date; a date is written as
the description's example date writes one ("格式如 2026年01月09日", "e.g. March 9, 2026").
Through the real SDK client, in domains of this file's own."""

from typing import Any

from loops import converse, forced, strings, tool

LANE = tool(
    "book_lane",
    "Book a bowling lane.",
    strings(date="YYYY-MM-DD", start_time="HH:MM"),
)


def _booked(**kw: Any) -> dict[str, Any]:
    return {"lane": 6, **kw}


def test_the_day_a_user_states_as_today_is_where_relative_words_count_from():
    calls, finals = converse(
        "今天是2031年5月20日。帮我订大后天晚上八点的保龄球道。", [LANE], {"book_lane": _booked}
    )
    assert calls == [("book_lane", {"date": "2031-05-23", "start_time": "20:00"})]
    calls, _ = converse(
        "Today is Tuesday, 20 May 2031. Book a lane for tomorrow at 7pm.",
        [LANE],
        {"book_lane": _booked},
    )
    assert calls == [("book_lane", {"date": "2031-05-21", "start_time": "19:00"})]


SEMINAR = tool(
    "register_seminar",
    "Register for a seminar.",
    {**strings(date="YYYY-MM-DD"), "seats": {"type": "integer"}},
)


def test_a_count_of_days_or_weeks_in_words_is_a_date():
    got = forced("Today is 20 May 2031. Two seats at the seminar in five days.", SEMINAR)
    assert got == {"date": "2031-05-25", "seats": 2}
    got = forced("今天是2031年5月20日，两周后的研讨会给我留三个座位。", SEMINAR)
    assert got == {"date": "2031-06-03", "seats": 3}
    got = forced("今天是2031年5月20日，十天以后的研讨会，四个座位。", SEMINAR)
    assert got["date"] == "2031-05-30"


def test_a_date_is_written_as_the_description_example_writes_one():
    spec = tool(
        "renew_permit",
        "续办停车证。",
        {"start": {"type": "string", "description": "生效日期，格式如 2030年01月09日"}},
    )
    assert forced("今天是2031年5月20日，从明天开始生效。", spec) == {"start": "2031年05月21日"}
    spec = tool(
        "renew_permit",
        "Renew a permit.",
        {"start": {"type": "string", "description": "start date, e.g. January 9, 2030"}},
    )
    assert forced("Today is 20 May 2031; start it the day after tomorrow.", spec) == {
        "start": "May 22, 2031"
    }


def test_a_value_with_inner_spaces_or_punctuation_is_taken_whole():
    box = tool(
        "track_container",
        "Track a shipping container.",
        strings(container_number="the container's number"),
    )
    calls, _ = converse(
        "Where is container MSKU 123 4567 now?",
        [box],
        {"track_container": lambda **kw: {"port": "Rotterdam", **kw}},
    )
    assert calls == [("track_container", {"container_number": "MSKU 123 4567"})]
    drone = tool(
        "flash_firmware",
        "Flash firmware onto a drone.",
        strings(drone="drone name", firmware_version="firmware tag, e.g. v1.0.0"),
    )
    got = forced("Put v4.10.2-beta on the drone Kestrel, the pilots want to try it.", drone)
    assert got["firmware_version"] == "v4.10.2-beta"
    voucher = tool(
        "redeem_voucher",
        "兑换礼品卡。",
        {**strings(card_number="礼品卡卡号"), "amount": {"type": "number"}},
    )
    assert forced("用礼品卡 4417 2230 9981 抵扣八十元。", voucher) == {
        "card_number": "4417 2230 9981",
        "amount": 80,
    }


FRAME = tool(
    "order_frame",
    "Order a picture frame.",
    {**strings(frame_size="size as W x H"), "quantity": {"type": "integer"}},
)


def test_a_size_marking_is_whole_and_counts_nothing():
    calls, _ = converse(
        "Order 3 oak frames, size 30 x 40cm, for the hallway.",
        [FRAME],
        {"order_frame": lambda **kw: {"ok": True, **kw}},
    )
    assert calls == [("order_frame", {"frame_size": "30 x 40cm", "quantity": 3})]


PANTRY = tool(
    "add_supply",
    "Add a supply to the stock list.",
    {**strings(item="the item"), "count": {"type": "integer"}},
)


def test_counts_said_in_words_split_a_list_into_its_items():
    calls, _ = converse(
        "仓库清单上加三瓶酱油和两袋大米。", [PANTRY], {"add_supply": lambda **kw: {"ok": True}}
    )
    assert sorted(calls, key=str) == [
        ("add_supply", {"item": "大米", "count": 2}),
        ("add_supply", {"item": "酱油", "count": 3}),
    ]
    calls, _ = converse(
        "Add a dozen candles and 4 table runners to the stock list.",
        [PANTRY],
        {"add_supply": lambda **kw: {"ok": True}},
    )
    assert [c[1]["count"] for c in calls] == [12, 4]
    assert [c[1]["item"] for c in calls] == ["candles", "table runners"]


def test_a_sum_in_words_beside_a_spoken_time():
    spec = tool(
        "schedule_class",
        "Schedule an evening class.",
        {
            **strings(start="HH:MM"),
            "seats": {"type": "integer"},
            "fee_gbp": {"type": "number", "description": "fee in pounds"},
        },
    )
    got = forced("Start at half past eleven, twelve seats, the fee is seventeen pounds.", spec)
    assert got == {"start": "11:30", "seats": 12, "fee_gbp": 17}


STALL = tool(
    "restock_stall",
    "Restock a festival stall.",
    {**strings(product="what to restock"), "units": {"type": "integer"}},
)


def test_a_product_after_its_count_keeps_all_its_words():
    calls, _ = converse(
        "Restock 3 x ceramic soup bowls and 2 B5 sketch pads.",
        [STALL],
        {"restock_stall": lambda **kw: {"ok": True, **kw}},
    )
    assert calls == [
        ("restock_stall", {"product": "ceramic soup bowls", "units": 3}),
        ("restock_stall", {"product": "B5 sketch pads", "units": 2}),
    ]
