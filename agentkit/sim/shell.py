"""A shell command for a request, by what the request asks, for a tool that runs commands (the
Agent SDK's Bash, a learn-claude-code `bash` tool): written rules, read-only unless the user asks
for a change.

First rule that applies, in Chinese or English:
- count the lines (words) of a named file: `wc -l FILE` (`wc -w FILE`);
- show / read / print a named file, or its contents: `cat FILE`;
- search for a quoted text (or the word after "for"): `grep -rn TEXT .`;
- which files: `ls` (with `*.py`, `*.md`, ... when a kind of file is named); a named directory:
  `ls DIR`;
- the working directory: `pwd`; git's status, log or diff: `git status` / `git log --oneline -5`
  / `git diff`; the date: `date`; the disk usage: `du -sh .`;
- run the tests (the user asked to run them): `python -m pytest -q`;
- changes, only when asked: make a directory (`mkdir -p DIR`), delete a named file (`rm FILE`),
  create an empty named file (`touch FILE`).
Anything else gives no command: the policy asks the user what to run.
"""

from __future__ import annotations

import re
import shlex

from .lexicon import concepts

FILE = re.compile(
    r"(?<![\w/.-])((?:\.{0,2}/)?[\w-]+(?:/[\w.-]+)*\.[A-Za-z][A-Za-z0-9]{0,5})(?![\w/-])"
)
KINDS = {  # a kind of file named -> its extension
    "python": "py", "javascript": "js", "typescript": "ts", "markdown": "md", "text": "txt",
    "csv": "csv", "json": "json", "yaml": "yaml", "shell": "sh", "html": "html", "rust": "rs",
    "go": "go", "java": "java",
}  # fmt: skip
QUOTED = re.compile(r"\"([^\"]+)\"|“([^”]+)”|'([^']+)'|「([^」]+)」")


def _kw(*words: str) -> re.Pattern[str]:
    return re.compile("|".join(words), re.IGNORECASE)


COUNT_LINES = _kw(r"\blines?\b", "行数", "多少行", "几行")
COUNT_WORDS = _kw(r"\bwords?\b", "字数", "多少个词")
COUNT = _kw(r"how many", r"\bcount", r"number of", "多少", "几", "统计")
SHOW = _kw(r"\bshow\b", r"\bread\b", r"\bprint\b", r"\bcat\b", r"contents?", r"\bopen\b", r"what(?:'s| is) in",
           "内容", "看看", "显示", "读", "打开")  # fmt: skip
SEARCH = _kw(
    r"\bsearch\b",
    r"\bgrep\b",
    r"\bfind\b.*\b(?:text|string|word|mention|occurrence)",
    "搜索",
    "查找",
)
FILES = _kw(r"\bfiles?\b", r"\bls\b", r"directory", r"folder", "文件", "目录")
LIST = _kw(r"\blist\b", r"\bwhich\b", r"\bwhat\b", r"\bshow\b", r"\bls\b", "列出", "哪些", "有什么")
PWD = _kw(
    r"(?:what|which) is the (?:current|working) directory",
    r"where am i",
    r"\bpwd\b",
    "当前目录是哪",
)
GIT = [(_kw(r"git log", r"commits?", "提交记录"), "git log --oneline -5"),
       (_kw(r"git diff", r"\bdiff\b", "改动"), "git diff"),
       (_kw(r"\bgit\b", "仓库状态"), "git status")]  # fmt: skip
DATE = _kw(r"\bdate\b", r"what time", r"今天几号", "几点")
DISK = _kw(r"disk usage", r"how big", r"\bsize of\b", "占用", "多大")
TESTS = _kw(r"\btests\b", r"test suite", r"\bpytest\b", r"\bthe test\b", "测试")  # not "to test it"
MKDIR = re.compile(  # the name on the same line, with a letter in it (not "2." of a next step)
    r"(?:directory|folder|目录|文件夹)[ \t]*(?:called|named|叫)?[ \t]*[\"'“]?"
    r"([\w./-]*[^\W\d_][\w./-]*)",
    re.I,
)


def _files(text: str) -> list[str]:
    return [f for f in FILE.findall(text) if f.lower() not in ("e.g", "i.e")]


def _on_file(text: str, named: str | None, asked: frozenset[str]) -> str | None:
    """The rules about a file the request names (counting, deleting, creating, showing)."""
    if named is None:
        return None
    q = shlex.quote(named)
    if COUNT.search(text) and COUNT_LINES.search(text):
        return f"wc -l {q}"
    if COUNT.search(text) and COUNT_WORDS.search(text):
        return f"wc -w {q}"
    if "delete" in asked:
        return f"rm {q}"
    if "create" in asked and not SHOW.search(text) and "directory" not in asked:
        return f"touch {q}"
    return None


def _search(text: str) -> str | None:
    if not SEARCH.search(text):
        return None
    found = [next(g for g in m.groups() if g) for m in QUOTED.finditer(text)]
    word = re.search(r"\bfor\s+([\w.-]+)", text)
    target = found[0] if found else word.group(1) if word else None
    return f"grep -rn {shlex.quote(target)} ." if target else None


def _listing(text: str) -> str | None:
    if not (FILES.search(text) and (LIST.search(text) or COUNT.search(text))):
        return None
    kind = next((ext for k, ext in KINDS.items() if re.search(rf"\b{k}\b", text, re.I)), None)
    return f"ls *.{kind}" if kind else "ls"


def command(text: str) -> str | None:
    """The command for the request `text`, or None (see the module's docstring)."""
    asked = concepts(text)
    files = _files(text)
    named = files[0] if files else None
    found = _on_file(text, named, asked)
    if found:
        return found
    if "create" in asked and "directory" in asked and (m := MKDIR.search(text)):
        return f"mkdir -p {shlex.quote(m.group(1))}"
    if "run" in asked and TESTS.search(text):
        return "python -m pytest -q"
    found = _search(text)
    if found:
        return found
    if named and SHOW.search(text):
        return f"cat {shlex.quote(named)}"
    if PWD.search(text):
        return "pwd"
    found = _listing(text)
    if found:
        return found
    plain = GIT + [(DISK, "du -sh ."), (DATE, "date")]
    return next((cmd for pattern, cmd in plain if pattern.search(text)), None)
