"""A subagent defined with agents= (claude-agent-sdk-python examples/agents.py): the main agent
hands the review to it through the Agent tool."""

import anyio
from claude_agent_sdk import AgentDefinition, ClaudeAgentOptions, ResultMessage, query


async def main():
    options = ClaudeAgentOptions(
        agents={
            "code-reviewer": AgentDefinition(
                description="Reviews code for best practices and potential issues",
                prompt="You are a code reviewer. Read the file you are given and report "
                "its problems.",
                tools=["Read", "Grep"],
                model="sonnet",
            ),
        },
        max_turns=8,
    )
    async for message in query(
        prompt="Use the code-reviewer agent to review the file app.py", options=options
    ):
        if isinstance(message, ResultMessage):
            print("result:", message.subtype, message.result)


if __name__ == "__main__":
    anyio.run(main)
