"""The act asked gets done (round 19): after a result the stand-in does the act the request still
asks for instead of dumping what it read (`sim/general.py` `_act_left`); an act on a condition is
done when a reading crosses its bound, else the figures say why not (`sim/conditions.py` `need`);
an error is read by what it names: a tool named as a prerequisite is called, then the failed call
again with the value it gave (`general._first_needed`), a form named in a not-found error is
tried once in that form (`general._form_named`)."""

from __future__ import annotations

from loops import converse, strings, tool

INT = {"type": "integer"}
DAY = {"type": "string", "description": "YYYY-MM-DD"}


def test_a_tool_named_as_a_prerequisite_is_called_then_the_act_again_with_its_id():
    plan = tool(
        "file_float_plan",
        "File a float plan for a boat trip.",
        strings(skipper="Skipper's name", boat="Boat name"),
    )
    launch = tool(
        "launch_boat",
        "Put a boat in the water at the slipway.",
        strings(boat="Boat name", plan_id="Float plan id (needed for trips offshore)"),
        ["boat"],
    )

    def launched(boat, plan_id=None):
        if not plan_id:  # (no is_error flag: the words say it)
            return (
                "Permission denied: offshore launches need a float plan. Call file_float_plan "
                "first and pass its plan_id."
            )
        return {"boat": boat, "launched": True, "slip": 3}

    calls, finals = converse(
        "I'm skipper Ruth Baines. Please launch the boat Kestrel, we're heading offshore.",
        [plan, launch],
        {"file_float_plan": lambda **k: {"plan_id": "FP-2207"}, "launch_boat": launched},
    )
    assert [n for n, _ in calls] == ["launch_boat", "file_float_plan", "launch_boat"]
    assert calls[-1][1] == {"boat": "Kestrel", "plan_id": "FP-2207"}
    assert "Slip" in finals[-1]


def test_a_chinese_error_that_says_call_another_tool_first_is_followed():
    file_ = tool(
        "open_learner_file",
        "为学员建立学车档案，返回档案号。",
        strings(learner="学员姓名"),
    )
    lesson = tool(
        "book_driving_lesson",
        "预约一节练车课。",
        {"learner": {"type": "string"}, "date": DAY, "file_no": {"type": "string"}},
        ["learner", "date"],
    )

    def booked(learner, date, file_no=None):
        if not file_no:
            raise ValueError(
                "错误：没有档案号。请先调用 open_learner_file 建档，再把 file_no 传进来。"
            )
        return {"lesson": "DL-88", "date": date, "file_no": file_no}

    calls, _ = converse(
        "我叫孙悦，帮我预约 2027-03-02 的练车课。",
        [file_, lesson],
        {"open_learner_file": lambda **k: {"file_no": "XY-5031"}, "book_driving_lesson": booked},
    )
    assert calls[1] == ("open_learner_file", {"learner": "孙悦"})
    assert calls[2] == (
        "book_driving_lesson",
        {"learner": "孙悦", "date": "2027-03-02", "file_no": "XY-5031"},
    )


def test_a_not_found_error_that_names_the_form_is_tried_once_in_that_form():
    get = tool(
        "get_artifact",
        "Look up a museum artifact by its accession number.",
        strings(accession="Accession number"),
    )

    def found(accession):
        if accession != "ACC-5521":
            return (
                f"No artifact found for '{accession}'. Accession numbers look like ACC-NNNN, "
                "e.g. ACC-0042."
            )
        return {"accession": "ACC-5521", "title": "Bronze mirror", "on_display": False}

    calls, finals = converse("Is accession number 5521 on display?", [get], {"get_artifact": found})
    assert calls == [
        ("get_artifact", {"accession": "5521"}),
        ("get_artifact", {"accession": "ACC-5521"}),
    ]
    assert finals[-1].startswith("No") and "ACC-5521" in finals[-1]


OVEN = tool(
    "read_oven",
    "查询烤箱的读数。",
    {"oven": {"type": "string", "enum": ["1号炉", "2号炉", "3号炉"]}},
)
HEAT = tool(
    "heat_oven",
    "把烤箱升温到目标温度。",
    {
        "oven": {"type": "string", "enum": ["1号炉", "2号炉", "3号炉"]},
        "target_c": {"type": "integer", "description": "目标温度（摄氏度）"},
    },
)


def test_a_reading_under_its_bound_does_the_act_an_unknown_verb_asks_for():
    calls, _ = converse(
        "帮我查一下3号炉的读数，要是低于下限了就烧到 220 度。",
        [OVEN, HEAT],
        {
            "read_oven": lambda **k: "炉号: 3号炉\n当前温度: 168 ℃\n温度下限: 180 ℃",
            "heat_oven": lambda **k: {"ok": True, "target_c": k["target_c"]},
        },
    )
    assert calls == [
        ("read_oven", {"oven": "3号炉"}),
        ("heat_oven", {"oven": "3号炉", "target_c": 220}),
    ]


def test_a_reading_within_its_bound_makes_no_act_and_says_the_figures():
    calls, finals = converse(
        "帮我查一下3号炉的读数，要是低于下限了就烧到 220 度。",
        [OVEN, HEAT],
        {
            "read_oven": lambda **k: "炉号: 3号炉\n当前温度: 205 ℃\n温度下限: 180 ℃",
            "heat_oven": lambda **k: {"ok": True},
        },
    )
    assert [n for n, _ in calls] == ["read_oven"]
    assert "当前温度 205 ℃，不低于温度下限 180 ℃" in finals[-1]


def test_an_order_after_a_look_up_is_done_when_the_results_fill_it():
    find = tool("find_volunteer", "按姓名查找志愿者，返回志愿者编号。", strings(name="姓名"))
    hours = tool("get_hours", "查询志愿者累计的服务时长。", strings(volunteer_id=None))
    shift = tool(
        "sign_up_shift",
        "为志愿者报一个值班班次。",
        {
            "volunteer_id": {"type": "string"},
            "date": DAY,
            "slot": {
                "type": "string",
                "enum": ["morning", "afternoon"],
                "description": "morning=上午, afternoon=下午",
            },
        },
    )
    calls, finals = converse(
        "我是周婷，帮我占 2027-04-10 下午那个空，先看看我的服务时长够不够。",
        [find, hours, shift],
        {
            "find_volunteer": lambda **k: {"volunteer_id": "V-3310", "name": "周婷"},
            "get_hours": lambda **k: "累计服务时长: 46 小时",
            "sign_up_shift": lambda **k: {"shift_id": "SH-71", **k},
        },
    )
    assert calls[-1] == (
        "sign_up_shift",
        {"volunteer_id": "V-3310", "date": "2027-04-10", "slot": "afternoon"},
    )
    assert "SH-71" in finals[-1]


def test_an_act_on_a_stated_bound_takes_the_one_tool_the_results_fill():
    fee = tool("get_boarding_fee", "查询宠物寄养单的费用。", strings(order_no="寄养单号"))
    settle = tool("settle_invoice", "结清一张发票。", strings(invoice_no="发票号"))

    def run_tool(**k):
        return "发票号: PB-7730\n宠物: 豆包\n寄养天数: 4 天\n应付: 260 元"

    calls, finals = converse(
        "寄养单 BD-2231 的费用是多少？没超过 300 块的话就直接付了吧。",
        [fee, settle],
        {"get_boarding_fee": run_tool, "settle_invoice": lambda **k: {"paid": True, **k}},
    )
    assert calls == [
        ("get_boarding_fee", {"order_no": "BD-2231"}),
        ("settle_invoice", {"invoice_no": "PB-7730"}),
    ]
    assert finals[-1].startswith("应付 260 元")
