"""A look-up's entry carried into the act, several named things each looked up whole, and a tool
recognised under informal wording (round 13, `sim/general.py`, `sim/pick.py`, `sim/each.py`,
`sim/kinds.py`, `sim/arguments.py`): the entry a request names by the head of its words (刀削面 of
手工刀削面) or by a field of a nested object gives its id to the act, and the look-up is then a
step, not quoted; "the Liebherr LTM 1100, ..." keeps each model's number; a question about one
code takes the one reading tool whose one input is an id; a kind of living thing ("a ten-metre
ash") and an act ordered on a thing ("trim the nails") fill their inputs. Programs through the
real SDK client, in domains of this file's own, in Chinese and English."""

from loops import converse, strings, tool


def ok(**kw):
    return {"ok": True, **kw}


def test_a_code_asked_about_takes_the_one_reader_of_an_id() -> None:
    tools = [
        tool("get_kiln_status", "Live readings of one kiln.", strings(kiln_id=None)),
        tool("schedule_firing", "Book a firing.", strings(kiln_id=None, date=None)),
        tool("get_weather", "Forecast for a town.", strings(town=None)),
        tool("list_potters", "Potters in the studio today.", {}, []),
    ]
    handlers = {
        "get_kiln_status": lambda kiln_id: f"kiln: {kiln_id}\ntemp_c: 1184\nstate: FIRING",
        "schedule_firing": ok,
        "get_weather": ok,
        "list_potters": ok,
    }
    calls, finals = converse("How hot is KL-3 running at the moment?", tools, handlers)
    assert calls == [("get_kiln_status", {"kiln_id": "KL-3"})]
    assert "1184" in finals[-1]
    calls, _ = converse("QX-8 现在烧到几度了？", tools, handlers)
    assert calls == [("get_kiln_status", {"kiln_id": "QX-8"})]


def test_the_sort_of_a_living_thing_and_an_act_ordered_fill_their_inputs() -> None:
    tools = [
        tool(
            "quote_felling",
            "Quote for felling one tree.",
            {
                "species": {"type": "string"},
                "height_m": {"type": "number"},
                "log_splitting": {"type": "boolean"},
            },
        )
    ]
    seen: list[dict] = []

    def quote_felling(**kw):
        seen.append(kw)
        return f"Quote: {kw['species']} {kw['height_m']} m, EUR 500"

    calls, _ = converse(
        "What would it cost to fell a ten-metre ash by the shed? Split the logs too, please.",
        tools,
        {"quote_felling": quote_felling},
    )
    assert calls and calls[0][1] == {"species": "ash", "height_m": 10, "log_splitting": True}
    zh = [
        tool(
            "quote_trim",
            "给一棵树修剪报价。",
            {"species": {"type": "string"}, "height_m": {"type": "number"}},
        )
    ]
    calls, _ = converse(
        "门口有一棵6米高的香樟要修一下，多少钱？", zh, {"quote_trim": lambda **kw: "报价 300 元"}
    )
    assert calls and calls[0][1].get("species") == "香樟"


def test_the_entry_named_by_the_head_of_its_words_gives_the_act_its_id() -> None:
    tools = [
        tool("list_bookings", "列出某会员的洗衣预约。", strings(member_id=None)),
        tool(
            "change_bags",
            "修改预约的袋数。",
            {"booking_id": {"type": "string"}, "bags": {"type": "integer"}},
        ),
    ]
    listing = (
        "member: M-4410 (周先生)\n"
        "BK-301 | 2026-11-27 | 普通衣物 | 2 袋\n"
        "BK-318 | 2026-11-30 | 真丝羽绒被 | 1 袋"
    )
    calls, finals = converse(
        "我是会员 M-4410，把那单羽绒被的改成三袋。",
        tools,
        {
            "list_bookings": lambda member_id: listing,
            "change_bags": lambda booking_id, bags: {"ok": True, "booking_id": booking_id},
        },
    )
    assert calls[-1] == ("change_bags", {"booking_id": "BK-318", "bags": 3})
    assert "普通衣物" not in finals[-1]  # the look-up was a step: not quoted


def test_a_nested_entry_picked_by_its_field_gives_the_act_its_id() -> None:
    tools = [
        tool("search_scores", "Search the music library by title.", strings(query=None)),
        tool(
            "lend_scores",
            "Lend parts of an edition; the slip goes to the email.",
            {
                "edition_id": {"type": "string"},
                "parts": {"type": "integer"},
                "borrower_email": {"type": "string"},
            },
        ),
    ]
    found = {
        "results": [
            {"edition": {"id": "EDN-51", "publisher": "Peters"}, "shelf": {"sets": 2}},
            {"edition": {"id": "EDN-77", "publisher": "Bärenreiter"}, "shelf": {"sets": 6}},
        ]
    }
    calls, finals = converse(
        "Lend me 4 parts of the Bärenreiter edition of the Brandenburg Concertos, "
        "slip to kai@orchestra.de.",
        tools,
        {
            "search_scores": lambda query: found,
            "lend_scores": lambda **kw: {"loan": "LN-9", "edition_id": kw["edition_id"]},
        },
    )
    assert calls[-1] == (
        "lend_scores",
        {"edition_id": "EDN-77", "parts": 4, "borrower_email": "kai@orchestra.de"},
    )
    assert "EDN-51" not in finals[-1]


def test_models_listed_with_numbers_are_each_looked_up_whole() -> None:
    rates = {"yamaha cfx": (True, 300), "steinway d 274": (False, 250), "fazioli f278": (True, 280)}

    def check_piano(model, date):
        got = rates.get(model.lower())
        if got is None:
            return f"model: {model}\nerror: unknown model"
        return f"model: {model}\navailable: {'yes' if got[0] else 'no (on tour)'}\nday_rate: EUR {got[1]}"

    tools = [
        tool(
            "check_piano",
            "Availability and day rate of one concert piano model.",
            strings(model=None, date=None),
        )
    ]
    calls, finals = converse(
        "Check the Yamaha CFX, the Steinway D 274 and the Fazioli F278 for 2026-12-19. "
        "Of the ones that are free, which is cheapest?",
        tools,
        {"check_piano": check_piano},
    )
    assert sorted(c[1]["model"] for c in calls) == ["Fazioli F278", "Steinway D 274", "Yamaha CFX"]
    assert finals[-1].startswith("Fazioli F278")


def test_the_entry_dated_in_the_period_named_gives_the_act_its_id() -> None:
    zh_tools = [
        tool("list_deliveries", "列出某门店的送货单。", strings(store_id=None)),
        tool(
            "change_crates",
            "修改送货单的筐数。",
            {"delivery_id": {"type": "string"}, "crates": {"type": "integer"}},
        ),
    ]
    listing = (
        "store: S-118 (东门店)\n"
        "DV-7001 | 2026-11-12 | 苹果 | 12 筐\n"
        "DV-7042 | 2026-11-25 | 梨 | 8 筐\n"
        "DV-7090 | 2026-12-01 | 橙子 | 5 筐"
    )
    calls, _ = converse(
        "我是门店 S-118，把上周那张送货单改成10筐。",
        zh_tools,
        {
            "list_deliveries": lambda store_id: listing,
            "change_crates": lambda delivery_id, crates: {"ok": True},
        },
    )
    assert calls == [
        ("list_deliveries", {"store_id": "S-118"}),
        ("change_crates", {"delivery_id": "DV-7042", "crates": 10}),
    ]
    en_tools = [
        tool("list_jobs", "List a client's print jobs.", strings(client_id=None)),
        tool(
            "change_copies",
            "Change the number of copies of a print job.",
            {"job_id": {"type": "string"}, "copies": {"type": "integer"}},
        ),
    ]
    jobs = "client: CL-55\nJB-210 | 2026-11-12 | flyers | 500\nJB-233 | 2026-11-25 | posters | 40"
    calls, _ = converse(
        "Client CL-55 here: please change the job I sent in last week to 60 copies.",
        en_tools,
        {"list_jobs": lambda client_id: jobs, "change_copies": lambda job_id, copies: {"ok": 1}},
    )
    assert calls[-1] == ("change_copies", {"job_id": "JB-233", "copies": 60})


def test_a_name_in_brackets_after_the_common_name_is_searched() -> None:
    tools = [
        tool("search_herbarium", "Search the herbarium by plant name.", strings(query=None)),
        tool(
            "loan_sheets",
            "Loan herbarium sheets of a specimen to a researcher's email.",
            {
                "specimen_id": {"type": "string"},
                "sheets": {"type": "integer"},
                "email": {"type": "string"},
            },
        ),
    ]
    seen: list[str] = []

    def search_herbarium(query):
        seen.append(query)
        return [{"specimen_id": "HB-3301", "name": "Arnica montana", "region": "Alps"}]

    calls, finals = converse(
        "I'd like 2 sheets of the mountain arnica (Arnica montana) from the Alps sent to "
        "lena.vogt@uni-graz.at.",
        tools,
        {"search_herbarium": search_herbarium, "loan_sheets": lambda **kw: {"loan": "LN-4"}},
    )
    assert seen == ["Arnica montana"]
    assert calls[-1] == (
        "loan_sheets",
        {"specimen_id": "HB-3301", "sheets": 2, "email": "lena.vogt@uni-graz.at"},
    )


def test_a_phrasal_verb_names_the_field_of_its_compound() -> None:
    tools = [
        tool("get_well_status", "Live readings of one water well.", strings(well_id=None)),
        tool("book_repair", "Book a repair crew.", strings(well_id=None, date=None)),
    ]
    reading = "well: BW-12\nstate: PUMPING\nintake_lpm: 310\ndepth_m: 84\nlast_fault: none"
    calls, finals = converse(
        "How much is BW-12 taking in at the moment?",
        tools,
        {"get_well_status": lambda well_id: reading, "book_repair": ok},
    )
    assert calls == [("get_well_status", {"well_id": "BW-12"})]
    assert "310" in finals[-1] and "84" not in finals[-1]
