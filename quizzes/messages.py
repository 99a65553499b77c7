"""The learner-facing UI text of the CLI and the widget, in Simplified Chinese and English.

One row a string, `"key": ("中文", "English")`, the format of every string table of the project
(agentkit's are `agentkit.i18n.Strings`; quizzes never imports agentkit, so `t()` reads the rows
here). Counts go through ``count()`` so that English says "1 question" and "2 questions".
"""

from __future__ import annotations

import os

LANGS = ("zh", "en")
"""The languages, in the order of every row."""

MESSAGES: dict[str, tuple[str, str]] = {
    "mode.practice": ("练习模式", "Practice"),
    "mode.exam": ("模拟考试", "Mock exam"),
    "mode.review": ("间隔复习", "Spaced review"),
    "intro.practice": (
        "练习模式：共 {questions}（种子 {seed}），每答一题立即给出对错与解析。",
        "Practice: {questions} (seed {seed}), each one graded at once with its explanation.",
    ),
    "intro.exam": (
        "模拟考试：共 {questions}（种子 {seed}），按考试蓝图分主题抽题，选项顺序已打乱，"
        "交卷后统一公布成绩。",
        "Mock exam: {questions} (seed {seed}), drawn by topic per the blueprint, "
        "options shuffled, graded when you finish.",
    ),
    "intro.formula": (
        "计分：成绩 = 100 + 900 × 答对比例（四舍五入），满分 1000，720 分及格。",
        "Scoring: score = 100 + 900 × fraction correct (rounded), scale 100-1000, 720 passes.",
    ),
    "intro.review": (
        "间隔复习：{questions}已到期（答错的题按 Leitner 盒子安排复习时间）。",
        "Spaced review: {questions} due (missed questions are scheduled in Leitner boxes).",
    ),
    "intro.time_limit": ("限时 {minutes} 分钟。", "Time limit: {minutes} minutes."),
    "intro.trimmed": (
        "题库只有 {available} 道可用的题，本次按 {questions}进行。",
        "The bank has only {available} usable questions; this run has {questions}.",
    ),
    "hint.quit": (
        "输入 A-D 作答；按 Ctrl-C 或 Ctrl-D 随时退出，已答的题都会保存。",
        "Type A-D to answer; Ctrl-C or Ctrl-D quits at any time, answers are saved.",
    ),
    "hint.quit.exam": (
        "输入 A-D 作答；按 Ctrl-C 放弃本场考试（不评分、不公布答案，已答的题保留为记录）。",
        "Type A-D to answer; Ctrl-C abandons the exam (nothing graded, no answer revealed, "
        "answers kept as history).",
    ),
    "review.empty": (
        "现在没有到期的复习题：答错的题会按 Leitner 盒子排期，到期后再来。",
        "Nothing is due for review: missed questions are scheduled in Leitner boxes; "
        "come back when one is due.",
    ),
    "review.next_due": ("下一道复习题 {when} 到期。", "The next review is due {when}."),
    "question.header": ("第 {number}/{total} 题", "Question {number}/{total}"),
    "question.frame": ("情境：", "Setting: "),
    "question.scenario": ("场景：", "Scenario: "),
    "question.stem": ("问题：", "Question: "),
    "prompt": ("你的答案（A-D）：", "Your answer (A-D): "),
    "more": ("—— 按回车看下一屏 ——", "-- press Enter for the next screen --"),
    "invalid": (
        "无效的答案 {given!r}：请输入 A、B、C、D 中的一个字母。",
        "Invalid answer {given!r}: type one letter, A, B, C or D.",
    ),
    "invalid.none": (
        "请先选择一个选项（A-D）再提交。",
        "Choose an option (A-D) before submitting.",
    ),
    "right": ("✓ 回答正确。", "✓ Correct."),
    "wrong": ("✗ 回答错误。正确答案是 {letter}。", "✗ Wrong. The correct answer is {letter}."),
    "why_wrong": ("你选的 {letter} 错在：{text}", "Why {letter} is wrong: {text}"),
    "explanation": ("解析：{text}", "Explanation: {text}"),
    "running": (
        "当前得分：{correct}/{answered}（{percent}%）",
        "Running score: {correct}/{answered} ({percent}%)",
    ),
    "recorded": (
        "已记录你的答案 {letter}。考试模式在交卷后统一公布成绩。",
        "Answer {letter} recorded. In exam mode you see the results at the end.",
    ),
    "eof": ("输入结束：已作答的 {answered}已保存。", "End of input: {answered} answered, saved."),
    "eof.exam": (
        "输入结束，已放弃本场考试：不评分，也不公布任何答案。已作答的 {answered}已作为记录保存。",
        "End of input: exam abandoned, nothing graded and no answer revealed. "
        "{answered} answered so far, kept as history.",
    ),
    "abandoned": (
        "已放弃本场考试：不评分，也不公布任何答案。已作答的 {answered}已作为记录保存。",
        "Exam abandoned: nothing graded and no answer revealed. {answered} answered so far, "
        "kept as history.",
    ),
    "interrupted": (
        "已中断：已作答的 {answered}已保存。",
        "Interrupted: {answered} answered, saved.",
    ),
    "time_up": (
        "时间到！未作答的题按答错计分。",
        "Time is up! Unanswered questions count as wrong.",
    ),
    "score.practice": (
        "得分：{correct}/{total}（{percent}%）",
        "Score: {correct}/{total} ({percent}%)",
    ),
    "score.exam": (
        "考试成绩：{score} / 1000（720 分及格）—— {verdict}",
        "Exam score: {score} / 1000 (720 passes) - {verdict}",
    ),
    "score.formula": (
        "计分：100 + 900 × {correct}/{total} = {score}（四舍五入）",
        "Scoring: 100 + 900 × {correct}/{total} = {score} (rounded)",
    ),
    "score.raw": (
        "答对 {correct}/{total} 题（{percent}%），用时 {elapsed}。",
        "{correct}/{total} correct ({percent}%) in {elapsed}.",
    ),
    "progress": (
        "已答 {answered}/{total} 题，答对 {correct} 题。",
        "Answered {answered}/{total}, {correct} correct.",
    ),
    "progress.exam": ("已答 {answered}/{total} 题。", "Answered {answered}/{total}."),
    "pass": ("通过", "PASS"),
    "fail": ("未通过", "FAIL"),
    "topics.header": ("按主题统计：", "By topic:"),
    "topics.weakest": ("最薄弱的主题：", "Weakest topics:"),
    "topics.none_weak": ("所有主题全部答对。", "Every topic fully correct."),
    "review.header": ("错题回顾：", "Review of wrong answers:"),
    "review.line": (
        "第 {number} 题：你选 {chosen}，正确答案是 {letter}。",
        "Question {number}: you chose {chosen}; the correct answer is {letter}.",
    ),
    "review.unanswered": (
        "第 {number} 题：未作答，正确答案是 {letter}。",
        "Question {number}: not answered; the correct answer is {letter}.",
    ),
    "review.chosen": ("你的选择 {letter}：{text}", "Your choice {letter}: {text}"),
    "review.key": ("正确答案 {letter}：{text}", "Correct answer {letter}: {text}"),
    "unanswered": ("未作答", "not answered"),
    "elapsed": ("{minutes} 分 {seconds} 秒", "{minutes} min {seconds} s"),
    "submit": ("提交", "Submit"),
    "next": ("下一题", "Next"),
    "finish": ("查看成绩", "See score"),
    "done": ("本轮结束。", "Session over."),
    "mastery.header": (
        "各主题掌握度（最近一次答对的题 / 考到的题，只列考到过的主题，最薄弱的在前）：",
        "Mastery by topic (questions last answered right / questions asked, topics asked "
        "only, weakest first):",
    ),
    "mastery.empty": (
        "还没有作答记录：做几道题之后，这里会显示各主题的掌握度。",
        "No answers yet: after a few questions this shows your mastery by topic.",
    ),
    "mastery.trend": ("走势：每场一个点", "trend: one point per session"),
    "mastery.title": ("各主题掌握度", "Mastery by topic"),
    "store.damaged": (
        "进度文件 {path} 无法使用：{problem}。已把它移到 {moved_to}（没有删除任何内容），"
        "并新建了一个进度文件。",
        "The progress file {path} could not be used: {problem}. It was moved to "
        "{moved_to} (nothing was deleted) and a fresh progress file was "
        "started.",
    ),
    "store.migrated": (
        "进度文件 {path} 已从第 {old} 版结构升级到第 {new} 版，原有记录全部保留。",
        "The progress file {path} was upgraded from schema {old} to {new}; every answer was kept.",
    ),
    "bank.error": ("题库有错误，无法开始：", "The question bank has errors; cannot start:"),
    "store.error": (
        "无法使用进度文件 {path}：{error}。该路径上的内容没有被改动（可以用 --db 指定别的位置）。",
        "Cannot use the progress file {path}: {error}. Nothing there was changed "
        "(choose another file with --db).",
    ),
    "store.busy": (
        "进度文件 {path} 正被另一个程序锁住：这次的答案先留在内存里，下次作答时一起保存。",
        "The progress file {path} is locked by another program: this answer is kept in "
        "memory and saved with the next one.",
    ),
    "store.unwritable": (
        "进度文件 {path} 现在写不进去（{error}）：这次的答案先留在内存里，下次作答时再试着保存。",
        "The progress file {path} cannot be written now ({error}): this answer is kept in "
        "memory and saved with the next one if it can be.",
    ),
    "store.unsaved": (
        "进度文件 {path} 一直写不进去（{error}）：有 {count} 项改动没能保存。",
        "The progress file {path} could not be written ({error}): {count} change(s) were "
        "not saved.",
    ),
    # the exam's mechanics: the clock, flags, going back, the review before handing in
    "intro.paced": (
        "限时 {minutes} 分钟：真实考试 60 题 120 分钟，每题 2 分钟，这里同样的节奏。",
        "Time limit: {minutes} minutes: the real exam gives 120 minutes for 60 questions, "
        "2 minutes a question, and so does this one.",
    ),
    "hint.exam.commands": (
        "考试中可以：F 标记本题（交卷前复查），P 上一题，N 下一题，输入题号跳到那道题，"
        "R 打开复查页；答完最后一题会先到复查页，输入 S 才交卷。",
        "During the exam: F flags this question for review, P goes to the previous one, N to "
        "the next, a number jumps to that question, R opens the review screen; after the last "
        "question the review screen comes first, and S hands the exam in.",
    ),
    "question.time_left": ("剩余时间 {clock}", "{clock} left"),
    "question.flagged": ("⚑ 已标记", "⚑ flagged"),
    "question.answered": ("已答 {letter}", "answered {letter}"),
    "prompt.exam": (
        "你的答案（A-D，或 F/P/N/R/题号）：",
        "Your answer (A-D, or F/P/N/R/a number): ",
    ),
    "invalid.exam": (
        "无效的答案 {given!r}：请输入 A-D 作答，F 标记，P 上一题，N 下一题，R 复查，"
        "或 1-{total} 的题号。",
        "Invalid answer {given!r}: type A-D to answer, F to flag, P for the previous question, "
        "N for the next, R to review, or a question number 1-{total}.",
    ),
    "flag.on": (
        "已标记第 {number} 题：交卷前的复查页会列出它。",
        "Question {number} flagged: the review screen lists it before you hand in.",
    ),
    "flag.off": ("已取消第 {number} 题的标记。", "Question {number} unflagged."),
    "first_question": ("这已经是第 1 题。", "This is already question 1."),
    "screen.header": (
        "交卷前复查：已答 {answered}/{total} 题。",
        "Review before handing in: {answered}/{total} answered.",
    ),
    "screen.time_left": ("剩余时间 {clock}。", "{clock} left."),
    "screen.unanswered": ("未作答：{numbers}", "Not answered: {numbers}"),
    "screen.flagged": ("已标记：{numbers}", "Flagged: {numbers}"),
    "screen.none": ("无", "none"),
    "prompt.review": (
        "输入题号回到那道题，输入 S 交卷：",
        "Type a question number to go back to it, or S to hand in: ",
    ),
    "invalid.review": (
        "无效的输入 {given!r}：请输入 1-{total} 的题号回去修改，或输入 S 交卷。",
        "Invalid input {given!r}: type a question number 1-{total} to go back, or S to hand in.",
    ),
    "handed_in": ("已交卷。", "Exam handed in."),
    "eof.handed_in": (
        "输入结束：每道题都已作答，按交卷处理。",
        "End of input: every question is answered, so the exam is handed in.",
    ),
    "score.scope": (
        "注意：这个题库只考任务 1.1（设计并实现 Agent 循环）及相邻的 1.4、1.5；真实考试覆盖五个领域。"
        "这个分数只反映你在这一项任务上的水平，不是整场考试的预估分。",
        "Note: this bank covers task 1.1 only (designing and implementing agentic loops), "
        "with the neighbouring 1.4 and 1.5; the real exam covers five domains. This score "
        "measures that one task, not a forecast of the whole exam.",
    ),
    "flag": ("标记本题", "Flag"),
    "prev": ("上一题", "Previous"),
    "review_button": ("复查并交卷", "Review and hand in"),
    "hand_in": ("交卷", "Hand in"),
    "widget.time_left": ("⏱ 剩余时间 {clock}", "⏱ {clock} left"),
    "widget.review_hint": (
        "点题号回到那道题；确认无误后点“交卷”。",
        "Click a number to go back to it; click Hand in when you are done.",
    ),
    "mastery.unasked": (
        "还没考到的主题：{count} 个（不计入上表）。",
        "Topics not asked yet: {count} (not in the chart).",
    ),
    # the command line's help: both languages unless AGENTKIT_LANG=en
    "env.bad_lang": (
        "环境变量 AGENTKIT_LANG={value!r} 无效：应为 zh 或 en",
        "Environment variable AGENTKIT_LANG={value!r} is not valid: expected zh or en",
    ),
    "cli.description": (
        "Agent 循环考试训练（CCA-F 任务 1.1）/ Agent-loop exam trainer (CCA-F task 1.1)",
        "Agent-loop exam trainer (CCA-F task 1.1)",
    ),
    "cli.help.mode": (
        "practice 练习 | exam 模拟考试 | review 间隔复习（到期的错题） | progress 各主题掌握度 "
        "(default: practice)",
        "practice | exam (mock exam) | review (spaced review of the questions you missed, "
        "when due) | progress (mastery by topic) (default: practice)",
    ),
    "cli.help.lang": (
        "界面与题目语言 / language of the UI and the questions "
        "(default: $AGENTKIT_LANG when set, else zh)",
        "language of the UI and the questions (default: $AGENTKIT_LANG when set, else zh)",
    ),
    "cli.help.n": (
        "题数 / number of questions (exam default: {exam_size}; practice and review: all)",
        "number of questions (exam default: {exam_size}; practice and review: all)",
    ),
    "cli.help.seed": (
        "随机种子：同一种子得到同样的题目与选项顺序 / same seed, same questions "
        "and option order (default: a random seed, printed)",
        "same seed, same questions and option order (default: a random seed, printed)",
    ),
    "cli.help.db": (
        "进度文件 / progress file (default: $AGENTLOOP_QUIZ_DB or the user "
        "data folder; ':memory:' keeps nothing)",
        "progress file (default: $AGENTLOOP_QUIZ_DB or the user data folder; ':memory:' "
        "keeps nothing)",
    ),
    "cli.help.time_limit": (
        "考试限时（分钟；0 不限时）/ exam time limit in minutes, 0 for none "
        "(default: the real exam's pace, 2 minutes a question)",
        "exam time limit in minutes, 0 for none (default: the real exam's pace, 2 minutes "
        "a question)",
    ),
    "cli.help.bank": (
        "题库文件 / bank files to use instead of the built-in bank",
        "bank files to use instead of the built-in bank",
    ),
    # counts (count()): the English form for one, and for any other number
    "count.question.one": ("{n} 题", "{n} question"),
    "count.question.other": ("{n} 题", "{n} questions"),
}


def t(lang: str, key: str, **values) -> str:
    """The UI text ``key`` in ``lang`` ('zh' or 'en'), formatted with ``values``."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: expected one of zh, en")
    return MESSAGES[key][LANGS.index(lang)].format(**values)


def count(lang: str, n: int, noun: str = "question") -> str:
    """``n`` with its noun: "1 question", "2 questions"; "1 题" in Chinese."""
    return t(lang, f"count.{noun}.{'one' if n == 1 else 'other'}", n=n)


def exam_score_texts(lang: str, result) -> list[str]:
    """An exam's score, its formula with the numbers filled in, and the raw count with the time."""
    verdict = t(lang, "pass" if result.passed else "fail")
    return [
        t(lang, "score.exam", score=result.score, verdict=verdict),
        t(lang, "score.formula", correct=result.correct, total=result.total, score=result.score),
        t(
            lang,
            "score.raw",
            correct=result.correct,
            total=result.total,
            percent=percent(result.fraction),
            elapsed=elapsed_text(lang, result.elapsed),
        ),
        t(lang, "score.scope"),
    ]


def clock_text(seconds: float) -> str:
    """A countdown's reading: "1:58:07", "9:05", "0:00" (whole seconds, rounded up)."""
    whole = max(0, int(-(-seconds // 1)))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def numbers_text(lang: str, numbers) -> str:
    """Question numbers as a list ("3, 7, 12"), or "none"."""
    return ", ".join(str(n) for n in numbers) or t(lang, "screen.none")


def elapsed_text(lang: str, seconds: float) -> str:
    whole = int(seconds)
    return t(lang, "elapsed", minutes=whole // 60, seconds=whole % 60)


def percent(fraction: float) -> int:
    return int(fraction * 100 + 0.5)


class LanguageError(ValueError):
    """AGENTKIT_LANG holds a value other than zh or en (any case); the message is one line."""


def env_lang(env=None) -> str | None:
    """AGENTKIT_LANG, checked as agentkit checks it: "zh" or "en" (any case, spaces ignored), None
    when unset or empty. Read here, not through agentkit: quizzes never imports it. A wrong value
    raises LanguageError, worded in Chinese (the default language), as agentkit words it."""
    value = (os.environ if env is None else env).get("AGENTKIT_LANG", "")
    word = value.strip().lower()
    if not word:
        return None
    if word not in LANGS:
        raise LanguageError(t("zh", "env.bad_lang", value=value))
    return word
