"""Structured extraction with a forced tool (cookbook tool_use/extracting_structured_json.ipynb):
the tool is never run; its input is the extracted data."""

import json

import anthropic

MODEL = "claude-sonnet-4-6"
TEXT = (
    "Dear support, my name is Maria Garcia and my email is maria.garcia@example.com. "
    "I was charged twice for invoice INV-3391 and would like one charge reversed."
)
TOOLS = [
    {
        "name": "record_ticket",
        "description": "Record the details of a support email using well-structured JSON.",
        "input_schema": {
            "type": "object",
            "properties": {
                "customer_name": {"type": "string", "description": "The sender's full name."},
                "email": {"type": "string", "description": "The sender's email address."},
                "invoice_id": {"type": "string", "description": "The invoice, like INV-1000."},
                "category": {"type": "string", "enum": ["billing", "shipping", "technical"]},
                "summary": {"type": "string", "description": "A one-line summary."},
            },
            "required": ["customer_name", "email", "invoice_id", "category", "summary"],
        },
    }
]


def main():
    client = anthropic.Anthropic()
    response = client.messages.create(
        model=MODEL,
        max_tokens=1024,
        tools=TOOLS,
        tool_choice={"type": "tool", "name": "record_ticket"},
        messages=[{"role": "user", "content": f"<email>{TEXT}</email>\n\nUse record_ticket."}],
    )
    ticket = next(b.input for b in response.content if b.type == "tool_use")
    print(json.dumps(ticket, indent=2))


if __name__ == "__main__":
    main()
