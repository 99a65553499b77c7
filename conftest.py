"""The test tiers (README, CONTRIBUTING):

    python -m pytest                        the fast tier: minutes, no notebook executed, no browser
    python -m pytest --full -n 2            the full tier (.ci/run): strict nbval over both editions,
                                            the student editions, the browser, nbgrader, JupyterHub,
                                            every seed, every benchmark at its smallest size
    python -m pytest -m lite tests/test_lite.py   the JupyterLite site in Chromium (.ci/run too)

A heavy test carries `@pytest.mark.slow` (a test in the browser `browser`, the Lite site `lite`);
the fast tier deselects them. `--full` turns on `--nbval --nbval-current-env` and selects everything
but `lite`, unless `-m` says otherwise. This file sits at the root so that `--full` is known
whatever path is given (`pytest notebooks/en --full`)."""

import os

from agentkit.settings import CLEARED_FOR_TESTS

FAST = "not slow and not browser and not lite"  # addopts in pyproject.toml sets it
FULL = "not lite"

# Tests and nbval always run offline: the notebooks' kernels inherit this environment.
for _name in CLEARED_FOR_TESTS:
    os.environ.pop(_name, None)
os.environ["AGENTKIT_OFFLINE"] = "1"


def pytest_addoption(parser):
    parser.addoption(
        "--full",
        action="store_true",
        help="the full tier: strict nbval (in this interpreter) and every test but `lite`",
    )


def pytest_configure(config):
    if not config.getoption("full"):
        return
    config.option.nbval = True
    config.option.nbval_current_env = True
    if config.option.markexpr == FAST:  # from addopts: widen it; a -m of the caller's stays
        config.option.markexpr = FULL


def pytest_report_header(config):
    tier = "full" if config.getoption("full") else "fast"
    return f"tier: {tier} (-m {config.option.markexpr!r}); the other: see conftest.py"
