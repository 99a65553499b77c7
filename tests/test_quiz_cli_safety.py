"""The quiz CLI and bank loader on hostile input (issue 19, point 6): a closed pipe is quiet, bank
text cannot drive the terminal, a locked progress file is one line in the learner's language, and
the loader names the wrong type and deep nesting with the file and the item."""

import io
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from quizzes import BankError, load_bank
from quizzes import store as store_module
from quizzes.cli import main

DATA = Path(__file__).parent / "data" / "quiz"
GOOD = DATA / "good.toml"


@pytest.fixture(autouse=True)
def terminal(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")


def test_a_reader_that_goes_away_is_quiet(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "quizzes", "--mode", "progress", "--bank", str(GOOD)],
        env={"AGENTLOOP_QUIZ_DB": str(tmp_path / "q.sqlite3"), "PATH": "/usr/bin:/bin"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdout.close()  # `| head -0`: the reader is gone before the first line
    err = proc.stderr.read().decode()
    assert proc.wait(60) == 0 and err == ""


def test_bank_text_is_printed_with_control_characters_escaped(tmp_path):
    bank = tmp_path / "evil.toml"
    text = GOOD.read_text(encoding="utf-8").replace(
        'stem.zh = "', 'stem.zh = "\\u001b[2J\\u001b]0;pwned\\u0007\\u202e'
    )
    bank.write_text(text, encoding="utf-8")
    out = io.StringIO()
    main(
        ["--mode", "practice", "--n", "1", "--seed", "1", "--bank", str(bank)]
        + ["--db", str(tmp_path / "q.sqlite3")],
        stdin=io.StringIO("A\n"),
        stdout=out,
        stderr=io.StringIO(),
    )
    shown = out.getvalue()
    assert "题目" in shown and "\\x1b[2J" in shown
    assert "\x1b" not in shown and "\x07" not in shown and "\u202e" not in shown


def test_a_locked_progress_file_is_one_line_and_the_answer_is_kept(tmp_path, monkeypatch):
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT", 0.2)
    path = tmp_path / "q.sqlite3"
    store_module.open_store(path).close()
    other = sqlite3.connect(path)
    real = store_module.Store.record
    calls = []

    def record(self, **kw):
        calls.append(kw)
        if len(calls) == 1:
            other.execute("BEGIN EXCLUSIVE")  # another program takes the file at the first answer
        real(self, **kw)
        if len(calls) == 1:
            other.rollback()

    monkeypatch.setattr(store_module.Store, "record", record)
    err = io.StringIO()
    main(
        ["--mode", "practice", "--n", "2", "--seed", "1", "--bank", str(GOOD), "--db", str(path)],
        stdin=io.StringIO("A\nA\n"),
        stdout=io.StringIO(),
        stderr=err,
    )
    assert err.getvalue().count("\n") == 1 and "正被另一个程序锁住" in err.getvalue()
    with store_module.open_store(path) as s:
        assert len(s.attempts()) == 2


def bank_with(tmp_path, old, new):
    bank = tmp_path / "bank.toml"
    bank.write_text(GOOD.read_text(encoding="utf-8").replace(old, new, 1), encoding="utf-8")
    return bank


def test_answer_5_is_the_wrong_type_not_a_missing_field(tmp_path):
    bank = bank_with(tmp_path, 'answer = "A"', "answer = 5")
    with pytest.raises(BankError) as e:
        load_bank([bank])
    text = str(e.value)
    assert f"{bank}: item 'fx-01': answer = 5 has the wrong type: integer" in text
    assert "missing field 'answer'" not in text


def test_a_text_of_the_wrong_type_is_named_as_such(tmp_path):
    bank = bank_with(
        tmp_path, 'stem.en = "Question 01: what should the loop do next?"', "stem.en = 5"
    )
    with pytest.raises(BankError, match="stem.en has the wrong type: integer") as e:
        load_bank([bank])
    assert "missing or empty text: stem.en" not in str(e.value)


def test_a_100k_deep_array_names_the_file_and_the_item(tmp_path):
    deep = "tags = " + "[" * 100_000 + "]" * 100_000
    bank = bank_with(tmp_path, 'tags = ["lifecycle"]', deep)
    with pytest.raises(BankError) as e:
        load_bank([bank])
    assert f"{bank}: item 'fx-01', line " in str(e.value) and "nested" in str(e.value)


# --- second round: odd input at the prompt, a file that cannot be written


def test_bytes_that_are_not_utf8_on_stdin_are_an_invalid_answer(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "quizzes", "--mode", "practice", "--n", "1", "--seed", "1"]
        + ["--bank", str(GOOD), "--lang", "en", "--db", str(tmp_path / "q.sqlite3")],
        input=b"\xff\xfeB\nA\n",
        env={"PYTHONIOENCODING": "utf-8", "PATH": "/usr/bin:/bin", "COLUMNS": "80"},
        capture_output=True,
        timeout=60,
    )
    out, err = proc.stdout.decode(), proc.stderr.decode()
    assert proc.returncode == 0 and "Traceback" not in err, err
    assert "Invalid answer '\ufffd\ufffdB'" in out
    with sqlite3.connect(tmp_path / "q.sqlite3") as db:
        assert db.execute("SELECT chosen FROM attempts").fetchall() == [("A",)]


def test_an_answer_line_is_echoed_with_control_characters_escaped(tmp_path):
    out = io.StringIO()
    main(
        ["--mode", "practice", "--n", "1", "--seed", "1", "--bank", str(GOOD)]
        + ["--db", str(tmp_path / "q.sqlite3")],
        stdin=io.StringIO("\x1b]0;pwned\x07\x1b[2J\nA\n"),
        stdout=out,
        stderr=io.StringIO(),
    )
    assert "\x1b" not in out.getvalue() and "\x07" not in out.getvalue()


def test_a_very_long_input_line_is_one_short_invalid_answer(tmp_path):
    out = io.StringIO()
    main(
        ["--mode", "practice", "--n", "1", "--seed", "1", "--bank", str(GOOD)]
        + ["--db", str(tmp_path / "q.sqlite3")],
        stdin=io.StringIO("A" * 1_000_000 + "\nB\n"),
        stdout=out,
        stderr=io.StringIO(),
    )
    assert len(out.getvalue()) < 20_000  # not a megabyte echoed back, twice
    with sqlite3.connect(tmp_path / "q.sqlite3") as db:
        assert db.execute("SELECT chosen FROM attempts").fetchall() == [("B",)]


def test_answers_that_could_not_be_saved_are_said_at_the_end(tmp_path, monkeypatch):
    """The progress file becomes impossible to write mid-session (here: replaced by a folder): one
    line naming it, and at the end the count of what was not saved (two answers, the session's end)."""
    path = tmp_path / "q.sqlite3"
    record = store_module.Store.record

    def then_gone(self, **kw):
        if path.is_file():
            path.unlink()
            path.mkdir()
        return record(self, **kw)

    monkeypatch.setattr(store_module.Store, "record", then_gone)
    err = io.StringIO()
    code = main(
        ["--mode", "practice", "--n", "2", "--seed", "1", "--bank", str(GOOD), "--lang", "en"]
        + ["--db", str(path)],
        stdin=io.StringIO("A\nB\n"),
        stdout=io.StringIO(),
        stderr=err,
    )
    lines = err.getvalue().splitlines()
    assert code == 0 and len(lines) == 2, lines
    assert all(str(path) in line and "folder" in line for line in lines)
    assert lines[0].startswith("The progress file") and "cannot be written now" in lines[0]
    assert "3 change(s) were not saved" in lines[1]
