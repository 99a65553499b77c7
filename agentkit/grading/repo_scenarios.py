"""The grader's scenarios in the second world: developer tools over a small repository with a
failing test (`agentkit.sim.repo`), so a loop that only works for the orders world fails.

Each builds, from a seed, the repository (which function is broken, and how; the module's name),
the task in the draw's language, and a check of the repository afterwards (its tests, the patches
applied), never of the transcript's wording. They run through the same runner and diagnosis as
the orders scenarios; titles and problems are in this module's own table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..i18n import Strings
from ..sim.repo import FUNCTIONS, Repo, make_files, repo_tools
from .battery import Case, Check, Draw, Scenario, asked

T = Strings(
    "agentkit.grading.repo",
    {
        "title.repo_fix": (
            "开发工具：找到并修好失败的测试",
            "Developer tools: find and fix a failing test",
        ),
        "title.repo_busy": (
            "开发工具：测试运行器第一次正忙",
            "Developer tools: the test runner is busy the first time",
        ),
        "title.repo_missing": (
            "开发工具：用户说的文件不存在",
            "Developer tools: the file the user names does not exist",
        ),
        "still_failing": (
            "仓库的测试仍然失败：{tests}",
            "the repository's tests still fail: {tests}",
        ),
        "patched_times": (
            "补丁应用了 {n} 次（应该恰好一次）",
            "a patch was applied {n} times (exactly once was needed)",
        ),
        "not_rerun": (
            "打完补丁后没有再运行测试就结束了",
            "the run ended without running the tests after the patch",
        ),
        "patched_anyway": (
            "用户说的文件不存在，却仍然改了代码（{n} 次）",
            "the file the user named does not exist, yet the code was patched ({n} times)",
        ),
    },
)


@dataclass(frozen=True)
class RepoScenario(Scenario):
    """A scenario of the developer-tools world (its title from this module's table)."""

    @property
    def title(self) -> str:
        return T(f"title.{self.key}")


def _repo(d: Draw, **kw: Any) -> Repo:
    """The draw's repository: calc.py's add() subtracts at seed 0; another function, operator
    and module name otherwise."""
    if d.seed == 0:
        return Repo(files=make_files(), **kw)
    broken = d.rng.choice(sorted(FUNCTIONS))
    wrong = d.rng.choice([op for op in "+-*" if op != FUNCTIONS[broken][0]])
    module = d.rng.choice(("calc", "mathutil", "arith"))
    return Repo(files=make_files(module, broken, wrong), **kw)


def _case(d: Draw, prompt: str, repo: Repo, expect: Check) -> Case:
    return Case(prompt, repo, asked(expect), repo_tools(), d.model(), outcome=expect)


def fixed(run: Any) -> list[str]:
    """The tests pass, one patch was applied, and the tests ran after it."""
    repo = run.world
    problems = []
    if repo.failing():
        problems.append(T("still_failing", tests=", ".join(repo.failing())))
    patches = [i for i, e in enumerate(repo.effects) if e["tool"] == "apply_patch"]
    if len(patches) > 1:
        problems.append(T("patched_times", n=len(patches)))
    runs = [i for i, e in enumerate(repo.effects) if e["tool"] == "run_tests"]
    if patches and not (runs and runs[-1] > patches[-1]):
        problems.append(T("not_rerun"))
    return problems


def _fix(d: Draw) -> Case:
    prompt = d.say(
        ["测试没通过，帮我找到 bug 并修好。", "仓库里有个测试失败了，请修复。"],
        ["The tests fail. Find the bug and fix it.", "A test is failing in this repo; fix it."],
    )
    return _case(d, prompt, _repo(d), fixed)


def _busy(d: Draw) -> Case:
    """run_tests fails once with a transient error: the loop sends it back as is_error, and the
    model retries it."""
    prompt = d.say(
        ["测试挂了，麻烦修一下。", "帮我把失败的测试修好。"],
        ["The tests are failing, please fix them.", "Please fix the failing test."],
    )
    return _case(d, prompt, _repo(d, flaky={"run_tests": 1}), fixed)


def _missing(d: Draw) -> Case:
    """The user names a test file that does not exist: the model asks which one was meant;
    nothing may be patched."""
    name = d.pick("test_parser.py", "test_io.py", "test_format.py")
    prompt = d.say(
        ["{f} 里的测试失败了，请修好。", "请修复 {f} 的失败测试。"],
        ["Fix the failing test in {f}.", "The tests in {f} fail; please fix them."],
        f=name,
    )

    def untouched(run: Any) -> list[str]:
        n = len(run.world.patches())
        return [T("patched_anyway", n=n)] if n else []

    return _case(d, prompt, _repo(d), untouched)


REPO_SCENARIOS: list[Scenario] = [
    RepoScenario("repo_fix", _fix),
    RepoScenario("repo_busy", _busy),
    RepoScenario("repo_missing", _missing),
]
