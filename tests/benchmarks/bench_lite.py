"""Benchmark: the JupyterLite classroom site (goal: first board at most 20 s after the page load).

Prints

- the build time of ``python -m horserace_nb.lite build`` with a cold download cache (a fresh,
  empty one: the Pyodide core from npm, 23 wheels from PyPI; pip's and npm's own HTTP caches
  may still hold them) and with a warm one;
- the site's size, and what takes the room;
- in Debian Chromium, from a loopback static server, with every outside request aborted and a
  fresh browser profile each time (nothing cached): seconds from the page load to the notebook
  shown, to the Pyodide kernel ready, and to the first board drawn after Run All Cells.

The machine's load average is printed too: on a shared machine every figure grows with it.

Run: .venv/bin/python tests/benchmarks/bench_lite.py [--repeat N] [--warm-only]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))  # the browser test's static server and page driver

from browser.conftest import CHROMIUM, CHROMIUM_ARGS, VIEWPORT  # noqa: E402
from browser.test_lite import (  # noqa: E402
    Timings,
    open_and_run_all,
    static_server,
    watch_traffic,
)

from horserace_nb.lite import build_site  # noqa: E402

GOAL_S = 20.0
NOTEBOOKS = ["en/01_tiles_layout_spinners.ipynb", "ja/01_tiles_layout_spinners.ipynb"]


def mib(size: int) -> str:
    return f"{size / 2**20:6.1f} MiB"


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def build(output: Path, cache: Path | None, label: str) -> None:
    report = build_site(output, source=REPO, cache_dir=cache)
    print(f"build, {label:<11}: {report.seconds:6.1f} s   "
          f"({len(report.downloads)} download(s))")


def page_timings(site: Path, repeat: int) -> dict[str, list[Timings]]:
    from playwright.sync_api import sync_playwright

    results: dict[str, list[Timings]] = {name: [] for name in NOTEBOOKS}
    with static_server(site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for _ in range(repeat):
            for name in NOTEBOOKS:
                context = browser.new_context(viewport=VIEWPORT)  # a fresh profile: cold
                page = context.new_page()
                traffic = watch_traffic(page)
                timings = open_and_run_all(page, url, name)
                context.close()
                if traffic.outside or traffic.failed:
                    raise SystemExit(f"{name}: outside requests {traffic.outside}, "
                                     f"failed {traffic.failed}")
                results[name].append(timings)
                print(f"  {name:<36} shown {timings.shown:5.1f} s  kernel ready "
                      f"{timings.kernel:5.1f} s  first board {timings.board:5.1f} s")
        browser.close()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2, help="page loads per notebook")
    parser.add_argument("--warm-only", action="store_true",
                        help="skip the cold-cache build (use the usual download cache)")
    args = parser.parse_args()

    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"({os.cpu_count()} cores)")
    with tempfile.TemporaryDirectory(prefix="bench-lite-") as tmp:
        site = Path(tmp) / "site"
        if not args.warm_only:
            build(Path(tmp) / "cold-site", Path(tmp) / "cache", "cold cache")
            build(site, Path(tmp) / "cache", "warm cache")
        else:
            build(site, None, "warm cache")
        print(f"site size: {mib(folder_size(site))}")
        for part in ("static/pyodide", "build", "extensions", "files"):
            print(f"  {part:<16}{mib(folder_size(site / part))}")

        if not CHROMIUM.is_file():
            print(f"no Chromium at {CHROMIUM}: page timings skipped")
            return
        started = time.perf_counter()
        results = page_timings(site, args.repeat)
        print(f"(page loads took {time.perf_counter() - started:.0f} s)")
    boards = [t.board for runs in results.values() for t in runs]
    kernels = [t.kernel for runs in results.values() for t in runs]
    print(f"first board after the page load: median {statistics.median(boards):.1f} s, "
          f"max {max(boards):.1f} s (goal <= {GOAL_S:.0f} s: "
          f"{'met' if max(boards) <= GOAL_S else 'NOT met'}); kernel ready: median "
          f"{statistics.median(kernels):.1f} s")
    print(f"load average at end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
