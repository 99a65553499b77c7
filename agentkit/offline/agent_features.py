"""Request features that agent frameworks send and a hand-written loop rarely does, checked as the
Messages API checks them: mid-conversation `role: "system"` messages, tool search (`defer_loading`,
`tool_reference`), structured outputs (`output_config.format`) and message threads (`thread`).

The Claude Code CLI (which the Claude Agent SDK runs) sends the first three on every request; the
SDKs' tool runners send `thread` unless told not to. Each function is small and called from one
place in `validation` or `api`, so the wording lives here next to its source.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

SYSTEM_MESSAGE_MODELS = re.compile(r"^claude-(?:opus-(?:4-(?:[89])|[5-9])|fable-[5-9])(?:\D|$)")
"""Mid-conversation system messages: "Supported on Claude Opus 5, Opus 4.8, and Fable 5; not on
Sonnet 5" (elgorro/aiquila#413, quoting the docs page
https://platform.claude.com/docs/en/build-with-claude/mid-conversation-system-messages; Opus 4.8's
release notes quoted in simonw/llm-anthropic#73). The SDK's own `MessageParam` includes
`SystemMessageParam` (role "system", text content only)."""


def supports_system_messages(model: Any) -> bool:
    return isinstance(model, str) and bool(SYSTEM_MESSAGE_MODELS.match(model))


def system_message_allowed(msgs: list[Any], i: int, model: Any) -> bool:
    """A `role: "system"` message at `i` is where the API takes one: on a model that supports it,
    not first, right after a user message (or an assistant message ending in server tool use), and
    last or followed by an assistant turn, with text content only (placement rules as quoted in
    elgorro/aiquila#413 and langchain4j/langchain4j#5604)."""
    if not supports_system_messages(model) or i == 0:
        return False
    prev, nxt = msgs[i - 1], msgs[i + 1] if i + 1 < len(msgs) else None
    if not isinstance(prev, dict) or not _after_ok(prev):
        return False
    if nxt is not None and not (isinstance(nxt, dict) and nxt.get("role") == "assistant"):
        return False
    content = msgs[i].get("content")
    if isinstance(content, str):
        return bool(content.strip())
    return (
        isinstance(content, list)
        and bool(content)
        and all(isinstance(b, dict) and b.get("type") == "text" for b in content)
    )


def _after_ok(prev: dict[str, Any]) -> bool:
    if prev.get("role") == "user":
        return True
    content = prev.get("content")
    last = content[-1] if isinstance(content, list) and content else None
    return (
        prev.get("role") == "assistant"
        and isinstance(last, dict)
        and last.get("type") == "server_tool_use"
    )


def tool_search_problem(body: dict[str, Any], references: bool = True) -> tuple[str, str] | None:
    """What the API refuses about `defer_loading` and `tool_reference` in this request, as (code,
    message), or None. `references=False`: the body holds no tool_reference (the messages need no
    walk)."""
    tools = [t for t in body.get("tools") or [] if isinstance(t, dict)]
    for t in tools:
        if t.get("defer_loading") and t.get("cache_control"):
            # pasted in anthropics/claude-code#86743 and diegosouzapw/OmniRoute#215
            return "deferred_tool_cached", (
                f"Tool '{t.get('name')}' cannot have both defer_loading=true and cache_control "
                "set. Tools with defer_loading cannot use prompt caching."
            )
    if tools and all(t.get("defer_loading") for t in tools):
        # the tool search docs' "All tools deferred" 400, whatever the tool_choice (which of the
        # two comes first when both apply is not known; the per-tool one is checked first here):
        # https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool#error-handling
        return "all_tools_deferred", (
            "All tools have defer_loading set. At least one tool must be non-deferred."
        )
    if not references:
        return None
    names = {t.get("name") for t in tools}
    for m in body.get("messages") or []:
        for name in _references(m):
            if name not in names:
                # pasted in anthropics/claude-code#81863
                return (
                    "tool_reference_unknown",
                    f"Tool reference '{name}' not found in available tools",
                )
    return None


def _references(m: Any) -> list[Any]:
    content = m.get("content") if isinstance(m, dict) else None
    out = []
    for b in content if isinstance(content, list) else []:
        inner = b.get("content") if isinstance(b, dict) and b.get("type") == "tool_result" else None
        for r in inner if isinstance(inner, list) else []:
            if isinstance(r, dict) and r.get("type") == "tool_reference":
                out.append(r.get("tool_name"))
    return out


THREAD_MESSAGE = (
    "thread: the offline API keeps no server-side message threads. Send the full message history "
    "with each request instead (the SDKs' tool runners do this by themselves after this error; "
    "in your own code, drop the `thread` field)."
)


THREAD_DETAILS = {"error_code": "thread_unsupported_request"}
"""The `error.details` of the 400 for a `thread` request. The SDKs read `error.details.error_code ==
    "thread_unsupported_request"` and resend the turn with the full history, without `thread`, for
    the rest of the run (anthropic's `lib/threads/_thread_state.py`, `_unsupported_features`); the
    same signal proxies that keep no thread state answer with (e.g. the model-gateway and
    claude-desktop-extra refusals in public code). THREAD_MESSAGE names no SDK's spelling."""


# ---------------------------------------------------------------- prompt caching

CACHE_ENTRIES = 16  # cached prefixes kept per API (the live cache keeps them for 5 minutes)


def cache_minimum(model: Any) -> int:
    """The shortest prefix the API caches, by model family ("Minimum Token Thresholds": 4,096 for
    Opus 4.5/4.6 and Haiku 4.5, 2,048 for Sonnet 4.6, 1,024 for earlier Sonnet and Opus;
    https://docs.orq.ai/docs/proxy/prompt-caching, after Anthropic's prompt-caching page). Later
    models are taken to keep their family's latest threshold."""
    m = re.match(r"claude-([a-z]+)-(\d+)(?:-(\d)(?!\d))?", str(model))
    if not m:
        return 1024
    family, version = m.group(1), (int(m.group(2)), int(m.group(3) or 0))
    if family in ("opus", "haiku", "fable", "mythos") and version >= (4, 5):
        return 4096
    if family == "sonnet" and version >= (4, 6):
        return 2048
    return 1024


def _cached_tools(body: dict[str, Any]) -> list[Any]:
    """The tools that are part of the cached prefix: deferred tools are not (tool search keeps the
    prefix stable when it loads them)."""
    return [
        t for t in body.get("tools") or [] if not (isinstance(t, dict) and t.get("defer_loading"))
    ]


def _parts(body: dict[str, Any]) -> tuple[list[Any], list[Any], list[Any]]:
    """The request's cacheable parts in prefix order: tools, system blocks, messages."""
    system = body.get("system")
    msgs = body.get("messages")
    return (
        _cached_tools(body),
        system if isinstance(system, list) else [],
        msgs if isinstance(msgs, list) else [],
    )


def _breakpoints(body: dict[str, Any]) -> list[tuple[int, int, int, int]]:
    """Where the request's `cache_control` markers sit, in prefix order (tools, system, messages):
    (tools, system blocks, messages, blocks of the last message) up to and including the marker."""
    tools, system, msgs = _parts(body)
    marks = [
        (i + 1, 0, 0, 0)
        for i, t in enumerate(tools)
        if isinstance(t, dict) and t.get("cache_control")
    ]
    marks += [
        (len(tools), j + 1, 0, 0)
        for j, b in enumerate(system)
        if isinstance(b, dict) and b.get("cache_control")
    ]
    for k, m in enumerate(msgs):
        content = m.get("content") if isinstance(m, dict) else None
        for q, b in enumerate(content if isinstance(content, list) else []):
            if isinstance(b, dict) and b.get("cache_control"):
                marks.append((len(tools), len(system), k + 1, q + 1))
    return marks


def _prefix(body: dict[str, Any], at: tuple[int, int, int, int]) -> dict[str, Any] | None:
    """The request cut at `at`, or None when it is shorter than that."""
    tools, system, msgs = _parts(body)
    n_tools, n_system, n_msgs, n_blocks = at
    if n_tools > len(tools) or n_system > len(system) or n_msgs > len(msgs):
        return None
    head = [dict(m) for m in msgs[:n_msgs]]
    if n_msgs:
        content = head[-1].get("content")
        if not isinstance(content, list) or n_blocks > len(content):
            return None
        head[-1]["content"] = content[:n_blocks]
    return {"tools": tools[:n_tools], "system": system[:n_system], "messages": head}


class PromptCache:
    """Prompt caching as usage reports it: the prefix up to each `cache_control` marker is written
    once (`cache_creation_input_tokens`) when long enough, and a later request that begins with a
    written prefix reads it (`cache_read_input_tokens`); `input_tokens` is the rest. Prefixes are
    compared exactly (tools, then system, then messages), as the API matches them, but for the
    markers themselves (a client moves its marker to the newest message) and for deferred tools,
    which are not part of the prefix (loading one leaves the cache intact)."""

    def __init__(self) -> None:
        self.entries: list[tuple[tuple[int, int, int, int], str, int]] = []

    def usage(
        self, body: dict[str, Any], total: int, tokens: Any, spelled: int | None = None
    ) -> tuple[int, int, int]:
        """(input_tokens, cache_creation_input_tokens, cache_read_input_tokens) for a request of
        `total` input tokens; `tokens(partial_body)` measures a prefix. `spelled`: how many times
        the raw body spells "cache_control", when known (0 with nothing cached: no walk)."""
        if spelled == 0 and not self.entries:
            return total, 0, 0
        marks = _breakpoints(body)
        if not marks and not self.entries:
            return total, 0, 0
        read = 0
        for at, key, size in self.entries:
            prefix = _prefix(body, at)
            if prefix is not None and size > read and _key(prefix) == key:
                read = size
        written = read
        for at in marks:
            prefix = _prefix(body, at)
            size = min(tokens(prefix), total) if prefix is not None else 0
            if prefix is not None and size >= cache_minimum(body.get("model")) and size > written:
                self._remember(at, _key(prefix), size)
                written = size
        read, created = min(read, total), min(written - read, total - read)
        return total - read - created, created, read

    def _remember(self, at: tuple[int, int, int, int], key: str, size: int) -> None:
        self.entries = [e for e in self.entries if e[1] != key][-(CACHE_ENTRIES - 1) :]
        self.entries.append((at, key, size))


def _unmarked(value: Any) -> Any:
    """`value` without its cache_control markers: a client moves its marker to the newest message,
    and the prefix before it stays the same."""
    if isinstance(value, dict):
        return {k: _unmarked(v) for k, v in value.items() if k != "cache_control"}
    if isinstance(value, list):
        return [_unmarked(v) for v in value]
    return value


def _key(prefix: dict[str, Any]) -> str:
    text = json.dumps(_unmarked(prefix), sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
