"""Judgements on a scale: a number the caller asks the model to judge, not to copy from the text.

A forced tool or a structured output often asks for a score the text never states
("coherence, 0-100", "urgency 1-5", "persuasion score, 0.0-1.0"). A model judges it; a copy of
whatever number the text holds ("$12 million" as coherence, "three years" as persuasion) is wrong
in kind and out of range. The stand-in is no language model, so its judgement is a written rule:

1. **The scale** of a number is the schema's `minimum` / `maximum`, else the range its
   description writes: "0-100", "0.0 to 1.0", "from 1 to 5", "between 0 and 1", "1 = low,
   5 = high", "1～5", "0到10分" (`scale`).
2. **A judgement's number** comes from the text only where a label or a rating word ties it to
   the scale ("coherence: 80", "4 stars", "8/10", "4 out of 5", "打4分", "4星", "a rating of 5",
   "set the priority to 2") and it lies on the scale (`rated`); any other number of the text is
   about something else.
3. **A judgement** is a number on a scale whose name or description says what is judged (score,
   rating, level, confidence, coherence, persuasion, urgency, priority, severity, quality,
   clarity, 评分, 紧急程度, …) and that the text gives no labelled value for (`judged`):
   - urgency, priority, severity, importance: by the words of haste the text says (`URGENT`:
     ASAP, immediately, 尽快, 很着急; `CRITICAL`: outage, data loss, emergency, 紧急, 瘫痪; `CALM`:
     no rush, whenever, 不急): calm is the low end, nothing said the middle, one word of haste
     one step below the top, a critical word or two of haste the top;
   - a rating, satisfaction, quality or sentiment score: the text's feelings
     (`agentkit.sim.arguments.felt`) placed on the scale: all positive is the top, all negative
     the bottom, none or as many of each the middle;
   - any other judgement (coherence, persuasion, clarity, confidence, …): the middle of the
     scale. The stand-in cannot weigh style; it says so by staying in the middle, never by a
     number taken from the text.
   The middle, where the text gives nothing to judge by, is said only in an extraction (a forced
   call, a structured output: `agentkit.sim.structured`); a tool's act asks the user instead.
   An integer scale gives a whole number; a scale of fractions two decimals.
"""

from __future__ import annotations

import re
from typing import Any

NUM = r"-?\d+(?:\.\d+)?"
RANGE = re.compile(
    rf"(?:from\s+|between\s+|范围\s*)?({NUM})\s*(?:-|–|—|to|and|~|～|到|至)\s*({NUM})(?!\s*[%％])"
)
ENDS = re.compile(  # "1 = can wait, 5 = critical"
    rf"(?<![\d.])({NUM})\s*[=:：]\s*[^,;，；]+[,;，；]\s*({NUM})\s*[=:：]"
)
JUDGED = re.compile(
    r"score|rating|rate\b|level|grade|confidence|certainty|likelihood|probability|coherence|"
    r"persuasi|urgen|priority|severity|importance|quality|clarity|readability|relevance|"
    r"satisfaction|sentiment|polarity|tone|toxicity|formality|complexity|difficulty|"
    r"评分|打分|分数|得分|程度|等级|置信|可信|紧急|优先|严重|满意|质量|清晰|相关",
    re.I,
)
HASTE = re.compile(r"urgen|priority|severity|importance|紧急|优先|严重|重要", re.I)
FEELING = re.compile(
    r"rating|satisfaction|quality|sentiment|polarity|stars|评分|满意|质量|情感|情绪", re.I
)
URGENT = re.compile(
    r"\b(?:asap|urgent(?:ly)?|immediately|right away|right now|as soon as possible|today|"
    r"quickly|hurry|deadline)\b|尽快|马上|立刻|立即|赶紧|着急|急需|很急|今天",
    re.I,
)
CRITICAL = re.compile(
    r"\b(?:critical|emergency|outage|down for everyone|data loss|security breach|breach|"
    r"production is down|cannot work at all)\b|紧急|瘫痪|宕机|数据丢失|全部无法",
    re.I,
)
CALM = re.compile(
    r"\b(?:no rush|whenever|when you (?:get a chance|can)|not urgent|low priority|eventually|"
    r"can still (?:work|use))\b|不急|不着急|有空再|方便时|不(?:算|是|太)(?:很|特别|太|那么)?急|还能用",
    re.I,
)


def scale(s: dict[str, Any]) -> tuple[float, float] | None:
    """Rule 1: the scale of a number property, else None."""
    lo, hi = s.get("minimum"), s.get("maximum")
    if isinstance(lo, (int, float)) and isinstance(hi, (int, float)) and lo < hi:
        return float(lo), float(hi)
    said = str(s.get("description") or "")
    for pattern in (RANGE, ENDS):
        m = pattern.search(said)
        if m and float(m.group(1)) < float(m.group(2)):
            return float(m.group(1)), float(m.group(2))
    return None


UNIT_AFTER = (
    r"\s*(?:million|billion|thousand|k\b|years?|months?|weeks?|days?|hours?|dollars?|euros?)"
)
RATED = re.compile(
    rf"({NUM})\s*(?:stars?\b|/\s*\d+|out of\s+\d+|分(?!钟)|星|颗星)|(?:打|给了?|评)\s*({NUM})\s*分"
)


def _evidence(about: str, text: str, felt: dict[str, int]) -> bool:
    if HASTE.search(about):
        return bool(URGENT.search(text) or CALM.search(text) or CRITICAL.search(text))
    return bool(FEELING.search(about)) and any(felt.values())


def rated(text: str, s: dict[str, Any], name: str = "") -> float | None:
    """Rule 2: the number a rating word ties to the scale ("4 stars", "8/10", "打4分"), or one said
    a few words after the property's own word or a verb of rating ("a rating of 5", "priority
    ... to 2", "rate it a 4"; not one a unit follows: "12 million"), else None."""
    ends = scale(s)
    own = [w for w in re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", name).lower())]
    rating = {"rating", "score", "stars", "rate", "grade"} & set(own)  # (its verbs, then)
    words = "|".join([*own, *(["rate", "rated", "rating", "score"] if rating else [])])
    after = re.compile(
        rf"\b(?:{words})\b[^\n;!?]{{0,24}}?(?<![\w.-])({NUM})(?!\.?\d|[\w%-]|{UNIT_AFTER})",
        re.I,
    )
    for m in [*RATED.finditer(text), *after.finditer(text)]:
        got = float(next(g for g in m.groups() if g))
        if ends is None or ends[0] <= got <= ends[1]:
            return got
    return None


def is_judged(name: str, s: dict[str, Any]) -> bool:
    """Rule 3: whether a number property is a judgement on a scale."""
    about = f"{name} {s.get('description') or ''}"
    return (
        scale(s) is not None
        and s.get("type") in ("integer", "number")
        and bool(JUDGED.search(about))
    )


def judgement(
    name: str, s: dict[str, Any], text: str, felt: dict[str, int], evidence_only: bool = False
) -> float | int | None:
    """Rule 3: the judged value of a number property on a scale, else None (not a judgement);
    with `evidence_only`, None where the text says nothing to judge by (a tool's act asks for
    the value then; only an extraction says the middle of the scale)."""
    about = f"{name} {s.get('description') or ''}"
    ends = scale(s)
    if ends is None or not is_judged(name, s):
        return None
    if evidence_only and not _evidence(about, text, felt):
        return None
    lo, hi = ends
    if HASTE.search(about):
        haste = len(URGENT.findall(text))
        if CALM.search(text):
            share = 0.0
        elif CRITICAL.search(text) or haste >= 2:
            share = 1.0
        elif haste:
            share = -1.0  # one step below the top
        else:
            share = 0.5
    elif FEELING.search(about):
        pos, neg = felt.get("positive", 0), felt.get("negative", 0)
        share = 0.5 if pos == neg else pos / (pos + neg)
    else:
        share = 0.5
    whole = s.get("type") == "integer"
    if share < 0:
        return int(hi) - 1 if whole else round(hi - (hi - lo) / 4, 2)
    got = lo + share * (hi - lo)
    return int(round(got)) if whole else round(got, 2)
