"""Every extracted value passes a check of its kind (sim/kindcheck.py), in domains of neither
batch: a pet boarding desk, a school lab accident, a house listing, a stolen bicycle, a choir
roster, a candidate card. Each case failed before round 19: a phone given to a card number and
the card number to the phone, an order number left with a phone, clauses listed as witnesses, a
state given for a street, an id run into the next clause, another id's digits taken for a
phone, a name missing although the text opens with it, a count of people taken for days."""

from __future__ import annotations

from tests.loops import forced, strings, tool
from tests.test_extract18 import structured

TEXT = {"type": "string"}
INT = {"type": "integer"}
STRS = {"type": "array", "items": {"type": "string"}}


def test_an_id_goes_to_the_property_its_cue_word_names_zh():
    boarding = tool(
        "register_boarding",
        "登记宠物寄养",
        strings(owner_name=None, phone=None, member_card_no=None, order_no=None),
    )
    got = forced(
        "寄养登记：我叫林晓棠，狗狗叫豆包，会员卡号 6217-3302-9918，订单号 PB-2026-0419，"
        "电话 158 2233 4455。",
        boarding,
    )
    assert got == {
        "owner_name": "林晓棠",
        "phone": "158 2233 4455",
        "member_card_no": "6217-3302-9918",
        "order_no": "PB-2026-0419",
    }


def test_an_id_is_one_token_and_a_phone_the_one_its_cue_names_en():
    theft = tool(
        "report_bike_theft",
        "Report a stolen bicycle.",
        strings(owner_name=None, phone=None, frame_number=None, police_reference=None),
        required=["owner_name", "frame_number", "police_reference"],
    )
    got = forced(
        "My bike was stolen outside the station around 6:15 pm. The police reference is "
        "CR-4471-2026 and the frame number is WTU 0382 1177. I'm Hannah Price, phone "
        "07700 900 812.",
        theft,
    )
    assert got["police_reference"] == "CR-4471-2026"
    assert got["phone"] == "07700 900 812"


def test_a_list_of_people_holds_names_never_the_text_s_clauses_zh():
    accident = tool(
        "log_lab_accident",
        "记录一起实验室事故",
        {
            "occurred_at": {"type": "string", "description": "HH:MM"},
            **strings(location=None),
            "witnesses": STRS,
        },
        required=["occurred_at", "location"],
    )
    got = forced(
        "记录一下：今天下午三点左右，在二号楼三层的化学实验室，学生张一鸣打翻了酒精灯，"
        "袖子烧了一块，手背轻微烫伤，旁边的李想帮他拍灭了火。",
        accident,
    )
    assert all(len(w) <= 4 for w in got.get("witnesses", []))  # names, or left out
    assert "15:00" in got["occurred_at"]


def test_a_street_writes_a_street_and_a_zip_is_no_count_en():
    schema = {
        "type": "object",
        "properties": {
            "street": TEXT,
            "city": TEXT,
            "zip": TEXT,
            "bedrooms": INT,
            "bathrooms": {"type": "number"},
            "year_built": INT,
        },
        "required": ["street", "city", "zip", "bedrooms", "bathrooms"],
    }
    got = structured(
        "Extract the listing:\nWe're selling our home at 48 Elm Court in Dayton, Ohio (45402). "
        "It has three bedrooms and one and a half baths, was built in 1998, and the garage "
        "fits two cars.",
        schema,
    )
    assert got == {
        "street": "48 Elm Court",
        "city": "Dayton",
        "zip": "45402",
        "bedrooms": 3,
        "bathrooms": 1.5,
        "year_built": 1998,
    }


def test_a_count_of_people_is_no_notice_period_and_a_name_opens_the_card_zh():
    card = tool(
        "save_candidate",
        "保存候选人",
        {**strings(name=None, phone=None), "notice_period_days": INT, "skills": STRS},
        required=["name", "phone", "skills"],
    )
    got = forced(
        "录入：\n郑雨桐，男，手机 186-2233-0415，现在在“青禾教育”做课程设计，管 4 个人，"
        "会剪辑和 PPT，两周内能到岗。",
        card,
    )
    assert got["name"] == "郑雨桐"
    assert got.get("notice_period_days") != 4
