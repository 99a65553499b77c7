"""Values said the way people say them: a count by the noun beside its number ("12 copies of a
40-page booklet", "30 份，每份 8 页"), a yes/no by the flag's word in either spelling or by the
English of a Chinese word ("full colour", "彩色的" for color), and clock times in words ("a
quarter past six in the evening", "half past five", "六点一刻"). Domains of our own, through
the SDK."""

from __future__ import annotations

import json

import pytest

from tests.test_any_tools import run, tool

PRINT = tool(
    "quote_poster_run",
    "Price a poster print run.",
    {
        "sheets": {"type": "integer", "description": "每份张数"},
        "copies": {"type": "integer", "description": "份数"},
        "color": {"type": "boolean", "description": "是否彩印"},
    },
    ["sheets", "copies", "color"],
)
KILN = tool(
    "book_kiln",
    "Book the pottery kiln.",
    {
        "date": {"type": "string", "format": "date"},
        "start": {"type": "string", "description": "HH:MM"},
    },
    ["date", "start"],
)


def done(name, args):
    return json.dumps({"ok": True, **args})


@pytest.mark.parametrize(
    "prompt, args",
    [
        ("Quote 25 copies of a 6-sheet poster set in full colour", (6, 25, True)),
        ("Quote 300 copies, 2 sheets each, black and white", (2, 300, False)),
        ("印 40 份，每份 3 张，彩色的", (3, 40, True)),
    ],
)
def test_a_count_is_the_number_beside_its_noun_and_a_flag_its_word(prompt, args):
    t = run(prompt, [PRINT], done)
    assert t.calls[0] == [
        ("quote_poster_run", dict(zip(("sheets", "copies", "color"), args, strict=True)))
    ]


@pytest.mark.parametrize(
    "prompt, start",
    [
        ("Book the kiln tomorrow at a quarter past six in the evening", "18:15"),
        ("Book the kiln tomorrow, half past five", "17:30"),
        ("Book the kiln tomorrow at twenty to nine in the morning", "08:40"),
        ("明天傍晚六点一刻帮我约一下窑炉", "18:15"),
    ],
)
def test_a_clock_time_said_in_words(prompt, start):
    t = run(prompt, [KILN], done)
    assert t.calls[0] == [("book_kiln", {"date": "2026-12-02", "start": start})]
