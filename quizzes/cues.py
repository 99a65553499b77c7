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

The word models (scikit-learn, from ``[dev]``) read the options' *words*, never the stem or the
key, each trained leave-one-out on the other items' options labelled key / distractor; they find
a house style (the key always "appends verbatim", the colleague's proposal is never right):
- ``tfidf_char_lr``: TF-IDF over character 2-4-grams, then logistic regression;
- ``nb_words``: multinomial naive Bayes over words (English words, Chinese character bigrams);
- ``rocchio``: TF-IDF over words, one Rocchio step (the keys' centroid minus the distractors');
- ``combined``: logistic regression over the character n-grams, the words and the surface
  features above together.
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


# -- the word models (read the options' words; scikit-learn) -------------------------------------

WORD_MODELS = ("tfidf_char_lr", "nb_words", "rocchio", "combined")


def _tokens(text: str, lang: str) -> list[str]:
    """Words for the word models: identifiers and English words; Chinese character bigrams."""
    found = [w.lower() for w in _IDENT.findall(text)]
    if lang == "zh":
        for run in _CJK.findall(text):
            found += [run[i : i + 2] for i in range(len(run) - 1)] or [run]
    return found


def _option_matrix(items: Sequence[Item], model: str, lang: str):
    """One row per option (items in order, A-D within each), the features ``model`` reads.

    The vocabulary and IDF are fitted on every option's text, labels unseen: which option is the
    key enters only through training, which always leaves the answered item out."""
    from scipy.sparse import csr_matrix, hstack
    from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer

    docs = [item.options[k].text.get(lang) for item in items for k in LETTERS]
    chars = TfidfVectorizer(analyzer="char", ngram_range=(2, 4), sublinear_tf=True, min_df=2)
    wordvec = {
        "tokenizer": lambda t: _tokens(t, lang),
        "lowercase": False,
        "token_pattern": None,
        "min_df": 2,  # a word seen in one option only cannot carry a habit to another item
    }
    if model == "tfidf_char_lr":
        return chars.fit_transform(docs)
    if model == "nb_words":
        return CountVectorizer(**wordvec).fit_transform(docs)
    if model == "rocchio":
        return TfidfVectorizer(sublinear_tf=True, **wordvec).fit_transform(docs)
    surface = [row for item in items for row in features(item, lang).values()]
    return hstack(
        [
            chars.fit_transform(docs),
            TfidfVectorizer(sublinear_tf=True, **wordvec).fit_transform(docs),
            csr_matrix(surface),
        ]
    ).tocsr()


def _fit_and_score(model: str, x_train, y_train, x_test) -> list[float]:
    """The held-out item's four option scores from a model fitted on the other items' options."""
    import numpy as np
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import MultinomialNB

    if model == "rocchio":
        keys, rest = x_train[y_train == 1], x_train[y_train == 0]
        direction = np.asarray(keys.mean(axis=0) - rest.mean(axis=0)).ravel()
        return list(x_test @ direction)
    clf = MultinomialNB() if model == "nb_words" else LogisticRegression(C=10.0, solver="liblinear")
    if model == "nb_words":
        clf.set_params(class_prior=[0.5, 0.5])  # a key is one option in four: judge words only
    clf.fit(x_train, y_train)
    return list(clf.predict_log_proba(x_test)[:, 1])


def evaluate_word_model(items: Sequence[Item], model: str, lang: str) -> GuesserScore:
    """Leave-one-out over items: the held-out item's four options are scored by a model trained on
    the options of all the other items (key = 1, distractor = 0)."""
    import numpy as np

    if model not in WORD_MODELS:
        raise ValueError(f"unknown word model {model!r}; known: {', '.join(WORD_MODELS)}")
    x = _option_matrix(items, model, lang)
    y = np.array([float(k == item.answer) for item in items for k in LETTERS])
    total, wins = 0.0, []
    for i, item in enumerate(items):
        held = np.zeros(len(y), dtype=bool)
        held[4 * i : 4 * i + 4] = True
        scores = _fit_and_score(model, x[~held], y[~held], x[held])
        got = credit(
            {k: round(float(v), 9) for k, v in zip(LETTERS, scores, strict=True)}, item.answer
        )
        total += got
        if got == 1.0:
            wins.append(item.id)
    return GuesserScore(model, lang, total / len(items) if items else 0.0, tuple(wins))


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
    if guesser in WORD_MODELS:
        return evaluate_word_model(items, guesser, lang)
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
    names = (*GUESSERS, LEARNED, *WORD_MODELS)
    return [evaluate(items, g, lang) for g in names for lang in langs]


def main() -> None:
    from .bank import load_bank

    items = load_bank()
    print(f"{len(items)} items; chance is 25%")
    for s in report(items):
        print(f"  {s.guesser:<17} {s.lang}  {s.score:6.1%}")


if __name__ == "__main__":
    main()
