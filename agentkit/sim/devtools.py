"""The stand-in's rules for the developer tools (`agentkit.sim.repo`): find and fix a failing test.

It applies when the request offers read_file, run_tests and apply_patch (by their own names), and
reads only the open task's calls and results (`agentkit.sim.view`). Each turn, the first rule
that applies:
1. The latest call failed: by what its text says (`agentkit.sim.results.classify`) a transient
   failure is retried once; not found is told to the user; anything else is told and the work
   stops.
2. No test run yet, or none since the last patch: run the tests, and on the first turn list the
   repository (`list_dir .`) and read every file the user names, all in one turn. A file the
   user names that has not been asked for yet (a loop that allows one call a turn keeps only
   the first) is read next, before anything else.
3. The tests pass: say so (and what was patched).
4. A test fails: read the test file, then the module it imports, then patch the one operator of
   the failing function's `return` line that makes every assert of the file hold (computed by
   `repo.checks` over the text that was read, never by running it). No such change: say so.
"""

from __future__ import annotations

import re
from typing import Any

from ..offline.model import Reply
from .conversation import Conversation
from .phrases import say
from .repo import Unreadable, checks, imported
from .results import NOT_FOUND, TRANSIENT, classify
from .view import Call, View, view

NEEDED = frozenset({"read_file", "run_tests", "apply_patch"})
FAILED = re.compile(r"^FAILED (\S+?)::(\w+)", re.M)
NAMED_FILE = re.compile(r"[\w./-]+\.(?:py|md|txt|toml|cfg)\b")
OPERATORS = ("+", "-", "*", "//", "/")


def offered(conv: Conversation) -> bool:
    return NEEDED <= set(conv.tools)


def reply(conv: Conversation) -> Reply:
    v = view(conv)
    step = dev_step(v)
    if isinstance(step, str):
        return Reply([_text(step)], "end_turn")
    said, calls = step
    if v.one_call:
        calls = calls[:1]
    content = [_text(said)] + [
        {"type": "tool_use", "name": v.tools[_at(v, n)].call_name, "input": a} for n, a in calls
    ]
    return Reply(content, "tool_use")


def _at(v: View, name: str) -> int:
    return next(i for i, t in enumerate(v.tools) if t.name == name)


def _text(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


Step = str | tuple[str, list[tuple[str, dict[str, Any]]]]


def dev_step(v: View) -> Step:
    """This turn's calls (what is said, [(tool, input)]) or the answer (rules 1 to 4)."""
    done = [c for c in v.calls if c.result is not None]
    for c in _open_failures(v):
        return _recover(v, c)
    asked = {c.input.get("path") for c in v.calls if c.name == "read_file"}
    for path in dict.fromkeys(NAMED_FILE.findall(v.task)):  # one call a turn: read it next
        if done and path.removeprefix("./") not in asked:
            return say(v.lang, "dev_read", path=path), [
                ("read_file", {"path": path.removeprefix("./")})
            ]
    patched = [c for c in done if c.name == "apply_patch" and not c.is_error]
    runs = [c for c in done if c.name == "run_tests" and not c.is_error]
    since = v.calls.index(patched[-1]) if patched else -1
    if not [c for c in runs if v.calls.index(c) > since]:
        return _run_first(v, bool(done))
    report = said(runs[-1])
    failing = FAILED.search(report)
    if failing is None and not re.search(r"^0 failed", report, re.M):
        return say(v.lang, "dev_no_fix", failure=(report.strip().splitlines() or [""])[0])
    if failing is None:
        if patched:
            p = patched[-1].input
            return say(v.lang, "dev_fixed", path=p.get("path"), old=p.get("old"), new=p.get("new"))
        return say(v.lang, "dev_all_pass", report=(report.strip().splitlines() or [""])[-1])
    return _fix(v, failing.group(1), report, patched)


def said(c: Call) -> str:
    """A result's text: a JSON string (a loop that json.dumps every result) read back first."""
    data = c.data
    return data if isinstance(data, str) else c.result or ""


def _open_failures(v: View) -> list[Call]:
    """Failed calls not made again since (same tool, same input)."""
    out = []
    for i, c in enumerate(v.calls):
        again = any(x.name == c.name and x.input == c.input for x in v.calls[i + 1 :])
        if c.result is not None and c.is_error and not again:
            out.append(c)
    return out


def _recover(v: View, c: Call) -> Step:
    err = said(c).strip()[:140]
    kind = classify(err)
    tries = sum(1 for x in v.calls if x.name == c.name and x.input == c.input and x.is_error)
    if kind == TRANSIENT and tries == 1:
        return say(v.lang, "dev_retry", tool=c.name, err=err), [(c.name, dict(c.input))]
    if kind == NOT_FOUND:
        return say(v.lang, "dev_not_found", tool=c.name, path=c.input.get("path"), err=err)
    return say(v.lang, "dev_failed", tool=c.name, err=err)


def _run_first(v: View, started: bool) -> Step:
    calls: list[tuple[str, dict[str, Any]]] = [("run_tests", {})]
    if not started:
        if any(t.name == "list_dir" for t in v.tools):
            calls.append(("list_dir", {"path": "."}))
        for path in dict.fromkeys(NAMED_FILE.findall(v.task)):
            calls.append(("read_file", {"path": path.removeprefix("./")}))
    return say(v.lang, "dev_run_tests" if not started else "dev_rerun"), calls


def _read(v: View, path: str) -> str | None:
    got = [c for c in v.calls if c.name == "read_file" and c.input.get("path") == path]
    ok = [c for c in got if c.result is not None and not c.is_error]
    return said(ok[-1]) if ok else None


def _fix(v: View, test_path: str, report: str, patched: list[Call]) -> Step:
    tests = _read(v, test_path)
    if tests is None:
        return say(v.lang, "dev_read", path=test_path), [("read_file", {"path": test_path})]
    module = imported(tests)
    source = _read(v, module) if module else None
    if module and source is None:
        return say(v.lang, "dev_read", path=module), [("read_file", {"path": module})]
    line = report.splitlines()[0]
    change = find_fix(tests, source or "", test_path) if module else None
    if change is None or any(p.input.get("old") == change[0] for p in patched):
        return say(v.lang, "dev_no_fix", failure=line)
    old, new = change
    return say(v.lang, "dev_patch", path=module, old=old, new=new, failure=line), [
        ("apply_patch", {"path": module, "old": old, "new": new})
    ]


def _unique(lines: list[str], i: int, old: str, new: str) -> tuple[str, str]:
    """The change as apply_patch needs it: the line alone where it occurs once, else with the
    `def` line above it (so that `old` occurs exactly once)."""
    if sum(1 for x in lines if x == old) == 1:
        return old.strip(), new.strip()
    head = next((x for x in reversed(lines[:i]) if x.lstrip().startswith("def ")), "")
    return f"{head}\n{old}", f"{head}\n{new}"


def find_fix(tests: str, source: str, test_path: str) -> tuple[str, str] | None:
    """The one-operator change of a `return a <op> b` line that makes every assert hold, as
    (old text, new text) for apply_patch; None when there is none."""
    try:
        if all(c.passed for c in checks(tests, source, test_path)):
            return None
    except Unreadable:
        return None
    lines = source.splitlines()
    for i, text in enumerate(lines):
        m = re.fullmatch(r"(\s*return .*?)\s(\+|-|\*|/|//)\s(.*)", text)
        if not m:
            continue
        for op in OPERATORS:
            if op == m.group(2):
                continue
            new = f"{m.group(1)} {op} {m.group(3)}"
            candidate = "\n".join(lines[:i] + [new] + lines[i + 1 :])
            try:
                if all(c.passed for c in checks(tests, candidate, test_path)):
                    return _unique(lines, i, text, new)
            except Unreadable:
                continue
    return None
