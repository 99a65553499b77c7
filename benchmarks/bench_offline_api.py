"""The offline API's per-request cost against the SDK's own floor, at 10-, 100- and 400-turn histories.

    python benchmarks/bench_offline_api.py [--rounds 15]
    python benchmarks/bench_offline_api.py --runaway 1000   # one loop that never stops, 1..N turns

The floor is a transport that only parses the request body (json.loads) and returns one fixed valid
Message: what the SDK itself costs per request. The offline API validates the request, reads the
conversation, decides, counts tokens and writes the reply. Both run behind the real
`anthropic.Anthropic` client, so the ratio is the offline API's overhead on top of the SDK's floor.
Each sample is a run of requests as an agent loop sends them: a history of N turns, then N+1, N+2 …
(each request resends the previous one and adds a turn). The median of interleaved rounds is kept.
Target: at most 1.2x the floor at every length.

--runaway N: the grader's runaway scenario's shape, a loop that never stops: N requests whose
histories grow from 1 to N turns, sent once through each client; the CPU seconds of the whole run.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import time

import anthropic
import httpx2

import agentkit
from agentkit.client import offline_api
from agentkit.sim import World

FIXED = {
    "id": "msg_fixed",
    "type": "message",
    "role": "assistant",
    "model": "claude-sonnet-4-6",
    "content": [{"type": "text", "text": "ok"}],
    "stop_reason": "end_turn",
    "stop_sequence": None,
    "usage": {"input_tokens": 1, "output_tokens": 1},
}


def floor_handler(request: httpx2.Request) -> httpx2.Response:
    json.loads(request.content)
    return httpx2.Response(200, json=FIXED)


def history(turns: int) -> list[dict]:
    """A valid conversation of `turns` tool rounds (order lookups), ending with a tool_result."""
    world = World()
    msgs: list[dict] = [
        {"role": "user", "content": "请逐个查询订单 A-1001 的状态，直到它变成 delivered。"}
    ]
    for i in range(turns):
        tid = f"toolu_{i:04d}"
        msgs.append(
            {
                "role": "assistant",
                "content": [
                    {
                        "type": "text",
                        "text": f"订单 A-1001 仍是 shipped，我再查一次（第 {i} 次）。",
                    },
                    {
                        "type": "tool_use",
                        "id": tid,
                        "name": "lookup_order",
                        "input": {"order_id": "A-1001"},
                    },
                ],
            }
        )
        result = json.dumps(
            world.orders["A-1001"] | {"order_id": "A-1001", "status": "shipped"}, ensure_ascii=False
        )
        msgs.append(
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": tid, "content": result}],
            }
        )
    return msgs


def client_for(handler) -> anthropic.Anthropic:
    return anthropic.Anthropic(
        api_key="bench",
        max_retries=0,
        http_client=httpx2.Client(transport=httpx2.MockTransport(handler)),
    )


def per_request(
    client: anthropic.Anthropic, messages: list[dict], turns: int, tools: list[dict], n: int
) -> float:
    """Mean CPU seconds per request over n requests with histories of turns, turns+1, … turns+n-1.
    CPU time of this process (everything runs in it), so other load on a shared machine does not count.
    The request before the first (turns-1) is sent untimed: a loop at turn N has sent turn N-1, so
    what is measured is the steady state, not the first look at a history it never saw."""
    client.messages.create(
        model=agentkit.default_model(),
        max_tokens=1024,
        tools=tools,
        messages=messages[: 1 + 2 * (turns - 1)],
    )
    start = time.process_time()
    for k in range(n):
        client.messages.create(
            model=agentkit.default_model(),
            max_tokens=1024,
            tools=tools,
            messages=messages[: 1 + 2 * (turns + k)],
        )
    return (time.process_time() - start) / n


def runaway(requests: int, tools: list[dict]) -> None:
    msgs = history(requests)
    gc.collect()
    gc.freeze()
    for name, handler in (("floor", floor_handler), ("offline", offline_api())):
        client = client_for(handler)
        start = time.process_time()
        for k in range(1, requests + 1):
            client.messages.create(
                model=agentkit.default_model(),
                max_tokens=1024,
                tools=tools,
                messages=msgs[: 1 + 2 * k],
            )
        print(f"runaway, {requests} requests: {name} {time.process_time() - start:.2f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--runaway", type=int, default=0, help="requests of one never-ending loop")
    args = parser.parse_args()
    tools = World().tools()
    if args.runaway:
        runaway(args.runaway, tools)
        return
    floor, offline = client_for(floor_handler), client_for(offline_api())
    print(f"{'turns':>6} {'floor ms':>9} {'offline ms':>11} {'ratio':>6} {'ratio of minima':>16}")
    for turns in (10, 100, 400):
        n = max(10, 400 // turns)
        msgs = history(turns + n)
        # The fixture (a history of up to 800 messages) and the imported modules are long-lived:
        # freeze them, so the cyclic GC's full collections (80 ms each here, landing at random in
        # either client's samples) measure neither the floor nor the offline API.
        gc.collect()
        gc.freeze()
        f, o = [], []
        for _ in range(args.rounds):
            f.append(per_request(floor, msgs, turns, tools, n))
            o.append(per_request(offline, msgs, turns, tools, n))
        fm, om = statistics.median(f) * 1e3, statistics.median(o) * 1e3
        best = min(o) / min(f)  # the least disturbed sample of each: robust on a shared machine
        print(f"{turns:>6} {fm:>9.2f} {om:>11.2f} {om / fm:>6.2f} {best:>16.2f}")


if __name__ == "__main__":
    main()
