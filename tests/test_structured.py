"""Forced tool_choice and structured outputs through the real SDK (issue 33): extraction reads the
material the instruction hands over by meaning (a dish, a version, what is refused), a forced
call is always valid for its schema and has no text before it, and a value the request does not
give is left empty rather than made up."""

import json
import random

import jsonschema
import pytest

import agentkit
from agentkit.sim.conform import MISSING, conform, shortest_match

MODEL = agentkit.default_model()
# formats checked as the API writes them; a local date-time or time is kept without an offset
CHECKER = jsonschema.FormatChecker(["date", "email", "uri", "uuid", "ipv4"])
STAND_IN = ("stand-in", "替身", "离线")


@pytest.fixture(scope="module")
def client():
    return agentkit.make_client(offline=True)


def structured(client, schema, prompt):
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        output_config={"format": {"type": "json_schema", "schema": schema}},
        messages=[{"role": "user", "content": prompt}],
    )
    assert r.stop_reason == "end_turn" and len(r.content) == 1
    value = json.loads(r.content[0].text)
    jsonschema.validate(value, schema, format_checker=CHECKER)
    assert not any(w in r.content[0].text for w in STAND_IN)  # the note never lands in a field
    return value


def forced(client, tools, prompt, choice):
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        tools=tools,
        tool_choice=choice,
        messages=[{"role": "user", "content": prompt}],
    )
    assert r.stop_reason == "tool_use"
    assert [b.type for b in r.content] == ["tool_use"] * len(r.content)  # no text before it
    for b in r.content:
        schema = next(t["input_schema"] for t in tools if t["name"] == b.name)
        jsonschema.validate(b.input, schema, format_checker=CHECKER)
    return r.content[0]


def obj(properties, required=None):
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
    }


S, INT = {"type": "string"}, {"type": "integer"}
STRINGS = {"type": "array", "items": S}


def test_an_order_is_read_into_its_fields_in_chinese(client):
    schema = obj({"菜品": S, "碗数": INT, "不要": STRINGS})
    got = structured(client, schema, "把这条点单整理成结构化数据：牛肉面来两碗，不要葱和香菜。")
    assert got == {"菜品": "牛肉面", "碗数": 2, "不要": ["葱", "香菜"]}


def test_an_order_is_read_into_its_fields_in_english(client):
    schema = obj({"item": S, "loaves": INT, "exclude": STRINGS, "extras": STRINGS})
    got = structured(
        client,
        schema,
        "Log this bakery order: two loaves of sourdough, sliced and wrapped, no sesame and no raisins.",
    )
    assert got == {
        "item": "sourdough",
        "loaves": 2,
        "exclude": ["sesame", "raisins"],
        "extras": ["sliced", "wrapped"],
    }


def test_a_title_by_its_author_and_the_things_that_come_with_it(client):
    schema = obj({"title": S, "author": S, "year": INT})
    got = structured(client, schema, "File this record: 'Solaris' by Stanislaw Lem, printed 1961.")
    assert got == {"title": "Solaris", "author": "Stanislaw Lem", "year": 1961}
    schema = obj({"show": S, "seats": INT, "wishes": STRINGS, "avoid": STRINGS})
    got = structured(
        client,
        schema,
        "Note this booking: three seats for Hamlet with a view and legroom, no balcony.",
    )
    assert got == {
        "show": "Hamlet",
        "seats": 3,
        "wishes": ["view", "legroom"],
        "avoid": ["balcony"],
    }
    schema = obj({"片名": S, "张数": INT, "要求": STRINGS})
    got = structured(
        client, schema, "整理成结构化数据：《霸王别姬》买两张票，要靠走道的座位，不要最后一排。"
    )
    assert got == {"片名": "霸王别姬", "张数": 2, "要求": ["靠走道的座位"]}


def test_a_commit_becomes_a_release_note_by_the_schemas_enum_and_pattern(client):
    schema = obj(
        {
            "kind": {"type": "string", "enum": ["feature", "bugfix", "chore"]},
            "version": {"type": "string", "pattern": r"^\d+\.\d+\.\d+$"},
            "summary": S,
        }
    )
    prompt = "Make a release note from this commit: 'feat(search): add fuzzy matching (v1.8.0)'"
    got = structured(client, schema, prompt)
    assert got == {"kind": "feature", "version": "1.8.0", "summary": "add fuzzy matching"}
    prompt = "Make a release note from this commit: 'fix: keep the cursor after undo (v0.9.12)'"
    assert structured(client, schema, prompt)["kind"] == "bugfix"


def test_a_value_the_request_does_not_give_is_left_empty_not_made_up(client):
    schema = obj({"sender": S, "phone": S, "pages": INT, "tags": STRINGS})
    got = structured(client, schema, "Pull the details out of this note: 'Water the ferns.'")
    assert got == {"sender": "", "phone": "", "pages": 0, "tags": []}
    schema = obj({"作者": S, "页数": {"type": "integer", "minimum": 1}})
    assert structured(client, schema, "提取这张便条的信息：“给蕨类浇水。”") == {
        "作者": "",
        "页数": 1,
    }
    # small talk is no value: the stand-in's greeting (its own note) never fills a field
    assert structured(client, obj({"reply": S}), "Hey, good morning!") == {"reply": ""}
    assert structured(client, obj({"回复": S}), "你好呀") == {"回复": ""}


def test_a_forced_record_tool_reads_the_thing_done(client):
    meal = {
        "name": "log_meal",
        "description": "记录一顿饭",
        "input_schema": obj({"dish": {"type": "string", "description": "菜名"}, "bowls": INT}),
    }
    got = forced(client, [meal], "午饭吃了两碗番茄炒蛋，帮我记下来。", {"type": "any"})
    assert got.input == {"dish": "番茄炒蛋", "bowls": 2}
    album = {
        "name": "save_album",
        "description": "Save an album to the shelf.",
        "input_schema": obj({"album": S, "tracks": INT, "genres": STRINGS}),
    }
    got = forced(client, [album], "存一下：《范特西》，共 10 首，流行、R&B。", {"type": "any"})
    assert got.input == {"album": "范特西", "tracks": 10, "genres": ["流行", "R&B"]}
    link = {
        "name": "make_short_link",
        "description": "Make a short link.",
        "input_schema": obj({"target": {"type": "string", "format": "uri"}}),
    }
    prompt = "Could you shorten https://shop.example.net/p/4417?ref=mail for the newsletter?"
    got = forced(client, [link], prompt, {"type": "tool", "name": "make_short_link"})
    assert got.input == {"target": "https://shop.example.net/p/4417?ref=mail"}


def test_a_forced_call_is_valid_when_the_request_gives_nothing(client):
    ticket = {
        "name": "file_ticket",
        "description": "File a maintenance ticket.",
        "input_schema": obj(
            {
                "code": {"type": "string", "pattern": r"^MT-\d{4}$"},
                "floor": {"type": "integer", "minimum": 1, "maximum": 40},
                "urgency": {"type": "string", "enum": ["low", "high"]},
                "seen_on": {"type": "string", "format": "date"},
                "rooms": {"type": "array", "items": S, "minItems": 1},
                "contact": {"type": "string", "format": "email"},
                "note": S,
            }
        ),
    }
    for prompt in ("Hello!", "你好", "The heater hums."):
        got = forced(client, [ticket], prompt, {"type": "tool", "name": "file_ticket"})
        assert got.input["code"] == "MT-0000" and got.input["floor"] == 1
        assert got.input["urgency"] == "low" and got.input["rooms"] == [""]
        assert prompt not in json.dumps(got.input, ensure_ascii=False)  # never the whole request


def _string_schema(r):
    s = {"type": "string"}
    pick = r.random()
    if pick < 0.25:
        s["pattern"] = r.choice([r"^[A-Z]{2}-\d{3}$", r"^v?\d+\.\d+$", r"^\+?\d{8,11}$", r"\d"])
    elif pick < 0.5:
        s["format"] = r.choice(["date", "date-time", "time", "email", "uri", "uuid"])
    elif pick < 0.6:
        s["minLength"] = r.randint(1, 4)
    return s


def _schema(r, depth=0):
    kinds = ["string", "integer", "number", "boolean", "array", "object", "enum", "nullable"]
    k = r.choice(kinds if depth < 2 else kinds[:4])
    if k == "string":
        return _string_schema(r)
    if k in ("integer", "number"):
        s = {"type": k, "minimum": r.randint(-3, 9)} if r.random() < 0.5 else {"type": k}
        return {**s, "maximum": s.get("minimum", 0) + r.randint(0, 30)} if r.random() < 0.3 else s
    if k == "boolean":
        return {"type": "boolean"}
    if k == "enum":
        return {"type": "string", "enum": r.sample(["red", "amber", "green", "blue"], 2)}
    if k == "nullable":
        return {"type": [r.choice(["string", "integer"]), "null"]}
    if k == "array":
        return {"type": "array", "items": _schema(r, depth + 1), "minItems": r.randint(0, 2)}
    props = {f"f{i}": _schema(r, depth + 1) for i in range(r.randint(1, 4))}
    return {
        "type": "object",
        "properties": props,
        "required": [p for p in props if r.random() < 0.8],
    }


PROMPTS = [
    "Please handle this: order SKU AB-123 twice, 3 boxes, by 2027-02-03 at 10:30, mail ann@example.org.",
    "帮我处理一下：明天下午三点，两箱苹果，不要香蕉。",
    "Just do it.",
    "Record v2.7 of https://example.com/x with 14 items.",
]


def test_a_forced_call_is_valid_for_any_schema(client):
    r = random.Random(33)
    for i in range(60):
        properties = {f"p{j}": _schema(r) for j in range(r.randint(1, 5))}
        schema = {"type": "object", "properties": properties, "required": list(properties)}
        tools = [{"name": f"tool_{i}", "description": "Do the task.", "input_schema": schema}]
        choice = {"type": "tool", "name": f"tool_{i}"} if i % 2 else {"type": "any"}
        forced(client, tools, PROMPTS[i % len(PROMPTS)], choice)


def test_conform_keeps_a_valid_value_and_mends_an_invalid_one():
    schema = {
        "type": "object",
        "properties": {
            "v": {"type": "string", "pattern": r"^\d+\.\d+\.\d+$"},
            "n": {"type": "integer", "minimum": 2, "multipleOf": 5},
            "c": {"type": "string", "enum": ["A", "B"], "default": "B"},
            "xs": {"type": "array", "items": INT, "maxItems": 2, "uniqueItems": True},
        },
        "required": ["v", "n", "c", "xs"],
        "additionalProperties": False,
    }
    got = conform({"v": "v3.1.4", "n": "7", "c": "a", "xs": [1, 1, 2, 3], "extra": 1}, schema)
    assert got == {"v": "3.1.4", "n": 5, "c": "A", "xs": [1, 2]}
    assert conform(MISSING, schema) == {"v": "0.0.0", "n": 5, "c": "B", "xs": []}
    assert conform({"v": "3.1.4", "n": 10, "c": "B", "xs": [4]}, schema) == {
        "v": "3.1.4",
        "n": 10,
        "c": "B",
        "xs": [4],
    }
    assert shortest_match(r"^(?:INV|PO)-\d{2,}[a-z]?$") == "PO-00"


SHELF = {
    "name": "find_shelf",
    "description": "Find the library shelf that holds a book",
    "input_schema": obj({"book": S}),
}


@pytest.mark.parametrize(
    "ask, later, quoted",
    [
        (
            "Which shelf holds 'Middlemarch'?",
            "Summarize the conversation so far.",
            "C-14",
        ),
        ("《围城》在哪个书架？", "总结一下到目前为止的对话。", "C-14"),
    ],
)
def test_a_history_of_calls_without_tools_is_answered_from_its_results(client, ask, later, quoted):
    # the live API answers it (agentkit.offline.validation): no call can be made, the results
    # are quoted, for the open task and for a later question about the conversation
    messages = [{"role": "user", "content": ask}]
    pick = {"type": "tool", "name": "find_shelf"}
    r = client.messages.create(
        model=MODEL, max_tokens=512, tools=[SHELF], tool_choice=pick, messages=messages
    )
    use = next(b for b in r.content if b.type == "tool_use")
    messages += [
        {"role": "assistant", "content": r.content},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": use.id, "content": '{"shelf": "C-14", "floor": 2}'}
        ]},
    ]  # fmt: skip
    for turn in (
        [],
        [{"role": "assistant", "content": "C-14."}, {"role": "user", "content": later}],
    ):
        r = client.messages.create(model=MODEL, max_tokens=512, messages=messages + turn)
        assert r.stop_reason == "end_turn" and [b.type for b in r.content] == ["text"]
        assert "C-14" in r.content[0].text  # quoted, or the one field asked for (sim.tally)
        assert quoted in r.content[0].text or "shelf" in r.content[0].text


def test_what_a_record_names_its_scope_its_dashes_and_what_it_refuses(client):
    schema = obj({"城市": S, "天数": INT, "不去": STRINGS})
    got = structured(client, schema, "整理行程：去西安玩三天，不去兵马俑，也不去大雁塔。")
    assert got == {"城市": "西安", "天数": 3, "不去": ["兵马俑", "大雁塔"]}
    kinds = {"type": "string", "enum": ["feat", "fix", "docs"]}
    schema = obj({"kind": kinds, "scope": S, "summary": S})
    got = structured(client, schema, "Classify this commit: 'fix(parser): accept empty lines'")
    assert got == {"kind": "fix", "scope": "parser", "summary": "accept empty lines"}
    schema = obj({"title": S, "labels": STRINGS})
    got = structured(
        client, schema, "Make a card of this: 'Spring garden cleanup — tools, compost'"
    )
    assert got == {"title": "Spring garden cleanup", "labels": ["tools", "compost"]}
    schema = obj({"task": S, "avoid": STRINGS})
    got = structured(client, schema, "Add to my list: repaint the fence, no glossy paint please.")
    assert got == {"task": "repaint the fence", "avoid": ["glossy paint"]}


def test_an_optional_value_written_after_its_own_noun_is_taken(client):
    mailer = {
        "name": "schedule_mailing",
        "description": "Schedule a newsletter mailing.",
        "input_schema": obj(
            {"audience": {"type": "string", "enum": ["customers", "subscribers"]}, "promo_code": S},
            required=["audience"],
        ),
    }
    prompt = "Schedule the mailing for our subscribers, with the promo SPRING26."
    got = forced(client, [mailer], prompt, {"type": "tool", "name": "schedule_mailing"})
    assert got.input == {"audience": "subscribers", "promo_code": "SPRING26"}
