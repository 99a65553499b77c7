"""Model ids as the live API treats them: unknown and retired ids get 404 not_found_error, retirement
from the installed SDK's deprecation table and a pinned clock; GET /v1/models in the API's shape."""

from datetime import date

import anthropic
import pytest

import agentkit
from agentkit.offline import models

MESSAGES = [{"role": "user", "content": "你好"}]
pytestmark = pytest.mark.filterwarnings("ignore:The model .* is deprecated:DeprecationWarning")


def not_found(call) -> dict:
    with pytest.raises(anthropic.NotFoundError) as e:
        call()
    assert e.value.status_code == 404
    return e.value.body


@pytest.mark.parametrize(
    "model", ["gpt-4o", "claude-sonnet-4-6x", "claude-3-sonnet-20240229", "claude-mythos-preview"]
)
def test_unknown_and_retired_ids_get_the_apis_404(model):
    client = agentkit.make_client(offline=True)
    body = not_found(lambda: client.messages.create(model=model, max_tokens=64, messages=MESSAGES))
    assert body["type"] == "error"
    assert body["error"] == {"type": "not_found_error", "message": f"model: {model}"}
    assert client.offline.log  # the request arrived; it was not swapped for another model


def test_the_guides_model_retired_on_2026_11_30(monkeypatch):
    assert models.end_of_life("claude-sonnet-4-5") == date(2026, 11, 30)
    line = agentkit.try_model(agentkit.make_client(offline=True), "claude-sonnet-4-5")
    first, hint = line.split("\n")
    assert first == "模型 claude-sonnet-4-5：HTTP 404 not_found_error：model: claude-sonnet-4-5"
    assert f"改用 {agentkit.default_model()}" in hint and "AGENTKIT_MODEL" in hint
    monkeypatch.setenv("AGENTKIT_TODAY", "2026-11-29")  # the day before: still served
    assert "HTTP 200" in agentkit.try_model(agentkit.make_client(offline=True), "claude-sonnet-4-5")


def test_the_clock_is_pinned_not_the_calendar(monkeypatch):
    assert models.today() == models.WORKBOOK_TODAY
    monkeypatch.setenv("AGENTKIT_TODAY", "2027-02-01")
    assert models.lifecycle("claude-opus-4-5") == "retired"
    api = agentkit.make_client(offline=True).offline
    api.today = "2026-12-01"  # an explicit clock wins over the environment
    assert models.lifecycle("claude-opus-4-5", models.today(api.today)) == "deprecated"


def test_try_model_keeps_the_sdk_warning_out(recwarn):
    agentkit.try_model(agentkit.make_client(offline=True), "claude-opus-4-5")
    assert not [w for w in recwarn if issubclass(w.category, DeprecationWarning)]


def test_every_known_active_model_is_served():
    client = agentkit.make_client(offline=True)
    for model in models.listed():
        r = client.messages.create(model=model, max_tokens=64, messages=MESSAGES)
        assert r.model == model


def test_models_list_and_retrieve_in_the_apis_shape():
    client = agentkit.make_client(offline=True)
    page = client.models.list()
    ids = [m.id for m in page.data]
    assert ids == models.listed() and agentkit.default_model() in ids
    assert "claude-sonnet-4-5" not in ids and "claude-mythos-preview" not in ids
    assert page.has_more is False and page.first_id == ids[0] and page.last_id == ids[-1]
    assert all(isinstance(m, anthropic.types.ModelInfo) and m.type == "model" for m in page.data)
    m = client.models.retrieve("claude-haiku-4-5-20251001")
    assert m.display_name == "Claude Haiku 4.5" and m.created_at.year == 2025
    assert m.lifecycle == "active"
    opus = client.models.retrieve("claude-opus-4-5")
    assert opus.lifecycle == "deprecated" and opus.retires_at.date() == date(2027, 1, 22)
    assert not_found(lambda: client.models.retrieve("claude-sonnet-4-5"))["error"]["message"] == (
        "model: claude-sonnet-4-5"
    )


def test_a_wrong_path_gets_the_apis_404():
    client = agentkit.make_client(offline=True)
    body = not_found(lambda: client.get("/v1/nothing", cast_to=object))
    assert body["error"]["type"] == "not_found_error"
