"""Build the workbook as a static JupyterLite site: every lesson, agentkit and quizzes preloaded,
the offline API in-process, nothing fetched from outside the site.

    python scripts/build_lite.py [--out build/lite]
    python -m http.server -d build/lite 8000      # then open http://127.0.0.1:8000/lab/index.html

Everything comes from the package registries, versions pinned together below:

* JupyterLite itself (jupyterlite-core, jupyterlite-pyodide-kernel, jupyterlab_widgets for the
  widgets' front end) from PyPI, into a build venv of its own in the cache (so the site has
  exactly these front-end extensions, whatever else the calling environment has);
* Pyodide's core (the WebAssembly CPython and its standard library) from the npm `pyodide`
  package, via `npm pack`; it ships no wheels;
* the wheels the browser runs, from PyPI: pure-Python ones, and the `pyemscripten` builds of the
  compiled ones (pydantic-core, jiter); the workbook's own wheel (its `sys_platform !=
  'emscripten'` dependencies, JupyterLab, tornado, httptools and uvloop, stay out); the kernel's own wheels
  (pyodide-kernel, piplite, the ipykernel and widgetsnbextension shims) from
  jupyterlite-pyodide-kernel;
* the pure-Python wheels given their modules' bytecode, compiled by the browser's own CPython
  (Pyodide in Node, `precompile`): Pyodide otherwise compiles each module from source at every
  import, on every page load;
* a `pyodide-lock.json` written here for exactly those wheels (no lock tool knows the
  pyemscripten tag yet), and the kernel told to preload them and never ask PyPI.

The site works from any static server or a folder copied to a USB stick; a learner's work stays
in the browser (IndexedDB). Downloads are cached in --cache (default build/lite-cache).
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import nbformat
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from agentkit.lessons import registry

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = "314.0.6"  # must match jupyterlite-pyodide-kernel's PYODIDE_VERSION
PYTHON = "3.14"
PLATFORM = "pyemscripten_2026_0_wasm32"
# What the browser runs besides the workbook: its dependencies minus JupyterLab, tornado,
# httptools and uvloop, and the kernel's (IPython, jedi, comm, micropip). Pinned: the stored
# outputs depend on them.
BROWSER = [
    "anthropic==2.14.0",
    "httpx2==2.16.2",
    "httpx2-jsfetch==1.0",  # httpx2's transport under Emscripten
    "ipywidgets==8.1.9",
    "pydantic==2.14.4",
    "pydantic-core==2.50.5",
    "jiter==0.19.0",
    "ipython==9.12.0",
    "jedi==0.20.1",
    "comm==0.2.3",
    "micropip==0.11.1",
]
# The build venv: JupyterLite, and the front ends of the lab extensions the site carries.
BUILD = [
    "jupyterlite-core==0.8.6",
    "jupyterlite-pyodide-kernel==0.8.6",
    "jupyter_server>=2.14,<3",
    "jupyterlab_widgets==3.0.17",  # the front end of ipywidgets 8.1.9's comm
]
# The kernel's own wheels, as jupyterlite-pyodide-kernel ships them (shims for ipykernel and
# widgetsnbextension: the real ones are a desktop kernel and a classic-notebook extension).
KERNEL_WHEELS = [
    "pyodide_kernel-*",
    "piplite-*",
    "ipykernel-6.9.2-*",
    "widgetsnbextension-4.0.999-*",
]
DROP = {"widgetsnbextension", "ipykernel"}  # replaced by the kernel's shims
PRELOAD = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython"]
CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json"]
PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


class BuildError(Exception):
    """A step that failed; the message says which and how to fix it."""


def run(cmd: list[str], what: str, **kw) -> None:
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        tail = "\n".join((r.stderr or r.stdout).strip().splitlines()[-8:])
        raise BuildError(f"{what} failed ({' '.join(cmd[:4])} …):\n{tail}")


def pyodide_core(cache: Path) -> Path:
    """The npm `pyodide` package, unpacked: cache/pyodide-<v>/package/."""
    folder = cache / f"pyodide-{PYODIDE}"
    if (folder / "package" / "pyodide.mjs").exists():
        return folder / "package"
    if not shutil.which("npm"):
        raise BuildError("npm not found: Pyodide's core comes from the npm package `pyodide`")
    cache.mkdir(parents=True, exist_ok=True)
    run(["npm", "pack", f"pyodide@{PYODIDE}", "--silent"], "npm pack pyodide", cwd=cache)
    with tarfile.open(cache / f"pyodide-{PYODIDE}.tgz") as tar:
        tar.extractall(folder, filter="data")
    return folder / "package"


def browser_wheels(cache: Path) -> Path:
    wheels = cache / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    run(
        [sys.executable, "-m", "pip", "download", "-q", "-d", str(wheels), "--only-binary=:all:"]
        + ["--platform", PLATFORM, "--platform", "any", "--python-version", PYTHON]
        + ["--implementation", "cp", "--abi", "cp314", "--abi", "none", *BROWSER],
        "pip download (the browser's wheels)",
    )
    return wheels


def workbook_wheel(cache: Path) -> Path:
    out = cache / "workbook"
    shutil.rmtree(out, ignore_errors=True)
    run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out), str(ROOT)],
        "pip wheel (the workbook)",
    )
    return next(out.glob("agentloop_workbook-*.whl"))


def build_venv(cache: Path) -> Path:
    """cache/build-venv with BUILD installed (once; again when BUILD changes)."""
    venv = cache / "build-venv"
    stamp = venv / "agentkit-build.json"
    if stamp.exists() and json.loads(stamp.read_text(encoding="utf-8")) == BUILD:
        return venv
    shutil.rmtree(venv, ignore_errors=True)
    run([sys.executable, "-m", "venv", str(venv)], "python -m venv (the build venv)")
    run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", *BUILD], "pip install (build)")
    stamp.write_text(json.dumps(BUILD), encoding="utf-8")
    return venv


def kernel_wheels(venv: Path) -> list[Path]:
    pypi = venv / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    found = [p for pattern in KERNEL_WHEELS for p in sorted(pypi.glob(pattern + ".whl"))]
    if len(found) != len(KERNEL_WHEELS):
        raise BuildError(f"jupyterlite-pyodide-kernel's wheels not found in {pypi}")
    return found


def wheel_metadata(path: Path) -> tuple[email.message.Message, list[str]]:
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        meta = next(n for n in names if re.fullmatch(r"[^/]+\.dist-info/METADATA", n))
        message = email.parser.Parser().parsestr(z.read(meta).decode("utf-8"))
    tops = set()
    for n in names:
        top = n.split("/")[0]
        if top.endswith((".dist-info", ".data")) or top.startswith("__"):
            continue
        if "/" in n or top.endswith(".py"):
            tops.add(top.removesuffix(".py"))
    return message, sorted(t for t in tops if t.isidentifier())


def browser_environment() -> dict[str, str]:
    env = default_environment()
    env.update(
        sys_platform="emscripten",
        platform_system="Emscripten",
        platform_machine="wasm32",
        os_name="posix",
        python_version=PYTHON,
        python_full_version=PYTHON + ".2",
        implementation_name="cpython",
        platform_python_implementation="CPython",
    )
    return env


def write_lock(core_lock: Path, wheels: list[Path], dest: Path) -> dict:
    """pyodide-lock.json for exactly these wheels; a dependency missing from them is an error."""
    env = browser_environment()
    entries, requires = {}, {}
    for path in wheels:
        meta, imports = wheel_metadata(path)
        key = canonicalize_name(meta["Name"])
        needs = []
        for line in meta.get_all("Requires-Dist") or []:
            req = Requirement(line)
            if req.marker is None or req.marker.evaluate({**env, "extra": ""}):
                needs.append(canonicalize_name(req.name))
        requires[key] = needs
        entries[key] = {
            "name": key,
            "version": meta["Version"],
            "file_name": path.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": imports,
            "depends": sorted(set(needs)),
            "unvendored_tests": False,
        }
    missing = {f"{k} needs {d}" for k, ds in requires.items() for d in ds if d not in entries}
    if missing:
        raise BuildError("wheels missing from the site: " + "; ".join(sorted(missing)))
    info = json.loads(core_lock.read_text(encoding="utf-8"))["info"]
    lock = {"info": info, "packages": dict(sorted(entries.items()))}
    dest.write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return lock


def lite_config(preload: list[str]) -> dict:
    return {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Agent 循环练习册",
            "litePluginSettings": {
                PLUGIN: {
                    "pyodideUrl": "./static/pyodide/pyodide.mjs",
                    "disablePyPIFallback": True,
                    "pipliteUrls": [],
                    "loadPyodideOptions": {"packages": preload},
                }
            },
        },
    }


# Compiles every .py under a folder to its __pycache__ .pyc with the browser's own CPython (Pyodide
# in Node): the host's Python is another version, and a .pyc is for one version only.
COMPILE_JS = """
import { loadPyodide } from %(core)s;
const py = await loadPyodide({ indexURL: %(index)s });
py.FS.mkdirTree("/wheels");
py.FS.mount(py.FS.filesystems.NODEFS, { root: %(root)s }, "/wheels");
py.runPython(`
import compileall, py_compile
compileall.compile_dir("/wheels", quiet=2, workers=1,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
"""


def precompile(wheels: list[Path], core: Path, cache: Path) -> list[Path]:
    """The pure-Python wheels again, each with its modules' bytecode for the browser's CPython
    added (`__pycache__/*.cpython-314.pyc`, unchecked-hash: valid whatever the unpacked files'
    times). Without it Pyodide compiles every module from source at each import, in every page
    load: a third of the kernel's boot and of lesson 00's first `import agentkit`. Cached by the
    wheel's sha256; compiled in one run of Node for the wheels not cached yet."""
    out = cache / "precompiled"
    out.mkdir(parents=True, exist_ok=True)
    done, todo = [], []
    for wheel in wheels:
        if not wheel.name.endswith("-none-any.whl"):
            done.append(wheel)
            continue
        digest = hashlib.sha256(wheel.read_bytes()).hexdigest()[:16]
        target = out / digest / wheel.name
        done.append(target)
        if not target.exists():
            todo.append((wheel, target))
    if todo:
        if not shutil.which("node"):
            raise BuildError(
                "node not found: the browser's bytecode is compiled by Pyodide in Node"
            )
        work = cache / "precompile-work"
        shutil.rmtree(work, ignore_errors=True)
        for wheel, _ in todo:
            with zipfile.ZipFile(wheel) as z:
                z.extractall(work / wheel.name)
        script = work / "compile.mjs"
        script.write_text(
            COMPILE_JS
            % {
                "core": json.dumps((core / "pyodide.mjs").resolve().as_uri()),
                "index": json.dumps(str(core.resolve()) + "/"),
                "root": json.dumps(str(work.resolve())),
            },
            encoding="utf-8",
        )
        run(["node", str(script)], "node (compiling the browser's bytecode)")
        for wheel, target in todo:
            target.parent.mkdir(parents=True, exist_ok=True)
            _repack(wheel, work / wheel.name, target)
        shutil.rmtree(work, ignore_errors=True)
    return done


def _repack(wheel: Path, unpacked: Path, target: Path) -> None:
    """`wheel`'s entries as they were, then the .pyc files compiled next to them."""
    with zipfile.ZipFile(wheel) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        names = set(src.namelist())
        for info in src.infolist():
            z.writestr(info, src.read(info))
        for pyc in sorted(unpacked.rglob("*.pyc")):
            name = pyc.relative_to(unpacked).as_posix()
            if name not in names:
                z.write(pyc, name)


def build(out: Path, cache: Path, contents: Path = ROOT / "notebooks") -> Path:
    venv = build_venv(cache)
    core = pyodide_core(cache)
    wheels = [
        p
        for p in sorted(browser_wheels(cache).glob("*.whl"))
        if canonicalize_name(p.name.split("-")[0]) not in DROP
    ]
    wheels += [workbook_wheel(cache), *kernel_wheels(venv)]
    wheels = precompile(wheels, core, cache)
    lite = cache / "lite-dir"
    shutil.rmtree(lite, ignore_errors=True)
    static = lite / "static" / "pyodide"
    static.mkdir(parents=True)
    for name in CORE:
        shutil.copy2(core / name, static / name)
    for wheel in wheels:
        shutil.copy2(wheel, static / wheel.name)
    write_lock(core / "pyodide-lock.json", wheels, static / "pyodide-lock.json")
    preload = PRELOAD + ["ipywidgets", "agentloop-workbook"]
    (lite / "jupyter-lite.json").write_text(
        json.dumps(lite_config(preload), ensure_ascii=False, indent=1), encoding="utf-8"
    )
    files = lite / "files"
    copy_contents(contents, files)
    shutil.rmtree(out, ignore_errors=True)
    run(
        [
            str(venv / "bin" / "jupyter"),
            "lite",
            "build",
            "--lite-dir",
            str(lite),
            "--output-dir",
            str(out.resolve()),
        ]
        + ["--contents", str(files), "--no-sourcemaps", "--apps", "lab", "--apps", "tree"],
        "jupyter lite build",
        cwd=lite,
    )
    return out


def copy_contents(contents: Path, files: Path) -> None:
    """The lessons as the site serves them: the lessons of agentkit.lessons.registry found in
    `contents` (and any other notebook there, as `registry.sources` lists them), each with its
    English twin in en/; not the text sources (src/) or the notes beside them. Every notebook is
    rewritten with each multiline string (a stored output's text, a cell's source) as one string,
    not a list of lines. JupyterLite hands the file to JupyterLab as it is, and JupyterLab shows a
    list's lines joined by "," (jupyterlite/jupyterlite#1105): a "," would start every line of
    every stored output."""
    for source in registry.sources(contents):
        for path in (source, source.parent / "en" / source.name):
            if path.exists():
                target = files / path.relative_to(contents)
                target.parent.mkdir(parents=True, exist_ok=True)
                nb = nbformat.read(path, as_version=4)
                target.write_text(nbformat.writes(nb, split_lines=False), encoding="utf-8")


def outside_urls(site: Path) -> list[str]:
    """Absolute http(s) URLs in the site's configuration files (a CDN would be one)."""
    found = []
    for path in site.rglob("jupyter-lite.json"):
        found += re.findall(r"https?://[^\"' ]+", path.read_text(encoding="utf-8"))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the workbook as a JupyterLite site.")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--cache", type=Path, default=ROOT / "build" / "lite-cache")
    args = parser.parse_args(argv)
    try:
        site = build(args.out.resolve(), args.cache.resolve())  # build runs tools in other dirs
    except BuildError as e:
        print(f"错误：{e}", file=sys.stderr)
        return 1
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file()) / 1e6
    print(f"JupyterLite 站点：{site}（{size:.0f} MB）")
    print(
        f"本机试用：python -m http.server -d {site} 8000，打开 http://127.0.0.1:8000/lab/index.html"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
