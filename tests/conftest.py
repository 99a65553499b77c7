import pytest

from agentkit.settings import CLEARED_FOR_TESTS

# The tiers and the offline environment are set in ../conftest.py (loaded first, for any path).


@pytest.fixture(autouse=True)
def _offline(monkeypatch):
    """Every test talks to the offline Claude, whatever the machine's environment holds."""
    for name in CLEARED_FOR_TESTS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("AGENTKIT_OFFLINE", "1")


LOWERED_LIMIT = 100  # the runaway limit where the grader's budget is not the subject


@pytest.fixture(autouse=True)
def _lowered_budget(request, monkeypatch):
    """The task that never ends runs to LOWERED_LIMIT + 1 requests, not the battery's 1,001, in a
    test whose subject is not the budget (a loop with no cap costs a third as much); a test marked
    `budget` keeps the real one. Every cap the lowered limit judges is at most BUDGET (60) in the
    specimens and the correct shapes, so no verdict changes: only the number of requests said."""
    if request.node.get_closest_marker("budget") is None:
        from agentkit.grading import runner

        monkeypatch.setattr(runner, "LIMIT", LOWERED_LIMIT)


@pytest.fixture(autouse=True)
def _specimens_start_clean():
    """A specimen that leaks state between runs (`mutable_default_history`'s `history=[]`) keeps
    it in its function's defaults, which outlive a test: each test starts and ends with them
    empty, so what one test ran never shows in another's conversation (whatever the worker's
    order of files)."""
    from agentkit import antipatterns

    def clear():
        for fn in vars(antipatterns).values():
            for default in (getattr(fn, "__kwdefaults__", None) or {}).values():
                if isinstance(default, list | dict | set):
                    default.clear()

    clear()
    yield
    clear()


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
