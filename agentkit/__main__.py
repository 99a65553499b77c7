"""`python -m agentkit demo`: the study guide's exercise in a terminal.

It runs the guide's loop (agentkit.exercise.run_exercise) on the guide's prompt, then on the weather
question, and prints each turn's stop_reason and tool calls as the guide's loop.py does. Without
ANTHROPIC_API_KEY (or with AGENTKIT_OFFLINE=1) it talks to the offline Claude. `--lang zh|en`
picks the language it speaks (default: AGENTKIT_LANG, else zh), as the quiz's `--lang` does.
"""

from __future__ import annotations

import argparse
import sys

import anthropic

from .cassette import CassetteError
from .client import (
    DEFAULT_MODEL,
    connection_problem,
    default_model,
    is_offline,
    make_client,
    retired_hint,
)
from .exercise import guide_task, run_exercise, weather_task
from .settings import LANGUAGES, SettingsError, language, speaking
from .strings import T


def demo(lang: str | None = None) -> int:
    """Run the demo in `lang` (None: AGENTKIT_LANG); a connection failure, a cassette problem, a
    wrong environment variable or a model the API does not serve is one line and exit status 1."""
    with speaking(lang):
        return _run_demo()


def _run_demo() -> int:
    try:
        client = make_client()
    except (CassetteError, SettingsError) as e:
        print(one_line(e))
        return 1
    try:
        _demo(client)
    except anthropic.APIConnectionError as e:
        print(connection_problem(client, e))
        return 1
    except (
        anthropic.NotFoundError
    ) as e:  # an unknown or retired id (AGENTKIT_MODEL=claude-sonnet-4-5)
        print(f"{unknown_model(e)} {retired_hint(default_model())}")
        return 1
    except CassetteError as e:
        print(one_line(e))
        return 1
    return 0


def unknown_model(e: anthropic.NotFoundError) -> str:
    err = e.body.get("error", {}) if isinstance(e.body, dict) else {}
    return T(
        "demo.unknown_model",
        model=default_model(),
        type=err.get("type"),
        message=err.get("message"),
        default=DEFAULT_MODEL,
    )


def one_line(e: Exception) -> str:
    return " ".join(str(e).split())


def _demo(client) -> None:
    mode = T("demo.offline") if is_offline() else T("demo.online")
    # The guide's loop.py uses model="claude-sonnet-4-5", which is deprecated (end of life 2026-11-30);
    # the demo uses agentkit.default_model() instead.
    print(T("demo.mode", mode=mode, model=default_model()))
    print(switch_line("demo"))
    # the guide's two prompts (agentkit.exercise, the one source of them), in English in English
    # mode, so the stand-in (which answers in the task's language) answers in English too
    for prompt in (guide_task(), weather_task()):
        print(T("demo.user", prompt=prompt))
        run_exercise(client, prompt)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m agentkit", description="agentkit: the agent-loop workbook's helpers"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    demo_parser = sub.add_parser(
        "demo",
        help="run the study guide's exercise (its loop, tools and prompts) and print each turn",
    )
    add_lang(demo_parser, "the language the demo prints and its tasks are in")
    serve = sub.add_parser(
        "serve",
        help="serve the offline Messages API over HTTP (each API key gets its own world)",
        description="Serve the offline Messages API over HTTP. Each API key gets its own world, "
        "made by its first valid request; at most 1000 live at once (the least recently used is "
        "dropped). Worlds live in memory only: every order and history is lost when the server "
        "stops or restarts.",
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: loopback; any other address is reachable from "
        "other machines, and the server says so)",
    )
    serve.add_argument("--port", default="8765", help="port 1-65535 (0: any free port)")
    add_classroom_options(serve)
    add_lang(serve, "the language the server's messages are in")
    doctor_parser = sub.add_parser(
        "doctor", help="preflight: Python, packages, JupyterLab and the offline API"
    )
    add_lang(doctor_parser, "the language of the preflight's lines")
    args = parser.parse_args(argv)
    if args.command == "demo":
        return demo(args.lang)
    with speaking(args.lang):
        if args.command == "doctor":
            from .doctor import doctor

            try:
                status = doctor()
                print(switch_line("doctor"))
            except SettingsError as e:  # AGENTKIT_LANG=fr: one line, no traceback
                print(one_line(e))
                return 1
            return status
        return run_serve(parser, args)


def switch_line(command: str) -> str:
    """How a reader of the other language switches, in that language: an English reader who got
    Chinese reads "English: … --lang en", a Chinese reader who got English "中文：… --lang zh"."""
    other = "zh" if language() == "en" else "en"
    return T.text("cli.switch", other, command=command)


def add_lang(command: argparse.ArgumentParser, what: str) -> None:
    command.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help=f"{what} (default: AGENTKIT_LANG, else zh)",
    )


def add_classroom_options(serve: argparse.ArgumentParser) -> None:
    """The teacher-key proxy's options (agentkit.upstream)."""
    group = serve.add_argument_group("one key for a class (forward to a real API)")
    group.add_argument(
        "--upstream", help="forward to this API with the teacher's ANTHROPIC_API_KEY"
    )
    group.add_argument("--students", type=int, help="students in a new roster (default 30)")
    group.add_argument(
        "--roster", default="roster.csv", help="student,token CSV (written if missing)"
    )
    group.add_argument("--budget-tokens", type=int, help="input + output tokens per student")
    group.add_argument("--usage", action="store_true", help="print usage per student and exit")


def run_serve(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.usage:
        from .upstream import show_usage

        return show_usage(args.roster, args.budget_tokens)
    if not args.upstream and (args.students is not None or args.budget_tokens is not None):
        parser.error("--students and --budget-tokens need --upstream")
    try:
        from .serve import serve as run_server
        from .upstream import serve_classroom
    except KeyboardInterrupt:  # Ctrl-C while the server's modules were still loading
        return 0
    if not args.upstream:
        return run_server(args.host, args.port)
    return serve_classroom(
        args.host,
        args.port,
        args.upstream,
        roster=args.roster,
        students=args.students,
        budget_tokens=args.budget_tokens,
    )


if __name__ == "__main__":
    sys.exit(main())
