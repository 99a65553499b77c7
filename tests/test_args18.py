"""The right value in each argument (round 18): each property's value read by the property's kind
from the span of text about it. A specialty enum by the body part or trouble said (eye ->
ophthalmology, 牙疼 -> 口腔科); a level by the words that grade it, the nearest member of the
scale ("有点急" -> 高, "no hurry" -> normal); a pet's or a child's name after 我家, never a
fragment; an optional note the remark the request's sentence adds, or left out; an optional
lower time bound only from a bound said, never the time of the event; a value described as
another tool's result taken from that result, one call per named key; a file inside a folder
listed first and picked by the request's words; a Chinese count's thing as the item."""

from __future__ import annotations

from loops import converse, strings, tool

INT = {"type": "integer"}


def test_a_specialty_enum_is_the_field_of_the_body_part_the_user_names():
    find = tool(
        "find_clinicians",
        "Find clinicians at the health centre by specialty.",
        {"specialty": {"type": "string", "enum": ["orthopedics", "ophthalmology", "general"]}},
    )
    calls, _ = converse(
        "Find me a clinician, my eyes have been blurry since Monday.",
        [find],
        {"find_clinicians": lambda specialty: {"clinicians": []}},
    )
    assert calls[0] == ("find_clinicians", {"specialty": "ophthalmology"})

    zh = tool(
        "find_clinic",
        "按科室查找可预约的门诊。",
        {"department": {"type": "string", "enum": ["眼科", "骨科", "口腔科", "全科"]}},
    )
    calls, _ = converse(
        "我这两天牙疼得厉害，帮我查一下可预约的门诊", [zh], {"find_clinic": lambda **k: []}
    )
    assert calls[0] == ("find_clinic", {"department": "口腔科"})


def test_a_level_is_the_member_nearest_what_the_words_grade():
    report = tool(
        "report_it_issue",
        "报告一个 IT 故障。",
        {
            **strings(device="设备", problem="问题描述"),
            "priority": {"type": "string", "enum": ["低", "中", "高"]},
        },
    )
    calls, _ = converse(
        "帮我报个 IT 故障：三楼的打印机卡纸了，一直打不出来，有点急。",
        [report],
        {"report_it_issue": lambda **k: {"ticket": "IT-4410"}},
    )
    assert calls[0][1]["priority"] == "高"

    pickup = tool(
        "schedule_laundry_pickup",
        "Schedule a laundry pickup.",
        {
            **strings(address="Pickup address"),
            "speed": {"type": "string", "enum": ["express", "standard"]},
        },
    )
    calls, _ = converse(
        "Schedule a laundry pickup at 12 Elm Road please, no hurry at all.",
        [pickup],
        {"schedule_laundry_pickup": lambda **k: {"job": "LP-7"}},
    )
    assert calls[0][1]["speed"] == "standard"


def test_a_name_after_wo_jia_is_the_pet_or_child_never_a_fragment():
    enrol = tool(
        "enrol_swimming",
        "给孩子报名游泳课。",
        {**strings(child_name="孩子的名字"), "level": {"type": "string", "enum": ["初级", "中级"]}},
    )
    calls, _ = converse(
        "帮我家小宇报一下初级游泳课，他下次最晚什么时候能开始？",
        [enrol],
        {"enrol_swimming": lambda **k: {"ok": True}},
    )
    assert calls[0][1]["child_name"] == "小宇"

    record = tool(
        "get_rabbit_record",
        "按名字查询兔子的健康档案。",
        strings(rabbit_name=None),
    )
    calls, _ = converse(
        "我家团团的健康档案里体检是不是过期了？",
        [record],
        {"get_rabbit_record": lambda rabbit_name: "名字: 团团\n上次体检: 2026-01-05"},
    )
    assert [c[1]["rabbit_name"] for c in calls] == ["团团"]


def test_an_optional_note_is_the_remark_the_request_adds_or_nothing():
    deliver = tool(
        "order_garden_supplies",
        "Order garden supplies for delivery.",
        {
            **strings(product="What to order"),
            "bags": INT,
            "note": {"type": "string", "description": "Optional note for the driver"},
        },
        required=["product", "bags"],
    )
    calls, _ = converse(
        "Please order 3 bags of compost, leave them by the side gate.",
        [deliver],
        {"order_garden_supplies": lambda **k: {"order": "GS-1"}},
    )
    assert calls[0][1]["note"] == "leave them by the side gate"

    swim = tool(
        "log_swim",
        "Log a swim. Distance in metres.",
        {"metres": INT, "notes": {"type": "string"}},
        required=["metres"],
    )
    calls, _ = converse(
        "Done: 1500 metres in the lake this morning. Log it please. Am I swimming enough?",
        [swim],
        {"log_swim": lambda **k: {"saved": True}},
    )
    assert "notes" not in calls[0][1]


def test_an_event_time_is_no_lower_bound_of_a_search():
    ferries = tool(
        "search_ferries",
        "Search ferry crossings on a date. Date YYYY-MM-DD.",
        {
            **strings(from_port=None, to_port=None, date=None),
            "earliest_departure": {"type": "string", "description": "HH:MM, optional"},
        },
        required=["from_port", "to_port", "date"],
    )
    sailings = {"sailings": [{"ferry": "F1", "depart": "06:30", "arrive": "08:40"}]}
    calls, _ = converse(
        "I have a conference in Kiel at 09:30 on 2026-12-18, going from Oslo by ferry.",
        [ferries],
        {"search_ferries": lambda **k: sailings},
    )
    assert "earliest_departure" not in calls[0][1]
    calls, _ = converse(
        "Ferries from Oslo to Kiel on 2026-12-18, leaving after 07:00 please.",
        [ferries],
        {"search_ferries": lambda **k: sailings},
    )
    assert calls[0][1]["earliest_departure"] == "07:00"


def test_a_value_described_as_a_result_comes_from_that_result_one_call_each():
    copies = tool(
        "find_copies",
        "Copies of a book on the shelf at each library branch.",
        strings(isbn="ISBN, e.g. 978-0141439518"),
    )
    queue = tool(
        "hold_queue_length",
        "How many people wait for a book at a branch.",
        strings(branch="Branch name as returned by find_copies", isbn=None),
    )
    branches = {"isbn": "978-0141439518", "on_shelf": {"Central": 0, "Eastside": 2}}
    calls, _ = converse(
        "Is 978-0141439518 on the shelf anywhere, and how long is the hold queue at each branch?",
        [copies, queue],
        {"find_copies": lambda isbn: branches, "hold_queue_length": lambda **k: {"waiting": 1}},
    )
    assert calls[0] == ("find_copies", {"isbn": "978-0141439518"})
    assert sorted(c[1]["branch"] for c in calls[1:]) == ["Central", "Eastside"]


def test_a_file_inside_a_named_folder_is_listed_first_and_picked_by_its_words():
    docs = {
        "/Contracts/2026/lease_v1.docx": 40,
        "/Contracts/2026/lease_v2.docx": 42,
        "/Contracts/2026/nda.pdf": 12,
    }
    listing = tool("list_documents", "List the documents in a folder.", strings(folder=None))
    archive = tool(
        "archive_document", "Archive one document.", strings(path="Full path of the document")
    )
    calls, _ = converse(
        "In /Contracts/2026 there's an outdated lease draft (the v1 one). Archive it.",
        [listing, archive],
        {
            "list_documents": lambda folder: "\n".join(f"{p}\t{k} KB" for p, k in docs.items()),
            "archive_document": lambda path: {"archived": path},
        },
    )
    assert calls == [
        ("list_documents", {"folder": "/Contracts/2026"}),
        ("archive_document", {"path": "/Contracts/2026/lease_v1.docx"}),
    ]


def test_a_chinese_count_names_the_item_it_counts():
    send = tool(
        "send_parcel",
        "寄件。",
        {**strings(item="物品", city="收件城市")},
    )
    calls, _ = converse(
        "帮我寄两盒月饼到成都。", [send], {"send_parcel": lambda **k: {"waybill": "SF-1"}}
    )
    assert calls[0][1] == {"item": "月饼", "city": "成都"}
