"""Rules over the whole real bank (quizzes/bank/*.toml), from quizzes/SCHEMA.md."""

from collections import Counter

import pytest

from quizzes import coverage, load_bank, load_topics
from quizzes.bank import LANGS, LETTERS


@pytest.fixture(scope="module")
def bank():
    return load_bank()


@pytest.fixture(scope="module")
def topics():
    return load_topics()


def test_bank_loads_with_at_least_60_items(bank):
    assert len(bank) >= 60, f"the bank has {len(bank)} items; it needs at least 60"


def test_each_answer_letter_holds_20_to_30_percent(bank):
    counts = Counter(item.answer for item in bank)
    shares = {letter: counts[letter] / len(bank) for letter in LETTERS}
    off = {k: f"{v:.0%}" for k, v in shares.items() if not 0.20 <= v <= 0.30}
    assert not off, f"answer letters outside 20-30%: {off} (counts {dict(counts)})"


@pytest.mark.parametrize("lang", LANGS)
def test_correct_option_is_rarely_the_strictly_longest(bank, lang):
    def strictly_longest(item):
        right = len(item.correct.text.get(lang))
        return all(
            right > len(o.text.get(lang)) for k, o in item.options.items() if k != item.answer
        )

    longest = [item.id for item in bank if strictly_longest(item)]
    assert len(longest) <= 0.35 * len(bank), (
        f"{lang}: the answer is the strictly longest option in {len(longest)}/{len(bank)} items "
        f"(max 35%): {', '.join(longest)}"
    )


def test_topic_coverage(bank, topics):
    thin = [
        f"{topic.id} ({count})"
        for topic, count in coverage(bank, topics)
        if (topic.group in ("trap", "antipattern") and count < 3)
        or (topic.group == "selftest" and count < 1)
    ]
    assert not thin, f"topics below their minimum (trap/ap ≥3, self ≥1): {', '.join(thin)}"
