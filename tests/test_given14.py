"""A value the request gives is used, never asked for again (`sim/arguments.py`): an id right
after the noun its property is named for, in any shape a person writes it (a slug
"blue-harbor", a code of three parts "RM-B2-114", a number after the Chinese word for the noun,
`after_own_noun`); a date for a property named for checking in or out; a description that
only lists the values ("早班/中班/晚班") picks the one said. Programs through the real SDK
client, in this file's own domains."""

import pytest
from loops import converse, strings, tool


def _ok(**k):
    return {"ok": True}


@pytest.mark.parametrize(
    ("said", "prop", "value"),
    [
        ("Archive the workspace blue-harbor, please.", "workspace_id", "blue-harbor"),
        ("Please archive workspace 'qa_sandbox_2'.", "workspace_id", "qa_sandbox_2"),
        ("Archive the room RM-B2-114 booking sheet.", "room_id", "RM-B2-114"),
        ("请把病历 3391027 归档。", "record_id", "3391027"),
    ],
)
def test_an_id_right_after_its_own_noun_is_used(said, prop, value):
    t = tool("archive_record", "Archive a record.", strings(**{prop: None}))
    calls, _ = converse(said, [t], {"archive_record": _ok})
    assert calls == [("archive_record", {prop: value})]


def test_a_date_for_a_property_named_for_checking_in():
    t = tool(
        "reserve_berth",
        "Reserve a marina berth.",
        {
            "boat_name": {"type": "string"},
            "check_in": {"type": "string"},
            "nights": {"type": "integer"},
        },
    )
    calls, _ = converse(
        "Reserve a berth for the boat Kestrel, arriving 2027-06-02, for 3 nights.",
        [t],
        {"reserve_berth": _ok},
    )
    assert calls == [
        ("reserve_berth", {"boat_name": "Kestrel", "check_in": "2027-06-02", "nights": 3})
    ]


def test_a_description_that_only_lists_the_values_picks_the_one_said_zh():
    t = tool(
        "get_meter_bill",
        "查询某户号当月账单",
        {
            "account_no": {"type": "string"},
            "kind": {"type": "string", "description": "电费/水费/燃气费"},
        },
    )
    calls, _ = converse("帮我查一下这个月的水费，户号 2200-1187", [t], {"get_meter_bill": _ok})
    assert calls == [("get_meter_bill", {"account_no": "2200-1187", "kind": "水费"})]


def test_an_error_that_says_no_spaces_joins_the_pieces_the_request_wrote():
    def redeem(voucher_code):
        if voucher_code != "GV-5520K":
            return (
                f"ERROR: bad code '{voucher_code}'. "
                "Codes look like GV-0000X (four digits, a letter, no spaces)."
            )
        return {"ok": True, "value": "25 EUR"}

    calls, (answer,) = converse(
        "Please redeem my gift voucher 5520 K.",
        [tool("redeem_voucher", "Redeem a gift voucher.", strings(voucher_code=None))],
        {"redeem_voucher": redeem},
    )
    assert calls[-1] == ("redeem_voucher", {"voucher_code": "GV-5520K"}) and len(calls) == 2


def test_an_error_that_says_no_spaces_in_chinese_zh():
    def track(box_no):
        if box_no != "TGHU8812345":
            return f"箱号格式错误：'{box_no}'，应为4个大写字母加7位数字，中间不能有空格。"
        return {"状态": "已到港"}

    calls, _ = converse(
        "帮我查一下箱号 TGHU 881234 5 现在到哪了",
        [tool("track_box", "查询集装箱位置", strings(box_no="箱号"))],
        {"track_box": track},
    )
    assert calls[-1] == ("track_box", {"box_no": "TGHU8812345"})
