"""Every learner-facing string of the grader, in Chinese and English (AGENTKIT_LANG).

Scenario titles, the world checks' problems, the diagnoses and their hints, the report, the
scoreboard and the teacher's CSV. A diagnosis names the turn (one response and its tool results: 第 n 轮,
turn n) or the request (第 n 次请求, request n) it is about; `diagnose` capitalises the first letter.
"""

from __future__ import annotations

from ..i18n import Strings

T = Strings(
    "agentkit.grading",
    {
        # --- scenario titles (battery.SCENARIOS, by key) ---
        "title.guide": ("学习指南练习：退款", "The study guide's exercise: a refund"),
        "title.parallel": (
            "一次三个订单（并行 tool_use）",
            "Three orders at once (parallel tool_use)",
        ),
        "title.shipped": ("已发货：退货而不是取消", "Shipped: a return, not a cancellation"),
        "title.unexpected": ("意外状态：转人工", "An unexpected status: escalate to a human"),
        "title.long": (
            "二十轮的长任务（十个订单逐个处理）",
            "A twenty-turn task (ten orders, one at a time)",
        ),
        "title.tool_error": (
            "工具暂时失败（is_error 后重试）",
            "A tool fails for a moment (retry after is_error)",
        ),
        "title.bad_input": (
            "输入格式错误后自我纠正",
            "Badly formatted input, then self-correction",
        ),
        "title.refund_cap": (
            "超过上限的退款被拒后转人工",
            "A refund over the cap is denied, then escalated",
        ),
        "title.no_tools": ("不需要工具的问题", "A question that needs no tools"),
        "title.status_only": ("只查询状态，不做任何操作", "Status only: look, change nothing"),
        "title.english": (
            "英文任务（中途的说明里就有 done）",
            '"done" in a mid-task note (two refunds)',
        ),
        "title.research": ("服务端工具暂停（pause_turn）", "A server tool pauses (pause_turn)"),
        "title.refusal": ("模型拒绝（refusal）", "The model refuses (refusal)"),
        "title.cut_tool_use": ("tool_use 被 max_tokens 截断", "A tool_use cut off by max_tokens"),
        "title.cut_answer": (
            "最终回答被 max_tokens 截断",
            "The final answer cut off by max_tokens",
        ),
        "title.poll": (
            "轮询：重复查询要看到新结果",
            "Polling: a repeated lookup must see new results",
        ),
        "title.runaway": ("永远完不成的任务（安全网）", "A task that never ends (the safety net)"),
        "title.overloaded": (
            "API 持续过载（529，超过 SDK 的重试）",
            "The API stays overloaded (529, beyond the SDK's retries)",
        ),
        "title.midstream": (
            "流式响应中途出错（overloaded_error）",
            "A streamed response fails mid-stream (overloaded_error)",
        ),
        "title.round_failure": (
            "一轮三个调用，其中一个失败",
            "Three calls in one turn, one fails",
        ),
        "title.stop_sequence": (
            "回答在 stop_sequence 处停下",
            "The answer stops at a stop_sequence",
        ),
        "title.context_full": (
            "上下文窗口已满（model_context_window_exceeded）",
            "The context window is full (model_context_window_exceeded)",
        ),
        "title.new_stop_reason": (
            "API 新增的 stop_reason（循环不认识的值）",
            "A stop_reason the API has added (a value the loop cannot know)",
        ),
        "title.rate_limited": (
            "一直限流（429，超过 SDK 的重试）",
            "Rate-limited for good (429, beyond the SDK's retries)",
        ),
        "title.timeout": (
            "请求一直超时（超过 SDK 的重试）",
            "Requests time out for good (beyond the SDK's retries)",
        ),
        "title.conversation": (
            "任务来自一段对话（前面已有几轮）",
            "The task comes in a conversation (earlier turns before it)",
        ),
        "title.another_model": ("换一个模型（model 参数）", "Another model (the model argument)"),
        # --- what must happen in the world (battery's checks) ---
        "no_refund": (
            "订单 {oid} 没有退款（应退 {amount}）",
            "Order {oid} was not refunded ({amount} was due)",
        ),
        "refunded_times": (
            "订单 {oid} 被退款 {n} 次（应只退一次）",
            "Order {oid} was refunded {n} times (once is right)",
        ),
        "refund_amount": (
            "订单 {oid} 的退款金额是 {got}，应为 lookup_order 结果里的 {amount}",
            "Order {oid} was refunded {got}; it should be {amount}, the amount lookup_order returned",
        ),
        "did.return": (
            "订单 {oid} 应创建退货（{tool}），但没有",
            "Order {oid} should have had a return created ({tool}), but it did not",
        ),
        "did.cancel": (
            "订单 {oid} 应取消（{tool}），但没有",
            "Order {oid} should have been cancelled ({tool}), but it was not",
        ),
        "untouched": (
            "订单 {oid} 不应调用 {tool}，却调用了",
            "{tool} was called for order {oid}, which it should never be",
        ),
        "not_escalated": (
            "订单 {oid} 应转人工（escalate_to_human），但没有",
            "Order {oid} should have been escalated to a human (escalate_to_human), but it was not",
        ),
        "needs_no_tools": (
            "这个问题不需要工具，却调用了 {name}",
            "This question needs no tools, yet {name} was called",
        ),
        "one_round": (
            "这个问题第 1 轮就应 end_turn，却发了 {n} 次请求",
            "This question should end with end_turn in turn 1, but the loop sent {n} requests",
        ),
        "too_few_searches": (
            "只做了 {done} 次网页搜索（应 {topics} 次）：研究没有做完",
            "Only {done} web searches were run ({topics} expected): the research is not finished",
        ),
        "over_cap_refunded": (
            "订单 {oid} 被退款了（超过上限）",
            "Order {oid} was refunded (over the cap)",
        ),
        "refused_yet_called": (
            "被拒绝的任务却调用了 {name}",
            "The task was refused, yet {name} was called",
        ),
        "more_of_a_kind": ("（另有 {n} 项同类问题）", "({n} more of the same kind)"),
        # --- the grader's own tool failures (runner) ---
        "input_not_a_dict": (
            "run_tool 的 input 应为 dict，收到 {type}",
            "run_tool's input should be a dict, got {type}",
        ),
        "unavailable": (
            "{name} 暂时不可用（上游超时），请稍后重试",
            "{name} is temporarily unavailable (upstream timeout), please try again later",
        ),
        # --- diagnoses: the grader stopped the loop ---
        "gave_up_busy": (
            "循环 {seconds} 秒后仍未结束（发了 {sent} 次请求）：评分器放弃了它",
            "The loop was still running after {seconds} seconds ({sent} requests sent): the grader"
            " gave up on it",
        ),
        "idle": (
            "循环有 {seconds} 秒既没有发请求也没有运行工具（已发 {sent} 次请求）：sleep、阻塞"
            "或空转，评分器放弃了它。等待要有上限，重试要有次数",
            "For {seconds} seconds the loop neither sent a request nor ran a tool ({sent} requests"
            " sent): it slept, blocked or spun, and the grader gave up on it. Every wait needs a"
            " limit, every retry a count",
        ),
        "swallowed_budget": (
            "循环吞掉了评分器的请求预算（{limit} 次）又继续发请求：BudgetExceeded 是"
            " BaseException，裸 except: 会把它也捕获。只捕获 Exception（最好只捕获 anthropic.APIError），"
            "并给重试设上限",
            "The loop swallowed the grader's request budget ({limit} requests) and kept sending"
            " requests: BudgetExceeded is a BaseException, and a bare except: catches it too. Catch"
            " Exception (better: only anthropic.APIError) and give retries a limit",
        ),
        "sys_exit": (
            "循环调用了 sys.exit({code})（SystemExit）：这会结束调用方的整个进程。出错时应抛出异常，让调用方决定",
            "The loop called sys.exit({code}) (SystemExit): that ends the caller's whole process."
            " On an error, raise an exception and let the caller decide",
        ),
        "keyboard_interrupt": (
            "循环抛出了 KeyboardInterrupt：不要用它表示出错，应抛出普通异常（Exception 的子类）",
            "The loop raised KeyboardInterrupt: don't use it to signal an error; raise an ordinary"
            " exception (a subclass of Exception)",
        ),
        "local_retries": (
            "工具 {name} 在本地被反复执行了 {n} 次仍未停止：失败的工具应作为"
            " is_error 的 tool_result 交回模型，由模型决定重试、换路还是说明情况",
            "Tool {name} was run locally {n} times over and still did not stop: a failed tool goes"
            " back to the model as a tool_result with is_error, and the model decides whether to"
            " retry, try another way or explain",
        ),
        # --- diagnoses: what was sent ---
        "leaked_state": (
            "第 1 次请求的 messages 有 {n} 条，而任务只有 1 条：前 {k} 条来自之前的调用"
            "（状态泄漏：可变默认参数 history=[]，或模块级的列表）。每次调用都应从传入的 messages 开始",
            "Request 1 carries {n} messages, but the task is one: the first {k} come from earlier"
            " calls (leaked state: a mutable default argument history=[], or a module-level list)."
            " Every call should start from the messages passed in",
        ),
        "extra_messages": (
            "第 1 次请求的 messages 有 {n} 条：任务之外多了 {k} 条"
            "（之前调用留下的状态，或循环自己加的消息）",
            "Request 1 carries {n} messages: {k} besides the task (state left by earlier calls, or"
            " messages the loop added itself)",
        ),
        "earlier_turns_dropped": (
            "传入的 messages 有 {n} 条（前面几轮对话加上这次的任务），第 1 次请求只发了 {k} 条："
            "前面的对话被丢掉了，模型看不到。应原样发送传入的 messages，再往后追加",
            "The messages passed in are {n} (the conversation's earlier turns, then the task), yet"
            " request 1 sent {k}: the earlier turns were dropped and the model cannot see them."
            " Send the messages as given, and append to them",
        ),
        "task_changed": (
            "第 1 次请求的 messages 不是传入的任务（任务被改写或丢掉了）",
            "Request 1's messages are not the task passed in (the task was rewritten or dropped)",
        ),
        "tools_dropped": (
            "第 {n} 次请求没有带 tools（第 1 次带了）：模型不会记住上一次请求的工具，从这次起它一个工具也"
            "调用不了。每次请求都发送传入的 tools",
            "Request {n} carries no tools (request 1 did): the model does not remember the tools of"
            " an earlier request, so from then on it can call none. Send the tools passed in with"
            " every request",
        ),
        "no_tools_sent": (
            "第 1 次请求没有带 tools：模型不知道有哪些工具可用（应把传入的 tools 发给 API）",
            "Request 1 carries no tools: the model cannot know which tools it has (send the tools"
            " passed in to the API)",
        ),
        "tools_missing": ("缺少 {names}", "missing {names}"),
        "tools_extra": ("多了 {names}", "extra {names}"),
        "comma": ("，", ", "),
        "tools_changed": (
            "第 {n} 次请求的 tools 不是传入的 tools（{what}）：应原样发送传入的 tools",
            "Request {n}'s tools are not the tools passed in ({what}): send exactly those",
        ),
        "dict_content": (
            "第 {n} 次请求的 tool_result 的 content 是一个 dict（{value}）：content 只能是"
            "字符串或内容块列表，API 会拒绝（400）。把结果 json.dumps 成字符串",
            "In request {n}, a tool_result's content is a dict ({value}): content must be a string"
            " or a list of content blocks, so the API rejects it (400). json.dumps the result into"
            " a string",
        ),
        "is_error_type": (
            "第 {n} 次请求的 tool_result 的 is_error 是 {value}（{type}），"
            "不是布尔值：API 会拒绝（400）。失败写 True，成功不写或写 False",
            "In request {n}, a tool_result's is_error is {value} ({type}), not a boolean: the API"
            " rejects it (400). Write True for a failure; for a success leave it out or write False",
        ),
        # --- diagnoses: the stop_reason ---
        "cut_tool_use_ran": (
            "第 {n} 轮 stop_reason={stop}：响应被截断，循环却执行了其中的 {k} 个 tool_use"
            "（最后一个 {name}{input} 的输入不完整）。被截断的 tool_use 绝不能执行",
            "Turn {n}: stop_reason={stop}, the response was cut off, yet the loop ran {k} of its"
            " tool_use blocks (the last, {name}{input}, has incomplete input). Never run a tool_use"
            " from a truncated response",
        ),
        "empty_user": (
            "第 {n} 轮 stop_reason={stop}，循环却当成 tool_use 处理：追加了一条空的 user 消息"
            "（没有任何 tool_result）再请求，API 会拒绝",
            "Turn {n} ended with stop_reason={stop}, yet the loop handled it as tool_use: it"
            " appended an empty user message (no tool_result at all) and asked again, which the"
            " API rejects",
        ),
        "pause_resent": (
            "第 {n} 轮 stop_reason=pause_turn 后，循环什么也没追加，把同样的 messages 又发了一遍："
            "应把助手的 content 原样追加进 messages 再请求，让服务端工具继续",
            "After turn {n}'s stop_reason=pause_turn, the loop appended nothing and sent the same"
            " messages again: append the assistant's content as it is, then ask again, so that the"
            " server tool continues",
        ),
        "pause_appended": (
            "第 {n} 轮 stop_reason=pause_turn 后，循环追加了{message}再请求，"
            "而不是把助手的 content 原样发回让服务端工具继续",
            "After turn {n}'s stop_reason=pause_turn, the loop appended {message} and asked"
            " again, instead of sending the assistant's content back as it is so that the server"
            " tool continues",
        ),
        "refusal_resent": (
            "第 {n} 轮 stop_reason=refusal 后，循环又向同一个模型发了请求：被拒绝的请求原样（或加一句“请继续”）"
            "重发不会有不同结果。读 stop_details，结束运行并说明被拒绝（抛出异常，或返回调用方看得见的出口）；要重试只能换备用模型",
            "After turn {n}'s stop_reason=refusal, the loop sent another request to the same"
            ' model: a refused request sent again as it is (or with "please continue" added) gets'
            " the same answer. Read stop_details, then end the run and say it was refused (raise, or"
            " return an exit the caller sees); a retry needs a fallback model",
        ),
        "end_turn_resent": (
            "第 {n} 轮 stop_reason=end_turn 后，循环原样重发了同一个请求：end_turn 就是模型说任务完成了，"
            "应保留回复并结束",
            "After turn {n}'s stop_reason=end_turn, the loop sent the same request again: end_turn"
            " is the model saying the task is done; keep the reply and end",
        ),
        "end_turn_asked": (
            "第 {n} 轮 stop_reason=end_turn 后，循环又追加了{message}再请求："
            "end_turn 就是模型说任务完成了，不用再问“完成了吗”，应保留回复并结束",
            "After turn {n}'s stop_reason=end_turn, the loop appended {message} and asked again:"
            ' end_turn is the model saying the task is done, so there is no need to ask "are you'
            ' done?"; keep the reply and end',
        ),
        "stop_sequence_resent": (
            "第 {n} 轮 stop_reason=stop_sequence（回答停在了约定的停止序列 {sequence}）后，"
            "循环又发了请求：这是调用方要的结束，应保留回复并结束",
            "After turn {n}'s stop_reason=stop_sequence (the answer stopped at the agreed stop"
            " sequence {sequence}), the loop sent another request: this is the end the caller asked"
            " for; keep the reply and end",
        ),
        "new_stop_ran": (
            "第 {n} 轮 stop_reason={stop}：这个值循环不可能认识（API 会新增 stop_reason），循环却执行了"
            "其中的 {k} 个 tool_use（{name}）：不认识的 stop_reason 不能当作 tool_use，应抛出异常",
            "Turn {n}: stop_reason={stop}, a value the loop cannot know (the API adds stop"
            " reasons), yet the loop ran {k} of its tool_use blocks ({name}): an unknown"
            " stop_reason is not tool_use; raise an exception",
        ),
        "new_stop_went_on": (
            "第 {n} 轮 stop_reason={stop}：这个值循环不可能认识，循环却接着发了请求，当作什么都没发生："
            "不认识的 stop_reason 应抛出异常（SDK 的 tool runner 遇到它也会停）",
            "Turn {n}: stop_reason={stop}, a value the loop cannot know, yet the loop sent another"
            " request as if nothing had happened: an unknown stop_reason should raise an exception"
            " (the SDK's tool runner stops on one too)",
        ),
        "returned_on_new_stop": (
            "第 {n} 轮 stop_reason={stop}：这个值循环不可能认识（API 会新增 stop_reason），循环却返回了，"
            "像任务完成了一样。match/if 的默认分支不要当作完成：应抛出异常，说出这个值",
            "Turn {n}: stop_reason={stop}, a value the loop cannot know (the API adds stop"
            " reasons), yet the loop returned as if the task were done. Don't treat the default"
            " branch of a match/if as done: raise an exception that names the value",
        ),
        "cut_tool_use_resent": (
            "第 {n} 轮 stop_reason={stop}：回复被截断，第 {m} 次请求却把其中没写完的 tool_use 又发了回去"
            "（例如追加“请继续”）：被截断的 tool_use 不能留在要发送的历史里。应丢掉这个回复，"
            "提高 max_tokens 重发，或结束并说明",
            "Turn {n}: stop_reason={stop}, the reply was cut off, yet request {m} sent its"
            ' unfinished tool_use back (after a "please continue", say): a cut tool_use must not'
            " stay in a history that is sent. Drop the reply and resend with a higher max_tokens,"
            " or end and say so",
        ),
        "context_resent": (
            "第 {n} 轮 stop_reason=model_context_window_exceeded（上下文窗口已满）后，循环又发了"
            "同样大或更大的请求：放不下了。应结束并说明，或先压缩历史",
            "After turn {n}'s stop_reason=model_context_window_exceeded (the context window is"
            " full), the loop sent a request as large or larger: it cannot fit. End and say so, or"
            " compact the history first",
        ),
        "then_stopped": ("（评分器随后停下了它）", " (then the grader stopped it)"),
        "error_kind": ("{type}：{message}", "{type}: {message}"),
        "in_parens": ("（{text}）", " ({text})"),
        "resent_4xx": (
            "第 {n} 次请求被 API 拒绝（{status} {kind}）后，循环原样重发了 {k} 次{more}：4xx 说的是请求本身的问题，"
            "重发不会有不同结果。读错误信息，改请求或抛出异常",
            "Request {n} was rejected by the API ({status} {kind}), and the loop sent it again"
            " unchanged {k} times{more}: a 4xx is about the request itself, so resending gets the"
            " same answer. Read the error message, then fix the request or raise an exception",
        ),
        "resent_max_tokens": (
            "第 {n} 轮 stop_reason=max_tokens 后，循环原样重发了同一个请求 {k} 次{more}：同样的请求会在同一处"
            "再被截断。应提高 max_tokens 重试，或保留被截断的回答、请模型继续",
            "After turn {n}'s stop_reason=max_tokens, the loop sent the same request again {k}"
            " times{more}: the same request is cut off at the same place. Retry with a higher"
            " max_tokens, or keep the cut answer and ask the model to continue",
        ),
        # --- diagnoses: the history ---
        "reply_lost": (
            "第 {m} 次请求的 messages 里没有第 {n} 轮的助手响应（历史被丢弃或改写，模型看不到自己调用过什么）",
            "Request {m}'s messages lack turn {n}'s assistant response (the history was dropped or"
            " rewritten: the model cannot see what it called)",
        ),
        "results_split": (
            "第 {n} 轮的 {k} 个 tool_result 分成了 {u} 条 user 消息（API 会把相邻的 user 消息合成一轮，"
            "但文档说明：结果分开发，模型会学着不再并行调用工具；同一轮的结果应放在一条 user 消息里）",
            "Turn {n}'s {k} tool_result blocks were split over {u} user messages (the API joins"
            " consecutive user messages into one turn, but the docs say that results sent apart"
            " teach the model to stop calling tools in parallel: one turn's results belong in one"
            " user message)",
        ),
        "stopped_the_round": (
            "{name} 失败后循环停止了这一轮",
            "the loop stopped running the turn's calls when {name} failed",
        ),
        "answered_some": ("循环只回答了其中一部分", "the loop answered only some of them"),
        "results_missing": (
            "第 {n} 轮的 {k} 个 tool_use 只有 {done} 个有 tool_result（{why}）："
            "每个 tool_use 都要有自己的 tool_result，失败的那个带 is_error，API 才会接受",
            "Only {done} of turn {n}'s {k} tool_use blocks got a tool_result ({why}): every"
            " tool_use needs its own tool_result, the failed one with is_error, or the API refuses"
            " the request",
        ),
        "tool_use_lost": (
            "第 {n} 次请求丢掉了前面轮次的 tool_use（{k} 个）：历史没有完整保留",
            "Request {n} dropped tool_use blocks of earlier turns ({k} of them): the history was"
            " not kept whole",
        ),
        "in_returned": ("返回的 messages", "the returned messages"),
        "in_request": ("第 {n} 次请求", "request {n}"),
        "kept_only_tool_use": (
            "{where}里第 {n} 轮的助手消息只保留了 tool_use，丢掉了 text 块：助手的回复应原样保留"
            "（response.content 整个放进历史）",
            "In {where}, turn {n}'s assistant message kept only its tool_use blocks and dropped"
            " the text block: keep the assistant's reply as it came (the whole response.content"
            " goes into the history)",
        ),
        "reply_changed": (
            "{where}里第 {n} 轮的助手消息和模型的原始回复不一致（块被改写、删减或重排）",
            "In {where}, turn {n}'s assistant message differs from the model's original reply"
            " (blocks rewritten, dropped or reordered)",
        ),
        # --- diagnoses: the tool runs and their results ---
        "before_asking": ("循环还没有问模型就", "Before asking the model, the loop "),
        "after_round": ("第 {n} 轮之后循环", "After turn {n}, the loop "),
        "unasked_call": (
            "{where}调用了 run_tool（{name}{input}），模型却没有要求这个调用"
            "（没有对应的 tool_use）：要做什么由模型决定，不是写死在代码里",
            "{where}called run_tool ({name}{input}), though the model never asked for that call"
            " (no matching tool_use): the model decides what to do; it is not written into the code",
        ),
        "the_tool_use": (
            "第 {n} 轮的 tool_use {name}{input}",
            "turn {n}'s tool_use {name}{input}",
        ),
        "retried_locally": (
            "{what} 失败后被循环在本地重试，共执行了 {k} 次：失败应作为 is_error 的"
            " tool_result 交回模型，由它决定",
            "{what} failed and the loop retried it locally, {k} runs in all: a failure goes back"
            " to the model as a tool_result with is_error, and the model decides",
        ),
        "same_calls": ("（同样的调用共 {k} 个）", " ({k} identical calls)"),
        "ran_twice": (
            "{what}{same}被执行了 {k} 次：每个 tool_use 只应执行一次（重复的退款、取消会真的发生两次）",
            "{what}{same} was run {k} times: each tool_use runs exactly once (a repeated refund or"
            " cancellation really happens twice)",
        ),
        "stale_result": (
            "{what}没有真正执行，tool_result 却是第 {m} 轮同一调用的旧结果"
            "（结果被缓存：重复的查询看不到新结果）",
            "{what} never really ran; its tool_result is the old result of the same call in turn"
            " {m} (results are cached: a repeated lookup cannot see anything new)",
        ),
        "not_run_other_result": (
            "{what}没有执行，tool_result 却是另一个调用 {name}{input} 的结果："
            "结果和 tool_use_id 对错了",
            "{what} did not run, yet its tool_result is the result of another call, {name}{input}:"
            " results and tool_use_ids are mismatched",
        ),
        "made_up_result": (
            "{what}没有经过传入的 run_tool 执行，tool_result 却报告了结果：工具必须用 run_tool 执行"
            "（不要用自己的工具实现或编造结果）；被拒绝的调用写 is_error: true",
            "{what} did not run through the run_tool passed in, yet its tool_result reports a"
            " result: tools run through run_tool (no tool code of your own, no made-up results); a"
            " refused call gets is_error: true",
        ),
        "input_not_dict": (
            "{what}执行时 run_tool 收到的 input 是 {type}（{value}），"
            "不是 dict：应原样传 block.input",
            "When {what} ran, run_tool received an input of type {type} ({value}), not a dict: pass"
            " block.input as it is",
        ),
        "input_changed": (
            "{what}执行时输入被改动了：模型给的是 {given}，run_tool 收到的是"
            " {got}。应原样传 block.input，输入有问题让模型自己改",
            "{what} ran with a changed input: the model gave {given}, run_tool received {got}. Pass"
            " block.input as it is; if the input is wrong, let the model fix it",
        ),
        "result_without_output": (
            "{what}执行成功了（{output}），它的 tool_result 却没有带上结果（只有“{said}”）："
            "模型看不到工具返回了什么。把 run_tool 的返回值放进 content（json.dumps 成字符串）",
            "{what} ran and succeeded ({output}), yet its tool_result does not carry the output"
            ' (only "{said}"): the model cannot see what the tool returned. Put what run_tool'
            " returned in the content (json.dumps it to a string)",
        ),
        "max_tokens_small": (
            "第 {n} 轮的回复在 max_tokens={m} 处被截断（stop_reason=max_tokens）：这个上限太小，"
            "放不下一轮正常的回复，任务没有做完。用学习指南的 1024 或更大",
            "Turn {n}'s reply was cut at max_tokens={m} (stop_reason=max_tokens): that limit is too"
            " small for an ordinary reply, and the task was not done. Use the study guide's 1024 or"
            " more",
        ),
        "error_without_flag": (
            "第 {n} 轮 {name} 执行失败（{error}），它的 tool_result 却没有"
            " is_error: true：模型会把错误信息当成正常结果",
            "Turn {n}'s {name} failed ({error}), yet its tool_result lacks is_error: true: the"
            " model will read the error message as a normal result",
        ),
        "whole_round_try": (
            "（同一轮的 {name} 失败了：一个 try/except 包住了整轮，所有结果都被标成失败）",
            " ({name} in the same turn failed: one try/except wrapped all of the turn's calls, so"
            " every result was marked as failed)",
        ),
        "success_flagged": (
            "{what}执行成功了（{output}），它的 tool_result 却标为 is_error: true{why}："
            "模型会以为它没做，重做一遍（退款会发生两次）",
            "{what} succeeded ({output}), yet its tool_result is marked is_error: true{why}: the"
            " model will think it was not done and do it again (a refund would happen twice)",
        ),
        "other_result": (
            "第 {n} 轮 tool_use {name}（id …{tail}）的 tool_result 内容不是它自己的结果，"
            "而是 {other}{input} 的：结果和 tool_use_id 对错了",
            "Turn {n}'s tool_use {name} (id …{tail}) got a tool_result that is not its own result"
            " but that of {other}{input}: results and tool_use_ids are mismatched",
        ),
        "wrong_model": (
            "第 {n} 次请求用的模型是 {got}，而不是传入的 model 参数 {want}（模型名不要写死）",
            "Request {n} used the model {got}, not the model argument passed in, {want} (don't"
            " hard-code the model name)",
        ),
        # --- diagnoses: how the loop ended ---
        "no_safety_net": (
            "没有安全网：发了 {sent} 次请求仍不停止（评分器的请求预算是 {limit} 次：{limit} 次以内的上限都算"
            "安全网）。应设置上限，例如 max_turns，到达时抛出异常或显式转人工",
            "No safety net: {sent} requests sent and still not stopping (the grader's request"
            " budget is {limit}: any cap up to {limit} counts as a safety net). Set a cap, such as"
            " max_turns, and when it is reached raise an exception or explicitly escalate to a"
            " human",
        ),
        "overload_retried": (
            "API 一直失败（过载、限流或超时），循环却不停地重试，发了 {sent} 次请求（评分器的预算是 {limit} 次）："
            "SDK 已经重试过了，重试要有上限，到了就抛出异常或转人工",
            "The API kept failing (overloaded, rate-limited or timing out), yet the loop kept"
            " retrying, {sent} requests in all (the grader's budget is {limit}): the SDK has retried"
            " already; retries need a limit, and at the limit raise an exception or escalate to a"
            " human",
        ),
        "never_ends": (
            "循环发了 {sent} 次请求仍未结束（评分器的请求预算是 {limit} 次），可能永远不会停",
            "The loop sent {sent} requests and still had not finished (the grader's request budget"
            " is {limit}): it may never stop",
        ),
        "api_error": (
            "第 {n} 次请求出错：{name}: {message}",
            "Request {n} failed: {name}: {message}",
        ),
        "raised_on_pause": (
            "第 {n} 轮 stop_reason=pause_turn 时循环抛出了 {name}：pause_turn 不是错误，应把 content 原样发回继续",
            "At turn {n}'s stop_reason=pause_turn the loop raised {name}: pause_turn is not an"
            " error; send the content back as it is to continue",
        ),
        "tool_error_aborted": (
            "工具出错时异常直接终止了循环（应作为 is_error 的 tool_result 交回模型）：{name}: {error}",
            "A tool's exception ended the loop (it should go back to the model as a tool_result"
            " with is_error): {name}: {error}",
        ),
        "raised_mid_task": (
            "第 {n} 轮后循环抛出了 {name}: {error}，模型还在调用工具，任务没有完成"
            "（上限太小，或把正常的 tool_use 当成了错误）",
            "After turn {n} the loop raised {name}: {error}, while the model was still calling"
            " tools and the task was not done (the cap is too small, or a normal tool_use was"
            " taken for an error)",
        ),
        "no_branch": (
            "第 {n} 轮后循环抛出了 {name}: {value}：代码的分支里没有 {tool} 返回的 {field} {value}。"
            "写死的决策树预见不了所有情况：把结果作为 tool_result 交回模型，由模型决定下一步",
            "After turn {n} the loop raised {name}: {value}: its decision tree has no branch for"
            " the {field} {value} that {tool} returned. A hard-coded tree cannot foresee every case:"
            " send the result back as a tool_result and let the model decide the next step",
        ),
        "raised_before_asking": (
            "循环还没有问模型就抛出了 {name}: {error}：代码自己解析任务（正则、决策树），"
            "遇到没预见到的任务就出错了。把任务交给模型，由模型决定",
            "The loop raised {name}: {error} before asking the model anything: code that reads"
            " the task itself (a regex, a decision tree) breaks on a task it did not foresee."
            " Send the task to the model and let it decide",
        ),
        "forced_none": (
            "第 {n} 次请求把 tool_choice 设成了 none：从这里起模型不能再调用工具，任务却还没做完。"
            "何时结束由模型决定（stop_reason 为 end_turn），而不是代码预先认定的“最后一步”",
            "Request {n} set tool_choice to none: from then on the model could not call a tool,"
            " though the task still needed one. The model decides when it is done (stop_reason"
            " end_turn), not the code's idea of the last call",
        ),
        "forced_every_turn": (
            "每次请求都把 tool_choice 设成了 {kind}（共 {sent} 次）：模型每一轮都必须调用工具，永远不能以"
            " end_turn 结束，任务只能停在上限。要不要调用工具由模型决定（需要时只在第一次请求强制）",
            "Every request set tool_choice to {kind} ({sent} of them): the model had to call a tool"
            " on every turn and could never end with end_turn, so the run could only stop at a cap."
            " Let the model decide whether to call a tool (force one on the first request at most)",
        ),
        "forced_any": (
            "第 {n} 次请求把 tool_choice 设成了 any：模型必须调用工具，即使不需要。"
            "要不要调用工具由模型决定",
            "Request {n} set tool_choice to any: the model had to call a tool even where none was"
            " needed. Let the model decide whether to call one",
        ),
        "forced_tool": (
            "第 {n} 次请求用 tool_choice 强制调用 {name}：调用什么由代码决定，而不是模型，"
            "任务不需要时也照样调用",
            "Request {n} forced a call to {name} with tool_choice: the code chose the call, not"
            " the model, so it was made even where the task did not need it",
        ),
        "raised": (
            "循环抛出了异常：{name}: {error}",
            "The loop raised an exception: {name}: {error}",
        ),
        "returned_too_big": (
            "返回的值太大，读不完：{what}。评分器对返回值只读到这里，没有再检查它（这次运行的完整历史是 {m} 条消息）",
            "The value the loop returned is too big to read: {what}. The grader read no further and"
            " did not check it (the whole history of this run is {m} messages)",
        ),
        "returned.messages": (
            "{n} 条消息，评分器最多读 {limit} 个值",
            "{n} messages, where the grader reads at most {limit} values",
        ),
        "returned.values": (
            "超过 {limit} 个值或 {characters} 个字符",
            "more than {limit} values or {characters} characters",
        ),
        "returned.depth": ("嵌套超过 {limit} 层", "nested more than {limit} levels deep"),
        "returned.cycle": (
            "一个包含自身的值（循环引用）",
            "a value that contains itself (a reference cycle)",
        ),
        # --- a grade given in a fresh process (fresh) ---
        "fresh.cannot_send": (
            "无法把 {what} 交给新的进程评分：{why}；本次不计分",
            "{what} cannot be sent to a fresh process to be graded: {why}; no grade is given",
        ),
        "fresh.used_by": ("{by} 用到的 {name}", "{name} (used by {by})"),
        "fresh.two_values": (
            "同一个名字指向了两个不同的值",
            "one name stands for two different values",
        ),
        "fresh.not_picklable": (
            "它的值复制不到另一个进程里（{error}）；在函数里面创建它，或者改用普通的值（数字、字符串、列表、字典）",
            "its value cannot be copied into another process ({error}); create it inside the"
            " function, or use a plain value (numbers, strings, lists, dicts)",
        ),
        "fresh.lambda": ("它是 lambda；请用 def 定义它", "it is a lambda; define it with def"),
        "fresh.closure": (
            "它定义在另一个函数里面，用到了那个函数的变量；请把它定义在单元格的最外层",
            "it is defined inside another function and uses that function's variables; define"
            " it at the top level of a cell",
        ),
        "fresh.no_source": (
            "找不到它的源代码；重新运行定义它的单元格",
            "its source code cannot be found; run the cell that defines it again",
        ),
        "fresh.syntax": (
            "它的源代码有语法错误（{error}）",
            "its source has a syntax error ({error})",
        ),
        "fresh.no_process": (
            "无法启动评分用的新进程（{error}）；本次不计分",
            "A fresh process to grade this cannot be started ({error}); no grade is given",
        ),
        "fresh.timeout": (
            "评分的新进程 {seconds} 秒内没有结束，已被停止；本次不计分",
            "The fresh process grading this did not finish within {seconds} s and was stopped;"
            " no grade is given",
        ),
        "fresh.no_answer": (
            "评分的新进程没有给出结果就结束了（退出码 {code}）；本次不计分",
            "The fresh process grading this ended without a verdict (exit code {code}); no grade"
            " is given",
        ),
        "fresh.failed": (
            "评分的新进程出错了：{error}；本次不计分",
            "The fresh process grading this failed: {error}; no grade is given",
        ),
        "fresh.tampered": (
            "被评分的代码改动了评分器自己的代码（{names}），所以不给分：提交的代码不要改动 agentkit",
            "The graded code changed the grader's own code ({names}), so no grade is given:"
            " submit code that leaves agentkit alone",
        ),
        "unreadable": (
            "评分器没能读完这次运行：{name}: {error}。多半是返回值或异常里的某个对象，"
            "它自己的方法（get、__eq__、__class__ …）抛出了异常；本场景记为未通过",
            "The grader could not finish reading this run: {name}: {error}. Most likely an object"
            " in the returned value or the exception has methods of its own (get, __eq__,"
            " __class__ …) that raise; the scenario is marked failed",
        ),
        "unprintable": (
            "〈str() 和 repr() 都抛出了异常，无法显示〉",
            "<its str() and repr() both raised: it cannot be shown>",
        ),
        "not_a_list": (
            "返回值应为 messages 列表（list），实际是 {type}",
            "The return value should be the messages list (a list), but it is a {type}",
        ),
        "failed_midstream": (
            "流式响应中途出错（overloaded_error）",
            " failed mid-stream (overloaded_error)",
        ),
        "failed_timeout": ("一直超时，没有响应", " timed out with no answer"),
        "failed_with": ("：API 返回 {status}", ": the API answered {status}"),
        "fault_returned": (
            "第 {n} 次请求{what}，循环捕获了错误却返回了历史，像任务完成了一样："
            "应重试有限次后抛出异常，或显式转人工（escalate_to_human）",
            "Request {n}{what}; the loop caught the error but returned the history as if the task"
            " were done: retry a limited number of times, then raise an exception or explicitly"
            " escalate to a human (escalate_to_human)",
        ),
        "returned_on_pause": (
            "第 {n} 轮 stop_reason=pause_turn 时循环就返回了：服务端工具只是暂停，应把 content 原样发回继续",
            "The loop returned at turn {n}'s stop_reason=pause_turn: the server tool only paused;"
            " send the content back as it is to continue",
        ),
        "returned_cut": (
            "第 {n} 轮 stop_reason=max_tokens：回答被截断，循环却把它当成完成返回了"
            "（应提高 max_tokens 重试，或请模型继续，或抛出异常说明被截断）",
            "Turn {n}: stop_reason=max_tokens, the answer was cut off, yet the loop returned it as"
            " finished (retry with a higher max_tokens, ask the model to continue, or raise an"
            " exception saying it was cut off)",
        ),
        "stopped_at_failure": (
            "第 {n} 轮 {name} 执行失败后循环就停了：错误应作为 is_error 的 tool_result 交回模型，让它决定下一步",
            "The loop stopped when turn {n}'s {name} failed: the error goes back to the model as a"
            " tool_result with is_error, and the model decides the next step",
        ),
        "silent_cap": (
            "发了 {sent} 次请求任务仍未完成，循环却悄悄返回，像完成了一样："
            "到达上限（安全网）时应抛出异常或显式转人工，让调用方知道",
            "After {sent} requests the task was still not done, and the loop quietly returned as"
            " if it were: at the cap (the safety net), raise an exception or explicitly escalate"
            " to a human, so that the caller knows",
        ),
        "stopped_after_tools": (
            "第 {n} 轮 stop_reason=tool_use，工具已执行，循环却没有再发请求就停了（没有 end_turn，任务被截断；"
            "到达上限时应抛出异常或显式转人工）",
            "Turn {n}: stop_reason=tool_use, the tools ran, yet the loop stopped without another"
            " request (no end_turn, the task cut short; at a cap, raise an exception or explicitly"
            " escalate to a human)",
        ),
        "text_and_tool_use": (
            "第 {n} 轮响应同时含 text 与 tool_use，循环在执行工具前就退出了（{k} 个 tool_use 没有执行）",
            "Turn {n}'s response held both text and tool_use, and the loop exited before running"
            " the tools ({k} of its tool_use blocks never ran)",
        ),
        "stuck_returned": (
            "第 {n} 轮模型第 {k} 次连续发出同一个调用 {call}，循环就返回了，像任务完成了一样"
            "（tool_use 没有回答）：发现重复时停下可以，但要抛出异常或显式转人工（escalate_to_human），"
            "不能悄悄返回；重复的查询也可能是在等新结果",
            "Turn {n}: the model had asked for the same call {call} {k} times in a row, and the"
            " loop returned as if the task were done (the tool_use unanswered): stopping on a"
            " repeat is fine, but raise an exception or explicitly escalate to a human, never"
            " return quietly; a repeated lookup may also be waiting for a new result",
        ),
        "exited_on_wording": (
            "第 {n} 轮的文字（“{text}”）听起来像完成了，循环就退出了，可 stop_reason 仍是 tool_use"
            "（{k} 个 tool_use 没有执行）：按 stop_reason 判断，不要看文字怎么说",
            'Turn {n}\'s text ("{text}") sounded final and the loop exited on it, though'
            " stop_reason was tool_use ({k} of its tool_use blocks never ran): decide by"
            " stop_reason, never by what the text says",
        ),
        "exited_on_tool_use": (
            "第 {n} 轮 stop_reason=tool_use，循环却退出了（{k} 个 tool_use 没有执行）",
            "Turn {n}: stop_reason=tool_use, yet the loop exited ({k} of its tool_use blocks never"
            " ran)",
        ),
        # --- diagnoses: what was returned ---
        "no_final_answer": (
            "返回的 messages 不是以助手的最终回答结尾",
            "The returned messages do not end with the assistant's final answer",
        ),
        "final_rewritten": (
            "返回的最后一条消息不是第 {n} 轮模型的原始回复（被改写、换成模板或编造）",
            "The last message returned is not the model's original reply of turn {n} (rewritten,"
            " replaced by a template, or made up)",
        ),
        "history_incomplete": (
            "返回的 messages 不是完整的对话历史（应是第 {n} 次请求发出的 messages 加上最终回复）",
            "The returned messages are not the whole conversation (they should be the messages"
            " request {n} sent, plus the final reply)",
        ),
        "not_json": (
            "返回的 messages 不能转成 JSON 再次发送（{error}）",
            "The returned messages cannot be turned into JSON to send again ({error})",
        ),
        "kept_cut_tool_use": (
            "返回的 messages 第 {k} 条留着被截断的 tool_use（没有执行，也没有重发，这没错）；"
            "要接着这段历史对话，先把它去掉：输入不完整、没有 tool_result 的 tool_use，API 不接受",
            "message {k} of the returned messages keeps a truncated tool_use (never run nor"
            " resent, which is right); to go on from this history, leave it out first: the API"
            " refuses a tool_use with incomplete input and no tool_result",
        ),
        "not_resendable": (
            "返回的 messages 不能再次发送：API 会拒绝（{status}）“{message}”。"
            "返回值应是可以接着对话的完整历史，而不是给人看的记录",
            "The returned messages cannot be sent again: the API would reject them ({status})"
            ' "{message}". Return the whole history, one the conversation can go on from, not a'
            " transcript for people to read",
        ),
        "empty_message": ("一条空的 user 消息", "an empty user message"),
        "results_message": ("一条 tool_result 消息", "a tool_result message"),
        "user_message": ("一条 user 消息（“{text}”）", 'a user message ("{text}")'),
        "rejected": (
            "第 {n} 次请求被 API 拒绝（400）：{message}",
            'Request {n} was rejected by the API (400): "{message}"',
        ),
        "rejected_hint": (
            "第 {n} 次请求被 API 拒绝（400）：{message}。{hint}",
            'Request {n} was rejected by the API (400): "{message}" {hint}',
        ),
        "net_seen": (
            "安全网在第 {sent} 次请求后停下了这次运行（循环的时钟走了 {seconds} 秒，其中等待 {slept} 秒；"
            "用了 {tokens} 个 token）",
            "the safety net stopped the run after {sent} requests (the loop's clock: {seconds} s,"
            " {slept} s of it waiting; {tokens} tokens used)",
        ),
        "not_applicable_cut": (
            "不适用：这个循环关闭了并行调用（disable_parallel_tool_use），回复没有被截断；按它做过的事判断",
            "not applicable: this loop turned off parallel calls (disable_parallel_tool_use), so"
            " no reply was cut off; judged by what it did",
        ),
        # --- hints for a refused request: by the refusing check's code, or the field named ---
        "hint.tool_result_missing": (
            "每个 tool_use 都要有自己的 tool_result（失败的带 is_error），同一轮的放在紧接着的一条"
            " user 消息里、排在最前面",
            "Every tool_use needs its own tool_result (a failed one with is_error), all of a turn's"
            " results in the very next user message, before anything else",
        ),
        "hint.tool_result_unexpected": (
            "tool_result 只能回答紧挨着的上一条助手消息里的 tool_use（历史被删减或重排了？）",
            "A tool_result can only answer a tool_use of the assistant message just before it (was"
            " the history cut or reordered?)",
        ),
        "hint.tool_use_id_repeated": (
            "同一个 tool_use 在历史里出现了两次（同一条回复被追加了两遍？）",
            "The same tool_use appears twice in the history (was one reply appended twice?)",
        ),
        "hint.prompt_too_long": (
            "历史超出了上下文窗口：上下文已满时应结束并说明，或先压缩历史",
            "The history is larger than the context window: when the context is full, end and say"
            " so, or compact the history first",
        ),
        "hint.empty_text": (
            "不要发送空的 text 块（没有内容就不加这个块）",
            "Don't send empty text blocks (no content, no block)",
        ),
        "hint.cache_control": (
            "一个请求最多 4 个 cache_control 断点：只标在不变的前缀上（system、tools、较早的历史）",
            "At most 4 cache_control breakpoints per request: mark only the prefix that does not"
            " change (system, tools, the older history)",
        ),
        "hint.max_tokens": (
            "max_tokens 超过了这个模型的输出上限：按模型设，不要写死一个大数",
            "max_tokens is above this model's output limit: set it per model rather than"
            " hard-coding a big number",
        ),
        "hint.thinking": (
            "开启 thinking 时，助手响应里的 thinking 块要和其余的块一起原样追加，不能丢掉或挪动",
            "With thinking on, append the assistant response's thinking blocks as they came,"
            " with the rest of its blocks: never drop or move them",
        ),
        "hint.content": (
            "tool_result 的 content 只能是字符串或内容块列表：把结果 json.dumps 成字符串",
            "A tool_result's content must be a string or a list of content blocks: json.dumps the"
            " result into a string",
        ),
        "hint.is_error": (
            "is_error 只能是布尔值 true/false",
            "is_error must be a boolean, true or false",
        ),
        "hint.extra_field": (
            "请求或块里有 API 不认识的字段：只发送文档里有的字段",
            "The request or a block has a field the API does not know: send only documented fields",
        ),
        "hint.tool_choice": (
            "tool_choice 指定的工具必须在 tools 里",
            "The tool that tool_choice names must be in tools",
        ),
        "hint.role": ("role 只能是 user 或 assistant", "role must be user or assistant"),
        # --- the report and the scoreboard ---
        "passed": ("通过", "passed"),
        "note": ("（{note}）", " ({note})"),
        "and": ("；", "; "),
        "headline": (
            "{name}: {passed}/{total} 个场景通过（seed={seed}）",
            "{name}: {passed}/{total} scenarios passed (seed={seed})",
        ),
        "headline_html": (
            "<p><b>{name}</b>：{passed}/{total} 个场景通过（seed={seed}）</p>",
            "<p><b>{name}</b>: {passed}/{total} scenarios passed (seed={seed})</p>",
        ),
        "because": (" —— {diagnosis}", " — {diagnosis}"),
        "column.scenario": ("场景", "Scenario"),
        "column.diagnosis": ("诊断", "Diagnosis"),
        "board.corner": ("场景 \\ 循环", "Scenario \\ loop"),
        "board.total": ("通过", "Passed"),
        "board.hover": (
            "（鼠标悬停看场景全名和诊断）",
            " (hover for each scenario's full name and diagnosis)",
        ),
        "board.✓": ("通过", "passed"),
        "board.✗": ("未通过", "failed"),
        "board.–": (
            "通过，但场景对这个循环不适用",
            "passed, the scenario did not apply to the loop",
        ),
        "board.stored": (
            "。这张表是评分器在 seed 0 上算好、随课程保存的结果（测试保证它与评分器一致）；"
            "<code>stored=False</code> 会现场重新评分（约需一分钟）",
            ". The board was graded once at seed 0 and stored with the workbook (the tests keep it "
            "in step with the grader); <code>stored=False</code> grades it all again now (about "
            "a minute)",
        ),
        "all_passed": ("全部通过", "all passed"),
        "first_failure": ("{title} —— {diagnosis}", "{title} — {diagnosis}"),
        "more_failed": ("（另有 {n} 个场景失败）", " ({n} more scenarios failed)"),
        # --- the teacher's CSV (export) ---
        "no_function": ("{file} 里没有定义函数 {name}", "{file} defines no function {name}"),
        "not_a_folder": ("{path} 不是文件夹", "{path} is not a folder"),
        "no_notebooks": ("{path} 里没有 .ipynb 笔记本", "{path} holds no .ipynb notebooks"),
        "graded": (
            "{n} 名学生（{done} 份能评分）：{out}",
            "{n} students ({done} could be graded): {out}",
        ),
        # --- every scenario: the loop asked the model (appended for issue 24) ---
        "no_request": (
            "循环一次也没有调用 API（client.messages.create），就{how}：没有问过模型，这个场景考的事一件也没做",
            "The loop never called the API (client.messages.create) before it {how}: it never "
            "asked the model, so nothing this scenario is about happened",
        ),
        "no_request.returned": ("返回了", "returned"),
        "no_request.raised": ("抛出了 {name}", "raised {name}"),
        "refused_escalated": (
            "被拒绝的任务却调用了 escalate_to_human：refusal 是模型对请求内容的决定，循环应结束并说明被拒绝"
            "（读 stop_details）；转人工是给仍然有效、只是没做完的任务（到了上限、API 一直失败）",
            "The task was refused, yet escalate_to_human was called: a refusal is the model's "
            "decision on the request itself, so the loop ends and says it was refused (read "
            "stop_details); a hand-over to a person is for a task that is still valid but "
            "unfinished (the cap reached, the API failing for good)",
        ),
        "no_reply": (
            "循环发了 {sent} 个请求，却没等到模型的任何回复就返回了",
            "The loop sent {sent} request(s) but returned without any reply from the model",
        ),
    },
)
