"""The scoreboard of every specimen, computed once and stored with the workbook.

Grading the reference loop and every specimen on every scenario takes about a minute; a lesson
that shows the board reads it from `scoreboard.json` (next to this module) instead, in the
lesson's language. The file records a fingerprint of everything the board depends on (agentkit's
sources that grading reaches, and the SDK's version): when any of it changes, the stored board
is not used (`scoreboard()` grades live) and `tests/test_scoreboard_store.py` fails until it is
regenerated:

    python scripts/store_scoreboard.py
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import anthropic

from ..antipatterns import SPECIMENS
from ..i18n import LANGUAGES, current_language, pinned
from .report import Report, ScenarioResult, Scoreboard, check_loop, reference_loop

PATH = Path(__file__).with_name("scoreboard.json")
PACKAGE = Path(__file__).resolve().parent.parent
# agentkit's modules that grading never reaches (the lessons' helpers, the HTTP server, the
# command-line tools): editing them leaves the board as it is
UNREACHED = ("lessons", "serve.py", "upstream.py", "doctor.py", "background.py", "__main__.py")
REGENERATE = "python scripts/store_scoreboard.py"


def loops() -> dict[str, Callable[..., Any]]:
    """Every loop the store holds, by name: the reference loop and every specimen."""
    return {"reference_loop": reference_loop, **{k: fn for k, (_, fn) in SPECIMENS.items()}}


def depended_on() -> Iterator[Path]:
    """The source files the board depends on, in a stable order."""
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).parts[0] not in UNREACHED:
            yield path


def fingerprint() -> str:
    """A hash of the sources the board depends on (line endings ignored) and the SDK's version;
    read again only when a file's size or modification time says it changed."""
    paths = list(depended_on())
    return _fingerprint(tuple((p, p.stat().st_mtime_ns, p.stat().st_size) for p in paths))


@cache
def _fingerprint(files: tuple[tuple[Path, int, int], ...]) -> str:
    h = hashlib.sha256(f"anthropic {anthropic.__version__}\n".encode())
    for path, _, _ in files:
        h.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0")
        h.update(path.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return h.hexdigest()


@cache
def _load(stamp: str) -> dict[str, dict[str, Any]] | None:
    try:
        data = json.loads(PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data["boards"] if data.get("fingerprint") == stamp else None


def stored_report(name: str, fn: Callable[..., Any], lang: str) -> Report | None:
    """The stored seed-0 report of loop `name` in `lang`, when `fn` is the loop stored under that
    name and the store is current; else None (grade it live)."""
    if loops().get(name) is not fn:
        return None
    boards = _load(fingerprint())
    data = boards and boards.get(lang, {}).get(name)
    if not data:
        return None
    results = [
        ScenarioResult(r["key"], r["title"], r["passed"], r["problems"], r["requests"], r["notes"])
        for r in data["results"]
    ]
    return Report(name, results, 0)


def board(lang: str) -> dict[str, Any]:
    """Every stored loop graded at seed 0 in `lang`: one language's part of the store."""
    with pinned(lang):
        return {name: _as_data(check_loop(fn, name=name)) for name, fn in loops().items()}


def compute(
    boards: Callable[[list[str]], list[dict[str, Any]]] | None = None,
) -> dict[str, Any]:
    """The store's content: `boards` grades each language's board (default: one after the other;
    the script runs them in processes of their own), stamped with the fingerprint of the sources
    it was graded with (an edit meanwhile: a RuntimeError)."""
    stamp = fingerprint()
    langs = list(LANGUAGES)
    graded = boards(langs) if boards else [board(lang) for lang in langs]
    if fingerprint() != stamp:
        raise RuntimeError("agentkit's sources changed while the board was graded: run it again")
    return {"fingerprint": stamp, "boards": dict(zip(langs, graded, strict=True))}


def _as_data(report: Report) -> dict[str, Any]:
    keep = ("key", "title", "passed", "problems", "notes", "requests")
    return {"results": [{k: r[k] for k in keep} for r in report.as_data()["results"]]}


def write(data: dict[str, Any] | None = None) -> Path:
    """Write the store (one loop a line, so a change reads as a diff of the loops it touched)."""
    data = data or compute()
    lines = [f'{{"fingerprint": {json.dumps(data["fingerprint"])}, "boards": {{']
    for i, (lang, board) in enumerate(data["boards"].items()):
        lines.append(f"{json.dumps(lang)}: {{")
        rows = [f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in board.items()]
        lines.append(",\n".join(rows))
        lines.append("}" + ("," if i < len(data["boards"]) - 1 else ""))
    lines.append("}}")
    PATH.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _load.cache_clear()
    return PATH


def scoreboard(
    loops: dict[str, Callable[..., Any]] | None = None,
    *,
    families: tuple[str, ...] | None = None,
    seed: int = 0,
    stored: bool = True,
) -> Scoreboard:
    """Every loop against every scenario. By default: the reference loop and every specimen, or
    the specimens of the named families ("termination", "history", "stop_reason", "safety_net",
    "results", "errors", "control", "request"). At seed 0 the reference loop's and the specimens'
    reports come from the board stored with the workbook (`stored`: graded once, and used only
    while everything it depends on is unchanged); `stored=False` grades every loop now."""
    if loops is None:
        chosen = {
            k: fn for k, (family, fn) in SPECIMENS.items() if families is None or family in families
        }
        loops = {"reference_loop": reference_loop, **chosen}
    lang, reports, all_stored = current_language(), [], stored and not seed
    for name, fn in loops.items():
        report = stored_report(name, fn, lang) if stored and not seed else None
        all_stored = all_stored and report is not None
        reports.append(report or check_loop(fn, name=name, seed=seed))
    return Scoreboard(reports, stored=all_stored)
