"""What a file the user describes holds, when the request says what it is but not its text:
written rules, in Chinese and English.

1. A "hello world" script or program: the one line that prints "Hello, World!" in the language of
   the file's extension (hello.py: `print("Hello, World!")`), or plain "Hello, World!".
2. A greeting ("a greeting message", "一句问候"): "Hello!" / "你好！".
Anything else is not made up: the text must come from the user's words (quoted, or after a colon).
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


def described(text: str, path: str) -> str | None:
    """The file's text by rules 1 and 2, or None."""
    ext = path.rsplit(".", 1)[-1].lower() if "." in path else ""
    if HELLO_WORLD.search(text):
        return HELLO.get(ext, "Hello, World!\n")
    if GREETING.search(text):
        return "你好！\n" if re.search(r"[\u4e00-\u9fff]", text) else "Hello!\n"
    return None
