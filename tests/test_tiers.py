"""The two test tiers (conftest.py at the root): `pytest` is fast and never executes a notebook or
starts a browser; `pytest --full` is everything but the Lite site, with strict nbval; the
cache provider stays on, so `pytest --lf` works."""

import functools
import importlib.util
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OPTIONS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"][
    "ini_options"
]


def root_conftest():
    spec = importlib.util.spec_from_file_location("root_conftest", ROOT / "conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@functools.cache
def collected(*args: str) -> list[str]:
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:randomly", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    return [line for line in r.stdout.splitlines() if "::" in line]


def test_the_fast_tier_is_the_default_and_the_full_tier_widens_it():
    args = shlex.split(OPTIONS["addopts"])
    assert args[args.index("-m") + 1] == root_conftest().FAST
    assert "--strict-markers" in args  # a heavy test's marker must be one of the registered
    assert "no:cacheprovider" not in OPTIONS["addopts"] and "--nbval" not in args
    assert ".pytest_cache/" in (ROOT / ".gitignore").read_text().split()
    registered = {m.split(":")[0] for m in OPTIONS["markers"]}
    assert {"slow", "browser", "lite"} <= registered


@pytest.mark.slow  # a pytest in a subprocess (16 s): the full tier checks what the fast one holds
def test_the_fast_tier_has_a_thousand_tests_and_no_notebook():
    fast = collected()
    assert len(fast) >= 1000, len(fast)
    assert not [t for t in fast if t.startswith("notebooks/")]
    assert not [t for t in fast if t.startswith("tests/test_browser.py")]
    assert not [t for t in fast if t.startswith("tests/test_lite.py::test_a_lesson_runs")]


@pytest.mark.slow
def test_the_full_tier_has_every_lesson_in_both_languages_and_the_slow_tests():
    fast, full = set(collected()), set(collected("--full"))
    assert fast < full
    lessons = {t.split("::")[0] for t in full if t.startswith("notebooks/")}
    shipped = {str(p.relative_to(ROOT)) for p in (ROOT / "notebooks").rglob("*.ipynb")}
    assert lessons == shipped
    assert any(t.startswith("tests/test_browser.py") for t in full)
    assert not any(t.startswith("tests/test_lite.py::test_a_lesson_runs") for t in full)


def test_contributing_names_every_test_file():
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    table = text.split("\n## Tests\n", 1)[1].split("\n## ", 1)[0]
    files = sorted(p.name for p in (ROOT / "tests").glob("test_*.py"))
    missing = [f for f in files if f"`{f}`" not in table and f"`tests/{f}`" not in table]
    assert not missing, f"CONTRIBUTING.md's tests table does not name {missing}"
