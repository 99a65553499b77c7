"""`serve --upstream`: one teacher's key for a class, end to end. The upstream is a second local
`serve` (in a thread); the proxy runs as `python -m agentkit serve --upstream …` in a subprocess,
as a teacher starts it. Every server binds 127.0.0.1 on a free port and is stopped at the end."""

import csv
import json
import os
import signal
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

import anthropic
import httpx2
import pytest

import agentkit
from agentkit.serve import Background
from agentkit.upstream import RosterError, read_roster, usage_path

pytestmark = pytest.mark.slow  # the proxy and its upstreams in subprocesses: the full tier

GUIDE_LOOP = Path(__file__).parent / "data" / "guide" / "loop.py"
MODEL = agentkit.default_model()
TEACHER_KEY = (
    "sk-ant-teacher-7f3a9c1e5b"  # stands for the real key: it must reach the upstream only
)
HI = {"model": MODEL, "max_tokens": 64, "messages": [{"role": "user", "content": "你好"}]}


@pytest.fixture
def upstream():
    with Background() as bg:
        yield bg


def start(upstream_url: str, roster: Path, *extra: str, key: str = TEACHER_KEY):
    cmd = ["-m", "agentkit", "serve", "--port", "0", "--upstream", upstream_url]
    return launch(*cmd, "--roster", str(roster), *extra, key=key)


def launch(*args: str, key: str = TEACHER_KEY) -> subprocess.Popen:
    """`python *args` with the teacher's key and not offline (the proxy talks to an upstream)."""
    env = {**os.environ, "ANTHROPIC_API_KEY": key}
    env.pop("AGENTKIT_OFFLINE", None)
    cmd = [sys.executable, *args]
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def proxy_script(script: str, upstream, tmp_path: Path) -> tuple[subprocess.Popen, str]:
    """The proxy as `script` starts it (given the upstream's URL and a roster path): its process
    and the URL its banner prints."""
    proc = launch("-c", script, upstream.url, str(tmp_path / "roster.csv"))
    lines = [proc.stdout.readline() for _ in range(4)]
    url = next(line for line in lines if "export ANTHROPIC_BASE_URL=" in line)
    return proc, url.strip().split("=", 1)[1]


@pytest.fixture
def proxy(upstream, tmp_path):
    """Yields a function starting a proxy with extra options -> (url, roster {student: token})."""
    procs = []

    def launch(*extra: str, name: str = "roster.csv"):
        roster = tmp_path / name
        proc = start(upstream.url, roster, *extra)
        procs.append(proc)
        lines = [proc.stdout.readline() for _ in range(4)]
        url = next(line for line in lines if "export ANTHROPIC_BASE_URL=" in line)
        tokens = {student: token for token, student in read_roster(roster).items()}
        return url.strip().split("=", 1)[1], tokens

    yield launch
    for proc in procs:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
        assert TEACHER_KEY not in out + err, "the teacher's key was printed"
    for path in tmp_path.glob("*.csv"):
        assert TEACHER_KEY not in path.read_text(encoding="utf-8")


def usage_rows(roster: Path) -> dict[str, dict[str, str]]:
    with usage_path(roster).open(encoding="utf-8") as f:
        return {row["student"]: row for row in csv.DictReader(f)}


def test_a_students_loop_completes_through_the_proxy_with_the_teachers_key(
    proxy, upstream, tmp_path
):
    url, tokens = proxy("--students", "3", "--budget-tokens", "200000")
    assert list(tokens) == ["student01", "student02", "student03"]
    assert len(set(tokens.values())) == 3
    script = tmp_path / "loop.py"
    script.write_text(GUIDE_LOOP.read_text(encoding="utf-8").replace("claude-sonnet-4-5", MODEL))
    env = {"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": tokens["student02"]}
    r = subprocess.run(
        [sys.executable, str(script)],
        env={**env, "PATH": os.environ["PATH"]},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    assert "call process_refund {'order_id': 'A-1001', 'amount': 120.0}" in r.stdout
    # The upstream saw the teacher's key and nothing else: no student token left this machine.
    assert set(upstream.apis) == {TEACHER_KEY}
    used = usage_rows(tmp_path / "roster.csv")
    assert list(used) == ["student02"] and used["student02"]["requests"] == "3"
    assert (
        int(used["student02"]["input_tokens"]) > 0 and int(used["student02"]["output_tokens"]) > 0
    )


def test_an_unknown_token_gets_the_apis_401(proxy, upstream):
    url, _ = proxy("--students", "2")
    client = anthropic.Anthropic(base_url=url, api_key="stu-guess-ed123")
    with pytest.raises(anthropic.AuthenticationError) as e:
        client.messages.create(**HI)
    assert e.value.status_code == 401
    assert e.value.body["error"] == {"type": "authentication_error", "message": "invalid x-api-key"}
    assert not upstream.apis  # nothing was forwarded


def test_a_student_over_budget_gets_429_naming_the_class_budget(proxy, upstream, tmp_path):
    url, tokens = proxy("--students", "2", "--budget-tokens", "30")
    client = anthropic.Anthropic(base_url=url, api_key=tokens["student01"])
    client.messages.create(**HI)  # within the budget when sent; its answer uses the budget up
    row = usage_rows(tmp_path / "roster.csv")["student01"]
    assert int(row["input_tokens"]) + int(row["output_tokens"]) >= 30
    sent = upstream.apis[TEACHER_KEY].calls
    with pytest.raises(anthropic.RateLimitError) as e:
        client.messages.create(**HI)
    error = e.value.body["error"]
    assert e.value.status_code == 429 and error["type"] == "rate_limit_error"
    assert "本班每名学生 30 tokens" in error["message"] and "student01" in error["message"]
    assert upstream.apis[TEACHER_KEY].calls == sent  # not forwarded, not retried
    # Another student still has their own budget.
    other = anthropic.Anthropic(base_url=url, api_key=tokens["student02"])
    assert other.messages.create(**HI).type == "message"
    shown = subprocess.run(
        [sys.executable, "-m", "agentkit", "serve", "--roster", str(tmp_path / "roster.csv")]
        + ["--usage", "--budget-tokens", "30"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    lines = shown.stdout.splitlines()
    assert shown.returncode == 0 and lines[0].split() == [
        "student",
        "requests",
        "input",
        "output",
        "total",
    ]
    assert lines[1].startswith("student01") and lines[1].endswith("已达额度")
    assert lines[2].split()[:2] == ["student02", "1"]


def test_the_upstreams_errors_pass_through_unchanged(proxy, upstream):
    url, tokens = proxy("--students", "1")
    direct = httpx2.post(
        f"{upstream.url}/v1/messages",
        headers={"x-api-key": "other", "anthropic-version": "2023-06-01"},
        json={**HI, "model": "claude-sonnet-4-5"},
    )
    via = httpx2.post(
        f"{url}/v1/messages",
        headers={"x-api-key": tokens["student01"], "anthropic-version": "2023-06-01"},
        json={**HI, "model": "claude-sonnet-4-5"},
    )
    assert via.status_code == direct.status_code == 404
    assert via.json()["error"] == direct.json()["error"]
    assert via.json()["error"]["message"] == "model: claude-sonnet-4-5"
    assert via.headers["request-id"] == via.json()["request_id"]  # the upstream's own id
    assert TEACHER_KEY not in via.text + str(via.headers)
    bad = httpx2.post(
        f"{url}/v1/messages",
        headers={"x-api-key": tokens["student01"], "content-type": "application/json"},
        content=b"{bad",
    )
    assert bad.status_code == 400 and bad.json()["error"]["type"] == "invalid_request_error"


def test_streaming_passes_through_event_by_event(proxy, upstream, tmp_path):
    url, tokens = proxy("--students", "1")
    request = dict(
        model=MODEL,
        max_tokens=1024,
        tools=agentkit.World().tools(),
        messages=[{"role": "user", "content": "订单 A-1001 坏了，请退款"}],
    )
    kinds = {}
    for name, base, key in (("direct", upstream.url, "other"), ("via", url, tokens["student01"])):
        client = anthropic.Anthropic(base_url=base, api_key=key)
        with client.messages.stream(**request) as stream:
            kinds[name] = [event.type for event in stream]
            final = stream.get_final_message()
        assert final.stop_reason == "tool_use"
    assert kinds["via"] == kinds["direct"] and "content_block_delta" in kinds["via"]
    used = usage_rows(tmp_path / "roster.csv")["student01"]
    assert used["requests"] == "1"
    assert int(used["output_tokens"]) == final.usage.output_tokens


def test_a_student_who_hangs_up_mid_stream_is_counted_and_no_traceback_is_logged(
    upstream, tmp_path
):
    """The upstream bills a stream whether or not the student reads it to the end: the proxy reads
    it to the end and counts it (a hang-up dodged the budget), and says nothing of the hang-up."""
    roster = tmp_path / "roster.csv"
    roster.write_text("student,token\n张三,tok-zhang\n", encoding="utf-8")
    body = json.dumps({**HI, "max_tokens": 1024, "stream": True}).encode()
    raw = (
        b"POST /v1/messages HTTP/1.1\r\nHost: x\r\nx-api-key: tok-zhang\r\n"
        b"anthropic-version: 2023-06-01\r\ncontent-type: application/json\r\n"
        b"content-length: %d\r\n\r\n%s" % (len(body), body)
    )
    proc = start(upstream.url, roster)
    try:
        lines = [proc.stdout.readline() for _ in range(4)]
        url = next(line for line in lines if "export ANTHROPIC_BASE_URL=" in line)
        port = int(url.strip().rsplit(":", 1)[1])
        for _ in range(3):
            with socket.create_connection(("127.0.0.1", port)) as s:
                s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                s.sendall(raw)
            # closed with a reset before the stream is read
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if usage_path(roster).exists() and usage_rows(roster)["张三"]["requests"] == "3":
                break
            time.sleep(0.1)
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
    assert "Traceback" not in err and "StreamClosedError" not in err, err
    assert usage_rows(roster)["张三"]["requests"] == "3"
    assert int(usage_rows(roster)["张三"]["output_tokens"]) > 0


SLOW_PROXY = """
import sys
from agentkit import upstream
upstream.IDLE_TIMEOUT = upstream.BODY_TIMEOUT = 0.5
sys.exit(upstream.serve_classroom("127.0.0.1", 0, sys.argv[1], roster=sys.argv[2], students=1))
"""


@pytest.mark.parametrize("sent", [b"POST /v1/messages HTTP/1.1\r\n", b"", b"BODY"])
def test_the_proxy_closes_a_client_that_is_too_slow(upstream, tmp_path, sent):
    """Headers, idle keep-alive and body each have their time, as serve's do."""
    proc, url = proxy_script(SLOW_PROXY, upstream, tmp_path)
    try:
        port = int(url.rsplit(":", 1)[1])
        if sent == b"BODY":
            sent = b"POST /v1/messages HTTP/1.1\r\nHost: x\r\ncontent-length: 100\r\n\r\n{"
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.settimeout(20)
            s.sendall(sent)
            assert s.recv(100) == b""  # closed by the proxy, long before the socket's timeout
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
    assert "Traceback" not in err, err


FEW_FILES = """
import resource, sys
from agentkit import upstream

resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))
sys.exit(upstream.serve_classroom("127.0.0.1", 0, sys.argv[1], roster=sys.argv[2], students=1))
"""


def test_the_proxy_out_of_file_descriptors_pauses_instead_of_spinning(upstream, tmp_path):
    """More clients than descriptors: no traceback per accept try (tornado's accept loop raised
    EMFILE on every turn of the event loop), and once they go, the next client is answered."""
    proc, url = proxy_script(FEW_FILES, upstream, tmp_path)
    try:
        port = int(url.rsplit(":", 1)[1])
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(80)]
        time.sleep(2)
        for s in idle:
            s.close()
        time.sleep(1.5)  # the pause ends
        r = httpx2.post(f"{url}/v1/messages", headers={"x-api-key": "nobody"}, json=HI, timeout=30)
        assert r.status_code == 401
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
    assert "Traceback" not in err and len(err) < 1000, err[:2000]


def test_an_existing_roster_is_read_and_usage_survives_a_restart(upstream, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("student,token\n张三,tok-zhang\n李四,tok-li\n", encoding="utf-8")
    usage_path(roster).write_text(
        "student,requests,input_tokens,output_tokens\n张三,4,100,50\n", encoding="utf-8"
    )
    proc = start(upstream.url, roster, "--budget-tokens", "150")
    try:
        lines = [proc.stdout.readline() for _ in range(4)]
        url = next(line for line in lines if "export ANTHROPIC_BASE_URL=" in line)
        url = url.strip().split("=", 1)[1]
        with pytest.raises(anthropic.RateLimitError):
            anthropic.Anthropic(base_url=url, api_key="tok-zhang").messages.create(**HI)
        anthropic.Anthropic(base_url=url, api_key="tok-li").messages.create(**HI)
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
    assert "2 名学生" in "".join(lines) and "已读取" in "".join(lines)
    assert roster.read_text(encoding="utf-8").count("\n") == 3  # the roster is left as it was
    assert usage_rows(roster)["李四"]["requests"] == "1"
    assert usage_rows(roster)["张三"]["requests"] == "4"


def test_no_key_and_a_bad_roster_are_one_line_each(tmp_path):
    roster = tmp_path / "roster.csv"
    r = start("http://127.0.0.1:9", roster, key="")
    out, err = r.communicate(timeout=30)
    assert r.returncode == 1 and "ANTHROPIC_API_KEY" in err and not roster.exists()
    roster.write_text("student,token\nA,t1\nB,t1\n", encoding="utf-8")
    r = start("http://127.0.0.1:9", roster)
    out, err = r.communicate(timeout=30)
    assert r.returncode == 1 and err.strip().endswith("第 3 行的 token 与 A 的重复")
    with pytest.raises(RosterError, match="第 1 行应为表头 student,token"):
        roster.write_text("name,key\nA,t1\n", encoding="utf-8")
        read_roster(roster)
    assert roster.read_text(encoding="utf-8") == "name,key\nA,t1\n"  # nothing overwritten


def test_without_upstream_serve_is_as_before_and_refuses_proxy_options():
    r = subprocess.run(
        [sys.executable, "-m", "agentkit", "serve", "--budget-tokens", "5"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert r.returncode == 2 and "--budget-tokens need --upstream" in r.stderr
