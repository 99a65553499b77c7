"""`python -m agentkit serve`: the offline Messages API over real HTTP, for any client.

A tornado server (it comes with JupyterLab) answers what the in-process transport answers:
`POST /v1/messages` (JSON, or server-sent events with `stream: true`, sent event by event),
`POST /v1/messages/count_tokens`, `GET /v1/models`, `GET /v1/models/{id}`. It listens on loopback by
default. Each API key (`x-api-key`, or `Authorization: Bearer …`) gets its own `OfflineAPI` and
`World`, so thirty students on one server do not share orders. Then a plain `anthropic.Anthropic()`,
curl, the TypeScript SDK or a tutorial's code works unchanged with

    export ANTHROPIC_BASE_URL=http://127.0.0.1:8765
    export ANTHROPIC_API_KEY=any-string

Malformed HTTP gets the API's error shape and status: bad JSON 400 `invalid_request_error`, a body
over 32 MB 413 `request_too_large`, a wrong path 404 `not_found_error`, no key 401.
"""

from __future__ import annotations

import asyncio
import signal
import sys
import threading
from typing import Any

import tornado.httpserver
import tornado.netutil
import tornado.web

from .offline import OfflineAPI
from .offline.api import MAX_BODY, error_answer, stable_id
from .sim import SimulatedClaude, World

LIMIT = (
    MAX_BODY + 1024 * 1024
)  # tornado itself drops bodies beyond this; the API's 413 answers above 32 MB


class Worlds:
    """One OfflineAPI (with its own World) per API key."""

    def __init__(self) -> None:
        self.apis: dict[str, OfflineAPI] = {}

    def for_key(self, key: str) -> OfflineAPI:
        if key not in self.apis:
            self.apis[key] = OfflineAPI(SimulatedClaude(World()))
        return self.apis[key]


def api_key(headers: Any) -> str | None:
    key = headers.get("x-api-key")
    auth = headers.get("authorization", "")
    if not key and auth.lower().startswith("bearer "):
        key = auth[7:].strip()
    return key or None


class MessagesHandler(tornado.web.RequestHandler):
    def initialize(self, worlds: Worlds) -> None:
        self.worlds = worlds

    def check_xsrf_cookie(self) -> None:  # an API, not a form
        pass

    async def _answer(self) -> None:
        if self.request.path == "/api/hello":
            # Claude Code's connectivity probe (HEAD, no key) before its first request: a 200, as
            # router-for-me/CLIProxyAPI#5905 reports it expects; HEAD answers carry no body.
            self.set_status(200)
            self.set_header("content-type", "application/json")
            self.finish(None if self.request.method == "HEAD" else {"ok": True})
            return
        key = api_key(self.request.headers)
        if key is None:  # wording as pasted in n8n-io/n8n#37930
            answer = error_answer(
                401, "authentication_error", "x-api-key header is required", stable_id("req_", 0)
            )
        else:
            api = self.worlds.for_key(key)
            try:
                answer = api.handle(
                    self.request.method, self.request.path, self.request.body or b""
                )
            except Exception as e:  # a bug of ours: the API's 500 shape, never tornado's HTML page
                message = f"Internal server error (offline API): {e!r}"
                answer = error_answer(500, "api_error", message, stable_id("req_", id(e)))
        self.set_status(answer.status)
        for name, value in answer.headers.items():
            self.set_header(name, value)
        if answer.events is None:
            self.set_header("content-type", "application/json")
            self.finish(answer.body)
            return
        self.set_header("content-type", "text/event-stream")
        self.set_header("cache-control", "no-cache")
        for chunk in answer.events:
            self.write(chunk)
            await self.flush()
        self.finish()

    get = post = put = delete = patch = head = _answer


def make_app(worlds: Worlds | None = None) -> tornado.web.Application:
    routes = [(r"/.*", MessagesHandler, {"worlds": worlds or Worlds()})]
    return tornado.web.Application(routes, log_function=lambda handler: None)  # no access log


def _listen(host: str, port: int, worlds: Worlds | None = None):
    server = tornado.httpserver.HTTPServer(make_app(worlds), max_body_size=LIMIT)
    sockets = tornado.netutil.bind_sockets(port, host)
    server.add_sockets(sockets)
    return server, sockets[0].getsockname()[1]


class Background:
    """The server on a free loopback port in a thread of this process (tests, benchmarks):
    `with Background() as bg: bg.url, bg.worlds`. It is always stopped when the block ends."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0):
        self.host, self.port, self.worlds = host, port, Worlds()
        self._ready = threading.Event()

    def __enter__(self) -> Background:
        self._thread = threading.Thread(target=asyncio.run, args=(self._main(),), daemon=True)
        self._thread.start()
        self._ready.wait(10)
        self.url = f"http://{self.host}:{self.port}"
        return self

    async def _main(self) -> None:
        server, self.port = _listen(self.host, self.port, self.worlds)
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        self._ready.set()
        await self._stop.wait()
        server.stop()

    def __exit__(self, *exc: object) -> None:
        self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(10)


async def _serve(host: str, port: int, ready=print) -> None:
    server, actual = _listen(host, port)
    url = f"http://{'127.0.0.1' if host in ('', '0.0.0.0') else host}:{actual}"
    ready(
        f"离线 Claude API（模拟 Claude，不是真模型）已在 {url} 上运行；每个 API key 有自己的订单世界。\n"
        f"在另一个终端里设置：\nexport ANTHROPIC_BASE_URL={url}\nexport ANTHROPIC_API_KEY=任意字符串\n"
        "按 Ctrl-C 停止。",
        flush=True,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()
    server.stop()


def serve(host: str = "127.0.0.1", port: int = 8765) -> int:
    """Run until Ctrl-C (or SIGTERM); then print one line and return 0."""
    try:
        asyncio.run(_serve(host, port))
    except OSError as e:
        print(
            f"无法在 {host}:{port} 上启动服务：{e.strerror or e}。换一个端口：--port 8766",
            file=sys.stderr,
        )
        return 1
    print("离线 Claude API 已停止。")
    return 0
