"""A day the question names, read from a result keyed by days (`sim/days.py`), through the real SDK
client: a weekday covered by a range key ("Mon-Fri", 周一至周五), an abbreviation ("Sun"), a
closing or opening time taken from the day's range, "tomorrow" as the weekday of the stand-in's
date, and a day that says closed."""

import json

from test_any_tools import ended, run, tool

from agentkit.sim.days import covered

HOURS = tool("get_pool_hours", "Opening hours of the municipal pool.", {})
ZH_HOURS = tool("get_museum_hours", "查询博物馆的开放时间", {})


def _hours(name, args):
    if name == "get_pool_hours":
        return json.dumps(
            {
                "pool": "Westbad",
                "hours": {"Mon-Fri": "06:30-22:00", "Sat": "08:00-20:00", "Sun": "closed"},
            }
        )
    return json.dumps(
        {"周一": "闭馆", "周二至周五": "09:00-17:30", "周末": "10:00-19:00"}, ensure_ascii=False
    )


def test_a_weekday_inside_a_range_key_and_its_closing_time():
    t = run("What time does the pool close on Wednesday?", [HOURS], _hours)
    assert t.answer.splitlines()[0] == "Mon-Fri: 06:30-22:00, so it closes at 22:00."
    ended(t)


def test_a_chinese_weekend_key_and_its_opening_time():
    t = run("博物馆星期天几点开门？", [ZH_HOURS], _hours)
    assert t.answer.splitlines()[0] == "周末：10:00-19:00，10:00 开门。"


def test_tomorrow_is_the_weekday_after_the_stand_ins_date(monkeypatch):
    monkeypatch.setenv("AGENTKIT_TODAY", "2027-01-09")  # a Saturday: tomorrow is Sunday
    t = run("Is the pool open tomorrow?", [HOURS], _hours)
    assert t.answer.splitlines()[0] == "Sun: closed."


def test_keys_that_are_days_and_keys_that_are_not():
    assert covered("Fri-Mon") == {4, 5, 6, 0}
    assert covered("Sat & Sun") == {5, 6} and covered("weekdays") == set(range(5))
    assert covered("hours") == set() and covered("Sunday brunch") == set()


FLIGHT = tool(
    "flight_info",
    "Live departure information.",
    {"flight": {"type": "string"}},
    ["flight"],
)


def _flight(name, args):
    times = {"LX 318": ("09:05", "09:50"), "G1234": ("14:00", "14:00")}[args["flight"]]
    return json.dumps(
        {"flight": args["flight"], "planned_departure": times[0], "estimated": times[1]}
    )


def test_a_question_about_a_thing_named_by_its_code_calls_the_one_reading_tool():
    t = run("Is LX 318 delayed?", [FLIGHT], _flight)
    assert t.calls[0] == [("flight_info", {"flight": "LX 318"})]
    assert (
        t.answer.splitlines()[0]
        == "Yes, LX 318 is 45 minutes late: expected 09:50 instead of 09:05."
    )
    ended(t)


def test_on_time_in_chinese():
    t = run("G1234 今天准点吗？", [FLIGHT], _flight)
    assert t.answer.splitlines()[0] == "是的，G1234 准点：预计 14:00（原定 14:00）。"


LIBRARY = tool(
    "library_hours",
    "Opening hours of a branch library.",
    {"branch": {"type": "string"}},
    ["branch"],
)


def _prose(name, args):
    if args["branch"] == "河西分馆":
        return "河西分馆 开放时间：周二至周五 09:00-21:00；周六、周日及法定节假日 10:00-18:00。每周一闭馆，周三 12:00-13:00 午间清洁暂停开放。"
    return "Riverside branch: open Mon-Thu 8:30-20:00, Fri 8:30-17:00, Sat 10:00-14:00, Sun closed."


ZH_LIBRARY = tool(
    "library_hours", "查询图书馆分馆的开放时间", {"branch": {"type": "string"}}, ["branch"]
)


def test_hours_written_in_prose_are_read_segment_by_segment():
    t = run("河西分馆星期三几点关门？", [ZH_LIBRARY], _prose)
    assert t.answer.splitlines()[0] == "周二至周五：09:00-21:00，21:00 关门。"
    t = run("When does the Riverside branch library open on Friday?", [LIBRARY], _prose)
    assert t.answer.splitlines()[0] == "Fri: 8:30-17:00, so it opens at 8:30."
