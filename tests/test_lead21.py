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


def test_an_act_of_another_tool_lists_no_tree() -> None:
    """learn-claude-code's s11 shape: "create tasks" is no file's; the task tool was called (and
    failed), and the file writer that also matched "create" waits for a path no file holds."""
    board = [
        *TOOLS,
        tool(
            "edit_file",
            "Replace exact text in file.",
            strings(path=None, old_text=None, new_text=None),
        ),
        tool(
            "spawn_teammate",
            "Spawn an autonomous teammate.",
            strings(name=None, role=None, prompt=None),
        ),
        tool("claim_task", "Claim a task from the board by ID.", {"task_id": {"type": "integer"}}),
    ]
    handlers = {
        "bash": lambda command: "",
        "read_file": lambda path: "",
        "write_file": lambda path, content: f"wrote {path}",
        "edit_file": lambda **a: "edited",
        "spawn_teammate": lambda **a: "spawned",
        "claim_task": lambda task_id: f"Error: Task {task_id} not found",
    }
    calls, finals = converse(
        "Create 3 tasks on the board, then spawn alice and bob. Watch them auto-claim.",
        board,
        handlers,
    )
    assert not any("find " in str(i.get("command", "")) for _, i in calls), calls
    assert finals[-1].strip()
