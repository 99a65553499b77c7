"""An in-process SDK MCP server with calculator tools (claude-agent-sdk-python
examples/mcp_calculator.py)."""

from typing import Any

import anyio
from claude_agent_sdk import (
    AssistantMessage,
    ClaudeAgentOptions,
    ResultMessage,
    ToolUseBlock,
    create_sdk_mcp_server,
    query,
    tool,
)


@tool("add", "Add two numbers", {"a": float, "b": float})
async def add_numbers(args: dict[str, Any]) -> dict[str, Any]:
    result = args["a"] + args["b"]
    return {"content": [{"type": "text", "text": f"{args['a']} + {args['b']} = {result}"}]}


@tool("multiply", "Multiply two numbers", {"a": float, "b": float})
async def multiply_numbers(args: dict[str, Any]) -> dict[str, Any]:
    result = args["a"] * args["b"]
    return {"content": [{"type": "text", "text": f"{args['a']} × {args['b']} = {result}"}]}


async def main():
    calculator = create_sdk_mcp_server(
        name="calculator", version="2.0.0", tools=[add_numbers, multiply_numbers]
    )
    options = ClaudeAgentOptions(
        mcp_servers={"calc": calculator},
        allowed_tools=["mcp__calc__add", "mcp__calc__multiply"],
        max_turns=8,
    )
    async for message in query(prompt="Calculate 15 multiplied by 27", options=options):
        if isinstance(message, AssistantMessage):
            for block in message.content:
                if isinstance(block, ToolUseBlock):
                    print("tool:", block.name, block.input)
        elif isinstance(message, ResultMessage):
            print("result:", message.subtype, message.result)


if __name__ == "__main__":
    anyio.run(main)
