"""check_loop(fn): run any agent loop against a battery of seeded offline scenarios.

- `battery`: the scenarios (a task, a world, what must happen in it), drawn from a seed.
- `runner`: runs a loop on one scenario and records every request, response and execution
  of run_tool.
- `diagnose`: what went wrong, cause first, one message per failure class (zh or en: `strings`).
- `report`: `check_loop`, the report, the scoreboard.
"""

from .battery import MODELS, RUNAWAY_LIMIT, SCENARIOS, Case, Scenario
from .diagnose import diagnose
from .report import Report, ScenarioResult, Scoreboard, check_loop, reference_loop, scoreboard
from .runner import BudgetExceeded, Execution, Run, run_scenario

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
    "reference_loop",
    "scoreboard",
    "Report",
    "Scoreboard",
    "ScenarioResult",
]
