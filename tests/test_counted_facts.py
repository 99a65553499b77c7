"""A count or total worked out of a listing's records (`sim/tally.py`, rules 3 and 4), through the
real SDK client: a value said as a verb's form ("how many failed" and result: fail), the longer
of two values said (不合格 holds 合格), a bound on a number ("above 25 degrees",
`sim/conditions.py`) and a bill's lines (quantity times price), each said with the records
counted."""

import json

from test_any_tools import ended, run, tool

CHECKS = tool("get_boiler_checks", "Results of this week's boiler safety checks.", {})
ROOMS = tool("server_room_temps", "Temperatures of the data centre's rooms.", {})
QC = tool("qc_batches", "查询今天各批次的质检结果（合格或不合格）", {})
BILL = tool("get_tab", "查询这桌当前的账单明细", {})


def _results(name, args):
    return json.dumps(
        {
            "get_boiler_checks": [
                {"unit": "B-1", "building": 3, "result": "pass"},
                {"unit": "B-2", "building": 4, "result": "fail"},
                {"unit": "B-3", "building": 7, "result": "pass"},
                {"unit": "B-4", "building": 9, "result": "fail"},
            ],
            "server_room_temps": {
                "rooms": [
                    {"room": "SR-1", "temp_c": 21.5},
                    {"room": "SR-2", "temp_c": 29.2},
                    {"room": "SR-3", "temp_c": 24.0},
                    {"room": "SR-4", "temp_c": 31.0},
                ]
            },
            "qc_batches": [
                {"批次": "L-201", "结果": "合格"},
                {"批次": "L-202", "结果": "不合格"},
                {"批次": "L-203", "结果": "合格"},
            ],
            "get_tab": {
                "lines": [
                    {"item": "羊肉串", "qty": 10, "price": 6},
                    {"item": "烤馕", "qty": 2, "price": 8.5},
                ]
            },
        }[name],
        ensure_ascii=False,
    )


def test_a_value_said_as_a_verbs_form_is_counted_with_its_records():
    t = run("How many boiler checks failed this week, and in which buildings?", [CHECKS], _results)
    first = t.answer.splitlines()[0]
    assert first.startswith("2 ") and "building 4" in first and "building 9" in first
    ended(t)


def test_a_number_bounded_by_the_question_counts_the_records_that_meet_it():
    t = run("How many server rooms are above 25 degrees?", [ROOMS], _results)
    first = t.answer.splitlines()[0]
    assert first.startswith("2 ") and "SR-2" in first and "SR-4" in first and "SR-3" not in first


def test_the_longer_value_said_is_the_one_counted():
    t = run("今天有几个批次不合格？", [QC], _results)
    first = t.answer.splitlines()[0]
    assert "1" in first and "L-202" in first and "L-201" not in first


def test_a_bills_total_is_quantity_times_price():
    t = run("我们这桌一共多少钱？", [BILL], _results)
    assert t.answer.splitlines()[0].startswith("一共是 77")


TRIPS = tool("list_boat_trips", "Boat trips on offer next week.", {})


def _trips(name, args):
    trips = [
        ("Mon", "09:00"),
        ("Wed", "10:00"),
        ("Wed", "14:00"),
        ("Sat", "11:00"),
        ("Wed", "16:30"),
    ]
    return json.dumps({"trips": [{"day": d, "departs": t, "boat": "Tern"} for d, t in trips]})


def test_which_value_of_a_key_has_the_most_records():
    t = run("Which day has the most boat trips next week?", [TRIPS], _trips)
    assert t.answer.splitlines()[0].startswith("The most frequent is Wed: 3 times.")
    t = run("下周哪天的游船最多？", [TRIPS], _trips)
    assert t.answer.splitlines()[0].startswith("出现最多的是 Wed：3 次。")


OVENS = tool("oven_temps", "Current temperatures of the bakery's ovens.", {})


def _ovens(name, args):
    return "Deck oven is at 245°C, the rotary oven is at 210°C and proofing cabinet is at 38°C."


def test_prose_that_states_one_amount_per_thing_is_a_list_of_records():
    t = run("Which oven is the hottest right now?", [OVENS], _ovens)
    assert t.answer.splitlines()[0].startswith("Deck oven has the hottest: 245 °C.")
    t = run("哪个烤箱现在温度最低？", [OVENS], _ovens)
    assert t.answer.splitlines()[0].startswith("最低的是 proofing cabinet：38 °C。")


AUDIT = tool(
    "hydrant_audit",
    "The latest hydrant audit of a district.",
    {"district": {"type": "string"}},
    ["district"],
)


def _audit(name, args):
    streets = [
        ("Mill Rd", [("H-11", "ok"), ("H-12", "leaking")]),
        ("Quay St", [("H-21", "ok")]),
        ("Elm Ave", [("H-31", "leaking"), ("H-32", "ok")]),
    ]
    return json.dumps(
        {
            "district": args["district"],
            "streets": [
                {"street": s, "hydrants": [{"id": h, "state": st} for h, st in hs]}
                for s, hs in streets
            ],
        }
    )


def test_records_nested_in_records_are_counted_with_their_outer_values():
    t = run("How many hydrants in district D-7 are leaking, and on which streets?", [AUDIT], _audit)
    first = t.answer.splitlines()[0]
    assert first.startswith("2 leaking in all:") and "Mill Rd" in first and "Elm Ave" in first
    assert "Quay St" not in first


ROOM_TEMP = tool(
    "room_temp", "Current reading of one server room.", {"room": {"type": "string"}}, ["room"]
)


def test_a_question_after_a_listed_colon_is_no_item_and_the_highest_is_named():
    temps = {"机房甲": 24.5, "机房乙": 27.9, "机房丙": 22.1}

    def read(name, args):
        return f"room: {args['room']}\ntemp_c: {temps[args['room']]}\nstatus: ok"

    t = run("三间机房：机房甲、机房乙、机房丙，现在哪间室温最高？", [ROOM_TEMP], read)
    assert sorted(a["room"] for _, a in t.calls[0]) == sorted(temps)
    assert "机房乙" in t.answer.splitlines()[0] and "27.9" in t.answer.splitlines()[0]


def test_a_margin_asked_against_the_other_end_is_not_the_lead_over_the_next():
    t = run(
        "Which oven is the hottest, and how many degrees more than the lowest one?", [OVENS], _ovens
    )
    assert "ahead of the next one" not in t.answer


DOMAIN = tool("domain_price", "Price of a domain name.", {"domain": {"type": "string"}}, ["domain"])


def test_records_named_by_a_domain_keep_its_ending():
    prices = {"tidepool.dev": 12.0, "tidepool.io": 35.0}

    def price(name, args):
        return json.dumps({"price_usd": prices[args["domain"]], "available": True})

    t = run(
        "Check the domain price of tidepool.dev and tidepool.io: which is the cheapest?",
        [DOMAIN],
        price,
    )
    first = t.answer.splitlines()[0]
    assert first.startswith("tidepool.dev") and "tidepool.io 35" in first
