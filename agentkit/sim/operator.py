"""The operator's rules: what the system prompt, or a tool's own description, says the agent must
or must not do, applied to the turn the general policy planned (`agentkit.sim.general`). These
are written rules of the stand-in: it finds a rule by its wording, in Chinese and English, and
holds every act to it; it does not weigh a rule's intent as Claude does.

A rule is one sentence; an act is a call of a tool that does something (a tool whose name's verb,
else its description's first word, is not one of reading: `reads`). The acts a rule governs are
the tools its clause names (by name, else by a word stem or a concept of their names), every act
when it says "anything", "any change", "任何", or when it names none of them.

1. Read-only. "You are in read-only mode", "never call a tool that changes data", "只读",
   "不得修改数据": no act is made; the answer says so, quoting the rule.
2. First. "Always verify membership with check_member before reserving anything", "修改前必须先
   调用 get_plot", a description's "must first be uploaded with upload_document": an act waits
   until the named tool has answered in this task; that tool is called first.
3. Blocked by a state. "已分配给别人的地块不能再分配", "Cancelled bookings cannot be changed": an
   act is not made when a result of this task holds a state word (a string value) that the
   rule's subject says; the answer says why, quoting the result's value and the rule.
4. A bound on a result. "Claims over 500 EUR must not be approved by you: send them with
   escalate_claim instead of approve_claim": when a result of this task holds a figure of the
   rule's unit (an amount for a currency) beyond the bound, the act the rule names instead is
   made in place of the other (its text input says why), or the act is not made when the rule
   names none; the act the rule names for the other case is made when the figure is within it.
   A request that asks to "process" or "handle" the thing, no question, takes the act the rule
   picks once the figure is known. Without the figure yet, the reading tool that shares the
   act's thing is called first.
5. A limit on an input. "A reservation may last at most 3 days", "最多预订 3 天": an act whose
   input of that unit (its name or description holds the unit) is beyond the limit is not made;
   the answer says the limit and asks whether the limit will do. The user's yes makes the act
   at the limit.
6. Confirm first. "Before cancelling anything, ask the user to confirm", "取消前先向用户确认":
   an act of the kind is put to the user as a question that states the call; the user's yes
   ("yes", "go ahead", "确认", "好的") in the same task makes it, a no ("no", "算了") drops it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .lexicon import concepts, name_concepts, stem, words

CLI_FRAME = re.compile(r"Claude Agent SDK|Claude Code")
SENTENCES = re.compile(r"[^.!?。！？\n]+(?:[.!?。！？]|$)")
READ_VERBS = frozenset(
    "get list find search check lookup look read view show query fetch retrieve describe count "
    "calculate estimate quote preview inspect verify validate browse see lookup".split()
)
READ_ZH = re.compile(r"^(?:查看|查询|获取|列出|搜索|检查|核对|读取|显示|浏览|计算|估算)")

READ_ONLY = re.compile(
    r"read[- ]only|never (?:call|use|make)\b[^.;。]*?\b(?:change|modif|updat|writ|delet)"
    r"|(?:do not|don't|must not|cannot|may not|never)\s+(?:change|modify|update|alter|write)\s+"
    r"(?:any(?:thing)?\s+)?(?:data|records|anything)"
    r"|must not (?:modify|change|update|alter) any\b|\bonly (?:answer questions|look things up)\b"
    r"|只读|不(?:得|能|要|可)(?:修改|更改|改动|变更)(?:任何)?(?:数据|记录|信息)"
    r"|只(?:负责|能)(?:解答|回答|查询)|不得(?:为用户)?办理",
    re.I,
)
FIRST = [  # (pattern, group of the first step, group of the acts)
    (re.compile(r"\b(?:always|first)\s+(.+?)\s+(?:before|prior to)\s+(.+)", re.I), 1, 2),
    (re.compile(r"\bbefore\s+(.+?),\s*(?:you\s+must\s+|always\s+)?(?:first\s+)?(.+)", re.I), 2, 1),
    (re.compile(r"^(?:please\s+)?([a-z]+\b.+?)\s+before\s+(\w+ing\b.*)", re.I), 1, 2),  # (system)
    (re.compile(r"\bmust\s+(?:first|always)\s+be\s+\w+\s+(?:with|by|using)\s+(\w+)", re.I), 1, 0),
    (re.compile(r"(?:only\s+)?after\s+(?:calling\s+)?(\w+_\w+)", re.I), 1, 0),
    (re.compile(r"(.+?)(?:之)?前[，,]?\s*(?:必须|务必|一定要|需要|要|请)?先\s*(.+)"), 2, 1),
    (re.compile(r"必须先\s*(?:调用|使用|用)?\s*(.+)"), 1, 0),
    (re.compile(r"先\s*(?:调用|用|使用)\s*(\w+).*?再(.+)"), 1, 2),
]
GENERIC = 2  # the imperative "Check X with check_x before booking": a system prompt's only
CONFIRM = [  # (pattern, group of the acts)
    (
        re.compile(
            r"(?:ask|get|obtain|request|require)\s+(?:the\s+)?(?:user|customer|caller|client|them)"
            r"(?:'s)?\s+(?:to\s+)?(?:explicit(?:ly)?\s+)?(?:confirm\w*|approv\w*)\s+before\s+(.+)",
            re.I,
        ),
        1,
    ),
    (
        re.compile(
            r"\bbefore\s+(.+?),\s*(?:always\s+)?(?:ask\b|confirm\b|check with|get (?:the )?"
            r"(?:user|customer))",
            re.I,
        ),
        1,
    ),
    (re.compile(r"\bconfirm\w*\s+with\s+the\s+\w+\s+before\s+(.+)", re.I), 1),
    (re.compile(r"\bnever\s+(.+?)\s+without\s+(?:\w+\s+){0,6}confirm", re.I), 1),
    (
        re.compile(
            r"\bonly\s+call\s+(\w+)\s+(?:once|after|when)\s+(?:they|the user|the customer)\s+"
            r"(?:has|have)\s+(?:said yes|confirmed|agreed)",
            re.I,
        ),
        1,
    ),
    (
        re.compile(
            r"(.+?)(?:之)?前[，,]?\s*(?:必须|务必|要|请|需)?(?:先)?(?:向|跟|和|与)(?:用户|客户|对方)"
            r"\S{0,12}?(?:确认|同意)"
        ),
        1,
    ),
    (re.compile(r"未经(?:用户|客户)?(?:确认|同意)[，,]?\s*不(?:得|要|能|可)(.+)"), 1),
]
NOT_ALLOWED = re.compile(
    r"^(.+?)\s+(?:cannot|can't|can not|must not|mustn't|may not|should not|must never)\s+be\s+(.+)$"
    r"|^(.+?)(?:不能|不可|不得|不允许|禁止)再?(.+)$",
    re.I,
)
BEYOND = re.compile(
    r"(?:over|above|more than|exceeding|greater than|higher than|larger than|超过|高于|大于|多于)"
    r"\s*([$€£¥])?\s*(\d[\d,]*(?:\.\d+)?)\s*([A-Za-z]{1,10}|[\u4e00-\u9fff])?",
    re.I,
)
LIMIT = re.compile(
    r"(?:at most|no more than|a maximum of|maximum of|not more than|not longer than|up to|"
    r"(?:may|must|can|should|shall) not exceed|cannot exceed|not to exceed|"
    r"最多|不得超过|不能超过|不可超过|不超过|至多|最长)\s*(?:预订|预约|借|租)?\s*(\d+|one|two|three|four|five|six|seven|"
    r"eight|nine|ten|一|两|二|三|四|五|六|七|八|九|十)\s*(?:个)?\s*([A-Za-z]+|[\u4e00-\u9fff])",
    re.I,
)
SMALL = {
    **{w: i + 1 for i, w in enumerate("one two three four five six seven eight nine ten".split())},
    **{w: i + 1 for i, w in enumerate("一二三四五六七八九十")},
    "两": 2,
}
INSTEAD = re.compile(
    r"\b(\w+_\w+|\w+)\s+instead\s+of\s+(\w+_\w+)|\binstead\s+of\s+(\w+_\w+)[^.;]*?\b(?:use|call)"
    r"\s+(\w+_\w+)|改用\s*(\w+)",
    re.I,
)
ANYTHING = re.compile(
    r"\b(?:anything|any (?:change|act|action|write|booking|order)s?|changes?)\b|任何", re.I
)
MONEY_UNITS = re.compile(
    r"^(?:eur|euros?|usd|dollars?|gbp|pounds?|cny|rmb|yuan|jpy|yen|元|块|[$€£¥])$", re.I
)
MONEY_KEYS = re.compile(
    r"amount|total|cost|price|sum|value|fee|fare|paid|charge|balance|due|owed|金额|总额|价格|费用|应缴",
    re.I,
)
ZH_UNITS = {  # a Chinese unit a limit is said in -> the English word a property is named with
    "天": "day", "晚": "night", "夜": "night", "升": "lit", "人": "people", "位": "guest",
    "小时": "hour", "公斤": "kg", "千克": "kg", "件": "quantit", "个": "quantit", "次": "time",
}  # fmt: skip
AFFIRM = re.compile(
    r"^\s*(?:yes|yep|yeah|sure|ok(?:ay)?|confirm(?:ed)?|go ahead|please do|do it|correct|"
    r"that's (?:right|fine)|fine|proceed|是的?|好的?|可以|确认|对|行|没问题|继续)\b",
    re.I,
)
DECLINE = re.compile(
    r"^\s*(?:no|nope|don't|do not|cancel that|never mind|stop|不(?:用|要|了|行)?|算了|别)"
    r"|\b(?:hold off|not now|never mind)\b|先不|不(?:交|办|付|买|订|删)了|不用了|不要了|算了",
    re.I,
)
PROCESS = re.compile(r"\b(?:process|handle|deal with|action|review)\b|处理|办理|审核|审批", re.I)


@dataclass(frozen=True)
class Rule:
    """One rule: its kind (read_only, first, blocked, bound, limit, confirm), the sentence, the
    clause naming the acts it governs ("" for any act; "=name" for the tool that holds it), and
    what the kind needs."""

    kind: str
    text: str
    acts: str = ""
    tool: str = ""  # first: the tool called first; bound: the act named instead
    other: str = ""  # bound: the act the rule names for the case within the bound
    bound: float = 0.0
    unit: str = ""
    subject: str = ""  # blocked: the clause that names the state


def sentences(text: str) -> list[str]:
    return [s.strip() for s in SENTENCES.findall(text) if s.strip()]


def rules(system: str, described: Sequence[tuple[str, str]]) -> list[Rule]:
    """The rules the system prompt states, then those a tool's description states of itself."""
    found: list[Rule] = []
    names = [n for n, _ in described]
    if CLI_FRAME.search(system):
        return []  # (the Claude Code CLI's frame: its rules for its tools are `claude_code`'s)
    for s in sentences(system):
        whole = _of(s, names, "")
        kinds = {r.kind for r in whole}
        parts = [c for c in re.split(r"[;；]", s) if c.strip()]  # a clause's own rule, quoted whole
        for c in parts if len(parts) > 1 else []:
            whole += [replace(r, text=s) for r in _of(c.strip(), names, "") if r.kind not in kinds]
        found += whole
    for name, description in described:
        if name[:1].isupper():
            continue  # (the CLI's built-in tools: their descriptions' rules are `claude_code`'s)
        for s in sentences(description):
            found += [
                r
                for r in _of(s, names, name)
                if r.kind == "confirm" or r.kind == "first" and r.tool in names and r.tool != name
            ]
    return found


def _of(s: str, names: list[str], own: str) -> list[Rule]:
    if READ_ONLY.search(s):
        return [Rule("read_only", s)]
    found: list[Rule] = []
    for pattern, group in CONFIRM:
        m = pattern.search(s)
        if m:
            found.append(Rule("confirm", s, f"={own}" if own else m.group(group)))
            break
    for i, (pattern, g_step, g_acts) in enumerate(FIRST):
        m = pattern.search(s) if not (own and i == GENERIC) else None
        if m and not found:
            step = m.group(g_step)
            tool = _named(step, names) or step
            found.append(Rule("first", s, m.group(g_acts) if g_acts else f"={own}", tool=tool))
            break
    beyond = BEYOND.search(s)
    limit = LIMIT.search(s)
    if beyond and limit and limit.start() <= beyond.start() < limit.end():
        beyond = None  # ("不得超过 2 升", "may not exceed 5 nights": a limit, no bound)
    swap = INSTEAD.search(s) or _instead_named(s, names)
    blocked = NOT_ALLOWED.search(s)
    if beyond and (swap or blocked):
        unit = beyond.group(1) or beyond.group(3) or ""
        bound = float(beyond.group(2).replace(",", ""))
        to, away = _swap(swap) if swap else ("", "")
        acts = blocked.group(2) or blocked.group(4) if blocked else away
        found.append(Rule("bound", s, acts or away, tool=to, other=away, bound=bound, unit=unit))
    elif blocked and not found and not limit:
        subject, acts = blocked.group(1) or blocked.group(3), blocked.group(2) or blocked.group(4)
        found.append(Rule("blocked", s, acts, subject=subject))
    if limit and not beyond:
        n = limit.group(1).lower()
        bound = float(SMALL.get(n, 0) if n in SMALL else n)
        found.append(Rule("limit", s, "", bound=bound, unit=limit.group(2)))
    return found


def _instead_named(s: str, names: list[str]) -> re.Match[str] | None:
    """ "X ... should go to escalate_x instead; never call issue_x": the tool said right before
    "instead" (or after go to / use / call) takes the other named tool's place."""
    said = [n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", s)]
    if len(said) != 2 or not re.search(r"\binstead\b|改用|而不是|转给", s, re.I):
        return None
    either = "|".join(map(re.escape, said))
    before = re.search(rf"({either})\s+instead\b", s)
    used = re.search(rf"(?:use|call|go to|send \w+ to|改用|转给)\s*({either})", s)
    to = before.group(1) if before else used.group(1) if used else None
    if to is None:
        return None
    other = next(n for n in said if n != to)
    return re.match(r"(\S+) (\S+)", f"{to} {other}")


def _swap(m: re.Match[str]) -> tuple[str, str]:
    if m.re.groups == 2:  # (`_instead_named`: the tool, the other)
        return m.group(1), m.group(2)
    if m.group(1):
        return m.group(1), m.group(2)
    if m.group(3):
        return m.group(4), m.group(3)
    return m.group(5), ""


def _named(text: str, names: list[str]) -> str | None:
    """The tool a clause names by its own name ("with check_member")."""
    hit = [n for n in names if re.search(rf"(?<![\w]){re.escape(n)}(?![\w])", text)]
    return hit[0] if hit else None


def reads(name: str, description: str) -> bool:
    """A tool that only reads: its name's verb, else its description's first word, is one of
    reading ("check_member", "Look up ...", "查看…")."""
    first = words(name)[:1]
    if first and (first[0] in READ_VERBS or first[0] in {stem(v) for v in READ_VERBS}):
        return True
    lead = re.findall(r"^[A-Za-z]+", description.strip())
    if lead and lead[0].lower() in READ_VERBS:
        return True
    return bool(READ_ZH.search(description.strip()))


def _stem_match(a: str, b: str) -> bool:
    n = min(len(a), len(b))
    return (
        n >= 4 and (a.startswith(b[:n]) or b.startswith(a[:n])) and len(_common(a, b)) >= min(5, n)
    )


def _common(a: str, b: str) -> str:
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return a[:i]


def governs(rule: Rule, name: str, description: str, names: list[str]) -> bool:
    """The act `name` is one the rule's clause names (see the module's docstring)."""
    acts = rule.acts
    if acts.startswith("="):
        return acts[1:] == name
    if not acts or ANYTHING.search(acts):
        return True
    named = [n for n in names if n in acts]
    if named:
        return name in named
    said, own = words(acts), words(name)
    if any(_stem_match(a, b) for a in said for b in own):
        return True
    if concepts(acts) & name_concepts(name):
        return True
    han = re.findall(r"[\u4e00-\u9fff]{2}", acts)
    if han:
        pairs = {acts[i : i + 2] for i in range(len(acts) - 1)}
        return any(p in description for p in pairs if re.fullmatch(r"[\u4e00-\u9fff]{2}", p))
    return True  # (a clause naming none of the tools: every act)


def first_tool(rule: Rule, tools: Sequence[tuple[str, str]]) -> str | None:
    """The tool a "first" rule names: by its name, else the reading tool whose name's words
    share a stem or a concept with the clause ("verify membership" and check_member)."""
    names = [n for n, _ in tools]
    if rule.tool in names:
        return rule.tool
    said = words(rule.tool)
    best = [
        n
        for n, d in tools
        if reads(n, d)
        and (
            any(_stem_match(a, b) for a in said for b in words(n))
            or concepts(rule.tool) & name_concepts(n)
        )
    ]
    return best[0] if len(best) == 1 else None


def affirmed(task: str) -> bool | None:
    """The user's latest words in the open task after its first: True for a yes, False for a
    no, None when they are neither (or there is no later line)."""
    lines = [x for x in task.split("\n") if x.strip()]
    if len(lines) < 2:
        return None
    last = lines[-1]
    if DECLINE.search(last):
        return False
    if AFFIRM.search(last):
        return True
    return None


def result_figure(data: Any, unit: str) -> float | None:
    """The figure a result holds in the rule's unit: an amount for a currency, else a key
    holding the unit's word."""
    money = bool(MONEY_UNITS.match(unit or "$"))
    found: list[float] = []

    def walk(x: Any, key: str = "") -> None:
        if isinstance(x, dict):
            for k, y in x.items():
                walk(y, str(k))
        elif isinstance(x, list):
            for y in x:
                walk(y, key)
        elif isinstance(x, int | float) and not isinstance(x, bool):
            if (money and MONEY_KEYS.search(key)) or (unit and unit.lower()[:3] in key.lower()):
                found.append(float(x))
        elif isinstance(x, str):
            m = re.fullmatch(r"\s*[$€£¥]?\s*(\d[\d,]*(?:\.\d+)?)\s*(\w+)?\s*", x)
            if m and (
                (money and MONEY_KEYS.search(key)) or (unit and unit.lower()[:3] in key.lower())
            ):
                found.append(float(m.group(1).replace(",", "")))

    walk(data)
    return found[0] if found else None


def strings_of(data: Any) -> list[str]:
    """Every string value of a result, depth first."""
    if isinstance(data, dict):
        return [x for y in data.values() for x in strings_of(y)]
    if isinstance(data, list):
        return [x for y in data for x in strings_of(y)]
    return [data] if isinstance(data, str) else []


def true_keys(data: Any) -> list[str]:
    """The keys of a result whose value is true."""
    if isinstance(data, dict):
        own = [str(k) for k, x in data.items() if x is True]
        return own + [k for x in data.values() for k in true_keys(x)]
    if isinstance(data, list):
        return [k for x in data for k in true_keys(x)]
    return []


def in_state(rule: Rule, results: list[Any]) -> str | None:
    """A state word a result holds that the blocked rule's subject says ("已分配" in
    "已分配给别人的地块"; "cancelled" in "Cancelled bookings")."""
    subject = rule.subject.lower()
    for k in [k for data in results for k in true_keys(data)]:
        if re.search(rf"(?<![a-z_]){re.escape(k.lower())}(?![a-z_])", subject):
            return f"{k}: true"  # ("已锁定（locked 为 true）的成绩" and locked: true)
    for x in [x for data in results for x in strings_of(data)]:
        low = x.lower().strip()
        if not 2 <= len(low) <= 30:
            continue
        if re.search(r"[\u4e00-\u9fff]", low) and low in subject:
            return x
        if re.fullmatch(r"[a-z][a-z _-]+", low) and re.search(rf"\b{re.escape(low)}\b", subject):
            return x
    return None


def limit_input(rule: Rule, schema: dict[str, Any], args: dict[str, Any]) -> str | None:
    """The input of the limit's unit beyond the limit: the property whose name or description
    holds the unit ("days"), a number above the bound."""
    unit = ZH_UNITS.get(rule.unit, rule.unit.lower())
    stem = unit.rstrip("s") if len(unit) > 3 else unit
    for k, p in (schema.get("properties") or {}).items():
        about = f"{k} {(p or {}).get('description') or ''}".lower() if isinstance(p, dict) else k
        if stem and stem in about:
            x = args.get(k)
            if isinstance(x, int | float) and not isinstance(x, bool) and x > rule.bound:
                return k
    return None
