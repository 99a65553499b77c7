"""The simulated Claude's behaviour, through the real SDK client: it decides every step from the conversation
it is sent (above all the latest tool results) and uses only the tools offered, by name."""

from dataclasses import dataclass, field

import pytest
from ids import without_ids

import agentkit
from agentkit import exercise
from agentkit.content import CJK
from agentkit.sim import WEB_SEARCH_TOOL, ToolFailure, World
from agentkit.tools import tool_result, tool_results

MODEL = agentkit.default_model()


@dataclass
class Run:
    replies: list = field(default_factory=list)
    messages: list = field(default_factory=list)

    @property
    def stops(self):
        return [r.stop_reason for r in self.replies]

    @property
    def calls(self):
        """The tool calls of each round, as (name, input)."""
        return [
            [(b.name, b.input) for b in r.content if b.type == "tool_use"] for r in self.replies
        ]

    @property
    def texts(self):
        return ["".join(b.text for b in r.content if b.type == "text") for r in self.replies]


def run(prompt, *, world=None, tools=None, run_tool=None, max_rounds=20, **create):
    """A plain agent loop (stop_reason drives it) against the offline Claude and a World."""
    world = world or World()
    client = agentkit.make_client(offline=True, world=world)
    tools = world.tools() if tools is None else tools
    offered = {t["name"] for t in tools}
    out = Run(messages=[{"role": "user", "content": prompt}])
    for _ in range(max_rounds):
        r = client.messages.create(
            model=MODEL, max_tokens=1024, tools=tools, messages=out.messages, **create
        )
        out.replies.append(r)
        assert {
            b.name for b in r.content if b.type == "tool_use"
        } <= offered  # only the tools offered, by name
        out.messages.append({"role": "assistant", "content": r.content})
        if r.stop_reason != "tool_use":
            return out
        results = tool_results(r, run_tool or world.run_tool)
        out.messages.append({"role": "user", "content": results})
    raise AssertionError(f"no end after {max_rounds} rounds: {out.stops}")


def names(run_):
    return [[n for n, _ in round_] for round_ in run_.calls]


# ---------------------------------------------------------------- the study guide's exercise, verbatim


def test_the_guides_exercise():
    lines = []
    messages = exercise.run_exercise(
        agentkit.make_client(),
        exercise.PROMPT,
        print=lambda *a: lines.append(" ".join(map(str, a))),
    )
    assert lines == [
        "[turn 0] stop_reason=tool_use",
        "  call lookup_order {'order_id': 'A-1001'}",
        "[turn 1] stop_reason=tool_use",
        "  call process_refund {'order_id': 'A-1001', 'amount': 120.0}",
        "[turn 2] stop_reason=end_turn",
        "订单 A-1001 已退款 120.0 元（退款单号 R-778）。",
    ]
    assert [m["role"] for m in messages] == [
        "user",
        "assistant",
        "user",
        "assistant",
        "user",
        "assistant",
    ]


def test_the_refund_uses_what_the_lookup_returned(monkeypatch):
    def run_tool(name, args):  # the guide's run_tool, with a different order behind the same id
        if name == "lookup_order":
            return {"order_id": "A-1001", "status": "delivered", "amount": 77.0}
        return {"refund_id": "R-778", "amount": args["amount"], "ok": True}

    monkeypatch.setattr(exercise, "run_tool", run_tool)
    messages = exercise.run_exercise(agentkit.make_client(), exercise.PROMPT, print=lambda *a: None)
    refund = [b for b in messages[3]["content"] if b.type == "tool_use"]
    assert [(b.name, b.input) for b in refund] == [
        ("process_refund", {"order_id": "A-1001", "amount": 77.0})
    ]
    assert "77.0" in messages[-1]["content"][0].text


def test_the_refund_uses_the_order_id_from_the_lookup():
    r = run(
        "订单 a1001 的商品坏了，请帮我退款。",
        run_tool=lambda name, args: (
            {"order_id": "A-1001", "status": "delivered", "amount": 12.5}
            if name == "lookup_order"
            else {"refund_id": "R-1", "ok": True}
        ),
    )
    assert r.calls[1] == [("process_refund", {"order_id": "A-1001", "amount": 12.5})]


def test_the_weather_question_ends_at_the_first_round():
    lines = []
    exercise.run_exercise(agentkit.make_client(), exercise.WEATHER_PROMPT, print=lines.append)
    assert lines[0] == "[turn 0] stop_reason=end_turn"
    assert "离线的模拟 Claude" in lines[1] and "ANTHROPIC_API_KEY" in lines[1]


# ---------------------------------------------------------------- status paths


def test_delivered_is_refunded():
    world = World()
    r = run("订单 A-1001 的商品坏了，请帮我退款。", world=world)
    assert r.stops == ["tool_use", "tool_use", "end_turn"]
    assert names(r) == [["lookup_order"], ["process_refund"], []]
    assert r.texts[0] == "我先查一下订单。"
    assert [e["input"] for e in world.refunds()] == [{"order_id": "A-1001", "amount": 120.0}]


@pytest.mark.parametrize("prompt", ["订单 A-1002 请帮我退款。", "请取消订单 A-1002。"])
def test_shipped_is_returned_not_cancelled(prompt):
    world = World()
    r = run(prompt, world=world)
    assert names(r) == [["lookup_order"], ["create_return"], []]
    assert "不能取消" in r.texts[1]
    assert not world.actions("cancel_order") and world.actions("create_return")


def test_processing_is_cancelled():
    world = World()
    r = run("订单 A-1003 不要了，请帮我退款。", world=world)
    assert names(r) == [["lookup_order"], ["cancel_order"], []]
    assert world.orders["A-1003"]["status"] == "cancelled"


def test_unexpected_status_is_escalated():
    world = World()
    r = run("订单 A-1004 请帮我退款。", world=world)
    assert names(r) == [["lookup_order"], ["escalate_to_human"], []]
    assert "held_at_customs" in r.calls[1][0][1]["reason"]
    assert not world.refunds()


def test_unexpected_status_without_escalation_tool_explains_and_stops():
    world = World()
    r = run(
        "订单 A-1004 请帮我退款。", world=world, tools=world.tools("lookup_order", "process_refund")
    )
    assert r.stops == ["tool_use", "end_turn"]
    assert "held_at_customs" in r.texts[-1] and "没有做任何操作" in r.texts[-1]
    assert world.actions() == []


def test_the_step_follows_the_latest_tool_result():
    world = World()
    world.orders["A-1001"]["status"] = (
        "processing"  # same prompt, different world: a different path
    )
    assert names(run("订单 A-1001 的商品坏了，请帮我退款。", world=world)) == [
        ["lookup_order"],
        ["cancel_order"],
        [],
    ]
    world = World(transitions={"A-1002": ["shipped", "delivered"]})
    r = run("请盯着订单 A-1002，直到签收后再退款。", world=world)
    assert names(r) == [["lookup_order"], ["lookup_order"], ["process_refund"], []]


def test_without_the_needed_tool_it_says_so():
    world = World()
    r = run(
        "订单 A-1002 请帮我退款。", world=world, tools=world.tools("lookup_order", "process_refund")
    )
    assert r.stops == ["tool_use", "end_turn"] and "create_return" in r.texts[-1]
    assert world.actions() == []


# ---------------------------------------------------------------- several orders, long tasks


def test_several_orders_give_several_calls_in_one_response():
    world = World()
    r = run("订单 A-1001 和 A-1003 都请帮我退款。", world=world)
    assert r.calls[0] == [
        ("lookup_order", {"order_id": "A-1001"}),
        ("lookup_order", {"order_id": "A-1003"}),
    ]
    assert names(r)[1] == ["process_refund", "cancel_order"]
    assert r.stops == ["tool_use", "tool_use", "end_turn"]
    result_message = r.messages[2]["content"]
    assert [b["type"] for b in result_message] == [
        "tool_result",
        "tool_result",
    ]  # one user message, both results


def test_a_sequential_task_of_more_than_five_rounds():
    world = World()
    r = run("请逐个处理订单 A-1001、A-1006、A-1007 的退款", world=world)
    assert r.stops == ["tool_use"] * 6 + ["end_turn"]
    assert names(r) == [["lookup_order"], ["process_refund"]] * 3 + [[]]
    assert [e["input"]["order_id"] for e in world.refunds()] == ["A-1001", "A-1006", "A-1007"]
    # mid-task text that sounds final, while stop_reason still says tool_use
    assert "查询完成" in r.texts[1] and r.stops[1] == "tool_use"


LOOKUP_LINES = [  # (task, the text of each turn that makes first lookups), in both languages
    ("订单 A-1001 的商品坏了，请帮我退款。", ["我先查一下订单。"]),
    ("Order A-1001 arrived broken, please refund it.", ["Let me look up the order first."]),
    ("订单 A-1001 和 A-1003 都请帮我退款。", ["我先查一下订单 A-1001 和 A-1003。"]),
    (
        "Please refund orders A-1001, A-1003 and A-1006.",
        ["Let me look up orders A-1001, A-1003 and A-1006 first."],
    ),
    ("请逐个处理订单 A-1001、A-1006 的退款", ["我先查订单 A-1001。", "接下来查订单 A-1006。"]),
    (
        "Refund orders A-1001 and A-1006 one at a time.",
        ["Let me start with order A-1001.", "Next, let me look up order A-1006."],
    ),
]


@pytest.mark.parametrize(("task", "lines"), LOOKUP_LINES)
def test_what_it_says_before_a_lookup_fits_the_turn(task, lines):
    """One order or several, the first lookup or a later one: the sentence says which."""
    r = run(task)
    said = [t for t, c in zip(r.texts, names(r), strict=True) if c and set(c) == {"lookup_order"}]
    assert said == lines


def test_a_follow_up_task_looks_its_order_up_as_the_next_one():
    world = World()
    first = run("Order A-1001 arrived broken, please refund it.", world=world)
    client = agentkit.make_client(offline=True, world=world)
    messages = first.messages + [{"role": "user", "content": "Thanks. Now cancel order A-1003."}]
    r = client.messages.create(model=MODEL, max_tokens=1024, tools=world.tools(), messages=messages)
    assert r.content[0].text == "Next, let me look up order A-1003."


def test_english_mid_task_text_says_done():
    r = run("Please refund order A-1001, it arrived broken.")
    assert r.texts[1].startswith("Lookup done:") and r.stops[1] == "tool_use"


# ---------------------------------------------------------------- recovering from is_error results


def test_retry_with_corrected_input():
    world = World()
    r = run("订单 a1001 的商品坏了，请帮我退款。", world=world)
    assert r.calls[0] == [("lookup_order", {"order_id": "a1001"})]
    assert r.messages[2]["content"][0]["is_error"] is True
    assert r.calls[1] == [("lookup_order", {"order_id": "A-1001"})]
    assert names(r)[2:] == [["process_refund"], []]


def test_retry_a_transient_failure():
    world = World(flaky={"process_refund": 1})
    r = run("订单 A-1001 的商品坏了，请帮我退款。", world=world)
    assert names(r) == [["lookup_order"], ["process_refund"], ["process_refund"], []]
    assert len(world.refunds()) == 1


def test_another_route_when_a_call_is_denied():
    world = World()

    def run_tool(name, args):  # e.g. a hook that blocks refunds above a limit
        if name == "process_refund":
            raise ToolFailure("hook 拒绝：单笔退款超过 100 元上限，需要人工审批")
        return world.run_tool(name, args)

    r = run("订单 A-1001 的商品坏了，请帮我退款。", world=world, run_tool=run_tool)
    assert names(r) == [["lookup_order"], ["process_refund"], ["escalate_to_human"], []]
    assert "上限" in r.calls[2][0][1]["reason"]


def test_a_tool_that_keeps_failing_ends_in_escalation_not_a_loop():
    world = World(flaky={"lookup_order": 99})
    r = run("订单 A-1001 的商品坏了，请帮我退款。", world=world)
    assert names(r) == [["lookup_order"]] * 3 + [["escalate_to_human"], []]


def test_an_unknown_order_is_escalated():
    r = run("订单 A-9999 请帮我退款。")
    assert names(r) == [["lookup_order"], ["escalate_to_human"], []]


# ---------------------------------------------------------------- the system prompt


def test_system_prompt_refund_cap():
    world = World()
    r = run(
        "订单 A-1005 的显示器坏了，请帮我退款。",
        world=world,
        system="超过 500 元的退款必须转人工。",
    )
    assert names(r) == [["lookup_order"], ["escalate_to_human"], []]
    assert world.refunds() == []
    world = World()
    assert names(run("订单 A-1005 的显示器坏了，请帮我退款。", world=world))[1] == [
        "process_refund"
    ]


def test_system_prompt_language():
    r = run(
        "订单 A-1001 的商品坏了，请帮我退款。",
        system="You are a support agent. Always answer in English.",
    )
    assert r.texts[0] == "Let me look up the order first." and r.texts[-1].startswith(
        "Order A-1001 refunded"
    )


# ---------------------------------------------------------------- server tools, refusal, context window


def test_pause_turn_from_the_server_side_search():
    client = agentkit.make_client(offline=True)
    messages = [{"role": "user", "content": "请搜索我们的退货、退款和海关扣留政策并总结"}]
    r = client.messages.create(
        model=MODEL, max_tokens=1024, tools=[WEB_SEARCH_TOOL], messages=messages
    )
    assert r.stop_reason == "pause_turn"
    uses = [b for b in r.content if b.type == "server_tool_use"]
    results = [b for b in r.content if b.type == "web_search_tool_result"]
    assert [u.id[:10] for u in uses] == ["srvtoolu_0"] * 2 and [x.tool_use_id for x in results] == [
        u.id for u in uses
    ]
    assert r.usage.server_tool_use.web_search_requests == 2
    messages.append(
        {"role": "assistant", "content": r.content}
    )  # send the paused turn back as it is
    r2 = client.messages.create(
        model=MODEL, max_tokens=1024, tools=[WEB_SEARCH_TOOL], messages=messages
    )
    assert r2.stop_reason == "end_turn"
    summary = r2.content[-1].text
    assert "退货政策" in summary and "退款政策" in summary and "海关扣留" in summary


def test_refusal_with_stop_details():
    r = run("帮我写一个勒索软件，加密别人电脑上的文件。")
    assert r.stops == ["refusal"]
    details = r.replies[0].stop_details
    assert details.type == "refusal" and details.category == "cyber" and details.explanation


def test_model_context_window_exceeded():
    full = run("订单 A-1001 的商品坏了，请帮我退款。")
    messages = full.messages[:-1]  # a long-ish conversation: everything up to the final answer
    tools = World().tools()
    probe = agentkit.make_client(offline=True).messages.create(
        model=MODEL, max_tokens=1024, tools=tools, messages=messages
    )
    client = agentkit.make_client(offline=True, context_window=probe.usage.input_tokens + 5)
    r = client.messages.create(model=MODEL, max_tokens=1024, tools=tools, messages=messages)
    assert r.stop_reason == "model_context_window_exceeded"
    assert probe.content[0].text.startswith(r.content[0].text) and len(r.content[0].text) < len(
        probe.content[0].text
    )


# ---------------------------------------------------------------- no path, determinism


@pytest.mark.parametrize(
    "prompt, needle",
    [
        ("今天天气怎么样？", "离线的模拟 Claude"),
        ("Write me a poem about spring.", "offline"),
        ("?", "offline"),
    ],
)
def test_a_prompt_without_a_path_gets_a_polite_end_turn(prompt, needle):
    r = run(prompt)
    assert r.stops == ["end_turn"] and needle in r.texts[0] and "ANTHROPIC_API_KEY" in r.texts[0]


def test_no_tools_at_all():
    r = run("订单 A-1001 的商品坏了，请帮我退款。", tools=[])
    assert r.stops == ["end_turn"] and "lookup_order" in r.texts[0]


def test_split_tool_results_make_it_go_one_at_a_time():
    client = agentkit.make_client(offline=True)
    world = client.offline.world
    messages = [{"role": "user", "content": "订单 A-1001 和 A-1003 都请帮我退款。"}]
    r = client.messages.create(model=MODEL, max_tokens=1024, tools=world.tools(), messages=messages)
    messages.append({"role": "assistant", "content": r.content})
    for b in r.content[1:]:  # the anti-pattern: one user message per result
        messages.append({"role": "user", "content": [tool_result(b, world.run_tool)]})
    r = client.messages.create(model=MODEL, max_tokens=1024, tools=world.tools(), messages=messages)
    assert [b.name for b in r.content if b.type == "tool_use"] == ["process_refund"]


def test_runs_are_deterministic():
    a = run("请逐个处理订单 A-1001、A-1006、A-1007 的退款")
    b = run("请逐个处理订单 A-1001、A-1006、A-1007 的退款")
    assert without_ids([r.model_dump() for r in a.replies]) == without_ids(
        [r.model_dump() for r in b.replies]
    )


def test_a_task_that_asks_for_chinese_is_answered_in_chinese():
    """The stand-in answers in the task's language, or in the one the task asks for."""
    from agentkit.sim.conversation import CHINESE, ENGLISH

    assert CHINESE.search("For the Shanghai team, answer in Chinese: check A-1001")
    assert ENGLISH.search("请用英文回答")
    world = World()
    client = agentkit.make_client(world=world)
    messages = [{"role": "user", "content": "Where is order A-1002? Please answer in Chinese."}]
    done = agentkit.run_agent_loop(client, messages, world.tools(), run_tool=world.run_tool)
    assert CJK.search(done.final_text), done.final_text


def test_an_english_retry_quotes_the_error_whole(monkeypatch):
    """The English error texts run longer than 80 characters: the retry line quotes the whole error
    (cut with an ellipsis only past 140), never "(a capita" with a bracket left open."""
    monkeypatch.setenv("AGENTKIT_LANG", "en")
    world = World()
    client = agentkit.make_client(world=world)
    messages = [{"role": "user", "content": "Order a1001 arrived broken, please refund me."}]
    done = agentkit.run_agent_loop(client, messages, world.tools(), run_tool=world.run_tool)
    said = [b["text"] for m in done.messages if m["role"] == "assistant" for b in m["content"] if b.get("type") == "text"]  # fmt: skip
    retry = next(t for t in said if t.startswith("The last call failed"))
    assert "four digits))" in retry and retry.count("(") == retry.count(")"), retry
