"""The light classroom page fetches Pyodide's wasm compressed (issue 34: at most 15 MiB for a
learner who opens only this page, from a host that sends files as they are): the site's
``classroom/gz/`` copies (:func:`horserace_nb.lite.classroom_page.compressed_copies`), which
the page's worker decompresses as they come (``light/compressed.js``). One page load, served by
a loopback server that records what it sent."""

from __future__ import annotations

import gzip
import json
import urllib.parse
from pathlib import Path
from typing import Any

from horserace_nb.lite.classroom_page import GZ_DIR, PAGE_DIR, light_url

from .conftest import BuiltSite, QuietHandler, static_server
from .test_lite import LITE_TIMEOUT_MS, watch_traffic

GOAL_MIB = 15


def test_the_page_fetches_the_compressed_wasm_and_becomes_playable(
        browser: Any, lite_site: BuiltSite) -> None:
    site = lite_site.path
    html = (site / PAGE_DIR / "index.html").read_text(encoding="utf-8")
    assert '"compressed": {"pyodide.asm.wasm": "application/wasm"}' in html
    copy = site / PAGE_DIR / GZ_DIR / "pyodide.asm.wasm.gz"
    original = site / "static" / "pyodide" / "pyodide.asm.wasm"
    assert gzip.decompress(copy.read_bytes()) == original.read_bytes()

    sent: list[str] = []

    class Recording(QuietHandler):
        def send_response(self, code: int, message: str | None = None) -> None:
            super().send_response(code, message)
            path = urllib.parse.unquote(urllib.parse.urlsplit(self.path).path).lstrip("/")
            if code == 200 and (site / path).is_file():
                sent.append(path)

    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ko-KR")
    try:
        page = context.new_page()
        traffic = watch_traffic(page)
        said: list[str] = []
        page.on("console", lambda message: said.append(message.text))
        with static_server(site, Recording) as url:
            page.goto(f"{url}/{light_url('ko')}", wait_until="commit")
            page.wait_for_selector("body[data-hr-state=ready]", timeout=LITE_TIMEOUT_MS)
            page.locator(".hr-play .hr-board svg g.hr-svg-hand-tile").first.wait_for()
            page.wait_for_timeout(300)  # the page's last requests
        assert f"{PAGE_DIR}/{GZ_DIR}/pyodide.asm.wasm.gz" in sent, sent
        assert "static/pyodide/pyodide.asm.wasm" not in sent, sent
        assert "static/pyodide/python_stdlib.zip" in sent  # a zip already: served as it is
        assert not [text for text in said if "uncompressed" in text], said
        assert not traffic.outside and not traffic.failed, (traffic.outside, traffic.failed)
        total = sum((site / path).stat().st_size for path in sent)
        assert total <= GOAL_MIB * 2**20, (total / 2**20, json.dumps(sorted(sent)))
    finally:
        context.close()


def test_the_copy_is_named_for_the_file_it_replaces(lite_site: BuiltSite) -> None:
    """Every copy in ``classroom/gz/`` stands for a file Pyodide's folder serves."""
    folder = lite_site.path / PAGE_DIR / GZ_DIR
    for copy in folder.iterdir():
        assert copy.name.endswith(".gz")
        assert (lite_site.path / "static" / "pyodide" / Path(copy.name).stem).is_file()
