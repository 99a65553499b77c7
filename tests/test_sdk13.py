"""Agent SDK file tasks done whole: two changes asked in one request are both made (a verb such as
drop or reduce, a value said with the unit its key names: "20 fps" for `camera_fps`); a change
said of all of a word ("所有的", "every") is tried with the edit tool's replace-all switch, and a
refusal of it is reported, never a false "not found"; a folder the request says to leave out is
not counted. Domains of our own, zh and en, through the SDK with the CLI's tools."""

from __future__ import annotations

import pytest

from tests.test_any_tools import ended, run
from tests.test_cli_tools import Desk, files

TOOLS = ("Bash", "Edit", "Glob", "Grep", "Read", "Write")


class Strict:
    """Read and Edit as the CLI answers them: an edit whose text stands more than once fails
    unless replace_all is on; `refuse` answers every edit with a refusal."""

    def __init__(self, files, refuse=None):
        self.files, self.refuse, self.edits = dict(files), refuse, []

    def __call__(self, name, args):
        path = args.get("file_path", "")
        if name == "Read":
            lines = self.files[path].splitlines()
            return "\n".join(f"{i:>6}\t{line}" for i, line in enumerate(lines, 1))
        if name == "Edit":
            self.edits.append(args)
            if self.refuse:
                raise PermissionError(self.refuse)  # (sent back with is_error, as the SDK does)
            old, text = args["old_string"], self.files[path]
            if text.count(old) > 1 and not args.get("replace_all"):
                return "<tool_use_error>Found 2 matches of the string to replace</tool_use_error>"
            self.files[path] = text.replace(old, args["new_string"])
            return f"The file {path} has been updated successfully."
        raise AssertionError(f"{name} was not asked for")


KILN = "kiln: K-3\nfiring:\n  peak_temp_c: 1220\n  hold_minutes: 30\n  fan: auto\nowner: studio@clay.example\n"
PUMP = "pump: P-9\nflow:\n  max_rate_lpm: 40\n  sample_hz: 50\nalarm: on\n"


@pytest.mark.parametrize(
    "prompt, path, text, want",
    [
        ("In kiln.yaml raise the firing peak temperature to 1240 and cut the hold to 20 minutes.",
         "kiln.yaml", KILN, KILN.replace("1220", "1240").replace("30", "20")),
        ("In pump.yaml reduce the max rate to 35 and drop the sampling to 25 hz. Leave the rest.",
         "pump.yaml", PUMP, PUMP.replace("40", "35").replace("50", "25")),
    ],
)  # fmt: skip
def test_two_changes_in_one_request_are_both_made(prompt, path, text, want):
    desk = Strict({path: text})
    t = run(prompt, files(*TOOLS), desk)
    assert [n for turn in t.calls for n, _ in turn] == ["Read", "Edit", "Edit"]
    assert desk.files[path] == want
    ended(t)


POEM = "# 海\n\nThe harbour lights, the harbour wall, a grey harbour dawn.\n"


@pytest.mark.parametrize(
    "prompt",
    [
        "把 poem.md 里所有的 harbour 改成 harbor。",
        "In poem.md replace every 'harbour' with 'harbor'.",
        "In poem.md change harbour to harbor everywhere.",
    ],
)
def test_a_change_of_every_place_a_word_stands_is_made_with_replace_all(prompt):
    desk = Strict({"poem.md": POEM})
    t = run(prompt, files(*TOOLS), desk)
    assert [n for turn in t.calls for n, _ in turn] == ["Read", "Edit"]
    assert desk.edits[0]["replace_all"] is True and desk.edits[0]["old_string"] == "harbour"
    assert desk.files["poem.md"] == POEM.replace("harbour", "harbor")
    ended(t)


def test_a_refused_change_of_every_place_is_tried_and_the_refusal_reported():
    refusal = "the proofs are locked until Monday, ask the desk editor"
    desk = Strict({"poem.md": POEM}, refuse=refusal)
    t = run("把 poem.md 里所有的 harbour 改成 harbor。", files(*TOOLS), desk)
    assert [n for turn in t.calls for n, _ in turn] == ["Read", "Edit"]
    assert "locked until Monday" in t.answer and "没有找到" not in t.answer
    assert desk.files["poem.md"] == POEM
    ended(t)


def listing(paths):
    def answer(name, args):
        if name == "Glob":
            return "\n".join(paths)
        raise AssertionError(f"{name} was not asked for")

    return answer


@pytest.mark.parametrize(
    "prompt, kept, dropped",
    [
        ("How many .svg files are in icons/ (not counting the old/ subfolder)? List them.",
         ["icons/cart.svg", "icons/user.svg"], "icons/old/home.svg"),
        ("icons 目录下有几个 .svg 文件？不算 old 子目录。", ["icons/cart.svg", "icons/user.svg"],
         "icons/old/home.svg"),
    ],
)  # fmt: skip
def test_a_folder_the_request_leaves_out_is_not_counted(prompt, kept, dropped):
    t = run(prompt, files(*TOOLS), listing([kept[0], dropped, kept[1]]))
    assert [n for turn in t.calls for n, _ in turn] == ["Glob"]
    lead = t.answer.split("\n")[0]
    assert "2" in lead and "home.svg" not in lead and all(k.split("/")[-1] in lead for k in kept)
    ended(t)


SHIFTS = "date,clock_in,clock_out,meters_total\n2026-10-04,22:10,06:25,4410\n2026-10-05,21:55,06:40,4502\n"


@pytest.mark.parametrize(
    "prompt",
    [
        "读一下 night.csv，写一个 shifts.md：列出每晚值班时长（小时:分钟），以及最新的累计米数。",
        "Read night.csv and write shifts.md: list how long each shift lasted (h:mm) and the latest meters_total.",
    ],
)  # fmt: skip
def test_a_file_described_after_a_colon_holds_what_it_asks_of_the_table_read(prompt):
    desk = Desk({"night.csv": SHIFTS})
    t = run(prompt, files("Read", "Write", "Glob"), desk)
    assert [n for turn in t.calls for n, _ in turn] == ["Read", "Write"]
    assert desk.files["shifts.md"] == (
        "- 2026-10-04: 8:15\n- 2026-10-05: 8:45\n- meters_total (2026-10-05): 4502\n"
    )
    assert "8:15" in t.answer and "8:45" in t.answer and "22:10" not in t.answer  # (what it holds)
    ended(t)


def test_a_described_file_that_cannot_be_composed_is_not_written_with_the_request():
    desk = Desk({"crew.txt": "Ana - welder\nBo - rigger\n"})
    t = run(
        "读一下 crew.txt，写一个 notes.md：说明每个人最擅长的工作和原因。",
        files("Read", "Write"),
        desk,
    )
    assert "notes.md" not in desk.files or "说明" not in desk.files["notes.md"]
    ended(t)


DRYER = "dryer: D-1\nbake:\n  temp_c: 60\n  minutes: 90\n  fan: low\n"


def test_two_changes_said_in_chinese_land_by_a_word_of_another_sense_and_by_the_unit():
    desk = Strict({"dryer.yaml": DRYER})
    t = run("把 dryer.yaml 里的烘烤温度调到 70，时间改成 120 分钟。", files(*TOOLS), desk)
    assert [n for turn in t.calls for n, _ in turn] == ["Read", "Edit", "Edit"]
    assert desk.files["dryer.yaml"] == DRYER.replace("60", "70").replace("90", "120")
    ended(t)
