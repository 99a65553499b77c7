"""`python -m agentkit demo`: the study guide's exercise in a terminal."""

import os
import re
import subprocess
import sys
from pathlib import Path

import agentkit

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
