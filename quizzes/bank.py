"""The question bank: load the hand-written TOML files and validate every item.

The format and its rules are described in ``quizzes/SCHEMA.md``. ``load_bank()`` either returns
valid, immutable items or raises ``BankError`` listing every problem it found, each one naming the
file and the item (its id, or its position when the id is missing).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import TypeGuard

LANGS = ("zh", "en")
LETTERS = ("A", "B", "C", "D")
TASKS = ("1.1", "1.4", "1.5")
DIFFICULTIES = ("easy", "medium", "hard")
KINDS = (
    "customer_support",
    "code_generation",
    "multi_agent_research",
    "developer_productivity",
    "ci",
    "structured_extraction",
)
SECTIONS = (
    "这一条考什么",
    "Agent 循环的生命周期",
    "工具结果如何进入对话历史",
    "模型驱动 vs. 预设决策树",
    '为什么不能用"文本内容"或"自然语言"判断结束',
    "正确做法与反模式",
    "常见陷阱",
    "实操练习",
    "自测清单",
)
FORMS = ("scenario", "recall")
ID_PATTERN = re.compile(r"[a-z0-9-]+")
BOM = "\ufeff"
ITEM_KEYS = {
    "id",
    "task",
    "topic",
    "form",
    "tags",
    "difficulty",
    "section",
    "answer",
    "scenario",
    "stem",
    "explanation",
    "options",
    "frame",
    "concept",
}
CONCEPT_PATTERN = re.compile(r"[a-z0-9-]+/[a-z0-9-]+")
FRAME_KEYS = {"zh", "en"}


class BankError(ValueError):
    """The bank (or topics file) is invalid. ``problems`` holds one line per problem."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        if len(self.problems) == 1:
            message = self.problems[0]
        else:
            message = f"{len(self.problems)} problems in the question bank:\n" + "\n".join(
                f"  - {p}" for p in self.problems
            )
        super().__init__(message)


class _Bilingual:
    def get(self, lang: str) -> str:
        """The text in ``lang`` ('zh' or 'en')."""
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}: expected one of {', '.join(LANGS)}")
        return getattr(self, lang)


@dataclass(frozen=True)
class Text(_Bilingual):
    zh: str
    en: str


@dataclass(frozen=True)
class Scenario(_Bilingual):
    kind: str
    zh: str
    en: str


@dataclass(frozen=True)
class Topic(_Bilingual):
    id: str
    group: str
    zh: str
    en: str
    weight: int = 1  # share of an exam in percent (quizzes/BLUEPRINT.md)


@dataclass(frozen=True)
class Frame(_Bilingual):
    """A scenario frame several items share (the exam's item sets): its setting, in both languages."""

    id: str
    zh: str
    en: str


@dataclass(frozen=True)
class Option:
    text: Text
    why_wrong: Text | None  # None on the correct option


def why_wrong_note(why_wrong: Text | None, letter: str) -> Text:
    """The note on a wrong option; the bank requires one on every option that is not the answer."""
    if why_wrong is None:
        raise ValueError(f"option {letter} was answered wrong but has no why_wrong note")
    return why_wrong


@dataclass(frozen=True)
class Item:
    id: str
    task: str
    topic: str  # the primary topic: what the item is counted under and exam mode samples by
    form: str  # "scenario" (a situation to reason about) or "recall" (a fact to remember)
    tags: tuple[str, ...]  # every topic the item tests, the primary one first
    difficulty: str
    section: str
    scenario: Scenario
    stem: Text
    explanation: Text
    options: Mapping[str, Option] = field(hash=False)  # "A".."D", in that order
    answer: str
    frame: Frame | None = None  # the shared setting, when the item belongs to an item set
    concept: str | None = None  # "family/idea": the one idea the item tests (SCHEMA.md)

    @property
    def correct(self) -> Option:
        return self.options[self.answer]


# -- topics ----------------------------------------------------------------------------------------


def _package_file(name: str):
    return resources.files(__package__).joinpath(name)


def _read_toml(source, problems: list[str]) -> dict | None:
    """Parse one TOML file; on failure add a problem naming the file (and line) and return None."""
    try:
        text = source.read_bytes().decode("utf-8")
        return tomllib.loads(text.removeprefix(BOM))  # a BOM left by a Windows editor is fine
    except tomllib.TOMLDecodeError as exc:  # its message ends with "(at line N, column M)"
        problems.append(f"{source}: TOML syntax error: {exc}")
    except RecursionError:  # tomllib reads nested arrays and tables recursively
        problems.append(f"{source}: {_too_deep(text)}")
    except UnicodeDecodeError as exc:
        problems.append(f"{source}: not UTF-8 text (byte {exc.start})")
    except OSError as exc:
        problems.append(f"{source}: cannot read the file: {exc.strerror or exc}")
    return None


def _too_deep(text: str, limit: int = 100) -> str:
    """Where a file nests arrays or inline tables too deeply for the parser: its item and line."""
    depth, line, items, item_id = 0, 1, 0, None
    for row in text.splitlines():
        stripped = row.strip()
        if stripped.startswith("[[item]]"):
            items, item_id = items + 1, None
        elif stripped.startswith("id") and "=" in stripped and depth == 0:
            item_id = stripped.split("=", 1)[1].strip().strip('"')
        for c in row:
            depth += (c in "[{") - (c in "]}")
            if depth > limit:
                label = f"item {item_id!r}" if item_id else f"item #{items}"
                return (
                    f"{label}, line {line}: values nested more than {limit} levels deep "
                    "(arrays or tables inside each other); a bank item needs at most a few"
                )
        line += 1
    return "values nested too deeply to read (arrays or tables inside each other)"


def load_topics(path=None) -> dict[str, Topic]:
    """The tag vocabulary (``quizzes/topics.toml`` by default), in file order."""
    source = Path(path) if path is not None else _package_file("topics.toml")
    problems: list[str] = []
    data = _read_toml(source, problems)
    topics: dict[str, Topic] = {}
    for tid, entry in (data or {}).items():
        topic = _topic_entry(source, tid, entry, problems)
        if topic is not None:
            topics[tid] = topic
    if problems:
        raise BankError(problems)
    return topics


def _topic_entry(source, tid: str, entry, problems: list[str]) -> Topic | None:
    missing = [
        k
        for k in ("group", "zh", "en")
        if not isinstance(entry, dict) or not _nonempty(entry.get(k))
    ]
    if missing:
        problems.append(f"{source}: topic {tid!r}: missing or empty: {', '.join(missing)}")
        return None
    weight = entry.get("weight", 1)
    if not isinstance(weight, int) or isinstance(weight, bool) or weight < 0:
        problems.append(f"{source}: topic {tid!r}: weight must be a whole number ≥ 0")
        return None
    return Topic(tid, entry["group"], entry["zh"].strip(), entry["en"].strip(), weight)


# -- the bank --------------------------------------------------------------------------------------


def default_bank_files() -> list:
    """Every ``quizzes/bank/*.toml``, sorted by name."""
    folder = _package_file("bank")
    if not folder.is_dir():
        return []
    return sorted((f for f in folder.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)


def load_bank(
    paths: Iterable | None = None, *, topics: Mapping[str, Topic] | None = None
) -> list[Item]:
    """Load and validate the bank: every item of every file, in file order.

    ``paths`` defaults to every ``quizzes/bank/*.toml``. Raises ``BankError`` naming the file and
    the item of each problem found (all of them, not just the first).
    """
    files = default_bank_files() if paths is None else [Path(p) for p in paths]
    topics = load_topics() if topics is None else topics
    problems: list[str] = []
    if not files:
        problems.append("no question bank files (quizzes/bank/*.toml) were found")
    items: list[Item] = []
    first_seen: dict[str, str] = {}
    # Frames may be defined in any file, so every file is read before any item is checked; each
    # file's problems are still reported together, in file order.
    parsed = []
    frames: dict[str, Frame] = {}
    for source in files:
        early: list[str] = []
        data = _read_toml(source, early)
        if data is not None:
            frames.update(_frames(source, data.get("frame", {}), early))
        parsed.append((source, data, early))
    for source, data, early in parsed:
        problems.extend(early)
        if data is None:
            continue
        for index, raw, where in _raw_items(source, data, problems):
            errors: list[str] = []
            item = _parse_item(raw, topics, errors, frames)
            problems.extend(f"{where}: {e}" for e in errors)
            if item is None:
                continue
            if item.id in first_seen:
                problems.append(f"{where}: duplicate id, already used by {first_seen[item.id]}")
                continue
            first_seen[item.id] = f"item #{index} of {source}"
            items.append(item)
    if problems:
        raise BankError(problems)
    return items


def _raw_items(source, data: dict, problems: list[str]):
    """Yield (1-based index, raw table, "file: item 'id'") for each [[item]] of a parsed file."""
    extra = sorted(set(data) - {"item", "frame"})
    if extra:
        problems.append(
            f"{source}: unknown top-level key(s) {', '.join(extra)}: "
            "a bank file holds only [[item]] and [frame.<id>] tables"
        )
    raw_items = data.get("item")
    if "frame" in data and raw_items is None:
        return
    if not isinstance(raw_items, list) or not raw_items:
        problems.append(f"{source}: no [[item]] tables found")
        return
    for index, raw in enumerate(raw_items, start=1):
        rid = raw.get("id") if isinstance(raw, dict) else None
        label = f"item {rid!r}" if _nonempty(rid) else f"item #{index} (no id)"
        yield index, raw, f"{source}: {label}"


def _kind(value) -> str:
    """A TOML value's type in TOML's words."""
    kinds = {bool: "boolean", int: "integer", float: "float", str: "string", list: "array"}
    return kinds.get(type(value), "table" if isinstance(value, dict) else type(value).__name__)


def _frames(source, raw, problems: list[str]) -> dict[str, Frame]:
    """The [frame.<id>] tables of one file: each a shared setting with zh and en text."""
    if not isinstance(raw, dict):
        problems.append(f"{source}: 'frame' must be a table of [frame.<id>] tables")
        return {}
    frames = {}
    for fid, entry in raw.items():
        where = f"{source}: frame {fid!r}"
        if not ID_PATTERN.fullmatch(fid):
            problems.append(f"{where}: a frame id must use only a-z, 0-9 and '-'")
            continue
        if not isinstance(entry, dict):
            problems.append(f"{where}: is not a table")
            continue
        extra = sorted(set(entry) - FRAME_KEYS)
        missing = [lang for lang in LANGS if not _nonempty(entry.get(lang))]
        if extra:
            problems.append(f"{where}: unknown key(s) {', '.join(extra)}")
        if missing:
            problems.append(f"{where}: missing or empty text: {', '.join(missing)}")
        if not extra and not missing:
            frames[fid] = Frame(fid, entry["zh"].strip(), entry["en"].strip())
    return frames


def _nonempty(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and value.strip() != ""


def _text(raw: Mapping, key: str, errors: list[str], *, where: str = "") -> Text | None:
    """Read a {zh, en} table at raw[key]; report a missing table or a missing/empty language."""
    label = f"{where}{key}"
    value = raw.get(key)
    if value is not None and not isinstance(value, dict):
        errors.append(
            f"{label} has the wrong type: {_kind(value)}, expected a table with {label}.zh and "
            f"{label}.en"
        )
        return None
    if not isinstance(value, dict):
        errors.append(f"missing field {label!r} (needs {label}.zh and {label}.en)")
        return None
    wrong = [lang for lang in LANGS if lang in value and not isinstance(value[lang], str)]
    for lang in wrong:
        errors.append(f"{label}.{lang} has the wrong type: {_kind(value[lang])}, expected a string")
    missing = [
        f"{label}.{lang}" for lang in LANGS if lang not in wrong and not _nonempty(value.get(lang))
    ]
    if missing:
        errors.append(f"missing or empty text: {', '.join(missing)}")
    extra = sorted(set(value) - set(LANGS) - ({"kind"} if key == "scenario" else set()))
    if extra:
        errors.append(f"unknown key(s) in {label!r}: {', '.join(extra)}")
    if missing or wrong:
        return None
    return Text(value["zh"].strip(), value["en"].strip())


def _choice(
    raw: object,
    key: str,
    allowed,
    errors: list[str],
    *,
    field: str | None = None,
    source: str | None = None,
    hint: str = "",
) -> str | None:
    """raw[key] if it is one of ``allowed``; else report it as ``field`` (default: key).

    ``source`` names where the allowed values come from ("topics.toml") instead of listing them.
    """
    field = field or key
    value = raw.get(key) if isinstance(raw, Mapping) else None
    if value is not None and not isinstance(value, str):
        errors.append(f"{field} = {value!r} has the wrong type: {_kind(value)}, expected a string")
        return None
    if not _nonempty(value):
        errors.append(f"missing field {field!r}{hint}")
        return None
    if value not in allowed:
        where = f"is not in {source}" if source else f"is not one of: {', '.join(allowed)}"
        errors.append(f"{field} = {value!r} {where}")
        return None
    return value


def _parse_item(
    raw, topics: Mapping[str, Topic], errors: list[str], frames: Mapping[str, Frame] | None = None
) -> Item | None:
    """Validate one raw [[item]] table; append every problem to ``errors``."""
    if not isinstance(raw, dict):
        errors.append("is not a table")
        return None
    extra = sorted(set(raw) - ITEM_KEYS)
    if extra:
        errors.append(f"unknown field(s) {', '.join(extra)}")

    item_id = raw.get("id")
    if not _nonempty(item_id):
        errors.append("missing field 'id'")
    elif not ID_PATTERN.fullmatch(item_id):
        errors.append(f"id {item_id!r} must use only a-z, 0-9 and '-'")
    task = _choice(raw, "task", TASKS, errors)
    form = _choice(raw, "form", FORMS, errors)
    difficulty = _choice(raw, "difficulty", DIFFICULTIES, errors)
    section = _choice(raw, "section", SECTIONS, errors)
    answer = _choice(raw, "answer", LETTERS, errors)
    topic = _choice(
        raw,
        "topic",
        topics,
        errors,
        source="topics.toml",
        hint=" (the primary topic, an id from topics.toml)",
    )
    tags = _tags(raw.get("tags", []), topic, topics, errors)

    scenario_text = _text(raw, "scenario", errors)
    kind = _choice(raw.get("scenario"), "kind", KINDS, errors, field="scenario.kind")
    stem = _text(raw, "stem", errors)
    explanation = _text(raw, "explanation", errors)
    options = _options(raw.get("options"), answer, errors)
    frame = None
    if "frame" in raw:
        frame = (frames or {}).get(raw["frame"]) if isinstance(raw["frame"], str) else None
        if frame is None:
            errors.append(f"frame = {raw['frame']!r} is not a [frame.<id>] table of the bank")

    concept = raw.get("concept")
    if concept is not None and not (
        isinstance(concept, str) and CONCEPT_PATTERN.fullmatch(concept)
    ):
        errors.append(f"concept = {concept!r} must look like 'family/idea' (a-z, 0-9, '-')")

    if errors:
        return None
    if (  # each reader above that gives None also reports an error, so none is None here
        not isinstance(item_id, str)
        or task is None
        or topic is None
        or form is None
        or difficulty is None
        or section is None
        or answer is None
        or kind is None
        or scenario_text is None
        or stem is None
        or explanation is None
    ):
        raise AssertionError(f"item {item_id!r}: a field is missing but no error was reported")
    return Item(
        id=item_id,
        task=task,
        topic=topic,
        form=form,
        tags=tags,
        difficulty=difficulty,
        section=section,
        scenario=Scenario(kind, scenario_text.zh, scenario_text.en),
        stem=stem,
        explanation=explanation,
        options=options,
        answer=answer,
        frame=frame,
        concept=concept,
    )


def _tags(value, topic: str | None, topics: Mapping[str, Topic], errors: list[str]):
    """The primary topic followed by the optional further tags (which must not repeat it)."""
    if not isinstance(value, list):
        errors.append("'tags' must be a list of topic ids (it may be empty)")
        return ()
    bad = [t for t in value if not isinstance(t, str)]
    unknown = [t for t in value if isinstance(t, str) and t not in topics]
    if bad:
        errors.append(f"tags must be strings, got {bad!r}")
    if unknown:
        errors.append(f"unknown tag(s) {', '.join(map(repr, unknown))} (not in topics.toml)")
    if not bad and len(set(value)) != len(value):
        errors.append("a tag is listed twice")
    if topic in value:
        errors.append(f"tags repeat the primary topic {topic!r} (list only further topics)")
    return tuple(t for t in (topic, *value) if isinstance(t, str))


def _options(value, answer: str | None, errors: list[str]) -> dict[str, Option]:
    if not isinstance(value, dict):
        errors.append("missing [item.options.A] … [item.options.D]")
        return {}
    letters = sorted(value)
    if letters != list(LETTERS):
        errors.append(f"needs exactly options A, B, C, D; found {', '.join(letters) or 'none'}")
    options: dict[str, Option] = {}
    for letter in LETTERS:
        raw = value.get(letter)
        if isinstance(raw, dict):
            option = _option(letter, raw, answer, errors)
            if option is not None:
                options[letter] = option
    return options


def _option(letter: str, raw: Mapping, answer: str | None, errors: list[str]) -> Option | None:
    """One option table: its text in both languages and, on a distractor, why it is wrong."""
    where = f"options.{letter}"
    extra = sorted(set(raw) - {*LANGS, "why_wrong"})
    if extra:
        errors.append(f"unknown key(s) in {where!r}: {', '.join(extra)}")
    missing = [f"{where}.{lang}" for lang in LANGS if not _nonempty(raw.get(lang))]
    if missing:
        errors.append(f"missing or empty text: {', '.join(missing)}")
    why_wrong = _why_wrong(letter, raw, answer, errors)
    if missing:
        return None
    return Option(Text(raw["zh"].strip(), raw["en"].strip()), why_wrong)


def _why_wrong(letter: str, raw: Mapping, answer: str | None, errors: list[str]) -> Text | None:
    """The note every distractor carries and the answer must not."""
    if letter == answer:
        if "why_wrong" in raw:
            errors.append(f"option {letter} is the answer, so it must not have why_wrong")
        return None
    if answer is None:
        return None
    if "why_wrong" not in raw:
        errors.append(f"option {letter} is a distractor and needs why_wrong.zh and why_wrong.en")
        return None
    return _text(raw, "why_wrong", errors, where=f"options.{letter}.")


def coverage(items: Iterable[Item], topics: Mapping[str, Topic]) -> list[tuple[Topic, int]]:
    """How many items test each topic, in topics.toml order (topics with no item included)."""
    counts = {tid: 0 for tid in topics}
    for item in items:
        for tag in item.tags:
            counts[tag] = counts.get(tag, 0) + 1
    return [(topics[tid], counts[tid]) for tid in topics]
