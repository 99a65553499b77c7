"""The cookbook's customer-service agent (tool_use/customer_service_agent.ipynb), with its own id
formats: customers CUST-0042, orders ORD-7731. Three questions, each its own conversation."""

import json

import anthropic

MODEL = "claude-sonnet-4-6"
TOOLS = [
    {
        "name": "get_customer_info",
        "description": "Retrieves customer information based on their customer ID. Returns the "
        "customer's name, email, and phone number.",
        "input_schema": {
            "type": "object",
            "properties": {
                "customer_id": {
                    "type": "string",
                    "description": "The unique identifier for the customer, like CUST-0001.",
                }
            },
            "required": ["customer_id"],
        },
    },
    {
        "name": "get_order_details",
        "description": "Retrieves the details of a specific order based on the order ID. Returns "
        "the order ID, product name, quantity, price, and order status.",
        "input_schema": {
            "type": "object",
            "properties": {
                "order_id": {
                    "type": "string",
                    "description": "The unique identifier for the order, like ORD-1000.",
                }
            },
            "required": ["order_id"],
        },
    },
    {
        "name": "cancel_order",
        "description": "Cancels an order based on the provided order ID. Returns a confirmation "
        "message if the cancellation is successful.",
        "input_schema": {
            "type": "object",
            "properties": {
                "order_id": {
                    "type": "string",
                    "description": "The unique identifier for the order to be cancelled.",
                }
            },
            "required": ["order_id"],
        },
    },
]
CUSTOMERS = {"CUST-0042": {"name": "Ada Wong", "email": "ada@example.org", "phone": "555-0142"}}
ORDERS = {
    "ORD-7731": {
        "id": "ORD-7731",
        "product": "Kettle",
        "quantity": 1,
        "price": 39.5,
        "status": "Shipped",
    }
}
CANCELLED = []


def process_tool_call(tool_name, tool_input):
    if tool_name == "get_customer_info":
        return json.dumps(CUSTOMERS.get(tool_input["customer_id"], "Customer not found"))
    if tool_name == "get_order_details":
        return json.dumps(ORDERS.get(tool_input["order_id"], "Order not found"))
    if tool_name == "cancel_order":
        if tool_input["order_id"] in ORDERS:
            CANCELLED.append(tool_input["order_id"])
            return "Order ORD-7731 has been cancelled. Cancellation number: CX-5510."
        return "Order not found"
    raise ValueError(tool_name)


def chatbot_interaction(user_message):
    client = anthropic.Anthropic()
    messages = [{"role": "user", "content": user_message}]
    response = client.messages.create(model=MODEL, max_tokens=4096, tools=TOOLS, messages=messages)
    while response.stop_reason == "tool_use":
        tool_use = next(block for block in response.content if block.type == "tool_use")
        tool_result = process_tool_call(tool_use.name, tool_use.input)
        messages.append({"role": "assistant", "content": response.content})
        messages.append(
            {
                "role": "user",
                "content": [
                    {"type": "tool_result", "tool_use_id": tool_use.id, "content": tool_result}
                ],
            }
        )
        response = client.messages.create(
            model=MODEL, max_tokens=4096, tools=TOOLS, messages=messages
        )
    return next((block.text for block in response.content if hasattr(block, "text")), None)


if __name__ == "__main__":
    print(chatbot_interaction("Can you tell me the email address for customer CUST-0042?"))
    print(chatbot_interaction("What is the status of order ORD-7731?"))
    print(chatbot_interaction("Please cancel order ORD-7731 for me."))
    print("cancelled:", CANCELLED)
