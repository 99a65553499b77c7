"""A value must be of the kind its property asks (agentkit.sim.arguments): a code the text labels
as another thing's own number (a passport's, an ID card's, a member's 会员号, a phone's 联系电话)
is no value of a property that does not name it; the kind of a thing (permit_type) is the word
said before the thing's noun, never the user's name; a member of another property's enum is that
property's; a Chinese label of a compound name (队名, 队长) labels its property. Each request goes
through the real SDK to the stand-in."""

import jsonschema
import pytest
from loops import tool

import agentkit

MODEL = agentkit.default_model()
S = {"type": "string"}


def first_call(text, tools, choice=None):
    client = agentkit.make_client(offline=True)
    extra = {"tool_choice": choice} if choice else {}
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        tools=tools,
        messages=[{"role": "user", "content": text}],
        **extra,
    )
    uses = [b for b in r.content if b.type == "tool_use"]
    assert uses, r.content
    by_name = {t["name"]: t for t in tools}
    jsonschema.validate(uses[0].input, by_name[uses[0].name]["input_schema"])
    return uses[0].input


CASES = [
    (  # a passport number is no embassy, the user's name no permit type
        tool(
            "get_open_days",
            "Open days at an embassy for a permit type (work, study, family).",
            {"embassy": S, "permit_type": S},
        ),
        "Hi, this is Lena Fischer (passport C88K21077). I need the earliest work permit "
        "interview at the Madrid embassy.",
        {"embassy": "Madrid", "permit_type": "work"},
    ),
    (  # "ID card" names a number's kind: no test centre
        tool(
            "list_exam_slots",
            "Open exam slots at a test centre for a licence class.",
            {"test_centre": S, "licence_class": S},
        ),
        "Hello, I'm Tomasz Wójcik (ID card AX-99120, phone 0612 345 678). Please find the "
        "first class B slot at the Utrecht test centre.",
        {"test_centre": "Utrecht", "licence_class": "B"},
    ),
    (  # a member's number is no district, an enum's member no place
        tool(
            "list_gyms",
            "List gyms in a district for a membership plan.",
            {"district": S, "plan": {"type": "string", "enum": ["G1", "G2"]}},
        ),
        "我的会员号是 GM-77120，想在徐汇练G2套餐，有哪些健身房？",
        {"district": "徐汇", "plan": "G2"},
    ),
]


@pytest.mark.parametrize(("tools", "text", "want"), [(c[0], c[1], c[2]) for c in CASES])
def test_value_of_its_kind(tools, text, want):
    got = first_call(text, [tools])
    assert {k: got.get(k) for k in want} == want


def test_chinese_labels_of_a_team():
    """队名 labels team_name and 队长 the captain; the phone labelled 联系电话 is neither."""
    t = tool(
        "enter_choir",
        "合唱比赛报名",
        {"team_name": S, "captain": S, "phone": S},
    )
    got = first_call(
        "报名信息：队名叫“晨光”，队长是周明远，联系电话 139-2222-0101。",
        [t],
        {"type": "any"},
    )
    assert got["team_name"] == "晨光"
    assert got["captain"] == "周明远"
    assert got["phone"].replace("-", "") == "13922220101"


def test_question_words_are_no_name():
    """ "Which of Lars, Ingrid and Sven ..." asks about three people: one call each, by name."""
    client = agentkit.make_client(offline=True)
    t = tool(
        "get_guide_schedule",
        "Get a mountain guide's free days and rating.",
        {"guide_name": S},
    )
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        tools=[t],
        messages=[
            {
                "role": "user",
                "content": "Which of Lars, Ingrid and Sven is free on Saturday for a glacier hike?",
            }
        ],
    )
    names = [b.input["guide_name"] for b in r.content if b.type == "tool_use"]
    assert names == ["Lars", "Ingrid", "Sven"]


def _run(prompt, tools, handlers):
    client = agentkit.make_client(offline=True)
    msgs = [{"role": "user", "content": prompt}]
    calls = []
    for _ in range(4):
        r = client.messages.create(model=MODEL, max_tokens=512, tools=tools, messages=msgs)
        msgs.append({"role": "assistant", "content": r.content})
        uses = [b for b in r.content if b.type == "tool_use"]
        if not uses:
            break
        calls += [(b.name, b.input) for b in uses]
        msgs.append(
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": b.id,
                        "content": handlers[b.name](**b.input),
                    }
                    for b in uses
                ],
            }
        )
    return calls


ROWS = [
    (  # two spaces between fields: the id field's token, of the row the request describes
        "Reserve a quiet cabin on the ferry SF-88 tomorrow for guest Omar Haddad.",
        [
            tool("list_cabins", "List free cabins on a ferry for a date.", {"ferry": S, "date": S}),
            tool(
                "reserve_cabin",
                "Reserve a cabin for a guest.",
                {"ferry": S, "date": S, "cabin_id": S, "guest_name": S},
            ),
        ],
        "free cabins:\ncabin_id=C-101  deck=2  noise=loud\ncabin_id=C-214  deck=3  noise=quiet\n",
        ("reserve_cabin", "cabin_id", "C-214"),
    ),
    (  # a bar between fields, a yes/no written as yes or no
        "Book a court with floodlights at Riverside club on Friday for member Anja Berg.",
        [
            tool("list_courts", "List free courts at a club for a date.", {"club": S, "date": S}),
            tool(
                "book_court",
                "Book a court for a member.",
                {"court_id": S, "date": S, "member_name": S},
            ),
        ],
        "court_id: CT-3 | surface: clay | floodlights: no\n"
        "court_id: CT-7 | surface: hard | floodlights: yes\n",
        ("book_court", "court_id", "CT-7"),
    ),
]


@pytest.mark.parametrize(("prompt", "tools", "listing", "want"), ROWS)
def test_a_row_id_is_its_token(prompt, tools, listing, want):
    """A text result of one record a line gives the id field's own token, never the row."""
    act, field, value = want
    handlers = {tools[0]["name"]: lambda **k: listing, act: lambda **k: f"DONE {k[field]}"}
    calls = _run(prompt, tools, handlers)
    assert [c[1][field] for c in calls if c[0] == act] == [value]


GIVEN = [
    ("Please board Kiwi the African Grey parrot from Monday.", "Kiwi", "African Grey"),
    ("I'd like to board my African Grey, Kiwi, next week.", "Kiwi", "African Grey"),
]


@pytest.mark.parametrize(("text", "name", "species"), GIVEN)
def test_a_kind_is_no_name(text, name, species):
    """A thing's given name, never its kind: "Kiwi the African Grey", "my African Grey, Kiwi"."""
    t = tool("board_bird", "Board a bird at the aviary.", {"bird_name": S, "species": S})
    got = first_call(text, [t])
    assert (got["bird_name"], got["species"]) == (name, species)


def test_a_name_after_called():
    """ "a Bavaria Cruiser named Sea Breeze": the boat's name is the one after "named"."""
    t = tool("register_boat", "Register a boat at the marina.", {"boat_name": S, "model": S})
    got = first_call("Register my Bavaria Cruiser named Sea Breeze for berth 12.", [t])
    assert got["boat_name"] == "Sea Breeze"


def test_a_label_of_its_own_kind():
    """学员号 labels a student's number: it fills student_id (only another property refuses it)."""
    t = tool("book_practice", "Book a piano practice room.", {"student_id": S, "date": S})
    got = first_call("我的学员号是 PN-6620，帮我约下周五的琴房。", [t])
    assert got["student_id"] == "PN-6620"


def test_a_place_said_after_from_is_no_user_and_fills_the_things_name():
    ferry = tool("next_ferries", "Next ferries leaving a pier.", {"pier_name": S})
    assert first_call("When's the next ferry from Kastellholmen?", [ferry]) == {
        "pier_name": "Kastellholmen"
    }
