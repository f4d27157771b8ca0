"""A position link opened in the JupyterLite classroom site, offline (issue 33, point 5): one
page load. The link carries the position code in its address (the classroom page runs
``open_code``); the page requests nothing outside the site (the ``page`` fixture lets only
127.0.0.1 through), shows the position in the editor (its tiles on the table, the same code),
and the editor's own link leads back into the same site."""

from __future__ import annotations

import re
from typing import Any

import pytest

LITE_TIMEOUT_MS = 180_000  # a cold page: Pyodide, IPython and the widgets load in the browser


@pytest.mark.browser
def test_a_position_link_opens_in_the_site_offline(lite_url: str, page: Any) -> None:
    from playwright.sync_api import expect

    from horserace_nb import Game
    from horserace_nb.sessions.editor import share_path

    game = Game(players=3, seed=8)
    while len(game.layout) < 5:
        game.apply(next(a for a in game.legal_actions()))
    code = game.to_code()
    page.set_default_timeout(LITE_TIMEOUT_MS)
    page.goto(f"{lite_url}/{share_path(code, 'ja')}")
    editor = page.locator(".hr-editor")
    expect(editor.locator(".hr-code-box")).to_have_value(code, timeout=LITE_TIMEOUT_MS)
    tiles = editor.locator(".hr-board-svg g.hr-svg-tile")
    expect(tiles).to_have_count(5)
    for tile in game.layout.tiles:
        expect(editor.locator(f".hr-board-svg g.hr-svg-tile[data-tile='{tile}']")).to_have_count(1)
    expect(editor.locator("h3")).to_have_text("局面エディター")
    href = editor.locator("a.hr-code-link").get_attribute("href") or ""
    assert re.match(rf"^{re.escape(lite_url)}/repl/index\.html\?", href), href
    assert code in href.replace("%2E", ".")
