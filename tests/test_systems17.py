"""A deployment environment's member by the environment the text says (`arguments._environment`:
production / 生产环境 / 线上 -> prod); a system's name written in lowercase with - _ or .
(`arguments.slug`: "ledger-sync", "etl_nightly"); a description that says date-time makes one
(`arguments.temporal`); a search by name takes the name said, with or without a title
(`arguments.NAMED_QUERY`)."""

from __future__ import annotations

from loops import converse, strings, tool

ENV = {"type": "string", "enum": ["dev", "staging", "prod"]}


def test_a_chinese_environment_and_a_kebab_name_fill_a_deploy_call():
    t = tool(
        "rollback",
        "回滚某个应用到上一个版本",
        {"app": {"type": "string", "description": "应用名"}, "env": ENV},
    )
    calls, _ = converse(
        "把线上的 ledger-sync 回滚一下", [t], {"rollback": lambda **k: {"ok": True}}
    )
    assert calls == [("rollback", {"app": "ledger-sync", "env": "prod"})]


def test_an_english_environment_and_a_snake_name():
    t = tool(
        "trigger_job",
        "Trigger a scheduled job now",
        {"job": {"type": "string", "description": "job name"}, "environment": ENV},
    )
    calls, _ = converse(
        "Kick off etl_nightly on staging please", [t], {"trigger_job": lambda **k: {"run": 881}}
    )
    assert calls == [("trigger_job", {"job": "etl_nightly", "environment": "staging"})]


def test_a_date_time_description_takes_the_day_and_the_hour_said():
    t = tool(
        "book_tasting",
        "Book a wine tasting",
        {
            "winery": {"type": "string"},
            "when": {"type": "string", "description": "date-time of the visit"},
        },
    )
    calls, _ = converse(
        "Book the Quinta Verde tasting for December 12 at 4pm",
        [t],
        {"book_tasting": lambda **k: {"ref": "WT-2"}},
    )
    assert calls and calls[0][1]["when"].startswith("2026-12-12T16:00")


def test_a_search_by_name_takes_the_titled_name_not_the_sentence():
    t = tool(
        "find_tutors",
        "Find tutors by name or subject",
        strings(query="tutor name or subject"),
    )
    calls, _ = converse(
        "Is Professor Lindqvist free to tutor my son on Thursday?",
        [t],
        {"find_tutors": lambda query: []},
    )
    assert calls == [("find_tutors", {"query": "Lindqvist"})]


def test_a_result_of_only_a_success_flag_is_said_as_what_was_done_with_the_values_given():
    t = tool(
        "set_fan_speed",
        "Set the speed of a ceiling fan",
        {"fan": {"type": "string", "enum": ["study", "porch"]}, "speed": {"type": "integer"}},
    )
    calls, finals = converse(
        "Set the porch fan to speed 3.", [t], {"set_fan_speed": lambda **k: {"success": True}}
    )
    assert calls == [("set_fan_speed", {"fan": "porch", "speed": 3})]
    assert "Success" not in finals[-1] and "porch" in finals[-1] and "3" in finals[-1]


def test_a_name_after_its_owner_and_kind_is_the_thing_and_the_owner_is_the_possessor():
    t = tool(
        "enrol_lesson",
        "Enrol a child in a swimming course",
        strings(child="the child's name", parent="parent's full name"),
    )
    calls, _ = converse(
        "Enrol Priya Shah's son Arun in the Saturday course.",
        [t],
        {"enrol_lesson": lambda **k: {"enrolled": True}},
    )
    assert calls == [("enrol_lesson", {"child": "Arun", "parent": "Priya Shah"})]
