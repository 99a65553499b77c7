"""Bank loading and validation, on the small fixture banks in tests/data/quiz/."""

from pathlib import Path

import pytest

from quizzes import BankError, Item, load_bank, load_topics

DATA = Path(__file__).parent / "data" / "quiz"
GOOD = DATA / "good.toml"
BROKEN = DATA / "broken"


def test_good_fixture_loads_into_frozen_items():
    items = load_bank([GOOD])
    assert [i.id for i in items] == ["fx-01", "fx-02", "fx-03", "fx-04", "fx-05", "fx-06"]
    item = items[0]
    assert isinstance(item, Item)
    assert item.tags == ("trap-text-block", "lifecycle")
    assert (item.task, item.difficulty, item.section) == ("1.1", "medium", "常见陷阱")
    assert item.scenario.kind == "customer_support"
    assert item.stem.get("en") == "Question 01: what should the loop do next?"
    assert item.stem.get("zh") == "题目01：循环下一步应该做什么？"
    assert list(item.options) == ["A", "B", "C", "D"]
    assert item.answer == "A" and item.correct.why_wrong is None
    assert item.options["C"].why_wrong.get("en") == (
        "Q01 C is wrong: it treats a text block as the end."
    )
    with pytest.raises(AttributeError):
        item.answer = "B"
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        item.stem.get("fr")


@pytest.mark.parametrize(
    "name, item, problem",
    [
        ("missing_field.toml", "item 'bad-01'", "missing field 'difficulty'"),
        ("missing_english.toml", "item 'bad-01'", "missing or empty text: stem.en"),
        ("missing_option_english.toml", "item 'bad-01'", "missing or empty text: options.C.en"),
        ("three_options.toml", "item 'bad-01'", "needs exactly options A, B, C, D; found A, B, C"),
        ("answer_e.toml", "item 'bad-01'", "answer = 'E' is not one of: A, B, C, D"),
        (
            "why_wrong_on_answer.toml",
            "item 'bad-01'",
            "option B is the answer, so it must not have why_wrong",
        ),
        ("missing_why_wrong.toml", "item 'bad-01'", "option D is a distractor and needs why_wrong"),
        ("unknown_tag.toml", "item 'bad-01'", "unknown tag(s) 'no-such-topic'"),
        ("missing_id.toml", "item #2 (no id)", "missing field 'id'"),
    ],
)
def test_broken_fixture_names_file_item_and_problem(name, item, problem):
    path = BROKEN / name
    with pytest.raises(BankError) as caught:
        load_bank([path])
    message = str(caught.value)
    assert f"{path}: {item}: " in message
    assert problem in message
    assert len(caught.value.problems) == 1, message


def test_duplicate_id_across_two_files_names_both():
    dup = BROKEN / "duplicate_id.toml"
    with pytest.raises(BankError) as caught:
        load_bank([GOOD, dup])
    assert str(caught.value) == (
        f"{dup}: item 'fx-03': duplicate id, already used by item #3 of {GOOD}"
    )


def test_toml_syntax_error_names_file_and_line():
    path = BROKEN / "syntax_error.toml"
    with pytest.raises(BankError) as caught:
        load_bank([path])
    message = str(caught.value)
    assert message.startswith(f"{path}: TOML syntax error: ")
    assert "line 4" in message


def test_every_problem_is_reported_at_once():
    paths = sorted(BROKEN.glob("*.toml"))
    with pytest.raises(BankError) as caught:
        load_bank([GOOD, *paths])
    assert len(caught.value.problems) == len(paths)
    assert str(caught.value).startswith(f"{len(paths)} problems in the question bank:")


def _problems_of_edited_copy(tmp_path, *edits):
    """Load a copy of the good fixture with (old, new) text edits; return (path, problems)."""
    text = GOOD.read_text(encoding="utf-8")
    for old, new in edits:
        text = text.replace(old, new, 1)
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BankError) as caught:
        load_bank([path])
    return path, caught.value.problems


def test_unknown_field_and_bad_values_are_reported(tmp_path):
    path, problems = _problems_of_edited_copy(
        tmp_path,
        ('difficulty = "medium"', 'difficulty = "tricky"\nhint = "x"'),
        ('task = "1.1"', 'task = "2.3"'),
    )
    assert f"{path}: item 'fx-01': unknown field(s) hint" in problems
    assert (
        f"{path}: item 'fx-01': difficulty = 'tricky' is not one of: easy, medium, hard" in problems
    )
    assert f"{path}: item 'fx-01': task = '2.3' is not one of: 1.1, 1.4, 1.5" in problems


def test_file_without_items_and_non_utf8_file(tmp_path):
    empty = tmp_path / "empty.toml"
    empty.write_text("# nothing yet\n", encoding="utf-8")
    latin = tmp_path / "latin.toml"
    latin.write_bytes("x = 'caf\u00e9'\n".encode("latin-1"))
    with pytest.raises(BankError) as caught:
        load_bank([empty, latin])
    assert caught.value.problems == [
        f"{empty}: no [[item]] tables found",
        f"{latin}: not UTF-8 text (byte 8)",
    ]


def test_topics_vocabulary_loads():
    topics = load_topics()
    assert topics["trap-text-block"].get("en").startswith("Trap:")
    assert {t.group for t in topics.values()} == {"trap", "antipattern", "selftest", "practice"}


def test_a_utf8_bom_is_accepted(tmp_path):
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.read_bytes())
    assert [i.id for i in load_bank([path])] == [i.id for i in load_bank([GOOD])]


def test_primary_topic_and_form_are_checked(tmp_path):
    path, problems = _problems_of_edited_copy(
        tmp_path,
        ('topic = "trap-text-block"\nform = "scenario"\n', 'form = "essay"\n'),
        ('topic = "lifecycle"', 'topic = "no-such-topic"'),
        ('tags = ["statelessness"]', 'tags = ["statelessness", "ap-history-loss"]'),
    )
    assert f"{path}: item 'fx-01': form = 'essay' is not one of: scenario, recall" in problems
    assert (
        f"{path}: item 'fx-01': missing field 'topic' (the primary topic, an id from topics.toml)"
        in problems
    )
    assert f"{path}: item 'fx-02': topic = 'no-such-topic' is not in topics.toml" in problems
    assert (
        f"{path}: item 'fx-04': tags repeat the primary topic 'ap-history-loss' "
        "(list only further topics)" in problems
    )


def test_items_carry_their_primary_topic_first_in_tags():
    item = load_bank([GOOD])[0]
    assert (item.topic, item.form) == ("trap-text-block", "scenario")
    assert item.tags[0] == item.topic


def test_topic_weights_load_and_a_bad_weight_is_named(tmp_path):
    assert load_topics()["lifecycle"].weight > 0
    path = tmp_path / "topics.toml"
    path.write_text(
        '[x]\ngroup = "trap"\nweight = "heavy"\nzh = "甲"\nen = "x"\n', encoding="utf-8"
    )
    with pytest.raises(BankError, match=r"topics.toml: topic 'x': weight must be a whole number"):
        load_topics(path)


FRAMED = """
[frame.shop]
zh = "网店客服 Agent。"
en = "A web-shop support agent."
"""


def _framed(tmp_path, frame_line: str, concept_line: str = "", frames: str = FRAMED):
    text = GOOD.read_text(encoding="utf-8")
    first = text.index('id = "fx-01"\n') + len('id = "fx-01"\n')
    path = tmp_path / "framed.toml"
    path.write_text(frames + text[:first] + frame_line + concept_line + text[first:], "utf-8")
    return path


def test_an_item_joins_a_frame_defined_in_any_bank_file(tmp_path):
    frames = tmp_path / "frames.toml"
    frames.write_text(FRAMED, "utf-8")
    items = load_bank([frames, _framed(tmp_path, 'frame = "shop"\n', 'concept = "a/b-c"\n', "")])
    assert items[0].frame.id == "shop" and items[0].frame.get("en") == "A web-shop support agent."
    assert items[0].concept == "a/b-c" and items[1].frame is None and items[1].concept is None


@pytest.mark.parametrize(
    "frame_line, concept_line, problem",
    [
        ('frame = "nowhere"\n', "", "frame = 'nowhere' is not a [frame.<id>] table of the bank"),
        (
            "",
            'concept = "no family"\n',
            "concept = 'no family' must look like 'family/idea' (a-z, 0-9, '-')",
        ),
    ],
)
def test_unknown_frames_and_bad_concepts_are_named(tmp_path, frame_line, concept_line, problem):
    path = _framed(tmp_path, frame_line, concept_line)
    with pytest.raises(BankError) as caught:
        load_bank([path])
    assert caught.value.problems == [f"{path}: item 'fx-01': {problem}"]


def test_a_frame_without_english_is_named(tmp_path):
    path = _framed(tmp_path, 'frame = "shop"\n', "", '[frame.shop]\nzh = "网店。"\n')
    with pytest.raises(BankError) as caught:
        load_bank([path])
    assert f"{path}: frame 'shop': missing or empty text: en" in caught.value.problems
