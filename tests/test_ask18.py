"""Values the conversation gives are used, not asked for; the act asked is the act done (round
18): a stay's or a hire's length gives its check-out / return day ("住三晚", "for two days"); a
count said beside its own noun is taken though the same number is said in another role ("住两晚，
两个大人"); a comparative picks from the listing before as its superlative does ("the cheaper
one"), the closest / 离…最近 by a distance; a bare hour ends a sentence ("at 5."); an operator's
act on a service (重启, reboot, 回滚) calls its own tool, not only the status one beside it."""

from __future__ import annotations

from loops import converse, strings, tool

INT = {"type": "integer"}
DAY = {"type": "string", "description": "YYYY-MM-DD"}


def test_a_stay_of_nights_gives_check_out_and_a_count_beside_its_noun_is_kept():
    chalet = tool(
        "book_chalet",
        "预订雪山小屋。",
        {"chalet_id": {"type": "string"}, "check_in": DAY, "check_out": DAY, "adults": INT},
    )
    calls, _ = converse(
        "帮我订雪山小屋 CH-12，2027-01-13 入住，住两晚，两个大人。",
        [chalet],
        {"book_chalet": lambda **k: {"ok": True, "ref": "SN-301"}},
    )
    assert calls == [
        (
            "book_chalet",
            {
                "chalet_id": "CH-12",
                "check_in": "2027-01-13",
                "check_out": "2027-01-15",
                "adults": 2,
            },
        )
    ]


def test_a_hire_for_days_gives_its_return_day():
    hire = tool(
        "hire_kayak",
        "Hire a kayak.",
        {"kayak_id": {"type": "string"}, "pickup_date": DAY, "return_date": DAY},
    )
    calls, _ = converse(
        "Hire kayak K-7 for me, pick-up 2027-05-14 for three days.",
        [hire],
        {"hire_kayak": lambda **k: "hired"},
    )
    assert calls[0][1]["return_date"] == "2027-05-17"


def test_the_cheaper_of_a_listing_is_booked_at_a_bare_hour():
    find = tool(
        "find_tutors",
        "Find piano tutors free on a date.",
        {"date": DAY},
    )
    book = tool(
        "book_lesson",
        "Book a lesson with a tutor.",
        {"tutor_id": {"type": "string"}, "date": DAY, "start_time": strings(t="HH:MM")["t"]},
    )
    tutors = [
        {"tutor_id": "PT-31", "name": "Ines", "fee_per_hour": 45},
        {"tutor_id": "PT-08", "name": "Marek", "fee_per_hour": 38},
    ]
    booked = []
    calls, finals = converse(
        ["Which piano tutors are free on 2027-02-04?", "Book the cheaper one at 5."],
        [find, book],
        {
            "find_tutors": lambda **k: {"tutors": tutors},
            "book_lesson": lambda **k: booked.append(k) or {"booking": "PL-77"},
        },
    )
    assert booked == [{"tutor_id": "PT-08", "date": "2027-02-04", "start_time": "17:00"}]


def test_the_closest_entry_of_a_listing_is_the_one_of_least_distance():
    stations = tool("list_charging_stations", "列出附近的充电站，含距离。", {}, [])
    reserve = tool(
        "reserve_charger",
        "预约充电桩。",
        {"station_id": {"type": "string"}, "date": DAY},
    )
    listing = [
        {"station_id": "EV-4", "name": "万达地下", "distance_km": 2.4},
        {"station_id": "EV-9", "name": "园区东门", "distance_km": 0.6},
        {"station_id": "EV-2", "name": "高速服务区", "distance_km": 7.9},
    ]
    calls, _ = converse(
        "帮我在离我最近的充电站预约 2027-03-02 的充电桩。",
        [stations, reserve],
        {"list_charging_stations": lambda: listing, "reserve_charger": lambda **k: "ok"},
    )
    assert ("reserve_charger", {"station_id": "EV-9", "date": "2027-03-02"}) in calls


def test_a_restart_asked_calls_the_restart_tool_not_only_the_status_one():
    for said, name in (
        ("把 billing-api 重启一下。", "restart_service"),
        ("Please reboot billing-api.", "restart_service"),
        ("把 billing-api 回滚到上一个版本。", "rollback_service"),
    ):
        svc = strings(service="Service name, e.g. auth-api")
        tools = [
            tool("get_service_status", "Health and error rate of a service.", svc),
            tool("restart_service", "Restart a service.", svc),
            tool("rollback_service", "Roll a service back to its previous release.", svc),
        ]
        done = {
            "get_service_status": lambda **k: {"health": "ok"},
            "restart_service": lambda **k: {"restarted": True},
            "rollback_service": lambda **k: {"now": "v1.8"},
        }
        calls, _ = converse(said, tools, done)
        assert (name, {"service": "billing-api"}) in calls, said


def test_a_thing_to_choose_is_looked_up_with_the_tool_that_lists_it_before_it_is_asked_for():
    free = tool(
        "find_free_courts",
        "Check which tennis courts are free at a time. Returns courts with surface and price.",
        {"date": DAY, "start_time": {"type": "string", "description": "HH:MM"}},
    )
    reserve = tool(
        "reserve_court",
        "Reserve a tennis court.",
        {
            "court": {"type": "string"},
            "date": DAY,
            "start_time": {"type": "string"},
            "players": INT,
        },
    )
    courts = [{"court": "Court 3", "surface": "clay"}, {"court": "Court 5", "surface": "hard"}]
    calls, _ = converse(
        "Can we get a court on 2027-04-10 at 18:00? Four players.",
        [free, reserve],
        {"find_free_courts": lambda **k: {"available": courts}, "reserve_court": lambda **k: "ok"},
    )
    assert [name for name, _ in calls] == ["find_free_courts", "reserve_court"]
    assert calls[1][1]["court"] == "Court 3" and calls[1][1]["players"] == 4


def test_a_party_said_as_so_many_of_us_is_a_capacity_the_picked_entry_must_hold():
    rooms = tool(
        "list_escape_rooms",
        "List escape rooms free on a date, with how many players each takes.",
        {"date": DAY},
    )
    book = tool(
        "book_escape_room",
        "Book an escape room.",
        {"room_id": {"type": "string"}, "date": DAY, "players": INT},
    )
    listing = [
        {"room_id": "ER-1", "theme": "Pharaoh", "capacity": 4},
        {"room_id": "ER-2", "theme": "Submarine", "capacity": 8},
    ]
    calls, _ = converse(
        "There are six of us. Book us an escape room on 2027-06-19.",
        [rooms, book],
        {"list_escape_rooms": lambda **k: listing, "book_escape_room": lambda **k: "ok"},
    )
    assert calls[-1] == (
        "book_escape_room",
        {"room_id": "ER-2", "date": "2027-06-19", "players": 6},
    )


def test_an_end_time_is_the_start_said_and_the_length_said():
    hhmm = {"type": "string", "description": "HH:MM"}
    for said, start, end, ends in (
        ("帮我订2027-01-14下午三点半的录音棚，用两个小时。", "start", "end", "17:30"),
        (
            "Book the studio on 2027-01-14 from 3:30 pm for an hour and a half.",
            "from",
            "until",
            "17:00",
        ),
    ):
        studio = tool(
            "book_studio", "Book a recording studio.", {"date": DAY, start: hhmm, end: hhmm}
        )
        calls, _ = converse(said, [studio], {"book_studio": lambda **k: "ok"})
        assert calls == [("book_studio", {"date": "2027-01-14", start: "15:30", end: ends})], said


def test_what_was_just_done_is_dated_today_and_a_runs_k_is_kilometres():
    log = tool(
        "log_run",
        "Save a run. Distance in kilometres.",
        {"date": DAY, "distance_km": {"type": "number"}, "minutes": {"type": "number"}},
    )
    calls, _ = converse(
        "Just got back from a 12k easy run, 64 minutes. Log it. Next one is on Friday.",
        [log],
        {"log_run": lambda **k: {"saved": True}},
        system="You log training for a runner. Today is 2027-03-09 (Tuesday).",
    )
    assert calls == [("log_run", {"date": "2027-03-09", "distance_km": 12, "minutes": 64})]
