"""JupyterLab 4 in Chromium on a 820 × 1180 touch tablet, in Japanese and Korean: what native
readers found cut or broken in the lessons' screenshots, on one loaded page.

- an exercise's board (a long layout only looked at) scales to the width of its box: its
  right-end tiles and its legend inside the frame (they were cut at the right, the texts ~2×);
- a rule reference in feedback stays on one line ("(R8, R18)", never "(R8," ⏎ "R18)");
- a player's name in a replay's hand list stays on one line ("プレイ" ⏎ "ヤー4" was seen);
- the game's menus are as wide as their longest choice ("1ハンドのみ (授業用の短縮ルール" was
  cut), also after the page grows to a desktop's 1366 px;
- a number box starts empty, with a placeholder (not 0, which may be the right answer);
- "Download my results" has an icon as its neighbours have.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import (
    ARTIFACTS,
    KERNEL_TIMEOUT_MS,
    JupyterServer,
    artifact_name,
    open_notebook,
    settled,
    write_notebook,
)

pytestmark = pytest.mark.browser

CELLS = [
    ("code", "from horserace_nb.widgets import Exercises, PlayWidget, Progress, ReplayWidget\n"
             "drill = Exercises.for_lesson('drawing', lang='ja', section=1)\n"
             "drill.answer(1)  # the wrong seat: its feedback names R8 and R18\n"
             "drill"),
    ("code", "ReplayWidget('blocked_teams', lang='ja')"),
    ("code", "PlayWidget(lang='ja')"),
    ("code", "Exercises('total', seed=7, lang='ko')"),
    ("code", "Progress(lang='ko')"),
]

# the right edge of every part of a board's picture (its tiles, its legend's texts) against
# the right edge of the frame it is drawn in
BOARD_FIT = """(root) => {
  const frame = root.querySelector('.hr-board-svg');
  const svg = frame.querySelector('svg');
  const edge = frame.getBoundingClientRect().right;
  const parts = [...svg.querySelectorAll('g.hr-svg-tile, .hr-svg-legend text')];
  return { frame: frame.clientWidth, svg: svg.getBoundingClientRect().width,
           scroll: frame.scrollWidth - frame.clientWidth, parts: parts.length,
           over: parts.filter((p) => p.getBoundingClientRect().right > edge + 1).length };
}"""

# how many lines each span of *selector* takes
LINES = """(els) => els.map((e) => [e.textContent, e.getClientRects().length])"""

# a menu's width against its longest choice's text (drawn in the menu's own font, plus the
# room ipywidgets keeps for the arrow)
MENUS = """(root) => [...root.querySelectorAll('.widget-dropdown select')].map((s) => {
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = getComputedStyle(s).font;
  const longest = Math.max(...[...s.options].map((o) => ctx.measureText(o.text).width));
  const need = longest + parseFloat(getComputedStyle(s).paddingRight);
  return { longest: [...s.options].map((o) => o.text).sort((a, b) => b.length - a.length)[0],
           width: s.getBoundingClientRect().width, need };
})"""


def check_menus(play: Any, where: str) -> None:
    menus = play.evaluate(MENUS)
    assert len(menus) >= 3, menus
    for menu in menus:  # (a select's own left padding is small: 4 px of slack)
        assert menu["width"] + 4 >= menu["need"], (where, menu)


def test_lessons_fit_a_tablet_and_keep_names_and_rule_numbers_whole(
        lab_server: JupyterServer, device_page: Any, request: pytest.FixtureRequest) -> None:
    from playwright.sync_api import expect

    from horserace_nb.words.i18n import t

    page = device_page(820, 1180, touch=True)

    def screenshot(suffix: str, part: Any) -> None:  # what a reader sees of *part*
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        part.evaluate("e => e.scrollIntoView({block: 'start'})")
        settled(page)
        page.screenshot(path=str(ARTIFACTS / f"{artifact_name(request.node)}-{suffix}.png"))

    name = write_notebook(lab_server, "screen_fit.ipynb", CELLS)
    open_notebook(page, lab_server, name)
    drill = page.locator(".hr-exercise").first
    expect(drill.locator(".hr-msg-error")).to_be_visible(timeout=KERNEL_TIMEOUT_MS)

    # the board only looked at scales to its box: nothing of it past the frame's right edge
    board = drill.locator(".hr-board-w").first
    board.scroll_into_view_if_needed()
    page.wait_for_timeout(600)  # the room reported and the picture drawn to it
    fit = board.evaluate(BOARD_FIT)
    assert fit["parts"] > 10 and fit["over"] == 0 and fit["scroll"] <= 1, fit
    assert fit["svg"] <= fit["frame"] + 1, fit
    screenshot("board", drill)

    # "(R8, R18)。" on one line, wherever the line ends
    refs = drill.locator(".hr-msg-error .hr-ref")
    expect(refs).not_to_have_count(0)
    assert all(lines == 1 for _, lines in refs.evaluate_all(LINES)), refs.evaluate_all(LINES)

    # the replay's hand list: every player's name on one line
    replay = page.locator(".hr-replay").first
    names = replay.locator(".hr-detail .hr-keep")
    expect(names).not_to_have_count(0)
    assert all(lines == 1 for _, lines in names.evaluate_all(LINES)), names.evaluate_all(LINES)
    assert set(names.all_text_contents()) >= {"プレイヤー1", "プレイヤー4"}
    screenshot("replay", replay.locator(".hr-detail").first)

    # the game's menus as wide as their longest choice
    play = page.locator(".hr-play").first
    play.scroll_into_view_if_needed()
    check_menus(play, "tablet")
    screenshot("menus", play.locator(".widget-dropdown").first)

    # the number box: empty, its placeholder said; the download button has its icon
    box = page.locator(".hr-exercise").nth(1).get_by_label(t("exercise.answer_label", "ko"))
    expect(box).to_have_value("")
    expect(box).to_have_attribute("placeholder", t("exercise.number_placeholder", "ko"))
    expect(page.locator(".hr-progress .hr-store-download i.fa.fa-download")).to_have_count(1)

    # a desktop's width: the menus still fit, the board still inside its frame
    page.set_viewport_size({"width": 1366, "height": 900})
    page.wait_for_timeout(800)
    check_menus(play, "desktop")
    board.scroll_into_view_if_needed()
    fit = board.evaluate(BOARD_FIT)
    assert fit["over"] == 0 and fit["svg"] <= fit["frame"] + 1, fit
    screenshot("desktop", drill)
    screenshot("desktop-menus", play.locator(".widget-dropdown").first)
