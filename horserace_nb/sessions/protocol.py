"""The board's protocol: what Python and the board's front end (``widgets/board.js``) say to each
other, typed, and the one function that builds the move data of every board.

**Python → front end**, the synced traits of :class:`~horserace_nb.widgets.board.Board`:
``svg`` (the picture), ``moves`` (:data:`Moves`: every hand tile that may be played now, with its
points), ``selected`` (a tile chosen by Python, or ""), ``readonly``, ``label`` (the board's
accessible name), ``revision`` (counts the pictures shown) and ``lang``.

**Front end → Python**, one custom message per click or key (``model.send``): a
:class:`SelectMessage` when a hand tile is chosen, a :class:`PlaceMessage` when a lit point is
(``on``/``side`` ``None``: the opening point of an empty layout). Both carry ``rev``, the
revision of the picture they were sent from: Python refuses a message about an older picture
(stale) unless it repeats the placement just handled (a double click), which it acknowledges.
A board with ``keys`` (a replay's) sends a :class:`KeyMessage` for ← → Space Home End.

A board that asks for **points** (an exercise: "which points are open?") has ``spots``
(:class:`Spot`: the points to choose from, each labelled), ``picked`` (the points chosen now, as
Python keeps them) and ``marks`` (:class:`Marks`: what the feedback or a hint talks about); a
click on a spot sends a :class:`PointMessage`, which Python answers by toggling the point.

>>> from horserace_nb import Game
>>> game = Game(hands=[["[1|4]", "[2|3]"], ["[5|6]"]], boneyard=["[0|0]"], leader=0)
>>> moves = board_moves(game, "en")
>>> sorted(moves), moves["[1|4]"]["points"][0]["label"]
(['[1|4]', '[2|3]'], 'open with [1|4]')
>>> moves["[1|4]"]["points"][0]["preview"].split(". ")[0]
'4 + 1 = 5 → 5 raw, 1 point'
>>> board_moves(game, "en", preview=False)["[1|4]"]["points"][0]["preview"]
''
>>> place_message("[1|4]", None, None, 3)
{'kind': 'place', 'tile': '[1|4]', 'on': None, 'side': None, 'rev': 3}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal, TypedDict

from ..core.actions import Place
from ..core.errors import IllegalMove
from ..core.game import Game
from ..core.layout import Layout
from ..core.tiles import FULL_SET, Side, Tile
from ..words import narration
from ..words.i18n import t

__all__ = ["SideName", "Kind", "Point", "TileMoves", "Moves", "SelectMessage", "PlaceMessage",
           "PointMessage", "KeyMessage", "ReplayKey", "REPLAY_KEYS", "Spot", "PointRef", "Marks",
           "Message", "Choice", "board_moves",
           "fits_text", "tile_position", "select_message", "place_message", "point_message",
           "point_ref", "placements_by_tile", "select_refusal", "layout_moves", "Text"]

Text = Callable[[str], str]
"""A sentence that can be written in any language (rendered when shown, again on a switch)."""

SideName = Literal["low", "high", "straight_a", "straight_b", "branch_a", "branch_b"]
"""A connection point as the messages name it (:class:`~horserace_nb.core.tiles.Side`'s
values)."""

Kind = Literal["select", "place", "point"]
"""What a front-end message about the picture asks for."""

ReplayKey = Literal["previous", "next", "play", "first", "last"]
"""What a key pressed on a board with keys (a replay's) reports: ← previous, → next, Space play,
Home first, End last."""

REPLAY_KEYS: tuple[ReplayKey, ...] = ("previous", "next", "play", "first", "last")
"""Every :data:`ReplayKey`, in that order."""


class Point(TypedDict):
    """One legal point of a hand tile, as the board lights it."""

    on: str | None
    """The layout tile it attaches to (``"[4|4]"``), ``None`` for the opening point."""
    side: SideName | None
    """The side of ``on`` (``None`` for the opening point)."""
    label: str
    """The point's accessible name: "on [4|4], straight B"."""
    preview: str
    """What it would make, shown on hover or focus ("" when previews are off: an exercise or
    a puzzle, where it would give the answer away). Always present: the front end reads it."""
    said: str
    """What is said for this point when a tile fits several: its label and its preview as one
    catalog line (``board.point_said``: "on [4|4], straight B: …", ja "…：…"); "" without a
    preview."""


class TileMoves(TypedDict):
    """A playable hand tile: the sentence said when it is chosen, and its legal points."""

    announce: str
    points: list[Point]


Moves = dict[str, TileMoves]
"""Tile text (``"[1|4]"``) → :class:`TileMoves`, for every hand tile that may be played now
(``{}``: nothing to play, a board to watch)."""


class SelectMessage(TypedDict):
    """A hand tile chosen (clicked or keyed); sent for a tile that cannot be played too, so
    that Python says why."""

    kind: Literal["select"]
    tile: str
    rev: int


class PlaceMessage(TypedDict):
    """A lit point chosen for the selected tile."""

    kind: Literal["place"]
    tile: str
    on: str | None
    side: SideName | None
    rev: int


class PointMessage(TypedDict):
    """A spot clicked (or keyed) on a board that asks for points: toggle it."""

    kind: Literal["point"]
    on: str
    side: SideName
    rev: int


class KeyMessage(TypedDict):
    """A key pressed on a board with keys (a replay's board, which has the focus)."""

    kind: Literal["key"]
    key: ReplayKey


class PointRef(TypedDict):
    """A connection point as the board's traits name it."""

    on: str
    side: SideName


class Spot(PointRef):
    """A point to choose on a board that asks for points, with its accessible name."""

    label: str


class Marks(TypedDict):
    """What the board marks: the points and tiles a feedback sentence or a hint talks about,
    and the role of the sentence (``"ok"``, ``"error"``, ``"hint"``; "" marks nothing)."""

    kind: str
    points: list[PointRef]
    tiles: list[str]


Message = SelectMessage | PlaceMessage | PointMessage | KeyMessage
"""Every message the board's front end sends."""


@dataclass(frozen=True)
class Choice:
    """A well-formed message from the board, read: a tile selected, a placement asked for (not
    yet checked against the rules), or a spot toggled (``kind="point"``: *tile* and *on* are the
    layout tile, *side* its side)."""

    kind: Kind
    tile: Tile
    on: Tile | None = None
    side: Side | None = None


def select_message(tile: Tile | str, rev: int) -> SelectMessage:
    """The message the front end sends when *tile* is chosen on the picture of revision
    *rev*."""
    return {"kind": "select", "tile": str(tile), "rev": rev}


def place_message(tile: Tile | str, on: Tile | str | None, side: Side | str | None,
                  rev: int) -> PlaceMessage:
    """The message the front end sends when the point *side* of *on* is chosen for *tile*."""
    return {"kind": "place", "tile": str(tile), "on": None if on is None else str(on),
            "side": None if side is None else _side_name(Side.coerce(side)), "rev": rev}


def point_message(on: Tile | str, side: Side | str, rev: int) -> PointMessage:
    """The message the front end sends when the spot *side* of *on* is clicked."""
    return {"kind": "point", "on": str(on), "side": _side_name(Side.coerce(side)), "rev": rev}


def point_ref(on: Tile | str, side: Side | str) -> PointRef:
    """A point as the board's traits name it.

    >>> point_ref("[1|1]", "branch_a")
    {'on': '[1|1]', 'side': 'branch_a'}
    """
    return {"on": str(Tile.parse(on)), "side": _side_name(Side.coerce(side))}


def placements_by_tile(game: Game) -> dict[Tile, list[Place]]:
    """The legal placements of the player to act, grouped by the tile they place (in tile,
    then point order): what a board lights up for each hand tile."""
    by_tile: dict[Tile, list[Place]] = {}
    for action in game.legal_actions():
        if isinstance(action, Place):
            by_tile.setdefault(action.tile, []).append(action)
    return by_tile


def select_refusal(game: Game, tile: Tile) -> Text | None:
    """Why the player to act in *game* cannot choose *tile* of the hand now — it is not in the
    hand, another tile was just drawn and must be placed (R18), or it fits nowhere (R9) — or
    ``None`` if they can. What a board says when such a tile is clicked."""
    if game.hand_over or tile not in game.hands[game.to_play]:
        return lambda lang: t("play.stale_tile", lang, tile=tile)
    pending = game.pending
    if pending is not None and tile is not pending:
        return IllegalMove("error.must_place_drawn", rule="R18", tile=pending).localized
    if any(isinstance(a, Place) and a.tile is tile for a in game.legal_actions()):
        return None
    if tile.is_double:
        return lambda lang: t("play.fits_nowhere_double", lang, tile=tile, number=tile.low)
    return lambda lang: t("play.fits_nowhere", lang, tile=tile, low=tile.low, high=tile.high)


def board_moves(game: Game | None, lang: str, *, preview: bool = True,
                question: bool = False) -> Moves:
    """The move data of a board: every legal placement of the player to act in *game*, by
    tile, each point labelled in *lang* — the one builder of the play, exercise, puzzle, replay
    and review boards.

    :param game: the position on the board; ``None`` for a board to watch (a replay's step,
        a review's decision): no moves.
    :param preview: say what each point would make (each previewed on a copy of the game);
        off for exercises and puzzles, where it would give the answer away.
    :param question: announce a chosen tile with "click the point" (an exercise's question)
        instead of where it fits.
    """
    if game is None:
        return {}
    out: Moves = {}
    empty = game.layout.is_empty
    for tile, places in placements_by_tile(game).items():
        points: list[Point] = []
        for action in places:
            text = ""
            if preview:
                text = narration.preview(
                    narration.preview_event(game, tile, action.on, action.side), lang)
            label = narration.target_label(tile, action.on, action.side, lang)
            points.append({
                "on": None if action.on is None else str(action.on),
                "side": None if action.side is None else _side_name(action.side),
                "label": label, "preview": text,
                "said": t("board.point_said", lang, label=label, preview=text) if text else ""})
        out[str(tile)] = {"announce": fits_text(tile, len(places), empty, lang, question),
                          "points": points}
    return out


def layout_moves(layout: Layout, tiles: Iterable[Tile], lang: str) -> Moves:
    """The move data of a board that lays tiles on *layout* from outside any hand (the position
    editor's palette, :mod:`.editor`): every tile of *tiles* with each open point it fits (the
    opening point of an empty layout, R8–R12), labelled, without previews. A tile that fits
    nowhere is listed with no points, so that a tap on it still reaches Python, which says why.

    >>> moves = layout_moves(Layout.from_placements([("[3|6]", None, None)]),
    ...                      [Tile(6, 6), Tile(0, 1)], "en")
    >>> [p["label"] for p in moves["[6|6]"]["points"]], moves["[0|1]"]["points"]
    (['on [3|6], high end'], [])
    """
    out: Moves = {}
    empty = layout.is_empty
    for tile in tiles:
        refs: list[tuple[Tile | None, Side | None]] = (
            [(None, None)] if empty else list(layout.legal_points(tile)))
        points: list[Point] = [{
            "on": None if on is None else str(on),
            "side": None if side is None else _side_name(side),
            "label": narration.target_label(tile, on, side, lang), "preview": "", "said": ""}
            for on, side in refs]
        out[str(tile)] = {"announce": fits_text(tile, len(refs), empty, lang) if refs else "",
                          "points": points}
    return out


def fits_text(tile: Tile, count: int, empty: bool, lang: str, question: bool = False) -> str:
    """What is said when *tile* is chosen: it opens the layout, it fits *count* points, or
    (an exercise's *question*) "click the point"."""
    if question:
        return t("exercise.click_point", lang)
    if empty:
        return t("play.tile_open", lang, tile=tile)
    return t("play.tile_fits", lang, tile=tile, count=count)


def tile_position(layout: Layout, tile: Tile) -> Game:
    """The position a "where does it go" question shows (an exercise, a replay's predict
    mode): *layout* on the table and *tile* in seat 0's hand, seat 0 to play. The second seat
    holds one tile that is neither on the table nor in the hand, which nobody sees.

    >>> game = tile_position(Layout.from_placements([("[3|6]", None, None)]), Tile(6, 6))
    >>> sorted(board_moves(game, "en", preview=False, question=True))
    ['[6|6]']
    """
    other = next(x for x in FULL_SET if x is not tile and x not in layout)
    return Game.from_position(layout, hands=[[tile], [other]], boneyard=[], to_play=0)


_SIDE_NAMES: dict[Side, SideName] = {
    Side.LOW: "low", Side.HIGH: "high", Side.STRAIGHT_A: "straight_a",
    Side.STRAIGHT_B: "straight_b", Side.BRANCH_A: "branch_a", Side.BRANCH_B: "branch_b"}


def _side_name(side: Side) -> SideName:
    return _SIDE_NAMES[side]
