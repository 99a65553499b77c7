"""A shell command for a request, by what the request asks, for a tool that runs commands (the
Agent SDK's Bash, a learn-claude-code `bash` tool): written rules, read-only unless the user asks
for a change.

First rule that applies, in Chinese or English:
- a command the user writes out after "run"/"execute"/"运行" (in quotes or backticks, after
  "command:", or a line that starts with ./ or /): that command, as written; an echo or sleep
  command described in so many words ("an echo command that says 'hi'"): `echo 'hi'`, `sleep 5`;
  a script the user asks to run (hello.py, build.sh): `python3 hello.py`, `bash build.sh`;
- count the lines (words) of a named file: `wc -l FILE` (`wc -w FILE`), not the lines of two
  kinds or more it names in capitals (ERROR and WARN: they are read and counted); the data rows of the
  files of a kind or a glob in a folder: `find DIR -name 'sales_*.csv' -exec tail -q -n +2 {} + |
  wc -l`, after the count of the folder's files of that kind when the request asks it too; the
  lines of each such file ("each .csv file", "per file", 每个 / 各 / 分别): `find DIR -name
  '*.csv' -exec wc -l {} +` (each file's count, then their total);
- show / read / print a named file, or its contents: `cat FILE`;
- search for a quoted text (or the word after "for"): `grep -rn TEXT .`; which files mention or
  contain a word: `grep -rl WORD .`;
- which files: `ls` (with `*.py`, `*.md`, ... when a kind of file is named); a named directory:
  `ls DIR`; with their sizes, or which is largest or smallest: `ls -l`; how many: `ls *.md | wc -l`, or, with subfolders said (subfolders included, all,
  under, 含子目录, 所有), `find . -type f -name '*.md' -not -path '*/.*' | wc -l`; their lines
  counted ("list the python files and count their lines", 统计它们的行数): over the tree, each
  file's and the total, `find . -name '*.py' -not -path '*/.*' -exec wc -l {} +`;
- the working directory: `pwd`; git's status, log or diff: `git status` / `git log --oneline -5`
  / `git diff`; the current date or time, when no file is named (the time of something in a
  file is read from the file): `date`; the disk usage: `du -sh .`;
- run the tests (the user asked to run them): `python -m pytest -q`;
- changes, only when asked: make a directory (`mkdir -p DIR`), delete a named file (`rm FILE`) or
  the files of a kind in the directory (`rm -- *.log`),
  create an empty named file (`touch FILE`);
- a question about the project itself ("what testing framework does this project use?", "这个项目
  用什么语言写的"): first `ls -a`; once a listing has come back, `head -n 40` of up to three of the
  files it shows that say how a project is built and tested (pyproject.toml, package.json, ...,
  then test files, then a README); nothing more once they are read.
Work over the whole working tree (`tree_command`, checked before the rules above except a command
the user gives; hidden folders left out), when no file is named:
- the words of all the files of a kind: `find . -name '*.md' -not -path '*/.*' -exec wc -w {} +`,
  each file's count and their total (their lines: the rule of data rows above);
- a code marker (TODO, FIXME, XXX, HACK) or a quoted text in the files, of a kind when one is
  named: `grep -rn TODO --include='*.js' .`;
- which file defines a name ("which file defines final_score", "where is X defined", "X 在哪定义"):
  `grep -rnwE '(def|class|function|...) +X' .`;
- the biggest (smallest) files: every file's size, sorted, the first N (`top 3`, 前三), else 10;
- the disk space of each folder: `du -h -d 2 .` (of a named folder: `du -h -d 1 DIR`);
- the files changed lately ("modified today", "changed in the last 3 days", 最近改过):
  `find . -type f -not -path '*/.*' -mtime -N`.
A named file that is not there (a read of it failed: "No such file"): once, `look_for` searches
the tree for the files of its kind (`find . -name '*.csv' -not -path '*/.*'`); a path found with
the same name is read, else the answer says the file is not there and names those found.
Anything else gives no command: the policy asks the user what to run.

A file's name said in Chinese running text starts after the verb or particle before it
(`LEADS`: 读一下会议纪要.txt, 把价目表.csv 里, 对比一下菜单.csv: a verb then 一下), and Chinese
may follow its extension at once (价目表.csv里); a folder is named in Chinese before 目录/文件夹
(这个 / 当前 / 该 before them name the working directory, as "this folder" does)
or with a trailing slash ("剧本/ 里"); a request speaks of files when it names a folder with a
trailing slash ("in plants/", "入库记录/ 下") or a kind in brackets ("(.txt)"), and asks what they
hold when, beside which or how many files there are, a question of its own asks about them
("…有几个剧本（.md）？哪个剧本人数最多？": `contents_asked`; the files are then read).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Sequence
from typing import Any

from .lexicon import CHANGES, concepts

LEADS = (  # Chinese words said right before a file's name, never part of it: "读一下会议纪要.txt"
    "读一下", "看一下", "查一下", "改一下", "读一读", "看一看", "把", "将", "请", "帮我", "帮忙", "麻烦", "给我", "一下", "读读", "看看", "打开", "查看",
    "读取", "检查", "修改", "编辑", "删除", "删掉", "新建", "创建", "生成", "写入", "写到",
    "保存到", "保存为", "另存为", "存为", "存到", "在", "从", "到", "往", "用", "对", "和", "与",
    "跟", "运行", "执行", "统计", "整理", "总结", "翻译",
)  # fmt: skip
NAME_START = (  # where a name may start: not inside a word, or right after a lead word
    "(?:(?<![\\w/.-])|"
    + "|".join(f"(?<={w})" for w in LEADS)
    + f")(?!(?:{'|'.join(LEADS)})(?!\\.[A-Za-z])|[\u4e00-\u9fff]{{1,2}}一下)"  # 对比一下: a verb, then 一下
)  # (a lead word right before the extension is the name itself: "写入 总结.md")
FILE = re.compile(  # a file's name with its extension(s) (todo.md.bak), or a dotfile (.env)
    NAME_START + r"((?:\.{0,2}/)?[\w-]+(?:/[\w.-]+)*(?:\.[A-Za-z][A-Za-z0-9]{0,5})+"
    r"|\.(?:env|gitignore|dockerignore|npmrc|bashrc|zshrc|profile|editorconfig|prettierrc)"
    r"(?:\.[a-z]+)?)(?![A-Za-z0-9_/-])"  # Chinese may follow at once: "价目表.csv里"
)
KINDS = {  # a kind of file named -> its extension
    "python": "py", "javascript": "js", "typescript": "ts", "markdown": "md", "text": "txt",
    "csv": "csv", "json": "json", "yaml": "yaml", "shell": "sh", "html": "html", "rust": "rs",
    "go": "go", "java": "java", "log": "log",
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
FILES = _kw(
    r"\bfiles?\b",
    r"\bls\b",
    r"directory",
    r"folder",
    "文件",
    "目录",
    r"(?<![\w/.:\\])[A-Za-z_\u4e00-\u9fff][\w\u4e00-\u9fff-]*/(?![\w/*])",  # a folder: "logs/"
    r"[(（]\s*\*?\.[A-Za-z0-9]{1,5}\s*[)）]",  # a kind in brackets: "(.txt)"
)
LIST = _kw(
    r"\blist\b",
    r"\bwhich\b",
    r"\bwhat\b",
    r"\bshow\b",
    r"\bls\b",
    r"\bfind\b",
    "列出",
    "哪些",
    "有什么",
    "找出",
    "查找",
)
EVERYWHERE = _kw(
    r"\bfind\b",
    r"\ball\b",
    r"recursive",
    r"\bunder\b",
    r"everywhere",
    r"\b(?:folders|directories|subfolders)\b",  # more than one folder: the tree
    "所有",
    "全部",
    "找出",
    "查找",
)
SUBFOLDERS = _kw(  # said outright, the subfolders count even "here" ("这个目录（含子目录）")
    r"\bsub-?(?:folders?|director(?:y|ies)|dirs?)\b",
    "子目录",
    "子文件夹",
)
HERE_ONLY = _kw(
    r"(?:in|of) (?:this|the current) (?:directory|folder)",
    r"\bhere\b",
    "当前目录",
    "这个目录",
    "这里",
)
PWD = _kw(
    r"(?:what|which) is the (?:current|working) directory",
    r"where am i",
    r"\bpwd\b",
    "当前目录是哪",
)
GIT = [(_kw(r"git log", r"commits?", "提交记录"), "git log --oneline -5"),
       (_kw(r"git diff", r"\bdiff\b", "改动"), "git diff"),
       (_kw(r"\bgit\b", "仓库状态"), "git status")]  # fmt: skip
DATE = _kw(  # the current date or time, not the time something happened ("在几点" of a log line)
    r"\b(?:the|today'?s|current) date\b",
    r"what(?:'s| is) the date",
    r"what time is it",
    r"current time",
    r"time (?:is it )?now",
    "今天几号",
    "现在几点",
    "几月几号",
    "什么日期",
    "当前时间",
)
DISK = _kw(r"disk usage", r"how big", r"\bsize of\b", "占用", "多大")
TESTS = _kw(r"\btests\b", r"test suite", r"\bpytest\b", r"\bthe test\b", "测试")  # not "to test it"
MKDIR = re.compile(  # the name on the same line, with a letter in it (not "2." of a next step)
    r"(?:directory|folder|目录|文件夹)[ \t]*(?:called|named|叫)?[ \t]*[\"'“]?"
    r"([\w./-]*[^\W\d_][\w./-]*)",
    re.I,
)


PROJECT = _kw(
    r"\b(?:this|the|our|my) (?:project|repo(?:sitory)?|code ?base|app)\b",
    "这个项目",
    "本项目",
    "该项目",
    "项目里",
    "代码库",
    "这个仓库",
)
MANIFESTS = (
    "pyproject.toml", "setup.cfg", "setup.py", "requirements.txt", "requirements-dev.txt",
    "package.json", "Cargo.toml", "go.mod", "pom.xml", "build.gradle", "Gemfile",
    "composer.json", "pytest.ini", "tox.ini", "conftest.py", "jest.config.js", "Makefile",
)  # fmt: skip
TEST_FILE = re.compile(r"^(?:test_\w+\.py|\w+_test\.(?:py|go)|\w+\.(?:test|spec)\.[jt]sx?)$")
README = re.compile(r"^readme(?:\.\w+)?$", re.IGNORECASE)


def explores(text: str) -> bool:
    """A question about the project itself (the last rule)."""
    return bool(PROJECT.search(text))


def _listed(results: Sequence[Any]) -> list[str] | None:
    """The file names of the latest result that is a listing (one name a line), or None."""
    for r in results:
        if not isinstance(r, str):
            continue
        names = [line.strip() for line in r.splitlines() if line.strip()]
        if names and all(re.fullmatch(r"[\w.@+-]+/?", n) for n in names):
            return names
    return None


def _explore(results: Sequence[Any]) -> str | None:
    names = _listed(results)
    if names is None:
        return "ls -a"
    picked = [m for m in MANIFESTS if m in names]
    picked += [n for n in names if TEST_FILE.match(n)]
    picked += [n for n in names if README.match(n)]
    if not picked:
        return None
    return "head -n 40 " + " ".join(shlex.quote(n) for n in picked[:3])


def _files(text: str) -> list[str]:
    return [f for f in FILE.findall(text) if f.lower() not in ("e.g", "i.e")]


MARKER = re.compile(r"(?<![A-Za-z])[A-Z]{3,}(?![A-Za-z])")  # a kind of line: ERROR, ALARM


def _on_file(text: str, named: str | None, asked: frozenset[str]) -> str | None:
    """The rules about a file the request names (counting, deleting, creating, showing)."""
    if named is None:
        return None
    q = shlex.quote(named)
    kinds = set(
        MARKER.findall(FILE.sub(" ", text))
    )  # "ALARM 和 FAULT 各有多少行": each kind's lines
    if COUNT.search(text) and COUNT_LINES.search(text) and len(kinds) < 2:
        return f"wc -l {q}"
    if COUNT.search(text) and COUNT_WORDS.search(text):
        return f"wc -w {q}"
    if "delete" in asked:
        return f"rm {q}"
    if "create" in asked and not SHOW.search(text) and "directory" not in asked:
        return f"touch {q}"
    return None


MENTIONS = re.compile(
    r"\b(?:mentions?|mentioning|contains?|containing|refers? to|talks? about)\s+(?:the |a |an |any )?"
    r"(?:word |text |phrase |term )?(?:[\"'“‘]([^\"'”’\n]{1,40})[\"'”’]|([\w.-]+))"
    r"|(?:提到|提及|包含|含有)(?:了)?\s*(?:“|\"|「)?([\w\u4e00-\u9fff.-]{1,12}?)(?:”|\"|」|的|，|。|？|$)",
    re.IGNORECASE,
)


COUNTED_MARKER = re.compile(
    r"(?:(?i:\bhow many|\bcount|\bnumber of)|多少|几)[^\n]{0,20}?(?<![\w.*])([A-Z][A-Z0-9_]{2,})\b"
    r"(?=\s*(?:comments?|lines?|markers?|notes?|tags?|occurrences?|mentions?|注释|标记|行|处))"
)


def target(text: str) -> str | None:
    """The text a request asks to find inside files: quoted text after a search word, the word
    after "search for"/"grep for" (a name of capitalised words whole: "search the ledgers for
    Kestrel Supply", "搜索 Kestrel Supply"), or the word a file "mentions"/"contains" ("which memo mentions a
    deadline?" -> deadline; "哪个文件提到了预算" -> 预算), or a marker in capitals the request
    counts ("how many TODO comments", "多少个 FIXME 注释"); None when it names none."""
    m = MENTIONS.search(text)
    if m:
        return next(g for g in m.groups() if g)
    marker = re.search(
        r"(?:\bfind|\bsearch|\blook for|找出|查找|搜索|找到)[^\n]{0,40}?(?<![\w.*])([A-Z][A-Z0-9_]{2,})\b"
        r"(?![^\n]{0,3}(?:files?|文件))",
        text,
    )
    if marker:  # a marker in capitals: the TODO / FIXME comments
        return marker.group(1)
    counted = COUNTED_MARKER.search(text)
    if counted:  # "how many TODO comments", "有多少个 FIXME 注释"
        return counted.group(1)
    if not SEARCH.search(text):
        return None
    found = [next(g for g in q.groups() if g) for q in QUOTED.finditer(text)]
    word = re.search(rf"\bfor\s+({NAME_RUN}|[\w.-]+)", text) or re.search(
        rf"(?:搜索|查找)(?:一下)?\s*({NAME_RUN})", text
    )  # a name of capitalised words is searched whole ("Kestrel Supply")
    return found[0] if found else word.group(1) if word else None


NAME_RUN = r"[A-Z][\w&'-]*(?:[ \t]+(?:&[ \t]+)?[A-Z][\w&'-]*)*"


def _search(text: str) -> str | None:
    found = target(text)
    if found is None:
        return None
    return (
        f"grep -rn {shlex.quote(found)} ."
        if SEARCH.search(text)
        else f"grep -rl {shlex.quote(found)} ."
    )


def _kind(text: str) -> str | None:
    """The extension of the kind of file named: ".mp3 files", "*.csv", "Python files", "shell
    scripts", "txt 文件" (a kind's word only right before files/scripts: "use the shell" names no
    kind)."""
    m = re.search(
        r"(?:\*|(?<![\w/])\.)([A-Za-z0-9]{1,5})\b(?=[^\n]{0,12}?(?:files?|文件)|[\s)）,，。？?!！]|$)",
        text,
    )
    if m and not re.match(r"\d+$", m.group(1)):
        return m.group(1).lower()
    return next(
        (
            ext
            for k, ext in KINDS.items()
            if re.search(
                rf"\b{k}\s+(?:source\s+)?(?:files?|scripts?|programs?)\b|\b{k}\s*文件", text, re.I
            )
        ),
        _bare_kind(text) or ("log" if "日志" in text else None),
    )


EXTENSIONS = set(  # everyday extensions, said bare before "files" ("gpx files", "svg 文件")
    "yml toml ini xml sql txt md py cfg conf env lock tsv xlsx xls ods docx doc pdf odt rtf tex "
    "png jpg jpeg gif svg webp bmp ico tif tiff psd mp3 wav flac ogg mp4 mov avi mkv webm "
    "zip tar gz tgz bz2 7z rar iso gpx kml geojson shp css scss less vue jsx tsx mjs cjs "
    "rb php c h cpp hpp cc cs kt swift scala lua pl r jl dart ex exs erl hs ml clj sh bash zsh "
    "ps1 bat ipynb parquet db sqlite bak tmp otf ttf woff woff2 eps ai epub srt vtt ged".split()
)


def _bare_kind(text: str) -> str | None:
    """An extension said bare before files ("txt 文件", "yml files")."""
    m = re.search(r"(?<![A-Za-z0-9])([A-Za-z0-9]{1,5})\s*(?:files?\b|文件)", text, re.I)
    known = {*KINDS.values(), *EXTENSIONS}
    return m.group(1).lower() if m and m.group(1).lower() in known else None


FILE_ACT = re.compile(  # acts on files that change them (beside the concept table's)
    r"\b(?:move|copy|rename|archive|compress|zip|tar|chmod|chown|touch|convert|clean ?up)\b"
    r"|移动|复制|重命名|压缩|转换|清理",
    re.IGNORECASE,
)
FILES_ASKED = re.compile(
    r"\b(?:list|which|what|show|find|how many|count)\s+(?:[\w.*-]+\s+){0,3}?files?\b"
    r"|(?:哪些|列出|找出|多少个?|几个)[^，。？?,\n]{0,10}?文件",
    re.IGNORECASE,
)


FILES_COUNTED = re.compile(  # how many files of a kind there are, with the words of its total
    r"\b(?:how\s+many|(?:the\s+)?(?:total\s+)?number\s+of|count\s+(?:the\s+)?)"
    r"\s*(?:(?!(?:in|of|inside|within|across|from)\b)[\w.*-]+\s+){0,3}?files?\b(?:\s+(?:are\s+)?there)?(?:\s+(?:[\w/.-]+\s+){0,3}?in\s+total\b)?"
    r"|(?:一共|总共|合计)?有?(?:多少个?|几个)[^，。？?,\n]{0,12}?文件"
    r"|(?:\bhow\s+many\s+(?:[\w-]+\s+){0,2}[\w-]+|(?:多少个?|几个)[^，。？?,\n(（]{0,8})\s*[(（]\s*\*?\.[A-Za-z0-9]{1,5}\s*[)）]",
    re.I,  # (a kind in brackets: "几个剧本（.md）", "how many scripts (.md)")
)


SIZES = re.compile(
    r"\b(?:sizes?|largest|biggest|smallest|heaviest)\b|大小|最大|最小|多大|体积", re.I
)


def files_asked(text: str) -> bool:
    """The request asks which files there are ("Which JSON files are here?", "列出所有日志文件"),
    not what they hold ("look at the log files: which kiln had an error?")."""
    return bool(FILES_ASKED.search(text))


ASKING = re.compile(
    r"[?？]\s*$|^\s*(?:which|what|who|whose|where|when|how)\b|哪|什么|谁|多少|几", re.I
)


def contents_asked(text: str) -> bool:
    """Beside which or how many files there are, a question of its own asks what the files hold
    ("剧本/ 下有几个剧本（.md）？哪个剧本人数最多？", "How many sheets (.txt) are in plants/? Which
    plant needs the fewest waterings?"): a sentence that asks (a question mark, a question word)
    and is no question about the files themselves."""
    for sentence in re.findall(r"(?:[^?？.!。！\n]|\.(?=\w))+[?？]?", text):  # (not ".gcode")
        if FILES_ASKED.search(sentence) or FILES_COUNTED.search(sentence):
            continue
        if ASKING.search(sentence) and re.search(r"[A-Za-z\u4e00-\u9fff]{2}", sentence):
            return True
    return False


def lists_files(text: str) -> bool:
    """The request asks which files there are (of a kind or all)."""
    return bool(FILES.search(text) and (LIST.search(text) or COUNT.search(text)))


def _listing(text: str) -> str | None:
    if not lists_files(text):
        return None
    kind = _kind(text)
    where = f"*.{kind}" if kind else ""
    deep = SUBFOLDERS.search(text) or (EVERYWHERE.search(text) and not HERE_ONLY.search(text))
    if kind and LINES_OF_THEM.search(text):  # the files' lines, not how many files: the tree
        return f"find . -name '*.{kind}' -not -path '*/.*' -exec wc -l {{}} +"
    if COUNT.search(text) or DISK.search(text):  # how many such files, how big together
        found = f"find . -type f -name '*.{kind}'" if kind else "find . -type f"
        count = f"{found} -not -path '*/.*' | wc -l" if deep else f"ls {where}".strip() + " | wc -l"
        parts = [count] if COUNT.search(text) else []
        parts += (
            [f"du -cb {where or '.'}"]
            if DISK.search(text) or re.search(r"\bsize\b|大小", text)
            else []
        )
        return "; ".join(parts)
    if SIZES.search(text) and not deep:  # each file's size, to say which is largest
        return f"ls -l {where}".strip()
    if deep:
        return (
            f"find . -name '*.{kind}' -not -path '*/.*'"
            if kind
            else "find . -type f -not -path '*/.*'"
        )
    return f"ls {where}".strip()


def searched_kind(text: str) -> str | None:
    """The glob of the files of a kind a search inside files is limited to ("how many TODO
    comments in the Python files" -> "**/*.py"); None when the request names no text to find."""
    kind = _kind(text) if target(text) else None
    return f"**/*.{kind}" if kind else None


WRITTEN_TO = re.compile(  # where a result is written: "save it to out.txt", "写到 summary.txt"
    r"(?:写到|写入|写进|保存到|保存为|存到|存为|存成|输出到|复制到|整理到|整理进|汇总到|总结到|记到|记录到|导出到"
    r"|\b(?:save|write|store|put|output|copy|summari[sz]e|export|dump)\b"
    r"(?:[^.。\n]|\.(?=\w)){0,40}?"
    r"\b(?:to|into|in|as)\b)\s*(?:the\s+)?(?:file\s+)?[`'\"]?([\w./-]+\.[A-Za-z][A-Za-z0-9]{0,5})",
    re.I,
)


DESCRIBED = re.compile(  # what follows a colon says what a file is to hold, not its text: an
    # order to work something out, or a question's words (how many, which, 多少, 哪些, 每个…)
    r"[:：]\s*(?:请\s*)?(?:列出|列一下|列明|包括|包含|写出|写明|给出|说明|总结|汇总|统计|算出|计算"
    r"|找出|标出|多少|哪些|哪几|几[个位条次]|每[个位条种天]|各[个位条种]|是否|有没有|谁)"
    r"|[:：]\s*(?:please\s+)?(?:list|include|show|give|summari[sz]e|state|report|work\s+out"
    r"|calculate|compute|count|find|flag|name|note|how\s+(?:many|much|long|often)|which|what"
    r"|who|whether|the\s+(?:number|count|total|list)\s+of|an?\s+(?:count|list|summary|table)"
    r"\s+of)\b",
    re.IGNORECASE,
)


def glob_pattern(text: str) -> str | None:
    """The glob a file-matching tool (the Agent SDK's Glob) is given for a request that asks which
    files there are, or about files of a kind or in a folder ("did the .log files report an
    error?", "logs 目录下的日志"): "**/*.py" for Python files, "*.py" for those of this directory
    only, a glob the request writes as written ("the report_*.csv files here" -> "report_*.csv").
    The file a result is to be written to ("..., write the average to summary.txt") is no file
    the request asks about, and writing there (with its remarks in brackets: "只写一个数字") is no
    act on the files asked about."""
    whole, text = text, WRITTEN_TO.sub(" ", text)
    if _files(text) or target(text) or not FILES.search(text):
        return None
    acts = text if whole == text else re.sub(r"[(（][^)）]*[)）]", " ", text)  # and its remarks
    if not lists_files(text) and (concepts(acts) & CHANGES or FILE_ACT.search(acts)):
        return None  # "delete the .bak files": an act on the files, not a question about them
    kind = _kind(text)
    where = "" if HERE_ONLY.search(text) and not SUBFOLDERS.search(text) else "**/"
    folder = re.search(
        r"\b(?:in|under|inside|within)\s+(?:the\s+)?([\w.-]+)/?\s+(?:directory|folder|dir)\b"
        r"|\b(?:in|under|inside|within)\s+(?:the\s+)?([\w.-]+/)"
        r"|"
        + NAME_START  # (a whole path: the path; a Chinese name: 剧本目录下, "剧本/ 里")
        + r"([A-Za-z][\w.-]*|[\u4e00-\u9fff][\w.-]{0,11}?)(?:/?\s*(?:目录|文件夹)/?\s*|/\s*)(?:下|里|中)",
        text,
        re.IGNORECASE,
    )
    name = next((g for g in folder.groups() if g), None) if folder else None
    if name and name.lower() not in HERE_WORDS:  # "这个文件夹", "this folder": the one we are in
        where = name.rstrip("/") + "/" + where
    elif not kind and not lists_files(text):
        return None  # files of no kind in no folder, and not a listing: no glob
    written = re.search(r"(?<![\w/*])(\w[\w.-]*\*[\w*.-]*\.[A-Za-z0-9]{1,5})\b", text)
    if written:  # a glob the request writes ("the sales_*.csv files") is taken as written
        return where + written.group(1)
    return f"{where}*.{kind}" if kind else f"{where}*"


GIVEN = re.compile(  # a command the user gives: quoted after run/execute, or a ./script line
    r"(?:\brun|\bexecute|运行|执行)(?:\s+(?:the|this|a))?(?:\s+(?:bash|shell))?(?:\s+command)?\s*[:：]?\s*"
    r"(?:`([^`]+)`|\"([^\"]+)\"|'([^']+)'|((?:\./|/)[\w./-]+(?:[ \t]+[^\s。，]+)*))",
    re.IGNORECASE,
)


AFTER_COLON = re.compile(
    r"(?:\bcommand|命令)\s*[:：]\s*(\S[^\n]*?)\s*$", re.IGNORECASE | re.MULTILINE
)
ECHO = re.compile(
    r"\becho\b[^'\"“\n]{0,40}?(?:says?|saying|prints?|printing|outputs?)\s*[:：]?\s*"
    r"(?:'([^']+)'|\"([^\"]+)\"|“([^”]+)”)",
    re.IGNORECASE,
)
SLEEP = re.compile(r"\bsleep\b[^\d\n]{0,30}(\d+)\s*(?:seconds?|secs?|s\b|秒)", re.IGNORECASE)


RUN_FILE = re.compile(
    r"(?:\brun|\bexecute|\btest|运行|执行)\b[^\n]*?(?<![\w/.-])((?:\.{0,2}/)?[\w/.-]*\w\.(py|sh|js|rb))\b",
    re.IGNORECASE,
)
RUNNERS = {"py": "python3", "sh": "bash", "js": "node", "rb": "ruby"}


def given(text: str) -> str | None:
    """The command the user wrote out ("Run `make lint`", "run ./deploy.sh --dry-run", "Run the
    bash command: echo 'hi'"), or described in so many words ("an echo command that says 'hi'" ->
    `echo 'hi'`, "a sleep command for 5 seconds" -> `sleep 5`)."""
    m = AFTER_COLON.search(text)
    if m:
        cmd = m.group(1)
        whole = len(cmd) > 1 and cmd[0] == cmd[-1] and cmd[0] in "'\"`" and cmd[0] not in cmd[1:-1]
        return cmd[1:-1] if whole else cmd  # 'du -h docs' quoted whole: the command inside
    m = GIVEN.search(text)
    if m:
        return next((g.strip() for g in m.groups() if g), None)
    m = ECHO.search(text)
    if m:
        return "echo " + shlex.quote(next(g for g in m.groups() if g))
    m = SLEEP.search(text)
    if m:
        return f"sleep {m.group(1)}"
    m = RUN_FILE.search(text)
    return f"{RUNNERS[m.group(2).lower()]} {shlex.quote(m.group(1))}" if m else None


SHELL_ASKED = re.compile(  # the request asks for the shell itself
    r"\b(?:using|use|with|via|through|from|in)\s+(?:the\s+|a\s+)?(?:shell|bash|terminal|command[- ]line)\b"
    r"|\b(?:shell|bash) commands?\b|用\s*(?:shell|bash|命令行|终端|命令)|在\s*(?:终端|命令行)",
    re.I,
)
ROWS = re.compile(
    r"\b(?:how many|number of|count(?:\s+the)?)\s+(?:data\s+)?(?:rows|records|lines)\b|\bdata rows\b"
    r"|多少行|几行|行数|行总数|总行数|数据行|多少条(?:记录|数据)",
    re.I,
)
NO_HEADER = re.compile(
    r"\bdata\b|not (?:counting )?(?:the )?headers?|without (?:the )?headers?|不算表头|不含表头|数据",
    re.I,
)


EACH_FILE = re.compile(
    r"\b(?:each|per)\s+(?:\.?\w+\s+)?file\b|\beach\s+of\s+(?:the|these)\b|\bfile\s+by\s+file\b"
    r"|每个|每一个|各个|各自|分别|各有",
    re.IGNORECASE,
)


LINES_OF_THEM = re.compile(  # the lines of the files listed ("list the .py files and count their lines")
    r"\b(?:count|number of|how many)\s+(?:of\s+)?(?:their|the|its|all)?\s*lines\b|\bline counts?\b|"
    r"\blines? (?:in|of) (?:each|them|every)\b|(?:它们|各自|每个)?(?:的)?(?:行数|有多少行|多少行)",
    re.I,
)
HERE_WORDS = ("this", "the", "current", "that", "这个", "这", "当前", "本", "该", "此", "那个")


def lines_each(text: str) -> bool:
    """The lines of each file of a kind are counted ("how many lines does each .csv file have",
    "每个 csv 文件各有多少行"): one shell command answers it (`find ... -exec wc -l {} +`)."""
    found = _rows(text)
    return bool(found and found.endswith("-exec wc -l {} +"))


def _rows(text: str) -> str | None:
    """The lines (the data rows: headers left out when the request says so) of the files of a
    kind the request counts: `find <folder> -name '*.csv' -exec tail -q -n +2 {} + | wc -l`."""
    pattern = glob_pattern(text) if ROWS.search(text) else None
    if pattern is None or "*." not in pattern:
        return None
    folder, _, name = pattern.rpartition("/")  # ("shifts/**", "sales_*.csv")
    where = shlex.quote(folder.replace("**", "").rstrip("/") or ".")
    each = "cat" if not NO_HEADER.search(text) else "tail -q -n +2"
    if each == "cat" and EACH_FILE.search(text):  # each file's own count, and their total
        return f"find {where} -name '{name}' -exec wc -l {{}} +"
    rows = f"find {where} -name '{name}' -exec {each} {{}} + | wc -l"
    if FILES_COUNTED.search(text) and name != f"*.{_kind(text)}":  # and how many files of the kind
        return f"find {where} -name '*.{_kind(text)}' | wc -l; {rows}"
    return rows


def command(text: str, results: Sequence[Any] = ()) -> str | None:
    """The command for the request `text`, or None (see the module's docstring); `results` are the
    open task's results so far, latest first."""
    written = given(text) or tree_command(text)
    if written:
        return written
    asked = concepts(text)
    files = _files(text)
    named = files[0] if files else None
    found = _on_file(text, named, asked)
    if found:
        return found
    kind = _kind(text) if "delete" in asked and named is None else None
    if kind:  # files of a kind to delete ("get rid of all the .log files")
        return f"rm -- *.{kind}"
    m = MKDIR.search(text) if "create" in asked and "directory" in asked else None
    if m and text[max(0, m.start() - 2) : m.start()] != "当前" and not HERE_ONLY.search(m.group(0)):
        return f"mkdir -p {shlex.quote(m.group(1))}"
    if "run" in asked and TESTS.search(text):
        return "python -m pytest -q"
    found = _search(text) or _rows(text)
    if found:
        return found
    if named and SHOW.search(text):
        return f"cat {shlex.quote(named)}"
    if PWD.search(text):
        return "pwd"
    found = _listing(text)
    if found:
        return found
    plain = (
        GIT + [(DISK, "du -sh .")] + ([] if named else [(DATE, "date")])
    )  # a named file's times are in it
    found = next((cmd for pattern, cmd in plain if pattern.search(text)), None)
    return found or (_explore(results) if explores(text) else None)


COUNTED = re.compile(
    r"find\s+(\S+)\s+-name\s+'([^']+)'(?:\s+-exec\s+(cat|tail -q -n \+2)\s+\{\}\s+\+)?\s*\|\s*wc -l"
)


def counts(cmd: str, output: str) -> list[tuple[str, str, str, int]]:
    """The counts a command of several `... | wc -l` parts printed, one a line, each (what it
    counted: "files", "lines" or "rows" (without the header), the folder, the files' glob, the
    count); empty when the output does not hold one number a part."""
    parts = [COUNTED.search(p) for p in cmd.split(";")]
    numbers = [ln.strip() for ln in output.strip().splitlines() if ln.strip()]
    if len(parts) < 2 or None in parts or len(numbers) != len(parts):
        return []
    if not all(n.isdigit() for n in numbers):
        return []
    kinds = {None: "files", "cat": "lines", "tail -q -n +2": "rows"}
    return [
        (kinds[m.group(3)], m.group(1), m.group(2), int(n))
        for m, n in zip(parts, numbers, strict=True)
        if m is not None
    ]


MARKERS = re.compile(r"(?<![\w.*])(TODO|FIXME|XXX|HACK)(?:s\b|\b)")  # code markers, said anywhere
DEFINES = re.compile(
    r"\b(?:which|what)\s+(?:file|module|script)s?\s+(?:defines?|declares?|has the definition of)\s+"
    r"(?:the\s+)?(?:function\s+|class\s+|method\s+)?`?([A-Za-z_]\w*)"
    r"|\bwhere\s+(?:is|are)\s+(?:the\s+)?(?:function\s+|class\s+|method\s+)?`?([A-Za-z_]\w*)`?"
    r"(?:\s+(?:function|class|method))?\s+(?:defined|declared|implemented)"
    r"|(?:定义了?|声明了?|实现了?)\s*`?([A-Za-z_]\w*)"
    r"|`?([A-Za-z_]\w*)`?\s*(?:函数|类|方法)?\s*(?:是)?在(?:哪|哪里|哪儿|哪个文件)(?:里)?(?:被)?(?:定义|声明|实现)",
    re.IGNORECASE,
)
DEFINING = "def|class|function|func|fn|struct|interface|type|const|let|var"
BIGGEST = re.compile(
    r"\b(?:biggest|largest|smallest|heaviest)\b|最大|最小|占空间最多", re.IGNORECASE
)
SMALLEST = re.compile(r"\bsmallest\b|最小", re.IGNORECASE)
TOP = re.compile(
    r"\btop\s+(\d+)|\b(\d+)\s+(?:biggest|largest|smallest)|前\s*(\d+)|前([一二三四五六七八九十])"
)
EACH_FOLDER = re.compile(
    r"\b(?:each|every|per)\s+(?:[\w-]+\s+)?(?:folder|director(?:y|ies)|dir|sub-?folder)s?\b"
    r"|每个[\w\u4e00-\u9fff]{0,4}?(?:目录|文件夹)|各(?:个)?(?:目录|文件夹)",
    re.IGNORECASE,
)
SPACE = re.compile(r"disk|space|\bsize|how big|占用|空间|多大|大小", re.IGNORECASE)
CHANGED = re.compile(
    r"\b(?:changed|modified|edited|updated|touched)\b[^.?\n]{0,30}?"
    r"(?:\btoday\b|\brecently\b|\blast\s+(?:(\d+)\s+)?(day|week|hour)s?\b|\bpast\s+(?:(\d+)\s+)?(day|week)s?\b)"
    r"|(?:最近|今天|近(\d+)天)[^，。？?\n]{0,10}?(?:改过|修改|改动|变过|更新)",
    re.IGNORECASE,
)
ZH_DIGITS = "一二三四五六七八九十"


def _top(text: str) -> int:
    m = TOP.search(text)
    if not m:
        return 10
    g = next(x for x in m.groups() if x)
    return ZH_DIGITS.index(g) + 1 if g in ZH_DIGITS else int(g)


def _folder(text: str) -> str | None:
    """A folder the request names by a name of Latin letters ("in lessons/", "lessons 目录下", "under
    the src folder"), or None."""
    m = re.search(
        r"\b(?:in|under|inside|within|of)\s+(?:the\s+)?([A-Za-z][\w.-]*)/?\s+(?:directory|folder|dir)\b"
        r"|\b(?:in|under|inside|within)\s+(?:the\s+)?([A-Za-z][\w.-]*/)"
        r"|([A-Za-z][\w.-]*)/?\s*(?:目录|文件夹)",
        text,
        re.IGNORECASE,
    )
    name = next((g for g in m.groups() if g), None) if m else None
    return name.rstrip("/") if name and name.lower() not in HERE_WORDS else None


def tree_command(text: str) -> str | None:
    """A read-only command that does the request over the whole working tree (the module's
    docstring, "Work over the whole working tree"), or None when no such rule applies or the
    request names a file (the rules about a named file answer it)."""
    if _files(text):
        return None
    kind = _kind(text)
    where = shlex.quote(_folder(text) or ".")
    hidden = "-not -path '*/.*'"
    m = DEFINES.search(text)
    if m:
        name = next(g for g in m.groups() if g)
        return f"grep -rnwE '({DEFINING}) +{name}' {where}"
    marker = MARKERS.search(text)
    if marker and (
        FILES.search(text)
        or PROJECT.search(text)
        or kind
        or re.search(r"\b(?:repo|code)\b|代码", text)
    ):
        only = f" --include='*.{kind}'" if kind else ""
        return f"grep -rn{only} {marker.group(1)} {where}"
    counted = COUNT_WORDS.search(text) or COUNT_LINES.search(text)
    if kind and counted and (COUNT.search(text) or re.search(r"\btotal\b|总共|一共", text)):
        if COUNT_LINES.search(text) and not COUNT_WORDS.search(text):
            return None  # the lines of the files: the rows rule's count (`_rows`)
        wc = "wc -w" if COUNT_WORDS.search(text) else "wc -l"
        return f"find {where} -name '*.{kind}' {hidden} -exec {wc} {{}} +"
    if BIGGEST.search(text) and (FILES.search(text) or kind):
        order = "sort -k5 -n" if SMALLEST.search(text) else "sort -k5 -rn"
        named = f"-name '*.{kind}' " if kind else ""
        return f"find {where} -type f {named}{hidden} -exec ls -l {{}} + | {order} | head -n {_top(text)}"
    if EACH_FOLDER.search(text) and SPACE.search(text):
        return f"du -h -d 1 {where}" if where != "." else "du -h -d 2 ."
    m = CHANGED.search(text) if FILES.search(text) else None
    if m:
        n = next((g for g in (m.group(1), m.group(3), m.group(5)) if g), None)
        unit = (m.group(2) or m.group(4) or "day").lower()
        days = int(n or 1) * (7 if unit == "week" else 1)
        age = "-mmin -60" if unit == "hour" else f"-mtime -{days}"
        return f"find {where} -type f {hidden} {age}"
    return None


def over_tree(text: str) -> bool:
    """The request asks about the files of the working tree in a way one read-only command
    answers over the whole tree: a rule of `tree_command`, text to find in the files ("哪些文件
    里提到了 owl"), the lines of the files of a kind (`_rows`), or the files of a kind in the
    folders below ("list all the gpx files")."""
    if _files(text):
        return False
    return bool(
        tree_command(text)
        or (target(text) and FILES.search(text))
        or _rows(text)
        or (lists_files(text) and _kind(text) and _listing(text) or "").startswith("find ")
    )


def missing_name(values: Sequence[Any]) -> str | None:
    """The file a failed call named (a path it was given, a file in the command it ran)."""
    for x in values:
        found = _files(x) if isinstance(x, str) else []
        if found:
            return found[0]
    return None


def look_for(name: str) -> str:
    """The command that looks for the files of `name`'s kind anywhere in the working tree."""
    ext = name.rpartition(".")[2]
    return f"find . -name {shlex.quote('*.' + ext)} -not -path '*/.*'"


def listed_paths(output: str) -> list[str]:
    """The paths a listing printed, one a line ("./logs/a.csv" -> "logs/a.csv")."""
    lines = [ln.strip() for ln in output.splitlines() if ln.strip()]
    found = [ln for ln in lines if re.fullmatch(r"(?:\./)?[\w./@+-]+", ln)]
    return [f[2:] if f.startswith("./") else f for f in found] if found == lines else []
