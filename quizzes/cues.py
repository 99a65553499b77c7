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
  beat one cue cannot plant its opposite;
- ``second_longest`` and ``second_shortest``: the length ranks in between, where a bank that pads
  its distractors past the key tends to leave the key;
- ``most_words`` and ``most_clauses``: the option with the most words (English words, Chinese
  characters; identifiers count as one word) or the most clause marks (commas, semicolons, colons):
  a key reworded into plain words can be the wordiest while not the longest in characters;
- ``learned``: a conditional logistic regression over the surface features of the options (length
  ranks, relative length, jargon, absolutes, overlap with the stem, likeness to the other options,
  clause count, position), trained on the *other* items of the bank (leave-one-out), so it finds
  whatever habit the bank's writers have, not just the ones listed above. It never reads meaning.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import mul

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


def _rank_of_length(item: Item, lang: str, rank: int) -> dict[str, float]:
    """1 for the options at ``rank`` (0 = longest) by length, ties sharing their ranks."""
    lengths = _longest(item, lang)
    order = sorted(lengths.values(), reverse=True)
    return {k: float(v == order[rank]) for k, v in lengths.items()}


def _second_longest(item: Item, lang: str) -> dict[str, float]:
    return _rank_of_length(item, lang, 1)


def _second_shortest(item: Item, lang: str) -> dict[str, float]:
    return _rank_of_length(item, lang, 2)


_CJK_CHAR = re.compile(r"[\u4e00-\u9fff]")
_CLAUSE_MARK = re.compile(r"[,;:，；：、。]")


def _word_count(text: str, lang: str) -> int:
    return len(text.split()) if lang == "en" else len(_CJK_CHAR.findall(text))


def _most_words(item: Item, lang: str) -> dict[str, float]:
    return {k: _word_count(v, lang) for k, v in _texts(item, lang).items()}


def _most_clauses(item: Item, lang: str) -> dict[str, float]:
    return {k: len(_CLAUSE_MARK.findall(v)) for k, v in _texts(item, lang).items()}


GUESSERS: dict[str, Scorer] = {
    "longest": _longest,
    "jargon": _jargon,
    "fewest_absolutes": _fewest_absolutes,
    "stem_overlap": _stem_overlap,
    "most_similar": _most_similar,
    "shortest": _shortest,
    "second_longest": _second_longest,
    "second_shortest": _second_shortest,
    "most_words": _most_words,
    "most_clauses": _most_clauses,
}
LEARNED = "learned"


# -- the learned guesser ---------------------------------------------------------------------------

_CLAUSE = re.compile(r"[,;:，；：、。（(]")
FEATURES = (
    "is_longest",
    "is_second_longest",
    "is_second_shortest",
    "relative_length",
    "jargon",
    "absolutes",
    "stem_overlap",
    "similarity",
    "clauses",
    "pos_A",
    "pos_B",
    "pos_C",
)


def features(item: Item, lang: str) -> dict[str, list[float]]:
    """Each option's surface features, centred on the item's mean (only differences matter)."""
    texts = _texts(item, lang)
    lengths = _longest(item, lang)
    mean_len = sum(lengths.values()) / len(lengths) or 1.0
    ranks = [_rank_of_length(item, lang, r) for r in (0, 1, 2)]
    cues = [_jargon(item, lang), _fewest_absolutes(item, lang), _stem_overlap(item, lang)]
    similar = _most_similar(item, lang)
    raw = {}
    for i, k in enumerate(LETTERS):
        raw[k] = [
            *(r[k] for r in ranks),
            lengths[k] / mean_len - 1,
            cues[0][k],
            -cues[1][k],
            cues[2][k],
            similar[k],
            len(_CLAUSE.findall(texts[k])),
            *(float(i == j) for j in range(3)),
        ]
    means = [sum(col) / len(LETTERS) for col in zip(*raw.values(), strict=True)]
    return {k: [x - m for x, m in zip(v, means, strict=True)] for k, v in raw.items()}


def _softmax(scores: list[float]) -> list[float]:
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def train(
    rows: Sequence[tuple[list[list[float]], int]], steps: int = 60, rate: float = 1.0, l2=0.01
) -> list[float]:
    """Weights of a conditional logit: P(option) = softmax(w . x) over an item's four options.

    ``rows`` are (the four options' feature vectors, index of the key). Full-batch gradient
    ascent on the mean log-likelihood with an L2 penalty; standard library only."""
    n, m = len(FEATURES), len(rows)
    # d/dw of log softmax = x_key - sum_j p_j x_j; the first term does not change between steps
    keys = [sum(xs[key][f] for xs, key in rows) / m for f in range(n)]
    w = [0.0] * n
    for _ in range(steps):
        expected = [0.0] * n
        for xs, _key in rows:
            probs = _softmax([sum(map(mul, w, x)) for x in xs])
            for x, p in zip(xs, probs, strict=True):
                expected = [e + p * v for e, v in zip(expected, x, strict=True)]
        w = [a + rate * (k - e / m - l2 * a) for a, k, e in zip(w, keys, expected, strict=True)]
    return w


def evaluate_learned(items: Sequence[Item], lang: str) -> GuesserScore:
    """Leave-one-out: each item is scored by a model trained on all the other items."""
    rows = []
    for item in items:
        feats = features(item, lang)
        rows.append(([feats[k] for k in LETTERS], LETTERS.index(item.answer)))
    total, wins = 0.0, []
    for i, item in enumerate(items):
        w = train(rows[:i] + rows[i + 1 :])
        xs = rows[i][0]
        scores = {
            k: round(sum(a * b for a, b in zip(w, x, strict=True)), 9)
            for k, x in zip(LETTERS, xs, strict=True)
        }
        got = credit(scores, item.answer)
        total += got
        if got == 1.0:
            wins.append(item.id)
    return GuesserScore(LEARNED, lang, total / len(items) if items else 0.0, tuple(wins))


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
    if guesser == LEARNED:
        return evaluate_learned(items, lang)
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
    return [evaluate(items, g, lang) for g in (*GUESSERS, LEARNED) for lang in langs]


def main() -> None:
    from .bank import load_bank

    items = load_bank()
    print(f"{len(items)} items; chance is 25%")
    for s in report(items):
        print(f"  {s.guesser:<17} {s.lang}  {s.score:6.1%}")


if __name__ == "__main__":
    main()
