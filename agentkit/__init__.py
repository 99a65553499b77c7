"""agentkit: the workbook's helper package. The reference agent loop, tools, the offline Claude, the
anti-pattern specimens and the loop grader."""

import signal as _signal
import sys as _sys


def _started_as_command() -> bool:
    """True while `python -m agentkit …` (any interpreter options) is importing this package."""
    argv = getattr(_sys, "orig_argv", [])
    return _sys.argv[:1] == ["-m"] and any(
        a == "-m" and b == "agentkit" for a, b in zip(argv, argv[1:], strict=False)
    )


def _exit_quietly(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)  # 130, as a shell reports Ctrl-C; no KeyboardInterrupt traceback


if _started_as_command():
    # Importing the package takes seconds (the SDK, pydantic): Ctrl-C meanwhile, or before a
    # command installs its own handler (serve's stops the server), exits quietly.
    _signal.signal(_signal.SIGINT, _exit_quietly)

from .client import (  # noqa: E402 (after the Ctrl-C handler)
    DEFAULT_MODEL,
    backend,
    connection_problem,
    default_model,
    friendly_errors,
    is_offline,
    make_async_client,
    make_client,
    try_model,
)
from .grading import check_loop, reference_loop, scoreboard  # noqa: E402
from .loop import (  # noqa: E402 (after the Ctrl-C handler)
    EXITS,
    STOP_REASONS,
    LoopError,
    LoopResult,
    MaxTurnsExceeded,
    ModelCallFailed,
    UnknownStopReason,
    run_agent_loop,
)
from .sim import World  # noqa: E402
from .tools import (  # noqa: E402 (after the Ctrl-C handler)
    Hook,
    LookupBeforeRefund,
    NormalizeStatus,
    RefundCap,
    Toolbox,
    ToolCall,
    tool,
    tool_result,
    tool_results,
)

__all__ = [
    "make_client",
    "make_async_client",
    "friendly_errors",
    "connection_problem",
    "backend",
    "default_model",
    "is_offline",
    "try_model",
    "DEFAULT_MODEL",
    "World",
    "run_agent_loop",
    "LoopResult",
    "LoopError",
    "MaxTurnsExceeded",
    "ModelCallFailed",
    "UnknownStopReason",
    "STOP_REASONS",
    "EXITS",
    "tool",
    "Toolbox",
    "ToolCall",
    "Hook",
    "RefundCap",
    "NormalizeStatus",
    "LookupBeforeRefund",
    "tool_result",
    "tool_results",
    "check_loop",
    "scoreboard",
    "reference_loop",
]
