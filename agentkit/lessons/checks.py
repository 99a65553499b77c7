"""The check cells of the lessons' exercises: each grades one exercise in a few lines.

A lesson's exercise cell (tag `exercise`) ships as a stub; the check cell after it (tag `check`)
calls one function here with what the learner defined, and shows the `Verdict`: passed, or what
is wrong and a hint. A check never raises: whatever the learner's code does (raises, returns None,
returns the wrong type, is still the stub), the answer is a Verdict. The reference answer is the
collapsed cell after the check (tag `solution`).

Verdicts, hints and the tasks the checks give the stand-in are in the learner's language
(AGENTKIT_LANG, read at each call; the strings are in `agentkit.lessons.strings`), so the English
edition's checks speak English and its stand-in answers in English.

Checks run against the offline simulated Claude, whatever the environment says, so the verdict
is the same on every machine (as `agentkit.check_loop` does).
"""

from __future__ import annotations

import functools
import inspect
import json
import sys
import uuid
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anthropic

from .. import exercise
from ..client import default_model, make_client
from ..content import blocks, without_none
from ..grading import check_loop, check_loop_again, reference_loop, run_scenario
from ..loop import LoopError, run_agent_loop
from ..sim import WEB_SEARCH_TOOL, ToolFailure, World
from .messages import error_line
from .runs import escalate_when_stuck, exit_of, rounds_of
from .scenarios import failed_keys, scenarios
from .strings import T


def task(key: str) -> str:
    """A task the checks give the stand-in, in the learner's language ("refund" is the study
    guide's own prompt)."""
    return exercise.guide_task() if key == "refund" else T(f"task.{key}")


@dataclass
class Verdict:
    """A check's answer: `passed`, and the lines shown under the check cell."""

    passed: bool
    lines: list[str]

    def __repr__(self) -> str:
        return "\n".join(self.lines)


class Wrong(Exception):
    """Raised inside a check: the attempt is wrong. `problem` says what, `hint` how to go on."""

    def __init__(self, problem: str, hint: str = ""):
        super().__init__(problem)
        self.problem, self.hint = problem, hint


class NotYet(Wrong):
    """The exercise is still the stub."""


INTERNAL = T.text("internal", "zh")
"""How a check's own bug starts (in Chinese; `T("internal")` in the current language)."""


def passed(what: str) -> Verdict:
    return Verdict(True, [T("passed", what=what)])


def not_passed(problem: str, hint: str = "", *, stub: bool = False) -> Verdict:
    head = T("head.stub") if stub else T("head.wrong")
    return Verdict(
        False, [T("problem", head=head, problem=problem)] + ([T("hint", hint=hint)] if hint else [])
    )


def check(hint: str) -> Callable[[Callable[..., str]], Callable[..., Verdict]]:
    """Make a grading function a check: it returns what passed (a str) or raises Wrong.

    Any other exception (the learner's code raising, a wrong type reaching the grader) becomes a
    verdict too, never a traceback; `hint` is the key of the exercise's general hint in the
    strings table (worded in the learner's language when the check runs)."""
    if hint not in T:
        raise KeyError(f"agentkit.lessons: no string {hint!r} for a check's hint")

    def wrap(grade: Callable[..., str]) -> Callable[..., Verdict]:
        @functools.wraps(grade)
        def checked(*answers: Any) -> Verdict:
            stub = any(is_stub(a) for a in answers)
            try:
                return passed(grade(*answers))
            except NotImplementedError:
                return not_passed(T("stub"), T(hint), stub=True)
            except Wrong as e:
                return not_passed(e.problem, e.hint or T(hint), stub=stub or isinstance(e, NotYet))
            except Endless as e:  # not an Exception: an answer's `except Exception` can't retry it
                return not_passed(T("endless", calls=e.calls), T("endless.hint"), stub=stub)
            except Exception as e:  # the learner's code raised, or the check itself has a bug
                error = f"{type(e).__name__}: {e}"
                if _raised_by_learner(e):
                    return not_passed(T("learner_raised", error=error), T(hint), stub=stub)
                return internal_error(grade.__name__, e)

        return checked

    return wrap


def internal_error(name: str, e: BaseException) -> Verdict:
    """A check's own bug: said as such, never blamed on the learner's answer."""
    error = f"{type(e).__name__}: {e}"
    where = _last_package_frame(e)
    return Verdict(
        False,
        [
            T("internal.line", internal=T("internal"), name=name, error=error, where=where),
            T("hint", hint=T("internal.hint")),
        ],
    )


def _last_package_frame(e: BaseException) -> str:
    tb, last = e.__traceback__, ""
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename.startswith(_PACKAGE):
            last = T("internal.where", file=Path(code.co_filename).name, line=tb.tb_lineno)
        tb = tb.tb_next
    return last


def is_stub(value: Any) -> bool:
    """Still the exercise's stub: `...` left in a value, or a TODO left in a function's source."""
    if value is Ellipsis:
        return True
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(is_stub(v) for v in value)
    if isinstance(value, dict):
        return any(is_stub(v) for v in value.values())
    if inspect.isclass(value):
        return any(is_stub(f) for f in vars(value).values() if inspect.isfunction(f))
    if callable(value):
        try:
            return "TODO" in inspect.getsource(value)
        except (OSError, TypeError):
            return False
    return False


def _raised_by_learner(e: Exception) -> bool:
    """Some frame of the traceback is the learner's code: not agentkit, the SDK, a library or
    Python's own standard library."""
    frames = [f.co_filename for f in _frames(e.__traceback__)]
    return any(
        not f.startswith(_NOT_LEARNER) and "site-packages" not in f and not f.startswith("<frozen")
        for f in frames
    )


def _frames(tb: Any) -> list[Any]:
    out = []
    while tb is not None:
        out.append(tb.tb_frame.f_code)
        tb = tb.tb_next
    return out


_PACKAGE = str(Path(__file__).resolve().parent.parent)
_NOT_LEARNER = tuple(
    {_PACKAGE, *(str(Path(p).resolve()) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix))}
)


def takes(fn: Any, spec: str, *args: Any, **kwargs: Any) -> None:
    """The learner's `fn` can be called as the exercise calls it; `spec` is the definition as the
    exercise states it ("def append_round(messages, response, run_tool)", or "RefundLimit(limit)"
    for a class). When the parameters don't fit, say what it should take and what it takes,
    before a TypeError blames the check."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):  # a builtin or an object without a signature: the call speaks
        return
    try:
        sig.bind(*args, **kwargs)
    except TypeError:
        head, _, want = spec.partition("(")
        name, want = head.split()[-1], "(" + want.removeprefix("self, ")  # as a bound method
        hint = (
            T("signature.class_hint", name=name, params=want[1:-1])
            if inspect.isclass(fn)
            else T("signature.hint", spec=spec)
        )
        raise Wrong(T("signature", name=name, want=want, mine=sig), hint) from None


def call_learner(fn: Any, spec: str, *args: Any, **kwargs: Any) -> Any:
    """`fn(*args, **kwargs)` once `takes` has found its parameters fit `spec`."""
    takes(fn, spec, *args, **kwargs)
    return fn(*args, **kwargs)


class Endless(BaseException):
    """A check's tool was called more times than any answer needs: the answer retries without end.
    A BaseException, so the `except Exception` of an answer that retries does not swallow it."""

    def __init__(self, calls: int):
        super().__init__(calls)
        self.calls = calls


class Calls:
    """`run_tool` as a check hands it to the learner's code: each call recorded with what came of
    it (the output, or the exception the tool raised), so a check can tell whether each tool_use
    was run and which output its tool_result should carry. After `limit` calls it raises
    `Endless`."""

    def __init__(self, run_tool: Callable[[str, dict[str, Any]], Any], limit: int = 25):
        self.run_tool, self.limit = run_tool, limit
        self.made: list[tuple[str, Any, Any]] = []

    def __call__(self, *given: Any, **named: Any) -> Any:
        try:  # said as run_tool, the name the learner knows it by (not Calls.__call__)
            name, args = _RUN_TOOL.bind(*given, **named).args
        except TypeError as e:
            raise TypeError(f"run_tool(name, args): {e}") from None
        if len(self.made) >= self.limit:
            raise Endless(len(self.made))
        try:
            out = self.run_tool(name, args)
        except Exception as e:
            self.made.append((name, args, e))
            raise
        self.made.append((name, args, out))
        return out


_RUN_TOOL = inspect.Signature(
    [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in ("name", "args")]
)


def _call_text(block: Any) -> str:
    return f"{block.name}({json.dumps(block.input, ensure_ascii=False)})"


def answers_its_call(result: dict[str, Any], block: Any, calls: Calls) -> None:
    """`result` answers tool_use `block` with what running it gave: the tool was called with the
    block's name and input; on success is_error is absent or False and the content is that call's
    output as JSON (not another call's); on failure is_error is True and the content holds the
    error message (str(e))."""
    mine = [out for name, args, out in calls.made if name == block.name and args == block.input]
    require(
        mine,
        T("ran.not_run", call=_call_text(block), n=len(calls.made)),
        T("ran.not_run.hint"),
    )
    out, content = mine[-1], result.get("content")
    if isinstance(out, BaseException):
        when = T("when.call_failed", call=_call_text(block))
        _is_error_flag(result.get("is_error"), True, when)
        require(str(out) in str(content), T("ran.message", call=_call_text(block), error=out))
        return
    _is_error_flag(result.get("is_error", False), False, T("when.call_ok", call=_call_text(block)))
    others = [o for n, a, o in calls.made if (n, a) != (block.name, block.input)]
    text = _content_text(content)
    require(
        not others or _parsed(text) not in others or _parsed(text) == out,
        T("ran.other_call", call=_call_text(block)),
        T("ran.other_call.hint"),
    )
    _json_content(content, out)


def answer_their_calls(results: list[dict[str, Any]], response: Any, calls: Calls) -> None:
    """Each tool_use block of `response` answered (by its id, in any order) by `answers_its_call`."""
    by_id = {r.get("tool_use_id"): r for r in results if r.get("type") == "tool_result"}
    for block in response.content:
        if block.type == "tool_use":
            answers_its_call(by_id[block.id], block, calls)


def require(ok: Any, problem: str, hint: str = "") -> None:
    if not ok:
        raise Wrong(problem, hint)


def answered(value: Any, what: str) -> None:
    """The prediction has been filled in (no `...` left)."""
    if is_stub(value):
        raise NotYet(T("ellipsis", what=what))


def _client(world: World | None = None) -> anthropic.Anthropic:
    return make_client(offline=True, world=world or World())


def _only_blocks(content: Any) -> list[dict[str, Any]] | None:
    """`content` as dict blocks (`agentkit.content.blocks`), or None when it holds anything that
    is not a block: a check must not grade an answer by the blocks that happen to be there."""
    if isinstance(content, str):
        return blocks(content)
    if not isinstance(content, list | tuple):
        return None
    found = blocks(content)
    return found if len(found) == len(content) else None


def _same_content(sent: Any, response: Any) -> bool:
    """The message content is the response's content, verbatim (SDK blocks or their dicts); an
    item that is not a block makes it not verbatim."""
    mine = _only_blocks(sent)
    if mine is None:
        return False
    return without_none(mine) == without_none([b.to_dict() for b in response.content])


def _send(messages: list[dict[str, Any]], **params: Any) -> Any:
    """One request to a fresh offline Claude; a 400 becomes Wrong with the API's own words."""
    params.setdefault("model", default_model())
    params.setdefault("max_tokens", 1024)
    try:
        return _client().messages.create(messages=messages, **params)  # type: ignore[arg-type]  # plain-dict request, as learners write it
    except anthropic.NotFoundError as e:  # create()'s only 404: a model id the API does not serve
        hint = T("api_refused.model.hint", default=default_model())
        raise Wrong(T("api_refused", error=error_line(e)), hint) from e
    except anthropic.APIStatusError as e:
        raise Wrong(T("api_refused", error=error_line(e))) from e
    except TypeError as e:  # the SDK's own signature: an argument create() does not take
        raise Wrong(T("create_refused", error=e), T("create_refused.hint")) from e


def _after(returned: Any, messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The learner may return a new list or the one passed in, appended to; but return it: the
    next cell goes on with what the function returns (None there is a 400 two cells later)."""
    if isinstance(returned, list):
        return returned
    if returned is None:
        raise Wrong(T("returned_none.messages"))
    raise Wrong(T("returned_not_list", type=type(returned).__name__))


def yours_or_reference(mine: Any, verdict: Callable[[Any], Verdict]) -> Any:
    """What a later cell runs: the learner's own definition once its check passes, else the
    reference answer (agentkit.lessons.solution.REFERENCES), saying in one line whose it is."""
    from .solution import REFERENCES

    name = getattr(mine, "__name__", None)
    reference = REFERENCES.get(name) if isinstance(name, str) else None
    if reference is None:
        raise ValueError(f"no reference answer for {mine!r}: expected one of {list(REFERENCES)}")
    if verdict(mine).passed:
        print(T("yours", name=name))
        return mine
    print(T("reference", name=name, reference=reference.__name__))
    return reference


class Worded(Mapping[str, str]):
    """A table of labels (key -> text) worded in the learner's language at each lookup, so a
    lesson cell that prints it shows the edition's language: `Worded("step", "ABCD")`."""

    def __init__(self, prefix: str, keys: Any):
        self.prefix, self.keys_ = prefix, tuple(keys)

    def __getitem__(self, key: str) -> str:
        if key not in self.keys_:
            raise KeyError(key)
        return T(f"{self.prefix}.{key}")

    def __iter__(self) -> Iterator[str]:
        return iter(self.keys_)

    def __len__(self) -> int:
        return len(self.keys_)

    def __repr__(self) -> str:
        return repr(dict(self))


# --- lesson 00 ------------------------------------------------------------------------------------

MEANING = Worded(  # what each stop_reason tells the loop (lesson 06 has the whole table)
    "meaning",
    (
        "tool_use",
        "end_turn",
        "pause_turn",
        "max_tokens",
        "stop_sequence",
        "refusal",
        "model_context_window_exceeded",
    ),
)


@check("hint.stop_reasons")
def stop_reasons(continue_on: Any, finish_on: Any) -> str:
    answered([continue_on, finish_on], "continue_on / finish_on")
    from ..loop import STOP_REASONS

    for value, want, role in [
        (continue_on, "run_tools", T("role.continue")),
        (finish_on, "completed", T("role.finish")),
    ]:
        handler = STOP_REASONS.get(value) if isinstance(value, str) else None
        require(
            handler is not None,
            T("stop_reasons.unknown", value=value, values=", ".join(map(str, STOP_REASONS))),
        )
        assert handler is not None  # require() above raised Wrong otherwise
        require(
            handler.__name__ == want,
            T(
                "stop_reasons.means",
                value=value,
                role=role,
                meaning=MEANING.get(value, handler.__name__),
            ),
        )
    return T("stop_reasons.passed", go=continue_on, end=finish_on)


# --- lesson 01 ------------------------------------------------------------------------------------


@check("hint.request")
def request(build_request: Callable[[str], Any]) -> str:
    require(callable(build_request), T("want_function", name="build_request"))
    for question in (task("where"), task("refund")):
        req = call_learner(build_request, "def build_request(question)", question)
        returned(req, "build_request")
        require(isinstance(req, dict), T("request.not_dict", type=type(req).__name__))
        missing = [k for k in ("model", "max_tokens", "tools", "messages") if k not in req]
        require(not missing, T("request.missing", missing=", ".join(missing)))
        msgs = req["messages"]
        require(
            isinstance(msgs, list) and msgs and isinstance(msgs[0], dict), T("request.messages")
        )
        require(msgs[0].get("role") == "user", T("request.first_user"))
        roles = ", ".join(str(m.get("role")) if isinstance(m, dict) else "?" for m in msgs)
        require(
            len(msgs) == 1,
            T("request.one_message", n=len(msgs), roles=roles),
            T("request.one_message.hint"),
        )
        budget = req["max_tokens"]
        require(
            isinstance(budget, int) and not isinstance(budget, bool),
            T("request.budget_type", budget=budget, type=type(budget).__name__),
        )
        require(not req.get("stream"), T("request.stream"), T("request.stream.hint"))
        sent = msgs[-1].get("content")
        require(
            question in json.dumps(sent, ensure_ascii=False),
            T("request.question", question=question, sent=sent),
            T("request.question.hint"),
        )
    names = [t.get("name") for t in req["tools"] if isinstance(t, dict)]
    require(
        isinstance(req["tools"], list) and "lookup_order" in names,
        T("request.tools", tools=req["tools"]),
    )
    response = _send(**req)
    require(
        response.stop_reason != "max_tokens",
        T("request.too_small", budget=req["max_tokens"]),
        T("request.too_small.hint"),
    )
    uses = [(b.name, b.input) for b in response.content if b.type == "tool_use"]
    require(
        response.stop_reason == "tool_use" and uses,
        T("request.no_tool_call", stop_reason=response.stop_reason),
    )
    return T("request.passed", name=uses[0][0], input=uses[0][1])


@check("hint.predicted_stop_reasons")
def predicted_stop_reasons(prediction: Any, questions: list[str]) -> str:
    answered(prediction, "my_prediction")
    world = World()
    client, tools = _client(world), world.tools("lookup_order", "process_refund")
    actual = [
        client.messages.create(
            model=default_model(),
            max_tokens=1024,
            tools=tools,  # type: ignore[arg-type]  # plain-dict request, as learners write it
            messages=[{"role": "user", "content": q}],
        ).stop_reason
        for q in questions
    ]
    require(isinstance(prediction, (list, tuple)), T("want_list", name="my_prediction"))
    require(
        list(prediction) == actual,
        T("predicted_vs_actual", prediction=prediction, actual=actual),
    )
    return T("predicted_stop_reasons.passed", actual=actual)


# --- lesson 02 ------------------------------------------------------------------------------------


@check("hint.round_appended")
def round_appended(append_round: Callable[..., Any]) -> str:
    from ..exercise import run_tool, tools

    TOOLS = tools()  # the guide's, in the learner's language
    require(callable(append_round), T("want_function", name="append_round"))
    start = [{"role": "user", "content": task("three")}]
    response = _client().messages.create(
        model=default_model(),
        max_tokens=1024,
        tools=TOOLS,  # type: ignore[arg-type]  # plain-dict request, as learners write it
        messages=start,  # type: ignore[arg-type]  # plain-dict request, as learners write it
    )
    messages, calls = list(start), Calls(run_tool)
    spec = "def append_round(messages, response, run_tool)"
    after = _after(call_learner(append_round, spec, messages, response, calls), messages)
    answer_their_calls(_one_round(after, start, response), response, calls)
    nxt = _send(after, tools=TOOLS)
    return T("round_appended.passed", stop_reason=nxt.stop_reason)


def _one_round(
    after: list[dict[str, Any]], start: list[Any], response: Any
) -> list[dict[str, Any]]:
    """Two messages appended: the response verbatim, then the results; returns the results' blocks."""
    uses = [b.id for b in response.content if b.type == "tool_use"]
    added = after[len(start) :]
    require(after[: len(start)] == start, T("round.changed"))
    require(len(added) == 2, T("round.two", n=len(added)))
    asst, user = added
    require(
        isinstance(asst, dict),
        T("round.not_message", type=type(asst).__name__),
        T("round.not_message.hint"),
    )
    require(asst.get("role") == "assistant", T("round.assistant"))
    require(
        _same_content(asst.get("content", []), response),
        T("round.verbatim"),
        T("round.verbatim.hint"),
    )
    return _results_first(user, uses)


def _results_first(user: Any, uses: list[str]) -> list[dict[str, Any]]:
    """One user message: a tool_result for every tool_use id, each id exactly once and in any
    order (the tool calls of one turn are unordered: platform.claude.com/docs/en/agents-and-tools/
    tool-use/parallel-tool-use), before anything else (the API's rule, see
    `agentkit.offline.validation._check_answered`; a text note may follow the results, as lesson
    03 shows). Returns its blocks."""
    require(isinstance(user, dict), T("results.not_message", type=type(user).__name__))
    content = user.get("content") if user.get("role") == "user" else None
    require(isinstance(content, list), T("results.user_list"))
    assert isinstance(content, list)  # for the type checker: require() raised otherwise
    found = _only_blocks(content)
    if found is None:  # an item that is not a block: say which, never grade the rest alone
        odd = next(i for i, b in enumerate(content) if not blocks([b]))
        raise Wrong(
            T("results.not_block", n=odd + 1, type=type(content[odd]).__name__),
            T("results.first.hint"),
        )
    kinds = [b.get("type") for b in found]
    ids = [b.get("tool_use_id") for b in found if b.get("type") == "tool_result"]
    require(len(ids) == len(uses), T("results.count", n=len(ids), want=len(uses)))
    require(
        kinds[: len(uses)] == ["tool_result"] * len(uses),
        T("results.first"),
        T("results.first.hint"),
    )
    unanswered = [u for u in uses if ids.count(u) != 1]
    require(not unanswered, T("results.each_id", ids=", ".join(unanswered)))
    return found


@check("hint.predicted_rounds")
def predicted_rounds(prediction: Any) -> str:
    answered(prediction, "my_prediction")
    require(_pairs(prediction), T("predicted_rounds.shape"))
    world = World()
    result = run_agent_loop(
        _client(world),
        [{"role": "user", "content": task("cancel_refund")}],
        world.tools(),
        run_tool=world.run_tool,
    )
    actual = rounds_of(result)
    loose = [t for _, t in prediction if not isinstance(t, (list, tuple))]
    require(
        not loose,
        T("predicted_rounds.loose", loose=(loose or [None])[0]),
        T("predicted_rounds.loose.hint"),
    )
    mine = [(r, list(t) if isinstance(t, (list, tuple)) else t) for r, t in prediction]
    require(mine == actual, T("predicted_rounds.differ", prediction=prediction, actual=actual))
    return T("predicted_rounds.passed", actual=actual, final=result.final_text)


def _pairs(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and all(
        isinstance(p, (list, tuple)) and len(p) == 2 for p in value
    )


# --- lesson 03 ------------------------------------------------------------------------------------


@check("hint.tool_result_block")
def tool_result_block(answer: Callable[..., Any]) -> str:
    from anthropic.types import ToolUseBlock

    require(callable(answer), T("want_function", name="answer"))
    # fresh ids and two orders each time: an answer that writes the id or the output in fails
    tag = uuid.uuid4().hex[:12]
    for n, order in enumerate(("A-1001", "A-1003")):
        block = ToolUseBlock(
            id=f"toolu_{tag}{n}", name="lookup_order", input={"order_id": order}, type="tool_use"
        )
        calls = Calls(World().run_tool)
        ok = call_learner(answer, "def answer(block, run_tool)", block, calls)
        _result_shape(ok, block.id)
        answers_its_call(ok, block, calls)

    failure = T("failure.out_of_stock")

    def out_of_stock(name: str, args: dict[str, Any]) -> Any:
        raise ToolFailure(failure)

    failing, calls = block.model_copy(update={"id": f"toolu_{tag}x"}), Calls(out_of_stock)
    bad = answer(failing, calls)
    require(bad is not None, T("tool_result.swallowed"), T("tool_result.swallowed.hint"))
    _result_shape(bad, failing.id)
    answers_its_call(bad, failing, calls)
    return T("tool_result_block.passed", error=failure)


def _content_text(content: Any) -> Any:
    """A tool_result's content as text: text blocks joined, anything else as it is."""
    if isinstance(content, list):  # text blocks: the JSON is their text
        return "".join(b.get("text", "") for b in content if isinstance(b, dict))
    return content


def _parsed(text: Any) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return None


def _json_content(content: Any, out: Any) -> None:
    """A successful tool_result's content is the tool's output as JSON text (or text blocks)."""
    content = _content_text(content)
    require(_parsed(content) == out, T("json.content", content=content), T("json.content.hint"))


def _is_error_flag(value: Any, want: bool, when: str) -> None:
    """is_error is a JSON boolean: True on failure, absent or False on success."""
    require(not isinstance(value, str), T("flag.string", when=when, value=value, want=want))
    require(
        value is None or isinstance(value, bool),
        T("flag.type", when=when, value=value, type=type(value).__name__, want=want),
    )
    require(
        value is want,
        T("flag.want", when=when) if want else T("flag.unwanted", when=when, value=value),
    )


def returned(value: Any, name: str) -> None:
    """The function returned something (a bare stub returns None)."""
    if value is None:
        raise NotYet(T("returned_none", name=name))


def _result_shape(result: Any, use_id: str) -> None:
    returned(result, "answer")
    require(isinstance(result, dict), T("shape.dict", type=type(result).__name__))
    require(result.get("type") == "tool_result", T("shape.type"))
    require(result.get("tool_use_id") == use_id, T("shape.id"))
    require(isinstance(result.get("content"), (str, list)), T("shape.content"))


@check("hint.predicted_result_counts")
def predicted_result_counts(prediction: Any) -> str:
    answered(prediction, "my_prediction")
    world = World()
    result = run_agent_loop(
        _client(world),
        [{"role": "user", "content": task("three")}],
        world.tools(),
        run_tool=world.run_tool,
    )
    actual = [len(m["content"]) for m in result.messages[1:] if m["role"] == "user"]
    require(isinstance(prediction, (list, tuple)), T("predicted_result_counts.list"))
    require(
        list(prediction) == actual,
        T("predicted_vs_actual", prediction=prediction, actual=actual),
    )
    return T("predicted_result_counts.passed", actual=actual)


# --- lesson 04 ------------------------------------------------------------------------------------


class _Asked:
    """A learner's hook, asked directly: an exception says which call raised it."""

    def __init__(self, hook: Any):
        self.hook = hook

    def before_tool(self, name: str, args: dict[str, Any]) -> Any:
        try:
            return self.hook.before_tool(name, args)
        except Exception as e:
            where = f"before_tool({name!r}, {json.dumps(args, ensure_ascii=False)})"
            first = T("hook.raised.first") if name != "process_refund" else ""
            raise Wrong(
                T("hook.raised", where=where, error=f"{type(e).__name__}: {e}"),
                first + T("hook.raised.hint"),
            ) from e


@check("hint.refund_hook")
def refund_hook(hook_class: Any) -> str:
    require(callable(hook_class), T("refund_hook.class"))
    made = call_learner(hook_class, "RefundLimit(limit)", 500)
    takes(
        getattr(made, "before_tool", None),
        "def before_tool(self, name, input)",
        "process_refund",
        {},
    )
    hook = _Asked(made)
    big, small = {"order_id": "A-1005", "amount": 899.0}, {"order_id": "A-1001", "amount": 120.0}
    denied = hook.before_tool("process_refund", big)
    require(denied is not None, T("refund_hook.let_through"))
    require(
        not isinstance(denied, str) or denied.strip(),
        T("refund_hook.empty"),
        T("refund_hook.say_why"),
    )
    require(
        isinstance(denied, str),
        T("refund_hook.not_str", denied=denied),
        T("refund_hook.say_why"),
    )
    for name, args in [("process_refund", small), ("process_refund", {**small, "amount": 500.0})]:
        allowed = hook.before_tool(name, args)
        require(
            allowed is None,
            T("refund_hook.allowed", amount=args["amount"], allowed=allowed)
            + (T("refund_hook.allow_none") if not allowed else T("refund_hook.would_deny")),
            T("refund_hook.contract"),
        )
    other = {"order_id": "B-2001", "amount": 600.0}
    require(
        hook.before_tool("process_refund", other) is not None,
        T("refund_hook.other_order"),
        T("refund_hook.other_order.hint"),
    )
    require(
        _Asked(call_learner(hook_class, "RefundLimit(limit)", 1000)).before_tool(
            "process_refund", big
        )
        is None,
        T("refund_hook.fixed_limit"),
    )
    others: list[tuple[str, dict[str, object]]] = [
        ("lookup_order", {"order_id": "A-1005"}),
        ("create_return", big),
    ]
    for name, args in others:
        require(
            hook.before_tool(name, args) is None,
            T("refund_hook.other_tool", name=name, args=json.dumps(args, ensure_ascii=False)),
            T("refund_hook.other_tool.hint"),
        )
    world = World()
    result = run_agent_loop(
        _client(world),
        [{"role": "user", "content": task("over_cap")}],
        world.tools(),
        run_tool=world.run_tool,
        system=task("no_cap"),
        hooks=[hook_class(500)],
    )
    require(not world.refunds(), T("refund_hook.refunded", refunds=world.refunds()))
    escalated = [c.name for c in result.tool_calls if c.name == "escalate_to_human"]
    return T("refund_hook.passed") + (
        T("refund_hook.escalated") if escalated else T("refund_hook.end")
    )


@check("hint.predicted_calls")
def predicted_calls(prediction: Any) -> str:
    from ..antipatterns import decision_tree
    from .scenarios import scenario

    answered(prediction, "my_prediction")
    require(isinstance(prediction, dict), T("want_dict", name="my_prediction"))
    require(
        all(isinstance(v, (list, tuple)) for v in prediction.values()),
        T("predicted_calls.lists"),
    )
    lines = []
    for name, fn in [("decision_tree", decision_tree), ("reference_loop", reference_loop)]:
        actual = [c.name for c in run_scenario(fn, scenario("status_only")).tool_calls]
        require(
            list(prediction.get(name, [])) == actual,
            T("predicted_calls.differ", name=name, prediction=prediction.get(name), actual=actual),
        )
        lines.append(f"{name} → {actual}")
    return T("sep").join(lines)


# --- lesson 05 ------------------------------------------------------------------------------------

STOP_KEYS = (
    "guide",
    "long",
    "tool_error",
    "no_tools",
    "status_only",
    "research",
    "refusal",
    "cut_tool_use",
    "cut_answer",
    "english",  # "done" and "task complete" said half-way: a phrase-matching stop fails here
)
PREDICTED = ("fixed_five_turns", "tool_choice_none_after_last")


@check("hint.correct_stop")
def correct_stop(loop: Callable[..., Any]) -> str:
    require(callable(loop), T("want_loop"))
    _takes_a_loop(loop, "my_loop")
    report = check_loop(loop, scenarios(*STOP_KEYS))
    if not report.passed:
        first = next(r for r in report.results if not r.passed)
        n = sum(r.passed for r in report.results)
        raise Wrong(
            T(
                "correct_stop.failed",
                n=n,
                total=len(report.results),
                title=first.title,
                diagnosis=first.diagnosis,
            )
        )
    _named_exits(loop)
    return T("correct_stop.passed", n=len(report.results), keys=", ".join(STOP_KEYS))


def _takes_a_loop(loop: Callable[..., Any], name: str) -> None:
    """The loop takes what the grader passes: the client and messages, then tools, run_tool and
    model by name."""
    spec = f"def {name}(client, messages, *, tools, run_tool, model)"
    takes(loop, spec, None, [], tools=[], run_tool=None, model="")


def _named_exits(loop: Callable[..., Any]) -> None:
    """What the grader leaves to the loop's caller, held here: a refusal is not returned as if
    the task were done, and reaching the safety net is said by raising."""
    from .scenarios import scenario

    run = run_scenario(loop, scenario("refusal"))
    last = next((r for r in reversed(run.responses) if r), None)
    require(
        run.error is not None or not last or last.get("stop_reason") != "refusal",
        T("named_exits.refusal"),
        T("named_exits.refusal.hint"),
    )
    net = check_loop(loop, scenarios("runaway")).results[0]
    require(net.passed, T("scenario_failed", title=net.title, diagnosis=net.diagnosis))


def stop_keys() -> str:
    """The scenarios lesson 05's exercise is graded on, for the lesson's prose."""
    return T("stop_keys", n=len(STOP_KEYS), keys=", ".join(STOP_KEYS))


@check("hint.predicted_failures")
def predicted_failures(prediction: Any) -> str:
    from .. import antipatterns

    answered(prediction, "my_prediction")
    require(isinstance(prediction, dict), T("predicted_failures.dict"))
    missing = [n for n in PREDICTED if n not in prediction]
    extra = [n for n in prediction if n not in PREDICTED]
    require(not missing, T("predicted_failures.missing", missing=", ".join(missing)))
    require(not extra, T("predicted_failures.extra", extra=extra, names=", ".join(PREDICTED)))
    require(
        all(isinstance(p, (set, list, tuple, frozenset)) for p in prediction.values()),
        T("predicted_failures.sets"),
    )
    odd = [k for p in prediction.values() for k in p if not isinstance(k, str)]
    require(
        not odd,
        T("predicted_failures.keys", odd=(odd or [None])[0]),
        T("predicted_failures.keys.hint"),
    )
    for name, predicted in prediction.items():
        actual = failed_keys(check_loop(getattr(antipatterns, name)))
        extra, missed = sorted(set(predicted) - actual), sorted(actual - set(predicted))
        require(
            not extra and not missed,
            T("predicted_failures.differ", name=name, extra=extra, missed=missed),
        )
    return T("sep").join(
        T("predicted_failures.passed", name=n, keys=sorted(p)) for n, p in prediction.items()
    )


# --- lesson 06 ------------------------------------------------------------------------------------

CUT = 12
"""The max_tokens lesson 06's checks cut the refund task's first reply at (doubled: 24)."""


@check("hint.branches")
def branches(on_pause_turn: Callable[..., Any], on_max_tokens: Callable[..., Any]) -> str:
    require(callable(on_pause_turn) and callable(on_max_tokens), T("branches.two"))
    start = [{"role": "user", "content": task("research")}]
    paused = _client().messages.create(
        model=default_model(),
        max_tokens=1024,
        tools=[WEB_SEARCH_TOOL],  # type: ignore[list-item]  # plain-dict request, as learners write it
        messages=start,  # type: ignore[arg-type]  # plain-dict request, as learners write it
    )
    spec = "def on_pause_turn(messages, response)"
    after = _after(call_learner(on_pause_turn, spec, list(start), paused), list(start))
    require(
        len(after) == 2
        and isinstance(after[1], dict)
        and after[1].get("role") == "assistant"
        and _same_content(after[1].get("content", []), paused),
        T("branches.paused"),
    )
    resumed = _send(after, tools=[WEB_SEARCH_TOOL])
    world = World()
    start = [{"role": "user", "content": task("refund")}]
    cut = _client(world).messages.create(
        model=default_model(),
        max_tokens=CUT,
        tools=world.tools(),  # type: ignore[arg-type]  # plain-dict request, as learners write it
        messages=start,  # type: ignore[arg-type]  # plain-dict request, as learners write it
    )
    out = call_learner(
        on_max_tokens, "def on_max_tokens(messages, response, max_tokens)", list(start), cut, CUT
    )
    require(isinstance(out, tuple) and len(out) == 2, T("branches.pair"))
    msgs, budget = _after(out[0], list(start)), out[1]
    require(
        len(msgs) >= len(start),
        T("branches.lost", before=len(start), after=len(msgs)),
        T("branches.lost.hint"),
    )
    require(msgs == start, T("branches.appended"))
    require(
        isinstance(budget, int) and not isinstance(budget, bool),
        T("branches.int", budget=budget, type=type(budget).__name__),
        T("branches.int.hint"),
    )
    require(budget > CUT, T("branches.grow", budget=budget))
    # asked again with another budget (below any sensible ceiling): a fixed number shows
    again = on_max_tokens(list(start), cut, 1500)
    more = again[1] if isinstance(again, tuple) and len(again) == 2 else again
    fixed = T("branches.fixed.hint")
    require(isinstance(more, int) and more > 1500, T("branches.not_more", more=more), fixed)
    require(more != budget, T("branches.fixed", small=CUT, budget=budget), fixed)
    retry = _send(msgs, tools=world.tools(), max_tokens=budget)
    require(
        retry.stop_reason != "max_tokens",
        T("branches.cut_again", budget=budget),
        T("branches.cut_again.hint"),
    )
    return T(
        "branches.passed", resumed=resumed.stop_reason, budget=budget, retried=retry.stop_reason
    )


@check("hint.predicted_exits")
def predicted_exits(prediction: Any) -> str:
    answered(prediction, "my_prediction")
    require(isinstance(prediction, (list, tuple)), T("predicted_exits.list"))
    world = World(transitions={"A-1002": ["shipped"] * 100})
    client = _client(world)
    actual = [
        exit_of(client, task("cancel"), world),
        exit_of(client, task("refund"), world, max_tokens=CUT, max_tokens_ceiling=2 * CUT),
        exit_of(
            client,
            task("watch"),
            world,
            max_turns=3,
            on_max_turns=escalate_when_stuck(world),
        ),
    ]
    require(
        list(prediction) == actual,
        T("predicted_vs_actual", prediction=prediction, actual=actual),
    )
    return T("predicted_exits.passed", actual=actual)


# --- lesson 07 ------------------------------------------------------------------------------------


@check("hint.whole_loop")
def whole_loop(loop: Callable[..., Any]) -> str:
    require(callable(loop), T("want_function", name="my_loop"))
    _takes_a_loop(loop, "my_loop")
    _results_as_sent(loop)  # first: a malformed result misleads the model, and the diagnosis
    name = getattr(loop, "__name__", "my_loop")
    report = check_loop_again(loop, name=T("your", name=name))  # seed 0, then another draw
    n, total = sum(r.passed for r in report.results), len(report.results)
    if not report.passed:
        first = next(r for r in report.results if not r.passed)
        problem = T(
            "whole_loop.failed", n=n, total=total, title=first.title, diagnosis=first.diagnosis
        )
        raise Wrong(problem)
    _named_exits(loop)
    _api_errors_raised(loop)
    return T("whole_loop.passed", name=name, total=total)


def _results_as_sent(loop: Callable[..., Any]) -> None:
    """The tool_result blocks the loop sent in a run with a failing tool: is_error a boolean, a
    success's content JSON text, not a Python repr (the offline API, like a lenient server,
    lets both through)."""
    from .scenarios import scenario

    run = run_scenario(loop, scenario("tool_error"))
    for req in run.requests:
        for m in req.get("messages", []):
            if not isinstance(m, dict) or m.get("role") != "user":
                continue
            for b in blocks(m.get("content")):  # what is not a block, the API has refused
                if b.get("type") != "tool_result":
                    continue
                flag = b.get("is_error", False)
                require(
                    isinstance(flag, bool),
                    T("sent.flag", flag=flag, type=type(flag).__name__),
                    T("sent.flag.hint"),
                )
                if not b.get("is_error") and isinstance(b.get("content"), str):
                    require(
                        not _python_repr(b["content"]),
                        T("sent.repr", content=b["content"]),
                        T("sent.repr.hint"),
                    )


def _python_repr(text: str) -> bool:
    """Text that is a Python literal (a dict or list repr) but not JSON."""
    import ast

    try:
        json.loads(text)
        return False
    except ValueError:
        pass
    try:
        return isinstance(ast.literal_eval(text), (dict, list))
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return False


def _api_errors_raised(loop: Callable[..., Any]) -> None:
    """When the API keeps failing (every request a 529 overloaded_error, no SDK retries), the
    SDK's exception must reach the caller, not be caught and answered with `return messages`."""
    world = World()
    client = make_client(
        offline=True, world=world, faults={n: 529 for n in range(1, 60)}, max_retries=0
    )
    messages = [{"role": "user", "content": task("refund")}]
    try:
        loop(client, messages, tools=world.tools(), run_tool=world.run_tool, model=default_model())
    except Exception:
        return
    raise Wrong(T("api_errors.caught"), T("api_errors.caught.hint"))


# --- lesson 08 ------------------------------------------------------------------------------------

STEPS = Worded("step", "ABCD")
"""The four steps of a round, by letter, worded in the learner's language."""
ACTIONS = ("action.continue", "action.finish")


@check("hint.four_steps")
def four_steps(order: Any, actions: Any) -> str:
    answered([order, actions], "my_order / my_actions")
    require(isinstance(order, (list, tuple)), T("four_steps.letters"))
    odd = [s for s in order if str(s).upper() not in STEPS]
    require(not odd, T("four_steps.odd", odd=(odd or [None])[0]))
    require(
        [str(s).upper() for s in order] == ["B", "D", "A", "C"],
        T(
            "four_steps.order",
            order=order,
            steps=" → ".join(STEPS.get(str(s).upper(), "?") for s in order),
        ),
    )
    require(isinstance(actions, dict), T("want_dict", name="my_actions"))
    go, end = (T(k) for k in ACTIONS)
    odd_actions = {k: v for k, v in actions.items() if v not in (go, end)}
    require(not odd_actions, T("four_steps.actions", go=go, end=end, odd=odd_actions))
    require(actions.get("tool_use") == go, T("four_steps.tool_use"))
    require(actions.get("end_turn") == end, T("four_steps.end_turn"))
    return T("four_steps.passed")


@check("hint.results_message")
def results_message(make_message: Callable[..., Any]) -> str:
    world = World()
    start = [{"role": "user", "content": task("three")}]
    response = _client(world).messages.create(
        model=default_model(),
        max_tokens=1024,
        tools=world.tools(),  # type: ignore[arg-type]  # plain-dict request, as learners write it
        messages=start,  # type: ignore[arg-type]  # plain-dict request, as learners write it
    )
    timeout = T("failure.timeout")

    def flaky(name: str, args: dict[str, Any]) -> Any:
        if args.get("order_id") == "A-1002":
            raise ToolFailure(timeout)
        return world.run_tool(name, args)

    require(callable(make_message), T("want_function", name="results_message"))
    calls = Calls(flaky)
    message = call_learner(make_message, "def results_message(response, run_tool)", response, calls)
    returned(message, "results_message")
    require(isinstance(message, dict), T("results_message.dict", type=type(message).__name__))
    history = start + [{"role": "assistant", "content": response.content}, message]
    answer_their_calls(_one_round(history, start, response), response, calls)
    _send(history, tools=world.tools())
    return T("results_message.passed")


@check("hint.text_exit")
def text_exit(first_blocks: Any, refunds: Any) -> str:
    from .. import antipatterns
    from .scenarios import scenario

    answered([first_blocks, refunds], "first_blocks / text_loop_refunds")
    require(isinstance(first_blocks, (list, tuple)), T("text_exit.types"))
    response = _client().messages.create(
        model=default_model(),
        max_tokens=1024,
        tools=World().tools("lookup_order", "process_refund"),  # type: ignore[arg-type]  # plain-dict request, as learners write it
        messages=[{"role": "user", "content": task("refund")}],
    )
    actual = [b.type for b in response.content]
    require(list(first_blocks) == actual, T("text_exit.blocks", actual=actual, mine=first_blocks))
    run = run_scenario(antipatterns.stop_on_text_block, scenario("guide"))
    done = sum(1 for c in run.tool_calls if c.name == "process_refund" and c.ok)
    require(
        refunds == done and isinstance(refunds, int) and not isinstance(refunds, bool),
        T("text_exit.refunds", done=done, mine=refunds)
        + (T("text_exit.bool") if isinstance(refunds, bool) else ""),
    )
    return T("text_exit.passed", actual=actual, done=done)


def outcome_failures(fn: Any, keys: tuple[str, ...]) -> set[str]:
    """The scenarios where `fn` left the orders wrong (refunds, returns, escalations)."""
    from ..grading.runner import run_scenario

    out = set()
    for sc in scenarios(*keys):
        run = run_scenario(fn, sc)
        if (run.case.outcome or run.case.expect)(run):  # the orders, whoever decided them
            out.add(sc.key)
    return out


@check("hint.tree_vs_model")
def tree_vs_model(tree_fails: Any, model_fails: Any) -> str:
    from ..antipatterns import decision_tree

    answered([tree_fails, model_fails], "tree_fails / model_fails")
    require(
        all(isinstance(v, (set, list, tuple, frozenset)) for v in (tree_fails, model_fails)),
        T("tree_vs_model.sets"),
    )
    # What each did to the orders (the world's checks), not the grader's protocol rules: the grader
    # also fails the tree everywhere for calling tools no model asked for (lesson 04 shows that).
    keys = ("guide", "shipped", "unexpected")
    tree = outcome_failures(decision_tree, keys)
    model = outcome_failures(reference_loop, keys)
    require(set(tree_fails) == tree, T("tree_vs_model.tree", actual=sorted(tree), mine=tree_fails))
    require(
        set(model_fails) == model,
        T("tree_vs_model.model", actual=sorted(model) or T("tree_vs_model.none")),
    )
    return T("tree_vs_model.passed", actual=sorted(tree))


@check("hint.guess_max_turns")
def guess_max_turns(guess: Any) -> str:
    answered(guess, "my_guess")
    world = World()
    try:
        actual = run_agent_loop(
            _client(world),
            [{"role": "user", "content": task("one_by_one")}],
            world.tools(),
            run_tool=world.run_tool,
            max_turns=5,
        ).exit
    except LoopError as e:
        actual = e.result.exit
    require(guess == actual, T("guess_max_turns.differ", actual=actual, guess=guess))
    return T("guess_max_turns.passed", actual=actual, n=len(world.refunds()))


@check("hint.quiz_answer")
def quiz_answer(my_choice: Any, item: Any) -> str:
    """Lesson 09: one exam item answered by letter; a wrong letter is told why it is wrong."""
    from ..i18n import language

    answered(my_choice, "my_choice")
    require(hasattr(item, "options") and hasattr(item, "answer"), T("quiz_answer.item"))
    letter = str(my_choice).strip().upper()
    require(letter in item.options, T("quiz_answer.letter", choice=my_choice))
    lang = language()
    if letter != item.answer:
        why = getattr(item.options[letter].why_wrong, lang)
        raise Wrong(T("quiz_answer.wrong", letter=letter, why=why))
    return T("quiz_answer.passed", answer=item.answer, why=getattr(item.explanation, lang))
