"""The Agent SDK's file tools answered as the CLI answers them, and what the stand-in makes of
their results: files read when a question asks what they hold, each file's labelled numbers
compared (a log's entries added up), a subagent that reads the file its own instructions name,
rows counted by the values a question says, a file's text composed from what was read (a summary,
the things a tag marks), the text of a refused write given in the answer, an amount converted by
an exchange rate. Domains of our own, zh and en, through the SDK."""

from __future__ import annotations

import fnmatch
import os

from agentkit.sim.view import instructed_files
from tests.test_any_tools import ended, run
from tests.test_cli_tools import CLI

ROOT = "/srv/work"
SYSTEM = f"You are a Claude agent, built on Anthropic's Claude Agent SDK.\nPrimary working directory: {ROOT}\n"


def disk(files, refuse_writes=False):
    """Glob, Read and Write over a dict of files, as the CLI answers them."""

    def tool(name, args):
        if name == "Glob":
            base = (args.get("path") or "").rstrip("/")
            pattern = (base + "/" if base else "") + args["pattern"]
            hits = [f for f in files if fnmatch.fnmatch(f, pattern.replace("**/", "*"))]
            return "\n".join(hits) or "No files found"
        if name == "Read":
            rel = os.path.relpath(args["file_path"], ROOT)
            if rel not in files:
                raise FileNotFoundError("File does not exist.")
            lines = files[rel].splitlines()
            return "\n".join(f"{i:>6}\t{line}" for i, line in enumerate(lines, 1))
        if name == "Write":
            if refuse_writes:
                raise PermissionError("没有写入权限")
            return f"File created successfully at: {args['file_path']}"
        raise AssertionError(name)

    return tool


def cli(*names):
    return [CLI[n] for n in names]


def writes(t):
    return [a for turn in t.calls for n, a in turn if n == "Write"]


RECIPES = {
    f"菜谱/{name}.md": f"# {name}\n难度：中等\n用时：{minutes}分钟\n"
    for name, minutes in {"红烧肉": 90, "番茄炒蛋": 15, "清蒸鱼": 25}.items()
}
OVENS = {
    f"ovens/{oven}.txt": f"Oven {oven.title()} - weekly bake sheet\n"
    + "".join(f"day {i}: loaves={n} temp=220C\n" for i, n in enumerate(loaves, 1))
    for oven, loaves in {"north": [40, 38, 45], "south": [52, 60], "east": [20, 21, 19, 23]}.items()
}
PLANTS = {
    f"plants/{p}.txt": f"Plant: {p.title()}\nLight: indirect\nWaterings per week: {n}\n"
    for p, n in {"fern": 3, "cactus": 1, "basil": 7, "orchid": 2}.items()
}


def test_a_second_question_about_what_the_globbed_files_hold_reads_them_and_picks_the_longest():
    t = run(
        "菜谱 文件夹里有几个菜谱（.md）？哪道菜做起来用时最长？",
        cli("Glob", "Read"),
        disk(RECIPES),
        system=SYSTEM,
    )
    assert [n for n, _ in t.calls[1]] == ["Read"] * 3, t.calls
    ended(t)
    first, second = t.answer.splitlines()[:2]
    assert "3 个文件" in first
    assert "红烧肉" in second and "90分钟" in second


def test_a_folder_said_with_a_slash_and_a_kind_in_brackets_is_globbed_then_read():
    prompt = "How many plant sheets (.txt) are in plants/? Which plant needs the fewest waterings per week?"
    t = run(prompt, cli("Glob", "Read"), disk(PLANTS), system=SYSTEM)
    assert t.calls[0] == [("Glob", {"pattern": "plants/**/*.txt"})]
    ended(t)
    first, second = t.answer.splitlines()[:2]
    assert "4 files" in first
    assert second.startswith("cactus has the fewest Waterings per week: 1")


def test_each_files_entries_are_added_up_and_the_fewest_named_without_a_grand_total():
    prompt = "Each file in ovens/ is one oven's bake sheet for this week. Which oven baked the fewest loaves this week, and how many?"
    t = run(prompt, cli("Glob", "Read"), disk(OVENS), system=SYSTEM)
    ended(t)
    lead = t.answer.splitlines()[0]
    assert lead.startswith("east has the fewest loaves: 83 (4 entries added up)")
    assert "north 123" in lead and "south 112" in lead
    assert "318" not in t.answer  # (no total over every oven)


def test_a_warehouse_log_per_file_in_chinese_gives_the_largest_total():
    logs = {
        f"入库记录/{w}.log": f"# {w} 十一月入库\n"
        + "".join(f"2026-11-{2 + 7 * i:02d} 件数={n} 经手=张{i}\n" for i, n in enumerate(ns))
        for w, ns in {"A仓": [120, 80, 95], "B仓": [300, 20], "C仓": [60, 70, 50, 40]}.items()
    }
    prompt = "入库记录/ 下每个仓库一个日志。十一月哪个仓库入库的件数合计最多？一共多少件？"
    t = run(prompt, cli("Glob", "Read"), disk(logs), system=SYSTEM)
    ended(t)
    assert t.answer.splitlines()[0].startswith("件数最多的是 B仓：320")
    assert "835" not in t.answer


CRIB = (
    "id,kind,power,status\nT1,drill,cordless,available\nT2,drill,corded,available\n"
    "T3,drill,cordless,on loan\nT4,saw,cordless,available\nT5,drill,cordless,available\n"
    "T6,drill,cordless,in repair\n"
)
SUBAGENT = (
    "You are a Claude agent, built on Anthropic's Claude Agent SDK.\n"
    "You keep the tool crib's list, crib.csv. Read it and count precisely.\n\n"
    "Messages from the agent that launched you direct your work.\n\n"
    "Notes:\n- Do NOT Write report/summary/findings/analysis .md files.\n"
    f"Primary working directory: {ROOT}\n"
)


def test_a_subagent_reads_the_file_its_own_instructions_name_and_counts_by_the_values_said():
    prompt = "How many cordless drills are available right now (not on loan or in repair)?"
    t = run(prompt, cli("Read", "Glob", "Grep"), disk({"crib.csv": CRIB}), system=SUBAGENT)
    assert t.calls[0] == [("Read", {"file_path": f"{ROOT}/crib.csv"})]
    ended(t)
    assert t.answer.splitlines()[0] == "drill, cordless, available: 2 in all: T1 and T5."


def test_files_named_only_in_the_clis_notes_or_a_main_agents_environment_are_not_read():
    assert instructed_files(SUBAGENT, "How many drills?") == ["crib.csv"]
    assert instructed_files(SUBAGENT, "How many drills are in crib.csv?") == []
    main = SYSTEM + "Interpreters load code, so a planted `json.py` runs (e.g. on import).\n"
    assert instructed_files(main, "How many drills?") == []


def test_rows_counted_by_a_value_said_in_chinese():
    loans = "书名,读者,状态\n追风筝的人,周宁,已借出\n小王子,吴迪,在架\n人间词话,郑洁,已借出\n"
    t = run(
        "借阅.csv 里现在有几本书已借出？", cli("Read"), disk({"借阅.csv": loans}), system=SYSTEM
    )
    ended(t)
    assert t.answer.splitlines()[0] == "已借出：共 2 条：追风筝的人 和 人间词话。"


STANDUP = (
    "Standup notes, Tuesday\n- Priya: finished the billing export, starting on invoice PDFs.\n"
    "- Marco: blocked on the staging database credentials.\n"
    "- Lena: reviewed three pull requests, will pair with Marco tomorrow.\n"
)


def test_a_summary_written_to_a_file_holds_the_entries_the_request_is_about():
    prompt = (
        "Read standup.txt and write a short summary of who is blocked and on what to blockers.md."
    )
    t = run(prompt, cli("Read", "Write"), disk({"standup.txt": STANDUP}), system=SYSTEM)
    ended(t)
    assert writes(t) == [
        {
            "file_path": f"{ROOT}/blockers.md",
            "content": "- Marco: blocked on the staging database credentials.\n",
        }
    ]
    assert "judgement" not in t.answer and "summar" not in t.answer.lower()


def test_a_summary_of_as_many_entries_as_the_request_says_in_chinese():
    notes = "家长会记录\n日期：12月3日\n1. 决定：春游改到4月。\n2. 决定：午餐费每月 300 元。\n3. 其他：下次开会再议校服。\n"
    prompt = "读一下 家长会.txt，把两条决定的摘要写到 决定.txt。"
    t = run(prompt, cli("Read", "Write"), disk({"家长会.txt": notes}), system=SYSTEM)
    ended(t)
    assert writes(t)[0]["content"] == "- 决定：春游改到4月。\n- 决定：午餐费每月 300 元。\n"


MENU = "食堂本周\n周一：回锅肉（荤）\n周二：蒜蓉西兰花（素）\n周三：红烧排骨（荤）\n周四：香菇青菜（素）\n"


def test_the_things_a_bracketed_tag_marks_are_listed_and_a_refused_write_gives_them_in_the_answer():
    prompt = "看一下 食堂.txt，把本周的素菜列出来写到 素菜.txt 里。"
    t = run(
        prompt, cli("Read", "Write"), disk({"食堂.txt": MENU}, refuse_writes=True), system=SYSTEM
    )
    assert writes(t)[0]["content"] == "蒜蓉西兰花\n香菇青菜\n"
    ended(t)
    assert "没有写入权限" in t.answer
    assert t.answer.rstrip().endswith("要写的内容是：\n蒜蓉西兰花\n香菇青菜")


FX = {
    "name": "fx_quote",
    "description": "Quote the exchange rate between two currencies (ISO codes) at the Lotus money changer.",
    "input_schema": {
        "type": "object",
        "properties": {"from_currency": {"type": "string"}, "to_currency": {"type": "string"}},
        "required": ["from_currency", "to_currency"],
    },
}


def test_an_amount_said_in_chinese_is_converted_by_the_rate_the_tool_gives():
    rates = {("HKD", "CNY"): 0.91}

    def quote(name, args):
        r = rates[(args["from_currency"], args["to_currency"])]
        return f"1 {args['from_currency']} = {r} {args['to_currency']}"

    t = run("我手上有 800 港币，按现在的汇率能换多少人民币？", [FX], quote)
    assert t.calls[0] == [("fx_quote", {"from_currency": "HKD", "to_currency": "CNY"})]
    ended(t)
    assert "728.00 CNY" in t.answer.splitlines()[0]


def test_a_rate_given_beside_its_two_currencies_converts_an_amount_asked_in_another():
    def quote(name, args):
        return {"from": args["from_currency"], "to": args["to_currency"], "rate": 0.92}

    t = run("How much is 120 USD in euros?", [FX], quote)
    ended(t)
    assert "110.40 EUR" in t.answer.splitlines()[0]


FERRY = (
    "date,vessel,passengers\n2026-11-01,Skye Star,120\n2026-11-01,Mull Rose,95\n"
    "2026-11-02,Skye Star,80\n2026-11-02,Islay Belle,160\n2026-11-03,Mull Rose,70\n"
)


def test_rows_of_one_entity_are_added_up_when_the_question_asks_for_a_total():
    prompt = "Read crossings.csv: which vessel carried the most passengers in total?"
    t = run(prompt, cli("Read"), disk({"crossings.csv": FERRY}), system=SYSTEM)
    ended(t)
    lead = t.answer.splitlines()[0]
    assert lead.startswith("Skye Star has the most passengers: 200 (2 entries added up)")
    assert "Mull Rose 165" in lead and "Islay Belle 160" in lead


def test_without_a_total_the_single_row_is_picked():
    prompt = "看一下 crossings.csv，哪一趟的乘客最多？"
    t = run(prompt, cli("Read"), disk({"crossings.csv": FERRY}), system=SYSTEM)
    ended(t)
    assert "160" in t.answer.splitlines()[0] and "200" not in t.answer


def test_values_said_after_a_chinese_negation_are_excluded_from_the_count():
    beds = "床号,科室,状态\n1,内科,空闲\n2,外科,占用\n3,内科,空闲\n4,内科,占用\n5,外科,空闲\n6,内科,维修\n"
    prompt = "床位.csv 里内科现在有几张空闲的床（不算占用和维修的）？"
    t = run(prompt, cli("Read"), disk({"床位.csv": beds}), system=SYSTEM)
    ended(t)
    assert t.answer.splitlines()[0] == "内科, 空闲：共 2 条：1 和 3。"
