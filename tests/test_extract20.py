"""Extraction reads each value from the fact of its kind and role (round 20), in domains of
neither batch: a storage-unit agreement, a volunteer sign-up, a removals desk, a residents'
committee, a cleaning mix. Each case failed before: the parties of a contract left empty and its
area taken from the address's house number, a year range given as the phone and a job title as
the city, a tool chosen whose identifier the text never writes, an open question filled with
the attendees, an action whose owner speaks of it with 他 left out, an item named by the words
of the clause that follows it ("but use", "if the floor")."""

from __future__ import annotations

from tests.loops import forced, strings, tool
from tests.test_extract18 import structured

NUM = {"type": "number"}
INT = {"type": "integer"}
STRS = {"type": "array", "items": {"type": "string"}}


def test_a_contract_s_parties_by_their_role_words_and_an_area_by_its_unit_zh():
    schema = {
        "type": "object",
        "properties": {**strings(lessor=None, lessee=None, address=None), "area_sqm": NUM,
                       "monthly_rent_cny": INT},
        "required": ["lessor", "lessee", "address", "area_sqm", "monthly_rent_cny"],
        "additionalProperties": False,
    }  # fmt: skip
    got = structured(
        "请从下面的储物间租赁协议中提取要点：\n\n出租方（甲方）周海峰，承租方（乙方）林可欣。甲方将位于杭州市"
        "拱墅区湖墅南路 88 号 3 栋 105 室的储物间出租给乙方，面积 6 平方米，月租 300 元。",
        schema,
    )
    assert got["lessor"] == "周海峰" and got["lessee"] == "林可欣"
    assert got["area_sqm"] == 6 and got["monthly_rent_cny"] == 300
    assert got["address"].startswith("杭州市拱墅区湖墅南路")


def test_a_phone_is_phone_shaped_and_a_job_title_no_city_en():
    signup = tool(
        "register_volunteer",
        "Register a volunteer for the food bank.",
        {**strings(full_name=None, phone=None, current_city=None), "years_volunteering": INT},
        required=["full_name", "phone"],
    )
    got = forced(
        "Add this volunteer:\n\nHello, I'm Tomasz Nowak, a Warehouse Supervisor by trade "
        "(2015-2021 at Lidl). I volunteered for four years in Gdansk and now live in Leeds. "
        "You can reach me at tomasz.n@example.org or +44 7700 900 456.",
        signup,
    )
    assert got["full_name"] == "Tomasz Nowak"
    assert got["phone"] == "+44 7700 900 456"
    assert got.get("current_city") != "Warehouse Supervisor"


def test_under_any_a_tool_whose_identifier_the_text_never_writes_is_not_chosen_zh():
    items = {"type": "object", "properties": {"name": {"type": "string"}, "quantity": INT}}
    quote = tool(
        "request_removal_quote",
        "为一次搬家询价",
        {**strings(client=None, origin_city=None, destination_city=None),
         "items": {"type": "array", "items": items}},
    )  # fmt: skip
    track = tool("track_removal", "按运单号查询搬运状态", strings(waybill=None))
    import agentkit
    from tests.loops import MODEL

    r = agentkit.make_client(offline=True).messages.create(
        model=MODEL,
        max_tokens=1024,
        tools=[quote, track],
        tool_choice={"type": "any"},
        messages=[{"role": "user", "content": "根据客户的消息提交询价：\n你好，我们是苏州工业园区的启明书店，"
                   "下周要从苏州搬到南京。一共 2 种东西：书架 20 个，每个约 30 公斤；纸箱 150 个。"
                   "联系人赵琳，电话 139 1234 5566。"}],
    )  # fmt: skip
    calls = [(b.name, b.input) for b in r.content if b.type == "tool_use"]
    assert [n for n, _ in calls] == ["request_removal_quote"]
    assert calls[0][1]["origin_city"] == "苏州" and calls[0][1]["destination_city"] == "南京"


def test_open_questions_leave_something_undecided_and_a_speaker_s_action_is_kept_zh():
    minutes = tool(
        "save_minutes",
        "保存会议的待办事项",
        {
            "action_items": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": strings(owner=None, task=None, due_date="YYYY-MM-DD"),
                    "required": ["owner", "task"],
                },
            },
            "open_questions": STRS,
        },
        required=["action_items"],
    )
    got = forced(
        "整理下面这段业委会会议纪要的待办：\n2026年11月6日业委会例会。参会：方志远（主任）、何丽（委员）、"
        "宋涛（物业）。方志远说车棚的维修报价已经收到，他11月20日前要把报价贴到公告栏。宋涛负责清理"
        "地下室的杂物，11月15日前完成。大家讨论了要不要装充电桩，没有结论，下次再议。",
        minutes,
    )
    owners = [a["owner"] for a in got["action_items"]]
    assert "方志远" in owners and "宋涛" in owners
    assert got.get("open_questions") and all(
        "方志远" not in q and "何丽" not in q for q in got["open_questions"]
    )


def test_an_item_s_thing_is_no_piece_of_the_clause_after_it_en():
    schema = {
        "type": "object",
        "properties": {
            "ingredients": {
                "type": "array",
                "items": {
                    "type": "object",
                    "properties": {"name": {"type": "string"}, "quantity": NUM,
                                   "unit": {"type": "string"}},
                    "required": ["name", "quantity"],
                    "additionalProperties": False,
                },
            }
        },
        "required": ["ingredients"],
        "additionalProperties": False,
    }  # fmt: skip
    got = structured(
        "Put this floor-cleaner mix into the schema:\n\nMy nan's mix for tiled floors. Take 500 ml "
        "of warm water but use a litre if the floor is very dirty, a 250ml bottle of\nwhite "
        "vinegar and 2 tbsp of washing-up liquid. Mop and let it dry.",
        schema,
    )
    names = [i["name"] for i in got["ingredients"]]
    assert "white vinegar" in names and "warm water" in names
    assert not any(" but " in n or n.startswith("if ") or "bottle" in n for n in names)


def test_a_list_of_languages_holds_the_languages_the_text_names_en():
    guide = tool(
        "register_guide",
        "Register a tour guide.",
        {**strings(full_name=None), "languages": STRS},
    )
    got = forced(
        "Add this guide to the roster:\n\nHi, I'm Ines Duarte. I studied History at the "
        "University of Porto (BA 2015) and have led walking tours for Lisbon Walks since 2017. "
        "I speak Portuguese, Spanish and English.",
        guide,
    )
    assert got["languages"] == ["Portuguese", "Spanish", "English"]
