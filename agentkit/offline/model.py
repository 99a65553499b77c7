"""The seam between the Messages API and whatever answers it.

`OfflineAPI(model=...)` takes any object with a `reply(request) -> Reply` method. The API validates
the request first, so a model only ever sees a request the live API would accept; after the model
answers, the API applies what the server applies (extended-thinking blocks, `stop_sequences`,
`max_tokens` and the context window), assigns ids and counts usage. The stand-in Claude
(`agentkit.sim.SimulatedClaude`) is one such model; a test's scripted model is another.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class Request:
    """A validated request. `known`: its first `known` messages equal those of the previous valid
    request to this API (an agent loop resends its history), whose reply carried `memo`; a model may
    resume from `memo` instead of reading those messages again. `memo` is None when `known` is 0.
    The body is read-only to the model: its messages (and the fields after them) are the objects
    the next request that resends them is given (agentkit.offline.resent)."""

    body: dict[str, Any]
    known: int = 0
    memo: Any = None

    @property
    def thinking(self) -> bool:
        """Extended thinking is on: the model's Reply should carry its thinking."""
        return thinking_on(self.body)


def thinking_on(body: dict[str, Any]) -> bool:
    """A request body turns extended thinking on (`enabled` with a budget, or `adaptive`)."""
    t = body.get("thinking")
    return isinstance(t, dict) and t.get("type") in ("enabled", "adaptive")


@dataclass
class Reply:
    """What the model wrote: content blocks (tool_use without ids: the API assigns them), why it
    stopped, and, when asked for, what it thought (the API adds the signed thinking block).
    `memo`: anything the model wants back with the next request that extends this one."""

    content: list[dict[str, Any]]
    stop_reason: str = "end_turn"
    stop_details: dict[str, Any] | None = None
    thinking: str | None = None
    memo: Any = field(default=None, repr=False)


class Model(Protocol):
    """Anything that answers a validated request."""

    def reply(self, request: Request) -> Reply: ...
