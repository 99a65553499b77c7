"""The answer states the fact asked, worked out from the results, not a dump (round 12,
`sim/derived.py`, `sim/general.py`): what is left of a whole minus the part taken, the records
under their own threshold, those a bound keeps and the one picked among them, a code's lines
counted and added up across files; a "do not X" said by the user takes no tool for X; parallel
look-ups keep each entity's note to itself, the act going to the best one that can serve.
Programs through the real SDK client, in domains of this file's own, in Chinese and English."""

from loops import converse as run
from loops import tool

# ------------------------------------------------------------- what is left: whole minus taken

LEVELS = [
    tool(
        "get_parking_levels",
        "Current occupancy of every level of a car park, as CSV.",
        {"garage": {"type": "string"}},
    )
]
LEVELS_CSV = "level,spaces,occupied\nP1,120,118\nP2,90,41\nP3,60,60\nP4,75,30\n"


def test_the_level_with_the_most_free_spaces_is_worked_out_from_spaces_minus_occupied():
    calls, [answer] = run(
        "In the Riverside garage, which level has the most free spaces right now, and how many?",
        LEVELS,
        {"get_parking_levels": lambda garage: LEVELS_CSV},
    )
    assert calls == [("get_parking_levels", {"garage": "Riverside"})]
    first = answer.splitlines()[0]
    assert "P2" in first and "49" in first
    assert "P1,120,118" not in answer  # (no dump of the table)


def test_the_fewest_left_is_the_least():
    _, [answer] = run(
        "In the Riverside garage, which level has the fewest free spaces left?",
        LEVELS,
        {"get_parking_levels": lambda garage: LEVELS_CSV},
    )
    assert answer.splitlines()[0].startswith("P3") and " 0 " in answer.splitlines()[0]


def test_remaining_seats_in_chinese():
    trips = [
        tool(
            "list_trips",
            "列出某天某线路的班次及座位情况（CSV）",
            {"route": {"type": "string"}, "date": {"type": "string"}},
        )
    ]
    table = "车次,发车,座位数,已售\nK101,07:30,45,45\nK103,09:00,45,12\nK105,11:30,53,18\nK107,14:00,45,44\n"
    calls, [answer] = run(
        "线路 HZ-HS 在 2026-12-20 哪一班剩余座位最多？还剩几个？",
        trips,
        {"list_trips": lambda route, date: table},
    )
    assert calls == [("list_trips", {"route": "HZ-HS", "date": "2026-12-20"})]
    first = answer.splitlines()[0]
    assert "K105" in first and "35" in first


# ------------------------------------------------------- under their own threshold, listed


def test_the_drugs_below_their_own_minimum_are_listed_with_both_numbers():
    stock = [
        tool(
            "get_stock",
            "Stock of a pharmacy branch as CSV: drug, units on hand, minimum units.",
            {"branch": {"type": "string"}},
        )
    ]
    table = (
        "drug,units,min_units\nIbuprofen 200mg,14,40\nParacetamol 500mg,120,60\n"
        "Cetirizine 10mg,9,10\nOmeprazole 20mg,35,30\nSaline spray,0,12\n"
    )
    _, [answer] = run(
        "Which drugs at the Kingsway branch are below their minimum and need restocking?",
        stock,
        {"get_stock": lambda branch: table},
    )
    first = answer.splitlines()[0]
    for name in ("Ibuprofen 200mg", "Cetirizine 10mg", "Saline spray"):
        assert name in first
    assert "Paracetamol" not in answer and "Omeprazole" not in answer
    assert "14" in first and "40" in first


def test_the_feeds_below_their_warning_line_in_chinese_json():
    feed = [
        tool("get_feed_inventory", "查询牧场饲料库存（JSON 列表）", {"farm_id": {"type": "string"}})
    ]
    rows = [
        {"饲料": "玉米", "库存_kg": 300, "警戒线_kg": 500},
        {"饲料": "豆粕", "库存_kg": 820, "警戒线_kg": 400},
        {"饲料": "苜蓿草", "库存_kg": 150, "警戒线_kg": 200},
        {"饲料": "麸皮", "库存_kg": 260, "警戒线_kg": 250},
    ]
    _, [answer] = run(
        "FM-08 牧场哪些饲料已经低于警戒线了？", feed, {"get_feed_inventory": lambda farm_id: rows}
    )
    assert "玉米" in answer and "苜蓿草" in answer
    assert "豆粕" not in answer and "麸皮" not in answer


# ------------------------------------- counted under a bound, picked among them; do not act

BIDS = [
    tool(
        "list_bids",
        "List the contractor bids for a renovation job, as CSV.",
        {"job_id": {"type": "string"}},
    ),
    tool(
        "award_bid",
        "Award the job to one contractor (binding).",
        {"job_id": {"type": "string"}, "contractor": {"type": "string"}},
    ),
]
BIDS_CSV = (
    "contractor,price_eur,weeks,warranty_years\nNordbau,8450,6,5\nKarlsson Bygg,7600,8,2\n"
    "HausWerk,7990,7,5\nFjord Renov,6900,9,1\n"
)


def test_bids_under_a_thousands_bound_counted_and_the_one_with_the_warranty_picked_no_award():
    calls, [answer] = run(
        "For job RJ-552: how many contractors bid under €8,000, and which of those gives a "
        "5-year warranty? Do not award anything yet.",
        BIDS,
        {"list_bids": lambda job_id: BIDS_CSV, "award_bid": lambda **k: "awarded"},
    )
    assert calls == [("list_bids", {"job_id": "RJ-552"})]
    lines = answer.splitlines()
    assert "3" in lines[0] and "Nordbau" not in lines[0]
    assert "HausWerk" in lines[1]
    assert "award_bid" not in answer  # (nothing asked about the act forbidden)


def test_print_quotes_counted_and_the_free_shipping_one_picked_in_chinese_no_order():
    quotes = [
        tool(
            "list_print_quotes",
            "列出某个印刷需求收到的报价（CSV）",
            {"request_id": {"type": "string"}},
        ),
        tool(
            "place_order",
            "向某家印刷厂下单（不可撤销）",
            {"request_id": {"type": "string"}, "vendor": {"type": "string"}},
        ),
    ]
    table = (
        "vendor,price_cny,days,shipping\n快印王,520,3,包邮\n彩虹印务,430,5,不包邮\n"
        "蓝图图文,480,4,包邮\n东方印刷,390,7,不包邮\n"
    )
    calls, [answer] = run(
        "印刷需求 PR-2207 的报价里，有几家低于 500 元？其中哪家包邮？先别下单。",
        quotes,
        {"list_print_quotes": lambda request_id: table, "place_order": lambda **k: "ok"},
    )
    assert [c[0] for c in calls] == ["list_print_quotes"]
    lines = answer.splitlines()
    assert "3" in lines[0] and "快印王" not in lines[0]
    assert "蓝图图文" in lines[1] and "彩虹印务" not in lines[1]
    assert "place_order" not in answer


# ------------------------------------------------- one code's lines across several files


def test_a_containers_gate_passes_counted_and_fees_added_across_three_logs():
    logs = {
        "north.log": "2026-11-28 06:10 MSCU-4410 IN fee 18.00\n2026-11-28 07:45 TGHU-2291 IN fee 18.00\n",
        "south.log": "2026-11-29 13:02 MSCU-4401 OUT fee 22.50\n2026-11-29 15:30 MSCU-4410 OUT fee 22.50\n",
        "dock.log": "2026-11-30 09:00 MSCU-4410 IN fee 18.00\n2026-11-30 09:20 CAIU-7781 IN fee 18.00\n",
    }
    reader = [tool("read_log", "Read one gate log file by name.", {"filename": {"type": "string"}})]
    calls, [answer] = run(
        "Across north.log, south.log and dock.log, how many times did container MSCU-4410 pass "
        "the gate, and what were its total fees?",
        reader,
        {"read_log": lambda filename: logs[filename]},
    )
    assert len(calls) == 3
    first = answer.splitlines()[0]
    assert "3 times" in first and "58.50" in first and "MSCU-4401" not in first


def test_a_cards_meals_counted_and_added_across_day_files_in_chinese():
    days = {
        "2026-12-01.txt": "08:10 卡号 C-2231 早餐 6.50\n12:05 卡号 C-2213 午餐 15.00\n12:20 卡号 C-2231 午餐 18.00\n",
        "2026-12-02.txt": "12:11 卡号 C-3310 午餐 14.00\n",
        "2026-12-03.txt": "07:55 卡号 C-2231 早餐 5.00\n18:30 卡号 C-2231 晚餐 21.50\n",
    }
    reader = [tool("read_file", "读取一个流水文件的内容", {"path": {"type": "string"}})]
    _, [answer] = run(
        "看一下 2026-12-01.txt、2026-12-02.txt 和 2026-12-03.txt 这三个流水文件，卡号 C-2231 "
        "一共刷了几次卡？总共花了多少钱？",
        reader,
        {"read_file": lambda path: days[path.split("/")[-1]]},
    )
    first = answer.splitlines()[0]
    assert "4 次" in first and "51.00" in first


# ------------------------------------ parallel look-ups: each note its own entity's; the best


def test_the_best_rated_tutor_free_at_the_time_is_booked_not_the_one_whose_note_says_no():
    info = {
        "anna": {"tutor_id": "TU-31", "name": "Anna Berg", "rating": 4.7, "slots": ["16:00-19:00"]},
        "ben": {"tutor_id": "TU-44", "name": "Ben Okoro", "rating": 4.9, "slots": ["17:00-20:00"]},
        "chloe": {
            "tutor_id": "TU-58",
            "name": "Chloe Marsh",
            "rating": 5.0,
            "slots": ["09:00-12:00"],
            "remark": "no slots after noon",
        },
    }
    tools = [
        tool(
            "check_tutor",
            "Get a maths tutor's open slots and rating for a date (YYYY-MM-DD).",
            {"tutor_name": {"type": "string"}, "date": {"type": "string"}},
        ),
        tool(
            "book_session",
            "Book a tutoring session.",
            {
                "tutor_id": {"type": "string"},
                "date": {"type": "string"},
                "start_time": {"type": "string", "description": "HH:MM"},
                "minutes": {"type": "integer"},
                "student": {"type": "string"},
            },
            ["tutor_id", "date", "start_time", "minutes"],
        ),
    ]
    calls, [answer] = run(
        "Which of Anna, Ben and Chloe can tutor Leo on 2026-12-10 in the early evening for 60 "
        "minutes? Book whichever free one has the best rating, ideally around 6pm.",
        tools,
        {
            "check_tutor": lambda tutor_name, date: dict(
                info[tutor_name.split()[0].lower()], date=date
            ),
            "book_session": lambda **k: f"Booked session TS-9120 with {k['tutor_id']}.",
        },
    )
    booked = [a for n, a in calls if n == "book_session"]
    assert len(booked) == 1 and booked[0]["tutor_id"] == "TU-44"
    assert booked[0]["start_time"] == "18:00"
    assert "TS-9120" in answer and "did not call" not in answer


def test_the_seats_left_on_one_flight_are_its_total_minus_sold():
    flight = [
        tool("get_flight", "Get a flight's seat map summary.", {"flight_no": {"type": "string"}})
    ]
    summary = {"aircraft": "A320", "seats_total": 180, "seats_sold": 172, "status": "on time"}
    _, [answer] = run(
        "How many seats are still unsold on flight GX-881?",
        flight,
        {"get_flight": lambda flight_no: dict(summary, flight_no=flight_no)},
    )
    first = answer.splitlines()[0]
    assert first.startswith("GX-881") and "8 left" in first


def test_wines_under_their_par_in_a_nested_list_and_no_order_when_told_not_to():
    tools = [
        tool(
            "get_cellar",
            "Wine cellar stock for a restaurant.",
            {"restaurant_id": {"type": "string"}},
        ),
        tool(
            "order_wine",
            "Order bottles from the supplier.",
            {
                "restaurant_id": {"type": "string"},
                "wine": {"type": "string"},
                "bottles": {"type": "integer"},
            },
        ),
    ]
    cellar = [
        {"wine": "Rioja Crianza", "bottles": 4, "par": 12},
        {"wine": "Chablis", "bottles": 15, "par": 10},
        {"wine": "Barolo", "bottles": 2, "par": 6},
    ]
    calls, [answer] = run(
        "Which wines at restaurant RS-14 are under par? Don't order anything yet.",
        tools,
        {
            "get_cellar": lambda restaurant_id: {"restaurant_id": restaurant_id, "wines": cellar},
            "order_wine": lambda **k: "ordered",
        },
    )
    assert [c[0] for c in calls] == ["get_cellar"]
    first = answer.splitlines()[0]
    assert "Rioja Crianza" in first and "Barolo" in first and "Chablis" not in first
