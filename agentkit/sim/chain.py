"""Arithmetic over tools that each do one operation: an expression worked out call by call.

Written rules, applied before the general policy's own (`agentkit.sim.general`):

1. An operator tool is a tool that takes two numbers and does one operation: by the act its name
   carries (`add`, `multiply`, `mcp__calc__subtract`, ...), else its description's first words
   ("calculator": "Adds two numbers"), or by an enum property whose members
   name operations (`calculate(operation: add|subtract|multiply|divide, a, b)`). Its operands are
   its first two number properties, in the schema's order: the left operand first.
2. The rules apply when the task holds one expression with at least two operators ("(3 + 4) * 5",
   "12 加 8 再乘以 3"), or one operation said only in words, outside quoted or tagged text ("I
   had four and just adopted 2 more! Guess how many I have now?": 4 + 2), and no offered tool
   takes a whole expression (a calculator), and every operator of the expression has an
   operator tool.
3. The expression is read with `ast` (`agentkit.sim.direct`'s reading, never executed). Each
   operation whose two operands are known (numbers of the expression, or values earlier calls
   returned) and that has not been called yet is called now; independent ones together, in one turn.
4. An operation's value is the number its call's result gives (`7`, `{"result": 7}`, "The sum is
   7."). When the whole expression's value is known, the answer gives it with each step.
5. A call that failed is judged by what its error says, by the general rules (a transient error
   is retried once, ...); a result that gives no number, or an operator with no tool: these rules
   step aside and the general rules go on.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Any

from . import direct
from .lexicon import concepts, expressions
from .phrases import say
from .results import FAILED, classify
from .view import Call, Tool, View

SYMBOLS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "**"}
ACTS = {"add": ast.Add, "subtract": ast.Sub, "multiply": ast.Mult, "divide": ast.Div}
ACTS_BY_SYMBOL = {"+": ast.Add, "-": ast.Sub, "*": ast.Mult, "/": ast.Div, "^": ast.Pow}
NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


@dataclass(frozen=True)
class Operator:
    """How to call a tool for one operation: its operands' names and, for an enum tool, the value
    that picks the operation."""

    tool: Tool
    left: str
    right: str
    pick: tuple[str, str] | None = None  # (property, enum member)

    def input(self, a: float, b: float) -> dict[str, Any]:
        args: dict[str, Any] = {self.left: _plain(a), self.right: _plain(b)}
        if self.pick is not None:
            args = {self.pick[0]: self.pick[1], **args}
        return args


def _numbers(t: Tool) -> list[str]:
    props = t.schema.get("properties") or {}
    return [
        k
        for k, p in props.items()
        if isinstance(p, dict) and p.get("type") in ("number", "integer")
    ]


def _op_of(word: str) -> type | None:
    if word.strip() in ACTS_BY_SYMBOL:
        return ACTS_BY_SYMBOL[word.strip()]
    found = {ACTS[c] for c in concepts(word) if c in ACTS} | (
        {ast.Pow} if "power" in concepts(word) else set()
    )
    return found.pop() if len(found) == 1 else None


def _lead(description: str) -> str:
    """A description's first words, where it says what the tool does ("Adds two numbers")."""
    return " ".join(re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]+", description)[:2])


def operators(tools: tuple[Tool, ...]) -> dict[type, Operator]:
    """Rule 1: the operator tools among `tools`, by the operation each does (the first offered
    wins)."""
    found: dict[type, Operator] = {}
    for t in tools:
        nums = _numbers(t)
        if len(nums) < 2:
            continue
        props = t.schema.get("properties") or {}
        enums = [
            (k, p["enum"])
            for k, p in props.items()
            if isinstance(p, dict) and isinstance(p.get("enum"), list) and k not in nums
        ]
        if enums:
            k, members = enums[0]
            for m in members:
                op = _op_of(str(m))
                if op is not None:
                    found.setdefault(op, Operator(t, nums[0], nums[1], (k, m)))
            continue
        op = _op_of(" ".join(sorted(t.name_concepts))) or _op_of(_lead(t.description))
        if op is not None:
            found.setdefault(op, Operator(t, nums[0], nums[1]))
    return found


def takes_expression(t: Tool) -> bool:
    """A tool that takes a whole expression (a string property named or described so)."""
    props = t.schema.get("properties") or {}
    return any(
        isinstance(p, dict)
        and p.get("type") == "string"
        and re.search(r"expression|formula|equation|表达式|算式", f"{k} {p.get('description', '')}")
        for k, p in props.items()
    )


def _plain(x: float) -> float | int:
    return int(x) if isinstance(x, float) and x.is_integer() else x


def _value_of(call: Call) -> float | None:
    """Rule 4: the number a result gives."""
    data = call.data
    if isinstance(data, bool):
        return None
    if isinstance(data, int | float):
        return data
    if isinstance(data, dict):
        nums = [v for v in data.values() if isinstance(v, int | float) and not isinstance(v, bool)]
        return nums[0] if len(nums) == 1 else None
    found = NUMBER.findall(str(call.result or ""))
    return float(found[-1]) if found else None


@dataclass
class Steps:
    """What rule 3 makes of the expression this turn: calls to make, or the value and steps."""

    calls: list[tuple[Tool, dict[str, Any]]]
    value: float | None
    steps: list[str]
    failed: tuple[Tool, Call] | None = None  # a step whose latest call failed (rule 5)
    expr: str = ""  # the expression worked out, as the task says it or as read from its words


def steps_for(v: View) -> Steps | None:
    """Rules 2 to 5 for this turn; None when they do not apply."""
    if any(takes_expression(t) for t in v.tools):
        return None
    found = expressions(v.task)
    own = re.sub(r"<(\w+)>.*?</\1>|[\"“][^\"”]*[\"”]", " ", v.task, flags=re.S)
    worded = direct.expression(own) if not found else None  # "had four, adopted 2 more"
    if len(found) != 1 and worded is None:
        return None
    try:
        tree = ast.parse((worded or found[0]).replace("^", "**"), mode="eval").body
    except SyntaxError:
        return None
    ops = [n for n in ast.walk(tree) if isinstance(n, ast.BinOp)]
    table = operators(v.tools)
    if len(ops) < (1 if worded else 2) or any(type(n.op) not in table for n in ops):
        return None
    out = Steps([], None, [], expr=worded or found[0])
    try:
        value = _walk(tree, table, v, out)
    except _StepAside:
        return None
    out.value = value
    return out


class _StepAside(Exception):
    """Rule 5."""


def _walk(node: ast.AST, table: dict[type, Operator], v: View, out: Steps) -> float | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        x = _walk(node.operand, table, v, out)
        return None if x is None else (-x if isinstance(node.op, ast.USub) else x)
    if not isinstance(node, ast.BinOp):
        raise _StepAside
    a, b = _walk(node.left, table, v, out), _walk(node.right, table, v, out)
    if a is None or b is None:
        return None
    op = table[type(node.op)]
    args = op.input(a, b)
    done = [c for c in v.calls if c.name == op.tool.name and c.input == args]
    if not done:
        if (op.tool, args) not in out.calls:
            out.calls.append((op.tool, args))
        return None
    last = done[-1]
    if last.result is None:
        return None
    value = None if last.is_error else _value_of(last)
    if value is None and (last.is_error or classify(last.result) != FAILED):
        out.failed = out.failed or (op.tool, last)  # an error, flagged or in its words
        return None
    if value is None:
        raise _StepAside
    out.steps.append(f"{_plain(a)} {SYMBOLS[type(node.op)]} {_plain(b)} = {_plain(value)}")
    return value


def worked_answer(v: View, s: Steps) -> str:
    """Rule 4's answer: the expression's value and each step, in the user's language."""
    return say(
        v.lang,
        "g_worked_out",
        expr=s.expr,
        result=_plain(s.value or 0),
        steps=("；" if v.lang == "zh" else "; ").join(s.steps),
    )
