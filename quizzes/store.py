"""Saved progress: every attempt in a small SQLite file in the user's data folder.

Where the file lives (first match wins):
1. the path given to ``open_store(path)`` (the CLI's ``--db``);
2. the environment variable ``AGENTLOOP_QUIZ_DB``;
3. the user's data folder + ``agentloop-workbook/quiz.sqlite3``: ``$XDG_DATA_HOME`` or
   ``~/.local/share`` on Linux, ``~/Library/Application Support`` on macOS, ``%APPDATA%`` on
   Windows.

A file that is not SQLite, or is SQLite with another schema, is never overwritten or deleted: it is
renamed to ``<name>.damaged-<UTC timestamp>``, a ``DamagedStoreWarning`` says what was found and
where it went, and a fresh store is started. ``Store.memory()`` keeps attempts in memory only.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import warnings
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

ENV_VAR = "AGENTLOOP_QUIZ_DB"
APP_DIR = "agentloop-workbook"
FILE_NAME = "quiz.sqlite3"
SCHEMA_VERSION = 1
MEMORY = ":memory:"

_COLUMNS = ("id", "session", "mode", "item_id", "chosen", "correct", "answered_at")
_SCHEMA = f"""
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
PRAGMA user_version = {SCHEMA_VERSION};
"""


class DamagedStoreWarning(UserWarning):
    """The progress file was unreadable and has been moved aside; a fresh one was started."""


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


class Store:
    """Attempts, stored as they happen. Use ``open_store()`` or ``Store.memory()``."""

    def __init__(self, path: str | os.PathLike = MEMORY):
        self.path = None if str(path) == MEMORY else Path(path)
        self.recovery: Recovery | None = None
        if self.path is None:
            self._db = self._connect(MEMORY)
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        problem = self._problem()
        if problem is not None:
            self.recovery = self._move_aside(problem)
        self._db = self._connect(self.path)

    @classmethod
    def memory(cls) -> Store:
        return cls(MEMORY)

    @staticmethod
    def _connect(target) -> sqlite3.Connection:
        db = sqlite3.connect(
            target, check_same_thread=False
        )  # widget callbacks may run on another thread
        if not db.execute("SELECT name FROM sqlite_master").fetchall():
            db.executescript(_SCHEMA)
        return db

    def _problem(self) -> str | None:
        """Why the existing file is not a usable store, or None (absent, empty or fine)."""
        if not self.path.exists() or self.path.stat().st_size == 0:
            return None
        try:
            db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True)
            try:
                tables = {
                    r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                }
                version = db.execute("PRAGMA user_version").fetchone()[0]
                columns = tuple(r[1] for r in db.execute("PRAGMA table_info(attempts)"))
                check = db.execute("PRAGMA quick_check").fetchone()[0]
            finally:
                db.close()
        except sqlite3.DatabaseError as exc:
            return f"it is not a readable SQLite database ({exc})"
        if check != "ok":
            return f"the SQLite database is corrupt ({check})"
        if "attempts" not in tables or columns != _COLUMNS or version != SCHEMA_VERSION:
            return (
                f"it is a SQLite database with another schema (tables: "
                f"{', '.join(sorted(tables)) or 'none'}; schema version {version}, "
                f"expected {SCHEMA_VERSION})"
            )
        return None

    def _move_aside(self, problem: str) -> Recovery:
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
            stacklevel=3,
        )
        return recovery

    # -- attempts ----------------------------------------------------------------------------------

    def record(self, *, item_id: str, mode: str, session: str, chosen: str, correct: bool) -> None:
        """Store one attempt now (committed at once, so nothing is lost on exit)."""
        with self._db:
            self._db.execute(
                "INSERT INTO attempts (session, mode, item_id, chosen, correct, answered_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    session,
                    mode,
                    item_id,
                    chosen,
                    int(correct),
                    datetime.now(UTC).isoformat(timespec="seconds"),
                ),
            )

    def attempts(self, item_id: str | None = None) -> list[Attempt]:
        """All attempts (or one item's), oldest first."""
        query = f"SELECT {', '.join(_COLUMNS)} FROM attempts"
        args: tuple = ()
        if item_id is not None:
            query, args = query + " WHERE item_id = ?", (item_id,)
        rows = self._db.execute(query + " ORDER BY id", args).fetchall()
        return [Attempt(*row[:5], bool(row[5]), row[6]) for row in rows]

    def latest(self) -> dict[str, Attempt]:
        """Each item's latest attempt."""
        return {a.item_id: a for a in self.attempts()}

    def wrong_item_ids(self) -> set[str]:
        """The items whose latest attempt was wrong (what review mode asks again)."""
        return {item_id for item_id, a in self.latest().items() if not a.correct}

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({'memory' if self.path is None else str(self.path)!r})"


def open_store(path: str | os.PathLike | None = None) -> Store:
    """Open the store at ``path``, else ``$AGENTLOOP_QUIZ_DB``, else the user data folder."""
    if path is None:
        path = default_path()
    return Store(path if str(path) == MEMORY else Path(path).expanduser())
