"""Rule 3 after the look-up: the act the user asked for, whose id the looked-up record gives, is
made once the record is found, with the request's own values for its other inputs (never the
record's); a request that only looks something up makes no act. Domains of our own, zh and en,
through the SDK."""

from __future__ import annotations

import json

import pytest

from tests.test_any_tools import ended, run, tool


def flat(t):
    return [c for turn in t.calls for c in turn]


FIND_RESERVATION = tool(
    "find_reservation",
    "Look up a restaurant reservation by the guest's phone number.",
    {"phone": {"type": "string"}},
    ["phone"],
)
CHANGE_TABLE = tool(
    "change_table",
    "Move a reservation to another table.",
    {"reservation_id": {"type": "string"}, "table": {"type": "string"}},
    ["reservation_id", "table"],
)


def bistro(name, args):
    if name == "find_reservation":
        return json.dumps({"reservation_id": "RSV-8812", "guest": "Ola", "table": "T4"})
    if name == "change_table":
        return json.dumps({"ok": True, **args})
    raise KeyError(name)


def test_the_table_is_changed_once_the_reservation_is_found():
    t = run(
        "My phone is 555-0142. Please move my reservation to table 9.",
        [FIND_RESERVATION, CHANGE_TABLE],
        bistro,
    )
    assert flat(t) == [
        ("find_reservation", {"phone": "555-0142"}),
        ("change_table", {"table": "9", "reservation_id": "RSV-8812"}),
    ]
    ended(t)


def test_a_reservation_only_looked_up_is_not_changed():
    t = run(
        "My phone is 555-0142. Please find my reservation.",
        [FIND_RESERVATION, CHANGE_TABLE],
        bistro,
    )
    assert flat(t) == [("find_reservation", {"phone": "555-0142"})]
    ended(t)


FIND_BOOKING = tool(
    "find_booking",
    "按手机号查找客人的餐厅订位。",
    {"phone": {"type": "string", "description": "手机号"}},
    ["phone"],
)
RESIZE_BOOKING = tool(
    "resize_booking",
    "修改订位的用餐人数。",
    {
        "booking_id": {"type": "string"},
        "guests": {"type": "integer", "description": "用餐人数"},
    },
    ["booking_id", "guests"],
)


def hotpot(name, args):
    if name == "find_booking":
        return json.dumps({"booking_id": "KB-207", "guests": 2, "time": "20:00"})
    if name == "resize_booking":
        return json.dumps({"ok": True, **args})
    raise KeyError(name)


def test_the_party_is_resized_once_the_booking_is_found_zh():
    t = run(
        "我的手机号是13912345678，请把我的订位人数修改为6人。",
        [FIND_BOOKING, RESIZE_BOOKING],
        hotpot,
    )
    assert flat(t) == [
        ("find_booking", {"phone": "13912345678"}),
        ("resize_booking", {"guests": 6, "booking_id": "KB-207"}),
    ]
    ended(t)


def test_a_booking_only_looked_up_is_not_resized_zh():
    t = run("我的手机号是13912345678，帮我查一下订位。", [FIND_BOOKING, RESIZE_BOOKING], hotpot)
    assert flat(t) == [("find_booking", {"phone": "13912345678"})]
    ended(t)


# ------------------------------------- an id of another kind is the look-up's input (en, zh)

LOOKUP_MEMBER = tool(
    "lookup_member",
    "Find a climbing gym member's memberships by their member card number.",
    {"card_number": {"type": "string"}},
    ["card_number"],
)
RENEW_MEMBERSHIP = tool(
    "renew_membership",
    "Renew a membership for another year.",
    {"membership_id": {"type": "string"}},
    ["membership_id"],
)
LOOKUP_MEMBER_ZH = tool(
    "lookup_member",
    "按会员卡号查询会员的会籍。",
    {"card_number": {"type": "string", "description": "会员卡号"}},
    ["card_number"],
)
RENEW_MEMBERSHIP_ZH = tool(
    "renew_membership",
    "为会籍续期一年。",
    {"membership_id": {"type": "string", "description": "会籍编号"}},
    ["membership_id"],
)


def climbing(name, args):
    if name == "lookup_member":
        body = {"member": "Lin", "memberships": [{"membership_id": "MS-301", "plan": "yearly"}]}
        return json.dumps(body)
    if name == "renew_membership":
        return json.dumps({"ok": True, **args})
    raise KeyError(name)


def test_a_card_number_is_the_lookups_input_not_the_memberships_id():
    t = run(
        "Please renew my membership, my member card number is C-5521.",
        [LOOKUP_MEMBER, RENEW_MEMBERSHIP],
        climbing,
    )
    assert flat(t) == [
        ("lookup_member", {"card_number": "C-5521"}),
        ("renew_membership", {"membership_id": "MS-301"}),
    ]
    ended(t)


def test_a_card_number_is_the_lookups_input_not_the_memberships_id_zh():
    t = run(
        "请帮我把会籍续期一年，会员卡号C-5521。",
        [LOOKUP_MEMBER_ZH, RENEW_MEMBERSHIP_ZH],
        climbing,
    )
    assert flat(t) == [
        ("lookup_member", {"card_number": "C-5521"}),
        ("renew_membership", {"membership_id": "MS-301"}),
    ]
    ended(t)


# ------------------------------- a follow-up that picks a listed entry and asks for the act

SEARCH_EVENTS = tool(
    "search_events",
    "Search events at a venue.",
    {"venue": {"type": "string"}},
    ["venue"],
)
CREATE_ORDER = tool(
    "create_order",
    "Create a ticket order.",
    {"event_ref": {"type": "string"}, "qty": {"type": "integer"}},
    ["event_ref", "qty"],
)
RESERVE = tool(
    "reserve",
    "Reserve places at an event.",
    {
        "event_id": {"type": "string"},
        "count": {"type": "integer", "description": "Number of people"},
    },
    ["event_id", "count"],
)


def arena(name, args):
    if name == "search_events":
        return json.dumps(
            [
                {"id": "EV-1", "name": "Jazz Night", "date": "2026-12-10"},
                {"id": "EV-2", "name": "Folk Duo", "date": "2026-12-11"},
            ]
        )
    return json.dumps({"ok": True, **args})


def follow_up(act, words):
    first = run("Search events at the Leeds Arena.", [SEARCH_EVENTS, act], arena)
    assert flat(first) == [("search_events", {"venue": "Leeds Arena"})]
    more = first.messages + [{"role": "user", "content": words}]
    return run(None, [SEARCH_EVENTS, act], arena, messages=more)


def test_the_second_one_and_a_count_is_the_act_on_that_entry():
    t = follow_up(RESERVE, "The second one, two tickets.")
    assert flat(t) == [("reserve", {"count": 2, "event_id": "EV-2"})]
    ended(t)


def test_the_second_one_and_a_count_is_the_act_on_that_entry_zh():
    t = follow_up(CREATE_ORDER, "第二个，两张票。")
    assert flat(t) == [("create_order", {"event_ref": "EV-2", "qty": 2})]
    ended(t)


def test_the_picked_entrys_id_is_no_word_of_the_request():
    t = follow_up(CREATE_ORDER, "Let's do the first one. Three tickets please.")
    assert flat(t) == [("create_order", {"event_ref": "EV-1", "qty": 3})]
    ended(t)


# ---------------------------------------------- a party of one said without a number (en, zh)

BOOK_TASTING = tool(
    "book_tasting",
    "Book a whisky tasting.",
    {"date": {"type": "string", "description": "YYYY-MM-DD"}, "guests": {"type": "integer"}},
    ["date", "guests"],
)
BOOK_TASTING_ZH = tool(
    "book_tasting",
    "预约一场品酒会。",
    {
        "date": {"type": "string", "description": "YYYY-MM-DD"},
        "guests": {"type": "integer", "description": "人数"},
    },
    ["date", "guests"],
)


def distillery(name, args):
    return json.dumps({"ok": True, **args})


def test_just_me_is_a_count_of_one():
    t = run("Book a whisky tasting on 2026-12-19. Just me.", [BOOK_TASTING], distillery)
    assert flat(t) == [("book_tasting", {"date": "2026-12-19", "guests": 1})]
    ended(t)


def test_just_me_is_a_count_of_one_zh():
    t = run("帮我预约2026-12-19的品酒会，就我一个人。", [BOOK_TASTING_ZH], distillery)
    assert flat(t) == [("book_tasting", {"date": "2026-12-19", "guests": 1})]
    ended(t)


# ----------------------------------- the quantity is the target minus the count looked up

CHECK_BEANS = tool(
    "check_inventory",
    "Check how many bags of a coffee are in inventory.",
    {"blend": {"type": "string"}},
    ["blend"],
)
RESTOCK = tool(
    "restock",
    "Order bags of a coffee from the roaster.",
    {"blend": {"type": "string"}, "bags": {"type": "integer"}},
    ["blend", "bags"],
)
CHECK_BEANS_ZH = tool(
    "check_inventory",
    "查询某种咖啡豆的库存袋数。",
    {"blend": {"type": "string", "description": "咖啡豆名称"}},
    ["blend"],
)
RESTOCK_ZH = tool(
    "restock",
    "向烘焙商订购咖啡豆。",
    {"blend": {"type": "string", "description": "咖啡豆名称"}, "bags": {"type": "integer"}},
    ["blend", "bags"],
)


def roastery(name, args):
    if name == "check_inventory":
        return json.dumps({"blend": args["blend"], "bags_in_stock": 7})
    if name == "restock":
        return json.dumps({"ok": True, **args})
    raise KeyError(name)


def test_the_order_is_the_difference_to_the_target():
    t = run(
        'I want 30 bags of "Night Owl" on hand. Check the inventory and order whatever is missing.',
        [CHECK_BEANS, RESTOCK],
        roastery,
    )
    assert flat(t) == [
        ("check_inventory", {"blend": "Night Owl"}),
        ("restock", {"blend": "Night Owl", "bags": 23}),
    ]
    ended(t)


def test_the_order_is_the_difference_to_the_target_zh():
    t = run(
        "“夜猫”咖啡豆我要备到30袋，缺多少就订多少。",
        [CHECK_BEANS_ZH, RESTOCK_ZH],
        roastery,
    )
    assert flat(t) == [
        ("check_inventory", {"blend": "夜猫"}),
        ("restock", {"blend": "夜猫", "bags": 23}),
    ]
    ended(t)


# ------------------------------------------ what a search found, saved to the file named

SEARCH_RECIPES = tool(
    "search_recipes",
    "Search the recipe box by keyword.",
    {"query": {"type": "string"}},
    ["query"],
)
WRITE_FILE = tool(
    "write_file",
    "Write text to a file.",
    {"path": {"type": "string"}, "content": {"type": "string"}},
    ["path", "content"],
)


def recipe_box(name, args):
    if name == "search_recipes":
        return json.dumps(
            [{"title": "Lentil soup", "minutes": 40}, {"title": "Dal", "minutes": 35}]
        )
    if name == "write_file":
        return json.dumps({"ok": True, "path": args["path"], "bytes": len(args["content"])})
    raise KeyError(name)


FOUND_TEXT = "title: Lentil soup, minutes: 40\ntitle: Dal, minutes: 35\n"


def test_what_the_search_found_is_saved_to_the_file_named():
    t = run(
        "Search the recipes for lentil and save what you find to lentils.txt.",
        [SEARCH_RECIPES, WRITE_FILE],
        recipe_box,
    )
    assert flat(t) == [
        ("search_recipes", {"query": "lentil"}),
        ("write_file", {"path": "lentils.txt", "content": FOUND_TEXT}),
    ]
    ended(t)


def test_what_the_search_found_is_saved_to_the_file_named_zh():
    t = run(
        "搜索菜谱lentil，把搜到的结果保存到lentils.txt。",
        [SEARCH_RECIPES, WRITE_FILE],
        recipe_box,
    )
    assert flat(t)[1] == ("write_file", {"path": "lentils.txt", "content": FOUND_TEXT})
    ended(t)


PANTRY_LEVEL = tool(
    "get_pantry_level",
    "How many units of a pantry item are on the shelf, with its usual vendor.",
    {"item_code": {"type": "string"}},
    ["item_code"],
)
CREATE_SUPPLY_ORDER = tool(
    "create_supply_order",
    "Order more units of an item from a vendor.",
    {
        "item_code": {"type": "string"},
        "vendor_id": {"type": "string"},
        "units": {"type": "integer"},
    },
    ["item_code", "vendor_id", "units"],
)


def pantry(name, args):
    if name == "get_pantry_level":
        return json.dumps({"item_code": args["item_code"], "on_shelf": 14, "vendor_id": "V-31"})
    return json.dumps({"order": "SO-118", **args})


@pytest.mark.parametrize(
    "prompt",
    [
        "Top up item OATS-5 so we have 40 on the shelf - order just the difference from the usual vendor.",
        "We want 40 of OATS-5 on the shelf; please order whatever is missing from the usual vendor.",
    ],
)
def test_buying_given_as_an_order_is_the_act_after_the_count(prompt):
    t = run(prompt, [PANTRY_LEVEL, CREATE_SUPPLY_ORDER], pantry)
    assert flat(t) == [
        ("get_pantry_level", {"item_code": "OATS-5"}),
        ("create_supply_order", {"item_code": "OATS-5", "vendor_id": "V-31", "units": 26}),
    ]
    ended(t)


def test_an_order_s_status_asks_for_no_order():
    t = run(
        "What is the order status of OATS-5 on the shelf?",
        [PANTRY_LEVEL, CREATE_SUPPLY_ORDER],
        pantry,
    )
    assert [n for n, _ in flat(t)] == ["get_pantry_level"]


FIND_CLINIC = tool(
    "find_clinic",
    "按行政区查找社区卫生服务站。",
    {"district": {"type": "string", "description": "行政区名称"}},
    ["district"],
)
LIST_TIMES = tool(
    "list_times",
    "列出某服务站某天可预约的时段。",
    {"clinic_id": {"type": "string"}, "date": {"type": "string", "description": "YYYY-MM-DD"}},
    ["clinic_id", "date"],
)
BOOK_TIME = tool(
    "book_time",
    "用医保卡号预约一个时段。",
    {"time_id": {"type": "string"}, "card_no": {"type": "string", "description": "医保卡号"}},
    ["time_id", "card_no"],
)


def clinic(name, args):
    if name == "find_clinic":
        return json.dumps({"clinic_id": "CL-77", "name": "枫林街道卫生服务站"}, ensure_ascii=False)
    if name == "list_times":
        slots = [{"time_id": "T-1500", "time": "15:00"}, {"time_id": "T-0840", "time": "08:40"}]
        return json.dumps({"clinic_id": args["clinic_id"], "date": args["date"], "slots": slots})
    return json.dumps({"appointment": "AP-5531", **args})


def test_a_chain_of_three_finds_lists_then_books_with_the_request_s_own_code():
    t = run(
        "帮我在枫林区的服务站约明天最早的号，医保卡号 YB20260418733。",
        [FIND_CLINIC, LIST_TIMES, BOOK_TIME],
        clinic,
        system="今天是2026年4月20日。",
    )
    assert flat(t) == [
        ("find_clinic", {"district": "枫林区"}),
        ("list_times", {"clinic_id": "CL-77", "date": "2026-04-21"}),
        ("book_time", {"time_id": "T-0840", "card_no": "YB20260418733"}),
    ]
    ended(t)
