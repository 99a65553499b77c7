"""agentkit.display: a run as text, HTML and a Mermaid sequence diagram."""

from agentkit import World, make_client, run_agent_loop
from agentkit.display import (
    Shown,
    mermaid,
    mermaid_source,
    show,
    transcript_html,
    transcript_text,
)


def refund_run():
    world = World()
    return run_agent_loop(
        make_client(offline=True, world=world),
        [{"role": "user", "content": "订单 A-1001 的商品坏了，请帮我退款。"}],
        world.tools("lookup_order", "process_refund"),
        run_tool=world.run_tool,
    )


def test_text_transcript_lists_every_block_and_the_exit():
    text = transcript_text(refund_run())
    assert "[1] assistant" in text and "tool_use: lookup_order" in text and "tool_result:" in text
    assert text.splitlines()[-1] == "exit=completed stop_reason=end_turn turns=3"


def test_html_transcript_escapes_and_marks_errors():
    world = World(flaky={"process_refund": 1})
    result = run_agent_loop(
        make_client(offline=True, world=world),
        [{"role": "user", "content": "订单 A-1001 <b>坏了</b>，请退款"}],
        world.tools(),
        run_tool=world.run_tool,
    )
    page = transcript_html(result)
    assert "&lt;b&gt;" in page and "<b>坏了</b>" not in page
    assert "tool_result is_error" in page and "exit=<b>completed</b>" in page
    assert show(result)._repr_html_() == page and repr(show(result)) == transcript_text(result)


def test_mermaid_diagram_has_participants_turns_and_the_exit():
    source = mermaid_source(refund_run())
    lines = source.splitlines()
    assert lines[0] == "sequenceDiagram" and "participant C as Claude" in source
    assert [x.strip() for x in lines if "C-->>L" in x] == [
        "C-->>L: stop_reason=tool_use · lookup_order",
        "C-->>L: stop_reason=tool_use · process_refund",
        "C-->>L: stop_reason=end_turn",
    ]
    assert "Note over L: stop_reason=end_turn → exit=completed" in source
    assert not any(
        ch in x.split(":", 1)[-1] for x in lines for ch in ";#%"
    )  # nothing that breaks a statement


def test_mermaid_renders_as_a_markdown_fence_and_plain_messages_work():
    diagram = mermaid(
        [
            {"role": "user", "content": "你好"},
            {"role": "assistant", "content": [{"type": "text", "text": "hi"}]},
        ]
    )
    assert isinstance(diagram, Shown) and diagram._repr_html_() is None
    assert diagram._repr_markdown_().startswith(
        "```mermaid\nsequenceDiagram"
    ) and diagram._repr_markdown_().endswith("```")
    assert repr(diagram).splitlines()[-1].strip() == "C-->>L: text"


def test_a_dropped_max_tokens_reply_is_drawn_as_its_own_round():
    world = World()
    result = run_agent_loop(
        make_client(offline=True, world=world),
        [{"role": "user", "content": "订单 A-1001 的商品坏了，请帮我退款。"}],
        world.tools(),
        run_tool=world.run_tool,
        max_tokens=12,
    )
    said = [x.strip() for x in mermaid_source(result).splitlines() if "C-->>L" in x]
    assert said[0].startswith("C-->>L: stop_reason=max_tokens")
    assert len(said) == result.turns == len(result.stop_reasons)
    assert said[-1] == "C-->>L: stop_reason=end_turn"


def test_lesson_displays_are_one_kind():
    from agentkit.display import markdown, source, table

    t = table(["a", "b"], [["<1>", "2"]])
    assert repr(t) == "a | b\n<1> | 2" and "&lt;1&gt;" in t._repr_html_()
    assert t._repr_markdown_() is None
    md = markdown("| x |")
    assert repr(md) == md._repr_markdown_() == "| x |"
    listing = source(table)
    assert listing._repr_markdown_().startswith("```python\ndef table(")


def run_in(world, prompt):
    """The reference loop on one prompt, in `world`, with all its tools."""
    client = make_client(offline=True, world=world)
    task = [{"role": "user", "content": prompt}]
    return run_agent_loop(client, task, world.tools(), run_tool=world.run_tool)


def test_final_answers_are_wrapped_whole_never_cut_or_split_mid_word():
    from agentkit.display import columns, wrap

    text = "订单 A-1001 已退款 120.0 元（退款单号 R-778）。" * 6 + " process_refund order_id"
    wrapped = wrap(text, 40, "  ")
    lines = wrapped.splitlines()
    assert len(lines) > 3 and all(columns(line) <= 42 for line in lines)
    assert "".join(line.strip() for line in lines).replace(" ", "") == text.replace(" ", "")
    assert all(not line.endswith("process_") for line in lines) and "…" not in wrapped
    result = run_in(World(), "今天天气怎么样？")
    shown = repr(show(result))
    assert "…" not in shown and result.final_text.endswith(shown.split("\n")[-2].strip()[-10:])


def test_long_runs_of_identical_rounds_are_drawn_once_in_a_loop_box():
    watched = World(transitions={"A-1002": ["shipped"] * 6 + ["delivered"]})
    result = run_in(watched, "帮我盯着订单 A-1002，直到它签收再退款")
    source = mermaid_source(result)
    assert "loop 第 1–6 轮：相同的 6 轮，只画一次" in source and source.count("    end") == 1
    assert source.count("messages.create") == 4  # rounds 1-6 once, then 7, 8 and 9
    assert mermaid_source(result, fold=100).count("messages.create") == 9
