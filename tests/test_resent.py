"""agentkit.offline.resent: a body that resends a remembered request's messages is parsed from where
they end, and reads as `json.loads` reads it; anything else is left to the whole-body parse."""

from __future__ import annotations

import json

import pytest

from agentkit.client import offline_api
from agentkit.offline import api as api_module
from agentkit.offline import resent
from agentkit.sim import World

DECODER = json.JSONDecoder(parse_constant=api_module._refuse)
ODD = api_module.ODD_ESCAPE


def turn(i: int) -> list[dict]:
    tid = f"toolu_{i:04d}"
    return [
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": f"再查一次（第 {i} 次）。"},
                {"type": "tool_use", "id": tid, "name": "lookup_order", "input": {"n": i}},
            ],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": tid, "content": "shipped"}],
        },
    ]


def body(turns: int, **extra) -> dict:
    msgs = [{"role": "user", "content": "查订单 A-1001"}]
    for i in range(turns):
        msgs += turn(i)
    return {"max_tokens": 1024, "messages": msgs, "model": "claude-sonnet-4-6", **extra}


def raw(b: dict, **kw) -> bytes:
    return json.dumps(b, ensure_ascii=False, separators=(",", ":"), **kw).encode()  # as the SDK


def test_a_resent_history_is_parsed_past_its_prefix_and_reads_as_json_loads():
    first = resent.read_after(raw(body(2)), DECODER, None, ODD)
    assert first is not None and not first.resent and first.seen is not None
    nxt = raw(body(3, tools=[{"name": "t", "input_schema": {"type": "object"}}]))
    second = resent.read_after(nxt, DECODER, first.seen, ODD)
    assert second is not None and second.resent
    assert second.body == json.loads(nxt)
    assert list(second.body) == list(json.loads(nxt))  # the keys in the same order
    # the resent messages are the remembered objects; the new ones are parsed
    assert second.body["messages"][:5] == first.seen.msgs
    assert second.body["messages"][0] is first.seen.msgs[0]
    assert second.seen is not None and nxt.startswith(second.seen.prefix)
    assert second.seen.prefix.endswith(b"}") and len(second.seen.msgs) == 7


@pytest.mark.parametrize(
    "text",
    [
        b'{ "max_tokens" : 5 , "messages" : [ {"role":"user","content":"x"} ] , "model":"m" }',
        b'{"messages":[{"role":"user","content":"x"}]}',
        b'{"messages":[],"model":"m"}',
        b'{"max_tokens":1,"messages":[{"a":1},{"b":[true,1,1.0]}],"max_tokens":2,"x":{"y":[]}}\n',
    ],
)
def test_any_spelling_of_a_body_reads_as_json_loads(text):
    got = resent.read_after(text, DECODER, None, ODD)
    assert got is not None and got.body == json.loads(text)
    assert list(got.body) == list(json.loads(text))


@pytest.mark.parametrize(
    "text",
    [
        b'{"metadata":{"messages":[]},"model":"m"}',  # not the top-level key
        b'{"messages":[{"role":"user"}],"messages":[]}',  # a later key wins: parse it whole
        b'{"messages":[{"role":"user"}],}',  # trailing comma
        b'{"messages":[{"role":"user"},]}',
        b'{"messages":[{"role":"user"}]} x',
        b'{"messages":[NaN]}',
        b'\xef\xbb\xbf{"messages":[]}',
        '{"messages":[]}'.encode("utf-16"),
        b'{"messages":[{"content":"\\ud83d"}]}',  # a surrogate escape: the strict reader's checks
        b'{"a":"x\\"messages\\":[","messages":[1,2',
    ],
)
def test_what_the_reader_does_not_follow_is_left_to_the_whole_body_parse(text):
    assert resent.read_after(text, DECODER, None, ODD) is None


def test_a_body_differing_by_one_byte_in_the_history_is_not_resent():
    first = resent.read_after(raw(body(2)), DECODER, None, ODD)
    assert first is not None
    changed = body(3)
    changed["messages"][2]["content"][0]["content"] = "delivered"
    second = resent.read_after(raw(changed), DECODER, first.seen, ODD)
    assert second is not None and not second.resent and second.body == changed
    # `1` for `true`: Python's == holds them equal, the bytes do not
    a = {"messages": [{"role": "user", "content": [{"type": "x", "flag": True}]}]}
    b = {"messages": [{"role": "user", "content": [{"type": "x", "flag": 1}]}, {"role": "a"}]}
    seen = resent.read_after(raw(a), DECODER, None, ODD)
    assert seen is not None
    again = resent.read_after(raw(b), DECODER, seen.seen, ODD)
    assert again is not None and not again.resent
    assert type(again.body["messages"][0]["content"][0]["flag"]) is int


def test_counts_past_the_prefix_add_up_to_the_whole_body():
    marked = body(2)
    marked["messages"][0] = {
        "role": "user",
        "content": [{"type": "text", "text": "hi", "cache_control": {"type": "ephemeral"}}],
    }
    first_raw = raw(marked)
    first = resent.read_after(first_raw, DECODER, None, ODD)
    assert first is not None
    assert resent.count_after(first_raw, b'"cache_control"', first, None) == 1
    marked["messages"] += turn(5)
    marked["messages"][-1]["content"][0]["cache_control"] = {"type": "ephemeral"}
    nxt = raw(marked)
    second = resent.read_after(nxt, DECODER, first.seen, ODD)
    assert second is not None and second.resent
    assert (
        resent.count_after(nxt, b'"cache_control"', second, first.seen)
        == 2
        == nxt.count(b'"cache_control"')
    )


def reply_of(api, b: dict) -> dict:
    answer = api.handle("POST", "/v1/messages", raw(b))
    assert answer.status == 200, answer.body
    m = answer.body
    return {k: m[k] for k in ("content", "stop_reason", "usage")} | {
        "content": [{k: v for k, v in c.items() if k != "id"} for c in m["content"]]
    }


def test_the_api_answers_a_resent_history_as_it_answers_the_same_body_read_from_scratch(
    monkeypatch,
):
    loop = offline_api()
    reads: list[bool] = []
    real = resent.read_after

    def spy(*a):
        got = real(*a)
        reads.append(got is not None and got.resent)
        return got

    monkeypatch.setattr(resent, "read_after", spy)
    tools = World().tools()
    for turns in range(1, 6):
        b = body(turns, tools=tools)
        assert reply_of(loop, b) == reply_of(offline_api(), b)
    assert reads[0] is False and all(reads[2::2])  # every request after the first resends
    # a refused request is not remembered: the next one is read past the last valid prefix
    bad = body(6, tools=tools)
    bad["messages"][-1]["content"][0]["tool_use_id"] = "toolu_nope"
    assert loop.handle("POST", "/v1/messages", raw(bad)).status == 400
    assert loop.history.seen is not None and len(loop.history.seen.msgs) == 11
    good = body(6, tools=tools)
    assert reply_of(loop, good) == reply_of(offline_api(), good)
    assert reads[-2] is True  # the loop's (the last read is the fresh API's)


def test_the_fields_after_the_messages_are_reused_only_when_their_text_is_the_same():
    tools = [{"name": "t", "input_schema": {"type": "object"}}]
    first = resent.read_after(raw(body(1, tools=tools)), DECODER, None, ODD)
    assert first is not None and first.seen is not None
    same = raw(body(2, tools=tools))
    second = resent.read_after(same, DECODER, first.seen, ODD)
    assert second is not None and second.resent and second.body == json.loads(same)
    assert second.body["tools"] is first.body["tools"]  # parsed once
    other = raw(body(2, tools=[{"name": "u", "input_schema": {"type": "object"}}]))
    third = resent.read_after(other, DECODER, first.seen, ODD)
    assert third is not None and third.resent and third.body == json.loads(other)
    assert third.body["tools"][0]["name"] == "u"
