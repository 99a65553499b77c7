"""The ipywidgets quiz, driven as a browser would: set the choice, click, read the HTML."""

import dataclasses
from pathlib import Path

import pytest

from quizzes import Store, load_bank
from quizzes.bank import LETTERS
from quizzes.widget import QuizWidget

GOOD = Path(__file__).parent / "data" / "quiz" / "good.toml"


@pytest.fixture(scope="module")
def items():
    return load_bank([GOOD])


def wrong_letter(quiz):
    return next(x for x in LETTERS if x != quiz.session.current.correct_letter)


def test_practice_wrong_then_right_then_score(items):
    store = Store.memory()
    quiz = QuizWidget("practice", lang="zh", n=2, seed=1, store=store, items=items)
    first = quiz.session.current
    assert "第 1/2 题" in quiz.question.value and first.item.stem.zh in quiz.question.value
    assert quiz.choice.value is None and quiz.next.disabled

    quiz.choice.value = wrong_letter(quiz)
    chosen = quiz.choice.value
    quiz.submit.click()
    assert f"✗ 回答错误。正确答案是 {first.correct_letter}。" in quiz.feedback.value
    assert first.item.options[chosen].why_wrong.zh in quiz.feedback.value
    assert first.item.explanation.zh in quiz.feedback.value
    assert quiz.submit.disabled and quiz.choice.disabled and not quiz.next.disabled
    assert "已答 1/2 题，答对 0 题。" in quiz.score.value

    quiz.next.click()
    assert "第 2/2 题" in quiz.question.value and quiz.feedback.value == ""
    quiz.choice.value = quiz.session.current.correct_letter
    quiz.submit.click()
    assert "✓ 回答正确。" in quiz.feedback.value
    assert "得分：1/2（50%）" in quiz.score.value  # the score at the end
    assert "最薄弱的主题" in quiz.score.value
    assert quiz.next.disabled and quiz.submit.disabled
    assert [a.correct for a in store.attempts()] == [False, True]


def test_submit_without_a_choice_asks_for_one(items):
    quiz = QuizWidget("practice", lang="en", n=1, seed=1, items=items)
    quiz.submit.click()
    assert "Choose an option (A-D) before submitting." in quiz.feedback.value
    assert quiz.session.answers == [] and not quiz.submit.disabled


def test_exam_hides_feedback_and_shows_scaled_score(items):
    quiz = QuizWidget("exam", lang="en", n=3, seed=7, items=items)
    for _ in range(3):
        quiz.choice.value = quiz.session.current.correct_letter
        quiz.submit.click()
        assert "recorded" in quiz.feedback.value and "Correct" not in quiz.feedback.value
        if not quiz.session.finished:
            quiz.next.click()
    assert "Review before handing in: 3/3 answered." in quiz.question.value
    assert not quiz.session.finished and "Exam score" not in quiz.score.value
    quiz.hand_in.click()
    assert "Exam score: 1000 / 1000 (720 passes) - PASS" in quiz.score.value
    assert "this bank covers task 1.1 only" in quiz.score.value
    assert 'class="quiz-topics"' in quiz.score.value
    assert "quiz-review" not in quiz.score.value  # nothing wrong to review


def test_exam_ends_with_a_review_of_the_wrong_answers(items):
    quiz = QuizWidget("exam", lang="zh", n=2, seed=7, items=items)
    first = quiz.session.current
    quiz.choice.value = wrong_letter(quiz)
    chosen = quiz.choice.value
    quiz.submit.click()
    quiz.next.click()
    quiz.choice.value = quiz.session.current.correct_letter
    quiz.submit.click()
    quiz.hand_in.click()
    assert "考试成绩：550 / 1000（720 分及格）—— 未通过" in quiz.score.value
    assert f"第 1 题：你选 {chosen}，正确答案是 {first.correct_letter}。" in quiz.score.value
    assert first.item.explanation.zh in quiz.score.value
    assert f"你选的 {chosen} 错在：{first.option(chosen).why_wrong.zh}" in quiz.score.value
    assert "计分：100 + 900 × 1/2 = 550（四舍五入）" in quiz.score.value
    assert "第 2 题" not in quiz.score.value


def test_progress_chart_draws_mastery_weakest_first_after_each_answer(items):
    import re

    store = Store.memory()
    quiz = QuizWidget("practice", lang="en", n=len(items), seed=3, store=store, items=items)
    assert "No answers yet" in quiz.progress.value
    missed = quiz.session.current.item
    quiz.choice.value = wrong_letter(quiz)
    quiz.submit.click()
    assert "<svg" in quiz.progress.value and "Mastery by topic" in quiz.progress.value
    rows = re.findall(r'data-topic="([^"]+)" data-mastery="(\d+)"', quiz.progress.value)
    assert rows[0] == (missed.topic, "0")
    while not quiz.session.finished:
        quiz.next.click()
        quiz.choice.value = quiz.session.current.correct_letter
        quiz.submit.click()
    rows = re.findall(r'data-topic="([^"]+)" data-mastery="(\d+)"', quiz.progress.value)
    shares = [int(m) for _, m in rows]
    assert shares == sorted(shares) and shares[-1] == 100
    assert rows[0][0] == missed.topic and shares[0] < 100  # the weakest topic comes first
    assert len(rows) == len({i.topic for i in items})
    assert quiz.progress.value.count("<polyline") == len(rows)


def test_exam_shows_the_chart_only_at_the_end(items):
    store = Store.memory()
    quiz = QuizWidget("exam", lang="zh", n=2, seed=7, store=store, items=items)
    quiz.choice.value = "A"
    quiz.submit.click()
    assert quiz.progress.value == ""
    quiz.next.click()
    quiz.choice.value = "B"
    quiz.submit.click()
    assert quiz.progress.value == ""  # the review screen: not handed in yet
    quiz.hand_in.click()
    assert "<svg" in quiz.progress.value


def test_review_with_nothing_to_review(items):
    quiz = QuizWidget("review", lang="zh", store=Store.memory(), items=items)
    assert "现在没有到期的复习题" in quiz.question.value
    assert quiz.submit.disabled and quiz.choice.disabled


def test_stable_css_classes_and_deterministic_repr(items):
    quiz = QuizWidget("exam", lang="zh", n=2, seed=1, items=items)
    classes = {
        w: set(getattr(quiz, w)._dom_classes)
        for w in ("question", "choice", "submit", "next", "feedback", "score", "progress", "widget")
    }
    assert classes == {
        "question": {"quiz-question"},
        "choice": {"quiz-choice"},
        "submit": {"quiz-submit"},
        "next": {"quiz-next"},
        "feedback": {"quiz-feedback"},
        "score": {"quiz-score"},
        "progress": {"quiz-progress"},
        "widget": {"quiz"},
    }
    bundle = quiz._repr_mimebundle_()
    assert bundle["text/plain"] == "QuizWidget(mode='exam', lang='zh', n=2, seed=1)"
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_unknown_language_is_refused(items):
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        QuizWidget("practice", lang="fr", items=items)


def test_the_language_defaults_to_agentkit_lang_as_the_cli_does(items, monkeypatch):
    from quizzes.messages import LanguageError

    monkeypatch.setenv("AGENTKIT_LANG", "en")
    quiz = QuizWidget("practice", n=1, seed=1, items=items)
    assert quiz.lang == "en" and quiz.submit.description == "Submit"
    assert repr(quiz) == "QuizWidget(mode='practice', lang='en', n=1, seed=1)"
    assert QuizWidget("practice", lang="zh", n=1, items=items).lang == "zh"  # lang= wins
    monkeypatch.delenv("AGENTKIT_LANG")
    assert QuizWidget("practice", n=1, items=items).lang == "zh"
    monkeypatch.setenv("AGENTKIT_LANG", "fr")
    with pytest.raises(LanguageError, match="AGENTKIT_LANG='fr'"):
        QuizWidget("practice", n=1, items=items)


def test_bank_text_is_escaped_and_code_rendered():
    from quizzes.render import to_html

    text = "Look:\n```python\nif a < b:\n    go()\n```\nThen use `stop_reason` & <b>not</b> text."
    out = to_html(text)
    assert "<pre><code>if a &lt; b:\n    go()</code></pre>" in out
    assert "<code>stop_reason</code> &amp; &lt;b&gt;not&lt;/b&gt; text." in out
    assert "<b>not</b>" not in out


def _marked(quiz, css):
    import re

    return re.findall(rf'<li class="quiz-option {css}"[^>]*><b>([A-D])\.', quiz.question.value)


def test_the_chosen_option_turns_red_when_wrong_and_the_key_is_marked(items):
    quiz = QuizWidget("practice", lang="zh", n=2, seed=1, items=items)
    first = quiz.session.current
    assert "quiz-chosen" not in quiz.question.value and "quiz-key" not in quiz.question.value
    quiz.choice.value = wrong_letter(quiz)
    chosen = quiz.choice.value
    quiz.submit.click()
    assert _marked(quiz, "quiz-chosen-wrong") == [chosen]
    assert _marked(quiz, "quiz-key") == [first.correct_letter]
    assert "#d93025" in quiz.question.value  # red
    quiz.next.click()
    assert "quiz-chosen" not in quiz.question.value  # a fresh question is unmarked
    right = quiz.session.current.correct_letter
    quiz.choice.value = right
    quiz.submit.click()
    assert _marked(quiz, "quiz-chosen-right") == [right] and not _marked(quiz, "quiz-key")


def test_an_exam_marks_nothing_before_the_end(items):
    quiz = QuizWidget("exam", lang="zh", n=2, seed=7, items=items)
    quiz.choice.value = wrong_letter(quiz)
    quiz.submit.click()
    assert "quiz-chosen" not in quiz.question.value and "quiz-key" not in quiz.question.value


def test_the_review_repeats_the_question_and_shows_choice_key_and_notes(items):
    quiz = QuizWidget("exam", lang="zh", n=2, seed=7, items=items)
    first = quiz.session.current
    quiz.choice.value = wrong_letter(quiz)
    chosen = quiz.choice.value
    quiz.submit.click()
    quiz.next.click()
    quiz.choice.value = quiz.session.current.correct_letter
    quiz.submit.click()
    quiz.hand_in.click()
    review = quiz.score.value.split('class="quiz-review"')[1]
    for shown in (
        first.item.scenario.zh,
        first.item.stem.zh,
        f"你的选择 {chosen}：{first.option(chosen).text.zh}",
        f"正确答案 {first.correct_letter}：{first.item.correct.text.zh}",
        first.item.explanation.zh,
    ):
        assert shown in review, shown


def test_a_framed_question_shows_its_setting():
    item = next(i for i in load_bank() if i.frame is not None)
    quiz = QuizWidget("practice", lang="en", items=[item], seed=1)
    html = quiz.question.value
    assert "Setting:" in html and html.index("Setting:") < html.index("Scenario:")


# -- the exam's mechanics ----------------------------------------------------------------------


def test_an_exam_counts_down_at_the_real_exams_pace_and_ends_when_time_is_up(items):
    now = [0.0]
    quiz = QuizWidget("exam", lang="en", n=3, seed=7, items=items, clock=lambda: now[0])
    assert quiz.session.time_limit == 3 * 120  # 2 minutes a question, as the real exam
    assert "⏱ 6:00 left" in quiz.clock.value
    assert quiz.ticker.playing and quiz.ticker.interval == 1000  # ticks in the browser
    quiz.choice.value = quiz.session.current.correct_letter
    quiz.submit.click()
    now[0] = 355.5
    quiz.ticker.value = 355  # a tick from the browser
    assert "⏱ 0:05 left" in quiz.clock.value and not quiz.session.finished
    now[0] = 361.0
    quiz.ticker.value = 361
    assert quiz.session.finished and "Time is up" in quiz.score.value
    assert "Exam score: 400 / 1000" in quiz.score.value  # 1 of 3
    assert quiz.submit.disabled and quiz.hand_in.disabled and not quiz.ticker.playing
    untimed = QuizWidget("exam", lang="en", n=2, seed=1, items=items, time_limit=0)
    assert untimed.session.time_limit is None and untimed.clock.value == ""


def test_flag_go_back_change_an_answer_and_hand_in_from_the_review_screen(items):
    store = Store.memory()
    quiz = QuizWidget("exam", lang="en", n=3, seed=7, store=store, items=items)
    q1, q2, q3 = quiz.session.questions
    assert quiz.prev.disabled and not quiz.next.disabled
    quiz.choice.value = next(x for x in LETTERS if x != q1.correct_letter)
    quiz.submit.click()
    quiz.next.click()
    quiz.flag.value = True  # flag question 2 and skip it
    assert quiz.session.flagged == [2] and quiz.nav_buttons[1].description == "2⚑"
    assert quiz.nav_buttons[0].button_style == "info"  # answered
    quiz.next.click()
    quiz.choice.value = q3.correct_letter
    quiz.submit.click()  # the last question: the review screen
    screen = quiz.question.value
    assert "Review before handing in: 2/3 answered." in screen
    assert "Not answered: 2" in screen and "Flagged: 2" in screen
    assert not quiz.hand_in.disabled and quiz.submit.disabled
    quiz.nav_buttons[0].click()  # back to question 1: its answer shown, to change
    assert "Question 1/3" in quiz.question.value and quiz.choice.value != q1.correct_letter
    quiz.choice.value = q1.correct_letter
    quiz.submit.click()  # back to the review screen
    assert "Review before handing in" in quiz.question.value
    quiz.nav_buttons[1].click()
    assert quiz.flag.value is True
    quiz.flag.value = False
    quiz.choice.value = q2.correct_letter
    quiz.submit.click()
    assert "Not answered: none" in quiz.question.value and "Flagged: none" in quiz.question.value
    assert store.attempts() == []  # nothing stored before the hand-in
    quiz.hand_in.click()
    assert "Exam score: 1000 / 1000 (720 passes) - PASS" in quiz.score.value
    assert [a.item_id for a in store.attempts()] == [q.item.id for q in (q1, q2, q3)]
    assert all(b.disabled for b in quiz.nav_buttons)


def test_the_chart_shows_whole_topic_names_and_its_header_within_1400_px(items):
    import re

    from quizzes import load_topics
    from quizzes.progress import LABEL_COLUMNS, PX_PER_COLUMN
    from quizzes.render import columns

    topics = load_topics()
    store = Store.memory()
    longest = max(topics.values(), key=lambda topic: columns(topic.zh))
    assert columns(longest.zh) <= LABEL_COLUMNS  # every topic name fits whole
    item = dataclasses.replace(items[0], topic=longest.id)
    for lang in ("zh", "en"):
        quiz = QuizWidget("practice", lang=lang, n=1, seed=1, store=store, items=[item])
        quiz.choice.value = "A"
        quiz.submit.click()
        chart = quiz.progress.value
        width = int(re.search(r'<svg[^>]* width="(\d+)"', chart).group(1))
        assert width <= 1400 and "max-width: 100%" in chart
        assert f">{longest.get(lang)}</text>" in chart  # the whole name, not cut with "…"
        label_end = columns(longest.get(lang)) * PX_PER_COLUMN
        bar_x = float(re.search(r'<rect x="(\d+)"', chart).group(1))
        assert label_end < bar_x  # the name ends before its bar starts
        trend = re.search(r'<text x="(\d+)" y="14"[^>]*>([^<]+)</text>', chart)
        assert int(trend.group(1)) + columns(trend.group(2)) * 6 <= width  # the header fits
