"""The zh ↔ en glossary: its command is the CLI's, and the API spellings it gives are the SDK's."""

import re
import shlex
import typing
from pathlib import Path

from anthropic.types import StopReason

from quizzes.cli import parse_args

GLOSSARY = Path(__file__).resolve().parent.parent / "docs" / "glossary.md"


def test_the_english_mock_exam_command_is_the_clis():
    text = GLOSSARY.read_text(encoding="utf-8")
    [command] = re.findall(r"`(python -m quizzes [^`]+)`", text)
    args = parse_args(shlex.split(command)[3:])
    assert args.mode == "exam" and args.lang == "en"


def test_every_stop_reason_is_listed_as_the_api_spells_it():
    spelled = set(re.findall(r"`([a-z_]+)`", GLOSSARY.read_text(encoding="utf-8")))
    missing = set(typing.get_args(StopReason)) - spelled
    assert not missing, f"the glossary lacks the stop_reason values {missing}"
