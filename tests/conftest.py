import os

import pytest

# Tests and nbval always run offline: the notebooks' kernels inherit this environment.
os.environ["AGENTKIT_OFFLINE"] = "1"
for _name in (
    "ANTHROPIC_API_KEY",
    "AGENTKIT_RECORD",
    "AGENTKIT_REPLAY",
    "AGENTKIT_MODEL",
    "AGENTKIT_TODAY",
):
    os.environ.pop(_name, None)


@pytest.fixture(autouse=True)
def _offline(monkeypatch):
    """Every test talks to the offline Claude, whatever the machine's environment holds."""
    monkeypatch.setenv("AGENTKIT_OFFLINE", "1")
    for name in (
        "ANTHROPIC_API_KEY",
        "AGENTKIT_RECORD",
        "AGENTKIT_REPLAY",
        "AGENTKIT_MODEL",
        "AGENTKIT_TODAY",
    ):
        monkeypatch.delenv(name, raising=False)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the item, so a fixture can act on failure (browser screenshots)."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report
