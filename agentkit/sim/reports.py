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
   问题, 情况, 说明): the message itself, its sentences as the user wrote them.
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


def _told(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _where(text: str) -> str | None:
    m = PLACE_ZH.search(text)
    if m:
        return m.group(1)
    m = PLACE_EN.search(text)
    return re.sub(r"^the\s+", "", m.group(1)).strip() if m else None


def _what(text: str) -> str | None:
    m = THING_EN.search(text)
    if m:
        return m.group(1)
    m = THING_ZH.search(text)
    return m.group(1) if m else None
