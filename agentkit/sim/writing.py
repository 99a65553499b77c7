"""What a file the user describes holds, when the request says what it is but not its text:
written rules, in Chinese and English.

1. A "hello world" script or program: the one line that prints "Hello, World!" in the language of
   the file's extension (hello.py: `print("Hello, World!")`), or plain "Hello, World!".
2. A greeting ("a greeting message", "一句问候"): "Hello!" / "你好！".
3. Lines listed after a colon ("with the lines: eggs, flour, milk", "内容是三行：苹果、牛奶、面包"):
   one a line.
Anything else is not made up: the text must come from the user's words (quoted, or after a colon,
or "with the content ..."), and then rules 1 and 2 do not replace it.

A file the task has read and asks to save again ("Read a.md, drop the duplicate line, and save it
as b.md") is written as it was read, changed by the edits the request names that rules can make:
duplicate lines dropped (duplicate, 重复), blank lines dropped (blank/empty lines, 空行), lines
sorted (sort, 排序), upper or lower case (uppercase, lowercase, 大写, 小写), "replace X with Y" /
"把X替换成Y". An edit that needs judgement (fix typos or grammar, rewrite, improve, translate,
summarise, 改错别字, 润色, 翻译, 总结) is not made, and the answer says so (`cannot`).
"""

from __future__ import annotations

import re

HELLO = {
    "py": 'print("Hello, World!")\n',
    "js": 'console.log("Hello, World!");\n',
    "ts": 'console.log("Hello, World!");\n',
    "sh": '#!/bin/sh\necho "Hello, World!"\n',
    "rb": 'puts "Hello, World!"\n',
}
HELLO_WORLD = re.compile(r"hello[ ,-]*world|你好[，,]?\s*世界", re.IGNORECASE)
GREETING = re.compile(r"\bgreeting\b|\bsays? hello\b|问候|打招呼", re.IGNORECASE)


LINES = re.compile(
    r"(?:\b(?:with )?(?:the )?(?:lines?|items?|entries)\b|内容是[^：:\n]{0,6}|每行一个|[一二三四五六七八九十两\d]+行)"
    r"\s*[:：]\s*([^.。\n]+)",
    re.IGNORECASE,
)
GIVEN_TEXT = re.compile(  # the request gives a file's text itself
    r"[:：]|\b(?:saying|says|that reads|with the (?:text|words|content)|containing the text)\b"
    r"|内容是|内容为|写上|写着|写入|写成",
    re.IGNORECASE,
)
SPLIT = re.compile(r"\s*(?:,|，|、|;|；|\band\b|和)\s*")


def described(text: str, path: str) -> str | None:
    """The file's text by rules 1 to 3, or None."""
    m = LINES.search(text)
    if m:
        items = [x.strip(" '\"“”") for x in SPLIT.split(m.group(1)) if x.strip(" '\"“”")]
        if len(items) >= 2:
            return "\n".join(items) + "\n"
    if GIVEN_TEXT.search(text):  # the text itself is given ("with the content: hello world")
        return None
    ext = path.rsplit(".", 1)[-1].lower() if "." in path else ""
    if HELLO_WORLD.search(text):
        return HELLO.get(ext, "Hello, World!\n")
    if GREETING.search(text):
        return "你好！\n" if re.search(r"[\u4e00-\u9fff]", text) else "Hello!\n"
    return None


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
