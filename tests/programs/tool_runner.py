"""The SDK's tool runner with @beta_tool functions (anthropic-sdk-python examples/tools_runner.py)."""

import json

import anthropic
from anthropic import beta_tool


@beta_tool
def get_weather(location: str) -> str:
    """Lookup the weather for a given city in either celsius or fahrenheit

    Args:
        location: The city and state, e.g. San Francisco, CA
    Returns:
        A dictionary containing the location, temperature, and weather condition.
    """
    return json.dumps({"location": location, "temperature": "68°F", "condition": "Sunny"})


def main():
    client = anthropic.Anthropic()
    runner = client.beta.messages.tool_runner(
        max_tokens=1024,
        model="claude-sonnet-4-6",
        tools=[get_weather],
        messages=[{"role": "user", "content": "What is the weather in SF?"}],
    )
    for message in runner:
        for block in message.content:
            if block.type == "text":
                print(block.text)


if __name__ == "__main__":
    main()
