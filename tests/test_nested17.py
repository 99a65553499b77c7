"""Extraction into nested schemas (sim/nested.py; arguments.field_member; values.LEVELS): lists of
objects one per thing the text lists, each field in its kind, objects read from the span their
label opens, durations and totals worked out. Each case failed before round 17: greetings as
attendees, a year as the years of experience, two addresses scrambled, line items without their
things, a category left at "other"."""

from __future__ import annotations

from typing import Any

import jsonschema

import agentkit
from tests.loops import MODEL, forced, tool


def _objects(**props: Any) -> dict[str, Any]:
    return {
        "type": "array",
        "items": {"type": "object", "properties": props, "required": list(props)},
    }


def _text(**props: str) -> dict[str, Any]:
    return {k: {"type": "string", "description": d} for k, d in props.items()}


def structured(text: str, schema: dict[str, Any]) -> dict[str, Any]:
    """A structured output's JSON (output_config json_schema), checked against its schema."""
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=1024,
        output_config={"format": {"type": "json_schema", "schema": schema}},
        messages=[{"role": "user", "content": text}],
    )
    import json

    got = json.loads(r.content[0].text)
    jsonschema.validate(got, schema)
    return got


MINUTES = tool(
    "file_minutes",
    "File the minutes of a meeting.",
    {
        "attendees": _objects(**_text(name="", role="")),
        "action_items": _objects(**_text(owner="", task="", due="YYYY-MM-DD")),
    },
)


def test_attendees_are_the_people_listed_and_each_action_has_its_owner() -> None:
    got = forced(
        "Tidy up these notes: Garden club committee, 2026-04-07. Present were Ines Moreau (chair),"
        " Paul Brandt (treasurer) and Yuki Sato. Good evening all, sorry for the delay. Paul will"
        " order the seed catalogue by April 20. Ines to book the village hall.",
        MINUTES,
    )
    assert got["attendees"] == [
        {"name": "Ines Moreau", "role": "chair"},
        {"name": "Paul Brandt", "role": "treasurer"},
        {"name": "Yuki Sato", "role": ""},
    ]
    assert got["action_items"] == [
        {"owner": "Paul Brandt", "task": "order the seed catalogue", "due": "2026-04-20"},
        {"owner": "Ines Moreau", "task": "book the village hall", "due": ""},
    ]


def test_chinese_minutes_by_structured_output() -> None:
    schema = {
        "type": "object",
        "properties": {
            "attendees": _objects(**_text(name="姓名", role="角色")),
            "action_items": _objects(**_text(owner="负责人", task="任务", due="截止日期")),
        },
        "required": ["attendees", "action_items"],
    }
    got = structured(
        "整理会议纪要：\n社区志愿者例会 2026年3月2日\n出席：周强（队长）、吴丽（联络员）\n"
        "大家好，不好意思来晚了。\n周强负责3月9日前排好值班表；吴丽下周三前联系社区医院。",
        schema,
    )
    assert got["attendees"] == [
        {"name": "周强", "role": "队长"},
        {"name": "吴丽", "role": "联络员"},
    ]
    assert got["action_items"] == [
        {"owner": "周强", "task": "排好值班表", "due": "2026-03-09"},
        {"owner": "吴丽", "task": "联系社区医院", "due": "2026-03-11"},
    ]


RESUME = tool(
    "save_candidate",
    "Save a candidate's CV.",
    {
        "name": {"type": "string"},
        "years_of_experience": {"type": "integer"},
        "jobs": _objects(**_text(company="", title="", start="YYYY-MM", end="YYYY-MM")),
    },
)


def test_years_of_experience_are_worked_out_from_the_dates() -> None:
    got = forced(
        "CV of Olu Adeyemi.\nPharmacist at Greenleaf Pharmacy, 02/2013 - 09/2017\n"
        "Senior Pharmacist at Riverside Health, 10/2017 - 10/2025",
        RESUME,
        {"type": "any"},
    )
    assert got["years_of_experience"] == 12
    assert got["jobs"] == [
        {
            "company": "Greenleaf Pharmacy",
            "title": "Pharmacist",
            "start": "2013-02",
            "end": "2017-09",
        },
        {
            "company": "Riverside Health",
            "title": "Senior Pharmacist",
            "start": "2017-10",
            "end": "2025-10",
        },
    ]


def test_chinese_jobs_said_in_one_sentence_are_one_object_each() -> None:
    got = forced(
        "录入简历：孙涛，2012年至2018年在金陵饭店有限公司担任厨师，2018年至今在江南小馆任主厨。",
        RESUME,
    )
    assert got["years_of_experience"] == 14
    assert [(j["company"], j["title"], j["start"], j["end"]) for j in got["jobs"]] == [
        ("金陵饭店有限公司", "厨师", "2012", "2018"),
        ("江南小馆", "主厨", "2018", "至今"),
    ]


ADDRESS = {
    "type": "object",
    "properties": _text(street="", city="", zip=""),
    "required": ["street", "city", "zip"],
}


def test_two_addresses_each_from_the_line_its_own_label_opens() -> None:
    got = forced(
        "Book a removal van.\nPickup: 14 Birch Avenue, Dayton 45402\nDrop-off: 3 Canal Row, Akron 44308",
        tool(
            "book_van",
            "Book a removal van.",
            {"pickup_address": ADDRESS, "dropoff_address": ADDRESS},
        ),
    )
    assert got["pickup_address"] == {"street": "14 Birch Avenue", "city": "Dayton", "zip": "45402"}
    assert got["dropoff_address"] == {"street": "3 Canal Row", "city": "Akron", "zip": "44308"}


def test_chinese_sender_and_receiver_are_told_apart_by_their_labels() -> None:
    party = {"type": "object", "properties": _text(name="姓名", address="地址")}
    got = forced(
        "帮我寄个快递。\n寄件人：韩梅，南京市鼓楼区中山路18号\n收件人：高翔，武汉市洪山区珞喻路129号",
        tool(
            "send_parcel",
            "寄快递",
            {
                "sender": {**party, "description": "寄件方"},
                "receiver": {**party, "description": "收件方"},
            },
        ),
    )
    assert got["sender"] == {"name": "韩梅", "address": "南京市鼓楼区中山路18号"}
    assert got["receiver"] == {"name": "高翔", "address": "武汉市洪山区珞喻路129号"}


LINES = tool(
    "record_purchase",
    "Record a purchase.",
    {
        "lines": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "product": {"type": "string"},
                    "qty": {"type": "integer"},
                    "unit_price": {"type": "number"},
                    "line_total": {"type": "number"},
                },
                "required": ["product", "qty", "unit_price", "line_total"],
            },
        },
        "total": {"type": "number"},
    },
)


def test_line_items_are_counted_priced_and_summed() -> None:
    got = forced("记一下：买了橙子4斤，每斤6元；鸡蛋2盒，每盒15元。", LINES)
    assert got["lines"] == [
        {"product": "橙子", "qty": 4, "unit_price": 6, "line_total": 24},
        {"product": "鸡蛋", "qty": 2, "unit_price": 15, "line_total": 30},
    ]
    assert got["total"] == 54
    got = forced("Receipt:\nLamp shade — 2 @ $14.00\nBulb pack — 3 @ $5.50", LINES)
    assert [(x["product"], x["line_total"]) for x in got["lines"]] == [
        ("Lamp shade", 28),
        ("Bulb pack", 16.5),
    ]
    assert got["total"] == 44.5


def test_a_category_member_said_as_its_fields_word_and_a_calm_severity() -> None:
    issue = {
        "type": "object",
        "properties": {
            "category": {"type": "string", "enum": ["账号", "付款", "性能", "其他"]},
            "severity": {"type": "string", "enum": ["低", "中", "高"]},
        },
        "required": ["category", "severity"],
    }
    got = forced(
        "客户反馈：报表页面加载特别慢，每次都要转圈二十秒。不算很急。",
        tool("log_ticket", "登记工单", {"issue": issue}),
    )
    assert got["issue"] == {"category": "性能", "severity": "低"}


def test_a_job_whose_dates_are_on_the_line_under_it() -> None:
    got = forced(
        "Read this CV:\nLENA FISCHER\nNorthwind Logistics — Dispatcher\nApr 2018 – Present\n\n"
        "Harbor Freight Lines — Clerk\nJun 2015 – Mar 2018",
        RESUME,
    )
    assert got["jobs"] == [
        {
            "company": "Northwind Logistics",
            "title": "Dispatcher",
            "start": "2018-04",
            "end": "Present",
        },
        {"company": "Harbor Freight Lines", "title": "Clerk", "start": "2015-06", "end": "2018-03"},
    ]
    assert got["years_of_experience"] == 11


def test_an_address_block_under_its_label_and_a_heading_as_the_title() -> None:
    place = {"type": "object", "properties": _text(name="", street="", city="", state="", zip="")}
    got = forced(
        "Please enter this order.\n\nBilling Address:\nAmir Haddad\n8 Quarry Lane\nBoulder, CO 80302"
        "\n\nShipping Address:\nLeila Haddad\n21 Mill Road\nOgden, UT 84401\n",
        tool("enter_order", "Enter an order.", {"billing": place, "shipping": place}),
    )
    assert got["billing"] == {
        "name": "Amir Haddad",
        "street": "8 Quarry Lane",
        "city": "Boulder",
        "state": "CO",
        "zip": "80302",
    }
    assert got["shipping"]["street"] == "21 Mill Road" and got["shipping"]["zip"] == "84401"
    minutes = tool(
        "file_minutes",
        "File the minutes.",
        {
            "title": {"type": "string"},
            "attendees": MINUTES["input_schema"]["properties"]["attendees"],
        },
    )
    got = forced(
        "羽毛球社例会 2026年1月10日\n参会人员：社长刘洋、财务陈静、干事赵磊\n议题：春季联赛",
        minutes,
    )
    assert got["title"] == "羽毛球社例会"
    assert got["attendees"] == [
        {"name": "刘洋", "role": "社长"},
        {"name": "陈静", "role": "财务"},
        {"name": "赵磊", "role": "干事"},
    ]


def test_a_bulleted_list_of_people_with_roles_and_a_heading_that_is_no_action() -> None:
    schema = tool(
        "log_meeting",
        "Log a meeting.",
        {
            "participants": _objects(**_text(full_name="", job_title="")),
            "todos": _objects(**_text(assignee="", description="", deadline="")),
        },
    )
    got = forced(
        "<notes>\nChoir committee — 2026-05-04\nParticipants:\n- Hana Kim, conductor\n"
        "- Léo Brandt, librarian\nACTION: Léo — order the new scores (due 2026-05-20)\n</notes>",
        schema,
    )
    assert got["participants"] == [
        {"full_name": "Hana Kim", "job_title": "conductor"},
        {"full_name": "Léo Brandt", "job_title": "librarian"},
    ]
    assert got["todos"] == [
        {"assignee": "Léo Brandt", "description": "order the new scores", "deadline": "2026-05-20"}
    ]
