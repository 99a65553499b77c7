"""Reading results of any shape and answering exactly what was asked (`agentkit.sim.results`,
`records`, `tally`, `facts`, `arguments`): a markdown or aligned table read as records, an inner
object's fields a record's own, a listing that only fed the answer not quoted, "by how many?"
after a comparison of two, a question the results leave open said so, a yes/no on an amount
written with its unit, a Chinese id said with its thing's number; domains of our own, zh and en."""

from __future__ import annotations

from tests.loops import converse, strings, tool

# 1 en, a markdown table, "how far ... together": the distances added up, not the row numbers
TRAIL = tool(
    "list_trail_segments",
    "The segments of a long-distance walking trail as a table.",
    strings(trail="Trail name"),
)


def segments(trail):
    return (
        "| # | Segment | Km | Climb (m) |\n|---|---|---|---|\n| 1 | Ridge Gate | 12.5 | 640 |\n"
        "| 2 | Fern Hollow | 9.0 | 210 |\n| 3 | Old Quarry | 14.5 | 480 |"
    )


def test_a_markdown_tables_column_added_up_by_the_kind_of_amount_asked():
    calls, finals = converse(
        "How far are all the segments of the Coastline trail together?",
        [TRAIL],
        {"list_trail_segments": segments},
    )
    assert calls == [("list_trail_segments", {"trail": "Coastline"})]
    first = finals[0].splitlines()[0]
    assert "36" in first and "1330" not in first, finals[0]
    assert "Ridge Gate" not in finals[0]  # the table only fed the total


# 2 zh, a table aligned by the width of Chinese text: the cheapest row
FLOWERS = tool(
    "get_flower_prices",
    "查询花卉批发市场今天的鲜切花报价。",
    strings(market="市场名称"),
)


def flowers(market):
    return (
        "品种          单价(元/枝)   库存(枝)\n"
        "红玫瑰        3.5           800\n"
        "向日葵        2.8           150\n"
        "洋桔梗        4.2           300\n"
        "满天星        1.6           520"
    )


def test_an_aligned_chinese_table_picks_its_row():
    calls, finals = converse(
        "斗南花市今天哪种花单价最低？", [FLOWERS], {"get_flower_prices": flowers}
    )
    assert calls and calls[0][0] == "get_flower_prices"
    first = finals[0].splitlines()[0]
    assert "满天星" in first and "1.6" in first, finals[0]
    assert "红玫瑰        3.5" not in finals[0] and "的结果" not in finals[0]


# 3 en, records whose numbers sit in an inner object
BUSES = tool(
    "list_depot_buses",
    "Electric buses parked at a depot, with their latest telemetry.",
    strings(depot="Depot name"),
)


def buses(depot):
    return {
        "depot": depot,
        "buses": [
            {"fleet_no": "E-101", "telemetry": {"battery_pct": 64, "odometer_km": 80412}},
            {"fleet_no": "E-102", "telemetry": {"battery_pct": 23, "odometer_km": 91230}},
            {"fleet_no": "E-103", "telemetry": {"battery_pct": 88, "odometer_km": 40211}},
        ],
    }


def test_the_lowest_value_inside_each_records_inner_object():
    calls, finals = converse(
        "Which bus at the Northgate depot has the lowest battery?",
        [BUSES],
        {"list_depot_buses": buses},
    )
    assert calls == [("list_depot_buses", {"depot": "Northgate"})]
    first = finals[0].splitlines()[0]
    assert "E-102" in first and "23" in first, finals[0]
    assert "returned" not in finals[0]


# 4 zh, two calls compared, "多多少": the gap
RESERVOIR = tool(
    "get_reservoir_level",
    "查询一座水库当前的蓄水情况。",
    strings(reservoir="水库名称"),
)


def reservoir(reservoir):
    held = {"青山水库": 412, "白沙水库": 375}[reservoir]
    return f"水库: {reservoir}\n蓄水量: {held}\n水位: 63.2"


def test_which_of_two_holds_more_and_by_how_much_zh():
    calls, finals = converse(
        "青山水库和白沙水库，哪个的蓄水量更多？多多少？",
        [RESERVOIR],
        {"get_reservoir_level": reservoir},
    )
    assert {c[1]["reservoir"] for c in calls} == {"青山水库", "白沙水库"}
    assert "青山水库" in finals[0].splitlines()[0] and "多 37" in finals[0], finals[0]
    assert "没有说" not in finals[0]  # (the gap asked is answered)


# 5 zh and en, a two-part question whose second part no result answers
RINK = tool("get_rink_hours", "查询溜冰场某天的营业时间。", strings(day="星期几"))
FERRY = tool(
    "get_ferry_departures",
    "Departure times of the island ferry on a day.",
    strings(day="Day of week"),
)


def test_a_question_the_results_leave_open_is_said_so_zh():
    calls, finals = converse(
        "溜冰场周六几点开门？门票多少钱？",
        [RINK],
        {"get_rink_hours": lambda day: {"day": day, "open": "10:00", "close": "21:30"}},
    )
    assert calls and calls[0][0] == "get_rink_hours"
    assert "10:00" in finals[0] and "没有说门票多少钱" in finals[0], finals[0]


def test_a_question_the_results_leave_open_is_said_so_en():
    calls, finals = converse(
        "When does the first ferry leave on Monday, and what does a return ticket cost?",
        [FERRY],
        {"get_ferry_departures": lambda day: {"day": day, "departures": ["06:40", "09:15"]}},
    )
    assert calls and calls[0][0] == "get_ferry_departures"
    assert "06:40" in finals[0] and "don't say what does a return ticket cost" in finals[0]


def test_a_single_question_answered_says_nothing_left_open():
    _, finals = converse(
        "溜冰场周六几点开门？",
        [RINK],
        {"get_rink_hours": lambda day: {"day": day, "open": "10:00", "close": "21:30"}},
    )
    assert "没有说" not in finals[0], finals[0]


# 6 zh, a yes/no on an amount written with its unit, the subject's own field beside it
TANK = tool("get_tank_reading", "查询一个鱼缸的水质读数。", strings(tank_id="鱼缸编号，如 2"))
NITRATE = "鱼缸: {}号\n硝酸盐: 45 mg/L\npH: 7.1"


def test_a_bound_asked_of_an_amount_with_its_unit_zh():
    calls, finals = converse(
        "2号鱼缸的硝酸盐超过40了吗？",
        [TANK],
        {"get_tank_reading": lambda tank_id: NITRATE.format(tank_id)},
    )
    assert calls == [("get_tank_reading", {"tank_id": "2"})]
    assert finals[0].startswith("是") and "硝酸盐" in finals[0] and "45" in finals[0], finals[0]


# 7 zh, an id the description names as a thing's number
LOCKER = tool("open_locker", "远程打开一个储物柜。", strings(locker_no="储物柜编号"))
WORK = tool("get_work_order", "查询维修工单的进度。", strings(order_no="工单号"))


def test_a_chinese_things_number_fills_its_id():
    calls, _ = converse("帮我打开5号储物柜", [LOCKER], {"open_locker": lambda locker_no: "ok"})
    assert calls == [("open_locker", {"locker_no": "5"})]
    calls, _ = converse(
        "工单 8812 修到哪一步了？", [WORK], {"get_work_order": lambda order_no: {"status": "ok"}}
    )
    assert calls == [("get_work_order", {"order_no": "8812"})]


def test_a_question_answered_by_a_field_of_other_words_is_not_said_open_zh():
    talk = tool("get_lecture", "查询一场讲座的安排。", strings(title="讲座名称"))
    _, finals = converse(
        "《城市与河流》讲座几点开始？还有位子吗？",
        [talk],
        {"get_lecture": lambda title: "开始时间: 14:00\n剩余座位: 0"},
    )
    assert "14:00" in finals[0] and "没有说" not in finals[0], finals[0]


def test_a_day_asked_in_chinese_is_answered_by_english_results_zh():
    """A day asked (哪天) is answered by a date the results hold, and a Chinese question's own
    words are not sought among English keys: nothing is said to be missing."""
    calls, (answer,) = converse(
        "我家在枫林巷9号，下一次收旧衣物是哪天？几点？",
        [
            tool(
                "get_collection",
                "Get the next collection days for an address.",
                strings(address=None),
            )
        ],
        {
            "get_collection": lambda address: {
                "next_dates": ["2027-02-03", "2027-02-17"],
                "window": "08:00-10:00",
            }
        },
    )
    assert "2027-02-03" in answer and "没有说" not in answer
