"""Values the conversation already gives are used, never asked for (agentkit.sim.arguments,
agentkit.sim.general, agentkit.sim.view): a Chinese proper name before the noun of its kind of
place (青松岭公园, 明月湾酒店, 龙华站), never a deictic one (这家酒店); the Chinese name a thing is
of for a place (仓库里云南的茶叶 -> 云南); a street address written whole in English, French,
German or Chinese order, also inside an object property, and for a location; a value an earlier
turn gave (by an earlier call's input of the same name, or the earlier words), unless the user
changes it; a phone number said in groups is no id, a code after one verb character is the id
("订C-5"); an address's house number is no count ("two dozen boxes" is 24). Each request goes
through the real SDK to the stand-in."""

import json

import jsonschema
import pytest

import agentkit

MODEL = agentkit.default_model()
S = {"type": "string"}
INT = {"type": "integer"}
DATE = {"type": "string", "format": "date"}


def tool(name, description, properties, required=None):
    schema = {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
    }
    return {"name": name, "description": description, "input_schema": schema}


def turn(messages, tools, system=None):
    """The stand-in's tool calls for `messages` as (name, input) pairs, and its text."""
    client = agentkit.make_client(offline=True)
    kw = {"system": system} if system else {}
    if isinstance(messages, str):
        messages = [{"role": "user", "content": messages}]
    r = client.messages.create(model=MODEL, max_tokens=512, tools=tools, messages=messages, **kw)
    uses = [b for b in r.content if b.type == "tool_use"]
    by_name = {t["name"]: t for t in tools}
    for b in uses:
        jsonschema.validate(b.input, by_name[b.name]["input_schema"])
    return [(b.name, b.input) for b in uses], "".join(b.text for b in r.content if b.type == "text")


def history(first, name, args, result, answer):
    """A finished first task: the user's words, one call, its result and the answer."""
    return [
        {"role": "user", "content": first},
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "tu_1", "name": name, "input": args}],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "tu_1",
                    "content": json.dumps(result, ensure_ascii=False),
                }
            ],
        },
        {"role": "assistant", "content": answer},
    ]


# ---------------------------------------------------------------- a Chinese name and its kind of place

PARK = tool(
    "get_park_hours",
    "查询公园的开放时间。",
    {"park": {"type": "string", "description": "park name"}},
)
HOTEL = tool("check_hotel_rooms", "Check room availability at a hotel.", {"hotel": S})
BRIDGE = tool("get_traffic", "查询桥梁或道路的实时路况（堵不堵）。", {"road": S})
ER = tool("get_er_wait", "Emergency room waiting time at a hospital.", {"hospital": S})
METRO = tool("next_departure", "查询地铁站下一班车的时间。", {"station": S})


@pytest.mark.parametrize(
    "prompt, t, key, value",
    [
        ("青松岭公园今天开到几点？", PARK, "park", "青松岭公园"),
        ("明月湾酒店这周末还有双床房吗？", HOTEL, "hotel", "明月湾酒店"),
        ("东湖大桥现在堵不堵？", BRIDGE, "road", "东湖大桥"),
        ("龙华站下一班地铁几点到？", METRO, "station", "龙华站"),
        ("第一人民医院急诊现在要等多久？", ER, "hospital", "第一人民医院"),
    ],
)
def test_a_chinese_name_before_its_kind_of_place_is_the_value(prompt, t, key, value):
    got, _ = turn(prompt, [t])
    assert got == [(t["name"], {key: value})]


def test_a_kind_of_place_said_with_a_deictic_names_none():
    got, _ = turn("明月湾酒店这周末还有双床房吗？", [HOTEL])
    assert got == [("check_hotel_rooms", {"hotel": "明月湾酒店"})]
    got, text = turn("这家酒店这周末还有双床房吗？", [HOTEL])
    assert got == [] and "酒店" in text  # (the key said as the user said it: speech rule 2a)


# ---------------------------------------------------------------- the place a thing is of

TEA = tool(
    "get_tea_stock",
    "Tea stock in the warehouse by province.",
    {"province": {"type": "string", "description": "province in English, e.g. Fujian"}},
)
SHIP = tool("ship_tea", "Ship tea to a shop.", {"province": S, "kg": {"type": "number"}, "shop": S})


def test_a_chinese_place_a_thing_is_of_fills_the_place():
    got, _ = turn("仓库里云南的茶叶还剩多少公斤？", [TEA, SHIP])
    assert got == [("get_tea_stock", {"province": "云南"})]


# ---------------------------------------------------------------- street addresses

DELIVERY = tool(
    "schedule_delivery",
    "Schedule a furniture delivery.",
    {
        "item": S,
        "delivery": {
            "type": "object",
            "properties": {"address": S, "date": DATE},
            "required": ["address", "date"],
        },
    },
)
PLUMBER = tool(
    "book_plumber",
    "Book a plumber visit.",
    {"location": {"type": "string", "description": "where the job is"}, "date": DATE},
)
REPAIR = tool("book_repair", "预约家电上门维修。", {"address": S, "date": DATE})


@pytest.mark.parametrize(
    "prompt, written",
    [
        (
            "Please deliver the oak wardrobe to 7 Willow Crescent, Leeds LS6 2AB on 2026-12-15.",
            "7 Willow Crescent, Leeds LS6 2AB",
        ),
        (
            "Deliver the sofa to 3 Avenue des Ternes, Paris on 2026-12-15, thanks.",
            "3 Avenue des Ternes, Paris",
        ),
        (
            "Please deliver the desk to Lindenallee 12, 50968 Köln on 2026-12-15.",
            "Lindenallee 12, 50968 Köln",
        ),
    ],
)
def test_a_street_address_inside_an_object_is_written_whole(prompt, written):
    got, _ = turn(prompt, [DELIVERY])
    assert got[0][1]["delivery"] == {"address": written, "date": "2026-12-15"}


def test_a_location_takes_the_street_address_written_whole():
    got, _ = turn(
        "Can you book a plumber visit at 221 Baker Street, London on 2026-12-07?", [PLUMBER]
    )
    assert got[0][1]["location"] == "221 Baker Street, London"


def test_a_chinese_road_and_number_is_the_address():
    got, _ = turn("帮我预约2026年12月7日上门维修，朝阳区建国路88号。", [REPAIR])
    assert got == [("book_repair", {"address": "朝阳区建国路88号", "date": "2026-12-07"})]


PICKUP = tool(
    "collect_bulky_waste",
    "Collect bulky waste from a home.",
    {
        "address": S,
        "pieces": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "kind": {"type": "string", "enum": ["mattress", "sofa", "fridge", "wardrobe"]},
                    "count": INT,
                },
                "required": ["kind", "count"],
            },
        },
    },
)


def test_an_address_number_is_no_count_and_a_dozen_is_twelve():
    got, _ = turn(
        "Could you collect from 58 Quay Street, Galway? It's a dozen mattresses and two sofas.",
        [PICKUP],
    )
    assert got == [
        (
            "collect_bulky_waste",
            {
                "address": "58 Quay Street, Galway",
                "pieces": [{"kind": "mattress", "count": 12}, {"kind": "sofa", "count": 2}],
            },
        )
    ]


# ---------------------------------------------------------------- values of earlier turns

FIND_COURTS = tool(
    "find_courts",
    "查询空闲的羽毛球场地。",
    {
        "date": {"type": "string", "description": "YYYY-MM-DD"},
        "time": {"type": "string", "description": "HH:MM"},
        "players": INT,
    },
)
BOOK_COURT = tool(
    "book_court",
    "预订场地。",
    {
        "court_id": S,
        "date": {"type": "string", "description": "YYYY-MM-DD"},
        "time": {"type": "string", "description": "HH:MM"},
        "hours": INT,
        "phone": S,
    },
)
COURTS = history(
    "周五晚上七点，4个人，羽毛球场还有空的吗？",
    "find_courts",
    {"date": "2026-12-11", "time": "19:00", "players": 4},
    {"courts": [{"court_id": "C-3", "fee": 80}, {"court_id": "C-5", "fee": 60}]},
    "有两块场地：C-3（80元）和 C-5（60元）。",
)


def test_a_chinese_follow_up_keeps_the_day_and_time_of_the_first_turn():
    msgs = COURTS + [{"role": "user", "content": "订C-5吧，打两个小时，手机 139 1234 5678。"}]
    got, _ = turn(msgs, [FIND_COURTS, BOOK_COURT], system="今天是2026-12-06。")
    assert got == [
        (
            "book_court",
            {
                "court_id": "C-5",
                "date": "2026-12-11",
                "time": "19:00",
                "hours": 2,
                "phone": "139 1234 5678",
            },
        )
    ]


def test_a_phone_said_in_groups_gives_no_id():
    msgs = COURTS + [
        {"role": "user", "content": "订最便宜的那块，打两个小时，手机 139 1234 5678。"}
    ]
    got, _ = turn(msgs, [FIND_COURTS, BOOK_COURT], system="今天是2026-12-06。")
    assert got[0][1]["court_id"] == "C-5"


SEARCH_TEE = tool(
    "search_tee_times",
    "Find free tee times.",
    {"course": S, "date": DATE, "time": {"type": "string", "description": "HH:MM"}, "players": INT},
)
BOOK_TEE = tool(
    "book_tee_time",
    "Book a tee time.",
    {"slot_id": S, "course": S, "date": DATE, "players": INT, "name": S},
)
TEES = history(
    "Any tee times at Pinecrest next Saturday at 9am for 3 players?",
    "search_tee_times",
    {"course": "Pinecrest", "date": "2026-12-12", "time": "09:00", "players": 3},
    {"slots": [{"slot_id": "T-901", "green_fee": 55}, {"slot_id": "T-915", "green_fee": 49}]},
    "Two slots: T-901 ($55) and T-915 ($49).",
)


def test_an_english_follow_up_keeps_the_values_of_the_first_turn():
    msgs = TEES + [{"role": "user", "content": "Book T-915 under the name Olu Bakare."}]
    got, _ = turn(msgs, [SEARCH_TEE, BOOK_TEE], system="Today is 2026-12-06.")
    assert got == [
        (
            "book_tee_time",
            {
                "slot_id": "T-915",
                "course": "Pinecrest",
                "date": "2026-12-12",
                "players": 3,
                "name": "Olu Bakare",
            },
        )
    ]


def test_a_value_the_user_changes_is_the_new_one():
    msgs = TEES + [
        {"role": "user", "content": "Book T-915 for 4 players, under the name Olu Bakare."}
    ]
    got, _ = turn(msgs, [SEARCH_TEE, BOOK_TEE], system="Today is 2026-12-06.")
    assert got[0][1]["players"] == 4 and got[0][1]["date"] == "2026-12-12"


SERVICE = tool(
    "create_service_job",
    "Create an appliance service job.",
    {"customer_name": S, "phone": S, "address": S, "appliance_brand": S},
)
LETTER = """Subject: service visit
Hello, our Miele dishwasher keeps stopping mid-cycle. Can someone come next week?
Address: Apt 12, 88 Kingsway, Manchester M20 5PG. Phone 0161 555 0199. — Priya Lal"""


def test_a_labelled_address_is_whole_and_its_words_are_no_other_value():
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        tools=[SERVICE],
        tool_choice={"type": "tool", "name": "create_service_job"},
        messages=[{"role": "user", "content": LETTER}],
    )
    got = next(b.input for b in r.content if b.type == "tool_use")
    assert got["address"] == "Apt 12, 88 Kingsway, Manchester M20 5PG"
    assert got["customer_name"] == "Priya Lal"
    assert got["appliance_brand"] == "Miele"


GIFTS = tool(
    "send_gift_box",
    "Send a gift box.",
    {"address": S, "contents": {"type": "array", "items": S}},
)


def test_an_address_s_commas_list_nothing():
    got, _ = turn(
        "Send a candle, socks and honey to Flat 5, 31 Juniper Gardens, York YO1 7HH please.",
        [GIFTS],
    )
    assert got == [
        (
            "send_gift_box",
            {
                "address": "Flat 5, 31 Juniper Gardens, York YO1 7HH",
                "contents": ["candle", "socks", "honey"],
            },
        )
    ]


ELECTRICIAN = tool(
    "book_electrician",
    "Book an electrician visit.",
    {"location": {"type": "string", "description": "where the job is"}, "date": DATE, "fault": S},
)


def test_an_address_s_words_are_no_item_and_a_fault_is_the_statement_after_the_request():
    got, _ = turn(
        "Please deliver the walnut bookcase to 4 Orchard Rise, Bath BA1 2QT on 2026-12-15.",
        [DELIVERY],
    )
    assert got[0][1]["item"] == "walnut bookcase"
    got, _ = turn(
        "Can you book an electrician visit at 19 Mill Lane, Derby on 2026-12-08? "
        "The kitchen lights keep tripping.",
        [ELECTRICIAN],
    )
    assert got == [
        (
            "book_electrician",
            {
                "location": "19 Mill Lane, Derby",
                "date": "2026-12-08",
                "fault": "The kitchen lights keep tripping",
            },
        )
    ]
