"""The cookbook's calculator tool (tool_use/calculator_tool.ipynb): an expression evaluated by the
program, the model answering with the result."""

import re

import anthropic

MODEL = "claude-sonnet-4-6"
TOOLS = [
    {
        "name": "calculator",
        "description": "A simple calculator that performs basic arithmetic operations.",
        "input_schema": {
            "type": "object",
            "properties": {
                "expression": {
                    "type": "string",
                    "description": "The mathematical expression to evaluate (e.g., '2 + 3 * 4').",
                }
            },
            "required": ["expression"],
        },
    }
]


def calculate(expression):
    expression = re.sub(r"[^0-9+\-*/().]", "", expression)
    try:
        return str(eval(expression))
    except (SyntaxError, ZeroDivisionError, NameError, TypeError, OverflowError):
        return "Error: Invalid expression"


def chat_with_claude(user_message):
    client = anthropic.Anthropic()
    message = client.messages.create(
        model=MODEL,
        max_tokens=4096,
        messages=[{"role": "user", "content": user_message}],
        tools=TOOLS,
    )
    if message.stop_reason == "tool_use":
        tool_use = next(block for block in message.content if block.type == "tool_use")
        result = calculate(tool_use.input["expression"])
        message = client.messages.create(
            model=MODEL,
            max_tokens=4096,
            messages=[
                {"role": "user", "content": user_message},
                {"role": "assistant", "content": message.content},
                {
                    "role": "user",
                    "content": [
                        {"type": "tool_result", "tool_use_id": tool_use.id, "content": result}
                    ],
                },
            ],
            tools=TOOLS,
        )
    return next((b.text for b in message.content if hasattr(b, "text")), None)


if __name__ == "__main__":
    print(chat_with_claude("What is the result of 1,984,135 * 9,343,116?"))
