"""The tool is chosen by what the request means, not by its surface words (issue 33), through the
real SDK client: a number said as a bracket ("under-1600", "40岁以上") is no id and codes the
enum member of the listing tool; a superlative is no argument, the named things compared are one
call each; a change after a completed act ("Actually, make it 4 players", "改成三张吧") calls the
tool that changes it, else the act again with the new value; a wish for the thing a tool is named
after ("I need a dog licence ...") asks for its act, not for a listing beside it; a look-up by
name starts the chain (find_pet("Biscuit") -> book_visit; across languages, "蓝鲸号上一次保养是
哪天？" -> find_vessel -> get_maintenance_log); a Chinese order to English tools (帮我们订,
下午场 -> afternoon)."""

import json

from test_any_tools import ended, run, tool


def _calls(t):
    return [c for turn in t.calls for c in turn]


def _names(t):
    return [name for name, _ in _calls(t)]


# ----------------------------------------------------------- a bracket is no id, it codes a member

ENTRANTS = tool(
    "list_entrants",
    "Every entrant of the regional chess open in a rating bracket, with their scores.",
    {"bracket": {"type": "string", "enum": ["U1200", "U1600", "U2000", "Open"]}},
    ["bracket"],
)
ENTRANT = tool(
    "get_entrant", "Details of one entrant by entrant number.", {"entrant_no": {"type": "integer"}},
    ["entrant_no"],
)  # fmt: skip
CYCLISTS = tool(
    "list_riders",
    "All riders of the gran fondo in an age group, with their finishing times.",
    {"group": {"type": "string", "enum": ["M30", "M40", "M50", "W30", "W40", "W50"]}},
    ["group"],
)
RIDER = tool("get_rider", "Profile of one rider by race number.", {"race_no": {"type": "integer"}},
             ["race_no"])  # fmt: skip


def _entrants(name, args):
    if name in ("get_entrant", "get_rider"):
        return json.dumps(args)
    return json.dumps({"entries": [{"no": 12, "name": "Ola Nowak", "points": 4.5},
                                   {"no": 31, "name": "Ravi Iyer", "points": 3}]})  # fmt: skip


def test_a_bracket_number_codes_the_member_and_is_no_id():
    """ "under-1600" is the U1600 bracket of list_entrants, never entrant number 1600; the second
    question of the message ("who scored the most?") names no bracket of its own."""
    t = run(
        "In the under-1600 bracket, how many players scored at least 4 points, and who scored "
        "the most?",
        [ENTRANTS, ENTRANT],
        _entrants,
    )
    assert _calls(t) == [("list_entrants", {"bracket": "U1600"})]
    ended(t)


def test_a_men_s_age_group_said_as_40_plus_lists_the_group():
    """ "the men's 40+ group": M40 of list_riders (40 with the word for M), not rider number 40."""
    t = run(
        "How many riders in the men's 40+ group finished the gran fondo, and who was quickest?",
        [RIDER, CYCLISTS],
        _entrants,
    )
    assert _calls(t) == [("list_riders", {"group": "M40"})]


# ------------------------------------------- a superlative is no argument; named things, one each

GUSTS = {"Harbor Point": 31.5, "Millbrook": 18.2, "Dunmore": 24.0}
READING = tool(
    "get_station_reading",
    "Wind reading of a weather station on a day.",
    {"station": {"type": "string"}, "date": {"type": "string", "description": "YYYY-MM-DD"}},
    ["station", "date"],
)
CALIBRATE = tool("calibrate_sensor", "Recalibrate a station's anemometer.",
                 {"station": {"type": "string"}}, ["station"])  # fmt: skip


def _gust(name, args):
    return json.dumps({"station": args["station"], "max_gust_kmh": GUSTS.get(args["station"], 0)})


def test_stations_compared_are_one_call_each_and_the_calmest_is_no_station():
    t = run(
        "Compare yesterday's gusts at Harbor Point, Millbrook and Dunmore. Which was windiest, "
        "and by how much did it beat the calmest station?",
        [READING, CALIBRATE],
        _gust,
        system="Today is 2026-11-20.",
    )
    assert sorted(a["station"] for _, a in _calls(t)) == sorted(GUSTS)
    assert {a["date"] for _, a in _calls(t)} == {"2026-11-19"}
    assert "calibrate_sensor" not in _names(t)
    ended(t)


REVENUE = {"东湖店": 182000, "西溪店": 95500, "滨江店": 143200}
STORE = tool(
    "get_store_revenue",
    "Weekly revenue of one store.",
    {
        "store": {"type": "string"},
        "week": {"type": "string", "description": "ISO week like 2026-W01"},
    },
    ["store", "week"],
)
CLOSE = tool("close_store", "Close a store temporarily.", {"store": {"type": "string"}}, ["store"])


def test_stores_listed_in_chinese_are_read_with_an_english_tool_one_call_each():
    """A Chinese request, English tools: the reading tool whose open input takes the listed names;
    the tool that closes a store (an act nobody asked for) is never called."""
    t = run(
        "对比一下东湖店、西溪店和滨江店 2026-W47 的营业额：哪家最高？",
        [CLOSE, STORE],
        lambda name, args: json.dumps({**args, "revenue_cny": REVENUE.get(args.get("store"), 0)}),
    )
    assert _calls(t) == [("get_store_revenue", {"store": s, "week": "2026-W47"}) for s in REVENUE]
    ended(t)


# ------------------------------------------------------------- a change after a completed act

LANE = tool(
    "book_lane",
    "Book a bowling lane.",
    {"date": {"type": "string", "description": "YYYY-MM-DD"}, "time": {"type": "string"},
     "players": {"type": "integer"}},
    ["date", "time", "players"],
)  # fmt: skip
UPDATE = tool(
    "update_booking",
    "Change the number of players or time of an existing lane booking.",
    {"booking_id": {"type": "string"}, "players": {"type": "integer"}, "time": {"type": "string"}},
    ["booking_id"],
)
TICKETS = tool(
    "book_tickets",
    "Book theatre tickets.",
    {"show": {"type": "string"}, "date": {"type": "string", "description": "YYYY-MM-DD"},
     "quantity": {"type": "integer"}},
    ["show", "date", "quantity"],
)  # fmt: skip
TABLE = tool(
    "reserve_table",
    "Reserve a restaurant table.",
    {"date": {"type": "string", "description": "YYYY-MM-DD"}, "time": {"type": "string"},
     "guests": {"type": "integer"}},
    ["date", "time", "guests"],
)  # fmt: skip
MODIFY = tool(
    "modify_reservation",
    "Modify an existing table reservation.",
    {
        "reservation_id": {"type": "string"},
        "guests": {"type": "integer"},
        "time": {"type": "string"},
    },
    ["reservation_id"],
)


def _acts(name, args):
    ids = {"book_lane": "booking_id", "reserve_table": "reservation_id", "book_tickets": "ref"}
    if name in ids:
        return json.dumps({ids[name]: "X-902", **args})
    return json.dumps({**args, "status": "changed"})


def _twice(first, then, tools):
    t = run(first, tools, _acts)
    messages = t.messages + [{"role": "user", "content": then}]
    return t, run(None, tools, _acts, messages=messages)


def test_actually_make_it_four_players_updates_the_booking():
    first, t = _twice(
        "Book a lane on 2026-12-12 at 19:00 for 2 players.",
        "Actually, make it 4 players.",
        [LANE, UPDATE],
    )
    assert _calls(first) == [("book_lane", {"date": "2026-12-12", "time": "19:00", "players": 2})]
    assert _calls(t) == [("update_booking", {"booking_id": "X-902", "players": 4})]
    ended(t)


def test_a_change_in_chinese_modifies_the_reservation():
    _, t = _twice(
        "订 2026-12-20 晚上 18:30 的位子，4 个人。", "不好意思，改成6个人。", [TABLE, MODIFY]
    )
    assert _calls(t) == [("modify_reservation", {"reservation_id": "X-902", "guests": 6})]
    ended(t)


def test_a_change_with_no_tool_to_change_it_books_again_with_the_new_value():
    first, t = _twice("Book 2 tickets for Hamlet on 2026-12-18.", "改成三张吧。", [TICKETS])
    (name, args), = _calls(first)  # fmt: skip
    assert _calls(t) == [("book_tickets", {**args, "quantity": 3})]
    ended(t)


# ---------------------------------------------- a wish for a tool's thing; a look-up by name first

PARKS = tool("list_dog_parks", "Off-leash dog parks in a town.", {"town": {"type": "string"}},
             ["town"])  # fmt: skip
LICENSE = tool(
    "issue_license",
    "Issue a dog licence.",
    {"owner_name": {"type": "string"}, "dog_name": {"type": "string"},
     "years": {"type": "integer", "minimum": 1, "maximum": 3}, "town": {"type": "string"}},
    ["owner_name", "dog_name", "years", "town"],
)  # fmt: skip


def test_a_wish_for_a_licence_issues_it_without_the_listing_beside_it():
    """British "licence" is issue_license's license; the parks of the town are not asked for."""
    t = run(
        "I need a two-year dog licence in Harrowgate for my dog Rex, owner Priya Nair. "
        "How much is it?",
        [PARKS, LICENSE],
        lambda name, args: (
            "Licence DL-3318 issued. Fee: GBP 34.00"
            if name == "issue_license"
            else json.dumps({"parks": ["Elm Common"]})
        ),
    )
    assert _names(t) == ["issue_license"]
    assert _calls(t)[0][1]["years"] == 2
    ended(t)
    assert "34" in t.answer


FIND_PET = tool("find_pet", "Look up a patient animal by its name; returns pet ids.",
                {"name": {"type": "string"}}, ["name"])  # fmt: skip
VISIT = tool(
    "book_visit",
    "Book a vet appointment for a pet.",
    {"pet_id": {"type": "string", "description": "id from find_pet, e.g. PET-100"},
     "date": {"type": "string", "description": "YYYY-MM-DD"}},
    ["pet_id", "date"],
)  # fmt: skip


def test_a_pet_named_is_looked_up_before_its_visit_is_booked():
    t = run(
        "Could you book Biscuit in on 2026-12-14?",
        [VISIT, FIND_PET],
        lambda name, args: (
            json.dumps({"matches": [{"pet_id": "PET-4410", "name": "Biscuit"}]})
            if name == "find_pet"
            else json.dumps({"visit": "VV-208", **args})
        ),
    )
    assert _calls(t) == [
        ("find_pet", {"name": "Biscuit"}),
        ("book_visit", {"pet_id": "PET-4410", "date": "2026-12-14"}),
    ]
    ended(t)


FIND_VESSEL = tool("find_vessel", "Find ships by (partial) name. Returns vessel ids.",
                   {"name": {"type": "string"}}, ["name"])  # fmt: skip
LOG = tool(
    "get_maintenance_log",
    "Maintenance records of a vessel, newest first.",
    {"vessel_id": {"type": "string"}, "limit": {"type": "integer"}},
    ["vessel_id"],
)


def test_a_chinese_question_about_a_named_ship_chains_the_english_tools():
    t = run(
        "蓝鲸号上一次保养是哪天？做了什么？",
        [FIND_VESSEL, LOG],
        lambda name, args: (
            json.dumps([{"vessel_id": "V-3307", "name": "蓝鲸号"}])
            if name == "find_vessel"
            else json.dumps({"records": [{"date": "2026-11-02", "work": "更换主机滤芯"}]})
        ),
    )
    assert _calls(t) == [
        ("find_vessel", {"name": "蓝鲸号"}),
        ("get_maintenance_log", {"vessel_id": "V-3307"}),
    ]
    ended(t)
    assert "2026-11-02" in t.answer


# --------------------------------------------------------- a Chinese order to an English tool

SKATES = tool(
    "book_skates",
    "Rent skates for a rink session.",
    {"adults": {"type": "integer"}, "children": {"type": "integer"},
     "session": {"type": "string", "enum": ["morning", "afternoon", "evening"]}},
    ["adults", "children", "session"],
)  # fmt: skip


def test_help_us_book_takes_the_tool_and_the_afternoon_session():
    t = run(
        "帮我们订今天下午场的溜冰鞋：两个大人，三个小孩。",
        [SKATES],
        lambda name, args: json.dumps({"rental": "SK-12", **args}),
    )
    assert _calls(t) == [("book_skates", {"adults": 2, "children": 3, "session": "afternoon"})]
    ended(t)


FORECAST = tool(
    "get_forecast",
    "Weather forecast for a day.",
    {"date": {"type": "string", "description": "YYYY-MM-DD"}},
    ["date"],
)


def test_a_question_after_an_act_is_no_change_of_it():
    """ "Sorry, what's the forecast for 2026-12-13?" after a booking gives a new date, yet asks
    the forecast: the lane is not booked again."""
    _, t = _twice(
        "Book a lane on 2026-12-12 at 19:00 for 2 players.",
        "Sorry, what's the forecast for 2026-12-13?",
        [LANE, UPDATE, FORECAST],
    )
    assert _names(t) == ["get_forecast"]
