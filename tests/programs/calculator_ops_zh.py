"""计算器：一个 operation 枚举和两个数（中文提示词）。"""

import anthropic

MODEL = "claude-sonnet-4-6"
TOOLS = [
    {
        "name": "arithmetic",
        "description": "对两个数做一次四则运算",
        "input_schema": {
            "type": "object",
            "properties": {
                "op": {"type": "string", "enum": ["add", "sub", "mul", "div"]},
                "a": {"type": "number", "description": "第一个数"},
                "b": {"type": "number", "description": "第二个数"},
            },
            "required": ["op", "a", "b"],
        },
    }
]


def arithmetic(op, a, b):
    return str({"add": a + b, "sub": a - b, "mul": a * b, "div": a / b}[op])


def main():
    client = anthropic.Anthropic()
    messages = [{"role": "user", "content": "请帮我算一下 37 乘以 43 等于多少？"}]
    while True:
        r = client.messages.create(model=MODEL, max_tokens=512, tools=TOOLS, messages=messages)
        messages.append({"role": "assistant", "content": r.content})
        if r.stop_reason != "tool_use":
            break
        messages.append(
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": b.id, "content": arithmetic(**b.input)}
                    for b in r.content
                    if b.type == "tool_use"
                ],
            }
        )
    print(r.content[-1].text)


if __name__ == "__main__":
    main()
