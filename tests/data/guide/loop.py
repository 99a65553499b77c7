# The study guide's loop.py (seed 000_dbf08c851bf3d18f, 实操练习), verbatim.
import json
import anthropic

client = anthropic.Anthropic()

TOOLS = [
    {
        "name": "lookup_order",
        "description": "按订单号查询订单状态。输入 order_id（形如 A-1001），返回 status 和 amount。",
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}},
            "required": ["order_id"],
        },
    },
    {
        "name": "process_refund",
        "description": "为已确认的订单发起退款。order_id 必须来自 lookup_order 的结果。",
        "input_schema": {
            "type": "object",
            "properties": {"order_id": {"type": "string"}, "amount": {"type": "number"}},
            "required": ["order_id", "amount"],
        },
    },
]

def run_tool(name, args):
    if name == "lookup_order":
        return {"order_id": args["order_id"], "status": "delivered", "amount": 120.0}
    if name == "process_refund":
        return {"refund_id": "R-778", "amount": args["amount"], "ok": True}
    raise ValueError(f"unknown tool {name}")

messages = [{"role": "user", "content": "订单 A-1001 的商品坏了，请帮我退款。"}]
MAX_TURNS = 20  # 安全网，不是主要停止条件

for turn in range(MAX_TURNS):
    resp = client.messages.create(
        model="claude-sonnet-4-5", max_tokens=1024, tools=TOOLS, messages=messages
    )
    print(f"[turn {turn}] stop_reason={resp.stop_reason}")
    messages.append({"role": "assistant", "content": resp.content})

    if resp.stop_reason == "end_turn":
        print("".join(b.text for b in resp.content if b.type == "text"))
        break
    if resp.stop_reason != "tool_use":
        raise RuntimeError(f"未处理的 stop_reason: {resp.stop_reason}")

    results = []
    for block in resp.content:
        if block.type == "tool_use":
            print("  call", block.name, block.input)
            try:
                out = run_tool(block.name, block.input)
                results.append({"type": "tool_result", "tool_use_id": block.id,
                                "content": json.dumps(out, ensure_ascii=False)})
            except Exception as e:
                results.append({"type": "tool_result", "tool_use_id": block.id,
                                "content": str(e), "is_error": True})
    messages.append({"role": "user", "content": results})
else:
    print("达到安全上限，转人工处理")
