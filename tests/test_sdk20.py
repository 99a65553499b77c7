"""Agent SDK file tasks, round 20: never destroy a file (a whole-file write whose text is the
request's own words, or that would replace a file the request keeps, is not made:
`general._kept_whole`, rule 4d); the user's own MCP tool the request names is called for each
id-shaped value on the lines the request marks in the files read (`general._each_found`, rule
4f). Domains of our own (a hospital ward's rota, a greenhouse controller), in Chinese and
English."""

from __future__ import annotations

import pytest

from tests.test_any_tools import ended, run
from tests.test_cli_tools import files

ROTA = {
    "shifts.csv": "nurse,date,shift,hours\nAmy,2026-11-02,night,12\nBo,2026-11-02,day,8\n"
    "Amy,2026-11-03,day,8\nCruz,2026-11-04,night,12\n",
    "policy.md": "# Ward policy\n- Night shifts pay a 20% premium.\n- Max 48 hours a week.\n",
}


class Disk:
    """Read, Glob and Write over a dict of files, as the CLI answers them."""

    def __init__(self, tree):
        self.files, self.writes = dict(tree), []

    def __call__(self, name, args):
        if name == "Glob":
            return "\n".join(self.files)
        path = args.get("file_path", "")
        if name == "Read":
            if path not in self.files:
                return "<tool_use_error>File does not exist.</tool_use_error>"
            lines = self.files[path].splitlines()
            return "\n".join(f"{i:>6}\t{line}" for i, line in enumerate(lines, 1))
        if name == "Write":
            self.writes.append(args)
            self.files[path] = args["content"]
            return f"File created successfully at: {path}"
        raise AssertionError(f"{name} was not asked for")


@pytest.mark.parametrize(
    "prompt",
    [
        "Read shifts.csv and write rota_summary.md for the ward manager: hours per nurse, who "
        "worked a night shift, and anything from policy.md that matters for overtime.",
        "读一下 shifts.csv，写一份 rota_summary.md 给护士长：每个护士的工时、谁上过夜班，"
        "以及 policy.md 里跟加班有关的规定。",
    ],
)
def test_a_write_never_holds_the_request_words_nor_replaces_a_file_read(prompt):
    disk = Disk(ROTA)
    t = run(prompt, files("Read", "Write", "Glob"), disk)
    assert disk.files["policy.md"] == ROTA["policy.md"]
    assert disk.files["shifts.csv"] == ROTA["shifts.csv"]
    for w in disk.writes:
        assert w["content"].strip(" .。\n") not in prompt, w
    ended(t)


LOG = (
    "06:00 OK    zone-2 sensor S-14 humidity 71%\n"
    "06:10 ALARM zone-2 sensor S-14 A-07 vent stuck\n"
    "07:00 OK    zone-3 sensor S-21 humidity 64%\n"
    "07:45 ALARM zone-3 sensor S-21 A-33 heater fault\n"
)
EXPLAIN = {
    "name": "mcp__gh__explain_alarm",
    "description": "Explain a greenhouse controller alarm code and what to do about it",
    "input_schema": {
        "type": "object",
        "properties": {"alarm_code": {"type": "string"}},
        "required": ["alarm_code"],
    },
}


@pytest.mark.parametrize(
    "prompt",
    [
        "Read controller.log, find every ALARM and use explain_alarm on each alarm code, then "
        "tell me which zone needs a technician.",
        "看一下 controller.log，找出所有 ALARM，用 explain_alarm 查每个报警码的意思，告诉我哪个区要派技术员。",
    ],
)
def test_the_users_tool_is_called_for_each_code_on_the_marked_lines(prompt):
    disk = Disk({"controller.log": LOG})

    def desk(name, args):
        if name == "mcp__gh__explain_alarm":
            return {
                "A-07": "Vent motor jammed: send a technician.",
                "A-33": "Heater relay tripped.",
            }[args["alarm_code"]]
        return disk(name, args)

    t = run(prompt, files("Read", "Glob") + [EXPLAIN], desk)
    asked = [a["alarm_code"] for turn in t.calls for n, a in turn if n == EXPLAIN["name"]]
    assert asked == ["A-07", "A-33"], t.calls
    ended(t)
