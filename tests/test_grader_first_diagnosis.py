"""The first diagnosis a learner reads names the cause (issue 35, point 5).

Each bug class below is graded on the whole battery; the first failing scenario's first problem is
what the report puts first. It must be one of the grader's sentences for a defect this loop
really has (a loop with two defects may be told either), never only the consequence in the world
("order A-1001 was not refunded") nor the API's refusal repeated without its cause. The classes
are the ones of test_grader_bugs.py and test_grader_v4.py, and the ones an earlier review found
blamed on the wrong thing, written whole below as a reviewer writes them: a stuck-detector that
returns, tool_choice forced on every turn, tools dropped after the first request, results that
leave the output out, a max_tokens too small for an ordinary reply.
"""

import importlib
import json
import re
from pathlib import Path

import pytest
import test_grader_bugs as bugs
import test_grader_v4 as v4
from batteries import graded

from agentkit.grading.strings import T
from agentkit.tools import tool_result

LANGS = ("zh", pytest.param("en", marks=pytest.mark.slow))  # English: the full tier
DIAGNOSES = set(
    re.findall(
        r'diagnosed\(\s*"(\w+)"',
        Path(importlib.import_module("agentkit.grading.diagnose").__file__).read_text(),
    )
)
"""The keys of the grader's diagnoses (a problem `diagnose` says), not the world's sentences."""


class Stopped(Exception):
    pass


def results(resp, run_tool):
    return [tool_result(b, run_tool) for b in resp.content if b.type == "tool_use"]


def stuck_detector_returns(client, messages, *, tools, run_tool, model):
    """Stops when the model asks for the very same calls three turns running: by returning."""
    seen = []
    for _ in range(60):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason != "tool_use":
            if resp.stop_reason in ("end_turn", "stop_sequence", "pause_turn"):
                if resp.stop_reason == "pause_turn":
                    continue
                return messages
            raise Stopped(resp.stop_reason)
        calls = sorted(
            json.dumps([b.name, b.input], sort_keys=True)
            for b in resp.content
            if b.type == "tool_use"
        )
        seen.append(calls)
        if seen[-3:] == [calls] * 3:
            return messages  # "stuck: the same call again and again"
        messages.append({"role": "user", "content": results(resp, run_tool)})
    raise Stopped("cap")


def forced_every_turn(client, messages, *, tools, run_tool, model):
    """tool_choice any on every request, "so the model always uses the tools"."""
    for _ in range(30):
        resp = client.messages.create(
            model=model, max_tokens=1024, tools=tools, messages=messages,
            tool_choice={"type": "any"},
        )  # fmt: skip
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "end_turn":
            return messages
        if resp.stop_reason != "tool_use":
            raise Stopped(resp.stop_reason)
        messages.append({"role": "user", "content": results(resp, run_tool)})
    raise Stopped("cap")


def tools_on_the_first_request_only(client, messages, *, tools, run_tool, model):
    """Sends the tools once, "the model remembers them"."""
    extra = {"tools": tools}
    for _ in range(30):
        resp = client.messages.create(model=model, max_tokens=1024, messages=messages, **extra)
        extra = {}
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason != "tool_use":
            return messages
        messages.append({"role": "user", "content": results(resp, run_tool)})
    raise Stopped("cap")


def acknowledges_results(client, messages, *, tools, run_tool, model):
    """Runs each call but answers it with an acknowledgement, not the output."""
    for _ in range(30):
        resp = client.messages.create(model=model, max_tokens=1024, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason != "tool_use":
            return messages
        answers = []
        for b in resp.content:
            if b.type == "tool_use":
                run_tool(b.name, b.input)
                answers.append({"type": "tool_result", "tool_use_id": b.id, "content": "OK"})
        messages.append({"role": "user", "content": answers})
    raise Stopped("cap")


def small_max_tokens(client, messages, *, tools, run_tool, model):
    """max_tokens=64 "to keep replies short"; a cut reply raised, as a named stop should be."""
    for _ in range(30):
        resp = client.messages.create(model=model, max_tokens=64, tools=tools, messages=messages)
        messages.append({"role": "assistant", "content": resp.content})
        if resp.stop_reason == "tool_use":
            messages.append({"role": "user", "content": results(resp, run_tool)})
        elif resp.stop_reason in ("end_turn", "stop_sequence"):
            return messages
        else:
            raise Stopped(resp.stop_reason)
    raise Stopped("cap")


PAUSE = "returned_on_pause"  # the loops that return on any stop_reason but tool_use: a real defect
CLASSES = {  # loop: the diagnoses that name one of its defects
    **{name: () for name, *_ in bugs.BUGS},
    "whole_round_try": ("success_flagged",),
    "break_at_first_failure": ("results_missing",),
    "catches_overload": ("fault_returned",),
    "retries_400": ("resent_4xx",),
    "same_request_after_cut": (PAUSE, "resent_max_tokens"),
    "cache_each_turn": ("rejected_hint:cache_control",),
    "no_text_blocks": ("kept_only_tool_use",),
    "as_readable_text": ("not_resendable",),
    "module_history": ("leaked_state",),
    "dict_results": ("dict_content",),
    "string_flag": ("is_error_type",),
    "changed_arguments": ("input_changed",),
    "repr_args": ("input_not_dict",),
    "own_tools": ("tools_changed",),
    "silent_for_else": (PAUSE, "silent_cap"),
    "ask_again": ("end_turn_asked",),
    "partial_stream": (PAUSE, "fault_returned"),
    "runs_cut_calls": (PAUSE, "cut_tool_use_ran"),
    "continues_after_stop_sequence": ("stop_sequence_resent",),
    "continues_a_full_context": ("context_resent",),
    "answers_bad_ids_itself": ("made_up_result",),
    "default_branch_returns": ("returned_cut", "returned_on_new_stop"),
    "tools_unless_end_turn": ("pause_appended",),
    "returns_on_api_error": ("fault_returned",),
    "latest_message_only": ("earlier_turns_dropped",),
    "hard_coded": ("wrong_model",),
    "continue_after_cut": (PAUSE, "cut_tool_use_resent"),
    "stuck_detector_returns": ("stuck_returned",),
    "forced_every_turn": ("forced_every_turn",),
    "tools_on_the_first_request_only": ("tools_dropped",),
    "acknowledges_results": ("result_without_output",),
    "small_max_tokens": ("max_tokens_small",),
}
LOOPS = {
    **{name: fn for name, fn, *_ in bugs.BUGS},
    **{fn.__name__: fn for fn, *_ in v4.BUGS},
    **{
        fn.__name__: fn
        for fn in (
            stuck_detector_returns,
            forced_every_turn,
            tools_on_the_first_request_only,
            acknowledges_results,
            small_max_tokens,
        )
    },
}


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{[^}]*\}", template)
    return re.compile(".*?".join(re.escape(p) for p in parts), re.S)


def said_by(text: str, key: str, lang: str) -> bool:
    """`text` is the diagnosis `key` (in `lang`), its placeholders filled in; "key:hint" also
    asks for that hint in it."""
    key, _, hint = key.partition(":")
    template = T.table[key][("zh", "en").index(lang)]
    low = text[:1].lower() + text[1:]
    matched = any(_pattern(template).match(t) for t in (text, low))
    return matched and (not hint or T.table[f"hint.{hint}"][("zh", "en").index(lang)] in text)


def test_every_loop_has_its_classes_and_each_class_is_a_diagnosis():
    assert set(CLASSES) == set(LOOPS)
    for name, keys in CLASSES.items():
        assert keys, name
        for key in keys:
            assert key.partition(":")[0] in DIAGNOSES, (name, key)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", sorted(LOOPS))
def test_the_first_diagnosis_of_the_whole_battery_names_the_cause(name, lang):
    bugs.SHARED.clear()
    report = graded(LOOPS[name], None, lang=lang, name=name)
    failing = [r for r in report.results if not r.passed]
    assert failing, report
    first = failing[0].problems[0]
    named = [k for k in CLASSES[name] if said_by(first, k, lang)]
    assert named, (failing[0].key, first)


def test_a_world_consequence_or_the_apis_refusal_alone_is_no_cause():
    """The matcher itself: what the world shows, or the API's refusal repeated, is none of the
    classes' diagnoses (a test that could not fail would pass them)."""
    world = T.text("no_refund", "en", oid="A-1001", amount=120.0)
    refused = T.text("rejected", "en", n=2, message="Requests which include tool_use …")
    for lang_text in (world, refused):
        assert not [k for keys in CLASSES.values() for k in keys if said_by(lang_text, k, "en")], (
            lang_text
        )
