"""Tool arguments read from the request by the schema (agentkit.sim.arguments, sim.values): dates,
times and date-times, numbers said with a unit or beside a noun, the ends of a route, the items of
a list, enum members by meaning, codes in the shape of an example; and never a neighbouring word.
Each request goes through the real SDK to the offline stand-in; every input is checked against its
tool's schema."""

import json

import jsonschema
import pytest

import agentkit

MODEL = agentkit.default_model()
S = {"type": "string"}
INT = {"type": "integer"}
NUM = {"type": "number"}


def tool(name, description, properties, required=None):
    schema = {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
    }
    return {"name": name, "description": description, "input_schema": schema}


def call(prompt, t, forced=True, valid=True):
    """The input of the stand-in's call of `t` (forced by tool_choice unless told), or None."""
    client = agentkit.make_client(offline=True)
    extra = {"tool_choice": {"type": "tool", "name": t["name"]}} if forced else {}
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        tools=[t],
        messages=[{"role": "user", "content": prompt}],
        **extra,
    )
    uses = [b for b in r.content if b.type == "tool_use"]
    for b in uses if valid else []:
        jsonschema.validate(b.input, t["input_schema"])
    return uses[0].input if uses else None


HOTEL = tool(
    "book_hotel",
    "Book hotel rooms in a city for a stay.",
    {
        "city": S,
        "check_in": {"type": "string", "format": "date"},
        "check_out": {"type": "string", "format": "date"},
        "guests": INT,
    },
)
BUS = tool(
    "search_buses",
    "查询两个城市之间某天的长途大巴班次",
    {
        "departure_city": {"type": "string", "description": "出发城市"},
        "arrival_city": {"type": "string", "description": "到达城市"},
        "date": {"type": "string", "description": "日期，格式 YYYY-MM-DD"},
    },
)
POINTS = tool(
    "move_points",
    "Move loyalty points between the member's programs.",
    {
        "from_program": {"type": "string", "enum": ["airline", "hotel", "car"]},
        "to_program": {"type": "string", "enum": ["airline", "hotel", "car"]},
        "points": INT,
    },
)


def test_dates_in_order_and_a_count_by_its_unit():
    got = call("On 2027-02-10 I arrive in Lisbon; I leave on 2027-02-13. 3 guests.", HOTEL)
    assert got == {
        "city": "Lisbon",
        "check_in": "2027-02-10",
        "check_out": "2027-02-13",
        "guests": 3,
    }


def test_route_ends_and_a_chinese_date():
    got = call("查一下2027年1月20日从广州到深圳的大巴", BUS, forced=False)
    assert got == {"departure_city": "广州", "arrival_city": "深圳", "date": "2027-01-20"}


def test_enum_members_at_each_end_of_a_route():
    got = call("Please move 5000 points from my hotel program to my airline program.", POINTS)
    assert got == {"from_program": "hotel", "to_program": "airline", "points": 5000}


REMINDER_EN = tool(
    "set_reminder",
    "Set a reminder.",
    {"text": S, "at": {"type": "string", "format": "date-time"}},
)
REMINDER_ZH = tool(
    "set_reminder",
    "设置提醒",
    {"message": {"type": "string", "description": "提醒内容"}, "remind_at": {"type": "string", "format": "date-time"}},
)  # fmt: skip


def test_date_time_from_a_date_and_a_clock_time():
    got = call('Remind me "call the dentist" on 2027-06-09 at 9:15 am.', REMINDER_EN)
    assert got["at"] == "2027-06-09T09:15:00"
    got = call("提醒我：2027年6月9日下午3点半交房租", REMINDER_ZH)
    assert got["remind_at"] == "2027-06-09T15:30:00"


def test_a_date_property_is_never_the_request_and_a_duration_never_the_year():
    meeting = tool(
        "book_slot",
        "Book a meeting slot.",
        {"start": {"type": "string", "format": "date-time"}, "length_minutes": INT},
    )
    got = call("Book the slot with Dana, 2027-11-30 at 16:45, for 25 minutes please.", meeting)
    assert got == {"start": "2027-11-30T16:45:00", "length_minutes": 25}
    got = call("Book a slot with Dana sometime next week.", meeting)
    # a forced call is valid for the schema; the date no one said is the smallest one, never a
    # date read into the request's words
    assert got["start"] == "1970-01-01T00:00:00Z"
    assert call("Book a slot with Dana sometime next week.", meeting, forced=False) is None


def test_numbers_by_unit_not_the_first_number():
    run = tool("log_run", "Log a run.", {"distance_km": NUM, "duration_minutes": INT})
    got = call("On 2027-03-01 I ran 8.5 km in 52 minutes, log it.", run)
    assert got == {"distance_km": 8.5, "duration_minutes": 52}
    water = tool("log_water", "记录喝水量", {"milliliters": INT})
    assert call("记录一下：3月的第2周每天喝了600毫升水", water) == {"milliliters": 600}


def test_a_number_beside_the_property_noun():
    scale = tool("scale_batch", "Scale a recipe.", {"portions_from": INT, "portions_to": INT})
    got = call("The chili makes 6 portions with 500 g beans; I need 15 portions.", scale)
    assert got == {"portions_from": 6, "portions_to": 15}


@pytest.mark.parametrize(
    "prompt",
    ["The server room AC died, this is an emergency!", "机房空调坏了，非常紧急！"],
)
def test_enum_level_by_meaning(prompt):
    outage = tool(
        "report_outage",
        "Report a facilities outage.",
        {"description": S, "priority": {"type": "string", "enum": ["low", "medium", "high"]}},
    )
    assert call(prompt, outage)["priority"] == "high"


CART = tool(
    "add_to_cart",
    "Add products to the shopping cart.",
    {
        "items": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "properties": {"product": S, "quantity": INT},
                "required": ["product", "quantity"],
            },
        }
    },
)


def test_every_listed_item_becomes_an_object():
    got = call("Add 3 boxes of green tea and 2 jars of honey to my cart.", CART)
    assert got["items"] == [
        {"product": "green tea", "quantity": 3},
        {"product": "honey", "quantity": 2},
    ]
    got = call("加入购物车：2瓶酱油、3袋面粉", CART)
    assert got["items"] == [{"product": "酱油", "quantity": 2}, {"product": "面粉", "quantity": 3}]


def test_an_array_of_enum_strings_holds_only_members():
    tags = tool(
        "tag_pull_request",
        "Tag a pull request.",
        {
            "number": INT,
            "tags": {"type": "array", "items": {"type": "string", "enum": ["frontend", "backend", "docs"]}},
        },
    )  # fmt: skip
    got = call('Tag PR #88 as backend and note "needs a second review".', tags)
    assert got == {"number": 88, "tags": ["backend"]}


def test_values_in_the_shape_of_the_description_example():
    deploy = tool(
        "redeploy",
        "Redeploy a service.",
        {"service": {"type": "string", "description": "Service slug, e.g. billing-api"}},
    )
    assert call("Please redeploy payments-gateway now.", deploy, forced=False) == {
        "service": "payments-gateway"
    }
    hours = tool(
        "opening_hours",
        "Opening hours of a restaurant.",
        {"restaurant": {"type": "string", "description": "Restaurant name, e.g. Blue Lotus"}},
    )
    got = call("When does the Golden Dragon close tonight?", hours)
    assert got == {"restaurant": "Golden Dragon"}


def test_a_code_after_its_word_and_digits_only():
    barcode = tool(
        "lookup_barcode",
        "Look up a product by its barcode.",
        {"ean": {"type": "string", "description": "EAN-13 barcode, digits only"}},
    )
    assert call("What product has EAN 4-006381-333931?", barcode) == {"ean": "4006381333931"}
    phone = tool(
        "find_customer",
        "按手机号查找客户",
        {"mobile": {"type": "string", "description": "客户手机号"}},
    )
    assert call("客户的手机号是 186 0101 2233，帮我查一下", phone) == {"mobile": "186 0101 2233"}


def test_a_place_ends_at_its_sentence():
    forecast = tool("get_forecast", "Weather forecast for a city.", {"city": S})
    assert call("I'm visiting Oslo. Will it rain there tomorrow?", forecast) == {"city": "Oslo"}


def test_structured_output_reads_codes_and_dates():
    schema = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "order_no": S,
            "ship_date": {"type": "string", "format": "date"},
            "boxes": INT,
        },
        "required": ["order_no", "ship_date", "boxes"],
    }
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        output_config={"format": {"type": "json_schema", "schema": schema}},
        messages=[
            {
                "role": "user",
                "content": "提取：订单号 DD-2027-0311，发货日期 2027-04-18，共 4 箱。",
            }
        ],
    )
    got = json.loads(r.content[0].text)
    assert got == {"order_no": "DD-2027-0311", "ship_date": "2027-04-18", "boxes": 4}


def test_no_neighbouring_word_for_a_value_not_given():
    barcode = tool("lookup_barcode", "Look up a product by its barcode.", {"ean": S})
    assert call("Could you look up EAN for me?", barcode, forced=False) is None  # it asks
    flight = tool(
        "book_flight",
        "Book a flight for a traveller.",
        {"traveler_name": S, "origin": S, "destination": S},
    )
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        tools=[flight],
        messages=[{"role": "user", "content": "Book me a flight from LIS to OPO."}],
    )
    asked = " ".join(b.text for b in r.content if b.type == "text")
    assert r.stop_reason == "end_turn" and "traveler name" in asked  # who flies is asked,
    assert "origin" not in asked and "destination" not in asked  # not where from or to


def test_a_number_in_another_unit_of_the_measure_and_a_long_code():
    timer = tool("start_timer", "Start a kitchen timer.", {"seconds": INT})
    assert call("Boil the eggs for 8 minutes, start a timer.", timer) == {"seconds": 480}
    parcel = tool("track_shipment", "Track a shipment.", {"waybill": S})
    assert call("Where is 9X2040KT77815 right now?", parcel) == {"waybill": "9X2040KT77815"}


def test_listed_items_end_where_the_list_ends():
    got = call("Add 6 bags of rice and 2 crates of apples, and deliver it quickly.", CART)
    assert got["items"] == [
        {"product": "rice", "quantity": 6},
        {"product": "apples", "quantity": 2},
    ]


def test_a_code_rewritten_as_the_error_example_digits_run_together():
    lookup = tool(
        "find_customer",
        "按手机号查找客户",
        {"mobile": {"type": "string", "description": "客户手机号"}},
    )
    tried = []

    def run_tool(args):
        tried.append(args["mobile"])
        if not args["mobile"].isdigit():
            return "号码格式错误：手机号应为连续的11位数字，例如 13800138000。", True
        return json.dumps({"mobile": args["mobile"], "name": "王芳"}, ensure_ascii=False), False

    client = agentkit.make_client(offline=True)
    messages = [{"role": "user", "content": "查一下手机号 186-0101-2233 的客户"}]
    for _ in range(4):
        r = client.messages.create(model=MODEL, max_tokens=512, tools=[lookup], messages=messages)
        messages.append({"role": "assistant", "content": r.content})
        if r.stop_reason != "tool_use":
            break
        results = []
        for b in r.content:
            if b.type == "tool_use":
                out, err = run_tool(b.input)
                results.append(
                    {"type": "tool_result", "tool_use_id": b.id, "content": out, "is_error": err}
                )
        messages.append({"role": "user", "content": results})
    assert tried == ["186-0101-2233", "18601012233"]


@pytest.mark.parametrize(
    ("prompt", "ends"),
    [
        ("Any trains between Leeds and York on 2027-08-01?", ("Leeds", "York")),
        ("I'd like to go to Porto from Madrid on 2027-08-01.", ("Madrid", "Porto")),
        ("Trains Leeds to York, 2027-08-01", ("Leeds", "York")),
        ("帮我看看2027年8月1日杭州到南京的火车", ("杭州", "南京")),
        ("2027年8月1日从昆明开往大理的火车还有票吗", ("昆明", "大理")),
    ],
)
def test_route_ends_in_other_wordings(prompt, ends):
    trains = tool(
        "find_trains",
        "Find trains between two stations on a day.",
        {"departure": S, "arrival": S, "day": {"type": "string", "format": "date"}},
    )
    assert call(prompt, trains) == {"departure": ends[0], "arrival": ends[1], "day": "2027-08-01"}


def test_unit_members_and_a_plain_list():
    convert = tool(
        "convert_weight",
        "Convert a weight between units.",
        {
            "value": NUM,
            "source_unit": {"type": "string", "enum": ["g", "kg", "lb"]},
            "target_unit": {"type": "string", "enum": ["g", "kg", "lb"]},
        },
    )
    got = call("How much is 2.5 kilos in grams?", convert)
    assert got == {"value": 2.5, "source_unit": "kg", "target_unit": "g"}
    packing = tool(
        "add_to_packing_list",
        "Add things to the packing list.",
        {"things": {"type": "array", "items": S}},
    )
    assert call("Put sunscreen, a towel and flip-flops on my packing list.", packing) == {
        "things": ["sunscreen", "towel", "flip-flops"]
    }
    assert call("把雨伞、充电器和护照加到行李清单", packing) == {
        "things": ["雨伞", "充电器", "护照"]
    }


def test_counts_in_words_and_a_city_where_something_is_booked():
    stay = tool(
        "reserve_stay",
        "预订民宿",
        {"city": {"type": "string", "description": "城市"}, "arrival": {"type": "string", "format": "date"},
         "nights": INT, "rooms": INT},
    )  # fmt: skip
    got = call("想在厦门订两间房，2027年10月2日到，住四晚", stay)
    assert got == {"city": "厦门", "arrival": "2027-10-02", "nights": 4, "rooms": 2}
    order = tool(
        "order_drinks",
        "Order drinks.",
        {"drink": S, "quantity": INT, "size": {"type": "string", "enum": ["small", "large"]}},
    )
    assert call("Three small iced teas for table 9, please.", order) == {
        "drink": "iced teas",
        "quantity": 3,
        "size": "small",
    }


def test_a_title_is_one_clause_and_a_value_labelled_by_the_description():
    meeting = tool(
        "schedule_meeting",
        "安排会议",
        {"subject": {"type": "string", "description": "会议主题"}, "start": {"type": "string", "format": "date-time"}},
    )  # fmt: skip
    got = call("安排会议：招聘周会，2027年2月1日下午2点", meeting)
    assert got == {"subject": "招聘周会", "start": "2027-02-01T14:00:00"}
    assert call("下周安排个会，主题是年度预算", meeting, valid=False)["subject"] == "年度预算"


@pytest.mark.parametrize(
    ("prompt", "channel"),
    [
        ("Send the receipt to my phone, not by email, SMS is fine.", "sms"),
        ("收据别发邮件，发短信给我就行", "短信"),
    ],
)
def test_a_member_the_text_refuses_is_not_taken(prompt, channel):
    notify = tool(
        "send_receipt",
        "Send a receipt.",
        {"channel": {"type": "string", "enum": ["email", "sms", "邮件", "短信"]}},
    )
    assert call(prompt, notify)["channel"] == channel


def test_noon_is_a_clock_time():
    lunch = tool("book_lunch", "Book lunch.", {"when": {"type": "string", "format": "date-time"}})
    assert call("Lunch with the team on 2027-09-15 at noon.", lunch) == {
        "when": "2027-09-15T12:00:00"
    }


def extract(text, properties):
    schema = {
        "type": "object",
        "additionalProperties": False,
        "properties": properties,
        "required": list(properties),
    }
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        output_config={"format": {"type": "json_schema", "schema": schema}},
        messages=[{"role": "user", "content": text}],
    )
    return json.loads(r.content[0].text)


def test_extraction_of_people_companies_and_chinese_labels():
    got = extract(
        "Card details: Priya Shah, works at Globex Inc., write to priya@globex.example",
        {"name": S, "company": S, "email": S},
    )
    assert got == {"name": "Priya Shah", "company": "Globex Inc.", "email": "priya@globex.example"}
    got = extract(
        "提取：王磊，2027年7月1日到岗，职位是数据分析师，签约单位为杭州云帆网络有限公司。",
        {
            "name": S,
            "position": S,
            "employer": S,
            "start_date": {"type": "string", "format": "date"},
        },
    )
    assert got == {
        "name": "王磊",
        "position": "数据分析师",
        "employer": "杭州云帆网络有限公司",
        "start_date": "2027-07-01",
    }


# ---------------------------------------------------------------- after the second review


def _args(prompt, name, description, properties, required):
    from agentkit.sim import general
    from agentkit.sim.arguments import gather
    from agentkit.sim.view import _tool

    schema = {"type": "object", "properties": properties, "required": required}
    t = _tool(name, name, {"name": name, "description": description, "input_schema": schema})
    return general.arguments(t, gather(prompt, []))[0][0]


def test_a_place_a_thing_goes_to_fills_a_country():
    got = _args("Price to post a 1.2 kg box to Norway.", "postage", "Postage abroad by weight.",
                {"weight_kg": {"type": "number"}, "country": {"type": "string"}},
                ["weight_kg", "country"])  # fmt: skip
    assert got == {"weight_kg": 1.2, "country": "Norway"}


def test_how_many_of_one_unit_is_a_quantity_of_another():
    got = _args("How many litres is 3 gallons?", "convert", "Convert between units.",
                {"value": {"type": "number"}, "from_unit": {"type": "string"},
                 "to_unit": {"type": "string"}}, ["value", "from_unit", "to_unit"])  # fmt: skip
    assert got == {"value": 3, "from_unit": "gallons", "to_unit": "litres"}


def test_a_storey_in_chinese_numerals_is_a_number():
    got = _args("五层还有会议室吗", "rooms_on_floor", "查询某层的会议室", {"floor": {"type": "integer"}},
                ["floor"])  # fmt: skip
    assert got == {"floor": 5}


@pytest.mark.parametrize(
    "prompt, thing", [("Actually take the pears off again", "pears"), ("把香菜划掉吧", "香菜")]
)
def test_the_thing_taken_off_a_list_is_named(prompt, thing):
    got = _args(prompt, "remove_item", "Remove an item from the list.", {"item": {"type": "string"}},
                ["item"])  # fmt: skip
    assert got == {"item": thing}


def test_listed_items_wait_for_the_results_that_give_their_values_then_take_their_own():
    from test_any_tools import ended, run, tool

    price = tool(
        "get_price", "Price per kg of a grocery item.", {"item": {"type": "string"}}, ["item"]
    )
    line = {
        "type": "object",
        "properties": {
            "item": {"type": "string"},
            "kg": {"type": "number"},
            "price_per_kg": {"type": "number"},
        },
        "required": ["item", "kg", "price_per_kg"],
    }
    quote = tool(
        "quote_order",
        "Quote an order from its lines.",
        {"lines": {"type": "array", "items": line}},
        ["lines"],
    )
    prices = {"basmati": 4.2, "lentils": 2.5}

    def shop(name, args):
        if name == "get_price":
            return json.dumps({"item": args["item"], "price_per_kg": prices[args["item"]]})
        return f"Quote Q-9: {sum(x['kg'] * x['price_per_kg'] for x in args['lines']):.2f}"

    t = run(
        "I need 3 kg of basmati and 2 kg of lentils. Look up both prices, then quote my order.",
        [price, quote],
        shop,
    )
    assert sorted(a["item"] for _, a in t.calls[0]) == ["basmati", "lentils"]
    assert t.calls[1] == [
        (
            "quote_order",
            {
                "lines": [
                    {"item": "basmati", "kg": 3, "price_per_kg": 4.2},
                    {"item": "lentils", "kg": 2, "price_per_kg": 2.5},
                ]
            },
        )
    ]
    ended(t)
    assert "17.60" in t.answer


@pytest.mark.parametrize(
    "prompt, members, given",
    [
        (
            'How would our glossary render "Keep the lid closed" in French?',
            ["en", "fr", "it"],
            ("en", "fr"),
        ),
        ("把“小心台阶”翻译成韩语", ["zh-CN", "ko-KR", "en-US"], ("zh-CN", "ko-KR")),
        (
            "Translate from Italian to English: 'uscita di emergenza'",
            ["en", "fr", "it"],
            ("it", "en"),
        ),
    ],
)
def test_languages_named_by_their_names_fill_the_codes_of_each_end(prompt, members, given):
    from test_any_tools import run, tool

    glossary = tool(
        "glossary_lookup",
        "Look up the approved translation of a phrase.",
        {
            "phrase": {"type": "string"},
            "from_lang": {"type": "string", "enum": members},
            "to_lang": {"type": "string", "enum": members},
        },
        ["phrase", "from_lang", "to_lang"],
    )
    t = run(prompt, [glossary], lambda n, a: "approved: ...")
    [(_, args)] = t.calls[0]
    assert (args["from_lang"], args["to_lang"]) == given


@pytest.mark.parametrize(
    "prompt, place",
    [
        ("We're driving to Santa Fe next week - what's the forecast?", "Santa Fe"),
        ("Heading to Oslo on Monday. Weather?", "Oslo"),
        ("下个月去厦门玩，那边天气怎么样？", "厦门"),
    ],
)
def test_a_place_the_user_goes_to_is_the_place_asked_about(prompt, place):
    from test_any_tools import run, tool

    sky = tool("sky_report", "Weather forecast for a city.", {"city": {"type": "string"}}, ["city"])
    t = run(prompt, [sky], lambda n, a: "mild")
    assert t.calls[0] == [("sky_report", {"city": place})]
