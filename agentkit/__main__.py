"""`python -m agentkit demo`: the study guide's exercise in a terminal.

It runs the guide's loop (agentkit.exercise.run_exercise) on the guide's prompt, then on the weather
question, and prints each round's stop_reason and tool calls as the guide's loop.py does. Without
ANTHROPIC_API_KEY (or with AGENTKIT_OFFLINE=1) it talks to the offline Claude.
"""

from __future__ import annotations

import argparse
import sys

import anthropic

from .cassette import CassetteError
from .client import connection_problem, default_model, is_offline, make_client, retired_hint
from .exercise import PROMPT, WEATHER_PROMPT, run_exercise


def demo() -> int:
    """Run the demo; a connection failure or a cassette problem is one line and exit status 1."""
    try:
        client = make_client()
    except CassetteError as e:
        print(one_line(e))
        return 1
    try:
        _demo(client)
    except anthropic.APIConnectionError:
        print(connection_problem(client))
        return 1
    except anthropic.NotFoundError as e:  # a retired model id (AGENTKIT_MODEL=claude-sonnet-4-5)
        print(f"HTTP 404 {one_line(e)}\n{retired_hint(default_model())}")
        return 1
    except CassetteError as e:
        print(one_line(e))
        return 1
    return 0


def one_line(e: Exception) -> str:
    return " ".join(str(e).split())


def _demo(client) -> None:
    mode = (
        "离线模式：模拟 Claude（设置 ANTHROPIC_API_KEY 即可改用真实 Claude）"
        if is_offline()
        else "在线模式：真实 Claude"
    )
    # The guide's loop.py uses model="claude-sonnet-4-5", which is deprecated (end of life 2026-11-30);
    # the demo uses agentkit.default_model() instead.
    print(f"{mode}，模型 {default_model()}")
    for prompt in (PROMPT, WEATHER_PROMPT):
        print(f"\n用户：{prompt}")
        run_exercise(client, prompt)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m agentkit", description="agentkit: the agent-loop workbook's helpers"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser(
        "demo",
        help="run the study guide's exercise (its loop, tools and prompts) and print each round",
    )
    serve = sub.add_parser(
        "serve", help="serve the offline Messages API over HTTP (each API key gets its own world)"
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: loopback)"
    )
    serve.add_argument("--port", type=int, default=8765, help="port (0: any free port)")
    args = parser.parse_args(argv)
    if args.command == "demo":
        return demo()
    if args.command == "serve":
        from .serve import serve as run_server

        return run_server(args.host, args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
