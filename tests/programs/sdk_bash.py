"""Claude Agent SDK: the Bash tool for a read-only question (how many lines a file has)."""

import anyio
from claude_agent_sdk import (
    AssistantMessage,
    ClaudeAgentOptions,
    ResultMessage,
    ToolUseBlock,
    query,
)


async def main():
    options = ClaudeAgentOptions(allowed_tools=["Bash"], max_turns=6)
    async for message in query(
        prompt="Use bash to count how many lines the file data.csv has.", options=options
    ):
        if isinstance(message, AssistantMessage):
            for block in message.content:
                if isinstance(block, ToolUseBlock):
                    print("tool:", block.name, block.input)
        elif isinstance(message, ResultMessage):
            print("result:", message.subtype, message.result)


if __name__ == "__main__":
    anyio.run(main)
