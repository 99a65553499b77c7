"""A result the request asks to be written to a file: the files it is worked out from are found
and read first (the file written to is no file asked about), the figure is written with the
rounding asked for (`agentkit.sim.columns`, rule 5), and "a summary of that" is the lines the
task found (`agentkit.sim.general._summary`). Domains of our own, zh and en, through the SDK."""

from __future__ import annotations

import fnmatch

import pytest

from tests.test_any_tools import GLOB, GREP, READER, WRITE_FILE, ended, run

HIVES = {
    "hives/north.csv": "hive,kg\nN1,12.5\nN2,9.0\n",
    "hives/south.csv": "hive,kg\nS1,14.25\nS2,7.5\nS3,11.0\n",
    "notes.md": "Honey harvest notes.\n",
}


class Disk:
    def __init__(self, files):
        self.files = dict(files)

    def __call__(self, name, args):
        if name == "Glob":
            pat = args["pattern"]
            found = [
                f
                for f in self.files
                if fnmatch.fnmatch(f, pat.replace("**/", "")) or fnmatch.fnmatch(f, pat)
            ]
            return "\n".join(found) or "No files found"
        if name == "Grep":
            hits = [f for f, body in self.files.items() if args["pattern"].lower() in body.lower()]
            return f"Found {len(hits)} file\n" + "\n".join(hits)
        if name == "Read":
            lines = self.files[args["file_path"]].splitlines()
            return "\n".join(f"{i:>6}\t{line}" for i, line in enumerate(lines, 1))
        self.files[args["file_path"]] = args["content"]
        return f"File created successfully at: {args['file_path']}"


@pytest.mark.parametrize(
    "prompt, written",
    [
        ("Average the kg in all CSV files under hives/ and write the result to yield.txt", "10.85\n"),
        ("What is the total kg across the CSV files in hives/? Save it to yield.txt, to one decimal place.",
         "54.2\n"),
        ("把 hives 目录下所有 csv 文件里的 kg 加起来，结果写到 yield.txt 里（只写一个数字，保留一位小数）。",
         "54.2\n"),
        ("hives 目录下 csv 文件里 kg 最大的是多少？写到 yield.txt，取整。", "14\n"),
    ],
)  # fmt: skip
def test_a_figure_of_files_found_by_a_glob_is_written_with_the_rounding_asked(prompt, written):
    disk = Disk(HIVES)
    t = run(prompt, [GLOB, READER, WRITE_FILE], disk)
    assert t.calls[0] == [("Glob", {"pattern": "hives/**/*.csv"})]
    assert sorted(a["file_path"] for _, a in t.calls[1]) == ["hives/north.csv", "hives/south.csv"]
    assert disk.files["yield.txt"] == written
    ended(t)


LEDGER = {
    "2026/apr.csv": "date,payee,amount\n2026-04-02,Harbor Rigging,880.00\n",
    "2026/jun.csv": "date,payee,amount\n2026-06-11,Saltmarsh Sails,2410.50\n2026-06-20,Harbor Rigging,95.00\n",
}


@pytest.mark.parametrize(
    "prompt",
    [
        "Search the CSV ledgers for Saltmarsh Sails and write a one-line summary of that into sails.txt.",
        "在账本 csv 里搜索 Saltmarsh Sails，把查到的结果总结一下写到 sails.txt。",
    ],
)
def test_a_summary_of_what_a_search_found_is_the_lines_that_hold_it(prompt):
    disk = Disk(LEDGER)
    t = run(prompt, [GREP, READER, WRITE_FILE], disk)
    assert disk.files["sails.txt"] == "jun.csv: 2026-06-11,Saltmarsh Sails,2410.50\n"
    ended(t)


@pytest.mark.parametrize(
    "prompt",
    [
        "hives 目录下的记录（只看 csv 文件）里一共多少 kg？",
        "How many kg in total in the hives folder (CSV files only)?",
    ],
)
def test_a_kind_of_file_said_in_brackets_still_limits_the_glob(prompt):
    t = run(prompt, [GLOB, READER, WRITE_FILE], Disk(HIVES))
    assert t.calls[0] == [("Glob", {"pattern": "hives/**/*.csv"})]
    ended(t)
