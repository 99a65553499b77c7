"""Whether a thing comes by a day the user names (sim/lateness.py rule 4 `in_time`); a unit
after its number is no code ("20 GB": `arguments.code`); a Chinese label's code ends where the
Chinese resumes ("维修单R-3381能…": `arguments._label_value`); a bound of a number is no place
(以下: `arguments.ZH_NO_NAME`); a Chinese question's subject goes to the one tool taking a
place's name (`general._name_taker`, `_takes_a_name`)."""

from __future__ import annotations

from loops import converse, strings, tool


def test_an_expected_date_after_the_day_asked_is_no():
    t = tool("get_order_eta", "Shipping status of a furniture order", strings(order_ref="ref"))
    calls, finals = converse(
        "Order FN-2210: will the sofa be delivered by December 9?",
        [t],
        {
            "get_order_eta": lambda order_ref: {
                "status": "packed",
                "estimated_delivery": "2026-12-11",
            }
        },
    )
    assert calls == [("get_order_eta", {"order_ref": "FN-2210"})]
    assert finals[-1].startswith("No:") and "2026-12-11" in finals[-1]
    assert "2026-12-09" in finals[-1]


def test_a_date_said_in_prose_results_within_the_day_is_yes_in_chinese():
    t = tool("query_visa", "查询签证申请进度", strings(application="申请编号"))
    calls, finals = converse(
        "签证申请VA-5521能在12月20号之前出结果吗？",
        [t],
        {"query_visa": lambda application: "状态：审核中\n预计出结果：2026-12-16"},
    )
    assert calls == [("query_visa", {"application": "VA-5521"})]
    assert finals[-1].startswith("来得及") and "2026-12-16" in finals[-1]


def test_before_keeps_not_the_day_itself():
    t = tool("track_crate", "Where a shipping crate is", strings(crate="crate number"))
    calls, finals = converse(
        "Will crate 7741 arrive before December 8?",
        [t],
        {"track_crate": lambda crate: {"eta": "2026-12-08"}},
    )
    assert finals[-1].startswith("No:")


def test_a_unit_after_its_number_is_no_code_and_a_name_is_the_proper_name():
    t = tool(
        "list_boxes", "List the storage boxes a company rents", strings(company="company name")
    )
    calls, _ = converse(
        "Which Halvard boxes hold at least 40 KG?", [t], {"list_boxes": lambda company: []}
    )
    assert calls == [("list_boxes", {"company": "Halvard"})]


def test_a_chinese_subject_goes_to_the_one_tool_taking_a_place_name_and_no_bound_is_a_place():
    t = tool("list_stalls", "列出某个集市在营业的摊位", strings(market="集市所在区名"))
    calls, _ = converse("青石巷有没有20元以下的小吃摊？", [t], {"list_stalls": lambda market: []})
    assert calls == [("list_stalls", {"market": "青石巷"})]


def test_by_train_asks_by_no_day_and_an_echoed_date_decides_nothing():
    t = tool(
        "search_ferries",
        "Search ferry crossings between two ports on a date",
        strings(origin="port", destination="port", date="YYYY-MM-DD"),
    )
    calls, finals = converse(
        "I have to be in Bergen on December 10, coming from Stavanger by boat. Which ferry?",
        [t],
        {"search_ferries": lambda **k: {"date": k["date"], "crossings": [{"ferry": "MS Fjord"}]}},
    )
    assert calls == [
        ("search_ferries", {"origin": "Stavanger", "destination": "Bergen", "date": "2026-12-10"})
    ]
    assert not finals[-1].startswith(("Yes", "No"))


def test_a_single_unknown_word_opening_the_sentence_is_a_name():
    t = tool(
        "heal_character",
        "Heal a character in the party",
        {"character": {"type": "string"}, "points": {"type": "integer"}},
    )
    calls, _ = converse(
        "Thorvik the dwarf took a beating. Heal him for 12 points.",
        [t],
        {"heal_character": lambda **k: {"hp": 30}},
    )
    assert calls == [("heal_character", {"character": "Thorvik", "points": 12})]


def test_half_seven_in_the_evening_and_five_of_us_and_no_weekday_as_a_name():
    t = tool(
        "book_court",
        "Book a squash court",
        {
            "court": {"type": "string"},
            "date": {"type": "string", "description": "YYYY-MM-DD"},
            "start_time": {"type": "string", "description": "HH:MM 24h"},
            "players": {"type": "integer"},
        },
        ["date", "start_time", "players"],
    )
    calls, _ = converse(
        "There are four of us. Can we get a court Friday evening from half six?",
        [t],
        {"book_court": lambda **k: {"ref": "SQ-9"}},
    )
    assert calls == [("book_court", {"date": "2026-12-04", "start_time": "18:30", "players": 4})]
