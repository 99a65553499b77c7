"""The tools a behaviour test offers and the plain agent loop it runs them with, through the real
SDK client against the offline Claude: one copy for the behaviour files (test_chain10, test_acts11,
test_args11, test_values10, ...), so a test states only its domain, its turns and what it expects."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import jsonschema

import agentkit

MODEL = agentkit.default_model()


def tool(
    name: str, description: str, properties: dict[str, Any], required: list[str] | None = None
) -> dict[str, Any]:
    """A tool definition; every property is required unless `required` says otherwise."""
    schema = {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else list(required),
    }
    return {"name": name, "description": description, "input_schema": schema}


def strings(**described: str | None) -> dict[str, Any]:
    """String properties by name, each with its description when one is given."""
    return {
        k: {"type": "string", **({"description": d} if d else {})} for k, d in described.items()
    }


def converse(
    turns: str | list[str],
    tools: list[Any],
    handlers: dict[str, Callable[..., Any]],
    rounds: int = 8,
    system: str | None = None,
) -> tuple[list[tuple[str, dict[str, Any]]], list[str]]:
    """A plain agent loop over the user's turns (one string is one turn): every call made, as
    (name, input) with the input checked against its tool's schema, and each turn's final text;
    a handler that raises answers its call with its text, flagged is_error.
    A turn still calling tools after `rounds` requests fails the test; `system`, the operator's
    system prompt."""
    client = agentkit.make_client(offline=True)
    schemas = {t["name"]: t["input_schema"] for t in tools}
    messages: list[Any] = []
    calls: list[tuple[str, dict[str, Any]]] = []
    finals: list[str] = []
    for said in [turns] if isinstance(turns, str) else turns:
        messages.append({"role": "user", "content": said})
        for _ in range(rounds):
            extra = {"system": system} if system else {}
            r = client.messages.create(
                model=MODEL, max_tokens=1024, tools=tools, messages=messages, **extra
            )
            messages.append({"role": "assistant", "content": r.content})
            if r.stop_reason != "tool_use":
                finals.append("".join(b.text for b in r.content if b.type == "text"))
                break
            results = []
            for b in r.content:
                if b.type == "tool_use":
                    jsonschema.validate(b.input, schemas[b.name])
                    calls.append((b.name, dict(b.input)))
                    try:  # a handler that raises fails its call: its text, flagged is_error
                        out, failed = handlers[b.name](**b.input), False
                    except Exception as e:  # noqa: BLE001 (any exception a tool raises)
                        out, failed = str(e), True
                    text = out if isinstance(out, str) else json.dumps(out, ensure_ascii=False)
                    results.append(
                        {"type": "tool_result", "tool_use_id": b.id, "content": text}
                        | ({"is_error": True} if failed else {})
                    )
            messages.append({"role": "user", "content": results})
        else:
            raise AssertionError(f"no end after {rounds} requests in turn {said!r}")
    return calls, finals


def forced(text: str, t: dict[str, Any], choice: dict[str, Any] | None = None) -> dict[str, Any]:
    """The one call a forced request makes (tool_choice the tool, else `choice`), checked against
    its tool's schema."""
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=1024,
        tools=[t],
        tool_choice=choice or {"type": "tool", "name": t["name"]},
        messages=[{"role": "user", "content": text}],
    )
    call = next(b for b in r.content if b.type == "tool_use")
    jsonschema.validate(call.input, t["input_schema"])
    return dict(call.input)
