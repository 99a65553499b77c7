"""A tool's error read by what it says (round 17, errors): a format complaint with a hint is
corrected once from the user's own words in the hinted form (an airport code for a city, cents
for an amount, a unit it names, the clock it asks for, the beginning it asks for, a field it
renames), each new complaint once; a transient one (maintenance, 网络超时, an app's own error code
with "请稍后重试") is retried once and then said to be unavailable right now, never refused; a
missing value the user did not give is asked for."""

from __future__ import annotations

from loops import MODEL, converse, strings, tool

from agentkit import make_client

NUM = {"type": "number"}
INT = {"type": "integer"}


def test_a_city_is_sent_again_as_its_airport_code_when_the_error_asks_for_iata_codes():
    cargo = tool(
        "quote_air_cargo",
        "Quote the price of shipping air cargo between two places.",
        {**strings(origin="Where the cargo leaves from", destination="Where it goes"), "kg": NUM},
    )
    sent = []

    def quote(origin, destination, kg):
        sent.append((origin, destination))
        if len(origin) != 3:
            raise ValueError("unknown location: use IATA airport codes such as DEN")
        return {"price_usd": 412.5, "transit_days": 2}

    calls, (answer,) = converse(
        "Quote air cargo of 40 kg from Chicago to Seattle", [cargo], {"quote_air_cargo": quote}
    )
    assert sent == [("Chicago", "Seattle"), ("ORD", "SEA")]
    assert "412.5" in answer


def test_an_amount_is_sent_in_cents_when_the_error_asks_for_the_minor_unit():
    invoice = tool(
        "create_invoice",
        "Create an invoice for a client.",
        {**strings(client="Client name"), "amount": {"type": "number", "description": "Amount"}},
    )
    sent = []

    def create(client, amount):
        sent.append(amount)
        if not isinstance(amount, int) or amount < 1000:
            return {"ok": False, "error": "amount must be an integer number of cents"}
        return {"ok": True, "invoice": "INV-3310"}

    calls, (answer,) = converse(
        "Create an invoice for Acme Corp for $249.99", [invoice], {"create_invoice": create}
    )
    assert sent == [249.99, 24999] and "INV-3310" in answer


def test_a_number_is_converted_to_the_unit_the_error_names():
    log = tool(
        "log_water",
        "Log how much water I drank today.",
        {"volume": {"type": "number", "description": "Volume drunk"}},
    )
    sent = []

    def water(volume):
        sent.append(volume)
        if volume < 50:
            raise ValueError("volume must be a whole number in millilitres")
        return "logged"

    converse("Log that I drank 1.5 litres of water", [log], {"log_water": water})
    assert sent == [1.5, 1500]


def test_each_new_complaint_is_corrected_once_a_phone_then_a_clock():
    court = tool(
        "book_tennis_court",
        "预约网球场",
        strings(mobile="联系手机", start="开始时间"),
    )
    sent = []

    def book(mobile, start):
        sent.append((mobile, start))
        if not mobile.startswith("+86"):
            return "错误：手机号必须以 +86 开头"
        if len(start) != 5:
            return "错误：开始时间请使用 24 小时制，例如 08:00"
        return {"court": 3, "start": start}

    converse("帮我约明天晚上七点的网球场，手机 186 2200 9911", [court], {"book_tennis_court": book})
    assert sent[1][0] == "+8618622009911"
    assert sent[-1] == ("+8618622009911", "19:00") and len(sent) == 3


def test_a_field_the_error_renames_is_sent_under_its_new_name():
    order = tool(
        "order_paint", "Order cans of paint.", {**strings(colour="Paint colour"), "qty": INT}
    )
    said = "Order 3 cans of sage green paint"
    sent = {"colour": "sage green", "qty": 3}
    messages = [
        {"role": "user", "content": said},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "tu_1", "name": "order_paint", "input": sent}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "tu_1", "is_error": True,
                                      "content": "unknown field 'qty', did you mean 'quantity'?"}]},
    ]  # fmt: skip
    r = make_client(offline=True).messages.create(
        model=MODEL, max_tokens=512, tools=[order], messages=messages
    )
    (again,) = [b.input for b in r.content if b.type == "tool_use"]
    assert again == {"colour": "sage green", "quantity": 3}


def test_maintenance_is_retried_once_then_said_unavailable_not_refused():
    tide = tool("get_tide_table", "查询港口的潮汐表", strings(port="港口名称"))
    tries = []

    def tides(port):
        tries.append(port)
        return {"code": 1003, "message": "服务升级中，请稍后重试"}

    calls, (answer,) = converse("查一下青岛港明天的潮汐", [tide], {"get_tide_table": tides})
    assert len(tries) == 2
    assert "暂时不可用" in answer and "拒绝" not in answer


def test_a_missing_value_the_user_did_not_give_is_asked_for():
    rsvp = tool(
        "rsvp_wedding",
        "RSVP to a wedding.",
        strings(guest="Guest name", email="Email for the confirmation"),
        ["guest"],
    )

    def answer_rsvp(guest, email=None):
        if email is None:
            raise ValueError("missing required field: email")
        return "ok"

    calls, (answer,) = converse("RSVP yes for Priya Nair", [rsvp], {"rsvp_wedding": answer_rsvp})
    assert len(calls) == 1 and "still need" in answer and "email" in answer.splitlines()[-1]


def test_a_json_error_listing_allowed_values_takes_the_one_the_value_or_the_request_names():
    gym = tool(
        "join_gym",
        "Sign up for a gym membership.",
        strings(member="Member name", plan="Membership plan, e.g. Basic"),
    )
    sent = []

    def join(member, plan):
        sent.append(plan)
        if plan not in ("basic", "plus", "premium"):
            return {"error": "unknown plan", "valid_plans": ["basic", "plus", "premium"]}
        return {"member_no": "G-5120"}

    calls, (answer,) = converse(
        "Sign Tomasz Lis up for the Premium plan", [gym], {"join_gym": join}
    )
    assert sent[-1] == "premium" and len(sent) == 2 and "G-5120" in answer


def test_an_apps_own_error_code_with_a_busy_message_is_retried_once():
    bus = tool("bus_arrivals", "查询公交车到站时间", strings(stop="站点名称"))
    tries = []

    def arrivals(stop):
        tries.append(stop)
        return {"errcode": 45009, "errmsg": "调用太频繁，请稍后再试"}

    calls, (answer,) = converse("人民广场站的公交还有多久到？", [bus], {"bus_arrivals": arrivals})
    assert len(tries) == 2 and "暂时不可用" in answer


def test_a_language_named_is_sent_as_the_code_the_error_asks_for():
    subs = tool(
        "add_subtitles", "Add subtitles to a video.", strings(video_id="Video id", lang="Language")
    )
    sent = []

    def add(video_id, lang):
        sent.append(lang)
        if len(lang) != 2:
            raise ValueError("lang must be an ISO 639-1 code such as 'de'")
        return "queued"

    converse("Add Spanish subtitles to video VX-2231", [subs], {"add_subtitles": add})
    assert sent[-1] == "es"


def test_a_date_in_another_layout_is_sent_again_in_the_layout_the_error_spells():
    inspect = tool(
        "schedule_inspection",
        "Schedule a boiler inspection.",
        strings(address="Street address", day="Inspection day (DD/MM/YYYY)"),
    )
    sent = []

    def schedule(address, day):
        sent.append(day)
        if len(day.split("-")) != 3:
            return {"ok": False, "error": "day must be YYYY-MM-DD"}
        return {"ok": True}

    converse(
        "Schedule a boiler inspection at 4 Mill Lane on 22 January 2027",
        [inspect],
        {"schedule_inspection": schedule},
    )
    assert sent == ["22/01/2027", "2027-01-22"]


def test_a_duration_the_error_wants_in_minutes_is_the_requests_converted():
    kayak = tool("rent_kayak", "租皮划艇", strings(dock="码头", duration="租用时长"))
    sent = []

    def rent(dock, duration):
        sent.append(duration)
        if not duration.isdigit():
            return "租用时长参数错误：须为整数，单位：分钟"
        return "ok"

    converse("在北岸码头租皮划艇，玩两个小时", [kayak], {"rent_kayak": rent})
    assert sent[-1] == "120"


def test_a_refusal_that_only_says_busy_is_retried_and_one_by_a_person_stops():
    podcast = tool("download_episode", "Download a podcast episode.", strings(episode="Episode id"))
    tries = []

    def download(episode):
        tries.append(episode)
        raise PermissionError("Access denied: too many requests, please try again later")

    calls, (answer,) = converse(
        "Download podcast episode EP-0412", [podcast], {"download_episode": download}
    )
    assert len(tries) == 2 and "unavailable right now" in answer and "refused" not in answer
    restore = tool("restore_backup", "恢复数据库备份", strings(backup_id="备份编号"))

    def restore_it(backup_id):
        tries.append(backup_id)
        return "错误：该操作需联系管理员处理"

    calls, (answer,) = converse(
        "把备份 BK-7781 恢复一下", [restore], {"restore_backup": restore_it}
    )
    assert tries[2:] == ["BK-7781"] and "拒绝" in answer


def test_a_complaint_it_cannot_correct_asks_for_the_value_it_names():
    wifi = tool("rename_wifi", "Rename the home Wi-Fi network.", strings(name="New network name"))

    def rename(name):
        raise ValueError("name too long (max 12 chars)")

    calls, (answer,) = converse(
        "Rename my wifi to The Fastest Network On Maple Street", [wifi], {"rename_wifi": rename}
    )
    assert len(calls) == 1 and answer.splitlines()[-1].endswith("What should I use?")


def test_not_found_with_suggestions_tells_them_and_does_not_retry():
    recipes = tool("get_recipe", "Look up a recipe by dish name.", strings(dish="Dish name"))
    suggested = ["Chicken Tikka Masala", "Chicken Korma"]

    def recipe(dish):
        return {"error": f"No recipe named '{dish}'", "suggestions": suggested}

    calls, (answer,) = converse(
        "Look up the recipe for Chicken Tika", [recipes], {"get_recipe": recipe}
    )
    assert len(calls) == 1 and "found nothing" in answer and "Chicken Tikka Masala" in answer


def test_only_the_value_the_error_names_is_rewritten():
    stock = tool(
        "stock_in",
        "登记原料入库",
        {**strings(material="原料名称", remark="备注"), "qty": {"type": "number"}},
    )
    said = "入库面粉 3 公斤"
    sent = {"material": "面粉", "qty": 3, "remark": "公斤"}
    messages = [
        {"role": "user", "content": said},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "tu_1", "name": "stock_in", "input": sent}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "tu_1", "is_error": True,
                                      "content": "qty 参数错误：须为整数，单位为克（g）"}]},
    ]  # fmt: skip
    r = make_client(offline=True).messages.create(
        model=MODEL, max_tokens=512, tools=[stock], messages=messages
    )
    (again,) = [b.input for b in r.content if b.type == "tool_use"]
    assert again == {"material": "面粉", "qty": 3000, "remark": "公斤"}
