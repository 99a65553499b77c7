"""`python -m agentkit doctor`: one line per problem, each with its fix; one line when all is ready."""

import subprocess
import sys

import pytest

from agentkit import doctor


@pytest.mark.slow
def test_doctor_in_this_environment_says_ready_in_one_line():
    r = subprocess.run(
        [sys.executable, "-m", "agentkit", "doctor"], capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0, r.stdout + r.stderr
    ready, switch = r.stdout.splitlines()
    assert ready.startswith("✓ 一切就绪") and not r.stderr
    assert switch == "English: python -m agentkit doctor --lang en (or set AGENTKIT_LANG=en)"


@pytest.mark.parametrize("how", [["--lang", "en"], []])
def test_doctor_speaks_english_with_lang_en_or_agentkit_lang_and_says_how_to_switch_back(
    how, monkeypatch, capsys
):
    from agentkit.__main__ import main

    monkeypatch.setattr(doctor, "CHECKS", ())  # the lines, not the checks (tested above)
    if not how:
        monkeypatch.setenv("AGENTKIT_LANG", "en")
    assert main(["doctor", *how]) == 0
    ready, switch = capsys.readouterr().out.splitlines()
    assert ready.startswith("✓ All set: Python ")
    assert switch == "中文：python -m agentkit doctor --lang zh（或设置 AGENTKIT_LANG=zh）"


def test_doctor_with_a_wrong_agentkit_lang_is_one_line_naming_it(monkeypatch, capsys):
    from agentkit.__main__ import main

    monkeypatch.setattr(doctor, "CHECKS", ())
    monkeypatch.setenv("AGENTKIT_LANG", "fr")
    assert main(["doctor"]) == 1
    assert capsys.readouterr().out == "环境变量 AGENTKIT_LANG='fr' 无效：应为 zh 或 en\n"


def test_an_old_python_is_one_line_with_the_fix():
    (line,) = doctor.check_python((3, 10, 12))
    assert "Python 3.10.12 太旧" in line and "≥ 3.11" in line and "修复" in line
    assert doctor.check_python((3, 11, 0)) == [] and doctor.check_python((3, 14, 1)) == []


def test_missing_and_out_of_range_packages_each_get_a_line_with_the_pip_command():
    lines = doctor.check_packages(
        [
            "anthropic>=99,<100",
            "surely-not-installed-agentkit-pkg>=1",
            "tornado>=6.2,<7",  # installed and in range: no line
            "emscripten-only-pkg>=1; sys_platform == 'emscripten'",  # not for this platform
        ]
    )
    assert len(lines) == 2
    assert (
        lines[0].startswith("anthropic 是 2.14") and 'pip install "anthropic<100,>=99"' in lines[0]
    )
    assert lines[1].startswith("缺少 surely-not-installed-agentkit-pkg（需要 >=1）")
    assert "--no-index --find-links wheelhouse" in lines[1]


def test_the_workbooks_own_requirements_are_read_from_its_metadata():
    names = {r.split(">")[0].split("<")[0].split(";")[0].strip() for r in doctor.requirements()}
    assert {"anthropic", "httpx2", "ipywidgets", "tornado"} <= names


def test_doctor_prints_every_problem_and_returns_their_count():
    out = []
    status = doctor.doctor(
        checks=(lambda: ["a 坏了。修复：x"], lambda: [], lambda: ["b 坏了。修复：y"]),
        out=out.append,
    )
    assert status == 2 and out == ["✗ a 坏了。修复：x", "✗ b 坏了。修复：y"]


def test_the_wheelhouse_script_runs_the_guides_own_commands():
    """scripts/wheelhouse.sh (run on demand) tests the guide's §1.1: each line it marks `# guide`
    is in the guide word for word."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    guide = (root / "docs" / "instructor_guide.md").read_text(encoding="utf-8")
    script = (root / "scripts" / "wheelhouse.sh").read_text(encoding="utf-8")
    marked = [
        line.lstrip("# ").rsplit("# guide", 1)[0].strip()
        for line in script.splitlines()
        if line.rstrip().endswith("# guide")
    ]
    assert len(marked) == 3
    for command in marked:
        assert command in guide, command
    assert "python -m agentkit doctor" in script and "--no-index" in script


def test_serve_speaks_the_language_lang_asks_for(capsys):
    from agentkit.__main__ import main

    assert main(["serve", "--lang", "en", "--port", "99999"]) == 1
    assert "--port '99999' is not a port" in capsys.readouterr().err
    assert main(["serve", "--port", "99999"]) == 1
    assert "--port '99999' 不是端口号" in capsys.readouterr().err
