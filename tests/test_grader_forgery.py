"""A grade a learner's code cannot forge: given in a fresh process (agentkit.grading.fresh).

This test process plays the notebook kernel: a cell that patches a grading function in it (the
diagnosis, the runner, the offline API, `Report.passed`, a lesson's check) makes check_loop pass
a broken loop here, and the grade given in a fresh process stays true. Code that patches the
grader where it is graded, in the fresh process, is refused by name.
"""

import json
import sys
import threading
import time
import types

import pytest

import agentkit.grading.report as report_module
import agentkit.lessons.checks as checks_module
from agentkit.grading import SCENARIOS, Report, check_loop, reference_loop, run_scenario
from agentkit.grading.fresh import (
    Carrier,
    grade_in_fresh_process,
    in_fresh_process,
    source_of,
)
from agentkit.lessons.checks import Verdict
from agentkit.offline import OfflineAPI
from agentkit.tools import tool_results

KEYS = ["guide", "parallel"]  # where a loop that stops at its first text block fails
TWO = [s for s in SCENARIOS if s.key in KEYS]
TURNS = 50  # a module global the loops below use: sent with them


def stops_at_text(client, messages, *, tools, run_tool, model):
    """Broken: Claude says "let me look that up" before its tool_use, and this loop stops."""
    for _ in range(TURNS):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": resp.content})
        if any(b.type == "text" for b in resp.content):
            return messages
        messages.append({"role": "user", "content": results_of(resp, run_tool)})
    raise CapReached(TURNS)


def correct(client, messages, *, tools, run_tool, model):
    for _ in range(TURNS):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason != "tool_use":
            raise RuntimeError(json.dumps(resp.stop_reason))
        messages.append({"role": "user", "content": results_of(resp, run_tool)})
    raise CapReached(TURNS)


def results_of(resp, run_tool):
    return tool_results(resp, run_tool)  # a helper of the notebook's, and agentkit's function


class CapReached(Exception):
    """The safety net: a class with no methods (in a kernel, Python finds no source for it)."""


def forged_handle(real):
    """An offline API that drops the text a reply says before its tool_use: a loop that stops at
    its first text block then looks right."""

    def handle(self, method, path, content, headers=None):
        answer = real(self, method, path, content, headers)
        body = answer.body
        if answer.events is None and isinstance(body, dict):
            content = body.get("content") or []
            if any(b.get("type") == "tool_use" for b in content):
                body["content"], answer.raw = [b for b in content if b["type"] != "text"], None
        return answer

    return handle


PATCHES = {  # what a cell in the kernel may do, each enough to pass stops_at_text here
    "report.diagnose": lambda mp: mp.setattr(report_module, "diagnose", lambda run: []),
    "report.run_scenario": lambda mp: mp.setattr(
        report_module, "run_scenario", lambda fn, sc, **kw: run_scenario(reference_loop, sc, **kw)
    ),
    "OfflineAPI.handle": lambda mp: mp.setattr(
        OfflineAPI, "handle", forged_handle(OfflineAPI.handle)
    ),
    "Report.passed": lambda mp: mp.setattr(Report, "passed", property(lambda self: True)),
}


@pytest.mark.slow
@pytest.mark.parametrize("patch", sorted(PATCHES))
def test_a_grading_function_patched_here_forges_check_loop_but_not_the_fresh_grade(
    patch, monkeypatch
):
    assert not check_loop(stops_at_text, TWO).passed  # broken, as graded before the patch
    PATCHES[patch](monkeypatch)
    assert check_loop(stops_at_text, TWO).passed  # the patch forges the grade in this process
    grade = grade_in_fresh_process(stops_at_text, scenarios=KEYS)
    assert grade["passed"] is False and not grade.get("refused"), grade
    assert [r["passed"] for r in grade["results"]] == [False, False]
    assert "第 1 轮响应同时含 text 与 tool_use" in grade["results"][0]["diagnosis"], grade


@pytest.mark.slow
def test_a_correct_loop_gets_its_true_grade_whatever_was_patched_here(monkeypatch):
    """All the patches at once, and the learner's language: the fresh grade is the true one,
    sent with what the loop uses (a helper, a constant, a class, json, agentkit's tool_results)."""
    for patch in PATCHES.values():
        patch(monkeypatch)
    monkeypatch.setenv("AGENTKIT_LANG", "en")
    grade = grade_in_fresh_process(correct, scenarios=KEYS + ["runaway"])
    assert grade["passed"] is True, grade["text"]
    assert grade["text"].startswith("correct: 3/3 scenarios passed (seed=0)"), grade["text"]
    assert [r["key"] for r in grade["results"]] == KEYS + ["runaway"]


@pytest.mark.slow
def test_a_lessons_check_patched_here_still_fails_a_broken_loop(monkeypatch):
    monkeypatch.setattr(checks_module, "correct_stop", lambda loop: Verdict(True, ["✓ 通过"]))
    assert checks_module.correct_stop(stops_at_text).passed  # forged here
    verdict = in_fresh_process("agentkit.lessons.checks:correct_stop", stops_at_text)
    assert verdict["passed"] is False and "还不对" in verdict["text"], verdict


PATCHES_THE_GRADER = """
import agentkit.grading.report


def patches_the_grader(client, messages, *, tools, run_tool, model):
    agentkit.grading.report.diagnose = lambda run: []  # in the fresh process, where it is graded
    return messages
"""

PRINTS_A_VERDICT = """
import json


def prints_a_verdict(client, messages, *, tools, run_tool, model):
    print(json.dumps({"passed": True, "text": "forged"}))
    return messages
"""


@pytest.mark.slow
def test_code_that_patches_the_grader_where_it_is_graded_is_refused_by_name():
    grade = grade_in_fresh_process(PATCHES_THE_GRADER, "patches_the_grader", scenarios=["guide"])
    assert grade["passed"] is False and grade["refused"], grade
    assert "改动了评分器自己的代码（agentkit.grading.report.diagnose）" in grade["text"], grade
    printed = grade_in_fresh_process(PRINTS_A_VERDICT, "prints_a_verdict", scenarios=["guide"])
    assert printed["passed"] is False and printed["text"] != "forged", printed
    assert "循环一次也没有调用 API" in printed["results"][0]["diagnosis"], printed


@pytest.mark.slow
def test_a_fresh_process_past_its_time_is_stopped_and_gives_no_grade():
    sleeps = "import time\ntime.sleep(600)\n\n\ndef never(client, messages, **kw):\n    pass\n"
    start = time.monotonic()
    grade = grade_in_fresh_process(sleeps, "never", timeout=3)
    assert time.monotonic() - start < 30
    assert grade["passed"] is False and grade["refused"], grade
    assert "3 秒内没有结束" in grade["text"], grade


# --- what is sent (no process started) -----------------------------------------------------------


def test_an_answer_goes_with_what_it_uses_modules_by_name_the_notebooks_code_by_source():
    carrier = Carrier()
    assert carrier.answer(correct, 0) == "correct"
    kinds = {b["name"]: b["kind"] for b in carrier.bindings}
    assert kinds == {
        "CapReached": "source",
        "TURNS": "pickle",
        "json": "module",
        "results_of": "source",
        "tool_results": "pickle",  # agentkit's: imported by name in the fresh process
        "correct": "source",
    }
    assert [b["name"] for b in carrier.bindings][-1] == "correct"  # what it uses comes first


LOCK = threading.Lock()


def uses_a_lock(client, messages, **kw):
    with LOCK:
        return messages


def test_an_answer_that_cannot_be_sent_is_refused_with_the_name_that_could_not():
    grade = grade_in_fresh_process(uses_a_lock)
    assert grade == {"passed": False, "refused": True, "text": grade["text"]}
    assert grade["text"].startswith(
        "无法把 uses_a_lock 用到的 LOCK 交给新的进程评分：它的值复制不到"
    )
    assert "lambda" in grade_in_fresh_process(lambda c, m, **kw: m)["text"]

    def inner(client, messages, **kw):
        return uses_a_lock(client, messages) or LOCK

    assert grade_in_fresh_process(inner)["refused"]  # not a closure: sent, but LOCK is not
    with pytest.raises(ValueError, match="agentkit.module:function"):
        in_fresh_process("os:system", "true")


def test_a_class_defined_in_a_kernel_is_sent_from_its_cells_lines(monkeypatch):
    """In a kernel, __main__ has no file, and inspect.getsource finds no class: the class
    statement is read above one of its methods in the cell's lines, and a class with nothing
    but a docstring is rebuilt from its bases."""
    import linecache

    cell = "/tmp/ipykernel_1/123.py"
    text = (
        "class Limit:\n    '''A hook.'''\n\n    def __init__(self, n):\n        self.n = n\n\n\n"
        "class Stop(Limit):\n    '''At the limit.'''\n"
    )
    monkeypatch.setitem(linecache.cache, cell, (len(text), None, text.splitlines(True), cell))
    kernel = types.ModuleType("__kernel__")  # no __file__, as a kernel's __main__
    monkeypatch.setitem(sys.modules, "__kernel__", kernel)
    exec(compile(text, cell, "exec"), vars(kernel))
    assert source_of(kernel.Limit) == text.split("\n\n\nclass Stop")[0] + "\n"
    assert source_of(kernel.Stop) == "class Stop(Limit):\n    'At the limit.'\n"
