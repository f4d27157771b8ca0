"""The hub's files (issue 35): ``hub/jupyterhub_config.py`` loaded as JupyterHub loads it (its
settings, its refusals, the lessons it trusts, the per-learner tokens) and, for a school's
Kubernetes hub, ``hub/z2jh-values.yaml`` and the user image's requirements, parsed and checked
(the Zero to JupyterHub chart itself cannot be installed here). No hub is started."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import pytest

from horserace_nb.teaching.course import notebook

REPO = Path(__file__).resolve().parents[2]
HUB = REPO / "hub"

pytest.importorskip("jupyterhub", reason="pip install -e '.[hub]'")


def load_config(monkeypatch: pytest.MonkeyPatch, **env: str) -> Any:
    from traitlets.config.loader import PyFileConfigLoader

    for name in list(os.environ):
        if name.startswith("HORSERACE_HUB_"):
            monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return PyFileConfigLoader("jupyterhub_config.py", path=str(HUB)).load_config()


def test_the_one_machine_hub_sets_homes_hand_in_culling_and_a_cap(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = load_config(monkeypatch, HORSERACE_HUB_ROOT=str(tmp_path), HORSERACE_HUB_PASSWORD="a"
                    * 10, HORSERACE_HUB_MAX_SERVERS="12", HORSERACE_HUB_IDLE_MINUTES="30")
    assert c.JupyterHub.bind_url == "http://127.0.0.1:8000"  # this computer only by default
    assert c.JupyterHub.authenticator_class == "shared-password"
    assert c.SharedPasswordAuthenticator.user_password == "a" * 10
    assert c.JupyterHub.spawner_class == "simple"
    assert c.SimpleLocalProcessSpawner.home_dir_template == str(tmp_path / "homes" /
                                                                "{username}")
    assert c.Spawner.environment["HORSERACE_HANDIN"] == str(tmp_path / "handin")
    assert (tmp_path / "handin").is_dir()
    assert c.JupyterHub.active_server_limit == 12
    [culler] = c.JupyterHub.services
    assert culler["command"][1:3] == ["-m", "jupyterhub_idle_culler"]
    assert "--timeout=1800" in culler["command"]
    [role] = c.JupyterHub.load_roles
    assert role["services"] == [culler["name"]] and "delete:servers" in role["scopes"]


def test_the_lessons_are_trusted_in_every_learners_server(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import nbformat
    from nbformat.sign import NotebookNotary

    c = load_config(monkeypatch, HORSERACE_HUB_ROOT=str(tmp_path),
                    HORSERACE_HUB_PASSWORD="class-password")
    settings = dict(arg[2:].split("=", 1) for arg in c.Spawner.args if "=" in arg)
    notary = NotebookNotary(db_file=settings["NotebookNotary.db_file"],
                            secret_file=settings["NotebookNotary.secret_file"])
    for lesson in (f"ko/{notebook('start')}", f"en/{notebook('play')}",
                   f"ja/{notebook('joining_spinners')}"):
        nb = nbformat.read(REPO / "notebooks" / lesson, as_version=4)
        assert notary.check_signature(nb), lesson
        nb.cells[0].source += " (changed)"
        assert not notary.check_signature(nb)  # only the lessons as they are


def test_without_a_password_or_tokens_the_hub_does_not_start(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(SystemExit, match="HORSERACE_HUB_PASSWORD"):
        load_config(monkeypatch, HORSERACE_HUB_ROOT=str(tmp_path))


def test_each_learner_logs_in_with_her_own_token(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    tokens = tmp_path / "tokens.txt"
    tokens.write_text("mina 7f3a-91bc\njun c0de-55aa\n", encoding="utf-8")
    c = load_config(monkeypatch, HORSERACE_HUB_ROOT=str(tmp_path / "class"),
                    HORSERACE_HUB_TOKENS=str(tokens))
    auth = c.JupyterHub.authenticator_class()

    def log_in(name: str, token: str) -> str | None:
        return asyncio.run(auth.authenticate(None, {"username": name, "password": token}))

    assert log_in("mina", "7f3a-91bc") == "mina"
    assert log_in("jun", "7f3a-91bc") is None  # another learner's token
    assert log_in("mina", "") is None and log_in("eve", "x") is None


# ------------------------------------------------------------------------------ Kubernetes
def test_the_z2jh_values_hand_in_pull_trust_and_cull() -> None:
    import yaml

    values = yaml.safe_load((HUB / "z2jh-values.yaml").read_text(encoding="utf-8"))
    single = values["singleuser"]
    handin = single["extraEnv"]["HORSERACE_HANDIN"]
    mounts = {m["mountPath"]: m["name"] for m in single["storage"]["extraVolumeMounts"]}
    volumes = {v["name"]: v for v in single["storage"]["extraVolumes"]}
    assert "persistentVolumeClaim" in volumes[mounts[handin]]  # one folder for the class
    command = " ".join(single["lifecycleHooks"]["postStart"]["exec"]["command"])
    assert "gitpuller " in command and "jupyter trust " in command
    assert command.index("gitpuller") < command.index("jupyter trust")  # pulled, then trusted
    assert values["cull"]["enabled"] is True and values["cull"]["timeout"] > 0
    config = values["hub"]["config"]
    assert config["JupyterHub"]["active_server_limit"] > 0
    assert config["JupyterHub"]["authenticator_class"] == "shared-password"
    assert single["defaultUrl"] == "/lab"


def test_the_user_image_has_the_package_and_nbgitpuller() -> None:
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    lines = [line.split("#")[0].strip() for line in
             (HUB / "user-image" / "requirements.txt").read_text(encoding="utf-8").splitlines()]
    names = {canonicalize_name(Requirement(line).name) for line in lines if line}
    assert {"horserace-nb", "nbgitpuller", "jupyterhub", "jupyterlab"} <= names
    dockerfile = (HUB / "user-image" / "Dockerfile").read_text(encoding="utf-8")
    assert "requirements.txt" in dockerfile
