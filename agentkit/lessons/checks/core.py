"""What every check is made of: the Verdict, the `check` decorator that turns any error into
one, and the helpers that call the learner's code and send requests to the offline Claude."""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anthropic

from ... import exercise
from ...client import default_model, make_client
from ...sim import World
from ..messages import error_line
from ..strings import T

T.add(
    __name__,
    {
        "passed": ("✓ 通过：{what}", "✓ Passed: {what}"),
        "head.stub": ("… 还没做完", "… Not done yet"),
        "head.wrong": ("✗ 还不对", "✗ Not right yet"),
        "problem": ("{head}：{problem}", "{head}: {problem}"),
        "hint": ("  提示：{hint}", "  Hint: {hint}"),
        "internal": ("⚠ 检查本身出错（请报告）", "⚠ The check itself failed (please report this)"),
        "internal.line": (
            "{internal}：checks.{name} 在检查时抛出了 {error}{where}",
            "{internal}: checks.{name} raised {error} while checking{where}",
        ),
        "internal.where": ("（{file}:{line}）", " ({file}:{line})"),
        "internal.hint": (
            "这不是你的答案的问题。请把这几行报告给课程维护者；可以先继续往下学。",
            "This is not a problem with your answer. Please report these lines to the course "
            "maintainers; you can carry on with the lesson meanwhile.",
        ),
        "stub": ("练习单元格还是占位代码。", "The exercise cell is still the stub."),
        "learner_raised": ("你的代码抛出了 {error}", "Your code raised {error}"),
        "ellipsis": (
            "{what} 里还有 `...`：把你的答案填进去。",
            "{what} still holds `...`: fill in your answer.",
        ),
        "returned_none": (
            "{name} 返回了 None：还没写完，或者忘了 return？",
            "{name} returned None: not finished yet, or is a return missing?",
        ),
        "api_refused": (
            "API 拒绝了这个请求：{error}",
            "The API rejected the request: {error}",
        ),
        "api_refused.model.hint": (
            "`model` 是 API 不提供（或已退役）的模型：用上面定义的 MODEL（{default}），不要写死模型 id。",
            "The `model` is one the API does not serve (or no longer serves): use MODEL, defined"
            " above ({default}), rather than a hard-coded model id.",
        ),
        "create_refused": (
            "client.messages.create 不接受这个请求：{error}",
            "client.messages.create does not take this request: {error}",
        ),
        "create_refused.hint": (
            "只放 model、max_tokens、tools、messages（anthropic 2.x 的 create() 没有 temperature）。",
            "Pass only model, max_tokens, tools and messages (create() in anthropic 2.x takes no "
            "temperature).",
        ),
        "yours": (
            "→ 下面运行的是你的 {name}（它已通过检查）。",
            "→ Running your {name} below (it passed its check).",
        ),
        "reference": (
            "→ 你的 {name} 还没通过检查，下面运行的是参考答案 {reference}。",
            "→ Your {name} has not passed its check yet; running the reference answer "
            "{reference} below.",
        ),
        "signature": (
            "`{name}` 应当接受 {want}；你的 {name} 接受 {mine}。",
            "`{name}` should take {want}; yours takes {mine}.",
        ),
        "signature.hint": (
            "按练习给的写法定义它：{spec}。检查会这样调用它。",
            "Define it as the exercise states it: {spec}. The check calls it that way.",
        ),
        "signature.class_hint": (
            "给类 {name} 写 def __init__(self, {params})：检查用 {name}({params}) 创建它。",
            "Give the class {name} a def __init__(self, {params}): the check makes it as "
            "{name}({params}).",
        ),
        "endless": (
            "工具一直失败，你的代码调用了它 {calls} 次还在重试：这样的重试永远不会结束。",
            "The tool kept failing and your code called it {calls} times, still retrying: "
            "a retry like this never ends.",
        ),
        "endless.hint": (
            "失败时把错误作为 is_error 为 True 的 tool_result 交给模型，由它决定下一步；"
            "要重试就设上限。",
            "On a failure, hand the error to the model as a tool_result with is_error True and "
            "let it decide what to do next; if you retry, cap the retries.",
        ),
    },
)


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
        def checked(*answers: Any, show_answer: bool = False) -> Verdict:
            stub = any(is_stub(a) for a in answers)
            token = _CHECKING.set((grade.__name__, show_answer))
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
            finally:
                _CHECKING.reset(token)

        return checked

    return wrap


_CHECKING: ContextVar[tuple[str, bool]] = ContextVar("checking", default=("", False))
"""The check running now, and whether the learner asked for the answer (show_answer=True)."""


def checking() -> tuple[str, bool]:
    """The name of the check running now, and whether it was asked to show the answer."""
    return _CHECKING.get()


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


_PACKAGE = str(Path(__file__).resolve().parents[2])  # agentkit/


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


def require(ok: Any, problem: str, hint: str = "") -> None:
    if not ok:
        raise Wrong(problem, hint)


def answered(value: Any, what: str) -> None:
    """The prediction has been filled in (no `...` left)."""
    if is_stub(value):
        raise NotYet(T("ellipsis", what=what))


def returned(value: Any, name: str) -> None:
    """The function returned something (a bare stub returns None)."""
    if value is None:
        raise NotYet(T("returned_none", name=name))


def _client(world: World | None = None) -> anthropic.Anthropic:
    return make_client(offline=True, world=world or World())


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


def yours_or_reference(mine: Any, verdict: Callable[[Any], Verdict]) -> Any:
    """What a later cell runs: the learner's own answer once its check passes, else the
    reference answer (agentkit.lessons.solution.REFERENCES), saying in one line whose it is.

    The reference is found by the check the answer is graded by (its role), never by the
    answer's name: a lambda, a class instance or a functools.partial is an answer too."""
    from ..solution import REFERENCES

    role = getattr(verdict, "__name__", None)
    if role not in REFERENCES:
        raise ValueError(
            f"no reference answer for the check {verdict!r}: one of {list(REFERENCES)}"
        )
    name, reference = REFERENCES[role]
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
