"""Record a lesson's Messages API exchanges to a cassette file, and replay them offline.

With a key, `make_client(record="cassettes/02.json")` (or AGENTKIT_RECORD) wraps the SDK's real
transports in a `RecordingTransport`: each exchange (request method, path and JSON body; response
status and JSON body) is written to the cassette as it happens. Headers are never written, so the key
(`authorization` / `x-api-key`) cannot end up in the file.

Offline, `make_client(replay="cassettes/02.json")` (or AGENTKIT_REPLAY) puts a `Replay` handler behind
`httpx2.MockTransport`: it serves the recorded responses in order, after checking that each request's
JSON body equals the recorded one. Every replayed response carries the header `x-agentkit-replay`,
and `client.cassette.label` reads "▶ 回放录制：<name>（录制于 <date>，模型 <model>）" (with AGENTKIT_LANG=en:
"▶ Replaying the recording <name> (recorded <date>, model <model>)").

A request the cassette has no answer for raises `CassetteMismatch`, naming the file, the exchange
number and the first differing field (e.g. `messages.2.content`). It is raised, not answered as an
HTTP 400: a 400 means "your request broke the protocol", and lessons catch `BadRequestError` to show
exactly that, so a mismatch dressed as a 400 would teach the wrong thing. `CassetteMismatch` is an
`anthropic.AnthropicError`, which the SDK re-raises from the transport unchanged and never retries
(a plain exception would be wrapped as a retried "Connection error."); `run_agent_loop` catches only
`anthropic.APIError`, so the mismatch reaches the notebook with its own message.

The environment variables apply to the clients a lesson builds with `make_client()`; a client asked
for with `offline=True` (fault injection, a small context window) keeps the simulated Claude in both
recording and replay, and `agentkit.check_loop` always grades against its own offline scenarios.

Re-running a cell is not a mismatch: when the next recorded request differs but another recorded
request is identical, that one is served and replay continues after it. Cassettes opened through
`make_client` are shared per file within a process, so several clients in one notebook continue one
recording (and a second `record=` of the same file in the same process appends to it).
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import quote

import anthropic
import httpx2
import pydantic

from .content import short
from .strings import T

FORMAT = 1
REPLAY_HEADER = "x-agentkit-replay"
BACKENDS = ("anthropic-api", "offline")
"""What a cassette records: real Claude, or the simulated one."""
RETRYABLE = {408, 409, 429} | set(range(500, 600))

Handler = Callable[[httpx2.Request], httpx2.Response]


def backend_name(backend: str) -> str:
    """What a cassette records, in words: real Claude or the simulated one."""
    key = f"cassette.backend.{backend}"
    return T(key) if backend in BACKENDS else backend


class CassetteError(anthropic.AnthropicError):
    """A cassette file is missing or unreadable, or cannot be used as asked."""


class CassetteMismatch(CassetteError):
    """A replayed request is not the one that was recorded. `.exchange` is 1-based; `.field` is the first
    differing field of the request body (dotted, e.g. "messages.2.content"), or "method"/"path",
    or None when the cassette has no more exchanges."""

    def __init__(self, message: str, path: Path, exchange: int, field: str | None):
        super().__init__(message)
        self.path, self.exchange, self.field = path, exchange, field


@dataclass
class Cassette:
    """A recording: where it lives, when and with which model it was made, and its exchanges."""

    path: Path
    exchanges: list[dict[str, Any]] = field(default_factory=list)
    recorded_at: str | None = None  # ISO timestamp (UTC) of the first exchange
    model: str | None = None  # the model of the first request
    backend: str = (
        "anthropic-api"  # "anthropic-api" (real Claude) or "offline" (the simulated Claude)
    )
    mode: str = "record"  # "record" or "replay": what this process does with it
    _written: bool = field(default=False, repr=False)  # this process wrote the file at path

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def date(self) -> str:
        return (self.recorded_at or "")[:10] or "?"

    @property
    def label(self) -> str:
        backend = backend_name(self.backend)
        who = "" if self.backend == "anthropic-api" else T("cassette.label_who", backend=backend)
        if self.mode == "replay":
            return T(
                "cassette.label_replay",
                name=self.name,
                date=self.date,
                model=self.model or "?",
                who=who,
            )
        return T("cassette.label_record", name=self.name, backend=backend, path=self.path)

    def __str__(self) -> str:
        return self.label

    @classmethod
    def load(cls, path: str | os.PathLike) -> Cassette:
        """Read a cassette file; anything wrong with it raises CassetteError naming the file."""
        path = Path(path)
        try:
            is_file, is_dir = path.is_file(), path.is_dir()
        except OSError as e:  # e.g. a name too long: not "no such file"
            raise CassetteError(
                T("cassette.unreadable", path=path, error=e.strerror or e)
            ) from None
        if not is_file:
            folder = T("cassette.is_folder") if is_dir else ""
            raise CassetteError(T("cassette.no_file", path=path, folder=folder))
        try:
            data = json.loads(
                path.read_text(encoding="utf-8"), parse_constant=_refuse, parse_float=_finite
            )
        except NotANumber as e:
            nan = T("cassette.format.not_a_number", value=e.args[0])
            raise CassetteError(T("cassette.unusable", path=path, problem=nan)) from None
        except RecursionError:
            raise CassetteError(T("cassette.too_deep", path=path)) from None
        except OSError as e:
            raise CassetteError(
                T("cassette.unreadable", path=path, error=e.strerror or e)
            ) from None
        except UnicodeDecodeError as e:
            raise CassetteError(T("cassette.not_utf8", path=path, reason=e.reason)) from e
        except json.JSONDecodeError as e:
            raise CassetteError(
                T("cassette.bad_json", path=path, line=e.lineno, column=e.colno, msg=e.msg)
            ) from e
        problem: str | None
        try:
            problem = _format_problem(data)
        except RecursionError:
            problem = T("cassette.nested")
        if problem:
            raise CassetteError(T("cassette.unusable", path=path, problem=problem))
        return cls(
            path,
            data["exchanges"],
            data.get("recorded_at"),
            data.get("model"),
            data.get("backend", "anthropic-api"),
            mode="replay",
        )

    def add(self, exchange: dict[str, Any]) -> None:
        """Append one exchange and rewrite the file (so a crash mid-lesson keeps what was recorded)."""
        if not self.exchanges:
            self.recorded_at = datetime.now(UTC).isoformat(timespec="seconds")
            body = exchange["request"].get("body")
            self.model = body.get("model") if isinstance(body, dict) else None
        self.exchanges.append(exchange)
        self.save()

    def save(self) -> None:
        """Write the whole cassette to a temporary file beside it, then rename it over the target
        (atomic: a reader sees the old file or the new one). A failure is one CassetteError naming
        the path; the SDK re-raises an AnthropicError unchanged, so the request is not sent again."""
        data = {
            "agentkit_cassette": FORMAT,
            "name": self.name,
            "recorded_at": self.recorded_at,
            "model": self.model,
            "backend": self.backend,
            "sdk": f"anthropic {anthropic.__version__}",
            "exchanges": self.exchanges,
        }
        text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        tmp = None
        try:
            check_record_target(self.path, read=not self._written)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(
                prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent
            )
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
            tmp, self._written = None, True
        except OSError as e:
            raise CassetteError(
                T("cassette.save_failed", path=self.path, error=e.strerror or e)
            ) from None
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)


def check_record_target(path: Path, read: bool = True) -> None:
    """Refuse to record over anything that is not ours: a folder, a symlink, a device or pipe, or a
    file that is not a cassette (an empty file is fine). Raises CassetteError naming the path."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as e:
        raise CassetteError(T("cassette.cannot_use", path=path, error=e.strerror or e)) from None
    kind = (
        "folder"
        if stat.S_ISDIR(st.st_mode)
        else "symlink"
        if stat.S_ISLNK(st.st_mode)
        else None
        if stat.S_ISREG(st.st_mode)
        else "special"
    )
    if kind is None and read and st.st_size and not _is_cassette(path):
        kind = "other_file"
    if kind:
        raise CassetteError(
            T("cassette.wont_overwrite", path=path, kind=T(f"cassette.kind.{kind}"))
        )


def _is_cassette(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            head = f.read(4096)
        return b'"agentkit_cassette"' in head and Cassette.load(path) is not None
    except (OSError, CassetteError):
        return False


class NotANumber(ValueError):
    """NaN, Infinity or a number too large for a float in a cassette (Python's json reads them; a
    replayed answer holding one could not be encoded again, and the SDK said "Connection error")."""


def _refuse(name: str) -> Any:
    raise NotANumber(name)


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise NotANumber(text)
    return value


def _format_problem(data: Any) -> str | None:
    if not isinstance(data, dict) or "exchanges" not in data:
        return T("cassette.format.top")
    if data.get("agentkit_cassette") != FORMAT:
        return T(
            "cassette.format.version", version=repr(data.get("agentkit_cassette")), known=FORMAT
        )
    header = _header_problem(data)
    if header:
        return header
    if not isinstance(data["exchanges"], list):
        return T("cassette.format.list")
    for i, ex in enumerate(data["exchanges"], 1):
        req, resp = (
            (ex.get("request"), ex.get("response")) if isinstance(ex, dict) else (None, None)
        )
        if not isinstance(req, dict) or not {"method", "path"} <= req.keys():
            return T("cassette.format.no_request", i=i)
        if (
            not isinstance(resp, dict)
            or not isinstance(resp.get("status"), int)
            or not {"body", "text"} & resp.keys()
        ):
            return T("cassette.format.no_response", i=i)
        status = resp["status"]
        if type(status) is not int or not 200 <= status <= 599:  # `true` is no status
            why = T("cassette.format.status", status=json.dumps(status))
            return T(
                "cassette.format.not_api", i=i, method=req["method"], path=req["path"], why=why
            )
        answer_problem = _not_an_api_answer(req, resp)
        if answer_problem:
            return T(
                "cassette.format.not_api",
                i=i,
                method=req["method"],
                path=req["path"],
                why=answer_problem,
            )
    return None


HEADER_FIELDS = (("recorded_at", True), ("model", True), ("backend", False))
"""The cassette's own fields the label reads, and whether each may be null: a string otherwise."""


def _header_problem(data: dict[str, Any]) -> str | None:
    """Why a field of the cassette's own (not of an exchange) cannot be read, or None."""
    for name, nullable in HEADER_FIELDS:
        if name not in data or type(data[name]) is str or (nullable and data[name] is None):
            continue
        kind = T("cassette.format.str_or_null" if nullable else "cassette.format.str")
        value = short(json.dumps(data[name], ensure_ascii=False), 60)
        return T("cassette.format.field_type", field=name, kind=kind, value=value)
    return None


MESSAGE_FIELDS = ("id", "type", "role", "content", "stop_reason", "usage")


def _not_an_api_answer(req: dict[str, Any], resp: dict[str, Any]) -> str | None:
    """Why a recorded response is not what the Messages API answers to that request, or None."""
    body, status = resp.get("body"), resp["status"]
    if status >= 400:
        err = body.get("error") if isinstance(body, dict) else None
        ok = isinstance(err, dict) and all(type(err.get(k)) is str for k in ("type", "message"))
        return None if ok else T("cassette.format.error_shape")
    if not str(req["path"]).startswith("/v1/messages") or str(req["path"]).startswith(
        "/v1/messages/count_tokens"
    ):
        return None
    if "body" not in resp:
        text = resp.get("text")
        if not isinstance(text, str) or "event: message_start" not in text:
            return T("cassette.format.not_sse")
        return _events_problem(text)
    missing = [k for k in MESSAGE_FIELDS if not isinstance(body, dict) or k not in body]
    if missing or not isinstance(body, dict):
        return T("cassette.format.missing", fields=", ".join(missing))
    if (
        body["type"] != "message"
        or body["role"] != "assistant"
        or not isinstance(body["content"], list)
    ):
        return T("cassette.format.not_message")
    try:
        anthropic.types.Message.model_validate(body)  # the SDK's own type, deep inside too
    except pydantic.ValidationError as e:
        first = e.errors()[0]
        field = ".".join(map(str, first["loc"]))
        return T("cassette.format.bad_field", field=field, error=first["msg"])
    return None


def _events_problem(text: str) -> str | None:
    """Why a recorded event stream is not one the SDK can read, or None: each event's data is a
    JSON object with a type, and the events come in the API's order."""
    order = StreamOrder()
    for n, line in enumerate((x for x in text.splitlines() if x.startswith("data:")), 1):
        try:
            data = json.loads(line[5:], parse_constant=_refuse, parse_float=_finite)
        except (ValueError, RecursionError):
            data = None
        if not isinstance(data, dict) or type(data.get("type")) is not str:
            return T("cassette.format.bad_event", n=n)
        why = order.step(data)
        if why:
            return T("cassette.format.event_order", n=n, event=data["type"], why=why)
    return None


class StreamOrder:
    """The order the Messages API sends a stream's events in, which the SDK's accumulator relies on
    (a delta for a block never started was an IndexError inside it): `message_start` first; each
    content block started, given its deltas and stopped in turn, index 0, 1, …; `message_delta`
    and `message_stop` after the last block is stopped; nothing after `message_stop`. A `ping` or
    an `error` may come anywhere, and an event type this SDK does not know is left alone."""

    BLOCK_EVENTS = ("content_block_start", "content_block_delta", "content_block_stop")
    MESSAGE_EVENTS = ("message_start", "message_delta", "message_stop", *BLOCK_EVENTS)

    def __init__(self) -> None:
        self.started = self.stopped = False
        self.blocks = 0  # content blocks started so far
        self.open: int | None = None  # the index of the block started and not yet stopped

    def step(self, data: dict[str, Any]) -> str | None:
        """Take the next event's data; why it is out of order, or None."""
        kind = data["type"]
        if kind not in self.MESSAGE_EVENTS:
            return None
        if self.stopped:
            return T("cassette.order.after_stop")
        if not self.started:
            self.started = kind == "message_start"
            return None if self.started else T("cassette.order.before_start")
        if kind == "message_start":
            return T("cassette.order.twice")
        if kind in self.BLOCK_EVENTS:
            return self._block(kind, data.get("index"))
        if self.open is not None:  # message_delta or message_stop inside a block
            return T("cassette.order.still_open", open=self.open)
        self.stopped = kind == "message_stop"
        return None

    def _block(self, kind: str, index: Any) -> str | None:
        if kind == "content_block_start":
            if self.open is not None:
                return T("cassette.order.still_open", open=self.open)
            want, self.open = self.blocks, index
            self.blocks += 1
        elif self.open is None:
            return T("cassette.order.no_block", index=json.dumps(index))
        else:
            want = self.open
            if kind == "content_block_stop":
                self.open = None
        if type(index) is not int or index != want:
            return T("cassette.order.index", index=json.dumps(index), want=want)
        return None


# --- recording ---------------------------------------------------------------------------------------


class RecordingTransport(httpx2.BaseTransport, httpx2.AsyncBaseTransport):
    """Wraps a transport (e.g. `httpx2.HTTPTransport`, or its async twin) or a MockTransport-style
    handler, and writes each exchange to `cassette`. Only the method, path, JSON body and response
    status/body are written."""

    def __init__(
        self,
        inner: httpx2.BaseTransport | httpx2.AsyncBaseTransport | Handler,
        cassette: Cassette | str | os.PathLike,
    ):
        self.inner = inner
        self.cassette = cassette if isinstance(cassette, Cassette) else Cassette(Path(cassette))

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        request.read()
        if isinstance(self.inner, httpx2.BaseTransport):
            response = self.inner.handle_request(request)
        elif isinstance(self.inner, httpx2.AsyncBaseTransport):
            raise TypeError("RecordingTransport: an async transport cannot serve a sync client")
        else:
            response = self.inner(request)
        response.read()
        self._record(request, response)
        return response

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        await request.aread()
        if isinstance(self.inner, httpx2.AsyncBaseTransport):
            response = await self.inner.handle_async_request(request)
        elif isinstance(self.inner, httpx2.BaseTransport):
            raise TypeError("RecordingTransport: a sync transport cannot serve an async client")
        else:
            response = self.inner(request)
            if not isinstance(response, httpx2.Response):
                response = await response
        await response.aread()
        self._record(request, response)
        return response

    def _record(self, request: httpx2.Request, response: httpx2.Response) -> None:
        sent = {
            "method": request.method,
            "path": _path(request),
            "body": _json_or_none(request.content),
        }
        self.cassette.add({"request": sent, "response": _response_record(response)})

    def close(self) -> None:
        if isinstance(self.inner, httpx2.BaseTransport):
            self.inner.close()

    async def aclose(self) -> None:
        if isinstance(self.inner, httpx2.AsyncBaseTransport):
            await self.inner.aclose()


def _path(request: httpx2.Request) -> str:
    return request.url.raw_path.decode("ascii")  # path and query string; never the host or headers


def _json_or_none(content: bytes) -> Any:
    if not content:
        return None
    try:
        return json.loads(content)
    except ValueError:
        return {"_raw": content.decode("utf-8", "replace")}


def _response_record(response: httpx2.Response) -> dict[str, Any]:
    kind = response.headers.get("content-type", "")
    if "json" in kind:
        try:
            return {"status": response.status_code, "body": response.json()}
        except ValueError:
            pass
    return {
        "status": response.status_code,
        "content_type": kind,
        "text": response.text,
    }  # e.g. a stream


def recording_http_client(cassette: Cassette, *, is_async: bool = False) -> Any:
    """The SDK's own default HTTP client (proxies from the environment, keep-alive; async with
    `is_async`) with each of its transports wrapped in a RecordingTransport."""
    client = anthropic.DefaultAsyncHttpxClient() if is_async else anthropic.DefaultHttpxClient()
    client._transport = RecordingTransport(client._transport, cassette)
    mounts: dict[Any, Any] = {
        pattern: t if t is None else RecordingTransport(t, cassette)
        for pattern, t in client._mounts.items()
    }  # RecordingTransport is both a sync and an async transport: it fits either client's mounts
    client._mounts = mounts
    return client


# --- replay ------------------------------------------------------------------------------------------


class Replay:
    """An `httpx2.MockTransport` handler serving a cassette's responses in order (see the module doc)."""

    def __init__(self, cassette: Cassette | str | os.PathLike):
        self.cassette = cassette if isinstance(cassette, Cassette) else Cassette.load(cassette)
        self.cassette.mode = "replay"
        self.position = 0  # index of the exchange expected next

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        got = {
            "method": request.method,
            "path": _path(request),
            "body": _json_or_none(request.content),
        }
        exchanges = self.cassette.exchanges
        # The next exchange first; then (a re-run cell) the same request recorded anywhere else.
        order = list(range(self.position, len(exchanges))) + list(range(self.position))
        at = next((i for i in order if _same(exchanges[i]["request"], got)), None)
        if at is None:
            raise self._mismatch(got)
        self.position = at + 1
        return self._response(exchanges[at]["response"])

    def _response(self, recorded: dict[str, Any]) -> httpx2.Response:
        headers = {REPLAY_HEADER: quote(self.cassette.name, safe="-_.~ ")}
        if recorded["status"] in RETRYABLE:
            headers["retry-after-ms"] = "1"  # a recorded 429/5xx: the SDK retries at once
        if "body" in recorded:
            return httpx2.Response(recorded["status"], json=recorded["body"], headers=headers)
        headers["content-type"] = recorded.get("content_type") or "text/plain"
        return httpx2.Response(
            recorded["status"], content=recorded["text"].encode("utf-8"), headers=headers
        )

    def _mismatch(self, got: dict[str, Any]) -> CassetteMismatch:
        path, exchanges, n = self.cassette.path, self.cassette.exchanges, self.position + 1
        redo = T("cassette.redo")
        if self.position >= len(exchanges):
            return CassetteMismatch(
                T("cassette.extra_request", path=path, count=len(exchanges), n=n, redo=redo),
                path,
                n,
                None,
            )
        want = exchanges[self.position]["request"]
        where = next((k for k in ("method", "path") if want[k] != got[k]), None)
        where = where or first_difference(want.get("body"), got["body"]) or "body"
        recorded, now = (
            (want[where], got[where])
            if where in ("method", "path")
            else (_at(want.get("body"), where), _at(got["body"], where))
        )
        return CassetteMismatch(
            T(
                "cassette.differs",
                path=path,
                n=n,
                where=where,
                recorded=_short(recorded),
                now=_short(now),
                redo=redo,
            ),
            path,
            n,
            where,
        )


def _same(recorded: dict[str, Any], got: dict[str, Any]) -> bool:
    return (recorded["method"], recorded["path"], recorded.get("body")) == (
        got["method"],
        got["path"],
        got["body"],
    )


MISSING = object()


def first_difference(recorded: Any, got: Any, where: str = "") -> str | None:
    """The dotted path of the first place two JSON values differ ("messages.2.content"), or None."""
    if isinstance(recorded, dict) and isinstance(got, dict):
        for key in [*recorded, *(k for k in got if k not in recorded)]:
            sub = f"{where}.{key}" if where else str(key)
            if key not in recorded or key not in got:
                return sub
            found = first_difference(recorded[key], got[key], sub)
            if found:
                return found
        return None
    if isinstance(recorded, list) and isinstance(got, list):
        for i, (a, b) in enumerate(zip(recorded, got, strict=False)):
            found = first_difference(a, b, f"{where}.{i}" if where else str(i))
            if found:
                return found
        if len(recorded) != len(got):
            i = min(len(recorded), len(got))
            return f"{where}.{i}" if where else str(i)
        return None
    same = type(recorded) is type(got) or (
        isinstance(recorded, (int, float))
        and isinstance(got, (int, float))
        and not isinstance(recorded, bool)
        and not isinstance(got, bool)
    )
    return None if same and recorded == got else (where or "body")


def _at(value: Any, where: str) -> Any:
    if where == "body":
        return value
    for part in where.split("."):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return MISSING
    return value


def _short(value: Any) -> str:
    """A recorded or sent field for the mismatch message: its JSON, cut by `content.short`."""
    return (
        T("cassette.no_field")
        if value is MISSING
        else short(json.dumps(value, ensure_ascii=False), 120)
    )


# --- shared per file within a process (several clients in one notebook continue one cassette) ----------

_RECORDINGS: dict[Path, Cassette] = {}
_REPLAYS: dict[Path, Replay] = {}


def recording(path: str | os.PathLike, backend: str = "anthropic-api") -> Cassette:
    """The cassette this process records to at `path`: new (the file is overwritten) the first time."""
    key = Path(path).resolve()
    if key not in _RECORDINGS:
        check_record_target(Path(path))
        _check_writable(Path(path))
    tape = _RECORDINGS.setdefault(key, Cassette(Path(path), backend=backend))
    if tape.backend != backend:
        first, second = backend_name(tape.backend), backend_name(backend)
        raise CassetteError(T("cassette.two_backends", path=path, first=first, second=second))
    return tape


def _check_writable(path: Path) -> None:
    """Before any request is sent: the nearest existing folder above `path` must be writable."""
    folder = path.absolute().parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
        raise CassetteError(T("cassette.not_writable", folder=folder, path=path))


def replaying(path: str | os.PathLike) -> Replay:
    """The replay handler this process uses for `path` (loaded, and checked, the first time)."""
    key = Path(path).resolve()
    if key not in _REPLAYS:
        _REPLAYS[key] = Replay(path)
    return _REPLAYS[key]
