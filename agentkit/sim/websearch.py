"""Server-side web search (`web_search`) for any question, as written rules.

The orders world's policy pages are searched by their topics (`agentkit.sim.policy.TOPICS`); this
module decides when any other request is a question for the search, what is searched, what the
offline search finds and what the answer says. The rules, as a reader can apply them by hand:

1. The search is called when the request offers the `web_search` server tool (its `type` is
   `web_search_...`; a user's client tool named web_search is called like any tool), tool_choice allows
   it, no custom tool of the request serves it (no tool was called and none is waiting for a
   value), and the user's last words ask for facts: a question mark (? or ？), a question word at
   the start ("what", "who", "when", "how", "is", ...; 什么, 谁, 哪, 多少, 多高, 几点, 怎么, ...), a
   Chinese question particle at the end (吗, 呢), or an ask to find them ("search", "look up",
   "find", "tell me"; 搜索, 查一下, 告诉我). A greeting or a task that is not a question is not.
2. The query is the user's words without the question's frame: the asking words at the start
   ("what's", "can you tell me", "search the web for"; 请, 帮我, 搜索一下) and the punctuation at the
   end; of several sentences, one that says how to find or say it ("Please search the web for
   up-to-date information.", 请上网搜索) is left out when another asks. One search per question:
   the question is answered in the same turn (end_turn).
3. The offline search reaches no live web. It finds the world's stored pages that share a content
   word with the query (an English word of four letters or more that is not a function word, or two
   Chinese characters in a row); when none does, one result that says, in the user's language, that
   the search is offline and found nothing for the query.
4. The answer names what was searched and the titles found; it says it is the offline stand-in and
   does not state facts no page gave.
"""

from __future__ import annotations

import re
from typing import Any

from .phrases import say

SEARCH_TOOL = "web_search"

QUESTION_EN = re.compile(
    r"^\s*(?:what|what's|whats|who|who's|whom|whose|when|where|which|why|how|is|are|was|were|"
    r"does|do|did|can|could|will|would|should|has|have|tell me|find|look up|search|google)\b",
    re.IGNORECASE,
)
QUESTION_ZH = re.compile(
    r"什么|谁|哪|多[少高远大长久重]|几[个点时天号岁月年]|怎么|怎样|如何|为什么|是否|有没有|最新|现在"
)
ASK = re.compile(
    r"search|look up|find out|tell me|搜索|搜一下|查一下|查查|查找|告诉我", re.IGNORECASE
)
PARTICLE_END = re.compile(r"[吗呢][\s。！？?!.]*$")
GREETING = re.compile(
    r"^\s*(?:hi|hello|hey|thanks|thank you|你好|您好|谢谢|嗨)[\s!,.！，。~]*$", re.IGNORECASE
)

FRAME_EN = re.compile(
    r"^\s*(?:(?:please|hey|hi|so|ok|okay)[\s,]+)*"
    r"(?:(?:can|could|would|will) you\s+)?(?:please\s+)?"
    r"(?:(?:search|look up|google|find(?: out)?|check)(?: the web| online| the internet)?"
    r"(?: for| about)?\s+|tell me\s+(?:about\s+)?)?"
    r"(?:what(?:'s| is| are| was| were)|who(?:'s| is| are| was)|when (?:is|was|did|does)|"
    r"where (?:is|are)|which)?\s*(?:the\s+)?",
    re.IGNORECASE,
)
FRAME_ZH = re.compile(
    r"^\s*(?:请|麻烦|帮我|帮忙|你能|能不能|可以)*(?:在网上|上网)?(?:搜索|搜|查)?(?:一下)?"
)
END = re.compile(r"[\s?？!！.。,，、;；:：吗呢]+$")

FUNCTION_WORDS = frozenset(
    "what whats that this these those with from about into there their them they have will would "
    "could should which when where while your yours please tell find search look today".split()
)
CJK_PAIR = re.compile(r"(?=([\u4e00-\u9fff]{2}))")


def asks_for_facts(task: str) -> bool:
    """Rule 1's reading of the user's words: a question, or an ask to find facts."""
    text = task.strip()
    if not text or GREETING.match(text):
        return False
    return bool(
        text.endswith(("?", "？"))
        or QUESTION_EN.match(text)
        or QUESTION_ZH.search(text)
        or PARTICLE_END.search(text)
        or ASK.search(text)
    )


def server_tool(req: dict[str, Any]) -> bool:
    """The request offers the server-side web search (`{"type": "web_search_20250305", ...}`), not
    a client tool of the user's that happens to be named web_search (it has an input_schema and is
    called like any other tool)."""
    return any(
        isinstance(t, dict) and str(t.get("type") or "").startswith("web_search_")
        for t in req.get("tools") or []
    )


def wanted(offered: bool, choice: dict[str, Any], task: str) -> bool:
    """Rule 1: the search is offered, tool_choice allows it, and the task asks for facts."""
    kind, name = choice.get("type"), choice.get("name")
    if not offered or kind == "none" or (kind == "tool" and name != SEARCH_TOOL):
        return False
    return asks_for_facts(task)


HOW_TO = re.compile(  # a sentence about how to find or say it, not what: "Please search the web."
    r"^(?:please\s+|pls\s+|and\s+)?(?:search|look\s+(?:it\s+)?up|use|check|browse|google|cite|"
    r"include|be\s+(?:brief|concise)|keep\s+it|answer|reply|respond)\b|"
    r"^(?:请|麻烦)?(?:上网|联网|在网上)?(?:搜索|搜一下|查一下网络|引用|简短|简要)",
    re.I,
)


def query_of(task: str) -> str:
    """Rule 2: the user's words without the question's frame (at most 100 characters); of several
    sentences, those that say how to find or say it ("Please search the web for up-to-date
    information.") are no part of the query when another sentence asks."""
    text = " ".join(task.split())
    said = [x for x in re.split(r"(?<=[.?!。？！])\s*", text) if x.strip()]
    asks = [x for x in said if not HOW_TO.search(x.strip())]
    if asks and len(asks) < len(said):
        text = " ".join(asks)
    text = FRAME_ZH.sub("", text, count=1) if re.search(r"[\u4e00-\u9fff]", text) else text
    text = FRAME_EN.sub("", text, count=1)
    text = END.sub("", text)
    return (text or END.sub("", task.strip()))[:100]


def content_terms(text: str) -> set[str]:
    """Rule 3's content words: English words of 4+ letters that are not function words, and each
    two Chinese characters in a row."""
    latin = {w for w in re.findall(r"[a-z]{4,}", text.lower()) if w not in FUNCTION_WORDS}
    return latin | set(CJK_PAIR.findall(text))


def found(pages: list[dict[str, str]], query: str, lang: str) -> list[dict[str, Any]]:
    """Rule 3: the stored pages sharing a content word with the query, most shared first (two at
    most), else one result that says the search is offline."""
    asked = content_terms(query)
    ranked = sorted(
        (
            (len(asked & content_terms(p["title"] + " " + p["text"])), i)
            for i, p in enumerate(pages)
        ),
        key=lambda x: (-x[0], x[1]),
    )
    hits = [pages[i] for n, i in ranked if n > 0][:2]
    if not hits:
        hits = [
            {
                "url": "https://offline.invalid/search",
                "title": say(lang, "ws_offline_title"),
                "text": say(lang, "ws_offline_text", query=query),
            }
        ]
    return [
        {
            "type": "web_search_result",
            "url": p["url"],
            "title": p["title"],
            "encrypted_content": p["text"],
            "page_age": None,
        }
        for p in hits
    ]


def search_summary(lang: str, query: str, results: list[dict[str, Any]]) -> str:
    """Rule 4: what was searched, the titles found, and that this is the offline stand-in."""
    titles = [str(r["title"]) for r in results if r["url"] != "https://offline.invalid/search"]
    if not titles:
        return say(lang, "ws_nothing", query=query)
    return say(lang, "ws_found", query=query) + "\n" + "\n".join(f"- {t}" for t in titles)
