"""Each field of an extracted record from the span of the text that answers it (round 9,
extract: `sim/spans.py`): the label that names the field or its kind ("Address:", "住址：",
"参会人员：" for attendees, "地点：" for a room), a label never left in a value, a list kept to the
clause its own name opens ("For cakes we'd like ..."), a Chinese order's first thing and the
things after it, a person by their title or signature, a brand before what it makes, a thing as
the object of the record's act, a value used by one field only, a weekday beside a written date
of that weekday, and one call per record under tool_choice "any". Each runs through the real SDK
client against the offline stand-in, in domains of its own."""

import agentkit
from tests.test_extract8 import obj, structured, tool

MODEL = agentkit.default_model()


def forced(tools, text, choice=None):
    """Every tool_use of the reply (tool_choice "any" may make one call per record)."""
    client = agentkit.make_client(offline=True)
    resp = client.messages.create(
        model=MODEL,
        max_tokens=512,
        tools=tools,
        tool_choice=choice or {"type": "tool", "name": tools[0]["name"]},
        messages=[{"role": "user", "content": text}],
    )
    return [(b.name, b.input) for b in resp.content if b.type == "tool_use"]


S, INT, N = ({"type": t} for t in ("string", "integer", "number"))
LIST = {"type": "array", "items": {"type": "string"}}
DATE = {"type": "string", "description": "YYYY-MM-DD"}


def test_a_labelled_address_a_signature_and_a_brand_en():
    job = tool(
        "book_boiler_service",
        "Book a boiler service visit.",
        {"customer_name": S, "phone": S, "address": S, "boiler_make": S, "visit_date": DATE},
    )
    text = (
        "Hi, the Vaillant combi in our kitchen keeps losing pressure. Can an engineer come on "
        "2027-01-14?\nAddress: 12 Copperfield Lane, Leeds LS6 2QT. Tel 0113 555 0199. "
        "— Harriet Okonkwo-Price"
    )
    (_name, got), *_ = forced([job], text)
    assert got == {
        "customer_name": "Harriet Okonkwo-Price",
        "phone": "0113 555 0199",
        "address": "12 Copperfield Lane, Leeds LS6 2QT",
        "boiler_make": "Vaillant",
        "visit_date": "2027-01-14",
    }


def test_labels_by_their_field_and_kind_stripped_from_values_zh():
    schema = obj({"room": S, "date": DATE, "attendees": LIST, "topic": S})
    text = (
        "把这条会议通知整理成结构化数据：\n周三开会，2027年1月6日，地点：5号会议室。"
        "议题：第一季度预算。参会人员：张伟、刘洋、孙丽。"
    )
    got = structured(schema, text)
    assert got == {
        "room": "5号会议室",
        "date": "2027-01-06",
        "attendees": ["张伟", "刘洋", "孙丽"],
        "topic": "第一季度预算",
    }


def test_a_titled_person_and_the_object_of_the_act_never_a_currency_en():
    schema = obj({"item": S, "borrower_name": S, "weeks": INT, "weekly_fee_gbp": N})
    text = (
        "Extract the loan details:\nLoan slip, 9 Jan: Mr. Tobias van der Berg is borrowing the "
        "club telescope (serial TS-881) for three weeks at GBP 12.00 per week."
    )
    got = structured(schema, text)
    assert got == {
        "item": "club telescope",
        "borrower_name": "Tobias van der Berg",
        "weeks": 3,
        "weekly_fee_gbp": 12.0,
    }
    schema = obj({"vehicle": S, "hirer_name": S, "days": INT})
    text = (
        "Extract the hire details:\nHire note, 2 Feb: Dr. Elena Marquez is taking the blue cargo "
        "van (plate KX-4410) for five days at USD 64.00 per day."
    )
    assert structured(schema, text) == {
        "vehicle": "blue cargo van",
        "hirer_name": "Elena Marquez",
        "days": 5,
    }


def test_a_list_kept_to_the_clause_its_name_opens_and_a_dated_weekday_en():
    order = tool(
        "log_party_order",
        "Log a birthday party order.",
        {"party_date": DATE, "guests": INT, "cakes": LIST, "contact_email": S},
    )
    text = (
        "Please record this order: the party is on Sunday 2027-03-07. We expect 20 kids. For "
        "cakes we'd like a chocolate sponge and a lemon drizzle. Reach me, Tom Ashby, at "
        "tom.ashby@example.org."
    )
    (_name, got), *_ = forced([order], text)
    assert got == {
        "party_date": "2027-03-07",
        "guests": 20,
        "cakes": ["chocolate sponge", "lemon drizzle"],
        "contact_email": "tom.ashby@example.org",
    }


def test_one_call_per_record_under_any_its_first_thing_and_the_rest_zh():
    tools = [
        tool(
            "log_noodle_order",
            "记录面馆点单。",
            {"table": {"type": "integer", "description": "桌号"}, "noodle": S, "extras": LIST},
            ["table", "noodle"],
        ),
        tool("log_feedback", "记录顾客意见。", {"table": INT, "feedback": S}),
    ]
    calls = forced(tools, "记一下：12号桌要一碗牛肉拉面，加一个卤蛋和一份小菜。", {"type": "any"})
    assert calls == [
        ("log_noodle_order", {"table": 12, "noodle": "牛肉拉面", "extras": ["卤蛋", "小菜"]})
    ]


def test_labels_end_at_a_space_in_chinese():
    member = tool(
        "register_member",
        "登记健身房会员。",
        {
            "name": {"type": "string", "description": "会员姓名"},
            "phone": S,
            "address": {"type": "string", "description": "住址"},
            "plan": {"type": "string", "enum": ["月卡", "季卡", "年卡"]},
        },
    )
    text = "新会员登记 姓名：赵晓雯 电话：13812345678 住址：杭州市西湖区文三路88号 办年卡"
    (_name, got), *_ = forced([member], text)
    assert got == {
        "name": "赵晓雯",
        "phone": "13812345678",
        "address": "杭州市西湖区文三路88号",
        "plan": "年卡",
    }


def test_a_labelled_list_and_route_ends_by_their_labels_en():
    schema = obj({"pitch": S, "date": DATE, "players": LIST})
    text = "Turn this message into structured data:\nFive-a-side on 2027-02-03 at 18:45, pitch 4. Players: Sam, Dev, Lucia, Kofi, Ines."
    got = structured(schema, text)
    assert got["players"] == ["Sam", "Dev", "Lucia", "Kofi", "Ines"] and "4" in got["pitch"]
    move = tool(
        "create_moving_quote",
        "Create a house moving quote request.",
        {"full_name": S, "from_address": S, "to_address": S, "move_date": DATE},
    )
    text = (
        "Hello there. I'm Gwendolyn Marsh and I'm moving on 2027-06-30. From: 4 Elm Court, "
        "Oxford OX2 6LP. To: 19 Harbour View, Falmouth TR11 3QA."
    )
    (_name, got), *_ = forced([move], text)
    assert got == {
        "full_name": "Gwendolyn Marsh",
        "from_address": "4 Elm Court, Oxford OX2 6LP",
        "to_address": "19 Harbour View, Falmouth TR11 3QA",
        "move_date": "2027-06-30",
    }


def test_a_contact_by_its_label_and_a_list_after_an_unclaimed_label_zh():
    booking = tool(
        "reserve_table",
        "预订餐厅包间。",
        {
            "contact": {"type": "string", "description": "联系人"},
            "date": DATE,
            "people": INT,
            "dishes": LIST,
        },
    )
    text = "订个包间：2027年2月14日晚上，8个人。联系人：周敏，电话 13766668888。想提前点菜：松鼠鳜鱼、东坡肉、龙井虾仁。"
    (_name, got), *_ = forced([booking], text)
    assert got == {
        "contact": "周敏",
        "date": "2027-02-14",
        "people": 8,
        "dishes": ["松鼠鳜鱼", "东坡肉", "龙井虾仁"],
    }


def test_a_labelled_person_is_the_name_the_label_opens_and_names_no_part_of_it():
    schema = obj({"contact_name": S, "email": S})
    got = structured(schema, "Extract: Name: Dr. Ana Ruiz, email ana.ruiz@example.es")
    assert got == {"contact_name": "Ana Ruiz", "email": "ana.ruiz@example.es"}
    schema = obj({"first_name": S, "last_name": S, "email": S})
    got = structured(schema, "Extract: Name: Jonas Lindqvist, email jonas.l@example.se")
    assert got == {"first_name": "Jonas", "last_name": "Lindqvist", "email": "jonas.l@example.se"}


def test_a_title_before_a_surname_alone_stays():
    slot = {
        "type": "object",
        "properties": {"guest_name": {"type": "string"}, "room": {"type": "string"}},
        "required": ["guest_name", "room"],
    }
    got = structured(slot, "Guest: Prof. Okafor, room 12B")
    assert got["guest_name"] == "Prof. Okafor"
    got = structured(slot, "Guest: Prof. Ada Okafor, room 12B")
    assert got["guest_name"] == "Ada Okafor"


def test_an_account_handle_with_digits_is_kept():
    lookup = {
        "name": "get_gym_account",
        "description": "Look up a gym member's account by username.",
        "input_schema": {
            "type": "object",
            "properties": {"username": {"type": "string"}},
            "required": ["username"],
        },
    }
    reply = {
        "name": "text_member",
        "description": "Send a text to the member.",
        "input_schema": {
            "type": "object",
            "properties": {"text": {"type": "string"}},
            "required": ["text"],
        },
    }
    got = forced(
        [reply, lookup], "Can you check my bookings? My username is rivera_88", {"type": "any"}
    )
    assert got == [("get_gym_account", {"username": "rivera_88"})]
