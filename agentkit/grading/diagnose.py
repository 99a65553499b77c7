"""What went wrong in a run, cause first, in Chinese, naming the round and the block.

Each check reads what really happened (what was sent, what came back, which tools ran with
what result, what the loop returned or raised) and says at most one thing: one message per
failure class. `diagnose` lists them in the order a reviewer would: the cause before its
consequences, the scenario's own expectations about the world last.
"""

from __future__ import annotations

import json
from collections import defaultdict, deque
from collections.abc import Callable
from itertools import takewhile
from typing import Any

import anthropic

from ..display import blocks
from .battery import RUNAWAY_LIMIT
from .runner import BudgetExceeded, Run, ToolRun

ENDS_WITH_A_NAME = ("refusal", "max_tokens", "model_context_window_exceeded")


def diagnose(run: Run) -> list[str]:
    """Every problem found in the run: [] when the loop did everything right. A check that finds
    a cause whose consequences would only repeat it (a lost history, a tool run twice …) ends the
    list there, with the first thing the world shows."""
    facts = Facts(run)
    problems: list[str] = []
    for check in CHECKS:
        problems += [p for p in check(facts) if p not in problems]
        if facts.fatal:
            break
    world = [p for p in run.case.expect(run) if p not in problems]
    if facts.fatal or len(world) > 2:  # what the world shows is one class: its first instance
        world = world[:1] + ([f"（另有 {len(world) - 1} 项同类问题）"] if len(world) > 1 else [])
    return problems + world


class Facts:
    """The run, indexed: tool_use blocks by round, tool_results by id, which tool run answered
    which tool_use block."""

    def __init__(self, run: Run):
        self.run, self.case = run, run.case
        self.rounds = run.responses  # round n is rounds[n - 1]; None: not a 200
        self.results: dict[str, dict[str, Any]] = {}  # tool_use_id -> its tool_result (first sent)
        for req in run.requests:
            for m in req.get("messages", []):
                for b in blocks(m.get("content")):
                    if b.get("type") == "tool_result":
                        self.results.setdefault(b.get("tool_use_id"), b)
        self.matched: dict[str, ToolRun] = {}  # tool_use id -> the tool run that executed it
        self.extra: list[tuple[int, ToolRun, int, int]] = []  # round, a run, tool_uses, runs
        self._match()
        self.fatal = False  # set by a check whose cause makes the world checks noise

    def uses(self, stops: tuple[str, ...] = ("tool_use",)) -> list[tuple[int, dict[str, Any]]]:
        return [
            (n, b)
            for n, r in enumerate(self.rounds, 1)
            if r and r["stop_reason"] in stops
            for b in r["content"]
            if b["type"] == "tool_use"
        ]

    def _match(self) -> None:
        queues: dict[str, deque[ToolRun]] = defaultdict(deque)
        for c in self.run.tool_calls:
            queues[_key(c.name, c.input)].append(c)
        # complete tool_use blocks first (they are the ones to run), then blocks of cut replies
        for _, b in self.uses() + self.uses(ENDS_WITH_A_NAME):
            q = queues[_key(b["name"], b["input"])]
            if q:
                self.matched[b["id"]] = q.popleft()
        blocks: dict[str, list[int]] = defaultdict(list)
        for n, b in self.uses() + self.uses(ENDS_WITH_A_NAME):
            blocks[_key(b["name"], b["input"])].append(n)
        for key, q in queues.items():
            if q and blocks.get(key):
                self.extra.append(
                    (blocks[key][0], q[0], len(blocks[key]), len(blocks[key]) + len(q))
                )

    @property
    def last(self) -> tuple[int, dict[str, Any] | None]:
        for n in range(len(self.rounds), 0, -1):
            if self.rounds[n - 1]:
                return n, self.rounds[n - 1]
        return 0, None


# --- the checks, in the order a reviewer reads a run ---------------------------------------------


def local_retries(f: Facts) -> list[str]:
    e = f.run.error
    if not (isinstance(e, BudgetExceeded) and e.what == "tools"):
        return []
    f.fatal = True
    last = f.run.tool_calls[-1]
    return [
        f"工具 {last.name} 在本地被反复执行了 {len(f.run.tool_calls)} 次仍未停止：失败的工具应作为"
        f" is_error 的 tool_result 交回模型，由模型决定重试、换路还是说明情况"
    ]


def cut_tool_use_ran(f: Facts) -> list[str]:
    for n, r in enumerate(f.rounds, 1):
        if not r or r["stop_reason"] not in ENDS_WITH_A_NAME:
            continue
        ran = [
            b
            for b in r["content"]
            if b["type"] == "tool_use" and (b["id"] in f.matched or b["id"] in f.results)
        ]
        if ran:
            f.fatal = True
            b = ran[-1]
            return [
                f"第 {n} 轮 stop_reason={r['stop_reason']}：响应被截断，循环却执行了其中的 {len(ran)} 个 tool_use"
                f"（最后一个 {b['name']}{_short(b['input'])} 的输入不完整）。被截断的 tool_use 绝不能执行"
            ]
    return []


def tool_runs(f: Facts) -> list[str]:
    """Each tool_use runs exactly once; a failure goes back with is_error; each result is its own."""
    if f.extra:
        f.fatal = True
        n, ran, uses, runs = f.extra[0]
        what = f"tool_use {ran.name}{_short(ran.input)}"
        where = f"第 {n} 轮的 {what}" if uses == 1 else f"{what}（第 {n} 轮起共 {uses} 个）"
        return [
            f"{where}被执行了 {runs} 次：每个 tool_use 只应执行一次（重复的退款、取消会真的发生两次）"
        ]
    for n, b in f.uses():
        result, ran = f.results.get(b["id"]), f.matched.get(b["id"])
        if result is None:
            continue
        if ran is None:
            f.fatal = True
            return [
                f"第 {n} 轮的 tool_use {b['name']}{_short(b['input'])} 没有真正执行，tool_result 却有内容"
                f"（结果被缓存或编造，重复的查询看不到新结果）"
            ]
        if not ran.ok and not result.get("is_error"):
            return [
                f"第 {n} 轮 {b['name']} 执行失败（{_short(ran.error, 40)}），它的 tool_result 却没有"
                f" is_error: true：模型会把错误信息当成正常结果"
            ]
        if ran.ok and not _holds(_text(result.get("content")), ran.output):
            return [
                f"第 {n} 轮 tool_use {b['name']}（id …{b['id'][-6:]}）的 tool_result 内容不是它自己的结果"
                f"（收到 {_short(_text(result.get('content')), 40)}）：结果和 tool_use_id 对错了"
            ]
    return []


def wrong_model(f: Facts) -> list[str]:
    for n, req in enumerate(f.run.requests, 1):
        if any(r and r["stop_reason"] == "refusal" for r in f.rounds[: n - 1]):
            break  # after a refusal, a fallback model is the documented alternative
        if req.get("model") != f.case.model:
            return [
                f"第 {n} 次请求用的模型是 {req.get('model')!r}，而不是传入的 model 参数 {f.case.model!r}（模型名不要写死）"
            ]
    return []


def after_a_stop(f: Facts) -> list[str]:
    """What the loop sent after pause_turn and refusal."""
    for n, r in enumerate(f.rounds, 1):
        nxt = f.run.requests[n] if n < len(f.run.requests) else None
        if not r or nxt is None:
            continue
        msgs = nxt.get("messages", [])
        if (
            r["stop_reason"] != "tool_use"
            and msgs
            and msgs[-1].get("role") == "user"
            and not blocks(msgs[-1].get("content"))
        ):
            f.fatal = True
            return [
                f"第 {n} 轮 stop_reason={r['stop_reason']}，循环却当成 tool_use 处理：追加了一条空的 user 消息"
                f"（没有任何 tool_result）再请求，API 会拒绝"
            ]
        if r["stop_reason"] == "pause_turn" and (not msgs or msgs[-1].get("role") != "assistant"):
            f.fatal = True
            return [
                f"第 {n} 轮 stop_reason=pause_turn 后，循环追加了{_describe(msgs[-1] if msgs else {})}再请求，"
                f"而不是把助手的 content 原样发回让服务端工具继续"
            ]
        if r["stop_reason"] == "refusal" and nxt.get("model") == f.run.requests[n - 1].get("model"):
            return [
                f"第 {n} 轮 stop_reason=refusal 后，循环又向同一个模型发了请求：被拒绝的请求原样（或加一句“请继续”）"
                f"重发不会有不同结果。读 stop_details，结束或交给人；要重试只能换备用模型"
            ]
    return []


def raised(f: Facts) -> list[str]:
    """The loop raised: a named exit where one is due, or a crash, said by its cause."""
    e = f.run.error
    if e is None or isinstance(e, BudgetExceeded) and e.what == "tools":
        return []
    if isinstance(e, BudgetExceeded | anthropic.APIError):
        f.fatal = True
        return [_stopped_from_outside(f, e)]
    n, last = f.last
    stop = last["stop_reason"] if last else None
    if stop in ENDS_WITH_A_NAME and len(f.run.requests) == n:
        return []  # a named stop: refusal, or a reply cut off, raised rather than returned
    if f.case.runaway and stop == "tool_use" and len(f.run.requests) <= RUNAWAY_LIMIT:
        return []  # the safety net fired, and said so
    return [_why_raised(f, e, stop, n)]


def _stopped_from_outside(f: Facts, e: BaseException) -> str:
    """The request budget ran out, or the API said no."""
    sent = len(f.run.requests)
    if isinstance(e, anthropic.BadRequestError):
        return _bad_request(e, sent)
    if isinstance(e, anthropic.APIError):
        return f"第 {sent} 次请求出错：{type(e).__name__}: {_api_message(e)}"
    if f.case.runaway:
        return f"没有安全网：发了 {sent} 次请求仍不停止（应设置上限，例如 max_turns，到达时抛出异常或转人工）"
    return f"循环发了 {sent} 次请求仍未结束，可能永远不会停"


def _why_raised(f: Facts, e: BaseException, stop: str | None, n: int) -> str:
    name = type(e).__name__
    if stop == "pause_turn":
        return f"第 {n} 轮 stop_reason=pause_turn 时循环抛出了 {name}：pause_turn 不是错误，应把 content 原样发回继续"
    failed = [c for c in f.run.tool_calls if not c.ok]
    if failed and str(e) == failed[-1].error:
        return (
            f"工具出错时异常直接终止了循环（应作为 is_error 的 tool_result 交回模型）：{name}: {e}"
        )
    if stop == "tool_use":
        return f"第 {n} 轮后循环抛出了 {name}: {_short(str(e), 60)}，模型还在调用工具，任务没有完成（上限太小，或把正常的 tool_use 当成了错误）"
    return f"循环抛出了异常：{name}: {_short(str(e), 80)}"


def returned_early(f: Facts) -> list[str]:
    """The loop returned: was the task at an end, and did it say so honestly?"""
    msgs, (n, last) = f.run.returned, f.last
    if f.run.error is not None:
        return []
    if not isinstance(msgs, list):
        return [f"返回值应为 messages 列表（list），实际是 {type(msgs).__name__}"]
    stop = last["stop_reason"] if last else None
    if stop == "pause_turn":
        return [
            f"第 {n} 轮 stop_reason=pause_turn 时循环就返回了：服务端工具只是暂停，应把 content 原样发回继续"
        ]
    if stop == "max_tokens":
        return [
            f"第 {n} 轮 stop_reason=max_tokens：回答被截断，循环却把它当成完成返回了（应提高 max_tokens 重试，或抛出异常说明被截断）"
        ]
    return _returned_mid_task(f, n, last, msgs) if stop == "tool_use" else []


def _returned_mid_task(f: Facts, n: int, last: dict[str, Any], msgs: list[Any]) -> list[str]:
    """The last response asked for tools, and the loop returned anyway: why."""
    answered = set(f.results) | {
        b.get("tool_use_id") for m in msgs if isinstance(m, dict) for b in blocks(m.get("content"))
    }
    pending = [b for b in last["content"] if b["type"] == "tool_use" and b["id"] not in answered]
    failed = [
        f.matched[b["id"]] for b in pending if b["id"] in f.matched and not f.matched[b["id"]].ok
    ]
    if failed:
        return [
            f"第 {n} 轮 {failed[0].name} 执行失败后循环就停了：错误应作为 is_error 的 tool_result 交回模型，让它决定下一步"
        ]
    if f.case.runaway and not pending:
        return [
            f"发了 {len(f.run.requests)} 次请求任务仍未完成，循环却悄悄返回，像完成了一样："
            f"到达上限（安全网）时应抛出异常或显式转人工，让调用方知道"
        ]
    if not pending:
        return [
            f"第 {n} 轮 stop_reason=tool_use，工具已执行，循环却没有再发请求就停了（没有 end_turn，任务被截断）"
        ]
    if any(b["type"] == "text" for b in last["content"]):
        return [
            f"第 {n} 轮响应同时含 text 与 tool_use，循环在执行工具前就退出了（{len(pending)} 个 tool_use 没有执行）"
        ]
    return [f"第 {n} 轮 stop_reason=tool_use，循环却退出了（{len(pending)} 个 tool_use 没有执行）"]


def returned_history(f: Facts) -> list[str]:
    """The returned list is the whole history, ending with the model's final response as it came."""
    msgs, (n, last) = f.run.returned, f.last
    if f.run.error is not None or not isinstance(msgs, list) or last is None:
        return []
    if last["stop_reason"] in ("tool_use", "pause_turn", "max_tokens"):
        return []  # returned_early has said what is wrong
    final = msgs[-1] if msgs else {}
    if not isinstance(final, dict) or final.get("role") != "assistant":
        return ["返回的 messages 不是以助手的最终回答结尾"]
    if _shape(final.get("content")) != _shape(last["content"]):
        return [f"返回的最后一条消息不是第 {n} 轮模型的原始回复（被改写、换成模板或编造）"]
    sent = f.run.requests[n - 1].get("messages", [])
    if [m.get("role") for m in msgs[:-1]] != [m.get("role") for m in sent] or _ids(
        msgs[:-1]
    ) != _ids(sent):
        return [
            f"返回的 messages 不是完整的对话历史（应是第 {n} 次请求发出的 messages 加上最终回复）"
        ]
    return []


def history_kept(f: Facts) -> list[str]:
    """What was sent: every response kept in history, one user message per round."""
    for n, (resp, later) in enumerate(zip(f.rounds, f.run.requests[1:], strict=False), 1):
        if not resp or resp["stop_reason"] != "tool_use":
            continue
        ids = [b["id"] for b in resp["content"] if b["type"] == "tool_use"]
        msgs = later["messages"]
        at = next(
            (i for i, m in enumerate(msgs) if m["role"] == "assistant" and _ids([m]) == ids), None
        )
        if at is None:
            f.fatal = True
            return [
                f"第 {n + 1} 次请求的 messages 里没有第 {n} 轮的助手响应（历史被丢弃或改写，模型看不到自己调用过什么）"
            ]
        users = list(takewhile(lambda m: m["role"] == "user", msgs[at + 1 :]))
        if len(users) > 1:
            return [
                f"第 {n} 轮的 {len(ids)} 个 tool_result 分成了 {len(users)} 条 user 消息（同一轮的结果应放在一条 user 消息里）"
            ]
    for n, req in enumerate(f.run.requests[1:], 2):
        sent = set(_ids(req["messages"]))
        lost = [b["id"] for m, b in f.uses() if m < n and b["id"] not in sent]
        if lost:
            f.fatal = True
            return [f"第 {n} 次请求丢掉了前面轮次的 tool_use（{len(lost)} 个）：历史没有完整保留"]
    return []


CHECKS: list[Callable[[Facts], list[str]]] = [  # causes before their consequences
    local_retries,
    cut_tool_use_ran,
    after_a_stop,
    history_kept,
    tool_runs,
    raised,
    wrong_model,
    returned_early,
    returned_history,
]


# --- small readers --------------------------------------------------------------------------------


def _describe(message: dict[str, Any]) -> str:
    parts = blocks(message.get("content"))
    if not parts:
        return "一条空的 user 消息"
    if all(b.get("type") == "tool_result" for b in parts):
        return "一条 tool_result 消息"
    return f"一条 user 消息（“{_short(_text(message.get('content')), 20)}”）"


def _ids(messages: list[Any]) -> list[str]:
    return [
        b.get("id")
        for m in messages
        if isinstance(m, dict) and m.get("role") == "assistant"
        for b in blocks(m.get("content"))
        if b.get("type") == "tool_use"
    ]


def _shape(content: Any) -> list[tuple]:
    return [
        (
            b.get("type"),
            b.get("text"),
            b.get("id"),
            b.get("name"),
            json.dumps(b.get("input"), sort_keys=True),
        )
        for b in blocks(content)
        if b.get("type") not in ("thinking", "redacted_thinking")
    ]


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    return "".join(b.get("text", "") for b in blocks(content) if b.get("type") == "text")


def _holds(text: str, output: Any) -> bool:
    """Does a tool_result's text carry this output (as JSON, or Python's repr of it)?"""
    try:
        if json.loads(text) == output:
            return True
    except ValueError:
        pass
    forms = {json.dumps(output, ensure_ascii=False), json.dumps(output), str(output)}
    return any(f in text for f in forms)


def _key(name: str, args: Any) -> str:
    return name + json.dumps(args, sort_keys=True, ensure_ascii=False)


def _short(value: Any, width: int = 50) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def _api_message(e: anthropic.APIError) -> str:
    body = getattr(e, "body", None)
    if isinstance(body, dict):
        return (body.get("error") or {}).get("message", str(e))
    return str(e)


def _bad_request(e: anthropic.BadRequestError, n: int) -> str:
    msg = _api_message(e)
    hint = ""
    if "without `tool_result`" in msg:
        hint = "（每个 tool_use 都要有 tool_result，且同一轮的 tool_result 放在一条 user 消息里、排在最前面）"
    return f"第 {n} 次请求被 API 拒绝（400）：{msg}{hint}"
