"""What went wrong in a run, cause first, naming the round and the block (in the learner's
language, AGENTKIT_LANG: the sentences are in `strings.py`).

Each check reads what really happened (what was sent, what came back, which tools ran in which
round with what result, what the loop returned or raised) and says at most one thing: one message
per failure class. `diagnose` lists them in the order a reviewer would: the cause before its
consequences, the scenario's own expectations about the world last.

What the loop returned is read only so far (`RETURNED_VALUES` values, `RETURNED_DEPTH` levels, no
value that contains itself), with the containers' own methods, never the loop's: a value beyond
that is said to be too big, and the checks of the returned value are skipped.

Tool results are judged by meaning, not by wording: an `is_error` result for a call that never
ran is a denial (a hook, a precondition, input validation); a result may label or reformat its
own call's output; it is mis-paired only when it carries another call's output. Whether a result
was made up is for the world to judge: what really happened is in its record of effects.
"""

from __future__ import annotations

import itertools
import json
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import Any

import anthropic

from ..content import blocks, short, without_none
from ..offline import InvalidRequest, validate
from .runner import LONGEST, TIMEOUT, BudgetExceeded, Execution, Run, final_answer
from .strings import T

RETURNED_VALUES = 100_000  # values of a returned value read at most (a whole history: thousands)
RETURNED_DEPTH = 100  # levels of nesting read at most (a message's blocks: under ten)
RETURNED_CHARACTERS = 10_000_000  # characters of text read at most
ENDS_WITH_A_NAME = ("refusal", "max_tokens", "model_context_window_exceeded", "stop_sequence")
CUT = ("max_tokens", "model_context_window_exceeded")
GUIDE_MAX_TOKENS = 1024  # the study guide's max_tokens: an ordinary reply fits in it
KNOWN = ("end_turn", "tool_use", "pause_turn", "compaction", *ENDS_WITH_A_NAME)
"""Every stop_reason the API documents (with the beta's `compaction`): any other is new."""


def diagnosed(key: str, **values: Any) -> str:
    """A diagnosis from the table, its first letter a capital (an English sentence may begin
    with a placeholder: "{what} was run twice")."""
    text = T(key, **values)
    return text[:1].upper() + text[1:]


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
        world = world[:1] + ([T("more_of_a_kind", n=len(world) - 1)] if len(world) > 1 else [])
    return problems + world


def notes(run: Run) -> list[str]:
    """What the report should say besides pass or fail: a scenario that did not apply to this
    loop (it never met the condition the scenario is about)."""
    f = Facts(run)
    out = []
    if run.case.key in ("cut_tool_use", "cut_answer") and f.one_call_per_turn:
        cut = any(r and r["stop_reason"] in CUT for r in f.rounds)
        if not cut:
            out.append(T("not_applicable_cut"))
    if run.case.runaway and not run.exceeded and run.timed_out is None:
        out.append(_net_seen(run))
    history = f.returned if run.error is None and not run.exceeded else None
    if isinstance(history, list):
        try:
            kept = _kept_cut(json.loads(json.dumps(history, default=_plain)), _cut_ids(f))
        except (TypeError, ValueError):
            kept = []  # resendable says why it cannot be read
        if kept:
            out.append(T("kept_cut_tool_use", k=kept[0]))
    return out


def _net_seen(run: Run) -> str:
    """What the safety net let the run use: requests, the loop's seconds, tokens."""
    tokens = sum(
        int((r.get("usage") or {}).get(k) or 0)
        for r in run.responses
        if r
        for k in ("input_tokens", "output_tokens")
    )
    return T(
        "net_seen",
        sent=len(run.requests),
        seconds=f"{run.clock:g}",
        slept=f"{run.slept:g}",
        tokens=tokens,
    )


class Facts:
    """The run, indexed: tool_use blocks by round, tool_results by id, which tool run answered
    which tool_use block."""

    def __init__(self, run: Run):
        self.run, self.case = run, run.case
        self.rounds = run.responses  # round n is rounds[n - 1]; None: not a 200
        self.results: dict[
            str | None, dict[str, Any]
        ] = {}  # tool_use_id -> its tool_result (first)
        for _, m in _each_message_once(run.requests):
            for b in blocks(m.get("content")):
                if b.get("type") == "tool_result":
                    self.results.setdefault(b.get("tool_use_id"), b)
        self.matched: dict[str, Execution] = {}  # tool_use id -> the execution that answered it
        self.extra: list[
            tuple[int, Execution, dict | None]
        ] = []  # round, an execution, the block it repeats
        self._match()
        self.one_call_per_turn = any(
            isinstance(r.get("tool_choice"), dict)
            and r["tool_choice"].get("disable_parallel_tool_use") is True
            for r in run.requests
        )
        self.oversize = None if run.error is not None else _oversize(run.returned)
        self.returned = run.returned if self.oversize is None else None  # None: not read
        self.fatal = False  # set by a check whose cause makes the world checks noise
        self.scripted = False  # the loop ran tools the model never asked for
        self.forced = False  # every request forced a tool: said once, by forced_every_turn

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
        by_round: dict[int, list[Execution]] = defaultdict(list)
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
        return s in ("midstream", TIMEOUT) or (isinstance(s, int) and (s >= 500 or s == 429))


# --- the checks, in the order a reviewer reads a run ---------------------------------------------


def stopped_from_outside(f: Facts) -> list[str]:
    """The grader had to stop the loop: its deadline, a swallowed budget, the process exit."""
    run, e = f.run, f.run.error
    sent = len(run.requests)
    if run.timed_out is not None:
        f.fatal = True
        if run.timed_out >= LONGEST:
            return [diagnosed("gave_up_busy", seconds=f"{LONGEST:g}", sent=sent)]
        return [diagnosed("idle", seconds=f"{run.timed_out:g}", sent=sent)]
    if run.swallowed:
        f.fatal = True
        return [diagnosed("swallowed_budget", limit=run.limit)]
    if isinstance(e, SystemExit):
        f.fatal = True
        code = run.error_text
        return [diagnosed("sys_exit", code=code if code == T("unprintable") else _short(code, 20))]
    if isinstance(e, KeyboardInterrupt):
        f.fatal = True
        return [diagnosed("keyboard_interrupt")]
    return []


def local_retries(f: Facts) -> list[str]:
    """The grader stopped run_tool: a tool run over and over that no tool_use asked for. Runs the
    model did ask for (it kept asking: its history was lost) are for the other checks to name."""
    if f.run.exceeded != "tools":
        return []
    last = f.run.tool_calls[-1]
    if any(c is last for c in f.matched.values()):
        return []
    f.fatal = True
    return [diagnosed("local_retries", name=last.name, n=len(f.run.tool_calls))]


def forced_every_turn(f: Facts) -> list[str]:
    """Every request forced a tool call (tool_choice any, or a named tool) and the run never got
    to an end_turn: the model could not end the task, so whatever stopped the run (a cap, the
    budget) is the consequence. Not on the runaway task, which never ends whatever the loop does."""
    requests = f.run.requests
    kinds = {
        (r.get("tool_choice") or {}).get("type") if isinstance(r.get("tool_choice"), dict) else None
        for r in requests
    }
    _, last = f.last
    if len(requests) < 2 or f.case.runaway or len(kinds) != 1 or not kinds & {"any", "tool"}:
        return []
    if last is None or last["stop_reason"] != "tool_use":
        return []
    f.forced = True
    return [diagnosed("forced_every_turn", kind=kinds.pop(), sent=len(requests))]


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
    given = f.case.messages
    if [(_role(m), _text(m.get("content"))) for m in msgs] == [
        (_role(m), _text(m.get("content"))) for m in given
    ]:
        return []
    f.fatal = True
    if len(given) > 1 and texts and texts[-1] == task and len(msgs) < len(given):
        return [diagnosed("earlier_turns_dropped", n=len(given), k=len(msgs))]
    if len(msgs) > 1 and texts and texts[-1] == task:
        return [diagnosed("leaked_state", n=len(msgs), k=len(msgs) - 1)]
    if len(msgs) > 1 and task in texts:
        return [diagnosed("extra_messages", n=len(msgs), k=len(msgs) - 1)]
    return [diagnosed("task_changed")]


def sent_tools(f: Facts) -> list[str]:
    """The tools sent are the tools given (not a list of the loop's own)."""
    want = [t.get("name") for t in f.case.tools]
    for n, req in enumerate(f.run.requests, 1):
        tools = req.get("tools")
        if tools is None and n == 1:
            return [diagnosed("no_tools_sent")]
        if tools is None and f.run.requests[0].get("tools"):
            # the API answers it (it no longer refuses a history of tool blocks without tools),
            # but the model can call no tool from then on: what the world shows follows from it
            f.fatal = True
            return [diagnosed("tools_dropped", n=n)]
        if not isinstance(tools, list):
            continue
        got = [t.get("name") if isinstance(t, dict) else None for t in tools]
        if sorted(map(str, got)) != sorted(map(str, want)):
            lost = [x for x in want if x not in got]
            more = [x for x in got if x not in want]
            what = T("comma").join(
                ([T("tools_missing", names=", ".join(map(str, lost)))] if lost else [])
                + ([T("tools_extra", names=", ".join(map(str, more)))] if more else [])
            )
            return [diagnosed("tools_changed", n=n, what=what)]
    return []


def result_shapes(f: Facts) -> list[str]:
    """What each tool_result block is made of, as the API reads it."""
    for n, m in _each_message_once(f.run.requests):
        for b in blocks(m.get("content")):
            if b.get("type") != "tool_result":
                continue
            c, err = b.get("content"), b.get("is_error", False)
            if isinstance(c, dict):
                f.fatal = True
                return [diagnosed("dict_content", n=n, value=_short(c, 30))]
            if not isinstance(err, bool):
                f.fatal = True
                return [diagnosed("is_error_type", n=n, value=repr(err), type=type(err).__name__)]
    return []


def cut_tool_use_ran(f: Facts) -> list[str]:
    for n, r in enumerate(f.rounds, 1):
        if not r or r["stop_reason"] in ("tool_use", "pause_turn", "end_turn", "compaction"):
            continue
        ran = [
            b
            for b in r["content"]
            if b["type"] == "tool_use" and (b["id"] in f.matched or b["id"] in f.results)
        ]
        if ran:
            f.fatal = True
            b = ran[-1]
            stop, what = r["stop_reason"], _short(b["input"])
            if stop not in KNOWN:
                return [diagnosed("new_stop_ran", n=n, stop=repr(stop), k=len(ran), name=b["name"])]
            return [
                diagnosed(
                    "cut_tool_use_ran", n=n, stop=stop, k=len(ran), name=b["name"], input=what
                )
            ]
    return []


def cut_tool_use_resent(f: Facts) -> list[str]:
    """A later request carries a cut tool_use (a "please continue" after it): the model reads a
    call it never finished as one it made."""
    for n, r in enumerate(f.rounds, 1):
        if not r or r["stop_reason"] not in CUT:
            continue
        ids = {b["id"] for b in r["content"] if b["type"] == "tool_use"}
        later = next((i for i, q in enumerate(f.run.requests[n:], n + 1)
                      if ids & set(_ids(_messages(q)))), None)  # fmt: skip
        if later is not None:
            f.fatal = True
            return [diagnosed("cut_tool_use_resent", n=n, stop=r["stop_reason"], m=later)]
    return []


def _after_a_pause(f: Facts, n: int, msgs: list[Any]) -> str:
    """What the loop sent after turn n's pause_turn, when it was not the assistant's content."""
    if msgs == _messages(f.run.requests[n - 1]):  # nothing appended: sent again as it was
        return diagnosed("pause_resent", n=n)
    return diagnosed("pause_appended", n=n, message=_describe(msgs[-1] if msgs else {}))


def after_a_stop(f: Facts) -> list[str]:
    """What the loop sent after a response that was not tool_use."""
    for n, r in enumerate(f.rounds, 1):
        nxt = f.run.requests[n] if n < len(f.run.requests) else None
        if not r or nxt is None or r["stop_reason"] == "tool_use":
            continue  # a stop other than tool_use is what this check reads
        msgs, stop = _messages(nxt), r["stop_reason"]
        if (
            stop != "tool_use"
            and msgs
            and msgs[-1].get("role") == "user"
            and not blocks(msgs[-1].get("content"))
        ):
            f.fatal = True
            return [diagnosed("empty_user", n=n, stop=stop)]
        if stop == "pause_turn" and (not msgs or msgs[-1].get("role") != "assistant"):
            f.fatal = True
            return [_after_a_pause(f, n, msgs)]
        if stop == "refusal" and nxt.get("model") == f.run.requests[n - 1].get("model"):
            return [diagnosed("refusal_resent", n=n)]
        if stop == "end_turn" and nxt == f.run.requests[n - 1]:
            f.fatal = True
            return [diagnosed("end_turn_resent", n=n)]
        if stop == "end_turn" and msgs and msgs[-1].get("role") == "user":
            f.fatal = True
            return [diagnosed("end_turn_asked", n=n, message=_describe(msgs[-1]))]
        if stop == "stop_sequence":
            f.fatal = True
            return [diagnosed("stop_sequence_resent", n=n, sequence=repr(r.get("stop_sequence")))]
        if stop == "model_context_window_exceeded" and _size(nxt) >= _size(f.run.requests[n - 1]):
            f.fatal = True
            return [diagnosed("context_resent", n=n)]
    return []


def after_a_new_stop(f: Facts) -> list[str]:
    """The loop went on after a stop_reason it cannot know (it sent another request)."""
    for n, r in enumerate(f.rounds[: len(f.run.requests) - 1], 1):
        if r and r["stop_reason"] not in KNOWN:
            f.fatal = True
            return [diagnosed("new_stop_went_on", n=n, stop=repr(r["stop_reason"]))]
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
        more = T("then_stopped") if f.run.exceeded == "resends" else ""
        if final_answer(status):
            f.fatal = True
            error = (f.run.errors[n - 1] or {}).get("error") or {}
            said = error.get("message", "")
            kind = T("error_kind", type=error.get("type", ""), message=_short(said, 60))
            hint = _hint(f.run.codes[n - 1], said)
            text = diagnosed("resent_4xx", n=n, status=status, kind=kind, k=k, more=more)
            return [text + (T("in_parens", text=hint) if hint else "")]
        if r and r["stop_reason"] == "max_tokens":
            f.fatal = True
            return [diagnosed("resent_max_tokens", n=n, k=k, more=more)]

    return []


def history_kept(f: Facts) -> list[str]:
    """What was sent: every tool_use response kept, one user message per round, nothing lost."""
    sent = _Sent()
    for n, (resp, later) in enumerate(zip(f.rounds, f.run.requests[1:], strict=False), 1):
        if not resp or resp["stop_reason"] != "tool_use":
            continue
        ids = [b["id"] for b in resp["content"] if b["type"] == "tool_use"]
        msgs = sent.read(later).msgs
        at = sent.first.get(tuple(ids))
        if at is None:
            f.fatal = True
            return [diagnosed("reply_lost", m=n + 1, n=n)]
        users = []
        for m in msgs[at + 1 :]:
            if m.get("role") != "user":
                break
            users.append(m)
        carrying = [u for u in users if _results_in(u)]
        if len(carrying) > 1:  # the API joins them into one turn; the docs still say why not
            return [diagnosed("results_split", n=n, k=len(ids), u=len(carrying))]
        answered = {b.get("tool_use_id") for u in users for b in blocks(u.get("content"))}
        missing = [i for i in ids if i not in answered]
        if users and missing and len(missing) < len(ids):
            failed = [c for c in f.run.tool_calls if f._owner(c.round) == n and not c.ok]
            why = T("stopped_the_round", name=failed[0].name) if failed else T("answered_some")
            f.fatal = True
            done = len(ids) - len(missing)
            return [diagnosed("results_missing", n=n, k=len(ids), done=done, why=why)]
    uses, sent = f.uses(), _Sent()
    for n, req in enumerate(f.run.requests[1:], 2):
        carried = sent.read(req).ids
        lost = [b["id"] for m, b in uses if m < n and b["id"] not in carried]
        if lost:
            f.fatal = True
            return [diagnosed("tool_use_lost", n=n, k=len(lost))]
    return []


class _Sent:
    """The requests of a run read in order, each one's messages (`_messages`), the position of the
    first assistant message with each list of tool_use ids, and every tool_use id sent. A request
    that starts with the one before's messages (runner.BodyReader: the same objects; or equal ones)
    is read from where they end, so a long run costs what its new messages do."""

    def __init__(self) -> None:
        self.raw: list[Any] = []
        self.msgs: list[dict[str, Any]] = []
        self.first: dict[tuple[Any, ...], int] = {}
        self.ids: set[Any] = set()

    def read(self, req: Any) -> _Sent:
        raw = req.get("messages") if isinstance(req, dict) else None
        raw = raw if isinstance(raw, list) else []
        k = len(self.raw)
        if len(raw) >= k and raw[:k] == self.raw:
            new = raw[k:]
        else:
            self.raw, self.msgs, self.first, self.ids = [], [], {}, set()
            new = raw
        for m in new:
            self.raw.append(m)
            if not isinstance(m, dict):
                continue
            self.msgs.append(m)
            if m.get("role") == "assistant":
                got = _ids([m])
                self.first.setdefault(tuple(got), len(self.msgs) - 1)
                self.ids.update(got)
        return self


def _results_in(message: dict[str, Any]) -> bool:
    return any(b.get("type") == "tool_result" for b in blocks(message.get("content")))


def replies_verbatim(f: Facts) -> list[str]:
    """Every assistant message sent or returned is a response as it came, block by block."""
    by_id = {
        b["id"]: n for n, r in enumerate(f.rounds, 1) if r for b in r["content"] if b.get("id")
    }
    histories = _first_sent(f.run.requests)
    if isinstance(f.returned, list) and f.run.error is None:
        histories.append((T("in_returned"), f.returned))
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
                return [diagnosed("kept_only_tool_use", where=where, n=n)]
            return [diagnosed("reply_changed", where=where, n=n)]
    return []


def _first_sent(requests: list[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """Each request's new messages (a loop resends its history: the older ones were read
    already), and the last request whole."""
    out, before = [], 0
    for i, q in enumerate(requests, 1):
        msgs = _messages(q)
        if i > 1:
            out.append((T("in_request", n=i), msgs[before:] if before <= len(msgs) else msgs))
        before = len(msgs)
    if requests:
        out.append((T("in_request", n=len(requests)), _messages(requests[-1])))
    return out


def tool_runs(f: Facts) -> list[str]:
    """Each tool_use runs once, with its own input, and only when the model asked for it."""
    for n, c, again in f.extra:
        if c.name == "escalate_to_human" and c.round == len(f.rounds) and again is None:
            continue  # the loop handed the task to a person at the end: said in the world
        if again is None:
            f.scripted = True  # what it raised or returned next is the script's, not the model's
            where = T("before_asking") if n == 0 else T("after_round", n=n)
            return [diagnosed("unasked_call", where=where, name=c.name, input=_short(c.input))]
        f.fatal = True
        uses = [b for m, b in f.uses() if m == n and _fits(c, b, False)]
        ran = [x for x in f.run.tool_calls if f._owner(x.round) == n and _fits(x, again, False)]
        what = _the_tool_use(n, again)
        if any(not x.ok for x in ran[:-1]):
            return [diagnosed("retried_locally", what=what, k=len(ran))]
        same = "" if len(uses) == 1 else T("same_calls", k=len(uses))
        return [diagnosed("ran_twice", what=what, same=same, k=len(ran))]
    return []


def _the_tool_use(n: int, b: dict[str, Any]) -> str:
    return T("the_tool_use", n=n, name=b["name"], input=_short(b["input"]))


def results_own(f: Facts) -> list[str]:
    """Each tool_result is its own call's: its output (labelled or reformatted as it likes), its
    failure with is_error, or a denial (is_error, the call never ran)."""
    outputs = [c for c in f.run.tool_calls if c.ok]
    for n, b in f.uses():
        result, ran = f.results.get(b["id"]), f.matched.get(b["id"])
        if result is None:
            continue
        said, err = _text(result.get("content")), result.get("is_error") is True
        what = _the_tool_use(n, b)
        if ran is None:
            if err:
                continue  # a denial: a hook, a precondition, the loop's own validation
            f.fatal = True
            return [_not_run(f, what, b, _carrier(said, outputs))]
        problem = _result_of_a_run(f, n, b, ran, said, err, outputs)
        if problem:
            return [problem]
    return []


def _not_run(f: Facts, what: str, b: dict[str, Any], other: Execution | None) -> str:
    if other is not None and (other.name, other.input) == (b["name"], b["input"]):
        return diagnosed("stale_result", what=what, m=f._owner(other.round))
    if other is not None:
        return diagnosed(
            "not_run_other_result", what=what, name=other.name, input=_short(other.input)
        )
    return diagnosed("made_up_result", what=what)


def _result_of_a_run(
    f: Facts, n: int, b: dict, ran: Execution, said: str, err: bool, outputs: list[Execution]
) -> str | None:
    what = _the_tool_use(n, b)
    if not isinstance(ran.input, dict):
        f.fatal = True
        kind, value = type(ran.input).__name__, _short(ran.input, 30)
        return diagnosed("input_not_dict", what=what, type=kind, value=value)
    if ran.input != b["input"]:
        given, got = _short(b["input"], 40), _short(ran.input, 40)
        return diagnosed("input_changed", what=what, given=given, got=got)
    if not ran.ok:
        if err:
            return None
        return diagnosed("error_without_flag", n=n, name=b["name"], error=_short(ran.error, 40))
    if err:
        f.fatal = True
        others = [c for c in f.run.tool_calls if f._owner(c.round) == n and not c.ok]
        why = T("whole_round_try", name=others[0].name) if others else ""
        return diagnosed("success_flagged", what=what, output=_short(ran.output, 40), why=why)
    if _derived(said, ran.output):
        return None
    other = _carrier(said, [c for c in outputs if c is not ran])
    if other is None and _without_output(said, ran, b):
        return diagnosed(
            "result_without_output", what=what, output=_short(ran.output, 40), said=_short(said, 20)
        )
    if other is None:
        return None  # it shows some of its output: what the world shows will tell
    f.fatal = True
    return diagnosed(
        "other_result",
        n=n,
        name=b["name"],
        tail=b["id"][-6:],
        other=other.name,
        input=_short(other.input),
    )


def wrong_model(f: Facts) -> list[str]:
    for n, req in enumerate(f.run.requests, 1):
        before = f.rounds[n - 2] if 1 < n <= len(f.rounds) + 1 else None
        if before and before["stop_reason"] == "refusal":
            break  # after a refusal, a fallback model is the documented alternative
        if req.get("model") != f.case.model:
            return [
                diagnosed("wrong_model", n=n, got=repr(req.get("model")), want=repr(f.case.model))
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
    new = stop is not None and stop not in KNOWN  # a value the loop cannot know: raising is right
    if (stop in ENDS_WITH_A_NAME or new) and len(run.requests) == n:
        return []  # a named stop: refusal, a cut reply, a stop_sequence, raised rather than returned
    if stop == "tool_use" and f.case.runaway and len(run.requests) <= run.limit:
        return []  # the safety net fired, and said so
    if stop == "tool_use" and f.case.runaway:  # it fired, on the request past the budget
        f.fatal = True
        return [diagnosed("no_safety_net", sent=len(run.requests), limit=run.limit)]
    if stop == "tool_use" and f.one_call_per_turn and len(run.requests) == n and n >= 20:
        return []  # its own cap, reached by one call per turn: judged by what it did
    return [_why_raised(f, e, stop, n)]


def _over_budget(f: Facts) -> str:
    sent, limit = len(f.run.requests), f.run.limit
    if f.case.runaway:
        return diagnosed("no_safety_net", sent=sent, limit=limit)
    if f.case.fault:
        return diagnosed("overload_retried", sent=sent, limit=limit)
    return diagnosed("never_ends", sent=sent, limit=limit)


def _api_error(f: Facts, e: anthropic.APIError) -> str:
    """The API said no; the request that was refused is the last one."""
    sent = len(f.run.requests)
    if isinstance(e, anthropic.BadRequestError):
        return _bad_request(e, sent, f.run.codes[-1] if f.run.codes else None)
    return diagnosed("api_error", n=sent, name=type(e).__name__, message=_api_message(e))


def _why_raised(f: Facts, e: BaseException, stop: str | None, n: int) -> str:
    name, text = f.run.error_name, f.run.error_text  # read on the loop's thread (runner.shown)
    if stop == "pause_turn":
        return diagnosed("raised_on_pause", n=n, name=name)
    failed = [c for c in f.run.tool_calls if not c.ok]
    if failed and text == failed[-1].error:
        return diagnosed("tool_error_aborted", name=name, error=text)
    branch = _missing_branch(f, e)
    if branch is not None:  # the cause: what followed (no escalation …) is its consequence
        f.fatal = True
        tool, key, value = branch
        return diagnosed("no_branch", n=n, name=name, tool=tool, field=key, value=value)
    if not f.run.requests:
        return diagnosed("raised_before_asking", name=name, error=_short(text, 60))
    if stop == "tool_use":
        return diagnosed("raised_mid_task", n=n, name=name, error=_short(text, 60))
    return diagnosed("raised", name=name, error=_short(text, 80))


def _missing_branch(f: Facts, e: BaseException) -> tuple[str, str, str] | None:
    """A KeyError on a value a tool returned (a status): the code's own table of routes has no
    entry for it. The tool, the field and the value, or None."""
    if not isinstance(e, KeyError) or not e.args or not isinstance(e.args[0], str):
        return None
    for c in reversed(f.run.tool_calls):
        fields = c.output if c.ok and isinstance(c.output, dict) else {}
        key = next((k for k, v in fields.items() if v == e.args[0]), None)
        if key is not None:
            return c.name, str(key), repr(e.args[0])
    return None


def forced_choice(f: Facts) -> list[str]:
    """The loop set tool_choice itself (none, any, a named tool) and the task went wrong: the code
    decided what the model may call. Said only when the world shows it, and not when the code ran
    tools of its own (that is the same cause, said already)."""
    if f.scripted or f.forced:
        return []
    for n, req in enumerate(f.run.requests, 1):
        choice = req.get("tool_choice")
        if not isinstance(choice, dict):
            continue
        kind = choice.get("type")
        if kind not in ("none", "any", "tool") or not f.case.expect(f.run):
            continue
        if kind == "none":
            return [diagnosed("forced_none", n=n)]
        if kind == "any":
            return [diagnosed("forced_any", n=n)]
        if not _from_the_task(f, n, choice.get("name")):
            return [diagnosed("forced_tool", n=n, name=_short(choice.get("name"), 30))]
    return []


def small_max_tokens(f: Facts) -> list[str]:
    """The run ended on a reply cut at a max_tokens below the study guide's 1024, and the task was
    not done: the limit is the cause (raising on the cut, or returning, only followed from it)."""
    n, last = f.last
    if last is None or last["stop_reason"] != "max_tokens" or n > len(f.run.requests):
        return []
    m = f.run.requests[n - 1].get("max_tokens")
    if not isinstance(m, int) or isinstance(m, bool) or m >= GUIDE_MAX_TOKENS:
        return []
    if not f.case.expect(f.run):
        return []
    return [diagnosed("max_tokens_small", n=n, m=m)]


def _from_the_task(f: Facts, n: int, name: Any) -> bool:
    """Round n's forced calls of `name` take every input from the task: the call fitted it (an
    order the task names), so forcing it is not what went wrong."""
    r = f.rounds[n - 1] if n <= len(f.rounds) else None
    uses = [b for b in (r["content"] if r else []) if b["type"] == "tool_use" and b["name"] == name]
    prompt = f.case.prompt.lower()
    return bool(uses) and all(
        str(v).lower() in prompt for b in uses for v in (b.get("input") or {}).values()
    )


def returned_readable(f: Facts) -> list[str]:
    """What the loop returned is small enough to read: else what was too big, and how long the
    whole history of this run is (the last request's messages and the final reply)."""
    if f.oversize is None or f.run.exceeded:
        return []
    whole = len(_messages(f.run.requests[-1])) + 1 if f.run.requests else 1
    return [diagnosed("returned_too_big", what=f.oversize, m=whole)]


def _oversize(value: Any) -> str | None:
    """What makes `value` too big to read (more than RETURNED_VALUES values or RETURNED_CHARACTERS
    characters, nested deeper than RETURNED_DEPTH, or containing itself), or None. Read with the
    built-in containers' own methods (a subclass's are the loop's code), in bounded time."""
    if issubclass(type(value), list) and list.__len__(value) > RETURNED_VALUES:
        return T("returned.messages", n=list.__len__(value), limit=RETURNED_VALUES)
    count, characters, path = 0, 0, set()
    stack: list[tuple[Any, int, bool]] = [(value, 0, False)]
    while stack:
        item, depth, leaving = stack.pop()
        if leaving:
            path.discard(id(item))
            continue
        count += 1
        if issubclass(type(item), str):
            characters += str.__len__(item)
        children = _children(item, RETURNED_VALUES - count + 1)
        if count > RETURNED_VALUES or characters > RETURNED_CHARACTERS:
            return T("returned.values", limit=RETURNED_VALUES, characters=RETURNED_CHARACTERS)
        if children is None:
            continue
        if id(item) in path:
            return T("returned.cycle")
        if depth >= RETURNED_DEPTH:
            return T("returned.depth", limit=RETURNED_DEPTH)
        path.add(id(item))
        stack.append((item, depth, True))
        stack += [(child, depth + 1, False) for child in children]
    return None


def _children(item: Any, most: int) -> list[Any] | None:
    """The values a built-in container holds (at most `most` of them), or None for a value."""
    kind = type(item)
    if issubclass(kind, dict):
        return list(itertools.islice(dict.values(item), most))
    if issubclass(kind, list):
        return list(itertools.islice(list.__iter__(item), most))
    if issubclass(kind, tuple):
        return list(itertools.islice(tuple.__iter__(item), most))
    return None


def returned_early(f: Facts) -> list[str]:
    """The loop returned: was the task at an end, and did it say so honestly?"""
    msgs, (n, last) = f.returned, f.last
    if f.run.error is not None or f.run.exceeded or f.oversize is not None:
        return []
    if not isinstance(msgs, list):
        return [diagnosed("not_a_list", type=type(msgs).__name__)]
    if f.faulted() and not f.escalated_at_end():
        status = f.run.statuses[-1]
        what = (
            T("failed_midstream")
            if status == "midstream"
            else T("failed_timeout")
            if status == TIMEOUT
            else T("failed_with", status=status)
        )
        return [diagnosed("fault_returned", n=len(f.run.requests), what=what)]
    stop = last["stop_reason"] if last else None
    if last and stop not in KNOWN and not f.escalated_at_end():
        return [diagnosed("returned_on_new_stop", n=n, stop=repr(stop))]
    if stop == "pause_turn":
        return [diagnosed("returned_on_pause", n=n)]
    if stop == "max_tokens":
        return [diagnosed("returned_cut", n=n)]
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
        return [diagnosed("stopped_at_failure", n=n, name=failed[0].name)]
    if f.escalated_at_end():
        return []  # at its cap, the loop handed the task to a person: said, not silent
    if f.case.runaway and not pending:
        return [diagnosed("silent_cap", sent=len(f.run.requests))]
    k = _repeats(f, n)
    if pending and k >= 2:
        call = _short({b["name"]: b["input"] for b in last["content"] if b["type"] == "tool_use"})
        return [diagnosed("stuck_returned", n=n, k=k, call=call)]
    if not pending:
        return [diagnosed("stopped_after_tools", n=n)]
    said = _text(last["content"])
    if said and _went_on_after_text(f, n):
        return [diagnosed("exited_on_wording", n=n, k=len(pending), text=_short(said, 40))]
    if said:
        return [diagnosed("text_and_tool_use", n=n, k=len(pending))]
    return [diagnosed("exited_on_tool_use", n=n, k=len(pending))]


def _calls(r: dict[str, Any] | None) -> list[str] | None:
    if r is None:
        return None
    uses = [b for b in r["content"] if b["type"] == "tool_use"]
    return sorted(json.dumps([b["name"], b["input"]], sort_keys=True, default=str) for b in uses)


def _repeats(f: Facts, n: int) -> int:
    """How many turns in a row, ending with turn n, asked for the very same tool calls."""
    same, k = _calls(f.rounds[n - 1]), 0
    while same and k < n and _calls(f.rounds[n - 1 - k]) == same:
        k += 1
    return k


def _went_on_after_text(f: Facts, n: int) -> bool:
    """An earlier response held text and tool_use too, and the loop ran its tools: what made it
    stop at round n was what the text said, not that there was text."""
    for r in f.rounds[: n - 1]:
        if r is None:
            continue
        uses = [b for b in r["content"] if b["type"] == "tool_use"]
        if uses and _text(r["content"]) and all(b["id"] in f.matched for b in uses):
            return True
    return False


def returned_history(f: Facts) -> list[str]:
    """The returned list is the whole history, ending with the model's final response as it came."""
    msgs, (n, last) = f.returned, f.last
    if f.run.error is not None or f.run.exceeded or not isinstance(msgs, list) or last is None:
        return []
    if last["stop_reason"] in ("tool_use", "pause_turn", "max_tokens") or f.faulted():
        return []  # returned_early has said what is wrong
    if last["stop_reason"] not in KNOWN:
        return []  # returned_early has said it, or the loop handed the task over
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
            return [diagnosed("no_final_answer")]
        if _shape(blocks(final.get("content"))) != _shape(last["content"]):
            return [diagnosed("final_rewritten", n=n)]
    if [_role(m) for m in body] != [_role(m) for m in sent] or _ids(body) != _ids(sent):
        return [diagnosed("history_incomplete", n=n)]
    return []


def resendable(f: Facts) -> list[str]:
    """The returned history can be sent again (the next question appended): the API accepts it."""
    msgs, (_, last) = f.returned, f.last
    if f.run.error is not None or f.run.exceeded or not isinstance(msgs, list) or not msgs:
        return []
    if last and last["stop_reason"] in ("tool_use", "pause_turn", "max_tokens"):
        return []  # returned_early has said what is wrong
    if last and last["stop_reason"] not in KNOWN:
        return []  # returned_early has said it, or the loop handed the task over
    try:
        history = json.loads(json.dumps(msgs, default=_plain))
    except (TypeError, ValueError) as e:
        return [diagnosed("not_json", error=_short(str(e), 60))]
    cut = _cut_ids(f)
    if _kept_cut(history, cut):  # a note (`notes`): the history is judged without those blocks
        history = _without_blocks(history, cut)
    if not history:
        return []
    if isinstance(history[-1], dict) and history[-1].get("role") == "assistant":
        history.append({"role": "user", "content": "谢谢。"})
    body = {"model": f.case.model, "max_tokens": 1024, "messages": history, "tools": f.case.tools}
    try:
        validate(body)
    except InvalidRequest as e:
        return [diagnosed("not_resendable", status=e.status, message=_short(str(e), 80))]
    return []


def _cut_ids(f: Facts) -> set[str]:
    """The ids of the tool_use blocks in cut replies (max_tokens, a full context window)."""
    return {
        b["id"] for r in f.rounds if r and r["stop_reason"] in CUT for b in r["content"]
        if b["type"] == "tool_use"
    }  # fmt: skip


def _kept_cut(history: list[Any], cut: set[str]) -> list[int]:
    """The 1-based positions of the returned messages that keep a cut tool_use."""
    return [n for n, m in enumerate(history, 1) if isinstance(m, dict) and cut & set(_ids([m]))]


def _without_blocks(history: list[Any], ids: set[str]) -> list[Any]:
    """The history with the tool_use blocks `ids` left out (and a message they emptied)."""
    out = []
    for m in history:
        if isinstance(m, dict) and ids & set(_ids([m])):
            kept = [b for b in blocks(m.get("content")) if b.get("id") not in ids]
            m = {**m, "content": kept}
            if not kept:
                continue
        out.append(m)
    return out


CHECKS: list[Callable[[Facts], list[str]]] = [  # causes before their consequences
    stopped_from_outside,
    local_retries,
    forced_every_turn,
    over_budget,
    first_request,
    sent_tools,
    result_shapes,
    cut_tool_use_ran,
    after_a_stop,
    after_a_new_stop,
    cut_tool_use_resent,
    identical_resends,
    history_kept,
    replies_verbatim,
    tool_runs,
    results_own,
    small_max_tokens,
    raised,
    forced_choice,
    wrong_model,
    returned_readable,
    returned_early,
    resendable,
    returned_history,
]


# --- small readers --------------------------------------------------------------------------------


def _each_message_once(requests: list[Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    """The messages of the requests, in order, each message object once, with the number of the
    request it came first in: a request that resends the one before's messages shares them
    (runner.BodyReader), so a long run is read in the time of its new messages, not of every
    request's whole history."""
    before: list[int] = []
    seen: set[int] = set()
    for n, req in enumerate(requests, 1):
        msgs = req.get("messages") if isinstance(req, dict) else None
        if not isinstance(msgs, list):
            continue
        ids = list(map(id, msgs))
        start = len(before) if ids[: len(before)] == before else 0
        for i in range(start, len(msgs)):
            m = msgs[i]
            if ids[i] not in seen and isinstance(m, dict):
                seen.add(ids[i])
                yield n, m
        before = ids


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


def _fits(c: Execution, b: dict[str, Any], same: bool) -> bool:
    return c.name == b["name"] and (not same or c.input == b["input"])


def _describe(message: dict[str, Any]) -> str:
    parts = blocks(message.get("content"))
    if not parts:
        return T("empty_message")
    if all(b.get("type") == "tool_result" for b in parts):
        return T("results_message")
    return T("user_message", text=_short(_text(message.get("content")), 20))


def _ids(messages: list[Any]) -> list[str | None]:
    return [
        b.get("id")
        for m in messages
        if isinstance(m, dict) and m.get("role") == "assistant"
        for b in blocks(m.get("content"))
        if b.get("type") == "tool_use"
    ]


def _shape(content: Any) -> list[tuple]:
    """What makes blocks the same blocks; None is absent at every depth (a web search result's
    `"page_age": null` that `model_dump(exclude_none=True)` drops is the same reply)."""
    return [
        (
            b.get("type"),
            b.get("text"),
            b.get("id"),
            b.get("name"),
            json.dumps(without_none(b.get("input")), sort_keys=True),
            json.dumps(without_none(b.get("content")), sort_keys=True, default=str),
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


def _without_output(text: str, ran: Execution, b: dict[str, Any]) -> bool:
    """A tool_result for a run that succeeded shows none of the output's own values (those the
    call's input did not already hold): the model cannot see what the tool returned."""
    given = set(_leaves(b.get("input")))
    own = [x for x in _leaves(ran.output) if x not in given and x.strip()]
    return bool(own) and not any(_shows(text, x) for x in own)


def _shows(text: str, leaf: str) -> bool:
    if leaf in text:
        return True
    try:
        number = float(leaf)
    except ValueError:
        return False
    return number.is_integer() and f"{int(number)}" in text


def _carrier(text: str, runs: list[Execution]) -> Execution | None:
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
# Each hint is the string "hint.<name>" of the table.
CODE_HINTS = (
    "tool_result_missing",
    "tool_result_unexpected",
    "tool_use_id_repeated",
    "prompt_too_long",
)
FIELD_HINTS = [
    (r"text content blocks must be non-empty", "empty_text"),
    (r"cache_control", "cache_control"),
    (r"Expected `thinking` or `redacted_thinking`|cannot contain `thinking`", "thinking"),
    (r"^max_tokens: .*maximum allowed", "max_tokens"),
    (r"tool_result.*content|content.*tool_result|\.content\b.*(string|list)", "content"),
    (r"is_error", "is_error"),
    (r"[Ee]xtra inputs are not permitted|unknown field", "extra_field"),
    (r"^tool_choice", "tool_choice"),
    (r"role", "role"),
]  # fmt: skip


def _hint(code: str | None, message: str) -> str:
    if code in CODE_HINTS:
        return T(f"hint.{code}")
    for pattern, name in FIELD_HINTS:
        if re.search(pattern, message):
            return T(f"hint.{name}")
    return ""


def _bad_request(e: anthropic.BadRequestError, n: int, code: str | None = None) -> str:
    msg = _short(_api_message(e), 120)
    hint = _hint(code, _api_message(e))
    return (
        diagnosed("rejected_hint", n=n, message=msg, hint=hint)
        if hint
        else diagnosed("rejected", n=n, message=msg)
    )
