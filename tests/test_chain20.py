"""The chain a request implies is finished, and an act over a listing goes only to the entries it
picks (round 20): "which of them" reads every listed entry's detail before answering and names
those that meet the bound; an act over a listing's entries is made for the ones the request's
period, kind and "leave X alone" pick, and the answer names those left as they were; an id a
reading tool would give is fetched, not asked for, and a part of the day or a clock time picks
the entry; a question that weighs one measure against another reads both and says yes or no; "can
I make it from one to the next" reads the route's minutes and weighs them."""

from __future__ import annotations

from loops import converse, strings, tool

DAY = {"type": "string", "description": "YYYY-MM-DD"}


def test_which_of_a_listing_reads_each_entry_and_names_those_under_the_bound():
    tanks = tool("list_tanks", "List the tank ids of a farm.", strings(farm=None))
    level = tool("get_tank_level", "Fill level of one tank in percent.", strings(tank_id=None))
    levels = {"T1": 12, "T2": 55, "T3": 28}
    calls, finals = converse(
        "Which of the tanks at Hillside farm are below 30% full?",
        [tanks, level],
        {
            "list_tanks": lambda **k: {"tanks": [{"tank_id": t} for t in levels]},
            "get_tank_level": lambda **k: {"level_percent": levels[k["tank_id"]]},
        },
    )
    assert calls == [("list_tanks", {"farm": "Hillside"})] + [
        ("get_tank_level", {"tank_id": t}) for t in levels
    ]
    assert "T1" in finals[-1] and "T3" in finals[-1] and "T2" not in finals[-1]


def test_an_act_over_a_listing_goes_to_the_entries_picked_and_names_the_rest():
    plants = tool("list_plants", "All plants in the greenhouse with their next watering date.", {})
    water = tool("water_plant", "Water one plant.", strings(plant_id=None))
    listing = [
        {"plant_id": "P-1", "name": "Boston", "kind": "fern", "next_watering": "2026-12-03"},
        {"plant_id": "P-2", "name": "Spike", "kind": "cactus", "next_watering": "2026-12-02"},
        {"plant_id": "P-3", "name": "Maiden", "kind": "fern", "next_watering": "2027-01-05"},
        {"plant_id": "P-4", "name": "Sword", "kind": "fern", "next_watering": "2026-12-05"},
    ]
    calls, finals = converse(
        "Water the ferns that are due this week. Leave the cactus alone.",
        [plants, water],
        {"list_plants": lambda **k: listing, "water_plant": lambda **k: {"watered": True, **k}},
    )
    assert [c for c in calls if c[0] == "water_plant"] == [
        ("water_plant", {"plant_id": "P-1"}),
        ("water_plant", {"plant_id": "P-4"}),
    ]
    assert "P-2" in finals[-1] and "P-3" in finals[-1]


def test_an_id_a_reading_tool_gives_is_fetched_and_the_afternoon_one_is_taken():
    tours = tool("list_tours", "Kayak tours on a date.", {"date": DAY})
    reserve = tool(
        "reserve_tour",
        "Reserve places on a kayak tour.",
        {"tour_id": {"type": "string"}, "people": {"type": "integer"}},
    )
    listing = [
        {"tour_id": "KT-1", "start": "09:00", "guide": "Ola"},
        {"tour_id": "KT-2", "start": "14:30", "guide": "Ben"},
    ]
    calls, _ = converse(
        "Reserve the afternoon kayak tour on 2026-12-12 for 3 people.",
        [tours, reserve],
        {"list_tours": lambda **k: listing, "reserve_tour": lambda **k: {"ref": "KY-77", **k}},
    )
    assert calls == [
        ("list_tours", {"date": "2026-12-12"}),
        ("reserve_tour", {"tour_id": "KT-2", "people": 3}),
    ]


def test_a_clock_time_without_pm_picks_the_evening_entry():
    slots = tool("list_sessions", "Climbing gym sessions on a date.", {"date": DAY})
    book = tool("book_session", "Book a session.", strings(session_id=None))
    listing = [
        {"session_id": "S-1", "time": "13:00"},
        {"session_id": "S-2", "time": "18:30"},
    ]
    calls, _ = converse(
        "Book me the 6:30 climbing session on 2026-12-14.",
        [slots, book],
        {"list_sessions": lambda **k: listing, "book_session": lambda **k: {"ok": True}},
    )
    assert calls[-1] == ("book_session", {"session_id": "S-2"})


def test_a_question_that_weighs_two_measures_reads_both_and_says_no():
    span = {"start_date": DAY, "end_date": DAY}
    rain = tool("get_rain_collected", "每天收集的雨水（升）。", span)
    use = tool("get_garden_watering", "花园每天浇水用水量（升）。", span)
    calls, finals = converse(
        "上周（2026-11-30 到 2026-12-06）收集的雨水够花园浇水用吗？",
        [rain, use],
        {
            "get_rain_collected": lambda **k: {"daily": {"11-30": 40, "12-01": 10}},
            "get_garden_watering": lambda **k: {"daily": {"11-30": 20, "12-01": 35}},
        },
    )
    assert {c[0] for c in calls} == {"get_rain_collected", "get_garden_watering"}
    assert finals[-1].startswith("不够") and "12-01" in finals[-1]


def test_can_i_make_it_reads_the_minutes_between_the_two_named_entries():
    program = tool("get_program", "会议某天的日程。", {"day": {"type": "string"}})
    walk = tool(
        "get_transfer_minutes",
        "两个会场之间步行分钟数。",
        {
            "from_hall": {"type": "string", "enum": ["A馆", "B馆", "C馆"]},
            "to_hall": {"type": "string", "enum": ["A馆", "B馆", "C馆"]},
        },
    )
    listing = [
        {"title": "量子计算讲座", "hall": "C馆", "start": "13:00", "end": "14:50"},
        {"title": "机器人展示", "hall": "A馆", "start": "15:00", "end": "16:00"},
        {"title": "开源圆桌", "hall": "B馆", "start": "14:00", "end": "15:00"},
    ]
    calls, finals = converse(
        "按周二的会议日程，我听完量子计算讲座再去看机器人展示，来得及吗？",
        [program, walk],
        {
            "get_program": lambda **k: listing,
            "get_transfer_minutes": lambda **k: {"minutes": 15},
        },
    )
    assert calls[-1] == ("get_transfer_minutes", {"from_hall": "C馆", "to_hall": "A馆"})
    assert finals[-1].startswith("来不及") and "14:45" in finals[-1]
