"""What agent frameworks send, answered offline as the live API answers it (issue 23): mid-conversation
system messages, tool search (`defer_loading`, `tool_reference`), MCP tool names, structured outputs,
threads, the connectivity probe; and the Claude Agent SDK's `query()` run unchanged against
`python -m agentkit serve`."""

import json
import linecache
import urllib.request
from pathlib import Path

import anthropic
import claude_agent_sdk as sdk
import nbformat
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


REFUSED_PLACES = {
    "model-without-them": (
        "claude-sonnet-4-6",
        [{"role": "user", "content": PROMPT}, {"role": "system", "content": "简短"}],
    ),
    "first": (OPUS, [{"role": "system", "content": "简短"}, {"role": "user", "content": PROMPT}]),
    "followed-by-user": (
        OPUS,
        [
            {"role": "user", "content": PROMPT},
            {"role": "system", "content": "简短"},
            {"role": "user", "content": "还有别的吗？"},
        ],
    ),
}


def test_system_messages_are_taken_only_where_the_api_takes_them(client):
    system = {"role": "system", "content": [{"type": "text", "text": "回答要简短。"}]}
    r = create(client, [{"role": "user", "content": PROMPT}, system])
    assert r.stop_reason == "tool_use"
    for where, (model, messages) in REFUSED_PLACES.items():
        e = bad_request(lambda m=messages, mo=model: create(client, m, model=mo))
        assert "role: Input should be 'user' or 'assistant'" in e.body["error"]["message"], where


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


# ---------------------------------------------------------------- the stand-in: MCP names, tool search


def mcp(tool, **extra):
    return {**tool, "name": f"mcp__orders__{tool['name']}", **extra}


SEARCH = {
    "name": "ToolSearch",
    "description": "Fetches full schema definitions for deferred tools so they can be called.",
    "input_schema": {
        "type": "object",
        "properties": {"query": {"type": "string"}},
        "required": ["query"],
    },
}


def tool_uses(reply):
    return [(b.name, b.input) for b in reply.content if b.type == "tool_use"]


def test_mcp_tools_are_called_by_their_full_name(client):
    r = create(client, [{"role": "user", "content": PROMPT}], tools=[mcp(t) for t in TOOLS])
    assert tool_uses(r) == [("mcp__orders__lookup_order", {"order_id": "A-1001"})]


def test_deferred_tools_are_loaded_with_tool_search_before_they_are_called(client):
    tools = [SEARCH, *[mcp(t, defer_loading=True) for t in TOOLS]]
    messages = [{"role": "user", "content": PROMPT}]
    r = create(client, messages, tools=tools)
    [(name, args)] = tool_uses(r)
    assert name == "ToolSearch"
    loaded = args["query"].removeprefix("select:").split(",")
    assert loaded == [t["name"] for t in tools[1:]]
    messages += [
        {"role": "assistant", "content": r.content},
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": r.content[-1].id,
                    "content": [{"type": "tool_reference", "tool_name": n} for n in loaded],
                }
            ],
        },
    ]
    r = create(client, messages, tools=tools)
    assert tool_uses(r) == [("mcp__orders__lookup_order", {"order_id": "A-1001"})]


def test_tools_only_announced_by_name_are_searched_for_as_the_cli_announces_them(client):
    announcement = (
        "<system-reminder>\nThe following deferred tools are now available via ToolSearch. "
        'Use ToolSearch with query "select:<name>[,<name>...]" to load tool schemas before '
        "calling them:\nmcp__orders__lookup_order\nmcp__orders__process_refund\n</system-reminder>"
    )
    placeholder = {
        "name": "DeferredToolPlaceholder",
        "input_schema": {"type": "object", "properties": {}},
        "defer_loading": True,
    }
    messages = [
        {
            "role": "user",
            "content": [{"type": "text", "text": announcement}, {"type": "text", "text": PROMPT}],
        }
    ]
    r = create(client, messages, tools=[SEARCH, placeholder])
    assert tool_uses(r) == [
        ("ToolSearch", {"query": "select:mcp__orders__lookup_order,mcp__orders__process_refund"})
    ]


def test_a_deferred_tool_that_was_never_loaded_is_not_called(client):
    tools = [{**t, "defer_loading": True} for t in TOOLS] + World().tools("cancel_order")
    r = create(client, [{"role": "user", "content": PROMPT}], tools=tools)
    assert tool_uses(r) == [] and "lookup_order" in r.content[0].text


def test_a_system_message_is_read_as_an_instruction(client):
    messages = [{"role": "user", "content": PROMPT}]
    r = create(client, messages)
    looked_up = {"order_id": "A-1001", "status": "delivered", "amount": 120.0}
    messages += [
        {"role": "assistant", "content": r.content},
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": r.content[-1].id,
                    "content": json.dumps(looked_up),
                }
            ],
        },
        {"role": "system", "content": "退款超过 100 元需要人工审核。"},
    ]
    r = create(client, messages)
    assert [name for name, _ in tool_uses(r)] == ["escalate_to_human"]


# ---------------------------------------------------------------- structured outputs


def test_the_sdk_structured_outputs_example_parses():
    # anthropic-sdk-python examples/structured_outputs.py, unchanged but for the client
    import pydantic

    class Order(pydantic.BaseModel):
        product_name: str
        price: float
        quantity: int

    client = agentkit.make_client(offline=True)
    prompt = (
        "Extract the product name, price, and quantity from this customer message:\n"
        '"Hi, I’d like to order 2 packs of Green Tea for 5.50 dollars each."'
    )
    parsed = client.messages.parse(
        model="claude-sonnet-5",
        messages=[{"role": "user", "content": prompt}],
        max_tokens=1024,
        output_format=Order,
    )
    assert isinstance(parsed.parsed_output, Order)


def test_a_session_title_request_is_answered_with_json_for_its_schema(client):
    schema = {
        "type": "object",
        "properties": {"title": {"type": "string"}},
        "required": ["title"],
        "additionalProperties": False,
    }
    task = f"<session>\n{PROMPT}\n</session>\n\nWrite the title in the language of the session."
    r = client.messages.create(
        model=OPUS,
        max_tokens=1024,
        messages=[{"role": "user", "content": task}],
        output_config={"format": {"type": "json_schema", "schema": schema}},
    )
    assert json.loads(r.content[0].text) == {"title": "订单 A-1001 退款"}


def test_structured_outputs_fill_fields_from_the_tool_results(client):
    schema = {
        "type": "object",
        "properties": {
            "order_id": {"type": "string"},
            "status": {"type": "string", "enum": ["delivered", "shipped", "processing"]},
            "amount": {"type": "number"},
            "summary": {"type": "string"},
        },
        "required": ["order_id", "status", "amount", "summary"],
    }
    task = "订单 A-1001 现在是什么状态？"
    messages = [{"role": "user", "content": task}]
    r = create(client, messages)
    looked_up = {"order_id": "A-1001", "status": "delivered", "amount": 120.0}
    messages += [
        {"role": "assistant", "content": r.content},
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": r.content[-1].id,
                    "content": json.dumps(looked_up),
                }
            ],
        },
    ]
    fmt = {"format": {"type": "json_schema", "schema": schema}}
    answer = json.loads(create(client, messages, output_config=fmt).content[0].text)
    assert {k: answer[k] for k in looked_up} == looked_up and "A-1001" in answer["summary"]


# ---------------------------------------------------------------- the Claude Agent SDK, unchanged


@pytest.fixture(scope="module")
def offline_cli():
    from agentkit.lessons.agent_sdk import OfflineClaudeCode

    with OfflineClaudeCode() as offline:
        yield offline


def run_query(offline, world, *, quiet=True, **options):
    """A learner's query() as written for the live API; only env and cwd point it elsewhere."""
    from agentkit.lessons.agent_sdk import orders_server, run_sync

    env = (
        offline.env()
        if quiet
        else {
            k: offline.env()[k]
            for k in ("ANTHROPIC_BASE_URL", "ANTHROPIC_API_KEY", "CLAUDE_CONFIG_DIR")
        }
    )
    opts = sdk.ClaudeAgentOptions(
        mcp_servers={"orders": orders_server(world)},
        allowed_tools=[
            "mcp__orders__lookup_order",
            "mcp__orders__process_refund",
            "mcp__orders__escalate_to_human",
        ],
        env=env,
        cwd=offline.cwd,
        **options,
    )

    async def go():
        messages = []
        try:
            async for m in sdk.query(prompt=PROMPT, options=opts):
                messages.append(m)
        except sdk.ResultError as e:
            return messages, e
        return messages, None

    return run_sync(go())


def test_query_refunds_once_and_succeeds(offline_cli):
    world = World()
    before = len(offline_cli.requests())
    messages, error = run_query(offline_cli, world, quiet=False, max_turns=20)
    result = messages[-1]
    assert error is None and result.subtype == "success" and not result.is_error
    assert [e["input"] for e in world.refunds()] == [{"order_id": "A-1001", "amount": 120}]
    sent = offline_cli.requests()[before:]
    titles = [b for b in sent if "format" in (b.get("output_config") or {})]
    assert titles, "with non-essential traffic on, the CLI asks for a session title"


def test_query_at_max_turns_1_ends_error_max_turns(offline_cli):
    world = World()
    messages, error = run_query(offline_cli, world, max_turns=1)
    result = messages[-1]
    assert result.subtype == "error_max_turns" and result.is_error
    assert isinstance(error, sdk.ResultError) and error.subtype == "error_max_turns"
    assert world.refunds() == []


def test_a_deny_hook_stops_the_refund_and_is_reported(offline_cli):
    async def deny(input_data, tool_use_id, context):
        if input_data["tool_input"].get("amount", 0) > 100:
            return {
                "hookSpecificOutput": {
                    "hookEventName": "PreToolUse",
                    "permissionDecision": "deny",
                    "permissionDecisionReason": "refunds above 100 need a person",
                }
            }
        return {}

    world = World()
    hooks = {"PreToolUse": [sdk.HookMatcher(matcher="mcp__orders__process_refund", hooks=[deny])]}
    messages, error = run_query(offline_cli, world, max_turns=20, hooks=hooks)
    result = messages[-1]
    assert error is None and result.subtype == "success"
    assert world.refunds() == [] and len(world.actions("escalate_to_human")) == 1
    assert [d["tool_name"] for d in result.permission_denials] == ["mcp__orders__process_refund"]


# ---------------------------------------------------------------- the lesson's exercises

LESSON = Path(__file__).resolve().parent.parent / "notebooks" / "06b_agent_sdk.ipynb"
WRONG = {
    "hook": (  # denies every refund, whatever the amount
        "async def deny_big_refunds(input_data, tool_use_id, context):\n"
        '    if "refund" in input_data["tool_name"]:\n'
        '        return {"hookSpecificOutput": {"hookEventName": "PreToolUse",\n'
        '                "permissionDecision": "deny", "permissionDecisionReason": "no"}}\n'
        "    return {}"
    ),
    "finished": (  # trusts the subtype alone
        'def finished(result):\n    return result.subtype == "success"'
    ),
}
LEARNER = {"hook": "deny_big_refunds", "finished": "finished"}


def cell(nb, cell_id):
    return next(c for c in nb.cells if c.id == cell_id)


@pytest.mark.parametrize("key", sorted(WRONG))
def test_each_exercise_fails_as_shipped_passes_the_reference_and_answers_a_wrong_attempt(key):
    from agentkit.lessons import agent_sdk

    nb = nbformat.read(LESSON, as_version=4)
    check = cell(nb, f"check-06b-{key}").source
    solution = cell(nb, f"solution-06b-{key}")
    assert solution.metadata["jupyter"]["source_hidden"] is True
    assert solution.source.startswith("# ")  # a collapsed cell shows a line that gives nothing away
    mine = object()
    ns = {"agent_sdk": agent_sdk, "REFUND_CAP": agent_sdk.REFUND_CAP, LEARNER[key]: mine}
    exec(solution.source, ns)
    assert ns[LEARNER[key]] is mine, "the solution overwrote the learner's name"

    def verdict(source):
        name = f"<06b {key} {len(linecache.cache)}>"  # as a kernel does: inspect finds the source
        linecache.cache[name] = (len(source), None, source.splitlines(True), name)
        ns = {"agent_sdk": agent_sdk, "REFUND_CAP": agent_sdk.REFUND_CAP}
        exec(compile(source, name, "exec"), ns)
        return eval(check, ns)

    stub = verdict(cell(nb, f"ex-06b-{key}").source)
    assert not stub.passed and repr(stub).startswith("… 还没做完")
    reference = solution.source + f"\n{LEARNER[key]} = reference_{LEARNER[key]}\n"
    assert verdict(reference).passed
    wrong = verdict(WRONG[key])
    assert not wrong.passed and "提示：" in repr(wrong)


@pytest.mark.parametrize("odd", [None, 5, "x", print])
def test_the_lesson_checks_answer_any_attempt_with_a_verdict(odd):
    from agentkit.lessons import agent_sdk

    for check in (agent_sdk.refund_cap_hook, agent_sdk.finished_reader):
        verdict = check(odd)
        assert not verdict.passed and "提示：" in repr(verdict)


# ---------------------------------------------------------------- prompt caching in usage


def test_a_cached_prefix_is_written_once_then_read(client):
    plain = create(client, [{"role": "user", "content": PROMPT}]).usage
    assert plain.cache_creation_input_tokens == plain.cache_read_input_tokens == 0
    system = [
        {"type": "text", "text": "你是客服助手。" + "退款规则：签收后 30 天内可退。" * 400},
        {"type": "text", "text": "回答要简短。", "cache_control": {"type": "ephemeral"}},
    ]
    messages = [{"role": "user", "content": PROMPT}]
    first = create(client, messages, system=system).usage
    assert first.cache_creation_input_tokens >= 4096 and first.cache_read_input_tokens == 0
    total = first.input_tokens + first.cache_creation_input_tokens
    again = create(client, messages, system=system).usage
    assert again.cache_read_input_tokens == first.cache_creation_input_tokens
    assert again.input_tokens + again.cache_read_input_tokens == total
    short = create(client, messages, system=[{**system[1]}]).usage  # below the minimum: no cache
    assert short.cache_creation_input_tokens == short.cache_read_input_tokens == 0


def test_a_moved_marker_and_a_loaded_deferred_tool_keep_the_cached_prefix(client):
    long_task = PROMPT + "（补充说明）" * 3000
    first = [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": long_task, "cache_control": {"type": "ephemeral"}}
            ],
        }
    ]
    tools = [SEARCH, *TOOLS]
    written = create(client, first, tools=tools).usage.cache_creation_input_tokens
    assert written > 0
    unmarked = {"role": "user", "content": [{"type": "text", "text": long_task}]}
    r = create(client, [unmarked], tools=tools)
    later = [
        unmarked,
        {"role": "assistant", "content": r.content},
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": r.content[-1].id,
                    "content": "{}",
                    "cache_control": {"type": "ephemeral"},
                }
            ],
        },
    ]
    deferred = [*tools, mcp(TOOLS[0], defer_loading=True)]
    assert create(client, later, tools=deferred).usage.cache_read_input_tokens == written


def test_a_stopped_offline_cli_home_starts_again_when_a_cell_asks_for_its_env():
    """Lesson 06b's last cell stops it; a cell re-run after that gets a running server and an
    empty home again, not "call start() first"."""
    from agentkit.lessons.agent_sdk import OfflineClaudeCode

    offline = OfflineClaudeCode().start()
    first = offline.cwd
    offline.stop()
    assert not Path(first).exists()
    try:
        env, cwd = offline.env(), offline.cwd
        assert (
            Path(cwd).is_dir()
            and cwd != first
            and env["CLAUDE_CONFIG_DIR"].startswith(str(Path(cwd).parent))
        )
        request = urllib.request.Request(
            env["ANTHROPIC_BASE_URL"] + "/v1/models",
            headers={"x-api-key": env["ANTHROPIC_API_KEY"], "anthropic-version": "2023-06-01"},
        )
        with urllib.request.urlopen(request, timeout=10) as r:
            assert r.status == 200 and json.loads(r.read())["data"]
    finally:
        offline.stop()


def test_a_request_no_deferred_name_matches_loads_the_users_mcp_tools_to_read_them(client):
    announcement = (
        "<system-reminder>\nThe following deferred tools are now available via ToolSearch. "
        'Use ToolSearch with query "select:<name>[,<name>...]" to load tool schemas before '
        "calling them:\nmcp__desk__ticket_state\nCronCreate\n</system-reminder>"
    )
    placeholder = {
        "name": "DeferredToolPlaceholder",
        "input_schema": {"type": "object", "properties": {}},
        "defer_loading": True,
    }
    messages = [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": announcement},
                {"type": "text", "text": "帮我看看 QX-88 处理到哪一步了"},
            ],
        }
    ]
    read = {
        "name": "Read",
        "input_schema": {"type": "object", "properties": {"file_path": {"type": "string"}}},
    }
    r = create(client, messages, tools=[SEARCH, read, placeholder])
    assert tool_uses(r) == [("ToolSearch", {"query": "select:mcp__desk__ticket_state"})]


@pytest.mark.parametrize("question", ["List your tools", "你现在有哪些工具可以用？"])
def test_a_question_about_the_tools_loads_none_and_names_the_deferred_ones(client, question):
    announcement = (
        "<system-reminder>\nThe following deferred tools are now available via ToolSearch. "
        'Use ToolSearch with query "select:<name>[,<name>...]" to load tool schemas before '
        "calling them:\nmcp__kiln__kiln_temperature\nmcp__kiln__start_firing\n</system-reminder>"
    )
    placeholder = {
        "name": "DeferredToolPlaceholder",
        "input_schema": {"type": "object", "properties": {}},
        "defer_loading": True,
    }
    messages = [
        {
            "role": "user",
            "content": [{"type": "text", "text": announcement}, {"type": "text", "text": question}],
        }
    ]
    read = {
        "name": "Read",
        "input_schema": {"type": "object", "properties": {"file_path": {"type": "string"}}},
    }
    r = create(client, messages, tools=[SEARCH, read, placeholder])
    said = r.content[0].text
    assert tool_uses(r) == [] and r.stop_reason == "end_turn"
    assert "mcp__kiln__kiln_temperature" in said and "mcp__kiln__start_firing" in said
