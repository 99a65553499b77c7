"""The offline Messages API, exercised through the real anthropic SDK client: validation, wire format,
faults and retries, max_tokens / stop_sequences / tool_choice / system, and the SDK's tool runner."""

import json
import subprocess
import sys
import time

import anthropic
import pytest
from anthropic import beta_tool
from ids import without_ids

import agentkit
from agentkit.failures import UNAVAILABLE
from agentkit.sim import WEB_SEARCH_TOOL, ToolFailure, World

MODEL = agentkit.default_model()
PROMPT = "订单 A-1001 的商品坏了，请帮我退款。"
TOOLS = World().tools("lookup_order", "process_refund")


@pytest.fixture
def client():
    return agentkit.make_client(offline=True)


def create(client, messages, **kw):
    return client.messages.create(
        **{"model": MODEL, "max_tokens": 1024, "tools": TOOLS, "messages": messages, **kw}
    )


def first_round(client):
    """The user's request and Claude's first reply (a lookup_order call), as a loop would append them."""
    messages = [{"role": "user", "content": PROMPT}]
    r = create(client, messages)
    messages.append({"role": "assistant", "content": r.content})
    return messages, next(b for b in r.content if b.type == "tool_use")


def lookup_result(tool_use, **over):
    out = {"order_id": "A-1001", "status": "delivered", "amount": 120.0, **over}
    return {"type": "tool_result", "tool_use_id": tool_use.id, "content": json.dumps(out)}


def second_round(client):
    messages, tu = first_round(client)
    messages.append({"role": "user", "content": [lookup_result(tu)]})
    return messages


def bad_request(call) -> str:
    with pytest.raises(anthropic.BadRequestError) as e:
        call()
    assert e.value.status_code == 400
    assert e.value.body["type"] == "error"
    assert e.value.body["error"]["type"] == "invalid_request_error"
    return e.value.body["error"]["message"]


# ---------------------------------------------------------------- validation: the API's 400s


def test_tool_use_without_tool_result(client):
    messages, tu = first_round(client)
    messages.append({"role": "user", "content": "继续"})
    msg = bad_request(lambda: create(client, messages))
    assert msg == (
        f"messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: {tu.id}. "
        "Each `tool_use` block must have a corresponding `tool_result` block in the next message."
    )


def test_tool_use_as_the_last_message(client):
    messages, tu = first_round(client)
    msg = bad_request(lambda: create(client, messages))
    assert msg.startswith(
        "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after"
    )


def test_tool_result_not_first_in_user_content(client):
    messages, tu = first_round(client)
    messages.append(
        {"role": "user", "content": [{"type": "text", "text": "查到了："}, lookup_result(tu)]}
    )
    msg = bad_request(lambda: create(client, messages))
    assert msg.startswith(
        f"messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: {tu.id}."
    )


def test_unknown_tool_use_id(client):
    messages, tu = first_round(client)
    messages.append(
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "toolu_01made_up", "content": "x"}],
        }
    )
    msg = bad_request(lambda: create(client, messages))
    assert msg.startswith(
        "messages.1: `tool_use` ids were found without"
    )  # the real call is missing its result
    messages[-1]["content"].insert(0, lookup_result(tu))
    msg = bad_request(lambda: create(client, messages))
    assert msg == (
        "messages.2.content.1: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01made_up. "
        "Each `tool_result` block must have a corresponding `tool_use` block in the previous message."
    )


def test_tool_result_in_the_first_message(client):
    msg = bad_request(
        lambda: create(
            client,
            [
                {
                    "role": "user",
                    "content": [
                        {"type": "tool_result", "tool_use_id": "toolu_01x", "content": "{}"}
                    ],
                }
            ],
        )
    )
    assert msg.startswith(
        "messages.0.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01x."
    )


def test_first_message_must_be_user(client):
    msg = bad_request(
        lambda: create(
            client, [{"role": "assistant", "content": "你好"}, {"role": "user", "content": PROMPT}]
        )
    )
    assert msg == 'messages: first message must use the "user" role'


@pytest.mark.parametrize("content", ["", []])
def test_empty_content(client, content):
    msg = bad_request(lambda: create(client, [{"role": "user", "content": content}]))
    assert (
        msg
        == "messages.0: all messages must have non-empty content except for the optional final assistant message"
    )


@pytest.mark.parametrize("missing", ["model", "max_tokens"])
def test_missing_required_field(client, missing):
    body = {"model": MODEL, "max_tokens": 100, "messages": [{"role": "user", "content": PROMPT}]}
    del body[missing]
    # the typed create() will not even send this; the SDK's raw post does, as curl would
    msg = bad_request(
        lambda: client.post("/v1/messages", body=body, cast_to=anthropic.types.Message)
    )
    assert msg == f"{missing}: Field required"


@pytest.mark.parametrize(
    "tools, expected",
    [
        (
            [{"name": "lookup_order", "description": "x"}],
            "tools.0.custom.input_schema: Field required",
        ),
        (
            [{"name": "look up", "input_schema": {"type": "object"}}],
            "tools.0.custom.name: String should match pattern",
        ),
        ([{"input_schema": {"type": "object"}}], "tools.0.custom.name: Field required"),
        (
            [TOOLS[0], {"name": "x", "input_schema": {"type": "string"}}],
            "tools.1.custom.input_schema.type: Input should be 'object'",
        ),
        ([TOOLS[0], TOOLS[0]], "tools: Tool names must be unique."),
        (  # a property written as its type name (anthropics/anthropic-sdk-java#241)
            [
                TOOLS[0],
                {"name": "x", "input_schema": {"type": "object", "properties": {"x": "number"}}},
            ],
            "tools.1.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12",
        ),
        (
            [
                {
                    "name": "x",
                    "input_schema": {
                        "type": "object",
                        "properties": {"xs": {"type": "array", "items": "string"}},
                        "required": ["xs"],
                    },
                }
            ],
            "tools.0.custom.input_schema: JSON schema is invalid.",
        ),
    ],
)
def test_malformed_tools(client, tools, expected):
    msg = bad_request(lambda: create(client, [{"role": "user", "content": PROMPT}], tools=tools))
    assert msg.startswith(expected)


def test_tool_choice_must_name_an_offered_tool(client):
    msg = bad_request(
        lambda: create(
            client,
            [{"role": "user", "content": PROMPT}],
            tool_choice={"type": "tool", "name": "cancel_order"},
        )
    )
    assert "cancel_order" in msg


def test_tool_choice_any_needs_tools(client):
    msg = bad_request(
        lambda: create(
            client, [{"role": "user", "content": PROMPT}], tools=[], tool_choice={"type": "any"}
        )
    )
    assert msg == "tool_choice may only be specified while providing tools."


def test_a_400_is_never_retried():
    client = agentkit.make_client(offline=True, max_retries=2)
    bad_request(lambda: create(client, [{"role": "assistant", "content": "x"}]))
    assert client.offline.calls == 1


def test_prefill_is_refused_by_claude_4_6_and_later(client):
    messages = [{"role": "user", "content": PROMPT}, {"role": "assistant", "content": "我先"}]
    msg = bad_request(lambda: create(client, messages))
    assert (
        msg
        == "This model does not support assistant message prefill. The conversation must end with a user message."
    )
    assert create(
        client, messages, model="claude-haiku-4-5"
    ).content  # older models continue the text


def test_final_assistant_content_cannot_end_with_whitespace(client):
    messages = [{"role": "user", "content": PROMPT}, {"role": "assistant", "content": "我先 "}]
    msg = bad_request(lambda: create(client, messages, model="claude-haiku-4-5"))
    assert msg == "messages: final assistant content cannot end with trailing whitespace"


def test_threads_are_refused_so_the_tool_runner_resends_the_history(client):
    final = client.beta.messages.tool_runner(
        model=MODEL,
        max_tokens=1024,
        tools=[lookup_order],
        messages=[{"role": "user", "content": PROMPT}],
    ).until_done()
    assert final.stop_reason == "end_turn"
    assert "thread" in client.offline.log[0]  # refused with thread_unsupported_request
    assert all("thread" not in body for body in client.offline.log[1:])


# ---------------------------------------------------------------- wire format


def test_reply_wire_format(client):
    raw = client.messages.with_raw_response.create(
        model=MODEL, max_tokens=1024, tools=TOOLS, messages=[{"role": "user", "content": PROMPT}]
    )
    assert raw.status_code == 200
    assert raw.headers["request-id"].startswith("req_")
    r = raw.parse()
    assert isinstance(r, anthropic.types.Message)
    assert (
        r.id.startswith("msg_01")
        and r.type == "message"
        and r.role == "assistant"
        and r.model == MODEL
    )
    assert r.stop_reason == "tool_use" and r.stop_sequence is None and r.stop_details is None
    assert [b.type for b in r.content] == ["text", "tool_use"]
    assert r.content[0].text == "我先查一下订单。"  # the preamble a real model writes before a call
    assert r.content[1].id.startswith("toolu_01") and r.content[1].name == "lookup_order"
    assert r.content[1].input == {"order_id": "A-1001"}
    assert r.usage.input_tokens > 0 and r.usage.output_tokens > 0
    assert r.usage.server_tool_use is None


def test_ids_and_usage_are_deterministic():
    a = create(agentkit.make_client(offline=True), [{"role": "user", "content": PROMPT}])
    b = create(agentkit.make_client(offline=True), [{"role": "user", "content": PROMPT}])
    assert without_ids(a.model_dump()) == without_ids(b.model_dump())
    c = create(
        agentkit.make_client(offline=True),
        [{"role": "user", "content": "订单 A-1002 请帮我退款。"}],
    )
    assert c.id != a.id and c.content[1].id != a.content[1].id


def test_ids_are_unique_across_requests_and_clients():
    seen = set()
    for _ in range(3):
        client = agentkit.make_client(offline=True)
        for _ in range(2):
            raw = client.messages.with_raw_response.create(
                model=MODEL,
                max_tokens=1024,
                tools=TOOLS,
                messages=[{"role": "user", "content": PROMPT}],
            )
            r = raw.parse()
            seen |= {raw.headers["request-id"], r.id, r.content[1].id}
    assert len(seen) == 3 * 2 * 3


IDS_SCRIPT = """
import agentkit
for _ in range(2):
    c = agentkit.make_client(offline=True)
    raw = c.messages.with_raw_response.create(model=agentkit.default_model(), max_tokens=64,
        messages=[{"role": "user", "content": "订单 A-1001 的状态？"}],
        tools=agentkit.World().tools("lookup_order"))
    print(raw.headers["request-id"], raw.parse().id, raw.parse().content[-1].id)
"""


@pytest.mark.slow
def test_ids_are_the_same_on_every_run_of_a_fresh_process():
    runs = [
        subprocess.run(
            [sys.executable, "-c", IDS_SCRIPT], capture_output=True, text=True, check=True
        )
        for _ in range(2)
    ]
    assert runs[0].stdout == runs[1].stdout
    first, second = runs[0].stdout.splitlines()
    assert first != second and first.split()[0].startswith("req_01")


def test_beta_messages_create_is_served_too(client):
    r = client.beta.messages.create(
        model=MODEL, max_tokens=1024, tools=TOOLS, messages=[{"role": "user", "content": PROMPT}]
    )
    assert isinstance(r, anthropic.types.beta.BetaMessage)
    assert r.stop_reason == "tool_use" and r.content[-1].name == "lookup_order"


def test_the_request_log_records_every_body(client):
    second_round(client)
    assert [len(b["messages"]) for b in client.offline.log] == [1]
    create(client, second_round(client))
    assert client.offline.log[-1]["messages"][2]["content"][0]["type"] == "tool_result"


# ---------------------------------------------------------------- faults and retries


def test_faults_are_retried_by_the_sdk():
    client = agentkit.make_client(offline=True, faults={1: 429, 2: 529})
    start = time.monotonic()
    r = create(client, [{"role": "user", "content": PROMPT}])
    assert r.stop_reason == "tool_use"
    assert client.offline.calls == 3  # two failures, then the answer
    assert len(client.offline.log) == 1  # only the successful call reached the model
    assert time.monotonic() - start < 1  # retry-after-ms keeps the retries fast


@pytest.mark.parametrize(
    "status, error",
    [
        (429, anthropic.RateLimitError),
        (500, anthropic.InternalServerError),
        (529, anthropic.APIStatusError),
    ],
)
def test_max_retries_zero_surfaces_the_fault(status, error):
    client = agentkit.make_client(offline=True, faults={1: status}, max_retries=0)
    with pytest.raises(error) as e:
        create(client, [{"role": "user", "content": PROMPT}])
    assert e.value.status_code == status
    assert client.offline.calls == 1


def test_overloaded_is_its_own_error_class():
    client = agentkit.make_client(offline=True, faults={1: 529}, max_retries=0)
    with pytest.raises(anthropic.OverloadedError) as e:
        create(client, [{"role": "user", "content": PROMPT}])
    assert e.value.body["error"]["type"] == "overloaded_error"


def test_retries_run_out():
    client = agentkit.make_client(offline=True, faults={1: 500, 2: 500, 3: 500})
    with pytest.raises(anthropic.InternalServerError):
        create(client, [{"role": "user", "content": PROMPT}])
    assert client.offline.calls == 3  # max_retries=2: three calls in all


def test_a_fault_on_a_later_call(client):
    client = agentkit.make_client(offline=True, faults={2: 429}, max_retries=0)
    messages, tu = first_round(client)
    messages.append({"role": "user", "content": [lookup_result(tu)]})
    with pytest.raises(anthropic.RateLimitError):
        create(client, messages)
    assert create(client, messages).stop_reason == "tool_use"  # call 3 goes through


# ---------------------------------------------------------------- max_tokens, stop_sequences, context window


def test_max_tokens_cuts_text_and_never_sends_a_complete_cut_call(client):
    messages = second_round(client)
    full = create(client, messages)
    assert full.stop_reason == "tool_use"
    assert full.content[1].input == {"order_id": "A-1001", "amount": 120.0}
    partial_calls = []
    for n in range(1, full.usage.output_tokens):
        r = create(client, messages, max_tokens=n)
        assert r.stop_reason == "max_tokens", n
        assert r.usage.output_tokens <= n
        assert full.content[0].text.startswith(r.content[0].text)
        for b in r.content[1:]:
            assert b.type == "tool_use" and b.input != full.content[1].input
            partial_calls.append(b.input)
    assert {} in partial_calls  # cut before any field
    assert {"order_id": "A-1001"} in partial_calls  # cut before "amount", a required field
    assert create(client, messages, max_tokens=full.usage.output_tokens).stop_reason == "tool_use"


def test_continue_after_max_tokens_on_a_model_that_allows_it(client):
    messages = second_round(client)
    full = create(client, messages, model="claude-haiku-4-5")
    cut = create(client, messages, model="claude-haiku-4-5", max_tokens=7)
    assert cut.stop_reason == "max_tokens" and cut.content[0].text == "查询完成：订单"
    rest = create(
        client, messages + [{"role": "assistant", "content": cut.content}], model="claude-haiku-4-5"
    )
    assert cut.content[0].text + rest.content[0].text == full.content[0].text
    assert rest.stop_reason == "tool_use" and rest.content[1].input == full.content[1].input


def test_stop_sequences(client):
    messages = second_round(client)
    r = create(client, messages, stop_sequences=["金额", "接下来"])
    assert r.stop_reason == "stop_sequence" and r.stop_sequence == "金额"
    assert [b.type for b in r.content] == ["text"]
    assert r.content[0].text == "查询完成：订单 A-1001 状态为 delivered，"
    r = create(client, messages, stop_sequences=["不会出现的词"])
    assert r.stop_reason == "tool_use" and r.stop_sequence is None


def test_context_window():
    messages = [{"role": "user", "content": PROMPT}]
    needed = create(agentkit.make_client(offline=True), messages).usage
    client = agentkit.make_client(offline=True, context_window=needed.input_tokens + 3)
    r = create(client, messages)
    assert r.stop_reason == "model_context_window_exceeded"
    assert r.usage.output_tokens <= 3 and "tool_use" not in [b.type for b in r.content]
    client = agentkit.make_client(offline=True, context_window=needed.input_tokens - 1)
    msg = bad_request(lambda: create(client, messages))
    assert (
        msg
        == f"prompt is too long: {needed.input_tokens} tokens > {needed.input_tokens - 1} maximum"
    )


# ---------------------------------------------------------------- tool_choice and system


def test_tool_choice_auto_is_the_default(client):
    messages = [{"role": "user", "content": PROMPT}]
    auto, default = create(client, messages, tool_choice={"type": "auto"}), create(client, messages)
    assert [
        (b.type, getattr(b, "text", None), getattr(b, "input", None)) for b in auto.content
    ] == [(b.type, getattr(b, "text", None), getattr(b, "input", None)) for b in default.content]


def test_tool_choice_any_forces_a_call_without_text(client):
    r = create(client, [{"role": "user", "content": PROMPT}], tool_choice={"type": "any"})
    assert r.stop_reason == "tool_use" and [b.type for b in r.content] == ["tool_use"]
    r = create(
        client, [{"role": "user", "content": "今天天气怎么样？"}], tool_choice={"type": "any"}
    )
    assert r.stop_reason == "tool_use"  # the API guarantees a call, needed or not


def test_tool_choice_tool_forces_that_tool(client):
    messages = second_round(client)
    r = create(client, messages, tool_choice={"type": "tool", "name": "lookup_order"})
    assert [(b.type, b.name) for b in r.content] == [("tool_use", "lookup_order")]
    r = create(
        client,
        [{"role": "user", "content": PROMPT}],
        tool_choice={"type": "tool", "name": "process_refund"},
    )
    assert [b.name for b in r.content] == ["process_refund"]
    # forced before any lookup: the input is valid for the schema, and no amount is made up
    assert r.content[0].input == {"order_id": "A-1001", "amount": 0}


def test_tool_choice_none_answers_in_text(client):
    messages = second_round(client)
    r = create(client, messages, tool_choice={"type": "none"})
    assert r.stop_reason == "end_turn" and [b.type for b in r.content] == ["text"]
    assert "process_refund" in r.content[0].text


def test_system_prompt_language(client):
    r = create(client, [{"role": "user", "content": PROMPT}], system="Always answer in English.")
    assert r.content[0].text == "Let me look up the order first."
    r = create(
        client,
        [{"role": "user", "content": PROMPT}],
        system=[{"type": "text", "text": "Answer in English."}],
    )
    assert r.content[0].text == "Let me look up the order first."


def test_system_prompt_policy_escalates_a_large_refund(client):
    messages, tu = first_round(client)
    messages.append({"role": "user", "content": [lookup_result(tu, amount=899.0)]})
    tools = World().tools("lookup_order", "process_refund", "escalate_to_human")
    plain = create(client, messages, tools=tools)
    assert plain.content[-1].name == "process_refund"
    capped = create(client, messages, tools=tools, system="超过 500 元的退款必须转人工。")
    assert capped.content[-1].name == "escalate_to_human"
    assert capped.content[-1].input["order_id"] == "A-1001"


# ---------------------------------------------------------------- the SDK's own tool runner


@beta_tool
def lookup_order(order_id: str) -> str:
    """按订单号查询订单状态。

    Args:
        order_id: 订单号，形如 A-1001
    """
    return json.dumps({"order_id": order_id, "status": "delivered", "amount": 66.0})


@beta_tool
def process_refund(order_id: str, amount: float) -> str:
    """为已确认的订单发起退款。

    Args:
        order_id: 订单号
        amount: 退款金额
    """
    return json.dumps({"refund_id": "R-9", "order_id": order_id, "amount": amount, "ok": True})


def refund_runner(client, **kw):
    return client.beta.messages.tool_runner(
        model=MODEL,
        max_tokens=1024,
        tools=[lookup_order, process_refund],
        messages=[{"role": "user", "content": PROMPT}],
        thread=False,
        **kw,
    )


def test_tool_runner_runs_to_end_turn(client):
    runner = refund_runner(client)
    replies = list(runner)
    assert [m.stop_reason for m in replies] == ["tool_use", "tool_use", "end_turn"]
    assert replies[1].content[-1].input == {"order_id": "A-1001", "amount": 66.0}
    assert "66.0" in replies[-1].content[0].text
    assert len(client.offline.log[-1]["messages"]) == 5  # thread=False resends the whole history


def test_tool_runner_streams(client):
    runner = refund_runner(client, stream=True)
    finals = []
    for stream in runner:
        for _event in stream:
            pass
        finals.append(stream.get_final_message())
    assert [m.stop_reason for m in finals] == ["tool_use", "tool_use", "end_turn"]
    assert all(body["stream"] for body in client.offline.log)


def test_tool_runner_tool_errors_become_is_error_results(client):
    @beta_tool
    def lookup_order(order_id: str) -> str:
        """按订单号查询订单状态。"""
        # the SDK's runner sends repr(exc): the category is in it, and the stand-in reads categories
        raise ToolFailure("订单系统暂时不可用（上游超时）", UNAVAILABLE)

    @beta_tool
    def escalate_to_human(reason: str, order_id: str = "") -> str:
        """转人工。"""
        return json.dumps({"ticket_id": "T-1"})

    runner = client.beta.messages.tool_runner(
        model=MODEL,
        max_tokens=1024,
        thread=False,
        tools=[lookup_order, escalate_to_human],
        messages=[{"role": "user", "content": PROMPT}],
    )
    replies = list(runner)
    assert replies[-1].stop_reason == "end_turn"
    calls = [b.name for m in replies for b in m.content if b.type == "tool_use"]
    assert calls == [
        "lookup_order",
        "lookup_order",
        "lookup_order",
        "escalate_to_human",
    ]  # retries, then another route
    sent = client.offline.log[-1]["messages"][2]["content"][0]
    assert sent["is_error"] is True and "ToolFailure" in str(sent["content"])


def test_tool_runner_with_a_server_tool_and_pause_turn(client):
    runner = client.beta.messages.tool_runner(
        model=MODEL,
        max_tokens=1024,
        thread=False,
        tools=[lookup_order, WEB_SEARCH_TOOL],
        messages=[{"role": "user", "content": "请搜索我们的退货、退款和海关扣留政策并总结"}],
    )
    assert [m.stop_reason for m in runner] == [
        "pause_turn",
        "end_turn",
    ]  # the runner resends a paused turn
