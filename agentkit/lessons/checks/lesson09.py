"""Lesson 09: one exam item answered by letter."""

from __future__ import annotations

from typing import Any

from ..strings import T
from .core import Wrong, answered, check, require


@check("hint.quiz_answer")
def quiz_answer(my_choice: Any, item: Any) -> str:
    """Lesson 09: one exam item answered by letter; a wrong letter is told why it is wrong."""
    from ...i18n import language

    answered(my_choice, "my_choice")
    require(hasattr(item, "options") and hasattr(item, "answer"), T("quiz_answer.item"))
    letter = str(my_choice).strip().upper()
    require(letter in item.options, T("quiz_answer.letter", choice=my_choice))
    lang = language()
    if letter != item.answer:
        why = getattr(item.options[letter].why_wrong, lang)
        raise Wrong(T("quiz_answer.wrong", letter=letter, why=why))
    return T("quiz_answer.passed", answer=item.answer, why=getattr(item.explanation, lang))
