"""A fault the user tells, as a report tool's inputs: written rules, in Chinese and English.

A message that tells a fault ("The lift in block C is stuck", "三号楼的电梯一直停在二楼，按钮没反应",
"won't turn on", 打不开: the concept `fault` of `agentkit.sim.lexicon`, or a phrase of
`FAULT_SAID`) and asks no question fills, of a tool that records
it, the string inputs the other readings left open:
1. What is broken (facility, equipment, asset, device, item, appliance, 设施, 设备, 物品): the noun
   phrase before the fault words or before its place ("the hallway light on floor 2 keeps
   flickering" -> "hallway light"; 三号楼的电梯 -> 电梯).
2. Where (location, place, where, building, room, area, unit, 位置, 地点, 楼栋, 房间): the place the
   message names: "in block C", "on floor 2", "in unit 5B", "at the north entrance"; 三号楼, 二楼,
   3号楼2单元 (a number or numeral before 楼 / 层 / 单元 / 室 / 号楼), else the words before 的.
3. What happened (description, details, issue, problem, summary, notes, message, 描述, 故障描述,
   问题, 情况, 说明): the message itself, its sentences as the user wrote them; but when some of
   its clauses (split at sentence marks, commas and dashes) do not tell the fault — a greeting,
   who speaks (我是…的业主, "I'm …"), the ask itself (麻烦派人来看看, "Please book a repair"),
   thanks, a time that suits ("Thursday would be best"), a clause set aside ("but that's for the
   electrician", "which is annoying") — what happened is the clause that tells it: of the clauses
   left with a word of something wrong (`FAULT_WORD`), the first after the ask (which names the
   thing), else the last, with the fault clauses that directly follow it ("客厅空调不制冷，还一直滴水"),
   without a leading "it's" ("it's leaking water …" -> leaking water …).
4. An input that is an id (unit_id, roomId, 设备编号) is none of these: it is looked up or given.
1b. When the ask names the thing it is for ("book a repair for the dishwasher", "修一下洗衣机"),
   that thing is what is broken, before any other thing the message names.
"""

from __future__ import annotations

import re
from typing import Any

from .lexicon import concepts

WHAT = re.compile(
    r"facility|equipment|asset|device|item|appliance|fixture|设施|设备|物品|器材", re.I
)
WHERE = re.compile(
    r"location|place|where|building|room|area|unit|site|位置|地点|楼栋|房间|区域", re.I
)
TOLD = re.compile(
    r"description|details?|issue|problem|summary|notes?|message|comment|complaint|描述|问题|情况|说明",
    re.I,
)
PLACE_EN = re.compile(
    r"\b(?:in|on|at|near|outside|inside)\s+((?:the\s+)?(?:(?:block|building|floor|level|unit|room|"
    r"flat|apartment|wing|car\s*park|garage|entrance|lobby|hallway|corridor|stairwell)\s*[\w-]*"
    r"|(?:\d+(?:st|nd|rd|th)|ground|top|first|second|third)\s+floor|[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*))",
)
PLACE_ZH = re.compile(
    r"([一二三四五六七八九十\d]+号?(?:楼|栋|幢)(?:[一二三四五六七八九十\d]+(?:单元|层|楼|室|号))*|"
    r"[一二三四五六七八九十\d]+(?:楼|层)(?![梯道]))"
)
THING_EN = re.compile(
    r"^\s*(?:(?:hi|hello|hey)[,!]?\s+)?(?:the|our|my|a|an)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)"
    r"\s+(?=in\b|on\b|at\b|near\b|is\b|are\b|has\b|have\b|keeps?\b|won'?t\b|doesn'?t\b|isn'?t\b|"
    r"stopped\b|broke\b|makes?\b)",
    re.I,
)
THING_ZH = re.compile(
    r"的([\u4e00-\u9fff]{1,4}?)(?:一直|又|总是|老是|突然|已经|不|没|坏|漏|在|停|卡|有|发出|闪)"
)
FAULT = "fault"
FAULT_SAID = re.compile(  # a fault said in a phrase no one word of the concept table carries
    r"\b(?:won'?t|will not|doesn'?t|does not|can'?t|cannot|isn'?t|is not)\s+(?:turn on|start|"
    r"open|close|shut|lock|work|working|charge|flush|drain|heat|boot|respond)|\bnot working\b|"
    r"\bstopped working\b|\bout of order\b|\bsmells? (?:of|like) (?:burning|gas|smoke)\b|"
    r"\bno (?:hot water|power|heating|signal|water)\b|"
    r"打不开|关不上|锁不上|不出水|没有热水|没热水|没电|不工作|不能用|用不了|不制冷|不加热|冒烟|漏电|跳闸|一直响",
    re.I,
)


def tells_fault(text: str) -> bool:
    """The message tells a fault (a word of the concept `fault`, or a phrase of FAULT_SAID)."""
    said = FAULT in concepts(text) or FAULT_SAID.search(text) is not None
    return said and not re.search(r"[?？]", text)


def filled(schema: dict[str, Any], text: str, values: dict[str, Any]) -> dict[str, Any]:
    """Rules 1 to 3: the open string inputs of a report tool, from a message that tells a fault."""
    if not tells_fault(text):
        return {}
    out: dict[str, Any] = {}
    for name, prop in (schema.get("properties") or {}).items():
        if not isinstance(prop, dict) or prop.get("type", "string") != "string":
            continue
        if re.search(r"(?:^|_)id$|[a-z]Id$|编号$", str(name), re.I):
            continue  # (rule 4: an id is looked up, never a place's words: unit_id is no "floor")
        said = f"{name} {prop.get('description') or ''}"
        if name in values and not TOLD.search(said) and not _a_place(str(values[name]), said):
            continue  # (what happened is the message, not a part of it; a place is no facility)
        got = (
            _told(text)
            if TOLD.search(said)
            else _where(text)
            if WHERE.search(said)
            else _what(text)
            if WHAT.search(said)
            else None
        )
        if got:
            out[name] = got
    return out


def _a_place(value: str, said: str) -> bool:
    return bool(WHAT.search(said)) and bool(
        PLACE_ZH.fullmatch(value)
        or re.fullmatch(r"(?:floor|level|block|unit|room)\s*\w+", value, re.I)
    )


CLAUSE = re.compile(r"(?<=[.!?。！？；;，,])\s*|\s+[-–—]\s+|\n+")
NOT_FAULT = re.compile(  # a clause that greets, says who speaks, asks, thanks or sets a time
    r"^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|你好|您好|嗨|哈喽)\b"
    r"|^(?:I'm|I am|my name is|this is|我是|我叫|本人|我们是)"
    r"|\b(?:please|could you|can you|would you|I'd like|I would like|I want|we need|book|send|"
    r"schedule|arrange|thanks?|thank you)\b|麻烦|请|帮我|帮忙|能不能|可以|希望|派人|安排|谢谢|预约"
    r"|\b(?:would be (?:best|good|great|ideal)|works? (?:best|for me)|if possible)\b|方便|有空"
    r"|^(?:which|but|that|though|although)\b|\bthat's for\b|\bnot for\b|另外",
    re.I,
)
FAULT_WORD = re.compile(  # a word that says something is wrong
    r"\b(?:leak\w*|broke\w*|crack\w*|not working|won't|doesn't|isn't|stopped|stuck|nois\w*|"
    r"flicker\w*|smell\w*|dead|fail\w*|faulty|damaged?|jammed|overheat\w*|drip\w*)\b"
    r"|漏|滴水|坏|裂|响|堵|不[能亮转动通出制加]|没[电水反]|故障|失灵|异常|发热|冒烟|渗|掉|松",
    re.I,
)
ASKED_FOR = re.compile(  # the thing the ask names: "a repair for the dishwasher", "修一下洗衣机"
    r"\b(?:repair|fix|service|look|check|someone|technician|engineer)\s+(?:at\s+|on\s+|for\s+)?"
    r"(?:the|my|our|a|an)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*){0,2}?)(?=\s*(?:[-–—,.;!]|$))"
    r"|(?:修一下|修修|修理一下|检修一下|看一下|看看)(?:我们?家的|家里的|我的)?([\u4e00-\u9fff]{2,4})(?=[，。,.!！]|$)",
    re.I,
)


def _told(text: str) -> str:
    """Rule 3: the message, or the clause of it that tells the fault."""
    whole = re.sub(r"\s+", " ", text).strip()
    parts = [p.strip(" .。!！;；,，") for p in CLAUSE.split(text)]
    parts = [p for p in parts if p]
    dropped = [i for i, p in enumerate(parts) if NOT_FAULT.search(p)]
    wrong = [(i, p) for i, p in enumerate(parts) if i not in dropped and FAULT_WORD.search(p)]
    if not dropped or not wrong:
        return whole
    asked = next((i for i in dropped if ASKED_FOR.search(parts[i])), dropped[0])
    after = [(i, p) for i, p in wrong if i > asked] or wrong[-1:]
    run = [after[0][1]] + [p for n, (i, p) in enumerate(after[1:], 1) if i == after[0][0] + n]
    said = ("，" if re.search(r"[\u4e00-\u9fff]", run[0]) else ", ").join(run)
    return re.sub(r"^(?:it's|it is|it has been|it keeps)\s+", "", said, flags=re.I) or said


def _where(text: str) -> str | None:
    m = PLACE_ZH.search(text)
    if m:
        return m.group(1)
    m = PLACE_EN.search(text)
    return re.sub(r"^the\s+", "", m.group(1)).strip() if m else None


def _what(text: str) -> str | None:
    asked = ASKED_FOR.search(text)  # rule 1b: the thing the ask is for
    if asked:
        return asked.group(1) or asked.group(2)
    m = THING_EN.search(text)
    if m:
        return m.group(1)
    m = THING_ZH.search(text)
    return m.group(1) if m else None
