"""The quiz store against real processes and bad paths (issue 19, point 6): created atomically
(concurrent first use, kill -9 mid-creation), a locked file waits and keeps the answer, every bad
path is one "Cannot use the progress file" line, a killed session is closed as abandoned."""

import io
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from quizzes import open_store, store_file
from quizzes import store as store_module
from quizzes.cli import main
from quizzes.store import StoreBusyWarning, StoreError

GOOD = Path(__file__).parent / "data" / "quiz" / "good.toml"


def python(code: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


FIRST_USE = """
import sys, time
from quizzes import open_store
path, at = sys.argv[1], float(sys.argv[2])
while time.time() < at:
    pass
with open_store(path) as s:
    s.record(item_id="fx-01", mode="practice", session=sys.argv[3], chosen="A", correct=True)
print("ok")
"""


@pytest.mark.slow
def test_concurrent_first_use_leaves_one_good_store_with_every_answer(tmp_path):
    for round in range(8):
        path = tmp_path / f"round-{round}.sqlite3"
        at = time.time() + 1.5  # every process is started and spinning by then
        procs = [python(FIRST_USE, str(path), str(at), f"s{i}") for i in range(3)]
        results = [p.communicate(timeout=60) for p in procs]
        assert [p.returncode for p in procs] == [0, 0, 0], results
        with open_store(path) as s:
            assert sorted(a.session for a in s.attempts()) == ["s0", "s1", "s2"]
        assert sorted(p.name for p in tmp_path.glob(f".round-{round}*")) == []


KILLED_WHILE_CREATING = """
import sqlite3, sys, time
from quizzes import store

class Slow(sqlite3.Connection):
    def executescript(self, script):
        first, rest = script.split(";", 1)
        self.execute(first)  # half a schema written...
        self.commit()
        print("creating", flush=True)
        time.sleep(60)  # ...and killed here

real = sqlite3.connect
store.sqlite3.connect = lambda *a, **k: real(*a, **{**k, "factory": Slow})
store.open_store(sys.argv[1])
"""


def test_kill_9_during_creation_leaves_no_store_and_the_next_start_works(tmp_path):
    path = tmp_path / "quiz.sqlite3"
    proc = python(KILLED_WHILE_CREATING, str(path))
    assert proc.stdout.readline() == "creating\n"
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    assert not path.exists()  # a store or none: never half a store at the path
    with open_store(path) as s:
        s.record(item_id="fx-01", mode="practice", session="s", chosen="A", correct=True)
    with open_store(path) as s:
        assert len(s.attempts()) == 1 and s.recovery is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quiz.sqlite3"]  # the temporary went


def test_a_locked_store_waits_then_says_so_and_keeps_the_answer(tmp_path, monkeypatch):
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT", 0.2)
    path = tmp_path / "quiz.sqlite3"
    store = open_store(path)
    other = sqlite3.connect(path)
    other.execute("BEGIN EXCLUSIVE")
    with pytest.warns(StoreBusyWarning, match="locked"):
        store.record(item_id="fx-01", mode="practice", session="s", chosen="A", correct=False)
    assert store.unsaved == 1
    other.rollback()
    other.close()
    store.record(item_id="fx-02", mode="practice", session="s", chosen="B", correct=True)
    assert store.unsaved == 0
    store.close()
    with open_store(path) as s:
        assert [a.item_id for a in s.attempts()] == ["fx-01", "fx-02"]


def bad_paths(tmp_path):
    dangling = tmp_path / "dangling.sqlite3"
    dangling.symlink_to(tmp_path / "nowhere" / "quiz.sqlite3")
    return {
        "proc": Path("/proc/self/quiz.sqlite3"),
        "proc-file": Path("/proc/version"),
        "dangling": dangling,
        "null": Path("/dev/null"),
    }


@pytest.mark.parametrize("kind", ["proc", "proc-file", "dangling", "null"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_bad_path_is_one_cannot_use_line(tmp_path, kind, lang):
    path = bad_paths(tmp_path)[kind]
    before = sorted(os.listdir("/dev"))
    err = io.StringIO()
    code = main(
        ["--mode", "progress", "--db", str(path), "--bank", str(GOOD), "--lang", lang],
        stdout=io.StringIO(),
        stderr=err,
    )
    line = err.getvalue().strip()
    assert code == 2 and "\n" not in line and str(path) in line, line
    assert ("无法使用进度文件" if lang == "zh" else "Cannot use the progress file") in line
    assert sorted(os.listdir("/dev")) == before  # no -journal beside the device
    if kind == "dangling":
        assert path.is_symlink() and not path.exists()


def test_a_full_disk_is_one_cannot_use_line(tmp_path, monkeypatch):
    def full(target):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store_file, "create", full)
    with pytest.raises(StoreError, match="disk is full"):
        open_store(tmp_path / "quiz.sqlite3")
    err = io.StringIO()
    code = main(
        ["--mode", "progress", "--db", str(tmp_path / "q.sqlite3"), "--bank", str(GOOD)],
        stdout=io.StringIO(),
        stderr=err,
    )
    assert code == 2 and "无法使用进度文件" in err.getvalue() and "disk is full" in err.getvalue()
    assert sorted(p.name for p in tmp_path.iterdir()) == []


RUNNING = """
import sys, time
from quizzes import open_store
s = open_store(sys.argv[1])
s.begin_session(sys.argv[2], "practice", 1)
s.record(item_id="fx-01", mode="practice", session=sys.argv[2], chosen="A", correct=True)
print("running", flush=True)
time.sleep(60)
"""


def test_a_killed_session_is_closed_as_abandoned_and_a_live_one_is_left_running(tmp_path):
    path = tmp_path / "quiz.sqlite3"
    open_store(path).close()
    killed, live = python(RUNNING, str(path), "killed"), python(RUNNING, str(path), "live")
    try:
        assert killed.stdout.readline() == "running\n" and live.stdout.readline() == "running\n"
        killed.send_signal(signal.SIGKILL)
        killed.wait(10)
        with open_store(path) as s:
            assert s.session_status("killed") == "abandoned"
            assert s.session_status("live") == "running"
    finally:
        for p in (killed, live):
            if p.poll() is None:
                p.kill()
                p.wait(10)


# --- second round: the file changes under an open store


def test_a_store_replaced_or_deleted_while_open_gets_the_next_answers(tmp_path):
    """Another copy moved over it, then the file deleted: SQLite refuses to write to the file it
    has open ("attempt to write a readonly database"); the answers go to what is at the path now."""
    path = tmp_path / "quiz.sqlite3"
    store = open_store(path)
    store.record(item_id="fx-01", mode="practice", session="s", chosen="A", correct=False)
    open_store(tmp_path / "backup.sqlite3").close()
    os.replace(tmp_path / "backup.sqlite3", path)
    store.record(item_id="fx-02", mode="practice", session="s", chosen="B", correct=True)
    with open_store(path) as s:
        assert [a.item_id for a in s.attempts()] == ["fx-02"]
    path.unlink()
    store.record(item_id="fx-03", mode="practice", session="s", chosen="C", correct=True)
    store.close()
    with open_store(path) as s:
        assert [a.item_id for a in s.attempts()] == ["fx-03"]


def test_a_store_replaced_by_something_not_ours_keeps_the_answer_and_says_where(tmp_path):
    path = tmp_path / "quiz.sqlite3"
    store = open_store(path)
    path.unlink()
    path.mkdir()  # what is there now cannot be a store: the answer waits, nothing is touched
    with pytest.warns(store_module.StoreUnwritableWarning, match="folder") as said:
        store.record(item_id="fx-01", mode="practice", session="s", chosen="A", correct=False)
    assert said[0].message.path == path and store.unsaved == 1 and list(path.iterdir()) == []
    path.rmdir()
    store.record(item_id="fx-02", mode="practice", session="s", chosen="B", correct=True)
    assert store.unsaved == 0
    store.close()
    with open_store(path) as s:
        assert [a.item_id for a in s.attempts()] == ["fx-01", "fx-02"]


def test_a_full_disk_keeps_the_answer_for_the_next_write(tmp_path):
    """SQLite's "database or disk is full" (here: a page limit) is a warning naming the file, and
    the answers are saved once there is room."""
    path = tmp_path / "quiz.sqlite3"
    store = open_store(path)
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.warns(store_module.StoreUnwritableWarning, match="full") as said:
        for i in range(200):
            store.record(
                item_id=f"fx-{i:03}", mode="practice", session="s", chosen="A", correct=False
            )
    assert str(path) in str(said[0].message) and store.unsaved > 0
    store._db.execute("PRAGMA max_page_count = 1000000")
    store.record(item_id="last", mode="practice", session="s", chosen="A", correct=False)
    assert store.unsaved == 0
    store.close()
    with open_store(path) as s:
        assert len(s.attempts()) == 201


KILLED_MID_TRANSACTION = """
import os, sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA cache_size = 2")  # pages spill into the file before the commit
db.execute("BEGIN")
for i in range(3000):
    db.execute(
        "INSERT INTO attempts (session, mode, item_id, chosen, correct, answered_at) "
        "VALUES ('x', 'practice', ?, 'B', 1, '2026-12-01')",
        ("junk-%d" % i * 20,),
    )
db.execute("UPDATE attempts SET chosen = 'Z'")
os.kill(os.getpid(), 9)
"""


def test_a_writer_killed_mid_transaction_leaves_a_store_that_is_rolled_back_not_moved_aside(
    tmp_path,
):
    """kill -9 with half a transaction in the file and its journal beside it: SQLite rolls it
    back on the next open; read without the journal the file looked corrupt and was moved aside."""
    path = tmp_path / "quiz.sqlite3"
    with open_store(path) as s:
        for i in range(300):
            s.record(item_id=f"fx-{i}", mode="practice", session="s", chosen="A", correct=False)
    proc = python(KILLED_MID_TRANSACTION, str(path))
    assert proc.wait(60) == -signal.SIGKILL
    assert (tmp_path / "quiz.sqlite3-journal").stat().st_size > 0
    with open_store(path) as s:
        assert s.recovery is None
        assert len(s.attempts()) == 300 and {a.chosen for a in s.attempts()} == {"A"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quiz.sqlite3"]


@pytest.mark.slow
def test_a_corrupt_store_is_said_in_one_line(tmp_path):
    path = tmp_path / "quiz.sqlite3"
    with open_store(path) as s:
        for i in range(300):
            s.record(item_id=f"fx-{i}", mode="practice", session="s", chosen="A", correct=False)
    data = bytearray(path.read_bytes())
    data[4096 * 3 : 4096 * 3 + 64] = b"\xff" * 64  # an interior page's header
    path.write_bytes(bytes(data))
    with pytest.warns(store_module.DamagedStoreWarning) as said:
        store = open_store(path)
    store.close()
    assert store.recovery is not None and "\n" not in store.recovery.problem
    assert "\n" not in str(said[0].message) and len(store.recovery.problem) < 300
