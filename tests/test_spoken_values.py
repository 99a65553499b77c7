"""Values said the way people say them: a count by the noun beside its number ("12 copies of a
40-page booklet", "30 份，每份 8 页"), a yes/no by the flag's word in either spelling or by the
English of a Chinese word ("full colour", "彩色的" for color), and clock times in words ("a
quarter past six in the evening", "half past five", "六点一刻"). Domains of our own, through
the SDK."""

from __future__ import annotations

import json

import pytest

from tests.test_any_tools import run, tool

PRINT = tool(
    "quote_poster_run",
    "Price a poster print run.",
    {
        "sheets": {"type": "integer", "description": "每份张数"},
        "copies": {"type": "integer", "description": "份数"},
        "color": {"type": "boolean", "description": "是否彩印"},
    },
    ["sheets", "copies", "color"],
)
KILN = tool(
    "book_kiln",
    "Book the pottery kiln.",
    {
        "date": {"type": "string", "format": "date"},
        "start": {"type": "string", "description": "HH:MM"},
    },
    ["date", "start"],
)


def done(name, args):
    return json.dumps({"ok": True, **args})


@pytest.mark.parametrize(
    "prompt, args",
    [
        ("Quote 25 copies of a 6-sheet poster set in full colour", (6, 25, True)),
        ("Quote 300 copies, 2 sheets each, black and white", (2, 300, False)),
        ("印 40 份，每份 3 张，彩色的", (3, 40, True)),
    ],
)
def test_a_count_is_the_number_beside_its_noun_and_a_flag_its_word(prompt, args):
    t = run(prompt, [PRINT], done)
    assert t.calls[0] == [
        ("quote_poster_run", dict(zip(("sheets", "copies", "color"), args, strict=True)))
    ]


@pytest.mark.parametrize(
    "prompt, start",
    [
        ("Book the kiln tomorrow at a quarter past six in the evening", "18:15"),
        ("Book the kiln tomorrow, half past five", "17:30"),
        ("Book the kiln tomorrow at twenty to nine in the morning", "08:40"),
        ("明天傍晚六点一刻帮我约一下窑炉", "18:15"),
    ],
)
def test_a_clock_time_said_in_words(prompt, start):
    t = run(prompt, [KILN], done)
    assert t.calls[0] == [("book_kiln", {"date": "2026-12-02", "start": start})]


def test_a_listing_s_half_bath_its_address_and_when_it_is_free():
    import agentkit

    schema = {
        "type": "object",
        "properties": {
            "address": {"type": "string"},
            "bathrooms": {"type": "number"},
            "rent_usd": {"type": "integer"},
            "available_from": {"type": "string"},
        },
        "required": ["address", "bathrooms", "rent_usd", "available_from"],
    }
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model="claude-sonnet-4-6",
        max_tokens=512,
        output_config={"format": {"type": "json_schema", "schema": schema}},
        messages=[
            {
                "role": "user",
                "content": "Extract:\nBright one-and-a-half bath flat at 27 Orchard Row, Apt 2B, Leeds.\n"
                "Rent $1,240/month. Available March 3, 2027. Call (113) 555-0147.",
            }
        ],
    )
    got = json.loads("".join(b.text for b in r.content if b.type == "text"))
    assert got == {
        "address": "27 Orchard Row, Apt 2B, Leeds",
        "bathrooms": 1.5,
        "rent_usd": 1240,
        "available_from": "2027-03-03",
    }


@pytest.mark.parametrize(
    "prompt, person, card",
    [
        (
            "给储物柜 LK-220 加一个授权人：我儿子王小明，身份证 310101201001014321。",
            "王小明",
            "310101201001014321",
        ),
        (
            "Add an authorised person to locker LK-220: my nephew Tomas, id card 880412-55",
            "Tomas",
            "880412-55",
        ),
    ],
)
def test_a_person_after_a_relation_word_and_an_id_card_after_its_label(prompt, person, card):
    grant = tool(
        "grant_locker_access",
        "授权某人使用储物柜。",
        {
            "locker_id": {"type": "string"},
            "person_name": {"type": "string"},
            "id_card": {"type": "string"},
        },
        ["locker_id", "person_name", "id_card"],
    )
    t = run(prompt, [grant], done)
    assert t.calls[0] == [
        ("grant_locker_access", {"locker_id": "LK-220", "person_name": person, "id_card": card})
    ]


@pytest.mark.parametrize(
    "prompt, said",
    [
        ("窑炉的账单：我已经付了定金，还要补多少钱？", "75"),
        ("How much do I still owe for the kiln?", "75"),
    ],
)
def test_what_is_still_to_pay_is_the_balance_not_the_total(prompt, said):
    bill = tool("get_kiln_bill", "The kiln booking's bill.", {}, [])

    def billed(name, args):
        return json.dumps(
            {"booking": "KB-31", "total_due": 120, "deposit_paid": 45, "balance_due": 75}
        )

    t = run(prompt, [bill], billed)
    assert said in t.answer.splitlines()[0] and "120" not in t.answer.splitlines()[0]


def test_a_labelled_whole_number_stays_whole():
    import agentkit

    schema = {
        "type": "object",
        "properties": {"order_no": {"type": "string"}, "amount_yuan": {"type": "number"}},
        "required": ["order_no", "amount_yuan"],
    }
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model="claude-sonnet-4-6",
        max_tokens=256,
        output_config={"format": {"type": "json_schema", "schema": schema}},
        messages=[{"role": "user", "content": "提取：订单编号 PO-88，订单金额 356000 元。"}],
    )
    got = json.loads("".join(b.text for b in r.content if b.type == "text"))
    assert got == {"order_no": "PO-88", "amount_yuan": 356000}
    assert isinstance(got["amount_yuan"], int)
