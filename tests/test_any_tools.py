"""The stand-in with tools that are not the orders world's (issue 33): programs in the shapes of
public examples (a weather tool, calculators, a customer-service agent, notes, files, structured
extraction), each run through the real SDK and judged from the traffic: the right tool, arguments
from the prompt valid for the schema, the results used in the answer, the conversation ended."""

import json
import re
import shlex
from dataclasses import dataclass, field

import jsonschema
import pytest

import agentkit
from agentkit.tools import tool_results

MODEL = agentkit.default_model()


def tool(name, description, properties, required=()):
    schema = {"type": "object", "properties": properties, "required": list(required)}
    return {"name": name, "description": description, "input_schema": schema}


WEATHER = tool(
    "get_weather",
    "Get the current weather in a given location",
    {
        "location": {"type": "string", "description": "The city and state, e.g. San Francisco, CA"},
        "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
    },
    ["location"],
)
CALCULATOR = tool(
    "calculator",
    "A simple calculator that performs basic arithmetic operations.",
    {"expression": {"type": "string", "description": "The expression to evaluate, e.g. '2 + 3'"}},
    ["expression"],
)
OPERATIONS = tool(
    "calculate",
    "Perform an arithmetic operation on two numbers.",
    {
        "operation": {"type": "string", "enum": ["add", "subtract", "multiply", "divide"]},
        "operand1": {"type": "number"},
        "operand2": {"type": "number"},
    },
    ["operation", "operand1", "operand2"],
)
CUSTOMER = tool(
    "get_customer_info",
    "Retrieves customer information based on their customer ID. Returns the customer's name, "
    "email, and phone number.",
    {"customer_id": {"type": "string", "description": "The unique identifier for the customer."}},
    ["customer_id"],
)
ORDER = tool(
    "get_order_details",
    "Retrieves the details of a specific order based on the order ID. Returns the order ID, "
    "product name, quantity, price, customer ID and order status.",
    {"order_id": {"type": "string", "description": "The unique identifier for the order."}},
    ["order_id"],
)
CANCEL = tool(
    "cancel_order",
    "Cancels an order based on the provided order ID.",
    {"order_id": {"type": "string", "description": "The order ID, like O1."}},
    ["order_id"],
)
NOTE = tool(
    "save_note",
    "Save a note for the user.",
    {"note": {"type": "string", "description": "The text of the note"}},
    ["note"],
)
READ_FILE = tool(
    "read_file",
    "Read a file and return its contents.",
    {"path": {"type": "string", "description": "Path of the file"}},
    ["path"],
)
LIST_DIR = tool(
    "list_dir",
    "List the entries of a directory.",
    {"path": {"type": "string", "description": "The directory path"}},
    ["path"],
)
SENTIMENT = tool(
    "print_sentiment_scores",
    "Prints the sentiment scores of a given text.",
    {
        "positive_score": {"type": "number", "minimum": 0, "maximum": 1},
        "negative_score": {"type": "number", "minimum": 0, "maximum": 1},
        "neutral_score": {"type": "number", "minimum": 0, "maximum": 1},
    },
    ["positive_score", "negative_score", "neutral_score"],
)
SERVICE = [CUSTOMER, ORDER, CANCEL]
CUSTOMERS = {"C1": {"name": "John Doe", "email": "john@example.com", "phone": "123-456-7890"}}
ORDERS = {
    "O1": {"id": "O1", "customer_id": "C1", "product": "Widget A", "status": "Shipped"},
    "O2": {"id": "O2", "customer_id": "C1", "product": "Gadget B", "status": "Processing"},
}


def service(name, args):
    """The customer-service tools, as the cookbook's notebook writes them."""
    if name == "get_customer_info":
        return json.dumps(CUSTOMERS.get(args["customer_id"], "Customer not found"))
    if name == "get_order_details":
        return json.dumps(ORDERS.get(args["order_id"], "Order not found"))
    if name == "cancel_order":
        return "Order cancelled" if args["order_id"] in ORDERS else "Order not found"
    return everyday(name, args)


def everyday(name, args):
    if name == "get_weather":
        return json.dumps({"location": args["location"], "temperature": 18, "condition": "Sunny"})
    if name == "calculator":
        return str(eval(args["expression"], {"__builtins__": {}}))  # the example's own tool
    if name == "calculate":
        a, b = args["operand1"], args["operand2"]
        ops = {"add": a + b, "subtract": a - b, "multiply": a * b, "divide": a / b}
        return str(ops[args["operation"]])
    if name == "save_note":
        return "Note saved with id N-7"
    if name == "read_file":
        return {"notes.txt": "buy milk", "src/app.py": "print('hi')"}.get(args["path"], "missing")
    if name == "list_dir":
        return "app.py\nutil.py" if args["path"].rstrip("/") == "src" else "notes.txt\nsrc/"
    raise KeyError(name)


@dataclass
class Traffic:
    replies: list = field(default_factory=list)
    messages: list = field(default_factory=list)

    @property
    def calls(self):
        return [
            [(b.name, b.input) for b in r.content if b.type == "tool_use"] for r in self.replies
        ]

    @property
    def answer(self):
        return "".join(b.text for b in self.replies[-1].content if b.type == "text")


def run(prompt, tools, run_tool=service, rounds=8, messages=None, **create):
    """A plain agent loop; every tool_use is checked against its tool's schema."""
    client = agentkit.make_client(offline=True)
    schemas = {t["name"]: t["input_schema"] for t in tools}
    out = Traffic(messages=messages or [{"role": "user", "content": prompt}])
    for _ in range(rounds):
        r = client.messages.create(
            model=MODEL, max_tokens=1024, tools=tools, messages=out.messages, **create
        )
        out.replies.append(r)
        for b in r.content:
            if b.type == "tool_use":
                jsonschema.validate(b.input, schemas[b.name])
        out.messages.append({"role": "assistant", "content": r.content})
        if r.stop_reason != "tool_use" or create.get("tool_choice"):
            return out
        out.messages.append({"role": "user", "content": tool_results(r, run_tool)})
    raise AssertionError(f"no end after {rounds} rounds")


def ended(t: Traffic):
    assert t.replies[-1].stop_reason == "end_turn", t.replies[-1]


# ---------------------------------------------------------------- choosing tools, filling arguments


def test_weather_in_paris():
    t = run("What's the weather in Paris?", [WEATHER, CALCULATOR, NOTE])
    assert t.calls[0] == [("get_weather", {"location": "Paris, France"})]
    ended(t)
    assert "Sunny" in t.answer and "18" in t.answer


def test_weather_in_chinese_for_two_cities_in_parallel():
    t = run("北京和上海今天的天气怎么样？", [WEATHER, CALCULATOR])
    assert t.calls[0] == [
        ("get_weather", {"location": "北京"}),
        ("get_weather", {"location": "上海"}),
    ]
    ended(t)
    assert "北京" in t.answer and "上海" in t.answer and "的天气" in t.answer


def test_the_unit_enum_is_taken_from_the_prompt():
    t = run("What is the weather in Boston in fahrenheit?", [WEATHER])
    assert t.calls[0] == [("get_weather", {"location": "Boston, MA", "unit": "fahrenheit"})]


def test_a_calculator_computes_the_real_product():
    t = run("What is 1984135 * 9343116?", [WEATHER, CALCULATOR])
    assert t.calls[0] == [("calculator", {"expression": "1984135 * 9343116"})]
    ended(t)
    assert str(1984135 * 9343116) in t.answer


def test_an_operation_enum_and_two_operands_in_chinese():
    t = run("请计算 12 乘以 7", [OPERATIONS, NOTE])
    assert t.calls[0] == [("calculate", {"operation": "multiply", "operand1": 12, "operand2": 7})]
    ended(t)
    assert "84" in t.answer


def test_independent_tools_are_called_in_parallel():
    t = run("What's the weather in Paris and what is 12 * 7?", [WEATHER, CALCULATOR])
    assert sorted(n for n, _ in t.calls[0]) == ["calculator", "get_weather"]
    ended(t)
    assert "84" in t.answer and "Sunny" in t.answer


def test_customer_email_by_id():
    t = run("Can you tell me the email address for customer C1?", SERVICE)
    assert t.calls[0] == [("get_customer_info", {"customer_id": "C1"})]
    ended(t)
    assert "john@example.com" in t.answer


def test_order_status_in_chinese():
    t = run("订单 O2 现在是什么状态？", SERVICE)
    assert t.calls[0] == [("get_order_details", {"order_id": "O2"})]
    ended(t)
    assert "状态 是 Processing" in t.answer.splitlines()[0]  # the status asked, stated


def test_cancel_order_o1_calls_only_cancel():
    t = run("Please cancel order O1 for me.", SERVICE)
    assert t.calls[0] == [("cancel_order", {"order_id": "O1"})]
    ended(t)
    assert "Order cancelled" in t.answer


def test_a_changing_tool_is_not_called_unasked():
    t = run("What is the status of order O1?", SERVICE)
    assert all(n != "cancel_order" for round_ in t.calls for n, _ in round_)


def test_a_chained_call_takes_its_id_from_the_first_result():
    t = run("What's the email of the customer who placed order O2?", SERVICE)
    assert t.calls[0] == [("get_order_details", {"order_id": "O2"})]
    assert t.calls[1] == [("get_customer_info", {"customer_id": "C1"})]
    ended(t)
    assert "john@example.com" in t.answer and "Gadget B" in t.answer


def test_save_a_note_from_the_text_after_the_colon():
    t = run("Save a note: buy milk tomorrow", [NOTE, WEATHER])
    assert t.calls[0] == [("save_note", {"note": "buy milk tomorrow"})]
    ended(t)
    assert "N-7" in t.answer


def test_save_a_note_in_chinese():
    t = run("帮我记一条笔记：明天下午三点开会", [NOTE, CALCULATOR])
    assert t.calls[0] == [("save_note", {"note": "明天下午三点开会"})]
    ended(t)


def test_read_a_file():
    t = run("Read the file notes.txt", [READ_FILE, LIST_DIR])
    assert t.calls[0] == [("read_file", {"path": "notes.txt"})]
    ended(t)
    assert "buy milk" in t.answer


def test_list_a_directory():
    t = run("List the files in the src directory", [READ_FILE, LIST_DIR])
    assert t.calls[0] == [("list_dir", {"path": "src"})]
    ended(t)
    assert "app.py" in t.answer


def test_a_question_no_tool_serves_gets_an_honest_short_answer():
    t = run("Tell me a joke.", [WEATHER, CALCULATOR])
    assert t.calls == [[]] and "offline stand-in" in t.answer
    t = run("给我讲个笑话吧。", [WEATHER, CALCULATOR])
    assert t.calls == [[]] and "离线" in t.answer


def test_a_missing_required_value_is_asked_for_then_used():
    t = run("What's the weather like?", [WEATHER])
    assert t.calls == [[]] and "location" in t.answer and t.answer.endswith("?")
    t.messages.append({"role": "user", "content": "Lisbon"})
    t2 = run("", [WEATHER], messages=t.messages)
    assert t2.calls[0] == [("get_weather", {"location": "Lisbon"})]
    ended(t2)


def test_a_missing_id_is_asked_for_in_chinese():
    t = run("帮我查一下客户的邮箱", SERVICE)
    assert t.calls == [[]] and "客户编号" in t.answer and t.answer.endswith("？")


# ---------------------------------------------------------------- forced tool_choice


def test_forced_sentiment_scores_are_all_present_and_valid():
    tweet = "I love this product, the service was excellent but delivery was slow."
    t = run(f"Analyse the sentiment of this tweet: {tweet}", [SENTIMENT],
            tool_choice={"type": "tool", "name": "print_sentiment_scores"})  # fmt: skip
    ((name, args),) = t.calls[0]
    assert name == "print_sentiment_scores" and set(args) == set(
        SENTIMENT["input_schema"]["properties"]
    )
    assert args["positive_score"] > args["negative_score"] > 0
    assert abs(sum(args.values()) - 1) < 0.02
    assert all(b.type == "tool_use" for b in t.replies[0].content)


def test_tool_choice_any_fills_the_input_from_the_prompt():
    t = run("What's the weather in Tokyo?", [CALCULATOR, WEATHER], tool_choice={"type": "any"})
    assert t.calls[0] == [("get_weather", {"location": "Tokyo, Japan"})]
    assert "tool_choice" not in json.dumps([b.model_dump() for b in t.replies[0].content])


# ---------------------------------------------------------------- errors, by what they say


def failing(texts):
    """A run_tool whose first calls fail with the given texts, then answer as the service does."""
    texts = list(texts)

    def run_tool(name, args):
        if texts:
            raise RuntimeError(texts.pop(0))
        return service(name, args)

    return run_tool


@pytest.mark.parametrize(
    "prompt, error",
    [
        (
            "Can you tell me the email for customer c-1?",
            "the id 'c-1' is malformed; write it like C1",
        ),
        ("客户 c-1 的邮箱是什么？", "编号写法不对，应该像 C1 这样"),
    ],
)
def test_a_format_complaint_is_corrected_once_by_its_example(prompt, error):
    t = run(prompt, [CUSTOMER], failing([error]))
    assert t.calls[0] == [("get_customer_info", {"customer_id": "c-1"})]
    assert t.calls[1] == [("get_customer_info", {"customer_id": "C1"})]
    ended(t)
    assert "john@example.com" in t.answer


@pytest.mark.parametrize(
    "prompt, error, said",
    [
        ("Please look up order O9.", "We have no record of O9 anywhere.", "found nothing"),
        ("订单 O9 是什么状态？", "查无此单：O9", "没有找到"),
    ],
)
def test_not_found_is_told_to_the_user(prompt, error, said):
    t = run(prompt, [ORDER], failing([error]))
    assert len(t.calls) == 2 and t.calls[1] == []
    ended(t)
    assert said in t.answer and "O9" in t.answer


@pytest.mark.parametrize(
    "prompt, error",
    [
        ("What's the weather in Oslo?", "The forecast service timed out, please try again later."),
        ("奥斯陆的天气怎么样？", "气象服务超时，请稍后再试"),
    ],
)
def test_a_transient_failure_is_retried_once(prompt, error):
    t = run(prompt, [WEATHER], failing([error]))
    assert t.calls[0] == t.calls[1] and len(t.calls[0]) == 1
    ended(t)
    assert "Sunny" in t.answer


def test_a_transient_failure_twice_is_told_not_retried_again():
    error = "The forecast service timed out, please try again later."
    t = run("What's the weather in Oslo?", [WEATHER], failing([error, error]))
    assert len(t.calls) == 3 and t.calls[2] == []
    assert "again after a retry" in t.answer


@pytest.mark.parametrize(
    "prompt, error, said",
    [
        (
            "Please cancel order O1.",
            "A manager must approve cancellations; permission refused.",
            "refused",
        ),
        ("请取消订单 O1。", "没有权限，需要主管批准", "被拒绝"),
        ("Please cancel order O1.", "The customer has declined this change.", "refused"),
    ],
)
def test_a_refusal_stops_and_says_so(prompt, error, said):
    t = run(prompt, SERVICE, failing([error]))
    assert t.calls[0] == [("cancel_order", {"order_id": "O1"})] and t.calls[1] == []
    ended(t)
    assert said in t.answer


def test_a_prose_result_is_quoted_in_the_answer():
    def prose(name, args):
        return "The status is delivered."

    t = run("What is the status of order O1?", SERVICE, prose)
    ended(t)
    assert "status is delivered" in t.answer  # the one field asked for leads (tally, rule 5)


def test_the_orders_world_is_not_answered_by_the_general_policy():
    from agentkit.sim import World

    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=1024,
        tools=World().tools(),
        messages=[{"role": "user", "content": "订单 A-1001 的商品坏了，请帮我退款。"}],
    )
    assert [b.name for b in r.content if b.type == "tool_use"] == ["lookup_order"]


def test_a_structured_answer_is_filled_from_the_results():
    schema = {
        "type": "object",
        "properties": {"location": {"type": "string"}, "temperature": {"type": "number"}},
        "required": ["location", "temperature"],
        "additionalProperties": False,
    }
    fmt = {"format": {"type": "json_schema", "schema": schema}}
    t = run("What's the weather in Paris?", [WEATHER], output_config=fmt)
    ended(t)
    value = json.loads(t.answer)
    jsonschema.validate(value, schema)
    assert value == {"location": "Paris", "temperature": 18}


# ------------------------------------------------ tools whose words the concept table does not know

STOCK = tool(
    "get_stock_price",
    "Get the current stock price for a ticker symbol, e.g. AAPL.",
    {"ticker": {"type": "string", "description": "The stock ticker symbol"}},
    ["ticker"],
)
CONVERT = tool(
    "convert_currency",
    "Convert an amount from one currency to another.",
    {
        "amount": {"type": "number"},
        "from_currency": {"type": "string", "description": "ISO code like USD"},
        "to_currency": {"type": "string", "description": "ISO code like EUR"},
    },
    ["amount", "from_currency", "to_currency"],
)


def markets(name, args):
    if name == "get_stock_price":
        return json.dumps({"ticker": args["ticker"], "price": 412.5})
    return json.dumps({"converted": round(args["amount"] * 0.923, 2), "rate": 0.923})


def test_a_code_in_capitals_fills_a_property_of_no_known_role():
    t = run("What's the stock price of MSFT right now?", [STOCK, CONVERT], markets)
    assert t.calls[0] == [("get_stock_price", {"ticker": "MSFT"})]
    ended(t)
    assert "412.5" in t.answer


KNOTS = tool(
    "describe_knot",
    "Explain how to tie a sailing knot, given its name.",
    {"knot": {"type": "string"}},
    ["knot"],
)


@pytest.mark.parametrize(
    "prompt",
    [
        "How do I tie a bowline knot?",
        'Explain the knot called "bowline".',
        "Describe the knot named bowline, please.",
    ],
)
def test_a_value_of_no_known_role_is_the_word_the_request_puts_beside_the_property_noun(prompt):
    def knots(name, args):
        return json.dumps({"knot": args["knot"], "steps": "loop, through, around, back down"})

    t = run(prompt, [KNOTS], knots)
    assert t.calls[0] == [("describe_knot", {"knot": "bowline"})]
    ended(t)
    assert "loop, through, around, back down" in t.answer


def test_a_value_of_no_known_role_found_nowhere_is_asked_for():
    t = run("Describe a knot for me.", [KNOTS])
    assert t.calls == [[]] and "knot" in t.answer
    ended(t)


@pytest.mark.parametrize(
    "prompt, args",
    [
        ("Convert 100 USD to EUR please", (100, "USD", "EUR")),
        ("Please convert 250 GBP into JPY", (250, "GBP", "JPY")),
    ],
)
def test_a_tool_the_request_names_by_its_verb_is_chosen_and_filled_in_order(prompt, args):
    t = run(prompt, [STOCK, CONVERT], markets)
    amount, source, target = args
    assert t.calls[0] == [
        ("convert_currency", {"amount": amount, "from_currency": source, "to_currency": target})
    ]
    ended(t)
    assert str(round(amount * 0.923, 2)) in t.answer


# ------------------------------------------- the orders world, read by meaning too (issue 33, 1)


def world_run(prompt, wrap=None, fail=None, note=None, rounds=8, orders=None):
    """The reference loop's shape over the orders world; `fail` maps a tool to the texts its first
    calls fail with (the loop's own wording, no category word), `wrap` rewrites each result, and
    `note` is a user message sent after each round's results."""
    from agentkit.sim import World

    world = World(orders=orders) if orders else World()
    fail = {k: list(v) for k, v in (fail or {}).items()}

    def run_tool(name, args):
        if fail.get(name):
            raise RuntimeError(fail[name].pop(0))
        out = world.run_tool(name, args)
        return wrap(out) if wrap else out

    client = agentkit.make_client(offline=True)
    t = Traffic(messages=[{"role": "user", "content": prompt}])
    for _ in range(rounds):
        r = client.messages.create(
            model=MODEL, max_tokens=1024, tools=world.tools(), messages=t.messages
        )
        t.replies.append(r)
        t.messages.append({"role": "assistant", "content": r.content})
        if r.stop_reason != "tool_use":
            return t, world
        t.messages.append({"role": "user", "content": tool_results(r, run_tool)})
        if note:
            t.messages.append({"role": "user", "content": note})
    raise AssertionError(f"no end after {rounds} rounds")


# texts in each class that share no word with the World's own failures (agentkit/sim/strings.py)
FOREIGN = {
    ("format", "en"): "Reference a1001 has the wrong shape; write it like A-1001.",
    ("format", "zh"): "单号写法有误，请写成 A-1001 这样",
    ("not_found", "en"): "We keep no record of any purchase like it.",
    ("not_found", "zh"): "查无此单。",
    ("transient", "en"): "The backend is overloaded right now; wait a moment and retry.",
    ("transient", "zh"): "系统繁忙，过一会儿再来。",
    ("denied", "en"): "You lack permission; a supervisor has to sign off first.",
    ("denied", "zh"): "此操作须经主管审批。",
}
BROKEN = {
    "en": "Order a1001 arrived broken, please refund me.",
    "zh": "订单 a1001 的商品坏了，请帮我退款。",
}


HAN = re.compile(r"[\u4e00-\u9fff]")


def world_words(lang):
    from agentkit.sim.strings import T

    texts = [zh if lang == "zh" else en for key, (zh, en) in T.table.items() if "." not in key]
    return " ".join(texts)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("kind", ["format", "not_found", "transient", "denied"])
def test_the_foreign_wordings_share_no_word_with_the_worlds_failures(kind, lang):
    """Content words: English words of four letters or more, Chinese pairs of Han characters."""

    def content(text):
        if lang == "en":
            return {w for w in re.findall(r"[a-z]{4,}", text.lower())}
        return {
            a + b for a, b in zip(text, text[1:], strict=False) if HAN.match(a) and HAN.match(b)
        }

    assert not content(FOREIGN[kind, lang]) & content(world_words(lang))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_format_complaint_in_the_loops_own_words_is_corrected(lang):
    t, world = world_run(BROKEN[lang], fail={"lookup_order": [FOREIGN["format", lang]]})
    assert t.calls[0] == [("lookup_order", {"order_id": "a1001"})]
    assert t.calls[1] == [("lookup_order", {"order_id": "A-1001"})]
    assert [r["input"]["order_id"] for r in world.refunds()] == ["A-1001"]
    ended(t)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_transient_failure_in_the_loops_own_words_is_retried_once(lang):
    fail = {"process_refund": [FOREIGN["transient", lang]]}
    t, world = world_run(BROKEN[lang].replace("a1001", "A-1001"), fail=fail)
    refunds = [c for turn in t.calls for c in turn if c[0] == "process_refund"]
    assert len(refunds) == 2 and refunds[0] == refunds[1]
    assert len(world.refunds()) == 1
    ended(t)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("kind", ["denied", "not_found"])
def test_a_denial_or_not_found_in_the_loops_own_words_goes_to_a_person(kind, lang):
    t, world = world_run(
        BROKEN[lang].replace("a1001", "A-1001"), fail={"process_refund": [FOREIGN[kind, lang]]}
    )
    assert not world.refunds()
    assert [c[0] for c in t.calls[-1]] == [] and t.calls[-2][0][0] == "escalate_to_human"
    assert len([c for turn in t.calls for c in turn if c[0] == "process_refund"]) == 1
    ended(t)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_world_failure_means_the_same_without_its_category(lang, monkeypatch):
    """Nothing depends on the category word: each failure the World raises, stripped of it, is read
    as the category it had."""
    from agentkit import failures
    from agentkit.sim import World
    from agentkit.sim.policy import kind_of

    monkeypatch.setenv("AGENTKIT_LANG", lang)
    world = World(flaky={"lookup_order": 1})
    attempts = [
        ("lookup_order", {"order_id": "A-1001"}),  # flaky: unavailable
        ("lookup_order", {"order_id": "a1001"}),
        ("lookup_order", {"order_id": "A-9999"}),
        ("process_refund", {"order_id": "A-1001", "amount": "lots"}),
    ]
    seen = set()
    for name, args in attempts:
        with pytest.raises(failures.ToolFailure) as e:
            world.run_tool(name, args)
        f = e.value
        seen.add(f.category)
        assert kind_of(f.message) == f.category == kind_of(str(f)), f.message
    assert seen == {failures.UNAVAILABLE, failures.INVALID_INPUT, failures.NOT_FOUND}


@pytest.mark.parametrize(
    "wrap",
    [
        lambda out: " ".join(f"The {k} is {v}." for k, v in out.items()),
        lambda out: "\n".join(f"{k}: {v}" for k, v in out.items()),
    ],
    ids=["prose", "key-value"],
)
def test_an_orders_result_in_prose_or_lines_is_read_for_its_values(wrap):
    orders = {"A-1002": {"status": "delivered", "amount": 89.5}}
    t, world = world_run("Order A-1002 arrived damaged, refund me.", wrap=wrap, orders=orders)
    [refund] = world.refunds()
    assert refund["input"] == {"order_id": "A-1002", "amount": 89.5}
    ended(t)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_note_after_the_results_is_not_a_new_task(lang):
    note = {"en": "(Reminder: be polite to the customer.)", "zh": "（提醒：对客户要礼貌。）"}[lang]
    t, world = world_run(BROKEN[lang].replace("a1001", "A-1001"), note=note)
    assert [r["input"]["order_id"] for r in world.refunds()] == ["A-1001"]
    ended(t)


@pytest.mark.parametrize(
    "task, name",
    [
        ("订单 A-1001 坏了，退款", "process_refund"),
        ("Hello there", "lookup_order"),
        ("Hello there", "cancel_order"),
        ("Order A-1001 status?", "escalate_to_human"),
    ],
)
def test_a_forced_orders_tool_gets_an_input_valid_for_its_schema(task, name):
    from agentkit.sim import TOOL_SCHEMAS, World

    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=500,
        tools=World().tools(),
        tool_choice={"type": "tool", "name": name},
        messages=[{"role": "user", "content": task}],
    )
    [use] = r.content
    assert use.name == name
    jsonschema.validate(use.input, TOOL_SCHEMAS[name]["input_schema"])
    if "A-1001" in task:
        assert use.input["order_id"] == "A-1001"


@pytest.mark.parametrize(
    "tools, task, said, unsaid",
    [
        ([], "What's the capital of France?", "no tool here serves this", "tool first"),
        ("orders", "今天天气怎么样？", "这里没有能回答它的工具", "先用工具"),
        ([WEATHER], "What's the weather in Oslo?", "call get_weather", "answer"),
        ([CUSTOMER], "What's this customer's email?", "ask the user", "I have what I need"),
    ],
)
def test_the_thinking_agrees_with_the_step_taken(tools, task, said, unsaid):
    from agentkit.sim import World

    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=2048,
        tools=World().tools() if tools == "orders" else tools,
        thinking={"type": "enabled", "budget_tokens": 1024},
        messages=[{"role": "user", "content": task}],
    )
    [thought] = [b.thinking for b in r.content if b.type == "thinking"]
    assert said in thought and unsaid not in thought.split("\n")[-1]
    if said.startswith("call"):
        assert r.stop_reason == "tool_use"
    else:
        assert r.stop_reason == "end_turn"


def test_a_question_no_orders_tool_serves_gets_a_short_honest_answer():
    from agentkit.sim import World

    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=1024,
        tools=World().tools(),
        messages=[{"role": "user", "content": "What's the weather today?"}],
    )
    text = r.content[0].text
    assert "offline stand-in" in text and len(text) < 300 and "cancel" not in text


# ------------------------------------------------------- the developer-tools world (issue 33, 3)


def repo_run(prompt, repo=None):
    from agentkit.lessons.solution import solution_loop
    from agentkit.sim.repo import Repo

    repo = repo or Repo()
    client = agentkit.make_client(offline=True)
    task = [{"role": "user", "content": prompt}]
    msgs = solution_loop(client, task, tools=repo.tools(), run_tool=repo.run_tool, model=MODEL)
    calls = [
        [(b.name, b.input) for b in m["content"] if b.type == "tool_use"]
        for m in msgs
        if m["role"] == "assistant"
    ]
    answer = "".join(b.text for b in msgs[-1]["content"] if b.type == "text")
    return repo, calls, answer


def test_the_repo_world_runs_its_tests_without_executing_code():
    from agentkit.sim.repo import Repo

    repo = Repo()
    assert repo.failing() == ["test_calc.py::test_add"]
    repo.files["calc.py"] = "import os\nos.remove('x')\n"  # never run: only read
    assert repo.run_tool("run_tests", {}).endswith("2 failed, 0 passed")  # NameError-like


@pytest.mark.parametrize(
    "prompt, said",
    [
        ("The tests fail. Find the bug and fix it.", "all the tests pass"),
        ("测试没通过，帮我找到 bug 并修好。", "测试全部通过"),
    ],
)
def test_the_reference_loop_fixes_the_failing_test(prompt, said):
    repo, calls, answer = repo_run(prompt)
    assert calls[0] == [("run_tests", {}), ("list_dir", {"path": "."})]  # independent: together
    assert ("apply_patch", {"path": "calc.py", "old": "return a - b", "new": "return a + b"}) in [
        c for turn in calls for c in turn
    ]
    assert repo.failing() == [] and len(repo.patches()) == 1
    assert calls[-1] == [] and said in answer and "`return a + b`" in answer


def test_a_busy_test_runner_is_retried_once_then_the_fix_goes_on():
    from agentkit.sim.repo import Repo

    repo, calls, _ = repo_run("The tests fail, please fix them.", Repo(flaky={"run_tests": 1}))
    assert calls[1] == [("run_tests", {})] and repo.failing() == []


def test_a_file_the_user_names_that_does_not_exist_is_asked_about():
    repo, calls, answer = repo_run("Fix the failing test in test_parser.py.")
    assert ("read_file", {"path": "test_parser.py"}) in calls[0]
    assert not repo.patches() and "test_parser.py" in answer and answer.endswith("?")


def test_a_fix_the_rules_cannot_find_is_handed_to_a_person():
    from agentkit.sim.repo import DEFAULT_FILES, Repo

    files = {**DEFAULT_FILES, "calc.py": "def add(a, b):\n    return a * b * 0 + 7\n"}
    repo, _, answer = repo_run("The tests fail; fix them.", Repo(files=files))
    assert not repo.patches() and "a person should look" in answer


# ---------------------------------------------------------------- chained arithmetic, subagents, globs


def binary(name, description, first="x", second="y"):
    return tool(
        name, description, {first: {"type": "number"}, second: {"type": "number"}}, [first, second]
    )


PLUS = binary("plus_numbers", "Returns the sum of x and y.")
TIMES = binary("times", "Returns x multiplied by y.", "left", "right")
MINUS = binary("minus", "Returns the difference left - right.", "left", "right")
OPERATE = tool(
    "operate",
    "Applies one operation to two operands.",
    {
        "op": {"type": "string", "enum": ["sum", "difference", "product", "quotient"]},
        "p": {"type": "number"},
        "q": {"type": "number"},
    },
    ["op", "p", "q"],
)


def arithmetic(name, args):
    """Each tool answers in its own way: a bare number, JSON, or a sentence."""
    if name == "operate":
        p, q = args["p"], args["q"]
        value = {"sum": p + q, "difference": p - q, "product": p * q, "quotient": p / q}[args["op"]]
        return f"The {args['op']} is {value}."
    a, b = list(args.values())
    if name == "plus_numbers":
        return json.dumps({"result": a + b})
    return str({"times": a * b, "minus": a - b}[name])


def test_an_expression_over_one_operation_tools_is_worked_out_call_by_call():
    t = run("What is (3 + 4) * 5 - 6?", [MINUS, TIMES, PLUS], arithmetic)
    assert t.calls == [
        [("plus_numbers", {"x": 3, "y": 4})],
        [("times", {"left": 7, "right": 5})],
        [("minus", {"left": 35, "right": 6})],
        [],
    ]
    ended(t)
    assert "= 29" in t.answer and "7 * 5 = 35" in t.answer


def test_independent_operations_are_called_together_and_results_in_prose_are_read():
    t = run("计算 (2 加 3) 乘以 (10 减 4)", [OPERATE], arithmetic)
    assert t.calls[0] == [
        ("operate", {"op": "sum", "p": 2, "q": 3}),
        ("operate", {"op": "difference", "p": 10, "q": 4}),
    ]
    assert t.calls[1] == [("operate", {"op": "product", "p": 5, "q": 6})]
    ended(t)
    assert "= 30" in t.answer and "逐步" in t.answer


def test_a_chain_whose_step_fails_is_judged_by_the_general_rules():
    def broken(name, args):
        return (
            "service temporarily unavailable, try again"
            if name == "times"
            else arithmetic(name, args)
        )

    t = run("What is (3 + 4) * 5?", [TIMES, PLUS], broken)
    assert t.calls[:3] == [
        [("plus_numbers", {"x": 3, "y": 4})],
        [("times", {"left": 7, "right": 5})],
        [("times", {"left": 7, "right": 5})],  # a transient failure is retried once
    ]
    ended(t)
    assert "35" not in t.answer


SPAWN = tool(
    "delegate_work",
    "Hands a piece of work to a sub-agent with a fresh context; returns its summary.",
    {"instructions": {"type": "string"}, "description": {"type": "string"}},
    ["instructions"],
)
SHELL = tool("sh", "Run a shell command.", {"command": {"type": "string"}}, ["command"])
VIEW = tool("view_file", "Read file contents.", {"path": {"type": "string"}}, ["path"])


def checkout(name, args):
    """A small project on disk, as a shell would show it."""
    if name == "delegate_work":
        return "It uses unittest: tests/test_core.py subclasses unittest.TestCase."
    cmd = args["command"]
    if cmd == "ls -a":
        return ".\n..\nsetup.cfg\nREADME.md\ntest_core.py\nsrc"
    if cmd.startswith("head"):
        return "==> setup.cfg <==\n[options]\ntests_require = nose2\n==> test_core.py <==\nimport unittest"
    return "(no output)"


def test_a_users_own_subagent_tool_gets_the_work_in_the_users_words():
    t = run(
        "Please delegate this: find out which test runner this repo relies on",
        [SHELL, SPAWN],
        checkout,
    )
    [(name, args)] = t.calls[0]
    assert name == "delegate_work" and "find out which test runner" in args["instructions"]
    ended(t)
    assert "unittest.TestCase" in t.answer


def test_a_system_prompt_that_delegates_sends_project_questions_to_the_subagent_tool():
    t = run(
        "这个项目用的是什么测试框架？",
        [SHELL, SPAWN],
        checkout,
        system="Delegate exploration to a subagent with the delegate_work tool.",
    )
    assert t.calls[0][0][0] == "delegate_work"


def test_a_question_about_the_project_lists_it_then_reads_what_says_how_it_is_built():
    t = run("What testing framework does this project use?", [SHELL, VIEW], checkout)
    assert t.calls[:2] == [
        [("sh", {"command": "ls -a"})],
        [("sh", {"command": "head -n 40 setup.cfg test_core.py README.md"})],
    ]
    ended(t)
    assert "nose2" in t.answer


GLOB = tool(
    "Glob",
    "- Fast file pattern matching tool that works with any codebase size\n"
    '- Supports glob patterns like "**/*.js" or "src/**/*.ts"',
    {
        "pattern": {"type": "string", "description": "The glob pattern to match files against"},
        "path": {"type": "string", "description": "The directory to search in."},
    },
    ["pattern"],
)
READER = tool(
    "Read",
    "Reads a file from the local filesystem.",
    {"file_path": {"type": "string", "description": "The absolute path to the file to read"}},
    ["file_path"],
)


@pytest.mark.parametrize(
    "prompt, pattern",
    [
        ("Find all Markdown files", "**/*.md"),
        ("Which JSON files are in this directory?", "*.json"),
        ("找出所有的 TypeScript 文件", "**/*.ts"),
    ],
)
def test_files_of_a_kind_are_matched_with_a_glob_tool(prompt, pattern):
    t = run(prompt, [READER, SHELL, GLOB], lambda name, args: "docs/a.md\nb.md")
    [(name, args)] = t.calls[0]
    assert name == "Glob" and args["pattern"] == pattern and args.get("path", ".") == "."
    ended(t)


def test_without_a_glob_tool_a_shell_finds_files_of_a_kind_in_every_folder():
    t = run("Find all Python files", [SHELL], lambda name, args: "./a.py\n./pkg/b.py")
    assert t.calls[0] == [("sh", {"command": "find . -name '*.py' -not -path '*/.*'"})]
    assert "./pkg/b.py" in t.answer


# ---------------------------------------------------------------- wordings no table of ours holds

BADGE = tool(
    "revoke_badge",
    "Revoke a building access badge.",
    {"badge": {"type": "string", "description": "Badge number"}},
    ["badge"],
)
VOUCHER = tool(
    "redeem_voucher",
    "Redeem a gift voucher code.",
    {"code": {"type": "string", "description": "The voucher code"}},
    ["code"],
)


@pytest.mark.parametrize(
    "prompt, error",
    [
        (
            "Please revoke badge B-77.",
            "Only site administrators can revoke badges; you are a guest.",
        ),
        (
            "Please revoke badge B-77.",
            "Held: the badge's owner must authorise this from their phone.",
        ),
        ("请吊销门禁工牌 B-77。", "仅限安保主管操作，你的账号是普通员工。"),
        ("请吊销门禁工牌 B-77。", "此操作需要工牌持有人在手机上确认。"),
    ],
)
def test_a_refusal_in_words_no_table_holds_stops(prompt, error):
    badge = BADGE if prompt.isascii() else {**BADGE, "description": "吊销一张门禁工牌。"}
    t = run(prompt, [badge], failing([error]))
    assert len(t.calls[0]) == 1 and t.calls[1] == []
    ended(t)
    assert any(w in t.answer for w in ("refused", "被拒绝"))


@pytest.mark.parametrize(
    "prompt, error, fixed",
    [
        (
            "Please redeem voucher gx-427q",
            "'gx-427q' won't do: codes are run together in capitals, like AB12CD",
            "GX427Q",
        ),
        (
            "Please redeem the voucher code 55-10-29",
            "That isn't a usable code. Send it with no dashes, for example 5512345",
            None,  # 6 digits where the example has 7: no guess, the user is told
        ),
        ("请兑换礼品券，券码 vx-5510", "券码写法不对：要连续的大写，比如 AB1234", "VX5510"),
    ],
)
def test_a_format_complaint_that_runs_the_value_together_is_corrected(prompt, error, fixed):
    voucher = VOUCHER if prompt.isascii() else {**VOUCHER, "description": "兑换一张礼品券。"}
    t = run(prompt, [voucher], failing([error]), rounds=4)
    assert len(t.calls[0]) == 1
    if fixed is None:
        assert t.calls[1] == []
    else:
        assert t.calls[1][0][1]["code"] == fixed


CLOCK = tool("world_clock", "Current local time in a city.", {"city": {"type": "string"}}, ["city"])
FOODS = tool(
    "nutrition_facts",
    "Energy of a portion of food.",
    {"food": {"type": "string"}, "portion": {"type": "string"}},
    ["food"],
)


def test_a_time_in_a_result_is_quoted_as_it_is():
    t = run("What time is it in Oslo?", [CLOCK], lambda n, a: "It is 2026-12-06 13:10 in Oslo.")
    assert "13:10" in t.answer


def test_a_total_asked_for_is_added_up_from_the_results():
    def facts(name, args):
        return (
            json.dumps({"kcal": 120, "protein_g": 3.5})
            if "apple" in str(args)
            else json.dumps({"kcal": 95, "protein_g": 0.5})
        )

    t = run(
        "An apple and a pear: how many kcal do they have altogether?",
        [FOODS],
        facts,
        messages=[
            {"role": "user", "content": "An apple and a pear: how many kcal altogether?"},
        ],
    )
    assert "215" in t.answer or not t.calls[0]  # the foods are read by the arguments' rules


def test_a_tool_is_chosen_by_the_telling_words_of_its_description():
    glossary = tool(
        "gl_fetch",
        "Look a term up in the engineering glossary and return its approved definition.",
        {"term": {"type": "string", "description": "The term, e.g. backpressure"}},
        ["term"],
    )
    t = run("What does our engineering glossary say about idempotency?", [CLOCK, glossary],
            lambda n, a: "idempotency: doing it twice changes nothing more")  # fmt: skip
    assert [n for n, _ in t.calls[0]] == ["gl_fetch"]


# ---------------------------------------------------------------- forced calls that talk to the user

SMS = tool(
    "text_back",
    "Reply to the customer by SMS.",
    {"message": {"type": "string", "description": "The SMS text to send to the customer"}},
    ["message"],
)
ACCOUNT = tool(
    "fetch_account",
    "Gets an account by its account number. Only call it once the customer has given the number.",
    {"account_number": {"type": "string"}},
    ["account_number"],
)


def test_tool_choice_any_asks_the_user_through_the_reply_tool_rather_than_invent_an_id():
    t = run("I want to check my balance", [SMS, ACCOUNT], tool_choice={"type": "any"})
    [(name, args)] = t.calls[0]
    assert name == "text_back"
    assert "account number" in args["message"] and args["message"] != "I want to check my balance"


def test_tool_choice_any_calls_the_work_tool_when_its_input_is_there():
    t = run("Balance of account AC-4471, please", [SMS, ACCOUNT], tool_choice={"type": "any"})
    assert t.calls[0] == [("fetch_account", {"account_number": "AC-4471"})]


@pytest.mark.parametrize(
    "prompt, cmd",
    [
        ("Please run `make lint` for me", "make lint"),
        ("Run the shell command: 'du -h docs'", "du -h docs"),
        ("运行 ./scripts/build.sh --fast", "./scripts/build.sh --fast"),
    ],
)
def test_a_command_the_user_writes_out_is_run_as_written(prompt, cmd):
    t = run(prompt, [SHELL], lambda n, a: "ok")
    assert t.calls[0] == [("sh", {"command": cmd})]


def test_a_hook_that_blocks_a_call_is_a_refusal_not_a_format_complaint():
    error = "PreToolUse:sh hook error: Command contains invalid pattern: deploy.sh"
    t = run("Run ./deploy.sh --dry-run", [SHELL], failing([error]))
    ended(t)
    assert "refused" in t.answer and "malformed" not in t.answer


@pytest.mark.parametrize(
    "text, leaning",
    [
        ("What a brilliant concert, truly the best night ever!", "positive"),
        ("这家店的菜太难吃了，服务也很差！", "negative"),
    ],
)
def test_forced_sentiment_scores_lean_clearly_when_the_text_does(text, leaning):
    t = run(text, [SENTIMENT], tool_choice={"type": "tool", "name": "print_sentiment_scores"})
    [(_, args)] = t.calls[0]
    assert args[f"{leaning}_score"] >= 0.8


# ---------------------------------------------------------------- listed items, a finishing tool

LOOKUP = tool("lookup", "Look up facts about a topic.", {"topic": {"type": "string"}}, ["topic"])
FINISHED = tool(
    "finish",
    "Call this when you are done, with a short report.",
    {"report": {"type": "string"}},
    ["report"],
)


def facts(name, args):
    return "ok" if name == "finish" else json.dumps({"topic": args["topic"], "facts": 3})


def test_listed_items_are_looked_up_one_by_one_then_the_finishing_tool_is_called():
    t = run(
        "Look up each of these rivers one at a time: Danube, Rhine, Elbe. Then call finish.",
        [LOOKUP, FINISHED],
        facts,
    )
    assert t.calls[:4] == [
        [("lookup", {"topic": "Danube"})],
        [("lookup", {"topic": "Rhine"})],
        [("lookup", {"topic": "Elbe"})],
        [("finish", {"report": t.calls[3][0][1]["report"]})],
    ]
    assert "Elbe" in t.calls[3][0][1]["report"]
    ended(t)


def test_listed_items_without_one_by_one_are_looked_up_together():
    t = run("帮我查一下以下城市：杭州、苏州、南京", [LOOKUP], facts)
    assert t.calls[0] == [
        ("lookup", {"topic": "杭州"}),
        ("lookup", {"topic": "苏州"}),
        ("lookup", {"topic": "南京"}),
    ]
    ended(t)


# ---------------------------------------------------------------- text inside files

GREP = tool(
    "Grep",
    "A powerful search tool built on ripgrep",
    {
        "pattern": {
            "type": "string",
            "description": "The regular expression pattern to search for in file contents",
        },
        "path": {"type": "string", "description": "File or directory to search in"},
    },
    ["pattern"],
)
READ_PATH = tool(
    "read_text",
    "Read a file and return its text.",
    {"path": {"type": "string", "description": "Path of the file to read"}},
    ["path"],
)


def folder(name, args):
    if name == "Grep":
        return (
            "Found 1 file\nnotes/budget_q3.md"
            if args["pattern"] in ("budget", "预算")
            else "No files found"
        )
    return "Q3 budget: 12,400 EUR, approved on 2026-10-02."


@pytest.mark.parametrize(
    "prompt, word",
    [
        ("Which of the notes mentions the budget, and how much is it?", "budget"),
        ("哪份笔记提到了预算？金额是多少？", "预算"),
    ],
)
def test_text_inside_files_is_searched_for_then_the_matches_are_read(prompt, word):
    t = run(prompt, [READ_PATH, GLOB, GREP], folder)
    assert t.calls[0] == [("Grep", {"pattern": word})]
    assert t.calls[1] == [("read_text", {"path": "notes/budget_q3.md"})]
    ended(t)
    assert "12,400 EUR" in t.answer


# ---------------------------------------------------------------- a superlative picks from a list

FERRIES = tool(
    "list_sailings",
    "List ferry sailings on a route.",
    {"port": {"type": "string", "enum": ["Helsinki", "Tallinn"]}},
    ["port"],
)
RESERVE = tool(
    "reserve_sailing",
    "Reserve a seat on one sailing.",
    {"sailing_id": {"type": "string", "description": "Sailing id from the list, e.g. S-12"}},
    ["sailing_id"],
)
SAILINGS = [
    {"sailing_id": "S-31", "departs": "07:30", "fare": 48.0},
    {"sailing_id": "S-32", "departs": "10:30", "fare": 29.5},
    {"sailing_id": "S-33", "departs": "18:00", "fare": 35.0},
]


def port(name, args):
    if name == "list_sailings":
        return json.dumps({"sailings": SAILINGS})
    return f"Reserved {args['sailing_id']}."


@pytest.mark.parametrize(
    "prompt, chosen",
    [
        ("List sailings from Helsinki and reserve the cheapest one.", "S-32"),
        ("Which sailings leave Tallinn? Reserve the earliest.", "S-31"),
    ],
)
def test_a_superlative_picks_the_item_the_next_call_uses(prompt, chosen):
    t = run(prompt, [FERRIES, RESERVE], port)
    assert t.calls[0][0][0] == "list_sailings" and t.calls[0][0][1]["port"] in prompt
    assert t.calls[1] == [("reserve_sailing", {"sailing_id": chosen})]
    ended(t)
    assert chosen in t.answer


@pytest.mark.parametrize(
    "task, chosen",
    [
        ("帮我订最便宜的那班", "S-32"),
        ("订最晚的一班", "S-33"),
        ("the most expensive sailing", "S-31"),
        ("any sailing", None),
    ],
)
def test_a_superlative_reads_the_key_it_is_about(task, chosen):
    from agentkit.sim import pick

    item = pick.picked(task, {"sailings": SAILINGS})
    assert (item or {}).get("sailing_id") == chosen


def test_two_tools_each_named_by_the_request_are_both_called():
    uv = tool("get_uv_index", "UV index for a town today.", {"town": {"type": "string"}}, ["town"])
    tide = tool("get_tide_times", "High and low tide times for a harbour town.",
                {"town": {"type": "string"}}, ["town"])  # fmt: skip
    t = run("What are the UV index and the tide times in Brighton today?", [uv, tide],
            lambda n, a: json.dumps({"town": a["town"], "value": 5}))  # fmt: skip
    assert sorted(n for n, _ in t.calls[0]) == ["get_tide_times", "get_uv_index"]


# ---------------------------------------------------------------- numbered steps, described files

WRITE = tool(
    "write_file",
    "Create or overwrite a file.",
    {"path": {"type": "string", "description": "Path of the file"}, "content": {"type": "string"}},
    ["path", "content"],
)


def workspace(name, args):
    if name == "write_file":
        return f"wrote {args['path']}"
    return {"ls": "README.md", "bash greet.sh": "Hello, World!"}.get(args["command"], "(no output)")


def test_numbered_steps_are_done_in_order_each_as_a_task_of_its_own():
    t = run(
        "Please:\n1. Show which files are here\n2. Write a hello world shell script to greet.sh\n"
        "3. Then run it",
        [SHELL, WRITE],
        workspace,
    )
    assert t.calls[:3] == [
        [("sh", {"command": "ls"})],
        [("write_file", {"path": "greet.sh", "content": '#!/bin/sh\necho "Hello, World!"\n'})],
        [("sh", {"command": "bash greet.sh"})],
    ]
    ended(t)
    assert "Hello, World!" in t.answer


@pytest.mark.parametrize(
    "prompt, cmd",
    [
        (
            "Use the shell to run an echo command that prints 'build finished'",
            "echo 'build finished'",
        ),
        ("Run a sleep command for 3 seconds", "sleep 3"),
    ],
)
def test_an_echo_or_sleep_command_described_in_words_is_run(prompt, cmd):
    t = run(prompt, [SHELL], lambda n, a: "")
    assert t.calls[0] == [("sh", {"command": cmd})]


def test_a_file_is_written_once_not_also_touched_with_the_shell():
    t = run("Write the text 'ready' to a file called flag.txt", [SHELL, WRITE], workspace)
    assert t.calls[0] == [("write_file", {"path": "flag.txt", "content": "ready"})]


@pytest.mark.parametrize(
    "prompt, expr",
    [
        ("What is 12% of 250?", "(12 / 100) * 250"),
        ("Anna had 7 apples and ate 3. How many are left?", "7 - 3"),
    ],
)
def test_arithmetic_said_in_words_goes_to_an_offered_calculator(prompt, expr):
    t = run(prompt, [CALCULATOR], everyday)
    assert t.calls[0] == [("calculator", {"expression": expr})]
    ended(t)


def test_a_structured_output_gets_a_direct_answer_as_json():
    schema = {
        "type": "object",
        "properties": {"answer": {"type": "string"}},
        "required": ["answer"],
        "additionalProperties": False,
    }
    t = run(
        "Hi there!", [WEATHER], output_config={"format": {"type": "json_schema", "schema": schema}}
    )
    # small talk is no value: the stand-in's greeting, which carries its own note, never fills
    # a field of a structured output (agentkit.sim.structured.direct_json)
    assert json.loads(t.answer) == {"answer": ""}


@pytest.mark.parametrize(
    "prompt, path, body",
    [
        ("Create notes.txt with the lines: eggs, flour, milk, then count its lines", "notes.txt",
         "eggs\nflour\nmilk\n"),
        ("新建文件 待办.txt，内容是三行：买菜、洗衣、做饭。然后数一下它有几行", "待办.txt", "买菜\n洗衣\n做饭\n"),
    ],
)  # fmt: skip
def test_a_file_of_listed_lines_is_written_then_the_next_step_uses_it(prompt, path, body):
    def counted(name, args):
        return "wrote it" if name == "write_file" else f"3 {path}"

    t = run(prompt, [SHELL, WRITE], counted)
    assert t.calls[0] == [("write_file", {"path": path, "content": body})]
    assert t.calls[1] == [("sh", {"command": f"wc -l {shlex.quote(path)}"})]
    ended(t)
    assert f"3 {path}" in t.answer


@pytest.mark.parametrize(
    "text, said",
    [
        ("Error: could not parse the expression", "malformed"),
        ("No match for that term, sorry.", "found nothing"),
        ("失败：服务暂时不可用，请稍后再试", "failed"),
    ],
)
def test_a_failure_sent_without_is_error_is_still_read_as_one(text, said):
    t = run("What does our engineering glossary say about idempotency?", [tool(
        "gl_fetch", "Look a term up in the engineering glossary.", {"term": {"type": "string"}},
        ["term"])], lambda n, a: text, rounds=4)  # fmt: skip
    ended(t)
    assert "returned" not in t.answer and said in t.answer.replace("failed again", "failed")


@pytest.mark.parametrize(
    "prompt, error, fixed",
    [
        ("Book spin class SC-4 at 7:15pm", "Times must use the 24-hour clock, e.g. 09:00", "19:15"),
        ("请预订 SC-4 课，时间 晚上7点15分", "时间写法不对，应为 24 小时制，例如 09:00", "19:15"),
    ],
)
def test_a_format_complaint_about_a_time_is_corrected_in_its_kind(prompt, error, fixed):
    book = tool("book_spin", "Book a spin class.", {"class_id": {"type": "string"},
                "slot": {"type": "string"}}, ["class_id", "slot"])  # fmt: skip
    sent = {"class_id": "SC-4", "slot": "7:15pm" if prompt.isascii() else "晚上7点15分"}
    messages = [
        {"role": "user", "content": prompt},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "book_spin",
                                           "input": sent}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1",
                                      "content": error, "is_error": True}]},
    ]  # fmt: skip
    t = run(prompt, [book], lambda n, a: "booked", rounds=4, messages=messages)
    assert t.calls[0] == [("book_spin", {**sent, "slot": fixed})]


def test_arithmetic_is_answered_beside_a_tool_whose_name_only_sounds_like_it():
    add_song = tool(
        "add_song", "Add a song to the playlist.", {"title": {"type": "string"}}, ["title"]
    )
    t = run("What's 19 times 21?", [add_song])
    assert t.calls[0] == [] and "399" in t.answer


def test_a_failed_call_the_words_did_not_choose_is_still_judged():
    swap = tool("swap_seat", "Move a cinema booking to another seat.",
                {"booking": {"type": "string"}, "seat": {"type": "string"}}, ["booking", "seat"])  # fmt: skip
    messages = [
        {"role": "user", "content": "好的，就这样办吧"},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_9", "name": "swap_seat",
                                           "input": {"booking": "BK-77", "seat": "F7"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_9",
                                      "content": "查无此预订：BK-77", "is_error": True}]},
    ]  # fmt: skip
    t = run("", [swap], lambda n, a: "ok", messages=messages)
    ended(t)
    assert "没有找到" in t.answer and "BK-77" in t.answer


# ---------------------------------------------------------------- an id from the entry a result lists

PODCASTS = tool(
    "find_shows",
    "Search podcasts; returns ids and titles.",
    {"query": {"type": "string"}},
    ["query"],
)
EPISODES = tool(
    "latest_episode",
    "Latest episode of a show, by show id.",
    {"show_id": {"type": "string"}},
    ["show_id"],
)


def pods(name, args):
    if name == "find_shows":
        return "2 shows:\n- pod_77: Deep Sea Stories\n- pod_91: Desert Stories"
    return json.dumps({"show_id": args["show_id"], "episode": "The Anglerfish", "minutes": 41})


def test_the_entry_a_request_names_gives_the_id_of_the_next_call():
    t = run("What is the latest episode of Deep Sea Stories?", [PODCASTS, EPISODES], pods)
    assert t.calls[0][0][0] == "find_shows"
    assert t.calls[1] == [("latest_episode", {"show_id": "pod_77"})]
    ended(t)
    assert "The Anglerfish" in t.answer


def test_an_entry_named_in_chinese_gives_its_id():
    from agentkit.sim import pick

    listing = "P-01 绿萝，上次浇水 2026-12-01\nP-03 龟背竹，上次浇水 2026-11-20"
    assert pick.entry_id("帮我给龟背竹安排一次浇水", [listing]) == "P-03"
    assert pick.entry_id("给植物浇水", [listing]) is None  # no entry named: no guess


@pytest.mark.parametrize(
    "prompt, wanted",
    [
        ("Put 3 limes and 4 avocados on my grocery list", [("limes", 3), ("avocados", 4)]),
        ("往采购单里加 5 袋面粉和 2 桶食用油", [("面粉", 5), ("食用油", 2)]),
    ],
)
def test_counted_things_get_one_call_each(prompt, wanted):
    grocery = tool("add_grocery", "Add a grocery to the list.",
                   {"item": {"type": "string"}, "count": {"type": "integer"}}, ["item", "count"])  # fmt: skip
    t = run(prompt, [grocery], lambda n, a: "added")
    assert sorted((a["item"], a["count"]) for _, a in t.calls[0]) == sorted(wanted)


def test_a_file_is_read_then_a_text_it_cannot_derive_is_asked_for_never_made_up():
    def disk(name, args):
        return "rice 2kg\nolive oil 1 bottle" if name == "read_file" else "written"

    t = run("Read stock.txt and write a file low.txt listing only the items I should restock soon.",
            [READ_FILE, WRITE], disk)  # fmt: skip
    assert t.calls[0] == [("read_file", {"path": "stock.txt"})]
    assert all(name != "write_file" for step in t.calls for name, _ in step)
    ended(t)
    assert "content" in t.answer


def test_a_shell_is_not_chosen_for_the_words_of_its_long_manual():
    manual = (
        "Executes a given bash command. " + "Use it to extract, sort, total and tally lines. " * 8
    )
    bash = tool("Bash", manual, {"command": {"type": "string", "description": "The command"}},
                ["command"])  # fmt: skip
    t = run('Extract the order from: "Mo wants 2 lamps at 30.5 each."', [bash])
    assert t.calls[0] == [] and "Bash" not in t.answer  # no "To use Bash I still need command"


def test_a_text_given_after_a_colon_is_written_as_given():
    t = run("Write a file called hi.txt with the content: hello world", [WRITE], workspace)
    assert t.calls[0] == [("write_file", {"path": "hi.txt", "content": "hello world"})]


def test_a_received_and_pending_result_is_not_a_refusal():
    leave = tool(
        "request_leave", "Submit a leave request.", {"days": {"type": "integer"}}, ["days"]
    )
    t = run(
        "Request 3 days of leave", [leave], lambda n, a: "Received: request L-88, pending approval."
    )
    ended(t)
    assert "拒绝" not in t.answer and "L-88" in t.answer


def test_taking_a_thing_off_a_list_removes_it():
    remove = tool(
        "remove_grocery", "Remove a grocery from the list.", {"item": {"type": "string"}}, ["item"]
    )
    add = tool("add_grocery", "Add a grocery to the list.", {"item": {"type": "string"}}, ["item"])
    t = run('Please take "limes" off my grocery list', [add, remove], lambda n, a: "done")
    assert t.calls[0] == [("remove_grocery", {"item": "limes"})]


def test_a_tool_the_request_names_does_the_sum_it_asks_for():
    kcal = tool("food_energy", "Energy in kcal of a weight of food.",
                {"food": {"type": "string"}, "grams": {"type": "number"}}, ["food", "grams"])  # fmt: skip
    t = run("120克燕麦和80克香蕉，一共多少千卡？", [kcal],
            lambda n, a: json.dumps({"kcal": 400 if a["food"] == "燕麦" else 70}))  # fmt: skip
    assert sorted(a["food"] for _, a in t.calls[0]) == ["燕麦", "香蕉"]
    assert "470" in t.answer


@pytest.mark.parametrize(
    "prompt, cmd",
    [
        ("What's the date today?", "date"),
        ("现在几点了？", "date"),
        ("看看 build.log 里失败发生在几点", "cat build.log"),
    ],
)
def test_the_current_date_is_asked_of_the_shell_but_a_files_times_are_read_from_it(prompt, cmd):
    t = run(
        prompt, [SHELL], lambda n, a: "14:02 rollout started" if "cat" in a["command"] else "ok"
    )
    assert t.calls[0] == [("sh", {"command": cmd})]


@pytest.mark.parametrize(
    "prompt",
    [
        "分析 deploy.log，告诉我回滚发生在几点。",
        "Go through deploy.log: what time did the rollback happen?",
    ],
)
def test_the_time_of_an_event_in_a_file_is_read_not_asked_of_the_clock(prompt):
    t = run(prompt, [READER, SHELL], lambda n, a: "14:02 rollback started")
    assert [name for name, _ in t.calls[0]] == ["Read"]
    ended(t)
    assert "14:02" in t.answer


# ---------------------------------------------------------------- a tool that runs SQL (sim.sql)


def database(script):
    import sqlite3

    db = sqlite3.connect(":memory:")
    db.executescript(script)

    def run_sql(name, args):
        try:
            return json.dumps(db.execute(next(iter(args.values()))).fetchall(), ensure_ascii=False)
        except sqlite3.Error as e:
            return {"content": f"sqlite error: {e}", "is_error": True}

    return run_sql


SHELF = """CREATE TABLE books(title TEXT, genre TEXT, pages INTEGER);
INSERT INTO books VALUES ('Dune','SF',412),('Emma','Classic',474),('Solaris','SF',204),('Hyperion','SF',482);"""
CLASSES = """CREATE TABLE students(name TEXT, class TEXT, score REAL);
INSERT INTO students VALUES ('李雷','3B',88.5),('韩梅梅','3B',93),('王芳','4A',79);"""


def test_a_sql_tool_gets_a_statement_with_the_count_and_average_asked_for():
    books = tool(
        "query_db",
        "Query the library database (SQLite). Tables: books(title TEXT, genre TEXT, pages INTEGER)",
        {"sql": {"type": "string", "description": "one SELECT statement"}},
        ["sql"],
    )
    t = run(
        "How many books are in the SF genre, and what is their average page count?",
        [books],
        database(SHELF),
    )
    assert t.calls[0] == [
        ("query_db", {"sql": "SELECT COUNT(*), AVG(pages) FROM books WHERE genre = 'SF'"})
    ]
    ended(t)
    assert "COUNT(*) = 3" in t.answer and "AVG(pages) = 366.0" in t.answer
    assert "184.5" not in t.answer  # the count and the average are never averaged together


def test_a_sql_tool_in_chinese_filters_by_a_quoted_value():
    grades = tool(
        "run_query",
        "对成绩库执行 SQL 查询。表：students(name TEXT, class TEXT, score REAL)",
        {"statement": {"type": "string"}},
        ["statement"],
    )
    t = run("'3B' 班有多少学生？平均成绩是多少？", [grades], database(CLASSES))
    assert t.calls[0] == [
        ("run_query", {"statement": "SELECT COUNT(*), AVG(score) FROM students WHERE class = '3B'"})
    ]
    assert "COUNT(*) = 2" in t.answer and "90.75" in t.answer


def test_a_sql_tool_with_no_tables_described_lists_them_first():
    shop = tool("sqlite", "Execute a SQLite SELECT statement.", {"q": {"type": "string"}}, ["q"])
    run_sql = database(
        "CREATE TABLE customers(name TEXT, city TEXT, since INTEGER);"
        "INSERT INTO customers VALUES ('Ines','Lyon',2019),('Marc','Lyon',2021),('Zoe','Nice',2020);"
    )
    t = run("How many customers live in Lyon?", [shop], run_sql)
    assert t.calls[0] == [
        ("sqlite", {"q": "SELECT name, sql FROM sqlite_master WHERE type = 'table'"})
    ]
    assert t.calls[1] == [("sqlite", {"q": "SELECT COUNT(*) FROM customers WHERE city = 'Lyon'"})]
    ended(t)
    assert "COUNT(*) = 2" in t.answer


# ---------------------------------------------------------------- an order's verb the table lacks

REMINDERS = [
    tool(
        "add_reminder",
        "Adds a reminder to the user's list.",
        {"text": {"type": "string"}},
        ["text"],
    ),
    tool("list_reminders", "Lists the user's reminders.", {}, []),
]
LIFTS = tool(
    "get_lift_state",
    "Whether a lift in a shopping centre is running.",
    {"lift_no": {"type": "integer", "description": "Number of the lift, e.g. 3"}},
    ["lift_no"],
)
CLINIC = tool(
    "reserve_visit",
    "Reserves a visit at a dental clinic.",
    {"date": {"type": "string", "format": "date"}},
    ["date"],
)


def test_an_order_whose_verb_the_table_lacks_asks_for_the_act_of_the_tool_it_names():
    t = run(
        "Jot down a reminder: water the ferns on Sunday", REMINDERS, lambda n, a: "Saved as R-12"
    )
    assert [name for name, _ in t.calls[0]] == ["add_reminder"]
    assert "ferns" in t.calls[0][0][1]["text"]
    ended(t)


@pytest.mark.parametrize("prompt", ["What reminders do I have?", "Tell me my reminders"])
def test_a_question_implies_no_changing_act(prompt):
    t = run(prompt, REMINDERS, lambda n, a: "water the ferns")
    assert [name for name, _ in t.calls[0]] == ["list_reminders"]


@pytest.mark.parametrize("prompt", ["Is escalator 3 running?", "3号电梯现在能用吗？"])
def test_a_thing_is_known_by_its_other_names(prompt):
    t = run(prompt, [LIFTS], lambda n, a: "running")
    assert t.calls[0] == [("get_lift_state", {"lift_no": 3})]


def test_getting_someone_in_at_a_place_is_booking():
    t = run("Can you fit me in on 2027-03-02?", [CLINIC], lambda n, a: "Visit V-55 reserved")
    assert t.calls[0] == [("reserve_visit", {"date": "2027-03-02"})]


@pytest.mark.parametrize(
    "prompt, cmd",
    [
        ("Tidy up: get rid of all the .tmp files", "rm -- *.tmp"),
        ("把这里所有的 .bak 文件删掉", "rm -- *.bak"),
        ("Which .tmp files are here?", "ls *.tmp"),
    ],
)
def test_files_of_a_kind_are_deleted_only_when_asked(prompt, cmd):
    t = run(prompt, [SHELL], lambda n, a: "")
    assert t.calls[0] == [("sh", {"command": cmd})]


# ---------------------------------------------------------------- a figure of the files' tables (sim.columns)

GLOBBER = tool(
    "match_files",
    "Find files by name.",
    {"glob": {"type": "string", "description": "A glob pattern such as *.txt"}},
    ["glob"],
)
SAVER = tool(
    "write_file",
    "Write text to a file.",
    {"path": {"type": "string"}, "content": {"type": "string"}},
    ["path", "content"],
)
READS = tool("read_file", "Read a file's text.", {"path": {"type": "string"}}, ["path"])
GAUGES = {
    "north.tsv": "day\tstation\train_mm\n1\tN1\t4.5\n2\tN1\t0.0\n",
    "south.tsv": "day\tstation\train_mm\n1\tS1\t12.25\n",
    "notes.md": "rain gauges, in mm",
}


def gauges(name, args):
    if name == "match_files":
        return "\n".join(f for f in GAUGES if f.endswith(".tsv"))
    if name == "read_file":
        return GAUGES[args["path"]]
    return f"wrote {len(args['content'])} bytes"


def test_the_files_a_glob_finds_are_read_and_a_columns_total_is_written():
    t = run(
        "Find all the .tsv files, add up the rain_mm column and write the total to sum.txt",
        [GLOBBER, READS, SAVER],
        gauges,
    )
    assert [n for n, _ in t.calls[0]] == ["match_files"]
    assert t.calls[1] == [
        ("read_file", {"path": "north.tsv"}),
        ("read_file", {"path": "south.tsv"}),
    ]
    assert t.calls[2] == [("write_file", {"path": "sum.txt", "content": "16.75\n"})]
    ended(t)
    assert "16.75" in t.answer


def test_an_average_of_the_files_tables_is_told_in_chinese():
    t = run("找出所有 .tsv 文件，算一下 rain_mm 的平均值", [GLOBBER, READS], gauges)
    assert [n for n, _ in t.calls[1]] == ["read_file", "read_file"]
    ended(t)
    assert "平均值：5.58" in t.answer


# ---------------------------------------------------------------- a file read, edited by rules, saved (sim.writing)

ROSTER = "Mon: Lee\nTue: Ada\nMon: Lee\n\nWed: Sam\n"


def desk(name, args):
    if name == "read_file":
        return {"roster.txt": ROSTER, "todo.txt": "周五 交报告\n周五 开会\n"}[args["path"]]
    if name == "write_file":
        return "saved"
    return "(shell)"


def test_a_file_read_is_saved_again_with_the_edits_asked_for():
    t = run(
        "Read roster.txt, drop the duplicate lines and the blank lines, and save it as roster2.txt",
        [SHELL, READS, SAVER],
        desk,
    )
    assert t.calls[0] == [("read_file", {"path": "roster.txt"})]  # not the shell's cat
    assert t.calls[1] == [
        ("write_file", {"path": "roster2.txt", "content": "Mon: Lee\nTue: Ada\nWed: Sam\n"})
    ]
    ended(t)
    assert "did not" not in t.answer


def test_a_replacement_in_chinese_is_made_before_saving():
    t = run("读取 todo.txt，把“周五”替换成“周六”，然后保存为 todo2.txt", [READS, SAVER], desk)
    assert t.calls[1] == [
        ("write_file", {"path": "todo2.txt", "content": "周六 交报告\n周六 开会\n"})
    ]


def test_an_edit_that_needs_judgement_is_not_claimed():
    t = run("Read roster.txt, fix the typos, and save it as roster3.txt", [READS, SAVER], desk)
    assert t.calls[1][0][1]["content"] == ROSTER
    ended(t)
    assert "did not fix the typos" in t.answer


# ---------------------------------------------------------------- words that name no act

REPAIRS = [
    tool("file_repair", "报修：提交一张新的维修工单。", {"detail": {"type": "string"}}, ["detail"]),
    tool(
        "repair_state",
        "按报修单号查询维修进度。",
        {"order_no": {"type": "string", "description": "例如 RX-1"}},
        ["order_no"],
    ),
]
EDITOR = tool(
    "edit_file",
    "Replace text in a file.",
    {"path": {"type": "string"}, "old": {"type": "string"}, "new": {"type": "string"}},
    ["path", "old", "new"],
)


def test_an_acts_chinese_word_that_starts_a_noun_names_a_thing():
    t = run("帮我查一下报修单 RX-7 的进度", [SAVER, REPAIRS[1]], lambda n, a: "师傅已出发")
    assert t.calls[0] == [("repair_state", {"order_no": "RX-7"})]


def test_a_files_name_names_no_act():
    t = run("What is in UPDATES.md?", [READS, EDITOR], lambda n, a: "1.2: faster start")
    assert [n for n, _ in t.calls[0]] == ["read_file"] and t.calls[1] == []


def test_once_the_subagent_has_reported_nothing_more_is_called():
    agent = tool(
        "Agent",
        "Launch a new agent to handle a task.",
        {
            "description": {"type": "string"},
            "prompt": {"type": "string"},
            "subagent_type": {"type": "string"},
        },
        ["description", "prompt", "subagent_type"],
    )
    t = run(
        "Use the notes-reader agent to tell me what changed in notes.txt",
        [agent, READER],
        lambda n, a: "Two chores were added.",
        system="Available agent types:\n- notes-reader: Reads notes files and reports on them\n",
    )
    assert [n for n, _ in t.calls[0]] == ["Agent"] and t.calls[1] == []
    assert "Two chores" in t.answer


def test_a_reading_tool_beside_a_search_of_the_same_thing_is_still_called():
    songs = [
        tool(
            "search_songs",
            "Search my music library; returns ids and titles.",
            {"query": {"type": "string"}},
            ["query"],
        ),
        tool(
            "get_song",
            "Full details of a song by id.",
            {"song_id": {"type": "string"}},
            ["song_id"],
        ),
    ]

    def library(name, args):
        if name == "search_songs":
            return "- sg_11: Blue Mist\n- sg_12: Blue Monday"
        return "title: Blue Mist, length: 4:12" if args["song_id"] == "sg_11" else "no such song"

    t = run("Find the Blue Mist song in my library and tell me how long it is", songs, library)
    assert [n for n, _ in t.calls[0]] == ["search_songs"]
    assert t.calls[1] == [("get_song", {"song_id": "sg_11"})]
    assert "4:12" in t.answer


@pytest.mark.parametrize("prompt", ["When does my gym plan renew?", "我的会员什么时候续期？"])
def test_an_act_the_user_asks_when_of_is_not_done(prompt):
    plans = [
        tool("get_plan", "Membership plan details: tier, renewal date.", {}, []),
        tool("renew_plan", "Renew the membership plan now.", {}, []),
    ]
    t = run(prompt, plans, lambda n, a: "renews 2027-01-15")
    assert [n for n, _ in t.calls[0]] == ["get_plan"]


@pytest.mark.parametrize(
    "prompt, spec, args",
    [
        (
            "What do 80 pounds come to in dollars?",
            (
                "swap_cash",
                "Exchange an amount between currencies.",
                {
                    "amount": {"type": "number"},
                    "src": {"type": "string", "description": "ISO 4217 code"},
                    "dst": {"type": "string", "description": "ISO 4217 code"},
                },
            ),
            {"amount": 80, "src": "GBP", "dst": "USD"},
        ),
        (
            "What is the newest release of numpy?",
            ("pypi_meta", "Metadata of a project on PyPI.", {"name": {"type": "string"}}),
            {"name": "numpy"},
        ),
        (
            "帮王芳买一张去苏州的票",
            (
                "issue_fare",
                "为旅客出票",
                {
                    "city": {"type": "string"},
                    "traveller": {"type": "string", "description": "旅客姓名"},
                },
            ),
            {"city": "苏州", "traveller": "王芳"},
        ),
    ],
)
def test_money_software_and_tickets_are_things_the_table_knows(prompt, spec, args):
    name, description, props = spec
    t = run(prompt, [tool(name, description, props, list(props))], lambda n, a: "ok")
    assert t.calls[0] == [(name, args)]


def test_an_order_implies_no_act_from_the_material_it_hands_over():
    logbook = tool(
        "edit_logbook",
        "Edit an entry of the ship's logbook.",
        {"entry": {"type": "string"}},
        ["entry"],
    )
    t = run(
        'Extract the names from: "Ada signed the logbook at noon."', [logbook], lambda n, a: "ok"
    )
    assert t.calls[0] == []


def columns_and_rows(script):
    """A SQL tool that returns {"columns": [...], "rows": [[...]]}."""
    import sqlite3

    db = sqlite3.connect(":memory:")
    db.executescript(script)

    def run_sql(name, args):
        cur = db.execute(next(iter(args.values())))
        cols = [d[0] for d in cur.description or []]
        return json.dumps({"columns": cols, "rows": cur.fetchall()}, ensure_ascii=False)

    return run_sql


GYM = """CREATE TABLE members(id INTEGER PRIMARY KEY, name TEXT, plan TEXT);
CREATE TABLE visits(id INTEGER PRIMARY KEY, member_id INTEGER, visited_on TEXT, minutes INTEGER);
INSERT INTO members VALUES (1,'Noor','gold'),(2,'Tomas','basic'),(3,'Wren','gold');
INSERT INTO visits(member_id, visited_on, minutes) VALUES (1,'2025-02-01',60),(2,'2025-02-03',45),
 (2,'2025-03-09',30),(2,'2025-05-10',50),(1,'2024-11-02',40),(1,'2024-12-02',40),(1,'2024-12-20',40),
 (3,'2025-06-01',20);"""
STUDY = """CREATE TABLE students(id INTEGER PRIMARY KEY, name TEXT, class TEXT);
CREATE TABLE study_logs(id INTEGER PRIMARY KEY, student_id INTEGER, day TEXT, hours REAL);
INSERT INTO students VALUES (1,'韩梅梅','3B'),(2,'李雷','3B');
INSERT INTO study_logs(student_id, day, hours) VALUES (1,'2025-03-01',2.5),(1,'2025-04-02',3),
 (2,'2025-04-02',4),(1,'2024-12-30',6);"""


def test_which_record_occurs_the_most_in_a_year_joins_the_table_that_refers_to_it():
    gym = tool(
        "query_gym",
        "Run a read-only SQLite query. Tables: members(id, name, plan), "
        "visits(id, member_id, visited_on TEXT YYYY-MM-DD, minutes INTEGER).",
        {"query": {"type": "string"}},
        ["query"],
    )
    t = run(
        "Which member visited the most times in 2025, and how often?", [gym], columns_and_rows(GYM)
    )
    stmt = t.calls[0][0][1]["query"]
    assert "JOIN visits ON visits.member_id = members.id" in stmt
    assert "visits.visited_on LIKE '2025%'" in stmt and "ORDER BY COUNT(*) DESC LIMIT 1" in stmt
    ended(t)
    assert "Tomas" in t.answer and "COUNT(*) = 3" in t.answer and "rows" not in t.answer


def test_a_chinese_question_over_english_tables_sums_a_measure_for_a_person_and_year():
    study = tool(
        "run_sql",
        "对学习记录库执行只读 SQLite 查询。表：students(id, name, class)，"
        "study_logs(id, student_id, day 文本 YYYY-MM-DD, hours 小时数)",
        {"sql": {"type": "string", "description": "SQL 查询语句"}},
        ["sql"],
    )
    t = run("韩梅梅 2025 年一共学习了多少小时？", [study], columns_and_rows(STUDY))
    stmt = t.calls[0][0][1]["sql"]
    assert stmt == (
        "SELECT SUM(study_logs.hours) FROM study_logs JOIN students ON study_logs.student_id = "
        "students.id WHERE students.name = '韩梅梅' AND study_logs.day LIKE '2025%'"
    )
    ended(t)
    assert "5.5" in t.answer and "columns" not in t.answer


# ---------------------------------------------------------------- text counted in files of a kind

GREP_GLOB = tool(
    "Grep",
    "A powerful search tool built on ripgrep",
    {
        "pattern": {
            "type": "string",
            "description": "The regular expression pattern to search for in file contents",
        },
        "path": {
            "type": "string",
            "description": "File or directory to search in. Defaults to current working directory.",
        },
        "glob": {
            "type": "string",
            "description": 'Glob pattern to filter files (e.g. "*.js", "*.{ts,tsx}")',
        },
    },
    ["pattern"],
)


def disk(tmp_path):
    """Grep and Read over a real folder."""
    import fnmatch

    def run_tool(name, args):
        if name == "Grep":
            hits = [
                str(p.relative_to(tmp_path))
                for p in sorted(tmp_path.rglob("*"))
                if p.is_file()
                and fnmatch.fnmatch(p.name, args.get("glob", "*").rsplit("/", 1)[-1])
                and re.search(args["pattern"], p.read_text())
            ]
            return f"Found {len(hits)} files\n" + "\n".join(hits) if hits else "No files found"
        text = (tmp_path / args["file_path"]).read_text()
        return "\n".join(f"{i}\t{line}" for i, line in enumerate(text.splitlines(), 1))

    return run_tool


@pytest.mark.parametrize(
    "prompt, marker, ext",
    [
        ("How many FIXME notes are left in the shell scripts, subfolders included?", "FIXME", "sh"),
        ("这个仓库的 Markdown 文件里一共有多少处 XXX 标记？", "XXX", "md"),
    ],
)
def test_a_marker_counted_in_files_of_a_kind_is_searched_there_and_counted(
    tmp_path, prompt, marker, ext
):
    (tmp_path / "ops").mkdir()
    (tmp_path / f"a.{ext}").write_text(f"one\n# {marker} first\n# {marker} second\n")
    (tmp_path / "ops" / f"b.{ext}").write_text(f"# {marker}: third\n")
    (tmp_path / "c.txt").write_text(f"{marker} not counted\n")
    t = run(prompt, [READER, GLOB, GREP_GLOB], disk(tmp_path))
    assert t.calls[0] == [("Grep", {"pattern": marker, "glob": f"**/*.{ext}"})]
    assert sorted(a["file_path"] for _, a in t.calls[1]) == [f"a.{ext}", f"ops/b.{ext}"]
    ended(t)
    assert t.answer.split("\n")[0].startswith(
        f"{marker}: 3 in all" if ext == "sh" else "2 个文件里共有 3 处"
    )


def test_a_word_that_ends_in_folder_names_no_directory():
    t = run("Which Python files are there, subfolders included?", [GLOB], lambda n, a: "x.py")
    assert t.calls[0] == [("Glob", {"pattern": "**/*.py"})]


SUN = tool(
    "get_sun_times",
    "查询某地某一天的日出日落时间",
    {"city": {"type": "string"}, "date": {"type": "string"}},
    ["city", "date"],
)
MOORING = tool(
    "get_moorings",
    "Free moorings in a marina for a day.",
    {"port": {"type": "string"}, "day": {"type": "string", "description": "YYYY-MM-DD"}},
    ["port", "day"],
)


@pytest.mark.parametrize(
    "prompt, place",
    [
        ("2027年3月5日厦门早上几点日出？", "厦门"),
        ("请问大连下周三傍晚几点日落？", "大连"),
    ],
)
def test_a_chinese_questions_subject_before_its_time_of_day_is_the_place(prompt, place):
    t = run(prompt, [SUN], lambda n, a: "日出 06:41，日落 18:12")
    assert t.calls[0][0][0] == "get_sun_times" and t.calls[0][0][1]["city"] == place


def test_a_port_property_takes_the_place_named():
    t = run("Any free moorings in Brest on 2027-05-02?", [MOORING], lambda n, a: "3 free")
    assert t.calls[0] == [("get_moorings", {"port": "Brest", "day": "2027-05-02"})]


WRITE_FILE = tool(
    "Write",
    "Writes a file to the local filesystem.",
    {
        "file_path": {"type": "string", "description": "The absolute path to the file to write"},
        "content": {"type": "string", "description": "The content to write to the file"},
    },
    ["file_path", "content"],
)


def rain_then_denied(name, args):
    if name == "Read":
        return "1\tday,rainfall_mm\n2\t2027-04-01,12\n3\t2027-04-02,0\n4\t2027-04-03,7.5\n"
    raise RuntimeError("Permission denied: the user did not allow writing files.")


@pytest.mark.parametrize(
    "prompt, source, target, said",
    [
        (
            "Read rain.csv, work out the total rainfall_mm over these days, and save the result to total.txt.",
            "rain.csv",
            "total.txt",
            "The total of rainfall_mm: 19.50",
        ),
        (
            "读一下 雨量.csv，算出这几天 rainfall_mm 的总和，并把结果写到 合计.txt 里。",
            "雨量.csv",
            "合计.txt",
            "rainfall_mm 的合计：19.50",
        ),
    ],
)
def test_a_figure_of_a_named_table_file_is_read_worked_out_and_written_to_the_other_file(
    prompt, source, target, said
):
    t = run(prompt, [READER, WRITE_FILE, EDIT_FILE], rain_then_denied)
    assert t.calls[0] == [("Read", {"file_path": source})]
    assert t.calls[1] == [("Write", {"file_path": target, "content": "19.50\n"})]
    ended(t)
    assert said in t.answer and len(t.calls) == 3  # denied: no other call, said so


EDIT_FILE = tool(
    "Edit",
    "Performs exact string replacements in files.",
    {
        "file_path": {"type": "string", "description": "The absolute path to the file to modify"},
        "old_string": {"type": "string"},
        "new_string": {"type": "string"},
    },
    ["file_path", "old_string", "new_string"],
)


BAKERY = {
    "orders_mon.csv": "item,units,unit_price\nloaf,30,4.5\nbun,50,1.2\n",
    "orders_tue.csv": "item,units,unit_price\nloaf,20,4.5\n",
    "staff.csv": "name,shift\nima,mon\n",
}


def bakery(name, args):
    if name == "Glob":
        pat = args["pattern"].rsplit("/", 1)[-1]
        import fnmatch

        return "\n".join(f for f in BAKERY if fnmatch.fnmatch(f, pat)) or "No files found"
    text = BAKERY[args["file_path"].rsplit("/", 1)[-1]]
    return "\n".join(f"{i}\t{line}" for i, line in enumerate(text.splitlines(), 1))


@pytest.mark.parametrize(
    "prompt, said",
    [
        (
            "The orders_*.csv files here list what the bakery sold (units and unit price). "
            "What were the total takings?",
            "The total of units × unit_price over 2 tables: 285",
        ),
        (
            "这里的 orders_*.csv 文件记录了面包店卖出的数量和单价。总收入是多少？",
            "2 个表格中 units × unit_price 的合计：285",
        ),
    ],
)
def test_a_money_total_no_header_names_is_quantity_times_price_over_the_files_of_the_glob(
    prompt, said
):
    t = run(prompt, [READER, GLOB], bakery)
    assert [(n, a["pattern"]) for n, a in t.calls[0]] == [("Glob", "orders_*.csv")]
    assert sorted(a["file_path"] for _, a in t.calls[1]) == ["orders_mon.csv", "orders_tue.csv"]
    ended(t)
    assert t.answer.startswith(said)


def test_a_table_without_the_figures_column_is_left_out():
    from agentkit.sim import columns

    fig = columns.figure("What is the total of units?", list(BAKERY.values()))
    assert fig is not None and (fig.value, fig.tables) == ("100", 2)


AGENT = tool(
    "Agent",
    "Launch a new agent to handle a task.",
    {
        "description": {"type": "string"},
        "prompt": {"type": "string"},
        "subagent_type": {"type": "string"},
    },
    ["description", "prompt", "subagent_type"],
)


@pytest.mark.parametrize(
    "prompt, told",
    [
        ("Ask the fleet-keeper agent how many boats we own.", "Read fleet.txt to answer."),
        ("让 fleet-keeper 代理查一下我们有几条船。", "请读 fleet.txt 来回答。"),
    ],
)
def test_the_files_an_agent_types_description_names_are_told_to_it(prompt, told):
    t = run(
        prompt,
        [AGENT, READER],
        lambda n, a: "2 boats.",
        system="Available agent types:\n- fleet-keeper: Answers questions on the fleet register "
        "(fleet.txt): counts and lookups.\n",
    )
    assert t.calls[0][0][0] == "Agent" and t.calls[0][0][1]["prompt"].endswith("\n" + told)


FLEET = "A-1 | boat | Kestrel | 1990\nA-2 | car | Mini | 1971\nA-3 | boat | Osprey | 2004\n"
FLEET_ZH = "A-1 | 帆船 | 红隼号 | 1990\nA-2 | 汽车 | 小巴 | 1971\nA-3 | 帆船 | 鱼鹰号 | 2004\n"


@pytest.mark.parametrize(
    "prompt, text, said",
    [
        (
            "How many boats are in the fleet register? List their ids.\nRead fleet.txt to answer.",
            FLEET,
            "boats: 2 in all: A-1 and A-3.",
        ),
        ("登记册 fleet.txt 里有多少条帆船？列出编号。", FLEET_ZH, "帆船：共 2 条：A-1 和 A-3。"),
    ],
)
def test_records_of_the_kind_asked_for_are_counted_and_listed_by_their_first_cell(
    prompt, text, said
):
    def read(name, args):
        return "\n".join(f"{i}\t{line}" for i, line in enumerate(text.splitlines(), 1))

    t = run(prompt, [READER], read)
    assert t.calls[0] == [("Read", {"file_path": "fleet.txt"})]
    ended(t)
    assert t.answer.startswith(said)


@pytest.mark.parametrize(
    "prompt",
    [
        "Read todo.md, drop the duplicate line, and save it as todo_clean.md.",
        "读一下 todo.md，去掉重复的行，然后保存为 todo_clean.md。",
    ],
)
def test_a_later_step_that_names_its_file_writes_that_file_not_the_one_read(prompt):
    def notes(name, args):
        return "1\tmilk\n2\teggs\n3\teggs\n" if name == "Read" else "written"

    t = run(
        prompt,
        [READER, WRITE_FILE],
        notes,
        system="Primary working directory: /home/u/notes",
    )
    assert t.calls[0] == [("Read", {"file_path": "/home/u/notes/todo.md"})]
    assert t.calls[1][0][1]["file_path"] == "/home/u/notes/todo_clean.md"


@pytest.mark.parametrize(
    "prompt", ["Summarize my notes", "Archive my notes", "Purge my notes: all of them"]
)
def test_an_unknown_verb_never_deletes_and_needs_a_value_to_act_with(prompt):
    tools = [
        tool("list_notes", "List my notes.", {}, []),
        tool("delete_notes", "Delete all my notes.", {}, []),
    ]
    t = run(prompt, tools, lambda n, a: "note 1: buy milk")
    assert all(name != "delete_notes" for turn in t.calls for name, _ in turn)


SEED_LOOKUP = tool(
    "find_seed_packet",
    "Look up a seed packet in the seed library by its code. 按编号查询种子库里的种子包。",
    {"code": {"type": "string", "description": "Packet code, e.g. SP-12"}},
    ["code"],
)
SEED_REQUEST = tool(
    "request_seeds",
    "Request seeds from a packet for a member. 为会员申请种子。",
    {"code": {"type": "string"}, "member": {"type": "string"}},
    ["code", "member"],
)


@pytest.mark.parametrize(
    "prompt, missing, said",
    [
        ("Check packet SP-19 and, if it's there, request seeds for Ada Quill.",
         "Nothing on file for packet SP-19.", "Nothing on file"),
        ("查询种子包 SP-19，有的话替会员 林悦 申请种子。", "No seed packet on record with that code.",
         "No seed packet on record"),
    ],
)  # fmt: skip
def test_a_plain_text_result_that_says_nothing_is_on_file_is_not_found_and_stops_the_act(
    prompt, missing, said
):
    t = run(prompt, [SEED_LOOKUP, SEED_REQUEST], lambda n, a: missing)
    assert t.calls[0] == [("find_seed_packet", {"code": "SP-19"})]
    assert not any(n == "request_seeds" for calls in t.calls for n, _ in calls)
    ended(t)
    assert said in t.answer
    why = f"“{missing.rstrip('.')}”"  # the act not made is put down to the failure, in its words
    assert (
        f"{why}, so I did not request the seeds" in t.answer or f"{why}，所以我没有申请" in t.answer
    )


GREENHOUSE = {
    "sensors/bay-1.log": "06:00 INFO vents shut\n06:40 ALERT humidity 97%\n",
    "sensors/bay-2.log": "06:00 INFO vents shut\n07:10 INFO vents open\n",
    "notes.md": "Bay 3 is empty this season.\n",
}


def greenhouse(name, args):
    import fnmatch

    if name == "Glob":
        found = [  # "**/" matches no folder too, as the CLI's Glob does
            f
            for f in GREENHOUSE
            if fnmatch.fnmatch(f, args["pattern"])
            or fnmatch.fnmatch(f, args["pattern"].replace("**/", ""))
        ]
        return "\n".join(found) or "No files found"
    lines = GREENHOUSE[args["file_path"]].splitlines()
    return "\n".join(f"{i:>6}\t{line}" for i, line in enumerate(lines, 1))


@pytest.mark.parametrize(
    "prompt, pattern",
    [
        ("Go through the log files under sensors/ and tell me if any bay raised an alert.",
         "sensors/**/*.log"),
        ("Check the .log files: did humidity get too high anywhere?", "**/*.log"),
        ("sensors 目录下的日志里，哪个温室报过警？", "sensors/**/*.log"),
    ],
)  # fmt: skip
def test_a_question_about_what_files_of_a_kind_hold_globs_them_then_reads_each(prompt, pattern):
    t = run(prompt, [GLOB, READER], greenhouse)
    assert t.calls[0] == [("Glob", {"pattern": pattern})]
    assert sorted(a["file_path"] for _, a in t.calls[1]) == [
        "sensors/bay-1.log",
        "sensors/bay-2.log",
    ]
    ended(t)
    assert "ALERT humidity 97%" in t.answer


@pytest.mark.parametrize("prompt", ["Which log files are there?", "列出所有的日志文件"])
def test_a_question_about_which_files_there_are_only_globs(prompt):
    t = run(prompt, [GLOB, READER], greenhouse)
    assert [[n for n, _ in calls] for calls in t.calls] == [["Glob"], []]
    assert "sensors/bay-1.log" in t.answer


@pytest.mark.parametrize(
    "prompt",
    [
        "Read crew.txt and shifts.csv, then tell me who works the night shift.",
        "读一下 crew.txt 和 shifts.csv，告诉我谁上夜班。",
    ],
)
def test_every_file_the_request_names_to_read_is_read_together(prompt):
    texts = {"crew.txt": "C1 Ines Marr\nC2 Tove Lund\n", "shifts.csv": "crew,shift\nC2,night\n"}
    t = run(prompt, [READER, GLOB], lambda n, a: texts[a["file_path"]])
    assert sorted(a["file_path"] for _, a in t.calls[0]) == ["crew.txt", "shifts.csv"]
    ended(t)


def test_temporarily_not_found_is_transient_and_nothing_on_file_is_not_found():
    from agentkit.sim.results import NOT_FOUND, TRANSIENT, classify

    assert classify("档案暂时查不到：系统升级中，半小时后恢复") == TRANSIENT
    assert classify("Nothing on file for that badge.") == NOT_FOUND
    assert classify("该编号没有记录。") == NOT_FOUND


@pytest.mark.parametrize(
    "prompt",
    [
        "Delete all the .bak files in this folder.",
        "删除这个目录下所有的 .bak 文件",
        "Move the .csv files into archive/",
    ],
)
def test_an_act_on_files_of_a_kind_does_not_read_them(prompt):
    t = run(prompt, [GLOB, READER], lambda n, a: "a.bak\nb.bak" if n == "Glob" else "old")
    assert not any(n == "Read" for calls in t.calls for n, _ in calls)
