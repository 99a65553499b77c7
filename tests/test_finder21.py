"""Round 21, the finder (rule 2d, `sim/finder.py`, called by the gate `sim/gate.py` `_found`): a
required value the readers left unread is looked for once more by scoring before the user is
asked, and the gate checks shapes the readers got wrong. Domains of our own (a greenhouse's grow
lamps, an outdoor shop's shelf, a health check, a housing estate's bike shed); zh and en. Each
case failed before: the user was asked for what the request gave, or a wrong value was sent."""

from __future__ import annotations

import re

import pytest

from agentkit.sim import finder
from tests.loops import converse, strings, tool


def test_an_enum_member_by_its_marks() -> None:
    """A quantity and its unit ("600 W", "1-metre") and a code's word ("CCD") pick a member."""
    lamps = ["LED-400W", "HPS-600W", "CMH-315W"]
    assert finder.named_options("put the 600 W lamp over bench 3", lamps) == ["HPS-600W"]
    scopes = ["T1-0.6m", "T2-1.0m", "T3-2.2m"]
    assert finder.named_options("two hours on the 1-metre telescope", scopes) == ["T2-1.0m"]
    assert finder.named_options("下午去", ["09:00-11:00", "14:00-16:00", "18:30-19:30"]) == [
        "14:00-16:00"
    ]
    assert (
        finder.named_options("any lamp will do", lamps) == []
    )  # nothing said: asked, never guessed


def test_people_brought_are_counted() -> None:
    assert finder.people_count("我和老婆带两个孩子去") == 4
    assert finder.people_count("I'll come with my wife and two kids") == 4
    assert finder.people_count("我一个人去") is None


LAMP = tool(
    "schedule_lamp",
    "Switch on a grow lamp over a bench for some hours.",
    {
        "lamp": {"type": "string", "enum": ["LED-400W", "HPS-600W", "CMH-315W"]},
        "bench": {"type": "integer"},
        "hours": {"type": "integer"},
    },
)


def test_an_enum_the_request_names_by_its_wattage_is_not_asked() -> None:
    calls, finals = converse(
        "Switch on the 600 W lamp over bench 3 for 5 hours tonight.",
        [LAMP],
        {"schedule_lamp": lambda lamp, bench, hours: f"{lamp} on over bench {bench} for {hours} h"},
    )
    assert calls == [("schedule_lamp", {"lamp": "HPS-600W", "bench": 3, "hours": 5})]
    assert "HPS-600W" in finals[-1]


SHELF = {
    "tent 2-person": 4,
    "tent 4-person": 1,
    "sleeping bag (summer)": 7,
    "sleeping bag (winter)": 0,
}


@pytest.mark.parametrize("zh", [False, True])
def test_a_list_in_the_description_is_a_closed_set_one_call_each(zh: bool) -> None:
    shelf = tool(
        "count_on_shelf",
        (
            "货架上的件数。用清单里的写法："
            if zh
            else "Units on the shelf. Use the name as written in the list: "
        )
        + ", ".join(SHELF),
        strings(item=None),
    )
    said = (
        "店里还有 4-person tent 和 winter sleeping bag 吗？只查一下。"
        if zh
        else "Do we still have a 4-person tent and a winter sleeping bag? Just check."
    )
    calls, _ = converse(said, [shelf], {"count_on_shelf": lambda item: f"{item}: {SHELF[item]}"})
    assert sorted(i["item"] for _, i in calls) == ["sleeping bag (winter)", "tent 4-person"]


CHECKUP = tool(
    "book_checkup",
    "预约体检。",
    {
        **strings(patient_name="体检人姓名", booker_name=None, date="YYYY-MM-DD"),
        "party_size": {"type": "integer", "description": "到场人数"},
    },
)


def test_the_speaker_and_the_one_they_book_for_are_two_people() -> None:
    calls, _ = converse(
        "我是赵立新，想 2026-12-20 带我老婆陪我爸赵国强去体检，帮我约一下。",
        [CHECKUP],
        {"book_checkup": lambda **a: "已预约"},
    )
    (_, got) = calls[0]
    assert (got["patient_name"], got["booker_name"]) == ("赵国强", "赵立新")
    assert got["party_size"] == 3  # the one speaking, his wife, his father


SHED = tool(
    "apply_bike_shed",
    "申请小区自行车棚车位。tag 为车牌（不含空格，如 京B12345）。",
    {
        **strings(
            owner="申请人姓名",
            building="楼号，如 3号楼",
            unit_room="单元和房号，如 1单元1202",
            tag=None,
        ),
        "months": {"type": "integer", "description": "申请月数，1-12"},
    },
)


def test_chinese_examples_give_shapes_and_a_half_year_is_six_months() -> None:
    calls, _ = converse(
        "我是12号楼3单元502的住户周敏，电动车牌 京B 7 7 3 1 0，帮我申请半年的自行车棚车位。",
        [SHED],
        {"apply_bike_shed": lambda **a: "已受理"},
    )
    assert calls == [
        (
            "apply_bike_shed",
            {
                "owner": "周敏",
                "building": "12号楼",
                "unit_room": "3单元502",
                "tag": "京B77310",
                "months": 6,
            },
        )
    ]


VISIT = tool(
    "book_ward_visit",
    "预约病房探视。非直系亲属需病人授权；relationship 可选但建议填写。",
    {
        **strings(patient_name="病人姓名", visitor_name=None, date="YYYY-MM-DD"),
        "relationship": {"type": "string", "enum": ["子女", "配偶", "孙辈", "朋友", "其他"]},
    },
    required=["patient_name", "visitor_name", "date"],
)


def test_the_users_word_for_the_other_person_gives_the_relation() -> None:
    calls, _ = converse(
        "我是秦远，想 2026-12-21 去看我外婆钱桂兰，帮我约一下探视。",
        [VISIT],
        {"book_ward_visit": lambda **a: "已预约"},
    )
    assert calls[0][1] == {
        "patient_name": "钱桂兰",
        "visitor_name": "秦远",
        "date": "2026-12-21",
        "relationship": "孙辈",
    }


ENTRY = tool(
    "book_lab_entry",
    "Book entry to the lab.",
    {**strings(name="Full name"), "purpose": {"type": "string"}},
    required=["name"],
)


@pytest.mark.parametrize(
    "refusal",
    [
        "Denied: safety rules say every visit must state its reason. Please include purpose and resubmit.",
        "拒绝：安全规定要求注明来访目的，请在 purpose 中注明后重新提交。",
    ],
)
def test_a_refusal_that_names_a_value_to_add_asks_for_it(refusal: str) -> None:
    def entry(name: str, purpose: str | None = None) -> str:
        if not purpose:
            raise RuntimeError(refusal)
        return "booked"

    calls, finals = converse(
        ["I'm Wang Fang, please book me entry to the lab.", "To calibrate the spectrometer."],
        [ENTRY],
        {"book_lab_entry": entry},
    )
    assert "purpose" in finals[0].splitlines()[-1]  # asked, not given up
    assert calls[-1] == (
        "book_lab_entry",
        {"name": "Wang Fang", "purpose": "To calibrate the spectrometer"},
    )


def test_a_lone_code_and_a_lone_file_name_fill_an_id_and_a_file() -> None:
    """Rule 5, and an example's placeholders ("GYM-xxxxx") stand for digits: the user's words
    hold one code (one file name, whose extension may start with a digit) no other value took."""
    lesson = tool(
        "book_boulder_class",
        "预约抱石课。",
        strings(member_id="会员编号，如 GYM-xxxxx", date="YYYY-MM-DD"),
    )
    calls, _ = converse(
        "我是会员GYM-40712，帮我预约 2026-12-17 的抱石课。",
        [lesson],
        {"book_boulder_class": lambda **a: "已预约"},
    )
    assert calls == [("book_boulder_class", {"member_id": "GYM-40712", "date": "2026-12-17"})]
    printer = tool(
        "queue_print",
        "Queue a 3D print.",
        strings(member_id=None, file_name=None),
    )
    calls, _ = converse(
        "Member M-5521 here: please queue hinge_v4.3mf.",
        [printer],
        {"queue_print": lambda **a: "queued"},
    )
    assert calls == [("queue_print", {"member_id": "M-5521", "file_name": "hinge_v4.3mf"})]


@pytest.mark.parametrize(
    "said, about, want",
    [
        (
            "Rent me a canoe on 2026-12-19, please.",
            "Rent a boat for a day. B1 is a kayak, B2 is a canoe, B3 is a paddleboard.",
            "B2",
        ),
        (
            "帮我 2026-12-19 租一辆山地车。",
            "租车一天。bike_id 可选 E-01（电动自行车）、M-02（山地车）、C-03（儿童车）。",
            "M-02",
        ),
    ],
)
def test_codes_a_description_explains_are_chosen_by_their_words(
    said: str, about: str, want: str
) -> None:
    """Rule 6: the code whose explanation the user says, never the first one."""
    key = "boat_id" if "boat" in about else "bike_id"
    name = "rent_boat" if "boat" in about else "rent_bike"
    hire = tool(name, about, strings(**{key: None}, date="YYYY-MM-DD"))
    calls, _ = converse(said, [hire], {name: lambda **a: "booked"})
    assert calls == [(name, {key: want, "date": "2026-12-19"})]


@pytest.mark.parametrize(
    "said, refusal",
    [
        (
            "How muddy is the Valley trail today?",
            "Unknown trail 'Valley'. Available trails: Ridge Loop, Valley Walk, Lakeside Path",
        ),
        (  # (湖边 is said of 湖畔 by their English; 步道, the kind, names none)
            "湖边那条步道今天状况怎么样？",
            "未找到步道：湖边。可用步道：山脊环线、山谷步道、湖畔小径",
        ),
    ],
)
def test_a_failure_that_lists_its_values_is_retried_with_the_one_meant(
    said: str, refusal: str
) -> None:
    """Rule 7: the listed value that holds what was sent (or that the user names), once."""
    names = [x.strip() for x in re.split(r"[,、]", re.split(r"[:：]", refusal)[-1])]

    def trail(trail: str) -> str:
        if trail not in names:
            raise RuntimeError(refusal)
        return f"{trail}: muddy after rain"  # (the same words in both languages)

    zh = "步道" in said
    about = "查询徒步步道的当前状况。" if zh else "Current conditions of a hiking trail."
    look = tool("trail_conditions", about, strings(trail=None))
    calls, finals = converse(said, [look], {"trail_conditions": trail})
    assert calls[-1][1]["trail"] in ("Valley Walk", "湖畔小径"), calls
    assert len(calls) <= 2 and "muddy" in finals[-1]


def test_the_speaker_is_the_one_after_a_groups_name_and_an_ordinal_is_no_id() -> None:
    """Found by the blind set review22: "我是X老师组的Y" introduces Y, not X; "the 14th" is no
    hut's id (the look-up that gives the id is called first)."""
    scope = tool(
        "book_microscope",
        "预约电子显微镜。",
        strings(pi_name="课题组负责人姓名", user_name=None, date="YYYY-MM-DD"),
    )
    calls, _ = converse(
        "帮我约 2026-12-16 的电镜，我是孙红梅老师组的张悦。",
        [scope],
        {"book_microscope": lambda **a: "已预约"},
    )
    assert calls[0][1]["user_name"] == "张悦" and calls[0][1]["pi_name"].startswith("孙红梅")
    huts = [
        tool("list_huts", "Find mountain huts by name.", strings(name_contains=None)),
        tool(
            "reserve_bunks",
            "Reserve bunks in a hut.",
            {
                **strings(hut_id="Hut id from list_huts", night_of="YYYY-MM-DD"),
                "bunks": {"type": "integer"},
            },
        ),
    ]
    calls, _ = converse(
        "Reserve 2 bunks at the Lindenhof hut for the night of the 14th of March 2027.",
        huts,
        {
            "list_huts": lambda name_contains: [{"hut_id": "H-LIN", "name": "Lindenhof"}],
            "reserve_bunks": lambda **a: "reserved",
        },
    )
    assert all(i.get("hut_id") != "14th" for _, i in calls), calls


def test_a_rate_per_one_of_the_records_currency_and_a_sum_in_chinese_figures() -> None:
    """Found by review22 (seen): {"currency": "USD", "cny_per_unit": 7.1} is 7.1 CNY per USD, and
    一千二百美元 is 1200 USD (`sim/facts.py` `_exchange`, `_zh_figures`)."""
    rate = tool("get_fx_rate", "查询外币兑人民币汇率。", strings(currency="货币代码"))
    _, finals = converse(
        "我想换一千二百美元现金，大概要多少人民币？",
        [rate],
        {"get_fx_rate": lambda currency: {"currency": "USD", "cny_per_unit": 7.1}},
    )
    assert "8520" in finals[-1]
