"""The import arrows of CONTRIBUTING.md, checked: each module imports only the layers below it.

A new module gets a row here; a new arrow is a design change to argue for in review, not a
quiet edit of this table.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# module (dotted, under agentkit) -> the agentkit modules it may import
ALLOWED = {
    "content": set(),
    "failures": set(),
    "settings": set(),
    "i18n": {"settings"},
    "offline": {"offline", "content", "settings"},
    "cassette": {"content"},
    "tools": {"failures"},
    "sim": {"offline", "content", "failures", "tools", "settings"},
    "display": {"content"},
    "client": {"offline", "cassette", "settings", "sim"},
    "serve": {"offline", "settings", "sim"},
    "upstream": {"settings", "serve", "offline"},  # serve's HTTP code, the API's error shape
    "doctor": {"client"},
    "background": {"serve"},
    "loop": {"client", "tools"},
    "exercise": {"client"},
    "antipatterns": {"tools", "sim"},
    "grading": {
        "client", "content", "display", "failures", "offline", "sim", "tools", "loop",
        "antipatterns", "settings",  # settings: the canonical battery speaks the learner's language
    },
    "lessons": {
        "client", "content", "display", "failures", "offline", "sim", "tools", "loop", "grading",
        "antipatterns", "exercise", "background",
    },
    "__main__": {
        "client", "exercise", "offline", "cassette", "serve", "settings", "sim", "upstream", "doctor",
    },
    "__init__": {"client", "grading", "loop", "sim", "tools"},
}  # fmt: skip
ALLOWED["strings"] = {"i18n"}  # the top-level modules' string table (agentkit/strings.py)
for _own in set(ALLOWED) - {"content", "settings", "i18n", "strings"}:
    ALLOWED[_own].add("i18n")  # every layer above settings may word its strings through i18n
for _own in ("tools", "cassette", "client", "doctor", "display", "antipatterns", "serve",
             "upstream", "__main__"):  # fmt: skip
    ALLOWED[_own].add("strings")
SEAM = "agentkit.offline.model"
"""The one module of the API layer the stand-in may import: the Model protocol and its types."""


def layer(module: str) -> str:
    """agentkit.offline.api -> offline; agentkit.lessons.runs -> lessons; agentkit.loop -> loop."""
    return module.split(".")[1] if module.count(".") else "__init__"


def imports_of(path: Path, package: str) -> set[str]:
    """Every agentkit/quizzes module the file imports (relative imports resolved)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
                out |= {name} if node.module else {f"{name}.{a.name}" for a in node.names}
            else:
                out.add(node.module or "")
    return {m for m in out if m.split(".")[0] in ("agentkit", "quizzes")}


def modules(top: str):
    for path in sorted((ROOT / top).rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        is_pkg = parts[-1] == "__init__"
        dotted = ".".join(parts[:-1] if is_pkg and len(parts) > 1 else parts)
        package = dotted if is_pkg else ".".join(parts[:-1])
        yield path, dotted, package


def test_agentkit_never_imports_quizzes_or_notebooks():
    for path, _dotted, package in modules("agentkit"):
        bad = {m for m in imports_of(path, package) if m.startswith("quizzes")}
        assert not bad, f"{path}: agentkit must not import {bad}"


def test_quizzes_never_import_agentkit():
    for path, _dotted, package in modules("quizzes"):
        bad = {m for m in imports_of(path, package) if m.startswith("agentkit")}
        assert not bad, f"{path}: quizzes must not import {bad}"


def test_each_agentkit_module_imports_only_the_layers_below_it():
    for path, dotted, package in modules("agentkit"):
        own = "__init__" if dotted == "agentkit" else layer(dotted)
        assert own in ALLOWED, f"{path}: add a row for {own!r} to ALLOWED (and CONTRIBUTING.md)"
        used = {layer(m) for m in imports_of(path, package) if m != "agentkit"} - {own}
        assert used <= ALLOWED[own], f"{path} imports {used - ALLOWED[own]}: not an allowed arrow"


def test_the_table_catches_an_upward_import(tmp_path):
    bad = tmp_path / "agentkit" / "tools.py"
    bad.parent.mkdir()
    bad.write_text("from .grading import check_loop\n", encoding="utf-8")
    used = {layer(m) for m in imports_of(bad, "agentkit")}
    assert used == {"grading"} and not used <= ALLOWED["tools"]


def test_the_stand_in_and_the_api_meet_only_at_the_seam():
    """The stand-in never reaches into the API's internals, and the API never imports the stand-in:
    any other Model plugs into the same seam."""
    for path, _dotted, package in modules("agentkit/sim"):
        inner = {m for m in imports_of(path, package) if m.startswith("agentkit.offline")}
        assert inner <= {SEAM}, f"{path} imports {inner - {SEAM}}: only {SEAM} is the seam"
    for path, _dotted, package in modules("agentkit/offline"):
        bad = {m for m in imports_of(path, package) if m.startswith("agentkit.sim")}
        assert not bad, f"{path} imports the stand-in {bad}"


# Names two modules define on purpose: each module's own entry point, the typed overloads, and
# lesson 07's solution, which declares its exits itself as a learner's loop would.
SAME_NAME_ON_PURPOSE = {"main", "make_client", "UnknownStopReason"}


def test_one_name_per_concept_across_agentkit():
    """A public class or function is defined in one module only (issue #18: `SafetyNetReached`
    twice with two signatures, two different `Toolbox`es, two `result_text`s)."""
    where: dict[str, set[str]] = {}
    for path, dotted, _package in modules("agentkit"):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef | ast.FunctionDef) and not node.name.startswith("_"):
                where.setdefault(node.name, set()).add(dotted)
    twice = {n: sorted(m) for n, m in where.items() if len(m) > 1 and n not in SAME_NAME_ON_PURPOSE}
    assert not twice, f"one name, several definitions: {twice}"
