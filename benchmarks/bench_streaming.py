"""Per-turn cost of the study guide's refund loop, streamed against not streamed, on the offline API.

    python benchmarks/bench_streaming.py [--rounds 15]

The same three-request task (lookup_order, process_refund, the answer) runs with
`client.messages.create(...)` and with `client.messages.stream(...)` + `get_final_message()`; the
difference is what streaming costs: the events written and parsed, the message accumulated by the SDK.
Interleaved rounds, the median kept.
"""

from __future__ import annotations

import argparse
import statistics
import time

import agentkit
from agentkit import World
from agentkit.lessons import sdk as surface

TASK = "订单 A-1001 的商品坏了，请帮我退款。"


def loop(stream: bool) -> int:
    """The lesson's loop (agentkit.lessons.sdk.streaming_loop) on a fresh offline client; returns its turns."""
    world = World()
    client = agentkit.make_client(offline=True, world=world)
    messages = surface.streaming_loop(
        client, TASK, world.tools(), world.run_tool, on_text=lambda _: None, stream=stream
    )
    return len(messages) // 2


def per_turn(stream: bool, repeat: int = 10) -> float:
    start, turns = time.process_time(), 0  # CPU time: other load on the machine does not count
    for _ in range(repeat):
        turns += loop(stream)
    return (time.process_time() - start) / turns


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    plain, streamed = [], []
    for _ in range(args.rounds):
        plain.append(per_turn(False))
        streamed.append(per_turn(True))
    p, s = statistics.median(plain) * 1e3, statistics.median(streamed) * 1e3
    print(f"per turn: create {p:.2f} ms, stream {s:.2f} ms ({s / p:.2f}x)")


if __name__ == "__main__":
    main()
