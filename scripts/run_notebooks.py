"""Re-execute the workbook's notebooks in place, offline forced, so their stored outputs are current.

    python scripts/run_notebooks.py                       # every lesson, both editions
    python scripts/run_notebooks.py notebooks/02_*.ipynb  # one lesson and its English twin
    python scripts/run_notebooks.py notebooks/en/02_*.ipynb   # the English edition only

It first builds each lesson's notebook from its text source, notebooks/src/NN_x.md
(scripts/lesson_sources.py, keeping the outputs of unchanged cells), then the English edition
(scripts/build_english.py), then executes each notebook and its twin in notebooks/en/.
`--force` builds over a notebook edited after its source (see lesson_sources.py `import`).

A stale notebook fails CI: strict `pytest --nbval` compares every stored output with a fresh run.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert.preprocessors import CoalesceStreamsPreprocessor

from agentkit.lessons import registry
from agentkit.settings import CLEARED_FOR_TESTS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_english  # noqa: E402  (a sibling script)
import lesson_sources  # noqa: E402


def offline_env() -> None:
    """The environment tests run in: every variable of agentkit.settings.CLEARED_FOR_TESTS unset
    (no key, no cassette, no model or clock override: the workbook's own date retires models),
    then offline forced."""
    for name in CLEARED_FOR_TESTS:
        os.environ.pop(name, None)
    os.environ["AGENTKIT_OFFLINE"] = "1"
    os.environ.setdefault("PYTHONHASHSEED", "0")


def run(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        record_timing=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    nb, _ = CoalesceStreamsPreprocessor().preprocess(
        nb, {}
    )  # one stdout chunk per cell, however it was flushed
    for cell in nb.cells:  # no wall-clock noise in the stored notebook
        cell.metadata.pop("execution", None)
    nbformat.write(_stable_widget_ids(nb), path)


def _stable_widget_ids(nb):
    """Widget model ids are random uuids; number them in creation order so a re-run leaves no diff."""
    state = (
        nb.metadata.get("widgets", {})
        .get("application/vnd.jupyter.widget-state+json", {})
        .get("state", {})
    )
    text = nbformat.writes(nb)
    for n, model_id in enumerate(list(state)):
        text = text.replace(model_id, f"{n + 1:032x}")
    return nbformat.reads(text, as_version=4)


def plan(argv: list[str]) -> tuple[list[Path], list[Path]]:
    """The sources to build English twins of, and the notebooks to execute, in order: a source is
    followed by its twin; an English path alone runs only the English edition."""
    sources, run_them = [], []
    for a in argv or [str(p) for p in registry.sources(ROOT / "notebooks")]:
        path = Path(a).resolve()
        if path.suffix == ".md":  # a lesson's source names its notebook
            path = lesson_sources.notebook_path(path)
        english_only = path.parent.name == "en"
        source = path.parent.parent / path.name if english_only else path
        sources.append(source)
        run_them += (
            [build_english.twin(source)] if english_only else [source, build_english.twin(source)]
        )
    return sources, run_them


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        description="Build each lesson from its source, then its English twin, and execute both."
    )
    parser.add_argument(
        "lessons", nargs="*", help="notebooks/src/NN_x.md, notebooks/NN_x.ipynb or en/NN_x.ipynb"
    )
    parser.add_argument(
        "--force", action="store_true", help="build over a notebook edited after its source"
    )
    args = parser.parse_args(argv)
    offline_env()
    sources, paths = plan(args.lessons)
    try:
        for source in sources:
            lesson_sources.build(source, force=args.force)
        build_english.build(sources)
    except (lesson_sources.SourceError, build_english.EnglishError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    for p in paths:
        print(f"executing {p.relative_to(ROOT) if p.is_absolute() else p}", flush=True)
        run(p.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
