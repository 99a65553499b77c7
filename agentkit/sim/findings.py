"""The objects a handed document lists one statement each, for a list field whose items are
objects (an inspection's findings, a match's games, a survey's defects): written rules, in Chinese
and English. They are kept over the counted entries (`agentkit.sim.entries`) when they are more.

1. The statements: the document's lines, each split into sentences (。！？；; and ". "), a
   sentence in English also at ", and the|a|an …" / " and the|a|an …" and in Chinese at ；. A
   heading is no statement: a line without a lower-case letter that has no sentence's punctuation
   ("CHESS CLUB BULLETIN - ROUND 3", "消防检查报告"), nor is a label's line whose value is short
   (five words, fifteen characters in Chinese) and says no clause ("Report No: TR-2291", "检查员：王立"); a label before a long value is
   dropped and its value kept ("检查发现：3楼走廊灭火器过期，…"). A statement that holds the value
   another field of the record took (the surveyor's name) is that field's, not an item; one that
   speaks of the items already said (both, these, them, 以上, 上述, 这些, 均) is none either.
2. Each statement's object is read field by field:
   - an enum member the statement names (the longest one; "严重程度高" -> 高) is its enum field's,
     and the member with the label before it is taken out of the statement;
   - a number (digits) is its number field's;
   - a yes/no is the flag the statement says by the field's own word (`arguments.flag_said`);
   - a string field whose name the statement writes in brackets after a phrase ("Anna Petrova
     (white)") is that phrase (its closing run of capitalised words, a name: "beat Li Wei
     (black)" -> Li Wei), and both go out of the statement;
   - the string fields left, in the schema's order, take the statement's subject and then what is
     said of it: in English the words before the first verb (an auxiliary, a modal, a verb in
     -ed: "The bilge pump | is not working"; the article and a leading is / has dropped), in Chinese the place it opens
     with (up to a place word: 楼, 层, 走廊, 车库, 室, 间, 区, 门口, …; "地下车库 | 应急照明损坏")
     else all before its last two words, the thing and its state (`glosses.segmented`: "二号桥墩 |
     混凝土剥落"); a single string field left takes
     what is left of the statement, without the joining words (and, 和), when that is a phrase
     (no comma, six words or twelve characters at most), not a sentence.
   A statement is an item when it gives at least two fields, or its only string field; none of
   its values is made up.
2b. A list of people (its items have a person's field: name, person, …) is one object per head
   line that labels a proper name with a role ("Claimant: Northwind Supplies Ltd" -> claimant,
   when the label names no other field of the record) and per full name the statements write
   (`_people`), with what the text calls each; never a statement's subject that is no name.
3. The list is the items in the document's order; it replaces the general reading's list only
   when it holds more items than that list's one, or that list's values are words of a heading or a label, or another
   field's value, or not said in any statement.
"""

from __future__ import annotations

import re
from typing import Any

from . import glosses, values
from .arguments import flag_said, resolve
from .spans import personal

SENTENCE = re.compile(r"(?<=[。！？；;!?])|(?<=[a-z0-9)\]])\.(?=\s+[A-Z\d])|\n")
EN_AND = re.compile(r",?\s+and\s+(?=(?:the|a|an|its|their|our)\s+\w)", re.I)
LABEL_LINE = re.compile(r"^\s*([A-Za-z][A-Za-z .]{0,24}|[\u4e00-\u9fff]{1,8})\s*[:：]\s*(.*)$")
CLAUSE_MARK = re.compile(r"[，,；;。]|\s\w+\s+\w+\s+\w+\s")
VERB_EN = re.compile(
    r"\s+(?=(?:is|are|was|were|has|have|had|needs?|must|should|will|would|can|cannot|can't|"
    r"does|do|did|doesn't|isn't|aren't|won't|wasn't|shows?|showed|requires?|lacks?|"
    r"beat|beats|drew|draws?|won|wins?|lost|loses?|[a-z]{3,}ed)\b)",
)
PLACE_ZH = re.compile(
    r"^(.{1,12}(?:楼|层|走廊|车库|仓库|室|间|厅|区|门口|出口|入口|通道|楼梯|电梯|厨房|卫生间|"
    r"阳台|屋顶|地下室|车间|院|场|口|边|旁|处))(?=.{2,})"
)
JOINERS = re.compile(r"^\s*(?:and|but|then|和|并且|并|而且)\s+|\s+(?:and|和)\s*$", re.I)
BACK = re.compile(  # a statement about the items already said, not one of them
    r"\b(?:both|all of (?:them|these)|these|those|them|either|neither)\b|以上|上述|这些|均|都已|两处|各项",
    re.I,
)
ZH_LABEL_VALUE = r"[\u4e00-\u9fff]{0,6}(?:[：:为是]\s*)?"


def _statements(text: str, taken: list[str]) -> list[str]:
    """Rule 1: the document's statements, headings and head labels left out."""
    out: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or (not re.search(r"[a-z]", line) and not re.search(r"[。，,；;！？!?]", line)):
            if not re.search(r"[\u4e00-\u9fff].*[，,；;。]", line):
                continue
        m = LABEL_LINE.match(line)
        if m:
            value = m.group(2).strip()
            short = len(value.split()) <= 5 if value.isascii() else len(value) < 16
            if short and not CLAUSE_MARK.search(value.rstrip("。.！!")):
                continue
            line = value
        for part in SENTENCE.split(line):
            for piece in EN_AND.split(part) if re.search(r"[A-Za-z]", part) else [part]:
                piece = piece.strip(" 。；;.，,")
                if piece and not BACK.search(piece) and not any(t and t in piece for t in taken):
                    out.append(piece)
    return out


def _members(s: dict[str, Any]) -> list[str]:
    return [m for m in s.get("enum") or [] if isinstance(m, str)]


def _head_tail(said: str) -> tuple[str, str]:
    """Rule 2: a statement's subject and what is said of it."""
    if re.search(r"[A-Za-z]", said) and not re.search(r"[\u4e00-\u9fff]", said):
        m = VERB_EN.search(said)
        if m is None or m.start() == 0:
            return "", said
        head = re.sub(r"^(?:the|a|an)\s+", "", said[: m.start()].strip(), flags=re.I)
        tail = re.sub(
            r"^(?:is|are|was|were|has|have|had)\s+(?:(?:a|an|the)\s+)?", "", said[m.end() :]
        )
        return head, tail.strip()
    m = PLACE_ZH.match(said)
    if m:
        return m.group(1), said[m.end() :]
    words = glosses.segmented(said)  # else the thing and its state are its last two words
    at = said.rfind(words[-2]) if len(words) >= 3 and words[-1] in said[-len(words[-1]) :] else -1
    return (said[:at], said[at:]) if at > 0 else ("", said)


def _enum_member(members: list[str], rest: str) -> tuple[str | None, str]:
    """Rule 2: the longest member the statement names, and the statement without it (and, in
    Chinese, without the label before it: "严重程度高")."""
    named = sorted((m for m in members if m and m.lower() in rest.lower()), key=len)
    if not named:
        return None, rest
    at = rest.lower().index(named[-1].lower())
    before = re.search(ZH_LABEL_VALUE + r"$", rest[:at])
    cut = before.start() if before and not named[-1].isascii() else at
    return named[-1], (rest[:cut] + rest[at + len(named[-1]) :]).strip(" ，,")


def _bracketed(k: str, rest: str) -> tuple[str | None, str]:
    """Rule 2: the phrase before the field's name in brackets, and the statement without both."""
    m = re.search(rf"([^,;()（）]+?)\s*[(（]\s*{re.escape(k)}\s*[)）]", rest, re.I)
    if m is None:
        return None, rest
    phrase = m.group(1).strip()
    name = re.search(r"(?:[A-Z][\w'’-]*\s+)*[A-Z][\w'’-]*$", phrase)
    value = name.group(0) if name else phrase
    return value, rest.replace(m.group(0)[m.group(0).index(value) :], " ").strip()


def _scalar(k: str, s: dict[str, Any], said: str, rest: str) -> Any:
    """Rule 2: a number or a yes/no the statement gives, else None."""
    if s.get("type") in ("number", "integer"):
        n = re.search(r"(?<![A-Za-z0-9_.-])(\d+(?:\.\d+)?)(?![A-Za-z0-9_-])", rest)
        if n is None:
            return None
        return float(n.group(1)) if s["type"] == "number" else int(float(n.group(1)))
    return flag_said(k, said) if s.get("type") == "boolean" else None


def _phrase(value: str) -> bool:
    """Rule 2: what is left of a statement is a value when it is a phrase, not a sentence: no
    comma inside, at most six words (twelve characters in Chinese)."""
    if not value or re.search(r"[，,；;]", value):
        return False
    return len(value) <= 12 if re.search(r"[\u4e00-\u9fff]", value) else len(value.split()) <= 6


def _item(item: dict[str, Any], said: str, root: dict[str, Any]) -> dict[str, Any]:
    """Rule 2: one statement's object, only the fields it gives."""
    props = item.get("properties") or {}
    out: dict[str, Any] = {}
    rest = said
    strings: list[str] = []
    for k, p in props.items():
        s = resolve(p, root) if isinstance(p, dict) else {}
        value: Any = None
        if _members(s):
            value, rest = _enum_member(_members(s), rest)
        elif s.get("type") == "string":
            value, rest = _bracketed(k, rest)
            strings += [] if value is not None else [k]
        else:
            value = _scalar(k, s, said, rest)
            if isinstance(value, (int, float)) and not isinstance(value, bool):  # used once
                used = rf"(?<![\w.]){re.escape(str(value))}0*(?![\w.])"
                rest = re.sub(used, " ", rest, count=1)
        if value is not None:
            out[k] = value
    rest = re.sub(r"\s{2,}", " ", rest).strip(" ，,")
    if len(strings) == 1 and _phrase(JOINERS.sub("", rest).strip(" ，,")):
        out[strings[0]] = JOINERS.sub("", rest).strip(" ，,")
    elif len(strings) >= 2:
        head, tail = _head_tail(rest)
        if head and tail:
            out[strings[0]], out[strings[1]] = head, JOINERS.sub("", tail).strip(" ，,")
    given = [k for k in out if (resolve(props[k], root) or {}).get("type") != "boolean"]
    one_string = len(strings) == 1 and strings[0] in out
    return out if len(given) >= 2 or one_string else {}


def stated_items(
    item: dict[str, Any], text: str, root: dict[str, Any], taken: list[str], others: list[str]
) -> list[dict[str, Any]]:
    """Rules 1 and 2: the objects the document states, in its order ([] for none); `others`,
    the names of the record's other fields."""
    if not isinstance(item.get("properties"), dict) or not item["properties"]:
        return []
    said = _statements(text, taken)
    people = _people(item, said, root, _labelled_parties(text, others))
    if people is not None:
        return people
    found = [_item(item, x, root) for x in said]
    return [x for x in found if x]


PROPER = re.compile(r"(?:[A-Z][\w&'’.-]*\s+)*[A-Z][\w&'’.-]*")


def _labelled_parties(text: str, others: list[str]) -> list[tuple[str, str]]:
    """Rule 2b: the (role, name) of each head line that labels a proper name with a role
    ("Claimant: Northwind Supplies Ltd"), a label that shares no word with another field's name
    ("Case Number" is case_number's, "Reporting Officer" officer's)."""
    words = {w for o in others for w in re.findall(r"[a-z]{3,}", o.lower())}
    out = []
    for line in text.splitlines():
        m = LABEL_LINE.match(line.strip())
        if m is None or not PROPER.fullmatch(m.group(2).strip().rstrip(".")):
            continue
        label = m.group(1).strip()
        if not {w.rstrip("s") for w in re.findall(r"[a-z]{3,}", label.lower())} & {
            w.rstrip("s") for w in words
        }:
            out.append((label.lower(), m.group(2).strip().rstrip(".")))
    return out


FULL_NAME = re.compile(rf"(?:(?:Mr|Mrs|Ms|Dr)\.?\s+)?\b({values.FULL_RUN})")
ROLE_BEFORE = re.compile(r"\b(?:a|an|the)\s+([a-z]{3,})\s*,?\s*$")
DONE_BY = re.compile(r"\b([a-z]{3,}?)(?:en|ed)\s+by\s*$")


def _people(
    item: dict[str, Any], said: list[str], root: dict[str, Any], labelled: list[tuple[str, str]]
) -> list[dict[str, Any]] | None:
    """Rule 2b: a list of people (its items have a person's field) is one object per full name
    the statements write, in order, a later mention by title and surname ("Ms Tanaka") the same
    person; a second string field is what the text calls them, the noun just before the name ("a
    cyclist, Mei Tanaka" -> cyclist), or the one who does the act after which they are named
    ("driven by Daniel Reyes" -> driver)."""
    props = item.get("properties") or {}
    kinds = {k: resolve(p, root) if isinstance(p, dict) else {} for k, p in props.items()}
    who = next((k for k, s in kinds.items() if s.get("type") == "string" and personal(k, s)), None)
    if who is None:
        return None
    other = next(
        (
            k
            for k, s in kinds.items()
            if k != who and s.get("type") == "string" and not s.get("enum")
        ),
        None,
    )
    out: list[dict[str, Any]] = [{who: n, **({other: r} if other else {})} for r, n in labelled]
    seen: set[str] = {n for _r, n in labelled}
    for x in said:
        for m in FULL_NAME.finditer(x):
            name = m.group(1)
            words = name.split()
            if name in seen or words[-1] in {w for n in seen for w in n.split()[1:]}:
                continue
            if len(words) < 2 or not all(w[:1].isupper() for w in words):
                continue
            seen.add(name)
            entry: dict[str, Any] = {who: name}
            before = x[: m.start()]
            called, done = ROLE_BEFORE.search(before), DONE_BY.search(before)
            if other and called:
                entry[other] = called.group(1)
            elif other and done:
                stem = done.group(1)
                entry[other] = stem + ("r" if stem.endswith("e") else "er")
            out.append(entry)
    return out


def heading_words(text: str) -> set[str]:
    """The words of the document's headings and labels (rule 3)."""
    words: set[str] = set()
    for line in text.splitlines():
        if line.strip() and not re.search(r"[a-z]", line):
            words.update(re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]+", line))
        m = LABEL_LINE.match(line.strip())
        if m:
            words.update(re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]+", m.group(1)))
            words.add(m.group(1).strip())
    return words


def _strings(x: dict[str, Any]) -> list[str]:
    return [v for v in x.values() if isinstance(v, str) and v]


def better_list(
    found: Any, stated: list[dict[str, Any]], text: str, taken: list[str] | None = None
) -> bool:
    """Rule 3: whether the stated items replace the list the general reading found."""
    if not stated:
        return False
    if not isinstance(found, list) or len(stated) > len(found) and len(found) <= 1:
        return True
    others = set(taken or [])
    if any(isinstance(x, dict) and others & set(map(str, x.values())) for x in found):
        return True  # an item holding another field's value (the engineer among the people)
    body = " ".join(_statements(text, []))
    if any(v not in body for x in found if isinstance(x, dict) for v in _strings(x)):
        return True  # a value of the document's head (a label's), not of a statement
    heads = heading_words(text)
    said = [v for x in found if isinstance(x, dict) for v in x.values() if isinstance(v, str) and v]
    return bool(said) and any(v in heads or v.isascii() and v.isupper() for v in said)
