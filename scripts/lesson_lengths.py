"""How long each lesson takes a learner, measured from the notebooks themselves.

    python scripts/lesson_lengths.py            # prints the Markdown table
    python scripts/lesson_lengths.py --write    # ... and puts it into docs/instructor_guide.md

A lesson's minutes are the sum of three measures, each read from the notebook:

* reading: the prose of its Markdown cells (solutions included), at READING characters a minute
  (code fences left out),
  where a Chinese character counts one and a Latin word (an identifier, an API term) counts one;
* running: RUN minutes for each code cell that is neither an exercise nor its check or solution
  (run it, read its output);
* exercises: PREDICTION minutes for an exercise that asks for values (a prediction), CODE minutes
  plus TODO minutes per TODO line for one that asks for a function or class; an exercise cell's
  `metadata.agentkit.minutes` overrides the estimate (lesson 07's whole loop).

tests/test_instructor_guide.py checks that the guide's table is this script's output.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
READING = 400  # characters a minute: an attentive reading of technical Chinese
RUN = 0.5  # minutes a demo cell takes: run it, read its output
PREDICTION = 2
CODE, TODO = 3, 2
SLOW = (300, 1.0, 1.5)  # a slower learner: characters a minute, minutes a cell, exercise factor
CJK = re.compile(r"[\u4e00-\u9fff]")
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")


@dataclass
class Length:
    notebook: str
    characters: int
    cells: int
    exercises: int
    exercise_minutes: float

    @property
    def minutes(self) -> int:
        return round(self.characters / READING + self.cells * RUN + self.exercise_minutes)

    @property
    def slow_minutes(self) -> int:
        reading, run, factor = SLOW
        return round(self.characters / reading + self.cells * run + self.exercise_minutes * factor)


def tags(cell) -> set[str]:
    return set(cell.metadata.get("tags", []))


def exercise_minutes(cell) -> float:
    override = cell.metadata.get("agentkit", {}).get("minutes")
    if override is not None:
        return float(override)
    if re.search(r"^\s*(def|class) ", cell.source, re.M):
        return CODE + TODO * sum("TODO" in line for line in cell.source.splitlines())
    return PREDICTION


def measure(path: Path) -> Length:
    nb = nbformat.read(path, as_version=4)
    chars = cells = exercises = 0
    minutes = 0.0
    for cell in nb.cells:
        kind = tags(cell)
        if cell.cell_type == "markdown":
            text = re.sub(r"```.*?```", "", cell.source, flags=re.S)
            chars += len(CJK.findall(text)) + len(WORD.findall(text))
        elif "exercise" in kind:
            exercises += 1
            minutes += exercise_minutes(cell)
        elif not kind & {"check", "solution"} and cell.source.strip():
            cells += 1
    return Length(path.name, chars, cells, exercises, minutes)


def lessons(src: Path = ROOT / "notebooks") -> list[Length]:
    return [measure(p) for p in sorted(src.glob("0[0-8]_*.ipynb"))]


def table(lengths: list[Length]) -> str:
    rows = [
        "| 课 | 阅读（字） | 要运行的单元格 | 练习 | 练习（分钟） | 合计（分钟） |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for n in lengths:
        rows.append(
            f"| {n.notebook} | {n.characters} | {n.cells} | {n.exercises} "
            f"| {n.exercise_minutes:.0f} | {n.minutes} |"
        )
    total = sum(n.minutes for n in lengths)
    rows.append(
        f"| 合计 | {sum(n.characters for n in lengths)} | {sum(n.cells for n in lengths)} "
        f"| {sum(n.exercises for n in lengths)} "
        f"| {sum(n.exercise_minutes for n in lengths):.0f} | {total}（约 {total / 60:.1f} 小时） |"
    )
    slow = sum(n.slow_minutes for n in lengths)
    rows.append("")
    rows.append(
        f"按每分钟 {READING} 字、每个演示单元格 {RUN} 分钟、预测题 {PREDICTION} 分钟、"
        f"写代码的练习 {CODE} 分钟加每个 TODO {TODO} 分钟（第 7 课 25 分钟）计算。"
        f"慢一些的学员（每分钟 {SLOW[0]} 字、每格 {SLOW[1]} 分钟、练习时间 ×{SLOW[2]}）"
        f"约 {slow} 分钟（{slow / 60:.1f} 小时）。"
    )
    return "\n".join(rows)


GUIDE = ROOT / "docs" / "instructor_guide.md"
START, END = "<!-- lesson-lengths -->\n", "\n<!-- /lesson-lengths -->"


def write_guide(text: str) -> None:
    """Replace the table between the guide's lesson-lengths markers."""
    guide = GUIDE.read_text(encoding="utf-8")
    head, _, rest = guide.partition(START)
    _, _, tail = rest.partition(END)
    GUIDE.write_text(head + START + text + END + tail, encoding="utf-8")


def main(argv: list[str]) -> int:
    text = table(lessons())
    print(text)
    if "--write" in argv:
        write_guide(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
