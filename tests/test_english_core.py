"""AGENTKIT_LANG=en reaches everything outside the lessons and the grader: the demo, serve, the
`python -m agentkit` CLI, doctor, the World's tool failures, the hooks, `friendly_errors`, cassette
errors, SettingsError and the quiz CLI's default language. Each test drives the real code path and
finds no CJK character in what the learner reads; decisions (the World's failure categories, the
stand-in's next calls) are the same in both languages."""

import copy
import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import anthropic
import httpx2
import pytest

from agentkit import cassette, doctor, serve, upstream
from agentkit.__main__ import main as agentkit_main
from agentkit.antipatterns import SPECIMENS
from agentkit.client import backend, friendly_errors, make_client, try_model
from agentkit.content import CJK
from agentkit.display import mermaid_source, transcript_html, transcript_text
from agentkit.exercise import PROMPT, WEATHER_PROMPT, guide_task, run_exercise, weather_task
from agentkit.failures import ToolFailure, category_of, error_text
from agentkit.loop import run_agent_loop
from agentkit.offline import OfflineAPI
from agentkit.settings import Settings, SettingsError
from agentkit.sim import World
from agentkit.tools import LookupBeforeRefund, RefundCap, Toolbox
from quizzes.cli import main as quiz_main

ROOT = Path(__file__).resolve().parents[1]
QUIZ_BANK = ROOT / "tests" / "data" / "quiz" / "good.toml"
REFUND_EN = "The item in order A-1001 arrived broken, please refund me."  # the guide's, in English


@pytest.fixture
def en(monkeypatch):
    monkeypatch.setenv("AGENTKIT_LANG", "en")


SWITCH = re.compile(r"^中文：python -m agentkit \w+ --lang zh（或设置 AGENTKIT_LANG=zh）$", re.M)
"""The one Chinese line an English command prints: how a Chinese reader switches back."""


def no_cjk(*texts):
    for text in texts:
        found = CJK.findall(SWITCH.sub("", str(text)))
        assert not found, f"CJK {''.join(found)!r} in: {text!r}"


def everything(value) -> str:
    """Every string a value holds (messages, blocks, SDK objects), for a CJK search."""
    if hasattr(value, "model_dump"):
        value = value.model_dump()
    return json.dumps(value, ensure_ascii=False, default=str)


# --- the demo and the `python -m agentkit` CLI --------------------------------------------------


def test_the_demo_runs_the_guides_exercise_in_english(en, capsys):
    assert agentkit_main(["demo"]) == 0
    out = capsys.readouterr()
    no_cjk(out.out, out.err)
    assert out.out.count("stop_reason=") == 4 and "stop_reason=end_turn" in out.out
    assert "call process_refund {'order_id': 'A-1001', 'amount': 120.0}" in out.out
    assert f"User: {REFUND_EN}\n" in out.out  # the guide's task, from its one source
    assert guide_task() == REFUND_EN and "User: What's the weather like today?" in out.out
    assert "refund" in out.out.lower()  # the stand-in answered the English task in English


def test_the_chinese_demo_keeps_the_guides_own_prompts(capsys):
    assert agentkit_main(["demo"]) == 0
    out = capsys.readouterr().out
    assert (guide_task(), weather_task()) == (PROMPT, WEATHER_PROMPT)
    assert f"用户：{PROMPT}\n" in out and f"用户：{WEATHER_PROMPT}\n" in out


def test_in_english_the_guides_tools_are_sent_with_english_descriptions(en):
    """agentkit.exercise was imported before AGENTKIT_LANG=en was set (as in a notebook whose first
    cell sets it): TOOLS still follows the language at the moment it is used."""
    from agentkit.exercise import GUIDE_TOOLS, TOOLS

    sent = []
    client = make_client(offline=True)
    create = client.messages.create
    client.messages.create = lambda **kw: sent.append(kw["tools"]) or create(**kw)
    run_exercise(client, print=lambda *a: None)
    assert len(sent) == 3 and TOOLS
    no_cjk(everything(TOOLS), everything(sent))
    shape = [(t["name"], t["input_schema"]) for t in GUIDE_TOOLS]
    assert [(t["name"], t["input_schema"]) for t in TOOLS] == shape
    assert all(t["description"] for t in TOOLS)


def test_in_chinese_the_guides_tools_are_its_own_words():
    from agentkit.exercise import TOOLS

    guide = (ROOT / "tests" / "data" / "guide" / "loop.py").read_text(encoding="utf-8")
    assert all(t["description"] in guide for t in TOOLS)


@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # the SDK's, for the retired id
def test_the_demos_and_the_clis_error_lines_are_english(en, capsys, monkeypatch, tmp_path):
    lines = []
    monkeypatch.setenv("AGENTKIT_MODEL", "claude-sonnet-4-5")  # retired: HTTP 404
    assert agentkit_main(["demo"]) == 1
    lines.append(capsys.readouterr().out)
    monkeypatch.delenv("AGENTKIT_MODEL")
    monkeypatch.setenv("AGENTKIT_REPLAY", str(tmp_path / "missing.json"))
    assert agentkit_main(["demo"]) == 1
    lines.append(capsys.readouterr().out)
    monkeypatch.delenv("AGENTKIT_REPLAY")
    monkeypatch.setenv("AGENTKIT_TODAY", "2026-13-01")
    assert agentkit_main(["demo"]) == 1
    lines.append(capsys.readouterr().out)
    monkeypatch.delenv("AGENTKIT_TODAY")
    for argv in ([], ["serve", "--students", "3"]):  # argparse's own errors
        with pytest.raises(SystemExit):
            agentkit_main(argv)
        lines.append(capsys.readouterr().err)
    assert agentkit_main(["serve", "--port", "x"]) == 1
    lines.append(capsys.readouterr().err)
    no_cjk(*lines)
    assert all(line.strip() for line in lines)
    assert "claude-sonnet-4-5" in lines[0] and "AGENTKIT_MODEL" in lines[0]
    assert "--port 'x'" in lines[-1]


def test_the_demo_without_network_is_one_english_line(en, monkeypatch, capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("AGENTKIT_OFFLINE", "0")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", f"http://127.0.0.1:{port}")
    monkeypatch.setattr(anthropic.Anthropic, "__init__", _no_retries(anthropic.Anthropic.__init__))
    assert agentkit_main(["demo"]) == 1
    out = capsys.readouterr().out
    no_cjk(out)
    *_, problem = out.splitlines()
    assert problem.startswith("Cannot reach the Claude API") and f"127.0.0.1:{port}" in problem


def _no_retries(init):
    def wrapped(self, *args, **kw):
        kw["max_retries"] = 0
        init(self, *args, **kw)

    return wrapped


# --- serve ----------------------------------------------------------------------------------------


@pytest.mark.slow
def test_serves_banner_its_error_answers_and_its_last_line_are_english(en):
    env = {**os.environ, "AGENTKIT_LANG": "en"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "agentkit", "serve", "--port", "0", "--host", "0.0.0.0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        banner = [proc.stdout.readline() for _ in range(5)]
        url = next(line for line in banner if line.startswith("export ANTHROPIC_BASE_URL="))
        port = url.strip().rsplit(":", 1)[1]
        base = f"http://127.0.0.1:{port}"
        headers = {"x-api-key": "k", "anthropic-version": "2023-06-01"}
        body = {"model": "claude-sonnet-4-6", "max_tokens": 8, "messages": []}
        answers = [
            httpx2.post(f"{base}/v1/messages", headers=headers, content=b"{bad"),
            httpx2.post(f"{base}/v1/messages", json=body),  # no key
            httpx2.post(f"{base}/v1/messages", headers=headers, json=body),  # no messages
            httpx2.post(f"{base}/v1/messages", headers=headers, json={**body, "model": "x"}),
            httpx2.get(f"{base}/v1/nothing", headers=headers),
        ]
        trace = httpx2.request("TRACE", f"{base}/v1/messages", headers=headers)
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    assert [a.status_code for a in answers] == [400, 401, 400, 404, 404]
    assert all(a.json()["type"] == "error" for a in answers) and trace.status_code in (404, 405)
    no_cjk(*banner, out, err, *(a.text for a in answers), trace.text)
    assert banner[-1].strip() == "Press Ctrl-C to stop." and "--host 0.0.0.0" in err
    assert out.strip() == "The offline Claude API has stopped."


def test_serves_flag_errors_are_one_english_line_each(en, capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        busy = s.getsockname()[1]
        assert serve.serve("127.0.0.1", busy) == 1
    assert serve.serve("127.0.0.1", 70000) == 1
    assert serve.serve("bad host", 8765) == 1
    err = capsys.readouterr().err.splitlines()
    no_cjk(*err)
    assert len(err) == 3 and "--port 8766" in err[0] and "--port '70000'" in err[1]
    assert "--host 'bad host'" in err[2]


def test_the_classroom_proxys_error_lines_are_english(en, capsys, monkeypatch, tmp_path):
    bad = tmp_path / "bad.csv"
    rosters = {
        "header": "name,key\n",
        "row": "student,token\nstudent01\n",
        "token": "student,token\na,t1\nb,t1\n",
        "student": "student,token\na,t1\na,t2\n",
        "empty": "student,token\n",
    }
    lines = []
    for text in rosters.values():
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(upstream.RosterError) as caught:
            upstream.read_roster(bad)
        lines.append(str(caught.value))
    usage = tmp_path / "u.csv"
    for text in ("x\n", "student,requests,input_tokens,output_tokens\na,1,x,2\n"):
        usage.write_text(text, encoding="utf-8")
        with pytest.raises(upstream.RosterError) as caught:
            upstream.Usage.load(usage)
        lines.append(str(caught.value))
    assert upstream.serve_classroom("127.0.0.1", 0, "http://x") == 1  # no key
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-teacher")
    assert upstream.serve_classroom("127.0.0.1", 0, "ftp://x") == 1
    assert upstream.show_usage(tmp_path / "none.csv") == 1
    captured = capsys.readouterr()
    lines += captured.err.splitlines()
    no_cjk(*lines)
    assert len(lines) == 10 and "ANTHROPIC_API_KEY" in lines[7] and "ftp://x" in lines[8]


# --- doctor ---------------------------------------------------------------------------------------


def test_doctors_report_is_english(en, monkeypatch):
    ready = []
    assert doctor.doctor(out=ready.append) == 0
    problems = doctor.check_python((3, 9, 1))
    problems += doctor.check_packages(["anthropic>=99", "surely-not-installed-pkg>=1", "no such"])
    monkeypatch.setattr("agentkit.client.make_client", _broken_client)
    problems += doctor.check_offline_api()
    monkeypatch.setattr(doctor.shutil, "which", lambda name: None)
    monkeypatch.setattr(doctor.sys, "executable", "/nowhere/python")
    monkeypatch.setattr(
        "jupyter_client.kernelspec.KernelSpecManager.find_kernel_specs", lambda self: {}
    )
    problems += doctor.check_jupyterlab()
    report = []
    assert doctor.doctor(checks=(lambda: problems,), out=report.append) == len(problems) == 7
    no_cjk(*ready, *report)
    assert ready[0].startswith("✓ All set") and all(line.startswith("✗ ") for line in report)


def _broken_client(**kw):
    raise RuntimeError("the wheel is broken")


# --- the World's tool failures, and what the stand-in does after them -----------------------------

FAILURES = [  # (world setup, tool, input, category)
    ({"flaky": {"lookup_order": 1}}, "lookup_order", {"order_id": "A-1001"}, "unavailable"),
    ({}, "lookup_order", {"order_id": "a1001"}, "invalid_input"),
    ({}, "lookup_order", {"order_id": "A-9999"}, "not_found"),
    ({}, "process_refund", {"order_id": "A-1001", "amount": "120"}, "invalid_input"),
    ({}, "process_refund", {"order_id": "A-1002", "amount": 10}, "wrong_state"),
    ({}, "process_refund", {"order_id": "A-1001", "amount": 9999}, "invalid_input"),
    ({}, "cancel_order", {"order_id": "A-1002"}, "wrong_state"),
    ({}, "create_return", {"order_id": "A-1003"}, "wrong_state"),
    ({}, "escalate_to_human", {"reason": " "}, "invalid_input"),
]


def failures_in(lang, monkeypatch):
    """Each failure path of the World's tools, as the text a tool_result carries."""
    monkeypatch.setenv("AGENTKIT_LANG", lang)
    texts = []
    for setup, tool, args, _ in FAILURES:
        with pytest.raises(ToolFailure) as caught:
            World(**copy.deepcopy(setup)).run_tool(tool, args)
        texts.append(error_text(caught.value))
    return texts


def test_every_world_failure_keeps_its_category_and_speaks_english(monkeypatch):
    zh, en = failures_in("zh", monkeypatch), failures_in("en", monkeypatch)
    no_cjk(*en)
    assert all(CJK.search(text) for text in zh)  # the Chinese texts are Chinese, as before
    assert [category_of(t) for t in en] == [category_of(t) for t in zh] == [f[3] for f in FAILURES]
    assert all(t.startswith(f"{f[3]}: ") for t, f in zip(en, FAILURES, strict=True))


STAND_IN_CASES = [  # an English task, a world that fails, hooks: the stand-in's calls must not move
    ({"flaky": {"lookup_order": 1}}, "Please refund order A-1001, it arrived broken.", ()),
    ({}, "Please refund order a1001, it arrived broken.", ()),
    ({}, "Please refund order A-1002, it arrived broken.", ("lookup_order", "process_refund")),
    ({}, "Please refund order A-1005, it arrived broken.", None),  # 899 > the hook's 500
    ({}, "Please cancel order A-1004.", ()),
]


def stand_in_calls(lang, monkeypatch):
    monkeypatch.setenv("AGENTKIT_LANG", lang)
    runs = []
    for setup, task, tools in STAND_IN_CASES:
        world = World(**copy.deepcopy(setup))
        client = make_client(offline=True, world=world)
        hooks = [RefundCap(), LookupBeforeRefund()] if tools is None else []
        result = run_agent_loop(
            client,
            [{"role": "user", "content": task}],
            world.tools(*(tools or ())),
            run_tool=world.run_tool,
            hooks=hooks,
        )
        runs.append(result)
    return runs


def test_the_stand_in_decides_from_the_category_not_the_wording(monkeypatch):
    zh, en = stand_in_calls("zh", monkeypatch), stand_in_calls("en", monkeypatch)
    for a, b in zip(zh, en, strict=True):
        assert [(c.name, c.input.get("order_id"), c.is_error) for c in a.tool_calls] == [
            (c.name, c.input.get("order_id"), c.is_error) for c in b.tool_calls
        ]
        assert a.exit == b.exit and a.stop_reasons == b.stop_reasons
    assert any(c.is_error for r in en for c in r.tool_calls)
    for r in en:
        no_cjk(everything(r.messages), r.final_text)
        no_cjk(transcript_text(r), transcript_html(r), mermaid_source(r))


def test_mermaid_escapes_with_entity_codes_in_english(en):
    messages = [
        {"role": "user", "content": "refund A-1001; #1 at 100%"},
        {"role": "assistant", "content": [{"type": "text", "text": "done"}]},
    ]
    source = mermaid_source(messages)
    no_cjk(source)
    assert "refund A-1001#59; #35;1 at 100#37;" in source


# --- hooks and the Toolbox's own refusals ---------------------------------------------------------


def test_every_hook_message_is_english(en):
    denials = [
        RefundCap().before_tool("process_refund", {"order_id": "A-1005", "amount": 899.0}),
        LookupBeforeRefund().before_tool("process_refund", {"order_id": "A-1001", "amount": 1}),
    ]
    world = World()
    box = Toolbox(world.tools("lookup_order", "process_refund"), run_tool=world.run_tool)
    blind = Toolbox(world.tools("lookup_order"))
    calls = [
        box.execute(SimpleNamespace(id="t1", name="delete_everything", input={})),
        Toolbox().execute(SimpleNamespace(id="t2", name="lookup_order", input={})),
        blind.execute(SimpleNamespace(id="t3", name="lookup_order", input={})),
        box.execute(SimpleNamespace(id="t4", name="process_refund", input={"order_id": "A-1"})),
        box.execute(SimpleNamespace(id="t5", name="lookup_order", input={"order_id": 1001})),
        Toolbox(world.tools(), hooks=[RefundCap()], run_tool=world.run_tool).execute(
            SimpleNamespace(
                id="t6", name="process_refund", input={"order_id": "A-1005", "amount": 899}
            )
        ),
    ]
    assert all(denials) and all(c.is_error for c in calls)
    no_cjk(*denials, *(c.content for c in calls))
    assert [category_of(c.content) for c in calls] == [
        "unknown_tool", "unknown_tool", None, "invalid_input", "invalid_input", "denied",
    ]  # fmt: skip


# --- friendly_errors, the client's own lines ------------------------------------------------------


def test_friendly_errors_speaks_english_for_each_error_it_handles(
    en, monkeypatch, capsys, tmp_path
):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    online = make_client(offline=False, api_key="sk-test", base_url=f"http://127.0.0.1:{port}",
                         max_retries=0)  # fmt: skip
    offline = make_client(offline=True, max_retries=0)

    def boom(self, request):
        raise RuntimeError("the stand-in broke")

    ask = {
        "model": "claude-sonnet-4-6",
        "max_tokens": 8,
        "messages": [{"role": "user", "content": "hi"}],
    }
    with friendly_errors(online):
        online.messages.create(**ask)
    with friendly_errors():
        online.messages.create(**ask)
    with friendly_errors(offline), monkeypatch.context() as patched:
        patched.setattr(OfflineAPI, "__call__", boom)
        offline.messages.create(**ask)
    with friendly_errors():
        make_client(replay=tmp_path / "none.json")
    with friendly_errors():
        make_client(record=tmp_path / "a.json", replay=tmp_path / "b.json")
    with friendly_errors():
        monkeypatch.setenv("AGENTKIT_OFFLINE", "maybe")
        make_client()
    lines = capsys.readouterr().out.splitlines()
    no_cjk(*lines)
    assert len(lines) == 6 and f"127.0.0.1:{port}" in lines[0] and "report" in lines[2]
    assert "AGENTKIT_OFFLINE='maybe'" in lines[5]


def test_the_clients_lines_for_lessons_are_english(en, tmp_path):
    client = make_client(offline=True)
    shown = [try_model(client, "claude-sonnet-4-5"), try_model(client, "claude-sonnet-4-6")]
    shown.append(backend(client))
    shown.append(backend(make_client(offline=True, record=tmp_path / "r.json")))
    no_cjk(*shown)
    assert "HTTP 404" in shown[0] and "Hint" in shown[0] and "HTTP 200" in shown[1]


# --- cassettes -------------------------------------------------------------------------------------

EXCHANGE = {"request": {"method": "POST", "path": "/v1/messages", "body": {}}}
BAD_CASSETTES = {
    "bad_json": '{"agentkit_cassette": 1,',
    "top": "[]",
    "version": '{"agentkit_cassette": 9, "exchanges": []}',
    "list": '{"agentkit_cassette": 1, "exchanges": {}}',
    "no_request": '{"agentkit_cassette": 1, "exchanges": [{}]}',
    "no_response": json.dumps({"agentkit_cassette": 1, "exchanges": [EXCHANGE]}),
    "error_shape": json.dumps(
        {
            "agentkit_cassette": 1,
            "exchanges": [{**EXCHANGE, "response": {"status": 500, "body": {}}}],
        }
    ),
    "not_sse": json.dumps(
        {
            "agentkit_cassette": 1,
            "exchanges": [{**EXCHANGE, "response": {"status": 200, "text": "x"}}],
        }
    ),
    "missing": json.dumps(
        {
            "agentkit_cassette": 1,
            "exchanges": [{**EXCHANGE, "response": {"status": 200, "body": {}}}],
        }
    ),
    "not_message": json.dumps(
        {
            "agentkit_cassette": 1,
            "exchanges": [
                {
                    **EXCHANGE,
                    "response": {
                        "status": 200,
                        "body": {k: "x" for k in cassette.MESSAGE_FIELDS},
                    },
                }
            ],
        }
    ),
    "deep": "[" * 100_000 + "]" * 100_000,
}


def test_every_cassette_error_is_english(en, tmp_path, monkeypatch):
    messages = []
    for name, text in BAD_CASSETTES.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        messages.append(_error(cassette.Cassette.load, path))
    (tmp_path / "latin1.json").write_bytes(b"\xff\xfe{")
    messages.append(_error(cassette.Cassette.load, tmp_path / "latin1.json"))
    messages.append(_error(cassette.Cassette.load, tmp_path / "missing.json"))
    messages.append(_error(cassette.Cassette.load, tmp_path))  # a folder
    (tmp_path / "notes.txt").write_text("my notes", encoding="utf-8")
    (tmp_path / "link.json").symlink_to(tmp_path / "notes.txt")
    os.mkfifo(tmp_path / "fifo")
    for target in ("notes.txt", "link.json", "fifo", "."):
        messages.append(_error(cassette.check_record_target, tmp_path / target))
    messages.append(_error(cassette.check_record_target, tmp_path / "notes.txt" / "x.json"))
    messages.append(_error(cassette.recording, tmp_path / "notes.txt" / "x.json"))
    tape = cassette.recording(tmp_path / "both.json", "offline")
    messages.append(_error(cassette.recording, tmp_path / "both.json", "anthropic-api"))

    def disk_full(**kw):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cassette.tempfile, "mkstemp", disk_full)
    messages.append(_error(tape.save))
    assert all(isinstance(m, str) and m for m in messages) and len(messages) == 22
    no_cjk(*messages)


def test_a_replay_mismatch_and_the_labels_are_english(en, tmp_path):
    path = tmp_path / "tape.json"
    recorder = make_client(offline=True, record=path)
    ask = {
        "model": "claude-sonnet-4-6",
        "max_tokens": 8,
        "messages": [{"role": "user", "content": "hi"}],
    }
    recorder.messages.create(**ask)
    labels = [recorder.cassette.label]
    replay = make_client(replay=path, max_retries=0)
    labels.append(replay.cassette.label)
    other, errors = {**ask, "max_tokens": 9}, []
    with pytest.raises(cassette.CassetteMismatch) as caught:  # not the recorded request
        replay.messages.create(**other)
    errors.append(str(caught.value))
    replay.messages.create(**ask)
    with pytest.raises(cassette.CassetteMismatch) as caught:  # one more than was recorded
        replay.messages.create(**other)
    errors.append(str(caught.value))
    no_cjk(*labels, *errors)
    assert labels[0].startswith("● Recording") and labels[1].startswith("▶ Replaying")
    assert "max_tokens" in errors[0]


def _error(fn, *args):
    with pytest.raises(cassette.CassetteError) as caught:
        fn(*args)
    return str(caught.value)


# --- settings -------------------------------------------------------------------------------------

BAD_SETTINGS = {
    "AGENTKIT_OFFLINE": "maybe",
    "AGENTKIT_MODEL": "claude sonnet",
    "AGENTKIT_TODAY": "yesterday",
    "AGENTKIT_RECORD": " ",
    "AGENTKIT_REPLAY": "a\x00b",
    "ANTHROPIC_API_KEY": "sk-ant key",
    "ANTHROPIC_BASE_URL": "localhost:8765",
}


@pytest.mark.parametrize("name", BAD_SETTINGS)
def test_a_wrong_setting_is_reported_in_english(name):
    with pytest.raises(SettingsError) as caught:
        Settings.from_env({"AGENTKIT_LANG": "en", name: BAD_SETTINGS[name]})
    message = str(caught.value)
    no_cjk(message)
    assert message.startswith(f"Environment variable {name}") and "\n" not in message
    if name == "ANTHROPIC_API_KEY":
        assert "sk-ant" not in message and "(value not shown)" in message  # a key never shows
    else:
        assert repr(BAD_SETTINGS[name]) in message


def test_a_wrong_language_is_still_reported_in_chinese(monkeypatch):
    monkeypatch.setenv("AGENTKIT_LANG", "fr")
    with pytest.raises(SettingsError, match="环境变量 AGENTKIT_LANG='fr' 无效"):
        Settings.from_env()
    env = {"AGENTKIT_LANG": "en", "AGENTKIT_TODAY": "x"}
    with pytest.raises(SettingsError, match="^Environment variable AGENTKIT_TODAY='x'"):
        Settings.from_env(env)  # the language of the environment it was given


# --- specimens --------------------------------------------------------------------------------------


def test_the_text_specimens_write_into_a_conversation_is_english(en):
    for name, (_, specimen) in SPECIMENS.items():
        world = World()
        client = make_client(offline=True, world=world, max_retries=0)
        messages = [{"role": "user", "content": REFUND_EN}]
        try:
            out = specimen(
                client,
                messages,
                tools=world.tools(),
                run_tool=world.run_tool,
                model="claude-sonnet-4-6",
            )
        except Exception as e:  # a specimen's bug may well end in an exception: its text is fine
            out = messages
            no_cjk(f"{name}: {e}")
        no_cjk(everything(out))


# --- the quiz CLI's default language ----------------------------------------------------------------


def quiz(*args, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    code = quiz_main(
        ["--bank", str(QUIZ_BANK), "--db", ":memory:", *args], io.StringIO(stdin), out, err
    )
    return code, out.getvalue(), err.getvalue()


def test_the_quiz_cli_follows_agentkit_lang_when_no_lang_is_given(en, capsys):
    code, out, err = quiz("--n", "2", "--seed", "3", stdin="A\nZ\nB\n")
    assert code == 0 and "Practice" in out and "Invalid answer 'Z'" in out
    no_cjk(out, err)
    code, out, _ = quiz("--mode", "exam", "--n", "2", "--seed", "3", stdin="A\nB\n")
    assert code == 0 and "Exam score" in out
    no_cjk(out)
    code, out, _ = quiz("--mode", "progress")
    no_cjk(out)
    with pytest.raises(SystemExit):
        quiz_main(["--help"])
    no_cjk(capsys.readouterr().out)
    code, out, _ = quiz("--n", "1", "--seed", "3", "--lang", "zh", stdin="A\n")
    assert code == 0 and CJK.search(out)  # --lang still wins


def test_a_wrong_agentkit_lang_is_one_line_for_the_quiz_unless_lang_is_given(monkeypatch):
    monkeypatch.setenv("AGENTKIT_LANG", "fr")
    code, out, err = quiz("--n", "1")
    assert code == 2 and out == "" and err == "环境变量 AGENTKIT_LANG='fr' 无效：应为 zh 或 en\n"
    code, out, _ = quiz("--n", "1", "--seed", "3", "--lang", "en", stdin="A\n")
    assert code == 0 and "Practice" in out
    monkeypatch.setenv("AGENTKIT_LANG", " EN ")
    assert "Practice" in quiz("--n", "1", "--seed", "3", stdin="A\n")[1]


def start_proxy(upstream_url, roster, *extra):
    env = {**os.environ, "ANTHROPIC_API_KEY": "sk-ant-teacher", "AGENTKIT_LANG": "en"}
    env.pop("AGENTKIT_OFFLINE", None)
    cmd = [sys.executable, "-m", "agentkit", "serve", "--port", "0", "--upstream", upstream_url]
    proc = subprocess.Popen(
        [*cmd, "--roster", str(roster), *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    banner = [proc.stdout.readline() for _ in range(5)]
    url = next(line for line in banner if "export ANTHROPIC_BASE_URL=" in line)
    return proc, banner, url.strip().split("=", 1)[1]


@pytest.mark.slow
def test_the_classroom_proxys_banner_and_answers_are_english(en, tmp_path, capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    ask = {
        "model": "claude-sonnet-4-6",
        "max_tokens": 64,
        "messages": [{"role": "user", "content": "hi"}],
    }
    roster = tmp_path / "roster.csv"
    with serve.Background() as up:
        proc, banner, url = start_proxy(up.url, roster, "--students", "1", "--budget-tokens", "30")
        dead, _, dead_url = start_proxy(f"http://127.0.0.1:{closed}", tmp_path / "r2.csv")
        try:
            token = next(iter(upstream.read_roster(roster)))
            student = anthropic.Anthropic(base_url=url, api_key=token, max_retries=0)
            student.messages.create(**ask)  # within the budget when sent
            with pytest.raises(anthropic.RateLimitError) as over:
                student.messages.create(**ask)
            token = next(iter(upstream.read_roster(tmp_path / "r2.csv")))
            with pytest.raises(anthropic.InternalServerError) as down:
                anthropic.Anthropic(
                    base_url=dead_url, api_key=token, max_retries=0
                ).messages.create(**ask)
        finally:
            for p in (proc, dead):
                p.send_signal(signal.SIGINT)
            out, err = proc.communicate(timeout=30)
            dead.communicate(timeout=30)
    assert upstream.show_usage(roster, 30) == 0
    usage = capsys.readouterr().out
    messages = [over.value.body["error"]["message"], down.value.body["error"]["message"]]
    no_cjk(*banner, out, err, usage, *messages)
    assert "30 tokens per student" in messages[0] and "Ask your teacher" in messages[1]
    assert usage.splitlines()[1].endswith("budget reached")
    assert out.strip() == "The class proxy has stopped."
