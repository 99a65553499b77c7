"""How long each lesson takes a learner, measured from the notebooks themselves.

    python scripts/lesson_lengths.py            # prints both Markdown tables
    python scripts/lesson_lengths.py --write    # ... and puts them into both instructor guides

Each guide gets its own table, measured from its own edition: docs/instructor_guide.md from the
Chinese lessons (notebooks/), docs/en/instructor_guide.md from the English ones (notebooks/en/).
A lesson's minutes are the sum of three measures, each read from the notebook:

* reading: the prose of its Markdown cells (solutions included, code fences left out), at the
  edition's reading speed (READING):
  - Chinese: 400 units a minute, where a Chinese character counts one and a Latin word (an
    identifier, an API term) counts one: an attentive reading of technical Chinese;
  - English: 238 words a minute, the average silent reading rate of adults for English non-fiction
    in Brysbaert's meta-analysis of 190 studies (M. Brysbaert, "How many words do we read per
    minute? A review and meta-analysis of reading rate", Journal of Memory and Language 109, 2019,
    104047); the slower learner reads 175, the bottom of the range most adults fall in there
    (175-300 wpm for non-fiction);
* running: RUN minutes for each code cell that is neither an exercise nor its check or solution
  (run it, read its output);
* exercises: PREDICTION minutes for an exercise that asks for values (a prediction), CODE minutes
  plus TODO minutes per TODO line for one that asks for a function or class; an exercise cell's
  `metadata.agentkit.minutes` overrides the estimate (lesson 07's whole loop).

The exercise and cell measures are the same in both editions (the same cells, built from one
source); only the reading differs. tests/test_instructor_guide.py checks that each guide's table is
this script's output for its edition.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat

from agentkit.i18n import Strings
from agentkit.lessons import registry

ROOT = Path(__file__).resolve().parent.parent
# units of prose a minute, by edition (see the docstring for where the figures come from)
READING = {"zh": 400, "en": 238}
RUN = 0.5  # minutes a demo cell takes: run it, read its output
PREDICTION = 2
CODE, TODO = 3, 2
# a slower learner: units a minute (by edition), minutes a cell, exercise factor
SLOW = ({"zh": 300, "en": 175}, 1.0, 1.5)
CJK = re.compile(r"[\u4e00-\u9fff]")
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
# an English word: letters or digits, joined by an apostrophe, a dot or a hyphen (don't, v1.2, re-run)
EN_WORD = re.compile(r"[A-Za-z0-9_]+(?:['’.-][A-Za-z0-9_]+)*")
EDITIONS = {"zh": ROOT / "notebooks", "en": ROOT / "notebooks" / "en"}
GUIDES = {
    "zh": ROOT / "docs" / "instructor_guide.md",
    "en": ROOT / "docs" / "en" / "instructor_guide.md",
}


@dataclass
class Length:
    notebook: str
    lang: str  # the edition: "zh" or "en"
    units: int  # of prose: characters and Latin words (zh), words (en)
    cells: int
    exercises: int
    exercise_minutes: float
    override: float | None = None  # an exercise's own estimate (metadata.agentkit.minutes)

    @property
    def minutes(self) -> int:
        return round(self.units / READING[self.lang] + self.cells * RUN + self.exercise_minutes)

    @property
    def slow_minutes(self) -> int:
        reading, run, factor = SLOW
        return round(
            self.units / reading[self.lang] + self.cells * run + self.exercise_minutes * factor
        )


def tags(cell) -> set[str]:
    return set(cell.metadata.get("tags", []))


def override(cell) -> float | None:
    minutes = cell.metadata.get("agentkit", {}).get("minutes")
    return None if minutes is None else float(minutes)


def exercise_minutes(cell) -> float:
    if (minutes := override(cell)) is not None:
        return minutes
    if re.search(r"^\s*(def|class) ", cell.source, re.M):
        return CODE + TODO * sum("TODO" in line for line in cell.source.splitlines())
    return PREDICTION


def prose_units(text: str, lang: str) -> int:
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    if lang == "en":
        return len(EN_WORD.findall(text))
    return len(CJK.findall(text)) + len(WORD.findall(text))


def measure(path: Path, lang: str = "zh") -> Length:
    nb = nbformat.read(path, as_version=4)
    length = Length(path.name, lang, 0, 0, 0, 0.0)
    for cell in nb.cells:
        kind = tags(cell)
        if cell.cell_type == "markdown":
            length.units += prose_units(cell.source, lang)
        elif "exercise" in kind:
            length.exercises += 1
            length.exercise_minutes += exercise_minutes(cell)
            if (minutes := override(cell)) is not None:
                length.override = (length.override or 0) + minutes
        elif not kind & {"check", "solution", "language"} and cell.source.strip():
            length.cells += 1
    return length


def lessons(src: Path | None = None, lang: str = "zh") -> list[Length]:
    """The timed lessons of one edition (agentkit.lessons.registry: all but the quiz, which has
    no set length), or every notebook in the folder `src`."""
    if src is None:
        paths = [lesson.path(EDITIONS[lang]) for lesson in registry.lessons(timed=True)]
    else:
        paths = sorted(src.glob("*.ipynb"))
    return [measure(p, lang) for p in paths]


# each edition's table: the header, the total's label, the hours, the note under the table
WORDING: dict[str, tuple[str, str]] = {
    "header": (
        "| 课 | 阅读（字） | 要运行的单元格 | 练习 | 练习（分钟） | 合计（分钟） |",
        "| Lesson | Reading (words) | Cells to run | Exercises | Exercises (min) | Total (min) |",
    ),
    "total": ("合计", "Total"),
    "hours": ("{total}（约 {hours:.1f} 小时）", "{total} (about {hours:.1f} hours)"),
    "own": ("第 {n} 课 {m} 分钟", "lesson {n}: {m} minutes"),
    "and": ("、", ", "),
    "note": (
        "按每分钟 {reading} 字、每个演示单元格 {run} 分钟、预测题 {prediction} 分钟、"
        "写代码的练习 {code} 分钟加每个 TODO {todo} 分钟（{own}）计算。"
        "慢一些的学员（每分钟 {slow_reading} 字、每格 {slow_run} 分钟、练习时间 ×{factor}）"
        "约 {slow} 分钟（{slow_hours:.1f} 小时）。",
        "Measured at {reading} words a minute (the average silent reading rate for "
        "English non-fiction, Brysbaert 2019), {run} minutes a demo cell, {prediction} minutes "
        "a prediction, and {code} minutes plus {todo} a TODO for a coding exercise ({own}). "
        "A slower learner ({slow_reading} words a minute, {slow_run} minutes a cell, exercise "
        "time ×{factor}) takes about {slow} minutes ({slow_hours:.1f} hours).",
    ),
}
WORDS = Strings("scripts.lesson_lengths", WORDING)


def table(lengths: list[Length], lang: str = "zh") -> str:
    rows = [WORDS.text("header", lang), "|---|---:|---:|---:|---:|---:|"]
    for n in lengths:
        rows.append(
            f"| {n.notebook} | {n.units} | {n.cells} | {n.exercises} "
            f"| {n.exercise_minutes:.0f} | {n.minutes} |"
        )
    total = sum(n.minutes for n in lengths)
    hours = WORDS.text("hours", lang, total=total, hours=total / 60)
    rows.append(
        f"| {WORDS.text('total', lang)} | {sum(n.units for n in lengths)} | {sum(n.cells for n in lengths)} "
        f"| {sum(n.exercises for n in lengths)} "
        f"| {sum(n.exercise_minutes for n in lengths):.0f} | {hours} |"
    )
    slow = sum(n.slow_minutes for n in lengths)
    own = WORDS.text("and", lang).join(
        WORDS.text("own", lang, n=int(n.notebook[:2]), m=f"{n.override:g}")
        for n in lengths
        if n.override is not None
    )
    rows.append("")
    rows.append(
        WORDS.text(
            "note",
            lang,
            reading=READING[lang],
            run=RUN,
            prediction=PREDICTION,
            code=CODE,
            todo=TODO,
            own=own,
            slow_reading=SLOW[0][lang],
            slow_run=SLOW[1],
            factor=SLOW[2],
            slow=slow,
            slow_hours=slow / 60,
        )
    )
    return "\n".join(rows)


START, END = "<!-- lesson-lengths -->\n", "\n<!-- /lesson-lengths -->"


def write_guide(text: str, guide: Path) -> None:
    """Replace the table between the guide's lesson-lengths markers."""
    whole = guide.read_text(encoding="utf-8")
    if whole.count(START) != 1 or whole.count(END) != 1:
        raise SystemExit(f"{guide}: needs one {START.strip()} … {END.strip()} pair of markers")
    head, _, rest = whole.partition(START)
    _, _, tail = rest.partition(END)
    guide.write_text(head + START + text + END + tail, encoding="utf-8")


def main(argv: list[str]) -> int:
    for lang, guide in GUIDES.items():
        text = table(lessons(lang=lang), lang)
        print(f"{guide.relative_to(ROOT)}:\n{text}\n")
        if "--write" in argv:
            write_guide(text, guide)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
