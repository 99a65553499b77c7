"""Agent SDK file tasks done and judged, with the CLI's own tools: every change asked is made (a
switch turned off in its own style, a second change in another form or with its verb left out, a
bare number kept bare); the files read are computed on (a figure of each group, a total of
labelled numbers against the user's limit) and judged (enough of what is needed, which file is out
of date, lines of each kind counted); a file asked to hold the answer holds it. Domains of our own
(a greenhouse, a library's loans, a bakery, a training room, a plugin, a sensor log, a trip), in
Chinese and English."""

from __future__ import annotations

import pytest

from tests.test_any_tools import ended, run
from tests.test_cli_tools import Desk, files
from tests.test_sdk13 import Strict

TOOLS = ("Bash", "Edit", "Glob", "Grep", "Read", "Write")
GREENHOUSE = "[climate]\nheater = on\nfan_speed = 2\n\n[water]\nmist = yes\ninterval = 40\n"


@pytest.mark.parametrize(
    "prompt, want",
    [
        ("In greenhouse.ini switch the heater off and make the fan speed 3.",
         GREENHOUSE.replace("heater = on", "heater = off").replace("speed = 2", "speed = 3")),
        ("把 greenhouse.ini 里的 mist 关掉，再把 interval 改成 30 分钟",
         GREENHOUSE.replace("mist = yes", "mist = no").replace("= 40", "= 30")),
        ("In greenhouse.ini, set fan_speed to 4, and interval to 25 seconds.",
         GREENHOUSE.replace("speed = 2", "speed = 4").replace("= 40", "= 25")),
        ("In greenhouse.ini change fan_speed to 5, and 把 interval 改成 50",
         GREENHOUSE.replace("speed = 2", "speed = 5").replace("= 40", "= 50")),
    ],
)  # fmt: skip
def test_every_change_asked_is_made_one_edit_each(prompt, want):
    desk = Strict({"greenhouse.ini": GREENHOUSE})
    t = run(prompt, files(*TOOLS), desk)
    assert [n for turn in t.calls for n, _ in turn] == ["Read", "Edit", "Edit"]
    assert desk.files["greenhouse.ini"] == want
    ended(t)


LOANS = "branch,title,loans\nHarbour,Dune,14\nHill,Emma,6\nHarbour,Ulysses,3\nMill,Beloved,11\n"


def test_a_figure_of_each_group_names_the_group_asked_for():
    t = run(
        "How many loans does each branch have in total in loans.csv? Which branch lends the most?",
        files(*TOOLS),
        Desk({"loans.csv": LOANS}),
    )
    assert t.answer.startswith("Harbour") and "17" in t.answer.splitlines()[0]
    assert "Hill: 6" in t.answer and "Mill: 11" in t.answer
    ended(t)


def test_a_summary_by_group_is_written_to_the_file_asked():
    desk = Desk({"loans.csv": LOANS})
    t = run("统计 loans.csv 里每个 branch 的 loans 合计，写到 汇总.md", files(*TOOLS), desk)
    assert [n for turn in t.calls for n, _ in turn] == ["Read", "Write"]
    assert desk.files["汇总.md"] == "Harbour: 17\nHill: 6\nMill: 11\n"


@pytest.mark.parametrize(
    "prompt, name, text, lead",
    [
        ("The bakery needs 18 bags of flour for Saturday. pantry.txt lists what is on hand - "
         "is that enough?", "pantry.txt",
         "sugar (bags) on hand: 30\nflour (bags) on hand: 20\nchecked: 2024-09-01\n", "Yes"),
        ("下周的培训需要 40 个座位，room.txt 里写着空余座位，够不够？", "room.txt",
         "会议室: B3\n空余座位: 36\n更新: 2024-10-02\n", "不够"),
    ],
)  # fmt: skip
def test_what_is_needed_is_judged_against_what_the_file_says_there_is(prompt, name, text, lead):
    t = run(prompt, files(*TOOLS), Desk({name: text}))
    assert [n for turn in t.calls for n, _ in turn] == ["Read"]
    first = t.answer.splitlines()[0]
    assert first.startswith(lead)
    assert ("20" in first and "18" in first) if lead == "Yes" else ("36" in first and "4" in first)
    ended(t)


def test_the_file_out_of_date_is_named_against_the_one_called_real():
    plugin = {
        "manifest.json": '{"version": "1.4.0"}\n',
        "plugin.md": "Plugin v1.4.0\n",
        "CHANGES.txt": "1.3.2 - fixes\n1.3.0 - first\n",
    }
    t = run(
        "manifest.json is the source of truth. Which of plugin.md and CHANGES.txt is out of date?",
        files(*TOOLS),
        Desk(plugin),
    )
    first = t.answer.splitlines()[0]
    assert "CHANGES.txt" in first and "1.3.2" in first and "1.4.0" in first
    assert first.index("CHANGES.txt") < first.index("plugin.md")  # (up to date, said after)
    dated = {"a.md": "Updated: 2021-05-01\n", "b.md": "Updated: 2024-02-11\n"}
    t = run("a.md 和 b.md 哪个过时了？", files(*TOOLS), Desk(dated))
    assert t.answer.startswith("过时的是 a.md")


def test_lines_of_each_kind_are_counted_not_all_lines():
    log = "08:00 OK\n08:05 ALARM pressure\n08:10 FAULT valve\n08:15 ALARM pressure\n"
    t = run("sensor.log 里 ALARM 和 FAULT 各有多少行？", files(*TOOLS), Desk({"sensor.log": log}))
    assert [n for turn in t.calls for n, _ in turn] == ["Read"]
    assert "ALARM 2 行" in t.answer and "FAULT 1 行" in t.answer


def test_a_total_against_the_users_limit_is_judged_and_the_conclusion_written():
    desk = Desk({"trip.txt": "train: 240\nhotel: 520\nmeals: 180\n"})
    t = run(
        "Add up trip.txt. Does it go over my 900 limit? Write your conclusion to verdict.txt.",
        files(*TOOLS),
        desk,
    )
    assert [n for turn in t.calls for n, _ in turn] == ["Read", "Write"]
    assert desk.files["verdict.txt"].startswith("Yes") and "940" in desk.files["verdict.txt"]
    assert desk.files["trip.txt"] == "train: 240\nhotel: 520\nmeals: 180\n"  # (read, not written)
    t = run("Add up the amounts in trip.txt.", files(*TOOLS), Desk({"trip.txt": "a: 1\nb: 2\n"}))
    assert [n for turn in t.calls for n, _ in turn] == ["Read"] and "3" in t.answer
