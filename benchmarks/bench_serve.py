"""`python -m agentkit serve` against the in-process offline API, in one run, with clients in separate
processes; then a class simulation and the server's memory.

    python benchmarks/bench_serve.py [--clients 1,30,100] [--requests 30] [--pairs 5] [--loops 60]
                                     [--candidates uvicorn-httptools,uvicorn-h11]
                                     [--parts requests,class,stall]

1. Per-request cost: C client processes (C = 1, 30, 100, forked from this one after `anthropic` is
   imported, started together) each send the guide's first request `--requests` times, JSON and
   streamed. In-process, each client is `agentkit.make_client(offline=True)` (the SDK on the offline
   API's MockTransport, in the client's own process); served, each is a plain
   `anthropic.Anthropic(base_url=…)` with its own key, against one `python -m agentkit serve`
   subprocess. Cost per request = wall time / requests (all clients together), so it includes the
   SDK's own work, and for serve loopback HTTP and the server; and CPU per request = the CPU time
   the clients spent in their requests (not setting up: each client's first request, which opens
   its connection and builds the SDK's lazy parts, is sent before the clock starts, in-process and
   served alike) plus the server's, / requests, which other work on a shared machine disturbs less
   than wall time. The clients are forked after `gc.freeze()`, as
   the gc module's documentation advises for fork without exec: a child's first full collection
   would otherwise walk (and copy) every object inherited from this process, a cost of the
   harness, not of a request. p50/p95 are per request; errors are counted (any exception).
   On a shared virtual machine one measurement moves by 20% from run to run, so each figure is
   measured `--pairs` times, in-process and served alternating, and the median of the ratios is
   given with their range.
   The API's own CPU: in-process, the time the clients' threads spent inside the offline API
   (`OfflineAPI.__call__`, timed in each client process); served, all the CPU of the server
   process (its HTTP, event loop and API), per request. This is the API's cost with and without
   serve, before the SDK's own HTTP stack, which the whole-request figures include.
   The floor, a control: the same clients against a server that does nothing but answer every
   request with the same bytes (the offline API's answer to this request, made once before the
   clock), on the same event loop and parser as serve. What it costs above in-process is what a
   real socket and the SDK's HTTP stack cost, before any server does any work; each server's CPU
   (and wall time) over the floor's in the same pair is what issue #38 holds (at most 1.2x).
   Candidates (issue #32: one maintained HTTP stack?): the same API as an ASGI app on uvicorn, with
   its httptools or its h11 protocol, measured beside serve in the same pairs.
2. Class simulation: 30 keys, each running the guide's 3-turn refund loop `--loops` times back to back
   (a 30-minute class, one loop a student every 30 s, is 60 loops: compressed in time, with no pauses
   between loops). The server's resident memory (VmRSS) is read after each tenth of the run.
3. Stall: another key's slowest small request while one key's 30 MB body is handled, over its
   slowest while the same body is only parsed in a process apart from the server (the control),
   and over its slowest in as long a time just after, `--pairs` times.
"""

from __future__ import annotations

import argparse
import gc
import json
import multiprocessing as mp
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import anthropic
import httpx2

import agentkit
from agentkit import World

TASK = [{"role": "user", "content": "订单 A-1001 的商品坏了，请帮我退款。"}]
FORK = mp.get_context("fork")


def request_kw() -> dict:
    return {
        "model": agentkit.default_model(),
        "max_tokens": 1024,
        "tools": World().tools(),
        "messages": TASK,
    }


def client_for(url: str | None, key: str) -> anthropic.Anthropic:
    if url is None:
        return agentkit.make_client(offline=True, max_retries=0)
    return anthropic.Anthropic(base_url=url, api_key=key, max_retries=0)


API_CPU = [0.0]  # in an in-process client: the CPU its offline API took (OfflineAPI.__call__)


def timed_api() -> None:
    """In this (forked) client process only: count the CPU the in-process API takes."""
    from agentkit.offline import OfflineAPI

    answer = OfflineAPI.__call__

    def timed(self, request):
        t = time.thread_time()
        try:
            return answer(self, request)
        finally:
            API_CPU[0] += time.thread_time() - t

    OfflineAPI.__call__ = timed  # type: ignore[method-assign]


def one_client(url, key, n, stream, start, out) -> None:
    if url is None:
        timed_api()
    client, kw = client_for(url, key), request_kw()
    latencies, errors = [], 0
    send(client, kw, stream)  # the client's one-time set-up (connection, lazy SDK parts) first
    start.wait()
    API_CPU[0] = 0.0
    cpu = time.process_time()  # the requests' CPU, not the client's set-up (TLS context, fork)
    for _ in range(n):
        t = time.perf_counter()
        try:
            send(client, kw, stream)
            latencies.append(time.perf_counter() - t)
        except Exception:
            errors += 1
    out.put((latencies, errors, time.process_time() - cpu, API_CPU[0]))


def send(client: anthropic.Anthropic, kw: dict, stream: bool) -> None:
    if stream:
        with client.messages.stream(**kw) as s:
            s.get_final_message()
    else:
        client.messages.create(**kw)


def cpu_seconds(pid: int | None) -> float:
    """CPU time (user + system) of a running process, from /proc; 0 for None."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(url: str | None, clients: int, n: int, stream: bool, server: int | None = None) -> dict:
    start, out = FORK.Event(), FORK.Queue()
    server_cpu = cpu_seconds(server)
    procs = [
        FORK.Process(target=one_client, args=(url, f"bench-{clients}-{i}", n, stream, start, out))
        for i in range(clients)
    ]
    gc.freeze()  # the children's collections leave the parent's objects alone (no copy-on-write)
    for p in procs:
        p.start()
    gc.unfreeze()
    time.sleep(0.5 + clients * 0.02)  # every child is forked and waiting
    t0 = time.perf_counter()
    start.set()
    results = [out.get() for _ in procs]
    wall = time.perf_counter() - t0
    for p in procs:
        p.join()
    server_cpu = cpu_seconds(server) - server_cpu
    cpu = sum(c for _, _, c, _ in results) + server_cpu
    api_cpu = sum(a for *_, a in results) if server is None else server_cpu
    latencies = sorted(x for run, *_ in results for x in run)
    done = len(latencies)
    return {
        "cost_ms": wall / max(done, 1) * 1e3,
        "cpu_ms": cpu / max(done, 1) * 1e3,
        "api_ms": api_cpu / max(done, 1) * 1e3,  # served: all of the server's CPU
        "p50": statistics.median(latencies) * 1e3 if latencies else float("nan"),
        "p95": latencies[int(0.95 * (done - 1))] * 1e3 if latencies else float("nan"),
        "errors": sum(e for _, e, *_ in results),
        "requests": done,
    }


def start_server(*command: str) -> tuple[subprocess.Popen, str]:
    """`python -m agentkit serve` on a free port (or `command`, which prints the same banner)."""
    proc = subprocess.Popen(
        [sys.executable, *(command or ("-m", "agentkit", "serve")), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    for _ in range(5):
        line = proc.stdout.readline()
        if line.startswith("export ANTHROPIC_BASE_URL="):
            return proc, line.strip().split("=", 1)[1]
    raise RuntimeError("the server did not start")


def floor_server(port: int) -> None:
    """The floor (a control, not a model): every POST is answered with the same bytes, the offline
    API's answer to the guide's first request (JSON or streamed, as the body asks), made once
    before serving; on serve's event loop and HTTP parser, with the same framing."""
    import asyncio

    import httptools

    from agentkit import serve
    from agentkit.offline.api import OfflineAPI
    from agentkit.sim import SimulatedClaude

    headers = {"x-api-key": "floor", "anthropic-version": "2023-06-01"}
    api = OfflineAPI(SimulatedClaude(World()))
    canned = {}
    for stream in (False, True):
        body = json.dumps({**request_kw(), "stream": stream}).encode()
        answer = api.handle("POST", "/v1/messages", body, headers)
        if stream:
            events = b"".join(answer.events or [])
            head = b"content-type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n"
            payload = b"%x\r\n%s\r\n0\r\n\r\n" % (len(events), events)
        else:
            payload = answer.encoded()
            head = b"content-type: application/json\r\ncontent-length: %d\r\n\r\n" % len(payload)
        canned[stream] = b"HTTP/1.1 200 OK\r\nrequest-id: req_floor\r\n" + head + payload

    class Canned(asyncio.Protocol):
        def connection_made(self, transport) -> None:
            self.transport, self.parser, self.chunks = (
                transport,
                httptools.HttpRequestParser(self),
                [],
            )

        def data_received(self, data: bytes) -> None:
            self.parser.feed_data(data)

        def on_body(self, chunk: bytes) -> None:
            self.chunks.append(chunk)

        def on_message_complete(self) -> None:
            stream = bool(json.loads(b"".join(self.chunks) or b"{}").get("stream"))
            self.chunks = []
            self.transport.write(canned[stream])

    async def main() -> None:
        loop, stop = asyncio.get_running_loop(), asyncio.Event()
        loop.add_signal_handler(signal.SIGINT, stop.set)
        server = await loop.create_server(Canned, "127.0.0.1", port)
        print(f"export ANTHROPIC_BASE_URL=http://127.0.0.1:{server.sockets[0].getsockname()[1]}")
        sys.stdout.flush()
        await stop.wait()

    serve.run(main())


def uvicorn_server(port: int, http: str) -> None:
    """A candidate stack (issue #32): serve's API behind uvicorn (`http`: its httptools or h11
    protocol) as an ASGI app, each key its own API as serve's; measured beside serve, not shipped."""
    import uvicorn

    from agentkit.serve import KeyedAPIs, api_key

    apis = KeyedAPIs()

    async def app(scope, receive, send) -> None:
        headers: dict[str, str] = {}
        for name, value in scope["headers"]:
            key, text = name.decode("latin-1"), value.decode("latin-1")
            headers[key] = f"{headers[key]}, {text}" if key in headers else text
        chunks, more = [], True
        while more:
            message = await receive()
            chunks.append(message.get("body", b""))
            more = message.get("more_body", False)
        key = api_key(headers) or ""
        api = apis.for_key(key)
        query = scope["query_string"].decode("latin-1")
        target = scope["path"] + ("?" + query if query else "")
        answer = api.handle(scope["method"], target, b"".join(chunks), headers)
        if answer.status < 400:
            apis.keep(key, api)
        if answer.events is None:
            body, kind = answer.encoded(), b"application/json"
        else:
            body, kind = b"".join(answer.events), b"text/event-stream"
        out = [(k.encode(), v.encode()) for k, v in answer.headers.items()]
        out.append((b"content-type", kind))
        await send({"type": "http.response.start", "status": answer.status, "headers": out})
        await send({"type": "http.response.body", "body": body})

    import socket

    sock = socket.create_server(("127.0.0.1", port))
    print(f"export ANTHROPIC_BASE_URL=http://127.0.0.1:{sock.getsockname()[1]}", flush=True)
    config = uvicorn.Config(
        app, http=http, loop="uvloop", lifespan="off", access_log=False, log_level="warning"
    )
    uvicorn.Server(config).run(sockets=[sock])


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def student(url, key, loops, tick, out) -> None:
    """The guide's 3-turn refund loop, `loops` times; a tick on `tick` after each loop."""
    client, errors = anthropic.Anthropic(base_url=url, api_key=key, max_retries=0), 0
    for _ in range(loops):
        world, messages = World(), list(TASK)
        try:
            for _turn in range(5):
                r = client.messages.create(**{**request_kw(), "messages": messages})
                messages.append({"role": "assistant", "content": r.content})
                calls = [b for b in r.content if b.type == "tool_use"]
                if not calls:
                    break
                messages.append(
                    {
                        "role": "user",
                        "content": [
                            {
                                "type": "tool_result",
                                "tool_use_id": b.id,
                                "content": json.dumps(world.run_tool(b.name, b.input)),
                            }
                            for b in calls
                        ],
                    }
                )
        except Exception:
            errors += 1
        tick.put(1)
    out.put(errors)


def class_simulation(url: str, server_pid: int, keys: int, loops: int) -> list[str]:
    tick, out = FORK.Queue(), FORK.Queue()
    procs = [
        FORK.Process(target=student, args=(url, f"student-{i}", loops, tick, out))
        for i in range(keys)
    ]
    t0 = time.perf_counter()
    for p in procs:
        p.start()
    total, marks, lines = keys * loops, [], []
    for done in range(1, total + 1):
        tick.get()
        if done * 10 % total < 10:  # each tenth of the run
            marks.append(f"{rss_mib(server_pid):.1f}")
    errors = sum(out.get() for _ in procs)
    for p in procs:
        p.join()
    wall = time.perf_counter() - t0
    lines.append(
        f"class: {keys} keys x {loops} loops of 3 turns = {total * 3} requests in {wall:.0f} s, "
        f"{errors} errors"
    )
    lines.append(f"server RSS (MiB) after each tenth: {' '.join(marks)}")
    return lines


def send_large(url: str, megabytes: int, ready, go) -> None:
    """Key A's one request: a message of `megabytes` MB (built before `ready`, sent on `go`)."""
    text = "x" * (megabytes * 1024 * 1024)
    body = json.dumps({**request_kw(), "messages": [{"role": "user", "content": text}]}).encode()
    headers = {"x-api-key": "stall-a", "anthropic-version": "2023-06-01"}
    client = httpx2.Client(timeout=120)
    ready.set()
    go.wait()
    client.post(f"{url}/v1/messages", content=body, headers=headers)


def parse_large(url: str, megabytes: int, ready, go) -> None:
    """The control: the same body built, then parsed (the worker's json.loads) in a process that
    has nothing to do with the server: the CPU a 30 MB body costs somewhere on this machine."""
    text = "x" * (megabytes * 1024 * 1024)
    body = json.dumps({**request_kw(), "messages": [{"role": "user", "content": text}]}).encode()
    ready.set()
    go.wait()
    json.loads(body)


def stall(url: str, megabytes: int = 30, pairs: int = 3) -> str:
    """How long another key waits while one key's large body is handled: key B sends small requests
    back to back while key A sends one body of `megabytes` MB (a message too long for the context
    window: the API parses all of it, then answers 400). B's slowest request then, against its
    slowest while the same body is only parsed in a process apart from the server (the control: on
    a 2-core machine the parse's CPU slows everything), and in as long a time just after: the stall
    is the difference to the control (issue #38: at most 20 ms), `pairs` times (median, range)."""
    _stall_once(url, 2, send_large)  # a body over OFF_PROCESS: the worker process started
    lines, stalls, raw = [], [], []
    for _ in range(pairs):
        during, took, after = _stall_once(url, megabytes, send_large)
        control, _, _ = _stall_once(url, megabytes, parse_large)
        lines.append(
            f"  while one key's {megabytes} MB body was handled ({took:.2f} s), another key's "
            f"slowest request took {during * 1e3:.0f} ms (while the body was parsed apart: "
            f"{control * 1e3:.0f} ms; as long just after: {after * 1e3:.0f} ms)"
        )
        stalls.append((during - control) * 1e3)
        raw.append((during - after) * 1e3)
    stalls.sort()
    raw.sort()
    lines.append(
        f"stall: {statistics.median(stalls):.0f} ms [{stalls[0]:.0f} to {stalls[-1]:.0f}] over the "
        f"control; {statistics.median(raw):.0f} ms [{raw[0]:.0f} to {raw[-1]:.0f}] over the quiet "
        f"time after ({pairs} pairs)"
    )
    return "\n".join(lines)


def _stall_once(url: str, megabytes: int, work) -> tuple[float, float, float]:
    """B's slowest request while `work` (key A's request, or the control) runs in its own process,
    how long that took, and B's slowest in as long a time just after."""
    small = anthropic.Anthropic(base_url=url, api_key="stall-b", max_retries=0)

    def slowest(seconds: float) -> float:
        worst, end = 0.0, time.perf_counter() + seconds
        while time.perf_counter() < end:
            t = time.perf_counter()
            small.messages.create(**request_kw())
            worst = max(worst, time.perf_counter() - t)
        return worst

    slowest(0.5)  # the connection opened, the SDK warm
    # key A is another student's machine: its own process (its SDK's writing of 30 MB holds no
    # lock of this one's); the body is built before the clock starts
    ready, go = FORK.Event(), FORK.Event()
    sender = FORK.Process(target=work, args=(url, megabytes, ready, go))
    sender.start()
    ready.wait()
    t0 = time.perf_counter()
    go.set()
    during = 0.0
    while sender.is_alive():
        during = max(during, slowest(0.05))
    sender.join()
    took = time.perf_counter() - t0
    return during, took, slowest(took)  # as long again, just after: the same machine's noise


def per_request(
    servers: dict[str, tuple[subprocess.Popen, str]], clients: int, n: int, stream: bool, pairs: int
) -> str:
    """In-process, serve, the floor (and any candidate), alternating, `pairs` times: the medians,
    the median (and range) of the pairs' ratios to in-process, and each server's CPU to the
    floor's in the same pair (the figure issue #38 holds: serve at most 1.2x the floor)."""
    runs: dict[str, list[dict]] = {"in-process": [], **{name: [] for name in servers}}
    for _ in range(pairs):
        runs["in-process"].append(measure(None, clients, n, stream))
        for name, (proc, url) in servers.items():
            runs[name].append(measure(url, clients, n, stream, proc.pid))

    def med(name: str, key: str) -> float:
        return statistics.median(r[key] for r in runs[name])

    def ratio(name: str, key: str, to: str = "in-process") -> str:
        rs = sorted(s[key] / i[key] for s, i in zip(runs[name], runs[to], strict=True))
        return f"{statistics.median(rs):.2f}x [{rs[0]:.2f}-{rs[-1]:.2f}]"

    kind = "stream" if stream else "json  "
    lines = [
        f"{clients:>3} clients {kind}: in-process {med('in-process', 'cost_ms'):5.2f} ms/req wall, "
        f"{med('in-process', 'cpu_ms'):5.2f} CPU; floor {med('floor', 'cpu_ms'):5.2f} CPU = "
        f"{ratio('floor', 'cpu_ms')} in-process"
    ]
    for name in (s for s in servers if s != "floor"):
        lines.append(
            f"{'':20}{name} {med(name, 'cost_ms'):5.2f} wall, {med(name, 'cpu_ms'):5.2f} CPU (p50 "
            f"{med(name, 'p50'):5.1f}, p95 {med(name, 'p95'):5.1f} ms; "
            f"{sum(r['errors'] for r in runs[name])} errors) = {ratio(name, 'cost_ms')} wall, "
            f"{ratio(name, 'cpu_ms')} CPU in-process; {ratio(name, 'cpu_ms', 'floor')} CPU, "
            f"{ratio(name, 'cost_ms', 'floor')} wall the floor; the server's own CPU "
            f"{med(name, 'api_ms'):4.2f} ms/req (in-process API {med('in-process', 'api_ms'):4.2f})"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=30, help="requests per client")
    parser.add_argument("--pairs", type=int, default=5, help="measurements of each figure")
    parser.add_argument("--loops", type=int, default=60, help="loops per student (class)")
    parser.add_argument("--clients", default="1,30,100")
    parser.add_argument("--parts", default="requests,class,stall", help="what to measure")
    parser.add_argument("--candidates", default="", help="also: uvicorn-httptools,uvicorn-h11")
    parser.add_argument("--floor-server", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--uvicorn-server", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.floor_server:
        floor_server(args.port)
        return
    if args.uvicorn_server:
        uvicorn_server(args.port, args.uvicorn_server)
        return
    warm = agentkit.make_client(offline=True, max_retries=0)  # lazy SDK set-up, before forking
    warm.messages.create(**request_kw())
    with warm.messages.stream(**request_kw()) as s:
        s.get_final_message()
    servers = {"serve": start_server(), "floor": start_server(__file__, "--floor-server")}
    for name in filter(None, args.candidates.split(",")):
        http = name.removeprefix("uvicorn-")
        servers[name] = start_server(__file__, "--uvicorn-server", http)
    proc, url = servers["serve"]
    try:
        print(f"server pid {proc.pid}, RSS {rss_mib(proc.pid):.1f} MiB at start")
        parts = args.parts.split(",")
        for clients in map(int, args.clients.split(",") if "requests" in parts else []):
            for stream in (False, True):
                print(per_request(servers, clients, args.requests, stream, args.pairs), flush=True)
        print(f"server RSS {rss_mib(proc.pid):.1f} MiB after the load", flush=True)
        if "class" in parts:
            for line in class_simulation(url, proc.pid, 30, args.loops):
                print(line, flush=True)
        if "stall" in parts:
            print(stall(url, pairs=args.pairs), flush=True)
    finally:
        for server, _ in servers.values():
            server.send_signal(signal.SIGINT)
            server.wait(30)


if __name__ == "__main__":
    main()
