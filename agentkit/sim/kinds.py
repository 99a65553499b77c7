"""The kind of value a required string asks for, and the span of that kind a text holds, when no
label precedes it: the last reading before the user is asked (`agentkit.sim.arguments._unfound`).

Written rules:
1. The kind is read from the property's name and description (a Chinese one by its English
   glosses, `agentkit.sim.glosses`): a vehicle's plate or registration (plate, registration,
   licence, 车牌, 牌照); a code (serial, IMEI, VIN, a name ending in number / no / code, 序列号,
   编号); a person (a bare name or full name of a tool about people, else `<x>_name` whose x is
   someone who acts or is acted for: an agent noun, referee, doctor, driver, visitor, trainee,
   pharmacist, guardian); a thing's name when the property or its description names goods (a
   product, an item, a medicine, a book, a title) or it is the bare name of a tool about things;
   the sort of a living thing (species, breed, variety, cultivar, 品种, 树种); any other property (a hotel, a course, a district, a reference) has no kind here: it is
   looked up or asked for.
2. The span is found by its shape alone, never by the words of one domain: a plate is a Chinese
   plate (province character, a letter, five or six letters and digits, a dot or a dash among
   them: "沪AD·12345", "京A-12345") or a run of five to eight capitals and digits holding both,
   in one piece or two halves ("7XYZ123", "AB12 CDE", "ABC-1234"); a code is a token of letters
   and digits holding both, dashes inside ("SN-44K9-0021"); a Chinese person is a surname (a
   double one first: 司马, 欧阳) and one or two characters, after a verb that gives or names
   someone (派给, 安排, 换成, 是, 叫) and before a stop or a particle ("派给司马南。", "安排欧阳倩吧");
   a thing in Chinese is the title in 《》, else the noun a question asks about: after 有没有 /
   还有 / 有 and before 吗 / a question mark ("还有连花清瘟胶囊吗"), or the question's subject
   before 的 / 一天 / 怎么 / 多少 / a word of time ("布洛芬缓释胶囊一天最多吃几粒", "小米14的屏幕多大",
   "珊瑚礁大缸最近一次…"); a sort is the noun a measure of the thing goes before: after a
   hyphened measure ("a twelve-metre oak", "my 3-year-old beagle") or a number and its unit
   ("an 8 m birch"), in Chinese after a measure and 的 ("12米高的橡树", "三岁的柯基"), up to
   a stop or a word of place or act.
3. A span another property took, or one that is only function words, is none.
"""

from __future__ import annotations

import re

from . import glosses, values

PLATE_WORD = re.compile(r"plate|registration|^reg$|licen[cs]e|车牌|牌照|号牌", re.I)
CODE_WORD = re.compile(
    r"serial|imei|\bvin\b|^sn$|(?:^|_)(?:number|no|num|code)$|[a-z](?:Number|No|Code)$|序列号|编号|机身号",
    re.I,
)
AGENT = re.compile(r"(?:ee|or|er|ist|ian|ant|ent|ard)$")
GOODS = re.compile(  # what is sold, prescribed or catalogued: a product, a medicine, a book
    r"product|item|goods|merchandise|drug|medicine|medication|\bmed\b|pill|tablet|capsule|book|"
    r"title|商品|产品|货品|药|书名",
    re.I,
)
SORT_WORD = re.compile(r"species|breed|variety|cultivar|品种|树种|犬种|物种", re.I)
NUMBER_WORD = (
    r"(?:\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty)"
)
SORT_EN = re.compile(
    rf"\b{NUMBER_WORD}(?:-[a-z]+)+\s+([a-z]{{3,}})\b"  # a twelve-metre oak, a 3-year-old beagle
    rf"|\b\d+(?:\.\d+)?\s?(?:m|ft|cm|kg|lb|metres?|meters?|feet|foot)\s+(?:tall\s+|high\s+)?"
    r"([a-z]{3,})\b",
    re.I,
)
SORT_ZH = re.compile(
    r"[\d一二两三四五六七八九十百半]+(?:\.\d+)?\s*(?:米|尺|厘米|公斤|斤|岁|个月|年)[高长大重]?的"
    r"([\u4e00-\u9fff]{1,6}?)(?=[，,。.！!？?；;\s]|在|要|需要|得|想|能|可以|$)"
)
NAME_END = re.compile(r"^(.+?)_?(?:full_?)?name$", re.I)

ZH_PLATE = (
    r"[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼]"
    r"[A-Z](?:[·•・ -]?[A-Z0-9]){5,6}(?![A-Z0-9])"
)
PLATE = re.compile(
    rf"{ZH_PLATE}"
    r"|(?<![\w-])(?=[A-Z0-9 -]*\d)(?=[A-Z0-9 -]*[A-Z])(?:[A-Z0-9]{2,4}[ -][A-Z0-9]{2,4}|[A-Z0-9]{5,8})(?![\w-])"
)
MIXED_CODE = re.compile(
    r"(?<![\w-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+(?![\w-])"
    r"|(?<![\w-])(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{6,}(?![\w-])"
)
ZH_GIVES = r"(?:派给|交给|分给|指派|安排|换成|改成|改为|换为|叫做|名叫|叫|是|由|请|让|找|给)"
ZH_PERSON = re.compile(
    rf"{ZH_GIVES}\s*({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}}?)"
    r"(?=[\s，,。、；;！!？?）)]|吧|啊|呀|呢|了|来|去|负责|担任|值班|$)"
)
ZH_THING = r"[\u4e00-\u9fffA-Za-z0-9·]{2,14}?"
ZH_ASKED_HAS = re.compile(
    rf"(?:有没有|还有没有|还有|有没|有)({ZH_THING})(?=吗|嘛|呢|卖|[？?，,。！!\s]|多少|$)"
)
ZH_SUBJECT = re.compile(
    rf"^(?:请问|问一下|想问一下|我想知道)?\s*({ZH_THING})"
    r"(?=的|一天|一次|每天|每次|怎么|多少|能不能|可不可以|可以|是不是|有什么|有没有|和|跟"
    r"|最近|上一?次|今天|昨天|明天|现在|目前|这周|本周|上周)"  # a word of time ends the thing
)
ZH_TITLE = re.compile(r"《([^》]+)》")


def kind_asked(name: str, description: str, people: bool, thing_of: bool = False) -> str | None:
    """What a string property asks for: "plate", "code", "person" or "thing" (rule 1), else None;
    `people` says a bare name is a person's (the tool is about people), `thing_of` that the
    property is the name of the thing the tool works on (a bare name of no person)."""
    said = f"{name} {description} {glosses.english(description)}"
    if PLATE_WORD.search(name) or PLATE_WORD.search(said):
        return "plate"
    if CODE_WORD.search(name):
        return "code"
    if SORT_WORD.search(name) or SORT_WORD.search(description):
        return "sort"
    m = NAME_END.match(name)
    head = m.group(1).rstrip("_").split("_")[-1].lower() if m else ""
    if name.lower() in ("name", "full_name", "fullname") and people:
        return "person"
    if head and (
        AGENT.search(head) or head in ("person", "guest", "staff", "child", "nurse", "judge")
    ):
        return "person"
    if GOODS.search(said) or thing_of:
        return "thing"
    return None


def span(k: str, text: str, used: set[str]) -> str | None:
    """The first span of kind `k` the text holds that no other property took (rule 2)."""
    found: list[str] = []
    if k == "plate":
        found = [m.group(0) for m in PLATE.finditer(text)]
    elif k == "code":
        found = [m.group(0) for m in MIXED_CODE.finditer(text)]
    elif k == "person":
        found = [m.group(1) for m in ZH_PERSON.finditer(text)]
    elif k == "thing":
        found = ZH_TITLE.findall(text) + _zh_asked(text)
    elif k == "sort":
        found = [a or b for a, b in SORT_EN.findall(text)] + SORT_ZH.findall(text)
        found = [f for f in found if f.lower() not in NOT_SORT]
    return next((f for f in found if f not in used and not values.function_words_only(f)), None)


NOT_SORT = frozenset({"old", "tall", "high", "long", "wide", "deep", "the", "and", "with", "from"})


def _zh_asked(text: str) -> list[str]:
    """The nouns a Chinese question asks about (rule 2), each sentence's."""
    out: list[str] = []
    for part in re.split(r"[。！？?!；;\n]", text):
        part = part.strip()
        for m in (ZH_ASKED_HAS.search(part), ZH_SUBJECT.search(part)):
            if m and not re.match(r"[我你您他她它这那哪谁]|什么|现在|今天|明天", m.group(1)):
                out.append(m.group(1))
    return out
