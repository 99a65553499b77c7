"""The memory tool (memory_20250818) through the SDK's own file-system backend: the stand-in views
its memory first, keeps what the user asks it to keep, and recalls it in a later conversation."""

import pytest
from anthropic.tools import BetaLocalFilesystemMemoryTool

import agentkit

MODEL = agentkit.default_model()


def converse(memory, prompt):
    client = agentkit.make_client(offline=True)
    runner = client.beta.messages.tool_runner(
        model=MODEL, max_tokens=1024, tools=[memory], messages=[{"role": "user", "content": prompt}]
    )
    replies = list(runner)
    calls = [b.input for r in replies for b in r.content if b.type == "tool_use"]
    answer = "".join(b.text for b in replies[-1].content if b.type == "text")
    assert replies[-1].stop_reason == "end_turn"
    return calls, answer


def test_what_the_user_asks_to_keep_is_kept_and_recalled_later(tmp_path):
    memory = BetaLocalFilesystemMemoryTool(base_path=str(tmp_path))
    calls, answer = converse(memory, "Please keep in mind that my build tool is Bazel.")
    assert calls[0] == {"command": "view", "path": "/memories"}
    assert calls[-1]["command"] == "create" and "Bazel" in calls[-1]["file_text"]
    assert "Bazel" in answer
    calls, answer = converse(memory, "记住：周五下午不安排会议")
    assert calls[-1]["command"] == "insert" and "周五下午不安排会议" in calls[-1]["insert_text"]
    calls, answer = converse(memory, "What do you remember about my setup?")
    assert [c["command"] for c in calls] == ["view", "view"]
    assert "Bazel" in answer and "周五下午不安排会议" in answer
    assert (tmp_path / "memories" / "notes.md").read_text().count("\n") == 2


@pytest.mark.parametrize("prompt", ["What do you know about me?", "你还记得我说过什么吗？"])
def test_an_empty_memory_is_said_to_be_empty(tmp_path, prompt):
    calls, answer = converse(BetaLocalFilesystemMemoryTool(base_path=str(tmp_path)), prompt)
    assert calls == [{"command": "view", "path": "/memories"}]
    assert "empty" in answer or "没有任何内容" in answer


@pytest.mark.parametrize(
    "prompt, kept",
    [
        ("My bike is a 54 cm frame. Please keep that in mind when you suggest parts.",
         "My bike is a 54 cm frame"),
        ("我的车架是 54 厘米的，记住这一点。", "我的车架是 54 厘米的"),
    ],
)  # fmt: skip
def test_keep_that_in_mind_keeps_the_sentence_it_points_at(tmp_path, prompt, kept):
    calls, answer = converse(BetaLocalFilesystemMemoryTool(base_path=str(tmp_path)), prompt)
    assert calls[-1] == {
        "command": "create",
        "path": "/memories/notes.md",
        "file_text": f"- {kept}\n",
    }
    assert kept in answer
