"""Agent SDK programs as a blind writer puts them (round 14): a word said with what is wrong with
it is the word to fix ("拼错的 X", "the misspelled word 'X'"); a structured field named with one
word more than a result's field takes its value; the lines of each file of a kind are counted
by one shell command, "这个文件夹" being the working directory. Domains of our own, zh and en,
driven in-process with the CLI's tools and MCP names."""

from __future__ import annotations

import json

import pytest

from tests.loops import strings, tool
from tests.test_any_tools import ended, run
from tests.test_cli_tools import Desk, files

TOOLS = ("Bash", "Edit", "Glob", "Grep", "Read", "Write")

FERRY = "# Ferry times\nThe first boat leaves the harbur at 06:40.\nLast boat: 22:10.\n"


@pytest.mark.parametrize(
    "prompt",
    [
        "把 ferry.md 里拼错的 harbur 改成 harbour。",
        "把 ferry.md 里写错的“harbur”改为“harbour”。",
        "In ferry.md replace the misspelled word 'harbur' with 'harbour'.",
        "In ferry.md change the typo harbur to harbour.",
    ],
)
def test_a_word_said_with_what_is_wrong_with_it_is_the_word_fixed(prompt):
    desk = Desk({"ferry.md": FERRY})
    t = run(prompt, files(*TOOLS), desk)
    assert [n for turn in t.calls for n, _ in turn] == ["Read", "Edit"]
    assert desk.files["ferry.md"] == FERRY.replace("harbur", "harbour")
    ended(t)


# ---------------------------------------------------------------- structured output from results

LAPS = {"type": "object", "properties": {"race": {"type": "string"}, "fastest_lap": {"type": "string"},
        "slowest_lap": {"type": "string"}, "customer_name": {"type": "string"}},
        "required": ["race", "fastest_lap", "slowest_lap"]}  # fmt: skip
STRUCTURED = {
    "name": "StructuredOutput",
    "description": "Use this tool to return your final response in the requested structured format.",
    "input_schema": LAPS,
}
RACE = tool("get_race", "Lap times of a rowing race", strings(race=None))


def regatta(name, args):
    if name == "get_race":
        return json.dumps({"race": args["race"], "fastest": "1:52", "slowest": "2:31",
                           "name": "Autumn Sprint", "customer": "Kai"})  # fmt: skip
    return "Structured output provided successfully"


@pytest.mark.parametrize(
    "prompt", ["查一下 R-4 这场赛艇比赛的圈速。", "Get the lap times of race R-4."]
)
def test_a_structured_field_named_with_one_word_more_than_a_result_field_takes_its_value(prompt):
    t = run(prompt, [RACE, STRUCTURED], regatta)
    out = [a for turn in t.calls for n, a in turn if n == "StructuredOutput"]
    assert out and out[0]["fastest_lap"] == "1:52" and out[0]["slowest_lap"] == "2:31", t.calls
    assert out[0].get("customer_name") in (None, "")  # both words are fields: neither is taken


# ---------------------------------------------------------------- the lines of each file


@pytest.mark.parametrize(
    "prompt",
    [
        "How many lines does each .csv file in this folder have?",
        "这个文件夹里每个 csv 文件各有多少行？",
    ],
)
def test_the_lines_of_each_file_of_a_kind_are_counted_by_one_command(prompt):
    def disk(name, args):
        assert name == "Bash", name
        return "  12 ./buoys.csv\n  30 ./readings.csv\n  42 total"

    t = run(prompt, files("Bash", "Glob", "Read"), disk)
    assert t.calls[0] == [("Bash", {"command": "find . -name '*.csv' -exec wc -l {} +"})]
    assert "buoys.csv" in t.answer and "30" in t.answer
    ended(t)
