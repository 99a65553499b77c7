"""Whole values and whole lists of an extracted record (round 12, extract: `sim/wholes.py`): a
list of remarks holds every remark the text makes (its label's items, else the clauses no other
field took), a person the whole name the text writes (the first name a mail is signed with
becomes the From line's full name), an owner after "belonging to", a pet named before its kind, a buyer the party after "Bill to" / 购买方, a Chinese label
names a list by its English gloss (配料 for ingredients), a list named by a noun whose verb opens
its clause ("interested in ..."), and a need said in Chinese sets an English yes/no flag. Each
runs through the real SDK client against the offline stand-in, in domains of its own."""

from pydantic import BaseModel

import agentkit
from tests.test_extract8 import BOOL, INT, STR, forced, obj, structured, tool

MODEL = agentkit.default_model()
STRS = {"type": "array", "items": {"type": "string"}}


def test_remarks_after_their_label_zh():
    order = tool(
        "create_takeout_order",
        "Create a takeout order.",
        {"customer_name": STR, "dish": STR, "remarks": {**STRS, "description": "备注"}},
    )
    _name, got = forced(
        [order], "帮我下个外卖单：欧阳娜娜点了一份牛肉面。备注：不要放葱；少盐；打包两双筷子。"
    )
    assert got["customer_name"] == "欧阳娜娜"
    assert got["remarks"] == ["不要放葱", "少盐", "打包两双筷子"]


class Grooming(BaseModel):
    dog_name: str
    owner_name: str
    appointment_date: str
    care_notes: list[str]


def test_remarks_are_the_clauses_no_other_field_took_and_an_owner_en():
    client = agentkit.make_client(offline=True)
    text = (
        "Pull out the grooming booking: Pepper, a schnauzer belonging to Liam O'Connor, comes in on 2026-12-14. "
        "She has sensitive ears, no perfume spray please, and she nips when her nails are clipped."
    )
    resp = client.messages.parse(
        model=MODEL,
        max_tokens=512,
        output_format=Grooming,
        messages=[{"role": "user", "content": text}],
    )
    got = resp.parsed_output
    assert (got.dog_name, got.owner_name, got.appointment_date) == (
        "Pepper",
        "Liam O'Connor",
        "2026-12-14",
    )
    assert got.care_notes == [
        "She has sensitive ears",
        "no perfume spray please",
        "she nips when her nails are clipped",
    ]


def test_a_signed_first_name_is_the_from_lines_whole_name():
    lead = tool("log_enquiry", "Log a customer enquiry.", {"customer_name": STR, "phone": STR})
    mail = (
        "From: Declan O'Sullivan <declan.os@mailbox.example>\nSubject: fence\n\n"
        "Hello, could you quote for a new garden fence? Call me on 086 123 4567.\nCheers, Declan"
    )
    _name, got = forced([lead], "Log this enquiry:\n\n" + mail)
    assert got["customer_name"] == "Declan O'Sullivan"


def test_a_list_labelled_by_its_gloss_and_remarks_beside_it_zh():
    schema = obj({"student": STR, "tags": STRS, "notes": STRS})
    got = structured(
        schema,
        "整理这条学员记录：学员司马光明，标签：初学、周末班、需要发票。他左手腕有旧伤，上课前要多热身。",
    )
    assert got == {
        "student": "司马光明",
        "tags": ["初学", "周末班", "需要发票"],
        "notes": ["他左手腕有旧伤", "上课前要多热身"],
    }
    recipe = obj({"recipe_name": STR, "ingredients": STRS, "servings": INT})
    got = structured(
        recipe,
        "把这个菜谱整理成结构化数据：葱油饼，够三个人吃。配料：中筋面粉300克、小葱一把、猪油两勺、盐少许。",
    )
    assert got["ingredients"] == ["中筋面粉300克", "小葱一把", "猪油两勺", "盐少许"]


def test_the_buyer_is_the_party_billed():
    schema = obj({"invoice_number": STR, "seller": STR, "buyer": STR, "total": {"type": "number"}})
    text = (
        "Extract the invoice fields:\n\nHARBOUR LIGHT PRINTING LTD\nInvoice INV-2291\n"
        "Bill to: Odette Marchand, 4 Quay Street, Galway\n500 flyers ..... 180.00\nTotal due: 180.00"
    )
    got = structured(schema, text)
    assert got["buyer"] == "Odette Marchand"
    assert got["seller"] == "HARBOUR LIGHT PRINTING LTD"


def test_a_list_opened_by_its_verb():
    lead = tool("log_lead", "Log a sales lead.", {"contact_name": STR, "interests": STRS})
    text = (
        "Log this lead:\n\nFrom: Mary-Jane Whitfield <mj@whitfield.example>\n"
        "Hi, I'm interested in your pottery classes, the glazing workshop and private kiln hire.\nMary-Jane"
    )
    _name, got = forced([lead], text)
    assert got == {
        "contact_name": "Mary-Jane Whitfield",
        "interests": ["pottery classes", "glazing workshop", "private kiln hire"],
    }


def _plain(tools, text):
    client = agentkit.make_client(offline=True)
    resp = client.messages.create(
        model=MODEL, max_tokens=512, tools=tools, messages=[{"role": "user", "content": text}]
    )
    return next(b.input for b in resp.content if b.type == "tool_use")


def test_a_need_said_in_chinese_sets_an_english_flag():
    lane = tool(
        "book_lane",
        "Book a bowling lane.",
        {"date": STR, "players": INT, "needs_shoes": BOOL},
    )
    got = _plain([lane], "帮我订一条保龄球道，2026-12-19，我们六个人，大家都需要租鞋。")
    assert got["needs_shoes"] is True and got["players"] == 6
    table = tool(
        "reserve_table",
        "Reserve a restaurant table.",
        {"guests": INT, "wheelchair_access": BOOL, "high_chair": BOOL},
        required=["guests"],
    )
    got = _plain([table], "订个桌子，五位，我爸坐轮椅，要无障碍的位置。")
    assert got.get("wheelchair_access") is True and not got.get("high_chair")


def test_remarks_unlabelled_zh_and_bulleted_en():
    got = structured(
        obj({"姓名": STR, "电话": STR, "备注": STRS}),
        "整理成结构化数据：李建国，电话13800001111，周六上午来修空调，家里有狗，进门请换鞋。",
    )
    assert got["备注"] == ["周六上午来修空调", "家里有狗", "进门请换鞋"]
    got = structured(
        obj({"guest": STR, "room_type": STR, "notes": STRS}),
        "Extract: Booking for Hannah Schmidt, double room. Notes:\n- arriving late, around 11pm\n"
        "- needs a cot for the baby\nThanks!",
    )
    assert got["notes"] == ["arriving late, around 11pm", "needs a cot for the baby"]
