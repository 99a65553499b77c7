"""Claude Agent SDK: a question about a file in the working directory, answered with Read."""

import anyio
from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query


async def main():
    options = ClaudeAgentOptions(allowed_tools=["Read", "Glob", "Grep"], max_turns=6)
    async for message in query(
        prompt="What port does config.json set? Read the file and tell me.", options=options
    ):
        if isinstance(message, ResultMessage):
            print("result:", message.subtype, message.result)


if __name__ == "__main__":
    anyio.run(main)
