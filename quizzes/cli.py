"""The terminal quiz: ``python -m quizzes`` or ``agentloop-quiz``.

    agentloop-quiz --mode exam --seed 1           # 60 questions, 120 minutes
    agentloop-quiz --mode review          # what the Leitner schedule says is due
    agentloop-quiz --mode progress        # mastery by topic, weakest first
    printf 'B\\nA\\nC\\n' | agentloop-quiz --mode practice --n 3 --seed 7 --lang en

``--lang`` defaults to AGENTKIT_LANG (zh or en, the setting agentkit reads too), else zh; with
``--lang en`` (or AGENTKIT_LANG=en) the help is in English as well.

Answers are read one per line from standard input (a letter A-D, any case, spaces ignored), so a
run can be scripted. An invalid answer is explained and asked again; end of input stops the run
cleanly, and every answer given so far is already saved.

An exam runs as the real one: 60 questions by default, timed at its pace (2 minutes a question;
``--time-limit`` in minutes, 0 for none), the time left in each question's header. At a question,
F flags it, P and N go to the previous and next one, a number jumps there, R opens the review
screen; after the last question the review screen lists every answer, the unanswered and the
flagged, and S hands the exam in (so does end of input once every question is answered). Its
answers are saved when it ends. Ctrl-C abandons an exam: nothing is graded, no answer is revealed,
the answers so far stay as history, and the exit status is 130. End of input with questions left
abandons it the same way (a paper left unfinished is one to retake, so its key stays secret), with
exit status 0; the store marks that session stopped, as its input ran out.

Text is wrapped to the terminal's width (``shutil.get_terminal_size``); when a question is taller
than the terminal and the input is a terminal, it is shown a screen at a time.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import shutil
import sys
import unicodedata
import warnings
from dataclasses import dataclass, field
from typing import TextIO

from .bank import BankError, load_bank, load_topics, why_wrong_note
from .engine import (
    DEFAULT_EXAM_SIZE,
    MODES,
    InvalidAnswer,
    Question,
    Result,
    Session,
    SessionOver,
    paced_time_limit,
    start,
)
from .messages import (
    LANGS,
    LanguageError,
    clock_text,
    count,
    env_lang,
    exam_score_texts,
    numbers_text,
    percent,
    t,
)
from .progress import mastery, text_chart, unasked
from .render import to_terminal, wrap
from .store import (
    DamagedStoreWarning,
    StoreBusyWarning,
    StoreError,
    StoreUnwritableWarning,
    default_path,
    open_store,
)

EXIT_OK, EXIT_USAGE, EXIT_INTERRUPTED = 0, 2, 130
CLI_MODES = (*MODES, "progress")


def lang_given(argv: list[str] | None) -> str | None:
    """The ``--lang`` of the command line, read before the options are parsed (``--help`` prints
    and exits as soon as argparse meets it, wherever ``--lang`` is); None when absent or invalid
    (the full parse then says what is wrong)."""
    early = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    early.add_argument("--lang")
    try:
        given, _ = early.parse_known_args(sys.argv[1:] if argv is None else argv)
    except argparse.ArgumentError:  # "--lang" without a value
        return None
    return given.lang if given.lang in LANGS else None


def parse_args(argv: list[str] | None, help_lang: str = "zh") -> argparse.Namespace:
    """The options; ``--lang`` is None when not given. The help is in English when ``help_lang``
    is "en" (``--lang en``, or AGENTKIT_LANG=en without ``--lang``), else in both languages."""

    def say(key: str, **values) -> str:
        return t(help_lang, key, **values)

    parser = argparse.ArgumentParser(prog="agentloop-quiz", description=say("cli.description"))
    parser.add_argument("--mode", choices=CLI_MODES, default="practice", help=say("cli.help.mode"))
    parser.add_argument("--lang", choices=LANGS, default=None, help=say("cli.help.lang"))
    parser.add_argument(
        "--n",
        type=_positive_int,
        default=None,
        help=say("cli.help.n", exam_size=DEFAULT_EXAM_SIZE),
    )
    parser.add_argument("--seed", type=int, default=None, help=say("cli.help.seed"))
    parser.add_argument("--db", default=None, metavar="PATH", help=say("cli.help.db"))
    parser.add_argument(
        "--time-limit",
        type=_minutes,
        default=None,
        metavar="MINUTES",
        help=say("cli.help.time_limit"),
    )
    parser.add_argument(
        "--bank", nargs="+", default=None, metavar="FILE", help=say("cli.help.bank")
    )
    return parser.parse_args(argv)


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _minutes(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 (no limit) or more, got {value}")
    return value


def main(
    argv: list[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the quiz; a reader that goes away (``--mode progress | head``) ends it quietly."""
    try:
        # the store's busy warning is said in the learner's language (see _say_when_busy)
        with warnings.catch_warnings():
            code = _main(argv, stdin, stdout, stderr)
        (stdout or sys.stdout).flush()  # a closed pipe shows here, not at interpreter exit
        return code
    except BrokenPipeError:
        with contextlib.suppress(OSError, ValueError):  # no flush error at exit either
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_OK


def _main(argv, stdin, stdout, stderr) -> int:
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    stderr = stderr or sys.stderr
    with contextlib.suppress(AttributeError, ValueError, OSError):  # not a text stream of ours
        # bytes that are not the input's encoding are an invalid answer, not a UnicodeDecodeError
        stdin.reconfigure(errors="replace")
    try:
        default, wrong = env_lang(), None
    except LanguageError as exc:
        default, wrong = None, exc
    args = parse_args(argv, help_lang=lang_given(argv) or default or "zh")
    if args.lang is None and wrong is not None:  # --lang would have made AGENTKIT_LANG moot
        print(wrong, file=stderr)
        return EXIT_USAGE
    lang = args.lang or default or "zh"
    try:
        items = load_bank(args.bank)
        topics = load_topics()
    except BankError as exc:
        print(t(lang, "bank.error"), exc, sep="\n", file=stderr)
        return EXIT_USAGE
    store = _open_store(args.db, lang, stderr)
    if store is None:
        return EXIT_USAGE
    try:
        return _use(args, store, items, topics, lang, stdin, stdout)
    finally:
        store.close()  # writes kept from a lock or a failure are tried once more
        if store.unsaved:
            count, error = store.unsaved, store.problem
            print(t(lang, "store.unsaved", path=store.path, error=error, count=count), file=stderr)


def _use(args, store, items, topics, lang: str, stdin: TextIO, stdout: TextIO) -> int:
    if args.mode == "progress":
        screen = Screen(stdin, stdout, lang)
        rows = mastery(store, items, topics)
        for line in text_chart(rows, lang, screen.width, unasked(rows, items, topics)):
            screen.text(line)
        return EXIT_OK
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 100_000)
    session = start(
        args.mode,
        items=items,
        topics=topics,
        n=args.n,
        seed=seed,
        store=store,
        time_limit=args.time_limit * 60 if args.time_limit else None,
        paced=args.time_limit is None,  # the real exam's pace unless --time-limit says otherwise
    )
    try:
        requested = args.n or (DEFAULT_EXAM_SIZE if args.mode == "exam" else None)
        run(session, lang, stdin, stdout, requested=requested)
    except KeyboardInterrupt:  # said by run(), or Ctrl-C while the summary was paging
        return EXIT_INTERRUPTED
    return EXIT_OK


def _open_store(path, lang: str, stderr: TextIO):
    """The store, or None after explaining on ``stderr`` why the path cannot be used."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DamagedStoreWarning)  # reported below, localised
            store = open_store(path)
    except StoreError as exc:
        print(t(lang, "store.error", path=exc.path, error=exc.problem), file=stderr)
        return None
    except OSError as exc:
        error = exc.strerror or str(exc)
        print(t(lang, "store.error", path=path or default_path(), error=error), file=stderr)
        return None
    _say_when_busy(store, lang, stderr)
    if store.recovery is not None:
        r = store.recovery
        print(
            t(lang, "store.damaged", path=r.path, problem=r.problem, moved_to=r.moved_to),
            file=stderr,
        )
    if store.migrated_from is not None:
        print(
            t(lang, "store.migrated", path=store.path, old=store.migrated_from, new=2), file=stderr
        )
    return store


def _say_when_busy(store, lang: str, stderr: TextIO) -> None:
    """A locked progress file is one line in the learner's language (the answer is kept)."""
    shown = warnings.showwarning

    def show(message, category, *args, **kwargs):
        if issubclass(category, StoreBusyWarning):
            print(t(lang, "store.busy", path=store.path), file=stderr)
        elif issubclass(category, StoreUnwritableWarning):
            print(t(lang, "store.unwritable", path=store.path, error=message.problem), file=stderr)
        else:
            shown(message, category, *args, **kwargs)

    warnings.showwarning = show


def printable(line: str) -> str:
    """``line`` with control characters (a terminal's escape sequences) shown, not obeyed."""
    if line.isprintable():
        return line
    return "".join(
        c if c.isprintable() or unicodedata.category(c) in ("Zs",) else repr(c)[1:-1] for c in line
    )


# -- the screen ------------------------------------------------------------------------------------


LONGEST_LINE = 4096  # characters of an input line read at once (a line without end is not kept)


class EndOfInput(Exception):
    """Standard input ran out (Ctrl-D, or the end of a script)."""


@dataclass
class Screen:
    """Terminal output wrapped to the width, paged by the height when the input is a terminal."""

    stdin: TextIO
    stdout: TextIO
    lang: str = "zh"
    width: int = 80
    height: int = 24
    interactive: bool = False
    echo: bool = True
    paging: bool = True  # off once the session is interrupted: the goodbye is never paged
    _shown: int = field(default=0, init=False)  # lines printed since the last input

    def __post_init__(self) -> None:
        size = shutil.get_terminal_size((80, 24))
        self.width, self.height = max(size.columns, 40), max(size.lines, 10)
        self.interactive = _is_tty(self.stdin)
        self.echo = not self.interactive

    def say(self, *lines: str) -> None:
        for line in lines:
            for part in line.split("\n") if line else [""]:
                self._line(part)

    def text(self, text: str, first: str = "", rest: str | None = None) -> None:
        """Wrapped text: ``first`` leads the first line, ``rest`` (default: spaces) the others."""
        for line in wrap(text, self.width, first, rest):
            self._line(line)

    def _line(self, line: str) -> None:
        if self.interactive and self.paging and self._shown >= self.height - 1:
            self.ask(t(self.lang, "more"))
        print(printable(line), file=self.stdout)
        self._shown += 1

    def ask(self, prompt: str) -> str:
        """Show ``prompt`` and read one line; raise EndOfInput at the end of the input."""
        self.stdout.write(prompt)
        self.stdout.flush()
        try:
            line = self.stdin.readline(LONGEST_LINE)
        finally:  # read, ended or interrupted: the next screen starts here
            self._shown = 0
        if not line:
            print(file=self.stdout)
            raise EndOfInput
        if len(line) == LONGEST_LINE and not line.endswith("\n"):
            line = line.strip()[:80] + "…"  # not an answer: said as invalid, the rest is skipped
            while (rest := self.stdin.readline(LONGEST_LINE)) and not rest.endswith("\n"):
                pass
        if self.echo:
            print(printable(line.strip()), file=self.stdout)
        return line


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


# -- a session -------------------------------------------------------------------------------------


def run(
    session: Session, lang: str, stdin: TextIO, stdout: TextIO, requested: int | None = None
) -> Result | None:
    """Ask every question of ``session``, reading answers from ``stdin``.

    Returns the result, or None when the input ran out in an exam (it is then abandoned ungraded).
    Ctrl-C is said here (an exam is abandoned ungraded too) and raised again for the exit status.
    """
    screen = Screen(stdin, stdout, lang)
    total = len(session.questions)
    if session.mode == "review" and total == 0:
        screen.text(t(lang, "review.empty"))
        return session.result()
    try:
        _intro(screen, session, lang, requested)
        ended_by = _ask_all(screen, session, lang)
    except EndOfInput:  # Ctrl-D at the pager of a long introduction
        session.stop()
        ended_by = "eof"
    except KeyboardInterrupt:
        _interrupted(screen, session, lang)
        raise
    if ended_by == "eof":
        screen.say("")
        answered = count(lang, len(session.answers))
        if session.mode == "exam" and not session.unanswered and not session.abandoned:
            session.hand_in()  # nothing left to answer: the paper is complete
            screen.text(t(lang, "eof.handed_in"))
        elif session.mode == "exam":  # an unfinished paper is retaken: grading it gives its key
            session.stop()  # marked stopped, as its input ran out
            session.abandon()
            screen.text(t(lang, "eof.exam", answered=answered))
            return None
        else:
            screen.text(t(lang, "eof", answered=answered))
    result = session.result()
    try:
        if result.timed_out:
            screen.say("", t(lang, "time_up"))
        screen.say("")
        for line in summary_lines(result, lang):
            screen.text(line, rest="    " if line.startswith("  ") else "")
    except EndOfInput:  # Ctrl-D at the summary's pager: the result is kept, the rest unread
        pass
    return result


def _intro(screen: Screen, session: Session, lang: str, requested: int | None) -> None:
    total = len(session.questions)
    questions = count(lang, total)
    screen.text(t(lang, f"intro.{session.mode}", questions=questions, seed=session.seed))
    if session.mode == "exam":
        screen.text(t(lang, "intro.formula"))
    if requested is not None and requested > total and session.mode != "review":
        screen.text(t(lang, "intro.trimmed", available=total, questions=questions))
    if session.time_limit:
        minutes = int(session.time_limit // 60)
        paced = session.time_limit == paced_time_limit(total)
        screen.text(t(lang, "intro.paced" if paced else "intro.time_limit", minutes=minutes))
    screen.text(t(lang, "hint.quit.exam" if session.mode == "exam" else "hint.quit"))
    if session.mode == "exam":
        screen.text(t(lang, "hint.exam.commands"))


def _ask_all(screen: Screen, session: Session, lang: str) -> str:
    """Ask until the session is over; return "done" or "eof" (the input ran out: Ctrl-D at the
    answer prompt, or at the pager while a question or its feedback is shown)."""
    try:
        if session.mode == "exam":
            _sit_exam(screen, session, lang)
            return "done"
        while not session.finished:
            if not _ask_one(screen, session, lang):
                break
    except EndOfInput:
        if session.mode != "exam":
            session.stop()
        return "eof"
    return "done"


def _ask_one(screen: Screen, session: Session, lang: str) -> bool:
    """One question, its answer and its feedback; False when time ran out meanwhile."""
    question = session.current
    if question is None:  # not finished, so there is a current question
        raise RuntimeError("the session is not finished but has no current question")
    show_question(screen, question, lang)
    feedback = _read_answer(screen, session, lang)
    if feedback is None:  # time ran out while the learner was thinking
        return False
    for line in feedback_lines(feedback, lang):
        screen.text(line)
    if feedback.revealed:
        right, answered = session.running_score
        screen.text(
            t(lang, "running", correct=right, answered=answered, percent=percent(right / answered))
        )
    return True


def _read_answer(screen: Screen, session: Session, lang: str):
    while True:
        line = screen.ask(t(lang, "prompt"))
        try:
            return session.answer(line)
        except InvalidAnswer:
            screen.text(t(lang, "invalid", given=line.strip()))
        except SessionOver:
            return None


# -- an exam: move about, flag, review, hand in ----------------------------------------------------


def _sit_exam(screen: Screen, session: Session, lang: str) -> None:
    """Questions in order, as the learner moves about; after the last one (or R) the review
    screen, where S hands the exam in. Returns when it is handed in or its time is up."""
    back_to_review = False  # sent back from the review screen: the next answer returns there
    while not session.finished:
        question = session.current
        if question is None:  # not finished, so there is a current question
            raise RuntimeError("the exam is not finished but has no current question")
        show_question(screen, question, lang, session)
        action = _exam_command(screen, session, lang)
        if action in ("over", "moved"):
            continue
        if action == "answered" and not back_to_review and question.number < question.total:
            continue
        if _review_screen(screen, session, lang):
            return
        back_to_review = True


def _exam_command(screen: Screen, session: Session, lang: str) -> str:
    """Read commands at a question until one moves on: "answered", "moved", "review", or "over"
    (time ran out). F (flag) is said and asked again; so is anything invalid."""
    while True:
        line = screen.ask(t(lang, "prompt.exam"))
        word = line.strip().upper()
        question = session.current
        if question is None:
            return "over"
        if word in ("F", "FLAG"):
            flagged = session.flag()
            key = "flag.on" if flagged else "flag.off"
            screen.text(t(lang, key, number=question.number))
            continue
        if word in ("R", "REVIEW"):
            return "review"
        if word in ("P", "PREV", "N", "NEXT") or word.isdigit():
            target = _target(word, question)
            if target is None:
                screen.text(t(lang, "invalid.exam", given=line.strip(), total=question.total))
            elif target == 0:
                screen.text(t(lang, "first_question"))
            else:
                session.goto(target)
                return "moved"
            continue
        try:
            feedback = session.answer(line)
        except InvalidAnswer:
            screen.text(t(lang, "invalid.exam", given=line.strip(), total=question.total))
            continue
        except SessionOver:
            return "over"
        screen.text(t(lang, "recorded", letter=feedback.chosen))
        return "answered"


def _target(word: str, question: Question) -> int | None:
    """The question number a move goes to; 0 before the first; None when out of range."""
    if word.isdigit():
        number = int(word)
        return number if 1 <= number <= question.total else None
    if word in ("P", "PREV"):
        return question.number - 1
    return min(question.number + 1, question.total)


def _review_screen(screen: Screen, session: Session, lang: str) -> bool:
    """Every question's answer and flag, what is left and the time; True once handed in (or time
    ran out), False when the learner goes back to a question."""
    for text in review_screen_lines(session, lang):
        screen.say(text) if text.startswith("  ") else screen.text(text)  # the grid as laid out
    while True:
        if session.finished:
            return True
        line = screen.ask(t(lang, "prompt.review"))
        word = line.strip().upper()
        if session.finished:
            return True
        if word in ("S", "SUBMIT"):
            session.hand_in()
            screen.text(t(lang, "handed_in"))
            return True
        if word.isdigit() and 1 <= int(word) <= len(session.questions):
            session.goto(int(word))
            return False
        screen.text(t(lang, "invalid.review", given=line.strip(), total=len(session.questions)))


def review_screen_lines(session: Session, lang: str) -> list[str]:
    """The review screen: a line of answers (⚑ for a flag, — for none), what is left, the clock."""
    cells = []
    for q in session.questions:
        given = session.answer_to(q.number)
        mark = "⚑" if q.number in session.flagged else ""
        cells.append(f"{q.number:>2}:{given.chosen if given else '—'}{mark:1}")
    answered = len(session.answers)
    lines = ["", t(lang, "screen.header", answered=answered, total=len(session.questions))]
    if session.time_left is not None:
        lines.append(t(lang, "screen.time_left", clock=clock_text(session.time_left)))
    lines += ["  " + "  ".join(cells[i : i + 10]).rstrip() for i in range(0, len(cells), 10)]
    lines.append(t(lang, "screen.unanswered", numbers=numbers_text(lang, session.unanswered)))
    lines.append(t(lang, "screen.flagged", numbers=numbers_text(lang, session.flagged)))
    return lines


def _interrupted(screen: Screen, session: Session, lang: str) -> None:
    """Ctrl-C: an exam is abandoned with nothing graded or revealed; practice just stops."""
    answered = count(lang, len(session.answers))
    screen.paging = False  # Ctrl-C at the pager must not bring the pager back
    screen.say("")
    if session.mode == "exam":
        session.abandon()
        screen.text(t(lang, "abandoned", answered=answered))
    else:
        session.stop()
        screen.text(t(lang, "interrupted", answered=answered))
    return None


def show_question(
    screen: Screen, question: Question, lang: str, session: Session | None = None
) -> None:
    """The question's header (in an exam with the time left, its flag and the answer given),
    scenario, stem and options, wrapped to the screen."""
    header = [t(lang, "question.header", number=question.number, total=question.total)]
    if session is not None and session.mode == "exam":
        given = session.answer_to(question.number)
        if given is not None:
            header.append(t(lang, "question.answered", letter=given.chosen))
        if question.number in session.flagged:
            header.append(t(lang, "question.flagged"))
        if session.time_left is not None:
            header.append(t(lang, "question.time_left", clock=clock_text(session.time_left)))
    screen.say("", " · ".join(header))
    if question.item.frame is not None:
        _labelled(screen, t(lang, "question.frame"), question.item.frame.get(lang))
    _labelled(screen, t(lang, "question.scenario"), question.item.scenario.get(lang))
    _labelled(screen, t(lang, "question.stem"), question.item.stem.get(lang))
    for letter, text in question.options(lang):
        screen.text(to_terminal(text), f"  {letter}. ")


def _labelled(screen: Screen, label: str, text: str) -> None:
    """``label`` then ``text``; a text of several lines (e.g. code) starts on its own line."""
    text = to_terminal(text)
    if "\n" in text:
        screen.say(label.rstrip())
        screen.text(text)
    else:
        screen.text(text, label, "")


def feedback_lines(feedback, lang: str) -> list[str]:
    """The lines shown after an answer (exam mode: only that it was recorded)."""
    if not feedback.revealed:
        return [t(lang, "recorded", letter=feedback.chosen)]
    if feedback.correct:
        lines = [t(lang, "right")]
    else:
        lines = [t(lang, "wrong", letter=feedback.correct_letter)]
        lines.append(
            t(lang, "why_wrong", letter=feedback.chosen, text=feedback.why_wrong.get(lang))
        )
    lines.append(t(lang, "explanation", text=feedback.explanation.get(lang)))
    return lines


# -- the summary -----------------------------------------------------------------------------------


def summary_lines(result: Result, lang: str) -> list[str]:
    """The score, the exam's formula, topic breakdown, the review of misses, the weakest topics."""
    lines = _exam_lines(result, lang) if result.mode == "exam" else _practice_lines(result, lang)
    lines += review_lines(result, lang)
    weakest = result.weakest()
    if result.answered:
        lines.append("")
        if weakest:
            lines.append(t(lang, "topics.weakest"))
            lines += [f"  {ts.right}/{ts.total}  {ts.topic.get(lang)}" for ts in weakest]
        else:
            lines.append(t(lang, "topics.none_weak"))
    return lines


def _practice_lines(result: Result, lang: str) -> list[str]:
    answered = result.answered
    fraction = result.correct / answered if answered else 0.0
    return [
        t(
            lang,
            "score.practice",
            correct=result.correct,
            total=answered,
            percent=percent(fraction),
        )
    ]


def _exam_lines(result: Result, lang: str) -> list[str]:
    lines = [*exam_score_texts(lang, result), "", t(lang, "topics.header")]
    lines += [f"  {ts.right}/{ts.total}  {ts.topic.get(lang)}" for ts in result.topics]
    return lines


def review_lines(result: Result, lang: str) -> list[str]:
    """Each missed question, so it can be read again on its own: its setting, scenario and
    question, the learner's choice and why it is wrong, the key and why it is right. An exam also
    lists the questions left unanswered; practice and review list the answered misses."""
    answers = {a.question.number: a for a in result.answers}
    lines: list[str] = []
    for q in result.questions:
        a = answers.get(q.number)
        if (a is not None and a.correct) or (a is None and result.mode != "exam"):
            continue
        item, letter = q.item, q.correct_letter
        if a is None:
            lines += ["", t(lang, "review.unanswered", number=q.number, letter=letter)]
        else:
            lines += ["", t(lang, "review.line", number=q.number, chosen=a.chosen, letter=letter)]
        if item.frame is not None:
            lines.append("  " + t(lang, "question.frame") + item.frame.get(lang))
        lines += _review_labelled(t(lang, "question.scenario"), item.scenario.get(lang))
        lines += _review_labelled(t(lang, "question.stem"), item.stem.get(lang))
        if a is not None:
            chosen = q.option(a.chosen)
            lines.append(
                "  " + t(lang, "review.chosen", letter=a.chosen, text=chosen.text.get(lang))
            )
            lines.append(
                "  "
                + t(
                    lang,
                    "why_wrong",
                    letter=a.chosen,
                    text=why_wrong_note(chosen.why_wrong, a.chosen).get(lang),
                )
            )
        lines.append("  " + t(lang, "review.key", letter=letter, text=item.correct.text.get(lang)))
        lines.append("  " + t(lang, "explanation", text=item.explanation.get(lang)))
    return ["", t(lang, "review.header"), *lines] if lines else []


def _review_labelled(label: str, text: str) -> list[str]:
    """``label`` and ``text`` as review lines; code keeps its own lines and indentation."""
    text = to_terminal(text).strip("\n")
    if "\n" not in text:
        return ["  " + label + text]
    return ["  " + label.rstrip(), *(line for line in text.split("\n") if line.strip())]
