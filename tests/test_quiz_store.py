"""Saved progress: SQLite in the user's data folder; only our own damaged file is ever moved aside."""

import os
import re
import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from quizzes import DamagedStoreWarning, Store, default_path, open_store
from quizzes.store import (
    _SCHEMA_1,
    APPLICATION_ID,
    INTERVALS,
    LAST_BOX,
    SCHEMA_VERSION,
    StoreError,
)

GARBAGE = b"\x00\x01not a database at all\xff" * 40


def record(store, item_id="fx-01", correct=False):
    store.record(item_id=item_id, mode="practice", session="s1", chosen="B", correct=correct)


def test_attempts_survive_reopening(tmp_path):
    path = tmp_path / "deep" / "quiz.sqlite3"
    with open_store(path) as store:
        record(store, "fx-01", False)
        record(store, "fx-02", True)
    with open_store(path) as store:
        attempts = store.attempts()
        assert [(a.item_id, a.chosen, a.correct, a.mode) for a in attempts] == [
            ("fx-01", "B", False, "practice"),
            ("fx-02", "B", True, "practice"),
        ]
        assert store.wrong_item_ids() == {"fx-01"}
        assert store.recovery is None
        assert [a.item_id for a in store.attempts("fx-02")] == ["fx-02"]


def test_memory_store_keeps_nothing_on_disk(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    store = Store.memory()
    record(store)
    assert store.path is None and len(store.attempts()) == 1
    assert list(tmp_path.iterdir()) == []


def test_env_var_sets_the_path(tmp_path, monkeypatch):
    path = tmp_path / "from-env.sqlite3"
    monkeypatch.setenv("AGENTLOOP_QUIZ_DB", str(path))
    assert default_path() == path
    with open_store() as store:
        record(store)
    assert path.exists()
    with open_store() as store:
        assert len(store.attempts()) == 1


@pytest.mark.parametrize(
    "platform, env, expected",
    [
        ("linux", {"HOME": "/home/u"}, "/home/u/.local/share"),
        ("linux", {"HOME": "/home/u", "XDG_DATA_HOME": "/data"}, "/data"),
        ("linux", {"HOME": "/home/u", "XDG_DATA_HOME": "relative"}, "/home/u/.local/share"),
        ("darwin", {"HOME": "/Users/u"}, "/Users/u/Library/Application Support"),
        ("win32", {"HOME": "/h", "APPDATA": "/appdata"}, "/appdata"),
    ],
)
def test_default_path_per_platform(platform, env, expected):
    assert default_path(env, platform) == Path(expected) / "agentloop-workbook" / "quiz.sqlite3"


def _moved_aside(path):
    return list(path.parent.glob(path.name + ".damaged-*"))


def _snapshot(folder: Path) -> dict:
    """Every path under ``folder`` with its bytes (None for a folder) and its mtime."""
    return {
        p.relative_to(folder): (None if p.is_dir() else p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(folder.rglob("*"))
    }


def _ours(path, *, version=SCHEMA_VERSION, extra_sql=""):
    """A store file of ours, then changed by ``extra_sql`` and marked with ``version``."""
    open_store(path).close()
    with sqlite3.connect(path) as db:
        db.executescript(extra_sql + f"PRAGMA user_version = {version};")
    db.close()


def test_garbage_file_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "quiz.sqlite3"
    path.write_bytes(GARBAGE)
    before = _snapshot(tmp_path)
    with pytest.raises(StoreError, match="not a SQLite database") as caught:
        open_store(path)
    assert caught.value.path == path and str(path) in str(caught.value)
    assert _snapshot(tmp_path) == before  # not moved, not written, not even touched


def test_another_programs_sqlite_file_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "notes.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (body TEXT)")
        db.execute("INSERT INTO notes VALUES ('keep me')")
    db.close()
    before = _snapshot(tmp_path)
    with pytest.raises(StoreError, match=r"another program's SQLite database \(tables: notes\)"):
        open_store(path)
    assert _snapshot(tmp_path) == before


def test_a_lookalike_attempts_table_is_named_and_left_untouched(tmp_path):
    path = tmp_path / "quiz.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript("CREATE TABLE attempts (id INTEGER, score REAL); PRAGMA user_version = 1;")
    db.close()
    before = _snapshot(tmp_path)
    with pytest.raises(StoreError) as caught:
        open_store(path)
    message = str(caught.value)
    assert "attempts table that is not ours (columns: id, score" in message
    assert "another program's database" in message and "expected 1" not in message
    assert _snapshot(tmp_path) == before


def test_sqlite_file_with_another_application_id_is_refused(tmp_path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as db:
        db.executescript("PRAGMA application_id = 1234; CREATE TABLE attempts (x);")
    db.close()
    before = _snapshot(tmp_path)
    with pytest.raises(StoreError, match="another program's SQLite database.*0x4d2"):
        open_store(path)
    assert _snapshot(tmp_path) == before


def test_a_folder_is_refused_and_nothing_in_it_is_touched(tmp_path, monkeypatch):
    folder = tmp_path / "my-folder"
    (folder / "sub").mkdir(parents=True)
    (folder / "thesis.txt").write_text("years of work")
    (folder / "sub" / "data.bin").write_bytes(b"\x00" * 10)
    monkeypatch.setenv("AGENTLOOP_QUIZ_DB", str(folder))
    before = _snapshot(tmp_path)
    with pytest.raises(StoreError, match="is a folder") as caught:
        open_store()
    assert caught.value.path == folder
    assert _snapshot(tmp_path) == before and not _moved_aside(folder)


def _as_owner(path, mode):
    """os.access as the file's owner sees it: the owner's permission bits (root ignores them)."""
    bits = os.stat(path).st_mode
    return not (mode & os.R_OK and not bits & 0o400) and not (mode & os.W_OK and not bits & 0o200)


@pytest.mark.parametrize("target", ["file", "folder"])
def test_a_path_you_cannot_write_is_refused(tmp_path, monkeypatch, target):
    folder = tmp_path / "locked"
    folder.mkdir()
    path = folder / "quiz.sqlite3"
    if target == "file":
        open_store(path).close()
        path.chmod(0o444)
    else:
        folder.chmod(0o555)
    if os.geteuid() == 0:  # root may write anything: check as an ordinary owner would
        monkeypatch.setattr(os, "access", _as_owner)
    before = _snapshot(tmp_path)
    problem = "cannot be read and written by you" if target == "file" else "is not writable"
    with pytest.raises(StoreError, match=problem):
        open_store(path)
    assert _snapshot(tmp_path) == before
    folder.chmod(0o755)


def test_a_store_of_a_newer_schema_is_named_and_left_untouched(tmp_path):
    path = tmp_path / "quiz.sqlite3"
    _ours(path, version=SCHEMA_VERSION + 1)
    before = _snapshot(tmp_path)
    with pytest.raises(StoreError) as caught:
        open_store(path)
    assert f"this file was made by schema {SCHEMA_VERSION + 1}, expected {SCHEMA_VERSION}" in str(
        caught.value
    )
    assert _snapshot(tmp_path) == before


def test_our_store_with_other_tables_is_moved_aside_and_named(tmp_path):
    path = tmp_path / "quiz.sqlite3"
    _ours(path, extra_sql="DROP TABLE schedule; CREATE TABLE extra (x);")
    original = path.read_bytes()
    with pytest.warns(DamagedStoreWarning) as caught:
        store = open_store(path)
    message = str(caught[0].message)
    assert f"made by schema {SCHEMA_VERSION}, but its tables do not match" in message
    assert "expected 1" not in message and "schema version" not in message
    [moved] = _moved_aside(path)
    assert re.fullmatch(r"quiz\.sqlite3\.damaged-\d{8}T\d{6}Z", moved.name)
    assert moved.read_bytes() == original  # the old bytes, intact
    assert str(path) in message and str(moved) in message
    assert store.recovery.moved_to == moved and store.recovery.path == path
    record(store)  # the fresh store works and persists
    store.close()
    with open_store(path) as again:
        assert len(again.attempts()) == 1 and again.recovery is None


def test_our_store_with_corrupt_pages_is_moved_aside(tmp_path):
    path = tmp_path / "quiz.sqlite3"
    with open_store(path) as store:
        for i in range(50):
            record(store, f"fx-{i:02d}")
    data = bytearray(path.read_bytes())
    data[100:] = b"\xff" * (len(data) - 100)  # keep the header (and our application_id)
    path.write_bytes(bytes(data))
    with pytest.warns(DamagedStoreWarning):
        open_store(path).close()
    [moved] = _moved_aside(path)
    assert moved.read_bytes() == bytes(data)


def test_two_damaged_stores_in_the_same_second_both_kept(tmp_path):
    path = tmp_path / "quiz.sqlite3"
    contents = []
    for table in ("first", "second"):
        _ours(path, extra_sql=f"CREATE TABLE {table} (x);")
        contents.append(path.read_bytes())
        with pytest.warns(DamagedStoreWarning):
            open_store(path).close()
        path.unlink()
    assert sorted(p.read_bytes() for p in _moved_aside(path)) == sorted(contents)


def test_schema_1_store_is_migrated_keeping_every_attempt(tmp_path):
    path = tmp_path / "quiz.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(_SCHEMA_1 + "PRAGMA user_version = 1;")
        db.executemany(
            "INSERT INTO attempts (session, mode, item_id, chosen, correct, answered_at) "
            "VALUES (?, 'practice', ?, 'A', ?, ?)",
            [
                ("s1", "fx-01", 0, "2026-01-01T10:00:00+00:00"),
                ("s1", "fx-02", 1, "2026-01-01T10:01:00+00:00"),
                ("s2", "fx-01", 1, "2026-01-02T10:00:00+00:00"),
                ("s2", "fx-03", 0, "2026-01-02T10:01:00+00:00"),
            ],
        )
    db.close()
    with open_store(path) as store:
        assert store.migrated_from == 1 and store.recovery is None
        assert [(a.item_id, a.correct) for a in store.attempts()] == [
            ("fx-01", False),
            ("fx-02", True),
            ("fx-01", True),
            ("fx-03", False),
        ]
        assert {(s.item_id, s.box) for s in store.schedule()} == {("fx-01", 2), ("fx-03", 1)}
        assert store.session_status("s1") == "unknown"
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()
    with open_store(path) as again:
        assert again.migrated_from is None and len(again.attempts()) == 4


def test_leitner_boxes_and_due_dates():
    now = [datetime(2026, 3, 1, 9, 0, tzinfo=UTC)]
    store = Store.memory(clock=lambda: now[0])
    record(store, "right-first", correct=True)  # never missed: not scheduled
    record(store, "fx-01", correct=False)
    [entry] = store.schedule()
    assert (entry.item_id, entry.box, entry.due) == ("fx-01", 1, now[0])  # due at once
    assert [s.item_id for s in store.due()] == ["fx-01"]
    expected_days = {2: 1, 3: 3, 4: 7, 5: 21}
    for box, days in expected_days.items():
        record(store, "fx-01", correct=True)
        [entry] = store.schedule()
        assert (
            (entry.box, entry.due)
            == (box, now[0] + timedelta(days=days))
            == (
                box,
                now[0] + timedelta(days=INTERVALS[box]),
            )
        )
        assert store.due() == []  # not due until its day comes
    record(store, "fx-01", correct=True)  # box 5 is the last
    assert store.schedule()[0].box == LAST_BOX
    now[0] += timedelta(days=21)
    assert [s.item_id for s in store.due()] == ["fx-01"]
    record(store, "fx-01", correct=False)  # a miss sends it back to box 1
    assert store.schedule()[0].box == 1


def test_sessions_are_recorded_with_their_status():
    store = Store.memory()
    store.begin_session("s1", "exam", 7)
    assert store.session_status("s1") == "running"
    store.end_session("s1", "abandoned")
    assert store.session_status("s1") == "abandoned"


def test_empty_file_is_simply_initialised(tmp_path):
    path = tmp_path / "quiz.sqlite3"
    path.touch()
    with open_store(path) as store:
        record(store)
        assert store.recovery is None
    assert _moved_aside(path) == []


def test_store_works_from_another_thread():
    """ipykernel may run widget callbacks on a thread other than the one that built the store."""
    import threading

    from quizzes import Store

    store, errors = Store.memory(), []

    def record():
        try:
            store.record(item_id="x", mode="practice", session="s", chosen="A", correct=False)
        except Exception as e:  # pragma: no cover - the failure this test guards against
            errors.append(e)

    worker = threading.Thread(target=record)
    worker.start()
    worker.join()
    assert errors == [] and store.wrong_item_ids() == {"x"}
