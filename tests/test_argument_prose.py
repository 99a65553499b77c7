"""Values a request states in prose that the stand-in must not ask for again (agentkit.sim.arguments,
sim.values): a proper name whose head noun is the property's ("the Cedar Hollow Dog Park" for
park), a code for a property named as one (catalog_no) whatever its description's words, a person
after the property's own word or after "给", a proper name for a required string of no known role,
a single letter for an example of one letter, a short code that mixes letters and digits like its
example, the name of the tool's own thing ("the newest release of tokio"), the domains a text lists
(one call each). Each request goes through the real SDK to the offline stand-in; every input is
checked against its tool's schema."""

import json

import jsonschema
from test_arguments import INT, MODEL, S, tool  # the same helpers as the schema-filling tests

import agentkit


def calls(prompt, t, forced=False, system=None):
    """The inputs of the stand-in's calls of `t`, each valid for the schema."""
    client = agentkit.make_client(offline=True)
    extra = {"tool_choice": {"type": "tool", "name": t["name"]}} if forced else {}
    if system:
        extra["system"] = system
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        tools=[t],
        messages=[{"role": "user", "content": prompt}],
        **extra,
    )
    uses = [b for b in r.content if b.type == "tool_use"]
    for b in uses:
        jsonschema.validate(b.input, t["input_schema"])
    return [b.input for b in uses]


def test_a_proper_name_headed_by_the_property_s_noun_is_the_whole_name():
    park = tool("dog_park_hours", "Opening hours of a city dog park.", {"park": S})
    assert calls("Is the Cedar Hollow Dog Park open before 7am?", park) == [
        {"park": "Cedar Hollow Dog Park"}
    ]
    cup = tool("cup_fixtures", "Fixtures of an amateur cricket cup.", {"cup": S, "round": INT})
    assert calls("Who plays in round 3 of the Harbourside Twenty Cup?", cup) == [
        {"cup": "Harbourside Twenty Cup", "round": 3}
    ]
    garage = tool("garage_spaces", "Free spaces in a parking garage.", {"garage": S})
    assert calls("How many spaces are free in the Elm Yard garage?", garage) == [
        {"garage": "Elm Yard"}  # a noun in small letters is no part of the name
    ]


def test_a_property_named_as_a_code_is_a_code_whatever_its_description_says():
    book = tool(
        "find_book",
        "按目录编号查找图书所在的书架。",
        {"catalog_no": {"type": "string", "description": "图书目录编号，例如 BK-100"}},
    )
    got = calls("帮我看看目录编号 BK-207 的书在哪个书架？", book, forced=True)
    assert got == [{"catalog_no": "BK-207"}]
    case = tool(
        "open_case",
        "Open a support case.",
        {"case_no": {"type": "string", "description": "the number on the case file"}},
    )
    assert calls("Please pull up case CR-2291 for me.", case) == [{"case_no": "CR-2291"}]


def test_a_person_after_the_property_s_word_or_after_gei():
    renew = tool("renew_pass", "Renew a gym member's yearly pass.", {"member": S})
    assert calls("Renew the pass of member Jonah Pike, please.", renew) == [
        {"member": "Jonah Pike"}
    ]
    assert calls("会员周子涵的年卡帮忙续一下。", renew, forced=True) == [{"member": "周子涵"}]
    seat = tool(
        "transfer_seat",
        "把音乐会座位转让给另一位观众。",
        {"seat_no": INT, "recipient": S},
    )
    assert calls("把18号座位转给刘思琪。", seat) == [{"seat_no": 18, "recipient": "刘思琪"}]


def test_a_required_string_of_no_known_role_is_the_proper_name_said():
    pool = tool(
        "lane_status",
        "Whether a swimming lane is free right now.",
        {"complex": S, "lane": {"type": "string", "description": "One letter, e.g. A"}},
    )
    assert calls("Is lane C at Brookfield Leisure Centre free now?", pool) == [
        {"complex": "Brookfield Leisure Centre", "lane": "C"}
    ]
    barcode = tool("lookup_barcode", "Look up a product by its barcode.", {"ean": S})
    assert calls("Could you look up EAN for me?", barcode) == []  # its own word names nothing


def test_a_short_code_mixing_letters_and_digits_like_its_example():
    voucher = tool(
        "redeem_voucher",
        "Redeem a gift voucher on the customer's account.",
        {"voucher": {"type": "string", "description": "voucher code, e.g. 7hQx2m"}},
    )
    assert calls("Please redeem Zr4tK9 on my account.", voucher) == [{"voucher": "Zr4tK9"}]
    assert calls("帮我兑换一下 p8Lm3Q 这张券。", voucher, forced=True) == [{"voucher": "p8Lm3Q"}]


def test_the_tool_s_own_thing_named_after_of():
    crate = tool(
        "get_crate_info",
        "Metadata of a Rust crate: newest release, licence, publish date.",
        {"crate": {"type": "string", "description": "Crate name, e.g. serde-json"}},
    )
    assert calls("What's the newest release of tokio, and its licence?", crate) == [
        {"crate": "tokio"}
    ]


def test_listed_domains_one_call_each():
    whois = tool("whois", "Who registered a domain, and when it expires.", {"domain": S})
    assert calls("Who owns quietharbor.net and quietharbor.org? Mail me at a@b.com.", whois) == [
        {"domain": "quietharbor.net"},
        {"domain": "quietharbor.org"},
    ]
    zh = tool("whois", "查询域名的注册信息和到期日。", {"domain": S})
    assert calls("查一下 tealeaf.cn 的注册信息。", zh) == [{"domain": "tealeaf.cn"}]


NUM = {"type": "number"}
BOOL = {"type": "boolean"}


def test_a_sum_in_words_keeps_its_cents():
    charge = tool(
        "add_charge",
        "Add a charge to a bar tab.",
        {"tab": S, "amount": {"type": "number", "description": "amount in GBP"}},
    )
    got = calls("Add eleven pounds and twenty pence to tab T-12, please.", charge)
    assert got == [{"tab": "T-12", "amount": 11.2}]
    fine = tool("record_fine", "登记图书逾期罚款。", {"card_no": S, "amount": NUM})
    got = calls("借书证 LC-503 逾期了，罚款三十八块五。", fine, forced=True)
    assert got == [{"card_no": "LC-503", "amount": 38.5}]
    got = calls("借书证 LC-503 罚款十二元五角。", fine, forced=True)
    assert got == [{"card_no": "LC-503", "amount": 12.5}]


def test_a_time_of_no_set_form_is_the_moment_when_the_text_names_a_day():
    kiln = tool(
        "schedule_firing",
        "Schedule a kiln firing at the pottery studio.",
        {"kiln": S, "start": {"type": "string", "description": "when the firing starts"}},
    )
    system = "Today is 2027-05-04 (Tuesday)."
    got = calls("Schedule kiln K2 to fire tomorrow at 6:30 in the evening.", kiln, system=system)
    assert got == [{"kiln": "K2", "start": "2027-05-05T18:30"}]
    got = calls("窑 K2 明天下午3点开始烧。", kiln, forced=True, system="今天是2027-05-04。")
    assert got == [{"kiln": "K2", "start": "2027-05-05T15:00"}]
    lane = tool(  # a date of its own: the time is the clock time
        "book_slot",
        "Book a kiln slot.",
        {"date": {"type": "string", "format": "date"}, "start": {"type": "string"}},
    )
    got = calls("Book a kiln slot tomorrow at 6:30 pm.", lane, forced=True, system=system)
    assert got[0]["date"] == "2027-05-05"


def structured(prompt, schema):
    """A structured output (output_config json_schema) of the request, valid for the schema."""
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        output_config={"format": {"type": "json_schema", "schema": schema}},
        messages=[{"role": "user", "content": prompt}],
    )
    value = json.loads(r.content[0].text)
    jsonschema.validate(value, schema)
    return value


def obj(properties):
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def test_a_reply_says_yes_or_no_and_a_letter_is_signed_by_its_sender():
    reply = tool(
        "log_reply",
        "Log a parent's reply to the school trip invitation.",
        {"parent_name": S, "confirmed": {"type": "boolean"}, "children": INT},
    )
    letter = (
        "Dear Ms Ortiz,\nPriya Raman here. Count us in: both of my 2 kids will join.\nBest, Priya"
    )
    assert calls(f"Log this reply:\n\n{letter}", reply, forced=True) == [
        {"parent_name": "Priya Raman", "confirmed": True, "children": 2}
    ]
    no = "Hello! Sadly we can't make it that week, 1 child was meant to go.\nCheers, Tom Ellery"
    assert calls(f"Log this reply:\n\n{no}", reply, forced=True) == [
        {"parent_name": "Tom Ellery", "confirmed": False, "children": 1}
    ]
    zh = tool("log_reply", "登记家长的回复。", {"parent": S, "attending": {"type": "boolean"}})
    got = calls("登记这条回复：王老师您好，我是陈嘉怡，那天我们来不了。", zh, forced=True)
    assert got == [{"parent": "陈嘉怡", "attending": False}]


def test_a_number_belongs_to_the_field_its_unit_and_word_sit_beside():
    schema = obj(
        {
            "maker": S,
            "model": S,
            "storage_gb": INT,
            "ram_gb": INT,
            "screen_inches": NUM,
            "price_usd": NUM,
        }
    )
    listing = (
        "Tablet listing: Vega Tab 11 by Orbis. 11-inch screen, 512 GB storage, 8 GB RAM, $649."
    )
    got = structured(listing, {**schema, "properties": {**schema["properties"], "brand": S}})
    assert got["brand"] == "Orbis" and got["model"] == "Vega Tab 11"
    assert (got["ram_gb"], got["storage_gb"], got["price_usd"]) == (8, 512, 649)
    drive = obj({"ram_gb": INT, "storage_gb": INT})
    assert structured("Specs: 2 TB drive, 64 GB RAM.", drive) == {"ram_gb": 64, "storage_gb": 2000}


def test_an_age_a_size_and_a_whole_number_from_a_chinese_sign_up():
    schema = obj({"name": S, "age": INT, "distance_km": NUM, "jersey_size": S})
    text = "从这条报名留言里提取信息：我叫吴思敏，今年27岁，报名10.5公里组，骑行服要XL码。"
    got = structured(text, schema)
    assert got == {"name": "吴思敏", "age": 27, "distance_km": 10.5, "jersey_size": "XL"}
    en = "Extract: I'm Nora Quint, 45 years old, entering the 21.1 km race; shirt size m."
    got = structured(en, schema)
    assert got == {"name": "Nora Quint", "age": 45, "distance_km": 21.1, "jersey_size": "M"}


def test_a_job_ad_gives_its_title_its_company_and_its_named_skills():
    schema = obj(
        {"title": S, "company": S, "skills": {"type": "array", "items": S}, "remote": BOOL}
    )
    ad = (
        "Summarize this ad: Great news! Brightpath Robotics is looking for a Lead Firmware Engineer "
        "for our Oslo lab (hybrid). You will write drivers in Rust and C, review Zephyr patches, "
        "and keep our Jenkins builds green. Not remote."
    )
    got = structured(ad, schema)
    assert got["title"] == "Lead Firmware Engineer"
    assert got["company"] == "Brightpath Robotics"
    assert {"Rust", "Zephyr", "Jenkins"} <= set(got["skills"]) and "Oslo" not in got["skills"]
    assert got["remote"] is False
    zh = obj({"title": S, "company": S, "skills": {"type": "array", "items": S}})
    got = structured(
        "提取这条招聘信息：云杉数据正在招聘一名后端工程师，要求熟悉Go、Kubernetes和PostgreSQL。", zh
    )
    assert got == {
        "title": "后端工程师",
        "company": "云杉数据",
        "skills": ["Go", "Kubernetes", "PostgreSQL"],
    }


def test_a_code_follows_the_noun_before_number_and_a_name_follows_its_noun():
    card = tool("renew_card", "Renew a library card.", {"card_number": S})
    assert calls("Renew my library card 44817 for another year.", card) == [
        {"card_number": "44817"}
    ]
    ferry = tool("ferry_status", "Status of a ferry sailing.", {"sailing_number": S})
    assert calls("Is sailing SF 412 on time?", ferry) == [{"sailing_number": "SF 412"}]
    heat = tool("set_heating", "Set a zone's heating.", {"zone": S, "celsius": NUM})
    got = calls("Set the heating in the zone to 19 celsius.", heat, forced=True)
    assert got[0]["celsius"] == 19 and got[0]["zone"] != "to 19"
    play = tool("play_record", "Play a record on the hi-fi.", {"record": S, "artist": S})
    assert calls("Play the record Songs of Leonard Cohen by Leonard Cohen.", play) == [
        {"record": "Songs of Leonard Cohen", "artist": "Leonard Cohen"}
    ]


def test_the_one_money_is_sent_to():
    pay = tool(
        "send_payment",
        "Send money to a friend.",
        {"recipient": S, "amount": NUM, "currency": S},
    )
    assert calls("Please send 40 dollars to Mira Castellanos for the tickets.", pay) == [
        {"recipient": "Mira Castellanos", "amount": 40, "currency": "USD"}
    ]
    assert calls("Send 40 dollars to my sister.", pay) == []  # no name given: it asks
    got = calls("转500元给王芳。", pay, forced=True)
    assert got[0]["recipient"] == "王芳" and got[0]["amount"] == 500


def test_a_code_named_property_claims_its_code_first_and_a_chinese_place_after_zai():
    cancel = tool("cancel_booking", "取消预订。", {"venue": S, "booking_no": S})
    got = calls("取消我在青禾书店的预订 QH-2207。", cancel, forced=True)
    assert got == [{"venue": "青禾书店", "booking_no": "QH-2207"}]
    got = calls("Cancel booking QH-2207 at Larkspur Books.", cancel)
    assert got == [{"venue": "Larkspur Books", "booking_no": "QH-2207"}]
    bus = tool("bus_arrival", "查询某路公交到某站的时间。", {"route_no": S, "station": S})
    assert calls("查一下K15路公交几点到西湖。", bus) == [{"route_no": "K15", "station": "西湖"}]


def test_a_name_that_names_another_thing_and_a_reason_stated_after_the_request():
    groom = tool(
        "book_grooming",
        "Book a grooming session for a pet.",
        {"salon": S, "pet_name": S, "reason": {"type": "string", "description": "why"}},
    )
    got = calls(
        "Could you book my dog Biscuit in at Tailwag Studio? His coat is badly matted.", groom
    )
    assert got == [
        {"salon": "Tailwag Studio", "pet_name": "Biscuit", "reason": "His coat is badly matted"}
    ]
    zh = tool("book_grooming", "给宠物预约美容。", {"pet_name": S, "reason": S})
    got = calls("帮我的猫咪约个美容，因为它掉毛太厉害了。宠物名字：团团。", zh, forced=True)
    assert got == [{"pet_name": "团团", "reason": "它掉毛太厉害了"}]
    quote = tool("accept_quote", "Accept a quote.", {"quote_ref": S, "customer_name": S})
    assert calls("Accept the quote for Harriet Cole, please.", quote) == []  # a code is no name


def test_a_link_is_the_url_written_never_a_word_of_it():
    short = tool(
        "shorten_link",
        "Make a short link for a long URL.",
        {"long_url": {"type": "string", "format": "uri"}},
    )
    got = calls("Shorten https://tide.example/charts/2027?port=brest for me.", short)
    assert got == [{"long_url": "https://tide.example/charts/2027?port=brest"}]
    mark = tool("add_bookmark", "收藏一个链接。", {"page_url": S})
    got = calls("帮我收藏 https://cha.example/longjing 这个页面。", mark, forced=True)
    assert got == [{"page_url": "https://cha.example/longjing"}]


def test_an_order_s_buyer_goods_and_address_each_once():
    schema = obj({"customer": S, "product": S, "quantity": INT, "address": S, "courier": S})
    got = structured("提取订单信息：刘洋订了2箱橙子，寄到成都市武侯区科华路8号，要求顺丰。", schema)
    assert got == {
        "customer": "刘洋",
        "product": "橙子",
        "quantity": 2,
        "address": "成都市武侯区科华路8号",
        "courier": "",  # the counted goods are the product's only
    }
    ship = obj({"recipient": S, "address": S})
    got = structured("Ship it to 42 Harbour Lane, Bristol under the name Okafor.", ship)
    assert got == {"recipient": "Okafor", "address": "42 Harbour Lane, Bristol"}


def test_a_reading_with_separators_a_two_word_flag_and_a_seller_to_call():
    ad = obj({"mileage": INT, "year": INT, "contact_name": S, "tow_bar": BOOL})
    got = structured(
        "Parse: 2018 Volvo V60, 61,500 miles, tow bar fitted. Call Anneke at 555-0199.", ad
    )
    assert got == {"mileage": 61500, "year": 2018, "contact_name": "Anneke", "tow_bar": True}


def test_a_route_end_stops_at_its_name_and_an_event_at_its_verb():
    leg = obj({"origin": S, "destination": S, "seat": S})
    got = structured("Extract: ferry from Dover to Calais Port sails 09:10, seat 14C.", leg)
    assert got == {"origin": "Dover", "destination": "Calais Port", "seat": "14C"}
    event = obj({"event_name": S, "venue": S})
    got = structured("Extract the event: The Lantern Folk Evening is at the Corn Exchange.", event)
    assert got == {"event_name": "The Lantern Folk Evening", "venue": "Corn Exchange"}


def test_a_name_ending_in_the_noun_labels_nothing_and_a_full_name_is_a_person():
    trail = tool("trail_status", "Open or closed status of a hiking trail.", {"trail": S})
    assert calls("Check whether the Kettle Valley Trail is open.", trail) == [
        {"trail": "Kettle Valley Trail"}
    ]
    tier = tool(
        "set_tier",
        "Set a member's loyalty tier.",
        {"member": S, "tier": {"type": "string", "enum": ["silver", "gold"]}},
    )
    assert calls("Move Odile Brennan up to the gold tier.", tier) == [
        {"member": "Odile Brennan", "tier": "gold"}
    ]
    staff = tool("get_employee", "Look up an employee by name.", {"name": S})
    got = calls("Raise Tomasz Wilk's bonus, please.", staff, forced=True)
    assert got == [{"name": "Tomasz Wilk"}]
    table = tool(
        "book_table", "Book a restaurant table.", {"restaurant": S, "guest_name": S, "size": INT}
    )
    assert calls("Book a table for two at Blue Fern Bistro tonight.", table) == []  # who? it asks


def test_what_is_counted_is_the_thing_after_a_measure_word():
    deliver = tool(
        "deliver_items",
        "给客房送物品。",
        {"room_no": INT, "item": S, "quantity": INT},
    )
    got = calls("给1208房间的客人送三瓶矿泉水。", deliver, forced=True)
    assert got == [{"room_no": 1208, "item": "矿泉水", "quantity": 3}]


def test_a_place_said_by_where_it_is_from_here_names_nothing_but_the_place_after_it():
    move = tool(
        "move_sample",
        "把样本转移到另一个实验室。",
        {"sample_id": S, "target_lab": S},
        ["sample_id", "target_lab"],
    )
    assert calls("把样本 S-88 转到隔壁的微生物实验室。", move) == [
        {"sample_id": "S-88", "target_lab": "微生物实验室"}
    ]
    assert calls("把样本 S-88 送到隔壁。", move) == []  # "next door" names no lab: asked for


def test_my_before_a_labelled_value_does_not_hide_it_and_the_tools_own_word_is_no_value():
    user = tool("get_member", "Look up a member by their username.", {"username": S}, ["username"])
    assert calls("I need help with a booking.  My username is kestrel_88", user) == [
        {"username": "kestrel_88"}
    ]
    rate = tool(
        "get_tide_rate",
        "Get the rate of rise between two tide gauges.",
        {
            "from_gauge": {"type": "string", "description": "e.g. G1"},
            "to_gauge": {"type": "string", "description": "e.g. G2"},
        },
        ["from_gauge", "to_gauge"],
    )
    assert all(c.get("to_gauge") != "rate" for c in calls("What's the tide rate from G1?", rate))
