"""Answers that make the judgement the question asks for, from the results: whether it is OK
against the user's own limit (`sim/facts.py` rules 8a-8c), which one to go for when some cannot
serve (`sim/records.py` rule 6), a comparison said with the question's own word and labels
(`sim/facts.py` rule 1), a picked record's keys as labels with units (`sim/records.py`), and a
line of `key=value` pairs said as labelled values (`sim/results.py` rule 2b). Programs through
the real SDK client, in this file's own domains."""

from loops import converse, strings, tool

HOURLY = tool(
    "get_hourly_outlook",
    "Hourly outlook for a town today: chance of rain in percent.",
    strings(town="Town name"),
)


def _outlook(town):
    return {
        "town": town,
        "hours": [
            {"hour": "09:00", "rain_pct": 70},
            {"hour": "13:00", "rain_pct": 20},
            {"hour": "16:00", "rain_pct": 55},
        ],
    }


def test_a_user_limit_crossed_answers_no_to_whether_it_is_ok():
    _, (answer,) = converse(
        "Is it OK to hang my laundry outside in Dunmore this afternoon? I don't bother when "
        "the chance of rain is above 40.",
        [HOURLY],
        {"get_hourly_outlook": _outlook},
    )
    first = answer.splitlines()[0]
    assert first.startswith("No:"), answer
    assert "55%" in first and "16:00" in first and "40" in first, answer  # the afternoon's top


def test_a_user_limit_kept_in_the_part_of_the_day_asked_is_a_yes():
    def outlook(town):
        data = _outlook(town)
        data["hours"][2]["rain_pct"] = 30  # the afternoon stays under; the morning's 70 is past
        return data

    _, (answer,) = converse(
        "Is it OK to hang my laundry outside in Dunmore this afternoon? I don't bother when "
        "the chance of rain is above 40.",
        [HOURLY],
        {"get_hourly_outlook": outlook},
    )
    assert answer.startswith("Yes:") and "30%" in answer.splitlines()[0], answer


def test_a_user_limit_in_chinese_is_a_no_with_the_reading_that_crosses_it():
    tide = tool("get_tide_levels", "查询某个码头今天逐时的潮位（米）", strings(pier="码头名称"))

    def levels(pier):
        return {"pier": pier, "readings": [{"time": "10:00", "level_m": 1.2},
                                           {"time": "14:00", "level_m": 2.6}]}  # fmt: skip

    _, (answer,) = converse(
        "下午我想在东堤码头下水划桨，潮位超过2米就太危险了，可以去吗？",
        [tide],
        {"get_tide_levels": levels},
    )
    assert answer.startswith("不行："), answer
    assert "2.6" in answer.splitlines()[0] and "14:00" in answer.splitlines()[0], answer


LIBRARY = tool(
    "get_branch_status",
    "Live status of a library branch: distance from the user and study rooms free.",
    strings(branch="Branch name"),
)
BRANCHES = {
    "Central": {"branch": "Central", "distance_km": 0.8, "study_rooms_free": 0},
    "Riverside": {"branch": "Riverside", "distance_km": 2.5, "study_rooms_free": 2},
    "Hillcrest": {"branch": "Hillcrest", "distance_km": 1.9, "study_rooms_free": 1},
}


def test_which_one_to_go_to_is_the_nearest_that_can_serve():
    _, (answer,) = converse(
        "Which branch should I go to, Central, Riverside or Hillcrest? I need a study room.",
        [LIBRARY],
        {"get_branch_status": lambda branch: BRANCHES[branch]},
    )
    first = answer.splitlines()[0]
    assert first.startswith("Go for Hillcrest"), answer  # Central is nearer, with no room free
    assert "Central won't do: study rooms free: 0." in first, answer


def test_which_one_to_go_to_in_chinese_skips_the_one_that_cannot():
    pile = tool(
        "get_charger_status",
        "查询一个充电站的空闲充电桩数量和距离",
        strings(station_id="充电站编号，例如 C-01"),
    )
    free = {
        "C-01": {"station_id": "C-01", "free_piles": 0, "distance_km": 0.5},
        "C-02": {"station_id": "C-02", "free_piles": 3, "distance_km": 1.5},
        "C-03": {"station_id": "C-03", "free_piles": 2, "distance_km": 1.1},
    }
    _, (answer,) = converse(
        "C-01、C-02、C-03 这三个充电站，我应该去哪个？",
        [pile],
        {"get_charger_status": lambda station_id: free[station_id]},
    )
    first = answer.splitlines()[0]
    assert first.startswith("建议选 C-03（能用的里最近的）"), answer
    assert "C-01 不行" in first, answer


def test_a_comparison_says_the_question_s_own_word_and_labelled_values():
    lake = tool("get_lake_reading", "Today's water reading of a lake.", strings(lake=None))
    temps = {"Loch Arn": {"lake": "Loch Arn", "water_temp_c": 11.5, "ph": 7.1},
             "Loch Beg": {"lake": "Loch Beg", "water_temp_c": 9.0, "ph": 7.4}}  # fmt: skip
    _, (answer,) = converse(
        "Which is colder today, Loch Arn or Loch Beg?",
        [lake],
        {"get_lake_reading": lambda lake: temps[lake]},
    )
    assert answer.startswith("Loch Beg is colder: water temperature 9°C (Loch Arn 11.5°C)."), answer


def test_a_total_against_the_user_s_budget_leads_with_no():
    fee = tool(
        "get_workshop_fee", "The fee of one craft workshop.", strings(workshop_id="like W-1")
    )
    fees = {"W-1": 80, "W-2": 65, "W-3": 70}
    _, (answer,) = converse(
        "What do workshops W-1, W-2 and W-3 cost in total? My budget is 200, is that enough?",
        [fee],
        {"get_workshop_fee": lambda workshop_id: {"fee_eur": fees[workshop_id]}},
    )
    assert answer.startswith("No: the total is 215 EUR, over your limit of 200."), answer


def test_a_picked_record_is_said_with_labels_and_units():
    hall = tool("get_hall_quote", "A quote for hiring a hall.", strings(hall=None))
    quotes = {"Elmfield": {"hall": "Elmfield", "price_eur": 340, "seats": 120},
              "Northgate": {"hall": "Northgate", "price_eur": 295, "seats": 90}}  # fmt: skip
    _, (answer,) = converse(
        "Which hall is the cheapest, Elmfield or Northgate?",
        [hall],
        {"get_hall_quote": lambda hall: quotes[hall]},
    )
    assert "Northgate has the cheapest price: 295 EUR (seats: 90)." in answer, answer
    assert "price_eur" not in answer, answer


def test_key_value_pairs_on_one_line_are_said_as_labelled_values():
    vet = tool(
        "book_vet_visit",
        "Book a visit at the vet.",
        strings(pet="Pet's name", vet="Vet's name", slot="HH:MM"),
    )
    _, (answer,) = converse(
        "Book Biscuit in with Dr Okafor at 10:30.",
        [vet],
        {"book_vet_visit": lambda pet, vet, slot: f"ok ref=VT-3390 pet={pet} slot={slot}"},
    )
    assert "- Ref: VT-3390" in answer and "- Slot: 10:30" in answer, answer
    assert "ref=" not in answer, answer


UNITTEST_OUT = """..F.E.
======================================================================
FAIL: test_shelf_capacity (test_shelves.ShelfTests)
----------------------------------------------------------------------
AssertionError: 12 != 10
======================================================================
ERROR: test_label_print (test_labels.LabelTests)
----------------------------------------------------------------------
KeyError: 'printer'
----------------------------------------------------------------------
Ran 6 tests in 0.012s

FAILED (failures=1, errors=1)
"""


def test_a_test_run_is_said_as_its_verdict_and_the_failed_tests():
    check = tool(
        "run_checks", "Run the warehouse app's unit tests and return the runner's output.", {}
    )
    _, (answer,) = converse(
        "Run the unit tests and tell me if everything passes.",
        [check],
        {"run_checks": lambda: UNITTEST_OUT},
    )
    lines = answer.splitlines()
    assert lines[0] == "Not all tests passed: 4 passed, 1 failed, 1 error.", answer
    assert "- test_shelf_capacity (test_shelves.ShelfTests)" in lines, answer
    assert "=====" not in answer, answer


def test_a_chain_s_answer_names_the_user_s_word_not_the_id_an_earlier_result_fed():
    area = tool(
        "find_catchment", "Find the school catchment id of a street address.", strings(address=None)
    )
    bus = tool(
        "get_catchment_transport",
        "School transport offered in a catchment, by catchment id.",
        strings(catchment_id="catchment id like CA-7"),
    )
    handlers = {
        "find_catchment": lambda address: {"address": address, "catchment_id": "CA-7"},
        "get_catchment_transport": lambda catchment_id: {
            "catchment_id": catchment_id,
            "free_bus": False,
            "paid_bus": True,
        },  # fmt: skip
    }
    calls, (answer,) = converse(
        "Find the catchment for 14 Mill Lane, then get that catchment's school transport. "
        "Is a free bus offered?",
        [area, bus],
        handlers,
    )
    assert [n for n, _ in calls] == ["find_catchment", "get_catchment_transport"], calls
    assert answer.startswith("No: for 14 Mill Lane, free bus is no."), answer
    assert "CA-7" not in answer, answer
