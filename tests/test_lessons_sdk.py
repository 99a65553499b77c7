"""The lesson helpers for streaming, the thinking-blocks rule and SDK 2.x's missing sampling arguments."""

import agentkit
from agentkit.lessons import sdk as surface
from agentkit.sim import World

PROMPT = "订单 A-1001 的商品坏了，请帮我退款。"


def test_streaming_loop_shows_text_and_branches_on_stop_reason():
    world = World()
    client = agentkit.make_client(offline=True, world=world)
    pieces = []
    messages = surface.streaming_loop(client, PROMPT, world.tools(), world.run_tool, pieces.append)
    assert len(pieces) > 3 and "退款" in "".join(pieces)
    assert len(messages) == 6 and messages[-1]["role"] == "assistant"  # three turns
    assert [e["input"]["order_id"] for e in world.refunds()] == ["A-1001"]
    assert all(body.get("stream") for body in client.offline.log)


def test_stream_turn_returns_the_same_message_as_create():
    client = agentkit.make_client(offline=True)
    kw = {
        "model": agentkit.default_model(),
        "max_tokens": 1024,
        "tools": World().tools(),
        "messages": [{"role": "user", "content": PROMPT}],
    }
    shown = []
    streamed = surface.stream_turn(client, shown.append, **kw)
    plain = client.messages.create(**kw)
    assert "".join(shown) == plain.content[0].text and streamed.stop_reason == plain.stop_reason


def test_thinking_rule_lines():
    lines = surface.thinking_rule(agentkit.make_client(offline=True), PROMPT, World().tools())
    assert lines[0] == "第 1 轮内容块：['thinking', 'text', 'tool_use']，stop_reason=tool_use"
    assert "决定：调用 lookup_order" in lines[1]
    assert lines[2].startswith(
        "去掉 thinking 块后发回：HTTP 400 messages.1.content.0.type: Expected `thinking`"
    )
    assert lines[3] == "原样发回（含 thinking 块）：HTTP 200，stop_reason=tool_use"


def test_no_sampling_arguments():
    client = agentkit.make_client(offline=True)
    lines = surface.no_sampling_arguments(client)
    assert [line.split("=")[0] for line in lines] == ["temperature", "top_p", "top_k"]
    assert all("TypeError" in line and "请求没有发出" in line for line in lines)
    assert client.offline.calls == 0
