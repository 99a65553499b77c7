"""A can_use_tool callback that fires (claude-agent-sdk-python examples/tool_permission_callback.py):
it allows reads and denies writes outside the working directory."""

import anyio
from claude_agent_sdk import (
    ClaudeAgentOptions,
    ClaudeSDKClient,
    PermissionResultAllow,
    PermissionResultDeny,
    ResultMessage,
)

asked = []


async def my_permission_callback(tool_name, input_data, context):
    asked.append(tool_name)
    if tool_name == "Write" and str(input_data.get("file_path", "")).startswith("/etc"):
        return PermissionResultDeny(message="writing to /etc is not allowed")
    return PermissionResultAllow()


async def main():
    options = ClaudeAgentOptions(can_use_tool=my_permission_callback, max_turns=6)
    async with ClaudeSDKClient(options) as client:
        await client.query("Please write a file called greeting.txt with the content: hello world")
        async for message in client.receive_response():
            if isinstance(message, ResultMessage):
                print("result:", message.subtype, message.result)
    print("callback asked about:", asked)


if __name__ == "__main__":
    anyio.run(main)
