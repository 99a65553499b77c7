"""Answers without a tool (agentkit.sim.direct): a question about the tools lists them; plain
arithmetic is computed when no offered tool's name is about arithmetic (a shell is not asked for a
command it does not need), and a tool named for it is still called. Tool names and questions share
no words with the project's worlds; both languages."""

import pytest

import agentkit
from agentkit.sim.direct import arithmetic_value, expression, only_arithmetic

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


# -- issue #33: what public programs ask without a tool (rules 3 to 12 of agentkit.sim.direct) --
NOTE = ("know no facts", "不知道")


def chat(messages, tools=(), **kw):
    client = agentkit.make_client(offline=True)
    kw.setdefault("max_tokens", 1024)
    return client.messages.create(model=MODEL, tools=list(tools), messages=messages, **kw)


def text(r):
    assert r.stop_reason == "end_turn", r.content
    return "".join(b.text for b in r.content if b.type == "text")


@pytest.mark.parametrize(
    "greeting, starts",
    [
        ("Good evening, Claude!", "Hello!"),
        ("hiya :)", "Hello!"),
        ("早上好！", "你好！"),
        ("how's it going?", "Thanks for asking!"),
        ("最近怎么样？", "谢谢关心！"),
        ("Thank you so much!", "You're welcome!"),
        ("多谢！", "不客气！"),
    ],
)
def test_small_talk_gets_a_short_answer_in_kind(greeting, starts):
    for tools in ([], [KETTLE]):
        said = text(chat([{"role": "user", "content": greeting}], tools))
        assert said.startswith(starts) and len(said) < 140 and not any(n in said for n in NOTE)


@pytest.mark.parametrize(
    "ask_to_say, said",
    [
        ('Please reply with just "ready"', "ready"),
        ("Repeat after me: 'the kettle is on'", "the kettle is on"),
        ("请回复“明白”", "明白"),
        ("Say hey there", "Hey there!"),
        ("Say hi in exactly 2 words", "Hello there!"),
        ("Say hi in exactly 5 words", "Hello there, my good friend!"),
        ("说一声早上好", "早上好！"),
    ],
)
def test_what_the_user_asks_to_be_said_is_said(ask_to_say, said):
    assert text(chat([{"role": "user", "content": ask_to_say}])) == said


def test_a_request_for_invented_text_or_a_fact_still_gets_the_honest_note():
    for question in (
        "Say something clever about kettles",
        "Say good morning in Portuguese",
        "How many legs does a spider have?",
        "What is the tallest mountain in Peru?",
        "秘鲁最高的山是哪座？",
    ):
        said = text(chat([{"role": "user", "content": question}]))
        assert any(n in said for n in NOTE), (question, said)


def test_the_note_quotes_the_question_cut_at_a_word():
    question = "Which painter finished the ceiling frescoes of 1508 - 1512 in Rome?"
    said = text(chat([{"role": "user", "content": question}]))
    shown = said.split('"')[1]
    assert shown.endswith("…") and question.startswith(shown[:-1])
    assert question[len(shown) - 1] == " "  # cut before a space, never inside a word


@pytest.mark.parametrize(
    "question, said",
    [
        ("Multiply 312 by 41", "312 * 41 = 12792"),
        ("What's 30% of 450?", "30% of 450 = 135"),
        ("What is the square root of 169?", "√169 = 13"),
        ("sqrt(81)", "√81 = 9"),
        ("Subtract 19 from 100", "100 - 19 = 81"),
        ("What is 11 squared?", "11 ** 2 = 121"),
        ("What is 22 divided by 7, rounded to 3 decimal places?", "22 / 7 = 3.143"),
        ("225 的平方根是多少？", "√225 = 15"),
        ("600 的 5% 是多少", "600 的 5% = 30"),
        ("8 和 9 的积是多少？", "8 * 9 = 72"),
        ("10 除以 3，保留两位小数", "10 / 3 = 3.33"),
    ],
)
def test_arithmetic_in_words_is_computed(question, said):
    assert text(chat([{"role": "user", "content": question}], [SHELL])) == said


@pytest.mark.parametrize(
    "question, win, other",
    [
        ("Which is greater: 41 * 19 or 800 - 25?", "41 * 19 is bigger", "775"),
        ("Which one is smaller, 2 ** 7 or 130?", "2 ** 7 is smaller", "128"),
        ("12 * 12 和 150 - 7 哪个大？", "所以 12 * 12 更大", "143"),
    ],
)
def test_two_quantities_are_compared(question, win, other):
    said = text(chat([{"role": "user", "content": question}]))
    assert win in said and other in said


def test_a_sequence_is_listed_and_its_count_is_no_item():
    assert text(chat([{"role": "user", "content": "List the first 4 even numbers"}])) == (
        "The first 4 even numbers: 2, 4, 6, 8."
    )
    assert text(chat([{"role": "user", "content": "前六个斐波那契数是什么"}])) == (
        "前 6 个斐波那契数：0、1、1、2、3、5。"
    )
    assert text(chat([{"role": "user", "content": "从 7 数到 3"}])) == "7、6、5、4、3"
    schema = {
        "type": "object",
        "properties": {"values": {"type": "array", "items": {"type": "integer"}}},
        "required": ["values"],
    }
    r = chat(
        [{"role": "user", "content": "Give me the first four primes"}],
        output_config={"format": {"type": "json_schema", "schema": schema}},
    )
    assert text(r) == '{"values": [2, 3, 5, 7]}'


def test_a_structured_answer_field_gets_the_computed_answer():
    schema = {
        "type": "object",
        "properties": {"result": {"type": "string"}},
        "required": ["result"],
    }
    r = chat(
        [{"role": "user", "content": "Which is larger: 17 * 3 or 50?"}],
        output_config={"format": {"type": "json_schema", "schema": schema}},
    )
    assert text(r) == '{"result": "17 * 3 = 51 and 50, so 17 * 3 is bigger."}'


BEFORE = [
    {"role": "user", "content": "What is 9 * 7?"},
    {"role": "assistant", "content": "9 * 7 = 63"},
]


@pytest.mark.parametrize(
    "follow_up, said",
    [
        ("Now subtract 3 from that", "63 - 3 = 60"),
        ("halve it", "63 / 2 = 31.5"),
        ("Divide the result by 4, rounded to 1 decimal place", "63 / 4 = 15.8"),
        ("再除以 9", "63 / 9 = 7"),
        ("把结果加上 7", "63 + 7 = 70"),
    ],
)
def test_a_follow_up_works_on_the_previous_answer(follow_up, said):
    messages = [*BEFORE, {"role": "user", "content": follow_up}]
    assert text(chat(messages, [SHELL])) == said


@pytest.mark.parametrize(
    "problem, said",
    [
        (
            "Mia had 12 stickers and gave away 5. How many stickers does she have now?",
            "12 - 5 = 7, so the answer is 7.",
        ),
        ("We had three tents and bought two more. How many tents do we own?", "3 + 2 = 5"),
        ("书架上有九本书，我又买了三本，一共有几本？", "9 + 3 = 12，所以答案是 12。"),
        ("盘子里有 8 块饼干，弟弟吃了 3 块，还剩多少块？", "8 - 3 = 5"),
    ],
)
def test_a_small_word_problem_is_worked_out(problem, said):
    assert said in text(chat([{"role": "user", "content": problem}]))


@pytest.mark.parametrize(
    "task", ["Activate coupon 77-31-08", "拨打 186-5555-0199", "What happened on 1999-12-31?"]
)
def test_digit_groups_joined_by_hyphens_are_an_id_not_a_sum(task):
    assert only_arithmetic(task) is None
    assert "= " not in text(chat([{"role": "user", "content": task}]))
    assert only_arithmetic("What is 2000-1?") == "2000-1"  # one hyphen, no leading zero: a sum


def test_a_difference_or_a_question_about_something_said_is_not_guessed():
    for task in ("how much is 7 more than 4", "How many more chairs than 6 tables do we need?"):
        assert any(n in text(chat([{"role": "user", "content": task}])) for n in NOTE), task
    messages = [
        {"role": "user", "content": "The launch is on Friday"},
        {"role": "assistant", "content": "Noted."},
        {"role": "user", "content": "What did I say about the launch date and the budget?"},
    ]
    assert "You asked" not in text(chat(messages))


def test_the_previous_question_is_recalled_from_the_conversation():
    messages = [
        {"role": "user", "content": "Book the small meeting room for Friday"},
        {"role": "assistant", "content": "I can't book rooms from here."},
        {"role": "user", "content": "What did I just ask?"},
    ]
    assert text(chat(messages)) == 'You asked: "Book the small meeting room for Friday"'
    messages[-1] = {"role": "user", "content": "我上一个问题是什么？"}
    assert text(chat(messages)) == "你问的是：“Book the small meeting room for Friday”"
    first = text(chat([{"role": "user", "content": "what was my previous question?"}]))
    assert first.startswith("This is the first message")


@pytest.mark.parametrize(
    "news, said",
    [
        ("I just got promoted at work!", "That's wonderful to hear!"),
        ("我的狗生病了，好难过。", "听到这个我很难过。"),
    ],
)
def test_news_with_a_clear_feeling_gets_a_reply_in_kind(news, said):
    assert text(chat([{"role": "user", "content": news}], [KETTLE])) == said
    r = chat([{"role": "user", "content": "I love the new office! Boil 2 litres."}], [KETTLE])
    assert r.stop_reason == "tool_use"  # a request after the news is done


def test_the_thinking_of_small_talk_says_it_needs_no_tool():
    r = chat(
        [{"role": "user", "content": "Hi there!"}],
        max_tokens=2048,
        thinking={"type": "enabled", "budget_tokens": 1024},
    )
    assert "small talk" in r.content[0].thinking


def test_the_expression_is_given_to_a_policy_that_calls_an_arithmetic_tool():
    """With a calculator offered, the direct answer defers to it; `expression` tells what to
    work out, in Python's notation."""
    assert expression("What's 12% of 350?") == "(12 / 100) * 350"
    assert expression("The farm had seven goats and bought 3 more. How many goats now?") == "7 + 3"
    assert expression("再乘以 5", [*BEFORE, {"role": "user", "content": "再乘以 5"}]) == "63 * 5"
    assert expression("What is the capital of Peru?") is None


def test_a_follow_up_takes_the_answers_number_not_a_part_of_an_id():
    messages = [
        {"role": "user", "content": "Track parcel P-5521"},
        {"role": "assistant", "content": "Parcel P-5521 weighs 18 kg."},
        {"role": "user", "content": "Triple that"},
    ]
    assert text(chat(messages)) == "18 * 3 = 54"
    messages[-1] = {"role": "user", "content": "好的，就这些"}
    assert text(chat(messages)) == "再见！"
