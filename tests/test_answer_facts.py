"""The answer states the fact asked for (issue 33): the record a superlative picks, the side a
comparison across results picks, a value judged against the range its result gives, a figure
worked out from rates, the one statement a SQL question needs. Domains and wordings of our own,
through the real SDK client."""

import json
import sqlite3

import pytest
from test_second_act import run, tool  # the same agent loop and tool helper

# ------------------------------------------------------------------ a superlative SQL question


def sqlite_tool(script):
    db = sqlite3.connect(":memory:")
    db.executescript(script)

    def run_sql(name, args):
        cur = db.execute(next(iter(args.values())))
        cols = [d[0] for d in cur.description or []]
        return json.dumps({"columns": cols, "rows": cur.fetchall()}, ensure_ascii=False)

    return run_sql


BAKERY = """CREATE TABLE bakers(id INTEGER PRIMARY KEY, name TEXT, loaves INTEGER, shift TEXT);
INSERT INTO bakers(name, loaves, shift) VALUES ('Ilse', 140, 'early'), ('Omar', 212, 'late'),
 ('Petra', 96, 'early');"""
READERS = """CREATE TABLE readers(id INTEGER PRIMARY KEY, name TEXT, points INTEGER);
INSERT INTO readers(name, points) VALUES ('周宁', 320), ('吴桐', 75), ('郑可', 410);"""


def test_who_has_the_most_of_a_column_asks_for_the_record_not_a_count():
    db = tool(
        "bakery_sql",
        "Run one read-only SQL query on the bakery's SQLite database. "
        "Table bakers(id, name, loaves, shift).",
        {"query": {"type": "string"}},
        ["query"],
    )
    calls, answer = run("Which baker baked the most loaves this week?", [db], sqlite_tool(BAKERY))
    assert calls == [("bakery_sql", {"query": "SELECT * FROM bakers ORDER BY loaves DESC LIMIT 1"})]
    assert "Omar" in answer and "212" in answer and "COUNT" not in answer


def test_a_chinese_superlative_after_its_column_word_asks_for_the_record():
    db = tool(
        "run_sql",
        "在图书馆的 SQLite 数据库上执行一条只读 SQL 查询。表 readers(id, name, points)。",
        {"sql": {"type": "string", "description": "SQL 语句"}},
        ["sql"],
    )
    calls, answer = run("积分最低的读者是谁？多少分？", [db], sqlite_tool(READERS))
    assert calls == [("run_sql", {"sql": "SELECT * FROM readers ORDER BY points ASC LIMIT 1"})]
    assert "吴桐" in answer and "75" in answer and "COUNT" not in answer


def test_the_latest_record_asked_which_of_orders_by_its_date_column():
    db = tool(
        "bakery_sql",
        "Run one read-only SQL query on the bakery's SQLite database. "
        "Table staff(id, name, hired_on TEXT).",
        {"query": {"type": "string"}},
        ["query"],
    )
    script = """CREATE TABLE staff(id INTEGER PRIMARY KEY, name TEXT, hired_on TEXT);
    INSERT INTO staff(name, hired_on) VALUES ('Ilse', '2021-04-01'), ('Omar', '2024-09-15'),
     ('Petra', '2019-01-07');"""
    calls, answer = run("Which baker was hired most recently?", [db], sqlite_tool(script))
    assert calls == [
        ("bakery_sql", {"query": "SELECT * FROM staff ORDER BY hired_on DESC LIMIT 1"})
    ]
    assert "Omar" in answer and "2024-09-15" in answer


def test_the_top_n_records_of_a_superlative_in_chinese():
    db = tool(
        "run_sql",
        "在图书馆的 SQLite 数据库上执行一条只读 SQL 查询。表 readers(id, name, points)。",
        {"sql": {"type": "string", "description": "SQL 语句"}},
        ["sql"],
    )
    calls, answer = run("积分最高的前 2 名读者是谁？", [db], sqlite_tool(READERS))
    assert calls == [("run_sql", {"sql": "SELECT * FROM readers ORDER BY points DESC LIMIT 2"})]
    assert "郑可" in answer and "周宁" in answer and "吴桐" not in answer


# ------------------------------------------------------------------ records set apart by "---"

FERRIES = (
    "route: Harbour Loop\nminutes: 95\nfare_eur: 18\n---\n"
    "route: Island Hop\nminutes: 40\nfare_eur: 12\n---\n"
    "route: Cape Run\nminutes: 150\nfare_eur: 25"
)
BOATS = tool(
    "list_boat_tours",
    "List boat tours from a port.",
    {"port": {"type": "string", "description": "Port name"}},
    ["port"],
)


def test_the_quickest_of_records_set_apart_by_dashes_leads_the_answer():
    calls, answer = run(
        "Which boat tour from Kirkwall is the quickest?", [BOATS], lambda n, a: FERRIES
    )
    assert calls == [("list_boat_tours", {"port": "Kirkwall"})]
    first = answer.splitlines()[0]
    assert "Island Hop" in first and "Cape Run" not in first


def test_the_cheapest_of_records_set_apart_by_dashes_in_chinese():
    boats = tool("list_boat_tours", "列出今天所有的游船线路。", {})
    calls, answer = run("今天的游船线路里最便宜的是哪条？", [boats], lambda n, a: FERRIES)
    assert calls == [("list_boat_tours", {})]
    first = answer.splitlines()[0]
    assert "Island Hop" in first and "12" in first


# ------------------------------------------------------------------ a comparison across results

HIVES = [
    {"hive": "north", "weight_kg": 41.5, "frames": 9},
    {"hive": "south", "weight_kg": 47.0, "frames": 8},
]


def test_which_of_the_listed_records_is_heavier_names_the_one_with_the_larger_value():
    hives = tool("list_hives", "List the apiary's beehives with their latest scale readings.", {})
    calls, answer = run(
        "Look at my beehives: which one is heavier right now?",
        [hives],
        lambda n, a: json.dumps(HIVES),
    )
    assert calls == [("list_hives", {})]
    first = answer.splitlines()[0]
    assert first.index("south") < first.index("north") and "47" in first


def test_which_of_two_calls_has_fewer_frames_in_chinese():
    north = tool("weigh_north_hive", "读取北边蜂箱的最新称重数据。", {})
    south = tool("weigh_south_hive", "读取南边蜂箱的最新称重数据。", {})
    calls, answer = run(
        "读取北边蜂箱和南边蜂箱的称重数据，哪个的 frames 更少？",
        [north, south],
        lambda n, a: json.dumps(HIVES[0] if "north" in n else HIVES[1]),
    )
    assert sorted(n for n, _ in calls) == ["weigh_north_hive", "weigh_south_hive"]
    first = answer.splitlines()[0]
    assert "更低" in first and first.index("south") < first.index("north")


# ------------------------------------------------------------------ a value and its range

POOL = tool(
    "get_pool_reading",
    "Get the latest chlorine reading of a swimming pool.",
    {"pool": {"type": "string", "enum": ["Lido", "Marina"]}},
    ["pool"],
)


def test_a_value_with_a_reference_range_is_judged_against_it():
    reading = {"pool": "Lido", "value": 4.2, "unit": "ppm", "normal_range": "1-3"}
    calls, answer = run(
        "What's the chlorine reading at the Lido pool? Is it OK?",
        [POOL],
        lambda n, a: json.dumps(reading),
    )
    assert calls == [("get_pool_reading", {"pool": "Lido"})]
    first = answer.splitlines()[0]
    assert "4.2 ppm" in first and "1-3" in first and "above" in first


def test_a_value_with_low_and_high_limits_in_chinese():
    pool = tool(
        "get_pool_reading",
        "查询泳池最新的水质读数。",
        {"pool_id": {"type": "string", "description": "泳池编号，如 P-1"}},
        ["pool_id"],
    )
    reading = {"泳池": "P-2", "余氯": 0.6, "单位": "mg/L", "下限": 0.3, "上限": 1.0}
    calls, answer = run(
        "帮我查一下泳池 P-2 的余氯读数，正常吗？",
        [pool],
        lambda n, a: json.dumps(reading, ensure_ascii=False),
    )
    assert calls == [("get_pool_reading", {"pool_id": "P-2"})]
    first = answer.splitlines()[0]
    assert "0.6 mg/L" in first and "0.3-1.0" in first and "正常" in first


# ------------------------------------------------------------------ a figure worked out from rates


def test_a_cost_is_worked_out_from_a_distance_a_speed_and_a_rate_per_hour():
    offer = tool(
        "get_ebike_offer",
        "The route's length and the hourly e-bike rental price for a cycling route id.",
        {"route_id": {"type": "string", "description": "Route id, e.g. R-1"}},
        ["route_id"],
    )
    calls, answer = run(
        "I ride at 12 km per hour. What will an e-bike for route R-7 cost me?",
        [offer],
        lambda n, a: json.dumps({"route_id": "R-7", "distance_km": 36, "price_per_hour": 4.5}),
    )
    assert calls == [("get_ebike_offer", {"route_id": "R-7"})]
    first = answer.splitlines()[0]
    assert "13.50" in first and "3 h" in first


def test_litres_and_cost_are_worked_out_in_chinese():
    fuel = tool(
        "get_fuel_price",
        "查询某个城市的汽油价格。",
        {"city": {"type": "string", "enum": ["成都", "重庆"]}},
        ["city"],
    )
    calls, answer = run(
        "我开 240 公里，百公里油耗 8 升，按成都的油价，油费大概多少钱？",
        [fuel],
        lambda n, a: json.dumps({"城市": "成都", "价格": "7.5 元/升"}, ensure_ascii=False),
    )
    assert calls == [("get_fuel_price", {"city": "成都"})]
    first = answer.splitlines()[0]
    assert "19.2 L" in first and "144.00 CNY" in first


# ------------------------------------------------------------------ the same field of several calls


def test_each_of_several_times_is_said_with_the_zone_it_belongs_to():
    clock = tool(
        "zone_time",
        "The current local time in an IANA time zone.",
        {"zone": {"type": "string", "description": "IANA zone, e.g. Europe/Paris"}},
        ["zone"],
    )
    times = {"America/Lima": "09:40", "Africa/Nairobi": "17:40"}
    calls, answer = run(
        "What's the local time in Lima and in Nairobi right now?",
        [clock],
        lambda n, a: f"local time: {times.get(a['zone'], '?')}",
    )
    assert sorted(a["zone"] for _, a in calls) == ["Africa/Nairobi", "America/Lima"]
    assert "America/Lima, local time is 09:40" in answer
    assert "Africa/Nairobi, local time is 17:40" in answer


# ------------------------------------------------------------------ a total over `key: value` lines


def test_a_total_over_numbered_key_value_lines_of_one_unit():
    gauge = tool(
        "get_rainfall",
        "Rainfall at a weather station, day by day, for one week.",
        {"station_id": {"type": "string", "description": "e.g. WS-10"}},
        ["station_id"],
    )
    text = (
        "station: WS-88 (hilltop, 2 sensors)\nweek: 2026-W14\nday 1: 4.2 mm\nday 2: 0.6 mm\n"
        "day 3: 11.0 mm\nwettest: 2026-04-01"
    )
    calls, answer = run(
        "How much rain fell in total at station WS-88 this week?", [gauge], lambda n, a: text
    )
    assert calls == [("get_rainfall", {"station_id": "WS-88"})]
    assert "15.8 mm" in answer.splitlines()[0]


def test_a_total_over_key_value_lines_in_chinese():
    hens = tool(
        "get_egg_log",
        "查询鸡舍每天的产蛋记录。",
        {"coop_id": {"type": "string", "description": "鸡舍编号，如 C-1"}},
        ["coop_id"],
    )
    text = "鸡舍：C-3（东侧，12 只母鸡）\n周一：9 枚\n周二：11 枚\n周三：10 枚"
    calls, answer = run("鸡舍 C-3 这三天一共产了多少蛋？", [hens], lambda n, a: text)
    assert calls == [("get_egg_log", {"coop_id": "C-3"})]
    assert "30" in answer.splitlines()[0] and "12" not in answer.splitlines()[0]


# ------------------------------------------------------------------ the lines of a file asked about

READ = tool(
    "read_file",
    "Read a text file and return its contents.",
    {"path": {"type": "string", "description": "Path of the file"}},
    ["path"],
)
FILES = {
    "rota.txt": "# kitchen rota\nshift 1: Mia, 06:00-14:00\nshift 2: Lou, 14:00-22:00\n"
    "shift 12: Kai, 22:00-06:00\n",
    "pump.log": "08:00:01 INFO pump started\n08:14:09 ERROR 压力过低 (sensor P2)\n"
    "08:15:00 INFO 恢复正常\n",
    "HISTORY.md": "# History\n## v2.0.1\n- fix crash on empty input\n## v2.1.0\n- add dark mode\n"
    "- faster search\n## v1.9.0\n- first public build\n",
}


def files(name, args):
    return FILES[args["path"]]


def test_the_line_of_a_file_a_name_with_a_number_picks_leads_the_answer():
    calls, answer = run("Who works shift 2 according to rota.txt, and when?", [READ], files)
    assert calls == [("read_file", {"path": "rota.txt"})]
    first = answer.splitlines()[0]
    assert "line 3: shift 2: Lou, 14:00-22:00" in first and "Kai" not in first


def test_the_error_line_of_a_log_and_its_time_in_chinese():
    calls, answer = run("看一下 pump.log，出了什么错误？几点？", [READ], files)
    assert calls == [("read_file", {"path": "pump.log"})]
    first = answer.splitlines()[0]
    assert "第 2 行" in first and "08:14:09 ERROR 压力过低" in first and "08:00:01" not in first


def test_the_latest_release_is_the_section_with_the_highest_version():
    calls, answer = run("What's new in the latest release, per HISTORY.md?", [READ], files)
    assert calls == [("read_file", {"path": "HISTORY.md"})]
    first = answer.splitlines()[0]
    assert "v2.1.0" in first and "dark mode" in first and "faster search" in first
    assert "v2.0.1" not in first and "first public build" not in first


# ------------------------------------------------------------------ a request no tool serves

UNITS = tool(
    "convert_length",
    "Convert a length between metres, feet and inches.",
    {"value": {"type": "number"}, "from_unit": {"type": "string"}, "to_unit": {"type": "string"}},
    ["value", "from_unit", "to_unit"],
)


def test_a_request_for_the_users_own_records_no_tool_serves_points_to_the_provider():
    calls, answer = run(
        "Can you check how many loyalty points are left on my gym card?", [UNITS], None
    )
    assert calls == []
    assert "offline stand-in" in answer and "website, app or customer service" in answer
    assert "loyalty points are left on my gym card" in answer


def test_an_act_no_tool_serves_points_to_the_provider_in_chinese():
    calls, answer = run("帮我把话费充值 50 元。", [UNITS], None)
    assert calls == []
    assert (
        "离线的模拟 Claude" in answer
        and "官网、App 或客服" in answer
        and "话费充值 50 元" in answer
    )


def test_a_question_of_knowledge_gets_no_pointer():
    calls, answer = run("Why do cats purr when they are calm?", [UNITS], None)
    assert calls == [] and "customer service" not in answer


@pytest.mark.parametrize("said", ["I love my cats", "我的猫很可爱。"])
def test_a_statement_about_the_users_own_things_gets_no_pointer(said):
    calls, answer = run(said, [UNITS], None)
    assert calls == [] and "customer service" not in answer and "客服" not in answer


def test_a_low_and_high_pair_of_another_field_is_no_range_and_more_than_n_no_comparison():
    forecast = tool(
        "get_forecast",
        "Tomorrow's forecast for a city.",
        {"city": {"type": "string", "enum": ["Oslo", "Bergen"]}},
        ["city"],
    )
    data = {"city": "Oslo", "temp_min": 3, "temp_max": 9, "humidity": 80}
    calls, answer = run(
        "What's the humidity in Oslo tomorrow?", [forecast], lambda n, a: json.dumps(data)
    )
    assert calls == [("get_forecast", {"city": "Oslo"})]
    assert "80" in answer and "range" not in answer
    rooms = tool("list_rooms", "List the meeting rooms with their free seats.", {})
    listed = [{"room": "Fjord", "seats": 4}, {"room": "Birch", "seats": 12}]
    _, answer = run("Which rooms have more than 6 seats?", [rooms], lambda n, a: json.dumps(listed))
    assert "higher" not in answer


def test_a_files_own_name_in_capitals_picks_no_lines():
    text = "# README\nInstall with pip.\nSee README for more.\nRun tests with pytest.\n"
    calls, answer = run("What does README.md say?", [READ], lambda n, a: text)
    assert calls == [("read_file", {"path": "README.md"})]
    assert "line 3" not in answer


# ------------------------------------------------------------------ the extreme of readings


HIVE = tool(
    "hive_monitor",
    "Read one beehive's sensor readings for a day.",
    {"hive": {"type": "string"}, "day": {"type": "string"}},
    ["hive", "day"],
)


def test_the_highest_of_a_named_quantity_over_key_value_lines():
    text = (
        "05:30 weight: 41.2 temperature: 2.9\n08:30 weight: 41.0 temperature: 6.4\n"
        "13:30 weight: 42.6 temperature: 14.8\n18:30 weight: 42.9 temperature: 9.1"
    )
    _, answer = run(
        "What was the highest temperature at hive north on 2026-04-09?",
        [HIVE],
        lambda n, a: text,
    )
    assert answer.startswith("The highest temperature is 14.8 (13:30)"), answer


def test_the_lowest_of_a_chinese_named_quantity_over_a_json_list():
    rows = [
        {"时间": "06:00", "湿度": 88, "温度": 3.2},
        {"时间": "11:00", "湿度": 64, "温度": 11.7},
        {"时间": "16:00", "湿度": 59, "温度": 8.3},
    ]
    hive = tool(
        "hive_readings",
        "读取某个蜂箱某一天的传感器读数（温度、湿度）。",
        {"hive": {"type": "string", "description": "蜂箱编号，如 N-2"}, "day": {"type": "string"}},
        ["hive", "day"],
    )
    _, answer = run(
        "N-7 号蜂箱 2026-04-09 的最低湿度是多少？",
        [hive],
        lambda n, a: json.dumps({"readings": rows}, ensure_ascii=False),
    )
    assert answer.startswith("湿度 最低的是 59（16:00）"), answer


def test_the_most_recent_of_the_error_lines_is_said():
    reader = tool(
        "read_log",
        "Read a text file from the kiln controller.",
        {"path": {"type": "string"}},
        ["path"],
    )
    log = (
        "2026-04-09 07:02:11 INFO firing started\n2026-04-09 09:40:05 ERROR thermocouple 2 open\n"
        "2026-04-09 12:15:50 ERROR door switch\n2026-04-09 10:05:00 ERROR fan stalled\n"
        "2026-04-09 12:30:00 INFO cooling"
    )
    _, answer = run(
        "Show me the errors in /srv/kiln.log — which one is the most recent?",
        [reader],
        lambda n, a: log,
    )
    assert "The most recent is line 3: 2026-04-09 12:15:50 ERROR door switch" in answer, answer
    _, answer = run("/srv/kiln.log 里有哪些错误？最近的是哪条？", [reader], lambda n, a: log)
    assert "其中最新的是第 3 行" in answer, answer


# ------------------------------------------------------------------ a threshold the question states


def test_whether_readings_went_above_a_stated_number_is_answered_yes_or_no():
    text = (
        "05:30 weight: 41.2 temperature: 2.9\n08:30 weight: 41.0 temperature: 6.4\n"
        "13:30 weight: 42.6 temperature: 14.8\n18:30 weight: 42.9 temperature: 9.1"
    )
    _, answer = run(
        "Did the temperature at hive north go above 12 on 2026-04-09?", [HIVE], lambda n, a: text
    )
    assert answer.startswith("Yes: the highest temperature is 14.8 (13:30), above 12."), answer
    _, answer = run(
        "Did the temperature at hive north drop below 2 on 2026-04-09?", [HIVE], lambda n, a: text
    )
    assert answer.startswith("No: the lowest temperature is 2.9 (05:30), not below 2."), answer


def test_a_chinese_threshold_question_over_one_record():
    pool = tool(
        "pool_status",
        "查询泳池当前状态：水温、余氯。",
        {"pool_id": {"type": "string", "description": "泳池编号，如 P-3"}},
        ["pool_id"],
    )
    data = json.dumps({"泳池": "东湖", "水温": 22.5, "余氯": 1.4}, ensure_ascii=False)
    _, answer = run("P-2 泳池的水温超过 20 度了吗？", [pool], lambda n, a: data)
    assert answer.startswith("是：水温 是 22.5，高于 20。"), answer
    _, answer = run("P-2 泳池的余氯低于 1 吗？", [pool], lambda n, a: data)
    assert answer.startswith("否：余氯 是 1.4，没有低于 1。"), answer


# ------------------------------------------------------------------ the first, next or last entry

SAILINGS = [
    {"ferry": "Gull", "departs": "11:40", "seats": 12},
    {"ferry": "Tern", "departs": "07:55", "seats": 3},
    {"ferry": "Puffin", "departs": "15:10", "seats": 30},
    {"ferry": "Skua", "departs": "09:20", "seats": 4},
]


def sailings(name, args):
    return json.dumps({"pier": "Harbour", "departures": SAILINGS})


def test_the_first_and_last_entry_of_a_listing_are_named_by_time_not_by_place():
    pier = tool(
        "ferry_timetable",
        "List today's ferry departures from a pier.",
        {"pier": {"type": "string"}},
        ["pier"],
    )
    _, answer = run("Which ferry leaves first from Harbour pier?", [pier], sailings)
    assert answer.startswith("The first is Tern, at 07:55."), answer
    _, answer = run("Which is the last ferry from Harbour pier today?", [pier], sailings)
    assert answer.startswith("The last is Puffin, at 15:10."), answer


def test_the_next_entry_counts_from_the_time_the_system_prompt_gives():
    pier = tool(
        "ferry_timetable",
        "查询某个码头今天的轮渡班次。",
        {"pier": {"type": "string", "description": "码头编号，如 P-1"}},
        ["pier"],
    )
    _, answer = run(
        "P-4 码头下一班轮渡是几点？", [pier], sailings, system="现在是 2026-04-09 12:00。"
    )
    assert answer.startswith("下一个是 Puffin，时间 15:10（现在是 12:00）。"), answer
    _, answer = run("P-4 码头首班轮渡是哪一班？", [pier], sailings)
    assert answer.startswith("最早的是 Tern，时间 07:55。"), answer


# ------------------------------------------------------------------ what no tool here can do


def test_a_question_no_tool_serves_is_told_in_its_own_words_and_not_guessed():
    scale = tool(
        "convert_units",
        "Convert a quantity between units of length or mass.",
        {
            "value": {"type": "number"},
            "from_unit": {"type": "string"},
            "to_unit": {"type": "string"},
        },
        ["value", "from_unit", "to_unit"],
    )
    calls, answer = run("Who won the chess olympiad in 1998?", [scale], lambda n, a: "{}")
    assert calls == [] and len(answer) < 200
    assert "can answer “Who won the chess olympiad in 1998”" in answer and "offline" in answer
    calls, answer = run("Could you book me a taxi to the airport?", [scale], lambda n, a: "{}")
    assert calls == [] and "can do “book me a taxi to the airport”" in answer, answer
    calls, answer = run("请帮我预约下周二的牙医。", [scale], lambda n, a: "{}")
    assert calls == [] and "这里的工具都做不到“预约下周二的牙医”" in answer, answer


# ------------------------------------------------------------------ keys missing or repeated

READ = tool(
    "read_file", "Read a text file and return its contents.", {"path": {"type": "string"}}, ["path"]
)
CONFIGS = {
    "deploy/sample.env": "# sample\nDB_HOST=\nDB_PORT=5432\nMAIL_FROM=\nCACHE_TTL=60\n",
    "deploy/prod.env": "DB_HOST=db.internal\nDB_PORT=5432\nCACHE_TTL=30\nDB_PORT=6432\nDEBUG=1\n",
    "i18n/nl.json": json.dumps({"title": "Titel", "menu": {"open": "Open", "quit": "Stop"}}),
    "i18n/pl.json": json.dumps({"title": "Tytuł", "menu": {"open": "Otwórz"}, "footer": "Stopka"}),
}


def configs(name, args):
    return CONFIGS.get(args["path"], "no such file")


def test_the_keys_missing_or_repeated_across_two_files_are_named():
    calls, answer = run(
        "Check deploy/prod.env against deploy/sample.env: which keys are missing, "
        "and is any key duplicated?",
        [READ],
        configs,
    )
    assert [a["path"] for _, a in calls] == ["deploy/prod.env", "deploy/sample.env"]
    assert "prod.env is missing 1 key(s) that sample.env has: MAIL_FROM." in answer, answer
    assert "sample.env is missing 1 key(s) that prod.env has: DEBUG." in answer
    assert "prod.env defines 1 key(s) more than once: DB_PORT (2, 4)." in answer


def test_chinese_keys_missing_between_two_json_files_by_their_nested_names():
    _, answer = run("对比 i18n/nl.json 和 i18n/pl.json，哪些键缺失了？", [READ], configs)
    assert answer.startswith("nl.json 缺少 pl.json 里有的 1 个键：footer。"), answer
    assert "pl.json 缺少 nl.json 里有的 1 个键：menu.quit。" in answer


def test_the_record_a_superlative_picks_from_a_table_file_is_named_by_its_name():
    marks = {
        "choir/marks.csv": "name,part,score\nLena,alto,71\nJonas,bass,88\nMei,soprano,93\n",
        "choir/分数.csv": "姓名,声部,分数\n林雪,女高,71\n赵越,男低,88\n孙琪,女中,93\n",
    }
    _, answer = run(
        "Read choir/marks.csv: who has the highest score?", [READ], lambda n, a: marks[a["path"]]
    )
    assert answer.startswith("Mei has the highest score: 93 (part: soprano)."), answer
    _, answer = run("读取 choir/分数.csv，分数最低的是谁？", [READ], lambda n, a: marks[a["path"]])
    assert answer.startswith("分数 最低的是 71（林雪），共 3 条记录。"), answer


def test_a_sum_of_the_users_own_numbers_gets_no_pointer():
    """The cookbook's tool_choice tools: a sentiment printer and an adder the stand-in does not
    call for numbers said in words; whatever it says, it sends the user nowhere."""
    scores = {k: {"type": "number"} for k in ("positive_score", "negative_score", "neutral_score")}
    sentiment = tool(
        "print_sentiment_scores",
        "Prints the sentiment scores of a given text.",
        scores,
        list(scores),
    )
    adder = tool(
        "calculator",
        "Adds two number",
        {"num1": {"type": "number"}, "num2": {"type": "number"}},
        ["num1", "num2"],
    )
    said = "I adore my hens! I had three and just bought 2 more! Guess how many I have now?"
    _, answer = run(said, [sentiment, adder], None)
    assert "customer service" not in answer
