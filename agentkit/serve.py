"""`python -m agentkit serve`: the offline Messages API over real HTTP, for any client.

An asyncio server (HTTP/1.1 parsed by httptools, on uvloop's event loop where it is installed, as
uvicorn runs: tornado's HTTP server cost more per request than the API itself) answers what the in-process transport answers:
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
- each world keeps the last `LOG_REQUESTS` request bodies (`OfflineAPI.log`), at most `LOG_BYTES`,
  and its last `REFUSALS` refusals (`OfflineAPI.refusals`), each message cut to `REFUSAL_TEXT`;
- a body's declared size is checked before it is read: over 32 MB is the API's 413
  `request_too_large` and the body is discarded as it arrives, never kept; a body over `OFF_LOOP`
  is handled in a worker thread, so other keys are answered meanwhile, and one over `OFF_PROCESS`
  by a copy of its key's API in a worker process (json's C parser and encoder hold the interpreter
  lock for a whole body: in a thread, a 30 MB body stalled every other key for 109 ms);
- headers must arrive within `IDLE_TIMEOUT` seconds (and an idle keep-alive connection is closed
  then), a body within `BODY_TIMEOUT`; out of file descriptors, accepting pauses for a second;
- a client that does not read its answers (its write buffer past the transport's high-water mark)
  is neither answered nor read further until it does, and is dropped after `IDLE_TIMEOUT`, so
  pipelining without reading holds a buffer's worth, not every answer.
Malformed HTTP gets the API's error shape and status, after the answers to the requests pipelined
before it: broken HTTP or bad JSON 400 `invalid_request_error` (headers over 64 KB 431, a transfer
coding other than a final `chunked` 501), a wrong path or method (HEAD and OPTIONS included) 404
`not_found_error`, no key 401. A client that hangs up mid-stream is not an error.
HTTP/1.1 as clients speak it: keep-alive, pipelined requests answered in order, chunked request
bodies (a trailer's fields are discarded, never read as headers), `Expect: 100-continue`, HTTP/1.0
(a stream then ends with the close; a body framed with Transfer-Encoding is a 400 and the close, as
RFC 9112 §6.1 says), `Upgrade` answered in HTTP/1.1, an absolute-form target
(`POST http://host/v1/messages`) read as its path; an HTTP/1.1 request without Host, or any with two
or an invalid one, is a 400 (RFC 9112 §3.2).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import email.utils
import errno
import http.client
import ipaddress
import itertools
import logging
import multiprocessing
import os
import re
import resource
import signal
import socket
import sys
import tempfile
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, date, datetime
from typing import Any

import httptools
import tornado.netutil

try:  # libuv's event loop, as uvicorn runs httptools: the loop's share of a request is smaller
    import uvloop
except ImportError:  # Windows (uvloop is not built for it): asyncio's own loop
    uvloop = None  # type: ignore[assignment]

from .offline import OfflineAPI
from .offline.api import MAX_BODY, Answer, Refusal, error_answer, stable_id
from .settings import Settings, machine_clock, today_from_env
from .settings import key_of_request as api_key
from .sim import SimulatedClaude, World
from .strings import T

MAX_KEYS = 1000  # live worlds; the least recently used is dropped for a new key
LOG_REQUESTS, LOG_BYTES = 32, 1024 * 1024  # per world: the most recent request bodies kept
REFUSALS, REFUSAL_TEXT = 32, 2000  # per world: the latest refusals, each message cut to this
IDLE_TIMEOUT, BODY_TIMEOUT = 60.0, 120.0  # seconds: headers (and idle keep-alive), whole body
MAX_HEADERS = 64 * 1024
DISCARD_LIMIT = 4 * MAX_BODY  # a declared body beyond this: the 413 at once, the connection closed
OFF_LOOP = 256 * 1024  # bodies larger than this are parsed in a worker thread
OFF_PROCESS = 1024 * 1024  # and larger than this in a worker process (json holds the GIL)
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


class RecentRefusals(Sequence):
    """The latest refusals (`OfflineAPI.refusals`' interface), at most `count`, each message cut
    to `text` characters (a refused request may quote a megabyte of what it sent); the call number,
    status and code, which the grader reads, are kept whole."""

    def __init__(self, count: int = REFUSALS, text: int = REFUSAL_TEXT) -> None:
        self._kept: deque[Refusal] = deque(maxlen=count)
        self.text = text

    def append(self, refusal: Refusal) -> None:
        if len(refusal.message) > self.text:
            refusal = dataclasses.replace(refusal, message=refusal.message[: self.text - 1] + "…")
        self._kept.append(refusal)

    def __len__(self) -> int:
        return len(self._kept)

    def __getitem__(self, i):
        return list(self._kept)[i] if isinstance(i, slice) else self._kept[i]


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
        return OfflineAPI(SimulatedClaude(World()), log=RecentLog(), refusals=RecentRefusals())

    def keep(self, key: str, api: OfflineAPI) -> None:
        if key in self._apis:
            return
        self._apis[key] = api
        while len(self._apis) > self.max_keys:
            self._apis.popitem(last=False)

    def put_back(self, key: str, api: OfflineAPI, answer: Answer) -> None:
        """The key's API as a worker process left it (a copy that answered): it replaces the live
        one, or is kept as a new key's is, after a valid request."""
        if key in self._apis:
            self._apis[key] = api
        elif answer.status < 400:
            self.keep(key, api)

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


_WORKERS: list[ProcessPoolExecutor] = []  # made on the first body over OFF_PROCESS


def workers() -> ProcessPoolExecutor:
    """The one worker process that answers bodies over OFF_PROCESS (spawned: it shares no lock
    or thread with the server)."""
    if not _WORKERS:
        spawn = multiprocessing.get_context("spawn")
        _WORKERS.append(ProcessPoolExecutor(1, mp_context=spawn))
    return _WORKERS[0]


def body_file(chunks: list[bytes]) -> str:
    """A large body handed to the worker process as a file (in memory where the system has
    /dev/shm): os.write copies it without the interpreter lock, where pickling it for the worker's
    queue held the lock for the whole copy (about 70 ms for 30 MB under load, every other key
    waiting). Run in a thread: the writes take the event loop's time too."""
    fd, path = tempfile.mkstemp(prefix="agentkit-body-", dir=SHM if os.path.isdir(SHM) else None)
    try:
        for chunk in chunks:
            view = memoryview(chunk)
            while view:
                view = view[os.write(fd, view) :]
    except BaseException:
        os.unlink(path)
        raise
    finally:
        os.close(fd)
    return path


SHM = "/dev/shm"


def answer_elsewhere(
    api: OfflineAPI, n: int, method: str, target: str, path: str, headers: dict
) -> tuple[Answer, OfflineAPI]:
    """In the worker process: a copy of the key's API answers request number `n` (its ids go on
    from the server's) with the body in the file at `path` (removed once read); the answer, and the
    API as the request left it."""
    from .offline import api as module

    try:
        with open(path, "rb") as f:
            body = f.read()
    finally:
        os.unlink(path)
    module._REQUESTS = itertools.count(n)
    return api.handle(method, target, body, headers), api


def _too_large():
    # Wording as users pasted it: anthropics/anthropic-sdk-python#938, anthropics/claude-code#3335.
    rid = stable_id("req_", 0, 413)
    return error_answer(413, "request_too_large", "Request exceeds the maximum size", rid)


class Incoming:
    """One request as httptools parsed it: method, target, headers (names lower-cased; a repeated
    header's values joined with ", "), the body's chunks and sizes. `headed` once the header
    section is complete: what comes after it (a chunked body's trailer) is never a header.
    `continue_due` while the client waits for its `100 Continue`; `hosts`: its Host lines."""

    __slots__ = (
        "method",
        "target",
        "version",
        "headers",
        "chunks",
        "size",
        "received",
        "keep_alive",
        "head",
        "answer",
        "headed",
        "continue_due",
        "hosts",
    )

    def __init__(self) -> None:
        self.method, self.target, self.version = "", b"", "1.1"
        self.headers: dict[str, str] = {}
        self.chunks: list[bytes] = []
        self.size = self.received = 0  # declared, received
        self.keep_alive, self.head = True, 0  # head: bytes of target and headers so far
        self.answer: Answer | None = None  # a refusal: answered in its turn, then the close
        self.headed = self.continue_due = False
        self.hosts = 0

    def body(self) -> bytes:
        body, self.chunks = b"".join(self.chunks), []
        return body


class Rejection(Exception):
    """Raised in a parser callback: the request is answered with `answer` (an API error) before it
    is read whole, and the connection closes."""

    def __init__(self, answer: Answer) -> None:
        super().__init__(answer.status)
        self.answer = answer


def _rejected(status: int, message: str) -> Rejection:
    return Rejection(
        error_answer(status, "invalid_request_error", message, stable_id("req_", status))
    )


def check_framing(request: Incoming) -> None:
    """Raise the Rejection for a body framed in a way serve cannot read, before any of it is read;
    the connection then closes, so nothing pipelined behind it is read either. Only `chunked` is
    decoded (llhttp refuses some codings itself, as a malformed request):
    - in HTTP/1.0 (or llhttp's 0.9 and 2.0), any Transfer-Encoding is faulty framing (RFC 9112
      §6.1), a 400 (§6.3);
    - chunked not the final coding, or applied twice (§7): the length cannot be known, a 400
      (§6.3, point 4);
    - another coding before the final chunked (gzip, an unknown name): RFC 9112 §6.1's 501 for a
      transfer coding the server does not understand. The docs list no error type for a 501; the
      request is what cannot be served, so it is `invalid_request_error`, as serve's other HTTP
      refusals are."""
    field = request.headers.get("transfer-encoding")
    if field is None:
        return
    if request.version != "1.1":
        raise _rejected(400, f"Transfer-Encoding is not allowed in HTTP/{request.version}")
    codings = [c.strip().lower() for c in field.split(",") if c.strip()]  # names: case-insensitive
    if not codings or codings[-1] != "chunked" or codings.count("chunked") > 1:
        raise _rejected(400, "Transfer-Encoding must end with chunked, applied once")
    if len(codings) > 1:
        raise _rejected(501, f"Transfer-Encoding not implemented: {', '.join(codings[:-1])}")


# RFC 9110 §7.2: Host = uri-host [ ":" port ]; uri-host (RFC 3986 §3.2.2) an IP-literal in brackets
# or a reg-name (unreserved, pct-encoded, sub-delims; an IPv4 address is one too): possibly empty in
# Host, never in an http(s) URI (RFC 9110 §4.2.1: a recipient MUST reject it as invalid).
_HOST = r"(?:\[[0-9A-Za-z:.]+\]|[A-Za-z0-9\-._~%!$&'()*+,;=]{})(?::[0-9]*)?"
HOST, URI_HOST = re.compile(_HOST.format("*")), re.compile(_HOST.format("+"))
# RFC 9112 §3.2.2: absolute-form, http(s)://authority then the path and query (maybe empty)
ABSOLUTE = re.compile(rb"([A-Za-z][A-Za-z0-9+.\-]*)://([^/?#]*)(.*)", re.DOTALL)


def check_target(request: Incoming) -> None:
    """RFC 9112 §3.2: an HTTP/1.1 request without Host, or any with more than one Host line or an
    invalid Host value, is a 400. An absolute-form target is read as its path and query (§3.2.2:
    a server MUST accept it; an origin server takes the host from it and ignores Host)."""
    if request.hosts > 1:
        raise _rejected(400, "Only one Host header is allowed")
    if not request.hosts and request.version == "1.1":
        raise _rejected(400, "Host header is required in HTTP/1.1")
    if request.hosts and not HOST.fullmatch(request.headers["host"].strip(" \t")):  # OWS
        raise _rejected(400, "Invalid Host header")
    absolute = None if request.target[:1] == b"/" else ABSOLUTE.fullmatch(request.target)
    if absolute is not None:
        scheme, authority, rest = absolute.groups()
        if scheme.lower() not in (b"http", b"https") or not URI_HOST.fullmatch(
            authority.decode("latin-1")  # userinfo ("user@") included: RFC 9110 §4.2.4
        ):
            raise _rejected(400, "Invalid request target")
        request.target = rest if rest.startswith(b"/") else b"/" + rest  # "" is "/" (§3.3)


class _Link(asyncio.Protocol):
    """The socket's job: what a connection sends is written at the end of the event loop's turn
    (`flush`), not as each answer is made: on loopback a write wakes its client at once, which then
    takes the CPU from the server mid-turn, and the answers made after it ran on a cold cache. Made
    first and written together, the answers of one turn cost the server about 15% less CPU at 30
    clients (benchmarks/bench_serve.py). One timer (`_wait`) bounds every wait for the client; a
    client that does not read its answers (`pause_writing`) is not read further."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.transport: asyncio.Transport | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.writing = True  # False while the client reads slower than it is answered
        self.out: list[bytes] = []  # made this turn of the event loop, written at its end
        self.close_after = False  # close once what is queued is written

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        self._wait(IDLE_TIMEOUT)

    def connection_lost(self, exc: Exception | None) -> None:
        """The client hung up (or a timeout closed it): nothing more is written."""
        self._wait(None)
        self.out, self.close_after = [], False

    def _send(self, data: bytes, close: bool = False) -> None:
        """Queue `data` (then the close, with `close`) for the end of this turn of the loop;
        nothing after a close."""
        if self.close_after:
            return
        if not self.out:
            self.loop.call_soon(self.flush)
        self.out.append(data)
        self.close_after = close

    def flush(self) -> None:
        """Write what this turn queued, in order, then close if an answer asked to."""
        transport, out, close = self.transport, self.out, self.close_after
        self.out, self.close_after = [], False
        if transport is None or transport.is_closing():
            return
        if out:
            transport.write(b"".join(out))
        if close:
            transport.close()

    def _wait(self, seconds: float | None) -> None:
        """(Re)arm the one timer: headers (and an idle keep-alive) within IDLE_TIMEOUT, a body
        within BODY_TIMEOUT; None disarms it (not while the client is not reading its answers)."""
        if seconds is None and not self.writing:
            seconds = IDLE_TIMEOUT
        if self.timer is not None:
            self.timer.cancel()
        self.timer = None if seconds is None else self.loop.call_later(seconds, self._close)

    def _close(self) -> None:
        """The timer's end: a silent client is closed; one that has not read what it was sent
        within the time is dropped (close() would wait for it to read, holding the answers)."""
        self.flush()
        transport = self.transport
        if transport is None:
            return
        if transport.get_write_buffer_size():
            transport.abort()
        elif not self._timed_out() and not transport.is_closing():
            transport.close()

    def _timed_out(self) -> bool:
        """Whether the client was told its time ran out (the connection then closes after it)."""
        return False

    # --- flow control: a client that does not read its answers is not answered further

    def pause_writing(self) -> None:
        """The transport's buffer is over its high-water mark: no more answers are made and no
        more requests read until the client reads; if it does not within IDLE_TIMEOUT, it is
        dropped (memory stays bounded however many requests it pipelines)."""
        self.writing = False
        if self.transport is not None:
            self.transport.pause_reading()
        self._wait(IDLE_TIMEOUT)

    def resume_writing(self) -> None:
        self.writing = True


class _Answers(_Link):
    """The answers' job: each request is answered in arrival order, its status line, headers and
    body in one write: the JSON as the API encoded it, or all of a stream's events in one chunk (the
    model's reply is complete before the first event, so the client still reads them as a stream of
    events, only sooner). A request is answered at once when nothing can be waited for (a small
    body, its key idle), else in a task (its key's earlier requests first; a body over OFF_LOOP in
    a worker thread, over OFF_PROCESS in a worker process). Refusals and `100 Continue` take their
    turn too."""

    def __init__(self, apis: KeyedAPIs) -> None:
        super().__init__()
        self.apis = apis
        self.request: Incoming | None = None  # being read
        self.waiting: deque[Incoming] = deque()  # read, not yet answered
        self.busy = False  # a task is answering waiting[0]
        self.broken = False  # the parser failed: nothing more is read, the refusal is queued

    def connection_lost(self, exc: Exception | None) -> None:
        """Answers still being made are not written."""
        super().connection_lost(exc)
        self.waiting.clear()
        self.request = None

    def _timed_out(self) -> bool:
        if self.request is None or self.waiting or self.busy or self.broken:
            return False
        # a request begun, not finished in time: told so, in the API's error shape (a 4xx not in
        # the docs' list is invalid_request_error: docs.claude.com/en/api/errors). Not an API
        # wording: the live API's front end has its own.
        self._refuse(_rejected(408, "Request timed out").answer)
        return True

    def resume_writing(self) -> None:
        super().resume_writing()
        if self.request is not None:  # being read: its body's time
            self._wait(BODY_TIMEOUT)
        else:
            self._wait(None if self.waiting else IDLE_TIMEOUT)
        if self.transport is not None and not self.busy and not self.broken:
            self.transport.resume_reading()
        self._answer_waiting()

    def _refuse(self, answer: Answer) -> None:
        """An answer before the request is read (malformed HTTP, headers or a body far too large):
        the API's error shape, after the answers to the requests before it, then the close."""
        self.broken, self.request = True, Incoming()
        self.request.keep_alive, self.request.answer = False, answer
        self.waiting.append(self.request)
        self.request = None
        if self.transport is not None:
            self.transport.pause_reading()
        self._answer_waiting()

    def _continue(self) -> None:
        """The `100 Continue` of the request being read, once every request before it is answered:
        a 1xx begins its own request's response (RFC 9110 §15.2), and responses go in request
        order (RFC 9112 §9.3.2). Not sent once its body has begun to arrive (RFC 9110 §10.1.1)."""
        request = self.request
        if request is not None and request.continue_due and not (self.waiting or self.busy):
            request.continue_due = False
            self._send(b"HTTP/1.1 100 Continue\r\n\r\n")

    def _answer_waiting(self) -> None:
        while self.waiting and not self.busy and self.writing:
            request = self.waiting[0]
            key = api_key(request.headers)
            target = request.target.decode("latin-1")
            if request.answer is not None:  # a refusal, in its turn
                answer: Answer | None = request.answer
            elif request.size > MAX_BODY:
                answer = _too_large()
            elif target.partition("?")[0] == "/api/hello":
                # Claude Code's connectivity probe (HEAD, no key) before its first request: a 200,
                # as router-for-me/CLIProxyAPI#5905 reports it expects; HEAD answers carry no body.
                answer = Answer(200, raw=b'{"ok":true}')
            elif key is None:  # wording as pasted in n8n-io/n8n#37930
                rid = stable_id("req_", 0)
                answer = error_answer(
                    401, "authentication_error", "x-api-key header is required", rid
                )
            elif key not in self.apis._locks and request.received <= OFF_LOOP:
                answer = self._handle(key, request, target)
            else:
                answer = None
            if answer is None:
                assert key is not None
                self.busy = True
                if self.transport is not None:
                    self.transport.pause_reading()  # a client's next requests wait for this one
                self.loop.create_task(self._in_turn(key, request, target))
                return
            self.waiting.popleft()
            self._write(request, answer)
        self._continue()

    async def _in_turn(self, key: str, request: Incoming, target: str) -> None:
        try:
            async with self.apis.turn(key):
                if request.received > OFF_PROCESS:  # in a process: no lock held from the others
                    answer = await self._elsewhere(key, request, target)
                elif request.received > OFF_LOOP:  # in a thread: other keys go on meanwhile
                    api = self.apis.for_key(key)
                    body = request.body()
                    answer = await self.loop.run_in_executor(
                        None, api.handle, request.method, target, body, request.headers
                    )
                    self._keep(key, api, answer)
                else:
                    answer = self._handle(key, request, target)
        except Exception:
            answer = self._internal_error(request)
        self.busy = False
        if self.waiting and self.waiting[0] is request:
            self.waiting.popleft()
            self._write(request, answer)
            transport = self.transport
            if transport is not None and not transport.is_closing():
                if self.writing and not self.broken:
                    transport.resume_reading()
            self._answer_waiting()

    async def _elsewhere(self, key: str, request: Incoming, target: str) -> Answer:
        """The answer of the worker process: a copy of the key's API answers (json's parser and
        encoder hold the interpreter lock for the whole of a large body, which would stall every
        other key), and the copy, as it left it, becomes the key's API."""
        from .offline import api as module

        chunks, request.chunks = request.chunks, []
        path = await self.loop.run_in_executor(None, body_file, chunks)
        del chunks
        api, n = self.apis.for_key(key), next(module._REQUESTS)
        call = (api, n, request.method, target, path, dict(request.headers))
        try:
            answer, api = await self.loop.run_in_executor(workers(), answer_elsewhere, *call)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)  # the worker never read it
            raise
        self.apis.put_back(key, api, answer)
        return answer

    def _handle(self, key: str, request: Incoming, target: str) -> Answer:
        """The key's API's answer (a fresh API for a new key: kept only if the request was valid);
        the query string (?beta=true) and the headers (anthropic-version, anthropic-beta) count."""
        try:
            api = self.apis.for_key(key)
            answer = api.handle(request.method, target, request.body(), request.headers)
            self._keep(key, api, answer)  # handle() never raises: the API's own bugs are its 500
            return answer
        except Exception:
            return self._internal_error(request)

    def _keep(self, key: str, api: OfflineAPI, answer: Answer) -> None:
        if answer.status < 400:
            self.apis.keep(key, api)

    def _internal_error(self, request: Incoming) -> Answer:
        """A bug of ours: the API's 500, and the server goes on."""
        LOG.exception("serve: internal error on %s", request.method)
        return error_answer(500, "api_error", "Internal server error", stable_id("req_", 500))

    def _write(self, request: Incoming, answer: Answer) -> None:
        """The answer's status line, headers and body in one write (the client may have gone: then
        nothing is written and nothing is said). HEAD answers carry no body."""
        transport = self.transport
        if transport is None or transport.is_closing():
            return
        headers = {**answer.headers, "date": _date()}
        if answer.events is None:
            body = answer.encoded()
            headers["content-type"] = "application/json"
            headers["content-length"] = str(len(body))
        else:
            events = b"".join(answer.events)
            headers["content-type"] = "text/event-stream"
            headers["cache-control"] = "no-cache"
            if request.version == "1.0":  # no chunks in HTTP/1.0: the end is the close
                body, request.keep_alive = events, False
            else:
                headers["transfer-encoding"] = "chunked"
                body = b"%x\r\n%s\r\n0\r\n\r\n" % (len(events), events) if events else b"0\r\n\r\n"
        if not request.keep_alive:
            headers["connection"] = "close"
        head = f"HTTP/1.1 {answer.status} {_reason(answer.status)}\r\n" + "".join(
            f"{name}: {value}\r\n" for name, value in headers.items()
        )
        self._send(
            head.encode("latin-1") + b"\r\n" + (b"" if request.method == "HEAD" else body),
            close=not request.keep_alive,
        )
        if not request.keep_alive:
            self._wait(IDLE_TIMEOUT)  # an answer the client never reads does not hold it open
        elif not self.waiting and self.request is None:
            self._wait(IDLE_TIMEOUT)


class Connection(_Answers):
    """One client connection; its reading's job: httptools (the C parser uvicorn uses) reads its
    requests (`Incoming`), checks their framing, target and Host, and hands each, read whole, to
    the answers (`_Answers`), which write them through the socket (`_Link`)."""

    def __init__(self, apis: KeyedAPIs) -> None:
        super().__init__(apis)
        self.parser = httptools.HttpRequestParser(self)
        self.upgrading: Incoming | None = None  # an Upgrade request whose body the parser left

    def data_received(self, data: bytes) -> None:
        if self.broken:
            return
        if self.upgrading is not None:
            self._upgrade_body(data)
            return
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserUpgrade as e:  # `Upgrade: h2c` and the like: answered in
            if self.upgrading is not None:  # HTTP/1.1, then the connection closes (what would
                self._upgrade_body(data[e.args[0] :])  # follow is not HTTP/1.1)
            elif self.waiting:
                self.waiting[-1].keep_alive = False
            else:
                self._close()  # its answer is written already: close() sends it first
        except httptools.HttpParserError as e:  # a callback's Rejection arrives wrapped
            rejection = e.__context__ if isinstance(e.__context__, Rejection) else None
            if rejection is not None:
                self._refuse(rejection.answer)
            else:
                # Not an API wording: the live API's front end answers broken HTTP with its own
                # page. Here it is the API's error shape, which every client can read.
                self._refuse(_rejected(400, "Malformed HTTP request").answer)

    # --- httptools' callbacks, in the order it calls them
    def on_message_begin(self) -> None:
        self.request = Incoming()
        self._wait(IDLE_TIMEOUT)  # its headers within IDLE_TIMEOUT

    def on_url(self, url: bytes) -> None:
        assert self.request is not None
        self.request.target += url
        self._count_head(len(url))

    def on_header(self, name: bytes, value: bytes) -> None:
        """A header field; after the header section (a chunked body's trailer), counted against
        MAX_HEADERS and discarded: RFC 9112 §7.1.2 lets a recipient discard trailer fields, and
        RFC 9110 §6.5.1 forbids merging them into the headers (a key, a version or a beta sent only
        there must not count)."""
        assert self.request is not None
        request = self.request
        self._count_head(len(name) + len(value) + 4)  # ": " and CRLF count too
        if request.headed:
            return
        key, text = name.decode("latin-1").lower(), value.decode("latin-1")
        if key == "host":
            request.hosts += 1
        request.headers[key] = f"{request.headers[key]}, {text}" if key in request.headers else text

    def _count_head(self, size: int) -> None:
        assert self.request is not None
        self.request.head += size
        if self.request.head > MAX_HEADERS:
            raise _rejected(431, "Request headers too large")

    def on_headers_complete(self) -> None:
        """Before the body is read: its declared size. Over 32 MB it is discarded as it arrives and
        answered with the 413; over DISCARD_LIMIT the 413 goes at once and the connection closes."""
        assert self.request is not None
        request = self.request
        request.headed = True
        request.method = self.parser.get_method().decode("ascii")
        request.keep_alive = self.parser.should_keep_alive()
        request.version = self.parser.get_http_version()
        check_framing(request)
        declared = request.headers.get("content-length", "")
        request.size = int(declared) if declared.isdigit() else 0
        expects = request.headers.get("expect", "").lower() == "100-continue"
        if request.size > DISCARD_LIMIT or (expects and request.size > MAX_BODY):
            raise Rejection(_too_large())  # a client that waits to be asked is not asked for it
        check_target(request)
        self.admit(request)
        # curl waits for the 100; an HTTP/1.0 request's expectation is ignored (RFC 9110 §10.1.1)
        request.continue_due = expects and request.version == "1.1" and request.answer is None
        self._continue()
        self._wait(BODY_TIMEOUT)

    def admit(self, request: Incoming) -> None:
        """The head is read and checked, the body not yet: serve admits every request here (its
        answer comes once the body is in); the classroom proxy (agentkit.upstream) may refuse one
        now, setting `request.answer`, and is then not asked for its body."""

    def on_body(self, chunk: bytes) -> None:
        assert self.request is not None
        request = self.request
        request.continue_due = False  # the client did not wait for it
        if request.size > MAX_BODY:
            return  # discarded as it arrives: the answer is the 413
        request.chunks.append(chunk)
        request.received += len(chunk)
        if request.received > MAX_BODY:  # chunked, with no declared size
            request.size, request.chunks = MAX_BODY + 1, []

    def on_message_complete(self) -> None:
        assert self.request is not None
        if self.parser.should_upgrade() and self.request.size:
            self.upgrading, self.request = self.request, None  # llhttp stops before the body
            return
        if not self.parser.should_keep_alive():  # a trailer's `Connection: close`: llhttp reads
            self.request.keep_alive = False  # nothing after it, so the answer closes
        self.request.continue_due = False  # an empty body: read whole, never asked for
        self._wait(None)
        self.waiting.append(self.request)
        self.request = None
        self._answer_waiting()

    def _upgrade_body(self, data: bytes) -> None:
        """An Upgrade request's body, read past the parser; once whole, the request is answered."""
        request = self.upgrading
        assert request is not None
        self.request = request
        self.on_body(data[: max(request.size - request.received, 0)])
        if request.received >= request.size:
            self.upgrading, request.keep_alive = None, False
            self.parser = httptools.HttpRequestParser(self)  # nothing more is read from it
            self.request = None
            self._wait(None)
            self.waiting.append(request)
            self._answer_waiting()


def _reason(status: int) -> str:
    return http.client.responses.get(status, "Unknown")


_DATE: list[Any] = [0, ""]


def _date() -> str:
    """The Date header, formatted once a second."""
    now = int(time.time())
    if now != _DATE[0]:
        _DATE[:] = [now, email.utils.formatdate(now, usegmt=True)]
    return _DATE[1]


class _Acceptor:
    """Accepts connections on a listening socket; out of file descriptors, pauses for a second
    instead of logging a traceback for every try (which spins the CPU)."""

    def __init__(self, sock: socket.socket, callback) -> None:
        self.sock, self.callback, self.loop = sock, callback, asyncio.get_running_loop()
        self.on, self.removed = True, False
        self.loop.add_reader(sock.fileno(), self.accept)

    def accept(self) -> None:
        for _ in range(128):
            try:
                connection, address = self.sock.accept()
            except (BlockingIOError, InterruptedError, ConnectionAbortedError):
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
            self.loop.remove_reader(self.sock.fileno())
            self.loop.call_later(1.0, self.resume)

    def resume(self) -> None:
        if not self.removed and not self.on:
            self.on = True
            self.loop.add_reader(self.sock.fileno(), self.accept)

    def remove(self) -> None:
        self.removed = True
        if self.on:
            self.loop.remove_reader(self.sock.fileno())


class _Listener:
    """The listening sockets (tornado's `bind_sockets`: one port on every address of the host) and
    their acceptors; each accepted connection is a `Connection` on this event loop."""

    def __init__(
        self,
        host: str,
        port: int,
        apis: KeyedAPIs | None = None,
        factory: Callable[[], asyncio.Protocol] | None = None,
    ) -> None:
        self.apis = KeyedAPIs() if apis is None else apis
        self.factory = factory or (lambda: Connection(self.apis))  # the proxy's, else serve's
        self.loop = asyncio.get_running_loop()
        self.sockets = tornado.netutil.bind_sockets(port, host)
        self.port = self.sockets[0].getsockname()[1]
        self.acceptors = [_Acceptor(sock, self._connected) for sock in self.sockets]

    def _connected(self, connection: socket.socket, address: object) -> None:
        connection.setblocking(False)
        with contextlib.suppress(OSError):  # a unix socket in a test has no TCP options
            connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.loop.create_task(self._start(connection))

    async def _start(self, connection: socket.socket) -> None:
        try:
            await self.loop.connect_accepted_socket(self.factory, connection)
        except OSError:  # gone before it started
            connection.close()

    def stop(self) -> None:
        for acceptor in self.acceptors:
            acceptor.remove()
        for sock in self.sockets:
            sock.close()


def run(main: Any) -> None:
    """Run the coroutine `main` on uvloop where it is installed, else on asyncio's loop."""
    (asyncio.run if uvloop is None else uvloop.run)(main)


class Background:
    """The server on a free loopback port in a thread of this process (tests, benchmarks):
    `with Background() as bg: bg.url, bg.apis`. It is always stopped when the block ends."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, apis: KeyedAPIs | None = None):
        self.host, self.port, self.apis = host, port, KeyedAPIs() if apis is None else apis
        self._ready = threading.Event()

    def __enter__(self) -> Background:
        self._thread = threading.Thread(target=run, args=(self._main(),), daemon=True)
        self._thread.start()
        self._ready.wait(10)
        self.url = url_for(self.host, self.port)
        return self

    async def _main(self) -> None:
        listener = _Listener(self.host, self.port, self.apis)
        self.port = listener.port
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        self._ready.set()
        await self._stop.wait()
        listener.stop()

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
    """0 (any free port) or 1–65535, in ASCII digits (str.isdigit also takes '²', which int()
    refuses, and '٣' or '８０', which int() reads); else ValueError, one line."""
    if not re.fullmatch(r"[0-9]{1,5}", text.strip()) or not 0 <= int(text) <= 65535:
        raise ValueError(T("serve.bad_port", text=text))
    return int(text)


def is_loopback(host: str) -> bool:
    if host in LOOPBACK:
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    mapped = getattr(address, "ipv4_mapped", None)  # ::ffff:127.0.0.1
    return address.is_loopback or (mapped is not None and mapped.is_loopback)


def listens_on_loopback_only(sockets: Sequence[socket.socket]) -> bool:
    """What the sockets are bound to, not the name given: `--host 0x7f.1` is 127.0.0.1, a host
    name may resolve to any address."""
    return all(is_loopback(str(sock.getsockname()[0]).partition("%")[0]) for sock in sockets)


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


@contextlib.contextmanager
def stopping_on_signals(stop: asyncio.Event) -> Iterator[None]:
    """Ctrl-C and SIGTERM set `stop` while the block runs; the handlers the process had before
    are put back when it ends, however it ends (as uvicorn's `Server.capture_signals` does: a
    handler left bound to a closed loop would swallow every later Ctrl-C and SIGTERM)."""
    loop = asyncio.get_running_loop()
    signals = (signal.SIGINT, signal.SIGTERM)
    before = {sig: signal.getsignal(sig) for sig in signals}
    for sig in signals:
        loop.add_signal_handler(sig, stop.set)
    try:
        yield
    finally:
        for sig in signals:
            loop.remove_signal_handler(sig)
            signal.signal(sig, before[sig])


async def _serve(host: str, port: int, ready=print) -> None:
    stop = asyncio.Event()
    with stopping_on_signals(stop):
        listener = _Listener(host, port)
        url = url_for(host, listener.port)
        if not listens_on_loopback_only(listener.sockets):
            ready(T("serve.open_host", host=host), file=sys.stderr, flush=True)
        ready(T("serve.banner", url=url, today=_today_note()), flush=True)
        await stop.wait()
        listener.stop()
        for pool in _WORKERS:
            pool.shutdown(cancel_futures=True)


def _today_note() -> str:
    """The banner's word on the clock: the date AGENTKIT_TODAY pins, else this machine's."""
    pinned = today_from_env()
    if isinstance(pinned, date):
        return T("serve.today_pinned", date=pinned.isoformat())
    return T("serve.today_system", date=datetime.now(UTC).date().isoformat())


def serve(host: str = "127.0.0.1", port: int | str = 8765) -> int:
    """Run until Ctrl-C (or SIGTERM); then print one line and return 0. A bad host or port, or one
    that cannot be listened on, is one line on stderr and status 1. "Today" is this machine's date
    unless AGENTKIT_TODAY pins one (`machine_clock`). (`serve --upstream`, the teacher-key proxy,
    is agentkit.upstream.serve_classroom, on this module's HTTP code.)"""
    try:
        host, port = check_host(host), check_port(str(port))
        Settings.from_env()  # AGENTKIT_TODAY retires models on every request: check it first
    except ValueError as e:  # SettingsError included
        print(e, file=sys.stderr)
        return 1
    _raise_file_limit()
    try:
        with machine_clock():
            run(_serve(host, port))
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
