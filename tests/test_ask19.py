"""A value the conversation already holds is used, never asked for (round 19): a range of hours
said in words gives both ends ("from 10 to noon", "between 1 and 3 pm"); a month and day in
Chinese numerals, of next year ("明年三月八号"); before a name is asked for, the user's words are
searched for one of its kind (a whole proper name, never a weekday; a child's name after 叫; a
Chinese surname beside 的; a business name for a client), and "over the next two weeks" runs from
today; an enum member is read by its gloss in the description; a listed slot is picked by the time
it starts, and "还有…吗" over a listing is a yes; 那订…那间 books; the one record a look-up found
gives the next call's id; the tool the request fills most is taken rather than none."""

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


def test_a_chinese_name_beside_de_and_a_child_named_after_jiao():
    singer = tool("find_singer", "按姓名查找合唱团团员档案。", strings(name="团员姓名"))
    calls, finals = converse(
        "女高音声部的孙倩今天入团满三年了，帮我查一下她的档案。",
        [singer],
        {"find_singer": lambda **k: {"singer_id": "CH-208", "part": "女高音"}},
    )
    assert calls == [("find_singer", {"name": "孙倩"})] and "CH-208" in finals[0]
    dance = tool(
        "find_dancer",
        "按家长姓名和学员名字查找舞蹈学员档案。",
        strings(parent_name="家长姓名", dancer_name="学员名字"),
    )
    calls, _ = converse(
        "我家女儿叫朵朵，登记的家长是林涛，想看看她下次考级是什么时候。",
        [dance],
        {"find_dancer": lambda **k: {"next_exam": "2027-01-16"}},
    )
    assert calls[0][1]["dancer_name"] == "朵朵"


def test_a_client_named_by_its_business_is_searched_not_asked_for():
    search = tool(
        "search_campaigns", "按客户名称搜索广告投放计划。", strings(client_name="客户名称")
    )
    calls, _ = converse(
        "星河传媒那个春节投放计划什么时候上线？",
        [search],
        {"search_campaigns": lambda **k: [{"campaign_id": "AD-88", "launch": "2027-02-01"}]},
    )
    assert calls == [("search_campaigns", {"client_name": "星河传媒"})]


def test_an_enum_member_is_read_by_the_gloss_its_description_gives():
    ticket = tool(
        "open_ticket",
        "Open an IT helpdesk ticket for a desk.",
        {
            "desk": {"type": "string"},
            "category": {
                "type": "string",
                "enum": ["hardware", "network", "access", "other"],
                "description": "hardware=laptop/screen/keyboard, network=wifi/vpn, access=password/login",
            },
            "summary": {"type": "string"},
        },
    )
    calls, _ = converse(
        "The VPN at desk 4F-12 keeps dropping every ten minutes, please log it.",
        [ticket],
        {"open_ticket": lambda **k: {"ticket": "IT-301"}},
    )
    assert calls[0][1]["category"] == "network"


def test_a_listed_slot_is_picked_by_the_time_it_starts_and_booked():
    lanes = tool("list_lanes", "查询某天的空闲泳道时段。", {"date": DAY})
    book = tool(
        "book_lane",
        "预订泳道。",
        {
            "lane_id": {"type": "string", "description": "泳道编号，例如 L-2"},
            "date": DAY,
            "start_time": CLOCK,
            "hours": {"type": "integer"},
            "member_name": {"type": "string", "description": "会员姓名"},
        },
    )
    free = {
        "free": [
            {"lane_id": "L-1", "start": "08:00", "end": "10:00"},
            {"lane_id": "L-4", "start": "10:00", "end": "12:00"},
            {"lane_id": "L-6", "start": "14:00", "end": "15:00"},
        ]
    }
    calls, finals = converse(
        ["明天上午还有泳道吗？", "那就订十点那个，游一个小时，名字写周敏。"],
        [lanes, book],
        {"list_lanes": lambda **k: free, "book_lane": lambda **k: "预订成功 SW-11"},
        system="今天是 2026-12-07。",
    )
    assert finals[0].startswith("有")
    assert calls[1] == (
        "book_lane",
        {
            "lane_id": "L-4",
            "date": "2026-12-08",
            "start_time": "10:00",
            "hours": 1,
            "member_name": "周敏",
        },
    )


def test_na_ding_before_the_entry_books_it():
    rooms = tool("list_rooms", "查询某天空闲的会议室。", {"date": DAY})
    book = tool(
        "book_room",
        "预订会议室。",
        {
            "room_id": {"type": "string", "description": "会议室编号"},
            "date": DAY,
            "contact": strings(x="联系人")["x"],
        },
    )
    listed = [{"room_id": "M-2", "feature": "白板"}, {"room_id": "M-5", "feature": "投影仪"}]
    calls, _ = converse(
        ["明天有空会议室吗？", "那订有投影仪那间，联系人写高远。"],
        [rooms, book],
        {"list_rooms": lambda **k: listed, "book_room": lambda **k: "已预订"},
        system="今天是 2026-12-07。",
    )
    assert calls[-1] == ("book_room", {"room_id": "M-5", "date": "2026-12-08", "contact": "高远"})


def test_the_one_record_a_look_up_found_gives_the_next_calls_id():
    find = tool("find_vehicle", "按车牌查找车辆。", strings(plate="车牌号"))
    wash = tool(
        "schedule_wash",
        "为车辆预约洗车。",
        {
            "vehicle_id": strings(x="车辆编号")["x"],
            "date": DAY,
            "package": {"type": "string", "enum": ["basic", "deluxe"]},
        },
    )
    calls, _ = converse(
        "帮沪A12345约明天的 deluxe 洗车。",
        [find, wash],
        {
            "find_vehicle": lambda **k: "车辆：沪A12345，编号 VH-220，车主：陈晨",
            "schedule_wash": lambda **k: {"wash_id": "W-9"},
        },
        system="今天是 2026-12-07。",
    )
    assert calls[-1] == (
        "schedule_wash",
        {"vehicle_id": "VH-220", "date": "2026-12-08", "package": "deluxe"},
    )


def test_the_tool_most_filled_by_the_request_is_taken_not_none():
    find = tool("find_client", "Search clients by name.", strings(query="client name"))
    tune = tool(
        "schedule_service",
        "Schedule a technician for a client.",
        {
            "client_id": {"type": "string"},
            "date": DAY,
            "window_start": CLOCK,
            "window_end": CLOCK,
            "service": {"type": "string", "enum": ["tuning", "repair", "appraisal"]},
        },
    )
    calls, _ = converse(
        "Priya Raman wants her piano tuned on 2027-01-15, any time between 10 and noon.",
        [find, tune],
        {
            "find_client": lambda **k: {"matches": [{"client_id": "PT-41", "name": "Priya Raman"}]},
            "schedule_service": lambda **k: "Booked PT-visit 7",
        },
    )
    assert calls[-1] == (
        "schedule_service",
        {
            "client_id": "PT-41",
            "date": "2027-01-15",
            "window_start": "10:00",
            "window_end": "12:00",
            "service": "tuning",
        },
    )


def test_a_confirmation_sentence_keeps_its_code_and_a_reason_is_no_haste():
    sweep = tool(
        "book_sweep",
        "Book a chimney sweep.",
        {"address": {"type": "string"}, "date": DAY},
    )
    _, finals = converse(
        "Book a chimney sweep at 9 Mill Lane on 2027-02-03.",
        [sweep],
        {"book_sweep": lambda **k: "Sweep CS-204 booked: 9 Mill Lane on 2027-02-03, sweeper Joe."},
    )
    assert "CS-204" in finals[0]
    tutor = tool(
        "book_tutor",
        "预约家教试听课。",
        {"date": DAY, "reason": {"type": "string", "description": "补习原因"}},
    )
    calls, _ = converse(
        "我儿子叫乐乐，他最近数学跟不上，想约明天的试听课，越早越好。",
        [tutor],
        {"book_tutor": lambda **k: "已预约 TT-5"},
        system="今天是 2026-12-07。",
    )
    assert calls[0][1]["reason"] == "他最近数学跟不上"
