"""A tool is chosen by what the request means when it shares no word with the tool (issue 33),
through the real SDK client: a raincoat, sunglasses or wind ask about the weather; how far, driving
or how long to get from one place to another, a route; "Am I free", 有空, the user's calendar;
"Can I afford", 钱够, their balance (`agentkit.sim.lexicon.linked`, read in the request only).
Where a tool carries what the request means, a tool that only shares the thing the request names
as its setting (the hike's trails, the bike's rental, the ticket's purchase) is not taken
(`agentkit.sim.general._linked_first`); a question opening "Can I ..." is no order
(`general.NOT_ORDERS`). A failed call is said by what was tried, never by the tool's name
(`general._doing`)."""

from loops import converse, strings, tool

OUTLOOK = tool(
    "get_outlook",
    "Three-day outlook for a town: temperature, rain and wind.",
    strings(town=None, day="YYYY-MM-DD"),
)
CABIN = tool("book_cabin", "Book a mountain cabin for a night.", strings(cabin=None, night=None))
TRAILS = tool("list_trails", "Marked trails near a town.", strings(town=None))
FELL = {
    "get_outlook": lambda town, day: {"town": town, "rain_probability": 80, "temp_c": 9},
    "book_cabin": lambda **k: "booked",
    "list_trails": lambda **k: [{"trail": "Fløyen loop"}],
}


def test_a_raincoat_asks_the_outlook_not_the_trails_of_the_hike():
    """Nothing of get_outlook's words is said: the raincoat means the weather; the hike is the
    setting, its trails no answer."""
    calls, _ = converse("Do I need a raincoat for the hike near Bergen on Sunday?",
                        [CABIN, TRAILS, OUTLOOK], FELL)  # fmt: skip
    assert [n for n, _ in calls] == ["get_outlook"] and calls[0][1]["town"] == "Bergen"


def test_sunglasses_in_chinese_ask_the_outlook():
    calls, _ = converse("明天去卑尔根，要带墨镜吗？", [CABIN, TRAILS, OUTLOOK], FELL)
    assert [n for n, _ in calls] == ["get_outlook"]


TRIP = tool("measure_trip", "Distance and cycling time between two towns.",
            strings(start=None, end=None))  # fmt: skip
RENT = tool("rent_bike", "Rent a bike at a station.", strings(station=None, hours=None))
WHEELS = {
    "measure_trip": lambda start, end: {"km": 27, "minutes": 95},
    "rent_bike": lambda **k: "rented",
    "get_outlook": lambda **k: {},
}


def test_how_far_by_bike_measures_the_trip_and_rents_nothing():
    """rent_bike shares "bike" with the request; the question is how far: the route's tool."""
    calls, finals = converse("How far is Ghent from Bruges by bike?", [RENT, OUTLOOK, TRIP], WHEELS)
    assert calls == [("measure_trip", {"start": "Ghent", "end": "Bruges"})]
    assert "27" in finals[0]


DIARY = tool("get_diary", "Appointments in the user's diary on a day, with their times.",
             strings(day="YYYY-MM-DD"))  # fmt: skip
INVITE = tool("send_invitation", "Invite a contact to a meeting.", strings(contact=None, day=None))
NOTE = tool("add_note", "Save a note.", strings(text=None))
DAYS = {
    "get_diary": lambda day: [{"what": "Physio", "from": "18:30", "to": "19:15"}],
    "send_invitation": lambda **k: "sent",
    "add_note": lambda **k: "saved",
}


def test_am_i_free_reads_the_diary():
    calls, finals = converse("Am I free on Friday evening?", [INVITE, NOTE, DIARY], DAYS)
    assert [n for n, _ in calls] == ["get_diary"]
    assert "Physio" in finals[0] and "none of the tools" not in finals[0].lower()


AGENDA = tool("list_agenda", "列出某一天的日程和时间。", strings(date="YYYY-MM-DD"))
MEMO = tool("save_memo", "保存一条备忘。", strings(text=None))
MEET = tool("invite_contact", "邀请联系人参加会议。", strings(contact=None, date=None))


def test_have_i_time_in_chinese_reads_the_agenda():
    """有空 says nothing of 日程: the agenda is what tells it; no invitation is sent."""
    calls, _ = converse(
        "这周六下午我有空吗？",
        [MEET, MEMO, AGENDA],
        {"list_agenda": lambda date: [], "save_memo": str, "invite_contact": str},
    )
    assert [n for n, _ in calls] == ["list_agenda"]


PREPAID = tool("card_balance", "Remaining balance on the user's prepaid card.", {})
TICKET = tool("buy_ticket", "Buy a concert ticket.", strings(concert=None))
SHOWS = tool("list_concerts", "Concerts this month.", {})
PURSE = {
    "card_balance": lambda: {"balance": 38.5, "currency": "EUR"},
    "buy_ticket": lambda **k: "bought",
    "list_concerts": lambda: [],
}


def test_can_i_afford_reads_the_balance_and_buys_nothing():
    """ "Can I afford ..." is a question, no order to buy: the balance, never buy_ticket."""
    calls, finals = converse("Can I afford the €45 ticket for the Arctic Monkeys gig?",
                             [TICKET, SHOWS, PREPAID], PURSE)  # fmt: skip
    assert calls == [("card_balance", {})] and "38.5" in finals[0]


def test_money_enough_in_chinese_reads_the_balance():
    calls, _ = converse("我卡里的钱够买一张 45 欧的演唱会门票吗？", [TICKET, SHOWS, PREPAID], PURSE)
    assert calls == [("card_balance", {})]


def test_a_failure_is_said_by_what_was_tried_not_by_the_tool_s_name():
    """A transient failure, retried once, then a second: said as the look-up of the route."""
    calls, finals = converse(
        "How far is Ghent from Bruges by bike?",
        [RENT, OUTLOOK, TRIP],
        {**WHEELS, "measure_trip": lambda **k: "Error: service unavailable, try again later"},
    )
    assert [n for n, _ in calls] == ["measure_trip", "measure_trip"]
    assert "measure_trip" not in finals[0] and "I tried to look up the" in finals[0]


RECIPES = tool("search_recipes", "Search the user's saved recipes by ingredient.",
               strings(ingredient=None))  # fmt: skip
RECIPE = tool("get_recipe", "One saved recipe by its title.", strings(title=None))


def test_an_empty_search_is_said_as_nothing_found_not_as_no_tool():
    """The search answered with an empty list: what was tried and that nothing was found, once,
    no retry; never "none of the tools can answer". get_recipe is not read beside it for
    recipes said in the plural."""
    for ask, word in (('Do I have any saved recipes with "fennel"?', "nothing was found"),
                      ("我存的菜谱里有用到茴香的吗？", "没有找到")):  # fmt: skip
        calls, finals = converse(ask, [RECIPES, RECIPE], {"search_recipes": lambda ingredient: [],
                                                          "get_recipe": lambda title: "?"})  # fmt: skip
        assert [n for n, _ in calls] == ["search_recipes"], ask
        assert word in finals[0] and "search_recipes" not in finals[0], finals


def test_a_verdict_leads_the_answer():
    """The question's yes or no comes first: a raincoat at an 80% chance of rain, the card's
    38.5 EUR against the 45 needed, the evening's physio."""
    _, said = converse("Do I need a raincoat for the hike near Bergen on Sunday?",
                       [CABIN, TRAILS, OUTLOOK], FELL)  # fmt: skip
    assert said[0].startswith("Yes, take one: a 80% chance of rain")
    _, said = converse("Can I afford the €45 ticket for the Arctic Monkeys gig?",
                       [TICKET, SHOWS, PREPAID], PURSE)  # fmt: skip
    assert said[0].startswith("No: the balance is 38.5 EUR, 6.5 short of the 45 needed.")
    _, said = converse("Am I free on Friday evening?", [INVITE, NOTE, DIARY], DAYS)
    assert said[0].startswith("Not entirely: in the evening you have Physio from 18:30 to 19:15")
    _, said = converse("周五上午我有空吗？", [INVITE, NOTE, DIARY], DAYS)
    assert said[0].startswith("有空：上午日程上没有安排。")
