"""Values of a kind read from a request's words: dates, times, numbers said with a unit, the two
ends of a route ("from A to B"), the items of a list.

The rules:
- a date is written "2026-03-14" (or with / or .), "2026年3月14日", "March 14, 2026" or
  "14 March 2026" ("the end of February 2027" its last day, "2027年3月初" its first), its day also as an ordinal ("the first of October 2026", "October the 21st,
  2026"); it is given as YYYY-MM-DD. A month and day said of the year after the date before it
  is in that next year ("2026年10月1日起至次年9月30日" ends 2027-09-30; "… of the following
  year"). A layout spelled in letters ("DDMMYYYY", "MM/DD/YYYY") writes a date in the order its
  letters say (`in_layout`). A date is also named relative to today (the clock
  the offline API pins, AGENTKIT_TODAY): "today"/"tonight"/"今天", "tomorrow"/"明天", "后天", "in
  3 days" / "in six days" / "in two weeks" / "三天后" / "两周后" (a Chinese count of days before 后
  is no count of anything; "in 3 days" keeps its count for a property of days), "yesterday"/"昨天", a weekday ("Thursday", "周四": the next one, today included; "next
  Monday" after today, "last Monday" before it; "下周一" in next week, "上周五" in the last), a day
  of a month named from today's ("本月28号", "下个月3号", "the 3rd of next month"), a month and day without a year ("Dec 20", "12月20号": the next such day), a feast of a fixed day ("Christmas Eve", "New Year's Day", "平安夜", "元旦": the next one, `FEASTS`);
  today is the day the system prompt says, else the day the latest user turn states ("Today is
  3 March 2027.", "今天是2027年3月3日": `stated_today`; a sentence that states it names no date
  of its own); a date is written as the example date of the property's description writes one
  ("格式如 2026年01月09日" -> "2027年03月04日", "e.g. March 9, 2026": `like_example`);
  a weekday said beside a written date of that weekday is that date's name, no date of its own
  ("Saturday 2027-05-22", "周三开会，2027年1月6日"); a number before 号 and a place ("5号会议室",
  "3号场", "7号桌") is that place, no day of the month;
  a day of the week is written as an example writes one ("Tuesday", "tue", "周二");
- a month is named with its year ("March 2027", "2027-03", "2026年10月"; a run sharing one year,
  "2026年10月、11月、12月", names each month) or relative to today ("last month", "上个月",
  "本月", "下个月") and given as YYYY-MM;
- a time is "15:30", "3pm", "3:30 pm", "下午3点", "15点半", an hour alone ("at 8 tonight",
  "at 3": after noon when the text says evening, or for 1 to 6); it is given as HH:MM. A date-time is
  a date with the time said after it, as YYYY-MM-DDTHH:MM:SS; one the text writes whole in ISO
  form (a log's "2026-05-02T14:07:33Z", "2026-05-02 14:07:33.250+0800") is kept whole, its
  seconds and its offset with it ("...T14:07:33.250+08:00");
- the digits of dates and times are no numbers of the request (a duration is never the year);
- a span said with a half is a number: "an hour and a half" is 1.5 hours, "一个半小时" 1.5小时,
  "half an hour" 0.5 hour, a measure with a half after it too ("两吨半" 2.5吨, "一公斤半" 1.5公斤;
  a tonne is 1000 kg); a quarter of an hour is 15 minutes ("three quarters of an hour" 45,
  "一刻钟" 15分钟); a Chinese decimal said with 点 before its unit is one number ("三点五公斤"
  3.5公斤, "2点5米"), a Chinese count before its measure too ("八寸" 8 inches: 寸 is an inch);
- a value is never only function words: a pronoun, a contraction, a question word or an article
  ("them", "I'll", "How", "这个") names nothing; a unit a listing names ("unit code: kg, lb") is written as listed;
- a place's IANA time zone is the tzdata zone named after its city ("Tokyo" -> Asia/Tokyo,
  underscores as spaces: "Sao Paulo"), else one of a few others tzdata has no name for
  ("Beijing", "San Francisco", Chinese names); a currency's ISO 4217 code is read from its
  name or sign ("euros", "¥", "人民币"), a code written out is itself; a country is one tzdata's
  iso3166.tab names, by name or by its people's adjective ("Austrian prices" -> Austria);
- a number said with a unit ("150 g", "150克", "45 minutes", "8 people") belongs to the property
  whose name or description names that unit; said in another unit of the same measure it is
  converted ("8 minutes" is 480 seconds, "1 TB" 1000 GB, "140°F" 60 for a property in °C,
  "2.5 tonnes" / "两吨半" 2500 for weight_kg); an
  age is said in years ("34岁", "41 years old"); an enum member that is a unit ("mi") is named by
  any form of it ("miles");
- a range of numbers is its two ends, low first ("between 80 and 120", "80-120 guests", "两千到
  三千五"; no route: its ends are numbers);
- a route's ends: the words after "from"/"从" are where something starts, after "to"/"到" where it
  ends ("from SFO to JFK", "从北京南到上海虹桥", "from my savings to my checking"; also "to B
  from A", "between A and B", "A to B", "A到B的", "2.5 kilos in grams"); the thing after "from"
  alone is where it comes from ("invoice from Northwind Supplies");
- a scale of levels (low / medium / high) is named by the words that ask for one ("urgent",
  "no rush", "紧急", "不急");
- a list's items: bullet lines; lines that each start with a count or end with a price (a
  receipt's "3 x Wood screws @ 4.50"; a line that sums the others, "TOTAL", "小计", is none); or
  the longest run of parts of one clause (split at commas and
  "and"/"和") that each hold a number ("200 g flour, 300 ml milk, and make it quick"); a plain
  list of short items in a sentence ("add milk, eggs and bread to my list"); an item said as a
  clause is its subject ("EMEA is slow, LATAM looks fine" -> EMEA, LATAM);
- a number written in words is that number ("two thousand four hundred and fifty" is 2450, "a
  hundred and twenty" 120, "two dozen" 24; a whole with a part, "forty-two and a half" 42.5,
  "seven and a quarter" 7.25, "three and three quarters" 3.75, "twenty-one point one" 21.1; a
  number before its scale in words is whole: "two and a half thousand" 2500, "1.2 million"
  1200000; in Chinese numerals with their
  places, the banks' forms too: "二十八" is 28, "三百二十" 320, "贰万" 20000, and a last figure
  right after a place is of the place below it: "一百五" 150, "两万五" 25000; an ordinal is a
  day, no count: "twenty-first"); pounds, dollars or euros followed by a number under 100 are
  one sum with their pence ("one pound fifty-nine" is 1.59 pounds; "2 pounds 3 ounces" is a
  weight); a sum said with its
  cents is one number, a sum in thousands whole ("$2.9k" is 2900; "forty-two dollars and fifty cents" is 42.50 dollars, "三十八块五" and
  "十二元五角" are 38.5 and 12.5); a figure right after 度 or 米 is its tenths ("三十七度八" is
  37.8度, "一米八五" 1.85米), one after a measure and 半 its half ("两吨半" 2.5吨); thousands set
  off by spaces are one number ("NOK 850 000 – 1 000 000"; not a day after its month: "March 5
  200 guests"), a figure before thousand or million is scaled ("two and a half thousand words"
  2500), and 万 is ten thousand ("1.5万" 15000);
- a version ("v2.3.1-rc1") and a size marking ("700 x 28C", "205/55 R16") are one value each,
  whole (`VERSION`, `MARKING`), and their digits count nothing: "2 tubes, size 700 x 28C" is one
  item; a clock time said in words ("half past twelve") is no number either;
- a clock time followed by its part of the day is read in it ("6:30 in the evening" is 18:30);
- what a quantity is of: the words after the number and its unit ("150 g of rice", "150克米饭";
  in Chinese a number with its measure word first: "两条浴巾", not "1208房间");
- a name cut out of the user's sentence is a name, not a clause (`name_span`): in Chinese a
  question's word (多少, 几个, 哪, 什么, 吗) ends it with the linking word before it ("白鹭是哪天"
  -> 白鹭), and the request's own words around it go (另外, 还有, 请问, 关于 before; 一共, 分别,
  现在, 的 after: "另外星海俱乐部一共" -> 星海俱乐部); in English the question's frame before it
  ("which", "how many", "is there", "could you tell me", an article) and a possessive after it
  ("PhotoSnap's" -> PhotoSnap); a Chinese span a modal opens (需要, 想要, 可以) is a predicate
  and names nothing ("需要哪些材料").
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime
import functools
import os
import re
import zoneinfo
from collections.abc import Iterator
from typing import Any

from ..settings import SettingsError, today_from_env

MONTHS = "january february march april may june july august september october november december"
MONTH = {m: i + 1 for i, m in enumerate(MONTHS.split())} | {
    m[:3]: i + 1 for i, m in enumerate(MONTHS.split())
}
MON = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
ORDINALS = (  # a day of the month said as an ordinal word: "the first of October 2026"
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
    "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
).split()
ORDINAL = (
    {w: i + 1 for i, w in enumerate(ORDINALS)}
    | {
        f"{tens}{sep}{w}": base + i + 1
        for tens, base in (("twenty", 20), ("thirty", 30))
        for i, w in enumerate(ORDINALS[: 9 if base == 20 else 1])
        for sep in ("-", " ")
    }
    | {"thirtieth": 30}
)
DAY_SAID = (
    rf"\d{{1,2}}(?:st|nd|rd|th)?|{'|'.join(sorted(ORDINAL, key=len, reverse=True))}"
).replace(" ", r"\s")
DATE = re.compile(
    r"(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)"
    r"|(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]?"
    rf"|\b({MON})\s+(?:the\s+)?({DAY_SAID}),?\s+(\d{{4}})\b"
    rf"|\b(?:the\s+)?({DAY_SAID})\s+(?:of\s+)?({MON})\s*,?\s+(\d{{4}})\b",
    re.IGNORECASE,
)
NEXT_YEAR = re.compile(  # "至次年9月30日": a month and day of the year after the date before it
    r"(?:次年|翌年|第二年)\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]?"
    rf"|\b(?:the\s+)?({DAY_SAID})\s+(?:of\s+)?({MON})\s+(?:of\s+)?(?:the\s+)?(?:following|next)\s+year\b",
    re.IGNORECASE,
)
TIME = re.compile(
    r"(上午|早上|中午|下午|晚上)?\s*(?<![\d:])([01]?\d|2[0-3])[:：]([0-5]\d)(?::[0-5]\d)?(?![\d:])"
    r"(?:\s*([ap])\.?m\b\.?)?"
    r"|\b(1[0-2]|0?[1-9])\s*([ap])\.?m\b\.?"
    r"|(上午|早上|中午|下午|晚上|傍晚)?\s*(\d{1,2}|[一二两三四五六七八九十]{1,3})\s*点\s*(半|[一三]刻|\d{1,2}\s*分)?",
    re.IGNORECASE,
)
ZH_DIGITS = {
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
UNITS = [  # unit, how a property names it, how the text writes it after a number
    ("gram", r"gram|\bg\b|克", r"g|grams?|gr|克"),
    ("kilogram", r"kilo|\bkg\b|公斤|千克", r"kg|kilos?|kilograms?|公斤|千克"),
    ("tonne", r"\btonnes?\b|\btons?\b|吨", r"t|tonnes?|tons?|metric tons?|(?<!公)吨"),
    ("pound", r"\bpounds?\b|\blbs?\b|磅", r"lbs?|pounds?|磅"),
    ("tonne", r"\btonnes?\b|\btons?\b|吨", r"tonnes?|tons?|吨"),
    ("millilitre", r"millilit|\bml\b|毫升", r"ml|millilit(?:er|re)s?|毫升"),
    ("litre", r"\blit(?:er|re)|(?<!毫)升", r"l|lit(?:er|re)s?|(?<!毫)升"),
    ("minute", r"minute|\bmins?\b|分钟", r"min|mins|minutes?|分钟"),
    ("hour", r"hour|\bhrs?\b|小时", r"h|hrs?|hours?|小时|个小时"),
    ("millisecond", r"millisecond|\bms\b|毫秒", r"ms|millis(?:econds?)?|毫秒"),
    ("second", r"(?<!milli)second|\bsecs?\b|(?<!毫)秒", r"s|secs?|seconds?|(?<!毫)秒"),
    ("day", r"\bdays?\b|天数|天", r"days?|天"),
    ("night", r"night|晚", r"nights?|晚"),
    (  # "an 8k easy run": a run's k is kilometres
        "kilometre",
        r"kilomet|\bkm\b|公里|千米",
        r"km|kilomet(?:er|re)s?|公里|千米"
        r"|k(?=\s+(?:(?:easy|slow|fast|long|gentle|hilly|steady)\s+)?(?:run|jog|walk|hike|ride|race)\b)",
    ),
    ("mile", r"\bmiles?\b|mileage|英里", r"mi|miles?|英里"),
    ("gallon", r"\bgallons?\b|\bgal\b|加仑", r"gal|gallons?|加仑"),
    ("cup", r"\bcups?\b|量杯", r"cups?"),
    ("tablespoon", r"tablespoon|\btbsp\b|汤匙", r"tbsps?|tablespoons?|汤匙"),
    ("teaspoon", r"teaspoon|\btsp\b|茶匙", r"tsps?|teaspoons?|茶匙"),
    ("ounce", r"\bounces?\b|\boz\b|盎司", r"oz|ounces?|盎司"),
    ("inch", r"\binch(?:es)?\b|英寸|(?<!尺)寸", r"inch(?:es)?|英?寸"),
    ("foot", r"\bfoot\b|\bfeet\b|\bft\b|英尺", r"ft|foot|feet|英尺"),
    ("centimetre", r"centimet|\bcm\b|厘米|公分", r"cm|centimet(?:er|re)s?|厘米|公分"),
    ("millimetre", r"millimet|\bmm\b|毫米", r"mm|millimet(?:er|re)s?|毫米"),
    ("metre", r"\bmet(?:er|re)s?\b|\bm\b|(?<![千厘毫])米", r"m|met(?:er|re)s?|(?<![千厘毫])米"),
    ("celsius", r"celsius|centigrade|°\s*c\b|℃|摄氏|(?:temp\w*|degrees?)\s+c\b",
     r"°\s*C|℃|degrees? C(?:elsius)?|celsius|摄氏度|(?<!华氏)度"),
    ("fahrenheit", r"fahrenheit|°\s*f\b|℉|华氏|(?:temp\w*|degrees?)\s+f\b",
     r"°\s*F|℉|degrees? F(?:ahrenheit)?|fahrenheit|华氏度"),
    ("percent", r"percent|pct|百分", r"%|percent|％"),
    ("person", r"people|person|guest|attendee|capacity|headcount|人数", r"people|persons?|guests?|人|位"),
    ("megabyte", r"\bmb\b|megabyte", r"MB|megabytes?|兆"),
    ("gigabyte", r"\bgb\b|gigabyte", r"GB|G|gigabytes?|gigs?"),
    ("terabyte", r"\btb\b|terabyte", r"TB|terabytes?"),
    ("year of age", r"^age$|\bage\b|年龄|岁数", r"years?[ -]old|yrs?[ -]old|岁|周岁"),
]  # fmt: skip
FROM = re.compile(
    r"^(?:from$|origin|source|depart|sender|vendor|supplier|seller|issuer)|出发|起点|始发|供应商|卖方",
    re.I,
)
TO = re.compile(r"^(?:to$|dest|target|arriv|recipient)|到达|目的|终点", re.I)
LEG_EN = re.compile(
    r"\bfrom\s+(?:the\s+|my\s+|our\s+|your\s+)?(.+?)\s+(?:to|into|->|→)\s+(?:the\s+|my\s+|our\s+|your\s+)?"
    r"(.+?)(?=\s+(?:on|at|for|by|in|with|via|before|after|account|tomorrow|today)\b|[,.;!?]|\s*$)",
    re.IGNORECASE,
)
STOP_EN = r"(?=\s+(?:on|at|for|by|in|with|via|before|after|account|tomorrow|today|and|please)\b|[,.;!?]|\s*$)"
ZH_TO = r"(?:飞往|开往|前往|转到|转入|到|去|至|飞)"
ZH_END = (  # a route's end stops before what is done or hired there: "到乌镇包一辆49座大巴"
    r"(?=的|，|。|,|\s|$|[？?！!]|航班|机票|高铁|火车|动车|大巴|车票|班次"
    r"|包|租|坐|乘|搭|打车|开车|自驾|[一二两三四五六七八九十\d]+[辆位个张人天晚趟次])"
)
LEG_ZH = re.compile(rf"从\s*(.+?)\s*{ZH_TO}\s*(.+?){ZH_END}")
LEG_ZH_BARE = re.compile(rf"([\u4e00-\u9fff]{{2,12}}?){ZH_TO}([\u4e00-\u9fff]{{2,8}}?){ZH_END}")
ZH_LEAD_VERBS = re.compile(
    r"^(?:帮我|请|麻烦|查一下|查询|查查|查|看看|看一下|订|买|预订|我要|我想|一下|要|想)+"
)
NAME_RUN = r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*"
LEG_REVERSED = re.compile(rf"\bto\s+(?:the\s+)?({NAME_RUN})\s+from\s+(?:the\s+)?({NAME_RUN})")
LEG_BETWEEN = re.compile(rf"\bbetween\s+(?:the\s+)?({NAME_RUN})\s+and\s+(?:the\s+)?({NAME_RUN})")
LEG_BARE = re.compile(rf"(?<![\w-])({NAME_RUN})\s+(?:to|->|→)\s+(?:the\s+)?({NAME_RUN}){STOP_EN}")
UNIT_CHANGE = re.compile(
    r"\d\s*([A-Za-z]+|[\u4e00-\u9fff]{1,2})\s*(?:to|into|in|as|换算成|换成|转成|是多少)\s*([A-Za-z]+|[\u4e00-\u9fff]{1,2})"
)
UNIT_QUESTION = re.compile(
    r"\bhow many\s+([A-Za-z]+)\s+(?:is|are|make|in)\b[^\d?]{0,30}\d+(?:\.\d+)?\s*([A-Za-z]+)", re.I
)
SENTENCE_FIRST = re.compile(r"(?:.*[.!?])?\s*", re.DOTALL)
SOURCE = re.compile(r"\bfrom\s+([A-Z][\w&'-]*(?: [A-Z][\w&'-]*)*)")
BULLET = re.compile(r"^\s*(?:[-*•·]|\d+[.)、])\s+(.+)$", re.M)
LIST_SPLIT = re.compile(r"\s*(?:,|，|、|;|；)\s*(?:and\s+)?|\s+and\s+|\s*(?:和|以及|还有)\s*")


def iso_dates(text: str) -> list[tuple[int, str]]:
    """The dates a text writes or names, each with where it ends, as YYYY-MM-DD."""
    return [(end, iso) for _start, end, iso in _dates(text)]


def _dates(text: str) -> list[tuple[int, int, str]]:
    """Each date with where it starts and ends: written ones, then the ones named relative to
    today ("tomorrow", "next Monday", "周四", "12月20号") in the text with the written ones blanked.
    A sentence that states today's date ("Today is 3 March 2027") names none."""
    for start, end, _day in stated_today(text):  # "Today is 3 March 2027." names no date asked
        text = text[:start] + " " * (end - start) + text[end:]
    spans = _month_spans(text) + _month_edges(text)
    text = MONTH_EDGE.sub(_blank, MONTH_SPAN.sub(_blank, text))
    out = spans + _written(text)
    first = _first_days(text, out)  # "14 to" of "14 to 16 June 2027"
    out += first
    plain = NEXT_YEAR.sub(_blank, DATE.sub(_blank, text))
    for start, end, _iso in first:
        plain = plain[:start] + " " * (end - start) + plain[end:]
    out += _not_a_weekday_of(relative_dates(plain, today_date()), text, out)
    out += _next_year(text, sorted(out, key=lambda x: x[1]))
    last = _last_days(text, sorted(out, key=lambda x: x[1]))
    out = [d for d in out if not any(a <= d[0] and d[1] <= b for a, b, _iso in last)] + last
    return sorted(out, key=lambda x: x[1])


def _not_a_weekday_of(
    found: list[tuple[int, int, str]], text: str, written: list[tuple[int, int, str]]
) -> list[tuple[int, int, str]]:
    """A weekday named where the text also writes a date of that weekday ("Saturday 2027-05-22",
    "周三开会，2027年1月6日") is that date's name, no date of its own: it is left out."""
    weekdays = {datetime.date.fromisoformat(d).weekday() for _s, _e, d in written}
    return [
        d for d in found
        if not (WEEKDAY_WORD.fullmatch(text[d[0] : d[1]].strip().removeprefix("on").strip())
                and datetime.date.fromisoformat(d[2]).weekday() in weekdays)
    ]  # fmt: skip


def _written(text: str) -> list[tuple[int, int, str]]:
    """The dates a text writes in full (with their year), where each starts and ends."""
    out = []
    for m in DATE.finditer(text):
        g = m.groups()
        if g[0]:
            y, mo, d = g[0], g[1], g[2]
        elif g[3]:
            y, mo, d = g[3], g[4], g[5]
        elif g[6]:
            y, mo, d = g[8], str(MONTH.get(g[6].lower().rstrip(".")[:3], 0)), _day(g[7])
        else:
            y, mo, d = g[11], str(MONTH.get(g[10].lower().rstrip(".")[:3], 0)), _day(g[9])
        try:
            day = datetime.date(int(y), int(mo), int(d))  # no 2027-02-31
        except ValueError:
            continue
        out.append((m.start(), m.end(), day.isoformat()))
    return out


MONTH_SPAN = re.compile(  # "June 14-16, 2027": two days of one month
    rf"\b({MON})\s+(\d{{1,2}})(?:st|nd|rd|th)?\s*(?:-|–|to|through|until|till)\s*"
    r"(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b",
    re.I,
)
SPAN_START = re.compile(  # "14 to 16 June 2027": the first day of a span said before the date
    r"(?<![\d.:])(\d{1,2})(?:st|nd|rd|th)?\s*(?:-|–|to|until|till|through)\s*(?=\d{1,2}\D)", re.I
)
SPAN_END = re.compile(  # "2027年6月14日至16日": the last day of a span said after the date
    r"^\s*(?:至|到|-|–|~|～|—)\s*(\d{1,2})\s*[日号]"
)


MONTH_EDGE = re.compile(  # "the end of February 2027" -> its last day, "2027年3月初" -> its first
    rf"\b(?:the\s+)?(end|start|beginning)\s+of\s+({MON})\s*,?\s+(\d{{4}})\b"
    r"|(\d{4})\s*年\s*(\d{1,2})\s*月\s*(底|末|初)",
    re.I,
)


def _month_edges(text: str) -> list[tuple[int, int, str]]:
    out = []
    for m in MONTH_EDGE.finditer(text):
        if m.group(1):
            y, mo = int(m.group(3)), MONTH.get(m.group(2).lower().rstrip(".")[:3], 0)
            last = m.group(1).lower() == "end"
        else:
            y, mo, last = int(m.group(4)), int(m.group(5)), m.group(6) != "初"
        if not 1 <= mo <= 12:
            continue
        day = datetime.date(y + mo // 12, mo % 12 + 1, 1) - datetime.timedelta(days=1)
        out.append((m.start(), m.end(), (day if last else day.replace(day=1)).isoformat()))
    return out


def _month_spans(text: str) -> list[tuple[int, int, str]]:
    out = []
    for m in MONTH_SPAN.finditer(text):
        mo = MONTH.get(m.group(1).lower().rstrip(".")[:3], 0)
        for d in (m.group(2), m.group(3)):
            with contextlib.suppress(ValueError):
                day = datetime.date(int(m.group(4)), mo, int(d))
                out.append((m.start(), m.end(), day.isoformat()))
    return out


def _span_regions(text: str) -> list[tuple[int, int]]:
    """Where a text says the days of a span beside a date, or a month's first or last day
    (blanked as a date's digits are)."""
    spans = _month_spans(text) + _month_edges(text)
    rest = MONTH_EDGE.sub(_blank, MONTH_SPAN.sub(_blank, text))
    written = spans + _written(rest)
    found = spans + _first_days(rest, written) + _last_days(rest, written)
    return [(start, end) for start, end, _iso in found]


def _first_days(text: str, dates: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The first day of a span said before a written date, in its month and year: "14 to 16
    June 2027" -> 2027-06-14."""
    out = []
    for m in SPAN_START.finditer(text):
        then = next((iso for start, _end, iso in dates if start == m.end()), None)
        if then is not None:
            with contextlib.suppress(ValueError):
                day = datetime.date(int(then[:4]), int(then[5:7]), int(m.group(1)))
                out.append((m.start(), m.end(), day.isoformat()))
    return out


def _last_days(text: str, dates: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The last day of a span said right after a date, in its month and year: "2027年6月14日至
    16日" -> 2027-06-16."""
    out = []
    for _start, end, iso in dates:
        m = SPAN_END.match(text[end:])
        if m is not None:
            with contextlib.suppress(ValueError):
                day = datetime.date(int(iso[:4]), int(iso[5:7]), int(m.group(1)))
                out.append((end, end + m.end(), day.isoformat()))
    return out


def _blank(m: re.Match[str]) -> str:
    return " " * len(m.group(0))


def _day(said: str) -> str:
    """A day of the month as digits: "14", "1st", "the first" -> "1"."""
    word = re.sub(r"\s+", " ", said.lower())
    return str(ORDINAL[word]) if word in ORDINAL else re.sub(r"\D", "", said)


def _next_year(text: str, before: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """A month and day said of the year after the date written before it: "2026年10月1日起至次年
    9月30日" -> 2027-09-30, "the 1st of May 2026 to the 30th of April of the following year"."""
    out = []
    for m in NEXT_YEAR.finditer(text):
        prior = [iso for _s, end, iso in before if end <= m.start()]
        if not prior:
            continue
        if m.group(1):
            mo, d = int(m.group(1)), int(m.group(2))
        else:
            mo, d = MONTH.get(m.group(4).lower().rstrip(".")[:3], 0), int(_day(m.group(3)))
        with contextlib.suppress(ValueError):
            day = datetime.date(int(prior[-1][:4]) + 1, mo, d)
            out.append((m.start(), m.end(), day.isoformat()))
    return out


YEAR_MONTH = re.compile(
    rf"\b({MON})\s*,?\s+(\d{{4}})\b|(?<!\d)(\d{{4}})[-/](\d{{1,2}})(?![-/]?\d)"
    r"|(\d{4})\s*年\s*((?:\d{1,2}\s*月\s*(?:[、,，和及至到-]\s*)?)+)(?!\s*\d+\s*[日号])",
    re.IGNORECASE,
)
RELATIVE_MONTH = re.compile(
    r"上个?月|这个?月|本月|下个?月|\b(?:last|previous|this|next)\s+month\b", re.I
)
ZH_MONTHS = re.compile(r"(\d{1,2})\s*月")


def year_months(text: str) -> list[str]:
    """The months a text names with their year, as YYYY-MM: "March 2027", "2027-03", "2026年10月",
    and each month of a run that shares one year ("2026年10月、11月、12月": three months)."""
    out: list[str] = []
    for m in RELATIVE_MONTH.finditer(text):  # "上个月", "last month": counted from today
        on = today_date()
        ahead = -1 if re.match(r"上|last|previous", m.group(0), re.I) else 0
        ahead = 1 if re.match(r"下|next", m.group(0), re.I) else ahead
        years, month0 = divmod(on.month - 1 + ahead, 12)
        out.append(f"{on.year + years}-{month0 + 1:02d}")
    for m in YEAR_MONTH.finditer(text):
        g = m.groups()
        if g[0]:
            pairs = [(g[1], str(MONTH.get(g[0].lower().rstrip(".")[:3], 0)))]
        elif g[2]:
            pairs = [(g[2], g[3])]
        else:
            pairs = [(g[4], mo) for mo in ZH_MONTHS.findall(g[5])]
        for y, mo in pairs:
            if 1 <= int(mo) <= 12 and f"{y}-{int(mo):02d}" not in out:
                out.append(f"{y}-{int(mo):02d}")
    return out


WORKBOOK_TODAY = datetime.date(2026, 12, 1)
TODAY_SAID: contextvars.ContextVar[datetime.date | None] = contextvars.ContextVar(
    "today_said", default=None
)
NOW_WORD = re.compile(
    r"\b(?:today|the current date|current date|now|it is|it's)\b|今天|今日|现在|当前日期|目前|当前",
    re.IGNORECASE,
)
SAID_MONTH = re.compile(
    r"(\d{4})\s*年\s*(\d{1,2})\s*月(?!\s*\d)|(?<![\d-])(\d{4})-(\d{2})(?![\d-])"
)


def today_in(system: str) -> datetime.date | None:
    """The day a system prompt says it is today: the first date written in a sentence that says
    today / now ("今天是 2027年3月12日，星期五。", "Today is 2027-03-12."); a month alone
    ("现在是2026年12月") is its first day."""
    for sentence in re.split(r"(?<=[.!?。！？\n])", system):
        if not NOW_WORD.search(sentence):
            continue
        written = _written(sentence)
        if written:
            return datetime.date.fromisoformat(written[0][2])
        m = SAID_MONTH.search(sentence)
        if m:
            y, mo = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            if 1 <= int(mo) <= 12:
                return datetime.date(int(y), int(mo), 1)
    return None


STATED_TODAY = re.compile(  # a user's sentence that says what day it is today
    r"\b(?:today(?:'s date)?\s+is|today\s*:|the date today is|the (?:current )?date is"
    r"|it\s+is\s+now|it's\s+now|now\s+it's)\s*(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s*)?"
    r"|(?:今天|今日|现在|当前日期)\s*(?:是|为|：|:)?\s*",
    re.IGNORECASE,
)
STATED_DAY = re.compile(  # the day it says, its year left out too ("Today is 3 March")
    rf"(?:{DATE.pattern})|\b(?:the\s+)?({DAY_SAID})\s+(?:of\s+)?({MON})(?![a-z])"
    rf"|\b({MON})\s+(?:the\s+)?({DAY_SAID})\b|(?<!\d)(\d{{1,2}})\s*月\s*(\d{{1,2}})\s*[日号]",
    re.IGNORECASE,
)


def stated_today(text: str) -> list[tuple[int, int, datetime.date]]:
    """The sentences of a user's text that state today's date, each with where the statement
    starts and ends and the day it states: "Today is 3 March 2027", "Today is Wednesday, 3 March
    2027", "今天是2027年3月3日". A day stated without its year is in the year of the clock's today
    ("今天是3月3日")."""
    out = []
    for m in STATED_TODAY.finditer(text):
        d = STATED_DAY.match(text, m.end())
        if d is None:
            continue
        written = _written(d.group(0))
        if written:
            out.append((m.start(), d.end(), datetime.date.fromisoformat(written[0][2])))
            continue
        g = d.groups()[-6:]
        day, mon = (g[0], g[1]) if g[0] else (g[3], g[2]) if g[2] else (g[5], None)
        mo = MONTH.get(mon.lower().rstrip(".")[:3], 0) if mon else int(g[4])
        with contextlib.suppress(ValueError):
            on = datetime.date(_clock_today().year, mo, int(_day(day)))
            out.append((m.start(), d.end(), on))
    return out


@contextlib.contextmanager
def today_from(system: str, turns: list[str] | None = None) -> Iterator[None]:
    """Within it, "today" is the day the system prompt says, when it says one (`today_in`), else
    the day the latest user turn that states one says ("Today is 3 March 2027.", "今天是2027年3月3
    日。": `stated_today`); relative words ("next Friday", "后天") count from it."""
    said = today_in(system)
    for turn in reversed(turns or []):
        stated = stated_today(turn) if said is None else []
        said = stated[0][2] if stated else said
    token = TODAY_SAID.set(said)
    try:
        yield
    finally:
        TODAY_SAID.reset(token)


def today_date() -> datetime.date:
    """The stand-in's "today": the clock the offline API pins (agentkit.offline.models.today):
    AGENTKIT_TODAY=YYYY-MM-DD (read by agentkit.settings), or "system" for this machine's date;
    unset or unreadable, the workbook's date."""
    said = TODAY_SAID.get()
    return said if said is not None else _clock_today()


def _clock_today() -> datetime.date:
    """The clock's today, whatever a conversation says."""
    try:
        value = today_from_env()
    except SettingsError:
        return WORKBOOK_TODAY
    if isinstance(value, datetime.date):
        return value
    if value in ("system", "now"):
        return datetime.datetime.now(datetime.UTC).date()
    return WORKBOOK_TODAY


WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday".split()
ZH_WEEKDAY = "一二三四五六日"
MONTH_WORD = (  # a month's name or its abbreviation, no longer word ("2 octopus" is no date)
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?(?![a-z])"
)
RELATIVE = re.compile(
    r"\b(?P<week_end>end\s+of\s+(?:the\s+|this\s+|(?P<wk_next>next)\s+)?week)\b"
    r"|\b(?P<after>(?:the\s+)?day after tomorrow)\b|\b(?P<tomorrow>tomorrow)\b"
    r"|\b(?P<today>today|tonight|this (?:morning|afternoon|evening))\b|\b(?P<yesterday>yesterday)\b"
    r"|\b(?:(?P<next>next)|(?P<last>last|past|previous)|this|coming|on)?\s*\b(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday"
    r"|(?-i:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun))\b"
    r"|\bin\s+(?P<in>\d{1,3}|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
    r"|thirteen|fourteen|fifteen|twenty|thirty)\s+(?P<in_unit>days?|weeks?)\b"
    r"|(?P<zh_in>\d{1,3}|[一二两三四五六七八九十]{1,3})\s*(?P<zh_in_unit>天|日|个?(?:星期|礼拜)|周)"
    r"\s*(?:以后|之后|后)"
    rf"|\b(?P<mon>{MONTH_WORD})\s+(?P<mday>\d{{1,2}})(?:st|nd|rd|th)?\b"
    rf"|\b(?P<dmon>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon2>{MONTH_WORD})"
    r"|(?P<zh_day>大后天|后天|明天|明早|明晚|今天|今晚|今早|昨天|昨晚|前天)"
    r"|(?P<zh_week>下下|下|这|本|上)?个?(?:周|星期|礼拜)(?P<zh_wd>[一二三四五六日天])"
    r"|(?P<zh_rel>本|这个?|下个?|上个?)月\s*(?P<zh_rd>\d{1,2})\s*[日号]"
    r"|\bthe\s+(?P<rel_d>\d{1,2})(?:st|nd|rd|th)?\s+of\s+(?P<rel>this|next|last|the\s+coming)\s+month\b"
    r"|(?<![\d一二三四五六七八九十])(?P<zh_m>\d{1,2}|十[一二]?|[一二三四五六七八九])\s*月\s*"
    r"(?P<zh_d>\d{1,2}|[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])\s*[日号]"
    rf"|\bthe\s+(?P<nth>\d{{1,2}})(?:st|nd|rd|th)\b(?!\s+(?:of\s+)?{MONTH_WORD})"
    r"|(?<![\d月年.])(?P<zh_nth>\d{1,2})\s*[号日](?![楼层线门室座院场桌厅馆房柜仓库台棚池窗床]|会议|教室|包厢|包间|车厢|车位|机位|机房|码头)"
    r"|(?P<feast>\bchristmas\s+eve\b|\bchristmas(?:\s+day)?\b(?!\s+island)|\bnew\s+year'?s\s+eve\b"
    r"|\bnew\s+year'?s(?:\s+day)?\b|\bvalentine'?s\s+day\b|\bhalloween\b|\bboxing\s+day\b"
    r"|平安夜|圣诞节?|跨年夜|元旦|万圣节|国庆节|儿童节|劳动节)",
    re.IGNORECASE,
)
# days of the year that are the same every year, by the name a feast gives them
FEASTS = {"christmas eve": (12, 24), "christmas": (12, 25), "boxing day": (12, 26)}
FEASTS |= {"new years eve": (12, 31), "new years": (1, 1), "valentines day": (2, 14)}
FEASTS |= {"halloween": (10, 31), "平安夜": (12, 24), "圣诞": (12, 25), "跨年夜": (12, 31)}
FEASTS |= {
    "元旦": (1, 1),
    "万圣节": (10, 31),
    "国庆节": (10, 1),
    "儿童节": (6, 1),
    "劳动节": (5, 1),
}


def _feast(said: str) -> tuple[int, int]:
    """The month and day of a feast's name ("Christmas Eve", "New Year's Day", "平安夜")."""
    key = re.sub(r"\s+", " ", said.lower().replace("'", "")).removesuffix(" day")
    key = key.removesuffix("节") if key.startswith("圣诞") else key
    return FEASTS.get(key) or FEASTS.get(f"{key} day") or FEASTS[key.removesuffix(" day")]


ZH_DAYS = {"今天": 0, "今晚": 0, "今早": 0, "明天": 1, "明早": 1, "明晚": 1, "后天": 2, "大后天": 3}
ZH_DAYS |= {"昨天": -1, "昨晚": -1, "前天": -2}


WEEKDAY_WORD = re.compile(
    r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun)\b"
    r"|(?:星期|周|礼拜)[一二三四五六日天]",
    re.I,
)


def weekday_shape(description: str) -> str | None:
    """The weekday a description gives as its example ("weekday, e.g. Tuesday" -> "Tuesday")."""
    m = WEEKDAY_WORD.search(description)
    return m.group(0) if m else None


def weekday_as(iso: str, example: str) -> str:
    """A date's day of the week written as the example writes one: "Tuesday" -> "Thursday",
    "tue" -> "thu", "周二" -> "周四", "星期二" -> "星期四"."""
    wd = datetime.date.fromisoformat(iso).weekday()
    if not example.isascii():
        return example[:-1] + ZH_WEEKDAY[wd]
    name = WEEKDAYS[wd] if len(example) > 3 else WEEKDAYS[wd][:3]
    return name if example.islower() else name.upper() if example.isupper() else name.title()


def relative_dates(text: str, on: datetime.date) -> list[tuple[int, int, str]]:
    """The dates a text names relative to the day `on`: "today"/"tonight"/"今天", "tomorrow"/
    "明天", "the day after tomorrow"/"后天", "in 3 days", a weekday ("Thursday", "on Fri", "周四":
    the next one, today included; "next Monday" the next after today, "last Monday" the one
    before; "下周一" the one of next week, "上周五" of last week), "yesterday"/"昨天"/"前天", a
    month and day without a year ("Dec 20", "12月20号": the next such day from today), a day of
    the month alone ("the 15th", "15号": this month's, else next month's), a day of a month
    named from today's ("本月28号", "下个月3号", "the 3rd of next month")."""
    said = [(m, _relative(m, on)) for m in RELATIVE.finditer(text)]
    said = _same_month(said)
    found = _weekday_years(text, [(m, d) for m, d in said if d is not None], on)
    return [_shifted(text, m.start(), m.end(), d) for m, d in found]


def _same_month(
    said: list[tuple[re.Match[str], datetime.date | None]],
) -> list[tuple[re.Match[str], datetime.date | None]]:
    """A day of the month said alone after a date that names its month ("arrives March 3rd,
    leaves the 6th", "5月2号到8号") is of that month (the next after it), not of today's."""
    out: list[tuple[re.Match[str], datetime.date | None]] = []
    month: datetime.date | None = None
    for m, d in said:
        g = m.groupdict()
        if month is not None and (g["nth"] or g["zh_nth"]):
            with contextlib.suppress(ValueError):
                day = month.replace(day=int(g["nth"] or g["zh_nth"]))
                d = day if day >= month else _day_of_month(day.day, month)
        elif g["mon"] or g["mon2"] or g["zh_m"]:
            month = d
        out.append((m, d))
    return out


BESIDE = re.compile(r"^[\s,，、(（]*$")  # what stands between a weekday and its date


def _weekday_years(
    text: str, found: list[tuple[re.Match[str], datetime.date]], on: datetime.date
) -> list[tuple[re.Match[str], datetime.date]]:
    """A weekday written beside a month and day without a year ("Tuesday 1 December", "12月5日
    （周六）") names that date, no day of its own, and fixes its year: the one nearest today in
    which that day falls on that weekday (a note's "Tue 1 Dec" is the one just past)."""
    out = list(found)
    for i, (m, day) in enumerate(found):
        g = m.groupdict()
        if not (g["mday"] or g["dmon"] or g["zh_d"]):
            continue
        for j in (i - 1, i + 1):
            if not 0 <= j < len(found) or not WEEKDAY_WORD.fullmatch(
                found[j][0].group(0).strip().removeprefix("on").strip()
            ):
                continue
            a, b = (found[j][0], m) if j < i else (m, found[j][0])
            if not BESIDE.match(text[a.end() : b.start()]):
                continue
            wd = found[j][1].weekday()
            years = [on.year - 1, on.year, on.year + 1]
            fits = [
                d for y in years for d in [_same_day(day, y)] if d is not None and d.weekday() == wd
            ]
            if fits:
                out[i] = (m, min(fits, key=lambda d: abs((d - on).days)))
                out[j] = (found[j][0], datetime.date.min)  # the weekday: the date's own name
    return [(m, d) for m, d in out if d != datetime.date.min]


def _same_day(day: datetime.date, year: int) -> datetime.date | None:
    try:
        return day.replace(year=year)
    except ValueError:
        return None


AFTER_NEXT = re.compile(r"\s+after\s+next\b", re.I)
SPAN_FROM = re.compile(  # "a week from Friday", "two weeks from today", "10 days after Monday"
    r"\b(\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s+(days?|weeks?)\s+"
    r"(?:from|after)(?:\s+(?:this|next|on))?\s*$",
    re.I,
)


def _shifted(text: str, start: int, end: int, day: datetime.date) -> tuple[int, int, str]:
    """A day named and then shifted by the words around it: "the Friday after next" is a week
    after the next Friday, "a week from Friday" / "two weeks from today" that span after it."""
    after = AFTER_NEXT.match(text, end)
    if after:
        return start, after.end(), (day + datetime.timedelta(days=7)).isoformat()
    before = SPAN_FROM.search(text[max(0, start - 30) : start])
    if before:
        ahead = _days_ahead(before.group(1), before.group(2))
        at = max(0, start - 30) + before.start()
        return at, end, (day + datetime.timedelta(days=ahead)).isoformat()
    return start, end, day.isoformat()


def _relative(m: re.Match[str], on: datetime.date) -> datetime.date | None:
    g = m.groupdict()
    plus = datetime.timedelta
    if g["in"] or g["zh_in"]:  # "in six days", "in 2 weeks", "三天后", "两周后"
        return on + plus(days=_days_ahead(g["in"] or g["zh_in"], g["in_unit"] or g["zh_in_unit"]))
    if g["after"] or g["tomorrow"] or g["today"] or g["zh_day"] or g["yesterday"]:
        ahead = 2 if g["after"] else 1 if g["tomorrow"] else 0 if g["today"] else None
        ahead = -1 if g["yesterday"] else ahead
        ahead = ahead if ahead is not None else ZH_DAYS[g["zh_day"]]
        return on + plus(days=ahead)
    if g["week_end"]:  # "the end of next week": the Friday of that week
        return on + plus(days=4 - on.weekday() + (7 if g["wk_next"] else 0))
    if g["wd"] or g["zh_wd"]:
        return _weekday(g, on)
    if g["zh_rd"] or g["rel_d"]:
        return _in_month(g["zh_rel"] or g["rel"], int(g["zh_rd"] or g["rel_d"]), on)
    if g["nth"] or g["zh_nth"]:
        return _day_of_month(int(g["nth"] or g["zh_nth"]), on)
    month = g["mon"] or g["mon2"]
    if g["feast"]:
        mo, d = _feast(g["feast"])
    else:
        mo = MONTH.get(month.lower().rstrip(".")[:3], 0) if month else _zh_int(g["zh_m"])
        d = _zh_int(g["mday"] or g["dmon"] or g["zh_d"])
    try:
        day = datetime.date(on.year, mo, d)
        if NEXT_YEAR_SAID.search(m.string[max(0, m.start() - 4) : m.start()]):
            return datetime.date(on.year + 1, mo, d)  # "明年五月二号", "next year on May 2"
        return day if day >= on else datetime.date(on.year + 1, mo, d)
    except ValueError:
        return None


NEXT_YEAR_SAID = re.compile(r"明年\s*$|next year\s+(?:on\s+)?$", re.I)


def _zh_int(said: str) -> int:
    """A day or month in digits or Chinese numerals ("2", "十二", "二十三")."""
    return int(said) if said.isdigit() else _zh_number(said)


def _days_ahead(count: str, unit: str) -> int:
    """The days of a count of days or weeks said in digits or words ("six", "a", "两")."""
    n = int(count) if count.isdigit() else 1 if count.lower() == "a" else None
    n = n if n is not None else worded_number(count) if count.isascii() else _zh_number(count)
    return n * (1 if unit[0] in "d天日" else 7)


def _weekday(g: dict[str, Any], on: datetime.date) -> datetime.date:
    plus = datetime.timedelta
    if g["wd"]:
        wd = next(i for i, w in enumerate(WEEKDAYS) if w.startswith(g["wd"].lower()[:3]))
        if g["last"]:  # "last Monday": the one before today
            return on - plus(days=(on.weekday() - wd) % 7 or 7)
        ahead = (wd - on.weekday()) % 7
        return on + plus(days=ahead or (7 if g["next"] else 0))
    wd = 6 if g["zh_wd"] in "日天" else ZH_WEEKDAY.index(g["zh_wd"])
    if not g["zh_week"]:
        return on + plus(days=(wd - on.weekday()) % 7)
    weeks = {"下下": 2, "下": 1, "上": -1}.get(g["zh_week"], 0)
    return on + plus(days=7 * weeks + wd - on.weekday())


def _in_month(which: str, d: int, on: datetime.date) -> datetime.date | None:
    """A day of a month named relative to today's ("本月28号", "the 3rd of next month")."""
    ahead = 1 if which[0] in "下nc" else -1 if which[0] in "上l" else 0
    y, mo = divmod(on.month - 1 + ahead, 12)
    try:
        return datetime.date(on.year + y, mo + 1, d)
    except ValueError:
        return None


def _day_of_month(d: int, on: datetime.date) -> datetime.date | None:
    """A day of the month said alone: this month's, else the next month's that has it."""
    for ahead in range(3):
        y, mo = divmod(on.month - 1 + ahead, 12)
        try:
            day = datetime.date(on.year + y, mo + 1, d)
        except ValueError:
            continue
        if day >= on:
            return day
    return None


def times(text: str) -> list[tuple[int, str]]:
    """The clock times a text writes, each with where it starts, as HH:MM ("noon" is 12:00)."""
    out = [
        (m.start(), "12:00" if m.group(0).lower() == "noon" else "00:00")
        for m in NOON.finditer(text)
    ]
    plain = DATE.sub(lambda m: " " * len(m.group(0)), text)
    out += _bare_hours(plain) + _spoken_times(plain)
    for m in TIME.finditer(plain):
        g = m.groups()
        if g[1]:
            h, mi, half = int(g[1]), int(g[2]), (g[3] or "").lower() or _half(g[0])
            half = half or _part_of_day(plain[m.end() : m.end() + 24])
        elif g[4]:
            h, mi, half = int(g[4]), 0, g[5].lower()
        else:
            h = int(g[7]) if g[7].isdigit() else _zh_number(g[7])
            quarters = {"半": 30, "一刻": 15, "三刻": 45}
            mi = quarters.get(g[8] or "") or (int(re.sub(r"\D", "", g[8])) if g[8] else 0)
            half = _half(g[6])
        if half == "p" and h < 12:
            h += 12
        if half == "a" and h == 12:
            h = 0
        if 0 <= h <= 23 and 0 <= mi <= 59:
            out.append((m.start(), f"{h:02d}:{mi:02d}"))
    out += _hour_ranges(plain, out)
    return sorted(set(out))  # (a bare hour in words is a spoken time too: "at six o'clock")


HOUR_WORDS = "one two three four five six seven eight nine ten eleven twelve".split()
_HOUR = r"(?:1[0-2]|0?[1-9]|" + "|".join(HOUR_WORDS) + ")"
MINUTE_WORDS = {"quarter": 15, "half": 30, "five": 5, "ten": 10, "twenty": 20, "twenty-five": 25,
                "fifteen": 15, "thirty": 30, "forty-five": 45, "fifty": 50, "forty": 40}  # fmt: skip
HALF_HOUR = re.compile(
    r"(?<!past )\bhalf\s+(" + _HOUR + r")\b(?![:.]?\d)(?!\s+(?:past|to)\b)", re.I
)
SPOKEN_TIME = re.compile(
    r"\b(?:(?:a\s+)?(quarter|half|twenty[- ]five|twenty|ten|five|\d{1,2})\s+(past|after|to)\s+("
    + _HOUR
    + r")|("
    + _HOUR
    + r")\s+(o'?clock|fifteen|thirty|forty[- ]five|fifty))\b(?![:.]?\d)",
    re.I,
)


HOUR_RANGE = re.compile(  # "from 9 to noon", "2 till half past three", "between 1 and 4 pm"
    r"\b(?:(from|between)\s+)?(" + _HOUR + r")(?![:.]?\d)\s*(?:([ap])\.?m\b\.?)?\s*"
    r"(?:to|till|til|until|and|-|–)\s*",
    re.I,
)
RANGE_END = re.compile(r"(" + _HOUR + r")(?![:.]?\d)(?:\s*([ap])\.?m\b\.?)?", re.I)
COUNTED = re.compile(  # "between 2 and 3 guests", "2 to 4 people": a count, no hours
    r"\s+(?!(?:am|pm|in|on|at|and|for|with|then|this|next)\b)(?:[a-z]+s|people|children)\b", re.I
)
ZH_NOON_END = re.compile(r"(?<=[到至])\s*中午(?!\s*(?:\d|[一二两三四五六七八九十]))")


def _hour_ranges(text: str, found: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """A range of hours whose bare start no other rule reads: the start of "from 9 to noon",
    "2 till half past three", "between 1 and 4 pm", "from 9 to 11" (not nine minutes to 11), and
    its end when that is a bare hour too; the start is the reading (morning or afternoon) that comes before the end and
    nearest it. Bare both ends ("2 to 3 people") need "from" or "between", and no counted noun
    after ("between 2 and 3 guests"); "到中午" ends at noon."""
    at = dict(found)
    out = [(m.start(), "12:00") for m in ZH_NOON_END.finditer(text)]
    for m in HOUR_RANGE.finditer(text):
        opener, hour, half = m.group(1), m.group(2), (m.group(3) or "").lower()
        if opener and SPOKEN_TIME.match(text, m.start(2)):  # "from 9 to 11": no "nine to 11"
            found.remove((m.start(2), at.pop(m.start(2))))
        if m.start(2) in at:
            continue
        end = at.get(m.end())
        if end is None:
            e = RANGE_END.match(text, m.end())
            if e is None or not (opener or e.group(2)) or COUNTED.match(text, e.end()):
                continue
            h2, half2 = _hour_word(e.group(1)), (e.group(2) or "").lower()
            if half2 == "p" or not half2 and (1 <= h2 <= 6 or half == "p"):
                h2 = h2 % 12 + 12
            end = f"{h2:02d}:00"
            out.append((m.end(), end))
        h = _hour_word(hour) % 12
        if half:
            h += 12 if half == "p" else 0
        else:
            end_h = int(end[:2])
            h = max((x for x in (h, h + 12) if x < end_h), default=h)
        out.append((m.start(2), f"{h:02d}:00"))
    return out


def _spoken_times(text: str) -> list[tuple[int, str]]:
    """Clock times said in words: "a quarter past six", "half past five", "twenty to nine",
    "six thirty", "seven o'clock", "half seven" (half past seven); after noon when followed by its part of the day ("in the
    evening"), when the text says evening, afternoon or tonight, or for 1 to 6."""
    out = []
    for m in SPOKEN_TIME.finditer(text):
        said, side, hour, hour2, after = m.groups()
        h = _hour_word(hour or hour2)
        if said:
            mi = int(said) if said.isdigit() else MINUTE_WORDS[said.lower().replace(" ", "-")]
            if side.lower() == "to":
                h, mi = h - 1 if h > 1 else 12, 60 - mi
        else:
            mi = (
                0
                if after.lower().startswith("o")
                else MINUTE_WORDS[after.lower().replace(" ", "-")]
            )
        part = _part_of_day(text[m.end() : m.end() + 24])
        if part == "p" or not part and h < 12 and (LATE.search(text) or 1 <= h <= 6):
            h = h % 12 + 12
        if 0 <= h <= 23 and 0 <= mi <= 59:
            out.append((m.start(), f"{h:02d}:{mi:02d}"))
    for m in HALF_HOUR.finditer(text):  # "from half seven": half past seven, as said in Britain
        if any(at <= m.start() < at + 20 for at, _t in out):
            continue
        h = _hour_word(m.group(1))
        part = _part_of_day(text[m.end() : m.end() + 24])
        if part == "p" or not part and h < 12 and (LATE.search(text) or 1 <= h <= 6):
            h = h % 12 + 12
        out.append((m.start(), f"{h:02d}:30"))
    return sorted(out)


def _hour_word(said: str) -> int:
    return int(said) if said.isdigit() else HOUR_WORDS.index(said.lower()) + 1


PART_OF_DAY = re.compile(
    r"^\s*(?:(?:in|on)\s+the\s+(?:(morning)|(afternoon|evening))|(at\s+night|tonight))", re.I
)


def _part_of_day(after: str) -> str:
    """ "a" or "p" for a clock time followed by its part of the day ("6:30 in the evening")."""
    m = PART_OF_DAY.match(after)
    return "" if m is None else "a" if m.group(1) else "p"


NOON = re.compile(r"\b(?:noon|midnight)\b", re.I)
BARE_HOUR = re.compile(
    r"\bat\s+(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b"
    r"(?:\s*o'?clock)?(?![\d:%]|\.\d)(?!\s*(?:[ap]\.?m\b|each|apiece|per\b|people|"
    r"persons?|guests?|percent|dollars?|euros?|pounds?|kg|km|g\b|ml))",
    re.I,
)
WORD_HOUR_END = re.compile(
    r"(?<=o'clock)|(?<=oclock)|\s*(?:[,.;!?)]|$)|\s+(?:tonight|today|tomorrow|in\s+the|on|this|next|"
    r"sharp|and|please|then|to|for)\b",
    re.I,
)
LATE = re.compile(r"tonight|evening|afternoon|\bpm\b", re.I)


def _bare_hours(text: str) -> list[tuple[int, str]]:
    """Hours said without minutes or am/pm ("at 8 tonight", "at 3"): after noon when the text
    says evening or afternoon, or for 1 to 6 (a meeting "at 3" is at 15:00)."""
    out = []
    for m in BARE_HOUR.finditer(text):
        if not m.group(1).isdigit() and not WORD_HOUR_END.match(text, m.end()):
            continue  # "at one point": an hour in words only where a time ends ("at five.")
        h = _hour_word(m.group(1))
        if h <= 12 and (LATE.search(text) or 1 <= h <= 6):
            h = h % 12 + 12
        if h <= 23:
            out.append((m.start(1), f"{h:02d}:00"))
    return out


def _half(zh: str | None) -> str:
    return "p" if zh in ("下午", "晚上", "傍晚") else "a" if zh in ("上午", "早上") else ""


def _zh_number(s: str) -> int:
    if s.startswith("十"):
        return 10 + ZH_DIGITS.get(s[1:], 0)
    if "十" in s:
        a, b = s.split("十")
        return ZH_DIGITS.get(a, 0) * 10 + ZH_DIGITS.get(b, 0)
    return ZH_DIGITS.get(s, 0)


ZH_BIG = {
    "十": 10,
    "拾": 10,
    "百": 100,
    "佰": 100,
    "千": 1000,
    "仟": 1000,
    "万": 10000,
    "亿": 10**8,
}
ZH_FIGURE = {**ZH_DIGITS, "零": 0, "〇": 0, "壹": 1, "贰": 2, "叁": 3, "肆": 4, "伍": 5, "陆": 6,
             "柒": 7, "捌": 8, "玖": 9}  # fmt: skip
ZH_AMOUNT = re.compile(rf"[{''.join(ZH_FIGURE)}{''.join(ZH_BIG)}]+")


def zh_amount(text: str) -> int | None:
    """The first number a text writes in Chinese numerals, the banks' forms too: "二十八" -> 28,
    "贰万" -> 20000, "三千五百" -> 3500; None when it writes none."""
    m = ZH_AMOUNT.search(text)
    if not m:
        return None
    total = section = digit = 0
    place, prev = 1, ""  # the last place said, and what was said from it on
    for ch in m.group(0):
        if ch in ZH_FIGURE:
            digit = ZH_FIGURE[ch]
        elif ZH_BIG[ch] >= 10000:
            total += (section + digit) * ZH_BIG[ch]
            section = digit = 0
        else:
            section += max(digit, 1 if ch in "十拾" else digit) * ZH_BIG[ch]
            digit = 0
        place, prev = (ZH_BIG[ch] if ch in ZH_BIG else place), (ch if ch in ZH_BIG else prev + ch)
    if prev[-1:] in ZH_FIGURE and prev[-2:-1] in ZH_BIG and place >= 100:  # "一百五", "两万五"
        digit *= place // 10
    return total + section + digit


LAYOUT = re.compile(  # a date's layout spelled in letters: "DDMMYYYY", "MM/DD/YYYY", "yyyy.mm.dd"
    r"(?<![A-Za-z])(YYYY|YY|MM|DD)([-./ ]?)(YYYY|YY|MM|DD)\2(YYYY|YY|MM|DD)(?![A-Za-z])", re.I
)


def date_layout(text: str) -> str | None:
    """The first date layout a text spells in letters ("must be DDMMYYYY" -> "DDMMYYYY"): its
    letters say the order of the day, the month and the year, and what stands between them."""
    for m in LAYOUT.finditer(text):
        parts = [m.group(i).upper()[:2] for i in (1, 3, 4)]
        if sorted(parts) == ["DD", "MM", "YY"]:
            return m.group(0)
    return None


def in_layout(iso: str, layout: str) -> str:
    """A YYYY-MM-DD date written in a layout: "1991-02-14" in "DDMMYYYY" -> "14021991", in
    "MM/DD/YY" -> "02/14/91"."""
    y, mo, d = iso.split("-")
    fields = {"YYYY": y, "YY": y[2:], "MM": mo, "DD": d}
    return re.sub(r"YYYY|YY|MM|DD", lambda m: fields[m.group(0)], layout.upper())


EXAMPLE_DATE = re.compile(  # a date a description writes as its example, in its own layout
    r"(?<!\d)(?P<y>\d{4})(?P<s>[-/.])(?P<m>\d{1,2})(?P=s)(?P<d>\d{1,2})(?!\d)"
    r"|(?P<zy>\d{4})\s*年\s*(?P<zm>\d{1,2})\s*月\s*(?P<zd>\d{1,2})\s*(?P<zs>[日号])"
    r"|(?<!\d)(?P<dd>\d{1,2})(?P<ds>[-/.])(?P<dm>\d{1,2})(?P=ds)(?P<dy>\d{4})(?!\d)"
    rf"|\b(?P<mon>{MON})\s+(?P<md>\d{{1,2}}),?\s+(?P<my>\d{{4}})\b"
    rf"|\b(?P<dmd>\d{{1,2}})\s+(?P<dmon>{MON})\s*,?\s+(?P<dmy>\d{{4}})\b",
    re.I,
)


def _pad(example: str, n: int) -> str:
    return f"{n:02d}" if len(example) == 2 else str(n)


def like_example(iso: str, description: str) -> str | None:
    """A YYYY-MM-DD date written as the example date of a description writes one: "格式如
    2026年01月09日" -> "2027年03月04日", "e.g. 2026/1/9" -> "2027/3/4", "like 09.01.2026" (a
    day-first example, its day over 12 or its layout named) -> "04.03.2027", "e.g. March 9, 2026"
    -> "March 4, 2027"; None when it writes no example, or one that is ISO already."""
    day = datetime.date.fromisoformat(iso)
    for x in EXAMPLE_DATE.finditer(description):
        g = x.groupdict()
        if g["y"] and g["s"] == "-" and len(g["m"]) == 2 == len(g["d"]):
            return None  # the example is ISO: as it is
        if g["y"]:
            return g["s"].join([str(day.year), _pad(g["m"], day.month), _pad(g["d"], day.day)])
        if g["zy"]:
            return f"{day.year}年{_pad(g['zm'], day.month)}月{_pad(g['zd'], day.day)}{g['zs']}"
        if g["dd"] and (int(g["dd"]) > 12 or int(g["dd"]) == int(g["dm"])):
            return g["ds"].join([_pad(g["dd"], day.day), _pad(g["dm"], day.month), str(day.year)])
        name = g["mon"] or g["dmon"]
        if name:
            full = MONTHS.split()[day.month - 1]
            month = full[:3] + "." * name.endswith(".") if len(name.rstrip(".")) == 3 else full
            month = month.title() if name[0].isupper() else month
            if g["mon"]:
                return f"{month} {day.day}{',' * (',' in x.group(0))} {day.year}"
            return f"{day.day} {month}{',' * (',' in x.group(0))} {day.year}"
    return None


CLOCK_LAYOUT = re.compile(r"^(\s*T?\s*|\s+)(HH|hh)([:.h]?)(MM|mm)(?:\3(SS|ss))?(?![A-Za-z])")


def as_described(value: str, description: str) -> str:
    """A date or a date and time (ISO, "2026-12-09T15:30:00") written in the layout a description
    spells in letters: "YYYY-MM-DD HH:MM" -> "2026-12-09 15:30", "DD.MM.YYYY HH:mm" ->
    "09.12.2026 15:30", "DD/MM/YYYY" -> "09/12/2026"; kept as it is when the description spells
    no date layout."""
    m = re.match(r"(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$", value)
    found = next((x for x in LAYOUT.finditer(description) if date_layout(x.group(0))), None)
    if m and not found and not m.group(2):
        return like_example(m.group(1), description) or value
    if not m or not found:
        return value
    out = in_layout(m.group(1), found.group(0))
    clock = CLOCK_LAYOUT.match(description[found.end() :])
    if clock and m.group(2):
        sep = clock.group(1) if clock.group(1).strip() else " "
        out += f"{sep.strip() or ' '}{m.group(2)}{clock.group(3)}{m.group(3)}"
        if clock.group(5):
            out += f"{clock.group(3)}{m.group(4) or '00'}"
    return out


def date_times(text: str) -> list[str]:
    """Each date with the first time said after it (before the next date), else the time said
    right before it (after the previous date): "2026-04-02 at 15:30" -> "2026-04-02T15:30:00",
    "at 7pm on Friday" -> Friday's date at 19:00."""
    dates = _dates(text)
    clock = times(text)
    out = []
    for i, (start, end, d) in enumerate(dates):
        stop = dates[i + 1][0] if i + 1 < len(dates) else len(text) + 1
        after = [t for at, t in clock if end <= at < stop]
        since = dates[i - 1][1] if i else 0
        before = [t for at, t in clock if since <= at < start]
        t = after[0] if after else before[-1] if before else None
        whole = WRITTEN_STAMP.match(text, start)
        if whole and whole.group(1) == d:  # written whole: its seconds and offset kept
            zone = (whole.group(3) or "").upper()
            zone = f"{zone[:3]}:{zone[-2:]}" if len(zone) == 5 else zone  # +0800 -> +08:00
            out.append(f"{d}T{whole.group(2)}{zone}")
        elif t is not None:
            out.append(f"{d}T{t}:00")
    return out


WRITTEN_STAMP = re.compile(  # an ISO date-time written whole, with its seconds
    r"(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2}(?:\.\d+)?)([Zz]|[+-]\d{2}:?\d{2}(?!\d))?"
)


WHEN_LEAD = re.compile(r"(?:\s+(?:on|at|for|next|this|by|from|in))+\s*$", re.I)
SPAN = re.compile(r"\bfor\s+\d+(?:\.\d+)?\s*(?:min|minutes?|hours?|hrs?|h)\b", re.I)


def before_when(text: str) -> str | None:
    """A title's words before the first date, time or duration it says: "a call with Priya next
    Tuesday at 4pm for 30 minutes" -> "call with Priya" (an article first dropped); None when
    the text says none or begins with one."""
    spans = [
        m.start() for p in (DATE, RELATIVE, TIME, BARE_HOUR, NOON, SPAN) for m in p.finditer(text)
    ]
    cut = min(spans, default=0)
    head = WHEN_LEAD.sub("", text[:cut]).strip(" ,")
    return re.sub(r"^(?:a|an|the)\s+", "", head, flags=re.I) or None


COLOUR_EN = (
    "red|blue|green|black|white|grey|gray|yellow|orange|purple|pink|brown|navy|beige|silver|gold"
    "|violet|teal|turquoise|maroon|burgundy|cream|ivory|khaki|olive|charcoal|tan|cyan|magenta"
)
COLOUR = re.compile(
    rf"\b(?:(?:light|dark|pale|bright|deep|navy|sky|royal|forest|olive)[ -])?(?:{COLOUR_EN})\b"
    r"|(?:浅|深|淡|亮|暗|藏|天|宝|酒|墨|军|咖|玫|粉|米|卡其|藏青|香槟)?[红橙黄绿青蓝紫黑白灰粉棕褐金银]色"
    r"|(?:卡其|香槟|咖啡|玫红|酒红|藏青|米白|奶白)色?",
    re.I,
)
COLOUR_NAME = re.compile(r"colou?r|颜色|色彩|配色", re.I)


def colour(text: str) -> str | None:
    """The colour a text says, from the class table of colour words in both languages ("navy
    blue", "dark green", "蓝色", "藏青色"), or None."""
    m = COLOUR.search(text)
    return m.group(0) if m else None


def without_dates(text: str) -> str:
    """The text with its dates and clock times blanked (their digits are no quantities)."""
    for start, end in _span_regions(text):  # "14 to 16 June 2027", "6月14日至16日"
        text = text[:start] + " " * (end - start) + text[end:]
    text = NEXT_YEAR.sub(_blank, DATE.sub(_blank, text))
    text = RELATIVE.sub(  # "12月20号", "Dec 20", "三天后"; a word ("明天") or "in 3 days" is left
        lambda m: (
            " " * len(m.group(0))
            if m["mday"] or m["dmon"] or m["zh_m"] or m["zh_in"]
            else m.group(0)
        ),
        text,
    )  # a Chinese count of days before 后 is a date's
    text = SPOKEN_TIME.sub(_blank, text)  # "half past twelve", "a quarter to 3"
    return TIME.sub(lambda m: " " * len(m.group(0)), text)


def unit_of(words: str) -> str | None:
    """The unit a property's name or description names ("grams", "duration_minutes", "克数")."""
    spaced = re.sub(r"[_-]", " ", words)
    spaced = re.sub(r"^(?:min|max)\s+(?=[a-z])", "", spaced)  # min_magnitude: "min" is no minute
    for unit, named, _written in UNITS:
        if re.search(named, spaced, re.I):
            return unit
    return None


SCALE = {  # unit -> (dimension, how many of the dimension's base unit it is)
    "millisecond": ("time", 0.001), "second": ("time", 1), "minute": ("time", 60),
    "hour": ("time", 3600), "day": ("time", 86400),
    "gram": ("mass", 1), "kilogram": ("mass", 1000), "pound": ("mass", 453.59237),
    "tonne": ("mass", 1_000_000),
    "millilitre": ("volume", 1), "litre": ("volume", 1000), "gallon": ("volume", 3785.41),
    "cup": ("volume", 236.588), "tablespoon": ("volume", 14.787), "teaspoon": ("volume", 4.929),
    "millimetre": ("length", 0.001), "centimetre": ("length", 0.01), "metre": ("length", 1),
    "kilometre": ("length", 1000), "mile": ("length", 1609.344),
    "celsius": ("temperature", 1), "fahrenheit": ("temperature", 5 / 9),
    "megabyte": ("data", 1), "gigabyte": ("data", 1000), "terabyte": ("data", 1000_000),
}  # fmt: skip
ZERO = {"fahrenheit": 32.0}  # where a temperature scale starts: 0 °C is 32 °F


def with_unit(unit: str, text: str) -> list[str]:
    """The numbers the text says with the unit: "150 g of rice", "150克米饭" -> ["150"]."""
    return [n for n, _u in _said_with(unit, digits_for_words(text))]


def _said_with(unit: str, text: str) -> list[tuple[str, str]]:
    written = next(w for u, _n, w in UNITS if u == unit)
    text = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", text)  # "48,000 miles" is 48000
    return [
        (m.group(1), unit)
        for m in re.finditer(
            rf"(?<![A-Za-z0-9.])(\d+(?:\.\d+)?)\s*(?:{written})(?![A-Za-z])",
            without_dates(text),
            re.I,
        )
    ]


def converted(unit: str, text: str) -> list[tuple[str, float | int]]:
    """The numbers said in another unit of the same measure, each with its value in `unit`:
    "25 minutes" for seconds -> ("25", 1500), "1.5 kg" for grams -> ("1.5", 1500)."""
    if unit not in SCALE:
        return []
    dimension, size = SCALE[unit]
    out: list[tuple[str, float | int]] = []
    for other, (dim, other_size) in SCALE.items():
        if dim != dimension or other == unit:
            continue
        for n, _u in _said_with(other, digits_for_words(text)):
            base = (float(n) - ZERO.get(other, 0.0)) * other_size  # "70 °F" -> 21.1 °C
            value = round(base / size + ZERO.get(unit, 0.0), 3 if dim != "temperature" else 1)
            out.append((n, int(value) if value.is_integer() else value))
    return out


def unit_after(text: str) -> str | None:
    """The unit written right after the first number ("200 g flour" -> "g", "2 pcs eggs" -> "pcs")."""
    m = re.search(r"\d(?:[\d.]*)\s*([A-Za-z]{1,6}\b|[\u4e00-\u9fff])", text)
    if not m or m.group(1).lower() in ("x", "of", "and", "at", "for", "to", "on", "in"):
        return None
    return m.group(1)


def leg(name: str) -> str | None:
    """Which end of a route a property names: "from" (origin, from_station, 出发站) or "to"."""
    parts = re.sub(r"([a-z])([A-Z])", r"\1_\2", name)
    for p in [parts, *parts.split("_")]:
        if FROM.search(p):
            return "from"
        if TO.search(p):
            return "to"
    return None


def ends(text: str) -> dict[str, str]:
    """The words of a route's two ends: {"from": "SFO", "to": "JFK"}: "from A to B", "to B from
    A", "between A and B", "A to B" (names, or the unit after a number: "3.5 miles to km"),
    "从A到B", "A到B的" (the verbs before A dropped), "how many km is 26.2 miles" (miles to km), "be
    in B …, coming from A" (where the user must be, and where from)."""
    m = LEG_EN.search(text) or LEG_ZH.search(text) or LEG_BETWEEN.search(text)
    if m:
        return {"from": m.group(1).strip(), "to": m.group(2).strip()}
    m = LEG_REVERSED.search(text)
    if m:
        return {"from": m.group(2).strip(), "to": m.group(1).strip()}
    plain = without_dates(text)
    u = UNIT_CHANGE.search(plain)  # "2.5 kilos in grams"
    if u and is_unit(u.group(1)) and is_unit(u.group(2)):
        return {"from": u.group(1), "to": u.group(2)}
    q = UNIT_QUESTION.search(plain)  # "How many kilometers is 26.2 miles?": miles to kilometers
    if q and is_unit(q.group(1)) and is_unit(q.group(2)):
        return {"from": q.group(2), "to": q.group(1)}
    m = LEG_BARE.search(plain)
    if m:
        start = m.group(1).split()
        if SENTENCE_FIRST.fullmatch(plain[: m.start()]):
            start = start[1:]  # a sentence's first word ("Trains Leeds to York")
        if start:
            return {"from": " ".join(start), "to": m.group(2).strip()}
    z = LEG_ZH_BARE.search(plain)
    if (
        z
        and not ZH_NUMERALS.fullmatch(z.group(2))  # "两千到三千五" is a range, no route
        and ZH_LEAD_VERBS.sub("", z.group(1))
        and not re.search(r"[把将发送放存加写改移]", z.group(1))
    ):
        return {"from": ZH_LEAD_VERBS.sub("", z.group(1)), "to": z.group(2)}
    named = SOURCE.search(text)  # "Invoice 7 from Northwind Supplies."
    there = BE_THERE.search(text) if named else None  # "I need to be in Munich …, from Hamburg"
    if named and there and there.group(1) != named.group(1):
        return {"from": named.group(1).strip(), "to": there.group(1).strip()}
    return {"from": named.group(1).strip()} if named else {}


BE_THERE = re.compile(  # where the user has to be or get: a route's end said apart from its start
    rf"\b(?:be|arrive|get(?:ting)?|go(?:ing)?|head(?:ing)?|travel(?:l?ing)?|reach)\s+"
    rf"(?:in|at|to|into)?\s*(?:the\s+)?({NAME_RUN})"
)


ZH_NUMERALS = re.compile(r"[\d零〇一二两三四五六七八九十百千万亿.]+")
RANGE = re.compile(  # "between 80 and 120", "80-120 guests", "from 900 to 1300", "2000到3500"
    r"(?:\bbetween\s+)(\d+(?:\.\d+)?)\s*(?:and|-|–|to)\s*(\d+(?:\.\d+)?)"
    r"|(?<![A-Za-z0-9_.-])(\d+(?:\.\d+)?)\s*(?:[-–~～]|\bto\b|到|至)\s*(\d+(?:\.\d+)?)(?![\d.-])",
    re.I,
)


def number_range(text: str) -> tuple[float | int, float | int] | None:
    """The two ends of a range of numbers a text says, low first ("between 80 and 120 guests",
    "80-120", "from 900 to 1,300 pounds", "两千到三千五" -> (2000, 3500)); None when it says none
    (a date's or a clock's digits are none)."""
    plain = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", without_dates(digits_for_words(text)))
    for m in RANGE.finditer(plain):
        a, b = [g for g in m.groups() if g]
        low, high = (float(a), float(b))
        if low < high:
            return _whole(a), _whole(b)
    return None


def _whole(n: str) -> float | int:
    return float(n) if "." in n else int(n)


VERSION = re.compile(  # "v2.3.1-rc1", "3.0.2-beta": a version whole, its suffix and all
    r"(?<![\w.-])[vV]?\d+(?:\.\d+){1,3}(?:[-+][A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*)?(?![\w-])"
)
MARKING = re.compile(  # "700 x 28C", "205/55 R16", "29 x 2.25", "A3": a size marking whole
    r"(?<![\w.])\d+(?:\.\d+)?\s*(?:[x×*/]\s*\d+(?:\.\d+)?[A-Za-z]{0,2})+(?:\s+[A-Z]{1,2}\d{1,3}\b)?"
)


def items(text: str) -> list[str]:
    """The parts of a text that are items of a list (see the module's docstring), else []."""
    bullets = BULLET.findall(text)
    if len(bullets) >= 2:
        return bullets
    lines = line_items(text)
    if len(lines) >= 2:
        return lines
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    for clause in re.split(r"(?<!\d)[.:：]|[.:：](?!\d)|[!?。！？\n]", text):
        blank = without_dates(clause)  # a date's comma splits no list
        cuts = [0] + [x for m in LIST_SPLIT.finditer(blank) for x in m.span()] + [len(clause)]
        spans = list(zip(cuts[::2], cuts[1::2], strict=True))
        parts = [(clause[a:b].strip(), blank[a:b]) for a, b in spans if clause[a:b].strip()]
        run: list[str] = []  # the longest run of parts that hold a number
        best: list[str] = []
        for part, plain in parts:
            plain = MARKING.sub(_blank, VERSION.sub(_blank, plain))  # "size 700 x 28C": no count
            run = [*run, part] if re.search(r"\d", plain) else []
            best = run if len(run) > len(best) else best
        if len(best) >= 2:
            return best
    return []


LINE_ITEM = re.compile(  # a line that starts with a count ("3 x Claw hammer") or ends with a price
    r"^\s*\d+\s*(?:[x×*]|pcs|件|个)?\s+\S.*$|^.*\D\s+[$€£¥￥@]?\s*\d+[.,]\d{2}\s*$", re.I
)
SUM_LINE = re.compile(  # a line that sums the others: no item
    r"^\s*(?:(?:sub|grand\s*)?total|sum|tax|vat|gst|tip|service|discount|change|cash|card|paid|"
    r"balance|amount\s+due|合计|总计|小计|总额|实付|应付|税|找零|优惠)\b",
    re.I,
)


def line_items(text: str) -> list[str]:
    """The lines of a text that are its items: the longest run of lines that each start with a
    count or end with a price ("3 x Wood screws @ 4.50", "Claw hammer  17.99"), lines that sum
    the others ("TOTAL 38.99", "小计") and dates not among them."""
    run: list[str] = []
    best: list[str] = []
    for line in text.splitlines():
        item = LINE_ITEM.match(without_dates(line)) and not SUM_LINE.match(line)
        run = [*run, line.strip()] if item else []
        best = run if len(run) > len(best) else best
    return best


LEVELS = [  # level, how an enum member names it, the words of a request that ask for it
    ("low", r"^(?:low|lowest|minor|trivial|economy|p[34]|sev[-_ ]?[34]|低|轻微|经济|不急)$",
     r"not urgent|no rush|\bminor\b|trivial|cosmetic|whenever|low priority|can still (?:work|use)|"
     r"no hurry|not in a hurry|in no hurry|不急|不着急|不紧急|不严重|轻微|小问题|"
     r"不(?:算|是|太|用)(?:很|特别|太|那么)?(?:急|着急|紧急|严重)|还能用"),
    ("high", r"^(?:high|highest|urgent|critical|severe|major|express|rush|priority|expedited|p[01]|"
     r"sev[-_ ]?[01]|高|紧急|严重|加急|特快|急件|优先)$",
     r"urgent|critical|asap|as soon as possible|emergency|severe|serious|blocker|immediately|right away|"
     r"in a hurry|\bhurry\b|can't wait|cannot wait|time[- ]sensitive|"
     r"紧急|严重|加急|尽快|马上|立刻|赶紧|赶快|抓紧|火速|十万火急|着急|急用|急需|(?:很|挺|特别|非常|比较|有点|太|真|蛮|好)急"),
    ("medium", r"^(?:medium|normal|moderate|mid|standard|regular|p2|sev[-_ ]?2|中|一般|普通|标准)$",
     r"\bnormal\b|moderate|medium|一般|普通"),
]  # fmt: skip
RANK = {"low": 0, "medium": 1, "high": 2}


SIZES = [  # size, how an enum member names it, the words of a request that ask for it
    ("xl", r"^(?:xl|x-large|extra[ _-]?large|加大|加大号|特大|特大号)$",
     r"加大号|加大码|特大号|\bXL\b|extra[ -]large"),
    ("small", r"^(?:s|sm|small|小|小号|小型)$", r"小号|小码|小型|小尺寸|\bsmall\b"),
    ("medium", r"^(?:m|md|med|medium|中|中号|中型)$", r"中号|中码|中型|中等尺寸|\bmedium\b"),
    ("large", r"^(?:l|lg|large|大|大号|大型)$", r"(?<![加特])大号|(?<![加特])大码|大型|大尺寸|\blarge\b"),
]  # fmt: skip


def level_member(members: list[str], text: str) -> str | None:
    """The member of a scale of levels (low / medium / high, p1..p4) or of sizes (S / M / L / XL,
    small / medium / large) the request's words ask for: "it's urgent" -> "high", "no rush" ->
    "low" (a negated word counts for the lower level), "中号" -> "medium" or "M", "加大号" -> "XL"."""
    for _level, member_pattern, said in SIZES:
        if re.search(said, text, re.I):
            found = [m for m in members if re.fullmatch(member_pattern, str(m), re.I)]
            if found:
                return found[0]
    ranked = {  # a member of the scale by its level: 普通 / 优先 / 紧急 is medium, high, high
        m: RANK[level]
        for m in members
        for level, pattern, _ in LEVELS
        if re.fullmatch(pattern, m, re.I)
    }
    for level, _pattern, said in LEVELS:  # a calm word first: "不着急" asks for no haste
        if ranked and re.search(said, text, re.I):  # else the member nearest the level asked
            return min(ranked, key=lambda m: (abs(ranked[m] - RANK[level]), -ranked[m]))
    return None


ITEM_NOISE = re.compile(
    r"(?:@|\bat\b|for)\s*[$€£¥￥]?\s*\d+(?:\.\d+)?\s*(?:each|apiece|per\b\s*\w*|[A-Za-z]{3}\b)?"
    r"|[$€£¥￥]\s*\d+(?:\.\d+)?|\d+(?:\.\d+)?\s*(?:元|块)"
    r"|^\s*(?:please\s+)?(?:add|buy|order|reorder|get|need|plus)\b",
    re.I,
)


PREPOSITION = re.compile(r"(?:for|from|to|in|at|on|with|into|and|please)\b")


FUNCTION_WORD = frozenset(
    "i me my mine we us our ours you your yours he him his she her hers it its they them their "
    "theirs this that these those one ones who whom whose what which when where why how whether "
    "a an the some any all both each either neither none no not yes ok okay please thanks hi "
    "hello hey and or but if then so there here is am are was were be been do does did have has "
    "had can could will would shall should may might must let lets let's just also".split()
) | frozenset(
    "我 你 您 他 她 它 我们 你们 他们 她们 它们 咱们 这 那 这个 那个 这些 那些 什么 怎么 怎样 哪 哪个 "
    "哪里 哪儿 谁 为什么 多少 几 吗 呢 吧 啊 的 了 是 和 或 请 好".split()
)
CONTRACTION = re.compile(r"^[a-z]+['’](?:ll|re|ve|d|s|m|t)$", re.I)


ZH_SPAN_LEAD = re.compile(  # a request's own words before the thing it names, in Chinese
    r"^(?:另外|此外|还有|而且|以及|那么|请问|麻烦|帮我|帮忙|查一下|查查|查询|看看|问一下|一下"
    r"|告诉我|我想知道|想知道|想问|关于|有关|有没有|是否|是不是)+"
)
ZH_SPAN_TAIL = re.compile(  # and after it: a total's, a time's or a question's own words
    r"(?:一共|总共|总计|合计|分别|一下|到底|究竟|大概|现在|目前|今天|这个|那个|的|是|有|在|吗|呢|吧|啊|呀|嘛)+$"
)
ZH_SPAN_ASKS = re.compile(  # a question's words: where a clause begins, no name goes on
    r"多少|几(?=[个位只次天点号年月名岁回遍场]|时|$)|哪|什么|怎么|怎样|如何|是否|有没有|是不是|吗|呢"
)
ZH_SPAN_MODAL = re.compile(  # a modal opens a predicate: what it leads is no name ("需要哪些材料")
    r"^(?:需要|想要|要|想|能|会|可以|应该|应当|该|必须|打算|准备|得)"
)
EN_SPAN_LEAD = re.compile(
    r"^(?:(?:could|can|would|will)\s+you\s+(?:please\s+)?(?:(?:tell|show|give|let)\s+(?:me|us)\s+)?"
    r"|please\s+|(?:tell|show)\s+me\s+|(?:which|what)\s+(?:(?:is|are|was|were)\s+)?"
    r"|how\s+(?:many|much)\s+|(?:is|are)\s+there\s+|also\s+|and\s+|about\s+|(?-i:a|an|the)\s+)+",
    re.I,
)
EN_SPAN_TAIL = re.compile(r"(?:['’]s|\s+(?:right\s+now|now|please|today|then))+$")  # "USA Today"


ZH_NOT_NAME = (
    re.compile(  # a span of time, degree or a clause's end names nothing ("下次最晚", "期了")
        r"[上下这本每]次|最[早晚迟多少]|以[前后]|之[前后]|时候|[了吗呢吧]$"
    )
)


ZH_DEMONSTRATIVE = re.compile(r"[那这](?:个|家|位|只|条|份|间|张|台|辆|件|笔|单)")


def name_span(value: str) -> str:
    """A name taken out of the user's sentence, without the sentence's own words (see the rules):
    a span is a name, not a clause. In Chinese a question's word (多少, 几个, 哪, 什么, 吗) ends it
    with the linking words before it ("白鹭是哪天" -> 白鹭), and the request's words around it go
    ("另外星海俱乐部一共" -> 星海俱乐部: 另外, 请问, 关于 / 一共, 分别, 现在, 的), and a demonstrative
    after it ("星河物流那个仓储合同" -> 星河物流); in English the
    question's frame before it ("which", "how many", "is there", "could you tell me") and a
    possessive after it ("PhotoSnap's" -> PhotoSnap). What is left too short to name anything
    leaves the value as it was."""
    found = value.strip(" \t,，.。;；:：!！?？")
    if re.search(r"[\u4e00-\u9fff]", found):
        ask = ZH_SPAN_ASKS.search(found)
        if ask and ask.start() > 0:
            found = found[: ask.start()]
        this = ZH_DEMONSTRATIVE.search(found)
        if this and this.start() >= 2:  # "星河物流那个仓储合同": the name ends at 那个
            found = found[: this.start()]
        found = ZH_SPAN_TAIL.sub("", ZH_SPAN_LEAD.sub("", found))
        if ZH_SPAN_MODAL.match(found):
            return value  # "需要哪些材料": a predicate with no subject names nothing
    else:
        found = EN_SPAN_TAIL.sub("", EN_SPAN_LEAD.sub("", found)).strip()
    if len(found) < 2 or function_words_only(found):
        return value
    return found


def function_words_only(value: str) -> bool:
    """Whether a value is only function words: a pronoun, a contraction, a question word, an
    article ("them", "I'll", "How", "这个"): no name, place or thing the text names. A value
    that holds a digit is a code, never function words ("12A", "4B": not the article "a")."""
    if re.search(r"\d", value):
        return False
    words = re.findall(r"[A-Za-z]+(?:['’][A-Za-z]+)?|[\u4e00-\u9fff]+", value)
    return bool(words) and all(w.lower() in FUNCTION_WORD or CONTRACTION.match(w) for w in words)


ENOUGH_OF = re.compile(
    r"\benough\s+(?:of\s+(?:the\s+|my\s+|our\s+)?)?"
    r"(?!(?:for|to|in|on|at|of|left|space|room|time|money|cash|funds)\b)([a-z][\w-]{2,})\b",
    re.I,
)
ZH_ENOUGH_OF = re.compile(r"([\u4e00-\u9fff]{1,4}?)(?:还)?(?:够不够|够吗|够用|够不)")


def enough_of(text: str) -> str | None:
    """The thing a question asks there is enough of ("Do I have enough flour?", "面粉够不够"),
    when the text says a number (of it, or of what needs it: "for 30 guests")."""
    asked = ENOUGH_OF.search(text) or ZH_ENOUGH_OF.search(text)
    if not asked or not re.search(r"\d", digits_for_words(text)):
        return None
    return asked.group(1).split("的")[-1] or None  # 仓库里的矿泉水够不够: 矿泉水


def thing_of(text: str) -> str | None:
    """What a quantity is of: "150 g of rice" -> "rice", "150克米饭" -> "米饭", "3 x Ergonomic
    chair at 189.00 each" -> "Ergonomic chair"; a short word after the number is dropped as a
    unit only when it is one or a packaging word, else it is the name's ("1 fig cutting"); a
    decade ("the 1690s") counts nothing; of several quantities, the one a question asks is
    enough ("two loaves, each needs 500 g of flour: enough flour?", "每个要300克面粉，面粉够不够")
    is the thing, when a number is said of it."""
    plain = ITEM_NOISE.sub(" ", without_dates(digits_for_words(text)))
    asked = enough_of(plain)
    if asked:
        return asked  # the quantity the question asks is enough: "enough flour?"
    m = re.search(
        r"\d+(?:\.\d+)?(?!['’]?s\b|st\b|nd\b|rd\b|th\b)\s*(?:x|×|\*)?\s*(?:(?:[A-Za-z]{1,8}|[\u4e00-\u9fff])\s+of\s+|of\s+)?"
        r"(?!(?:pounds?|dollars?|euros?|bucks|quid|francs?|yen|yuan|rupees?)\b)"  # a sum: no thing
        r"([A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*){0,3})",
        plain,
    )
    unit = unit_after(plain)
    if m:
        found = m.group(1)
        first, _, rest = found.partition(" ")
        measured = unit is not None and _a_measure(unit)  # ("1 quince tree": no unit)
        if measured and first == unit and rest and not PREPOSITION.match(rest):  # "4 trout on ..."
            found = rest
        found = re.split(r"\s+(?:for|from|to|in|at|on|with|into|and|please|[a-z]+ing)\b", found)[0]
        return None if _a_measure(found.strip()) else found.strip() or None  # "500 g.": no thing
    measure = r"(?:个|只|件|份|瓶|包|盒|袋|杯|桶|罐|箱|条|块|根|支|把|双|张|本|台|克|千克|公斤|吨|毫升|升|斤|两|碗|盘|碟|串|笼|套|组|片)"
    thing = r"\s*(?!的)([\u4e00-\u9fff]{1,8}?)(?=[，。,.！？?!的\s]|$|多少|有多少|是多少|[到给往]|寄到|送到|发到)"
    z = re.search(
        rf"(?:\d+(?:\.\d+)?|(?<![统单唯第万同])[一两二三四五六七八九十几])\s*{measure}{thing}",
        plain,
    )
    # "两条浴巾" before "1208房间"; "寄一份合同到杭州" (a Chinese count after the verb)
    z = z or re.search(rf"\d+(?:\.\d+)?\s*{measure}?{thing}", plain)
    return z.group(1) if z else None


PACKS = re.compile(
    r"pcs?|pieces?|packs?|packets?|boxe?s?|bags?|bottles?|cans?|jars?|tins?|bunch(?:es)?|"
    r"cartons?|cases?|crates?|rolls?|sheets?|pairs?|sets?|units?|cups?|tubs?|sacks?|loaf|loaves|ct|doz",
    re.I,
)


def is_measure(word: str) -> bool:
    """Whether a word is a unit of measure or a packaging word (`_a_measure`)."""
    return _a_measure(word)


def _a_measure(word: str) -> bool:
    """Whether a word written after a number is a unit of measure or a packaging word ("200 g
    flour", "2 pcs eggs"), not the first word of the thing's name ("1 quince sapling")."""
    return PACKS.fullmatch(word) is not None or any(
        re.fullmatch(written, word, re.I) for _unit, _named, written in UNITS
    )


def same_unit(member: str, text: str) -> bool:
    """Whether an enum member is a unit the text writes in any form ("mi" and "miles")."""
    for _unit, _named, written in UNITS:
        if re.fullmatch(written, member, re.I):
            return bool(re.search(rf"(?<![A-Za-z])(?:{written})(?![A-Za-z])", text, re.I))
    return False


ZH_LIST_LEAD = re.compile(r"^(?:请|帮我|麻烦)?(?:把|将)")
LIST_TAIL = re.compile(
    r"\s+(?:to|into|onto|on|in|for|from|at|with)\b.*$|(?:加|放|添加|存|移|写)(?:到|入|进).*$"
)


CLAUSE_VERB = re.compile(
    r"\s+(?:is|are|was|were|looks?|seems?|remains?|stays?|went|has|have|had|isn't|aren't|"
    r"wasn't|looked|seemed)\b.*$",
    re.I,
)


def subject_of(item: str) -> str:
    """A list item said as a clause names its subject: "APAC looks fine" -> "APAC", "the east
    wing is closed" -> "the east wing"; an item of no verb is itself."""
    return CLAUSE_VERB.sub("", item).strip() or item


def plain_list(text: str) -> list[str]:
    """The items of a plain list in a sentence: "Add milk, eggs and bread to my list" -> ["milk",
    "eggs", "bread"]: the phrase after the last item and articles dropped, the first item as long as the
    longest other (the verb before it dropped); an item of more than three words is no item."""
    for clause in re.split(r"[.!?。！？\n]", text):
        parts = [p.strip() for p in LIST_SPLIT.split(clause) if p and p.strip()]
        if len(parts) < 2:
            continue
        parts[-1] = LIST_TAIL.sub("", parts[-1]).strip()
        parts = [re.sub(r"^(?:a|an|the|some|my)\s+", "", p, flags=re.I) for p in parts]
        parts = [subject_of(p) for p in parts]
        size = max(len(p.split()) for p in parts[1:])
        if size > 3 or not all(parts):
            continue
        first = ZH_LIST_LEAD.sub("", parts[0])
        parts[0] = " ".join(first.split()[-size:]) if " " in first else first
        return parts
    return []


def unit_named(word: str) -> str | None:
    """The unit a word writes ("miles", "mi", "公里" -> mile / kilometre), or None."""
    return next((u for u, _n, written in UNITS if re.fullmatch(written, word, re.I)), None)


def listed_unit(word: str, listing: str, least: int = 2) -> str | None:
    """The code a listing of units ("abbreviations: mi, km, lb, kg") writes for the unit a word
    names ("miles" -> "mi", "公里" -> "km"); None unless the listing names `least` units or more.
    A unit the listing does not name is written as an abbreviation when the listing writes
    abbreviations ("like 'mi'": "kilometers" -> "km")."""
    said = re.findall(
        r"(?<![A-Za-z])(?<![A-Za-z]['’])[A-Za-z]+|[\u4e00-\u9fff]+", listing
    )  # not the s of "it's"
    tokens = [t for t in said if unit_named(t)]
    unit = unit_named(word.strip())
    if len(set(map(unit_named, tokens))) < least or unit is None:
        return None
    found = next((t for t in tokens if unit_named(t) == unit), None)
    if found is None and all(len(t) <= 3 and t.isascii() for t in tokens):
        written = next(w for u, _n, w in UNITS if u == unit)
        found = re.sub(r"\(\?:.*$|s\?$", "", written.split("|")[0]) or None
    return found


def is_unit(word: str) -> bool:
    return any(re.fullmatch(written, word, re.I) for _u, _n, written in UNITS)


SPELLED = {
    w: str(i)
    for i, w in enumerate(
        (
            "zero one two three four five six seven eight nine ten eleven twelve thirteen "
            "fourteen fifteen sixteen seventeen eighteen nineteen"
        ).split()
    )
    if i >= 2
} | {"twenty": "20", "thirty": "30", "dozen": "12", "a dozen": "12", "half a dozen": "6"}
ZH_COUNT = re.compile(  # (a weekday's numeral is none: 周三晚上 is Wednesday evening)
    r"(?<!周)(?<!星期)(?<!礼拜)([两二三四五六七八九十]{1,3})(?=\s*(?:个|位|间|晚|杯|张|份|本|台|件|次|天|小时|分钟|箱|瓶|袋|盒|人|碗|盘|条|块|双|只|支|包|罐|串|组|套|斤|公斤|页|把|棵|盆|桌|辆|寸|英寸|尺|英尺|米|厘米|毫米|公里|千米|克|千克|升|毫升|吨|节|堂|课时|元|周|星期))"
    r"|([一两二三四五六七八九十]{1,3})(?=\s*(?:楼|层|岁|周岁))"  # a storey: 三楼, 一层; an age: 七岁
    r"|(?<![月年])([一两二三四五六七八九十]{1,3})(?=号(?:桌|房|床|座|柜|窗口?|车厢|机位|包间|台))"
)  # a numbered thing: 十二号桌 is table 12 (a day, 十二号, stays a date)


ZH_NUMERAL = "[零〇一二两三四五六七八九十]"
ZH_DECIMAL = re.compile(  # "三点五公斤", "3点5米": a decimal said with 点, its unit after it
    rf"((?:\d+|{ZH_NUMERAL}{{1,3}}))点([\d零〇一二三四五六七八九]+)"
    r"(?=\s*(?:公斤|千克|斤|克|米|公里|千米|厘米|毫米|升|毫升|寸|英寸|尺|英尺|吨|倍|小时|天|周|年|万|亿|元|块|度|%))"
)


def _zh_decimal(m: re.Match[str]) -> str:
    whole = m.group(1) if m.group(1).isdigit() else str(_zh_number(m.group(1)))
    tail = "".join(c if c.isdigit() else str(ZH_FIGURE[c]) for c in m.group(2))
    return f"{whole}.{tail}"


HALVES = [  # a span of time said with a half or a quarter, in words -> in digits
    (r"\b(?:a|one)\s+quarter\s+(?:of\s+an\s+)?hour\b", r"15 minutes"),
    (r"\b(?:3|three)\s+quarters\s+of\s+an\s+hour\b", r"45 minutes"),
    (r"(?<![\d.])(?:一|1)\s*刻钟", r"15分钟"),
    (r"(?<![\d.])(?:三|3)\s*刻钟", r"45分钟"),
    (r"\b(?:an|one)\s+(hour|day|week|minute)\s+and\s+a\s+half\b", r"1.5 \1s"),
    (r"\b(\d+)\s+and\s+a\s+half\s+(hour|day|week|minute)s?\b", r"\1.5 \2s"),
    (r"\b(?:half\s+an|a\s+half)[\s-]+(hour|day)\b", r"0.5 \1"),
    (r"\ban?\s+(hour|minute)\b", r"1 \1"),
    (r"(\d+)\s*个半(小时|钟头|月)", r"\1.5\2"),
    (r"(\d+)\s*(吨|公斤|千克|斤|公里|千米|米|升|天|周|年|杯|碗)半", r"\1.5\2"),  # 两吨半 2.5吨
    (
        r"(?<![\d.一二两三四五六七八九十百千万])一\s*(吨|公斤|千克|斤|公里|千米|米|升|天|年|周|杯|碗)半",
        r"1.5\1",
    ),  # "一吨半" 1.5吨
    (r"(?<![\d.])半个?(小时|钟头)", r"0.5\1"),
    (r"(?<![\d.])一个?(小时|钟头)", r"1\1"),
    # a party of one said without a number: "just me", "only myself", "就我一个人", "只有我"
    (r"\b(?:just|only)\s+(?:me|myself)\b|\bme\s+alone\b", "1 person"),
    (r"(?:就|只有)我(?:一个人|自己)?|我一个人", "1人"),
]


SMALL = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
SCALES = {"hundred": 100, "thousand": 1000, "million": 1000000}
NUMBER_WORD = "|".join([*SMALL, *TENS, *SCALES])
NO_ORDINAL = rf"(?![\s-]+(?:{'|'.join(ORDINALS)})\b)"  # "twenty-first" is a day, not 20
WORDED = re.compile(
    rf"\b(?:{NUMBER_WORD})(?:(?:(?<=hundred)\s+and\s+|(?<=thousand)\s+and\s+|(?<=million)\s+and\s+|[\s-]+)"
    rf"(?:{NUMBER_WORD}))+\b|\b(?:{'|'.join(TENS)})\b{NO_ORDINAL}",
    re.I,
)
A_SCALE = re.compile(r"\ba\s+(hundred|thousand|million)\b", re.I)  # "a hundred and twenty"
FRACTION = [  # a whole number and a part of one, said in words: "forty-two and a half" -> 42.5
    (r"\b(\d+|one)[\s-]+and[\s-]+a[\s-]+half\b", ".5"),  # (or hyphened: "one-and-a-half bath")
    (r"\b(\d+|one)[\s-]+and[\s-]+a[\s-]+quarter\b", ".25"),
    (r"\b(\d+|one)[\s-]+and[\s-]+(?:3|three)[\s-]+quarters\b", ".75"),
]
DOZENS = re.compile(  # "two dozen eggs" -> 24
    r"\b(\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+dozen\b", re.I
)
ZH_DOZENS = re.compile(  # "一打人" 12 people, "两打鸡蛋" 24 eggs: 打 after a numeral is a dozen
    r"(?<![打\d])([一两二三四五六七八九十]{1,2}|\d{1,2})打(?=[\u4e00-\u9fff])"
    r"(?!电话|车|的|折|算|开|卡|印|包|扫|球|牌|麻将|针|工|听|架|扰|分|字|招呼|理|断|击|造|败|动|通|量|湿|破|碎|发|游戏)"
)
MONEY_WORD = r"pounds?|dollars?|euros?|bucks|quid|francs?"
PENCE_AFTER = re.compile(  # "one pound fifty-nine" -> 1.59 pounds ("2 pounds 3 ounces" is no sum)
    rf"\b(\d+|one|a)\s+({MONEY_WORD})\s+(\d{{1,2}})\b"
    r"(?!\s*(?:[.,:]\d|%|cents?|pence|p\b|ounces?|oz\b|lbs?\b|kg\b|g\b|grams?|hours?|minutes?))",
    re.I,
)
ZH_PLACED = re.compile(  # a Chinese numeral with its places: "三百二十" 320, "一百五" 150, "两万五" 25000
    r"[一二两三四五六七八九十][零〇一二两三四五六七八九十]*[百千万亿][零〇一二两三四五六七八九十百千万亿]*"
)


def _worded(m: re.Match[str]) -> str:
    """A run of number words as digits when it is one number ("forty two", "two hundred"), else
    as written ("one two three" are three numbers)."""
    said = [w for w in re.findall(r"[a-z]+", m.group(0).lower()) if w != "and"]
    for a, b in zip(said, said[1:], strict=False):
        ones_after_tens = a in TENS and b in SMALL[1:10]
        if not (b in SCALES or ones_after_tens or a in SCALES and b not in SCALES):
            return m.group(0)
    return str(worded_number(m.group(0)))


def worded_number(phrase: str) -> int:
    """A number written in words: "two thousand four hundred and fifty" -> 2450."""
    total = current = 0
    for w in re.findall(r"[a-z]+", phrase.lower()):
        if w in SMALL:
            current += SMALL.index(w)
        elif w in TENS:
            current += 20 + 10 * TENS.index(w)
        elif w == "hundred":
            current = max(current, 1) * 100
        elif w in SCALES:
            total += max(current, 1) * SCALES[w]
            current = 0
    return total + current


def _spelled(m: re.Match[str]) -> str:
    return SPELLED[m.group(1).lower()]


def digits_for_words(text: str) -> str:
    """The text with counts written in words as digits: "two lattes" -> "2 lattes", "two thousand
    four hundred and fifty euros" -> "2450 euros", "三晚" -> "3晚",
    a span with a half: "an hour and a half" -> "1.5 hours", "一个半小时" -> "1.5小时", "half an
    hour" -> "0.5 hour" ("one" is left: "the one I bought" counts nothing)."""
    text = WORDED.sub(_worded, A_SCALE.sub(r"one \1", text))  # "two hundred and ten"
    words_ = "|".join(k for k in sorted(SPELLED, key=len, reverse=True))
    text = DOZENS.sub(lambda m: str(int(SPELLED.get(m.group(1).lower(), m.group(1))) * 12), text)
    text = ZH_DOZENS.sub(lambda m: str(_figure(m.group(1)) * 12), text)
    out = re.sub(rf"\b({words_})\b{NO_ORDINAL}", _spelled, text, flags=re.I)
    out = POINT.sub(_point, _fractions(out))
    out = re.sub(r"一(?=个半)", "1", out)
    out = ZH_DECIMAL.sub(_zh_decimal, out)
    out = ZH_PLACED.sub(lambda m: str(zh_amount(m.group(0))), out)
    out = ZH_COUNT.sub(lambda m: str(_zh_number(next(g for g in m.groups() if g))), out)
    for pattern, digits in HALVES:
        out = re.sub(pattern, digits, out, flags=re.I)
    out = TENTHS_ZH.sub(_tenths, out)
    return grouped(with_cents(in_thousands(scaled(out))))


TENTHS_ZH = re.compile(  # "三十七度八" 37.8度, "一米八五" 1.85米: the figures after a measure are its tenths
    rf"(?<![\d.])([\d{''.join(ZH_FIGURE)}十]+)\s*(度|米)([\d{''.join(ZH_FIGURE)}]{{1,2}})"
    rf"(?![\d.{''.join(ZH_FIGURE)}{''.join(ZH_BIG)}]|\s*(?:度|米|分|秒|点|号|日|月|年|岁|人|个|天|周|次|小时|钟|位|只|条|遍|种|家|台|层|楼|级|元|块|组|件))"
)


def _tenths(m: re.Match[str]) -> str:
    tail = "".join(c if c.isdigit() else str(ZH_FIGURE[c]) for c in m.group(3))
    return f"{_figure(m.group(1))}.{tail}{m.group(2)}"


SPACED = re.compile(  # "NOK 850 000", "1 000 000": thousands set off by spaces
    r"(?<![\d.,])(?<!\d[ -])(\d{1,3}(?:[ \u00a0\u202f]\d{3})+)(?![\d]|[.,]\d|[ -]\d)"
)
MYRIAD = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*万(?![\d亿])")  # "1.5万" 15000, "12万元" 120000


def grouped(text: str) -> str:
    """Numbers written in groups or in ten-thousands as plain digits: "850 000" -> "850000" (no
    day of a month before: "March 5 200 guests" stays), "1.5万" -> "15000"."""

    def plain(m: re.Match[str]) -> str:
        if re.search(rf"{MONTH_WORD}\s*$", text[: m.start()], re.I):
            return m.group(0)
        return re.sub(r"\D", "", m.group(1))

    text = SPACED.sub(plain, text)
    return MYRIAD.sub(lambda m: f"{float(m.group(1)) * 10000:g}", text)


SCALED = re.compile(r"(?<![\d.,])(\d+(?:\.\d+)?)\s+(hundred|thousand|million|billion)\b", re.I)


def scaled(text: str) -> str:
    """A number said with its scale in words written whole: "2.5 thousand" (of "two and a half
    thousand") -> "2500", "1.2 million" -> "1200000"."""
    sizes = {"hundred": 100, "thousand": 1000, "million": 10**6, "billion": 10**9}
    return SCALED.sub(lambda m: f"{float(m.group(1)) * sizes[m.group(2).lower()]:.10g}", text)


DIGIT_WORD = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|\d)"
POINT = re.compile(rf"\b(\d+|zero|one)\s+point\s+({DIGIT_WORD}(?:\s+{DIGIT_WORD})*)\b", re.I)


def _point(m: re.Match[str]) -> str:
    """A decimal said with "point": "21 point one" -> "21.1", "zero point seven five" -> "0.75"."""
    names = "zero one two three four five six seven eight nine".split()

    def digit(w: str) -> str:
        w = w.lower()
        return w if w.isdigit() else "0" if w == "oh" else str(names.index(w))

    return digit(m.group(1)) + "." + "".join(digit(w) for w in m.group(2).split())


def _with_part(m: re.Match[str], part: str) -> str:
    return ("1" if m.group(1).isalpha() else m.group(1)) + part


def _fractions(text: str) -> str:
    """Wholes with a half or a quarter, dozens, and pounds with their pence said as one number:
    "42 and a half litres" -> "42.5 litres", "2 dozen" -> "24", "one pound 59" -> "1.59 pounds"."""
    for pattern, part in FRACTION:
        text = re.sub(pattern, functools.partial(_with_part, part=part), text, flags=re.I)

    def sum_(m: re.Match[str]) -> str:
        whole = "1" if m.group(1).isalpha() else m.group(1)
        return f"{whole}.{int(m.group(3)):02d} {m.group(2)}"

    return PENCE_AFTER.sub(sum_, text)


CENTS_EN = re.compile(
    r"(?<![\d.])(\d+)\s*(dollars?|euros?|pounds?|bucks|francs?)\s*,?\s*(?:and\s+)?(\d{1,2})\s*"
    r"(?:cents?|pence|p)\b",
    re.I,
)
ZH_FIG = rf"[\d{''.join(ZH_FIGURE)}{''.join(ZH_BIG)}]+"
ZH_ONE = rf"[\d{''.join(ZH_FIGURE)}]"
CENTS_ZH = re.compile(
    rf"({ZH_FIG})\s*(元|块)\s*(?:({ZH_ONE})\s*(?:角|毛)\s*(?:({ZH_ONE})\s*分)?"
    rf"|({ZH_ONE})(?![\w.]))"
)


THOUSANDS = re.compile(r"(?<=[$€£¥])\s*(\d+(?:\.\d+)?)\s*([kK])\b")


def in_thousands(text: str) -> str:
    """A sum said in thousands after its sign written whole: "$2.9k" -> "$2900"."""
    return THOUSANDS.sub(lambda m: f"{float(m.group(1)) * 1000:g}", text)


def with_cents(text: str) -> str:
    """A sum said with its cents written as one number: "42 dollars and 50 cents" -> "42.50
    dollars", "四十二元五角" / "42块5毛" -> "42.5元", "四十二块五" -> "42.5块"."""
    text = CENTS_EN.sub(lambda m: f"{m.group(1)}.{int(m.group(3)):02d} {m.group(2)}", text)

    def zh(m: re.Match[str]) -> str:
        whole = _figure(m.group(1))
        tenths = _figure(m.group(3) or m.group(5) or "0")
        hundredths = _figure(m.group(4) or "0")
        return f"{whole + tenths / 10 + hundredths / 100:g}{m.group(2)}"

    return CENTS_ZH.sub(zh, text)


def _figure(s: str) -> int:
    """A number in digits or in Chinese numerals ("42", "四十二")."""
    return int(s) if s.isdigit() else zh_amount(s) or 0


FIELD_WORDS = {  # a property's English word -> the Chinese words that label its value in a text
    "name": "姓名 名字 名称", "department": "部门", "company": "公司 单位", "organization": "机构 单位",
    "address": "地址 住址", "phone": "电话 手机 手机号", "mobile": "手机 手机号", "email": "邮箱",
    "title": "标题 职位", "position": "职位 岗位", "date": "日期", "amount": "金额", "price": "价格 单价",
    "quantity": "数量", "city": "城市", "reason": "原因", "note": "备注", "remark": "备注",
    "contract": "合同", "order": "订单", "invoice": "发票", "customer": "客户", "supplier": "供应商",
    "vendor": "供应商 卖方", "buyer": "买方", "seller": "卖方", "status": "状态", "category": "类别 分类",
    "color": "颜色", "size": "尺寸 尺码", "brand": "品牌", "model": "型号", "school": "学校",
    "major": "专业", "gender": "性别", "age": "年龄", "salary": "工资 薪资", "project": "项目",
    "deposit": "定金 订金 押金", "student": "学生 同学 学员", "guest": "客人 宾客", "patient": "病人 患者",
    "member": "会员 成员", "employee": "员工 职工", "tenant": "租户 房客", "teacher": "老师 教师",
    "passenger": "乘客 旅客", "driver": "司机", "owner": "主人 车主", "player": "球员 队员 选手",
    "recipient": "收件人 收货人", "applicant": "申请人 报名人", "topic": "主题 议题 话题",
    "location": "地点 位置 场地", "venue": "地点 场地 场馆", "room": "房间 会议室 包间", "course": "课程",
    "contact": "联系人", "attendee": "参会人 参加 出席", "participant": "参加 参与", "visitor": "访客", "plate": "车牌号 车牌 牌照",
    "card": "身份证号 身份证 证件号 卡号", "passport": "护照号 护照",
    "team": "队名 队伍名称 战队名", "captain": "队长", "leader": "领队 队长 负责人", "band": "乐队名",
    "organizer": "主办 主办方 主办单位 组织者", "host": "主办 主办方", "postcode": "邮编 邮政编码", "zip": "邮编",
    "account": "账号 账户 户号", "class": "课程 班级", "bill": "账单",
}  # fmt: skip
SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕"
    "丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
)
ZH_DOUBLE = (
    "欧阳",
    "司马",
    "诸葛",
    "上官",
    "东方",
    "皇甫",
    "尉迟",
    "公孙",
    "慕容",
    "令狐",
    "夏侯",
    "端木",
)
# A Chinese surname: a double one (司马 of 司马相如) before a common single one
ZH_SURNAME = rf"(?:{'|'.join(ZH_DOUBLE)}|[{SURNAMES}])"
KIN = (  # the words of a relation said right before a person's name: "我女儿周小雨"
    "女儿 儿子 妻子 丈夫 老婆 老公 妈妈 爸爸 母亲 父亲 哥哥 姐姐 弟弟 妹妹 朋友 同事 孩子 太太 "
    "爷爷 奶奶 外公 外婆 孙子 孙女 同学 室友 邻居 助理 秘书"
).split()
ZH_NAME = re.compile(
    rf"(?:^|(?<=[\s：:，,。、叫是为给])|{'|'.join(f'(?<={k})' for k in KIN)})"
    rf"({ZH_SURNAME}[\u4e00-\u9fff]{{1,2}})(?=[\s，,。、；;！!？?（(]|$)"
)
# A word of a person's name in a Latin script, its letters accented or not ("María", "Wójcik",
# "Łukasz"), joined by a hyphen ("Jean-Luc"), after an apostrophe ("O'Neill") or a second capital
# ("McAllister"), after al- / d' ("al-Farsi", "d'Almeida"); the particles a full name holds
# between its words ("de la", "van der", "Ó" of "Seán Ó Briain").
NAME_CAP = "[A-ZÀ-ÖØ-Þ\u0100-\u017f]"
NAME_LOW = "[a-zß-öø-ÿ\u0100-\u017f]"
NAME_WORD = (
    rf"(?:(?:al|el|d)['’-])?{NAME_CAP}(?:{NAME_LOW}+(?:{NAME_CAP}{NAME_LOW}+)?|['’]{NAME_CAP}{NAME_LOW}+)"
    rf"(?:-(?:(?:al|el)-)?{NAME_CAP}{NAME_LOW}+)*"
)
NAME_PARTICLE = r"(?:van|von|de|der|den|del|della|da|di|du|des|la|las|le|los|dos|das|bin|ibn|ter|ten|zu|Ó|Ní|Nic)"
# a person's name: one or more such words, particles only between them ("María de la Cruz")
PERSON_RUN = rf"{NAME_WORD}(?:[ \t]+(?:{NAME_PARTICLE}[ \t]+){{0,2}}{NAME_WORD})*"
# a full name: two or more
FULL_RUN = rf"{NAME_WORD}(?:[ \t]+(?:{NAME_PARTICLE}[ \t]+){{0,2}}{NAME_WORD})+"
ZH_NOW = (  # words of time a sentence's subject stands before: "王小雨这学期", "杭州现在"
    r"(?=这学期|本学期|上学期|这个月|本月|上个月|这周|本周|上周|下周|今年|去年|今天|昨天|明天|后天|现在|目前|最近)"
)
ZH_NAME_NOW = re.compile(rf"({ZH_SURNAME}[\u4e00-\u9fff]{{1,2}}?){ZH_NOW}")
ORG = re.compile(
    r"([A-Z][\w&'-]*(?:[ \t]+(?:&|[A-Z][\w&'-]*))*[ \t]+"
    r"(?:Inc|Corp|Corporation|Ltd|LLC|LLP|PLC|GmbH|AG|Co|Company|Group|Labs?)\b\.?)"
    r"|((?:(?![为是的在和与从到给向我你他她])[\u4e00-\u9fff]){2,16}?(?:有限责任公司|股份有限公司|有限公司|公司|集团|研究院|大学))"
)


def zh_labels(name: str) -> list[str]:
    """The Chinese words that label a property's value ("department" -> 部门)."""
    parts = re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower())
    return [w for p in reversed(parts) for w in FIELD_WORDS.get(p, "").split()]


def chinese_name(text: str) -> str | None:
    """A Chinese person's name: a common surname and one or two characters, standing alone
    between punctuation ("张伟，手机 ..."; "高铁" inside a sentence is no name), or as the subject
    right before a word of time ("王小雨这学期的数学成绩")."""
    m = ZH_NAME.search(text) or ZH_NAME_NOW.search(text)
    return m.group(1) if m else None


def organisations(text: str) -> list[str]:
    """Names of companies: "Acme Corp", "北京星河科技有限公司"."""
    return [next(g for g in m.groups() if g).strip() for m in ORG.finditer(text)]


REGIONS = ("Africa", "America", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific")
NO_CITY = frozenset(  # last parts of tzdata names that are common words, not places said
    "west north south east central eastern western mountain easter christmas wake midway reunion "
    "virgin knox in yukon queensland victoria tasmania canberra lindeman".split()
)
ZONE_ALIASES = {  # what tzdata's city names cannot give: other big cities, Chinese names
    "beijing": "Asia/Shanghai", "san francisco": "America/Los_Angeles",
    "seattle": "America/Los_Angeles", "boston": "America/New_York",
    "washington": "America/New_York", "miami": "America/New_York", "mumbai": "Asia/Kolkata",
    "delhi": "Asia/Kolkata", "new delhi": "Asia/Kolkata", "bangalore": "Asia/Kolkata",
    "东京": "Asia/Tokyo", "北京": "Asia/Shanghai", "上海": "Asia/Shanghai", "深圳": "Asia/Shanghai",
    "广州": "Asia/Shanghai", "杭州": "Asia/Shanghai", "成都": "Asia/Shanghai", "香港": "Asia/Hong_Kong",
    "台北": "Asia/Taipei", "首尔": "Asia/Seoul", "新加坡": "Asia/Singapore", "悉尼": "Australia/Sydney",
    "纽约": "America/New_York", "洛杉矶": "America/Los_Angeles", "旧金山": "America/Los_Angeles",
    "芝加哥": "America/Chicago", "伦敦": "Europe/London", "巴黎": "Europe/Paris",
    "柏林": "Europe/Berlin", "莫斯科": "Europe/Moscow", "迪拜": "Asia/Dubai",
}  # fmt: skip


@functools.cache
def _zone_index() -> tuple[dict[str, str], re.Pattern[str]]:
    """City (the last part of a tzdata name, underscores as spaces, lower case) -> zone name."""
    index: dict[str, str] = {}
    for zone in sorted(zoneinfo.available_timezones()):
        if zone.split("/")[0] in REGIONS and "/" in zone:
            city = zone.rsplit("/", 1)[1].replace("_", " ").lower()
            if city not in NO_CITY:
                index.setdefault(city, zone)
    index.update(ZONE_ALIASES)
    names = "|".join(re.escape(c) for c in sorted(index, key=len, reverse=True))
    return index, re.compile(rf"(?<![A-Za-z])(?:{names})(?![A-Za-z])", re.I)


@functools.cache
def country_names() -> tuple[str, ...]:
    """The countries tzdata's iso3166.tab names ("Austria", "Brazil"), from the system's zoneinfo
    or the tzdata package; none when neither is there."""
    import importlib.resources

    places = [os.path.join(p, "iso3166.tab") for p in zoneinfo.TZPATH]
    for where in places:
        if os.path.exists(where):
            with open(where, encoding="utf-8") as f:
                return _tab_names(f.read())
    try:
        tab = importlib.resources.files("tzdata.zoneinfo").joinpath("iso3166.tab")
        return _tab_names(tab.read_text(encoding="utf-8"))
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        return ()


def _tab_names(tab: str) -> tuple[str, ...]:
    rows = [line.split("\t", 1)[1] for line in tab.splitlines() if "\t" in line and line[:1] != "#"]
    return tuple(re.sub(r"\s*\(.*\)$", "", r.strip()) for r in rows)


ADJECTIVE = re.compile(r"(?<![\w-])([A-Z][a-z]{3,}(?:an|ese|ish|ic|i))(?![\w-])")


def countries(text: str) -> list[str]:
    """The countries a text names, by name ("Austria") or by the adjective of its people
    ("Austrian prices" -> Austria, "Mexican food" -> Mexico, "Japanese" -> Japan: the country whose
    name the adjective begins with, all but its last two letters at most)."""
    names = country_names()
    found: list[tuple[int, str]] = []
    for name in names:
        for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
            found.append((m.start(), name))
    for m in ADJECTIVE.finditer(text):
        adj = m.group(1)
        for name in names:
            common = len(os.path.commonprefix([adj, name]))
            if common >= 4 and common >= len(name) - 2 and name != adj:
                found.append((m.start(), name))
                break
    out: list[str] = []
    for _at, name in sorted(found):
        if name not in out:
            out.append(name)
    return out


IANA = re.compile(rf"\b(?:{'|'.join(REGIONS)})/[A-Za-z_]+(?:/[A-Za-z_]+)?\b")


def time_zones(text: str) -> list[str]:
    """The IANA time zones of the places a text names, in the order said: a zone written out
    ("Asia/Tokyo"), else a city tzdata names a zone after ("Tokyo", "New York", "Sao Paulo"),
    or one of a few others ("Beijing", "San Francisco", "东京")."""
    written = IANA.findall(text)
    if written:
        return list(dict.fromkeys(written))
    index, pattern = _zone_index()
    lower = text == text.lower()  # written all in lower case: no word is capitalized
    found = [
        index[m.group(0).lower()]
        for m in pattern.finditer(text)
        if m.group(0)[0].isupper() or not m.group(0).isascii() or lower  # a place is capitalized
    ]
    return list(dict.fromkeys(found))


CURRENCIES = [  # ISO 4217 code, how a text names it
    ("USD", r"us dollars?|dollars?|bucks|\$|美元|美金"),
    ("EUR", r"euros?|€|欧元"),
    ("JPY", r"yen|円|日元"),
    ("GBP", r"pounds? sterling|british pounds?|pounds?|£|英镑"),
    ("CNY", r"yuan|renminbi|rmb|人民币|元|块"),
    ("CAD", r"canadian dollars?|加元|加币"),
    ("AUD", r"australian dollars?|澳元|澳币"),
    ("CHF", r"swiss francs?|francs?|瑞士法郎"),
    ("HKD", r"hong kong dollars?|港币|港元"),
    ("KRW", r"korean won|韩元"),
    ("INR", r"rupees?|卢比"),
]
ISO_CURRENCY = re.compile(r"(?<![\w-])([A-Z]{3})(?![\w-])")  # not "INV" of "INV-2026-0457"
KNOWN_CODES = frozenset(
    "USD EUR JPY GBP CNY RMB CAD AUD CHF HKD KRW INR SEK NOK DKK NZD SGD".split()
)
NO_CURRENCY = frozenset(  # capitals beside an amount that name a tax or a standard, not money
    "VAT GST HST PST QST IVA TVA IVU TAX NET ISO API SKU QTY PCS UTC GMT".split()
)
NEAR_NUMBER = re.compile(r"\d\s*$|^\s*\d|\b(?:to|into|in|from|as)\s*$", re.I)


def currencies(text: str) -> list[str]:
    """The ISO 4217 codes of the currencies a text names, in the order said: "250 euros in yen"
    -> ["EUR", "JPY"], "300人民币换成美元" -> ["CNY", "USD"] (a longer name first: "canadian
    dollars" is CAD, not USD); a code written out is itself: a common one anywhere, any other
    three capitals beside a number or after "to"/"in" ("250 XOF", "to PLN"; not "INV" of an
    invoice number, nor a tax or a standard: "VAT 80.00", "ISO")."""
    names = sorted(
        ((code, n) for code, ns in CURRENCIES for n in ns.split("|")), key=lambda p: -len(p[1])
    )
    pattern = "|".join(f"(?P<c{i}>{n})" for i, (_code, n) in enumerate(names))
    found: list[tuple[int, str]] = []
    for m in re.finditer(rf"(?<![A-Za-z])(?:{pattern})(?![A-Za-z])", text, re.I):
        code = names[int(next(k for k, v in m.groupdict().items() if v)[1:])][0]
        found.append((m.start(), code))
    for m in ISO_CURRENCY.finditer(text):  # a code written out ("CHF", "250 XOF", "to PLN")
        near = NEAR_NUMBER.search(text[max(0, m.start() - 6) : m.start()]) or re.match(
            r"\s*\d", text[m.end() :]
        )
        if m.group(1) in KNOWN_CODES or near and m.group(1) not in NO_CURRENCY:
            found.append((m.start(), "CNY" if m.group(1) == "RMB" else m.group(1)))
    return list(dict.fromkeys(code for _at, code in sorted(found)))
