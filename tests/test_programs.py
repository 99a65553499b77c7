"""The programs of tests/programs/ (issue 33's "Done when"), each run unchanged against the offline
API served over HTTP (`agentkit serve`, in a thread) and judged from the traffic the server saw:

- the right tools were called (and a tool that changes something was not called unasked);
- their arguments came from the prompt (or from an earlier result) and are valid for the schema;
- the results' values are in the answer;
- the conversation ended: the last request is answered with end_turn (replayed through the same
  deterministic stand-in), or, for the Agent SDK, the run's result is a success.

The Messages API programs run in the fast tier; the Agent SDK ones start the bundled Claude Code
CLI (a subprocess) and are marked slow."""

import json
import runpy
from dataclasses import dataclass, field
from pathlib import Path

import jsonschema
import pytest

import agentkit

PROGRAMS = Path(__file__).parent / "programs"


@dataclass
class Expect:
    calls: list = field(default_factory=list)  # (tool, subset of its input), in this order
    answer: list = field(default_factory=list)  # texts the answer quotes (values of the results)
    never: list = field(default_factory=list)  # tools that must not be called
    files: dict = field(default_factory=dict)  # files written in the working directory first
    out: list = field(default_factory=list)  # texts the program prints (what it saw happen)
    forced: bool = False  # the program ends on a forced tool call (its input is the answer)


@dataclass
class Run:
    bodies: list
    out: str

    def uses(self):
        """Every tool_use the model sent, in order, with the tools offered beside it."""
        seen, out = set(), []
        for body in self.bodies:
            tools = {t.get("name"): t for t in body.get("tools") or []}
            for m in body.get("messages") or []:
                if m.get("role") != "assistant" or not isinstance(m.get("content"), list):
                    continue
                for b in m["content"]:
                    if b.get("type") == "tool_use" and b["id"] not in seen:
                        seen.add(b["id"])
                        out.append((b, tools.get(b["name"])))
        return out

    def results(self):
        """tool_use id -> (text of its tool_result, is_error)."""
        found = {}
        for body in self.bodies:
            for m in body.get("messages") or []:
                for b in m.get("content") if isinstance(m.get("content"), list) else []:
                    if b.get("type") == "tool_result":
                        c = b.get("content")
                        text = c if isinstance(c, str) else json.dumps(c, ensure_ascii=False)
                        found[b["tool_use_id"]] = (text, bool(b.get("is_error")))
        return found


def final_reply(body):
    """The stand-in's answer to the last request, asked again: it is deterministic."""
    api = agentkit.make_client(offline=True).offline
    sent = {k: v for k, v in body.items() if k != "stream"}
    answer = api.handle("POST", "/v1/messages", json.dumps(sent).encode())
    return json.loads(answer.encoded())


def run_program(server, name, monkeypatch, capsys, tmp_path, files):
    key = f"program-{name}"
    for k, v in {**server.env(), "ANTHROPIC_API_KEY": key}.items():
        monkeypatch.setenv(k, v)
    monkeypatch.delenv("ANTHROPIC_AUTH_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    for path, text in files.items():
        (tmp_path / path).write_text(text, encoding="utf-8")
    runpy.run_path(str(PROGRAMS / f"{name}.py"), run_name="__main__")
    bodies = list(server.server.apis.for_key(key).log[:])
    return Run(bodies, capsys.readouterr().out)


def judge(run: Run, expect: Expect, sdk: bool):
    uses = run.uses()
    reply = None if sdk else final_reply(run.bodies[-1])
    if reply is not None:  # a forced call ends the program: its input is in the last reply only
        offered = {t.get("name"): t for t in run.bodies[-1].get("tools") or []}
        uses += [(b, offered.get(b["name"])) for b in reply["content"] if b["type"] == "tool_use"]
    assert uses or not expect.calls, f"no tool was called; the program printed:\n{run.out}"
    for block, tool in uses:
        assert tool is not None, f"{block['name']} was not offered"
        jsonschema.validate(block["input"], tool.get("input_schema") or {})
    called = [(b["name"], b["input"]) for b, _ in uses]
    at = 0
    for name, subset in expect.calls:
        where = [
            i
            for i, (n, args) in enumerate(called)
            if i >= at and n == name and all(args.get(k) == v for k, v in subset.items())
        ]
        assert where, f"expected {name}{subset} after call {at}; the calls were {called}"
        at = where[0] + 1
    assert not {n for n, _ in called} & set(expect.never), called
    results = run.results()
    assert all(b["id"] in results for b, _ in uses if not expect.forced), (
        "a call was never answered"
    )
    if sdk:
        answer = run.out.split("result: success", 1)
        assert len(answer) == 2, f"the run did not end in success:\n{run.out}"
        said = answer[1]
    elif expect.forced:
        said = json.dumps(called[-1][1], ensure_ascii=False)
    else:
        assert reply is not None and reply["stop_reason"] == "end_turn", reply
        said = "".join(b.get("text", "") for b in reply["content"])
        if "output_config" not in run.bodies[-1]:  # a parsed answer is printed as its model
            assert said.strip() and said.strip() in run.out, "the program did not print the answer"
    for text in expect.answer:
        assert text in said, f"{text!r} is not in the answer: {said!r}"
    for text in expect.out:
        assert text in run.out, f"{text!r} is not in what the program printed:\n{run.out}"


MESSAGES = {
    "weather": Expect(
        calls=[("get_weather", {"location": "Lisbon", "unit": "fahrenheit"})],
        answer=["57", "drizzle"],
    ),
    "weather_zh": Expect(
        calls=[("get_weather", {"city": "成都"}), ("get_weather", {"city": "杭州"})],
        answer=["小雨", "19°C", "多云", "23°C"],
    ),
    "calculator": Expect(
        calls=[("calculator", {})], answer=[str(1984135 * 9343116)], out=[str(1984135 * 9343116)]
    ),
    "calculator_ops_zh": Expect(
        calls=[("arithmetic", {"op": "mul", "a": 37, "b": 43})], answer=["1591"]
    ),
    "customer_service": Expect(
        calls=[
            ("get_customer_info", {"customer_id": "CUST-0042"}),
            ("get_order_details", {"order_id": "ORD-7731"}),
            ("cancel_order", {"order_id": "ORD-7731"}),
        ],
        out=["ada@example.org", "Shipped", "CX-5510", "cancelled: ['ORD-7731']"],
    ),
    "customer_service_zh": Expect(
        calls=[
            ("get_member", {"member_id": "VIP-88"}),
            ("get_ticket", {"ticket_id": "T2024-0017"}),
        ],
        answer=["已寄出换货"],
    ),
    "extraction": Expect(
        calls=[
            (
                "record_ticket",
                {
                    "email": "maria.garcia@example.com",
                    "invoice_id": "INV-3391",
                    "category": "billing",
                },
            )
        ],
        forced=True,
        answer=["Maria Garcia"],
    ),
    "sentiment_forced": Expect(calls=[("print_sentiment_scores", {})], forced=True),
    "tool_choice_any": Expect(
        calls=[("get_stock_price", {"ticker": "NVDA"})], never=["get_time"], answer=["131.26"]
    ),
    "structured_outputs": Expect(out=["product_name='Green Tea' price=5.5 quantity=2"]),
    "tool_runner": Expect(calls=[("get_weather", {})], answer=["68°F", "Sunny"]),
    "notes_zh": Expect(
        calls=[("save_memo", {"content": "周五下午三点给王老师回电话"})],
        never=["search_memos"],
        answer=["M-001"],
    ),
    "chained": Expect(
        calls=[
            ("find_user_by_email", {"email": "sam@example.net"}),
            ("list_subscriptions", {"user_id": "U-5521"}),
        ],
        answer=["Pro", "2027-01-09"],
    ),
    "errors": Expect(
        calls=[
            ("get_booking", {"reference": "bk4471"}),
            ("get_booking", {"reference": "BK-4471"}),
            ("get_booking", {"reference": "BK-4471"}),
        ],
        answer=["Hotel Aurora"],
        out=["calls: ['bk4471', 'BK-4471', 'BK-4471']"],
    ),
    "streaming": Expect(
        calls=[("get_exchange_rate", {"base": "GBP", "target": "JPY"})], answer=["191.7"]
    ),
    "bash_agent": Expect(
        calls=[("bash", {})],
        files={"main.py": "print(1)\n", "util.py": "", "notes.txt": ""},
        answer=["main.py", "util.py"],
    ),
    "currency": Expect(
        calls=[("convert_currency", {"amount": 250, "from_currency": "CHF", "to_currency": "SEK"})],
        answer=["3025"],
    ),
}
AGENT_SDK = {
    "sdk_write_read": Expect(
        calls=[("Write", {"content": "water the plants"})], out=["on disk: water the plants"]
    ),
    "sdk_read": Expect(
        calls=[("Read", {})],
        files={"config.json": '{"host": "0.0.0.0", "port": 8421}'},
        answer=["8421"],
    ),
    "sdk_bash": Expect(
        calls=[("Bash", {})],
        files={"data.csv": "a,b\n1,2\n3,4\n5,6\n"},
        answer=["4"],
        never=["Write", "Edit"],
    ),
    "sdk_mcp_calculator": Expect(
        calls=[("mcp__calc__multiply", {"a": 15, "b": 27})],
        answer=["405"],
        never=["mcp__calc__add"],
    ),
    "sdk_hook": Expect(
        calls=[("Bash", {})],
        files={"a.txt": "", "b.txt": ""},
        answer=["a.txt"],
        out=["hook saw: ["],
    ),
    "sdk_can_use_tool": Expect(
        calls=[("Write", {"content": "hello world"})], out=["callback asked about: ['Write']"]
    ),
    "sdk_subagent": Expect(
        # the subagent's Read is logged before the main conversation's next request, which is
        # where the Agent call shows: the traffic's order is Read, then Agent
        calls=[("Read", {}), ("Agent", {"subagent_type": "code-reviewer"})],
        answer=["return a / b"],
        files={"app.py": "def div(a, b):\n    return a / b\n"},
    ),
    "sdk_structured": Expect(
        out=["{'customer': 'Lena', 'item': 'notebooks', 'quantity': 3, 'unit_price': 4.25}"]
    ),
    "sdk_mcp_errors": Expect(
        calls=[
            ("mcp__post__track_parcel", {"code": "pk12345"}),
            ("mcp__post__track_parcel", {"code": "PK-12345"}),
            ("mcp__post__track_parcel", {"code": "PK-12345"}),
        ],
        answer=["Leeds depot"],
        out=["calls: ['pk12345', 'PK-12345', 'PK-12345']"],
    ),
    "sdk_mcp_denied_zh": Expect(
        calls=[("mcp__post__track_parcel", {"code": "PK-77001"})],
        answer=["主管批准"],
        out=["calls: ['PK-77001']"],
    ),
    "sdk_write_zh": Expect(
        calls=[("Write", {"content": "明天九点开会"})], out=["on disk: 明天九点开会"]
    ),
}


def test_there_are_at_least_twenty_programs_and_each_is_judged():
    files = {p.stem for p in PROGRAMS.glob("*.py")}
    assert files == set(MESSAGES) | set(AGENT_SDK) and len(files) >= 20


@pytest.fixture(scope="module")
def server():
    from agentkit.lessons.agent_sdk import OfflineClaudeCode

    with OfflineClaudeCode() as offline:
        yield offline


@pytest.mark.parametrize("name", sorted(MESSAGES))
def test_a_messages_api_program(name, server, monkeypatch, capsys, tmp_path):
    expect = MESSAGES[name]
    judge(run_program(server, name, monkeypatch, capsys, tmp_path, expect.files), expect, False)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(AGENT_SDK))
def test_an_agent_sdk_program(name, server, monkeypatch, capsys, tmp_path):
    expect = AGENT_SDK[name]
    judge(run_program(server, name, monkeypatch, capsys, tmp_path, expect.files), expect, True)


# the failure texts of the two MCP programs, as their tools write them
SDK_FAILURES = {
    "format": ("en", "tracking ref pk12345 should be PK-00000"),
    "transient": ("en", "the depot link dropped for a moment"),
    "denied": ("zh", "未经授权：此类包裹须经主管批准方可查询"),
}


@pytest.mark.parametrize("kind", sorted(SDK_FAILURES))
def test_the_sdk_programs_failures_are_read_by_meaning_in_words_of_their_own(kind):
    """Each text is classed by what it says, and shares no content word (English words of four
    letters or more, Chinese pairs of characters) with the stand-in's worlds' own failures."""
    import re

    from agentkit.sim.results import classify
    from agentkit.sim.strings import T

    lang, text = SDK_FAILURES[kind]
    assert classify(text) == kind
    ours = " ".join(
        zh if lang == "zh" else en for key, (zh, en) in T.table.items() if "." not in key
    )

    def content(s):
        if lang == "en":
            return set(re.findall(r"[a-z]{4,}", s.lower()))
        han = re.compile(r"[\u4e00-\u9fff]")
        return {a + b for a, b in zip(s, s[1:], strict=False) if han.match(a) and han.match(b)}

    assert not content(text) & content(ours)
