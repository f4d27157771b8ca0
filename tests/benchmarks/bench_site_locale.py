"""Benchmark: what JupyterLab's Korean and Japanese language packs add to the classroom site.

Prints, for a site built with the packs (``--site DIR``; by default one is built) and the same
site without them (a copy: ``api/translations`` as jupyterlite-core writes it with no pack
installed, and the site's script setting no locale):

- the bytes the packs add to the site, and to one page load (a page fetches the one locale it
  shows);
- in Debian Chromium, from a loopback static server, a fresh browser profile each run, the
  seconds from the start of the page load to the first notebook shown (a Korean lesson opened
  by its link, ``lab/index.html?path=ko/04_turns.ipynb``), with the menu bar's labels (Korean
  with the packs, English without); and the seconds of a second load of the same address (the
  site's files cached): what setting the locale by reloading the page would have added;
- the median of ``--repeat`` runs (default 3), the two sites in turns, with the load average.

Run: .venv/bin/python tests/benchmarks/bench_site_locale.py [--site DIR] [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))  # the browser tests' static server

from browser.conftest import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, static_server  # noqa: E402

LESSON = "ko/04_turns.ipynb"
SHOWN = ".jp-NotebookPanel .jp-Cell"
MENUS = "#jp-menu-panel .lm-MenuBar-itemLabel"


def without_packs(site: Path, folder: Path) -> Path:
    """A copy of *site* as the build writes it with no language pack installed."""
    copy = folder / "site-without-packs"
    shutil.copytree(site, copy, symlinks=True)
    translations = copy / "api" / "translations"
    for path in translations.glob("*.json"):
        if path.name not in ("all.json", "en.json"):
            path.unlink()
    (translations / "all.json").write_text(json.dumps({"data": {"en": {
        "displayName": "English", "nativeName": "English"}}, "message": ""}), encoding="utf-8")
    script = copy / "horserace-site.js"
    text = script.read_text(encoding="utf-8")
    start = text.index("const LOCALES = ") + len("const LOCALES = ")
    script.write_text(text[:start] + "{}" + text[text.index(";", start):], encoding="utf-8")
    return copy


def translations_bytes(site: Path) -> dict[str, int]:
    return {path.name: path.stat().st_size
            for path in sorted((site / "api" / "translations").glob("*.json"))}


def one_run(browser: Any, url: str) -> dict[str, Any]:
    context = browser.new_context(viewport=VIEWPORT, locale="en-US")
    context.set_default_timeout(120_000)
    page = context.new_page()
    started = time.perf_counter()
    page.goto(f"{url}/lab/index.html?path={LESSON}")
    page.locator(SHOWN).first.wait_for(state="visible")
    shown = time.perf_counter() - started
    menus = page.locator(MENUS).all_inner_texts()
    started = time.perf_counter()
    page.goto(f"{url}/lab/index.html?path={LESSON}")  # the site's files now cached
    page.locator(SHOWN).first.wait_for(state="visible")
    again = time.perf_counter() - started
    context.close()
    return {"shown": shown, "again": again, "menus": menus}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, help="a site built with the packs")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-locale-") as tmp:
        site = args.site
        if site is None:
            from horserace_nb.lite import build_site

            site = Path(tmp) / "site"
            build_site(site, source=REPO)
        sites = {"with packs": site, "without": without_packs(site, Path(tmp))}
        sizes = {name: translations_bytes(path) for name, path in sites.items()}
        for name, files in sizes.items():
            print(f"{name}: api/translations {sum(files.values()):,} bytes {files}")
        added = sum(sizes["with packs"].values()) - sum(sizes["without"].values())
        print(f"the packs add {added:,} bytes to the site; a Korean page fetches "
              f"{sizes['with packs'].get('ko_KR.json', 0):,} of them, a Japanese one "
              f"{sizes['with packs'].get('ja_JP.json', 0):,}")
        runs: dict[str, list[dict[str, Any]]] = {name: [] for name in sites}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                 args=CHROMIUM_ARGS)
            servers = {name: static_server(path) for name, path in sites.items()}
            urls = {name: server.__enter__() for name, server in servers.items()}
            try:
                for run in range(args.repeat):
                    for name, url in urls.items():
                        result = one_run(browser, url)
                        runs[name].append(result)
                        print(f"run {run + 1} {name}: notebook shown {result['shown']:.1f} s, "
                              f"again {result['again']:.1f} s, load {os.getloadavg()[0]:.1f}, "
                              f"menus {result['menus']}")
            finally:
                for server in servers.values():
                    server.__exit__(None, None, None)
                browser.close()
        for name, results in runs.items():
            print(f"{name}: median notebook shown "
                  f"{statistics.median(r['shown'] for r in results):.1f} s, median second load "
                  f"{statistics.median(r['again'] for r in results):.1f} s")


if __name__ == "__main__":
    main()
