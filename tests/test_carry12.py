"""Values and targets that carry across a conversation: a code the user stated in an earlier turn
fills a later act's id (the latest statement wins; one of another kind never), an id an earlier
result wraps is used again, a clause that only states the user's own code asks for no act, a
Chinese question about a thing it names reaches the English reading tool that takes its name, and
"read X, write Y" writes Y, never X. Domains of our own, zh and en, through the SDK."""

from __future__ import annotations

import json

import pytest

import agentkit
from tests.test_any_tools import MODEL, tool
from tests.test_cli_tools import Desk, files

S = {"type": "string"}


def talk(turns, tools, handler, rounds=6):
    """A plain agent loop over several user turns; the calls as (turn, name, input)."""
    client = agentkit.make_client(offline=True)
    messages, calls, answers = [], [], []
    for n, said in enumerate(turns):
        messages.append({"role": "user", "content": said})
        for _ in range(rounds):
            r = client.messages.create(model=MODEL, max_tokens=1024, tools=tools, messages=messages)
            messages.append({"role": "assistant", "content": r.content})
            if r.stop_reason != "tool_use":
                answers.append("".join(b.text for b in r.content if b.type == "text"))
                break
            results = []
            for b in r.content:
                if b.type == "tool_use":
                    calls.append((n, b.name, dict(b.input)))
                    out = handler(b.name, dict(b.input))
                    text = out if isinstance(out, str) else json.dumps(out, ensure_ascii=False)
                    results.append({"type": "tool_result", "tool_use_id": b.id, "content": text})
            messages.append({"role": "user", "content": results})
    return calls, answers


YOGA = [
    tool("list_classes", "List the yoga classes on a date (YYYY-MM-DD).", {"date": S}, ["date"]),
    tool("reserve_class", "Reserve a spot in a class for a member.",
         {"class_id": S, "member_card": S}, ["class_id", "member_card"]),
]  # fmt: skip
DENTISTS = [
    tool("find_dentists", "Find dentists with free slots on a weekday.", {"weekday": S}, ["weekday"]),
    tool("book_appointment", "Book a dental appointment.",
         {"dentist_id": S, "patient_id": S, "weekday": S}, ["dentist_id", "patient_id", "weekday"]),
]  # fmt: skip
TRAININGS = [
    tool("list_trainings", "List the training courses offered in a month (YYYY-MM).", {"month": S}, ["month"]),
    tool("enroll", "Enroll an employee in a course.",
         {"employee_no": S, "course_code": S}, ["employee_no", "course_code"]),
]  # fmt: skip


def listing(name, args):
    if name == "list_classes":
        return [{"class_id": "YC-301", "title": "流瑜伽", "time": "09:00"},
                {"class_id": "YC-305", "title": "阴瑜伽", "time": "18:30"}]  # fmt: skip
    if name == "find_dentists":
        return [{"dentist_id": "DN-12", "name": "Dr. Okafor", "rating": 4.6},
                {"dentist_id": "DN-19", "name": "Dr. Lindqvist", "rating": 4.9}]  # fmt: skip
    if name == "list_trainings":
        return "course_code: TR-101\ntitle: Excel 进阶\n\ncourse_code: TR-118\ntitle: 商务写作\n"
    return {"status": "confirmed", "ref": "OK-1"}


@pytest.mark.parametrize(
    "tools, turns, act, want",
    [
        (YOGA, ["我的会员卡号是 MC-5521，帮我看看 2026-12-12 有哪些瑜伽课？", "约第二节吧。"],
         "reserve_class", {"class_id": "YC-305", "member_card": "MC-5521"}),
        (DENTISTS, ["My patient number is PT-88412. Which dentists are free on Friday?",
                    "Book the one with the highest rating."],
         "book_appointment", {"dentist_id": "DN-19", "patient_id": "PT-88412"}),
        (TRAININGS, ["我的工号是 E-7731。帮我查一下 2027-01 有哪些培训课程。", "报名第二个。"],
         "enroll", {"employee_no": "E-7731", "course_code": "TR-118"}),
    ],
)  # fmt: skip
def test_a_code_the_user_stated_in_an_earlier_turn_fills_the_later_act(tools, turns, act, want):
    calls, answers = talk(turns, tools, listing)
    done = [a for n, name, a in calls if n == 1 and name == act]
    assert done and all(done[0][k] == x for k, x in want.items()), calls
    assert not any(name == act for n, name, _ in calls if n == 0)


SESSIONS = [
    tool("list_sessions", "List the climbing sessions on a weekday.", {"weekday": S}, ["weekday"]),
    tool("book_session", "Book a climbing session.",
         {"session_id": S, "member_number": S}, ["session_id", "member_number"]),
]  # fmt: skip


def test_the_latest_statement_of_a_code_wins_and_asks_no_act_itself():
    def climbing(name, args):
        if name == "list_sessions":
            return [
                {"session_id": "CS-1", "time": "18:00"},
                {"session_id": "CS-2", "time": "20:00"},
            ]
        return {"booking": "BK-77"}

    turns = [
        "My member number is MB-1110.",
        "Sorry, my member number is actually MB-2220. What sessions are on Friday?",
        "Book the first one.",
    ]
    calls, answers = talk(turns, SESSIONS, climbing)
    assert "MB-1110" in answers[0] and "offline" not in answers[0]  # noted, nothing refused
    assert [(n, name) for n, name, _ in calls] == [(1, "list_sessions"), (2, "book_session")]
    assert calls[-1][2] == {"session_id": "CS-1", "member_number": "MB-2220"}


def test_a_question_beside_ones_own_card_number_takes_no_act():
    shelf = [
        tool("search_catalog", "Search the library catalogue by title.", {"title": S}, ["title"]),
        tool("place_hold", "Place a hold on a book for a cardholder.",
             {"book_id": S, "card_number": S}, ["book_id", "card_number"]),
    ]  # fmt: skip

    def library(name, args):
        if name == "search_catalog":
            return [{"book_id": "BK-9044", "title": "The Left Hand of Darkness", "available": True}]
        return {"hold_id": "H-220", "pickup": "front desk"}

    turns = [
        "My library card is LC-20417. Is 'The Left Hand of Darkness' available?",
        "Great, put a hold on it for me.",
    ]
    calls, _ = talk(turns, shelf, library)
    assert not any(name == "place_hold" for n, name, _ in calls if n == 0), calls
    held = [a for n, name, a in calls if n == 1 and name == "place_hold"]
    assert held == [{"book_id": "BK-9044", "card_number": "LC-20417"}]


@pytest.mark.parametrize(
    "tools, turns, result, act, want",
    [
        ([tool("lookup_account", "Find a customer account by email.", {"email": S}, ["email"]),
          tool("list_invoices", "List the invoices of an account.", {"account_id": S}, ["account_id"])],
         ["Can you find my account? My email is rosa.vidal@example.net", "Thanks. Now show me my invoices."],
         {"account": {"account_id": "AC-3309", "name": "Rosa Vidal", "plan": "Pro"}},
         "list_invoices", {"account_id": "AC-3309"}),
        ([tool("register_member", "Register a new member; returns the member number.",
               {"name": S, "phone": S}, ["name", "phone"]),
          tool("book_swim", "Book a swimming lesson for a member on a date (YYYY-MM-DD).",
               {"member_no": S, "date": S}, ["member_no", "date"])],
         ["帮我注册一下会员，姓名李娜，手机 13800001111", "再帮我约 2026-12-19 的游泳课。"],
         {"result": {"member_no": "SW-8812", "name": "李娜"}},
         "book_swim", {"member_no": "SW-8812", "date": "2026-12-19"}),
    ],
)  # fmt: skip
def test_an_id_the_one_record_of_an_earlier_result_wraps_is_used_again(
    tools, turns, result, act, want
):
    first = tools[0]["name"]
    calls, _ = talk(turns, tools, lambda name, args: result if name == first else {"ok": True})
    assert [a for n, name, a in calls if n == 1 and name == act] == [want], calls


@pytest.mark.parametrize(
    "prompt, tools, reader, key, name",
    [
        ("“远望七号”现在开到哪儿了？",
         [tool("get_vessel_status", "Current position, speed and next port of a ship, by vessel name.",
               {"vessel_name": S}, ["vessel_name"]),
          tool("list_ports", "List the ports served.", {}, [])],
         "get_vessel_status", "vessel_name", "远望七号"),
        ("三号棚里现在多少度？湿度呢？",
         [tool("get_greenhouse_readings", "Latest temperature and humidity readings of a greenhouse, by its name.",
               {"greenhouse": S}, ["greenhouse"]),
          tool("set_irrigation", "Turn irrigation on or off in a greenhouse.",
               {"greenhouse": S, "on": {"type": "boolean"}}, ["greenhouse", "on"])],
         "get_greenhouse_readings", "greenhouse", "三号棚"),
    ],
)  # fmt: skip
def test_a_chinese_question_about_a_named_thing_reaches_the_english_reader_of_it(
    prompt, tools, reader, key, name
):
    calls, answers = talk([prompt], tools, lambda n, a: {**a, "reading": 24.5})
    assert [(n, a) for _, n, a in calls] == [(reader, {key: name})]
    assert "24.5" in answers[-1]
    for other in ("今天天气怎么样？", "人工智能是什么？"):  # no thing of the tool's is named
        assert talk([other], tools, lambda n, a: {**a, "reading": 24.5})[0] == []


RETRO = "# 复盘\n- 构建太慢\n- 登录测试不稳定\n- 文档过时\n"
NOTES = "Q3 sales rose 12%.\nChurn fell to 3%.\nHiring paused.\n"


def plain_files(store):
    tools = [
        tool("read_file", "Read a text file.", {"path": S}, ["path"]),
        tool("write_file", "Write text to a file (overwrites).", {"path": S, "content": S},
             ["path", "content"]),
    ]  # fmt: skip

    def disk(name, args):
        if name == "read_file":
            return store.get(args["path"], "ERROR: no such file")
        store[args["path"]] = args["content"]
        return "ok"

    return tools, disk


@pytest.mark.parametrize(
    "prompt, source, text, target, line",
    [
        ("读取 retro.md 并把总结写入 总结.md", "retro.md", RETRO, "总结.md", "- 文档过时"),
        ("看一下 retro.md，然后把要点整理到 要点.md 里", "retro.md", RETRO, "要点.md", "- 构建太慢"),
        ("Summarize notes.txt into tldr.md", "notes.txt", NOTES, "tldr.md", "- Churn fell to 3%."),
    ],
)  # fmt: skip
@pytest.mark.parametrize("kind", ["cli", "plain"])
def test_read_x_and_write_y_writes_y_and_never_overwrites_x(
    kind, prompt, source, text, target, line
):
    if kind == "cli":
        desk = Desk({source: text})
        store, tools, handler = desk.files, files("Read", "Write", "Edit"), desk
    else:
        store = {source: text}
        tools, handler = plain_files(store)
    calls, _ = talk([prompt], tools, handler)
    assert store[source] == text
    assert line in store[target].splitlines(), calls


@pytest.mark.parametrize(
    "turns, menu, want",
    [
        (["Hi, I'm employee EMP-4471. What's on the menu today?",
          "I'll have the chicken tikka delivered to my desk."],
         ["Mushroom risotto", "Chicken tikka"], {"employee_id": "EMP-4471", "dish": "Chicken tikka"}),
        (["我的工号是 E-2231，今天食堂有什么菜？", "那我要一份麻婆豆腐。"],
         ["宫保鸡丁", "麻婆豆腐"], {"employee_id": "E-2231", "dish": "麻婆豆腐"}),
    ],
)  # fmt: skip
def test_a_listed_entry_said_by_its_value_fills_that_input_as_the_listing_writes_it(
    turns, menu, want
):
    zh = any("\u4e00" <= ch <= "\u9fff" for ch in turns[0])
    canteen = [
        tool("get_menu", "查询今天食堂的菜单。" if zh else "Get today's menu of the canteen.", {}, []),
        tool("order_meal", "点一份菜，送到工位。" if zh else "Order a meal for delivery.",
             {"employee_id": S, "dish": S}, ["employee_id", "dish"]),
    ]  # fmt: skip

    def kitchen(name, args):
        return [{"dish": d} for d in menu] if name == "get_menu" else {"order": "OM-301"}

    calls, _ = talk(turns, canteen, kitchen)
    assert [a for n, name, a in calls if name == "order_meal"] == [want], calls


@pytest.mark.parametrize(
    "turns, code",
    [
        (["Hi! My account number is 4403-2219-07.", "What do I owe this month?"], "4403-2219-07"),
        (["你好！我的账户号是 0231-7788-12。", "这个月的账单要交多少钱？"], "0231-7788-12"),
    ],
)  # fmt: skip
def test_a_first_message_that_only_states_ones_code_is_noted_and_the_code_used_next(turns, code):
    utility = [
        tool("get_bill", "Get the current bill of a utility account.",
             {"account_number": S}, ["account_number"]),
        tool("set_autopay", "Turn autopay on for a utility account.",
             {"account_number": S, "iban": S}, ["account_number", "iban"]),
    ]  # fmt: skip
    calls, answers = talk(turns, utility, lambda n, a: {"amount_due": 84.2, "due": "2026-12-20"})
    assert code in answers[0] and "offline" not in answers[0]
    assert [(n, name, a) for n, name, a in calls] == [(1, "get_bill", {"account_number": code})]
    assert "84.2" in answers[1]
