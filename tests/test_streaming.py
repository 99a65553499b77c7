"""Streaming and the async client, through the real SDK: the API's server-sent event sequence, the
streamed message equal to the non-streamed one, messages.stream(), create(stream=True), the tool
runner with stream=True, a fault mid-stream, and AsyncAnthropic with the same options."""

import asyncio
import json

import anthropic
import httpx2
import pytest
from ids import without_ids

import agentkit
from agentkit.offline import MIDSTREAM
from agentkit.sim import World

MODEL = agentkit.default_model()
PROMPT = "订单 A-1001 的商品坏了，请帮我退款。"
TOOLS = World().tools("lookup_order", "process_refund")
THINKING = {"type": "enabled", "budget_tokens": 2048}


def request(**kw):
    return {
        "model": MODEL,
        "max_tokens": 4096,
        "tools": TOOLS,
        "messages": [{"role": "user", "content": PROMPT}],
        **kw,
    }


def raw_events(body: dict) -> list[tuple[str, dict]]:
    """The SSE events on the wire for one streamed request (parsed by hand, not by the SDK)."""
    api = agentkit.make_client(offline=True).offline
    response = api(
        httpx2.Request(
            "POST",
            "https://x/v1/messages",
            json={**body, "stream": True},
            headers={"anthropic-version": "2023-06-01"},
        )
    )
    assert response.headers["content-type"] == "text/event-stream"
    out = []
    for chunk in response.text.split("\n\n"):
        if chunk:
            event, data = chunk.split("\n")
            out.append((event.removeprefix("event: "), json.loads(data.removeprefix("data: "))))
    return out


def test_the_event_sequence_is_the_apis():
    events = raw_events(request(thinking=THINKING))
    names = [e for e, _ in events]
    assert names[:2] == ["message_start", "ping"] and names[-2:] == [
        "message_delta",
        "message_stop",
    ]
    assert all(e == d["type"] for e, d in events)
    starts = [d["content_block"]["type"] for e, d in events if e == "content_block_start"]
    assert starts == ["thinking", "text", "tool_use"]
    deltas = {d["delta"]["type"] for e, d in events if e == "content_block_delta"}
    assert deltas == {"thinking_delta", "signature_delta", "text_delta", "input_json_delta"}
    assert names.count("content_block_stop") == 3
    start = events[0][1]["message"]
    assert start["content"] == [] and start["stop_reason"] is None
    delta = events[-2][1]
    assert delta["delta"]["stop_reason"] == "tool_use" and delta["usage"]["output_tokens"] > 0
    tool_json = "".join(
        d["delta"]["partial_json"]
        for e, d in events
        if d.get("delta", {}).get("type") == "input_json_delta"
    )
    assert json.loads(tool_json) == {"order_id": "A-1001"}


@pytest.mark.parametrize("extra", [{}, {"thinking": THINKING}])
def test_the_streamed_message_equals_the_non_streamed_one(extra):
    client = agentkit.make_client(offline=True)
    plain = client.messages.create(**request(**extra))
    with client.messages.stream(**request(**extra)) as stream:
        text = "".join(stream.text_stream)
        final = stream.get_final_message()
    assert without_ids(final.model_dump()) == without_ids(plain.model_dump())
    assert text == "".join(b.text for b in plain.content if b.type == "text")
    assert final.stop_reason == "tool_use"


def test_create_stream_true_yields_the_events():
    client = agentkit.make_client(offline=True)
    kinds = [e.type for e in client.messages.create(**request(), stream=True)]
    assert kinds[0] == "message_start" and kinds[-1] == "message_stop"
    assert "ping" not in kinds  # the SDK drops pings


def test_a_fault_can_arrive_mid_stream():
    client = agentkit.make_client(offline=True, faults={1: MIDSTREAM})
    with pytest.raises(anthropic.APIStatusError) as e:
        with client.messages.stream(**request()) as stream:
            for _ in stream.text_stream:
                pass
    assert e.value.body["error"]["type"] == "overloaded_error"
    events = raw_events(request())  # on the wire: a started block, then the error event
    api = agentkit.make_client(offline=True, faults={1: MIDSTREAM}).offline
    wire = api(
        httpx2.Request(
            "POST",
            "https://x/v1/messages",
            json={**request(), "stream": True},
            headers={"anthropic-version": "2023-06-01"},
        )
    )
    assert wire.text.rstrip().split("\n\n")[-1].startswith('event: error\ndata: {"type":"error"')
    assert len(events) > 3


def test_a_mid_stream_fault_on_a_plain_request_is_a_retried_529():
    client = agentkit.make_client(offline=True, faults={1: MIDSTREAM})
    assert client.messages.create(**request()).stop_reason == "tool_use"
    assert client.offline.calls == 2


# ------------------------------------------------------------------ the async client


def test_make_async_client_is_the_real_async_sdk_on_the_offline_api():
    async def main():
        client = agentkit.make_async_client(offline=True, faults={1: 529})
        assert isinstance(client, anthropic.AsyncAnthropic)
        r = await client.messages.create(**request())
        async with client.messages.stream(**request(thinking=THINKING)) as stream:
            text = "".join([t async for t in stream.text_stream])
            final = await stream.get_final_message()
        count = await client.messages.count_tokens(
            model=MODEL, tools=TOOLS, messages=[{"role": "user", "content": PROMPT}]
        )
        ids = [m.id async for m in client.models.list()]
        return client, r, text, final, count, ids

    client, r, text, final, count, ids = asyncio.run(main())
    assert client.offline.calls == 5  # the injected 529 was retried by the async SDK
    assert r.stop_reason == "tool_use" and final.content[0].type == "thinking"
    assert text == final.content[1].text
    assert count.input_tokens == r.usage.input_tokens
    assert MODEL in ids


def test_the_async_client_takes_the_same_options(tmp_path):
    world = World()
    client = agentkit.make_async_client(offline=True, world=world, context_window=50, max_retries=0)
    assert client.offline.world is world and client.max_retries == 0
    with pytest.raises(anthropic.BadRequestError):
        asyncio.run(client.messages.create(**request()))
    tape = tmp_path / "a.json"
    rec = agentkit.make_async_client(offline=True, record=tape)
    asyncio.run(rec.messages.create(**request()))
    play = agentkit.make_async_client(replay=tape)
    r = asyncio.run(play.messages.create(**request()))
    assert r.stop_reason == "tool_use" and play.offline is None
