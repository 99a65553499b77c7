"""Grading in practice, exam and review mode, on the fixture bank."""

import dataclasses
import math
import random
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from quizzes import InvalidAnswer, SessionOver, Store, load_bank, load_topics, scaled_score, start
from quizzes.bank import LETTERS
from quizzes.engine import Abandoned, blueprint_quotas

GOOD = Path(__file__).parent / "data" / "quiz" / "good.toml"


@pytest.fixture(scope="module")
def items():
    return load_bank([GOOD])


@pytest.fixture(scope="module")
def topics():
    return load_topics()


def wrong_letter(question):
    return next(letter for letter in LETTERS if letter != question.correct_letter)


def answer_all(session, right: int):
    """Answer the first ``right`` questions correctly, the rest wrongly (and hand an exam in)."""
    for _ in session.questions:
        q = session.current
        session.answer(q.correct_letter if q.number <= right else wrong_letter(q))
    if session.mode == "exam":
        session.hand_in()
    assert session.finished


# -- practice --------------------------------------------------------------------------------------


def test_practice_feedback_wrong_then_right(items, topics):
    session = start("practice", items=items, topics=topics, seed=3, store=Store.memory())
    q = session.current
    assert q.order == LETTERS  # practice keeps the options as written
    chosen = wrong_letter(q)
    fb = session.answer(chosen)
    assert fb.revealed and fb.correct is False
    assert fb.correct_letter == q.item.answer
    assert fb.explanation == q.item.explanation
    assert fb.why_wrong == q.item.options[chosen].why_wrong  # the note on the chosen option
    q2 = session.current
    assert q2.number == 2
    fb2 = session.answer(q2.item.answer.lower() + "  \n")
    assert fb2.correct is True and fb2.why_wrong is None and fb2.explanation == q2.item.explanation


@pytest.mark.parametrize("bad", ["E", "", "xyz", " ", "AB"])
def test_invalid_answer_is_refused_and_loses_nothing(items, topics, bad):
    session = start("practice", items=items, topics=topics, seed=1)
    first = session.current
    with pytest.raises(InvalidAnswer, match="expected one of A, B, C, D"):
        session.answer(bad)
    assert session.current is first and session.answers == []


def test_practice_order_comes_from_the_seed_only(items, topics):
    state = random.getstate()
    ids = [
        [q.item.id for q in start("practice", items=items, topics=topics, seed=5).questions]
        for _ in range(2)
    ]
    assert random.getstate() == state  # the global random generator is never used
    assert ids[0] == ids[1] and sorted(ids[0]) == sorted(i.id for i in items)


# -- exam ------------------------------------------------------------------------------------------


def exam(items, topics, seed=1, n=4, **kw):
    return start("exam", items=items, topics=topics, n=n, seed=seed, **kw)


def test_exam_same_seed_same_items_and_option_order(items, topics):
    a, b = exam(items, topics, seed=11), exam(items, topics, seed=11)
    assert [(q.item.id, q.order) for q in a.questions] == [
        (q.item.id, q.order) for q in b.questions
    ]
    runs = {
        tuple((q.item.id, q.order) for q in exam(items, topics, seed=s).questions)
        for s in range(10)
    }
    assert len(runs) > 1  # a different seed gives a different exam
    assert len(a.questions) == 4 and len({q.item.id for q in a.questions}) == 4


def test_exam_shuffle_maps_displayed_letters_back(items, topics):
    session = exam(items, topics, seed=2, n=6)
    assert any(q.order != LETTERS for q in session.questions)
    for q in session.questions:
        assert sorted(q.order) == list(LETTERS)
        shown = dict(q.options("en"))
        assert shown[q.correct_letter] == q.item.correct.text.en
        assert q.option(q.correct_letter) is q.item.correct
    answer_all(session, right=6)
    assert session.result().correct == 6
    store = Store.memory()
    session = exam(items, topics, seed=2, n=6, store=store)
    q = session.current
    session.answer(q.correct_letter)
    assert store.attempts() == []  # an exam's answers are stored when it ends
    session.hand_in()
    assert store.attempts()[0].chosen == q.item.answer  # stored as the item's own letter


def test_exam_gives_no_feedback_until_the_end(items, topics):
    session = exam(items, topics)
    fb = session.answer(wrong_letter(session.current))
    assert not fb.revealed
    assert (fb.correct, fb.correct_letter, fb.explanation, fb.why_wrong) == (None,) * 4


def test_scaled_score_mapping():
    assert scaled_score(0, 10) == 100 and scaled_score(10, 10) == 1000
    assert scaled_score(620, 900) == 720 and scaled_score(619, 900) == 719
    assert scaled_score(1, 8) == 213  # 212.5 rounds half up
    assert scaled_score(0, 0) == 100


@pytest.mark.parametrize(
    "right, score, passed", [(0, 100, False), (4, 700, False), (5, 850, True), (6, 1000, True)]
)
def test_exam_score_and_pass_mark(items, topics, right, score, passed):
    session = exam(items, topics, n=6)
    answer_all(session, right)
    result = session.result()
    assert (result.correct, result.total, result.score, result.passed) == (right, 6, score, passed)


def test_exam_topic_breakdown(items, topics):
    session = exam(items, topics, n=6, seed=4)
    for q in session.questions:  # right on everything except the items tagged is-error
        session.answer(wrong_letter(q) if "is-error" in q.item.tags else q.correct_letter)
    session.hand_in()
    by_tag = {ts.topic.id: (ts.right, ts.total) for ts in session.result().topics}
    # each question counts once, under its primary topic: 6 questions, 6 in the breakdown
    assert by_tag == {
        "trap-text-block": (2, 2),
        "ap-history-loss": (1, 1),
        "lifecycle": (1, 1),
        "is-error": (0, 2),
    }
    assert sum(total for _, total in by_tag.values()) == len(session.questions)
    result = session.result()
    assert [ts.topic.id for ts in result.topics] == [t for t in topics if t in by_tag]
    assert result.topics[0].topic.zh == topics["trap-text-block"].zh
    assert [ts.topic.id for ts in result.weakest()] == ["is-error"]  # one miss, one weak topic


def test_exam_time_limit_counts_unanswered_as_wrong(items, topics):
    now = [0.0]
    session = exam(items, topics, n=4, time_limit=60, clock=lambda: now[0])
    session.answer(session.current.correct_letter)
    now[0] = 30.0
    assert session.time_left == 30.0
    now[0] = 61.0
    assert session.finished and session.current is None
    with pytest.raises(SessionOver, match="time is up"):
        session.answer("A")
    result = session.result()
    assert result.timed_out and result.elapsed == 60.0  # the exam ended at the limit
    assert (result.answered, result.correct, result.total) == (1, 1, 4)
    assert result.score == scaled_score(1, 4)


def test_elapsed_time_stops_at_the_end(items, topics):
    now = [100.0]
    session = exam(items, topics, n=1, clock=lambda: now[0])
    now[0] = 112.5
    session.answer("A")
    session.hand_in()
    now[0] = 500.0
    assert session.result().elapsed == 12.5


# -- review ----------------------------------------------------------------------------------------


def test_review_asks_what_the_leitner_schedule_says_is_due(items, topics):
    now = [datetime(2026, 5, 1, 8, 0, tzinfo=UTC)]
    store = Store.memory(clock=lambda: now[0])
    for item_id, correct in [
        ("fx-01", False),
        ("fx-01", True),  # fixed: box 2, due tomorrow
        ("fx-02", True),
        ("fx-02", False),  # broke later: box 1, due now
        ("fx-05", False),  # missed: due now
        ("fx-06", True),  # right the first time: never scheduled
    ]:
        store.record(item_id=item_id, mode="practice", session="s", chosen="A", correct=correct)
        now[0] += timedelta(minutes=1)
    session = start("review", items=items, topics=topics, store=store)
    assert [q.item.id for q in session.questions] == ["fx-02", "fx-05"]  # most overdue first
    fb = session.answer(session.current.correct_letter)  # feedback as in practice
    assert fb.revealed and fb.correct
    assert [
        q.item.id for q in start("review", items=items, topics=topics, store=store).questions
    ] == ["fx-05"]
    now[0] += timedelta(days=1)  # a day later fx-01 and fx-02 (box 2) fall due again
    later = start("review", items=items, topics=topics, store=store)
    assert [q.item.id for q in later.questions] == ["fx-05", "fx-01", "fx-02"]


def test_review_after_a_practice_session(items, topics):
    store = Store.memory()
    practice = start("practice", items=items, topics=topics, seed=9, store=store)
    wrong = set()
    while not practice.finished:
        q = practice.current
        if q.number % 2:
            wrong.add(q.item.id)
            practice.answer(wrong_letter(q))
        else:
            practice.answer(q.correct_letter)
    review = start("review", items=items, topics=topics, store=store)
    assert {q.item.id for q in review.questions} == wrong
    empty = start("review", items=items, topics=topics, store=Store.memory())
    assert empty.finished and empty.questions == ()


def test_abandoned_exam_grades_nothing_and_keeps_the_answers(items, topics):
    store = Store.memory()
    session = exam(items, topics, n=4, store=store)
    session.answer(session.current.correct_letter)
    session.abandon()
    assert session.finished and session.abandoned
    with pytest.raises(Abandoned):
        session.result()
    with pytest.raises(Abandoned):
        session.answer("A")
    assert len(store.attempts()) == 1
    assert store.session_status(session.id) == "abandoned"


def test_session_status_finished_and_stopped(items, topics):
    store = Store.memory()
    done = exam(items, topics, n=1, store=store)
    done.answer("A")
    assert store.session_status(done.id) == "running"  # answered, not handed in
    done.hand_in()
    stopped = exam(items, topics, n=2, store=store)
    stopped.stop()
    assert store.session_status(done.id) == "finished"
    assert store.session_status(stopped.id) == "stopped"


# -- the blueprint ---------------------------------------------------------------------------------


def test_quotas_follow_the_weights_by_largest_remainder():
    rng = random.Random(0)
    quotas = blueprint_quotas({"a": 10, "b": 10, "c": 10}, {"a": 50, "b": 30, "c": 20}, 10, rng)
    assert quotas == {"a": 5, "b": 3, "c": 2}
    quotas = blueprint_quotas({"a": 10, "b": 10, "c": 10}, {"a": 1, "b": 1, "c": 1}, 4, rng)
    assert sorted(quotas.values()) == [1, 1, 2]


def test_a_topic_short_of_items_gives_them_all_and_the_rest_is_shared_out():
    quotas = blueprint_quotas(
        {"a": 2, "b": 10, "c": 10}, {"a": 60, "b": 20, "c": 20}, 10, random.Random(1)
    )
    assert quotas == {"a": 2, "b": 4, "c": 4}
    assert (
        sum(blueprint_quotas({"a": 2, "b": 1}, {"a": 1, "b": 1}, 10, random.Random(1)).values())
        == 3
    )


def test_every_seed_draws_the_real_bank_per_the_blueprint(topics):
    bank = load_bank()
    weights = {t: topics[t].weight for t in {i.topic for i in bank}}
    total = sum(weights.values())
    for n in (20, 40):
        for seed in range(30):
            exam = start("exam", items=bank, topics=topics, n=n, seed=seed)
            drawn = Counter(q.item.topic for q in exam.questions)
            assert sum(drawn.values()) == n
            for topic, weight in weights.items():
                share = n * weight / total
                assert math.floor(share) <= drawn[topic] <= math.ceil(share), (n, seed, topic)


def test_an_exam_keeps_the_items_of_one_scenario_frame_together(topics):
    bank = load_bank()
    together = 0
    for seed in range(40):
        exam = start("exam", items=bank, topics=topics, n=40, seed=seed)
        frames = [q.item.frame.id if q.item.frame else None for q in exam.questions]
        for frame in {f for f in frames if f}:
            where = [i for i, f in enumerate(frames) if f == frame]
            assert where == list(range(where[0], where[0] + len(where))), (seed, frame, frames)
            together += len(where) > 1
    assert together, "no exam drew two items of one frame: the check above tested nothing"


def test_bad_arguments(items, topics):
    with pytest.raises(ValueError, match="unknown mode 'quiz'"):
        start("quiz", items=items, topics=topics)
    with pytest.raises(ValueError, match="n must be at least 1"):
        start("exam", items=items, topics=topics, n=0)
    with pytest.raises(ValueError, match="review mode needs a store"):
        start("review", items=items, topics=topics)


def test_the_keys_of_every_exam_are_spread_over_the_four_letters():
    """In any exam of 20 or more, no letter is the key more than a quarter (rounded up) of the time
    and every letter is the key at least a quarter (rounded down): on the real bank, many seeds."""
    from collections import Counter

    from quizzes.bank import LETTERS, load_bank

    bank = load_bank()
    for n in (20, 60):
        for seed in range(60):
            session = start("exam", items=bank, n=n, seed=seed)
            keys = Counter(q.correct_letter for q in session.questions)
            total = len(session.questions)
            assert max(keys.values()) <= -(-total // 4) <= total / 3, (n, seed, keys)
            assert min(keys.get(letter, 0) for letter in LETTERS) >= total // 4, (n, seed, keys)
            for q in session.questions:  # still the item's own options, each shown once
                assert sorted(q.order) == list(LETTERS)
                assert q.option(q.correct_letter) is q.item.options[q.item.answer]


# -- the exam's mechanics --------------------------------------------------------------------------


def copies(items, k, answer=None):
    """``k`` items made from the fixture's (distinct ids), every key ``answer`` when given."""
    return [
        dataclasses.replace(
            items[i % len(items)], id=f"copy-{i}", answer=answer or items[i % len(items)].answer
        )
        for i in range(k)
    ]


def test_the_mock_exam_is_the_real_exams_length_and_pace(items, topics):
    """60 questions in 120 minutes, the CCA-F exam's figures: 2 minutes a question."""
    from quizzes.engine import DEFAULT_EXAM_SIZE, paced_time_limit

    assert DEFAULT_EXAM_SIZE == 60 and paced_time_limit(60) == 120 * 60
    bank = copies(items, 90)
    session = start("exam", items=bank, topics=topics, seed=1, paced=True)
    assert len(session.questions) == 60 and session.time_limit == 120 * 60
    short = start("exam", items=items, topics=topics, n=5, seed=1, paced=True)
    assert short.time_limit == 5 * 120  # the same pace for a shorter paper
    assert start("exam", items=items, topics=topics, n=5, seed=1).time_limit is None
    own = start("exam", items=items, topics=topics, n=5, seed=1, paced=True, time_limit=30)
    assert own.time_limit == 30  # a limit given wins
    assert start("practice", items=items, topics=topics, paced=True).time_limit is None


def test_flag_go_back_and_change_an_answer_before_handing_in(items, topics):
    store = Store.memory()
    session = exam(items, topics, n=4, seed=3, store=store)
    q1 = session.current
    assert q1.number == 1
    session.answer(wrong_letter(q1))
    assert session.current.number == 2  # an answer moves on
    assert session.flag() is True and session.flagged == [2]  # flag question 2, unanswered
    session.answer(session.current.correct_letter)
    session.answer(session.current.correct_letter)  # 3
    assert session.unanswered == [4] and not session.finished
    assert session.goto(1) is q1 and session.current is q1
    session.answer(q1.correct_letter)  # changed: the latest answer counts
    assert session.answer_to(1).correct and session.current.number == 2
    assert session.flag(2) is False and session.flagged == []
    session.flag(4, on=True)
    session.goto(4)
    session.answer(session.current.correct_letter)
    assert session.current.number == 4  # the last question: it stays there
    assert store.attempts() == [] and not session.finished  # nothing stored before the hand-in
    result = session.hand_in()
    assert session.finished and result.correct == 4 and result.score == 1000
    assert [a.item_id for a in store.attempts()] == [q.item.id for q in session.questions]
    assert all(a.correct for a in store.attempts())  # one attempt a question: the final answer
    assert store.session_status(session.id) == "finished"
    with pytest.raises(SessionOver, match="handed in"):
        session.answer("A")
    with pytest.raises(SessionOver):
        session.goto(1)


def test_handing_in_with_questions_left_counts_them_wrong(items, topics):
    session = exam(items, topics, n=4, seed=5)
    session.answer(session.current.correct_letter)
    result = session.hand_in()
    assert (result.answered, result.correct, result.total) == (1, 1, 4)


def test_time_running_out_stores_the_answers_given(items, topics):
    now = [0.0]
    store = Store.memory()
    session = exam(items, topics, n=4, seed=1, store=store, time_limit=60, clock=lambda: now[0])
    session.answer(session.current.correct_letter)
    session.goto(3)
    session.answer(wrong_letter(session.current))
    now[0] = 61.0
    assert session.finished and session.result().timed_out
    assert [a.correct for a in store.attempts()] == [True, False]


def test_navigation_is_an_exams_and_checks_its_question_number(items, topics):
    practice = start("practice", items=items, topics=topics, seed=1)
    with pytest.raises(ValueError, match="only an exam"):
        practice.goto(1)
    with pytest.raises(ValueError, match="only an exam"):
        practice.flag()
    with pytest.raises(ValueError, match="only an exam"):
        practice.hand_in()
    session = exam(items, topics, n=4)
    for bad in (0, 5, -1):
        with pytest.raises(ValueError, match="no question .*expected 1-4"):
            session.goto(bad)
        with pytest.raises(ValueError, match="no question"):
            session.flag(bad)
    assert session.current.number == 1


@pytest.mark.slow
@pytest.mark.parametrize("key", [None, "A"])
def test_no_letter_is_the_key_more_than_a_third_of_any_exam_of_20_or_more(items, topics, key):
    """Over 300 seeds and several lengths, on a bank keyed as written and on one keyed all A."""
    bank = copies(items, 120, answer=key)
    for n in (20, 21, 37, 60, 120):
        for seed in range(300):
            questions = start("exam", items=bank, topics=topics, n=n, seed=seed).questions
            keys = Counter(q.correct_letter for q in questions)
            assert max(keys.values()) <= len(questions) / 3, (n, seed, keys)
            assert max(keys.values()) - min(keys.get(x, 0) for x in LETTERS) <= 1, (n, seed)
