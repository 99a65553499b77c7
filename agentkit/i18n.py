"""Learner-facing strings in Chinese and English, chosen by AGENTKIT_LANG (`settings.language()`).

Each package keeps its strings in one table, a `Strings` made once at import:

    T = Strings("agentkit.lessons", {
        "passed": ("✓ 通过：{name}", "✓ Passed: {name}"),
    })
    T("passed", name="text_exit")        # in the language AGENTKIT_LANG asks for, read now
    T.text("passed", "en", name="...")   # in a language given explicitly

Every template is formatted, so a literal brace is written `{{` or `}}`. A field written with a
capital (`{Reason}`) is the value of `reason` with its first letter capitalised (English opens a
sentence with a value that Chinese puts mid-sentence).
`pinned(lang)` holds every table to one language while a block runs, whatever AGENTKIT_LANG says
meanwhile (the grader runs code that may change the environment; its report stays in the language
the check began in); `current_language()` is the language a table speaks now.
A table may be kept in parts: a module whose strings only it words keeps its rows beside its code
and joins them to its package's table at import (`T.add(__name__, {...})`, as each lesson's checks
do in `agentkit/lessons/checks/`), so a key is still looked up in one table.
`TABLES` lists every table made, so `tests/test_i18n.py` can check each key: both languages present
and non-empty, the same `{placeholders}` in both, and no CJK character in the English.
Every table of the project has this one format, a row `"key": ("中文", "English")`: agentkit's
packages, the stand-in's sentences (`agentkit.sim.phrases`, which `say` words in the task's
language, not this setting's), the scripts' tables, and the quiz's (`quizzes/messages.py`, the same
rows without this class: quizzes never imports agentkit).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from string import Formatter

from agentkit.settings import LANGUAGES, language

__all__ = [
    "LANGUAGES",
    "TABLES",
    "Strings",
    "current_language",
    "language",
    "pinned",
    "placeholders",
]

TABLES: dict[str, Strings] = {}
"""Every table made, by the name it was given (a package's dotted name)."""

_PINNED: list[str] = []
"""The languages `pinned` holds, the innermost last. Process-wide, not per thread: the grader's
loop runs on a thread of its own, and the strings it meets there are held too."""


@contextmanager
def pinned(lang: str) -> Iterator[None]:
    """Every table speaks `lang` ("zh" or "en") while the block runs, whatever AGENTKIT_LANG is
    set to meanwhile."""
    if lang not in LANGUAGES:
        raise ValueError(f"not a language: {lang!r} (expected one of {LANGUAGES})")
    _PINNED.append(lang)
    try:
        yield
    finally:
        _PINNED.pop()


def current_language() -> str:
    """The language a table speaks now: the one `pinned` holds, else AGENTKIT_LANG's."""
    return _PINNED[-1] if _PINNED else language()


class Strings:
    """One package's strings: key -> (zh, en). Calling it formats a key in the current language."""

    def __init__(self, name: str, table: Mapping[str, tuple[str, str]]):
        if name in TABLES:
            raise ValueError(f"a string table named {name!r} already exists")
        self.name = name
        self.table: dict[str, tuple[str, str]] = {}
        # per key with a `{Capital}` in either language: its capitals, zh then en
        self._capitals: dict[str, tuple[frozenset[str], ...]] = {}
        # the rows kept beside the module that words them: its name -> its keys (see `add`)
        self.parts: dict[str, tuple[str, ...]] = {}
        self._rows(table)
        TABLES[name] = self

    def add(self, part: str, table: Mapping[str, tuple[str, str]]) -> None:
        """Rows kept beside the one module that words them (a lesson's checks), joined to this
        table: one table, one lookup, `T("key")` whichever module holds the row. `part` is that
        module's name (`__name__`); a key already in the table is refused, and a module imported
        again replaces its own rows."""
        before = self.parts.get(part, ())
        clash = sorted(table.keys() & self.table.keys() - set(before))
        if clash:
            raise ValueError(f"{self.name}: {part} repeats the strings {clash}")
        for key in before:
            del self.table[key]
            self._capitals.pop(key, None)
        self._rows(table)
        self.parts[part] = tuple(table)

    def _rows(self, table: Mapping[str, tuple[str, str]]) -> None:
        self.table.update(table)
        for key, pair in table.items():
            caps = tuple(_capitals(text) for text in pair)
            if any(caps):
                self._capitals[key] = caps

    def __call__(self, key: str, /, **values: object) -> str:
        return self.text(key, current_language(), **values)

    def text(self, key: str, lang: str, /, **values: object) -> str:
        """The string `key` in `lang` ("zh" or "en"), formatted with `values`."""
        try:
            pair = self.table[key]
        except KeyError:
            raise KeyError(f"{self.name}: no string {key!r}") from None
        at = LANGUAGES.index(lang)
        caps = self._capitals.get(key)
        if caps and caps[at]:
            values = {**values, **{c: str(values[_field(c)]).capitalize() for c in caps[at]}}
        return pair[at].format(**values)

    def __contains__(self, key: object) -> bool:
        return key in self.table


def _field(name: str) -> str:
    """The field a placeholder takes: `{Reason}` takes `reason`."""
    return name[:1].lower() + name[1:]


def _capitals(template: str) -> frozenset[str]:
    """The placeholders written with a capital (`{Reason}`)."""
    return frozenset(
        field for _, field, _, _ in Formatter().parse(template) if field and field[:1].isupper()
    )


def placeholders(template: str) -> set[str]:
    """The fields a template takes (for the test that both languages take the same ones): its
    `{names}`, a `{Capital}` taking `capital`."""
    return {_field(field) for _, field, _, _ in Formatter().parse(template) if field is not None}
