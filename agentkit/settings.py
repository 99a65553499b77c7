"""Every environment variable agentkit reads, read and checked in one place: `Settings.from_env()`.

| variable | form | meaning |
| --- | --- | --- |
| AGENTKIT_OFFLINE | 1/0, true/false, yes/no, on/off (any case); empty = unset | 1: the offline Claude even with a key; 0: real Claude when a key is set |
| AGENTKIT_MODEL | a model id, no spaces | the default model (else `DEFAULT_MODEL`) |
| AGENTKIT_TODAY | YYYY-MM-DD, or `system` / `now` | the clock that retires models and counts relative dates (else the workbook's date; `serve`: the machine's) |
| AGENTKIT_LANG | `zh` or `en` (any case); empty = unset | the language of every learner-facing string (else zh) |
| AGENTKIT_RECORD, AGENTKIT_REPLAY | a file path | record to / replay from a cassette (agentkit.cassette) |
| ANTHROPIC_API_KEY | printable ASCII, no spaces | real Claude (the SDK reads it too) |
| ANTHROPIC_BASE_URL | http(s)://host[:port][/path] | where real Claude is (the SDK reads it too) |

A wrong value raises `SettingsError`, one line naming the variable, the value and the form expected
(the key's value is never shown). An empty value is the same as unset, except ANTHROPIC_BASE_URL,
where the SDK would take "" for a URL.

`CLEARED_FOR_TESTS` is the one list of variables that tests, `scripts/run_notebooks.py` and `.ci/run`
clear before setting AGENTKIT_OFFLINE=1, so nothing exported on a machine leaks into a test or a
regenerated lesson. `SavedEnvironment()` keeps the variables as they are, and `restore()` puts
them back (the grader, after a loop under test changed them). This module imports nothing of
agentkit.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Any
from urllib.parse import urlsplit

VARIABLES = (
    "AGENTKIT_OFFLINE",
    "AGENTKIT_MODEL",
    "AGENTKIT_TODAY",
    "AGENTKIT_LANG",
    "AGENTKIT_RECORD",
    "AGENTKIT_REPLAY",
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_BASE_URL",
)
"""The variables `Settings.from_env()` reads."""

CLEARED_FOR_TESTS = (
    *VARIABLES,
    "ANTHROPIC_AUTH_TOKEN",  # read by the SDK: credentials
    "ANTHROPIC_PROFILE",
    "ANTHROPIC_CUSTOM_HEADERS",
    "AGENTLOOP_QUIZ_DB",  # read by quizzes.store (which never imports agentkit)
)
"""Cleared by tests/conftest.py, scripts/run_notebooks.py and .ci/run before AGENTKIT_OFFLINE=1."""

LANGUAGES = ("zh", "en")
"""The learner's languages, in the order every string table lists them."""

TRUE, FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")
MODEL_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:@/-]*")
CONTROL = re.compile(r"[\x00-\x20\x7f]")
SHOWN = 120  # characters of a wrong value a SettingsError shows


class SettingsError(ValueError):
    """An environment variable holds a value agentkit cannot use; the message is one line, in the
    language AGENTKIT_LANG asks for (in Chinese when AGENTKIT_LANG itself is the wrong value).
    `expected` is the form expected, as a (zh, en) pair: this module imports nothing, so it keeps
    its few strings here rather than in an agentkit.i18n table."""

    def __init__(
        self,
        name: str,
        value: str,
        expected: tuple[str, str],
        *,
        show: bool = True,
        env: Mapping[str, str] | None = None,
    ):
        lang = _lang_or_zh(os.environ if env is None else env)
        self.name, self.expected = name, expected[LANGUAGES.index(lang)]
        if len(value) > SHOWN:  # a pasted file, say: the line stays readable
            value = value[:SHOWN] + "…"
        if lang == "en":
            shown = f"{name}={value!r}" if show else f"{name} (value not shown)"
            message = f"Environment variable {shown} is not valid: {self.expected}"
        else:
            shown = f"{name}={value!r}" if show else f"{name}（值不显示）"
            message = f"环境变量 {shown} 无效：{self.expected}"
        super().__init__(message)


def _lang_or_zh(env: Mapping[str, str]) -> str:
    """The language to word a SettingsError in: AGENTKIT_LANG's when it is valid, else Chinese
    (the default), so a wrong AGENTKIT_LANG is still reported."""
    word = env.get("AGENTKIT_LANG", "").strip().lower()
    return word if word in LANGUAGES else "zh"


@dataclass(frozen=True)
class Settings:
    """What the environment asks of agentkit, checked. `offline` is None when AGENTKIT_OFFLINE is
    unset (then offline exactly when there is no key); `today` is None for the workbook's date, a
    date, or "system" for the machine's date."""

    offline: bool | None = None
    model: str | None = None
    today: date | str | None = None
    lang: str = "zh"
    record: str | None = None
    replay: str | None = None
    api_key: str | None = None
    base_url: str | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        return cls(
            offline=_flag(env, "AGENTKIT_OFFLINE"),
            model=_model(env, "AGENTKIT_MODEL"),
            today=_today(env, "AGENTKIT_TODAY"),
            lang=_lang(env, "AGENTKIT_LANG"),
            record=_path(env, "AGENTKIT_RECORD"),
            replay=_path(env, "AGENTKIT_REPLAY"),
            api_key=_key(env, "ANTHROPIC_API_KEY"),
            base_url=_url(env, "ANTHROPIC_BASE_URL"),
        )

    @property
    def is_offline(self) -> bool:
        """Offline unless a key is set; AGENTKIT_OFFLINE=1 forces offline even with a key."""
        return True if self.offline else self.api_key is None

    def today_date(self, default: date) -> date:
        """The pinned clock as a date: `default` (the workbook's date) when AGENTKIT_TODAY is unset."""
        if self.today is None:
            return default
        if isinstance(self.today, date):
            return self.today
        return datetime.now(UTC).date()


@contextmanager
def machine_clock() -> Iterator[None]:
    """Within it, an unset AGENTKIT_TODAY reads `system`: a server answers programs running now,
    so "tomorrow" and a model's retirement count from this machine's date, as the live API's do.
    The in-process offline client keeps the workbook's pinned date (stored outputs never change
    with the calendar); AGENTKIT_TODAY pins either."""
    if os.environ.get("AGENTKIT_TODAY"):
        yield
        return
    os.environ["AGENTKIT_TODAY"] = "system"
    try:
        yield
    finally:
        os.environ.pop("AGENTKIT_TODAY", None)


def today_from_env() -> date | str | None:
    """AGENTKIT_TODAY alone, checked (the offline API reads it with every request)."""
    return _today(os.environ, "AGENTKIT_TODAY")


class SavedEnvironment:
    """The variables agentkit reads (and the `os.environ` object itself) as they are now;
    `restore()` puts them back: the grader, after a loop that may have changed them."""

    def __init__(self) -> None:
        self.environ = os.environ
        self.values = {name: os.environ.get(name) for name in VARIABLES}

    def restore(self) -> None:
        if os.environ is not self.environ:
            os.environ = self.environ  # noqa: B003  (the object a loop replaced, put back)
        for name, value in self.values.items():
            if value is None:
                os.environ.pop(name, None)
            elif os.environ.get(name) != value:
                os.environ[name] = value


KEPT_FOR_A_FRESH_PROCESS = ("AGENTKIT_MODEL", "AGENTKIT_TODAY")
"""What a class's machine may set that a check's verdict depends on (the model a lesson's code
asks for, the clock that retires models): a fresh process that grades keeps them."""


def offline_environment(lang: str) -> dict[str, str]:
    """This process's environment for a fresh agentkit process that grades offline in `lang`:
    the variables of CLEARED_FOR_TESTS dropped (credentials, cassettes) but those it keeps,
    AGENTKIT_OFFLINE=1 and AGENTKIT_LANG=lang; the rest (PATH, HOME ...) as it is."""
    if lang not in LANGUAGES:
        raise ValueError(f"not a language: {lang!r}")
    dropped = set(CLEARED_FOR_TESTS) - set(KEPT_FOR_A_FRESH_PROCESS)
    env = {name: value for name, value in os.environ.items() if name not in dropped}
    env.update(AGENTKIT_OFFLINE="1", AGENTKIT_LANG=lang)
    return env


@contextmanager
def speaking(lang: str | None) -> Iterator[None]:
    """AGENTKIT_LANG set to `lang` (when given) while the block runs, then as it was: every string
    agentkit prints, and the demo's task, follow AGENTKIT_LANG (read at each call)."""
    if lang is None:
        yield
        return
    before = os.environ.get("AGENTKIT_LANG")
    os.environ["AGENTKIT_LANG"] = lang
    try:
        yield
    finally:
        if before is None:
            del os.environ["AGENTKIT_LANG"]
        else:
            os.environ["AGENTKIT_LANG"] = before


def language(env: Mapping[str, str] | None = None) -> str:
    """AGENTKIT_LANG alone, checked: "zh" (the default) or "en". Read at every call, so a notebook's
    `%env AGENTKIT_LANG=en` takes effect at once."""
    return _lang(os.environ if env is None else env, "AGENTKIT_LANG")


def _lang(env: Mapping[str, str], name: str) -> str:
    value = env.get(name, "")
    word = value.strip().lower()
    if not word:
        return "zh"
    if word in LANGUAGES:
        return word
    raise SettingsError(name, value, ("应为 zh 或 en", "expected zh or en"), env=env)


def _flag(env: Mapping[str, str], name: str) -> bool | None:
    value = env.get(name, "")
    word = value.strip().lower()
    if not word:
        return None
    if word in TRUE or word in FALSE:
        return word in TRUE
    raise SettingsError(
        name,
        value,
        (
            "应为 1/0、true/false 或 yes/no（0 和 false：有 key 时用真实 Claude）",
            "expected 1/0, true/false or yes/no (0 and false: real Claude when a key is set)",
        ),
        env=env,
    )


def _model(env: Mapping[str, str], name: str) -> str | None:
    value = env.get(name, "")
    if not value:
        return None
    if not MODEL_ID.fullmatch(value):
        raise SettingsError(
            name,
            value,
            (
                "应为一个模型 id，例如 claude-sonnet-4-6（不含空格）",
                "expected a model id such as claude-sonnet-4-6 (no spaces)",
            ),
            env=env,
        )
    return value


def _today(env: Mapping[str, str], name: str) -> date | str | None:
    value = env.get(name, "")
    if not value:
        return None
    if value.strip().lower() in ("system", "now"):
        return "system"
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", value.strip()):
            return date.fromisoformat(value.strip())
    except ValueError:
        pass
    raise SettingsError(
        name,
        value,
        (
            "应为日期 YYYY-MM-DD（例如 2026-12-01），或 system（本机日期）",
            "expected a date YYYY-MM-DD (such as 2026-12-01), or system (this machine's date)",
        ),
        env=env,
    )


def _path(env: Mapping[str, str], name: str) -> str | None:
    value = env.get(name, "")
    if not value:
        return None
    if "\x00" in value or not value.strip():
        raise SettingsError(
            name,
            value,
            (
                "应为一个文件路径，例如 cassettes/02.json",
                "expected a file path such as cassettes/02.json",
            ),
            env=env,
        )
    return value


def key_of_request(headers: Any) -> str | None:
    """The API key an HTTP request carries (`x-api-key`, else `Authorization: Bearer …`), or None:
    serve's key for a world, the classroom proxy's student token."""
    key = headers.get("x-api-key")
    auth = headers.get("authorization", "")
    if not key and auth.lower().startswith("bearer "):
        key = auth[7:].strip()
    return key or None


def _key(env: Mapping[str, str], name: str) -> str | None:
    value = env.get(name, "")
    if not value:
        return None
    if CONTROL.search(value) or not value.isascii():
        # a key is sent in an HTTP header, which holds ASCII only: "sk-ant-é" failed inside the SDK
        # as a connection error
        raise SettingsError(
            name,
            value,
            (
                "含有空格、换行、控制字符或非 ASCII 字符（复制 key 时多带了字符？）",
                "contains a space, a line break, a control character or a non-ASCII character "
                "(extra characters copied with the key?)",
            ),
            show=False,
            env=env,
        )
    return value


def _url(env: Mapping[str, str], name: str) -> str | None:
    if name not in env:
        return None
    value = env[name]
    expected = (
        "应为 http(s)://主机[:端口] 形式的 URL，例如 http://127.0.0.1:8765；不用时请 unset",
        "expected a URL of the form http(s)://host[:port], such as http://127.0.0.1:8765; "
        "unset it when not in use",
    )
    try:
        parts = urlsplit(value)
        parts.port  # noqa: B018 - raises ValueError on a port that is not a number in range
    except ValueError:
        raise SettingsError(name, value, expected, env=env) from None
    if parts.scheme not in ("http", "https") or not parts.hostname or CONTROL.search(value):
        raise SettingsError(name, value, expected, env=env)
    return value
