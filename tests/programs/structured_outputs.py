"""Structured outputs with a Pydantic model (anthropic-sdk-python examples/structured_outputs.py)."""

import anthropic
import pydantic


class Order(pydantic.BaseModel):
    product_name: str
    price: float
    quantity: int


def main():
    client = anthropic.Anthropic()
    prompt = """
Extract the product name, price, and quantity from this customer message:
"Hi, I'd like to order 2 packs of Green Tea for 5.50 dollars each."
"""
    parsed = client.messages.parse(
        model="claude-sonnet-4-6",
        messages=[{"role": "user", "content": prompt}],
        max_tokens=1024,
        output_format=Order,
    )
    print(parsed.parsed_output)


if __name__ == "__main__":
    main()
