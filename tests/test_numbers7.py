"""Numbers, sums, codes, dates and layouts read from a request (round 7, numbers): word numbers
with their halves and quarters, sums with their pence, Chinese numerals with their places, a
range's two dates, a bill's total (no subtotal), a receipt's lines and shop, a report's steps and
title, a code written in two halves, and a date layout an error spells in letters. Each runs
through the real SDK client against the offline stand-in, in domains of its own."""

import json

import pytest

import agentkit
from agentkit.sim import values

MODEL = agentkit.default_model()


def tool(name, description, properties, required=None):
    required = list(properties) if required is None else required
    schema = {"type": "object", "properties": properties, "required": required}
    return {"name": name, "description": description, "input_schema": schema}


def forced(tools, name, text, system=None):
    client = agentkit.make_client(offline=True)
    kw = {"system": system} if system else {}
    resp = client.messages.create(
        model=MODEL,
        max_tokens=512,
        tools=tools,
        tool_choice={"type": "tool", "name": name},
        messages=[{"role": "user", "content": text}],
        **kw,
    )
    return next(b.input for b in resp.content if b.type == "tool_use")


def structured(schema, text):
    client = agentkit.make_client(offline=True)
    resp = client.messages.create(
        model=MODEL,
        max_tokens=512,
        output_config={"format": {"type": "json_schema", "schema": schema}},
        messages=[{"role": "user", "content": text}],
    )
    return json.loads("".join(b.text for b in resp.content if b.type == "text"))


def obj(properties, required=None):
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties) if required is None else required,
        "additionalProperties": False,
    }


def test_word_numbers_become_digits():
    said = values.digits_for_words
    assert said("twelve and a half km") == "12.5 km"
    assert said("one and a quarter hours") == "1.25 hours"
    assert said("three and three quarters miles") == "3.75 miles"
    assert said("two dozen rolls and a dozen eggs") == "24 rolls and 12 eggs"
    assert said("a hundred and twenty guests") == "120 guests"
    assert said("two pounds thirty a bag") == "2.30 pounds a bag"
    assert said("2 pounds 3 ounces") == "2 pounds 3 ounces"  # a weight, no sum
    assert said("大米三百二十公斤，一共一百五") == "大米320公斤，一共150"
    assert values.zh_amount("两万五") == 25000 and values.zh_amount("三千零五") == 3005


def test_forced_call_takes_fractions_pence_and_a_split_code_en():
    ride = tool(
        "log_delivery_run",
        "Record a courier's delivery run.",
        {
            "bike": {"type": "string", "description": "cargo bike registration"},
            "distance_km": {"type": "number"},
            "duration_hours": {"type": "number"},
            "toll_gbp": {"type": "number", "description": "toll paid in pounds"},
        },
    )
    got = forced(
        [ride],
        "log_delivery_run",
        "Log today's run on cargo bike LN21 WQR: twelve and a half km in one and a quarter hours, "
        "with a toll of one pound forty.",
    )
    assert got == {"bike": "LN21 WQR", "distance_km": 12.5, "duration_hours": 1.25, "toll_gbp": 1.4}


def test_forced_call_takes_chinese_numerals_with_places_zh():
    stock = tool(
        "log_stock_in",
        "登记一次进货。",
        {"货品": {"type": "string"}, "重量公斤": {"type": "number"}, "金额": {"type": "number"}},
    )
    got = forced(
        [stock], "log_stock_in", "帮我登记进货：大米三百二十公斤，一共花了两千一百五十元。"
    )
    assert got["重量公斤"] == 320 and got["金额"] == 2150


def test_forced_extraction_fills_employer_email_and_a_count_en():
    signup = tool(
        "save_signup",
        "Save a clinic's sign-up for the booking service.",
        {
            "contact_name": {"type": "string"},
            "organisation": {"type": "string"},
            "email": {"type": "string"},
            "chairs": {"type": "integer", "description": "number of dental chairs to connect"},
        },
        required=["contact_name", "organisation", "email"],
    )
    letter = (
        "Hello, this is Tomas Reyes, practice manager at Harbourview Dental. We run twenty-four "
        "dental chairs across two sites. Write to me at tomas.r@harbourview.dental."
    )
    got = forced(
        [signup], "save_signup", "Pull the sign-up details out of this email:\n\n" + letter
    )
    assert got == {
        "contact_name": "Tomas Reyes",
        "organisation": "Harbourview Dental",
        "email": "tomas.r@harbourview.dental",
        "chairs": 24,
    }


RENTAL = obj(
    {
        "renter": {"type": "string"},
        "start_date": {"type": "string", "description": "YYYY-MM-DD"},
        "end_date": {"type": "string", "description": "YYYY-MM-DD"},
        "monthly_fee_gbp": {"type": "number"},
        "notice_months": {"type": "integer"},
    }
)


def test_structured_range_dates_and_a_monthly_sum_en():
    text = (
        "Allotment licence for Priya Natarajan. The licence starts on the third of March 2027 and "
        "lasts eleven months, finishing on 31 January 2028. The fee is forty-two pounds fifty per "
        "month, and either side may end it with three months' notice."
    )
    got = structured(RENTAL, "Pull out the licence terms:\n\n" + text)
    assert got["start_date"] == "2027-03-03" and got["end_date"] == "2028-01-31"
    assert got["monthly_fee_gbp"] == 42.5 and got["notice_months"] == 3


def test_structured_next_year_end_and_spoken_sum_zh():
    schema = obj(
        {
            "开始日期": {"type": "string", "description": "YYYY-MM-DD"},
            "结束日期": {"type": "string", "description": "YYYY-MM-DD"},
            "月租金": {"type": "number"},
        }
    )
    text = "仓库租赁合同：租期自2026年11月1日起至次年4月30日止，每月租金三千二。"
    got = structured(schema, "提取合同条款：" + text)
    assert got == {"开始日期": "2026-11-01", "结束日期": "2027-04-30", "月租金": 3200}


RECEIPT = obj(
    {
        "shop": {"type": "string"},
        "items": {
            "type": "array",
            "items": obj(
                {
                    "name": {"type": "string"},
                    "qty": {"type": "integer"},
                    "price": {"type": "number"},
                }
            ),
        },
        "subtotal": {"type": "number"},
        "total": {"type": "number"},
    }
)


def test_structured_receipt_lines_shop_and_total_en():
    text = (
        "BLUE KETTLE CAFE\n2026-05-02 09:14\n2 x Flat white        @ 3.40\n"
        "1 x Banana bread 120g  @ 2.95\n3 x Oat cookie        @ 1.10\nSubtotal 13.05\n"
        "Tip 1.00\nTotal 14.05"
    )
    got = structured(RECEIPT, "Turn this till slip into data:\n\n" + text)
    assert got["shop"] == "BLUE KETTLE CAFE"
    assert [(i["qty"], i["price"]) for i in got["items"]] == [(2, 3.4), (1, 2.95), (3, 1.1)]
    assert got["subtotal"] == 13.05 and got["total"] == 14.05


def test_structured_bill_total_is_no_subtotal_zh():
    schema = obj({"商家": {"type": "string"}, "合计": {"type": "number"}})
    text = "清风书店\n2026-05-02\n2 x 笔记本 @ 12.50\n1 x 钢笔 @ 45.00\n小计 70.00\n优惠 5.00\n合计 65.00"
    got = structured(schema, "把这张小票整理成数据：\n" + text)
    assert got == {"商家": "清风书店", "合计": 65}


REPORT_EN = obj(
    {
        "title": {"type": "string"},
        "version": {"type": "string"},
        "step_count": {"type": "integer", "description": "how many steps reproduce it"},
    }
)


def test_structured_report_steps_and_title_en():
    text = (
        "Feedback: in version 3.0.2 of the desktop app, first open Settings, then click Export, "
        "then choose PDF, and the app crashes every time."
    )
    got = structured(REPORT_EN, "Make a bug report from this:\n\n" + text)
    assert got["step_count"] == 3 and got["version"] == "3.0.2"
    assert "crashes" in got["title"] and "PDF" in got["title"]


def test_structured_report_steps_and_title_zh():
    schema = obj({"标题": {"type": "string"}, "步骤数": {"type": "integer"}})
    text = "反馈：在 2.8 版本里，首先打开相册，接着选择一张照片，然后点分享，应用就卡死了。"
    got = structured(schema, "整理成缺陷报告：" + text)
    assert got["步骤数"] == 3 and got["标题"].startswith("点分享后") and "卡死" in got["标题"]


def _retry_with_layout(error, said, zh=False):
    renew = tool(
        "renew_card",
        "续借借书证，改到新的到期日期。" if zh else "Renew a library card.",
        {
            "card_no": {"type": "string"},
            "expiry": {
                "type": "string",
                "description": "新的到期日期" if zh else "new expiry date",
            },
        },
    )
    client = agentkit.make_client(offline=True)
    msgs = [{"role": "user", "content": said}]
    sent = []
    for _ in range(3):
        resp = client.messages.create(model=MODEL, max_tokens=512, tools=[renew], messages=msgs)
        if resp.stop_reason != "tool_use":
            break
        msgs.append({"role": "assistant", "content": resp.content})
        use = next(b for b in resp.content if b.type == "tool_use")
        sent.append(use.input["expiry"])
        ok = len(sent) > 1
        out = {"type": "tool_result", "tool_use_id": use.id, "content": "renewed" if ok else error}
        msgs.append({"role": "user", "content": [out if ok else {**out, "is_error": True}]})
    return sent


def test_error_layout_in_letters_says_the_order_en():
    sent = _retry_with_layout(
        "INVALID: expiry must be written as MMDDYYYY, no separators",
        "Please renew library card LC-7781 until 9 March 2027.",
    )
    assert sent[-1] == "03092027"


def test_error_layout_in_letters_says_the_order_zh():
    sent = _retry_with_layout(
        "格式错误：expiry 必须写成 DD.MM.YYYY", "请把借书证 LC-7781 续借到2027年3月9日。", zh=True
    )
    assert sent[-1] == "09.03.2027"


def _first_call(tools, text):
    client = agentkit.make_client(offline=True)
    resp = client.messages.create(
        model=MODEL, max_tokens=512, tools=tools, messages=[{"role": "user", "content": text}]
    )
    return next(b.input for b in resp.content if b.type == "tool_use")


def test_a_range_gives_its_low_and_high_ends_en():
    halls = tool(
        "search_halls",
        "Find conference halls.",
        {
            "city": {"type": "string"},
            "seats_max": {"type": "integer"},
            "seats_min": {"type": "integer"},
        },
    )
    for said in ("between 150 and 220 seats", "150-220 seats", "from 150 to 220 seats"):
        got = _first_call([halls], f"Find conference halls in Cardiff with {said}")
        assert (got["seats_min"], got["seats_max"]) == (150, 220), said


def test_a_range_gives_its_low_and_high_ends_zh():
    rooms = tool(
        "search_studios",
        "搜索出租的工作室。",
        {"最高月租": {"type": "number"}, "最低月租": {"type": "number"}},
    )
    got = _first_call([rooms], "帮我找月租两千到三千五的工作室")
    assert got == {"最高月租": 3500, "最低月租": 2000}


def test_a_stays_end_is_its_later_day_whatever_the_order():
    stay = tool(
        "book_cabin",
        "Book a forest cabin.",
        {
            "cabin": {"type": "string"},
            "check_out": {"type": "string", "description": "YYYY-MM-DD"},
            "check_in": {"type": "string", "description": "YYYY-MM-DD"},
        },
    )
    got = _first_call([stay], "Book Pine Cabin from the third of May 2027 until 10 May 2027")
    assert (got["check_in"], got["check_out"]) == ("2027-05-03", "2027-05-10")
    zh = tool(
        "book_room",
        "预订民宿房间。",
        {
            "结束日期": {"type": "string", "description": "YYYY-MM-DD"},
            "开始日期": {"type": "string", "description": "YYYY-MM-DD"},
        },
    )
    got = _first_call([zh], "帮我预订民宿，2027年5月3日入住，2027年5月10日退房")
    assert got == {"结束日期": "2027-05-10", "开始日期": "2027-05-03"}


def test_a_span_of_days_in_one_month_gives_both_days():
    fair = tool(
        "book_stand",
        "Book a stand at a trade fair.",
        {
            "fair": {"type": "string"},
            "first_day": {"type": "string", "description": "YYYY-MM-DD"},
            "last_day": {"type": "string", "description": "YYYY-MM-DD"},
        },
    )
    for said in ("from 14 to 16 June 2027", "on June 14-16, 2027"):
        got = _first_call([fair], f"Book us a stand at the Harrogate Toy Fair {said}")
        assert (got["first_day"], got["last_day"]) == ("2027-06-14", "2027-06-16"), said
    zh = tool(
        "book_booth",
        "预订展会展位。",
        {
            "开始日期": {"type": "string", "description": "YYYY-MM-DD"},
            "结束日期": {"type": "string", "description": "YYYY-MM-DD"},
        },
    )
    got = _first_call([zh], "帮我预订展位，展会2027年6月14日至16日")
    assert got == {"开始日期": "2027-06-14", "结束日期": "2027-06-16"}


def test_structured_bill_sums_with_thousands_and_a_rate_en():
    schema = obj(
        {"subtotal": {"type": "number"}, "vat": {"type": "number"}, "total": {"type": "number"}}
    )
    text = (
        "Bill 88-C from Harlow Joinery, dated 4 April 2027. Subtotal: £2,350.00; VAT (20%): "
        "£470.00; Total payable: £2,820.00."
    )
    got = structured(schema, "Read the sums off this bill: " + text)
    assert got == {"subtotal": 2350, "vat": 470, "total": 2820}


def test_structured_decimal_said_with_point_and_numbered_steps_en():
    swim = obj({"distance_km": {"type": "number"}, "swimmer": {"type": "string"}})
    got = structured(swim, "Log this swim: Ines Duarte swam three point eight km this morning.")
    assert got == {"distance_km": 3.8, "swimmer": "Ines Duarte"}
    report = obj({"title": {"type": "string"}, "steps": {"type": "integer"}})
    text = "1. Open the fridge app\n2. Tap Timers\n3. Add a second timer\nThe app freezes."
    got = structured(report, "Write up this bug:\n" + text)
    assert (
        got["steps"] == 3
        and got["title"].startswith("Add a second timer")
        and "freezes" in got["title"]
    )


def test_forced_bill_with_leader_dots_and_its_due_day_en():
    bill = tool(
        "file_bill",
        "File a contractor's bill.",
        {
            "contractor": {"type": "string"},
            "amount_due": {"type": "number", "description": "grand total"},
            "total": {"type": "number"},
            "due_date": {"type": "string", "description": "YYYY-MM-DD"},
        },
    )
    text = (
        "FENWICK ROOFING\nIssued: 3 March 2027\n  Slate repair ........ 410.00\n"
        "  Guttering ........... 90.00\n  Subtotal ............ 500.00\n"
        "  VAT 20% ............. 100.00\n  TOTAL ............... 600.00\n"
        "Please pay by 2 April 2027."
    )
    got = forced([bill], "file_bill", "File this bill:\n\n" + text)
    assert got["contractor"] == "FENWICK ROOFING"
    assert got["total"] == 600 and got["due_date"] == "2027-04-02"


def test_forced_bill_due_day_by_its_own_word_zh():
    bill = tool(
        "file_bill",
        "登记一张账单。",
        {
            "合计": {"type": "number"},
            "付款截止日期": {"type": "string", "description": "YYYY-MM-DD"},
        },
    )
    text = (
        "开票日期：2027年3月1日\n小计：5,000元\n税额：300元\n合计：5,300元\n付款截止：2027年3月31日"
    )
    got = forced([bill], "file_bill", "登记这张账单：\n" + text)
    assert got == {"合计": 5300, "付款截止日期": "2027-03-31"}


def test_a_months_end_or_start_is_its_last_or_first_day():
    schema = obj(
        {
            "start_date": {"type": "string", "description": "YYYY-MM-DD"},
            "end_date": {"type": "string", "description": "YYYY-MM-DD"},
        }
    )
    got = structured(
        schema,
        "Note the loan period: the kayak is yours from the start of May 2027 until the end of June 2027.",
    )
    assert got == {"start_date": "2027-05-01", "end_date": "2027-06-30"}
    zh = obj(
        {
            "开始日期": {"type": "string", "description": "YYYY-MM-DD"},
            "结束日期": {"type": "string", "description": "YYYY-MM-DD"},
        }
    )
    got = structured(zh, "提取借用期限：钢琴从2027年3月初借到2028年2月底。")
    assert got == {"开始日期": "2027-03-01", "结束日期": "2028-02-29"}


def test_a_day_then_a_house_number_is_no_span():
    said = "Send the cake on the 3rd of June 2027 to 14 Mill Lane."
    assert [iso for _end, iso in values.iso_dates(said)] == ["2027-06-03"]
    assert [iso for _end, iso in values.iso_dates("deliver June 3rd to 14 Elm Row")][0].endswith(
        "-06-03"
    )


SCALE_SOUP = tool(
    "scale_soup",
    "Scale a recipe from one number of servings to another.",
    {"servings_from": {"type": "integer"}, "servings_to": {"type": "integer"}},
    ["servings_from", "servings_to"],
)


@pytest.mark.parametrize(
    "text",
    [
        "My chili serves 6: 400 g beans, 2 onions. Scale it to 15 servings.",
        "The chili recipe serves 6. I need it for 15 servings.",
    ],
)
def test_a_change_s_start_and_end_keep_their_order_beside_the_noun(text):
    got = forced([SCALE_SOUP], "scale_soup", text)
    assert got == {"servings_from": 6, "servings_to": 15}
