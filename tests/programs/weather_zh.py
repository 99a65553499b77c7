"""天气：两个城市，一轮里并行调用两次工具（中文提示词）。"""

import anthropic

MODEL = "claude-sonnet-4-6"
TOOLS = [
    {
        "name": "get_weather",
        "description": "查询某个城市当前的天气",
        "input_schema": {
            "type": "object",
            "properties": {"city": {"type": "string", "description": "城市名，例如 北京"}},
            "required": ["city"],
        },
    }
]
WEATHER = {"成都": "小雨，19°C", "杭州": "多云，23°C"}


def main():
    client = anthropic.Anthropic()
    messages = [{"role": "user", "content": "成都和杭州今天的天气怎么样？"}]
    for _ in range(5):
        response = client.messages.create(
            model=MODEL, max_tokens=1024, tools=TOOLS, messages=messages
        )
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            break
        results = [
            {
                "type": "tool_result",
                "tool_use_id": b.id,
                "content": WEATHER.get(b.input["city"], "没有这个城市的数据"),
            }
            for b in response.content
            if b.type == "tool_use"
        ]
        messages.append({"role": "user", "content": results})
    for block in response.content:
        if block.type == "text":
            print(block.text)


if __name__ == "__main__":
    main()
