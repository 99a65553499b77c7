"""The terminal quiz driven through standard input, on a fixed 80×24 terminal."""

import io
import os
import re
import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from quizzes import load_bank, load_topics, open_store, start
from quizzes.bank import LETTERS
from quizzes.cli import main
from quizzes.render import columns

DATA = Path(__file__).parent / "data" / "quiz"
GOOD = DATA / "good.toml"


@pytest.fixture(autouse=True)
def terminal(monkeypatch):
    """shutil.get_terminal_size reads COLUMNS and LINES first: an 80×24 terminal."""
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")


@pytest.fixture
def db(tmp_path, monkeypatch):
    path = tmp_path / "quiz.sqlite3"
    monkeypatch.setenv("AGENTLOOP_QUIZ_DB", str(path))  # never the learner's real progress file
    return path


class Keyboard(io.StringIO):
    """Typed input: a terminal (so the quiz pages), and Ctrl-C after ``interrupt_after`` lines."""

    def __init__(self, text="", *, tty=True, interrupt_after=None):
        super().__init__(text)
        self.tty, self.interrupt_after, self.reads = tty, interrupt_after, 0

    def isatty(self):
        return self.tty

    def readline(self, *args):
        if self.reads == self.interrupt_after:
            raise KeyboardInterrupt
        self.reads += 1
        return super().readline(*args)


def run(*args, stdin="", bank=(GOOD,)):
    out, err = io.StringIO(), io.StringIO()
    stdin = stdin if isinstance(stdin, io.StringIO) else io.StringIO(stdin)
    argv = ["--bank", *map(str, bank), *args] if bank else list(args)
    code = main(argv, stdin=stdin, stdout=out, stderr=err)
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
    assert "当前得分：1/1（100%）" in out  # the running score


def test_practice_prints_its_seed_a_quit_hint_and_a_running_score(db):
    questions = planned("practice", 3, 8)
    answers = [questions[0].correct_letter, wrong_of(questions[1]), questions[2].correct_letter]
    _, out, _ = run("--n", "3", "--seed", "8", stdin="\n".join(answers) + "\n")
    assert "练习模式：共 3 题（种子 8）" in out
    assert "按 Ctrl-C 或 Ctrl-D 随时退出" in out
    running = re.findall(r"当前得分：(\d)/(\d)", out)
    assert running == [("1", "1"), ("1", "2"), ("2", "3")]


def test_practice_without_a_seed_prints_the_one_it_drew(db):
    _, out, _ = run("--n", "1", "--lang", "en", stdin="A\n")
    seed = int(re.search(r"Practice: 1 question \(seed (\d+)\)", out).group(1))
    assert planned("practice", 1, seed)[0].item.scenario.en in out  # the seed replays the run


def wrong_of(question):
    return next(x for x in LETTERS if x != question.correct_letter)


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
    assert "计分：成绩 = 100 + 900 × 答对比例（四舍五入），满分 1000，720 分及格。" in out
    assert "考试成绩：1000 / 1000（720 分及格）—— 通过" in out
    assert "计分：100 + 900 × 4/4 = 1000（四舍五入）" in out
    assert "按 Ctrl-C 放弃本场考试" in out
    assert "答对 4/4 题（100%），用时 0 分 0 秒。" in out
    assert "按主题统计：" in out and "所有主题全部答对。" in out
    assert "回答正确" not in out  # no feedback during the exam


def test_eof_in_an_exam_abandons_it_ungraded_and_keeps_the_answers(db):
    """Ctrl-D after 1 of 4 answers: the paper is to be retaken, so no score and no key (#24)."""
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
    assert "Mock exam: 4 questions (seed 2)" in out
    assert (
        "End of input: exam abandoned, nothing graded and no answer revealed. "
        "1 question answered so far, kept as history."  # not "1 questions"
    ) in " ".join(out.split())  # as wrapped to 80 columns
    for leak in ("Exam score", "900 × 1/4", "correct answer", "not answered", "By topic"):
        assert leak not in out
    for q in questions:
        assert q.item.explanation.en[:20] not in out
    assert "你的答案" not in out
    with open_store(db) as store:
        attempts = store.attempts()
        assert [(a.item_id, a.correct, a.mode) for a in attempts] == [
            (questions[0].item.id, True, "exam")
        ]
        assert store.session_status(attempts[0].session) == "stopped"  # as before: input ran out


def test_eof_in_an_exam_says_so_in_chinese_too(db):
    questions = planned("exam", 4, 6)
    answers = "".join(q.correct_letter + "\n" for q in questions[:3])
    code, out, _ = run("--mode", "exam", "--n", "4", "--seed", "6", stdin=answers)
    assert code == 0
    unwrapped = out.replace("\n", "")
    assert (
        "输入结束，已放弃本场考试：不评分，也不公布任何答案。已作答的 3 题已作为记录保存。"
        in unwrapped
    )
    for leak in ("考试成绩", "正确答案", "解析：", "错题回顾", "按主题统计"):
        assert leak not in out


def test_eof_in_practice_still_shows_the_score_so_far(db):
    q = planned("practice", 3, 1)[0]
    code, out, _ = run("--n", "3", "--seed", "1", "--lang", "en", stdin=q.correct_letter + "\n")
    assert code == 0
    assert "End of input: 1 question answered, saved." in out
    assert "Score: 1/1 (100%)" in out


@pytest.mark.parametrize(
    "args", [["--help", "--lang", "en"], ["--lang", "en", "--help"], ["--help", "--lang=en"]]
)
def test_help_with_lang_en_on_the_command_line_is_english_only(args, monkeypatch, capsys):
    monkeypatch.delenv("AGENTKIT_LANG", raising=False)
    with pytest.raises(SystemExit) as caught:
        main(args)
    assert caught.value.code == 0
    shown = capsys.readouterr().out
    assert "Agent-loop exam trainer (CCA-F task 1.1)" in shown
    assert not re.search(r"[\u3000-\u9fff\uff00-\uffef]", shown), shown


def test_help_follows_lang_over_agentkit_lang(monkeypatch, capsys):
    monkeypatch.setenv("AGENTKIT_LANG", "en")
    with pytest.raises(SystemExit):
        main(["--lang", "zh", "--help"])
    assert (
        "Agent 循环考试训练（CCA-F 任务 1.1）/ Agent-loop exam trainer" in capsys.readouterr().out
    )


def test_exam_review_names_why_each_chosen_option_was_wrong(db):
    questions = planned("exam", 4, 3)
    answers = "".join(wrong_of(q) + "\n" for q in questions)
    _, out, _ = run("--mode", "exam", "--n", "4", "--seed", "3", stdin=answers)
    flat = out.replace("\n", "").replace(" ", "")
    for q in questions:
        chosen = wrong_of(q)
        why = q.option(chosen).why_wrong.zh
        assert f"第 {q.number} 题：你选 {chosen}，正确答案是 {q.correct_letter}。" in out
        assert f"你选的{chosen}错在：{why}".replace(" ", "") in flat


def test_the_review_of_a_miss_repeats_the_question_the_choice_the_key_and_both_notes(db):
    questions = planned("exam", 4, 3)
    answers = "".join(wrong_of(q) + "\n" for q in questions)
    _, out, _ = run("--mode", "exam", "--n", "4", "--seed", "3", stdin=answers)
    review = out.split("错题回顾：")[1].replace("\n", "").replace(" ", "")
    for q in questions:
        chosen, item = wrong_of(q), q.item
        for shown in (
            f"场景：{item.scenario.zh}",
            f"问题：{item.stem.zh}",
            f"你的选择{chosen}：{q.option(chosen).text.zh}",
            f"你选的{chosen}错在：{q.option(chosen).why_wrong.zh}",
            f"正确答案{q.correct_letter}：{item.correct.text.zh}",
            f"解析：{item.explanation.zh}",
        ):
            assert shown.replace(" ", "") in review, shown


def test_the_english_review_says_correct_answer_as_the_chinese_one_does(db):
    questions = planned("exam", 4, 3)
    answers = "".join(wrong_of(q) + "\n" for q in questions)
    _, out, _ = run("--mode", "exam", "--n", "4", "--seed", "3", "--lang", "en", stdin=answers)
    review = " ".join(out.split("Review of wrong answers:")[1].split())
    for q in questions:
        assert f"Correct answer {q.correct_letter}: {q.item.correct.text.en}" in review
    assert "The key" not in out and "Mock exam: 4 questions (seed 3)" in out


def test_practice_ends_with_the_review_of_its_misses_and_primary_topics_only(db):
    first = planned("practice", 1, 2)[0]
    _, out, _ = run("--n", "1", "--seed", "2", stdin=wrong_of(first) + "\n")
    summary = out.split("错题回顾：")[1]
    assert "第 1 题：你选" in summary and first.item.correct.text.zh[:15] in summary
    weakest = [" ".join(line.split()) for line in summary.split("最薄弱的主题：")[1].splitlines()]
    assert [w for w in weakest if w] == [f"0/1 {load_topics()[first.item.topic].zh}"]  # no tags


def test_a_framed_question_shows_its_setting_first(db):
    bank = load_bank()
    item = next(i for i in bank if i.frame is not None)
    session = start("practice", items=[item], seed=1)
    screen_out = io.StringIO()
    from quizzes.cli import Screen, show_question

    show_question(Screen(io.StringIO(), screen_out), session.current, "en")
    text = screen_out.getvalue().replace("\n", " ")
    assert text.index("Setting: ") < text.index("Scenario: ")
    assert " ".join(item.frame.en.split()[:6]) in " ".join(text.split())


def test_ctrl_c_abandons_the_exam_ungraded_and_keeps_the_answers(db):
    questions = planned("exam", 4, 6)
    typed = Keyboard(
        "".join(q.correct_letter + "\n" for q in questions), tty=False, interrupt_after=2
    )
    code, out, _ = run("--mode", "exam", "--n", "4", "--seed", "6", stdin=typed)
    assert code == 130
    assert "已放弃本场考试：不评分，也不公布任何答案。已作答的 2 题已作为记录保存。" in out
    for leak in ("考试成绩", "正确答案", "解析：", "错题回顾", "按主题统计"):
        assert leak not in out
    for q in questions:
        assert q.item.explanation.zh[:20] not in out
    with open_store(db) as store:
        attempts = store.attempts()
        assert [a.item_id for a in attempts] == [q.item.id for q in questions[:2]]
        assert store.session_status(attempts[0].session) == "abandoned"


def test_ctrl_c_while_the_summary_is_shown_exits_130_with_every_answer_saved(db, monkeypatch):
    import quizzes.cli

    def interrupted(result, lang):  # Ctrl-C at a "more" prompt of a long summary
        raise KeyboardInterrupt

    monkeypatch.setattr(quizzes.cli, "summary_lines", interrupted)
    questions = planned("exam", 4, 1)
    keys = "".join(q.correct_letter + "\n" for q in questions)
    code, _, _ = run("--mode", "exam", "--n", "4", "--seed", "1", stdin=keys)
    assert code == 130
    with open_store(db) as store:
        assert len(store.attempts()) == 4


def test_ctrl_c_in_practice_stops_with_130_and_saves(db):
    typed = Keyboard("A\nB\n", tty=False, interrupt_after=1)
    code, out, _ = run("--n", "3", "--seed", "1", "--lang", "en", stdin=typed)
    assert code == 130 and "Interrupted: 1 question answered, saved." in out


def _read_until(fd, marker: bytes, timeout=30.0) -> bytes:
    data, deadline = b"", time.monotonic() + timeout
    while marker not in data and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            data += chunk
    return data


def _sigint_default():
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_a_real_sigint_abandons_the_exam(tmp_path):
    questions = planned("exam", 3, 4)
    env = {**os.environ, "AGENTLOOP_QUIZ_DB": str(tmp_path / "q.sqlite3")}
    env["PYTHONIOENCODING"] = "utf-8"
    args = ["--bank", str(GOOD), "--mode", "exam", "--n", "3", "--seed", "4", "--lang", "en"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "quizzes", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        # a terminal's Ctrl-C: the child starts with SIGINT's default action whatever the test
        # process inherited (an xdist worker can run with SIGINT ignored, and a child that
        # inherits "ignored" never gets KeyboardInterrupt)
        preexec_fn=_sigint_default,
    )
    try:  # in lockstep with the prompts, however slow a loaded machine makes the child
        fd = proc.stdout.fileno()
        first = _read_until(fd, b"Your answer (A-D", timeout=120)
        assert b"Your answer (A-D" in first, first.decode()
        proc.stdin.write(questions[0].correct_letter.encode() + b"\n")
        proc.stdin.flush()
        second = b""
        while b"Your answer (A-D" not in second.partition(b"Question 2/3")[2]:
            more = _read_until(fd, b"Your answer (A-D", timeout=120)
            assert more, (first + second).decode()  # the child went quiet
            second += more
        proc.send_signal(signal.SIGINT)
        rest, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    out = (first + second + rest).decode()
    assert proc.returncode == 130, err.decode()
    assert "Exam abandoned: nothing graded and no answer revealed. 1 question answered" in out
    assert "Exam score" not in out and "correct answer" not in out
    assert "Traceback" not in err.decode()


def test_review_asks_what_is_due_then_nothing(db):
    q = planned("practice", 1, 3)[0]
    run("--n", "1", "--seed", "3", stdin=wrong_of(q) + "\n")
    _, out, _ = run("--mode", "review", stdin=q.item.answer + "\n")
    assert "间隔复习：1 题已到期" in out and q.item.stem.zh in out
    _, out, _ = run("--mode", "review")  # answered right: box 2, due tomorrow
    assert "现在没有到期的复习题" in out
    with open_store(db) as store:
        assert [(s.item_id, s.box) for s in store.schedule()] == [(q.item.id, 2)]


def test_progress_mode_draws_text_bars_weakest_first(db):
    items = load_bank([GOOD])
    session = planned("practice", len(items), 2)
    answers = [q.correct_letter if "is-error" != q.item.topic else wrong_of(q) for q in session]
    run("--n", str(len(items)), "--seed", "2", stdin="\n".join(answers) + "\n")
    code, out, _ = run("--mode", "progress", "--lang", "en")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("Mastery by topic")
    bars = [line for line in lines if re.match(r"  [█░]{12} ", line)]
    assert len(bars) == len({i.topic for i in items})
    shares = [int(re.search(r"(\d+)%", line).group(1)) for line in bars]
    assert shares == sorted(shares) and shares[0] == 0 and shares[-1] == 100
    assert "tool failures as is_error" in bars[0].lower()
    assert all(columns(line) <= 80 for line in lines)


def test_progress_mode_with_no_answers(db):
    _, out, _ = run("--mode", "progress")
    assert "还没有作答记录" in out


def test_a_folder_as_the_progress_path_is_refused_untouched(tmp_path, monkeypatch):
    folder = tmp_path / "documents"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    monkeypatch.setenv("AGENTLOOP_QUIZ_DB", str(folder))
    code, out, err = run("--n", "1", "--lang", "en", stdin="A\n")
    assert code == 2 and out == ""
    assert f"Cannot use the progress file {folder}: this is a folder" in err
    assert "Nothing there was changed" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["documents"]
    assert (folder / "notes.txt").read_text() == "mine"


def test_another_programs_database_is_refused_untouched(db):
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT)")
    conn.close()
    before = db.read_bytes()
    code, _, err = run("--n", "1", stdin="A\n")
    assert code == 2 and "无法使用进度文件" in err and "another program's SQLite database" in err
    assert db.read_bytes() == before and list(db.parent.iterdir()) == [db]


def test_our_damaged_store_is_reported_in_the_ui_language(db):
    open_store(db).close()
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TABLE schedule")
    conn.close()
    code, _, err = run("--n", "1", "--seed", "1", "--lang", "en", stdin="A\n")
    assert code == 0
    assert f"The progress file {db} could not be used" in err and ".damaged-" in err


def test_unusable_store_path_is_reported(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("x")
    code, out, err = run("--db", str(blocker / "quiz.sqlite3"), "--lang", "en")
    assert code == 2 and out == ""
    assert f"Cannot use the progress file {blocker / 'quiz.sqlite3'}:" in err
    assert blocker.read_text() == "x"


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


IDENT = re.compile(r"[A-Za-z0-9]*_[A-Za-z0-9_]*")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_bank_question_wraps_to_80_columns_without_splitting_identifiers(db, lang):
    bank = load_bank()
    known = set()
    for item in bank:
        texts = [item.scenario, item.stem, item.explanation]
        texts += [o.text for o in item.options.values()]
        texts += [o.why_wrong for o in item.options.values() if o.why_wrong]
        for text in texts:
            known.update(IDENT.findall(text.get(lang)))
    _, out, _ = run(
        "--n", str(len(bank)), "--seed", "1", "--lang", lang, stdin="A\n" * len(bank), bank=()
    )
    lines = out.splitlines()
    assert len(lines) > 30 * len(bank) // 10
    too_wide = [line for line in lines if columns(line) > 80]
    assert not too_wide, too_wide[:3]
    broken = {w for w in IDENT.findall(out) if w not in known}
    assert not broken, f"identifiers split by wrapping: {sorted(broken)[:10]}"


def test_a_long_question_is_paged_to_fit_80_by_24(db):
    bank = load_bank()
    tallest = max(bank, key=lambda i: len(i.stem.zh) + len(i.scenario.zh))
    text = tallest.scenario.zh[:12]
    session = start("practice", items=[tallest], seed=1)
    keys = "\n" * 10 + session.current.correct_letter + "\n"
    _, out, _ = run("--seed", "1", stdin=Keyboard(keys), bank=(_one_item_bank(tallest),))
    screens = re.split(r"—— 按回车看下一屏 ——|你的答案（A-D）：", out)
    assert len(screens) >= 3, "the tallest question should take more than one screen"
    for screen in screens[:-1]:  # what is shown before each wait for a key
        assert screen.count("\n") <= 23, screen
    assert text in out and "✓ 回答正确。" in out


def _one_item_bank(item):
    """A bank file holding just ``item``, copied from the real bank's text."""
    from quizzes.bank import default_bank_files

    for source in default_bank_files():
        raw = source.read_text(encoding="utf-8")
        start_at = raw.find(f'id = "{item.id}"')
        if start_at != -1:
            begin = raw.rfind("[[item]]", 0, start_at)
            end = raw.find("[[item]]", start_at)
            path = Path(os.environ["AGENTLOOP_QUIZ_DB"]).with_name("one.toml")
            path.write_text(raw[begin : end if end != -1 else None], encoding="utf-8")
            return path
    raise AssertionError(item.id)


def test_piped_input_is_never_paged(db):
    bank = load_bank()
    tallest = max(bank, key=lambda i: len(i.stem.zh) + len(i.scenario.zh))
    session = start("practice", items=[tallest], seed=1)
    stdin = Keyboard(session.current.correct_letter + "\n", tty=False)
    _, out, _ = run("--seed", "1", stdin=stdin, bank=(_one_item_bank(tallest),))
    assert "按回车" not in out and "✓ 回答正确。" in out


def test_code_in_a_question_is_indented_in_the_terminal():
    from quizzes.cli import Screen, _labelled

    out = io.StringIO()
    screen = Screen(io.StringIO(), out)
    _labelled(screen, "Question: ", "Look:\n```python\nif done:\n    break\n```\nWhy?")
    _labelled(screen, "问题：", "一行")
    assert out.getvalue() == "Question:\nLook:\n\n    if done:\n        break\n\nWhy?\n问题：一行\n"


PAGER_EXAM = ("--mode", "exam", "--lang", "en", "--n", "3", "--seed", "9", "--db", ":memory:")


@pytest.mark.parametrize("answered", [0, 1], ids=["at the first question", "after an answer"])
def test_ctrl_d_at_the_pager_prompt_ends_the_quiz_without_a_traceback(monkeypatch, answered):
    """Issue 24: Ctrl-D at "-- press Enter for the next screen --" (a question too long for the
    screen) raised quizzes.cli.EndOfInput out of main, exit 1."""
    monkeypatch.setenv("LINES", "10")
    keys = Keyboard("a\n" * answered)
    code, out, _ = run(*PAGER_EXAM, stdin=keys, bank=())
    assert code == 0, out
    assert "press Enter for the next screen" in out
    assert "Traceback" not in out and "exam abandoned, nothing graded" in out, out


def test_ctrl_c_at_the_pager_prompt_abandons_the_exam_and_does_not_page_again(monkeypatch):
    """Ctrl-C there showed the pager prompt again instead of abandoning the exam."""
    monkeypatch.setenv("LINES", "10")
    keys = Keyboard("", interrupt_after=0)
    code, out, _ = run(*PAGER_EXAM, stdin=keys, bank=())
    assert code != 0
    assert out.count("press Enter for the next screen") == 1, out
    after = out.split("press Enter for the next screen", 1)[1]
    assert "abandoned" in after.lower(), out


# -- the exam's mechanics: the clock, flags, going back, the review screen ------------------------


class Ticking(io.StringIO):
    """Typed input that takes ``seconds`` of a fake clock per line read."""

    def __init__(self, text, now, seconds):
        super().__init__(text)
        self.now, self.seconds = now, seconds

    def readline(self, *args):
        self.now[0] += self.seconds
        return super().readline(*args)


def test_an_exam_is_timed_at_the_real_exams_pace_unless_told_otherwise(db, capsys):
    _, out, _ = run("--mode", "exam", "--seed", "1", "--lang", "en", stdin="")
    # 60 questions asked for (the default), 6 in the fixture bank: 2 minutes each
    out = " ".join(out.split())  # as wrapped to 80 columns
    assert "this run has 6 questions" in out and "Time limit: 12 minutes" in out
    assert "Question 1/6 · 12:00 left" in out
    _, out, _ = run("--mode", "exam", "--n", "2", "--time-limit", "0", "--lang", "en", stdin="")
    assert "Time limit" not in out and " left" not in out
    _, out, _ = run("--mode", "exam", "--n", "2", "--time-limit", "7", "--lang", "en", stdin="")
    assert "Time limit: 7 minutes." in out and "· 7:00 left" in out
    with pytest.raises(SystemExit):
        run("--mode", "exam", "--time-limit", "-1", stdin="")
    assert "must be 0 (no limit) or more, got -1" in capsys.readouterr().err


def test_the_countdown_runs_down_and_time_up_ends_the_exam():
    from quizzes.cli import run as run_session

    now = [0.0]
    items = load_bank([GOOD])
    session = start("exam", items=items, n=3, seed=1, time_limit=300, clock=lambda: now[0])
    questions = session.questions
    typed = Ticking("".join(q.correct_letter + "\n" for q in questions), now, 130)
    out = io.StringIO()
    result = run_session(session, "en", typed, out)
    text = out.getvalue()
    assert "Question 1/3 · 5:00 left" in text and "Question 2/3 · 2:50 left" in text
    assert "Question 3/3 · 0:40 left" in text  # 2 × 130 s gone
    assert "Time is up! Unanswered questions count as wrong." in text
    assert (result.answered, result.correct, result.timed_out) == (2, 2, True)


def test_flag_go_back_change_an_answer_and_hand_in_from_the_review_screen(db):
    q1, q2, q3 = planned("exam", 3, 1)
    typed = [
        wrong_of(q1),  # 1: wrong for now
        "F",  # flag 2 ...
        "n",  # ... and skip it
        q3.correct_letter,  # 3, the last: the review screen comes up
        "E",  # not a question number
        "1",  # back to 1 ...
        q1.correct_letter,  # ... changed: back to the review screen
        "2",
        q2.correct_letter,
        "S",
    ]
    code, out, _ = run(
        "--mode", "exam", "--n", "3", "--seed", "1", "--lang", "en", stdin="\n".join(typed) + "\n"
    )
    assert code == 0
    assert (
        f"   1:{wrong_of(q1)}    2:—⚑   3:{q3.correct_letter}\nNot answered: 2\nFlagged: 2" in out
    )
    out = " ".join(out.split())  # as wrapped to 80 columns
    assert "Question 2 flagged: the review screen lists it before you hand in." in out
    assert "Invalid input 'E': type a question number 1-3 to go back, or S to hand in." in out
    assert f"Question 1/3 · answered {wrong_of(q1)} · 6:" in out  # the answer given is shown
    assert "Question 2/3 · ⚑ flagged" in out
    assert "Not answered: none" in out and "Exam handed in." in out
    assert "Exam score: 1000 / 1000 (720 passes) - PASS" in out
    assert "this bank covers task 1.1 only" in out
    with open_store(db) as store:  # one attempt a question: the answers handed in
        assert [(a.item_id, a.correct) for a in store.attempts()] == [
            (q.item.id, True) for q in (q1, q2, q3)
        ]


def test_moves_at_a_question_and_a_wrong_command_asks_again(db):
    q1, q2 = planned("exam", 2, 4)
    typed = ["P", "9", "hello", "N", "p", "f", "f", q1.correct_letter, q2.correct_letter, "S"]
    _, out, _ = run(
        "--mode", "exam", "--n", "2", "--seed", "4", "--lang", "zh", stdin="\n".join(typed) + "\n"
    )
    assert out.count("第 1/2 题") == 2 and "第 2/2 题" in out  # N then P came back to 1
    out = "".join(out.split())  # as wrapped to 80 columns
    assert "这已经是第1题。" in out
    assert "无效的答案'9'：请输入A-D作答，F标记，P上一题，N下一题，R复查，或1-2的题号。" in out
    assert "无效的答案'hello'" in out
    assert "已标记第1题" in out and "已取消第1题的标记。" in out
    assert "考试成绩：1000/1000" in out and "注意：这个题库只考任务1.1" in out


def test_end_of_input_with_every_question_answered_hands_the_exam_in(db):
    questions = planned("exam", 2, 5)
    _, out, _ = run(
        "--mode",
        "exam",
        "--n",
        "2",
        "--seed",
        "5",
        "--lang",
        "en",
        stdin="".join(q.correct_letter + "\n" for q in questions),
    )
    assert "End of input: every question is answered, so the exam is handed in." in out
    assert "Exam score: 1000 / 1000" in out


def test_progress_shows_only_the_topics_asked_with_their_counts(db):
    """A perfect 2-question exam: its two topics at 100 % with their counts, no other topic at 0 %
    or weakest, and a line saying how many were never asked."""
    from quizzes.progress import mastery, unasked

    items = load_bank([GOOD])
    questions = planned("exam", 2, 5)
    run(
        "--mode",
        "exam",
        "--n",
        "2",
        "--seed",
        "5",
        stdin="".join(q.correct_letter + "\n" for q in questions) + "S\n",
    )
    _, out, _ = run("--mode", "progress", "--lang", "en")
    bars = [line for line in out.splitlines() if re.match(r"  [█░]{12} ", line)]
    asked = {q.item.topic for q in questions}
    assert len(bars) == len(asked) and all(" 100% " in line for line in bars)
    assert all(re.search(r"100% +1/1 ", line) for line in bars)
    left = len({i.topic for i in items}) - len(asked)
    assert f"Topics not asked yet: {left} (not in the chart)." in out
    with open_store(db) as store:
        rows = mastery(store, items, load_topics())
    assert {r.topic.id for r in rows} == asked and unasked(rows, items, load_topics()) == left
    assert all((r.attempted, r.mastered, r.mastery) == (1, 1, 1.0) for r in rows)
