"""The board's protocol (issue 18 item 3): one typed module, one builder of the move data for
every board, the front end documented against it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from horserace_nb import Game, Place
from horserace_nb.core.layout import Layout
from horserace_nb.core.tiles import Side, Tile
from horserace_nb.sessions import protocol
from horserace_nb.sessions.protocol import (
    Message,
    PlaceMessage,
    Point,
    PointMessage,
    SelectMessage,
    Spot,
    TileMoves,
    board_moves,
    place_message,
    point_message,
    select_message,
    tile_position,
)
from horserace_nb.widgets import Exercises, PlayWidget, PuzzleWidget, ReplayWidget
from horserace_nb.widgets.board import Board

PACKAGE = Path(protocol.__file__).resolve().parent.parent


def check_moves(moves: Any, *, preview: bool) -> None:
    """*moves* has exactly the shape :data:`Moves` types (what board.js reads)."""
    assert isinstance(moves, dict)
    for tile, entry in moves.items():
        Tile.parse(tile)
        assert set(entry) == set(TileMoves.__annotations__) and isinstance(entry["announce"], str)
        for point in entry["points"]:
            assert set(point) == set(Point.__annotations__)
            assert (point["on"] is None) == (point["side"] is None)
            assert isinstance(point["label"], str) and point["label"]
            assert bool(point["preview"]) == preview
            assert bool(point["said"]) == preview and point["preview"] in point["said"]


def test_what_is_said_for_a_point_is_one_catalog_line_in_the_language() -> None:
    """board.js says "label: preview" for a tile that fits several points: the line comes
    from the catalog, so Japanese has its own colon (issue 32)."""
    game = Game(hands=[["[4|4]", "[4|6]"], ["[5|6]"]], boneyard=["[0|0]"], leader=0)
    game.apply(Place(Tile(4, 4)))  # a double from hand: [4|6] fits both straight sides (R17)
    assert len(board_moves(game, "en")["[4|6]"]["points"]) == 2
    for lang, colon in (("en", ": "), ("ko", ": "), ("ja", "：")):
        for entry in board_moves(game, lang).values():
            for point in entry["points"]:
                assert point["said"] == point["label"] + colon + point["preview"]


def test_every_board_shows_move_data_of_the_one_type() -> None:
    play = PlayWidget(Game(hands=[["[1|4]", "[2|3]"], ["[5|6]"]], boneyard=["[0|0]"], leader=0))
    check_moves(play.board.moves, preview=True)
    assert play.board.moves == board_moves(play.game, "en")
    puzzle = PuzzleWidget("fifteen")
    check_moves(puzzle.board.moves, preview=False)
    assert puzzle.board.moves == board_moves(puzzle.game, "en", preview=False)
    drill = Exercises("where", seed=5)
    check_moves(drill.board.moves, preview=False)
    replay = ReplayWidget("sequence", predict=True)
    replay.step = 5
    replay.next_step()
    check_moves(replay.board.moves, preview=False)
    assert list(replay.board.moves) == ["[1|5]"]


def test_the_move_data_is_built_in_the_protocol_module_only() -> None:
    """No other module writes the points' dicts (the issue: four copies of one shape)."""
    writers = [path.relative_to(PACKAGE).as_posix() for path in PACKAGE.rglob("*.py")
               if '"preview":' in path.read_text(encoding="utf-8")]
    assert writers == ["sessions/protocol.py"]
    assert "ipywidgets" not in Path(protocol.__file__).read_text(encoding="utf-8")


def test_the_front_end_is_typed_against_the_protocol() -> None:
    """board.js is checked (``// @ts-check``, tsc in the lint stage) against the types generated
    from this module (protocol.d.ts: tests/test_frontend_types.py), and sends exactly the
    kinds of :data:`Message`."""
    from typing import get_args, get_type_hints

    js = (PACKAGE / "widgets" / "board.js").read_text(encoding="utf-8")
    header = js.split("function ")[0]
    assert js.startswith("// @ts-check")
    assert "sessions/protocol.py" in header and 'import("./protocol").BoardModel' in header
    sent = set(re.findall(r"model\.send\(\{\s*kind: \"(\w+)\"", js))
    kinds = {get_args(get_type_hints(message)["kind"])[0] for message in get_args(Message)}
    assert sent == kinds == {"select", "place", "point", "key"}


def test_a_spot_toggled_on_a_board_that_asks_for_points_reaches_python() -> None:
    board = Board()
    spot: Spot = {"on": "[1|1]", "side": "branch_a", "label": "[1|1] branch A"}
    board.show("<svg/>", spots=[spot])
    seen: list[Any] = []
    board.on_choice(seen.append)
    refused: list[Any] = []
    board.on_refusal(refused.append)
    message: PointMessage = point_message("[1|1]", "branch_a", board.revision)
    board.receive(message)
    assert [(c.kind, c.on, c.side) for c in seen] == [("point", Tile(1, 1), Side.BRANCH_A)]
    board.receive(point_message("[1|1]", "branch_b", board.revision))  # not offered
    board.receive({"kind": "point", "on": "[1|1]", "rev": board.revision})  # malformed
    assert len(seen) == 1 and len(refused) == 2
    board.pick([("[1|1]", "branch_a")])
    assert board.picked == [{"on": "[1|1]", "side": "branch_a"}]
    board.show("<svg/>")  # a new picture: no spots, nothing chosen or marked
    assert board.spots == [] and board.picked == [] and board.marks["kind"] == ""


def test_the_message_builders_are_what_the_board_reads() -> None:
    board = Board()
    board.show("<svg/>", board_moves(Game(hands=[["[1|4]"], ["[5|6]"]], leader=0), "en"))
    seen: list[Any] = []
    board.on_choice(seen.append)
    select: SelectMessage = select_message("[1|4]", board.revision)
    place: PlaceMessage = place_message(Tile(1, 4), None, None, board.revision)
    board.receive(select)
    board.receive(place)
    assert [c.kind for c in seen] == ["select", "place"] and seen[1].tile == Tile(1, 4)
    assert place_message("[5|6]", "[3|6]", "high", 2)["side"] == "high"


def test_a_question_position_offers_only_its_tile() -> None:
    layout = Layout.from_placements([("[3|6]", None, None), ("[6|6]", "[3|6]", "high")])
    game = tile_position(layout, Tile(2, 3))
    moves = board_moves(game, "ja", preview=False, question=True)
    assert list(moves) == ["[2|3]"] and moves["[2|3]"]["points"]
    assert board_moves(None, "en") == {}
