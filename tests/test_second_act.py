"""The second act of a request and the answer (issue 33): "find X and book it" calls the act with
the value the finding result gives, a conditional act ("if so", "有的话", "if not") only when the
result meets its condition, a superlative picks only among items that can serve, and a total asked
for is stated. Domains and wordings of our own, through the real SDK client."""

import json

import jsonschema

import agentkit
from agentkit.tools import tool_results

MODEL = agentkit.default_model()


def tool(name, description, properties, required=()):
    schema = {"type": "object", "properties": properties, "required": list(required)}
    return {"name": name, "description": description, "input_schema": schema}


def run(prompt, tools, run_tool, rounds=6, **create):
    """A plain agent loop: the calls made (name, input) and the last answer's text."""
    client = agentkit.make_client(offline=True)
    schemas = {t["name"]: t["input_schema"] for t in tools}
    messages = [{"role": "user", "content": prompt}]
    calls = []
    for _ in range(rounds):
        r = client.messages.create(
            model=MODEL, max_tokens=1024, tools=tools, messages=messages, **create
        )
        for b in r.content:
            if b.type == "tool_use":
                jsonschema.validate(b.input, schemas[b.name])
                calls.append((b.name, b.input))
        messages.append({"role": "assistant", "content": r.content})
        if r.stop_reason != "tool_use":
            return calls, "".join(b.text for b in r.content if b.type == "text")
        messages.append({"role": "user", "content": tool_results(r, run_tool)})
    raise AssertionError(f"no end after {rounds} rounds")


# ------------------------------------------------------------------ find it, then act on it

KAYAKS = [
    tool(
        "search_kayaks",
        "Search kayak rentals at a lake on a date; lists each kayak's id and whether it is free.",
        {
            "city": {"type": "string", "description": "The city of the lake"},
            "date": {"type": "string", "description": "YYYY-MM-DD"},
        },
        ["city", "date"],
    ),
    tool(
        "book_kayak",
        "Book a kayak rental by its id.",
        {
            "kayak_id": {"type": "string", "description": "The kayak's id, e.g. K-12"},
            "date": {"type": "string", "description": "YYYY-MM-DD"},
        },
        ["kayak_id", "date"],
    ),
]


def kayaks(free):
    def run_tool(name, args):
        if name == "search_kayaks":
            return json.dumps({"kayaks": [{"kayak_id": "KY-7", "seats": 2, "free": free}]})
        return f"Booked {args['kayak_id']} on {args['date']}, reference R-204."

    return run_tool


def test_find_then_book_calls_the_act_with_the_found_id_and_the_date_said_before():
    calls, answer = run(
        "Find a kayak in Annecy for 2026-07-03 and book it.", KAYAKS, kayaks(free=True)
    )
    assert calls == [
        ("search_kayaks", {"city": "Annecy", "date": "2026-07-03"}),
        ("book_kayak", {"kayak_id": "KY-7", "date": "2026-07-03"}),
    ]
    assert "R-204" in answer


def test_a_conditional_act_is_not_done_when_the_result_says_it_cannot_serve():
    calls, answer = run(
        "Search kayaks in Annecy for 2026-07-03; if one is free, book it.",
        KAYAKS,
        kayaks(free=False),
    )
    assert [n for n, _ in calls] == ["search_kayaks"]
    assert "did not book the kayak" in answer and "free: False" in answer


PANTRY = [
    tool(
        "check_inventory",
        "查询商品有没有货、库存多少",
        {"product": {"type": "string", "description": "商品名"}},
        ["product"],
    ),
    tool(
        "place_order",
        "下单购买商品",
        {
            "sku": {"type": "string", "description": "商品编号，如 K-12"},
            "quantity": {"type": "integer"},
        },
        ["sku", "quantity"],
    ),
]


def pantry(qty):
    def run_tool(name, args):
        if name == "check_inventory":
            return json.dumps(
                {"sku": "TEA-31", "product": args["product"], "in_stock": qty > 0, "qty": qty},
                ensure_ascii=False,
            )
        return json.dumps({"order_id": "D-77", "sku": args["sku"], "quantity": args["quantity"]})

    return run_tool


def test_zh_if_in_stock_order_two_with_the_sku_the_result_gives():
    calls, answer = run("帮我查一下“桂花乌龙”有没有货，有的话就订两个。", PANTRY, pantry(5))
    assert calls == [
        ("check_inventory", {"product": "桂花乌龙"}),
        ("place_order", {"sku": "TEA-31", "quantity": 2}),
    ]
    assert "D-77" in answer


def test_zh_out_of_stock_orders_nothing_and_says_why():
    calls, answer = run("帮我查一下“桂花乌龙”有没有货，有的话就订两个。", PANTRY, pantry(0))
    assert [n for n, _ in calls] == ["check_inventory"]
    assert "所以我没有下单购买商品" in answer and "in_stock: False" in answer


ARCHIVE = [
    tool(
        "find_record",
        "Look up a record in the city archive by its catalogue number.",
        {"catalogue_no": {"type": "string", "description": "Catalogue number, like AR-1001"}},
        ["catalogue_no"],
    ),
    tool(
        "request_copy",
        "Request a scanned copy of an archive record for a reader.",
        {
            "catalogue_no": {"type": "string", "description": "Catalogue number of the record"},
            "reader_id": {"type": "string", "description": "Reader card, like RD-5521"},
        },
        ["catalogue_no", "reader_id"],
    ),
]


def archive(online):
    def run_tool(name, args):
        if name == "find_record":
            return json.dumps({"title": "Harbour map 1874", "online": online})
        return json.dumps({"request": "CP-9", "catalogue_no": args["catalogue_no"]})

    return run_tool


def test_if_not_acts_only_when_the_result_does_not_serve_on_the_same_thing():
    prompt = "Is archive record AR-5512 online? If not, request a copy for reader RD-5521."
    calls, _ = run(prompt, ARCHIVE, archive(online=False))
    assert calls == [
        ("find_record", {"catalogue_no": "AR-5512"}),
        ("request_copy", {"catalogue_no": "AR-5512", "reader_id": "RD-5521"}),
    ]
    calls, answer = run(prompt, ARCHIVE, archive(online=True))
    assert [n for n, _ in calls] == ["find_record"]
    assert "did not request the copy" in answer


SLOTS = [
    tool(
        "query_slots",
        "查询自习室某时段的空位",
        {"slot": {"type": "string", "enum": ["上午", "下午", "晚上"]}},
        ["slot"],
    ),
    tool(
        "reserve_slot",
        "预约自习室座位",
        {
            "desk_no": {"type": "string", "description": "座位号，如 2B-07"},
            "slot": {"type": "string", "enum": ["上午", "下午", "晚上"]},
        },
        ["desk_no", "slot"],
    ),
]


def test_zh_any_one_takes_the_first_id_a_list_result_gives():
    def run_tool(name, args):
        if name == "query_slots":
            return json.dumps({"free": ["2B-07", "2B-11"]})
        return f"已预约 {args['desk_no']}"

    calls, answer = run("看看自习室晚上有没有空位，有的话帮我约一个。", SLOTS, run_tool)
    assert calls == [
        ("query_slots", {"slot": "晚上"}),
        ("reserve_slot", {"desk_no": "2B-07", "slot": "晚上"}),
    ]
    assert "已预约 2B-07" in answer


def test_a_numbered_entry_of_a_prose_list_gives_an_integer_id():
    tools = [
        tool(
            "find_lectures",
            "Search a lecture series for talks about a topic.",
            {"series": {"type": "string"}, "topic": {"type": "string"}},
            ["series", "topic"],
        ),
        tool(
            "add_to_playlist",
            "Add a talk to the user's playlist.",
            {"talk_number": {"type": "integer", "description": "the talk number"}},
            ["talk_number"],
        ),
    ]

    def run_tool(name, args):
        if name == "find_lectures":
            return "Talk 31 'Glaciers Retreating' (40 min)\nTalk 7 'Volcano Weather' (55 min)"
        return f"Added talk {args['talk_number']}."

    calls, answer = run(
        "In the series 'Earth Now', find the talk about volcanoes and add it to my playlist.",
        tools,
        run_tool,
    )
    assert calls[-1] == ("add_to_playlist", {"talk_number": 7})
    assert "Added talk 7" in answer


# ------------------------------------------------------------------ a superlative among what serves

COACHES = [
    tool(
        "list_coaches",
        "列出两个城市之间某天的大巴班次和余票",
        {
            "from_city": {"type": "string", "description": "出发城市，如 杭州"},
            "to_city": {"type": "string", "description": "到达城市，如 苏州"},
            "date": {"type": "string", "description": "日期 YYYY-MM-DD"},
        },
        ["from_city", "to_city", "date"],
    ),
    tool(
        "buy_coach_ticket",
        "为乘客购买指定班次的大巴票",
        {
            "coach_no": {"type": "string", "description": "班次号，如 K101"},
            "passenger": {"type": "string", "description": "乘客姓名"},
        },
        ["coach_no", "passenger"],
    ),
]


def test_zh_the_earliest_with_tickets_left_is_bought_for_the_named_passenger():
    def run_tool(name, args):
        if name == "list_coaches":
            return json.dumps(
                [
                    {"coach_no": "K101", "depart": "07:10", "status": "已售罄"},
                    {"coach_no": "K105", "depart": "08:40", "status": "有票"},
                    {"coach_no": "K109", "depart": "10:00", "status": "有票"},
                ],
                ensure_ascii=False,
            )
        return json.dumps({"ticket": "T-88", "coach_no": args["coach_no"]})

    calls, answer = run(
        "帮我查2026年6月2日从杭州到苏州的大巴，给李娜买一张最早还有票的班次。",
        COACHES,
        run_tool,
    )
    assert calls[-1] == ("buy_coach_ticket", {"coach_no": "K105", "passenger": "李娜"})
    assert "T-88" in answer


def test_the_cheapest_skips_an_item_with_nothing_left():
    tools = [
        tool(
            "list_workshops",
            "List pottery workshops in a city with their price and places left.",
            {"city": {"type": "string"}},
            ["city"],
        )
    ]

    def run_tool(name, args):
        return json.dumps(
            {
                "workshops": [
                    {"name": "Wheel basics", "price": 30, "places_left": 0},
                    {"name": "Glazing", "price": 45, "places_left": 3},
                    {"name": "Raku firing", "price": 60, "sold_out": False},
                ]
            }
        )

    _, answer = run("What's the cheapest pottery workshop in Leeds?", tools, run_tool)
    assert answer.startswith("Glazing has the cheapest price: 45")


# ------------------------------------------------------------------ a total, a count, the one field


def test_zh_a_total_of_key_value_results_with_units_is_stated_first():
    tools = [
        tool(
            "lookup_protein",
            "查询食物的蛋白质含量",
            {"food": {"type": "string"}, "grams": {"type": "number"}},
            ["food", "grams"],
        )
    ]
    per_100g = {"豆腐": 8, "鸡蛋": 13}

    def run_tool(name, args):
        grams = per_100g[args["food"]] * args["grams"] / 100
        return f"食物: {args['food']}\n重量: {args['grams']} 克\n蛋白质: {grams:g} 克"

    calls, answer = run("早饭吃了200克豆腐和100克鸡蛋，一共多少克蛋白质？", tools, run_tool)
    assert len(calls) == 2
    assert answer.startswith("一共是 29克")


def test_the_total_of_a_list_result_adds_the_money_field():
    tools = [
        tool(
            "get_basket",
            "Show the items in the user's basket with their prices.",
            {"user": {"type": "string"}},
            ["user"],
        )
    ]
    items = [
        {"name": "kettle", "price": 31.5},
        {"name": "tray", "price": 12},
        {"name": "jar", "price": 4},
    ]

    calls, answer = run(
        "How much is my basket in total? My user name is 'ines'.",
        tools,
        lambda name, args: json.dumps({"user": "ines", "items": items}),
    )
    assert answer.startswith("In total: 47.5 (price of 3 added up).")


def test_how_many_counts_the_items_of_a_list_result():
    tools = [
        tool(
            "list_bookmarks",
            "List the user's saved bookmarks.",
            {"user": {"type": "string"}},
            ["user"],
        )
    ]
    marks = [{"title": "Pho"}, {"title": "Dal"}, {"title": "Ragu"}, {"title": "Laksa"}]
    _, answer = run(
        "How many bookmarks have I saved? My user name is 'ines'.",
        tools,
        lambda name, args: json.dumps({"bookmarks": marks}),
    )
    assert answer.startswith("There are 4 in all")


SENSOR = [
    tool(
        "read_greenhouse",
        "Read the sensors of a greenhouse.",
        {"greenhouse": {"type": "string", "description": "e.g. GH-2"}},
        ["greenhouse"],
    )
]


def sensor(name, args):
    return json.dumps(
        {"greenhouse": args["greenhouse"], "humidity_pct": 71, "heater_on": False, "co2_ppm": 640}
    )


def test_the_one_field_asked_for_leads_the_answer_instead_of_every_field():
    _, answer = run("What is the humidity in greenhouse GH-2?", SENSOR, sensor)
    assert answer == "For GH-2, humidity is 71%."


def test_a_yes_no_question_on_a_true_false_field_answers_yes_or_no():
    _, answer = run("Is the heater on in greenhouse GH-2?", SENSOR, sensor)
    assert answer.startswith("No: for GH-2, heater on is no")


def test_with_no_field_named_every_field_is_quoted():
    _, answer = run("Read the sensors of greenhouse GH-2.", SENSOR, sensor)
    assert "Greenhouse for GH-2:" in answer and "CO2: 640 ppm" in answer


def test_a_sentence_start_or_the_subject_is_no_field_to_lead_with():
    tools = [
        tool(
            "show_basket",
            "Show what is in the user's basket.",
            {"user": {"type": "string"}},
            ["user"],
        ),
        tool(
            "dock_status",
            "How many berths are free at a marina.",
            {"marina": {"type": "string", "description": "Marina name, e.g. Seaview"}},
            ["marina"],
        ),
    ]

    def run_tool(name, args):
        if name == "show_basket":
            return "The basket currently holds: 2 x pears"
        return f"{args['marina']} marina: 4 of 60 berths free."

    _, answer = run("What's in my basket? My user name is 'ines'.", tools[:1], run_tool)
    assert answer == "The basket currently holds: 2 x pears"
    _, answer = run("Are berths free at the Seaview marina?", tools[1:], run_tool)
    assert answer.startswith("Seaview marina: 4 of 60 berths free")


# ------------------------------------------------------------------ a manner the system prompt asks for


def test_a_pirate_system_prompt_opens_and_closes_the_answer_the_pirate_way():
    _, answer = run(
        "What is the humidity in greenhouse GH-2?",
        SENSOR,
        sensor,
        system="You are a pirate captain. Stay in character.",
    )
    assert answer == "Arr! For GH-2, humidity is 71%. Fair winds, matey!"


def test_zh_a_pirate_system_prompt_in_chinese():
    tools = [
        tool(
            "read_greenhouse",
            "读取温室传感器的湿度和加热器状态",
            {"greenhouse": {"type": "string", "description": "温室编号，如 GH-2"}},
            ["greenhouse"],
        )
    ]
    _, answer = run(
        "读取温室 GH-2 的传感器湿度", tools, sensor, system="你是一个海盗，用海盗的口吻回答。"
    )
    assert answer.startswith("啊哈！") and answer.endswith("扬帆起航！") and "71" in answer


def test_one_word_gives_the_value_asked_for_alone():
    _, answer = run(
        "Is the heater on in greenhouse GH-2?", SENSOR, sensor, system="Answer in one word."
    )
    assert answer == "No"
    _, answer = run(
        "What is the humidity in greenhouse GH-2?",
        SENSOR,
        sensor,
        system="Reply with a single word.",
    )
    assert answer == "71"


def test_one_sentence_keeps_the_first_line_and_a_manner_no_rule_writes_is_not_claimed():
    _, answer = run(
        "How much is my basket in total? My user name is 'ines'.",
        [
            tool(
                "get_basket", "Show the basket with prices.", {"user": {"type": "string"}}, ["user"]
            )
        ],
        lambda name, args: json.dumps({"items": [{"price": 3}, {"price": 4}]}),
        system="Always answer in one sentence.",
    )
    assert answer == "In total: 7 (price of 2 added up)."
    _, answer = run(
        "What is the humidity in greenhouse GH-2?", SENSOR, sensor, system="用文言文回答。"
    )
    assert "humidity is 71%" in answer and "文言" not in answer


def test_and_if_it_is_starts_a_conditional_step_without_a_comma():
    tools = [
        tool(
            "check_inventory",
            "Check whether a product is in stock.",
            {"product": {"type": "string"}},
            ["product"],
        ),
        PANTRY[1],
    ]
    prompt = "Check if the 'linen apron' is in stock and if it is, order 3."
    calls, _ = run(prompt, tools, pantry(4))
    assert calls[-1] == ("place_order", {"sku": "TEA-31", "quantity": 3})
    calls, answer = run(prompt, tools, pantry(0))
    assert [n for n, _ in calls] == ["check_inventory"]
    assert "so I did not place the order" in answer


def test_zh_the_earliest_reads_a_time_under_any_key_and_skips_the_sold_out():
    tools = [
        tool(
            "list_sailings",
            "查询两个港口之间某天的船班和余票",
            {
                "from_port": {"type": "string", "description": "出发港，如 大连"},
                "to_port": {"type": "string", "description": "到达港，如 烟台"},
                "date": {"type": "string", "description": "YYYY-MM-DD"},
            },
            ["from_port", "to_port", "date"],
        )
    ]
    sailings = {
        "船班": [
            {"船次": "S1", "开船": "06:50", "状态": "已售罄"},
            {"船次": "S2", "开船": "10:20", "余票": 8},
            {"船次": "S3", "开船": "08:05", "余票": 0},
        ]
    }
    _, answer = run(
        "帮我查2026年9月3日从青岛到大连的船班，哪一班最早？",
        tools,
        lambda name, args: json.dumps(sailings, ensure_ascii=False),
    )
    assert "其中最早的是：船次：S2" in answer


JOURNAL = [
    tool(
        "get_tide",
        "Get today's tide times in a city (查询城市今天的潮汐时间).",
        {"city": {"type": "string", "description": "The city, e.g. Brixham"}},
        ["city"],
    ),
    tool(
        "add_journal_entry",
        "Add an entry to the user's journal (写进日记).",
        {"entry": {"type": "string", "description": "The text of the entry"}},
        ["entry"],
    ),
]


def journal(name, args):
    if name == "get_tide":
        return json.dumps(
            {"city": args["city"], "high": "06:12", "low": "12:40"}, ensure_ascii=False
        )
    return "Entry J-12 added."


def test_save_it_writes_what_the_earlier_result_gave():
    calls, answer = run(
        "Look up the tide times in Brixham and add it to my journal.", JOURNAL, journal
    )
    assert calls[-1] == (
        "add_journal_entry",
        {"entry": "city: Brixham, high: 06:12, low: 12:40"},
    )
    assert "J-12" in answer


def test_zh_record_the_result_writes_what_the_earlier_result_gave():
    tools = [
        tool(
            "flight_status",
            "查询航班的实时状态",
            {"flight_no": {"type": "string", "description": "航班号，如 MU5137"}},
            ["flight_no"],
        ),
        JOURNAL[1],
    ]

    def run_tool(name, args):
        if name == "flight_status":
            return json.dumps(
                {"航班": args["flight_no"], "状态": "延误", "预计起飞": "21:40"}, ensure_ascii=False
            )
        return "Entry J-12 added."

    calls, _ = run("查一下航班 HU7605 的状态，然后把结果记到日记里。", tools, run_tool)
    assert calls[-1] == (
        "add_journal_entry",
        {"entry": "航班: HU7605，状态: 延误，预计起飞: 21:40"},
    )


def test_nothing_found_is_said_instead_of_asking_for_the_id_to_book():
    def run_tool(name, args):
        return "No kayaks found in Annecy for that day." if name == "search_kayaks" else "x"

    calls, answer = run("Find a kayak in Annecy for 2026-07-03 and book it.", KAYAKS, run_tool)
    assert [n for n, _ in calls] == ["search_kayaks"]
    assert answer.endswith("What I found: No kayaks found, so I did not book the kayak.")
    assert "still need" not in answer


def test_zh_fully_booked_prose_is_read_as_cannot_serve():
    def run_tool(name, args):
        if name == "query_slots":
            return "抱歉，晚上的座位已约满。"
        return "x"

    calls, answer = run("看看自习室晚上有没有空位，有的话帮我约一个。", SLOTS, run_tool)
    assert [n for n, _ in calls] == ["query_slots"]
    assert "所以我没有预约自习室座位" in answer
