"""The board for every learner, without a browser (issue 17; the browser half is in
tests/browser/test_board_access.py): line breaking of the pictures' text by script, finger-sized
hit areas in the drawing, one announcement per event, no answer in an exercise's text
alternative, no colour literal in the widget modules (issue 18 item 5)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from xml.etree import ElementTree

import pytest

from horserace_nb import Game
from horserace_nb.render.svg import STRIP_CELL, game_svg, hand_strip
from horserace_nb.render.text import NO_START, wrap
from horserace_nb.words.i18n import LANGS, MESSAGES

PACKAGE = Path(__file__).resolve().parents[1] / "horserace_nb"
SVG = "{http://www.w3.org/2000/svg}"

# every message the renderer draws in a picture: its own (render.*), the descriptions and turn
# sentences of the captions and status lines, the legend of a review
PICTURE_KEYS = sorted(k for k in MESSAGES if k.startswith(
    ("render.", "describe.", "turn.", "status.", "reviewui.legend_")))
SAMPLES = {"en": ["Player 2", "40", "[4|6]"], "ko": ["플레이어 2", "40", "[4|6]"],
           "ja": ["プレイヤー2", "40", "[4|6]"]}
# the caption widths of the pictures (game 528, layout 428 at the lessons' sizes), the legend's,
# and narrow ones that make every long sentence break
WIDTHS = [528.0, 428.0, 320.0, 200.0, 120.0]


def filled(template: str, lang: str) -> str:
    values = iter(SAMPLES[lang] * 20)
    return re.sub(r"\{[^{}]*\}", lambda _: next(values), template)


def kind(c: str) -> str:
    o = ord(c)
    if 0x30A0 <= o <= 0x30FF:
        return "kata"
    if c.isdigit():
        return "digit"
    if 0xAC00 <= o <= 0xD7A3:
        return "hangul"
    return "other"


def breaks(text: str, lines: list[str]) -> list[tuple[str, str, bool]]:
    """(end of a line, start of the next, whether a space was there) for every break."""
    out = []
    rest = text
    for line, following in zip(lines, lines[1:], strict=False):
        assert rest.startswith(line), (text, lines)
        rest = rest[len(line):]
        spaced = rest.startswith(" ")
        rest = rest.lstrip(" ")
        assert rest.startswith(following), (text, lines)
        out.append((line[-1], following[0], spaced))
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_picture_text_breaks_where_the_script_allows(lang: str) -> None:
    assert len(PICTURE_KEYS) > 40
    checked = 0
    for key in PICTURE_KEYS:
        template = MESSAGES[key].get(lang)
        if not template:
            continue
        text = filled(template, lang)
        for width in WIDTHS:
            for size in (14.0, 12.5):
                lines = wrap(text, size, width)
                for end, start, spaced in breaks(text, lines):
                    checked += 1
                    where = f"{key} at {width}: {lines}"
                    assert start not in NO_START, where  # no line starts with 、。」）…
                    if spaced:
                        continue
                    # no space: only a Japanese break, never inside a word of another script
                    assert lang == "ja", where
                    assert not (kind(end) == "kata" and kind(start) == "kata"), where
                    assert kind(end) != "digit" and kind(start) != "digit", where
                    assert "hangul" not in (kind(end), kind(start)), where
                    assert not (unicodedata.east_asian_width(end) not in "WF"
                                and unicodedata.east_asian_width(start) not in "WF"), where
    assert checked > 100


def test_the_reported_bad_breaks_do_not_happen() -> None:
    # "플레|이어", "한 번|만", "プレイヤー／4 0点", "一／度" (issue 17)
    for text, size, width in [("플레이어 1 차례입니다", 14, 40), ("한 번만 더합니다", 14, 30),
                              ("得点：プレイヤー1 40点、プレイヤー2 0点", 14, 100),
                              ("ダブルのもう一方 (数えるのは一度だけ)", 12.5, 80)]:
        lines = wrap(text, size, width)
        joined = "|".join(lines)
        for bad in ("플레|", "한 번|만", "번|만", "プレ|", "4|0", "40|点", "一|度"):
            assert bad not in joined, lines


def test_hand_strip_cells_and_lit_points_are_finger_sized() -> None:
    game = Game(seed=2024)
    strip = hand_strip(game, seat=0, lang="ko")
    assert 'lang="ko"' in strip
    cells = re.findall(r'<svg[^>]*class="hr-svg-hand-pic"[^>]*>', strip)
    assert len(cells) == len(game.hands[0])
    assert min(STRIP_CELL) >= 44
    for cell in cells:
        assert f'width="{STRIP_CELL[0]:g}"' in cell and f'height="{STRIP_CELL[1]:g}"' in cell
    # the picture beside the strip leaves the hand out, and its lit points are 48 units wide
    # (44 px once the board scales it to 0.92 at most on a tablet)
    from horserace_nb.core.actions import Place
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Place)))
    svg = game_svg(game, seat=0, interactive=True, own_hand=False)
    assert "hr-svg-hand-tile" not in svg
    root = ElementTree.fromstring(svg)
    radii = [float(c.get("r", 0)) for c in root.iter(f"{SVG}circle")
             if c.get("class") == "hr-svg-spot"]
    assert radii and min(radii) * 2 * 0.92 >= 44
    empty = ElementTree.fromstring(game_svg(Game(seed=1), seat=0, interactive=True))
    [spot] = [r for r in empty.iter(f"{SVG}rect") if "hr-svg-spot" in (r.get("class") or "")]
    assert min(float(spot.get("width", 0)), float(spot.get("height", 0))) * 0.92 >= 44
    # deterministic: the same game, the same text
    assert hand_strip(Game(seed=2024), seat=0, lang="ko") == strip


def test_each_event_is_announced_once_in_the_widgets_language() -> None:
    from horserace_nb.widgets import PlayWidget

    w = PlayWidget(Game(players=2, seed=2024), human=0, lang="ko", match="hand")
    heard = []
    w.board.observe(lambda change: heard.append(change["new"]), names="announcement")
    w.auto_draw.value = False
    steps = 0
    while not w.game.hand_over and steps < 60:
        steps += 1
        before = len(heard)
        if w.controller.human_turn():
            tile = next(iter(w.board.moves), None)
            if tile is None:
                (w._on_draw if not w.draw_button.disabled else w._on_pass)()
            else:
                point = w.board.moves[tile]["points"][0]
                w.place(tile, point["on"], point["side"])
        else:
            w._on_next()
        assert len(heard) == before + 1, heard[before:]  # once per event
    assert w.game.hand_over
    counts = [h["n"] for h in heard]
    assert counts == sorted(set(counts))
    assert all(re.search("[\uac00-\ud7a3]", h["text"]) for h in heard)
    # the message lines are not live regions of their own: the board's is the one
    assert "role" not in w.messages.html.value and "role" not in w.status.value


def test_a_replay_says_each_step_once_in_its_language() -> None:
    """Stepping a replay (a saved game here) announces each step once through the board's live
    region, in the widget's language; a redraw of the same step says nothing again."""
    from horserace_nb.widgets import ReplayWidget

    game = Game(players=2, seed=2024)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    w = ReplayWidget(game, lang="ja")
    heard = []
    w.board.observe(lambda change: heard.append(change["new"]), names="announcement")
    for step in range(1, len(w.steps)):
        before = len(heard)
        w.step = step
        assert len(heard) == before + 1, heard[before:]
        assert re.search("[\u3040-\u30ff]", heard[-1]["text"]), heard[-1]
    w.step = w.step  # no change, no word
    w.lang = "ja"
    assert len(heard) == len(w.steps) - 1


def test_a_review_says_each_decision_once() -> None:
    from horserace_nb.widgets import ReviewWidget

    game = Game(players=2, seed=2024)
    while not game.hand_over:
        game.apply(game.legal_actions()[0])
    w = ReviewWidget(game, 0, seed=1, rollouts=4, lang="ko")
    w.run()
    heard = []
    w.board.observe(lambda change: heard.append(change["new"]), names="announcement")
    w.first_button.click()
    said = len(heard)
    while not w.next_button.disabled:
        w.next_button.click()
        assert len(heard) == said + 1
        said = len(heard)
        assert heard[-1]["text"] == w.current.explain("ko")
    assert said >= 1


def test_an_open_points_exercise_picture_does_not_tell_the_answer() -> None:
    from horserace_nb.widgets import Exercises
    from horserace_nb.words.i18n import side_name, t

    for lang in LANGS:
        w = Exercises("open", seed=3, count=3, lang=lang)
        for _ in range(3):
            layout = w.exercise.layout
            root = ElementTree.fromstring(w.board.svg)
            alt = " ".join((e.text or "") for e in root if e.tag in (f"{SVG}title", f"{SVG}desc"))
            assert str(layout.tiles[0]) in alt  # the picture is described …
            for tile, side, number in layout.open_points():  # … but not its open points
                point = t("describe.point", lang, tile=tile, side=side_name(side, lang),
                          number=number)
                assert point not in alt, (lang, point)
            w.next_button.click()


def test_no_colour_literal_in_the_widget_modules() -> None:
    literal = re.compile(r"#[0-9a-fA-F]{3,8}\b")
    found = [f"{path.name}:{n}: {line.strip()}"
             for path in sorted((PACKAGE / "widgets").glob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if literal.search(line.split("  #")[0])]
    assert found == []
    css = (PACKAGE / "widgets" / "board.css").read_text(encoding="utf-8")
    assert not literal.search(css), "board.css takes its colours from --jp-* or the theme"
