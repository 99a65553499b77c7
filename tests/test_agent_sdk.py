"""What agent frameworks send, answered offline as the live API answers it (issue 23): mid-conversation
system messages, tool search (`defer_loading`, `tool_reference`), MCP tool names, structured outputs,
threads, the connectivity probe; and the Claude Agent SDK's `query()` run unchanged against
`python -m agentkit serve`."""

import json
import urllib.request

import anthropic
import pytest

import agentkit
from agentkit.background import OfflineServer
from agentkit.sim import World

OPUS = "claude-opus-5-5"  # takes mid-conversation system messages
PROMPT = "订单 A-1001 的商品坏了，请帮我退款。"
TOOLS = World().tools("lookup_order", "process_refund", "escalate_to_human")


@pytest.fixture
def client():
    return agentkit.make_client(offline=True)


def bad_request(call) -> anthropic.BadRequestError:
    with pytest.raises(anthropic.BadRequestError) as e:
        call()
    assert e.value.body["error"]["type"] == "invalid_request_error"
    return e.value


def create(client, messages, **kw):
    return client.messages.create(
        **{"model": OPUS, "max_tokens": 1024, "tools": TOOLS, "messages": messages, **kw}
    )


# ---------------------------------------------------------------- mid-conversation system messages


def test_a_system_message_after_the_user_turn_is_accepted(client):
    r = create(
        client,
        [
            {"role": "user", "content": PROMPT},
            {"role": "system", "content": [{"type": "text", "text": "回答要简短。"}]},
        ],
    )
    assert r.stop_reason == "tool_use"


@pytest.mark.parametrize(
    ("model", "messages"),
    [
        (
            "claude-sonnet-4-6",
            [{"role": "user", "content": PROMPT}, {"role": "system", "content": "简短"}],
        ),
        (OPUS, [{"role": "system", "content": "简短"}, {"role": "user", "content": PROMPT}]),
        (
            OPUS,
            [
                {"role": "user", "content": PROMPT},
                {"role": "system", "content": "简短"},
                {"role": "user", "content": "还有别的吗？"},
            ],
        ),
    ],
    ids=["model-without-them", "first", "followed-by-user"],
)
def test_a_system_message_where_the_api_takes_none_is_refused(client, model, messages):
    e = bad_request(lambda: create(client, messages, model=model))
    assert "role: Input should be 'user' or 'assistant'" in e.body["error"]["message"]


# ---------------------------------------------------------------- tool search


def test_a_tool_reference_to_a_tool_not_in_tools_is_refused(client):
    messages = [
        {"role": "user", "content": PROMPT},
        {
            "role": "assistant",
            "content": [{"type": "tool_use", "id": "toolu_1", "name": "ToolSearch", "input": {}}],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "toolu_1",
                    "content": [{"type": "tool_reference", "tool_name": "mcp__orders__refund_all"}],
                }
            ],
        },
    ]
    search = {"name": "ToolSearch", "input_schema": {"type": "object"}}
    e = bad_request(lambda: create(client, messages, tools=[search, *TOOLS]))
    assert (
        e.body["error"]["message"]
        == "Tool reference 'mcp__orders__refund_all' not found in available tools"
    )


def test_a_deferred_tool_cannot_be_cached(client):
    tools = [{**TOOLS[0], "defer_loading": True, "cache_control": {"type": "ephemeral"}}]
    e = bad_request(lambda: create(client, [{"role": "user", "content": PROMPT}], tools=tools))
    assert e.body["error"]["message"].startswith(
        "Tool 'lookup_order' cannot have both defer_loading=true and cache_control set."
    )


# ---------------------------------------------------------------- threads


def test_a_thread_is_refused_with_the_code_sdks_fall_back_on(client):
    e = bad_request(
        lambda: create(
            client, [{"role": "user", "content": PROMPT}], extra_body={"thread": {"type": "create"}}
        )
    )
    assert e.body["error"]["details"] == {"error_code": "thread_unsupported_request"}
    assert "thread=False" not in e.body["error"]["message"]  # no one SDK's spelling


def test_the_sdk_tool_runner_example_runs_with_its_default_thread(client):
    # anthropic-sdk-python examples/tools_runner.py, unchanged but for the client and tool body
    @anthropic.beta_tool
    def get_weather(location: str) -> str:
        """Lookup the weather for a given city"""
        return json.dumps({"location": location, "condition": "Sunny"})

    runner = client.beta.messages.tool_runner(
        max_tokens=1024,
        model="claude-sonnet-5",
        tools=[get_weather],
        messages=[{"role": "user", "content": "What is the weather in SF?"}],
    )
    replies = list(runner)
    assert replies and replies[-1].stop_reason == "end_turn"
    sent = client.offline.log
    assert "thread" in sent[0] and all("thread" not in b for b in sent[1:])


# ---------------------------------------------------------------- the connectivity probe


def test_the_connectivity_probe_is_answered():
    with OfflineServer() as server:
        head = urllib.request.Request(server.url + "/api/hello", method="HEAD")
        with urllib.request.urlopen(head) as r:  # no key: the CLI's probe sends none
            assert r.status == 200 and r.read() == b""


def test_the_offline_server_stops_and_frees_its_port():
    server = OfflineServer().start()
    url = server.url
    server.stop()
    server.stop()  # twice is fine
    with pytest.raises(OSError):
        urllib.request.urlopen(url + "/v1/models", timeout=2)
    assert not server.running
