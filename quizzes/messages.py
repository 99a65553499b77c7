"""The learner-facing UI text of the CLI and the widget, in Simplified Chinese and English."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "zh": {
        "mode.practice": "练习模式",
        "mode.exam": "模拟考试",
        "mode.review": "错题复习",
        "intro.practice": "练习模式：共 {total} 题，每答一题立即给出对错与解析。",
        "intro.exam": (
            "模拟考试：共 {total} 题（种子 {seed}），选项顺序已打乱，交卷后统一公布成绩。"
            "满分 1000，720 分及格。"
        ),
        "intro.review": "错题复习：共 {total} 道上次答错的题。",
        "intro.time_limit": "限时 {minutes} 分钟。",
        "intro.trimmed": "题库只有 {available} 道可用的题，本次按 {total} 题进行。",
        "review.empty": "没有需要复习的错题：每道题最近一次都答对了（或还没有作答记录）。",
        "question.header": "第 {number}/{total} 题",
        "question.scenario": "场景：",
        "question.stem": "问题：",
        "prompt": "你的答案（A-D）：",
        "invalid": "无效的答案 {given!r}：请输入 A、B、C、D 中的一个字母。",
        "invalid.none": "请先选择一个选项（A-D）再提交。",
        "right": "✓ 回答正确。",
        "wrong": "✗ 回答错误。正确答案是 {letter}。",
        "why_wrong": "你选的 {letter} 错在：{text}",
        "explanation": "解析：{text}",
        "recorded": "已记录你的答案 {letter}。考试模式在交卷后统一公布成绩。",
        "eof": "输入结束：已作答的 {answered} 题已保存。",
        "time_up": "时间到！未作答的题按答错计分。",
        "score.practice": "得分：{correct}/{total}（{percent}%）",
        "score.exam": "考试成绩：{score} / 1000（720 分及格）—— {verdict}",
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
        "unanswered": "未作答",
        "elapsed": "{minutes} 分 {seconds} 秒",
        "submit": "提交",
        "next": "下一题",
        "finish": "查看成绩",
        "done": "本轮结束。",
        "store.damaged": (
            "进度文件 {path} 无法使用：{problem}。已把它移到 {moved_to}（没有删除任何内容），"
            "并新建了一个进度文件。"
        ),
        "bank.error": "题库有错误，无法开始：",
        "store.error": "无法打开进度文件 {path}：{error}（可以用 --db 指定别的位置）",
    },
    "en": {
        "mode.practice": "Practice",
        "mode.exam": "Practice exam",
        "mode.review": "Review",
        "intro.practice": (
            "Practice: {total} questions, each one graded at once with its explanation."
        ),
        "intro.exam": (
            "Practice exam: {total} questions (seed {seed}), options shuffled, graded "
            "when you finish. Scale 100-1000, 720 passes."
        ),
        "intro.review": "Review: {total} questions you last answered wrong.",
        "intro.time_limit": "Time limit: {minutes} minutes.",
        "intro.trimmed": "The bank has only {available} usable questions; this run has {total}.",
        "review.empty": (
            "Nothing to review: your latest answer to every question was right (or "
            "you have not answered any yet)."
        ),
        "question.header": "Question {number}/{total}",
        "question.scenario": "Scenario: ",
        "question.stem": "Question: ",
        "prompt": "Your answer (A-D): ",
        "invalid": "Invalid answer {given!r}: type one letter, A, B, C or D.",
        "invalid.none": "Choose an option (A-D) before submitting.",
        "right": "✓ Correct.",
        "wrong": "✗ Wrong. The correct answer is {letter}.",
        "why_wrong": "Why {letter} is wrong: {text}",
        "explanation": "Explanation: {text}",
        "recorded": "Answer {letter} recorded. In exam mode you see the results at the end.",
        "eof": "End of input: the {answered} answered questions are saved.",
        "time_up": "Time is up! Unanswered questions count as wrong.",
        "score.practice": "Score: {correct}/{total} ({percent}%)",
        "score.exam": "Exam score: {score} / 1000 (720 passes) - {verdict}",
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
        "unanswered": "not answered",
        "elapsed": "{minutes} min {seconds} s",
        "submit": "Submit",
        "next": "Next",
        "finish": "See score",
        "done": "Session over.",
        "store.damaged": (
            "The progress file {path} could not be used: {problem}. It was moved to "
            "{moved_to} (nothing was deleted) and a fresh progress file was "
            "started."
        ),
        "bank.error": "The question bank has errors; cannot start:",
        "store.error": "Cannot open the progress file {path}: {error} (choose another with --db)",
    },
}


def t(lang: str, key: str, **values) -> str:
    """The UI text ``key`` in ``lang`` ('zh' or 'en'), formatted with ``values``."""
    try:
        table = MESSAGES[lang]
    except KeyError:
        raise ValueError(f"unknown language {lang!r}: expected one of zh, en") from None
    return table[key].format(**values)


def elapsed_text(lang: str, seconds: float) -> str:
    whole = int(seconds)
    return t(lang, "elapsed", minutes=whole // 60, seconds=whole % 60)


def percent(fraction: float) -> int:
    return int(fraction * 100 + 0.5)
