"""A learn-claude-code-style agent: one `bash` tool, the loop runs the commands in the working
directory and sends back their output (shareAI-lab/learn-claude-code agents/s01_agent_loop.py)."""

import subprocess

import anthropic

MODEL = "claude-sonnet-4-6"
SYSTEM = "You are a coding agent. Use bash to inspect and change the current directory."
TOOLS = [
    {
        "name": "bash",
        "description": "Run a shell command in the current directory.",
        "input_schema": {
            "type": "object",
            "properties": {"command": {"type": "string"}},
            "required": ["command"],
        },
    }
]


def run_bash(command):
    dangerous = ["rm -rf /", "sudo", "shutdown", "reboot", "> /dev/"]
    if any(d in command for d in dangerous):
        return "Error: Dangerous command blocked"
    try:
        r = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        return "Error: Timeout (30s)"
    out = (r.stdout + r.stderr).strip()
    return out[:50000] if out else "(no output)"


def agent_loop(messages):
    client = anthropic.Anthropic()
    while True:
        response = client.messages.create(
            model=MODEL, system=SYSTEM, messages=messages, tools=TOOLS, max_tokens=8000
        )
        messages.append({"role": "assistant", "content": response.content})
        if response.stop_reason != "tool_use":
            return
        results = []
        for block in response.content:
            if block.type == "tool_use":
                print(f"$ {block.input['command']}")
                output = run_bash(block.input["command"])
                print(output[:200])
                results.append({"type": "tool_result", "tool_use_id": block.id, "content": output})
        messages.append({"role": "user", "content": results})


if __name__ == "__main__":
    history = [{"role": "user", "content": "Which python files are in this directory?"}]
    agent_loop(history)
    print(history[-1]["content"][-1].text)
