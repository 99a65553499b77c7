"""Work the user lists item by item, and a tool that ends the work: written rules.

1. Items: a request that lists three or more short items after a colon (a part that asks a
   question, "现在哪个水温最高", or asks for the work, "帮我分别查一下", "please check each",
   ends the list) or after "each of" /
   "every one of" / "以下" ("search for each of these animals: dogs, cats, birds") names one piece
   of work per item. A tool taken for it whose one required property is a string gets one call
   per item, that property holding the item.
2. "One by one" / "one at a time" / "逐个" / "一个一个": one call a turn, in the order listed;
   otherwise the calls go together.
3. A finishing tool (its name is done, finish, complete or submit, or its description says to call
   it when finished) is called only once every other call of the task has answered, and once: its
   text property holds what the results gave.
4. Numbered steps ("1. List the files 2. Create hello.py 3. Run it", "第一步……第二步……", or
   sentences joined by "then" / "然后", or by "and" before a verb that changes something: "Read
   pantry.txt and write shopping.txt ...", or by a comma before writing a named file: "读一下
   a.csv，写一个 summary.md：…") are
   done in order: each turn works on the first step that still has a call to make, read as a
   task of its own; a step that names no file but refers to "the script" / "it" takes the last
   file an earlier step named. When no step has a call left, the answer covers them all.
4a. A condition starts a step of its own ("Is it available? If not, place a hold", "find a room
   and, if one is free, book it", "check it is in stock and if it is, order 2", "有没有空座，有的话帮我约一个", "如果没有就……", "otherwise ..."):
   such a step's act is done only when the earlier steps' latest result meets it (`conditional`:
   "yes" when it asks for the result to serve, "no" for "if not" / "otherwise" / 没有的话), read by
   `agentkit.sim.pick.unmet`; otherwise the answer says why it was not done. Such a step, or one
   that refers back ("book it", "这个"), acts on the same thing: a value an earlier call was given
   under the same name is kept (the ISBN looked up is the one held), and a text it lacks (a
   note, a message, a body) is what the earlier results gave ("look up the weather and save it
   as a note").
4c. A look-up joined by "and" to an act on a condition that follows it ("Check my domain X and
   renew it if it's due") is two steps: the look-up, then the act as a conditional step
   ("if it's due, renew it", rule 4a) (`looked_then_if`).
4b. An act made on a condition inside one sentence ("Water bed B-3 for 10 minutes if the soil
   is dry", "If the soil is dry, water it", "苗床的土要是太干，就滴灌10分钟"; not "check if",
   "see if": whether) is two steps: the condition asked as a question and checked first, then
   the act as a conditional step (`condition_first`); the check calls no tool the act asks for.
   The condition is the last sentence's; the sentences before it go with the check ("This is
   Ines Moreau, confirmation QZ7K2P. I'd like 12A if it's free.": the booking found first). The
   general policy splits so only when the condition's own words choose a tool to check it with
   that the act's do not ("the soil is dry": the moisture; "it's free": none).
6. Named things listed ("the Rijksmuseum, the Van Gogh Museum and the Stedelijk Museum", a
   maker's models with their numbers, "the Liebherr LTM 1100, the Grove GMK5250 and the Tadano
   AC 4.080", each whole;
   "故宫、颐和园和天坛"; two Chinese names joined by 和 / 与 / 跟 standing as a clause of their own
   or before the question which: "西山饭店和滨江客栈，哪家便宜？"): when a tool's string input filled from the request is one of them (or a
   part of one), or is not filled and the request lists no other names, the tool gets one call
   per named thing, that input holding it (`named_things`); two or more titles set off by their
   marks ("《星海》和《归途》", "「A」「B」") are such names, whatever words join them.
5. Counted things (a part that states a condition, "sleeps at least 5", is none) ("6 eggs and 2 lemons", "3 斤苹果和 2 盒牛奶"; counts said in words too: "三盒牛奶和两个苹果", "2 x A3 prints and a
   dozen postcards") for a tool that takes one thing
   (no array): one call per part, each part's input filled from that part alone, when every part
   fills it and no two parts fill it alike.
5a. Records listed after a colon, each a name with words of its own ("badges for: Priya Natarajan
   from Lumen Labs (speaker), Tomasz Wiśniewski from Brightwave (attendee)", "王磊（讲者）、李娜
   （听众）"), or in an English sentence each a full name with two words more ("Print badges for
   Priya Natarajan from Lumen Labs (speaker) and Tomasz Wiśniewski from Brightwave (attendee)"),
   are read as counted parts are: one call per record, filled from its own words.
"""

from __future__ import annotations

import re

from . import writing
from .conditions import says_condition
from .values import digits_for_words, function_words_only, items
from .view import Tool

EACH = re.compile(
    r"(?:\beach of|\bevery one of|\ball of|\bthe following|\bthese)\b[^:：\n]{0,40}[:：]\s*(.+)"
    r"|[:：]\s*(.+)|(?:以下|下面)[^：:\n]{0,10}[：:]\s*(.+)",
    re.IGNORECASE,
)
SPLIT = re.compile(r"\s*(?:,|，|、|;|；|\band\b|\bor\b|和|及)\s*", re.IGNORECASE)
ONE_BY_ONE = re.compile(r"one by one|one at a time|each in turn|逐个|一个一个|依次", re.IGNORECASE)
FINISH_NAMES = frozenset({"done", "finish", "finished", "complete", "submit", "final"})
FINISH_SAID = re.compile(
    r"\bcall (?:this |it )?when (?:you are |you're )?(?:done|finished|complete)", re.I
)


def work_items(task: str) -> list[str]:
    """Rule 1: the items listed, or [] when the request lists none."""
    m = EACH.search(task)
    if m is None or writing.LINES.search(task):  # the lines of a file to write are no work items
        return []
    listed = next(g for g in m.groups() if g)
    listed = re.split(r"[.。!！?？\n]", listed, maxsplit=1)[0]
    found = [x.strip(" '\"“”") for x in SPLIT.split(listed) if x and x.strip()]
    asks = next((i for i, x in enumerate(found) if ASKS.search(x) or BIDS.search(x)), None)
    found = found[:asks] if asks is not None else found  # "…、星空汤，现在哪个最高": the question
    if len(found) < 3 or any(len(x.split()) > 3 or len(x) > 30 for x in found):
        return []
    return found


ASKS = re.compile(r"哪|什么|谁|多少|几[个点号位天]|吗|\b(?:which|what|who|how|whether)\b", re.I)
BIDS = re.compile(  # a part that asks for the work ("帮我分别查一下余额", "please check each")
    r"^(?:帮我|请|麻烦|给我|替我)|^(?:please|can you|could you|tell me|show me|look up|check)\b",
    re.I,
)


def one_by_one(task: str) -> bool:
    """Rule 2."""
    return bool(ONE_BY_ONE.search(task))


def finishes(t: Tool) -> bool:
    """Rule 3: a tool that ends the work."""
    name = set(re.findall(r"[a-z]+", t.name.lower()))
    return bool(name & FINISH_NAMES and len(name) <= 2) or bool(FINISH_SAID.search(t.description))


def item_property(t: Tool) -> str | None:
    """The tool's one required property, when it is a string."""
    required = t.schema.get("required") or []
    props = t.schema.get("properties") or {}
    if len(required) != 1:
        return None
    p = props.get(required[0])
    return required[0] if isinstance(p, dict) and p.get("type") == "string" else None


STEP = re.compile(
    r"^\s*(?:\d{1,2}[.)、]|第[一二三四五六七八九十]+步[：:，,]?|[-*•]\s+(?=\S))\s*(.+)$",
    re.MULTILINE,
)
THEN = re.compile(
    r"[,，.。;；]\s*(?:and )?then\b|[,，.。;；]?\s*(?:然后|接着|之后再)"
    r"|,?\s+and\s+(?=(?:then\s+)?(?:write|create|save|send|delete|remove|run|book|update|copy|move|email|add|reserve|order|buy|"
    r"post|log|record|queue|schedule)\b)"
    r"|[,，]?\s*(?:并且?|再)(?=(?:写|创建|保存|发送|删除|运行|预订|更新)\S)"
    r"|[,，]\s*(?=(?:写|创建|新建|生成|保存|存)(?:一个|一份|个|份|成|到|入|进)?\s*[\w.-]+\.[A-Za-z]\w*)",
    re.IGNORECASE,
)
CONDITION = re.compile(  # a clause that states a condition, after a sentence's or clause's end
    r"\s+and\s+(?=(?:then\s+)?(?:if|otherwise)\b)"
    r"|[,，;；.。?？!！]\s*(?=(?:and\s+|then\s+)?(?:if|otherwise|else)\b|(?:如果|要是|若是?|假如|否则|不然)"
    r"|[^，。；,;？?！!]{0,8}的话)",
    re.IGNORECASE,
)
UNLESS = re.compile(
    r"^(?:and\s+|then\s+)?(?:if\s+(?:not\b|it(?:'s| is)n'?t|it is not|there(?:'s| is| are) no\b|"
    r"none\b|they(?: a|')re not|they aren'?t|unavailable)|otherwise\b|else\b)"
    r"|^(?:如果|要是|若是?|假如)?(?:没有|没|不|无)[^，。；]{0,6}的话|^(?:如果|要是|若是?|假如)(?:没|不|无)"
    r"|^(?:否则|不然)",
    re.IGNORECASE,
)
PROVIDED = re.compile(
    r"^(?:and\s+|then\s+)?if\b|^(?:如果|要是|若是?|假如)|^[^，。；,;]{0,8}的话", re.I
)


def conditional(step: str) -> str | None:
    """Rule 4a: "yes" for a step done only when the earlier result serves ("if so", "有的话"),
    "no" for one done only when it does not ("if not", "otherwise", "没有的话"), else None."""
    step = step.strip()
    if UNLESS.search(step):
        return "no"
    return "yes" if PROVIDED.search(step) else None


REFERS_BACK = re.compile(
    r"\b(?:it|them|that one|this one|the one|the results?|what you found)\b"
    r"|它|这个|那个|结果|查到的",
    re.IGNORECASE,
)
REFERS = re.compile(
    r"\b(?:the|this|that) (?:script|program|file)\b|\bits?\b|这个(?:脚本|文件|程序)|它", re.I
)
NAMED_FILE = re.compile(
    r"(?<![\w/.-])((?:\.{0,2}/)?[\w-]+(?:/[\w.-]+)*\.[A-Za-z][A-Za-z0-9]{0,5})(?![\w/-])"
)


LEADING_IF = re.compile(
    r"^\s*(?:if|in case)\s+(?P<cond>(?:[^,.;!?\n]|\.(?=\w)){3,80}?)\s*,\s*(?:then\s+)?(?P<act>[^?\n]+?)[.!]?\s*$",
    re.I,
)
TRAILING_IF = re.compile(
    r"^\s*(?P<act>[^?\n]+?)\s+(?:but\s+)?(?:only\s+)?if\s+(?P<cond>(?:[^,.;!?\n]|\.(?=\w)){3,80}?)[.!]?\s*$",
    re.I,
)
WHETHER = re.compile(  # "check if", "see if": whether, no condition
    r"\b(?:check|see|ask|know|tell\s+\w+|wonder|find\s+out|confirm|verify|sure|test|look)\s*$", re.I
)
ZH_IF = re.compile(
    r"^\s*(?P<cond>[^。！？?!\n]*?(?:如果|要是|假如|若是|的话)[^。！？?!\n]*?)[，,]?\s*(?:那么|那)?就"
    r"(?P<act>[^。！？?!\n]+)[。！!]?\s*$"
)


def condition_first(task: str) -> list[str]:
    """Rule 4a for an act made on a condition inside one sentence ("Water the bed for 10 minutes
    if the soil is dry", "If the soil is dry, water it", "菜园区的土要是太干，就浇水10分钟"): the
    condition is a step of its own, asked as a question and checked first ("the soil is dry?"),
    and the act a conditional step after it ("if so, ...", "如果是，就……"); [] when the request
    states no such condition."""
    found = condition(task)
    if found is None:
        return []
    before, cond, act = found
    if re.search(r"[\u4e00-\u9fff]", cond):
        return [f"{before}{cond}吗？", f"如果是，就{act}"]
    return [f"{before} {cond}?".strip(), f"if so, {act}"]


def condition(task: str) -> tuple[str, str, str] | None:
    """Rule 4b's parts: the sentences before the last, the condition the last one states and
    its act (a last sentence that states none, after one that does, is asked with the
    condition: "If she has a GPA of at least 3.5, apply. Tell me her GPA either way."); None
    when it states none."""
    said = [x for x in re.split(r"(?<=[.!?])\s+|(?<=[。！？])\s*", task.strip()) if x.strip()]
    if len(said) > 1 and _conditioned(said[-2]) and not _conditioned(said[-1]):
        # "If ..., do X. Tell me Y either way.": the last sentence goes with the check
        found = condition(" ".join(said[:-1]))
        mark = "吗？" if re.search(r"[\u4e00-\u9fff]", said[-1]) else "? "
        after = said[-1].rstrip(".!。！")
        return (found[0], f"{found[1]}{mark}{after}", found[2]) if found else None
    if not said:
        return None
    before, last = " ".join(said[:-1]), said[-1]  # the sentences before go with the check
    zh = ZH_IF.match(last)
    if zh:
        cond = re.sub(r"如果|要是|假如|若是|的话", "", zh["cond"]).strip(" ，,")
        return (before, cond, zh["act"].strip()) if cond else None
    m = LEADING_IF.match(last) or TRAILING_IF.match(last)
    if m is None or WHETHER.search(m["act"]) or re.fullmatch(r"(?:not|so|yes|no)\b.*", m["cond"]):
        return None
    return before, m["cond"].strip(), m["act"].strip()


LOOK_AND_IF = re.compile(
    r"^\s*(?P<look>(?:please\s+)?(?:check|look\s+up|find|see|get|search|verify|look\s+at)\b"
    r"(?:[^.?!]|\.(?=\w))+?),?\s+and\s+(?:then\s+)?(?P<act>[^.?!]+?)\s+(?:but\s+)?(?:only\s+)?"
    r"if\s+(?P<cond>(?:[^.?!]|\.(?=\w)){3,80}?)[.!]?\s*$",
    re.I,
)


def looked_then_if(task: str) -> list[str]:
    """Rule 4c: a look-up joined by "and" to an act on a condition ("Check my domain X and renew
    it if it's due", "Look up the order and cancel it if it hasn't shipped") is two steps: the
    look-up, then the act as a conditional step ("if it's due, renew it"); [] otherwise."""
    m = LOOK_AND_IF.match(task)
    if m is None or WHETHER.search(m["act"]):
        return []
    return [m["look"].strip(), f"if {m['cond'].strip()}, {m['act'].strip()}"]


def _conditioned(sentence: str) -> bool:
    """Whether a sentence states an act on a condition (rule 4b)."""
    return bool(ZH_IF.match(sentence) or LEADING_IF.match(sentence) or TRAILING_IF.match(sentence))


def numbered(task: str) -> list[str]:
    """Rule 4: the steps of a task written as a numbered (or bulleted) list, each a task of its
    own; [] when it has fewer than two."""
    found = [m.group(1).strip() for m in STEP.finditer(task)]
    if len(found) < 2:  # "Create x.txt ..., then count its lines" / "……。然后用 wc -l 数一下"
        found = [p.strip(" ,，.。;；") for p in THEN.split(task) if p.strip(" ,，.。;；")]
    found = [
        c.strip(" ,，.。;；") for f in found for c in CONDITION.split(f) if c.strip(" ,，.。;；")
    ]
    if len(found) < 2:  # "Check domain X and renew it if it's due": the look-up, then the act
        found = looked_then_if(task) or found
    if len(found) < 2:  # "Water the bed if the soil is dry": the condition first
        found = condition_first(task) or found
    if len(found) < 2:
        return []
    out: list[str] = []
    for step in found:
        earlier = [f for s in out for f in NAMED_FILE.findall(s) if f.lower() not in ("e.g", "i.e")]
        if earlier and not NAMED_FILE.search(step) and REFERS.search(step):
            step = f"{step} ({earlier[-1]})"
        out.append(step)
    return out


TAIL = re.compile(
    r"\s+(?:on|in|to|into|onto|for|from|at)\s+(?:the|my|our|a|your)\b.*$", re.IGNORECASE
)


def counted_parts(task: str) -> list[str]:
    """Rule 5: the parts of a list of counted things, each without its trailing place ("2 lemons
    on the shopping list" -> "2 lemons"); a part that says what each of them needs ("each needs 500 g", 每个要300克) is of the
    one before, no thing of its own; [] when the request lists fewer than two."""
    listed = items(task) or items(digits_for_words(task))  # "三盒牛奶和两个苹果", "a dozen eggs"
    parts = [TAIL.sub("", p).strip() for p in listed]
    parts = [p for p in parts if not says_condition(p)]  # "sleeps at least 5" is no thing
    parts = [p for p in parts if not OF_EACH.match(p)]  # "each needs 500 g": of the one before
    return parts if len(parts) >= 2 else []


OF_EACH = re.compile(r"(?:and\s+)?(?:each|every\s+one|per\s+\w+|apiece)\b|每|各", re.I)


RECORDS = re.compile(r"[:：]\s*(.+)")
RECORD_SPLIT = re.compile(r"\s*(?:[;；]|,\s*(?:and\s+)?|\s+and\s+(?=[A-Z]))\s*|、")


def listed_records(task: str) -> list[str]:
    """Rule 5a: the records a request lists after a colon, each holding a proper name or a Chinese
    name and words of its own ("Priya Natarajan from Lumen Labs (speaker), Tomasz ... (attendee),
    and Ama Owusu ..."; "王磊（讲者）、李娜（听众）"); [] when fewer than two. Commas inside
    brackets part no records."""
    m = RECORDS.search(task)
    if writing.LINES.search(task):
        return []
    if m is None:  # no colon: English records, each a full name with words of its own
        return _english_records(task)
    listed = re.split(r"(?<=[.。!！?？])\s|\n", m.group(1), maxsplit=1)[0].rstrip(" .。")
    flat = re.sub(r"\([^()]*\)|（[^（）]*）", lambda b: b.group(0).replace(",", "\0"), listed)
    parts = [p.replace("\0", ",").strip() for p in RECORD_SPLIT.split(flat) if p.strip()]
    named = [p for p in parts if re.search(r"[A-Z]\w+\s+[A-Z]|[\u4e00-\u9fff]{2}", p)]
    if (
        len(parts) < 2
        or len(named) < len(parts)
        or any(len(p.split()) < 2 and not re.search(r"[\u4e00-\u9fff]", p) for p in parts)
    ):
        return []
    return parts


FULL = re.compile(r"(?<![\w'-])[A-Z][a-z'-]+\s+[A-Z][\w'-]+")


def _english_records(task: str) -> list[str]:
    """Records said in a sentence ("Print badges for Priya Natarajan from Lumen Labs (speaker),
    Tomasz Wiśniewski from Brightwave (attendee) and ..."): each part holds a full name and at
    least two words more."""
    if re.search(r"[\u4e00-\u9fff]", task):
        return []
    first = re.split(r"(?<=[.!?])\s|\n", task.strip(), maxsplit=1)[0].rstrip(" .")
    flat = re.sub(r"\([^()]*\)", lambda b: b.group(0).replace(",", "\0"), first)
    parts = [p.replace("\0", ",").strip() for p in RECORD_SPLIT.split(flat) if p.strip()]
    parts = [p for p in parts if not (p.islower() and len(p.split()) <= 2)]  # ", thanks"
    if len(parts) < 2 or not all(FULL.search(p) and len(p.split()) >= 4 for p in parts):
        return []
    return parts


# a capitalised word; a period inside it ("U.S") or after a short abbreviation ("St.", "Mt.")
# is its own, one that ends a sentence ("... and Dunmore. Which ...") is not
CAPITAL = r"(?:[A-Z][a-z]?\.(?=\s+[A-Z])|[A-Z][\w'’&-]*(?:\.[\w'’&-]+)*)"
# a model's number after its capitalised words is part of its name ("Liebherr LTM 1100",
# "Tadano AC 4.080"; a sentence's closing period is not)
MODEL_NO = r"\d+(?:[./-]\d+)*[A-Za-z]*(?![\w.]*\w)"
PROPER = rf"(?:[Tt]he\s+)?{CAPITAL}(?:\s+(?:(?:of\s+|de\s+|van\s+)?{CAPITAL}|{MODEL_NO}))*"
NAMED_LIST = re.compile(rf"{PROPER}(?:\s*,\s*{PROPER})*,?\s+(?:and|or|&)\s+{PROPER}")
ZH_NAMED_LIST = re.compile(
    r"[\u4e00-\u9fff]{2,8}(?:、[\u4e00-\u9fff]{2,8})+(?:[和与及][\u4e00-\u9fff]{2,8})?"
)


def _no_question(name: str) -> str:
    """A listed name without the question's words before it: "Which of Priya" -> "Priya"."""
    said = name.split()
    while len(said) > 1 and (function_words_only(said[0]) or said[0].islower()):
        said = said[1:]
    return " ".join(said)


def named_things(task: str, value: str) -> list[str]:
    """Rule 6: the named things listed beside `value`, one of them, a part of one ("Stedelijk"
    in "the Rijksmuseum, the Van Gogh Museum and the Stedelijk Museum") or a stretch of the list
    that holds whole names ("Harbor Point, Millbrook"), each without the question's words before
    it ("Which of Priya, Tomás and Mei-Ling" -> Priya); for no value (the input
    is not filled), the one list the request holds; [] when none is listed."""
    titled = titles(task)
    if len(titled) >= 2 and (not value or any(value in x or x in value for x in titled)):
        return titled  # 《星海》和《归途》: titles set off by their marks
    found = []
    for m in ZH_PAIR.finditer(task):  # two names compared: "A和B，哪家…", "A与B哪个…"
        names = [ZH_LEAD.sub("", m.group(1)) or m.group(1), m.group(2)]
        if all(len(n) >= 2 for n in names) and any(value and value in n for n in names):
            return names
        found += [names] if all(len(n) >= 2 for n in names) else []
    for m in [*NAMED_LIST.finditer(task), *ZH_NAMED_LIST.finditer(task)]:
        parts = re.split(
            r"\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|&)\s+|、|(?<=[\u4e00-\u9fff])[和与及]",
            m.group(0),
        )
        if "、" in m.group(0):  # 故宫、颐和园和天坛: 和 inside a name (颐和园) is no separator
            parts = _zh_parts(m.group(0))
        names = [
            _no_question(re.sub(r"^(?:[Tt]he|Of|Between|Among|For|Compare)\s+", "", x).strip())
            for x in parts
            if x.strip()
        ]
        if any(says_condition(n) for n in names):  # "有投影仪、至少能坐": conditions, no names
            continue
        # the value is one of them, a part of one, or a stretch of the list ("Harbor Point,
        # Millbrook" of "Harbor Point, Millbrook and Dunmore")
        spans = bool(value) and value in m.group(0) and any(n in value for n in names)
        if len(names) >= 2 and (spans or any(value and value in n for n in names)):
            return names
        found += [names] if len(names) >= 2 else []
    return found[0] if not value and len(found) == 1 else []


TITLED = re.compile(r"《([^《》\n]{1,40})》|「([^「」\n]{1,40})」")


def titles(task: str) -> list[str]:
    """Rule 6: the titles a request sets off by their marks (《星海》, 「A」), each once."""
    found = [(m.group(1) or m.group(2)).strip() for m in TITLED.finditer(task)]
    return list(dict.fromkeys(x for x in found if x))


ZH_PAIR = re.compile(
    r"(?:^|(?<=[，,。；;：:！!？?\s]))([\u4e00-\u9fff]{2,12})[和与跟]((?:(?!的|哪|谁)[\u4e00-\u9fff]){2,12}?)"
    r"(?=[，,。；;！!？?\s]|哪|谁|$)"
)
ZH_LEAD = re.compile(r"^.*(?:这天|那天|当天|一下|查查|看看|请问|帮我查|帮我看|去|在|的)")
ZH_TAIL = re.compile(
    r"(?:还有|有没有|是否|吗|呢|的|都|今天|明天|后天"
    r"|(?:这|那)?[两二三四五六七八九十几\d]+[个位家只种款名座条](?:人|城市|地方)?(?:里|中|当中|之中)?"
    r"|(?:这|那)(?:几|些)).*$"
)


def _zh_parts(listed: str) -> list[str]:
    """The names of a Chinese list: split at 、, the last part at its last 和 / 与 / 及 when both
    sides are names of two or more characters; the words before the first and after the last
    cut off ("这天故宫" -> 故宫, "天坛还有" -> 天坛)."""
    parts = listed.split("、")
    last = re.match(r"(.{2,})[和与及](.{2,})$", parts[-1])
    if last:
        parts[-1:] = [last.group(1), last.group(2)]
    parts[0] = ZH_LEAD.sub("", parts[0]) or parts[0]
    parts[-1] = ZH_TAIL.sub("", parts[-1]) or parts[-1]
    return parts
