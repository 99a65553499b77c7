"""A format complaint that asks for a number padded with zeros: by an example ("例如 00012345",
"e.g. T-0007") or in words ("must be 8 digits with leading zeros") the failed value is padded to
the width once and the call is made again (`agentkit.sim.general.correct`, `agentkit.sim.arguments.reshape`).
Domains and wordings of our own, zh and en, through the SDK."""

from __future__ import annotations

import json

import pytest

from tests.test_any_tools import ended, run, tool

CARD = tool(
    "get_member",
    "Look up a gym member by card number.",
    {"card_no": {"type": "string", "description": "the member's card number"}},
    ["card_no"],
)
TICKET = tool(
    "get_ticket",
    "Fetch a repair ticket.",
    {"ticket": {"type": "string", "description": "ticket id"}},
    ["ticket"],
)


def strict(width, complaint, key):
    def answer(name, args):
        v = args[key]
        if len(v.split("-")[-1]) != width:
            raise ValueError(complaint)  # an is_error tool_result
        return json.dumps({key: v, "status": "active", "owner": "Iris Vance"})

    return answer


@pytest.mark.parametrize(
    "prompt, complaint",
    [
        ("帮我查一下卡号 4471 的会员", "卡号不对：必须是8位数字，不足8位请在前面补0，例如 00012345"),
        ("帮我查一下卡号 4471 的会员", "卡号格式错误（须为8位，不足的前面补零）"),
        ("Look up gym card 4471.", "Invalid card: card numbers are 8 digits with leading zeros."),
        ("Look up gym card 4471.", "bad card_no; expected something like 00000123"),
    ],
)  # fmt: skip
def test_a_number_is_padded_with_the_zeros_the_error_asks_for(prompt, complaint):
    t = run(prompt, [CARD], strict(8, complaint, "card_no"))
    assert [a["card_no"] for _, a in t.calls[0] + t.calls[1]] == ["4471", "00004471"]
    assert "Iris Vance" in t.answer
    ended(t)


def test_a_code_keeps_its_letters_and_its_digits_take_the_examples_width():
    t = run(
        "What's the state of ticket t-45?",
        [TICKET],
        strict(4, "ticket ids look like T-0007", "ticket"),
    )
    assert [a["ticket"] for _, a in t.calls[0] + t.calls[1]] == ["t-45", "T-0045"]
    ended(t)


PATIENT = tool(
    "add_patient",
    "Register a patient at the physiotherapy practice.",
    {"name": {"type": "string"}, "mobile": {"type": "string", "description": "mobile number"}},
    ["name", "mobile"],
)


def international(example):
    """A result that is a plain JSON error (no is_error) until the number starts with "+"."""

    def answer(name, args):
        if not args["mobile"].startswith("+"):
            return json.dumps(
                {"ok": False, "error": f"mobile must include the country code, e.g. {example}"}
            )
        return json.dumps({"ok": True, "patient": "PT-310", "mobile": args["mobile"]})

    return answer


@pytest.mark.parametrize(
    "prompt, example, fixed",
    [
        ("Register Jonas Weber, mobile 0151 2345 6789.", "+4915198765432", "+4915123456789"),
        ("登记一位新病人，姓名林晓，手机 0612345678。", "+33698765432", "+33612345678"),
    ],
)
def test_a_phone_number_takes_the_examples_country_code_from_a_plain_json_error(
    prompt, example, fixed
):
    t = run(prompt, [PATIENT], international(example))
    assert [a["mobile"] for _, a in t.calls[0] + t.calls[1]][-1] == fixed
    assert len(t.calls) == 3 and "PT-310" in t.answer
    ended(t)


SKIPASS = tool(
    "skipass_days_left",
    "Days left on a ski pass.",
    {"pass_code": {"type": "string"}},
    ["pass_code"],
)


def _upper_only(name, args):
    code = args["pass_code"]
    if code != code.upper():
        return json.dumps({"status": "error", "detail": "pass codes are upper-case, like SKI-7Q2K"})
    return json.dumps({"status": "ok", "pass_code": code, "days_left": 4})


def test_a_mixed_code_is_read_and_written_in_the_examples_capitals():
    t = run("how many days are left on ski pass ski-4r7t?", [SKIPASS], _upper_only)
    assert [a["pass_code"] for turn in t.calls for _, a in turn] == ["ski-4r7t", "SKI-4R7T"]
    assert "4" in t.answer
    ended(t)


@pytest.mark.parametrize(
    "complaint",
    [
        "mobile must be E.164 with no spaces (Dutch mobile example: +31612345678)",
        "手机号格式不对，示例：+31612345678",
    ],
)
def test_an_example_after_the_word_example_is_the_hint(complaint):
    def answer(name, args):
        if not args["mobile"].startswith("+"):
            return json.dumps({"ok": False, "error": complaint}, ensure_ascii=False)
        return json.dumps({"ok": True, "patient": "PT-311"})

    t = run("Register Sanne de Vries, mobile 06 1122 3344.", [PATIENT], answer)
    assert [a["mobile"] for turn in t.calls for _, a in turn][-1] == "+31611223344"
