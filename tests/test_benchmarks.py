"""Every benchmark runs, at its smallest size: exit 0 and its figures printed (a smoke test, in the
full tier). The figures themselves are reported in closing notes, never asserted here."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).parent.parent / "benchmarks"
SMALLEST = {
    "bench_loop.py": ["--rounds", "1"],
    "bench_offline_api.py": ["--rounds", "1"],
    "bench_streaming.py": ["--rounds", "1"],
    "bench_grader.py": ["--rounds", "1"],
    "bench_glosses.py": ["--rounds", "1"],
    "bench_lessons.py": ["--smoke"],
    "bench_serve.py": ["--requests", "2", "--pairs", "1", "--loops", "1", "--clients", "1"],
}
FIGURE = re.compile(r"\d+\.\d+")


def test_every_benchmark_has_a_smallest_size():
    assert sorted(SMALLEST) == sorted(p.name for p in BENCH.glob("bench_*.py"))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SMALLEST))
def test_the_benchmark_runs_and_prints_its_figures(name):
    r = subprocess.run(
        [sys.executable, str(BENCH / name), *SMALLEST[name]],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stderr[-3000:]
    assert "Traceback" not in r.stderr, r.stderr[-3000:]
    figures = [line for line in r.stdout.splitlines() if FIGURE.search(line)]
    assert figures, r.stdout
