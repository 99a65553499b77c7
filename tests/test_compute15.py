"""Computing over results and choosing in agreement with the data (`sim/conditions.py` rule 3b,
`sim/pick.py` rule 1a, `sim/records.py` rule 4b, `sim/facts.py` rule 13): an unwanted feature
("away from the entrance", 不靠马路) excludes the records that have it before the act takes its
id; a rating superlative ("best-rated", 评分最高) ranks by the rating, not by the number a
condition bounds; a question's bounds keep the records before the superlative answers; the change
between two readings led with (`sim/facts.py` rule 13); a total or average over the period named
only (`sim/conditions.py` rule 3c, `sim/tally.py` rule 3a); the next of bare dates or times after
today (`sim/facts.py` rule 9)."""

from __future__ import annotations

from loops import converse, strings, tool

STALLS = [
    {"stall_id": "S-1", "near_entrance": True, "fee": 40, "rating": 4.9},
    {"stall_id": "S-2", "near_entrance": False, "fee": 55, "rating": 4.2},
    {"stall_id": "S-3", "near_entrance": False, "fee": 35, "rating": 4.6},
    {"stall_id": "S-4", "near_entrance": True, "fee": 30, "rating": 4.0},
]


def test_unwanted_feature_and_best_rated_pick_the_act() -> None:
    tools = [
        tool("list_stalls", "List free market stalls for a Saturday", {}),
        tool("reserve_stall", "Reserve a market stall", strings(stall_id=None)),
    ]
    handlers = {
        "list_stalls": lambda: {"stalls": STALLS},
        "reserve_stall": lambda stall_id: {"reserved": stall_id, "status": "confirmed"},
    }
    calls, finals = converse(
        "Reserve the best-rated stall that is away from the entrance.", tools, handlers
    )
    assert calls[-1] == ("reserve_stall", {"stall_id": "S-3"})
    assert "S-3" in finals[-1] and "S-1" not in finals[-1].split("\n")[0]


ROOMS = [
    {"room_id": "Q1", "near_road": True, "price": 60, "score": 9.5},
    {"room_id": "Q2", "near_road": False, "price": 45, "score": 8.1},
    {"room_id": "Q3", "near_road": False, "price": 40, "score": 8.8},
]


def test_zh_unwanted_feature_and_rating_superlative() -> None:
    tools = [
        tool("list_rooms", "列出可预约的琴房", {}),
        tool("book_room", "预约一间琴房", strings(room_id=None)),
    ]
    handlers = {
        "list_rooms": lambda: ROOMS,
        "book_room": lambda room_id: {"ok": True, "room_id": room_id},
    }
    calls, finals = converse("帮我约一间不靠马路、评分最高的琴房。", tools, handlers)
    assert calls[-1] == ("book_room", {"room_id": "Q3"})
    assert "Q3" in finals[-1]


EPISODES = [
    {"episode": "Tidal Clocks", "minutes": 52, "score": 9.4},
    {"episode": "Salt Roads", "minutes": 38, "score": 8.7},
    {"episode": "Paper Moons", "minutes": 24, "score": 8.2},
    {"episode": "Glass Rivers", "minutes": 35, "score": 9.0},
]


def test_bound_keeps_records_before_the_superlative_answers() -> None:
    tools = [tool("list_episodes", "List a podcast's episodes with length and score", {})]
    calls, finals = converse(
        "Which episode is shorter than 40 minutes and has the highest score?",
        tools,
        {"list_episodes": lambda: {"episodes": EPISODES}},
    )
    assert calls == [("list_episodes", {})]
    first = finals[-1].split("\n")[0]
    assert "Glass Rivers" in first and "9" in first
    assert "Tidal Clocks" not in first


def test_zh_rating_superlative_is_no_bounded_minutes() -> None:
    tools = [tool("list_episodes", "列出播客的每一集，含时长和评分", {})]
    _, finals = converse(
        "40 分钟以内评分最高的是哪一集？",
        tools,
        {"list_episodes": lambda: {"episodes": EPISODES}},
    )
    first = finals[-1].split("\n")[0]
    assert "Glass Rivers" in first and "Tidal Clocks" not in first


LEVELS = {"2026-10": 71.4, "2026-11": 68.9}


def test_change_between_two_readings_leads_with_the_difference() -> None:
    tools = [
        tool(
            "get_level",
            "A reservoir's average water level in percent for one month",
            {"month": {"type": "string", "description": "YYYY-MM"}},
        )
    ]
    handlers = {"get_level": lambda month: {"month": month, "level_pct": LEVELS[month]}}
    calls, finals = converse(
        "How much did the reservoir level change from 2026-10 to 2026-11?", tools, handlers
    )
    assert sorted(c[1]["month"] for c in calls) == ["2026-10", "2026-11"]
    first = finals[-1].split("\n")[0]
    assert "2.5" in first and "down" in first and "71.4" in first and "68.9" in first


VISITS = {"2026-12": 3180, "2026-11": 3420}


def test_zh_this_month_against_last_month() -> None:
    tools = [
        tool(
            "get_visits",
            "查询植物园某个月的入园人次",
            {"month": {"type": "string", "description": "YYYY-MM"}},
        )
    ]
    handlers = {"get_visits": lambda month: {"month": month, "visits": VISITS[month]}}
    calls, finals = converse(
        "这个月的入园人次比上个月少了多少？", tools, handlers, system="今天是 2026-12-07。"
    )
    assert len(calls) == 2
    first = finals[-1].split("\n")[0]
    assert "240" in first and "减少" in first


LOADS = [
    {"date": "2026-11-28", "kg": 12},
    {"date": "2026-12-01", "kg": 7},
    {"date": "2026-12-03", "kg": 9},
    {"date": "2026-12-07", "kg": 5},
]


def test_total_over_the_period_named_only() -> None:
    tools = [tool("list_drop_offs", "List a household's compost drop-offs with their weight", {})]
    _, finals = converse(
        "How many kg of compost did we drop off in total last week?",
        tools,
        {"list_drop_offs": lambda: {"drop_offs": LOADS}},
        system="Today is 2026-12-07.",
    )
    assert "16" in finals[-1] and "33" not in finals[-1]


SESSIONS = [
    {"date": "2026-10-30", "minutes": 90},
    {"date": "2026-11-06", "minutes": 40},
    {"date": "2026-11-13", "minutes": 60},
    {"date": "2026-11-27", "minutes": 50},
]


def test_zh_average_over_the_month_named_only() -> None:
    tools = [tool("list_sessions", "列出孩子的钢琴练习记录", {})]
    _, finals = converse(
        "11月平均每次练了多少分钟？",
        tools,
        {"list_sessions": lambda: SESSIONS},
        system="今天是 2026-12-07。",
    )
    assert "50" in finals[-1] and "60" not in finals[-1].split("（")[0]


def test_next_of_bare_dates_after_today() -> None:
    tools = [tool("list_sailings", "List the dates a harbour cruise sails", {})]
    sailings = ["2026-11-30", "2026-12-05", "2026-12-12", "2026-12-19"]
    _, finals = converse(
        "When is the next harbour cruise?",
        tools,
        {"list_sailings": lambda: {"sailings": sailings}},
        system="Today is 2026-12-07.",
    )
    assert finals[-1].split("\n")[0].count("2026-12-12") == 1
    assert "2026-12-05" not in finals[-1].split("\n")[0]


def test_zh_next_of_bare_times_after_now() -> None:
    tools = [tool("list_showtimes", "查询某部电影今天的放映场次", strings(movie=None))]
    times = ["10:30", "13:20", "16:10", "19:00"]
    _, finals = converse(
        "《海底两万里》今天下一场是几点？",
        tools,
        {"list_showtimes": lambda movie: {"movie": movie, "showtimes": times}},
        system="现在是 2026-12-07 14:30。",
    )
    first = finals[-1].split("\n")[0]
    assert "16:10" in first and "13:20" not in first


def test_a_feature_a_thing_lacks_is_no_sign_it_cannot_serve() -> None:
    # has_nuts / gluten_free false say what a cake is, not that it is sold out
    cakes = [
        {"cake_id": "C-1", "price": 18, "has_nuts": True, "gluten_free": False},
        {"cake_id": "C-2", "price": 12, "has_nuts": False, "gluten_free": False},
        {"cake_id": "C-3", "price": 15, "has_nuts": False, "gluten_free": True},
    ]
    tools = [
        tool("list_cakes", "List the cakes on sale today", {}),
        tool("order_cake", "Order a cake", strings(cake_id=None)),
    ]
    handlers = {
        "list_cakes": lambda: {"cakes": cakes},
        "order_cake": lambda cake_id: {"order": "OC-5", "cake_id": cake_id},
    }
    calls, _ = converse("Order the cheapest cake without nuts.", tools, handlers)
    assert calls[-1] == ("order_cake", {"cake_id": "C-2"})
