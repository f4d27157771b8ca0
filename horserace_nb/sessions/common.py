"""What the session models share besides the board's protocol (:mod:`.protocol`): a line of
what to say (:data:`Note`: a kind and a sentence in any language) and the checks of who plays
(seats, names).

>>> check_seats([1, 0, 1], 3)
[0, 1]
>>> check_names(None, 2)
[None, None]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.validate import is_seat
from .protocol import Text

__all__ = ["Note", "Text", "check_names", "check_seats"]

Note = tuple[str, Text]
"""``(kind, text)``: kind is "info", "ok", "error" or "hint"."""


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
