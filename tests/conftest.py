import pytest

from agentkit.settings import CLEARED_FOR_TESTS

# The tiers and the offline environment are set in ../conftest.py (loaded first, for any path).


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


@pytest.fixture(scope="session")
def battery():
    """The session's one battery cache (tests/batteries.py): `battery(loop, seed=…, lang=…)`."""
    from batteries import graded

    return graded
