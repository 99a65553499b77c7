"""Grade the reference loop and every specimen at seed 0, in both languages, and store the board
the lessons show (agentkit/grading/scoreboard.json; about a minute on two cores).

    python scripts/store_scoreboard.py

Run it after changing the grader, a specimen, the stand-in or anything else the board depends on:
`tests/test_scoreboard_store.py` fails until the store matches the sources again.
"""

from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run_notebooks import offline_env  # noqa: E402  (a sibling script: the tests' environment)


def main() -> None:
    offline_env()
    from agentkit.grading import stored
    from agentkit.i18n import LANGUAGES

    start = time.perf_counter()
    with ProcessPoolExecutor(len(LANGUAGES)) as pool:  # a language a process
        path = stored.write(stored.compute(lambda langs: list(pool.map(stored.board, langs))))
    print(f"{path}: {len(stored.loops())} loops, {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
