"""Structured output from query() (the Agent SDK's output_format): the CLI offers its
StructuredOutput tool and the result carries the JSON."""

import anyio
from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query

SCHEMA = {
    "type": "object",
    "properties": {
        "customer": {"type": "string"},
        "item": {"type": "string"},
        "quantity": {"type": "integer"},
        "unit_price": {"type": "number"},
    },
    "required": ["customer", "item", "quantity", "unit_price"],
}


async def main():
    options = ClaudeAgentOptions(
        output_format={"type": "json_schema", "schema": SCHEMA}, max_turns=4
    )
    prompt = 'Extract the order from: "Lena wants 3 notebooks at 4.25 each."'
    async for message in query(prompt=prompt, options=options):
        if isinstance(message, ResultMessage):
            print("result:", message.subtype, message.structured_output)


if __name__ == "__main__":
    anyio.run(main)
