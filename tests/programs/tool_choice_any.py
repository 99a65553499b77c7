"""tool_choice "any": the model must call one of the tools; the program runs it and then lets the
model answer with tool_choice "auto" (the docs' tool_choice pattern)."""

import json

import anthropic

MODEL = "claude-sonnet-4-6"
TOOLS = [
    {
        "name": "get_stock_price",
        "description": "Get the latest price of a stock by its ticker symbol.",
        "input_schema": {
            "type": "object",
            "properties": {"ticker": {"type": "string", "description": "e.g. AAPL"}},
            "required": ["ticker"],
        },
    },
    {
        "name": "get_time",
        "description": "Get the current time in a time zone.",
        "input_schema": {
            "type": "object",
            "properties": {"timezone": {"type": "string", "description": "e.g. Europe/Berlin"}},
            "required": ["timezone"],
        },
    },
]


def main():
    client = anthropic.Anthropic()
    messages = [{"role": "user", "content": "How much is NVDA trading at right now?"}]
    r = client.messages.create(
        model=MODEL,
        max_tokens=512,
        tools=TOOLS,
        tool_choice={"type": "any"},
        messages=messages,
    )
    call = next(b for b in r.content if b.type == "tool_use")
    result = {"ticker": call.input.get("ticker"), "price": 131.26, "currency": "USD"}
    messages += [
        {"role": "assistant", "content": r.content},
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": call.id, "content": json.dumps(result)}
            ],
        },
    ]
    r = client.messages.create(model=MODEL, max_tokens=512, tools=TOOLS, messages=messages)
    print(r.content[0].text)


if __name__ == "__main__":
    main()
