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


# --- the step-through view (agentkit.lessons.stepper) ---------------------------------------------


def graded_run(name, key="guide"):
    from agentkit import antipatterns
    from agentkit.grading import run_scenario
    from agentkit.lessons.scenarios import scenario
    from agentkit.lessons.solution import solution_loop

    loop = solution_loop if name == "solution_loop" else getattr(antipatterns, name)
    return run_scenario(loop, scenario(key))


def test_a_graded_run_replays_each_request_its_reply_and_what_the_loop_appended():
    from agentkit.lessons.stepper import turns

    run = graded_run("solution_loop")
    steps = turns(run)
    assert [t.stop_reason for t in steps] == ["tool_use", "tool_use", "end_turn"]
    assert [(len(t.request), t.new) for t in steps] == [(1, 1), (3, 2), (5, 2)]
    first = steps[0]
    use = next(b for b in first.reply if b["type"] == "tool_use")
    assistant, results = first.appended
    assert assistant == {"role": "assistant", "content": first.reply}  # appended verbatim
    assert [b["tool_use_id"] for b in results["content"]] == [use["id"]]
    assert first.appended == steps[1].request[1:] and not first.rewrote and not first.last
    assert steps[-1].last and "④ 没有下一次请求：运行到此结束。" in steps[-1].text()
    text = steps[1].text()
    assert text.startswith("① 请求：发送 3 条消息，其中 2 条是新的：\n  [1] assistant")
    assert "② 回复：stop_reason=tool_use" in text and "tool_use: process_refund(" in text


def test_broken_runs_show_where_they_break():
    from agentkit.lessons.stepper import turns

    (only,) = turns(graded_run("stop_on_text_block"))
    assert only.last and only.stop_reason == "tool_use"
    assert "④ 运行在 stop_reason=tool_use 时结束：这一轮的工具没有执行" in only.text()
    refused = turns(graded_run("text_before_results"))[-1]
    assert refused.reply == [] and refused.stop_reason is None
    assert "② API 拒绝了这次请求（400）：messages.1: `tool_use` ids were found" in refused.text()
    dropped = turns(graded_run("keep_only_latest_result"))[1]
    assert dropped.rewrote and dropped.kept == 1
    assert "③ 下一次请求只原样保留了已发送的 1/3 条消息" in dropped.text()


def test_a_loop_result_and_a_plain_message_list_replay_from_the_history():
    from agentkit.lessons.stepper import turns

    result = refund_run()
    steps = turns(result)
    assert [t.stop_reason for t in steps] == result.stop_reasons == ["tool_use"] * 2 + ["end_turn"]
    plain = turns(result.messages)  # no stop_reasons: a reply with tool_use says so, else unknown
    assert [t.stop_reason for t in plain] == ["tool_use", "tool_use", None]
    assert "② 回复：stop_reason=（历史里没有记录）" in plain[-1].text()
    assert [t.request for t in plain] == [t.request for t in steps]
    assert turns([]) == [] and turns([{"role": "user", "content": "hi"}]) == []


def test_the_widget_steps_both_runs_in_lockstep_and_stops_at_either_end(monkeypatch):
    from agentkit.lessons.stepper import StepThrough

    monkeypatch.setenv("AGENTKIT_LANG", "en")
    view = StepThrough(
        graded_run("stop_on_text_block"), graded_run("solution_loop"), titles=["broken", "right"]
    )
    assert repr(view) == "StepThrough(broken: 1, right: 3)"
    assert view.previous.disabled and not view.next.disabled and view.where.value == "turn 1/3"
    assert "broken" in view.panes[0].value and "never ran" in view.panes[0].value
    view.next.click()
    assert view.at == 1 and not view.previous.disabled
    assert "This run ended after 1 turns." in view.panes[0].value
    assert "process_refund(" in view.panes[1].value and "turn 2 of 3" in view.panes[1].value
    view.next.click()
    assert view.next.disabled and "stop_reason=end_turn" in view.text()
    view.next.click()  # past the end: stays on the last turn
    assert view.at == 2
    view.previous.click()
    view.previous.click()
    assert view.at == 0 and view.previous.disabled
    assert "application/vnd.jupyter.widget-view+json" in view._repr_mimebundle_()


def test_the_widget_refuses_no_runs_or_a_wrong_number_of_titles():
    import pytest

    from agentkit.lessons.stepper import StepThrough

    with pytest.raises(ValueError, match="at least one run"):
        StepThrough()
    with pytest.raises(ValueError, match="2 runs but 1 titles"):
        StepThrough([], [], titles=["one"])
