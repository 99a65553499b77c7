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

An exam also has, as the real exam's screen: ``quiz.clock`` (the countdown, quiz-clock; a hidden
``quiz.ticker``, an ipywidgets Play, ticks it each second in the browser), ``quiz.prev`` (quiz-prev),
``quiz.flag`` (a toggle, quiz-flag), ``quiz.nav`` (a button per question, quiz-nav: answered ones
filled, flagged ones marked ⚑; click one to go there), ``quiz.review`` (quiz-review-button: the
review screen) and ``quiz.hand_in`` (quiz-hand-in). An exam is timed at the real exam's pace unless
``time_limit`` says otherwise (0: none); it ends when handed in or when its time is up.

Nothing is printed while it runs (feedback goes into ``HTML.value``), so notebooks that show a quiz
pass strict nbval; its text/plain representation is fixed by its arguments.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Mapping, Sequence

import ipywidgets as widgets

from .bank import LETTERS, Item, Topic, load_bank, load_topics, why_wrong_note
from .engine import Feedback, Result, SessionOver, start
from .messages import clock_text, env_lang, exam_score_texts, numbers_text, percent, t
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
        clock: Callable[[], float] = time.monotonic,
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
            time_limit=time_limit or None,
            paced=time_limit is None,
            topics=self._topics,
            clock=clock,
        )
        self.exam = self.session.mode == "exam"
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
        self._build_exam_controls()
        buttons = [self.submit, self.next]
        top: list[widgets.Widget] = []
        if self.exam:
            buttons = [self.prev, self.submit, self.next, self.flag, self.review]
            top = [widgets.HBox([self.clock, self.ticker]), self.nav]
        self.widget = widgets.VBox(
            [
                *top,
                self.question,
                self.choice,
                widgets.HBox(buttons + ([self.hand_in] if self.exam else [])),
                self.feedback,
                self.score,
                self.progress,
            ],
            layout=widgets.Layout(width="100%"),
        ).add_class("quiz")
        self.submit.on_click(self._on_submit)
        self.next.on_click(self._on_next)
        self._shown = 1  # the number of the question on screen
        self._back_to_review = False
        self._show_current()
        self._show_progress()

    def _build_exam_controls(self) -> None:
        self._ended = False
        lang, total = self.lang, len(self.session.questions)
        self.clock = widgets.HTML().add_class("quiz-clock")
        limit = self.session.time_limit
        self.ticker = widgets.Play(
            value=0,
            min=0,
            max=int(limit) + 1 if limit else 1,
            interval=1000,
            show_repeat=False,
            playing=bool(self.exam and limit),
            layout=widgets.Layout(display="none"),
        ).add_class("quiz-ticker")
        self.prev = widgets.Button(description=t(lang, "prev")).add_class("quiz-prev")
        self.flag = widgets.ToggleButton(description=t(lang, "flag"), icon="flag").add_class(
            "quiz-flag"
        )
        self.review = widgets.Button(description=t(lang, "review_button")).add_class(
            "quiz-review-button"
        )
        self.hand_in = widgets.Button(
            description=t(lang, "hand_in"), button_style="danger", disabled=True
        ).add_class("quiz-hand-in")
        cell = widgets.Layout(width="3.2em", padding="0")
        self.nav_buttons = [
            widgets.Button(description=str(n), layout=cell).add_class("quiz-nav-button")
            for n in range(1, total + 1)
        ]
        self.nav = widgets.HBox(
            self.nav_buttons, layout=widgets.Layout(flex_flow="row wrap", width="100%")
        ).add_class("quiz-nav")
        for n, button in enumerate(self.nav_buttons, start=1):
            button.on_click(lambda _b, n=n: self._go(n))
        self.prev.on_click(self._on_prev)
        self.flag.observe(self._on_flag, names="value")
        self.review.on_click(lambda _b: self._show_review())
        self.hand_in.on_click(self._on_hand_in)
        self.ticker.observe(lambda _change: self._tick(), names="value")

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
        if self.exam:
            if not self.submit.disabled:
                self._submit_exam_answer()
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
        if self.exam:
            if not self.next.disabled:  # a click on a disabled button does nothing
                self._go(min(self._shown + 1, len(self.session.questions)))
            return
        self._show_current()

    # -- an exam: the clock, moving about, flags, the review screen, handing in --------------------

    def _tick(self) -> None:
        """Redraw the countdown; when the time is up, end the exam on screen."""
        left = self.session.time_left
        if left is not None and self.exam:
            css = "quiz-clock-low" if left < 300 else ""
            self.clock.value = _para(t(self.lang, "widget.time_left", clock=clock_text(left)), css)
        if self.exam and self.session.finished and not self._ended:
            self._show_end()

    def _on_prev(self, _button=None) -> None:
        if not self.prev.disabled:  # a click on a disabled button does nothing
            self._go(self._shown - 1)

    def _go(self, number: int) -> None:
        if self.session.finished:
            self._show_end()
            return
        if 1 <= number <= len(self.session.questions):
            self.session.goto(number)
        self._show_current()

    def _submit_exam_answer(self) -> None:
        if self.choice.value is None:
            self.feedback.value = _para(t(self.lang, "invalid.none"), "quiz-warning")
            return
        number = self._shown
        try:
            self.session.goto(number)  # the question on screen (the session moved on after one)
            feedback = self.session.answer(self.choice.value)
        except SessionOver:
            self._show_end()
            return
        said = t(self.lang, "recorded", letter=feedback.chosen)
        self.score.value = self._progress_html()
        if self._back_to_review or number == len(self.session.questions):
            self._show_review(said)
            return
        self._refresh_nav()
        self.feedback.value = _para(said)  # it stays on screen, to change or to move on

    def _on_flag(self, change) -> None:
        if self.session.finished or self._shown is None:
            return
        self.session.flag(self._shown, on=bool(change["new"]))
        self._refresh_nav()

    def _refresh_nav(self) -> None:
        flagged = set(self.session.flagged)
        for n, button in enumerate(self.nav_buttons, start=1):
            given = self.session.answer_to(n)
            button.description = f"{n}⚑" if n in flagged else str(n)
            button.button_style = "info" if given is not None else ""
            button.tooltip = given.chosen if given is not None else ""
            button.disabled = self.session.finished

    def _show_review(self, said: str = "") -> None:
        """The review screen: every question's answer and flag, what is left; Hand in is here."""
        if self.session.finished:
            self._show_end()
            return
        self._back_to_review = True
        self._refresh_nav()
        s, lang = self.session, self.lang
        rows = "".join(
            f"<tr><td>{q.number}</td><td>{(a.chosen if (a := s.answer_to(q.number)) else '—')}"
            f"</td><td>{'⚑' if q.number in s.flagged else ''}</td></tr>"
            for q in s.questions
        )
        header = t(lang, "screen.header", answered=len(s.answers), total=len(s.questions))
        self.question.value = (
            f"<h4>{html.escape(header)}</h4>"
            + _para(t(lang, "screen.unanswered", numbers=numbers_text(lang, s.unanswered)))
            + _para(t(lang, "screen.flagged", numbers=numbers_text(lang, s.flagged)))
            + _para(t(lang, "widget.review_hint"))
            + f'<table class="quiz-review-screen">{rows}</table>'
        )
        self.feedback.value = _para(said) if said else ""
        self.choice.value = None
        self.choice.disabled = self.submit.disabled = self.flag.disabled = True
        self.next.disabled = self.prev.disabled = True
        self.hand_in.disabled = False
        self.score.value = self._progress_html()

    def _on_hand_in(self, _button=None) -> None:
        if self.hand_in.disabled:
            return
        if not self.session.finished:
            self.session.hand_in()
        self._show_end()

    # -- views -------------------------------------------------------------------------------------

    def _show_current(self) -> None:
        question = self.session.current
        self.feedback.value = ""
        self.next.disabled = True
        if self.exam and question is not None:
            self._show_exam_question(question)
            return
        if question is None:
            if not self.session.questions:
                self.question.value = _para(t(self.lang, "review.empty"))
            self._show_end()
            return
        self.question.value = self._question_html(question)
        self.choice.value = None
        self.choice.disabled = self.submit.disabled = False
        self.score.value = self._progress_html()

    def _show_exam_question(self, question) -> None:
        """An exam's question: its answer so far selected, changeable; every move allowed."""
        self._shown = question.number
        self.question.value = self._question_html(question)
        given = self.session.answer_to(question.number)
        self.choice.value = given.chosen if given is not None else None
        self.choice.disabled = self.submit.disabled = self.flag.disabled = False
        self.flag.value = question.number in self.session.flagged
        self.prev.disabled = question.number == 1
        self.next.disabled = question.number == question.total
        self.hand_in.disabled = True
        self.score.value = self._progress_html()
        self._refresh_nav()
        self._tick()

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
        self._ended = True
        self.choice.disabled = self.submit.disabled = self.next.disabled = True
        if self.exam:
            self.ticker.playing = False
            for control in (self.prev, self.flag, self.review, self.hand_in):
                control.disabled = True
            self._refresh_nav()
            self._tick()
            self._show_progress()
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
