"""What a file the user describes holds, when the request says what it is but not its text:
written rules, in Chinese and English.

1. A "hello world" script or program: the one line that prints "Hello, World!" in the language of
   the file's extension (hello.py: `print("Hello, World!")`), or plain "Hello, World!".
2. A greeting ("a greeting message", "一句问候"): "Hello!" / "你好！".
3. Lines listed after a colon ("with the lines: eggs, flour, milk", "内容是三行：苹果、牛奶、面包",
   "a checklist of these four items: ...", "待办清单，四项：..."): one a line; each after "- [ ] " for
   a checklist or to-do list (checkbox, 复选框, 待办), after "- " for bullets or in a .md file.
Anything else is not made up: the text must come from the user's words (quoted, or after a colon,
or "with the content ..."), and then rules 1 and 2 do not replace it.

A file whose text the request describes as a part of a file the task read ("write the items I
have run out of to shopping.txt", "把数量少于 2 的东西写到 shopping.txt", "copy the ERROR lines into
errors.txt", "the guests who said yes") holds the lines of the read file that meet the condition
the request names (`selected`):
4. by a number on the line: run out of, none, 0, 用完, 没有了 (= 0); fewer / less than, below,
   under, 少于, 低于, 不足, 小于 N (< N); more than, over, above, 多于, 超过, 大于 N (> N);
   at least, 至少, 不少于 N (>= N);
4a. below a bound named by words ("below their reorder level", "低于安全库存"): the lines that
   name the bound and say they are below it ("面粉: 8袋（低于安全库存20袋）"), or whose first number
   is less than the number after the bound's words ("flour: 8 bags (reorder level 20)");
4b. the one thing there is least of, or needed most ("the item we need most", "what we have the
   fewest of", "最缺的", "库存最低的"): the line whose first number is the smallest;
5. by a word: a marker in capitals ("the ERROR lines"), quoted text, "lines with / containing /
   mentioning X", "包含 X 的行", "said yes / no" (a cell or word equal to it);
6. a table's header row is not a record; when the request asks for lines, rows or entries ("the
   ERROR lines", "包含 X 的行") each is written whole, else it asks for the things themselves
   ("the wines I have run out of", "的酒") and each line gives its label (the text before the
   colon, or the first cell, or the words before its first number).
5a. by a tag in brackets: lines that end a thing with a tag in brackets ("麻婆豆腐（素）", "Caesar
   salad (veg)") where the lines carry two or more tags and the request says one ("素菜" holds
   素): the things before that tag (after the line's label: "周二：" is the day, not the dish).
Nothing is kept when no condition is named (the text is then asked for, never made up).

7. A summary asked of a file the task read ("write a summary of who is blocked to blockers.md",
   "把三条决议的摘要写进 摘要.txt") is made of its entries, as written: its list items (lines that
   open with a number, a bullet or a dash), else its `label: text` lines past the first (a
   title), else, when each line past a heading is one sentence ("Churn fell to 3%."), those
   sentences; when a word of the request (4 letters or more, in any form: "blocked", "blockers")
   is held by some entries and not all, those entries only; when the request says how many
   ("三条", "the three decisions") and there are at least that many, the first so many; each
   entry on a line after "- ", its own number dropped. No summary is made of a file with fewer
   than two entries (then it is asked for).

8. A line the request quotes as the form of each entry ("as '- Name (Company)'", "格式为
   「姓名 - 城市」") whose words name fields of the records the task read (a JSON list of objects,
   or a table whose first row is its header): one such line a record, each field's name replaced
   by the record's value (`templated`). "sorted by X" / "按 X 排序" orders the records by field X;
   by surname, last name, 姓氏 by the last word of the name field, first name by its first word;
   descending, highest first, 降序, 从高到低 reverse it. A quoted line that names no field is the
   user's own text (the rules above).

9. A file whose text the request describes after a colon (`DESCRIBED`: "write report.md: list
   each day's ...", "写一个 summary.md：列出每天…") holds what it asks of a table the task read
   (`tabulated`): how long each row lasts (时长, duration, how long, h:mm, 小时:分钟), when the
   table has two columns of clock times (start, then end; an end before its start runs past
   midnight), one line a row, "- <its first other cell>: H:MM"; and the latest / current / last
   value of a number column (最新, 最近, 当前, latest, current, last, most recent), the one it
   names, else the one number column there is: its value in the last row, with that row's
   label. Nothing else is made up: what the request asks that these do not give is asked for.

10. A checklist the task read ("- [ ] item" / "- [x] item" lines) and asks to change (`ticked`):
   an item said done ("tick that off", "check X off", "mark X (as) done", "打勾", "勾掉",
   "标记为完成") is the open item whose words the request shares most (by their stems: "renewed my
   passport" ticks "Renew passport ..."), its box ticked; "move / put the done (checked, completed,
   ticked, 已完成) items under a new 'H' heading / section at the bottom / end" takes every ticked
   item from where it stands and puts it, in order, under the heading H (`## H` when said without
   #) at the end of the file; the open items and all other lines stay as they were.

A file the task has read and asks to save again ("Read a.md, drop the duplicate line, and save it
as b.md") is written as it was read, changed by the edits the request names that rules can make:
duplicate lines dropped (duplicate, 重复), blank lines dropped (blank/empty lines, 空行), lines
sorted (sort, 排序), upper or lower case (uppercase, lowercase, 大写, 小写), "replace X with Y" /
"把X替换成Y". An edit that needs judgement (fix typos or grammar, rewrite, improve, translate,
summarise, 改错别字, 润色, 翻译, 总结) is not made, and the answer says so (`cannot`).
"""

from __future__ import annotations

import csv
import io
import json
import re

from .shell import DESCRIBED, FILE

HELLO = {
    "py": 'print("Hello, World!")\n',
    "js": 'console.log("Hello, World!");\n',
    "ts": 'console.log("Hello, World!");\n',
    "sh": '#!/bin/sh\necho "Hello, World!"\n',
    "rb": 'puts "Hello, World!"\n',
}
HELLO_WORLD = re.compile(r"hello[ ,-]*world|你好[，,]?\s*世界", re.IGNORECASE)
GREETING = re.compile(r"\bgreeting\b|\bsays? hello\b|问候|打招呼", re.IGNORECASE)


LINES = re.compile(  # a list the request gives after a colon, its noun up to 40 characters before
    r"(?:\b(?:lines?|items?|entries|check-?list|to-?dos?(?: list)?|list|bullets?(?: points)?|tasks)\b"
    r"|内容是|每行一个|清单|列表|待办(?:事项)?|[一二三四五六七八九十两\d]+\s*(?:行|项|条|件))"
    r"(?:[^:：\n.。]|\.(?=\S)){0,40}?[:：]\s*((?:[^\n。.]|\.(?=\S))+)",
    re.IGNORECASE | re.MULTILINE,
)
CHECKLIST = re.compile(r"check-?list|check ?box|to-?do|tick ?box|复选框|勾选框|待办", re.I)
BULLETS = re.compile(r"\bbullet|markdown|项目符号|列表", re.I)
GIVEN_TEXT = re.compile(  # the request gives a file's text itself
    r"[:：]|\b(?:saying|says|that reads|with the (?:text|words|content)|containing the text)\b"
    r"|\bcontaining\s+(?!(?:the|a|an|all|each|every|any|some|my|our|their|its|what|which|how|"
    r"one|two|three|both|only|just)\b)\S"  # "containing DEBUG=1": the text; "containing the totals"
    r"|内容是|内容为|写上|写着|写入|写成",
    re.IGNORECASE,
)
SPLIT = re.compile(r"\s*(?:,|，|、|;|；|\band\b|和)\s*")


def gives_text(text: str) -> bool:
    """The request gives a file's text itself, not what the text is to hold ("write report.md:
    list each day's ...", "写一个 summary.md：列出…" describe it: rule 9)."""
    return bool(GIVEN_TEXT.search(text)) and not DESCRIBED.search(text)


def described(text: str, path: str) -> str | None:
    """The file's text by rules 1 to 3, or None."""
    if DESCRIBED.search(text):
        return None
    m = LINES.search(text)
    if m:
        items = [x.strip(" '\"“”") for x in SPLIT.split(m.group(1)) if x.strip(" '\"“”")]
        if len(items) >= 2:
            said = FILE.sub(" ", text)  # (待办.txt names a file, no checklist)
            mark = (
                "- [ ] "
                if CHECKLIST.search(said)
                else "- "
                if BULLETS.search(said) or path.lower().endswith(".md")
                else ""
            )
            return "".join(f"{mark}{x}\n" for x in items)
    if gives_text(text):  # the text itself is given ("with the content: hello world")
        return None
    ext = path.rsplit(".", 1)[-1].lower() if "." in path else ""
    if HELLO_WORLD.search(text):
        return HELLO.get(ext, "Hello, World!\n")
    if GREETING.search(text):
        return "你好！\n" if re.search(r"[\u4e00-\u9fff]", text) else "Hello!\n"
    return None


TEMPLATE_QUOTES = re.compile(
    r"'([^'\n]{3,80})'|\"([^\"\n]{3,80})\"|“([^”\n]{3,80})”|「([^」\n]{3,80})」|`([^`\n]{3,80})`"
)
SORTED_BY = re.compile(
    r"\b(?:sort(?:ed)?|order(?:ed)?)\s+by\s+(?:their\s+|the\s+)?([\w-]+(?:\s+name)?)"
    r"|按(?:照)?\s*([^\s，。,;；]{1,12}?)\s*(?:的)?\s*(?:从高到低|从低到高|从大到小|从小到大|降序|升序)?"
    r"\s*(?:排序|排列|顺序)",
    re.IGNORECASE,
)
DESCENDING = re.compile(
    r"\bdescending\b|\b(?:highest|largest|most|latest)\s+first\b|降序|从高到低|从大到小", re.I
)
LAST_WORD = re.compile(r"surname|last\s*name|family\s*name|姓氏|^姓$", re.I)
FIRST_WORD = re.compile(r"first\s*name|given\s*name|名字", re.I)


def templated(request: str, text: str | None) -> str | None:
    """Rule 8: the quoted form of an entry filled in for each record the task read, in the order
    asked for; None when no quoted line names the records' fields."""
    records = _records(text)
    if not records:
        return None
    fields = list(records[0])
    for m in TEMPLATE_QUOTES.finditer(request):
        form = next(g for g in m.groups() if g)
        named = [f for f in fields if _field_in(f, form)]
        if not named:
            continue
        named.sort(key=lambda f: re.search(_field_word(f), form, re.IGNORECASE).start())  # type: ignore[union-attr]
        order = _sorted(request, records, [*named, *(f for f in fields if f not in named)])
        lines = []
        for r in order:
            line = form
            for f in sorted(named, key=len, reverse=True):
                value = str(r.get(f, ""))
                line = re.sub(_field_word(f), lambda _m, v=value: v, line, flags=re.I)
            lines.append(line)
        return "".join(f"{ln}\n" for ln in lines)
    return None


def _field_word(field: str) -> str:
    if re.search(r"[\u4e00-\u9fff]", field):  # (Chinese writes no spaces: 「书名（借阅次数次）」)
        return re.escape(field)
    return rf"(?<![\w]){re.escape(field).replace('_', '[ _]')}(?![\w])"


def _field_in(field: str, form: str) -> bool:
    return bool(re.search(_field_word(field), form, re.IGNORECASE))


def _records(text: str | None) -> list[dict[str, object]]:
    """The records of a read file: a JSON list of objects, else a table with a header row."""
    if not text:
        return []
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if isinstance(data, dict) and len(data) == 1:  # {"judges": [...]}
        data = next(iter(data.values()))
    if isinstance(data, list):
        rows = [d for d in data if isinstance(d, dict)]
        return rows if rows and len(rows) == len(data) else []
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if len(lines) < 2 or not re.search(r"[,\t]", lines[0]):
        return []
    sep = "\t" if "\t" in lines[0] else ","
    head = [h.strip() for h in lines[0].split(sep)]
    cells = [[c.strip() for c in ln.split(sep)] for ln in lines[1:]]
    if any(re.fullmatch(r"-?[\d.]+", h) for h in head) or any(len(r) != len(head) for r in cells):
        return []
    return [dict(zip(head, r, strict=True)) for r in cells]


def _sorted(
    request: str, records: list[dict[str, object]], fields: list[str]
) -> list[dict[str, object]]:
    m = SORTED_BY.search(request)
    if not m:
        return records
    by = (m.group(1) or m.group(2) or "").strip()
    name = next((f for f in fields if re.search(r"name|姓名|名字", f, re.I)), None) or next(
        (f for f in fields if all(isinstance(r.get(f), str) for r in records)), None
    )  # (else the first text field the form names: "Speaker")
    field = next((f for f in fields if f.lower() == by.lower() or _field_in(f, by)), None)
    if (LAST_WORD.search(by) or FIRST_WORD.search(by)) and name:
        at = -1 if LAST_WORD.search(by) else 0

        def key(r: dict[str, object]) -> tuple[int, float, str]:
            words = str(r.get(name, "")).split() or [""]
            return _sort_value(words[at])
    elif field is not None:

        def key(r: dict[str, object]) -> tuple[int, float, str]:
            return _sort_value(r.get(field))
    else:
        return records
    return sorted(records, key=key, reverse=bool(DESCENDING.search(request)))


def _sort_value(v: object) -> tuple[int, float, str]:
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return (0, float(v), "")
    if isinstance(v, str) and re.fullmatch(r"-?\d+(?:\.\d+)?", v.strip()):
        return (0, float(v), "")
    return (1, 0.0, str(v).lower())


EDITS = [  # (the words that ask for it, the edit)
    (r"\bduplicates?\b|\brepeated lines?\b|重复", "dedupe"),
    (r"\b(?:blank|empty) lines?\b|空行", "unblank"),
    (r"\bsort(?:ed)?\b|排序", "sort"),
    (r"\bupper ?case\b|\ball caps\b|大写", "upper"),
    (r"\blower ?case\b|小写", "lower"),
]
REPLACE = re.compile(
    r"\breplace\s+[\"'“]?(.+?)[\"'”]?\s+with\s+[\"'“]?(.+?)[\"'”]?(?=[,.;，。]|\s+and\b|$)"
    r"|把\s*[“\"']?(.+?)[”\"']?\s*(?:替换成|换成|改成)\s*[“\"']?(.+?)[”\"']?(?=[，。,;；]|$)",
    re.IGNORECASE,
)
JUDGEMENT = re.compile(
    r"\bfix(?:es|ing)?\s+(?:the\s+|any\s+|all\s+)?(?:typos?|spelling|grammar|mistakes)\b|\brewrite\b|"
    r"\bimprove\b|\bpolish\b|\btranslate\b|\bsummari[sz]e\b|\bproofread\b|"
    r"改(?:正)?错别字|纠正错别字|润色|翻译|总结|改写",
    re.IGNORECASE,
)


def edited(request: str, text: str) -> str:
    """A read file's text with the edits the request names (see the rules) made."""
    lines = text.splitlines()
    for pattern, edit in EDITS:
        if not re.search(pattern, request, re.IGNORECASE):
            continue
        if edit == "dedupe":
            lines = list(dict.fromkeys(lines))
        elif edit == "unblank":
            lines = [x for x in lines if x.strip()]
        elif edit == "sort":
            lines = sorted(lines)
        else:
            lines = [x.upper() if edit == "upper" else x.lower() for x in lines]
    out = "\n".join(lines) + ("\n" if lines else "")
    for m in REPLACE.finditer(request):
        old, new = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        out = out.replace(old, new)
    return out


def cannot(request: str) -> list[str]:
    """The edits the request asks for that need judgement, which these rules do not make."""
    return [m.group(0) for m in JUDGEMENT.finditer(request)]


NUMBER = r"(\d+(?:\.\d+)?)"
CONDITIONS = [  # (the words of the condition, how a line's number meets it)
    (r"\b(?:run out|ran out|out of stock|none left|have none|zero)\b|\((?:quantity|qty|count)?\s*0\)"
     r"|用完|没有了|缺货|为\s*0|是\s*0", lambda n, k: n == 0),
    (rf"\b(?:fewer|less) than\s*{NUMBER}|\b(?:below|under)\s*{NUMBER}|(?:少于|低于|不足|小于)\s*{NUMBER}",
     lambda n, k: n < k),
    (rf"\bat least\s*{NUMBER}|(?:至少|不少于)\s*{NUMBER}", lambda n, k: n >= k),
    (rf"\b(?:more than|over|above)\s*{NUMBER}|(?:多于|超过|大于|高于)\s*{NUMBER}", lambda n, k: n > k),
]  # fmt: skip
BELOW = r"(?:\bbelow|\bunder|\b(?:less|fewer|lower) than|低于|少于|不足|小于|不到)"
NAMED_BOUND = re.compile(  # a bound named by words, not a number: "below their reorder level"
    rf"{BELOW}\s+(?:(?:their|the|its|our|each item's)\s+)?([a-z][a-z -]{{2,30}}?)"
    r"(?=\s*(?:[,.;:!?)]|\b(?:to|into|in|and|from|on|as)\b|$))"
    rf"|{BELOW}\s*([\u4e00-\u9fff]{{2,8}}?)(?=的|[，,。；;！!？?]|$)",
    re.IGNORECASE,
)
WORD_CONDITION = re.compile(
    r"\bthe\s+([A-Z][A-Z0-9_]{2,})\s+(?:lines?|entries|rows)\b"
    r"|\b(?:lines?|rows|entries)\s+(?:with|containing|mentioning|that (?:mention|contain)s?)\s+[\"'“]?([\w-]+)"
    r"|包含\s*[“\"']?([\w-]+?)[”\"']?\s*的(?:行|记录)|\bsaid\s+(yes|no)\b",
)
LINES_ASKED = re.compile(r"\b(?:lines?|rows?|entries|records)\b|行|记录", re.IGNORECASE)
HEADER = re.compile(
    r"^[A-Za-z_\u4e00-\u9fff][\w \u4e00-\u9fff]*(?:\s*,\s*[A-Za-z_\u4e00-\u9fff][\w \u4e00-\u9fff]*)+$"
)


def selected(request: str, text: str | None) -> str | None:
    """Rules 4 to 6: the lines of a read file's text that meet the condition the request names,
    each whole or as its label; None when the request names no condition or no line meets it."""
    if not text:
        return None
    lines = [x for x in text.splitlines() if x.strip()]
    if lines and HEADER.match(lines[0].strip()):
        lines = lines[1:]
    keep = _by_number(request, lines)
    if keep is None:
        keep = _by_bound(request, lines)
    if keep is None:
        keep = _by_word(request, lines)
    if keep is None:
        keep = _least(request, lines)
    if keep is None:
        things = _by_tag(request, lines)
        return "\n".join(things) + "\n" if things else None
    if not keep:
        return None
    if not LINES_ASKED.search(request):  # the things themselves: their labels
        keep = [_label(x) for x in keep]
    return "\n".join(keep) + "\n"


def _by_number(request: str, lines: list[str]) -> list[str] | None:
    for pattern, meets in CONDITIONS:
        m = re.search(pattern, request, re.IGNORECASE)
        if m is None:
            continue
        bound = float(next((g for g in m.groups() if g), "0"))
        found = [(x, re.findall(r"(?<![\w.:-])\d+(?:\.\d+)?(?![\d.:])", x)) for x in lines]
        return [x for x, nums in found if nums and meets(float(nums[-1]), bound)]
    return None


def _by_bound(request: str, lines: list[str]) -> list[str] | None:
    """Rule 4a: below a bound the lines name ("the items below their reorder level", "低于安全库存
    的物品"): a line that names the bound meets it when it says itself that it is below it
    ("面粉: 8袋（低于安全库存20袋）") or when its first number is less than the number after the
    bound's words ("flour: 8 bags (reorder level 20)")."""
    m = NAMED_BOUND.search(request)
    if m is None:
        return None
    bound = (m.group(1) or m.group(2)).strip().lower()
    keep = []
    for x in lines:
        at = x.lower().find(bound)
        if at < 0:
            continue
        before, after = x[:at], x[at + len(bound) :]
        said = re.search(rf"{BELOW}\s*$", before, re.IGNORECASE)
        own = re.findall(r"\d+(?:\.\d+)?", before)
        limit = re.search(r"\d+(?:\.\d+)?", after)
        if said or (own and limit and float(own[0]) < float(limit.group(0))):
            keep.append(x)
    return keep


LEAST = re.compile(
    r"\b(?:have|has|left|stock)\s+(?:the\s+)?(?:least|fewest)\b|\bthe\s+(?:least|fewest|lowest)\b"
    r"|\bneed(?:ed|s)?\s+(?:the\s+)?most\b|\bmost\s+needed\b|\brunning\s+lowest\b"
    r"|最缺|最少的|最需要|最急需|库存最低|剩得最少|剩的最少",
    re.IGNORECASE,
)


def _least(request: str, lines: list[str]) -> list[str] | None:
    """Rule 4b: the one thing there is least of, or needed most ("the item we need most", "最缺的
    那样东西"): of the lines that each give a number, the one whose first number is the smallest
    (two or more such lines)."""
    if not LEAST.search(request):
        return None
    counted = [(float(m.group(0)), x) for x in lines if (m := re.search(r"\d+(?:\.\d+)?", x))]
    if len(counted) < 2:
        return None
    return [min(counted, key=lambda c: c[0])[1]]


def _by_word(request: str, lines: list[str]) -> list[str] | None:
    m = WORD_CONDITION.search(request)
    if m is None:
        return None
    word = next(g for g in m.groups() if g)
    if m.group(4):  # "said yes": a cell or word equal to it
        return [x for x in lines if re.search(rf"(?<!\w){word}(?!\w)", x, re.IGNORECASE)]
    return [x for x in lines if word in x]


TAG = re.compile(r"^(?:[^:：]{1,12}[:：]\s*)?(.+?)\s*[(（]\s*([^()（）]{1,12}?)\s*[)）]\s*$")


def _by_tag(request: str, lines: list[str]) -> list[str] | None:
    """Rule 5a: the things of the lines whose bracketed tag the request says, or None."""
    tagged = [(m.group(1).strip(), m.group(2)) for x in lines if (m := TAG.match(x.strip()))]
    tags = {t for _, t in tagged}
    if len(tagged) < 2 or len(tags) < 2:
        return None
    said = {t for t in tags if _tag_said(t, request)}
    if len(said) != 1:
        return None
    return [thing for thing, t in tagged if t in said]


def _tag_said(tag: str, request: str) -> bool:
    if re.search(r"[\u4e00-\u9fff]", tag):
        return tag in request
    return bool(re.search(rf"(?<![\w-]){re.escape(tag)}\w*", request, re.I))


SUMMARY = re.compile(
    r"\bsummary\b|\bsummari[sz]e\b|\boverview\b|\bkey points\b|\brecap\b"
    r"|摘要|总结|概要|要点|概述|汇总",
    re.I,
)
ENTRY = re.compile(r"^\s*(?:\d{1,2}[.、)）]\s*|[(（]\d{1,2}[)）]\s*|[-*•·]\s+)(.+)$")
LABELLED_LINE = re.compile(r"^\s*[^:：]{1,24}[:：]\s*\S")
SENTENCE = re.compile(r"[^.。!！?？\n]{2,120}[.。!！?？]")
COUNT_SAID = re.compile(
    r"([一二三四五六七八九十两]|\d+)\s*(?:条|项|点|个|件)|\b(two|three|four|five|six|seven|eight|nine|ten)\b",
    re.I,
)
NUMBERS = (
    {w: i for i, w in enumerate("一二三四五六七八九十", 1)}
    | {"两": 2}
    | {w: i for i, w in enumerate("two three four five six seven eight nine ten".split(), 2)}
)


def summarised(request: str, text: str | None) -> str | None:
    """Rule 7: a summary of a read file's entries, or None."""
    if not text or not SUMMARY.search(request):
        return None
    lines = [x for x in text.splitlines() if x.strip()]
    entries = [m.group(1).strip() for x in lines if (m := ENTRY.match(x))]
    if len(entries) < 2:
        entries = [x.strip() for x in lines[1:] if LABELLED_LINE.match(x)]
    body = [x.strip() for x in lines if not x.lstrip().startswith("#")]
    if len(entries) < 2 and len(body) >= 2 and all(SENTENCE.fullmatch(x) for x in body):
        entries = body  # a note of one sentence a line: its sentences
    if len(entries) < 2:
        return None
    asked = {w.lower()[:5] for w in re.findall(r"[A-Za-z]{4,}", request)}
    for word in sorted(asked):
        held = [e for e in entries if re.search(rf"\b{re.escape(word)}", e, re.I)]
        if 0 < len(held) < len(entries):
            entries = held
            break
    m = COUNT_SAID.search(request)
    n = (NUMBERS.get((m.group(1) or m.group(2) or "").lower()) or _int(m.group(1))) if m else None
    if n and len(entries) >= n:
        entries = entries[:n]
    return "".join(f"- {e}\n" for e in entries)


def _int(x: str | None) -> int | None:
    return int(x) if x and x.isdigit() else None


def _label(line: str) -> str:
    """Rule 6: a line's label: the text before its colon or first cell, else before its first
    number ("olive oil 1 bottle" -> "olive oil")."""
    parts = re.split(r"\s*[:：,\t|]\s*", line.strip(), maxsplit=1)
    if len(parts) > 1:
        return parts[0]
    return re.split(r"\s+\d", line.strip(), maxsplit=1)[0]


DURATION = re.compile(r"时长|多长时间|多久|\bdurations?\b|how long|\bh:mm\b|小时[:：]分钟", re.I)
LATEST = re.compile(r"最新|最近|当前|目前|\b(?:latest|current|last|most recent)\b", re.I)
CLOCK = re.compile(r"\s*([01]?\d|2[0-3]):([0-5]\d)\s*")


def tabulated(request: str, text: str | None) -> str | None:
    """Rule 9: each row's duration between the table's two clock-time columns, and the latest
    value of the number column asked, one line each; None when the request asks neither of a
    table the task read."""
    rows = _table(text)
    if not rows or not DESCRIBED.search(request):
        return None
    heads = list(rows[0])
    clocks = [h for h in heads if all(CLOCK.fullmatch(r[h]) for r in rows)]
    label = next((h for h in heads if h not in clocks), heads[0])
    out: list[str] = []
    if DURATION.search(request) and len(clocks) == 2:
        for r in rows:
            minutes = _minutes(r[clocks[1]]) - _minutes(r[clocks[0]])
            minutes += 24 * 60 if minutes < 0 else 0  # (on at dusk, off at dawn)
            out.append(f"- {r[label]}: {minutes // 60}:{minutes % 60:02d}")
    latest = _latest(request, rows, [label, *clocks])
    if latest:
        out.append(f"- {latest} ({rows[-1][label]}): {rows[-1][latest]}")
    return "\n".join(out) + "\n" if out else None


def _table(text: str | None) -> list[dict[str, str]] | None:
    lines = [re.sub(r"^\s*\d+\t", "", ln).strip() for ln in (text or "").splitlines()]
    lines = [ln for ln in lines if ln]
    if len(lines) < 2 or ("," not in lines[0] and "\t" not in lines[0]):
        return None
    rows = list(
        csv.reader(io.StringIO("\n".join(lines)), delimiter="\t" if "\t" in lines[0] else ",")
    )
    head, body = rows[0], rows[1:]
    if len(head) < 2 or any(len(r) != len(head) for r in body):
        return None
    return [dict(zip(head, r, strict=True)) for r in body]


def _minutes(clock: str) -> int:
    m = CLOCK.fullmatch(clock)
    return int(m.group(1)) * 60 + int(m.group(2)) if m else 0


def _latest(request: str, rows: list[dict[str, str]], other: list[str]) -> str | None:
    """The number column whose latest value the request asks: the one it names, else the one."""
    if not LATEST.search(request):
        return None
    numbers = [
        h
        for h in rows[0]
        if h not in other and all(re.fullmatch(r"-?\d+(?:\.\d+)?", r[h].strip()) for r in rows)
    ]
    named = [h for h in numbers if h.lower() in request.lower()]
    found = named or numbers
    return found[0] if len(found) == 1 else None


BOX = re.compile(r"^(\s*[-*+]\s+\[)([ xX])(\]\s*)(.*)$")
TICK = re.compile(
    r"\b(?:tick|check|cross)\s+(?:(?:it|that|this|them|that one|this one|the\s+[\w\s-]{1,40}?|[\w-]+)"
    r"\s+)?off\b|\bmark\s+.{1,60}?\s+(?:as\s+)?(?:done|complete|completed|finished)\b|打勾|勾掉|勾上|勾选"
    r"|标记为?(?:已)?完成|标成(?:已)?完成|划掉",
    re.IGNORECASE,
)
MOVE_DONE = re.compile(
    r"\b(?:move|put|group|collect|gather)\b.{0,40}?\b(?:done|checked|completed|ticked|finished)\b"
    r".{0,40}?(?:under|into|to|in)\b.{0,30}?[\"'“‘`](?P<h>[^\"'”’`\n]+)[\"'”’`]"
    r"|(?:把|将)?(?:所有)?(?:已完成|完成了?|打了?勾|勾选)的?.{0,12}?(?:移到|移动到|放到|挪到|归到)"
    r".{0,16}?[“\"'「](?P<h2>[^”\"'」\n]+)[”\"'」]",
    re.IGNORECASE,
)


def _stems(text: str) -> set[str]:
    from .lexicon import stem

    latin = {stem(w) for w in re.findall(r"[a-z]{3,}", text.lower())}
    han = re.findall(r"[\u4e00-\u9fff]+", text)
    return latin | {h[i : i + 2] for h in han for i in range(len(h) - 1)}


def ticked(request: str, text: str | None) -> str | None:
    """Rule 10: a read checklist with the item said done ticked and the done items moved under
    the heading asked; None when the text is no checklist or the request asks neither."""
    if not text or not any(BOX.match(line) for line in text.splitlines()):
        return None
    tick, move = TICK.search(request), MOVE_DONE.search(request)
    if not tick and not move:
        return None
    lines = text.splitlines()
    if tick:
        said = _stems(request[: tick.end() + 1])
        score = {
            i: len(said & _stems(m.group(4)))
            for i, line in enumerate(lines)
            if (m := BOX.match(line)) and m.group(2) == " "
        }
        best = max(score.values(), default=0)
        if best and list(score.values()).count(best) == 1:
            i = next(i for i, n in score.items() if n == best)
            lines[i] = BOX.sub(r"\1x\3\4", lines[i])
    if move:
        heading = (move.group("h") or move.group("h2")).strip()
        heading = heading if heading.startswith("#") else f"## {heading}"
        done = [x for x in lines if (m := BOX.match(x)) and m.group(2) in "xX"]
        lines = [x for x in lines if x not in done]
        while lines and not lines[-1].strip():
            lines.pop()
        lines += ["", heading, "", *done]
    return "\n".join(lines) + "\n"
