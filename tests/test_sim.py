"""The seam between the offline API and the stand-in: each side works without the other.

- the stand-in's policy answers requests with no HTTP and no API in front of it;
- the API validates and shapes the replies of a scripted model (no stand-in);
- the API's history cache changes nothing a grader scenario sees;
- the phrase table has both languages, and the token counts lessons rely on are pinned.
"""

import string

import anthropic
import httpx2
import pytest
from ids import without_ids

from agentkit import failures
from agentkit.grading import reference_loop
from agentkit.grading.battery import SCENARIOS
from agentkit.grading.runner import run_scenario
from agentkit.offline import OfflineAPI, Reply, Request
from agentkit.offline import api as api_module
from agentkit.offline.tokens import count_tokens
from agentkit.sim import SimulatedClaude, World
from agentkit.sim.phrases import PHRASES, say

MODEL = "claude-sonnet-4-6"
TASK = "订单 A-1001 的商品坏了，请帮我退款。"


def body(*messages, **kw):
    world = World()
    return {
        "model": MODEL,
        "max_tokens": 1024,
        "tools": world.tools(),
        "messages": list(messages),
        **kw,
    }


def test_the_policy_answers_a_request_with_no_http():
    world = World()
    claude = SimulatedClaude(world)
    first = claude.reply(Request(body({"role": "user", "content": TASK})))
    assert first.stop_reason == "tool_use"
    use = next(b for b in first.content if b["type"] == "tool_use")
    assert use["name"] == "lookup_order" and "id" not in use  # ids are the API's to assign
    result = world.run_tool("lookup_order", {"order_id": "A-1001"})
    history = [
        {"role": "user", "content": TASK},
        {"role": "assistant", "content": [{**use, "id": "toolu_1"}]},
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": str(result)}],
        },
    ]
    second = claude.reply(Request(body(*history)))
    refund = next(b for b in second.content if b["type"] == "tool_use")
    assert refund["name"] == "process_refund" and refund["input"]["amount"] == 120.0


def test_a_denial_is_read_by_its_category_or_by_what_it_says():
    """Any sentence after `denied:` makes the stand-in escalate; the same sentence without the
    category is a failure it cannot fix, and it escalates that too, but says it failed."""
    claude = SimulatedClaude(World())
    use = {"type": "tool_use", "id": "toolu_1", "name": "process_refund"}
    use["input"] = {"order_id": "A-1001", "amount": 120.0}
    lookup = {"type": "tool_use", "id": "toolu_0", "name": "lookup_order"}
    lookup["input"] = {"order_id": "A-1001"}
    info = '{"order_id": "A-1001", "status": "delivered", "amount": 120.0}'

    def after(text):
        history = [
            {"role": "user", "content": TASK},
            {"role": "assistant", "content": [lookup]},
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": "toolu_0", "content": info}],
            },
            {"role": "assistant", "content": [use]},
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": "toolu_1",
                        "content": text,
                        "is_error": True,
                    }
                ],
            },
        ]
        r = claude.reply(Request(body(*history)))
        return [(b["name"], b["input"]) for b in r.content if b["type"] == "tool_use"]

    for sentence in ("退款需要主管批准。", "Refunds over the cap need a supervisor."):
        [(name, args)] = after(failures.with_category(failures.DENIED, sentence))
        assert name == "escalate_to_human" and "被拒绝" in args["reason"]
    [(name, args)] = after(failures.with_category(failures.UNAVAILABLE, "上游超时"))
    assert name == "process_refund"  # transient: the same call again
    [(name, args)] = after("退款需要主管批准。")  # no category: read by what it says, a denial
    assert name == "escalate_to_human" and "被拒绝" in args["reason"]
    [(name, args)] = after("出了点问题。")  # says nothing a retry or a correction would fix
    assert name == "escalate_to_human" and "多次失败" in args["reason"]


class Scripted:
    """A model that says what it is told, in order: no stand-in behind the API."""

    def __init__(self, *replies: Reply):
        self.replies, self.requests = list(replies), []

    def reply(self, request: Request) -> Reply:
        self.requests.append(request)
        return self.replies.pop(0)


def client_for(api):
    return anthropic.Anthropic(
        api_key="k", max_retries=0, http_client=httpx2.Client(transport=httpx2.MockTransport(api))
    )


def test_the_api_validates_and_shapes_a_scripted_models_replies():
    text = {"type": "text", "text": "一二三四五六七八九十"}
    call = {"type": "tool_use", "name": "lookup_order", "input": {"order_id": "A-1001"}}
    model = Scripted(Reply([text, call], "tool_use"), Reply([text], "end_turn"))
    api = OfflineAPI(model)
    client = client_for(api)
    with pytest.raises(anthropic.BadRequestError):  # refused before the model is asked
        client.messages.create(
            model=MODEL, max_tokens=100, messages=[{"role": "assistant", "content": "x"}]
        )
    assert model.requests == [] and api.refusals[-1].status == 400
    tools = World().tools()
    r = client.messages.create(
        model=MODEL, max_tokens=100, tools=tools, messages=[{"role": "user", "content": "hi"}]
    )
    assert r.stop_reason == "tool_use" and r.content[1].id.startswith("toolu_01")  # the API's id
    history = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [b.to_dict() for b in r.content]},
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": r.content[1].id, "content": "{}"}],
        },
    ]
    cut = client.messages.create(model=MODEL, max_tokens=5, tools=tools, messages=history)
    assert cut.stop_reason == "max_tokens" and cut.content[0].text == "一二三四五"  # the API cuts
    # the third request resends the second's one message: the API says so, with the model's memo
    assert model.requests[-1].known == 1 and model.requests[-1].memo is None


def _runs(seed):
    return [run_scenario(reference_loop, sc, seed=seed) for sc in SCENARIOS]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 3])
def test_the_history_cache_changes_nothing_a_scenario_sees(seed, monkeypatch):
    cached = _runs(seed)
    monkeypatch.setattr(
        api_module.History, "known", lambda self, msgs, has_tools, same_bytes=False: 0
    )
    fresh = _runs(seed)
    for a, b in zip(cached, fresh, strict=True):
        assert without_ids(a.responses) == without_ids(b.responses), a.case.key
        assert without_ids(a.requests) == without_ids(b.requests), a.case.key
        assert a.world.effects == b.world.effects and type(a.error) is type(b.error)


def test_every_phrase_has_both_languages_with_the_same_fields():
    fields = lambda s: {f for _, f, _, _ in string.Formatter().parse(s) if f}  # noqa: E731
    for key, (zh, en) in PHRASES.items():
        assert zh and en, key
        assert {f.lower() for f in fields(zh)} == {f.lower() for f in fields(en)}, key


# Lesson 06 and the grader's cut scenarios size max_tokens and the context window on these
# sentences (e.g. max_tokens=12 cuts the first lookup after its 8-token text). Editing one moves a
# cut point: rerun scripts/run_notebooks.py and tests/test_grading.py, then update this table.
A1001 = {"oid": "A-1001", "status": "delivered", "amount": 120.0, "refund_id": "R-771"}
PINNED = {
    "lookup_first": (8, 8),
    "looked_up": (22, 14),
    "next_refund": (10, 10),
    "refunded": (19, 11),
    "escalating": (21, 13),
}


@pytest.mark.parametrize("key", PINNED)
def test_token_counts_the_lessons_rely_on(key):
    counts = tuple(count_tokens(say(lang, key, **A1001)) for lang in ("zh", "en"))
    assert counts == PINNED[key], f"{key}: {counts}; lessons cut replies at these counts"
