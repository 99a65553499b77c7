"""Values in the role and the form the schema asks (round 16, forms): a number goes to the
property of its role (an age, a clock hour, a count of people, a sum of money; a condition's
number is no amount to act on), within the schema's range; a month said without its year, a
city's short name, a phone, a code, a building and a room are written as the description shows;
"the next one" is the earliest entry not yet past."""

from __future__ import annotations

from loops import converse, forced, strings, tool


def test_each_number_goes_to_the_property_of_its_role():
    kayaks = tool(
        "reserve_kayaks",
        "Reserve kayaks for a river trip.",
        {
            "paddlers": {"type": "integer", "minimum": 1, "maximum": 12},
            "min_age": {"type": "integer", "description": "Age of the youngest paddler"},
            "budget_usd": {"type": "number", "description": "Total budget in US dollars"},
        },
    )
    got = forced(
        "Reserve kayaks: the youngest of us is 14 years old, our budget is $1,200, 5 paddlers.",
        kayaks,
    )
    assert got == {"paddlers": 5, "min_age": 14, "budget_usd": 1200}
    court = tool(
        "book_court",
        "预约羽毛球场地",
        {
            "date": {"type": "string", "description": "日期 YYYY-MM-DD"},
            "start_hour": {
                "type": "integer",
                "minimum": 7,
                "maximum": 22,
                "description": "开始钟点",
            },
            "players": {"type": "integer", "minimum": 1, "maximum": 8, "description": "人数"},
            "youngest_age": {"type": "integer", "description": "最小球员的年龄"},
        },
    )
    got = forced("我儿子10岁，明天晚上7点想打羽毛球，一共4个人。", court)
    assert (got["start_hour"], got["players"], got["youngest_age"]) == (19, 4, 10)


def test_a_span_is_no_age_and_a_clock_time_gives_its_hour_and_minute():
    skis = tool(
        "rent_skis",
        "Rent skis.",
        {"renter_age": {"type": "integer"}, "days": {"type": "integer", "minimum": 1}},
    )
    assert forced("I'd like skis for 4 days, I am 31.", skis) == {"renter_age": 31, "days": 4}
    reminder = tool(
        "set_reminder",
        "Set a daily reminder.",
        {
            "hour": {"type": "integer", "minimum": 0, "maximum": 23},
            "minute": {"type": "integer", "minimum": 0, "maximum": 59},
        },
    )
    assert forced("Remind me every day at 9:40 pm to water the ferns.", reminder) == {
        "hour": 21,
        "minute": 40,
    }


def test_a_min_property_is_no_minute_and_a_span_stays_in_its_unit():
    quakes = tool(
        "list_storms",
        "List recorded storms.",
        {
            "min_wind_knots": {"type": "number", "minimum": 0, "maximum": 200},
            "days": {"type": "integer", "minimum": 1, "maximum": 60},
        },
    )
    got = forced("Storms with winds of at least 45 knots over the past 10 days?", quakes)
    assert got == {"min_wind_knots": 45, "days": 10}


STOCK = [
    tool("check_stock", "How many crates of a product are in stock.", strings(sku="e.g. OM-12")),
    tool(
        "transfer_crates",
        "Move crates of a product to the other depot.",
        {**strings(sku="e.g. OM-12"), "crates": {"type": "integer", "minimum": 1}},
    ),
]


def test_a_conditions_number_is_no_amount_to_act_on():
    handlers = {
        "check_stock": lambda sku: {"sku": sku, "crates": 140},
        "transfer_crates": lambda sku, crates: {"moved": crates},
    }
    calls, _ = converse(
        "Check the stock of OM-40; if there are more than 100 crates, transfer 35.",
        STOCK,
        handlers,
    )
    assert calls[-1] == ("transfer_crates", {"sku": "OM-40", "crates": 35})
    zh = [
        tool("check_stock", "查询某个商品的库存箱数", strings(sku="如 OM-12")),
        tool(
            "ship_crates",
            "发出若干箱商品",
            {**strings(sku="如 OM-12"), "crates": {"type": "integer", "minimum": 1}},
        ),
    ]
    handlers["ship_crates"] = handlers["transfer_crates"]
    calls, _ = converse("查一下 OM-40 的库存，如果超过100箱，就发35箱。", zh, handlers)
    assert calls[-1] == ("ship_crates", {"sku": "OM-40", "crates": 35})


def test_a_month_said_without_its_year_is_the_nearest_of_its_kind():
    sales = tool(
        "get_sales",
        "查询门店某个月的销售额",
        {"month": {"type": "string", "description": "YYYY-MM"}},
    )
    assert forced("10月的销售额是多少？", sales)["month"] == "2026-10"
    assert forced("How much did we sell in March?", sales)["month"] == "2026-03"
    audit = tool(
        "schedule_audit",
        "Schedule a stock audit.",
        {"month": {"type": "string", "description": "Month of the audit, YYYY-MM"}},
    )
    assert forced("Schedule the audit for March.", audit)["month"] == "2027-03"


def test_a_place_is_written_as_its_description_shows():
    air = tool(
        "get_air_quality",
        "Air quality now.",
        strings(location="The city and state, e.g. San Francisco, CA"),
    )
    calls, _ = converse("How's the air in NYC today?", [air], {"get_air_quality": lambda **k: {}})
    assert calls[0][1] == {"location": "New York, NY"}
    calls, _ = converse("Air quality in Eugene, OR?", [air], {"get_air_quality": lambda **k: {}})
    assert calls[0][1] == {"location": "Eugene, OR"}
    assert forced("Is the air OK in Vegas?", air) == {"location": "Las Vegas, NV"}
    fares = tool(
        "search_fares",
        "Search air fares.",
        strings(origin="Origin airport IATA code, e.g. SFO", destination="Destination IATA code"),
    )
    calls, _ = converse("Fares from Denver to Miami, please.", [fares], {"search_fares": dict})
    assert calls[0][1] == {"origin": "DEN", "destination": "MIA"}


def test_a_code_phone_building_and_room_take_their_described_form():
    locker = tool(
        "open_locker",
        "Open a gym locker.",
        strings(locker="Upper-case locker code, e.g. L12"),
    )
    calls, _ = converse("Open locker c9 for me.", [locker], {"open_locker": dict})
    assert calls[0][1] == {"locker": "C9"}
    guest = tool(
        "register_guest",
        "登记访客",
        strings(name="姓名", phone="手机号，E.164 格式，如 +8613800138000"),
    )
    calls, _ = converse("把赵磊登记一下，手机 186 0000 1234。", [guest], {"register_guest": dict})
    assert calls[0][1]["phone"] == "+8618600001234"
    heat = tool(
        "report_heating",
        "报告暖气问题",
        strings(building="楼栋，如 5号楼", room="房号", problem="问题"),
        required=["building", "room"],
    )
    calls, _ = converse("7栋902的暖气不热了。", [heat], {"report_heating": dict})
    assert (calls[0][1]["building"], calls[0][1]["room"]) == ("7栋", "902")


def test_the_next_one_is_the_earliest_not_yet_past():
    screenings = [
        tool("list_screenings", "List a film's screenings.", strings(film=None)),
        tool("book_seat", "Book a seat at a screening.", strings(screening_id=None)),
    ]
    listed = {
        "screenings": [
            {"screening_id": "SC-1", "date": "2026-11-28", "time": "20:00"},
            {"screening_id": "SC-2", "date": "2026-12-04", "time": "20:00"},
            {"screening_id": "SC-3", "date": "2026-12-11", "time": "20:00"},
        ]
    }
    handlers = {"list_screenings": lambda film: listed, "book_seat": lambda screening_id: "ok"}
    calls, _ = converse("Book me a seat at the next Dune screening.", screenings, handlers)
    assert calls[-1] == ("book_seat", {"screening_id": "SC-2"})
    calls, _ = converse("帮我订沙丘的下一场。", screenings, handlers)
    assert calls[-1] == ("book_seat", {"screening_id": "SC-2"})
