"""make_client(): real client with a key, offline Claude otherwise; the default model."""

import typing

import anthropic
import httpx2
import pytest
from anthropic._data.deprecated_models import DEPRECATED_MODELS
from anthropic.types.model_param import ModelParam

import agentkit
from agentkit.offline import OfflineAPI


def transport(client):
    return client._client._transport


def test_offline_without_key(monkeypatch):
    monkeypatch.delenv("AGENTKIT_OFFLINE")
    client = agentkit.make_client()
    assert isinstance(client, anthropic.Anthropic)
    assert isinstance(client.offline, OfflineAPI)
    assert isinstance(transport(client), httpx2.MockTransport)


def test_key_set_gives_the_real_client(monkeypatch):
    monkeypatch.delenv("AGENTKIT_OFFLINE")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-not-used")
    assert not agentkit.is_offline()
    client = agentkit.make_client()  # no request is sent
    assert client.offline is None
    assert not isinstance(transport(client), httpx2.MockTransport)
    assert client.api_key == "sk-ant-test-not-used"
    assert str(client.base_url).startswith("https://api.anthropic.com")


@pytest.mark.parametrize("value", ["1", "true"])
def test_agentkit_offline_forces_offline_even_with_a_key(monkeypatch, value):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-not-used")
    monkeypatch.setenv("AGENTKIT_OFFLINE", value)
    assert agentkit.is_offline()
    assert isinstance(agentkit.make_client().offline, OfflineAPI)


def test_agentkit_offline_zero_does_not_force(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-not-used")
    monkeypatch.setenv("AGENTKIT_OFFLINE", "0")
    assert agentkit.make_client().offline is None


def test_explicit_offline_argument_wins(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-not-used")
    monkeypatch.delenv("AGENTKIT_OFFLINE")
    assert isinstance(agentkit.make_client(offline=True).offline, OfflineAPI)


def test_default_model_is_listed_and_not_deprecated(monkeypatch):
    monkeypatch.delenv("AGENTKIT_MODEL", raising=False)
    listed = typing.get_args(typing.get_args(ModelParam)[0])
    assert agentkit.default_model() == agentkit.DEFAULT_MODEL
    assert agentkit.DEFAULT_MODEL in listed
    assert agentkit.DEFAULT_MODEL not in DEPRECATED_MODELS
    assert (
        "claude-sonnet-4-5" in DEPRECATED_MODELS
    )  # the study guide's model: why the default differs


def test_agentkit_model_overrides_the_default(monkeypatch):
    monkeypatch.setenv("AGENTKIT_MODEL", "claude-opus-4-7")
    assert agentkit.default_model() == "claude-opus-4-7"
    client = agentkit.make_client()
    r = client.messages.create(
        model=agentkit.default_model(), max_tokens=64, messages=[{"role": "user", "content": "hi"}]
    )
    assert r.model == "claude-opus-4-7"


def test_options_reach_the_offline_api():
    world = agentkit.World(orders={"B-2001": {"status": "delivered", "amount": 9.0}})
    client = agentkit.make_client(world=world, faults={3: 500}, context_window=5000, max_retries=0)
    assert client.offline.world is world
    assert client.offline.faults == {3: 500}
    assert client.offline.context_window == 5000
    assert client.max_retries == 0


def closed_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when the block ends


def test_make_client_honours_anthropic_base_url(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    monkeypatch.setenv("AGENTKIT_OFFLINE", "0")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:8765")
    assert str(agentkit.make_client().base_url).startswith("http://127.0.0.1:8765")
    assert str(agentkit.make_async_client().base_url).startswith("http://127.0.0.1:8765")


def test_a_connection_failure_is_one_clear_chinese_line(monkeypatch, capsys):
    url = f"http://127.0.0.1:{closed_port()}"
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    monkeypatch.setenv("AGENTKIT_OFFLINE", "0")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", url)
    client = agentkit.make_client(max_retries=0)
    with agentkit.friendly_errors(client):
        client.messages.create(
            model=agentkit.default_model(),
            max_tokens=64,
            messages=[{"role": "user", "content": "hi"}],
        )
        raise AssertionError("not reached")
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and url in out and "AGENTKIT_OFFLINE=1" in out
    assert "Traceback" not in out


def test_friendly_errors_let_other_errors_through():
    client = agentkit.make_client(offline=True)
    with pytest.raises(anthropic.BadRequestError):
        with agentkit.friendly_errors(client):
            client.messages.create(model=agentkit.default_model(), max_tokens=64, messages=[])
