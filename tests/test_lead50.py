"""Session 50's lead fixes: a Chinese place is a word the dictionary calls one (a city, a
district) when the words a request seems to name are none ("帮我订明天苏州的…" names 苏州, not
帮我订); and a party said in words ("我们三个人", "a party of four") needs that many places of a
listing's one capacity field. Programs through the real SDK client, in this file's own domains."""

import pytest
from loops import converse, tool

from agentkit.sim import arguments, glosses

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
