"""Agent SDK programs as a blind writer puts them (round 16), driven in-process with the Claude Code
CLI's own tool definitions: the lines a file holds for the question are the answer (no whole file,
no search listing, no "the results don't say"); a file read is quoted with its lines, not cut with
"…"; StructuredOutput is filled from the files read; a dotfile and a body after 内容是 are written;
a hook's reason is said without the CLI's frame; the biggest files are found with the shell beside
Glob and Grep, and a long listing is read file by file; a named file is read with Read, not `cat`;
the rows of a table that leave a cell empty are named. Domains of our own, zh and en."""

from __future__ import annotations

from typing import Any

import pytest

from tests.loops import converse
from tests.test_any_tools import run as loop_run
from tests.test_cli_tools import CLI

STRUCTURED = "StructuredOutput"


def cli(*names: str) -> list[dict[str, Any]]:
    return [CLI[n] for n in names]


class Disk:
    """The CLI's Read, Grep, Glob, Bash and Write over a few files, answered as the CLI does."""

    def __init__(self, files: dict[str, str], bash: str = "") -> None:
        self.files, self.bash = dict(files), bash

    def handlers(self) -> dict[str, Any]:
        return {
            "Read": self.read,
            "Grep": self.grep,
            "Glob": lambda **kw: "\n".join(self.files),
            "Bash": lambda **kw: self.bash,
            "Write": self.write,
            STRUCTURED: lambda **kw: "Structured output provided successfully",
        }

    def read(self, file_path: str, **_: Any) -> str:
        lines = self.files[file_path.removeprefix("/work/")].splitlines()
        return "\n".join(f"{i:>6}\t{line}" for i, line in enumerate(lines, 1))

    def grep(self, pattern: str, **_: Any) -> str:
        found = [p for p, text in self.files.items() if pattern.lower() in text.lower()]
        return f"Found {len(found)} file\n" + "\n".join(found)

    def write(self, file_path: str, content: str) -> str:
        self.files[file_path] = content
        return f"File created successfully at: {file_path}"


def run(prompt: str, tools: list[dict[str, Any]], disk: Disk) -> tuple[list, str]:
    calls, finals = converse(prompt, tools, disk.handlers())
    return calls, finals[-1]


# ---------------------------------------------------------------- the lines asked for are the answer

WIKI = {
    "wiki/kitchen.md": "# Kitchen\nClean the fridge on Fridays.\n",
    "wiki/safety.md": "# Safety\nMeet at the car park.\nFor a fire drill, leave by the east stairs "
    "and wait at gate 2.\n消防演习时从东侧楼梯撤离，在 2 号门集合。\n",
}


@pytest.mark.parametrize(
    "prompt, said",
    [
        (
            "Which file in wiki mentions the fire drill, and what exactly does it say to do?",
            "east stairs",
        ),
        ("wiki 目录里哪个文件提到了消防演习？它具体说了要怎么做？", "东侧楼梯"),
    ],
)
def test_the_line_searched_for_is_the_answer_without_the_file_or_the_listing(prompt, said):
    calls, answer = run(prompt, cli("Glob", "Grep", "Read"), Disk(WIKI))
    assert [n for n, _ in calls] == ["Grep", "Read"]
    assert said in answer and "safety.md" in answer
    assert "Found 1 file" not in answer and "car park" not in answer  # (no listing, no file)
    assert "don't say" not in answer and "没有说" not in answer


# ---------------------------------------------------------------- a file quoted keeps its lines

DRILL = "Warm-up\n" + "".join(f"Set {i}: {i * 50} m freestyle\n" for i in range(1, 13))


@pytest.mark.parametrize(
    "prompt",
    ["读一下 swim.txt，把所有内容完整地列给我，一行都不要漏。", "Show me everything in swim.txt."],
)
def test_a_file_read_is_quoted_line_by_line_with_read_not_cat(prompt):
    calls, answer = run(prompt, cli("Bash", "Glob", "Grep", "Read"), Disk({"swim.txt": DRILL}))
    assert [n for n, _ in calls] == ["Read"]
    assert "Set 1: 50 m freestyle\nSet 2: 100 m freestyle" in answer
    assert "Set 12: 600 m freestyle" in answer and "…" not in answer


def test_a_named_file_no_concept_chooses_is_read():
    calls, _ = run(
        "把 swim.txt 的训练组列给我", cli("Bash", "Glob", "Grep", "Read"), Disk({"swim.txt": DRILL})
    )
    assert [n for n, _ in calls] == ["Read"]


# ---------------------------------------------------------------- structured output from a file read

WAYBILL = "WAYBILL 88-17\nShipper: Northwind Ceramics\nConsignee: Lotte Brandt\nWeight: 14.2 kg\n"
PARCEL = {
    "type": "object",
    "properties": {
        "shipper": {"type": "string"},
        "consignee": {"type": "string"},
        "weight_kg": {"type": "number"},
    },
    "required": ["shipper", "consignee", "weight_kg"],
}


@pytest.mark.parametrize(
    "prompt",
    [
        "Read waybill.txt and extract the shipper, the consignee and the weight.",
        "读取 waybill.txt，提取发货人、收货人和重量。",
    ],
)
def test_structured_output_is_filled_from_the_file_read(prompt):
    structured = {
        "name": STRUCTURED,
        "description": "Use this tool to return your final response in the requested structured "
        "format.",
        "input_schema": PARCEL,
    }
    calls, _ = run(prompt, [*cli("Read"), structured], Disk({"waybill.txt": WAYBILL}))
    out = [a for n, a in calls if n == STRUCTURED]
    assert out and out[0]["shipper"] == "Northwind Ceramics" and out[0]["weight_kg"] == 14.2


# ---------------------------------------------------------------- a dotfile and its body written


@pytest.mark.parametrize(
    "prompt",
    [
        "在当前目录创建一个 .gitignore 文件，内容是 node_modules/",
        "Create a .gitignore containing node_modules/",
    ],
)
def test_a_dotfile_is_written_with_the_body_the_request_gives(prompt):
    disk = Disk({})
    calls, _ = run(prompt, cli("Read", "Write"), disk)
    assert calls == [("Write", {"file_path": ".gitignore", "content": "node_modules/"})]


@pytest.mark.parametrize(
    "prompt", ["创建 yarn.lock 文件，内容是 x", "Create yarn.lock containing x"]
)
def test_a_hooks_reason_is_said_without_the_clis_frame(prompt):
    frame = "PreToolUse:Write hook error: lockfiles are managed by the build bot"
    write = {"file_path": "/work/yarn.lock", "content": "x"}
    messages = [
        {"role": "user", "content": prompt},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "Write",
                                           "input": write}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1",
                                      "content": frame, "is_error": True}]},
    ]  # fmt: skip
    t = loop_run(prompt, cli("Read", "Write"), lambda n, a: "ok", rounds=2, messages=messages)
    assert t.calls == [[]]  # (a refusal stops: no other try)
    assert "lockfiles are managed by the build bot" in t.answer and "hook error" not in t.answer


# ---------------------------------------------------------------- the biggest files, by the shell

LISTING = (
    "-rw-r--r-- 1 kim staff 52311 Mar  2 09:14 ./photos/tide.jpg\n"
    "-rw-r--r-- 1 kim staff  1200 Mar  1 18:02 ./notes.md\n"
    "-rw-r--r-- 1 kim staff    88 Feb 27  2025 ./todo.txt\n"
)


@pytest.mark.parametrize(
    "prompt",
    [
        "Which file in this folder is the largest, and how big is it?",
        "这个目录下哪个文件最大？多大？",
    ],
)
def test_the_biggest_file_is_found_by_the_shell_beside_glob_and_said_with_its_size(prompt):
    calls, answer = run(prompt, cli("Bash", "Glob", "Grep", "Read"), Disk({}, bash=LISTING))
    assert [n for n, _ in calls] == ["Bash"] and "ls -l" in calls[0][1]["command"]
    assert "photos/tide.jpg" in answer and "52311" in answer
    assert "rw-r" not in answer.lower()


# ---------------------------------------------------------------- rows that leave a cell empty

ROSTER = "name,phone,shift\nAmina,0711 2231,early\nBruno,,late\nChen,0711 9080,\nDara,,early\n"


@pytest.mark.parametrize(
    "prompt, lines",
    [
        ("Which rows of roster.csv are missing a phone number?", ["line 3", "line 5"]),
        ("roster.csv 里哪些行是空着的？", ["第 3 行", "第 4 行", "第 5 行"]),
    ],
)
def test_the_rows_with_an_empty_cell_are_named_with_their_lines(prompt, lines):
    calls, answer = run(prompt, cli("Bash", "Glob", "Grep", "Read"), Disk({"roster.csv": ROSTER}))
    assert [n for n, _ in calls] == ["Read"]
    assert all(x in answer for x in lines), answer
    assert "Amina" not in answer  # (a full row is not quoted; nor is the whole file)


def test_a_count_in_one_file_is_said_of_that_file():
    log = "".join(f"07:{i:02d} {'WARN' if i % 3 == 0 else 'INFO'} pump ok\n" for i in range(9))
    calls, answer = run(
        "How many WARN lines are in pump.log?", cli("Grep", "Read"), Disk({"pump.log": log})
    )
    assert "pump.log has 3 lines with WARN" in answer and "1 files" not in answer


# ---------------------------------------------------------------- a threshold said with the key's label


@pytest.mark.parametrize(
    "prompt, said",
    [
        ("Is the battery of drone D-7 below 20%?", "the battery is 14%"),
    ],
)
def test_a_threshold_is_said_with_the_keys_label_and_unit(prompt, said):
    from tests.loops import strings, tool

    drone = tool("get_drone", "Status of a delivery drone.", strings(drone_id=None))
    handlers = {"get_drone": lambda drone_id: {"drone_id": drone_id, "battery_pct": 14}}
    calls, finals = converse(prompt, [drone], handlers)
    assert [n for n, _ in calls] == ["get_drone"]
    assert said in finals[-1] and "battery_pct" not in finals[-1], finals[-1]
