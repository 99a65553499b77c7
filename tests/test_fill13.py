"""Forced tool calls fill each field from its own words (round 13, `sim/arguments.py`,
`sim/values.py`): a count said with a Chinese counter (十节课, 八堂课), a dozen said as 打 (一打人),
a numbered thing (十二号桌) go to their own fields, never a digit group of a phone number said
in groups ("138 0013 8000"); a person named right after the property's own word ("队长司马相如")
fills it; a Chinese establishment's name after 在 / 去 is a venue; an English enum member is
named by a Chinese word that glosses to it (结账 -> billing). Through the real SDK client, in
domains of this file's own."""

from typing import Any

from loops import MODEL, converse, strings, tool

import agentkit


def forced(text: str, spec: dict[str, Any]) -> dict[str, Any]:
    """The input of a tool call forced by tool_choice."""
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=1024,
        tools=[spec],
        tool_choice={"type": "tool", "name": spec["name"]},
        messages=[{"role": "user", "content": text}],
    )
    return next(dict(b.input) for b in r.content if b.type == "tool_use")


SWIM = tool(
    "book_swim_course",
    "Book a swimming course.",
    {**strings(child_name=None, phone=None), "sessions": {"type": "integer"}},
)


def test_a_count_by_its_counter_not_a_phone_group():
    got = forced("孩子叫林小溪，想报八堂课，家长电话 139 2211 4455。", SWIM)
    assert got["sessions"] == 8
    assert got["phone"] == "139 2211 4455"
    got = forced("帮我儿子报十节游泳课，电话 186 5500 7788", SWIM)
    assert got["sessions"] == 10


ROWING = tool(
    "register_crew",
    "Register a rowing crew for the regatta.",
    {**strings(skipper=None, town=None), "crew_size": {"type": "integer"}},
)


def test_a_dozen_and_the_person_after_the_property_word():
    got = forced("我们报名赛艇赛：舵手欧阳明轩，一打人，来自绍兴。", ROWING)
    assert got["crew_size"] == 12
    got = forced(
        "报名：队长慕容雪，两打人。",
        tool(
            "sign_team",
            "Sign up a team.",
            {**strings(captain=None), "members": {"type": "integer"}},
        ),
    )
    assert got["captain"] == "慕容雪"
    assert got["members"] == 24


DINER = tool(
    "file_issue",
    "File a diner's issue.",
    {
        **strings(venue=None),
        "kind": {"type": "string", "enum": ["noise", "billing", "service", "other"]},
        "table_no": {"type": "integer"},
        "amount": {"type": "number"},
    },
)


def test_a_numbered_table_a_venue_and_a_glossed_member():
    got = forced("上周在老码头火锅店八号桌吃饭，结账时多算了我两百元。", DINER)
    assert got["table_no"] == 8
    assert got["amount"] == 200
    assert got["venue"] == "老码头火锅店"
    assert got["kind"] == "billing"


def test_a_day_stays_a_date_not_a_table():
    got = forced(
        "十二号那天去江南茶馆，账单金额三十元。",
        tool("note_visit", "Note a visit.", {**strings(venue=None), "amount": {"type": "number"}}),
    )
    assert got["amount"] == 30
    assert got["venue"] == "江南茶馆"


LINES = tool(
    "record_sale",
    "Record a sale from a market stall.",
    {
        **strings(buyer=None),
        "items": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "plant": {"type": "string"},
                    "qty": {"type": "integer"},
                    "unit_price": {"type": "number"},
                },
                "required": ["plant", "qty", "unit_price"],
            },
        },
    },
)


def test_a_listed_item_opening_with_one_counts_one():
    got = forced(
        "Sold to Priya Raman-Okoye: three lavender bushes at $6 each, one quince tree for $40,"
        " and a fig tree at $9.",
        LINES,
    )
    assert got["items"] == [
        {"plant": "lavender bushes", "qty": 3, "unit_price": 6},
        {"plant": "quince tree", "qty": 1, "unit_price": 40},
        {"plant": "fig tree", "qty": 1, "unit_price": 9},
    ]


VALUE = tool(
    "value_heirloom",
    "Value an heirloom for the auction house.",
    strings(item=None, era=None, maker=None, seller_email=None),
)


def test_the_thing_owned_its_decade_and_the_name_written_on_it():
    got = forced(
        "Hello, I bought a walnut cello at an estate sale last spring. The label inside reads"
        ' "Giovanni Grancino, Milano" and the dealer reckoned it dates from the 1720s.'
        " Contact: iris.vandermeer@example.org",
        VALUE,
    )
    assert got["item"] == "walnut cello"
    assert got["era"] == "1720s"
    assert got["maker"] == "Giovanni Grancino, Milano"
    assert got["seller_email"] == "iris.vandermeer@example.org"
    got = forced(
        "We inherited a bronze lantern from the 18th century, made by Hollis Brandt.", VALUE
    )
    assert got["item"] == "bronze lantern"
    assert got["era"] == "18th century"
    assert got["maker"] == "Hollis Brandt"


def test_an_example_in_pinyin_said_in_characters():
    spec = tool(
        "join_class",
        "Join a martial arts class.",
        {
            **strings(member=None, style="style, e.g. taiji, bagua, xingyi"),
            "weeks": {"type": "integer"},
        },
    )
    got = forced("我叫上官婉清，想学太极，先报八周。", spec)
    assert got["style"] == "taiji"
    assert got["weeks"] == 8
    tea = tool("order_tea", "Order tea leaves.", strings(tea="kind, e.g. longjing, pu'er, maofeng"))
    assert forced("来半斤普洱", tea)["tea"] == "pu'er"


def test_an_email_the_request_writes_after_the_step():
    spec = tool(
        "extend_booking",
        "Extend a cabin booking by N nights; the confirmation goes to the email.",
        {
            **strings(booking_id=None),
            "nights": {"type": "integer"},
            **strings(confirmation_email=None),
        },
    )
    calls, _ = converse(
        "Extend booking BK-221 by two nights and email the confirmation to li.wei+trips@example.net.",
        [spec],
        {"extend_booking": lambda **k: {"ok": True, **k}},
    )
    assert calls[0] == (
        "extend_booking",
        {"booking_id": "BK-221", "nights": 2, "confirmation_email": "li.wei+trips@example.net"},
    )


def test_a_route_end_stops_before_what_is_hired_there():
    spec = tool(
        "quote_minibus",
        "Quote a minibus hire.",
        {**strings(origin=None, destination=None), "seats": {"type": "integer"}},
    )
    got = forced("想从苏州到周庄包一辆19座的小巴，报个价。", spec)
    assert got["origin"] == "苏州"
    assert got["destination"] == "周庄"
    assert got["seats"] == 19
