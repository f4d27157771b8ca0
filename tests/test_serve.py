"""The class's Voilà server, ``python -m horserace_nb.serve`` (issue 28 item 7): every page behind
a key, a limit on kernels, idle kernels culled in minutes.

The server is started as a teacher starts it (from the project's folder, so ``voila.json`` is
read), on 127.0.0.1 with short idle times, and asked over plain HTTP (and one websocket, as an
open page holds one); no browser. It is stopped by its PID.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import datetime as dt
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import pytest

from horserace_nb.serve import ClassKernelManager, full_text
from horserace_nb.serve.command import (
    CLASS_PAGE,
    TOKEN_LENGTH,
    TOKEN_LETTERS,
    check_token,
    class_urls,
    main,
    new_token,
    voila_argv,
)
from horserace_nb.serve.command import (
    MAX_KERNELS as COMMAND_MAX_KERNELS,
)
from horserace_nb.teaching.course import title
from horserace_nb.words.i18n import t

REPO = Path(__file__).resolve().parents[1]
IDLE_MINUTES = 0.04  # 2.4 s: rounded to 2 s, checked every second
OPEN_IDLE_MINUTES = 0.25  # 15 s
MAX_KERNELS = 2
WAIT = 90.0  # seconds: a shared 2-core machine under load is slow to start kernels


# --------------------------------------------------------------------------- without a server
def test_a_new_key_is_random_readable_and_fits_an_address() -> None:
    keys = {new_token() for _ in range(200)}
    assert len(keys) == 200
    assert all(len(k) == TOKEN_LENGTH and set(k) <= set(TOKEN_LETTERS) for k in keys)
    assert check_token("class-3b_2026") == "class-3b_2026"
    for bad in ("short", "with space 1", "a" * 65, "key?token=x", ""):
        with pytest.raises(Exception, match="the token is 8 to 64 letters"):
            check_token(bad)


def test_the_voila_command_line_holds_the_key_the_limit_and_the_culling() -> None:
    argv = voila_argv(Path("notebooks"), ip="0.0.0.0", port=8866, token="abcdefgh23",
                      max_kernels=30, idle_minutes=5, open_idle_minutes=30, lang="ko",
                      extra=["--Voila.base_url=/class/"])
    assert argv[0] == "notebooks" and argv[-1] == "--Voila.base_url=/class/"
    assert {"--Voila.token=abcdefgh23", "--ClassKernelManager.max_kernels=30",
            "--MappingKernelManager.cull_idle_timeout=300",
            "--MappingKernelManager.cull_interval=60",
            "--MappingKernelManager.cull_connected=True",
            "--ClassKernelManager.open_idle_timeout=1800",
            "--VoilaConfiguration.multi_kernel_manager_class="
            "horserace_nb.serve.kernels.ClassKernelManager"} <= set(argv)
    assert "--MappingKernelManager.cull_interval=1" in voila_argv(
        Path("x"), ip="127.0.0.1", port=1, token="abcdefgh23", max_kernels=1,
        idle_minutes=0.04, open_idle_minutes=1, lang="en")


def test_the_addresses_to_hand_out_hold_the_key(tmp_path: Path) -> None:
    for lang in ("en", "ja"):
        (tmp_path / lang).mkdir()
        (tmp_path / lang / CLASS_PAGE).write_text("{}", encoding="utf-8")
    assert class_urls(tmp_path, "192.168.1.20", 8866, "abcdefgh23") == [
        ("en", f"http://192.168.1.20:8866/voila/render/en/{CLASS_PAGE}?token=abcdefgh23"),
        ("ja", f"http://192.168.1.20:8866/voila/render/ja/{CLASS_PAGE}?token=abcdefgh23")]
    assert class_urls(tmp_path, "::1", 80, "k" * 8, "/class")[0][1].startswith(
        "http://[::1]:80/class/voila/render/en/")


def test_a_full_class_is_told_in_the_pages_language() -> None:
    assert full_text("ko", 30) == [("ko", t("serve.full", "ko", max=30))]
    assert "30" in full_text("ko", 30)[0][1]
    assert [lang for lang, _ in full_text(None, 3)] == ["en", "ko", "ja"]
    assert [lang for lang, _ in full_text("../x", 3)] == ["en", "ko", "ja"]


@pytest.mark.parametrize("args", [["--max-kernels", "0"], ["--max-kernels", "many"],
                                  ["--idle-minutes", "-1"], ["--idle-minutes", "nan"],
                                  ["--port", "70000"], ["--token", "a b"], ["--lang", "fr"],
                                  ["no-such-folder-here"]])
def test_bad_arguments_are_refused_naming_them(args: list[str],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    name = args[0].lstrip("-") if args[0].startswith("--") else "folder"
    assert name.split("-")[0] in err.replace("_", "-"), err


def test_the_readme_gives_the_class_command_and_no_open_voila() -> None:
    """The README's class command is this one; no Voilà command there listens on every
    address without a key."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "python -m horserace_nb.serve" in readme
    for command in re.findall(r"```sh\n(.*?)```", readme, flags=re.S):
        if "voila" in command and "horserace_nb.serve" not in command:
            assert "0.0.0.0" not in command, command


# --------------------------------------------------------------------------- the server
@dataclass
class ClassServer:
    proc: subprocess.Popen[bytes]
    log: Path
    urls: dict[str, str]
    token: str
    base: str
    kernels: list[str] = field(default_factory=list)

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def get(self, path: str, *, token: bool = True) -> tuple[int, str, str]:
        """(status, Location header, body) of a GET, redirects not followed."""
        url = self.base + path
        if token:
            url += ("&" if "?" in url else "?") + "token=" + self.token
        request = urllib.request.Request(url)
        opener = urllib.request.build_opener(_NoRedirect())
        try:
            with opener.open(request, timeout=WAIT) as response:
                return response.status, "", response.read().decode("utf-8")
        except urllib.error.HTTPError as err:
            return err.code, err.headers.get("Location", ""), err.read().decode("utf-8")

    def render(self, path: str) -> tuple[int, str]:
        status, _, body = self.get(f"/voila/render/{path}")
        found = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', body)
        if found:
            self.kernels.append(found.group(1))
        return status, body

    def alive(self, kernel: str) -> bool:
        status, _, _ = self.get(f"/api/kernels/{kernel}")
        assert status in (200, 404), status
        return status == 200

    def wait_until(self, check: Callable[[], bool], what: str, limit: float = WAIT) -> float:
        start = time.monotonic()
        while not check():
            assert time.monotonic() - start < limit, f"{what}: not within {limit} s\n" + \
                self.log_text()[-3000:]
            time.sleep(0.25)
        return time.monotonic() - start


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def _tiny_notebook(path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("1 + 1")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))


@pytest.fixture(scope="module")
def class_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassServer]:
    base = tmp_path_factory.mktemp("serve")
    root = base / "notebooks"
    (root / "en").mkdir(parents=True)
    shutil.copyfile(REPO / "notebooks" / "en" / CLASS_PAGE, root / "en" / CLASS_PAGE)
    _tiny_notebook(root / "ko" / "tiny.ipynb")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "IPYTHON"))}
    for name in ("home", "config", "data", "runtime", "ipython"):
        (base / name).mkdir()
    env.update(HOME=str(base / "home"), JUPYTER_CONFIG_DIR=str(base / "config"),
               JUPYTER_DATA_DIR=str(base / "data"), JUPYTER_RUNTIME_DIR=str(base / "runtime"),
               IPYTHONDIR=str(base / "ipython"), PYTHONUNBUFFERED="1")
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))  # a port nobody holds now
        port = int(sock.getsockname()[1])
    log = base / "serve.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "horserace_nb.serve", str(root), "--ip", "127.0.0.1",
             "--port", str(port), "--max-kernels", str(MAX_KERNELS),
             "--idle-minutes", str(IDLE_MINUTES), "--open-idle-minutes",
             str(OPEN_IDLE_MINUTES), "--", "--no-browser"],  # (the addresses still printed)
            cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True)
    try:
        start = time.monotonic()
        while "?token=" not in (text := log.read_text(errors="replace")) or \
                "Ctrl+C" not in text:
            assert proc.poll() is None, f"the server stopped:\n{text}"
            assert time.monotonic() - start < WAIT, f"no address printed:\n{text}"
            time.sleep(0.2)
        urls = dict(re.findall(r"^  (\S+): (http://\S+)$", text, flags=re.M))
        token = re.findall(r"\?token=([A-Za-z0-9_-]+)", urls["English"])[0]
        yield ClassServer(proc, log, urls, token, f"http://127.0.0.1:{port}")
    finally:
        proc.send_signal(signal.SIGTERM)  # Voilà shuts its kernels down, then exits
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # the group of the PID started here
            proc.wait(timeout=10)


def test_the_printed_address_opens_the_classroom_page_and_nothing_opens_without_the_key(
        class_server: ClassServer) -> None:
    server = class_server
    assert server.urls["English"] == (f"{server.base}/voila/render/en/{CLASS_PAGE}"
                                      f"?token={server.token}")
    assert len(server.token) == TOKEN_LENGTH
    started = server.log_text().count("Kernel started")
    for path in (f"/voila/render/en/{CLASS_PAGE}", "/voila/render/ko/tiny.ipynb", "/",
                 "/voila/tree/en", f"/voila/files/en/{CLASS_PAGE}"):
        status, location, body = server.get(path, token=False)
        assert status in (302, 403), (path, status)
        assert status == 403 or location.startswith("/login"), location
        assert "kernelId" not in body
    status, location, _ = server.get(f"/voila/render/en/{CLASS_PAGE}?token=wrong-key-123",
                                     token=False)
    assert status in (302, 403)
    assert server.log_text().count("Kernel started") == started  # no kernel for them
    with urllib.request.urlopen(server.urls["English"], timeout=WAIT) as response:
        body = response.read().decode("utf-8")
    assert response.status == 200
    assert "application/vnd.jupyter.widget-view+json" in body  # Classroom(lang=LANG)
    assert title("play", "en") in body  # the navigation line: back to the play lesson


def test_a_kernel_no_page_uses_is_culled_and_an_open_pages_kept(
        class_server: ClassServer) -> None:
    server = class_server
    status, _ = server.render("ko/tiny.ipynb")
    assert status == 200
    bare = server.kernels[-1]
    took = server.wait_until(lambda: not server.alive(bare), "a bare request's kernel culled")
    assert took < 15  # idle 2 s, checked every second
    status, _ = server.render("ko/tiny.ipynb")
    held = server.kernels[-1]

    async def hold_page() -> tuple[bool, bool]:
        from tornado.websocket import websocket_connect

        ws = server.base.replace("http", "ws", 1)
        connection = await websocket_connect(
            f"{ws}/api/kernels/{held}/channels?session_id=test&token={server.token}")
        await asyncio.sleep(IDLE_MINUTES * 60 + 3)  # past the idle time and a check
        kept = await asyncio.to_thread(server.alive, held)
        connection.close()
        await asyncio.sleep(0)
        return kept, True

    kept, _ = asyncio.run(hold_page())
    assert kept, "the kernel of an open page was culled after the short idle time"
    took = server.wait_until(lambda: not server.alive(held), "the closed page's kernel culled")
    assert took < 15  # idle 2 s, checked every second


def test_past_the_limit_a_page_is_answered_in_its_language_and_starts_nothing(
        class_server: ClassServer) -> None:
    server = class_server
    server.wait_until(lambda: not any(server.alive(k) for k in server.kernels),
                      "earlier kernels culled")
    started = server.log_text().count("Kernel started")
    with concurrent.futures.ThreadPoolExecutor(MAX_KERNELS + 1) as pool:
        answers = list(pool.map(lambda _: server.render("ko/tiny.ipynb"),
                                range(MAX_KERNELS + 1)))
    statuses = sorted(status for status, _ in answers)
    assert statuses == [200] * MAX_KERNELS + [503], statuses
    refused = next(body for status, body in answers if status == 503)
    sentence = t("serve.full", "ko", max=MAX_KERNELS)
    assert f'<p lang="ko" style="font-size: 1.25em">{sentence}</p>' in refused
    assert server.log_text().count("Kernel started") == started + MAX_KERNELS
    # the limit frees as the idle kernels are culled
    server.wait_until(lambda: not any(server.alive(k) for k in server.kernels),
                      "the class's kernels culled")
    assert server.render("ko/tiny.ipynb")[0] == 200


def test_the_kernel_managers_limits_are_settings() -> None:
    """``--ClassKernelManager.max_kernels`` and ``.open_idle_timeout`` are Voilà settings,
    the limit's default the command's."""
    traits = ClassKernelManager.class_traits(config=True)
    assert {"max_kernels", "open_idle_timeout", "cull_idle_timeout"} <= set(traits)
    assert traits["max_kernels"].default_value == COMMAND_MAX_KERNELS


@pytest.mark.parametrize("state, connections, culled", [
    ("starting", 0, False),   # still starting (a page being rendered on a busy machine): kept
    ("idle", 1, False),       # a page still open, idle less than open_idle_timeout: kept
    ("idle", 0, True),        # no page uses it: culled on cull_idle_timeout, as jupyter_server
    ("busy", 0, True),        # (jupyter_server's own rules decide, busy included)
])
def test_a_kernel_still_starting_is_not_culled_on_the_short_timeout(
        monkeypatch: pytest.MonkeyPatch, state: str, connections: int, culled: bool) -> None:
    """A kernel whose page Voilà is still rendering has no connection yet; culled on the short
    idle timeout before it answered, it left the page hanging (seen under load in CI)."""
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

    asked: list[str] = []

    async def cull(_self: object, kernel_id: str) -> None:
        asked.append(kernel_id)

    class Kernel:
        last_activity = dt.datetime.now(dt.timezone.utc)

    manager = ClassKernelManager(open_idle_timeout=1800)
    monkeypatch.setattr(MappingKernelManager, "cull_kernel_if_idle", cull)
    monkeypatch.setattr(ClassKernelManager, "__contains__", lambda _self, _k: True)
    monkeypatch.setattr(ClassKernelManager, "get_kernel", lambda _self, _k: Kernel())
    monkeypatch.setattr(ClassKernelManager, "kernel_model", lambda _self, k: {
        "id": k, "execution_state": state, "connections": connections})
    asyncio.run(manager.cull_kernel_if_idle("k1"))
    assert asked == (["k1"] if culled else [])
