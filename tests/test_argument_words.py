"""Values read from the right words (agentkit.sim.values, agentkit.sim.arguments): a value is
never only a function word (a pronoun, a contraction, a question word); a place name ends at its
last word of the name; a Chinese measure keeps its number (十寸 is 10 inches, 三点五公斤 3.5 kg);
a quarter of an hour is 15 minutes. Each request goes through the real SDK to the stand-in."""

from test_argument_values import calls
from test_arguments import INT, S, tool

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
