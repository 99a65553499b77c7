"""make_client(): the real `anthropic.Anthropic`, talking to real Claude or to the offline Claude."""
from __future__ import annotations

import os
from typing import Any

import anthropic
import httpx2

from .offline import OfflineAPI, World

DEFAULT_MODEL = "claude-sonnet-4-6"
"""The workbook's default model: listed by the installed SDK and not marked deprecated (a test checks).
The study guide's claude-sonnet-4-5 reaches end of life on 2026-11-30. Override with AGENTKIT_MODEL."""


def default_model() -> str:
    return os.environ.get("AGENTKIT_MODEL") or DEFAULT_MODEL


def is_offline() -> bool:
    """Offline unless a key is set; AGENTKIT_OFFLINE=1 forces offline even with a key."""
    return os.environ.get("AGENTKIT_OFFLINE", "") not in ("", "0") or not os.environ.get("ANTHROPIC_API_KEY")


def make_client(*, offline: bool | None = None, world: World | None = None, faults: dict[int, int] | None = None,
                context_window: int = 200_000, max_retries: int = 2, **kwargs: Any) -> anthropic.Anthropic:
    """An `anthropic.Anthropic` client. Offline, its transport is the offline Claude (`client.offline` is
    the `OfflineAPI`, with its world and request log); online, it is the SDK's own client.

    faults: {call number: 429 | 500 | 529} to inject on those HTTP calls (retries count as calls).
    """
    if offline is None:
        offline = is_offline()
    if not offline:
        client = anthropic.Anthropic(max_retries=max_retries, **kwargs)
        client.offline = None
        return client
    api = OfflineAPI(world=world or World(), faults=dict(faults or {}), context_window=context_window)
    client = anthropic.Anthropic(api_key="offline", max_retries=max_retries,
                                 http_client=httpx2.Client(transport=httpx2.MockTransport(api)), **kwargs)
    client.offline = api
    return client
