"""The notebook quiz: an ipywidgets front end over a ``quizzes.engine.Session``.

    QuizWidget(mode="practice", lang="zh", n=5, seed=1, store=Store.memory())

``lang`` defaults to AGENTKIT_LANG (zh or en, the setting agentkit and the CLI read), else zh, so
the English lessons, which set AGENTKIT_LANG=en, get an English quiz without passing it.

The child widgets are attributes, so a test (or a browser) can drive the quiz: set
``quiz.choice.value = "B"``, call ``quiz.submit.click()``, read ``quiz.feedback.value``, then
``quiz.next.click()``; ``quiz.score.value`` shows progress and, at the end, the score;
``quiz.progress.value`` holds the per-topic mastery chart (an SVG, weakest topic first), redrawn after
every answer from the store. Each has a stable CSS class: quiz, quiz-question, quiz-choice,
quiz-submit, quiz-feedback, quiz-score, quiz-next, quiz-progress.

Nothing is printed while it runs (feedback goes into ``HTML.value``), so notebooks that show a quiz
pass strict nbval; its text/plain representation is fixed by its arguments.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import ipywidgets as widgets

from .bank import LETTERS, Item, Topic, load_bank, load_topics, why_wrong_note
from .engine import Feedback, Result, SessionOver, start
from .messages import env_lang, exam_score_texts, percent, t
from .progress import mastery, svg_chart, unasked
from .render import to_html
from .store import Store


class QuizWidget:
    def __init__(
        self,
        mode: str = "practice",
        *,
        lang: str | None = None,
        n: int | None = None,
        seed: int | None = None,
        store: Store | None = None,
        items: Sequence[Item] | None = None,
        time_limit: float | None = None,
        topics: Mapping[str, Topic] | None = None,
    ):
        if lang is None:  # a wrong AGENTKIT_LANG is one line (LanguageError)
            lang = env_lang() or "zh"
        t(lang, "submit")  # rejects an unknown language early
        self.lang = lang
        self._args = dict(mode=mode, lang=lang, n=n, seed=seed)
        self._items = list(load_bank() if items is None else items)
        self._topics = load_topics() if topics is None else topics
        self.store = store
        self.session = start(
            mode,
            items=self._items,
            n=n,
            seed=seed,
            store=store,
            time_limit=time_limit,
            topics=self._topics,
        )
        self.question = widgets.HTML().add_class("quiz-question")
        self.choice = widgets.ToggleButtons(options=LETTERS, value=None).add_class("quiz-choice")
        self.submit = widgets.Button(
            description=t(lang, "submit"),
            button_style="primary",
        ).add_class("quiz-submit")
        self.next = widgets.Button(description=t(lang, "next"), disabled=True).add_class(
            "quiz-next"
        )
        self.feedback = widgets.HTML().add_class("quiz-feedback")
        self.score = widgets.HTML().add_class("quiz-score")
        self.progress = widgets.HTML().add_class("quiz-progress")
        self.widget = widgets.VBox(
            [
                self.question,
                self.choice,
                widgets.HBox([self.submit, self.next]),
                self.feedback,
                self.score,
                self.progress,
            ]
        ).add_class("quiz")
        self.submit.on_click(self._on_submit)
        self.next.on_click(self._on_next)
        self._show_current()
        self._show_progress()

    # -- display -----------------------------------------------------------------------------------

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self._args.items() if v is not None)
        return f"QuizWidget({args})"

    def _repr_mimebundle_(self, **kwargs):
        bundle = self.widget._repr_mimebundle_(**kwargs) or {}
        return {**bundle, "text/plain": repr(self)}

    # -- events ------------------------------------------------------------------------------------

    def _on_submit(self, _button=None) -> None:
        if self.session.finished:
            self._show_end()
            return
        if self.choice.value is None:
            self.feedback.value = _para(t(self.lang, "invalid.none"), "quiz-warning")
            return
        try:
            feedback = self.session.answer(self.choice.value)
        except SessionOver:
            self._show_end()
            return
        self.feedback.value = self._feedback_html(feedback)
        if feedback.revealed:
            self.question.value = self._question_html(feedback.question, feedback.chosen)
        self._show_progress()
        self.choice.disabled = self.submit.disabled = True
        if self.session.finished:
            self._show_end()
        else:
            self.next.disabled = False
            self.score.value = self._progress_html()

    def _on_next(self, _button=None) -> None:
        self._show_current()

    # -- views -------------------------------------------------------------------------------------

    def _show_current(self) -> None:
        question = self.session.current
        self.feedback.value = ""
        self.next.disabled = True
        if question is None:
            if not self.session.questions:
                self.question.value = _para(t(self.lang, "review.empty"))
            self._show_end()
            return
        self.question.value = self._question_html(question)
        self.choice.value = None
        self.choice.disabled = self.submit.disabled = False
        self.score.value = self._progress_html()

    def _question_html(self, question, chosen: str | None = None, correct: bool | None = None):
        """The question; after a revealed answer, the chosen option in green (right) or red
        (wrong) and the key marked in green."""
        lang = self.lang
        header = t(lang, "question.header", number=question.number, total=question.total)
        frame = question.item.frame
        setting = (
            f"<p><b>{html.escape(t(lang, 'question.frame'))}</b></p>{to_html(frame.get(lang))}"
            if frame is not None
            else ""
        )
        options = "".join(
            _option_html(letter, text, chosen, question.correct_letter if chosen else None)
            for letter, text in question.options(lang)
        )
        return (
            f"<h4>{html.escape(t(lang, f'mode.{self.session.mode}'))} · {html.escape(header)}</h4>"
            f"{setting}"
            f"<p><b>{html.escape(t(lang, 'question.scenario'))}</b></p>"
            f"{to_html(question.item.scenario.get(lang))}"
            f"<p><b>{html.escape(t(lang, 'question.stem'))}</b></p>"
            f"{to_html(question.item.stem.get(lang))}"
            f'<ul style="list-style: none; padding-left: 0">{options}</ul>'
        )

    def _show_progress(self) -> None:
        """The mastery chart from the store (empty without one); in an exam, only at the end."""
        if self.store is None or (self.session.mode == "exam" and not self.session.finished):
            self.progress.value = ""
            return
        self.progress.value = progress_html(self.store, self.lang, self._items, self._topics)

    def _feedback_html(self, feedback: Feedback) -> str:
        lang = self.lang
        if not feedback.revealed:
            return _para(t(lang, "recorded", letter=feedback.chosen))
        if feedback.correct:
            parts = [_para(t(lang, "right"), "quiz-right")]
        else:
            parts = [
                _para(t(lang, "wrong", letter=feedback.correct_letter), "quiz-wrong"),
                _para(
                    t(
                        lang,
                        "why_wrong",
                        letter=feedback.chosen,
                        text=why_wrong_note(feedback.why_wrong, feedback.chosen).get(lang),
                    )
                ),
            ]
        if feedback.explanation is None:  # revealed feedback always carries the explanation
            raise ValueError("revealed feedback has no explanation")
        parts.append(_para(t(lang, "explanation", text=feedback.explanation.get(lang))))
        return "".join(parts)

    def _progress_html(self) -> str:
        s = self.session
        key = "progress.exam" if s.mode == "exam" else "progress"
        return _para(
            t(
                self.lang,
                key,
                answered=len(s.answers),
                total=len(s.questions),
                correct=sum(a.correct for a in s.answers),
            )
        )

    def _show_end(self) -> None:
        self.choice.disabled = self.submit.disabled = self.next.disabled = True
        self.score.value = summary_html(self.session.result(), self.lang)


def progress_html(
    store: Store,
    lang: str = "zh",
    items: Sequence[Item] | None = None,
    topics: Mapping[str, Topic] | None = None,
) -> str:
    """Mastery by topic from ``store`` as HTML: a heading and an SVG chart, weakest topic first.

    ``IPython.display.HTML(progress_html(store))`` shows it in a notebook; the quiz widget redraws
    the same chart in ``quiz.progress`` after every answer.
    """
    items = load_bank() if items is None else items
    topics = load_topics() if topics is None else topics
    rows = mastery(store, items, topics)
    chart = svg_chart(rows, lang, unasked(rows, items, topics))
    return f"<p><b>{html.escape(t(lang, 'mastery.header'))}</b></p>{chart}"


def summary_html(result: Result, lang: str) -> str:
    """The final score as HTML: the exam's scaled score and topic table, the weakest topics."""
    parts = [_para(t(lang, "done"))]
    if result.timed_out:
        parts.append(_para(t(lang, "time_up"), "quiz-wrong"))
    if result.mode == "exam":
        score, *details = exam_score_texts(lang, result)
        parts.append(_heading(score))
        parts += [_para(text) for text in details]
        rows = "".join(
            f"<tr><td>{html.escape(ts.topic.get(lang))}</td><td>{ts.right}/{ts.total}</td></tr>"
            for ts in result.topics
        )
        parts.append(
            f"<p><b>{html.escape(t(lang, 'topics.header'))}</b></p>"
            f'<table class="quiz-topics">{rows}</table>'
        )
        parts.append(_review_html(result, lang))
    elif result.answered:
        parts.append(
            _heading(
                t(
                    lang,
                    "score.practice",
                    correct=result.correct,
                    total=result.answered,
                    percent=percent(result.correct / result.answered),
                )
            )
        )
        parts.append(_review_html(result, lang))
    weakest = result.weakest()
    if weakest:
        items = "".join(
            f"<li>{html.escape(ts.topic.get(lang))} ({ts.right}/{ts.total})</li>" for ts in weakest
        )
        parts.append(f"<p><b>{html.escape(t(lang, 'topics.weakest'))}</b></p><ul>{items}</ul>")
    return "".join(parts)


def _review_html(result: Result, lang: str) -> str:
    """Each missed question: its setting, scenario and question, the learner's choice and why it
    is wrong, the key and why it is right (an exam lists unanswered questions too)."""
    answers = {a.question.number: a for a in result.answers}
    entries = []
    for q in result.questions:
        a = answers.get(q.number)
        if (a is not None and a.correct) or (a is None and result.mode != "exam"):
            continue
        item, letter = q.item, q.correct_letter
        if a is None:
            head = _para(t(lang, "review.unanswered", number=q.number, letter=letter))
        else:
            head = _para(t(lang, "review.line", number=q.number, chosen=a.chosen, letter=letter))
        parts = [head]
        if item.frame is not None:
            parts.append(f"<p><b>{html.escape(t(lang, 'question.frame'))}</b></p>")
            parts.append(to_html(item.frame.get(lang)))
        parts.append(f"<p><b>{html.escape(t(lang, 'question.scenario'))}</b></p>")
        parts.append(to_html(item.scenario.get(lang)))
        parts.append(f"<p><b>{html.escape(t(lang, 'question.stem'))}</b></p>")
        parts.append(to_html(item.stem.get(lang)))
        if a is not None:
            chosen = q.option(a.chosen)
            parts.append(
                _para(t(lang, "review.chosen", letter=a.chosen, text=chosen.text.get(lang)))
            )
            why = why_wrong_note(chosen.why_wrong, a.chosen).get(lang)
            parts.append(_para(t(lang, "why_wrong", letter=a.chosen, text=why), "quiz-why-wrong"))
        parts.append(_para(t(lang, "review.key", letter=letter, text=item.correct.text.get(lang))))
        parts.append(to_html(t(lang, "explanation", text=item.explanation.get(lang))))
        entries.append(f"<li>{''.join(parts)}</li>")
    if not entries:
        return ""
    return (
        f"<p><b>{html.escape(t(lang, 'review.header'))}</b></p>"
        f'<ol class="quiz-review">{"".join(entries)}</ol>'
    )


_MARKS = {
    "quiz-chosen-right": "background: #e6f4ea; border-left: 4px solid #1e8e3e",
    "quiz-chosen-wrong": "background: #fce8e6; border-left: 4px solid #d93025",
    "quiz-key": "border-left: 4px solid #1e8e3e",
}


def _option_html(letter: str, text: str, chosen: str | None, key: str | None) -> str:
    """One option; with ``chosen`` and ``key`` given, marked: chosen right or wrong, the key."""
    classes, mark = ["quiz-option"], ""
    if chosen is not None and letter == chosen:
        classes.append("quiz-chosen-right" if letter == key else "quiz-chosen-wrong")
        mark = " ✓" if letter == key else " ✗"
    elif key is not None and letter == key:
        classes.append("quiz-key")
        mark = " ✓"
    style = "; ".join(_MARKS[c] for c in classes if c in _MARKS)
    style_attr = f' style="{style}; padding-left: 4px"' if style else ""
    return (
        f'<li class="{" ".join(classes)}"{style_attr}><b>{letter}.{mark}</b> {to_html(text)}</li>'
    )


def _para(text: str, css: str = "") -> str:
    cls = f' class="{css}"' if css else ""
    return f"<p{cls}>{html.escape(text)}</p>"


def _heading(text: str) -> str:
    return f'<h4 class="quiz-final">{html.escape(text)}</h4>'
