"""Build the English edition of the lessons, notebooks/en/, from the sources in notebooks/.

    python scripts/build_english.py                       # every notebooks/*.ipynb
    python scripts/build_english.py notebooks/02_*.ipynb  # one lesson

Each lesson is written once, in its text source notebooks/src/NN_*.md (scripts/lesson_sources.py
builds notebooks/NN_*.ipynb, the Chinese edition, from it), with its English beside it, carried in
the Chinese notebook's cell metadata:

* a markdown cell carries `metadata["en"]`: the whole cell's markdown in English;
* a code cell whose source holds a CJK character (a comment, a string literal) carries
  `metadata["en"]`: an object mapping each Chinese substring of the source to its English
  replacement, applied longest key first; after mapping no CJK character may remain. A code cell
  without CJK has no "en", so a change to the code reaches both editions at once.

The English twin, notebooks/en/NN_*.ipynb, has the same cells in the same order (ids, tags and
other metadata kept, `metadata["en"]` dropped), plus a first code cell tagged `language` that sets
`AGENTKIT_LANG=en` for the kernel, and notebook metadata `language: en`. Relative links are fixed
for the subfolder (`../docs/x.md` becomes `../../docs/x.md`).

Only the sources are built here: a code cell whose English source is unchanged keeps the outputs
the English notebook already stores, every other code cell is left unexecuted. The outputs come
from `python scripts/run_notebooks.py`, which builds first and then executes both editions.

A markdown cell without English, a mapped code cell that still holds CJK, a map key the source no
longer contains (stale) or a map on a cell without CJK stops the build with a message naming the
notebook and the cell.
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell

from agentkit.content import CJK
from agentkit.lessons import registry

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "notebooks"
OUT = SOURCES / "en"
LANGUAGE_CELL = "%env AGENTKIT_LANG=en"
LANGUAGE_ID = "language-en"
# a relative link out of notebooks/: markdown links and images, HTML src/href
UP = re.compile(r"(\]\(|src=\"|href=\")\.\./")


class EnglishError(Exception):
    """A source whose English is missing or out of date; the message names the notebook and cell."""


def where(name: str, index: int, cell) -> str:
    return f"{name} cell {index} (id {cell.get('id', '?')}, {cell.cell_type})"


def english_markdown(cell, place: str) -> str:
    text = cell.metadata.get("en")
    if not isinstance(text, str) or not text.strip():
        raise EnglishError(f'{place}: no English: add metadata["en"] with the cell\'s markdown')
    if found := CJK.search(text):
        raise EnglishError(f'{place}: metadata["en"] holds CJK {found.group(0)!r}')
    return UP.sub(r"\1../../", text)


def english_code(cell, place: str) -> str:
    source, mapping = cell.source, cell.metadata.get("en")
    if mapping is None:
        if found := CJK.search(source):
            raise EnglishError(
                f'{place}: the code holds CJK {found.group(0)!r} and no metadata["en"] map'
            )
        return source
    if not isinstance(mapping, dict) or not all(
        isinstance(k, str) and k and isinstance(v, str) for k, v in mapping.items()
    ):
        raise EnglishError(f'{place}: metadata["en"] must map Chinese strings to English strings')
    if not CJK.search(source):
        raise EnglishError(f'{place}: metadata["en"] on code without CJK: remove it')
    stale = [k for k in mapping if k not in source]
    if stale:
        raise EnglishError(f'{place}: metadata["en"] key not in the source (stale): {stale[0]!r}')
    bad = [v for v in mapping.values() if CJK.search(v)]
    if bad:
        raise EnglishError(f'{place}: metadata["en"] replacement holds CJK: {bad[0]!r}')
    keys = sorted(mapping, key=len, reverse=True)
    text = re.sub("|".join(map(re.escape, keys)), lambda m: mapping[m.group(0)], source)
    if found := CJK.search(text):
        line = next(li for li in text.splitlines() if CJK.search(li))
        raise EnglishError(f"{place}: CJK {found.group(0)!r} left after mapping: {line.strip()!r}")
    return text


def english(nb, name: str, previous=None):
    """The English twin of a source notebook; `previous` (the English notebook as stored) lends
    its outputs to the code cells whose English source it already has."""
    stored = {}
    if previous is not None:
        stored = {c.get("id"): c for c in previous.cells if c.cell_type == "code"}
    out = copy.deepcopy(nb)
    for i, cell in enumerate(out.cells):
        place = where(name, i, cell)
        if cell.cell_type == "markdown":
            cell.source = english_markdown(cell, place)
        elif cell.cell_type == "code":
            cell.source = english_code(cell, place)
            old = stored.get(cell.get("id"))
            if old is not None and old.source == cell.source:
                cell.outputs, cell.execution_count = old.outputs, old.execution_count
            else:
                cell.outputs, cell.execution_count = [], None
        cell.metadata.pop("en", None)
    first = new_code_cell(LANGUAGE_CELL, id=LANGUAGE_ID, metadata={"tags": ["language"]})
    old = stored.get(LANGUAGE_ID)
    if old is not None and old.source == LANGUAGE_CELL:
        first.outputs, first.execution_count = old.outputs, old.execution_count
    out.cells.insert(0, first)
    out.metadata["language"] = "en"
    if previous is not None and "widgets" in previous.metadata:
        out.metadata["widgets"] = previous.metadata["widgets"]
    else:
        out.metadata.pop("widgets", None)
    return out


def twin(source: Path) -> Path:
    """notebooks/NN_x.ipynb -> notebooks/en/NN_x.ipynb"""
    return source.parent / "en" / source.name


def build(paths: list[Path]) -> list[Path]:
    """Write the English twin of each source; returns the paths written."""
    written = []
    for path in paths:
        try:
            nb = nbformat.read(path, as_version=4)
        except Exception as e:
            raise EnglishError(f"{path.name} is not a readable notebook: {e}") from e
        target = twin(path)
        previous = nbformat.read(target, as_version=4) if target.exists() else None
        built = english(nb, path.name, previous)
        target.parent.mkdir(exist_ok=True)
        if previous is None or nbformat.writes(previous) != nbformat.writes(built):
            nbformat.write(built, target)
        written.append(target)
    return written


def sources(argv: list[str]) -> list[Path]:
    """The source notebooks named (an English twin names its source), or every one."""
    if not argv:
        return registry.sources(SOURCES)
    paths = []
    for a in argv:
        p = Path(a).resolve()
        paths.append(p.parent.parent / p.name if p.parent.name == "en" else p)
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build notebooks/en/ from the lesson sources.")
    parser.add_argument("notebooks", nargs="*", help="only these sources (default: every one)")
    args = parser.parse_args(argv)
    try:
        written = build(sources(args.notebooks))
    except EnglishError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    for p in written:
        print(f"built {p.relative_to(ROOT) if p.is_relative_to(ROOT) else p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
