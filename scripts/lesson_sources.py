"""The lessons' text sources, notebooks/src/NN_x.md: one Markdown file per lesson, both languages
side by side, cell by cell. The notebooks are built from them.

    python scripts/lesson_sources.py import                      # every notebook -> its source
    python scripts/lesson_sources.py import notebooks/02_*.ipynb # one lesson
    python scripts/lesson_sources.py build [notebooks/02_*.ipynb]  # source -> notebooks/NN_x.ipynb
    python scripts/lesson_sources.py check                       # is every notebook current?

`python scripts/run_notebooks.py` builds from the sources first (this module's `build`), then the
English edition, then executes both; use `import` after someone edited a `.ipynb` directly (another
branch, JupyterLab): it rewrites the source from the notebook, and is safe to run again.

A source is a sequence of cells. Each cell is a header line, an HTML comment, then fenced blocks:

    <!-- cell markdown id=intro-1 -->
    ````markdown zh
    ## 一次请求
    ````
    ````markdown en
    ## One request
    ````

    <!-- cell code id=ex-01-example {"tags": ["exercise"]} -->
    ````python
    request = ...  # TODO：补全
    ````
    ````json en
    ["# TODO：补全", "# TODO: fill it in"]
    ````

The header names the cell type and its id, then (optional) the cell's metadata as one JSON object,
`metadata["en"]` excepted. A markdown cell has a `zh` block and an `en` block (the notebook's
source and its `metadata["en"]`); a code cell has its `python` block and, when the code holds
Chinese, an `en` block of `[Chinese substring, English]` pairs, one per line (the notebook's
`metadata["en"]` map, in its order). A fence is a run of backticks longer than any the body holds,
so a body is taken verbatim; the first line of the file, an HTML comment, carries the notebook's
metadata (`language_info` and the widget state are the kernel's output: kept from the stored
notebook, never in the source).

Building keeps the outputs the notebook stores for each code cell whose id and source are unchanged
and clears the others (scripts/run_notebooks.py executes them). A source that does not parse, or a
cell whose languages do not pair, stops with a message naming the file and line.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_raw_cell

from agentkit.lessons import registry

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
OUTPUT_METADATA = ("language_info", "widgets")
"""Notebook metadata the kernel writes when it runs: kept from the stored notebook."""
HEADER = re.compile(r"<!-- cell (markdown|code|raw) id=(\S+)(?: (\{.*\}))? -->")
NOTEBOOK = re.compile(r"<!-- notebook (\{.*\}) -->")
FENCE = re.compile(r"(`{3,})(\S*)(?: (\S+))?")
BLOCKS = {
    "markdown": ("markdown zh", "markdown en"),
    "code": ("python", "json en"),
    "raw": ("raw",),
}


class SourceError(Exception):
    """A source that does not parse or whose languages do not pair; says which file and line."""


def source_path(notebook: Path) -> Path:
    """notebooks/NN_x.ipynb -> notebooks/src/NN_x.md (an English twin names its source's)."""
    folder = notebook.parent.parent if notebook.parent.name == "en" else notebook.parent
    return folder / "src" / f"{notebook.stem}.md"


def notebook_path(source: Path) -> Path:
    """notebooks/src/NN_x.md -> notebooks/NN_x.ipynb"""
    return source.parent.parent / f"{source.stem}.ipynb"


# --- notebook -> text -------------------------------------------------------------------------


def _fence(*bodies: str) -> str:
    longest = max((len(m) for b in bodies for m in re.findall("`+", b)), default=0)
    return "`" * max(3, longest + 1)


def _block(fence: str, info: str, body: str) -> list[str]:
    return [f"{fence}{info}", *body.split("\n"), fence]


def _compact(value) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def cell_text(cell) -> list[str]:
    """One cell as source lines: its header, then its blocks."""
    metadata = {k: v for k, v in cell.metadata.items() if k != "en"}
    header = f"<!-- cell {cell.cell_type} id={cell.id}"
    header += f" {_compact(metadata)} -->" if metadata else " -->"
    if "-->" in header[:-3] or "\n" in header:
        raise SourceError(f"cell {cell.id}: its metadata holds '-->' or a line break")
    en = cell.metadata.get("en")
    if cell.cell_type == "markdown":
        english = en if isinstance(en, str) else ""
        fence = _fence(cell.source, english)
        return [header, *_block(fence, "markdown zh", cell.source)] + _block(
            fence, "markdown en", english
        )
    if cell.cell_type == "raw":
        return [header, *_block(_fence(cell.source), "raw", cell.source)]
    lines = [header, *_block(_fence(cell.source), "python", cell.source)]
    if en is not None:
        if not isinstance(en, dict):
            raise SourceError(f'cell {cell.id}: metadata["en"] of a code cell must be a map')
        pairs = "\n".join(_compact([k, v]) for k, v in en.items())
        lines += _block(_fence(pairs), "json en", pairs)
    return lines


def to_text(nb) -> str:
    """A notebook as its source text (outputs and the kernel's metadata left out)."""
    metadata = {k: v for k, v in nb.metadata.items() if k not in OUTPUT_METADATA}
    lines = [f"<!-- notebook {_compact(metadata)} -->"]
    for cell in nb.cells:
        lines += ["", *cell_text(cell)]
    return "\n".join(lines) + "\n"


# --- text -> notebook -------------------------------------------------------------------------


@dataclass
class _Reader:
    lines: list[str]
    name: str
    at: int = 0

    def where(self, at: int | None = None) -> str:
        return f"{self.name} line {(self.at if at is None else at) + 1}"

    def skip_blank(self) -> None:
        while self.at < len(self.lines) and not self.lines[self.at].strip():
            self.at += 1

    def block(self) -> tuple[str, str] | None:
        """The fenced block starting here, as (info, body); None when no fence starts here."""
        self.skip_blank()
        if self.at >= len(self.lines) or not (m := FENCE.fullmatch(self.lines[self.at])):
            return None
        fence, info = m.group(1), " ".join(filter(None, m.groups()[1:]))
        start = self.at
        try:
            end = self.lines.index(fence, start + 1)
        except ValueError:
            raise SourceError(
                f"{self.where(start)}: the block opened here is never closed"
            ) from None
        self.at = end + 1
        return info, "\n".join(self.lines[start + 1 : end])


def _cell(reader: _Reader, kind: str, cell_id: str, metadata: dict):
    place = f"{reader.where(reader.at - 1)} (cell {cell_id})"
    blocks = []
    while (found := reader.block()) is not None:
        blocks.append(found)
    infos = [info for info, _ in blocks]
    allowed = BLOCKS[kind]
    if kind == "markdown" and infos != list(allowed):
        raise SourceError(
            f"{place}: a markdown cell needs a `markdown zh` then a `markdown en`"
            f" block, found {infos or 'none'}"
        )
    if kind != "markdown" and infos not in ([allowed[0]], list(allowed)):
        raise SourceError(
            f"{place}: a {kind} cell takes {' then optional '.join(allowed)}"
            f" blocks, found {infos or 'none'}"
        )
    body = blocks[0][1]
    if kind == "markdown":
        if not blocks[1][1].strip():
            raise SourceError(f"{place}: the `markdown en` block is empty")
        return new_markdown_cell(body, id=cell_id, metadata={**metadata, "en": blocks[1][1]})
    if kind == "raw":
        return new_raw_cell(body, id=cell_id, metadata=metadata)
    if len(blocks) == 2:
        metadata = {**metadata, "en": _pairs(blocks[1][1], place)}
    return new_code_cell(body, id=cell_id, metadata=metadata)


def _pairs(body: str, place: str) -> dict[str, str]:
    mapping: dict[str, str] = {}
    for n, line in enumerate(body.split("\n"), 1):
        try:
            zh, en = json.loads(line)
            if not isinstance(zh, str) or not isinstance(en, str):
                raise ValueError
        except ValueError:
            raise SourceError(
                f'{place}: `json en` line {n} is not ["Chinese", "English"]: {line!r}'
            ) from None
        if zh in mapping:
            raise SourceError(f"{place}: `json en` line {n} repeats {zh!r}")
        mapping[zh] = en
    return mapping


def from_text(text: str, name: str = "<source>"):
    """The notebook a source describes, without outputs; SourceError names the line at fault."""
    reader = _Reader(text.split("\n"), name)
    if not (m := NOTEBOOK.fullmatch(reader.lines[0])):
        raise SourceError(f"{reader.where(0)}: the first line must be <!-- notebook {{...}} -->")
    nb = new_notebook()
    nb.metadata = nbformat.from_dict(_json(m.group(1), reader))
    reader.at, ids = 1, set()
    while True:
        reader.skip_blank()
        if reader.at >= len(reader.lines):
            try:
                nbformat.validate(nb)
            except nbformat.ValidationError as e:
                raise SourceError(f"{name}: not a valid notebook: {e.message}") from None
            return nb
        if not (m := HEADER.fullmatch(reader.lines[reader.at])):
            raise SourceError(
                f"{reader.where()}: expected <!-- cell markdown|code|raw id=... -->,"
                f" found {reader.lines[reader.at][:60]!r}"
            )
        kind, cell_id, metadata = m.group(1), m.group(2), _json(m.group(3) or "{}", reader)
        if cell_id in ids:
            raise SourceError(f"{reader.where()}: cell id {cell_id} is used twice")
        ids.add(cell_id)
        reader.at += 1
        nb.cells.append(_cell(reader, kind, cell_id, metadata))


def _json(text: str, reader: _Reader) -> dict:
    try:
        value = json.loads(text)
    except ValueError as e:
        raise SourceError(f"{reader.where()}: metadata is not JSON: {e}") from None
    if not isinstance(value, dict):
        raise SourceError(f"{reader.where()}: metadata must be a JSON object")
    return value


def unpaired(nb, name: str) -> list[str]:
    """Where a cell's two languages do not pair: a markdown cell's English holding Chinese, a
    code cell with Chinese but no map, a map on code without Chinese, a key the code no longer
    holds, Chinese left after mapping (the checks of scripts/build_english.py, all of them)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import build_english  # a sibling script

    found = []
    for i, cell in enumerate(nb.cells):
        place = build_english.where(name, i, cell)
        try:
            if cell.cell_type == "markdown":
                build_english.english_markdown(cell, place)
            elif cell.cell_type == "code":
                build_english.english_code(cell, place)
        except build_english.EnglishError as e:
            found.append(str(e))
    return found


def built(source: Path, stored=None):
    """The notebook `source` builds: its cells, the outputs `stored` has for each code cell whose
    id and source are unchanged, and the kernel's metadata from `stored`."""
    nb = from_text(
        source.read_text(encoding="utf-8"), str(source.relative_to(source.parent.parent))
    )
    if stored is None:
        return nb
    old = {c.get("id"): c for c in stored.cells if c.cell_type == "code"}
    for cell in nb.cells:
        previous = old.get(cell.id)
        if cell.cell_type == "code" and previous is not None and previous.source == cell.source:
            cell.outputs, cell.execution_count = previous.outputs, previous.execution_count
    for key in OUTPUT_METADATA:
        if key in stored.metadata:
            nb.metadata[key] = stored.metadata[key]
    nb.nbformat_minor = max(nb.nbformat_minor, stored.nbformat_minor)
    return nb


# --- commands ---------------------------------------------------------------------------------


def import_notebook(path: Path) -> Path:
    """Write the source of one notebook; returns it."""
    target = source_path(path)
    text = to_text(nbformat.read(path, as_version=4))
    if to_text(from_text(text)) != text:  # the round trip holds
        raise SourceError(f"{path.name}: its source would not build it back")
    target.parent.mkdir(exist_ok=True)
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
    return target


def build(path: Path, *, force: bool = False) -> bool:
    """Write notebooks/NN_x.ipynb from its source, keeping its outputs; True if it changed. A
    notebook edited after its source (newer, and different) is not overwritten unless `force`:
    import it first, or its edits would be lost."""
    source = source_path(path)
    if not source.exists():
        raise SourceError(
            f"{path.name} has no source {source.relative_to(ROOT.parent)}:"
            f" run python scripts/lesson_sources.py import {path.name}"
        )
    stored = nbformat.read(path, as_version=4) if path.exists() else None
    nb = built(source, stored)
    if stored is not None and nbformat.writes(stored) == nbformat.writes(nb):
        return False
    if (
        stored is not None
        and not force
        and path.stat().st_mtime > source.stat().st_mtime
        and to_text(stored) != to_text(nb)
    ):
        shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
        raise SourceError(
            f"{path.name} was edited after its source {source.name} and differs from it: run"
            f" python scripts/lesson_sources.py import {shown} (keep the notebook's edits), or"
            f" pass --force to run_notebooks.py or lesson_sources.py build (keep the source's)"
        )
    nbformat.write(nb, path)
    return True


def stale(paths: list[Path]) -> list[str]:
    """What is out of date: a notebook without a source, one whose cells, ids, tags or metadata
    are not what its source builds, a cell whose languages do not pair."""
    found = []
    for path in paths:
        source = source_path(path)
        if not source.exists():
            found.append(f"{path.name}: no source {source.name}")
            continue
        try:
            nb = built(source)
        except SourceError as e:
            found.append(str(e))
            continue
        if to_text(nbformat.read(path, as_version=4)) != to_text(nb):
            found.append(f"{path.name} is out of date with {source.name}")
        found += unpaired(nb, source.name)
    return found


def notebooks(argv: list[str]) -> list[Path]:
    """The source notebooks named (an English twin or a source names its notebook), or every one."""
    if not argv:
        return registry.sources(NOTEBOOKS)
    out = []
    for a in argv:
        p = Path(a).resolve()
        if p.suffix == ".md":
            p = notebook_path(p)
        out.append(p.parent.parent / p.name if p.parent.name == "en" else p)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("import", "build", "check"))
    parser.add_argument("notebooks", nargs="*", help="only these lessons (default: every one)")
    parser.add_argument("--force", action="store_true", help="build over a notebook's own edits")
    args = parser.parse_args(argv)
    paths = notebooks(args.notebooks)
    try:
        if args.command == "check":
            found = stale(paths)
            for line in found:
                print(line, file=sys.stderr)
            return 1 if found else 0
        for path in paths:
            if args.command == "import":
                print(f"imported {import_notebook(path).relative_to(ROOT)}")
            elif build(path, force=args.force):
                print(f"built {path.relative_to(ROOT)}")
    except SourceError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
