"""Request bodies checked by type against the installed SDK's own request TypedDicts, with the
wording and locations of the live API's validator (pydantic's messages):

- `messages.0.content.1.text.text: Input should be a valid string` (simonw/llm-anthropic#23: the
  location names a tagged union's tag, here the block's `type`);
- `messages.61.content.0.tool_use.input: Input should be a valid dictionary` (anthropics/claude-code#6696);
- `messages.65.content.1.tool_use.text: Extra inputs are not permitted` (anthropics/claude-code#4378),
  `context_management: Extra inputs are not permitted` at the top level
  (Wei-Shaw/claude-relay-service#660), `system.1.cache_control.ephemeral.scope: Extra inputs are not
  permitted` (caozhiyuan/copilot-api#145);
- `tools.0: Input tag 'function' found using 'type' does not match any of the expected tags: …`
  (dirac-run/dirac#57);
- `model: Field required` and the other pydantic messages ("Input should be a valid integer",
  "… a valid boolean", "… a valid list", "Input should be 'user' or 'assistant'") as pydantic writes them.

Which TypedDicts: the beta ones (`anthropic.types.beta.message_create_params`) when the request carries
an `anthropic-beta` header or comes from `client.beta` (`?beta=true`), else the GA ones: the live API
refuses a beta field without its beta (`context_management: Extra inputs are not permitted` is what a
relay that dropped the header got). Types are JSON's, strictly: `true` is not an integer, `"false"` not a
boolean. The `SequenceNotStr`/`Iterable` fields are JSON lists; pydantic models in the SDK's unions
(response blocks it accepts as input) are left to their `…Param` twins.
"""

from __future__ import annotations

import functools
import math
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import typing_extensions
from anthropic.types import message_count_tokens_params as ga_count
from anthropic.types import message_create_params as ga_create
from anthropic.types.beta import message_count_tokens_params as beta_count
from anthropic.types.beta import message_create_params as beta_create

HEADER_ONLY = ("betas",)  # sent as the anthropic-beta header, never in the body
ALLOW_EXTRA = (
    "InputSchema",
)  # a JSON Schema: any keyword may appear beside type/properties/required


class TypeProblem(Exception):
    """A body that does not have the request's type: `loc` (path parts) and pydantic's message."""

    def __init__(self, loc: tuple[Any, ...], message: str):
        super().__init__(loc, message)
        self.loc, self.message = loc, message

    def __str__(self) -> str:
        return f"{'.'.join(map(str, self.loc))}: {self.message}" if self.loc else self.message


def _literal(values: Sequence[Any]) -> str:
    shown = [repr(v) for v in values]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " or " + shown[-1]


class Node:
    def check(self, v: Any, loc: tuple[Any, ...]) -> None:
        raise NotImplementedError


class AnyNode(Node):
    def check(self, v, loc):
        pass


class Scalar(Node):
    def __init__(self, kind: str):
        self.kind = kind

    def ok(self, v: Any) -> bool:
        t = type(v)
        if self.kind == "str":
            return t is str
        if self.kind == "bool":
            return t is bool
        if self.kind == "int":
            return t is int or (t is float and math.isfinite(v) and v.is_integer())
        if self.kind == "float":
            return (t is int or t is float) and math.isfinite(v)
        return v is None

    def message(self, v: Any) -> str:
        if self.kind == "int" and type(v) is float and math.isfinite(v):
            return "Input should be a valid integer, got a number with a fractional part"
        return {
            "str": "Input should be a valid string",
            "bool": "Input should be a valid boolean",
            "int": "Input should be a valid integer",
            "float": "Input should be a valid number",
            "none": "Input should be None",
        }[self.kind]

    def check(self, v, loc):
        if not self.ok(v):
            raise TypeProblem(loc, self.message(v))


class LiteralNode(Node):
    def __init__(self, values: tuple[Any, ...]):
        self.values = values

    def ok(self, v: Any) -> bool:
        return any(type(v) is type(x) and v == x for x in self.values)

    def check(self, v, loc):
        if not self.ok(v):
            raise TypeProblem(loc, f"Input should be {_literal(self.values)}")


class ListNode(Node):
    def __init__(self, item: Node):
        self.item = item

    def check(self, v, loc):
        if type(v) is not list:
            raise TypeProblem(loc, "Input should be a valid list")
        item = self.item
        if isinstance(item, AnyNode):
            return
        for i, x in enumerate(v):
            item.check(x, (*loc, i))


class DictNode(Node):
    def __init__(self, value: Node):
        self.value = value

    def check(self, v, loc):
        if type(v) is not dict:
            raise TypeProblem(loc, "Input should be a valid dictionary")
        if not isinstance(self.value, AnyNode):
            for k, x in v.items():
                self.value.check(x, (*loc, k))


class Typed(Node):
    """A TypedDict: its fields (required or not) and no others (extra="forbid")."""

    def __init__(self, name: str):
        self.name = name
        self.fields: dict[str, tuple[Node, bool]] = {}
        self.extra = any(a in name for a in ALLOW_EXTRA)
        # how to check an object whose keys are these (a set of field names, every required one
        # among them): see Plan; None for a key set the full walk must explain
        self._plans: dict[frozenset[str], Plan | None] = {}

    def check(self, v, loc):
        if type(v) is not dict:
            raise TypeProblem(loc, "Input should be a valid dictionary")
        keys = frozenset(v)
        plans = self._plans
        plan = plans[keys] if keys in plans else self._remember(keys)
        # a key set seen before, its leaves of their types: the fields that are not leaves, in the
        # walk's order below (no leaf can be the walk's first problem)
        if plan is not None and tuple(map(type, map(v.__getitem__, plan.leaves))) == plan.kinds:
            for name, node, required, value in plan.others:
                x = v[name]
                # (a one-value Literal, a block's `type` tag, compared inline)
                if (required or x is not None) and (
                    value is _NO_VALUE or x != value or type(x) is not type(value)
                ):
                    node.check(x, (*loc, name))
            return
        self._walk(v, loc)

    def _walk(self, v: dict[str, Any], loc: tuple[Any, ...]) -> None:
        for name, (node, required) in self.fields.items():
            if name in v and (required or v[name] is not None):
                # an optional field sent as null counts as absent: `block.model_dump()` writes
                # `"caller": null` into a block a loop resends (unconfirmed against the live API)
                node.check(v[name], (*loc, name))
            elif required:
                raise TypeProblem((*loc, name), "Field required")
        if not self.extra:
            for k in v:
                if k not in self.fields:
                    raise TypeProblem((*loc, k), "Extra inputs are not permitted")

    def _remember(self, keys: frozenset[str]) -> Plan | None:
        plan = Plan.of(self, keys)
        if len(self._plans) < PLANS:  # bounded: a client could send any number of key sets
            self._plans[keys] = plan
        return plan


PLANS = 256  # key sets remembered per type
_NO_VALUE = object()


class Plan:
    """How `Typed.check` walks an object whose keys are a given set (every required field among
    them, and no other key unless the type allows extra): `leaves`, the fields whose check is their
    Python type alone (a str or bool Scalar), with those types (`kinds`), compared all at once;
    `others`, every other field present as (name, node, required, the value of a one-value Literal
    or _NO_VALUE), in the fields' order."""

    def __init__(self, leaves: tuple[str, ...], kinds: tuple[type, ...], others: tuple) -> None:
        self.leaves, self.kinds, self.others = leaves, kinds, others

    @classmethod
    def of(cls, typed: Typed, keys: frozenset[str]) -> Plan | None:
        if not typed.extra and not keys <= typed.fields.keys():
            return None
        leaves, kinds, others = [], [], []
        for name, (node, required) in typed.fields.items():
            if name not in keys:
                if required:
                    return None
                continue
            if isinstance(node, Scalar) and node.kind in ("str", "bool"):
                leaves.append(name)  # an optional leaf sent as null: not its type, the walk runs
                kinds.append(str if node.kind == "str" else bool)
            else:
                one = isinstance(node, LiteralNode) and len(node.values) == 1
                value = node.values[0] if one and isinstance(node, LiteralNode) else _NO_VALUE
                others.append((name, node, required, value))
        return cls(tuple(leaves), tuple(kinds), tuple(others))


class Union(Node):
    """A union. TypedDict members that each carry a `type` tag are a tagged union (the tag joins the
    location, as the live API writes it: `messages.0.content.1.text.text`); other members are tried in
    order, and the last one's message is given when none fits."""

    def __init__(self, members: list[Node], nullable: bool):
        self.nullable = nullable
        self.typed = [m for m in members if isinstance(m, Typed)]
        self.others = [m for m in members if not isinstance(m, Typed)]
        self.lists: list[Node] = [m for m in self.others if isinstance(m, ListNode)]
        # a str member: any str fits (a message's or a tool_result's content given as text)
        self.takes_str = any(isinstance(m, Scalar) and m.kind == "str" for m in self.others)
        self.tags: dict[Any, Typed] = {}
        self.default: Typed | None = None
        # one member with a `type` tag is a tagged union too: `cache_control.ephemeral.scope`
        alone = len(self.typed) == 1 and not self.others
        if (alone or len(self.typed) > 1) and all("type" in m.fields for m in self.typed):
            for m in self.typed:
                node, required = m.fields["type"]
                for value in _values(node):
                    self.tags.setdefault(value, m)
                if not required:
                    self.default = m  # e.g. a custom tool: its `type` may be left out

    def check(self, v, loc):
        if v is None and self.nullable:
            return
        if type(v) is dict and self.typed:
            return self._check_object(v, loc)
        if not self.others:
            raise TypeProblem(loc, "Input should be a valid dictionary")
        if self.takes_str and type(v) is str:
            return
        if len(self.others) > 1:  # the member of the JSON type first: no exception to catch
            first: list[Node]
            if type(v) is list:
                first = self.lists
            else:
                first = [m for m in self.others if isinstance(m, Scalar) and m.ok(v)]
            if first:
                return first[0].check(v, loc)
        _first_fit(self.others, v, loc)

    def _check_object(self, v: dict[str, Any], loc: tuple[Any, ...]) -> None:
        if not self.tags:
            return _first_fit(self.typed, v, loc)
        tag = v.get("type")
        member = self.tags.get(tag) if isinstance(tag, str) else None
        if member is None and tag is None and self.default is not None:
            member = self.default
            tag = next(k for k, m in self.tags.items() if m is member)
        if member is None:
            if "type" not in v:
                raise TypeProblem(loc, "Unable to extract tag using discriminator 'type'")
            expected = ", ".join(f"'{t}'" for t in self.tags)
            raise TypeProblem(
                loc,
                f"Input tag '{tag}' found using 'type' does not match any of the expected "
                f"tags: {expected}",
            )
        member.check(v, (*loc, tag))


def _values(node: Node) -> tuple[Any, ...]:
    if isinstance(node, LiteralNode):
        return node.values
    if isinstance(node, Union):
        return tuple(v for o in node.others for v in _values(o))
    return ()


def _first_fit(members: Sequence[Node], v: Any, loc: tuple[Any, ...]) -> None:
    last: TypeProblem | None = None
    for m in members:
        try:
            m.check(v, loc)
            return
        except TypeProblem as e:
            last = e
    assert last is not None
    raise last


_SEQUENCES = (list, Iterable, Sequence)


_MEMO: dict[Any, Node] = {}


@functools.cache
def compile_type(tp: Any) -> Node:
    return _compile(tp, _MEMO) or AnyNode()


SCALARS = {str: "str", bool: "bool", int: "int", float: "float", type(None): "none"}


def _compile(tp: Any, memo: dict[Any, Node]) -> Node | None:
    """The checker of one SDK type hint; None for a type no JSON value has (a pydantic model)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Annotated, typing.Required, typing.NotRequired):
        return _compile(args[0], memo)
    if tp in SCALARS:
        return Scalar(SCALARS[tp])
    if tp is object or tp is Any:
        return AnyNode()
    if origin is typing.Literal:
        return LiteralNode(args)
    if origin is typing.Union or origin is types.UnionType:
        return _union(args, memo)
    if origin is not None and (origin in _SEQUENCES or "SequenceNotStr" in str(origin)):
        item = _compile(args[0], memo) if args else None
        return ListNode(item or AnyNode())
    if origin in (dict, Mapping):
        return DictNode((_compile(args[1], memo) if len(args) == 2 else None) or AnyNode())
    if typing_extensions.is_typeddict(tp):
        return _typed(tp, memo)
    return None


def _union(args: tuple[Any, ...], memo: dict[Any, Node]) -> Node | None:
    members = [n for a in args if a is not type(None) and (n := _compile(a, memo)) is not None]
    if not members:
        return None  # only pydantic models (response blocks the SDK also accepts)
    if any(isinstance(m, AnyNode) for m in members):
        return AnyNode()
    return Union(members, type(None) in args)


def _typed(tp: Any, memo: dict[Any, Node]) -> Typed:
    known = memo.get(tp)
    if isinstance(known, Typed):
        return known
    node = memo[tp] = Typed(tp.__name__)
    for name, hint in typing.get_type_hints(tp, include_extras=True).items():
        if name in HEADER_ONLY:
            continue
        # Required[...] read from the hint: the SDK's string annotations hide it from
        # __required_keys__
        required = typing.get_origin(hint) in (typing.Required, typing_extensions.Required)
        node.fields[name] = (_compile(hint, memo) or AnyNode(), required)
    return node


def _body_type(base: type, extra: dict[str, Any]) -> Typed:
    node = compile_type(base)
    assert isinstance(node, Typed)
    copy = Typed(base.__name__)
    copy.fields = {**node.fields, **{k: (compile_type(t), False) for k, t in extra.items()}}
    return copy


SAMPLING_TYPES = {"temperature": float, "top_p": float, "top_k": int}
"""The sampling parameters the API takes in a Messages body (per model: agentkit.offline.models),
which SDK 2.x's request types no longer list."""


@functools.cache
def body_type(count_only: bool, beta: bool) -> Typed:
    """The type of a Messages request body (`count_only`: of a count_tokens body)."""
    if count_only:
        return _body_type((beta_count if beta else ga_count).MessageCountTokensParams, {})
    base = (beta_create if beta else ga_create).MessageCreateParamsBase
    return _body_type(base, {"stream": bool, **SAMPLING_TYPES})


def check_body(
    body: dict[str, Any],
    *,
    count_only: bool,
    beta: bool,
    known: int = 0,
    tools_known: bool = False,
    fields_known: bool = False,
) -> None:
    """Raise TypeProblem for the first field of `body` that does not have its type. The first `known`
    messages were checked with an earlier request and are not walked again, nor the `tools` when
    `tools_known` (an earlier request's, found valid), nor any field but `messages` when
    `fields_known` (all of them an earlier valid request's)."""
    node = body_type(count_only, beta)
    messages_node, _ = node.fields["messages"]
    if fields_known:
        return _check_messages(body["messages"], messages_node, known)
    keys = frozenset(body)
    plan = node._plans[keys] if keys in node._plans else node._remember(keys)
    if plan is not None and tuple(map(type, map(body.__getitem__, plan.leaves))) == plan.kinds:
        return _check_planned(body, plan, messages_node, known, tools_known)
    for name, (field, required) in node.fields.items():
        if name not in body:
            if required:
                raise TypeProblem((name,), "Field required")
            continue
        if name == "messages":
            _check_messages(body[name], messages_node, known)
        elif name != "tools" or not tools_known:
            field.check(body[name], (name,))
    for k in body:
        if k not in node.fields:
            raise TypeProblem((k,), "Extra inputs are not permitted")


def _check_planned(
    body: dict[str, Any], plan: Plan, messages_node: Node, known: int, tools_known: bool
) -> None:
    """check_body's walk for a key set seen before (no field missing, none extra) whose leaves have
    their types (Typed.check)."""
    for name, field, _, value in plan.others:
        if name == "messages":
            _check_messages(body[name], messages_node, known)
        elif name != "tools" or not tools_known:
            x = body[name]
            if value is _NO_VALUE or x != value or type(x) is not type(value):
                field.check(x, (name,))


def _check_messages(msgs: Any, node: Node, known: int) -> None:
    if type(msgs) is not list:
        raise TypeProblem(("messages",), "Input should be a valid list")
    by_role = _roles(node.item if isinstance(node, ListNode) else node)
    for i in range(known, len(msgs)):
        m = msgs[i]
        if type(m) is not dict:
            raise TypeProblem(("messages", i), "Input should be a valid dictionary")
        role = m.get("role")
        member = by_role.get(role) if isinstance(role, str) else None
        if member is None:
            # as the earlier validator worded it (messages.{i}.role); a `system` role message (typed
            # by the SDK) is checked here for its type, and for its place by validation
            raise TypeProblem(("messages", i, "role"), "Input should be 'user' or 'assistant'")
        member.check(m, ("messages", i))


@functools.cache
def _roles(item: Node) -> dict[str, Typed]:
    """The message types by role (the message union is told apart by `role`, not a `type` tag)."""
    members = item.typed if isinstance(item, Union) else [item]
    roles: dict[str, Typed] = {}
    for m in members:
        if isinstance(m, Typed) and "role" in m.fields:
            for value in _values(m.fields["role"][0]):
                if value in ("user", "assistant", "system"):
                    roles[value] = m
    return roles
