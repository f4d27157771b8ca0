"""Benchmark: a class through the repository's JupyterHub on this machine (issue 35).

Starts ``hub/jupyterhub_config.py`` as tests/browser/test_hub.py does (127.0.0.1, free ports,
the learners' homes in a temporary folder, the lessons' git repository made from the checkout),
then N learners (``--learners 10``), each in her own context of one Chromium, log in and, all at
once, follow the README's nbgitpuller link to the Korean play lesson. Prints, with the load
average:

- the seconds from following the link until the lesson is open (the hub started her server,
  nbgitpuller pulled the lessons into her home, JupyterLab shows the notebook), median and last;
- until its first board is drawn (the lesson's first cell run: a kernel started, the game
  drawn), median and last;
- the memory of each learner's server and of its kernel (PSS, MiB), median and largest.

Everything stays on 127.0.0.1; the hub is stopped by its PID, then whatever it left, by theirs.
Bounded: at most 40 learners, 300 s a page.

Run: .venv/bin/python tests/benchmarks/bench_hub.py [--learners 10]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))
from browser.conftest import CHROMIUM, CHROMIUM_ARGS, VIEWPORT  # noqa: E402
from browser.test_hub import PASSWORD, PLAY, Hub, _ours, running_hub  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
from bench_voila import pss_mib  # noqa: E402  (the same measure of a server's memory)

MAX_LEARNERS = 40
PAGE_TIMEOUT_MS = 300_000
BOARD = ".hr-play .hr-board svg.hr-svg-horserace"
CELLS = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell"


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def memory(hub: Hub) -> tuple[list[float], list[float]]:
    """PSS (MiB) of each learner's server and of each kernel this hub's servers started."""
    servers, kernels = [], []
    for pid in _ours(hub.handin):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if "jupyterhub-singleuser" in command:
            servers.append(pss_mib(pid))
        elif "ipykernel" in command:
            kernels.append(pss_mib(pid))
    return servers, kernels


async def log_in(browser: Any, hub: Hub, name: str) -> Any:
    context = await browser.new_context(viewport=VIEWPORT, locale="en-US")
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    page = await context.new_page()
    await page.goto(f"{hub.url}/hub/login")
    await page.fill("#username_input", name)
    await page.fill("#password_input", PASSWORD)
    await page.click("#login_submit")
    await page.wait_for_url("**/hub/**")
    return page


async def follow(page: Any, hub: Hub, name: str) -> tuple[float, float]:
    """Seconds from following the link until the lesson is open, and until its board is
    drawn."""
    began = time.monotonic()
    await page.goto(hub.link(PLAY), wait_until="commit")
    await page.wait_for_url(f"**/user/{name}/{PLAY}*")
    await page.locator(CELLS).nth(1).wait_for()
    opened = time.monotonic() - began
    await page.locator(".jp-StatusBar-TextItem", has_text="Idle").first.wait_for()
    await page.locator(CELLS).nth(1).locator(".jp-InputArea-editor").click()
    await page.keyboard.press("Shift+Enter")
    await page.locator(BOARD).first.wait_for(state="visible")
    return opened, time.monotonic() - began


async def measure(hub: Hub, count: int) -> list[tuple[float, float]]:
    from playwright.async_api import async_playwright

    names = [f"learner{n:02d}" for n in range(count)]
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                   args=CHROMIUM_ARGS)
        pages = await asyncio.gather(*(log_in(browser, hub, name) for name in names))
        results = await asyncio.gather(*(follow(page, hub, name)
                                         for page, name in zip(pages, names, strict=True)))
        await browser.close()
        return list(results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--learners", type=int, default=10)
    args = parser.parse_args()
    count = max(1, min(args.learners, MAX_LEARNERS))
    with tempfile.TemporaryDirectory(prefix="bench-hub-") as base, \
            running_hub(Path(base), max_servers=count) as hub:
        print(f"hub up (load {load()}); {count} learners follow the link at once")
        results = asyncio.run(measure(hub, count))
        servers, kernels = memory(hub)
        opened = sorted(r[0] for r in results)
        boards = sorted(r[1] for r in results)
        print(f"lesson open: median {statistics.median(opened):.1f} s, last {opened[-1]:.1f} s")
        print(f"first board: median {statistics.median(boards):.1f} s, last {boards[-1]:.1f} s "
              f"(load {load()})")
        if servers:
            print(f"server PSS: median {statistics.median(servers):.0f} MiB, largest "
                  f"{max(servers):.0f} MiB ({len(servers)} servers)")
        if kernels:
            print(f"kernel PSS: median {statistics.median(kernels):.0f} MiB, largest "
                  f"{max(kernels):.0f} MiB ({len(kernels)} kernels)")


if __name__ == "__main__":
    main()
