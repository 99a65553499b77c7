"""A required string takes the span of the kind it asks for that the prompt gives, though no label
precedes it (agentkit.sim.kinds, agentkit.sim.arguments): a licence plate in any country's shape
(粤B·8K2Q7, 京A-12345 whole, 7XYZ123), a serial with dashes (SN-44K9-0021), a person named after a
verb that gives a role (安排欧阳倩, a double surname), a thing a Chinese question asks about
(还有连花清瘟胶囊吗, 《三体》), a product's proper name; never a name for a phone, never the
property's own word, and the user is still asked when nothing of the kind is there. A changing
tool named by a Chinese word's English gloss is the act after the look-up (agentkit.sim.general,
rule 3), and booking an appointment is scheduling it (agentkit.sim.lexicon). Each request goes
through the real SDK to the stand-in."""

import json

import jsonschema
import pytest
from loops import tool

import agentkit

MODEL = agentkit.default_model()
S = {"type": "string"}


def turn(messages, tools):
    """The stand-in's tool calls for `messages` as (name, input) pairs, and its text."""
    client = agentkit.make_client(offline=True)
    if isinstance(messages, str):
        messages = [{"role": "user", "content": messages}]
    r = client.messages.create(model=MODEL, max_tokens=512, tools=tools, messages=messages)
    uses = [b for b in r.content if b.type == "tool_use"]
    by_name = {t["name"]: t for t in tools}
    for b in uses:
        jsonschema.validate(b.input, by_name[b.name]["input_schema"])
    return [(b.name, b.input) for b in uses], "".join(b.text for b in r.content if b.type == "text")


SPANS = [
    (
        tool("get_violations", "Look up traffic violations for a vehicle.", {"plate_number": S}),
        "帮我查一下京A-12345有没有违章",
        {"plate_number": "京A-12345"},
    ),
    (
        tool("lookup_tolls", "Find unpaid tolls for a licence plate.", {"license_plate": S}),
        "Is there an outstanding toll for my car, 7XYZ123?",
        {"license_plate": "7XYZ123"},
    ),
    (
        tool("query_parking", "Look up a parked car.", {"plate": S}),
        "浙AD·77Q21 还在停车场里吗？",
        {"plate": "浙AD·77Q21"},
    ),
    (
        tool("check_warranty", "Check the warranty of a device.", {"serial": S}),
        "Is my router SN-44K9-0021 still under warranty?",
        {"serial": "SN-44K9-0021"},
    ),
    (
        tool("assign_on_call", "Assign the on-call doctor for tonight.", {"doctor_name": S}),
        "今晚的值班医生安排欧阳倩吧。",
        {"doctor_name": "欧阳倩"},
    ),
    (
        tool(
            "assign_inspector",
            "Assign an inspector to a site.",
            {"site_id": S, "inspector_name": S},
        ),
        "工地 T-88 的验收派给诸葛亮。",
        {"site_id": "T-88", "inspector_name": "诸葛亮"},
    ),
    (
        tool("check_stock", "查询药品库存", {"name": S}),
        "查一下库存，还有连花清瘟胶囊吗？",
        {"name": "连花清瘟胶囊"},
    ),
    (
        tool("search_catalog", "Search the library catalogue by title.", {"title": S}),
        "图书馆还有《三体》吗？",
        {"title": "三体"},
    ),
    (
        tool("check_inventory", "Check whether an item is in stock.", {"product": S}),
        "Do you have the Kindle Paperwhite in stock?",
        {"product": "Kindle Paperwhite"},
    ),
]


@pytest.mark.parametrize(("t", "prompt", "want"), SPANS, ids=[s[0]["name"] for s in SPANS])
def test_the_span_of_its_kind_is_taken(t, prompt, want):
    calls, _text = turn(prompt, [t])
    assert calls == [(t["name"], want)]


def test_a_phone_is_never_a_name_and_the_user_is_asked():
    fit = tool(
        "schedule_fitting",
        "Schedule a suit fitting and text the customer.",
        {"customer_name": S, "phone": S, "date": {"type": "string", "format": "date"}},
    )
    calls, text = turn("Book a fitting for Chen Jia on 2027-01-14.", [fit])
    assert calls == [] and "phone" in text  # booking is scheduling; the phone is asked for


def test_booking_is_scheduling():
    salon = tool(
        "schedule_appointment",
        "Schedule a salon appointment.",
        {"customer_name": S, "date": {"type": "string", "format": "date"}},
    )
    calls, _ = turn("Book Mia Lopez a haircut on 2027-02-03.", [salon])
    assert calls == [("schedule_appointment", {"customer_name": "Mia Lopez", "date": "2027-02-03"})]


def test_no_plate_given_is_asked_for():
    calls, text = turn("帮我查一下我的车有没有违章", [SPANS[0][0]])
    assert calls == [] and "车牌" in text


def test_a_glossed_word_names_the_act_after_the_lookup():
    tools = [
        tool("find_member_by_phone", "Find a car care membership by phone number.", {"phone": S}),
        tool(
            "redeem_polish",
            "Use one credit from a membership.",
            {"member_id": S, "finish": {"type": "string", "enum": ["classic", "mirror"]}},
        ),
    ]
    messages = [
        {
            "role": "user",
            "content": "手机13912345678，用会员次数给车抛光一次（mirror），做完告诉我还剩几次。",
        }
    ]
    calls, _ = turn(messages, tools)
    assert calls == [("find_member_by_phone", {"phone": "13912345678"})]
    use = {"type": "tool_use", "id": "tu_1", "name": calls[0][0], "input": calls[0][1]}
    result = json.dumps({"member_id": "CM-2207", "credits": 5})
    messages += [
        {"role": "assistant", "content": [use]},
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "tu_1", "content": result}],
        },
    ]
    calls, _ = turn(messages, tools)  # 抛光 is "to polish": redeem_polish is the act asked for
    assert calls == [("redeem_polish", {"member_id": "CM-2207", "finish": "mirror"})]


def test_a_phone_in_groups_is_dialled_like_the_example():
    remind = tool(
        "send_reminder",
        "Text a patient a dental check-up reminder.",
        {"patient_name": S, "mobile": S},
    )
    messages = [
        {"role": "user", "content": "Send Ana Silva a check-up reminder, mobile 912 345 678."}
    ]
    calls, _ = turn(messages, [remind])
    assert calls == [("send_reminder", {"patient_name": "Ana Silva", "mobile": "912 345 678"})]
    use = {"type": "tool_use", "id": "tu_1", "name": calls[0][0], "input": calls[0][1]}
    error = "mobile must be international: plus sign, country code, digits only, e.g. +351911222333"
    messages += [
        {"role": "assistant", "content": [use]},
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "tu_1", "content": error, "is_error": True}
            ],
        },
    ]
    calls, _ = turn(messages, [remind])
    assert calls == [("send_reminder", {"patient_name": "Ana Silva", "mobile": "+351912345678"})]


def test_a_booking_said_with_its_date_and_a_nested_plate():
    service = tool(
        "book_service",
        "Book a maintenance service for a car.",
        {
            "vehicle": {"type": "object", "properties": {"plate": S}, "required": ["plate"]},
            "date": {"type": "string", "description": "YYYY-MM-DD"},
        },
    )
    # 约在 + a date asks to book; a date written with dashes is no subtraction
    calls, _ = turn("帮我把浙A·3K9Q2的保养约在2027-02-11", [service])
    assert calls == [("book_service", {"vehicle": {"plate": "浙A·3K9Q2"}, "date": "2027-02-11"})]
