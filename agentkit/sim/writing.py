"""What a file the user describes holds, when the request says what it is but not its text:
written rules, in Chinese and English.

1. A "hello world" script or program: the one line that prints "Hello, World!" in the language of
   the file's extension (hello.py: `print("Hello, World!")`), or plain "Hello, World!".
2. A greeting ("a greeting message", "一句问候"): "Hello!" / "你好！".
3. Lines listed after a colon ("with the lines: eggs, flour, milk", "内容是三行：苹果、牛奶、面包"):
   one a line.
Anything else is not made up: the text must come from the user's words (quoted, or after a colon,
or "with the content ..."), and then rules 1 and 2 do not replace it.
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
