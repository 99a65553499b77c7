"""The server-side web_search for any question (agentkit.sim.websearch): called where a question
needs facts no custom tool gives, once, its offline result saying it is offline, the answer honest
about it; in both languages, with questions that share no words with the orders world."""

import pytest

import agentkit
from agentkit.sim import WEB_SEARCH_TOOL
from agentkit.sim.websearch import asks_for_facts, content_terms, query_of

MODEL = "claude-sonnet-4-6"
# a custom tool about something else entirely: it serves none of the questions below
GLOSSARY = {
    "name": "define_knot",
    "description": "Describe how to tie a sailing knot by its name.",
    "input_schema": {
        "type": "object",
        "properties": {"knot": {"type": "string"}},
        "required": ["knot"],
    },
}
QUESTIONS = {
    "en": (
        "Who painted the ceiling of the Sistine Chapel?",
        "Who painted the ceiling of the Sistine Chapel",
    ),
    "zh": ("西西里岛现在的气温是多少？", "西西里岛现在的气温是多少"),
}


def ask(question, tools, **kw):
    client = agentkit.make_client(offline=True)
    return client.messages.create(
        model=MODEL,
        max_tokens=1024,
        tools=tools,
        messages=[{"role": "user", "content": question}],
        **kw,
    )


@pytest.mark.parametrize("lang", sorted(QUESTIONS))
@pytest.mark.parametrize("beside", [False, True], ids=["alone", "beside_a_custom_tool"])
def test_a_question_no_tool_serves_is_searched_once_and_answered_honestly(lang, beside):
    question, query = QUESTIONS[lang]
    tools = [WEB_SEARCH_TOOL] + ([GLOSSARY] if beside else [])
    r = ask(question, tools)
    kinds = [b.type for b in r.content]
    assert kinds == ["text", "server_tool_use", "web_search_tool_result", "text"], kinds
    assert r.stop_reason == "end_turn"
    assert r.content[1].input == {"query": query}
    assert r.content[2].tool_use_id == r.content[1].id
    (page,) = r.content[2].content
    assert page.url.startswith("https://offline.invalid/")  # the result says it is offline
    assert r.usage.server_tool_use.web_search_requests == 1
    said = r.content[-1].text
    assert query in said and ("offline stand-in" in said if lang == "en" else "离线的模拟" in said)


@pytest.mark.parametrize("question", ["Hello!", "你好", "Tie the knot for me."])
def test_a_greeting_or_a_task_that_is_no_question_is_not_searched(question):
    r = ask(question, [WEB_SEARCH_TOOL])
    assert "server_tool_use" not in [b.type for b in r.content]


def test_tool_choice_none_or_another_forced_tool_does_not_search():
    question = QUESTIONS["en"][0]
    r = ask(question, [WEB_SEARCH_TOOL, GLOSSARY], tool_choice={"type": "none"})
    assert [b.type for b in r.content] == ["text"]
    r = ask(
        question, [WEB_SEARCH_TOOL, GLOSSARY], tool_choice={"type": "tool", "name": "define_knot"}
    )
    assert [b.type for b in r.content] == ["tool_use"] and r.content[0].name == "define_knot"


def test_a_custom_tool_that_serves_the_question_is_called_not_the_search():
    r = ask('How do I tie the knot called "bowline"?', [WEB_SEARCH_TOOL, GLOSSARY])
    names = [b.name for b in r.content if b.type in ("tool_use", "server_tool_use")]
    assert names == ["define_knot"] and r.stop_reason == "tool_use"


PAGES = [
    {"url": "https://harbour.example/lamps", "title": "Lighthouse lamps: lit at dusk",
     "text": "Every lighthouse lamp on the northern coast is lit at dusk and dimmed at dawn."},
    {"url": "https://harbour.example/ferry", "title": "渡轮时刻：每小时一班",
     "text": "码头的渡轮从早上七点到晚上九点每小时一班。"},
]  # fmt: skip


@pytest.mark.parametrize(
    "question, title",
    [
        ("When is the lighthouse lamp lit?", "Lighthouse lamps: lit at dusk"),
        ("渡轮几点开？", "渡轮时刻：每小时一班"),
    ],
)
def test_a_stored_page_that_shares_content_words_is_found_and_named(question, title):
    """The world's stored pages are searched by shared content words, whatever the wording; only
    the pages that share one are results, and the answer names them."""
    from agentkit.sim import World

    client = agentkit.make_client(offline=True, world=World(pages=[dict(p) for p in PAGES]))
    r = client.messages.create(
        model=MODEL,
        max_tokens=1024,
        tools=[WEB_SEARCH_TOOL],
        messages=[{"role": "user", "content": question}],
    )
    found = [p for b in r.content if b.type == "web_search_tool_result" for p in b.content]
    assert [p.title for p in found] == [title]
    assert title in r.content[-1].text and r.stop_reason == "end_turn"


def test_the_rules_read_by_hand():
    assert asks_for_facts("What's new in Rust 2.0") and asks_for_facts("帮我查一下明天的航班")
    assert asks_for_facts("东京塔有多高") and asks_for_facts("这家店还开着吗")
    assert not asks_for_facts("Thanks!") and not asks_for_facts("Rename the file to b.txt.")
    assert query_of("Can you please search the web for the tallest tree in Oregon?") == (
        "tallest tree in Oregon"
    )
    assert query_of("What's the weather in New York?") == "weather in New York"
    assert query_of("请帮我搜索一下东京塔有多高？") == "东京塔有多高"
    assert content_terms("What is the tallest tree?") == {"tallest", "tree"}
    assert content_terms("东京塔") == {"东京", "京塔"}


LOOKUP_ONLINE = {  # a user's own client tool, named like the server tool
    "name": "web_search",
    "description": "A tool to retrieve up to date information on a given topic by searching the web",
    "input_schema": {
        "type": "object",
        "properties": {
            "topic": {"type": "string", "description": "The topic to search the web for"}
        },
        "required": ["topic"],
    },
}


@pytest.mark.parametrize(
    "question, topic",
    [
        ("Who won the regatta at Cowes last summer?", "Who won the regatta at Cowes last summer"),
        ("谁赢了去年的龙舟赛？", "谁赢了去年的龙舟赛"),
    ],
)
def test_a_users_own_web_search_tool_is_a_client_tool_called_with_the_question(question, topic):
    r = ask(question, [LOOKUP_ONLINE])
    assert "server_tool_use" not in [b.type for b in r.content] and r.stop_reason == "tool_use"
    assert [(b.name, b.input) for b in r.content if b.type == "tool_use"] == [
        ("web_search", {"topic": topic})
    ]
