"""Learner-facing strings in Chinese and English, chosen by AGENTKIT_LANG (`settings.language()`).

Each package keeps its strings in one table, a `Strings` made once at import:

    T = Strings("agentkit.lessons", {
        "passed": ("✓ 通过：{name}", "✓ Passed: {name}"),
    })
    T("passed", name="text_exit")        # in the language AGENTKIT_LANG asks for, read now
    T.text("passed", "en", name="...")   # in a language given explicitly

Every template is formatted, so a literal brace is written `{{` or `}}`.
`TABLES` lists every table made, so `tests/test_i18n.py` can check each key: both languages present
and non-empty, the same `{placeholders}` in both, and no CJK character in the English.
The stand-in's own sentences (`agentkit.sim.phrases`) follow the task's language, not this setting.
"""

from __future__ import annotations

from collections.abc import Mapping
from string import Formatter

from agentkit.settings import LANGUAGES, language

__all__ = ["LANGUAGES", "TABLES", "Strings", "language", "placeholders"]

TABLES: dict[str, Strings] = {}
"""Every table made, by the name it was given (a package's dotted name)."""


class Strings:
    """One package's strings: key -> (zh, en). Calling it formats a key in the current language."""

    def __init__(self, name: str, table: Mapping[str, tuple[str, str]]):
        if name in TABLES:
            raise ValueError(f"a string table named {name!r} already exists")
        self.name, self.table = name, dict(table)
        TABLES[name] = self

    def __call__(self, key: str, /, **values: object) -> str:
        return self.text(key, language(), **values)

    def text(self, key: str, lang: str, /, **values: object) -> str:
        """The string `key` in `lang` ("zh" or "en"), formatted with `values`."""
        try:
            pair = self.table[key]
        except KeyError:
            raise KeyError(f"{self.name}: no string {key!r}") from None
        return pair[LANGUAGES.index(lang)].format(**values)

    def __contains__(self, key: object) -> bool:
        return key in self.table


def placeholders(template: str) -> set[str]:
    """The `{names}` a template formats (for the test that both languages take the same ones)."""
    return {field for _, field, _, _ in Formatter().parse(template) if field is not None}
