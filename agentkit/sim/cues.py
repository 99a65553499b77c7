"""Extracted values checked against the cue the text gives them (the last reading of a forced
call's input or a structured output, `agentkit.sim.structured`): each property's value is found
by its kind and its name near a cue in the text, and a value the text gives another kind is
left out rather than kept wrong. Written rules:

1. A number the text writes only with a unit of another kind than the property's (a weight in
   grams for servings, 78平 for bedrooms, 2019年 for a price, an address's 455弄 / 602室 for an
   area or a penalty; deposit, penalty and a name ending _cny / _eur are money) is not the
   property's: it is left
   out, and the one number the text writes with the property's own kind takes its place (a sum
   with 元 / 万 for a price; a count after a word that counts portions: "makes 16", "serves 4",
   "16人份"). The kinds are a short table of units (`UNITS`) and of the words that name each kind
   in a property's name or description (`NAMED`).
2. Rooms said in their Chinese short form ("两室一厅一卫") give bedrooms, living rooms and
   bathrooms; a rent's 押一付三 its deposit (1 month) and the months paid at a time (3); a
   floor and the building's floors by 楼 / 层 / "floor" ("6楼，一共6层"), a metro line and its
   station ("14号线阜通站").
3. A boolean is what the clause that names its subject says: true when that clause says it
   without a negation ("Aisha's parents were phoned" for parents_notified, "有电梯"), false when a
   negation stands just before it ("no need for travel funding", "没有电梯"); a name that says
   the thing is absent (accident_free, no_smoking) reads the other way. Its subject is the
   name's words but those of being, having and allowing; a Chinese clause is read by the
   dictionary glosses of its words (`agentkit.sim.glosses`). A question or a condition
   ("if", 如果, 是否) decides nothing.
4. A summary (summary, abstract, overview, 摘要, 概要, 总结) is one short sentence: the first
   sentence of the material that says something happen (a verb, not only a date, time or
   place), without what its brackets add; never the whole material pasted.
5. A to-do's title (title, what, task, todo, a description that says the thing to do) left
   empty or given a mail's header or a name is the act the text asks for, without its time
   ("Could you send the updated list to the council office before the end of next week?" ->
   Send the updated list to the council office; 能不能帮我…); a list described as dates holds only
   dates (`_items`).
6. A list of objects of a thing and its measure (ingredients, prescriptions) holds the text's
   measured entries (`agentkit.sim.measured`) when the other readings left it short or in
   fragments.
7. A Chinese value ends where the description's example ends ("区，例如 朝阳区": 朝阳区望京 ->
   朝阳区). A title is said without the chat that opens it ("Okay so my nan's Welsh cakes" -> Welsh
   cakes); a list of steps (steps, instructions, directions, method, 步骤, 做法) is the
   material's sentences of doing, each cut at "then" / 然后 / 再, without its title line and
   what it yields ("Makes about 16"); a sentence that tells (it opens with a subject or an
   amount: "I use 750 ml …", "It's vegan …", 我…) is no step when two steps are left without them.
8. A list of strings is the items its own label opens, when a label of the text names the
   property (its words, or the glosses of its Chinese words: "家电齐全：空调两台、冰箱、洗衣机" for
   appliances): the phrases between list punctuation up to the sentence's end, none said no to
   ("没有燃气灶"); a list left empty or that repeats another list's items is the items its own word leads
   ("需要自带桌子和零钱" for bring), else kept. An event's name is what the sentence holding it
   says is held ("在小区东门广场举办冬季义卖集市", `structured.held`).
10. In a list of people, each enum field (role, involvement) is the member whose meaning the
   sentence naming the person says (`people_enums`, a short table of the meanings of such
   members: staff, student, visitor, injured, caused, responded, witness).
11. A clinical note's lists by the words that open them (`CLINICAL`): symptoms the reason for
   the visit ("因反复咳嗽两周、伴低烧来诊"), else what `structured.complaints` reads, history what 既往 / "history of"
   opens, red flags what "如出现" / "return if" opens up to what to do then, each split at 、 /
   或 / "or" / "and" without how long it lasted; a diagnosis what 考虑 / 诊断为 / "diagnosed
   with" / "likely" names.
9. A list of strings holds whole phrases: a bare title (Mr, Mrs, Dr) or a person's name is no
   item of a list that is not of people; a list of actions (actions, follow-ups, next steps,
   to-dos, 待办, 措施) is what each sentence of obligation says should be done ("we should
   remind classes to keep the benches clear" -> Remind classes to keep the benches clear).
"""

from __future__ import annotations

import re
from typing import Any

from . import glosses, measured, values
from .arguments import resolve
from .lexicon import stem

NUM = r"(\d+(?:\.\d+)?)"
UNITS = {  # kind -> how the text writes it right after a number
    "mass": r"\s*(?:g|grams?|kg|kilos?|kilograms?|lbs?|pounds?|oz|ounces?|克|公斤|千克|斤)(?![a-z])",
    "area": r"\s*(?:平方米|平米|平方|平|㎡|m2|m²|sqm|sq\.?\s*(?:m|ft)|square\s+(?:metres?|meters?|feet))",
    "length": r"\s*(?:km|kilometres?|kilometers?|miles?|cm|mm|metres?|meters?|公里|千米|厘米|毫米|米)(?![a-z])",
    "volume": r"\s*(?:ml|millilitres?|milliliters?|litres?|liters?|l|tbsp|tablespoons?|tsp|teaspoons?|cups?|毫升|升)(?![a-z])",
    "time": r"\s*(?:min|mins|minutes?|hours?|hrs?|days?|weeks?|months?|分钟|小时|个?月|天|周)(?![a-z])",
    "money": r"\s*(?:万(?![公千米人平次字步])|元|块|yuan|dollars?|euros?|quid)(?![a-z])",
    "year": r"\s*年(?!级)",
    "percent": r"\s*(?:%|percent|per cent)",
    "place": r"\s*(?:号楼|号(?!线)|弄|室(?![\d一二两三四五])|栋|幢|单元)",  # an address's number
}  # fmt: skip
NAMED = [  # kind -> words of a property's name or description that name it (a unit first)
    ("time", r"minutes|hours|seconds|_days|days_|_weeks|分钟|小时|天数"),
    ("area", r"area|sqm|square|面积|平米"),
    ("mass", r"weight|mass|_kg|kg_|grams?\b|重量|体重"),
    ("length", r"mileage|distance|_km|km_|length|height|里程|距离|长度"),
    ("volume", r"volume|_ml|ml_|litres|liters|容量"),
    ("year", r"\byear\b|^year|_year|年份|年款"),
    ("count", r"servings|portions|pieces|rooms|count|number of|quantity|qty|guests|people|seats|"
              r"boxes|stalls|floors|份数|人数|数量|个数|间数"),
    ("money", r"price|cost|fee|rent|salary|budget|amount|yuan|dollars|total|monthly|_(?:cny|rmb|usd|eur|gbp)\b|"
              r"deposit|penalty|fine\b|月租|价|费|租金|预算|金额|押金|违约金|罚款"),
    ("time", r"minutes|hours|duration|days|weeks|时长|分钟|小时|天数"),
]  # fmt: skip
COUNTS_PORTIONS = re.compile(  # a count of portions said by the verb that counts them
    r"\b(?:makes|serves|feeds|yields|enough\s+for)\s+(?:about\s+|around\s+|roughly\s+|up\s+to\s+)?(\d+)"
    r"|(\d+)\s*(?:人份|份)",
    re.I,
)


def checked(props: dict[str, Any], got: dict[str, Any], text: str, root: Any) -> dict[str, Any]:
    """The values of an extraction, each checked against its cue in `text` (the rules above)."""
    out = dict(got)
    for k, p in props.items():
        s = resolve(p, root) if isinstance(p, dict) else {}
        kind = s.get("type")
        kind = next((t for t in kind if t != "null"), None) if isinstance(kind, list) else kind
        if kind in ("number", "integer"):
            out = _number(k, s, out, text)
        elif kind == "boolean":
            flag = said_so(k, text)
            out[k] = out.get(k) if flag is None else flag
        elif kind == "string":
            said = _string(k, s, out.get(k), text)
            out = {**out, k: said} if said is not None else out
        elif (
            kind == "array"
            and resolve(s.get("items") or {}, root).get("type", "string") == "string"
        ):
            out[k] = _items(k, s, out.get(k), text)
        elif kind == "array" and resolve(s.get("items") or {}, root).get("type") == "object":
            out = _objects(k, resolve(s.get("items") or {}, root), out, text, root)
        elif kind == "object" and isinstance(s.get("properties"), dict):
            got_k = out.get(k)
            inner: dict[str, Any] = got_k if isinstance(got_k, dict) else {}
            done = checked(s["properties"], inner, text, root)
            if done != inner or k in out:
                out[k] = done
    return _short_forms(props, _twins(props, out, text, root), text, root)


def _twins(props: dict[str, Any], got: dict[str, Any], text: str, root: Any) -> dict[str, Any]:
    """Rule 8: a list of strings left empty or that repeats another list's items is the items its
    own word leads ("需要自带桌子和零钱" for bring: 自带 glossed "bring one's own"), else left empty."""
    out = dict(got)
    lists = [
        k for k, v in got.items() if isinstance(v, list) and all(isinstance(x, str) for x in v)
    ]
    for k in lists:
        if got[k] and not any(j != k and got[j] == got[k] for j in lists):
            continue
        own = led(k, text)
        if own is not None and own != got[k]:
            out[k] = own
    return out


def led(name: str, text: str) -> list[str] | None:
    """The items right after a word of the text that says the property's name (itself, or a
    Chinese word glossed by it), up to the clause's end, when there are two or more."""
    nouns = {stem(w) for w in re.findall(r"[a-z]{4,}", name.lower())}
    for clause in re.split(r"[。；;.!?！？\n]", text):
        for word in (
            glosses.segmented(clause) if not clause.isascii() else re.findall(r"[A-Za-z]+", clause)
        ):
            said = {stem(w) for g in glosses.gloss(word) for w in re.findall(r"[a-z]{4,}", g)}
            said |= {stem(word.lower())} if word.isascii() else set()
            if not said & nouns:
                continue
            rest = clause[clause.find(word) + len(word) :]
            items = [x.strip(" ,，") for x in ITEM_SPLIT.split(rest) if x.strip(" ,，")]
            if len(items) >= 2:
                return items
    return None


def _objects(
    k: str, item: dict[str, Any], out: dict[str, Any], text: str, root: Any
) -> dict[str, Any]:
    """Rules 6 and 10 for a list of objects: measured entries, people's enum fields."""
    found = measured.measured_items(item, text, root, k)
    if found and (measured.fragmentary(out.get(k), item) or len(found) > len(out.get(k) or [])):
        out = {**out, k: found}
    return {**out, k: people_enums(item, out[k], text, root)} if k in out else out


def _string(k: str, s: dict[str, Any], value: Any, text: str) -> str | None:
    """Rules 4, 5 and 7 for a string: a summary, a to-do's title, a title without chat."""
    if SUMMARY.search(k) and isinstance(value, str):
        return one_sentence(value, text) or value
    if DIAGNOSIS.search(k) and _said(DIAGNOSED.search(text)):
        return _said(DIAGNOSED.search(text))
    if _to_do(k, s, value) and asked_act(text):
        return asked_act(text)
    if EVENT_NAME.search(k):
        from .structured import held  # (structured reads through this module)

        return held(text)[1] or None
    if isinstance(value, str) and TITLE.search(k):
        return CHAT.sub("", value).strip() or value
    example = EXAMPLE.search(str(s.get("description") or ""))
    if isinstance(value, str) and example and example.group(1)[-1] in value[:-1]:
        return value[: value.index(example.group(1)[-1]) + 1]  # 朝阳区望京 -> 朝阳区
    return None


EVENT_NAME = re.compile(r"^event_?(?:name|title)$|^活动名称$", re.I)
EXAMPLE = re.compile(r"(?:例如|比如|如|e\.g\.)\s*([\u4e00-\u9fff]{2,6})(?![\u4e00-\u9fff])")


def _kind_of(name: str, s: dict[str, Any]) -> str | None:
    about = f"{name} {s.get('description') or ''}".lower()
    return next((kind for kind, words in NAMED if re.search(words, about)), None)


def _units_after(n: Any, text: str) -> set[str]:
    """The kinds of unit the text writes each time right after the number `n` ("none" when one
    time it writes none)."""
    written = f"{n:g}" if isinstance(n, float) else str(n)
    kinds = set()
    for m in re.finditer(rf"(?<![\d.]){re.escape(written)}(?![\d]|\.\d)", text):
        after = text[m.end() : m.end() + 14]
        kinds.add(next((k for k, u in UNITS.items() if re.match(u, after, re.I)), "none"))
    return kinds


def _number(k: str, s: dict[str, Any], out: dict[str, Any], text: str) -> dict[str, Any]:
    want = _kind_of(k, s)
    v = out.get(k)
    if want is None or isinstance(v, bool) or not isinstance(v, (int, float)):
        return out
    kinds = _units_after(v, text)
    if not kinds or "none" in kinds or want in kinds or want == "count" and "time" in kinds:
        return out  # said bare, or with its own kind (or not written as such at all)
    if want == "money" and kinds == {"money"}:
        return out
    found = _of_kind(
        want, text, {x for j, x in out.items() if j != k and isinstance(x, (int, float))}
    )
    rest = {j: x for j, x in out.items() if j != k}
    if found is None:
        return rest
    return {**out, k: int(found) if s.get("type") == "integer" else found}


def _of_kind(want: str, text: str, taken: set[Any]) -> float | int | None:
    """The one number the text writes with a unit of the kind `want` (a count: the one a verb of
    portions counts), none another field took."""
    said: list[float | int]
    if want == "count":
        said = [int(a or b) for a, b in COUNTS_PORTIONS.findall(text)]
    elif want in UNITS:
        said = []
        for m in re.finditer(rf"(?<![\d.]){NUM}(?={UNITS[want]})", text, re.I):
            n = float(m.group(1)) * (10000 if text[m.end() :].lstrip().startswith("万") else 1)
            said.append(int(n) if n.is_integer() else n)
    else:
        return None
    left = list(dict.fromkeys(n for n in said if n not in taken))
    return left[0] if len(left) == 1 else None


ZH_NUM = "一二两三四五六七八九"
ROOMS = re.compile(rf"([{ZH_NUM}\d])\s*[室房]\s*([{ZH_NUM}\d])\s*厅(?:\s*([{ZH_NUM}\d])\s*卫)?")
ROOM_NAMES = (("bed|卧|室", 1), ("living|lounge|sitting|厅", 2), ("bath|卫", 3))
DEPOSIT = re.compile(rf"押\s*([{ZH_NUM}\d])\s*付\s*([{ZH_NUM}\d]+)")


def _zh_digit(said: str) -> int:
    return int(said) if said.isdigit() else "一二三四五六七八九".index(said.replace("两", "二")) + 1


FLOORS = re.compile(
    r"(?:一共|共|总共|总)\s*(\d+)\s*层|(\d+)\s*层(?:高|楼房)|\bof\s+(\d+)\s+floors|(\d+)-stor(?:e)?y"
)
FLOOR = re.compile(
    r"(?<![\d共])(\d+)\s*(?:楼|层)(?![高楼])|\b(\d+)(?:st|nd|rd|th)\s+floor|\bfloor\s+(\d+)", re.I
)
LINE = re.compile(r"(\d+\s*号线|[A-Za-z\u4e00-\u9fff]{1,4}线)\s*([\u4e00-\u9fff]{2,6}?)站")


def _said(m: re.Match[str] | None) -> str | None:
    return next((g for g in m.groups() if g), None) if m else None


def _places(props: dict[str, Any], got: dict[str, Any], text: str, root: Any) -> dict[str, Any]:
    """Rule 2: a floor and a building's floors ("6楼，一共6层", "3rd floor of 5 floors"), a metro
    line and its station ("14号线阜通站")."""
    out = dict(got)
    line = LINE.search(text)
    for k, p in props.items():
        s = resolve(p, root) if isinstance(p, dict) else {}
        about = f"{k} {s.get('description') or ''}".lower()
        if s.get("type") == "integer" and re.search(r"floor|stor|楼层|层", about):
            total = re.search(r"total|all|共|总", about)
            said = _said(FLOORS.search(text)) if total else _said(FLOOR.search(text))
            out[k] = int(said) if said else out.get(k)
        elif s.get("type") == "string" and line and re.search(r"\bline\b|^line|线路", about):
            out[k] = re.sub(r"\s+", "", line.group(1))
        elif s.get("type") == "string" and line and re.search(r"station|站", about):
            out[k] = line.group(2)
    return out


def _short_forms(
    props: dict[str, Any], got: dict[str, Any], text: str, root: Any
) -> dict[str, Any]:
    """Rule 2: rooms said as 两室一厅, a rent's deposit and payment said as 押一付三."""
    out = _places(props, got, text, root)
    rooms, deposit = ROOMS.search(text), DEPOSIT.search(text)
    for k, p in props.items():
        s = resolve(p, root) if isinstance(p, dict) else {}
        if s.get("type") not in ("integer", "number"):
            continue
        about = f"{k} {s.get('description') or ''}".lower()
        for names, group in ROOM_NAMES if rooms else ():
            if re.search(names, about) and re.search(r"room|室|厅|卫|bed|bath", about):
                said = rooms.group(group) if rooms else None
                out[k] = _zh_digit(said) if said else out.get(k)
                break
        if deposit and not re.search(r"month|月", about):
            continue
        if deposit and re.search(r"deposit|押", about):
            out[k] = _zh_digit(deposit.group(1))
        elif deposit and re.search(r"\bpay|付", about):
            out[k] = _zh_digit(deposit.group(2))
    return out


# Rule 3: a boolean by the clause that names its subject
NOT_SUBJECT = frozenset(
    "has have had is are was were can could did does do any all both needs need required "
    "current currently available allowed accepted ok okay yes flag".split()
)
ABSENT = re.compile(r"(?:^|_)(?:free|no|non|without|not)(?:_|$)|^no[A-Z]", re.I)
NEGATION_EN = re.compile(
    r"\b(?:no|not|never|none|without|cannot|nobody|n't|dont|didnt|doesnt|isnt|wasnt)\b|n't\b", re.I
)
NEGATION_ZH = re.compile(r"没有|没|无|未|不|别|非|免")
NO_NEED = re.compile(r"\b(?:no need|don't need|do not need|doesn't need|won't need)\b", re.I)
NOT_AFTER = re.compile(
    r"\S+\s+(?:is|are|was|were)\s+(?:not|never)\b|\S+\s+(?:isn't|aren't|wasn't|weren't)\b", re.I
)
OPEN = re.compile(r"\b(?:if|whether|unless)\b|如果|若|是否|要是|\?|？", re.I)
CLAUSE = re.compile(r"[.;!?。；！？\n]|[,，](?=\s*[A-Za-z\u4e00-\u9fff])")


def _subjects(name: str) -> list[str]:
    words = re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower())
    subjects = [
        w for w in words if len(w) >= 3 and w not in NOT_SUBJECT and not ABSENT.fullmatch(w)
    ]
    return [stem(w) for w in subjects]


AUXILIARY = frozenset(
    "has have had is are was were can could did does do any all both flag".split()
)


def said_so(name: str, text: str) -> bool | None:
    """Rule 3: what the clause naming the boolean's subject says (else its other words: the
    verb of trade_in_accepted, 接受), else None."""
    found = _said_so(name, text, _subjects(name))
    if found is None:
        words = re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower())
        verbs = [stem(w) for w in words if len(w) >= 4 and w not in AUXILIARY]
        found = _said_so(name, text, [w for w in verbs if w not in _subjects(name)])
    return found


def _said_so(name: str, text: str, subjects: list[str]) -> bool | None:
    if not subjects:
        return None
    for clause in CLAUSE.split(text):
        at = _names_at(clause, subjects)
        if at is None or OPEN.search(clause):
            continue
        before = clause[:at]
        if re.search(r"[\u4e00-\u9fff]", clause):
            negated = bool(NEGATION_ZH.search(before[-4:]))
        else:
            negated = bool(
                NEGATION_EN.search(" ".join(before.split()[-3:]))
                or NO_NEED.search(before)
                or NOT_AFTER.match(clause[at:])
            )
        return negated if ABSENT.search(name) else not negated
    return None


def _names_at(clause: str, subjects: list[str]) -> int | None:
    """Where the clause names one of the subjects (a word of it, or a Chinese word whose gloss
    holds it), else None."""
    for m in re.finditer(r"[A-Za-z][A-Za-z'-]*", clause):
        word = m.group(0).lower().replace("-", "")
        if stem(word) in subjects or word in subjects:
            return m.start()
    if not re.search(r"[\u4e00-\u9fff]", clause):
        return None
    at = 0
    for word in glosses.segmented(clause):
        at = clause.find(word, at)
        said = {stem(w) for g in glosses.gloss(word) for w in re.findall(r"[a-z]+", g.lower())}
        if said & set(subjects):
            return at
    return None


# Rule 4: a summary in one short sentence
SUMMARY = re.compile(r"summary|abstract|overview|synopsis|摘要|概要|总结|概述", re.I)
VERB = re.compile(
    r"\b(?:\w{3,}ed|is|are|was|were|has|have|had|will|would|can|could|should|must|did|does)\b"
    r"|[了过被把将]|是|在|有",
    re.I,
)


def one_sentence(value: str, text: str) -> str | None:
    """Rule 4: the material's first sentence that says something happen, when `value` is more
    than one sentence; else None."""
    sentences = [x.strip() for x in re.split(r"(?<=[.!?。！？])\s*", text) if x.strip()]
    if len(sentences) < 2 or len(re.findall(r"[.!?。！？](?:\s|$)", value.strip())) < 2:
        return None
    for said in sentences:
        bare = values.without_dates(said)
        if VERB.search(bare) and len(bare.split()) >= 4 or not bare.isascii() and len(bare) >= 10:
            said = re.sub(r"\s*[(（][^()（）]*[)）]", "", said)
            return " ".join(said.split())
    return None


# Rule 9: a list's items are whole phrases
BARE_TITLE = re.compile(r"(?:mr|mrs|ms|miss|dr|prof|sir|madam)\.?", re.I)
OF_PEOPLE = re.compile(
    r"name|people|person|attendee|participant|member|contact|speaker|guest|staff|author|"
    r"who|owner|student|人|员|者|嘉宾",
    re.I,
)
ACTIONS = re.compile(
    r"action|follow|next_?step|todo|to_do|task|recommend|suggest|待办|措施|跟进|建议|行动", re.I
)
OBLIGATION = re.compile(
    r"\b(?:we|you|they|i|staff|everyone)?\s*(?:should|must|need\s+to|needs\s+to|have\s+to|ought\s+to|"
    r"will\s+need\s+to|remember\s+to|please)\s+(.+)"
    r"|(?:应该|应当|务必|记得|请)(.+)",
    re.I,
)
FULL_NAME = re.compile(r"[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)+")


def _items(name: str, s: dict[str, Any], value: Any, text: str) -> Any:
    about = f"{name} {s.get('description') or ''}"
    if isinstance(value, list) and values.date_layout(str(s.get("items") or "")):
        m = ASKED_EN.search(text) or ASKED_ZH.search(text)
        asked = re.split(r"[?？。!！]", text[m.start() :])[0] if m else ""
        said = [d for _end, d in values.iso_dates(asked)]
        said = said or [d for x in value if isinstance(x, str) for _e, d in values.iso_dates(x)]
        return list(dict.fromkeys(said))
    own = label_items(name, text) or clinical(name, text)
    if own:
        return own
    if STEPS.search(name) and steps(text):
        return steps(text)
    if ACTIONS.search(name):
        found = obligations(text)
        if found:
            return found
    if not isinstance(value, list) or OF_PEOPLE.search(about):
        return value
    kept = [
        x for x in value
        if not (isinstance(x, str) and (BARE_TITLE.fullmatch(x.strip()) or FULL_NAME.fullmatch(x.strip())))
    ]  # fmt: skip
    return kept if len(kept) != len(value) else value


def obligations(text: str) -> list[str]:
    """Rule 5: what each sentence of obligation says should be done, as a phrase of its own."""
    out = []
    for sentence in re.split(r"(?<=[.!?。！？\n])\s*", text):
        m = OBLIGATION.search(sentence)
        if not m or OPEN.search(sentence):
            continue
        said = (m.group(1) or m.group(2) or "").strip(" .。!！,，")
        if len(said.split()) >= 2 or not said.isascii() and len(said) >= 3:
            out.append(said[:1].upper() + said[1:])
    return out


# Rule 5: a to-do's title is the act the text asks for
TO_DO = re.compile(r"^(?:title|what|task|todo|to_do|action|item)$", re.I)
TO_DO_ABOUT = re.compile(r"thing to do|to-?do|task|待办|任务|要做的事", re.I)
ASKED_EN = re.compile(
    r"\b(?:could|can|would|will)\s+you\s+(?:please\s+|kindly\s+)?(?:mind\s+)?([^?.!\n]+(?:\n[^?.!\n]+)?)"
    r"|\b(?:please|remember to|i need you to)\s+([a-z][^?.!\n]+)",
    re.I,
)
ASKED_ZH = re.compile(r"(?:能不能|可不可以|麻烦你?|请你|帮我|帮忙)([^？?。！!，,\n]{2,30})")
WHEN_ON = re.compile(
    r"\s+(?:before|by|on|until|till|this|next|tomorrow|today|tonight|at|from|while|when)\b.*"
    r"|(?:明天|后天|今天|下周|本周|这周|之前|以前|前).*",
    re.I | re.S,
)


def _to_do(name: str, s: dict[str, Any], value: Any) -> bool:
    if not (TO_DO.match(name) or TO_DO_ABOUT.search(str(s.get("description") or ""))):
        return False
    bare = not isinstance(value, str) or not value.strip() or "\n" in value
    return bare or bool(FULL_NAME.fullmatch(value.strip()) or re.match(r"^\w+$", value.strip()))


def asked_act(text: str) -> str | None:
    """Rule 5: the act the text asks for, without when it is due, else None."""
    m = ASKED_EN.search(text) or ASKED_ZH.search(text)
    if not m:
        return None
    said = " ".join(WHEN_ON.sub("", next(g for g in m.groups() if g)).split()).strip(" ,，")
    return said[:1].upper() + said[1:] if len(said) >= 4 else None


# Rule 7: a title without its chat; steps are the sentences of doing
TITLE = re.compile(r"^(?:title|name|recipe|dish|recipe_name|dish_name)$|标题|菜名", re.I)
CHAT = re.compile(
    r"^(?:(?:okay|ok|so|well|right|alright|now|hi|hey|here's|here is|this is)\b[\s,!.]*)+"
    r"(?:my\s+\w+['’]s\s+|our\s+)?",
    re.I,
)
STEPS = re.compile(r"step|instruction|direction|method|procedure|步骤|做法|流程", re.I)
YIELDS = re.compile(r"^(?:makes|serves|yields|feeds|enjoy|okay|ok|so|that's it)\b", re.I)


def steps(text: str) -> list[str]:
    """Rule 7: the sentences of doing, cut at then / 然后 / 再."""
    text = re.sub(r"(?<=[^\n])\n(?=[^\n])", " ", text)  # a wrapped line goes on
    sentences = [x.strip() for x in re.split(r"(?<=[.!?。！？；;])\s*|\n+", text) if x.strip()]
    if sentences and len(sentences[0].split()) <= 6 and "," not in sentences[0]:
        sentences = sentences[1:]  # the title line
    out = []
    for said in sentences:
        for part in re.split(r",?\s+(?:and\s+)?then\s+|，?(?:然后|接着|再)", said):
            part = part.strip(" .。;；,，")
            if len(part.split()) >= 3 or not part.isascii() and len(part) >= 4:
                if not YIELDS.match(part):
                    out.append(part[:1].upper() + part[1:])
    done = [x for x in out if not TOLD.match(x)]  # a step is done: no one's telling, no amount
    return done if len(done) >= 2 else out if len(out) >= 2 else []


TOLD = re.compile(  # a sentence that tells (a subject, a measure), not one that says what to do
    r"(?:i|i'm|i've|i'd|you|you'll|you're|we|we'll|it|it's|its|this|that|these|there|my|our|a|an|"
    r"one|two|three|some)\b|[我你它这那]",
    re.I,
)


# Rule 8: a list its own label opens
LABEL = re.compile(r"([\u4e00-\u9fff]{1,8}|[A-Za-z][A-Za-z ]{1,24})\s*[：:][ \t]*([^。\n.;；]+)")
ITEM_SPLIT = re.compile(r"\s*(?:、|，|,|;|；|\band\b|和|以及)\s*")


def label_items(name: str, text: str) -> list[str] | None:
    """Rule 8: the items a label naming the property opens, else None."""
    nouns = {stem(w) for w in re.findall(r"[a-z]{4,}", name.lower())}
    for m in LABEL.finditer(text):
        label = m.group(1)
        said = {stem(w) for w in re.findall(r"[a-z]{4,}", label.lower())}
        for word in glosses.segmented(label) if not label.isascii() else []:
            said |= {stem(w) for g in glosses.gloss(word) for w in re.findall(r"[a-z]{4,}", g)}
        if not said & nouns:
            continue
        items = [x.strip(" 。.") for x in ITEM_SPLIT.split(m.group(2))]
        items = [
            x
            for x in items
            if x and not NEGATION_ZH.match(x) and not re.match(r"(?i)no\b|not\b", x)
        ]
        if len(items) >= 2:
            return items
    return None


# Rule 10: each person's enum fields by the sentence that names them
MEANINGS = (  # an enum member's meaning -> the words that say it of a person
    (r"staff|employee|teacher|worker", r"teacher|nurse|staff|supervis|coach|principal|\bmrs?\b|\bms\b|"
     r"\bdr\b|officer|manager|老师|护士|教师|员工|职工|主任"),
    (r"student|pupil|child", r"student|pupil|year \d+|grade \d+|学生|同学"),
    (r"visitor|guest", r"visitor|guest|parent|访客|家长"),
    (r"injur|hurt|victim|affected", r"injur|hurt|wound|burn|bleed|splash|scald|bruis|受伤|烫伤|划伤|摔"),
    (r"caus|responsible|at_fault", r"knock|caus|drop|spill|broke|smash|push|threw|打翻|碰倒|弄倒"),
    (r"respon|helper|first_aid|treated", r"check|clean|treat|help|respond|arriv|administ|处理|清理|检查|赶到|救"),
    (r"witness|observer", r"\bsaw\b|witness|notic|看到|目击|看见"),
)  # fmt: skip


def people_enums(item: dict[str, Any], found: Any, text: str, root: Any) -> Any:
    """Rule 10: in a list of people, an enum field of each is the member whose meaning the
    sentence naming them says: what is said of them just before their name or in brackets after
    it (their kind: "a Year 10 student, Leo Marsh", "Mr. David Ortiz (the supervising teacher)"),
    else the first act after their name ("Leo Marsh, knocked a beaker" -> caused), a harm said
    before it ("splashed onto the forearm of … Aisha Rahman" -> injured)."""
    props: dict[str, Any] = item.get("properties") or {}
    props = props if isinstance(props, dict) else {}
    listed = {k: resolve(p, root).get("enum") for k, p in props.items() if isinstance(p, dict)}
    enums = {k: [m for m in e if isinstance(m, str)] for k, e in listed.items() if e}
    if not isinstance(found, list) or not enums or "name" not in props:
        return found
    flat = " ".join(text.split())
    out = []
    for x in found:
        name = x.get("name") if isinstance(x, dict) else None
        at = flat.find(name) if isinstance(name, str) and name else -1
        if at < 0 or not isinstance(name, str):
            out.append(x)
            continue
        before = re.split(r"(?<=[a-z0-9]{3}[.!?])\s|[。！？]", flat[max(0, at - 60) : at])[
            -1
        ].lower()
        after = re.split(r"[.!?。！？]", flat[at + len(name) :])[0].lower()
        bracket = re.match(r"\s*[(（]([^)）]*)[)）]", after)
        x = dict(x)
        for k, members in enums.items():
            said = _member(members, before, after, bracket.group(1) if bracket else "")
            x[k] = said or x.get(k)
        out.append(x)
    return out


def _member(members: list[str], before: str, after: str, bracket: str) -> str | None:
    def meant(m: str, where: str) -> int | None:
        words = [w for pat, w in MEANINGS if re.search(pat, m, re.I)] + [re.escape(m.lower())]
        hits = [h.start() for w in words for h in re.finditer(w, where)]
        return min(hits) if hits else None

    near = before[-30:] + " " + bracket  # what is said of them: their kind
    kinds = [m for m in members if meant(m, near) is not None]
    if len(kinds) == 1:
        return kinds[0]
    first = [(meant(m, after), m) for m in members if meant(m, after) is not None]
    harm = [m for m in members if re.search(r"injur|hurt|victim", m, re.I) and meant(m, before)]
    if harm:
        return harm[0]
    return min(first)[1] if first else None


# Rule 11: a clinical note's lists by the words that open them
CLINICAL = (  # the list's name, the words that open its items, where they end
    (r"symptom|complaint|症状|主诉", r"因", r"来诊|就诊|来院|入院|求诊"),
    (r"history|既往|病史|past_medical", r"既往(?:史)?(?:有)?|(?:past\s+)?(?:medical\s+)?history\s+of|PMH[:：]?",
     r"[。；;，,\n]|\.(?!\d)"),
    (r"red_?flag|warning|danger|警示|危险|return_if", r"如出现|如果出现|若出现|一旦出现|(?:\b(?:return|come\s+back|seek\s+(?:urgent\s+)?(?:care|help))\s+)?"
     r"\bif(?:\s+(?:you|she|he|they|the\s+patient)\s+(?:develops?|gets?|notices?|has|have|experiences?))\b"
     r"|\b(?:return|come\s+back|seek\s+(?:urgent\s+)?(?:care|help))\s+if\b",
     r"立即|马上|请|则|就|[。；;,，\n]|\.(?!\d)"),
)  # fmt: skip
VISIT_FOR = re.compile(r"因[^。；;]{2,40}?(?:来诊|就诊|来院|入院|求诊)")  # the reason for the visit
DIAGNOSIS = re.compile(r"diagnos|诊断|assessment|impression", re.I)
DIAGNOSED = re.compile(
    r"考虑(?:为|是)?([^，。；,;]{2,20}?)(?:可能)?[，。；,;]|诊断(?:为|是)[:：]?([^，。；,;]{2,20})"
    r"|\bdiagnosed\s+with\s+([^.,;]+)|\blikely\s+([a-z][^.,;]+)",
    re.I,
)
CLINICAL_SPLIT = re.compile(
    r"\s*(?:、|，|,|;|；|或者|或|和|及|伴有|伴|\bor\b|\band\b|\bwith\b)\s*", re.I
)
LASTED = re.compile(
    r"(?:近)?[\d一二两三四五六七八九十半几]+\s*(?:天|日|周|个?月|年)(?:了|左右|多)?$"
    r"|\s+(?:for\s+(?:a|an|one|two|three|four|five|six|\d+|several|a\s+few)\s+(?:days?|weeks?|months?|years?)"
    r"|since\s+\w+)$",
    re.I,
)


def clinical(name: str, text: str) -> list[str] | None:
    """Rule 11: the items the words that open a clinical list give (symptoms first by
    `structured.complaints`), else None."""
    from .structured import complaints  # (structured reads through this module)

    if re.search(CLINICAL[0][0], name, re.I) and not VISIT_FOR.search(text):
        return complaints(text)
    for names, opens, ends in CLINICAL:
        if not re.search(names, name, re.I):
            continue
        m = re.search(rf"(?:{opens})\s*(.+?)(?:{ends})", text, re.I | re.S)
        if not m:
            return None
        items = [LASTED.sub("", x.strip(" 。.")).strip() for x in CLINICAL_SPLIT.split(m.group(1))]
        items = [re.sub(r"^(?:反复|持续|近\S{0,2}天)", "", x) for x in items]
        return [x for x in items if len(x) >= 2] or None
    return None
