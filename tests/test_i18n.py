"""Every learner-facing string table has one format, a row `"key": ("中文", "English")`, and
holds both languages with the same placeholders, the English with no CJK character; AGENTKIT_LANG
picks the language at each call. The tables: the `Strings` tables (agentkit.i18n: agentkit's
packages, the stand-in's phrases, the edition builder's and the lengths table's wording in
scripts/) and the quiz's messages (quizzes/messages.py, the same rows: quizzes never imports
agentkit). A table kept in another shape (one dict per language, a `{"zh": …, "en": …}` per key) is
found in the source and refused. The lessons' own text pairs cell by cell in their sources
(tests/test_lesson_sources.py)."""

import ast
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

ROOT = Path(__file__).resolve().parent.parent


def all_tables():
    """Every `Strings` table: agentkit's (every module imported) and the scripts'."""
    for mod in pkgutil.walk_packages(agentkit.__path__, "agentkit."):
        importlib.import_module(mod.name)
    sys.path.insert(0, str(ROOT / "scripts"))
    import build_editions  # noqa: F401  (scripts, imported as the other tests import them)
    import lesson_lengths  # noqa: F401

    return TABLES


def rows():
    return [(t.name, key, pair) for t in all_tables().values() for key, pair in t.table.items()]


def every_table() -> list:
    """Every bilingual string of the code: (table, key, (zh, en))."""
    quiz = [("quizzes.messages", key, pair) for key, pair in quizzes.messages.MESSAGES.items()]
    return rows() + quiz


def _languages_as_keys(node: ast.Dict) -> bool:
    """A dict keyed by both languages whose values are texts or tables of texts: a string table
    (or one row of one) in a shape other than the rows."""
    keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
    texts = (ast.Constant, ast.JoinedStr, ast.Dict, ast.Tuple)
    return {"zh", "en"} <= keys and all(
        isinstance(v, texts)
        and not (
            isinstance(v, ast.Tuple)  # a tuple of words (quizzes.cues) is data, not a text
            and len(v.elts) != 2
        )
        and not (isinstance(v, ast.Constant) and not isinstance(v.value, str))
        for v in node.values
    )


def test_every_table_is_rows_of_zh_and_en():
    """One format: no source file keeps learner-facing strings as one dict per language or a
    `{"zh": …, "en": …}` per key; the tables found are agentkit's, the scripts' and the quiz's."""
    names = {name for name, _, _ in every_table()}
    assert {
        "agentkit.sim.phrases",
        "quizzes.messages",
        "scripts.build_editions",
        "scripts.lesson_lengths",
    } <= names
    assert len(names) == len(all_tables()) + 1
    other = []
    for folder in ("agentkit", "quizzes", "scripts"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            other += [
                f"{path.relative_to(ROOT)}:{node.lineno}"
                for node in ast.walk(tree)
                if isinstance(node, ast.Dict) and _languages_as_keys(node)
            ]
    assert not other, f"a string table in another shape than rows (zh, en): {other}"


def test_a_table_kept_per_language_is_refused():
    per_language = ast.parse('T = {"zh": {"hi": "你好"}, "en": {"hi": "Hello"}}')
    per_key = ast.parse('N = {"question": {"zh": "{n} 题", "en": ("{n} question", "{n} qs")}}')
    words = ast.parse('W = {"en": ("always", "never", "only"), "zh": ("永远", "总是", "从不")}')
    rates = ast.parse('R = {"zh": 400, "en": 238}')
    found = lambda tree: any(  # noqa: E731
        isinstance(n, ast.Dict) and _languages_as_keys(n) for n in ast.walk(tree)
    )
    assert found(per_language) and found(per_key)
    assert not found(words) and not found(rates)


def test_every_key_has_both_languages_with_the_same_placeholders():
    bad = []
    for name, key, pair in every_table():
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


def test_a_field_written_with_a_capital_is_the_value_capitalised(monkeypatch):
    t = Strings("tests.i18n.capital", {"no": ("{tool} 不可用：{why}", "{Why}; no {tool} here.")})
    try:
        monkeypatch.setenv("AGENTKIT_LANG", "en")
        assert t("no", tool="refund", why="it is closed") == "It is closed; no refund here."
        assert (
            t.text("no", "zh", tool="refund", why="it is closed") == "refund 不可用：it is closed"
        )
        assert placeholders("{Why}; no {tool}") == placeholders("{tool}：{why}") == {"tool", "why"}
    finally:
        TABLES.pop("tests.i18n.capital")


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
    bad = [
        f"{where}: {word!r} in {text!r}"
        for where, text in english
        for word in ROUND.findall(text)
        if word not in ROUND_IDENTIFIERS
    ]
    assert not bad, "\n".join(bad)


def test_a_table_kept_in_parts_is_one_table():
    """A module joins its rows to its package's table (`T.add(__name__, ...)`): one lookup for
    every key, a key repeated across parts refused, a module imported again replacing its rows."""
    t = Strings("tests.i18n.parts", {"shared": ("共用", "shared")})
    try:
        t.add("tests.i18n.lesson", {"own": ("{Who} 的", "{Who}'s"), "mine": ("我的", "mine")})
        assert t.text("own", "en", who="ann") == "Ann's" and t.text("shared", "zh") == "共用"
        assert TABLES["tests.i18n.parts"] is t and t.parts == {"tests.i18n.lesson": ("own", "mine")}
        with pytest.raises(ValueError, match=r"tests.i18n.other repeats the strings \['shared'\]"):
            t.add("tests.i18n.other", {"shared": ("又", "again")})
        t.add("tests.i18n.lesson", {"own": ("我", "me")})  # imported again
        assert "mine" not in t and t.text("own", "en") == "me"
    finally:
        TABLES.pop("tests.i18n.parts")


def _named(path: Path) -> set[str]:
    """The keys a module can name: its string constants but docstrings, a `task("x")` naming
    `task.x`, a `Worded("step", …)` naming every `step.*` row (checks.core)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(stmt.value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        for stmt in node.body
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
    }
    docs |= {  # the text around an f-string's fields (`f"task.{key}"` names no key)
        id(part)
        for node in ast.walk(tree)
        if isinstance(node, ast.JoinedStr)
        for part in node.values
    }
    named = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            named.add(node.value)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("task", "Worded")
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            first = node.args[0].value
            named.add(f"{first}." if node.func.id == "Worded" else f"task.{first}")
    return named


def test_a_lesson_check_keeps_the_strings_only_it_words():
    """agentkit.lessons' table in parts: a row kept beside a module of `checks/` is named by no
    other module of agentkit/lessons, and a row `lessons/strings.py` keeps is not one that a single
    module of `checks/` alone names (it belongs beside that module)."""
    all_tables()
    lessons = TABLES["agentkit.lessons"]
    folder = ROOT / "agentkit" / "lessons"
    named = {
        "agentkit." + ".".join(p.relative_to(ROOT / "agentkit").with_suffix("").parts): _named(p)
        for p in sorted(folder.rglob("*.py"))
        if p.name not in ("strings.py", "__init__.py")
    }

    def naming(key: str) -> set[str]:
        return {
            module
            for module, names in named.items()
            if key in names or any(n.endswith(".") and key.startswith(n) for n in names)
        }

    assert len(lessons.parts) == 14  # every lesson's checks module and the four shared ones
    misplaced = [
        f"{key} (in {part}) is named by {sorted(others)}"
        for part, keys in lessons.parts.items()
        for key in keys
        if (others := naming(key) - {part})
    ]
    own = {key for keys in lessons.parts.values() for key in keys}
    misplaced += [
        f"{key} (in lessons/strings.py) is named by {module} alone: move it beside that module"
        for key in lessons.table.keys() - own
        for users in [naming(key)]
        if len(users) == 1
        for module in users
        if module.startswith("agentkit.lessons.checks.")
    ]
    assert not misplaced, "\n".join(misplaced)
