"""Benchmark: the JupyterLite classroom site's start (goals: first board <= 8 s after the page
load with a cold browser cache, <= 6 s for a second notebook, on this 2-core machine).

Prints

- the build time of ``python -m horserace_nb.lite build`` (``--cold-build``: with a fresh, empty
  download cache too) and the site's size, and what takes the room;
- in Debian Chromium, from a loopback static server, with every outside request aborted, the
  seconds from the page load to: the notebook shown, the kernel's worker started (the page's
  first Web Worker: the Pyodide kernel's), the kernel ready (idle and connected, asked of the
  app's current notebook through ``window.jupyterapp``: the same test in JupyterLab and in the
  notebook app), ``import horserace_nb`` done (the kernel's own clock) and the first board
  drawn, after Run All Cells on a probe notebook (``bench/first_board.ipynb``: one cell
  ``import horserace_nb``, one cell a :class:`~horserace_nb.widgets.PlayWidget`), and what the
  import took inside the kernel;
  **cold**: a fresh browser profile each time (nothing cached); **warm**: then a second
  notebook (``bench/second_board.ipynb``, the same cells) in the same profile (the site's
  files and the compiled WebAssembly cached: requests are not routed, which would switch
  Playwright's HTTP cache off; other hosts are unreachable through a closed proxy instead;
  the site's storage cleared in between, else JupyterLab reopens the first notebook too and
  starts two kernels); **next** (in sites built with the third probe notebook): after the cold
  run, in the same JupyterLab, a third notebook (``bench/next_board.ipynb``) opened as a link
  from one lesson to the next opens it, a tab beside the first (times from the click); and how
  many requests the kernel made about the browser's storage
  (``drive``: look-ups in the notebook's folder, its current folder, each a round trip through
  the service worker to the page) until it was ready;
- the median of ``--repeat`` runs (default 3) of each, and the load average with every run:
  on a shared machine every figure grows with it.

``--app lab`` / ``--app notebooks`` (repeatable; default ``lab``) opens the probe notebook in
that app of each site (``notebooks`` needs a site built with the notebook app).

``--site DIR`` (repeatable) measures sites built before (with the probe notebook: build them
with ``--keep DIR``) instead of building one; several sites are measured in turns, run by run,
so that they are compared in the same conditions.

``--classroom`` measures the site's two classroom pages instead, in turns in the same run: the
light page (``classroom/index.html``, issue 34) and the REPL page; for each, cold and warm, the
seconds to the first picture and to the first playable board, the bytes the server sent (and
what a gzip-compressing host would send), and the light page's parts (see the end of this file).

Run: .venv/bin/python tests/benchmarks/bench_lite.py [--repeat N] [--site DIR ...] [--app APP ...]
     .venv/bin/python tests/benchmarks/bench_lite.py --classroom [--site DIR] [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))  # the browser test's static server and page driver

from browser.conftest import CHROMIUM, CHROMIUM_ARGS, VIEWPORT  # noqa: E402
from browser.test_lite import (  # noqa: E402
    LITE_TIMEOUT_MS,
    LOOPBACK,
    Traffic,
    static_server,
)

from horserace_nb.lite import build_site  # noqa: E402

GOAL_COLD_S, GOAL_WARM_S = 8.0, 6.0
PROBE = "bench/first_board.ipynb"
SECOND = "bench/second_board.ipynb"
NEXT = "bench/next_board.ipynb"
PROBE_CELLS = [
    "import time\n_t0 = time.time()\nimport horserace_nb\n"
    "print('hr-bench', time.time(), time.time() - _t0)",
    "from horserace_nb import Game\nfrom horserace_nb.widgets import PlayWidget\n"
    "PlayWidget(Game(players=2, seed=2024), human=0)",
]


KERNEL_READY_JS = """() => {
  const app = window.jupyterapp, widget = app && app.shell.currentWidget;
  const context = widget && widget.sessionContext;
  const kernel = context && context.session && context.session.kernel;
  return !!kernel && kernel.status === "idle" && kernel.connectionStatus === "connected";
}"""
"""The current notebook's kernel is idle and connected (JupyterLab and the notebook app)."""


DRIVE = "/api/drive"
"""The address of the kernel's requests about the browser's storage (the notebook's folder is
the kernel's current folder): each one a round trip through the service worker to the page."""


NO_WAY_OUT = ["--proxy-server=http://127.0.0.1:9"]
"""Every request for another host goes to a closed port on loopback (loopback itself is never
proxied): nothing leaves the machine, and no request routing is needed, which in Playwright
would switch the browser's HTTP cache off (the warm runs would not be warm)."""


def watch_requests(page: Any) -> Traffic:
    """Count (without routing, see :data:`NO_WAY_OUT`) requests for other hosts and failing
    responses."""
    traffic = Traffic()

    def seen(request: Any) -> None:
        url = request.url
        host = re.sub(r"^[a-z]+://", "", url).split("/")[0].rsplit(":", 1)[0]
        if not (host in LOOPBACK or url.startswith(("data:", "blob:", "about:"))):
            traffic.outside.append(url)

    page.on("request", seen)
    page.on("response", lambda r: traffic.failed.append(f"{r.status} {r.url}")
            if r.status >= 400 else None)
    return traffic


def kernel_ready(page: Any) -> None:
    page.wait_for_function(KERNEL_READY_JS, timeout=LITE_TIMEOUT_MS, polling=100)


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def mib(size: int) -> str:
    return f"{size / 2**20:6.1f} MiB"


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def probe_notebooks(folder: Path) -> Path:
    """The repository's notebooks and the probe notebook, in *folder*."""
    shutil.copytree(REPO / "notebooks", folder)
    cells = [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
              "outputs": [], "source": source} for i, source in enumerate(PROBE_CELLS)]
    notebook = {"cells": cells, "metadata": {"kernelspec": {"name": "python3",
                "display_name": "Python 3", "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    (folder / PROBE).parent.mkdir()
    for name in (PROBE, SECOND, NEXT):
        (folder / name).write_text(json.dumps(notebook), encoding="utf-8")
    return folder


@dataclass
class Run:
    shown: float
    worker: float
    kernel: float
    imported: float
    board: float
    import_s: float
    drive: int
    load: str


def timed(page: Any, open_notebook: Callable[[], float], scope: str) -> Run:
    """*open_notebook* (it returns the epoch the kernel's clock is read against); then, in the
    notebook matched by *scope*: its first cell shown, its kernel idle, Run All Cells, the
    board drawn; the times from the call."""
    workers: list[float] = []
    page.on("worker", lambda worker: workers.append(time.perf_counter() - started))
    drive: list[str] = []  # the kernel's look-ups in the notebook's folder (see DRIVE)
    page.on("request", lambda request: drive.append(request.url)
            if DRIVE in request.url else None)
    started = time.perf_counter()
    origin = open_notebook()
    page.locator(f"{scope} .jp-CodeCell").first.wait_for(timeout=LITE_TIMEOUT_MS)
    shown = time.perf_counter() - started
    kernel_ready(page)
    kernel = time.perf_counter() - started
    looked = len(drive)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.locator(f"{scope} .jp-OutputArea-output .hr-board svg").first.wait_for(
        timeout=LITE_TIMEOUT_MS)
    board = time.perf_counter() - started
    said = page.locator(f"{scope} .jp-OutputArea-output", has_text="hr-bench").first
    _, done, took = said.inner_text().split()
    kernel_ready(page)
    return Run(shown, min(workers, default=float("nan")), kernel, float(done) - origin, board,
               float(took), looked, load())


def one_run(page: Any, base_url: str, notebook: str, app: str = "lab") -> Run:
    """Open the probe *notebook* in *app* (a page load); once the kernel is idle, Run All
    Cells; the times from the page load."""
    def open_page() -> float:
        page.goto(f"{base_url}/{app}/index.html?path={notebook}")
        return float(page.evaluate("performance.timeOrigin")) / 1000  # the navigation's start

    return timed(page, open_page, ".jp-NotebookPanel")


CURRENT = ".jp-NotebookPanel:not(.lm-mod-hidden)"
"""The notebook on screen (JupyterLab hides the other tabs' panels)."""


def next_run(page: Any, notebook: str) -> Run:
    """Open the probe *notebook* in the JupyterLab already on *page*, as a link from one lesson
    to the next does (a tab beside it; the first notebook's kernel runs on); once its kernel is
    idle, Run All Cells; the times from the click."""
    def open_tab() -> float:
        origin = time.time()
        page.evaluate("(path) => { window.jupyterapp.commands.execute('docmanager:open', "
                      "{path}); }", notebook)  # not awaited: it settles seconds after the tab
        page.wait_for_function("""(path) => {
            const widget = window.jupyterapp.shell.currentWidget;
            return !!widget && !!widget.context && widget.context.path === path;
        }""", arg=notebook, timeout=LITE_TIMEOUT_MS)
        return origin

    return timed(page, open_tab, CURRENT)


def forget_workspace(page: Any, url: str) -> None:
    """Clear the site's browser storage but not the browser's HTTP cache: JupyterLab would
    otherwise reopen the first notebook beside the second one (its saved workspace), and
    start two kernels."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.clearDataForOrigin", {
        "origin": url, "storageTypes": "indexeddb,local_storage,service_workers"})
    cdp.detach()


def measure(sites: list[Path], repeat: int, apps: tuple[str, ...] = ("lab",)
            ) -> dict[tuple[str, str], list[Run]]:
    from playwright.sync_api import sync_playwright

    results: dict[tuple[str, str], list[Run]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                             args=[*CHROMIUM_ARGS, *NO_WAY_OUT])
        for number in range(repeat):
            for site, app in [(site, app) for site in sites for app in apps]:
                name = site.name if apps == ("lab",) else f"{site.name}/{app}"
                with static_server(site) as url:
                    context = browser.new_context(viewport=VIEWPORT)  # a fresh profile
                    for kind in ("cold", "warm"):  # warm: the second notebook in the profile
                        page = context.new_page()
                        traffic = watch_requests(page)
                        runs = [(kind, one_run(page, url, PROBE if kind == "cold" else SECOND,
                                                      app))]
                        if kind == "cold" and app == "lab" and (site / "files" / NEXT).is_file():
                            runs.append(("next", next_run(page, NEXT)))
                        forget_workspace(page, url)
                        page.close()
                        if traffic.outside or traffic.failed:
                            raise SystemExit(f"outside requests {traffic.outside}, failed "
                                             f"{traffic.failed}")
                        for what, run in runs:
                            results.setdefault((name, what), []).append(run)
                            print(f"  run {number + 1} {name:<12} {what}: shown {run.shown:5.1f}"
                                  f"  worker {run.worker:5.1f}  kernel {run.kernel:5.1f}"
                                  f"  import {run.imported:5.1f}"
                                  f" ({run.import_s:.2f} in the kernel)"
                                  f"  board {run.board:5.1f} s  drive {run.drive:3d}"
                                  f"   load {run.load}", flush=True)
                    context.close()
        browser.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (median)")
    parser.add_argument("--site", type=Path, action="append", default=[],
                        help="measure this built site (repeatable) instead of building one")
    parser.add_argument("--app", action="append", choices=("lab", "notebooks"), default=[],
                        help="open the probe notebook in this app (repeatable; default lab)")
    parser.add_argument("--keep", type=Path, help="build the site into this folder and keep it")
    parser.add_argument("--cold-build", action="store_true",
                        help="also build once with an empty download cache")
    parser.add_argument("--compare", action="store_true",
                        help="also build and measure, in turns with the site, one whose Python "
                             "is not byte-compiled (source-pyc) and, with --old SRC, one "
                             "built from the checkout SRC")
    parser.add_argument("--old", type=Path, help="an older checkout, for --compare")
    parser.add_argument("--classroom", action="store_true",
                        help="measure the classroom pages instead: the light page and the "
                             "REPL page, in turns (first picture, first playable board, bytes)")
    args = parser.parse_args()

    print(f"load average at start: {load()} ({os.cpu_count()} cores)")
    with tempfile.TemporaryDirectory(prefix="bench-lite-") as tmp:
        sites = [site.resolve() for site in args.site]
        if not sites:
            notebooks = probe_notebooks(Path(tmp) / "notebooks")
            if args.cold_build:
                report = build_site(Path(tmp) / "cold-site", source=REPO, notebooks=notebooks,
                                    cache_dir=Path(tmp) / "cache")
                print(f"build, cold cache: {report.seconds:6.1f} s "
                      f"({len(report.downloads)} downloads)   load {load()}")
            site = (args.keep or Path(tmp) / "site").resolve()
            report = build_site(site, source=REPO, notebooks=notebooks)
            print(f"build, warm cache: {report.seconds:6.1f} s   load {load()}")
            sites = [site]
            if args.compare:
                plain = Path(tmp) / "source-pyc"
                build_site(plain, source=REPO, notebooks=notebooks, byte_compile=False)
                sites.insert(0, plain)
                if args.old:
                    old = Path(tmp) / "old-source"
                    build_site(old, source=args.old.resolve(), notebooks=notebooks)
                    sites.insert(1, old)
        for site in sites:
            if not args.classroom and not (site / "files" / PROBE).is_file():
                raise SystemExit(f"{site} has no {PROBE}: build it with this script (--keep)")
            print(f"site {site.name}: {mib(folder_size(site))}")
            for part in ("static/pyodide", "build", "extensions", "files"):
                print(f"  {part:<16}{mib(folder_size(site / part))}")
        if not CHROMIUM.is_file():
            print(f"no Chromium at {CHROMIUM}: page timings skipped")
            return
        if args.classroom:
            report_classrooms(measure_classrooms(sites[0], args.repeat), args.repeat)
            print(f"load average at end: {load()}")
            return
        results = measure(sites, args.repeat, tuple(args.app) or ("lab",))

    print(f"median of {args.repeat} (seconds after the page load):")
    print(f"  {'site':<12} {'cache':<5} {'shown':>6} {'worker':>7} {'kernel':>7} {'import':>7}"
          f" {'board':>6} {'drive':>6}  goal")
    for (name, kind), runs in results.items():
        board = statistics.median(r.board for r in runs)
        goal = GOAL_COLD_S if kind == "cold" else GOAL_WARM_S  # warm, next: a second one
        print(f"  {name:<12} {kind:<5} {statistics.median(r.shown for r in runs):6.1f} "
              f"{statistics.median(r.worker for r in runs):7.1f} "
              f"{statistics.median(r.kernel for r in runs):7.1f} "
              f"{statistics.median(r.imported for r in runs):7.1f} {board:6.1f} "
              f"{statistics.median(r.drive for r in runs):6.0f}"
              f"  <= {goal:.0f} s: {'met' if board <= goal else 'NOT met'}")
    print(f"load average at end: {load()}")



# --------------------------------------------------------------------------- the classroom pages
# ``--classroom``: the site's two classroom pages in the same run, in turns: the light page
# (``classroom/index.html?lang=en``: Pyodide in a Web Worker, no JupyterLab; issue 34) and the
# REPL page (JupyterLite's REPL app running Classroom(lang="en")). Goals for the light page on
# this 2-core machine: a playable board <= 4 s after the page load, cold, without a memory
# snapshot, at most half the REPL page's time, and <= 15 MiB downloaded for a learner who opens
# only this page.
GOAL_LIGHT_S, GOAL_LIGHT_MIB = 4.0, 15.0
PICTURE_JS = """() => { const img = document.getElementById('hr-opening-board');
    return document.querySelector('#hr-opening .hr-board svg') ||
        (img && !img.hidden && img.currentSrc && img.complete && img.naturalWidth > 0)
        ? performance.now()
        : (document.body && document.body.dataset.hrState === 'ready' ? performance.now() : 0); }"""
"""The light page's opening classroom drawn (from its state written at build time; or the
opening picture, or already replaced by the live board): when."""
PLAYABLE_JS = """() => [...document.querySelectorAll('.hr-board svg g.hr-svg-hand-tile')]
    .some((tile) => !tile.closest('#hr-opening')) ? performance.now() : 0"""
"""A live board with the hand's tiles on the page (either page; not the light page's inert
opening classroom): when."""
BOARD_JS = "() => document.querySelector('.hr-board svg') ? performance.now() : 0"


@dataclass
class ClassroomRun:
    picture: float
    playable: float
    bytes_sent: int
    gzip_bytes: int
    files: int
    parts: dict[str, float]
    load: str


class Counted:
    """What the static server sent (:func:`counting_server`): bytes and files since reset."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.sent: list[str] = []
        self._gzip: dict[str, int] = {}

    def reset(self) -> None:
        self.sent = []

    def bytes_sent(self) -> int:
        return sum((self.root / name).stat().st_size for name in self.sent)

    def gzip_bytes(self) -> int:
        """What a host compressing its responses (gzip, level 6) would have sent."""
        import gzip

        total = 0
        for name in self.sent:
            if name not in self._gzip:
                self._gzip[name] = len(gzip.compress((self.root / name).read_bytes(), 6))
            total += self._gzip[name]
        return total


def counting_server(root: Path) -> Any:
    """A loopback static server of *root* (the tests' :func:`static_server`) that counts
    the files it sends in full (200): a ``(context manager, Counted)`` pair."""
    import urllib.parse

    from browser.conftest import QuietHandler

    counted = Counted(root)

    class Handler(QuietHandler):
        def send_response(self, code: int, message: str | None = None) -> None:
            super().send_response(code, message)
            if code == 200:
                path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path).lstrip("/")
                target = root / path
                if target.is_dir():
                    target = target / "index.html"
                if target.is_file():
                    counted.sent.append(target.relative_to(root).as_posix())

    return static_server(root, Handler), counted


def _when(page: Any, script: str) -> float:
    """Seconds from the page's navigation to when *script* first returns a time."""
    handle = page.wait_for_function(script, timeout=LITE_TIMEOUT_MS, polling=20)
    return float(handle.json_value()) / 1000


def classroom_run(page: Any, url: str, counted: Counted, light: bool) -> ClassroomRun:
    from horserace_nb.lite.classroom_page import light_url
    from horserace_nb.lite.pages import classroom_url

    counted.reset()
    page.goto(f"{url}/{light_url('en') if light else classroom_url('en')}", wait_until="commit")
    parts: dict[str, float] = {}
    if light:
        picture = _when(page, PICTURE_JS)
        page.wait_for_selector("body[data-hr-state=ready]", timeout=LITE_TIMEOUT_MS)
        timings = page.evaluate("window.hrLightTimings")
        playable = float(timings["playable"]) / 1000
        parts = {"worker": timings["started"] / 1000,
                 "pyodide+packages": (timings["pyodide"] - timings["started"]) / 1000,
                 "bridge": (timings["bridge"] - timings["pyodide"]) / 1000,
                 "imports+Classroom": (timings["classroom"] - timings["bridge"]) / 1000,
                 "drawn": (timings["playable"] - timings["classroom"]) / 1000}
    else:
        picture = _when(page, BOARD_JS)
        playable = _when(page, PLAYABLE_JS)
    page.wait_for_timeout(500)  # the last requests (the page's idle messages) come in
    return ClassroomRun(picture, playable, counted.bytes_sent(), counted.gzip_bytes(),
                        len(counted.sent), parts, load())


def measure_classrooms(site: Path, repeat: int) -> dict[tuple[str, str], list[ClassroomRun]]:
    """Each run: for the light page and the REPL page in turns, a fresh browser profile
    (cold), then the same page again in a new tab of that profile (warm)."""
    from playwright.sync_api import sync_playwright

    results: dict[tuple[str, str], list[ClassroomRun]] = {}
    serving, counted = counting_server(site)
    with sync_playwright() as playwright, serving as url:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                             args=[*CHROMIUM_ARGS, *NO_WAY_OUT])
        for number in range(repeat):
            for name, light in (("light", True), ("repl", False)):
                context = browser.new_context(viewport=VIEWPORT)
                for kind in ("cold", "warm"):
                    page = context.new_page()
                    traffic = watch_requests(page)
                    run = classroom_run(page, url, counted, light)
                    forget_workspace(page, url)
                    page.close()
                    if traffic.outside or [f for f in traffic.failed if "favicon" not in f]:
                        raise SystemExit(f"outside requests {traffic.outside}, failed "
                                         f"{traffic.failed}")
                    results.setdefault((name, kind), []).append(run)
                    shares = "  ".join(f"{k} {v:.2f}" for k, v in run.parts.items())
                    print(f"  run {number + 1} {name:<5} {kind}: picture {run.picture:5.2f}"
                          f"  playable {run.playable:5.2f} s  {mib(run.bytes_sent)}"
                          f" ({mib(run.gzip_bytes).strip()} gzip) in {run.files} files"
                          f"  {shares}   load {run.load}", flush=True)
                context.close()
        browser.close()
    return results


def report_classrooms(results: dict[tuple[str, str], list[ClassroomRun]], repeat: int) -> None:
    print(f"median of {repeat} (seconds after the page load; MiB the server sent):")
    medians: dict[tuple[str, str], float] = {}
    for (name, kind), runs in results.items():
        playable = statistics.median(r.playable for r in runs)
        medians[(name, kind)] = playable
        sent = statistics.median(r.bytes_sent for r in runs)
        zipped = statistics.median(r.gzip_bytes for r in runs)
        parts = {key: statistics.median(r.parts[key] for r in runs)
                 for key in (runs[0].parts if runs[0].parts else {})}
        shares = "  ".join(f"{k} {v:.2f}" for k, v in parts.items())
        print(f"  {name:<5} {kind:<4} picture {statistics.median(r.picture for r in runs):5.2f}"
              f"  playable {playable:5.2f}  {mib(int(sent))} ({mib(int(zipped)).strip()} gzip)"
              f"  {shares}")
    cold = medians.get(("light", "cold"))
    repl = medians.get(("repl", "cold"))
    if cold is not None:
        sent = statistics.median(r.bytes_sent for r in results[("light", "cold")]) / 2**20
        print(f"  light cold playable <= {GOAL_LIGHT_S:.0f} s: "
              f"{'met' if cold <= GOAL_LIGHT_S else 'NOT met'}; <= {GOAL_LIGHT_MIB:.0f} MiB: "
              f"{'met' if sent <= GOAL_LIGHT_MIB else 'NOT met'} ({sent:.1f} MiB as served)"
              + (f"; <= half the REPL page's {repl:.2f} s: "
                 f"{'met' if cold <= repl / 2 else 'NOT met'}" if repl else ""))


if __name__ == "__main__":
    main()
