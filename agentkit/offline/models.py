"""Model ids as the live API treats them, from the installed SDK's own tables.

Known ids are the `anthropic.types.Model` literal. An id in the SDK's deprecation table
(`anthropic._data.deprecated_models.DEPRECATED_MODELS`) whose end of life is on or before "today" is
retired. Unknown and retired ids get the live API's 404:
`{"type":"error","error":{"type":"not_found_error","message":"model: <id>"}}`. No model is ever
swapped for another.

"Today" is a clock that tests and stored notebook outputs pin, so no output changes with the calendar:
`AGENTKIT_TODAY=YYYY-MM-DD`, or `AGENTKIT_TODAY=system` for the machine's date; unset, the workbook's
own date (WORKBOOK_TODAY) is used.
"""

from __future__ import annotations

import functools
import re
import typing
from datetime import UTC, date, datetime
from typing import Any

import anthropic
from anthropic._data.deprecated_models import DEPRECATED_MODELS

from ..settings import today_from_env

WORKBOOK_TODAY = date(2026, 12, 1)
MONTHS = {
    m: i
    for i, m in enumerate(
        "January February March April May June July August September October November December".split(),
        1,
    )
}
EOL = re.compile(r"([A-Z][a-z]+) (\d{1,2})(?:st|nd|rd|th)?, (\d{4})")
RELEASED = re.compile(r"-(\d{4})(\d{2})(\d{2})$")
MODEL_VERSION = re.compile(
    r"claude-(?:[a-z]+-)?(\d+)(?:-(\d)(?!\d))?"
)  # claude-sonnet-4-6 -> (4, 6)


def today(override: date | str | None = None) -> date:
    """The pinned clock: an explicit date, else AGENTKIT_TODAY (read by agentkit.settings), else
    WORKBOOK_TODAY."""
    value = override if override is not None else today_from_env()
    if isinstance(value, date):
        return value
    if value is None or value == "":
        return WORKBOOK_TODAY
    if value in ("system", "now"):
        return datetime.now(UTC).date()
    return date.fromisoformat(value)


@functools.cache
def known_models() -> tuple[str, ...]:
    """Every model id the installed SDK lists (the `anthropic.types.Model` literal), newest first."""
    literal = next(a for a in typing.get_args(anthropic.types.Model) if typing.get_args(a))
    return tuple(typing.get_args(literal))


@functools.lru_cache(maxsize=256)  # per model id: read on every request
def end_of_life(model: str) -> date | None:
    """The end-of-life date the SDK's deprecation table gives `model`, or None."""
    text = DEPRECATED_MODELS.get(model)
    m = EOL.fullmatch(text or "")
    if not m:
        return None
    return date(int(m.group(3)), MONTHS[m.group(1)], int(m.group(2)))


def lifecycle(model: str, on: date | None = None) -> str:
    eol = end_of_life(model)
    if eol is None:
        return "active"
    return "retired" if eol <= (on or today()) else "deprecated"


def available(model: Any, on: date | None = None) -> bool:
    """True when the API would serve `model` on that day: listed by the SDK and not retired."""
    return model in known_models() and lifecycle(model, on) != "retired"


@functools.lru_cache(maxsize=256)  # per model id: read on every request
def supports_prefill(model: str) -> bool:
    """Claude 4.6 and later models answer a request that ends with an assistant message with 400."""
    m = MODEL_VERSION.match(str(model))
    return not m or (int(m.group(1)), int(m.group(2) or 0)) < (4, 6)


@functools.lru_cache(maxsize=256)  # per model id: read on every request
def version(model: Any) -> tuple[int, int] | None:
    """A model id's version: "claude-sonnet-4-6" -> (4, 6), "claude-opus-5" -> (5, 0); None for an
    id without one."""
    m = MODEL_VERSION.match(str(model))
    return (int(m.group(1)), int(m.group(2) or 0)) if m else None


SAMPLING = ("temperature", "top_p", "top_k")
"""The sampling parameters. SDK 2.x's `create` has none of them (a TypeError before any request);
the API takes them in the body, as the Claude Code CLI sends `temperature` in its session-title
request, and treats them by model (SAMPLING_RULES)."""

SAMPLING_RULES: tuple[tuple[tuple[int, int], str], ...] = (
    ((4, 7), "deprecated"),
    ((4, 5), "temperature_or_top_p"),
)
"""How the API treats the sampling parameters, by the model version each rule applies from (a model
takes the rule of the newest version it has reached; earlier models take all three):

- "deprecated", Claude Opus 4.7 and every later model (Opus 4.8, the 5 family): each of the three
  is refused whatever its value, "`temperature` is deprecated for this model." (claude-opus-4-7 in
  danielmiessler/Fabric#2109, claude-opus-4-8 and claude-fable-5 in The-PR-Agent/pr-agent#2456,
  claude-sonnet-5 in vogler75/monster-mq#168; `top_p` on opus-4-7, opus-4-8 and fable-5 but not
  opus-4-6 in router-for-me/CLIProxyAPI#4383; `top_k` on opus-4-7 and opus-4-8 but not opus-4-6 in
  vellum-ai/vellum-assistant#35820; the migration guides remove all three:
  https://platform.claude.com/docs/en/about-claude/models/migration-guide#migrating-to-claude-opus-4-7
  and, for Haiku 5.5, https://platform.claude.com/docs/en/models/haiku-5-5/migration-guide);
- "temperature_or_top_p", the 4.5 and 4.6 models: each is taken, but not `temperature` and `top_p`
  together (Sonnet 4.5 in langfuse/langfuse#9882, Sonnet 4.6 in Vali-98/ChatterUI#564; "Use only
  temperature OR top_p, not both" in the migration guide to the 4.5 models,
  https://platform.claude.com/docs/en/about-claude/models/migrating-to-claude-4). Opus 4.5 and 4.6
  are taken to follow their generation: no paste names them."""


def sampling_rule(model: Any) -> str:
    """The SAMPLING_RULES rule of `model`: "deprecated", "temperature_or_top_p", or "all" (all three
    are taken, together too)."""
    v = version(model)
    return next((rule for since, rule in SAMPLING_RULES if v is not None and v >= since), "all")


@functools.lru_cache(maxsize=256)  # per model id: read on every request
def max_output_tokens(model: str) -> int:
    """The largest `max_tokens` the model takes (what `GET /v1/models` reports as `max_tokens`): 64,000
    before Claude 4.6 (claude-opus-4-5 in anthropics/claude-code#24451, Haiku 4.5 and Sonnet 4.5 as the
    models overview gives them), 128,000 from 4.6 on (Opus 4.6 and Sonnet 4.6: withceleste/celeste-python#387
    and aws-solutions-library-samples/accelerated-intelligent-document-processing-on-aws#424)."""
    m = MODEL_VERSION.match(str(model))
    if m and (int(m.group(1)), int(m.group(2) or 0)) >= (4, 6):
        return 128_000
    return 64_000


def display_name(model: str) -> str:
    """ "claude-sonnet-4-6" -> "Claude Sonnet 4.6"; a dated alias keeps its family's name."""
    words = RELEASED.sub("", model).split("-")[1:]
    name = [w.capitalize() for w in words if not w.isdigit()]
    version = ".".join(w for w in words if w.isdigit())
    return " ".join(["Claude", *name, *([version] if version else [])])


def created_at(model: str) -> str:
    """RFC 3339 release time: the date in a dated id, else a fixed epoch-like date (unknown release)."""
    m = RELEASED.search(model)
    day = f"{m.group(1)}-{m.group(2)}-{m.group(3)}" if m else "2025-01-01"
    return f"{day}T00:00:00Z"


def model_info(model: str, on: date | None = None) -> dict[str, Any]:
    """One `GET /v1/models/{id}` item in the API's shape (anthropic.types.ModelInfo)."""
    eol = end_of_life(model)
    state = lifecycle(model, on)
    return {
        "type": "model",
        "id": model,
        "display_name": display_name(model),
        "created_at": created_at(model),
        "lifecycle": state,
        "deprecated_at": "2026-01-01T00:00:00Z" if eol else None,
        "retires_at": f"{eol.isoformat()}T00:00:00Z" if eol else None,
        "max_input_tokens": 200_000,
        "max_tokens": max_output_tokens(model),
    }


def listed(on: date | None = None) -> list[str]:
    """The ids `GET /v1/models` lists: every known model that is not retired, newest first."""
    return [m for m in known_models() if lifecycle(m, on) != "retired"]
