"""agentkit.settings: every environment variable checked in one place, one line when it is wrong;
the one list of variables tests clear; friendly errors that never tell an offline learner to go offline."""

import os
import re
import subprocess
import sys
from datetime import date
from pathlib import Path

import anthropic
import httpx2
import pytest

import agentkit
from agentkit.settings import CLEARED_FOR_TESTS, VARIABLES, Settings, SettingsError

ROOT = Path(__file__).resolve().parents[1]
AGENTKIT = ROOT / "agentkit"


def test_every_variable_agentkit_reads_is_read_by_settings_only():
    """No module outside settings.py (and offline/, which the lead switches) reads os.environ."""
    readers = []
    for path in AGENTKIT.rglob("*.py"):
        if path.name == "settings.py" or "offline" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        if re.search(r"os\.environ|getenv\(", text):
            readers.append(path.relative_to(ROOT).as_posix())
    assert readers == []


def test_conftest_run_notebooks_and_ci_use_the_one_pinned_list():
    assert set(VARIABLES) <= set(CLEARED_FOR_TESTS)
    assert {"AGENTKIT_REPLAY", "AGENTKIT_MODEL", "ANTHROPIC_BASE_URL"} <= set(CLEARED_FOR_TESTS)
    for where in ("tests/conftest.py", "scripts/run_notebooks.py", ".ci/run"):
        assert "CLEARED_FOR_TESTS" in (ROOT / where).read_text(encoding="utf-8"), where
    for name in CLEARED_FOR_TESTS:
        assert name not in os.environ or name == "AGENTKIT_OFFLINE"


def test_regenerating_notebooks_clears_an_exported_replay_and_model(monkeypatch):
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import run_notebooks
    finally:
        sys.path.pop(0)
    monkeypatch.setenv("AGENTKIT_REPLAY", "cassettes/02.json")
    monkeypatch.setenv("AGENTKIT_MODEL", "claude-opus-4-7")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://example.invalid")
    run_notebooks.offline_env()
    assert Settings.from_env() == Settings(offline=True)


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("AGENTKIT_TODAY", "garbage", "YYYY-MM-DD"),
        ("AGENTKIT_TODAY", "2027-13-45", "YYYY-MM-DD"),
        ("AGENTKIT_TODAY", "SYSTEMS", "YYYY-MM-DD"),
        ("AGENTKIT_OFFLINE", "maybe", "true/false"),
        ("AGENTKIT_MODEL", "claude sonnet", "模型 id"),
        ("ANTHROPIC_BASE_URL", "http://[::1", "http(s)://"),
        ("ANTHROPIC_BASE_URL", "", "http(s)://"),
        ("ANTHROPIC_BASE_URL", "127.0.0.1:8765", "http(s)://"),
        ("ANTHROPIC_BASE_URL", "http://127.0.0.1:99999", "http(s)://"),
    ],
)
def test_a_wrong_value_is_one_line_naming_the_variable_the_value_and_the_form(
    name, value, expected
):
    with pytest.raises(SettingsError) as e:
        Settings.from_env({name: value})
    message = str(e.value)
    assert "\n" not in message and f"{name}={value!r}" in message and expected in message


def test_a_key_with_a_newline_is_refused_without_showing_it():
    with pytest.raises(SettingsError) as e:
        Settings.from_env({"ANTHROPIC_API_KEY": "sk-ant-secret\n"})
    assert "ANTHROPIC_API_KEY" in str(e.value) and "secret" not in str(e.value)


@pytest.mark.parametrize(
    ("value", "offline_with_key"),
    [("1", True), ("true", True), ("YES", True), ("0", False), ("false", False), ("no", False)],
)
def test_agentkit_offline_values(value, offline_with_key):
    s = Settings.from_env({"AGENTKIT_OFFLINE": value, "ANTHROPIC_API_KEY": "sk-test"})
    assert s.is_offline is offline_with_key
    assert Settings.from_env({"AGENTKIT_OFFLINE": value}).is_offline  # no key: always offline


def test_agentkit_offline_false_means_real_claude_when_a_key_is_set(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-not-used")
    monkeypatch.setenv("AGENTKIT_OFFLINE", "false")
    assert not agentkit.is_offline() and agentkit.make_client().offline is None


def test_today_values():
    assert Settings.from_env({}).today_date(date(2026, 12, 1)) == date(2026, 12, 1)
    assert Settings.from_env({"AGENTKIT_TODAY": "2027-01-02"}).today == date(2027, 1, 2)
    assert Settings.from_env({"AGENTKIT_TODAY": "system"}).today == "system"


def test_an_invalid_today_is_a_settings_error_never_a_connection_error(monkeypatch, capsys):
    monkeypatch.setenv("AGENTKIT_TODAY", "garbage")
    with pytest.raises(SettingsError, match="AGENTKIT_TODAY='garbage'"):
        agentkit.make_client()
    with agentkit.friendly_errors():
        agentkit.make_client()
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "AGENTKIT_TODAY" in out and "连不上" not in out


def test_an_offline_transport_failure_never_advises_going_offline(capsys):
    client = agentkit.make_client(max_retries=0)

    def broken(request):
        raise RuntimeError("a bug of ours")

    client._client._transport = httpx2.MockTransport(broken)
    with agentkit.friendly_errors(client):
        client.messages.create(
            model=agentkit.default_model(),
            max_tokens=64,
            messages=[{"role": "user", "content": "hi"}],
        )
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "AGENTKIT_OFFLINE" not in out
    assert "离线模拟 Claude 内部出错" in out and "a bug of ours" in out


def demo(**env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "agentkit", "demo"],
        cwd=ROOT,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", **env},
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"AGENTKIT_MODEL": "claude-sonnet-4-5"}, "model: claude-sonnet-4-5"),
        ({"AGENTKIT_MODEL": "gpt-4o"}, "model: gpt-4o"),
        ({"AGENTKIT_TODAY": "2027-13-45"}, "AGENTKIT_TODAY='2027-13-45'"),
        ({"ANTHROPIC_BASE_URL": "http://[::1"}, "ANTHROPIC_BASE_URL='http://[::1'"),
        ({"ANTHROPIC_BASE_URL": ""}, "ANTHROPIC_BASE_URL=''"),
    ],
)
@pytest.mark.slow
def test_the_demo_answers_a_wrong_environment_in_one_line(env, says):
    r = demo(**env)
    assert r.returncode == 1 and "Traceback" not in r.stderr + r.stdout
    last = r.stdout.strip().splitlines()[-1]
    assert says in last, r.stdout
    assert "连不上" not in r.stdout


def test_the_offline_client_does_not_need_the_sdk_to_accept_the_base_url(monkeypatch):
    """A valid ANTHROPIC_BASE_URL is passed through to the SDK unchanged."""
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://[::1]:8765")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    monkeypatch.setenv("AGENTKIT_OFFLINE", "0")
    client = agentkit.make_client()
    assert isinstance(client, anthropic.Anthropic) and "[::1]:8765" in str(client.base_url)


@pytest.mark.parametrize("key", ["sk-ant-é", "sk-ant-密钥", "sk-ant-\u2028x", "sk-ant-\u200bx"])
def test_a_key_an_http_header_cannot_carry_is_refused_without_showing_it(key):
    """A key is sent in an HTTP header (ASCII only): the SDK failed to encode it and the learner
    read "cannot reach the Claude API, check the network"."""
    with pytest.raises(SettingsError) as e:
        Settings.from_env({"ANTHROPIC_API_KEY": key})
    message = str(e.value)
    assert "\n" not in message and "ANTHROPIC_API_KEY" in message and key not in message
    assert "ASCII" in message


@pytest.mark.parametrize(
    "name", ["AGENTKIT_TODAY", "AGENTKIT_LANG", "AGENTKIT_OFFLINE", "AGENTKIT_MODEL"]
)
def test_a_very_long_wrong_value_is_shown_cut_short_on_one_line(name):
    value = "x y\u202e" * 50_000
    with pytest.raises(SettingsError) as e:
        Settings.from_env({name: value})
    message = str(e.value)
    assert "\n" not in message and name in message and len(message) < 400
    assert repr(value[:100])[1:-1] in message


def test_a_server_reads_the_machines_date_unless_agentkit_today_pins_one(monkeypatch):
    """`serve` answers programs running now: within `machine_clock` an unset AGENTKIT_TODAY is
    the machine's date for the stand-in's relative dates and the retired models; a pinned date
    stays pinned, and outside it the workbook's date is back."""
    from datetime import UTC, datetime

    from agentkit.offline import models
    from agentkit.settings import machine_clock
    from agentkit.sim import values

    monkeypatch.delenv("AGENTKIT_TODAY", raising=False)
    assert values.today_date() == models.today() == models.WORKBOOK_TODAY
    with machine_clock():
        assert values.today_date() == models.today() == datetime.now(UTC).date()
    assert values.today_date() == models.WORKBOOK_TODAY and "AGENTKIT_TODAY" not in os.environ
    monkeypatch.setenv("AGENTKIT_TODAY", "2027-05-04")
    with machine_clock():
        assert values.today_date() == date(2027, 5, 4)
    assert os.environ["AGENTKIT_TODAY"] == "2027-05-04"
