"""Session 50's lead fixes: a Chinese place is a word the dictionary calls one (a city, a
district) when the words a request seems to name are none ("帮我订明天苏州的…" names 苏州, not
帮我订); and a party said in words ("我们三个人", "a party of four") needs that many places of a
listing's one capacity field. Programs through the real SDK client, in this file's own domains."""

import pytest
from loops import converse, tool

from agentkit.sim import arguments, entries, glosses

CLASSES = [
    tool(
        "find_classes",
        "查找茶艺课场次",
        {"city": {"type": "string"}, "date": {"type": "string", "description": "YYYY-MM-DD"}},
    ),
    tool(
        "book_class",
        "预订茶艺课名额",
        {"class_id": {"type": "string"}, "people": {"type": "integer"}},
    ),
]
HANDLERS = {
    "find_classes": lambda city, date: [
        {"class_id": "TC-11", "time": "10:00", "spots_left": 2},
        {"class_id": "TC-12", "time": "14:00", "spots_left": 6},
    ],
    "book_class": lambda class_id, people: {"booked": class_id, "people": people},
}


@pytest.mark.parametrize(
    "said, city",
    [
        ("帮我订后天苏州的茶艺课，我们四个人。", "苏州"),
        ("我想订下周六厦门的茶艺课，一共四位。", "厦门"),
    ],
)
def test_a_dictionary_place_and_a_party_in_words_pick_the_class_with_room(said, city):
    calls, _ = converse(said, CLASSES, HANDLERS)
    assert calls[0][0] == "find_classes" and calls[0][1]["city"] == city
    assert calls[-1] == ("book_class", {"class_id": "TC-12", "people": 4})


def test_a_party_of_four_in_english_needs_four_spots():
    calls, _ = converse(
        "Book the tea ceremony class in Kyoto tomorrow for a party of four.", CLASSES, HANDLERS
    )
    assert calls[-1][0] == "book_class" and calls[-1][1]["class_id"] == "TC-12"


def test_a_place_the_dictionary_does_not_know_is_kept():
    assert arguments.places("菜园区的土干不干") == ["菜园区"]
    assert arguments.places("帮我订明天杭州的品酒会") == ["杭州"]


def test_the_dictionary_says_which_words_are_places():
    assert [
        w for w in ("成都", "日内瓦", "浦东", "帮我订", "孔子", "明天") if glosses.place(w)
    ] == [
        "成都",
        "日内瓦",
        "浦东",
    ]


# ------------------------------------------------ a list's last item before a word of time or asking
def test_a_chinese_list_keeps_its_last_item_before_a_word_of_time():
    said = "苏州、无锡、常州现在哪个城市的停车费最便宜？"
    assert arguments.zh_listed(said) == ["苏州", "无锡", "常州"]
    fees = [tool("get_parking_fee", "Get the hourly parking fee in a city.", {"city": S})]
    calls, _ = converse(said, fees, {"get_parking_fee": lambda city: f"{city}: 6 元/小时"})
    assert [c[1]["city"] for c in calls] == ["苏州", "无锡", "常州"]


# -------------------------------------------- the act said as the thing a changing tool arranges
S = {"type": "string"}
TASTING = [
    tool(
        "arrange_tasting",
        "安排试吃",
        {"menu_id": S, "start": {"type": "string", "description": "YYYY-MM-DD HH:MM"}, "phone": S},
    )
]


def test_a_thing_arranged_said_with_its_values_asks_for_the_arranging_tool():
    calls, _ = converse(
        "婚宴菜单 MN-204 下周五晚上七点试吃，电话 13912345678",
        TASTING,
        {"arrange_tasting": lambda **kw: {"ok": True, **kw}},
    )
    assert calls == [
        (
            "arrange_tasting",
            {"menu_id": "MN-204", "start": "2026-12-11 19:00", "phone": "13912345678"},
        )
    ]


# ---------------------------------------------------------------- a date in its described layout
@pytest.mark.parametrize(
    "description, want",
    [
        ("YYYY-MM-DD HH:MM", "2026-12-09 15:30"),
        ("DD.MM.YYYY HH:mm", "09.12.2026 15:30"),
        ("date, DD/MM/YYYY", "09/12/2026"),
    ],
)
def test_a_date_is_written_in_the_layout_its_description_spells(description, want):
    slots = [
        tool(
            "book_court",
            "Book a squash court.",
            {"when": {"type": "string", "description": description}},
        )
    ]
    calls, _ = converse(
        "Book a squash court on 9 December 2026 at 3:30pm.",
        slots,
        {"book_court": lambda when: "ok"},
    )
    assert calls == [("book_court", {"when": want})]


# ------------------------------------ an order after a sentence that says who asks; hold is an act
LESSONS = [
    tool("list_lessons", "List a student's upcoming riding lessons.", {"student_id": S}),
    tool(
        "reschedule_lesson",
        "Reschedule a riding lesson to a new date.",
        {"lesson_id": S, "new_date": {"type": "string", "format": "date"}},
    ),
]
LESSON_CALLS = {
    "list_lessons": lambda student_id: {
        "lessons": [
            {"lesson_id": "RL-31", "date": "2026-12-08", "pony": "Biscuit", "kind": "jumping"},
            {"lesson_id": "RL-38", "date": "2026-12-12", "pony": "Maple", "kind": "dressage"},
        ]
    },
    "reschedule_lesson": lambda lesson_id, new_date: f"{lesson_id} moved to {new_date}",
}


def test_an_order_after_a_sentence_that_says_who_asks_is_still_an_order():
    calls, _ = converse(
        "I'm student ST-8812. Please move my dressage lesson to 14 December 2026.",
        LESSONS,
        LESSON_CALLS,
    )
    assert calls[-1] == ("reschedule_lesson", {"lesson_id": "RL-38", "new_date": "2026-12-14"})


YURTS = [
    tool(
        "search_yurts",
        "Search yurts in a district.",
        {"district": S, "max_price": {"type": "number"}},
        ["district"],
    ),
    tool("hold_yurt", "Put a 2-hour hold on a yurt.", {"yurt_id": S}),
]
YURT_CALLS = {
    "search_yurts": lambda district, max_price=None: [
        {"yurt_id": "YT-1", "name": "Basement A", "per_hour": 14},
        {"yurt_id": "YT-4", "name": "Loft B", "per_hour": 11},
    ],
    "hold_yurt": lambda yurt_id: {"held": yurt_id},
}


def test_showing_a_listing_holds_nothing_and_a_hold_asked_later_does():
    calls, _ = converse(
        ["Show me yurts in Neukölln.", "Put a hold on the second one."], YURTS, YURT_CALLS
    )
    assert calls == [("search_yurts", {"district": "Neukölln"}), ("hold_yurt", {"yurt_id": "YT-4"})]


# ------------------------------------------------------- a nested object labelled with its own name
PERSON = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "description": "The name of the giver."},
        "email": {"type": "string", "format": "email", "description": "The giver's email."},
    },
    "required": ["name", "email"],
}
PLANT_LOG = [
    tool(
        "log_plant_swap",
        "Record a plant swap at the community garden.",
        {"plant": S, "giver": PERSON, "quantity": {"type": "integer"}},
    )
]


def test_a_nested_object_takes_its_values_from_the_line_its_name_labels():
    calls, _ = converse(
        "Can you log a private swap with the following details?\nPlant: Boston fern\n"
        "Giver: Amara Okafor (amara.o@example.org)\nQuantity: 3",
        PLANT_LOG,
        {"log_plant_swap": lambda **kw: "logged"},
    )
    assert calls[0][1]["giver"] == {"name": "Amara Okafor", "email": "amara.o@example.org"}


# ------------------------------------------------ an article alone lists no entry of a list field
def test_an_article_alone_lists_no_entry_but_a_pair_of_does():
    from tests.test_extract8 import INT, NUM, STR, obj, structured

    day = obj({"day": STR, "high": NUM, "low": NUM, "condition": STR})
    report = obj({"city": STR, "forecast": {"type": "array", "items": day}})
    assert structured(report, "Give me a snow report for Zermatt.")["forecast"] == []
    line = obj({"item": STR, "quantity": INT})
    said = entries.counted_entries(line, "For Ines Palma: a pair of hiking boots; 2 belts.")
    assert said == [{"item": "hiking boots", "quantity": 1}, {"item": "belts", "quantity": 2}]
    assert entries.counted_entries(line, "Please send a cleaner to flat 4.") == []


# ------------------------------------------- arithmetic in words: an adding tool, "only the result"
ADDER = [
    tool("adder", "Adds two numbers", {"a": {"type": "number"}, "b": {"type": "number"}}),
    tool("rate_mood", "Rates the mood of a text.", {"score": {"type": "number"}}),
]


@pytest.mark.parametrize(
    "said, a, b",
    [
        ("We had 12 lambs and 5 more were born this week. How many lambs do we have now?", 12, 5),
        ("我有8本书，又买了3本，现在一共有几本？", 8, 3),
    ],
)
def test_a_word_problem_is_worked_out_with_the_tool_its_description_says_adds(said, a, b):
    calls, [final] = converse(said, ADDER, {"adder": lambda a, b: a + b})
    assert calls == [("adder", {"a": a, "b": b})] and str(a + b) in final


def test_a_word_problem_inside_quoted_material_asks_no_arithmetic():
    calls, _ = converse(
        'Rate the mood of this text: "We had 12 lambs and 5 more were born! How many now?"',
        ADDER,
        {"adder": lambda a, b: a + b, "rate_mood": lambda score: "ok"},
    )
    assert [c[0] for c in calls] != ["adder"]


@pytest.mark.parametrize(
    "said, answer",
    [
        ("Multiply 2417 by 388. Only respond with the result", "937796"),
        ("计算 123 乘以 456，只回答结果", "56088"),
    ],
)
def test_only_the_result_is_said_when_the_request_asks_for_only_that(said, answer):
    _, [final] = converse(said, [], {})
    assert final == answer


# -------------------------------------------- a generic value beside an enum that says what it is
FIND_MEMBER = [
    tool(
        "find_member",
        "Finds a gym member by email, phone or card number.",
        {
            "key": {"type": "string", "enum": ["email", "phone", "card_number"]},
            "value": {"type": "string", "description": "The value to match."},
        },
    )
]


@pytest.mark.parametrize(
    "said, key, value",
    [
        (
            "Find the gym member whose email is tom.ruiz@example.net",
            "email",
            "tom.ruiz@example.net",
        ),
        ("Find the gym member with phone +44 7700 900123", "phone", "+44 7700 900123"),
    ],
)
def test_a_generic_value_takes_the_texts_value_of_the_member_chosen(said, key, value):
    calls, _ = converse(said, FIND_MEMBER, {"find_member": lambda key, value: {"member": "M-1"}})
    assert calls[0] == ("find_member", {"key": key, "value": value})


# ---------------------------------------------------- "cheapest" over a rate field across calls
def test_the_cheapest_across_named_calls_is_read_from_a_rate_field():
    tutors = {
        "Ines Duarte": {"subjects": ["chemistry"], "rate_per_hour": 38, "rating": 4.7},
        "Kofi Mensah": {"subjects": ["physics", "maths"], "rate_per_hour": 45, "rating": 4.9},
        "Lena Vogt": {"subjects": ["maths"], "rate_per_hour": 32, "rating": 4.4},
    }
    calls, [final] = converse(
        "Which of Ines Duarte, Kofi Mensah and Lena Vogt is the cheapest tutor?",
        [tool("get_tutor", "Look up a tutor's profile by name.", {"name": S})],
        {"get_tutor": lambda name: tutors[name]},
    )
    assert [c[1]["name"] for c in calls] == list(tutors)
    first = final.splitlines()[0]
    assert "Lena Vogt" in first and "32" in first and "Ines Duarte 38" in first


# --------------------------------------- records in the state asked; a table aligned in columns
BAYS = """BAY   VESSEL            STATE        SINCE
B1    Nordlys           loading      06:10
B2    -                 idle         05:00
B3    Sea Wren          unloading    07:45
B4    -                 idle         04:30"""


def test_the_records_in_the_state_asked_are_named_from_an_aligned_table():
    bays = [tool("list_bays", "List the harbour's loading bays and their state.", {})]
    calls, [final] = converse(
        "Which bays are idle at the moment?", bays, {"list_bays": lambda: BAYS}
    )
    assert calls == [("list_bays", {})] and final.splitlines()[0] == "2 idle: B2; B4."


def test_the_rooms_in_the_state_asked_in_chinese():
    rooms = [tool("list_rooms", "列出会议室及其状态", {})]
    listing = [
        {"房间": "松", "状态": "使用中"},
        {"房间": "竹", "状态": "空闲"},
        {"房间": "梅", "状态": "空闲"},
    ]
    _, [final] = converse("哪些会议室现在空闲？", rooms, {"list_rooms": lambda: listing})
    assert final.splitlines()[0] == "“空闲”的有 2 个：竹；梅。"


# --------------------------------------------------- a bill's total written to the file asked
def test_an_order_total_is_quantity_times_price_written_to_the_file_named():
    files = {"basket.csv": "item,qty,price\nbeeswax candle,2,6.50\nlinen napkin,4,3.25\n"}
    desk = [
        tool("read_file", "Read a text file.", {"path": S}),
        tool("write_file", "Write text to a file.", {"path": S, "content": S}),
    ]
    handlers = {
        "read_file": lambda path: files[path],
        "write_file": lambda path, content: files.__setitem__(path, content) or "written",
    }
    converse("Read basket.csv and write the order total to total.txt.", desk, handlers)
    assert files["total.txt"].strip() == "26.00"


# ------------------------------------- an edit lands on the key a Chinese word names by its gloss
def test_a_chinese_key_named_by_its_gloss_under_its_section_is_changed():
    files = {"duty.yaml": "managers:\n  weekday: Tom\n  weekend: Lee\nfloor: 2\n"}
    desk = [
        tool("read_file", "Read a text file.", {"path": S}),
        tool("edit_file", "Replace a string in a file.", {"path": S, "old_str": S, "new_str": S}),
    ]

    def edit_file(path, old_str, new_str):
        files[path] = files[path].replace(old_str, new_str, 1)
        return "edited"

    converse(
        "在 duty.yaml 里把周末的经理换成 Ruth。",
        desk,
        {"read_file": lambda path: files[path], "edit_file": edit_file},
    )
    assert files["duty.yaml"] == "managers:\n  weekday: Tom\n  weekend: Ruth\nfloor: 2\n"


def test_a_duration_in_minutes_is_no_threshold_to_be_over():
    passes = [
        tool(
            "get_balloon_flights", "Hot-air balloon flights over a valley on a date.", {"valley": S}
        )
    ]
    flights = {
        "flights": [
            {"start": "06:10", "max_altitude_m": 900, "duration_min": 60},
            {"start": "07:40", "max_altitude_m": 600, "duration_min": 45},
        ]
    }
    _, [final] = converse(
        "When is the first balloon flight over the Dordogne valley?",
        passes,
        {"get_balloon_flights": lambda valley: flights},
    )
    assert "above their" not in final and "06:10" in final


def test_a_chinese_question_about_stock_reaches_an_english_stockroom_tool_and_names_the_low_ones():
    room = [tool("get_supplies", "Get the supplies in the theatre's stockroom.", {})]
    table = "item,qty,min_qty\n胶带,3,10\n电池,40,24\n灯泡,2,6\n"
    calls, [final] = converse(
        "道具间库存里哪些东西低于最低数量了？", room, {"get_supplies": lambda: table}
    )
    assert calls == [("get_supplies", {})]
    assert final.splitlines()[0].startswith("低于各自 min_qty 的有 2 项") and "胶带" in final
