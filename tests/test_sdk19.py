"""Agent SDK file tasks, round 19: when the stand-in is unsure of a file's text it never asks the
user for it while the files may give it (`sim/general.py` rule 4b, `_files_first`,
`_worked_text`): it reads the files the task names, those a read file names, else lists the tree
and reads the files that share a word of the task, then writes what it worked out of them (each
file's records counted, the lines that hold the word asked counted and listed); words after a
colon that ask a question ("how many ...", 每个…多少) describe the file, they are not its text
(`sim/shell.py` `DESCRIBED`). Domains of our own (a bird-ringing station, a hotel's repairs, a
choir's rota), in Chinese and English."""

from __future__ import annotations

import fnmatch

import pytest

from tests.test_any_tools import ended, run
from tests.test_cli_tools import files
from tests.test_sdk13 import Strict

TOOLS = ("Bash", "Edit", "Glob", "Grep", "Read", "Write")
ASKS = ("What should I use", "请告诉我", "still need", "还需要知道")


class Desk(Strict):
    """Strict's Read and Edit over a small tree, with Glob listing the paths its pattern matches
    and Write creating a file; a missing file is an error, as the CLI says it."""

    def __call__(self, name, args):
        if name == "Glob":
            pattern = args["pattern"]
            found = [p for p in self.files if pattern == "**/*" or fnmatch.fnmatch(p, pattern)]
            return "\n".join(found) if found else "No files found"
        if name == "Write":
            self.files[args["file_path"]] = args["content"]
            return f"File created successfully at: {args['file_path']}"
        if name == "Read" and args["file_path"] not in self.files:
            raise FileNotFoundError("File does not exist.")
        return Strict.__call__(self, name, args)


def names(t):
    return [n for turn in t.calls for n, _ in turn]


RINGING = {
    "catches/2026-09-north-net.txt": "2026-09-02 | blackcap | ring AB101 | retrap: no\n"
    "2026-09-05 | robin | ring AB102 | retrap: yes\n2026-09-11 | wren | ring AB103 | retrap: no\n",
    "catches/2026-09-reed-net.txt": "2026-09-03 | reed warbler | ring AC201 | retrap: yes\n"
    "2026-09-09 | sedge warbler | ring AC202 | retrap: no\n",
    "catches/README.md": "One file per net per month: date | species | ring | retrap.\n",
}


def test_a_report_whose_files_are_not_named_is_written_from_the_files_the_tree_lists():
    desk = Desk(RINGING)
    t = run(
        "Go over September's catches and write ringing_report.md for the station log: how many "
        "birds each net caught, and which were retraps.",
        files(*TOOLS),
        desk,
    )
    assert names(t)[0] == "Glob" and names(t)[-1] == "Write"
    assert {a["file_path"] for turn in t.calls for n, a in turn if n == "Read"} >= {
        "catches/2026-09-north-net.txt",
        "catches/2026-09-reed-net.txt",
    }
    report = desk.files["ringing_report.md"]
    assert "how many birds" not in report  # (the request's words are not the file's text)
    assert "2026-09-north-net.txt: 3 records" in report
    assert "2026-09-reed-net.txt: 2 records" in report
    assert "robin | ring AB102" in report and "reed warbler | ring AC201" in report
    assert "wren" not in report  # (not a retrap)
    assert "catches/README.md" not in t.answer  # (the listing that found them is not quoted)
    assert not any(a in t.answer for a in ASKS)
    ended(t)


REPAIRS = {
    "README.md": "# 客房维修\n\n维修单在 repairs/tickets.csv，状态一栏写 待修 或 已修。\n",
    "repairs/tickets.csv": "房间,问题,状态\n301,空调不制冷,待修\n302,淋浴漏水,已修\n"
    "415,电视没信号,待修\n518,门锁失灵,已修\n",
}


def test_a_file_a_readme_names_is_read_before_the_report_is_written():
    desk = Desk(REPAIRS)
    t = run(
        "看一下客房维修的情况，写一份 维修汇总.md 给前台：还有哪些房间待修。",
        files(*TOOLS),
        desk,
    )
    read = [a["file_path"] for turn in t.calls for n, a in turn if n == "Read"]
    assert read.index("README.md") < read.index("repairs/tickets.csv")
    report = desk.files["维修汇总.md"]
    assert "301,空调不制冷,待修" in report and "415,电视没信号,待修" in report
    assert "302" not in report and "518" not in report
    assert "tickets.csv：4 条记录，其中 2 条含" in report
    assert not any(a in t.answer for a in ASKS)
    ended(t)


ROTA = {
    "rota/december.csv": "date,section,singers\n2026-12-06,alto,4\n2026-12-13,tenor,2\n"
    "2026-12-20,alto,5\n",
}


@pytest.mark.parametrize(
    "prompt",
    [
        "Read rota/december.csv and write rota_notes.md: which dates are alto dates?",
        "读一下 rota/december.csv，写一个 rota_notes.md：哪些日期是 alto 的？",
    ],
)
def test_a_question_after_a_colon_describes_the_file_it_is_not_its_text(prompt):
    desk = Desk(ROTA)
    t = run(prompt, files(*TOOLS), desk)
    assert names(t) == ["Read", "Write"]
    notes = desk.files["rota_notes.md"]
    assert "which dates" not in notes and "哪些日期" not in notes
    assert "2026-12-06,alto,4" in notes and "2026-12-20,alto,5" in notes
    assert "tenor" not in notes
    ended(t)


def test_a_new_value_replaces_the_value_of_its_shape_on_the_line_of_the_one_named():
    fleet = {
        "drivers.csv": "姓名,车牌,手机\n赵刚,浙A12345,139-8765-4321\n钱伟,浙A67890,138-1111-2222\n",
        "backup/drivers_2025.csv": "姓名,车牌,手机\n赵刚,浙A12345,139-8765-4321\n",
    }
    desk = Desk(fleet)
    t = run(
        "车队的司机赵刚换了新手机号 139-1234-5678，帮我把司机名单里的号码改一下。",
        files(*TOOLS),
        desk,
    )
    assert desk.files["drivers.csv"] == fleet["drivers.csv"].replace(
        "139-8765-4321", "139-1234-5678"
    )
    assert desk.files["backup/drivers_2025.csv"] == fleet["backup/drivers_2025.csv"]  # (kept aside)
    assert "已修改 drivers.csv" in t.answer and "139-1234-5678" in t.answer  # (said in Chinese)
    assert not any(a in t.answer for a in ASKS)
    ended(t)


def test_a_new_email_address_is_put_in_for_the_old_one_of_the_person_named():
    sheet = "name\temail\tshift\nMarta Lind\tmarta@oldmail.example\tSat\nOle Berg\tole@oldmail.example\tSun\n"
    desk = Desk({"volunteers/list.tsv": sheet})
    t = run(
        "Marta Lind has a new email address, marta.lind@fjord.example. Update it in our volunteer list.",
        files(*TOOLS),
        desk,
    )
    assert desk.files["volunteers/list.tsv"] == sheet.replace(
        "marta@oldmail.example", "marta.lind@fjord.example"
    )
    assert not any(
        n == "Read" and a["file_path"] == "marta.lind" for turn in t.calls for n, a in turn
    )
    assert "`marta@oldmail.example` → `marta.lind@fjord.example`" in t.answer
    assert not any(a in t.answer for a in ASKS)
    ended(t)


def test_every_file_the_request_names_is_read_before_the_file_is_written():
    orchard = {
        "quota.md": "# Quota\n\nDaily quota: 20 crates per picker.\n",
        "pickings.csv": "picker,variety,crates\nAda,Gala,24\nBen,Fuji,17\nCai,Gala,22\n",
    }
    desk = Desk(orchard)
    t = run(
        "Summarise pickings.csv for the co-op and write it to summary.md: crates per picker, "
        "and flag anyone under the daily quota (see quota.md).",
        files(*TOOLS),
        desk,
    )
    order = names(t)
    assert order.index("Write") > max(i for i, n in enumerate(order) if n == "Read")
    assert [a["file_path"] for turn in t.calls for n, a in turn if n == "Read"] == [
        "pickings.csv",
        "quota.md",
    ]
    assert "crates per picker" not in desk.files["summary.md"]  # (not the request's words)
    assert "Ben: 17" in desk.files["summary.md"]
    ended(t)
