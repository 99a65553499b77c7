"""The answer states the fact asked for, not a dump of the results (issue 33): the day or file with
the most lines holding a text and the labels on those lines, a changelog's entries counted by kind
under the version asked, where a thing stands and when it is expected, what a logged purchase came
to, whether a value is fit for a purpose (by its range, its rating, or said to have no limit).
Domains and wordings of our own, through the real SDK client."""

import json

from test_second_act import run, tool  # the same agent loop and tool helper

# ------------------------------------------------------------------ the most lines of a text

LIST = tool(
    "list_files",
    "List the files whose path matches a glob pattern.",
    {"pattern": {"type": "string", "description": "Glob pattern, e.g. logs/*.log"}},
    ["pattern"],
)
READ = tool(
    "read_file",
    "Read a text file and return its contents.",
    {"path": {"type": "string", "description": "Path of the file"}},
    ["path"],
)
PUMPS = {
    "pumps/station-0304.log": "2027-03-04 06:00:00 INFO shift start\n"
    "2027-03-04 07:10:00 WARN pressure drop pump=P3\n2027-03-04 09:00:00 INFO flush done\n",
    "pumps/station-0305.log": "2027-03-05 06:00:00 INFO shift start\n"
    "2027-03-05 06:41:12 WARN pressure drop pump=P7\n2027-03-05 08:02:40 WARN pressure drop pump=P7\n"
    "2027-03-05 11:15:03 WARN pressure drop pump=P7\n2027-03-05 12:00:00 INFO valve check pump=P3\n",
    "pumps/station-0306.log": "2027-03-06 06:00:00 INFO shift start\n2027-03-06 14:00:00 INFO stop\n",
}
HOSTS = {
    "backup/nightly-a.log": "01:00 start host=nas-1\n01:20 disk full host=nas-1\n01:30 done\n",
    "backup/nightly-b.log": "01:00 start host=nas-2\n01:05 disk full host=nas-2\n"
    "01:06 disk full host=nas-2\n01:07 retry host=nas-2\n",
}


def on_disk(tree):
    def run_tool(name, args):
        if name == "list_files":
            folder = args["pattern"].split("/")[0]
            return "\n".join(p for p in tree if p.startswith(folder))
        return tree[args["path"]]

    return run_tool


def test_the_day_with_the_most_lines_of_a_text_and_the_label_on_them():
    calls, answer = run(
        "Check the log files in pumps/: which day had the most pressure drops, and which pump?",
        [LIST, READ],
        on_disk(PUMPS),
    )
    assert [n for n, _ in calls].count("read_file") == 3
    first = answer.splitlines()[0]
    assert "2027-03-05" in first and "3" in first and "2027-03-04" not in first
    assert "pump=P7" in answer and "pump=P3" not in answer
    assert "shift start" not in answer  # the files are not quoted whole


def test_the_file_with_the_most_lines_of_a_text_in_chinese():
    calls, answer = run(
        "看看 backup 目录下的备份日志，哪个文件里 disk full 最多？是哪台主机？",
        [LIST, READ],
        on_disk(HOSTS),
    )
    assert [n for n, _ in calls].count("read_file") == 2
    first = answer.splitlines()[0]
    assert "nightly-b.log" in first and "2 条" in first
    assert "host=nas-2" in answer and "01:00 start" not in answer


OVENS = {
    "ovens/oven-1.log": "2027-01-08T05:00:00 INFO preheat\n2027-01-08T06:12:09 ERROR code=F-12 door open\n",
    "ovens/oven-2.log": "2027-01-08T05:00:02 INFO preheat\n2027-01-08T07:40:55 ERROR code=F-31 fan stall\n"
    "2027-01-08T08:00:00 INFO bake\n",
    "ovens/oven-3.log": "2027-01-08T06:59:30 ERROR code=F-07 low gas\n2027-01-08T09:00:00 INFO bake\n",
}


def test_the_latest_line_asked_about_across_files_and_its_label():
    calls, answer = run(
        "Check the log files in ovens/: which oven logged an error most recently, and what code?",
        [LIST, READ],
        on_disk(OVENS),
    )
    assert [n for n, _ in calls].count("read_file") == 3
    first = answer.splitlines()[0]
    assert "oven-2.log" in first and "07:40:55" in first and "code=F-31" in answer
    assert "preheat" not in answer


def test_the_latest_line_across_files_in_chinese():
    calls, answer = run(
        "看看 ovens 目录下的日志，哪台烤箱最近一次报错？错误码是什么？",
        [LIST, READ],
        on_disk(OVENS),
    )
    assert [n for n, _ in calls].count("read_file") == 3
    first = answer.splitlines()[0]
    assert first.startswith("最新的是 oven-2.log") and "code=F-31" in answer


# ------------------------------------------------------------------ a changelog's entries by kind

NOTES = {
    "RELEASES.md": "# Releases\n## [2.7.0] - 2027-01-10\n### Added\n- CSV import\n- tag filter\n"
    "### Fixed\n- blank chart on resize\n- login loop on Safari\n- typo in footer\n"
    "## [2.6.1] - 2026-12-01\n### Fixed\n- slow search\n### Added\n- emoji picker\n",
    "HISTORY.txt": "1.9 (2027-03-01)\n* feat(api): bulk delete\n* docs: new FAQ\n"
    "1.8 (2027-02-01)\n* feat(ui): colour themes\n* fix: crash on empty cart\n"
    "* feat: gift cards\n* fix(api): wrong tax for CH\n* fix: lost draft\n* chore: bump deps\n",
}


def notes(name, args):
    return NOTES[args["path"]]


def test_entries_of_each_kind_are_counted_under_the_version_asked():
    calls, answer = run(
        "How many features were added and how many bugs were fixed in 2.7.0, per RELEASES.md?",
        [READ],
        notes,
    )
    assert calls == [("read_file", {"path": "RELEASES.md"})]
    first = answer.splitlines()[0]
    assert "2 features" in first and "3 fixes" in first and "CSV import" in first
    assert "emoji picker" not in answer and "slow search" not in answer


def test_entries_of_each_kind_by_their_tags_in_chinese():
    calls, answer = run("HISTORY.txt 里 1.8 版有几个新功能、几个修复？", [READ], notes)
    assert calls == [("read_file", {"path": "HISTORY.txt"})]
    first = answer.splitlines()[0]
    assert "2 个新功能" in first and "3 个修复" in first
    assert "bulk delete" not in answer and "bump deps" not in first


# ------------------------------------------------------------------ the row that holds the largest

TABLES = {
    "bee.csv": "entrant,round1,final\nMia Chen,12,18\nOwen Pike,15,21\nSara Lund,11,19\n",
    "门店销量.csv": "门店,销量\n西湖店,320\n滨江店,185\n萧山店,240\n",
    "最高水位.csv": "日期,最高水位\n2027-06-01,3.2\n2027-06-02,4.1\n2027-06-03,2.9\n",
}


def tables(name, args):  # numbered as the Agent SDK's Read numbers lines
    lines = TABLES[args["path"]].splitlines()
    return "\n".join(f"{i:>6}\t{line}" for i, line in enumerate(lines, 1))


def test_the_largest_of_a_column_is_said_with_the_row_that_holds_it():
    calls, answer = run(
        "Who got the highest final score in bee.csv, and what was it?", [READ], tables
    )
    assert calls == [("read_file", {"path": "bee.csv"})]
    first = answer.splitlines()[0]
    assert "21" in first and "Owen Pike" in first


def test_the_smallest_of_a_column_with_its_row_in_chinese():
    calls, answer = run("门店销量.csv 里哪个门店销量最低？是多少？", [READ], tables)
    assert calls == [("read_file", {"path": "门店销量.csv"})]
    first = answer.splitlines()[0]
    assert "185" in first and "滨江店" in first


def test_a_figure_of_a_table_file_is_stated_without_quoting_its_rows():
    calls, answer = run("What is the average final score in bee.csv?", [READ], tables)
    assert calls == [("read_file", {"path": "bee.csv"})]
    assert "19.33" in answer and "Mia Chen" not in answer


def test_a_superlative_inside_a_column_name_asks_for_no_extreme():
    calls, answer = run("最高水位.csv 里平均最高水位是多少？", [READ], tables)
    assert calls == [("read_file", {"path": "最高水位.csv"})]
    first = answer.splitlines()[0]
    assert "3.40" in first and "4.1" not in answer


# ------------------------------------------------------------------ where a thing stands

RENEWAL = tool(
    "get_renewal",
    "Look up a passport renewal by its reference.",
    {"reference": {"type": "string", "description": "Renewal reference, e.g. PR-10001"}},
    ["reference"],
)
REPAIR = tool(
    "query_repair",
    "按维修单号查询维修单。",
    {"order_no": {"type": "string", "description": "维修单号，如 WX-1001"}},
    ["order_no"],
)


def test_where_a_thing_stands_is_its_status_and_when_it_is_expected():
    def renewal(name, args):
        return json.dumps(
            {
                "reference": args["reference"],
                "state": "printed, with the courier",
                "estimated_delivery": "2027-05-02",
                "office": "Leeds",
            }
        )

    calls, answer = run("Where is my passport renewal PR-88120 at?", [RENEWAL], renewal)
    assert calls == [("get_renewal", {"reference": "PR-88120"})]
    first = answer.splitlines()[0]
    assert "printed, with the courier" in first and "2027-05-02" in first
    assert "Leeds" not in answer


def test_where_a_repair_stands_in_chinese():
    def repair(name, args):
        return json.dumps(
            {
                "单号": args["order_no"],
                "进度": "已检测，等待配件",
                "预计完成": "2027-04-18",
                "门店": "徐汇店",
            },
            ensure_ascii=False,
        )

    calls, answer = run("帮我查下维修单 WX-3307 到哪一步了", [REPAIR], repair)
    assert calls == [("query_repair", {"order_no": "WX-3307"})]
    first = answer.splitlines()[0]
    assert "已检测，等待配件" in first and "2027-04-18" in first and "徐汇店" not in answer


# ------------------------------------------------------------------ what it came to

PARKING = tool(
    "log_parking",
    "Record a parking session and return the charge.",
    {
        "plate": {"type": "string", "description": "Number plate"},
        "hours": {"type": "number"},
        "zone": {"type": "string", "enum": ["A", "B", "C"]},
    },
    ["plate", "hours", "zone"],
)


def test_what_a_logged_session_came_to_is_the_total_its_result_gives():
    def parking(name, args):
        return json.dumps(
            {"ticket": "PK-88", "plate": args["plate"], "hours": args["hours"], "total_eur": 7.5}
        )

    calls, answer = run(
        "Record parking for LT-5521: 3 hours in zone B. What did it come to?", [PARKING], parking
    )
    assert calls[0][0] == "log_parking"
    first = answer.splitlines()[0]
    assert "total" in first and "EUR" in first and "7.5" in first and "PK-88" not in answer


# ------------------------------------------------------------------ fit for a purpose

LAKE = tool(
    "lake_water",
    "Bathing water quality of a lake today.",
    {"lake": {"type": "string", "description": "Name of the lake"}},
    ["lake"],
)
KITE = tool(
    "outdoor_index",
    "查询某个城市今天的户外活动指数。",
    {"city": {"type": "string", "description": "城市名"}},
    ["city"],
)
NOISE = tool(
    "noise_level",
    "The noise level measured at a flat.",
    {"flat": {"type": "string", "description": "Flat number"}},
    ["flat"],
)


def test_a_rating_in_the_result_answers_whether_it_is_fit():
    def lake(name, args):
        return json.dumps(
            {"lake": args["lake"], "e_coli_cfu": 410, "advisory": "Not recommended for swimming"}
        )

    calls, answer = run("Is Millbrook Lake safe for my kids to swim in today?", [LAKE], lake)
    assert calls[0][0] == "lake_water"
    first = answer.splitlines()[0]
    assert first.startswith("No") and "Not recommended for swimming" in first


def test_a_rating_that_says_suitable_answers_yes_in_chinese():
    def index(name, args):
        return json.dumps(
            {"城市": args["city"], "风力": "3级", "指数等级": "适宜户外活动"}, ensure_ascii=False
        )

    calls, answer = run("今天带孩子在杭州放风筝合适吗？", [KITE], index)
    assert [n for n, _ in calls] == ["outdoor_index"]
    first = answer.splitlines()[0]
    assert first.startswith("可以") and "适宜户外活动" in first


def test_a_value_with_no_limit_is_said_without_a_verdict():
    def noise(name, args):
        return json.dumps({"flat": args["flat"], "decibels": 48})

    calls, answer = run("Is the noise at flat 12B OK for a baby to sleep?", [NOISE], noise)
    assert calls == [("noise_level", {"flat": "12B"})]
    first = answer.splitlines()[0]
    assert "48" in first and "no limit" in first
    assert not first.startswith(("Yes", "No"))


def test_a_value_within_the_range_its_result_gives_is_fit():
    def noise(name, args):
        return json.dumps({"flat": args["flat"], "decibels": 31, "comfort_range": "25-35"})

    calls, answer = run("Is the noise at flat 12B OK for a baby to sleep?", [NOISE], noise)
    first = answer.splitlines()[0]
    assert first.startswith("Yes.") and "31" in first
