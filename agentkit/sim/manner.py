"""A manner the system prompt asks for, honoured where a written rule can: written rules.

1. A pirate ("You are a pirate", "talk like a pirate", 海盗): the answer opens with the pirate's
   greeting and ends with the pirate's farewell (`agentkit.sim.phrases`: "Arr!", 啊哈！); its facts
   are unchanged.
2. One word ("answer in one word", "reply with a single word", 用一个词回答): the value the
   answer leads with (a total, the one field asked for), alone, when there is one; else the
   shortest form the answer has, its first line. One sentence ("in one sentence", 一句话): the
   answer's first line.
3. A language ("answer in Chinese / English", 用中文回答) is read with the task's
   (`agentkit.sim.conversation`). Any other manner (a dialect, classical Chinese, a rhyme) is
   not one these rules can write: the answer is given plainly and never says it follows it.
"""

from __future__ import annotations

import re

from .phrases import say

PIRATE = re.compile(r"\bpirates?\b|海盗", re.IGNORECASE)
ONE_WORD = re.compile(
    r"\b(?:answer|reply|respond)\w*\s+(?:in|with|using)\s+(?:just\s+|only\s+)?(?:one|a single|a)\s+word\b"
    r"|\b(?:one|single)[- ]word (?:answers? only|only)\b|用?一个(?:词|字)(?:来)?回答|一个词",
    re.IGNORECASE,
)
ONE_SENTENCE = re.compile(
    r"\b(?:answer|reply|respond)\w*\s+(?:in|with|using)\s+(?:just\s+|only\s+)?(?:one|a single|a)\s+sentence\b"
    r"|一句话",
    re.IGNORECASE,
)


def in_manner(system: str, lang: str, text: str, value: str | None = None) -> str:
    """The answer `text` in the manner the system prompt asks for (rules 1 and 2); `value` is what
    the answer leads with, when it leads with one value."""
    if not system or not text:
        return text
    if ONE_WORD.search(system):
        text = value if value else text.splitlines()[0]
    elif ONE_SENTENCE.search(system):
        text = text.splitlines()[0]
    if PIRATE.search(system):
        sep = "" if lang == "zh" else " "
        text = f"{say(lang, 'pirate_open')}{sep}{text}{sep}{say(lang, 'pirate_close')}"
    return text
