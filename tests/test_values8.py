"""Values the prompt gives, taken whole and in their role (agentkit.sim.arguments,
agentkit.sim.values, agentkit.sim.general): a full name with accents, particles, a hyphen or an
apostrophe, and a Chinese name with a double surname; several routes written as two joined ends,
one call each; a place said as its parts, as one string (in the shape of the description's
example, else reshaped once by the example an error gives); a code that opens with its digits;
a number said with its scale in words; a Chinese number plate, read for the plate, and a code labelled as a plate or a
registration, never another record's id, so the look-up that gives the id is made first; the one
who serves for a bare `name` of a tool about them, never the user, who is the one booked; a
weight in tonnes, "两吨半", in kilograms. Each request goes through the real SDK to the stand-in."""

import json

from test_argument_values import calls
from test_arguments import INT, MODEL, S, tool

import agentkit

ENROL = tool(
    "enrol_student",
    "Enrol a student on a course.",
    {"student_name": S, "course": S},
    ["student_name", "course"],
)
REGISTER = tool(
    "register_runner",
    "Register a runner for the race.",
    {"full_name": S, "email": S},
    ["full_name", "email"],
)


def test_a_full_name_keeps_its_accents_and_particles():
    got = calls("Please enrol Ana Lucía de los Santos on the pottery course.", ENROL)
    assert got[0]["student_name"] == "Ana Lucía de los Santos"
    got = calls("Register Jean-Luc van der Berg for the race, email jl@example.net", REGISTER)
    assert got[0]["full_name"] == "Jean-Luc van der Berg"
    got = calls("Register Siobhan O'Neill for the race, email so@example.net", REGISTER)
    assert got[0]["full_name"] == "Siobhan O'Neill"
    got = calls(
        "Hello, this is Łucja Kowalczyk, email lk@example.pl, please register me.", REGISTER
    )
    assert got[0]["full_name"] == "Łucja Kowalczyk"
    got = calls("Register Seán Ó Briain for the race, email sob@example.ie", REGISTER)
    assert got[0]["full_name"] == "Seán Ó Briain"
    got = calls("Please register Layla al-Amin for the race, email la@example.ae", REGISTER)
    assert got[0]["full_name"] == "Layla al-Amin"


def test_a_full_name_of_several_accented_words_is_no_month():
    got = calls("Add José María Núñez to the race, his email is jmn@example.es", REGISTER)
    assert got[0]["full_name"] == "José María Núñez"


SIGNUP = tool("sign_up", "为学员报名课程。", {"student_name": S, "course": S}, ["student_name"])


def test_a_chinese_double_surname_is_the_whole_name():
    got = calls("请给欧阳晓岚报名书法课", SIGNUP)
    assert got[0]["student_name"] == "欧阳晓岚"
    got = calls("学员：司马相如，报名古琴课", SIGNUP)
    assert got[0]["student_name"] == "司马相如"


BUS = tool(
    "coach_timetable",
    "Today's departures of an intercity coach line, e.g. 'Leeds-York'",
    {"line": S},
    ["line"],
)
TRAIN = tool("rail_status", "查询城际线路今天是否停运，例如 '广州-佛山'", {"route": S}, ["route"])


def test_several_routes_written_as_joined_ends_are_one_call_each():
    got = calls("Any delays on the Leeds-York, Hull-Selby and Bath-Bristol coaches today?", BUS)
    assert [g["line"] for g in got] == ["Leeds-York", "Hull-Selby", "Bath-Bristol"]
    got = calls("帮我查一下广州-佛山、珠海-中山和东莞至惠州这几条线今天停运没有？", TRAIN)
    assert [g["route"] for g in got] == ["广州-佛山", "珠海-中山", "东莞至惠州"]


SHELVE = tool(
    "shelve_box",
    "Put a box away in the archive.",
    {"box_id": S, "slot": {"type": "string", "description": "archive location, e.g. A-01-1"}},
    ["box_id", "slot"],
)
PARK = tool(
    "park_trolley",
    "Send a trolley to a bay.",
    {"trolley": S, "to_location": {"type": "string", "description": "destination"}},
    ["trolley", "to_location"],
)


def test_a_place_said_as_parts_takes_the_descriptions_shape():
    got = calls("Shelve box BX-7781 in row F, bay 12, tier 3.", SHELVE)
    assert got == [{"box_id": "BX-7781", "slot": "F-12-3"}]


PARK_ZH = tool(
    "park_trolley",
    "把推车停放到指定车位",
    {"trolley": S, "to_location": {"type": "string", "description": "目的车位"}},
    ["trolley", "to_location"],
)


def _run(prompt, tools, handlers):
    """A plain loop: the calls made and the final text."""
    client = agentkit.make_client(offline=True)
    messages = [{"role": "user", "content": prompt}]
    made = []
    for _ in range(6):
        r = client.messages.create(model=MODEL, max_tokens=512, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": r.content})
        if r.stop_reason != "tool_use":
            return made, "".join(b.text for b in r.content if b.type == "text")
        results = []
        for b in r.content:
            if b.type == "tool_use":
                made.append((b.name, dict(b.input)))
                out, err = handlers[b.name](**b.input)
                results.append(
                    {"type": "tool_result", "tool_use_id": b.id, "content": json.dumps(out)}
                    | ({"is_error": True} if err else {})
                )
        messages.append({"role": "user", "content": results})
    return made, ""


def _park(trolley, to_location):
    if not __import__("re").fullmatch(r"[A-Z]-\d{2}-\d", to_location):
        return {
            "error": f"invalid to_location '{to_location}': write bay-lane-spot, e.g. 'K-04-2'"
        }, True
    return {"ok": True, "trolley": trolley, "to": to_location}, False


def test_a_place_said_as_parts_is_reshaped_once_by_the_errors_example():
    made, _ = _run("Send trolley T-88 to bay G, lane 7, spot 1.", [PARK], {"park_trolley": _park})
    assert made == [
        ("park_trolley", {"trolley": "T-88", "to_location": "bay G, lane 7, spot 1"}),
        ("park_trolley", {"trolley": "T-88", "to_location": "G-07-1"}),
    ]
    made, _ = _run("把推车 T-88 停到 H区5排2层", [PARK_ZH], {"park_trolley": _park})
    assert made[0] == ("park_trolley", {"trolley": "T-88", "to_location": "H区5排2层"})
    assert made[1] == ("park_trolley", {"trolley": "T-88", "to_location": "H-05-2"})


GROUP = tool(
    "find_group",
    "按班级代码查询班主任和教室。",
    {"group_code": {"type": "string", "description": "班级代码"}},
    ["group_code"],
)
SECTION = tool("section_info", "Look up a course section", {"section_code": S}, ["section_code"])


def _group(group_code):
    return {"error": "NOT_FOUND", "message": f"没有班级 {group_code}"}, True


def test_a_code_that_opens_with_its_digits_is_taken_and_not_found_is_told():
    assert calls("2C-PHYS 这个班的班主任是谁？", GROUP) == [{"group_code": "2C-PHYS"}]
    assert calls("Where does section 11A-CHEM meet?", SECTION) == [{"section_code": "11A-CHEM"}]
    made, text = _run("查一下 4D-BIO 班在哪个教室", [GROUP], {"find_group": _group})
    assert made == [("find_group", {"group_code": "4D-BIO"})]
    assert "4D-BIO" in text and "?" not in text and "？" not in text


ESTIMATE = tool(
    "estimate_print",
    "Estimate a print job.",
    {"pages": INT, "copies": INT},
    ["pages", "copies"],
)


def test_a_number_said_with_its_scale_in_words_is_whole():
    got = calls("Estimate printing about one and a half thousand pages, 2 copies.", ESTIMATE)
    assert got == [{"pages": 1500, "copies": 2}]
    got = calls("Roughly two and a half thousand pages in 3 copies, what would it cost?", ESTIMATE)
    assert got == [{"pages": 2500, "copies": 3}]


FIND_BIKE = tool("find_scooter", "按车牌号查询电动车及其当前租约", {"plate": S}, ["plate"])
EXTEND = tool(
    "extend_lease", "延长租约", {"lease_id": S, "extra_days": INT}, ["lease_id", "extra_days"]
)


def _find(plate):
    return {"plate": plate, "lease_id": "LS-5521", "rider": "周宁"}, False


def _extend(lease_id, extra_days):
    return {"lease_id": lease_id, "extra_days": extra_days, "fee_cny": 30 * extra_days}, False


def test_a_chinese_plate_is_the_plate_and_its_look_up_gives_the_id():
    made, _ = _run(
        "车牌浙A·6F321 那辆电动车要再延长三天，帮忙处理一下。",
        [FIND_BIKE, EXTEND],
        {"find_scooter": _find, "extend_lease": _extend},
    )
    assert made == [
        ("find_scooter", {"plate": "浙A·6F321"}),
        ("extend_lease", {"lease_id": "LS-5521", "extra_days": 3}),
    ]


FIND_TUTOR = tool("find_tutor", "按姓名查找辅导老师", {"name": {"type": "string"}}, ["name"])
FIND_VET = tool("find_vet", "Find a vet by name", {"name": S}, ["name"])
LESSON = tool(
    "book_lesson",
    "为学生预约老师的辅导课",
    {"tutor_id": S, "date": {"type": "string", "description": "YYYY-MM-DD"}, "student_name": S},
    ["tutor_id", "date", "student_name"],
)


def test_a_bare_name_of_a_tool_about_those_who_serve_is_theirs_not_the_users():
    assert calls("帮我约王思雨老师明天的辅导课，我叫赵一鸣。", FIND_TUTOR) == [{"name": "王思雨"}]
    assert calls("我是孙悦，想约周老师的课", FIND_TUTOR) == [{"name": "周老师"}]
    assert calls("Find Dr. Imani Okafor for me, I'm Dana Park.", FIND_VET) == [
        {"name": "Imani Okafor"}
    ]
    assert calls("I'm Dana Park. Please find Imani Okafor.", FIND_VET) == [{"name": "Imani Okafor"}]
    assert calls("我叫赵一鸣，想查找辅导老师 王思雨。", FIND_TUTOR) == [{"name": "王思雨"}]
    assert calls("查一下辅导老师王思雨，我是赵一鸣", FIND_TUTOR) == [{"name": "王思雨"}]


FIND_CAR = tool(
    "find_van", "Look up a van by its number plate and its current hire contract", {"plate": S}
)
EXTEND_HIRE = tool("extend_hire", "Extend a hire contract", {"contract_id": S, "extra_days": INT})


def test_a_code_labelled_as_a_plate_is_no_contract_id_so_its_look_up_runs_first():
    handlers = {
        "find_van": lambda plate: ({"plate": plate, "contract_id": "HC-4410"}, False),
        "extend_hire": lambda contract_id, extra_days: ({"extended": True}, False),
    }
    for prompt in (
        "Please extend the hire of the van with registration YK70 PWD by 4 days.",
        "The van with plate YK70 PWD needs 4 more days, please extend it.",
    ):
        made, _ = _run(prompt, [FIND_CAR, EXTEND_HIRE], handlers)
        assert made == [
            ("find_van", {"plate": "YK70 PWD"}),
            ("extend_hire", {"contract_id": "HC-4410", "extra_days": 4}),
        ]


FIND_COACH = tool("find_coach", "Find a swimming coach by name", {"name": S}, ["name"])
BOOK_SWIM = tool(
    "book_swim_lesson",
    "Book a swimming lesson for a pupil with a coach",
    {"coach_id": S, "date": {"type": "string", "description": "YYYY-MM-DD"}, "pupil_name": S},
    ["coach_id", "date", "pupil_name"],
)


def _coach(name):
    return {"coach_id": "CO-31", "name": name}, False


def _swim(**k):
    return {"booked": True, **k}, False


def test_the_one_who_serves_is_looked_up_and_the_user_is_the_one_booked():
    handlers = {"find_coach": _coach, "book_swim_lesson": _swim}
    made, _ = _run(
        "Hi, I'm Maya Goldberg. Can you book me a lesson with Coach Oduya Nwosu on 2027-03-15?",
        [FIND_COACH, BOOK_SWIM],
        handlers,
    )
    assert made == [
        ("find_coach", {"name": "Oduya Nwosu"}),
        (
            "book_swim_lesson",
            {"coach_id": "CO-31", "date": "2027-03-15", "pupil_name": "Maya Goldberg"},
        ),
    ]


PICKED = tool(
    "log_pick",
    "Record produce picked",
    {"produce": S, "weight_kg": {"type": "number"}},
    ["produce", "weight_kg"],
)


def test_a_weight_in_tonnes_and_a_half_is_kilograms_of_the_produce():
    assert calls("记一下：今天二号棚摘了一吨半番茄。", PICKED, forced=True) == [
        {"produce": "番茄", "weight_kg": 1500}
    ]
    assert calls("Log it: we picked three and a half tonnes of pears.", PICKED, forced=True) == [
        {"produce": "pears", "weight_kg": 3500}
    ]
