"""Named entities: the people, organisations, places and days a text names, for a list that asks
for them ("entities": each with a name, a type and the context it appears in).

The rules, in order (`named`):
1. The text is read a sentence at a time; the full stop of an abbreviation ("Inc.", "Dr.") ends
   no sentence. A mention's context is the sentence that holds it.
2. An **organisation** is a company name with its legal ending ("Acme Inc.", "北京星河科技有限公司",
   `agentkit.sim.values.organisations`), an all-capital short name that is no job title (NASA,
   not CEO), or a capitalized name right after a word of working for ("works at Google",
   "joined Stripe", "在腾讯工作").
3. A **place** is a capitalized name a list of places knows (a city tzdata names a zone after, a
   country of iso3166.tab, a few more: `agentkit.sim.values.time_zones`, `country_names`), or a
   capitalized name after in / to / from / near that is no person's title.
4. A **day** is a weekday, a month with its day, or a relative day ("last week", "yesterday").
5. Any other run of capitalized words is a **person** ("Sarah", "María de la Cruz"), but a
   sentence's first word alone only when a verb or a comma follows it ("John works …"), and
   never a word of the sentence's grammar (The, He, Last, …).
6. A type is said in the words the schema uses: the member of its `enum`, else the capital word
   of its description that names the kind ("e.g., PERSON, ORGANIZATION, LOCATION": PERSON;
   "PER, ORG, LOC": ORG), else the kind in lower case.
7. A list of **topics** or keywords of an English text is its noun phrases (`topics`).
Chinese names are read by `agentkit.sim.values.chinese_name` and places by the dictionary
(`agentkit.sim.arguments.places`); each mention is listed once, in the order of the text.
"""

from __future__ import annotations

import re
from typing import Any

from . import values

ABBREV = re.compile(r"\b(Inc|Corp|Ltd|Co|Dr|Mr|Mrs|Ms|Prof|St|Jr|Sr|No|vs|e\.g|i\.e)\.")
SENTENCE = re.compile(r"(?<=[.!?。！？])\s+|(?<=[。！？])|\n+")
RUN = re.compile(
    r"(?<![\w'’-])[A-Z][\w'’&-]*(?:\s+(?:of|the|de|del|la|van|von|&)\s+[A-Z][\w'’-]*|\s+[A-Z][\w'’-]*)*"
)
GRAMMAR = frozenset(
    "The A An He She It They We I You This That These Those His Her Its Their Our My Your "
    "Last Next On In At After Before When While If But And Or So Yesterday Today Tomorrow "
    "Then There Here What Who Where Why How Also However Meanwhile Please Thanks Hi Hello "
    "Dear Mr Mrs Ms Dr Prof Use Given Extract Print Note Let".split()
)
TITLES = frozenset("CEO CTO CFO COO CIO VP SVP EVP HR PR PM QA IT AI API MBA PhD OK".split())
WORKS_AT = re.compile(
    r"(?:works?|working|worked|employed|job|intern(?:ed|s)?|engineer|manager)\s+(?:at|for|with)\s+$"
    r"|(?:joined|joins|founded|founder of|CEO of|CTO of|head of|director of|from)\s+$",
    re.I,
)
AT_PLACE = re.compile(r"(?:\bin|\bto|\bfrom|\bnear|\bvisited|\bvisiting)\s+(?:the\s+)?$", re.I)
DAYS = re.compile(
    r"\b(?:(?:last|next|this)\s+(?:week|month|year|Monday|Tuesday|Wednesday|Thursday|Friday|"
    r"Saturday|Sunday)|yesterday|tomorrow|today|(?:Monday|Tuesday|Wednesday|Thursday|Friday|"
    r"Saturday|Sunday)|(?:January|February|March|April|May|June|July|August|September|October|"
    r"November|December)\s+\d{1,2}(?:st|nd|rd|th)?(?:,\s*\d{4})?)\b"
    r"|\d{4}年\d{1,2}月\d{1,2}[日号]|上周|下周|昨天|今天|明天",
    re.I,
)
KINDS = {  # a kind -> the words a schema may name it by
    "person": ("PERSON", "PER", "PEOPLE", "人名", "人物"),
    "organization": ("ORGANIZATION", "ORGANISATION", "ORG", "COMPANY", "组织", "机构", "公司"),
    "location": ("LOCATION", "LOC", "GPE", "PLACE", "CITY", "地点", "地名"),
    "date": ("DATE", "TIME", "日期", "时间"),
}


def sentences_kept(text: str) -> list[str]:
    """Rule 1: the text's sentences, an abbreviation's full stop kept inside."""
    kept = ABBREV.sub(lambda m: m.group(0).replace(".", "\0"), text)
    return [s.replace("\0", ".").strip() for s in SENTENCE.split(kept) if s.strip()]


def _place(name: str) -> bool:
    return bool(values.time_zones(name)) or name in values.country_names()


def _kind(run: str, before: str, after: str, first: bool) -> str | None:
    if values.organisations(run) or WORKS_AT.search(before):
        return "organization"
    if run.isupper() and 2 <= len(run) <= 6:
        return None if run in TITLES else "organization"
    if _place(run) or AT_PLACE.search(before) and run not in GRAMMAR:
        return "location"
    if (
        first
        and " " not in run
        and not re.match(r"\s*(?:,|[a-z]+s\b|[a-z]+ed\b|is\b|was\b)", after)
    ):
        return None
    return "person"


def _capitalized(sentence: str, orgs: list[str]) -> list[tuple[str, str]]:
    """Rules 2, 3 and 5 over a sentence's runs of capitalized words: (name, kind) of each."""
    out = []
    for m in RUN.finditer(sentence):
        words = m.group(0).split()
        while words and (words[0] in GRAMMAR or words[0] in TITLES or words[0].islower()):
            words.pop(0)  # "the CEO of Acme Inc": the name after the title
        run = " ".join(words).rstrip("'’")
        if (
            not run
            or run in TITLES
            or DAYS.fullmatch(run)
            or any(run in o or o in run for o in orgs)
        ):
            continue
        start = m.start() + m.group(0).find(run)
        first = not sentence[:start].strip()
        kind = _kind(run, sentence[:start], sentence[start + len(run) :], first)
        if kind:
            out.append((run, kind))
    return out


def named(text: str) -> list[tuple[str, str, str]]:
    """Rules 1-5: (name, kind, context) of each mention, in order, each name once."""
    out: dict[str, tuple[str, str, str]] = {}
    for sentence in sentences_kept(text):
        orgs = [o.rstrip(".") for o in values.organisations(sentence)]
        found = [(o, "organization") for o in orgs] + _capitalized(sentence, orgs)
        person = values.chinese_name(sentence)
        found += [(person, "person")] if person else []
        found += [(m.group(0), "date") for m in DAYS.finditer(sentence)]
        for name, kind in found:
            out.setdefault(name, (name, kind, sentence))
    return list(out.values())


def kind_word(kind: str, s: dict[str, Any]) -> str:
    """Rule 6: a kind in the words of the type property's schema."""
    enum = [m for m in s.get("enum") or [] if isinstance(m, str)]
    names = KINDS.get(kind, (kind,))
    for member in enum:
        if any(member.upper() == n or member.upper().startswith(n[:3]) for n in names):
            return member
    if enum:
        return enum[-1]
    said = str(s.get("description") or "")
    for n in names:
        if re.search(rf"(?<![A-Za-z]){re.escape(n)}(?![A-Za-z])", said):
            return n
    return kind


NAME_PROP = re.compile(r"^(?:name|entity|text|value|mention|span|word|entity_name)$", re.I)
KIND_PROP = re.compile(r"type|kind|category|label|class", re.I)
CONTEXT_PROP = re.compile(r"context|sentence|snippet|evidence|source|quote|mention", re.I)
ASKS = re.compile(r"entit|实体|person|organi[sz]ation|location|人名|地名", re.I)


def entity_item(item: dict[str, Any], about: str) -> tuple[str, str, str | None] | None:
    """The (name, type, context) properties of a list item that asks for named entities (the
    list's name or its type's description or enum speaks of entities, people, places), else None."""
    props = item.get("properties")
    if not isinstance(props, dict):
        return None
    name = next((k for k in props if NAME_PROP.match(k)), None)
    kind = next((k for k in props if KIND_PROP.search(k) and k != name), None)
    if name is None or kind is None:
        return None
    kind_s = props[kind] if isinstance(props[kind], dict) else {}
    said = (
        f"{about} {kind_s.get('description') or ''} {' '.join(map(str, kind_s.get('enum') or []))}"
    )
    if not ASKS.search(said):
        return None
    context = next((k for k in props if CONTEXT_PROP.search(k) and k not in (name, kind)), None)
    return name, kind, context


def entities(item: dict[str, Any], about: str, text: str) -> list[dict[str, Any]] | None:
    """The list of entity objects for a list whose items ask for them, else None."""
    keys = entity_item(item, about)
    if keys is None:
        return None
    name, kind, context = keys
    kind_s = item["properties"][kind] if isinstance(item["properties"][kind], dict) else {}
    vocabulary = " ".join(map(str, kind_s.get("enum") or [])) + str(kind_s.get("description") or "")
    out = []
    for said, k, where in named(text):
        if k == "date" and not re.search(r"DATE|TIME|日期|时间", vocabulary, re.I):
            continue
        entry: dict[str, Any] = {name: said, kind: kind_word(k, kind_s)}
        if context:
            entry[context] = where
        out.append(entry)
    return out


VERBISH = re.compile(
    r"^(?:[a-z]{3,}ed|argues?|says?|said|worr(?:y|ies)|cuts?|costs?|makes?|gets?|goes|went|"
    r"thinks?|believes?|claims?|wants?|needs?|shows?|finds?|found|plans?|hopes?|expects?|"
    r"announced?|approves?|will|would|could|should|can|may|might|must|about|over|under|more|"
    r"most|less|very|many|much|new|other|such|than|only|still|already|last|next|ago)$",
    re.I,
)


CUT = values.FUNCTION_WORD | frozenset(
    "by on in at of for to from with into onto over under about after before during between "
    "against among per via without within than as".split()
)


def topics(text: str, most: int = 5) -> list[str]:
    """Rule 7, a list of topics or keywords (English): the text's noun phrases of one to three
    words, cut at punctuation, function words, numbers and verbs (`VERBISH`), a single word only
    of five letters or more; the phrases whose words the text says most, then the longer, at most
    `most`, in the order of the text."""
    words_of = [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'-]+", text)]
    chunks: list[list[str]] = [[]]
    after_stop = True
    for token in re.findall(r"[A-Za-z][A-Za-z'-]*|[^\sA-Za-z]", text):
        low = token.lower()
        name = token[0].isupper() and not after_stop  # a name inside a sentence: no topic
        after_stop = token in ".!?:;\n" or (after_stop and not token[0].isalpha())
        if not token[0].isalpha() or low in CUT or VERBISH.match(low) or name or DAYS.match(token):
            chunks.append([])
        else:
            chunks[-1].append(low)
    phrases = []
    for c in chunks:
        c = c[-3:]
        if c and (len(c) > 1 or len(c[0]) >= 5):
            phrases.append(" ".join(c))
    phrases = list(dict.fromkeys(phrases))
    scored = sorted(
        phrases, key=lambda p: (-sum(words_of.count(w) for w in p.split()), -len(p.split()))
    )
    keep = set(scored[:most])
    return [p for p in phrases if p in keep]
