"""Saved progress: every attempt and a spaced-review schedule in a small SQLite file.

Where the file lives (first match wins):
1. the path given to ``open_store(path)`` (the CLI's ``--db``);
2. the environment variable ``AGENTLOOP_QUIZ_DB``;
3. the user's data folder + ``agentloop-workbook/quiz.sqlite3``: ``$XDG_DATA_HOME`` or
   ``~/.local/share`` on Linux, ``~/Library/Application Support`` on macOS, ``%APPDATA%`` on
   Windows.

What is done with what is found there:
- nothing, or an empty file: a fresh store is created;
- our store (the SQLite header carries our ``application_id``; or a schema-1 store, which had none
  but has exactly our ``attempts`` table) of the current schema: used; of schema 1: migrated in
  place to schema 2 (the attempts are kept and the review schedule is rebuilt from them);
- our store, damaged (unreadable, corrupt, or tables that do not match its schema): renamed to
  ``<name>.damaged-<UTC timestamp>`` (never overwritten or deleted), a ``DamagedStoreWarning`` says
  what was found and where it went, and a fresh store is started;
- a folder, a file we may not read and write, a file that is not SQLite, another program's SQLite
  database, or our store made by a newer schema: ``StoreError`` explains, and the path is left
  exactly as it was.

Spaced review uses Leitner boxes: a miss puts the item in box 1, due at once; each right answer
moves it up one box, due again after ``INTERVALS[box]`` days; box 5 is the last.
``Store.memory()`` keeps everything in memory only.

By job: ``quizzes.store_file`` finds, inspects, creates, migrates and moves aside the file;
``quizzes.store_locks`` tells a killed session from a live one; here, ``Store`` writes (keeping a
write for later when the file is locked or cannot be written), records answers into the Leitner
schedule, and answers questions about them (attempts, latest, due).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from . import store_locks
from .store_file import (  # noqa: F401  (re-exported: quizzes.store is the public module)
    _COLUMNS,
    _SCHEMA_1,
    _SCHEMA_2_ADDS,
    _TABLES,
    APP_DIR,
    APPLICATION_ID,
    BUSY_TIMEOUT,
    ENV_VAR,
    FILE_NAME,
    INTERVALS,
    LAST_BOX,
    MEMORY,
    SCHEMA_VERSION,
    SQLITE_MAGIC,
    DamagedStoreWarning,
    Recovery,
    StoreError,
    create,
    default_path,
    identity,
    open_file,
    reason,
)


class StoreBusyWarning(UserWarning):
    """Another program held the progress file for BUSY_TIMEOUT seconds: the answer was kept in
    memory and is written with the next answer (or on close)."""


class StoreUnwritableWarning(UserWarning):
    """The progress file could not be written (made read-only, the disk full, an I/O error, or
    replaced by a file that is not ours): the answer was kept in memory and is written with the
    next answer (or on close). ``path`` and ``problem`` say where and what."""

    def __init__(self, path: Path | None, problem: str, kept: int):
        self.path, self.problem, self.kept = path, problem, kept
        super().__init__(
            f"The quiz progress file {path} cannot be written ({problem}); {kept} change(s) are "
            "kept and will be saved with the next answer."
        )


@dataclass(frozen=True)
class Attempt:
    id: int
    session: str
    mode: str
    item_id: str
    chosen: str
    correct: bool
    answered_at: str


@dataclass(frozen=True)
class Scheduled:
    """An item in spaced review: its Leitner box and when it is due."""

    item_id: str
    box: int
    due: datetime


def _now() -> datetime:
    return datetime.now(UTC)


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


# -- the store ---------------------------------------------------------------------------------------


class Store:
    """Attempts, sessions and the review schedule. Use ``open_store()`` or ``Store.memory()``."""

    def __init__(
        self, path: str | os.PathLike = MEMORY, *, clock: Callable[[], datetime] = _now
    ) -> None:
        self.path = None if str(path) == MEMORY else Path(path)
        self.recovery: Recovery | None = None
        self.migrated_from: int | None = None
        self._clock = clock
        self._pending: list[Callable[[sqlite3.Connection], object]] = []
        self.problem = ""  # why the last write that failed could not be saved
        if self.path is None:
            self._db = create(MEMORY)
            return
        try:
            self._db = self._open(self.path)
            self._opened = identity(self.path)
            self._close_abandoned()
        except (OSError, sqlite3.Error) as exc:  # a full disk, /proc, a vanished folder...
            raise StoreError(self.path, reason(exc)) from None

    def _open(self, path: Path) -> sqlite3.Connection:
        opened = open_file(path, self._schedule, BUSY_TIMEOUT)
        self.recovery = opened.recovery or self.recovery
        self.migrated_from = opened.migrated_from or self.migrated_from
        return opened.db

    @classmethod
    def memory(cls, *, clock: Callable[[], datetime] = _now) -> Store:
        return cls(MEMORY, clock=clock)

    # -- sessions ------------------------------------------------------------------------------------

    def begin_session(self, session: str, mode: str, seed: int | None) -> None:
        """A running session; this process holds a lock on it (released by the OS even on kill -9),
        so the next start can tell a killed session from a live one."""
        started = _iso(self._clock())
        store_locks.hold(self.path, session)
        self._write(
            lambda db: db.execute(
                "INSERT OR REPLACE INTO sessions (id, mode, seed, started_at, status) "
                "VALUES (?, ?, ?, ?, 'running')",
                (session, mode, seed, started),
            )
        )

    def end_session(self, session: str, status: str) -> None:
        """Mark a session finished, stopped (input ran out) or abandoned (Ctrl-C in an exam)."""
        ended = _iso(self._clock())
        self._write(
            lambda db: db.execute(
                "UPDATE sessions SET ended_at = ?, status = ? WHERE id = ?",
                (ended, status, session),
            )
        )
        store_locks.release(session)

    def _close_abandoned(self) -> None:
        """Sessions left running by a process that is gone (killed) are marked abandoned."""
        rows = self._db.execute("SELECT id FROM sessions WHERE status = 'running'").fetchall()
        dead = store_locks.dead(self.path, [session for (session,) in rows])
        if dead:
            with self._db:
                self._db.executemany(
                    "UPDATE sessions SET status = 'abandoned', ended_at = COALESCE(ended_at, "
                    "(SELECT MAX(answered_at) FROM attempts WHERE session = sessions.id), "
                    "started_at) WHERE id = ?",
                    [(d,) for d in dead],
                )

    def session_status(self, session: str) -> str | None:
        row = self._db.execute("SELECT status FROM sessions WHERE id = ?", (session,)).fetchone()
        return row[0] if row else None

    # -- writing: at once, or kept for later ---------------------------------------------------------

    def _write(self, op: Callable[[sqlite3.Connection], object]) -> None:
        """Run ``op`` in one transaction after any writes kept from before. If another program holds
        the file past BUSY_TIMEOUT, everything is kept for the next write and StoreBusyWarning says
        so; if the file cannot be written (read-only, disk full), StoreUnwritableWarning. If the file
        at the path was replaced or deleted while open, the writes go to what is there now."""
        self._pending.append(op)
        self._flush()

    def _flush(self) -> None:
        try:
            try:
                self._commit()
            except sqlite3.OperationalError:
                if not self._replaced():
                    raise
                self._reopen()  # the path holds another file now (or none): write there
                self._commit()
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                self.problem = str(exc)
                warnings.warn(
                    f"The quiz progress file {self.path} is locked by another program; "
                    f"{len(self._pending)} change(s) are kept and will be saved with the next "
                    "answer.",
                    StoreBusyWarning,
                    stacklevel=4,
                )
            else:
                self._unwritable(str(exc))
            return
        except StoreError as exc:  # replaced by a file that is not a store of ours
            self._unwritable(exc.problem)
            return
        except OSError as exc:
            self._unwritable(reason(exc))
            return
        self._pending, self.problem = [], ""

    def _commit(self) -> None:
        with self._db:
            for pending in self._pending:
                pending(self._db)

    def _unwritable(self, problem: str) -> None:
        """Said once until a write succeeds again (or the problem changes)."""
        if problem == self.problem:
            return
        self.problem = problem
        warnings.warn(StoreUnwritableWarning(self.path, problem, len(self._pending)), stacklevel=5)

    def _replaced(self) -> bool:
        """The file at the path is not the one open: moved away, deleted or replaced (SQLite then
        refuses to write to the one open: "attempt to write a readonly database")."""
        return self.path is not None and identity(self.path) != self._opened

    def _reopen(self) -> None:
        """Open what is at the path now (a fresh store if nothing), as on start."""
        assert self.path is not None
        db = self._open(self.path)
        self._db.close()
        self._db, self._opened = db, identity(self.path)

    @property
    def unsaved(self) -> int:
        """Writes kept in memory because the file was locked (saved with the next write)."""
        return len(self._pending)

    # -- attempts ------------------------------------------------------------------------------------

    def record(self, *, item_id: str, mode: str, session: str, chosen: str, correct: bool) -> None:
        """Store one attempt and move the item between Leitner boxes, committed at once."""
        now = self._clock()

        def op(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT INTO attempts (session, mode, item_id, chosen, correct, answered_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (session, mode, item_id, chosen, int(correct), _iso(now)),
            )
            self._schedule(db, item_id, correct, now)

        self._write(op)

    @staticmethod
    def _schedule(db: sqlite3.Connection, item_id: str, correct: bool, now: datetime) -> None:
        row = db.execute("SELECT box FROM schedule WHERE item_id = ?", (item_id,)).fetchone()
        if row is None and correct:
            return  # right the first time: nothing to review
        box = min(row[0] + 1, LAST_BOX) if correct else 1
        due = now + timedelta(days=INTERVALS[box])
        db.execute(
            "INSERT OR REPLACE INTO schedule (item_id, box, due, updated_at) VALUES (?, ?, ?, ?)",
            (item_id, box, _iso(due), _iso(now)),
        )

    def attempts(self, item_id: str | None = None) -> list[Attempt]:
        """All attempts (or one item's), oldest first."""
        query = f"SELECT {', '.join(_COLUMNS)} FROM attempts"
        args: tuple = ()
        if item_id is not None:
            query, args = query + " WHERE item_id = ?", (item_id,)
        rows = self._db.execute(query + " ORDER BY id", args).fetchall()
        return [Attempt(r[0], r[1], r[2], r[3], r[4], bool(r[5]), r[6]) for r in rows]

    def latest(self) -> dict[str, Attempt]:
        """Each item's latest attempt."""
        return {a.item_id: a for a in self.attempts()}

    def wrong_item_ids(self) -> set[str]:
        """The items whose latest attempt was wrong."""
        return {item_id for item_id, a in self.latest().items() if not a.correct}

    def schedule(self) -> list[Scheduled]:
        """Every item in spaced review, soonest due first."""
        rows = self._db.execute("SELECT item_id, box, due FROM schedule ORDER BY due, box, item_id")
        return [Scheduled(i, b, datetime.fromisoformat(d)) for i, b, d in rows.fetchall()]

    def due(self, now: datetime | None = None) -> list[Scheduled]:
        """The items review mode asks now: due at or before ``now``, most overdue first."""
        now = self._clock() if now is None else now
        return [s for s in self.schedule() if s.due <= now]

    def close(self) -> None:
        """Close; a write still kept from a lock is tried once more first."""
        if self._pending:
            with contextlib.suppress(sqlite3.Error), warnings.catch_warnings():
                warnings.simplefilter("ignore")  # what is still unsaved: `unsaved` says it
                self._flush()
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({'memory' if self.path is None else str(self.path)!r})"


def open_store(
    path: str | os.PathLike | None = None, *, clock: Callable[[], datetime] = _now
) -> Store:
    """Open the store at ``path``, else ``$AGENTLOOP_QUIZ_DB``, else the user data folder."""
    if path is None:
        path = default_path()
    return Store(path if str(path) == MEMORY else Path(path).expanduser(), clock=clock)
