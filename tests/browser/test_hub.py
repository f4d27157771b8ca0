"""A class on a real JupyterHub, end to end (issue 35): the repository's
``hub/jupyterhub_config.py`` started as the README starts it (JupyterHub, its
configurable-http-proxy, the idle culler), on 127.0.0.1 with free ports; the learners' homes and
the hand-in folder in a temporary folder; the servers run from this checkout's environment (the
package installed there); nbgitpuller's source is a git repository made from the checkout's
lessons, on disk.

Three learners, each in her own browser context of one Chromium, at once (every step is started
for the three, then waited for): they log in with the class password and follow the README's
nbgitpuller link; the lessons are pulled into each home and the Korean start lesson opens with
its stored picture shown as a picture before anything runs (the lessons are trusted: the hub's
configuration signs them into the class's signature store); they run it, hand in their results
(*Hand in my results*, shown because the hub sets ``HORSERACE_HANDIN``) and edit a cell of their
own; then the teacher changes the lesson in the repository, each follows the link again and
gets the change while her own edit stays; each opens the play lesson and places a tile by a tap.
The teacher's ``ClassReport(folder)`` reads the three hand-ins.

CI runs it in the ``browser`` stage (it is marked ``browser`` like every test of this folder, and
``hub``: ``-m hub`` runs it alone). It is its own ``xdist_group`` (``hub``), so with ``-n 2
--dist loadgroup`` it runs on one worker while the other worker runs the other groups; it needs
``hub/proxy`` (``npm install --prefix hub/proxy configurable-http-proxy``, as the README says),
and installs it there when it is missing and npm is present.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from horserace_nb.teaching.course import notebook
from horserace_nb.teaching.progress import handin_name, read_results
from horserace_nb.widgets import ClassReport
from horserace_nb.words.i18n import t

from .conftest import (
    KERNEL_TIMEOUT_MS,
    REPO,
    VIEWPORT,
    Frontend,
    PlayDriver,
    PlayResult,
    _loopback_only,
    free_port,
)

pytestmark = [pytest.mark.hub, pytest.mark.xdist_group("hub")]

LEARNERS = ("mina", "jun", "sora")
PASSWORD = "class-password-35"
PROXY = REPO / "hub" / "proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
START = "lab/tree/horserace_nb/notebooks/ko/00_start.ipynb"
PLAY = f"lab/tree/horserace_nb/notebooks/ko/{notebook('play')}"
TITLE = "# 경마 (Horse Race) — Jupyter에서 게임 배우기"
CHANGED = TITLE + " (선생님이 고친 제목)"
HUB_TIMEOUT = 60.0
DEFAULT_MS = 60_000
NOTEBOOK_CELLS = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell"
"""The cells of the notebook on show (another one open in the workspace is hidden)."""


def git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", "-c", "user.name=Teacher", "-c", "user.email=t@example.invalid",
                    *args], cwd=cwd, check=True, capture_output=True)


def pull_link(base: str, repo: Path, branch: str, urlpath: str) -> str:
    """The README's nbgitpuller link (repo, branch, urlpath; URL-encoded)."""
    query = urllib.parse.urlencode({"repo": str(repo), "branch": branch, "urlpath": urlpath})
    return f"{base}/hub/user-redirect/git-pull?{query}"


@dataclass
class Hub:
    url: str
    root: Path
    repo: Path
    handin: Path
    proc: subprocess.Popen[bytes]
    log: Path

    def home(self, name: str) -> Path:
        return self.root / "homes" / name

    def link(self, urlpath: str = START) -> str:
        return pull_link(self.url, self.repo, "main", urlpath)

    def log_text(self) -> str:
        text = self.log.read_text(encoding="utf-8", errors="replace")
        return text[-6000:]


def _ours(handin: Path) -> list[int]:
    """The PIDs of the learners' servers and kernels this hub started (their environment
    names this test's hand-in folder)."""
    mark = f"HORSERACE_HANDIN={handin}".encode()
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if mark in (entry / "environ").read_bytes().split(b"\0"):
                    pids.append(int(entry.name))
    return pids


def _stop(hub: Hub) -> None:
    """Stop the hub by its PID (it stops the proxy, the culler and the learners' servers), then
    whatever of this test's processes is left, each by its PID."""
    if hub.proc.poll() is None:
        hub.proc.send_signal(signal.SIGTERM)
        try:
            hub.proc.wait(timeout=5)  # (what it has not stopped by then is killed below)
        except subprocess.TimeoutExpired:
            hub.proc.kill()
            hub.proc.wait(timeout=10)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(hub.proc.pid, signal.SIGKILL)  # its group: the proxy and the culler
    for pid in _ours(hub.handin):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


def _proxy() -> Path:
    if not PROXY.exists():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("configurable-http-proxy is missing and npm is not there to install it "
                        "(npm install --prefix hub/proxy configurable-http-proxy)")
        subprocess.run([npm, "install", "--prefix", str(REPO / "hub" / "proxy"), "--no-fund",
                        "--no-audit", "configurable-http-proxy@5"], check=True,
                       capture_output=True, timeout=300)
    return PROXY


@contextlib.contextmanager
def running_hub(base: Path, *, max_servers: int = 10) -> Iterator[Hub]:
    """The README's hub for a class in *base*: the lessons' repository, the homes, the
    hand-in folder; stopped (by PID) on the way out."""
    pytest.importorskip("jupyterhub", reason="pip install -e '.[hub]'")
    pytest.importorskip("nbgitpuller", reason="pip install -e '.[hub]'")
    repo = base / "lessons" / "horserace_nb"  # the clone's folder is the repository's name
    shutil.copytree(REPO / "notebooks", repo / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    git("init", "-q", "-b", "main", cwd=repo)
    git("add", "-A", cwd=repo)
    git("commit", "-q", "-m", "the lessons", cwd=repo)
    root = base / "class"
    port, hub_port, api_port = free_port(), free_port(), free_port()
    env = {**os.environ, "HORSERACE_HUB_ROOT": str(root), "HORSERACE_HUB_PASSWORD": PASSWORD,
           "HORSERACE_HUB_PORT": str(port), "HORSERACE_HUB_INTERNAL_PORTS":
           f"{hub_port} {api_port}", "HORSERACE_HUB_MAX_SERVERS": str(max_servers),
           "HORSERACE_HUB_PROXY": str(_proxy())}
    log = base / "jupyterhub.log"
    bin_dir = Path(sys.executable).parent
    with log.open("wb") as out:
        proc = subprocess.Popen([str(bin_dir / "jupyterhub"), "-f",
                                 str(REPO / "hub" / "jupyterhub_config.py")],
                                cwd=base, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    hub = Hub(f"http://127.0.0.1:{port}", root, repo, root / "handin", proc, log)
    try:
        deadline = time.monotonic() + HUB_TIMEOUT
        while True:
            if proc.poll() is not None:
                pytest.fail(f"the hub stopped (exit {proc.returncode}):\n{hub.log_text()}")
            with contextlib.suppress(OSError), urllib.request.urlopen(
                    f"{hub.url}/hub/api/", timeout=2) as answer:
                if answer.status == 200:
                    break
            if time.monotonic() > deadline:
                pytest.fail(f"the hub did not answer in {HUB_TIMEOUT:.0f} s:\n{hub.log_text()}")
            time.sleep(0.2)
        yield hub
    finally:
        _stop(hub)


@dataclass
class _LabServer:
    """What conftest's Frontend and PlayDriver need of a server: JupyterLab."""

    kind: str = "lab"


class Learner:
    def __init__(self, browser: Any, hub: Hub, name: str) -> None:
        self.name = name
        self.hub = hub
        self.context = browser.new_context(viewport=VIEWPORT, locale="en-US", has_touch=True)
        self.context.set_default_timeout(DEFAULT_MS)
        self.page = self.context.new_page()
        self.page.route("**/*", _loopback_only)
        self.lab = Frontend(self.page, _LabServer())  # type: ignore[arg-type]

    def log_in(self) -> None:
        page = self.page
        page.goto(f"{self.hub.url}/hub/login")
        page.fill("#username_input", self.name)
        page.fill("#password_input", PASSWORD)
        page.click("#login_submit")
        page.wait_for_url("**/hub/**")

    def follow(self, link: str) -> None:
        self.page.goto(link, wait_until="commit")

    def wait_for(self, urlpath: str) -> None:
        self.page.wait_for_url(f"**/user/{self.name}/{urlpath}*", timeout=KERNEL_TIMEOUT_MS)
        self.page.locator(NOTEBOOK_CELLS).first.wait_for(timeout=KERNEL_TIMEOUT_MS)

    def cell(self, index: int) -> Any:
        return self.page.locator(NOTEBOOK_CELLS).nth(index)

    @property
    def start_file(self) -> Path:
        return self.hub.home(self.name) / "horserace_nb" / "notebooks" / "ko" / "00_start.ipynb"


def _cells(path: Path) -> list[str]:
    """The sources of a notebook's cells (none while it is being written)."""
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return ["".join(c["source"]) if isinstance(c["source"], list) else str(c["source"])
            for c in nb["cells"]]


def _first_source(path: Path) -> str:
    return (_cells(path) or [""])[0]


def _sources(path: Path) -> str:
    return "\n".join(_cells(path))


def test_a_class_on_a_jupyterhub(browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    with running_hub(tmp_path) as hub:
        learners = [Learner(browser, hub, name) for name in LEARNERS]
        try:
            _lesson_day(hub, learners, expect)
        except BaseException:
            print(hub.log_text())
            raise
        finally:
            for learner in learners:
                with contextlib.suppress(Exception):
                    learner.context.close()


def _lesson_day(hub: Hub, learners: list[Learner], expect: Any) -> None:
    began = time.monotonic()

    def step(what: str) -> None:
        print(f"hub test: {what} at {time.monotonic() - began:.1f} s", flush=True)

    # log in, follow the link: each home gets the lessons, the Korean start lesson opens
    for learner in learners:
        learner.log_in()
    for learner in learners:
        learner.follow(hub.link())
    for learner in learners:
        learner.wait_for(START)
        assert learner.start_file.is_file()
    step("lessons open")
    # its stored picture is a picture before anything runs: the lesson is trusted
    for learner in learners:
        # (untrusted, JupyterLab would show the picture's text description instead)
        picture = learner.cell(1).locator(".jp-OutputArea-output.jp-RenderedSVG img")
        expect(picture).to_be_visible()
        expect(learner.cell(1).locator(".jp-OutputArea-output.jp-RenderedText")).to_have_count(0)

    step("pictures checked")
    # run it; Hand in my results (shown: the hub names the hand-in folder)
    for learner in learners:
        learner.lab.wait_idle()
        learner.page.get_by_role("menuitem", name="Run", exact=True).click()
        learner.page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    button = t("progress.handin", "ko")
    for learner in learners:
        hand_in = learner.page.get_by_role("button", name=button)
        expect(hand_in).to_be_visible(timeout=KERNEL_TIMEOUT_MS)
        hand_in.click()
    for learner in learners:
        path = hub.handin / handin_name(learner.name)
        expect(learner.page.locator(".hr-progress")).to_contain_text(
            t("progress.handin_done", "ko", path=str(path)), timeout=KERNEL_TIMEOUT_MS)
        assert read_results(path.read_bytes()).learner == learner.name

    step("handed in")
    # her own edit to another cell (the Progress cell), saved
    for learner in learners:
        editor = learner.cell(3).locator(".cm-content")
        editor.click()
        learner.page.keyboard.press("Control+End")
        learner.page.keyboard.type(f"\n# {learner.name}의 메모")
        learner.page.keyboard.press("Control+s")
    for learner in learners:
        deadline = time.monotonic() + 30
        while f"# {learner.name}의 메모" not in _sources(learner.start_file):
            assert time.monotonic() < deadline, "the learner's edit was not saved"
            learner.page.wait_for_timeout(100)

    step("edits saved")
    # the teacher changes the lesson's first cell; the learners follow the link again
    changed = hub.repo / "notebooks" / "ko" / "00_start.ipynb"
    text = changed.read_text(encoding="utf-8")
    assert TITLE in text
    changed.write_text(text.replace(TITLE, CHANGED, 1), encoding="utf-8")
    git("commit", "-q", "-am", "a clearer title", cwd=hub.repo)
    for learner in learners:
        learner.follow(hub.link())
    for learner in learners:
        learner.wait_for(START)
        deadline = time.monotonic() + 30
        while not _first_source(learner.start_file).startswith(CHANGED):
            assert time.monotonic() < deadline, (
                f"{learner.name}: the change was not pulled: {_first_source(learner.start_file)}")
            learner.page.wait_for_timeout(100)
        assert f"# {learner.name}의 메모" in _sources(learner.start_file), "her edit was lost"

    step("change pulled")
    # the play lesson: run its first game and place a tile by a tap
    for learner in learners:
        learner.page.goto(f"{hub.url}/user/{learner.name}/{PLAY}?reset")
    for learner in learners:
        learner.wait_for(PLAY)
        learner.lab.wait_idle()
        learner.cell(1).locator(".jp-InputArea-editor").click()
        learner.page.keyboard.press("Shift+Enter")
    for learner in learners:
        _tap_a_tile(learner)

    step("tiles placed")
    # the teacher's report reads the three hand-ins
    report = ClassReport(str(hub.handin), lang="ko")
    assert sorted(report.data.learners()) == sorted(LEARNERS)
    assert not report.data.refused


def _tap_a_tile(learner: Learner) -> None:
    from playwright.sync_api import expect

    driver = PlayDriver(learner.page, learner.lab)
    driver.next_label, driver.draw_label = t("play.next", "ko"), t("play.draw", "ko")
    driver.wait_for_my_turn()
    before = driver.texts()
    tile = driver.root.locator(driver.PLAYABLE).first
    chosen = str(tile.get_attribute("data-tile"))
    tile.tap()
    lit = driver.root.locator(driver.LIT)
    expect(lit.first).to_be_visible()
    driver.settle(lit.first.tap)
    result = PlayResult(chosen, "", before, driver.texts())
    board = driver.root.locator(".hr-board")
    expect(board.locator(f"svg g.hr-svg-tile[data-tile='{chosen}']")).to_have_count(1)
    assert result.after["hand"] != result.before["hand"]
