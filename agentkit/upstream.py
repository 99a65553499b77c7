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

HTTP is serve's (`ProxyConnection` is an `agentkit.serve.Connection`): the same parser (httptools),
framing, Host, Expect and Upgrade rules, timeouts (`serve.IDLE_TIMEOUT`, `serve.BODY_TIMEOUT`), flow
control, listener and acceptor, and every refusal in the API's error shape, so one HTTP stack
answers both `serve` and `serve --upstream`. A connection's requests are forwarded one at a time,
in order; what this module adds is the admission on headers and the forwarding.

Limits: the budget is checked before a request is forwarded, so a student's concurrent requests
can overshoot it by one answer each, at most MAX_IN_FLIGHT answers; tokens travel in clear text on
the LAN (plain HTTP).
"""

from __future__ import annotations

import asyncio
import csv
import json
import re
import secrets
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx2

from . import serve as server
from .offline.api import Answer, error_answer
from .serve import Connection, Incoming, KeyedAPIs, check_host, check_port, stopping_on_signals
from .serve import _Listener as Listener
from .serve import run as run_on_loop
from .settings import Settings
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


MAX_BODY = 32 * 1024 * 1024  # the Messages API's limit: a larger body is its 413 request_too_large
MAX_IN_FLIGHT = 4  # requests a student may have in flight at once; the upstream pool holds as many
RETRY_AFTER = 2  # seconds the SDK waits before it retries a request refused for being one too many


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


def forwarded_headers(headers: dict[str, str]) -> dict[str, str]:
    """The student's request headers the upstream needs (FORWARD, FORWARD_PREFIX; serve's
    `Incoming.headers`: names lower-cased, a repeated header's values joined)."""
    return {k: v for k, v in headers.items() if k in FORWARD or k.startswith(FORWARD_PREFIX)}


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


def answer_of(refusal: ProxyAnswer) -> Answer:
    """A refusal in the API's error shape, marked worth retrying (after retry-after seconds) or
    not (serve writes it with its length: it may go before the body is read)."""
    rid = "req_01" + secrets.token_hex(11)
    headers = {"x-should-retry": "false" if refusal.retry_after is None else "true"}
    if refusal.retry_after is not None:
        headers["retry-after"] = str(refusal.retry_after)
    return error_answer(refusal.status, refusal.kind, refusal.message, rid, headers)


class Forwarded(Incoming):
    """A request as serve reads it, and what the proxy decided on its headers: the student, where
    it goes, the headers forwarded, whether it holds one of the student's slots, and whether its
    refusal was queued before its body was in (`early`)."""

    __slots__ = ("student", "to", "forward", "slot", "early")

    def __init__(self) -> None:
        super().__init__()
        self.student: str | None = None
        self.to: Target | None = None
        self.forward: dict[str, str] = {}
        self.slot = self.early = False


class ProxyConnection(Connection):
    """One client connection, read and written by serve's HTTP code (agentkit.serve.Connection:
    httptools, the framing, Host and Expect rules, the timeouts, flow control, answers in request
    order, every refusal in the API's error shape); a request is admitted or refused on its headers
    alone (`admit`), its body kept only once admitted and only up to MAX_BODY (`on_body`), then
    forwarded, one request of the connection at a time (`_relay`)."""

    def __init__(self, room: Classroom, client: httpx2.AsyncClient) -> None:
        super().__init__(NO_WORLDS)
        self.room, self.client = room, client
        self.forwarding: Forwarded | None = None
        self.drained = asyncio.Event()  # set while the client reads what it is sent
        self.drained.set()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.request = Forwarded()

    def admit(self, request: Incoming) -> None:
        assert isinstance(request, Forwarded)
        refusal = self._refusal(request)
        if refusal is not None:
            self._refuse_early(request, refusal)

    def _refusal(self, request: Forwarded) -> ProxyAnswer | None:
        """None when the request goes on (its body is then read), else why not."""
        room, target = self.room, request.target.decode("latin-1")
        student = room.roster.get(student_token(request.headers) or "")
        if student is None:
            return ProxyAnswer(401, "authentication_error", "invalid x-api-key")
        path, _, query = target.partition("?")
        to = target_of(room.upstream, request.method, path, query)
        if to is None:
            where = f"{request.method} {target}"[:200]
            return ProxyAnswer(404, "not_found_error", T("upstream.no_route", where=where))
        headers = forwarded_headers(request.headers)
        bad = unsendable(headers)
        if bad is not None:
            return ProxyAnswer(400, "invalid_request_error", T("upstream.bad_header", name=bad))
        if request.size > MAX_BODY:
            return TOO_LARGE
        used = room.usage.total(student)
        if room.budget is not None and used >= room.budget:
            message = T("upstream.budget_used", budget=room.budget, student=student, used=used)
            return ProxyAnswer(429, "rate_limit_error", message)
        if not room.take_slot(student):
            message = T("upstream.in_flight", student=student, most=MAX_IN_FLIGHT)
            return ProxyAnswer(429, "rate_limit_error", message, retry_after=RETRY_AFTER)
        request.student, request.to, request.forward, request.slot = student, to, headers, True
        return None

    def _refuse_early(self, request: Forwarded, refusal: ProxyAnswer) -> None:
        """Answered in its turn, before its body is read: the body that follows is discarded as
        it arrives (a client still sending it reads this answer, not a reset); a client that waits
        for `100 Continue` is not asked for its body, and the connection closes after the answer."""
        self._free(request)
        request.answer, request.chunks, request.early = answer_of(refusal), [], True
        if request.headers.get("expect", "").lower() == "100-continue" and not request.received:
            request.keep_alive = False
        self.waiting.append(request)
        self._answer_waiting()

    def _refuse(self, answer: Answer) -> None:
        """Malformed HTTP (serve's refusal, then the close): the request being read gives its
        slot back."""
        if self.request is not None:
            self._free(self.request)
        super()._refuse(answer)

    def on_body(self, chunk: bytes) -> None:
        request = self.request
        assert isinstance(request, Forwarded)
        if request.answer is not None:
            request.continue_due = False
            return  # refused: discarded as it arrives
        super().on_body(chunk)
        if request.size > MAX_BODY:  # chunked, past the limit with no size declared
            self._refuse_early(request, TOO_LARGE)

    def on_message_complete(self) -> None:
        request = self.request
        if isinstance(request, Forwarded) and request.early:  # answered (or queued) already
            self.request = None
            if not self.parser.should_keep_alive():
                request.keep_alive = False
                if request not in self.waiting:  # its answer went: now the close
                    self._send(b"", close=True)
            self._wait(None if self.waiting or self.busy else server.IDLE_TIMEOUT)
            return
        super().on_message_complete()

    def _answer_waiting(self) -> None:
        while self.waiting and not self.busy and self.writing:
            request = self.waiting[0]
            if request.answer is not None:  # a refusal, in its turn
                self.waiting.popleft()
                self._write(request, request.answer)
                continue
            assert isinstance(request, Forwarded)
            self.busy, self.forwarding = True, request
            if self.transport is not None:
                self.transport.pause_reading()  # the next requests wait for this one
            self.loop.create_task(self._forward(request))
            return
        self._continue()

    async def _forward(self, request: Forwarded) -> None:
        try:
            answer = await self._relay(request)
        except Exception:
            answer = self._internal_error(request)
        finally:
            self._free(request)
            self.forwarding = None
        self.busy = False
        if self.waiting and self.waiting[0] is request:
            self.waiting.popleft()
            if answer is not None:
                self._write(request, answer)
            transport = self.transport
            if transport is not None and not transport.is_closing():
                if self.writing and not self.broken:
                    transport.resume_reading()
                if not self.waiting and self.request is None:
                    self._wait(server.IDLE_TIMEOUT)
            self._answer_waiting()

    async def _relay(self, request: Forwarded) -> Answer | None:
        """Forward the request and pass the answer on as it comes (None), or the API's 502 when
        the upstream cannot be reached (never the request itself in the message: it holds the
        key). An upstream that breaks off mid-answer: so does this one (the connection closes)."""
        room, to, student = self.room, request.to, request.student
        assert to is not None and student is not None
        headers = {**request.forward, "x-api-key": room.key, "accept-encoding": "identity"}
        if request.received:  # sent with its length (an iterator alone would go chunked)
            headers["content-length"] = str(request.received)
        content = _body(request) if request.received else None
        try:
            sent = self.client.build_request(
                request.method, to.url, headers=headers, content=content
            )
            response = await self.client.send(sent, stream=True)
        except httpx2.HTTPError as e:
            kind = type(e).__name__
            message = T("upstream.unreachable", upstream=room.upstream, kind=kind)
            return error_answer(502, "api_error", message, "req_01" + secrets.token_hex(11))
        try:
            tokens = await self._pass_on(request, response)
        except httpx2.HTTPError:  # mid-answer: the head is gone, so the answer breaks off too
            self._send(b"", close=True)
            return None
        finally:
            await response.aclose()
        if to.counted:  # a student who hangs up mid-stream is billed, so counted, all the same
            room.usage.add(student, *tokens)
        return None

    async def _pass_on(self, request: Forwarded, response: httpx2.Response) -> tuple[int, int]:
        """The upstream's answer to the client, unchanged but for this hop's headers: a JSON body
        whole, with its length; server-sent events chunk by chunk as they arrive (chunked; in
        HTTP/1.0, ended by the close). A client gone meanwhile: the rest is read (and counted),
        not sent. The tokens the answer used."""
        stream = response.headers.get("content-type", "").startswith("text/event-stream")
        chunked = stream and request.version == "1.1"
        if stream and not chunked:
            request.keep_alive = False
        head = [f"HTTP/1.1 {response.status_code} {response.reason_phrase or ''}".rstrip()]
        head += [f"{n}: {v}" for n, v in response.headers.items() if n.lower() not in HOP]
        if not request.keep_alive:
            head.append("connection: close")
        if not stream:
            body = await response.aread()
            head.append(f"content-length: {len(body)}")
            shown = b"" if request.method == "HEAD" else body
            self._send("\r\n".join(head).encode("latin-1") + b"\r\n\r\n" + shown)
            self._ended(request)
            return usage_of_json(body) if response.status_code == 200 else (0, 0)
        if chunked:
            head.append("transfer-encoding: chunked")
        self._send("\r\n".join(head).encode("latin-1") + b"\r\n\r\n")
        events = EventUsage()
        async for chunk in response.aiter_raw():
            events.feed(chunk)
            if chunk and not self._gone():
                self._send(b"%x\r\n%s\r\n" % (len(chunk), chunk) if chunked else chunk)
                if not self.drained.is_set():
                    await self.drained.wait()
        if chunked:
            self._send(b"0\r\n\r\n")
        self._ended(request)
        return events.input, events.output

    def _ended(self, request: Forwarded) -> None:
        """The answer is written: the close, if it ends the connection."""
        if not request.keep_alive:
            self._send(b"", close=True)
            self._wait(
                server.IDLE_TIMEOUT
            )  # an answer the client never reads does not hold it open

    def _gone(self) -> bool:
        return self.transport is None or self.transport.is_closing()

    def _free(self, request: Incoming) -> None:
        if isinstance(request, Forwarded) and request.slot and request.student is not None:
            self.room.free_slot(request.student)
            request.slot = False

    def pause_writing(self) -> None:
        super().pause_writing()
        self.drained.clear()

    def resume_writing(self) -> None:
        self.drained.set()
        super().resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        """Gone: the slots of its requests not being forwarded are free (the one being forwarded
        is read from the upstream to its end, counted, and frees its slot then)."""
        for request in [self.request, *self.waiting]:
            if request is not None and request is not self.forwarding:
                self._free(request)
        super().connection_lost(exc)
        self.drained.set()


NO_WORLDS = KeyedAPIs(max_keys=0)
"""serve's worlds, by key: the proxy keeps none (its answers come from the upstream)."""


async def _body(request: Incoming) -> AsyncIterator[bytes]:
    """The body as it was received, each chunk let go once sent (never joined: a copy)."""
    chunks, request.chunks = request.chunks, []
    chunks.reverse()
    while chunks:
        yield chunks.pop()


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


async def run(host: str, port: int, room: Classroom, created: bool, roster_path: Path):
    """Serve until SIGINT or SIGTERM (serve's listener: one port on every address of the host,
    accepting paused for a second when out of file descriptors)."""
    pool = MAX_IN_FLIGHT * len(room.roster)  # every admitted request has its connection at once
    limits = httpx2.Limits(max_connections=pool, max_keepalive_connections=pool)
    timeout = httpx2.Timeout(600, connect=10)
    async with httpx2.AsyncClient(timeout=timeout, limits=limits) as client:
        stop = asyncio.Event()
        with stopping_on_signals(stop):
            listener = Listener(host, port, factory=lambda: ProxyConnection(room, client))
            print(banner(host, listener.port, room, created, roster_path), flush=True)
            await stop.wait()
            listener.stop()
        if not room.usage.saved:  # a last try, after a full disk
            room.usage.save_or_warn()


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


def serve_classroom(
    host: str,
    port: int,
    upstream: str,
    roster: str | Path = "roster.csv",
    students: int | None = None,
    budget_tokens: int | None = None,
) -> int:
    """Run the proxy until Ctrl-C; a bad host or port, a missing key, a bad roster or usage file,
    or a port that cannot be listened on is one line and 1."""
    try:
        host, port = check_host(host), check_port(str(port))
        key = Settings.from_env().api_key  # checked there: no stray spaces or control characters
    except ValueError as e:  # SettingsError included
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
        run_on_loop(run(host, port, room, created, roster_path))
    except KeyboardInterrupt:
        pass  # Ctrl-C before the signal handler was in place
    except OSError as e:  # the port cannot be listened on
        error = e.strerror or e
        print(T("upstream.cannot_listen", host=host, port=port, error=error), file=sys.stderr)
        return 1
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
