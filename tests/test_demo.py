"""`python -m agentkit demo`: the study guide's exercise in a terminal."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import agentkit

pytestmark = pytest.mark.slow  # a subprocess per run: the full tier

ROOT = Path(__file__).resolve().parents[1]


def test_demo_prints_the_guides_rounds():
    env = {
        **os.environ,
        "PYTHONIOENCODING": "utf-8",
    }  # the conftest fixture has set AGENTKIT_OFFLINE=1
    out = subprocess.run(
        [sys.executable, "-m", "agentkit", "demo"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert (
        out.stderr == ""
    )  # no deprecation warning: the demo does not use the guide's retired model
    assert re.findall(r"stop_reason=(\w+)", out.stdout) == [
        "tool_use",
        "tool_use",
        "end_turn",
        "end_turn",
    ]
    assert "call lookup_order {'order_id': 'A-1001'}" in out.stdout
    assert "call process_refund {'order_id': 'A-1001', 'amount': 120.0}" in out.stdout
    assert "今天天气怎么样？" in out.stdout and agentkit.default_model() in out.stdout


def test_demo_needs_a_command(capsys):
    from agentkit.__main__ import main

    try:
        main([])
    except SystemExit as e:
        assert e.code == 2
    assert "demo" in capsys.readouterr().err


def test_demo_without_network_is_one_line_and_no_traceback(tmp_path):
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {
        **os.environ,
        "ANTHROPIC_API_KEY": "sk-test",
        "AGENTKIT_OFFLINE": "0",
        "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{port}",
    }
    r = run_demo(env)
    assert r.returncode == 1 and r.stderr == ""
    last = r.stdout.strip().splitlines()[-1]
    assert f"http://127.0.0.1:{port}" in last and "AGENTKIT_OFFLINE=1" in last


def test_demo_prints_cassette_errors_in_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    exchange = {
        "request": {"method": "POST", "path": "/v1/messages", "body": {}},
        "response": {"status": 200, "body": {"hello": "world"}},
    }
    bad.write_text(json.dumps({"agentkit_cassette": 1, "exchanges": [exchange]}))
    env = {**os.environ, "AGENTKIT_REPLAY": str(bad)}
    r = run_demo(env)
    assert r.returncode == 1 and r.stderr == "" and r.stdout.count("\n") == 1
    assert str(bad) in r.stdout and "第 1 次交换" in r.stdout


def run_demo(env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "agentkit", "demo"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def test_demo_with_a_retired_model_says_which_id_to_use_instead_no_traceback():
    env = {**os.environ, "AGENTKIT_OFFLINE": "1", "AGENTKIT_MODEL": "claude-sonnet-4-5"}
    r = run_demo(env)
    assert r.returncode == 1 and "Traceback" not in r.stdout + r.stderr, r.stderr
    assert "404" in r.stdout and "model: claude-sonnet-4-5" in r.stdout
    assert f"改用 {agentkit.client.DEFAULT_MODEL}" in r.stdout.strip().splitlines()[-1]


def test_demo_lang_en_speaks_english_and_puts_agentkit_lang_back(monkeypatch, capsys):
    from agentkit.__main__ import main
    from agentkit.content import CJK

    monkeypatch.setenv("AGENTKIT_LANG", "zh")
    assert main(["demo", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    switch = "中文：python -m agentkit demo --lang zh（或设置 AGENTKIT_LANG=zh）\n"
    assert out.count(switch) == 1  # a Chinese reader's way back, in Chinese: the only CJK
    assert not CJK.search(out.replace(switch, "")), CJK.search(out.replace(switch, ""))
    assert "User: What's the weather like today?" in out
    assert re.findall(r"stop_reason=(\w+)", out) == ["tool_use", "tool_use", "end_turn", "end_turn"]
    assert os.environ["AGENTKIT_LANG"] == "zh"  # the option does not outlive the command


def test_demo_lang_zh_overrides_agentkit_lang_en_and_the_default_follows_it(monkeypatch, capsys):
    from agentkit.__main__ import main

    monkeypatch.setenv("AGENTKIT_LANG", "en")
    assert main(["demo", "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "用户：今天天气怎么样？" in out and "English: python -m agentkit demo --lang en" in out
    assert os.environ["AGENTKIT_LANG"] == "en"
    assert main(["demo"]) == 0  # no --lang: AGENTKIT_LANG decides
    assert "User: What's the weather like today?" in capsys.readouterr().out


def test_demo_rejects_a_language_it_does_not_speak(capsys):
    from agentkit.__main__ import main

    try:
        main(["demo", "--lang", "fr"])
    except SystemExit as e:
        assert e.code == 2
    assert "invalid choice: 'fr'" in capsys.readouterr().err
