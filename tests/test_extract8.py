"""Fields extracted from a text by a forced tool call or a structured output (round 8, extract):
a value in the unit the property names ("两吨半" for a weight in kg), decimals said after a
measure ("三十八度五"), thousands set off by spaces and 万 in a range, a date by the role its
label gives (due / issued), a mail's sender by its domain, a record's person after their role,
lists holding the items of their own label only (allergies, symptoms), a place named by its
number, and the tool whose act a request asks for under tool_choice "any". Each runs through
the real SDK client against the offline stand-in, in domains of its own."""

import json

import agentkit
from agentkit.sim import values

MODEL = agentkit.default_model()


def tool(name, description, properties, required=None):
    required = list(properties) if required is None else required
    schema = {"type": "object", "properties": properties, "required": required}
    return {"name": name, "description": description, "input_schema": schema}


def forced(tools, text, system=None, choice=None):
    client = agentkit.make_client(offline=True)
    kw = {"system": system} if system else {}
    resp = client.messages.create(
        model=MODEL,
        max_tokens=512,
        tools=tools,
        tool_choice=choice or {"type": "tool", "name": tools[0]["name"]},
        messages=[{"role": "user", "content": text}],
        **kw,
    )
    return next((b.name, b.input) for b in resp.content if b.type == "tool_use")


def structured(schema, text):
    client = agentkit.make_client(offline=True)
    resp = client.messages.create(
        model=MODEL,
        max_tokens=512,
        output_config={"format": {"type": "json_schema", "schema": schema}},
        messages=[{"role": "user", "content": text}],
    )
    return json.loads("".join(b.text for b in resp.content if b.type == "text"))


def obj(properties):
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


STR, NUM, INT, BOOL = ({"type": t} for t in ("string", "number", "integer", "boolean"))
LIST = {"type": "array", "items": {"type": "string"}}
DATE = {"type": "string", "description": "YYYY-MM-DD"}


def test_numbers_said_with_a_half_a_tenth_or_in_groups():
    said = values.digits_for_words
    assert said("鱼塘捞了一吨半草鱼") == "鱼塘捞了1.5吨草鱼"
    assert said("体温三十八度五") == "体温38.5度"
    assert said("Budget: EUR 120 000 – 150 000 a year") == "Budget: EUR 120000 – 150000 a year"
    assert said("on March 5 200 guests came") == "on March 5 200 guests came"
    assert said("月薪1.5万到2万") == "月薪15000到20000"
    assert values.converted("kilogram", "3.5 tonnes of gravel") == [("3.5", 3500)]
    assert said("roughly one and a half thousand leaflets") == "roughly 1500 leaflets"
    assert "20.3" not in said("气温二十度三天后降温")  # a count of days after it is no tenth


def test_a_count_said_in_thousands():
    quote = tool(
        "quote_print_job",
        "Price a print job",
        {"leaflet_count": INT, "paper": {"type": "string", "enum": ["matte", "gloss"]}},
    )
    _name, got = forced([quote], "What would roughly one and a half thousand gloss leaflets cost?")
    assert got == {"leaflet_count": 1500, "paper": "gloss"}


def test_weight_in_the_unit_the_property_names_zh():
    pond = tool(
        "log_catch",
        "Log a fish-farm catch",
        {
            "pond": {"type": "string", "description": "pond name or number"},
            "produce": STR,
            "catch_kg": NUM,
            "date": DATE,
        },
    )
    _name, got = forced([pond], "记一下：前天二号鱼塘捞了一吨半草鱼。", system="今天是2027-03-10。")
    assert got == {"pond": "二号鱼塘", "produce": "草鱼", "catch_kg": 1500, "date": "2027-03-08"}


def test_weight_in_the_unit_the_property_names_en():
    pick = tool(
        "log_pick",
        "Record an orchard pick",
        {
            "block": {"type": "string", "description": "block name or number"},
            "crop": STR,
            "weight_kg": NUM,
        },
    )
    _name, got = forced([pick], "Log it: picked two and a half tonnes of apples from orchard 4.")
    assert got == {"block": "orchard 4", "crop": "apples", "weight_kg": 2500}


def test_a_range_in_groups_of_thousands_and_in_wan():
    schema = obj({"role": STR, "budget_min": INT, "budget_max": INT})
    got = structured(
        schema,
        "Extract the tender:\n\nCity of Ravnholt seeks a bridge inspector. "
        "Budget: DKK 420 000 – 480 000 for the season, two site visits a week.",
    )
    assert (got["budget_min"], got["budget_max"]) == (420000, 480000)
    got = structured(
        obj({"rent_min": INT, "rent_max": INT}), "整理一下：想在滨江租两居室，月租1.2万到1.5万。"
    )
    assert (got["rent_min"], got["rent_max"]) == (12000, 15000)


BILL = """From: billing@harbour-print-works.example
Subject: Bill HP-5521

Thanks for your order of 500 flyers. Amount due: 310.00 GBP.
Please pay within 14 days of the issue date (3 March 2027), that is by 17 March 2027.
"""


def test_a_date_by_its_role_and_a_sender_by_its_domain():
    bill = tool(
        "file_bill",
        "File a supplier bill",
        {
            "supplier": STR,
            "bill_no": STR,
            "amount": NUM,
            "due_date": DATE,
            "issue_date": DATE,
        },
    )
    _name, got = forced([bill], "File this bill:\n\n" + BILL)
    assert got["supplier"] == "Harbour Print Works"
    assert got["due_date"] == "2027-03-17"
    assert got["issue_date"] == "2027-03-03"
    assert got["amount"] == 310.0


def test_a_patient_record_zh():
    schema = obj(
        {"name": STR, "age": INT, "symptoms": LIST, "temperature_c": NUM, "allergies": LIST}
    )
    note = (
        "病人司马静怡，女，三十五岁。主诉头痛两天，伴有恶心（体温三十八度五）和畏光。对海鲜过敏。"
    )
    got = structured(schema, "把这份记录整理成结构化数据：\n" + note)
    assert got["name"] == "司马静怡"
    assert got["age"] == 35
    assert got["temperature_c"] == 38.5
    assert got["symptoms"] == ["头痛", "恶心", "畏光"]
    assert got["allergies"] == ["海鲜"]


def test_a_patient_record_en():
    schema = obj({"name": STR, "symptoms": LIST, "allergies": LIST})
    note = (
        "Patient: Omar Haddad, 58, male. Presents with chest tightness for two hours, "
        "with a dry cough (since 6.30 am) and shortness of breath. No known allergies."
    )
    got = structured(schema, "Structure this triage note:\n" + note)
    assert got["name"] == "Omar Haddad"
    assert got["symptoms"] == ["chest tightness", "dry cough", "shortness of breath"]
    assert got["allergies"] == []


def test_any_takes_the_tool_whose_act_is_asked_zh():
    tools = [
        tool("create_task", "新建待办事项", {"title": STR, "due": {"type": "string"}}),
        tool("send_text", "给手机号发文字消息", {"mobile": STR, "body": STR}),
        tool("lookup_person", "按名字查人", {"name": STR}),
    ]
    name, got = forced(
        tools,
        "帮我给李老师发个消息，号码13811112222，告诉他周五的讲座改到下午两点。",
        system="今天是2027-03-10。",
        choice={"type": "any"},
    )
    assert name == "send_text"
    assert got["mobile"] == "13811112222"
    assert got["body"].startswith("周五的讲座改到下午两点")


def test_rooms_by_their_short_form_and_a_sum_never_a_count():
    schema = obj({"bedrooms": INT, "bathrooms": INT, "monthly_rent_usd": NUM, "garden": BOOL})
    got = structured(
        schema,
        "Summarise this ad:\nCosy three-bed, one-bath cottage near Elmstead Green. "
        "Rent is $1,980 a month, small garden at the back.",
    )
    assert (got["bedrooms"], got["bathrooms"], got["monthly_rent_usd"]) == (3, 1, 1980)
    got = structured(
        obj({"rent_per_month_usd": NUM}), "Summarise:\nFlat in Leith, $1,400/mo, 6-month lease."
    )
    assert got == {"rent_per_month_usd": 1400}  # a lease's months are no rent


def test_a_sum_said_as_periods_of_rent():
    schema = obj({"monthly_rent_eur": NUM, "deposit_eur": NUM})
    got = structured(
        schema,
        "Extract the terms:\n\nThe studio on Keizersgracht rents for 1,200 euros a month; a "
        "security deposit of three months' rent is due at signing.",
    )
    assert got == {"monthly_rent_eur": 1200, "deposit_eur": 3600}
    got = structured(obj({"deposit_months": INT}), "The deposit is three months' rent.")
    assert got == {"deposit_months": 3}
    got = structured(
        obj({"月租": NUM, "押金": NUM}),
        "整理一下：这套一居室月租4500元，押金两个月房租，下月起租。",
    )
    assert got == {"月租": 4500, "押金": 9000}


EVENT = obj(
    {
        "name": {"type": "string", "description": "event name"},
        "date": DATE,
        "venue": STR,
    }
)


def test_an_event_by_the_sentence_that_holds_it_and_its_document_day_zh():
    schema = obj(
        {
            "name": {"type": "string", "description": "活动名称"},
            "date": {"type": "string", "description": "活动日期 YYYY-MM-DD"},
            "venue": {"type": "string", "description": "地点"},
        }
    )
    notice = (
        "【图书馆通知】\n下月3号上午九点，在星湖图书馆三楼报告厅举办“城市记忆”摄影展。\n"
        "欢迎读者参观。\n                星湖图书馆  2027年4月18日"
    )
    got = structured(schema, "请从下面的通知中提取活动信息：\n\n" + notice)
    assert got == {"name": "城市记忆摄影展", "date": "2027-05-03", "venue": "星湖图书馆三楼报告厅"}


def test_an_event_by_the_sentence_that_holds_it_en():
    note = (
        "The Friends of Alder Park will host the Alder Park Plant Swap at the Old Boathouse on "
        "the 14th of this month.\nBring cuttings!\nFriends of Alder Park, 2 May 2027"
    )
    got = structured(EVENT, "Pull the event out of this notice:\n\n" + note)
    assert got == {"name": "Alder Park Plant Swap", "date": "2027-05-14", "venue": "Old Boathouse"}
