"""Forced extraction that judges, names and describes (sim/assess.py, sim/mentions.py,
sim/traits.py, sim/structured.py `material`, `_told`): the shapes of the cookbook's extraction
notebooks, in other domains. Each case failed before round 16: scores copied from any number of
the text (a price as "clarity"), entities missing or typeless, an open object left empty, the
XML tags of a handed document read as values, "By <name>" as the author, the instruction as the
summary."""

from __future__ import annotations

from typing import Any

from tests.loops import forced, tool


def _scored(**props: Any) -> dict[str, Any]:
    return tool("record_review", "Record the assessment of the text.", props)


def test_a_judged_score_is_no_number_of_the_text() -> None:
    t = _scored(
        clarity={"type": "integer", "description": "How clear the memo is, 0-100 (inclusive)"},
        confidence={"type": "number", "description": "Confidence, from 0.0 to 1.0"},
    )
    got = forced(
        "<memo>The roof repair will cost $48,000 and take 6 weeks; we start on 3 March.</memo>",
        t,
    )
    assert 0 <= got["clarity"] <= 100 and got["clarity"] not in (48000, 6, 3)
    assert 0.0 <= got["confidence"] <= 1.0 and got["confidence"] not in (6, 3)


def test_urgency_follows_the_words_of_haste_in_both_languages() -> None:
    t = _scored(
        urgency={"type": "integer", "minimum": 1, "maximum": 5, "description": "1 low, 5 critical"}
    )
    calm = forced("Ticket: 'The footer logo is a bit blurry, no rush at all.'", t)
    hasty = forced("Ticket: 'Please fix the export button, the auditors need it ASAP.'", t)
    down = forced("工单：'整个门店收银系统宕机了，所有顾客都没法付款，紧急！'", t)
    assert calm["urgency"] == 1
    assert down["urgency"] == 5
    assert calm["urgency"] < hasty["urgency"] < 5


def test_a_rating_said_with_its_word_is_taken() -> None:
    t = _scored(
        rating={"type": "integer", "description": "The reviewer's rating, 1-5"},
        price_paid={"type": "number", "description": "Price paid in euros"},
    )
    got = forced(
        "<review>Paid 89 euros for the kettle. I'd give it 4 stars, it boils fast.</review>", t
    )
    assert got["rating"] == 4 and got["price_paid"] == 89


def test_entities_each_with_the_schemas_own_kind_word_and_sentence() -> None:
    item = {
        "type": "object",
        "properties": {
            "text": {"type": "string"},
            "label": {"type": "string", "enum": ["PER", "ORG", "LOC"]},
            "sentence": {"type": "string"},
        },
        "required": ["text", "label", "sentence"],
    }
    t = tool(
        "save_entities", "Save named entities.", {"entities": {"type": "array", "items": item}}
    )
    got = forced(
        "<news>Priya Raman joined Heliotrope Labs in Oslo last spring. "
        "The board of Norsk Hydro ASA met her in Bergen.</news>",
        t,
    )
    by = {e["text"]: e["label"] for e in got["entities"]}
    assert by.get("Priya Raman") == "PER"
    assert by.get("Heliotrope Labs") == "ORG"
    assert by.get("Oslo") == "LOC" and by.get("Bergen") == "LOC"
    assert all(e["sentence"] and e["text"] in e["sentence"] for e in got["entities"])
    assert not any(e["text"] in ("The", "<news>", "news") for e in got["entities"])


def test_an_open_object_gets_each_trait_the_text_says() -> None:
    t = {
        "name": "print_features",
        "description": "Prints every feature that is given.",
        "input_schema": {"type": "object", "additionalProperties": True},
    }
    got = forced(
        "Extract every feature of the boat and print them with print_features.\n"
        "<boat>The dinghy is small, with a red sail and a wooden tiller. "
        "It has a folding mast.</boat>",
        t,
    )
    assert got.get("sail") == "red sail" and got.get("tiller") == "wooden tiller"
    assert got.get("mast") == "folding mast"
    labelled = forced(
        "Print the features with print_features.\n<specs>\nWeight: 38 kg\nLength: 3.2 m\n</specs>",
        t,
    )
    assert labelled == {"weight": "38 kg", "length": "3.2 m"}


def test_tagged_material_author_topics_and_a_one_sentence_summary() -> None:
    t = tool(
        "print_digest",
        "Prints a digest of the post.",
        {
            "author": {"type": "string", "description": "Name of the post's author"},
            "topics": {"type": "array", "items": {"type": "string"}},
            "summary": {"type": "string", "description": "A one-sentence summary"},
        },
    )
    got = forced(
        "<post>By Tomasz Wierzbicki. Our allotment society voted to ban peat compost. "
        "Members worry about slug damage, and the rainwater barrels need new lids.</post>\n\n"
        "Use the print_digest tool.",
        t,
    )
    assert got["author"] == "Tomasz Wierzbicki"
    assert "allotment society" in got["topics"] and any("peat compost" in x for x in got["topics"])
    assert not any("<" in x or ">" in x or "tomasz" in x for x in got["topics"])
    assert got["summary"].startswith("By Tomasz") or got["summary"].startswith("Our allotment")
    assert "Use the print_digest" not in got["summary"] and got["summary"].count(".") == 1


def test_a_judged_number_said_after_its_own_word_is_taken_in_an_act() -> None:
    from tests.loops import converse

    rate = tool(
        "rate_album",
        "Rate an album.",
        {"album": {"type": "string"}, "rating": {"type": "integer", "minimum": 1, "maximum": 5}},
    )
    urgent = tool(
        "set_urgency",
        "Set a work order's urgency.",
        {
            "order_no": {"type": "string"},
            "urgency": {"type": "integer", "minimum": 1, "maximum": 5},
        },
    )
    rated, _ = converse("Give Blue Train a rating of 5.", [rate], {"rate_album": lambda **k: "ok"})
    set_to, _ = converse(
        "Set the urgency of work order W-7 to 2.", [urgent], {"set_urgency": lambda **k: "ok"}
    )
    assert rated[0][1]["rating"] == 5 and set_to[0][1]["urgency"] == 2


def test_an_acts_score_with_nothing_to_judge_by_is_asked_not_made_up() -> None:
    from tests.loops import converse

    t = tool(
        "open_case",
        "Open a maintenance case.",
        {
            "summary": {"type": "string"},
            "priority": {"type": "integer", "minimum": 1, "maximum": 5},
        },
    )
    calls, finals = converse(
        "Open a case: 'The lift on level 2 squeaks.'", [t], {"open_case": dict}
    )
    assert calls == [] and "priority" in finals[0]
