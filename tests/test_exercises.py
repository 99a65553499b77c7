"""The exercise contract, for every exercise of lessons 00-08.

An exercise is three cells: `exercise` (shipped as a stub), `check` (a few Chinese lines, never a
traceback) and `solution` (the reference answer, collapsed). Each check is run three times, in
the lesson's own state (every cell before the exercise executed in one namespace): on the stub as
shipped, with the solution's source in the exercise cell, and with a deliberately wrong attempt.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import io
import linecache
import re
from pathlib import Path

import nbformat
import pytest

from agentkit.lessons.checks import Verdict

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("0[0-9]_*.ipynb"))
CJK = re.compile(r"[\u4e00-\u9fff]")

# A deliberately wrong attempt at each exercise (by the exercise cell's id, without "ex-").
WRONG = {
    "09-quiz-answer": 'my_answer = "D"',
    "00-stop-reasons": 'continue_on = "end_turn"\nfinish_on = "tool_use"',
    "01-request": (
        "def build_request(question):\n"
        '    return {"model": MODEL, "max_tokens": 1024,\n'
        '            "messages": [{"role": "user", "content": question}]}'
    ),
    "01-predict": 'my_prediction = ["tool_use", "tool_use", "tool_use"]',
    "02-round": (  # one user message per result
        "def append_round(messages, response, run_tool):\n"
        '    messages.append({"role": "assistant", "content": response.content})\n'
        "    for r in tool_results(response, run_tool):\n"
        '        messages.append({"role": "user", "content": [r]})\n'
        "    return messages"
    ),
    "03-tool-result": (  # lets the tool's exception escape
        "def answer(block, run_tool):\n"
        "    out = run_tool(block.name, block.input)\n"
        '    return {"type": "tool_result", "tool_use_id": block.id, "content": json.dumps(out)}'
    ),
    "03-predict": "my_prediction = [1, 1, 1]",
    "04-hook": (  # denies a refund right at the cap
        "class RefundLimit:\n"
        "    def __init__(self, limit):\n"
        "        self.limit = limit\n\n"
        "    def before_tool(self, name, input):\n"
        '        return "超过上限" if input.get("amount", 0) >= self.limit else None'
    ),
    "04-predict": (
        'my_prediction = {"decision_tree": ["lookup_order"], "reference_loop": ["lookup_order"]}'
    ),
    "05-stop": (  # a completion phrase as the stop signal
        "def fixed_stop_loop(client, messages, *, tools, run_tool, model):\n"
        "    for _turn in range(50):\n"
        "        resp = client.messages.create(\n"
        "            model=model, max_tokens=1024, tools=tools, messages=messages)\n"
        '        messages.append({"role": "assistant", "content": resp.content})\n'
        '        if "完成" in str(resp.content) or resp.stop_reason == "end_turn":\n'
        "            return messages\n"
        '        messages.append({"role": "user", "content": tool_results(resp, run_tool)})'
    ),
    "05-predict": (
        'my_prediction = {"fixed_five_turns": {"long", "parallel"},'
        ' "tool_choice_none_after_last": {"long"}}'
    ),
    "06-branches": (  # keeps the cut reply and the same budget
        "def on_pause_turn(messages, response):\n"
        '    messages.append({"role": "assistant", "content": response.content})\n'
        "    return messages\n\n\n"
        "def on_max_tokens(messages, response, max_tokens):\n"
        '    messages.append({"role": "assistant", "content": response.content})\n'
        "    return messages, max_tokens"
    ),
    "06-predict": 'my_prediction = ["completed", "completed", "max_turns"]',
    "07-loop": "from agentkit.antipatterns import exception_aborts as my_loop",
    "08-self-1": 'my_order = ["B", "A", "D", "C"]\nmy_actions = {"tool_use": "继续", "end_turn": "结束"}',
    "08-self-2": (  # lets a failing tool's exception escape
        "def results_message(response, run_tool):\n"
        '    blocks = [b for b in response.content if b.type == "tool_use"]\n'
        '    return {"role": "user", "content": [\n'
        '        {"type": "tool_result", "tool_use_id": b.id,\n'
        '         "content": json.dumps(run_tool(b.name, b.input))} for b in blocks]}'
    ),
    "08-self-3": 'first_blocks = ["tool_use"]\ntext_loop_refunds = 0',
    "08-self-4": 'tree_fails = {"shipped", "unexpected"}\nmodel_fails = set()',
    "08-self-5": 'my_guess = "completed"',
    "02-predict": (
        'my_prediction = [("tool_use", ["lookup_order"]), ("tool_use", ["cancel_order"]),'
        ' ("end_turn", [])]'
    ),
}


def tags(cell) -> set[str]:
    return set(cell.metadata.get("tags", []))


def exercises(nb) -> list[tuple[int, int, list[int]]]:
    """(exercise, check, [solution cells]) indices, in order."""
    found = []
    for i, cell in enumerate(nb.cells):
        if "exercise" in tags(cell):
            found.append([i, None, []])
        elif "check" in tags(cell) and found and found[-1][1] is None:
            found[-1][1] = i
        elif "solution" in tags(cell) and found and found[-1][1] is not None:
            found[-1][2].append(i)
    return [tuple(f) for f in found]


def all_exercises():
    for path in LESSONS:
        nb = nbformat.read(path, as_version=4)
        for ex, check, solutions in exercises(nb):
            yield path, nb.cells[ex].id.removeprefix("ex-"), (ex, check, solutions)


ALL = list(all_exercises())


def _run(source: str, ns: dict, name: str):
    """Execute a cell's source like a kernel does: the value of a last expression is returned."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    linecache.cache[name] = (len(source), None, source.splitlines(True), name)
    exec(compile(tree, name, "exec"), ns)
    if last is not None:
        return eval(compile(ast.Expression(last.value), name, "eval"), ns)
    return None


@functools.cache
def verdicts(path: Path) -> dict[str, dict[str, object]]:
    """Run the lesson top to bottom; at each exercise, its check on stub, solution and wrong."""
    nb = nbformat.read(path, as_version=4)
    marks = {ex: (check, sols) for ex, check, sols in exercises(nb)}
    ns: dict = {"__name__": "__main__"}
    out: dict[str, dict[str, object]] = {}
    with contextlib.redirect_stdout(io.StringIO()):
        for i, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            if i in marks:
                check, sols = marks[i]
                key = cell.id.removeprefix("ex-")
                attempts = {
                    "stub": cell.source,
                    "solution": "\n\n".join(
                        nb.cells[s].source for s in sols if nb.cells[s].cell_type == "code"
                    ),
                    "wrong": WRONG.get(key, cell.source),
                }
                out[key] = {}
                for kind, source in attempts.items():
                    trial = dict(ns)
                    try:
                        _run(source, trial, f"<{path.stem} {key} {kind}>")
                        out[key][kind] = _run(
                            nb.cells[check].source, trial, f"<{path.stem} check {kind}>"
                        )
                    except Exception as e:  # a check must never raise: record it for the test
                        out[key][kind] = e
            _run(cell.source, ns, f"<{path.stem} cell {i}>")
    return out


@pytest.mark.parametrize("path, key, cells", ALL, ids=[k for _, k, _ in ALL])
def test_the_check_fails_on_the_stub_passes_with_the_solution_and_answers_a_wrong_attempt(
    path, key, cells
):
    got = verdicts(path)[key]
    for kind in ("stub", "solution", "wrong"):
        assert isinstance(got[kind], Verdict), f"{kind}: the check raised {got[kind]!r}"
        assert 2 <= len(repr(got[kind]).splitlines()) or got[kind].passed, repr(got[kind])
    assert not got["stub"].passed and repr(got["stub"]).startswith("… 还没做完"), got["stub"]
    assert got["solution"].passed, got["solution"]
    assert not got["wrong"].passed and "提示：" in repr(got["wrong"]), got["wrong"]


@pytest.mark.parametrize("path, key, cells", ALL, ids=[k for _, k, _ in ALL])
def test_each_exercise_ships_as_a_stub_with_its_check_and_a_collapsed_solution(path, key, cells):
    nb = nbformat.read(path, as_version=4)
    ex, check, solutions = cells
    stub = nb.cells[ex].source
    assert re.search(r"TODO|\.\.\.|\bpass\b", stub), "the exercise cell is not a stub"
    todos = [line for line in stub.splitlines() if "TODO" in line]
    assert todos and all(CJK.search(line) for line in todos), "TODO comments are in Chinese"
    assert check is not None and len(nb.cells[check].source.splitlines()) <= 4
    assert solutions, "no solution cell after the check"
    for s in solutions:
        assert nb.cells[s].metadata.get("jupyter", {}).get("source_hidden") is True
    shipped = "".join(
        o.get("text", "") + o.get("data", {}).get("text/plain", "") for o in nb.cells[check].outputs
    )
    assert shipped.startswith("… 还没做完"), "as shipped, the check says the exercise is not done"
    assert key in WRONG, f"no wrong attempt for {key} in WRONG"


def test_at_least_fifteen_exercises_over_eight_lessons_and_code_in_every_lesson_01_to_08():
    assert len(ALL) >= 15
    lessons = {p.name[:2] for p, _, _ in ALL}
    assert len(lessons) >= 8
    for n in range(1, 9):
        sources = [
            nbformat.read(p, as_version=4).cells[c[0]].source
            for p, _, c in ALL
            if p.name[:2] == f"{n:02d}"
        ]
        assert any(re.search(r"^(def|class) ", s, re.M) for s in sources), (
            f"lesson {n:02d} asks for no code"
        )


def _raises(*args, **kwargs):
    raise ValueError("learner bug")


CHECKS = [
    f
    for name, f in vars(__import__("agentkit.lessons.checks", fromlist=["x"])).items()
    if callable(f) and getattr(f, "__wrapped__", None) is not None
]


@pytest.mark.parametrize("check", CHECKS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("odd", [None, 5, "x", _raises], ids=["None", "int", "str", "raises"])
def test_every_check_answers_any_attempt_with_a_verdict_never_an_exception(check, odd):
    import inspect

    n = len(inspect.signature(check.__wrapped__).parameters)
    args = [odd] * n
    if check.__name__ == "predicted_stop_reasons":
        args[1] = ["你好！"]
    verdict = check(*args)
    assert isinstance(verdict, Verdict) and not verdict.passed, verdict
    assert "提示：" in repr(verdict)
