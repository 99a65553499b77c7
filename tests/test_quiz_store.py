"""Saved progress: SQLite in the user's data folder, env var override, damaged files moved aside."""

import re
import sqlite3
from pathlib import Path

import pytest

from quizzes import DamagedStoreWarning, Store, default_path, open_store

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


def test_garbage_file_is_moved_aside_not_deleted(tmp_path):
    path = tmp_path / "quiz.sqlite3"
    path.write_bytes(GARBAGE)
    with pytest.warns(DamagedStoreWarning) as caught:
        store = open_store(path)
    [moved] = _moved_aside(path)
    assert re.fullmatch(r"quiz\.sqlite3\.damaged-\d{8}T\d{6}Z", moved.name)
    assert moved.read_bytes() == GARBAGE  # the old bytes, intact
    message = str(caught[0].message)
    assert str(path) in message and str(moved) in message
    assert "not a readable SQLite database" in message
    assert store.recovery.moved_to == moved and store.recovery.path == path
    record(store)  # the fresh store works and persists
    store.close()
    with open_store(path) as again:
        assert len(again.attempts()) == 1 and again.recovery is None


def test_sqlite_file_with_another_schema_is_moved_aside(tmp_path):
    path = tmp_path / "quiz.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (body TEXT)")
        db.execute("INSERT INTO notes VALUES ('keep me')")
    db.close()
    with pytest.warns(DamagedStoreWarning, match="another schema"):
        store = open_store(path)
    store.close()
    [moved] = _moved_aside(path)
    with sqlite3.connect(moved) as db:
        assert db.execute("SELECT body FROM notes").fetchall() == [("keep me",)]
    db.close()


def test_two_damaged_files_in_the_same_second_both_kept(tmp_path):
    path = tmp_path / "quiz.sqlite3"
    for content in (b"first" * 50, b"second" * 50):
        path.write_bytes(content)
        with pytest.warns(DamagedStoreWarning):
            open_store(path).close()
    assert sorted(p.read_bytes() for p in _moved_aside(path)) == [b"first" * 50, b"second" * 50]


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
