"""A change placed by the value it starts from (a nested YAML value, a word of a plain line: the
line that holds it, chosen among several by the words of the request), and a file written in the
quoted form of an entry filled in for each record read (sorted as asked). Domains of our own, zh
and en, through the SDK with the CLI's Read, Edit and Write."""

from __future__ import annotations

import json

import pytest

from tests.test_any_tools import ended, run
from tests.test_cli_tools import Desk, files
from tests.test_extract8 import DATE, INT, NUM, STR, forced, obj, structured, tool

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


# ---------------------------------------------------------------- records a text lists (entries)

ALTERATION = {"type": "object", "properties": {"garment": STR, "work": STR, "quantity": INT, "unit_price": NUM},
              "required": ["garment", "work", "quantity", "unit_price"]}  # fmt: skip


def test_a_forced_call_lists_one_object_for_each_counted_entry_in_chinese():
    order = tool(
        "create_alteration_order",
        "创建裁缝店改衣单",
        {"client": STR, "lines": {"type": "array", "items": ALTERATION}, "ready_date": DATE},
    )
    _name, got = forced(
        [order], "李奶奶拿来三条裤子改短，每条二十五；另外一件外套换纽扣，四十。说好下周一来拿。"
    )
    assert got["client"] == "李奶奶"
    assert got["lines"] == [
        {"garment": "裤子", "work": "改短", "quantity": 3, "unit_price": 25},
        {"garment": "外套", "work": "换纽扣", "quantity": 1, "unit_price": 40},
    ]


def test_a_forced_call_lists_one_object_for_each_counted_entry_in_english():
    order = tool(
        "open_bike_ticket",
        "Open a bike workshop ticket.",
        {"rider": STR, "jobs": {"type": "array", "items": ALTERATION}},
    )
    _name, got = forced(
        [order],
        "Dana brought in two wheels to be trued at $18 each; also one chain needing replacement, $30.",
    )
    assert got["jobs"] == [
        {"garment": "wheels", "work": "trued", "quantity": 2, "unit_price": 18},
        {"garment": "chain", "work": "replacement", "quantity": 1, "unit_price": 30},
    ]


def test_an_empty_service_is_the_thing_of_the_one_counted_entry():
    schema = obj({"customer": STR, "service": STR, "minutes": INT})
    got = structured(
        schema, "整理成结构化数据：\n赵女士来电，想约周六下午做一次六十分钟的足底理疗。"
    )
    assert got["service"] == "足底理疗" and got["customer"] == "赵女士"


def test_a_list_of_bare_prices_gives_way_to_the_counted_entries_and_a_chinese_field_fills_inside_words():
    item = {
        "type": "object",
        "properties": {"product": STR, "task": STR, "qty": INT, "price_each": NUM},
    }
    _name, got = forced(
        [tool("open_ticket", "Watch repair ticket", {"items": {"type": "array", "items": item}})],
        "Left three watches to be cleaned at $25 each; also one clock needing a new pendulum, $60.",
    )
    assert [(x["product"], x["qty"], x["price_each"]) for x in got["items"]] == [
        ("watches", 3, 25),
        ("clock", 1, 60),
    ]
    desk = Desk({"books.csv": "书名,借阅次数\n三体,42\n活着,57\n围城,18\n"})
    prompt = (
        "读一下 books.csv，然后按「书名（借阅次数次）」的格式写进 top.md，按借阅次数从高到低排序。"
    )
    run(prompt, files(*TOOLS), desk)
    assert desk.files["top.md"] == "活着（57次）\n三体（42次）\n围城（18次）\n"
