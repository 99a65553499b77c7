"""A fault the user tells, as a report tool's call (`sim/reports.py`; the `fault` concept of
`sim/lexicon.py`), through the real SDK client: a message that tells what is broken and asks no
question calls the tool that records faults (not the one that lists them), with what is broken,
where, and the message as what happened, in English and Chinese; a number a property took as an
id is no amount ("card 88012345 with 50")."""

import json

from test_any_tools import ended, run, tool

REPORT = tool(
    "log_defect",
    "Log a defect in a campus building so the facilities team can repair it.",
    {
        "equipment": {"type": "string"},
        "building": {"type": "string"},
        "details": {"type": "string"},
    },
    ["equipment", "building", "details"],
)
OPEN = tool("list_defects", "List the defects still open on campus.", {})
TOPUP = tool(
    "recharge_card",
    "给校园卡充值",
    {"card_no": {"type": "string", "description": "卡号"}, "amount": {"type": "integer"}},
    ["card_no", "amount"],
)


def _logged(name, args):
    return json.dumps(
        {"defect": "DF-77", **args} if name != "list_defects" else [], ensure_ascii=False
    )


def _acts(t, name):
    return [a for turn in t.calls for n, a in turn if n == name]


def test_a_fault_told_in_english_is_logged_with_what_where_and_what_happened():
    said = "The projector in building 4 won't turn on and smells of burning."
    t = run(said, [OPEN, REPORT], _logged)
    [got] = _acts(t, "log_defect")
    assert got["equipment"] == "projector" and got["details"] == said
    assert got["building"] in ("4", "building 4")
    assert not _acts(t, "list_defects") and "DF-77" in t.answer
    ended(t)


def test_a_fault_told_in_chinese_is_logged():
    said = "五号楼的饮水机一直漏水，地上全是水。"
    t = run(said, [OPEN, REPORT], _logged)
    assert _acts(t, "log_defect") == [
        {"equipment": "饮水机", "building": "五号楼", "details": said}
    ]


def test_a_number_taken_as_an_id_is_no_amount():
    t = run("Please recharge campus card 20261188 with 80.", [TOPUP], _logged)
    assert _acts(t, "recharge_card") == [{"card_no": "20261188", "amount": 80}]


REPAIR = tool(
    "open_repair",
    "宿舍报修：登记一个维修单",
    {"room": {"type": "string", "description": "房号，如 2-105"}, "detail": {"type": "string"}},
    ["room", "detail"],
)
PROGRESS = tool("repair_progress", "查询维修单进度", {"ticket": {"type": "string"}}, ["ticket"])


def test_a_follow_up_about_that_ticket_takes_it_from_the_earlier_result():
    def handle(name, args):
        if name == "open_repair":
            return "工单号：WX-8812\n房间：" + args["room"]
        return "进度：师傅下午两点上门"

    first = run("我们宿舍 3-411 的暖气片一直漏水，帮我报修。", [REPAIR, PROGRESS], handle)
    messages = first.messages + [{"role": "user", "content": "那个工单现在进度如何？"}]
    t = run(None, [REPAIR, PROGRESS], handle, messages=messages)
    assert t.calls[0] == [("repair_progress", {"ticket": "WX-8812"})]
    ended(t)
