"""SDK MCP 工具用自己的话拒绝（is_error）：模型停下并如实告诉用户，不再重试（中文提示词）。"""

from typing import Any

import anyio
from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, create_sdk_mcp_server, query, tool

calls = []


@tool("track_parcel", "按运单号查询包裹", {"code": str})
async def track_parcel(args: dict[str, Any]) -> dict[str, Any]:
    calls.append(args["code"])
    text = "未经授权：此类包裹须经主管批准方可查询"
    return {"content": [{"type": "text", "text": text}], "is_error": True}


async def main():
    server = create_sdk_mcp_server(name="post", version="1.0.0", tools=[track_parcel])
    options = ClaudeAgentOptions(
        mcp_servers={"post": server}, allowed_tools=["mcp__post__track_parcel"], max_turns=10
    )
    async for message in query(prompt="帮我查一下包裹 PK-77001 到哪了", options=options):
        if isinstance(message, ResultMessage):
            print("result:", message.subtype, message.result)
    print("calls:", calls)


if __name__ == "__main__":
    anyio.run(main)
