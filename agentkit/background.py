"""The offline Messages API served over HTTP from inside a notebook (or any Python process).

`python -m agentkit serve` runs in a terminal; a lesson needs the same server for a client that
only speaks HTTP (the Claude Code CLI behind the Claude Agent SDK) without a second terminal:

    server = OfflineServer().start()      # a free loopback port, in a thread of this process
    server.env()                          # {"ANTHROPIC_BASE_URL": ..., "ANTHROPIC_API_KEY": ...}
    server.stop()                         # also done at interpreter exit, and by `with`

The port is chosen by the OS (port 0), so two notebooks or test runs never collide; the URL is not
meant to be printed (it changes on every run).
"""

from __future__ import annotations

import atexit
from typing import Any

from .serve import Background, KeyedAPIs

OFFLINE_KEY = "workbook-offline"
"""The API key the helper hands to clients: any string works; each key gets its own World."""


class OfflineServer:
    """`serve` on a free loopback port, started and stopped explicitly (or with `with`)."""

    def __init__(self, key: str = OFFLINE_KEY) -> None:
        self.key = key
        self._bg: Background | None = None

    @property
    def running(self) -> bool:
        return self._bg is not None

    @property
    def url(self) -> str:
        if self._bg is None:
            raise RuntimeError("the offline server is not running: call start() first")
        return self._bg.url

    @property
    def apis(self) -> KeyedAPIs:
        """The server's `OfflineAPI`s by API key (`server.apis[server.key].log`)."""
        if self._bg is None:
            raise RuntimeError("the offline server is not running: call start() first")
        return self._bg.apis

    def start(self) -> OfflineServer:
        """Start the server (once; a second call changes nothing)."""
        if self._bg is None:
            bg = Background()
            bg.__enter__()
            self._bg = bg
            atexit.register(self.stop)
        return self

    def stop(self) -> None:
        """Stop the server; safe to call twice."""
        bg, self._bg = self._bg, None
        if bg is not None:
            bg.__exit__(None, None, None)
            atexit.unregister(self.stop)

    def env(self) -> dict[str, str]:
        """The environment a client needs to reach this server instead of the live API."""
        return {"ANTHROPIC_BASE_URL": self.url, "ANTHROPIC_API_KEY": self.key}

    def requests(self) -> list[dict[str, Any]]:
        """The Messages request bodies this key's API received, in order."""
        return list(self.apis.for_key(self.key).log[:])

    def __enter__(self) -> OfflineServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
