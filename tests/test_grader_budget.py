"""The runaway task's budget is 1,000 requests (issue 35, point 2): a cap up to 1,000 turns is a
safety net, one past it is not, and the battery affords it.

A loop resends its whole history with every request, so a run of 1,000 requests costs the square
of that in copying and parsing. Three things keep it near what 300 requests used to cost: the
client the loop gets (`graded_client.GradedAnthropic`) serialises a message it already sent from
memory, byte for byte what the SDK sends; the runner reads a body that resends the one before's
messages from where they end (`runner.BodyReader`, equal to `json.loads`); and the diagnosis
reads each message once (`diagnose._each_message_once`).
"""

import json
import time

import anthropic
import httpx2
import pytest

from agentkit.grading import RUNAWAY_LIMIT, SCENARIOS, check_loop, graded_client, runner
from agentkit.grading.graded_client import GradedAnthropic, MessagesMemo
from agentkit.grading.runner import BodyReader
from agentkit.offline import OfflineAPI
from agentkit.sim import TOOL_SCHEMAS, SimulatedClaude, World
from agentkit.tools import tool_result

RUNAWAY = next(s for s in SCENARIOS if s.key == "runaway")
MODEL = "claude-opus-4-6"


class Stopped(Exception):
    pass


def capped(turns: int):
    """A loop whose safety net is `turns` requests, then raise (written as a learner writes it)."""

    def loop(client, messages, *, tools, run_tool, model):
        for _ in range(turns):
            resp = client.messages.create(
                model=model, max_tokens=1024, tools=tools, messages=messages
            )
            messages.append({"role": "assistant", "content": resp.content})
            if resp.stop_reason == "end_turn":
                return messages
            if resp.stop_reason != "tool_use":
                raise Stopped(resp.stop_reason)
            messages.append(
                {
                    "role": "user",
                    "content": [
                        tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"
                    ],
                }
            )
        raise Stopped(f"safety net: {turns} turns")

    loop.__name__ = f"cap_of_{turns}"
    return loop


def half_an_hour(client, messages, *, tools, run_tool, model):
    """A safety net of 30 minutes on the clock (a request takes seconds: about 600 of them)."""
    start = time.monotonic()
    while time.monotonic() - start < 1800:
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason != "tool_use":
            raise Stopped(resp.stop_reason)
        results = [tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"]
        messages.append({"role": "user", "content": results})
    raise Stopped("safety net: 30 minutes")


# --- the verdicts --------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.budget
@pytest.mark.parametrize("seed", (0, 1))
@pytest.mark.parametrize("fn", [capped(500), capped(1000), half_an_hour], ids=lambda f: f.__name__)
def test_a_cap_up_to_a_thousand_turns_is_a_safety_net(fn, seed):
    report = check_loop(fn, [RUNAWAY], seed=seed)
    assert report.passed, report
    assert RUNAWAY_LIMIT == 1000 and report.results[0].requests <= 1000


def test_a_cap_one_past_the_budget_is_no_safety_net_not_a_cap_too_small():
    """Its net fires on the request past the budget (here the lowered one, tests/conftest.py):
    the cause is the net's size, not "a cap too small" as for a task the model can finish."""
    limit = runner.LIMIT
    report = check_loop(capped(limit + 1), [RUNAWAY], seed=0)
    assert not report.passed and report.results[0].requests == limit + 1
    assert report.results[0].diagnosis.startswith("没有安全网"), report


# --- the client's memory sends the SDK's own bytes -------------------------------------------------


def recording(api: OfflineAPI | None, sent: list[bytes], answers: list[httpx2.Response]):
    """A transport that records each body; answered by `api`, or with the answers given."""

    def handle(request: httpx2.Request) -> httpx2.Response:
        sent.append(request.content)
        if api is not None:
            answer = api(request)
            answers.append(answer)
            return answer
        return answers[len(sent) - 1]

    return httpx2.MockTransport(handle)


def test_the_client_with_its_memory_on_sends_the_sdks_own_bytes(monkeypatch):
    """The same requests through GradedAnthropic (memory on) and anthropic.Anthropic: the same
    bytes, whatever the loop does to its history between them (a message replaced, its content
    replaced, a block added, a string content, extra_body, a stream, a tuple of messages); and a
    message it hands again is not prepared again."""
    prepared: list[object] = []
    real = graded_client.prepare_request_data
    monkeypatch.setattr(
        graded_client,
        "prepare_request_data",
        lambda data, **kw: prepared.append(data) or real(data, **kw),
    )
    mine, theirs, answers = [], [], []
    api = OfflineAPI(SimulatedClaude(World()))
    graded = GradedAnthropic(
        api_key="x", http_client=httpx2.Client(transport=recording(api, mine, answers))
    )
    graded.memo = MessagesMemo()
    graded.memo.on = True
    plain = anthropic.Anthropic(
        api_key="x", http_client=httpx2.Client(transport=recording(None, theirs, answers))
    )
    tools = [TOOL_SCHEMAS["lookup_order"], TOOL_SCHEMAS["process_refund"]]
    messages: list = [{"role": "user", "content": "订单 A-1001 到哪了？查完再看看 A-1002。"}]

    def both(**kw):
        kw = {"model": MODEL, "max_tokens": 1024, "tools": tools, "messages": messages, **kw}
        resp = graded.messages.create(**kw)
        plain.messages.create(**kw)
        return resp

    world = World()
    for step in range(6):
        resp = both(extra_body={"metadata": {"user_id": "u-1"}} if step == 2 else None)
        messages.append({"role": "assistant", "content": resp.content})
        uses = [b for b in resp.content if b.type == "tool_use"]
        if not uses:
            messages.append({"role": "user", "content": "谢谢，再查一次 A-1003。"})
            continue
        messages.append({"role": "user", "content": [tool_result(b, world.run_tool) for b in uses]})
        if step == 1:
            messages[1] = dict(messages[1])  # a message replaced by an equal one
        if step == 3:
            messages[2]["content"] = [dict(b) for b in messages[2]["content"]]  # content replaced
            messages[-1]["content"].append({"type": "text", "text": "（已核对）"})  # a block added
    both()
    before = len(prepared)
    both()
    assert len(prepared) == before  # nothing new: every message came from memory
    with graded.messages.stream(model=MODEL, max_tokens=1024, tools=tools, messages=messages) as s:
        s.get_final_message()
    with plain.messages.stream(model=MODEL, max_tokens=1024, tools=tools, messages=messages) as s:
        s.get_final_message()
    graded.messages.create(
        model=MODEL, max_tokens=1024, tools=tools, messages=tuple(messages)
    )  # not a list
    plain.messages.create(model=MODEL, max_tokens=1024, tools=tools, messages=tuple(messages))
    assert len(mine) == len(theirs) == 10
    assert mine == theirs
    assert len(prepared) < 3 * len(messages)  # each message about once, not once per request


def test_the_memory_is_off_unless_the_runner_turns_it_on(monkeypatch):
    calls = []
    monkeypatch.setattr(graded_client.MessagesMemo, "encode", lambda self, m: calls.append(m))
    sent, answers = [], []
    api = OfflineAPI(SimulatedClaude(World()))
    client = GradedAnthropic(
        api_key="x", http_client=httpx2.Client(transport=recording(api, sent, answers))
    )
    client.memo = MessagesMemo()
    client.messages.create(
        model=MODEL, max_tokens=64, messages=[{"role": "user", "content": "你好"}]
    )
    assert calls == [] and json.loads(sent[0])["messages"][0]["content"] == "你好"


def test_the_runaway_task_turns_the_memory_on_from_memo_from(monkeypatch):
    """On the runaway task the requests from MEMO_FROM on come from memory; on any other task
    never (the first requests of every task are the SDK's alone)."""
    monkeypatch.setattr(runner, "MEMO_FROM", 5)
    encoded: list[int] = []
    real = graded_client.MessagesMemo.encode

    def spy(self, messages):
        encoded.append(len(messages))
        return real(self, messages)

    monkeypatch.setattr(graded_client.MessagesMemo, "encode", spy)
    run = runner.run_scenario(capped(12), RUNAWAY, limit=100)
    assert len(run.requests) == 12 and len(encoded) == 12 - 5
    assert [len(r["messages"]) for r in run.requests][5:] == encoded
    encoded.clear()
    runner.run_scenario(capped(12), next(s for s in SCENARIOS if s.key == "long"), limit=100)
    assert encoded == []


# --- the runner reads a resent body from where its messages end -------------------------------------


def test_the_body_reader_reads_what_json_loads_reads_and_shares_the_resent_messages():
    first = {"max_tokens": 9, "messages": [{"role": "user", "content": "a"}], "model": MODEL}
    second = {**first, "messages": [*first["messages"], {"role": "assistant", "content": "b"}]}
    changed = {**second, "messages": [{"role": "user", "content": "A"}, *second["messages"][1:]]}
    odd = b'{"messages": [{"role": "user", "content": "x"}], "temperature": NaN}'
    bodies = [
        json.dumps(first).encode(),
        json.dumps(second).encode(),
        json.dumps(changed).encode(),
        odd,
        b"[1, 2]",
        json.dumps({**second, "messages": second["messages"], "tools": []}).encode(),
    ]
    reader = BodyReader()
    read = [reader.read(b) for b in bodies]
    for body, got in zip(bodies, read, strict=True):
        assert json.dumps(got) == json.dumps(json.loads(body))  # NaN too (NaN != NaN)
    assert read[1]["messages"][0] is read[0]["messages"][0]  # resent: the same object
    assert read[2]["messages"][0] is not read[1]["messages"][0]  # changed: read again
