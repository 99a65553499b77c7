"""End to end in a real browser: the workbook in JupyterLab, driven by Playwright in Debian's Chromium.

    pytest -m browser

Starts `jupyter lab` on loopback over a temporary copy of the notebooks (no token, temporary settings
and workspaces), opens lessons in Chromium and runs them as a learner would. Screenshots of a failing
test land in artifacts/browser/. Skipped, with a message saying how to install, where Chromium or
Playwright is missing.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "artifacts" / "browser"
CHROMIUM = next(  # as the README says: $CHROMIUM, Debian's chromium, `chromium` on the PATH
    (
        p
        for p in (
            os.environ.get("CHROMIUM", ""),
            "/usr/lib/chromium/chromium",
            "/usr/bin/chromium",
            shutil.which("chromium") or "",
        )
        if p and Path(p).exists()
    ),
    None,
)
INSTALL = (
    "install it with: apt-get install chromium (Debian/Ubuntu) or python -m playwright install "
    "chromium (macOS, Windows), or set CHROMIUM=/path/to/chromium; pip install playwright "
    "(CI's .ci/run does both)"
)


def _bundled_chromium() -> str | None:
    """Playwright's own Chromium (`python -m playwright install chromium`), if installed."""
    try:
        with sync_playwright() as p:
            path = p.chromium.executable_path
    except Exception:  # pragma: no cover - depends on the machine
        return None
    return path if path and Path(path).exists() else None


try:
    from playwright.sync_api import expect, sync_playwright
except ImportError:  # pragma: no cover - depends on the machine
    sync_playwright = None


def readme_lab_flags() -> list[str]:
    """The flags of the README's first `jupyter lab ...` command (the Chinese edition's): rooted at
    the repository, lesson 00 as the page it opens, the workbook's own JupyterLab settings
    (jupyterlab-settings/overrides.json: no news pop-up), so the test runs what a learner runs."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = re.search(r"^jupyter lab((?: --\S+)+)\s*$", readme, re.M)
    assert command, "the README opens the workbook with `jupyter lab --...`"
    return command.group(1).split()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    if sync_playwright is None:
        pytest.skip(f"Playwright is not installed; {INSTALL}")
    chromium = CHROMIUM or _bundled_chromium()
    if chromium is None:
        pytest.skip(f"Chromium was not found; {INSTALL}")
    tmp = tmp_path_factory.mktemp("lab")
    root = tmp / "repo"  # the folders the README's command shows: lessons and the guide
    for folder in ("notebooks", "docs", "jupyterlab-settings"):
        shutil.copytree(
            ROOT / folder, root / folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints")
        )
    port = _free_port()
    env = {
        **os.environ,
        "AGENTKIT_OFFLINE": "1",
        "JUPYTER_CONFIG_DIR": str(tmp / "config"),
        "JUPYTERLAB_SETTINGS_DIR": str(tmp / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(tmp / "workspaces"),
        "JUPYTER_RUNTIME_DIR": str(tmp / "runtime"),
        "AGENTLOOP_QUIZ_DB": str(tmp / "quiz.sqlite3"),
    }
    env.pop("ANTHROPIC_API_KEY", None)
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "jupyter",
            "lab",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={port}",
            "--ServerApp.port_retries=0",
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            "--allow-root",
            *readme_lab_flags(),
        ],
        env=env,
        cwd=root,  # the README runs it from the repository root (--ServerApp.root_dir=.)
        stdout=subprocess.DEVNULL,
        stderr=(tmp / "server.log").open("w"),
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{url}/api/status", timeout=1)
                break
            except OSError:
                if server.poll() is not None:
                    pytest.fail(f"jupyter lab exited: {(tmp / 'server.log').read_text()[-2000:]}")
                time.sleep(0.5)
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=chromium,
                args=[
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                ],
            )
            try:
                yield url, browser
            finally:
                browser.close()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)


@pytest.fixture
def page(lab, request):
    url, browser = lab
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    pg = context.new_page()
    pg.set_default_timeout(60_000)
    yield url, pg
    if getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()


def open_and_run_all(pg, url: str, notebook: str) -> None:
    pg.goto(
        f"{url}/lab/tree/notebooks/{notebook}?reset"
    )  # a fresh workspace: only this notebook open
    pg.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first.wait_for()
    pg.locator("#jp-main-statusbar").get_by_text("Idle").first.wait_for()
    pg.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    pg.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    # every code cell executed: no "[*]" prompt, and the last code cell has an execution count
    pg.wait_for_function(
        """() => {
        const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
        const prompts = [...panel.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
            .map(e => e.textContent.trim()).filter(t => t);  // a collapsed input shows no prompt
        return prompts.length > 0 && prompts.every(t => /\\[\\d+\\]/.test(t));
    }""",
        timeout=120_000,
    )


def rerun(pg, has_text: str):
    """Run one cell again, as a learner does after Run All: select it, Ctrl+Enter; its output."""
    cell = pg.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell", has_text=has_text)
    cell = cell.first
    before = cell.locator(".jp-InputPrompt").first.text_content().strip()
    cell.locator(".jp-InputArea-editor").first.click()
    pg.keyboard.press("Escape")  # command mode, this cell selected
    pg.keyboard.press("Control+Enter")
    pg.wait_for_function(
        """([cell, before]) => {
        const p = cell.querySelector('.jp-InputPrompt').textContent.trim();
        return /\\[\\d+\\]/.test(p) && p !== before; }""",
        arg=[cell.element_handle(), before],
        timeout=120_000,
    )
    return cell.locator(".jp-OutputArea").first.text_content()


def test_lesson_02_runs_and_shows_the_stop_reason_sequence_and_a_diagram(page):
    url, pg = page
    open_and_run_all(pg, url, "02_the_loop.ipynb")
    # text_content, not inner_text: JupyterLab 4 skips rendering off-screen cells
    # (content-visibility), and inner_text leaves out what is not rendered.
    text = pg.locator(".jp-Notebook").text_content()
    seq = re.findall(r"\[turn \d+\] stop_reason=(\w+)", text)
    assert seq == ["tool_use", "tool_use", "end_turn"] * 2, seq  # the guide's run, then 77.0
    # The exercises: the check answers the stub in Chinese; the solutions are drawn collapsed.
    assert "… 还没做完" in text and "Traceback" not in text
    solutions = pg.locator(".jp-CodeCell").filter(has=pg.locator(".jp-InputPlaceholder"))
    assert solutions.count() == 2, "lesson 02's two solution cells are collapsed"
    diagram = pg.locator(".jp-OutputArea-output .jp-RenderedMermaid").first
    diagram.scroll_into_view_if_needed()
    expect(
        diagram.locator("img, svg").first
    ).to_be_visible()  # JupyterLab 4 draws Mermaid as an SVG image
    assert pg.locator(".jp-OutputArea-output .jp-RenderedMermaid.jp-mod-warning").count() == 0
    assert (
        pg.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count()
        == 0
    )
    # The loop's listing reads unwrapped: as many rendered lines as source lines.
    listing = pg.locator(".jp-RenderedMarkdown pre", has_text="def run_agent_loop(").first
    listing.scroll_into_view_if_needed()
    shown, source_lines = listing.evaluate(
        """pre => {
        const code = pre.querySelector('code') || pre;
        const range = document.createRange();
        range.selectNodeContents(code);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        return [tops.size, code.textContent.replace(/\\n$/, '').split('\\n').length];
    }"""
    )
    assert shown == source_lines, f"{source_lines} source lines drawn as {shown} lines"
    pg.set_viewport_size(
        {"width": 700, "height": 900}
    )  # a narrow window does wrap: the check bites
    narrow = listing.evaluate(
        """pre => { const r = document.createRange(); r.selectNodeContents(pre);
        return new Set([...r.getClientRects()].map(x => Math.round(x.top))).size; }"""
    )
    assert narrow > source_lines, "the measure must see wrapping where there is some"
    pg.set_viewport_size({"width": 1400, "height": 1000})

    # The step-through view: a broken loop's run beside run_agent_loop's, one turn at a time.
    stepper = pg.locator(".ak-stepper").first
    stepper.scroll_into_view_if_needed()
    panes = stepper.locator(".ak-step-pane")
    expect(stepper.locator(".ak-step-where")).to_have_text("第 1/3 轮")
    expect(panes.nth(0)).to_contain_text("④ 运行在 stop_reason=tool_use 时结束")
    expect(panes.nth(1)).to_contain_text("③ 循环在下一次请求前追加了 2 条消息")
    expect(stepper.locator(".ak-step-prev button, button.ak-step-prev").first).to_be_disabled()
    stepper.locator("button.ak-step-next, .ak-step-next button").first.click()
    expect(stepper.locator(".ak-step-where")).to_have_text("第 2/3 轮")
    expect(panes.nth(0)).to_contain_text("这个运行只有 1 轮，已经结束。")
    expect(panes.nth(1)).to_contain_text("process_refund(")
    stepper.locator("button.ak-step-prev, .ak-step-prev button").first.click()
    expect(stepper.locator(".ak-step-where")).to_have_text("第 1/3 轮")

    # Re-running the loop that uses the learner's append_round, after Run All: it builds its
    # own messages, so the same three turns again, not a 400 for a conversation ending in "assistant".
    shown = rerun(pg, "step_3_4 = checks.yours_or_reference")
    assert re.findall(r"stop_reason=(\w+)", shown)[:3] == ["tool_use", "tool_use", "end_turn"]
    assert "Error" not in shown and "Traceback" not in shown, shown[:500]


def test_the_english_lesson_02_runs_in_english_with_its_solutions_collapsed(page):
    """The English edition (notebooks/en/, scripts/build_english.py) opens and runs as a learner
    uses it: its first cell sets AGENTKIT_LANG=en, the prose and the code are English."""
    url, pg = page
    open_and_run_all(pg, url, "en/02_the_loop.ipynb")
    text = pg.locator(".jp-Notebook").text_content()
    assert "env: AGENTKIT_LANG=en" in text and "Lesson 2: The agentic loop, step by step" in text
    seq = re.findall(r"\[turn \d+\] stop_reason=(\w+)", text)
    assert seq == ["tool_use", "tool_use", "end_turn"] * 2, seq
    assert "process_refund received:" in text and "Traceback" not in text
    solutions = pg.locator(".jp-CodeCell").filter(has=pg.locator(".jp-InputPlaceholder"))
    assert solutions.count() == 2, "lesson 02's two solution cells are collapsed"
    assert "Reference answer" in solutions.first.text_content()
    assert (
        pg.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count()
        == 0
    )


def test_lesson_06b_re_runs_the_hook_cell_after_run_all_stopped_the_offline_api(page):
    url, pg = page
    open_and_run_all(pg, url, "06b_agent_sdk.ipynb")
    text = pg.locator(".jp-Notebook").text_content()
    assert "离线 API 已停止。" in text and "Traceback" not in text
    shown = rerun(pg, "mine = agent_sdk.refund_cap_hook(deny_big_refunds).passed")
    assert "运行的钩子：" in shown and "世界里的退款：" in shown, shown[:500]
    assert "call start() first" not in shown and "Error" not in shown, shown[:500]


@pytest.mark.parametrize("edition", ["", "en/"])
def test_the_readmes_command_opens_lesson_00_whose_glossary_link_opens_the_glossary(page, edition):
    """The URL the server prints (its default_url) is lesson 00; the lesson's link into docs/
    opens the glossary, which lives outside notebooks/ (a server rooted at notebooks/ 404s)."""
    url, pg = page
    if edition:  # the English command: the same flags, the English lesson as the page it opens
        pg.goto(f"{url}/lab/tree/notebooks/en/00_start.ipynb?reset")
    else:
        pg.goto(f"{url}/?reset")  # the printed URL: the server redirects to its default_url
    tab = pg.locator(".lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel", has_text="00_start")
    expect(tab.first).to_be_visible(timeout=120_000)
    link = pg.locator(
        ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown a",
        has_text=("glossary" if edition else "术语表"),
    ).first
    link.scroll_into_view_if_needed()
    href = urllib.parse.urlparse(link.get_attribute("href")).path
    assert href == "/files/docs/glossary.md", href  # resolved at the repository's root
    link.click()
    opened = pg.locator(".lm-TabBar-tab .lm-TabBar-tabLabel", has_text="glossary.md")
    expect(opened.first).to_be_visible(timeout=60_000)
    expect(pg.locator(".lm-TabBar-tab.lm-mod-current", has_text="glossary.md")).to_have_count(1)
    assert pg.locator(".jp-Dialog", has_text="404").count() == 0
    # the glossary's own text, not an error page; the editor fills in after its tab shows
    body = pg.locator(".jp-MainAreaWidget:not(.lm-mod-hidden)").last
    expect(body).to_contain_text("stop_reason", timeout=60_000)


def test_lesson_06_draws_its_long_run_with_the_repeated_rounds_folded(page):
    url, pg = page
    open_and_run_all(pg, url, "06_other_stop_reasons.ipynb")
    diagrams = pg.locator(".jp-OutputArea-output .jp-RenderedMermaid")
    assert diagrams.count() == 1
    diagrams.first.scroll_into_view_if_needed()
    expect(diagrams.first.locator("img, svg").first).to_be_visible()
    assert pg.locator(".jp-RenderedMermaid.jp-mod-warning").count() == 0
    text = pg.locator(".jp-Notebook").text_content()
    assert "loop 第 1–6 轮：相同的 6 轮，只画一次" in text and "Traceback" not in text


def test_quiz_lesson_answers_wrong_then_right_and_shows_feedback_score_and_chart(page):
    from quizzes import Store, load_bank, load_topics, start
    from quizzes.progress import mastery

    # The lesson's practice quiz is QuizWidget("practice", n=5, seed=2024): the same seed gives the same items.
    store = Store.memory()
    session = start("practice", n=5, seed=2024, store=store)
    first = session.current.correct_letter
    wrong = next(letter for letter in "ABCD" if letter != first)
    session.answer(wrong)
    second = session.current.correct_letter

    url, pg = page
    open_and_run_all(pg, url, "09_quiz.ipynb")
    quiz = pg.locator(".quiz").first

    def answer(letter: str) -> None:
        button = quiz.locator(".quiz-choice button", has_text=letter)
        expect(button).to_be_enabled()
        button.click()
        expect(button).to_have_class(re.compile("mod-active"))
        expect(quiz.locator(".quiz-submit")).to_be_enabled()
        quiz.locator(".quiz-submit").click()

    answer(wrong)
    expect(quiz.locator(".quiz-feedback")).to_contain_text(f"回答错误。正确答案是 {first}")
    expect(quiz.locator(".quiz-score")).to_contain_text("已答 1/5 题，答对 0 题")
    quiz.locator(".quiz-next").click()
    expect(quiz.locator(".quiz-question")).to_contain_text("第 2/5 题")
    expect(quiz.locator(".quiz-feedback")).to_have_text("")
    answer(second)
    expect(quiz.locator(".quiz-feedback")).to_contain_text("回答正确")
    expect(quiz.locator(".quiz-score")).to_contain_text("已答 2/5 题，答对 1 题")

    # The progress chart under the quiz: one SVG row per topic, weakest first, as the engine says.
    session.answer(session.current.correct_letter)
    rows = mastery(store, load_bank(), load_topics())
    chart = quiz.locator(".quiz-progress svg.quiz-progress-chart")
    expect(chart).to_be_visible()
    expect(quiz.locator(".quiz-progress")).to_contain_text("各主题掌握度")
    shown = chart.locator("g.quiz-progress-row")
    expect(shown).to_have_count(len(rows))
    n = min(3, len(rows))  # only the topics asked are charted
    top = [
        (shown.nth(i).get_attribute("data-topic"), shown.nth(i).get_attribute("data-mastery"))
        for i in range(n)
    ]
    assert top == [(r.topic.id, str(round(r.mastery * 100))) for r in rows[:n]]
    assert top[0][0] == session.questions[0].item.topic  # the missed topic leads
    right = next(r for r in rows if r.topic.id == session.questions[1].item.topic)
    row = chart.locator(f'g.quiz-progress-row[data-topic="{right.topic.id}"]')
    expect(row).to_contain_text(f"{round(right.mastery * 100)}%")
    assert right.mastery > 0


HEAD = "# 参考答案：先自己做，卡住了再展开看"


def test_no_news_pop_up_and_the_instructor_guide_is_in_the_folder_the_readme_opens(page):
    url, pg = page
    assert urllib.request.urlopen(f"{url}/api/contents/docs/instructor_guide.md").status == 200
    pg.goto(f"{url}/lab/tree/notebooks/00_start.ipynb?reset")
    pg.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first.wait_for()
    pg.wait_for_timeout(5000)  # the news question comes a moment after the page
    toasts = pg.locator(".Toastify__toast, .jp-Notification-Toast")
    assert not any("news" in toasts.nth(i).text_content().lower() for i in range(toasts.count()))


def test_lesson_07_shift_enter_with_a_wrong_loop_shows_the_learners_score(page):
    url, pg = page
    pg.goto(f"{url}/lab/tree/notebooks/07_your_loop.ipynb?reset")
    pg.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first.wait_for()
    pg.locator("#jp-main-statusbar").get_by_text("Idle").first.wait_for()
    cells = pg.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell")
    cells.first.click()
    pg.keyboard.press("Escape")  # command mode: Shift+Enter runs and moves on, as lesson 00 says
    for _ in range(cells.count()):
        pg.keyboard.press("Shift+Enter")
        pg.locator("#jp-main-statusbar").get_by_text("Idle").first.wait_for(timeout=120_000)
    text = pg.locator(".jp-Notebook").text_content()
    mine = re.search(r"你的 my_loop\S*?(\d+)/(\d+) 个场景通过", text)
    assert mine, "the report card names the learner's loop"
    assert int(mine.group(1)) < int(mine.group(2)), "the stub's score, not the reference's"
    assert "参考答案" in text and "Traceback" not in text
    placeholder = pg.locator(".jp-CodeCell .jp-InputPlaceholder").first
    assert placeholder.text_content().strip().startswith(HEAD.lstrip("# ")[:6]) or HEAD in (
        placeholder.text_content()
    )


def test_collapsed_solutions_show_only_their_comment_line_and_stay_collapsed_after_run_all(page):
    url, pg = page
    open_and_run_all(pg, url, "08_self_test.ipynb")
    placeholders = pg.locator(".jp-InputPlaceholder")
    shown = [placeholders.nth(i).text_content().strip() for i in range(placeholders.count())]
    assert shown == [HEAD] * 5, shown  # the five code answers: collapsed, one comment line each
    # The five written answers: Run All renders a markdown cell and shows its input (JupyterLab's
    # run action sets inputHidden = false for markdown cells), so the answer sits in a closed
    # <details>: only its heading line and the "展开" toggle are drawn.
    answers = pg.locator(".jp-MarkdownCell details")
    assert answers.count() == 5
    for i in range(5):
        details = answers.nth(i)
        details.scroll_into_view_if_needed()
        assert details.get_attribute("open") is None
        expect(details.locator("summary")).to_be_visible()
        assert details.locator("summary").text_content().strip() == "展开"
        box = details.bounding_box()
        assert box is not None and box["height"] < 60, box  # one line: the answer is not drawn
