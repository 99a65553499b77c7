"""Issue 19, points 1 and 2: the offline API refuses by type what the live API refuses, with its
wording, before anything reads the request; a malformed request is a 400, never a crash; a bug of ours
is the API's 500 `api_error` (never a connection error the SDK retries); every reply is strict JSON.
What the live API accepts (the beta fields the Claude Code CLI and the Agent SDK send) is accepted."""

from __future__ import annotations

import base64
import copy
import json
from typing import Any

import anthropic
import httpx2
import pytest

import agentkit
from agentkit.client import offline_api
from agentkit.offline import OfflineAPI, schema
from agentkit.offline.model import Reply
from agentkit.offline.validation import InvalidRequest, validate
from agentkit.sim import World

MODEL = agentkit.default_model()  # claude-sonnet-4-6
PROMPT = "订单 A-1001 的商品坏了，请帮我退款。"
TOOLS = World().tools("lookup_order", "process_refund")
SDK_HEADERS = {"anthropic-version": "2023-06-01", "content-type": "application/json"}


def body(**over: Any) -> dict[str, Any]:
    return {
        "model": MODEL,
        "max_tokens": 1024,
        "tools": TOOLS,
        "messages": [{"role": "user", "content": PROMPT}],
        **over,
    }


def history(*assistant_blocks: dict[str, Any], results: list | None = None) -> list[dict]:
    """The prompt, an assistant turn with these blocks, and (when given) a user turn of results."""
    msgs = [
        {"role": "user", "content": PROMPT},
        {"role": "assistant", "content": list(assistant_blocks)},
    ]
    if results is not None:
        msgs.append({"role": "user", "content": results})
    return msgs


TOOL_USE = {
    "type": "tool_use",
    "id": "toolu_1",
    "name": "lookup_order",
    "input": {"order_id": "A-1001"},
}
RESULT = {"type": "tool_result", "tool_use_id": "toolu_1", "content": '{"status": "delivered"}'}


def send(api: OfflineAPI, raw: bytes | dict, path: str = "/v1/messages", headers=None):
    """One request through the in-process transport, as the SDK would send it (raw bytes allowed)."""
    content = raw if isinstance(raw, bytes) else json.dumps(raw).encode()
    request = httpx2.Request(
        "POST", f"https://api.anthropic.com{path}", content=content, headers=headers or SDK_HEADERS
    )
    response = api(request)
    if response.headers["content-type"] == "text/event-stream":
        chunks = [c for c in response.text.split("\n\n") if c]
        events = [json.loads(c.split("data: ", 1)[1], parse_constant=_no_nan) for c in chunks]
        return response.status_code, events
    return response.status_code, json.loads(response.content, parse_constant=_no_nan)


def _no_nan(name: str) -> Any:
    raise AssertionError(f"{name} on the wire")


def refused(raw, path: str = "/v1/messages", headers=None) -> str:
    status, reply = send(offline_api(), raw, path, headers)
    assert status == 400, reply
    assert reply["type"] == "error" and reply["error"]["type"] == "invalid_request_error"
    assert reply["request_id"].startswith("req_")
    return reply["error"]["message"]


def test_a_valid_request_is_answered():
    assert send(offline_api(), body())[0] == 200


# --- crashes on malformed requests: each is a 400 with the live API's wording ---------------------

CRASHES = [
    (body(tools=5), "tools: Input should be a valid list"),
    (body(system=5), "system: Input should be a valid list"),
    (body(messages=5), "messages: Input should be a valid list"),
    (body(messages={"role": "user", "content": PROMPT}), "messages: Input should be a valid list"),
    (
        body(messages=[{"role": "user", "content": [{"type": "text", "text": 5}]}]),
        "messages.0.content.0.text.text: Input should be a valid string",
    ),
    (
        body(messages=history({**TOOL_USE, "id": ["toolu_1"]}, results=[RESULT])),
        "messages.1.content.0.tool_use.id: Input should be a valid string",
    ),
    (
        body(messages=history({**TOOL_USE, "input": "x"}, results=[RESULT])),
        "messages.1.content.0.tool_use.input: Input should be a valid dictionary",
    ),
    (
        body(messages=history({k: v for k, v in TOOL_USE.items() if k != "id"}, results=[RESULT])),
        "messages.1.content.0.tool_use.id: Field required",
    ),
    (
        body(
            messages=history(
                {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search"},
            )[:2]
            + [{"role": "user", "content": "继续"}]
        ),
        "messages.1.content.0.server_tool_use.input: Field required",
    ),
    (body(stop_sequences=[5]), "stop_sequences.0: Input should be a valid string"),
    (
        body(tools=[{**TOOLS[0], "input_schema": {**TOOLS[0]["input_schema"], "required": 5}}]),
        "tools.0.custom.input_schema.required: Input should be a valid list",
    ),
    (
        body(messages=[{"role": "user", "content": PROMPT}, 5]),
        "messages.1: Input should be a valid dictionary",
    ),
]


@pytest.mark.parametrize("request_body, expected", CRASHES)
def test_a_malformed_request_is_refused_by_type(request_body, expected):
    assert refused(request_body) == expected


def test_a_non_object_message_after_a_valid_history_is_refused():
    """The history cache holds the valid request's messages; the next request adds a number."""
    api = offline_api()
    first = body(messages=history(TOOL_USE, results=[RESULT]))
    assert send(api, first)[0] == 200
    status, reply = send(api, {**first, "messages": [*first["messages"], 5]})
    assert (status, reply["error"]["message"]) == (
        400,
        "messages.3: Input should be a valid dictionary",
    )


def test_json_five_thousand_deep_is_refused():
    raw = json.dumps(body(metadata="<deep>")).replace('"<deep>"', "[" * 5000 + "]" * 5000).encode()
    assert refused(raw) == "The request body is not valid JSON: maximum nesting depth exceeded"


@pytest.mark.parametrize("stream", [False, True])
def test_a_lone_surrogate_is_refused_as_the_live_api_does(stream):
    # anthropics/claude-code#3277: "The request body is not valid JSON: no low surrogate in string: …"
    raw = json.dumps(body(messages=[{"role": "user", "content": "退款\ud800"}], stream=stream))
    msg = refused(raw.encode())
    assert msg.startswith(
        "The request body is not valid JSON: no low surrogate in string: line 1 column"
    )


def test_nan_in_a_request_is_not_json():
    raw = json.dumps(body(temperature_hint=float("nan")))
    assert refused(raw.encode()).startswith("The request body is not valid JSON: Expecting value:")


@pytest.mark.parametrize("stream", [False, True])
def test_a_lone_low_surrogate_is_refused_as_the_live_api_does(stream):
    """anthropics/claude-code#9586: "The request body is not valid JSON: invalid high surrogate in
    string: line 1 column 73900 (char 73899)": the live API's reader (yyjson) meets a low surrogate
    escape with no high one before it (Python's json module takes it)."""
    task = "\udc00 订单 A-1001 的商品坏了，请帮我退款。"
    raw = json.dumps(body(messages=[{"role": "user", "content": task}], stream=stream)).encode()
    at = raw.index(b"\\udc00")
    assert refused(raw) == (
        "The request body is not valid JSON: invalid high surrogate in string: "
        f"line 1 column {at + 1} (char {at})"
    )
    pair = json.dumps(body(messages=[{"role": "user", "content": "\U0001f600 " + PROMPT}]))
    assert send(offline_api(), pair.encode())[0] == 200  # a pair is one character


# --- accepted where the live API refuses ---------------------------------------------------------

ACCEPTED = [
    # Wei-Shaw/claude-relay-service#660 (top level), anthropics/claude-code#4378 (in a block)
    (body(temperature_hint=1), "temperature_hint: Extra inputs are not permitted"),
    (
        body(messages=[{"role": "user", "content": [{"type": "text", "text": "x", "extra": 1}]}]),
        "messages.0.content.0.text.extra: Extra inputs are not permitted",
    ),
    (
        body(messages=[{"role": "user", "content": [{"type": "picture", "url": "x"}]}]),
        "messages.0.content.0: Input tag 'picture' found using 'type' does not match any of the "
        "expected tags: ",
    ),
    (
        body(max_tokens=128_001),
        "max_tokens: 128001 > 128000, which is the maximum allowed number of output tokens for claude-sonnet-4-6",
    ),
    (
        body(model="claude-haiku-4-5", max_tokens=64_001),
        "max_tokens: 64001 > 64000, which is the maximum allowed number of output tokens for claude-haiku-4-5",
    ),
    (body(max_tokens=True), "max_tokens: Input should be a valid integer"),
    (
        body(max_tokens=10**12),
        "max_tokens: 1000000000000 > 128000, which is the maximum allowed number of output tokens for claude-sonnet-4-6",
    ),
    (body(thinking="enabled"), "thinking: Input should be a valid dictionary"),
    (body(system=[5]), "system.0: Input should be a valid dictionary"),
    (
        body(messages=[{"role": "user", "content": [{"type": "text", "text": ""}]}]),
        "messages: text content blocks must be non-empty",
    ),
    (
        body(messages=history(TOOL_USE, results=[{**RESULT, "content": {"status": "delivered"}}])),
        "messages.2.content.0.tool_result.content: Input should be a valid list",
    ),
    (
        body(messages=history(TOOL_USE, results=[{**RESULT, "is_error": "false"}])),
        "messages.2.content.0.tool_result.is_error: Input should be a valid boolean",
    ),
    (
        body(
            system=[
                {"type": "text", "text": s, "cache_control": {"type": "ephemeral"}} for s in "abc"
            ],
            tools=[
                {**TOOLS[0], "cache_control": {"type": "ephemeral"}},
                {**TOOLS[1], "cache_control": {"type": "ephemeral"}},
            ],
        ),
        "A maximum of 4 blocks with cache_control may be provided. Found 5.",
    ),
    (
        body(
            system=[
                {"type": "text", "text": "x", "cache_control": {"type": "ephemeral", "scope": "x"}}
            ]
        ),
        "system.0.cache_control.ephemeral.scope: Extra inputs are not permitted",
    ),
]


@pytest.mark.parametrize("request_body, expected", ACCEPTED)
def test_what_the_live_api_refuses_is_refused(request_body, expected):
    assert refused(request_body).startswith(expected)


def test_the_anthropic_version_header_is_required():
    # envoyproxy/ai-gateway#1909: {"message":"anthropic-version: header is required"}
    assert refused(body(), headers={"content-type": "application/json"}) == (
        "anthropic-version: header is required"
    )
    api = offline_api()
    send(api, body(), headers={"content-type": "application/json"})
    assert [r.code for r in api.refusals] == ["anthropic_version"]


def test_count_tokens_is_checked_by_type_too():
    count = {k: v for k, v in body(system=5).items() if k != "max_tokens"}
    assert refused(count, "/v1/messages/count_tokens") == "system: Input should be a valid list"
    assert refused({**count, "system": "x", "max_tokens": 5}, "/v1/messages/count_tokens") == (
        "max_tokens: Extra inputs are not permitted"
    )


def test_models_report_the_same_max_tokens_the_api_enforces():
    models = agentkit.make_client(offline=True).models
    limits = {}
    for m in ("claude-sonnet-4-6", "claude-haiku-4-5", "claude-opus-4-5", "claude-opus-4-6"):
        limits[m] = models.retrieve(m).max_tokens
        assert send(offline_api(), body(model=m, max_tokens=limits[m]))[0] == 200
        assert send(offline_api(), body(model=m, max_tokens=limits[m] + 1))[0] == 400
    assert set(limits.values()) == {64_000, 128_000}


# --- what the live API accepts stays accepted ----------------------------------------------------

CLAUDE_CODE_LIKE = body(
    system=[
        {"type": "text", "text": "You are Claude Code.", "cache_control": {"type": "ephemeral"}},
        {"type": "text", "text": "订单客服。"},
    ],
    tools=[{**TOOLS[0], "defer_loading": False}, TOOLS[1]],
    thinking={"type": "adaptive"},
    output_config={"effort": "medium"},
    metadata={"user_id": "user_1"},
    stream=True,
)


def test_the_fields_the_claude_code_cli_sends_are_accepted():
    status, events = send(offline_api(), CLAUDE_CODE_LIKE)
    assert status == 200 and events[-1] == {"type": "message_stop"}


def test_beta_fields_are_accepted_with_their_beta_and_refused_without():
    beta = body(context_management={"edits": [{"type": "clear_tool_uses_20250919"}]})
    with_beta = {**SDK_HEADERS, "anthropic-beta": "context-management-2025-06-27"}
    assert send(offline_api(), beta, headers=with_beta)[0] == 200
    assert send(offline_api(), beta, path="/v1/messages?beta=true")[0] == 200
    assert refused(beta) == "context_management: Extra inputs are not permitted"


def test_the_sdk_beta_client_is_served():
    client = agentkit.make_client(offline=True)
    r = client.beta.messages.create(
        model=MODEL,
        max_tokens=1024,
        tools=TOOLS,
        messages=[{"role": "user", "content": PROMPT}],
        context_management={"edits": [{"type": "clear_tool_uses_20250919"}]},
        betas=["context-management-2025-06-27"],
    )
    assert r.stop_reason == "tool_use"


# --- a bug of ours is the API's 500, never a connection error -------------------------------------


class Broken:
    """A model with a bug."""

    def reply(self, request):
        raise KeyError("oops")


class NaNModel:
    """A model that writes NaN into a tool call (as a tool returning NaN once made the stand-in do)."""

    def reply(self, request):
        return Reply(
            [{"type": "tool_use", "name": "lookup_order", "input": {"amount": float("nan")}}],
            "tool_use",
        )


def _client(model, cls=anthropic.Anthropic, http=httpx2.Client):
    return cls(
        api_key="offline",
        max_retries=0,
        http_client=http(transport=httpx2.MockTransport(OfflineAPI(model))),
    )


@pytest.mark.parametrize("model", [Broken(), NaNModel()])
def test_an_internal_error_is_the_apis_500_in_process(model):
    with pytest.raises(anthropic.InternalServerError) as e:
        _client(model).messages.create(**body())
    assert e.value.status_code == 500
    assert e.value.body["error"] == {"type": "api_error", "message": "Internal server error"}
    assert e.value.body["request_id"].startswith("req_")


def test_an_internal_error_is_the_apis_500_in_process_async():
    import asyncio

    client = _client(Broken(), anthropic.AsyncAnthropic, httpx2.AsyncClient)
    with pytest.raises(anthropic.InternalServerError) as e:
        asyncio.run(client.messages.create(**body()))
    assert e.value.body["error"]["type"] == "api_error"


def test_handle_never_raises_and_streams_fail_as_json():
    api = OfflineAPI(Broken())
    answer = api.handle("POST", "/v1/messages", json.dumps(body(stream=True)).encode(), SDK_HEADERS)
    assert answer.status == 500 and answer.events is None
    assert json.loads(answer.response().content)["error"]["type"] == "api_error"


# --- the simulated Claude reads odd tool results without crashing ---------------------------------


@pytest.mark.parametrize(
    "result",
    [
        '{"order_id": "A-1001", "status": "delivered", "amount": "¥120"}',
        '{"order_id": "A-1001", "status": "delivered", "amount": NaN}',
        '{"order_id": ["A-1001"], "status": {"a": 1}}',
    ],
)
def test_the_simulated_claude_answers_odd_tool_results(result):
    system = "退款金额超过 100 元时不要直接退款，转人工。"
    msgs = history(TOOL_USE, results=[{**RESULT, "content": result}])
    status, reply = send(offline_api(), body(system=system, messages=msgs))
    assert status == 200 and reply["type"] == "message"


def test_friendly_errors_never_tell_an_offline_learner_to_go_offline(monkeypatch, capsys):
    client = agentkit.make_client(offline=True, max_retries=0)

    def broken_transport(self, request):
        raise RuntimeError("a bug in the transport")

    monkeypatch.setattr(OfflineAPI, "__call__", broken_transport)
    with agentkit.friendly_errors(client):
        client.messages.create(**body())
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "不是网络问题" in out and "AGENTKIT_OFFLINE" not in out


def test_a_body_over_32_mb_is_the_413_before_anything_reads_it():
    client = agentkit.make_client(offline=True)
    task = "退" * (12 * 1024 * 1024)  # 36 MB as UTF-8
    with pytest.raises(anthropic.APIStatusError) as e:
        client.messages.create(**body(messages=[{"role": "user", "content": task}]))
    assert e.value.status_code == 413 and e.value.body["error"]["type"] == "request_too_large"
    assert client.offline.calls == 1 and len(client.offline.log) == 0  # not retried, not parsed


def test_a_key_spelled_with_escapes_is_still_counted():
    """The API counts keys once parsed: five cache_control markers written "cache\\u005fcontrol"
    (valid JSON for the same key) are five, and a tool_reference so spelled is still checked; the
    raw-byte counts that let an agent loop's requests skip those walks must not be fooled."""
    five = body(
        system=[{"type": "text", "text": s, "cache_control": {"type": "ephemeral"}} for s in "abc"],
        tools=[{**t, "cache_control": {"type": "ephemeral"}} for t in TOOLS],
    )
    raw = json.dumps(five).replace('"cache_control"', '"cache\\u005fcontrol"').encode()
    assert refused(raw).startswith("A maximum of 4 blocks with cache_control may be provided.")
    ref = {"type": "tool_reference", "tool_name": "no_such_tool"}
    msgs = history(TOOL_USE, results=[{**RESULT, "content": [ref]}])
    raw = json.dumps(body(messages=msgs)).replace('"tool_reference"', '"tool\\u005freference"')
    assert refused(raw.encode()) == "Tool reference 'no_such_tool' not found in available tools"


def test_the_one_scan_for_odd_escapes_finds_all_that_the_strict_checks_look_for():
    """A body is searched once (ODD_ESCAPE); the escaped-key and lone-surrogate checks are skipped
    when that search finds nothing, so it must find every escape any of them would."""
    from agentkit.offline.api import ESCAPED_ASCII, HIGH_ESCAPE, LOW_ESCAPE, ODD_ESCAPE

    for code in range(0, 0x10000, 0xF):
        for escape in (b"\\u%04x" % code, b"\\u%04X" % code):
            wanted = any(p.search(escape) for p in (ESCAPED_ASCII, HIGH_ESCAPE, LOW_ESCAPE))
            assert not wanted or ODD_ESCAPE.search(escape), escape
    assert not ODD_ESCAPE.search(json.dumps("订单 A-1001 的商品坏了").encode())  # CJK escapes


def test_tools_checked_with_one_request_are_checked_again_when_they_or_the_beta_change(
    monkeypatch,
):
    """A loop sends the same tools with every request: their types are walked once, not again, yet
    a change to them, or the same tools without the beta that allowed them, is refused as a first
    request would be."""
    from agentkit.offline import schema

    walks = []
    tools_node = schema.body_type(False, False).fields["tools"][0]
    real = type(tools_node).check
    monkeypatch.setattr(
        type(tools_node),
        "check",
        lambda self, v, loc: (walks.append(loc) if loc == ("tools",) else None, real(self, v, loc)),
    )
    api = offline_api()
    for _ in range(3):
        assert send(api, body())[0] == 200
    assert walks == [("tools",)]  # the first request's walk only
    broken = body(tools=[*TOOLS[:1], {**TOOLS[1], "input_schema": 5}])
    assert send(api, broken)[1]["error"]["message"] == refused(broken)
    twice = body(tools=[TOOLS[0], TOOLS[0]])
    assert send(api, twice)[1]["error"]["message"] == "tools: Tool names must be unique."
    choice = body(tool_choice={"type": "tool", "name": "no_such_tool"})
    assert send(api, choice)[1]["error"]["message"] == refused(choice)
    beta_only = body(tools=[*TOOLS, {"type": "bash_20241022", "name": "bash"}])
    with_beta = {**SDK_HEADERS, "anthropic-beta": "computer-use-2024-10-22"}
    assert send(api, beta_only, headers=with_beta)[0] == 200
    status, reply = send(api, beta_only)
    assert status == 400 and reply["error"]["message"] == refused(beta_only)
    assert "bash_20241022" in reply["error"]["message"]


def test_ids_are_the_ones_the_stored_outputs_show():
    """Tool_use and message ids appear in the notebooks' stored outputs: the id function computes,
    two digits at a time, exactly the base-62 digits of its hash, one at a time."""
    import hashlib

    from agentkit.offline.api import ALPHABET, stable_id

    def one_digit_at_a_time(prefix: str, *parts: int) -> str:
        n = int.from_bytes(hashlib.blake2b(repr(parts).encode(), digest_size=17).digest(), "big")
        digits = []
        for _ in range(22):
            n, r = divmod(n, 62)
            digits.append(ALPHABET[r])
        return prefix + "01" + "".join(digits)

    assert stable_id("msg_", 1) == "msg_019WsInVQ5jWCRBDOocxT3Hd"
    for n in range(3000):
        assert stable_id("toolu_", n, n % 4) == one_digit_at_a_time("toolu_", n, n % 4)


# --- hostile review: cases nobody tried (the caches across JSON types, huge and float numbers,
# odd header values, tool_use ids) ---


def test_a_remembered_history_is_not_trusted_when_a_boolean_became_a_number():
    """Python's `True == 1`: a resent history equal to the remembered one by `==` may still hold a
    number where the valid request had a boolean. It is refused as a first request would be."""
    api = offline_api()
    first = body(messages=history(TOOL_USE, results=[{**RESULT, "is_error": False}]))
    status, reply = send(api, first)
    assert status == 200
    nxt = json.loads(json.dumps(first))
    nxt["messages"][2]["content"][0]["is_error"] = 0
    nxt["messages"] += [
        {"role": "assistant", "content": reply["content"]},
        {"role": "user", "content": "谢谢"},
    ]
    expected = "messages.2.content.0.tool_result.is_error: Input should be a valid boolean"
    assert refused(nxt) == expected
    assert send(api, nxt)[1]["error"]["message"] == expected


def test_remembered_tools_are_not_trusted_when_a_boolean_became_a_number():
    api = offline_api()
    with_beta = {**SDK_HEADERS, "anthropic-beta": "context-management-2025-06-27"}
    strict = body(tools=[{**TOOLS[0], "strict": True}, *TOOLS[1:]])
    assert send(api, strict, headers=with_beta)[0] == 200
    one = body(tools=[{**TOOLS[0], "strict": 1}, *TOOLS[1:]])
    expected = "tools.0.custom.strict: Input should be a valid boolean"
    assert refused(one, headers=with_beta) == expected
    assert send(api, one, headers=with_beta)[1]["error"]["message"] == expected


@pytest.mark.parametrize(
    "raw_max_tokens, shown",
    [(str(10**400), str(10**400)), (str(2**63), str(2**63)), ("1280001", "1280001")],
)
def test_a_huge_max_tokens_is_refused_with_its_value(raw_max_tokens, shown):
    """An integer is shown as the integer it is, as in the live API's "max_tokens: 128001 > 64000"
    (formatted as a float, 1280001 read "1.28e+06", and 10**400 was an OverflowError, a 500)."""
    from agentkit.offline import models

    raw = json.dumps(body()).replace('"max_tokens": 1024', f'"max_tokens": {raw_max_tokens}')
    assert refused(raw.encode()) == (
        f"max_tokens: {shown} > {models.max_output_tokens(MODEL)}, which is the maximum allowed "
        f"number of output tokens for {MODEL}"
    )


def test_integral_floats_are_integers_and_the_reply_counts_in_integers():
    """pydantic reads 1024.0 as the integer 1024: a thinking budget of 1024.0 is accepted, and a
    max_tokens of 5.0 gives a reply whose usage counts in integers, as the live API's does."""
    thinking = {"type": "enabled", "budget_tokens": 1024.0}
    assert send(offline_api(), body(max_tokens=4000, thinking=thinking))[0] == 200
    status, reply = send(offline_api(), body(max_tokens=5.0))
    assert status == 200 and reply["stop_reason"] == "max_tokens"
    assert type(reply["usage"]["output_tokens"]) is int


@pytest.mark.parametrize("version", ["2023-10-01", "garbage", "2023-06-01, 2023-06-01"])
def test_an_anthropic_version_that_is_not_one_is_refused(version):
    # directus-labs/extensions#285 and decolua/9router#1227: 'anthropic-version: "2023-10-01" is
    # not a valid version'; the valid ones (docs, API versioning): 2023-01-01 and 2023-06-01
    headers = {**SDK_HEADERS, "anthropic-version": version}
    assert (
        refused(body(), headers=headers) == f'anthropic-version: "{version}" is not a valid version'
    )
    assert (
        send(offline_api(), body(), headers={**SDK_HEADERS, "anthropic-version": "2023-01-01"})[0]
        == 200
    )


def test_headers_sent_twice_are_read_joined_and_a_missing_version_is_refused():
    # the transport reads each header once: a header sent on two lines is one value, joined with
    # ", " (decolua/9router#1227), as httpx and a server read it
    twice = [("anthropic-version", "2023-06-01"), ("Anthropic-Version", "2023-06-01")]
    assert refused(body(), headers=twice) == (
        'anthropic-version: "2023-06-01, 2023-06-01" is not a valid version'
    )
    empty_beta = [("anthropic-version", "2023-06-01"), ("anthropic-beta", " ")]
    assert refused(body(), headers=empty_beta).startswith("Unexpected value(s) ``")
    assert refused(body(), headers={"content-type": "application/json"}) == (
        "anthropic-version: header is required"
    )


@pytest.mark.parametrize("value", ["", " "])
def test_an_empty_anthropic_beta_header_is_refused(value):
    # aaronrussell/anthropix#15: "Unexpected value(s) `` for the `anthropic-beta` header. …"
    assert refused(body(), headers={**SDK_HEADERS, "anthropic-beta": value}) == (
        "Unexpected value(s) `` for the `anthropic-beta` header. Please consult our documentation "
        "at docs.anthropic.com or try again without the header."
    )


@pytest.mark.parametrize("tool_id", ["", "call.1", "toolu 1", "\u202etoolu", "a\x00b"])
def test_a_tool_use_id_outside_the_apis_pattern_is_refused(tool_id):
    # CommandCodeAI/command-code#323 and BlockRunAI/ClawRouter#17: "messages.1.content.1.tool_use.id:
    # String should match pattern '^[a-zA-Z0-9_-]+$'"
    use = {**TOOL_USE, "id": tool_id}
    msgs = history(
        {"type": "text", "text": "查一下"}, use, results=[{**RESULT, "tool_use_id": tool_id}]
    )
    assert refused(body(messages=msgs)) == (
        "messages.1.content.1.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'"
    )


PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\x00" * 16).decode()


def _image(data: str, media: str = "image/png") -> dict[str, Any]:
    return {"type": "image", "source": {"type": "base64", "media_type": media, "data": data}}


@pytest.mark.parametrize(
    "data, media, expected",
    [
        # anthropics/claude-code#12750
        ("", "image/png", "messages.0.content.0.image.source.base64: image cannot be empty"),
        # anthropics/anthropic-sdk-typescript#603
        (
            "!!not base64",
            "image/png",
            "messages.0.content.0.image.source.base64: invalid base64 data",
        ),
        # anthropics/claude-code#6300
        (
            PNG,
            "image/jpeg",
            "messages.0.content.0.image.source.base64.data: Image does not match the provided "
            "media type image/jpeg",
        ),
    ],
)
def test_image_data_is_checked_as_the_live_api_checks_it(data, media, expected):
    msgs = [{"role": "user", "content": [_image(data, media), {"type": "text", "text": "看图"}]}]
    assert refused(body(messages=msgs)) == expected
    ok = [{"role": "user", "content": [_image(PNG), {"type": "text", "text": "看图"}]}]
    assert send(offline_api(), body(messages=ok))[0] == 200


def test_an_image_inside_a_tool_result_is_checked_too():
    result = {**RESULT, "content": [_image("!!")]}
    assert refused(body(messages=history(TOOL_USE, results=[result]))) == (
        "messages.2.content.0.tool_result.content.0.image.source.base64: invalid base64 data"
    )


def test_an_empty_text_block_with_cache_control_gets_the_live_apis_first_wording():
    # anthropics/claude-code#55689: "messages.170.content.3.text: cache_control cannot be set for
    # empty text blocks", answered before "messages: text content blocks must be non-empty"
    block = {"type": "text", "text": "", "cache_control": {"type": "ephemeral"}}
    msgs = [{"role": "user", "content": [{"type": "text", "text": PROMPT}, block]}]
    assert refused(body(messages=msgs)) == (
        "messages.0.content.1.text: cache_control cannot be set for empty text blocks"
    )


# --- issue 34: the offline API against the live API's answers -------------------------------------


@pytest.mark.parametrize("choice", [None, {"type": "any"}, {"type": "auto"}])
def test_every_tool_deferred_is_the_live_apis_400_never_a_500(choice):
    """`tool_choice: any` with every tool deferred was a 500 (StopIteration in the stand-in's
    policy). The tool search docs' "All tools deferred" error, whatever the tool_choice."""
    deferred = [{**t, "defer_loading": True} for t in TOOLS]
    request = body(tools=deferred, **({"tool_choice": choice} if choice else {}))
    assert refused(request) == (
        "All tools have defer_loading set. At least one tool must be non-deferred."
    )
    one_loaded = body(tools=[deferred[0], TOOLS[1]], tool_choice={"type": "any"})
    status, reply = send(offline_api(), one_loaded)
    assert status == 200 and reply["stop_reason"] == "tool_use"


def test_a_tool_result_in_an_assistant_turn_is_refused():
    """Accepted before (only user turns were walked for results). The live API: "`tool_result`
    blocks can only be in `user` messages" (tghamm/Anthropic.SDK#128)."""
    turn = [TOOL_USE, RESULT]
    assert refused(body(messages=history(*turn, results=[RESULT]))) == (
        "messages.1: `tool_result` blocks can only be in `user` messages"
    )
    late = history(TOOL_USE, results=[RESULT]) + [
        {"role": "assistant", "content": [{"type": "text", "text": "好的"}, RESULT]},
        {"role": "user", "content": "继续"},
    ]
    assert refused(body(messages=late)) == (
        "messages.3: `tool_result` blocks can only be in `user` messages"
    )


SEARCH_TOOL = {"type": "web_search_20250305", "name": "web_search"}
FETCH_TOOL = {"type": "web_fetch_20250910", "name": "web_fetch"}


@pytest.mark.parametrize(
    "tool, expected",
    [
        (
            {**SEARCH_TOOL, "allowed_domains": ["a.com"], "blocked_domains": ["b.com"]},
            "tools.1.web_search_20250305: Only one of allowed_domains or blocked_domains may be "
            "set.",
        ),
        (
            {**FETCH_TOOL, "allowed_domains": ["a.com"], "blocked_domains": ["b.com"]},
            "tools.1.web_fetch_20250910: Only one of allowed_domains or blocked_domains may be set.",
        ),
        (
            {**SEARCH_TOOL, "blocked_domains": []},
            "tools.1.web_search_20250305.blocked_domains: Empty list of domains is ambiguous. "
            "Provide at least one domain or null.",
        ),
    ],
)
def test_a_server_tools_domain_lists_are_checked_as_the_live_api_does(tool, expected):
    """Both lists were accepted, though the SDK's docstring says "Cannot be used alongside"."""
    assert refused(body(tools=[TOOLS[0], tool])) == expected
    one = {k: v for k, v in tool.items() if k != "blocked_domains"}
    assert send(offline_api(), body(tools=[TOOLS[0], {**one, "blocked_domains": None}]))[0] == 200


CACHED_SYSTEM = [
    {"type": "text", "text": "你是客服助手。" + "退款规则：签收后 30 天内可退。" * 400},
    {"type": "text", "text": "回答要简短。", "cache_control": {"type": "ephemeral"}},
]


def test_max_tokens_0_pre_warms_the_cache_without_generating():
    """It was refused ("greater than or equal to 1"). The SDK's docstring: "Set to `0` to populate
    the prompt cache without generating a response"; the prompt caching docs (Pre-warming the
    cache): an empty `content`, `stop_reason: "max_tokens"`, a fully populated `usage`."""
    client = agentkit.make_client(offline=True)
    warm = client.messages.create(
        model=MODEL,
        max_tokens=0,
        system=CACHED_SYSTEM,
        messages=[{"role": "user", "content": "warmup"}],
    )
    assert warm.content == [] and warm.stop_reason == "max_tokens" and warm.stop_sequence is None
    assert warm.usage.output_tokens == 0 and warm.usage.input_tokens > 0
    assert warm.usage.cache_creation_input_tokens >= 2048  # claude-sonnet-4-6's minimum
    real = client.messages.create(
        model=MODEL, max_tokens=1024, system=CACHED_SYSTEM, tools=TOOLS,
        messages=[{"role": "user", "content": PROMPT}],
    )  # fmt: skip
    assert real.usage.cache_read_input_tokens == warm.usage.cache_creation_input_tokens
    assert real.stop_reason == "tool_use"


def test_max_tokens_0_does_not_ask_the_model():
    api = OfflineAPI(Broken())  # a model that raises when asked
    status, reply = send(api, body(max_tokens=0))
    assert status == 200 and reply["content"] == [] and reply["usage"]["output_tokens"] == 0


@pytest.mark.parametrize(
    "over, conflict",
    [
        ({"stream": True}, "`stream: true`"),
        ({"thinking": {"type": "enabled", "budget_tokens": 1024}}, "extended thinking"),
        (
            {"output_config": {"format": {"type": "json_schema", "schema": {"type": "object"}}}},
            "structured outputs",
        ),
        ({"tool_choice": {"type": "any"}}, "a `tool_choice` that forces tool use"),
        ({"tool_choice": {"type": "tool", "name": "lookup_order"}}, "a `tool_choice` that"),
    ],
)
def test_max_tokens_0_with_what_implies_output_is_refused(over, conflict):
    """The docs' Limitations: each of these "implies output that a zero-token budget cannot
    produce" and is an invalid_request_error (its wording is not public: see validation.py)."""
    message = refused(body(max_tokens=0, **over))
    assert message.startswith("max_tokens: 0 (cache pre-warming) cannot be used with ")
    assert conflict in message


def test_a_negative_max_tokens_is_refused():
    assert refused(body(max_tokens=-1)) == "max_tokens: Input should be greater than or equal to 0"


# --- issue 33, point 4: the sampling parameters, as the live API treats them per model -------------

TAKES_SAMPLING = ["claude-sonnet-4-6", "claude-opus-4-6", "claude-haiku-4-5", "claude-opus-4-5"]
SAMPLING_DEPRECATED = [
    "claude-opus-4-7", "claude-opus-4-8", "claude-sonnet-5", "claude-fable-5", "claude-opus-5-5",
    "claude-haiku-5-5",
]  # fmt: skip


@pytest.mark.parametrize("model", TAKES_SAMPLING)
@pytest.mark.parametrize("name, value", [("temperature", 0.5), ("top_p", 0.9), ("top_k", 40)])
def test_a_sampling_parameter_is_taken_on_the_models_that_take_it(model, name, value):
    """`temperature` was "Extra inputs are not permitted" on every model (SDK 2.x's types lack it)."""
    status, reply = send(offline_api(), body(model=model, **{name: value}))
    assert status == 200 and reply["stop_reason"] == "tool_use", reply


def test_the_sdk_sends_temperature_in_extra_body_and_it_is_taken():
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL, max_tokens=1024, tools=TOOLS, messages=[{"role": "user", "content": PROMPT}],
        extra_body={"temperature": 0.5},
    )  # fmt: skip
    assert r.stop_reason == "tool_use"
    assert client.offline.log[-1]["temperature"] == 0.5


def test_the_claude_code_clis_session_title_request_is_answered():
    """Its shape (stream, no tools, a JSON schema, temperature) on claude-sonnet-4-6: refused twice
    per query before."""
    schema = {"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}
    title = body(
        tools=[], stream=True, temperature=1,
        messages=[{"role": "user", "content": f"<session>\n{PROMPT}\n</session>"}],
        output_config={"format": {"type": "json_schema", "schema": schema}},
    )  # fmt: skip
    status, events = send(
        offline_api(),
        title,
        headers={**SDK_HEADERS, "anthropic-beta": "structured-outputs-2025-12-15"},
    )
    assert status == 200 and events[-1] == {"type": "message_stop"}


@pytest.mark.parametrize("model", SAMPLING_DEPRECATED)
@pytest.mark.parametrize("name, value", [("temperature", 0), ("top_p", 1.0), ("top_k", 40)])
def test_a_sampling_parameter_is_refused_on_opus_4_7_and_later(model, name, value):
    assert refused(body(model=model, **{name: value})) == f"`{name}` is deprecated for this model."
    assert send(offline_api(), body(model=model))[0] == 200


@pytest.mark.parametrize("model", TAKES_SAMPLING)
def test_temperature_and_top_p_together_are_refused_on_the_4_5_and_4_6_models(model):
    assert refused(body(model=model, temperature=0.5, top_p=0.9)) == (
        "`temperature` and `top_p` cannot both be specified for this model. Please use only one."
    )
    assert send(offline_api(), body(model=model, temperature=0.5, top_k=40))[0] == 200


@pytest.mark.parametrize(
    "over, expected",
    [
        ({"temperature": 1.5}, "temperature: range: 0..1"),
        ({"temperature": -1}, "temperature: range: 0..1"),
        ({"top_p": 1.01}, "top_p: range: 0..1"),
        ({"temperature": "hot"}, "temperature: Input should be a valid number"),
        (
            {"top_k": 2.5},
            "top_k: Input should be a valid integer, got a number with a fractional part",
        ),
        ({"top_k": "40"}, "top_k: Input should be a valid integer"),
    ],
)
def test_a_sampling_parameter_out_of_its_range_is_refused(over, expected):
    assert refused(body(**over)) == expected
    assert send(offline_api(), body(temperature=0))[0] == 200
    assert send(offline_api(), body(top_p=1))[0] == 200


# The type checks' remembered plans (agentkit.offline.schema.Plan: an object whose key set was seen
# before is checked without walking every field of its type) find the same problem, at the same
# location, as the full walk, on bodies that are wrong in one or several places.

PLAN_TOOLS = World().tools("lookup_order")


def plan_body() -> dict[str, Any]:
    return {
        "model": agentkit.default_model(),
        "max_tokens": 1024,
        "tools": copy.deepcopy(PLAN_TOOLS),
        "messages": [
            {"role": "user", "content": "订单 A-1001 到哪了？"},
            {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "我查一下。"},
                    {
                        "type": "tool_use",
                        "id": "toolu_01",
                        "name": "lookup_order",
                        "input": {"order_id": "A-1001"},
                    },
                ],
            },
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "{}"}],
            },
        ],
    }


def tool_use(body: dict[str, Any]) -> dict[str, Any]:
    return body["messages"][1]["content"][1]


def text(body: dict[str, Any]) -> dict[str, Any]:
    return body["messages"][1]["content"][0]


def result(body: dict[str, Any]) -> dict[str, Any]:
    return body["messages"][2]["content"][0]


CHANGES = {
    "a leaf of the wrong type": lambda b: tool_use(b).update(id=7),
    "two problems, the leaf first": lambda b: tool_use(b).update(id=7, input=[1]),
    "a non-leaf of the wrong type": lambda b: tool_use(b).update(input=[1]),
    "an optional leaf sent as null": lambda b: text(b).update(cache_control=None),
    "a required leaf sent as null": lambda b: text(b).update(text=None),
    "an extra key": lambda b: text(b).update(colour="red"),
    "a required key left out": lambda b: tool_use(b).pop("name"),
    "an optional bool of the wrong type": lambda b: result(b).update(is_error="yes"),
    "an optional bool": lambda b: result(b).update(is_error=True),
    "content as a number": lambda b: result(b).update(content=3),
    "content as a list of text": lambda b: result(b).update(
        content=[{"type": "text", "text": "{}"}]
    ),
    "a role of the wrong type": lambda b: b["messages"][1].update(role=1),
    "a body leaf of the wrong type": lambda b: b.update(model=5),
    "a body bool of the wrong type": lambda b: b.update(stream="yes"),
    "a body bool": lambda b: b.update(stream=False),
    "max_tokens as text": lambda b: b.update(max_tokens="5"),
    "an extra body key": lambda b: b.update(colour="red"),
}


def plan_outcome(body: dict[str, Any]) -> str:
    try:
        validate(body, beta=False)
    except InvalidRequest as e:
        return str(e)
    return "valid"


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_remembered_plan_finds_what_the_full_walk_finds(change, monkeypatch):
    def changed() -> dict[str, Any]:
        body = plan_body()
        CHANGES[change](body)
        return body

    for _ in range(2):  # the plans of these key sets are remembered by now
        plan_outcome(plan_body())
        planned = plan_outcome(changed())
    monkeypatch.setattr(schema.Plan, "of", classmethod(lambda cls, typed, keys: None))
    for node in (schema.body_type(False, False), *schema._MEMO.values()):
        if isinstance(node, schema.Typed):
            monkeypatch.setattr(node, "_plans", {})
    walked = plan_outcome(changed())
    assert planned == walked
    assert plan_outcome(plan_body()) == "valid"
