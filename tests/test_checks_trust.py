"""Issue 24 (an English-only reviewer): grader verdicts a learner can believe. A loop that never
asks the model passes nothing; a right answer in another form (blocks dumped without their None
fields) is not failed."""

import json

import pytest

from agentkit.grading import SCENARIOS, check_loop
from agentkit.lessons.scenarios import scenarios


def never_asks(client, messages, *, tools, run_tool, model):
    return messages


def raises_at_once(client, messages, *, tools, run_tool, model):
    raise RuntimeError("not written yet")


def test_a_loop_that_never_calls_the_api_passes_no_scenario_and_is_told_why():
    """It once got 8/22 ✓: no_tools, status_only, refusal, both max_tokens, runaway, overloaded
    and context_full leave the world as a loop that does nothing does."""
    for loop in (never_asks, raises_at_once):
        report = check_loop(loop)
        assert len(report.results) == len(SCENARIOS)
        passed = [r.key for r in report.results if r.passed]
        assert not passed, (loop.__name__, passed)
        for r in report.results:  # a raise is failed as such where raising is not the answer
            if loop is never_asks or r.key in ("runaway", "overloaded"):
                assert "一次也没有调用 API" in r.diagnosis, (r.key, r.diagnosis)


def test_in_english_the_loop_that_never_asks_is_told_so_in_english(monkeypatch):
    monkeypatch.setenv("AGENTKIT_LANG", "en")
    report = check_loop(never_asks, scenarios("no_tools", "runaway"))
    assert not report.passed
    for r in report.results:
        assert "never called the API" in r.diagnosis and "returned" in r.diagnosis, r.diagnosis


def dumps_without_none(client, messages, *, tools, run_tool, model):
    """Each reply appended as model_dump(exclude_none=True): a web search result loses its
    `"page_age": null`, which is the same reply."""
    for _ in range(50):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        content = [b.model_dump(exclude_none=True) for b in resp.content]
        messages.append({"role": "assistant", "content": content})
        if resp.stop_reason in ("end_turn", "stop_sequence"):
            return messages
        if resp.stop_reason == "pause_turn":
            continue
        if resp.stop_reason != "tool_use":
            raise RuntimeError(resp.stop_reason)
        results = []
        for b in (b for b in resp.content if b.type == "tool_use"):
            try:
                out, bad = json.dumps(run_tool(b.name, b.input), ensure_ascii=False), False
            except Exception as e:
                out, bad = str(e), True
            results.append({"type": "tool_result", "tool_use_id": b.id, "content": out,
                            "is_error": bad})  # fmt: skip
        messages.append({"role": "user", "content": results})
    raise RuntimeError("safety net")


def test_replies_appended_without_their_none_fields_are_the_replies_verbatim():
    """It once failed pause_turn with "round 1's assistant message differs from the model's
    original reply": only a nested None dropped."""
    for seed in (0, 1):
        report = check_loop(dumps_without_none, scenarios("research", "guide"), seed=seed)
        assert report.passed, report


def test_a_reply_really_changed_is_still_caught():
    from agentkit.grading.diagnose import _shape

    reply = [{"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1",
              "content": [{"type": "web_search_result", "url": "u", "page_age": None}]}]  # fmt: skip
    dropped = [{**reply[0], "content": [{"type": "web_search_result", "url": "u"}]}]
    changed = [{**reply[0], "content": [{"type": "web_search_result", "url": "v"}]}]
    assert _shape(dropped) == _shape(reply)
    assert _shape(changed) != _shape(reply)


def hands_refusal_to_a_person(client, messages, *, tools, run_tool, model):
    """The reference loop, except that on a refusal it calls escalate_to_human, then returns."""
    from agentkit import run_agent_loop

    result = run_agent_loop(client, messages, tools, run_tool=run_tool, model=model)
    if result.exit == "refused":
        run_tool("escalate_to_human", {"reason": "refused"})
    return result.messages


def test_the_refusal_advice_and_the_refusal_scenario_agree_and_the_diagnosis_says_why():
    """The resend diagnosis said "end or hand the task to a person", yet a loop that handed the
    refused task to a person got "the task was refused, yet escalate_to_human was called" with
    no reason."""
    from agentkit.grading.strings import T

    for lang in ("zh", "en"):
        assert "交给人" not in T.text("refusal_resent", lang, n=1)
        assert "hand the task to a person" not in T.text("refusal_resent", lang, n=1)
    result = check_loop(hands_refusal_to_a_person, scenarios("refusal")).results[0]
    assert not result.passed
    assert "escalate_to_human" in result.diagnosis and "转人工是给" in result.diagnosis, result


@pytest.mark.filterwarnings("ignore:The model 'claude-sonnet-4-5' is deprecated:DeprecationWarning")
def test_lesson_01s_check_names_model_when_the_request_asks_for_a_retired_one(monkeypatch):
    """The guide's own model id (claude-sonnet-4-5, retired): the verdict says the API rejected
    this request, and the hint points at MODEL, in both languages."""
    from agentkit.exercise import tools
    from agentkit.lessons import checks

    def build_request(question):
        return {
            "model": "claude-sonnet-4-5",
            "max_tokens": 1024,
            "tools": tools(),
            "messages": [{"role": "user", "content": question}],
        }

    for lang, said, hint in (
        ("zh", "API 拒绝了这个请求", "用上面定义的 MODEL"),
        ("en", "The API rejected the request", "use MODEL, defined above"),
    ):
        monkeypatch.setenv("AGENTKIT_LANG", lang)
        verdict = checks.request(build_request)
        text = str(verdict)
        assert not verdict.passed and said in text and hint in text, text
        assert "claude-sonnet-4-5" in text and "next request" not in text
