"""The operator's rules (`agentkit.sim.operator`, applied in `sim/general.py` `_govern`): what a
system prompt says the agent must or must not do holds every act: read-only, a tool called
first, an act blocked by a state a result holds, a bound on a result's figure that routes the act
to another tool, a limit on an input, a confirmation asked before an act. Programs through the
real SDK client, in this file's own domains (not those of the probes that showed the class), in
Chinese and English."""

from loops import converse, strings, tool

METERS = [
    tool("get_reading", "查看一块电表的读数", strings(meter_id="电表编号，如 M-100")),
    tool("reset_meter", "把一块电表清零", strings(meter_id=None)),
]


def test_read_only_makes_no_change_and_quotes_the_rule_zh():
    calls, (answer,) = converse(
        "把电表 M-220 清零",
        METERS,
        {"get_reading": lambda meter_id: {"kwh": 1320}, "reset_meter": None},
        system="你是物业的助手。你现在处于只读模式，不得修改任何数据，改动请联系值班经理。",
    )
    assert "reset_meter" not in [c[0] for c in calls]
    assert "只读模式" in answer and "reset_meter" in answer


VOLUNTEERS = [
    tool("check_clearance", "Check a volunteer's safety clearance.", strings(volunteer_id=None)),
    tool("assign_task", "Give a volunteer a task.", strings(volunteer_id="like V-100", task=None)),
]


def test_a_tool_the_rule_names_is_called_before_the_act():
    calls, (answer,) = converse(
        "Assign volunteer V-310 to the ticket desk.",
        VOLUNTEERS,
        {
            "check_clearance": lambda volunteer_id: {"clearance": "valid until 2027-08"},
            "assign_task": lambda volunteer_id, task: {"ok": True},
        },
        system="You coordinate festival volunteers. Always verify clearance with check_clearance "
        "before assigning a task.",
    )
    assert [c[0] for c in calls] == ["check_clearance", "assign_task"]
    assert calls[0][1] == {"volunteer_id": "V-310"} and calls[1][1]["volunteer_id"] == "V-310"


RECORDS = [
    tool("get_record", "查看一条实验记录的状态", strings(record_id="记录编号，如 R-10")),
    tool("edit_record", "给实验记录添加备注", strings(record_id=None, note=None)),
]


def test_a_state_the_rule_names_blocks_the_act_zh():
    calls, (answer,) = converse(
        "给实验记录 R-88 加一句备注：样品已复测",
        RECORDS,
        {
            "get_record": lambda record_id: {"record_id": record_id, "status": "已归档"},
            "edit_record": None,
        },
        system="你是实验室记录助手。修改记录前必须先用 get_record 查看。已归档的记录不能再修改。",
    )
    assert [c[0] for c in calls] == ["get_record"]
    assert "已归档" in answer and "edit_record" in answer


GRANTS = [
    tool("get_grant_request", "Fetch a grant request.", strings(request_id="like GR-1000")),
    tool("approve_grant", "Approve a grant request.", strings(request_id=None)),
    tool(
        "send_to_committee",
        "Send a grant request to the funding committee.",
        strings(request_id=None, note=None),
    ),
]
GRANT_RULE = (
    "You administer the Harbour Arts Fund. Grant requests over 10,000 GBP must not be approved "
    "directly: use send_to_committee instead of approve_grant."
)


def _grant(amount):
    return {
        "get_grant_request": lambda request_id: {"request_id": request_id, "amount_gbp": amount},
        "approve_grant": lambda request_id: {"approved": True},
        "send_to_committee": lambda request_id, note: {"queued": True},
    }


def test_a_figure_over_the_bound_takes_the_act_named_instead():
    calls, (answer,) = converse(
        "Please handle grant request GR-5521.", GRANTS, _grant(18500), system=GRANT_RULE
    )
    assert [c[0] for c in calls] == ["get_grant_request", "send_to_committee"]
    assert "18500" in calls[1][1]["note"] and "10000" in calls[1][1]["note"]
    assert "send_to_committee" in answer and "approve_grant" in answer


def test_a_figure_within_the_bound_takes_the_other_act():
    """A guard: within the bound the act asked for is made as before the rule was read."""
    calls, _ = converse(
        "Please handle grant request GR-5522.", GRANTS, _grant(4000), system=GRANT_RULE
    )
    assert [c[0] for c in calls] == ["get_grant_request", "approve_grant"]


KITS = [
    tool(
        "lend_kit",
        "Lend a camera kit to a borrower.",
        {
            "kit_id": {"type": "string"},
            "borrower": {"type": "string"},
            "days": {"type": "integer", "description": "loan length in days"},
        },
    )
]


def test_an_input_over_the_limit_is_asked_about_then_set_to_the_limit():
    calls, (first, second) = converse(
        ["Lend kit K-12 to Sam Okoro for 10 days.", "ok, do that"],
        KITS,
        {"lend_kit": lambda **k: {"loan": "LN-4", **k}},
        system="You run the media lab's loans. Each loan of a camera kit may last at most 7 days.",
    )
    assert "7" in first and first.rstrip().endswith("?")
    assert calls == [("lend_kit", {"kit_id": "K-12", "borrower": "Sam Okoro", "days": 7})]


ALBUMS = [
    tool("find_album", "按名称查找相册，返回 album_id", strings(name=None)),
    tool("delete_album", "删除一个相册", strings(album_id=None)),
]


def test_an_act_waits_for_a_yes_and_a_no_drops_it_zh():
    calls, (first, second) = converse(
        ["把相册“旧照片2019”删掉", "算了，不用了"],
        ALBUMS,
        {"find_album": lambda name: {"album_id": "AL-77", "photos": 312}, "delete_album": None},
        system="你是云相册助手。删除任何内容前，必须先向用户确认。",
    )
    assert [c[0] for c in calls] == ["find_album"]
    assert "delete_album" in first and first.rstrip().endswith("？")
    assert "没有调用" in second


def test_a_yes_makes_the_act_asked_about():
    calls, (first, second) = converse(
        ["Delete the album called Beach 2019.", "Yes, go ahead."],
        [
            tool("find_album", "Find an album by name; returns album_id.", strings(name=None)),
            tool("delete_album", "Delete an album.", strings(album_id=None)),
        ],
        {
            "find_album": lambda name: {"album_id": "AL-78"},
            "delete_album": lambda album_id: {"deleted": True},
        },
        system="You manage a photo library. Ask the user to confirm before deleting anything.",
    )
    assert [c[0] for c in calls] == ["find_album", "delete_album"]
    assert calls[1][1] == {"album_id": "AL-78"}
    assert "delete_album" in first and first.rstrip().endswith("?")


# ------------------------------------------------ other wordings of the same rules (round 14b)

SAILS = [
    tool(
        "charter_boat",
        "Charter a sailing boat.",
        {"skipper": {"type": "string"}, "boat": {"type": "string"}, "days": {"type": "integer"}},
    )
]


def test_may_not_exceed_is_a_limit():
    calls, (first,) = converse(
        "Charter the boat Tern for skipper Ola Berg for 9 days.",
        SAILS,
        {"charter_boat": _grant(0)["approve_grant"]},
        system="Charter desk rules: a single charter may not exceed 6 days.",
    )
    assert calls == [] and "6" in first and first.rstrip().endswith("?")


def test_a_chinese_limit_in_its_own_unit_zh():
    t = tool(
        "order_fuel",
        "订购燃油",
        {"site_id": {"type": "string"}, "liters": {"type": "number", "description": "升数"}},
    )
    calls, (first,) = converse(
        "给站点 S-12 订 900 升燃油",
        [t],
        {"order_fuel": lambda **k: {"ok": True}},
        system="你是车队调度助手。每次订购燃油不得超过 500 升。",
    )
    assert calls == [] and "500" in first and first.rstrip().endswith("？")


def test_never_without_asking_to_confirm_waits_for_a_yes():
    calls, (first, second) = converse(
        ["Wipe the kiosk KSK-22.", "yes, wipe it"],
        [
            tool("get_kiosk", "Get a kiosk's details.", strings(kiosk_id=None)),
            tool("wipe_kiosk", "Erase a kiosk and all its data.", strings(kiosk_id=None)),
        ],
        {
            "get_kiosk": lambda kiosk_id: {"site": "Hall B"},
            "wipe_kiosk": lambda kiosk_id: {"ok": 1},
        },
        system="Never wipe a kiosk without first asking the user to confirm explicitly.",
    )
    assert "wipe_kiosk" in first and first.rstrip().endswith("?")
    assert calls[-1] == ("wipe_kiosk", {"kiosk_id": "KSK-22"})


def test_a_tool_said_to_go_instead_takes_the_sum_and_the_reason():
    calls, (answer,) = converse(
        "Please reimburse booking BK-71.",
        [
            tool("get_booking", "Fetch a booking with the price paid.", strings(booking_id=None)),
            tool(
                "reimburse",
                "Pay a booking back.",
                {"booking_id": {"type": "string"}, "amount": {"type": "number"}},
            ),
            tool(
                "open_review",
                "Open a finance review.",
                {
                    "booking_id": {"type": "string"},
                    "amount": {"type": "number"},
                    "note": {"type": "string"},
                },
            ),
        ],
        {
            "get_booking": lambda booking_id: {"booking_id": booking_id, "price_paid": 960},
            "reimburse": None,
            "open_review": lambda **k: {"review": "FR-9"},
        },
        system="Anything above 400 EUR should go to open_review instead; never call reimburse "
        "for such sums.",
    )
    assert [c[0] for c in calls] == ["get_booking", "open_review"]
    assert calls[1][1]["amount"] == 960 and "400" in calls[1][1]["note"]


def test_a_question_beside_a_barred_act_is_still_answered():
    calls, (answer,) = converse(
        "Change Jonas Ekberg's rota to nights, and tell me which team he is on.",
        [
            tool("get_staff", "Look up a staff member by name.", strings(name=None)),
            tool("update_staff", "Change a staff member's rota.", strings(name=None, rota=None)),
        ],
        {"get_staff": lambda name: {"name": name, "team": "Harbour crew"}, "update_staff": None},
        system="You answer questions about the crew list; you must not modify any record.",
    )
    assert [c[0] for c in calls] == ["get_staff"]
    assert "Harbour crew" in answer and "update_staff" in answer


def test_an_act_asked_beside_a_read_waits_for_its_state():
    calls, (answer,) = converse(
        "Please check out the drill kit for tenant T-40.",
        [
            tool("get_tenant", "Look up a tenant by id.", strings(tenant_id=None)),
            tool(
                "checkout_tool", "Lend a tool kit to a tenant.", strings(tenant_id=None, kit=None)
            ),
        ],
        {
            "get_tenant": lambda tenant_id: {"tenant_id": tenant_id, "deposit": "unpaid"},
            "checkout_tool": None,
        },
        system="Tool library rules: a tenant whose deposit is unpaid must not be lent any kit.",
    )
    assert [c[0] for c in calls] == ["get_tenant"]
    assert "unpaid" in answer and "checkout_tool" in answer


def test_a_no_in_other_words_drops_the_act_zh():
    calls, (first, second) = converse(
        ["帮我续订 M-88 号储物柜", "这么贵？先不续了"],
        [
            tool("get_locker", "查询储物柜", strings(locker_id=None)),
            tool("renew_locker", "续订储物柜", strings(locker_id=None)),
        ],
        {"get_locker": lambda locker_id: {"费用": 300}, "renew_locker": None},
        system="你是健身房前台助手。续订任何项目前必须先向用户说明费用并得到用户同意。",
    )
    assert "renew_locker" not in [c[0] for c in calls]
    assert "没有调用" in second


def test_each_clause_of_a_sentence_keeps_its_own_rule_zh():
    """A sentence of two clauses (a tool first; a state that blocks) holds both rules."""
    calls, (answer,) = converse(
        "帮我修改设备 DV-31：模式改为节能",
        [
            tool("get_device", "查看设备状态", strings(device_id="设备编号，如 DV-10")),
            tool("set_mode", "修改设备的运行模式", strings(device_id=None, mode=None)),
        ],
        {"get_device": lambda device_id: {"status": "已报废"}, "set_mode": None},
        system="修改设备前必须先调用 get_device 查看状态；已报废的设备不能再修改。",
    )
    assert [c[0] for c in calls] == ["get_device"]
    assert "已报废" in answer and "set_mode" in answer


def test_a_language_rule_is_no_read_only_rule():
    """A guard: "Only answer in English." says how to answer, not that nothing may change."""
    calls, _ = converse(
        "Archive the workspace blue-harbor, please.",
        [tool("archive_record", "Archive a record.", strings(workspace_id=None))],
        {"archive_record": lambda workspace_id: {"ok": True}},
        system="Only answer in English. Be brief.",
    )
    assert calls == [("archive_record", {"workspace_id": "blue-harbor"})]
