"""How fast is check_loop, and how many bugs does it catch?

    python benchmarks/bench_grader.py                 # speed: the whole battery, per loop
    python benchmarks/bench_grader.py --catalogue     # + bugs caught, now and by the grader at REV
    python benchmarks/bench_grader.py --catalogue --old c03bc1f

Speed: the whole battery (every scenario) for one loop, median of --rounds runs (one seed
each), wall and CPU seconds, for the reference loop, a specimen with a 30-request cap, a loop with
its own hooks, and the worst case (no cap: stopped by the runaway budget at RUNAWAY_LIMIT + 1 =
1,001 requests of a growing history; the grader's client serialises each message once, see
agentkit/grading/graded_client.py). Target (issue 35): under 1 CPU-second for a correct loop with
a cap up to 60; the worst case is shown, with its runaway scenario alone.

Catalogue: every specimen in agentkit.antipatterns is a loop a reviewer would reject. A grader
"misses" a specimen when it gives it a full score. The old grader is read from git at --old
(the grader before issue 13) and run on the same specimens.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from agentkit import antipatterns, run_agent_loop  # noqa: E402
from agentkit.grading import RUNAWAY_LIMIT, SCENARIOS, check_loop, reference_loop  # noqa: E402
from agentkit.tools import LookupBeforeRefund, RefundCap  # noqa: E402


def with_hooks(client, messages, *, tools, run_tool, model):
    hooks = [RefundCap(500.0), LookupBeforeRefund()]
    return run_agent_loop(
        client, messages, tools, run_tool=run_tool, model=model, hooks=hooks
    ).messages


def battery_seconds(fn, rounds: int, scenarios=None) -> tuple[float, float]:
    """The median wall and CPU seconds (this process's, every thread: the loop runs on one of
    its own) of grading `fn`; on a shared machine the CPU time is the steadier figure."""
    times, cpu = [], []
    for seed in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        check_loop(fn, scenarios, seed=seed)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(times), statistics.median(cpu)


def old_grader(rev: str) -> types.ModuleType:
    """agentkit/grading.py as it was at `rev`, loaded as a module of today's package."""
    source = subprocess.run(
        ["git", "show", f"{rev}:agentkit/grading.py"], cwd=ROOT, capture_output=True, text=True
    )
    if source.returncode:
        sys.exit(f"cannot read agentkit/grading.py at {rev}: {source.stderr.strip()}")
    module = types.ModuleType("agentkit._grading_then")
    module.__package__ = "agentkit"
    sys.modules[module.__name__] = module
    exec(compile(source.stdout, f"{rev}:agentkit/grading.py", "exec"), module.__dict__)
    return module


def catalogue(rev: str) -> None:
    then = old_grader(rev)
    missed_now, missed_then = [], []
    for name, (_, fn) in antipatterns.SPECIMENS.items():
        if check_loop(fn, name=name).passed:
            missed_now.append(name)
        if then.check_loop(fn, name=name).passed:
            missed_then.append(name)
    n = len(antipatterns.SPECIMENS)
    print(f"\nbug catalogue: {n} specimens (loops a reviewer would reject)")
    print(f"  grader at {rev}: full score for {len(missed_then)} of {n}: {', '.join(missed_then)}")
    print(
        f"  grader now:      full score for {len(missed_now)} of {n}: {', '.join(missed_now) or '-'}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="seeds per loop (median)")
    parser.add_argument("--catalogue", action="store_true", help="count the bugs caught")
    parser.add_argument("--old", default="c03bc1f", help="the revision of the old grader")
    args = parser.parse_args(argv)
    loops = {
        "reference_loop": reference_loop,
        "with_hooks (RefundCap, LookupBeforeRefund)": with_hooks,
        "silent_cap (30-request cap)": antipatterns.silent_cap,
        f"no_safety_net (stopped at {RUNAWAY_LIMIT + 1})": antipatterns.no_safety_net,
    }
    print(
        f"whole battery ({len(SCENARIOS)} scenarios) for one loop, median of {args.rounds} seeds"
        " (wall, CPU):"
    )
    for name, fn in loops.items():
        wall, cpu = battery_seconds(fn, args.rounds)
        print(f"  {name:<44} {wall:.2f} s  {cpu:.2f} s CPU")
    runaway = [s for s in SCENARIOS if s.key == "runaway"]
    wall, cpu = battery_seconds(antipatterns.no_safety_net, args.rounds, runaway)
    print(f"  {'of which no_safety_net on runaway alone':<44} {wall:.2f} s  {cpu:.2f} s CPU")
    if args.catalogue:
        catalogue(args.old)
    return 0


if __name__ == "__main__":
    sys.exit(main())
