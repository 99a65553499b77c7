"""The asked fact worked out of the results (`agentkit.sim.records`): the record a superlative,
a part of the day or a kind picks, the value said most often, a listing with sizes, a checklist's
items; domains of our own, zh and en, through the SDK."""

from __future__ import annotations

import json

import pytest

from tests.test_any_tools import ended, run, tool
from tests.test_cli_tools import CLI


def show(t):
    print(t.calls)
    print(t.answer)
    ended(t)
    first = t.answer.splitlines()[0]
    assert "returned" not in first and "的结果" not in first, first


# 1 en, across calls, key: value text, "longest"
QUEUE = tool(
    "get_queue_time",
    "Current waiting time at one museum entrance.",
    {"entrance": {"type": "string", "description": "Entrance name"}},
    ["entrance"],
)


def queue(name, args):
    w = {"North": 25, "East": 40, "South": 10}[args["entrance"]]
    return f"Entrance: {args['entrance']}\nWaiting time: {w} min\nStaff on duty: 3"


def test_the_longest_wait_across_calls_of_one_tool():
    t = run(
        "How long is the wait at the North, East and South entrances right now? Which one has the longest wait?",
        [QUEUE],
        queue,
    )
    show(t)
    first = t.answer.splitlines()[0]
    assert "East" in first and "40" in first


# 2 zh, across calls, JSON dicts, least
STOCK = tool(
    "get_bin_stock",
    "查询一个仓位的库存数量。",
    {"bin_code": {"type": "string", "description": "仓位编号，如 A12"}},
    ["bin_code"],
)


def stock(name, args):
    n = {"A12": 140, "B07": 12, "C33": 77}[args["bin_code"]]
    return f"仓位: {args['bin_code']}\n货号: BOLT-M6\n库存: {n} 件\n上次盘点: 2026-11-0{n % 7 + 1}"


def test_the_least_stock_across_calls_zh():
    t = run("帮我查一下 A12、B07、C33 这三个仓位各有多少库存，哪个最少？", [STOCK], stock)
    show(t)
    first = t.answer.splitlines()[0]
    assert "B07" in first and "12" in first


# 3 en, one JSON list, most
VANS = tool(
    "list_van_mileage",
    "Kilometres driven by each delivery van on a given day.",
    {"date": {"type": "string", "description": "YYYY-MM-DD"}},
    ["date"],
)


def vans(name, args):
    return json.dumps(
        [
            {"van": "VN-01", "driver": "Ola", "km": 182},
            {"van": "VN-02", "driver": "Pete", "km": 311},
            {"van": "VN-03", "driver": "Sana", "km": 97},
        ]
    )


def test_the_most_kilometres_in_a_json_list_not_an_id_read_as_a_number():
    t = run("Which delivery van drove the most kilometres on 2026-11-03?", [VANS], vans)
    show(t)
    first = t.answer.splitlines()[0]
    assert "VN-02" in first and "311" in first


# 4 en, prose items, window + kind + max
LOAD = tool(
    "get_grid_load",
    "Peaks and troughs of the household electricity load for a day.",
    {"meter": {"type": "string"}, "date": {"type": "string", "description": "YYYY-MM-DD"}},
    ["meter", "date"],
)


def load(name, args):
    return (
        f"{args['meter']} {args['date']}: trough 03:20 (0.4 kW), peak 08:10 (5.2 kW), "
        "trough 13:05 (1.1 kW), peak 19:45 (6.8 kW), peak 22:30 (3.0 kW)"
    )


def test_the_evening_peak_of_a_prose_list():
    t = run(
        "What was the evening peak load on meter M-77 on 2026-11-20, and at what time?",
        [LOAD],
        load,
    )
    show(t)
    first = t.answer.splitlines()[0]
    assert "19:45" in first and "6.8" in first


# 5 zh, prose, window (下午) + kind + min
TEMPS = tool(
    "get_hourly_temps",
    "Temperature readings of a weather station for a day.",
    {"station": {"type": "string"}, "date": {"type": "string"}},
    ["station", "date"],
)


def temps(name, args):
    return (
        f"{args['station']} {args['date']}: reading 07:00 (2.5 °C), reading 13:00 (9.0 °C), "
        "reading 16:00 (6.5 °C), reading 21:00 (1.0 °C)"
    )


def test_the_afternoon_lowest_reading_zh():
    t = run("2026-11-21 哈尔滨站下午最低的气温是多少度？几点测的？", [TEMPS], temps)
    show(t)
    first = t.answer.splitlines()[0]
    assert "16:00" in first and "6.5" in first


# 6 CSV ordered codes, read via a file tool
READ = tool(
    "read_file",
    "Read a text file and return its contents.",
    {"path": {"type": "string", "description": "Path of the file"}},
    ["path"],
)


def boulders(name, args):
    return (
        "problem,wall,grade\nPinch Me,Roof,V4\nSlopey Joe,Arete,V10\n"
        "Crimp City,Slab,V7\nWarm Up,Slab,V1\n"
    )


def test_the_hardest_grade_code_of_a_csv():
    t = run("Which problem in problems.csv is the hardest, and on which wall?", [READ], boulders)
    show(t)
    first = t.answer.splitlines()[0]
    assert "Slopey Joe" in first and "V10" in first


# 7 most frequent across files (CLI Read/Glob)
# 8 zh, most frequent value of a column in a JSON list
SHIFTS = tool(
    "list_shifts",
    "List the on-call shifts of a week.",
    {"week": {"type": "string", "description": "ISO week, e.g. 2026-W48"}},
    ["week"],
)


def shifts(name, args):
    staff = ["王芳", "李雷", "王芳", "赵敏", "王芳", "李雷", "赵敏"]
    return json.dumps(
        [
            {"day": d, "staff": s}
            for d, s in zip(["一", "二", "三", "四", "五", "六", "日"], staff, strict=True)
        ],
        ensure_ascii=False,
    )


def test_the_value_said_most_often_in_a_list_zh():
    t = run("2026-W48 这周谁值班的次数最多？几次？", [SHIFTS], shifts)
    show(t)
    first = t.answer.splitlines()[0]
    assert "王芳" in first and "3" in first


# 9 zh, shell: sizes, largest
def disk(name, args):
    cmd = args.get("command", "")
    if "-l" in cmd or "du" in cmd or "stat" in cmd:
        return (
            "total 40\n-rw-r--r-- 1 u u  1200 Dec  1 10:00 app.log\n"
            "-rw-r--r-- 1 u u 30500 Dec  2 10:00 worker.log\n"
            "-rw-r--r-- 1 u u   300 Dec  2 10:00 README\n"
        )
    return "app.log\nworker.log\nREADME\n"


def test_a_listing_with_sizes_names_the_largest_file_zh():
    t = run("用命令行列出当前目录里的文件和大小，告诉我哪个日志文件最大。", [CLI["Bash"]], disk)
    show(t)
    cmd = t.calls[0][0][1]["command"]
    assert "-l" in cmd or "du" in cmd
    first = t.answer.splitlines()[0]
    assert "worker.log" in first


# 11 write: items listed go into the checklist
def wrote(store):
    def f(name, args):
        if name == "Write":
            store.append(args["content"])
            return f"File created successfully at: {args['file_path']}"
        return ""

    return f


def test_a_checklist_holds_the_items_listed_not_the_quoted_mark():
    got = []
    run(
        "Create packing.md in /tmp/trip with a markdown checklist for the canoe weekend: "
        "tent, camp stove, headlamp, water filter. One '- [ ]' line per item.",
        [CLI["Write"], CLI["Read"]],
        wrote(got),
    )
    print(got)
    assert got and all(w in got[0] for w in ["tent", "camp stove", "headlamp", "water filter"])
    assert got[0].count("- [ ]") == 4


# 13 en: max with window "after 12:00" in a JSON list, kind column
def trains(name, args):
    return json.dumps(
        [
            {"kind": "express", "departs": "09:10", "seats_left": 40},
            {"kind": "local", "departs": "13:20", "seats_left": 55},
            {"kind": "express", "departs": "14:05", "seats_left": 48},
            {"kind": "express", "departs": "17:50", "seats_left": 33},
        ]
    )


TRAINS = tool(
    "list_departures",
    "Departures from a station on a date.",
    {"station": {"type": "string"}, "date": {"type": "string"}},
    ["station", "date"],
)


def test_a_kind_and_after_a_time_then_the_most():
    t = run(
        "Of the express trains leaving Leeds after 12:00 on 2026-12-02, which one has the most seats left?",
        [TRAINS],
        trains,
    )
    show(t)
    first = t.answer.splitlines()[0]
    assert "14:05" in first and "48" in first and "17:50" not in first.split(".")[0]


RUNS = (
    "run,lift,difficulty\nMeadow,Chair 1,green\nBlack Pearl,Gondola,black\nFox Trail,Chair 2,red\n"
)


def test_codes_are_ordered_by_the_order_the_system_prompt_states():
    t = run(
        "Which run in runs.csv is the hardest, and which lift serves it?",
        [READ],
        lambda name, args: RUNS,
        system="You help at a ski school. Run difficulty order: green < blue < red < black.",
    )
    show(t)
    first = t.answer.splitlines()[0]
    assert "Black Pearl" in first and "Gondola" in first


LOGS = {
    "/srv/kitchen/fri.log": "18:05 Green Curry\n18:40 Pad Thai\n19:10 Green Curry\n",
    "/srv/kitchen/sat.log": "18:12 Tom Yum\n19:02 Green Curry\n",
    "/srv/kitchen/sun.log": "18:30 Pad Thai\n20:15 Massaman\n",
}


def kitchen(name, args):
    text = LOGS.get(args.get("file_path", ""), "")
    return "\n".join(f"{i:>6}\u2192{line}" for i, line in enumerate(text.splitlines(), 1))


def test_the_line_said_most_often_across_the_files_read():
    t = run(
        "Read /srv/kitchen/fri.log, /srv/kitchen/sat.log and /srv/kitchen/sun.log: which dish "
        "was ordered most often, and how many times?",
        [CLI["Read"]],
        kitchen,
    )
    show(t)
    first = t.answer.splitlines()[0]
    assert "Green Curry" in first and "3" in first


@pytest.mark.parametrize(
    ("prompt", "said"),
    [
        (
            "Using bash, how many .tsv files are in the exports folder, and how many data rows "
            "do the orders_*.tsv files hold, not counting headers?",
            ["3 *.tsv files", "11 data rows"],
        ),
        (
            "用命令行统计一下 exports 目录里一共有几个 .tsv 文件，以及 orders_*.tsv 文件的数据行"
            "总数（不算表头）。",
            ["3 个 *.tsv 文件", "数据行共 11 行"],
        ),
    ],
)
def test_a_file_count_and_the_data_rows_of_a_glob_in_one_command(prompt, said):
    def sh(name, args):
        return "3\n11\n"

    t = run(prompt, [CLI["Bash"]], sh)
    cmd = t.calls[0][0][1]["command"]
    assert "find exports -name '*.tsv' | wc -l" in cmd
    assert "-name 'orders_*.tsv' -exec tail -q -n +2" in cmd
    ended(t)
    assert all(s in t.answer.splitlines()[0] for s in said), t.answer


TABLES = {"/data/a.csv": "id,qty\n1,3\n2,4\n3,1\n", "/data/b.csv": "id,qty\n7,2\n8,9\n"}


def test_not_counting_headers_is_no_condition_on_the_rows_counted():
    def disk(name, args):
        if name == "Glob":
            return "\n".join(TABLES)
        text = TABLES.get(args.get("file_path", ""), "")
        return "\n".join(f"{i:>6}\u2192{line}" for i, line in enumerate(text.splitlines(), 1))

    t = run(
        "Read the CSV files in /data and tell me how many data rows they hold in total, "
        "not counting headers.",
        [CLI["Glob"], CLI["Read"]],
        disk,
    )
    ended(t)
    assert "5" in t.answer.splitlines()[0], t.answer


def test_a_kind_said_in_chinese_and_a_part_of_the_day_pick_one_item_of_a_prose_list():
    t = run("2026-11-20 M-77 电表晚上的高峰负荷是多少？几点？", [LOAD], load)
    show(t)
    first = t.answer.splitlines()[0]
    assert first.startswith("晚上高峰") and "19:45" in first and "6.8 kW" in first, first


KAYAKS = tool(
    "list_kayaks",
    "List the kayaks free for hire on a date, with their day price.",
    {"date": {"type": "string", "description": "YYYY-MM-DD"}},
    ["date"],
)
BOOK_KAYAK = tool(
    "book_kayak",
    "Book a kayak for a day.",
    {"kayak_id": {"type": "string"}, "name": {"type": "string"}, "date": {"type": "string"}},
    ["kayak_id", "name", "date"],
)


def kayaks(name, args):
    if name == "list_kayaks":
        return json.dumps(
            [
                {"kayak_id": "KY-3", "model": "Tandem", "price_gbp": 55},
                {"kayak_id": "KY-7", "model": "Solo", "price_gbp": 32},
                {"kayak_id": "KY-9", "model": "Sea", "price_gbp": 48},
            ]
        )
    return json.dumps({"booking": "BK-7781", **args})


def test_an_act_that_went_through_leads_the_record_the_superlative_picked():
    t = run("Book the cheapest kayak on 2026-12-12 for Mira Holt.", [KAYAKS, BOOK_KAYAK], kayaks)
    ended(t)
    assert t.calls[1][0][1]["kayak_id"] == "KY-7"
    lines = t.answer.splitlines()
    assert "BK-7781" in lines[1] and "KY-7 has the cheapest" in t.answer, t.answer
    assert t.answer.index("BK-7781") < t.answer.index("KY-7 has the cheapest")
