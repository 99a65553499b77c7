"""Agent SDK file tasks, round 18: a change said once is made in every file that holds it (files
named together, or found by a content search when none is named, a thing said by its value
before: "旧编号 WH-07"); a file named with two extensions is the one a command acts on. Domains
of our own (a mail relay, a ferry company's pages, a warehouse's manifests, a darkroom), in
Chinese and English."""

from __future__ import annotations

import re

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
