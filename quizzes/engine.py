"""The quiz engine: sessions in practice, exam and review mode, shared by the CLI and the widget.

A ``Session`` holds an ordered list of ``Question``s. ``session.current`` is the next question to
answer; ``session.answer(letter)`` grades it (the letter as displayed), stores the attempt and
returns ``Feedback``; ``session.finished`` says when it is over; ``session.result()`` scores it.

- practice: the bank in a seeded order, options as written, feedback after every answer.
- exam: ``n`` items (60 by default, as the real exam) drawn by the seed as a stratified sample of the
  blueprint (each topic's share of the exam is its ``weight`` in topics.toml, see
  ``blueprint_quotas``), options shuffled by the seed with the keys spread evenly over the letters
  (``balanced_orders``), no feedback until the end, elapsed time recorded and an optional time limit
  (``paced_time_limit``: the real exam's minutes per question), a score on the exam's 100-1000 scale
  (see ``scaled_score``). As on the real exam, any question can be visited again
  (``session.goto(number)``), flagged for review (``session.flag()``) and its answer changed until
  the paper is handed in (``session.hand_in()``) or time runs out; the answers are stored then.
  ``session.abandon()`` (Ctrl-C) ends it with nothing graded.
- review: the items the store's Leitner schedule says are due, most overdue first, with
  practice-style feedback.

Randomness comes only from ``random.Random(seed)``: the same seed gives the same items in the same
order with the same option order, always.
"""

from __future__ import annotations

import random
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .bank import LETTERS, Item, Option, Text, Topic, load_bank, load_topics
from .store import Store

MODES = ("practice", "exam", "review")
PASS_SCORE = 720
MIN_SCORE, MAX_SCORE = 100, 1000
# The real CCA-F exam: 60 multiple-choice questions in 120 minutes (Anthropic's Claude Certified
# Architect - Foundations exam guide, as restated by e.g. github.com/MichaelT950/claude-code-
# certification and github.com/preporato/claude-certification-guide: "60 scenario-based
# multiple-choice questions", "120 minutes"). A mock exam keeps that pace: 2 minutes a question.
EXAM_QUESTIONS, EXAM_MINUTES = 60, 120
DEFAULT_EXAM_SIZE = EXAM_QUESTIONS
SECONDS_PER_QUESTION = EXAM_MINUTES * 60 / EXAM_QUESTIONS


def paced_time_limit(questions: int) -> float:
    """Seconds for an exam of ``questions`` at the real exam's pace (120 minutes for 60)."""
    return questions * SECONDS_PER_QUESTION


def scaled_score(correct: int, total: int) -> int:
    """Map a raw score to the exam's scale: linear, 100 + 900 × fraction correct, rounded half up.

    0 correct gives 100, all correct gives 1000, and 720 (the pass mark) needs a fraction of at
    least 620/900 ≈ 68.9 %. The real exam's scaling is not published; this linear map is ours.
    """
    fraction = correct / total if total else 0.0
    return int(MIN_SCORE + (MAX_SCORE - MIN_SCORE) * fraction + 0.5)


class InvalidAnswer(ValueError):
    """The answer is not one of the letters A-D."""

    def __init__(self, given: str):
        self.given = given
        super().__init__(f"invalid answer {given!r}: expected one of {', '.join(LETTERS)}")


class SessionOver(Exception):
    """An answer arrived after the session ended (all questions answered, or time is up)."""


class Abandoned(Exception):
    """The session was abandoned (Ctrl-C in an exam): there is nothing to grade."""


@dataclass(frozen=True)
class Question:
    """An item as the learner sees it: its number and its options under displayed letters."""

    item: Item
    number: int  # 1-based position in the session
    total: int
    order: tuple[str, ...]  # order[i] = the item's own letter shown as LETTERS[i]

    def options(self, lang: str) -> list[tuple[str, str]]:
        """[(displayed letter, option text)] in display order."""
        return [
            (shown, self.item.options[own].text.get(lang))
            for shown, own in zip(LETTERS, self.order, strict=False)
        ]

    def original_letter(self, shown: str) -> str:
        return self.order[LETTERS.index(shown)]

    def shown_letter(self, original: str) -> str:
        return LETTERS[self.order.index(original)]

    @property
    def correct_letter(self) -> str:
        """The correct answer's displayed letter."""
        return self.shown_letter(self.item.answer)

    def option(self, shown: str) -> Option:
        return self.item.options[self.original_letter(shown)]


@dataclass(frozen=True)
class Feedback:
    """What the learner is told after an answer. In exam mode only ``chosen`` is revealed."""

    question: Question
    chosen: str  # displayed letter
    revealed: bool
    correct: bool | None = None
    correct_letter: str | None = None
    explanation: Text | None = None
    why_wrong: Text | None = None  # the note on the chosen option when it is wrong


@dataclass(frozen=True)
class TopicScore:
    topic: Topic
    right: int
    total: int

    @property
    def fraction(self) -> float:
        return self.right / self.total if self.total else 0.0


@dataclass(frozen=True)
class Answer:
    question: Question
    chosen: str  # displayed letter
    correct: bool


@dataclass(frozen=True)
class Result:
    mode: str
    total: int  # questions in the session (unanswered ones count as wrong)
    answered: int
    correct: int
    elapsed: float  # seconds
    timed_out: bool
    questions: tuple[Question, ...]
    answers: tuple[Answer, ...]
    topics: tuple[TopicScore, ...]  # per primary topic of the session's items, topics.toml order

    @property
    def fraction(self) -> float:
        return self.correct / self.total if self.total else 0.0

    @property
    def score(self) -> int:
        return scaled_score(self.correct, self.total)

    @property
    def passed(self) -> bool:
        return self.score >= PASS_SCORE

    def weakest(self, k: int = 3) -> list[TopicScore]:
        """Up to ``k`` topics with a wrong answer, lowest fraction first."""
        weak = [t for t in self.topics if t.right < t.total]
        return sorted(weak, key=lambda t: (t.fraction, -t.total))[:k]


class Session:
    """One run through a list of items. Build one with ``start()``."""

    def __init__(
        self,
        mode: str,
        items: Sequence[Item],
        *,
        topics: Mapping[str, Topic],
        rng: random.Random | None = None,
        shuffle_options: bool = False,
        store: Store | None = None,
        time_limit: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        seed: int | None = None,
    ):
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}: expected one of {', '.join(MODES)}")
        self.mode = mode
        self.seed = seed
        self.topics = topics
        self.store = store
        self.time_limit = time_limit
        self.id = uuid.uuid4().hex
        self._clock = clock
        self._started = clock()
        self._ended: float | None = None
        rng = rng or random.Random(seed)
        orders = balanced_orders(items, rng) if shuffle_options else [LETTERS] * len(items)
        self.questions = tuple(
            Question(item, i, len(items), order)
            for i, (item, order) in enumerate(zip(items, orders, strict=True), start=1)
        )
        self._answers: dict[int, Answer] = {}  # by question number; an exam may change one
        self._flags: set[int] = set()
        self._position = 0  # the index of the exam's current question
        self.abandoned = False
        self._status_saved = False
        if store is not None:
            store.begin_session(self.id, mode, seed)

    @property
    def reveals(self) -> bool:
        """Whether each answer is graded at once (practice, review) or only at the end (exam)."""
        return self.mode != "exam"

    @property
    def answers(self) -> list[Answer]:
        """The answers given so far, in question order (an exam's latest answer to each)."""
        return [self._answers[n] for n in sorted(self._answers)]

    def answer_to(self, number: int) -> Answer | None:
        return self._answers.get(number)

    @property
    def unanswered(self) -> list[int]:
        """The numbers of the questions without an answer."""
        return [q.number for q in self.questions if q.number not in self._answers]

    @property
    def flagged(self) -> list[int]:
        """The numbers of the questions flagged for review, in order."""
        return sorted(self._flags)

    @property
    def elapsed(self) -> float:
        """Seconds from the start to the end (or to now, while running)."""
        return (self._ended if self._ended is not None else self._clock()) - self._started

    @property
    def time_left(self) -> float | None:
        return None if self.time_limit is None else max(0.0, self.time_limit - self.elapsed)

    @property
    def timed_out(self) -> bool:
        return self.time_limit is not None and self.elapsed >= self.time_limit

    @property
    def finished(self) -> bool:
        self._stop_clock_if_over()
        return self._ended is not None

    def _stop_clock_if_over(self) -> None:
        if self._ended is None:
            if self.reveals and len(self._answers) == len(self.questions):
                self._end(self._clock(), "finished")
            elif self.time_limit is not None and self.timed_out:  # its time ran out
                self._end(self._started + self.time_limit, "finished")

    def _end(self, when: float, status: str) -> None:
        self._ended = when
        if not self.reveals:  # an exam's answers are final now: stored, in question order
            for a in self.answers:
                self._record(a)
        if self.store is not None and not self._status_saved:
            self._status_saved = True
            self.store.end_session(self.id, status)

    def _record(self, answer: Answer) -> None:
        if self.store is not None:
            q = answer.question
            self.store.record(
                item_id=q.item.id,
                mode=self.mode,
                session=self.id,
                chosen=q.original_letter(answer.chosen),
                correct=answer.correct,
            )

    @property
    def running_score(self) -> tuple[int, int]:
        """(correct, answered) so far."""
        return sum(a.correct for a in self._answers.values()), len(self._answers)

    @property
    def current(self) -> Question | None:
        """The question to answer now: in an exam the one visited, else the first unanswered."""
        if self.finished:
            return None
        if not self.reveals:
            return self.questions[self._position]
        return self.questions[len(self._answers)]

    def goto(self, number: int) -> Question:
        """Visit question ``number`` (1-based) of an exam, answered or not, before handing in."""
        self._check_exam("go back to a question")
        if not 1 <= number <= len(self.questions):
            raise ValueError(f"no question {number}: expected 1-{len(self.questions)}")
        self._position = number - 1
        question = self.current
        if question is None:
            raise self._over()
        return question

    def flag(self, number: int | None = None, on: bool | None = None) -> bool:
        """Flag question ``number`` (default: the current one) for review, or unflag it; ``on``
        None toggles. Returns whether it is flagged now."""
        self._check_exam("flag a question")
        question = self.current
        if question is None:
            raise self._over()
        number = question.number if number is None else number
        if not 1 <= number <= len(self.questions):
            raise ValueError(f"no question {number}: expected 1-{len(self.questions)}")
        now = (number not in self._flags) if on is None else on
        (self._flags.add if now else self._flags.discard)(number)
        return now

    def hand_in(self) -> Result:
        """Hand the exam in (answered or not: unanswered questions count as wrong) and score it."""
        self._check_exam("hand in")
        if self.abandoned:
            raise Abandoned("the session was abandoned")
        if self._ended is None:
            self._end(self._clock(), "finished")
        return self.result()

    def _check_exam(self, what: str) -> None:
        if self.reveals:
            raise ValueError(f"only an exam lets you {what}; this is {self.mode}")

    def _over(self) -> Exception:
        if self.abandoned:
            return Abandoned("the session was abandoned")
        return SessionOver(
            "the session is over: time is up"
            if self.timed_out
            else "the session is over: every question is answered"
            if self.reveals
            else "the session is over: the exam was handed in"
        )

    def stop(self) -> None:
        """End the session early (e.g. the learner's input ran out); unanswered count as wrong."""
        if self._ended is None:
            self._end(self._clock(), "stopped")

    def abandon(self) -> None:
        """Give the session up (Ctrl-C): nothing is graded and no answer is revealed.

        The answers given so far stay in the store as history, under a session marked abandoned.
        """
        if self._ended is None:
            self._end(self._clock(), "abandoned")
        self.abandoned = True

    def answer(self, letter: str) -> Feedback:
        """Grade the current question; ``letter`` is the displayed letter (any case, spaces ok).

        In practice and review it is stored at once and the next question comes up. In an exam the
        answer replaces any earlier one to this question, the exam moves on to the next question
        (it stays on the last), and the answers are stored when the exam ends."""
        chosen = letter.strip().upper() if isinstance(letter, str) else ""
        if chosen not in LETTERS:
            raise InvalidAnswer(letter if isinstance(letter, str) else repr(letter))
        if self.abandoned:
            raise Abandoned("the session was abandoned")
        question = self.current
        if question is None:
            raise self._over()
        correct = question.original_letter(chosen) == question.item.answer
        answer = Answer(question, chosen, correct)
        self._answers[question.number] = answer
        if not self.reveals:
            self._position = min(question.number, len(self.questions) - 1)
            return Feedback(question, chosen, revealed=False)
        self._stop_clock_if_over()
        self._record(answer)
        return Feedback(
            question,
            chosen,
            revealed=True,
            correct=correct,
            correct_letter=question.correct_letter,
            explanation=question.item.explanation,
            why_wrong=None if correct else question.option(chosen).why_wrong,
        )

    def result(self) -> Result:
        """The score so far (or final).

        In an exam every question counts, unanswered ones as wrong; in practice and review the
        topic breakdown covers the answered questions only. An abandoned session has no result.
        """
        if self.abandoned:
            raise Abandoned("the session was abandoned: nothing is graded")
        finished = self.finished
        answers = self.answers
        right = {a.question.number for a in answers if a.correct}
        graded = self.questions if self.mode == "exam" else [a.question for a in answers]
        tally: dict[str, list[int]] = {}
        for q in graded:  # each question counts once, under its primary topic (not its tags)
            counts = tally.setdefault(q.item.topic, [0, 0])
            counts[0] += q.number in right
            counts[1] += 1
        topic_scores = tuple(
            TopicScore(self.topics[tid], *tally[tid]) for tid in self.topics if tid in tally
        )
        return Result(
            mode=self.mode,
            total=len(self.questions),
            answered=len(answers),
            correct=len(right),
            elapsed=self.elapsed,
            timed_out=finished and self.timed_out,
            questions=self.questions,
            answers=tuple(answers),
            topics=topic_scores,
        )


def start(
    mode: str = "practice",
    *,
    items: Sequence[Item] | None = None,
    n: int | None = None,
    seed: int | None = None,
    store: Store | None = None,
    time_limit: float | None = None,
    paced: bool = False,
    topics: Mapping[str, Topic] | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Session:
    """Start a session over ``items`` (default: the whole bank).

    practice: all items (or ``n``) in an order drawn from ``seed``; options as written.
    exam: ``n`` items (default 60), a stratified sample by topic weight drawn with ``seed``,
    options shuffled by ``seed``; ``time_limit`` in seconds is optional, and ``paced=True`` without
    one gives the real exam's pace (``paced_time_limit`` of the questions drawn).
    review: the items due in ``store``'s Leitner schedule, most overdue first (first ``n``).
    """
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}: expected one of {', '.join(MODES)}")
    if n is not None and n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    items = list(load_bank() if items is None else items)
    topics = load_topics() if topics is None else topics
    rng = random.Random(seed)
    if mode == "review":
        if store is None:
            raise ValueError("review mode needs a store holding earlier attempts")
        by_id = {item.id: item for item in items}
        chosen = [by_id[s.item_id] for s in store.due() if s.item_id in by_id][:n]
    elif mode == "exam":
        chosen = stratified_sample(items, topics, n or DEFAULT_EXAM_SIZE, rng)
    else:
        chosen = rng.sample(items, min(n or len(items), len(items)))
    if paced and time_limit is None and mode == "exam":
        time_limit = paced_time_limit(len(chosen))
    return Session(
        mode,
        chosen,
        topics=topics,
        rng=rng,
        shuffle_options=(mode == "exam"),
        store=store,
        time_limit=time_limit,
        clock=clock,
        seed=seed,
    )


def balanced_orders(items: Sequence[Item], rng: random.Random) -> list[tuple[str, ...]]:
    """Each item's options shuffled, with the keys spread evenly over the displayed letters: the
    letters A-D repeated to the exam's length, shuffled, give each question the letter its
    correct option is shown under: no letter is the key more than ceil(n/4) times (at most a
    third of any exam of 6 or more items), so always picking one letter scores about a quarter;
    the other options fill the other letters in random order."""
    keys = [LETTERS[i % len(LETTERS)] for i in range(len(items))]
    rng.shuffle(keys)
    orders = []
    for item, key in zip(items, keys, strict=True):
        others = [own for own in LETTERS if own != item.answer]
        rng.shuffle(others)
        order = others[: LETTERS.index(key)] + [item.answer] + others[LETTERS.index(key) :]
        orders.append(tuple(order))
    return orders


# -- the blueprint ---------------------------------------------------------------------------------


def blueprint_quotas(
    available: Mapping[str, int], weights: Mapping[str, int], n: int, rng: random.Random
) -> dict[str, int]:
    """How many of ``n`` exam questions each topic gets: its weighted share, rounded.

    Largest remainder: every topic gets the floor of ``n × weight / total weight``, and the seats
    left go to the largest fractions (ties broken by ``rng``). A topic with fewer items than its
    share gives them all, and what it cannot fill is shared out again among the others.
    """
    quotas = {t: 0 for t in available}
    open_topics = [t for t in available if available[t] > 0 and weights.get(t, 0) > 0]
    target = min(n, sum(available[t] for t in open_topics))
    seats = target
    while seats > 0 and open_topics:
        total = sum(weights[t] for t in open_topics)
        exact = {t: seats * weights[t] / total for t in open_topics}
        share = {t: int(exact[t]) for t in open_topics}
        tiebreak = {t: rng.random() for t in open_topics}
        left = seats - sum(share.values())
        for t in sorted(open_topics, key=lambda t: (-(exact[t] - share[t]), tiebreak[t]))[:left]:
            share[t] += 1
        for t in open_topics:
            quotas[t] += min(share[t], available[t] - quotas[t])
        seats = target - sum(quotas.values())
        open_topics = [t for t in open_topics if quotas[t] < available[t]]
    return quotas


def stratified_sample(
    items: Sequence[Item], topics: Mapping[str, Topic], n: int, rng: random.Random
) -> list[Item]:
    """``n`` items drawn per the blueprint (``blueprint_quotas`` by primary topic), shuffled."""
    by_topic: dict[str, list[Item]] = {}
    for item in items:
        by_topic.setdefault(item.topic, []).append(item)
    weights = {t: (topics[t].weight if t in topics else 0) for t in by_topic}
    quotas = blueprint_quotas({t: len(v) for t, v in by_topic.items()}, weights, n, rng)
    chosen = [item for t, pool in by_topic.items() for item in rng.sample(pool, quotas[t])]
    rng.shuffle(chosen)
    return keep_frames_together(chosen)


def keep_frames_together(items: Sequence[Item]) -> list[Item]:
    """The same items, those of one scenario frame moved up to follow its first item, in order."""
    out: list[Item] = []
    placed: set[str] = set()
    for item in items:
        if item.frame is None:
            out.append(item)
        elif item.frame.id not in placed:
            placed.add(item.frame.id)
            out.extend(i for i in items if i.frame is not None and i.frame.id == item.frame.id)
    return out
