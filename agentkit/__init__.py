"""agentkit: the workbook's helper package. The reference agent loop, tools, the offline Claude, the
anti-pattern specimens and the loop grader."""

from .client import (
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
from .grading import check_loop, reference_loop, scoreboard
from .loop import (
    EXITS,
    STOP_REASONS,
    LoopError,
    LoopResult,
    MaxTurnsExceeded,
    ModelCallFailed,
    UnknownStopReason,
    run_agent_loop,
)
from .sim import World
from .tools import (
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
