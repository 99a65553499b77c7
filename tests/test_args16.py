"""A string argument taken from the user's sentence is a name, not a clause (sim/values.py
`name_span`, sim/arguments.py, sim/languages.py, sim/general.py): the request's and the question's
own words at both ends go (另外, 请问, 一共, 是哪天; "which", a possessive 's), a catalogue search
gets the keywords of what is sought, never the question, a count of results said with top / 前
is the limit, a language property that asks for a name gets each language named, and two
questions in one message that one tool answers get one call each. Domains here are none of the
round's studied programs."""

from __future__ import annotations

from loops import converse, strings, tool


def test_a_chinese_name_loses_the_linking_and_total_words_around_it():
    t = tool("get_society", "查询社团的社员人数和活动时间", strings(society_name="社团名称"))
    seen: list[str] = []

    def society(society_name: str) -> dict[str, object]:
        seen.append(society_name)
        return {"社员人数": 46} if society_name == "青藤诗社" else {"error": "not_found"}

    calls, finals = converse("还有，青藤诗社一共有多少社员？", [t], {"get_society": society})
    assert calls == [("get_society", {"society_name": "青藤诗社"})]
    assert "46" in finals[-1]


def test_a_question_clause_is_no_place_and_what_was_seen_is_the_thing():
    t = tool(
        "get_camera_log",
        "查询野外红外相机点位的拍摄记录",
        strings(location="相机点位名称", animal="动物种类"),
    )
    log = {"last_seen": "2026-11-28"}
    calls, finals = converse(
        "松涛景区监测点最近一次拍到野猪是哪天？", [t], {"get_camera_log": lambda **k: log}
    )
    assert calls == [("get_camera_log", {"location": "松涛景区监测点", "animal": "野猪"})]
    assert "2026-11-28" in finals[-1]


def test_a_possessive_is_no_part_of_the_name():
    t = tool(
        "get_operator_stats",
        "On-time rate of a rail operator",
        strings(operator_name="the operator's name"),
    )
    calls, finals = converse(
        "What is Brightline's on-time rate this month?",
        [t],
        {"get_operator_stats": lambda **k: {"on_time_rate": "91%"}},
    )
    assert calls == [("get_operator_stats", {"operator_name": "Brightline"})]
    assert "91%" in finals[-1]


def test_a_search_question_sends_what_is_sought_not_the_question():
    t = tool(
        "search_permits",
        "Search the city's building permit catalogue by keywords",
        strings(query="keywords"),
    )
    calls, _ = converse(
        "Could you tell me which permit I need for a backyard deck?",
        [t],
        {"search_permits": lambda **k: [{"permit": "BP-2 Minor structures"}]},
    )
    assert calls == [("search_permits", {"query": "backyard deck"})]


def test_a_chinese_search_question_sends_what_its_topic_names():
    t = tool("search_papers", "按关键词检索资料室的论文", strings(keyword="检索关键词"))
    calls, finals = converse(
        "资料室里有没有关于明代瓷器的论文？",
        [t],
        {"search_papers": lambda **k: [{"title": "明代青花瓷研究"}]},
    )
    assert calls == [("search_papers", {"keyword": "明代瓷器"})]
    assert "明代青花瓷研究" in finals[-1]


def test_a_top_count_in_its_own_sentence_is_the_limit_and_the_answer_keeps_to_it():
    t = tool(
        "search_trails",
        "Search hiking trails by area",
        {"area": {"type": "string"}, "max_results": {"type": "integer"}},
        ["area"],
    )
    trails = [{"trail": f"Trail {c}"} for c in "ABCDE"]
    calls, finals = converse(
        "Find hiking trails around Boulder. I only want the top 2.",
        [t],
        {"search_trails": lambda **k: trails},  # the tool ignores the limit
    )
    assert calls == [("search_trails", {"area": "Boulder", "max_results": 2})]
    assert "Trail B" in finals[-1] and "Trail C" not in finals[-1]


def test_two_questions_one_tool_two_things_get_a_call_each():
    t = tool("get_vessel", "Look up a vessel: length and year built", strings(vessel_name=None))
    ships = {
        "Coral Spirit": {"length_m": 88, "built": 2004},
        "Harbor Light": {"length_m": 61, "built": 1991},
    }
    calls, finals = converse(
        "How long is the Coral Spirit? And when was the Harbor Light built?",
        [t],
        {"get_vessel": lambda vessel_name: ships.get(vessel_name, "not found")},
    )
    assert sorted(c[1]["vessel_name"] for c in calls) == ["Coral Spirit", "Harbor Light"]
    assert "88" in finals[-1] and "1991" in finals[-1]


def test_a_language_name_property_gets_each_language_named_whole():
    t = tool(
        "get_language_stats",
        "How many people speak a language, and its family",
        strings(language="the language's name, e.g. French"),
    )
    stats = {"Tagalog": {"speakers": "82M"}, "Portuguese": {"speakers": "260M"}}
    calls, finals = converse(
        "How many people speak Portuguese and Tagalog?",
        [t],
        {"get_language_stats": lambda language: stats.get(language, "not found")},
    )
    assert [c[1]["language"] for c in calls] == ["Portuguese", "Tagalog"]
    assert "Tagalog" in finals[-1] and "260M" in finals[-1]


def test_a_chinese_language_name_is_cut_out_of_its_question():
    t = tool("get_language", "查询一种语言的使用人数", strings(language="语言名称，例如 法语"))
    calls, _ = converse(
        "请问泰语和斯洛伐克语分别有多少人在说？",
        [t],
        {"get_language": lambda language: {"人数": 1}},
    )
    assert [c[1]["language"] for c in calls] == ["泰语", "斯洛伐克语"]


def test_a_second_question_with_no_thing_of_its_own_makes_no_second_call():
    t = tool(
        "search_cleaning_guides", "检索家电的清洗方法和需要准备的东西", strings(keyword="家电名称")
    )
    calls, finals = converse(
        "洗衣机怎么清洗？需要准备哪些东西？",
        [t],
        {"search_cleaning_guides": lambda keyword: {"步骤": "取出滤网冲洗", "准备": "软毛刷"}},
    )
    assert calls == [("search_cleaning_guides", {"keyword": "洗衣机"})]
    assert "软毛刷" in finals[-1]
