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
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sqlite3
import stat
import sys
import tempfile
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

ENV_VAR = "AGENTLOOP_QUIZ_DB"
APP_DIR = "agentloop-workbook"
FILE_NAME = "quiz.sqlite3"
SCHEMA_VERSION = 2
APPLICATION_ID = 0x41474C51  # "AGLQ", in the SQLite header at offset 68
MEMORY = ":memory:"
SQLITE_MAGIC = b"SQLite format 3\x00"
INTERVALS = {1: 0, 2: 1, 3: 3, 4: 7, 5: 21}  # Leitner box -> days until the item is due again
LAST_BOX = max(INTERVALS)

_COLUMNS = ("id", "session", "mode", "item_id", "chosen", "correct", "answered_at")
_TABLES = {
    "attempts": _COLUMNS,
    "schedule": ("item_id", "box", "due", "updated_at"),
    "sessions": ("id", "mode", "seed", "started_at", "ended_at", "status"),
}
_SCHEMA_1 = """
CREATE TABLE attempts (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    session     TEXT NOT NULL,
    mode        TEXT NOT NULL,
    item_id     TEXT NOT NULL,
    chosen      TEXT NOT NULL,     -- the item's own letter (before any exam shuffle)
    correct     INTEGER NOT NULL,  -- 0 or 1
    answered_at TEXT NOT NULL      -- UTC, ISO 8601
);
CREATE INDEX attempts_item ON attempts (item_id, id);
"""
_SCHEMA_2_ADDS = f"""
CREATE TABLE schedule (
    item_id    TEXT PRIMARY KEY,
    box        INTEGER NOT NULL,   -- Leitner box 1-{LAST_BOX}
    due        TEXT NOT NULL,      -- UTC, ISO 8601: when review mode asks it again
    updated_at TEXT NOT NULL
);
CREATE TABLE sessions (
    id         TEXT PRIMARY KEY,
    mode       TEXT NOT NULL,
    seed       INTEGER,
    started_at TEXT NOT NULL,
    ended_at   TEXT,
    status     TEXT NOT NULL       -- running | finished | stopped | abandoned | unknown
);
PRAGMA application_id = {APPLICATION_ID};
PRAGMA user_version = {SCHEMA_VERSION};
"""


BUSY_TIMEOUT = 5.0  # seconds a write waits for another program's lock before it is kept for later
fcntl: ModuleType | None
try:
    import fcntl as _posix_fcntl

    fcntl = _posix_fcntl
except ImportError:  # Windows: killed sessions stay "running"
    fcntl = None
# Sessions this process runs (POSIX locks never conflict within a process), and its one handle on
# each store's lock file.
_OWN_SESSIONS: set[str] = set()
_LOCK_FILES: dict[Path, Any] = {}


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


class DamagedStoreWarning(UserWarning):
    """Our progress file was unreadable and has been moved aside; a fresh one was started."""


class StoreError(Exception):
    """The progress path cannot be used, and was left untouched. The message says why."""

    def __init__(self, path: Path, problem: str):
        self.path, self.problem = path, problem
        super().__init__(f"{path}: {problem}")


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


@dataclass(frozen=True)
class Recovery:
    """What happened to a damaged store: the problem found and where the old file now is."""

    path: Path
    moved_to: Path
    problem: str


def default_path(env=None, platform: str | None = None) -> Path:
    """The store's path from ``AGENTLOOP_QUIZ_DB`` or the platform's user data folder."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR]).expanduser()
    home = Path(env.get("HOME") or Path.home())
    if platform == "win32":
        base = Path(env["APPDATA"]) if env.get("APPDATA") else home / "AppData" / "Roaming"
    elif platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        xdg = env.get("XDG_DATA_HOME", "")
        base = Path(xdg) if os.path.isabs(xdg) else home / ".local" / "share"
    return base / APP_DIR / FILE_NAME


def _now() -> datetime:
    return datetime.now(UTC)


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="seconds")


# -- what is at the path -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Found:
    """What the file at the store's path is: ``state`` is new | ours | migrate | damaged."""

    state: str
    problem: str = ""


def _header(path: Path) -> bytes:
    with open(path, "rb") as f:
        return f.read(100)


def _layout(path: Path, ours: bool = False) -> tuple[dict[str, tuple[str, ...]], int, str]:
    """Tables with their columns, user_version and quick_check. A file that may be another
    program's is read as an image, never changed; our own store is read as SQLite opens it: under
    a shared lock (a writer's commit is never read half done) and with the journal a killed
    writer left rolled back (read without it, the file would look corrupt)."""
    if ours:
        db = sqlite3.connect(path, timeout=BUSY_TIMEOUT)
    else:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    try:
        names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        tables = {
            n: tuple(r[1] for r in db.execute(f'PRAGMA table_info("{n}")'))
            for n in names
            if not n.startswith("sqlite_")
        }
        version = db.execute("PRAGMA user_version").fetchone()[0]
        check = db.execute("PRAGMA quick_check").fetchone()[0]
    finally:
        db.close()
    return tables, version, check


def _hot_journal(path: Path) -> bool:
    """A rollback journal left beside the file: a writer was killed mid-transaction."""
    side = path.with_name(path.name + "-journal")
    return side.is_file() and side.stat().st_size > 0


def _ours_by_tables(path: Path) -> bool:
    """A schema-1 store (no application_id): exactly our attempts table, read as it is."""
    with contextlib.suppress(sqlite3.DatabaseError):
        return _layout(path)[0] == {"attempts": _COLUMNS}
    return False


def _roll_back(path: Path) -> None:
    """Let SQLite roll back what a killed writer left half-done (a hot journal), as any open of
    the file would: read without it (``immutable``), the file looks corrupt though nothing is lost."""
    db = sqlite3.connect(path, timeout=BUSY_TIMEOUT)
    try:
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    finally:
        db.close()


def _check_access(path: Path) -> None:
    if path.is_dir():
        raise StoreError(path, "this is a folder, not a progress file; give a file path")
    if path.is_symlink() and not path.exists():
        raise StoreError(
            path, f"this is a symbolic link to {os.readlink(path)}, which does not exist"
        )
    if path.exists() and not stat.S_ISREG(path.stat().st_mode):
        raise StoreError(path, "this is not a regular file (a device, a pipe or a socket)")
    folder = path.parent
    if path.exists():
        if not os.access(path, os.R_OK | os.W_OK):
            raise StoreError(path, "this file cannot be read and written by you")
    elif folder.exists() and not folder.is_dir():
        raise StoreError(path, f"{folder} is a file, not a folder")
    elif folder.exists() and not os.access(folder, os.W_OK | os.X_OK):
        raise StoreError(path, f"the folder {folder} is not writable")


def _inspect(path: Path) -> _Found:
    """Decide what the file at ``path`` is, reading only; raise StoreError if it is not ours."""
    _check_access(path)
    if not path.exists() or path.stat().st_size == 0:
        return _Found("new")
    head = _header(path)
    if not head.startswith(SQLITE_MAGIC):
        raise StoreError(path, "this file is not a SQLite database, so it is not a progress file")
    app_id = int.from_bytes(head[68:72], "big") if len(head) >= 72 else 0
    if app_id not in (0, APPLICATION_ID):
        raise StoreError(
            path, f"this is another program's SQLite database (application_id {app_id:#x})"
        )
    ours = app_id == APPLICATION_ID
    try:
        if not ours and _hot_journal(path) and _ours_by_tables(path):
            _roll_back(path)  # a schema-1 store (no application_id) a killed writer left
        tables, version, check = _layout(path, ours)
    except sqlite3.OperationalError as exc:
        if "locked" not in str(exc) and "busy" not in str(exc):
            if ours:
                return _Found("damaged", f"it is not a readable SQLite database ({exc})")
            raise StoreError(path, f"this SQLite file cannot be read ({exc})") from None
        raise StoreError(
            path, f"another program has held it locked for {BUSY_TIMEOUT:g} s; try again"
        ) from None
    except sqlite3.DatabaseError as exc:
        if ours:
            return _Found("damaged", f"it is not a readable SQLite database ({exc})")
        raise StoreError(path, f"this SQLite file cannot be read ({exc})") from None
    return _judge(path, ours, tables, version, check)


def _one_line(report: str, limit: int = 200) -> str:
    """quick_check's report (many lines when many pages are bad): one line, its start."""
    report = " ".join(report.split())
    return report if len(report) <= limit else report[:limit] + "…"


def _judge(path: Path, ours: bool, tables: dict, version: int, check: str) -> _Found:
    if not ours:  # no application_id: ours only if it is exactly a schema-1 store
        if version == 1 and tables == {"attempts": _COLUMNS}:
            return (
                _Found("migrate")
                if check == "ok"
                else _Found("damaged", f"corrupt ({_one_line(check)})")
            )
        listed = ", ".join(sorted(tables)) or "none"
        if "attempts" in tables:  # our table name, but not our schema-1 layout
            raise StoreError(
                path,
                f"this SQLite database has an attempts table that is not ours (columns: "
                f"{', '.join(tables['attempts'])}; tables: {listed}), so it is treated as "
                "another program's database",
            )
        raise StoreError(path, f"this is another program's SQLite database (tables: {listed})")
    if version > SCHEMA_VERSION:
        raise StoreError(
            path,
            f"this file was made by schema {version}, expected {SCHEMA_VERSION} "
            "(a newer version of this program); it was left as it is",
        )
    if check != "ok":
        return _Found("damaged", f"the SQLite database is corrupt ({_one_line(check)})")
    if version == SCHEMA_VERSION and tables == _TABLES:
        return _Found("ours")
    if version == 1 and tables == {"attempts": _COLUMNS}:
        return _Found("migrate")
    expected = _TABLES if version == SCHEMA_VERSION else {"attempts": _COLUMNS}
    return _Found(
        "damaged",
        f"this file was made by schema {version}, but its tables do not match schema {version} "
        f"(found {', '.join(sorted(tables)) or 'none'}; expected "
        f"{', '.join(sorted(expected))})",
    )


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
            self._db = self._create(MEMORY)
            return
        try:
            self._db = self._open(self.path)
            self._opened = _identity(self.path)
            self._close_abandoned()
        except (OSError, sqlite3.Error) as exc:  # a full disk, /proc, a vanished folder...
            raise StoreError(self.path, _reason(exc)) from None

    def _open(self, path: Path) -> sqlite3.Connection:
        found = _inspect(path)
        if found.state == "damaged":
            self.recovery = self._move_aside(found.problem)
        if found.state == "migrate":
            return self._migrate(path)
        if found.state == "ours":
            return _connect(path)
        if self._create_atomically(path):
            return _connect(path)
        return self._open(path)  # another process created it first: use theirs

    @classmethod
    def memory(cls, *, clock: Callable[[], datetime] = _now) -> Store:
        return cls(MEMORY, clock=clock)

    def _create(self, target) -> sqlite3.Connection:
        db = _connect(target)
        db.executescript(_SCHEMA_1 + _SCHEMA_2_ADDS)
        return db

    def _create_atomically(self, path: Path) -> bool:
        """Build a fresh store at a temporary path beside ``path``, then put it in place only if
        nothing is there (a hard link), or over an empty file. So a reader, a second process or a
        kill -9 mid-way sees a whole store or none. False if another process got there first."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(path, f"cannot create its folder ({_reason(exc)})") from None
        _remove_stale_temporaries(path)
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.new-{os.getpid()}-", dir=path.parent)
        os.close(fd)
        tmp = Path(name)
        try:
            self._create(tmp).close()
            try:
                os.link(tmp, path)
            except FileExistsError:
                if path.is_symlink() or path.stat().st_size:
                    return False
                os.replace(tmp, path)  # an empty file: nothing in it to keep
            except OSError:  # no hard links on this file system
                if path.exists() and path.stat().st_size:
                    return False
                os.replace(tmp, path)
            return True
        finally:
            for leftover in (tmp, tmp.with_name(tmp.name + "-journal")):
                with contextlib.suppress(OSError):
                    leftover.unlink()

    def _migrate(self, path: Path) -> sqlite3.Connection:
        """Schema 1 -> 2: keep every attempt, add sessions and rebuild the schedule from them."""
        db = sqlite3.connect(path, check_same_thread=False)
        db.executescript(
            "BEGIN;"
            + _SCHEMA_2_ADDS.replace(f"PRAGMA user_version = {SCHEMA_VERSION};", "")
            + """
            INSERT INTO sessions (id, mode, seed, started_at, ended_at, status)
            SELECT session, MIN(mode), NULL, MIN(answered_at), MAX(answered_at), 'unknown'
            FROM attempts GROUP BY session;
            """
        )
        rows = db.execute("SELECT item_id, correct, answered_at FROM attempts ORDER BY id")
        for item_id, correct, answered_at in rows.fetchall():
            self._schedule(db, item_id, bool(correct), datetime.fromisoformat(answered_at))
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.commit()
        self.migrated_from = 1
        return db

    def _move_aside(self, problem: str) -> Recovery:
        if self.path is None:
            raise ValueError("an in-memory quiz store has no file to move aside")
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
        target = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
        os.replace(self.path, target)
        for suffix in ("-journal", "-wal", "-shm"):  # SQLite side files belong with the old file
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                os.replace(side, target.with_name(target.name + suffix))
        recovery = Recovery(self.path, target, problem)
        warnings.warn(
            f"The quiz progress file {self.path} could not be used: {problem}. "
            f"It was moved to {target} (nothing was deleted) and a fresh progress "
            "file was started.",
            DamagedStoreWarning,
            stacklevel=4,
        )
        return recovery

    # -- sessions ------------------------------------------------------------------------------------

    def begin_session(self, session: str, mode: str, seed: int | None) -> None:
        """A running session; this process holds a lock on it (released by the OS even on kill -9),
        so the next start can tell a killed session from a live one."""
        started = _iso(self._clock())
        self._hold(session)
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
        _OWN_SESSIONS.discard(session)

    def _lock_file(self):
        """The process's one handle on ``<store>-sessions.lock`` (POSIX drops a process's locks
        when any of its handles on the file closes, so it is opened once and kept open)."""
        if fcntl is None or self.path is None:
            return None
        key = self.path.resolve()
        if key not in _LOCK_FILES:
            _LOCK_FILES[key] = open(self.path.with_name(self.path.name + "-sessions.lock"), "a+b")
        return _LOCK_FILES[key]

    def _hold(self, session: str) -> None:
        _OWN_SESSIONS.add(session)
        with contextlib.suppress(OSError):  # no lock file (a read-only folder): no lock either
            locks = self._lock_file()
            if locks is not None and fcntl is not None:
                fcntl.lockf(locks, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, _slot(session))

    def _close_abandoned(self) -> None:
        """Sessions left running by a process that is gone (killed) are marked abandoned."""
        if fcntl is None:
            return
        rows = self._db.execute("SELECT id FROM sessions WHERE status = 'running'").fetchall()
        dead = []
        for (session,) in rows:
            if session in _OWN_SESSIONS:
                continue
            try:
                locks = self._lock_file()
            except OSError:  # a read-only folder: which sessions are live cannot be told
                return
            try:
                fcntl.lockf(locks, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, _slot(session))
            except OSError:
                continue  # its process still holds it: a live session
            fcntl.lockf(locks, fcntl.LOCK_UN, 1, _slot(session))
            dead.append(session)
        if dead:
            with self._db:
                self._db.executemany(
                    "UPDATE sessions SET status = 'abandoned', ended_at = COALESCE(ended_at, "
                    "(SELECT MAX(answered_at) FROM attempts WHERE session = sessions.id), "
                    "started_at) WHERE id = ?",
                    [(d,) for d in dead],
                )

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
            self._unwritable(_reason(exc))
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
        return self.path is not None and _identity(self.path) != self._opened

    def _reopen(self) -> None:
        """Open what is at the path now (a fresh store if nothing), as on start."""
        assert self.path is not None
        db = self._open(self.path)
        self._db.close()
        self._db, self._opened = db, _identity(self.path)

    @property
    def unsaved(self) -> int:
        """Writes kept in memory because the file was locked (saved with the next write)."""
        return len(self._pending)

    def session_status(self, session: str) -> str | None:
        row = self._db.execute("SELECT status FROM sessions WHERE id = ?", (session,)).fetchone()
        return row[0] if row else None

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


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def _connect(target) -> sqlite3.Connection:
    # check_same_thread=False: widget callbacks may run on another thread
    return sqlite3.connect(target, timeout=BUSY_TIMEOUT, check_same_thread=False)


def _slot(session: str) -> int:
    """The byte of the lock file that stands for ``session`` (locks need no bytes on disk)."""
    return int.from_bytes(hashlib.blake2b(session.encode(), digest_size=5).digest(), "big")


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc)


def _remove_stale_temporaries(path: Path) -> None:
    """Temporary stores left by a creating process that was killed (its pid is gone)."""
    for tmp in path.parent.glob(f".{path.name}.new-*"):
        pid = tmp.name.removeprefix(f".{path.name}.new-").split("-")[0]
        if pid.isdigit() and not _alive(int(pid)):
            with contextlib.suppress(OSError):
                tmp.unlink()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def open_store(
    path: str | os.PathLike | None = None, *, clock: Callable[[], datetime] = _now
) -> Store:
    """Open the store at ``path``, else ``$AGENTLOOP_QUIZ_DB``, else the user data folder."""
    if path is None:
        path = default_path()
    return Store(path if str(path) == MEMORY else Path(path).expanduser(), clock=clock)
