"""`python -m agentkit serve`: the offline Messages API over real HTTP, for any client.

A tornado server (it comes with JupyterLab) answers what the in-process transport answers:
`POST /v1/messages` (JSON, or server-sent events with `stream: true`),
`POST /v1/messages/count_tokens`, `GET /v1/models`, `GET /v1/models/{id}`. It listens on loopback by
default. Each API key (`x-api-key`, or `Authorization: Bearer …`) gets its own `OfflineAPI` and
`World`, so thirty students on one server do not share orders. Then a plain `anthropic.Anthropic()`,
curl, the TypeScript SDK or a tutorial's code works unchanged with

    export ANTHROPIC_BASE_URL=http://127.0.0.1:8765
    export ANTHROPIC_API_KEY=any-string

Bounded, so that no client can exhaust it:
- a key's world is made by its first valid request (a 4xx leaves nothing behind); at most
  `MAX_KEYS` worlds live at once, the least recently used one is dropped for a new key (its orders
  and history are lost, as they are when the server restarts: worlds live in memory only);
- each world keeps the last `LOG_REQUESTS` request bodies (`OfflineAPI.log`), at most `LOG_BYTES`;
- a body's declared size is checked before it is read: over 32 MB is the API's 413
  `request_too_large` and the body is discarded as it arrives, never kept; a body over `OFF_LOOP`
  is handled in a worker thread, so other keys are answered meanwhile (json's C parser and encoder
  hold the interpreter lock, so a very large body still pauses them for each such call);
- headers must arrive within `IDLE_TIMEOUT` seconds (and an idle keep-alive connection is closed
  then), a body within `BODY_TIMEOUT`; out of file descriptors, accepting pauses for a second.
Malformed HTTP gets the API's error shape and status: bad JSON 400 `invalid_request_error`, a wrong
path or method (HEAD and OPTIONS included) 404 `not_found_error`, no key 401. A client that hangs up
mid-stream is not an error.
"""

from __future__ import annotations

import asyncio
import contextlib
import email.utils
import errno
import http.client
import ipaddress
import logging
import re
import resource
import signal
import socket
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import tornado.httpserver
import tornado.httputil
import tornado.netutil
from tornado.ioloop import IOLoop

from .offline import OfflineAPI
from .offline.api import MAX_BODY, Answer, error_answer, stable_id
from .settings import Settings
from .sim import SimulatedClaude, World
from .strings import T

MAX_KEYS = 1000  # live worlds; the least recently used is dropped for a new key
LOG_REQUESTS, LOG_BYTES = 32, 1024 * 1024  # per world: the most recent request bodies kept
IDLE_TIMEOUT, BODY_TIMEOUT = 60.0, 120.0  # seconds: headers (and idle keep-alive), whole body
MAX_HEADERS = 64 * 1024
DISCARD_LIMIT = (
    4 * MAX_BODY
)  # a declared body beyond this is refused by tornado (connection closed)
OFF_LOOP = 256 * 1024  # bodies larger than this are parsed in a worker thread
LOOPBACK = ("127.0.0.1", "::1", "localhost")
LOG = logging.getLogger(__name__)
OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


class RecentLog(Sequence):
    """The most recent request bodies (`OfflineAPI.log`'s interface), bounded in count and bytes."""

    def __init__(self, count: int = LOG_REQUESTS, size: int = LOG_BYTES) -> None:
        self._raw: deque[bytes] = deque()
        self.limit, self.size, self._bytes = (
            count,
            size,
            0,
        )  # not `count`: Sequence.count is a method

    def append(self, raw: bytes) -> None:
        if len(raw) > self.size:
            return
        self._raw.append(bytes(raw))
        self._bytes += len(raw)
        while len(self._raw) > self.limit or self._bytes > self.size:
            self._bytes -= len(self._raw.popleft())

    def __len__(self) -> int:
        return len(self._raw)

    def __getitem__(self, i):
        import json

        if isinstance(i, slice):
            return [json.loads(r) for r in list(self._raw)[i]]
        return json.loads(self._raw[i])


class KeyedAPIs(Mapping):
    """The live `OfflineAPI`s (each with its own World), by API key: a read-only mapping. A key's API
    is made by its first valid request; at most `max_keys` of them, the least recently used dropped
    first."""

    def __init__(self, max_keys: int = MAX_KEYS) -> None:
        self._apis: OrderedDict[str, OfflineAPI] = OrderedDict()
        self.max_keys = max_keys
        self._locks: dict[str, list] = {}  # key -> [lock, requests in flight]

    def __getitem__(self, key: str) -> OfflineAPI:
        return self._apis[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._apis)

    def __len__(self) -> int:
        return len(self._apis)

    def for_key(self, key: str) -> OfflineAPI:
        """The key's API: its live one, or a fresh one that `keep` adopts after a valid request."""
        api = self._apis.get(key)
        if api is not None:
            self._apis.move_to_end(key)
            return api
        return OfflineAPI(SimulatedClaude(World()), log=RecentLog())

    def keep(self, key: str, api: OfflineAPI) -> None:
        if key in self._apis:
            return
        self._apis[key] = api
        while len(self._apis) > self.max_keys:
            self._apis.popitem(last=False)

    @contextlib.asynccontextmanager
    async def turn(self, key: str):
        """One request at a time per key, in arrival order (a key's requests share its world).
        The lock lives only while the key has requests in flight."""
        entry = self._locks.setdefault(key, [asyncio.Lock(), 0])
        entry[1] += 1
        try:
            async with entry[0]:
                yield
        finally:
            entry[1] -= 1
            if not entry[1]:
                del self._locks[key]


def api_key(headers: Any) -> str | None:
    key = headers.get("x-api-key")
    auth = headers.get("authorization", "")
    if not key and auth.lower().startswith("bearer "):
        key = auth[7:].strip()
    return key or None


def _too_large():
    # Wording as users pasted it: anthropics/anthropic-sdk-python#938, anthropics/claude-code#3335.
    rid = stable_id("req_", 0, 413)
    return error_answer(413, "request_too_large", "Request exceeds the maximum size", rid)


class Exchange(tornado.httputil.HTTPMessageDelegate):
    """One request on a connection and its answer, at tornado's HTTP/1.1 layer (no web framework:
    its routing, handler objects and default headers cost more per request than the API itself).
    The answer's bytes go out in one write: the JSON as the API encoded it, or all of a stream's
    events (the model's reply is complete before the first event, so the client still reads them
    as a stream of events, only sooner)."""

    def __init__(self, apis: KeyedAPIs, connection: Any) -> None:
        self.apis, self.connection = apis, connection
        self._chunks: list[bytes] = []
        self._size = self._received = 0
        self._task: asyncio.Task | None = None
        self._api: OfflineAPI | None = None

    def headers_received(self, start_line: Any, headers: Any) -> None:
        """Before the body is read: its declared size. Over 32 MB it is discarded as it arrives and
        answered with the 413; over DISCARD_LIMIT the 413 goes at once and the connection closes."""
        self.method, self.target, self.headers = start_line.method, start_line.path, headers
        declared = headers.get("content-length", "")
        self._size = int(declared) if declared.isdigit() else 0
        if self._size > DISCARD_LIMIT:
            self._write(_too_large())

    def data_received(self, chunk: bytes) -> None:
        if self._size > MAX_BODY:
            return  # discarded as it arrives: the answer is the 413
        self._chunks.append(chunk)
        self._received += len(chunk)
        if self._received > MAX_BODY:  # chunked, with no declared size
            self._size, self._chunks = MAX_BODY + 1, []

    def on_connection_close(self) -> None:
        self._chunks = []

    def finish(self) -> None:
        """The whole request is in: answer it now when nothing can be waited for (a small body, the
        key idle), else in a task (its key's earlier requests first; a large body off the loop)."""
        if self.connection.stream.closed() or self._size > DISCARD_LIMIT:
            return
        if self.target.partition("?")[0] == "/api/hello":
            # Claude Code's connectivity probe (HEAD, no key) before its first request: a 200, as
            # router-for-me/CLIProxyAPI#5905 reports it expects; HEAD answers carry no body.
            self._write(Answer(200, raw=b'{"ok":true}'))
            return
        key = api_key(self.headers)
        if self._size > MAX_BODY:
            self._write(_too_large())
        elif key is None:  # wording as pasted in n8n-io/n8n#37930
            rid = stable_id("req_", 0)
            self._write(
                error_answer(401, "authentication_error", "x-api-key header is required", rid)
            )
        elif key not in self.apis._locks and self._received <= OFF_LOOP:
            try:
                self._write(self._handle(key))
            except Exception:
                self._internal_error()
        else:
            self._task = asyncio.ensure_future(self._in_turn(key))

    async def _in_turn(self, key: str) -> None:
        try:
            async with self.apis.turn(key):
                if self._received > OFF_LOOP:  # parsed in a thread: other keys go on meanwhile
                    self._api = self.apis.for_key(key)
                    answer = await IOLoop.current().run_in_executor(None, self._api_answer, key)
                    self._keep(key, answer)
                else:
                    answer = self._handle(key)
            self._write(answer)
        except Exception:
            self._internal_error()

    def _internal_error(self) -> None:
        """A bug of ours (the API's own are already its 500): the API's 500, and the server goes on."""
        LOG.exception("serve: internal error on %s", self.method)
        rid = stable_id("req_", 500)
        self._write(error_answer(500, "api_error", "Internal server error", rid))

    def _handle(self, key: str) -> Answer:
        answer = self._api_answer(key)
        self._keep(key, answer)
        return answer

    def _api_answer(self, key: str) -> Answer:
        """The key's API's answer (a fresh API for a new key: adopted by `_keep` if valid)."""
        body, self._chunks = b"".join(self._chunks), []
        self._api = self.apis.for_key(key) if self._api is None else self._api
        # the query string (?beta=true) and the headers (anthropic-version, anthropic-beta) count
        return self._api.handle(self.method, self.target, body, self.headers)  # never raises

    def _keep(self, key: str, answer: Answer) -> None:
        if answer.status < 400 and self._api is not None:
            self.apis.keep(key, self._api)

    def _write(self, answer: Answer) -> None:
        """The answer's status line, headers and body in one write (the client may have gone: then
        nothing is written and nothing is said)."""
        if self.connection.stream.closed():
            return
        headers = tornado.httputil.HTTPHeaders(answer.headers)
        headers["date"] = _date()
        if answer.events is None:
            body = answer.encoded()
            headers["content-type"] = "application/json"
            headers["content-length"] = str(len(body))
        else:
            body = b"".join(answer.events)
            headers["content-type"] = "text/event-stream"
            headers["cache-control"] = "no-cache"
        status = tornado.httputil.ResponseStartLine(
            "HTTP/1.1", answer.status, _reason(answer.status)
        )
        head = self.method == "HEAD"
        self.connection.write_headers(status, headers, None if head else body)
        self.connection.finish()


def _reason(status: int) -> str:
    return http.client.responses.get(status, "Unknown")


_DATE: list[Any] = [0, ""]


def _date() -> str:
    """The Date header, formatted once a second."""
    now = int(time.time())
    if now != _DATE[0]:
        _DATE[:] = [now, email.utils.formatdate(now, usegmt=True)]
    return _DATE[1]


class Router(tornado.httputil.HTTPServerConnectionDelegate):
    """Every request on every connection goes to an `Exchange` with the server's `KeyedAPIs`."""

    def __init__(self, apis: KeyedAPIs | None = None) -> None:
        self.apis = KeyedAPIs() if apis is None else apis

    def start_request(self, server_conn: object, request_conn: Any) -> Exchange:
        return Exchange(self.apis, request_conn)


class _Server(tornado.httpserver.HTTPServer):
    """tornado's HTTPServer, whose accept loop pauses for a second when out of file descriptors
    instead of logging a traceback for every try (which spins the CPU)."""

    def add_sockets(self, sockets) -> None:
        for sock in sockets:
            self._sockets[sock.fileno()] = sock
            self._handlers[sock.fileno()] = _Acceptor(sock, self._handle_connection).remove


class _Acceptor:
    """Accepts connections on a listening socket; out of file descriptors, pauses for a second."""

    def __init__(self, sock: socket.socket, callback) -> None:
        self.sock, self.callback, self.loop = sock, callback, IOLoop.current()
        self.on, self.removed = True, False
        self.loop.add_handler(sock, self.accept, IOLoop.READ)

    def accept(self, fd, events) -> None:
        for _ in range(128):
            try:
                connection, address = self.sock.accept()
            except (BlockingIOError, ConnectionAbortedError):
                return
            except OSError as e:
                if e.errno not in OUT_OF_FILES:
                    raise
                self.pause()
                return
            self.callback(connection, address)

    def pause(self) -> None:
        if self.on:
            self.on = False
            self.loop.remove_handler(self.sock)
            self.loop.call_later(1.0, self.resume)

    def resume(self) -> None:
        if not self.removed and not self.on:
            self.on = True
            self.loop.add_handler(self.sock, self.accept, IOLoop.READ)

    def remove(self) -> None:
        self.removed = True
        if self.on:
            self.loop.remove_handler(self.sock)


def _listen(host: str, port: int, apis: KeyedAPIs | None = None):
    server = _Server(
        Router(apis),
        max_body_size=DISCARD_LIMIT,
        max_header_size=MAX_HEADERS,
        idle_connection_timeout=IDLE_TIMEOUT,
        body_timeout=BODY_TIMEOUT,
    )
    sockets = tornado.netutil.bind_sockets(port, host)
    server.add_sockets(sockets)
    return server, sockets[0].getsockname()[1]


class Background:
    """The server on a free loopback port in a thread of this process (tests, benchmarks):
    `with Background() as bg: bg.url, bg.apis`. It is always stopped when the block ends."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, apis: KeyedAPIs | None = None):
        self.host, self.port, self.apis = host, port, KeyedAPIs() if apis is None else apis
        self._ready = threading.Event()

    def __enter__(self) -> Background:
        self._thread = threading.Thread(target=asyncio.run, args=(self._main(),), daemon=True)
        self._thread.start()
        self._ready.wait(10)
        self.url = url_for(self.host, self.port)
        return self

    async def _main(self) -> None:
        server, self.port = _listen(self.host, self.port, self.apis)
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        self._ready.set()
        await self._stop.wait()
        server.stop()

    def __exit__(self, *exc: object) -> None:
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)


# --- the command line -------------------------------------------------------------------------------

HOSTNAME = re.compile(
    r"(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?"
)


def check_host(text: str) -> str:
    """An IPv4 or IPv6 address (brackets allowed) or a host name; else ValueError, one line."""
    host = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        pass
    if HOSTNAME.fullmatch(host) and not host.replace(".", "").isdigit():
        return host
    raise ValueError(T("serve.bad_host", text=text))


def check_port(text: str) -> int:
    """0 (any free port) or 1–65535; else ValueError, one line."""
    if not text.strip().isdigit() or not 0 <= int(text) <= 65535:
        raise ValueError(T("serve.bad_port", text=text))
    return int(text)


def is_loopback(host: str) -> bool:
    if host in LOOPBACK:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def url_for(host: str, port: int) -> str:
    """The URL a client uses: for a wildcard host, this machine's address on its network."""
    if host in ("", "0.0.0.0", "::"):
        host = _own_address(ipv6=host == "::")
    try:
        bracket = ipaddress.ip_address(host).version == 6
    except ValueError:
        bracket = False
    return f"http://[{host}]:{port}" if bracket else f"http://{host}:{port}"


def _own_address(ipv6: bool) -> str:
    """This machine's address as others reach it (a UDP connect sends nothing), else loopback."""
    family, probe = (socket.AF_INET6, "2001:db8::1") if ipv6 else (socket.AF_INET, "192.0.2.1")
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as s:
            s.connect((probe, 9))
            return s.getsockname()[0]
    except OSError:
        return "::1" if ipv6 else "127.0.0.1"


def _raise_file_limit() -> None:
    """Many idle clients need many descriptors: raise the soft limit to the hard one."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ValueError, OSError):
        pass


async def _serve(host: str, port: int, ready=print) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    server, actual = _listen(host, port)
    url = url_for(host, actual)
    if not is_loopback(host):
        ready(T("serve.open_host", host=host), file=sys.stderr, flush=True)
    ready(T("serve.banner", url=url), flush=True)
    await stop.wait()
    server.stop()


def serve(host: str = "127.0.0.1", port: int | str = 8765, **classroom: Any) -> int:
    """Run until Ctrl-C (or SIGTERM); then print one line and return 0. A bad host or port, or one
    that cannot be listened on, is one line on stderr and status 1. With `upstream=` (and `roster=`,
    `students=`, `budget_tokens=`): the teacher-key proxy of agentkit.upstream."""
    try:
        host, port = check_host(host), check_port(str(port))
        Settings.from_env()  # AGENTKIT_TODAY retires models on every request: check it first
    except ValueError as e:  # SettingsError included
        print(e, file=sys.stderr)
        return 1
    if classroom.get("upstream"):
        from .upstream import serve_classroom

        return serve_classroom(host, port, **classroom)
    _raise_file_limit()
    try:
        asyncio.run(_serve(host, port))
    except KeyboardInterrupt:
        pass  # Ctrl-C before the signal handler was in place
    except OSError as e:
        hint = T("serve.port_busy" if e.errno == errno.EADDRINUSE else "serve.check_flags")
        where = url_for(host, port).removeprefix("http://")
        print(
            T("serve.cannot_listen", where=where, error=e.strerror or e, hint=hint), file=sys.stderr
        )
        return 1
    print(T("serve.stopped"))
    return 0
