"""Benchmark: one Voilà server for a whole class: N learners open the classroom page at once.

For each class size (``--learners 20 30``) and each way of running the server (``plain``: a
kernel started and the notebook run for every page; ``preheated``: ``voila
--preheat_kernel=True --pool_size=N``, N kernels started and the notebook run before anyone
comes), prints

- the seconds from the moment N Chromium pages ask for the classroom page together until
  each, and every one, shows its board (median and last) (``--clients browser``); the N
  browsers draw on the server's cores too, so also
- the seconds until N plain HTTP requests have each had the whole page back, the notebook run
  by its kernel (``--clients http``): the server's share, as when the learners' own devices
  draw the pages;
- for preheated servers, the seconds the pool took to be ready before that;
- the memory of each kernel (PSS, MiB: its share of memory it shares with others), and of the
  server;
- the load average with every figure (on a shared machine every figure grows with it).

Everything stays on 127.0.0.1; the server is stopped by its PID after each measure (and any
kernel it leaves, by theirs). Bounded: at most 40 learners, 180 s a page.

Run: .venv/bin/python tests/benchmarks/bench_voila.py [--learners 20 30] [--modes plain preheated]
[--clients browser http]
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))
from browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

from horserace_nb.teaching.course import notebook  # noqa: E402

NOTEBOOK = REPO / "notebooks" / "en" / notebook("classroom")
MAX_LEARNERS = 40
PAGE_TIMEOUT_MS = 180_000
BOARD = ".hr-play .hr-board svg.hr-svg-horserace"
"""The match's board (the classroom's first board in the page can be the hidden worked example's:
waiting for it to be visible timed out whatever the load, until this named the play tab's)."""
POOL_TIMEOUT_S = 600.0


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def children(parent: int) -> list[int]:
    """The processes *parent* started (the server's kernels: each in a session of its own)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:
            found.append(int(entry.name))
    return found


def pss_mib(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def cpu_ticks(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total


class Voila:
    """A Voilà server on 127.0.0.1 showing the classroom notebook, with its own Jupyter dirs."""

    def __init__(self, base: Path, extra: list[str]) -> None:
        self.base = base
        self.port = free_port()
        root = base / "root"
        for name in ("home", "config", "data", "runtime", "ipython", "root"):
            (base / name).mkdir(parents=True, exist_ok=True)
        (base / "config" / "jupyter_server_config.json").write_text(json.dumps(
            {"ServerApp": {"jpserver_extensions": {"jupyter_server_terminals": False}}}))
        shutil.copyfile(NOTEBOOK, root / NOTEBOOK.name)
        shutil.copyfile(REPO / "voila.json", root / "voila.json")  # as run from the project
        env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "IPYTHON"))}
        env.update(HOME=str(base / "home"), JUPYTER_CONFIG_DIR=str(base / "config"),
                   JUPYTER_DATA_DIR=str(base / "data"), JUPYTER_RUNTIME_DIR=str(base / "runtime"),
                   IPYTHONDIR=str(base / "ipython"), PYTHONUNBUFFERED="1")
        self.log = (base / "voila.log").open("wb")
        self.seen: set[int] = set()  # every kernel seen, to stop any it leaves behind
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "voila", str(root / NOTEBOOK.name), "--no-browser",
             f"--port={self.port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0", *extra],
            cwd=root, env=env, stdout=self.log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and self.proc.poll() is None:
            try:
                with urllib.request.urlopen(f"{self.url}/voila/static/__ping__", timeout=2):
                    break
            except urllib.error.HTTPError:
                break
            except (urllib.error.URLError, OSError):
                time.sleep(0.2)
        else:
            self.stop()
            raise SystemExit(f"voila did not start: see {base / 'voila.log'}")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def kernels(self) -> list[int]:
        found = children(self.proc.pid)
        self.seen.update(found)
        return found

    def wait_for_pool(self, size: int) -> float:
        """Seconds until *size* kernels run and have been idle (no CPU used) for 5 s."""
        started = time.monotonic()
        last, quiet_since = -1, time.monotonic()
        while time.monotonic() - started < POOL_TIMEOUT_S:
            pids = self.kernels()
            ticks = cpu_ticks(pids)
            if ticks != last:
                last, quiet_since = ticks, time.monotonic()
            elif len(pids) >= size and time.monotonic() - quiet_since >= 5.0:
                return quiet_since - started
            time.sleep(0.25)
        raise SystemExit(f"the pool of {size} kernels was not ready in {POOL_TIMEOUT_S:.0f} s")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        for pid in sorted(self.seen):  # kernels it left behind, by their PIDs
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        self.log.close()


async def open_all(url: str, learners: int,
                   server: Voila) -> tuple[list[float], dict[int, float]]:
    """N pages ask for the page at once; the seconds until each shows its board, and the PSS
    of the server's kernels while the pages are open (Voilà stops a page's kernel when it
    closes)."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                   args=CHROMIUM_ARGS)

        async def loopback(route: object) -> None:
            request_url = route.request.url  # type: ignore[attr-defined]
            if request_url.startswith(("http://127.0.0.1", "data:", "blob:", "about:")):
                await route.continue_()  # type: ignore[attr-defined]
            else:
                await route.abort()  # type: ignore[attr-defined]

        pages = []
        for _ in range(learners):  # a context (a window of its own) for each learner
            context = await browser.new_context(viewport={"width": 1000, "height": 900})
            await context.route("**/*", loopback)
            pages.append(await context.new_page())
        started = time.perf_counter()

        async def one(page: object) -> float:
            """Seconds until the board shows, or ``inf`` (and what the page says instead)."""
            try:
                await page.goto(url, timeout=PAGE_TIMEOUT_MS)  # type: ignore[attr-defined]
                await page.locator(BOARD).first.wait_for(  # type: ignore[attr-defined]
                    timeout=PAGE_TIMEOUT_MS)
            except Exception as err:  # a page without its board is a figure too
                said = ""
                with contextlib.suppress(Exception):
                    said = (await page.inner_text("body"))[:160]  # type: ignore[attr-defined]
                print(f"    a page showed no board: {type(err).__name__}; it shows "
                      f"{said!r}", flush=True)
                return float("inf")
            return time.perf_counter() - started

        times = await asyncio.gather(*(one(page) for page in pages))
        memory = {pid: pss_mib(pid) for pid in server.kernels()}
        await browser.close()
    return list(times), memory


def fetch_all(url: str, learners: int,
              server: Voila) -> tuple[list[float], dict[int, float]]:
    """N plain HTTP requests for the page at once, no browser: the seconds until each whole
    page has come back (Voilà sends the end of the page once its kernel has run the notebook),
    so the server's own share, without N browsers drawing on the same cores."""
    started = time.perf_counter()

    def one(_: int) -> float:
        try:
            with urllib.request.urlopen(url, timeout=PAGE_TIMEOUT_MS / 1000) as answer:
                body = answer.read()
        except OSError as err:
            print(f"    a page did not come back: {type(err).__name__}", flush=True)
            return float("inf")
        if b"widget-view+json" not in body:  # the classroom widget is in the page
            print("    a page came back without the classroom's output", flush=True)
            return float("inf")
        return time.perf_counter() - started

    with concurrent.futures.ThreadPoolExecutor(learners) as pool:
        times = list(pool.map(one, range(learners)))
    return times, {pid: pss_mib(pid) for pid in server.kernels()}


def measure(learners: int, mode: str, clients: str = "browser") -> None:
    extra = ["--preheat_kernel=True", f"--pool_size={learners}"] if mode == "preheated" \
        else ["--pool_size=0"]
    with tempfile.TemporaryDirectory(prefix="bench-voila-") as tmp:
        server = Voila(Path(tmp), extra)
        try:
            pool = ""
            if mode == "preheated":
                pool = f"pool ready after {server.wait_for_pool(learners):5.1f} s (load " \
                       f"{load()}); "
            if clients == "http":
                times, pss = fetch_all(f"{server.url}/", learners, server)
            else:
                times, pss = asyncio.run(open_all(f"{server.url}/", learners, server))
            kernels, memory = list(pss), list(pss.values()) or [0.0]
            shown = [x for x in times if x != float("inf")]
            what = "pages served" if clients == "http" else "boards shown"
            print(f"{learners:>3} learners, {mode:<9}, {clients:<7}: {pool}{len(shown)} {what}, "
                  f"median {statistics.median(times):5.1f} s, last {max(shown or [0]):5.1f} s; "
                  f"{len(kernels)} kernels, PSS {min(memory):.0f}–{max(memory):.0f} MiB each, "
                  f"{sum(memory):.0f} MiB in all; server {pss_mib(server.proc.pid):.0f} MiB; "
                  f"load {load()}", flush=True)
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, nargs="+", default=[20, 30])
    parser.add_argument("--modes", nargs="+", default=["plain", "preheated"],
                        choices=["plain", "preheated"])
    parser.add_argument("--clients", nargs="+", default=["browser", "http"],
                        choices=["browser", "http"],
                        help="browser: Chromium pages until the board shows; http: plain "
                             "requests until the page has come back (the server's share)")
    args = parser.parse_args()
    if any(not 1 <= n <= MAX_LEARNERS for n in args.learners):
        parser.error(f"--learners: 1 to {MAX_LEARNERS}")
    print(f"load average at start: {load()} ({os.cpu_count()} cores)")
    for learners in args.learners:
        for mode in args.modes:
            for clients in args.clients:
                measure(learners, mode, clients)


if __name__ == "__main__":
    main()
