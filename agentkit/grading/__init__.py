"""check_loop(fn): run any agent loop against a battery of seeded offline scenarios.

- `battery`: the scenarios (a task, a world, what must happen in it), drawn from a seed;
  `repo_scenarios`: the developer-tools world's, added to the same `SCENARIOS` list here, so a loop
  that only works for orders fails.
- `runner`: runs a loop on one scenario and records every request, response and execution
  of run_tool.
- `diagnose`: what went wrong, cause first, one message per failure class (zh or en: `strings`).
- `report`: `check_loop`, the report, the scoreboard's table.
- `stored`: `scoreboard()`, every loop against every scenario, read from the board stored with the
  workbook where it holds.
- `fresh`: the same grade given in a fresh process (`grade_in_fresh_process`, `in_fresh_process`),
  which no cell of the learner's kernel can patch: what nbgrader's course grades with.
"""

from .battery import MODELS, RUNAWAY_LIMIT, SCENARIOS, Case, Scenario
from .diagnose import diagnose
from .fresh import grade_in_fresh_process, in_fresh_process
from .repo_scenarios import REPO_SCENARIOS
from .report import (
    Report,
    ScenarioResult,
    Scoreboard,
    check_loop,
    check_loop_again,
    reference_loop,
)
from .runner import BudgetExceeded, Execution, Run, run_scenario
from .stored import scoreboard

SCENARIOS.extend(s for s in REPO_SCENARIOS if s not in SCENARIOS)  # the second world's, last

__all__ = [
    "SCENARIOS",
    "MODELS",
    "RUNAWAY_LIMIT",
    "Case",
    "Scenario",
    "Run",
    "Execution",
    "BudgetExceeded",
    "run_scenario",
    "diagnose",
    "check_loop",
    "check_loop_again",
    "grade_in_fresh_process",
    "in_fresh_process",
    "reference_loop",
    "scoreboard",
    "Report",
    "Scoreboard",
    "ScenarioResult",
]
