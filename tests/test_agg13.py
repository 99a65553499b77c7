"""Filters and aggregation honour the question's constraints, and a forbidden act is not made
(round 13, `sim/records.py`, `sim/pick.py`, `sim/conditions.py`, `sim/general.py`): the cheapest
with places left is never a full entry (a table's "0" says it is full); "remaining this month"
counts only entries from today on; a two-part question has each part's record said ("fullest in
percent, and the most in absolute terms"); "先别帮我订", "别下单", "don't reserve" take no tool
whose name carries that act. Programs through the real SDK client, in this file's own domains,
in Chinese and English."""

import pytest
from loops import converse, strings, tool

# ------------------------------------------------- the cheapest among those that can be had

POTTERY = [
    tool(
        "list_pottery_classes", "List pottery classes on a day, as CSV.", strings(date="YYYY-MM-DD")
    ),
    tool(
        "book_pottery_class",
        "Book a place in a pottery class.",
        strings(class_id=None, student_name=None),
    ),
]
POTTERY_CSV = (
    "class_id,start,tutor,price_cny,places_left\n"
    "PC-11,10:00,王老师,280,3\n"
    "PC-12,14:00,Maya R.,190,0\n"
    "PC-13,19:00,陈老师,230,6\n"
)


def test_the_cheapest_class_with_places_is_not_the_full_one_zh():
    calls, (answer,) = converse(
        "2027年1月9日有哪些陶艺课？还有名额的里面哪个最便宜？先别帮我订。",
        POTTERY,
        {"list_pottery_classes": lambda date: POTTERY_CSV, "book_pottery_class": None},
    )
    assert [c[0] for c in calls] == ["list_pottery_classes"]
    first = answer.splitlines()[0]
    assert "PC-13" in first and "230" in first and "PC-12" not in first
    assert "student_name" not in answer  # (no asking for a booking's values)


FERRIES = [
    tool("list_crossings", "List ferry crossings for a day, as CSV.", strings(date="YYYY-MM-DD")),
]
FERRY_CSV = (
    "crossing,departs,fare_eur,spaces_left\n"
    "F1,07:15,48,12\nF2,11:40,39,0\nF3,16:05,44,5\nF4,20:30,52,9\n"
)


def test_the_cheapest_crossing_with_spaces_left_en():
    calls, (answer,) = converse(
        "Which ferry crossing on 2027-01-09 is the cheapest that still has spaces?",
        FERRIES,
        {"list_crossings": lambda date: FERRY_CSV},
    )
    assert calls == [("list_crossings", {"date": "2027-01-09"})]
    first = answer.splitlines()[0]
    assert "F3" in first and "44" in first and "F2" not in first


# ------------------------------------------------------------ a negative instruction forbids

VANS = [
    tool(
        "quote_truck",
        "搬家货车（含司机）租用报价。",
        {
            **strings(origin=None, destination=None, date="YYYY-MM-DD"),
            "helpers": {"type": "integer"},
        },
    ),
    tool("book_truck", "预订一辆已报价的搬家货车。", strings(quote_id=None)),
]
VAN_QUOTE = {"quote_id": "VQ-3391", "price": {"amount": 1650, "currency": "CNY"}, "hours": 6}


@pytest.mark.parametrize(
    "said",
    [
        "2027年1月15日从苏州到无锡包一辆货车搬家，要2个搬运工。先报价，别下单。",
        "帮我报个价：2027年1月15日从苏州到无锡包一辆货车，2个搬运工。先别帮我订。",
    ],
)
def test_a_quote_only_request_books_nothing_zh(said):
    booked = []
    calls, (answer,) = converse(
        said,
        VANS,
        {
            "quote_truck": lambda **k: VAN_QUOTE,
            "book_truck": lambda quote_id: booked.append(quote_id) or {"ok": True},
        },
    )
    assert [c[0] for c in calls] == ["quote_truck"] and not booked
    assert "1650" in answer


TABLES = [
    tool(
        "quote_marquee",
        "Quote a marquee for an outdoor event.",
        {**strings(venue=None, date="YYYY-MM-DD"), "guests": {"type": "integer"}},
    ),
    tool("book_marquee", "Book a quoted marquee.", strings(quote_id=None)),
]


def test_dont_reserve_takes_no_booking_tool_en():
    calls, (answer,) = converse(
        "Quote me a marquee for 80 guests at Hollins Farm on 2027-06-12, but don't reserve it yet.",
        TABLES,
        {
            "quote_marquee": lambda **k: {"quote_id": "MQ-17", "price_gbp": 2400},
            "book_marquee": lambda quote_id: {"ok": True},
        },
    )
    assert [c[0] for c in calls] == ["quote_marquee"]
    assert "2400" in answer


# ------------------------------------------------------------------ from today on, counted

TALKS = [tool("list_talks", "List the planetarium's talks in a month.", strings(month="YYYY-MM"))]
TALKS_JSON = [
    {"talk_id": "T-1", "date": "2027-01-04", "topic": "土星环", "price_cny": 40},
    {"talk_id": "T-2", "date": "2027-01-12", "topic": "黑洞", "price_cny": 90},
    {"talk_id": "T-3", "date": "2027-01-16", "topic": "极光", "price_cny": 55},
    {"talk_id": "T-4", "date": "2027-01-23", "topic": "彗星", "price_cny": 30},
]


@pytest.mark.parametrize(
    "said",
    [
        "2027年1月接下来还剩几场天文讲座的票价低于60元？分别是哪天？",
        "How many talks are remaining in 2027-01 that cost under 60 yuan?",
    ],
)
def test_remaining_counts_only_entries_from_today_on(monkeypatch, said):
    monkeypatch.setenv("AGENTKIT_TODAY", "2027-01-09")
    calls, (answer,) = converse(said, TALKS, {"list_talks": lambda month: TALKS_JSON})
    assert calls == [("list_talks", {"month": "2027-01"})]
    first = answer.splitlines()[0]
    assert "2" in first and "T-3" in first and "T-4" in first and "T-1" not in first


# ------------------------------------------------------ a two-part question, both answered

SILOS = [
    tool("get_grain_silos", "Fill levels of a farm's grain silos, as CSV.", strings(farm=None))
]
SILOS_CSV = (
    "silo,capacity_tonnes,current_tonnes,percent_full\n"
    "North,400,300,75.0\nEast,120,114,95.0\nWest,250,100,40.0\n"
)


def test_fullest_in_percent_and_most_in_absolute_terms_are_both_said():
    calls, (answer,) = converse(
        "On Brook Farm, which grain silo is the fullest in percent, and which one holds the most "
        "grain in absolute terms?",
        SILOS,
        {"get_grain_silos": lambda farm: SILOS_CSV},
    )
    assert calls == [("get_grain_silos", {"farm": "Brook Farm"})]
    lines = answer.splitlines()
    assert "East" in lines[0] and "95" in lines[0]
    assert lines[1].startswith("North") and "300" in lines[1]


# ------------------------------------------------ the entry asked for, not a file's sum

KILN_LOGS = {
    "kilns/kiln_1.log": "2027-01-04 firing=F-118 glaze=celadon peak_c=1238\n"
    "2027-01-05 firing=F-119 glaze=tenmoku peak_c=1251\n"
    "2027-01-06 firing=F-120 glaze=shino peak_c=1244\n",
    "kilns/kiln_2.log": "2027-01-04 firing=F-201 glaze=celadon peak_c=1262\n"
    "2027-01-06 firing=F-202 glaze=ash peak_c=1229\n",
}
READER = [tool("read_file", "Read a text file and return its contents.", strings(path=None))]


def test_the_highest_entry_across_logs_is_one_line_not_a_files_total():
    calls, (answer,) = converse(
        "Read kilns/kiln_1.log and kilns/kiln_2.log. Which firing reached the highest peak_c, "
        "and in which kiln?",
        READER,
        {"read_file": lambda path: KILN_LOGS[path]},
    )
    assert sorted(c[1]["path"] for c in calls) == sorted(KILN_LOGS)
    first = answer.splitlines()[0]
    assert "F-201" in first and "1262" in first and "kiln_2" in first
    assert "added up" not in answer


# ------------------------------------------------ what is wrong in a table: clashes, gaps

ROTA = {
    "rota.csv": "day,slot,volunteer\n1,1,Ines\n1,2,Rafael\n1,3,Bo\n2,1,Kemal\n2,3,Noor\n2,3,Yusuf\n"
}


def test_two_rows_in_one_slot_and_the_empty_slot_are_named_en():
    calls, (answer,) = converse(
        "Read rota.csv and tell me what's wrong: is any slot shared by two volunteers, and is "
        "any slot left empty?",
        READER,
        {"read_file": lambda path: ROTA[path]},
    )
    assert calls == [("read_file", {"path": "rota.csv"})]
    first = answer.splitlines()[0]
    assert "day 2, slot 3" in first and "Noor" in first and "Yusuf" in first
    assert "day 2, slot 2" in answer


def test_a_clash_in_a_table_is_named_zh():
    calls, (answer,) = converse(
        "看一下 rota.csv，有没有同一个时段排了两个人的冲突？",
        READER,
        {"read_file": lambda path: ROTA[path]},
    )
    assert calls == [("read_file", {"path": "rota.csv"})]
    assert "冲突" in answer.splitlines()[0] and "Noor" in answer and "Yusuf" in answer


ROTA_AUDITOR = (
    "You are a Claude agent, built on Anthropic's Claude Agent SDK.\n"
    "You audit volunteer rota CSVs. Report every slot two volunteers share, and any slot left "
    "empty.\n\nMessages from the agent that launched you direct your work.\n"
    "Primary working directory: /srv/work\n"
)


def test_a_subagent_told_to_report_clashes_names_them_not_the_file():
    from tests.test_any_tools import ended, run
    from tests.test_sdk10 import cli, disk

    t = run(
        "Check rota.csv and tell me what's wrong with it.",
        cli("Read", "Grep"),
        disk(ROTA),
        system=ROTA_AUDITOR,
    )
    ended(t)
    assert t.calls[0] == [("Read", {"file_path": "/srv/work/rota.csv"})]
    lines = t.answer.splitlines()
    assert "day 2, slot 3" in lines[0] and "Noor" in lines[0] and "Yusuf" in lines[0]
    assert lines[1] == "Left empty: day 2, slot 2."
