"""Answers without a tool (agentkit.sim.direct): a question about the tools lists them; plain
arithmetic is computed when no offered tool's name is about arithmetic (a shell is not asked for a
command it does not need), and a tool named for it is still called. Tool names and questions share
no words with the project's worlds; both languages."""

import pytest

import agentkit
from agentkit.sim.direct import arithmetic_value, only_arithmetic

MODEL = "claude-sonnet-4-6"


def tool(name, description, properties, required):
    schema = {"type": "object", "properties": properties, "required": required}
    return {"name": name, "description": description, "input_schema": schema}


SHELL = tool(
    "terminal",
    "Run a terminal line on the build host and return what it prints; good for calculations too.",
    {"line": {"type": "string", "description": "the shell command"}},
    ["line"],
)
KETTLE = tool("boil_kettle", "Boil the office kettle.", {"litres": {"type": "number"}}, ["litres"])
ABACUS = tool(
    "abacus_multiply",
    "Multiply two numbers on the abacus service.",
    {"x": {"type": "number"}, "y": {"type": "number"}},
    ["x", "y"],
)


def ask(question, tools, **kw):
    client = agentkit.make_client(offline=True)
    return client.messages.create(
        model=MODEL,
        max_tokens=2048,
        tools=tools,
        messages=[{"role": "user", "content": question}],
        **kw,
    )


@pytest.mark.parametrize(
    "question, said",
    [
        ("What is 2 + 2?", "2 + 2 = 4"),
        ("Calculate 15 + 27", "15 + 27 = 42"),
        ("What is 100 divided by 7?", "100 / 7 = 14.285714"),
        ("36 乘以 12 等于多少？", "36 * 12 = 432"),
        ("计算 (3 + 5) * 2", "(3 + 5) * 2 = 16"),
    ],
)
def test_plain_arithmetic_is_answered_without_a_shell_command(question, said):
    r = ask(question, [SHELL, KETTLE])
    assert r.stop_reason == "end_turn" and [b.type for b in r.content] == ["text"]
    assert r.content[0].text == said


def test_a_tool_named_for_the_arithmetic_is_still_called():
    r = ask("What is 37 times 43?", [SHELL, ABACUS])
    assert r.stop_reason == "tool_use"
    assert [(b.name, b.input) for b in r.content if b.type == "tool_use"] == [
        ("abacus_multiply", {"x": 37, "y": 43})
    ]


@pytest.mark.parametrize(
    "question, lang",
    [
        ("List your tools", "en"),
        ("What tools do you have available? Just list their names.", "en"),
        ("你有哪些工具？", "zh"),
    ],
)
def test_a_question_about_the_tools_lists_the_offered_names(question, lang):
    r = ask(question, [SHELL, KETTLE, ABACUS])
    said = r.content[0].text
    assert r.stop_reason == "end_turn" and all(n in said for n in ("terminal", "boil_kettle"))
    assert ("3 tools" in said) if lang == "en" else ("3 个工具" in said)
    r = ask(question, [])
    assert r.content[0].text in ("This request gives me no tools.", "这次请求没有给我任何工具。")


def test_arithmetic_inside_a_longer_task_or_a_date_is_not_answered_directly():
    assert only_arithmetic("Boil 2 + 1 litres in the kettle for the team meeting") is None
    assert only_arithmetic("What happens at the harbour on 2026-12-01?") is None
    r = ask("Boil 2 + 1 litres in the office kettle for the team", [KETTLE])
    assert r.content[0].type != "text" or "= 3" not in r.content[0].text


def test_the_evaluator_reads_and_never_runs():
    assert (
        arithmetic_value("2 ** 10") == 1024
        and arithmetic_value("7 // 2") == 3
        and arithmetic_value("-3 + 1") == -2
    )
    assert arithmetic_value("__import__('os')") is None and arithmetic_value("2 ** 100000") is None
    with pytest.raises(ZeroDivisionError):
        arithmetic_value("1 / 0")
    r = ask("What is 5 / 0?", [SHELL])
    assert r.content[0].text == "5 / 0 divides by zero, so it has no value."


def test_the_thinking_says_the_step_taken():
    r = ask("What is 2 + 2?", [SHELL], thinking={"type": "enabled", "budget_tokens": 1024})
    thought = r.content[0].thinking
    assert "needs no tool" in thought and "get the facts with a tool first" not in thought


CONSOLE = tool(
    "console",
    "Execute a shell command on the workstation.",
    {"cmd": {"type": "string"}},
    ["cmd"],
)


@pytest.mark.parametrize(
    "question, cmd",
    [
        ("List all markdown files in this directory", "ls *.md"),
        ("列出这里所有的 Python 文件", "ls *.py"),
    ],
)
def test_a_shell_tool_serves_what_a_read_only_command_answers(question, cmd):
    """No concept of the request is in the tool's name ("console"), but a read-only command
    answers it, and the tool runs commands: it is called with that command."""
    r = ask(question, [CONSOLE, KETTLE])
    assert r.stop_reason == "tool_use"
    assert [(b.name, b.input) for b in r.content if b.type == "tool_use"] == [
        ("console", {"cmd": cmd})
    ]


def test_a_numbered_step_is_no_directory_name_and_testing_a_script_is_no_test_run():
    from agentkit.sim.shell import command

    steps = "1. List the files in the current directory\n2. Make a script\n3. Run it to test it"
    assert command(steps) not in ("mkdir -p 2.", "python -m pytest -q")
    assert command("Create a folder named out-2") == "mkdir -p out-2"
    assert command("Run the tests") == "python -m pytest -q"


def test_a_power_too_large_to_compute_is_refused_at_once():
    """Nested powers each under the exponent limit would take Python minutes (and gigabytes):
    the evaluator refuses a result over MAX_BITS bits before computing it."""
    assert arithmetic_value("((9**999)**999)**999") is None
    assert arithmetic_value("(10**4000)**4") is None
    assert arithmetic_value("2**10") == 1024 and arithmetic_value("(-3)**3") == -27
    assert arithmetic_value("9**999") == 9**999
