"""Argument values the request gives in words the schema wants in another form (agentkit.sim.values,
agentkit.sim.arguments): an IANA time zone for a city, an ISO 4217 code for a currency, a date
named relative to today, the person something is for, the name of the thing a tool works on, a
search query's noun phrase, unit codes a description or an error lists, a duration in the unit the
property names. Each request goes through the real SDK to the offline stand-in; every input is
checked against its tool's schema."""

import datetime

import jsonschema
import pytest
from test_arguments import INT, MODEL, S, tool  # the same helpers as the schema-filling tests

import agentkit


def calls(prompt, t, forced=False, messages=None):
    """The stand-in's calls of `t` as (name, input) pairs; each input valid for the schema."""
    client = agentkit.make_client(offline=True)
    extra = {"tool_choice": {"type": "tool", "name": t["name"]}} if forced else {}
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        tools=[t],
        messages=messages or [{"role": "user", "content": prompt}],
        **extra,
    )
    uses = [b for b in r.content if b.type == "tool_use"]
    for b in uses:
        jsonschema.validate(b.input, t["input_schema"])
    return [b.input for b in uses]


@pytest.fixture
def pinned(monkeypatch):
    """Today is Wednesday 2027-03-10 (the offline API's clock, AGENTKIT_TODAY)."""
    monkeypatch.setenv("AGENTKIT_TODAY", "2027-03-10")


# ---------------------------------------------------------------- time zones and currencies

CLOCK = tool(
    "world_clock",
    "Current local time in a time zone.",
    {"zone": {"type": "string", "description": "IANA time zone name, e.g. America/Chicago"}},
)


def test_cities_become_iana_zones_one_call_each():
    got = calls("What time is it in Lisbon and Denver?", CLOCK)
    assert got == [{"zone": "Europe/Lisbon"}, {"zone": "America/Denver"}]
    assert calls("悉尼现在几点了？", CLOCK, forced=True) == [{"zone": "Australia/Sydney"}]
    assert calls("What's the time in San Francisco?", CLOCK, forced=True) == [
        {"zone": "America/Los_Angeles"}
    ]


EXCHANGE = tool(
    "exchange_money",
    "Convert an amount between currencies.",
    {
        "amount": {"type": "number"},
        "source": {"type": "string", "description": "ISO 4217 currency code"},
        "target": {"type": "string", "description": "ISO 4217 currency code"},
    },
)


@pytest.mark.parametrize(
    "prompt, source, target",
    [
        ("Change 80 pounds into yen.", "GBP", "JPY"),
        ("How many dollars do I get for 40 euros?", "EUR", "USD"),
        ("把500人民币换成欧元", "CNY", "EUR"),
    ],
)
def test_currency_words_become_iso_codes(prompt, source, target):
    (got,) = calls(prompt, EXCHANGE, forced=True)
    assert (got["source"], got["target"]) == (source, target)


# ---------------------------------------------------------------- dates named relative to today


def test_relative_dates_and_times(pinned):
    sauna = tool(
        "book_sauna",
        "Book a sauna slot.",
        {
            "day": {"type": "string", "format": "date"},
            "at": {"type": "string", "description": "HH:MM"},
        },
    )
    assert calls("Book the sauna next Monday at 7am", sauna) == [
        {"day": "2027-03-15", "at": "07:00"}
    ]
    alarm = tool("set_alarm", "Set an alarm.", {"when": {"type": "string", "format": "date-time"}})
    assert calls("wake me tomorrow 6:45am", alarm, forced=True) == [{"when": "2027-03-11T06:45:00"}]
    assert calls("at 9pm on Saturday please", alarm, forced=True) == [
        {"when": "2027-03-13T21:00:00"}
    ]
    assert calls("帮我定周五晚上7点半的闹钟", alarm, forced=True) == [
        {"when": "2027-03-12T19:30:00"}
    ]


def test_a_month_and_day_without_a_year_is_the_next_such_day(pinned):
    move = tool(
        "move_delivery", "改送货日期", {"new_date": {"type": "string", "description": "YYYY-MM-DD"}}
    )
    assert calls("送货改到 3 月 20 号", move, forced=True) == [{"new_date": "2027-03-20"}]
    assert calls("送货改到1月5号", move, forced=True) == [{"new_date": "2028-01-05"}]
    assert calls("Move the delivery to Apr 2nd", move, forced=True) == [{"new_date": "2027-04-02"}]


def test_a_weekday_property_gets_the_weekday_as_its_example_writes_it(pinned):
    lesson = tool(
        "book_lesson",
        "Book a swimming lesson.",
        {"day": {"type": "string", "description": "day, e.g. Tue"}, "time": {"type": "string"}},
        ["day"],
    )
    assert calls("Swimming lesson on Friday please", lesson, forced=True)[0]["day"] == "Fri"


def test_the_stand_in_and_the_api_share_one_today(pinned):
    from agentkit.offline import models
    from agentkit.sim import values

    assert values.today_date() == models.today() == datetime.date(2027, 3, 10)


# ---------------------------------------------------------------- people and names of things


def test_the_person_something_is_for():
    kayak = tool("rent_kayak", "Rent a kayak.", {"renter_name": S, "hours": INT})
    assert calls("Rent a kayak for Jonas Berg for 2 hours", kayak, forced=True) == [
        {"renter_name": "Jonas Berg", "hours": 2}
    ]
    checkup = tool(
        "book_checkup", "预约体检", {"patient": {"type": "string", "description": "体检人姓名"}}
    )
    assert calls("给周敏预约下周的体检", checkup, forced=True) == [{"patient": "周敏"}]


def test_a_bare_name_is_the_thing_the_tool_works_on():
    stats = tool("package_stats", "Download counts of a PyPI package.", {"name": S})
    assert calls("How many downloads does the requests package get?", stats) == [
        {"name": "requests"}
    ]
    board = tool("create_board", "Create a task board.", {"name": S})
    assert calls("Create a board called Q3 Roadmap", board) == [{"name": "Q3 Roadmap"}]
    contact = tool("add_contact", "Add a person to the address book.", {"name": S, "email": S})
    assert calls("Add Lena Ortiz, lena@ortiz.example", contact) == [
        {"name": "Lena Ortiz", "email": "lena@ortiz.example"}
    ]


def test_an_invitee_list_holds_the_addresses_not_the_title():
    invite = tool(
        "send_invite",
        "Invite people to a meeting.",
        {"topic": S, "invitees": {"type": "array", "items": {"type": "string", "format": "email"}}},
    )
    prompt = 'Invite ken@corp.example and mo@corp.example to "Quarterly plan"'
    assert calls(prompt, invite, forced=True) == [
        {"topic": "Quarterly plan", "invitees": ["ken@corp.example", "mo@corp.example"]}
    ]


@pytest.mark.parametrize(
    "prompt, query",
    [
        ("Find me a true crime podcast and subscribe to it", "true crime"),
        ("Search for gluten-free brownie recipes, then print the best one", "gluten-free brownie"),
        ("帮我搜索一下低糖蛋糕的做法，然后收藏", "低糖蛋糕的做法"),
    ],
)
def test_a_query_is_the_thing_searched_for(prompt, query):
    finder = tool(
        "search_podcasts" if "podcast" in prompt else "search_recipes",
        "Search a catalogue.",
        {"query": {"type": "string"}},
    )
    assert calls(prompt, finder, forced=True) == [{"query": query}]


# ---------------------------------------------------------------- units


def test_unit_words_become_the_codes_a_description_lists():
    convert = tool(
        "convert_weight",
        "Convert a weight.",
        {
            "value": {"type": "number"},
            "from_unit": {"type": "string", "description": "unit code: kg, lb, g or oz"},
            "to_unit": {"type": "string", "description": "unit code: kg, lb, g or oz"},
        },
    )
    assert calls("Convert 5 kilograms to pounds", convert) == [
        {"value": 5, "from_unit": "kg", "to_unit": "lb"}
    ]


def test_a_unit_complaint_is_corrected_once_with_the_codes_it_lists():
    convert = tool(
        "convert_distance",
        "Convert a distance.",
        {"value": {"type": "number"}, "from_unit": S, "to_unit": S},
    )
    prompt = "10公里是多少英里？"
    (first,) = calls(prompt, convert)
    assert first == {"value": 10, "from_unit": "公里", "to_unit": "英里"}
    messages = [
        {"role": "user", "content": prompt},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "tu_1", "name": "convert_distance", "input": first}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "tu_1", "is_error": True,
                                      "content": "Unknown units. Use abbreviations such as km, mi, m."}]},
    ]  # fmt: skip
    assert calls(prompt, convert, messages=messages) == [
        {"value": 10, "from_unit": "km", "to_unit": "mi"}
    ]


@pytest.mark.parametrize(
    "prompt, props, expected",
    [
        ("Pause the sprinklers for 2.5 seconds", {"delay": {"type": "integer", "description": "delay in milliseconds"}}, {"delay": 2500}),
        ("Book the studio for an hour and a half", {"duration_minutes": INT}, {"duration_minutes": 90}),
        ("Book the studio for 1.5 hours", {"duration_minutes": INT}, {"duration_minutes": 90}),
        ("录音棚订两个半小时", {"duration_minutes": INT}, {"duration_minutes": 150}),
        ("录音棚订半小时", {"duration_minutes": INT}, {"duration_minutes": 30}),
    ],
)  # fmt: skip
def test_a_duration_in_the_unit_the_property_names(prompt, props, expected):
    t = tool(
        "book_studio" if "studio" in prompt or "录音" in prompt else "pause_sprinklers",
        "Book or pause.",
        props,
    )
    assert calls(prompt, t, forced=True) == [expected]


def test_a_word_that_begins_like_a_month_is_no_date_and_a_count_of_days_stays_a_number(pinned):
    order = tool("order_food", "Order food.", {"dish": S, "quantity": INT})
    assert calls("Order 3 octopus salads", order, forced=True)[0]["quantity"] == 3
    hold = tool(
        "hold_parcel",
        "Hold a parcel.",
        {"days": INT, "until": {"type": "string", "format": "date"}},
    )
    assert calls("Hold my parcel, I'm back in 4 days", hold, forced=True) == [
        {"days": 4, "until": "2027-03-14"}
    ]


def test_a_day_of_the_month_an_hour_alone_and_a_first_name(pinned):
    slot = tool(
        "book_slot",
        "Book a slot.",
        {"start": {"type": "string", "format": "date-time"}, "guest_name": S},
    )
    assert calls("Book a slot for Maria at 8 tonight", slot, forced=True) == [
        {"start": "2027-03-10T20:00:00", "guest_name": "Maria"}
    ]
    assert calls("the 3rd at 9:15am for Dr. Chen", slot, forced=True) == [
        {"start": "2027-04-03T09:15:00", "guest_name": "Dr. Chen"}
    ]
    move = tool("move_delivery", "改送货日期", {"new_date": {"type": "string", "format": "date"}})
    assert calls("送货改到15号，送到3号楼", move, forced=True) == [{"new_date": "2027-03-15"}]
    assert calls("what time is it in new york", CLOCK, forced=True) == [
        {"zone": "America/New_York"}
    ]


def test_a_title_stops_before_its_time_and_the_people_met_are_the_attendees(pinned):
    call_ = tool(
        "schedule_call",
        "Schedule a call.",
        {
            "title": S,
            "start": {"type": "string", "format": "date-time"},
            "duration_minutes": INT,
            "attendees": {"type": "array", "items": S},
        },
    )
    got = calls(
        "Schedule a budget call with Ana Ruiz and Tom next Tuesday at 4pm for 30 minutes", call_
    )
    assert got == [
        {
            "title": "budget call with Ana Ruiz and Tom",
            "start": "2027-03-16T16:00:00",
            "duration_minutes": 30,
            "attendees": ["Ana Ruiz", "Tom"],
        }
    ]


def test_a_new_name_and_a_query_about_a_topic():
    rename = tool("rename_board", "Rename a task board.", {"name": S})
    assert calls("Rename the board to Apollo", rename, forced=True) == [{"name": "Apollo"}]
    articles = tool("search_articles", "Search articles.", {"query": S})
    got = calls(
        "Can you find articles about remote work burnout for my newsletter?", articles, forced=True
    )
    assert got == [{"query": "remote work burnout"}]
    videos = tool("search_videos", "搜索视频", {"keyword": S})
    assert calls("帮我找一些适合新手的瑜伽视频", videos, forced=True) == [
        {"keyword": "适合新手的瑜伽视频"}
    ]


def test_a_complaint_giving_one_unit_code_writes_every_unit_as_a_code():
    run = tool("log_run", "Log a run.", {"distance": {"type": "number"}, "unit": S})
    prompt = "Log a 5 miles run"
    messages = [
        {"role": "user", "content": prompt},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "tu_1", "name": "log_run", "input": {"distance": 5, "unit": "miles"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "tu_1", "is_error": True,
                                      "content": "The unit must look like 'km'. It's not valid."}]},
    ]  # fmt: skip
    assert calls(prompt, run, messages=messages) == [{"distance": 5, "unit": "mi"}]


def test_a_day_in_the_past_is_before_today(pinned):
    claim = tool(
        "file_claim",
        "File a lost-luggage claim.",
        {"lost_on": {"type": "string", "format": "date"}},
    )
    assert calls("My bag went missing last Monday", claim, forced=True) == [
        {"lost_on": "2027-03-08"}
    ]
    assert calls("行李前天丢的", claim, forced=True) == [{"lost_on": "2027-03-08"}]
    assert calls("上周五丢的行李", claim, forced=True) == [{"lost_on": "2027-03-05"}]


def test_a_code_of_an_invoice_number_is_no_currency():
    import json

    schema = {
        "type": "object",
        "additionalProperties": False,
        "properties": {"receipt_no": S, "currency": S},
        "required": ["receipt_no", "currency"],
    }
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        output_config={"format": {"type": "json_schema", "schema": schema}},
        messages=[
            {"role": "user", "content": "Receipt RCT-2027-88 from Blue Fern Cafe, paid in GBP."}
        ],
    )
    assert json.loads(r.content[0].text)["currency"] == "GBP"


# ---------------------------------------------------------------- temperatures in the other scale


@pytest.mark.parametrize(
    "prompt, key, description, wanted",
    [
        ("Heat the glue pot to 140°F.", "celsius", "Temperature in °C", 60),
        ("Warm the tank to 77 degrees Fahrenheit", "target_c", "Target, degrees C", 25),
        ("把胶锅加热到 60℃", "temp_f", "温度（华氏度）", 140),
        ("Heat the glue pot to 60 degrees Celsius", "celsius", "Temperature in °C", 60),
    ],
)
def test_a_temperature_said_in_the_other_scale_is_converted_to_the_one_the_property_names(
    prompt, key, description, wanted
):
    heat = tool(
        "heat_pot",
        "Heat the pot. 加热。",
        {key: {"type": "number", "description": description}},
        [key],
    )
    assert calls(prompt, heat) == [{key: wanted}]
