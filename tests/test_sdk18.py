"""Agent SDK file tasks, round 18: a change said once is made in every file that holds it (files
named together, or found by a content search when none is named, a thing said by its value
before: "旧编号 WH-07"); a file named with two extensions is the one a command acts on. Domains
of our own (a mail relay, a ferry company's pages, a warehouse's manifests, a darkroom), in
Chinese and English."""

from __future__ import annotations

import re
import shlex

import pytest

from tests.test_any_tools import ended, run
from tests.test_cli_tools import files
from tests.test_sdk13 import Strict

TOOLS = ("Bash", "Edit", "Glob", "Grep", "Read", "Write")


class Tree(Strict):
    """Strict's Read and Edit, with Grep answering the files that hold the pattern, as the CLI
    lists them (files_with_matches), under the path asked; `locked` refuses the edits of paths
    that hold it."""

    def __init__(self, files, locked=None):
        super().__init__(files)
        self.locked = locked

    def __call__(self, name, args):
        if name == "Grep":
            pattern, under = re.compile(args["pattern"]), args.get("path", "")
            found = [p for p, t in self.files.items() if p.startswith(under) and pattern.search(t)]
            return f"Found {len(found)} files\n" + "\n".join(found) if found else "No files found"
        if name == "Edit" and self.locked and self.locked in args["file_path"]:
            raise PermissionError("this folder is read-only")
        return Strict.__call__(self, name, args)


RELAY = {
    "relay.ini": "[smtp]\nhost = mx.relay.example\nport = 25\n[http]\nport = 8025\n",
    ".env": "SMTP_HOST=mx.relay.example\nSMTP_PORT=25\nHTTP_PORT=8025\n",
    "NOTES.md": "Port 25 is the default SMTP port.\n",
}


@pytest.mark.parametrize(
    "prompt",
    [
        "The SMTP port goes from 25 to 587. Update it in relay.ini and in .env, nothing else.",
        "SMTP 端口要从 25 改成 587，请修改 relay.ini 和 .env 里的 SMTP 端口，别的文件不要动。",
    ],
)
def test_one_change_said_for_two_files_named_together_is_made_in_both(prompt):
    desk = Tree(RELAY)
    t = run(prompt, files(*TOOLS), desk)
    assert sorted(a["file_path"] for _, a in t.calls[0]) == [".env", "relay.ini"]
    assert "port = 587\n[http]\nport = 8025" in desk.files["relay.ini"]
    assert "SMTP_PORT=587\nHTTP_PORT=8025" in desk.files[".env"]
    assert desk.files["NOTES.md"] == RELAY["NOTES.md"]
    assert "relay.ini" in t.answer and ".env" in t.answer
    ended(t)


FERRY = {
    "site/timetable.md": "# Timetable\n\nQuestions: help@ferry.example\n",
    "site/fares.md": "# Fares\n\nRefunds: write to help@ferry.example or help@ferry.example's desk\n",
    "site/about.md": "# About\n\nFounded 1998.\n",
    "archive/2019.md": "Contact help@ferry.example\n",
}


def test_a_value_said_by_what_it_is_is_changed_in_every_file_a_search_finds_under_the_folder():
    desk = Tree(FERRY)
    t = run(
        "Our old support address was help@ferry.example; the new address is desk@ferry.example. "
        "Replace the old address with the new one in every page under site/.",
        files(*TOOLS),
        desk,
    )
    assert t.calls[0] == [("Grep", {"pattern": r"help@ferry\.example", "path": "site"})]
    assert sorted(a["file_path"] for _, a in t.calls[1]) == ["site/fares.md", "site/timetable.md"]
    assert "help@" not in desk.files["site/fares.md"] + desk.files["site/timetable.md"]
    assert desk.files["archive/2019.md"] == FERRY["archive/2019.md"]
    ended(t)


MANIFESTS = {
    "manifests/a.txt": "from: WH-07\nto: Leeds\n",
    "manifests/b.txt": "from: WH-03\nvia: WH-07\n",
    "manifests/冻结/c.txt": "from: WH-07\n",
}


def test_every_file_holding_the_old_value_is_changed_and_a_refused_one_is_said_as_left_alone():
    desk = Tree(MANIFESTS, locked="冻结")
    t = run(
        "仓库编号换了：旧编号 WH-07 停用，新编号是 WH-12。把 manifests 目录下所有出现旧编号的地方都换成新编号，"
        "告诉我改了哪些文件。",
        files(*TOOLS),
        desk,
    )
    assert t.calls[0] == [("Grep", {"pattern": r"WH\-07", "path": "manifests"})]
    assert desk.files["manifests/a.txt"] == "from: WH-12\nto: Leeds\n"
    assert desk.files["manifests/b.txt"] == "from: WH-03\nvia: WH-12\n"
    assert desk.files["manifests/冻结/c.txt"] == "from: WH-07\n"
    assert "我想修改 c.txt，但被拒绝了" in t.answer and "保持原样" in t.answer
    assert "没有做别的操作" not in t.answer
    ended(t)


DARKROOM = "# Darkroom jobs\n\n- [ ] Mix fresh fixer\n- [x] Clean the enlarger lens\n- [ ] Order 8x10 paper\n- [x] Label negatives\n"
RENOVATION = "# 装修清单\n\n- [x] 拆旧橱柜\n- [ ] 铺地砖\n- [ ] 买灯具\n"


class Shell(Tree):
    """Tree's tools, Write saving a file whole, and every shell command refused."""

    def __call__(self, name, args):
        if name == "Bash":
            raise PermissionError("Only reading and editing files is allowed here.")
        if name == "Write":
            self.files[args["file_path"]] = args["content"]
            return f"The file {args['file_path']} has been updated successfully."
        return Tree.__call__(self, name, args)


@pytest.mark.parametrize(
    "prompt, path, text, want, old",
    [
        ("I ordered the 8x10 paper this morning, so check it off in jobs.md and move the done items "
         "under a new 'Finished' heading at the end. Then remove jobs.md.orig.", "jobs.md", DARKROOM,
         "# Darkroom jobs\n\n- [ ] Mix fresh fixer\n\n## Finished\n\n- [x] Clean the enlarger lens\n"
         "- [x] Order 8x10 paper\n- [x] Label negatives\n", "jobs.md.orig"),
        ("地砖已经铺好了，在 装修.md 里把铺地砖打勾，再把已完成的都移到“## 已完成”下面。另外把 装修.md.bak 删掉。",
         "装修.md", RENOVATION, "# 装修清单\n\n- [ ] 买灯具\n\n## 已完成\n\n- [x] 拆旧橱柜\n- [x] 铺地砖\n",
         "装修.md.bak"),
    ],
)  # fmt: skip
def test_a_checklist_item_said_done_is_ticked_and_done_items_moved_and_a_refused_delete_is_left_to_the_user(
    prompt, path, text, want, old
):
    desk = Shell({path: text, old: "stale\n"})
    t = run(prompt, files(*TOOLS), desk)
    assert desk.files[path] == want
    assert ("Bash", {"command": f"rm {shlex.quote(old)}"}) in [c for turn in t.calls for c in turn]
    assert desk.files[old] == "stale\n"
    assert old in t.answer.splitlines()[-1]
    ended(t)


SCREENINGS = (
    "date,film,screen,tickets\n2026-11-06,Harbour Lights,1,42\n2026-11-06,The Salt Road,2,18\n"
    "2026-11-07,Harbour Lights,1,55\n2026-11-08,Paper Moons,2,31\n2026-11-08,The Salt Road,1,24\n"
    "2026-11-09,Night Ferry,2,9\n"
)
VOLUNTEERS = (
    "日期,志愿者,项目,小时\n2026-11-01,周敏,图书角,3\n2026-11-01,钱亮,陪伴老人,2\n2026-11-02,周敏,陪伴老人,4\n"
    "2026-11-08,孙倩,图书角,5\n2026-11-08,周敏,图书角,2\n"
)


@pytest.mark.parametrize(
    "prompt, name, table, out, want",
    [
        ("Read screenings.csv and write summary.md: total tickets sold, how many different films, the "
         "top 2 films by tickets, and which films were only shown on a single day.", "screenings.csv",
         SCREENINGS, "summary.md",
         ["total tickets sold: 179", "how many different films: 4",
          "the top 2 films by tickets: Harbour Lights 97; The Salt Road 42",
          "which films were only shown on a single day: Paper Moons, Night Ferry"]),
        ("读一下 服务.csv，写一份 统计.md：每个项目的小时合计、小时最多的前 2 个志愿者、只来过一天的志愿者、一共有多少种项目。",
         "服务.csv", VOLUNTEERS, "统计.md",
         ["每个项目的小时合计: 图书角: 10; 陪伴老人: 6", "小时最多的前 2 个志愿者: 周敏 9; 孙倩 5",
          "只来过一天的志愿者: 钱亮, 孙倩", "一共有多少种项目: 2"]),
    ],
)  # fmt: skip
def test_each_figure_a_report_asks_of_a_table_is_worked_out_and_written(
    prompt, name, table, out, want
):
    desk = Shell({name: table})
    t = run(prompt, files(*TOOLS), desk)
    assert [n for turn in t.calls for n, _ in turn] == ["Read", "Write"]
    assert desk.files[out] == "".join(f"- {line}\n" for line in want)
    assert all(line in t.answer for line in want)
    ended(t)


class Logs(Tree):
    """Tree's tools, with Glob listing every file under the folder its pattern starts with."""

    def __call__(self, name, args):
        if name == "Glob":
            top = args["pattern"].split("*")[0]
            return "\n".join(p for p in self.files if p.startswith(top)) or "No files found"
        return Tree.__call__(self, name, args)


PRINTERS = {
    "farm/p1.log": "2026-10-02 08:00:01 INFO  p1 job 881 start\n2026-10-02 08:40:12 ERROR p1 NozzleClog: extruder 0\n"
    "2026-10-02 09:12:55 ERROR p1 BedAdhesionLost: layer 14\n2026-10-02 10:01:09 ERROR p1 NozzleClog: extruder 1\n",
    "farm/p2.log": "2026-10-02 07:55:30 ERROR p2 ThermalRunaway: hotend 290C\n2026-10-02 08:10:00 INFO  p2 idle\n"
    "2026-10-02 11:20:44 ERROR p2 NozzleClog: extruder 0\n",
}
GATES = {
    "门禁/东门.log": "2026-10-03 06:58:02 WARN  east CardExpired: 员工 0412\n2026-10-03 07:01:44 INFO  east open\n"
    "2026-10-03 07:30:19 WARN  east DoorHeldOpen: 45s\n",
    "门禁/西门.log": "2026-10-03 06:40:11 WARN  west DoorHeldOpen: 60s\n2026-10-03 08:02:37 WARN  west CardExpired: 员工 0977\n"
    "2026-10-03 09:15:00 WARN  west DoorHeldOpen: 32s\n",
}


@pytest.mark.parametrize(
    "prompt, logs, lines",
    [
        ("Go through the ERROR lines in all the logs under farm/: count them by type, and tell me which "
         "file has the earliest ERROR and when.", PRINTERS,
         ["By type (5 in all): NozzleClog × 3, BedAdhesionLost × 1 and ThermalRunaway × 1.",
          "The earliest is in p2.log, line 1: 2026-10-02 07:55:30 ERROR p2 ThermalRunaway: hotend 290C"]),
        ("看看 门禁 目录下所有日志里的 WARN：每种警告各出现了几次？最早的一条是几点、在哪个文件？", GATES,
         ["按类型统计（共 5 条）：DoorHeldOpen × 3 和 CardExpired × 2。",
          "最早的一条在 西门.log 第 1 行：2026-10-03 06:40:11 WARN  west DoorHeldOpen: 60s"]),
    ],
)  # fmt: skip
def test_lines_of_a_kind_across_files_are_counted_by_type_and_the_earliest_is_named(
    prompt, logs, lines
):
    desk = Logs(logs)
    t = run(prompt, files(*TOOLS), desk)
    assert sorted(a["file_path"] for turn in t.calls for n, a in turn if n == "Read") == sorted(
        logs
    )
    assert t.answer.splitlines() == lines
    assert desk.files == logs
    ended(t)


SAMPLES = "sample,ph,turbidity_ntu\nRV-01,7.2,3.1\nRV-02,15.4,2.8\nRV-03,6.9,\nRV-04,7.0,-1.5\nRV-01,7.2,3.0\n"
MEMBERS = "会员号,姓名,积分,消费次数\nM-101,陈晨,820,12\nM-102,林夏,1350,7\nM-103,高远,,4\nM-104,许诺,90,-2\nM-102,林夏,300,3\n"


@pytest.mark.parametrize(
    "prompt, name, table, lines",
    [
        ("Check samples.csv for rows that can't be right. pH runs 0-14.", "samples.csv", SAMPLES,
         ["4 problems found in samples.csv:",
          "- sample RV-01 appears more than once (lines 2, 6)",
          "- line 3 (RV-02, 15.4): ph is 15.4, outside 0–14",
          "- line 4 (RV-03, 6.9): turbidity_ntu is blank",
          "- line 5 (RV-04, 7.0): turbidity_ntu is -1.5, a negative value"]),
        ("检查一下 会员.csv 有没有录入错误，积分的范围是 0 到 1000。", "会员.csv", MEMBERS,
         ["会员.csv 里发现 4 个问题：",
          "- 第 3 行（M-102, 林夏）：积分 是 1350，超出 0–1000",
          "- 会员号 M-102 重复出现（第 3, 6 行）",
          "- 第 4 行（M-103, 高远）：积分 是空白",
          "- 第 5 行（M-104, 许诺）：消费次数 是 -2，不能为负数"]),
    ],
)  # fmt: skip
def test_each_row_is_tested_against_its_columns_range_and_kind(prompt, name, table, lines):
    desk = Shell({name: table})
    t = run(prompt, files(*TOOLS), desk)
    assert [n for turn in t.calls for n, _ in turn] == ["Read"]
    assert t.answer.splitlines()[: len(lines)] == lines
    assert desk.files == {name: table}
    ended(t)


def test_a_subagents_findings_are_written_to_the_file_the_request_asks_for():
    found = "- line 3: ph is 15.4, outside 0-14"
    frame = (
        "[Subagent hand-back] The text below is the final report of a subagent. The report follows:\n"
        f"  {found}\nagentId: a1 (use SendMessage to continue this agent)"
    )
    desk = Shell({})

    def tools(name, args):
        return frame if name == "Agent" else desk(name, args)

    t = run(
        "Have the sample-auditor check samples.csv, then write what it finds to findings.md.",
        files("Agent", "Read", "Write"),
        tools,
        system="Primary working directory: /srv/lab\nAvailable agent types:\n"
        "- sample-auditor: Audits sample tables for impossible values\n",
    )
    assert [n for turn in t.calls for n, _ in turn] == ["Agent", "Write"]
    assert desk.files == {"/srv/lab/findings.md": found + "\n"}
    assert found in t.answer
    ended(t)
