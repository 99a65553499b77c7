"""The currencies of an exchange: a tool about money (rates, conversion, forex) takes a currency
code in the properties that name the legs of the exchange (base / quote, sell / buy, src / dst,
from_ccy / to_ccy), and a property whose description shows a code ("e.g. GBP") takes a code.
Domains of our own, zh and en, through the SDK."""

from __future__ import annotations

import json

import pytest

from tests.test_any_tools import ended, run, tool

BUREAU = tool(
    "mcp__bureau__spot",
    "Spot FX quote at the airport bureau.",
    {"base": {"type": "string"}, "quote": {"type": "string"}},
    ["base", "quote"],
)
TILL = tool(
    "till_convert",
    "Convert cash between currencies at the till.",
    {
        "amount": {"type": "number"},
        "src": {"type": "string", "description": "currency handed over, e.g. GBP"},
        "dst": {"type": "string", "description": "currency paid out"},
    },
    ["amount", "src", "dst"],
)


def quoted(name, args):
    return json.dumps({"rate": 0.91, **args})


@pytest.mark.parametrize(
    "prompt, legs",
    [
        ("What does the bureau give for Swiss francs in euros?", ("CHF", "EUR")),
        ("机场换汇处的港币兑韩元是什么价？", ("HKD", "KRW")),
        ("How many yen is one pound at the bureau right now?", ("GBP", "JPY")),
    ],
)
def test_the_legs_of_a_spot_quote_are_the_currencies_said(prompt, legs):
    t = run(prompt, [BUREAU], quoted)
    assert t.calls[0] == [("mcp__bureau__spot", dict(zip(("base", "quote"), legs, strict=True)))]
    ended(t)


@pytest.mark.parametrize(
    "prompt, args",
    [
        ("Change 120 Australian dollars into euros at the till", (120, "AUD", "EUR")),
        ("收银台把 500 人民币换成美元", (500, "CNY", "USD")),
    ],
)
def test_a_conversion_whose_description_shows_a_code_takes_codes(prompt, args):
    t = run(prompt, [TILL], quoted)
    assert t.calls[0] == [("till_convert", dict(zip(("amount", "src", "dst"), args, strict=True)))]
