"""Which tools the stand-in can call in one request, read the way the API presents them to the model.

Two things the Claude Code CLI (behind the Claude Agent SDK) sends that a plain loop does not:

- MCP tools are named `mcp__<server>__<tool>` (e.g. `mcp__orders__lookup_order`). The stand-in
  recognises the tool by its own name (`lookup_order`) and calls it by the full name it was given.
- Tool search: a tool with `defer_loading: true` is not shown to the model until a `tool_reference`
  block (in a tool_result) names it; the CLI may also only *announce* deferred tools by name in a
  text that tells the model to load them with its `ToolSearch` tool (`select:<name>,<name>`).
  A tool that is deferred and not yet referenced is not callable: the stand-in asks ToolSearch first.

Sources: Anthropic's tool search documentation (deferred tools are loaded by `tool_reference` blocks
that a tool_result returns; https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool),
the ToolSearch tool description the CLI 2.1.332 sends ("select:<name>[,<name>...]"), and the code
docs for ANTHROPIC_BASE_URL (https://code.claude.com/docs/en/env-vars: "Set ENABLE_TOOL_SEARCH=true
if your proxy forwards tool_reference blocks").
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Any

from ..content import blocks

MCP_NAME = re.compile(r"^mcp__(?P<server>[A-Za-z0-9_-]+?)__(?P<tool>[A-Za-z0-9_-]+)$")
TOOL_SEARCH = "ToolSearch"
ANNOUNCEMENT = re.compile(r"deferred tools", re.IGNORECASE)
LISTED_NAME = re.compile(r"^\s*([A-Za-z0-9_-]{1,128})\s*$")


def own_name(name: Any) -> str:
    """`mcp__orders__lookup_order` -> `lookup_order`; any other name as it is."""
    return _own(str(name)) if isinstance(name, str) else str(name)


@functools.lru_cache(maxsize=1024)  # a loop calls the same few tools
def _own(name: str) -> str:
    m = MCP_NAME.match(name)
    return m.group("tool") if m else name


def referenced(messages: list[Any]) -> list[str]:
    """The tool names the `tool_reference` blocks of the conversation's tool_results load, in order."""
    names: list[str] = []
    for m in messages:
        if not isinstance(m, dict) or m.get("role") != "user":
            continue
        for b in blocks(m.get("content")):
            if b.get("type") != "tool_result":
                continue
            for r in blocks(b.get("content")):
                name = r.get("tool_name") if r.get("type") == "tool_reference" else None
                if isinstance(name, str) and name not in names:
                    names.append(name)
    return names


def announced(messages: list[Any], system: Any = None) -> list[str]:
    """Tool names a text announces as deferred (to be loaded with ToolSearch), one name a line."""
    texts = [b.get("text", "") for b in blocks(system) if b.get("type") == "text"]
    for m in messages:
        if isinstance(m, dict):
            texts += [
                b.get("text", "") for b in blocks(m.get("content")) if b.get("type") == "text"
            ]
    names: list[str] = []
    for text in texts:
        if not isinstance(text, str) or not ANNOUNCEMENT.search(text):
            continue
        for line in text.splitlines():
            m = LISTED_NAME.match(line)
            if m and m.group(1) not in names:
                names.append(m.group(1))
    return names


@dataclass
class OfferedTools:
    """The request's tools as the model sees them, keyed by their own names (`lookup_order`)."""

    callable: dict[str, dict[str, Any]] = field(default_factory=dict)  # own name -> definition
    full: dict[str, str] = field(default_factory=dict)  # own name -> name to call it by
    deferred: dict[str, str] = field(default_factory=dict)  # own name -> full name, not loaded

    def offers(self, name: str) -> bool:
        return name in self.callable

    def call_name(self, name: str) -> str:
        return self.full.get(name, name)

    def search_for(self, wanted: list[str]) -> dict[str, Any] | None:
        """The ToolSearch input that loads the wanted tools that are deferred, or None when none is
        (or ToolSearch itself is not offered)."""
        if not self.deferred:
            return None
        names = [self.deferred[n] for n in wanted if n in self.deferred and n not in self.callable]
        if not names or not self.offers(TOOL_SEARCH):
            return None
        return {"query": "select:" + ",".join(names)}


def toolbox(req: dict[str, Any]) -> OfferedTools:
    """The tools of a request: a deferred tool is callable once a tool_reference has loaded it.
    (The conversation is walked for references and announcements only when the request defers a
    tool or offers ToolSearch: a plain loop's long history costs nothing more.)"""
    tools = [
        t for t in req.get("tools") or [] if isinstance(t, dict) and isinstance(t.get("name"), str)
    ]
    messages = req.get("messages") or []
    deferring = any(t.get("defer_loading") for t in tools)
    loaded = set(referenced(messages)) if deferring else set()
    box = OfferedTools()
    for t in tools:
        name = t["name"]
        own = own_name(name)
        if t.get("defer_loading") and name not in loaded:
            box.deferred.setdefault(own, name)
            continue
        box.callable.setdefault(own, t)
        box.full.setdefault(own, name)
    if TOOL_SEARCH in box.callable:
        for name in announced(messages, req.get("system")):
            own = own_name(name)
            if own not in box.callable:
                box.deferred.setdefault(own, name)
    return box
