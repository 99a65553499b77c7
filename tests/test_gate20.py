"""No value goes into a loop call unchecked (round 20, `agentkit.sim.gate`): a value in the shape
its description states (a count of digits, the shape of its example) or the token of that shape
the user's words cue; one value never fills two roles; a place's clause piece is cut to its place;
a count of days is the duration said; a value no word gives is looked up by the offered tool that
names it before the user is asked."""

from __future__ import annotations

import json

from loops import converse, strings, tool


def test_a_value_takes_the_shape_its_example_shows():
    boilers = tool(
        "get_inspection_record",
        "Return the latest inspection record for a boiler, by serial number (e.g. 44.102.7).",
        strings(serial_no=None),
    )
    seen: list[str] = []

    def record(serial_no: str) -> str:
        seen.append(serial_no)
        return json.dumps({"serial": serial_no, "passed": True, "inspected": "2026-09-02"})

    converse(
        "Is boiler 51.220.3 in good enough inspection shape to run through winter?",
        [boilers],
        {"get_inspection_record": record},
    )
    assert seen and seen[0] == "51.220.3", seen


def test_a_count_of_digits_is_padded_and_each_said_value_gets_its_call():
    search = tool(
        "search_patents",
        "在专利库中按分类检索。ipc_section 必须是两位数字字符串，不足两位前面补0，例如 '07'。",
        strings(title_words="要检索的名称", ipc_section="分类，两位数字，如 '07'"),
    )
    seen: list[str] = []

    def find(title_words: str, ipc_section: str) -> str:
        seen.append(ipc_section)
        return json.dumps({"section": ipc_section, "hits": []}, ensure_ascii=False)

    converse(
        "帮我在第3类和第21类里分别检索一下“折叠晾衣架”有没有相同的专利。",
        [search],
        {"search_patents": find},
    )
    assert seen[:2] == ["03", "21"], seen


def test_one_value_never_fills_two_roles():
    tools = [
        tool(
            "get_mentor_slots",
            "Free mentoring slots of a mentor on a date.",
            strings(mentor=None, date="YYYY-MM-DD"),
        ),
        tool(
            "book_mentoring",
            "Book a mentoring session.",
            strings(mentor=None, new_hire=None, date="YYYY-MM-DD", start="HH:MM"),
        ),
    ]
    slots = {"mentor": "Grace Liu", "date": "2027-02-04", "free": [{"start": "09:00"}]}
    calls, _ = converse(
        [
            "Which slots does the mentor Grace Liu have free on 2027-02-04?",
            "Good, book the first one for the new hire Ravi Shah.",
        ],
        tools,
        {
            "get_mentor_slots": lambda **_: json.dumps(slots),
            "book_mentoring": lambda **k: json.dumps({"booked": True, **k}),
        },
    )
    booked = [a for n, a in calls if n == "book_mentoring"]
    assert booked and booked[0]["mentor"] == "Grace Liu", calls
    assert booked[0]["new_hire"] == "Ravi Shah", calls


def test_a_cued_token_replaces_a_name_in_a_digits_field():
    book = tool(
        "book_blood_test",
        "用化验单号为患者预约抽血。",
        strings(order_no="化验单号", patient="患者姓名", phone_last4="手机号后四位"),
    )
    made: list[dict[str, str]] = []
    converse(
        "帮我爸约一下明早抽血，化验单号 LAB-5520，他叫周建国，手机后四位 7719。",
        [book],
        {"book_blood_test": lambda **k: made.append(k) or json.dumps({"ok": True})},
    )
    assert made and made[0]["phone_last4"] == "7719", made


def test_a_missing_code_is_looked_up_before_the_user_is_asked():
    tools = [
        tool(
            "find_commodity_code",
            "Suggest 8-digit commodity codes for goods described in plain words.",
            strings(goods=None),
        ),
        tool(
            "get_tariff",
            "Tariff rate for a commodity code and a country of origin.",
            strings(commodity_code="8 digits", origin="ISO 2-letter country code, e.g. VN"),
        ),
    ]
    calls, finals = converse(
        "What tariff would I pay on folding bicycles made in Vietnam?",
        tools,
        {
            "find_commodity_code": lambda **_: json.dumps({"codes": [{"code": "87120030"}]}),
            "get_tariff": lambda **k: json.dumps({"rate_pct": 14, **k}),
        },
    )
    assert [c[0] for c in calls][:2] == ["find_commodity_code", "get_tariff"], calls
    assert calls[1][1] == {"commodity_code": "87120030", "origin": "VN"}, calls


def test_a_count_of_days_is_the_duration_said():
    renew = tool(
        "extend_parking_permit",
        "续期停车证。days 只能是 30、180、365。",
        {"plate": {"type": "string"}, "days": {"type": "integer", "enum": [30, 180, 365]}},
    )
    made: list[dict[str, object]] = []
    converse(
        "我的停车证快到期了，车牌 苏E·3K7P2，帮我续半年。",
        [renew],
        {"extend_parking_permit": lambda **k: made.append(k) or json.dumps({"ok": True})},
    )
    assert made and made[0]["days"] == 180, made
