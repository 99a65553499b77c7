"""A change placed by the value it starts from (a nested YAML value, a word of a plain line: the
line that holds it, chosen among several by the words of the request), and a file written in the
quoted form of an entry filled in for each record read (sorted as asked). Domains of our own, zh
and en, through the SDK with the CLI's Read, Edit and Write."""

from __future__ import annotations

import json

import pytest

from tests.test_any_tools import ended, run
from tests.test_cli_tools import Desk, files

TOOLS = ("Bash", "Edit", "Glob", "Grep", "Read", "Write")
PLANS = "gym: 活力健身\nplans:\n  gold:\n    monthly_fee: 99\n    classes: 12\n  silver:\n    monthly_fee: 59\n    classes: 99\n"
ROTA = "图书馆值日表\n周一 早班 王芳\n周二 早班 赵强\n周三 早班 王芳\n周三 晚班 孙丽\n"
ROSTER = "Harbor kitchen rota\nThursday late Omar\nFriday early Omar\nFriday late Omar\nSaturday late Ines\n"


@pytest.mark.parametrize(
    "prompt, path, text, old, new",
    [
        ("把 plans.yaml 里金卡（gold）的月费从 99 改成 109，别的不要动。", "plans.yaml", PLANS,
         "    monthly_fee: 99", "    monthly_fee: 109"),
        ("把 值日表.txt 里周三的早班从王芳换成李雷。", "值日表.txt", ROTA, "周三 早班 王芳", "周三 早班 李雷"),
        ("In roster.txt, change Friday's late shift from Omar to Priya.", "roster.txt", ROSTER,
         "Friday late Omar", "Friday late Priya"),
    ],
)  # fmt: skip
def test_a_change_lands_on_the_one_line_holding_the_value_it_starts_from(
    prompt, path, text, old, new
):
    desk = Desk({path: text})
    t = run(prompt, files(*TOOLS), desk)
    assert [n for turn in t.calls for n, _ in turn] == ["Read", "Edit"]
    assert desk.files[path] == text.replace(old, new, 1)
    ended(t)


def test_a_value_held_by_two_lines_the_request_cannot_tell_apart_is_not_changed():
    desk = Desk({"roster.txt": ROSTER})
    t = run("In roster.txt, change the late shift from Omar to Priya.", files(*TOOLS), desk)
    assert "Edit" not in [n for turn in t.calls for n, _ in turn]
    assert desk.files["roster.txt"] == ROSTER
    ended(t)


SPEAKERS = [
    {"title": "Tides of Data", "speaker": "Ana Ruiz", "minutes": 30},
    {"title": "Building Kilns", "speaker": "Tom Berg", "minutes": 45},
    {"title": "Quiet Servers", "speaker": "Li Na Zhou", "minutes": 20},
]


@pytest.mark.parametrize(
    "prompt, data, out",
    [
        ("Read talks.json and write agenda.md: one line per talk as 'Title — Speaker', sorted by title.",
         json.dumps(SPEAKERS), "Building Kilns — Tom Berg\nQuiet Servers — Li Na Zhou\nTides of Data — Ana Ruiz\n"),
        ("Read talks.json and write agenda.md as '- Speaker: Minutes min', sorted by surname.",
         json.dumps(SPEAKERS), "- Tom Berg: 45 min\n- Ana Ruiz: 30 min\n- Li Na Zhou: 20 min\n"),
        ("读一下 talks.csv，然后把每个场馆按「场馆：人数」的格式写进 agenda.md，按人数从高到低排序。",
         "场馆,人数\n东厅,30\n西厅,120\n北厅,45\n", "西厅：120\n北厅：45\n东厅：30\n"),
    ],
)  # fmt: skip
def test_the_quoted_form_of_an_entry_is_filled_for_each_record_read(prompt, data, out):
    name = "talks.csv" if "csv" in prompt else "talks.json"
    desk = Desk({name: data})
    t = run(prompt, files(*TOOLS), desk)
    assert [n for turn in t.calls for n, _ in turn] == ["Read", "Write"]
    assert desk.files["agenda.md"] == out
    ended(t)
