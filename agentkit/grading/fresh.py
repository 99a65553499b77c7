"""Grades a learner's code cannot forge: the verdict is given in a fresh Python process.

A notebook kernel is one process, and any cell can change anything in it: a cell that replaces
`agentkit.grading.report.diagnose` (or `OfflineAPI.handle`, `run_scenario`, `Report.passed`, a
check of `agentkit.lessons`) makes every later check in that kernel pass, a broken loop included,
and nbgrader grades in that same kernel. So the grade is given somewhere no cell reaches:

    in_fresh_process("agentkit.lessons.checks:whole_loop", my_loop)   # a lesson's check
    grade_in_fresh_process(my_loop)                                    # check_loop
    grade_in_fresh_process(source_text, "my_loop", scenarios=["guide"])

Each starts `python -I` (no PYTHONPATH, user site or current folder: it imports the agentkit
beside this file), offline, in the language of the caller, and hands it the answers as data: a
function or class defined in the notebook goes as its source (`inspect.getsource`, or, for a
class in a kernel, where Python finds no source, the cell's lines or its bases and docstring),
with what it uses: modules by name, the notebook's functions and classes by source, any other
value pickled. The fresh process imports agentkit untouched, rebuilds the answers, runs the check
and writes its verdict back. What comes back is data: a plain dict, `{"passed": bool, "text":
str, ...}` (a class could be patched in the kernel; a dict and a bool cannot).

Why a fresh process rather than tamper detection in the kernel: detection compares the grading
functions with their originals, and the cell that patches `diagnose` can patch the comparison
too (the list of originals, the function that compares, `id`); and detection can only refuse,
where the fresh process gives the true grade. What a cell did elsewhere in the kernel never
reaches it.

The graded code does run in the fresh process, beside the grader, and could patch it there: the
fresh process compares every function and class of agentkit (and of `builtins` and `json`)
before and after, and refuses to grade when one changed, naming it (`fresh.tampered`). Code
written to get past that (writing a verdict of its own where the process writes its, say) is in
the graded answer itself, where the teacher reads it.

What stays in the kernel, and so within a cell's reach: this module's few lines that read the
answers' source and start the process, and the check cell that calls them (a cell could also
replace IPython's own display of the error nbgrader reads). Grading a submission's source outside
the student's kernel, with `grade_in_fresh_process(source, name)`, leaves nothing to reach.
"""

from __future__ import annotations

import base64
import builtins
import dis
import importlib
import inspect
import io
import json
import linecache
import os
import pickle
import re
import sys
import textwrap
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..content import short
from ..i18n import current_language, pinned
from ..settings import offline_environment
from .battery import SCENARIOS
from .report import Report, check_loop
from .runner import DEADLINE, shown, type_name
from .strings import T

TIMEOUT = 240.0  # seconds the fresh process may take (nbgrader's course gives a cell 300)
ROOT = Path(__file__).resolve().parents[2]  # the folder agentkit (and quizzes) are in
CHILD = (  # binds no name in the fresh process's __main__, where the answers are rebuilt
    "__import__('sys').path.insert(0, {root!r}); "
    "__import__('agentkit.grading.fresh', fromlist=['grade_from_stdin']).grade_from_stdin()"
)
WATCHED = ("builtins", "json", "json.decoder", "json.encoder")  # besides agentkit itself


@dataclass(frozen=True)
class SourceText:
    """A loop given as source text that defines `name` (rather than as a function)."""

    source: str
    name: str


class Uncarriable(Exception):
    """A value that cannot be sent to a fresh process: its name, and why (learner-facing)."""

    def __init__(self, name: str, why: str):
        super().__init__(f"{name}: {why}")
        self.name, self.why = name, why


# --- the kernel's side ----------------------------------------------------------------------------


def in_fresh_process(target: str, *answers: Any, timeout: float = TIMEOUT) -> dict[str, Any]:
    """`target(*answers)` in a fresh process ("agentkit.module:function", any function of
    agentkit's that returns a verdict: a `Report`, a lesson's `Verdict`), its verdict as data:
    {"passed": bool, "text": the verdict as shown, ...} ("refused": True when no grade could be
    given: an answer that cannot be sent, a process that failed or ran out of time)."""
    module, _, name = target.partition(":")
    if not name or module.split(".")[0] != "agentkit":
        raise ValueError(f"a target is 'agentkit.module:function', not {target!r}")
    lang = current_language()
    carrier = Carrier()
    try:
        names = [carrier.answer(value, i) for i, value in enumerate(answers)]
    except Uncarriable as e:
        return no_grade(T("fresh.cannot_send", what=carrier.what(e.name), why=e.why))
    payload = {"target": target, "bindings": carrier.bindings, "answers": names, "lang": lang}
    return _ask(payload, lang, timeout)


def grade_in_fresh_process(
    loop: str | Callable[..., Any],
    name: str | None = None,
    *,
    scenarios: list[str] | None = None,
    seed: int = 0,
    deadline: float = DEADLINE,
    timeout: float = TIMEOUT,
) -> dict[str, Any]:
    """check_loop in a fresh process: `loop` is the loop function (sent as its source, with what
    it uses) or source text that defines `name`; `scenarios` are keys of SCENARIOS (None: all).
    The report as data: {"passed", "text", "name", "seed", "results": [{"key", "title",
    "passed", "problems", "notes", "requests", "diagnosis"}, ...]}."""
    sent: Any = loop
    if isinstance(loop, str):
        if not name:
            raise ValueError("source text needs the name of the loop it defines")
        sent = SourceText(loop, name)
    keys = None if scenarios is None else list(scenarios)
    label = name or getattr(loop, "__name__", None)
    return in_fresh_process(
        "agentkit.grading.fresh:check_by_keys", sent, keys, seed, deadline, label, timeout=timeout
    )


def no_grade(text: str) -> dict[str, Any]:
    """A verdict that gives no grade, and says why."""
    return {"passed": False, "text": text, "refused": True}


def _ask(payload: dict[str, Any], lang: str, timeout: float) -> dict[str, Any]:
    """Run the fresh process on `payload`; its verdict, or why there is none."""
    import subprocess  # here, not at the top: the browser's Python (the Lite site) starts none

    command = [sys.executable, "-I", "-c", CHILD.format(root=str(ROOT))]
    try:
        child = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # what the graded code prints goes there
            env=offline_environment(lang),
            start_new_session=True,  # its own process group: stopped whole on a timeout
        )
    except OSError as e:  # no processes here (the browser's Python)
        return no_grade(T("fresh.no_process", error=short(shown(e), 80)))
    try:
        out, _ = child.communicate(json.dumps(payload).encode(), timeout=timeout)
    except subprocess.TimeoutExpired:
        _stop(child)
        return no_grade(T("fresh.timeout", seconds=f"{timeout:g}"))
    return _verdict_of(out, child.returncode)


def _stop(child: Any) -> None:
    """Stop the fresh process and what it started (its process group)."""
    import signal

    try:
        os.killpg(child.pid, signal.SIGKILL)
    except (AttributeError, OSError):  # no process groups (Windows), or gone already
        child.kill()
    child.communicate()


def _verdict_of(out: bytes, code: int | None) -> dict[str, Any]:
    """The fresh process's last line, read as a verdict: else none was given."""
    lines = out.decode("utf-8", "replace").strip().splitlines()
    try:
        data = json.loads(lines[-1]) if lines else None
    except ValueError:
        data = None
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("passed"), bool)
        or not isinstance(data.get("text"), str)
    ):
        return no_grade(T("fresh.no_answer", code=code))
    return data


# --- what is sent: answers as bindings ----------------------------------------------------------


class Carrier:
    """The answers as the data a fresh process rebuilds them from: `bindings`, each a name and
    how to make its value (a module by name, source to run, a pickle), dependencies first."""

    def __init__(self) -> None:
        self.bindings: list[dict[str, Any]] = []
        self.bound: dict[str, Any] = {}
        self.answering = ""  # the answer whose dependencies are being carried

    def what(self, name: str) -> str:
        """`name` as a message names it: an answer, or a name an answer uses."""
        if name == self.answering or not self.answering:
            return name
        return T("fresh.used_by", name=name, by=self.answering)

    def answer(self, value: Any, i: int) -> str:
        """Carry answer number `i`; the name it is bound to in the fresh process."""
        if isinstance(value, SourceText):
            self.answering = value.name
            self.bound[value.name] = value
            self._source_text(value.name, value.name, value.source, {})
            return value.name
        if _needs_source(value):
            self.answering = value.__name__
            self.bind(value.__name__, value)
            return str(value.__name__)
        self.answering = f"answer {i + 1}"
        self.bind(f"_answer_{i}", value)
        return f"_answer_{i}"

    def bind(self, name: str, value: Any) -> None:
        if name in self.bound:
            if self.bound[name] is not value:
                raise Uncarriable(name, T("fresh.two_values"))
            return
        self.bound[name] = value
        if isinstance(value, types.ModuleType):
            self.bindings.append({"kind": "module", "name": name, "module": value.__name__})
        elif _needs_source(value):
            self._source(name, value)
        else:
            self.bindings.append(
                {"kind": "pickle", "name": name, "data": self._pickled(name, value)}
            )

    def _pickled(self, name: str, value: Any) -> str:
        """`value` pickled; a class or function of the notebook's inside it is carried first, as
        source (the pickle names it, and the fresh process must have it)."""
        carrier, data = self, io.BytesIO()

        class Pickler(pickle.Pickler):
            def reducer_override(self, obj: Any) -> Any:
                if _needs_source(obj):
                    carrier.bind(obj.__name__, obj)
                return NotImplemented

        try:
            Pickler(data).dump(value)
        except Uncarriable:
            raise
        except Exception as e:  # not picklable: a client, a lock, a generator ...
            error = short(f"{type_name(e)}: {shown(e)}", 80)
            raise Uncarriable(name, T("fresh.not_picklable", error=error)) from None
        return base64.b64encode(data.getvalue()).decode()

    def _source(self, name: str, value: Any) -> None:
        if getattr(value, "__name__", "") == "<lambda>":
            raise Uncarriable(name, T("fresh.lambda"))
        if getattr(value, "__closure__", None):
            raise Uncarriable(name, T("fresh.closure"))
        text = source_of(value)
        if text is None:
            raise Uncarriable(name, T("fresh.no_source"))
        self._source_text(name, value.__name__, text, _namespace_of(value))

    def _source_text(self, name: str, defines: str, text: str, space: dict[str, Any]) -> None:
        """Carry source `text` (which defines `defines`) and, first, what it uses from `space`."""
        try:
            code = compile(text, f"<answer {name}>", "exec")
        except SyntaxError as e:
            raise Uncarriable(name, T("fresh.syntax", error=short(str(e), 80))) from None
        for used in sorted(_globals_used(code)):
            if used in space and not used.startswith("__"):
                self.bind(used, space[used])
        self.bindings.append({"kind": "source", "name": name, "defines": defines, "source": text})


def _needs_source(value: Any) -> bool:
    """A function or class the fresh process cannot import: defined in the notebook (or in a
    module it has no path to, a test's), so it is sent as source."""
    if not (inspect.isfunction(value) or inspect.isclass(value)):
        return False
    module = sys.modules.get(getattr(value, "__module__", "") or "")
    if module is None or module.__name__ == "__main__" or not _importable(module):
        return True
    found: Any = module
    for part in value.__qualname__.split("."):
        found = getattr(found, part, None)
    return found is not value


def _importable(module: types.ModuleType) -> bool:
    """The fresh process imports this module by its name: agentkit's, the quizzes', the
    standard library's or an installed package's."""
    if module.__name__.split(".")[0] in ("agentkit", "quizzes"):
        return True
    file = getattr(module, "__file__", None)
    if file is None:
        return module.__name__ in sys.builtin_module_names
    homes = {sys.prefix, sys.base_prefix, sys.exec_prefix}
    return any(str(Path(file).resolve()).startswith(str(Path(h).resolve())) for h in homes)


def source_of(value: Any) -> str | None:
    """The source that defines a function or class, dedented: `inspect.getsource`, else (a
    class in a kernel: Python looks for it in a file the kernel's __main__ does not have) the
    `class` statement above one of its methods in the cell's lines, else, for a class with no
    methods, its header rebuilt from its bases and docstring. None when none of these works."""
    try:
        return textwrap.dedent(inspect.getsource(value))
    except (OSError, TypeError):
        pass
    if not inspect.isclass(value):
        return None
    return _class_in_its_cell(value) or _bare_class(value)


def _class_in_its_cell(cls: type) -> str | None:
    for member in vars(cls).values():
        function = getattr(member, "__func__", getattr(member, "fget", member))
        code = getattr(function, "__code__", None)
        if code is None:
            continue
        lines = linecache.getlines(code.co_filename)
        header = re.compile(rf"\s*class\s+{re.escape(cls.__name__)}\b")
        for i in range(min(code.co_firstlineno, len(lines)) - 1, -1, -1):
            if header.match(lines[i]):
                return textwrap.dedent("".join(inspect.getblock(lines[i:])))
    return None


PLAIN_CLASS = {"__module__", "__qualname__", "__doc__", "__dict__", "__weakref__"}


def _bare_class(cls: type) -> str | None:
    """`class Name(Base, ...): "doc"` for a class whose body holds nothing but its docstring
    (an exception class, say), or None."""
    if set(vars(cls)) - PLAIN_CLASS:
        return None
    bases = ", ".join(b.__name__ for b in cls.__bases__)
    return f"class {cls.__name__}({bases}):\n    {cls.__doc__ or ''!r}\n"


def _namespace_of(value: Any) -> dict[str, Any]:
    """The globals a function or class reads its names from."""
    if inspect.isfunction(value):
        return value.__globals__
    for member in vars(value).values():
        function = getattr(member, "__func__", getattr(member, "fget", member))
        if inspect.isfunction(function):
            return function.__globals__
    module = sys.modules.get(value.__module__)
    space = dict(vars(module)) if module is not None else {}
    for base in value.__bases__:  # a bare class: its bases by name, where builtins has them not
        if getattr(builtins, base.__name__, None) is not base:
            space.setdefault(base.__name__, base)
    return space


def _globals_used(code: types.CodeType) -> set[str]:
    """The global names code (and the code nested in it) reads: what its source needs."""
    names: set[str] = set()
    for instruction in dis.get_instructions(code):
        if instruction.opname in ("LOAD_GLOBAL", "LOAD_NAME"):
            names.add(str(instruction.argval))
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _globals_used(const)
    return names


# --- the fresh process's side -----------------------------------------------------------------


def grade_from_stdin() -> None:
    """The fresh process: read the payload from stdin, grade, write the verdict as the last line
    of stdout, exit (whatever threads the graded code left)."""
    out = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)  # what the graded code prints goes where stderr goes, not into the verdict
    try:
        payload = json.loads(sys.stdin.read())
        with pinned(payload["lang"]):
            verdict = grade(payload)
    except BaseException as e:  # the process's own failure: said, never a traceback
        verdict = no_grade(T("fresh.failed", error=short(f"{type_name(e)}: {shown(e)}", 120)))
    out.write("\n" + json.dumps(verdict, ensure_ascii=False) + "\n")
    out.flush()
    os._exit(0)


def grade(payload: dict[str, Any]) -> dict[str, Any]:
    """Import the target, note agentkit's functions, rebuild the answers in __main__, call the
    target, and give its verdict, unless the graded code changed a function meanwhile."""
    import agentkit

    if Path(agentkit.__file__).resolve().parents[1] != ROOT:
        raise ImportError(f"agentkit from {agentkit.__file__}, not from {ROOT}")
    module, _, qualname = payload["target"].partition(":")
    target: Any = importlib.import_module(module)
    for part in qualname.split("."):
        target = getattr(target, part)
    before = dict(watched())
    namespace = sys.modules["__main__"].__dict__
    rebuild(payload["bindings"], namespace)
    result = target(*(namespace[name] for name in payload["answers"]))
    verdict = as_data(result)
    changed = [name for name, now in watched() if name in before and not same(before[name], now)]
    if changed:
        names = ", ".join(changed[:5]) + (" …" if len(changed) > 5 else "")
        return no_grade(T("fresh.tampered", names=names))
    return verdict


def rebuild(bindings: list[dict[str, Any]], namespace: dict[str, Any]) -> None:
    """Make each binding's value in `namespace`, in order. Source is registered with linecache,
    so inspect.getsource finds it (a check reads an answer's source for its TODOs)."""
    for b in bindings:
        kind, name = b["kind"], b["name"]
        if kind == "module":
            namespace[name] = importlib.import_module(b["module"])
        elif kind == "pickle":
            namespace[name] = pickle.loads(base64.b64decode(b["data"]))
        elif kind == "source":
            file, text = f"<answer {name}>", b["source"]
            linecache.cache[file] = (len(text), None, text.splitlines(True), file)
            exec(compile(text, file, "exec"), namespace)
            namespace[name] = namespace[b["defines"]]


def check_by_keys(
    loop: Callable[..., Any], keys: list[str] | None, seed: int, deadline: float, name: str | None
) -> Report:
    """check_loop as the fresh process runs it: the scenarios by key."""
    by_key = {s.key: s for s in SCENARIOS}
    chosen = None if keys is None else [by_key[k] for k in keys]
    return check_loop(loop, chosen, seed=seed, deadline=deadline, name=name)


def as_data(result: Any) -> dict[str, Any]:
    """A verdict as plain data: `passed` (True only when the verdict says exactly True), `text`
    (the verdict as shown), and what its own `as_data` adds (a Report's results)."""
    own = getattr(type(result), "as_data", None)
    data = dict(own(result)) if callable(own) else {}
    return {**data, "passed": getattr(result, "passed", None) is True, "text": repr(result)}


# --- tamper detection in the fresh process ------------------------------------------------------


def watched() -> Iterator[tuple[str, tuple[Any, ...]]]:
    """(name, what makes it itself) for every function and class of agentkit's loaded modules,
    the methods and properties of their classes, their tables of functions or scenarios, and
    the functions of `builtins` and `json`."""
    for module_name, module in list(sys.modules.items()):
        ours = module_name == "agentkit" or module_name.startswith("agentkit.")
        if module is None or not (ours or module_name in WATCHED):
            continue
        for attr, value in list(vars(module).items()):
            name = f"{module_name}.{attr}"
            if callable(value) or isinstance(value, types.ModuleType):
                yield name, _identity(value)
            if inspect.isclass(value) and value.__module__ == module_name:
                for member, inner in list(vars(value).items()):
                    if _is_code(inner):
                        yield f"{name}.{member}", _identity(inner)
            elif ours and isinstance(value, list | tuple) and _a_table(value):
                yield name, tuple(value)


def _is_code(value: Any) -> bool:
    return callable(value) or isinstance(value, property | staticmethod | classmethod)


def _a_table(value: list[Any] | tuple[Any, ...]) -> bool:
    """A list of functions (the diagnosis's checks) or of agentkit objects (the scenarios)."""
    return bool(value) and all(
        callable(v) or type(v).__module__.startswith("agentkit.") for v in value
    )


def _identity(value: Any) -> tuple[Any, ...]:
    """The object, and what a patch would swap inside it: a function's code and defaults, a
    property's functions, a static or class method's function."""
    inner = getattr(value, "__func__", None)
    parts = [value, inner]
    for part in (value, inner):
        parts += [getattr(part, "__code__", None), getattr(part, "__defaults__", None)]
        parts += [getattr(part, "__kwdefaults__", None)]
    if isinstance(value, property):
        parts += [value.fget, value.fset, value.fdel]
    return tuple(parts)


def same(before: tuple[Any, ...], now: tuple[Any, ...]) -> bool:
    return len(before) == len(now) and all(a is b for a, b in zip(before, now, strict=True))
