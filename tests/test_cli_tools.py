"""Requests against the very tool definitions the Claude Code CLI sends (`tests/data/claude_code/`,
captured from the CLI the Agent SDK bundles): their long descriptions and many optional
properties must not change what the stand-in reads from the request. Domains of our own, zh and
en, through the SDK."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_any_tools import ended, run

CLI = {
    t["name"]: t
    for t in json.loads((Path(__file__).parent / "data/claude_code/tools.json").read_text())[
        "tools"
    ]
}


def files(*names):
    return [CLI[n] for n in names]


@pytest.mark.parametrize(
    "prompt",
    [
        "/srv/handbook 目录（包括子目录）下一共有几个 markdown 文件？其中哪个提到了年假？",
        "How many markdown files are there under /srv/handbook, subfolders included? "
        "Which of them mentions parental leave?",
    ],
)
def test_a_search_for_the_second_question_keeps_the_folder_and_kind_the_message_names(prompt):
    def disk(name, args):
        return "Found 1 file\n/srv/handbook/leave.md" if name == "Grep" else "1\tleave"

    t = run(prompt, files("Glob", "Grep", "Read"), disk)
    grep = [a for n, a in t.calls[0] if n == "Grep"]
    assert grep, t.calls[0]
    assert grep[0]["path"] == "/srv/handbook"
    assert grep[0]["glob"].endswith("*.md")


SHELF = {
    "/srv/handbook/leave.md": "# Leave\nParental leave: 16 weeks.\n年假：每年 15 天。\n",
    "/srv/handbook/pay.md": "# Pay\nPaid on the 25th.\n",
    "/srv/handbook/old/travel.md": "# Travel\nEconomy class only.\n",
    "/srv/handbook/notes.txt": "parental leave form is in HR; 年假 see leave.md\n",
}


def shelf(name, args):
    """Glob and Grep over SHELF as the CLI's answer them (files under the path, a glob's kind)."""
    root = args.get("path", "/srv/handbook")
    kind = (args.get("glob") or args.get("pattern") or "*").rsplit("*", 1)[-1]
    here = [f for f in SHELF if f.startswith(root) and f.endswith(kind)]
    if name == "Glob":
        return "\n".join(here) or "No files found"
    if name == "Grep":
        hits = [f for f in here if args["pattern"].lower() in SHELF[f].lower()]
        return f"Found {len(hits)} file\n" + "\n".join(hits)
    lines = SHELF[args["file_path"]].splitlines()
    return "\n".join(f"{i:>6}\t{line}" for i, line in enumerate(lines, 1))


@pytest.mark.parametrize(
    "prompt, said",
    [
        ("How many markdown files are under /srv/handbook?", "3 files"),
        ("/srv/handbook 目录下一共有几个 markdown 文件？", "共有 3 个文件"),
    ],
)
def test_how_many_files_of_a_kind_is_the_count_the_glob_lists(prompt, said):
    t = run(prompt, files("Glob", "Grep", "Read"), shelf)
    assert t.calls[0] == [("Glob", {"pattern": "**/*.md", "path": "/srv/handbook"})]
    assert t.calls[1:] == [[]]  # nothing is read: the files' names answer
    assert said in t.answer and "old/travel.md" in t.answer
    ended(t)


@pytest.mark.parametrize(
    "prompt, said",
    [
        (
            "How many markdown files are there under /srv/handbook? Which of them mentions 'parental leave'?",
            ["There are 3 files", "parental leave is in leave.md (line 2: Parental leave: 16 weeks.)"],
        ),
        (
            "/srv/handbook 目录（包括子目录）下一共有几个 markdown 文件？其中哪个提到了年假？",
            ["共有 3 个文件", "提到 年假 的是 leave.md（第 3 行：年假：每年 15 天。）"],
        ),
    ],
)  # fmt: skip
def test_the_count_of_files_and_the_file_that_holds_a_text_are_both_answered(prompt, said):
    t = run(prompt, files("Glob", "Grep", "Read"), shelf)
    assert sorted(n for n, _ in t.calls[0]) == ["Glob", "Grep"]
    assert t.calls[1] == [("Read", {"file_path": "/srv/handbook/leave.md"})]  # not notes.txt
    for line in said:
        assert line in t.answer
    assert "一共是" not in t.answer and "in all" not in t.answer  # no total, no count of text
    ended(t)


class Desk:
    """Read, Edit and Write over a few files, answered as the CLI answers them."""

    def __init__(self, files):
        self.files = dict(files)

    def __call__(self, name, args):
        path = args.get("file_path", "")
        if name == "Read":
            lines = self.files[path].splitlines()
            return "\n".join(f"{i:>6}\t{line}" for i, line in enumerate(lines, 1))
        if name == "Edit":
            assert args["old_string"] in self.files[path]
            self.files[path] = self.files[path].replace(args["old_string"], args["new_string"])
            return f"The file {path} has been updated successfully."
        if name == "Write":
            self.files[path] = args["content"]
            return f"File created successfully at: {path}"
        raise AssertionError(f"{name} was not asked for")


HOURS = 'cafe: Tidewater\nopening: "07:30"\nclosing: "18:00"\nseats: 40\n'


@pytest.mark.parametrize(
    "prompt, line",
    [
        ("Change the closing time in hours.yaml to 19:15.", 'closing: "19:15"'),
        ("把 hours.yaml 里的关门时间改成 19:15", 'closing: "19:15"'),
        ("hours.yaml 的开门时间改为 08:00", 'opening: "08:00"'),
    ],
)
def test_a_setting_named_with_its_kind_of_value_is_edited_with_every_cli_tool_offered(prompt, line):
    desk = Desk({"hours.yaml": HOURS})
    t = run(prompt, files("Bash", "Edit", "Glob", "Grep", "Read", "Write"), desk)
    assert [n for n, _ in t.calls[0]] == ["Read"]  # no Glob for the "time" of its description
    assert line in desk.files["hours.yaml"] and "seats: 40" in desk.files["hours.yaml"]
    ended(t)


@pytest.mark.parametrize(
    "prompt, path, text",
    [
        (
            "Create chores.md with a checklist of these four items: buy stamps, renew the lease, "
            "order firewood, fix the gate.",
            "chores.md",
            "- [ ] buy stamps\n- [ ] renew the lease\n- [ ] order firewood\n- [ ] fix the gate\n",
        ),
        (
            "在 chores.md 里写一个待办清单（markdown 复选框），三项：买邮票、续租约、修大门。",
            "chores.md",
            "- [ ] 买邮票\n- [ ] 续租约\n- [ ] 修大门\n",
        ),
        ("Write a packing list to pack.txt: tent, two torches, stove", "pack.txt",
         "tent\ntwo torches\nstove\n"),
    ],
)  # fmt: skip
def test_a_list_the_request_gives_is_written_one_item_a_line_in_the_kind_asked(prompt, path, text):
    desk = Desk({})
    t = run(prompt, files("Bash", "Edit", "Glob", "Grep", "Read", "Write"), desk)
    assert t.calls[0] == [("Write", {"file_path": path, "content": text})]
    ended(t)


TILLS = {
    "tills/mon.csv": "time,item,qty\n09:10,bun,12\n11:40,pie,30\n",
    "tills/tue.csv": "time,item,qty\n08:55,bun,7\n10:20,tart,2\n16:05,pie,9\n",
}


def tills(name, args):
    if name == "Bash":
        assert args["command"] == "find tills -name '*.csv' -exec tail -q -n +2 {} + | wc -l"
        return "5\n"
    if name == "Glob":
        return "\n".join(TILLS)
    lines = TILLS[args["file_path"]].splitlines()
    return "\n".join(f"{i:>6}\t{line}" for i, line in enumerate(lines, 1))


@pytest.mark.parametrize(
    "prompt",
    [
        "Using the shell, count the data rows (not headers) across the CSV files in tills/.",
        "用 shell 命令数一下 tills 目录下所有 csv 文件一共有多少行数据（不算表头）",
    ],
)
def test_the_shell_the_user_asks_for_counts_the_data_rows(prompt):
    t = run(prompt, files("Bash", "Edit", "Glob", "Grep", "Read", "Write"), tills)
    assert [n for n, _ in t.calls[0]] == ["Bash"]
    assert "5" in t.answer
    ended(t)


@pytest.mark.parametrize(
    "prompt, said",
    [
        ("How many data rows are in the CSV files under tills/?", "5 data rows (mon.csv + tue.csv"),
        ("tills 目录下的 csv 文件里一共有多少行数据？", "一共 5 行数据（mon.csv + tue.csv"),
    ],
)
def test_the_data_rows_of_tables_are_counted_not_a_columns_total(prompt, said):
    t = run(prompt, files("Bash", "Edit", "Glob", "Grep", "Read", "Write"), tills)
    assert said in t.answer and "60" not in t.answer  # (60: the qty total)
    ended(t)


@pytest.mark.parametrize(
    "prompt, work",
    [
        ("请让 bed-planner 统计一下 beds.csv 里有几块地需要浇水。", "统计一下 beds.csv"),
        ("Have the bed-planner look at beds.csv and tell me the driest bed.", "Look at beds.csv"),
        ("Ask our bed-planner to list the empty beds in beds.csv", "List the empty beds"),
    ],
)
def test_a_listed_agent_type_named_as_the_one_to_work_gets_the_work(prompt, work):
    t = run(
        prompt,
        files("Agent", "Read", "Glob"),
        lambda n, a: "Bed 3 is driest.",
        system="Primary working directory: /srv/garden\nAvailable agent types:\n"
        "- bed-planner: Reads the garden's bed files and reports on them\n",
    )
    ((name, args),) = t.calls[0]
    assert name == "Agent" and args["subagent_type"] == "bed-planner"
    assert args["prompt"].startswith(work) and "beds.csv" in args["prompt"]


def test_a_listed_agent_type_said_as_an_ordinary_word_gets_no_work():
    t = run(
        "Plan a watering rota from beds.csv",
        files("Agent", "Read", "Glob"),
        lambda n, a: "     1\tbed,dry\n     2\tB1,yes",
        system="Primary working directory: /srv/garden\nAvailable agent types:\n"
        "- Plan: Software architect agent for designing implementation plans\n",
    )
    assert [n for n, _ in t.calls[0]] == ["Read"]
