"""Agent loops with a shell tool beside unrelated ones (agentkit.sim.shell's tree rules, general's
`_tree_shell` and `_look_around`): the command does the task over the working tree, the shell is
chosen over a tool that only shares a verb ("list" of task_list), and a named file that is not
there is searched for once, then read or reported missing. Domains here differ from the probes."""

from __future__ import annotations

from typing import Any

from agentkit.sim.results import unflagged_error
from tests.loops import converse, strings, tool

BASH = tool("bash", "Run a shell command in the workspace.", strings(command=None))
READ = tool("read_file", "Read a file's contents.", strings(path=None))
TASKS = tool("task_list", "List the tasks on the team board.", {})
MATES = tool("list_teammates", "List the teammates in the current team.", {})
SKILL = tool("load_skill", "Load a skill by name.", strings(name=None))
TOOLS = [BASH, READ, TASKS, MATES, SKILL]


def _run(turn: str, outputs: dict[str, str], tools: list[Any] = TOOLS) -> tuple[list, str]:
    """The loop with a shell whose output is looked up by the start of the command."""

    def bash(command: str) -> str:
        return next((out for start, out in outputs.items() if command.startswith(start)), "")

    handlers = {
        "bash": bash,
        "read_file": lambda path: outputs.get(path, f"Error: No such file or directory: {path}"),
        "task_list": lambda: "[]",
        "list_teammates": lambda: "[]",
        "load_skill": lambda name: "ok",
    }
    calls, finals = converse(turn, tools, handlers)
    return calls, finals[-1]


def test_files_of_a_kind_in_folders_use_the_shell_not_a_list_tool():
    calls, answer = _run(
        "List the png files in the album folders.",
        {"find": "./albums/2025/beach.png\n./albums/2026/snow.png"},
    )
    assert [n for n, _ in calls] == ["bash"]
    assert calls[0][1]["command"].startswith("find . -name '*.png'")
    assert "snow.png" in answer and "beach.png" in answer


def test_words_of_all_files_of_a_kind_in_a_folder_zh():
    calls, answer = _run(
        "统计一下 recipes 目录下所有 md 文件一共有多少个词。",
        {"find": "120 recipes/soup/leek.md\n80 recipes/bread/rye.md\n200 total"},
    )
    assert calls == [
        ("bash", {"command": "find recipes -name '*.md' -not -path '*/.*' -exec wc -w {} +"})
    ]
    assert "200" in answer


def test_a_marker_in_files_of_a_kind_is_grepped_over_the_tree():
    calls, answer = _run(
        "Find every FIXME in the ts files and tell me where they are.",
        {"grep": "./src/map.ts:4:// FIXME zoom\n./src/ui/pin.ts:9:// FIXME colour"},
    )
    assert calls == [("bash", {"command": "grep -rn --include='*.ts' FIXME ."})]
    assert "map.ts" in answer and "pin.ts" in answer


def test_which_file_defines_a_name_zh():
    calls, answer = _run(
        "render_legend 是在哪个文件里定义的？",
        {"grep": "./charts/legend.py:12:def render_legend(ax):"},
    )
    assert [n for n, _ in calls] == ["bash"]
    cmd = calls[0][1]["command"]
    assert cmd.startswith("grep -rnwE") and "render_legend" in cmd and "def" in cmd
    assert "charts/legend.py" in answer


def test_the_biggest_files_are_sorted_by_size_over_the_tree():
    calls, _ = _run(
        "Show me the 5 largest files in this repo.",
        {"find": "-rw-r--r-- 1 a a 900 Dec 1 10:00 ./data/big.bin"},
    )
    cmd = calls[0][1]["command"]
    assert cmd.startswith("find . -type f") and "sort -k5 -rn" in cmd and "head -n 5" in cmd


def test_space_of_each_folder_zh():
    calls, _ = _run("每个文件夹各占用多少磁盘空间？", {"du": "4.0K\t./a\n8.0K\t."})
    assert calls and calls[0][1]["command"].startswith("du -h -d")


def test_a_missing_file_is_searched_for_then_read_where_found():
    calls, answer = _run(
        "Show me what is in glossary.txt.",
        {
            "find": "./docs/ref/glossary.txt",
            "docs/ref/glossary.txt": "kerning: space between letters",
        },
    )
    assert [n for n, _ in calls] == ["read_file", "bash", "read_file"]
    assert calls[1][1]["command"] == "find . -name '*.txt' -not -path '*/.*'"
    assert calls[2][1]["path"] == "docs/ref/glossary.txt"
    assert "kerning" in answer


def test_a_missing_file_found_nowhere_is_reported_with_the_others_zh():
    outputs = {"cat": "cat: 航线.json: No such file or directory", "find": "./routes/a.json"}
    calls, answer = _run("给我看看 航线.json 的内容", outputs, [BASH, TASKS])
    assert calls[0][1]["command"].startswith("cat ")
    assert calls[1][1]["command"] == "find . -name '*.json' -not -path '*/.*'"
    assert "routes/a.json" in answer and "航线.json" in answer
    assert "No such file" not in answer


def test_a_commands_own_error_line_is_a_failure():
    assert unflagged_error("ls: cannot access 'x': No such file or directory")
    assert unflagged_error("grep: notes: No such file or directory\n[exit code 2]")
    assert not unflagged_error("a.txt\nb.txt")


def test_a_file_not_found_beside_an_act_does_not_stop_the_act_for_a_search():
    # the user says the file is uploaded: a failed read is no reason to search the disk
    read = tool("read_file", "Read a file from disk.", strings(path=None))
    bash = tool("bash", "Run a shell command.", strings(command=None))
    quote = tool(
        "get_print_quote",
        "Price a print run.",
        {"copies": {"type": "integer"}, "paper": {"type": "string", "enum": ["matte", "gloss"]}},
    )
    submit = tool(
        "submit_print_job",
        "Submit a print job for a quote and an uploaded file.",
        strings(quote_id=None, file_name=None),
    )
    handlers = {
        "read_file": lambda path: "Error: file not found",
        "bash": lambda command: "",
        "get_print_quote": lambda **a: {"quote_id": "PQ-51", "total_eur": 42.0},
        "submit_print_job": lambda **a: {"job_id": "PJ-9", "status": "queued"},
    }
    calls, (answer,) = converse(
        "I already uploaded poster_final.pdf. Get a quote for 100 copies on matte paper and "
        "submit the job with that file.",
        [read, bash, quote, submit],
        handlers,
    )
    assert "bash" not in [n for n, _ in calls]
    assert calls[-1] == ("submit_print_job", {"quote_id": "PQ-51", "file_name": "poster_final.pdf"})
    assert "PJ-9" in answer
