"""Run a loop under test on one scenario and record everything it did.

The loop gets a real `anthropic.Anthropic` client whose transport is the offline API with the
scenario's world, and a `run_tool` that executes in that world. Every request and response, and
every tool execution (with its output or error), is kept for the diagnosis. A runaway loop is
stopped by a request budget (a BaseException, so `except Exception` in the loop cannot swallow
it), never by waiting out a timer.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import anthropic
import httpx2

from ..failures import DENIED
from ..offline import OfflineAPI
from ..sim import SimulatedClaude, ToolFailure, World
from ..tools import RefundCap
from .battery import RUNAWAY_LIMIT, Case, Scenario

MAX_REQUESTS = RUNAWAY_LIMIT + 1  # one past the limit: proof that the loop would not stop
MAX_TOOL_RUNS = 400


class BudgetExceeded(BaseException):
    """Raised inside the loop under test when it sends too many requests or runs too many
    tools. A BaseException, so `except Exception` in the learner's code does not swallow it."""

    def __init__(self, what: str):
        super().__init__(what)
        self.what = what  # "requests" or "tools"


@dataclass
class ToolRun:
    """One call of run_tool: what was asked and what came back (output, or the error)."""

    name: str
    input: dict[str, Any]
    ok: bool
    output: Any = None
    error: str = ""


@dataclass
class Run:
    """What one scenario run left behind: the world, every request and response, every tool run."""

    case: Case
    requests: list[dict[str, Any]] = field(default_factory=list)
    responses: list[dict[str, Any] | None] = field(default_factory=list)  # None: not a 200
    tool_calls: list[ToolRun] = field(default_factory=list)
    returned: Any = None
    error: BaseException | None = None

    @property
    def world(self) -> World:
        return self.case.world

    def calls(self, tool: str, order_id: str | None = None, ok: bool | None = True) -> list[dict]:
        """The inputs of the tool runs named `tool` (for that order; succeeded, failed or both)."""
        return [
            c.input
            for c in self.tool_calls
            if c.name == tool and order_id in (None, c.input.get("order_id")) and ok in (None, c.ok)
        ]


def run_scenario(
    fn: Callable[..., Any],
    sc: Scenario | Case,
    *,
    seed: int = 0,
    max_calls: int = MAX_REQUESTS,
    model: str | None = None,
) -> Run:
    """Run `fn` (the learner's signature) on one scenario drawn with `seed`."""
    case = sc.case(seed) if isinstance(sc, Scenario) else sc
    run = Run(case=case)
    api = OfflineAPI(SimulatedClaude(run.world))

    def transport(request: httpx2.Request) -> httpx2.Response:
        if request.url.path != "/v1/messages":  # count_tokens, models: not a model request
            return api(request)
        if len(run.requests) >= max_calls:
            raise BudgetExceeded("requests")
        run.requests.append(json.loads(request.content))
        response = api(request)
        run.responses.append(_message_of(response) if response.status_code == 200 else None)
        return response

    cap = RefundCap(case.refund_cap) if case.refund_cap is not None else None

    def run_tool(name: str, args: dict[str, Any]) -> Any:
        if len(run.tool_calls) >= MAX_TOOL_RUNS:
            raise BudgetExceeded("tools")
        args = json.loads(json.dumps(args))  # the loop's own dict stays the loop's
        try:
            reason = cap and cap.before_tool(name, args)
            if reason:
                raise ToolFailure(reason, DENIED)
            out = run.world.run_tool(name, dict(args))
        except Exception as e:
            run.tool_calls.append(ToolRun(name, args, False, error=str(e)))
            raise
        run.tool_calls.append(ToolRun(name, args, True, output=out))
        return out

    client = anthropic.Anthropic(
        api_key="offline",
        max_retries=0,
        http_client=httpx2.Client(transport=httpx2.MockTransport(transport)),
    )
    task = [{"role": "user", "content": case.prompt}]
    try:
        run.returned = fn(
            client, task, tools=case.tools, run_tool=run_tool, model=model or case.model
        )
    except (
        BaseException
    ) as e:  # the learner's loop crashed or was stopped: a diagnosis, not a traceback
        if isinstance(e, KeyboardInterrupt | SystemExit):
            raise
        run.error = e
    return run


def _message_of(response: httpx2.Response) -> dict[str, Any]:
    """The Message a 200 response carries: JSON, or rebuilt from server-sent events."""
    if not response.headers.get("content-type", "").startswith("text/event-stream"):
        return json.loads(response.content)
    message: dict[str, Any] = {}
    partial: dict[int, str] = {}
    for chunk in response.content.decode().split("\n\n"):
        data = next((line[6:] for line in chunk.splitlines() if line.startswith("data: ")), None)
        event = json.loads(data) if data else {}
        kind = event.get("type")
        if kind == "message_start":
            message = {**event["message"], "content": []}
        elif kind == "content_block_start":
            message["content"].append(dict(event["content_block"]))
        elif kind == "content_block_delta":
            _apply_delta(
                message["content"][event["index"]], event["delta"], partial, event["index"]
            )
        elif kind == "content_block_stop" and event["index"] in partial:
            raw = partial.pop(event["index"])
            message["content"][event["index"]]["input"] = json.loads(raw) if raw else {}
        elif kind == "message_delta":
            message.update(event.get("delta", {}))
            message["usage"] = {**message.get("usage", {}), **event.get("usage", {})}
    return message


def _apply_delta(block: dict[str, Any], delta: dict[str, Any], partial: dict, index: int) -> None:
    field_of = {"text_delta": "text", "thinking_delta": "thinking", "signature_delta": "signature"}
    kind = delta.get("type")
    if kind == "input_json_delta":
        partial[index] = partial.get(index, "") + delta.get("partial_json", "")
    elif kind in field_of:
        name = field_of[kind]
        block[name] = block.get(name, "") + delta.get(name, "")
