"""Which sessions are live: each running session holds a lock on one byte of a lock file beside the
store, which the OS releases when its process ends, even on kill -9. A session left "running" whose
byte nobody holds was killed. POSIX only (fcntl); elsewhere killed sessions stay "running"."""

from __future__ import annotations

import contextlib
import hashlib
from pathlib import Path
from types import ModuleType
from typing import Any

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


def _lock_file(store: Path):
    """The process's one handle on ``<store>-sessions.lock`` (POSIX drops a process's locks when
    any of its handles on the file closes, so it is opened once and kept open)."""
    key = store.resolve()
    if key not in _LOCK_FILES:
        _LOCK_FILES[key] = open(store.with_name(store.name + "-sessions.lock"), "a+b")
    return _LOCK_FILES[key]


def hold(store: Path | None, session: str) -> None:
    """This process runs ``session`` of the store at ``store`` (None: in memory, no lock)."""
    _OWN_SESSIONS.add(session)
    if fcntl is None or store is None:
        return
    with contextlib.suppress(OSError):  # no lock file (a read-only folder): no lock either
        fcntl.lockf(_lock_file(store), fcntl.LOCK_EX | fcntl.LOCK_NB, 1, _slot(session))


def release(session: str) -> None:
    """``session`` is over (its lock goes with the process, or is taken by the next session)."""
    _OWN_SESSIONS.discard(session)


def dead(store: Path | None, running: list[str]) -> list[str]:
    """Of the sessions marked running, those whose process is gone (nobody holds their byte)."""
    if fcntl is None or store is None:
        return []
    gone = []
    for session in running:
        if session in _OWN_SESSIONS:
            continue
        try:
            locks = _lock_file(store)
        except OSError:  # a read-only folder: which sessions are live cannot be told
            return []
        try:
            fcntl.lockf(locks, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, _slot(session))
        except OSError:
            continue  # its process still holds it: a live session
        fcntl.lockf(locks, fcntl.LOCK_UN, 1, _slot(session))
        gone.append(session)
    return gone


def _slot(session: str) -> int:
    """The byte of the lock file that stands for ``session`` (locks need no bytes on disk)."""
    return int.from_bytes(hashlib.blake2b(session.encode(), digest_size=5).digest(), "big")
