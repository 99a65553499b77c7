"""Requests about several things, and what follows them (round 15, `sim/fanout.py`): a follow-up
that picks by place ("the second one", "第三个") among the calls one turn made of one tool takes
the value of the call at that place (rule 1); a tool lacking one id that a result lists several
of is called once for each, together, when the request asks about each of them or names their
thing in the plural, at most ten (rule 2); a list after a colon ends where a part asks for the
work ("帮我分别查一下", `sim/each.py` rule 1); one start and several ends of a route are one call
per end (rule 3). Programs through the real SDK client, in domains of
this file's own."""

from loops import converse as run
from loops import strings, tool

# ------------------------------------------------------------ a place among a fan-out's calls

LAMPS = {"L1": ("on", "2026-09-01"), "L2": ("off", "2026-10-12"), "L3": ("on", "2026-11-20")}
LIGHTHOUSES = [tool("get_lighthouse", "Lamp status and last service of a lighthouse.",
                    strings(lighthouse_id=None))]  # fmt: skip
LIGHTHOUSE_CALLS = {
    "get_lighthouse": lambda lighthouse_id: {
        "lighthouse_id": lighthouse_id,
        "lamp": LAMPS[lighthouse_id][0],
        "last_service": LAMPS[lighthouse_id][1],
    }
}


def test_the_second_one_is_the_second_call_of_the_fan_out():
    turns = ["Is the lamp on at lighthouses L1, L2 and L3?", "When was the second one serviced?"]
    calls, finals = run(turns, LIGHTHOUSES, LIGHTHOUSE_CALLS)
    assert [c[1]["lighthouse_id"] for c in calls[:3]] == ["L1", "L2", "L3"]
    assert calls[3:] == [("get_lighthouse", {"lighthouse_id": "L2"})]
    assert "2026-10-12" in finals[-1]


def test_a_chinese_place_and_the_last_one_pick_among_the_calls():
    turns = ["帮我看看灯塔 L1、L2 和 L3 的灯亮着没有", "第一个上次是什么时候保养的？"]
    calls, finals = run(turns, LIGHTHOUSES, LIGHTHOUSE_CALLS)
    assert calls[3:] == [("get_lighthouse", {"lighthouse_id": "L1"})]
    assert "2026-09-01" in finals[-1]
    turns = ["Is the lamp on at lighthouses L1, L2 and L3?", "And the last one's service date?"]
    calls, finals = run(turns, LIGHTHOUSES, LIGHTHOUSE_CALLS)
    assert calls[3:] == [("get_lighthouse", {"lighthouse_id": "L3"})]


# ------------------------------------------------------------ each id a result lists

ORCHARD = [
    tool("list_rows", "List the tree rows of an orchard block.", strings(block=None)),
    tool("get_row_yield", "This season's yield of one tree row.", strings(row_id=None)),
]
YIELDS = {f"R{i}": 100 + 7 * i for i in range(1, 13)}


def orchard_calls(n):
    return {
        "list_rows": lambda block: {"block": block, "row_ids": [f"R{i}" for i in range(1, n + 1)]},
        "get_row_yield": lambda row_id: {"row_id": row_id, "yield_kg": YIELDS[row_id]},
    }


def test_each_listed_id_is_read_after_the_listing():
    calls, finals = run("What is the yield of each row in block E7?", ORCHARD, orchard_calls(3))
    assert calls[0] == ("list_rows", {"block": "E7"})
    assert calls[1:] == [("get_row_yield", {"row_id": f"R{i}"}) for i in (1, 2, 3)]
    assert all(str(YIELDS[f"R{i}"]) in finals[-1] for i in (1, 2, 3))


def test_the_thing_in_the_plural_asks_for_each_and_ten_at_most():
    calls, _ = run("What are the yields of the rows in block E7?", ORCHARD, orchard_calls(12))
    reads = [c[1]["row_id"] for c in calls if c[0] == "get_row_yield"]
    assert reads == [f"R{i}" for i in range(1, 11)]


def test_a_listing_asked_for_alone_reads_no_details():
    calls, _ = run("Which row ids does block E7 have?", ORCHARD, orchard_calls(3))
    assert calls == [("list_rows", {"block": "E7"})]


BOOTHS = [
    tool("list_booths", "列出展厅里的展位", strings(hall_id="展厅编号")),
    tool("get_booth_visitors", "查询一个展位今天的访客数", strings(booth_id="展位编号")),
]
BOOTH_CALLS = {
    "list_booths": lambda hall_id: {
        "hall_id": hall_id,
        "booths": [{"booth_id": "B-101", "name": "茶具"}, {"booth_id": "B-102", "name": "刺绣"}],
    },
    "get_booth_visitors": lambda booth_id: {"booth_id": booth_id, "visitors": len(booth_id) * 37},
}


def test_chinese_each_reads_every_entry_of_a_listing():
    calls, finals = run("展厅 H2 里每个展位今天的访客数是多少？", BOOTHS, BOOTH_CALLS)
    assert calls[0] == ("list_booths", {"hall_id": "H2"})
    assert calls[1:] == [("get_booth_visitors", {"booth_id": b}) for b in ("B-101", "B-102")]
    assert "185" in finals[-1]


# ------------------------------------------------------------ a list ends where the work is asked

PARCELS = [tool("track_parcel", "查询快递的物流状态", strings(tracking_no="快递单号"))]


def test_a_list_after_a_colon_ends_at_the_request_for_the_work():
    calls, _ = run(
        "我有3个快递：SF1001、SF1002、SF1003，帮我分别查一下物流。",
        PARCELS,
        {"track_parcel": lambda tracking_no: {"tracking_no": tracking_no, "state": "运输中"}},
    )
    assert calls == [("track_parcel", {"tracking_no": f"SF100{i}"}) for i in (1, 2, 3)]


# ------------------------------------------------------------ titles set off by their marks

GAMES = [tool("get_game", "查询桌游的玩家人数和时长", strings(title="游戏名"))]
PLAYERS = {"卡坦岛": "3-4人", "璀璨宝石": "2-4人"}


def test_titles_in_their_marks_are_one_call_each():
    calls, finals = run(
        "帮我查一下桌游《卡坦岛》和《璀璨宝石》各适合几个人玩",
        GAMES,
        {"get_game": lambda title: {"title": title, "players": PLAYERS[title]}},
    )
    assert calls == [("get_game", {"title": "卡坦岛"}), ("get_game", {"title": "璀璨宝石"})]
    assert "3-4" in finals[-1] and "2-4" in finals[-1]


# ------------------------------------------------------------ several ends of one route

RIDES = [tool("estimate_ride", "骑行时间估算：两个地点之间骑车要多少分钟",
              strings(origin="出发地", destination="目的地"))]  # fmt: skip
MINUTES = {"图书馆": 12, "医院": 25, "Elm Park": 9, "Riverside": 17}


def ride(origin, destination):
    return {"origin": origin, "destination": destination, "minutes": MINUTES[destination]}


def test_one_start_and_several_ends_are_one_call_per_end():
    calls, finals = run("从体育馆到图书馆和到医院分别骑多久？", RIDES, {"estimate_ride": ride})
    assert calls == [
        ("estimate_ride", {"origin": "体育馆", "destination": "图书馆"}),
        ("estimate_ride", {"origin": "体育馆", "destination": "医院"}),
    ]
    assert "12" in finals[-1] and "25" in finals[-1]
    calls, _ = run("Estimate the ride from Depot to Elm Park and to Riverside.", RIDES,
                   {"estimate_ride": ride})  # fmt: skip
    assert [c[1]["destination"] for c in calls] == ["Elm Park", "Riverside"]
    assert {c[1]["origin"] for c in calls} == {"Depot"}
