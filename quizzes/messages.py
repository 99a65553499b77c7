"""The learner-facing UI text of the CLI and the widget, in Simplified Chinese and English.

Counts go through ``count()`` so that English says "1 question" and "2 questions".
"""

from __future__ import annotations

import os

MESSAGES: dict[str, dict[str, str]] = {
    "zh": {
        "mode.practice": "练习模式",
        "mode.exam": "模拟考试",
        "mode.review": "间隔复习",
        "intro.practice": "练习模式：共 {questions}（种子 {seed}），每答一题立即给出对错与解析。",
        "intro.exam": (
            "模拟考试：共 {questions}（种子 {seed}），按考试蓝图分主题抽题，选项顺序已打乱，"
            "交卷后统一公布成绩。"
        ),
        "intro.formula": "计分：成绩 = 100 + 900 × 答对比例（四舍五入），满分 1000，720 分及格。",
        "intro.review": "间隔复习：{questions}已到期（答错的题按 Leitner 盒子安排复习时间）。",
        "intro.time_limit": "限时 {minutes} 分钟。",
        "intro.trimmed": "题库只有 {available} 道可用的题，本次按 {questions}进行。",
        "hint.quit": "输入 A-D 作答；按 Ctrl-C 或 Ctrl-D 随时退出，已答的题都会保存。",
        "hint.quit.exam": (
            "输入 A-D 作答；按 Ctrl-C 放弃本场考试（不评分、不公布答案，已答的题保留为记录）。"
        ),
        "review.empty": "现在没有到期的复习题：答错的题会按 Leitner 盒子排期，到期后再来。",
        "review.next_due": "下一道复习题 {when} 到期。",
        "question.header": "第 {number}/{total} 题",
        "question.frame": "情境：",
        "question.scenario": "场景：",
        "question.stem": "问题：",
        "prompt": "你的答案（A-D）：",
        "more": "—— 按回车看下一屏 ——",
        "invalid": "无效的答案 {given!r}：请输入 A、B、C、D 中的一个字母。",
        "invalid.none": "请先选择一个选项（A-D）再提交。",
        "right": "✓ 回答正确。",
        "wrong": "✗ 回答错误。正确答案是 {letter}。",
        "why_wrong": "你选的 {letter} 错在：{text}",
        "explanation": "解析：{text}",
        "running": "当前得分：{correct}/{answered}（{percent}%）",
        "recorded": "已记录你的答案 {letter}。考试模式在交卷后统一公布成绩。",
        "eof": "输入结束：已作答的 {answered}已保存。",
        "eof.exam": (
            "输入结束，已放弃本场考试：不评分，也不公布任何答案。"
            "已作答的 {answered}已作为记录保存。"
        ),
        "abandoned": (
            "已放弃本场考试：不评分，也不公布任何答案。已作答的 {answered}已作为记录保存。"
        ),
        "interrupted": "已中断：已作答的 {answered}已保存。",
        "time_up": "时间到！未作答的题按答错计分。",
        "score.practice": "得分：{correct}/{total}（{percent}%）",
        "score.exam": "考试成绩：{score} / 1000（720 分及格）—— {verdict}",
        "score.formula": "计分：100 + 900 × {correct}/{total} = {score}（四舍五入）",
        "score.raw": "答对 {correct}/{total} 题（{percent}%），用时 {elapsed}。",
        "progress": "已答 {answered}/{total} 题，答对 {correct} 题。",
        "progress.exam": "已答 {answered}/{total} 题。",
        "pass": "通过",
        "fail": "未通过",
        "topics.header": "按主题统计：",
        "topics.weakest": "最薄弱的主题：",
        "topics.none_weak": "所有主题全部答对。",
        "review.header": "错题回顾：",
        "review.line": "第 {number} 题：你选 {chosen}，正确答案是 {letter}。",
        "review.unanswered": "第 {number} 题：未作答，正确答案是 {letter}。",
        "review.chosen": "你的选择 {letter}：{text}",
        "review.key": "正确答案 {letter}：{text}",
        "unanswered": "未作答",
        "elapsed": "{minutes} 分 {seconds} 秒",
        "submit": "提交",
        "next": "下一题",
        "finish": "查看成绩",
        "done": "本轮结束。",
        "mastery.header": "各主题掌握度（最近一次答对的题 / 考到的题，只列考到过的主题，最薄弱的在前）：",
        "mastery.empty": "还没有作答记录：做几道题之后，这里会显示各主题的掌握度。",
        "mastery.trend": "走势：每场一个点",
        "mastery.title": "各主题掌握度",
        "store.damaged": (
            "进度文件 {path} 无法使用：{problem}。已把它移到 {moved_to}（没有删除任何内容），"
            "并新建了一个进度文件。"
        ),
        "store.migrated": "进度文件 {path} 已从第 {old} 版结构升级到第 {new} 版，原有记录全部保留。",
        "bank.error": "题库有错误，无法开始：",
        "store.error": "无法使用进度文件 {path}：{error}。该路径上的内容没有被改动（可以用 --db 指定别的位置）。",
        "store.busy": "进度文件 {path} 正被另一个程序锁住：这次的答案先留在内存里，下次作答时一起保存。",
        "store.unwritable": "进度文件 {path} 现在写不进去（{error}）：这次的答案先留在内存里，下次作答时再试着保存。",
        "store.unsaved": "进度文件 {path} 一直写不进去（{error}）：有 {count} 项改动没能保存。",
        # the exam's mechanics: the clock, flags, going back, the review before handing in
        "intro.paced": "限时 {minutes} 分钟：真实考试 60 题 120 分钟，每题 2 分钟，这里同样的节奏。",
        "hint.exam.commands": (
            "考试中可以：F 标记本题（交卷前复查），P 上一题，N 下一题，输入题号跳到那道题，"
            "R 打开复查页；答完最后一题会先到复查页，输入 S 才交卷。"
        ),
        "question.time_left": "剩余时间 {clock}",
        "question.flagged": "⚑ 已标记",
        "question.answered": "已答 {letter}",
        "prompt.exam": "你的答案（A-D，或 F/P/N/R/题号）：",
        "invalid.exam": (
            "无效的答案 {given!r}：请输入 A-D 作答，F 标记，P 上一题，N 下一题，R 复查，"
            "或 1-{total} 的题号。"
        ),
        "flag.on": "已标记第 {number} 题：交卷前的复查页会列出它。",
        "flag.off": "已取消第 {number} 题的标记。",
        "first_question": "这已经是第 1 题。",
        "screen.header": "交卷前复查：已答 {answered}/{total} 题。",
        "screen.time_left": "剩余时间 {clock}。",
        "screen.unanswered": "未作答：{numbers}",
        "screen.flagged": "已标记：{numbers}",
        "screen.none": "无",
        "prompt.review": "输入题号回到那道题，输入 S 交卷：",
        "invalid.review": "无效的输入 {given!r}：请输入 1-{total} 的题号回去修改，或输入 S 交卷。",
        "handed_in": "已交卷。",
        "eof.handed_in": "输入结束：每道题都已作答，按交卷处理。",
        "score.scope": (
            "注意：这个题库只考任务 1.1（设计并实现 Agent 循环）及相邻的 1.4、1.5；真实考试覆盖五个领域。"
            "这个分数只反映你在这一项任务上的水平，不是整场考试的预估分。"
        ),
        "flag": "标记本题",
        "prev": "上一题",
        "review_button": "复查并交卷",
        "hand_in": "交卷",
        "widget.time_left": "⏱ 剩余时间 {clock}",
        "widget.review_hint": "点题号回到那道题；确认无误后点“交卷”。",
        "mastery.unasked": "还没考到的主题：{count} 个（不计入上表）。",
        # the command line's help: both languages unless AGENTKIT_LANG=en
        "env.bad_lang": "环境变量 AGENTKIT_LANG={value!r} 无效：应为 zh 或 en",
        "cli.description": (
            "Agent 循环考试训练（CCA-F 任务 1.1）/ Agent-loop exam trainer (CCA-F task 1.1)"
        ),
        "cli.help.mode": (
            "practice 练习 | exam 模拟考试 | review 间隔复习（到期的错题） | progress 各主题掌握度 "
            "(default: practice)"
        ),
        "cli.help.lang": (
            "界面与题目语言 / language of the UI and the questions "
            "(default: $AGENTKIT_LANG when set, else zh)"
        ),
        "cli.help.n": (
            "题数 / number of questions (exam default: {exam_size}; practice and review: all)"
        ),
        "cli.help.seed": (
            "随机种子：同一种子得到同样的题目与选项顺序 / same seed, same questions "
            "and option order (default: a random seed, printed)"
        ),
        "cli.help.db": (
            "进度文件 / progress file (default: $AGENTLOOP_QUIZ_DB or the user "
            "data folder; ':memory:' keeps nothing)"
        ),
        "cli.help.time_limit": (
            "考试限时（分钟；0 不限时）/ exam time limit in minutes, 0 for none "
            "(default: the real exam's pace, 2 minutes a question)"
        ),
        "cli.help.bank": "题库文件 / bank files to use instead of the built-in bank",
    },
    "en": {
        "mode.practice": "Practice",
        "mode.exam": "Mock exam",
        "mode.review": "Spaced review",
        "intro.practice": (
            "Practice: {questions} (seed {seed}), each one graded at once with its explanation."
        ),
        "intro.exam": (
            "Mock exam: {questions} (seed {seed}), drawn by topic per the blueprint, "
            "options shuffled, graded when you finish."
        ),
        "intro.formula": (
            "Scoring: score = 100 + 900 × fraction correct (rounded), scale 100-1000, 720 passes."
        ),
        "intro.review": (
            "Spaced review: {questions} due (missed questions are scheduled in Leitner boxes)."
        ),
        "intro.time_limit": "Time limit: {minutes} minutes.",
        "intro.trimmed": "The bank has only {available} usable questions; this run has {questions}.",
        "hint.quit": "Type A-D to answer; Ctrl-C or Ctrl-D quits at any time, answers are saved.",
        "hint.quit.exam": (
            "Type A-D to answer; Ctrl-C abandons the exam (nothing graded, no answer revealed, "
            "answers kept as history)."
        ),
        "review.empty": (
            "Nothing is due for review: missed questions are scheduled in Leitner boxes; "
            "come back when one is due."
        ),
        "review.next_due": "The next review is due {when}.",
        "question.header": "Question {number}/{total}",
        "question.frame": "Setting: ",
        "question.scenario": "Scenario: ",
        "question.stem": "Question: ",
        "prompt": "Your answer (A-D): ",
        "more": "-- press Enter for the next screen --",
        "invalid": "Invalid answer {given!r}: type one letter, A, B, C or D.",
        "invalid.none": "Choose an option (A-D) before submitting.",
        "right": "✓ Correct.",
        "wrong": "✗ Wrong. The correct answer is {letter}.",
        "why_wrong": "Why {letter} is wrong: {text}",
        "explanation": "Explanation: {text}",
        "running": "Running score: {correct}/{answered} ({percent}%)",
        "recorded": "Answer {letter} recorded. In exam mode you see the results at the end.",
        "eof": "End of input: {answered} answered, saved.",
        "eof.exam": (
            "End of input: exam abandoned, nothing graded and no answer revealed. "
            "{answered} answered so far, kept as history."
        ),
        "abandoned": (
            "Exam abandoned: nothing graded and no answer revealed. {answered} answered so far, "
            "kept as history."
        ),
        "interrupted": "Interrupted: {answered} answered, saved.",
        "time_up": "Time is up! Unanswered questions count as wrong.",
        "score.practice": "Score: {correct}/{total} ({percent}%)",
        "score.exam": "Exam score: {score} / 1000 (720 passes) - {verdict}",
        "score.formula": "Scoring: 100 + 900 × {correct}/{total} = {score} (rounded)",
        "score.raw": "{correct}/{total} correct ({percent}%) in {elapsed}.",
        "progress": "Answered {answered}/{total}, {correct} correct.",
        "progress.exam": "Answered {answered}/{total}.",
        "pass": "PASS",
        "fail": "FAIL",
        "topics.header": "By topic:",
        "topics.weakest": "Weakest topics:",
        "topics.none_weak": "Every topic fully correct.",
        "review.header": "Review of wrong answers:",
        "review.line": "Question {number}: you chose {chosen}; the correct answer is {letter}.",
        "review.unanswered": "Question {number}: not answered; the correct answer is {letter}.",
        "review.chosen": "Your choice {letter}: {text}",
        "review.key": "Correct answer {letter}: {text}",
        "unanswered": "not answered",
        "elapsed": "{minutes} min {seconds} s",
        "submit": "Submit",
        "next": "Next",
        "finish": "See score",
        "done": "Session over.",
        "mastery.header": (
            "Mastery by topic (questions last answered right / questions asked, topics asked "
            "only, weakest first):"
        ),
        "mastery.empty": "No answers yet: after a few questions this shows your mastery by topic.",
        "mastery.trend": "trend: one point per session",
        "mastery.title": "Mastery by topic",
        "store.damaged": (
            "The progress file {path} could not be used: {problem}. It was moved to "
            "{moved_to} (nothing was deleted) and a fresh progress file was "
            "started."
        ),
        "store.migrated": (
            "The progress file {path} was upgraded from schema {old} to {new}; every answer was kept."
        ),
        "bank.error": "The question bank has errors; cannot start:",
        "store.error": (
            "Cannot use the progress file {path}: {error}. Nothing there was changed "
            "(choose another file with --db)."
        ),
        "store.busy": (
            "The progress file {path} is locked by another program: this answer is kept in "
            "memory and saved with the next one."
        ),
        "store.unwritable": (
            "The progress file {path} cannot be written now ({error}): this answer is kept in "
            "memory and saved with the next one if it can be."
        ),
        "store.unsaved": (
            "The progress file {path} could not be written ({error}): {count} change(s) were "
            "not saved."
        ),
        "intro.paced": (
            "Time limit: {minutes} minutes: the real exam gives 120 minutes for 60 questions, "
            "2 minutes a question, and so does this one."
        ),
        "hint.exam.commands": (
            "During the exam: F flags this question for review, P goes to the previous one, N to "
            "the next, a number jumps to that question, R opens the review screen; after the last "
            "question the review screen comes first, and S hands the exam in."
        ),
        "question.time_left": "{clock} left",
        "question.flagged": "⚑ flagged",
        "question.answered": "answered {letter}",
        "prompt.exam": "Your answer (A-D, or F/P/N/R/a number): ",
        "invalid.exam": (
            "Invalid answer {given!r}: type A-D to answer, F to flag, P for the previous question, "
            "N for the next, R to review, or a question number 1-{total}."
        ),
        "flag.on": "Question {number} flagged: the review screen lists it before you hand in.",
        "flag.off": "Question {number} unflagged.",
        "first_question": "This is already question 1.",
        "screen.header": "Review before handing in: {answered}/{total} answered.",
        "screen.time_left": "{clock} left.",
        "screen.unanswered": "Not answered: {numbers}",
        "screen.flagged": "Flagged: {numbers}",
        "screen.none": "none",
        "prompt.review": "Type a question number to go back to it, or S to hand in: ",
        "invalid.review": (
            "Invalid input {given!r}: type a question number 1-{total} to go back, or S to hand in."
        ),
        "handed_in": "Exam handed in.",
        "eof.handed_in": "End of input: every question is answered, so the exam is handed in.",
        "score.scope": (
            "Note: this bank covers task 1.1 only (designing and implementing agentic loops), "
            "with the neighbouring 1.4 and 1.5; the real exam covers five domains. This score "
            "measures that one task, not a forecast of the whole exam."
        ),
        "flag": "Flag",
        "prev": "Previous",
        "review_button": "Review and hand in",
        "hand_in": "Hand in",
        "widget.time_left": "⏱ {clock} left",
        "widget.review_hint": "Click a number to go back to it; click Hand in when you are done.",
        "mastery.unasked": "Topics not asked yet: {count} (not in the chart).",
        "env.bad_lang": "Environment variable AGENTKIT_LANG={value!r} is not valid: expected zh or en",
        "cli.description": "Agent-loop exam trainer (CCA-F task 1.1)",
        "cli.help.mode": (
            "practice | exam (mock exam) | review (spaced review of the questions you missed, "
            "when due) | progress (mastery by topic) (default: practice)"
        ),
        "cli.help.lang": (
            "language of the UI and the questions (default: $AGENTKIT_LANG when set, else zh)"
        ),
        "cli.help.n": ("number of questions (exam default: {exam_size}; practice and review: all)"),
        "cli.help.seed": (
            "same seed, same questions and option order (default: a random seed, printed)"
        ),
        "cli.help.db": (
            "progress file (default: $AGENTLOOP_QUIZ_DB or the user data folder; ':memory:' "
            "keeps nothing)"
        ),
        "cli.help.time_limit": (
            "exam time limit in minutes, 0 for none (default: the real exam's pace, 2 minutes "
            "a question)"
        ),
        "cli.help.bank": "bank files to use instead of the built-in bank",
    },
}

_NOUNS: dict[str, dict[str, str | tuple[str, str]]] = {
    "question": {"zh": "{n} 题", "en": ("{n} question", "{n} questions")},
}


def t(lang: str, key: str, **values) -> str:
    """The UI text ``key`` in ``lang`` ('zh' or 'en'), formatted with ``values``."""
    try:
        table = MESSAGES[lang]
    except KeyError:
        raise ValueError(f"unknown language {lang!r}: expected one of zh, en") from None
    return table[key].format(**values)


def count(lang: str, n: int, noun: str = "question") -> str:
    """``n`` with its noun: "1 question", "2 questions"; "1 题" in Chinese."""
    form = _NOUNS[noun][lang]
    if isinstance(form, tuple):
        form = form[0] if n == 1 else form[1]
    return form.format(n=n)


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


LANGS = ("zh", "en")


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
