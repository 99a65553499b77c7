"""Values the prompt gives, taken as the right span (agentkit.sim.arguments, agentkit.sim.each):
a phone number Han characters touch; a Chinese name of a thing set off (before "这个 + noun",
between spaces, after 叫 / 名为) or in the shape of the description's example without the
request's own words; an area a Chinese sentence's subject names; the places a Chinese list
gives, one call each; a person named before "from <company>", and the company one works at;
records listed after a colon, one call per record; a subject without the enum member another
property takes; an age in Chinese numerals; an ordinal that picks an entry counts nothing; a
labelled value of a shaped role (an email) only when it has the shape; a town never an acronym.
Each request goes through the real SDK to the stand-in."""

from test_argument_values import calls
from test_arguments import INT, MODEL, S, tool

import agentkit

MEMBER = tool(
    "find_member",
    "按会员手机号查询会员卡。",
    {"mobile": {"type": "string", "description": "会员手机号"}},
    ["mobile"],
)


def test_a_phone_number_han_characters_touch():
    assert calls("我的手机号15800001111，帮我查一下会员卡", MEMBER) == [{"mobile": "15800001111"}]
    assert calls("查查15800001111的会员卡", MEMBER, forced=True) == [{"mobile": "15800001111"}]


SNAPSHOT = tool(
    "drop_snapshot",
    "删除指定的数据库快照。",
    {"snapshot_name": {"type": "string", "description": "快照名称"}},
    ["snapshot_name"],
)


def test_a_chinese_name_set_off_or_called_is_the_value():
    assert calls("请把 三月报表备份 这个快照删掉", SNAPSHOT) == [{"snapshot_name": "三月报表备份"}]
    assert calls("删除名为周末全量的快照", SNAPSHOT) == [{"snapshot_name": "周末全量"}]
    assert calls("删除上线前全量这个快照", SNAPSHOT) == [{"snapshot_name": "上线前全量"}]


LIFT = tool(
    "reserve_cable_car",
    "按缆车名预订缆车座位。",
    {"car_name": {"type": "string", "description": "缆车名，例如 云杉号"}},
    ["car_name"],
)


def test_a_name_in_the_examples_shape_leaves_the_request_words_off():
    assert calls("帮我订云杉号的座位", LIFT, forced=True) == [{"car_name": "云杉号"}]
    assert calls("麻烦预订雪松号", LIFT, forced=True) == [{"car_name": "雪松号"}]


LIGHTS = tool(
    "light_level",
    "查询指定区域的光照强度。",
    {"zone": {"type": "string", "description": "区域名称"}},
    ["zone"],
)
PEN = tool("pen_status", "Air quality in a barn area.", {"area": S}, ["area"])


def test_an_area_the_sentence_is_about_is_the_zone():
    assert calls("温室区的光照够不够？", LIGHTS) == [{"zone": "温室区"}]


SEATS = tool(
    "count_seats",
    "查询某个影院的空座数量。",
    {"cinema": {"type": "string", "description": "影院所在城市"}, "film": S},
    ["cinema"],
)


def test_a_chinese_list_of_places_is_one_call_each():
    got = calls("看一下南京、苏州、无锡三家影院还有没有空座", SEATS)
    assert [g["cinema"] for g in got] == ["南京", "苏州", "无锡"]


STOCK = tool(
    "bin_count",
    "查询某个门店某个商品的库存。",
    {
        "store": {"type": "string", "description": "门店所在城市"},
        "sku": {"type": "string", "description": "商品编号"},
    },
    ["store", "sku"],
)


def test_a_han_code_joined_by_a_hyphen_is_one_code():
    got = calls("查一下青岛、大连两家门店的螺母-M8还有多少", STOCK)
    assert got == [{"store": "青岛", "sku": "螺母-M8"}, {"store": "大连", "sku": "螺母-M8"}]


PASS = tool(
    "issue_pass",
    "Issue one visitor pass.",
    {
        "visitor_name": S,
        "organisation": S,
        "access": {"type": "string", "enum": ["lobby", "lab", "roof"]},
    },
)


def test_records_listed_are_one_call_each_from_their_own_words():
    got = calls(
        "Issue passes for these visitors: Keiko Tanaka from Orbital Paper (lab), Rahul Menon "
        "from Quarry & Sons (roof), and Lea Dubois from Vantline (lobby).",
        PASS,
    )
    assert got == [
        {"visitor_name": "Keiko Tanaka", "organisation": "Orbital Paper", "access": "lab"},
        {"visitor_name": "Rahul Menon", "organisation": "Quarry & Sons", "access": "roof"},
        {"visitor_name": "Lea Dubois", "organisation": "Vantline", "access": "lobby"},
    ]


COACHES = tool(
    "find_coaches",
    "Find coaches for a sport at a level.",
    {"subject": S, "level": {"type": "string", "enum": ["beginner", "intermediate", "advanced"]}},
)


def test_a_subject_leaves_off_the_member_another_property_takes():
    got = calls("Who can coach intermediate fencing?", COACHES)
    assert got == [{"subject": "fencing", "level": "intermediate"}]


CAMPS = tool(
    "list_camps",
    "列出适合某年龄孩子的夏令营。",
    {"age": {"type": "integer", "description": "孩子年龄（岁）"}},
)
JOIN = tool(
    "join_camp",
    "为孩子报名夏令营。",
    {
        "camp_id": {"type": "string", "description": "营地编号"},
        "child_name": {"type": "string", "description": "孩子姓名"},
    },
)


def test_an_age_in_chinese_numerals_and_an_ordinal_that_picks():
    assert calls("女儿九岁了，有哪些夏令营？", CAMPS) == [{"age": 9}]
    assert calls("儿子十一岁，有什么夏令营", CAMPS) == [{"age": 11}]
    client = agentkit.make_client(offline=True)
    listed = '{"camps": [{"camp_id": "C-31", "名称": "天文"}, {"camp_id": "C-32", "名称": "航模"}]}'
    messages = [
        {"role": "user", "content": "女儿九岁了，有哪些夏令营？"},
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "t1", "name": "list_camps", "input": {"age": 9}}
            ],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "t1", "content": listed}],
        },
        {"role": "assistant", "content": "有天文（C-31）和航模（C-32）。"},
        {"role": "user", "content": "第二个吧，帮李思琪报上。"},
    ]
    r = client.messages.create(model=MODEL, max_tokens=512, tools=[CAMPS, JOIN], messages=messages)
    uses = [(b.name, b.input) for b in r.content if b.type == "tool_use"]
    assert ("list_camps", {"age": 2}) not in uses
    assert uses == [("join_camp", {"camp_id": "C-32", "child_name": "李思琪"})]


LEAD = tool(
    "record_contact",
    "Record a contact from an inbound message.",
    {"name": S, "company": S, "email": S, "headcount": INT},
    ["name", "company", "email"],
)


def test_a_labelled_heading_is_no_email_and_the_employer_is_the_company():
    text = (
        "File the contact from this email:\n\nHello, I'm Noor Haddad, procurement lead at "
        "Saltmarsh Freight. Write to noor.h@saltmarsh.example when you can."
    )
    got = calls(text, LEAD, forced=True)
    assert got[0]["name"] == "Noor Haddad"
    assert got[0]["company"] == "Saltmarsh Freight"
    assert got[0]["email"] == "noor.h@saltmarsh.example"


TIDES = tool(
    "tide_times",
    "High and low tides near a city on a date.",
    {"city": S, "date": {"type": "string", "description": "YYYY-MM-DD"}},
)


def test_a_town_is_never_an_acronym():
    got = calls("When is the next RNLI lifeboat drill tide over Falmouth tomorrow?", TIDES)
    assert got and got[0]["city"] == "Falmouth"


REPAIR = tool(
    "open_repair",
    "提交家电报修单。",
    {
        "serial": {"type": "string", "description": "机身序列号，如 WX-2024-001"},
        "fault": {"type": "string", "description": "故障经过简述"},
        "visits": {"type": "integer", "description": "上门次数"},
    },
    ["fault"],
)
DAMAGE = tool(
    "report_damage",
    "Report damage to a rented car.",
    {"what_happened": S, "phone": S},
    ["what_happened", "phone"],
)


def test_what_happened_is_the_clauses_that_state_it():
    got = calls("我电话13800002222，洗衣机昨晚突然漏水了，地上全是水，想报修一下。", REPAIR)
    assert got == [{"fault": "洗衣机昨晚突然漏水了，地上全是水"}]
    got = calls(
        "A hailstorm dented the roof of the hatchback this morning. I'd like to report it, my "
        "phone is +44 7700 900123.",
        DAMAGE,
    )
    assert got == [
        {
            "what_happened": "A hailstorm dented the roof of the hatchback this morning",
            "phone": "+44 7700 900123",
        }
    ]


def test_records_said_in_a_sentence_are_one_call_each():
    got = calls(
        "Issue passes for Keiko Tanaka from Orbital Paper (lab) and Rahul Menon from Quarry & "
        "Sons (roof), thanks.",
        PASS,
    )
    assert got == [
        {"visitor_name": "Keiko Tanaka", "organisation": "Orbital Paper", "access": "lab"},
        {"visitor_name": "Rahul Menon", "organisation": "Quarry & Sons", "access": "roof"},
    ]


PET = tool(
    "pet_diet",
    "查询宠物的喂食建议。",
    {"pet_kind": {"type": "string", "description": "宠物种类的中文名称"}},
    ["pet_kind"],
)
SENSOR = tool(
    "read_sensor",
    "Latest reading of one greenhouse sensor.",
    {
        "bed": {"type": "string", "description": "Bed label, e.g. N1"},
        "reading": {
            "type": "string",
            "description": "One of humidity, lux, co2, soil temperature.",
        },
    },
    ["bed", "reading"],
)


def test_the_users_own_thing_and_a_member_a_description_lists():
    assert calls("我家的柯尔鸭一天该喂几次？", PET) == [{"pet_kind": "柯尔鸭"}]
    assert calls("Is the lux on bed N4 too low for seedlings?", SENSOR) == [
        {"bed": "N4", "reading": "lux"}
    ]


ORCHARD = tool(
    "find_orchard",
    "按果园主姓名和所在村查找果园档案。",
    {
        "owner_name": {"type": "string", "description": "果园主姓名"},
        "village": {"type": "string", "description": "所在村"},
    },
)
GROOM = tool(
    "grooming_log",
    "查询某只猫某天的美容记录。",
    {"cat": S, "date": {"type": "string", "description": "YYYY-MM-DD"}},
)


def test_a_person_said_with_where_they_are_from_and_a_doubled_nickname():
    got = calls("我是桃花村的李秀英，想查一下我家果园今年的档案。", ORCHARD)
    assert got == [{"owner_name": "李秀英", "village": "桃花村"}]
    got = calls("昨天是谁给球球做的美容？", GROOM)
    assert [g["cat"] for g in got] == ["球球"]


TABLE = tool(
    "reserve_court",
    "Reserve a badminton court.",
    {"day": S, "players": INT},
    ["day", "players"],
)


def test_a_weekdays_numeral_counts_nothing():
    """周三晚上 is Wednesday evening, not three nights: the count is the one said with its people."""
    assert calls("帮我订下周三晚上的场地，6个人", TABLE)[0]["players"] == 6
    assert calls("星期四晚上订个场，我们四个人", TABLE)[0]["players"] == 4
