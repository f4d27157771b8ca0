"""The board widget's messages, Python side: what its front end sends for a click on a hand tile
or a lit point, and what happens to stale, forged and malformed messages (refused, nothing
changes, the message area says why)."""

from __future__ import annotations

import re
from typing import Any
from xml.etree import ElementTree

import pytest

from horserace_nb import Game
from horserace_nb.render.svg import game_svg
from horserace_nb.widgets import PlayWidget
from horserace_nb.widgets.board import Board
from horserace_nb.words.i18n import t


def _widget() -> PlayWidget:
    return PlayWidget(Game(hands=[["[1|4]", "[4|6]", "[2|3]"], ["[0|0]", "[5|6]"]],
                           boneyard=["[5|5]"], leader=0))


def _message(w: PlayWidget) -> str:
    return re.sub(r"<[^>]+>", " ", w.messages.html.value)


def test_select_then_place_applies_the_move_through_the_rules() -> None:
    w = _widget()
    assert sorted(w.board.moves) == ["[1|4]", "[2|3]", "[4|6]"]
    [point] = w.board.moves["[1|4]"]["points"]
    preview = ("4 + 1 = 5 → 5 raw, 1 point. Scored 5 raw (1 point) with a tile "
               "from hand: the same player places again (R17).")
    assert point == {"on": None, "side": None, "label": "open with [1|4]", "preview": preview,
                     "said": f"open with [1|4]: {preview}"}
    rev = w.board.revision
    w.board.receive({"kind": "select", "tile": "[1|4]", "rev": rev})
    assert w.board.revision == rev  # a selection is drawn on the client: no new picture
    assert "fits in 1 place" in _message(w) or "layout is empty" in _message(w)
    w.board.receive({"kind": "place", "tile": "[1|4]", "on": None, "side": None, "rev": rev})
    assert [str(x) for x in w.game.layout.tiles] == ["[1|4]"]
    assert w.board.revision == rev + 1
    assert 'data-tile="[1|4]"' in w.board.svg
    # the new moves: [4|6] on the high end of [1|4] (4) previews 1 + 6 = 7, no score
    labels = {p["label"]: p["preview"] for p in w.board.moves["[4|6]"]["points"]}
    assert labels == {"on [1|4], high end":
                      "1 + 6 = 7: not a positive multiple of 5, no score (R15). A single that "
                      "does not score: the turn ends (R17)."}


def test_every_lit_point_is_drawn_as_a_hidden_spot_in_the_svg() -> None:
    w = _widget()
    w.place("[1|4]")
    svg = w.board.svg
    spots = {(g.get("data-tile"), g.get("data-side"))
             for g in ElementTree.fromstring(svg).iter("{http://www.w3.org/2000/svg}circle")
             if g.get("class") == "hr-svg-spot"}
    for entry in w.board.moves.values():
        for p in entry["points"]:
            assert (p["on"], p["side"]) in spots
    assert svg.count('class="hr-svg-spot"') == len(w.game.layout.open_points())
    assert 'visibility="hidden"' in svg
    # an empty layout: one opening place in the middle
    empty = game_svg(Game(seed=1), seat=0, interactive=True)
    assert empty.count('class="hr-svg-spot hr-svg-open"') == 1
    # without the option, the picture is unchanged
    assert "hr-svg-spot" not in game_svg(w.game, seat=0)


GARBAGE: list[Any] = [
    None, 7, "place", [], {}, {"kind": "place"},
    {"kind": "fly", "tile": "[1|4]", "rev": 1},
    {"kind": "place", "tile": "[1|4]", "rev": "1"},
    {"kind": "place", "tile": "[1|4]", "rev": True},
    {"kind": "place", "tile": "[9|9]", "on": None, "side": None},
    {"kind": "place", "tile": "1" + " " * 5000 + "x", "on": None, "side": None},
    {"kind": "place", "tile": ["[1|4]"], "on": None, "side": None},
    {"kind": "place", "tile": "[1|4]", "on": "[1|4]", "side": None},
    {"kind": "place", "tile": "[1|4]", "on": "[1|4]", "side": "LOWEST"},
    {"kind": "place", "tile": "[1|4]", "on": {"x": 1}, "side": "low"},
]


@pytest.mark.parametrize("payload", GARBAGE)
def test_malformed_messages_are_refused_and_change_nothing(payload: Any) -> None:
    w = _widget()
    if isinstance(payload, dict) and "rev" not in payload:
        payload = {**payload, "rev": w.board.revision}
    before, svg = w.game.record(), w.board.svg
    w.board.receive(payload)
    assert w.game.record() == before and w.board.svg == svg
    assert "cannot be read" in _message(w)
    assert w.messages.html.value.count("hr-msg-error") == 1


def test_stale_and_forged_messages_are_refused_and_change_nothing() -> None:
    w = _widget()
    old = w.board.revision
    w.place("[1|4]")  # a new picture: revision + 1
    before = w.game.record()
    # a click made on the old picture arrives late
    w.board.receive({"kind": "place", "tile": "[2|3]", "on": None, "side": None, "rev": old})
    assert w.game.record() == before and "changed before that choice arrived" in _message(w)
    # forged: a tile that is not in the hand, a point that is not legal for the tile
    w.place("[5|6]", "[1|4]", "high")
    assert w.game.record() == before and "not in your hand" in _message(w)
    w.place("[2|3]", "[1|4]", "high")  # no 4 on [2|3] (R9)
    assert w.game.record() == before and "R9" in _message(w)
    w.place("[4|6]", "[1|4]", "straight_a")  # [1|4] has no straight side
    assert w.game.record() == before and "hr-msg-error" in w.messages.html.value
    # the legal move still works afterwards
    w.place("[4|6]", "[1|4]", "high")
    assert w.game.action_count == 2


def test_a_read_only_board_refuses_everything() -> None:
    board = Board(readonly=True, lang="ko")
    seen: list[Any] = []
    refused: list[str] = []
    board.on_choice(seen.append)
    board.on_refusal(lambda text: refused.append(text("ko")))
    board.show("<svg/>")
    board.receive({"kind": "select", "tile": "[1|4]", "rev": board.revision})
    assert not seen and refused == [t("board.readonly", "ko")]  # in the board's language
    assert board.label == t("board.label_readonly", "ko") != t("board.label_readonly", "en")


def test_static_front_ends_get_the_picture() -> None:
    """nbconvert and notebook viewers: the mime bundle carries the SVG beside the widget."""
    w = _widget()
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["text/html"].count("<svg") == 1 and "<title>" in bundle["text/html"]
    board_bundle = w.board._repr_mimebundle_()
    data = board_bundle[0] if isinstance(board_bundle, tuple) else board_bundle
    assert "<svg" in data["text/html"]


def test_only_changed_traits_are_sent_after_a_move() -> None:
    """A synced trait is sent only when it changes: after a computer move, the learner's moves
    (none on its turn) stay as they were and are not sent again."""
    w = PlayWidget(Game(seed=5, leader=1), human=0)
    changed: list[str] = []
    w.board.observe(lambda change: changed.append(change["name"]),
                    names=["svg", "moves", "selected", "revision", "lang", "readonly"])
    w.next_button.click()
    assert "revision" in changed and "svg" in changed
    assert "moves" not in changed or w.board.moves  # unchanged {} is not sent
    assert "lang" not in changed and "readonly" not in changed


def test_the_module_and_style_ship_inside_the_package() -> None:
    from pathlib import Path

    import horserace_nb.widgets.board as module

    here = Path(module.__file__).parent
    js = (here / "board.js").read_text(encoding="utf-8")
    assert "export default" in js and "http" not in js  # no CDN
    for needed in ('"role", "button"', '"tabindex", "0"', "aria-label", "Escape",
                   "model.send", "aria-live"):
        assert needed in js
    assert ":focus-visible" in (here / "board.css").read_text(encoding="utf-8")
