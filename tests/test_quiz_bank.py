"""Rules over the whole real bank (quizzes/bank/*.toml), from quizzes/SCHEMA.md and BLUEPRINT.md."""

import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from quizzes import coverage, load_bank, load_topics
from quizzes.bank import LANGS, LETTERS, Item, Option, Scenario, Text
from quizzes.cues import GUESSERS, evaluate, words
from quizzes.render import columns, to_terminal

BLUEPRINT = Path(__file__).parents[1] / "quizzes" / "BLUEPRINT.md"


@pytest.fixture(scope="module")
def bank():
    return load_bank()


@pytest.fixture(scope="module")
def topics():
    return load_topics()


def all_texts(item: Item, lang: str) -> list[str]:
    texts = [item.scenario.get(lang), item.stem.get(lang), item.explanation.get(lang)]
    texts += [o.text.get(lang) for o in item.options.values()]
    texts += [o.why_wrong.get(lang) for o in item.options.values() if o.why_wrong]
    return texts


# -- size, balance, form ---------------------------------------------------------------------------


def test_bank_has_at_least_100_items(bank):
    assert len(bank) >= 100, f"the bank has {len(bank)} items; it needs at least 100"


def test_every_topic_has_3_items_and_none_over_8_percent(bank, topics):
    counts = Counter(item.topic for item in bank)
    thin = {t: counts[t] for t in topics if counts[t] < 3}
    heavy = {t: n for t, n in counts.items() if n > 0.08 * len(bank)}
    assert not thin, f"topics with fewer than 3 items (by primary topic): {thin}"
    assert not heavy, f"topics over 8% of {len(bank)} items: {heavy}"


def test_at_least_95_percent_scenario_based(bank):
    forms = Counter(item.form for item in bank)
    assert forms["scenario"] >= 0.95 * len(bank), f"forms: {dict(forms)}"


def test_each_answer_letter_holds_20_to_30_percent(bank):
    counts = Counter(item.answer for item in bank)
    shares = {letter: counts[letter] / len(bank) for letter in LETTERS}
    off = {k: f"{v:.0%}" for k, v in shares.items() if not 0.20 <= v <= 0.30}
    assert not off, f"answer letters outside 20-30%: {off} (counts {dict(counts)})"


def test_every_trap_and_anti_pattern_is_tested_three_times(bank, topics):
    thin = [
        f"{topic.id} ({count})"
        for topic, count in coverage(bank, topics)
        if topic.group in ("trap", "antipattern") and count < 3
    ]
    assert not thin, f"trap/anti-pattern topics below 3 items: {', '.join(thin)}"


# -- the blueprint ---------------------------------------------------------------------------------


def test_blueprint_weights_sum_to_100_and_the_document_matches(bank, topics):
    assert sum(t.weight for t in topics.values()) == 100
    counts = Counter(item.topic for item in bank)
    rows = re.findall(
        r"^\| `([a-z-]+)` \| [^|]+ \| (\d+) \| (\d+) \|$", BLUEPRINT.read_text(), re.M
    )
    documented = {tid: (int(w), int(n)) for tid, w, n in rows}
    actual = {tid: (t.weight, counts[tid]) for tid, t in topics.items()}
    assert documented == actual, "quizzes/BLUEPRINT.md is out of date with topics.toml or the bank"


# -- no cue beats knowledge ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("guesser", [*GUESSERS])
def test_no_test_wise_guesser_beats_35_percent(bank, guesser, lang):
    result = evaluate(bank, guesser, lang)
    assert result.score <= 0.35, (
        f"{guesser} scores {result.score:.1%} in {lang} (chance is 25%); "
        f"it picks the answer outright in: {', '.join(result.clear_wins)}"
    )


def _item(options: dict[str, str], answer: str, stem: str = "Which one?") -> Item:
    """A throwaway item for checking that a guesser does find the cue it is built to find."""
    opts = {
        k: Option(Text(v, v), None if k == answer else Text("x", "x")) for k, v in options.items()
    }
    return Item(
        id="probe",
        task="1.1",
        topic="lifecycle",
        form="scenario",
        tags=("lifecycle",),
        difficulty="easy",
        section="常见陷阱",
        scenario=Scenario("ci", "s", "s"),
        stem=Text(stem, stem),
        explanation=Text("e", "e"),
        options=opts,
        answer=answer,
    )


@pytest.mark.parametrize(
    "guesser, options, stem",
    [
        ("longest", "short | a much longer option than the rest | tiny | x", "Which one?"),
        ("jargon", "plain words | check stop_reason and tool_use | no | yes", "Which one?"),
        ("fewest_absolutes", "always | often works | never | only all", "Which one?"),
        ("stem_overlap", "apple | retry the refund call | pear | plum", "retry refund"),
        ("shortest", "a long option here | ok | another long option | yet another one", "?"),
        (
            "most_similar",
            "run every tool now | run every tool now and later | run every tool later | dog",
            "?",
        ),
    ],
)
def test_each_guesser_finds_its_cue(guesser, options, stem):
    """The guessers are real: each scores 100% on items that carry its cue."""
    probe = _item(dict(zip(LETTERS, options.split(" | "), strict=True)), "B", stem)
    assert evaluate([probe], guesser, "en").score == 1.0


# -- duplicates, facts and style -------------------------------------------------------------------


def _signature(item: Item, lang: str) -> set[str]:
    """What an item is about: its scenario, its question (without code) and its key."""
    prose = item.stem.get(lang).split("```")[0]
    return words(f"{item.scenario.get(lang)} {prose} {item.correct.text.get(lang)}", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_no_two_items_are_near_duplicates(bank, lang):
    close = []
    for a, b in combinations(bank, 2):
        x, y = _signature(a, lang), _signature(b, lang)
        if len(x & y) / len(x | y) > 0.4:
            close.append(f"{a.id} ~ {b.id}")
    assert not close, f"near-duplicate items ({lang}): {close}"


REWRITTEN = [
    "code-pause-turn-01",
    "stop-pause-turn-01",
    "hook-refund-cap-01",
    "self-model-vs-tree-03",
    "ap-decision-tree-01",
    "hook-refund-cap-02",
    "code-tool-error-01",
    "ap-exception-aborts-01",
    "code-max-tokens-01",
    "stop-max-tokens-01",
    "stop-refusal-01",
    "stop-refusal-02",
    "code-stop-table-01",
    "trap-status-routing-01",
    "trap-status-routing-03",
]


def test_near_duplicates_were_rewritten_not_deleted(bank):
    ids = {item.id for item in bank}
    assert not [i for i in REWRITTEN if i not in ids]
    by_id = {item.id: item for item in bank}
    keys = Counter(by_id[i].correct.text.en for i in REWRITTEN)
    assert max(keys.values()) == 1
    distractors = Counter(
        o.text.en for item in bank for k, o in item.options.items() if k != item.answer
    )
    repeated = [text for text, n in distractors.items() if n > 1]
    assert not repeated, f"a distractor is used twice: {repeated}"


def test_sdk_retries_are_stated_with_connection_errors_and_timeouts(bank):
    wrong = [
        item.id
        for item in bank
        for lang, needle in (("en", "connection"), ("zh", "连接"))
        for text in all_texts(item, lang)
        if "408" in text and needle not in text
    ]
    assert not wrong, f"SDK retry lists without connection errors and timeouts: {wrong}"


def test_messages_create_not_the_sdk_never_runs_tools(bank):
    claims = re.compile(r"SDK (?:never|only)[^.;]*(?:runs?|executes?) (?:or re-?runs? )?your tools")
    wrong = [i.id for i in bank for text in all_texts(i, "en") if claims.search(text)]
    assert not wrong, wrong


def test_refusal_handling_names_the_fallback_model(bank):
    by_id = {item.id: item for item in bank}
    for item_id in ("code-stop-table-01", "stop-refusal-01"):
        explanation = by_id[item_id].explanation
        assert "fallback" in explanation.en and "备用" in explanation.zh, item_id


def test_the_regex_item_shows_one_regex_in_both_languages(bank):
    item = next(i for i in bank if i.id == "trap-regex-complete-01")
    pattern = re.compile(r're\.search\(r"[^"]+", text\)')
    assert pattern.search(item.scenario.zh).group() == pattern.search(item.scenario.en).group()


def test_a_timeout_is_shorter_than_the_wait_it_bounds(bank):
    item = next(i for i in bank if i.id == "self-parallel-results-02")
    assert "40" not in item.correct.text.en and "40" not in item.scenario.en


def _prose(text: str) -> str:
    return re.sub(r"```.*?```|`[^`]*`", "", text, flags=re.S)


def test_chinese_text_uses_chinese_quotes_and_capital_agent(bank):
    problems = []
    for item in bank:
        for text in all_texts(item, "zh"):
            prose = _prose(text)
            if re.search(r"(?<![A-Za-z_])agent(?![A-Za-z_])", prose):
                problems.append(f"{item.id}: lowercase agent")
            if "{" not in prose and re.search(r'"[\u4e00-\u9fff][^"\n]*"', prose):
                problems.append(f"{item.id}: ASCII quotes around Chinese: {prose[:40]}")
    assert not problems, problems


def test_explanations_never_name_option_letters(bank):
    letters = re.compile(r"选项\s*[A-D]|[A-D]\s*项|\b(?:option|answer|choice)\s+[A-D]\b", re.I)
    named = [i.id for i in bank for lang in LANGS if letters.search(i.explanation.get(lang))]
    assert not named, f"explanations naming a letter (exam mode shuffles them): {named}"


def test_code_fits_an_80_column_terminal(bank):
    wide = [
        f"{item.id}: {line.strip()[:50]}"
        for item in bank
        for lang in LANGS
        for text in all_texts(item, lang)
        for line in to_terminal(text).split("\n")
        if line.startswith("    ") and columns(line) > 80
    ]
    assert not wide, wide
