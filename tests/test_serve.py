"""`python -m agentkit serve`: the offline API over real HTTP. The study guide's loop.py runs against it
with only ANTHROPIC_BASE_URL and a dummy key; thirty concurrent clients do not see each other's worlds;
malformed HTTP gets the API's error shape; Ctrl-C stops it cleanly. Every server binds 127.0.0.1 on a
free port and is stopped at the end of its test."""

import itertools
import json
import os
import shutil
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path

import anthropic
import httpx2
import pytest

import agentkit
from agentkit.serve import Background
from agentkit.sim import World

pytestmark = pytest.mark.slow  # real servers in subprocesses: the full tier

GUIDE_LOOP = Path(__file__).parent / "data" / "guide" / "loop.py"
MODEL = agentkit.default_model()


def started():
    """`python -m agentkit serve --port 0` as a subprocess; yields (url, process); always stopped."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "agentkit", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        lines = [proc.stdout.readline() for _ in range(3)]
        url = next(line for line in lines if line.startswith("export ANTHROPIC_BASE_URL="))
        yield url.strip().split("=", 1)[1], proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
            proc.wait(10)


@pytest.fixture(scope="module")
def server():
    """One server for the module's tests (a start costs seconds): each test keeps to worlds of
    its own, by API key (`only` hands out a new one per call)."""
    yield from started()


@pytest.fixture
def own_server():
    """A server of this test's own, for a test that stops it."""
    yield from started()


KEYS = itertools.count(1)


def only(url: str) -> dict[str, str]:
    """The environment a fresh terminal would have: the base URL, a dummy key of its own (a fresh
    world on the module's shared server), nothing else of ours."""
    key = f"sk-dummy-{next(KEYS)}"
    return {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": key, "PATH": os.environ["PATH"]}


def test_the_guides_loop_py_runs_unchanged_except_the_retired_model(server, tmp_path):
    url, _ = server
    script = tmp_path / "loop.py"
    script.write_text(GUIDE_LOOP.read_text(encoding="utf-8").replace("claude-sonnet-4-5", MODEL))
    r = subprocess.run(
        [sys.executable, str(script)], env=only(url), capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0, r.stderr
    rounds = [line for line in r.stdout.splitlines() if line.startswith("[turn")]
    assert rounds == [
        "[turn 0] stop_reason=tool_use",
        "[turn 1] stop_reason=tool_use",
        "[turn 2] stop_reason=end_turn",
    ]
    assert "call process_refund {'order_id': 'A-1001', 'amount': 120.0}" in r.stdout


def test_the_guides_loop_py_as_written_gets_the_retired_models_404(server):
    url, _ = server
    r = subprocess.run(
        [sys.executable, str(GUIDE_LOOP)], env=only(url), capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 1
    assert "anthropic.NotFoundError: Error code: 404" in r.stderr
    assert "'type': 'not_found_error', 'message': 'model: claude-sonnet-4-5'" in r.stderr


def test_ctrl_c_stops_cleanly(own_server):
    url, proc = own_server
    assert (
        httpx2.get(
            f"{url}/v1/models", headers={"x-api-key": "k", "anthropic-version": "2023-06-01"}
        ).status_code
        == 200
    )
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=10)
    assert proc.returncode == 0 and out.strip() == "离线 Claude API 已停止。" and err == ""


def test_curl_style_requests_and_malformed_http(server):
    url, _ = server
    headers = {
        "x-api-key": "k",
        "anthropic-version": "2023-06-01",
        "content-type": "application/json",
    }
    body = {"model": MODEL, "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}]}
    ok = httpx2.post(
        f"{url}/v1/messages",
        headers={"authorization": "Bearer k", "anthropic-version": "2023-06-01"},
        json=body,
    )
    assert ok.status_code == 200 and ok.json()["type"] == "message" and ok.headers["request-id"]
    cases = [
        (
            httpx2.post(f"{url}/v1/messages", headers=headers, content=b"{bad"),
            400,
            "invalid_request_error",
        ),
        (
            httpx2.post(
                f"{url}/v1/messages", headers=headers, content=b" " * (32 * 1024 * 1024 + 1)
            ),
            413,
            "request_too_large",
        ),
        (httpx2.get(f"{url}/v1/nothing", headers=headers), 404, "not_found_error"),
        (httpx2.post(f"{url}/v1/messages", json=body), 401, "authentication_error"),
        (
            httpx2.post(f"{url}/v1/messages", headers=headers, json={**body, "model": "gpt-4o"}),
            404,
            "not_found_error",
        ),
    ]
    for response, status, kind in cases:
        assert response.status_code == status
        assert response.json()["type"] == "error" and response.json()["error"]["type"] == kind


def test_streaming_over_http_with_the_plain_sdk(server):
    url, _ = server
    client = anthropic.Anthropic(base_url=url, api_key="k-streaming")
    with client.messages.stream(
        model=MODEL,
        max_tokens=1024,
        tools=World().tools(),
        messages=[{"role": "user", "content": "订单 A-1001 坏了，请退款"}],
    ) as stream:
        text = "".join(stream.text_stream)
        final = stream.get_final_message()
    assert (
        text
        and final.stop_reason == "tool_use"
        and final.content[-1].input == {"order_id": "A-1001"}
    )


def student(url: str, i: int) -> list[str]:
    """One student's 20 requests: refund loops on their own order, tools run on their own World."""
    client = anthropic.Anthropic(base_url=url, api_key=f"student-{i}", max_retries=0)
    world, order = World(), f"A-100{1 + i % 7}"
    ids: list[str] = []
    messages: list[dict] = []
    for _ in range(20):
        if not messages or messages[-1]["role"] == "assistant":
            messages = [{"role": "user", "content": f"请查询订单 {order} 的状态。"}]
        raw = client.messages.with_raw_response.create(
            model=MODEL, max_tokens=1024, tools=world.tools(), messages=messages
        )
        r = raw.parse()
        ids += [raw.headers["request-id"], r.id]
        messages.append({"role": "assistant", "content": r.content})
        calls = [b for b in r.content if b.type == "tool_use"]
        assert all(b.input["order_id"] in (order, f"{order[0]}{order[2:]}") for b in calls)
        if calls:
            results = [
                {
                    "type": "tool_result",
                    "tool_use_id": b.id,
                    "content": json.dumps(world.run_tool(b.name, b.input)),
                }
                for b in calls
            ]
            messages.append({"role": "user", "content": results})
        else:
            assert order in r.content[0].text
    return ids


def test_thirty_concurrent_clients_do_not_share_worlds():
    with Background() as bg, ThreadPoolExecutor(30) as pool:
        ids = [x for run in pool.map(lambda i: student(bg.url, i), range(30)) for x in run]
        apis = bg.apis
    assert len(ids) == len(set(ids)) == 30 * 20 * 2
    assert sorted(apis) == sorted(f"student-{i}" for i in range(30))
    for key, api in apis.items():
        order = f"A-100{1 + int(key.split('-')[1]) % 7}"
        assert api.calls == 20 and all(order in b["messages"][0]["content"] for b in api.log)


NODE_CLIENT = """
const res = await fetch(process.env.ANTHROPIC_BASE_URL + "/v1/messages", {
  method: "POST",
  headers: {"x-api-key": process.env.ANTHROPIC_API_KEY, "anthropic-version": "2023-06-01",
            "content-type": "application/json"},
  body: JSON.stringify({model: process.argv[2], max_tokens: 256, stream: true,
                        messages: [{role: "user", content: "你好"}]}),
});
const text = await res.text();
console.log(res.status, res.headers.get("content-type"));
console.log(text.split("\\n").filter(l => l.startsWith("event: ")).map(l => l.slice(7)).join(" "));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_non_python_client_streams_too(server, tmp_path):
    url, _ = server
    script = tmp_path / "client.mjs"
    script.write_text(NODE_CLIENT)
    r = subprocess.run(
        ["node", str(script), MODEL], env=only(url), capture_output=True, text=True, timeout=60
    )
    status, events = r.stdout.splitlines()
    assert status == "200 text/event-stream"
    assert events.startswith("message_start ping content_block_start content_block_delta")
    assert events.endswith("content_block_stop message_delta message_stop")


AFTER_A_FAILED_SERVE = """
import signal, socket, sys, time
from agentkit.serve import serve

busy = socket.socket()
busy.bind(("127.0.0.1", 0))
busy.listen()
assert serve("127.0.0.1", busy.getsockname()[1]) == 1
print(signal.getsignal(signal.SIGTERM) is signal.SIG_DFL, flush=True)
time.sleep(30)
"""


def test_a_process_ends_on_sigterm_after_serve_failed_in_it():
    """serve() on a busy port returns 1; the signal handlers it set are gone with its loop, so the
    process that called it still ends on SIGTERM (a test runner's timeout, a teacher's kill)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", AFTER_A_FAILED_SERVE],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout.readline().strip() == "True"
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(10) == -signal.SIGTERM
    finally:
        proc.kill()
        proc.wait()


def test_a_server_counts_relative_dates_from_this_machines_date(server):
    """No AGENTKIT_TODAY: "the day after tomorrow" is two days after the machine's date, not after
    the workbook's pinned one (the in-process client keeps that: stored outputs never move)."""
    url, _ = server
    client = anthropic.Anthropic(base_url=url, api_key=f"sk-dummy-{next(KEYS)}")
    tool = {
        "name": "reserve_court",
        "description": "Reserve a tennis court for a day.",
        "input_schema": {
            "type": "object",
            "properties": {"day": {"type": "string", "description": "YYYY-MM-DD"}},
            "required": ["day"],
        },
    }
    ask = [{"role": "user", "content": "Reserve a court for the day after tomorrow, please."}]
    before = datetime.now(UTC).date()
    r = client.messages.create(model=MODEL, max_tokens=300, tools=[tool], messages=ask)
    after = datetime.now(UTC).date()
    day = next(b.input["day"] for b in r.content if b.type == "tool_use")
    assert day in {(d + timedelta(days=2)).isoformat() for d in (before, after)}
