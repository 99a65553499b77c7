"""Every learner-facing string of the lesson helpers (`agentkit.lessons`), in Chinese and English.

One table for the package (`agentkit.i18n.Strings`): the checks' verdicts and hints, the lines the
helpers print, and the tasks the lessons' own scenarios give the stand-in (English in English mode,
so the stand-in answers in English). A key is named after where it is used: `task.*` the tasks,
`hint.<check>` a check's general hint, `<check>.*` its verdict lines.

The table is kept in parts. The rows only one module of `checks/` words live beside that module's
code (`checks/lesson03.py` holds lesson 03's hints, verdicts and tasks; `checks/core.py` the
verdict's frame; `checks/results.py`, `loops.py`, `predictions.py` theirs), joined to this table
when it is imported (`T.add(__name__, {...})`). This file keeps the rows the checks of several
lessons share, and those of the other helpers (`runs`, `scenarios`, `messages`, `sdk`,
`agent_sdk`, `stepper`). Either way a key is looked up in this one table: `T("key")`.
"""

from __future__ import annotations

from ..i18n import Strings

T = Strings(
    "agentkit.lessons",
    {
        # --- words the checks of several lessons share -----------------------------------------
        "want_function": ("{name} 应当是一个函数。", "{name} should be a function."),
        "sep": ("；", "; "),
        "known.not": ("{value!r} 不是{what}", "{value!r} is not {what}"),
        "known.stop_reason": ("一个 stop_reason 的取值", "a stop_reason value"),
        "known.stop_reason.hint": (
            "stop_reason 是 Claude 的 API 的字段（OpenAI 的 finish_reason 叫 tool_calls、stop）。",
            "stop_reason is a field of Claude's API (OpenAI's finish_reason says tool_calls, "
            "stop).",
        ),
        "known.exit": ("循环 run_agent_loop 的一个 exit", "an exit of run_agent_loop"),
        "known.exit.hint": (
            "exit 是运行怎样结束的名字（LoopResult.exit），不是 stop_reason，也不是异常的类名。",
            "An exit names how a run ended (LoopResult.exit): not a stop_reason, not an "
            "exception's class name.",
        ),
        "known.scenario": ("一个场景的 key", "a scenario key"),
        "known.scenario.hint": (
            "从上面的场景一览里照抄 key（小写，下划线）。",
            "Copy the keys from the table of scenarios above (lower case, underscores).",
        ),
        "predicted_vs_actual": (
            "你的预测是 {prediction!r}，实际是 {actual}。",
            "You predicted {prediction!r}; what actually happens is {actual}.",
        ),
        # --- a task and a failure the checks of several lessons give the stand-in --------------
        "task.three": (
            "订单 A-1001、A-1002、A-1003 都有问题，请帮我退款。",
            "Orders A-1001, A-1002 and A-1003 all have problems. Please refund them.",
        ),
        "failure.timeout": ("A-1002 查询超时", "the lookup of A-1002 timed out"),
        "want_dict": ("{name} 应当是一个 dict。", "{name} should be a dict."),
        # --- runs: the reference loop's runs, read -------------------------------------------
        "flow.run_tools": ("继续", "go on"),
        "what.run_tools": (
            "执行本轮全部 tool_use，把所有 tool_result 放进一条 user 消息发回",
            "run every tool_use of the turn; send all the tool_results back in one user message",
        ),
        "flow.resend": ("继续", "go on"),
        "what.resend": (
            "服务端工具暂停：把 content 原样作为 assistant 消息发回",
            "a server tool paused: send the content back as it is, as the assistant message",
        ),
        "flow.raise_limit": ("继续，或到上限结束", "go on, or stop at the ceiling"),
        "what.raise_limit": (
            "丢弃被截断的响应（绝不执行被截断的 tool_use），max_tokens 加倍重试；"
            '已到 max_tokens_ceiling 则以 exit="max_tokens" 结束',
            "drop the cut reply (never run a cut tool_use) and retry with max_tokens doubled; "
            'at max_tokens_ceiling, end with exit="max_tokens"',
        ),
        "flow.completed": ("结束", "stop"),
        "what.completed": (
            "模型认为任务完成：保留最终回答",
            "the model considers the task done: keep the final answer",
        ),
        "flow.stop_sequence": ("结束", "stop"),
        "what.stop_sequence": (
            "命中我们传入的 stop_sequences，result.detail 记录是哪一个",
            "the reply hit one of the stop_sequences we passed; result.detail says which",
        ),
        "flow.refused": ("结束", "stop"),
        "what.refused": (
            "result.detail 是 stop_details（category、explanation）；可换后备模型重试，"
            "不要把同一个请求重发给同一个模型",
            "result.detail is stop_details (category, explanation); a fallback model may retry, "
            "but never send the same request to the same model again",
        ),
        "flow.truncated": ("结束", "stop"),
        "what.truncated": (
            "回答被上下文窗口截断，标记为 truncated",
            "the context window cut the reply off: marked truncated",
        ),
        "no_row": (
            "（STOP_REASONS 里没有 {stop_reason!r} 这一行）",
            "(no row for {stop_reason!r} in STOP_REASONS)",
        ),
        "table.head": (
            "| stop_reason | 处理函数 | 继续 / 结束 | 参考循环怎么做 |",
            "| stop_reason | handler | go on / stop | what the reference loop does |",
        ),
        "recorder.request": (
            "请求 {n}（max_tokens={max_tokens}）→ ",
            "request {n} (max_tokens={max_tokens}) → ",
        ),
        "recorder.call": ("    执行 {call}", "    run {call}"),
        "stuck.why": (
            "{turns} 轮后仍未完成，安全网触发，需要人工跟进",
            "not done after {turns} turns: the safety net fired, a person must follow up",
        ),
        "stuck.escalated": (
            "已转人工：工单 {ticket}（{turns} 轮后仍未完成）",
            "escalated to a person: ticket {ticket} (not done after {turns} turns)",
        ),
        "calls.denied": ("  ✗ 被 {hook} 拒绝", "  ✗ denied by {hook}"),
        "calls.line": ("第 {turn} 轮 {name}{args}{tag}", "turn {turn} {name}{args}{tag}"),
        "no_calls": ("（没有调用任何工具）", "(no tool called)"),
        # --- scenarios: the grader's scenarios side by side ----------------------------------
        "call.failed": (" ✗失败", " ✗failed"),
        "actions.raised": (" ⟂ 抛出 {error}", " ⟂ raised {error}"),
        "no_final": ("（没有最终回复）", "(no final reply)"),
        "outcome.right": ("✓ 处理对了", "✓ handled right"),
        "verdict.passed": ("✓ 通过", "✓ passed"),
        "what_happened": (
            "【{prompt}】\n  模型请求 {n} 次；工具调用：{actions}\n"
            "  最后回复：{final}\n  订单结果：{outcome}\n  评分：{verdict}",
            "[{prompt}]\n  model requests: {n}; tool calls: {actions}\n"
            "  last reply: {final}\n  order outcome: {outcome}\n  grade: {verdict}",
        ),
        # --- messages: one request by hand ---------------------------------------------------
        "accepted": (
            "✓ 接受（HTTP 200）→ stop_reason={stop_reason}",
            "✓ accepted (HTTP 200) → stop_reason={stop_reason}",
        ),
        "search_results": ("{n} 条搜索结果", "{n} search results"),
        # --- sdk: streaming, thinking, sampling arguments ------------------------------------
        "thinking.first": (
            "第 1 轮内容块：{types}，stop_reason={stop_reason}",
            "Turn 1 content blocks: {types}, stop_reason={stop_reason}",
        ),
        "thinking.block": (
            "thinking 块（模型读到了什么、决定了什么）：\n",
            "The thinking block (what the model read and what it decided):\n",
        ),
        "thinking.no_tools": (
            "这一轮没有调用工具，规则不适用。",
            "No tool was called this turn, so the rule does not apply.",
        ),
        "thinking.dropped": ("去掉 thinking 块后发回", "Sent back without the thinking block"),
        "thinking.whole": (
            "原样发回（含 thinking 块）",
            "Sent back as it is (thinking block included)",
        ),
        "thinking.ok": (
            "{label}：HTTP 200，stop_reason={stop_reason}",
            "{label}: HTTP 200, stop_reason={stop_reason}",
        ),
        "thinking.400": ("{label}：HTTP 400 {message}", "{label}: HTTP 400 {message}"),
        "sampling.hello": ("你好", "Hello"),
        "sampling.accepted": ("{name}={value}：被接受", "{name}={value}: accepted"),
        "sampling.refused": (
            "{name}={value}：TypeError（{error}），请求没有发出",
            "{name}={value}: TypeError ({error}); no request was sent",
        ),
        # --- agent_sdk: the Claude Agent SDK lesson ------------------------------------------
        "sdk.init": (
            "SystemMessage(init)        准备：MCP 服务器 {servers}",
            "SystemMessage(init)        setup: MCP servers {servers}",
        ),
        "sdk.text": (
            "AssistantMessage 文本      ②读回答：{text}",
            "AssistantMessage text      ② read the answer: {text}",
        ),
        "sdk.tool_use": (
            "AssistantMessage tool_use  ②要调用工具：{name} {input}",
            "AssistantMessage tool_use  ② a tool to call: {name} {input}",
        ),
        "sdk.result_flag": ("（is_error）", " (is_error)"),
        "sdk.tool_result": (
            "UserMessage tool_result   ③执行并送回结果{flag}：{text}",
            "UserMessage tool_result   ③ run, result sent back{flag}: {text}",
        ),
        "sdk.result": (
            "ResultMessage             ④结束：{line}",
            "ResultMessage             ④ end: {line}",
        ),
        "sdk.hook_dict": (
            "钩子返回了 {type}，应当返回 dict。",
            "The hook returned a {type}; it should return a dict.",
        ),
        "sdk.hook_none": (
            "钩子放行时返回了 None：SDK 要把钩子的输出当 dict 发给 CLI，None 在那里出错"
            "（'NoneType' object has no attribute 'items'），CLI 打印一整屏钩子错误，"
            "然后照样执行这次调用。",
            "The hook returned None to let a call through: the SDK sends the hook's output to "
            "the CLI as a dict, None fails there ('NoneType' object has no attribute 'items'), "
            "and the CLI prints a screenful of hook error, then runs the call anyway.",
        ),
        "sdk.hook_none.hint": (
            "函数最后写 return {{}}：放行也要返回一个 dict（可以是空的）。",
            "End the function with return {{}}: letting a call through returns a dict too (an "
            "empty one will do).",
        ),
        "sdk.stops_run": (
            "钩子返回了 continue: False：这会停下整个运行，而不是只拒绝这一次退款。",
            "The hook returned continue: False: that stops the whole run, not just this refund.",
        ),
        "sdk.old_decision": (
            "钩子返回了顶层的 decision={decision!r}：PreToolUse 的这种写法已废弃，"
            "要用 hookSpecificOutput 里的 permissionDecision。",
            "The hook returned a top-level decision={decision!r}: that form is deprecated for "
            "PreToolUse; use permissionDecision inside hookSpecificOutput.",
        ),
        "sdk.bare_name": (
            '钩子认的是 "process_refund"，但 CLI 传来的 tool_name 是 {name!r}：'
            "MCP 工具的名字带着 mcp__<服务器>__ 前缀，这样写一次也拦不住。",
            'The hook looks for "process_refund", but the tool_name the CLI passes is {name!r}: '
            "an MCP tool's name has the mcp__<server>__ prefix, so this denies nothing.",
        ),
        "sdk.bare_name.hint": (
            '比较完整的名字，或用 tool_name.endswith("process_refund")；也可以只看有没有 amount。',
            'Compare the full name, or tool_name.endswith("process_refund"); or look only at '
            "whether there is an amount.",
        ),
        "hint.refund_cap_hook": (
            "amount 大于 REFUND_CAP 时返回 hookSpecificOutput：permissionDecision 为 deny，"
            "并写明理由；否则返回 {{}}。",
            "When amount is above REFUND_CAP, return hookSpecificOutput with permissionDecision "
            "deny and a reason; otherwise return {{}}.",
        ),
        "sdk.async": (
            "钩子要写成 async def：SDK 会 await 它的返回值。",
            "Write the hook as async def: the SDK awaits what it returns.",
        ),
        "sdk.not_denied": (
            "退款 {amount} 元（上限 {cap}）时钩子没有拒绝（permissionDecision={decision!r}）。",
            "The hook did not deny a refund of {amount} (the limit is {cap}) "
            "(permissionDecision={decision!r}).",
        ),
        "sdk.event_missing": (
            "钩子拒绝了，但 hookSpecificOutput 里没有 hookEventName：CLI 不认这个输出，退款照样执行。",
            "The hook denied, but hookSpecificOutput has no hookEventName: the CLI rejects this "
            "output, and the refund goes ahead.",
        ),
        "sdk.event_name": (
            '钩子拒绝了，但 hookSpecificOutput 的 hookEventName 是 {event!r}，不是 "PreToolUse"：'
            "CLI 把它当成钩子出错（模型收到 hook failed），而不是一次拒绝。",
            "The hook denied, but hookSpecificOutput's hookEventName is {event!r}, not "
            '"PreToolUse": the CLI takes it as a failed hook (the model gets "hook failed"), not '
            "as a denial.",
        ),
        "sdk.event_name.hint": (
            'hookSpecificOutput 里写上 "hookEventName": "PreToolUse"，和这个钩子挂在的事件一致。',
            'Put "hookEventName": "PreToolUse" in hookSpecificOutput: the event this hook is '
            "registered for.",
        ),
        "sdk.reference_reason": (
            "退款 {amount} 元超过自动退款上限 {cap} 元，需要人工审核。",
            "A refund of {amount} is above the automatic refund limit of {cap}; a person must review it.",
        ),
        "sdk.reason": (
            "拒绝时要写 permissionDecisionReason：模型读到的就是这句理由。",
            "Give a permissionDecisionReason when you deny: that sentence is what the model reads.",
        ),
        "sdk.small_denied": (
            "退款 50 元没有超过上限，钩子却拒绝了。",
            "A refund of 50 is not over the limit, yet the hook denied it.",
        ),
        "sdk.lookup_denied": (
            "钩子拒绝了 lookup_order：它只该管退款。",
            "The hook denied lookup_order: it should only be about refunds.",
        ),
        "refund_cap_hook.passed": (
            "超过上限的退款被拒绝并写明理由；小额退款和查询照常放行。",
            "Refunds over the limit are denied with a reason; small refunds and lookups go "
            "through as usual.",
        ),
        "hint.finished_reader": (
            '看 subtype 是不是 "success"，再看 is_error 是不是 False：两个都满足才算完成。',
            'Check that subtype is "success", then that is_error is False: only both together '
            "mean the run is done.",
        ),
        "finished.success": ("正常结束（success）", "A normal end (success)"),
        "finished.max_turns": (
            "到了 max_turns（error_max_turns）",
            "max_turns reached (error_max_turns)",
        ),
        "finished.error": (
            "执行中出错（error_during_execution）",
            "An error during the run (error_during_execution)",
        ),
        "finished.flagged": (
            "subtype 是 success 但 is_error 为 True",
            "subtype is success but is_error is True",
        ),
        "finished.bool": (
            "finished 返回了 {got!r}，应当返回 True 或 False。",
            "finished returned {got!r}; it should return True or False.",
        ),
        "finished.differ": (
            "{what}：应当返回 {expected}，你的函数返回了 {got}。",
            "{what}: it should return {expected}; your function returned {got}.",
        ),
        "finished_reader.passed": (
            "success 且 is_error 为 False 才算完成；error_max_turns 和执行出错都不算。",
            "Only success with is_error False is done; error_max_turns and an error during the "
            "run are not.",
        ),
        # --- agent_sdk: its checks' verdicts (appended for issue 24) ---------------------------
        "sdk.cap_denied": (
            "退款正好 {cap} 元没有超过上限（REFUND_CAP = {cap}），钩子却拒绝了：大于才拒绝，不是大于等于。",
            "A refund of exactly {cap} is not above the limit (REFUND_CAP = {cap}), yet the hook "
            "denied it: deny above the limit, not at it.",
        ),
        "finished.unflagged_other": (
            "subtype 是 error_during_execution 而 is_error 为 False",
            "subtype is error_during_execution while is_error is False",
        ),
        "finished.budget": (
            "subtype 是 error_max_budget_usd 而 is_error 为 False",
            "subtype is error_max_budget_usd while is_error is False",
        ),
        "finished.one_turn": (
            "subtype 是 success、is_error 为 False，只用了 1 轮",
            "subtype is success and is_error False, in a single turn",
        ),
        "finished.no_stop_reason": (
            "subtype 是 success、is_error 为 False，ResultMessage 没有 stop_reason（这个字段可以缺）",
            "subtype is success and is_error False, and the ResultMessage has no stop_reason (the "
            "field is optional)",
        ),
        "finished.end_turn_error": (
            "subtype 是 error_during_execution、is_error 为 False，最后一次回复的 stop_reason 是 "
            "end_turn",
            "subtype is error_during_execution and is_error False, and the last reply's "
            "stop_reason is end_turn",
        ),
        "finished.unflagged": (
            "subtype 是 error_max_turns 而 is_error 为 False",
            "subtype is error_max_turns while is_error is False",
        ),
        # --- the step-through view (agentkit.lessons.stepper) --------------------------------
        "step.previous": ("◀ 上一轮", "◀ previous"),
        "step.next": ("下一轮 ▶", "next ▶"),
        "step.where": ("第 {n}/{count} 轮", "turn {n}/{count}"),
        "step.turn": ("第 {n} 轮（共 {count} 轮）", "turn {n} of {count}"),
        "step.over": ("这个运行只有 {n} 轮，已经结束。", "This run ended after {n} turns."),
        "step.request": (
            "① 请求：发送 {n} 条消息，其中 {new} 条是新的：",
            "① Request: {n} messages sent, {new} of them new:",
        ),
        "step.refused": (
            "② API 拒绝了这次请求（400）：{error}",
            "② The API refused it (400): {error}",
        ),
        "step.reply": ("② 回复：stop_reason={stop_reason}", "② Reply: stop_reason={stop_reason}"),
        "step.unknown": ("（历史里没有记录）", "(not in the history)"),
        "step.appended": (
            "③ 循环在下一次请求前追加了 {n} 条消息：",
            "③ The loop appended {n} messages before its next request:",
        ),
        "step.rewrote": (
            "③ 下一次请求只原样保留了已发送的 {keep}/{sent} 条消息，其余被改动或丢掉，再接上 {n} 条：",
            "③ The next request kept only {keep} of the {sent} messages sent as they were, changed "
            "or dropped the rest, and went on with {n}:",
        ),
        "step.returned": (
            "③ 循环返回的对话在这次请求之后多了 {n} 条消息：",
            "③ The conversation the loop returned holds {n} more messages:",
        ),
        "step.ended_on_tool_use": (
            "④ 运行在 stop_reason=tool_use 时结束：这一轮的工具没有执行，也没有 tool_result。",
            "④ The run ended on stop_reason=tool_use: this turn's tools never ran and got no "
            "tool_result.",
        ),
        "step.ended": (
            "④ 没有下一次请求：运行到此结束。",
            "④ No next request: the run ended here.",
        ),
    },
)
