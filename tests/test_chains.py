"""Chains and error repair: an act's id the user did not give comes from a lookup the request
fills (the lookup's input read from the request: a district, a titled professional, a venue, a
person by a possessive or an apposition), the entry the request picks and that can serve; after
an error, a format complaint is corrected once by its example, an un-flagged transient one is
retried once, a refusal stops. Domains of our own, in Chinese and English, through the SDK."""

from __future__ import annotations

import json

from tests.test_any_tools import ended, run, tool


def flat(t):
    return [c for turn in t.calls for c in turn]


# ------------------------------------------------------------ the only entry that can serve (zh)

FIND_SEATS = tool(
    "find_seats",
    "查找某个区的自习室座位及其状态。",
    {"district": {"type": "string", "description": "区名,例如 浦东新区"}},
    ["district"],
)
RESERVE_SEAT = tool(
    "reserve_seat",
    "预约一个自习座位(保留30分钟)。",
    {"seat_id": {"type": "string", "description": "座位编号"}},
    ["seat_id"],
)


def study(name, args):
    if name == "find_seats":
        if args["district"] != "闵行区":
            return json.dumps({"seats": []})
        return json.dumps(
            {
                "district": args["district"],
                "seats": [
                    {"seat_id": "MH-02", "room": "图书馆三楼", "status": "使用中"},
                    {"seat_id": "MH-05", "room": "图书馆四楼", "status": "空闲"},
                    {"seat_id": "MH-09", "room": "社区中心", "status": "维修中"},
                ],
            },
            ensure_ascii=False,
        )
    if name == "reserve_seat":
        return json.dumps({"ok": True, "seat_id": args["seat_id"], "hold_minutes": 30})
    raise KeyError(name)


def test_the_district_is_looked_up_first_and_the_only_free_seat_is_reserved():
    t = run("帮我在闵行区预约一个空闲的自习座位。", [FIND_SEATS, RESERVE_SEAT], study)
    calls = flat(t)
    assert calls[0] == ("find_seats", {"district": "闵行区"})
    assert calls[1] == ("reserve_seat", {"seat_id": "MH-05"})
    assert len(calls) == 2
    ended(t)


# ------------------------------------------------ the professional named with a title (zh, en)

LIST_LESSONS = tool(
    "list_lessons",
    "查询某位老师的空闲钢琴课时段。",
    {"teacher": {"type": "string", "description": "老师姓名"}},
    ["teacher"],
)
BOOK_LESSON = tool(
    "book_lesson",
    "用课时编号为学生预约钢琴课。",
    {
        "lesson_id": {"type": "string"},
        "student": {"type": "string", "description": "学生姓名"},
    },
    ["lesson_id", "student"],
)


def piano(name, args):
    if name == "list_lessons":
        if args["teacher"] != "李老师":
            return "[]"
        return json.dumps(
            [
                {"lesson_id": "L-31", "time": "2027-03-04 16:00"},
                {"lesson_id": "L-12", "time": "2027-03-02 10:00"},
                {"lesson_id": "L-40", "time": "2027-03-05 09:00"},
            ]
        )
    if name == "book_lesson":
        return json.dumps({"status": "已预约", **args}, ensure_ascii=False)
    raise KeyError(name)


def test_the_teacher_is_the_titled_name_and_the_user_is_the_student():
    t = run("我是刘洋，帮我约李老师最早的一节钢琴课。", [LIST_LESSONS, BOOK_LESSON], piano)
    calls = flat(t)
    assert calls[0] == ("list_lessons", {"teacher": "李老师"})
    assert calls[1] == ("book_lesson", {"lesson_id": "L-12", "student": "刘洋"})
    ended(t)


LIST_OPENINGS = tool(
    "list_openings",
    "List open lesson times for a tennis coach.",
    {"coach": {"type": "string", "description": "The coach's name"}},
    ["coach"],
)
BOOK_OPENING = tool(
    "book_opening",
    "Book a lesson opening for a player.",
    {"opening_id": {"type": "string"}, "player_name": {"type": "string"}},
    ["opening_id", "player_name"],
)


def tennis(name, args):
    if name == "list_openings":
        if "Alvarez" not in args["coach"]:
            return json.dumps({"openings": []})
        return json.dumps(
            {
                "openings": [
                    {"opening_id": "OP-77", "starts": "2027-05-02 17:30", "court": 4},
                    {"opening_id": "OP-51", "starts": "2027-05-01 08:00", "court": 2},
                ]
            }
        )
    if name == "book_opening":
        return json.dumps({"booked": True, **args})
    raise KeyError(name)


def test_the_coach_is_looked_up_never_the_user_and_the_soonest_opening_is_booked():
    t = run(
        "My name is Tom Reyes. Book me a lesson with Coach Alvarez as soon as possible.",
        [LIST_OPENINGS, BOOK_OPENING],
        tennis,
    )
    calls = flat(t)
    assert calls[0][0] == "list_openings" and "Alvarez" in calls[0][1]["coach"]
    assert calls[1] == ("book_opening", {"opening_id": "OP-51", "player_name": "Tom Reyes"})
    ended(t)


# ------------------------------------------ a venue, a reason, a person set off by commas (en)

LIST_BAYS = tool(
    "list_bays",
    "List free service bays at a garage branch on a given date.",
    {
        "branch": {"type": "string", "description": "Branch name"},
        "date": {"type": "string", "format": "date"},
    },
    ["branch", "date"],
)
BOOK_SERVICE = tool(
    "book_service",
    "Book a car service in a bay.",
    {
        "bay_id": {"type": "string"},
        "plate": {"type": "string"},
        "reason": {"type": "string", "description": "What the car needs looking at"},
    },
    ["bay_id", "plate", "reason"],
)


def garage(name, args):
    if name == "list_bays":
        if args["branch"] != "Kingsway Motors" or args["date"] != "2027-03-09":
            return json.dumps({"bays": []})
        return json.dumps(
            {
                "bays": [
                    {"bay_id": "B-3", "time": "13:00"},
                    {"bay_id": "B-1", "time": "07:45"},
                    {"bay_id": "B-2", "time": "10:30"},
                ]
            }
        )
    if name == "book_service":
        return json.dumps({"ref": "SV-2210", **args})
    raise KeyError(name)


def test_a_branch_is_the_place_named_and_the_reason_the_statement_after_the_request():
    t = run(
        "Can you get my car in at Kingsway Motors on 2027-03-09, as early as possible? Plate "
        "KX-4471. The brakes have started squealing.",
        [LIST_BAYS, BOOK_SERVICE],
        garage,
    )
    calls = flat(t)
    assert calls[0] == ("list_bays", {"branch": "Kingsway Motors", "date": "2027-03-09"})
    assert calls[1][0] == "book_service"
    assert calls[1][1]["bay_id"] == "B-1" and calls[1][1]["plate"] == "KX-4471"
    assert "squealing" in calls[1][1]["reason"]
    ended(t)
    assert "The earliest one" in t.answer and "as early as possible one" not in t.answer


SEARCH_WORKSHOPS = tool(
    "search_workshops",
    "List art workshops on a topic.",
    {"topic": {"type": "string", "enum": ["watercolor", "oil", "sketching"]}},
    ["topic"],
)
ENROLL_WORKSHOP = tool(
    "enroll_workshop",
    "Enroll an attendee in a workshop by its id.",
    {"workshop_id": {"type": "string"}, "attendee_name": {"type": "string"}},
    ["workshop_id", "attendee_name"],
)


def workshops(name, args):
    if name == "search_workshops":
        return json.dumps(
            [
                {"workshop_id": "WS-8", "topic": args["topic"], "price": 60},
                {"workshop_id": "WS-3", "topic": args["topic"], "price": 45},
                {"workshop_id": "WS-5", "topic": args["topic"], "price": 75},
            ]
        )
    if name == "enroll_workshop":
        return json.dumps({"ok": True, **args})
    raise KeyError(name)


def test_sign_me_up_is_an_act_and_the_name_set_off_by_commas_is_the_attendee():
    t = run(
        "Please sign me, Ana Costa, up for the cheapest watercolor workshop.",
        [SEARCH_WORKSHOPS, ENROLL_WORKSHOP],
        workshops,
    )
    calls = flat(t)
    assert calls[0] == ("search_workshops", {"topic": "watercolor"})
    assert calls[1] == ("enroll_workshop", {"workshop_id": "WS-3", "attendee_name": "Ana Costa"})
    ended(t)


# ------------------------------------------------ an entry that cannot serve is never acted on

SEARCH_CATALOGUE = tool(
    "search_catalogue",
    "Search the catalogue by title. Returns every copy with its copy id and status.",
    {"title": {"type": "string"}},
    ["title"],
)
RESERVE_COPY = tool(
    "reserve_copy",
    "Reserve one copy of a book for a card holder.",
    {"copy_id": {"type": "string"}, "card_number": {"type": "string"}},
    ["copy_id", "card_number"],
)


def library(name, args):
    if name == "search_catalogue":
        return json.dumps(
            {
                "copies": [
                    {"copy_id": "DN-1", "title": "Dune", "status": "checked out"},
                    {"copy_id": "DN-2", "title": "Dune", "status": "available"},
                    {
                        "copy_id": "DM-1",
                        "title": "Dune Messiah Deluxe Edition",
                        "status": "available",
                    },
                ]
            }
        )
    if name == "reserve_copy":
        if args["copy_id"] != "DN-2":
            return json.dumps({"error": f"copy {args['copy_id']} cannot be reserved"})
        return json.dumps({"hold": "H-5531", **args})
    raise KeyError(name)


def test_a_copy_checked_out_is_never_reserved_nor_a_longer_title():
    t = run(
        "My card number is LC-44120. Could you reserve a copy of Dune for me?",
        [SEARCH_CATALOGUE, RESERVE_COPY],
        library,
    )
    calls = flat(t)
    assert calls[0] == ("search_catalogue", {"title": "Dune"})
    assert calls[1] == ("reserve_copy", {"copy_id": "DN-2", "card_number": "LC-44120"})
    ended(t)
    assert "H-5531" in t.answer


# ------------------------------------------------- a lookup by a possessive, then a refusal (en)

GET_MEMBER = tool(
    "get_member",
    "Look up a club member record by full name.",
    {"name": {"type": "string"}},
    ["name"],
)
UPDATE_PHONE = tool(
    "update_phone",
    "Change the phone number on a member's record.",
    {"member_id": {"type": "string"}, "phone": {"type": "string"}},
    ["member_id", "phone"],
)


def club(name, args):
    if name == "get_member":
        if args["name"] != "Marco Bianchi":
            raise LookupError("no such member")
        return json.dumps({"member_id": "M-208", "name": "Marco Bianchi", "phone": "555-0100"})
    if name == "update_phone":
        raise PermissionError("Forbidden: only front-desk managers may change member details.")
    raise KeyError(name)


def test_the_member_is_looked_up_by_a_possessive_then_the_refusal_stops():
    t = run("Change Marco Bianchi's phone number to 555-0142.", [GET_MEMBER, UPDATE_PHONE], club)
    calls = flat(t)
    assert calls[0] == ("get_member", {"name": "Marco Bianchi"})
    assert calls[1] == ("update_phone", {"member_id": "M-208", "phone": "555-0142"})
    assert len(calls) == 2
    ended(t)
    assert "refused" in t.answer


# ------------------------------------------- a format complaint with a date-time example (en, zh)

SCHEDULE_PICKUP = tool(
    "schedule_pickup",
    "Schedule a courier pickup of a parcel.",
    {
        "parcel": {"type": "string", "description": "Parcel reference"},
        "pickup_at": {"type": "string", "description": "when the courier should come"},
    },
    ["parcel", "pickup_at"],
)


def courier(seen):
    def run_tool(name, args):
        seen.append(args["pickup_at"])
        if not re_stamp(args["pickup_at"]):
            raise ValueError(
                f"pickup_at '{args['pickup_at']}' is not in the format YYYY-MM-DDTHH:MM "
                "(for example 2027-01-05T16:30)"
            )
        return json.dumps({"pickup": "PU-3381", **args})

    return run_tool


def re_stamp(value):
    import re

    return re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d", value) is not None


def test_a_time_rejected_for_a_date_time_is_corrected_once_with_the_requests_day():
    seen: list[str] = []
    t = run(
        "Schedule a pickup of parcel PX-901 tomorrow at 14:30.",
        [SCHEDULE_PICKUP],
        courier(seen),
        system="Today is 2027-06-14.",
    )
    assert seen[-1] == "2027-06-15T14:30" and len(seen) <= 2
    ended(t)
    assert "PU-3381" in t.answer


def test_a_chinese_time_rejected_for_a_date_time_is_corrected_once():
    seen: list[str] = []
    t = run(
        "帮我把包裹 PX-902 的取件安排在明天 09:15。",
        [SCHEDULE_PICKUP],
        courier(seen),
        system="今天是 2027年6月14日。",
    )
    assert seen[-1] == "2027-06-15T09:15" and len(seen) <= 2
    ended(t)


# --------------------------------------------------- an un-flagged transient text (en, zh)

BOOK_COURT = tool(
    "book_court",
    "Book a squash court for one hour.",
    {
        "court": {"type": "string", "description": "Court code, e.g. SQ-3"},
        "day": {"type": "string", "description": "YYYY-MM-DD"},
    },
    ["court", "day"],
)


def busy(texts):
    texts = list(texts)
    seen = []

    def run_tool(name, args):
        seen.append(args)
        if texts:
            return texts.pop(0)  # a plain result: no is_error, only its words say it failed
        return f"Booked court {args['court']} on {args['day']}. Reference SQ-7720."

    run_tool.seen = seen
    return run_tool


def test_an_unflagged_rate_limit_text_is_retried_once_with_the_same_input():
    fn = busy(["ERROR 429: too many requests right now, try again in a moment."])
    t = run("Book court SQ-4 for 2027-08-01.", [BOOK_COURT], fn)
    assert len(fn.seen) == 2 and fn.seen[0] == fn.seen[1]
    ended(t)
    assert "SQ-7720" in t.answer


def test_an_unflagged_busy_text_in_chinese_is_retried_once_then_told():
    fn = busy(["错误 503：服务繁忙，请稍后再试"] * 2)
    t = run("帮我订 2027-08-01 的 SQ-4 号场地。", [BOOK_COURT], fn)
    assert len(fn.seen) == 2 and fn.seen[0] == fn.seen[1]
    ended(t)
    assert "503" in t.answer


# ------------------------------ a lookup that only names the id's thing, an id said by its description

GET_CHARGERS = tool(
    "get_chargers",
    "返回某个区的充电桩列表和状态。",
    {"district": {"type": "string", "description": "区名"}},
    ["district"],
)
HOLD_CHARGER = tool(
    "hold_charger",
    "预约一个充电桩，保留15分钟。",
    {"charger": {"type": "string", "description": "充电桩编号"}},
    ["charger"],
)


def chargers(name, args):
    if name == "get_chargers":
        return json.dumps(
            [{"编号": "CY-1", "状态": "故障"}, {"编号": "CY-4", "状态": "空闲"}], ensure_ascii=False
        )
    if name == "hold_charger":
        return json.dumps({"ok": True, **args}, ensure_ascii=False)
    raise KeyError(name)


def test_a_reading_tool_that_names_the_ids_thing_is_called_first_zh():
    t = run("帮我在朝阳区预约一个空闲的充电桩。", [GET_CHARGERS, HOLD_CHARGER], chargers)
    calls = flat(t)
    assert calls[0] == ("get_chargers", {"district": "朝阳区"})
    assert calls[1] == ("hold_charger", {"charger": "CY-4"})
    ended(t)


GET_KAYAKS = tool(
    "get_kayaks",
    "Returns the kayaks at a beach on a date, and whether each one is free.",
    {"location": {"type": "string"}, "date": {"type": "string", "format": "date"}},
    ["location", "date"],
)
RESERVE_KAYAK = tool(
    "reserve_kayak",
    "Reserve a kayak for a renter.",
    {
        "kayak": {"type": "integer", "description": "Kayak number"},
        "renter_name": {"type": "string"},
    },
    ["kayak", "renter_name"],
)


def kayaks(name, args):
    if name == "get_kayaks":
        if args["location"] != "Shell Beach":
            return "[]"
        return json.dumps(
            [{"kayak": 3, "seats": 1, "free": False}, {"kayak": 7, "seats": 2, "free": True}]
        )
    if name == "reserve_kayak":
        return json.dumps({"ok": True, **args})
    raise KeyError(name)


def test_a_reading_tool_that_names_the_ids_thing_is_called_first_en():
    t = run(
        "Reserve a kayak at Shell Beach on 2027-07-02 for Ines Moreau.",
        [GET_KAYAKS, RESERVE_KAYAK],
        kayaks,
    )
    calls = flat(t)
    assert calls[0] == ("get_kayaks", {"location": "Shell Beach", "date": "2027-07-02"})
    assert calls[1] == ("reserve_kayak", {"kayak": 7, "renter_name": "Ines Moreau"})
    ended(t)


# ------------------------------------------- a value the error does not allow, from its list (en, zh)

ORDER_JERSEY = tool(
    "order_jersey",
    "Order a team jersey.",
    {"size": {"type": "string"}, "number": {"type": "integer"}},
    ["size"],
)


def jerseys(errors):
    errors = list(errors)
    seen = []

    def run_tool(name, args):
        seen.append(dict(args))
        if errors:
            raise ValueError(errors.pop(0))
        return json.dumps({"order": "JR-118", **args})

    run_tool.seen = seen
    return run_tool


def test_a_size_the_error_does_not_allow_is_corrected_to_the_member_it_names():
    fn = jerseys(["size 'large' is not valid; use one of S, M, L, XL"])
    t = run("Order me a team jersey, size: large, number 9.", [ORDER_JERSEY], fn)
    assert fn.seen[0]["size"] == "large" and fn.seen[1]["size"] == "L" and len(fn.seen) == 2
    ended(t)
    assert "JR-118" in t.answer


DELIVERY = tool(
    "set_delivery",
    "设置包裹的配送方式。",
    {
        "parcel": {"type": "string", "description": "包裹单号"},
        "speed": {"type": "string", "description": "配送方式"},
    },
    ["parcel", "speed"],
)


def test_a_chinese_value_the_error_does_not_allow_is_corrected_from_its_list():
    seen = []

    def run_tool(name, args):
        seen.append(dict(args))
        if args["speed"] not in ("标准", "加急"):
            raise ValueError(f"配送方式“{args['speed']}”无效，可选值：标准、加急")
        return json.dumps({"ok": True, **args}, ensure_ascii=False)

    t = run("包裹 PK-5521，配送方式：加急件。", [DELIVERY], run_tool)
    assert seen[0]["speed"] == "加急件"
    assert seen[1]["speed"] == "加急" and len(seen) == 2
    ended(t)


# ---------------------------------------------- an error said in a JSON body, without is_error

RENEW_PERMIT = tool(
    "renew_permit",
    "Renew a parking permit.",
    {"permit": {"type": "string", "description": "Permit code, e.g. PP-100"}},
    ["permit"],
)


def bodies(texts):
    texts = list(texts)
    seen = []

    def run_tool(name, args):
        seen.append(dict(args))
        if texts:
            return texts.pop(0)  # no is_error: only the body's keys say it failed
        return json.dumps({"renewed": True, "permit": args["permit"], "until": "2028-01-31"})

    run_tool.seen = seen
    return run_tool


def test_an_error_body_that_says_try_again_is_retried_once():
    fn = bodies([json.dumps({"error": "service temporarily unavailable, try again"})])
    t = run("Renew permit PP-204.", [RENEW_PERMIT], fn)
    assert len(fn.seen) == 2 and fn.seen[0] == fn.seen[1]
    ended(t)
    assert "2028-01-31" in t.answer


def test_an_error_body_with_a_code_in_chinese_is_retried_once():
    fn = bodies([json.dumps({"code": 503, "message": "系统繁忙，请稍后重试"}, ensure_ascii=False)])
    t = run("帮我续期停车证 PP-204。", [RENEW_PERMIT], fn)
    assert len(fn.seen) == 2
    ended(t)


def test_an_error_body_that_refuses_stops_and_says_so():
    fn = bodies([json.dumps({"ok": False, "error": "permission denied: residents only"})] * 2)
    t = run("Renew permit PP-204.", [RENEW_PERMIT], fn)
    assert len(fn.seen) == 1
    ended(t)
    assert "refused" in t.answer


# -------------------------------------------- a follow-up picks an entry by its place (en, zh)

LIST_SESSIONS = tool(
    "list_sessions",
    "List open yoga sessions on a date.",
    {"date": {"type": "string", "format": "date"}},
    ["date"],
)
BOOK_SESSION = tool(
    "book_session",
    "Book a yoga session for an attendee.",
    {"session_id": {"type": "string"}, "attendee": {"type": "string"}},
    ["session_id", "attendee"],
)


def yoga(name, args):
    if name == "list_sessions":
        return json.dumps(
            [
                {"session_id": "YS-1", "time": "07:00", "spots": 0},
                {"session_id": "YS-2", "time": "12:30", "spots": 5},
                {"session_id": "YS-3", "time": "18:00", "spots": 1},
            ]
        )
    if name == "book_session":
        return json.dumps({"ok": True, **args}, ensure_ascii=False)
    raise KeyError(name)


def test_the_third_one_of_a_listing_is_booked_in_a_follow_up():
    tools = [LIST_SESSIONS, BOOK_SESSION]
    first = run("What yoga sessions are there on 2027-05-04?", tools, yoga)
    msgs = first.messages + [
        {"role": "user", "content": "Book the third one for me, I'm Ana Costa."}
    ]
    t = run(None, tools, yoga, messages=msgs)
    assert t.calls[0] == [("book_session", {"session_id": "YS-3", "attendee": "Ana Costa"})]
    ended(t)


def test_the_second_one_of_a_listing_is_booked_in_a_chinese_follow_up():
    tools = [LIST_SESSIONS, BOOK_SESSION]
    first = run("2027-05-04 有哪些瑜伽课？", tools, yoga)
    msgs = first.messages + [{"role": "user", "content": "帮我约第二个，我叫王芳。"}]
    t = run(None, tools, yoga, messages=msgs)
    assert t.calls[0] == [("book_session", {"session_id": "YS-2", "attendee": "王芳"})]
    ended(t)


# ------------------------------------- nothing in the listing can serve: no act, no id asked for


def test_no_seat_is_reserved_when_every_listed_seat_is_in_use_or_under_repair():
    def busy_seats(name, args):
        if name == "find_seats":
            return json.dumps(
                {
                    "seats": [
                        {"seat_id": "MH-02", "status": "使用中"},
                        {"seat_id": "MH-09", "status": "维修中"},
                    ]
                },
                ensure_ascii=False,
            )
        raise AssertionError(f"{name} must not be called")

    t = run("帮我在闵行区预约一个空闲的自习座位。", [FIND_SEATS, RESERVE_SEAT], busy_seats)
    assert flat(t) == [("find_seats", {"district": "闵行区"})]
    ended(t)
    assert (
        "使用中" in t.answer and "没有预约一个自习座位" in t.answer and "请告诉我" not in t.answer
    )


def test_an_empty_listing_is_told_not_followed_by_a_question_for_the_id():
    def none_open(name, args):
        if name == "list_openings":
            return json.dumps({"openings": []})
        raise AssertionError(f"{name} must not be called")

    t = run(
        "My name is Tom Reyes. Book me a lesson with Coach Alvarez as soon as possible.",
        [LIST_OPENINGS, BOOK_OPENING],
        none_open,
    )
    assert [c[0] for c in flat(t)] == ["list_openings"]
    ended(t)
    assert "openings: []" in t.answer and "What should I use" not in t.answer


LIST_CLINIC_SLOTS = tool(
    "list_clinic_slots",
    "List free appointment slots at a clinic on a date.",
    {"clinic": {"type": "string"}, "date": {"type": "string", "format": "date"}},
    ["clinic", "date"],
)
BOOK_CLINIC_SLOT = tool(
    "book_clinic_slot",
    "Book an appointment slot for a patient.",
    {"slot_id": {"type": "string"}, "patient": {"type": "string"}},
    ["slot_id", "patient"],
)


def test_a_clinic_is_the_place_named_not_the_words_after_its_noun():
    def clinic(name, args):
        if name == "list_clinic_slots":
            if args["clinic"] != "Elm Clinic":
                return json.dumps({"slots": []})
            return json.dumps({"slots": [{"slot_id": "EC-9", "time": "09:40"}]})
        return json.dumps({"booked": True, **args})

    t = run(
        "I'm Ana Costa. Book me the earliest slot at Elm Clinic on 2027-05-03.",
        [LIST_CLINIC_SLOTS, BOOK_CLINIC_SLOT],
        clinic,
    )
    calls = flat(t)
    assert calls[0] == ("list_clinic_slots", {"clinic": "Elm Clinic", "date": "2027-05-03"})
    assert calls[1] == ("book_clinic_slot", {"slot_id": "EC-9", "patient": "Ana Costa"})
    ended(t)


TRACK_PARCEL = tool(
    "track_parcel",
    "按单号查询包裹的物流状态。",
    {"parcel_no": {"type": "string", "description": "包裹单号"}},
    ["parcel_no"],
)


def test_a_not_found_body_without_is_error_is_told_in_its_own_words_once():
    seen = []

    def run_tool(name, args):
        seen.append(args)
        message = f"未找到包裹 {args['parcel_no']}，请核对单号"
        return json.dumps({"ok": False, "message": message}, ensure_ascii=False)

    t = run("帮我查一下包裹 SF7730021 到哪了。", [TRACK_PARCEL], run_tool)
    assert len(seen) == 1
    ended(t)
    assert "未找到包裹 SF7730021" in t.answer and "没有找到" in t.answer
    assert '"ok"' not in t.answer and "ok:" not in t.answer


# ----------------------------- a lookup by a Chinese possessive, an amount that is no id, a refusal

FIND_TENANT = tool(
    "find_tenant",
    "按姓名查找租户档案。",
    {"name": {"type": "string", "description": "租户姓名"}},
    ["name"],
)
SET_RENT = tool(
    "set_rent",
    "调整租户的月租金。",
    {
        "tenant_id": {"type": "string"},
        "rent": {"type": "integer", "description": "新的月租金（元）"},
    },
    ["tenant_id", "rent"],
)


def test_a_tenant_is_looked_up_by_a_chinese_possessive_and_the_refusal_stops():
    def run_tool(name, args):
        if name == "find_tenant":
            return json.dumps({"tenant_id": "TN-61", "name": args["name"]}, ensure_ascii=False)
        raise PermissionError("权限不足：只有房东本人可以调整租金")

    t = run("把赵敏的租金调到 4800 元。", [FIND_TENANT, SET_RENT], run_tool)
    calls = flat(t)
    assert calls[0] == ("find_tenant", {"name": "赵敏"})
    assert calls[1] == ("set_rent", {"tenant_id": "TN-61", "rent": 4800})
    assert len(calls) == 2
    ended(t)
    assert "拒绝" in t.answer


FIND_BUYER = tool(
    "find_buyer",
    "Find a buyer account by email address.",
    {"email": {"type": "string"}},
    ["email"],
)
CREATE_CASE = tool(
    "create_case",
    "Open a support case for a buyer.",
    {"buyer_id": {"type": "string"}, "subject": {"type": "string"}},
    ["buyer_id", "subject"],
)


def test_open_a_support_case_looks_the_buyer_up_by_email_first():
    def run_tool(name, args):
        if name == "find_buyer":
            return json.dumps({"buyer_id": "BY-420", "email": args["email"]})
        return json.dumps({"case": "CS-9001", **args})

    t = run(
        "Open a support case for lia@example.org: the kettle arrived cracked.",
        [FIND_BUYER, CREATE_CASE],
        run_tool,
    )
    calls = flat(t)
    assert calls[0] == ("find_buyer", {"email": "lia@example.org"})
    assert calls[1][0] == "create_case" and calls[1][1]["buyer_id"] == "BY-420"
    assert "cracked" in calls[1][1]["subject"]
    ended(t)


# ------------------------------- an id that is a piece of what is looked up with waits for the lookup

COURIER_QUOTES = tool(
    "courier_quotes",
    "Get courier quotes for a parcel between two postcodes.",
    {"from_postcode": {"type": "string"}, "to_postcode": {"type": "string"}},
    ["from_postcode", "to_postcode"],
)
ACCEPT_QUOTE = tool(
    "accept_quote",
    "Accept a courier quote by its reference.",
    {"quote_ref": {"type": "string"}},
    ["quote_ref"],
)


def test_a_postcodes_first_part_is_no_quote_reference():
    def run_tool(name, args):
        if name == "courier_quotes":
            return (
                "Parcelly can take it for £14 (ref PY-31). Zoom Couriers quote £9 (ref ZC-08) "
                "but are fully booked. Nimble quote £11 (ref NB-52)."
            )
        return f"Accepted {args['quote_ref']}"

    t = run(
        "Get courier quotes from LS6 2AB to LS1 4HY. Accept the cheapest one.",
        [COURIER_QUOTES, ACCEPT_QUOTE],
        run_tool,
    )
    calls = flat(t)
    assert calls[0][0] == "courier_quotes" and calls[0][1]["from_postcode"] == "LS6 2AB"
    assert calls[1] == ("accept_quote", {"quote_ref": "NB-52"})
    assert len(calls) == 2
    ended(t)


GET_COURT = tool(
    "get_court",
    "按名称查询羽毛球场地的信息。",
    {"name": {"type": "string", "description": "场地名称"}},
    ["name"],
)
BOOK_COURT_ZH = tool(
    "book_court_slot",
    "预约一块羽毛球场地。",
    {"court_id": {"type": "string"}, "date": {"type": "string", "description": "YYYY-MM-DD"}},
    ["court_id", "date"],
)


def test_one_record_that_says_it_cannot_serve_is_not_booked():
    def run_tool(name, args):
        if name == "get_court":
            return json.dumps(
                {"court_id": "C-3", "名称": "星光", "状态": "维修中"}, ensure_ascii=False
            )
        raise AssertionError(f"{name} must not be called")

    t = run(
        "帮我预约名称叫“星光”的羽毛球场地，日期 2027-05-08。", [GET_COURT, BOOK_COURT_ZH], run_tool
    )
    assert [c[0] for c in flat(t)] == ["get_court"]
    ended(t)
    assert "维修中" in t.answer


# ---------------------------------- a bare number corrected to the example's prefixed shape (en, zh)

GET_RECEIPT = tool(
    "get_receipt",
    "Get a receipt by its number.",
    {"receipt_no": {"type": "string"}},
    ["receipt_no"],
)


def receipts(seen):
    def run_tool(name, args):
        seen.append(args["receipt_no"])
        if not args["receipt_no"].startswith("RC-"):
            raise ValueError("receipt_no must look like RC-00042")
        return json.dumps({"total": 86.5, "receipt_no": args["receipt_no"]})

    return run_tool


def test_a_bare_number_is_corrected_once_to_the_examples_prefix():
    seen: list[str] = []
    t = run("What's the total on receipt 7310?", [GET_RECEIPT], receipts(seen))
    assert seen == ["7310", "RC-07310"]
    ended(t)
    assert "86.5" in t.answer


def test_a_bare_number_is_corrected_once_to_the_examples_prefix_zh():
    seen: list[str] = []
    zh = tool(
        "get_receipt", "按小票号查询小票。", {"receipt_no": {"type": "string"}}, ["receipt_no"]
    )
    t = run("查一下小票 7310 一共多少钱？", [zh], receipts(seen))
    assert seen == ["7310", "RC-07310"]
    ended(t)


def test_a_quote_in_prose_that_is_fully_booked_is_never_accepted():
    def run_tool(name, args):
        if name == "courier_quotes":
            return (
                "Parcelly can take it for £14 (ref PY-31). Zoom Couriers quote £9 (ref ZC-08) "
                "but are fully booked. Nimble quote £11 (ref NB-52)."
            )
        raise AssertionError("no quote was chosen by the request")

    t = run(
        "Get courier quotes from LS6 2AB to LS1 4HY, then accept one I'd be happy with.",
        [COURIER_QUOTES, ACCEPT_QUOTE],
        run_tool,
    )
    assert [c[0] for c in flat(t)] == ["courier_quotes"]  # never the fully booked one
    ended(t)


MOVING_QUOTES = tool(
    "moving_quotes",
    "Get moving quotes for a move between two postcodes.",
    {"from_postcode": {"type": "string"}, "to_postcode": {"type": "string"}},
    ["from_postcode", "to_postcode"],
)
TAKE_QUOTE = tool(
    "hire_mover",
    "Hire a moving firm by its quote reference.",
    {"quote_ref": {"type": "string"}},
    ["quote_ref"],
)


def test_one_fully_booked_quote_in_prose_is_no_listing_where_nothing_serves():
    def run_tool(name, args):
        if name == "moving_quotes":
            return (
                "VanGo can do it for £420 (ref VG-11). Swift Movers quote £380 (ref SM-72) but "
                "are fully booked. Box & Co quote £395 (ref BC-30)."
            )
        raise AssertionError("the request picks no quote")

    t = run(
        "Get quotes for moving from BS1 4DJ to BS8 2PL. Hire the firm I'd like.",
        [MOVING_QUOTES, TAKE_QUOTE],
        run_tool,
    )
    assert [c[0] for c in flat(t)] == ["moving_quotes"]
    ended(t)
    assert "did not call" not in t.answer and "quote ref" in t.answer


def test_a_number_the_user_gives_is_kept_though_a_date_holds_it():
    def run_tool(name, args):
        if name == "get_kayaks":
            return json.dumps([{"kayak": 12, "free": True}, {"kayak": 7, "free": True}])
        return json.dumps({"ok": True, **args})

    t = run(
        "Reserve kayak number 12 at Shell Beach on 2027-07-12 for Ines Moreau.",
        [GET_KAYAKS, RESERVE_KAYAK],
        run_tool,
    )
    acts = [c for c in flat(t) if c[0] == "reserve_kayak"]
    assert acts and acts[0][1]["kayak"] == 12
    ended(t)
