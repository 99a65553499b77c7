"""Every learner-facing string table holds both languages, with the same placeholders, and the
English holds no CJK character; AGENTKIT_LANG picks the language at each call. One test reads every
table, whatever its shape: the `Strings` tables (agentkit.i18n: agentkit's packages, the edition
builder), the stand-in's phrases (agentkit/sim/phrases.py), the quiz's messages and nouns
(quizzes/messages.py, one dict per language) and the lengths table's wording
(scripts/lesson_lengths.py); the lessons' own text pairs cell by cell in their sources
(tests/test_lesson_sources.py)."""

import importlib
import pkgutil
import re
import sys
from pathlib import Path

import pytest

import agentkit
import quizzes.messages
from agentkit.content import CJK
from agentkit.i18n import TABLES, Strings, placeholders
from agentkit.settings import SettingsError, language
from agentkit.sim.phrases import PHRASES

ROOT = Path(__file__).resolve().parent.parent


def all_tables():
    for mod in pkgutil.walk_packages(agentkit.__path__, "agentkit."):
        importlib.import_module(mod.name)
    return TABLES


def rows():
    return [(t.name, key, pair) for t in all_tables().values() for key, pair in t.table.items()]


def _per_language(name: str, table: dict) -> list:
    """A table kept as one dict per language, as (name, key, (zh, en)) rows: a key missing in
    one language is a row with None in its place."""
    keys = sorted(set(table["zh"]) | set(table["en"]))
    return [(name, key, (table["zh"].get(key), table["en"].get(key))) for key in keys]


def every_table() -> list:
    """Every bilingual string of the code, in one shape: (table, key, (zh, en)). An English with
    a plural (quizzes' nouns: singular, plural) is a row per form."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import build_editions  # noqa: F401  (its Strings table, scripts.build_editions)
    import lesson_lengths  # scripts, imported as the other tests import them

    found = rows()
    found += [("agentkit.sim.phrases", key, pair) for key, pair in PHRASES.items()]
    found += _per_language("quizzes.messages.MESSAGES", quizzes.messages.MESSAGES)
    for key, forms in quizzes.messages._NOUNS.items():
        english = forms["en"] if isinstance(forms["en"], tuple) else (forms["en"],)
        found += [("quizzes.messages._NOUNS", key, (forms["zh"], en)) for en in english]
    found += _per_language("scripts/lesson_lengths.WORDING", lesson_lengths.WORDING)
    return found


def _fields(table: str, english: str) -> set[str]:
    """The fields an English string takes: the stand-in's `{Reason}` is `reason` capitalised
    (agentkit.sim.phrases.say)."""
    found = placeholders(english)
    if table == "agentkit.sim.phrases":
        found = {f[:1].lower() + f[1:] for f in found}
    return found


def test_every_table_is_found():
    names = {name for name, _, _ in every_table()}
    assert {"agentkit.sim.phrases", "quizzes.messages.MESSAGES", "scripts.build_editions"} <= names
    assert len(names) >= len(all_tables()) + 3


def test_every_key_has_both_languages_with_the_same_placeholders():
    bad = []
    for name, key, pair in every_table():
        if not (
            isinstance(pair, tuple)
            and len(pair) == 2
            and all(isinstance(s, str) and s.strip() for s in pair)
        ):
            bad.append(f"{name}:{key}: expected (zh, en), both non-empty")
        elif placeholders(pair[0]) != _fields(name, pair[1]):
            bad.append(
                f"{name}:{key}: placeholders differ {placeholders(pair[0])} vs {placeholders(pair[1])}"
            )
        elif CJK.search(pair[1]):
            bad.append(f"{name}:{key}: CJK in the English {pair[1]!r}")
    assert not bad, "\n".join(bad)


def test_the_setting_picks_the_language_at_each_call(monkeypatch):
    t = Strings("tests.i18n.sample", {"hi": ("你好，{who}", "Hello, {who}")})
    try:
        monkeypatch.delenv("AGENTKIT_LANG", raising=False)
        assert t("hi", who="A") == "你好，A"
        monkeypatch.setenv("AGENTKIT_LANG", "EN")
        assert t("hi", who="A") == "Hello, A"
        monkeypatch.setenv("AGENTKIT_LANG", "fr")
        with pytest.raises(SettingsError, match="AGENTKIT_LANG='fr'"):
            language()
    finally:
        TABLES.pop("tests.i18n.sample")


def test_a_missing_key_names_the_table_and_the_key():
    t = Strings("tests.i18n.empty", {})
    try:
        with pytest.raises(KeyError, match="tests.i18n.empty: no string 'nope'"):
            t("nope")
    finally:
        TABLES.pop("tests.i18n.empty")


# One English word for one model call plus its tool results: "turn", as the exam and the Agent
# SDK say (max_turns). "round" may appear only inside an identifier a string names.
ROUND = re.compile(r"[A-Za-z_]*round[A-Za-z_]*", re.IGNORECASE)
ROUND_IDENTIFIERS = {"append_round", "round_appended", "round_failure"}


def test_english_says_turn_never_round():
    english = [(f"{name}:{key}", pair[1]) for name, key, pair in rows()]
    english += [(f"agentkit.sim.phrases:{key}", en) for key, (_, en) in PHRASES.items()]
    bad = [
        f"{where}: {word!r} in {text!r}"
        for where, text in english
        for word in ROUND.findall(text)
        if word not in ROUND_IDENTIFIERS
    ]
    assert not bad, "\n".join(bad)
