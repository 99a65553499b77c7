"""Claude Agent SDK，中文提示词：用 Write 新建文件。"""

import anyio
from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, query


async def main():
    options = ClaudeAgentOptions(
        allowed_tools=["Write"], permission_mode="acceptEdits", max_turns=6
    )
    async for message in query(
        prompt="新建一个文件 plan.md，内容写：明天九点开会", options=options
    ):
        if isinstance(message, ResultMessage):
            print("result:", message.subtype, message.result)
    with open("plan.md", encoding="utf-8") as f:
        print("on disk:", f.read())


if __name__ == "__main__":
    anyio.run(main)
