"""The World's learner-facing texts in Chinese and English: what a failed support tool says.

A tool's failure reaches the model as an is_error tool_result, after its category
(`agentkit.failures`: `invalid_input: …`); the stand-in and the grader read the category, never
this wording. The language is AGENTKIT_LANG's (read when the tool fails). The Chinese texts are
part of lesson outputs and of the token counts lessons cut at: keep them as they are.
The stand-in's own sentences are elsewhere (`agentkit.sim.phrases`): they follow the task's language.
"""

from __future__ import annotations

from ..i18n import Strings

T = Strings(
    "agentkit.sim",
    {
        # the support tools' descriptions (sent to the model with each request)
        "tool.lookup_order": (
            "按订单号查询订单状态。输入 order_id（形如 A-1001），返回 status 和 amount。",
            "Look up an order by its id. Takes order_id (like A-1001); returns status and amount.",
        ),
        "tool.process_refund": (
            "为已确认的订单发起退款。order_id 必须来自 lookup_order 的结果。",
            "Refund a confirmed order. order_id must come from a lookup_order result.",
        ),
        "tool.cancel_order": (
            "取消尚未发货（status 为 processing）的订单。",
            "Cancel an order that has not shipped yet (status processing).",
        ),
        "tool.create_return": (
            "为已发货或已签收的订单创建退货单，签收后退回即退款。",
            "Create a return for a shipped or delivered order; it is refunded once it comes back.",
        ),
        "tool.escalate_to_human": (
            "把无法自动处理的情况转给人工客服。写明订单号和原因。",
            "Hand a case that cannot be handled automatically to a human agent. Give the order "
            "id and the reason.",
        ),
        # the world's web pages (what the server-side web_search finds)
        "page.returns.title": (
            "退货政策：签收后 30 天内可退货",
            "Returns: within 30 days of delivery",
        ),
        "page.returns.text": (
            "签收后 30 天内可申请退货；已发货未签收的订单不能取消，只能在签收后退货。",
            "An item can be returned within 30 days of delivery. An order that has shipped but "
            "not arrived cannot be cancelled; return it once it is delivered.",
        ),
        "page.refunds.title": (
            "退款政策：500 元以上需人工审核",
            "Refunds: over 500 need a person's review",
        ),
        "page.refunds.text": (
            "单笔退款超过 500 元需要人工审核；退款在 3 个工作日内原路返回。",
            "A single refund over 500 needs review by a person; refunds go back to the original "
            "payment within 3 business days.",
        ),
        "page.customs.title": (
            "海关扣留政策：需人工客服联系物流公司",
            "Customs holds: a support agent contacts the carrier",
        ),
        "page.customs.text": (
            "被海关扣留的包裹需要人工客服联系物流公司处理。",
            "A parcel held at customs needs a support agent to contact the carrier.",
        ),
        "unavailable": (
            "{name} 暂时不可用（上游超时），请稍后重试",
            "{name} is temporarily unavailable (upstream timeout); try again shortly",
        ),
        "bad_order_id": (
            "order_id 格式错误：{order_id!r}，应形如 A-1001（大写字母、连字符、四位数字）",
            "order_id {order_id!r} is malformed: expected the form A-1001 (a capital letter, "
            "a hyphen, four digits)",
        ),
        "no_such_order": ("订单 {order_id} 不存在", "order {order_id} does not exist"),
        "bad_amount": (
            "amount 缺失或不是数字：{amount!r}",
            "amount is missing or not a number: {amount!r}",
        ),
        "refund_not_delivered": (
            "订单 {order_id} 状态为 {status}，只有已签收的订单可以直接退款",
            "order {order_id} is {status}; only a delivered order can be refunded directly",
        ),
        "refund_too_large": (
            "退款金额 {amount} 超过订单金额 {total}",
            "the refund of {amount} is more than the order's amount of {total}",
        ),
        "cancel_shipped": (
            "订单 {order_id} 状态为 {status}，只有未发货的订单可以取消",
            "order {order_id} is {status}; only an order that has not shipped can be cancelled",
        ),
        "no_return": (
            "订单 {order_id} 状态为 {status}，不能创建退货单",
            "order {order_id} is {status}; a return cannot be created for it",
        ),
        "no_reason": (
            "reason 不能为空：请说明转人工的原因",
            "reason must not be empty: say why this goes to a human",
        ),
        # the developer-tools world (agentkit.sim.repo)
        "tool.list_dir": (
            "列出仓库里一个目录的条目。",
            "List the entries of a directory in the repository.",
        ),
        "tool.read_file": ("读取仓库里一个文件的内容。", "Read a file of the repository."),
        "tool.run_tests": (
            "运行仓库的全部测试（test_*.py），返回每个测试通过或失败。",
            "Run the repository's tests (test_*.py); says which pass and which fail.",
        ),
        "tool.apply_patch": (
            "把文件里恰好出现一次的 old 文本替换成 new。",
            "Replace the text old, which must occur exactly once in the file, with new.",
        ),
        "repo_busy": (
            "{name} 正忙（另一个任务占用了工作区），请稍后再试",
            "{name} is busy (the workspace is locked by another job); try again shortly",
        ),
        "repo_no_path": (
            "缺少 path：请给出仓库里的路径",
            "path is missing: give a path in the repository",
        ),
        "repo_no_file": (
            "仓库里找不到 {path}",
            "no such file or directory in the repository: {path}",
        ),
        "repo_bad_patch": (
            "old 和 new 必须是文本，old 不能为空",
            "old and new must be text, and old must not be empty",
        ),
        "repo_old_not_once": (
            "old 在 {path} 里出现了 {n} 次，必须恰好一次：照文件原样写出要替换的文本",
            "old occurs {n} times in {path}, not exactly once: copy the text as the file has it",
        ),
        "repo_patched": ("已修改 {path}", "patched {path}"),
    },
)
