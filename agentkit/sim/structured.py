"""Structured outputs: the stand-in's final answer as JSON valid for the request's schema.

With `output_config.format` of type `json_schema` (the SDKs' `output_format=`, the Claude Code CLI's
session-title request), the API constrains the reply's text to JSON that follows the schema
(https://platform.claude.com/docs/en/build-with-claude/structured-outputs). The stand-in is no
language model: it fills each field from what it knows — the facts of the conversation (the latest
tool results' fields, a short title for the task) and its own answer text — and gives any other
field the simplest value its type allows. Valid for the schema, not clever.
"""

from __future__ import annotations

import re
from typing import Any

TEXT_FIELDS = re.compile(r"answer|summary|result|text|message|reply|response|content|explanation")
SESSION = re.compile(r"<session>\s*(.*?)\s*</session>", re.DOTALL)


def schema_of(body: dict[str, Any]) -> dict[str, Any] | None:
    """The JSON schema a structured-output request asks the answer to follow (`output_config.format`
    of type json_schema, or the older top-level `output_format`), else None."""
    config = body.get("output_config")
    fmt = config.get("format") if isinstance(config, dict) else None
    fmt = fmt if fmt is not None else body.get("output_format")
    if isinstance(fmt, dict) and fmt.get("type") == "json_schema":
        schema = fmt.get("schema")
        return schema if isinstance(schema, dict) else None
    return None


def fill(schema: dict[str, Any], facts: dict[str, Any], answer: str) -> Any:
    """A JSON value valid for `schema`; `facts` by field name, `answer` for free-text fields."""
    return _value(schema, schema, facts, answer, "")


def _resolve(schema: Any, root: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref") if isinstance(schema, dict) else None
    if isinstance(ref, str) and ref.startswith("#/"):
        node: Any = root
        for part in ref[2:].split("/"):
            node = node.get(part, {}) if isinstance(node, dict) else {}
        return _resolve(node, root)
    return schema if isinstance(schema, dict) else {}


def _value(schema: Any, root: dict[str, Any], facts: dict[str, Any], answer: str, name: str) -> Any:
    s = _resolve(schema, root)
    if "const" in s:
        return s["const"]
    if s.get("enum"):
        fact = facts.get(name)
        return fact if fact in s["enum"] else s["enum"][0]
    options = s.get("anyOf") or s.get("oneOf")
    if options:
        typed = [o for o in options if _resolve(o, root).get("type") != "null"] or options
        return _value(typed[0], root, facts, answer, name)
    kind = s.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "object" or "properties" in s:
        props = s.get("properties") or {}
        return {k: _value(v, root, facts, answer, k) for k, v in props.items()}
    if kind == "array":
        n = int(s.get("minItems", 0))
        return [_value(s.get("items") or {}, root, facts, answer, name) for _ in range(n)]
    return _scalar(kind, facts.get(name), answer, name)


def _scalar(kind: Any, fact: Any, answer: str, name: str) -> Any:
    if kind in ("number", "integer"):
        if isinstance(fact, (int, float)) and not isinstance(fact, bool):
            return int(fact) if kind == "integer" else fact
        return 0
    if kind == "boolean":
        return fact if isinstance(fact, bool) else False
    if kind == "null":
        return None
    if fact is not None and not isinstance(fact, (dict, list)):
        return str(fact)
    return answer if TEXT_FIELDS.search(name) or not name else ""


def title(task: str, orders: list[str], intent: str, lang: str) -> str:
    """A short title for the task (the CLI asks for one: a noun phrase of a few words)."""
    words = {
        "refund": ("退款", "Refund"),
        "cancel": ("取消", "Cancellation"),
        "return": ("退货", "Return"),
        "status": ("查询", "Status"),
    }[intent]
    if orders:
        order = "、".join(orders) if lang == "zh" else ", ".join(orders)
        return f"订单 {order} {words[0]}" if lang == "zh" else f"{words[1]} for order {order}"
    session = SESSION.search(task)
    text = (session.group(1) if session else task).strip().splitlines()
    first = text[0] if text else ""
    return first[:30] if lang == "zh" else " ".join(first.split()[:5])
