"""Values the request states as names, words or shapes rather than labels (agentkit.sim.arguments,
sim.values, sim.languages, sim.structured): a code right after the property's own noun, a proper
name for a name of no known role, a month with its year, a number written in words, a language's
regional variety, a title that is what the request's verb acts on, a place after "at the", the
thing a record counts, a country by its people's adjective, a Chinese place between a day and the
time of day, a quoted title line. Each request goes through the real SDK to the offline stand-in;
every input is checked against its tool's schema."""

import json

import jsonschema
from pydantic import BaseModel
from test_arguments import INT, MODEL, S, tool  # the same helpers as the schema-filling tests

import agentkit

MONTH = {"type": "string", "description": "YYYY-MM"}


def calls(prompt, t, forced=False):
    """The inputs of the stand-in's calls of `t`, each valid for the schema."""
    client = agentkit.make_client(offline=True)
    extra = {"tool_choice": {"type": "tool", "name": t["name"]}} if forced else {}
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        tools=[t],
        messages=[{"role": "user", "content": prompt}],
        **extra,
    )
    uses = [b.input for b in r.content if b.type == "tool_use"]
    for u in uses:
        jsonschema.validate(u, t["input_schema"])
    return uses


RENEW = tool("renew_loan", "Renew a library loan for a patron.", {"loan_id": S, "patron_id": S})


def test_a_code_after_its_own_noun_is_that_property_s():
    (got,) = calls("My patron number is P-4410. Please renew my loan.", RENEW, forced=True)
    assert got["patron_id"] == "P-4410"
    assert got["loan_id"] != "P-4410"


def test_a_name_of_no_known_role_is_the_proper_name_said():
    venue = tool("check_venue", "Check whether a venue is free.", {"venue_name": S})
    assert calls("Is Cobblestone Hall free for our quiz night?", venue) == [
        {"venue_name": "Cobblestone Hall"}
    ]
    bill = tool(
        "create_bill",
        "Create a bill to pay a supplier.",
        {"payee_name": S, "amount": {"type": "number"}, "currency": S},
    )
    (got,) = calls("Bill Lindqvist Joinery three hundred and twenty pounds, please.", bill)
    assert got["payee_name"] == "Lindqvist Joinery"
    assert got["amount"] == 320
    assert got["currency"] == "GBP"


def test_a_month_is_its_year_and_month():
    usage = tool(
        "get_usage", "Water usage of an account for a month.", {"account": S, "month": MONTH}
    )
    assert calls("What was the water usage on account W-118 in October 2026?", usage) == [
        {"account": "W-118", "month": "2026-10"}
    ]
    got = calls("查一下账户W-118在2026年7月、8月的用水量", usage)
    assert sorted(g["month"] for g in got) == ["2026-07", "2026-08"]


def test_a_language_s_region_picks_its_variety():
    speak = tool(
        "read_aloud",
        "Read a text aloud.",
        {"text": S, "locale": {"type": "string", "enum": ["es-ES", "es-MX", "en-US", "en-GB"]}},
    )
    assert calls('Read "Hola a todos" aloud in Mexican Spanish.', speak)[0]["locale"] == "es-MX"
    assert calls('Read "Hola a todos" aloud in Spanish.', speak)[0]["locale"] == "es-ES"
    assert calls("用英式英语朗读“Good morning”", speak, forced=True)[0]["locale"] == "en-GB"


def test_a_title_is_what_the_verb_acts_on_and_a_place_follows_at_the():
    event = tool(
        "add_event",
        "Add an event to the society's calendar.",
        {"title": S, "start": {"type": "string", "description": "YYYY-MM-DDTHH:MM"}, "venue": S},
        ["title", "start"],
    )
    (got,) = calls(
        "Put a piano recital rehearsal on the calendar for 2027-02-03 at 18:30, at the Old "
        "Granary.",
        event,
    )
    assert got["title"] == "piano recital rehearsal"
    assert got["start"].startswith("2027-02-03T18:30")
    machine = tool(
        "reserve_machine",
        "Reserve a workshop machine.",
        {"machine": S, "user_name": S},
    )
    (got,) = calls("Reserve the laser cutter for me, please. Name's Ada Byrne.", machine)
    assert got == {"machine": "laser cutter", "user_name": "Ada Byrne"}


def test_a_record_with_a_count_names_what_it_counts_and_where():
    catch = tool(
        "log_catch",
        "Log an angler's catch.",
        {"species": {"type": "string", "description": "Fish caught"}, "count": INT, "location": S},
    )
    (got,) = calls(
        "Log it: this morning I landed 4 trout on the north shore of Loch Venachar.",
        catch,
        forced=True,
    )
    assert got == {"species": "trout", "count": 4, "location": "Loch Venachar"}


def test_places_a_country_by_its_people_a_region_a_chinese_port():
    vat = tool("get_vat_rate", "Standard VAT rate of a country.", {"country": S})
    assert calls("Work out the invoice with Portuguese VAT, please.", vat) == [
        {"country": "Portugal"}
    ]
    cabins = tool("find_cabins", "Find holiday cabins in a region.", {"region": S})
    assert calls("Any cabins free in the Peak District next weekend?", cabins) == [
        {"region": "Peak District"}
    ]
    ferry = tool("get_ferry_times", "查询某个港口的渡轮班次", {"port": S})
    assert calls("明天大连上午有几班渡轮？", ferry) == [{"port": "大连"}]


class Book(BaseModel):
    title: str
    author: str


def test_a_first_line_that_quotes_a_name_gives_the_title():
    client = agentkit.make_client(offline=True)
    r = client.messages.parse(
        model=MODEL,
        max_tokens=512,
        messages=[
            {
                "role": "user",
                "content": 'Extract the book:\n\nNew release: "Salt for the Road"\n'
                "Written by Mara Quill, out in March.",
            }
        ],
        output_format=Book,
    )
    assert r.parsed_output.title == "Salt for the Road"


def test_a_chinese_subject_before_a_word_of_time_and_a_listed_example():
    grades = tool(
        "get_attendance",
        "查询学生某门课的出勤记录",
        {
            "student_name": {"type": "string", "description": "学生姓名"},
            "course": {"type": "string", "description": "课程，例如 物理、化学、生物"},
        },
    )
    assert calls("帮我看看李思远这学期化学课缺了几次", grades, forced=True) == [
        {"student_name": "李思远", "course": "化学"}
    ]
    shelters = tool(
        "search_shelters",
        "Find animal shelters in a city.",
        {"city": S, "animal": {"type": "string", "description": "e.g. dogs, cats or rabbits"}},
    )
    assert calls("苏州现在有几家收容所？", shelters, forced=True)[0]["city"] == "苏州"
    assert calls("Which shelters in Leeds have rabbits?", shelters)[0]["animal"] == "rabbits"


LISTING = {
    "type": "object",
    "properties": {
        "品牌": S,
        "型号": S,
        "里程数": INT,
        "是否过户": {"type": "boolean"},
        "轮胎数量": INT,
        "微信": S,
    },
    "required": ["品牌", "型号", "里程数", "是否过户", "轮胎数量", "微信"],
    "additionalProperties": False,
}


def test_a_listing_s_model_brand_counts_flags_and_handle():
    client = agentkit.make_client(offline=True)
    post = (
        "转让一辆雅马哈 NMAX 155 踏板车，2023年3月上牌，里程数约 5100 公里，可过户。"
        "送备用轮胎两个，价格 9800 元，联系微信 moto_chen77。"
    )
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        messages=[{"role": "user", "content": f"提取这条帖子的信息：\n\n{post}"}],
        output_config={"format": {"type": "json_schema", "schema": LISTING}},
    )
    got = json.loads(r.content[0].text)
    assert got == {
        "品牌": "雅马哈",
        "型号": "NMAX 155",
        "里程数": 5100,
        "是否过户": True,
        "轮胎数量": 2,
        "微信": "moto_chen77",
    }


def test_a_yes_no_said_by_the_flag_s_word():
    room = tool(
        "book_room",
        "Book a hotel room.",
        {"city": S, "is_smoking": {"type": "boolean"}, "has_balcony": {"type": "boolean"}},
    )
    (got,) = calls("Book me a non-smoking room with a balcony in Porto.", room)
    assert got["is_smoking"] is False and got["has_balcony"] is True


def test_a_signature_gives_the_name_title_company_and_phone():
    contact = tool(
        "add_contact",
        "Add a sales lead to the CRM.",
        {"name": S, "company": S, "job_title": S, "email": S, "phone": S},
        ["name", "email"],
    )
    email = (
        "Hello,\n\nPlease send the revised quote by Friday.\n\nKind regards,\nTobias Ekwueme\n"
        "Head of Procurement | Harrow & Finch LLP\nt.ekwueme@harrowfinch.com\n"
        "Mobile: +44 (20) 7946-0321\n"
    )
    (got,) = calls(f"Add the sender as a lead:\n\n{email}", contact, forced=True)
    assert got == {
        "name": "Tobias Ekwueme",
        "company": "Harrow & Finch LLP",
        "job_title": "Head of Procurement",
        "email": "t.ekwueme@harrowfinch.com",
        "phone": "+44 (20) 7946-0321",
    }


FORM = {
    "type": "object",
    "properties": {
        "tenant": {"type": "string", "description": "承租人姓名"},
        "guarantor": {"type": "string", "description": "担保人姓名"},
        "rooms": {"type": "integer", "description": "租用间数（不含储藏间）"},
        "storage_rooms": {"type": "integer", "description": "储藏间数"},
        "monthly_rent_yuan": {"type": "integer"},
        "deposit_yuan": {"type": "integer"},
        "appliances": {"type": "array", "items": S, "description": "配套家电"},
    },
    "required": [
        "tenant",
        "guarantor",
        "rooms",
        "storage_rooms",
        "monthly_rent_yuan",
        "deposit_yuan",
        "appliances",
    ],
    "additionalProperties": False,
}


def test_a_chinese_form_s_labels_numerals_and_lists():
    form = (
        "【租赁登记表】\n承租人：周子航　担保人：林晓雯\n房屋：二楼东侧\n"
        "租用间数：十二间，另有储藏间两间\n月租金：每月人民币12,500元\n押金：叁万伍仟元整\n"
        "配套家电：冰箱、洗衣机、空调"
    )
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        messages=[{"role": "user", "content": f"把这张登记表整理成结构化数据：\n\n{form}"}],
        output_config={"format": {"type": "json_schema", "schema": FORM}},
    )
    assert json.loads(r.content[0].text) == {
        "tenant": "周子航",
        "guarantor": "林晓雯",
        "rooms": 12,
        "storage_rooms": 2,
        "monthly_rent_yuan": 12500,
        "deposit_yuan": 35000,
        "appliances": ["冰箱", "洗衣机", "空调"],
    }


def test_a_date_the_error_wants_with_its_year_last_is_rewritten_so():
    sauna = tool("book_sauna", "Book a sauna session.", {"date": S, "people": INT})
    for prompt, error, fixed in [
        (
            "Book the sauna on 2027-03-05 for 2 people.",
            "Invalid date. Sessions are booked as DD.MM.YYYY, for example 28.02.2027.",
            "05.03.2027",
        ),
        (
            "帮我订2027年3月5日的桑拿，2个人",
            "日期格式错误，应为 MM/DD/YYYY，例如 02/28/2027",
            "03/05/2027",
        ),
    ]:
        client = agentkit.make_client(offline=True)
        sent = {"date": "2027-03-05", "people": 2}
        r = client.messages.create(
            model=MODEL,
            max_tokens=512,
            tools=[sauna],
            messages=[
                {"role": "user", "content": prompt},
                {
                    "role": "assistant",
                    "content": [
                        {"type": "tool_use", "id": "toolu_1", "name": "book_sauna", "input": sent}
                    ],
                },
                {
                    "role": "user",
                    "content": [
                        {
                            "type": "tool_result",
                            "tool_use_id": "toolu_1",
                            "content": error,
                            "is_error": True,
                        }
                    ],
                },
            ],
        )
        uses = [b.input for b in r.content if b.type == "tool_use"]
        assert uses == [{**sent, "date": fixed}]


def test_a_value_from_a_result_field_its_chinese_description_names_and_a_relative_month():
    from agentkit.sim.values import today_date

    on = today_date()
    y, m = divmod(on.month - 2, 12)
    last_month = f"{on.year + y}-{m + 1:02d}"
    tools = [
        tool(
            "lookup_member",
            "按姓名查找会员。",
            {"name": {"type": "string", "description": "会员姓名"}},
        ),
        tool(
            "get_points",
            "查询会员某个月获得的积分。",
            {"member_no": {"type": "string", "description": "会员号"}, "month": MONTH},
        ),
    ]
    client = agentkit.make_client(offline=True)
    messages = [{"role": "user", "content": "王芳上个月一共攒了多少积分？"}]
    made = []
    for _ in range(4):
        r = client.messages.create(model=MODEL, max_tokens=512, tools=tools, messages=messages)
        uses = [b for b in r.content if b.type == "tool_use"]
        if not uses:
            break
        made += [(b.name, b.input) for b in uses]
        messages += [
            {"role": "assistant", "content": r.content},
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": b.id,
                        "content": "姓名: 王芳\n会员号: V-5521\n等级: 金卡"
                        if b.name == "lookup_member"
                        else "积分: 320",
                    }
                    for b in uses
                ],
            },
        ]
    assert made == [
        ("lookup_member", {"name": "王芳"}),
        ("get_points", {"member_no": "V-5521", "month": last_month}),
    ]
    usage = tool(
        "get_usage", "Water usage of an account for a month.", {"account": S, "month": MONTH}
    )
    assert calls("How much water did account W-118 use last month?", usage) == [
        {"account": "W-118", "month": last_month}
    ]


def test_a_chinese_name_is_what_the_question_asks_the_result_of():
    exam = tool(
        "get_inspection",
        "查询车辆某个检测项目的结果",
        {
            "vehicle_id": {"type": "string", "description": "车辆编号，如 V-1001"},
            "indicator_name": {"type": "string", "description": "检测指标名称"},
        },
    )
    assert calls("帮我看一下车辆 V-2048 的刹车片厚度结果合格吗？", exam) == [
        {"vehicle_id": "V-2048", "indicator_name": "刹车片厚度"}
    ]


def test_a_pick_among_results_is_no_value_of_the_tool_s_thing():
    rent = tool("rent_kayak", "Rent a kayak by its id.", {"kayak": {"type": "string"}})
    assert calls("Rent the cheapest one for me.", rent) == []
    assert calls("Rent the Perception Pescador for me.", rent) == [{"kayak": "Perception Pescador"}]
