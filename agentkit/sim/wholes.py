"""Whole values of an extracted record (forced tool calls and structured outputs, after
`agentkit.sim.spans`): a list of remarks holds every remark the text makes, a person the whole
name the text writes, a buyer the party an invoice bills. Written rules:
- a list of strings whose name or description names remarks (notes, remarks, comments,
  instructions, 备注, 注意事项, 说明, 留言; not wishes or requests, which the things wanted
  fill) holds the items of the label that names it ("备注：不要放葱；少盐。" -> 不要放葱, 少盐;
  the bullet lines under "Notes:"), else the clauses of the text that no other field's value
  or name is in, no greeting, no sign-off and no apposition saying what a thing is ("Pepper, a
  schnauzer, comes in"): "Two and a half bales of hay a week; no molasses, and she gets a joint
  supplement every morning." gives "no molasses" and "she gets a joint supplement every
  morning" when the hay is another field's;
- a person's value that is the first word of a longer name the text writes ("Gerald" signed
  under "From: Gerald O'Neill") is that whole name, its particles, apostrophes and hyphens kept
  ("van der Berg", "de la Cruz", "Mary-Jane"); a Chinese person's name the text writes before
  what they do ("欧阳娜娜点了…") fills an empty person's field;
- an owner (owner, keeper, 主人) is the person after "owned by", "belonging to" or 主人是, and no
  other field keeps that name ("Pepper, a schnauzer belonging to Liam O'Connor");
- a buyer (buyer, customer, client, purchaser, bill_to, 购买方, 买方) is the party after "Bill to",
  "Billed to", "Sold to", "Invoice to" or 购买方 / 买方, up to its line's first comma for a name.
"""

from __future__ import annotations

import re
from typing import Any

from . import values
from .arguments import resolve, temporal
from .spans import labels, personal

REMARKS = re.compile(
    r"notes?\b|notes_|remarks?|comments?|instructions?|observations?|"
    r"备注|注意事项|说明|留言|嘱咐|医嘱",
    re.I,
)
CLAUSE_END = re.compile(r"[。！？!?；;\n]|(?<![A-Z][a-z])(?<![\s.][A-Z])\.(?=\s|$)")
ITEM_SPLIT = re.compile(r"\s*(?:[，,、；;]|\band\b)\s*")
CONNECTOR = re.compile(
    r"^(?:and|but|also|plus|then|so|还有|另外|并且|而且|以及|同时)\s*[,，]?\s*", re.I
)
SMALL_TALK = re.compile(
    r"^(?:hi|hello|hey|dear|thanks|thank you|best|regards|cheers|many thanks|kind regards|"
    r"following up|just following up|as discussed|hope you(?:'re| are) well|"
    r"你好|您好|谢谢|麻烦|辛苦|打扰)\b",
    re.I,
)
DATE_SAID = re.compile(
    r"\d{4}-\d{1,2}-\d{1,2}|\d{1,2}月\d{1,2}[日号]|\b(?:today|tomorrow|tonight|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|day after tomorrow|next week)\b|今天|明天|后天|下周|周[一二三四五六日天]",
    re.I,
)
APPOSITION = re.compile(r"^(?:a|an)\s+[\w-]+(?:\s+[\w-]+)?$", re.I)
OWNER = re.compile(r"owner|keeper|主人|饲主|车主|业主", re.I)
OWNED = re.compile(
    rf"\b(?:owned by|belong(?:s|ing)? to|whose owner is)\s+(?:Mr\.?\s+|Mrs\.?\s+|Ms\.?\s+|Dr\.?\s+)?"
    rf"({values.PERSON_RUN})|(?:主人|饲主|车主|业主)(?:是|为|[：:])\s*({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}})"
)
BULLET = re.compile(r"^\s*(?:[-*•·]|\d+[.)、])\s*(.+?)\s*$")
BUYER = re.compile(r"buyer|customer|client|purchaser|bill_?to|billed|购买方|买方|客户", re.I)
BILLED = re.compile(
    r"(?:\b(?:bill(?:ed)?|sold|invoice[ds]?|charged?)\s+to\b\s*:?|购买方(?:名称)?\s*[：:]|买方\s*[：:])"
    r"[ \t]*([^\n]+)",
    re.I,
)
ZH_ACTOR = re.compile(
    rf"(?:^|(?<=[\s：:，,。；;]))({values.ZH_SURNAME}[\u4e00-\u9fff]{{1,2}}?)"
    r"(?=点了|订了|要了|买了|预约|预订|报名|想要|想订|需要|的订单|下单)"
)


def _remarks_field(name: str, s: dict[str, Any], root: dict[str, Any]) -> bool:
    items = resolve(s.get("items") or {}, root) if s.get("type") == "array" else {}
    return (
        bool(items)
        and items.get("type", "string") == "string"
        and not items.get("enum")
        and bool(REMARKS.search(f"{name} {s.get('description') or ''}"))
    )


def _labelled(name: str, s: dict[str, Any], text: str) -> list[str] | None:
    """The items of the label naming a list of remarks: its bullet lines, else its sentence."""
    words = {w.rstrip("s") for w in re.findall(r"[a-z]{4,}", name.lower())}
    zh = re.findall(r"[\u4e00-\u9fff]{2,}", str(s.get("description") or ""))
    for label, _value, start in labels(text):
        own = {w.rstrip("s") for w in re.findall(r"[a-z]{4,}", label.lower())}
        if not (own & words or REMARKS.search(label) or any(label in z for z in zh)):
            continue
        first, _, rest = re.split(r"[：:]", text[start:], maxsplit=1)[-1].partition("\n")
        if not first.strip():
            bullets = []
            for line in rest.split("\n"):
                m = BULLET.match(line)
                if not m:
                    break
                bullets.append(m.group(1))
            return bullets or None
        sentence = re.split(r"[。！？!?\n]|\.(?=\s|$)", first)[0]
        return [x for x in (_clean(p) for p in ITEM_SPLIT.split(sentence)) if x] or None
    return None


def _clean(piece: str) -> str:
    return CONNECTOR.sub("", piece.strip(" \t.。,，")).strip(" \t.。,，")


def _taken(piece: str, others: list[Any], names: set[str], dated: bool = False) -> bool:
    """Whether a clause holds another field's value or says a word of its name."""
    said = values.digits_for_words(piece)
    numbers = {float(n) for n in re.findall(r"\d+(?:\.\d+)?", said.replace(",", ""))}
    for v in others:
        if isinstance(v, bool) or v in (None, "", []):
            continue
        if isinstance(v, (int, float)) and float(v) in numbers:
            return True
        if isinstance(v, str) and len(v) >= 2 and (v in piece or piece in v):
            return True
        if isinstance(v, list) and _taken(piece, v, set()):
            return True
    if dated and DATE_SAID.search(piece):
        return True  # a day said is the date field's
    low = piece.lower()
    return any(re.search(rf"\b{re.escape(w)}", low) for w in names)


def _clauses(text: str, others: list[Any], names: set[str], dated: bool) -> list[str]:
    """The text's clauses that no other field's value or name is in (its remarks)."""
    body = text.split(":", 1)[1] if re.match(r"^[^\n:]{0,40}:\s", text) else text
    out = []
    for sentence in CLAUSE_END.split(body):
        for piece in re.split(r"\s*[，,]\s*", sentence):
            piece = _clean(piece)
            if (
                not piece
                or SMALL_TALK.match(piece)
                or re.search(r"[:：]$|^[^:：]{0,20}[:：]", piece)
            ):
                continue
            if len(piece.split()) < 2 and not re.search(r"[\u4e00-\u9fff]{2}", piece):
                continue
            if APPOSITION.match(piece):  # "Pepper, a schnauzer, comes in": says what it is
                continue
            if not _taken(piece, others, names, dated):
                out.append(piece)
    return out


def remarks(
    name: str,
    s: dict[str, Any],
    text: str,
    props: dict[str, Any],
    got: dict[str, Any],
    root: dict[str, Any],
) -> list[str] | None:
    """A list of remarks: its label's items, else the clauses no other field took."""
    found = _labelled(name, s, text)
    if found:
        return found
    others = [v for k, v in got.items() if k != name]
    names = {w for k in props if k != name for w in re.findall(r"[a-z]{4,}", k.lower().rstrip("s"))}
    dated = any(
        temporal(k, resolve(p, root)) for k, p in props.items() if k != name and isinstance(p, dict)
    )
    return _clauses(text, others, names, dated) or None


def whole_name(value: str, text: str) -> str:
    """A person's value that begins a longer name the text writes, as that whole name."""
    if not re.fullmatch(values.PERSON_RUN, value):
        return value
    longer = re.compile(
        rf"(?<![\w'’-]){re.escape(value)}(?:[ \t]+(?:{values.NAME_PARTICLE}[ \t]+){{0,2}}"
        rf"{values.NAME_WORD})+(?![\w'’-])"
    )
    found = [m.group(0) for m in longer.finditer(text)]
    return max(found, key=len) if found else value


def billed(text: str, name: str) -> str | None:
    """The party an invoice bills: after "Bill to" / 购买方, a name up to its first comma."""
    m = BILLED.search(text)
    if not m:
        return None
    party = m.group(1).strip(" \t.。")
    if re.search(r"name|名称", name, re.I) or not re.search(r"address|地址", name, re.I):
        party = re.split(r"\s*[,，;；]\s*|\s{2,}", party)[0]
    return party or None


def owned_by(text: str) -> str | None:
    """The person a thing belongs to: after "owned by", "belonging to", 主人是 / 主人："""
    m = OWNED.search(text)
    return (m.group(1) or m.group(2)) if m else None


def _buyer(name: str) -> bool:
    return bool(BUYER.search(name)) and not re.search(
        r"email|phone|mail|tel|id$|number", name, re.I
    )


def by_wholes(
    props: dict[str, Any], got: dict[str, Any], text: str, root: dict[str, Any]
) -> dict[str, Any]:
    """The record's values made whole by the rules above."""
    out = dict(got)
    for k, p in props.items():
        s = resolve(p, root) if isinstance(p, dict) else {}
        if _remarks_field(k, s, root):
            out[k] = remarks(k, s, text, props, out, root) or out.get(k)
        elif s.get("type") == "string" and _buyer(k) and billed(text, k):
            out[k] = billed(text, k)
        elif OWNER.search(k) and personal(k, s) and owned_by(text):
            owner = owned_by(text)
            out = {o: ("" if o != k and v == owner else v) for o, v in out.items()}
            out[k] = owner
        elif s.get("type") == "string" and personal(k, s):
            v = out.get(k)
            if isinstance(v, str) and v:
                out[k] = whole_name(v, text)
            else:
                m = ZH_ACTOR.search(text)
                out[k] = m.group(1) if m else v
    return {k: v for k, v in out.items() if v is not None or k in got}
