"""Everything the stand-in Claude says, in Chinese and English: one table, one key a sentence.

The stand-in answers in the task's language. Lessons cut replies at token budgets measured on these
sentences (lesson 06's small `max_tokens` and context window), so `tests/test_sim.py` pins the token
count of the sentences they rely on: editing one shows there which lesson output moves.
"""

from __future__ import annotations

from agentkit.i18n import Strings

PHRASES: dict[str, tuple[str, str]] = {
    # tool calls: what the model says before each
    # the first lookup of a turn, said once for every order it looks up (policy.announce_lookups):
    # the task's only order; one of several (the task asks for one at a time); several at once;
    # then, once an earlier turn has looked an order up, the next one(s)
    "lookup_first": ("我先查一下订单。", "Let me look up the order first."),
    "lookup_one_of": ("我先查订单 {oid}。", "Let me start with order {oid}."),
    "lookup_several": ("我先查一下订单 {oids}。", "Let me look up orders {oids} first."),
    "lookup_next": ("接下来查订单 {oid}。", "Next, let me look up order {oid}."),
    "lookup_next_several": ("接下来查订单 {oids}。", "Next, let me look up orders {oids}."),
    "tool_search_first": (
        "我先用 ToolSearch 加载订单工具。",
        "Let me load the order tools with ToolSearch first.",
    ),
    "looked_up": (
        "查询完成：订单 {oid} 状态为 {status}，金额 {amount} 元。",
        "Lookup done: order {oid} is {status}, amount {amount}.",
    ),
    "poll_again": (
        "订单 {oid} 仍是 {status}，我再查一次。",
        "Order {oid} is still {status}; checking again.",
    ),
    "next_refund": ("接下来为它发起退款。", " Lookup task complete; now the refund."),
    "next_return": (
        "已发货的订单不能取消，接下来为它创建退货单。",
        " A shipped order can't be cancelled; next I'll create a return.",
    ),
    "next_cancel": ("订单尚未发货，接下来取消它。", " It has not shipped; next I'll cancel it."),
    "retry_corrected": (
        "上一次调用出错（{err}）。我改正输入后再试一次。",
        "The last call failed ({err}). Retrying with corrected input.",
    ),
    "retry_transient": (
        "工具暂时出错，我重试一次。",
        "The tool failed transiently; retrying once.",
    ),
    "escalating": (
        "这个情况需要人工处理，我把它转给人工客服。",
        " This needs a person; escalating to a human agent.",
    ),
    "research": ("我来搜索相关政策。", "Let me search the policies."),
    "forced_reason": ("按 tool_choice 的要求调用", "called because tool_choice requires a tool"),
    "return_reason": ("客户申请退货", "customer requested a return"),
    # escalation reasons
    "outside_rules": (
        "订单 {oid} 状态为 {status}，金额 {amount} 元，不在可自动处理的范围内",
        "order {oid} is {status} ({amount}), outside what can be handled automatically",
    ),
    "denied": ("{tool} 被拒绝：{err}", "{tool} was denied: {err}"),
    "failed": ("{tool} 多次失败：{err}", "{tool} failed: {err}"),
    # outcomes: the final answer's lines
    "status": (
        "订单 {oid} 的状态是 {status}，金额 {amount} 元。",
        "Order {oid} is {status}, amount {amount}.",
    ),
    "refunded": (
        "订单 {oid} 已退款 {amount} 元（退款单号 {refund_id}）。",
        "Order {oid} refunded {amount} (refund {refund_id}).",
    ),
    "returned": (
        "订单 {oid} 状态为 {status}，不能取消；已创建退货单 {return_id}，寄回后即退款。",
        "Order {oid} is {status} and cannot be cancelled; return {return_id} created.",
    ),
    "cancelled": ("订单 {oid} 尚未发货，已取消。", "Order {oid} had not shipped and is cancelled."),
    "escalated": (
        "订单 {oid} 已转人工客服（工单 {ticket_id}）。",
        "Order {oid} was escalated to a human agent (ticket {ticket_id}).",
    ),
    "escalation_failed": (
        "转人工也失败了（{err}），请直接联系客服。",
        "Escalation failed too ({err}); please contact support.",
    ),
    "no_escalation_tool": (
        "{reason}，我没有做任何操作，建议联系人工客服。",
        " {Reason}; I did nothing and suggest contacting a human agent.",
    ),
    "no_lookup_tool": (
        "我无法查询订单 {oid}（没有 lookup_order 工具），所以没有做任何操作。",
        "I cannot look up order {oid} (no lookup_order tool), so I did nothing.",
    ),
    "missing_tool": (
        "{why}，但我没有 {tool} 工具，所以没有做任何操作。",
        " {Why}, but I have no {tool} tool, so I did nothing.",
    ),
    "why_return": (
        "已发货的订单不能取消或直接退款，只能退货",
        "a shipped order cannot be cancelled or refunded directly, only returned",
    ),
    "why_cancel": ("未发货的订单应当取消", "an order not yet shipped should be cancelled"),
    "why_refund": ("这个订单需要退款", "this order needs a refund"),
    "tool_choice_none": (
        "（本轮 tool_choice 为 none，不能调用工具，所以没有调用 {tool}。）",
        " (tool_choice is none in this turn, so I did not call {tool}.)",
    ),
    "policy_summary": ("政策要点：\n", "Policy summary:\n"),
    "refusal": ("抱歉，我不能帮助完成这个请求。", "Sorry, I can't help with that request."),
    "offline_note": (
        "我是离线的模拟 Claude（按写好的规则运行，不是真正的模型）。这里的工具回答不了“{question}”，"
        "工具之外的事实我也不知道，所以本轮直接结束（end_turn）。要问真实 Claude：设置 ANTHROPIC_API_KEY "
        "后重新运行，代码不用改。",
        "I'm the offline stand-in for Claude (written rules, not a model). None of the tools here "
        'answers "{question}", and I know no facts beyond them, so this turn ends (end_turn). To ask '
        "real Claude, set ANTHROPIC_API_KEY and run again; the code stays the same.",
    ),
    # answers without a tool (agentkit.sim.direct)
    "d_tools": (
        "这次请求给了我 {n} 个工具：{tools}。",
        "This request gives me {n} tools: {tools}.",
    ),
    "d_no_tools": ("这次请求没有给我任何工具。", "This request gives me no tools."),
    "d_arithmetic": ("{expr} = {result}", "{expr} = {result}"),
    "d_part_unknown": (
        "“{question}”：我是离线替身（按写好的规则行事，不是模型），工具之外的事实我不知道，不做猜测。",
        "“{question}”: I'm the offline stand-in for Claude (written rules, not a model) and know no facts beyond the tools here, so I won't guess.",
    ),
    "d_div_zero": ("{expr} 里有除以零，没有结果。", "{expr} divides by zero, so it has no value."),
    "d_word_problem": (
        "{expr} = {result}，所以答案是 {result}。",
        "{expr} = {result}, so the answer is {result}.",
    ),
    "d_bigger": (
        "{first}，{second}，所以 {win} 更大。",
        "{first} and {second}, so {win} is bigger.",
    ),
    "d_smaller": (
        "{first}，{second}，所以 {win} 更小。",
        "{first} and {second}, so {win} is smaller.",
    ),
    "d_equal": ("{first}，{second}，两者相等。", "{first} and {second}: they are equal."),
    "d_sequence": ("前 {n} 个{kind}：{items}。", "The first {n} {kind}: {items}."),
    "d_kind_prime": ("质数", "prime numbers"),
    "d_kind_even": ("偶数", "even numbers"),
    "d_kind_odd": ("奇数", "odd numbers"),
    "d_kind_square": ("平方数", "square numbers"),
    "d_kind_fibonacci": ("斐波那契数", "Fibonacci numbers"),
    "d_hello": (
        "你好！我是离线的模拟 Claude（按写好的规则运行，不是真正的模型）。有什么可以帮你？",
        "Hello! I'm the offline stand-in for Claude (written rules, not a model). How can I help?",
    ),
    "d_how": (
        "谢谢关心！我是离线的模拟 Claude（按写好的规则运行，不是真正的模型），随时可以帮忙。需要我做什么？",
        "Thanks for asking! I'm the offline stand-in for Claude (written rules, not a model), "
        "ready to help. What can I do for you?",
    ),
    "d_thanks": ("不客气！", "You're welcome!"),
    "d_glad": ("听到这个真为你高兴！", "That's wonderful to hear!"),
    "d_sorry": ("听到这个我很难过。", "I'm sorry to hear that."),
    "d_bye": ("再见！", "Goodbye!"),
    "d_recall": ("你问的是：“{text}”", 'You asked: "{text}"'),
    "d_recall_none": (
        "这是我们对话中的第一条消息，在它之前你还没有问过什么。",
        "This is the first message of our conversation: you asked nothing before it.",
    ),
    # server-side web search for any question (agentkit.sim.websearch)
    "ws_searching": ("我来上网搜索“{query}”。", 'Let me search the web for "{query}".'),
    "ws_offline_title": ("离线搜索：没有联网", "Offline search: no live web"),
    "ws_offline_text": (
        "这是离线的模拟搜索，不连接互联网，没有找到关于“{query}”的网页。",
        'This is the offline stand-in\'s search: it reaches no live web and found no page about "{query}".',
    ),
    "ws_nothing": (
        "我用 web_search 搜索了“{query}”。我是离线的模拟 Claude：这里的搜索不连接互联网，没有找到相关网页，"
        "所以给不出最新的事实。要问真实 Claude：设置 ANTHROPIC_API_KEY 后重新运行，代码不用改。",
        'I searched the web for "{query}" (web_search). I\'m the offline stand-in for Claude: its '
        "search reaches no live web and found no page about it, so I can't give current facts. To ask "
        "real Claude, set ANTHROPIC_API_KEY and run again; the code stays the same.",
    ),
    "ws_found": (
        "我用 web_search 搜索了“{query}”（离线的模拟搜索，只有存储的网页），找到：",
        'I searched the web for "{query}" (the offline stand-in\'s search: stored pages only) and found:',
    ),
    # the general policy (agentkit.sim.general): any tools but the orders world's
    "g_call": ("我先{tools}。", "Let me {tools}."),
    "g_call_next": ("根据上一步的结果，接下来{tools}。", "With that, next I'll {tools}."),
    "valid_yes": (
        "是的：有效期到 {end}，{day} 时仍然有效。",
        "Yes: it is valid until {end}, so it is still valid on {day}.",
    ),
    "valid_no": (
        "不：有效期只到 {end}，早于 {day}，届时已过期（除非续期）。",
        "No: it is valid only until {end}, before {day}, so it will have expired by then unless renewed.",
    ),
    "g_retry_listed": (
        "我想{doing}，但没有成功（{err}）。我改用它列出的“{value}”再试一次。",
        "I tried to {doing}, but it failed ({err}); retrying once with “{value}”, one of the values it lists.",
    ),
    "g_retry_format": (
        "我想{doing}，但输入的格式不对（{err}）。我按提示改正后再试一次。",
        "I tried to {doing}, but the input was malformed ({err}); retrying once with it corrected.",
    ),
    "g_retry_transient": (
        "我想{doing}，但暂时没有成功（{err}），我重试一次。",
        "I tried to {doing}, but it failed for now ({err}); retrying once.",
    ),
    "g_wrote": ("已写入 {file}：\n{text}", "Wrote {file}:\n{text}"),
    "g_found_in": (
        "- {file}：{rows} 条记录，其中 {n} 条含 {marks}",
        "- {file}: {rows} records, {n} with {marks}",
    ),
    "g_rows_in": ("- {file}：{n} 条记录", "- {file}: {n} records"),
    "g_file_text": ("{file} 的内容：\n{text}", "{file} says:\n{text}"),
    "g_result": ("{tool} 的结果：{values}", "{tool} returned: {values}"),
    "g_act_result": ("{tool} 已办好：{values}", "{tool} went through: {values}"),
    "g_pick": ("其中{which}的是：{item}", "The {which} one: {item}"),
    "g_most_of": (
        "{field} {how}的是 {subject}（{value}）。",
        "{subject} has the {how} {field} ({value}).",
    ),
    "g_cheaper": (
        "{subject} 更便宜：{value}，比 {other}（{other_value}）便宜 {diff}。",
        "{subject} is cheaper: {value}, {diff} less than {other} ({other_value}).",
    ),
    "g_dearer": (
        "{subject} 更贵：{value}，比 {other}（{other_value}）贵 {diff}。",
        "{subject} costs more: {value}, {diff} more than {other} ({other_value}).",
    ),
    "g_more": ("更高", "higher"),
    "g_less": ("更低", "lower"),
    "g_figure": (
        "{n} 个表格中 {column} 的{kind}：{value}",
        "The {kind} of {column} over {n} tables: {value}",
    ),
    "g_figure_by": (
        "按 {by} 的{column}{kind}：{groups}",
        "The {kind} of {column} by {by}: {groups}",
    ),
    "g_figure_most": (
        "{column}{kind}最高的{by}是 {label}：{value}。",
        "{label} has the highest {kind} of {column} of any {by}: {value}.",
    ),
    "g_figure_least": (
        "{column}{kind}最低的{by}是 {label}：{value}。",
        "{label} has the lowest {kind} of {column} of any {by}: {value}.",
    ),
    "f_kind_count": ("{kind} {n} 行", "{n} {kind} lines"),
    "lt_between_yes": (
        "来得及：{first} {end} 结束，走过去要 {minutes} 分钟，{arrive} 到，比 {second} {start} 开始早 {gap} 分钟。",
        "Yes: {first} ends at {end}, and it takes {minutes} min to get to {second}, so you arrive "
        "at {arrive}, {gap} min before it starts at {start}.",
    ),
    "lt_between_no": (
        "来不及：{first} {end} 结束，走过去要 {minutes} 分钟，{arrive} 才到，{second} {start} 就开始了，"
        "会错过开头约 {gap} 分钟。要赶上开头，得在 {leave} 前离开 {first}。",
        "No: {first} ends at {end}, and it takes {minutes} min to get to {second}, so you would "
        "arrive at {arrive}, about {gap} min after it starts at {start}. To be there for the "
        "start, leave {first} by {leave}.",
    ),
    "f_weighed_yes": (
        "够：{have_label} {have}，{need_label} {need}，还多 {gap}。",
        "Yes: {have_label} {have} against {need_label} {need} ({gap} to spare).",
    ),
    "f_weighed_no": (
        "不够：{have_label} {have}，{need_label} {need}，还差 {gap}。",
        "No: {have_label} {have} against {need_label} {need} ({gap} short).",
    ),
    "f_weighed_short": ("不够的是：{parts}。", "Short on: {parts}."),
    "f_enough_yes": (
        "够：「{line}」，有 {have}，需要 {need}，还多 {gap}。",
        'Yes: the file says "{line}": {have} there, {need} needed ({gap} to spare).',
    ),
    "f_enough_no": (
        "不够：「{line}」，只有 {have}，需要 {need}，还差 {gap}。",
        'No: the file says "{line}": only {have} there, {need} needed ({gap} short).',
    ),
    "f_outdated": (
        "过时的是 {stale}：{ref} 是 {at}。",
        "Out of date: {stale}; {ref} says {at}.",
    ),
    "f_outdated_agree": ("与之一致的：{agree}。", "Up to date: {agree}."),
    "f_outdated_none": (
        "没有过时的文件：{agree} 都与 {ref}（{at}）一致。",
        "None is out of date: {agree} agree with {ref} ({at}).",
    ),
    "g_figure_entries": ("各项", "the entries"),
    "g_figure_one": ("{column} 的{kind}：{value}", "The {kind} of {column}: {value}"),
    "g_cannot_edit": (
        "我没有做到：{asks}。离线替身按书面规则工作，不会改写文字；其余按要求做了。",
        "I did not {asks}: the offline stand-in follows written rules and does not rewrite text; the rest was done as asked.",
    ),
    "g_edited": (
        "已修改 {file}：{changes}。",
        "Changed {file}: {changes}.",
    ),
    "g_edit_missed": (
        "{file} 里没有找到 {what}，这一处没有改。",
        "{what} is not in {file}, so that change was not made.",
    ),
    "g_delegate_files": ("请读 {files} 来回答。", "Read {files} to answer."),
    "g_records": ("{kind}：共 {n} 条：{ids}。", "{kind}: {n} in all: {ids}."),
    "g_files_listed": ("共有 {n} 个文件：{names}。", "There are {n} files: {names}."),
    "g_no_files_listed": ("一个文件也没有找到。", "No such files were found."),
    "g_mentioned": ("提到 {text} 的是 {parts}。", "{text} is in {parts}."),
    "g_mentioned_at": ("{file}（第 {n} 行：{line}）", "{file} (line {n}: {line})"),
    "g_counted_one": ("{file} 里共有 {n} 处 {text}。", "{file} has {n} lines with {text}."),
    "g_counted": (
        "{files} 个文件里共有 {n} 处 {text}（{parts}）。",
        "{text}: {n} in all over {files} files ({parts}).",
    ),
    "g_figure_total": ("合计", "total"),
    "g_figure_average": ("平均值", "average"),
    "g_figure_largest": ("最大值", "largest"),
    "g_figure_smallest": ("最小值", "smallest"),
    "g_total": (
        "一共是 {total}{unit}（{n} 项 {field} 相加）。",
        "In total: {total}{unit} ({field} of {n} added up).",
    ),
    "g_average": (
        "平均是 {total}{unit}（{n} 项 {field} 的平均值）。",
        "On average: {total}{unit} ({field} over {n}).",
    ),
    # the fact asked of several values (agentkit.sim.facts)
    "g_compared": (
        "{first} {way}：{field} {value}（{others}）。",
        "{first} is {way}: {field} {value} ({others}).",
    ),
    "g_not_given": ("查到的结果里没有说{what}。", "The results don't say {what}."),
    "g_change_up": (
        "{field} 增加了 {by}：从 {a}（{la}）到 {b}（{lb}）。",
        "{field} went up by {by}, from {a} ({la}) to {b} ({lb}).",
    ),
    "g_change_down": (
        "{field} 减少了 {by}：从 {a}（{la}）到 {b}（{lb}）。",
        "{field} went down by {by}, from {a} ({la}) to {b} ({lb}).",
    ),
    "g_change_none": (
        "{field} 没有变化：{la} 和 {lb} 都是 {a}。",
        "{field} did not change: {a} in both {la} and {lb}.",
    ),
    "g_compared_gap": (
        "{first} 比 {other} {way} {gap}。",
        "{first} is {gap} {way} than {other}.",
    ),
    "g_gap_more": ("多", "more"),
    "g_gap_less": ("少", "less"),
    "g_way_more": ("更高", "higher"),
    "g_way_less": ("更低", "lower"),
    "g_way_most": ("最高", "the highest"),
    "g_way_least": ("最低", "the lowest"),
    "g_same": (
        "按 {field} 比较：{all} 一样，都是 {value}。",
        "By {field}: {all} are the same, at {value}.",
    ),
    "g_within": (
        "{subject}{field} 是 {value}{unit}，在参考范围 {low}-{high} 之内，正常。",
        "{subject}{field} is {value}{unit}, within the reference range {low}-{high}: normal.",
    ),
    "g_below": (
        "{subject}{field} 是 {value}{unit}，低于参考范围 {low}-{high}，偏低。",
        "{subject}{field} is {value}{unit}, below the reference range {low}-{high}: low.",
    ),
    "g_above": (
        "{subject}{field} 是 {value}{unit}，高于参考范围 {low}-{high}，偏高。",
        "{subject}{field} is {value}{unit}, above the reference range {low}-{high}: high.",
    ),
    "g_extreme": (
        "{field} {way}的是 {value}（{label}），共 {n} 条记录。",
        "The {way} {field} is {value} ({label}), among {n} entries.",
    ),
    "g_crossed": (
        "{ans}：{field} {top}是 {value}{label}，{rel} {limit}。",
        "{ans}: the {top}{field} is {value}{label}, {rel} {limit}.",
    ),
    # a user's limit for whether something is OK (sim.facts rule 8a): the answer to that question
    "g_bar_over_no": (
        "不行：{field}{top}是 {value}{label}，超过了你说的 {limit}。",
        "No: the {top}{field} is {value}{label}, over your limit of {limit}.",
    ),
    "g_bar_over_yes": (
        "可以：{field}{top}是 {value}{label}，没有超过你说的 {limit}。",
        "Yes: the {top}{field} is {value}{label}, within your limit of {limit}.",
    ),
    "g_bar_under_no": (
        "不行：{field}{top}是 {value}{label}，低于你说的 {limit}。",
        "No: the {top}{field} is {value}{label}, under your limit of {limit}.",
    ),
    "g_bar_under_yes": (
        "可以：{field}{top}是 {value}{label}，没有低于你说的 {limit}。",
        "Yes: the {top}{field} is {value}{label}, within your limit of {limit}.",
    ),
    "g_total_over": (
        "不行：一共 {total}，超过了你说的 {limit}。",
        "No: the total is {total}, over your limit of {limit}.",
    ),
    "g_total_over_asked": (
        "是的，超过了：一共 {total}，超过了你说的 {limit}。",
        "Yes, it goes over: the total is {total}, over your limit of {limit}.",
    ),
    "g_total_within_asked": (
        "没有超过：一共 {total}，在你说的 {limit} 以内。",
        "No, it does not go over: the total is {total}, within your limit of {limit}.",
    ),
    "g_total_within": (
        "可以：一共 {total}，没有超过你说的 {limit}。",
        "Yes: the total is {total}, within your limit of {limit}.",
    ),
    "g_ans_yes": ("是", "Yes"),
    "g_ans_no": ("否", "No"),
    "g_rel_over_yes": ("高于", "above"),
    "g_rel_over_no": ("没有高于", "not above"),
    "g_rel_under_yes": ("低于", "below"),
    "g_rel_under_no": ("没有低于", "not below"),
    "g_order_first": (
        "最早的是 {name}，时间 {when}{now}。",
        "The first is {name}, at {when}{now}.",
    ),
    "g_order_next": ("下一个是 {name}，时间 {when}{now}。", "The next is {name}, at {when}{now}."),
    "g_order_last": ("最晚的是 {name}，时间 {when}{now}。", "The last is {name}, at {when}{now}."),
    "g_order_first_bare": ("最早的是 {when}{now}。", "The first one is {when}{now}."),
    "g_order_next_bare": ("下一个是 {when}{now}。", "The next one is {when}{now}."),
    "g_order_last_bare": ("最晚的是 {when}{now}。", "The last one is {when}{now}."),
    "g_now": ("（现在是 {now}）", " (it is {now} now)"),
    "g_keys_missing": (
        "{file} 缺少 {other} 里有的 {n} 个键：{keys}。",
        "{file} is missing {n} key(s) that {other} has: {keys}.",
    ),
    "g_keys_repeated": (
        "{file} 里重复定义的 {n} 个键：{keys}。",
        "{file} defines {n} key(s) more than once: {keys}.",
    ),
    "g_keys_none": (
        "这几个文件的键没有缺少或重复的。",
        "No key is missing or duplicated across these files.",
    ),
    "g_suited": (
        "{which}的是 {label}（{field} {value}{more}）。",
        "The {which} is {label} ({field} {value}{more}).",
    ),
    "g_suited_worst": ("最不合适", "worst"),
    "g_suited_best": ("最合适", "best"),
    "g_top_high": ("最高", "highest"),
    "g_top_low": ("最低", "lowest"),
    "g_latest_line": ("其中最新的是第 {n} 行：{text}", "The most recent is line {n}: {text}"),
    "g_line": ("第 {n} 行：{text}", "line {n}: {text}"),
    "g_lines": ("{file} 里：{lines}", "In {file}, {lines}"),
    "g_derived": ("算下来约 {result}：{steps}。", "Worked out, about {result}: {steps}."),
    # the most lines of a text, a changelog's entries by kind (agentkit.sim.files, rules 6 and 7)
    # whether a value is fit for what the question asks (agentkit.sim.facts, rule 11)
    # sim.facts rules 14-16: gear for the weather, money enough, free or taken
    "g_gear_rain_yes": (
        "要带：降水概率 {value}{more}。",
        "Yes, take one: a {value} chance of rain{more}.",
    ),
    "g_gear_rain_no": (
        "不用带：降水概率只有 {value}{more}。",
        "No need: only a {value} chance of rain{more}.",
    ),
    "g_gear_sun_yes": (
        "要带：紫外线指数 {value}{more}。",
        "Yes, take it: the UV index is {value}{more}.",
    ),
    "g_gear_sun_no": (
        "不太需要：紫外线指数只有 {value}{more}。",
        "Hardly: the UV index is only {value}{more}.",
    ),
    "g_gear_said_yes": ("要带：{value}。", "Yes, take one: {value}."),
    "g_gear_said_no": ("不用带：{value}。", "No need: {value}."),
    "g_afford_yes": (
        "够：{field} 是 {need}，在你的 {have} 以内，还剩 {by}。",
        "Yes: the {field} is {need}, within your {have}, with {by} to spare.",
    ),
    "g_afford_no": (
        "不够：{field} 是 {need}，比你的 {have} 多出 {by}。",
        "No: the {field} is {need}, {by} more than your {have}.",
    ),
    "g_covers_yes": (
        "够：{field} 是 {have}，比需要的 {need} 多 {by}。",
        "Yes: the {field} is {have}, {by} more than the {need} needed.",
    ),
    "g_covers_no": (
        "不够：{field} 是 {have}，比需要的 {need} 少 {by}。",
        "No: the {field} is {have}, {by} short of the {need} needed.",
    ),
    "g_enough_yes": (
        "够：{field} 是 {have}，比需要的 {need} 多 {by}。",
        "Yes: {field} is {have}, {by} more than the {need} needed.",
    ),
    "g_enough_no": (
        "不够：{field} 是 {have}，比需要的 {need} 少 {by}。",
        "No: {field} is {have}, {by} short of the {need} needed.",
    ),
    "r_reach_yes": (
        "能：大约需要 {need} 天，在你说的 {asked} 天之内（还有 {by} 天余量；{how}）。",
        "Yes: it takes about {need} days, within the {asked} days ({by} to spare; {how}).",
    ),
    "r_reach_no": (
        "不能：大约需要 {need} 天，比你说的 {asked} 天多 {by} 天（{how}）。",
        "No: it takes about {need} days, {by} more than the {asked} days ({how}).",
    ),
    "r_reach_how": ("{moved}，每天 {rate}，要 {days} 天", "{moved} at {rate} a day is {days} days"),
    "g_left_out": (
        "另有 {n} 项不在你给的 {field} {value} 之内，没有列出。",
        "{n} more left out: not within your {field} of {value}.",
    ),
    "r_party_total": ("一共 {total}：{items}。", "In total {total}: {items}."),
    "r_reach_left": ("还剩 {n}", "{n} to go"),
    "r_reach_wait": ("，另需等 {wait} 天", ", plus a {wait}-day wait"),
    "g_among_yes": ("有：{found}。", "Yes: {found}."),
    "g_among_no": ("没有{thing}：列出的是 {listed}。", "No {thing}: the list has {listed}."),
    "g_in_time_yes": (
        "来得及：{field} 是 {expected}，在 {deadline} 之前。",
        "Yes: the {field} is {expected}, within {deadline}.",
    ),
    "g_in_time_no": (
        "来不及：{field} 是 {expected}，晚于 {deadline}。",
        "No: the {field} is {expected}, after {deadline}.",
    ),
    "g_pace_month": ("月", "month"),
    "g_pace_week": ("周", "week"),
    "g_pace_last_yes": (
        "够：{label} {whole}，已用 {done}，还剩 {rest}；本{period}还有 {days} 天，平均每天可用 {per_rest}，"
        "前 {so_far} 天平均每天 {per_so_far}，照这个速度不会超出。",
        "Yes: {done} of the {whole} {label} is used and {rest} is left for the {days} days to the "
        "end of the {period}, about {per_rest} a day; at {per_so_far} a day over the {so_far} days so far "
        "it lasts.",
    ),
    "g_pace_last_no": (
        "照这个速度不够：{label} {whole}，已用 {done}，只剩 {rest}；本{period}还有 {days} 天，"
        "平均每天只能用 {per_rest}，而前 {so_far} 天平均每天用了 {per_so_far}，需要省着点。",
        "No, not at this pace: {done} of the {whole} {label} is used and only {rest} is left for "
        "the {days} days to the end of the {period}, about {per_rest} a day, against "
        "{per_so_far} a day over the {so_far} days so far; you would need to cut back.",
    ),
    "g_pace_over": (
        "不够：{label} {whole} 已经用完了，已用 {done}，超出 {rest}。",
        "No: the {whole} {label} is already used up: {done} used, {rest} over.",
    ),
    "g_pace_track_yes": (
        "按目前的进度能完成：{label} {whole}，已完成 {done}，还差 {rest}；本{period}还有 {days} 天，"
        "平均每天需要 {per_rest}，前 {so_far} 天平均每天 {per_so_far}。",
        "Yes, on track: {done} of the {whole} {label} so far, {rest} to go in the {days} days "
        "left this {period}, about {per_rest} a day; you have averaged {per_so_far} a day over {so_far} "
        "days.",
    ),
    "g_pace_track_no": (
        "按目前的进度完成不了：{label} {whole}，已完成 {done}，还差 {rest}；本{period}还有 {days} 天，"
        "平均每天需要 {per_rest}，而前 {so_far} 天平均每天只有 {per_so_far}。",
        "Not on track at this pace: {done} of the {whole} {label} so far, {rest} to go in the "
        "{days} days left this {period}, about {per_rest} a day, against {per_so_far} a day "
        "over the {so_far} days so far.",
    ),
    "g_pace_reached": (
        "已经完成了：{label} {whole}，已完成 {done}。",
        "Yes: the {whole} {label} is already reached: {done} so far.",
    ),
    "g_timely_take": (
        "建议坐 {item}：{facts}；{arrive} 到，赶得上 {at}。",
        "Take {item}: {facts}. It arrives at {arrive}, in time for {at}.",
    ),
    "g_timely_take_walk": (
        "建议坐 {item}：{facts}；{arrive} 到，再花 {n} 分钟也能在 {at} 前到。",
        "Take {item}: {facts}. It arrives at {arrive}, so with the {n} minutes to get there you "
        "make {at}.",
    ),
    "g_timely_late": ("{item} {arrive} 才到，来不及。", "{item} arrives at {arrive}, too late."),
    "g_timely_dearer": (
        "{item} 也来得及，但更贵（{price}）。",
        "{item} also makes it but costs more ({price}).",
    ),
    "g_advice_no": ("不建议。{said}", "No. {said}"),
    "g_taken_entry": ("{start}–{end} 的 {what}", "{what} from {start} to {end}"),
    "g_taken_when": ("{period}", "in the {period}"),
    "g_taken_day": ("那天", "that day"),
    "g_free_yes": (
        "有空：{when}日程上没有安排。",
        "Yes, you're free: nothing is on the calendar {when}.",
    ),
    "g_free_no": (
        "{when}不完全有空：有 {entries}，其余时间空闲。",
        "Not entirely: {when} you have {entries}; the rest is free.",
    ),
    "g_clash_yes": ("是的，有冲突：{pairs}。", "Yes, you're double-booked: {pairs}."),
    "g_clash_pair": ("{a} 和 {b} 重叠", "{a} overlaps {b}"),
    "g_clash_no": ("没有冲突：{when}没有时间重叠的安排。", "No: nothing overlaps {when}."),
    "g_fit_yes": ("可以：{subject}{field} 为 {value}。", "Yes: {subject}{field} is {value}."),
    "g_fit_no": ("不建议：{subject}{field} 为 {value}。", "No: {subject}{field} is {value}."),
    "g_fit_unknown": (
        "{subject}{field} 为 {value}；结果没有给出可据以判断的限值或等级。",
        "{subject}{field} is {value}; the result gives no limit or rating to judge it by.",
    ),
    "g_fit_range_yes": ("可以。", "Yes."),
    "g_fit_range_no": ("不建议。", "No."),
    "g_most_lines": (
        "{text} 最多的是 {group}：{n} 条（{where}）。",
        "The most {text}: {group}, with {n} ({where}).",
    ),
    "g_most_where": ("{file} 第 {lines} 行", "{file} line(s) {lines}"),
    "g_most_others": ("其余：{others}。", "The others: {others}."),
    "g_most_other": ("{group} {n} 条", "{group} {n}"),
    "g_latest_across": (
        "最新的是 {file} 第 {n} 行：{text}",
        "The most recent is {file} line {n}: {text}",
    ),
    "g_latest_tags": ("这一行涉及：{tags}。", "That line names {tags}."),
    "g_most_tags": ("这些行涉及：{tags}。", "Those lines name {tags}."),
    "g_most_quoted": ("这些行：{lines}", "Those lines: {lines}"),
    "g_entries": ("{section} 里有 {counts}。", "{section} has {counts}."),
    "g_entries_kind": ("{n} 个{kind}", "{n} {kind}"),
    "g_entries_listed": ("{n} 个{kind}（{items}）", "{n} {kind} ({items})"),
    # a manner the system prompt asks for (agentkit.sim.manner)
    "pirate_open": ("啊哈！", "Arr!"),
    "pirate_close": ("——海盗船长敬上，扬帆起航！", "Fair winds, matey!"),
    "g_field": ("{subject}{field} 是 {value}。", "{subject}{field} is {value}."),
    "g_yes": ("是的：{subject}{field} 为 {value}。", "Yes: {subject}{field} is {value}."),
    "g_no": ("不是：{subject}{field} 为 {value}。", "No: {subject}{field} is {value}."),
    "g_rows": (
        "一共 {n} {thing}（{file} 表头之后有 {n} 行数据）。",
        "{n} {thing} ({file} has {n} rows after its header line).",
    ),
    "g_rows_wc": (
        "一共 {n} {thing}（wc -l 数出 {file} 有 {lines} 行，其中一行是表头）。",
        "{n} {thing} (wc -l counts {lines} lines in {file}, one of them the header).",
    ),
    "g_dup": (
        "{file} 里 {value} 重复了（第 {lines} 行：{rows}）。",
        "{value} is duplicated in {file} (lines {lines}: {rows}).",
    ),
    "g_no_dup": ("{files} 里没有重复的记录。", "No duplicates in {files}."),
    "g_clash": (
        "{file} 里 {shared} 有冲突：{rows}（第 {lines} 行）。",
        "Clash in {file} at {shared}: {rows} (lines {lines}).",
    ),
    "g_no_clash": ("{files} 里没有冲突。", "No clashes in {files}."),
    "g_gap": ("空着的：{gaps}。", "Left empty: {gaps}."),
    # a fact worked out from a result's records (sim.derived)
    "d_left_max": (
        "剩余最多的是 {item}：还剩 {left}（{whole} {w}，{part} {p}）。",
        "{item} has the most left: {left} ({whole} {w}, {part} {p}).",
    ),
    "d_left_min": (
        "剩余最少的是 {item}：还剩 {left}（{whole} {w}，{part} {p}）。",
        "{item} has the fewest left: {left} ({whole} {w}, {part} {p}).",
    ),
    "d_left_one": (
        "{item} 还剩 {left}（{whole} {w}，{part} {p}）。",
        "{item}: {left} left ({whole} {w}, {part} {p}).",
    ),
    "d_left_any": ("还有剩余的：{items}。", "With some left: {items}."),
    "d_left_none": ("都没有剩余了。", "None has any left."),
    "d_left_item": ("{item} 剩 {left}", "{item} {left} left"),
    "d_others": ("其余：{others}。", "Others: {others}."),
    "d_below": ("低于各自 {limit} 的有 {n} 项：{items}。", "{n} below their {limit}: {items}."),
    "d_below_none": ("没有低于各自 {limit} 的。", "None is below its {limit}."),
    "d_above": ("超过各自 {limit} 的有 {n} 项：{items}。", "{n} above their {limit}: {items}."),
    "d_above_none": ("没有超过各自 {limit} 的。", "None is above its {limit}."),
    "d_state": ("“{state}”的有 {n} 个：{items}。", "{n} {state}: {items}."),
    "d_counted": ("符合条件的有 {n} 个：{items}。", "{n} meet that: {items}."),
    "d_among": ("其中符合的是：{best}。", "Of those: {best}."),
    "d_among_none": ("其中没有符合的。", "None of those does."),
    "d_code": ("{code} 一共 {n} 次{total}：{items}。", "{code}: {n} times{total}: {items}."),
    "d_code_total": ("，合计 {total}", ", {total} in total"),
    "g_count_kind": (
        "一共 {total} {unit}{kind}：{items}。",
        "{total}{unit} {kind} in all: {items}.",
    ),
    "g_late_yes": (
        "是的，{name} 晚点 {n} 分钟：预计 {expected}，原定 {planned}。",
        "Yes, {name} is {n} minutes late: expected {expected} instead of {planned}.",
    ),
    "g_late_no": (
        "没有晚点，{name} 预计 {expected}（原定 {planned}）。",
        "No, {name} is on time: expected {expected} (scheduled {planned}).",
    ),
    "g_late_on_time_yes": (
        "是的，{name} 准点：预计 {expected}（原定 {planned}）。",
        "Yes, {name} is on time: expected {expected} (scheduled {planned}).",
    ),
    "g_late_on_time_no": (
        "不准点，{name} 晚点 {n} 分钟：预计 {expected}，原定 {planned}。",
        "No, {name} is {n} minutes late: expected {expected} instead of {planned}.",
    ),
    "g_on_day": ("{day}：{value}。", "{day}: {value}."),
    "g_on_day_closes": ("{day}：{value}，{part} 关门。", "{day}: {value}, so it closes at {part}."),
    "g_on_day_opens": ("{day}：{value}，{part} 开门。", "{day}: {value}, so it opens at {part}."),
    "g_count": ("一共有 {total} 项（{field}）。", "There are {total} in all ({field})."),
    "g_worked_out": (
        "{expr} = {result}（逐步用工具算出：{steps}）",
        "{expr} = {result} (worked out with the tools, step by step: {steps})",
    ),
    "g_unmet": (
        "查到的是 {why}，所以我没有{doing}。",
        "What I found: {why}, so I did not {doing}.",
    ),
    # the operator's rules (agentkit.sim.operator)
    "op_read_only": (
        "我的指示不允许我用 {tools} 做这个改动：“{rule}”",
        "My instructions don't let me make this change with {tools}: “{rule}”",
    ),
    "op_blocked": (
        "我没有调用 {tools}：结果显示“{state}”，而规则是“{rule}”",
        "I did not call {tools}: the result says “{state}”, and the rule is “{rule}”",
    ),
    "op_reason": (
        "{value} 超过了 {bound} 的上限",
        "{value} is over the {bound} limit",
    ),
    "op_bound_blocked": (
        "我没有调用 {tools}：{why}（“{rule}”）。",
        "I did not call {tools}: {why} (“{rule}”).",
    ),
    "op_routed": (
        "因为 {why}，我用了 {tool} 而不是 {other}（“{rule}”）。",
        "Because {why}, I used {tool} instead of {other} (“{rule}”).",
    ),
    "op_limit": (
        "规则是“{rule}”，而你要的 {prop} 是 {value}。按 {bound} 办理可以吗？",
        "The rule is “{rule}”, and you asked for {prop} {value}. Shall I make it {bound} instead?",
    ),
    "op_confirm": (
        "请确认：要我调用 {calls} 吗？",
        "Please confirm: shall I call {calls}?",
    ),
    "op_declined": (
        "好的，我没有调用 {tools}。",
        "OK, I did not call {tools}.",
    ),
    "g_reading_below": ("{reading}，低于{bound}", "{reading}, below {bound}"),
    "g_reading_not_below": ("{reading}，不低于{bound}", "{reading}, not below {bound}"),
    "g_reading_above": ("{reading}，高于{bound}", "{reading}, above {bound}"),
    "g_reading_not_above": ("{reading}，不高于{bound}", "{reading}, not above {bound}"),
    "g_not_needed": (
        "查到的结果不需要这一步，所以我没有{doing}。",
        "What I found does not call for it, so I did not {doing}.",
    ),
    "g_edit_doing": ("修改 {file}", "edit {file}"),
    "g_found_empty": (
        "我试着{doing}{given}，没有找到任何结果。",
        "I tried to {doing}{given}, and nothing was found.",
    ),
    "g_not_found": (
        "我想{doing}，但没有找到要的东西：{err}",
        "I tried to {doing}, but found nothing: {err}",
    ),
    # a named file that is not where the request said (general.recover, agentkit.sim.shell)
    "g_look_around": (
        "没有找到 {name}，我在工作目录里（含子目录）找一下。",
        "There is no {name} where I looked; let me search the working tree for it.",
    ),
    "g_found_text": ("{path} 的内容：\n{text}", "{path} holds:\n{text}"),
    "g_found_at": ("{name} 在 {path}，我读一下。", "{name} is at {path}; let me read it."),
    "g_not_here": (
        "工作目录里（含子目录）没有 {name}。找到的 .{ext} 文件有：{found}。要看其中哪一个？",
        "There is no {name} anywhere in the working tree. The .{ext} files there are: {found}. "
        "Shall I read one of them?",
    ),
    "g_none_here": (
        "工作目录里（含子目录）没有 {name}，也没有别的 .{ext} 文件。",
        "There is no {name} anywhere in the working tree, and no other .{ext} file either.",
    ),
    "g_blank": (
        "{file} 里有 {n} 行留空：{rows}。",
        "Rows of {file} with empty cells ({n}): {rows}.",
    ),
    "g_blank_row": ("第 {n} 行缺 {columns}（{row}）", "line {n} has no {columns} ({row})"),
    "g_no_blank": ("{files} 里每一行都填全了。", "Every row of {files} is filled in."),
    "g_more_lines": ("（后面还有 {n} 行，没有列出）", "(and {n} more lines, not shown)"),
    "g_edit_refused": (  # one file of several not changed: its edit was refused
        "我想{doing}，但被拒绝了：{err}。{file} 保持原样，其他文件照常修改了。",
        "I tried to {doing}, but it was refused: {err}. {file} stays as it was; the other files "
        "were changed.",
    ),
    "g_delete_refused": (  # a command that deletes files, refused (general.recover)
        "我想删除 {files}，但被拒绝了：{err}。{files} 还在，如果不需要了，请你自己删除。",
        "I tried to delete {files}, but it was refused: {err}. {files} is still there; please "
        "delete it yourself if you no longer need it.",
    ),
    "g_by_type": (  # lines of a kind counted by their type (files, rule 8b)
        "按类型统计（共 {n} 条）：{counts}。",
        "By type ({n} in all): {counts}.",
    ),
    "g_earliest": (  # the earliest line asked about across files (files, rule 8a)
        "最早的一条在 {file} 第 {n} 行：{text}",
        "The earliest is in {file}, line {n}: {text}",
    ),
    "g_problems": ("{file} 里发现 {n} 个问题：", "{n} problems found in {file}:"),
    "g_problem_blank": (
        "- 第 {line} 行（{who}）：{column} 是空白",
        "- line {line} ({who}): {column} is blank",
    ),
    "g_problem_range": (
        "- 第 {line} 行（{who}）：{column} 是 {value}，超出 {bound}",
        "- line {line} ({who}): {column} is {value}, outside {bound}",
    ),
    "g_problem_negative": (
        "- 第 {line} 行（{who}）：{column} 是 {value}，不能为负数",
        "- line {line} ({who}): {column} is {value}, a negative value",
    ),
    "g_problem_duplicate": (
        "- {column} {value} 重复出现（第 {bound} 行）",
        "- {column} {value} appears more than once (lines {bound})",
    ),
    "g_denied": (
        "我想{doing}，但被拒绝了：{err}。这要由有权限的人来决定，我到此为止，没有做别的操作。",
        "I tried to {doing}, but it was refused: {err}. Someone with the authority has to decide; "
        "I stopped here and did nothing else.",
    ),
    "g_unavailable": (
        "我想{doing}，但重试后仍然失败（{err}）：这项服务现在暂时不可用，请稍后再试。",
        "I tried to {doing}, but it failed again after a retry ({err}): the service is "
        "unavailable right now. Please try again later.",
    ),
    "g_not_done": (
        "我想{doing}，但还缺少信息（{err}）。",
        "I tried to {doing}, but it needs more information ({err}).",
    ),
    "g_cannot_fix": (
        "我想{doing}，但输入的格式不对，我改不出正确的写法：{err}",
        "I tried to {doing}, but the input was malformed and I could not correct it: {err}",
    ),
    "g_failed": ("我想{doing}，但失败了：{err}", "I tried to {doing}, but it failed: {err}"),
    "g_unwritten": (
        "没能写进文件，要写的内容是：\n{text}",
        "It was not written; what it was to hold:\n{text}",
    ),
    "g_left_aside": (
        "以下没有动（不在你要的范围内）：{names}",
        "Left as they were (not among the ones you asked for): {names}",
    ),
    "g_ask": (
        "要{aim}，我还需要知道：{fields}。请告诉我？",
        "To {aim} I still need {fields}. What should I use?",
    ),
    "g_ask_image": (
        "我是离线的模拟 Claude（按写好的规则运行，不是真正的模型），看不到图片，所以读不出图里的{fields}。"
        "请把这些值告诉我，我就能{aim}。",
        "I'm the offline stand-in for Claude (written rules, not a model) and cannot see images, so "
        "I can't read {fields} from the image. Tell me the values and I'll {aim}.",
    ),
    "g_no_tool": (
        "我是离线的模拟 Claude（按写好的规则运行，不是真正的模型），这里提供的工具都回答不了这个问题。",
        "I'm the offline stand-in for Claude (written rules, not a model), and none of the tools "
        "offered here answers this question.",
    ),
    "g_noted": (
        "好的，记下了：{codes}。需要我帮你做什么？",
        "Noted: {codes}. What would you like me to do with it?",
    ),
    "g_no_tool_for": (
        "我是离线的模拟 Claude（按写好的规则运行，不是真正的模型）。这里的工具都做不到“{ask}”，"
        "我不猜测答案。",
        "I'm the offline stand-in for Claude (written rules, not a model). None of the tools here "
        "can do “{ask}”, and I won't guess an answer.",
    ),
    "g_no_tool_q": (
        "我是离线的模拟 Claude（按写好的规则运行，不是真正的模型）。这里的工具都回答不了“{ask}”，"
        "我不猜测答案。",
        "I'm the offline stand-in for Claude (written rules, not a model). None of the tools here "
        "can answer “{ask}”, and I won't guess an answer.",
    ),
    "g_elsewhere": (
        "“{ask}”要找提供这项服务的一方直接办理：他们的官网、App 或客服。",
        "For “{ask}”, go to whoever provides it directly: their website, app or customer service.",
    ),
    # the memory tool (agentkit.sim.memory)
    "mem_look": ("我先看看记忆目录里有什么。", "Let me check my memory directory first."),
    "mem_read": ("我读一下记忆里的文件。", "Let me read the files in my memory."),
    "mem_keep": ("我把这一条记到记忆里。", "Let me save that to my memory."),
    "mem_kept": ("好的，我记住了：{what}。", "Got it, I've saved that to memory: {what}."),
    "mem_failed": ("没能写进记忆：{err}", "I couldn't save that to memory: {err}"),
    "mem_empty": ("我的记忆目录里还没有任何内容。", "My memory directory is empty so far."),
    "mem_holds": ("我的记忆里有：{lines}", "My memory holds: {lines}"),
    # the developer tools (agentkit.sim.devtools)
    "dev_run_tests": (
        "我先运行测试，看看哪里失败。",
        "Let me run the tests first and see what fails.",
    ),
    "dev_rerun": ("改好了，再运行一次测试确认。", "Patched; running the tests again to confirm."),
    "dev_read": ("接下来读 {path}。", "Next I'll read {path}."),
    "dev_patch": (
        "{failure}。把 {path} 里的 `{old}` 改成 `{new}`，这样每条断言都成立。",
        "{failure}. In {path}, `{old}` becomes `{new}`, which makes every assert hold.",
    ),
    "dev_fixed": (
        "修好了：{path} 里的 `{old}` 改成了 `{new}`，测试全部通过。",
        "Fixed: in {path}, `{old}` is now `{new}`, and all the tests pass.",
    ),
    "dev_all_pass": (
        "测试都通过了（{report}），不需要修改。",
        "The tests pass ({report}); nothing to fix.",
    ),
    "dev_no_fix": (
        "{failure}。我找不到只改一处就能让测试通过的修改，需要人来看。",
        "{failure}. I found no single change that makes the tests pass; a person should look.",
    ),
    "dev_retry": (
        "{tool} 暂时失败（{err}），我重试一次。",
        "{tool} failed for now ({err}); retrying once.",
    ),
    "dev_not_found": (
        "仓库里没有 {path}（{tool}：{err}）。请告诉我正确的路径？",
        "There is no {path} in the repository ({tool}: {err}). Which path did you mean?",
    ),
    "dev_failed": (
        "{tool} 失败了：{err}。我到此为止，没有做别的修改。",
        "{tool} failed: {err}. I stopped here and changed nothing else.",
    ),
    # thinking
    "think_task": ("用户的任务：“{task}”", 'The task: "{task}"'),
    "think_result": ("{tool} 的结果{flag}：{text}", "{tool} returned{flag}: {text}"),
    "think_error_flag": ("（出错）", " (error)"),
    "think_no_results": (
        "还没有工具结果：先用工具拿到事实，不凭猜测行动。",
        "No tool results yet: get the facts with a tool first.",
    ),
    "think_call": (
        "决定：调用 {calls}，等结果回来再决定下一步。",
        "Decision: call {calls}, then decide on the result.",
    ),
    "think_refuse": (
        "决定：这个请求可能造成伤害，拒绝。",
        "Decision: this request could cause harm; refuse.",
    ),
    "think_ask": (
        "决定：工具需要的值对话里没有，先问用户，不编造。",
        "Decision: a value the tool needs is nowhere in the conversation; ask the user, don't "
        "invent it.",
    ),
    "think_direct": (
        "决定：这个问题不需要工具（问的是我的工具，或只是一道算术题）：直接回答。",
        "Decision: this needs no tool (it asks about my tools, or is plain arithmetic): answer "
        "it directly.",
    ),
    "think_talk": (
        "决定：这不需要工具（是寒暄，或答案就在对话本身里）：直接简短地回答。",
        "Decision: this needs no tool (it is small talk, or the conversation itself holds the "
        "answer): answer it directly and briefly.",
    ),
    "think_no_tool": (
        "决定：这里没有能回答它的工具，我也不知道工具之外的事实：简短如实地回答。",
        "Decision: no tool here serves this, and I know no facts beyond the tools: answer "
        "briefly and honestly.",
    ),
    # the record a question picks from results (sim.records)
    "r_max": (
        "{where}{field}最高的是 {item}：{value}{rest}。",
        "{item} has the highest{field}{where}: {value}{rest}.",
    ),
    "r_min": (
        "{where}{field}最低的是 {item}：{value}{rest}。",
        "{item} has the lowest{field}{where}: {value}{rest}.",
    ),
    "r_top": (
        "{where}{field}{word}的是 {item}：{value}{rest}。",
        "{item} has the {word}{field}{where}: {value}{rest}.",
    ),
    "r_one": ("{where}：{item}，{value}{rest}。", "{item}{where}: {value}{rest}."),
    "r_added": ("（{n} 条记录相加）", " ({n} entries added up)"),
    "r_choose": ("建议选 {item}{near}：{facts}。", "Go for {item}{near}: {facts}."),
    "r_nearest": ("（能用的里最近的）", " (the nearest of those that can)"),
    "r_cannot": ("{item} 不行：{why}。", "{item} won't do: {why}."),
    "r_others": ("其余：{others}。", " Others: {others}."),
    "r_margin": (
        "{item} 与第二名 {other}（{value}）相差 {gap}。",
        "{item} is {gap} ahead of the next one, {other} ({value}).",
    ),
    "r_frequent": ("出现最多的是 {value}：{n} 次。", "The most frequent is {value}: {n} times."),
    # the counts a shell command of several parts printed (sim.shell.counts)
    "sh_files": ("{where} 里共有 {n} 个 {name} 文件", "there are {n} {name} files in {where}"),
    "sh_rows": (
        "{where} 里 {name} 文件的数据行共 {n} 行（不算表头）",
        "the {name} files in {where} hold {n} data rows (headers not counted)",
    ),
    "sh_lines": ("{where} 里 {name} 文件共 {n} 行", "the {name} files in {where} hold {n} lines"),
    "think_answer": (
        "决定：需要的信息都有了，不再调用工具，直接回答。",
        "Decision: I have what I need; answer without tools.",
    ),
}
T = Strings("agentkit.sim.phrases", PHRASES)
"""The rows as a string table (agentkit.i18n), worded in the language `say` is given."""

REFUSAL_EXPLANATION = "The request asks for code that could be used to access other people's data without authorisation."


def spoken_list(lang: str, items: list[str]) -> str:
    """Items as a sentence lists them: "A、B 和 C" in Chinese, "A, B and C" in English."""
    if len(items) < 2:
        return "".join(items)
    comma, last = ("、", " 和 ") if lang == "zh" else (", ", " and ")
    return comma.join(items[:-1]) + last + items[-1]


def say(lang: str, key: str, **fields: object) -> str:
    """The phrase `key` in `lang` ("zh" or "en"), its fields filled in. An English field written with
    a capital (`{Reason}`) is the value with its first letter capitalised."""
    return T.text(key, lang, **fields)
