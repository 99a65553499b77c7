"""Tools and their execution. Every failure becomes an `is_error: true` tool_result the model can act on.

Tools come in two shapes, both accepted everywhere:
- functions turned into tools by the SDK's own `beta_tool` (schema from signature and docstring):
  `@agentkit.tool def lookup_order(order_id: str) -> dict: ...`
- the study guide's shape: a list of schema dicts plus `run_tool(name, args)`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from anthropic import beta_tool as tool  # noqa: F401  (agentkit.tool is the SDK's beta_tool, not a second generator)
from anthropic.lib.tools import BetaFunctionTool

from .failures import DENIED, INVALID_INPUT, UNKNOWN_TOOL, error_text, with_category
from .strings import T

JSON_TYPES: dict[str, type | tuple[type, ...]] = {
    "string": str,
    "number": (int, float),
    "integer": int,
    "boolean": bool,
    "object": dict,
    "array": list,
}


@dataclass
class ToolCall:
    """One executed tool_use: its input and the tool_result that went back."""

    id: str
    name: str
    input: dict[str, Any]
    content: str = ""
    is_error: bool = False
    turn: int = 0
    denied_by: str | None = None

    def to_param(self) -> dict[str, Any]:
        block = {"type": "tool_result", "tool_use_id": self.id, "content": self.content}
        return {**block, "is_error": True} if self.is_error else block


def result_text(out: Any) -> str:
    """A tool's output as tool_result content: a string as it is, anything else as JSON text."""
    return out if isinstance(out, str) else json.dumps(out, ensure_ascii=False, default=str)


def tool_result(block: Any, run_tool: Callable[[str, dict[str, Any]], Any]) -> dict[str, Any]:
    """The study guide's way to answer one tool_use block: its output as text, or the error (its
    category first, see `agentkit.failures`) with `is_error: true`, so the model decides what to do
    next. `Toolbox.execute` writes the same bytes for the same outcome."""
    try:
        out = run_tool(block.name, block.input)
    except Exception as e:  # the model sees the error and decides: retry, another route, or say so
        content = error_text(e)
        return {
            "type": "tool_result",
            "tool_use_id": block.id,
            "content": content,
            "is_error": True,
        }
    return {"type": "tool_result", "tool_use_id": block.id, "content": result_text(out)}


def tool_results(
    response: Any, run_tool: Callable[[str, dict[str, Any]], Any]
) -> list[dict[str, Any]]:
    """Each tool_use block of `response` answered, in order: one message's content."""
    return [tool_result(b, run_tool) for b in response.content if b.type == "tool_use"]


class BeforeTool(Protocol):
    """A hook that may deny a tool call before it runs, in code, where a prompt cannot overrule it."""

    def before_tool(self, name: str, input: dict[str, Any]) -> str | None:
        """Return a reason to deny the call (it goes back as an is_error tool_result, category
        `denied`), or None to allow it."""
        ...


class AfterTool(Protocol):
    """A hook that sees a tool's result before the model does."""

    def after_tool(self, name: str, input: dict[str, Any], result: Any) -> Any:
        """Return the result to send back (normalised, redacted...)."""
        ...


Hook = BeforeTool | AfterTool
"""Intercepts tool calls in code: a hook has `before_tool`, `after_tool`, or both."""


@dataclass
class RefundCap:
    """Task 1.5's example rule: refunds above `limit` are blocked and must go to a human."""

    limit: float = 500.0

    def before_tool(self, name: str, input: dict[str, Any]) -> str | None:
        amount = input.get("amount")
        if name == "process_refund" and isinstance(amount, (int, float)) and amount > self.limit:
            return T("tools.refund_cap", amount=amount, limit=self.limit)
        return None


@dataclass
class LookupBeforeRefund:
    """Task 1.4's programmatic precondition: process_refund is denied until lookup_order has succeeded for
    that same order in this run. The tool description already says so ("order_id must come from a
    lookup_order result"), but a description is a request to the model; this hook is a guarantee in
    code."""

    looked_up: set[str] = field(default_factory=set)

    def before_tool(self, name: str, input: dict[str, Any]) -> str | None:
        order_id = input.get("order_id")
        if name == "process_refund" and order_id not in self.looked_up:
            return T("tools.lookup_first", order_id=order_id)
        return None

    def after_tool(self, name: str, input: dict[str, Any], result: Any) -> Any:
        if name == "lookup_order" and isinstance(result, dict):
            self.looked_up.add(str(result.get("order_id", input.get("order_id"))))
        return result


@dataclass
class NormalizeStatus:
    """An after-tool hook: statuses arrive as 'DELIVERED ' from some back ends; the model gets 'delivered'."""

    def after_tool(self, name: str, input: dict[str, Any], result: Any) -> Any:
        if isinstance(result, dict) and isinstance(result.get("status"), str):
            return {**result, "status": result["status"].strip().lower()}
        return result


@dataclass
class Toolbox:
    """Tools by name, with the schemas to send and one way to execute a tool_use block."""

    tools: Iterable[Any] = ()
    run_tool: Callable[[str, dict[str, Any]], Any] | None = None
    hooks: Iterable[Any] = ()
    schemas: list[dict[str, Any]] = field(init=False)
    functions: dict[str, BetaFunctionTool] = field(init=False)

    def __post_init__(self) -> None:
        self.hooks = list(self.hooks)
        self.schemas, self.functions = [], {}
        for t in self.tools:
            if isinstance(t, BetaFunctionTool):
                self.functions[t.name] = t
                self.schemas.append(dict(t.to_dict()))
            elif isinstance(t, dict):
                self.schemas.append(t)
            else:
                raise TypeError(
                    f"a tool must be a schema dict or an agentkit.tool function, not {type(t).__name__}"
                )
        self.local = {s["name"]: s for s in self.schemas if s.get("type", "custom") == "custom"}

    def execute(self, block: Any, turn: int = 0) -> ToolCall:
        name, args = block.name, dict(block.input or {})
        call = ToolCall(block.id, name, args, turn=turn)
        problem = self._check(name, args)
        if problem:
            call.content, call.is_error = problem, True
            return call
        for h in self.hooks:
            reason = getattr(h, "before_tool", lambda *a: None)(name, args)
            if reason:
                call.content, call.is_error = with_category(DENIED, reason), True
                call.denied_by = type(h).__name__
                return call
        try:
            if name in self.functions:
                result = self.functions[name].call(args)
            else:
                assert self.run_tool is not None  # _check answered a tool with no implementation
                result = self.run_tool(name, args)
        except Exception as e:
            # the model decides what to do next: retry, another route, or explain
            call.content, call.is_error = error_text(e), True
            return call
        for h in self.hooks:
            if hasattr(h, "after_tool"):
                result = h.after_tool(name, args, result)
        call.content = result_text(result)
        return call

    def _check(self, name: str, args: dict[str, Any]) -> str | None:
        """Unknown tool or input that breaks the schema: a message the model can correct itself from."""
        if name not in self.local:
            offered = ", ".join(self.local) or T("tools.none")
            return with_category(UNKNOWN_TOOL, T("tools.unknown", name=name, offered=offered))
        if name not in self.functions and self.run_tool is None:
            return T("tools.no_function", name=name)
        if name in self.functions:
            return None  # pydantic validates inside the SDK's tool.call
        schema = self.local[name].get("input_schema", {})
        missing = [k for k in schema.get("required", []) if k not in args]
        if missing:
            got = json.dumps(args, ensure_ascii=False)
            return with_category(
                INVALID_INPUT, T("tools.missing_fields", name=name, missing=missing, got=got)
            )
        for k, v in args.items():
            want = JSON_TYPES.get(schema.get("properties", {}).get(k, {}).get("type"))
            if want and (not isinstance(v, want) or (isinstance(v, bool) and want is not bool)):
                kind = schema["properties"][k]["type"]
                wrong = T("tools.wrong_type", name=name, field=k, kind=kind, value=v)
                return with_category(INVALID_INPUT, wrong)
        return None
