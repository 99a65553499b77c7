"""File requests said in running text, against the Claude Code CLI's own tool definitions: a
Chinese file name right after a verb or particle (读一下会议纪要.txt, 把价目表.csv 里), a folder
named in Chinese or with a trailing slash, an act word inside a longer word (库存) or in a
question about what is there (写了什么), and a change to one cell of a table. Domains of our
own, zh and en, through the SDK."""

from __future__ import annotations

import pytest

from tests.test_any_tools import ended, run
from tests.test_cli_tools import files

HOME = "Primary working directory: /home/u/proj"
SHELF = {
    "会议纪要.txt": "下次开会：12月18日 周五 14:00\n",
    "价目表.csv": "品名,单价\n玫瑰,8\n百合,12\n",
    "菜单.csv": "品名,价格,库存\n拿铁,30,12\n美式,25,40\n",
    "herbs.csv": "herb,stock,price\nbasil,14,2.5\nmint,3,2.0\n",
    "rota.tsv": "name\tshift\nMia\tearly\nTom\tlate\n",
    "茶单.csv": "品名,单位,单价(元)\n龙井,壶,38\n普洱,壶,45\n",
}


def disk(name, args):
    """Read, Glob and Edit as the CLI answers them, over SHELF in /home/u/proj."""
    if name == "Read":
        body = SHELF.get(args["file_path"].rsplit("/", 1)[-1], "")
        return "\n".join(f"{i:>6}\t{line}" for i, line in enumerate(body.splitlines(), 1))
    if name == "Glob":
        return "/home/u/proj/剧本/第一幕.md\n/home/u/proj/剧本/第二幕.md"
    return "The file has been updated successfully."


def cli(prompt):
    return run(prompt, files("Glob", "Grep", "Read", "Edit", "Write", "Bash"), disk, system=HOME)


@pytest.mark.parametrize(
    "prompt, name",
    [
        ("读一下会议纪要.txt，告诉我下次开会是哪天。", "会议纪要.txt"),
        ("帮我把价目表.csv 里的内容念给我听", "价目表.csv"),
        ("打开菜单.csv 看看写了什么", "菜单.csv"),
        ("请查看一下菜单.csv，哪种库存最少？", "菜单.csv"),
        ("在会议纪要.txt里找找下次开会的时间", "会议纪要.txt"),
    ],
)
def test_a_chinese_file_name_after_a_verb_or_particle_is_read_by_its_own_name(prompt, name):
    t = cli(prompt)
    assert t.calls[0] == [("Read", {"file_path": f"/home/u/proj/{name}"})]
    ended(t)


def test_two_files_after_a_verb_with_yi_xia_are_both_read_by_their_names():
    t = cli("对比一下菜单.csv和herbs.csv")
    assert sorted(a["file_path"] for _, a in t.calls[0]) == [
        "/home/u/proj/herbs.csv",
        "/home/u/proj/菜单.csv",
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        "剧本目录下有几个 md 文件？",
        "剧本/ 里有几个md文件？",
        "在剧本文件夹下找一下有几个md文件",
        "剧本文件夹/ 里面有几个剧本（.md）？",
    ],
)
def test_a_folder_named_in_chinese_is_where_the_glob_looks(prompt):
    t = cli(prompt)
    ((name, args),) = t.calls[0]
    assert name == "Glob"
    where = args.get("path", "") + "/" + args["pattern"]
    assert "剧本/" in where and where.endswith("*.md")
    assert "共有 2 个文件" in t.answer


@pytest.mark.parametrize(
    "prompt, old, new",
    [
        ("帮我把价目表.csv 里玫瑰的价格从 8 改成 10。", "玫瑰,8", "玫瑰,10"),
        ("把价目表.csv里玫瑰的价格从8元改为10元", "玫瑰,8", "玫瑰,10"),
        ("把菜单.csv中拿铁的价格改成32", "拿铁,30,12", "拿铁,32,12"),
        ("Set the stock of basil to 0 in herbs.csv", "basil,14,2.5", "basil,0,2.5"),
        ("In rota.tsv, change Mia's shift from early to late.", "Mia\tearly", "Mia\tlate"),
        ("把茶单.csv 里龙井的单价从 38 元改成 42 元", "龙井,壶,38", "龙井,壶,42"),
    ],
)
def test_a_change_to_a_cell_of_a_table_edits_that_row(prompt, old, new):
    t = cli(prompt)
    edits = [a for turn in t.calls for n, a in turn if n == "Edit"]
    assert [(a["old_string"], a["new_string"]) for a in edits] == [(old, new)]
    ended(t)
