"""classroom/jupyterhub/: the hub on loopback with two students, each with their own JupyterLab,
the workbook importable in it, their own copy of the lessons and nbgrader's exchange.

Needs jupyterhub (pip install -e ".[classroom]") and npm's configurable-http-proxy (.ci/run
installs it into build/chp); skipped, saying so, where either is missing."""

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest

pytestmark = pytest.mark.slow  # a real JupyterHub: the full tier

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "classroom" / "jupyterhub" / "jupyterhub_config.py"
CHP = next(
    (
        str(p)
        for p in (
            os.environ.get("CONFIGURABLE_HTTP_PROXY"),
            ROOT / "build" / "chp" / "node_modules" / ".bin" / "configurable-http-proxy",
            shutil.which("configurable-http-proxy"),
        )
        if p and Path(p).exists()
    ),
    None,
)
TOKEN = "classroom-test-token-0123456789abcdef"


def free_port() -> int:
    """A port whose next two are free too (the hub and the proxy's API use them)."""
    for _ in range(50):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        try:
            for p in (port + 1, port + 2):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", p))
            return port
        except OSError:
            continue
    raise RuntimeError("no three free ports in a row")


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    pytest.importorskip("jupyterhub", reason='pip install -e ".[classroom]"')
    if CHP is None:
        pytest.skip("configurable-http-proxy not found: npm install configurable-http-proxy")
    state = tmp_path_factory.mktemp("classroom")
    port = free_port()
    env = {
        **os.environ,
        "CLASSROOM_DIR": str(state),
        "CLASSROOM_BIND_URL": f"http://127.0.0.1:{port}",
        "CLASSROOM_USERS": "alice,bob",
        "CLASSROOM_NOTEBOOKS": str(ROOT / "notebooks"),
        "CLASSROOM_API_TOKEN": TOKEN,
        "CONFIGURABLE_HTTP_PROXY": CHP,
    }
    log = (state / "hub.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)],
        cwd=state,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    client = httpx2.Client(base_url=url, headers={"Authorization": f"token {TOKEN}"}, timeout=30)
    try:
        for _ in range(120):
            try:
                if client.get("/hub/api/").status_code == 200:
                    break
            except httpx2.HTTPError:
                pass
            if proc.poll() is not None:
                pytest.fail((state / "hub.log").read_text()[-3000:])
            time.sleep(0.5)
        yield client, state
    finally:
        for user in ("alice", "bob"):
            try:
                client.delete(f"/hub/api/users/{user}/server")
            except httpx2.HTTPError:
                pass
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
        client.close()


def start_server(client, user: str) -> None:
    r = client.post(f"/hub/api/users/{user}/server")
    assert r.status_code in (201, 202), r.text
    for _ in range(240):
        server = client.get(f"/hub/api/users/{user}").json()["servers"].get("")
        if server and server["ready"]:
            return
        time.sleep(0.5)
    raise AssertionError(f"{user}'s server did not start")


def test_two_students_each_get_their_own_lab_with_the_workbook(hub):
    client, state = hub
    users = {u["name"] for u in client.get("/hub/api/users").json()}
    assert {"alice", "bob", "teacher"} <= users  # allowed users and the admin exist from the start
    for user in ("alice", "bob"):
        start_server(client, user)
    for user in ("alice", "bob"):
        lessons = client.get(f"/user/{user}/api/contents/agentloop").json()["content"]
        assert "01_one_request.ipynb" in {f["name"] for f in lessons}
        assert (state / "homes" / user / "agentloop" / "07_your_loop.ipynb").exists()
    # alice's work is hers: a file she saves is not in bob's home.
    note = {"type": "file", "format": "text", "content": "alice was here"}
    assert client.put("/user/alice/api/contents/mine.txt", json=note).status_code == 201
    assert client.get("/user/bob/api/contents/mine.txt").status_code == 404
    # The workbook runs in each student's kernel environment, offline.
    kernels = client.get("/user/bob/api/kernelspecs").json()
    assert "python3" in kernels["kernelspecs"]
    # nbgrader's exchange is shared, and every server is told where it is.
    nbgrader_config = (state / "jupyter-config" / "nbgrader_config.py").read_text()
    assert str(state / "exchange") in nbgrader_config
    assert oct((state / "exchange").stat().st_mode)[-3:] == "777"


def test_only_students_on_the_class_list_can_log_in(hub):
    client, _ = hub

    def login(name: str) -> httpx2.Response:
        with httpx2.Client(base_url=client.base_url, timeout=30) as browser:
            browser.get("/hub/login")
            xsrf = browser.cookies.get("_xsrf")
            return browser.post(
                "/hub/login?next=",
                data={"username": name, "password": "any", "_xsrf": xsrf},
                follow_redirects=False,
            )

    assert login("alice").status_code == 302  # the dummy authenticator: on the list, let in
    refused = login("mallory")
    assert refused.status_code == 403 and "mallory" not in client.get("/hub/api/users").text
