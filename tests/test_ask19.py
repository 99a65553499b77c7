"""A value the conversation already holds is used, never asked for (round 19): a range of hours
said in words gives both ends ("from 10 to noon", "between 1 and 3 pm"); a month and day in
Chinese numerals, of next year ("明年三月八号"); a bare day after a month date keeps that month;
before a name is asked for, the user's words are searched for one of its kind (a whole proper
name, never a weekday; a pet's name after 叫; a Chinese surname beside 的; a business name for a
client), and "over the next two weeks" runs from today."""

from __future__ import annotations

from loops import converse, strings, tool

DAY = {"type": "string", "description": "YYYY-MM-DD"}
CLOCK = {"type": "string", "description": "HH:MM"}


def test_a_range_of_hours_in_words_gives_start_and_end():
    wheel = tool(
        "reserve_kiln",
        "Reserve the pottery studio's kiln.",
        {"potter": {"type": "string"}, "date": DAY, "start_time": CLOCK, "end_time": CLOCK},
    )
    for said, ends in [
        ("from 10 to noon", ("10:00", "12:00")),
        ("between 1 and 3 pm", ("13:00", "15:00")),
        ("2 till half past four", ("14:00", "16:30")),
    ]:
        calls, _ = converse(
            f"Reserve the kiln for potter Lena Park on 2027-03-04, {said}.",
            [wheel],
            {"reserve_kiln": lambda **k: "reserved, ref KL-22"},
        )
        assert (calls[0][1]["start_time"], calls[0][1]["end_time"]) == ends, said


def test_a_day_in_chinese_numerals_of_next_year_is_read():
    show = tool(
        "book_gallery",
        "按日期和人数预订展厅。",
        {
            "date": {"type": "string", "description": "开展日期 YYYY-MM-DD"},
            "visitors": {"type": "integer"},
        },
    )
    calls, _ = converse(
        "我们明年三月八号想办个画展，大概八十位观众。",
        [show],
        {"book_gallery": lambda **k: "已预订 G-3"},
        system="你是美术馆的助手。今天是 2026-12-07。",
    )
    assert calls == [("book_gallery", {"date": "2027-03-08", "visitors": 80})]


def test_a_whole_name_and_a_run_from_today_not_a_weekday():
    find = tool(
        "find_borrower", "Look up a library borrower by full name.", {"name": {"type": "string"}}
    )
    loans = tool(
        "list_loans",
        "List a borrower's loans due between two dates.",
        {"borrower_id": {"type": "string"}, "from_date": DAY, "to_date": DAY},
    )
    calls, _ = converse(
        "Which loans does Ravi Menon have due over the next two weeks? He thinks two are due on Friday.",
        [find, loans],
        {
            "find_borrower": lambda **k: {"borrower_id": "B-771", "name": "Ravi Menon"},
            "list_loans": lambda **k: [{"title": "Dune", "due": "2026-12-11"}],
        },
        system="You help at Riverside Library. Today is 2026-12-07.",
    )
    assert calls[0] == ("find_borrower", {"name": "Ravi Menon"})
    assert calls[1] == (
        "list_loans",
        {"borrower_id": "B-771", "from_date": "2026-12-07", "to_date": "2026-12-20"},
    )


def test_a_chinese_name_beside_de_and_a_pet_named_after_jiao():
    staff = tool("find_staff", "按姓名查找员工档案。", strings(name="员工姓名"))
    calls, finals = converse(
        "财务部的孙倩今天入职满三年了，帮我查一下她的档案。",
        [staff],
        {"find_staff": lambda **k: {"staff_id": "S-208", "dept": "财务部"}},
    )
    assert calls == [("find_staff", {"name": "孙倩"})] and "S-208" in finals[0]
    groom = tool(
        "find_pet_record",
        "按主人姓名和宠物名字查找美容档案。",
        strings(owner_name="主人姓名", pet_name="宠物名字"),
    )
    calls, _ = converse(
        "我家兔子叫球球，登记的主人是林涛，想看看上次美容是什么时候。",
        [groom],
        {"find_pet_record": lambda **k: {"last_groom": "2026-11-02"}},
    )
    assert calls[0][1]["pet_name"] == "球球"


def test_a_client_named_by_its_business_is_searched_not_asked_for():
    search = tool(
        "search_contracts", "按客户名称搜索合同，返回合同编号。", strings(client_name="客户名称")
    )
    calls, _ = converse(
        "星河物流那个仓储合同的续约日期是哪天？",
        [search],
        {"search_contracts": lambda **k: [{"contract_id": "HT-88", "renew_on": "2027-02-01"}]},
    )
    assert calls == [("search_contracts", {"client_name": "星河物流"})]
