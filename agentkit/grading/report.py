"""check_loop(fn): grade any agent loop on the battery; the report and the scoreboard.

The loop under test has the learner's signature, the shape of the study guide's exercise:

    fn(client, messages, *, tools: list[dict], run_tool, model: str) -> list   # the final messages

A loop that reaches its own cap must say so: by raising, or by handing the task to a person
(escalate_to_human) before it returns. The battery's runaway task fails a loop that returns as
if the work were done. Each scenario runs under a deadline and a request budget (see runner).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..content import short
from ..display import LEFT, html_table
from ..i18n import current_language, pinned
from ..loop import run_agent_loop
from .battery import SCENARIOS, Scenario
from .diagnose import diagnose, notes
from .runner import AFTER_A_HANG, DEADLINE, Run, run_scenario, shown, type_name
from .strings import T


@dataclass
class ScenarioResult:
    key: str
    title: str
    passed: bool
    problems: list[str]
    requests: int
    notes: list[str] = field(default_factory=list)  # e.g. the scenario did not apply to the loop

    @property
    def diagnosis(self) -> str:
        if self.passed:
            return T("passed") + "".join(T("note", note=n) for n in self.notes)
        return T("and").join(self.problems)


@dataclass
class Report:
    name: str
    results: list[ScenarioResult]
    seed: int = 0

    @property
    def passed(self) -> bool:
        return all(r.passed for r in self.results)

    def as_data(self) -> dict[str, Any]:
        """The report as plain data (JSON): what a fresh process hands back (`fresh`)."""
        return {
            "name": self.name,
            "seed": self.seed,
            "passed": self.passed,
            "results": [
                {
                    "key": r.key,
                    "title": r.title,
                    "passed": r.passed,
                    "problems": list(r.problems),
                    "notes": list(r.notes),
                    "requests": r.requests,
                    "diagnosis": r.diagnosis,
                }
                for r in self.results
            ],
        }

    def _counts(self) -> dict[str, int]:
        return {"passed": sum(r.passed for r in self.results), "total": len(self.results)}

    def __repr__(self) -> str:
        lines = [T("headline", name=self.name, seed=self.seed, **self._counts())]
        lines += [
            f"  {'✓' if r.passed else '✗'} {r.title}"
            + ("" if r.passed and not r.notes else T("because", diagnosis=r.diagnosis))
            for r in self.results
        ]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = [
            ["✓" if r.passed else "✗", html.escape(r.title), html.escape(r.diagnosis)]
            for r in self.results
        ]
        name = html.escape(self.name)
        head = ["", T("column.scenario"), T("column.diagnosis")]
        return T("headline_html", name=name, seed=self.seed, **self._counts()) + html_table(
            "ak-report", head, rows
        )


def check_loop(
    fn: Callable[..., Any],
    scenarios: list[Scenario] | None = None,
    *,
    seed: int = 0,
    name: str | None = None,
    deadline: float = DEADLINE,
    limit: int | None = None,
) -> Report:
    """Grade a loop function on every scenario, drawn with `seed` (0: the canonical battery the
    lessons describe; any other seed: new order ids, amounts, wording and language).
    `.passed` only when every scenario passes. Each scenario gets `deadline` seconds; after one
    the loop did not finish in time, the rest get a short one (a report in bounded time).
    `limit`: the requests a loop may take on the task that never ends (runner.LIMIT, the battery's
    RUNAWAY_LIMIT, unless a test lowers it). The whole check speaks the language it began in (AGENTKIT_LANG then), whatever the loop does
    to the environment meanwhile (`i18n.pinned`; the runner puts the variables back)."""
    results = []
    with pinned(current_language()):
        for sc in scenarios or SCENARIOS:
            run = run_scenario(fn, sc, seed=seed, deadline=deadline, limit=limit)
            if run.timed_out is not None:
                deadline = min(deadline, AFTER_A_HANG)
            problems, said = _diagnosis(run)
            results.append(
                ScenarioResult(sc.key, sc.title, not problems, problems, len(run.requests), said)
            )
    label: str = name or str(getattr(fn, "__name__", "loop"))
    return Report(label, results, seed)


AGAIN = 3  # the other seed a whole-loop check grades: new ids, amounts, wording, language, model


def check_loop_again(
    fn: Callable[..., Any], *, name: str | None = None, seed: int = AGAIN
) -> Report:
    """check_loop at seed 0 and, when that passes, at `seed` too (another draw of every scenario,
    another model): what a lesson's whole-loop check grades, so a loop that knows the canonical
    battery (an order id, a model id written in) fails. The first report that fails, else seed 0's."""
    first = check_loop(fn, name=name)
    if not first.passed:
        return first
    again = check_loop(fn, name=name, seed=seed)
    return first if again.passed else again


def _diagnosis(run: Run) -> tuple[list[str], list[str]]:
    """The run's problems and notes. What the grader reads can be the loop's own objects (what it
    returned or raised), whose methods are the loop's code: when one raises, that is the one
    problem said, and the check goes on."""
    try:
        return diagnose(run), notes(run)
    except Exception as e:
        return [T("unreadable", name=type_name(e), error=short(shown(e), 80))], []


def reference_loop(client, messages, *, tools, run_tool, model):
    """The reference loop (agentkit.run_agent_loop) in the learner's signature."""
    return run_agent_loop(client, messages, tools, run_tool=run_tool, model=model).messages


MARKS = {
    "✓": "rgba(40, 167, 69, 0.25)",
    "✗": "rgba(220, 53, 69, 0.3)",
    "–": "rgba(128, 128, 128, 0.2)",
}
"""Each mark's cell colour: translucent, so the board reads in light and dark themes alike."""


@dataclass
class Scoreboard:
    """Every loop on every scenario: scenarios as rows, loops as columns (short headers, the full
    name and each diagnosis on hover), so 20+ scenarios and a dozen loops read at 1400 px. The
    HTML board puts its legend above the table and colours each cell by its mark; `stored` says
    the reports came from the board stored with the workbook (`grading.stored`)."""

    reports: list[Report]
    stored: bool = False

    def __repr__(self) -> str:
        results = self.reports[0].results
        width = max(len(x.key) for x in results)
        head = " " * (width + 2) + " ".join(f"{i + 1:>2}" for i in range(len(self.reports)))
        lines = [head] + [
            f"{x.key:<{width}}  " + " ".join(f"{_mark(r.results[j]):>2}" for r in self.reports)
            for j, x in enumerate(results)
        ]
        lines.append("")
        lines += [f"{i + 1:>2} = {r.name}" for i, r in enumerate(self.reports)]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = "".join(
            f"<th title='{html.escape(r.name, quote=True)}' style='text-align:center'>{i + 1}</th>"
            for i, r in enumerate(self.reports)
        )
        rows = []
        for j, x in enumerate(self.reports[0].results):
            cells = "".join(_cell(r.results[j]) for r in self.reports)
            rows.append(
                f"<tr><td {LEFT} title='{html.escape(x.title, quote=True)}'><code>"
                f"{html.escape(x.key)}</code></td>{cells}</tr>"
            )
        totals = "".join(
            f"<td style='text-align:center'>{sum(x.passed for x in r.results)}</td>"
            for r in self.reports
        )
        legend = T("and").join(
            f"{i + 1} = <code>{html.escape(r.name)}</code>" for i, r in enumerate(self.reports)
        )
        marks = " ".join(
            f"<span style='background:{colour};padding:0 4px'>{mark}</span> {T('board.' + mark)}"
            for mark, colour in MARKS.items()
        )
        corner, total, hover = T("board.corner"), T("board.total"), T("board.hover")
        stored = T("board.stored") if self.stored else ""
        return (
            f"<p style='font-size:85%'>{legend}</p><p style='font-size:85%'>{marks}{hover}"
            f"{stored}</p><table class='ak-scoreboard'><thead><tr><th {LEFT}>{corner}</th>{head}"
            f"</tr></thead><tbody>{''.join(rows)}<tr><td {LEFT}>{total}</td>{totals}</tr></tbody>"
            "</table>"
        )

    def failures(self) -> str:
        """Each loop's first failing scenario and why, as text."""
        out = []
        for r in self.reports:
            bad = [x for x in r.results if not x.passed]
            if not bad:
                out.append(f"{r.name}: {T('all_passed')}")
                continue
            first = T("first_failure", title=bad[0].title, diagnosis=bad[0].diagnosis)
            more = T("more_failed", n=len(bad) - 1) if len(bad) > 1 else ""
            out.append(f"{r.name}: {first}{more}")

        return "\n".join(out)


def _cell(result: ScenarioResult) -> str:
    mark = _mark(result)
    return (
        f"<td title='{html.escape(result.diagnosis, quote=True)}' "
        f"style='text-align:center;background:{MARKS[mark]}'>{mark}</td>"
    )


def _mark(result: ScenarioResult) -> str:
    if not result.passed:
        return "✗"
    return "–" if result.notes else "✓"
