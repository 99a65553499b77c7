"""Lesson 00: what each stop_reason tells the loop."""

from __future__ import annotations

from typing import Any

from ..strings import T
from .core import Worded, answered, check, require

T.add(
    __name__,
    {
        "hint.stop_reasons": (
            "循环只看 stop_reason：一个值让它执行工具并继续，另一个表示任务完成。",
            "The loop reads only stop_reason: one value makes it run the tools and go on, another "
            "means the task is done.",
        ),
        "meaning.tool_use": (
            "模型要调用工具：执行全部 tool_use，把结果发回，再请求",
            "the model asks for tools: run every tool_use, send the results back, ask again",
        ),
        "meaning.end_turn": ("模型认为任务完成", "the model considers the task done"),
        "meaning.pause_turn": (
            "服务端工具暂停了：把 content 原样发回就继续，不用执行你的工具",
            "a server tool paused: send the content back as it is to go on; none of your tools "
            "runs",
        ),
        "meaning.max_tokens": (
            "回答被 max_tokens 截断了：不是完成，被截断的 tool_use 也不能执行",
            "max_tokens cut the reply off: it is not done, and a cut tool_use must not run",
        ),
        "meaning.stop_sequence": (
            "回答碰到了你在 stop_sequences 里设的停止序列：不是模型自己说任务完成",
            "the reply hit a stop sequence you set in stop_sequences: the model did not say the "
            "task is done",
        ),
        "meaning.refusal": (
            "模型拒绝了这个请求：不是完成，也不要原样再发",
            "the model refused the request: it is not done, and don't send it again as it is",
        ),
        "meaning.model_context_window_exceeded": (
            "上下文窗口用完，回答被截断了：不是完成",
            "the context window ran out and cut the reply off: it is not done",
        ),
        "role.continue": ("继续", "go on"),
        "role.finish": ("结束", "stop"),
        "stop_reasons.unknown": (
            "{value!r} 不是 stop_reason 的取值；可选的取值：{values}。",
            "{value!r} is not a stop_reason value; the values are: {values}.",
        ),
        "stop_reasons.means": (
            "{value!r} 不表示“{role}”：它的意思是{meaning}。",
            '{value!r} does not mean "{role}": it means {meaning}.',
        ),
        "stop_reasons.passed": (
            "{go} → 执行工具并继续；{end} → 结束。",
            "{go} → run the tools and go on; {end} → stop.",
        ),
    },
)

MEANING = Worded(  # what each stop_reason tells the loop (lesson 06 has the whole table)
    "meaning",
    (
        "tool_use",
        "end_turn",
        "pause_turn",
        "max_tokens",
        "stop_sequence",
        "refusal",
        "model_context_window_exceeded",
    ),
)


@check("hint.stop_reasons")
def stop_reasons(continue_on: Any, finish_on: Any) -> str:
    answered([continue_on, finish_on], "continue_on / finish_on")
    from ...loop import STOP_REASONS

    for value, want, role in [
        (continue_on, "run_tools", T("role.continue")),
        (finish_on, "completed", T("role.finish")),
    ]:
        handler = STOP_REASONS.get(value) if isinstance(value, str) else None
        require(
            handler is not None,
            T("stop_reasons.unknown", value=value, values=", ".join(map(str, STOP_REASONS))),
        )
        assert handler is not None  # require() above raised Wrong otherwise
        require(
            handler.__name__ == want,
            T(
                "stop_reasons.means",
                value=value,
                role=role,
                meaning=MEANING.get(value, handler.__name__),
            ),
        )
    return T("stop_reasons.passed", go=continue_on, end=finish_on)
