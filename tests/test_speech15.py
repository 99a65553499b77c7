"""How a result is said in the answer (`sim/speech.py`): no tool's name, its keys as labels in
the user's language (a unit moved to the value), values as a person reads them, a line each;
a look-up's values it was given or that fed a later call are not said again; an act opens with
what was done. Programs through the real SDK client, in this file's own domains."""

import subprocess

from loops import MODEL, converse, strings, tool

import agentkit
from agentkit.sim import speech

REPAIR = tool(
    "get_repair_job",
    "Look up a bicycle repair job by its job number.",
    strings(job_no="Job number like BR-0000"),
)
SEEDS = tool("get_seed_lot", "查询种子批次的信息", strings(lot_id="批次号，例如 SL-000"))
ENROL = tool(
    "enrol_singer",
    "Enrol a singer in a choir section.",
    strings(singer="Singer's full name", section="soprano, alto, tenor or bass"),
)
FIND = tool("find_member", "Find a choir member's id by name.", strings(name=None))
DUES = tool("get_member_dues", "Dues of a member.", strings(member_id=None))


def _job(job_no):
    return {
        "job_no": job_no,
        "status": "awaiting_parts",
        "mechanic": "Ines",
        "estimated_cost_eur": 84.5,
        "ready_by": "2026-12-11",
        "parts_ordered": True,
    }


def test_a_result_is_said_without_the_tool_name_as_labels_and_plain_values():
    _, (answer,) = converse(
        "Can you pull up repair job BR-2291?", [REPAIR], {"get_repair_job": _job}
    )
    assert "get_repair_job" not in answer and "returned" not in answer
    assert "Repair job for BR-2291:" in answer
    assert "- Status: awaiting_parts" not in answer and "- Status: awaiting parts" in answer
    assert "- Estimated cost: 84.5 EUR" in answer and "- Parts ordered: yes" in answer
    assert answer.count("BR-2291") == 1  # (the job asked about names the heading only)


def test_the_field_asked_leads_with_its_label_and_the_rest_labelled_too():
    _, (answer,) = converse("Where is my repair job BR-2291?", [REPAIR], {"get_repair_job": _job})
    assert answer.startswith("For BR-2291, status is awaiting parts (")
    assert "estimated cost: 84.5 EUR" in answer and "_" not in answer


def test_a_chinese_answer_says_labels_in_chinese_and_states_in_chinese():
    def lot(lot_id):
        return {"lot_id": lot_id, "status": "in_stock", "germination_rate_pct": 92, "weight_kg": 3}

    _, (answer,) = converse("帮我查一下种子批次 SL-417", [SEEDS], {"get_seed_lot": lot})
    assert "get_seed_lot" not in answer and "的结果" not in answer
    assert "- 状态：有货" in answer and "- 重量：3kg" not in answer and "- 重量：3 kg" in answer
    assert "status" not in answer and "weight" not in answer


def test_an_act_opens_with_what_was_done_and_keeps_its_whole_confirmation():
    def enrol(singer, section):
        return {
            "enrolment": "CH-88",
            "singer": singer,
            "section": section,
            "first_rehearsal": "2027-01-06",
        }

    calls, (answer,) = converse(
        "Please enrol Dana Okafor in the alto section.", [ENROL], {"enrol_singer": enrol}
    )
    assert calls == [("enrol_singer", {"singer": "Dana Okafor", "section": "alto"})]
    assert answer.startswith("Enrolled the singer:")
    assert "- Enrolment: CH-88" in answer and "- Singer: Dana Okafor" in answer


def test_a_value_that_only_fed_the_next_call_is_not_said_again():
    def find(name):
        return {"member_id": "M-5070", "name": name}

    def dues(member_id):
        return {"member_id": member_id, "owed_eur": 40, "due_date": "2027-01-31"}

    calls, (answer,) = converse(
        "Show me the dues of Tomas Berg.",
        [FIND, DUES],
        {"find_member": find, "get_member_dues": dues},
    )
    assert [n for n, _ in calls] == ["find_member", "get_member_dues"]
    assert "40" in answer and "Tomas Berg" in answer  # (the heading: whose they are, as the user
    assert "M-5070" not in answer  # said it, not the id the look-up fed the next call)
    assert "Member:" not in answer  # (the look-up gave only the id and the name asked)


def test_labels_units_and_values_by_rule():
    assert speech.label("annualRemaining_days", "en") == "Annual remaining"
    assert speech.unit("annualRemaining_days", "zh") == "天"
    assert speech.label("due_date", "zh") == "到期日"
    assert speech.label("tracking_url", "en") == "Tracking URL"
    assert speech.label("frobnicate_level", "zh") == "Frobnicate level"  # (a word not known)
    assert speech.value("PENDING_REVIEW", "en") == "pending review"
    assert speech.value(["a", "b"], "zh") == "a、b" and speech.value(None, "en") == "none"


def test_before_a_call_what_it_is_for_is_said_not_the_tool_name():
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        tools=[SEEDS],
        messages=[{"role": "user", "content": "帮我查一下种子批次 SL-417"}],
    )
    said = "".join(b.text for b in r.content if b.type == "text")
    assert r.stop_reason == "tool_use" and said == "我先查询种子批次的信息。"


def test_a_value_still_needed_is_asked_by_its_label_in_the_users_language():
    _, (zh,) = converse("帮我查一下种子批次", [SEEDS], {"get_seed_lot": lambda lot_id: {}})
    # (the description's lead)
    assert zh == "要查询种子批次的信息，我还需要知道：批次号。请告诉我？"
    _, (en,) = converse("Look up my repair job, please.", [REPAIR], {"get_repair_job": _job})
    assert en.startswith("To look up the repair job I still need the job number.")


def test_files_of_a_kind_and_their_lines_over_the_tree_said_a_file_a_line(tmp_path):
    (tmp_path / "docs" / "old").mkdir(parents=True)
    (tmp_path / "docs" / "intro.md").write_text("# a\nb\n")
    (tmp_path / "docs" / "old" / "notes.md").write_text("x\ny\nz\n")
    shell = tool("run_command", "Run a shell command in the project.", strings(command=None))

    def run(command):
        done = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, text=True)
        return (done.stdout + done.stderr).strip()

    client = agentkit.make_client(offline=True)
    said = "Show me the markdown files here and count their lines."
    r = client.messages.create(
        model=MODEL, max_tokens=512, tools=[shell], messages=[{"role": "user", "content": said}]
    )
    assert "".join(b.text for b in r.content if b.type == "text") == "Let me run a command."
    calls, (answer,) = converse(said, [shell], {"run_command": run})
    assert calls == [
        ("run_command", {"command": "find . -name '*.md' -not -path '*/.*' -exec wc -l {} +"})
    ]
    assert "- docs/old/notes.md: 3 lines" in answer and "Total: 5 lines" in answer


def test_a_number_given_is_left_out_only_under_its_own_key():
    said = speech.result_said(
        {"hut": "Kestrel", "free_bunks": 2, "adults": 2},
        "en",
        "check_hut",
        given={"hut": "Kestrel", "adults": 2},
    )
    assert said == "Hut for Kestrel:\n- Free bunks: 2"


def test_an_empty_key_or_list_is_said_without_failing():
    said = speech.result_said({"": "x", "days": []}, "zh", "get_output")
    assert "- 天数：无" in said and "- ：x" in said
