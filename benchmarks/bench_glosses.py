"""What the dictionary's glosses (`agentkit.sim.glosses`, CC-CEDICT's data) cost.

    python benchmarks/bench_glosses.py [--rounds 20]

1. Loading: the wall time of the first lookup (the dictionary read and indexed, once a process) and
   the process's resident memory (VmRSS) before and after it.
2. Per request: a Chinese request against English tools through the offline client (the SDK on the
   offline API), with the glosses and with the concept table alone (the dictionary emptied), in
   alternating rounds; the medians per request and their ratio.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import agentkit
from agentkit.sim import glosses

TOOLS = [
    {
        "name": "reserve_skates",
        "description": "Reserve rental skates at the rink.",
        "input_schema": {
            "type": "object",
            "properties": {"size": {"type": "integer"}},
            "required": ["size"],
        },
    },
    {
        "name": "get_rink_hours",
        "description": "Opening hours of the rink.",
        "input_schema": {"type": "object", "properties": {}},
    },
]
PROMPT = "帮我租一双冰鞋，39码"


def rss_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def one_request(client) -> float:
    start = time.perf_counter()
    client.messages.create(
        model="claude-sonnet-4-6",
        max_tokens=256,
        tools=TOOLS,
        messages=[{"role": "user", "content": PROMPT}],
    )
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=20)
    rounds = ap.parse_args().rounds
    client = agentkit.make_client(offline=True)
    before = rss_mib()
    start = time.perf_counter()
    entries = glosses._entries()
    load = time.perf_counter() - start
    print(
        f"load: {load * 1000:.1f} ms for {len(entries)} entries; "
        f"resident memory {before:.1f} -> {rss_mib():.1f} MiB"
    )
    one_request(client)  # (the SDK's lazy parts built before the clock)
    full = glosses._entries
    with_glosses, table_only = [], []
    for _ in range(rounds):
        with_glosses.append(one_request(client))
        glosses._entries = lambda: {}  # type: ignore[method-assign]  # the concept table alone
        try:
            table_only.append(one_request(client))
        finally:
            glosses._entries = full  # type: ignore[method-assign]
    a, b = statistics.median(with_glosses), statistics.median(table_only)
    print(
        f"per request: {a * 1000:.2f} ms with glosses, {b * 1000:.2f} ms with the table alone "
        f"(ratio {a / b:.2f}, median of {rounds})"
    )


if __name__ == "__main__":
    main()
