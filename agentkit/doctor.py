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

DIST = "agentloop-workbook"
NEEDED_PYTHON = (3, 11)
WHEELHOUSE = 'pip install --no-index --find-links wheelhouse "agentloop-workbook"'


def check_python(version: tuple[int, ...] = tuple(sys.version_info[:3])) -> list[str]:
    if tuple(version[:2]) >= NEEDED_PYTHON:
        return []
    have = ".".join(map(str, version))
    need = ".".join(map(str, NEEDED_PYTHON))
    return [
        f"Python {have} 太旧：需要 Python ≥ {need}。修复：装 Python {need} 或更新的版本"
        f"（U 盘里的安装包，或 conda），再用它新建虚拟环境"
    ]


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
        return ['缺少 packaging（JupyterLab 的依赖）。修复：pip install "jupyterlab>=4.1,<5"']
    if listed is None:
        listed = requirements()
        if not listed:
            return [
                f"没有安装 {DIST} 本身。修复：在练习册目录里 pip install -e .（无网络时：{WHEELHOUSE}）"
            ]
    problems = []
    for line in listed:
        try:
            req = Requirement(line)
        except InvalidRequirement:
            problems.append(f"依赖写错了：{line!r}。修复：重新安装练习册")
            continue
        if req.marker is not None and not req.marker.evaluate():
            continue
        fix = f'修复：pip install "{req.name}{req.specifier}"（无网络时加 --no-index --find-links wheelhouse）'
        try:
            have = metadata.version(req.name)
        except metadata.PackageNotFoundError:
            problems.append(f"缺少 {req.name}（需要 {req.specifier or '任意版本'}）。{fix}")
            continue
        if req.specifier and not req.specifier.contains(have, prereleases=True):
            problems.append(f"{req.name} 是 {have}，需要 {req.specifier}。{fix}")
    return problems


def check_jupyterlab() -> list[str]:
    problems = []
    bindir = Path(sys.executable).parent
    if not (shutil.which("jupyter-lab") or (bindir / "jupyter-lab").exists()):
        problems.append(
            "找不到 jupyter-lab 命令。修复：先激活练习册的虚拟环境（. .venv/bin/activate），"
            '或 pip install "jupyterlab>=4.1,<5"'
        )
    try:
        from jupyter_client.kernelspec import KernelSpecManager

        kernels = KernelSpecManager().find_kernel_specs()
    except Exception as e:  # a broken Jupyter install: say so, do not crash the preflight
        kernels = {}
        problems.append(
            f"Jupyter 的内核列表读不出来（{type(e).__name__}）。修复：重新安装 jupyterlab"
        )
    else:
        if "python3" not in kernels:
            problems.append("JupyterLab 没有 Python 内核。修复：pip install ipykernel")
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
        return [
            f"离线 API 出错：{type(e).__name__}: {' '.join(str(e).split())[:200]}。"
            f"修复：重新安装练习册（pip install -e . 或 {WHEELHOUSE}）"
        ]
    if reply.type != "message" or not reply.stop_reason:
        return [f"离线 API 的回答不对（{reply.type}）。修复：重新安装练习册"]
    return []


CHECKS = (check_python, check_packages, check_jupyterlab, check_offline_api)


def doctor(checks=CHECKS, out=print) -> int:
    problems = []
    for check in checks:
        problems += check()
    for line in problems:
        out(f"✗ {line}")
    if not problems:
        version = ".".join(map(str, sys.version_info[:3]))
        out(f"✓ 一切就绪：Python {version}，依赖齐全，JupyterLab 可用，离线 API 能回答。")
    return len(problems)
