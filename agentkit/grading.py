"""check_loop(fn): run any agent loop against a battery of deterministic offline scenarios.

The loop under test has the learner's signature, the shape of the study guide's exercise:

    fn(client, messages, *, tools: list[dict], run_tool, model: str) -> list   # the final messages

Each scenario checks what really happened in the offline world (refunds issued, returns created,
escalations), what was really sent to the API (history kept, one user message per round, tool_result
blocks first), and whether the run reached a final answer. Diagnoses are in Chinese and say where.
"""

from __future__ import annotations

import html
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import takewhile
from typing import Any

import anthropic
import httpx2

from .client import default_model
from .display import LEFT, html_table
from .offline import OfflineAPI, World
from .offline.world import TOOL_SCHEMAS, ToolFailure
from .tools import RefundCap


class BudgetExceeded(BaseException):
    """Raised inside the loop under test when it runs too long; a BaseException so `except Exception`
    in the learner's code does not swallow it."""


@dataclass
class Run:
    """What one scenario run left behind: the world, every request and response, every tool call."""

    world: World
    requests: list[dict[str, Any]] = field(default_factory=list)
    responses: list[dict[str, Any]] = field(default_factory=list)
    tool_calls: list[tuple[str, dict[str, Any], bool]] = field(
        default_factory=list
    )  # name, input, ok
    returned: Any = None
    error: BaseException | None = None

    def calls(
        self, tool: str, order_id: str | None = None, ok: bool | None = True
    ) -> list[dict[str, Any]]:
        return [
            a
            for n, a, good in self.tool_calls
            if n == tool and order_id in (None, a.get("order_id")) and ok in (None, good)
        ]


@dataclass(frozen=True)
class Scenario:
    key: str
    title: str
    prompt: str
    expect: Callable[[Run], list[str]]
    tools: tuple[str, ...] = tuple(TOOL_SCHEMAS)
    world: Callable[[], World] = World
    refund_cap: float | None = None


def _refund_once(order_id: str, amount: float) -> Callable[[Run], list[str]]:
    def check(run: Run) -> list[str]:
        got = run.calls("process_refund", order_id)
        if not got:
            return [f"订单 {order_id} 没有退款（应退 {amount}）"]
        if len(got) > 1:
            return [f"订单 {order_id} 被退款 {len(got)} 次（应只退一次）"]
        if got[0].get("amount") != amount:
            return [
                f"订单 {order_id} 的退款金额是 {got[0].get('amount')}，应为 lookup_order 结果里的 {amount}"
            ]
        return []

    return check


def _did(tool: str, order_id: str, what: str) -> Callable[[Run], list[str]]:
    return lambda run: (
        [] if run.calls(tool, order_id) else [f"订单 {order_id} 应{what}（{tool}），但没有"]
    )


def _untouched(order_id: str, *tools: str) -> Callable[[Run], list[str]]:
    tools = tools or ("process_refund", "cancel_order", "create_return")
    return lambda run: [
        f"订单 {order_id} 不应调用 {t}，却调用了" for t in tools if run.calls(t, order_id, ok=None)
    ]


def _escalated(order_id: str) -> Callable[[Run], list[str]]:
    return lambda run: (
        []
        if any(a.get("order_id") in (order_id, None) for a in run.calls("escalate_to_human"))
        else [f"订单 {order_id} 应转人工（escalate_to_human），但没有"]
    )


def _all(*checks: Callable[[Run], list[str]]) -> Callable[[Run], list[str]]:
    return lambda run: [p for c in checks for p in c(run)]


def _no_tools(run: Run) -> list[str]:
    return [f"这个问题不需要工具，却调用了 {n}" for n, _, _ in run.tool_calls[:1]] + (
        [f"这个问题第 1 轮就应 end_turn，却发了 {len(run.requests)} 次请求"]
        if len(run.requests) > 1
        else []
    )


SCENARIOS: list[Scenario] = [
    Scenario(
        "guide",
        "学习指南练习：退款",
        "订单 A-1001 的商品坏了，请帮我退款。",
        _refund_once("A-1001", 120.0),
        tools=("lookup_order", "process_refund"),
    ),
    Scenario(
        "parallel",
        "一次三个订单（并行 tool_use）",
        "订单 A-1001、A-1002、A-1003 都有问题，请帮我退款。",
        _all(
            _refund_once("A-1001", 120.0),
            _did("create_return", "A-1002", "创建退货"),
            _untouched("A-1002", "cancel_order", "process_refund"),
            _did("cancel_order", "A-1003", "取消"),
        ),
    ),
    Scenario(
        "shipped",
        "已发货：退货而不是取消",
        "订单 A-1002 我不想要了，请帮我取消并退款。",
        _all(
            _did("create_return", "A-1002", "创建退货"),
            _untouched("A-1002", "cancel_order", "process_refund"),
        ),
    ),
    Scenario(
        "unexpected",
        "意外状态：转人工",
        "订单 A-1004 一直没有到，请帮我退款。",
        _all(_escalated("A-1004"), _untouched("A-1004")),
    ),
    Scenario(
        "long",
        "超过 5 轮的任务",
        "请逐个处理订单 A-1001、A-1006、A-1007 的退款，一个一个来。",
        _all(
            _refund_once("A-1001", 120.0),
            _refund_once("A-1006", 35.0),
            _refund_once("A-1007", 58.0),
        ),
    ),
    Scenario(
        "tool_error",
        "工具暂时失败（is_error 后重试）",
        "订单 A-1001 的商品坏了，请帮我退款。",
        _refund_once("A-1001", 120.0),
        world=lambda: World(flaky={"process_refund": 1}),
    ),
    Scenario(
        "bad_input",
        "输入格式错误后自我纠正",
        "订单 a1001 的商品坏了，请帮我退款。",
        _refund_once("A-1001", 120.0),
    ),
    Scenario(
        "refund_cap",
        "超过上限的退款被拒后转人工",
        "订单 A-1005 的显示器坏了，请帮我退款。",
        _all(
            _escalated("A-1005"),
            lambda run: ["订单 A-1005 被退款了（超过上限）"] if run.world.refunds() else [],
        ),
        refund_cap=500.0,
    ),
    Scenario("no_tools", "不需要工具的问题", "今天天气怎么样？", _no_tools),
    Scenario(
        "status_only", "只查询状态，不做任何操作", "订单 A-1002 现在到哪了？", _untouched("A-1002")
    ),
]


def run_scenario(
    fn: Callable[..., Any],
    sc: Scenario,
    *,
    max_calls: int = 30,
    time_limit: float = 10.0,
    model: str | None = None,
) -> Run:
    run = Run(world=sc.world())
    api = OfflineAPI(world=run.world)
    deadline = time.monotonic() + time_limit

    def transport(request: httpx2.Request) -> httpx2.Response:
        if len(run.requests) >= max_calls or time.monotonic() > deadline:
            raise BudgetExceeded()
        run.requests.append(json.loads(request.content))
        response = api(request)
        if response.status_code == 200:
            run.responses.append(json.loads(response.content))
        return response

    cap = RefundCap(sc.refund_cap) if sc.refund_cap is not None else None

    def run_tool(name: str, args: dict[str, Any]) -> Any:
        if len(run.tool_calls) >= 3 * max_calls or time.monotonic() > deadline:
            raise BudgetExceeded()
        try:
            reason = cap and cap.before_tool(name, dict(args))
            if reason:
                raise ToolFailure(reason)
            out = run.world.run_tool(name, dict(args))
        except Exception:
            run.tool_calls.append((name, dict(args), False))
            raise
        run.tool_calls.append((name, dict(args), True))
        return out

    client = anthropic.Anthropic(
        api_key="offline",
        max_retries=0,
        http_client=httpx2.Client(transport=httpx2.MockTransport(transport)),
    )
    tools = [dict(TOOL_SCHEMAS[n]) for n in sc.tools]
    try:
        run.returned = fn(
            client,
            [{"role": "user", "content": sc.prompt}],
            tools=tools,
            run_tool=run_tool,
            model=model or default_model(),
        )
    except BudgetExceeded as e:
        run.error = e
    except Exception as e:  # the learner's loop crashed: a diagnosis, not a traceback
        run.error = e
    return run


def diagnose(run: Run, sc: Scenario, max_calls: int = 30) -> list[str]:
    problems = _error_problems(run, max_calls) if run.error else []
    if run.error is None and not isinstance(run.returned, list):
        problems.append(f"返回值应为 messages 列表（list），实际是 {type(run.returned).__name__}")
    problems += _protocol_problems(run)
    if run.error is None and isinstance(run.returned, list):
        problems += _ending_problems(run)
    return problems + [p for p in sc.expect(run) if p not in problems]


def _error_problems(run: Run, max_calls: int) -> list[str]:
    e = run.error
    if isinstance(e, BudgetExceeded):
        return [f"循环发了 {len(run.requests)} 次请求仍未结束（上限 {max_calls}），可能永远不会停"]
    if isinstance(e, anthropic.BadRequestError):
        msg = e.body.get("error", {}).get("message", str(e)) if isinstance(e.body, dict) else str(e)
        hint = ""
        if "without `tool_result`" in msg:
            hint = "（每个 tool_use 都要有 tool_result，且同一轮的 tool_result 放在一条 user 消息里、排在最前面）"
        return [f"第 {len(run.requests)} 次请求被 API 拒绝（400）：{msg}{hint}"]
    if isinstance(e, anthropic.APIError):
        return [f"调用 API 出错：{type(e).__name__}: {e}"]
    where = (
        "工具出错时异常直接终止了循环（应作为 is_error 的 tool_result 交回模型）"
        if run.tool_calls and not run.tool_calls[-1][2]
        else "循环抛出了异常"
    )
    return [f"{where}：{type(e).__name__}: {e}"]


def _protocol_problems(run: Run) -> list[str]:
    """Check what was sent: every response kept in history, one user message per round, results first."""
    history_lost = False
    problems = []
    for n, (resp, later) in enumerate(zip(run.responses, run.requests[1:], strict=False), 1):
        if resp["stop_reason"] != "tool_use":
            continue
        ids = [b["id"] for b in resp["content"] if b["type"] == "tool_use"]
        msgs = later["messages"]
        at = next(
            (
                i
                for i, m in enumerate(msgs)
                if m["role"] == "assistant"
                and not isinstance(m["content"], str)
                and [b.get("id") for b in m["content"] if b.get("type") == "tool_use"] == ids
            ),
            None,
        )
        if at is None:
            problems.append(
                f"第 {n + 1} 次请求的 messages 里没有第 {n} 轮的助手响应（历史被丢弃或改写，模型看不到自己调用过什么）"
            )
            history_lost = True
            break
        users = list(takewhile(lambda m: m["role"] == "user", msgs[at + 1 :]))
        if len(users) > 1:
            problems.append(
                f"第 {n} 轮的 {len(ids)} 个 tool_result 分成了 {len(users)} 条 user 消息（同一轮的结果应放在一条 user 消息里）"
            )
            break
    for n, req in enumerate(
        run.requests[1:], 2
    ):  # history kept: every earlier tool exchange still there
        sent = {
            b.get("id")
            for m in req["messages"]
            if m["role"] == "assistant" and not isinstance(m["content"], str)
            for b in m["content"]
            if isinstance(b, dict)
        }
        lost = [
            b["id"]
            for r in run.responses[: n - 1]
            if r["stop_reason"] == "tool_use"
            for b in r["content"]
            if b["type"] == "tool_use" and b["id"] not in sent
        ]
        if lost and not history_lost:
            problems.append(
                f"第 {n} 次请求丢掉了前面轮次的 tool_use（{len(lost)} 个）：历史没有完整保留"
            )
            break
    return problems


def _ending_problems(run: Run) -> list[str]:
    msgs, n = run.returned, len(run.responses)
    last = run.responses[-1] if run.responses else None
    if msgs and msgs[-1].get("role") == "user" and last and last["stop_reason"] == "tool_use":
        return [
            f"第 {n} 轮 stop_reason=tool_use，工具已执行，循环却没有再发请求就停了（没有 end_turn，任务被截断）"
        ]
    if not msgs or msgs[-1].get("role") != "assistant":
        return ["返回的 messages 不是以助手的最终回答结尾"]
    if last is None:
        return []
    answered = {
        b.get("tool_use_id")
        for m in msgs
        if m.get("role") == "user" and not isinstance(m["content"], str)
        for b in m["content"]
        if isinstance(b, dict)
    }
    pending = [b for b in last["content"] if b["type"] == "tool_use" and b["id"] not in answered]
    if last["stop_reason"] == "tool_use" and pending:
        if any(b["type"] == "text" for b in last["content"]):
            return [
                f"第 {n} 轮响应同时含 text 与 tool_use，循环在执行工具前就退出了（{len(pending)} 个 tool_use 没有执行）"
            ]
        return [
            f"第 {n} 轮 stop_reason=tool_use，循环却退出了（{len(pending)} 个 tool_use 没有执行）"
        ]
    if last["stop_reason"] not in ("end_turn", "tool_use"):
        return [f"最后一轮 stop_reason={last['stop_reason']}，没有得到最终回答"]
    return []


@dataclass
class ScenarioResult:
    key: str
    title: str
    passed: bool
    problems: list[str]
    requests: int

    @property
    def diagnosis(self) -> str:
        return "通过" if self.passed else "；".join(self.problems)


@dataclass
class Report:
    name: str
    results: list[ScenarioResult]

    @property
    def passed(self) -> bool:
        return all(r.passed for r in self.results)

    def __repr__(self) -> str:
        lines = [
            f"{self.name}: {sum(r.passed for r in self.results)}/{len(self.results)} 个场景通过"
        ]
        lines += [
            f"  {'✓' if r.passed else '✗'} {r.title}" + ("" if r.passed else f" —— {r.diagnosis}")
            for r in self.results
        ]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = [
            ["✓" if r.passed else "✗", html.escape(r.title), html.escape(r.diagnosis)]
            for r in self.results
        ]
        return (
            f"<p><b>{html.escape(self.name)}</b>：{sum(r.passed for r in self.results)}/{len(self.results)} 个场景通过</p>"
            + html_table("ak-report", ["", "场景", "诊断"], rows)
        )


def check_loop(
    fn: Callable[..., Any],
    scenarios: list[Scenario] | None = None,
    *,
    name: str | None = None,
    max_calls: int = 30,
    time_limit: float = 10.0,
) -> Report:
    """Grade a loop function on every scenario. `.passed` only when every scenario passes."""
    results = []
    for sc in scenarios or SCENARIOS:
        run = run_scenario(fn, sc, max_calls=max_calls, time_limit=time_limit)
        problems = diagnose(run, sc, max_calls)
        results.append(ScenarioResult(sc.key, sc.title, not problems, problems, len(run.requests)))
    return Report(name or getattr(fn, "__name__", "loop"), results)


def reference_loop(client, messages, *, tools, run_tool, model):
    """The reference loop (agentkit.run_agent_loop) in the learner's signature."""
    from .loop import run_agent_loop

    return run_agent_loop(client, messages, tools, run_tool=run_tool, model=model).messages


@dataclass
class Scoreboard:
    reports: list[Report]

    def __repr__(self) -> str:
        keys = [r.key for r in self.reports[0].results]
        width = max(len(r.name) for r in self.reports)
        head = " " * width + "  " + " ".join(f"{i + 1:>2}" for i in range(len(keys)))
        lines = [head] + [
            f"{r.name:<{width}}  " + " ".join(f"{'✓' if x.passed else '✗':>2}" for x in r.results)
            for r in self.reports
        ]
        lines.append("")
        lines += [f"{i + 1:>2} = {x.title}" for i, x in enumerate(self.reports[0].results)]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        titles = [x.title for x in self.reports[0].results]
        head = "".join(f"<th {LEFT}>{i + 1}. {html.escape(t)}</th>" for i, t in enumerate(titles))
        rows = []
        for r in self.reports:
            cells = "".join(
                f"<td title='{html.escape(x.diagnosis)}' style='text-align:center'>"
                f"{'✓' if x.passed else '✗'}</td>"
                for x in r.results
            )
            rows.append(f"<tr><td {LEFT}><code>{html.escape(r.name)}</code></td>{cells}</tr>")
        return f"<table class='ak-scoreboard'><thead><tr><th {LEFT}>循环</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"

    def failures(self) -> str:
        """Each loop's first failing scenario and why, as text."""
        out = []
        for r in self.reports:
            bad = [x for x in r.results if not x.passed]
            out.append(
                f"{r.name}: "
                + (
                    "全部通过"
                    if not bad
                    else f"{bad[0].title} —— {bad[0].diagnosis}"
                    + (f"（另有 {len(bad) - 1} 个场景失败）" if len(bad) > 1 else "")
                )
            )
        return "\n".join(out)


def scoreboard(loops: dict[str, Callable[..., Any]] | None = None) -> Scoreboard:
    """Every loop against every scenario. By default: the reference loop and every specimen."""
    if loops is None:
        from .antipatterns import SPECIMENS

        loops = {"reference_loop": reference_loop, **{k: fn for k, (_, fn) in SPECIMENS.items()}}
    return Scoreboard([check_loop(fn, name=name) for name, fn in loops.items()])
