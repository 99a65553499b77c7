"""`agentkit serve` bounded and polite (issue 19, point 3): worlds only for valid requests and at most
`max_keys` of them, a bounded request log, the 413 for any oversized body, the API's JSON error shape
for every method, timeouts for silent clients, quiet disconnects, checked --host and --port."""

import asyncio
import errno
import json
import signal
import socket
import subprocess
import sys
import threading
import time
import tracemalloc
from concurrent.futures import ThreadPoolExecutor

import httpx2
import pytest

import agentkit
from agentkit import serve
from agentkit.offline import OfflineAPI
from agentkit.serve import Background, KeyedAPIs, RecentLog

MODEL = agentkit.default_model()
BODY = {"model": MODEL, "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}]}


def post(url, key, **kw):
    kw.setdefault("headers", {"x-api-key": key, "anthropic-version": "2023-06-01"})
    kw.setdefault("timeout", 60)
    return httpx2.post(f"{url}/v1/messages", **kw)


@pytest.mark.slow
def test_a_world_is_made_only_for_a_valid_request():
    with Background() as bg:
        for i in range(20):
            assert post(bg.url, f"invented-{i}", content=b"{bad").status_code == 400
            assert post(bg.url, f"invented-{i}", json={**BODY, "model": "x"}).status_code == 404
        assert dict(bg.apis) == {} and bg.apis._locks == {}
        assert post(bg.url, "student-1", json=BODY).status_code == 200
        assert list(bg.apis) == ["student-1"]


def test_live_keys_are_capped_and_the_least_recently_used_goes_first():
    with Background(apis=KeyedAPIs(max_keys=3)) as bg:
        for key in ("a", "b", "c"):
            assert post(bg.url, key, json=BODY).status_code == 200
        assert post(bg.url, "a", json=BODY).status_code == 200  # a is used again
        assert post(bg.url, "d", json=BODY).status_code == 200
        assert list(bg.apis) == ["c", "a", "d"]  # b, the least recently used, was dropped


def test_the_request_log_is_bounded_in_count_and_bytes():
    log = RecentLog(count=3, size=100)
    for i in range(10):
        log.append(json.dumps({"n": i}).encode())
    assert [b["n"] for b in log] == [7, 8, 9]
    log.append(b'"' + b"x" * 200 + b'"')  # larger than the whole budget: not kept
    log.append(b'"' + b"y" * 60 + b'"')
    assert list(log) == [{"n": 8}, {"n": 9}, "y" * 60]
    log.append(b'"' + b"z" * 90 + b'"')
    assert list(log) == ["z" * 90]  # the oldest went until the rest fit in 100 bytes
    with Background() as bg:
        for _ in range(3):
            post(bg.url, "k", json=BODY)
        assert isinstance(bg.apis["k"].log, RecentLog) and len(bg.apis["k"].log) == 3


def test_a_body_over_33_mb_still_gets_the_apis_413():
    with Background() as bg:
        r = post(bg.url, "k", content=b" " * (40 * 1024 * 1024))
        assert r.status_code == 413 and r.json()["error"]["type"] == "request_too_large"
        assert r.json()["error"]["message"] == "Request exceeds the maximum size"
        assert post(bg.url, "k", json=BODY).status_code == 200  # and the server goes on


@pytest.mark.parametrize("method", ["HEAD", "OPTIONS", "TRACE"])
def test_every_method_gets_the_apis_error_shape(method):
    with Background() as bg:
        r = httpx2.request(
            method,
            f"{bg.url}/v1/messages",
            headers={"x-api-key": "k", "anthropic-version": "2023-06-01"},
        )
        assert r.status_code in (404, 405) and "html" not in r.headers.get("content-type", "")
        if method != "HEAD":
            assert r.json()["type"] == "error" and r.json()["error"]["type"] == "not_found_error"


@pytest.mark.parametrize("kind", ["multipart/form-data", "multipart/form-data; boundary=zz"])
def test_a_malformed_multipart_body_gets_the_apis_error_shape(kind):
    with Background() as bg:
        r = post(
            bg.url,
            "k",
            headers={"x-api-key": "k", "anthropic-version": "2023-06-01", "content-type": kind},
            content=b"--zz\r\nx",
        )
        assert r.status_code == 400 and r.headers["content-type"].startswith("application/json")
        assert r.json()["error"]["type"] == "invalid_request_error"


def test_a_silent_client_is_disconnected(monkeypatch):
    monkeypatch.setattr(serve, "IDLE_TIMEOUT", 0.5)
    with Background() as bg, socket.create_connection(("127.0.0.1", bg.port)) as s:
        s.settimeout(10)
        assert s.recv(100) == b""  # the server closed the connection that sent no headers


@pytest.mark.parametrize("sent", [b"POST /v1/messages HTTP/1.1\r\nx-api-key: k", b"BODY"])
def test_a_request_too_slow_to_arrive_gets_a_408_in_the_apis_shape(monkeypatch, sent):
    """A slow-loris client (headers or body a byte now and then) is told, then disconnected."""
    monkeypatch.setattr(serve, "IDLE_TIMEOUT", 0.5)
    monkeypatch.setattr(serve, "BODY_TIMEOUT", 0.5)
    if sent == b"BODY":
        sent = raw_request(json.dumps(BODY).encode())[:-5]
    with Background() as bg, socket.create_connection(("127.0.0.1", bg.port)) as s:
        s.settimeout(10)
        for byte in sent[:-1]:
            s.send(bytes([byte]))  # many tiny writes, each in time: only the whole is late
        time.sleep(0.6)
        got = b""
        while data := s.recv(65536):
            got += data
    head, _, body = got.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408") and b"connection: close" in head, got
    assert json.loads(body)["error"] == {
        "type": "invalid_request_error",
        "message": "Request timed out",
    }


def test_out_of_file_descriptors_pauses_accepting_instead_of_spinning():
    class Exhausted:
        calls = 0

        def fileno(self):
            return self._pair.fileno()

        def accept(self):
            Exhausted.calls += 1
            raise OSError(errno.EMFILE, "Too many open files")

    async def main():
        a, b = socket.socketpair()
        sock = Exhausted()
        sock._pair = a
        acceptor = serve._Acceptor(sock, lambda c, addr: None)
        b.send(b"x")  # readable: the loop calls accept
        await asyncio.sleep(0.3)
        assert Exhausted.calls == 1 and not acceptor.on  # one try, then a pause
        acceptor.remove()
        a.close()
        b.close()

    asyncio.run(main())


def test_host_and_port_are_checked():
    assert serve.check_host("::") == "::" and serve.check_host("[::1]") == "::1"
    assert serve.check_host("localhost") == "localhost"
    for bad in ("bad host", "999.1.1.1", "http://x", ""):
        with pytest.raises(ValueError, match="--host"):
            serve.check_host(bad)
    assert serve.check_port("0") == 0 and serve.check_port("65535") == 65535
    for bad in ("70000", "-1", "80a", "", "²", "٣", "８０"):  # ASCII digits only
        with pytest.raises(ValueError, match="1–65535"):
            serve.check_port(bad)
    assert serve.url_for("::1", 8948) == "http://[::1]:8948"
    assert serve.url_for("::", 8948).startswith("http://[")
    assert "127.0.0.1" not in serve.url_for("0.0.0.0", 8948) or not serve._own_address(False)


def test_a_bad_port_host_or_clock_is_one_line_that_names_it(capsys, monkeypatch):
    assert serve.serve("127.0.0.1", 70000) == 1
    assert serve.serve("bad host", 8765) == 1
    monkeypatch.setenv("AGENTKIT_TODAY", "2027-13-45")
    assert serve.serve("127.0.0.1", 0) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and "--port '70000'" in err[0] and "--host 'bad host'" in err[1]
    assert "AGENTKIT_TODAY='2027-13-45'" in err[2]
    assert "端口" not in err[1]  # a bad host is not told to change the port


def start(*args):
    proc = subprocess.Popen(
        [sys.executable, "-m", "agentkit", "serve", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines = [proc.stdout.readline() for _ in range(3)]
    url = next(line for line in lines if line.startswith("export ANTHROPIC_BASE_URL="))
    return proc, url.strip().split("=", 1)[1]


def stop(proc):
    proc.send_signal(signal.SIGINT)
    return proc.communicate(timeout=60)


@pytest.mark.slow
def test_a_non_loopback_host_warns_in_one_line_and_prints_the_real_url():
    proc, url = start("--host", "0.0.0.0")
    try:
        assert not url.startswith("http://127.0.0.1") and not url.startswith("http://0.0.0.0")
        port = url.rsplit(":", 1)[1]
        assert (
            httpx2.get(
                f"http://127.0.0.1:{port}/v1/models",
                headers={"x-api-key": "k", "anthropic-version": "2023-06-01"},
                timeout=60,
            ).status_code
            == 200
        )
    finally:
        out, err = stop(proc)
    assert len(err.strip().splitlines()) == 1 and "--host 0.0.0.0" in err


@pytest.mark.slow
@pytest.mark.parametrize("host", ["LOCALHOST", "0x7f.1"])
def test_a_loopback_host_by_another_name_is_not_warned_about(host):
    """The warning is about what the server is bound to (here 127.0.0.1), not the name given."""
    proc, url = start("--host", host)
    out, err = stop(proc)
    assert err == "" and out.strip().endswith("离线 Claude API 已停止。")


@pytest.mark.slow
def test_a_client_that_hangs_up_mid_stream_is_not_a_traceback():
    proc, url = start()
    try:
        host, port = url.removeprefix("http://").rsplit(":", 1)
        body = json.dumps({**BODY, "stream": True, "max_tokens": 1024}).encode()
        request = (
            f"POST /v1/messages HTTP/1.1\r\nHost: x\r\nx-api-key: k\r\nanthropic-version: 2023-06-01\r\n"
            f"content-type: application/json\r\ncontent-length: {len(body)}\r\n\r\n"
        ).encode() + body
        for _ in range(5):
            s = socket.create_connection((host, int(port)))
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
            s.sendall(request)
            s.close()  # a reset before the answer is written
        time.sleep(1)
        assert (
            httpx2.get(
                f"{url}/v1/models",
                headers={"x-api-key": "k", "anthropic-version": "2023-06-01"},
                timeout=60,
            ).status_code
            == 200
        )
    finally:
        out, err = stop(proc)
    assert "Traceback" not in err and "StreamClosedError" not in err
    assert out.strip().endswith("离线 Claude API 已停止。")


def interrupted_at(moment: str, count: int = 1):
    """`python -m agentkit serve` sent SIGINT once stderr has shown `count` imports (-X importtime)
    of modules starting with `moment`: a moment while the package (or serve) is still importing."""
    proc = subprocess.Popen(
        [sys.executable, "-X", "importtime", "-m", "agentkit", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    guard = threading.Timer(120, proc.kill)  # a moment that never comes fails, never hangs
    guard.start()
    seen = 0
    for line in proc.stderr:
        seen += line.rsplit("|", 1)[-1].strip().startswith(moment)
        if seen == count:
            break
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    guard.cancel()
    said = [line for line in (out + err).splitlines() if not line.startswith("import time:")]
    return proc.returncode, said


@pytest.mark.parametrize("moment", [("anthropic", 1), ("pydantic", 20), ("anthropic.types", 100)])
def test_ctrl_c_while_the_package_is_importing_exits_quietly_with_130(moment):
    status, said = interrupted_at(*moment)
    assert status == 130 and said == [], said


@pytest.mark.slow
def test_ctrl_c_while_serve_is_importing_exits_quietly():
    status, said = interrupted_at("tornado")
    # by the time the signal lands the server may be up: then it stops as usual
    assert (status, said) == (130, []) or (status == 0 and said[-1] == "离线 Claude API 已停止。")


def hold_large_bodies(monkeypatch):
    """OfflineAPI.handle, for a body handled off the event loop, waits for `release` after
    setting `entered`: (entered, release)."""
    entered, release = threading.Event(), threading.Event()
    handle = OfflineAPI.handle

    def held(self, method, path, content, headers=None):
        if len(content) > serve.OFF_LOOP:
            entered.set()
            release.wait(60)
        return handle(self, method, path, content, headers)

    monkeypatch.setattr(OfflineAPI, "handle", held)
    return entered, release


def test_another_keys_small_request_is_answered_while_a_large_body_is_handled(monkeypatch):
    """A large body is handled off the event loop: here its handling waits until the small request
    of another key has its answer, which it gets while the large one is still pending."""
    entered, release = hold_large_bodies(monkeypatch)
    text = "x" * (2 * serve.OFF_LOOP)  # within the context window: a valid request
    large = json.dumps({**BODY, "messages": [{"role": "user", "content": text}]}).encode()
    with Background() as bg, ThreadPoolExecutor(1) as pool:
        pending = pool.submit(post, bg.url, "large", content=large)
        assert entered.wait(60)
        small = post(bg.url, "small", json=BODY, timeout=10)
        answered_first = not pending.done()
        release.set()
        assert small.status_code == 200 and answered_first
        assert pending.result().status_code == 200


def exchange(port: int, raw: bytes, until: bytes = b"", timeout: float = 20) -> bytes:
    """Send raw bytes on a fresh connection; read until `until` has been seen (or the close)."""
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.settimeout(timeout)
        s.sendall(raw)
        got = b""
        while not (until and until in got):
            data = s.recv(65536)
            if not data:
                break
            got += data
        return got


def raw_request(body: bytes, *, key: str = "k", extra: str = "", version: str = "1.1") -> bytes:
    return (
        f"POST /v1/messages HTTP/{version}\r\nHost: x\r\nx-api-key: {key}\r\n"
        f"anthropic-version: 2023-06-01\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\n{extra}\r\n"
    ).encode() + body


def test_pipelined_requests_are_answered_in_order_on_one_connection():
    """Three requests in one write, two keys, the second key's first request (a new world) and a
    stream between them: three answers, in the order asked, each whole."""
    plain = json.dumps(BODY).encode()
    stream = json.dumps({**BODY, "stream": True}).encode()
    models = b"GET /v1/models HTTP/1.1\r\nHost: x\r\nx-api-key: k\r\nanthropic-version: 2023-06-01\r\n\r\n"
    with Background() as bg:
        got = exchange(
            bg.port,
            raw_request(plain, key="a") + raw_request(stream, key="b") + models,
            until=b'"has_more"',
        )
    starts = [i for i in range(len(got)) if got.startswith(b"HTTP/1.1 200", i)]
    assert len(starts) == 3, got[:300]
    first, second, third = (got[a:b] for a, b in zip(starts, [*starts[1:], len(got)], strict=True))
    assert b'"type":"message"' in first and b"content-length:" in first
    assert b"event: message_stop" in second and b"transfer-encoding: chunked" in second
    assert second.endswith(b"\r\n0\r\n\r\n") and b'"has_more"' in third


def test_expect_100_continue_is_answered_before_the_body_is_sent():
    """curl sends `Expect: 100-continue` for a body over 1 KB and waits for the interim answer."""
    body = json.dumps(BODY).encode()
    with Background() as bg, socket.create_connection(("127.0.0.1", bg.port)) as s:
        s.settimeout(10)
        head = raw_request(body, extra="expect: 100-continue\r\n")[: -len(body)]
        s.sendall(head)
        assert s.recv(100) == b"HTTP/1.1 100 Continue\r\n\r\n"  # before any body byte
        s.sendall(body)
        got = b""
        while b'"type":"message"' not in got:
            got += s.recv(65536)
        assert got.startswith(b"HTTP/1.1 200")


def test_a_body_over_the_limit_that_expects_100_continue_is_refused_before_it_is_sent():
    """curl waits for 100 Continue before sending a large body: a body over 32 MB gets the 413
    instead, not an invitation to send 33 MB that is then thrown away."""
    head = raw_request(b"", extra="expect: 100-continue\r\n").replace(
        b"content-length: 0", b"content-length: %d" % (serve.MAX_BODY + 1)
    )
    with Background() as bg, socket.create_connection(("127.0.0.1", bg.port)) as s:
        s.settimeout(10)
        s.sendall(head)
        assert s.recv(100).startswith(b"HTTP/1.1 413")


def test_a_chunked_request_body_is_read_and_an_http_1_0_stream_ends_with_the_close():
    body = json.dumps(BODY).encode()
    chunked = (
        b"POST /v1/messages HTTP/1.1\r\nHost: x\r\nx-api-key: k\r\nanthropic-version: 2023-06-01\r\n"
        b"transfer-encoding: chunked\r\nconnection: close\r\n\r\n"
        + b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in (body[:10], body[10:]))
        + b"0\r\n\r\n"
    )
    stream = json.dumps({**BODY, "stream": True}).encode()
    with Background() as bg:
        got = exchange(bg.port, chunked)
        assert got.startswith(b"HTTP/1.1 200") and b"connection: close" in got
        old = exchange(bg.port, raw_request(stream, version="1.0"))
    assert old.startswith(b"HTTP/1.1 200") and b"transfer-encoding" not in old
    assert old.rstrip().endswith(b'data: {"type":"message_stop"}')


@pytest.mark.parametrize(
    "raw, status, kind",
    [
        (b"NOT HTTP AT ALL\r\n\r\n", 400, "invalid_request_error"),
        (b"POST /v1/messages HTTP/1.1\r\ncontent-length: x\r\n\r\n", 400, "invalid_request_error"),
        (
            b"GET /v1/models HTTP/1.1\r\nx-big: " + b"y" * (serve.MAX_HEADERS + 10) + b"\r\n\r\n",
            431,
            "invalid_request_error",
        ),
        (  # 20,000 empty headers: 80 KB on the wire, though names and values are 20 KB
            b"GET /v1/models HTTP/1.1\r\n" + b"a:\r\n" * 20_000 + b"\r\n",
            431,
            "invalid_request_error",
        ),
        (
            b"POST /v1/messages HTTP/1.1\r\nx-api-key: k\r\ncontent-length: %d\r\n\r\n"
            % (serve.DISCARD_LIMIT + 1),
            413,
            "request_too_large",
        ),
    ],
    ids=["garbage", "bad-length", "huge-headers", "many-empty-headers", "huge-declared-body"],
)
def test_broken_http_gets_the_apis_error_shape_and_the_connection_closes(raw, status, kind):
    with Background() as bg:
        got = exchange(bg.port, raw)
        head, _, body = got.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 %d" % status) and b"connection: close" in head, got[:200]
        assert json.loads(body)["error"]["type"] == kind
        assert post(bg.url, "k", json=BODY).status_code == 200  # and the server goes on


def test_an_upgrade_request_is_answered_in_http_1_1():
    """curl --http2 on http:// asks `Upgrade: h2c`: the answer is HTTP/1.1, as the spec allows."""
    body = json.dumps(BODY).encode()
    extra = "connection: Upgrade, HTTP2-Settings\r\nupgrade: h2c\r\nhttp2-settings: AAMAAABkAARAAAAAAAIAAAAA\r\n"
    with Background() as bg:
        got = exchange(bg.port, raw_request(body, extra=extra))
    assert got.startswith(b"HTTP/1.1 200") and b'"type":"message"' in got


# --- raw-socket attacks (issue 19, second round)

LARGE = json.dumps({**BODY, "messages": [{"role": "user", "content": "x" * (300 * 1024)}]}).encode()


def answers(got: bytes) -> list[int]:
    return [int(got[i + 9 : i + 12]) for i in range(len(got)) if got.startswith(b"HTTP/1.1 ", i)]


@pytest.mark.parametrize(
    "bad", [b"GARBAGE\r\n\r\n", b"POST / HTTP/1.1\r\ncontent-length: -1\r\n\r\n"]
)
def test_a_bad_request_pipelined_after_a_pending_one_is_answered_after_it(bad):
    """The first request is still being answered (a body over OFF_LOOP, in a worker thread) when
    the broken one behind it is read: the first's answer comes first, then the 400, then the close."""
    assert len(LARGE) > serve.OFF_LOOP
    with Background() as bg:
        got = exchange(bg.port, raw_request(LARGE) + raw_request(b"{}") + bad)
        assert answers(got) == [200, 400, 400], got[:300]
        last = json.loads(got.rpartition(b"\r\n\r\n")[2])
        assert last["error"] == {
            "type": "invalid_request_error",
            "message": "Malformed HTTP request",
        }
        assert list(bg.apis) == ["k"]  # and the world the first one made is kept


@pytest.mark.slow
def test_a_client_that_never_reads_its_answers_is_not_answered_without_bound(monkeypatch):
    """Pipelining 20,000 requests (86 MB of answers) without reading: the server stops answering
    (and reading) once its write buffer is full, and drops the client after IDLE_TIMEOUT."""
    monkeypatch.setattr(serve, "IDLE_TIMEOUT", 1.0)
    handled = []
    handle = OfflineAPI.handle

    def counted(self, *args, **kw):
        handled.append(1)
        return handle(self, *args, **kw)

    monkeypatch.setattr(OfflineAPI, "handle", counted)
    one = b"GET /v1/models HTTP/1.1\r\nHost: x\r\nx-api-key: k\r\nanthropic-version: 2023-06-01\r\n\r\n"
    pending = memoryview(one * 20_000)
    with Background() as bg, socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        s.connect(("127.0.0.1", bg.port))
        s.setblocking(False)
        # Send until the server stops answering (it paused once its write buffer filled), however
        # loaded the machine is; then give its IDLE_TIMEOUT time to run out.
        deadline, seen, still_since = time.monotonic() + 60, -1, time.monotonic()
        while time.monotonic() < deadline and time.monotonic() - still_since < 0.5:
            try:
                pending = pending[s.send(pending) :] if pending else pending
            except BlockingIOError:
                pass
            time.sleep(0.01)
            if len(handled) != seen:
                seen, still_since = len(handled), time.monotonic()
        time.sleep(serve.IDLE_TIMEOUT + 1)
        answered = len(handled)
        s.setblocking(True)
        s.settimeout(20)
        got = 0
        with pytest.raises(ConnectionResetError):  # dropped: what it did not read is gone
            while data := s.recv(1 << 20):
                got += len(data)
    assert answered < 5_000 and got < 5_000 * 4_500, (answered, got)


class Recording(asyncio.Transport):
    """A connection's transport that keeps what the server writes, and when it closes."""

    def __init__(self, name: str, log: list) -> None:
        super().__init__()
        self.name, self.log, self.closing = name, log, False

    def write(self, data) -> None:
        self.log.append((self.name, bytes(data)))

    def close(self) -> None:
        self.log.append((self.name, "close"))
        self.closing = True

    def is_closing(self) -> bool:
        return self.closing

    def get_write_buffer_size(self) -> int:
        return 0

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


def test_the_answers_of_one_turn_of_the_loop_are_written_at_its_end():
    """On loopback a write wakes its client, which takes the CPU from the server mid-turn: the
    answers of one turn of the event loop are made first, then written. Two connections, each with
    requests in the same turn: nothing is written while they are answered; then each connection's
    answers go in one write, in order, and nothing after an answer that closes the connection."""
    plain = json.dumps(BODY).encode()
    log: list = []

    async def one_turn() -> None:
        a, b = serve.Connection(KeyedAPIs()), serve.Connection(KeyedAPIs())
        a.connection_made(Recording("a", log))
        b.connection_made(Recording("b", log))
        a.data_received(raw_request(plain, key="a") + raw_request(plain, key="a"))
        closing = raw_request(plain, key="b", extra="connection: close\r\n")
        b.data_received(closing + raw_request(plain, key="b"))
        assert log == []  # answered, not yet written
        await asyncio.sleep(0)
        for c in (a, b):
            c._wait(None)

    asyncio.run(one_turn())
    assert [
        (name, data if data == "close" else data.count(b"HTTP/1.1 200")) for name, data in log
    ] == [
        ("a", 2),
        ("b", 1),
        ("b", "close"),
    ]


# --- HTTP framing as RFC 9110 and 9112 say (issue 34: trailers, TE, 100 Continue, Host)


def chunked_request(
    body: bytes, *, head: str = "x-api-key: k\r\n", trailer: str = "", version: str = "1.1"
) -> bytes:
    """A POST /v1/messages with a chunked body (in two chunks) and `trailer` after the last one."""
    return (
        f"POST /v1/messages HTTP/{version}\r\nHost: x\r\n{head}anthropic-version: 2023-06-01\r\n"
        f"content-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n"
    ).encode() + (
        b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in (body[:10], body[10:]))
        + b"0\r\n"
        + trailer.encode()
        + b"\r\n"
    )


def split_answers(got: bytes) -> list[tuple[bytes, bytes]]:
    """Each answer's (head, body) in what a connection received (JSON answers with a length)."""
    found = []
    while got.startswith(b"HTTP/1.1 "):
        head, _, rest = got.partition(b"\r\n\r\n")
        length = next(
            (int(line[15:]) for line in head.split(b"\r\n") if line.startswith(b"content-length:")),
            0,
        )
        found.append((head, rest[:length]))
        got = rest[length:]
    return found


@pytest.mark.parametrize("trailer", ["x-api-key: k\r\n", "authorization: Bearer k\r\n"])
def test_a_key_sent_only_in_a_trailer_is_no_key(trailer):
    """RFC 9110 §6.5.1 (and RFC 9112 §7.1.2): a trailer field is not merged into the header section
    (authentication is among the fields that must come before the content); a key sent only there
    is no key, and no world is made for it."""
    with Background() as bg:
        raw = chunked_request(
            json.dumps(BODY).encode(), head="connection: close\r\n", trailer=trailer
        )
        got = exchange(bg.port, raw)
        assert dict(bg.apis) == {}
    (head, body), *more = split_answers(got)
    assert head.startswith(b"HTTP/1.1 401") and not more, got[:300]
    assert json.loads(body)["error"]["type"] == "authentication_error"


def test_a_trailer_never_changes_what_the_request_means():
    """Every field a request is read by, sent again in a trailer with another value: the answer and
    the world it lands in are the header section's, and the next request on the connection too."""
    trailer = (
        "x-api-key: b\r\nauthorization: Bearer b\r\nanthropic-version: 1999-01-01\r\n"
        "anthropic-beta: nonsense-2020\r\ncontent-type: text/plain\r\nexpect: 100-continue\r\n"
        "host: a\r\nhost: b\r\nconnection: upgrade\r\nupgrade: h2c\r\n"
    )
    body = json.dumps(BODY).encode()
    with Background() as bg:
        first = chunked_request(body, head="x-api-key: a\r\n", trailer=trailer)
        got = exchange(bg.port, first + raw_request(body, extra="connection: close\r\n"))
        keys = sorted(bg.apis)
    answered = split_answers(got)
    assert [head[:12] for head, _ in answered] == [b"HTTP/1.1 200", b"HTTP/1.1 200"], got[:400]
    assert b"connection: close" not in answered[0][0]
    assert all(json.loads(body)["type"] == "message" for _, body in answered)
    assert keys == ["a", "k"]  # the first landed in a's world, not in b's (nor in "a, b")


def test_a_connection_close_in_a_trailer_ends_the_connection_without_a_false_400():
    """llhttp (httptools) reads no further request after a trailer's `Connection: close`: the
    answer to this one says so and the connection closes, with no 400 for the request behind it
    (RFC 9112 §9.6: a server closes after the answer; a client resends what was not answered)."""
    body = json.dumps(BODY).encode()
    with Background() as bg:
        first = chunked_request(body, trailer="connection: close\r\n")
        got = exchange(bg.port, first + raw_request(body))
    answered = split_answers(got)
    assert [head[:12] for head, _ in answered] == [b"HTTP/1.1 200"], got[:400]
    assert b"connection: close" in answered[0][0]


MODELS = (
    b"GET /v1/models HTTP/1.1\r\nHost: x\r\nx-api-key: k\r\nanthropic-version: 2023-06-01\r\n\r\n"
)


@pytest.mark.parametrize("version", ["1.0", "0.9"])
@pytest.mark.parametrize("connection", ["connection: keep-alive\r\n", ""])
def test_transfer_encoding_before_http_1_1_is_refused_and_closes(monkeypatch, connection, version):
    """RFC 9112 §6.1: a server that receives an HTTP/1.0 message with Transfer-Encoding MUST treat
    its framing as faulty and close the connection after it (§6.3: faulty framing is a 400). The
    request pipelined behind it, whose start the faulty framing leaves in doubt, is never answered,
    even when the first asked to be kept alive."""
    monkeypatch.setattr(serve, "IDLE_TIMEOUT", 2.0)  # an open connection fails soon, not in 60 s
    raw = chunked_request(json.dumps(BODY).encode(), head=f"x-api-key: k\r\n{connection}")
    with Background() as bg:
        got = exchange(bg.port, raw.replace(b"HTTP/1.1", f"HTTP/{version}".encode()) + MODELS)
        assert dict(bg.apis) == {}  # nothing was handled
    (head, body), *more = split_answers(got)
    assert head.startswith(b"HTTP/1.1 400") and b"connection: close" in head, got[:300]
    assert not more and got.count(b"HTTP/1.1 ") == 1, got[:600]
    assert json.loads(body) == {
        "type": "error",
        "error": {
            "type": "invalid_request_error",
            "message": f"Transfer-Encoding is not allowed in HTTP/{version}",
        },
        "request_id": json.loads(body)["request_id"],
    }


@pytest.mark.parametrize(
    "codings, status",
    [
        (["gzip, chunked"], 501),
        (["gzip", "chunked"], 501),  # one list over two field lines (RFC 9110 §5.3)
        (["x-unknown, chunked"], 501),
        (["chunked, identity"], 400),
        (["identity"], 400),
        (["x-unknown"], 400),
        (["chunked;ext=1"], 400),
        (["chunked, chunked"], 400),
        (["chunked, gzip"], 400),
    ],
    ids=repr,
)
def test_a_transfer_coding_other_than_chunked_is_refused_and_closes(monkeypatch, codings, status):
    """RFC 9112 §6.1: a transfer coding the server does not understand SHOULD be a 501 (here any
    coding before the final chunked: serve decodes only chunked); §6.3: when chunked is not the
    final coding (or is applied twice, §7), the body's length cannot be known: a 400, then the
    close. Either in the API's error shape, and the request pipelined behind it is not read."""
    monkeypatch.setattr(serve, "IDLE_TIMEOUT", 2.0)  # an open connection fails soon, not in 60 s
    lines = "".join(f"transfer-encoding: {coding}\r\n" for coding in codings)
    raw = chunked_request(json.dumps(BODY).encode()).replace(
        b"transfer-encoding: chunked\r\n", lines.encode()
    )
    with Background() as bg:
        got = exchange(bg.port, raw + MODELS)
        assert dict(bg.apis) == {}
    (head, body), *more = split_answers(got)
    assert head.startswith(b"HTTP/1.1 %d" % status) and b"connection: close" in head, got[:300]
    assert not more and got.count(b"HTTP/1.1 ") == 1, got[:600]
    error = json.loads(body)
    assert error["type"] == "error" and error["error"]["type"] == "invalid_request_error"
    if status == 501:
        assert error["error"]["message"].startswith("Transfer-Encoding not implemented: ")


def test_chunked_is_read_in_any_case_as_transfer_coding_names_are():
    """RFC 9112 §7: transfer coding names are case-insensitive."""
    raw = chunked_request(json.dumps(BODY).encode(), head="x-api-key: k\r\nconnection: close\r\n")
    with Background() as bg:
        got = exchange(
            bg.port, raw.replace(b"transfer-encoding: chunked", b"Transfer-Encoding: ChUnKeD")
        )
    assert got.startswith(b"HTTP/1.1 200") and b'"type":"message"' in got


def read_until(s: socket.socket, marker: bytes, got: bytes = b"") -> bytes:
    while marker not in got:
        data = s.recv(65536)
        if not data:
            break
        got += data
    return got


def headers_parsed(monkeypatch) -> threading.Event:
    """Set once the server has read the header section of a request that expects 100-continue."""
    parsed, original = threading.Event(), serve.Connection.on_headers_complete

    def noted(self):
        original(self)
        if "expect" in self.request.headers:
            parsed.set()

    monkeypatch.setattr(serve.Connection, "on_headers_complete", noted)
    return parsed


def test_100_continue_goes_out_after_the_answers_to_the_requests_before_it(monkeypatch):
    """RFC 9112 §9.3.2: responses go in the order the requests came, and a 100 is the start of
    its own request's response (RFC 9110 §15.2): sent while an earlier pipelined request is still
    being answered, a client reads it as that request's. Here the connection's first request waits
    for its key (another connection's large body holds it); the 100 for the second comes only
    after the first one's answer."""
    entered, release = hold_large_bodies(monkeypatch)
    parsed = headers_parsed(monkeypatch)
    body = json.dumps(BODY).encode()
    expecting = raw_request(body, extra="expect: 100-continue\r\n")[: -len(body)]
    with Background() as bg, ThreadPoolExecutor(1) as pool:
        pending = pool.submit(post, bg.url, "k", content=LARGE)
        assert entered.wait(60)
        with socket.create_connection(("127.0.0.1", bg.port)) as s:
            s.settimeout(20)
            s.sendall(raw_request(body) + expecting)  # key k: the first waits for k's turn
            assert parsed.wait(20)  # the second's header section is read: its 100 is due
            release.set()
            got = read_until(s, b"100 Continue\r\n\r\n")
            assert got.startswith(b"HTTP/1.1 200") and b'"type":"message"' in got, got[:200]
            assert got.endswith(b"}HTTP/1.1 100 Continue\r\n\r\n"), got[-200:]
            s.sendall(body)
            second = read_until(s, b'"type":"message"')
        assert pending.result().status_code == 200
    assert second.startswith(b"HTTP/1.1 200"), second[:200]


def test_an_http_1_0_request_is_never_sent_100_continue(monkeypatch):
    """RFC 9110 §10.1.1: a server MUST ignore a 100-continue expectation in an HTTP/1.0 request
    (and §15.2: MUST NOT send a 1xx to an HTTP/1.0 client)."""
    parsed = headers_parsed(monkeypatch)
    body = json.dumps(BODY).encode()
    raw = raw_request(body, extra="expect: 100-continue\r\n", version="1.0")
    with Background() as bg, socket.create_connection(("127.0.0.1", bg.port)) as s:
        s.settimeout(20)
        s.sendall(raw[: -len(body)])
        assert parsed.wait(20)
        s.sendall(body)
        got = read_until(s, b"never: the close ends it")
    assert got.startswith(b"HTTP/1.1 200") and b"100 Continue" not in got, got[:200]


@pytest.mark.parametrize(
    "hosts, message",
    [
        ([], "Host header is required in HTTP/1.1"),
        (["x", "x"], "Only one Host header is allowed"),
        (["a", "b"], "Only one Host header is allowed"),
        (["x, y"], "Invalid Host header"),  # two values on one line are two Host values too
        (["bad host"], "Invalid Host header"),
        (["x/y"], "Invalid Host header"),
        (["user@x"], "Invalid Host header"),
        (["x:80a"], "Invalid Host header"),
    ],
    ids=repr,
)
def test_an_http_1_1_request_needs_exactly_one_valid_host(monkeypatch, hosts, message):
    """RFC 9112 §3.2: a server MUST answer 400 to an HTTP/1.1 request without Host, and to any
    request with more than one Host line or an invalid Host value (RFC 9110 §7.2: uri-host and
    an optional port); in the API's error shape, and nothing of the request handled."""
    monkeypatch.setattr(serve, "IDLE_TIMEOUT", 2.0)  # an open connection fails soon, not in 60 s
    lines = "".join(f"Host: {host}\r\n" for host in hosts)
    raw = raw_request(json.dumps(BODY).encode()).replace(b"Host: x\r\n", lines.encode())
    with Background() as bg:
        got = exchange(bg.port, raw + MODELS)
        assert dict(bg.apis) == {}
    (head, body), *more = split_answers(got)
    assert head.startswith(b"HTTP/1.1 400") and not more, got[:300]
    assert json.loads(body)["error"] == {"type": "invalid_request_error", "message": message}


@pytest.mark.parametrize(
    "host", ["127.0.0.1:8765", "[::1]:8765", "localhost", "", "Ex-am.ple_~1", "x:", "x \t"]
)
def test_any_valid_host_is_accepted_and_http_1_0_needs_none(host):
    """RFC 9110 §7.2: a host name or address, an optional port (its digits may be empty), the
    value's trailing whitespace not part of it (§5.5); an HTTP/1.0 request may have no Host."""
    body = json.dumps(BODY).encode()
    close = "connection: close\r\n"
    with Background() as bg:
        one = exchange(
            bg.port, raw_request(body, extra=close).replace(b"Host: x", f"Host: {host}".encode())
        )
        old = exchange(bg.port, raw_request(body, version="1.0").replace(b"Host: x\r\n", b""))
    assert one.startswith(b"HTTP/1.1 200") and old.startswith(b"HTTP/1.1 200"), (one, old)


@pytest.mark.parametrize(
    "target, status",
    [
        ("http://127.0.0.1:{port}/v1/messages", 200),
        ("HTTP://127.0.0.1:{port}/v1/messages?beta=true", 200),
        ("http://elsewhere.example/v1/messages", 200),  # an origin server ignores Host here
        ("https://[::1]:{port}/v1/messages", 200),
        ("http://127.0.0.1:{port}", 404),  # an empty path is "/" (RFC 9112 §3.3)
        ("http://127.0.0.1:{port}/v1/messages/../messages", 404),  # read as sent, as origin-form is
        ("http://user@127.0.0.1:{port}/v1/messages", 400),  # userinfo: RFC 9110 §4.2.4
        ("ftp://127.0.0.1:{port}/v1/messages", 400),
        ("http:///v1/messages", 400),  # no host: RFC 9110 §4.2.1
        ("http://:{port}/v1/messages", 400),
    ],
)
def test_an_absolute_form_target_is_read_as_its_path(target, status):
    """RFC 9112 §3.2.2: a server MUST accept the absolute-form of the request target (what a
    client sends through a proxy), and an origin server then takes the host from the target, not
    from Host (which must still be there, once)."""
    body = json.dumps(BODY).encode()
    with Background() as bg:
        raw = raw_request(body, extra="connection: close\r\n").replace(
            b"POST /v1/messages ", f"POST {target.format(port=bg.port)} ".encode()
        )
        got = exchange(bg.port, raw)
    (head, answer), *more = split_answers(got)
    assert head.startswith(b"HTTP/1.1 %d" % status) and not more, got[:300]
    assert json.loads(answer)["type"] == ("message" if status == 200 else "error")


def test_a_known_keys_refusal_log_is_bounded_in_bytes():
    """Issue 34: every refusal on a known key was kept with its message (100 with a 1 MB model
    name: 100 MiB). A key's API as serve makes it keeps the latest REFUSALS of them, each message
    cut to REFUSAL_TEXT characters; what the grader reads of a refusal (its call, status and code)
    is kept whole, and the latest one is this call's."""
    apis = KeyedAPIs()
    api = apis.for_key("k")
    headers = {"anthropic-version": "2023-06-01"}
    assert api.handle("POST", "/v1/messages", json.dumps(BODY).encode(), headers).status == 200
    apis.keep("k", api)
    huge = json.dumps({**BODY, "model": "m" * 1_000_000}).encode()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(100):
            assert api.handle("POST", "/v1/messages", huge, headers).status == 404
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert grown < serve.LOG_BYTES + 2 * 1024 * 1024, (
        grown
    )  # the body log's own MiB, and little else
    assert len(api.refusals) == serve.REFUSALS
    assert all(len(r.message) <= serve.REFUSAL_TEXT for r in api.refusals)
    last = api.refusals[-1]
    assert (last.call, last.status, last.code) == (api.calls, 404, "invalid_request")
    assert last.message.startswith("model: mmm")


@pytest.mark.slow
def test_a_body_over_off_process_is_answered_by_a_worker_process_and_its_key_goes_on(monkeypatch):
    """json's parser and encoder hold the interpreter lock for the whole of a body, so in a thread a
    30 MB body stalled every other key (109 ms): a body over OFF_PROCESS is answered by a copy of
    its key's API in a worker process (the server's own `handle` never sees it), and that copy, as
    the request left it, is the key's API afterwards; a new key's refused large body leaves none."""
    seen: list[int] = []
    handle = OfflineAPI.handle

    def in_server(self, method, path, content, headers=None):
        seen.append(len(content))
        return handle(self, method, path, content, headers)

    monkeypatch.setattr(OfflineAPI, "handle", in_server)
    padded = b" " * serve.OFF_PROCESS + json.dumps(BODY).encode()  # large, and a valid request
    with Background() as bg:
        assert post(bg.url, "k", json=BODY).status_code == 200
        r = post(bg.url, "k", content=padded)
        assert r.status_code == 200 and r.json()["type"] == "message", r.text
        assert bg.apis["k"].calls == 2  # the worker's copy, which answered the second request
        assert post(bg.url, "k", json=BODY).status_code == 200 and bg.apis["k"].calls == 3
        assert post(bg.url, "new", content=padded.replace(b'"hi"', b"7")).status_code == 400
        assert "new" not in bg.apis
        assert post(bg.url, "fresh", content=padded).status_code == 200 and "fresh" in bg.apis
    assert all(size < serve.OFF_PROCESS for size in seen), seen
