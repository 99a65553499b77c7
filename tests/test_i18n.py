"""Every learner-facing string table holds both languages, with the same placeholders, and the
English holds no CJK character; AGENTKIT_LANG picks the language at each call."""

import importlib
import pkgutil
import re

import pytest

import agentkit
from agentkit.content import CJK
from agentkit.i18n import TABLES, Strings, placeholders
from agentkit.settings import SettingsError, language
from agentkit.sim.phrases import PHRASES


def all_tables():
    for mod in pkgutil.walk_packages(agentkit.__path__, "agentkit."):
        importlib.import_module(mod.name)
    return TABLES


def rows():
    return [(t.name, key, pair) for t in all_tables().values() for key, pair in t.table.items()]


def test_every_key_has_both_languages_with_the_same_placeholders():
    bad = []
    for name, key, pair in rows():
        if not (
            isinstance(pair, tuple)
            and len(pair) == 2
            and all(isinstance(s, str) and s.strip() for s in pair)
        ):
            bad.append(f"{name}:{key}: expected (zh, en), both non-empty")
        elif placeholders(pair[0]) != placeholders(pair[1]):
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
