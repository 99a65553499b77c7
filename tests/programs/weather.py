"""A weather tool and the manual agent loop (the shape of the docs' get_weather example)."""

import json

import anthropic

MODEL = "claude-sonnet-4-6"
TOOLS = [
    {
        "name": "get_weather",
        "description": "Get the current weather in a given location",
        "input_schema": {
            "type": "object",
            "properties": {
                "location": {
                    "type": "string",
                    "description": "The city and state, e.g. San Francisco, CA",
                },
                "unit": {
                    "type": "string",
                    "enum": ["celsius", "fahrenheit"],
                    "description": "The unit of temperature",
                },
            },
            "required": ["location"],
        },
    }
]


def get_weather(location, unit="celsius"):
    temperature = 14 if unit == "celsius" else 57
    return json.dumps({"location": location, "temperature": temperature, "forecast": "drizzle"})


def main():
    client = anthropic.Anthropic()
    messages = [{"role": "user", "content": "What's the weather like in Lisbon, in fahrenheit?"}]
    while True:
        response = client.messages.create(
            model=MODEL, max_tokens=1024, tools=TOOLS, messages=messages
        )
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            break
        results = []
        for block in response.content:
            if block.type == "tool_use":
                results.append(
                    {
                        "type": "tool_result",
                        "tool_use_id": block.id,
                        "content": get_weather(**block.input),
                    }
                )
        messages.append({"role": "user", "content": results})
    print("".join(b.text for b in response.content if b.type == "text"))


if __name__ == "__main__":
    main()
