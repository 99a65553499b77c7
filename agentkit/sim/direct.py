"""Answers the stand-in gives without a tool, as written rules (before any tool is chosen).

1. A question about the tools themselves ("List your tools", "What tools do you have?",
   "你有哪些工具") is answered with the names of the tools the request offers (loaded or deferred),
   in the order given; with no tools, it says so.
2. Plain arithmetic ("What is 2 + 2?", "Calculate 15 + 27", "100 除以 7 等于多少") is computed and
   answered, when the task is only that (an expression, with at most a few asking words around it)
   and no offered tool's *name* is about arithmetic (a calculator, add, multiply, ...): a model
   does such sums itself, and a general tool such as a shell is not asked for a command it does not
   need. A request that offers a calculator tool calls it (`agentkit.sim.general`).
   The expression is read with Python's `ast` (numbers, + - * / // % **, brackets; a power with
   an exponent of at most 1000 and a result of at most MAX_BITS bits), never executed; a division
   by zero is said to be one.
"""

from __future__ import annotations

import ast
import operator
import re
from typing import Any

from .lexicon import expressions, spoken_math
from .phrases import say, spoken_list

ABOUT_TOOLS = re.compile(
    r"\b(?:what|which|list|name|show)\b[^.?!]{0,30}\btools?\b|\byour tools\b|\btools (?:do )?you have\b"
    r"|哪些工具|什么工具|有什么工具|工具列表|列出[^。？]{0,8}工具|可用的工具",
    re.IGNORECASE,
)
MATH_NAMES = frozenset(
    {"math", "calculate", "add", "subtract", "multiply", "divide", "root", "power"}
)
ASKING = re.compile(
    r"what(?:'s| is)|how much is|calculate|compute|evaluate|work out|solve|equals?|is|please|the|"
    r"result|of|answer|round(?:ed)?|to|decimal|places?|and|"
    r"计算|算一下|算算|等于|是多少|多少|请|帮我|结果",
    re.IGNORECASE,
)
OPS: dict[type, Any] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
}


def about_tools(task: str) -> bool:
    """Rule 1's reading: the user asks which tools there are."""
    return bool(ABOUT_TOOLS.search(task))


def tools_answer(lang: str, names: list[str]) -> str:
    if not names:
        return say(lang, "d_no_tools")
    return say(lang, "d_tools", n=len(names), tools=spoken_list(lang, names))


def only_arithmetic(task: str) -> str | None:
    """Rule 2's reading: the task's one expression, when little else is said."""
    found = expressions(task)
    if len(found) != 1:
        return None
    rest = spoken_math(task).replace(found[0], " ", 1)
    rest = ASKING.sub(" ", rest)
    left = re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]", rest)
    return found[0] if len(left) <= 2 else None


def arithmetic_value(expr: str) -> float | int | None:
    """The expression's value (`ast`, never executed); None when it is no plain arithmetic."""
    try:
        tree = ast.parse(expr.replace("^", "**"), mode="eval")
    except SyntaxError:
        return None

    def value(node: ast.AST) -> Any:
        if isinstance(node, ast.Expression):
            return value(node.body)
        if isinstance(node, ast.Constant) and type(node.value) in (int, float):
            return node.value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            v = value(node.operand)
            return -v if isinstance(node.op, ast.USub) else v
        if isinstance(node, ast.BinOp) and type(node.op) in OPS:
            left, right = value(node.left), value(node.right)
            if isinstance(node.op, ast.Pow) and _too_large(left, right):
                raise ValueError("power too large")
            return OPS[type(node.op)](left, right)
        raise ValueError("not arithmetic")

    try:
        return value(tree)  # type: ignore[no-any-return]
    except ZeroDivisionError:
        raise
    except (ValueError, TypeError, OverflowError):
        return None


def _too_large(base: Any, exponent: Any) -> bool:
    """Whether base ** exponent would have more than MAX_BITS bits (or a huge exponent): nested
    powers such as ((9**999)**999)**999 are refused before Python spends minutes on them."""
    if abs(exponent) > 1000:
        return True
    bits = abs(int(base)).bit_length() if abs(base) >= 1 else 1
    return bits * abs(exponent) > MAX_BITS


MAX_BITS = 1 << 14  # a result of at most ~4,900 decimal digits


def arithmetic_answer(lang: str, expr: str) -> str | None:
    try:
        result = arithmetic_value(expr)
    except ZeroDivisionError:
        return say(lang, "d_div_zero", expr=expr)
    if result is None:
        return None
    if isinstance(result, float):
        result = int(result) if result.is_integer() else round(result, 6)
    return say(lang, "d_arithmetic", expr=expr, result=result)


def direct_answer(
    lang: str, task: str, names: list[str], name_concepts: list[frozenset[str]]
) -> str | None:
    """The direct answer to `task` with these tools offered (their names and names' concepts), or
    None when a tool is needed or no rule applies."""
    if about_tools(task):
        return tools_answer(lang, names)
    if any(c & MATH_NAMES for c in name_concepts):
        return None
    expr = only_arithmetic(task)
    return arithmetic_answer(lang, expr) if expr else None
