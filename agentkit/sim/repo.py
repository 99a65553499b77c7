"""The second world: developer tools over a small in-memory repository with a failing test.

`Repo` holds files by path; its tools are `list_dir`, `read_file`, `run_tests` and `apply_patch`
(`REPO_TOOLS`), run through `Repo.run_tool` as the orders World's are, failures raised as
`ToolFailure` with their category. Nothing is executed: a module is read as functions that each
return one expression, a test file as test functions of `assert <call> == <value>` lines, and
`evaluate` computes them over numbers only (the same reader the stand-in uses on the text it was
sent, so no text a loop sends is ever run as code).
"""

from __future__ import annotations

import ast
import copy
import operator
import re
from dataclasses import dataclass, field
from typing import Any

from ..failures import INVALID_INPUT, NOT_FOUND, UNAVAILABLE, ToolFailure
from ..i18n import current_language as language
from .strings import T
from .world import World

# what each function computes, and the inputs its tests check it on
FUNCTIONS = {
    "add": ("+", [(2, 3), (-1, 1)]),
    "mul": ("*", [(2, 3), (4, 5)]),
    "sub": ("-", [(5, 3), (2, 7)]),
}
RESULTS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}


def make_files(module: str = "calc", broken: str = "add", wrong: str = "-") -> dict[str, str]:
    """A repository whose `module` has two functions, `broken` computing with `wrong` instead of its
    own operator, and a test file checking both: one test fails."""
    other = "mul" if broken != "mul" else "add"
    source, tests = [], [f"from {module} import {', '.join(sorted((broken, other)))}\n"]
    for name in (broken, other):
        op, cases = FUNCTIONS[name]
        source.append(f"def {name}(a, b):\n    return a {wrong if name == broken else op} b\n")
        asserts = "".join(f"    assert {name}({x}, {y}) == {RESULTS[op](x, y)}\n" for x, y in cases)
        tests.append(f"def test_{name}():\n{asserts}")
    readme = f"A tiny calculator ({module}.py). run_tests runs the tests in test_*.py.\n"
    return {
        "README.md": readme,
        f"{module}.py": "\n\n".join(source),
        f"test_{module}.py": "\n\n".join(tests),
    }


DEFAULT_FILES = make_files()


def _schema(name: str, props: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {
        "name": name,
        "description": T.text(f"tool.{name}", "en"),
        "input_schema": {"type": "object", "properties": props, "required": required},
    }


PATH = {"type": "string", "description": "A path in the repository, like calc.py"}
REPO_TOOLS: dict[str, dict[str, Any]] = {
    "list_dir": _schema(
        "list_dir", {"path": {"type": "string", "description": "A directory, like ."}}, ["path"]
    ),
    "read_file": _schema("read_file", {"path": PATH}, ["path"]),
    "run_tests": _schema("run_tests", {}, []),
    "apply_patch": _schema(
        "apply_patch",
        {
            "path": PATH,
            "old": {"type": "string", "description": "The exact text to replace"},
            "new": {"type": "string", "description": "The text to put in its place"},
        },
        ["path", "old", "new"],
    ),
}


def repo_tools(*names: str) -> list[dict[str, Any]]:
    """The developer tools' schemas (copies), their descriptions in the learner's language."""
    out = [copy.deepcopy(REPO_TOOLS[n]) for n in names or REPO_TOOLS]
    for t in out:
        t["description"] = T(f"tool.{t['name']}") if language() == "zh" else t["description"]
    return out


# --- reading and evaluating the repository's code, without running it ----------------------------

OPS: dict[type, Any] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}


class Unreadable(Exception):
    """Code outside what `evaluate` reads (only one-expression functions over numbers)."""


def functions(source: str) -> dict[str, tuple[list[str], ast.expr]]:
    """A module's functions that return one expression: name -> (parameters, expression)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError) as e:
        raise Unreadable(str(e)) from None
    out = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and len(node.body) == 1:
            ret = node.body[0]
            if isinstance(ret, ast.Return) and ret.value is not None:
                out[node.name] = ([a.arg for a in node.args.args], ret.value)
    return out


def evaluate(node: ast.expr, env: dict[str, Any], funcs: dict[str, Any], depth: int = 0) -> Any:
    """A number from an expression of numbers, names, + - * / // %, unary minus and calls of the
    module's own functions. Anything else is Unreadable."""
    if depth > 50:
        raise Unreadable("too deep")
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return node.value
    if isinstance(node, ast.Name) and node.id in env:
        return env[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -evaluate(node.operand, env, funcs, depth + 1)
    if isinstance(node, ast.BinOp) and type(node.op) in OPS:
        left = evaluate(node.left, env, funcs, depth + 1)
        right = evaluate(node.right, env, funcs, depth + 1)
        try:
            return OPS[type(node.op)](left, right)
        except ZeroDivisionError as e:
            raise Unreadable(str(e)) from None
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in funcs:
        params, body = funcs[node.func.id]
        args = [evaluate(a, env, funcs, depth + 1) for a in node.args]
        if len(args) != len(params) or node.keywords:
            raise Unreadable(f"{node.func.id} takes {len(params)} arguments")
        return evaluate(body, dict(zip(params, args, strict=True)), funcs, depth + 1)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        raise Unreadable(f"NameError: name {node.func.id!r} is not defined")
    raise Unreadable(f"cannot evaluate {ast.unparse(node)[:60]}")


@dataclass(frozen=True)
class Check:
    """One `assert <call> == <expected>` of a test function, and what the call gave."""

    test: str
    line: str
    got: Any
    want: Any

    @property
    def passed(self) -> bool:
        return self.got == self.want


def checks(tests: str, source: str, path: str) -> list[Check]:
    """Every assert of the test file's test functions, evaluated against `source`."""
    funcs = functions(source)
    try:
        tree = ast.parse(tests)
    except (SyntaxError, ValueError) as e:
        raise Unreadable(f"{path}: {e}") from None
    out = []
    for node in tree.body:
        if not (isinstance(node, ast.FunctionDef) and node.name.startswith("test")):
            continue
        for stmt in node.body:
            t = stmt.test if isinstance(stmt, ast.Assert) else None
            if not (isinstance(t, ast.Compare) and isinstance(t.ops[0], ast.Eq)):
                raise Unreadable(f"{path}::{node.name}")
            try:
                got, want = evaluate(t.left, {}, funcs), evaluate(t.comparators[0], {}, funcs)
            except Unreadable as e:  # the test fails, as a NameError would fail it
                got, want = f"<{e}>", None
            out.append(Check(f"{path}::{node.name}", ast.unparse(stmt), got, want))
    return out


def imported(tests: str) -> str | None:
    """The module a test file imports from: `from calc import add` -> "calc.py"."""
    m = re.search(r"^from\s+([A-Za-z_]\w*)\s+import", tests, re.M)
    return f"{m.group(1)}.py" if m else None


def report(found: list[Check]) -> str:
    """What run_tests prints: a line per test, failures with the assert and what the call gave."""
    lines, tests = [], list(dict.fromkeys(c.test for c in found))
    for test in tests:
        bad = [c for c in found if c.test == test and not c.passed]
        if bad:
            lines.append(f"FAILED {test} - {bad[0].line} (got {bad[0].got})")
        else:
            lines.append(f"PASSED {test}")
    failed = sum(1 for line in lines if line.startswith("FAILED"))
    lines.append(f"{failed} failed, {len(tests) - failed} passed")
    return "\n".join(lines)


# --- the world --------------------------------------------------------------------------------


@dataclass
class Repo(World):
    """Files by path, and the record of effects (every patch applied, every test run). A World
    (the grader and the stand-in take either) with no orders and no pages."""

    files: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_FILES))
    orders: dict[str, dict[str, Any]] = field(default_factory=dict)
    pages: list[dict[str, str]] = field(default_factory=list)

    def tools(self, *names: str) -> list[dict[str, Any]]:
        return repo_tools(*names)

    def refunds(self) -> list[dict[str, Any]]:
        return []

    def actions(self, tool: str | None = None) -> list[dict[str, Any]]:
        return [e for e in self.effects if tool in (None, e["tool"])]

    def patches(self) -> list[dict[str, Any]]:
        return self.actions("apply_patch")

    def failing(self) -> list[str]:
        """The tests that fail now (every test file's)."""
        return list(dict.fromkeys(c.test for c in self.suite() if not c.passed))

    def suite(self) -> list[Check]:
        found = []
        for path, text in sorted(self.files.items()):
            if re.fullmatch(r"test_\w+\.py", path.rsplit("/", 1)[-1]):
                module = imported(text)
                found += checks(text, self.files.get(module or "", ""), path)
        return found

    def run_tool(self, name: str, args: dict[str, Any]) -> Any:
        """Run a developer tool. Raises ToolFailure (bad input, no such file, transient) or
        KeyError (unknown tool)."""
        if name not in REPO_TOOLS:
            raise KeyError(f"unknown tool {name!r}")
        if self.flaky.get(name, 0) > 0:
            self.flaky[name] -= 1
            raise ToolFailure(T("repo_busy", name=name), UNAVAILABLE)
        out = getattr(self, "_" + name)(args)
        self.effects.append({"tool": name, "input": dict(args), "result": out})
        return out

    def _path(self, args: dict[str, Any]) -> str:
        path = args.get("path")
        if not isinstance(path, str) or not path.strip():
            raise ToolFailure(T("repo_no_path"), INVALID_INPUT)
        return path.strip().removeprefix("./")

    def _list_dir(self, args: dict[str, Any]) -> str:
        path = self._path(args).rstrip("/")
        prefix = "" if path in ("", ".") else path + "/"
        names = sorted({p[len(prefix) :].split("/")[0] for p in self.files if p.startswith(prefix)})
        if not names:
            raise ToolFailure(T("repo_no_file", path=path), NOT_FOUND)
        return "\n".join(names)

    def _read_file(self, args: dict[str, Any]) -> str:
        path = self._path(args)
        if path not in self.files:
            raise ToolFailure(T("repo_no_file", path=path), NOT_FOUND)
        return self.files[path]

    def _run_tests(self, args: dict[str, Any]) -> str:
        try:
            return report(self.suite())
        except Unreadable as e:
            return f"ERROR collecting tests: {e}"

    def _apply_patch(self, args: dict[str, Any]) -> str:
        path = self._path(args)
        old, new = args.get("old"), args.get("new")
        if path not in self.files:
            raise ToolFailure(T("repo_no_file", path=path), NOT_FOUND)
        if not isinstance(old, str) or not isinstance(new, str) or not old:
            raise ToolFailure(T("repo_bad_patch"), INVALID_INPUT)
        text = self.files[path]
        if text.count(old) != 1:
            raise ToolFailure(T("repo_old_not_once", path=path, n=text.count(old)), INVALID_INPUT)
        self.files[path] = text.replace(old, new)
        return T("repo_patched", path=path)
