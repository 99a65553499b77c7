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
    },
)
