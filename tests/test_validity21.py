"""Round 21, found by review22 (seen): "will X still be valid on <day>?" is answered yes or no
from the end date a result gives, in JSON or `key: value` text, zh and en, and the result is
quoted after it (`sim/validity.py`). Domains of our own: a climbing-wall membership, a boat
licence. Both failed before: the result was quoted with no answer."""

from __future__ import annotations

import pytest

from tests.loops import converse, strings, tool


@pytest.mark.parametrize(
    "said, result, first",
    [
        (
            "Is membership CW-118 still valid for the bouldering comp on 2026-12-28?",
            "Member: Ines Duarte\nPlan: Annual\nValid until: 2027-03-01\nStatus: Active",
            "Yes: it is valid until 2027-03-01",
        ),
        (
            "会员卡 CW-118 在 2026-12-28 比赛那天还有效吗？",
            {"member": "杜雅", "expires": "2026-12-20", "plan": "季卡"},
            "不：有效期只到 2026-12-20，早于 2026-12-28",
        ),
    ],
)
def test_still_valid_on_the_day_asked(said: str, result: object, first: str) -> None:
    look = tool(
        "get_membership",
        "Look up a climbing-wall membership by its number."
        if said.isascii()
        else "按会员号查询攀岩馆会员卡。",
        strings(membership_no=None),
    )
    calls, finals = converse(said, [look], {"get_membership": lambda membership_no: result})
    assert calls == [("get_membership", {"membership_no": "CW-118"})]
    assert finals[-1].startswith(first), finals[-1]
    assert ("Ines Duarte" if said.isascii() else "杜雅") in finals[-1]  # (the result is quoted)


def test_a_mention_of_validity_is_no_question_of_it() -> None:
    """A renewal that says how long it lasts asks nothing about a day (review19's VPN renewal)."""
    renew = tool(
        "renew_licence",
        "续期船舶驾驶证。",
        {**strings(licence_no="证号"), "validity_days": {"type": "integer"}},
    )
    _, finals = converse(
        "今天早上登记出海时提示驾驶证过期。证号 BL-2207，麻烦帮我续期，直接续一年吧。",
        [renew],
        {"renew_licence": lambda **a: {"licence_no": "BL-2207", "expires": "2027-12-07"}},
    )
    assert "有效期到" not in finals[-1] and "有效期只到" not in finals[-1]
