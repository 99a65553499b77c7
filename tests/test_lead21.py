"""Lead, round 21: a shell tool stands in for a glob only to find a file the task needs read,
never to find the path of a new file no file holds (rule 4b, `sim/general.py` `_files_first`).
learn-claude-code's bash / read_file / write_file agent, asked to "create a file" with no name,
used to run `find . -type f` first, an irrelevant call. A domain of our own; zh and en. Both
failed before: the listing was the second call."""

from __future__ import annotations

import pytest

from tests.loops import converse, strings, tool

TOOLS = [
    tool("bash", "Run a shell command in the workspace.", strings(command=None)),
    tool("read_file", "Read a file's contents.", strings(path=None)),
    tool("write_file", "Write content to a file.", strings(path=None, content=None)),
]


@pytest.mark.parametrize(
    "said",
    [
        'Run "sleep 3 && echo ready" first, then create a file while it runs',
        '先执行 "sleep 3 && echo ready"，然后在它运行时新建一个文件',
    ],
)
def test_new_file_without_a_name_lists_no_tree(said: str) -> None:
    handlers = {
        "bash": lambda command: "ready" if "echo" in command else "",
        "read_file": lambda path: "",
        "write_file": lambda path, content: f"wrote {path}",
    }
    calls, finals = converse(said, TOOLS, handlers)
    assert calls[0] == ("bash", {"command": "sleep 3 && echo ready"})
    assert not any("find " in str(i.get("command", "")) for _, i in calls), calls
    assert finals[-1].strip()
