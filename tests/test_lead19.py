"""Lead, round 19: a file the request asks to put right is changed, never replaced by a text worked
out of other files (`sim/general.py` rule 4b, `MADE`): "README 里写了…" says what a file already
holds, and a file named after the clause's end ("，但 hours.yaml …") is no file the request makes.
A domain of our own (a bakery's opening hours), in Chinese and English."""

from __future__ import annotations

import pytest

from tests.test_any_tools import run
from tests.test_cli_tools import files
from tests.test_sdk19 import TOOLS, Desk

SHOP = {
    "HANDBOOK.md": "# 店务手册\n\n营业时间：07:30 开门，19:00 关门。\n",
    "site/hours.yaml": 'open: "08:00"\nclose: "19:00"\n',
    ".env.shop": "OPEN_AT=07:00\nCLOSE_AT=19:00\n",
}


@pytest.mark.parametrize(
    "task",
    [
        "店务手册里写了营业时间，但 site/hours.yaml 和 .env.shop 里的好像不一致。"
        "请按手册把这两个文件改对，别的不要动。",
        "We write our hours in the handbook, but site/hours.yaml and .env.shop don't match it. "
        "Please put those two files right from the handbook.",
    ],
)
def test_a_file_to_put_right_is_never_overwritten_with_a_worked_text(task):
    desk = Desk(dict(SHOP))
    t = run(task, files(*TOOLS), desk)
    read = set()
    for turn in t.calls:
        for name, args in turn:
            if name == "Read":
                read.add(args["file_path"])
            elif name == "Write":
                assert args["file_path"] in read, (args, t.calls)
                assert "记录" not in args["content"] and "records" not in args["content"]
