"""The final answer answers (round 19): a question of whether, which, how many or what in total
is answered from the results' figures, the verdict first, then the figures that give it, never a
dump of the fields: the records past their own ceiling or due reading, with the margin; a listing
of entries named by codes answers "is there ...?" yes, never "there is none"; a ceiling said as a
comparison said no to ("can't spend more than") fills a max_* input; whether a thing gets there
within the days asked at its daily rate, a further wait counted; what a party's tickets come to
from prices by kind of person."""

from __future__ import annotations

from loops import converse, strings, tool

NONE: dict[str, object] = {"type": "object", "properties": {}}


def _one(name: str, description: str, result: object, props: dict | None = None) -> tuple:
    t = tool(name, description, props or {})
    return t, {name: lambda **k: result}


def test_which_are_overdue_are_the_records_past_their_own_due_reading_with_the_margin():
    t, h = _one(
        "list_aircraft_hours",
        "Each aircraft with its flight hours and the hours at which its next inspection is due.",
        [
            {"tail": "N-301", "hours_flown": 4210, "inspection_due_hours": 4000},
            {"tail": "N-317", "hours_flown": 3900, "inspection_due_hours": 4100},
            {"tail": "N-322", "hours_flown": 5120, "inspection_due_hours": 5100},
        ],
    )
    _, finals = converse("Which aircraft are overdue for inspection?", [t], h)
    first = finals[-1].splitlines()[0]
    assert first.startswith("2 above") and "N-301" in first and "by 210" in first
    assert "N-322" in first and "by 20" in first and "N-317" not in finals[-1]


def test_which_are_over_a_rated_ceiling_in_chinese():
    t, h = _one(
        "list_lifts",
        "列出各部电梯当前载重和额定载重（公斤）。",
        [
            {"电梯": "东1号梯", "当前载重": 980, "额定载重": 1000},
            {"电梯": "西2号梯", "当前载重": 1150, "额定载重": 1000},
        ],
    )
    _, finals = converse("哪部电梯超过额定载重了？", [t], h)
    assert finals[-1].startswith("超过各自") and "西2号梯" in finals[-1] and "差150" in finals[-1]
    assert "东1号梯" not in finals[-1]


def test_a_listing_of_coded_entries_answers_is_there_yes():
    seats = tool("list_free_seats", "查询自习室某天空闲的座位。", strings(date="YYYY-MM-DD"))
    result = {"free": [{"seat": "S-12", "from": "08:00"}, {"seat": "S-19", "from": "10:00"}]}
    _, finals = converse(
        "明天上午自习室还有座位吗？", [seats], {"list_free_seats": lambda **k: result}
    )
    assert finals[-1].startswith("有") and "没有" not in finals[-1]
    assert "S-12" in finals[-1] and "S-19" in finals[-1]


def test_a_comparison_said_no_to_fills_the_ceiling_input():
    cars = tool(
        "search_used_cars",
        "Search used cars for sale.",
        {"city": {"type": "string"}, "max_price": {"type": "integer", "description": "USD"}},
        ["city"],
    )
    calls, _ = converse(
        "Find me a used car in Denver, we can't spend more than eighteen thousand.",
        [cars],
        {"search_used_cars": lambda **k: {"cars": []}},
    )
    assert calls[0] == ("search_used_cars", {"city": "Denver", "max_price": 18000})


def test_within_days_at_a_daily_rate_is_yes_or_no_first():
    t, h = _one(
        "get_translation_job",
        "Progress of a translation job.",
        {"job": "TR-88", "words_remaining": 9000, "words_per_day": 2000},
        strings(job=None),
    )
    _, finals = converse("Will translation job TR-88 be finished within 6 days?", [t], h)
    assert finals[-1].startswith("Yes: it takes about 4.5 days") and "1.5 to spare" in finals[-1]


def test_a_further_wait_a_note_says_is_counted():
    t, h = _one(
        "get_floor_job",
        "Status of a floor varnishing job.",
        "Coats applied: 1\nCoats remaining: 2\nCoats per day: 1\nNote: then let it cure for 2 days before use",
        strings(job=None),
    )
    _, finals = converse("Will floor job FJ-2 be usable in 3 days?", [t], h)
    assert finals[-1].startswith("No: it takes about 4 days, 1 more than the 3 days")


def test_within_days_in_chinese():
    t, h = _one(
        "get_print_queue",
        "查询3D打印农场的打印队列。",
        {"待打印件数": 130, "每天产能": 24},
    )
    _, finals = converse("打印队列5天之内能清空吗？", [t], h)
    assert finals[-1].startswith("不能：大约需要 5.42 天")


def test_a_party_is_priced_by_kind_and_age():
    t, h = _one(
        "get_lift_pass_prices",
        "Day lift pass prices by kind of skier (EUR).",
        [
            {"pass": "Adult", "price": 54},
            {"pass": "Child (6-15)", "price": 31},
            {"pass": "Child under 6", "price": 0},
        ],
    )
    _, finals = converse(
        "Three adults and a child aged 9: what do the lift passes come to in total?", [t], h
    )
    assert finals[-1].startswith("In total 193:") and "1 × Child (6-15) 31" in finals[-1]


def test_a_party_is_priced_in_chinese_from_text_lines():
    t, h = _one("get_pool_prices", "游泳馆票价。", "成人：45元\n老人（60岁以上）：20元\n儿童：25元")
    _, finals = converse("我们两个大人一个老人去游泳，票一共多少钱？", [t], h)
    assert finals[-1].startswith("一共 110 元") and "2 × 成人 45 元 = 90 元" in finals[-1]


def test_a_follow_up_picks_the_entry_that_starts_at_the_time_it_says():
    slots = tool("list_massage_slots", "查询某天可约的按摩时段。", strings(date="YYYY-MM-DD"))
    book = tool(
        "book_massage",
        "预约按摩。",
        {"slot_id": {"type": "string"}, "customer": {"type": "string"}},
    )
    listing = {
        "slots": [
            {"slot_id": "MS-1", "start": "13:00", "end": "14:00"},
            {"slot_id": "MS-2", "start": "14:00", "end": "15:00"},
        ]
    }
    calls, _ = converse(
        ["2027-01-15 还有按摩时段吗？", "那就约下午两点那个，名字写王芳。"],
        [slots, book],
        {"list_massage_slots": lambda **k: listing, "book_massage": lambda **k: {"ok": True}},
    )
    assert calls[-1] == ("book_massage", {"slot_id": "MS-2", "customer": "王芳"})


def test_a_listing_is_quoted_within_the_bound_its_call_was_given():
    jobs = tool(
        "search_jobs",
        "Search job adverts.",
        {"city": {"type": "string"}, "min_salary": {"type": "integer", "description": "GBP"}},
        ["city"],
    )
    found = {
        "count": 3,
        "jobs": [
            {"ref": "J-11", "title": "Data analyst", "salary": 28000},
            {"ref": "J-12", "title": "Site engineer", "salary": 32000},
            {"ref": "J-13", "title": "Pharmacist", "salary": 41000},
        ],
    }
    calls, finals = converse(
        "Any jobs in Leeds? It must pay at least thirty thousand.",
        [jobs],
        {"search_jobs": lambda **k: found},
    )
    assert calls == [("search_jobs", {"city": "Leeds", "min_salary": 30000})]
    assert "J-12" in finals[-1] and "J-13" in finals[-1] and "J-11" not in finals[-1]
    assert "1 more left out" in finals[-1]
