"""The one list of the workbook's lessons and their exercises.

Tests, the edition builders, the lengths table of the instructor guides and the Lite build read
the lessons from here, never from a file-name pattern: adding a lesson is one `Lesson` entry plus
its text source, notebooks/src/<stem>.md (both notebooks are built from it by
scripts/run_notebooks.py); adding an exercise is one `Exercise` in its lesson plus its cells. `tests/test_registry.py` walks this list against the
notebooks: every notebook listed, every exercise cell (tag `exercise`, id `ex-<key>`) in order, the
check cell calling the check named here, which exists.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

LANGS = ("zh", "en")
"""The editions: the Chinese lessons are the sources (notebooks/), the English twins in en/."""


@dataclass(frozen=True)
class Exercise:
    key: str
    """The exercise cell's id without its `ex-` prefix (`02-round`)."""
    check: str
    """The check its check cell calls: `<module>.<function>` in agentkit.lessons."""


@dataclass(frozen=True)
class Lesson:
    stem: str
    """The notebook's file name without `.ipynb`, the same in both editions."""
    exercises: tuple[Exercise, ...] = ()
    timed: bool = True
    """In the instructor guides' table of lengths (the quiz has no set length)."""
    in_agendas: bool = True
    """In the guides' agendas and mistakes tables (06b, the Agent SDK lesson, is optional)."""

    @property
    def number(self) -> str:
        """`06b` of `06b_agent_sdk`: what lesson 00's table and the guides call it."""
        return self.stem.split("_", 1)[0]

    def path(self, notebooks: Path, lang: str = "zh") -> Path:
        """This lesson's notebook in `notebooks` (the repository's notebooks/ folder, or an
        edition built with the same layout): `<stem>.ipynb`, the English twin in `en/`."""
        folder = notebooks if lang == "zh" else notebooks / lang
        return folder / f"{self.stem}.ipynb"

    def source(self, notebooks: Path) -> Path:
        """This lesson's text source, both languages side by side: `src/<stem>.md` in
        `notebooks` (scripts/lesson_sources.py builds the notebook from it)."""
        return notebooks / "src" / f"{self.stem}.md"


def _ex(key: str, check: str) -> Exercise:
    return Exercise(key, check if "." in check else f"checks.{check}")


LESSONS: tuple[Lesson, ...] = (
    Lesson("00_start", (_ex("00-stop-reasons", "stop_reasons"),)),
    Lesson(
        "01_one_request",
        (_ex("01-request", "request"), _ex("01-predict", "predicted_stop_reasons")),
    ),
    Lesson(
        "02_the_loop", (_ex("02-round", "round_appended"), _ex("02-predict", "predicted_rounds"))
    ),
    Lesson(
        "03_tool_results",
        (_ex("03-tool-result", "tool_result_block"), _ex("03-predict", "predicted_result_counts")),
    ),
    Lesson(
        "04_model_vs_hardcoded",
        (_ex("04-hook", "refund_hook"), _ex("04-predict", "predicted_calls")),
    ),
    Lesson(
        "05_broken_termination",
        (_ex("05-stop", "correct_stop"), _ex("05-predict", "predicted_failures")),
    ),
    Lesson(
        "06_other_stop_reasons",
        (_ex("06-branches", "branches"), _ex("06-predict", "predicted_exits")),
    ),
    Lesson(
        "06b_agent_sdk",
        (
            _ex("06b-hook", "agent_sdk.refund_cap_hook"),
            _ex("06b-finished", "agent_sdk.finished_reader"),
        ),
        in_agendas=False,
    ),
    Lesson("07_your_loop", (_ex("07-loop", "whole_loop"),)),
    Lesson(
        "08_self_test",
        (
            _ex("08-self-1", "four_steps"),
            _ex("08-self-2", "results_message"),
            _ex("08-self-3", "text_exit"),
            _ex("08-self-4", "tree_vs_model"),
            _ex("08-self-5", "guess_max_turns"),
        ),
    ),
    Lesson("09_quiz", (_ex("09-quiz-answer", "quiz_answer"),), timed=False),
)


def lessons(*, timed: bool | None = None, in_agendas: bool | None = None) -> list[Lesson]:
    """The lessons in order, those with `timed` / `in_agendas` as asked (None: either)."""
    return [
        lesson
        for lesson in LESSONS
        if (timed is None or lesson.timed == timed)
        and (in_agendas is None or lesson.in_agendas == in_agendas)
    ]


def paths(notebooks: Path, langs: tuple[str, ...] = LANGS, **which: bool) -> list[Path]:
    """The lessons' notebooks in `notebooks`, every language asked, the sources first."""
    return [lesson.path(notebooks, lang) for lang in langs for lesson in lessons(**which)]


def lesson(number: str) -> Lesson:
    """The lesson numbered `number` (`06b`), as lesson 00's table and the guides call it."""
    found = [lesson for lesson in LESSONS if lesson.number == number]
    if not found:
        raise KeyError(f"no lesson {number!r}: the lessons are {[x.number for x in LESSONS]}")
    return found[0]


def exercises() -> list[tuple[Lesson, Exercise]]:
    return [(lesson, ex) for lesson in LESSONS for ex in lesson.exercises]


def sources(folder: Path) -> list[Path]:
    """The source notebooks in `folder`: the registered lessons found there, in the registry's
    order, then any other notebook there, by name (a folder of one's own, a lesson not yet
    registered: built too, never skipped; tests/test_registry.py keeps notebooks/ registered)."""
    registered = [p for p in (lesson.path(folder) for lesson in LESSONS) if p.exists()]
    others = sorted(p for p in folder.glob("*.ipynb") if p not in registered)
    return registered + others
