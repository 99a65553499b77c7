"""Lesson 09: one exam item answered by letter."""

from __future__ import annotations

from typing import Any

from ..strings import T
from .core import Wrong, answered, check, require

T.add(
    __name__,
    {
        "hint.quiz_answer": (
            "再读一遍题干：这一步该由代码事先定好，还是由模型读了结果再决定？",
            "Read the question again: should code fix this step in advance, or should the model "
            "decide after reading the results?",
        ),
        "quiz_answer.item": (
            "item 不是题库里的一道题：先运行上面抽题的单元格（item = …），再运行这一格。",
            "item is not a question from the bank: run the cell above that draws one (item = …), "
            "then this one.",
        ),
        "quiz_answer.letter": (
            "my_choice 应是 A、B、C、D 中的一个字母，现在是 {choice!r}。",
            "my_choice should be one of the letters A, B, C, D; it is {choice!r}.",
        ),
        "quiz_answer.wrong": ("{letter} 错在：{why}", "{letter} is wrong: {why}"),
        "quiz_answer.passed": ("{answer}。解析：{why}", "{answer}. Why: {why}"),
    },
)


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
