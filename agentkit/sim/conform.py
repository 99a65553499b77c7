"""A value made valid for its JSON schema: what a forced call's input and a structured output's
answer go through last, so they are always valid for the schema (the API's strict decoding
guarantees as much: https://platform.claude.com/docs/en/build-with-claude/structured-outputs).

The rules, keyword by keyword (JSON Schema 2020-12, the subset tool and output schemas use):
- `$ref` (to `#/...`) is followed, `allOf` merged, `anyOf`/`oneOf` take the first option the
  value already fits, else the first option that is not `null`;
- `const` is its value; an `enum` keeps a member, else takes the `default` when it is a member,
  else the first member;
- a value of the wrong `type` is read as the right one where it says the same ("3" for an integer
  is 3, 3 for a string is "3"), else it is missing;
- a missing value is the schema's `default`, else its first `examples`, else the smallest valid
  value of its type: "" (or the shortest text its `pattern` or `format` allows), `minimum`,
  false, [] grown to `minItems`, {} with every required property;
- a string keeps its text when it fits its `pattern` and `format`; else the same text written as
  they ask (a leading "v" dropped, the case changed, separators dropped), else the shortest
  valid text; `maxLength` cuts it;
- a number is brought inside `minimum`/`maximum` (and the exclusive bounds), onto `multipleOf`;
- an array's items are made valid, repeated items dropped under `uniqueItems`, cut at
  `maxItems`; an object keeps only its `properties` when `additionalProperties` is false.
Nothing here reads the conversation: the values come from the readers (`agentkit.sim.arguments`,
`agentkit.sim.structured`); this only keeps them inside the schema.
"""

from __future__ import annotations

import importlib
import json
import re
from typing import Any

sre: Any = importlib.import_module("re._parser")  # the stdlib's own reading of a regex

MISSING = object()

FORMATS = {  # format -> (what a valid value looks like, the smallest valid value); a local time
    # without its offset is kept as the user wrote it
    "date": (r"\d{4}-\d{2}-\d{2}", "1970-01-01"),
    "time": (r"\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?", "00:00:00Z"),
    "date-time": (
        r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2})?",
        "1970-01-01T00:00:00Z",
    ),
    "email": (r"[^@\s]+@[^@\s]+\.[^@\s]+", "user@example.com"),
    "uri": (r"[A-Za-z][A-Za-z0-9+.-]*:\S+", "https://example.com"),
    "url": (r"[A-Za-z][A-Za-z0-9+.-]*:\S+", "https://example.com"),
    "uuid": (
        r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}",
        "00000000-0000-0000-0000-000000000000",
    ),
    "ipv4": (r"(?:\d{1,3}\.){3}\d{1,3}", "0.0.0.0"),
    "hostname": (r"[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?", "localhost"),
}


def conform(value: Any, schema: Any, root: Any = None) -> Any:
    """`value` made valid for `schema` (see the rules); `MISSING` (or a required property that is
    absent) gets the smallest valid value."""
    root = schema if root is None else root
    s = _node(schema, root)
    if "const" in s:
        return s["const"]
    if s.get("enum"):
        return _member(value, s)
    options = s.get("anyOf") or s.get("oneOf")
    if isinstance(options, list) and options:
        return _option(value, options, root)
    kind = _kind(s, value)
    value = _as_kind(value, kind)
    if value is MISSING:
        return _empty(s, kind, root)
    return KINDS.get(kind, lambda v, _s, _r: v)(value, s, root)


def _node(schema: Any, root: Any) -> dict[str, Any]:
    """The schema with `$ref` followed and `allOf` merged."""
    s = schema if isinstance(schema, dict) else {}
    ref = s.get("$ref")
    if isinstance(ref, str) and ref.startswith("#"):
        node: Any = root
        for part in [p for p in ref[1:].split("/") if p]:
            node = node.get(part, {}) if isinstance(node, dict) else {}
        s = {**_node(node, root), **{k: v for k, v in s.items() if k != "$ref"}}
    parts = s.get("allOf")
    if isinstance(parts, list):
        merged = {k: v for k, v in s.items() if k != "allOf"}
        for part in parts:
            p = _node(part, root)
            merged["properties"] = {
                **(merged.get("properties") or {}),
                **(p.get("properties") or {}),
            }
            merged["required"] = [*(merged.get("required") or []), *(p.get("required") or [])]
            merged.update({k: v for k, v in p.items() if k not in ("properties", "required")})
        s = merged
    return s


def _member(value: Any, s: dict[str, Any]) -> Any:
    members = s["enum"]
    if any(value == m and type(value) is type(m) for m in members):
        return value
    said = str(value).lower() if isinstance(value, str) else None
    same = [m for m in members if isinstance(m, str) and said is not None and m.lower() == said]
    if same:
        return same[0]
    default = s.get("default", MISSING)
    return default if default in members else members[0]


def _option(value: Any, options: list[Any], root: Any) -> Any:
    if value is not MISSING:
        for o in options:
            if _same(conform(value, o, root), value):
                return value
    typed = [o for o in options if _node(o, root).get("type") != "null"] or options
    return conform(value, typed[0], root)


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON (True is not 1)."""
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


def _kind(s: dict[str, Any], value: Any) -> str:
    t = s.get("type")
    kinds = t if isinstance(t, list) else [t] if isinstance(t, str) else []
    if not kinds:
        return "object" if "properties" in s else "array" if "items" in s else "any"
    if value is None and "null" in kinds:
        return "null"
    fits = [k for k in kinds if _is(value, k)]
    if fits:
        return fits[0]
    return next((k for k in kinds if k != "null"), "null")


def _is(value: Any, kind: str) -> bool:
    if kind == "integer":
        return _number(value) and float(value).is_integer()
    return {
        "number": _number(value),
        "string": isinstance(value, str),
        "boolean": isinstance(value, bool),
        "array": isinstance(value, list),
        "object": isinstance(value, dict),
        "null": value is None,
    }.get(kind, False)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _as_kind(value: Any, kind: str) -> Any:
    """The value read as `kind` where it says the same thing, else MISSING."""
    if value is MISSING or kind == "any" or _is(value, kind):
        return int(value) if kind == "integer" and value is not MISSING else value
    if kind in ("number", "integer") and isinstance(value, str):
        m = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*", value.replace(",", ""))
        n = float(m.group(1)) if m else None
        if n is not None and (kind == "number" or n.is_integer()):
            return int(n) if n.is_integer() else n
    if kind == "string" and (_number(value) or isinstance(value, bool)):
        return str(value).lower() if isinstance(value, bool) else str(value)
    if kind == "boolean" and isinstance(value, str) and value.lower() in ("true", "false"):
        return value.lower() == "true"
    if kind == "array" and value is not None and not isinstance(value, dict):
        return [value]
    return MISSING


def _empty(s: dict[str, Any], kind: str, root: Any) -> Any:
    """A missing value: the default, the first example, else the smallest valid value."""
    for given in (s.get("default", MISSING), *(s.get("examples") or [])[:1]):
        if given is not MISSING and _same(conform(given, {**s, "default": None}, root), given):
            return given
    if kind in ("number", "integer"):
        return _in_bounds(0, s, kind)
    if kind == "string":
        return _string("", s, root)
    if kind == "array":
        return _array([], s, root)
    if kind == "object":
        return _object({}, s, root)
    return {"boolean": False}.get(kind)


def _in_bounds(n: Any, s: dict[str, Any], kind: str) -> Any:
    step: Any = s.get("multipleOf")
    low: Any
    high: Any
    unit: Any = step if _number(step) and step > 0 else (1 if kind == "integer" else None)
    low, high = s.get("minimum"), s.get("maximum")
    if _number(s.get("exclusiveMinimum")):
        m = s["exclusiveMinimum"]
        low = max(low, m + (unit or 1e-9)) if _number(low) else m + (unit or 1e-9)
    if _number(s.get("exclusiveMaximum")):
        m = s["exclusiveMaximum"]
        high = min(high, m - (unit or 1e-9)) if _number(high) else m - (unit or 1e-9)
    if _number(low) and n < low:
        n = low
    if _number(high) and n > high:
        n = high
    if unit and s.get("multipleOf"):
        n = (n // unit) * unit
        n = n + unit if _number(low) and n < low else n
    if kind == "integer":
        n = int(-(-n // 1)) if _number(low) and n < low + 1 and n != int(n) else int(n)
    return n


def _numeric(value: Any, s: dict[str, Any], root: Any) -> Any:
    kind = "integer" if s.get("type") == "integer" or "integer" in (s.get("type") or []) else ""
    return _in_bounds(value, s, kind or "number")


def _string(value: str, s: dict[str, Any], root: Any) -> str:
    pattern, fmt = s.get("pattern"), s.get("format")
    candidates = [value, *_rewritten(value)] if value else []
    for text in candidates:
        if _fits(text, pattern, fmt) and _long_enough(text, s):
            return _cut(text, s)
    if isinstance(pattern, str):
        shortest = shortest_match(pattern)
        if shortest is not None:
            return shortest
    if isinstance(fmt, str) and fmt in FORMATS:
        return FORMATS[fmt][1]
    low = s.get("minLength")
    return _cut(value, s).ljust(low if isinstance(low, int) else 0, "-")


def _rewritten(text: str) -> list[str]:
    """The same text written as a pattern may ask: without a leading "v" ("v2.3.1" -> "2.3.1"),
    with one, in capitals, in small letters, without separators, trimmed."""
    bare = re.sub(r"^[vV](?=\d)", "", text)
    return [
        bare,
        f"v{bare}",
        text.upper(),
        text.lower(),
        re.sub(r"[\s_.-]", "", text),
        text.strip(),
    ]


def _fits(text: str, pattern: Any, fmt: Any) -> bool:
    if isinstance(pattern, str):
        try:
            if re.search(pattern, text) is None:
                return False
        except re.error:
            pass
    if isinstance(fmt, str) and fmt in FORMATS:
        return re.fullmatch(FORMATS[fmt][0], text) is not None
    return True


def _long_enough(text: str, s: dict[str, Any]) -> bool:
    low = s.get("minLength")
    return not isinstance(low, int) or len(text) >= low


def _cut(text: str, s: dict[str, Any]) -> str:
    high = s.get("maxLength")
    return text[:high] if isinstance(high, int) and high >= 0 else text


def _array(value: list[Any], s: dict[str, Any], root: Any) -> list[Any]:
    items = s.get("items") if isinstance(s.get("items"), dict) else {}
    out = [conform(x, items, root) for x in value]
    if s.get("uniqueItems"):
        out = [x for i, x in enumerate(out) if x not in out[:i]]
    high, low = s.get("maxItems"), s.get("minItems")
    if isinstance(high, int):
        out = out[:high]
    while isinstance(low, int) and len(out) < low:
        more = conform(MISSING, items, root)
        if s.get("uniqueItems") and more in out:
            break  # no second distinct smallest value to add
        out.append(more)
    return out


def _object(value: dict[str, Any], s: dict[str, Any], root: Any) -> dict[str, Any]:
    props: dict[str, Any] = s["properties"] if isinstance(s.get("properties"), dict) else {}
    required = [r for r in s.get("required") or [] if isinstance(r, str)]
    closed = s.get("additionalProperties") is False
    out: dict[str, Any] = {}
    for k, p in props.items():  # in the schema's order
        if k in value:
            out[k] = conform(value[k], p, root)
        elif k in required:
            out[k] = conform(MISSING, p, root)
    out.update({k: v for k, v in value.items() if k not in props and not closed})
    for k in required:
        if k not in out and not closed:
            out[k] = ""
    return out


KINDS = {
    "string": _string,
    "number": _numeric,
    "integer": _numeric,
    "array": _array,
    "object": _object,
}


def shortest_match(pattern: str) -> str | None:
    """The shortest text a regex matches whole ("^R-\\d{3}$" -> "R-000"), read with the stdlib's
    own regex parser; None for a construct it cannot write out."""
    try:
        text = _write(sre.parse(pattern))
    except (re.error, ValueError, KeyError):
        return None
    try:
        return text if text is not None and re.search(pattern, text) else None
    except re.error:
        return None


CATEGORY = {"CATEGORY_DIGIT": "0", "CATEGORY_WORD": "a", "CATEGORY_SPACE": " "}


def _write(parsed: Any) -> str | None:
    out = []
    for op, arg in parsed:
        piece = _piece(str(op), arg)
        if piece is None:
            return None
        out.append(piece)
    return "".join(out)


def _piece(name: str, arg: Any) -> str | None:
    """The shortest text of one node of a parsed regex."""
    if name in ("AT", "ASSERT", "ASSERT_NOT"):
        return ""
    if name == "LITERAL":
        return chr(arg)
    if name == "NOT_LITERAL":
        return "0" if chr(arg) == "a" else "a"
    if name == "ANY":
        return "a"
    if name == "CATEGORY":
        return CATEGORY.get(str(arg), "a")
    if name == "IN":
        return _one_of(arg)
    if name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
        low, _high, sub = arg
        piece = _write(sub)
        return None if piece is None else piece * low
    if name == "SUBPATTERN":
        return _write(arg[-1])
    if name == "BRANCH":
        found = [p for p in (_write(b) for b in arg[1]) if p is not None]
        return min(found, key=len) if found else None
    return None


def _one_of(items: Any) -> str:
    """A character of a class ([A-Z] -> "A", \\d -> "0"); a negated class takes "a" or "0"."""
    negated = any(str(op) == "NEGATE" for op, _ in items)
    for op, arg in items:
        name = str(op)
        if negated:
            return "0" if "a" in _chars(items) else "a"
        if name == "LITERAL":
            return chr(arg)
        if name == "RANGE":
            return chr(arg[0])
        if name == "CATEGORY":
            return CATEGORY.get(str(arg), "a")
    return "a"


def _chars(items: Any) -> str:
    out = []
    for op, arg in items:
        if str(op) == "LITERAL":
            out.append(chr(arg))
        elif str(op) == "RANGE":
            out.append("".join(chr(c) for c in range(arg[0], min(arg[1], arg[0] + 200) + 1)))
        elif str(op) == "CATEGORY" and str(arg) == "CATEGORY_WORD":
            out.append("a0")
    return "".join(out)
