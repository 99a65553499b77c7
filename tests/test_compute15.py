"""Computing over results and choosing in agreement with the data (`sim/conditions.py` rule 3b,
`sim/pick.py` rule 1a, `sim/records.py` rule 4b, `sim/facts.py` rule 13): an unwanted feature
("away from the entrance", 不靠马路) excludes the records that have it before the act takes its
id; a rating superlative ("best-rated", 评分最高) ranks by the rating, not by the number a
condition bounds; a question's bounds keep the records before the superlative answers."""

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
