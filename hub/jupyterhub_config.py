"""A JupyterHub for one class on one machine (a teacher's laptop or a school server): every
learner logs in with the class password (or her own token), gets her own Jupyter server in a
home folder of her own, and an nbgitpuller link pulls the lessons there and opens one; "Hand in
my results" writes into one shared hand-in folder that the teacher's ``ClassReport(folder)``
reads. Started from the project folder (README, "A class on a JupyterHub")::

    .venv/bin/jupyterhub -f hub/jupyterhub_config.py

Everything is set by environment variables (all optional):

``HORSERACE_HUB_ROOT``
    the class's folder (default ``hub/state`` in the project): the learners' homes in
    ``homes/<name>``, the hand-in folder ``handin``, the hub's database and cookie secret, and
    the class's notebook-signature store (``notary``).
``HORSERACE_HUB_PASSWORD``
    the class password (JupyterHub's ``SharedPasswordAuthenticator``: at least 8 characters;
    any name may log in with it). Without it, ``HORSERACE_HUB_TOKENS`` must name a file of
    ``name token`` lines: each learner logs in with her own name and token.
``HORSERACE_HUB_HANDIN``
    the hand-in folder (default ``<root>/handin``), set as ``HORSERACE_HANDIN`` for every
    learner's server.
``HORSERACE_HUB_IP``, ``HORSERACE_HUB_PORT``
    where the class connects (default ``127.0.0.1:8000``, this computer only; give the
    machine's address in the school network to let the class in).
``HORSERACE_HUB_MAX_SERVERS``
    the most learners' servers running at once (default 40; the next learner is asked to try
    again); ``HORSERACE_HUB_IDLE_MINUTES`` stops a server idle that long (default 60;
    jupyterhub-idle-culler, a hub service).
``HORSERACE_HUB_PROXY``
    the ``configurable-http-proxy`` command (default the one ``npm install --prefix hub/proxy``
    put in ``hub/proxy/node_modules/.bin``); ``HORSERACE_HUB_INTERNAL_PORTS`` two free ports
    for the hub's own API and the proxy's API (default 8081 and 8001).

**Trust.** The lessons' pictures are stored in them; JupyterLab shows them before anything is
run only in a trusted notebook, and a learner's server trusts a notebook whose signature is in
its signature store (nbformat's ``NotebookNotary``, documented with ``jupyter trust``). Every
learner's server here uses the class's store (``--NotebookNotary.db_file`` and
``--NotebookNotary.secret_file`` in ``<root>/notary``), and starting the hub signs the
project's lessons into it with ``jupyter trust``; so the lessons a learner pulls are trusted as
soon as they arrive. After changing a lesson, sign it again (README) — or restart the hub.

The local-process spawner gives no isolation between learners (they run as the user who starts
the hub and can read one another's folders): a class's machine, not a public server.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from jupyterhub.auth import Authenticator

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (JupyterHub's config loader)

PROJECT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
env = os.environ.get

root = Path(env("HORSERACE_HUB_ROOT") or PROJECT / "hub" / "state").expanduser().resolve()
homes = root / "homes"
handin = Path(env("HORSERACE_HUB_HANDIN") or root / "handin").expanduser().resolve()
notary = root / "notary"
for folder in (root, homes, handin, notary):
    folder.mkdir(parents=True, exist_ok=True)
os.chmod(notary, 0o700)

ip = env("HORSERACE_HUB_IP", "127.0.0.1")
port = int(env("HORSERACE_HUB_PORT", "8000"))
hub_port, api_port = (int(p) for p in env("HORSERACE_HUB_INTERNAL_PORTS", "8081 8001").split())

# ------------------------------------------------------------------ the hub and its proxy
c.JupyterHub.bind_url = f"http://{ip}:{port}"
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{hub_port}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{api_port}"
c.ConfigurableHTTPProxy.command = [
    env("HORSERACE_HUB_PROXY")
    or str(PROJECT / "hub" / "proxy" / "node_modules" / ".bin" / "configurable-http-proxy")]
c.JupyterHub.db_url = f"sqlite:///{root / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(root / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(root / "jupyterhub-proxy.pid")
c.JupyterHub.active_server_limit = int(env("HORSERACE_HUB_MAX_SERVERS", "40"))
c.JupyterHub.concurrent_spawn_limit = int(env("HORSERACE_HUB_MAX_SERVERS", "40"))

# ------------------------------------------------------------------ who may log in
tokens_file = env("HORSERACE_HUB_TOKENS")


class TokenAuthenticator(Authenticator):  # type: ignore[misc]
    """Each learner logs in with her own name and the token the teacher gave her (a file of
    ``name token`` lines, read at each login)."""

    async def authenticate(self, handler: object, data: dict[str, str]) -> str | None:
        name, given = data.get("username", ""), data.get("password", "")
        for line in Path(tokens_file or "").read_text(encoding="utf-8").splitlines():
            parts = line.split()
            if len(parts) == 2 and parts[0] == name and parts[1] == given:
                return name
        return None


if env("HORSERACE_HUB_PASSWORD"):
    c.JupyterHub.authenticator_class = "shared-password"
    c.SharedPasswordAuthenticator.user_password = env("HORSERACE_HUB_PASSWORD")
    c.Authenticator.allow_all = True
elif tokens_file:
    c.JupyterHub.authenticator_class = TokenAuthenticator
    c.Authenticator.allow_all = True
else:
    raise SystemExit("hub/jupyterhub_config.py: set HORSERACE_HUB_PASSWORD (the class password, "
                     "8 characters or more) or HORSERACE_HUB_TOKENS (a file of 'name token' "
                     "lines)")

# ------------------------------------------------------------------ the learners' servers
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(homes / "{username}")
c.Spawner.ip = "127.0.0.1"
c.Spawner.cmd = [str(BIN / "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab"
c.Spawner.environment = {"HORSERACE_HANDIN": str(handin),
                         "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
c.Spawner.args = [f"--NotebookNotary.db_file={notary / 'nbsignatures.db'}",
                  f"--NotebookNotary.secret_file={notary / 'notebook_secret'}"]
if os.geteuid() == 0:  # (as in many containers: Jupyter refuses to start as root without it)
    c.Spawner.args.append("--allow-root")
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120

# the lessons of this checkout, signed into the class's store (see Trust above)
subprocess.run([str(BIN / "jupyter"), "trust", *c.Spawner.args[:2],
                *map(str, sorted(PROJECT.glob("notebooks/**/*.ipynb")))],
               check=True, stdout=subprocess.DEVNULL)

# ------------------------------------------------------------------ idle culling
c.JupyterHub.load_roles = [{
    "name": "jupyterhub-idle-culler-role",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["jupyterhub-idle-culler-service"],
}]
c.JupyterHub.services = [{
    "name": "jupyterhub-idle-culler-service",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                f"--timeout={60 * int(env('HORSERACE_HUB_IDLE_MINUTES', '60'))}"],
}]
