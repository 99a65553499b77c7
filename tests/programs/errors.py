"""A loop that reports its tools' failures with is_error, in its own words: a booking reference in
the wrong shape (corrected by the model), then a backend that is busy once (retried)."""

import json
import re

import anthropic

MODEL = "claude-sonnet-4-6"
TOOLS = [
    {
        "name": "get_booking",
        "description": "Look up a hotel booking by its reference.",
        "input_schema": {
            "type": "object",
            "properties": {"reference": {"type": "string", "description": "The booking reference"}},
            "required": ["reference"],
        },
    }
]
calls = []


def get_booking(reference):
    calls.append(reference)
    if not re.fullmatch(r"BK-\d{4}", reference):
        raise ValueError(f"reference {reference!r} must look like BK-0000")
    if len(calls) == 2:
        raise RuntimeError("the reservations backend is busy, try again in a moment")
    return json.dumps({"reference": reference, "hotel": "Hotel Aurora", "nights": 3})


def main():
    client = anthropic.Anthropic()
    messages = [{"role": "user", "content": "Can you find my booking bk4471?"}]
    for _ in range(8):
        r = client.messages.create(model=MODEL, max_tokens=1024, tools=TOOLS, messages=messages)
        messages.append({"role": "assistant", "content": r.content})
        if r.stop_reason != "tool_use":
            break
        results = []
        for b in r.content:
            if b.type != "tool_use":
                continue
            try:
                results.append(
                    {"type": "tool_result", "tool_use_id": b.id, "content": get_booking(**b.input)}
                )
            except Exception as e:  # the loop's own error text goes back to the model
                results.append(
                    {
                        "type": "tool_result",
                        "tool_use_id": b.id,
                        "content": str(e),
                        "is_error": True,
                    }
                )
        messages.append({"role": "user", "content": results})
    print(r.content[-1].text)
    print("calls:", calls)


if __name__ == "__main__":
    main()
