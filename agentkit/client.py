"""make_client(): the real `anthropic.Anthropic`, talking to real Claude or to the offline Claude."""

from __future__ import annotations

import os
import warnings
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal, overload

import anthropic
import httpx2

from . import cassette
from .cassette import Cassette
from .offline import OfflineAPI
from .settings import Settings, SettingsError
from .sim import SimulatedClaude, World
from .strings import T

DEFAULT_MODEL = "claude-sonnet-4-6"
"""The workbook's default model: listed by the installed SDK and not marked deprecated (a test checks).
The study guide's claude-sonnet-4-5 reaches end of life on 2026-11-30. Override with AGENTKIT_MODEL."""


class Anthropic(anthropic.Anthropic):
    """The SDK's `anthropic.Anthropic`, unchanged, with two attributes `make_client` sets: `offline` (the
    `OfflineAPI` behind it, or None) and `cassette` (the `Cassette` recorded or replayed, or None)."""

    offline: OfflineAPI | None = None
    cassette: Cassette | None = None


class AsyncAnthropic(anthropic.AsyncAnthropic):
    """`Anthropic`'s async twin: the SDK's `anthropic.AsyncAnthropic` with `offline` and `cassette`."""

    offline: OfflineAPI | None = None
    cassette: Cassette | None = None


def offline_api(
    world: World | None = None,
    *,
    faults: dict[int, int | str] | None = None,
    context_window: int = 200_000,
) -> OfflineAPI:
    """The offline Messages API with the stand-in Claude over `world` (a fresh World by default)."""
    model = SimulatedClaude(world if world is not None else World())
    return OfflineAPI(model, faults=dict(faults or {}), context_window=context_window)


def default_model() -> str:
    return Settings.from_env().model or DEFAULT_MODEL


def try_model(client: anthropic.Anthropic, model: str) -> str:
    """Send one short request with `model` and say in one line what the API answered: the way a
    lesson shows that a retired id (the study guide's claude-sonnet-4-5) now gets HTTP 404, with the
    SDK's own deprecation warning (whose text carries a temporary path) kept out of the output."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            r = client.messages.create(
                model=model, max_tokens=512, messages=[{"role": "user", "content": "你好"}]
            )
        except anthropic.APIStatusError as e:
            err = e.body.get("error", {}) if isinstance(e.body, dict) else {}
            line = T(
                "client.model_error",
                model=model,
                status=e.status_code,
                type=err.get("type"),
                message=err.get("message"),
            )
            return line + (f"\n  {retired_hint(model)}" if e.status_code == 404 else "")
    return T("client.model_ok", model=model, stop_reason=r.stop_reason)


def retired_hint(model: str) -> str:
    """What to do when the API answers 404 for a model id (a retired one, such as the study
    guide's claude-sonnet-4-5): the id to use instead."""
    return T("client.retired_hint", model=model, default=DEFAULT_MODEL)


def is_offline() -> bool:
    """Offline unless a key is set; AGENTKIT_OFFLINE=1 forces offline even with a key
    (AGENTKIT_OFFLINE=0 or false: real Claude when a key is set)."""
    return Settings.from_env().is_offline


@overload
def make_client(
    *,
    offline: bool | None = None,
    world: World | None = None,
    faults: dict[int, int | str] | None = None,
    context_window: int = 200_000,
    max_retries: int = 2,
    record: str | os.PathLike | None = None,
    replay: str | os.PathLike | None = None,
    _async: Literal[False] = False,
    **kwargs: Any,
) -> Anthropic: ...


@overload
def make_client(
    *,
    offline: bool | None = None,
    world: World | None = None,
    faults: dict[int, int | str] | None = None,
    context_window: int = 200_000,
    max_retries: int = 2,
    record: str | os.PathLike | None = None,
    replay: str | os.PathLike | None = None,
    _async: Literal[True],
    **kwargs: Any,
) -> AsyncAnthropic: ...


def make_client(
    *,
    offline: bool | None = None,
    world: World | None = None,
    faults: dict[int, int | str] | None = None,
    context_window: int = 200_000,
    max_retries: int = 2,
    record: str | os.PathLike | None = None,
    replay: str | os.PathLike | None = None,
    _async: bool = False,
    **kwargs: Any,
) -> Anthropic | AsyncAnthropic:
    """An `anthropic.Anthropic` client. Offline, its transport is the offline Claude (`client.offline` is
    the `OfflineAPI`, with its world and request log); online, it is the SDK's own client, on
    ANTHROPIC_BASE_URL when that is set (a company gateway, a compatible endpoint, `agentkit serve`).

    faults: {call number: 429 | 500 | 529 | "midstream"} to inject on those HTTP calls (retries count).
    record: a cassette path (or AGENTKIT_RECORD): write every exchange there (agentkit.cassette).
    replay: a cassette path (or AGENTKIT_REPLAY): serve the recorded responses instead of any Claude;
    `client.offline` is then None. `client.cassette` is the Cassette (its `.label` says what plays), or None.
    The environment variables leave a client asked for with offline=True alone (the simulated Claude stays),
    and AGENTKIT_RECORD needs real Claude (a key).
    """
    settings = Settings.from_env()  # a wrong value is one SettingsError here, never mid-request
    plan = _plan(settings, offline, world, faults, context_window, record, replay)
    if _async:
        return _build(AsyncAnthropic, httpx2.AsyncClient, plan, max_retries, kwargs)
    return _build(Anthropic, httpx2.Client, plan, max_retries, kwargs)


def make_async_client(**options: Any) -> AsyncAnthropic:
    """`make_client`'s twin: the real `anthropic.AsyncAnthropic` on the same offline API (or cassette,
    or real Claude), with the same options (offline, world, faults, context_window, max_retries,
    record, replay, and the SDK's own keyword arguments); streaming included."""
    return make_client(_async=True, **options)


@dataclass
class _Plan:
    offline: bool
    api: OfflineAPI | None = None
    replay: cassette.Replay | None = None
    tape: cassette.Cassette | None = None


def _plan(settings: Settings, offline, world, faults, context_window, record, replay) -> _Plan:
    from_env = record is None and replay is None
    if from_env and offline is not True:
        record, replay = settings.record, settings.replay
    if record and replay:
        raise cassette.CassetteError(T("client.record_and_replay"))
    if replay:
        return _Plan(offline=True, replay=cassette.replaying(replay))
    if offline is None:
        offline = settings.is_offline
    if record and offline and from_env:
        raise cassette.CassetteError(T("client.record_needs_key"))
    tape = cassette.recording(record, "offline" if offline else "anthropic-api") if record else None
    if not offline:
        return _Plan(offline=False, tape=tape)
    api = offline_api(world, faults=faults, context_window=context_window)
    return _Plan(offline=True, api=api, tape=tape)


def _build(client_cls, http_cls, plan: _Plan, max_retries: int, kwargs: dict[str, Any]):
    is_async = http_cls is httpx2.AsyncClient
    if not plan.offline:
        if plan.tape:
            kwargs["http_client"] = cassette.recording_http_client(plan.tape, is_async=is_async)
        client = client_cls(max_retries=max_retries, **kwargs)  # ANTHROPIC_BASE_URL is honoured
        client.offline, client.cassette = None, plan.tape
        return client
    handler = plan.replay or plan.api
    if handler is None:  # _plan gives an offline plan a replay or an API, always
        raise RuntimeError(
            "offline client planned with neither a cassette to replay nor an offline API"
        )
    transport = (
        cassette.RecordingTransport(handler, plan.tape)
        if plan.tape
        else httpx2.MockTransport(handler)
    )
    client = client_cls(
        api_key="replay" if plan.replay else "offline",
        max_retries=max_retries,
        http_client=http_cls(transport=transport),
        **kwargs,
    )
    client.offline = plan.api
    client.cassette = plan.replay.cassette if plan.replay else plan.tape
    return client


def connection_problem(
    client: anthropic.Anthropic | anthropic.AsyncAnthropic, error: BaseException | None = None
) -> str:
    """The one line a learner sees when Claude cannot be reached: the URL, and the way out. For a
    client that is already offline (the simulated Claude, or a replayed cassette) nothing was on the
    network: the transport itself failed, a bug of ours, so the line says that and never advises
    going offline."""
    if (
        getattr(client, "offline", None) is not None
        or getattr(getattr(client, "cassette", None), "mode", None) == "replay"
    ):
        cause = error.__cause__ or error if error is not None else None
        text = " ".join(str(cause).split())
        detail = T("client.offline_broke_detail", kind=type(cause).__name__, text=text)
        return T("client.offline_broke") + (detail if cause else "")
    return T("client.unreachable", url=client.base_url)


@contextmanager
def friendly_errors(client: anthropic.Anthropic | anthropic.AsyncAnthropic | None = None):
    """Around a lesson's call to Claude: a connection failure, a cassette problem or a wrong
    environment variable becomes one printed line (no traceback) and the block ends; every other
    error passes through unchanged."""
    try:
        yield
    except anthropic.APIConnectionError as e:
        print(
            connection_problem(client, e)
            if client is not None
            else T("client.unreachable_bare", error=e)
        )
    except (cassette.CassetteError, SettingsError) as e:
        print(" ".join(str(e).split()))


def backend(client: anthropic.Anthropic) -> str:
    """What answers this client, in words a lesson can print."""
    tape = getattr(client, "cassette", None)
    if getattr(client, "offline", None) is not None:
        where = T("client.backend_offline")
        return where + (T("client.backend_and", label=tape.label) if tape else "")
    if tape is not None and tape.mode == "replay":
        return tape.label
    return T("client.backend_real") + (T("client.backend_and", label=tape.label) if tape else "")
