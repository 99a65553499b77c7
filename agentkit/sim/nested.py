"""Nested extraction: an object or a list of objects inside an extraction's schema, each read from
the span of text that belongs to it, each field in its own kind.

The rules (`nested`, after the flat readings of `agentkit.sim.structured`):
1. A list of objects holds one object per thing the text lists. A list of people present is the
   parts of the span its label opens ("Present: A (PM), B (design)", "Present were A (chair) and
   B.", "出席：周强（队长）、…", "参加的有班主任李红、…", "Attendees:" and the bulleted lines under
   it), split at 、, commas, ";" and "and" outside brackets. Any other list is the text's lines
   and sentences (split at 。；; and a full stop that ends no "Dr." / "St."), bullets, checkboxes
   and a label naming no person ("ACTION:", "会上决定：") taken off, that hold what the item
   cannot be without (its anchors): a person opening it and a verb, modal or dash after them,
   where an item field asks one and the item has more fields than a name and a role ("Omar will
   migrate ... by March 18", "Ruth — add ...", "王磊负责…", not "Book club planning", not "Kenji
   Watanabe, SRE manager"); a span of two dates where it has a start and an end (a job); a count
   and a price where it has both (a line item). A unit with two items or more ("2 hoodies at $35
   each and 3 caps at $12 each", "2015年至2019年在…，2019年至今在…") is one item per part that
   holds the anchors, with the parts before it that hold none. An item whose person field finds
   no person is no item: words ("afternoon", "sorry") are never people. A list the flat readings
   filled whole (every field of every item, as many items or more) is kept.
2. An object property (billing_address, shipping_address) is read from the line its label opens
   with a colon, in the whole request: the label of its concept (`CONCEPTS`, both languages:
   "Billing address:", "Bill to:", 发票寄到…：; "Ship to:", 货请送到…：), else its name's own words
   ("Pickup:" and "Drop-off:" for pickup_address and dropoff_address) or its Chinese
   description's (寄件 of 寄件方); the first label word before a colon decides whose the line is,
   so two addresses are never mixed, and a line that ends at a colon after two labels is an
   instruction ("提取账单地址和收货地址："). An address is split into its parts (`address_parts`).
3. A field of an item is read in the item's text by its kind (`_field`): a person (the first
   capitalised name, a Chinese name at either end of its item or after a title word, a first name
   made whole by the full name the text writes; a priced item's "name" is its thing), a role (in
   brackets, after a comma or dash, a title word before a Chinese name), a day (relative to the
   first full date the text writes: the meeting's), the ends of a span of dates (YYYY-MM, MM/YYYY,
   years alone; "present" / 至今 as the text or the description says), a company (the place 在 …
   担任 names, a name with its legal ending, what follows "at", else the part beside the title),
   a title (the words after 担任 / 任, what precedes "at", the part with a job word), a count, a
   unit price (after @ / at / 单价 / 每X), a line total (count × price), a thing (after the count
   that opens the line, else before its count, without a verb of buying), what is to be done
   (the item without its person, day and lead words).
4. A duration in years (years_of_experience, 工作年限) is worked out from the spans of dates the
   text gives (earliest start to latest end, "present" is today), never a year said.
5. A total (total, grand_total, 合计) is the sum of the line totals read by rule 1.
6. A person's name (customer_name, sender_name) is a name: small words ("my office:") give way
   to the full name a letter is signed with, else to nothing.
7. The title of a document that holds lists of objects (minutes) is the line it is headed with,
   without its date, when that line is no label and no sentence.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

from . import values

Schema = dict[str, Any]

CONCEPTS = {  # a concept -> (the words a schema names it by, the words that label it in a text)
    "present": (
        r"attend|participant|present|member|people|参会|出席|与会|参加|人员",
        r"\b(?:attendees|participants|present|attending|in attendance)\b(?:\s+(?:were|are|was)\b)?"
        r"|\battended by\b|参会(?:人员?)?|出席(?:人员?)?|与会(?:人员?)?"
        r"|参加(?:人员|的人|的有|的)|到场(?:的有|人员)|出席的有",
    ),
    "billing": (
        r"bill|invoice|payment|payer|账单|发票|开票|付款",
        r"\bbill(?:ing)?\b|\binvoice\b|账单|发票|开票",
    ),
    "shipping": (
        r"ship|deliver|recipient|收货|送货|配送|邮寄|寄送",
        r"\bship(?:ping)?\b|\bdeliver(?:y|ed)?\b|\bsend (?:the \w+ )?to\b|收货|送到|寄到|送货|配送",
    ),
}
PERSON_FIELD = re.compile(
    r"^(?:name|full_?name|owner|assignee|person|who|responsible|attendee|participant)$"
    r"|_name$|姓名|负责人|人名|参会人",
    re.I,
)
ROLE_FIELD = re.compile(r"role|job_?title|position|title|职务|职位|角色|岗位|身份", re.I)
TASK_FIELD = re.compile(r"task|action|description|todo|item|what|任务|事项|内容|描述", re.I)
DAY_FIELD = re.compile(r"due|deadline|date|by_when|截止|日期|期限", re.I)
START_FIELD = re.compile(r"start|from|begin|开始|起始|入职", re.I)
END_FIELD = re.compile(r"end|until|^to$|finish|结束|离职|截至", re.I)
COMPANY_FIELD = re.compile(r"company|employer|organi[sz]ation|firm|公司|单位|雇主", re.I)
COUNT_FIELD = re.compile(r"qty|quantity|count|units|数量|件数", re.I)
PRICE_FIELD = re.compile(r"price|rate|cost_each|each|单价|价格", re.I)
LINE_TOTAL_FIELD = re.compile(r"total|amount|subtotal|sum|金额|小计|合计", re.I)
THING_FIELD = re.compile(r"description|product|item|name|goods|品名|商品|名称|产品", re.I)
YEARS_FIELD = re.compile(r"experience|career|工作年限|工龄|从业|经验", re.I)  # a number: its years
TOTAL_FIELD = re.compile(r"total|合计|总计|总额|总价", re.I)

MONTHS = "jan feb mar apr may jun jul aug sep oct nov dec".split()
YM = (
    r"(?:(?P<{0}m>[A-Za-z]{{3,9}})\.?\s+(?P<{0}y>\d{{4}})|(?P<{0}zy>\d{{4}})\s*年\s*(?P<{0}zm>\d{{1,2}})\s*月"
    r"|(?P<{0}ny>\d{{4}})[./-](?P<{0}nm>\d{{1,2}})(?![\d/-])|(?P<{0}sm>\d{{1,2}})/(?P<{0}sy>\d{{4}})"
    r"|(?P<{0}by>\d{{4}})年?)"
)
NOW_WORD = r"(?P<now>present|current|now|today|至今|现在|今)"
DATE_SPAN = re.compile(
    YM.format("a") + r"\s*(?:-|–|—|~|to|until|至|到)\s*(?:" + YM.format("b") + "|" + NOW_WORD + ")",
    re.I,
)
MEASURE_ZH = (
    "份|杯|个|碗|盘|瓶|只|件|本|张|组|次|斤|克|公斤|千克|吨|套|盒|袋|块|条|根|串|笼|箱|桶|罐|包|双|台|把|支|片|听|"
    "部|辆|米|卷|打"
)
BULLET = re.compile(r"^\s*(?:[-*•·]|\d+[.)、]|[（(]?\d+[）)])\s*(?:\[[ xX✓]?\]\s*)?")
ZH_TITLE = re.compile(
    r"^(.*?(?:老师|教师|主任|经理|代表|工程师|负责人|总监|主管|医生|组长|秘书|助理|委员|会计|律师|"
    r"店长|队长|班长|主席|院长|校长|总裁|董事|专员|顾问))(.{2,3})$"
)
JOB_WORD = re.compile(
    r"engineer|developer|manager|analyst|designer|director|lead|consultant|intern|architect|"
    r"scientist|officer|specialist|administrator|assistant|coordinator|head|president|nurse|"
    r"teacher|doctor|accountant|writer|chef|clerk|technician|representative|associate|agent|"
    r"工程师|经理|分析师|设计师|总监|主管|专员|开发|顾问|助理|实习|架构师|运营|编辑|老师|会计",
    re.I,
)
ZH_SUBJECT = re.compile(  # a name that opens its item: before its verb or its day
    rf"({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}}?)(?=[，,、\s]|负责|将|会|要|需|来|牵头|跟进|在|于|下周|本周|这周|"
    r"说|提到|表示|答应|承诺|"
    r"明天|后天|今天|月底|周[一二三四五六日]|\d|[一二三四五六七八九十]+月|$)"
)
EN_LEAD = re.compile(
    r"^(?:(?:will|to|is to|shall|should|must|needs? to|is going to|agreed to|volunteered to|"
    r"has to|takes?|owns?)\s+)+",
    re.I,
)
ZH_LEAD = re.compile(r"^(?:负责|将|会|要|需要|需|来|去|牵头|跟进)+")
DUE_EN = re.compile(
    r"[\s,(]*\b(?:by|before|due|until|no later than|on)\b[^.;()]*?(?=[.;)]|$)\)?", re.I
)
DUE_ZH = re.compile(r"(?:在|于)?[^，。；,]{1,12}?(?:之前|以前|前)(?=[^天年月]|$)")
COUNT = re.compile(
    rf"^\s*(\d+)\s*(?:x|×|\*)\s+|(?<![A-Za-z0-9.])(\d+)\s*(?:{MEASURE_ZH})"
    r"|(?<![A-Za-z0-9.$])(\d+)\s+(?=[a-z])|(?<![A-Za-z0-9.$])(\d+)\s*(?=@|x\s|×)",
    re.I,
)
PRICE = re.compile(
    r"(?:@|\bat\b|单价|每[^\d\s，,]{0,2}|\beach\b\s*)\s*[$€£¥￥]?\s*(\d+(?:\.\d+)?)"
    r"|[$€£¥￥]\s*(\d+(?:\.\d+)?)\s*(?:each|/\s*\w+|apiece)"
    r"|(\d+(?:\.\d+)?)\s*(?:元|块)\s*(?:一|每)",
    re.I,
)
NOT_PEOPLE = frozenset(
    "Action Actions Todo Task Present Attendees Participants Notes Minutes Agenda Date Time Meeting "
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June "
    "July August September October November December Good Hi Hello Hey Thanks Sorry Please The "
    "A An We I They He She It Our Team Everyone All Next Weekly Daily".split()
)


def nested(
    props: Schema, got: dict[str, Any], text: str, root: Schema, task: str = ""
) -> dict[str, Any]:
    """The values of `got` with each object and list of objects read by the rules above; an
    object's label is looked for in the whole request (`task`) where the material is part of it
    (the material after a colon may have left "Pickup:" behind)."""
    out = dict(got)
    with _dated(text):
        objects = {
            k: label
            for k, p in props.items()
            if _node(p, root).get("type") == "object"
            for label in [_label(k, _node(p, root))]
            if label
        }
        spans = _concept_spans(task if text in task else text, objects)
        for k, p in props.items():
            s = _node(p, root)
            item = _node(s.get("items"), root) if s.get("type") == "array" else {}
            if item.get("type") == "object" and item.get("properties"):
                found = _items(k, s, item, text, root, task)
                if found and not _complete(out.get(k), item, len(found)):
                    out[k] = found
            elif s.get("type") == "object" and s.get("properties"):
                span = spans.get(k)
                if span:
                    sub = _object(s, span, root, span)
                    had = out.get(k)
                    base: dict[str, Any] = had if isinstance(had, dict) else {}
                    out[k] = {**base, **{x: v for x, v in sub.items() if v not in (None, "")}}
    out = _headed(props, _named_people(props, out, text), text, root)
    return _worked_out(props, out, text, root)  # "present" is today, not the document's day


def _complete(had: Any, item: Schema, n: int) -> bool:
    """Whether a list the flat readings gave is kept: as many objects or more, each with every
    field of the item filled, and no text in two fields of one object (a name as a job title)."""
    props = item.get("properties") or {}
    return (
        isinstance(had, list)
        and len(had) >= n
        and all(
            isinstance(o, dict)
            and all(o.get(k) not in (None, "", 0, []) for k in props)
            and len({v for v in o.values() if isinstance(v, str)})
            == len([v for v in o.values() if isinstance(v, str)])
            for o in had
        )
    )


def _node(p: Any, root: Schema) -> Schema:
    ref = p.get("$ref") if isinstance(p, dict) else None
    if isinstance(ref, str) and ref.startswith("#/"):
        node: Any = root
        for part in ref[2:].split("/"):
            node = node.get(part, {}) if isinstance(node, dict) else {}
        return _node(node, root)
    options = p.get("anyOf") or p.get("oneOf") if isinstance(p, dict) else None
    if isinstance(options, list):
        typed = [o for o in options if _node(o, root).get("type") != "null"]
        return _node(typed[0], root) if typed else {}
    return p if isinstance(p, dict) else {}


def _about(k: str, s: Schema) -> str:
    return f"{k} {s.get('title') or ''} {s.get('description') or ''}"


def _concept(k: str, s: Schema) -> str | None:
    about = _about(k, s)
    return next((c for c, (named, _l) in CONCEPTS.items() if re.search(named, about, re.I)), None)


SENTENCE_END = re.compile(  # not the full stop of "Dr." or "St."
    r"[。；;]|(?<=[\w)])(?<!\bDr)(?<!\bSt)(?<!\bMr)(?<!\bMs)(?<!\bMrs)(?<!\bJr)(?<!\bNo)\.\s+"
)


def _units(text: str) -> list[str]:
    """The text's lines, each split into its sentences (at 。；; and a full stop before a space)."""
    out = []
    for line in text.splitlines():
        out += [u.strip() for u in SENTENCE_END.split(line) if u.strip()]
    return out


GENERIC = frozenset(
    "address addr info information details detail data contact location place".split()
)


def _label(k: str, s: Schema) -> str | None:
    """The words that label an object property's span in a text: its concept's (`CONCEPTS`), else
    its name's own words but the generic ones ("pickup" of pickup_address, "home" of home_address)
    and the words of its Chinese description before 地址 / 信息 ("寄件" of 寄件地址)."""
    concept = _concept(k, s)
    if concept:
        return CONCEPTS[concept][1]
    words = [w for w in re.findall(r"[a-z]{3,}", k.lower()) if w not in GENERIC]
    zh = re.findall(r"([\u4e00-\u9fff]{2,4}?)(?:地址|信息|方)", str(s.get("description") or ""))
    said = ["\\b" + "[-\\s]?".join(w) for w in words] + zh  # "dropoff" labels "Drop-off:"
    return "|".join(said) or None


def _concept_spans(text: str, labels: dict[str, str] | None = None) -> dict[str, str]:
    """Each label's span (the concepts', and `labels` by property): what follows the colon of the
    line its label opens (a label ending in 有, "参加的有", opens it without one), the first label
    word of the line deciding whose it is (`发票寄到公司：…` is billing's); a label line with
    nothing after its colon opens the lines under it, up to a blank line or another labelled
    line."""
    out: dict[str, str] = {}
    under: dict[str, str] = {}  # the spans of the lines under a label line, when none is on one
    lines = [x.strip() for x in text.splitlines()]
    known = dict(labels or {})
    known |= {c: label for c, (_n, label) in CONCEPTS.items() if label not in known.values()}
    for i, line in enumerate(lines):
        hits = sorted(
            (m.start(), m.end(), c)
            for c, label in known.items()
            for m in re.finditer(label, line, re.I)
        )
        for j, (body_at, whose) in enumerate(opened := _opened(line, hits)):
            stop = next((h[0] for h in hits if h[0] >= body_at), len(line))
            if not re.search(r"[:：]\s*$", line[:body_at]):  # "Present were A, B and C. Then …"
                stop = min(
                    stop, next((m.start() for m in SENTENCE_END.finditer(line, body_at)), stop)
                )
            body = line[body_at:stop].strip(" ,，;；")
            if body:
                out.setdefault(whose, body)
            elif j + 1 == len(opened) and _following(lines[i + 1 :]):
                under.setdefault(whose, "\n".join(_following(lines[i + 1 :])))
    return under | out


def _opened(line: str, hits: list[tuple[int, int, str]]) -> list[tuple[int, str]]:
    """Where each label of a line opens its body, and whose it is: after the colon that follows
    it, the first label before the colon deciding ("发票寄到公司：…" is billing's), but a line that
    ends at a colon after two labels is an instruction and opens none ("extract the billing and
    shipping addresses:"); or right after a label ending in 有."""
    opened: list[tuple[int, str]] = []
    for n, (start, end, whose) in enumerate(hits):
        if opened and start < opened[-1][0]:
            continue  # a word inside the label before it
        colon = re.compile(r"[:：]").search(line, start, start + 24)
        others = any(s < colon.start() and w != whose for s, _e, w in hits[n + 1 :]) if colon else 0
        if colon and not (others and not line[colon.end() :].strip()):
            opened.append((colon.end(), whose))
        elif not colon and re.search(r"有|\b(?:were|are|was|by)$", line[start:end]):
            opened.append((end, whose))
    return opened


def _following(lines: list[str]) -> list[str]:
    """The lines under a label line, up to a blank line or a line with a label of its own."""
    out = []
    for line in lines:
        if not line or re.match(r"^[^:：]{1,24}[:：]", BULLET.sub("", line)):
            break
        out.append(BULLET.sub("", line))
    return out


def _priced(item: Schema) -> bool:
    props = item.get("properties") or {}
    return any(COUNT_FIELD.search(k) for k in props) and any(PRICE_FIELD.search(k) for k in props)


def _people(item: Schema) -> list[str]:
    """The fields of an item that ask for a person: a plain "name" of a priced thing names the
    thing, not a person."""
    props = item.get("properties") or {}
    return [
        k for k, p in props.items()
        if PERSON_FIELD.search(k) and not ROLE_FIELD.search(k)
        and not (_priced(item) and k.lower() == "name")
        and not THING_FIELD.search(str((p or {}).get("description") or "") if isinstance(p, dict) else "")
    ]  # fmt: skip


def _anchors(item: Schema) -> set[str]:
    props = item.get("properties") or {}
    kinds = set()
    if _people(item) and len(props) > 2:
        kinds.add("person")
    if any(START_FIELD.search(k) for k in props) and any(END_FIELD.search(k) for k in props):
        kinds.add("span")
    if _priced(item):
        kinds.add("priced")
    return kinds


def _items(
    k: str, s: Schema, item: Schema, text: str, root: Schema, task: str
) -> list[dict[str, Any]]:
    """One object per thing the list's span lists (rule 1), none without its person."""
    spans = _concept_spans(text)
    if _concept(k, s) == "present" and _people(item):
        said = spans.get("present") or _concept_spans(task).get("present")
        parts = _split(said) if said else []
    else:
        anchors = _anchors(item)
        if not anchors:
            return []
        listed = {
            p
            for span in [*spans.values(), *_concept_spans(task).values()]
            for p in span.splitlines()
        }
        units = [_unlabelled(BULLET.sub("", u)) for u in _units(text)]
        units = [u for u in units if u not in listed and u != _heading(text)]
        held = [all(_holds(a, u) for a in anchors) for u in units]
        parts = [
            f"{units[i - 1]}, {u}" if i and not held[i - 1] and _bare_span(u) else u
            for i, u in enumerate(units)
            if held[i]
        ]  # "Acme Corp — Senior Developer" on the line above its "Jan 2020 – Present"
        parts = [p for u in parts for p in _each(u, anchors)]
    objects = [_object(item, part, root, text) for part in parts]
    person = _people(item)
    return [o for o in objects if not person or o.get(person[0])]


def _bare_span(unit: str) -> bool:
    """A line that is a span of dates alone: its job is told on the line above."""
    return bool(DATE_SPAN.search(unit)) and not re.search(r"\w", DATE_SPAN.sub("", unit))


def _each(unit: str, anchors: set[str]) -> list[str]:
    """A unit that lists several items ("2 hoodies at $35 each and 3 caps at $12 each"): its
    parts at commas and "and", each part that holds the anchors with the parts before it that
    do not, when two parts or more hold them; else the unit whole."""
    parts = [p.strip() for p in re.split(r"[,，、]\s*(?:and\s+)?|\s+and\s+", unit) if p.strip()]
    out: list[str] = []
    waiting: list[str] = []
    for p in parts:
        if all(_holds(a, p) for a in anchors):
            out.append(", ".join([*waiting, p]))
            waiting = []
        else:
            waiting.append(p)
    if len(out) < 2:
        return [unit]
    return out[:-1] + [", ".join([out[-1], *waiting])]


def _unlabelled(unit: str) -> str:
    """A unit without a label before a colon ("ACTION:", "会上决定：") that names no person."""
    m = re.match(r"^\s*([^:：]{1,12})[:：]\s*(?=\S)", unit)
    return unit[m.end() :] if m and not _person(m.group(1)) else unit


def _split(span: str) -> list[str]:
    """A span's items: its lines (one item each when there are several), a single line split at
    、，,; outside brackets (and at "and")."""
    out = []
    lines = span.splitlines()
    cuts = "、，,;；" if len(lines) == 1 else "、;；"  # a bulleted line is one item, its role too
    for line in lines:
        depth, cur = 0, ""
        for ch in line:
            depth += ch in "(（[" and 1 or 0
            depth -= ch in ")）]" and 1 or 0
            if depth == 0 and ch in cuts:
                out.append(cur)
                cur = ""
            else:
                cur += ch
        out.append(cur)
    parts = [q for p in out for q in re.split(r"\s+and\s+(?![^(（]*[)）])", p)]
    parts = [re.sub(r"^\s*and\s+", "", p).strip(" .。") for p in parts]
    return [p for p in parts if p]


ACTS = re.compile(  # what follows a person who is to do something: a verb, a modal, a dash
    r"\s*(?:[:：—–]|-\s)|\s+(?:will|to|shall|should|must|needs?|is|are|agreed|volunteered|has|have|"
    r"takes?|owns?|can|may|[a-z]+s)\b",
)


def _holds(anchor: str, unit: str) -> bool:
    if anchor == "person":  # the item's subject: its first words, no apposition after them
        who = _person(unit)
        rest = unit[len(who) :] if who and unit.startswith(who) else ""
        apposition = re.match(r"\s*[,，(（、]", rest)  # "Kenji Watanabe, SRE manager"
        return (
            len(rest.strip()) > 3
            and not apposition
            and bool(ACTS.match(rest) or not rest.isascii())
        )
    if anchor == "span":
        return DATE_SPAN.search(unit) is not None
    return COUNT.search(unit) is not None and PRICE.search(unit) is not None


def _object(item: Schema, part: str, root: Schema, whole: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    people = _people(item)
    acting = "person" in _anchors(item)  # an action item: its description is what is to be done
    for k, p in (item.get("properties") or {}).items():
        value = _field(k, _node(p, root), part, whole, k in people)
        if (
            value is None
            and acting
            and TASK_FIELD.search(k)
            and _node(p, root).get("type") == "string"
        ):
            value = _task(part)
        if value is not None:
            out[k] = value
    return out


def _field(k: str, s: Schema, part: str, whole: str, person: bool) -> Any:  # noqa: C901
    kind = s.get("type")
    if s.get("type") == "object":
        return None
    if COUNT_FIELD.search(k) and kind in ("integer", "number"):
        return _count(part)
    if PRICE_FIELD.search(k) and kind in ("integer", "number"):
        return _price(part)
    if LINE_TOTAL_FIELD.search(k) and kind in ("integer", "number"):
        count, price = _count(part), _price(part)
        return round(count * price, 2) if count is not None and price is not None else None
    if kind not in ("string", None):
        return None
    if START_FIELD.search(k) or END_FIELD.search(k) and DATE_SPAN.search(part):
        return _span_end(part, s, start=bool(START_FIELD.search(k)))
    if COMPANY_FIELD.search(k):
        return _company(part)
    if person:
        found = _person(part)
        return _whole_name(found, whole) if found else None
    if ROLE_FIELD.search(k):
        return _title(part) if DATE_SPAN.search(part) else _role(part)
    if DAY_FIELD.search(k):
        days = values.iso_dates(part)
        return days[-1][1] if days else None
    if THING_FIELD.search(_about(k, s)) and COUNT.search(part) and PRICE.search(part):
        return _thing(part)
    if re.fullmatch(r"(?:full_?)?addr(?:ess)?|地址", k, re.I):  # the span without whose it is
        who = _person(part)
        return re.sub(rf"^{re.escape(who)}\s*[,，]?\s*", "", part) if who else part
    if _address_part(k):
        return address_parts(part).get(_address_part(k) or k)
    if TASK_FIELD.search(_about(k, s)) and not THING_FIELD.search(k) or _task_like(k, s):
        return _task(part)
    return None


def _task_like(k: str, s: Schema) -> bool:
    return bool(re.search(r"task|action|todo|任务|事项", _about(k, s), re.I))


def _person(part: str) -> str | None:
    zh = re.search(r"[\u4e00-\u9fff]", part)
    if zh:
        bare = re.sub(r"[（(][^）)]*[）)]", "", part).strip()
        titled = ZH_TITLE.match(bare)
        if titled and re.match(values.ZH_SURNAME, titled.group(2)):
            return titled.group(2)
        m = ZH_SUBJECT.match(bare)
        if m:
            return m.group(1)
        m = re.fullmatch(rf"({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}})", bare)
        return m.group(1) if m else _titled_end(bare)
    for m in re.finditer(values.PERSON_RUN, part):
        words = [w for w in m.group(0).split() if w not in NOT_PEOPLE]
        if words and words[0] == m.group(0).split()[0]:
            return " ".join(words)
    return None


def _titled_end(bare: str) -> str | None:
    """The name that ends a short Chinese item after a word of what one does ("开发李静" -> 李静,
    "开发王小明" -> 王小明): three characters when they open with a surname and the last two do
    not, else the last two when they do."""
    if not re.fullmatch(r"[\u4e00-\u9fff]{4,8}", bare):
        return None
    three, two = bare[-3:], bare[-2:]
    if re.match(values.ZH_SURNAME, three) and not re.match(values.ZH_SURNAME, two):
        return three
    return two if re.match(values.ZH_SURNAME, two) else None


def _whole_name(name: str, whole: str) -> str:
    """A first name made whole by the full name the text writes ("Omar" -> "Omar Haddad")."""
    if " " in name or re.search(r"[\u4e00-\u9fff]", name):  # "Tomás" is made whole too
        return name
    m = re.search(rf"\b{re.escape(name)}[ \t]+({values.NAME_WORD})", whole)
    return f"{name} {m.group(1)}" if m and m.group(1) not in NOT_PEOPLE else name


def _role(part: str) -> str | None:
    m = re.search(r"[（(]([^）)]+)[）)]", part)
    if m:
        return m.group(1).strip()
    zh = ZH_TITLE.match(part.strip())
    if zh:
        return zh.group(1).strip()
    named = _titled_end(part.strip())
    if named:
        return part.strip()[: -len(named)]
    m = re.search(r"[,，]\s*(.+)$|\s[—–-]\s*(.+)$", part)
    return next((g.strip() for g in m.groups() if g), None) if m else None


def _task(part: str) -> str | None:
    person = _person(part)
    rest = part
    said = re.search(
        r"[，,]\s*[他她]\s*(?:说)?([^，,]*(?:要|会|将|负责|修好|完成|之前|前)[^，,]*)", part
    )
    if person and re.match(rf"\s*{person}\s*(?:说|提到|表示)", part) and said:
        part = rest = person + said.group(1)  # "王磊说…，他下周三之前要把…": what he is to do
    if person:
        rest = rest[rest.find(person) + len(person) :] if person in rest else rest
    rest = re.sub(r"^\s*[—–:：,-]\s*", "", rest)
    if re.search(r"[\u4e00-\u9fff]", rest):
        rest = DUE_ZH.sub("", ZH_LEAD.sub("", rest.strip()), count=1)
        rest = ZH_LEAD.sub("", rest)
    else:
        rest = DUE_EN.sub("", EN_LEAD.sub("", rest.strip()))
    rest = rest.strip(" .。,，;；-–—")
    return rest or None


def _span_end(part: str, s: Schema, start: bool) -> str | None:
    m = DATE_SPAN.search(part)
    if not m:
        return None
    if not start and m.group("now"):
        about = s.get("description") or ""
        said = re.search(r"present|current|now|至今|现在", about, re.I)
        return said.group(0) if said else "至今" if m.group("now") == "今" else m.group("now")
    return _ym(m, "a" if start else "b")


def _ym(m: re.Match[str], side: str) -> str | None:
    g = m.groupdict()
    if g.get(f"{side}m") and g[f"{side}m"][:3].lower() in MONTHS:
        return f"{g[f'{side}y']}-{MONTHS.index(g[f'{side}m'][:3].lower()) + 1:02d}"
    for y, mo in (("zy", "zm"), ("ny", "nm"), ("sy", "sm")):
        if g.get(side + y):
            return f"{g[side + y]}-{int(g[side + mo]):02d}"
    return g.get(f"{side}by")


def _months(m: re.Match[str]) -> tuple[int, int] | None:
    """A span's two ends as counts of months; "present" is today."""
    ends = []
    for side in "ab":
        said = _ym(m, side) if side == "a" or not m.group("now") else None
        if side == "b" and m.group("now"):
            today = values.today_date()
            ends.append(today.year * 12 + today.month - 1)
        elif said:
            y, _, mo = said.partition("-")
            ends.append(int(y) * 12 + (int(mo) - 1 if mo else 0))
    return (ends[0], ends[1]) if len(ends) == 2 else None


def _pieces(part: str) -> list[str]:
    bare = DATE_SPAN.sub("|", part)
    return [
        p.strip(" .。")
        for p in re.split(r"\s*(?:[|,，;；]|\s[—–@-]\s|\s{2,}|\bat\b)\s*", bare)
        if p.strip(" .。")
    ]


AT_COMPANY = re.compile(r"^\W*([^|,]+?)\s+at\s+([^|,(—–]+?)\s*(?:[|,(—–]|$)")  # "Nurse at X"


def _company(part: str) -> str | None:
    """Where one worked: the place 在 … 担任 / 任 names, a company's name with its legal ending,
    else the part of the item beside its title ("Nurse at St. Mary Hospital")."""
    zh = re.search(r"在([^，。,；;在]{2,30}?)(?:担任|任职|任|工作|做)", part)
    if zh:
        return zh.group(1)
    at = AT_COMPANY.search(DATE_SPAN.sub("|", part))
    if at:
        return at.group(2).strip()
    org = values.organisations(part)
    if org:
        return org[0]
    pieces = [p for p in _pieces(part) if not JOB_WORD.search(p)]
    return pieces[0] if pieces else None


def _title(part: str) -> str | None:
    m = re.search(r"(?:担任|任职|任|做|\bas an?\b|\bas\b)\s*([^，。,；;]+)", part)
    if m:
        return m.group(1).strip()
    at = AT_COMPANY.search(DATE_SPAN.sub("|", part))
    if at:
        return at.group(1).strip()
    pieces = [
        p for p in _pieces(part) if JOB_WORD.search(p) and p not in values.organisations(part)
    ]
    if pieces:
        return pieces[0]
    rest = [p for p in _pieces(part) if p != _company(part)]  # "Northwind Logistics — Dispatcher"
    return rest[0] if len(rest) == 1 else None


def _count(part: str) -> int | None:
    m = COUNT.search(part)
    return int(next(g for g in m.groups() if g)) if m else None


def _price(part: str) -> float | None:
    m = PRICE.search(part)
    return float(next(g for g in m.groups() if g)) if m else None


BOUGHT = re.compile(r"^(?:买了|要了|来了|订了|购买了?|采购了?|(?:ordered|bought|order)\s+)", re.I)


def _thing(part: str) -> str | None:
    """A line item's thing: what follows a count that opens it ("3 x A2 posters @ $12.50" -> A2
    posters), else what stands before its count ("苹果3斤" -> 苹果, "Widget A — 4 @ $3" ->
    Widget A), without a verb of buying."""
    m = COUNT.search(part)
    if not m:
        return None
    before = BOUGHT.sub("", part[: m.start()].strip(" ，,：:—–-"))
    if before:
        return before
    rest = re.sub(r"^\s*\d+\s*(?:x|×)?\s*", "", part[m.start() :])
    return re.split(r"\s+(?:@|at\b|-|–|—|for\b)|[,，(（]", rest)[0].strip() or None


ADDRESS_PARTS = [
    ("postal", r"zip|postal|post_?code|邮编|邮政"),
    ("country", r"country|国家"),
    ("district", r"district|county|区|县"),
    ("province", r"province_or_city|province|省|直辖市"),
    ("state", r"state|region|province"),
    ("city", r"city|town|locality|城市|市"),
    ("street", r"street|line_?1|address_?1|address_line|detail|详细|街道|地址"),
    ("name", r"name|recipient|company|attention|收件人|联系人"),
]


def _address_part(k: str) -> str | None:
    return next((part for part, words in ADDRESS_PARTS if re.search(words, k, re.I)), None)


def address_parts(text: str) -> dict[str, str]:
    """An address's parts: street, city, state, postal, country, name (en); province, district,
    street (the rest), postal, name (zh)."""
    said = re.sub(r"\s*\n\s*", ", ", text.strip(" .。"))  # a block of lines is one address
    if re.search(r"[\u4e00-\u9fff]", said):
        return _zh_address(said)
    parts = [p.strip() for p in said.split(",") if p.strip()]
    out: dict[str, str] = {}
    if parts and (values.countries(parts[-1]) or re.fullmatch(r"USA|US|UK|U\.S\.A?\.?", parts[-1])):
        out["country"] = parts.pop()
    street = next((i for i, p in enumerate(parts) if re.match(r"\d", p)), None)
    if street is not None:
        out["street"] = parts[street]
        if street + 1 < len(parts) and re.match(
            r"(?:suite|apt|unit|floor|#)", parts[street + 1], re.I
        ):
            out["street"] += ", " + parts.pop(street + 1)
        if street > 0:
            out["name"] = ", ".join(parts[:street])
        parts = parts[street + 1 :]
    out.update(_postal_parts(parts))
    if "city" not in out and parts:
        out["city"] = parts[0]
    return out


POSTAL = re.compile(r"(?:([A-Z]{2})\s+)?(\d{4,5}(?:-\d{4})?)|(.+?)\s+(\d{4,5}(?:-\d{4})?)")


def _postal_parts(parts: list[str]) -> dict[str, str]:
    """The part with the postal code: "CA 94105" (a state's code before it, the city the part
    before), "Wellington 6011" (the city before it)."""
    for i, p in enumerate(parts):
        m = POSTAL.fullmatch(p)
        if m:
            out = {"postal": m.group(2) or m.group(4)}
            if m.group(1):
                out["state"] = m.group(1)
            if m.group(3) or i > 0:
                out["city"] = m.group(3) or parts[i - 1]
            return out
    return {}


def _zh_address(said: str) -> dict[str, str]:
    out: dict[str, str] = {}
    postal = re.search(r"邮编[:：]?\s*(\d{6})", said)
    if postal:
        out["postal"] = postal.group(1)
    name = re.search(
        rf"(?:收件人|联系人)[:：]?\s*({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}})", said
    )
    if name:
        out["name"] = name.group(1)
    place = re.split(r"[，,]", said)[0]
    m = re.match(r"(.{2,8}?(?:省|自治区))?(.{2,8}?市)?(.{1,8}?(?:区|县))?(.*)$", place)
    if m:
        province, city, district, rest = m.groups()
        out["province"] = province or city or ""
        out["city"] = city or ""
        out["district"] = district or ""
        out["street"] = rest.strip()
    return {k: v for k, v in out.items() if v}


WHOSE_NAME = re.compile(
    r"^(?:customer|client|sender|buyer|contact|full|person|patient|guest|applicant|"
    r"candidate|requester|reporter)_?name$",
    re.I,
)


def _named_people(props: Schema, got: dict[str, Any], text: str) -> dict[str, Any]:
    """Rule 6: a person's name (customer_name, sender_name) is a name: a value of small words only
    ("my office:") gives way to the name a letter is signed with (a line that is a full name
    alone, the last such), else to nothing."""
    out = dict(got)
    for k in props:
        v = out.get(k)
        if (
            WHOSE_NAME.match(k)
            and isinstance(v, str)
            and v.isascii()
            and re.fullmatch(r"[a-z'’]+(?:[\s,.:]+[a-z'’]+)+[\s,.:]*", v) is not None
        ):
            signed = [
                line.strip() for line in text.splitlines()
                if re.fullmatch(values.FULL_RUN, line.strip())
            ]  # fmt: skip
            out[k] = signed[-1] if signed else ""
    return out


TITLE_NAME = re.compile(
    r"^(?:meeting|document|notes?|event)?_?(?:title|subject|topic|heading)$|标题|会议名称|会议主题|名称",
    re.I,
)


def _heading(text: str) -> str | None:
    """The line a document of several lines is headed with: a first line that is no label and
    no sentence ("Infra retro — 2026-09-21" is no action item)."""
    lines = [x.strip() for x in text.splitlines() if x.strip()]
    if len(lines) < 3 or re.search(r"[:：]|[.。!?！？]$", lines[0]):
        return None
    return lines[0]


def _headed(props: Schema, got: dict[str, Any], text: str, root: Schema) -> dict[str, Any]:
    """Rule 7: the title of a document that holds lists of objects (minutes, an invoice) is the
    line it is headed with, without its date ("Design review 2026-02-16" -> Design review): a
    first line of several that is no label and no sentence."""
    nested_doc = any(
        _node(_node(p, root).get("items"), root).get("type") == "object" for p in props.values()
    )
    head = _heading(text) or ""
    if not nested_doc or not head:
        return got
    for start, end, _iso in reversed(values._written(head)):
        head = head[:start] + head[end:]
    head = re.sub(r"\s{2,}", " ", head).strip(" -–—,，|·")
    out = dict(got)
    for k, p in props.items():
        s = _node(p, root)
        if s.get("type") == "string" and TITLE_NAME.search(k) and head and len(head) <= 60:
            out[k] = head
    return out


def _worked_out(props: Schema, got: dict[str, Any], text: str, root: Schema) -> dict[str, Any]:
    """Rules 4 and 5: a duration in years from the spans of dates, a total from line totals."""
    out = dict(got)
    spans = [x for m in DATE_SPAN.finditer(text) for x in [_months(m)] if x]
    for k, p in props.items():
        s = _node(p, root)
        if s.get("type") not in ("integer", "number"):
            continue
        if YEARS_FIELD.search(_about(k, s)) and spans:
            months = max(b for _a, b in spans) - min(a for a, _b in spans)
            out[k] = months // 12 if s.get("type") == "integer" else round(months / 12, 1)
        elif TOTAL_FIELD.search(k) and not LINE_TOTAL_FIELD.search(k.replace("total", "")):
            lines = [
                v for v in out.values() if isinstance(v, list) and v and isinstance(v[0], dict)
            ]
            sums = [
                [
                    x
                    for o in rows
                    for x in [o.get(_line_total_key(o))]
                    if isinstance(x, (int, float))
                ]
                for rows in lines
            ]
            sums = [s_ for s_ in sums if s_]
            if len(sums) == 1:
                out[k] = round(sum(sums[0]), 2)
    return out


def _line_total_key(o: dict[str, Any]) -> str:
    return next((k for k in o if LINE_TOTAL_FIELD.search(k)), "")


class _dated:
    """Within it, today is the first full date the text writes (a meeting's, a document's day)."""

    def __init__(self, text: str) -> None:
        written = values._written(text)
        self.day = datetime.date.fromisoformat(written[0][2]) if written else None
        self.token: Any = None

    def __enter__(self) -> None:
        if self.day is not None:
            self.token = values.TODAY_SAID.set(self.day)

    def __exit__(self, *_exc: object) -> None:
        if self.token is not None:
            values.TODAY_SAID.reset(self.token)
