"""agentkit.lessons.listing: a specimen's source as lesson 04 shows it, each string-table lookup
T("key", ...) written out as the text it stands for in the edition's language."""

import ast
import re
from pathlib import Path

import nbformat
import pytest

from agentkit import antipatterns
from agentkit.content import CJK
from agentkit.display import LISTING, columns
from agentkit.lessons.listing import inline, listing
from agentkit.strings import T
from agentkit.tools import LookupBeforeRefund

ROOT = Path(__file__).resolve().parent.parent
SHOWN = [
    antipatterns.decision_tree,
    antipatterns.fixed_sequence,
    antipatterns.status_router,
    LookupBeforeRefund,
]


class Table:
    """A string table as inline() reads one (key -> (zh, en))."""

    def __init__(self, table):
        self.table = table

    def __contains__(self, key):
        return key in self.table


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("obj", SHOWN, ids=lambda o: o.__name__)
def test_lesson_04s_listings_hold_the_text_not_the_lookup(obj, lang, monkeypatch):
    monkeypatch.setenv("AGENTKIT_LANG", lang)
    text = listing(obj).text
    assert "T(" not in text
    ast.parse(text)
    assert max(columns(line) for line in text.splitlines()) <= LISTING
    if lang == "en":
        assert not CJK.search(text), CJK.search(text)
    else:
        assert CJK.search(text)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_written_out_literal_is_the_text_the_lookup_returns(lang):
    for key, values in [
        ("ap.tree_done", {"order_id": "A-1001"}),
        ("ap.plan_done", {"plan": ["lookup_order", "process_refund"]}),
        ("ap.router_done", {"tool": "process_refund"}),
    ]:
        arg = next(iter(values))
        expr = '" → ".join(value)' if key == "ap.plan_done" else "value"
        code = inline(f"said = T({key!r}, {arg}={expr})\n", T, lang)
        assert "T(" not in code
        scope = {"value": values[arg]}
        exec(code, scope)
        shown = " → ".join(values[arg]) if key == "ap.plan_done" else values[arg]
        assert scope["said"] == T.text(key, lang, **{arg: shown}), code


def test_quotes_braces_specs_and_long_texts_stay_valid_python():
    table = Table(
        {
            "a": ('x {n!r} "y" {{z}} {amount:.1f}', 'x {n!r} "y" {{z}} {amount:.1f}'),
            "b": ("no fields, it's {{plain}}", "no fields, it's {{plain}}"),
            "long": ("word " * 30 + "{n}", "word " * 30 + "{n}"),
        }
    )
    code = 'def f(n, amount):\n    return T("a", n=n, amount=amount), T("b"), T("long", n=n)\n'
    written = inline(code, table, "en")
    scope = {}
    exec(written, scope)
    assert scope["f"]("A", 2.0) == (
        "x 'A' \"y\" {z} 2.0",
        "no fields, it's {plain}",
        "word " * 30 + "A",
    )
    assert "T(" not in written
    assert max(columns(line) for line in written.splitlines()) <= LISTING


def test_a_call_it_cannot_write_out_is_left_as_it_is():
    table = Table({"a": ("{n}", "{n}")})
    code = 'x = T("a", n="\\n".join(v))\ny = T("unknown")\nz = T("a")\n'
    assert inline(code, table, "en") == code


def test_lesson_04_lists_its_specimens_with_listing():
    for path in (
        ROOT / "notebooks" / "04_model_vs_hardcoded.ipynb",
        ROOT / "notebooks" / "en" / "04_model_vs_hardcoded.ipynb",
    ):
        code = [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]
        listed = re.findall(r"^(source|listing)\((\w+(?:\.\w+)?)\)", "\n".join(code), re.M)
        assert {name for how, name in listed if how == "listing"} == {
            "antipatterns.decision_tree",
            "antipatterns.fixed_sequence",
            "antipatterns.status_router",
            "LookupBeforeRefund",
        }, listed
        assert not [name for how, name in listed if how == "source"]
