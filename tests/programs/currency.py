"""A currency converter whose property names say nothing of their role (from / to / amount)."""

import anthropic

MODEL = "claude-sonnet-4-6"
TOOLS = [
    {
        "name": "convert_currency",
        "description": "Convert an amount of money from one currency to another.",
        "input_schema": {
            "type": "object",
            "properties": {
                "amount": {"type": "number"},
                "from_currency": {"type": "string", "description": "ISO code"},
                "to_currency": {"type": "string", "description": "ISO code"},
            },
            "required": ["amount", "from_currency", "to_currency"],
        },
    }
]
RATES = {("CHF", "SEK"): 12.1}


def main():
    client = anthropic.Anthropic()
    messages = [{"role": "user", "content": "Convert 250 CHF to SEK please."}]
    while True:
        r = client.messages.create(model=MODEL, max_tokens=512, tools=TOOLS, messages=messages)
        messages.append({"role": "assistant", "content": r.content})
        if r.stop_reason != "tool_use":
            break
        results = []
        for b in r.content:
            if b.type == "tool_use":
                rate = RATES[(b.input["from_currency"], b.input["to_currency"])]
                value = round(b.input["amount"] * rate, 2)
                results.append({"type": "tool_result", "tool_use_id": b.id, "content": f"{value}"})
        messages.append({"role": "user", "content": results})
    print(r.content[-1].text)


if __name__ == "__main__":
    main()
