"""Which span of a handed text answers each field of an extracted record (forced tool calls and
structured outputs: `agentkit.sim.structured`).

A record's text often labels its values ("Address: Flat 3, 27 Marlowe Road, Bristol BS6 5AJ.",
"姓名：赵晓雯 电话：138…", "参加的人：王磊、陈静。", "Players: Sam, Dev."). These readings run after the
others, over the values they found:
- a label is a short run of words (up to three; up to six characters in Chinese) before a colon,
  at the start of the text or after a space or a punctuation mark; its value runs to the next
  label, the sentence's end or the line's end (a Chinese value also to a space or a comma); a
  label alone on its line holds the bullet or numbered lines under it ("Ingredients:\n- …");
- a field takes the label that names it: a word of the field's name (or its singular) is the
  label's word, or the last of its two words ("Reporting Officer" for officer; "No" / "Nr" says
  number: "Report No" for report_number) ("Players" for players, "From" for from_address, "Name" for customer_name), the
  Chinese words its English word is labelled with (`values.FIELD_WORDS`: 住址 for address), its
  Chinese description holds the label or the label its head, a Chinese label's English gloss
  says a word of the field's name (配料 for ingredients, 标签 for tags); or the label names the field's
  kind: a person (a field the arguments' `role` reads as a person, or a list of people) and a
  label for people (…人, …员, …者, 姓名, 名字, "name", "contact"), a place (a location, a room,
  a court) and a label for places (地点, 位置, "location", "where"). Each label answers one field:
  the one that names it best, a shared word before a kind ("Name:" names no part of a name:
  first_name, last_name);
- a string takes its label's value (a person's, the name it opens with), a list of strings its value split into items (、 , ， ；
  "and" 和 及), an item said as a clause its subject; a label never stays in a value: an item or a string that begins with a label of
  the text that another field took is that field's and is dropped, one that begins with an
  unclaimed label ("想提前点菜：松鼠鳜鱼") keeps what follows it, and the items before it belong to
  other clauses and are dropped;
- a value is used by one field only: a string of a field of no role of its own (or a person's)
  that is a piece of a labelled field's value, an address or a phone number ("Marlowe Road" of
  the address, "0117" of the phone) is no value of its own;
- a field no label answered whose value does not fit its kind (a person's with a digit, a
  currency's code for a field of no currency, a part of a note's heading "Hire note, 2 Feb:")
  is read by its kind: one who does an act (surveyor, inspector) by the name after "…ed by"
  ("Surveyed by Karen Holt"), a person by their title ("Ms. Anneke ter Horst", "Sgt. Laura
  Kim": a rank is a title too) or the name a mail is
  signed with ("— Oliver Fairchild-Ng"), a brand by the capitalized word before what it makes
  ("our Bechstein upright"), a place field (room, court, pitch) by the place the text names by
  its number ("3号场"), a thing by the object of the record's act ("is taking the student
  cello", for a value it had, never for one not given); else it is left for the schema's empty
  value rather than kept wrong;
- a list whose own name opens a clause ("For mains we'd like the braised short rib and the
  wild mushroom risotto,") holds that clause's items; a Chinese order of several things, each
  after its count and measure word ("要一壶明前龙井，…，再来一碟瓜子和一份桂花糕"), gives its one list
  the things after the first, and the first to the record's thing when the general reading gave
  that a clause of the order ("再来一碟瓜子") or a later thing.
Last, each value is checked against the kind of value its field wants (`valuekinds`: a whole
phone number, a city, a range's two ends, a flat, a person, a job title, a company).
"""

from __future__ import annotations

import re
from typing import Any

from . import glosses, valuekinds, values
from .arguments import PEOPLE_LIST, resolve, role, temporal

LABEL_EN = re.compile(r"(?:^|(?<=[\s.;,(]))([A-Za-z][A-Za-z]*(?:[ -][A-Za-z]+){0,2})\s*:(?=\s)")
LABEL_ZH = re.compile(r"(?:^|(?<=[\s，,。；;！!？?、(（：:]))([\u4e00-\u9fff]{1,6})\s*[：:]")
END_EN = re.compile(  # a sentence's end, not a title's or an initial's dot ("Dr. Ana", "J. Wu")
    r"(?<!Mr)(?<!Mrs)(?<!Ms)(?<!Dr)(?<!Prof)(?<!St)(?<!Sgt)(?<!Capt)(?<!Lt)(?<!Det)(?<!Insp)"
    r"(?<![\s.][A-Z])[.!?](?=\s|$)|\n|;"
)
END_ZH = re.compile(r"[。！？!?；;\n，,\s]")
SPLIT = re.compile(r"\s*(?:、|,|，|；|;|\band\b|和|及)\s*")
PEOPLE_LABEL = re.compile(r"(?:人|员|者|姓名|名字)$|\b(?:name|contact)\b", re.I)
PLACE_LABEL = re.compile(r"地点|位置|场地|场所|地址|\b(?:location|venue|place|where)\b", re.I)
PLACE_FIELD = re.compile(  # a field for a place: by its role, or named as a room, a court, ...
    r"(?:^|_)(?:room|court|pitch|field|hall|gate|bay|dock|platform|stall|booth|table|lane|site)s?$"
)
NAME_PART = frozenset("first last given family middle sur surname".split())
TITLES = re.compile(
    r"^(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sgt|Cpl|Capt|Lt|Col|Det|Insp|Supt|Rev|Hon|Judge)\.?\s+"
)


PLACE_NO_ZH = re.compile(  # "三号地", "5号大棚", "二号仓库": a place its number names
    r"(?<![\d一二两三四五六七八九十百])([\d一二两三四五六七八九十百]+\s*号\s*(?:会议|教|包|活动|训练)?"
    r"(?:大棚|仓库|站台|码头|泊位|车位|地块|鱼塘|果园|田|地|棚|仓|库|楼|栋|门|厅|房|间|柜|池|塘|园|区|场|馆|室|线|台))"
)
PLACE_NO_EN = re.compile(  # "plot 7", "greenhouse B2", "bay #4": a place its number names
    r"\b((?i:field|plot|bed|bay|dock|gate|lane|pen|row|block|greenhouse|tunnel|paddock|orchard|zone|"
    r"site|room|stall|aisle|shelf|bin|tank|pond|barn|shed|hangar|platform|berth|pitch|court)"
    r"\s+#?[A-Z]?\d+[A-Z]?)\b"
)


def numbered_place(text: str) -> str | None:
    """A place the text names by its number, for a string described as a name or number
    ("昨天三号地收了…" -> 三号地, "from plot 7" -> plot 7)."""
    m = PLACE_NO_ZH.search(text) or PLACE_NO_EN.search(text)
    return m.group(1) if m else None


def labels(text: str) -> list[tuple[str, str, int]]:
    """Each label the text writes, its value and where the label starts, in order."""
    found = sorted(
        [(m.start(), m.end(), m.group(1)) for m in LABEL_EN.finditer(text)]
        + [(m.start(), m.end(), m.group(1)) for m in LABEL_ZH.finditer(text)]
    )
    out = []
    for i, (start, end, label) in enumerate(found):
        stop = found[i + 1][0] if i + 1 < len(found) else len(text)
        rest = text[end:stop]
        m = (END_ZH if re.search(r"[\u4e00-\u9fff]", label) else END_EN).search(rest)
        value = (rest[: m.start()] if m else rest).strip(" \t\u3000,，") or _bulleted(rest)
        if value:
            out.append((label, value, start))
    return out


BULLET_LINE = re.compile(r"^\s*(?:[-*•·]|\d{1,2}[.)、])\s+(.+?)\s*$")


def _bulleted(rest: str) -> str:
    """A label alone on its line: the bullet or numbered lines under it, one item each."""
    first, _, below = rest.partition("\n")
    items = []
    for line in below.split("\n") if not first.strip() else []:
        m = BULLET_LINE.match(line)
        if not m:
            break
        items.append(m.group(1).rstrip("."))
    return "; ".join(items)


def _words(name: str) -> list[str]:
    words = re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower())
    return [w for w in words if len(w) >= 2]


def _singular(w: str) -> str:
    return w[:-1] if w.endswith("s") and len(w) > 3 else w


def _names(name: str, s: dict[str, Any], label: str) -> int:
    """How well a label names a field: 2 for a shared word (English, or the Chinese words of an
    English word, or the Chinese description), 1 for a shared kind (people), 0 for none."""
    said = {_singular(w) for w in _words(label)}
    own = {_singular(w) for w in _words(name)}
    if said & {"no", "nr", "num"} and "number" in own:  # "Report No" for report_number
        said = (said - {"no", "nr", "num"}) | {"number"}
    if own & NAME_PART and not said & NAME_PART:
        return 0  # "Name:" is the whole name, no first_name's
    if said and said <= own:
        return 3 if said == own else 2
    head = _words(label)
    if len(head) == 2 and _singular(head[-1]) in own:  # "Reporting Officer" for officer
        return 2
    zh = " ".join(values.FIELD_WORDS.get(w, "") for w in own).split()
    description = str(s.get("description") or "")
    chinese = re.findall(r"[\u4e00-\u9fff]+", description)
    if any(w and w in label for w in zh) or any(label in c or c in label for c in chinese):
        return 2
    if _glossed(label, own):  # 配料 for ingredients, 标签 for tags (`glosses`)
        return 2
    person = personal(name, s) or bool(PEOPLE_LIST.search(name)) or "player" in own
    if person and PEOPLE_LABEL.search(label):
        return 1
    place = role(name, s) == "location" or bool(PLACE_FIELD.search(name))
    return 1 if place and PLACE_LABEL.search(label) else 0


def _glossed(label: str, own: set[str]) -> bool:
    """Whether a Chinese label of one word says, in English, a word of the field's name."""
    if not re.fullmatch(r"[\u4e00-\u9fff]{2,4}", label) or len(glosses.segmented(label)) != 1:
        return False
    said = {_singular(w) for g in glosses.gloss(label) for w in re.findall(r"[a-z]{3,}", g.lower())}
    return bool(said & {w for w in own if len(w) >= 3})


def _kind(s: dict[str, Any], root: dict[str, Any]) -> str | None:
    if s.get("type") == "string" and not s.get("enum"):
        return "string"
    items = resolve(s.get("items") or {}, root) if s.get("type") == "array" else {}
    if items and items.get("type", "string") == "string" and not items.get("enum"):
        return "list"
    return None


def claimed(props: dict[str, Any], text: str, root: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """The label (and its value) each field takes: the best-naming field takes each label."""
    out: dict[str, tuple[str, str]] = {}
    best: dict[str, int] = {}
    for label, value, _start in labels(text):
        scored = []
        for k, p in props.items():
            s = resolve(p, root) if isinstance(p, dict) else {}
            if _kind(s, root) and temporal(k, s) is None and k not in out:
                scored.append((_names(k, s, label), k))
        score, k = max(scored, default=(0, ""), key=lambda x: x[0])
        if score and best.get(k, 0) < score:
            out[k], best[k] = (label, value), score
    return out


def _unlabelled(item: str, own: str, others: set[str], known: set[str]) -> tuple[str | None, bool]:
    """An item without the label of the text it begins with: (None when another field's label
    opens it, whether a label opened it)."""
    m = re.match(r"^\s*([^:：]{1,20}?)\s*[:：]\s*", item)
    if not m or m.group(1).strip() not in known:
        return item, False
    if m.group(1).strip() in others and m.group(1).strip() != own:
        return None, True
    return item[m.end() :].strip() or None, True


def _list_without_labels(
    items: list[Any], own: str, others: set[str], known: set[str]
) -> list[Any]:
    out: list[Any] = []
    for x in items:
        if not isinstance(x, str):
            out.append(x)
            continue
        kept, opened = _unlabelled(x, own, others, known)
        if opened:
            out = []  # the items before a label's belong to another clause
        if kept:
            out.append(kept)
    return out


def by_spans(
    props: dict[str, Any], got: dict[str, Any], task: str, material: str, root: dict[str, Any]
) -> dict[str, Any]:
    """The record's values, each field's from the span of the request that answers it (the rules
    above); `material` is the text the instruction hands over (its heading is no value)."""
    out, text = dict(got), task
    taken = claimed(props, text, root)
    all_labels = {label for label, _v, _s in labels(text)}
    for k, p in props.items():
        s = resolve(p, root) if isinstance(p, dict) else {}
        kind = _kind(s, root)
        own = taken.get(k, ("", ""))[0]
        others = {taken[o][0] for o in taken if o != k}  # the labels other fields took
        if k in taken and kind == "string":
            out[k] = _person_said(taken[k][1]) if personal(k, s) else taken[k][1]
        elif k in taken and kind == "list":
            said = SPLIT.split(taken[k][1].strip(" .。"))
            listed = [values.subject_of(x) for x in said if x]  # "Bergen looks amber": Bergen
            mine: list[Any] = out[k] if isinstance(out.get(k), list) else []
            inside = all(isinstance(x, str) and x in taken[k][1] for x in mine)
            out[k] = mine if mine and inside and len(mine) >= len(listed) else listed
        elif kind == "list" and named_items(k, material):
            out[k] = named_items(k, material)
        elif kind == "list" and isinstance(out.get(k), list):
            out[k] = _list_without_labels(out[k], own, others, all_labels)
        elif kind == "string" and isinstance(out.get(k), str):
            kept, _opened = _unlabelled(out[k], own, others, all_labels)
            if kept is None:
                del out[k]
            else:
                out[k] = untitled(kept) if personal(k, s) else kept
    out = _ordered(props, out, material, root, set(taken))
    out = _once(props, out, root, set(taken))
    for k in props:  # one who does an act the text says "…ed by" ("Surveyed by Karen Holt")
        done = _done_by(k, material) if k not in taken else None
        out.update({k: done} if done else {})
    out = _by_kind(props, out, material, root, set(taken))
    labels_taken = {k: v[0] for k, v in taken.items()}
    return valuekinds.by_value_kind(props, out, material, root, labels_taken, task)


AGENT_NAME = re.compile(r"^[a-z]+(?:er|or|ee|ant|ent)_?(?:full_?)?name$")
HONORIFIC = re.compile(
    rf"\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sgt|Capt|Lt|Det|Insp)\.?\s+({values.PERSON_RUN})"
)
AGENT = re.compile(r"^([a-z]{4,}?)e?(?:or|er)$")  # surveyor, inspector, reviewer: who does it
BRAND = re.compile(r"brand|make|manufacturer|maker|品牌|厂家|厂商", re.I)
BRAND_WORD = re.compile(r"\b(?:our|my|the|a|an|his|her|their|your)\s+([A-Z][A-Za-z-]+)(?=\s+[a-z])")
OBJECT = re.compile(  # "is taking the student cello (...)", "borrowing the club telescope for"
    r"\b(?:is|are|am|was|were|will be)\s+[a-z]+ing\s+(?:the|a|an|our|my|his|her|their)\s+"
    r"([a-z][a-z -]*?)(?=\s*(?:[(,.;]|\bfor\b|\bat\b|\bfrom\b|\bon\b|\buntil\b|$))"
)
SIGNED = re.compile(  # a mail signed at its end: "— Oliver Fairchild-Ng", "Regards, Ana Ruiz"
    rf"(?:—|–|--|\b(?:Thanks|Thank you|Regards|Best|Cheers|Sincerely|Best wishes)\b,?)\s*"
    rf"({values.PERSON_RUN})\s*[.!]?\s*$"
)


def _person_said(value: str) -> str:
    """A person's labelled value: the name it opens with, without a title ("Dr. Ana Ruiz, email
    …" -> Ana Ruiz), else the value without its title (`untitled`)."""
    bare = TITLES.sub("", value)
    m = re.match(rf"({values.PERSON_RUN})\s*(?:[,，(（]|$)", bare)
    title = TITLES.match(value)
    name = m.group(1) if m and re.search("[A-Za-z]", bare) else bare
    return untitled(title.group(0) + name) if title else name


def untitled(value: str) -> str:
    """A person's name without its title where a full name is left ("Ms. Anneke ter Horst" ->
    Anneke ter Horst); a title before a surname alone stays ("Dr. Chen")."""
    bare = TITLES.sub("", value)
    return bare if len(bare.split()) >= 2 else value


def personal(name: str, s: dict[str, Any]) -> bool:
    """A field that holds a person: read so by `role`, or named as one who acts and their name
    (hirer_name, borrower_name); never an account's handle (username, login: "jenny76")."""
    if HANDLE.search(name):
        return False
    return role(name, s) == "person" or bool(AGENT_NAME.match(name))


HANDLE = re.compile(r"user_?name|login|handle|nick_?name|screen_?name|account_?name", re.I)


def _heading(text: str) -> str:
    """A note's heading: what stands before a first colon that opens the text's body ("Hire note,
    2 Feb: …")."""
    m = re.match(r"^([^:：\n.。!?！？]{1,30})[:：]\s", text)
    return m.group(1) if m else ""


def _done_by(name: str, text: str) -> str | None:
    """One who does something (a field named surveyor, inspector, reviewer) is the name the text
    writes after that act's "…ed by" ("Surveyed by Karen Holt"), else None."""
    m = AGENT.match(name.lower())
    if m is None:
        return None
    said = re.search(rf"\b{m.group(1)}e?d\s+by\s+({values.PERSON_RUN})", text, re.I)
    return re.sub(r"(?:\s+[a-z]+)+$", "", said.group(1)) if said else None


def _person_of(k: str, s: dict[str, Any], text: str) -> tuple[bool, str | None]:
    """Whether a field holds a person, and the person the text names for it: the one after its
    act's "…ed by", else the one with a title, else the one a mail is signed with."""
    done = _done_by(k, text)
    if done is None and not personal(k, s):
        return False, None
    m = HONORIFIC.search(text) or SIGNED.search(text)
    return True, done or (m.group(1) if m else None)


def _unfit(name: str, s: dict[str, Any], v: Any, heading: str) -> bool:
    """A string that cannot answer the field: a person's with a digit or no small letter, a
    bare currency or other capital code for a field of no code, a piece of the heading."""
    if not isinstance(v, str) or not v.strip():
        return True
    if personal(name, s):
        return bool(re.search(r"\d", v)) or not re.search(r"[a-z\u4e00-\u9fff]", v)
    if role(name, s) in (None, "product") and v.strip() in values.KNOWN_CODES:
        return not re.search(r"currency|币", f"{name} {s.get('description') or ''}", re.I)
    return v.strip() in {x.strip() for x in re.split(r"[,，]", heading) if x.strip()}


def _by_kind(
    props: dict[str, Any], got: dict[str, Any], text: str, root: dict[str, Any], labelled: set[str]
) -> dict[str, Any]:
    """A field no label answered whose value does not fit its kind is read by its kind: a person
    by their title ("Ms. Anneke ter Horst"), a brand by the capitalized word before what it
    makes ("our Bechstein upright"), a thing by the object of the record's act ("is taking the
    student cello"); else it is left empty."""
    out = dict(got)
    heading = _heading(text)
    for k, p in props.items():
        s = resolve(p, root) if isinstance(p, dict) else {}
        if k in labelled or _kind(s, root) != "string" or temporal(k, s) is not None:
            continue
        if not _unfit(k, s, out.get(k), heading):
            continue
        person, found = _person_of(k, s, text)
        if person:
            pass
        elif PLACE_FIELD.search(k):
            found = numbered_place(text)
        elif BRAND.search(k):
            m = BRAND_WORD.search(text)
            found = m.group(1) if m else None
        elif role(k, s) in (None, "product") and out.get(k):  # a wrong value, not a missing one
            m = OBJECT.search(text)
            found = m.group(1).strip() if m else None
        if found:
            out[k] = found
        elif out.get(k) not in (None, ""):
            del out[k]
    return out


LIKED = re.compile(  # the verb phrase before what is chosen: "we'd like the", "I want a"
    r"^(?:(?:we|i|they|you)(?:'d|\s+would|\s+will|'ll)?\s+)?"
    r"(?:like|want|need|have|take|order|choose|chose|pick|prefer|are|is|were|was|go\s+for)?\s*"
    r"(?:to\s+have\s+)?"
)
ARTICLE = re.compile(r"^(?:(?:the|a|an|some|our|my|your|two|three|one)\s+)+", re.I)


def named_items(name: str, text: str) -> list[str]:
    """The items a list's own name opens in its clause ("For mains we'd like the braised short
    rib and the wild mushroom risotto," for mains): after the name and the verb that chooses,
    to the clause's end, split at commas, "and", "or"."""
    words = _words(name)
    if len(words) != 1 or len(words[0]) < 4:
        return []
    stem = re.escape(_singular(words[0]))  # "interested in" opens interests
    m = re.search(
        rf"\b(?:(?:for|as)\s+(?:the\s+)?{re.escape(words[0])}\b|{stem}ed\s+(?:in|to|on)\b)"
        rf"[\s,:]*([^.;\n]*?)(?=,\s*(?:and|but)\b|[.;\n]|$)",
        text,
        re.I,
    )
    if not m:
        return []
    said = LIKED.sub("", m.group(1).strip(), count=1).strip()
    items = [ARTICLE.sub("", x.strip()) for x in re.split(r",|\band\b|\bor\b", said)]
    return [x for x in items if x and len(x.split()) <= 5]


ZH_ORDERED = re.compile(  # "一壶明前龙井", "一碟瓜子": a thing after its count and measure word
    r"(?:[一二两三四五六七八九十\d]+|几)\s*(?:壶|碗|碟|份|杯|盘|瓶|个|只|串|块|根|张|听|罐|盒|袋|包|笼|屉|扎|打)"
    r"([\u4e00-\u9fff]{1,8}?)(?=[，,。、；;！!？?\s]|和|及|$)"
)


def _ordered(
    props: dict[str, Any], got: dict[str, Any], text: str, root: dict[str, Any], labelled: set[str]
) -> dict[str, Any]:
    """A Chinese order of several things, each after its count and measure word ("7号桌要一壶明前
    龙井，…，再来一碟瓜子和一份桂花糕"): the record's one thing (a string of no role no label
    gave) is the first thing ordered, its list (of strings, no label's) the things after it;
    a measure of weight ("茶叶五十克") is no thing."""
    things = list(dict.fromkeys(m.group(1) for m in ZH_ORDERED.finditer(text)))
    if len(things) < 2:
        return got
    out = dict(got)
    strings, lists = [], []
    for k, p in props.items():
        s = resolve(p, root) if isinstance(p, dict) else {}
        if k in labelled or temporal(k, s) is not None:
            continue
        kind = _kind(s, root)
        if kind == "list":
            lists.append(k)
        elif kind == "string" and role(k, s) in (None, "product") and not personal(k, s):
            if not PLACE_FIELD.search(k) and not BRAND.search(k):
                strings.append(k)
    if len(lists) != 1:
        return got
    first = [  # a string that took a clause of the order ("再来一碟瓜子") or a later thing
        k for k in strings
        if isinstance(out.get(k), str) and (ZH_ORDERED.search(out[k]) or out[k] in things[1:])
    ][:1]  # fmt: skip
    for k in first:
        out[k] = things[0]
    held = first or any(out.get(k) == things[0] for k in strings)  # the first is the thing
    out[lists[0]] = things[1:] if held else things
    return out


def _holds(name: str, props: dict[str, Any], root: dict[str, Any], labelled: set[str]) -> bool:
    """Whether a field's value is a span of its own kind that no other field shares: a labelled
    one, an address, a phone number, a mail address."""
    s = resolve(props.get(name) or {}, root) if isinstance(props.get(name), dict) else {}
    return name in labelled or role(name, s) in ("address", "phone", "email")


def _once(
    props: dict[str, Any], got: dict[str, Any], root: dict[str, Any], labelled: set[str]
) -> dict[str, Any]:
    """A string of a field no label gave that is a piece of another field's longer value is no
    value of its own (the rules above)."""
    out = dict(got)
    for k, v in got.items():
        s = resolve(props.get(k) or {}, root) if isinstance(props.get(k), dict) else {}
        if k in labelled or not isinstance(v, str) or not v.strip() or s.get("enum"):
            continue
        if temporal(k, s) is not None or role(k, s) not in (None, "person", "product"):
            continue
        for o, w in got.items():
            piece = rf"(?<![\w:.-]){re.escape(v.strip())}(?![\w:.-])"
            if o == k or not isinstance(w, str) or not _holds(o, props, root, labelled):
                continue
            longer = len(w) > len(v) or o in labelled and len(w) == len(v)
            if longer and re.search(piece, w):
                del out[k]
                break
    return out
