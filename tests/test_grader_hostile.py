"""A hostile loop gets a report in bounded time, and leaves the process as it found it.

A bare `except:` that swallows the request budget, a loop that sleeps, one that calls
sys.exit(), one that raises KeyboardInterrupt, one that spins without asking anything, one that
changes the default orders: each gets a diagnosis within its deadline, and the next check_loop
in the same process is unaffected.
"""

import copy
import os
import subprocess
import sys
import threading
import time

import pytest

from agentkit.grading import SCENARIOS, check_loop, reference_loop
from agentkit.grading.runner import STARVED
from agentkit.sim import world

pytestmark = pytest.mark.slow  # hostile loops run to their deadlines: the full tier

SOME = [s for s in SCENARIOS if s.key in ("guide", "parallel", "runaway")]
DEADLINE = 2.0


def bare_except_retry(client, messages, *, tools, run_tool, model):
    while True:  # "until it works"
        try:
            client.messages.create(model=model, max_tokens=100, messages=messages, tools=tools)
        except:  # noqa: E722  (the hostile part: it swallows BaseException too)
            pass


def sleeps(client, messages, *, tools, run_tool, model):
    client.messages.create(model=model, max_tokens=100, messages=messages)
    time.sleep(3600)


def exits(client, messages, *, tools, run_tool, model):
    client.messages.create(model=model, max_tokens=100, messages=messages)
    sys.exit(1)


def interrupts(client, messages, *, tools, run_tool, model):
    raise KeyboardInterrupt


SPINNING_ENDS = threading.Event()  # set when this module's tests end: no thread outlives them


def spins(client, messages, *, tools, run_tool, model):
    while not SPINNING_ENDS.is_set():
        try:
            sum(range(1000))
        except BaseException:  # noqa: S110  (and it would swallow a request to stop)
            pass


@pytest.fixture(autouse=True, scope="module")
def _stop_the_spinning_loops():
    """A loop that swallows BaseException cannot be stopped from outside (the grader only asks):
    left spinning, it would hold the interpreter lock half the time for every later test."""
    yield
    SPINNING_ENDS.set()


def changes_the_defaults(client, messages, *, tools, run_tool, model):
    world.DEFAULT_ORDERS.clear()
    world.DEFAULT_ORDERS["A-1001"] = {"status": "cancelled", "amount": 1.0, "item": "x"}
    world.TOOL_SCHEMAS["lookup_order"]["input_schema"]["required"] = ["nothing"]
    return reference_loop(client, messages, tools=tools, run_tool=run_tool, model=model)


class Unprintable(Exception):
    """An exception neither str() nor repr() can show (both raise)."""

    def __str__(self):
        raise RuntimeError("no text for you")

    __repr__ = __str__


def raises_the_unprintable(client, messages, *, tools, run_tool, model):
    client.messages.create(model=model, max_tokens=100, messages=messages)
    raise Unprintable


def exits_with_the_unprintable(client, messages, *, tools, run_tool, model):
    sys.exit(Unprintable())


class Liar(Exception):
    """isinstance() asks an object its __class__ when its type does not answer: this one raises."""

    @property
    def __class__(self):
        raise RuntimeError("no class for you")


def raises_a_liar(client, messages, *, tools, run_tool, model):
    client.messages.create(model=model, max_tokens=100, messages=messages)
    raise Liar


class Unreadable(dict):
    def get(self, *args):
        raise RuntimeError("no get for you")


def returns_an_unreadable_message(client, messages, *, tools, run_tool, model):
    history = reference_loop(client, messages, tools=tools, run_tool=run_tool, model=model)
    history[-1] = Unreadable(history[-1])
    return history


def speaks_junk(client, messages, *, tools, run_tool, model):
    os.environ["AGENTKIT_LANG"] = "xx"  # not a language: every string agentkit words would raise
    return reference_loop(client, messages, tools=tools, run_tool=run_tool, model=model)


def speaks_chinese_and_gives_up(client, messages, *, tools, run_tool, model):
    os.environ["AGENTKIT_LANG"] = "zh"
    del os.environ["AGENTKIT_OFFLINE"]
    return messages


def returns_three_million(client, messages, *, tools, run_tool, model):
    history = reference_loop(client, messages, tools=tools, run_tool=run_tool, model=model)
    return history + [{"role": "user", "content": "再来一次"}] * 3_000_000


def returns_a_deep_one(client, messages, *, tools, run_tool, model):
    history = reference_loop(client, messages, tools=tools, run_tool=run_tool, model=model)
    nested = "end"
    for _ in range(100_000):  # deeper than json.dumps can recurse
        nested = [nested]
    history[-1] = {"role": "assistant", "content": [{"type": "text", "text": "ok", "x": nested}]}
    return history


def returns_itself(client, messages, *, tools, run_tool, model):
    history = reference_loop(client, messages, tools=tools, run_tool=run_tool, model=model)
    block = {"type": "tool_use", "id": "toolu_1", "name": "lookup_order", "input": {}}
    block["input"]["again"] = block
    history.append({"role": "assistant", "content": [block]})
    return history


def holds_the_interpreter(client, messages, *, tools, run_tool, model):
    sys.setswitchinterval(30)  # another thread waits up to 30 s for the interpreter lock
    while not SPINNING_ENDS.is_set():
        sum(range(1000))


def timed(fn, scenarios=SOME, deadline=DEADLINE):
    start = time.monotonic()
    report = check_loop(fn, scenarios, deadline=deadline)
    return report, time.monotonic() - start


@pytest.mark.budget
def test_a_bare_except_that_swallows_the_budget_is_stopped_and_named():
    report, seconds = timed(bare_except_retry, SOME[:2])
    assert seconds < 60
    assert all("裸 except:" in r.diagnosis for r in report.results), report
    assert "（300 次）" in report.results[0].diagnosis  # the budget is named


def test_a_sleeping_loop_gets_a_report_within_its_deadline():
    report, seconds = timed(sleeps)
    # the first scenario waits out the deadline, the rest a short one: bounded, whatever it does
    assert seconds < DEADLINE + 2 * 0.5 + 10
    assert all("既没有发请求也没有运行工具" in r.diagnosis for r in report.results), report


def test_sys_exit_and_keyboard_interrupt_are_reported_not_let_through():
    exit_report, seconds = timed(exits)
    assert seconds < 10
    assert all("sys.exit(1)（SystemExit）" in r.diagnosis for r in exit_report.results)
    stop_report, _ = timed(interrupts)
    assert all("KeyboardInterrupt" in r.diagnosis for r in stop_report.results)


def test_an_exception_that_cannot_be_printed_is_named_and_the_next_check_is_unaffected():
    """str() and repr() of the loop's exception both raise: the grader names its class and says
    it could not be shown, rather than raising out of check_loop."""
    report, seconds = timed(raises_the_unprintable, SOME[:1])
    assert seconds < 10
    (result,) = report.results
    assert not result.passed and "Unprintable" in result.diagnosis, report
    assert "str() 和 repr() 都抛出了异常" in result.diagnosis, report
    exit_report, _ = timed(exits_with_the_unprintable, SOME[:1])
    assert "sys.exit(" in exit_report.results[0].diagnosis, exit_report
    assert "str() 和 repr() 都抛出了异常" in exit_report.results[0].diagnosis, exit_report
    assert check_loop(reference_loop, SOME[:1]).passed


def test_objects_whose_own_methods_raise_get_a_report_that_says_so():
    """What the grader reads of a run can be the loop's objects, and their methods its code: an
    exception whose __class__ raises, a message whose get() raises. The scenario fails with what
    the grader could not read, and the check goes on."""
    for fn in (raises_a_liar, returns_an_unreadable_message):
        report, seconds = timed(fn, SOME[:2])
        assert seconds < 10
        assert all(
            "评分器没能读完这次运行：RuntimeError: no " in r.diagnosis for r in report.results
        )
    assert check_loop(reference_loop, SOME[:1]).passed


def test_a_loop_that_changes_the_language_is_graded_in_the_language_the_check_began_in(
    monkeypatch,
):
    """AGENTKIT_LANG is read at every string: a loop that sets it to junk made the diagnosis raise
    (no report), and left the junk behind for the next check. The check speaks the language it
    began in, and the variables agentkit reads are put back after every scenario."""
    monkeypatch.setenv("AGENTKIT_LANG", "en")
    report, seconds = timed(speaks_junk, SOME[:2])
    assert seconds < 10 and report.passed, report
    assert os.environ["AGENTKIT_LANG"] == "en"
    assert repr(report).startswith("speaks_junk: 2/2 scenarios passed"), report
    gave_up, _ = timed(speaks_chinese_and_gives_up, SOME[:1])
    assert gave_up.results[0].title == "The study guide's exercise: a refund"
    assert gave_up.results[0].diagnosis.startswith("The loop never called the API"), gave_up
    assert (os.environ["AGENTKIT_LANG"], os.environ["AGENTKIT_OFFLINE"]) == ("en", "1")
    assert check_loop(reference_loop, SOME[:1]).passed


def test_a_returned_value_too_big_to_read_is_read_only_so_far_and_said_so():
    """3 million messages took 177 s to read (each validated, as a resend would be); 100,000
    levels of nesting and a value that contains itself made the diagnosis raise RecursionError.
    The grader reads a bounded part of what a loop returns, and says what it did not read."""
    report, seconds = timed(returns_three_million, SOME[:1])
    assert seconds < 20
    (result,) = report.results
    assert not result.passed and "返回的值太大，读不完：3000006 条消息" in result.diagnosis, report
    assert "没有再检查它（这次运行的完整历史是 6 条消息）" in result.diagnosis, report
    deep, seconds = timed(returns_a_deep_one, SOME[:1])
    assert seconds < 10 and "嵌套超过 100 层" in deep.results[0].diagnosis, deep
    cycle, seconds = timed(returns_itself, SOME[:1])
    assert seconds < 10 and "一个包含自身的值" in cycle.results[0].diagnosis, cycle
    assert check_loop(reference_loop, SOME[:1]).passed


def test_a_loop_that_spins_without_asking_is_abandoned():
    report, seconds = timed(spins, SOME[:1])
    # its deadline of its own seconds; on a loaded machine at most STARVED times that
    assert seconds < DEADLINE * STARVED + 10
    assert "既没有发请求也没有运行工具" in report.results[0].diagnosis


def test_a_loop_that_holds_the_interpreter_lock_for_30_s_is_abandoned_at_its_deadline():
    """sys.setswitchinterval(30) and a spin: the grader's thread, waiting for the interpreter lock,
    got it 30 s later each time (152 s against a 2 s deadline), and the interval stayed at 30 for
    the next check. While a loop runs, the interval is at most the grader's (a loop may lower it,
    not raise it), and it is put back as it was after each scenario."""
    before = sys.getswitchinterval()
    report, seconds = timed(holds_the_interpreter)
    assert seconds < (DEADLINE + 2 * 0.5) * STARVED + 10  # its deadlines; loaded, STARVED times
    assert all("既没有发请求也没有运行工具" in r.diagnosis for r in report.results), report
    assert sys.getswitchinterval() == before
    sys.setswitchinterval(0.02)  # the learner's own setting, before the check: theirs again after
    try:
        report, seconds = timed(holds_the_interpreter, SOME[:1])
        assert seconds < DEADLINE * STARVED + 10 and sys.getswitchinterval() == 0.02
    finally:
        sys.setswitchinterval(before)
    assert check_loop(reference_loop, SOME[:1]).passed


def test_the_next_check_loop_is_unaffected_by_the_hostile_ones():
    before = copy.deepcopy(world.DEFAULT_ORDERS), copy.deepcopy(world.TOOL_SCHEMAS)
    for fn in (bare_except_retry, sleeps, spins, changes_the_defaults):
        timed(fn, SOME[:1])
    assert (world.DEFAULT_ORDERS, world.TOOL_SCHEMAS) == before
    assert check_loop(reference_loop).passed
    assert threading.active_count() < 50  # abandoned threads are parked, not multiplying


def test_a_loop_that_changes_the_default_orders_does_not_break_the_scenarios_after_it():
    report = check_loop(changes_the_defaults, seed=0)
    later = check_loop(reference_loop, seed=0)
    assert later.passed, later
    assert world.DEFAULT_ORDERS["A-1001"]["status"] == "delivered"
    assert report.results  # graded, whatever it scored


def test_where_threads_cannot_start_the_battery_runs_inline_with_the_same_verdicts(monkeypatch):
    """Pyodide (the JupyterLite site) has no threads: check_loop runs the loop on its own thread.
    Its threading module has no get_native_id either (no native threads to name)."""
    import threading

    from agentkit.grading import check_loop, reference_loop

    threaded = check_loop(reference_loop)

    def no_threads(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", no_threads)
    monkeypatch.delattr(threading, "get_native_id")
    inline = check_loop(reference_loop)
    assert inline.passed and [r.passed for r in inline.results] == [
        r.passed for r in threaded.results
    ]


def test_a_correct_loop_the_machine_starves_is_not_abandoned(monkeypatch):
    """On a loaded machine (a class's notebooks on one server) a correct loop's thread can wait
    longer than the deadline for a CPU. The deadline counts the loop's own seconds: the time its
    thread waited for a CPU (Linux's schedstat; here a stand-in reports each pause as such a wait)
    is not idle time. The same pause as a sleep of the loop's own is idle, and caught."""
    from agentkit.grading import runner

    now = runner.REAL["monotonic"]  # the real clock: the loop's own is virtual

    paused: dict[int, tuple[float, float | None]] = {}  # thread: (paused before, pause began)
    pause = [0.6]  # seconds each tool run waits, really: the grader's virtual clock covers sleeps
    release = threading.Event()  # ends a pause early (the last one is meant never to end)

    def paused_loop(client, messages, *, tools, run_tool, model):
        def tool(name, args):
            me, start = threading.get_native_id(), now()
            before = paused.get(me, (0.0, None))[0]
            paused[me] = (before, start)
            release.wait(pause[0])
            paused[me] = (before + now() - start, None)
            return run_tool(name, args)

        return reference_loop(client, messages, tools=tools, run_tool=tool, model=model)

    real = runner.cpu_wait

    def kernel(thread_id):  # as schedstat counts: the time of a pause still going on counts too
        before, began = paused.get(thread_id, (0.0, None))
        return real(thread_id) + before + (now() - began if began is not None else 0.0)

    asleep = check_loop(paused_loop, SOME[:1], deadline=0.3)
    assert "既没有发请求也没有运行工具" in asleep.results[0].diagnosis
    monkeypatch.setattr(runner, "cpu_wait", kernel)
    starved = check_loop(paused_loop, SOME[:1], deadline=0.3)
    assert starved.passed, starved

    paused.clear()
    pause[0] = 3600.0  # the first tool run waits for a CPU it never gets
    start = now()
    try:
        forever = check_loop(paused_loop, SOME[:1], deadline=0.1)
    finally:
        release.set()
    assert "既没有发请求也没有运行工具" in forever.results[0].diagnosis
    assert forever.results[0].requests == 1
    assert now() - start < 0.1 * STARVED + 5


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux's schedstat")
def test_a_threads_wait_for_a_cpu_is_read_from_the_kernel():
    """Two processes on one CPU: this thread waits about half the time, and the kernel says so."""
    from agentkit.grading.runner import cpu_wait

    me = threading.get_native_id()
    if not os.path.exists(f"/proc/self/task/{me}/schedstat"):
        pytest.skip("this kernel keeps no schedstat")
    assert cpu_wait(None) == cpu_wait(2**31 - 1) == 0.0
    cpu, before = min(os.sched_getaffinity(0)), os.sched_getaffinity(0)
    os.sched_setaffinity(0, {cpu})
    hog = subprocess.Popen(
        [sys.executable, "-c", f"import os\nos.sched_setaffinity(0, {{{cpu}}})\nwhile True: pass"]
    )
    try:
        time.sleep(0.2)  # the hog is running
        start, end = cpu_wait(me), time.monotonic() + 0.6
        while time.monotonic() < end:
            pass
        assert cpu_wait(me) - start > 0.1
    finally:
        hog.kill()
        hog.wait()
        os.sched_setaffinity(0, before)
