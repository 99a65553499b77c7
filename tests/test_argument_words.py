"""Values read from the right words (agentkit.sim.values, agentkit.sim.arguments): a value is
never only a function word (a pronoun, a contraction, a question word); a place name ends at its
last word of the name; a Chinese measure keeps its number (十寸 is 10 inches, 三点五公斤 3.5 kg);
a quarter of an hour is 15 minutes. Each request goes through the real SDK to the stand-in."""

import json

import jsonschema
from test_argument_values import calls
from test_arguments import INT, MODEL, S, tool

import agentkit

SPARE = tool(
    "request_spare",
    "Request a spare component from the workshop store.",
    {"component": {"type": "string", "description": "name of the component"}, "count": INT},
    ["component"],
)


def test_a_value_is_never_a_pronoun_contraction_or_question_word():
    for prompt in (
        "We'll want a fresh drive chain for the mower, three of them.",
        "Where can I request a new bearing?",
        "它坏了，帮我申请一个",
    ):
        for got in calls(prompt, SPARE, forced=True):
            said = got.get("component", "")
            assert said.lower() not in ("them", "we'll", "where", "它", "一个", "it"), got


FORECAST = tool("forecast", "Weather forecast for a city.", {"city": S}, ["city"])


def test_a_place_name_ends_before_the_words_after_it():
    assert calls("Forecast for Nairobi OK?", FORECAST, forced=True) == [{"city": "Nairobi"}]
    assert calls("Is it windy in Wellington please?", FORECAST, forced=True) == [
        {"city": "Wellington"}
    ]


PIZZA = tool(
    "order_pizza",
    "Order a pizza.",
    {"size_inches": {"type": "number", "description": "diameter in inches"}},
    ["size_inches"],
)
FREIGHT = tool(
    "book_freight",
    "Book a freight parcel.",
    {"weight_kg": {"type": "number", "description": "weight in kg"}, "parcels": INT},
    ["weight_kg"],
)
STEEP = tool(
    "steep_timer",
    "Start a countdown.",
    {"minutes": {"type": "integer", "description": "length in minutes"}},
    ["minutes"],
)


def test_chinese_measures_keep_their_number():
    assert calls("来一个十二寸的披萨", PIZZA, forced=True) == [{"size_inches": 12}]
    assert calls("订个九寸的披萨吧", PIZZA, forced=True) == [{"size_inches": 9}]
    assert calls("寄一个二点五公斤的包裹", FREIGHT, forced=True)[0]["weight_kg"] == 2.5
    assert calls("两个包裹一共7点2公斤", FREIGHT, forced=True)[0]["weight_kg"] == 7.2
    assert calls("Send 3 parcels weighing 6.5 kg in all.", FREIGHT, forced=True) == [
        {"weight_kg": 6.5, "parcels": 3}
    ]


def test_a_quarter_of_an_hour_is_fifteen_minutes():
    assert calls("Count down a quarter of an hour.", STEEP, forced=True) == [{"minutes": 15}]
    assert calls("Count down three quarters of an hour.", STEEP, forced=True) == [{"minutes": 45}]
    assert calls("倒计时一刻钟", STEEP, forced=True) == [{"minutes": 15}]


def _structured(schema, prompt):
    r = agentkit.make_client(offline=True).messages.create(
        model=MODEL,
        max_tokens=512,
        output_config={"format": {"type": "json_schema", "schema": schema}},
        messages=[{"role": "user", "content": prompt}],
    )
    value = json.loads(r.content[0].text)
    jsonschema.validate(value, schema)
    return value


NUM = {"type": "number"}


def _obj(props):
    return {
        "type": "object",
        "properties": props,
        "required": list(props),
        "additionalProperties": False,
    }


def test_a_sum_is_its_whole_figure_beside_its_noun():
    schema = _obj({"rooms": INT, "monthly_fee": NUM, "bond": NUM})
    got = _structured(schema, "Studio: 2 rooms, 640 sq ft, fee $1,975/month, bond $3.6k.")
    assert got == {"rooms": 2, "monthly_fee": 1975, "bond": 3600}
    schema = _obj({"rooms": INT, "rent": NUM, "bond": NUM})
    got = _structured(schema, "Cabin lease: bond €2,400, 3 rooms, rent €1,150 a month.")
    assert got == {"rooms": 3, "rent": 1150, "bond": 2400}


BILL = tool(
    "record_bill",
    "Record a supplier bill.",
    {
        "net_amount": NUM,
        "tax_amount": NUM,
        "gross_amount": NUM,
        "currency": {"type": "string", "description": "ISO 4217 code"},
        "billed_on": {"type": "string", "format": "date"},
        "due_date": {"type": "string", "format": "date"},
    },
)


def test_a_tax_word_is_no_currency_and_a_due_date_is_the_due_one():
    got = calls(
        "Bill B-551 dated 2027-01-04, payment due 2027-02-03. Net 250.00, GST 25.00, "
        "gross 275.00 AUD.",
        BILL,
        forced=True,
    )
    assert got[0]["currency"] == "AUD"
    assert (got[0]["billed_on"], got[0]["due_date"]) == ("2027-01-04", "2027-02-03")


def test_chinese_date_names_take_their_labelled_dates():
    schema = _obj({"签约日期": S, "到期日": S, "租金": NUM})
    got = _structured(schema, "合同：签约日期2027-02-01，到期日2028-01-31，租金4500元。")
    assert got == {"签约日期": "2027-02-01", "到期日": "2028-01-31", "租金": 4500}


def test_list_items_said_as_clauses_are_their_subjects():
    schema = _obj({"wings": {"type": "array", "items": S}})
    got = _structured(
        schema,
        "Ward report - the north wing is full, Maple looks calm and Cedar has spare beds.",
    )
    assert all(len(w.split()) <= 2 for w in got["wings"]) and "Maple" in got["wings"], got
    NOTE = tool(
        "note_sites",
        "Note the sites mentioned.",
        {"sites": {"type": "array", "items": S}},
        ["sites"],
    )
    got = calls("Sites: Oslo is green, Bergen looks amber, Tromso went red.", NOTE, forced=True)
    assert {"Bergen", "Tromso"} <= set(got[0]["sites"]), got
    assert all(len(x.split()) == 1 for x in got[0]["sites"]), got


def _dated(system, prompt):
    schema = _obj({"due": {"type": "string", "format": "date"}})
    r = agentkit.make_client(offline=True).messages.create(
        model=MODEL,
        max_tokens=300,
        system=system,
        output_config={"format": {"type": "json_schema", "schema": schema}},
        messages=[{"role": "user", "content": prompt}],
    )
    return json.loads(r.content[0].text)["due"]


def test_a_day_of_a_month_named_from_today_is_in_that_month():
    assert _dated("今天是2027年8月20日。", "本月30号交季度报告") == "2027-08-30"
    assert _dated("今天是2027年8月20日。", "下个月5号续签合同") == "2027-09-05"
    assert (
        _dated("Today is 2027-12-20.", "Renew the permit on the 4th of next month.") == "2028-01-04"
    )


def test_a_day_said_before_a_chinese_thing_is_no_name_of_it():
    schema = _obj({"task": S, "due": {"type": "string", "format": "date"}})
    r = agentkit.make_client(offline=True).messages.create(
        model=MODEL,
        max_tokens=300,
        system="今天是2027年8月20日。",
        output_config={"format": {"type": "json_schema", "schema": schema}},
        messages=[{"role": "user", "content": "下个月12号体检"}],
    )
    assert json.loads(r.content[0].text) == {"task": "体检", "due": "2027-09-12"}
