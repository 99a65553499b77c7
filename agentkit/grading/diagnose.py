"""What went wrong in a run, cause first, in Chinese, naming the round and the block.

Each check reads what really happened (what was sent, what came back, which tools ran in which
round with what result, what the loop returned or raised) and says at most one thing: one message
per failure class. `diagnose` lists them in the order a reviewer would: the cause before its
consequences, the scenario's own expectations about the world last.

Tool results are judged by meaning, not by wording: an `is_error` result for a call that never
ran is a denial (a hook, a precondition, input validation); a result may label or reformat its
own call's output; it is mis-paired only when it carries another call's output. Whether a result
was made up is for the world to judge: what really happened is in its record of effects.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import anthropic

from ..content import blocks, short
from ..offline import InvalidRequest, validate
from .battery import RUNAWAY_LIMIT
from .runner import LONGEST, MAX_REQUESTS, BudgetExceeded, Run, ToolRun

ENDS_WITH_A_NAME = ("refusal", "max_tokens", "model_context_window_exceeded", "stop_sequence")
CUT = ("max_tokens", "model_context_window_exceeded")
NOT_APPLICABLE = "不适用"


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
    expect = run.case.expect
    if run.case.if_stopped and (run.error is not None or facts.escalated_at_end()):
        expect = run.case.if_stopped  # it stopped when the API failed: nothing may be half done
    world = [p for p in expect(run) if p not in problems]
    if facts.fatal or len(world) > 2:  # what the world shows is one class: its first instance
        world = world[:1] + ([f"（另有 {len(world) - 1} 项同类问题）"] if len(world) > 1 else [])
    return problems + world


def notes(run: Run) -> list[str]:
    """What the report should say besides pass or fail: a scenario that did not apply to this
    loop (it never met the condition the scenario is about)."""
    f = Facts(run)
    out = []
    if run.case.key in ("cut_tool_use", "cut_answer") and f.one_call_per_turn:
        cut = any(r and r["stop_reason"] in CUT for r in f.rounds)
        if not cut:
            out.append(
                f"{NOT_APPLICABLE}：这个循环关闭了并行调用（disable_parallel_tool_use），"
                "回复没有被截断；按它做过的事判断"
            )
    return out


class Facts:
    """The run, indexed: tool_use blocks by round, tool_results by id, which tool run answered
    which tool_use block."""

    def __init__(self, run: Run):
        self.run, self.case = run, run.case
        self.rounds = run.responses  # round n is rounds[n - 1]; None: not a 200
        self.results: dict[
            str | None, dict[str, Any]
        ] = {}  # tool_use_id -> its tool_result (first)
        for req in run.requests:
            for m in _messages(req):
                for b in blocks(m.get("content")):
                    if b.get("type") == "tool_result":
                        self.results.setdefault(b.get("tool_use_id"), b)
        self.matched: dict[str, ToolRun] = {}  # tool_use id -> the tool run that executed it
        self.extra: list[
            tuple[int, ToolRun, dict | None]
        ] = []  # round, a run, the block it repeats
        self._match()
        self.one_call_per_turn = any(
            isinstance(r.get("tool_choice"), dict)
            and r["tool_choice"].get("disable_parallel_tool_use") is True
            for r in run.requests
        )
        self.fatal = False  # set by a check whose cause makes the world checks noise
        self.scripted = False  # the loop ran tools the model never asked for

    def uses(self, stops: tuple[str, ...] = ("tool_use",)) -> list[tuple[int, dict[str, Any]]]:
        return [
            (n, b)
            for n, r in enumerate(self.rounds, 1)
            if r and r["stop_reason"] in stops
            for b in r["content"]
            if b["type"] == "tool_use"
        ]

    def _owner(self, at: int) -> int:
        """The round whose tool_use blocks a tool run after `at` responses can answer."""
        for n in range(at, 0, -1):
            if self.rounds[n - 1]:
                return n
        return 0

    def _match(self) -> None:
        """Each round's tool runs to that round's tool_use blocks: same name and input first, then
        same name (the input was changed on the way), in order."""
        by_round: dict[int, list[ToolRun]] = defaultdict(list)
        for c in self.run.tool_calls:
            by_round[self._owner(c.round)].append(c)
        for n, runs in sorted(by_round.items()):
            r = self.rounds[n - 1] if n else None
            uses = [b for b in (r["content"] if r else []) if b["type"] == "tool_use"]
            left = list(runs)
            for same in (True, False):
                for b in uses:
                    if b["id"] in self.matched:
                        continue
                    fit = next((c for c in left if _fits(c, b, same)), None)
                    if fit is not None:
                        self.matched[b["id"]] = fit
                        left.remove(fit)
            for c in left:
                again = next((b for b in uses if _fits(c, b, True) or _fits(c, b, False)), None)
                self.extra.append((n, c, again))

    @property
    def last(self) -> tuple[int, dict[str, Any] | None]:
        for n in range(len(self.rounds), 0, -1):
            if self.rounds[n - 1]:
                return n, self.rounds[n - 1]
        return 0, None

    def escalated_at_end(self) -> bool:
        """The loop itself handed the task to a person after the last response (at its cap, or
        when the API failed for good): escalate_to_human ran, and no tool_use asked for it."""
        n, asked = len(self.rounds), {id(c) for c in self.matched.values()}
        return any(
            c.ok and c.name == "escalate_to_human" and c.round == n and id(c) not in asked
            for c in self.run.tool_calls
        )

    def faulted(self) -> bool:
        """The last thing the API did was fail (529, an error mid-stream, 5xx): not the loop's."""
        s = self.run.statuses[-1] if self.run.statuses else 200
        return s == "midstream" or (isinstance(s, int) and s >= 500)


# --- the checks, in the order a reviewer reads a run ---------------------------------------------


def stopped_from_outside(f: Facts) -> list[str]:
    """The grader had to stop the loop: its deadline, a swallowed budget, the process exit."""
    run, e = f.run, f.run.error
    sent = len(run.requests)
    if run.timed_out is not None:
        f.fatal = True
        if run.timed_out >= LONGEST:
            return [f"循环 {LONGEST:g} 秒后仍未结束（发了 {sent} 次请求）：评分器放弃了它"]
        return [
            f"循环有 {run.timed_out:g} 秒既没有发请求也没有运行工具（已发 {sent} 次请求）：sleep、阻塞"
            "或空转，评分器放弃了它。等待要有上限，重试要有次数"
        ]
    if run.swallowed:
        f.fatal = True
        return [
            f"循环吞掉了评分器的请求预算（{MAX_REQUESTS - 1} 次）又继续发请求：BudgetExceeded 是"
            " BaseException，裸 except: 会把它也捕获。只捕获 Exception（最好只捕获 anthropic.APIError），"
            "并给重试设上限"
        ]
    if isinstance(e, SystemExit):
        f.fatal = True
        return [
            f"循环调用了 sys.exit({_short(e.code, 20) if e.code is not None else ''})（SystemExit）："
            "这会结束调用方的整个进程。出错时应抛出异常，让调用方决定"
        ]
    if isinstance(e, KeyboardInterrupt):
        f.fatal = True
        return [
            "循环抛出了 KeyboardInterrupt：不要用它表示出错，应抛出普通异常（Exception 的子类）"
        ]
    return []


def local_retries(f: Facts) -> list[str]:
    if f.run.exceeded != "tools":
        return []
    f.fatal = True
    last = f.run.tool_calls[-1]
    return [
        f"工具 {last.name} 在本地被反复执行了 {len(f.run.tool_calls)} 次仍未停止：失败的工具应作为"
        f" is_error 的 tool_result 交回模型，由模型决定重试、换路还是说明情况"
    ]


def over_budget(f: Facts) -> list[str]:
    """The request budget ran out: the headline, whatever else the loop did on the way."""
    if f.run.exceeded != "requests":
        return []
    f.fatal = True
    return [_over_budget(f)]


def first_request(f: Facts) -> list[str]:
    """The first request carries exactly the task: nothing left over from earlier calls."""
    if not f.run.requests:
        return []
    msgs = _messages(f.run.requests[0])
    task = f.case.prompt
    texts = [_text(m.get("content")) for m in msgs if isinstance(m, dict)]
    if len(msgs) == 1 and texts == [task] and msgs[0].get("role") == "user":
        return []
    f.fatal = True
    if len(msgs) > 1 and texts and texts[-1] == task:
        return [
            f"第 1 次请求的 messages 有 {len(msgs)} 条，而任务只有 1 条：前 {len(msgs) - 1} 条来自之前的调用"
            "（状态泄漏：可变默认参数 history=[]，或模块级的列表）。每次调用都应从传入的 messages 开始"
        ]
    if len(msgs) > 1 and task in texts:
        return [
            f"第 1 次请求的 messages 有 {len(msgs)} 条：任务之外多了 {len(msgs) - 1} 条"
            "（之前调用留下的状态，或循环自己加的消息）"
        ]
    return ["第 1 次请求的 messages 不是传入的任务（任务被改写或丢掉了）"]


def sent_tools(f: Facts) -> list[str]:
    """The tools sent are the tools given (not a list of the loop's own)."""
    want = [t.get("name") for t in f.case.tools]
    for n, req in enumerate(f.run.requests, 1):
        tools = req.get("tools")
        if tools is None and n == 1:
            return [
                "第 1 次请求没有带 tools：模型不知道有哪些工具可用（应把传入的 tools 发给 API）"
            ]
        if not isinstance(tools, list):
            continue
        got = [t.get("name") if isinstance(t, dict) else None for t in tools]
        if sorted(map(str, got)) != sorted(map(str, want)):
            lost = [x for x in want if x not in got]
            more = [x for x in got if x not in want]
            what = "，".join(
                ([f"缺少 {', '.join(map(str, lost))}"] if lost else [])
                + ([f"多了 {', '.join(map(str, more))}"] if more else [])
            )
            return [f"第 {n} 次请求的 tools 不是传入的 tools（{what}）：应原样发送传入的 tools"]
    return []


def result_shapes(f: Facts) -> list[str]:
    """What each tool_result block is made of, as the API reads it."""
    for n, req in enumerate(f.run.requests, 1):
        for m in _messages(req):
            for b in blocks(m.get("content")):
                if b.get("type") != "tool_result":
                    continue
                c, err = b.get("content"), b.get("is_error", False)
                if isinstance(c, dict):
                    f.fatal = True
                    return [
                        f"第 {n} 次请求的 tool_result 的 content 是一个 dict（{_short(c, 30)}）：content 只能是"
                        "字符串或内容块列表，API 会拒绝（400）。把结果 json.dumps 成字符串"
                    ]
                if not isinstance(err, bool):
                    f.fatal = True
                    return [
                        f"第 {n} 次请求的 tool_result 的 is_error 是 {err!r}（{type(err).__name__}），"
                        "不是布尔值：API 会拒绝（400）。失败写 True，成功不写或写 False"
                    ]
    return []


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


def after_a_stop(f: Facts) -> list[str]:
    """What the loop sent after a response that was not tool_use."""
    for n, r in enumerate(f.rounds, 1):
        nxt = f.run.requests[n] if n < len(f.run.requests) else None
        if not r or nxt is None:
            continue
        msgs, stop = _messages(nxt), r["stop_reason"]
        if (
            stop != "tool_use"
            and msgs
            and msgs[-1].get("role") == "user"
            and not blocks(msgs[-1].get("content"))
        ):
            f.fatal = True
            return [
                f"第 {n} 轮 stop_reason={stop}，循环却当成 tool_use 处理：追加了一条空的 user 消息"
                f"（没有任何 tool_result）再请求，API 会拒绝"
            ]
        if stop == "pause_turn" and (not msgs or msgs[-1].get("role") != "assistant"):
            f.fatal = True
            return [
                f"第 {n} 轮 stop_reason=pause_turn 后，循环追加了{_describe(msgs[-1] if msgs else {})}再请求，"
                f"而不是把助手的 content 原样发回让服务端工具继续"
            ]
        if stop == "refusal" and nxt.get("model") == f.run.requests[n - 1].get("model"):
            return [
                f"第 {n} 轮 stop_reason=refusal 后，循环又向同一个模型发了请求：被拒绝的请求原样（或加一句“请继续”）"
                f"重发不会有不同结果。读 stop_details，结束或交给人；要重试只能换备用模型"
            ]
        if stop == "end_turn" and nxt == f.run.requests[n - 1]:
            f.fatal = True
            return [
                f"第 {n} 轮 stop_reason=end_turn 后，循环原样重发了同一个请求：end_turn 就是模型说任务完成了，"
                "应保留回复并结束"
            ]
        if stop == "end_turn" and msgs and msgs[-1].get("role") == "user":
            f.fatal = True
            return [
                f"第 {n} 轮 stop_reason=end_turn 后，循环又追加了{_describe(msgs[-1])}再请求："
                "end_turn 就是模型说任务完成了，不用再问“完成了吗”，应保留回复并结束"
            ]
        if stop == "stop_sequence":
            f.fatal = True
            return [
                f"第 {n} 轮 stop_reason=stop_sequence（回答停在了约定的停止序列 {r.get('stop_sequence')!r}）后，"
                "循环又发了请求：这是调用方要的结束，应保留回复并结束"
            ]
        if stop == "model_context_window_exceeded" and _size(nxt) >= _size(f.run.requests[n - 1]):
            f.fatal = True
            return [
                f"第 {n} 轮 stop_reason=model_context_window_exceeded（上下文窗口已满）后，循环又发了"
                "同样大或更大的请求：放不下了。应结束并说明，或先压缩历史"
            ]
    return []


def identical_resends(f: Facts) -> list[str]:
    """The same request sent again after an answer that cannot change: a 4xx, or a cut reply."""
    reqs = f.run.requests
    for n in range(1, len(reqs)):
        if reqs[n] != reqs[n - 1]:
            continue
        status, r = f.run.statuses[n - 1], f.rounds[n - 1]
        k = 1
        while n + k < len(reqs) and reqs[n + k] == reqs[n - 1]:
            k += 1
        more = "（评分器随后停下了它）" if f.run.exceeded == "resends" else ""
        if isinstance(status, int) and 400 <= status < 500:
            f.fatal = True
            error = (f.run.errors[n - 1] or {}).get("error") or {}
            said = error.get("message", "")
            kind = f"{error.get('type', '')}：{_short(said, 60)}"
            hint = _hint(f.run.codes[n - 1], said)
            return [
                f"第 {n} 次请求被 API 拒绝（{status} {kind}）后，循环原样重发了 {k} 次{more}：4xx 说的是请求本身的问题，"
                "重发不会有不同结果。读错误信息，改请求或抛出异常" + (f"（{hint}）" if hint else "")
            ]
        if r and r["stop_reason"] == "max_tokens":
            f.fatal = True
            return [
                f"第 {n} 轮 stop_reason=max_tokens 后，循环原样重发了同一个请求 {k} 次{more}：同样的请求会在同一处"
                "再被截断。应提高 max_tokens 重试，或保留被截断的回答、请模型继续"
            ]
    return []


def history_kept(f: Facts) -> list[str]:
    """What was sent: every tool_use response kept, one user message per round, nothing lost."""
    for n, (resp, later) in enumerate(zip(f.rounds, f.run.requests[1:], strict=False), 1):
        if not resp or resp["stop_reason"] != "tool_use":
            continue
        ids = [b["id"] for b in resp["content"] if b["type"] == "tool_use"]
        msgs = _messages(later)
        at = next(
            (i for i, m in enumerate(msgs) if m.get("role") == "assistant" and _ids([m]) == ids),
            None,
        )
        if at is None:
            f.fatal = True
            return [
                f"第 {n + 1} 次请求的 messages 里没有第 {n} 轮的助手响应（历史被丢弃或改写，模型看不到自己调用过什么）"
            ]
        users = []
        for m in msgs[at + 1 :]:
            if m.get("role") != "user":
                break
            users.append(m)
        if len(users) > 1:
            return [
                f"第 {n} 轮的 {len(ids)} 个 tool_result 分成了 {len(users)} 条 user 消息（同一轮的结果应放在一条 user 消息里）"
            ]
        answered = {b.get("tool_use_id") for u in users[:1] for b in blocks(u.get("content"))}
        missing = [i for i in ids if i not in answered]
        if users and missing and len(missing) < len(ids):
            failed = [c for c in f.run.tool_calls if f._owner(c.round) == n and not c.ok]
            why = f"{failed[0].name} 失败后循环停止了这一轮" if failed else "循环只回答了其中一部分"
            f.fatal = True
            return [
                f"第 {n} 轮的 {len(ids)} 个 tool_use 只有 {len(ids) - len(missing)} 个有 tool_result（{why}）："
                "每个 tool_use 都要有自己的 tool_result，失败的那个带 is_error，API 才会接受"
            ]
    for n, req in enumerate(f.run.requests[1:], 2):
        sent = set(_ids(_messages(req)))
        lost = [b["id"] for m, b in f.uses() if m < n and b["id"] not in sent]
        if lost:
            f.fatal = True
            return [f"第 {n} 次请求丢掉了前面轮次的 tool_use（{len(lost)} 个）：历史没有完整保留"]
    return []


def replies_verbatim(f: Facts) -> list[str]:
    """Every assistant message sent or returned is a response as it came, block by block."""
    by_id = {
        b["id"]: n for n, r in enumerate(f.rounds, 1) if r for b in r["content"] if b.get("id")
    }
    histories = _first_sent(f.run.requests)
    if isinstance(f.run.returned, list) and f.run.error is None:
        histories.append(("返回的 messages", f.run.returned))
    for where, msgs in histories:
        for m in msgs:
            if not isinstance(m, dict) or m.get("role") != "assistant":
                continue
            got = blocks(m.get("content"))
            ids = [b.get("id") for b in got if b.get("id") in by_id]
            if not ids:
                continue  # a text-only message: returned_history checks the final answer
            n = by_id[ids[0]]
            reply = f.rounds[n - 1]
            if reply is None:  # by_id holds the ids of tool_use blocks the 200 responses carried
                raise AssertionError(f"round {n} has a tool_use id but no 200 response")
            want = reply["content"]
            if _shape(got) == _shape(want):
                continue
            f.fatal = True
            kept = {b.get("type") for b in got}
            if kept <= {"tool_use", "server_tool_use", "web_search_tool_result"} and any(
                b["type"] == "text" for b in want
            ):
                return [
                    f"{where}里第 {n} 轮的助手消息只保留了 tool_use，丢掉了 text 块：助手的回复应原样保留"
                    "（response.content 整个放进历史）"
                ]
            return [f"{where}里第 {n} 轮的助手消息和模型的原始回复不一致（块被改写、删减或重排）"]
    return []


def _first_sent(requests: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Each request's new messages (a loop resends its history: the older ones were read
    already), and the last request whole."""
    out, before = [], 0
    for i, q in enumerate(requests, 1):
        msgs = _messages(q)
        if i > 1:
            out.append((f"第 {i} 次请求", msgs[before:] if before <= len(msgs) else msgs))
        before = len(msgs)
    if requests:
        out.append((f"第 {len(requests)} 次请求", _messages(requests[-1])))
    return out


def tool_runs(f: Facts) -> list[str]:
    """Each tool_use runs once, with its own input, and only when the model asked for it."""
    for n, c, again in f.extra:
        if c.name == "escalate_to_human" and c.round == len(f.rounds) and again is None:
            continue  # the loop handed the task to a person at the end: said in the world
        if again is None:
            f.scripted = True  # what it raised or returned next is the script's, not the model's
            where = "循环还没有问模型就" if n == 0 else f"第 {n} 轮之后循环"
            return [
                f"{where}调用了 run_tool（{c.name}{_short(c.input)}），模型却没有要求这个调用"
                "（没有对应的 tool_use）：要做什么由模型决定，不是写死在代码里"
            ]
        f.fatal = True
        uses = [b for m, b in f.uses() if m == n and _fits(c, b, False)]
        ran = [x for x in f.run.tool_calls if f._owner(x.round) == n and _fits(x, again, False)]
        what = f"第 {n} 轮的 tool_use {again['name']}{_short(again['input'])}"
        if any(not x.ok for x in ran[:-1]):
            return [
                f"{what} 失败后被循环在本地重试，共执行了 {len(ran)} 次：失败应作为 is_error 的"
                " tool_result 交回模型，由它决定"
            ]
        return [
            f"{what}{'' if len(uses) == 1 else f'（同样的调用共 {len(uses)} 个）'}被执行了 {len(ran)} 次："
            "每个 tool_use 只应执行一次（重复的退款、取消会真的发生两次）"
        ]
    return []


def results_own(f: Facts) -> list[str]:
    """Each tool_result is its own call's: its output (labelled or reformatted as it likes), its
    failure with is_error, or a denial (is_error, the call never ran)."""
    outputs = [c for c in f.run.tool_calls if c.ok]
    for n, b in f.uses():
        result, ran = f.results.get(b["id"]), f.matched.get(b["id"])
        if result is None:
            continue
        said, err = _text(result.get("content")), result.get("is_error") is True
        what = f"第 {n} 轮的 tool_use {b['name']}{_short(b['input'])}"
        if ran is None:
            if err:
                continue  # a denial: a hook, a precondition, the loop's own validation
            f.fatal = True
            return [_not_run(f, what, b, _carrier(said, outputs))]
        problem = _result_of_a_run(f, n, b, ran, said, err, outputs)
        if problem:
            return [problem]
    return []


def _not_run(f: Facts, what: str, b: dict[str, Any], other: ToolRun | None) -> str:
    if other is not None and (other.name, other.input) == (b["name"], b["input"]):
        return (
            f"{what}没有真正执行，tool_result 却是第 {f._owner(other.round)} 轮同一调用的旧结果"
            "（结果被缓存：重复的查询看不到新结果）"
        )
    if other is not None:
        return (
            f"{what}没有执行，tool_result 却是另一个调用 {other.name}{_short(other.input)} 的结果："
            "结果和 tool_use_id 对错了"
        )
    return (
        f"{what}没有经过传入的 run_tool 执行，tool_result 却报告了结果：工具必须用 run_tool 执行"
        "（不要用自己的工具实现或编造结果）；被拒绝的调用写 is_error: true"
    )


def _result_of_a_run(
    f: Facts, n: int, b: dict, ran: ToolRun, said: str, err: bool, outputs: list[ToolRun]
) -> str | None:
    what = f"第 {n} 轮的 tool_use {b['name']}{_short(b['input'])}"
    if not isinstance(ran.input, dict):
        f.fatal = True
        return (
            f"{what}执行时 run_tool 收到的 input 是 {type(ran.input).__name__}（{_short(ran.input, 30)}），"
            "不是 dict：应原样传 block.input"
        )
    if ran.input != b["input"]:
        return (
            f"{what}执行时输入被改动了：模型给的是 {_short(b['input'], 40)}，run_tool 收到的是"
            f" {_short(ran.input, 40)}。应原样传 block.input，输入有问题让模型自己改"
        )
    if not ran.ok:
        if err:
            return None
        return (
            f"第 {n} 轮 {b['name']} 执行失败（{_short(ran.error, 40)}），它的 tool_result 却没有"
            " is_error: true：模型会把错误信息当成正常结果"
        )
    if err:
        f.fatal = True
        others = [c for c in f.run.tool_calls if f._owner(c.round) == n and not c.ok]
        why = (
            f"（同一轮的 {others[0].name} 失败了：一个 try/except 包住了整轮，所有结果都被标成失败）"
            if others
            else ""
        )
        return (
            f"{what}执行成功了（{_short(ran.output, 40)}），它的 tool_result 却标为 is_error: true{why}："
            "模型会以为它没做，重做一遍（退款会发生两次）"
        )
    if _derived(said, ran.output):
        return None
    other = _carrier(said, [c for c in outputs if c is not ran])
    if other is None:
        return None  # not its output, nor another's: what the world shows will tell
    f.fatal = True
    return (
        f"第 {n} 轮 tool_use {b['name']}（id …{b['id'][-6:]}）的 tool_result 内容不是它自己的结果，"
        f"而是 {other.name}{_short(other.input)} 的：结果和 tool_use_id 对错了"
    )


def wrong_model(f: Facts) -> list[str]:
    for n, req in enumerate(f.run.requests, 1):
        if any(r and r["stop_reason"] == "refusal" for r in f.rounds[: n - 1]):
            break  # after a refusal, a fallback model is the documented alternative
        if req.get("model") != f.case.model:
            return [
                f"第 {n} 次请求用的模型是 {req.get('model')!r}，而不是传入的 model 参数 {f.case.model!r}（模型名不要写死）"
            ]
    return []


def raised(f: Facts) -> list[str]:
    """The loop raised: a named exit where one is due, or a crash, said by its cause."""
    e, run = f.run.error, f.run
    if e is None or run.exceeded in ("tools", "resends") or f.scripted:
        return []
    if isinstance(e, SystemExit | KeyboardInterrupt):
        return []
    if f.case.fault and f.faulted() and not isinstance(e, BudgetExceeded):
        return []  # the API failed for good and the loop said so
    if isinstance(e, BudgetExceeded) or run.exceeded:
        f.fatal = True
        return [_over_budget(f)]
    if isinstance(e, anthropic.APIError):
        f.fatal = True
        return [_api_error(f, e)]
    n, last = f.last
    stop = last["stop_reason"] if last else None
    if stop in ENDS_WITH_A_NAME and len(run.requests) == n:
        return []  # a named stop: refusal, a cut reply, a stop_sequence, raised rather than returned
    if stop == "tool_use" and f.case.runaway and len(run.requests) <= RUNAWAY_LIMIT:
        return []  # the safety net fired, and said so
    if stop == "tool_use" and f.one_call_per_turn and len(run.requests) == n and n >= 20:
        return []  # its own cap, reached by one call per turn: judged by what it did
    return [_why_raised(f, e, stop, n)]


def _over_budget(f: Facts) -> str:
    sent, limit = len(f.run.requests), MAX_REQUESTS - 1
    if f.case.runaway:
        return (
            f"没有安全网：发了 {sent} 次请求仍不停止（评分器的请求预算是 {limit} 次：{limit} 次以内的上限都算"
            "安全网）。应设置上限，例如 max_turns，到达时抛出异常或显式转人工"
        )
    if f.case.fault:
        return (
            f"API 一直过载（529），循环却不停地重试，发了 {sent} 次请求（评分器的预算是 {limit} 次）："
            "SDK 已经重试过了，重试要有上限，到了就抛出异常或转人工"
        )
    return f"循环发了 {sent} 次请求仍未结束（评分器的请求预算是 {limit} 次），可能永远不会停"


def _api_error(f: Facts, e: anthropic.APIError) -> str:
    """The API said no; the request that was refused is the last one."""
    sent = len(f.run.requests)
    if isinstance(e, anthropic.BadRequestError):
        return _bad_request(e, sent, f.run.codes[-1] if f.run.codes else None)
    return f"第 {sent} 次请求出错：{type(e).__name__}: {_api_message(e)}"


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
    if f.run.error is not None or f.run.exceeded:
        return []
    if not isinstance(msgs, list):
        return [f"返回值应为 messages 列表（list），实际是 {type(msgs).__name__}"]
    if f.faulted() and not f.escalated_at_end():
        status = f.run.statuses[-1]
        what = (
            "流式响应中途出错（overloaded_error）"
            if status == "midstream"
            else f"：API 返回 {status}"
        )
        return [
            f"第 {len(f.run.requests)} 次请求{what}，循环捕获了错误却返回了历史，像任务完成了一样："
            "应重试有限次后抛出异常，或显式转人工（escalate_to_human）"
        ]
    stop = last["stop_reason"] if last else None
    if stop == "pause_turn":
        return [
            f"第 {n} 轮 stop_reason=pause_turn 时循环就返回了：服务端工具只是暂停，应把 content 原样发回继续"
        ]
    if stop == "max_tokens":
        return [
            f"第 {n} 轮 stop_reason=max_tokens：回答被截断，循环却把它当成完成返回了（应提高 max_tokens 重试，或请模型继续，或抛出异常说明被截断）"
        ]
    return _returned_mid_task(f, n, last, msgs) if last and stop == "tool_use" else []


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
    if f.escalated_at_end():
        return []  # at its cap, the loop handed the task to a person: said, not silent
    if f.case.runaway and not pending:
        return [
            f"发了 {len(f.run.requests)} 次请求任务仍未完成，循环却悄悄返回，像完成了一样："
            f"到达上限（安全网）时应抛出异常或显式转人工，让调用方知道"
        ]
    if not pending:
        return [
            f"第 {n} 轮 stop_reason=tool_use，工具已执行，循环却没有再发请求就停了（没有 end_turn，任务被截断；"
            "到达上限时应抛出异常或显式转人工）"
        ]
    if any(b["type"] == "text" for b in last["content"]):
        return [
            f"第 {n} 轮响应同时含 text 与 tool_use，循环在执行工具前就退出了（{len(pending)} 个 tool_use 没有执行）"
        ]
    return [f"第 {n} 轮 stop_reason=tool_use，循环却退出了（{len(pending)} 个 tool_use 没有执行）"]


def returned_history(f: Facts) -> list[str]:
    """The returned list is the whole history, ending with the model's final response as it came."""
    msgs, (n, last) = f.run.returned, f.last
    if f.run.error is not None or f.run.exceeded or not isinstance(msgs, list) or last is None:
        return []
    if last["stop_reason"] in ("tool_use", "pause_turn", "max_tokens") or f.faulted():
        return []  # returned_early has said what is wrong
    cut = last["stop_reason"] == "model_context_window_exceeded" and any(
        b["type"] == "tool_use" for b in last["content"]
    )
    sent = _messages(f.run.requests[n - 1])
    if cut:  # the cut tool_use is not kept (resendable says so if it is): the history as sent
        ids = {b["id"] for b in last["content"] if b["type"] == "tool_use"}
        body, final = [m for m in msgs if not ids & set(_ids([m]))], None
    else:
        final = msgs[-1] if msgs else {}
        body = msgs[:-1]
        if not isinstance(final, dict) or final.get("role") != "assistant":
            return ["返回的 messages 不是以助手的最终回答结尾"]
        if _shape(blocks(final.get("content"))) != _shape(last["content"]):
            return [f"返回的最后一条消息不是第 {n} 轮模型的原始回复（被改写、换成模板或编造）"]
    if [_role(m) for m in body] != [_role(m) for m in sent] or _ids(body) != _ids(sent):
        return [
            f"返回的 messages 不是完整的对话历史（应是第 {n} 次请求发出的 messages 加上最终回复）"
        ]
    return []


def resendable(f: Facts) -> list[str]:
    """The returned history can be sent again (the next question appended): the API accepts it."""
    msgs, (_, last) = f.run.returned, f.last
    if f.run.error is not None or f.run.exceeded or not isinstance(msgs, list) or not msgs:
        return []
    if last and last["stop_reason"] in ("tool_use", "pause_turn", "max_tokens"):
        return []  # returned_early has said what is wrong
    try:
        history = json.loads(json.dumps(msgs, default=_plain))
    except (TypeError, ValueError) as e:
        return [f"返回的 messages 不能转成 JSON 再次发送（{_short(str(e), 60)}）"]
    cut = {
        b["id"] for r in f.rounds if r and r["stop_reason"] in CUT for b in r["content"]
        if b["type"] == "tool_use"
    }  # fmt: skip
    kept = [n for n, m in enumerate(history, 1) if isinstance(m, dict) and cut & set(_ids([m]))]
    if kept:
        return [
            f"返回的 messages 第 {kept[0]} 条留着被截断的 tool_use（输入不完整，也没有 tool_result）："
            "这样的历史不能再次发送。被截断的回复里的 tool_use 不要放进历史"
        ]
    if isinstance(history[-1], dict) and history[-1].get("role") == "assistant":
        history.append({"role": "user", "content": "谢谢。"})
    body = {"model": f.case.model, "max_tokens": 1024, "messages": history, "tools": f.case.tools}
    try:
        validate(body)
    except InvalidRequest as e:
        return [
            f"返回的 messages 不能再次发送：API 会拒绝（{e.status}）“{_short(str(e), 80)}”。"
            "返回值应是可以接着对话的完整历史，而不是给人看的记录"
        ]
    return []


CHECKS: list[Callable[[Facts], list[str]]] = [  # causes before their consequences
    stopped_from_outside,
    local_retries,
    over_budget,
    first_request,
    sent_tools,
    result_shapes,
    cut_tool_use_ran,
    after_a_stop,
    identical_resends,
    history_kept,
    replies_verbatim,
    tool_runs,
    results_own,
    raised,
    wrong_model,
    returned_early,
    resendable,
    returned_history,
]


# --- small readers --------------------------------------------------------------------------------


def _messages(req: Any) -> list[dict[str, Any]]:
    msgs = req.get("messages") if isinstance(req, dict) else None
    return [m for m in msgs if isinstance(m, dict)] if isinstance(msgs, list) else []


def _plain(o: Any) -> Any:
    if hasattr(o, "model_dump"):
        return o.model_dump(mode="json", exclude_unset=True, by_alias=True)
    raise TypeError(f"{type(o).__name__} is not JSON")


def _role(m: Any) -> Any:
    return m.get("role") if isinstance(m, dict) else None


def _size(req: dict[str, Any]) -> int:
    return len(json.dumps(_messages(req), default=str))


def _fits(c: ToolRun, b: dict[str, Any], same: bool) -> bool:
    return c.name == b["name"] and (not same or c.input == b["input"])


def _describe(message: dict[str, Any]) -> str:
    parts = blocks(message.get("content"))
    if not parts:
        return "一条空的 user 消息"
    if all(b.get("type") == "tool_result" for b in parts):
        return "一条 tool_result 消息"
    return f"一条 user 消息（“{_short(_text(message.get('content')), 20)}”）"


def _ids(messages: list[Any]) -> list[str | None]:
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
            json.dumps(b.get("content"), sort_keys=True, default=str),
        )
        for b in blocks(content)
        if b.get("type") not in ("thinking", "redacted_thinking")
    ]


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, dict):
        return json.dumps(content, ensure_ascii=False)
    return "".join(str(b.get("text", "")) for b in blocks(content) if b.get("type") == "text")


def _leaves(value: Any) -> list[str]:
    """The scalar values of a tool output, as text forms a result could show them in."""
    if isinstance(value, dict):
        return [x for v in value.values() for x in _leaves(v)]
    if isinstance(value, list):
        return [x for v in value for x in _leaves(v)]
    if isinstance(value, bool) or value is None:
        return []
    return [str(value)]


def _derived(text: str, output: Any) -> bool:
    """Does a tool_result's text come from this output: as JSON, as repr, or labelled and
    reformatted (every value of the output is in it)?"""
    try:
        if json.loads(text) == output:
            return True
    except ValueError:
        pass
    leaves = _leaves(output)
    if leaves and all(_shows(text, x) for x in leaves):
        return True
    forms = {json.dumps(output, ensure_ascii=False), json.dumps(output), str(output)}
    return any(f in text for f in forms)


def _shows(text: str, leaf: str) -> bool:
    if leaf in text:
        return True
    try:
        number = float(leaf)
    except ValueError:
        return False
    return number.is_integer() and f"{int(number)}" in text


def _carrier(text: str, runs: list[ToolRun]) -> ToolRun | None:
    """The run whose output this text carries, when it carries one (its distinguishing values)."""
    for c in runs:
        if c.output is not None and _derived(text, c.output) and _leaves(c.output):
            return c
    return None


def _short(value: Any, width: int = 50) -> str:
    return short(value, width)  # diagnoses cut their quotes shorter than content.short's default


def _api_message(e: anthropic.APIError) -> str:
    body = getattr(e, "body", None)
    if isinstance(body, dict):
        return (body.get("error") or {}).get("message", str(e))
    return str(e)


# What a refused request tells a learner, by the refusing check's code (api.refusals), else by
# the field the API's message names: read as structure, never as a sentence to match whole.
CODE_HINTS = {
    "tool_result_missing": "每个 tool_use 都要有自己的 tool_result（失败的带 is_error），同一轮的放在紧接着的一条"
    " user 消息里、排在最前面",
    "tool_result_unexpected": "tool_result 只能回答紧挨着的上一条助手消息里的 tool_use（历史被删减或重排了？）",
    "tool_use_id_repeated": "同一个 tool_use 在历史里出现了两次（同一条回复被追加了两遍？）",
    "prompt_too_long": "历史超出了上下文窗口：上下文已满时应结束并说明，或先压缩历史",
}
FIELD_HINTS = [
    (r"text content blocks must be non-empty", "不要发送空的 text 块（没有内容就不加这个块）"),
    (r"cache_control", "一个请求最多 4 个 cache_control 断点：只标在不变的前缀上（system、tools、较早的历史）"),
    (r"^max_tokens: .*maximum allowed", "max_tokens 超过了这个模型的输出上限：按模型设，不要写死一个大数"),
    (r"tool_result.*content|content.*tool_result|\.content\b.*(string|list)",
     "tool_result 的 content 只能是字符串或内容块列表：把结果 json.dumps 成字符串"),
    (r"is_error", "is_error 只能是布尔值 true/false"),
    (r"[Ee]xtra inputs are not permitted|unknown field", "请求或块里有 API 不认识的字段：只发送文档里有的字段"),
    (r"^tool_choice", "tool_choice 指定的工具必须在 tools 里"),
    (r"role", "role 只能是 user 或 assistant"),
]  # fmt: skip


def _hint(code: str | None, message: str) -> str:
    if code in CODE_HINTS:
        return CODE_HINTS[code]
    for pattern, hint in FIELD_HINTS:
        if re.search(pattern, message):
            return hint
    return ""


def _bad_request(e: anthropic.BadRequestError, n: int, code: str | None = None) -> str:
    msg = _api_message(e)
    hint = _hint(code, msg)
    return f"第 {n} 次请求被 API 拒绝（400）：{_short(msg, 120)}" + (f"。{hint}" if hint else "")
