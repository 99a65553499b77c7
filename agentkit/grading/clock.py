"""The loop's virtual clock: time as a reviewer sees it, at no real cost to the battery.

While a scenario runs, `time.sleep` and `asyncio.sleep` called on the loop's thread (its own
backoff, and the SDK's retry waits) return at once and move the loop's clock on instead, up to
`allowance` seconds in all; past that a sleep is real, so a loop that sleeps for good still meets
the grader's idle deadline. Each request moves the clock on by `per_request` seconds too (a real
request takes seconds), so a safety net by wall clock ends a task that never ends after a number
of requests, as it would live. On the loop's thread `time.monotonic`, `time.time`,
`time.perf_counter` (and their `_ns` forms) read the real clock plus what the virtual clock has
added; every other thread (the grader's own) reads the real clock.

Only names looked up on the `time` and `asyncio` modules while the loop runs are seen (the SDK
and a loop's `time.sleep(…)` are); a function taken by name before the check began
(`from time import sleep`) keeps the real clock.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

REAL = {
    name: getattr(time, name)
    for name in ("sleep", "monotonic", "time", "perf_counter", "monotonic_ns", "time_ns")
}
REAL_ASYNC_SLEEP = asyncio.sleep


class VirtualClock:
    """Seconds added to the loop's clock: slept (within the allowance) and charged per request."""

    def __init__(self, allowance: float, per_request: float):
        self.allowance, self.per_request = allowance, per_request
        self.slept = 0.0  # seconds of sleep taken on the virtual clock
        self.charged = 0.0  # seconds charged for requests
        self.real_sleeps = 0  # sleeps past the allowance (really slept)
        self.thread: int | None = None  # the loop's thread (threading.get_ident)

    @property
    def offset(self) -> float:
        return self.slept + self.charged

    def mine(self) -> bool:
        return self.thread is not None and threading.get_ident() == self.thread

    def request(self) -> None:
        """A request was sent: the loop's clock moves on."""
        self.charged += self.per_request

    def take(self, seconds: Any) -> float:
        """Seconds of a sleep the virtual clock takes (0 when it is over its allowance)."""
        try:
            wanted = max(0.0, float(seconds))
        except (TypeError, ValueError):
            return 0.0  # the real function says what is wrong with it
        if self.slept + wanted > self.allowance:
            self.real_sleeps += 1
            return 0.0
        self.slept += wanted
        return wanted

    def sleep(self, seconds: float, /) -> None:
        if self.mine() and self.take(seconds):
            return REAL["sleep"](0)
        return REAL["sleep"](seconds)

    async def async_sleep(self, delay: float, result: Any = None) -> Any:
        if self.mine() and self.take(delay):
            return await REAL_ASYNC_SLEEP(0, result)
        return await REAL_ASYNC_SLEEP(delay, result)

    def reader(self, name: str, scale: float = 1.0) -> Callable[[], Any]:
        real = REAL[name]
        integer = name.endswith("_ns")

        def read() -> Any:
            now = real()
            if not self.mine():
                return now
            return now + int(self.offset * scale) if integer else now + self.offset

        read.__name__ = name
        return read


@contextmanager
def installed(clock: VirtualClock) -> Iterator[VirtualClock]:
    """The virtual clock on the time and asyncio modules for a block; the real ones after."""
    patched = {
        "sleep": clock.sleep,
        "monotonic": clock.reader("monotonic"),
        "time": clock.reader("time"),
        "perf_counter": clock.reader("perf_counter"),
        "monotonic_ns": clock.reader("monotonic_ns", 1e9),
        "time_ns": clock.reader("time_ns", 1e9),
    }
    for name, fn in patched.items():
        setattr(time, name, fn)
    asyncio.sleep = clock.async_sleep  # type: ignore[assignment]
    try:
        yield clock
    finally:
        for name, fn in REAL.items():
            setattr(time, name, fn)
        asyncio.sleep = REAL_ASYNC_SLEEP  # type: ignore[assignment]
