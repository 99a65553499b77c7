"""Values read by their part and their shape: a property for one part of a person's name takes
that part of the full name the text gives (`agentkit.sim.arguments.name_part`), and a code that
holds a digit is never dropped as a function word ("12A" is no article). Domains of our own, zh
and en, through the SDK."""

from __future__ import annotations

import json

import pytest

from agentkit.sim.arguments import gather, name_part
from tests.test_any_tools import ended, run, tool

FIND_STAY = tool(
    "find_stay",
    "Find a hotel stay by its booking reference and the guest's last name.",
    {"booking_ref": {"type": "string"}, "last_name": {"type": "string"}},
    ["booking_ref", "last_name"],
)
MOVE_ROOM = tool(
    "move_room",
    "Move the guest of a stay to another room (internal stay id required).",
    {
        "stay_id": {"type": "string", "pattern": "^ST-[0-9]+$"},
        "room": {"type": "string", "description": "floor number + letter, e.g. 3B"},
    },
    ["stay_id", "room"],
)


def hotel(name, args):
    if name == "find_stay":
        if args["last_name"] != "Kowalczyk":
            return json.dumps({"found": False})
        return json.dumps({"found": True, "stay_id": "ST-5520", "room": "2C", "nights": 3})
    return json.dumps({"moved": True, **args})


def test_the_last_name_is_the_last_part_of_the_name_and_a_code_with_a_digit_is_a_value():
    t = run(
        "Hi, Marta Kowalczyk here, booking ref HX72Q. Could I move up to room 7D if it's free?",
        [FIND_STAY, MOVE_ROOM],
        hotel,
    )
    flat = [c for turn in t.calls for c in turn]
    assert flat[0] == ("find_stay", {"booking_ref": "HX72Q", "last_name": "Kowalczyk"})
    assert flat[1] == ("move_room", {"stay_id": "ST-5520", "room": "7D"})
    ended(t)


@pytest.mark.parametrize(
    "prop, text, part",
    [
        ("last_name", "This is Ines Moreau calling about my seat.", "Moreau"),
        ("first_name", "This is Ines Moreau calling about my seat.", "Ines"),
        ("guestFamilyName", "Booking under Tomasz Nowak, please.", "Nowak"),
        ("given_name", "Booking under Tomasz Nowak, please.", "Tomasz"),
        ("姓", "我是欧阳娜娜，预约编号 R-22。", "欧阳"),
        ("名", "我是欧阳娜娜，预约编号 R-22。", "娜娜"),
        ("surname", "我叫李明，想改一下座位。", "李"),
        ("full_name", "This is Ines Moreau calling about my seat.", None),
    ],
)
def test_a_name_part_property_takes_that_part(prop, text, part):
    assert name_part(prop, gather(text, [])) == part


CLASS_LIST = tool(
    "list_classes",
    "列出学生可以报名的课程（按年级）。",
    {"student_family_name": {"type": "string"}, "grade": {"type": "integer"}},
    ["student_family_name", "grade"],
)


def test_a_chinese_surname_fills_a_surname_property_through_the_sdk():
    t = run(
        "我是张子涵的家长，她上3年级，帮我查一下她能报名哪些课程。",
        [CLASS_LIST],
        lambda n, a: json.dumps({"classes": ["书法", "围棋"]}, ensure_ascii=False),
    )
    assert t.calls[0] == [("list_classes", {"student_family_name": "张", "grade": 3})]
    ended(t)


FIND_MEMBER = tool(
    "find_member",
    "按手机号查找健身房会员。",
    {"mobile": {"type": "string", "description": "会员手机号"}},
    ["mobile"],
)
RENEW = tool(
    "renew_locker",
    "用身份证号续租一个储物柜。",
    {"locker_no": {"type": "string"}, "id_card": {"type": "string", "description": "身份证号"}},
    ["locker_no", "id_card"],
)


@pytest.mark.parametrize(
    "prompt, tools, call",
    [
        ("帮我查一下会员，手机号13700001111。", [FIND_MEMBER], ("find_member", {"mobile": "13700001111"})),
        ("续租 B-12 号储物柜，身份证号 320102199201011234", [RENEW],
         ("renew_locker", {"locker_no": "B-12", "id_card": "320102199201011234"})),
    ],
)  # fmt: skip
def test_a_code_right_after_its_chinese_label_is_that_property_s_value(prompt, tools, call):
    t = run(prompt, tools, lambda n, a: json.dumps({"ok": True}))
    assert t.calls[0] == [call]
    ended(t)


BOOK_LANE = tool(
    "book_lane",
    "Reserve a bowling lane.",
    {"day": {"type": "string"}, "players": {"type": "integer"}, "name": {"type": "string"}},
    ["day", "players", "name"],
)


@pytest.mark.parametrize(
    "prompt, name",
    [
        ("Book a lane for Saturday for six, name Okafor.", "Okafor"),
        ("Book a lane on Friday for 4 players under the name Jean-Luc van der Berg.",
         "Jean-Luc van der Berg"),
        ("周六订一条球道，6个人，名字周晓岚", "周晓岚"),
        ("帮我订周五的球道，四个人，预订人：欧阳明轩。", "欧阳明轩"),
    ],
)  # fmt: skip
def test_a_bookings_name_is_the_person_the_request_labels(prompt, name):
    t = run(prompt, [BOOK_LANE], lambda n, a: json.dumps({"ok": True, **a}))
    assert t.calls[0][0][1]["name"] == name
    assert t.calls[0][0][1]["players"] in (4, 6)
    ended(t)
