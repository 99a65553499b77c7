"""One battery cache for the whole test session, shared by every test file that grades a loop.

`graded(fn, scenarios, seed=, lang=, name=)` runs `check_loop` once per (loop, scenarios, seed,
language, name, the runaway limit in force: conftest.py lowers it to LOWERED_LIMIT unless a test
is marked `budget`) and hands the same report to every later caller (conftest.py's `battery` fixture
is this function). A specimen that leaks state between runs (a mutable default history) starts
clean. Grade without the cache where the run itself is under test (a loop that changes the world's
defaults, the next run after a hostile one)."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache
from typing import Any

from agentkit.grading import SCENARIOS, Scenario, check_loop, runner
from agentkit.grading.report import Report

BY_KEY = {s.key: s for s in SCENARIOS}


@contextmanager
def language(lang: str) -> Iterator[None]:
    """AGENTKIT_LANG=lang for a block (a cached battery outlives one test's monkeypatch)."""
    before = os.environ.get("AGENTKIT_LANG")
    os.environ["AGENTKIT_LANG"] = lang
    try:
        yield
    finally:
        os.environ.pop("AGENTKIT_LANG")
        if before is not None:
            os.environ["AGENTKIT_LANG"] = before


def graded(
    fn: Any,
    scenarios: Sequence[Scenario | str] | None = None,
    *,
    seed: int = 0,
    lang: str | None = None,
    name: str | None = None,
) -> Report:
    keys = None if scenarios is None else tuple(getattr(s, "key", s) for s in scenarios)
    lang = lang or os.environ.get("AGENTKIT_LANG") or "zh"
    return _graded(fn, keys, seed, lang, name, runner.LIMIT)


@cache
def _graded(
    fn: Any, keys: tuple[str, ...] | None, seed: int, lang: str, name: str | None, limit: int
):
    """One battery per (loop, scenarios, seed, language, name, the runaway limit in force)."""
    (getattr(fn, "__kwdefaults__", None) or {}).get("history", []).clear()
    scenarios = None if keys is None else [BY_KEY[k] for k in keys]
    with language(lang):
        return check_loop(fn, scenarios, seed=seed, name=name, limit=limit)
