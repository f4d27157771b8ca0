"""The board in a real JupyterLab + Chromium (Playwright): how fast the learner sees an answer.

Prints p50/p95 over the placements of hot-seat games (both seats played on the board) for

- **tile → points lit**: a click on a hand tile until its legal points are lit and the next
  frame is drawn (all on the client: no kernel round trip);
- **point → new board**: a click on a lit point until the new picture (the tile gone from the
  hand) is in the page: the message to the kernel, ``Game.apply``, the new SVG and moves, and
  the redraw. Goal: at most 100 ms p95 on this machine.

Run: .venv/bin/python tests/benchmarks/bench_board.py [--placements N]
(Debian's Chromium at /usr/bin/chromium; the server binds 127.0.0.1 only.)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from browser.conftest import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    VIEWPORT,
    Frontend,
    _loopback_only,
    start_server,
)

NOTEBOOK = "bench_board.ipynb"
CELL = ("from horserace_nb import Game\nfrom horserace_nb.widgets import PlayWidget\n"
        "PlayWidget(Game(players=2, seed=7), human=[0, 1])")

LIT = """async (tile) => {
    const g = document.querySelector(`.hr-play .hr-board g.hr-svg-hand-tile[data-tile="${tile}"]`);
    if (g.getAttribute('aria-pressed') === 'true') {  // chosen already (a drawn tile)
        g.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    }
    const t0 = performance.now();
    g.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    const lit = document.querySelectorAll('.hr-play .hr-board .hr-svg-spot.hr-lit').length;
    await new Promise(r => requestAnimationFrame(() => r()));
    return [performance.now() - t0, lit];
}"""

PLACE = """async (tile) => {
    const board = document.querySelector('.hr-play .hr-board');
    const spot = board.querySelector('.hr-svg-spot.hr-lit');
    const gone = () => !board.querySelector(`g.hr-svg-hand-tile[data-tile="${tile}"]`);
    const t0 = performance.now();
    const done = new Promise(resolve => {
        const watch = new MutationObserver(() => {
            if (gone()) { watch.disconnect(); resolve(performance.now() - t0); }
        });
        watch.observe(board, {subtree: true, childList: true});
    });
    spot.dispatchEvent(new MouseEvent('click', {bubbles: true}));
    return await done;
}"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--placements", type=int, default=30)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server = start_server("lab", Path(tmp), [])
        try:
            nb = {"cells": [{"cell_type": "code", "metadata": {}, "execution_count": None,
                             "outputs": [], "source": CELL}],
                  "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                              "language": "python"}},
                  "nbformat": 4, "nbformat_minor": 5}
            (server.root / NOTEBOOK).write_text(json.dumps(nb), encoding="utf-8")
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                page = browser.new_context(viewport=VIEWPORT).new_page()
                page.route("**/*", _loopback_only)
                ui = Frontend(page, server)
                page.goto(f"{server.url}/lab/tree/{NOTEBOOK}?reset")
                ui.wait_idle()
                ui.run_all()
                play = page.locator(".hr-play").first
                play.locator(".hr-board svg").wait_for(timeout=60_000)
                lit_ms: list[float] = []
                place_ms: list[float] = []
                idle = 0
                while len(place_ms) < args.placements and idle < 200:
                    page.wait_for_timeout(150)  # let the last answer settle
                    tiles = play.locator(".hr-board g.hr-svg-hand-tile.hr-playable")
                    if tiles.count():
                        tile = tiles.first.get_attribute("data-tile")
                        ms, lit = page.evaluate(LIT, tile)
                        assert lit > 0, "no point lit"
                        lit_ms.append(ms)
                        place_ms.append(page.evaluate(PLACE, tile))
                        continue
                    idle += 1
                    for name in ("Draw a tile", "Pass", "Next hand", "New game"):
                        button = play.get_by_role("button", name=name)
                        if button.count() and button.first.is_visible() and \
                                button.first.is_enabled():
                            button.first.click()
                            break
                browser.close()
        finally:
            server.stop()
    print(f"placements measured: {len(place_ms)} (JupyterLab, Chromium, this machine)")
    for label, values in (("tile clicked -> points lit (client, next frame)", lit_ms),
                          ("point clicked -> new board shown", place_ms)):
        print(f"{label:<48} p50 {statistics.median(values):6.1f} ms   "
              f"p95 {percentile(values, 0.95):6.1f} ms   max {max(values):6.1f} ms")
    print("goal: point clicked -> new board shown <= 100 ms p95")


if __name__ == "__main__":
    main()
