"""Test-wise guessers: strategies that answer without knowing the subject, from surface cues only.

A good bank gives none of them a real edge over chance (25 %). Each guesser scores an item's four
options and picks the best one; a tie among k options earns 1/k (the expected score of breaking the
tie at random), so no guesser gains from a letter bias.

    python -m quizzes.cues          # each guesser's score over the bank, in zh and in en

The guessers:
- ``longest``: the longest option (characters, spaces not counted);
- ``jargon``: the most API jargon (identifiers such as stop_reason, plus terms like 安全网, hook);
- ``fewest_absolutes``: the fewest absolute words (always, only, never, 必须, 一律 …);
- ``stem_overlap``: the most words shared with the stem;
- ``most_similar``: the option most like the other three (shared words, Jaccard);
- ``shortest``: the shortest option, the reverse of ``longest``, so that padding distractors to
  beat one cue cannot plant its opposite.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .bank import LANGS, LETTERS, Item

# Identifiers and API words the bank's readers meet; matched case-insensitively as whole words in
# English, as substrings in Chinese. Any snake_case or CamelCase identifier counts too.
JARGON_TERMS = (
    "stop_reason",
    "tool_use",
    "tool_result",
    "end_turn",
    "is_error",
    "max_tokens",
    "max_turns",
    "pause_turn",
    "refusal",
    "stop_details",
    "tool_use_id",
    "tool_choice",
    "hook",
    "pretooluse",
    "posttooluse",
    "safety net",
    "safety valve",
    "escalate",
    "human",
    "messages",
    "api",
    "sdk",
    "runner",
    "安全网",
    "安全阀",
    "转人工",
    "人工",
    "升级",
    "钩子",
    "前置条件",
)
ABSOLUTES = {
    "en": (
        "always",
        "never",
        "only",
        "all",
        "every",
        "must",
        "none",
        "any",
        "cannot",
        "impossible",
        "guarantees",
        "guaranteed",
        "entirely",
        "completely",
        "whatever",
        "nothing",
    ),
    "zh": (
        "永远",
        "总是",
        "从不",
        "从来",
        "绝不",
        "一律",
        "所有",
        "全部",
        "任何",
        "必须",
        "只能",
        "只要",
        "只有",
        "一定",
        "完全",
        "不可能",
        "无论",
        "始终",
        "都",
    ),
}
EN_STOPWORDS = frozenset(
    "a an the and or of to in on at for by with from as is are be been it its this that these those "
    "so then than if when what which who how why do does did not no".split()
)
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CODEISH = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\b[A-Z][a-z]+[A-Z][A-Za-z]+\b")
_CJK = re.compile(r"[\u4e00-\u9fff]+")


def words(text: str, lang: str) -> set[str]:
    """The content words of ``text``: English words (stopwords dropped), or Chinese bigrams."""
    found = {w.lower() for w in _IDENT.findall(text)}
    if lang == "en":
        return {w for w in found if w not in EN_STOPWORDS and len(w) > 1}
    grams = set(found)
    for run in _CJK.findall(text):
        grams.update(run[i : i + 2] for i in range(len(run) - 1))
        if len(run) == 1:
            grams.add(run)
    return grams


def jargon_count(text: str, lang: str) -> int:
    lowered = text.lower()
    count = len(_CODEISH.findall(text))
    for term in JARGON_TERMS:
        if "_" in term:
            continue  # identifiers are counted by the pattern above
        if re.fullmatch(r"[a-z ]+", term):
            count += len(re.findall(rf"\b{re.escape(term)}s?\b", lowered))
        else:
            count += lowered.count(term)
    return count


def absolute_count(text: str, lang: str) -> int:
    if lang == "en":
        tokens = re.findall(r"[a-z']+", text.lower())
        return sum(tokens.count(w) for w in ABSOLUTES["en"])
    return sum(text.count(w) for w in ABSOLUTES["zh"])


def _length(text: str) -> int:
    return len(re.sub(r"\s", "", text))


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0


# A guesser maps (item, lang) to one score per option letter; the highest score is its pick.
Scorer = Callable[[Item, str], dict[str, float]]


def _texts(item: Item, lang: str) -> dict[str, str]:
    return {letter: item.options[letter].text.get(lang) for letter in LETTERS}


def _longest(item: Item, lang: str) -> dict[str, float]:
    return {k: _length(v) for k, v in _texts(item, lang).items()}


def _shortest(item: Item, lang: str) -> dict[str, float]:
    return {k: -v for k, v in _longest(item, lang).items()}


def _jargon(item: Item, lang: str) -> dict[str, float]:
    return {k: jargon_count(v, lang) for k, v in _texts(item, lang).items()}


def _fewest_absolutes(item: Item, lang: str) -> dict[str, float]:
    return {k: -absolute_count(v, lang) for k, v in _texts(item, lang).items()}


def _stem_overlap(item: Item, lang: str) -> dict[str, float]:
    stem = words(item.stem.get(lang), lang)
    return {k: len(words(v, lang) & stem) for k, v in _texts(item, lang).items()}


def _most_similar(item: Item, lang: str) -> dict[str, float]:
    sets = {k: words(v, lang) for k, v in _texts(item, lang).items()}
    return {k: sum(_jaccard(s, sets[o]) for o in sets if o != k) for k, s in sets.items()}


GUESSERS: dict[str, Scorer] = {
    "longest": _longest,
    "jargon": _jargon,
    "fewest_absolutes": _fewest_absolutes,
    "stem_overlap": _stem_overlap,
    "most_similar": _most_similar,
    "shortest": _shortest,
}


def credit(scores: dict[str, float], answer: str) -> float:
    """The expected score of picking a best-scored option at random: 1/k if the answer is one of k."""
    best = max(scores.values())
    tied = [k for k, v in scores.items() if v == best]
    return 1 / len(tied) if answer in tied else 0.0


@dataclass(frozen=True)
class GuesserScore:
    guesser: str
    lang: str
    score: float  # fraction of the bank, expected over random tie-breaks
    clear_wins: tuple[str, ...]  # items where the guesser's unique pick is the answer


def evaluate(items: Sequence[Item], guesser: str, lang: str) -> GuesserScore:
    scorer = GUESSERS[guesser]
    total, wins = 0.0, []
    for item in items:
        scores = scorer(item, lang)
        got = credit(scores, item.answer)
        total += got
        if got == 1.0:
            wins.append(item.id)
    return GuesserScore(guesser, lang, total / len(items) if items else 0.0, tuple(wins))


def report(items: Sequence[Item], langs: Iterable[str] = LANGS) -> list[GuesserScore]:
    return [evaluate(items, g, lang) for g in GUESSERS for lang in langs]


def main() -> None:
    from .bank import load_bank

    items = load_bank()
    print(f"{len(items)} items; chance is 25%")
    for s in report(items):
        print(f"  {s.guesser:<17} {s.lang}  {s.score:6.1%}")


if __name__ == "__main__":
    main()
