"""Handing work to an agent and reading files named in a request, as general rules
(agentkit.sim.claude_code and agentkit.sim.general): the agent gets the work without the words
that picked it, the answer quotes the agent's report (not the CLI's frame around it), and a tool
that reads files serves a request that names a file. Names share no words with the worlds."""

import pytest

import agentkit
from agentkit.sim.claude_code import delegated, report_of


@pytest.mark.parametrize(
    "task, kind, work",
    [
        ("Use the lint-checker agent to inspect pkg/io.py", "lint-checker", "Inspect pkg/io.py"),
        ("Please ask the scribe subagent to draft a changelog", "scribe", "Draft a changelog"),
        ("让 scribe 代理来写一份更新说明", "scribe", "写一份更新说明"),
        ("Inspect pkg/io.py", "lint-checker", "Inspect pkg/io.py"),
    ],
)
def test_the_agent_gets_the_work_without_the_words_that_picked_it(task, kind, work):
    assert delegated(task, kind) == work


def test_the_answer_quotes_the_report_inside_the_hand_back_frame():
    framed = (
        "[Subagent hand-back] The text below is the final report of a subagent. The report "
        "follows:\n  The module pkg/io.py opens files twice.\n  Close the first handle.\n"
        "agentId: a1 (use SendMessage to continue)\n<usage>tool_uses: 1</usage>"
    )
    assert report_of(framed) == "The module pkg/io.py opens files twice.\nClose the first handle."
    assert report_of("plain text, no frame") is None


VIEWER = {
    "name": "view_document",
    "description": "Return the text stored in a document.",
    "input_schema": {
        "type": "object",
        "properties": {"source": {"type": "string", "description": "path of the document"}},
        "required": ["source"],
    },
}
KETTLE = {
    "name": "boil_kettle",
    "description": "Boil the office kettle.",
    "input_schema": {"type": "object", "properties": {"litres": {"type": "number"}}},
}


def test_a_tool_that_reads_files_serves_a_request_naming_a_file():
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model="claude-sonnet-4-6",
        max_tokens=1024,
        tools=[KETTLE, VIEWER],
        messages=[{"role": "user", "content": "Summarise minutes/harbour-2026.md for me"}],
    )
    assert [(b.name, b.input) for b in r.content if b.type == "tool_use"] == [
        ("view_document", {"source": "minutes/harbour-2026.md"})
    ]


FINDER = {
    "name": "find_tools",
    "description": "Look through the catalogue of tools for a word.",
    "input_schema": {
        "type": "object",
        "properties": {"word": {"type": "string"}},
        "required": ["word"],
    },
}
TIDES = {
    "name": "get_tide_times",
    "description": "High and low water for a harbour town.",
    "input_schema": {
        "type": "object",
        "properties": {"location": {"type": "string"}},
        "required": ["location"],
    },
    "defer_loading": True,
}


def test_a_users_own_tool_search_loads_a_deferred_tool_then_it_is_called():
    client = agentkit.make_client(offline=True)
    messages = [{"role": "user", "content": "When is the next tide in Dover?"}]
    ask = dict(model="claude-sonnet-4-6", max_tokens=1024, tools=[TIDES, FINDER])
    r = client.messages.create(messages=messages, **ask)
    (search,) = [b for b in r.content if b.type == "tool_use"]
    assert (search.name, search.input) == ("find_tools", {"word": "tide"})
    messages += [
        {"role": "assistant", "content": r.content},
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": search.id,
                    "content": [{"type": "tool_reference", "tool_name": "get_tide_times"}],
                }
            ],
        },
    ]
    r = client.messages.create(messages=messages, **ask)
    assert [(b.name, b.input) for b in r.content if b.type == "tool_use"] == [
        ("get_tide_times", {"location": "Dover"})
    ]
    messages += [
        {"role": "assistant", "content": r.content},
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": r.content[-1].id,
                    "content": '{"high_water": "14:52"}',
                }
            ],
        },
    ]
    r = client.messages.create(messages=messages, **ask)
    said = r.content[-1].text
    assert r.stop_reason == "end_turn" and "14:52" in said and "find_tools" not in said


def fs_tool(name, description):
    schema = {"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]}
    return {"name": name, "description": description, "input_schema": schema}


FILESYSTEM = [  # a filesystem server's shape: many tools whose names share "file" and "list"
    fs_tool("read_file", "Read the complete contents of a file as text."),
    fs_tool("read_text_file", "Read a file from the file system as text, head or tail lines."),
    fs_tool("read_media_file", "Read an image or audio file and return base64 data."),
    fs_tool("list_directory", "A listing of all files and directories in a path, [FILE] or [DIR]."),
    fs_tool("list_directory_with_sizes", "A listing of files and directories with their sizes."),
    fs_tool("directory_tree", "A recursive tree view of files and directories as JSON."),
    fs_tool("get_file_info", "Metadata about a file or directory: size, times, permissions."),
    fs_tool("create_directory", "Create a new directory or make sure it exists."),
]


@pytest.mark.parametrize(
    "task",
    ["List the files in /srv/inbox", "列出 /srv/inbox 里的文件", "What files are in /srv/inbox?"],
)
def test_of_many_tools_sharing_words_only_the_one_whose_name_carries_the_asked_act_is_called(task):
    client = agentkit.make_client(offline=True)
    r = client.messages.create(
        model="claude-sonnet-4-6",
        max_tokens=1024,
        tools=FILESYSTEM,
        messages=[{"role": "user", "content": task}],
    )
    assert [(b.name, b.input) for b in r.content if b.type == "tool_use"] == [
        ("list_directory", {"path": "/srv/inbox"})
    ]
