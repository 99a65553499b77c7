"""`serve --upstream`: one teacher's key for a class, end to end. The upstream is a second local
`serve` (in a thread); the proxy runs as `python -m agentkit serve --upstream …` in a subprocess,
as a teacher starts it. Every server binds 127.0.0.1 on a free port and is stopped at the end."""

import asyncio
import csv
import json
import os
import posixpath
import re
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import anthropic
import httpx2
import pytest

import agentkit
import agentkit.offline.api
import agentkit.upstream
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
from agentkit import serve, upstream
serve.IDLE_TIMEOUT = serve.BODY_TIMEOUT = 0.5
sys.exit(upstream.serve_classroom("127.0.0.1", 0, sys.argv[1], roster=sys.argv[2], students=1))
"""


@pytest.mark.parametrize("sent", [b"POST /v1/messages HTTP/1.1\r\n", b"", b"BODY"])
def test_the_proxy_closes_a_client_that_is_too_slow(upstream, tmp_path, sent):
    """Headers, idle keep-alive and body each have their time, as serve's do (the body: a student's
    request, admitted on its headers; a refused one is answered before its body is read)."""
    proc, url = proxy_script(SLOW_PROXY, upstream, tmp_path)
    try:
        port = int(url.rsplit(":", 1)[1])
        if sent == b"BODY":
            token = next(iter(read_roster(tmp_path / "roster.csv"))).encode()
            sent = b"POST /v1/messages HTTP/1.1\r\nHost: x\r\nx-api-key: %s\r\n" % token
            sent += b"content-length: 100\r\n\r\n{"
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.settimeout(20)
            s.sendall(sent)
            answer = b""
            while chunk := s.recv(4096):  # closed by the proxy, long before the socket's timeout
                answer += chunk
        if sent:  # a request begun: told so in the API's shape, as serve tells it, then the close
            head, _, content = answer.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 408 ") and api_error(content), answer
        else:  # an idle connection: closed
            assert answer == b""
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


# --- an upstream that reads paths leniently, and takes its time ---------------------------------

ANSWER_TOKENS = 20  # what one answer of FakeUpstream uses: 10 input + 10 output


def billed(raw: str) -> bool:
    """Whether a lenient front end (percent-escapes decoded, twice over; backslashes as slashes;
    case folded; parameters, fragments and extensions dropped; slashes collapsed; dot segments
    resolved) would route `raw` to an endpoint that bills: /v1/messages or anything below it but
    count_tokens, or the legacy /v1/complete."""
    path = raw
    for _ in range(3):
        path = urllib.parse.unquote(path)
    path = path.replace("\\", "/").lower()
    if "://" in path:
        path = "/" + path.split("://", 1)[1].partition("/")[2]
    path = re.split(r"[?#;]", path)[0]
    path = posixpath.normpath(re.sub(r"/+", "/", "/" + path))
    path = re.sub(r"(\.[a-z]+|[\s\x00.]+)$", "", path)
    if path.startswith("/v1/messages/count_tokens"):
        return False
    return path.startswith(("/v1/messages", "/v1/complete"))


class Threads(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # socketserver's 5 refuses a burst's connections


class FakeUpstream:
    """An upstream in threads: every request is answered with a message that uses 10 + 10 tokens,
    after `delay` seconds (requests are served concurrently, so each takes `delay`, not a queue's
    wait). It records what it was sent: (method, raw target, key), and its peak of requests in
    flight."""

    def __init__(self, delay: float = 0.0):
        self.delay, self.seen, self.in_flight, self.peak = delay, [], 0, 0
        self.lock = threading.Lock()
        self.server = Threads(("127.0.0.1", 0), self._handler())
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def billed(self) -> int:
        with self.lock:
            return sum(billed(target) for _, target, _ in self.seen)

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def answer(self) -> None:
                self.rfile.read(int(self.headers.get("content-length") or 0))
                with fake.lock:
                    fake.seen.append((self.command, self.path, self.headers.get("x-api-key")))
                    fake.in_flight += 1
                    fake.peak = max(fake.peak, fake.in_flight)
                time.sleep(fake.delay)
                with fake.lock:
                    fake.in_flight -= 1
                body = json.dumps(
                    {
                        "id": "msg_01fake",
                        "type": "message",
                        "role": "assistant",
                        "model": MODEL,
                        "content": [{"type": "text", "text": "hi"}],
                        "stop_reason": "end_turn",
                        "stop_sequence": None,
                        "usage": {"input_tokens": 10, "output_tokens": 10},
                    }
                ).encode()
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(body)

            do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = answer

            def log_message(self, *args) -> None:
                pass

        return Handler

    def __enter__(self) -> "FakeUpstream":
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()


def started(proc: subprocess.Popen) -> str:
    """The proxy's URL, read from its banner."""
    lines = [proc.stdout.readline() for _ in range(4)]
    url = next((line for line in lines if "export ANTHROPIC_BASE_URL=" in line), None)
    assert url is not None, lines + [proc.stderr.read()]
    return url.strip().split("=", 1)[1]


def stopped(proc: subprocess.Popen) -> str:
    """Stops the proxy; its stderr."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert TEACHER_KEY not in out + err
    return err


def raw_request(url: str, head: bytes, body: bytes = b"") -> tuple[int, dict, bytes]:
    """Sends `head` (the request line and headers, CRLF each, without the blank line) and `body` on
    a fresh connection that closes after; the answer's status, lower-cased headers and body."""
    host, port = url.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=30) as s:
        s.sendall(head + b"connection: close\r\n\r\n" + body)
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    status_line, _, rest = data.partition(b"\r\n")
    header_block, _, content = rest.partition(b"\r\n\r\n")
    headers = dict(
        (k.strip().lower(), v.strip())
        for k, v in (line.split(b":", 1) for line in header_block.split(b"\r\n") if b":" in line)
    )
    return int(status_line.split()[1]), headers, content


def api_error(content: bytes) -> dict | None:
    """The `error` of an answer in the API's error shape, else None."""
    try:
        body = json.loads(content)
    except ValueError:
        return None
    error = body.get("error") if isinstance(body, dict) else None
    if body.get("type") != "error" or not isinstance(error, dict):
        return None
    return error if {"type", "message"} <= set(error) else None


def message_request(method: str, target: str, token: str, extra: bytes = b"") -> bytes:
    return (
        f"{method} {target} HTTP/1.1\r\nhost: x\r\nx-api-key: {token}\r\n".encode()
        + b"anthropic-version: 2023-06-01\r\ncontent-type: application/json\r\n"
        + extra
    )


# --- one HTTP stack: the proxy reads HTTP as serve does ------------------------------------------

KEYED = b"POST /v1/messages HTTP/1.1\r\nx-api-key: tok-zhang\r\n"
MALFORMED = {
    "not HTTP": b"NONSENSE\r\n\r\n",
    "HTTP/1.0 with Transfer-Encoding": b"POST /v1/messages HTTP/1.0\r\nhost: x\r\n"
    b"x-api-key: tok-zhang\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n",
    "a coding before chunked": KEYED + b"host: x\r\ntransfer-encoding: gzip, chunked\r\n\r\n",
    "no Host": KEYED + b"content-length: 0\r\n\r\n",
    "two Hosts": KEYED + b"host: x\r\nhost: y\r\ncontent-length: 0\r\n\r\n",
    "headers over 64 KB": KEYED + b"host: x\r\nx-pad: " + b"a" * 70_000 + b"\r\n\r\n",
}


def exchange(url: str, data: bytes) -> tuple[int, dict | None]:
    """`data` sent as it is on a fresh connection; the answer's status and API error, once the
    server has closed the connection."""
    host, port = url.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=30) as s:
        s.sendall(data)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    head, _, content = answer.partition(b"\r\n\r\n")
    return (int(head.split()[1]) if head else 0), api_error(content)  # 0: closed, no answer


def test_malformed_http_gets_the_same_answer_from_the_proxy_as_from_serve(tmp_path):
    """One HTTP stack: what serve refuses (broken HTTP, framing it cannot read, Host rules, headers
    too large), the proxy refuses with the same status, in the API's error shape, and forwards
    nothing (tornado closed on broken HTTP without an answer, and read Host as it liked)."""
    roster = one_student(tmp_path)
    with FakeUpstream() as up, Background() as served:
        proc = start(up.url, roster)
        try:
            url = started(proc)
            answers = {
                why: (exchange(url, d), exchange(served.url, d)) for why, d in MALFORMED.items()
            }
        finally:
            err = stopped(proc)
    for why, ((status, error), serves) in answers.items():
        assert (status, error and error["type"]) == (serves[0], serves[1]["type"]), why
        assert 400 <= status < 600 and error is not None, (why, status)
    assert not up.seen and "Traceback" not in err, err


# --- the class budget holds whatever the path ----------------------------------------------------


def tricky_paths() -> list[str]:
    """/v1/messages written every other way some server may still route it (and the other billed
    endpoints), generated: detours and dot segments at every slash, each letter percent-escaped,
    suffixes, doubled slashes, case, absolute form."""
    detours = ["./", "x/../", "models/../", "%2e/", "%2E/", "x/%2e%2e/", "x/%2E%2E/", "x/.%2e/"]
    detours += ["x/%2e./", "x/%252e%252e/", "/", "x/..%2f", "x/..%5c", ".%2f", "x/..\\", "\\"]
    paths = set()
    for detour in detours:
        paths |= {"/" + detour + "v1/messages", "/v1/" + detour + "messages"}
        paths.add("/v1/messages/" + detour.rstrip("/\\"))
    for i, char in enumerate("/v1/messages"):
        if char != "/":
            for escape in (f"%{ord(char):02x}", f"%{ord(char):02X}", f"%25{ord(char):02x}"):
                paths.add("/v1/messages"[:i] + escape + "/v1/messages"[i + 1 :])
    suffixes = ["/", "//", "/.", "/./", "/..", "#frag", "?#", ";x", ";", "%00", "%20", "%2f"]
    suffixes += ["%2F", ".json", "/x/..", "/count_tokens/..", "/count_tokens/%2e%2e", "%3f", "~"]
    suffixes += ["%09", "%0d%0a", "/batches", "/batches/x/cancel", "\\", "%5c", "%23"]
    paths |= {"/v1/messages" + suffix for suffix in suffixes}
    paths |= {"//v1/messages", "///v1/messages", "/v1//messages", "/V1/messages", "/v1/Messages"}
    paths |= {"/V1/MESSAGES", "/v1/complete", "/v1/models/../messages", "/v1/x/../messages"}
    paths |= {"http://x/v1/messages", "http://127.0.0.1/v1/messages", "/v1/messages\u3002"}
    return sorted(paths)


@pytest.mark.slow
def test_the_budget_counts_every_billed_request_whatever_its_path(tmp_path):
    """Every request the upstream would bill is counted, however its path is written: either the
    proxy refuses it (a 4xx in the API's shape, nothing forwarded) or it counts what it forwards.
    The upstream here routes as leniently as a front end may (`billed`)."""
    roster = tmp_path / "roster.csv"
    roster.write_text("student,token\n张三,tok-zhang\n", encoding="utf-8")
    attempts = [("POST", path) for path in tricky_paths()]
    attempts += [(method, "/v1/messages") for method in ("GET", "PUT", "PATCH", "DELETE")]
    attempts += [("OPTIONS", "/v1/messages"), ("HEAD", "/v1/messages")]
    fair = [("POST", "/v1/messages"), ("POST", "/v1/messages?beta=true")]
    fair += [("POST", "/v1/messages/count_tokens"), ("GET", "/v1/models"), ("GET", "/v1/models/x")]
    wrong = []

    def counted() -> int:
        return int(usage_rows(roster)["张三"]["requests"]) if usage_path(roster).exists() else 0

    with FakeUpstream() as up:
        proc = start(up.url, roster)
        try:
            url = started(proc)
            for method, target in attempts + fair:
                seen, bill, count = len(up.seen), up.billed(), counted()
                status, _, content = raw_request(url, message_request(method, target, "tok-zhang"))
                billed_now, counted_now = up.billed() - bill, counted() - count
                shaped = method == "HEAD" or api_error(content)  # a HEAD answer has no body
                if billed_now != counted_now:
                    wrong.append(f"{method} {target}: billed {billed_now}, counted {counted_now}")
                elif len(up.seen) == seen and not (400 <= status < 500 and shaped):
                    wrong.append(f"{method} {target}: refused: {status} {content[:80]!r}")
        finally:
            err = stopped(proc)
        forwarded = [(m, t) for m, t, _ in up.seen]
    assert not wrong, "\n".join(wrong)
    # the fair requests pass, as they were written; an absolute-form target is read as its path
    # (RFC 9112 §3.2.2, as serve reads it), so forwarded, and counted, as /v1/messages
    absolute = [("POST", "/v1/messages")] * sum(t.startswith("http://") for _, t in attempts)
    assert sorted(forwarded) == sorted(fair + absolute)
    assert counted() == 2 + len(absolute) and "Traceback" not in err, err


# --- bodies over the API's limit ----------------------------------------------------------------

BIG = 33 * 1024 * 1024  # over the Messages API's 32 MB
TOO_LARGE = {"type": "request_too_large", "message": "Request exceeds the maximum size"}


def read_answer(s: socket.socket) -> tuple[int, bytes]:
    """One answer read off `s` by its Content-Length (the connection may stay open after it)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = s.recv(65536)
        assert chunk, f"closed before an answer: {data!r}"
        data += chunk
    head, _, content = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"(?im)^content-length:\s*(\d+)", head).group(1))
    while len(content) < length:
        content += s.recv(65536)
    return int(head.split()[1]), content


def one_student(tmp_path: Path) -> Path:
    roster = tmp_path / "roster.csv"
    roster.write_text("student,token\n张三,tok-zhang\n", encoding="utf-8")
    return roster


@pytest.mark.slow
def test_a_body_over_the_apis_limit_gets_the_413_before_it_is_read(tmp_path):
    """33 MB declared: the 413 (the API's shape and wording, as serve's) comes back before a byte
    of the body is sent; the body that follows is discarded and the connection goes on. A chunked
    body gets it once past the limit; an SDK posting one gets it too (not a reset, not retried)."""
    roster = one_student(tmp_path)
    small = json.dumps(HI).encode()
    hello = message_request("POST", "/v1/messages", "tok-zhang")
    with FakeUpstream() as up:
        proc = start(up.url, roster)
        try:
            url = started(proc)
            address = ("127.0.0.1", int(url.rsplit(":", 1)[1]))
            with socket.create_connection(address, timeout=5) as s:
                s.sendall(hello + b"content-length: %d\r\n\r\n" % BIG)
                status, content = read_answer(s)  # nothing of the body sent yet
                assert status == 413 and api_error(content) == TOO_LARGE
                s.sendall(b"x" * BIG)
                s.sendall(hello + b"content-length: %d\r\n\r\n%s" % (len(small), small))
                assert read_answer(s)[0] == 200
            with socket.create_connection(address, timeout=5) as s:
                s.sendall(hello + b"transfer-encoding: chunked\r\n\r\n")
                for _ in range(33):
                    s.sendall(b"100000\r\n" + b"y" * 0x100000 + b"\r\n")
                s.sendall(b"0\r\n\r\n")
                status, content = read_answer(s)
                assert status == 413 and api_error(content) == TOO_LARGE
            student = anthropic.Anthropic(base_url=url, api_key="tok-zhang")
            with pytest.raises(anthropic.APIStatusError) as e:
                student.messages.create(
                    **{**HI, "messages": [{"role": "user", "content": "x" * BIG}]}
                )
            assert e.value.status_code == 413 and e.value.body["error"] == TOO_LARGE
        finally:
            err = stopped(proc)
    assert len(up.seen) == 1 and "Traceback" not in err, err  # only the small request went on
    with Background() as serve, socket.create_connection(("127.0.0.1", serve.port), 5) as s:
        s.sendall(hello + b"expect: 100-continue\r\ncontent-length: %d\r\n\r\n" % BIG)
        status, content = read_answer(s)
    assert status == 413 and api_error(content) == TOO_LARGE  # serve's own, word for word
    assert agentkit.upstream.MAX_BODY == agentkit.offline.api.MAX_BODY


def peak_memory(pid: int) -> int:
    """The process's peak resident set, in bytes (Linux)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1)) * 1024


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_large_bodies_never_fill_the_proxys_memory(tmp_path):
    """Three 90 MB bodies, sent whole: the proxy's peak memory does not grow by anything like them
    (it buffered bodies up to tornado's 100 MB default: 99 -> 942 MiB). A 31 MB body, within the
    limit, is held once on its way (not joined into a second copy); a chunked one (no size
    declared) is kept only up to the limit, then discarded."""
    roster = one_student(tmp_path)
    hello = message_request("POST", "/v1/messages", "tok-zhang")
    body = b"x" * (90 * 1024 * 1024)
    within = json.dumps({**HI, "messages": [{"role": "user", "content": "x" * 31 * 2**20}]})
    grown = {}
    with FakeUpstream() as up:
        proc = start(up.url, roster)
        try:
            url = started(proc)
            address = ("127.0.0.1", int(url.rsplit(":", 1)[1]))
            before = peak_memory(proc.pid)
            for _ in range(3):
                with socket.create_connection(address, timeout=30) as s:
                    s.sendall(hello + b"content-length: %d\r\n\r\n" % len(body) + body)
                    assert read_answer(s)[0] == 413
            grown["3 x 90 MB"] = peak_memory(proc.pid) - before
            with socket.create_connection(address, timeout=30) as s:
                s.sendall(hello + b"content-length: %d\r\n\r\n" % len(within) + within.encode())
                assert read_answer(s)[0] == 200
            grown["31 MB forwarded"] = peak_memory(proc.pid) - before
            with socket.create_connection(address, timeout=30) as s:
                s.sendall(hello + b"transfer-encoding: chunked\r\n\r\n")
                for _ in range(90):
                    s.sendall(b"100000\r\n" + body[:0x100000] + b"\r\n")
                assert read_answer(s)[0] == 413
            grown["90 MB chunked"] = peak_memory(proc.pid) - before
        finally:
            err = stopped(proc)
    mib = 2**20
    print("\npeak memory:", ", ".join(f"{k} +{v / mib:.1f} MiB" for k, v in grown.items()))
    assert grown["3 x 90 MB"] < 8 * mib, grown
    assert grown["31 MB forwarded"] < len(within) + 8 * mib, grown
    assert grown["90 MB chunked"] < agentkit.upstream.MAX_BODY + 8 * mib, grown
    assert len(up.seen) == 1 and "Traceback" not in err, err


# --- one student's burst -------------------------------------------------------------------------

ANSWER_TIME = 1.0  # seconds FakeUpstream takes per answer, in the tests below


async def burst(url: str, flood: int) -> tuple[float, float, list]:
    """李四 asks once with the class idle; then 张三 sends `flood` requests at once and 李四 asks
    again while they are in. 李四's two times, and 张三's answers."""
    limits = httpx2.Limits(max_connections=None, max_keepalive_connections=None)
    async with httpx2.AsyncClient(limits=limits, timeout=60) as client:

        async def ask(token: str) -> tuple[httpx2.Response, float]:
            t0 = time.monotonic()
            headers = {"x-api-key": token, "anthropic-version": "2023-06-01"}
            r = await client.post(f"{url}/v1/messages", headers=headers, json=HI)
            return r, time.monotonic() - t0

        first, idle = await ask("tok-li")
        tasks = [asyncio.create_task(ask("tok-zhang")) for _ in range(flood)]
        await asyncio.sleep(0.1)  # 张三's requests are in
        second, loaded = await ask("tok-li")
        answers = [r for r, _ in await asyncio.gather(*tasks)]
    assert first.status_code == second.status_code == 200
    return idle, loaded, answers


@pytest.mark.slow
def test_one_student_cannot_overshoot_the_budget_or_slow_another(tmp_path):
    """50 requests at once from one student against a 30-token budget (an answer uses 20): only
    MAX_IN_FLIGHT go on, the others get the API's 429 at once, so the budget is overshot by at most
    that many answers (it was 50); another student's request meanwhile takes as long as with the
    class idle, within one answer's time."""
    roster = tmp_path / "roster.csv"
    roster.write_text("student,token\n张三,tok-zhang\n李四,tok-li\n", encoding="utf-8")
    with FakeUpstream(delay=ANSWER_TIME) as up:
        proc = start(up.url, roster, "--budget-tokens", "30")
        try:
            idle, loaded, answers = asyncio.run(burst(started(proc), 50))
        finally:
            err = stopped(proc)
    used = usage_rows(roster)["张三"]
    overshoot = int(used["input_tokens"]) + int(used["output_tokens"]) - 30
    refused = [r for r in answers if r.status_code == 429]
    cap = agentkit.upstream.MAX_IN_FLIGHT
    print(f"\n50 at once: {overshoot} tokens over; other student {idle:.3f} s idle, {loaded:.3f} s")
    assert overshoot <= cap * ANSWER_TOKENS, f"{overshoot} tokens over a 30-token budget"
    assert int(used["requests"]) <= cap and len(refused) >= 50 - cap
    assert all(api_error(r.content)["type"] == "rate_limit_error" for r in refused)
    retry = str(agentkit.upstream.RETRY_AFTER)
    for r in refused:  # one too many in flight: worth retrying, later; over the budget: final
        if "retry-after" in r.headers:
            assert r.headers["retry-after"] == retry and r.headers["x-should-retry"] == "true"
        else:
            assert r.headers["x-should-retry"] == "false", r.headers
            assert "30 tokens" in api_error(r.content)["message"]
    assert any("retry-after" in r.headers for r in refused)
    assert loaded < idle + ANSWER_TIME, f"李四: {idle:.2f} s idle, {loaded:.2f} s under the burst"
    assert up.peak <= cap + 1 and "Traceback" not in err, err


# --- faults: headers, a full disk, folders -------------------------------------------------------

UNKNOWN_TOKEN = {"type": "authentication_error", "message": "invalid x-api-key"}
NOT_ASCII = [
    ("user-agent", "café/1.0".encode()),
    ("anthropic-beta", "测试".encode()),
    ("x-stainless-lang", b"py\xff"),
    ("accept", "application/json\u00a0".encode()),
    ("anthropic-version", "２０２３-06-01".encode()),
    ("x-stainless-os", "Linux\u2028".encode()),  # llhttp refuses ASCII controls itself (a 400)
]


def test_a_header_that_is_not_ascii_gets_a_400_naming_it_and_no_traceback(tmp_path):
    """A forwarded header that is not visible ASCII cannot go upstream (the HTTP client raised:
    a 500 HTML page and a traceback in the teacher's terminal): a 400 in the API's shape, naming
    the header. A token that is not ASCII is simply not on the roster."""
    roster = one_student(tmp_path)
    small = json.dumps(HI).encode()
    answers = {}
    with FakeUpstream() as up:
        proc = start(up.url, roster)
        try:
            url = started(proc)
            for name, value in [*NOT_ASCII, ("x-api-key", "张三".encode())]:
                head = (
                    b"POST /v1/messages HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
                )
                if name != "x-api-key":
                    head += b"x-api-key: tok-zhang\r\n"
                if name != "anthropic-version":
                    head += b"anthropic-version: 2023-06-01\r\n"
                head += name.encode() + b": " + value + b"\r\ncontent-length: %d\r\n" % len(small)
                status, _, content = raw_request(url, head, small)
                answers[name] = status, api_error(content)
        finally:
            err = stopped(proc)
    assert answers.pop("x-api-key") == (401, UNKNOWN_TOKEN)
    for name, (status, error) in answers.items():
        assert status == 400 and error["type"] == "invalid_request_error", (name, status, error)
        assert name in error["message"].lower(), error
    assert not up.seen and "Traceback" not in err, err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_under_the_usage_file_still_answers_once_and_warns_the_teacher(tmp_path):
    """The usage file cannot be written (its temporary file is /dev/full: every write fails with
    ENOSPC, as on a full disk): the student still gets the answer, once (it was a 500, which the SDK
    resent: one call billed three times), and the teacher one warning line naming the file; the
    usage is kept and written once there is room again, which is said too."""
    roster = one_student(tmp_path)
    tmp = usage_path(roster).with_name(usage_path(roster).name + ".tmp")
    tmp.symlink_to("/dev/full")
    with FakeUpstream() as up:
        proc = start(up.url, roster)
        try:
            student = anthropic.Anthropic(base_url=started(proc), api_key="tok-zhang")
            assert student.messages.create(**HI).type == "message"
            assert len(up.seen) == 1 and not usage_path(roster).exists()
            tmp.unlink(missing_ok=True)  # room again
            student.messages.create(**HI)
        finally:
            err = stopped(proc)
    assert len(up.seen) == 2 and usage_rows(roster)["张三"]["requests"] == "2"
    lines = err.strip().splitlines()
    assert len(lines) == 2 and all(str(usage_path(roster)) in line for line in lines), err


def test_a_folder_where_the_roster_or_usage_file_should_be_is_named(tmp_path, monkeypatch, capsys):
    """A roster path that is a folder was blamed on the port ("cannot start the server on
    127.0.0.1:0: Is a directory"), `--usage` on one raised (a traceback): one line naming it, for
    the roster and for the usage file beside it, from the proxy and from `--usage`."""
    monkeypatch.setenv("ANTHROPIC_API_KEY", TEACHER_KEY)
    folder = tmp_path / "roster.csv"
    folder.mkdir()
    roster = tmp_path / "class.csv"
    roster.write_text("student,token\n张三,tok-zhang\n", encoding="utf-8")
    usage_path(roster).mkdir()
    for path, named in ((folder, folder), (roster, usage_path(roster))):
        served = agentkit.upstream.serve_classroom("127.0.0.1", 0, "http://127.0.0.1:9", path)
        served_err = capsys.readouterr().err
        shown = agentkit.upstream.show_usage(path)
        for code, text in ((served, served_err), (shown, capsys.readouterr().err)):
            assert code == 1 and len(text.strip().splitlines()) == 1, text
            assert str(named) in text and "127.0.0.1:0" not in text, text


@pytest.mark.slow
def test_a_request_that_never_ends_gives_its_slot_back(tmp_path):
    """A student's requests that break off (closed mid-body, broken chunked framing) or hang up
    while forwarded each give their slot back: the student then has MAX_IN_FLIGHT again, and one
    more at once is refused with the API's 429."""
    cap = agentkit.upstream.MAX_IN_FLIGHT
    roster = one_student(tmp_path)
    hello = message_request("POST", "/v1/messages", "tok-zhang")
    small = json.dumps(HI).encode()
    whole = hello + b"content-length: %d\r\n\r\n%s" % (len(small), small)
    cut = [
        hello + b"content-length: 100\r\n\r\n{",
        hello + b"transfer-encoding: chunked\r\n\r\nzz\r\n",
    ]
    sockets: list[socket.socket] = []
    with FakeUpstream(delay=ANSWER_TIME) as up:
        proc = start(up.url, roster)
        try:
            address = ("127.0.0.1", int(started(proc).rsplit(":", 1)[1]))
            for sent in [*cut, whole] * cap:
                with socket.create_connection(address) as s:
                    s.sendall(sent)
                    time.sleep(0.1)  # read by the proxy; then closed
            time.sleep(ANSWER_TIME * 2)  # the forwarded ones are read to their end, and counted
            sockets = [socket.create_connection(address, timeout=10) for _ in range(cap + 1)]
            for s in sockets:
                s.sendall(whole)
            answers = [read_answer(s) for s in sockets]
        finally:
            err = stopped(proc)
            for s in sockets:
                s.close()
    assert sorted(status for status, _ in answers) == [200] * cap + [429], answers
    assert usage_rows(roster)["张三"]["requests"] == str(2 * cap)
    assert "Traceback" not in err, err
