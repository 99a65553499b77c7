"""The answer gives what was asked, from the results, with the judgement asked (round 18): an act
confirmed in words, the latest state of a thing, where it is, whether an amount lasts or a goal
is on track, which listed one gets the user there in time, and "no" to "should I" when a guide
says not to. Domains here are in neither of the round's program batches."""

from __future__ import annotations

import json

from tests.loops import converse, strings, tool


def test_an_act_whose_result_names_nothing_is_confirmed_with_what_it_was_given() -> None:
    tools = [
        tool(
            "enrol_in_course",
            "Enrol the user in an evening course.",
            strings(course="Course name", start_date="YYYY-MM-DD"),
        )
    ]
    _, finals = converse(
        "Enrol me in the Beginner Pottery course starting 2027-01-12, please.",
        tools,
        {"enrol_in_course": lambda **_: json.dumps({"ok": True, "seats_taken": 18})},
    )
    assert "Ok" not in finals[0] and "yes" not in finals[0].lower()
    assert "Beginner Pottery" in finals[0] and "18" in finals[0]


def test_a_chinese_act_confirmed_without_its_flag() -> None:
    tools = [
        tool(
            "add_contact",
            "添加常用联系人。",
            strings(name="联系人姓名", phone="手机号"),
        )
    ]
    _, finals = converse(
        "帮我把张伟加到常用联系人，手机号 13700001234。",
        tools,
        {"add_contact": lambda **_: json.dumps({"success": True, "total": 12})},
    )
    assert "张伟" in finals[0] and "12" in finals[0]
    assert "成功" not in finals[0] and "Success" not in finals[0]


def test_a_record_an_act_changed_is_said_only_as_the_act_left_it() -> None:
    tools = [
        tool(
            "find_rental",
            "Find a car rental reservation by the driver's email.",
            strings(email=None),
        ),
        tool(
            "extend_rental",
            "Extend a car rental reservation to a new return date.",
            strings(reservation_id=None, new_return_date="YYYY-MM-DD"),
        ),
    ]
    before = {"reservation_id": "RV-60215", "car": "VW Golf", "return_date": "2026-12-14"}
    after = {"reservation_id": "RV-60215", "car": "VW Golf", "return_date": "2026-12-17"}
    calls, finals = converse(
        "I'm dana@example.com. Please extend my car rental to 2026-12-17.",
        tools,
        {
            "find_rental": lambda **_: json.dumps(before),
            "extend_rental": lambda **_: json.dumps(after),
        },
    )
    assert [n for n, _ in calls] == ["find_rental", "extend_rental"]
    assert "2026-12-17" in finals[0] and "2026-12-14" not in finals[0]


def test_where_a_thing_is_said_from_its_place_field() -> None:
    tools = [
        tool(
            "passport_status",
            "按受理编号查询护照办理进度，返回 字段: 值 的文本。",
            strings(application_no="受理编号"),
        )
    ]
    text = "受理编号: P2026-88120\n办理状态: 制证中\n当前位置: 省出入境管理局制证中心\n预计完成: 2026-12-18"
    _, finals = converse(
        "我的护照 P2026-88120 现在到哪了？",
        tools,
        {"passport_status": lambda **_: text},
    )
    assert "省出入境管理局制证中心" in finals[0].splitlines()[0]


def test_whether_a_budget_lasts_to_the_month_end_at_the_pace_so_far() -> None:
    tools = [
        tool(
            "get_cloud_costs",
            "Month-to-date cloud spending for a team.",
            strings(team=None),
        )
    ]
    _, finals = converse(
        "Our team 'atlas' has a budget of $2000 for cloud this month. "
        "Will it last until the end of the month?",
        tools,
        {"get_cloud_costs": lambda **_: json.dumps({"team": "atlas", "spent_usd": 1100})},
        system="You are a FinOps assistant. Today is 2026-12-10.",
    )
    first = finals[0].splitlines()[0]
    assert first.startswith("No") and "900" in first and "21 days" in first


def test_whether_a_goal_is_on_track_in_chinese() -> None:
    tools = [tool("get_reading_stats", "查询本月阅读统计。", strings(user="用户名"))]
    _, finals = converse(
        "我的用户名是 xiaolin。这个月的阅读目标是 600 页，照现在的进度能完成吗？",
        tools,
        {"get_reading_stats": lambda **_: json.dumps({"user": "xiaolin", "pages_read": 300})},
        system="你是阅读助手。今天是 2026-12-10。",
    )
    first = finals[0].splitlines()[0]
    assert first.startswith("按目前的进度能完成") and "300" in first and "21 天" in first


def test_the_listed_one_that_arrives_in_time_less_the_way_there_is_picked() -> None:
    shuttles = [
        {"班次": "A1-0800", "发车": "08:00", "到达": "09:50", "票价": 30},
        {"班次": "A1-0830", "发车": "08:30", "到达": "10:20", "票价": 25},
        {"班次": "A1-0900", "发车": "09:00", "到达": "10:55", "票价": 20},
    ]
    tools = [
        tool(
            "search_airport_shuttle",
            "查询某天去机场的机场大巴班次。",
            strings(date="YYYY-MM-DD"),
        )
    ]
    _, finals = converse(
        "我 2026-12-20 要赶飞机，11:00 前必须到值机柜台，下车后走到柜台要 20 分钟。坐哪班机场大巴？",
        tools,
        {"search_airport_shuttle": lambda **_: json.dumps(shuttles, ensure_ascii=False)},
    )
    first = finals[0]
    assert first.startswith("建议坐 A1-0830"), first
    assert "A1-0900" in first and "来不及" in first and "A1-0800" in first


def test_an_english_pick_says_why_the_others_fail() -> None:
    boats = {
        "sailings": [
            {"boat": "Orca", "departs": "12:10", "arrives": "13:05", "fare_gbp": 14},
            {"boat": "Puffin", "departs": "12:40", "arrives": "13:50", "fare_gbp": 9},
        ]
    }
    tools = [
        tool(
            "list_water_taxis",
            "List water taxi sailings between two piers on a date.",
            strings(from_pier=None, to_pier=None, date="YYYY-MM-DD"),
        )
    ]
    _, finals = converse(
        "I need to be at the gallery by 14:00 on 2026-12-19, it's a 15 minute walk from "
        "Tower Pier. Going from Westminster Pier to Tower Pier, which boat should I take?",
        tools,
        {"list_water_taxis": lambda **_: json.dumps(boats)},
    )
    assert finals[0].startswith("Take Orca"), finals[0]
    assert "Puffin arrives at 13:50, too late" in finals[0]


def test_should_i_is_answered_no_from_the_sentence_of_a_guide_that_says_not_to() -> None:
    guide = (
        "Marble is a soft, porous stone. Never clean marble with bleach, vinegar or lemon: "
        "acids and bleach etch the surface. Wipe it with warm water and a pH-neutral stone "
        "cleaner, and dry it with a soft cloth."
    )
    tools = [
        tool(
            "get_surface_care",
            "Care advice for a household surface: cleaning, stains, polishing.",
            {"surface": {"type": "string", "enum": ["marble", "granite", "oak", "laminate"]}},
        ),
        tool("order_supplies", "Order cleaning supplies.", strings(product=None)),
    ]
    calls, finals = converse(
        "Can I clean our marble countertop with bleach?",
        tools,
        {"get_surface_care": lambda **_: guide, "order_supplies": lambda **_: "ordered"},
    )
    assert calls == [("get_surface_care", {"surface": "marble"})]
    assert finals[0].startswith("No. Never clean marble with bleach")


def test_a_chinese_should_i_answered_no_from_a_guide() -> None:
    guide = (
        "手机进水后应立即关机，擦干表面水分。不要用吹风机加热吹干，高温会损坏电池和屏幕。"
        "可以把手机放在通风处自然晾干 24 小时后再开机。"
    )
    tools = [
        tool(
            "get_repair_tips",
            "查询手机故障的处理建议，返回一段文字。",
            {"problem": {"type": "string", "enum": ["进水", "摔碎屏幕", "无法开机"]}},
        )
    ]
    _, finals = converse(
        "手机刚掉水里了，可以用吹风机吹干吗？",
        tools,
        {"get_repair_tips": lambda **_: guide},
    )
    assert finals[0].startswith("不建议。不要用吹风机加热吹干"), finals[0]


def test_stock_held_by_place_is_added_up_against_the_need() -> None:
    tools = [
        tool("check_blood_stock", "查询某血型在各血站的库存（袋）。", strings(blood_type="血型"))
    ]
    stock = {"blood_type": "O", "stock": {"中心血站": 25, "东院": 12, "西院": 9}}
    _, finals = converse(
        "明天的手术需要 40 袋 O 型血，库存够不够？",
        tools,
        {"check_blood_stock": lambda **_: json.dumps(stock, ensure_ascii=False)},
    )
    assert finals[0].startswith("够") and "46" in finals[0] and "6" in finals[0], finals[0]


def test_a_purchase_the_user_puts_off_is_not_made() -> None:
    tools = [
        tool("query_print_quota", "查询员工本月打印配额和已用页数。", strings(employee_id="工号")),
        tool(
            "buy_quota_pack",
            "为员工购买打印额度包。",
            {"employee_id": {"type": "string"}, "pages": {"type": "integer", "enum": [100, 500]}},
        ),
    ]
    quota = {"employee_id": "A1023", "quota_pages": 500, "used_pages": 120}
    calls, _ = converse(
        "帮我查下工号 A1023 的打印配额用了多少，先别买额度包。",
        tools,
        {
            "query_print_quota": lambda **_: json.dumps(quota),
            "buy_quota_pack": lambda **_: json.dumps({"ok": True}),
        },
    )
    assert [n for n, _ in calls] == ["query_print_quota"]


def test_a_files_reference_is_a_code_and_where_is_said_in_english() -> None:
    tools = [
        tool(
            "track_claim",
            "Track an insurance claim by its file reference.",
            strings(file_reference="e.g. CLM-2026-0001"),
        )
    ]
    text = "Status: under review\nCurrent location: Glasgow claims office\nDecision expected: 2026-12-21"
    calls, finals = converse(
        "Where is my claim CLM-2026-0042 now?",
        tools,
        {"track_claim": lambda **_: text},
    )
    assert calls == [("track_claim", {"file_reference": "CLM-2026-0042"})]
    assert "Glasgow claims office" in finals[0].splitlines()[0]
