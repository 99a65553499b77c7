"""The terminal quiz: ``python -m quizzes`` or ``agentloop-quiz``.

    agentloop-quiz --mode exam --n 10 --seed 1
    printf 'B\\nA\\nC\\n' | agentloop-quiz --mode practice --n 3 --seed 7 --lang en

Answers are read one per line from standard input (a letter A-D, any case, spaces ignored), so a
run can be scripted. An invalid answer is explained and asked again; end of input stops the run
cleanly, and every answer given so far is already saved.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import sys
import warnings
from typing import TextIO

from .bank import BankError, load_bank, load_topics
from .engine import DEFAULT_EXAM_SIZE, MODES, InvalidAnswer, Result, Session, SessionOver, start
from .messages import elapsed_text, percent, t
from .render import to_terminal
from .store import DamagedStoreWarning, default_path, open_store


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="agentloop-quiz",
        description="Agent 循环考试训练（CCA-F 任务 1.1）/ Agent-loop exam trainer (CCA-F task 1.1)",
    )
    parser.add_argument(
        "--mode",
        choices=MODES,
        default="practice",
        help="practice 练习 | exam 模拟考试 | review 错题复习 (default: practice)",
    )
    parser.add_argument(
        "--lang",
        choices=("zh", "en"),
        default="zh",
        help="界面与题目语言 / language of the UI and the questions (default: zh)",
    )
    parser.add_argument(
        "--n",
        type=_positive_int,
        default=None,
        help=f"题数 / number of questions (exam default: {DEFAULT_EXAM_SIZE}; "
        "practice and review: all)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="随机种子：同一种子得到同样的题目与选项顺序 / same seed, same questions "
        "and option order (default: a random seed, printed)",
    )
    parser.add_argument(
        "--db",
        default=None,
        metavar="PATH",
        help="进度文件 / progress file (default: $AGENTLOOP_QUIZ_DB or the user "
        "data folder; ':memory:' keeps nothing)",
    )
    parser.add_argument(
        "--time-limit",
        type=_positive_int,
        default=None,
        metavar="MINUTES",
        help="考试限时（分钟）/ exam time limit in minutes (default: none)",
    )
    parser.add_argument(
        "--bank",
        nargs="+",
        default=None,
        metavar="FILE",
        help="题库文件 / bank files to use instead of the built-in bank",
    )
    return parser.parse_args(argv)


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def main(
    argv: list[str] | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    args = parse_args(argv)
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    stderr = stderr or sys.stderr
    lang = args.lang
    try:
        items = load_bank(args.bank)
        topics = load_topics()
    except BankError as exc:
        print(t(lang, "bank.error"), exc, sep="\n", file=stderr)
        return 2
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DamagedStoreWarning)  # reported below, localised
            store = open_store(args.db)
    except (OSError, sqlite3.Error) as exc:
        print(t(lang, "store.error", path=args.db or default_path(), error=exc), file=stderr)
        return 2
    if store.recovery is not None:
        r = store.recovery
        print(
            t(lang, "store.damaged", path=r.path, problem=r.problem, moved_to=r.moved_to),
            file=stderr,
        )
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 100_000)
    with store:
        session = start(
            args.mode,
            items=items,
            topics=topics,
            n=args.n,
            seed=seed,
            store=store,
            time_limit=args.time_limit * 60 if args.time_limit else None,
        )
        run(session, lang, stdin, stdout, requested=args.n)
    return 0


def run(  # noqa: C901  (to be split: issue 15)
    session: Session, lang: str, stdin: TextIO, stdout: TextIO, requested: int | None = None
) -> Result:
    """Ask every question of ``session`` on ``stdout``, reading answers from ``stdin``."""

    def say(*lines: str) -> None:
        for line in lines:
            print(line, file=stdout)

    total = len(session.questions)
    if session.mode == "review" and total == 0:
        say(t(lang, "review.empty"))
        return session.result()
    say(t(lang, f"intro.{session.mode}", total=total, seed=session.seed))
    if requested is not None and requested > total and session.mode != "review":
        say(t(lang, "intro.trimmed", available=total, total=total))
    if session.time_limit:
        say(t(lang, "intro.time_limit", minutes=int(session.time_limit // 60)))
    echo = not _is_tty(stdin)
    while not session.finished:
        question = session.current
        say("", t(lang, "question.header", number=question.number, total=total))
        say(
            _labelled(t(lang, "question.scenario"), question.item.scenario.get(lang)),
            _labelled(t(lang, "question.stem"), question.item.stem.get(lang)),
        )
        say(*(f"  {letter}. {to_terminal(text)}" for letter, text in question.options(lang)))
        feedback = None
        while feedback is None:
            stdout.write(t(lang, "prompt"))
            stdout.flush()
            try:
                line = stdin.readline()
            except KeyboardInterrupt:  # Ctrl-C: stop like end of input, nothing lost
                line = ""
            if not line:  # end of input
                say("", t(lang, "eof", answered=len(session.answers)))
                session.stop()
                break
            if echo:
                say(line.strip())
            try:
                feedback = session.answer(line)
            except InvalidAnswer:
                say(t(lang, "invalid", given=line.strip()))
            except SessionOver:
                break
        if feedback is None:
            break
        say(*feedback_lines(feedback, lang))
    result = session.result()
    if result.timed_out:
        say("", t(lang, "time_up"))
    say("", *summary_lines(result, lang))
    return result


def _labelled(label: str, text: str) -> str:
    """``label`` then ``text``; a text of several lines (e.g. code) starts on its own line."""
    text = to_terminal(text)
    return f"{label}{text}" if "\n" not in text else f"{label.rstrip()}\n{text}"


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


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


def summary_lines(result: Result, lang: str) -> list[str]:
    """The score, the exam's topic breakdown and wrong answers, and the weakest topics."""
    if result.mode == "exam":
        lines = [
            t(
                lang,
                "score.exam",
                score=result.score,
                verdict=t(lang, "pass" if result.passed else "fail"),
            ),
            t(
                lang,
                "score.raw",
                correct=result.correct,
                total=result.total,
                percent=percent(result.fraction),
                elapsed=elapsed_text(lang, result.elapsed),
            ),
            "",
            t(lang, "topics.header"),
        ]
        lines += [f"  {ts.right}/{ts.total}  {ts.topic.get(lang)}" for ts in result.topics]
        lines += _exam_review_lines(result, lang)
    else:
        answered = result.answered
        lines = [
            t(
                lang,
                "score.practice",
                correct=result.correct,
                total=answered,
                percent=percent(result.correct / answered if answered else 0.0),
            )
        ]
    weakest = result.weakest()
    if result.answered:
        lines.append("")
        if weakest:
            lines.append(t(lang, "topics.weakest"))
            lines += [f"  {ts.right}/{ts.total}  {ts.topic.get(lang)}" for ts in weakest]
        else:
            lines.append(t(lang, "topics.none_weak"))
    return lines


def _exam_review_lines(result: Result, lang: str) -> list[str]:
    """Each wrong or unanswered exam question with its correct letter and explanation."""
    answers = {a.question.number: a for a in result.answers}
    lines: list[str] = []
    for q in result.questions:
        a = answers.get(q.number)
        if a is not None and a.correct:
            continue
        letter = q.correct_letter
        lines += [
            "",
            t(lang, "review.unanswered", number=q.number, letter=letter)
            if a is None
            else t(lang, "review.line", number=q.number, chosen=a.chosen, letter=letter),
            f"  {letter}. {q.item.correct.text.get(lang)}",
            "  " + t(lang, "explanation", text=q.item.explanation.get(lang)),
        ]
    return ["", t(lang, "review.header"), *lines] if lines else []
