"""Tools with streaming (anthropic-sdk-python examples/tools_stream.py, with the loop closed)."""

import anthropic

MODEL = "claude-sonnet-4-6"
TOOLS = [
    {
        "name": "get_exchange_rate",
        "description": "Get the exchange rate between two currencies",
        "input_schema": {
            "type": "object",
            "properties": {
                "base": {
                    "type": "string",
                    "description": "Currency code to convert from, e.g. USD",
                },
                "target": {
                    "type": "string",
                    "description": "Currency code to convert to, e.g. EUR",
                },
            },
            "required": ["base", "target"],
        },
    }
]


def main():
    client = anthropic.Anthropic()
    messages = [{"role": "user", "content": "What is the exchange rate from GBP to JPY today?"}]
    while True:
        with client.messages.stream(
            model=MODEL, max_tokens=1024, tools=TOOLS, messages=messages
        ) as stream:
            for text in stream.text_stream:
                print(text, end="", flush=True)
            message = stream.get_final_message()
        print()
        messages.append({"role": "assistant", "content": message.content})
        if message.stop_reason != "tool_use":
            break
        results = []
        for b in message.content:
            if b.type == "tool_use":
                rate = {"base": b.input["base"], "target": b.input["target"], "rate": 191.7}
                results.append({"type": "tool_result", "tool_use_id": b.id, "content": str(rate)})
        messages.append({"role": "user", "content": results})


if __name__ == "__main__":
    main()
