"""An open object: a schema with no `properties` that lets any key in ("print all the
characteristics", `additionalProperties: true`), filled with what the text says, a key a thing.

The rules (`traits`):
1. Labelled lines or pairs ("Name: Ada", "年龄：30") are taken as they are, the label in
   snake_case.
2. Else the text is cut into clauses at sentence ends, commas, semicolons, "and", "with", "who"
   and 和 / 并且; each clause says one trait:
   - "has / wears / carries / with a X Y" -> key the last noun (Y), value the phrase without its
     article and verb ("a deep voice" -> voice: "deep voice"; "wears a black leather jacket" ->
     jacket: "black leather jacket"; "a scar on his left cheek" -> scar: "scar on his left
     cheek"); what follows "on / in / of / at" stays in the value, never in the key;
   - "is / looks / seems ADJ" -> key the dimension the adjective belongs to (`DIMENSIONS`: tall ->
     height, slim -> build, young -> age, friendly -> manner), else "trait".
   A key said twice takes a number after it (trait, trait_2).
Nothing is guessed: a clause with neither form adds nothing.
"""

from __future__ import annotations

import re
from typing import Any

PAIR = re.compile(r"^\s*([A-Za-z][\w ]{0,30}?|[\u4e00-\u9fff]{1,8})\s*[:：]\s*(.+?)\s*$", re.M)
CLAUSE = re.compile(r"[.;!?。；！？,，]\s*|\s+(?:and|with|who|but)\s+|和|并且|而且")
HAS = re.compile(
    r"^(?:(?:he|she|they|it|the \w+)\s+)?(?:has|have|had|wears?|wearing|carries|carrying|with|"
    r"sports?|owns?)?\s*(?:a|an|the|his|her|their|some)?\s*(.+)$",
    re.I,
)
IS = re.compile(
    r"^(?:(?:he|she|they|it|the \w+)\s+)?(?:is|are|was|looks?|seems?|appears?)\s+(?:very\s+|quite\s+|rather\s+)?"
    r"([a-z-]+)$",
    re.I,
)
DIMENSIONS = {
    "height": "tall short petite towering",
    "build": "slim thin slender stocky heavy muscular athletic lean skinny broad plump",
    "age": "young old elderly middle-aged teenage youthful",
    "manner": "friendly shy quiet loud calm nervous kind rude cheerful grumpy polite",
}
STOP = frozenset("he she they it him her them a an the his their this that is was are".split())


def _key(words: str) -> str:
    return re.sub(r"\W+", "_", words.strip().lower()).strip("_")


def traits(text: str) -> dict[str, Any]:
    """Rules 1-2: the traits the text says, as one flat object."""
    pairs = {_key(k): v for k, v in PAIR.findall(text) if len(v) < 200}
    if len(pairs) >= 2:
        return pairs
    out: dict[str, Any] = {}

    def put(key: str, value: str) -> None:
        name, n = key, 2
        while name in out:
            name, n = f"{key}_{n}", n + 1
        out[name] = value

    for clause in (c.strip() for c in CLAUSE.split(text)):
        if not clause:
            continue
        m = IS.match(clause)
        if m:
            adj = m.group(1).lower()
            dim = next((d for d, ws in DIMENSIONS.items() if adj in ws.split()), "trait")
            put(dim, adj)
            continue
        m = HAS.match(clause)
        phrase = m.group(1).strip() if m else ""
        head = re.split(r"\s+(?:on|in|of|at|from|around|across)\s+", phrase, maxsplit=1)[0]
        nouns = [w for w in head.split() if w.lower() not in STOP]
        if not nouns or len(nouns) > 5 or not re.fullmatch(r"[A-Za-z-]+", nouns[-1]):
            continue
        if re.match(r"(?:is|are|was|were|looks?|seems?)\b", phrase, re.I):
            continue
        put(_key(nouns[-1]), phrase)
    return out
