"""JupyterHub for a class on one machine: every student gets their own JupyterLab, the workbook
pre-installed (this Python environment, the same for everyone), their own copy of the lessons,
and nbgrader's exchange for handing work out and in.

    python -m jupyterhub -f classroom/jupyterhub/jupyterhub_config.py

Settings come from the environment (all optional):

    CLASSROOM_DIR        state: homes/, exchange/, the hub's database  (default ~/agentloop-classroom)
    CLASSROOM_BIND_URL   where the hub listens (default http://127.0.0.1:8000: loopback only;
                         http://0.0.0.0:8000 to let the classroom in, on purpose)
    CLASSROOM_USERS      comma-separated student names (default student01 … student30)
    CLASSROOM_TEACHER    the teacher's (admin) user name (default teacher)
    CLASSROOM_PASSWORD   the shared password; without it any password is accepted (a test set-up)
    CLASSROOM_NOTEBOOKS  the lessons copied into each new home (default: the student edition in
                         build/editions/student if built, else notebooks/)
    CLASSROOM_API_TOKEN  a token for the teacher's scripts (and tests): a service that may start
                         and stop servers and talk to them
    CONFIGURABLE_HTTP_PROXY  the proxy's command (npm's configurable-http-proxy)

The authenticator is JupyterHub's DummyAuthenticator (SharedPasswordAuthenticator when a password
is set) and the spawner the simple local one: every server runs as the hub's own OS user, each in
its own home folder. That is a classroom on a trusted LAN, not a public service; see README.md
for Zero to JupyterHub (Kubernetes), where each student gets a container.
"""

import os
import shutil
import sys
from pathlib import Path

c = get_config()  # noqa: F821

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
STATE = Path(os.environ.get("CLASSROOM_DIR", Path.home() / "agentloop-classroom")).resolve()
HOMES, EXCHANGE = STATE / "homes", STATE / "exchange"
for folder in (STATE, HOMES, EXCHANGE):
    folder.mkdir(parents=True, exist_ok=True)
EXCHANGE.chmod(0o777)  # nbgrader's exchange: every student writes their submission there

students = [
    s.strip()
    for s in os.environ.get(
        "CLASSROOM_USERS", ",".join(f"student{i:02d}" for i in range(1, 31))
    ).split(",")
    if s.strip()
]
teacher = os.environ.get("CLASSROOM_TEACHER", "teacher")
edition = REPO / "build" / "editions" / "student"
lessons = Path(
    os.environ.get("CLASSROOM_NOTEBOOKS", edition if edition.is_dir() else REPO / "notebooks")
)

c.JupyterHub.bind_url = os.environ.get("CLASSROOM_BIND_URL", "http://127.0.0.1:8000")
# The hub and the proxy's API stay on loopback, on the two ports after the public one.
port = int(c.JupyterHub.bind_url.rstrip("/").rsplit(":", 1)[1])
c.JupyterHub.hub_ip, c.JupyterHub.hub_port = "127.0.0.1", port + 1
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{port + 2}"
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")
proxy = os.environ.get("CONFIGURABLE_HTTP_PROXY") or shutil.which("configurable-http-proxy")
if proxy:
    c.ConfigurableHTTPProxy.command = [proxy]

if os.environ.get("CLASSROOM_PASSWORD"):
    c.JupyterHub.authenticator_class = "shared-password"
    c.SharedPasswordAuthenticator.user_password = os.environ["CLASSROOM_PASSWORD"]
else:
    c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allowed_users = set(students)
c.Authenticator.admin_users = {teacher}

c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(HOMES / "{username}")
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]  # the environment with the workbook
c.Spawner.default_url = "/lab"
if os.geteuid() == 0:  # a container or CI running everything as root (the spawner's own user)
    c.Spawner.args = ["--allow-root"]
c.Spawner.environment = {
    "AGENTKIT_OFFLINE": "1",  # the offline Claude; see the guide for the teacher-key proxy
    "JUPYTER_CONFIG_DIR": str(STATE / "jupyter-config"),
}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120

# nbgrader: one course, one exchange, seen by every server.
config_dir = STATE / "jupyter-config"
config_dir.mkdir(exist_ok=True)
(config_dir / "nbgrader_config.py").write_text(
    "c = get_config()  # noqa: F821\n"
    'c.CourseDirectory.course_id = "agentloop"\n'
    f"c.Exchange.root = {str(EXCHANGE)!r}\n",
    encoding="utf-8",
)


def pre_spawn_hook(spawner):
    """A new student's home gets the lessons; an existing one is left as the student left it."""
    home = Path(spawner.home_dir_template.format(username=spawner.user.name))
    home.mkdir(parents=True, exist_ok=True)
    target = home / "agentloop"
    if not target.exists() and lessons.is_dir():
        shutil.copytree(lessons, target, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))


c.Spawner.pre_spawn_hook = pre_spawn_hook

if os.environ.get("CLASSROOM_API_TOKEN"):
    c.JupyterHub.services = [{"name": "classroom", "api_token": os.environ["CLASSROOM_API_TOKEN"]}]
    c.JupyterHub.load_roles = [
        {
            "name": "classroom",
            "scopes": ["admin:users", "admin:servers", "access:servers", "list:users"],
            "services": ["classroom"],
        }
    ]
