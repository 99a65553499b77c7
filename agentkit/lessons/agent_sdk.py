"""The Claude Agent SDK lesson's helpers: the orders world as an in-process SDK MCP server, the
offline environment for the Claude Code CLI, the SDK's message stream read as the loop's four
steps, and the lesson's checks.

The loop here is the real one: `claude_agent_sdk.query()` starts the real Claude Code CLI (bundled
in the SDK's wheel), which runs its agent loop and calls the Messages API. Only the model behind
that API is the offline stand-in (`python -m agentkit serve`, started in this process on a free
loopback port). Nothing printed here carries what changes from run to run: no session ids, no
durations, no costs, no ports.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import inspect
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..background import OfflineServer
from ..content import short
from ..sim import TOOL_SCHEMAS, ToolFailure, World, tool_schema
from .checks import Wrong, call_learner, check, require
from .strings import T

SERVER = "orders"
ORDER_TOOLS = ("lookup_order", "process_refund", "escalate_to_human")
ALLOWED = [f"mcp__{SERVER}__{name}" for name in ORDER_TOOLS]
"""The names the CLI gives the MCP server's tools: `mcp__<server>__<tool>`."""
REFUND_CAP = 100
QUIET = {
    # The CLI's switches for "no traffic but the API calls": CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC
    # is DISABLE_AUTOUPDATER + DISABLE_BUG_COMMAND + DISABLE_ERROR_REPORTING + DISABLE_TELEMETRY
    # (https://code.claude.com/docs/en/settings, as quoted in anthropics/claude-code#29134).
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    "DISABLE_TELEMETRY": "1",
    "DISABLE_AUTOUPDATER": "1",
    "DISABLE_ERROR_REPORTING": "1",
}


def orders_server(world: World, name: str = SERVER) -> Any:
    """An in-process SDK MCP server whose tools run against `world` (its `effects` record what
    really happened). A ToolFailure becomes an `is_error` result with the failure's message."""
    from claude_agent_sdk import create_sdk_mcp_server, tool

    def handler(tool_name: str) -> Callable[[dict[str, Any]], Any]:
        async def run(args: dict[str, Any]) -> dict[str, Any]:
            try:
                result = world.run_tool(tool_name, dict(args))
            except ToolFailure as e:
                return {"content": [{"type": "text", "text": str(e)}], "is_error": True}
            return {"content": [{"type": "text", "text": json.dumps(result, ensure_ascii=False)}]}

        return run

    tools = [
        tool(n, tool_schema(n)["description"], TOOL_SCHEMAS[n]["input_schema"])(handler(n))
        for n in ORDER_TOOLS
    ]
    return create_sdk_mcp_server(name, "1.0.0", tools)


class OfflineClaudeCode:
    """The offline API on a free loopback port, and an empty home for the CLI (its config directory
    and working directory), so no user setting, memory or project file changes what it does.

        offline = OfflineClaudeCode().start()
        ClaudeAgentOptions(..., env=offline.env(), cwd=offline.cwd)
        offline.stop()

    Stopped, it starts again when asked for its env or cwd (a new port, an empty home): a lesson
    cell re-run after the lesson's last cell stopped it works as it did.
    """

    def __init__(self) -> None:
        self.server = OfflineServer()
        self._home: tempfile.TemporaryDirectory[str] | None = None

    def start(self) -> OfflineClaudeCode:
        self.server.start()
        if self._home is None:
            self._home = tempfile.TemporaryDirectory(prefix="agentkit-claude-")
            (Path(self._home.name) / "work").mkdir()
        return self

    def stop(self) -> None:
        self.server.stop()
        home, self._home = self._home, None
        if home is not None:
            home.cleanup()

    def _started_home(self) -> Path:
        if self._home is None:
            self.start()
        assert self._home is not None
        return Path(self._home.name)

    @property
    def cwd(self) -> str:
        return str(self._started_home() / "work")

    def env(self) -> dict[str, str]:
        """ANTHROPIC_BASE_URL and a key for the offline API, telemetry and other traffic off, and the
        CLI's config directory in the empty home (CLAUDE_CONFIG_DIR)."""
        home = self._started_home()
        return {**self.server.env(), **QUIET, "CLAUDE_CONFIG_DIR": str(home / "config")}

    def requests(self) -> list[dict[str, Any]]:
        """The Messages request bodies the CLI sent, in order."""
        return self.server.requests()

    def __enter__(self) -> OfflineClaudeCode:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def run_sync(coro: Any) -> Any:
    """Run a coroutine to the end from synchronous code, also inside a notebook (whose event loop
    is already running): in a thread of its own."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def collect(prompt: str, options: Any) -> tuple[list[Any], Exception | None]:
    """Every message `query()` yields for `prompt`, in order, and the `ResultError` the Python SDK
    raises after a result with `is_error: true` (None when the run succeeded)."""
    from claude_agent_sdk import ResultError, query

    messages: list[Any] = []
    try:
        async for m in query(prompt=prompt, options=options):
            messages.append(m)
    except ResultError as e:
        return messages, e
    return messages, None


def _short(value: Any, n: int = 70) -> str:
    return short(value, n)


def _result_text(content: Any) -> str:
    if isinstance(content, list):
        parts = []
        for b in content:
            if b.get("type") == "tool_reference":
                parts.append(f"tool_reference({b.get('tool_name')})")
            else:
                parts.append(b.get("text", ""))
        return " ".join(parts)
    return str(content or "")


def _system_lines(message: Any) -> list[str]:
    if message.subtype != "init":
        return []  # progress notes: thinking-token counts, effort changes
    servers = ", ".join(f"{s['name']}: {s['status']}" for s in message.data["mcp_servers"])
    return [T("sdk.init", servers=servers)]


def _assistant_lines(message: Any) -> list[str]:
    out = []
    for b in message.content:
        if type(b).__name__ == "TextBlock":
            out.append(T("sdk.text", text=_short(b.text)))
        elif type(b).__name__ == "ToolUseBlock":
            out.append(T("sdk.tool_use", name=b.name, input=_short(b.input, 50)))
    return out


def _user_lines(message: Any) -> list[str]:
    out = []
    for b in message.content if isinstance(message.content, list) else []:
        if type(b).__name__ == "ToolResultBlock":
            flag = T("sdk.result_flag") if b.is_error else ""
            text = _short(_result_text(b.content), 50)
            out.append(T("sdk.tool_result", flag=flag, text=text))
    return out


def step_lines(message: Any) -> list[str]:
    """One line per part of an SDK message, with the loop step it belongs to; [] for the stream's
    progress notes (thinking-token counts, effort changes) and thinking blocks."""
    kind = type(message).__name__
    if kind == "ResultMessage":
        return [T("sdk.result", line=result_line(message))]
    reader = {
        "SystemMessage": _system_lines,
        "AssistantMessage": _assistant_lines,
        "UserMessage": _user_lines,
    }.get(kind)
    return reader(message) if reader else []


def show_steps(messages: list[Any]) -> None:
    """Print the stream as the loop's steps (① each request the CLI sends is not a message of its
    own: every AssistantMessage is the answer to one)."""
    for m in messages:
        for line in step_lines(m):
            print(line)


def result_of(messages: list[Any]) -> Any:
    """The stream's ResultMessage (the last message of every query)."""
    return next(m for m in reversed(messages) if type(m).__name__ == "ResultMessage")


def result_line(result: Any) -> str:
    """What a ResultMessage says about how the run ended; no session id, duration or cost."""
    denied = [d.get("tool_name") for d in result.permission_denials or []]
    return (
        f"subtype={result.subtype} | is_error={result.is_error} | num_turns={result.num_turns} | "
        f"stop_reason={result.stop_reason} | permission_denials={denied}"
    )


def tool_calls(messages: list[Any]) -> list[str]:
    """The names of the tools the model called, in order."""
    return [
        b.name
        for m in messages
        if type(m).__name__ == "AssistantMessage"
        for b in m.content
        if type(b).__name__ == "ToolUseBlock"
    ]


def options(offline: OfflineClaudeCode, **kw: Any) -> Any:
    """ClaudeAgentOptions for the orders world against the offline API (what a lesson cell would
    otherwise spell out every time): the MCP server, its tools allowed, the offline env and cwd."""
    from claude_agent_sdk import ClaudeAgentOptions

    world = kw.pop("world", None) or World()
    return ClaudeAgentOptions(
        mcp_servers={SERVER: orders_server(world)},
        allowed_tools=list(ALLOWED),
        env=offline.env(),
        cwd=offline.cwd,
        **kw,
    )


# ---------------------------------------------------------------- checks


def _pre_tool_use(name: str, tool_input: dict[str, Any]) -> dict[str, Any]:
    return {
        "hook_event_name": "PreToolUse",
        "session_id": "lesson",
        "transcript_path": "",
        "cwd": "",
        "tool_name": name,
        "tool_input": tool_input,
        "tool_use_id": "toolu_lesson",
    }


def _decision(out: Any) -> tuple[str | None, str]:
    """The decision the CLI reads from a PreToolUse hook's output, and its reason. A decision
    whose hookSpecificOutput lacks hookEventName "PreToolUse" is no decision to the CLI (it
    rejects the output, and the model sees "hook failed"), so it is said here."""
    # The SDK sends the hook's output to the CLI as a dict (`hook_output.items()`): None fails
    # there; the CLI prints "Error in hook callback" with its own minified source, and runs the
    # call (tried: a hook returning None on process_refund, the 120 refund went through).
    require(out is not None, T("sdk.hook_none"), T("sdk.hook_none.hint"))
    require(isinstance(out, dict), T("sdk.hook_dict", type=type(out).__name__))
    require(
        out.get("continue_", out.get("continue")) is not False,
        T("sdk.stops_run"),
        T("hint.refund_cap_hook"),
    )
    specific = out.get("hookSpecificOutput") or {}
    require(
        specific or out.get("decision") not in ("block", "approve"),
        T("sdk.old_decision", decision=out.get("decision")),
        T("hint.refund_cap_hook"),
    )
    decision = specific.get("permissionDecision")
    event = specific.get("hookEventName") if isinstance(specific, dict) else None
    require(
        decision is None or event == "PreToolUse",
        T("sdk.event_missing") if event is None else T("sdk.event_name", event=event),
        T("sdk.event_name.hint"),
    )
    return decision, str(specific.get("permissionDecisionReason", ""))


async def reference_deny_big_refunds(input_data: dict, tool_use_id: Any, context: Any) -> dict:
    """The hook's reference answer (the lesson's solution cell): what the later cell runs while the
    learner's own does not pass yet, so the student edition, which has no solution cells, runs too."""
    amount = input_data["tool_input"].get("amount", 0)
    if amount > REFUND_CAP:
        reason = T("sdk.reference_reason", amount=amount, cap=REFUND_CAP)
        return {
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "deny",
                "permissionDecisionReason": reason,
            }
        }
    return {}


def reference_finished(result: Any) -> bool:
    """`finished`'s reference answer: True when a ResultMessage says the run completed normally."""
    return result.subtype == "success" and not result.is_error


@check("hint.refund_cap_hook")
def refund_cap_hook(hook: Callable[..., Any]) -> str:
    require(callable(hook), T("want_function", name="deny_big_refunds"))
    require(inspect.iscoroutinefunction(hook), T("sdk.async"))

    async def ask(name: str, amount: float | None) -> Any:
        args = (
            {"order_id": "A-1001"} if amount is None else {"order_id": "A-1001", "amount": amount}
        )
        spec = "async def deny_big_refunds(input_data, tool_use_id, context)"
        return await call_learner(
            hook, spec, _pre_tool_use(name, args), "toolu_lesson", {"signal": None}
        )

    refund = f"mcp__{SERVER}__process_refund"
    big, reason = _decision(run_sync(ask(refund, 120.0)))
    if big != "deny":  # the tool's name as the MCP server declares it, without the CLI's prefix?
        bare, _ = _decision(run_sync(ask("process_refund", 120.0)))
        require(bare != "deny", T("sdk.bare_name", name=refund), T("sdk.bare_name.hint"))
    require(big == "deny", T("sdk.not_denied", amount=120.0, cap=REFUND_CAP, decision=big))
    require(reason.strip(), T("sdk.reason"))
    small, _ = _decision(run_sync(ask(refund, 50.0)))
    require(small != "deny", T("sdk.small_denied"))
    at_cap, _ = _decision(run_sync(ask(refund, float(REFUND_CAP))))  # the boundary, as lesson 04
    require(at_cap != "deny", T("sdk.cap_denied", cap=REFUND_CAP))
    over, _ = _decision(run_sync(ask(refund, REFUND_CAP + 0.5)))
    require(
        over == "deny", T("sdk.not_denied", amount=REFUND_CAP + 0.5, cap=REFUND_CAP, decision=over)
    )
    lookup, _ = _decision(run_sync(ask(f"mcp__{SERVER}__lookup_order", None)))
    require(lookup != "deny", T("sdk.lookup_denied"))
    return T("refund_cap_hook.passed")


def _result(subtype: str, is_error: bool, turns: int, stop: str | None) -> Any:
    from claude_agent_sdk import ResultMessage

    return ResultMessage(
        subtype=subtype,
        duration_ms=0,
        duration_api_ms=0,
        is_error=is_error,
        num_turns=turns,
        session_id="lesson",
        stop_reason=stop,
    )


@check("hint.finished_reader")
def finished_reader(finished: Callable[[Any], Any]) -> str:
    require(callable(finished), T("want_function", name="finished"))
    cases = [
        (_result("success", False, 3, "end_turn"), True, "finished.success"),
        (_result("error_max_turns", True, 1, "tool_use"), False, "finished.max_turns"),
        (_result("error_during_execution", True, 2, None), False, "finished.error"),
        (_result("success", True, 1, "end_turn"), False, "finished.flagged"),
        # the hint says "only both together": subtype alone, or is_error alone, is not enough
        (_result("error_max_turns", False, 1, "tool_use"), False, "finished.unflagged"),
        # any error subtype, not only error_max_turns; a one-turn success is finished too
        (_result("error_during_execution", False, 2, None), False, "finished.unflagged_other"),
        (_result("error_max_budget_usd", False, 2, None), False, "finished.budget"),
        (_result("success", False, 1, "end_turn"), True, "finished.one_turn"),
        # stop_reason is the last API reply's, optional in the SDK's ResultMessage: not the verdict
        (_result("success", False, 2, None), True, "finished.no_stop_reason"),
        (_result("error_during_execution", False, 2, "end_turn"), False, "finished.end_turn_error"),
    ]
    for result, expected, what in cases:
        got = call_learner(finished, "def finished(result)", result)
        if not isinstance(got, bool):
            raise Wrong(T("finished.bool", got=got))
        require(got == expected, T("finished.differ", what=T(what), expected=expected, got=got))
    return T("finished_reader.passed")
