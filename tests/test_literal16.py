"""Results written as Python literals (`str(dict)`, `str(True)`, as the cookbook's customer-service
agent returns them) are read as data (`sim/results.py` `loads`), and an act's bare True / False
is said as what was done (`sim/speech.py` `_act_flag`). Before round 16 the answer echoed
"{'name': ...}" and "True". Another domain: a library desk, in both languages."""

from __future__ import annotations

from tests.loops import converse, strings, tool

TOOLS = [
    tool("get_member", "Look up a library member by card number.", strings(card_no="Card number")),
    tool(
        "renew_loan", "Renew a borrowed book by its loan id.", strings(loan_id="Loan id, e.g. L-77")
    ),
]


def _member(card_no: str) -> str:
    return str({"name": "Ines Duarte", "email": "ines@example.org", "fines_due": 2.5})


def test_a_python_dict_result_is_read_as_its_fields() -> None:
    calls, finals = converse(
        "What is the email address of member 40021?",
        TOOLS,
        {"get_member": _member, "renew_loan": lambda loan_id: str(True)},
    )
    assert calls == [("get_member", {"card_no": "40021"})]
    assert "ines@example.org" in finals[0]
    assert "{" not in finals[0] and "'" not in finals[0]


def test_an_acts_bare_true_or_false_is_said_as_what_was_done() -> None:
    handlers = {"get_member": _member, "renew_loan": lambda loan_id: str(loan_id == "L-77")}
    _, done = converse("Please renew loan L-77.", TOOLS, handlers)
    _, failed = converse("Please renew loan L-12.", TOOLS, handlers)
    _, zh = converse("请帮我续借 L-77。", TOOLS, handlers)
    assert "L-77" in done[0] and "renewed" in done[0].lower() and done[0].strip() != "True"
    assert "not" in failed[0] and "L-12" in failed[0]
    assert "L-77" in zh[0] and "True" not in zh[0] and "yes" not in zh[0]


def test_several_questions_in_one_message_are_each_answered_or_noted() -> None:
    timer = [tool("set_timer", "Start a kitchen timer.", {"minutes": {"type": "integer"}})]
    _, en = converse("First, who wrote Middlemarch?\nSecond, what is 12% of 250?", timer, {})
    _, zh = converse("《红楼梦》的作者是谁？250 的 12% 是多少？", timer, {})
    for said, note in ((en[0], "offline"), (zh[0], "离线")):
        assert "30" in said and note in said
        assert said.index(note) < said.index("30")  # in the order asked


def test_an_image_the_stand_in_cannot_see_is_said_so() -> None:
    log = tool(
        "log_meal",
        "Log a meal's nutrition facts.",
        {"calories": {"type": "integer"}, "protein_g": {"type": "number"}},
    )
    pixel = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
    image = {
        "type": "image",
        "source": {"type": "base64", "media_type": "image/png", "data": pixel},
    }
    for text, note in (
        ("Log the meal from this label photo.", "cannot see images"),
        ("把这张标签照片里的营养记下来。", "看不到图片"),
    ):
        calls, finals = converse([[image, {"type": "text", "text": text}]], [log], {})  # type: ignore[list-item]
        assert calls == [] and note in finals[0]


def test_counting_said_with_how_to_say_it_is_still_counting() -> None:
    timer = [tool("set_timer", "Start a kitchen timer.", {"minutes": {"type": "integer"}})]
    _, en = converse("Count from 3 to 7 slowly, with a short pause between each number", timer, {})
    _, zh = converse("请从 2 数到 4，慢慢地", timer, {})
    assert en[0].startswith("3, 4, 5, 6, 7") and zh[0].startswith("2、3、4")


def test_a_cli_session_title_is_a_noun_phrase_of_what_the_session_is_about() -> None:
    import json

    import agentkit

    schema = {
        "type": "object",
        "properties": {"title": {"type": "string"}},
        "required": ["title"],
        "additionalProperties": False,
    }
    client = agentkit.make_client(offline=True)

    def titled(said: str) -> str:
        r = client.messages.create(
            model="claude-sonnet-4-6",
            max_tokens=1024,
            messages=[
                {"role": "user", "content": f"<session>\n{said}\n</session>\n\nWrite the title."}
            ],
            output_config={"format": {"type": "json_schema", "schema": schema}},
        )
        return str(json.loads(r.content[0].text)["title"])

    assert titled("Please rename the helper in dates_util.py") == "dates_util.py rename"
    assert titled("What is the tallest mountain in Chile?") == "Tallest mountain in Chile"
    assert titled("What is 17*3?") == "17*3 calculation"
    assert titled("帮我把 report.md 里的表格改成中文") == "report.md 表格改成中文"


def test_a_web_search_query_leaves_out_how_to_search() -> None:
    from agentkit.sim.websearch import query_of

    said = "Which team won the 1998 Tour de France? Please search the web for current sources."
    assert "Tour de France" in query_of(said) and "search" not in query_of(said)
    assert "上网" not in query_of("杭州地铁几点停运？请上网搜索最新消息。")


def test_an_edit_after_a_read_whose_last_line_lost_its_tab_quotes_the_line_alone() -> None:
    read = tool("Read", "Reads a file from the local filesystem.", strings(file_path="Path"))
    edit = tool(
        "Edit",
        "Performs exact string replacements in files.",
        strings(file_path="Path", old_string="Text to replace", new_string="Replacement"),
    )
    shown = "1\t[pool]\n2\tsize = 4\n3\ttimeout = 30\n4"  # (the CLI's last empty line: "4")
    calls, _ = converse(
        "Please change the timeout in pool.ini to 45.",
        [read, edit],
        {"Read": lambda file_path: shown, "Edit": lambda **kw: "The file has been updated."},
    )
    edits = [a for n, a in calls if n == "Edit"]
    assert edits and edits[0]["old_string"] == "timeout = 30"
    assert edits[0]["new_string"] == "timeout = 45"
