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


# Spellings in the API column that are no field, type or literal of the SDKs, each with its reason
NOT_SDK = {
    "true": "JSON's true (is_error: true)",
    "True": "Python's True (stream=True)",
    "escalate_to_human": "the workbook's own tool (the row says so)",
    "error_max_turns": "ResultMessage.subtype is a str; the CLI's value, in claude_agent_sdk._errors",
    # the CLI's tool that runs a subagent: "custom subagents invokable via the Agent tool"
    # (ClaudeAgentOptions.agents; https://platform.claude.com/docs/en/agent-sdk/subagents)
    "Agent": "the Claude Code CLI's tool name, not an SDK type",
}


def _literals(tp, out: set[str]) -> None:
    if typing.get_origin(tp) is typing.Literal:
        out.update(a for a in typing.get_args(tp) if isinstance(a, str))
        return
    for arg in typing.get_args(tp):
        _literals(arg, out)


def sdk_vocabulary() -> set[str]:
    """Every name, field and string literal of anthropic.types and claude_agent_sdk, and the
    client's own parameters."""
    import importlib
    import inspect
    import pkgutil

    import anthropic
    import anthropic.types
    import claude_agent_sdk
    import claude_agent_sdk.types

    modules = [anthropic.types, claude_agent_sdk, claude_agent_sdk.types]
    modules += [
        importlib.import_module(f"anthropic.types.{m.name}")
        for m in pkgutil.iter_modules(anthropic.types.__path__)
    ]
    words = set(inspect.signature(anthropic.Anthropic.__init__).parameters)
    for module in modules:
        for name, obj in vars(module).items():
            words.add(name)
            hints = {}
            if inspect.isclass(obj):
                try:
                    hints = typing.get_type_hints(obj)
                except Exception:  # a forward reference the module cannot resolve
                    hints = getattr(obj, "__annotations__", {})
            words.update(hints)
            for hint in [obj, *hints.values()]:
                if not isinstance(hint, str):
                    _literals(hint, words)
    return words


def api_spellings(text: str) -> list[tuple[str, str]]:
    """(word, the backticked spelling it is in) for the last column of each table row; a
    placeholder pattern (`mcp__<server>__<tool>`) is a naming rule, not a spelling."""
    found = []
    for line in text.splitlines():
        if line.startswith("| ") and not line.startswith(("| 中文", "| ---")):
            for spelled in re.findall(r"`([^`<]+)`", line.rstrip(" |").split(" | ")[-1]):
                found += [(w, spelled) for w in re.findall(r"[A-Za-z_]\w*", spelled)]
    return found


def test_every_api_spelling_is_the_sdks():
    vocabulary = sdk_vocabulary()
    import claude_agent_sdk._errors as errors
    import claude_agent_sdk.types as types

    assert "error_max_turns" in Path(errors.__file__).read_text(encoding="utf-8")
    assert "invokable via the Agent tool" in Path(types.__file__).read_text(encoding="utf-8")
    spellings = api_spellings(GLOSSARY.read_text(encoding="utf-8"))
    assert len(spellings) >= 40
    wrong = [(w, s) for w, s in spellings if w not in vocabulary and w not in NOT_SDK]
    assert not wrong, f"not spelled as the SDK spells it: {wrong}"
    # and the check does catch a misspelling
    bad = api_spellings("| 子 Agent | subagent | `AgentDefinitions`, `is_errors` |")
    assert [w for w, _ in bad if w not in vocabulary] == ["AgentDefinitions", "is_errors"]
