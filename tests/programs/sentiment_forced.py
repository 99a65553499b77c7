"""The cookbook's forced-tool sentiment example (tool_use/tool_choice.ipynb)."""

import anthropic

MODEL = "claude-sonnet-4-6"
TOOLS = [
    {
        "name": "print_sentiment_scores",
        "description": "Prints the sentiment scores of a given tweet or piece of text.",
        "input_schema": {
            "type": "object",
            "properties": {
                "positive_score": {
                    "type": "number",
                    "description": "The positive sentiment score, ranging from 0.0 to 1.0.",
                },
                "negative_score": {
                    "type": "number",
                    "description": "The negative sentiment score, ranging from 0.0 to 1.0.",
                },
                "neutral_score": {
                    "type": "number",
                    "description": "The neutral sentiment score, ranging from 0.0 to 1.0.",
                },
            },
            "required": ["positive_score", "negative_score", "neutral_score"],
        },
    }
]


def analyze_tweet_sentiment(query):
    client = anthropic.Anthropic()
    response = client.messages.create(
        model=MODEL,
        max_tokens=4096,
        tools=TOOLS,
        tool_choice={"type": "tool", "name": "print_sentiment_scores"},
        messages=[{"role": "user", "content": query}],
    )
    print(response.content[0].input)


if __name__ == "__main__":
    analyze_tweet_sentiment(
        "Holy cow, I just made the most incredible meal! It was amazing and I love it."
    )
