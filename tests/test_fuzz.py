"""The offline API under fuzzed requests: mutations of the valid requests the reference loop sends in
the grading battery (types changed, fields dropped or duplicated, wrong nesting, huge and negative
numbers, NaN and infinity, lone surrogates, 5,000-deep JSON, non-objects after a valid history), to
`/v1/messages` (streamed and not) and `/v1/messages/count_tokens`, half of them after the valid request
they came from, so the history cache is exercised. Every answer is the API's: a 200 or a 4xx in its
error shape, never an exception, never a 500, always strict JSON (no NaN on the wire)."""

from __future__ import annotations

import copy
import json
import logging
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from agentkit.grading import SCENARIOS, reference_loop, run_scenario
from agentkit.offline import OfflineAPI
from agentkit.sim import SimulatedClaude, World

HEADERS = {"anthropic-version": "2023-06-01", "content-type": "application/json"}
SEED = 19
REQUESTS = 2000  # mutated requests; about half follow their valid original
DEEP = 5000
EXPECTED = {200, 400, 404, 413}
MAX_TURNS = 12


@pytest.fixture(scope="module")
def corpus() -> list[tuple[str, dict[str, Any]]]:
    """(scenario key, request body) for every request the reference loop sent in the battery."""
    out = []
    for sc in SCENARIOS:
        run = run_scenario(reference_loop, sc, seed=0)
        # the first turns of each task (a runaway loop's hundredth request adds nothing but time)
        out += [(sc.key, body) for body in run.requests[:MAX_TURNS]]
    return out


WEIRD: list[Any] = [
    5,
    -1,
    0,
    10**12,
    -(10**30),
    1.5,
    True,
    False,
    None,
    "",
    "x",
    " ",
    [],
    {},
    [5],
    {"a": 1},
    [{}],
    {"type": "text"},
    "¥120",
    "\ud800",
    "\udc00x",
    float("nan"),
    float("inf"),
    float("-inf"),
]
BLOCK_TYPES = [
    "text",
    "tool_use",
    "tool_result",
    "thinking",
    "image",
    "server_tool_use",
    "bogus",
    5,
]


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*path, i))
    return out


def _get(value: Any, path: tuple) -> Any:
    for p in path:
        value = value[p]
    return value


def _deep(n: int) -> str:
    """A marker that `encode` writes as an array nested `n` deep (too deep for Python to encode)."""
    return f"<deep {n}>"


def mutate(rng: random.Random, body: dict[str, Any]) -> tuple[str, Any]:
    """One mutation of `body` (a copy): what was done, and the new body (any JSON value)."""
    body = json.loads(json.dumps(body))
    roll = rng.random()
    if roll < 0.04:
        return "whole body", rng.choice([5, "x", [body], None, []])
    if roll < 0.16:
        return _append(rng, body)
    if roll < 0.20:
        depth = rng.choice([DEEP, 900, 990])
        target = rng.choice(_paths(body)[1:])
        _set(body, target, _deep(depth))
        return f"{target} nested {depth} deep", body
    if roll < 0.28:
        return _tool_results(rng, body)
    return _at_random(rng, body)


def _append(rng: random.Random, body: dict[str, Any]) -> tuple[str, Any]:
    """A valid history and then a message of the wrong shape (the history cache is exercised)."""
    extra = rng.choice(
        [5, "x", None, [], {}, {"role": "user"}, {"role": "user", "content": 5},
         {"role": "assistant", "content": [{"type": "text", "text": 5}]},
         {"role": "user", "content": [{"type": "tool_result", "tool_use_id": [1]}]},
         {"role": 5, "content": "x"}, {"role": "user", "content": [5]}]
    )  # fmt: skip
    body["messages"].append(extra)
    return f"appended {extra!r}", body


def _tool_results(rng: random.Random, body: dict[str, Any]) -> tuple[str, Any]:
    """Tool results the simulated Claude reads: NaN in their JSON, a currency string amount…"""
    text = rng.choice(
        ['{"order_id": "A-1001", "amount": NaN}', '{"amount": "¥120", "status": "delivered"}',
         '{"amount": Infinity}', "[1, 2", '{"status": 5, "amount": null}', '"x"', "5",
         '{"order_id": ["A-1001"], "status": {"a": 1}}']
    )  # fmt: skip
    for m in body["messages"]:
        for b in m["content"] if isinstance(m["content"], list) else []:
            if b.get("type") == "tool_result":
                b["content"] = text if rng.random() < 0.5 else [{"type": "text", "text": text}]
    return f"tool results {text!r}", body


def _at_random(rng: random.Random, body: dict[str, Any]) -> tuple[str, Any]:
    """One value anywhere in the body: replaced, deleted, duplicated, nested, retyped, or joined."""
    target = rng.choice(_paths(body)[1:])
    parent, key = _get(body, target[:-1]), target[-1]
    op = rng.random()
    if op < 0.45:
        parent[key] = rng.choice(WEIRD)
        return f"{target} = {parent[key]!r}", body
    if op < 0.6 and isinstance(parent, dict):
        del parent[key]
        return f"del {target}", body
    if op < 0.7 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
        return f"dup {target}", body
    if op < 0.8:
        parent[key] = rng.choice([[parent[key]], {"value": parent[key]}])
        return f"nest {target}", body
    if op < 0.9 and key == "type":
        parent[key] = rng.choice(BLOCK_TYPES)
        return f"{target} type {parent[key]!r}", body
    if isinstance(parent, dict):
        parent[rng.choice(["extra", "type", "id", "cache_control", "is_error"])] = rng.choice(WEIRD)
        return f"{target[:-1]} extra key", body
    parent[key] = rng.choice(WEIRD)
    return f"{target} = weird", body


def _set(body: Any, path: tuple, value: Any) -> None:
    _get(body, path[:-1])[path[-1]] = value


def encode(value: Any) -> bytes:
    """As a careless client would send it: NaN and infinity as Python writes them, lone surrogates
    as \\u escapes."""
    raw = json.dumps(value, allow_nan=True)
    for n in (DEEP, 900, 990):
        raw = raw.replace(json.dumps(_deep(n)), "[" * n + '"x"' + "]" * n)
    return raw.encode()


def strict(raw: bytes) -> Any:
    def refuse(name: str) -> Any:
        raise ValueError(f"{name} on the wire")

    return json.loads(raw, parse_constant=refuse)


STAND_IN = ("/agentkit/sim/",)  # the simulated Claude's code: its crashes are counted apart


@dataclass
class Tally:
    requests: int = 0
    statuses: dict[int, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)  # the API's
    stand_in: list[str] = field(default_factory=list)  # the simulated Claude's (a 500 raised there)
    errors: list[BaseException] = field(default_factory=list)  # logged by handle() as 500s


class Errors(logging.Handler):
    """The exceptions handle() logs as it answers 500."""

    def __init__(self, into: list[BaseException]):
        super().__init__(logging.ERROR)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.into.append(record.exc_info[1])


def _where(e: BaseException) -> str:
    tb, where = e.__traceback__, ""
    while tb is not None:
        where = f"{tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}"
        tb = tb.tb_next
    return where


def check_answer(api: OfflineAPI, path: str, raw: bytes, what: str, tally: Tally) -> None:
    tally.requests += 1
    try:
        answer = api.handle("POST", path, raw, HEADERS)
    except Exception as e:  # noqa: BLE001 - what this test counts
        tally.problems.append(f"{path} {what}: raised {e!r} at {_where(e)}")
        return
    tally.statuses[answer.status] = tally.statuses.get(answer.status, 0) + 1
    if answer.status == 500 and tally.errors:
        e = tally.errors.pop()
        where = _where(e)
        into = tally.stand_in if any(p in where for p in STAND_IN) else tally.problems
        into.append(f"{path} {what}: {e!r} at {where}")
        return
    try:
        if answer.events is not None:
            for chunk in b"".join(answer.events).decode().split("\n\n"):
                if chunk:
                    strict(chunk.split("\n", 1)[1].removeprefix("data: "))
        else:
            reply = strict(answer.response().content)
            if answer.status != 200:
                assert reply["type"] == "error" and reply["error"]["message"]
    except Exception as e:  # noqa: BLE001
        tally.problems.append(f"{path} {what}: reply does not encode: {e!r}")
        return
    if answer.status not in EXPECTED:
        tally.problems.append(f"{path} {what}: {answer.status} {answer.body}")


def fuzz(corpus: list[tuple[str, dict[str, Any]]], n: int, seed: int = SEED) -> Tally:
    rng, tally = random.Random(seed), Tally()
    apis: dict[str, OfflineAPI] = {}
    log = logging.getLogger("agentkit.offline.api")
    handler, propagate = Errors(tally.errors), log.propagate
    log.addHandler(handler)
    log.propagate = False  # counted here, not printed
    try:
        _fuzz(rng, corpus, n, apis, tally)
    finally:
        log.removeHandler(handler)
        log.propagate = propagate
    return tally


def _fuzz(rng, corpus, n, apis, tally) -> None:
    for _ in range(n):
        key, body = rng.choice(corpus)
        api = apis.setdefault(key, OfflineAPI(SimulatedClaude(World())))
        path = rng.choice(["/v1/messages", "/v1/messages", "/v1/messages/count_tokens"])
        valid = dict(body)
        if path.endswith("count_tokens"):
            valid.pop("max_tokens", None)
        elif rng.random() < 0.5:
            valid["stream"] = True
        if rng.random() < 0.5:  # after the valid request: the history cache holds its messages
            check_answer(api, path, encode(valid), "(the valid request)", tally)
        what, mutated = mutate(rng, valid)
        check_answer(api, path, encode(mutated), what, tally)


@pytest.fixture(scope="module")
def tally(corpus) -> Tally:
    return fuzz(corpus, REQUESTS)


@pytest.mark.slow
def test_fuzzed_requests_get_the_apis_answers(tally):
    assert tally.requests >= REQUESTS
    assert not tally.problems, f"{len(tally.problems)} problems:\n" + "\n".join(tally.problems[:30])
    # the mutations reach both sides: refused requests, and answered ones
    assert tally.statuses.get(400, 0) > REQUESTS / 4 and tally.statuses.get(200, 0) > REQUESTS / 4


def test_fuzzed_requests_never_crash_the_simulated_claude(tally):
    assert not tally.stand_in, f"{len(tally.stand_in)} crashes:\n" + "\n".join(tally.stand_in[:30])


def test_the_corpus_is_the_reference_loops_requests(corpus):
    assert {key for key, _ in corpus} == {sc.key for sc in SCENARIOS}
    api = OfflineAPI(SimulatedClaude(World()))
    assert all(
        api.handle("POST", "/v1/messages", encode(body), HEADERS).status == 200
        for _, body in corpus[:20]
    )


# --- hostile review: after a valid request, a mutated one gets the answer a fresh API gives ---

FLIPS: list[Any] = [True, False, 0, 1, 1.0, 0.0, -0.0, 2**63, 10**400, "1", "true"]
CACHE_REQUESTS = 600


def _flip(rng: random.Random, body: dict[str, Any]) -> tuple[str, Any]:
    """One boolean or number anywhere in the body (messages and tools included) swapped for a value
    Python's `==` may take for it (True for 1, 0.0 for False), or a huge or integral-float one."""
    body = json.loads(json.dumps(body))
    spots = [
        p
        for p in _paths(body)[1:]
        if type(_get(body, p)) in (bool, int, float) or rng.random() < 0.02
    ]
    target = rng.choice(spots or _paths(body)[1:])
    _set(body, target, rng.choice(FLIPS))
    return f"{target} = {_get(body, target)!r}", body


def _with_booleans(rng: random.Random, body: dict[str, Any]) -> dict[str, Any]:
    """`body` (still valid) with booleans where the API takes them: `is_error` on tool results,
    `disable_parallel_tool_use` in tool_choice (the reference loop's requests carry none)."""
    body = json.loads(json.dumps(body))
    for m in body["messages"]:
        for b in m["content"] if isinstance(m["content"], list) else []:
            if b.get("type") == "tool_result" and rng.random() < 0.7:
                b["is_error"] = rng.random() < 0.3
    if body.get("tools") and rng.random() < 0.5:
        body["tool_choice"] = {"type": "auto", "disable_parallel_tool_use": rng.random() < 0.5}
    return body


def _verdict(api: OfflineAPI, path: str, raw: bytes) -> tuple[int, str | None]:
    answer = api.handle("POST", path, raw, HEADERS)
    error = (answer.body or {}).get("error") if answer.body else None
    return answer.status, error["message"] if error else None


@pytest.mark.slow
def test_after_a_valid_request_a_mutated_one_is_judged_as_a_fresh_api_judges_it(corpus):
    """The history and tools caches never change a verdict: each mutated request gets, after its
    valid original, the status and wording it gets from an API that never saw the original."""
    rng, differ, tally = random.Random(SEED + 1), [], Tally()
    log = logging.getLogger("agentkit.offline.api")
    handler, propagate = Errors(tally.errors), log.propagate
    log.addHandler(handler)
    log.propagate = False
    try:
        for _ in range(CACHE_REQUESTS):
            _, body = rng.choice(corpus)
            path = rng.choice(["/v1/messages", "/v1/messages/count_tokens"])
            valid = _with_booleans(
                rng, {k: v for k, v in body.items() if k != "max_tokens" or "count" not in path}
            )
            what, mutated = _flip(rng, valid) if rng.random() < 0.7 else mutate(rng, valid)
            warm = OfflineAPI(SimulatedClaude(World()))
            warm.handle("POST", path, encode(valid), HEADERS)
            got = _verdict(warm, path, encode(mutated))
            fresh = _verdict(OfflineAPI(SimulatedClaude(World())), path, encode(mutated))
            if got != fresh or 500 in (got[0], fresh[0]):
                differ.append(f"{path} {what}: after the valid one {got}, fresh {fresh}")
    finally:
        log.removeHandler(handler)
        log.propagate = propagate
    assert not differ, f"{len(differ)} differ:\n" + "\n".join(differ[:20])
