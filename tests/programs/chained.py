"""Two tools chained by data: the second call's id comes from the first result (the docs'
"sequential tools" pattern)."""

import json

import anthropic

MODEL = "claude-sonnet-4-6"
TOOLS = [
    {
        "name": "find_user_by_email",
        "description": "Find a user account by email address. Returns the account's user_id.",
        "input_schema": {
            "type": "object",
            "properties": {"email": {"type": "string"}},
            "required": ["email"],
        },
    },
    {
        "name": "list_subscriptions",
        "description": "List the subscriptions of a user account.",
        "input_schema": {
            "type": "object",
            "properties": {
                "user_id": {"type": "string", "description": "The account id, like U-100"}
            },
            "required": ["user_id"],
        },
    },
]


def run_tool(name, args):
    if name == "find_user_by_email":
        if args["email"] == "sam@example.net":
            return json.dumps({"user_id": "U-5521", "name": "Sam"})
        return "no account with that email"
    if args["user_id"] == "U-5521":
        return json.dumps([{"plan": "Pro", "renews": "2027-01-09"}])
    return "no such user"


def main():
    client = anthropic.Anthropic()
    messages = [
        {"role": "user", "content": "Which subscriptions does the account sam@example.net have?"}
    ]
    for _ in range(6):
        r = client.messages.create(model=MODEL, max_tokens=1024, tools=TOOLS, messages=messages)
        messages.append({"role": "assistant", "content": r.content})
        if r.stop_reason != "tool_use":
            break
        messages.append(
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": b.id,
                        "content": run_tool(b.name, b.input),
                    }
                    for b in r.content
                    if b.type == "tool_use"
                ],
            }
        )
    print(r.content[-1].text)


if __name__ == "__main__":
    main()
