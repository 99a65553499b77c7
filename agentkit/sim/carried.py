"""Values that carry across the turns of a conversation: an id the user stated once is not asked
for again.

A required id the open task lacks is, after the calls' own inputs and results
(`agentkit.sim.general._still_given`), one an earlier turn stated as of the property's kind:
1. The user's words: a code the words right before it, in its own clause, label with the kind
   the property's name says ("My patient number is PT-88412" for patient_id, "I'm employee
   EMP-4471" for employee_id, "我的学员号是 ST-20931" for student_id: 学员 glossed "student",
   "工号" glossed "employee number"; a Chinese label the property's name is known to take,
   `agentkit.sim.values.zh_labels`). The latest turn that states one wins, and the value must
   fit the property's pattern and be of no other kind (`agentkit.sim.idkinds`). A code stated
   with no label, or labelled as another thing, is never carried: an entry's id is picked from
   a listing or looked up, never guessed from an earlier turn.
2. A result that is one record: the id it holds under the property's own name, at its top or in
   the one record it wraps ({"account": {"account_id": "AC-3309", ...}}).
2a. A string input named like a key the entries of an earlier listing hold ("dish" of a menu's
   entries) takes the value of the one entry the request says by that value ("I'll have the
   chicken tikka" -> "Chicken tikka", as the listing writes it: `listed_value`).
3. A clause that only states the user's own code ("My library card is LC-20417.", "Sorry, my
   member number is actually MB-2220.", "我的会员卡号是 MC-5521，") asks for nothing: the tools are
   chosen for the rest of the message (`unstated`), the code stays a value a call may take; a
   message of such clauses only (a greeting aside) that opens the conversation asks for no tool:
   the code is noted and the user asked what to do (`stated`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from . import glosses, idkinds, values
from .lexicon import concepts, kind

# the clause before a code, back to the last stop ("，", ".", ";", a new line)
CLAUSE_END = re.compile(r"[,，。.;；!！?？\n、]")
TOKEN = re.compile(r"(?<![\w-])([A-Za-z]{1,6}-?\d[\w-]*|\d{2,}(?:-\d{2,})+|\d{4,})(?![\w-])")


def _kind_words(name: str) -> tuple[frozenset[str], frozenset[str], list[str]]:
    """The words that say a property's kind: its key's words (patient of patient_id), the things
    they read as (`agentkit.sim.lexicon`), and the Chinese labels it takes."""
    own = idkinds.key_words(name)
    things = frozenset(c for c in concepts(" ".join(own)) if kind(c) == "thing")
    return own, things, values.zh_labels(name)


def _labels(label: str, name: str) -> bool:
    """Whether the words before a code (its clause) say the property's kind."""
    own, things, zh = _kind_words(name)
    if not own:
        return False
    said = {w.lower() for w in re.findall(r"[A-Za-z]+", label)}
    if said & own or (things and things & concepts(" ".join(said))):
        return True
    if any(z in label for z in zh):
        return True
    han = "".join(re.findall(r"[\u4e00-\u9fff]+", label))
    for part in glosses.segmented(han) if han else []:
        english = {w for g in glosses.gloss(part) for w in re.findall(r"[a-z]+", g.lower())}
        if english & own or (things and things & concepts(part)):
            return True
    return False


def stated_id(name: str, prop: Mapping[str, Any], text: str, tool: str = "") -> str | None:
    """The latest code `text` (the user's words of earlier turns) labels as the property's kind,
    fitting its pattern and of no other kind by the conversation, or None (rule 1)."""
    wanted = prop.get("pattern")
    described = " ".join([str(prop.get("description") or ""), *values.zh_labels(name), name])
    for m in reversed(list(TOKEN.finditer(text))):
        token = m.group(1)
        if values.DATE.fullmatch(token) or re.fullmatch(r"\d+", token) and len(token) < 4:
            continue
        if isinstance(wanted, str) and not re.search(wanted, token):
            continue
        before = text[max(0, m.start() - 30) : m.start()]
        stops = list(CLAUSE_END.finditer(before))
        label = before[stops[-1].end() :] if stops else before
        if not _labels(label, name):
            continue
        if idkinds.other_kind(token, name, f"{described} {tool}", text, tool):
            continue
        return token
    return None


def _records(data: Any) -> list[dict[str, Any]]:
    """A result that is one record, and the one record it wraps under a single key."""
    if not isinstance(data, dict):
        return []
    inner = [x for x in data.values() if isinstance(x, dict)]
    return [data, *inner] if len(inner) == 1 else [data]


def held_id(calls: Sequence[Any], key: str) -> Any:
    """The id the latest successful result that is one record holds under `key`, at its top or
    in the one record it wraps (rule 2), or None."""
    for c in reversed(calls):
        if c.result is None or c.failed or isinstance(c.data, list):
            continue
        for record in _records(c.data):
            found = record.get(key)
            if isinstance(found, str | int) and not isinstance(found, bool) and found != "":
                return found
    return None


CODE = r"#?[A-Za-z]{0,6}-?\d[\w-]*"
SELF_STATED = re.compile(
    rf"^(?:(?:hi|hello|sorry|ok|okay),?\s+)?(?:my|our)\s+[A-Za-z][\w\s'-]{{0,30}}?\s+(?:is|=|:)\s+"
    rf"(?:actually\s+|now\s+|still\s+)?{CODE}$"
    rf"|^(?:我的|我)[\u4e00-\u9fff\w]{{1,8}}?(?:是|为|[:：])\s*{CODE}$",
    re.I,
)
GREETING = re.compile(
    r"(?:hi|hello|hey|thanks|thank you|good (?:morning|evening))(?: there)?|你好|您好|嗨", re.I
)
CLAUSE = re.compile(r"[^,，。.;；!！?？\n]+(?:[,，。.;；!！?？\n]+|$)")


def stated(task: str) -> list[str]:
    """The codes a message states as the user's own when it says nothing else (rule 3), else []."""
    parts = [m.group(0).strip(" ,，。.;；!！\n") for m in CLAUSE.finditer(task)]
    parts = [x for x in parts if x and not GREETING.fullmatch(x)]
    if not parts or not all(SELF_STATED.match(x) for x in parts):
        return []
    return [m.group(1) for x in parts for m in [TOKEN.search(x)] if m]


def unstated(task: str) -> str | None:
    """The message without the clauses that only state the user's own code (rule 3), when it
    has some and something else is left, else None."""
    kept, dropped = [], False
    for m in CLAUSE.finditer(task):
        part = m.group(0)
        if SELF_STATED.match(part.strip(" ,，。.;；!！\n")):
            dropped = True
        else:
            kept.append(part)
    rest = "".join(kept).strip()
    return rest if dropped and re.search(r"\w", rest) else None


def listed_value(task: str, results: Sequence[Any], key: str) -> str | None:
    """Rule 2a: the value under `key` of the one entry of a listing that the request says (its
    words, any case, whole), as written in the listing; else None."""
    said = set()
    for data in results:
        entries = data if isinstance(data, list) else []
        for entry in entries:
            x = entry.get(key) if isinstance(entry, dict) else None
            if isinstance(x, str) and len(x) >= 3 and _says(task, x):
                said.add(x)
    return said.pop() if len(said) == 1 else None


def _says(task: str, value: str) -> bool:
    if re.search(r"[\u4e00-\u9fff]", value):
        return value in task
    return bool(re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])", task, re.I))
