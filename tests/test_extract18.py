"""Extraction checked against the cue the text gives each value (sim/cues.py, sim/measured.py,
values._weekday_years, general.refused_tools), in domains of neither batch: a boiler service, a
workshop incident, a candle batch, a garden feed mix, a bicycle ad, a homestay, a plumber's
quote. Each case failed before round 18: a weekday's date taken a year ahead, a weight taken for
a count and a year for a price, a boolean false although the text says it happened, the whole
note as its summary, measured things cut into fragments, every person given the same role, a
tool chosen whose act the message refuses."""

from __future__ import annotations

from typing import Any

import jsonschema

import agentkit
from tests.loops import MODEL, forced, strings, tool


def structured(text: str, schema: dict[str, Any]) -> dict[str, Any]:
    """A structured output's JSON (output_config json_schema), checked against its schema."""
    import json

    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=1024,
        output_config={"format": {"type": "json_schema", "schema": schema}},
        messages=[{"role": "user", "content": text}],
    )
    got = json.loads(r.content[0].text)
    jsonschema.validate(got, schema)
    return dict(got)


SERVICE = tool(
    "log_service",
    "Log a boiler service visit.",
    {
        "date": {"type": "string", "description": "YYYY-MM-DD"},
        **strings(engineer=None),
        "summary": {"type": "string", "description": "One or two sentences"},
        "landlord_informed": {"type": "boolean"},
        "gas_leak_found": {"type": "boolean"},
        "follow_up_actions": {"type": "array", "items": {"type": "string"}},
    },
)
NOTE = (
    "Log this visit:\n\nWednesday 25 November, 08:30. Engineer Priti Shah serviced the combi "
    "boiler in flat 4. She replaced the worn pressure valve and bled two radiators. No gas leak "
    "was found on the test. The landlord was emailed the certificate the same afternoon. We should "
    "check the flue bracket again at the next visit."
)


def test_a_weekday_beside_a_date_fixes_its_year_and_a_boolean_is_what_the_clause_says():
    got = forced(NOTE, SERVICE)
    assert got["date"] == "2026-11-25"  # a Wednesday this year, not 25 November next year
    assert got["landlord_informed"] is True  # "The landlord was emailed"
    assert got["gas_leak_found"] is False  # "No gas leak was found"


def test_a_summary_is_one_sentence_and_actions_are_what_should_be_done():
    got = forced(NOTE, SERVICE)
    assert got["summary"].count(".") == 1 and "serviced the combi boiler" in got["summary"]
    assert got["follow_up_actions"] == ["Check the flue bracket again at the next visit"]


def test_a_number_with_another_kind_of_unit_is_not_the_count_nor_the_price():
    batch = {
        "type": "object",
        "properties": {
            "wax_grams": {"type": "number"},
            "pieces": {"type": "integer", "description": "number of pieces made"},
        },
        "required": ["wax_grams", "pieces"],
        "additionalProperties": False,
    }
    got = structured(
        "Note this candle batch: melt 400 g of soy wax with 30 ml of cedar oil, pour and makes 6.",
        batch,
    )
    assert got == {"wax_grams": 400, "pieces": 6}
    bike = tool(
        "add_bike",
        "登记一辆二手自行车",
        {"year": {"type": "integer"}, "price_yuan": {"type": "integer"}},
    )
    got = forced("登记：2021年买的公路车，骑了不到一千公里，转让价1.2万，可议。", bike)
    assert got["year"] == 2021 and got["price_yuan"] == 12000


def test_rooms_and_floors_said_in_their_short_forms():
    stay = tool(
        "save_homestay",
        "保存一家民宿的信息",
        {
            "bedrooms": {"type": "integer"},
            "living_rooms": {"type": "integer"},
            "bathrooms": {"type": "integer"},
            "floor": {"type": "integer"},
            "total_floors": {"type": "integer"},
        },
    )
    got = forced("保存：洱海边民宿，三室两厅两卫，面积120平，在3楼，一共4层，有露台。", stay)
    assert got == {
        "bedrooms": 3,
        "living_rooms": 2,
        "bathrooms": 2,
        "floor": 3,
        "total_floors": 4,
    }


def test_measured_things_are_whole_entries_and_a_labelled_list_is_its_items():
    mix = {
        "type": "object",
        "properties": {
            "components": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "name": {"type": "string"},
                        "amount": {"type": "number"},
                        "unit": {"type": "string"},
                    },
                    "required": ["name", "amount", "unit"],
                    "additionalProperties": False,
                },
            },
            "equipment": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["components", "equipment"],
        "additionalProperties": False,
    }
    got = structured(
        "Write up my tomato feed: okay so you want 30 ml of liquid seaweed and 15 g of Epsom "
        "salts, stir them into 10 litres of rainwater until dissolved.\n"
        "装备齐全：喷壶、量杯、手套，没有漏斗",
        mix,
    )
    assert got["components"] == [
        {"name": "liquid seaweed", "amount": 30, "unit": "ml"},
        {"name": "Epsom salts", "amount": 15, "unit": "g"},
        {"name": "rainwater", "amount": 10, "unit": "l"},
    ]
    assert got["equipment"] == ["喷壶", "量杯", "手套"]


def test_each_person_gets_the_role_and_part_their_sentence_gives():
    people = {
        "type": "array",
        "items": {
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "role": {"type": "string", "enum": ["visitor", "staff", "student"]},
                "involvement": {
                    "type": "string",
                    "enum": ["witness", "injured", "caused", "responded"],
                },
            },
            "required": ["name", "role", "involvement"],
        },
    }
    report = tool("report_incident", "Record a workshop incident.", {"people": people})
    got = forced(
        "Record this: a visitor, Carl Jensen, dropped a paint tin from the mezzanine. It "
        "bruised the foot of a student, Nadia Osei. The technician, Mr. Paul Brandt, treated "
        "her with an ice pack.",
        report,
    )
    assert [(p["name"], p["role"], p["involvement"]) for p in got["people"]] == [
        ("Carl Jensen", "visitor", "caused"),
        ("Nadia Osei", "student", "injured"),
        ("Paul Brandt", "staff", "responded"),
    ]


def test_tool_choice_any_skips_the_tool_whose_act_is_refused():
    client = agentkit.make_client(offline=True)
    tools = [
        tool(
            "book_call",
            "Book a phone call with a customer at a specific time.",
            {"when": {"type": "string", "description": "ISO 8601"}},
        ),
        tool(
            "add_todo",
            "Add a to-do item.",
            {**strings(title="the thing to do"), "due": {"type": "string"}},
            required=["title"],
        ),
    ]
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        tools=tools,
        tool_choice={"type": "any"},
        messages=[
            {
                "role": "user",
                "content": "Process this note:\n\nHi, could you price up the leaking kitchen tap "
                "repair by the end of next week? No call needed, a quote by email is fine. Ines",
            }
        ],
    )
    call = next(b for b in r.content if b.type == "tool_use")
    assert call.name == "add_todo"
    assert call.input["title"] == "Price up the leaking kitchen tap repair"


def test_a_clinical_note_lists_by_the_words_that_open_them():
    note = {
        "type": "object",
        "properties": {
            "symptoms": {"type": "array", "items": {"type": "string"}},
            "history": {"type": "array", "items": {"type": "string"}},
            "diagnosis": {"type": "string"},
            "prescriptions": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {
                        "drug": {"type": "string"},
                        "dose": {"type": "string"},
                        "frequency": {"type": "string"},
                        "days": {"type": ["integer", "null"]},
                    },
                    "required": ["drug", "dose", "frequency", "days"],
                    "additionalProperties": False,
                },
            },
            "red_flags": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["symptoms", "history", "diagnosis", "prescriptions", "red_flags"],
        "additionalProperties": False,
    }
    got = structured(
        "Structure this eye clinic note: Omar Said, 54, complains of blurred vision and eye "
        "strain for a month. History of type 2 diabetes. Usually takes metformin 500 mg. Exam "
        "shows mild lens clouding; diagnosed with early cataract. Prescribed 5 ml of lubricating "
        "drops twice a day for 14 days. Return if you develop sudden vision loss or eye pain.",
        note,
    )
    assert got["symptoms"] == ["blurred vision", "eye strain"]
    assert got["history"] == ["type 2 diabetes"]
    assert got["diagnosis"] == "early cataract"
    assert got["prescriptions"] == [
        {"drug": "lubricating drops", "dose": "5ml", "frequency": "twice a day", "days": 14}
    ]
    assert got["red_flags"] == ["sudden vision loss", "eye pain"]


def test_an_event_is_named_by_what_is_held_and_a_repeated_list_by_its_own_word():
    notice = {
        "type": "object",
        "properties": {
            "event_name": {"type": "string"},
            "programme": {"type": "array", "items": {"type": "string"}},
            "bring": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["event_name", "programme", "bring"],
        "additionalProperties": False,
    }
    got = structured(
        "整理这条通知：本周日下午两点，我们在文化馆三楼排练厅举办新年合唱彩排。现场有：茉莉花、送别、"
        "雪绒花。请自带水杯和乐谱夹。联系人：合唱团刘老师。",
        notice,
    )
    assert got["event_name"] == "新年合唱彩排"
    assert got["bring"] == ["水杯", "乐谱夹"]
