"""Changing a file in place (`agentkit.sim.editing`): the file is read first, each change asked for
is one exact-string edit of the line that sets the value (or of the text as written), a tool that
writes whole files saves the read text with the change made, and a change that lands nowhere is
told, never forced. Judged on the files' texts after the run, through the SDK client."""

import pytest
from test_any_tools import EDIT_FILE, READER, WRITE_FILE, ended, run, tool

from agentkit.sim import editing


class Disk:
    """A directory of text files that the Read, Edit and Write tools work on, as the CLI's do."""

    def __init__(self, files):
        self.files = dict(files)

    def __call__(self, name, args):
        path = args["file_path"]
        if name == "Read":
            if path not in self.files:
                raise FileNotFoundError(f"File does not exist: {path}")
            lines = self.files[path].splitlines()
            return "\n".join(f"{i:>6}\t{line}" for i, line in enumerate(lines, 1))
        if name == "Edit":
            text = self.files[path]
            if text.count(args["old_string"]) != 1:
                raise ValueError("String to replace not found in file.")
            self.files[path] = text.replace(args["old_string"], args["new_string"])
            return f"The file {path} has been updated."
        self.files[path] = args["content"]
        return f"File created successfully at: {path}"


KILN = 'title = "kiln"\nworkers = 4\nretry_limit = 3\n'
ROSTER = "season: spring\nmax_players: 18\ncoach: 'Ilse Berg'\n"
LEDGER = '{\n  "currency": "NOK",\n  "round_to": 2,\n  "owner": "tide"\n}\n'


@pytest.mark.parametrize(
    "prompt, path, before, after, said",
    [
        (
            "In kiln.toml, raise the retry limit to 5.",
            "kiln.toml",
            KILN,
            KILN.replace("retry_limit = 3", "retry_limit = 5"),
            "Changed kiln.toml: `retry_limit = 3` → `retry_limit = 5`.",
        ),
        (
            "把 roster.yaml 里的 coach 改成 Tomas Lind。",
            "roster.yaml",
            ROSTER,
            ROSTER.replace("'Ilse Berg'", "'Tomas Lind'"),
            "已修改 roster.yaml：`coach: 'Ilse Berg'` → `coach: 'Tomas Lind'`。",
        ),
        (
            "Edit ledger.json: set round_to to 0",
            "ledger.json",
            LEDGER,
            LEDGER.replace('"round_to": 2,', '"round_to": 0,'),
            'Changed ledger.json: `  "round_to": 2,` → `  "round_to": 0,`.',
        ),
        (
            "修改 kiln.toml，把 4 换成 6",
            "kiln.toml",
            KILN,
            KILN.replace("4", "6"),
            "已修改 kiln.toml：`4` → `6`。",
        ),
    ],
)
def test_a_change_in_a_named_file_reads_it_then_edits_the_line_that_sets_the_value(
    prompt, path, before, after, said
):
    disk = Disk({path: before})
    t = run(prompt, [READER, WRITE_FILE, EDIT_FILE], disk)
    assert t.calls[0] == [("Read", {"file_path": path})]
    assert [n for n, _ in t.calls[1]] == ["Edit"]
    ended(t)
    assert disk.files[path] == after
    assert t.answer == said


def test_two_changes_are_two_edits_and_the_rest_of_the_file_is_kept():
    disk = Disk({"roster.yaml": ROSTER})
    t = run(
        "In roster.yaml, set the season to autumn and change max players to 20.",
        [READER, EDIT_FILE],
        disk,
    )
    assert len(t.calls[1]) == 2
    assert disk.files["roster.yaml"] == "season: autumn\nmax_players: 20\ncoach: 'Ilse Berg'\n"


@pytest.mark.parametrize(
    "prompt",
    ["In kiln.toml, change workers to 8.", "把 kiln.toml 里的 workers 设为 8"],
)
def test_with_only_a_writing_tool_the_read_text_is_saved_with_the_change_made(prompt):
    disk = Disk({"kiln.toml": KILN})
    t = run(prompt, [READER, WRITE_FILE], disk)
    assert [n for n, _ in t.calls[1]] == ["Write"]
    assert disk.files["kiln.toml"] == KILN.replace("workers = 4", "workers = 8")
    ended(t)


@pytest.mark.parametrize(
    "prompt, said",
    [
        ("Edit kiln.toml: set max_jobs to 2", "max_jobs is not in kiln.toml"),
        ("把 kiln.toml 里的 端口 改成 9000", "kiln.toml 里没有找到 端口"),
    ],
)
def test_a_change_that_lands_nowhere_is_told_and_the_file_is_not_touched(prompt, said):
    disk = Disk({"kiln.toml": KILN})
    t = run(prompt, [READER, WRITE_FILE, EDIT_FILE], disk)
    assert [[n for n, _ in calls] for calls in t.calls] == [["Read"], []]
    assert disk.files["kiln.toml"] == KILN
    assert said in t.answer


def test_a_file_read_for_another_tools_sake_is_not_edited():
    remind = tool(
        "set_reminder",
        "Set a reminder for the user.",
        {"text": {"type": "string"}},
        ["text"],
    )
    disk = Disk({"notes.txt": "call the glazier\n"})
    t = run(
        "Read notes.txt and set a reminder to water the ferns", [READER, EDIT_FILE, remind], disk
    )
    assert not any(n == "Edit" for calls in t.calls for n, _ in calls)
    assert "not in notes.txt" not in t.answer
    assert disk.files["notes.txt"] == "call the glazier\n"


def test_a_user_edit_tool_is_read_by_its_property_names():
    edit = tool(
        "patch_text_file",
        "Replace one occurrence of a string in a text file.",
        {
            "path": {"type": "string", "description": "Path of the file"},
            "find": {"type": "string"},
            "replacement": {"type": "string"},
        },
        ["path", "find", "replacement"],
    )
    read = tool(
        "read_text_file",
        "Read a text file.",
        {"path": {"type": "string", "description": "Path of the file"}},
        ["path"],
    )
    files = {"kiln.toml": KILN}

    def backend(name, args):
        if name == "read_text_file":
            return files[args["path"]]
        files[args["path"]] = files[args["path"]].replace(args["find"], args["replacement"])
        return "patched"

    t = run("In kiln.toml, set workers to 2", [read, edit], backend)
    assert t.calls[1] == [
        (
            "patch_text_file",
            {"path": "kiln.toml", "find": "workers = 4", "replacement": "workers = 2"},
        )
    ]
    assert files["kiln.toml"] == KILN.replace("workers = 4", "workers = 2")


def test_the_change_asked_for_is_read_in_both_languages():
    assert editing.requested(
        "Please update the value of port in app.yaml to 7000 and set debug to off."
    ) == [
        ("port", "7000"),
        ("debug", "off"),
    ]
    assert editing.requested("将 app.yaml 中的 log_level 调成 warning") == [
        ("log_level", "warning")
    ]
    made, missed = editing.changes("change the log level to debug in a.yaml", 'log-level: "info"\n')
    assert made == [editing.Change('log-level: "info"', 'log-level: "debug"')] and not missed


# ---------------------------------------------------------------- a part of a file, written out

CELLAR = "merlot: 0\nriesling: 4\nrioja: 1\nchablis: 0\n"
VISITS = "date,visitor,status\n2027-01-04,Noor,confirmed\n2027-01-05,Pim,cancelled\n"
PRESS = "07:00 START press 2\n07:20 FAULT press 2 jammed\n07:45 START press 4\n08:10 FAULT press 4 oil\n"


@pytest.mark.parametrize(
    "prompt, source, text, target, written",
    [
        ("Read cellar.txt and write the wines I have run out of to order.txt.",
         "cellar.txt", CELLAR, "order.txt", "merlot\nchablis\n"),
        ("读一下 cellar.txt，把数量少于 2 的酒写到 order.txt。",
         "cellar.txt", CELLAR, "order.txt", "merlot\nrioja\nchablis\n"),
        ("Copy the FAULT lines of press.log into faults.txt.",
         "press.log", PRESS, "faults.txt", "07:20 FAULT press 2 jammed\n08:10 FAULT press 4 oil\n"),
        ("把 press.log 里包含 FAULT 的行复制到 faults.txt",
         "press.log", PRESS, "faults.txt", "07:20 FAULT press 2 jammed\n08:10 FAULT press 4 oil\n"),
        ("From visits.csv, save the rows with confirmed to ok.txt",
         "visits.csv", VISITS, "ok.txt", "2027-01-04,Noor,confirmed\n"),
    ],
)  # fmt: skip
def test_a_file_holding_the_lines_of_a_read_file_that_meet_a_condition_is_written(
    prompt, source, text, target, written
):
    disk = Disk({source: text})
    t = run(prompt, [READER, WRITE_FILE], disk)
    assert t.calls[0] == [("Read", {"file_path": source})]
    assert t.calls[1] == [("Write", {"file_path": target, "content": written})]
    ended(t)
    assert disk.files[source] == text


def test_a_part_described_by_no_condition_the_rules_know_is_asked_for():
    disk = Disk({"cellar.txt": CELLAR})
    t = run("Read cellar.txt and write the wines that go with fish to pairing.txt.",
            [READER, WRITE_FILE], disk)  # fmt: skip
    assert not any(n == "Write" for calls in t.calls for n, _ in calls)
    assert "pairing.txt" not in disk.files


@pytest.mark.parametrize("prompt", ["Do you have a copy of Dune?", "有没有《沙丘》的副本？"])
def test_a_copy_as_a_noun_asks_for_no_act(prompt):
    search = tool("search_books", "Search the catalogue.", {"title": {"type": "string"}}, ["title"])
    order = tool("create_order", "Order a book.", {"title": {"type": "string"}}, ["title"])
    t = run(prompt, [search, order, WRITE_FILE], lambda n, a: "1 in stock")
    assert not any(n in ("create_order", "Write") for calls in t.calls for n, _ in calls)


@pytest.mark.parametrize(
    "prompt, after",
    [
        (
            "Update kiln.toml: the retry limit should be 6",
            KILN.replace("retry_limit = 3", "retry_limit = 6"),
        ),
        ("Change workers in kiln.toml from 4 to 2.", KILN.replace("workers = 4", "workers = 2")),
        ("Update kiln.toml so that workers is 12.", KILN.replace("workers = 4", "workers = 12")),
        ("把 kiln.toml 的 workers 从 4 改为 16", KILN.replace("workers = 4", "workers = 16")),
        ("kiln.toml: make the title 'oven'", KILN.replace('"kiln"', '"oven"')),
        ("Could you set workers to 3 in kiln.toml?", KILN.replace("workers = 4", "workers = 3")),
        ("能帮我把 kiln.toml 里的 workers 改成 5 吗？", KILN.replace("workers = 4", "workers = 5")),
    ],
)
def test_a_change_said_in_other_forms_is_an_edit_never_a_whole_file_write(prompt, after):
    disk = Disk({"kiln.toml": KILN})
    t = run(prompt, [READER, WRITE_FILE, EDIT_FILE], disk)
    assert not any(n == "Write" for calls in t.calls for n, _ in calls)
    assert disk.files["kiln.toml"] == after


@pytest.mark.parametrize(
    "prompt",
    [
        "What is the retry limit in kiln.toml?",
        "The workers value is 4 in kiln.toml, right?",
        "kiln.toml 里的 workers 是多少？",
    ],
)
def test_a_question_about_a_value_in_a_file_changes_nothing(prompt):
    disk = Disk({"kiln.toml": KILN})
    t = run(prompt, [READER, WRITE_FILE, EDIT_FILE], disk)
    assert not any(n in ("Write", "Edit") for calls in t.calls for n, _ in calls)
    assert disk.files["kiln.toml"] == KILN


@pytest.mark.parametrize(
    "prompt, path, before, after",
    [
        ("In oven.toml, set the preheat limit to 240.", "oven.toml",
         "[fan]\nspeed = 2\n\n[preheat]\nlimit_c = 220\n", "[fan]\nspeed = 2\n\n[preheat]\nlimit_c = 240\n"),
        ("In kiln.yaml set the glaze ttl to 60", "kiln.yaml",
         "bisque:\n  ttl: 30\nglaze:\n  ttl: 45\n", "bisque:\n  ttl: 30\nglaze:\n  ttl: 60\n"),
    ],
)  # fmt: skip
def test_a_setting_named_by_its_section_and_a_word_of_its_key_is_edited(
    prompt, path, before, after
):
    disk = Disk({path: before})
    run(prompt, [READER, WRITE_FILE, EDIT_FILE], disk)
    assert disk.files[path] == after


@pytest.mark.parametrize(
    "prompt, path, before, after",
    [
        ("In kiln.toml, set the firing hold_minutes to 2 hours (the kiln reads minutes).",
         "kiln.toml", "hold_minutes = 45\nzones = 3\n", "hold_minutes = 120\nzones = 3\n"),
        ("Raise the upload limit in vault.yaml to 2 GB.",
         "vault.yaml", "upload:\n  limit_mb: 500\n", "upload:\n  limit_mb: 2000\n"),
        ("把 pump.toml 里的 interval 改成 3分钟（按秒存）",
         "pump.toml", "interval = 40\nmode = 'eco'\n", "interval = 180\nmode = 'eco'\n"),
        ("In pump.toml set interval_seconds to 90 seconds.",
         "pump.toml", "interval_seconds = 40\n", "interval_seconds = 90\n"),
        ("In roster.yaml change the coach to Tomas Lind (he starts in May).",
         "roster.yaml", ROSTER, ROSTER.replace("'Ilse Berg'", "'Tomas Lind'")),
    ],
)  # fmt: skip
def test_a_new_value_said_in_another_unit_is_written_in_the_unit_of_the_setting(
    prompt, path, before, after
):
    disk = Disk({path: before})
    t = run(prompt, [READER, WRITE_FILE, EDIT_FILE], disk)
    assert disk.files[path] == after
    ended(t)


DOCK = '[gate]\nhost = "10.0.0.4"\nport = 7000\n\n[audit]\nlevel = "warn"\nwindow_s = 30\n'
CLI_READ = tool(
    "Read",
    "Reads a file from the local filesystem.",
    {
        "file_path": {"type": "string", "description": "The absolute path to the file to read"},
        "offset": {"type": "number", "description": "The line number to start reading from."},
        "limit": {"type": "number", "description": "The number of lines to read."},
        "pages": {
            "type": "string",
            "description": 'Page range for PDF files (e.g., "1-5", "3", "10-20"). '
            "Only applicable to PDF files.",
        },
    },
    ["file_path"],
)


@pytest.mark.parametrize(
    "prompt, before, after",
    [
        ("把 /opt/dock.toml 里 gate 的端口改成 7100", 'port = 7000', 'port = 7100'),
        ("/opt/dock.toml 的 audit 级别改成 error", 'level = "warn"', 'level = "error"'),
        ("把 /opt/dock.toml 里 gate 的主机改为 10.0.0.9，3 点前要用", 'host = "10.0.0.4"',
         'host = "10.0.0.9"'),
    ],
)  # fmt: skip
def test_a_key_said_in_chinese_is_found_by_its_english_words(prompt, before, after):
    disk = Disk({"/opt/dock.toml": DOCK})
    t = run(prompt, [CLI_READ, WRITE_FILE, EDIT_FILE], disk)
    assert t.calls[0] == [("Read", {"file_path": "/opt/dock.toml"})]
    assert disk.files["/opt/dock.toml"] == DOCK.replace(before, after)
    ended(t)


@pytest.mark.parametrize(
    "prompt",
    [
        "dock.toml 第 3 行是什么？文件在 /opt/dock.toml",
        "What is 3 lines below [gate] in /opt/dock.toml?",
    ],
)
def test_a_file_named_twice_is_read_once_and_a_number_said_is_no_page_range(prompt):
    t = run(prompt, [CLI_READ], Disk({"/opt/dock.toml": DOCK}))
    assert t.calls[0] == [("Read", {"file_path": "/opt/dock.toml"})]
    ended(t)


class GuardedDisk(Disk):
    """A Disk whose edits of dotfiles are refused, as a PreToolUse hook refuses them."""

    def __call__(self, name, args):
        if name != "Read" and args["file_path"].rsplit("/", 1)[-1].startswith("."):
            raise PermissionError("Blocked by policy hook: dotfiles hold secrets; ask the ops lead")
        return super().__call__(name, args)


@pytest.mark.parametrize(
    "prompt, said",
    [
        ("In relay.yaml set endpoint to https://relay.two.example, and in .env set VERBOSE=0.",
         ["Changed relay.yaml: `endpoint: https://relay.one.example` → `endpoint: https://relay.two.example`.",
          "I tried to edit .env, but it was refused:", "Blocked by policy hook"]),
        ("把 relay.yaml 里的 retries 改成 7，再把 .env 里的 VERBOSE 改成 0",
         ["已修改 relay.yaml：`retries: 3` → `retries: 7`。", "我想修改 .env，但被拒绝了：", "Blocked by policy hook"]),
    ],
)  # fmt: skip
def test_changes_in_two_named_files_read_both_then_edit_both_and_report_each(prompt, said):
    relay = "endpoint: https://relay.one.example\nretries: 3\n"
    disk = GuardedDisk({"relay.yaml": relay, ".env": "VERBOSE=1\nTOKEN=abc\n"})
    t = run(prompt, [READER, WRITE_FILE, EDIT_FILE], disk)
    assert sorted(a["file_path"] for _, a in t.calls[0]) == [".env", "relay.yaml"]
    assert sorted(a["file_path"] for _, a in t.calls[1]) == [".env", "relay.yaml"]
    assert disk.files[".env"] == "VERBOSE=1\nTOKEN=abc\n"
    assert disk.files["relay.yaml"] != relay
    for s in said:
        assert s in t.answer
    ended(t)
