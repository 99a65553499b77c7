"""A tool that fits is taken, not refused as "none of the tools" (issue 33), through the real SDK
client: two named things compared with one tool that serves each (one call each, in parallel; a
feast's name as the date; the cheaper one and the difference said first), a follow-up about the entry of an earlier listing picked by its place
or as "that one" (the tool that takes the entries' bare id), and a file's text derived from the
file the task read ("the items below their reorder level") written with the CLI's Write tool,
whose refusal by the permission callback is then reported."""

import json

import pytest
from test_any_tools import READER, WRITE_FILE, ended, run, tool
from test_editing import Disk

EN = "You are a travel assistant. Today is 2027-11-02."
ZH = "你是出行助手。今天是2027-11-02。"


def _calls(t):
    return [c for turn in t.calls for c in turn]


# ------------------------------------------------------- two named things compared with one tool

FARE = tool(
    "get_guesthouse_price",
    "Get the nightly price of a guesthouse room on a date",
    {"guesthouse": {"type": "string"}, "night": {"type": "string", "description": "YYYY-MM-DD"}},
    ["guesthouse", "night"],
)
PRICES = {
    "松风客栈": "¥460/晚",
    "竹溪民宿": "¥390/晚",
    "Heron Lodge": "€140 a night",
    "Mill House": "€125 a night",
}


def _price(name, args):
    found = next((k for k in PRICES if k in args["guesthouse"]), None)
    if found is None:
        return "not found"
    if found.isascii():
        return f"Guesthouse: {found}\nNight: {args['night']}\nRate: {PRICES[found]}"
    return f"客栈：{found}\n日期：{args['night']}\n价格：{PRICES[found]}"


@pytest.mark.parametrize(
    "prompt, day, names, said",
    [
        ("圣诞节那晚，松风客栈和竹溪民宿，哪家客房便宜？便宜多少？", "2027-12-25", ["松风客栈", "竹溪民宿"],
         "竹溪民宿 更便宜：¥390，比 松风客栈（¥460）便宜 ¥70。"),
        ("元旦住一晚，松风客栈与竹溪民宿哪个房间更贵？", "2028-01-01", ["松风客栈", "竹溪民宿"],
         "松风客栈 更贵：¥460，比 竹溪民宿（¥390）贵 ¥70。"),
        ("On New Year's Eve, which is cheaper for a room: Heron Lodge or Mill House?",
         "2027-12-31", ["Heron Lodge", "Mill House"],
         "Mill House is cheaper: €125, €15 less than Heron Lodge (€140)."),
    ],
)  # fmt: skip
def test_two_named_places_compared_take_one_call_each(prompt, day, names, said):
    """The request names two guesthouses and asks which room is cheaper: the one tool that gets a
    room's price serves each (客栈/民宿/客房 are lodgings); a feast's name gives the night; the
    answer leads with the cheaper (or the dearer) and the difference."""
    t = run(prompt, [FARE], _price, system=ZH if "，" in prompt else EN)
    assert t.calls[0] == [("get_guesthouse_price", {"guesthouse": n, "night": day}) for n in names]
    ended(t)
    assert t.answer.startswith(said)


def test_two_words_joined_inside_a_sentence_are_no_pair_of_names():
    """ "颐和园和天坛的门票" joined inside a clause (before 的) is no comparison of two names."""
    from agentkit.sim.each import named_things

    assert named_things("帮我看一下颐和园和天坛的门票", "") == []
    assert named_things("颐和园和天坛哪个门票贵？", "") == ["颐和园", "天坛"]


# ------------------------------------------------------ a follow-up about an entry of a listing

TRAILS = tool(
    "search_trails",
    "Search hiking trails by region keyword",
    {"region": {"type": "string"}},
    ["region"],
)
TRAIL = tool(
    "get_trail",
    "Get length, difficulty and opening details of a trail",
    {"trail_id": {"type": "string"}},
    ["trail_id"],
)
LISTED = {
    "results": [{"id": "TR-31", "name": "Fox Ridge Loop"}, {"id": "TR-48", "name": "Cedar Falls"}]
}
DETAIL = {"TR-31": "Length: 6 km\nDifficulty: easy", "TR-48": "Length: 11 km\nDifficulty: hard"}


def _trails(name, args):
    if name == "search_trails":
        return json.dumps(LISTED)
    return DETAIL.get(args["trail_id"], "no such trail")


def _listed_before(question):
    return [
        {"role": "user", "content": "Any trails near Alder Valley?"},
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "tu_1", "name": "search_trails", "input": {"region": "Alder Valley"}}
            ],
        },
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "tu_1", "content": json.dumps(LISTED)}]},
        {"role": "assistant", "content": "Two trails: Fox Ridge Loop (TR-31) and Cedar Falls (TR-48)."},
        {"role": "user", "content": question},
    ]  # fmt: skip


@pytest.mark.parametrize(
    "question, picked",
    [
        ("How long is the second one, and is it hard?", "TR-48"),
        ("Tell me more about the second trail.", "TR-48"),
        ("第二个有多长？难不难？", "TR-48"),
        ("第一条详细说说", "TR-31"),
        ("And the last one?", "TR-48"),
    ],
)
def test_a_follow_up_about_a_listed_entry_gets_that_entry(question, picked):
    """The listing's entries hold a bare id; get_trail takes trail_id: the entry the follow-up
    picks by its place is looked up, not refused and not searched again."""
    t = run(None, [TRAILS, TRAIL], _trails, messages=_listed_before(question))
    assert t.calls[0] == [("get_trail", {"trail_id": picked})]
    ended(t)
    assert DETAIL[picked].split("\n")[0].split(": ")[1] in t.answer


# --------------------------------------- a file's text derived from what was read (Agent SDK's Write)

STOCK_ZH = "咖啡豆: 3袋（低于安全库存10袋）\n燕麦奶: 24盒\n纸杯: 40条（低于安全库存50条）\n"
STOCK_EN = "oat milk: 24 cartons (reorder level 12)\ncoffee beans: 3 bags (reorder level 10)\n"


class Guarded(Disk):
    """The CLI's Read and Write on a disk, the Write refused as a can_use_tool callback would."""

    def __init__(self, files, deny=False):
        super().__init__(files)
        self.deny, self.asked = deny, []

    def __call__(self, name, args):
        if name == "Write":
            self.asked.append(args)
            if self.deny:
                raise PermissionError(
                    "写入需要店长批准。" if "店" in args["file_path"] else "Needs approval."
                )
        return super().__call__(name, args)


@pytest.mark.parametrize(
    "prompt, path, text, written",
    [
        ("读一下 /srv/店/stock.txt，把低于安全库存的东西写进 /srv/店/order.txt。",
         "/srv/店/stock.txt", STOCK_ZH, "咖啡豆\n纸杯\n"),
        ("Read /srv/cafe/stock.txt and write the items below their reorder level to /srv/cafe/order.txt.",
         "/srv/cafe/stock.txt", STOCK_EN, "coffee beans\n"),
    ],
)  # fmt: skip
def test_a_file_text_is_derived_from_the_file_read(prompt, path, text, written):
    """Write's content is the read file's lines under their named bound, not asked of the user,
    and the path is the one said (absolute: not joined to the folder again)."""
    disk = Guarded({path: text})
    t = run(prompt, [READER, WRITE_FILE], disk)
    out = path.rsplit("/", 1)[0] + "/order.txt"
    assert _calls(t) == [
        ("Read", {"file_path": path}),
        ("Write", {"file_path": out, "content": written}),
    ]
    assert disk.files[out] == written
    ended(t)


def test_a_derived_write_refused_by_the_permission_callback_is_reported():
    disk = Guarded({"/srv/店/stock.txt": STOCK_ZH}, deny=True)
    t = run(
        "读一下 /srv/店/stock.txt，把低于安全库存的东西写进 /srv/店/order.txt。",
        [READER, WRITE_FILE],
        disk,
    )
    assert disk.asked == [{"file_path": "/srv/店/order.txt", "content": "咖啡豆\n纸杯\n"}]
    assert "/srv/店/order.txt" not in disk.files
    ended(t)
    assert "店长批准" in t.answer


# ---------------------------------- files of a kind counted with the CLI's Bash (Glob is deferred)

BASH = tool(
    "Bash",
    "Executes a given bash command and returns its output.",
    {
        "command": {"type": "string", "description": "The command to execute"},
        "description": {"type": "string", "description": "Clear, concise description"},
    },
    ["command"],
)


@pytest.mark.parametrize(
    "prompt, command",
    [
        ("How many toml files are there, subfolders included?",
         "find . -type f -name '*.toml' -not -path '*/.*' | wc -l"),
        ("这个目录（含子目录）里一共有几个 ini 文件？", "find . -type f -name '*.ini' -not -path '*/.*' | wc -l"),
        ("How many toml files are here?", "ls *.toml | wc -l"),
        ("这里有几个 txt 文件？", "ls *.txt | wc -l"),
    ],
)  # fmt: skip
def test_files_of_a_kind_are_counted_with_a_read_only_command(prompt, command):
    """With Glob deferred and Bash offered, files of a kind are counted by a read-only command:
    through the subfolders when the request says so, else in the folder itself; a kind said as a
    bare extension ("txt 文件") limits it."""
    t = run(prompt, [READER, WRITE_FILE, BASH], lambda n, a: "3")
    assert t.calls[0] == [("Bash", {"command": command})]
    ended(t)


def test_a_users_own_listing_tool_is_weighed_before_the_shell():
    lister = tool(
        "list_drive_files",
        "List the files in a folder of the shared drive.",
        {"folder": {"type": "string"}},
        ["folder"],
    )
    t = run("How many pdf files are in the Invoices folder?", [BASH, lister], lambda n, a: "3")
    assert [n for n, _ in t.calls[0]] == ["list_drive_files"]


@pytest.mark.parametrize(
    "prompt, path, text, written",
    [
        ("读一下 /srv/店/stock.txt，把最缺的那样东西写进 /srv/店/buy.txt。", "/srv/店/stock.txt", STOCK_ZH, "咖啡豆\n"),
        ("Read /srv/cafe/stock.txt and write the item we need most to /srv/cafe/buy.txt.",
         "/srv/cafe/stock.txt", STOCK_EN, "coffee beans\n"),
    ],
)  # fmt: skip
def test_the_thing_needed_most_is_derived_from_the_file_read(prompt, path, text, written):
    disk = Guarded({path: text})
    t = run(prompt, [READER, WRITE_FILE], disk)
    out = path.rsplit("/", 1)[0] + "/buy.txt"
    assert _calls(t) == [
        ("Read", {"file_path": path}),
        ("Write", {"file_path": out, "content": written}),
    ]
    ended(t)


def test_a_wish_for_the_tools_thing_is_an_order_for_it():
    """ "I'd like a court on ...", "we need a van for ...": the act of the one tool named after
    the thing wished for, with the values the wish gives (no verb of the table is said)."""
    from tests.test_any_tools import ended
    from tests.test_any_tools import run as run_loop
    from tests.test_any_tools import tool as tool_

    court = tool_(
        "book_court",
        "Book a squash court.",
        {
            "date": {"type": "string"},
            "start_time": {"type": "string"},
            "players": {"type": "integer"},
        },
        ["date", "start_time", "players"],
    )
    for prompt in (
        "I'd like a court on 2027-02-03 at 19:30 for 2 players.",
        "We need a court on 2027-02-03 at 19:30, 2 players.",
    ):
        t = run_loop(prompt, [court], lambda n, a: '{"ok": true, "ref": "SQ-4"}')
        assert t.calls[0] == [
            ("book_court", {"date": "2027-02-03", "start_time": "19:30", "players": 2})
        ]
        ended(t)
