"""Round 15, extraction: a period said relative to today for a range's two ends
(`sim/periods.py`), arrays of objects, booleans and labelled values of a forced or structured
extraction (`sim/structured.py`, `sim/conform.py`), and values that are a phrase of the user's text
without its framing words (`sim/arguments.py`)."""

from __future__ import annotations

import pytest

from tests.loops import converse, strings, tool

RANGE = tool(
    "list_deliveries",
    "List the parcels a courier delivered between two dates",
    strings(date_from="YYYY-MM-DD", date_to="YYYY-MM-DD"),
)


@pytest.mark.parametrize(
    ("said", "start", "end"),
    [
        ("上周送了哪些快递？", "2026-11-30", "2026-12-06"),
        ("Which parcels went out last week, Monday to Friday?", "2026-11-30", "2026-12-04"),
        ("过去七天送了哪些？", "2026-12-01", "2026-12-07"),
        ("What was delivered in the past 14 days?", "2026-11-24", "2026-12-07"),
        ("上个月送了哪些快递", "2026-11-01", "2026-11-30"),
        ("What will be delivered in the first half of next month?", "2027-01-01", "2027-01-15"),
        ("下个月下旬有哪些？", "2027-01-21", "2027-01-31"),
    ],
)
def test_a_period_said_from_today_gives_a_range_its_first_and_last_day(said, start, end):
    calls, finals = converse(
        said,
        [RANGE],
        {"list_deliveries": lambda date_from, date_to: [{"parcel": "P-1", "to": "Ines"}]},
        system="Today is 2026-12-07.",
    )
    assert calls == [("list_deliveries", {"date_from": start, "date_to": end})]
    assert "P-1" in finals[-1]


def _forced(text, t, choice=None):
    from tests.loops import forced

    return forced(text, t, choice)


def _structured(text, schema):
    import json

    import agentkit
    from tests.loops import MODEL

    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=1024,
        messages=[{"role": "user", "content": text}],
        output_config={"format": {"type": "json_schema", "schema": schema}},
    )
    return json.loads(r.content[0].text)


PATROL = tool(
    "log_bridge_patrol",
    "记录桥梁巡检结果",
    {
        "patroller": {"type": "string", "description": "巡检员"},
        "defects": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "spot": {"type": "string"},
                    "problem": {"type": "string"},
                    "level": {"type": "string", "enum": ["一般", "较重", "严重"]},
                },
                "required": ["spot", "problem", "level"],
            },
        },
        "follow_up": {"type": "boolean", "description": "是否需要复检"},
    },
)


def test_each_stated_finding_is_one_object_and_a_flag_its_description_asks_is_read():
    got = _forced(
        "桥梁巡检记录\n记录编号：QL-0931\n巡检员：高远\n"
        "巡检发现：东侧人行道护栏松动，等级较重；二号桥墩混凝土剥落，等级严重。\n"
        "处理意见：两周后复检。",
        PATROL,
    )
    assert got["patroller"] == "高远"
    assert got["defects"] == [
        {"spot": "东侧人行道", "problem": "护栏松动", "level": "较重"},
        {"spot": "二号桥墩", "problem": "混凝土剥落", "level": "严重"},
    ]
    assert got["follow_up"] is True


def test_a_statement_per_item_in_english_with_a_role_said_in_brackets():
    schema = {
        "type": "object",
        "properties": {
            "fixtures": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "home": {"type": "string"},
                        "away": {"type": "string"},
                        "outcome": {"type": "string"},
                    },
                    "required": ["home", "away", "outcome"],
                    "additionalProperties": False,
                },
            }
        },
        "required": ["fixtures"],
        "additionalProperties": False,
    }
    got = _structured(
        "Extract the fixtures.\n\nSUNDAY LEAGUE ROUNDUP - WEEK 9\n"
        "Riverside Rovers (home) beat Kestrel United (away). "
        "Marsh Lane (home) and Old Boys Athletic (away) drew.",
        schema,
    )
    homes = [(f["home"], f["away"]) for f in got["fixtures"]]
    assert homes == [("Riverside Rovers", "Kestrel United"), ("Marsh Lane", "Old Boys Athletic")]
    assert "SUNDAY" not in str(got)


def test_defects_said_in_one_sentence_are_two_objects_and_an_agent_is_named_after_its_act():
    schema = {
        "type": "object",
        "properties": {
            "reviewer": {"type": "string"},
            "faults": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"component": {"type": "string"}, "fault": {"type": "string"}},
                    "required": ["component", "fault"],
                    "additionalProperties": False,
                },
            },
        },
        "required": ["reviewer", "faults"],
        "additionalProperties": False,
    }
    got = _structured(
        "Fill the form from this audit: LAPTOP AUDIT. Asset: LT-220. Reviewed by Omar Said on "
        "2 May. The battery is swollen and the left hinge has a crack. Both must be replaced.",
        schema,
    )
    assert got["reviewer"] == "Omar Said"
    assert got["faults"] == [
        {"component": "battery", "fault": "swollen"},
        {"component": "left hinge", "fault": "crack"},
    ]


def test_a_list_of_people_is_one_object_per_name_with_what_the_text_calls_them():
    t = tool(
        "file_witness_log",
        "File who was involved in a street incident",
        {
            "ticket_number": {"type": "string"},
            "engineer": {"type": "string"},
            "people": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"name": {"type": "string"}, "role": {"type": "string"}},
                    "required": ["name", "role"],
                },
            },
        },
    )
    got = _forced(
        "STREET INCIDENT LOG\nTicket No: ZX-4410\nAssigned Engineer: Capt. Robin Vale\n\n"
        "A bus driven by Hannah Ortiz stopped beside a pedestrian, Tomas Varga. "
        "Mr Varga was not hurt.",
        t,
    )
    assert got["ticket_number"] == "ZX-4410"
    assert "Robin Vale" in got["engineer"]
    assert got["people"] == [
        {"name": "Hannah Ortiz", "role": "driver"},
        {"name": "Tomas Varga", "role": "pedestrian"},
    ]


def test_a_name_after_a_relation_and_an_address_without_the_speakers_framing():
    t = tool(
        "book_gas_check",
        "预约燃气安全检查",
        strings(address="上门地址", contact_name="现场联系人", phone="联系电话"),
    )
    calls, finals = converse(
        "想约个燃气安全检查。我们家住滨江路66号2栋301，到时候我爱人李敏在家，电话13900001111。",
        [t],
        {"book_gas_check": lambda **k: {"order": "GC-118"}},
    )
    assert calls == [
        (
            "book_gas_check",
            {"address": "滨江路66号2栋301", "contact_name": "李敏", "phone": "13900001111"},
        )
    ]
    assert "GC-118" in finals[-1]


FAULTS = tool(
    "report_fault",
    "Report a broken device in the office to facilities",
    strings(device="The device that is broken", issue="What is wrong with it"),
)


def test_what_is_wrong_is_the_clause_that_tells_it_and_the_thing_the_one_the_ask_is_for():
    calls, finals = converse(
        "The hallway printer jams now and then, but IT already knows. Can you send a technician "
        "to look at the coffee machine - it's dripping water onto the counter. Thanks!",
        [FAULTS],
        {"report_fault": lambda device, issue: {"ticket": "FX-77"}},
    )
    assert calls == [
        ("report_fault", {"device": "coffee machine", "issue": "dripping water onto the counter"})
    ]
    assert "FX-77" in finals[-1]


def test_a_forced_fault_description_leaves_out_the_greeting_who_speaks_and_the_ask():
    t = tool(
        "submit_ac_repair",
        "空调报修",
        {
            "room": {"type": "string", "description": "房号"},
            "description": {"type": "string", "description": "故障描述"},
        },
    )
    got = _forced(
        "您好，我是5号楼1单元301的住户，客厅空调不制冷，还一直滴水，麻烦明天上午派师傅来看看。",
        t,
        {"type": "any"},
    )
    assert got["description"] == "客厅空调不制冷，还一直滴水"


def test_parties_labelled_by_their_role_in_the_head_are_the_people_listed():
    schema = {
        "type": "object",
        "properties": {
            "reference": {"type": "string"},
            "sides": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"name": {"type": "string"}, "role": {"type": "string"}},
                    "required": ["name", "role"],
                    "additionalProperties": False,
                },
            },
        },
        "required": ["reference", "sides"],
        "additionalProperties": False,
    }
    got = _structured(
        "Extract the details.\n\nTENANCY TRIBUNAL APPLICATION\nReference: TT-88120\n"
        "Applicant: Greenway Lettings Ltd\nTenant: Bramble Cafe Co\n"
        "The applicant asks the tribunal to order payment of three months of unpaid rent.",
        schema,
    )
    assert got["sides"] == [
        {"name": "Greenway Lettings Ltd", "role": "applicant"},
        {"name": "Bramble Cafe Co", "role": "tenant"},
    ]
