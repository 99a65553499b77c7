"""The terminal quiz driven through standard input."""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from quizzes import load_bank, open_store, start
from quizzes.bank import LETTERS
from quizzes.cli import main

DATA = Path(__file__).parent / "data" / "quiz"
GOOD = DATA / "good.toml"


@pytest.fixture
def db(tmp_path, monkeypatch):
    path = tmp_path / "quiz.sqlite3"
    monkeypatch.setenv("AGENTLOOP_QUIZ_DB", str(path))  # never the learner's real progress file
    return path


def run(*args, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    code = main(["--bank", str(GOOD), *args], stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def planned(mode, n, seed):
    """The same session the CLI builds, to know the right letters."""
    return start(mode, items=load_bank([GOOD]), n=n, seed=seed).questions


def test_invalid_answers_ask_again(db):
    q = planned("practice", 1, 3)[0]
    answers = f"E\n\nxyz\n  {q.correct_letter.lower()}  \n"
    code, out, _ = run("--n", "1", "--seed", "3", stdin=answers)
    assert code == 0
    assert "无效的答案 'E'：请输入 A、B、C、D 中的一个字母。" in out
    assert "无效的答案 ''" in out and "无效的答案 'xyz'" in out
    assert out.count("你的答案（A-D）：") == 4
    assert "✓ 回答正确。" in out and "得分：1/1（100%）" in out


def test_practice_feedback_names_the_correct_letter_and_why_wrong(db):
    q = planned("practice", 1, 3)[0]
    wrong = next(x for x in LETTERS if x != q.correct_letter)
    _, out, _ = run("--n", "1", "--seed", "3", stdin=wrong + "\n")
    assert f"✗ 回答错误。正确答案是 {q.correct_letter}。" in out
    assert f"你选的 {wrong} 错在：{q.item.options[wrong].why_wrong.zh}" in out
    assert f"解析：{q.item.explanation.zh}" in out
    assert "最薄弱的主题：" in out


def test_exam_ends_with_scaled_score_and_topics(db):
    questions = planned("exam", 4, 1)
    answers = "".join(q.correct_letter + "\n" for q in questions)
    _, out, _ = run("--mode", "exam", "--n", "4", "--seed", "1", stdin=answers)
    assert "模拟考试：共 4 题（种子 1）" in out
    assert "考试成绩：1000 / 1000（720 分及格）—— 通过" in out
    assert "答对 4/4 题（100%），用时 0 分 0 秒。" in out
    assert "按主题统计：" in out and "所有主题全部答对。" in out
    assert "回答正确" not in out  # no feedback during the exam


def test_english_and_eof_saves_what_was_answered(db):
    questions = planned("exam", 4, 2)
    code, out, _ = run(
        "--mode",
        "exam",
        "--n",
        "4",
        "--seed",
        "2",
        "--lang",
        "en",
        stdin=questions[0].correct_letter + "\n",
    )
    assert code == 0
    assert "Practice exam: 4 questions (seed 2)" in out
    assert "End of input: the 1 answered questions are saved." in out
    assert "Exam score: 325 / 1000 (720 passes) - FAIL" in out
    assert "Question 2: not answered; the correct answer is" in out
    assert "你的答案" not in out
    with open_store(db) as store:
        assert [(a.item_id, a.correct, a.mode) for a in store.attempts()] == [
            (questions[0].item.id, True, "exam")
        ]


def test_review_mode_asks_the_wrong_ones_again(db):
    q = planned("practice", 1, 3)[0]
    wrong = next(x for x in LETTERS if x != q.correct_letter)
    run("--n", "1", "--seed", "3", stdin=wrong + "\n")
    _, out, _ = run("--mode", "review", stdin=q.item.answer + "\n")
    assert "错题复习：共 1 道上次答错的题。" in out and q.item.stem.zh in out
    _, out, _ = run("--mode", "review")
    assert "没有需要复习的错题" in out


def test_damaged_store_is_reported_in_the_ui_language(db):
    db.write_bytes(b"garbage" * 100)
    code, _, err = run("--n", "1", "--seed", "1", "--lang", "en", "--db", str(db))
    assert code == 0
    assert f"The progress file {db} could not be used" in err and ".damaged-" in err


def test_unusable_store_path_is_reported(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    code, out, err = run("--db", str(blocker / "quiz.sqlite3"), "--lang", "en")
    assert code == 2 and out == ""
    assert f"Cannot open the progress file {blocker / 'quiz.sqlite3'}:" in err


def test_bank_error_names_the_file_and_exits_2(db):
    broken = DATA / "broken" / "answer_e.toml"
    out, err = io.StringIO(), io.StringIO()
    code = main(["--bank", str(broken)], stdin=io.StringIO(""), stdout=out, stderr=err)
    assert code == 2 and out.getvalue() == ""
    assert f"{broken}: item 'bad-01': answer = 'E'" in err.getvalue()


def test_python_dash_m_quizzes_in_a_subprocess(tmp_path):
    questions = planned("exam", 2, 5)
    env = {
        **os.environ,
        "AGENTLOOP_QUIZ_DB": str(tmp_path / "q.sqlite3"),
        "PYTHONIOENCODING": "utf-8",
    }
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "quizzes",
            "--bank",
            str(GOOD),
            "--mode",
            "exam",
            "--n",
            "2",
            "--seed",
            "5",
            "--lang",
            "en",
        ],
        input="Z\n" + "".join(q.correct_letter + "\n" for q in questions),
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Invalid answer 'Z'" in proc.stdout
    assert "Exam score: 1000 / 1000 (720 passes) - PASS" in proc.stdout


def test_bad_arguments_exit_with_usage(db, capsys):
    with pytest.raises(SystemExit) as caught:
        main(["--n", "0"])
    assert caught.value.code == 2
    assert "must be at least 1" in capsys.readouterr().err


def test_code_in_a_question_is_indented_in_the_terminal():
    from quizzes.cli import _labelled

    text = "Look:\n```python\nif done:\n    break\n```\nWhy?"
    assert (
        _labelled("Question: ", text) == "Question:\nLook:\n\n    if done:\n        break\n\nWhy?"
    )
    assert _labelled("问题：", "一行") == "问题：一行"
