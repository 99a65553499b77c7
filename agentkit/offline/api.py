"""The offline Messages API: the request handler behind `httpx2.MockTransport` (sync and async) and
behind `python -m agentkit serve`, speaking the real wire format.

It serves `POST /v1/messages` (JSON or server-sent events with `stream: true`),
`POST /v1/messages/count_tokens`, `GET /v1/models` and `GET /v1/models/{id}`. Each request is validated
as the API does (HTTP 400 `invalid_request_error`, 404 `not_found_error` for unknown and retired model
ids, same wording), the model behind the API (`model.Model`: the stand-in Claude, or any other) is asked
for a reply, then what the server applies is applied: extended thinking, `stop_sequences`, `max_tokens`,
the context window, ids and usage. It can inject
429/529/500 faults on chosen calls, or an overloaded `error` event in the middle of a stream.

Ids (`req_…`, `msg_…`, `toolu_…`) come from a process-wide request counter: unique across requests and
clients in one process, and the same on every re-run of a notebook (a fresh kernel counts from 0).
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import logging
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Protocol

import httpx2
from anthropic._constants import ANTHROPIC_API_VERSION

from . import models, resent, sse
from .agent_features import PromptCache
from .model import Model, Reply, Request
from .tokens import add_stats, block_tokens, count_tokens, input_tokens, token_stats
from .validation import InvalidRequest, sign, validate

__all__ = ["OfflineAPI", "MIDSTREAM", "Answer", "count_tokens", "error_answer", "stable_id"]
FAULTS = {
    429: (
        "rate_limit_error",
        "Number of request tokens has exceeded your per-minute rate limit (offline fault injection).",
    ),
    500: ("api_error", "Internal server error (offline fault injection)."),
    529: ("overloaded_error", "Overloaded (offline fault injection)."),
}
MIDSTREAM = "midstream"
"""A fault value: a streamed reply breaks off with an `overloaded_error` event (a 529 when not streamed)."""
MAX_BODY = 32 * 1024 * 1024  # the API refuses larger request bodies with 413 request_too_large
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
DIGIT_PAIRS = [ALPHABET[i % 62] + ALPHABET[i // 62] for i in range(62 * 62)]
LOG = logging.getLogger(__name__)
# JSON's non-values outside strings (Python's json reads them), and a high surrogate escape with no
# low one after it
NON_VALUE = re.compile(rb'"(?:[^"\\]|\\.)*"|(NaN|-?Infinity)')
HIGH_ESCAPE = re.compile(rb"\\u[dD][89abAB]")
ESCAPED_ASCII = re.compile(rb"\\u00[2-7][0-9a-fA-F]")
"""A printable ASCII character written as a \\u escape: a key could be spelled that way
("cache\\u005fcontrol"), so counting a key's bytes in the raw body no longer counts the key."""


ODD_ESCAPE = re.compile(rb"\\u(?:00[2-7]|[dD][89a-fA-F])")
"""What ESCAPED_ASCII, HIGH_ESCAPE or LOW_ESCAPE can find, in one scan: a body without it (an agent
loop's, Chinese text escaped or not) needs none of theirs."""


def spelled(content: bytes, key: bytes, odd: bool = True) -> int | None:
    """How many times the raw body holds the JSON key `key` (e.g. b'"cache_control"'), or None when an
    escaped ASCII character makes the count unsure. A count of 0 lets whole-history walks for that key
    be skipped: an agent loop's requests never carry it. `odd`: False when ODD_ESCAPE found nothing
    in the body (no escaped ASCII character either)."""
    return None if odd and ESCAPED_ASCII.search(content) else content.count(key)


HIGH_SURROGATE = re.compile(
    rb"(?<!\\)(?:\\\\)*(\\u[dD][89abAB][0-9a-fA-F]{2})(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
)
LOW_ESCAPE = re.compile(rb"\\u[dD][c-fC-F]")
LOW_SURROGATE = re.compile(
    rb"(?<!\\)(?:\\\\)*(?<!\\u[dD][89abAB][0-9a-fA-F]{2})(\\u[dD][c-fC-F][0-9a-fA-F]{2})"
)
_REQUESTS = itertools.count(1)  # process-wide: ids differ across clients, repeat across runs


def stable_id(prefix: str, *parts: int) -> str:
    """`prefix` + "01" + 22 base-62 characters derived from the integer `parts` (a hash, so ids look
    like the API's and never collide in practice)."""
    return f"{prefix}01{_digits(parts)}"


@functools.lru_cache(maxsize=16)  # a request's req_ and msg_ ids share their parts
def _digits(parts: tuple[int, ...]) -> str:
    n = int.from_bytes(hashlib.blake2b(repr(parts).encode(), digest_size=17).digest(), "big")
    # two base-62 digits at a time, least significant first, eleven times (unrolled: three ids a
    # request)
    d, p = DIGIT_PAIRS, 62 * 62
    n, a = divmod(n, p)
    n, b = divmod(n, p)
    n, c = divmod(n, p)
    n, e = divmod(n, p)
    n, f = divmod(n, p)
    n, g = divmod(n, p)
    n, h = divmod(n, p)
    n, i = divmod(n, p)
    n, j = divmod(n, p)
    n, k = divmod(n, p)
    return f"{d[a]}{d[b]}{d[c]}{d[e]}{d[f]}{d[g]}{d[h]}{d[i]}{d[j]}{d[k]}{d[n % p]}"


@dataclass
class Answer:
    """One HTTP answer: a JSON body, or (streaming) server-sent events as bytes chunks."""

    status: int
    body: dict[str, Any] | None = None
    events: list[bytes] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    raw: bytes | None = None  # the JSON body as sent (strict JSON: no NaN, no unencodable text)

    def encoded(self) -> bytes:
        if self.raw is None:
            self.raw = sse.json_bytes(self.body)
        return self.raw

    def response(self) -> httpx2.Response:
        """The answer as the read httpx2.Response `Response(status, content=…, headers=…)` builds:
        the same headers in the same order (Content-Length last, for a body), built directly (half
        the cost: no default headers merged one by one)."""
        if self.events is not None:
            content = b"".join(self.events)
            headers = {"content-type": "text/event-stream", **self.headers}
        else:
            content = self.encoded()
            headers = {"content-type": "application/json", **self.headers}
        fields = list(headers.items())
        if content and not any(k.lower() == "content-length" for k in headers):
            fields.append(("Content-Length", str(len(content))))
        response = httpx2.Response(self.status, headers=fields, stream=httpx2.ByteStream(content))
        response.read()
        return response


def error_answer(
    status: int,
    kind: str,
    message: str,
    rid: str,
    headers: dict[str, str] | None = None,
    details: dict[str, Any] | None = None,
) -> Answer:
    error: dict[str, Any] = {"type": kind, "message": message}
    if details:
        error["details"] = details  # e.g. thread_unsupported_request, which SDKs read
    body = {"type": "error", "error": error, "request_id": rid}
    return Answer(status, body, headers={"request-id": rid, **(headers or {})})


class BodyLog(Protocol):
    """What `OfflineAPI.log` needs: raw request bodies appended, read back as JSON (`RequestLog`, or
    `agentkit serve`'s bounded `RecentLog`)."""

    def append(self, raw: bytes) -> None: ...
    def __len__(self) -> int: ...
    def __getitem__(self, i: Any) -> Any: ...
    def __iter__(self) -> Iterator[Any]: ...


class RequestLog(Sequence):
    """The request bodies received, in order, read back as JSON. Kept as the raw bytes: a long run
    logs many large histories, and bytes cost the garbage collector nothing to walk."""

    def __init__(self) -> None:
        self._raw: list[bytes] = []

    def append(self, raw: bytes) -> None:
        self._raw.append(bytes(raw))

    def __len__(self) -> int:
        return len(self._raw)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [json.loads(r) for r in self._raw[i]]
        return json.loads(self._raw[i])


_EXACT = sse.json_encoder()  # built once: json.dumps builds one a call


def exact(value: Any) -> str:
    """`value` as JSON text: two values are the same JSON when their texts are equal (Python's `==`
    holds `True == 1` and `0 == False`, which the API's types tell apart)."""
    return _EXACT(value)


def _bool_like(value: Any, path: tuple[Any, ...], into: list[tuple[tuple[Any, ...], type]]) -> None:
    """Append (path, type) for every boolean in `value`, and every number equal to one (0 or 1)."""
    t = type(value)
    if t is dict:
        for k, v in value.items():
            _bool_like(v, (*path, k), into)
    elif t is list:
        for i, v in enumerate(value):
            _bool_like(v, (*path, i), into)
    elif t is bool or ((t is int or t is float) and (value == 0 or value == 1)):
        into.append((path, t))


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        value = value[p]
    return value


class History:
    """What the API remembers of the last valid request whose history a loop can extend: its
    messages, the tool_use ids and token counts already measured in them, and the model's memo of
    them. Every cross-turn shortcut lives here, and a request that does not extend the remembered
    one is read from scratch."""

    def __init__(self) -> None:
        self.msgs: list[Any] = []
        self.has_tools = False
        self.tool_ids: set[Any] = set()
        self.stats: tuple[int, int] = (0, 0)  # the messages' summed token_stats
        self.memo: Any = None
        self._tools: Any = None
        self._tool_stats: tuple[int, int] = token_stats(None)
        # (beta, the tools as JSON text, "") or (beta, the body's text before and after its messages)
        # of the last valid request: the same again need no second walk of the tools' types (a loop
        # sends the same tools with every request)
        self.checked_tools: tuple[bool, str, str] | None = None
        # where self.msgs hold a boolean, or a number `==` takes for one (0, 1): (path, type)
        self._bool_like: list[tuple[tuple[Any, ...], type]] = []
        self._walked = 0  # how many of self.msgs _bool_like has walked
        # the bytes of self.msgs as the request sent them, when the body was read by resent.read_after
        self.seen: resent.SentPrefix | None = None

    def tool_stats(self, tools: Any) -> tuple[int, int]:
        """The token_stats of `tools`: a loop sends the same tools with every request."""
        if tools is not self._tools:
            if tools != self._tools:
                self._tool_stats = token_stats(tools)
            self._tools = tools  # (an equal list: the next request's shares it)
        return self._tool_stats

    def known(self, msgs: Any, has_tools: bool, same_bytes: bool = False) -> int:
        """How many leading messages of `msgs` are the remembered ones (0: none, read it all).
        `same_bytes`: the body spelled them byte for byte (resent.read_after): no comparing needed."""
        n = len(self.msgs)
        if not n or not isinstance(msgs, list) or self.has_tools != has_tools or n > len(msgs):
            return 0
        if not same_bytes and (msgs[:n] != self.msgs or not self._same_types(msgs)):
            return (
                0  # `==` takes `1` for `true`: where a value could be either, the types must match
            )
        new = msgs[n] if n < len(msgs) else None
        if isinstance(new, dict) and new.get("role") == self.msgs[-1]["role"]:
            return 0  # the new message joins the last turn: check that turn again
        return n

    def _same_types(self, msgs: list[Any]) -> bool:
        """Where the remembered messages hold a boolean or a 0 or 1, `msgs` holds the same type (their
        places are found on the first request that needs them: a loop whose bodies resend the
        remembered bytes never does)."""
        for i in range(self._walked, len(self.msgs)):
            _bool_like(self.msgs[i], (i,), self._bool_like)
        self._walked = len(self.msgs)
        return all(type(_at(msgs, path)) is kind for path, kind in self._bool_like)

    def remember(
        self,
        msgs: list[Any],
        known: int,
        has_tools: bool,
        tool_ids: set[Any],
        stats,
        memo: Any,
        seen: resent.SentPrefix | None = None,
    ) -> None:
        """Keep `msgs` (a valid request ending with a user turn). The messages already remembered are
        kept and only the new ones added: re-keeping the whole freshly parsed history on every
        request made it long-lived garbage, and the cyclic GC's full collections then cost up to
        100 ms a request at 400 turns."""
        if not known:
            self._bool_like, self._walked = [], 0
        self.msgs = self.msgs + msgs[known:] if known else list(msgs)
        self.has_tools, self.tool_ids, self.stats, self.memo = has_tools, tool_ids, stats, memo
        self.seen = seen


@dataclass
class Refusal:
    """One request the API refused: its 1-based HTTP call number, status, and the check's code."""

    call: int
    status: int
    code: str
    message: str


class RefusalLog(Protocol):
    """What `OfflineAPI.refusals` needs: refusals appended, read back in order (a list, or
    `agentkit serve`'s bounded `RecentRefusals`)."""

    def append(self, refusal: Refusal, /) -> None: ...
    def __len__(self) -> int: ...
    def __getitem__(self, i: Any) -> Any: ...
    def __iter__(self) -> Iterator[Refusal]: ...


@dataclass
class OfflineAPI:
    """The request handler in front of `model`. `faults` maps a 1-based HTTP call number to 429, 500,
    529 or MIDSTREAM. `today` pins the clock that retires models (default: AGENTKIT_TODAY, else the
    workbook's date). `refusals` lists every request refused (4xx), with the check's code (all of
    them by default; `agentkit serve` keeps the latest few, `RecentRefusals`)."""

    model: Model
    faults: dict[int, int | str] = field(default_factory=dict)
    context_window: int = 200_000
    calls: int = 0
    log: BodyLog = field(default_factory=RequestLog)  # every Messages request body, in order
    today: date | str | None = None
    refusals: RefusalLog = field(default_factory=list[Refusal])
    history: History = field(default_factory=History, repr=False)
    cache: PromptCache = field(default_factory=PromptCache, repr=False)  # cache_control usage

    @property
    def world(self) -> Any:
        """The model's world, for a model that has one (the stand-in's orders and effects)."""
        return getattr(self.model, "world", None)

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        target = request.url.path + (f"?{request.url.query.decode()}" if request.url.query else "")
        headers = request.headers
        # the two headers the API reads, each looked up once (httpx's lookups walk every header)
        sent = {}
        if (version := headers.get("anthropic-version")) is not None:
            sent["anthropic-version"] = version
        if "anthropic-beta" in headers:
            sent["anthropic-beta"] = headers["anthropic-beta"]
        return self.handle(request.method, target, request.content, sent).response()

    def handle(
        self, method: str, path: str, content: bytes, headers: Mapping[str, str] | None = None
    ) -> Answer:
        """Answer one HTTP request (method, path with or without its query string, raw body, and the
        request headers when the caller has them). Never raises: a bug of ours is the API's 500
        `api_error` (the traceback goes to this module's logger), and every answer encodes as strict
        JSON."""
        self.calls += 1
        n = next(_REQUESTS)
        rid = stable_id("req_", n)
        try:
            answer = self._handle(method, path, content, headers, n, rid)
            if answer.events is None:
                answer.encoded()
            return answer
        except Exception:
            LOG.exception("offline API: internal error on %s %s", method, path.partition("?")[0])
            # the live API's wording: anthropics/claude-code#22780 and #45354
            return error_answer(500, "api_error", "Internal server error", rid)

    def _handle(
        self,
        method: str,
        path: str,
        content: bytes,
        headers: Mapping[str, str] | None,
        n: int,
        rid: str,
    ) -> Answer:
        path, _, query = path.partition("?")
        route = self._route(method, path)
        if route is None:
            return error_answer(404, "not_found_error", "Not Found", rid)
        if len(content) > MAX_BODY:
            # Wording as users pasted it: anthropics/anthropic-sdk-python#938 (where a maintainer
            # gives the 32 MB limit of the Messages API) and anthropics/claude-code#3335.
            return error_answer(413, "request_too_large", "Request exceeds the maximum size", rid)
        problem = header_problem(headers) if headers is not None else None
        if problem is not None:
            self.refusals.append(Refusal(self.calls, 400, problem[0], problem[1]))
            return error_answer(400, "invalid_request_error", problem[1], rid)
        # the beta fields are the API's when the request names a beta or comes from client.beta (and
        # when the caller cannot tell: an older caller of handle() without headers)
        beta = headers is None or bool(headers.get("anthropic-beta")) or "beta=true" in query
        fault = self.faults.get(self.calls)
        if isinstance(fault, int):
            kind, message = FAULTS[fault]
            return error_answer(
                fault, kind, message, rid, {"retry-after-ms": "1", "retry-after": "0"}
            )
        try:
            answer = route(path, content, n, fault == MIDSTREAM, beta)
        except InvalidRequest as e:
            self.refusals.append(Refusal(self.calls, e.status, e.code, str(e)))
            return error_answer(e.status, e.kind, str(e), rid, details=e.details)
        answer.headers["request-id"] = rid
        return answer

    def _route(self, method: str, path: str):
        if method == "POST" and path == "/v1/messages":
            return self._messages
        if method == "POST" and path == "/v1/messages/count_tokens":
            return self._count_tokens
        if method in ("GET", "HEAD") and (path == "/v1/models" or path.startswith("/v1/models/")):
            return self._models
        return None

    def _parse(self, content: bytes) -> tuple[dict[str, Any], bool]:
        """The body, and whether ODD_ESCAPE finds anything in it (searched once for every check)."""
        odd = ODD_ESCAPE.search(content) is not None
        body = parse_json(content or b"{}", odd)
        if not isinstance(body, dict):
            raise InvalidRequest("Input should be a valid dictionary")
        return body, odd

    def _messages(
        self, path: str, content: bytes, n: int, midstream: bool, beta: bool = True
    ) -> Answer:
        h = self.history
        # a body that resends the remembered request's messages is parsed from where they end
        read = resent.read_after(content, _STRICT, h.seen, ODD_ESCAPE)
        marks: int | None
        references: int | None
        if read is not None:
            body, odd = read.body, False
            marks = resent.count_after(content, b'"cache_control"', read, h.seen)
            references = resent.count_after(content, b'"tool_reference"', read, h.seen)
            tools = (beta, *read.fields)  # the text around the messages: equal, the tools are too
        else:
            body, odd = self._parse(content)
            marks = spelled(content, b'"cache_control"', odd)
            references = spelled(content, b'"tool_reference"', odd)
            tools = (beta, exact(body.get("tools")), "")
        self.log.append(content)
        msgs, has_tools = body.get("messages"), bool(body.get("tools"))
        known = h.known(msgs, has_tools, read is not None and read.resent)
        tool_ids = validate(
            body,
            today=self.today,
            known=known,
            seen=h.tool_ids if known else None,
            beta=beta,
            cache_marks=marks,
            references=references,
            tools_known=h.checked_tools == tools,
            # the body's text around its messages is the last valid request's
            fields_known=read is not None and h.checked_tools == tools,
        )
        h.checked_tools = tools
        assert isinstance(msgs, list)  # validate() refused anything else
        stats = add_stats(h.stats if known else (0, 0), msgs[known:])
        tool_stats = h.tool_stats(body.get("tools"))
        request = Request(body, known, h.memo if known else None)
        message, reply = self.reply(request, n, stats, tool_stats, marks)
        if msgs[-1]["role"] != "assistant":  # a history the next request can extend
            h.remember(
                msgs, known, has_tools, tool_ids, stats, reply.memo, read.seen if read else None
            )
        if not body.get("stream"):
            if midstream:
                raise InvalidRequest(FAULTS[529][1], 529, FAULTS[529][0])
            return Answer(200, message)
        error = (
            {"error": {"type": FAULTS[529][0], "message": FAULTS[529][1]}} if midstream else None
        )
        return Answer(200, events=[sse.encode(e, d) for e, d in sse.events(message, error)])

    def _count_tokens(
        self, path: str, content: bytes, n: int, midstream: bool, beta: bool = True
    ) -> Answer:
        body, _ = self._parse(content)
        validate(body, count_only=True, today=self.today, beta=beta)
        return Answer(200, {"input_tokens": input_tokens(body)})

    def _models(
        self, path: str, content: bytes, n: int, midstream: bool, beta: bool = True
    ) -> Answer:
        on = models.today(self.today)
        if path == "/v1/models":
            data = [models.model_info(m, on) for m in models.listed(on)]
            page = {
                "data": data,
                "has_more": False,
                "first_id": data[0]["id"],
                "last_id": data[-1]["id"],
            }
            return Answer(200, page)
        model = path.removeprefix("/v1/models/")
        if not models.available(model, on):
            raise InvalidRequest(f"model: {model}", 404, "not_found_error")
        return Answer(200, models.model_info(model, on))

    def reply(
        self,
        request: Request,
        n: int | None = None,
        stats: tuple[int, int] | None = None,
        tool_stats: tuple[int, int] | None = None,
        cache_marks: int | None = None,
    ) -> tuple[dict[str, Any], Reply]:
        """The Message the API answers a valid request with, and the model's Reply it came from.
        `n` is the request number for ids; `stats` and `tool_stats` the messages' and the tools'
        token_stats, when known; `cache_marks` how many cache_control keys the raw body spells."""
        body = request.body
        n = next(_REQUESTS) if n is None else n
        used = input_tokens(body, stats, tool_stats)
        if used > self.context_window:
            raise InvalidRequest(
                f"prompt is too long: {used} tokens > {self.context_window} maximum",
                code="prompt_too_long",
            )
        # max_tokens 0 pre-warms the prompt cache: the prompt is read (usage, the cache) and
        # nothing is generated, so the model is not asked (prompt caching docs, "Pre-warming the
        # cache": an empty content, stop_reason "max_tokens", a fully populated usage)
        r = self.model.reply(request) if body["max_tokens"] else Reply([], "max_tokens")
        blocks, stop_reason = [dict(b) for b in r.content], r.stop_reason
        blocks, stop_sequence = _apply_stop_sequences(blocks, body.get("stop_sequences") or [])
        if stop_sequence is not None:
            stop_reason = "stop_sequence"
        if request.thinking and r.thinking is not None:
            thought = {"type": "thinking", "thinking": r.thinking, "signature": sign(r.thinking)}
            blocks = [thought, *blocks]
        budget = min(body["max_tokens"], self.context_window - used)
        blocks, cut, spent = _apply_budget(blocks, budget)
        if cut:
            stop_reason = (
                "max_tokens" if budget == body["max_tokens"] else "model_context_window_exceeded"
            )
        _assign_ids(blocks, n)
        output_tokens = budget if cut else spent  # a cut reply used it all
        searches = sum(b["type"] == "server_tool_use" for b in blocks)
        fresh, created, read = self.cache.usage(body, used, input_tokens, cache_marks)
        message = {
            "id": stable_id("msg_", n),
            "type": "message",
            "role": "assistant",
            "model": body["model"],
            "content": blocks,
            "stop_reason": stop_reason,
            "stop_sequence": stop_sequence,
            "stop_details": r.stop_details if stop_reason == "refusal" else None,
            "usage": {
                "input_tokens": fresh,
                "output_tokens": output_tokens,
                "cache_creation_input_tokens": created,
                "cache_read_input_tokens": read,
                "service_tier": "standard",
                "server_tool_use": {"web_search_requests": searches, "web_fetch_requests": 0}
                if searches
                else None,
            },
        }
        return message, r


# the API's versions: the two its versioning page lists, and the one the installed SDK sends
VERSIONS = ("2023-06-01", "2023-01-01", ANTHROPIC_API_VERSION)


def header_problem(headers: Mapping[str, str]) -> tuple[str, str] | None:
    """(code, the live API's wording) for request headers it refuses, else None."""
    version = headers.get("anthropic-version")
    if not version:
        # https://github.com/envoyproxy/ai-gateway/pull/1909 and PipedreamHQ/pipedream#9697
        return "anthropic_version", "anthropic-version: header is required"
    if version.strip() not in VERSIONS:
        # directus-labs/extensions#285 ('anthropic-version: "2023-10-01" is not a valid version')
        # and decolua/9router#1227 (a header sent twice: "2023-06-01, 2023-06-01")
        return "anthropic_version", f'anthropic-version: "{version}" is not a valid version'
    beta = headers.get("anthropic-beta")
    if beta is not None and not beta.strip():
        # aaronrussell/anthropix#15 (an empty header); a non-empty unknown name is refused the same
        # way live (anthropics/claude-code#53855), but the SDK's list of names is not the API's
        # (it lacks names the Claude Code CLI sends), so names are not checked here
        return "anthropic_beta", (
            "Unexpected value(s) `` for the `anthropic-beta` header. Please consult our "
            "documentation at docs.anthropic.com or try again without the header."
        )
    return None


def _refuse(name: str) -> Any:
    raise ValueError(name)


# json.loads(content, parse_constant=…) without building a decoder on every call (its bytes
# branch: the encoding detected, surrogates passed through for the checks below)
_STRICT = json.JSONDecoder(parse_constant=_refuse)


def parse_json(content: bytes, odd: bool = True) -> Any:
    """A request body as JSON, as strictly as the live API reads it: NaN, Infinity and a high surrogate
    escape with no low one are not JSON. Its wording, Python's json module's, as pasted in
    anthropics/claude-code#3277 and #1939 ("The request body is not valid JSON: no low surrogate in
    string: line 1 column 217026 (char 217025)"). `odd`: False when ODD_ESCAPE found nothing in
    `content` (then it holds no surrogate escape to look for)."""

    try:
        body = _STRICT.decode(content.decode(json.detect_encoding(content), "surrogatepass"))
    except RecursionError:
        raise InvalidRequest(
            "The request body is not valid JSON: maximum nesting depth exceeded"
        ) from None
    except ValueError as e:
        if isinstance(e, json.JSONDecodeError):
            detail = str(e)
        elif isinstance(e, UnicodeDecodeError):
            detail = f"{e.reason}: line 1 column {e.start + 1} (char {e.start})"
        else:
            at = next((m.start(1) for m in NON_VALUE.finditer(content) if m.group(1)), 0)
            detail = f"Expecting value: {_where(content, at)}"
        raise InvalidRequest(f"The request body is not valid JSON: {detail}") from None
    # the first lone surrogate escape, as the live API's reader (yyjson, whose wordings these are)
    # meets it: a low one with no high one before it is "invalid high surrogate in string"
    # (anthropics/claude-code#9586; yyjson's read_string)
    if not odd:
        return body
    lone = [
        (m.start(1), what)
        for escape, pattern, what in (
            (HIGH_ESCAPE, HIGH_SURROGATE, "no low surrogate in string"),
            (LOW_ESCAPE, LOW_SURROGATE, "invalid high surrogate in string"),
        )
        if escape.search(content) and (m := pattern.search(content))
    ]
    if lone:
        at, what = min(lone)
        raise InvalidRequest(f"The request body is not valid JSON: {what}: {_where(content, at)}")
    return body


def _where(content: bytes, at: int) -> str:
    line = content.count(b"\n", 0, at) + 1
    col = at - (content.rfind(b"\n", 0, at) + 1) + 1
    return f"line {line} column {col} (char {at})"


def _assign_ids(blocks: list[dict[str, Any]], n: int) -> None:
    for i, b in enumerate(blocks):
        if b["type"] in ("tool_use", "server_tool_use"):
            b["id"] = stable_id("toolu_" if b["type"] == "tool_use" else "srvtoolu_", n, i)
        elif b["type"] == "web_search_tool_result":
            b["tool_use_id"] = blocks[i - 1]["id"]


def _apply_stop_sequences(
    blocks: list[dict[str, Any]], seqs: list[str]
) -> tuple[list[dict[str, Any]], str | None]:
    for i, b in enumerate(blocks):
        if b["type"] != "text":
            continue
        hits = [(b["text"].find(s), s) for s in seqs if s and s in b["text"]]
        if hits:
            pos, seq = min(hits)
            head = b["text"][:pos]
            return blocks[:i] + ([{"type": "text", "text": head}] if head else []), seq
    return blocks, None


def _apply_budget(
    blocks: list[dict[str, Any]], budget: int
) -> tuple[list[dict[str, Any]], bool, int]:
    """Cut the reply at `budget` output tokens. A tool_use that does not fit is sent with the part of its
    input that was written before the cut (as the API does), never as a complete call. Returns the
    blocks, whether they were cut, and the tokens of the blocks kept whole."""
    out, used = [], 0
    for b in blocks:
        cost = block_tokens(b)
        if used + cost <= budget:
            out.append(b)
            used += cost
            continue
        left = budget - used
        if b["type"] == "text" and left > 0:
            text, n = "", 0
            for ch in b["text"]:
                n = count_tokens(text + ch)
                if n > left:
                    break
                text += ch
            if text:
                out.append({"type": "text", "text": text})
        elif b["type"] == "tool_use" and left > 0:
            partial, spent = {}, 8
            for k, v in list(b["input"].items())[:-1]:  # a cut call never has its last field
                spent += count_tokens(json.dumps({k: v}, ensure_ascii=False))
                if spent > left:
                    break
                partial[k] = v
            out.append({**b, "input": partial})
        return out, True, used
    return out, False, used
