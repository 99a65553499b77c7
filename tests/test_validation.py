"""The 400s users have pasted, answered offline with the same wording: whitespace-only text, duplicate
tool_use ids, tool blocks without tools, the thinking rules and budget; extended thinking itself;
disable_parallel_tool_use; count_tokens agreeing with usage.input_tokens."""

import json

import anthropic
import pytest

import agentkit
from agentkit.sim import World

MODEL = agentkit.default_model()
PROMPT = "订单 A-1001 的商品坏了，请帮我退款。"
TOOLS = World().tools("lookup_order", "process_refund")
THINKING = {"type": "enabled", "budget_tokens": 2048}


@pytest.fixture
def client():
    return agentkit.make_client(offline=True)


def create(client, messages, **kw):
    return client.messages.create(
        **{"model": MODEL, "max_tokens": 4096, "tools": TOOLS, "messages": messages, **kw}
    )


def bad_request(call) -> str:
    with pytest.raises(anthropic.BadRequestError) as e:
        call()
    assert e.value.body["error"]["type"] == "invalid_request_error"
    return e.value.body["error"]["message"]


def first_turn(client, **kw):
    messages = [{"role": "user", "content": PROMPT}]
    r = create(client, messages, **kw)
    messages.append(
        {"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in r.content]}
    )
    tu = next(b for b in r.content if b.type == "tool_use")
    result = {"order_id": "A-1001", "status": "delivered", "amount": 120.0}
    messages.append(
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": tu.id, "content": json.dumps(result)}
            ],
        }
    )
    return messages


@pytest.mark.parametrize("content", ["   ", [{"type": "text", "text": " \n"}]])
def test_whitespace_only_text(client, content):
    msg = bad_request(lambda: create(client, [{"role": "user", "content": content}]))
    assert msg == "messages: text content blocks must contain non-whitespace text"


def test_duplicate_tool_use_ids(client):
    messages = first_turn(client)
    tu = messages[1]["content"][-1]
    messages[1]["content"].append(dict(tu))
    msg = bad_request(lambda: create(client, messages))
    assert msg == "messages.1.content.2: `tool_use` ids must be unique"


def test_duplicate_ids_across_turns(client):
    messages = first_turn(client)
    again = [dict(b) for b in messages[1]["content"]]
    messages += [
        {"role": "assistant", "content": again},
        {"role": "user", "content": messages[2]["content"]},
    ]
    assert (
        bad_request(lambda: create(client, messages))
        == "messages.3.content.1: `tool_use` ids must be unique"
    )


def test_tool_blocks_without_tools_are_answered_without_a_call(client):
    # the live API accepts it now (vercel/ai#16991; the TypeScript SDK's compaction request):
    # the model can call no tool, so it answers in text
    messages = first_turn(client)
    r = client.messages.create(model=MODEL, max_tokens=1024, messages=messages)
    assert r.stop_reason == "end_turn"
    assert [b.type for b in r.content] == ["text"]


def test_thinking_budget_must_be_below_max_tokens(client):
    msg = bad_request(
        lambda: create(
            client, [{"role": "user", "content": PROMPT}], max_tokens=2048, thinking=THINKING
        )
    )
    assert msg.startswith("`max_tokens` must be greater than `thinking.budget_tokens`.")
    small = {"type": "enabled", "budget_tokens": 100}
    msg = bad_request(lambda: create(client, [{"role": "user", "content": PROMPT}], thinking=small))
    assert msg == "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024"


def test_thinking_blocks_come_first_and_are_signed(client):
    r = create(client, [{"role": "user", "content": PROMPT}], thinking=THINKING)
    assert [b.type for b in r.content] == ["thinking", "text", "tool_use"]
    thought = r.content[0]
    assert thought.signature and "订单 A-1001" in thought.thinking
    assert (
        "lookup_order" in thought.thinking and "决定" in thought.thinking
    )  # what it read and decided
    english = create(
        client,
        [{"role": "user", "content": "Please refund order A-1001, it is broken."}],
        thinking=THINKING,
    )
    assert "Decision: call lookup_order" in english.content[0].thinking


def test_thinking_on_the_next_turn_reads_the_tool_result(client):
    messages = first_turn(client, thinking=THINKING)
    r = create(client, messages, thinking=THINKING)
    assert r.content[0].type == "thinking" and "lookup_order 的结果" in r.content[0].thinking
    assert "process_refund" in r.content[0].thinking and r.content[-1].name == "process_refund"


def test_dropping_thinking_blocks_on_a_tool_use_turn(client):
    messages = first_turn(client, thinking=THINKING)
    messages[1]["content"] = messages[1]["content"][
        1:
    ]  # the usual bug: only text and tool_use kept
    msg = bad_request(lambda: create(client, messages, thinking=THINKING))
    assert msg.startswith(
        "messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`. "
        "When `thinking` is enabled, a final `assistant` message must start with a thinking block"
    )
    messages[1]["content"] = messages[1]["content"][1:]
    msg = bad_request(lambda: create(client, messages, thinking=THINKING))
    assert "but found `tool_use`" in msg


def test_thinking_blocks_sent_with_thinking_disabled(client):
    messages = first_turn(client, thinking=THINKING)
    msg = bad_request(lambda: create(client, messages))
    assert msg == (
        "messages.1.content.0: When thinking is disabled, an `assistant` message in the final position "
        "cannot contain `thinking`. To use thinking blocks, enable `thinking` in your request."
    )


def test_an_altered_thinking_block_is_refused(client):
    messages = first_turn(client, thinking=THINKING)
    messages[1]["content"][0]["thinking"] += "（改过）"
    msg = bad_request(lambda: create(client, messages, thinking=THINKING))
    assert msg == "messages.1.content.0: Invalid `signature` in `thinking` block"


def test_thinking_blocks_kept_intact_pass(client):
    messages = first_turn(client, thinking=THINKING)
    r = create(client, messages, thinking=THINKING)
    assert r.stop_reason == "tool_use"


def test_disable_parallel_tool_use(client):
    two = [{"role": "user", "content": "请查询订单 A-1001 和 A-1002 的状态。"}]
    assert [b.type for b in create(client, two).content].count("tool_use") == 2
    choice = {"type": "auto", "disable_parallel_tool_use": True}
    r = create(client, two, tool_choice=choice)
    assert [b.type for b in r.content].count("tool_use") == 1
    forced = {"type": "any", "disable_parallel_tool_use": True}
    assert [b.type for b in create(client, two, tool_choice=forced).content].count("tool_use") == 1


def test_count_tokens_agrees_with_usage(client):
    for kw in ({}, {"system": "你是客服。"}, {"thinking": THINKING}):
        messages = first_turn(client, **kw)
        r = create(client, messages, **kw)
        counted = client.messages.count_tokens(model=MODEL, tools=TOOLS, messages=messages, **kw)
        assert counted.input_tokens == r.usage.input_tokens > 0


def test_count_tokens_validates_like_create(client):
    with pytest.raises(anthropic.NotFoundError):
        client.messages.count_tokens(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
    msg = bad_request(
        lambda: client.messages.count_tokens(
            model=MODEL, messages=[{"role": "user", "content": " "}]
        )
    )
    assert "non-whitespace" in msg


def test_a_history_changed_after_a_valid_request_is_checked_again(client):
    """The API remembers the last valid history to skip re-reading it; an edit to it is still caught."""
    messages = first_turn(client)
    create(client, messages)  # valid: remembered
    messages[2]["content"][0]["tool_use_id"] = "toolu_01" + "x" * 22
    msg = bad_request(lambda: create(client, messages))
    assert "`tool_use` ids were found without `tool_result` blocks immediately after" in msg
    messages = first_turn(client)
    create(client, messages)
    messages[0]["content"] = "   "
    assert "non-whitespace" in bad_request(lambda: create(client, messages))


def test_thinking_with_a_forced_tool_choice(client):
    for choice in ({"type": "any"}, {"type": "tool", "name": "lookup_order"}):
        msg = bad_request(
            lambda c=choice: create(
                client, [{"role": "user", "content": PROMPT}], thinking=THINKING, tool_choice=c
            )
        )
        assert msg == "Thinking may not be enabled when tool_choice forces tool use."
    r = create(
        client,
        [{"role": "user", "content": PROMPT}],
        thinking=THINKING,
        tool_choice={"type": "auto"},
    )
    assert r.content[0].type == "thinking"


def test_a_new_task_in_a_resent_history_is_read(client):
    """The remembered history does not hide a new user task added after it."""
    messages = first_turn(client)
    r = create(client, messages)  # remembered: the task is A-1001's refund
    messages += [
        {"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in r.content]},
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": r.content[-1].id, "content": "{}"}],
        },
    ]
    create(client, messages)
    messages += [
        {"role": "assistant", "content": "好的。"},
        {"role": "user", "content": "订单 A-1003 的状态是什么？"},
    ]
    last = create(client, messages)
    assert last.content[-1].input == {"order_id": "A-1003"}
