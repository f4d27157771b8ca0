"""What the session models share: sentences in any language (:data:`Text`, :data:`Note`),
the checks of who plays (seats, names), and the legal placements grouped by tile (what a board
lights for each hand tile).

>>> check_seats([1, 0, 1], 3)
[0, 1]
>>> check_names(None, 2)
[None, None]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..core.actions import Place
from ..core.game import Game
from ..core.tiles import Tile

__all__ = ["Note", "Text", "check_names", "check_seats", "is_seat", "placements_by_tile"]

Text = Callable[[str], str]
"""A sentence that can be written in any language (rendered when shown, again on a switch)."""
Note = tuple[str, Text]
"""``(kind, text)``: kind is "info", "ok", "error" or "hint"."""


def placements_by_tile(game: Game) -> dict[Tile, list[Place]]:
    """The legal placements of the player to act, grouped by the tile they place (in tile,
    then point order): what a board lights up for each hand tile."""
    by_tile: dict[Tile, list[Place]] = {}
    for action in game.legal_actions():
        if isinstance(action, Place):
            by_tile.setdefault(action.tile, []).append(action)
    return by_tile


def is_seat(value: object, players: int) -> bool:
    """*value* is a seat of a game of *players* (a whole number, not a bool)."""
    return not isinstance(value, bool) and isinstance(value, int) and value in range(players)


def check_seats(human: object, players: int) -> list[int]:
    """The human seats: a seat number, a list of them, or ``None``/``[]`` for none.

    :raises ValueError: naming ``human`` for anything that is not a seat (a bool or a float is
        not one).
    """
    if human is None:
        return []
    if isinstance(human, (list, tuple)):
        items = list(human)
    elif isinstance(human, (int, float, str, bool)):
        items = [human]
    else:
        raise ValueError(f"human is a seat from 0 to {players - 1} or a list of seats, "
                         f"not {human!r}")
    seats: list[int] = []
    for seat in items:
        if not is_seat(seat, players):
            raise ValueError(f"human: a human seat is from 0 to {players - 1}, not {seat!r}")
        if seat not in seats:
            seats.append(seat)
    return sorted(seats)


def check_names(names: object, players: int) -> list[str | None]:
    """One name per seat, as text.

    :raises ValueError: naming ``names`` for a wrong count or a name that is not text.
    """
    if names is None:
        return [None] * players
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise ValueError(f"names is a list of one name per seat, not {names!r}")
    names = list(names)
    if len(names) != players:
        raise ValueError(f"names: give one name per seat: {players} names, not {len(names)}")
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"names: every name is a non-empty text, not {name!r}")
    return list(names)
