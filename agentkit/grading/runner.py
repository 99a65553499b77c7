"""Run a loop under test on one scenario and record everything it did.

The loop gets a real `anthropic.Anthropic` client (the SDK's default two retries; a subclass that,
past MEMO_FROM requests of the runaway task, does not serialise a message it sent before again:
`graded_client`) whose transport is the offline API with the scenario's world, and a `run_tool`
that executes in that world. Every request and response, and every tool execution (with its
output or error, and the round it came in), is kept for the diagnosis.

The loop runs in a daemon thread the grader can abandon, so no loop can hold the grader:
- a request budget: past it the transport raises `BudgetExceeded` (a BaseException), and a loop
  that swallows it (a bare `except:`) and asks again is parked for good at its next request;
- a deadline: a loop that goes `deadline` seconds without a request or a tool run (it sleeps,
  blocks or spins) is abandoned, and so is one still busy after LONGEST seconds (an abandoned
  thread is parked at its next request or tool run, and asked to stop). The seconds are the loop's
  own (`Harness.clock`): the wall clock less the time its thread waited for a CPU, so a loaded
  machine (a class's notebooks on one server) does not make a correct loop late; however loaded,
  STARVED times the deadline on the wall clock is the end;
- `SystemExit` and `KeyboardInterrupt` raised by the loop are recorded, not let through; what the
  diagnosis shows of an exception (its class name, its text) is read on the loop's thread, under
  its deadline (`str()` is the loop's code too, and may raise or never return);
- module state a loop could change (the default orders, tool schemas, pages) is put back before
  every scenario, and process state after it (`ProcessState`: the environment variables agentkit
  reads, the recursion limit), so the next scenario and the next check find what the first did.
"""

from __future__ import annotations

import copy
import ctypes
import json
import re
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx2

from ..failures import DENIED, INVALID_INPUT, UNAVAILABLE
from ..offline import OfflineAPI, resent
from ..offline.api import MIDSTREAM
from ..offline.tokens import input_tokens
from ..settings import SavedEnvironment
from ..sim import SimulatedClaude, ToolFailure, World
from ..sim import world as world_module
from ..tools import RefundCap
from .battery import RUNAWAY_LIMIT, Case, Scenario
from .clock import REAL, VirtualClock, installed
from .graded_client import GradedAnthropic, MessagesMemo
from .strings import T

MAX_REQUESTS = RUNAWAY_LIMIT + 1  # one past the limit: proof that the loop would not stop
TASK_LIMIT = 300  # requests a scenario other than the runaway may take before it "never ends"
# from this runaway request on, the client remembers the messages it sent (graded_client)
MEMO_FROM = 100
LIMIT = RUNAWAY_LIMIT  # the limit in force when a caller names none (a test may lower it)
SLEEP_ALLOWANCE = 60.0  # seconds of time.sleep / asyncio.sleep per scenario on the virtual clock
REQUEST_SECONDS = 3.0  # what one request costs on the loop's clock (a live one takes seconds)
TIMEOUT = "timeout"  # a request's status when it got no answer in time (the SDK's APITimeoutError)
MAX_TOOL_RUNS = 400  # tool runs in a scenario (the runaway task's: its limit + 100, one a request)
MAX_RESENDS = 3  # the same request sent again after an answer it cannot change (a 4xx, a cut reply)
DEADLINE = 5.0  # seconds a loop may go without a request or a tool run (it sleeps, blocks, spins)
AFTER_A_HANG = 0.5  # that deadline in the scenarios after one the loop did not finish in time
LONGEST = 120.0  # the loop's seconds for one scenario, however busy the loop keeps itself
SWITCH_INTERVAL = 0.005  # seconds: CPython's default, the longest a loop's thread holds the GIL
STARVED = 10  # times the deadline on the wall clock: the end however long the loop waited for a CPU


class BudgetExceeded(BaseException):
    """Raised inside the loop under test when it sends too many requests or runs too many
    tools. A BaseException, so `except Exception` in the learner's code does not swallow it."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what  # "requests", "tools", or "resends" (the same request again and again)


class Abandoned(BaseException):
    """Sent into a loop's thread once the grader has stopped waiting for it."""


@dataclass
class Execution:
    """One call of the run_tool the grader handed the loop: the name and input it was given,
    what came back (the output, or the error), and after how many responses it ran (its round:
    the tool_use blocks it can answer are in that one). Not a `tools.ToolCall`: the grader sees
    no tool_use id and no tool_result here; `diagnose` matches executions to tool_use blocks."""

    name: str
    input: Any
    ok: bool
    output: Any = None
    error: str = ""
    round: int = 0
    denied: bool = False  # refused by the scenario's own rule (the refund cap), not by the world


@dataclass
class Run:
    """What one scenario run left behind: the world, every request and response, every tool run."""

    case: Case
    requests: list[dict[str, Any]] = field(default_factory=list)
    responses: list[dict[str, Any] | None] = field(default_factory=list)  # None: not a 200
    statuses: list[int | str] = field(default_factory=list)  # per request: 200, 400, "midstream"
    errors: list[dict[str, Any] | None] = field(default_factory=list)  # per request: error body
    codes: list[str | None] = field(default_factory=list)  # per request: the refusing check's code
    tool_calls: list[Execution] = field(default_factory=list)  # every run_tool call, in order
    returned: Any = None
    error: BaseException | None = None
    error_name: str = ""  # the class name of `error`, and its text (`shown`): read on the loop's
    error_text: str = ""  # thread, so an exception whose str() raises or hangs holds no one up
    exceeded: str | None = (
        None  # "requests", "tools", "resends": a budget ran out (swallowed or not)
    )
    swallowed: bool = False  # the loop caught the budget and went on
    timed_out: float | None = None  # seconds: idle that long (the deadline), or busy LONGEST
    deadline: float = DEADLINE
    limit: int = RUNAWAY_LIMIT  # requests this scenario allows (its budget is one more)
    slept: float = 0.0  # seconds the loop slept on the virtual clock (clock.VirtualClock)
    clock: float = 0.0  # seconds the loop's clock moved on: slept, and charged per request

    @property
    def world(self) -> World:
        return self.case.world

    def calls(self, tool: str, order_id: str | None = None, ok: bool | None = True) -> list[dict]:
        """The inputs of the tool runs named `tool` (for that order; succeeded, failed or both)."""
        return [
            c.input
            for c in self.tool_calls
            if c.name == tool
            and isinstance(c.input, dict)
            and order_id in (None, c.input.get("order_id"))
            and ok in (None, c.ok)
        ]


# --- module state a loop could change -------------------------------------------------------------

_STATE = ("DEFAULT_ORDERS", "DEFAULT_PAGES", "TOOL_SCHEMAS", "WEB_SEARCH_TOOL")
_PRISTINE = {name: copy.deepcopy(getattr(world_module, name)) for name in _STATE}


def restore_module_state() -> None:
    """Put the world module's defaults back as they were when the grader was imported, in place
    (code that imported them by name sees the same objects)."""
    for name, value in _PRISTINE.items():
        live = getattr(world_module, name)
        if isinstance(live, dict):
            live.clear()
            live.update(copy.deepcopy(value))
        elif isinstance(live, list):
            live[:] = copy.deepcopy(value)


class ProcessState:
    """What a loop could change in the process that the grader, or the next check, reads: the
    environment variables agentkit reads (`settings.SavedEnvironment`), the recursion limit, the
    interpreter's switch interval. Taken before a scenario, put back after it.

    The switch interval is how long a thread that wants the interpreter lock waits before it asks
    the thread holding it to let go: a loop that sets it to 30 s and spins keeps the grader's own
    thread from its deadline for 30 s at a time. While the loop runs, the interval is at most
    SWITCH_INTERVAL and `sys.setswitchinterval` is a guard that keeps it so (a loop may lower it,
    not raise it). A loop that took the real function before the check began still can: nothing
    in one process stops code that holds the lock and never lets go."""

    def __init__(self) -> None:
        self.environment = SavedEnvironment()
        self.recursion = sys.getrecursionlimit()
        self.switch = sys.setswitchinterval
        self.interval = sys.getswitchinterval()
        self.switch(min(self.interval, SWITCH_INTERVAL))
        sys.setswitchinterval = _switch_guard(self.switch)

    def restore(self) -> None:
        self.environment.restore()
        sys.setrecursionlimit(self.recursion)
        sys.setswitchinterval = self.switch
        self.switch(self.interval)


def _switch_guard(switch: Callable[[float], None]) -> Callable[[float], None]:
    def setswitchinterval(interval: float, /) -> None:
        """sys.setswitchinterval while a loop is graded: at most the grader's interval."""
        switch(min(interval, SWITCH_INTERVAL))

    return setswitchinterval


# --- one run ---------------------------------------------------------------------------------------


def run_scenario(
    fn: Callable[..., Any],
    sc: Scenario | Case,
    *,
    seed: int = 0,
    max_calls: int | None = None,
    model: str | None = None,
    deadline: float = DEADLINE,
    limit: int | None = None,
) -> Run:
    """Run `fn` (the learner's signature) on one scenario drawn with `seed`, for at most
    `deadline` seconds without a request or tool run, and at most `limit` + 1 requests on the
    runaway task (a loop must stop within `limit`), `TASK_LIMIT` + 1 on any other (or at most
    `limit` + 1, when lower); `max_calls` sets the budget outright. `limit` defaults to LIMIT."""
    limit = LIMIT if limit is None else limit
    state = ProcessState()
    restore_module_state()
    case = sc.case(seed) if isinstance(sc, Scenario) else sc
    own = limit if case.runaway else min(limit, TASK_LIMIT)
    run = Run(case=case, deadline=deadline, limit=own if max_calls is None else max_calls - 1)
    harness = Harness(run, run.limit + 1)
    try:
        with installed(harness.virtual):
            return harness.run(fn, model or case.model)
    finally:
        run.slept, run.clock = harness.virtual.slept, harness.virtual.offset
        state.restore()
        restore_module_state()


def cpu_wait(thread_id: int | None) -> float:
    """Seconds the thread with native id `thread_id` has waited, runnable, for a CPU (Linux's
    per-thread schedstat); 0.0 where the kernel does not say (other systems, the browser)."""
    if thread_id is None:
        return 0.0
    try:
        with open(f"/proc/self/task/{thread_id}/schedstat", "rb") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


class Harness:
    """The loop's side of one run: its client's transport and its run_tool, both watched."""

    def __init__(self, run: Run, max_calls: int):
        self.record, self.max_calls, self.case = run, max_calls, run.case
        model: Any = SimulatedClaude(run.world)
        if self.case.new_stop is not None:
            model = NewStopReason(model, *self.case.new_stop)
        self.api = OfflineAPI(model, log=Unlogged())  # the run keeps the bodies (`BodyReader`)
        self.bodies = BodyReader()
        self.memo = MessagesMemo()  # the client's, on for the runaway task's long tail
        self.over = threading.Event()  # the grader has stopped listening: park the loop's thread
        self.done = threading.Event()
        self.lock = threading.Lock()
        self.thread_id: int | None = None  # the loop's thread (its native id), once it runs
        self.active = self.wall = 0.0  # when the loop last sent a request or ran a tool
        self.touch()
        self.last_raw: bytes | None = None  # the request before, and whether its answer was one
        self.final, self.again = False, 0  # a resend cannot change (a 4xx, a cut reply)
        self.cap = RefundCap(self.case.refund_cap) if self.case.refund_cap is not None else None
        self.fails = dict(self.case.fail_once)
        self.inline = False  # True where threads cannot start: the loop runs on this thread
        self.virtual = VirtualClock(SLEEP_ALLOWANCE, REQUEST_SECONDS)
        self.max_tools = max(MAX_TOOL_RUNS, run.limit + 100) if self.case.runaway else MAX_TOOL_RUNS

    def clock(self) -> float:
        """The loop's own seconds: the wall clock less what its thread waited for a CPU."""
        return REAL["monotonic"]() - cpu_wait(self.thread_id)

    def touch(self) -> None:
        """The loop is active: it sent a request or ran a tool (its own seconds, and the wall's)."""
        self.active, self.wall = self.clock(), REAL["monotonic"]()

    def idle_left(self, start: float) -> float:
        """Seconds before the loop is abandoned: idle `deadline` of its own seconds, or STARVED
        times that on the wall clock, or busy LONGEST of its own seconds."""
        now, deadline = self.clock(), self.record.deadline
        return min(
            self.active + deadline - now,
            self.wall + STARVED * deadline - REAL["monotonic"](),
            start + LONGEST - now,
        )

    def run(self, fn: Callable[..., Any], model: str) -> Run:
        run, case = self.record, self.case
        client = GradedAnthropic(
            api_key="offline",
            http_client=httpx2.Client(transport=httpx2.MockTransport(self.transport)),
        )
        client.memo = self.memo
        task = case.messages

        def target() -> None:
            native_id = getattr(threading, "get_native_id", None)  # Pyodide has none
            self.thread_id = native_id() if native_id else None
            self.virtual.thread = threading.get_ident()
            self.touch()
            try:
                returned = fn(client, task, tools=case.tools, run_tool=self.run_tool, model=model)
                if not self.over.is_set():
                    run.returned = returned
            except BaseException as e:  # crashed, stopped, exited: a diagnosis, not a traceback
                exited = issubclass(type(e), SystemExit)  # isinstance() asks e its __class__
                name, text = type_name(e), shown(getattr(e, "code", None) if exited else e)
                if not self.over.is_set():
                    run.error, run.error_name, run.error_text = e, name, text
            finally:
                self.done.set()

        thread = threading.Thread(target=target, name=f"check_loop {case.key}", daemon=True)
        try:
            thread.start()
        except RuntimeError:  # no threads (Pyodide, the browser): run it here, with no deadline
            self.inline = True
            target()
        finished, start = self.inline, self.clock()
        while not finished:
            left = self.idle_left(start)
            if left <= 0:
                break
            finished = self.done.wait(left)
        self.over.set()
        if not finished:
            run.timed_out = LONGEST if self.clock() - start >= LONGEST else run.deadline
            _interrupt(thread)
        with self.lock:  # what the diagnosis reads: fixed now, whatever an abandoned thread does
            run.requests, run.responses = list(run.requests), list(run.responses)
            run.statuses, run.errors = list(run.statuses), list(run.errors)
            run.codes = list(run.codes)
            run.tool_calls = list(run.tool_calls)
        return run

    def park(self) -> None:
        """Where an abandoned loop, or one that swallowed its budget, waits for good (run inline,
        with no thread to park, the budget is raised again instead)."""
        self.done.set()
        if self.inline:
            raise BudgetExceeded("requests")
        while True:
            threading.Event().wait(3600)

    def exceed(self, what: str) -> None:
        if self.record.exceeded:  # the budget was swallowed and the loop goes on
            self.record.swallowed = True
            self.park()
        self.record.exceeded = what
        raise BudgetExceeded(what)

    def transport(self, request: httpx2.Request) -> httpx2.Response:
        if self.over.is_set():
            self.park()
        self.touch()
        if request.url.path != "/v1/messages":  # count_tokens, models: not a model request
            return self.api(request)
        run = self.record
        if len(run.requests) >= self.max_calls:
            self.exceed("requests")
        self.virtual.request()
        same = request.content == self.last_raw and self.final
        self.again = self.again + 1 if same else 0
        if self.again > MAX_RESENDS:
            self.exceed("resends")
        with self.lock:
            self.last_raw = request.content
            body = self.bodies.read(request.content)
            content = _apply_case(self.case, self.api, body, len(run.requests), request.content)
            run.requests.append(body)
            self.memo.on = self.case.runaway and len(run.requests) >= MEMO_FROM
        if self.case.failing == "timeout" and _failing(self.case, len(run.requests)):
            self.api.calls += 1  # the request reached no answer: what the SDK sees is a timeout
            self.final = False
            run.statuses.append(TIMEOUT)
            run.responses.append(None)
            run.errors.append(None)
            run.codes.append(None)
            raise httpx2.ReadTimeout("offline fault injection: no answer", request=request)
        refused = len(self.api.refusals)
        response = self.api.handle(request.method, request.url.path, content).response()
        status, message, error = _read(response)
        new = self.api.refusals[refused:]
        run.codes.append(new[-1].code if new else None)
        stop = message and message.get("stop_reason")
        self.final = final_answer(status) or stop == "max_tokens"
        run.statuses.append(status)
        run.responses.append(message)
        run.errors.append(error)
        return response

    def run_tool(self, name: str, args: dict[str, Any]) -> Any:
        if self.over.is_set():
            self.park()
        run = self.record
        if len(run.tool_calls) >= self.max_tools:
            self.exceed("tools")
        self.touch()
        args = json.loads(json.dumps(args, default=str))  # the loop's own dict stays the loop's
        at, denied = len(run.responses), False
        try:
            if not isinstance(args, dict):
                raise ToolFailure(T("input_not_a_dict", type=type(args).__name__), INVALID_INPUT)
            reason = self.cap and self.cap.before_tool(name, args)
            if reason:
                denied = True
                raise ToolFailure(reason, DENIED)
            order_id = args.get("order_id")
            if isinstance(order_id, str) and self.fails.get((name, order_id)):
                self.fails[name, order_id] -= 1
                raise ToolFailure(T("unavailable", name=name), UNAVAILABLE)
            out = run.world.run_tool(name, dict(args))
        except Exception as e:
            failed = Execution(name, args, False, error=str(e), round=at, denied=denied)
            run.tool_calls.append(failed)
            raise
        run.tool_calls.append(Execution(name, args, True, output=out, round=at))

        return out


_LENIENT = json.JSONDecoder()  # json.loads's own reader: NaN is read, as the runner always has
_NOTHING_ODD = re.compile(rb"(?!)")  # that reader needs no escape left to the whole-body parse


class BodyReader:
    """The request bodies of one run, read as `json.loads` reads them. A body that starts with the
    previous one's messages, byte for byte (an agent loop's next request), is parsed from where they
    end (`offline.resent`), so a long run costs what its new messages cost; the messages the two
    bodies share are the same objects (nothing the grader does changes a recorded request)."""

    def __init__(self) -> None:
        self.seen: resent.SentPrefix | None = None

    def read(self, content: bytes) -> Any:
        got = resent.read_after(content, _LENIENT, self.seen, _NOTHING_ODD)
        if got is None:
            self.seen = None
            return json.loads(content)
        self.seen = got.seen
        return got.body


class Unlogged:
    """The offline API's body log, kept by no one: the run records the bodies it reads itself."""

    def append(self, raw: bytes) -> None:
        pass

    def __len__(self) -> int:
        return 0

    def __getitem__(self, i: Any) -> Any:
        return [][i]

    def __iter__(self) -> Any:
        return iter(())


def type_name(value: Any) -> str:
    """The name of `value`'s class, as `type` has it (a metaclass's own `__name__` is code)."""
    return str(type.__dict__["__name__"].__get__(type(value)))


def shown(value: Any) -> str:
    """`value` as text: its str(), else its repr(), else a sentence that neither could show it
    (both are the loop's code: they may raise anything). None is ""."""
    if value is None:
        return ""
    for show in (str, repr):
        try:
            text = show(value)
        except BaseException:  # whatever it raised, the next way is tried
            continue
        if isinstance(text, str):
            return str.__str__(text)  # a str subclass's own methods are code too
    return T("unprintable")


def _interrupt(thread: threading.Thread) -> None:
    """Ask an abandoned thread to stop (it is parked anyway at its next request or tool run)."""
    if thread.ident is not None and thread.is_alive():
        ctypes.pythonapi.PyThreadState_SetAsyncExc(
            ctypes.c_ulong(thread.ident), ctypes.py_object(Abandoned)
        )


def _apply_case(
    case: Case, api: OfflineAPI, body: dict[str, Any], sent: int, content: bytes
) -> bytes:
    """The scenario's conditions for the next request: API faults, a nearly full context window,
    the deployment's stop_sequences (added to the body the API gets). Returns that body."""
    n = sent + 1
    if _failing(case, n) and isinstance(case.failing, int):
        api.faults[api.calls + 1] = case.failing
    if case.midstream_at == n:
        api.faults[api.calls + 1] = MIDSTREAM if body.get("stream") else 529
    if case.context_room is not None and sent == 0:
        try:
            api.context_window = input_tokens(body) + case.context_room
        except (KeyError, TypeError, AttributeError):
            pass  # an invalid body: the API says why
    if case.stop_sequences and isinstance(body, dict) and "stop_sequences" not in body:
        return json.dumps({**body, "stop_sequences": case.stop_sequences}).encode()
    return content


RETRIED = (408, 409, 429)  # the 4xx statuses the SDK retries: a resend can be answered otherwise


def final_answer(status: int | str) -> bool:
    """A 4xx that a resend of the same request cannot change (the SDK retries the others)."""
    return isinstance(status, int) and 400 <= status < 500 and status not in RETRIED


def _failing(case: Case, n: int) -> bool:
    """Request n of the case is one the API fails for good."""
    return case.overloaded_from is not None and n >= case.overloaded_from


class NewStopReason:
    """The scenario's model, but reply `at` carries stop_reason `value`: one the loop cannot know
    (what the API would send once it adds a stop reason). Its content is the model's own."""

    def __init__(self, model: Any, at: int, value: str):
        self.model, self.at, self.value, self.replies = model, at, value, 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.model, name)

    def reply(self, request: Any) -> Any:
        reply = self.model.reply(request)
        self.replies += 1
        if self.replies == self.at:
            reply.stop_reason = self.value
        return reply


def _read(response: httpx2.Response) -> tuple[int | str, dict | None, dict | None]:
    """(status, the Message of a 200, the error body of anything else)."""
    if response.status_code != 200:
        try:
            return response.status_code, None, json.loads(response.content)
        except ValueError:
            return response.status_code, None, None
    message = _message_of(response)
    if message.get("_error"):
        return MIDSTREAM, None, message["_error"]
    return 200, message, None


def _message_of(response: httpx2.Response) -> dict[str, Any]:
    """The Message a 200 response carries: JSON, or rebuilt from server-sent events."""
    if not response.headers.get("content-type", "").startswith("text/event-stream"):
        return json.loads(response.content)
    message: dict[str, Any] = {}
    partial: dict[int, str] = {}
    for chunk in response.content.decode().split("\n\n"):
        data = next((line[6:] for line in chunk.splitlines() if line.startswith("data: ")), None)
        event = json.loads(data) if data else {}
        kind = event.get("type")
        if kind == "message_start":
            message = {**event["message"], "content": []}
        elif kind == "content_block_start":
            message["content"].append(dict(event["content_block"]))
        elif kind == "content_block_delta":
            _apply_delta(
                message["content"][event["index"]], event["delta"], partial, event["index"]
            )
        elif kind == "content_block_stop" and event["index"] in partial:
            raw = partial.pop(event["index"])
            message["content"][event["index"]]["input"] = json.loads(raw) if raw else {}
        elif kind == "message_delta":
            message.update(event.get("delta", {}))
            message["usage"] = {**message.get("usage", {}), **event.get("usage", {})}
        elif kind == "error":
            message["_error"] = event
    return message


def _apply_delta(block: dict[str, Any], delta: dict[str, Any], partial: dict, index: int) -> None:
    field_of = {"text_delta": "text", "thinking_delta": "thinking", "signature_delta": "signature"}
    kind = delta.get("type")
    if kind == "input_json_delta":
        partial[index] = partial.get(index, "") + delta.get("partial_json", "")
    elif kind in field_of:
        name = field_of[kind]
        block[name] = block.get(name, "") + delta.get(name, "")
