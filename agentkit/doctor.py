"""`python -m agentkit doctor`: a preflight for a classroom laptop, offline.

It checks what a lesson needs before the lesson starts: the Python version, each package the
workbook depends on (installed, and a version within the pinned range), JupyterLab (its command
and a Python kernel) and the offline API (one request through the real SDK). It prints one line
per problem, each with its fix, or one line saying all is ready; the exit status is the number
of problems (0: ready).
"""

from __future__ import annotations

import shutil
import sys
from importlib import metadata
from pathlib import Path

from .strings import T

DIST = "agentloop-workbook"
NEEDED_PYTHON = (3, 11)
WHEELHOUSE = 'pip install --no-index --find-links wheelhouse "agentloop-workbook"'


def check_python(version: tuple[int, ...] = tuple(sys.version_info[:3])) -> list[str]:
    if tuple(version[:2]) >= NEEDED_PYTHON:
        return []
    have = ".".join(map(str, version))
    need = ".".join(map(str, NEEDED_PYTHON))
    return [T("doctor.old_python", have=have, need=need)]


def requirements(dist: str = DIST) -> list[str]:
    """The workbook's own dependencies as installed (no extras)."""
    try:
        listed = metadata.requires(dist) or []
    except metadata.PackageNotFoundError:
        return []
    return [r for r in listed if "extra ==" not in r]


def check_packages(listed: list[str] | None = None) -> list[str]:
    """One line per requirement that is missing or outside its range (markers respected)."""
    try:
        from packaging.requirements import InvalidRequirement, Requirement
    except (
        ImportError
    ):  # comes with JupyterLab and pip's own tools: its absence is a broken install
        return [T("doctor.no_packaging")]
    if listed is None:
        listed = requirements()
        if not listed:
            return [T("doctor.not_installed", dist=DIST, wheelhouse=WHEELHOUSE)]
    problems = []
    for line in listed:
        try:
            req = Requirement(line)
        except InvalidRequirement:
            problems.append(T("doctor.bad_requirement", line=line))
            continue
        if req.marker is not None and not req.marker.evaluate():
            continue
        fix = T("doctor.pip_fix", requirement=f"{req.name}{req.specifier}")
        try:
            have = metadata.version(req.name)
        except metadata.PackageNotFoundError:
            spec = req.specifier or T("doctor.any_version")
            problems.append(T("doctor.missing", name=req.name, spec=spec, fix=fix))
            continue
        if req.specifier and not req.specifier.contains(have, prereleases=True):
            problems.append(
                T("doctor.wrong_version", name=req.name, have=have, spec=req.specifier, fix=fix)
            )
    return problems


def check_jupyterlab() -> list[str]:
    problems = []
    bindir = Path(sys.executable).parent
    if not (shutil.which("jupyter-lab") or (bindir / "jupyter-lab").exists()):
        problems.append(T("doctor.no_jupyter_lab"))
    try:
        from jupyter_client.kernelspec import KernelSpecManager

        kernels = KernelSpecManager().find_kernel_specs()
    except Exception as e:  # a broken Jupyter install: say so, do not crash the preflight
        kernels = {}
        problems.append(T("doctor.kernels_unreadable", kind=type(e).__name__))
    else:
        if "python3" not in kernels:
            problems.append(T("doctor.no_kernel"))
    return problems


def check_offline_api() -> list[str]:
    """One request to the offline Claude through the real SDK."""
    try:
        from .client import default_model, make_client

        client = make_client(offline=True, max_retries=0)
        reply = client.messages.create(
            model=default_model(),
            max_tokens=64,
            messages=[{"role": "user", "content": "你好"}],
        )
    except Exception as e:
        text = " ".join(str(e).split())[:200]
        return [T("doctor.offline_failed", kind=type(e).__name__, text=text, wheelhouse=WHEELHOUSE)]
    if reply.type != "message" or not reply.stop_reason:
        return [T("doctor.offline_wrong", type=reply.type)]
    return []


CHECKS = (check_python, check_packages, check_jupyterlab, check_offline_api)


def doctor(checks=None, out=print) -> int:
    problems: list[str] = []
    for check in CHECKS if checks is None else checks:
        problems += check()
    for line in problems:
        out(f"✗ {line}")
    if not problems:
        version = ".".join(map(str, sys.version_info[:3]))
        out(T("doctor.ready", version=version))
    return len(problems)
