"""CONTRIBUTING.md's recipes, kept true by walking what exists: each recipe's `Files:` line names
the files this test checks, and every lesson and exercise of agentkit.lessons.registry, every
grader scenario, every quiz item and every string table touches exactly those: each file the
recipe names exists and names the thing added (a lesson's stem, an exercise's id, a scenario's
key, an item's topic), and no other file outside tests/ names a lesson or an exercise."""

import importlib
import inspect
import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from agentkit.grading import SCENARIOS
from agentkit.grading.battery import Scenario
from agentkit.lessons import registry
from agentkit.lessons.registry import Exercise, Lesson
from quizzes.bank import load_bank

ROOT = Path(__file__).resolve().parent.parent
CONTRIBUTING = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")


def text(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


# --- what each recipe touches: (the path as the recipe writes it, when it applies, what it holds)

Rule = tuple[str, Callable[..., bool], Callable[..., str | None]]
ALWAYS = lambda _: True  # noqa: E731


def _in_guides(lesson: Lesson) -> bool:
    return lesson.timed and lesson.in_agendas


def _slow(lesson: Lesson) -> bool:
    """A cell of the lesson is recorded slow by `benchmarks/bench_lessons.py --record`."""
    return lesson.stem in json.loads(text("benchmarks/slow_cells.json"))


def _checks(ex: Exercise) -> bool:
    return ex.check.startswith("checks.")


def _function(ex: Exercise):
    module, name = ex.check.rsplit(".", 1)
    return getattr(importlib.import_module(f"agentkit.lessons.{module}"), name)


def _hint(ex: Exercise) -> str:
    """The hint key the check's `@check(...)` decorator names (its verdicts' strings beside)."""
    function = inspect.unwrap(_function(ex))
    source = Path(inspect.getsourcefile(function) or "").read_text(encoding="utf-8")
    name = function.__name__
    found = re.search(rf'@check\("([\w.]+)"\)\s*\n(?:async )?def {name}\(', source)
    assert found, f"{ex.check} is not decorated with @check(...)"
    return found.group(1)


LESSON: list[Rule] = [
    ("agentkit/lessons/registry.py", ALWAYS, lambda lesson: f'"{lesson.stem}"'),
    ("notebooks/src/NN_topic.md", ALWAYS, lambda lesson: None),
    ("notebooks/NN_topic.ipynb", ALWAYS, lambda lesson: None),
    ("notebooks/en/NN_topic.ipynb", ALWAYS, lambda lesson: None),
    ("notebooks/src/00_start.md", ALWAYS, lambda lesson: f"\n| {lesson.number} "),
    ("notebooks/00_start.ipynb", ALWAYS, lambda lesson: f"| {lesson.number} "),
    ("notebooks/en/00_start.ipynb", ALWAYS, lambda lesson: f"| {lesson.number} "),
    ("docs/instructor_guide.md", lambda lesson: lesson.timed, lambda x: f"| {x.stem}.ipynb |"),
    ("docs/en/instructor_guide.md", lambda lesson: lesson.timed, lambda x: f"| {x.stem}.ipynb |"),
    ("notebooks/COVERAGE.md", lambda lesson: False, lambda lesson: lesson.stem),  # if it teaches
    ("benchmarks/slow_cells.json", _slow, lambda lesson: f'"{lesson.stem}"'),  # a slow cell
]
EXERCISE: list[Rule] = [
    ("agentkit/lessons/registry.py", ALWAYS, lambda ex: f'"{ex.key}"'),
    ("notebooks/src/NN_topic.md", ALWAYS, lambda ex: f"id=ex-{ex.key} "),
    ("notebooks/NN_topic.ipynb", ALWAYS, lambda ex: f'"id": "ex-{ex.key}"'),
    ("notebooks/en/NN_topic.ipynb", ALWAYS, lambda ex: f'"id": "ex-{ex.key}"'),
    (  # the check, and its hint's row beside it
        "agentkit/lessons/checks/lessonNN.py",
        _checks,
        lambda ex: (f"def {ex.check.split('.')[-1]}(", f'"{_hint(ex)}": ('),
    ),
    ("agentkit/lessons/checks/__init__.py", _checks, lambda ex: f'"{ex.check.split(".")[-1]}"'),
    ("agentkit/lessons/strings.py", lambda ex: not _checks(ex), lambda ex: f'"{_hint(ex)}": ('),
    ("agentkit/lessons/solution.py", lambda ex: False, lambda ex: None),  # if cells reuse it
    ("tests/test_exercises.py", ALWAYS, lambda ex: f'"{ex.key}"'),
    ("tests/test_lessons_en.py", ALWAYS, lambda ex: f'"{ex.check.split(".")[-1]}"'),
    ("docs/instructor_guide.md", lambda ex: _in_guides(_lesson_of(ex)), lambda x: f"ex-{x.key}"),
    ("docs/en/instructor_guide.md", lambda ex: _in_guides(_lesson_of(ex)), lambda x: f"ex-{x.key}"),
]
SCENARIO: list[Rule] = [
    ("agentkit/grading/battery.py", ALWAYS, lambda sc: f'"{sc.key}"'),
    ("agentkit/grading/strings.py", ALWAYS, lambda sc: f'"title.{sc.key}"'),
    ("agentkit/grading/scoreboard.json", ALWAYS, lambda sc: f'"{sc.key}"'),
    ("tests/test_grading.py", ALWAYS, lambda sc: f'"{sc.key}"'),
    ("agentkit/grading/diagnose.py", lambda sc: False, lambda sc: None),  # a new kind of failure
]
QUIZ_ITEM: list[Rule] = [
    ("quizzes/bank/<file>.toml", ALWAYS, lambda item: f'id = "{item.id}"'),
    ("quizzes/BLUEPRINT.md", ALWAYS, lambda item: f"| `{item.topic}` |"),
    ("quizzes/topics.toml", lambda item: False, lambda item: None),  # a new topic
]


def _lesson_of(ex: Exercise) -> Lesson:
    [lesson] = [lesson for lesson, e in registry.exercises() if e == ex]
    return lesson


def concrete(pattern: str, thing) -> str:
    """The recipe's path for one lesson, exercise, scenario or quiz item."""
    if isinstance(thing, Exercise):
        lesson = _lesson_of(thing)
        if not _checks(thing) and pattern == "agentkit/lessons/checks/lessonNN.py":
            return f"agentkit/lessons/{thing.check.rsplit('.', 1)[0].replace('.', '/')}.py"
        return pattern.replace("NN_topic", lesson.stem).replace("NN", lesson.number)
    if isinstance(thing, Lesson):
        return pattern.replace("NN_topic", thing.stem)
    if isinstance(thing, Scenario) and pattern in SCENARIO_HOMES:
        home = _scenario_home(thing)
        if home and pattern.startswith("tests/"):  # repo_scenarios.py -> test_grading_repo.py
            return f"tests/test_grading_{Path(home).stem.removesuffix('_scenarios')}.py"
        return home or pattern
    if pattern == "quizzes/bank/<file>.toml":
        return _bank_file(thing.id)
    return pattern


SCENARIO_HOMES = (
    "agentkit/grading/battery.py",
    "agentkit/grading/strings.py",
    "tests/test_grading.py",
)
"""A scenario of the orders world: its builder in battery.py, its title in strings.py, its expected
failures in test_grading.py. A scenario of another world lives in a module of its own
(`agentkit/grading/repo_scenarios.py`), which holds builder and title and joins SCENARIOS, and
its tests in tests/test_grading_<world>.py."""


def _scenario_home(scenario: Scenario) -> str | None:
    source = Path(inspect.getsourcefile(inspect.unwrap(scenario.build)) or "")
    home = str(source.relative_to(ROOT))
    return None if home == SCENARIO_HOMES[0] else home


def _bank_file(item_id: str) -> str:
    """The bank file that defines the item: exactly one."""
    files = sorted((ROOT / "quizzes" / "bank").glob("*.toml"))
    [found] = [p for p in files if f'id = "{item_id}"' in p.read_text(encoding="utf-8")]
    return str(found.relative_to(ROOT))


# --- the recipes as CONTRIBUTING.md writes them ------------------------------------------------

RECIPES = {
    "Add a lesson": LESSON,
    "Add an exercise": EXERCISE,
    "Add a grader scenario": SCENARIO,
    "Add a quiz item": QUIZ_ITEM,
}
SENTENCE = "Change a sentence in both languages"


def files_line(title: str) -> list[str]:
    """The paths a recipe's `Files:` line names, in order."""
    found = re.search(rf"\*\*{re.escape(title)}\*\*(.*?)(?=\n\*\*|\n## )", CONTRIBUTING, re.S)
    assert found, f"CONTRIBUTING.md has no recipe **{title}**"
    line = re.search(r"^Files: (.*?)(?:\n\n|\Z)", found.group(1), re.S | re.M)
    assert line, f"CONTRIBUTING.md's recipe **{title}** has no `Files:` line"
    return re.findall(r"`([^`]+)`", line.group(1))


@pytest.mark.parametrize("title", [*RECIPES, SENTENCE])
def test_each_recipe_names_the_files_this_test_walks(title):
    expected = [pattern for pattern, _, _ in RECIPES[title]] if title in RECIPES else TABLES
    assert sorted(files_line(title)) == sorted(expected), title


def _holds(rules: list[Rule], thing, label: str) -> None:
    for pattern, applies, needle in rules:
        path = concrete(pattern, thing)
        if not applies(thing):
            continue
        assert (ROOT / path).exists(), f"{label}: {path} (the recipe's {pattern}) is missing"
        wants = needle(thing)
        for want in wants if isinstance(wants, tuple) else (wants,) if wants else ():
            assert want in text(path), f"{label}: {path} does not hold {want!r}"


@pytest.mark.parametrize("lesson", registry.LESSONS, ids=lambda lesson: lesson.stem)
def test_every_lesson_touches_what_add_a_lesson_says(lesson):
    _holds(LESSON, lesson, lesson.stem)


@pytest.mark.parametrize("ex", [ex for _, ex in registry.exercises()], ids=lambda ex: ex.key)
def test_every_exercise_touches_what_add_an_exercise_says(ex):
    _holds(EXERCISE, ex, ex.key)
    if _checks(ex):  # the check lives in its lesson's module
        source = Path(inspect.getsourcefile(inspect.unwrap(_function(ex))) or "")
        assert source == ROOT / concrete("agentkit/lessons/checks/lessonNN.py", ex), ex


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda sc: sc.key)
def test_every_grader_scenario_touches_what_add_a_grader_scenario_says(scenario):
    _holds(SCENARIO, scenario, scenario.key)


def test_every_quiz_item_touches_what_add_a_quiz_item_says():
    items = load_bank()
    assert items
    for item in items:
        _holds(QUIZ_ITEM, item, item.id)


def _tracked() -> dict[str, str]:
    """Every text file git tracks, outside tests/ (tests name lessons as their subject)."""
    names = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    out = {}
    for name in names:
        if name.startswith("tests/") or not (ROOT / name).is_file():
            continue
        try:
            out[name] = (ROOT / name).read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
    return out


CROSS_LINKS = {"README.md", "CONTRIBUTING.md"}
"""Files that may name a lesson without a recipe asking: the README links lessons for a reader,
CONTRIBUTING takes them as examples."""


def test_no_file_the_recipes_leave_out_names_a_lesson_or_an_exercise():
    """A file outside tests/ that names a lesson's stem or an exercise's id is one its recipe
    lists (lessons link one another: any lesson's source or notebook may name another)."""
    files = _tracked()
    for thing, rules, needle in [
        *((lesson, LESSON, lesson.stem) for lesson in registry.LESSONS),
        *((ex, EXERCISE, f"ex-{ex.key}") for _, ex in registry.exercises()),
    ]:
        listed = {concrete(pattern, thing) for pattern, _, _ in rules}
        naming = {name for name, body in files.items() if needle in body}
        extra = {n for n in naming - listed - CROSS_LINKS if not n.startswith("notebooks/")}
        assert not extra, f"{needle} is named in {sorted(extra)}: add it to its recipe"


def _table_modules() -> list[str]:
    """The modules that define a `Strings` table, found in the source (agentkit's, the scripts'),
    and the folders whose modules keep a part of one beside their code (`T.add(__name__, ...)`),
    written `folder/<module>.py`."""
    found = []
    for path in sorted([*(ROOT / "agentkit").rglob("*.py"), *(ROOT / "scripts").glob("*.py")]):
        source = path.read_text(encoding="utf-8")
        if re.search(r"^\w+ = Strings\(", source, re.M):
            found.append(str(path.relative_to(ROOT)))
        elif re.search(r"^\w+\.add\(\s*__name__,", source, re.M):
            folder = f"{path.parent.relative_to(ROOT)}/<module>.py"
            found += [folder] if folder not in found else []
    return found


TABLES = [
    "notebooks/src/NN_topic.md",
    "notebooks/NN_topic.ipynb",
    "notebooks/en/NN_topic.ipynb",
    *_table_modules(),
    "quizzes/messages.py",
    "quizzes/bank/<file>.toml",
]
"""Where a learner-facing sentence lives: a lesson's source (its notebooks rebuilt), one of the
`Strings` tables (agentkit.i18n: agentkit's, the stand-in's phrases, the scripts'), the quiz's
messages (the same rows) and its bank."""


def test_every_string_table_the_sentence_recipe_names_is_a_table():
    for path in files_line(SENTENCE):
        if "NN" not in path and "<" not in path:
            assert (ROOT / path).exists(), path
    assert "agentkit/strings.py" in _table_modules()
    assert "agentkit/lessons/checks/<module>.py" in _table_modules()
