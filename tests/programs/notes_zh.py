"""记笔记：一个会改变东西的工具，用户明确要求时才调用（中文提示词）。"""

import anthropic

MODEL = "claude-sonnet-4-6"
TOOLS = [
    {
        "name": "save_memo",
        "description": "把一条备忘保存下来，返回备忘编号",
        "input_schema": {
            "type": "object",
            "properties": {
                "content": {"type": "string", "description": "备忘的内容"},
                "tags": {"type": "array", "items": {"type": "string"}, "description": "标签"},
            },
            "required": ["content"],
        },
    },
    {
        "name": "search_memos",
        "description": "按关键词搜索已经保存的备忘",
        "input_schema": {
            "type": "object",
            "properties": {"keyword": {"type": "string", "description": "关键词"}},
            "required": ["keyword"],
        },
    },
]
SAVED = []


def main():
    client = anthropic.Anthropic()
    messages = [{"role": "user", "content": "帮我记一下：周五下午三点给王老师回电话"}]
    while True:
        r = client.messages.create(model=MODEL, max_tokens=512, tools=TOOLS, messages=messages)
        messages.append({"role": "assistant", "content": r.content})
        if r.stop_reason != "tool_use":
            break
        results = []
        for b in r.content:
            if b.type == "tool_use" and b.name == "save_memo":
                SAVED.append(b.input["content"])
                out = f"已保存，备忘编号 M-{len(SAVED):03d}"
            elif b.type == "tool_use":
                out = "没有找到"
            else:
                continue
            results.append({"type": "tool_result", "tool_use_id": b.id, "content": out})
        messages.append({"role": "user", "content": results})
    print(r.content[-1].text)
    print("saved:", SAVED)


if __name__ == "__main__":
    main()
