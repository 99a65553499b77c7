import os

import pytest

from agentkit.settings import CLEARED_FOR_TESTS

# Tests and nbval always run offline: the notebooks' kernels inherit this environment.
for _name in CLEARED_FOR_TESTS:
    os.environ.pop(_name, None)
os.environ["AGENTKIT_OFFLINE"] = "1"


@pytest.fixture(autouse=True)
def _offline(monkeypatch):
    """Every test talks to the offline Claude, whatever the machine's environment holds."""
    for name in CLEARED_FOR_TESTS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AGENTKIT_OFFLINE", "1")


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the item, so a fixture can act on failure (browser screenshots)."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report
