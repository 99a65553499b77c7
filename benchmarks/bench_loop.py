"""Per-turn cost of the reference loop against bare `messages.create` and the SDK's tool runner.

    python benchmarks/bench_loop.py [--rounds 30]

All three drive the same offline transport with the same task (the study guide's refund: 3 requests),
so the difference is the loop's own overhead. Timings are interleaved and the median of rounds is kept.
Also reports the peak Python memory (tracemalloc) of one 200-turn run.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import tracemalloc

from anthropic import beta_tool

import agentkit
from agentkit import World, make_client, run_agent_loop

TASK = [{"role": "user", "content": "订单 A-1001 的商品坏了，请帮我退款。"}]
REPEAT = 10  # tasks per timed sample


def loop_once() -> int:
    world = World()
    return run_agent_loop(
        make_client(offline=True, world=world), TASK, world.tools(), run_tool=world.run_tool
    ).turns


def recorded_requests() -> list[dict]:
    client = make_client(offline=True)
    world = client.offline.world
    run_agent_loop(client, TASK, world.tools(), run_tool=world.run_tool)
    return list(client.offline.log)


def bare_once(requests: list[dict]) -> int:
    client = make_client(
        offline=True
    )  # the same requests the loop sent, without the loop around them
    for body in requests:
        client.messages.create(**body)
    return len(requests)


def runner_once() -> int:
    world = World()

    # A tool returns what a real tool returns: JSON text. (A dict would go out as the list of its
    # keys: the SDK turns any non-string iterable into content blocks, and the API refuses them.)
    @beta_tool
    def lookup_order(order_id: str) -> str:
        """按订单号查询订单状态。

        Args:
            order_id: 形如 A-1001
        """
        return json.dumps(
            world.run_tool("lookup_order", {"order_id": order_id}), ensure_ascii=False
        )

    @beta_tool
    def process_refund(order_id: str, amount: float) -> str:
        """为已确认的订单发起退款。

        Args:
            order_id: 来自 lookup_order 的结果
            amount: 来自 lookup_order 的结果
        """
        refund = world.run_tool("process_refund", {"order_id": order_id, "amount": amount})
        return json.dumps(refund, ensure_ascii=False)

    client = make_client(offline=True, world=world)
    runner = client.beta.messages.tool_runner(
        model=agentkit.default_model(),
        max_tokens=1024,
        messages=TASK,
        tools=[lookup_order, process_refund],
        thread=False,
    )
    turns = sum(1 for _ in runner)
    if not any(e["tool"] == "process_refund" for e in world.effects):  # measure the task, done
        raise RuntimeError(f"the tool runner did not refund after {turns} turns")
    return turns


def per_turn(fn, *args) -> float:
    start, turns = time.perf_counter(), 0
    for _ in range(REPEAT):
        turns += fn(*args)
    return (time.perf_counter() - start) / turns


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=30)
    args = ap.parse_args()
    requests = recorded_requests()
    samples = {"bare create": [], "run_agent_loop": [], "tool_runner(thread=False)": []}
    for fn, _name in [
        (bare_once, "bare create"),
        (loop_once, "run_agent_loop"),
        (runner_once, "tool_runner(thread=False)"),
    ]:
        fn(*([requests] if fn is bare_once else []))  # warm-up
    for _ in range(args.rounds):  # interleaved, so drift hits all three alike
        samples["bare create"].append(per_turn(bare_once, requests))
        samples["run_agent_loop"].append(per_turn(loop_once))
        samples["tool_runner(thread=False)"].append(per_turn(runner_once))
    med = {k: statistics.median(v) for k, v in samples.items()}
    print(f"per-turn time, median of {args.rounds} rounds x {REPEAT} tasks (3 requests each):")
    for k, v in med.items():
        print(f"  {k:28s} {v * 1e3:7.3f} ms/turn   {v / med['bare create']:.3f}x bare create")
    print(
        f"  run_agent_loop / tool_runner = {med['run_agent_loop'] / med['tool_runner(thread=False)']:.3f}"
    )

    world = World(transitions={"A-1002": ["shipped"] * 199 + ["delivered"]})
    client = make_client(offline=True, world=world)
    tracemalloc.start()
    t0 = time.perf_counter()
    result = run_agent_loop(
        client,
        [{"role": "user", "content": "帮我盯着订单 A-1002，直到它签收再退款"}],
        world.tools(),
        run_tool=world.run_tool,
        max_turns=250,
    )
    elapsed = time.perf_counter() - t0
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"200-turn run: {result.turns} turns, exit={result.exit}, {elapsed:.2f} s, "
        f"peak traced memory {peak / 2**20:.1f} MiB"
    )


if __name__ == "__main__":
    main()
