"""The answer states the fact asked from the data fetched, not a dump nor another field (issue 33):
an act that went through is said done with its confirmation's values, a count of the records of a
kind with each of them, the entry worst or best for a plan outdoors by the weather that spoils it,
a table's rows counted without its header, and the duplicates in a table. Domains and wordings of
our own, through the real SDK client."""

import pytest
from test_second_act import run, tool  # the same agent loop and tool helper
from test_written_results import Disk  # a folder of files for Glob, Grep and Read

from tests.test_any_tools import GLOB, GREP, READER
from tests.test_any_tools import run as run_sdk

# ------------------------------------------------------------------ an act's confirmation

KAYAK = tool(
    "reserve_kayak",
    "Reserve a kayak at one of our lake bases for a day.",
    {
        "base": {"type": "string", "description": "Lake base, e.g. Lakeside"},
        "date": {"type": "string", "description": "Day, YYYY-MM-DD"},
        "kayak_type": {"type": "string", "enum": ["single", "tandem"]},
    },
    ["base", "date", "kayak_type"],
)


def test_an_act_after_a_transient_failure_is_said_done_with_its_confirmation():
    tries = []

    def kayaks(name, args):
        tries.append(args)
        if len(tries) == 1:
            raise TimeoutError("Reservation backend timed out, please try again")
        return {
            "confirmation": "KY-2291",
            "base": args["base"],
            "kayak": "T-7",
            "price": "EUR 35.00",
        }

    calls, answer = run(
        "Could you reserve a tandem kayak at Lakeside for 2027-05-08?",
        [KAYAK],
        kayaks,
        system="You take bookings for Paddle North. Today is 2027-05-01.",
    )
    assert [n for n, _ in calls] == ["reserve_kayak", "reserve_kayak"]
    assert "KY-2291" in answer and "EUR 35.00" in answer and "Reserved the kayak:" in answer
    assert not answer.startswith("For Lakeside, kayak is")


def test_an_act_after_a_look_up_leads_the_answer_with_its_confirmation():
    tools = [
        tool(
            "search_scores",
            "Search the music library's sheet music by title.",
            {"title": {"type": "string"}},
            ["title"],
        ),
        tool(
            "reserve_copy",
            "Reserve a copy of a score for a member.",
            {"copy_id": {"type": "string"}, "member_id": {"type": "string"}},
            ["copy_id", "member_id"],
        ),
    ]

    def library(name, args):
        if name == "search_scores":
            return {"results": [{"copy_id": "SC-22", "title": "Messiah", "status": "available"}]}
        return {
            "reservation": "RV-310",
            "copy_id": args["copy_id"],
            "pickup_by": "2027-02-03 17:00",
        }

    calls, answer = run(
        "My member number is M-5521. Could you reserve a copy of Messiah for me?", tools, library
    )
    assert [n for n, _ in calls] == ["search_scores", "reserve_copy"]
    assert answer.startswith("Reserved the copy:\n- Reservation: RV-310")
    assert "2027-02-03 17:00" in "\n".join(answer.splitlines()[:4])  # (in the act's lines)


ROOM = tool(
    "book_meeting_room",
    "预订会议室。",
    {
        "floor": {"type": "integer", "description": "楼层"},
        "date": {"type": "string", "description": "日期，YYYY-MM-DD"},
    },
    ["floor", "date"],
)


def test_an_act_ordered_politely_in_chinese_gives_its_whole_confirmation():
    def rooms(name, args):
        return {"确认号": "MR-5521", "会议室": "3-02", "费用": "¥120"}

    calls, answer = run(
        "可以帮我订一间 2027-06-04 三楼的会议室吗？",
        [ROOM],
        rooms,
        system="你是共享办公的前台助手，今天是2027年6月1日。",
    )
    assert [n for n, _ in calls] == ["book_meeting_room"]
    assert "MR-5521" in answer and "¥120" in answer and "已为你" in answer


# ------------------------------------------------------------------ a count of a kind

GROOMING = tool(
    "list_grooming",
    "List the grooming appointments of a day.",
    {"date": {"type": "string", "description": "YYYY-MM-DD"}},
    ["date"],
)
SLOTS = [
    {"time": "09:00", "animal": "cat", "name": "Mochi"},
    {"time": "10:30", "animal": "dog", "name": "Rex"},
    {"time": "13:00", "animal": "rabbit", "name": "Bun"},
    {"time": "15:45", "animal": "dog", "name": "Pepper"},
]


def test_how_many_records_of_a_kind_are_counted_and_each_said():
    calls, answer = run(
        "How many dogs are booked for grooming on 2027-04-09, and at what times?",
        [GROOMING],
        lambda name, args: {"date": args["date"], "appointments": SLOTS},
    )
    first = answer.splitlines()[0]
    assert first.startswith("2 dogs in all")
    assert "10:30" in first and "15:45" in first and "09:00" not in first


DELIVERIES = tool(
    "list_deliveries",
    "列出某天的进场车辆预约。",
    {"date": {"type": "string", "description": "日期，YYYY-MM-DD"}},
    ["date"],
)


def test_how_many_records_of_a_kind_in_chinese():
    trucks = [
        {"时间": "07:30", "车型": "货车", "车牌": "苏A-1234"},
        {"时间": "08:00", "车型": "轿车", "车牌": "苏B-5678"},
        {"时间": "13:20", "车型": "货车", "车牌": "苏C-9012"},
    ]
    calls, answer = run(
        "2027-03-17 一共有几辆货车要进场？分别几点？",
        [DELIVERIES],
        lambda name, args: {"date": args["date"], "车辆": trucks},
    )
    first = answer.splitlines()[0]
    assert first.startswith("一共 2 辆货车")
    assert "07:30" in first and "13:20" in first and "08:00" not in first


# ------------------------------------------------------------------ worst / best for a plan

FORECAST = tool(
    "get_forecast",
    "Daily forecast for a place.",
    {"place": {"type": "string"}, "days": {"type": "integer"}},
    ["place", "days"],
)


def test_the_best_day_for_a_plan_outdoors_is_the_one_with_the_least_rain():
    days = [
        {"date": "2027-04-10", "outlook": "showers", "wind_kmh": 20, "rain_mm": 6.5},
        {"date": "2027-04-11", "outlook": "dry, light breeze", "wind_kmh": 8, "rain_mm": 0.2},
        {"date": "2027-04-12", "outlook": "rain", "wind_kmh": 25, "rain_mm": 14.0},
    ]
    calls, answer = run(
        "What's the forecast for Appleby for the next three days? Which day is best for spraying the orchard?",
        [FORECAST],
        lambda name, args: {"place": args["place"], "daily": days},
    )
    first = answer.splitlines()[0]
    assert "best" in first and "2027-04-11" in first and "2027-04-10" not in first


def test_the_worst_day_in_chinese_is_the_one_with_the_most_rain():
    days = [
        {"日期": "2027-04-10", "天气": "多云", "降水毫米": 0.0},
        {"日期": "2027-04-11", "天气": "大雨", "降水毫米": 18.0},
        {"日期": "2027-04-12", "天气": "小雨", "降水毫米": 3.0},
    ]
    calls, answer = run(
        "查一下杭州接下来三天的天气，哪天最不适合晒被子？",
        [FORECAST],
        lambda name, args: {"地点": args["place"], "预报": days},
    )
    first = answer.splitlines()[0]
    assert "2027-04-11" in first and "最不合适" in first and "大雨" in first


# ------------------------------------------------------------------ a table's rows

SHELL = tool(
    "run_command",
    "Run a shell command in the project directory and return its output.",
    {"command": {"type": "string", "description": "The command line"}},
    ["command"],
)
READ = tool(
    "read_file",
    "Read a text file and return its contents.",
    {"path": {"type": "string", "description": "Path of the file"}},
    ["path"],
)
STOCK = "sku,product,qty\nA1,oat milk,12\nA2,rye bread,4\nA3,goat cheese,9\n"


def test_a_line_count_of_a_file_with_a_header_is_one_more_than_its_rows():
    def shell(name, args):
        assert args["command"].startswith("wc -l")
        return "4 stock.csv"

    calls, answer = run(
        "Use wc to count the lines in stock.csv, then tell me how many products are listed "
        "(the first line is a header).",
        [SHELL],
        shell,
    )
    assert calls[0][0] == "run_command"
    assert answer.splitlines()[0].startswith("3 products")


def test_the_rows_of_a_table_read_are_counted_without_its_header_in_chinese():
    text = "商品,数量\n燕麦奶,12\n黑麦面包,4\n山羊奶酪,9\n蜂蜜,2\n"
    calls, answer = run("看看 库存.csv，一共有几种商品？", [READ], lambda name, args: text)
    assert calls == [("read_file", {"path": "库存.csv"})]
    assert answer.splitlines()[0].startswith("一共 4 种商品")


def test_a_count_with_a_condition_is_no_count_of_every_row():
    calls, answer = run(
        "How many products in stock.csv have a qty under 10?", [READ], lambda name, args: STOCK
    )
    assert not answer.startswith("3 products")


# ------------------------------------------------------------------ duplicates in a table


def test_the_duplicated_rows_of_a_table_are_named_without_case():
    roster = (
        "player,email,shirt\nLena Voss,lena@club.example,7\nOmar Said,omar@club.example,9\n"
        "Kai Berg,kai@club.example,4\nLena Voss,LENA@club.example ,11\n"
    )
    calls, answer = run(
        "Check roster.csv for duplicate players and tell me who is duplicated.",
        [READ],
        lambda name, args: roster,
    )
    first = answer.splitlines()[0]
    assert first.startswith("Lena Voss is duplicated in roster.csv") and "lines 2, 5" in first
    assert "Omar" not in first


def test_no_duplicates_in_chinese():
    members = "姓名,手机\n陈晓,13800000001\n林涛,13800000002\n"
    calls, answer = run("看看 会员.csv 里有没有重复的会员？", [READ], lambda name, args: members)
    assert answer.splitlines()[0] == "会员.csv 里没有重复的记录。"


# ------------------------------------------------------------------ files of a kind, and which one


GARDEN = {
    "garden/april.md": "# April\n- sow beans\n- turn the compost heap\n",
    "garden/may.md": "# May\n- plant out tomatoes\n",
    "garden/old/2026.md": "# 2026\n- new shed\n",
    "garden/shopping.txt": "compost bags x4, twine\n",
}


@pytest.mark.parametrize(
    "prompt",
    [
        "How many markdown files are there in garden/, subfolders included? Which one mentions compost?",
        "garden 目录（包括子目录）下一共有几个 markdown 文件？其中哪一篇提到了 compost？",
    ],
)
def test_files_of_a_kind_are_counted_and_the_one_that_mentions_a_text_is_among_them(prompt):
    t = run_sdk(prompt, [GLOB, GREP, READER], Disk(GARDEN))
    assert ("Glob", {"pattern": "**/*.md", "path": "garden"}) in t.calls[0] or (
        "Glob",
        {"pattern": "garden/**/*.md"},
    ) in t.calls[0]
    answer = t.replies[-1].content[0].text
    first, second = answer.splitlines()[:2]
    assert "3" in first and "april.md" in first and "2026.md" in first
    assert "shopping.txt" not in first
    assert "april.md" in second and "shopping.txt" not in second


# ------------------------------------------------------------------ a total stated, not asked

TABLE = tool(
    "reserve_table",
    "Reserve a table at the restaurant.",
    {"date": {"type": "string", "description": "YYYY-MM-DD"}, "party_size": {"type": "integer"}},
    ["date", "party_size"],
)


@pytest.mark.parametrize(
    "prompt",
    [
        "Reserve a table for 2027-05-08, 9 of us in total.",
        "帮我订 2027-05-08 的位子，我们一共九个人。",
    ],
)
def test_a_total_the_user_states_asks_for_no_sum_of_the_results(prompt):
    def table(name, args):
        return {"booking": "T-4410", "deposit": "EUR 50", "estimated_bill": "EUR 450"}

    calls, answer = run(prompt, [TABLE], table)
    assert calls == [("reserve_table", {"date": "2027-05-08", "party_size": 9})]
    assert "500" not in answer and "T-4410" in answer


@pytest.mark.parametrize(
    "reply, said",
    [
        ({"status": "pending", "note": "awaiting the base manager's approval", "ref": "KY-2300"}, "KY-2300"),
        ("预约已提交，待审批（单号 KY-2301）", "KY-2301"),
        ("座位 T-9 暂时无法预约，请换一天", "T-9"),
    ],
)  # fmt: skip
def test_a_pending_or_undone_act_is_never_said_done(reply, said):
    calls, answer = run(
        "Could you reserve a tandem kayak at Lakeside for 2027-05-08?", [KAYAK], lambda n, a: reply
    )
    assert {n for n, _ in calls} == {"reserve_kayak"}  # (暂时: tried once more)
    assert said in answer and "Reserved the" not in answer and "已为你" not in answer


def test_what_it_costs_is_the_total_not_the_rate_per_unit():
    """ "How much to print 400 pages?" names pages, and rate_gbp_per_page holds the word: the cost
    asked is the total the result gives."""
    quote = tool(
        "print_quote",
        "Quote for a print job.",
        {"pages": {"type": "integer"}, "colour": {"type": "boolean"}},
        ["pages", "colour"],
    )
    calls, answer = run(
        "How much would it cost to print 400 pages in colour?",
        [quote],
        lambda n, a: {"quote_id": "PQ-8", "rate_gbp_per_page": 0.15, "total_gbp": 60.0},
    )
    assert [n for n, _ in calls] == ["print_quote"]
    assert "total is 60.0 GBP" in answer
