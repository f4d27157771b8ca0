"""The play controller without any widget: whose turn, the selection, what to say, computer
moves, undo, hints and new games; and the widget parameters it checks (issue 9 item 8)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from horserace_nb import Draw, Game, Place
from horserace_nb.sessions.play import PlayController
from horserace_nb.teaching.bots import GreedyBot


def said(c: PlayController, lang: str = "en") -> str:
    return " ".join(text(lang) for _, text in c.notes)


def test_the_controller_imports_no_widgets() -> None:
    import horserace_nb.sessions.play as controller
    import horserace_nb.words.narration as narration

    for module in (controller, narration):
        tree = ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))
        names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                 for alias in node.names}
        names |= {node.module or "" for node in ast.walk(tree)
                  if isinstance(node, ast.ImportFrom)}
        assert not {n for n in names if n.split(".")[0] in ("ipywidgets", "anywidget",
                                                             "svgwrite", "traitlets")}


def test_turns_selection_and_what_is_said() -> None:
    c = PlayController(Game(hands=[["[1|4]", "[2|3]"], ["[5|6]"]], boneyard=["[0|0]"],
                            leader=0))
    assert c.human_turn() and not c.computer_turn()
    assert "your turn" in c.status_text("en")
    c.select("[2|3]")
    assert c.selected is not None and str(c.selected) == "[2|3]"
    assert len(c.targets) == 1 and c.targets[0].on is None  # it opens the layout (R8)
    assert "choose where to place [2|3]" in c.status_text("en")
    event = c.place(Place("[1|4]"))
    assert event is not None and event.raw == 5
    assert c.selected is None
    assert "opened with [1|4]" in said(c) and "4 + 1 = 5" in said(c)
    assert "places again" in said(c)
    assert "원점수 5" in said(c, "ko")
    assert "draw from the boneyard" in c.status_text("en")
    # [2|3] fits nowhere now: no move on the board, only Draw (R16, R18)
    assert c.moves("en") == {}
    assert c.legal() == [Draw()]
    c.select("[2|3]")
    assert "fits nowhere" in said(c)


def test_a_refused_action_changes_nothing_and_says_the_rule() -> None:
    game = Game(hands=[["[1|4]", "[2|3]"], ["[5|6]"]], boneyard=["[0|0]"], leader=0)
    c = PlayController(game)
    before = game.record()
    assert c.pass_turn() is None
    assert game.record() == before and c.notes[0][0] == "error" and "R16" in said(c)
    assert c.place(Place("[5|6]")) is None and "not in your hand" in said(c)
    assert c.computer_move() is False and "no computer move" in said(c)
    assert game.record() == before


def test_computer_moves_undo_and_hint() -> None:
    c = PlayController(Game(seed=23), human=0)
    placed = 0
    for _ in range(60):
        if c.game.hand_over or placed >= 2:
            break
        if c.human_turn():
            moves = c.moves("en")
            if moves:
                tile, entry = next(iter(moves.items()))
                point = entry["points"][0]
                c.place(Place(tile, point["on"], point["side"]))
                placed += 1
            elif c.legal() and isinstance(c.legal()[0], Draw):
                c.draw()
            else:
                c.pass_turn()
        else:
            assert c.computer_move()
    assert placed == 2
    while c.computer_turn():
        c.computer_move()
    game = c.game
    c.hint("ja")
    assert c.notes[0][0] == "hint" and said(c, "ja").startswith("ヒント")
    assert c.game is game
    c.undo()
    assert c.game is not game and c.human_turn()
    assert "Took back" in said(c)
    c.practice = False
    c.undo()
    assert "practice mode" in said(c)


def test_new_game_with_a_seed_and_a_bad_seed() -> None:
    c = PlayController(Game(seed=1))
    assert c.new_game("4p", "9")
    assert (c.game.players, c.game.partners, c.game.seed) == (4, True, 9)
    assert sorted(c.bots) == [1, 2, 3] and c.human == [0]
    game = c.game
    assert not c.new_game("3", "nine") and c.game is game and "whole number" in said(c)


class _Bot:
    def __call__(self, view: Any) -> Any:
        return GreedyBot()(view)


@pytest.mark.parametrize(("kwargs", "parameter"), [
    ({"human": 1.0}, "human"),
    ({"human": True}, "human"),
    ({"human": [0, 2.0]}, "human"),
    ({"human": 5}, "human"),
    ({"human": "0"}, "human"),
    ({"bots": {"1": _Bot()}}, "bots"),
    ({"bots": {7: _Bot()}}, "bots"),
    ({"bots": {True: _Bot()}}, "bots"),
    ({"bots": [_Bot()]}, "bots"),
    ({"names": [None, None]}, "names"),
    ({"names": ["Ann", ""]}, "names"),
    ({"names": "AB"}, "names"),
    ({"names": ["only one"]}, "names"),
])
def test_widget_parameters_are_checked(kwargs: dict[str, Any], parameter: str) -> None:
    """Issue 9 item 8: a ValueError that names the parameter, for the controller and the
    widget alike."""
    from horserace_nb.widgets import PlayWidget

    with pytest.raises(ValueError, match=parameter):
        PlayController(Game(seed=1), **kwargs)
    with pytest.raises(ValueError, match=parameter):
        PlayWidget(Game(seed=1), **kwargs)


@pytest.mark.parametrize("size", ["abc", -1, 0, float("nan"), False])
def test_play_widget_size_is_checked(size: Any) -> None:
    from horserace_nb.widgets import PlayWidget

    with pytest.raises(ValueError, match="size"):
        PlayWidget(Game(seed=1), size=size)
