"""The simulated Claude: a deterministic stand-in that decides each step from the conversation it is
sent. It is not a language model and does not pretend to be one.

`SimulatedClaude(world)` is a `agentkit.offline.model.Model`: the offline API validates each request,
hands it over, and applies to the reply what the server applies. Inside:
`conversation` reads the request (the task, every tool_use and the tool_result that answered it),
`policy` decides the next step for each order as typed `Step`s, `phrases` holds every sentence in
Chinese and English, `thinking` writes the thinking text, and `world` is the orders world its tools
act on (and the grader audits).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..offline.model import Reply, Request
from .conversation import Conversation, Seen
from .policy import respond
from .thinking import thinking
from .values import today_from
from .world import DEFAULT_ORDERS, TOOL_SCHEMAS, WEB_SEARCH_TOOL, ToolFailure, World, tool_schema

__all__ = [
    "SimulatedClaude",
    "World",
    "ToolFailure",
    "TOOL_SCHEMAS",
    "tool_schema",
    "WEB_SEARCH_TOOL",
    "DEFAULT_ORDERS",
    "Conversation",
]


@dataclass
class SimulatedClaude:
    """The stand-in model over `world`. Its memo of a request is what it read there (a `Seen`), so a
    loop's next request is read from its new messages only."""

    world: World = field(default_factory=World)

    def reply(self, request: Request) -> Reply:
        body = request.body
        resume = request.memo if isinstance(request.memo, Seen) else None
        if resume is not None and resume.upto != request.known:
            resume = None
        conv = Conversation(body, resume)
        with today_from(conv.system, conv.user_turns()):  # a day the system or user says is today
            r = respond(conv, self.world)
            if request.thinking:
                r.thinking = thinking(conv, r)
        r.memo = conv.seen()
        return r
