"""Answers the stand-in gives without a tool, as written rules (before any tool is chosen).

The stand-in knows no facts, so a question of fact never gets one of these answers (it gets the
honest offline note). These rules answer what needs no knowledge: the conversation itself, the
numbers written in it, and the conventions of talk.

1. A question about the tools themselves ("List your tools", "What tools do you have?",
   "你有哪些工具") is answered with the names of the tools the request offers (loaded or deferred),
   in the order given; with no tools, it says so.
2. Plain arithmetic ("What is 2 + 2?", "Calculate 15 + 27", "100 除以 7 等于多少") is computed and
   answered, when the task is only that (an expression, with at most a few asking words around it)
   and no offered tool's *name* is about arithmetic (a calculator, add, multiply, ...): a model
   does such sums itself, and a general tool such as a shell is not asked for a command it does not
   need. A request that offers a calculator tool calls it (`agentkit.sim.general`).
   The expression is read with Python's `ast` (numbers, + - * / // % **, brackets, a square root;
   a power with an exponent of at most 1000 and a result of at most MAX_BITS bits), never
   executed; a division by zero is said to be one. A sentence that only says how to answer ("Only
   respond with the result", 只回答结果) is no part of the question, and the answer is then the
   number alone.
3. Arithmetic in words is rule 2's arithmetic: an act and its operands ("multiply 12 by 34",
   "subtract 5 from 9", "the sum of 3 and 4", "3 和 4 的积"), a percentage ("15% of 200",
   "200 的 15%", "百分之 15"), a root or power ("square root of 144", "sqrt(144)", "根号 2",
   "7 squared", "2 的 10 次方"). A rounding asked for ("round to 2 decimal places", "保留 2 位小数",
   "to the nearest whole number", "取整") rounds the result.
4. A comparison of two quantities, one of which is asked for ("Which is larger, 3 ** 4 or 9 * 8?",
   "9.11 和 9.9 哪个大"), computes both and names the bigger (or, when the smaller is asked for,
   the smaller). "5 more than 3" asks for no choice: no comparison.
5. A sequence the numbers themselves define: the first N prime, even, odd, square or Fibonacci
   numbers ("前 5 个质数"; N written in digits or as a word; the count is no item of the list),
   and counting from A to B ("从 3 数到 9"; "slowly, with a brief pause between each number"
   says how, not what); at most MAX_ITEMS items.
6. A follow-up on the previous answer ("now divide that by 4", "add 10 to it", "再乘以 3"): "that",
   "it", "the result", "结果", or an operator with nothing before it, stands for the number the
   assistant's previous turn gave (the one after its last "=", else its last number; a part of an
   id such as R-771 is no number); then rule 2.
7. A small word problem: two quantities (digits or number words, "four", "两"), one clear
   operation word (more, adopted, bought, 又, 买了 ... adds; ate, lost, sold, gave away, 吃了, 卖了
   ... takes away) and a question of how many ("how many", "多少", "几只"): the first quantity
   and the second combined by that operation. Both kinds of word, another count of quantities, or
   a difference asked for ("how many more", "3 more than 5", "比…多") is no such problem.
8. An id written as digit groups joined by hyphens without spaces ("voucher 55-10-29",
   "139-1234-5678", "2026-05-01") is no arithmetic.
9. Small talk: a greeting ("Hello!", "Hey Claude!", "早上好"), "how are you" ("你好吗"), thanks and
   goodbyes, alone, get a brief answer in kind; a greeting says in one clause that this is the
   offline stand-in.
10. "Say X" is said: a quoted text after say / reply with / respond with / answer with / repeat
   ("Just say 'Done.'", "请只回复“收到”"), or a greeting named without quotes ("Say hi there!",
   "说一声你好"). "in exactly N words" is kept: a greeting has a form of each length up to 6; a
   quoted text is said only when it has N words.
11. "What did I just ask you?" ("我刚才问了什么", "what was my first question?"), with little else
   said, is answered from the conversation: the user's previous (or first) turn, quoted; with
   none, it says so. "What did I say about the deadline?" asks more than that: no such answer.
12. News the user shares about themselves with a clear feeling ("I finally passed my driving
   test!", "我的猫生病了，好难过。"): first person, a word of a good or a bad feeling (not both), no
   question, request or negation, and every sentence about the user or their feeling (or a short
   "Wow!"; "I love my kettle! Boil 2 litres." is a request): a brief reply in kind ("That's wonderful to hear!", "I'm sorry to
   hear that."), nothing more (no fact is claimed).

13. Several questions in one message ("First, what's the capital of Japan? Second, what's 15% of
   200?", "A? And B?", one a line): each is answered by rules 2 to 7 where it can be, and each
   other one gets a short note that the stand-in knows no facts, in the order asked; when none of
   them can be answered, no direct answer (the whole message gets the offline note).

Rules 9 to 12 hold whatever tools are offered; rules 2 to 8 only when no offered tool's name is
about arithmetic. With a structured output (`as_json`), a text field gets the answer's text, a list
of numbers its numbers (the primes listed), a number field its one number. `expression` gives
rules 2, 3, 6 and 7's arithmetic in Python's notation to a policy that calls an offered arithmetic
tool instead. `quoted` cuts a prompt
for the offline note at a word boundary (never inside a word or a number).
"""

from __future__ import annotations

import ast
import math
import operator
import re
from dataclasses import dataclass, field
from typing import Any

from ..content import text_of
from .conversation import _said
from .lexicon import spoken_math
from .phrases import say, spoken_list

ABOUT_TOOLS = re.compile(
    r"\b(?:what|which|list|name|show)\b[^.?!]{0,30}\btools?\b|\byour tools\b|\btools (?:do )?you have\b"
    r"|哪些工具|什么工具|有什么工具|工具列表|列出[^。？]{0,8}工具|可用的工具",
    re.IGNORECASE,
)
MATH_NAMES = frozenset(
    {"math", "calculate", "add", "subtract", "multiply", "divide", "root", "power"}
)
ASKING = re.compile(
    r"what(?:'s| is| are)|how much is|calculate|compute|evaluate|work out|solve|equals?|is|please|"
    r"the|result|of|answer|round(?:ed)?|to|decimal|places?|and|now|then|ok(?:ay)?|so|tell me|"
    r"计算|算一下|算算|等于|是多少|多少|请|帮我|结果|那么|然后|现在|再|呢|把|是",
    re.IGNORECASE,
)
OPS: dict[type, Any] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
}
MAX_BITS = 1 << 14  # a result of at most ~4,900 decimal digits
MAX_ITEMS = 1000

# -- numbers and expressions --------------------------------------------------------------------
NUM = r"\d+(?:\.\d+)?"
_N = rf"-?{NUM}"
TERM = rf"√?\(*{_N}\)*%?"
OP = r"\s*(?:\*\*|//|[-+*/^%]|\bof\b|的)\s*"
BEFORE, AFTER = r"(?<![A-Za-z0-9_.])", r"(?![A-Za-z0-9_]|\.\d)"  # a number's edges
EXPR = re.compile(rf"{BEFORE}{TERM}(?:{OP}{TERM})*{AFTER}")
ID = re.compile(
    r"\d+(?:-\d+){2,}|(?:19|20)\d\d-(?:0[1-9]|1[0-2])|\d+-0\d+"
)  # 55-10-29, 2026-05, 12-05
EN_NUMBERS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty"
).split()
ZH_DIGITS = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7}
ZH_DIGITS |= {"八": 8, "九": 9}
NUM_WORD = rf"{NUM}|\b(?:{'|'.join(EN_NUMBERS)})\b|[零一二两三四五六七八九十]{{1,3}}"


def number_of(word: str) -> int | float | None:
    """A quantity written in digits, an English number word or Chinese numerals (to 99)."""
    w = word.strip().lower()
    if re.fullmatch(NUM, w):
        return float(w) if "." in w else int(w)
    if w in EN_NUMBERS:
        return EN_NUMBERS.index(w)
    m = re.fullmatch(r"([一二两三四五六七八九]?)(十?)([一二三四五六七八九]?)", w)
    if m and (m.group(2) or (m.group(1) and not m.group(3))):
        tens = ZH_DIGITS.get(m.group(1), 1) if m.group(2) else 0
        ones = ZH_DIGITS.get(m.group(3) or ("" if m.group(2) else m.group(1)), 0)
        return tens * 10 + ones
    return ZH_DIGITS.get(w)


WORDED: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p, re.IGNORECASE), r)
    for p, r in [
        (rf"\bmultiply\s+({_N})\s+(?:by|and|with|times)\s+({_N})", r"\1 * \2"),
        (rf"\bdivide\s+({_N})\s+by\s+({_N})", r"\1 / \2"),
        (rf"\badd\s+({_N})\s+(?:and|to|plus|with)\s+({_N})", r"\1 + \2"),
        (rf"\bsubtract\s+({_N})\s+from\s+({_N})", r"\2 - \1"),
        (rf"\b(?:the\s+)?sum\s+of\s+({_N})\s+and\s+({_N})", r"\1 + \2"),
        (rf"\b(?:the\s+)?product\s+of\s+({_N})\s+and\s+({_N})", r"\1 * \2"),
        (rf"\b(?:the\s+)?difference\s+(?:between|of)\s+({_N})\s+and\s+({_N})", r"\1 - \2"),
        (rf"\b(?:the\s+)?quotient\s+of\s+({_N})\s+and\s+({_N})", r"\1 / \2"),
        (rf"\b(?:the\s+)?square\s+root\s+of\s+({_N})", r"√\1"),
        (rf"\bsqrt\s*\(\s*({_N})\s*\)|\bsqrt\s+({_N})", r"√\1\2"),
        (rf"({_N})\s+squared\b", r"\1 ** 2"),
        (rf"({_N})\s+cubed\b", r"\1 ** 3"),
        (rf"({_N})\s+(?:raised\s+)?to\s+the\s+power\s+of\s+({_N})", r"\1 ** \2"),
        (rf"\bdouble\s+({_N})", r"\1 * 2"),
        (rf"\btriple\s+({_N})", r"\1 * 3"),
        (rf"\bhalve\s+({_N})|\bhalf\s+of\s+({_N})", r"\1\2 / 2"),
        (rf"({_N})\s*(?:percent|per\s+cent)\b", r"\1%"),
        (rf"百分之\s*({_N})", r"\1%"),
        (rf"({_N})\s*的\s*平方根|根号\s*({_N})", r"√\1\2"),
        (rf"({_N})\s*的\s*平方(?!根)", r"\1 ** 2"),
        (rf"({_N})\s*的\s*立方(?!根)", r"\1 ** 3"),
        (rf"({_N})\s*的\s*({_N})\s*次方", r"\1 ** \2"),
        (rf"({_N})\s*(?:和|与|跟)\s*({_N})\s*的\s*和", r"\1 + \2"),
        (rf"({_N})\s*(?:和|与|跟)\s*({_N})\s*的\s*积", r"\1 * \2"),
        (rf"({_N})\s*(?:和|与|跟)\s*({_N})\s*的\s*差", r"\1 - \2"),
        (rf"({_N})\s*(?:和|与|跟)\s*({_N})\s*的\s*商", r"\1 / \2"),
        (rf"({_N})\s*的\s*一半", r"\1 / 2"),
    ]
]
ROUNDING = re.compile(
    rf"[,，;]?\s*(?:and\s+)?(?:then\s+)?round(?:ed)?(?:\s+(?:it|that|the result|the answer))?\s+"
    rf"to\s+(?:({NUM_WORD})\s+decimal(?:\s+places?)?|(?:the\s+)?nearest\s+(?:whole\s+number|"
    rf"integer))|[,，]?\s*(?:结果)?保留\s*({NUM_WORD})\s*位小数|[,，]?\s*(?:结果)?取整",
    re.IGNORECASE,
)


def worded(text: str) -> str:
    """The text with arithmetic in words as symbols (rules 2 and 3)."""
    out = spoken_math(text)
    for pattern, symbol in WORDED:
        out = pattern.sub(symbol, out)
    return out


def found_expressions(text: str, single: bool = False) -> list[str]:
    """The expressions in a text already `worded`: with an operator or a root (any number too,
    when `single`)."""
    found = [m.group(0).strip() for m in EXPR.finditer(text)]
    return [
        e
        for e in found
        if single or "√" in e or re.search(rf"{NUM}\)*%?{OP}\(*√?-?\d", e) or "%" in e[-1:]
    ]


def _leftover(text: str, parts: list[str], extra: re.Pattern[str] | None = None) -> list[str]:
    rest = text
    for p in parts:
        rest = rest.replace(p, " ", 1)
    if extra is not None:
        rest = extra.sub(" ", rest)
    rest = ASKING.sub(" ", rest)
    return re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]", rest)


FORM_ONLY = re.compile(  # a sentence that only says how to answer: no part of the question
    r"\b(?:only|just)\s+(?:respond|reply|answer|give|return|output|print|say|write)\b[^.?!\n]*"
    r"|\b(?:respond|reply|answer)\s+(?:only\s+|just\s+)?with\b[^.?!\n]*|\bno explanations?\b"
    r"|只(?:回答|给|要|说|输出|写)[^。？！\n]*|不(?:用|要)解释",
    re.IGNORECASE,
)


def only_arithmetic(task: str) -> str | None:
    """Rules 2 and 3's reading: the task's one expression, when little else is said (a sentence
    that only says how to answer, "Only respond with the result", says nothing of it)."""
    text = worded(FORM_ONLY.sub(" ", task))
    found = found_expressions(text)
    if len(found) != 1 or ID.fullmatch(found[0].strip("()")):
        return None
    return found[0] if len(_leftover(text, found)) <= 2 else None


def evaluable(expr: str) -> str:
    """The shown expression in Python's notation: "15% of 200" -> "(15 / 100) * 200", "√2" ->
    "sqrt(2)", "200 的 15%" -> "200 * (15 / 100)", "^" -> "**"."""
    out = re.sub(rf"({NUM})\s*%\s*of\b", r"(\1 / 100) *", expr)
    out = re.sub(rf"\s*的\s*\(*({NUM})\s*%", r" * (\1 / 100)", out)
    out = re.sub(rf"({NUM})\s*%(?!\s*[\d(])", r"(\1 / 100)", out)
    out = re.sub(rf"√\s*({NUM})", r"sqrt(\1)", out).replace("√", "sqrt")
    return out.replace("^", "**")


def arithmetic_value(expr: str) -> float | int | None:
    """The expression's value (`ast`, never executed); None when it is no plain arithmetic."""
    try:
        tree = ast.parse(evaluable(expr), mode="eval")
    except SyntaxError:
        return None
    try:
        return _value(tree)  # type: ignore[no-any-return]
    except ZeroDivisionError:
        raise
    except (ValueError, TypeError, OverflowError):
        return None


def _value(node: ast.AST) -> Any:
    """A node's value: numbers, the OPS, unary signs and sqrt(...); anything else is refused."""
    if isinstance(node, ast.Expression):
        return _value(node.body)
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        v = _value(node.operand)
        return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, ast.BinOp) and type(node.op) in OPS:
        left, right = _value(node.left), _value(node.right)
        if isinstance(node.op, ast.Pow) and _too_large(left, right):
            raise ValueError("power too large")
        return OPS[type(node.op)](left, right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and len(node.args) == 1:
        return _root(node.func.id, _value(node.args[0]))
    raise ValueError("not arithmetic")


def _root(name: str, v: Any) -> Any:
    """sqrt(v): an integer when v is a perfect square."""
    if name != "sqrt" or v < 0:
        raise ValueError("no real root")
    root = math.isqrt(v) if isinstance(v, int) else None
    return root if root is not None and root * root == v else math.sqrt(v)


def _too_large(base: Any, exponent: Any) -> bool:
    """Whether base ** exponent would have more than MAX_BITS bits (or a huge exponent): nested
    powers such as ((9**999)**999)**999 are refused before Python spends minutes on them."""
    if abs(exponent) > 1000:
        return True
    bits = abs(int(base)).bit_length() if abs(base) >= 1 else 1
    return bits * abs(exponent) > MAX_BITS


def number_shown(value: float | int, places: int | None = None) -> str:
    """A result as the answer writes it: an integer without ".0", else at most 6 decimals, or the
    places asked for."""
    if places is not None:
        return str(round(value)) if places == 0 else f"{value:.{places}f}"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else str(round(value, 6))
    return str(value)


@dataclass
class DirectAnswer:
    """A direct answer: its text, and the numbers it gives (for a structured output's fields)."""

    text: str
    values: list[float | int] = field(default_factory=list)
    talk: bool = False  # from the conversation and the conventions of talk (rules 9 to 12)


def _computed(lang: str, expr: str, places: int | None = None, key: str = "d_arithmetic"):  # type: ignore[no-untyped-def]
    try:
        result = arithmetic_value(expr)
    except ZeroDivisionError:
        return DirectAnswer(say(lang, "d_div_zero", expr=expr))
    if result is None:
        return None
    return DirectAnswer(say(lang, key, expr=expr, result=number_shown(result, places)), [result])


def _places(task: str) -> tuple[str, int | None]:
    """The task without its rounding instruction, and the decimal places it asks for."""
    m = ROUNDING.search(task)
    if not m:
        return task, None
    count = m.group(1) or m.group(2)
    places = number_of(count) if count else 0
    return task[: m.start()] + task[m.end() :], int(places or 0)


# -- rule 4: comparisons ------------------------------------------------------------------------
BIGGER = re.compile(
    r"\b(?:bigger|larger|greater|higher|more|biggest|largest|greatest)\b|更大|较大|哪个大|大",
    re.IGNORECASE,
)
SMALLER = re.compile(
    r"\b(?:smaller|less|lower|fewer|smallest|lowest|least)\b|更小|较小|哪个小|小", re.IGNORECASE
)
CHOICE = re.compile(r"\b(?:or|which)\b|还是|哪个|哪一个", re.IGNORECASE)  # one of two is asked for
COMPARING = re.compile(
    r"\b(?:which|one|or|than|number|value|expression|bigger|larger|greater|higher|more|smaller|"
    r"less|lower|fewer|biggest|largest|greatest|smallest|lowest|least)\b|哪个|哪一个|还是|和|与|比|"
    r"更|较|大|小|一些|呢",
    re.IGNORECASE,
)


def comparison(lang: str, task: str) -> DirectAnswer | None:
    """Rule 4: two quantities, and which is bigger (or smaller)."""
    big, small = BIGGER.search(task), SMALLER.search(task)
    if not big and not small or not CHOICE.search(task):
        return None
    text = worded(task)
    found = found_expressions(text, single=True)
    if len(found) != 2 or any(ID.fullmatch(e) for e in found):
        return None
    if _leftover(text, found, COMPARING):
        return None
    try:
        got = [arithmetic_value(e) for e in found]
    except ZeroDivisionError:
        return None
    values = [v for v in got if v is not None]
    if len(values) != 2:
        return None
    a, b = values
    first, second = (
        e if re.fullmatch(NUM, e) else f"{e} = {number_shown(v)}"
        for e, v in zip(found, values, strict=True)
    )
    if a == b:
        return DirectAnswer(say(lang, "d_equal", first=first, second=second), [a])
    want_small = small is not None and (big is None or small.start() < big.start())
    pick = (0 if a < b else 1) if want_small else (0 if a > b else 1)
    key = "d_smaller" if want_small else "d_bigger"
    return DirectAnswer(say(lang, key, first=first, second=second, win=found[pick]), [values[pick]])


# -- rule 5: sequences ---------------------------------------------------------------------------
KINDS = {
    "prime": "prime", "primes": "prime", "质数": "prime", "素数": "prime",
    "even": "even", "偶数": "even", "odd": "odd", "奇数": "odd",
    "square": "square", "平方数": "square", "fibonacci": "fibonacci", "斐波那契数": "fibonacci",
}  # fmt: skip
SEQUENCE = re.compile(
    rf"\bfirst\s+({NUM_WORD})\s+(?:(prime|even|odd|square|fibonacci)\s+(?:numbers|integers)|(primes))"
    rf"|前\s*({NUM_WORD})\s*个\s*(质数|素数|偶数|奇数|平方数|斐波那契数)",
    re.IGNORECASE,
)
COUNTING = re.compile(
    rf"\bcount\s+(?:from\s+)?({NUM})\s+(?:to|through|until)\s+({NUM})\b"
    rf"|\b(?:list|write|print|give me)\s+(?:all\s+)?(?:the\s+)?(?:numbers|integers)\s+from\s+"
    rf"({NUM})\s+to\s+({NUM})\b|从\s*({NUM})\s*数到\s*({NUM})",
    re.IGNORECASE,
)
LISTING_WORDS = re.compile(
    r"\b(?:what|which|are|list|give|me|name|tell|show|write|print|please|can|could|you)\b|"
    r"\b(?:slowly|aloud|out loud|one (?:per|a) line|with (?:a |an )?(?:brief |short |small )?"
    r"(?:pause|break|gap)s? (?:between|after) (?:each|every|the)(?: numbers?| ones?)?)\b|"
    r"是|哪些|什么|请|列出|写出|给我|说出|告诉我|数|慢慢地?|一行一个",
    re.IGNORECASE,
)  # (how to say the list: a pause the text cannot hold is no other question)


def _first(kind: str, n: int) -> list[int]:
    if kind == "even":
        return [2 * i for i in range(1, n + 1)]
    if kind == "odd":
        return [2 * i + 1 for i in range(n)]
    if kind == "square":
        return [i * i for i in range(1, n + 1)]
    if kind == "fibonacci":
        out = [0, 1]
        while len(out) < n:
            out.append(out[-1] + out[-2])
        return out[:n]
    primes: list[int] = []
    k = 2
    while len(primes) < n:
        if all(k % p for p in primes if p * p <= k):
            primes.append(k)
        k += 1
    return primes


def sequence(lang: str, task: str) -> DirectAnswer | None:
    """Rule 5: the first N numbers of a kind, or counting from A to B."""
    m = SEQUENCE.search(task)
    if m:
        count = number_of(m.group(1) or m.group(4))
        kind = KINDS[(m.group(2) or m.group(3) or m.group(5)).lower()]
        if not isinstance(count, int) or not 0 < count <= MAX_ITEMS:
            return None
        if _leftover(task, [m.group(0)], LISTING_WORDS):
            return None
        items = _first(kind, count)
        said = say(
            lang, "d_sequence", n=count, kind=say(lang, f"d_kind_{kind}"), items=_join(lang, items)
        )
        return DirectAnswer(said, list(items))
    m = COUNTING.search(task)
    if not m:
        return None
    a, b = (int(float(g)) for g in m.groups() if g is not None)
    if abs(b - a) >= MAX_ITEMS or _leftover(task, [m.group(0)], LISTING_WORDS):
        return None
    items = list(range(a, b + 1) if a <= b else range(a, b - 1, -1))
    return DirectAnswer(_join(lang, items), list(items))


def _join(lang: str, items: list[int]) -> str:
    return ("、" if lang == "zh" else ", ").join(map(str, items))


# -- rule 6: follow-ups ---------------------------------------------------------------------------
REFERENCE = re.compile(
    r"\b(?:that|the|this|my|your)\s+(?:previous\s+|last\s+)?(?:result|number|answer|value|total|sum|"
    r"product)\b|\b(?:that|it|this)\b|这个结果|那个结果|上面的结果|刚才的结果|上一个结果|这个数|结果|它",
    re.IGNORECASE,
)
LEADING = re.compile(
    r"^\s*(?:(?:now|then|and|ok(?:ay)?|so|next|那|那么|然后|接着|再)[\s,，]*)*(?=[-+*/])"
)


def previous_number(turns: list[tuple[str, str]]) -> str | None:
    """The number the assistant's previous turn gave: after its last "=", else its last."""
    said = next((t for role, t in reversed(turns) if role == "assistant"), "")
    said = re.sub(r"(?<=\d),(?=\d{3}\b)", "", said)
    after = re.split(r"=|≈", said)[-1] if re.search(r"=|≈", said) else ""
    alone = rf"(?<![\w.-])-?{NUM}(?!\w|\.\d)"  # not a part of an id such as R-771
    found = re.findall(alone, after) or re.findall(alone, said)
    if not found:
        return None
    n = found[0] if after and re.findall(alone, after) else found[-1]
    return n.rstrip("0").rstrip(".") if "." in n else n


def follow_up(task: str, turns: list[tuple[str, str]]) -> str | None:
    """Rule 6: the task with the previous answer's number for "that" (or before a lone operator)."""
    number = previous_number(turns)
    if number is None:
        return None
    text = REFERENCE.sub(f" {number} ", task)
    spoken = spoken_math(text)
    lead = LEADING.match(spoken)
    if lead and not re.search(r"\d\s*$", spoken[: lead.end()]):
        spoken = spoken[: lead.end()] + f"{number} " + spoken[lead.end() :]
    return spoken if spoken != spoken_math(task) else None


# -- rule 7: word problems -------------------------------------------------------------------------
HOW_MANY = re.compile(
    r"\bhow\s+(?:many|much)\b|多少|几(?:只|个|本|颗|块|位|条|件|辆|张|支|头|匹|次|天|年|岁|元|人|盒|瓶|杯)",
    re.IGNORECASE,
)
ADDING = re.compile(
    r"\b(?:more|another|adopted|bought|got|received|gained|found|added|earned|extra|joined|arrived|"
    r"won)\b|又|再|多了|新",
    re.IGNORECASE,
)
TAKING = re.compile(
    r"\b(?:gave\s+away|ate|lost|sold|spent|broke|used|took\s+away|fewer|less|left|died|ran\s+away|"
    r"flew\s+away|dropped|removed|gave)\b|吃了|吃掉|送了|送给|送走|卖了|卖掉|丢了|用了|用掉|走了|"
    r"飞走|少了|花了|给了|剩",
    re.IGNORECASE,
)
COMPARED = re.compile(
    r"\bhow\s+(?:many|much)\s+more\b|\b(?:more|fewer|less)\s+than\b|比.{0,12}(?:多|少)",
    re.IGNORECASE,
)  # "how many more", "3 more than 5": a difference, not a sum
QUANTITY = re.compile(rf"{BEFORE}{NUM}{AFTER}|\b(?:{'|'.join(EN_NUMBERS[1:])})\b|"
                      r"[一二两三四五六七八九十]{1,3}(?=\s*(?:只|个|本|颗|块|位|条|件|辆|张|支|头|匹|盒|瓶|杯|元|人))",
                      re.IGNORECASE)  # fmt: skip


def word_problem_expression(task: str) -> str | None:
    """Rule 7's reading: "4 + 2" for two quantities, one operation word, a question of how many."""
    if not HOW_MANY.search(task) or COMPARED.search(task):
        return None
    adds, takes = bool(ADDING.search(task)), bool(TAKING.search(task))
    found = [number_of(m.group(0)) for m in QUANTITY.finditer(task)]
    if adds == takes or len(found) != 2 or any(v is None for v in found):
        return None
    return f"{found[0]} {'+' if adds else '-'} {found[1]}"


def word_problem(lang: str, task: str) -> DirectAnswer | None:
    """Rule 7: the word problem's expression, worked out."""
    expr = word_problem_expression(task)
    return _computed(lang, expr, None, "d_word_problem") if expr else None  # type: ignore[no-any-return]


def expression(task: str, messages: list[dict[str, Any]] | None = None) -> str | None:
    """The arithmetic the task asks for in Python's notation (rules 2, 3, 6 and 7: "15% of 200"
    -> "(15 / 100) * 200", "multiply that by 2" after "= 42" -> "42 * 2", "had four, adopted 2
    more" -> "4 + 2"), or None: for a policy that works it out with an offered arithmetic tool."""
    text, _ = _places(task)
    expr = only_arithmetic(text)
    if expr is None and (again := follow_up(text, earlier(messages))):
        expr = only_arithmetic(again)
    expr = expr or word_problem_expression(task)
    return evaluable(expr) if expr else None


def worked(lang: str, task: str, turns: list[tuple[str, str]]) -> DirectAnswer | None:
    """Rules 2 to 7: the answer computed from the numbers of the task (and the previous answer)."""
    text, places = _places(task)
    expr = only_arithmetic(text)
    if expr is None and (again := follow_up(text, turns)):
        expr = only_arithmetic(again)
    if expr is not None:
        said = _computed(lang, expr, places)
        if said is not None and said.values and FORM_ONLY.search(task):  # "only the result"
            return DirectAnswer(number_shown(said.values[0], places), said.values)
        return said  # type: ignore[no-any-return]
    return comparison(lang, task) or sequence(lang, task) or word_problem(lang, task)


# -- rules 9 to 11: talk ---------------------------------------------------------------------------
TALK = re.compile(
    r"(?<![A-Za-z])(?:(?P<how>how\s+are\s+(?:you|u|things)(?:\s+doing)?(?:\s+today)?|"
    r"how's\s+it\s+going|how\s+is\s+it\s+going|how\s+do\s+you\s+do|what's\s+up|"
    r"how\s+have\s+you\s+been|你好吗|您好吗|最近(?:怎么样|好吗)|还好吗|过得(?:怎么样|好吗))"
    r"|(?P<hello>hello|hiya|hi|hey|howdy|greetings|good\s+(?:morning|afternoon|evening|day)|"
    r"你好|您好|嗨|哈喽|哈啰|早上好|上午好|下午好|晚上好|早安|大家好)"
    r"|(?P<thanks>thanks?(?:\s+you)?(?:\s+(?:so|very)\s+much|\s+a\s+lot)?|thx|much\s+appreciated|"
    r"谢谢(?:你|您)?|多谢|感谢)"
    r"|(?P<bye>bye(?:-bye)?|goodbye|good\s+night|see\s+you(?:\s+later)?|that(?:'s|\s+is)\s+(?:all|it)|"
    r"再见|拜拜|晚安|就这些|没有了)"
    r"|(?P<name>claude|there|everyone|everybody|all|friend|buddy|assistant|folks|mate|world|"
    r"ok(?:ay)?|alright|great|好的|好|嗯))"
    r"(?![A-Za-z])",
    re.IGNORECASE,
)
GREETING = re.compile(
    r"(?:hello|hi|hey|hiya|howdy|greetings|good\s+(?:morning|afternoon|evening|day))"
    r"(?:[\s,]+(?:there|world|everyone|everybody|all|friend|claude|folks))?",
    re.IGNORECASE,
)
ZH_GREETING = re.compile(r"你好|您好|嗨|哈喽|早上好|上午好|下午好|晚上好|早安|大家好")
GREETINGS_BY_LENGTH = {
    1: "Hello!",
    2: "Hello there!",
    3: "Hello there, friend!",
    4: "Hello there, my friend!",
    5: "Hello there, my good friend!",
    6: "Hello there, my good old friend!",
}
QUOTE = r"[\"'“‘「『](.+?)[\"'”’」』]"
SAY = re.compile(
    r"^(?:(?:please|just|now|ok(?:ay)?|can\s+you|could\s+you|would\s+you|simply)[\s,]+)*"
    r"(?:say|reply\s+with|respond\s+with|answer\s+with|repeat(?:\s+after\s+me)?)"
    r"(?:\s+(?:only|just|exactly|back|the\s+words?|the\s+phrase))*[\s:]*(.*?)[\s.!?]*$",
    re.IGNORECASE | re.DOTALL,
)
ZH_SAY = re.compile(
    r"^(?:请|就|只|你)*(?:说|回复|回答|答复|回|重复)(?:一下|一句|一声|声)?(?:：|:)?\s*(.*?)[\s。！!？?]*$"
)
WORDS_COUNT = re.compile(rf"\s+in\s+(?:exactly\s+|just\s+|only\s+)?({NUM_WORD})\s+words?\b", re.I)
RECALL = re.compile(
    r"\bwhat\s+(?:did|was\s+it\s+that)\s+I\s+(?:just\s+|previously\s+|last\s+|first\s+)?"
    r"(?:ask|say|write|type|tell)\b|\bwhat\s+was\s+my\s+(?:last|previous|first|earlier)\s+"
    r"(?:question|message|request|prompt)\b|\bwhat\s+(?:question|message)\s+did\s+I\b|"
    r"\brepeat\s+my\s+(?:last\s+|previous\s+|first\s+)?(?:question|message)\b|"
    r"我(?:刚才|刚刚|之前|上一句|第一句)(?:问|说)了?(?:什么|啥|些什么)|"
    r"我(?:上一个|上个|之前的|前一个|刚才的|第一个)(?:问题|消息|请求)是(?:什么|啥)|"
    r"重复(?:一下)?我(?:刚才|上一个|第一个)的?(?:问题|消息)",
    re.IGNORECASE,
)


RECALL_WORDS = re.compile(
    r"\b(?:you|me|before|earlier|again|just|previously|exactly|in|this|our|conversation|chat|"
    r"message|last|turn|please|can|could|remind|tell|did|was|what)\b|来着|呢|吗|你|请|提醒|一下|刚才|刚刚",
    re.IGNORECASE,
)


def small_talk(lang: str, task: str) -> str | None:
    """Rule 9: a greeting, "how are you", thanks or goodbye, with nothing else."""
    kinds = {k for m in TALK.finditer(task) for k, v in m.groupdict().items() if v}
    if not kinds - {"name"} or re.search(r"[\w]", TALK.sub("", task)):
        return None
    for kind in ("how", "hello", "thanks", "bye"):
        if kind in kinds:
            return say(lang, f"d_{kind}")
    return None


def say_this(lang: str, task: str) -> str | None:
    """Rule 10: the text the user asks to be said."""
    task = task.strip()
    m = SAY.match(task) or ZH_SAY.match(task)
    if not m:
        return None
    what = m.group(1).strip()
    count = WORDS_COUNT.search(what)
    n = number_of(count.group(1)) if count else None
    if count:
        what = (what[: count.start()] + what[count.end() :]).strip()
    quote = re.fullmatch(QUOTE + r"(?:\s+(?:and\s+nothing\s+else|only|back|to\s+me))?", what)
    if quote:
        said = quote.group(1).strip()
        if n is not None and len(said.split()) != n:
            return None
        return said
    if GREETING.fullmatch(what) and (n is None or n in GREETINGS_BY_LENGTH):
        if n is not None:
            return GREETINGS_BY_LENGTH[int(n)]
        return what[0].upper() + what[1:] + "!"
    if ZH_GREETING.fullmatch(what) and n is None:
        return what + "！"
    return None


FEELING_GOOD = re.compile(
    r"\b(?:incredible|amazing|awesome|wonderful|great|fantastic|excellent|love|loved|best|happy|"
    r"excited|thrilled|delighted|glad|proud|delicious|beautiful|perfect|won|promoted|passed)\b|"
    r"太好了|太棒了|开心|高兴|好吃|激动|兴奋|喜欢|幸福|成功了|通过了",
    re.IGNORECASE,
)
FEELING_BAD = re.compile(
    r"\b(?:terrible|awful|horrible|sad|worst|hate|upset|angry|disappointed|lost|failed|sick|"
    r"stressed|depressed|miserable|exhausted|lonely)\b|难过|伤心|糟糕|失败|生病|讨厌|生气|失望|郁闷|倒霉",
    re.IGNORECASE,
)
FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|my|we|we're|our)\b|我", re.IGNORECASE)
NOT_SHARING = re.compile(
    r"[?？]|\b(?:not|no|never|please|can|could|would|will|should|analy[sz]e|classify|score|rate|"
    r"tell|help|sentiment|summari[sz]e|translate|write|check|find|get|show|list|calculate|search|"
    r"explain|how|what|why|which|who|where|when)\b|n't|不|没|别|请|帮|分析|判断|翻译|总结|吗",
    re.IGNORECASE,
)


def feeling(lang: str, task: str) -> str | None:
    """Rule 12: news the user shares about themselves with a clear feeling (good or bad), no
    question and no request in it: a brief reply in kind."""
    if len(task) > 200 or not FIRST_PERSON.search(task) or NOT_SHARING.search(task):
        return None
    good, bad = bool(FEELING_GOOD.search(task)), bool(FEELING_BAD.search(task))
    if good == bad:
        return None
    for sentence in re.split(r"[.!;。！；\n]+", task):  # each says how the user is, or is a "Wow"
        felt = FIRST_PERSON.search(sentence) or FEELING_GOOD.search(sentence)
        if not (felt or FEELING_BAD.search(sentence) or len(sentence.split()) <= 2):
            return None
    return say(lang, "d_glad" if good else "d_sorry")


def recall(lang: str, task: str, turns: list[tuple[str, str]]) -> str | None:
    """Rule 11: the user's previous (or first) turn, quoted."""
    m = RECALL.search(task)
    if not m or _leftover(task, [m.group(0)], RECALL_WORDS):
        return None
    asked = [t for role, t in turns if role == "user"]
    if not asked:
        return say(lang, "d_recall_none")
    first = re.search(r"\bfirst\b|第一", task, re.IGNORECASE)
    return say(lang, "d_recall", text=prompt_quoted(asked[0] if first else asked[-1], 200))


def earlier(messages: list[dict[str, Any]] | None) -> list[tuple[str, str]]:
    """The turns before the current task, as (role, its own words): tool results and a client's
    reminders left out, consecutive messages of a role joined."""
    turns: list[tuple[str, str]] = []
    for m in messages or []:
        role = m.get("role")
        if role not in ("user", "assistant"):
            continue
        content = m.get("content")
        text = _said(content) if role == "user" else text_of(content)
        text = text.strip()
        if not text:
            continue
        if turns and turns[-1][0] == role:
            turns[-1] = (role, turns[-1][1] + "\n" + text)
        else:
            turns.append((role, text))
    if turns and turns[-1][0] == "user":
        turns.pop()  # the task itself
    return turns


def prompt_quoted(task: str, width: int = 40) -> str:
    """The task on one line, at most `width` characters, cut at a word boundary with an ellipsis."""
    text = " ".join(task.split())
    if len(text) <= width:
        return text
    cut = text[:width]
    if text[width] != " " and " " in cut and re.search(r"[A-Za-z0-9]$", cut):
        cut = cut[: cut.rfind(" ")]
    return cut.rstrip(" ,;:-+*/=") + "…"


# -- the rules in order ---------------------------------------------------------------------------
def about_tools(task: str) -> bool:
    """Rule 1's reading: the user asks which tools there are (to the assistant: "what tools do
    you have", "list your tools"), not which tools a thing of theirs holds ("What tools does the
    Foundry workshop have?", "我的工具箱里有什么工具")."""
    m = ABOUT_TOOLS.search(task)
    if m is None:
        return False
    own = re.search(r"\b(?:you|your|yours|available|here)\b|你|您|可用", task, re.I)
    other = re.search(
        r"\btools?\s+(?:does|do|did|is|are|in|on|at)\s+(?:the|my|our|his|her|their|a)\b"
        r"|\b(?:does|do)\s+(?:the|my|our)\s+\w+[^.?!]{0,30}\bhave\b|(?:我|我们|他|她)的[^。？]{0,8}工具",
        task,
        re.I,
    )
    return bool(own) or not other


def tools_answer(lang: str, names: list[str]) -> str:
    if not names:
        return say(lang, "d_no_tools")
    return say(lang, "d_tools", n=len(names), tools=spoken_list(lang, names))


def reply_without_tools(
    lang: str,
    task: str,
    names: list[str],
    name_concepts: list[frozenset[str]],
    messages: list[dict[str, Any]] | None = None,
) -> DirectAnswer | None:
    """The direct answer to `task` with these tools offered (their names and names' concepts) in
    the conversation `messages`, or None when a tool is needed or no rule applies."""
    if about_tools(task):
        return DirectAnswer(tools_answer(lang, names))
    turns = earlier(messages)
    said = (
        recall(lang, task, turns)
        or small_talk(lang, task)
        or say_this(lang, task)
        or feeling(lang, task)
    )
    if said is not None:
        return DirectAnswer(said, talk=True)
    if any(c & MATH_NAMES for c in name_concepts):
        return None
    return several(lang, task, turns) or worked(lang, task, turns)


PART_LEAD = re.compile(
    r"^\s*(?:(?:first|second|third|then|next|also|and|finally|lastly|plus)\b[\s,:]*|"
    r"\d+[.)]\s*|[-*•]\s*|(?:第[一二三四五]|首先|其次|然后|另外|还有|最后)[，,：:、]?)+",
    re.I,
)


def several(lang: str, task: str, turns: list[tuple[str, str]]) -> DirectAnswer | None:
    """Rule 13: each question of a message of several, answered or noted, in order."""
    parts = [p.strip() for p in re.split(r"(?<=[?？])\s*|\n+", task) if p.strip()]
    parts = [PART_LEAD.sub("", p).strip() for p in parts]
    parts = [p for p in parts if len(p) > 2]
    if len(parts) < 2 or not all(p.endswith(("?", "？")) for p in parts):
        return None
    answers = [worked(lang, p, turns) for p in parts]
    if not any(answers):
        return None
    lines = [
        a.text if a else say(lang, "d_part_unknown", question=p.rstrip("?？"))
        for p, a in zip(parts, answers, strict=True)
    ]
    return DirectAnswer("\n".join(lines), [v for a in answers if a for v in a.values])


def as_json(schema: dict[str, Any], said: DirectAnswer) -> Any:
    """A direct answer as JSON for a structured output: text fields get its text, a list of numbers
    its numbers, a number field its (one) number."""
    from .structured import fill

    value = fill(schema, {}, said.text)
    props = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(value, dict) or not isinstance(props, dict):
        return value
    for k, p in props.items():
        kind = p.get("type") if isinstance(p, dict) else None
        items = p.get("items") if isinstance(p, dict) else None
        item_kind = items.get("type") if isinstance(items, dict) else None
        if kind == "array" and item_kind in ("number", "integer") and said.values:
            value[k] = said.values
        elif kind in ("number", "integer") and len(said.values) == 1:
            value[k] = int(said.values[0]) if kind == "integer" else said.values[0]
    return value
