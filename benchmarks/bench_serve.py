"""`python -m agentkit serve` under load: throughput and p50/p95 latency at 1 and 30 concurrent clients.

    python benchmarks/bench_serve.py [--requests 20]

The server runs in this process on a free loopback port (agentkit.serve.Background); each client is a
plain `anthropic.Anthropic(base_url=…)` with its own API key (its own world), in its own thread, and
sends the guide's first request `--requests` times. Latency is measured per request around the SDK
call, so it includes the SDK's own work, HTTP on loopback and the server.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ThreadPoolExecutor

import anthropic

import agentkit
from agentkit import World
from agentkit.serve import Background

TASK = [{"role": "user", "content": "订单 A-1001 的商品坏了，请帮我退款。"}]


def client_run(url: str, key: str, n: int, stream: bool) -> list[float]:
    client = anthropic.Anthropic(base_url=url, api_key=key, max_retries=0)
    kw = {
        "model": agentkit.default_model(),
        "max_tokens": 1024,
        "tools": World().tools(),
        "messages": TASK,
    }
    out = []
    for _ in range(n):
        start = time.perf_counter()
        if stream:
            with client.messages.stream(**kw) as s:
                s.get_final_message()
        else:
            client.messages.create(**kw)
        out.append(time.perf_counter() - start)
    return out


def measure(url: str, clients: int, n: int, stream: bool) -> str:
    start = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        runs = pool.map(
            lambda i: client_run(url, f"bench-{clients}-{i}", n, stream), range(clients)
        )
        latencies = sorted(x for run in runs for x in run)
    wall = time.perf_counter() - start
    p50 = statistics.median(latencies) * 1e3
    p95 = latencies[int(0.95 * (len(latencies) - 1))] * 1e3
    kind = "stream" if stream else "json  "
    return f"{clients:>2} clients {kind}: {len(latencies) / wall:7.1f} req/s, p50 {p50:6.1f} ms, p95 {p95:6.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=20, help="requests per client")
    args = parser.parse_args()
    with Background() as server:
        for clients in (1, 30):
            for stream in (False, True):
                print(measure(server.url, clients, args.requests, stream))


if __name__ == "__main__":
    main()
