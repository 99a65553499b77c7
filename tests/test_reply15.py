"""A reply to the stand-in's own question for one value (`sim/general.py` `_replied`): the one
code the user's next words hold fills the input still missing, in either language, whatever
the words around it; a reply without a code is asked again. Programs through the real SDK
client, in this file's own domains."""

import pytest
from loops import converse, tool

BOILER = tool(
    "get_service_history",
    "查询锅炉的保养记录",
    {"boiler_id": {"type": "string", "description": "锅炉编号"}},
)
KILN = tool(
    "get_firing_log",
    "Firing log of one studio kiln for one month.",
    {
        "kiln_no": {"type": "string", "description": "Kiln number, as on its plate: NN-NNNN"},
        "month": {"type": "string", "description": "YYYY-MM"},
    },
)


def _log(**args):
    return {"firings": 9, **args}


@pytest.mark.parametrize("reply", ["是 BX-20417", "BX-20417，麻烦了", "编号我看看……BX-20417"])
def test_a_reply_with_one_code_fills_the_value_asked_zh(reply):
    calls, finals = converse(
        ["帮我查一下锅炉的保养记录", reply], [BOILER], {"get_service_history": _log}
    )
    assert "还需要知道" in finals[0]  # (asked first: nothing named the boiler)
    assert calls == [("get_service_history", {"boiler_id": "BX-20417"})]


@pytest.mark.parametrize("reply", ["Sure, it's 41-0982.", "41-0982", "Oh right - 41-0982 I think"])
def test_a_reply_with_one_code_fills_the_value_asked_en(reply):
    calls, _ = converse(
        ["How many firings did the kiln do in October 2026?", reply],
        [KILN],
        {"get_firing_log": _log},
    )
    assert calls == [("get_firing_log", {"kiln_no": "41-0982", "month": "2026-10"})]


def test_a_reply_without_a_code_is_asked_again():
    calls, finals = converse(
        ["How many firings did the kiln do in October 2026?", "I'm not sure, sorry"],
        [KILN],
        {"get_firing_log": _log},
    )
    assert calls == [] and "kiln number" in finals[-1]
