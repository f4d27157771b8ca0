"""Pass-and-play at one screen in a real browser (issue 19 item 6): two learners share a
390 × 844 phone (Notebook 7) or a 768 × 1024 tablet (JupyterLab) and tap through two turns.

Between turns the page holds no tile of any hand (read from the page's markup, not from what CSS
shows), the "Pass the screen" panel and its button are a finger high, the live region says whose
turn it is; after "I am Player 2 — show my tiles" only Player 2's hand is in the page, and the
board's texts and check boxes can be read whole. The
expected hands come from the same seeded deal built here. Screenshots are kept in
``test-artifacts/browser/pass-and-play-<device>-*.png``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import ARTIFACTS, Frontend, PlayDriver

pytestmark = pytest.mark.browser

SEED = 2024
DEVICES = {"tablet": (768, 1024, "lab"), "phone": (390, 844, "notebook")}
TILE = re.compile(r"\[\d\|\d\]")
SEEN_TEXT = """(root) => { const svg = root.querySelector('.hr-board-svg svg');
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    return Array.from(svg.querySelectorAll('.hr-svg-content text'))
      .filter((node) => node.textContent.trim() !== 'n')  // the legend's glyph
      .map((node) => parseFloat(node.getAttribute('font-size')) * scale); }"""
CHECK_BOXES = """(root) => [...root.querySelectorAll('.widget-checkbox .widget-label-basic')]
    .filter(e => e.offsetParent !== null)
    .map(e => ({ text: e.innerText.trim(), cut: e.scrollWidth > e.clientWidth + 1 ||
                 e.getBoundingClientRect().right > root.getBoundingClientRect().right + 1 }))"""


def in_page(driver: PlayDriver) -> set[str]:
    """Every tile written anywhere in the play widget's markup (attributes and text)."""
    return set(TILE.findall(driver.root.evaluate("e => e.outerHTML")))


PASS_AND_PLAY_CODE = ("from horserace_nb.widgets import PlayWidget\n"
                      f"PlayWidget(pass_and_play=True, players=2, seed={SEED}, match='hand')")


def check_two_learners_tap_through_two_turns(page: Any, ui: Frontend, root: Any,
                                             device: str) -> None:
    """Two learners tap through two turns of the pass-and-play widget *root* (seed 2024), in
    the touch page of *device* (test_devices.py opens it, with this widget in one cell)."""
    from playwright.sync_api import expect

    from horserace_nb import Draw, Game, Place, Side, Tile
    from horserace_nb.words.i18n import t

    width, height, kind = DEVICES[device]
    page.evaluate("() => { window.__hrWatch = undefined; }")  # the driver watches this widget
    driver = PlayDriver(page, ui)
    driver.root = root
    ui.show(root)
    expect(root.locator(".hr-board svg.hr-svg-horserace")).to_be_visible(timeout=60_000)

    game = Game(players=2, seed=SEED)  # the same deal, played along here
    private = {str(x) for h in game.hands for x in h} | {str(x) for x in game.boneyard}
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    turns = []
    for turn in range(2):
        seat = game.to_play
        player = t("render.seat", "en", n=seat + 1)
        reveal = root.get_by_role("button", name=t("play.reveal", "en", name=player))
        expect(reveal).to_be_visible()
        expect(root.locator(".hr-cover")).to_contain_text(
            t("play.cover_title", "en", name=player))
        assert root.locator(driver.TILES).count() == 0
        leaked = in_page(driver) & private
        assert not leaked, f"covered, yet the page holds {sorted(leaked)}"
        expect(root.locator(".hr-status")).to_contain_text(f"pass the screen to {player}")
        if turn:  # (what was said before the board was drawn is not said again)
            expect(root.locator(".hr-board-live")).to_contain_text(
                f"pass the screen to {player}")
        box = reveal.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, box  # a finger high
        ui.show(root)
        page.screenshot(path=str(ARTIFACTS / f"pass-and-play-{device}-{turn + 1}-covered.png"))

        driver.settle(reveal.tap)
        expect(root.locator(".hr-cover")).to_be_hidden()
        mine = {str(x) for x in game.hands[seat]}
        shown = set(root.locator(driver.TILES).evaluate_all(
            "els => els.map(e => e.getAttribute('data-tile'))"))
        assert shown == mine, (shown, mine)
        assert in_page(driver) & private <= mine  # no other hand, the boneyard neither
        if turn == 0:  # the check boxes show their whole labels (wrapped on a phone)
            checks = root.evaluate(CHECK_BOXES)
            assert checks and not any(check["cut"] for check in checks), checks
        # the picture's texts (status, counts, captions) are read at 11 px or more: drawn to
        # the board's room (on a phone they shrank with the picture to about 6 px)
        seen = root.evaluate(SEEN_TEXT)
        assert seen and min(seen) >= 11, seen
        ui.show(root)
        page.screenshot(path=str(ARTIFACTS / f"pass-and-play-{device}-{turn + 1}-shown.png"))

        # the player taps through their turn (a placement that scores goes on, R17)
        while game.to_play == seat and not game.hand_over:
            playable = root.locator(driver.PLAYABLE)
            if playable.count():
                tile = playable.first.get_attribute("data-tile")
                playable.first.tap()
                lit = root.locator(driver.LIT)
                expect(lit.first).to_be_visible()
                on, side = lit.first.get_attribute("data-tile"), lit.first.get_attribute(
                    "data-side")
                driver.settle(lit.first.tap)
                game.apply(Place(Tile.parse(tile), None if on is None else Tile.parse(on),
                                 None if side is None else Side.coerce(side)))
            else:  # nothing fits: draw (the same deal draws the same tile here), or pass
                action = game.legal_actions()[0]
                label = "play.draw" if isinstance(action, Draw) else "play.pass"
                driver.settle(root.get_by_role("button", name=t(label, "en")).tap)
                game.apply(action)
        turns.append(player)
        private = {str(x) for h in game.hands for x in h} | {str(x) for x in game.boneyard}
    assert turns == ["Player 1", "Player 2"] or turns == ["Player 2", "Player 1"]
    print(f"\n{device} {width}x{height} ({kind}): two turns by taps, {turns}")
