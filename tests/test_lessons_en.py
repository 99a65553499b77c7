"""The lesson helpers in English (AGENTKIT_LANG=en): every check of `agentkit.lessons.checks` (and
the Agent SDK lesson's), found the way test_exercises.py finds them, answers the same range of
attempts in both languages: the stub, None, wrong types, an answer that raises, a near miss, each
anti-pattern specimen where the check takes a loop, and the right answer. In English no line it
shows or prints holds a CJK character, and each verdict (passed or not) is the one it gives in
Chinese. The lines the other lesson helpers print are checked the same way.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import io

import pytest

from agentkit import antipatterns, exercise
from agentkit.content import CJK
from agentkit.i18n import TABLES
from agentkit.lessons import agent_sdk, checks, solution
from agentkit.lessons.checks import Verdict
from agentkit.lessons.strings import T
from agentkit.tools import tool_results


def checks_of(module) -> dict:
    return {
        name: f
        for name, f in vars(module).items()
        if callable(f) and getattr(f, "__wrapped__", None) is not None
    }


CHECKS = {**checks_of(checks), **checks_of(agent_sdk)}
LOOP_CHECKS = ("whole_loop", "correct_stop")  # they take the learner's loop
SPECIMENS = {name: fn for name, (_kind, fn) in antipatterns.SPECIMENS.items()}


def on_pause_turn(messages, response):
    return messages + [{"role": "assistant", "content": response.content}]


def on_max_tokens(messages, response, max_tokens):
    return messages, max_tokens * 2


def make_message(response, run_tool):
    return {"role": "user", "content": tool_results(response, run_tool)}


async def deny_big_refunds(input_data, tool_use_id, context):
    amount = input_data["tool_input"].get("amount", 0)
    if input_data["tool_name"].endswith("process_refund") and amount > agent_sdk.REFUND_CAP:
        out = {"permissionDecision": "deny", "permissionDecisionReason": "over the refund cap"}
        return {"hookSpecificOutput": {"hookEventName": "PreToolUse", **out}}
    return {}


class RefundLimit:
    """A learner's hook, in English (the reference answer's reason is the Chinese lesson's)."""

    def __init__(self, limit):
        self.limit = limit

    def before_tool(self, name, input):
        if name == "process_refund" and input.get("amount", 0) > self.limit:
            return f"a refund of {input['amount']} is over the limit of {self.limit}"
        return None


@functools.cache
def quiz_item():
    from quizzes import load_bank

    return load_bank()[0]


def right(name: str) -> tuple:
    """The right answer to each check, built in the current language (what the edition's
    solution cell holds)."""
    item = quiz_item()
    return {
        "stop_reasons": ("tool_use", "end_turn"),
        "request": (solution.reference_build_request,),
        "predicted_stop_reasons": (
            ["tool_use", "end_turn"],
            [checks.task("refund"), exercise.weather_task()],
        ),
        "round_appended": (solution.reference_append_round,),
        "predicted_rounds": (
            [("tool_use", ["lookup_order"]), ("tool_use", ["create_return"]), ("end_turn", [])],
        ),
        "tool_result_block": (solution.reference_answer,),
        "predicted_result_counts": ([3, 3],),
        "refund_hook": (solution.ReferenceRefundLimit,),
        "predicted_calls": (
            {
                "decision_tree": ["lookup_order", "create_return"],
                "reference_loop": ["lookup_order"],
            },
        ),
        "correct_stop": (solution.solution_loop,),
        "predicted_failures": (
            {
                "fixed_five_turns": {"long", "poll", "runaway", "repo_fix", "repo_busy"},
                "tool_choice_none_after_last": {
                    "long",
                    "tool_error",
                    "refund_cap",
                    "english",
                    "round_failure",
                },
            },
        ),
        "branches": (on_pause_turn, on_max_tokens),
        "predicted_exits": (["completed", "max_tokens", "max_turns"],),
        "whole_loop": (solution.solution_loop,),
        "four_steps": (
            ["B", "D", "A", "C"],
            {"tool_use": T("action.continue"), "end_turn": T("action.finish")},
        ),
        "results_message": (make_message,),
        "text_exit": (["text", "tool_use"], 0),
        "tree_vs_model": ({"unexpected"}, set()),
        "guess_max_turns": ("max_turns",),
        "quiz_answer": (item.answer, item),
        "refund_cap_hook": (deny_big_refunds,),
        "finished_reader": (lambda r: r.subtype == "success" and not r.is_error,),
    }[name]


def near_miss(name: str) -> tuple:
    """The right answer, one thing changed: the check's own wrong-answer lines."""
    answer = list(right(name))
    if name in LOOP_CHECKS:
        return (antipatterns.exception_aborts,)
    if name == "quiz_answer":
        item = answer[1]
        return (next(k for k in item.options if k != item.answer), item)
    first = answer[0]
    if isinstance(first, list):
        answer[0] = first[::-1] if len(set(map(repr, first))) > 1 else first + first
    elif isinstance(first, dict):
        answer[0] = {k: v for k, v in list(first.items())[1:]}
    elif isinstance(first, set):
        answer[0] = first | {"guide"}
    elif isinstance(first, str):
        answer[0] = answer[-1] if len(answer) > 1 else "completed"
    else:  # a function or a class: one that returns nothing useful
        answer[0] = lambda *a, **k: {"role": "user", "content": []}
    return tuple(answer)


def _raises(*args, **kwargs):
    raise ValueError("learner bug")


KINDS = ("stub", "None", "int", "str", "raises", "near miss", "right")
ODD = {"stub": ..., "None": None, "int": 5, "str": "x", "raises": _raises}


def attempt(name: str, kind: str) -> tuple:
    """One of KINDS, as the check's arguments (built in the current language)."""
    if kind == "right":
        return right(name)
    if kind == "near miss":
        return near_miss(name)
    n = len(inspect.signature(CHECKS[name].__wrapped__).parameters)
    if name == "predicted_stop_reasons":  # the questions are the lesson's, not the learner's
        return (ODD[kind], right(name)[1])
    return (ODD[kind],) * n


def run(name: str, args: tuple, lang: str, monkeypatch) -> tuple[Verdict, list[str]]:
    """The check's verdict in `lang`, and every line it showed or printed."""
    monkeypatch.setenv("AGENTKIT_LANG", lang)
    if callable(args):
        args = args()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        verdict = CHECKS[name](*args)
    assert isinstance(verdict, Verdict), f"{name} in {lang}: not a verdict: {verdict!r}"
    return verdict, verdict.lines + printed.getvalue().splitlines()


def cjk_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if CJK.search(line)]


GRADER_IN_ENGLISH = "agentkit.grading" in TABLES
"""The grader's titles and diagnoses are worded through its own table (the grading helper's work):
until then a loop check's failed verdict quotes them in Chinese."""


CASES = [(name, kind) for name in CHECKS for kind in KINDS]


def test_every_check_has_a_right_answer_here():
    for name in CHECKS:
        right(name)  # a new check without its right answer here: KeyError


# Checks that grade a whole loop run batteries (seconds each): the full tier, but for the right one.
HEAVY = {"correct_stop", "predicted_failures", "whole_loop"}


@pytest.mark.parametrize(
    "name, kind",
    [
        pytest.param(n, k, marks=pytest.mark.slow) if n in HEAVY and k != "right" else (n, k)
        for n, k in CASES
    ],
    ids=[f"{n}-{k}" for n, k in CASES],
)
def test_a_check_answers_in_english_with_the_verdict_it_gives_in_chinese(name, kind, monkeypatch):
    if name in LOOP_CHECKS and kind in ("near miss", "raises") and not GRADER_IN_ENGLISH:
        pytest.skip("the grader's diagnoses are not in English yet (agentkit.grading has no table)")
    zh, _ = run(name, lambda: attempt(name, kind), "zh", monkeypatch)
    en, lines = run(name, lambda: attempt(name, kind), "en", monkeypatch)
    assert not cjk_lines(lines), f"{name} ({kind}) in English:\n" + "\n".join(lines)
    assert en.passed == zh.passed, f"{name} ({kind}): zh {zh!r}\nen {en!r}"
    assert en.passed == (kind == "right"), f"{name} ({kind}): {en!r}"
    if not en.passed:
        assert any(line.startswith("  Hint: ") for line in en.lines), en
    assert T.text("internal", "en") not in repr(en), en


ONE_PER_KIND = {}
for _name, (_kind, _fn) in antipatterns.SPECIMENS.items():
    ONE_PER_KIND.setdefault(_kind, _name)
ONE_PER_KIND["safety_net"] = "silent_cap"  # no_safety_net runs to the grader's budget: a minute
LANGUAGE_DEPENDENT = {"stop_on_done"}
"""Specimens built to pass in one language: stop_on_done stops on the English word "done", so
Chinese tasks never trip it (the "english" scenario, also among correct_stop's, catches it)."""


@pytest.mark.skipif(not GRADER_IN_ENGLISH, reason="the grader's diagnoses are not in English yet")
@pytest.mark.parametrize(
    "specimen",
    [
        s if s in ONE_PER_KIND.values() else pytest.param(s, marks=pytest.mark.slow)
        for s in SPECIMENS
    ],
)
def test_each_specimen_gets_an_english_verdict_from_the_checks_that_take_a_loop(
    specimen, monkeypatch
):
    """correct_stop (ten scenarios) in both languages for every specimen; whole_loop (the whole
    battery) in English for one specimen of each kind: every specimen fails check_loop in Chinese
    (tests/test_grading.py), so fails whole_loop there, and the grader's own tests hold its
    diagnoses of every specimen free of CJK in English."""
    fn = SPECIMENS[specimen]
    zh, _ = run("correct_stop", (fn,), "zh", monkeypatch)
    en, lines = run("correct_stop", (fn,), "en", monkeypatch)
    if specimen in LANGUAGE_DEPENDENT:
        assert not en.passed, en
    else:
        assert en.passed == zh.passed, f"correct_stop: zh {zh!r}\nen {en!r}"
    if specimen in ONE_PER_KIND.values():
        whole, more = run("whole_loop", (fn,), "en", monkeypatch)
        assert not whole.passed, whole
        lines += more
    assert not cjk_lines(lines), "\n".join(lines)


def test_a_bug_inside_a_check_is_reported_in_english(monkeypatch):
    import operator

    for module in checks.modules():  # one per lesson, each with its own `require`
        if hasattr(module, "require"):
            monkeypatch.setattr(module, "require", operator.attrgetter("x"))
    verdict, lines = run("stop_reasons", ("tool_use", "end_turn"), "en", monkeypatch)
    assert repr(verdict).startswith(T.text("internal", "en")), verdict
    assert "TypeError" in repr(verdict) and "not a problem with your answer" in repr(verdict)
    assert not cjk_lines(lines), lines


def test_the_check_tasks_and_the_guides_prompt_follow_the_language(monkeypatch):
    monkeypatch.setenv("AGENTKIT_LANG", "zh")
    assert checks.task("refund") == exercise.PROMPT == "订单 A-1001 的商品坏了，请帮我退款。"
    zh = {key: checks.task(key) for key in ("refund", "three", "research", "watch")}
    monkeypatch.setenv("AGENTKIT_LANG", "en")
    en = {key: checks.task(key) for key in zh}
    assert all(CJK.search(text) for text in zh.values())
    assert not any(CJK.search(text) for text in en.values()), en
    assert list(checks.STEPS.items())[0] == ("A", "Run every tool_use block of this turn")


def test_what_the_other_lesson_helpers_print_is_english(monkeypatch):
    """The tables, request logs, call lists and SDK lines lessons 01-06b print through the helpers,
    on runs of English tasks (the stand-in answers in the task's language)."""
    import agentkit
    from agentkit import World, make_client, run_agent_loop
    from agentkit.lessons import messages, runs, scenarios, sdk
    from agentkit.sim import WEB_SEARCH_TOOL

    monkeypatch.setenv("AGENTKIT_LANG", "en")
    shown: list[str] = [runs.stop_reason_table().text, runs.action_of("compaction")]
    world = World()
    rec = runs.Recorder()
    task = [{"role": "user", "content": checks.task("over_cap")}]
    result = run_agent_loop(
        make_client(world=world),
        task,
        world.tools(),
        run_tool=world.run_tool,
        on_event=rec,
        hooks=[RefundLimit(500)],
    )
    shown += [
        str(rec),
        runs.calls_text(result),
        runs.calls_text(
            run_agent_loop(
                make_client(world=World()), [{"role": "user", "content": "Hello"}], World().tools()
            )
        ),
    ]
    world = World(transitions={"A-1002": ["shipped"] * 100})
    shown.append(
        runs.escalate_when_stuck(world)(
            run_agent_loop(
                make_client(world=world),
                [{"role": "user", "content": checks.task("watch")}],
                world.tools(),
                run_tool=world.run_tool,
                max_turns=3,
                on_max_turns=lambda r: None,
            )
        )
    )
    client = make_client(world=World())
    ask = [{"role": "user", "content": checks.task("research")}]
    shown += [
        messages.try_request(client, ask, tools=[WEB_SEARCH_TOOL]),
        # the search queries are the stand-in's own tool input (agentkit/sim/policy.py TOPICS,
        # Chinese in both languages): the line counting the results is the helper's
        *[
            line
            for line in messages.describe(
                client.messages.create(
                    model=agentkit.default_model(),
                    max_tokens=1024,
                    tools=[WEB_SEARCH_TOOL],
                    messages=ask,
                )
            ).splitlines()
            if not line.startswith("server_tool_use")
        ],
        messages.describe(
            client.messages.create(**solution.reference_build_request(task[0]["content"]))
        ),
        scenarios.actions(
            scenarios.run_scenario(antipatterns.exception_aborts, scenarios.scenario("tool_error"))
        ),
        scenarios.final_text([]),
        *sdk.thinking_rule(make_client(), checks.task("refund"), World().tools()),
        *sdk.no_sampling_arguments(make_client()),
    ]
    if GRADER_IN_ENGLISH:  # the grader's verdict and the battery's task are the grader's strings
        shown.append(scenarios.what_happened(antipatterns.decision_tree, "unexpected"))

    def build_request(question):  # the learner's own, not passing yet
        return {}

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        checks.yours_or_reference(build_request, checks.request)
        checks.yours_or_reference(RefundLimit, checks.refund_hook)
    shown += printed.getvalue().splitlines()
    lines = [line for text in shown for line in str(text).splitlines()]
    assert not cjk_lines(lines), "\n".join(cjk_lines(lines))
    assert any(line.startswith("→ Your build_request has not passed") for line in lines), lines
    assert "→ Running your RefundLimit below (it passed its check)." in lines, lines
    assert any(line.endswith(" search results") for line in lines), lines


def test_the_agent_sdk_lessons_stream_lines_are_english(monkeypatch):
    """step_lines on the SDK's own message types, as the CLI's stream yields them."""
    from claude_agent_sdk import (
        AssistantMessage,
        SystemMessage,
        TextBlock,
        ToolResultBlock,
        ToolUseBlock,
        UserMessage,
    )

    monkeypatch.setenv("AGENTKIT_LANG", "en")
    stream = [
        SystemMessage(
            subtype="init", data={"mcp_servers": [{"name": "orders", "status": "connected"}]}
        ),
        AssistantMessage(content=[TextBlock(text="Let me look up the order first.")], model="m"),
        AssistantMessage(
            content=[
                ToolUseBlock(
                    id="t1", name="mcp__orders__lookup_order", input={"order_id": "A-1001"}
                )
            ],
            model="m",
        ),
        UserMessage(content=[ToolResultBlock(tool_use_id="t1", content="denied", is_error=True)]),
        agent_sdk._result("success", False, 3, "end_turn"),
    ]
    lines = [line for m in stream for line in agent_sdk.step_lines(m)]
    assert len(lines) == 5 and not cjk_lines(lines), lines
    assert lines[3].startswith("UserMessage tool_result   ③") and "(is_error)" in lines[3], lines
