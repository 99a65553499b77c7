"""Acts of everyday services chosen and sequenced (round 14): a service's verb in either language
reaches the tool named for it (挂失 / lost for a tool that freezes, 申诉 / 投诉 for one that
disputes; `sim/lexicon.py`), never one named for another service act (recharge); an act asked
"if it is due" waits for the look-up's date (`sim/pick.py` rule 8, `sim/each.py` rule 4c) and
the answer says why it was not done; a reason stated before the request is the reason given
(`sim/arguments.py`, `reason_given`); an enum the user has not chosen is asked beside the other
missing values, then the next turn's answer acts (`unsaid_members`); a code property takes the
code its object phrase holds (`_unroled`). Programs through the real SDK client, in domains of
this file's own."""

from loops import converse as run
from loops import strings, tool

# ------------------------------------------------------------ service verbs, zh and en

CARDS = [
    tool("get_card", "Look up a campus card by its number.", strings(card_no=None)),
    tool("freeze_card", "Freeze a campus card so nobody can pay with it.", strings(card_no=None)),
    tool("recharge_card", "Add canteen credit to a campus card.",
         {"card_no": {"type": "string"}, "amount": {"type": "number"}}),
]  # fmt: skip
CARD_CALLS = {
    "get_card": lambda card_no: {"card_no": card_no, "credit": 12.0, "status": "active"},
    "freeze_card": lambda card_no: {"card_no": card_no, "status": "frozen"},
    "recharge_card": lambda card_no, amount: {"card_no": card_no, "credit": 12.0 + amount},
}


def test_a_lost_card_in_chinese_is_frozen_never_recharged():
    calls, finals = run("我的校园卡丢了，卡号 88120417，帮我挂失一下", CARDS, CARD_CALLS)
    assert calls == [("freeze_card", {"card_no": "88120417"})]
    assert "frozen" in finals[-1]


# ------------------------------------------------------------ a reason said before the request

PARCELS = [
    tool("track_parcel", "Track a parcel by its tracking number.", strings(tracking_no=None)),
    tool("file_complaint", "File a complaint about a delivery.",
         strings(tracking_no=None, reason="what went wrong")),
]  # fmt: skip
PARCEL_CALLS = {
    "track_parcel": lambda tracking_no: {"tracking_no": tracking_no, "status": "delivered"},
    "file_complaint": lambda tracking_no, reason: {"complaint_id": "CP-19", "status": "open"},
}


def test_a_complaint_takes_the_statement_before_the_request_as_its_reason():
    calls, finals = run("快递箱子被压坏了，里面的杯子碎了，运单号 SF1234567，帮我投诉一下", PARCELS,
                        PARCEL_CALLS)  # fmt: skip
    assert [n for n, _ in calls] == ["file_complaint"]
    assert calls[0][1]["tracking_no"] == "SF1234567"
    assert "压坏" in calls[0][1]["reason"] or "碎了" in calls[0][1]["reason"]
    assert "CP-19" in finals[-1]


# ------------------------------------------------------------ an act asked if it is due

DOMAINS = [
    tool("get_domain", "Look up a registered domain name: owner and expiry date.",
         strings(domain=None)),
    tool("renew_domain", "Renew a domain name for one more year.", strings(domain=None)),
]  # fmt: skip


def domain_calls(expires: str) -> dict:
    return {
        "get_domain": lambda domain: {"domain": domain, "owner": "Ada", "expires_on": expires},
        "renew_domain": lambda domain: {"domain": domain, "expires_on": "2027-12-20"},
    }


def test_an_act_asked_if_it_is_due_waits_for_the_date_and_says_why_not():
    calls, finals = run("Check my domain quietfox.org and renew it if it's due.", DOMAINS,
                        domain_calls("2027-08-01"))  # fmt: skip
    assert [n for n, _ in calls] == ["get_domain"]
    assert "2027-08-01" in finals[-1] and "did not renew the domain" in finals[-1]
    calls, _ = run("查一下域名 quietfox.org，如果快到期了就帮我续费", DOMAINS,
                   domain_calls("2026-12-20"))  # fmt: skip
    assert [n for n, _ in calls] == ["get_domain", "renew_domain"]


# ------------------------------------------------------------ every unsaid value asked at once

COURSES = [
    tool("enrol_student", "Enrol a student on a cooking course.", {
        "course": {"type": "string"}, "student_name": {"type": "string"},
        "level": {"type": "string", "enum": ["beginner", "intermediate", "advanced"]}}),
]  # fmt: skip
COURSE_CALLS = {"enrol_student": lambda course, student_name, level: {"enrolment": "EN-7"}}


def test_an_unchosen_enum_is_asked_with_the_missing_name_then_the_act_goes_ahead():
    calls, finals = run(
        ["Please enrol me on the Saturday Bread course.", "I'm Omar Haddad, intermediate."],
        COURSES,
        COURSE_CALLS,
    )
    assert "student name" in finals[0] and "level" in finals[0]
    assert calls == [
        (
            "enrol_student",
            {"course": "Saturday Bread", "student_name": "Omar Haddad", "level": "intermediate"},
        )
    ]


# ------------------------------------------------------------ a code, not the words around it

VOUCHERS = [
    tool("redeem_code", "Redeem a cinema voucher code for a free ticket.", strings(code=None)),
    tool("list_showtimes", "Today's showtimes at the cinema.", {}),
]
VOUCHER_CALLS = {
    "redeem_code": lambda code: {"code": code, "ticket": "TK-3"},
    "list_showtimes": lambda: [],
}


def test_a_code_property_takes_the_code_the_object_phrase_holds():
    calls, _ = run("Redeem my cinema voucher CV-2290-KT please", VOUCHERS, VOUCHER_CALLS)
    assert calls[0] == ("redeem_code", {"code": "CV-2290-KT"})
