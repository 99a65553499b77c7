"""A PreToolUse hook that fires (claude-agent-sdk-python examples/hooks.py): it sees every Bash
command and blocks the ones that would delete something."""

import anyio
from claude_agent_sdk import ClaudeAgentOptions, HookMatcher, ResultMessage, query

seen = []


async def check_bash_command(input_data, tool_use_id, context):
    command = input_data["tool_input"].get("command", "")
    seen.append(command)
    if "rm " in command:
        return {
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "deny",
                "permissionDecisionReason": "deleting files is blocked",
            }
        }
    return {}


async def main():
    options = ClaudeAgentOptions(
        allowed_tools=["Bash"],
        hooks={"PreToolUse": [HookMatcher(matcher="Bash", hooks=[check_bash_command])]},
        max_turns=6,
    )
    async for message in query(prompt="List the files in the current directory.", options=options):
        if isinstance(message, ResultMessage):
            print("result:", message.subtype, message.result)
    print("hook saw:", seen)


if __name__ == "__main__":
    anyio.run(main)
