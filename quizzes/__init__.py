"""The exam trainer: the question bank, the quiz engine, saved progress, a CLI and a widget.

    from quizzes import load_bank, start, Store
    session = start("exam", n=10, seed=1, store=Store.memory())
    session.current.options("zh"); session.answer("B"); session.goto(1); session.flag()
    session.hand_in().score

Terminal: ``python -m quizzes --mode exam --n 10 --seed 1``. Notebook: ``quizzes.widget.QuizWidget``
(imported lazily, so the CLI does not need ipywidgets).
"""

from .bank import BankError, Item, Option, Scenario, Text, Topic, coverage, load_bank, load_topics
from .engine import (
    PASS_SCORE,
    Abandoned,
    Feedback,
    InvalidAnswer,
    Question,
    Result,
    Session,
    SessionOver,
    TopicScore,
    scaled_score,
    start,
)
from .store import DamagedStoreWarning, Store, StoreError, default_path, open_store

__all__ = [
    "BankError",
    "Item",
    "Option",
    "Scenario",
    "Text",
    "Topic",
    "coverage",
    "load_bank",
    "load_topics",
    "PASS_SCORE",
    "Abandoned",
    "Feedback",
    "InvalidAnswer",
    "Question",
    "Result",
    "Session",
    "SessionOver",
    "TopicScore",
    "scaled_score",
    "start",
    "DamagedStoreWarning",
    "Store",
    "StoreError",
    "default_path",
    "open_store",
    "QuizWidget",
]


def __getattr__(name):
    if name == "QuizWidget":
        from .widget import QuizWidget

        return QuizWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
