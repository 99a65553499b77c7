"""check_loop(fn): grade any agent loop on the battery; the report and the scoreboard.

The loop under test has the learner's signature, the shape of the study guide's exercise:

    fn(client, messages, *, tools: list[dict], run_tool, model: str) -> list   # the final messages

A loop that reaches its own cap must say so by raising: the battery's runaway task fails a
loop that returns as if the work were done.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..antipatterns import SPECIMENS
from ..display import LEFT, html_table
from ..loop import run_agent_loop
from .battery import SCENARIOS, Scenario
from .diagnose import diagnose
from .runner import run_scenario


@dataclass
class ScenarioResult:
    key: str
    title: str
    passed: bool
    problems: list[str]
    requests: int

    @property
    def diagnosis(self) -> str:
        return "通过" if self.passed else "；".join(self.problems)


@dataclass
class Report:
    name: str
    results: list[ScenarioResult]
    seed: int = 0

    @property
    def passed(self) -> bool:
        return all(r.passed for r in self.results)

    def __repr__(self) -> str:
        lines = [
            f"{self.name}: {sum(r.passed for r in self.results)}/{len(self.results)} 个场景通过"
            f"（seed={self.seed}）"
        ]
        lines += [
            f"  {'✓' if r.passed else '✗'} {r.title}" + ("" if r.passed else f" —— {r.diagnosis}")
            for r in self.results
        ]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = [
            ["✓" if r.passed else "✗", html.escape(r.title), html.escape(r.diagnosis)]
            for r in self.results
        ]
        return (
            f"<p><b>{html.escape(self.name)}</b>：{sum(r.passed for r in self.results)}/"
            f"{len(self.results)} 个场景通过（seed={self.seed}）</p>"
            + html_table("ak-report", ["", "场景", "诊断"], rows)
        )


def check_loop(
    fn: Callable[..., Any],
    scenarios: list[Scenario] | None = None,
    *,
    seed: int = 0,
    name: str | None = None,
) -> Report:
    """Grade a loop function on every scenario, drawn with `seed` (0: the canonical battery the
    lessons describe; any other seed: new order ids, amounts, wording and language).
    `.passed` only when every scenario passes."""
    results = []
    for sc in scenarios or SCENARIOS:
        run = run_scenario(fn, sc, seed=seed)
        problems = diagnose(run)
        results.append(ScenarioResult(sc.key, sc.title, not problems, problems, len(run.requests)))
    return Report(name or getattr(fn, "__name__", "loop"), results, seed)


def reference_loop(client, messages, *, tools, run_tool, model):
    """The reference loop (agentkit.run_agent_loop) in the learner's signature."""
    return run_agent_loop(client, messages, tools, run_tool=run_tool, model=model).messages


@dataclass
class Scoreboard:
    reports: list[Report]

    def __repr__(self) -> str:
        keys = [r.key for r in self.reports[0].results]
        width = max(len(r.name) for r in self.reports)
        head = " " * width + "  " + " ".join(f"{i + 1:>2}" for i in range(len(keys)))
        lines = [head] + [
            f"{r.name:<{width}}  " + " ".join(f"{'✓' if x.passed else '✗':>2}" for x in r.results)
            for r in self.reports
        ]
        lines.append("")
        lines += [f"{i + 1:>2} = {x.title}" for i, x in enumerate(self.reports[0].results)]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        titles = [x.title for x in self.reports[0].results]
        head = "".join(f"<th {LEFT}>{i + 1}. {html.escape(t)}</th>" for i, t in enumerate(titles))
        rows = []
        for r in self.reports:
            cells = "".join(
                f"<td title='{html.escape(x.diagnosis)}' style='text-align:center'>"
                f"{'✓' if x.passed else '✗'}</td>"
                for x in r.results
            )
            rows.append(f"<tr><td {LEFT}><code>{html.escape(r.name)}</code></td>{cells}</tr>")
        return f"<table class='ak-scoreboard'><thead><tr><th {LEFT}>循环</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"

    def failures(self) -> str:
        """Each loop's first failing scenario and why, as text."""
        out = []
        for r in self.reports:
            bad = [x for x in r.results if not x.passed]
            out.append(
                f"{r.name}: "
                + (
                    "全部通过"
                    if not bad
                    else f"{bad[0].title} —— {bad[0].diagnosis}"
                    + (f"（另有 {len(bad) - 1} 个场景失败）" if len(bad) > 1 else "")
                )
            )
        return "\n".join(out)


def scoreboard(
    loops: dict[str, Callable[..., Any]] | None = None,
    *,
    families: tuple[str, ...] | None = None,
    seed: int = 0,
) -> Scoreboard:
    """Every loop against every scenario. By default: the reference loop and every specimen, or
    the specimens of the named families ("termination", "history", "stop_reason", "safety_net",
    "results", "errors", "control")."""
    if loops is None:
        chosen = {
            k: fn for k, (family, fn) in SPECIMENS.items() if families is None or family in families
        }
        loops = {"reference_loop": reference_loop, **chosen}
    return Scoreboard([check_loop(fn, name=name, seed=seed) for name, fn in loops.items()])
