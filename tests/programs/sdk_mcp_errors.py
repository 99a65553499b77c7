"""An SDK MCP tool that reports failures with is_error, in its own words, through query(): a code
in the wrong shape (the model corrects it), then a depot link that drops once (retried)."""

import re
from typing import Any

import anyio
from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, create_sdk_mcp_server, query, tool

calls = []


@tool("track_parcel", "Track a parcel by its tracking code", {"code": str})
async def track_parcel(args: dict[str, Any]) -> dict[str, Any]:
    calls.append(args["code"])
    if not re.fullmatch(r"PK-\d{5}", args["code"]):
        text = f"tracking ref {args['code']} should be PK-00000"
        return {"content": [{"type": "text", "text": text}], "is_error": True}
    if len(calls) == 2:
        text = "the depot link dropped for a moment"
        return {"content": [{"type": "text", "text": text}], "is_error": True}
    return {"content": [{"type": "text", "text": "Parcel PK-12345 is at the Leeds depot."}]}


async def main():
    server = create_sdk_mcp_server(name="post", version="1.0.0", tools=[track_parcel])
    options = ClaudeAgentOptions(
        mcp_servers={"post": server}, allowed_tools=["mcp__post__track_parcel"], max_turns=10
    )
    async for message in query(prompt="Where is my parcel pk12345?", options=options):
        if isinstance(message, ResultMessage):
            print("result:", message.subtype, message.result)
    print("calls:", calls)


if __name__ == "__main__":
    anyio.run(main)
