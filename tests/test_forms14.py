"""Forced calls and structured outputs that read a handed text by meaning (round 14, forms):
a need said no to is false, an ISO date-time written whole is kept whole, a sentiment enum is
the feeling the text says, a language enum the language the text is written in."""

from __future__ import annotations

import json

import jsonschema
from loops import MODEL, forced, strings, tool

import agentkit


def structured(text: str, schema: dict) -> dict:
    """A structured output's JSON, checked against its schema."""
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=1024,
        messages=[{"role": "user", "content": text}],
        output_config={"format": {"type": "json_schema", "schema": schema}},
    )
    out = json.loads("".join(b.text for b in r.content if b.type == "text"))
    jsonschema.validate(out, schema)
    return out


SHOOT = tool(
    "book_photo_shoot",
    "Book a portrait photo shoot in the studio.",
    {
        **strings(client="who the shoot is for"),
        "needs_makeup": {"type": "boolean"},
        "needs_tripod": {"type": "boolean"},
    },
)


def test_a_need_said_no_to_is_false():
    zh = forced("我是高远，想约一次人像拍摄，不需要化妆，我自己带三脚架。", SHOOT)
    assert zh["needs_makeup"] is False
    en = forced(
        "Book a portrait shoot for Ivo Marsh; no need for a tripod, but he needs makeup.", SHOOT
    )
    assert en["needs_tripod"] is False and en["needs_makeup"] is True


def test_a_date_time_written_whole_keeps_its_seconds_and_offset():
    reading = tool(
        "store_meter_reading",
        "Store one reading of a greenhouse humidity meter.",
        {
            "taken_at": {"type": "string", "format": "date-time"},
            "humidity_percent": {"type": "number"},
        },
    )
    got = forced("Meter 4 reported 2027-01-09 08:15:42+0100 humidity=63.5%", reading)
    assert got["taken_at"] == "2027-01-09T08:15:42+01:00"
    assert got["humidity_percent"] == 63.5


FEEDBACK = tool(
    "file_feedback",
    "File a customer's feedback about a furniture delivery.",
    {"sentiment": {"type": "string", "enum": ["positive", "negative", "neutral", "mixed"]}},
)


def test_a_sentiment_enum_is_the_feeling_the_text_says():
    both = "The courier was friendly and helpful, but the assembly was disappointing."
    assert forced(both, FEEDBACK)["sentiment"] == "mixed"
    assert forced("Honestly I wouldn't recommend this sofa.", FEEDBACK)["sentiment"] == "negative"
    zh_enum = tool(
        "tag_comment",
        "Tag a comment about a yoga class.",
        {"情感": {"type": "string", "enum": ["正面", "负面", "中性"]}},
    )
    assert forced("老师很专业，课程安排也很贴心，推荐！", zh_enum)["情感"] == "正面"
    assert forced("教室太挤了，不推荐。", zh_enum)["情感"] == "负面"
    assert forced("课程周三晚上七点开始。", zh_enum)["情感"] == "中性"


def test_a_language_enum_is_the_language_the_text_is_written_in():
    schema = {
        "type": "object",
        "properties": {
            "language": {"type": "string", "enum": ["english", "german", "italian", "chinese"]}
        },
        "required": ["language"],
        "additionalProperties": False,
    }
    de = "Tag this post:\nDer Garten ist im Frühling sehr schön und die Rosen sind schon offen."
    it = "Tag this post:\nIl giardino della villa è aperto anche per le visite guidate."
    zh = "给这条帖子打标签：花园里的玫瑰已经开了，周末欢迎参观。"
    assert structured(de, schema)["language"] == "german"
    assert structured(it, schema)["language"] == "italian"
    assert structured(zh, schema)["language"] == "chinese"


def test_a_category_enum_is_the_field_the_text_is_about():
    t = tool(
        "file_rental_issue",
        "File an issue with a rented piece of furniture.",
        {"category": {"type": "string", "enum": ["payment", "damage", "delay", "other"]}},
    )
    assert forced("The sofa arrived with a cracked leg and a torn cushion.", t)["category"] == (
        "damage"
    )
    assert forced("租的书桌快递三天了还没到。", t)["category"] == "delay"
    assert forced("Please call me back about the sofa.", t)["category"] == "other"


def test_pros_and_cons_are_the_clauses_of_each_feeling():
    schema = {
        "type": "object",
        "properties": {
            "pros": {"type": "array", "items": {"type": "string"}},
            "cons": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["pros", "cons"],
        "additionalProperties": False,
    }
    en = "The host is friendly and the sound is smooth, but the episode is tedious."
    got = structured("Summarise this podcast review:\n" + en, schema)
    assert got == {
        "pros": ["The host is friendly", "the sound is smooth"],
        "cons": ["the episode is tedious"],
    }
    zh = structured("整理这条课程评价：\n老师很专业，但是预约流程很麻烦。", schema)
    assert zh == {"pros": ["老师很专业"], "cons": ["预约流程很麻烦"]}
