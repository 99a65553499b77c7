"""Claude Agent SDK: the built-in Write and Read tools through query() (claude-agent-sdk-python
examples/quick_start.py, with tools)."""

import anyio
from claude_agent_sdk import (
    AssistantMessage,
    ClaudeAgentOptions,
    ResultMessage,
    ToolUseBlock,
    query,
)


async def main():
    options = ClaudeAgentOptions(
        allowed_tools=["Write", "Read"], permission_mode="acceptEdits", max_turns=6
    )
    prompt = "Create a file named todo.txt containing the text: water the plants"
    async for message in query(prompt=prompt, options=options):
        if isinstance(message, AssistantMessage):
            for block in message.content:
                if isinstance(block, ToolUseBlock):
                    print("tool:", block.name, block.input)
        elif isinstance(message, ResultMessage):
            print("result:", message.subtype, message.result)
    with open("todo.txt", encoding="utf-8") as f:
        print("on disk:", f.read())


if __name__ == "__main__":
    anyio.run(main)
