"""The answer answers the question asked, in the user's words (round 20): a yes/no field the
records differ in, whose thing the user names ("最好靠近插座", "one that includes wetsuits would be
ideal"), picks the one to recommend, asked "which?" or not, and a Chinese answer says such a key
as the user said it; the one amount of money the user states is held against a record's total
("will that cover it?", 够付吗); a list of days takes each day of a run the user names ("on
weekends"); numbers said with a description's counter ("第3层和第12层" for 楼层号) fill it, as its
example writes one, one call each."""

from __future__ import annotations

from loops import converse, strings, tool


def _one(name: str, description: str, result: object, props: dict | None = None) -> tuple:
    t = tool(name, description, props or {})
    return t, {name: lambda **k: result}


def test_a_preference_the_user_states_picks_the_one_to_recommend_in_chinese():
    t, h = _one(
        "list_free_seats",
        "列出自习室当前空着的座位",
        [
            {"seat_id": "S-12", "zone": "安静区", "near_outlet": False, "status": "free"},
            {"seat_id": "S-27", "zone": "安静区", "near_outlet": True, "status": "free"},
            {"seat_id": "S-31", "zone": "讨论区", "near_outlet": False, "status": "free"},
        ],
    )
    _, finals = converse(
        "我想去自习室学习，最好靠近插座，我要给电脑充电。现在有哪些空座位？", [t], h
    )
    first = finals[-1].splitlines()[0]
    assert first.startswith("建议选 S-27") and "靠近插座：是" in first
    assert "S-12" in first and "Near outlet" not in finals[-1]


def test_a_preference_the_user_states_picks_the_one_to_recommend_in_english():
    t, h = _one(
        "kayak_tours",
        "Kayak tours with places left on a date.",
        [
            {"tour": "Sea Caves", "price_eur": 55, "wetsuits_included": False, "places": 4},
            {"tour": "Lagoon Loop", "price_eur": 60, "wetsuits_included": True, "places": 2},
        ],
        strings(date="YYYY-MM-DD"),
    )
    _, finals = converse(
        "Kayaking on 2027-06-12. I don't own a wetsuit, so one that includes wetsuits "
        "would be ideal. What's on?",
        [t],
        h,
    )
    first = finals[-1].splitlines()[0]
    assert first.startswith("Go for Lagoon Loop") and "Sea Caves" in first
    _, finals = converse(
        "Kayaking on 2027-06-12, and I'm not bothered about wetsuits. What's on?", [t], h
    )
    assert not finals[-1].startswith("Go for")  # (said no to: no preference)


def test_the_users_money_against_a_quotes_total_answers_whether_it_covers_it():
    t, h = _one(
        "quote_framing",
        "Quote for framing an artwork of the given size.",
        {"frame": 62.0, "glass": 38.5, "labour": 34.0, "total": 134.5, "currency": "USD"},
        strings(size="width x height in cm"),
    )
    _, finals = converse(
        "I've put $120 aside to frame my 50x70 cm print. Will that cover it?", [t], h
    )
    assert finals[-1].startswith("No: the total is 134.5 USD, 14.5 more than your 120")


def test_the_users_money_against_a_quotes_total_in_chinese():
    t, h = _one(
        "quote_tailoring",
        "按衣物和改动给出裁缝报价",
        {"改裤长": 60, "收腰": 120, "合计": 180, "币种": "CNY"},
    )
    _, finals = converse("我有两条西裤要改裤长再收腰，带了200块，够付吗？", [t], h)
    assert finals[-1].startswith("够：合计 是 180 CNY，在你的 200 以内，还剩 20")


def test_a_list_of_days_takes_each_day_of_a_run_the_user_names():
    days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    t = tool(
        "book_window_cleaning",
        "Book a recurring window cleaning.",
        {
            "address": {"type": "string"},
            "days": {"type": "array", "items": {"type": "string", "enum": days}},
        },
    )
    calls, _ = converse(
        "Please book window cleaning at 4 Elm Row, on weekends only.",
        [t],
        {"book_window_cleaning": lambda **k: {"booking": "WC-881", "status": "booked"}},
    )
    assert calls[0][1]["days"] == ["sat", "sun"]


def test_numbers_said_with_the_descriptions_counter_fill_it_one_call_each():
    t = tool(
        "vacant_desks",
        "查询写字楼某一层的空工位数量",
        {"floor_no": {"type": "string", "description": "楼层号，两位数字，如 '03'"}},
    )
    calls, _ = converse(
        "帮我查一下第3层和第12层现在还有多少空工位。",
        [t],
        {"vacant_desks": lambda floor_no: {"floor": floor_no, "vacant": 7}},
    )
    assert [c[1]["floor_no"] for c in calls] == ["03", "12"]


def test_a_point_of_a_journey_named_alone_takes_the_day_said():
    t = tool(
        "ferry_sailings",
        "Sailings with space for a vehicle.",
        {"depart": {"type": "string"}, "vehicles": {"type": "integer"}},
    )
    calls, _ = converse(
        "Departing 2027-05-14 with two cars. Which sailings have space?",
        [t],
        {"ferry_sailings": lambda **k: [{"sailing": "F-1", "time": "08:00"}]},
    )
    assert calls == [("ferry_sailings", {"depart": "2027-05-14", "vehicles": 2})]
