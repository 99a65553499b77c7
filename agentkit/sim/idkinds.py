"""The kind of an id: which values may fill an id property (assignment_id, student_id, booking_ref).

An id property names the kind of thing it identifies; a value fills it only when it is of that
kind. These readings tell a value's kind, and a value they give another kind is no candidate:
- the key the conversation already gave it: the id key an earlier call passed it under, or an
  earlier result holds it under ("M-1207" passed as match_id and returned beside
  assignment_id "AS-60213" is a match's id, never an assignment's); a key is of the property's
  kind when it shares a word with the property's name other than id / no / number (a bare `id`
  says no kind and rules nothing out);
- the noun the user writes right before it, when that noun is a word of another tool property's
  id key and not of the property's own name, description or tool ("restaurant R-118" beside
  book_table(restaurant_id) is no reservation_id; "(code TUR-27)" beside scholarship_code is no
  student_id); in Chinese the noun the token is of, after it ("YG-05 的瑜伽课", "M-1207 这场比赛")
  or right before it ("门店 S-118"), its characters or its English gloss (`agentkit.sim.glosses`: 比赛 "match") held by another id
  property's description or key and not by the property's own, or, said as "this thing"
  ("C-88 这场比赛"), a noun no property names that the property's tool's description does not
  hold (cancel_assignment, "取消一次评委安排", takes no 比赛's id);
- its shape, for a Chinese number plate ("沪A·12345"): where a tool takes a plate, it fills only
  a property that names one, never vehicle_id (the finder by plate runs first).
An entry of a result gives no id under a key of another kind that a tool takes as its own
(book_id is no card_number: `differ`, asked by `agentkit.sim.pick.id_of`).
The kinds are read once per conversation (`agentkit.sim.view.view` sets them); the argument
readings (`agentkit.sim.arguments.ident`) ask `other_kind` of each id-like token.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from . import glosses

GENERIC = frozenset({"id", "ids", "no", "num", "number", "identifier"})
ID_KEY = re.compile(
    r"(?:^|_|[a-z])(?:id|Id|ID)$|(?:^|_)(?:no|num|number|code|ref)$|[a-z](?:No|Num|Number|Code|Ref)$"
)
PLATE_WORD = re.compile(r"plate|registration|licen[cs]e_?(?:no|number)|车牌|牌照", re.I)
PLATE = re.compile(r"[\u4e00-\u9fff][A-Z][·•・ ]?[A-Z0-9]{5,6}")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
NOUN_BEFORE = re.compile(r"([A-Za-z]+)\s*(?:(?:id|ID|number|no\.?)\s*)?[:#]?\s*\(?$")


ZH_NOUN_AFTER = re.compile(
    r"\s*号?\s*(?:(?P<this>[这那][场个节次件张份单辆台家位])|的|(?<=号))\s*(?P<noun>(?:(?!的)[\u4e00-\u9fff]){1,4})"
)
ZH_NOUN_BEFORE = re.compile(
    r"([\u4e00-\u9fff]{2})[\s:：]*$"
)  # the two characters before: 门店 S-118
ZH_PLAIN = frozenset("的了是在和与及个场次件张份单这那一把给")


def _zh_other(noun: str, name: str, described: str, kinds: Kinds, this: str | None) -> bool:
    """Whether a Chinese noun the token is of names another id property's thing, not this one's:
    a word of it (`glosses.segmented`) held by the property's description, or glossed by a word
    of its key; a noun the token is said to be ("这场比赛": `this`, the tool's description) and
    that no property names is this one's only when the tool's description holds it."""
    said = [x for x in glosses.segmented(noun) if x not in ZH_PLAIN]
    english = [
        {w for g in glosses.gloss(x) for w in re.findall(r"[a-z]+", g.lower())} for x in said
    ]

    def names(key: str, description: str) -> bool:
        return any(
            x in description or e & key_words(key) for x, e in zip(said, english, strict=True)
        )

    if not said or names(name, described):
        return False
    if any(k != name and names(k, d) for k, d in kinds.described):
        return True
    return this is not None and not any(x in this for x in said)


def key_words(key: str) -> frozenset[str]:
    """The words of an id key that say its kind (assignment of assignment_id; none of id)."""
    split = _CAMEL.sub(" ", key).lower()
    return frozenset(w for w in re.findall(r"[a-z]+", split) if w not in GENERIC)


def differ(held: str, wanted: str) -> bool:
    """Two id keys of different kinds: each says a kind (book_id, card_number), no word is shared,
    and a tool takes the held kind as an id of its own (place_hold(book_id)): its value is for
    that property (a sailing_id no tool takes may still be a departure_id)."""
    a, b = key_words(held), key_words(wanted)
    known = a & current().nouns
    return bool(known and b and is_id_key(wanted)) and not a & b


def is_id_key(key: str) -> bool:
    return bool(ID_KEY.search(key)) or key.lower() == "id"


@dataclass(frozen=True)
class Kinds:
    """What the conversation says of its ids' kinds."""

    given: Mapping[str, frozenset[str]] = field(default_factory=dict)  # value -> its id keys
    nouns: frozenset[str] = frozenset()  # the words of every tool property's id key
    described: tuple[tuple[str, str], ...] = ()  # every id property: (key, its description)
    plates: bool = False  # some tool takes a number plate (plate, registration, 车牌)
    tools: Mapping[str, str] = field(default_factory=dict)  # each tool's name -> its description


CURRENT: ContextVar[Kinds | None] = ContextVar("kinds", default=None)


def current() -> Kinds:
    """The kinds of the conversation being read (none read yet: no kinds)."""
    return CURRENT.get() or Kinds()


def _keyed(data: Any, out: dict[str, set[str]], depth: int = 0) -> None:
    """Every string or integer value of a result held under an id key."""
    if depth > 6:
        return
    if isinstance(data, dict):
        for k, x in data.items():
            if isinstance(x, dict | list):
                _keyed(x, out, depth + 1)
            elif isinstance(x, str | int) and not isinstance(x, bool) and is_id_key(str(k)):
                out.setdefault(str(x), set()).add(str(k))
    elif isinstance(data, list):
        for x in data:
            _keyed(x, out, depth + 1)


def read_kinds(
    tools: Iterable[tuple[str, str, dict[str, Any]]], calls: Iterable[tuple[dict[str, Any], Any]]
) -> Kinds:
    """The kinds the tools (name, description, schema) and the conversation's calls (input,
    result data) give."""
    given: dict[str, set[str]] = {}
    for args, data in calls:
        _keyed(args, given)
        _keyed(data, given)
    nouns: set[str] = set()
    described: list[tuple[str, str]] = []
    plates = False
    for _, _, schema in tools:
        props = schema.get("properties") if isinstance(schema, dict) else None
        for k, p in props.items() if isinstance(props, dict) else ():
            said = str(p.get("description") or "") if isinstance(p, dict) else ""
            plates = plates or bool(PLATE_WORD.search(f"{k} {said}"))
            if is_id_key(str(k)) or re.search(r"(?:编号|代码|号码|单号|卡号)$", said):
                nouns |= key_words(str(k))
                described.append((str(k), said))
    return Kinds(
        {v: frozenset(k) for v, k in given.items()},
        frozenset(nouns),
        tuple(described),
        plates,
        {n: d for n, d, _ in tools},
    )


def other_kind(token: str, name: str, described: str, text: str, tool: str = "") -> bool:
    """Whether `token` is, by the conversation, an id of another kind than property `name`'s
    (`described`: its description; `tool`: the name of the tool it belongs to)."""
    kinds = current()
    mine = key_words(name)
    keys = kinds.given.get(token, frozenset())
    if mine and keys and all(key_words(k) for k in keys):
        if not any(k == name or key_words(k) & mine for k in keys):
            return True
    if kinds.plates and PLATE.fullmatch(token) and not PLATE_WORD.search(f"{name} {described}"):
        return True  # a number plate, where a tool takes plates, is no other id
    at = text.find(token)
    zh = ZH_NOUN_AFTER.match(text, at + len(token)) if at >= 0 else None
    this = kinds.tools.get(tool, "") if zh is not None and zh["this"] else None
    if zh is not None and _zh_other(zh["noun"], name, described, kinds, this):
        return True
    zh_before = ZH_NOUN_BEFORE.search(text[: max(at, 0)]) if at > 0 else None
    if zh_before is not None and _zh_other(zh_before.group(1), name, described, kinds, None):
        return True  # "门店 S-118" is a store's id, never a delivery's
    before = NOUN_BEFORE.search(text[: max(at, 0)]) if at > 0 else None
    if before is None:
        return False
    noun = before.group(1).lower()
    own = mine | key_words(described) | {w.lower() for w in re.findall(r"[A-Za-z]+", described)}
    return noun in kinds.nouns and noun not in own and noun not in GENERIC
