"""The progress file itself: where it lives, what is at the path, and making it usable.

``open_file(path)`` inspects what is at the path, reading only, and then uses our store as it is,
migrates a schema-1 store in place, moves our damaged store aside (``<name>.damaged-<UTC
timestamp>``, never overwritten or deleted, said by a ``DamagedStoreWarning``) and starts a fresh
one, or creates a new store atomically; anything that is not ours raises ``StoreError`` and is left
exactly as it was. ``quizzes.store.Store`` is what uses the connection it returns.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
import sys
import tempfile
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

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

BUSY_TIMEOUT = 5.0  # seconds a read or a write waits for another program's lock


class DamagedStoreWarning(UserWarning):
    """Our progress file was unreadable and has been moved aside; a fresh one was started."""


class StoreError(Exception):
    """The progress path cannot be used, and was left untouched. The message says why."""

    def __init__(self, path: Path, problem: str):
        self.path, self.problem = path, problem
        super().__init__(f"{path}: {problem}")


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


# -- making it usable --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Opened:
    """A usable store at the path: the connection, and what was done to get it."""

    db: sqlite3.Connection
    recovery: Recovery | None = None  # our damaged file, moved aside
    migrated_from: int | None = None  # the schema it was migrated from


Rebuild = Callable[[sqlite3.Connection, str, bool, datetime], None]


def open_file(path: Path, rebuild: Rebuild, timeout: float = BUSY_TIMEOUT) -> Opened:
    """Our store at ``path``, made usable (see the module's docstring). ``rebuild(db, item_id,
    correct, answered_at)`` replays one attempt into the review schedule of a migrated store."""
    found = _inspect(path)
    recovery = move_aside(path, found.problem) if found.state == "damaged" else None
    if found.state == "migrate":
        return Opened(migrate(path, rebuild), recovery, 1)
    if found.state == "ours":
        return Opened(connect(path, timeout), recovery)
    if create_atomically(path):
        return Opened(connect(path, timeout), recovery)
    again = open_file(path, rebuild, timeout)  # another process created it first: use theirs
    return Opened(again.db, recovery or again.recovery, again.migrated_from)


def connect(target, timeout: float = BUSY_TIMEOUT) -> sqlite3.Connection:
    # check_same_thread=False: widget callbacks may run on another thread
    return sqlite3.connect(target, timeout=timeout, check_same_thread=False)


def create(target) -> sqlite3.Connection:
    """A fresh store of the current schema at ``target`` (a path, or ":memory:")."""
    db = connect(target)
    db.executescript(_SCHEMA_1 + _SCHEMA_2_ADDS)
    return db


def create_atomically(path: Path) -> bool:
    """Build a fresh store at a temporary path beside ``path``, then put it in place only if
    nothing is there (a hard link), or over an empty file. So a reader, a second process or a
    kill -9 mid-way sees a whole store or none. False if another process got there first."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(path, f"cannot create its folder ({reason(exc)})") from None
    _remove_stale_temporaries(path)
    fd, name = tempfile.mkstemp(prefix=f".{path.name}.new-{os.getpid()}-", dir=path.parent)
    os.close(fd)
    tmp = Path(name)
    try:
        create(tmp).close()
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


def migrate(path: Path, rebuild: Rebuild) -> sqlite3.Connection:
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
        rebuild(db, item_id, bool(correct), datetime.fromisoformat(answered_at))
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    db.commit()
    return db


def move_aside(path: Path, problem: str) -> Recovery:
    """Rename our damaged file (and its SQLite side files) to ``<name>.damaged-<UTC timestamp>``."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    os.replace(path, target)
    for suffix in ("-journal", "-wal", "-shm"):  # SQLite side files belong with the old file
        side = path.with_name(path.name + suffix)
        if side.exists():
            os.replace(side, target.with_name(target.name + suffix))
    warnings.warn(
        f"The quiz progress file {path} could not be used: {problem}. "
        f"It was moved to {target} (nothing was deleted) and a fresh progress "
        "file was started.",
        DamagedStoreWarning,
        stacklevel=6,  # the caller of open_store()
    )
    return Recovery(path, target, problem)


def identity(path: Path) -> tuple[int, int] | None:
    """The file at ``path`` (device, inode), None when there is none."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def reason(exc: BaseException) -> str:
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
