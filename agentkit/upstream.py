"""`python -m agentkit serve --upstream URL`: one key, held by the teacher, for a class.

Each student gets a token from a roster (`roster.csv`: student, token; written when missing, read
when present, handed out on paper). A student's SDK talks to this server with
`ANTHROPIC_BASE_URL=http://<teacher's laptop>:8765` and `ANTHROPIC_API_KEY=<their token>`; the
server forwards the request to the upstream (the live API, or another `serve`) with the teacher's
`ANTHROPIC_API_KEY` in place of the token. The key is read from the environment and never printed,
logged or sent anywhere but the upstream.

- Only the endpoints a student's SDK calls are forwarded (`ROUTES`: POST /v1/messages and
  /v1/messages/count_tokens, GET /v1/models and /v1/models/{id}), each path matched exactly as it
  arrived and sent exactly as matched (one value, checked, counted and forwarded); any other path
  or method gets 404 `not_found_error` here, so no spelling of a path reaches a billed endpoint
  uncounted. POST /v1/messages is the one counted (token counting is free).
- A request is admitted or refused on its headers alone, before its body is read: a refusal is
  answered at once and the body that follows is discarded as it arrives (so a client still sending
  it reads the answer). A body over the Messages API's 32 MB (`MAX_BODY`, declared or, chunked,
  counted as it comes) gets the API's 413 `request_too_large`; only an admitted request's body is
  kept, and only up to MAX_BODY.
- An unknown token gets 401 `authentication_error` "invalid x-api-key" (the live API's wording, as
  pasted in eyaltoledano/claude-task-master#222 and abi/screenshot-to-code#430).
- A student whose input + output tokens reached `--budget-tokens` gets 429 `rate_limit_error`
  naming the class budget, with `x-should-retry: false` so the SDK does not retry.
- A student has at most `MAX_IN_FLIGHT` requests in flight; one more is answered at once with 429
  `rate_limit_error` saying so, with `retry-after: RETRY_AFTER` and `x-should-retry: true`: the SDK
  waits and retries it (twice, by default), as it does the live API's rate limits, so a burst is
  slowed down rather than failed, and a loop that waits for each answer never meets it. Nothing
  refused here is forwarded or billed. The upstream connections are shared fairly by construction:
  the pool holds MAX_IN_FLIGHT connections per student on the roster, so an admitted request never
  waits for a connection another student's requests hold.
- Usage per student (requests, input and output tokens) is kept in `<roster>.usage.csv` beside
  the roster, rewritten after every answer; `--usage` prints it.
- The upstream's answers (errors included) pass through unchanged: status, body, request-id;
  server-sent events are forwarded chunk by chunk as they arrive.

Limits: the budget is checked before a request is forwarded, so a student's concurrent requests
can overshoot it by one answer each, at most MAX_IN_FLIGHT answers; tokens travel in clear text on
the LAN (plain HTTP).
"""

from __future__ import annotations

import asyncio
import csv
import errno
import json
import re
import secrets
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import tornado.httpserver
import tornado.iostream
import tornado.netutil
import tornado.web

from .settings import Settings, SettingsError
from .settings import key_of_request as student_token
from .strings import T

ROSTER_FIELDS = ["student", "token"]
USAGE_FIELDS = ["student", "requests", "input_tokens", "output_tokens"]
TOKEN_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read off paper
# Request headers a student's SDK sends that the upstream needs; everything else (the student's
# token above all) stays here.
FORWARD = {"content-type", "accept", "anthropic-version", "anthropic-beta", "user-agent"}
FORWARD_PREFIX = "x-stainless-"
# What the HTTP client can send: a name that is an RFC 9110 token, a value of visible ASCII, spaces
# and tabs (a value it cannot encode raised out of the handler: a 500 and a traceback).
HEADER_NAME = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
HEADER_VALUE = re.compile(r"[\t\x20-\x7e]*")
# Response headers that describe this hop, not the answer.
HOP = {"content-length", "transfer-encoding", "connection", "content-encoding", "keep-alive"}
# The API's endpoints a student's SDK calls, by method and path exactly as written, and whether an
# answer is billed (so counted). Nothing else is forwarded: a path is matched as it arrived, never
# resolved, so a path that some server resolves differently (dot segments, percent-escapes, doubled
# or trailing slashes, a fragment, another case) is not one of these and cannot pass uncounted.
ROUTES = (
    ({"POST"}, re.compile(r"/v1/messages"), True),
    ({"POST"}, re.compile(r"/v1/messages/count_tokens"), False),
    ({"GET", "HEAD"}, re.compile(r"/v1/models(?:/[A-Za-z0-9][A-Za-z0-9._:@-]*)?"), False),
)
QUERY = re.compile(r"[A-Za-z0-9._~!$&'()*+,;=:@/?%-]*")  # RFC 3986's query characters, no '#'


# as serve's: headers (and an idle keep-alive) within IDLE_TIMEOUT seconds, a whole body within
# BODY_TIMEOUT (tornado's defaults: an hour for headers, none for a body, so a class's network
# could hold every file descriptor with connections that send a byte now and then)
IDLE_TIMEOUT, BODY_TIMEOUT = 60.0, 120.0
MAX_BODY = 32 * 1024 * 1024  # the Messages API's limit: a larger body is its 413 request_too_large
DISCARD_LIMIT = 4 * MAX_BODY  # as serve's: a body declared larger is not read, not even discarded
READ_BUFFER = 1024 * 1024  # a connection's read buffer (tornado's default: 100 MB)
MAX_IN_FLIGHT = 4  # requests a student may have in flight at once; the upstream pool holds as many
RETRY_AFTER = 2  # seconds the SDK waits before it retries a request refused for being one too many
OUT_OF_FILES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


class RosterError(ValueError):
    """A roster or usage file that cannot be read; the message says which line and what is wrong."""


def new_token() -> str:
    raw = "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(10))
    return f"stu-{raw[:5]}-{raw[5:]}"


def write_roster(path: Path, students: int) -> dict[str, str]:
    """A fresh roster of `students` (student01, student02, …) with random tokens; token -> student."""
    roster = {new_token(): f"student{i:02d}" for i in range(1, students + 1)}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            writer.writerow(ROSTER_FIELDS)
            writer.writerows((student, token) for token, student in roster.items())
    except OSError as e:
        raise RosterError(T("upstream.cannot_write", path=path, error=e.strerror or e)) from None
    return roster


def read_rows(path: Path, encoding: str = "utf-8") -> list[list[str]]:
    """A CSV file's rows; a folder, a file that cannot be read or is not UTF-8 is a RosterError
    naming it (they were a traceback, or a line blaming the port)."""
    if path.is_dir():
        raise RosterError(T("upstream.is_folder", path=path))
    try:
        with path.open(newline="", encoding=encoding) as f:
            return list(csv.reader(f))
    except UnicodeDecodeError:
        raise RosterError(T("upstream.not_utf8", path=path)) from None
    except OSError as e:
        raise RosterError(T("upstream.cannot_read", path=path, error=e.strerror or e)) from None
    except csv.Error as e:
        raise RosterError(T("upstream.cannot_read", path=path, error=e)) from None


def read_roster(path: Path) -> dict[str, str]:
    """token -> student; a bad header, an empty cell or a repeated token or name is a RosterError."""
    rows = read_rows(path, "utf-8-sig")
    if not rows or [c.strip().lower() for c in rows[0]] != ROSTER_FIELDS:
        raise RosterError(T("upstream.roster_header", path=path))
    roster: dict[str, str] = {}
    for n, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        if len(row) != 2 or not all(c.strip() for c in row):
            raise RosterError(T("upstream.roster_row", path=path, n=n, row=row))
        student, token = (c.strip() for c in row)
        if token in roster:
            raise RosterError(T("upstream.roster_same_token", path=path, n=n, other=roster[token]))
        if student in roster.values():
            raise RosterError(T("upstream.roster_same_student", path=path, n=n, student=student))
        roster[token] = student
    if not roster:
        raise RosterError(T("upstream.roster_empty", path=path))
    return roster


def usage_path(roster: Path) -> Path:
    return roster.with_name(roster.stem + ".usage.csv")


@dataclass
class Usage:
    """requests, input and output tokens per student, kept in a CSV (rewritten whole, atomically)."""

    path: Path
    rows: dict[str, list[int]] = field(default_factory=dict)
    saved: bool = True  # whether the last save went to disk

    @classmethod
    def load(cls, path: Path) -> Usage:
        usage = cls(path)
        if not path.exists():
            return usage
        rows = read_rows(path)
        if not rows or rows[0] != USAGE_FIELDS:
            fields = ",".join(USAGE_FIELDS)
            raise RosterError(T("upstream.usage_header", path=path, fields=fields))
        for n, row in enumerate(rows[1:], start=2):
            if not row:
                continue
            try:
                if len(row) < len(USAGE_FIELDS):
                    raise ValueError(row)
                usage.rows[row[0]] = [int(v) for v in row[1 : len(USAGE_FIELDS)]]
            except ValueError:
                raise RosterError(T("upstream.usage_number", path=path, n=n, row=row)) from None
        return usage

    def total(self, student: str) -> int:
        _, inp, out = self.rows.get(student, [0, 0, 0])
        return inp + out

    def add(self, student: str, input_tokens: int, output_tokens: int) -> None:
        row = self.rows.setdefault(student, [0, 0, 0])
        row[0] += 1
        row[1] += input_tokens
        row[2] += output_tokens
        self.save_or_warn()

    def save_or_warn(self) -> None:
        """Save; when the file cannot be written (a full disk), one warning line to the teacher
        until a save succeeds again, which is said too. The usage stays in memory and goes out with
        the next save; the answer that was counted goes to the student all the same."""
        try:
            self.save()
        except OSError as e:
            if self.saved:
                error = e.strerror or e
                print(T("upstream.usage_unsaved", path=self.path, error=error), file=sys.stderr)
            self.saved = False
            return
        if not self.saved:
            print(T("upstream.usage_saved", path=self.path), file=sys.stderr)
        self.saved = True

    def save(self) -> None:
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            with tmp.open("w", newline="", encoding="utf-8") as f:
                writer = csv.writer(f)
                writer.writerow(USAGE_FIELDS)
                writer.writerows([s, *v] for s, v in sorted(self.rows.items()))
            tmp.replace(self.path)
        except OSError:
            tmp.unlink(missing_ok=True)  # what was written of it takes room the disk lacks
            raise


@dataclass
class Classroom:
    upstream: str
    key: str = field(repr=False)  # the teacher's key: never in a repr, a log line or an answer
    roster: dict[str, str]
    usage: Usage
    budget: int | None = None
    # student -> requests admitted and not done (MAX_IN_FLIGHT at most)
    in_flight: dict[str, int] = field(default_factory=dict)

    def take_slot(self, student: str) -> bool:
        """One of the student's MAX_IN_FLIGHT slots, if one is free."""
        if self.in_flight.get(student, 0) >= MAX_IN_FLIGHT:
            return False
        self.in_flight[student] = self.in_flight.get(student, 0) + 1
        return True

    def free_slot(self, student: str) -> None:
        self.in_flight[student] -= 1
        if not self.in_flight[student]:
            del self.in_flight[student]


@dataclass(frozen=True)
class Target:
    """Where a request goes, and whether its answer counts against the student's budget."""

    url: httpx2.URL
    counted: bool


def target_of(upstream: str, method: str, path: str, query: str) -> Target | None:
    """The one URL a request is forwarded to, from its path and query as they arrived; None when
    they are not one of ROUTES as written, or when the HTTP client would send anything else (the
    URL it sends is the very value checked here, and counted)."""
    route = next((r for r in ROUTES if method in r[0] and r[1].fullmatch(path)), None)
    if route is None or not QUERY.fullmatch(query):
        return None
    written = path + ("?" + query if query else "")
    url = httpx2.URL(upstream.rstrip("/") + written)
    if url.raw_path != httpx2.URL(upstream).raw_path.rstrip(b"/") + written.encode("ascii"):
        return None
    return Target(url, route[2])


def forwarded_headers(headers: Any) -> dict[str, str]:
    """The student's request headers the upstream needs (FORWARD, FORWARD_PREFIX)."""
    return {
        k: v
        for k, v in headers.get_all()
        if k.lower() in FORWARD or k.lower().startswith(FORWARD_PREFIX)
    }


def unsendable(headers: dict[str, str]) -> str | None:
    """The name of the first header the HTTP client could not send as it is, else None."""
    for name, value in headers.items():
        if not (HEADER_NAME.fullmatch(name) and HEADER_VALUE.fullmatch(value)):
            return name
    return None


def usage_of_json(body: bytes) -> tuple[int, int]:
    try:
        usage = json.loads(body).get("usage") or {}
    except (ValueError, AttributeError):
        return 0, 0
    return input_of(usage), usage.get("output_tokens") or 0


def input_of(usage: dict) -> int:
    keys = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")
    return sum(usage.get(k) or 0 for k in keys)


class EventUsage:
    """Reads usage from server-sent events as they pass: input from message_start, output from the
    last message_delta (its count is cumulative)."""

    def __init__(self) -> None:
        self.buffer, self.input, self.output = b"", 0, 0

    def feed(self, chunk: bytes) -> None:
        self.buffer += chunk.replace(b"\r\n", b"\n")
        *events, self.buffer = self.buffer.split(b"\n\n")
        for event in events:
            for line in event.split(b"\n"):
                if line.startswith(b"data:"):
                    self._data(line[5:])

    def _data(self, data: bytes) -> None:
        try:
            event = json.loads(data)
        except ValueError:
            return
        if event.get("type") == "message_start":
            usage = event.get("message", {}).get("usage") or {}
            self.input, self.output = input_of(usage), usage.get("output_tokens") or 0
        elif event.get("type") == "message_delta":
            usage = event.get("usage") or {}
            self.input = max(self.input, input_of(usage))
            self.output = usage.get("output_tokens") or self.output


@dataclass(frozen=True)
class ProxyAnswer:
    """An answer given here in the API's error shape, never forwarded."""

    status: int
    kind: str
    message: str
    retry_after: int | None = None  # worth retrying after so many seconds; else never


# The live API's 413 and its wording, as serve answers it (agentkit.offline.api: pinned by a test).
TOO_LARGE = ProxyAnswer(413, "request_too_large", "Request exceeds the maximum size")


def declared_size(headers: Any) -> int:
    """The body's Content-Length (0 when there is none: tornado refuses one it cannot read)."""
    value = headers.get("Content-Length", "").split(",")[0].strip()
    return int(value) if re.fullmatch(r"[0-9]{1,20}", value) else 0


@tornado.web.stream_request_body
class ProxyHandler(tornado.web.RequestHandler):
    """One request: admitted or refused on its headers alone (`prepare`), its body kept only once
    admitted and only up to MAX_BODY (`data_received`), then forwarded (`_answer`)."""

    SUPPORTED_METHODS = ("GET", "HEAD", "POST", "DELETE", "PATCH", "PUT", "OPTIONS")

    def initialize(self, room: Classroom, client: httpx2.AsyncClient) -> None:
        self.room, self.client = room, client
        self.student: str | None = None  # set once admitted
        self.target: Target | None = None
        self.forward: dict[str, str] = {}  # the headers forwarded, once checked
        self.refused, self.size, self.slot, self.forwarding = False, 0, False, False
        self.chunks: list[bytes] = []

    def check_xsrf_cookie(self) -> None:  # an API, not a form
        pass

    async def prepare(self) -> None:
        refusal = self._admit()
        if refusal is not None:
            await self._refuse(refusal)

    def _admit(self) -> ProxyAnswer | None:
        """None when the request goes on (its body is then read), else why not."""
        room, request = self.room, self.request
        student = room.roster.get(student_token(request.headers) or "")
        if student is None:
            return ProxyAnswer(401, "authentication_error", "invalid x-api-key")
        target = target_of(room.upstream, request.method or "", request.path, request.query)
        if target is None:
            where = f"{request.method} {request.uri}"[:200]
            return ProxyAnswer(404, "not_found_error", T("upstream.no_route", where=where))
        headers = forwarded_headers(request.headers)
        bad = unsendable(headers)
        if bad is not None:
            return ProxyAnswer(400, "invalid_request_error", T("upstream.bad_header", name=bad))
        if declared_size(request.headers) > MAX_BODY:
            return TOO_LARGE
        used = room.usage.total(student)
        if room.budget is not None and used >= room.budget:
            message = T("upstream.budget_used", budget=room.budget, student=student, used=used)
            return ProxyAnswer(429, "rate_limit_error", message)
        if not room.take_slot(student):
            message = T("upstream.in_flight", student=student, most=MAX_IN_FLIGHT)
            return ProxyAnswer(429, "rate_limit_error", message, retry_after=RETRY_AFTER)
        self.student, self.target, self.forward, self.slot = student, target, headers, True
        return None

    def _free_slot(self) -> None:
        if self.slot and self.student is not None:
            self.room.free_slot(self.student)
            self.slot = False

    def on_connection_close(self) -> None:
        """Gone before its body was in: its slot is free (once forwarded, a request is read to its
        end, and frees its slot then)."""
        super().on_connection_close()  # ends the wait for the body
        if not self.forwarding:
            self._free_slot()

    async def data_received(self, chunk: bytes) -> None:
        if self.refused:
            return  # discarded as it arrives
        self.size += len(chunk)
        if self.size <= MAX_BODY:
            self.chunks.append(chunk)
        else:  # a chunked body, with no size declared
            self._free_slot()
            await self._refuse(TOO_LARGE)

    async def _refuse(self, refusal: ProxyAnswer) -> None:
        """Answers now, before the body is read. A body that follows is discarded as it arrives (so
        a client still sending it reads this answer, not a reset) and the request ends once it is
        in; a client that waits for `100 Continue` is not asked for its body, and a body declared
        over DISCARD_LIMIT is not read: the answer goes and the connection closes."""
        self.refused, self.chunks = True, []
        self._write_error(refusal)
        headers = self.request.headers
        expects = headers.get("Expect", "").lower() == "100-continue"
        unread = not self.size  # refused on its headers (a chunked body past MAX_BODY is coming)
        if unread and (expects or declared_size(headers) > DISCARD_LIMIT):
            self.finish()
        else:
            await self.flush()

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """What tornado answers itself (an unknown method, a bug here) in the API's shape too."""
        kind = "api_error" if status_code >= 500 else "invalid_request_error"
        self._error(status_code, kind, self._reason)

    def _error(self, status: int, kind: str, message: str) -> None:
        self._write_error(ProxyAnswer(status, kind, message))
        self.finish()

    def _write_error(self, refusal: ProxyAnswer) -> None:
        """The API's error shape, with its length (it may go before the body is read), marked
        worth retrying (after retry-after seconds) or not."""
        rid = "req_01" + secrets.token_hex(11)
        error = {"type": refusal.kind, "message": refusal.message}
        body = json.dumps({"type": "error", "error": error, "request_id": rid}, ensure_ascii=False)
        self.set_status(refusal.status)
        self.set_header("request-id", rid)
        self.set_header("x-should-retry", "false" if refusal.retry_after is None else "true")
        if refusal.retry_after is not None:
            self.set_header("retry-after", str(refusal.retry_after))
        self.set_header("content-type", "application/json")
        self.set_header("content-length", len(body.encode()))
        self.write(body)

    async def _answer(self) -> None:
        if self.refused:  # answered already; the body is in (and discarded), so the request ends
            if not self._finished:
                self.finish()
            return
        assert self.student is not None and self.target is not None
        self.forwarding = True
        try:
            await self._forward(self.student, self.target)
        except httpx2.HTTPError as e:  # never the request itself in the message: it holds the key
            if self._headers_written:  # the upstream broke off mid-stream: so does this answer
                self.finish()
                return
            upstream, kind = self.room.upstream, type(e).__name__
            self._error(502, "api_error", T("upstream.unreachable", upstream=upstream, kind=kind))
        finally:
            self._free_slot()

    async def _body(self) -> AsyncIterator[bytes]:
        """The body as it was received, each chunk let go once sent (never joined: a copy)."""
        self.chunks.reverse()
        while self.chunks:
            yield self.chunks.pop()

    async def _forward(self, student: str, target: Target) -> None:
        room = self.room
        headers = {**self.forward, "x-api-key": room.key, "accept-encoding": "identity"}
        if self.size:  # sent with its length (an iterator alone would go chunked)
            headers["content-length"] = str(self.size)
        content = self._body() if self.size else None
        request = self.client.build_request(
            self.request.method, target.url, headers=headers, content=content
        )
        response = await self.client.send(request, stream=True)
        gone = False  # the student hung up: the rest is still read (and counted), not sent
        try:
            self.set_status(response.status_code, response.reason_phrase or None)
            for name, value in response.headers.items():
                if name.lower() not in HOP:
                    self.set_header(name, value)
            if response.headers.get("content-type", "").startswith("text/event-stream"):
                events = EventUsage()
                async for chunk in response.aiter_raw():
                    events.feed(chunk)
                    if not gone:
                        self.write(chunk)
                        try:
                            await self.flush()
                        except tornado.iostream.StreamClosedError:
                            gone = True
                tokens = events.input, events.output
            else:
                body = await response.aread()
                self.write(body)
                tokens = usage_of_json(body) if response.status_code == 200 else (0, 0)
        finally:
            await response.aclose()
        if target.counted:  # a student who hangs up mid-stream is billed, so counted, all the same
            room.usage.add(student, *tokens)
        stream = getattr(self.request.connection, "stream", None)  # tornado's HTTP/1 IOStream
        if not gone and not (stream is not None and stream.closed()):
            self.finish()

    get = head = post = put = delete = patch = options = _answer


def make_proxy_app(room: Classroom, client: httpx2.AsyncClient) -> tornado.web.Application:
    routes = [(r".*", ProxyHandler, {"room": room, "client": client})]
    return tornado.web.Application(routes, log_function=lambda handler: None)  # no access log


def open_classroom(
    upstream: str, roster_path: Path, students: int | None, budget: int | None, key: str
) -> tuple[Classroom, bool]:
    """The classroom, and whether the roster was written now."""
    created = not roster_path.exists()
    if created:
        roster = write_roster(roster_path, students or 30)
    else:
        roster = read_roster(roster_path)
    usage = Usage.load(usage_path(roster_path))
    return Classroom(upstream, key, roster, usage, budget), created


async def run(sockets: list, host: str, room: Classroom, created: bool, roster_path: Path):
    """Serve on `sockets` (bound) until SIGINT or SIGTERM."""
    pool = MAX_IN_FLIGHT * len(room.roster)  # every admitted request has its connection at once
    limits = httpx2.Limits(max_connections=pool, max_keepalive_connections=pool)
    timeout = httpx2.Timeout(600, connect=10)
    async with httpx2.AsyncClient(timeout=timeout, limits=limits) as client:
        server = tornado.httpserver.HTTPServer(
            make_proxy_app(room, client),
            idle_connection_timeout=IDLE_TIMEOUT,
            body_timeout=BODY_TIMEOUT,
            max_body_size=DISCARD_LIMIT,
            max_buffer_size=READ_BUFFER,
        )
        for sock in sockets:
            _accept_politely(server, sock)
        print(banner(host, sockets[0].getsockname()[1], room, created, roster_path), flush=True)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(quiet_hang_ups)
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        if not room.usage.saved:  # a last try, after a full disk
            room.usage.save_or_warn()
        for sock in sockets:
            loop.remove_reader(sock.fileno())
            sock.close()
        server.stop()


def quiet_hang_ups(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The event loop's handler of errors nobody awaited. A client that hangs up in the middle of
    a body (after reading its 413, say) leaves tornado's body-reading task failed with
    StreamClosedError, which asyncio reports, whenever the task is collected, as a traceback
    "never retrieved": that is the client leaving, not a fault of the proxy. Anything else is
    reported as asyncio does."""
    if isinstance(context.get("exception"), tornado.iostream.StreamClosedError):
        return
    loop.default_exception_handler(context)


def banner(host: str, port: int, room: Classroom, created: bool, roster_path: Path) -> str:
    budget = (
        T("upstream.budget_each", budget=room.budget)
        if room.budget is not None
        else T("upstream.unlimited")
    )
    return T(
        "upstream.banner",
        shown=T("upstream.lan_address") if host in ("", "0.0.0.0", "::") else host,
        port=port,
        upstream=room.upstream,
        roster=roster_path,
        students=len(room.roster),
        state=T("upstream.roster_new" if created else "upstream.roster_read"),
        budget=budget,
        usage=room.usage.path,
    )


def _accept_politely(server: tornado.httpserver.HTTPServer, sock) -> None:
    """Accept connections for `server` as tornado's own accept handler does, except that out of
    file descriptors it pauses for a second (tornado's raises on every try: the CPU spins writing
    a traceback each time, as serve's did before its own acceptor)."""
    loop = asyncio.get_running_loop()

    def accept() -> None:
        for _ in range(128):
            try:
                connection, address = sock.accept()
            except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                return
            except OSError as e:
                if e.errno not in OUT_OF_FILES:
                    raise
                loop.remove_reader(sock.fileno())
                loop.call_later(1.0, resume)
                return
            stream = tornado.iostream.IOStream(connection, max_buffer_size=READ_BUFFER)
            server.handle_stream(stream, address)

    def resume() -> None:
        if sock.fileno() != -1:  # not closed meanwhile (the server stopped)
            loop.add_reader(sock.fileno(), accept)

    loop.add_reader(sock.fileno(), accept)


def serve_classroom(
    host: str,
    port: int,
    upstream: str,
    roster: str | Path = "roster.csv",
    students: int | None = None,
    budget_tokens: int | None = None,
) -> int:
    """Run the proxy until Ctrl-C; a missing key, a bad roster or usage file, or a port that cannot
    be listened on is one line and 1."""
    try:
        key = Settings.from_env().api_key  # checked there: no stray spaces or control characters
    except SettingsError as e:
        print(e, file=sys.stderr)
        return 1
    if not key:
        print(T("upstream.no_key"), file=sys.stderr)
        return 1
    if not upstream.startswith(("http://", "https://")):
        print(T("upstream.bad_upstream", upstream=upstream), file=sys.stderr)
        return 1
    roster_path = Path(roster)
    try:
        room, created = open_classroom(upstream, roster_path, students, budget_tokens, key)
    except RosterError as e:
        print(str(e), file=sys.stderr)
        return 1
    try:
        sockets = tornado.netutil.bind_sockets(port, host)
    except OSError as e:
        error = e.strerror or e
        print(T("upstream.cannot_listen", host=host, port=port, error=error), file=sys.stderr)
        return 1
    asyncio.run(run(sockets, host, room, created, roster_path))
    print(T("upstream.stopped"))
    return 0


def show_usage(roster: str | Path = "roster.csv", budget_tokens: int | None = None) -> int:
    """Print the usage table: one line per student on the roster, with what they used."""
    roster_path = Path(roster)
    if not roster_path.exists():
        print(T("upstream.no_roster", roster=roster_path), file=sys.stderr)
        return 1
    try:
        students = read_roster(roster_path).values()
        usage = Usage.load(usage_path(roster_path))
    except RosterError as e:
        print(str(e), file=sys.stderr)
        return 1
    print(f"{'student':<12} {'requests':>8} {'input':>9} {'output':>9} {'total':>9}")
    for student in students:
        requests, inp, out = usage.rows.get(student, [0, 0, 0])
        over = (
            T("upstream.over_budget")
            if budget_tokens is not None and inp + out >= budget_tokens
            else ""
        )
        print(f"{student:<12} {requests:>8} {inp:>9} {out:>9} {inp + out:>9}{over}")
    return 0
