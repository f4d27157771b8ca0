"""Argument checks, written once: whole numbers, seats, seeds, flags, sizes and sequences of
tiles, for the core, the teaching layer, the sessions and the widgets.

Each check returns the value it accepts and otherwise raises a :class:`ValueError` that names the
parameter, says what it takes and quotes what it got (briefly: :func:`~.quoting.excerpt`), before
anything changes. A bool is not a number here, nor is ``1.0``: ``True`` and ``1.0`` hash like
``1`` and would pass for a seat. Every check runs in time linear in its input.

>>> whole(3, "count", low=1), seat(1, 4), seed(7)
(3, 1, 7)
>>> whole(True, "count")
Traceback (most recent call last):
...
ValueError: count is a whole number, not True
>>> seat(4, 4, "leader")
Traceback (most recent call last):
...
ValueError: leader is a seat from 0 to 3, not 4
>>> whole(0, "hand", low=1, says="hands are numbered from 1")
Traceback (most recent call last):
...
ValueError: hand: hands are numbered from 1, not 0
>>> tiles(["[1|4]", "2-3"], "boneyard")
[Tile(1, 4), Tile(2, 3)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, TypeGuard

from .quoting import excerpt
from .tiles import FULL_SET, Tile

__all__ = ["is_whole", "is_seat", "is_sequence", "whole", "seat", "seed", "MAX_SEED", "flag",
           "size", "tiles", "hands"]

MAX_SEED = 2 ** 53 - 1
"""The largest seed: the largest whole number a browser keeps exactly (JavaScript's
``Number.MAX_SAFE_INTEGER``). A seed travels through the browser with every result recorded
there; a larger one would come back changed (``1e+23``) and its result be refused."""


def is_whole(value: object) -> TypeGuard[int]:
    """True for an ``int`` that is not a bool (``True``, ``1.0`` and ``"1"`` are not)."""
    return type(value) is int


def is_seat(value: object, players: int) -> TypeGuard[int]:
    """True for a seat number of a game of *players*: a whole number from 0 to players - 1."""
    return type(value) is int and 0 <= value < players


def is_sequence(value: object) -> TypeGuard[Sequence[Any]]:
    """True for a list, tuple or other sequence that is not text (``"[1|4]"`` is one tile)."""
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes, bytearray))


def _range_words(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"a whole number from {low} to {high}"
    if low is not None:
        return f"a whole number ≥ {low}"
    if high is not None:
        return f"a whole number ≤ {high}"
    return "a whole number"


def whole(value: object, name: str, *, low: int | None = None, high: int | None = None,
          what: str | None = None, says: str | None = None) -> int:
    """*value* if it is a whole number from *low* to *high* (either bound optional).

    :param what: what *name* is, for the message "<name> is <what>, not <value>" (default: "a
        whole number", with its bounds).
    :param says: instead, the rule to state: "<name>: <says>, not <value>".
    :raises ValueError: otherwise, with that message.
    """
    if type(value) is int and (low is None or value >= low) and (high is None or value <= high):
        return value
    if says is not None:
        raise ValueError(f"{name}: {says}, not {excerpt(value)}")
    raise ValueError(f"{name} is {what or _range_words(low, high)}, not {excerpt(value)}")


def seat(value: object, players: int, name: str = "seat") -> int:
    """*value* if it is a seat of a game of *players* (0 to players - 1).

    :raises ValueError: "<name> is a seat from 0 to <players - 1>, not <value>".
    """
    return whole(value, name, low=0, high=players - 1, what=f"a seat from 0 to {players - 1}")


def seed(value: object, name: str = "seed") -> int:
    """*value* if it is a whole number from -:data:`MAX_SEED` to :data:`MAX_SEED` (a seed: the
    same seed, the same deal or exercise; the results a browser keeps hold it exactly).

    :raises ValueError: "seed is a whole number from -9007199254740991 to 9007199254740991 (the
        largest a browser keeps exactly), not <value>".
    """
    return whole(value, name, low=-MAX_SEED, high=MAX_SEED,
                 what=f"a whole number from -{MAX_SEED} to {MAX_SEED} (the largest a browser "
                      "keeps exactly)")


def flag(value: object, name: str) -> bool:
    """*value* if it is ``True`` or ``False`` (``1`` and ``"yes"`` are not).

    :raises ValueError: "<name> is True or False, not <value>".
    """
    if type(value) is not bool:
        raise ValueError(f"{name} is True or False, not {excerpt(value)}")
    return value


def size(value: object, name: str = "size") -> float:
    """A picture width in pixels: a finite number above 0 (a bool is not one).

    :raises ValueError: naming the parameter otherwise.
    """
    if (isinstance(value, bool) or not isinstance(value, (int, float))
            or not math.isfinite(value) or value <= 0):
        raise ValueError(f"{name} is the largest width of the picture in pixels, a number above "
                         f"0, not {excerpt(value)}")
    return float(value)


def tiles(value: object, name: str) -> list[Tile]:
    """A sequence of tiles (each a :class:`Tile` or written like ``"[1|4]"``), at most the 28 of
    the set (R1), as tiles.

    :raises ValueError: naming *name* for text, a non-sequence, too many items or a bad tile.
    """
    if not is_sequence(value):
        raise ValueError(f"{name} is a list of tiles, not {excerpt(value)}")
    if len(value) > len(FULL_SET):
        raise ValueError(f"{name} has {len(value)} tiles; the set has {len(FULL_SET)} (R1)")
    try:
        return [Tile.parse(t) for t in value]
    except ValueError as exc:
        raise ValueError(f"{name}: {exc}") from None


def hands(value: object, name: str) -> list[list[Tile]]:
    """A sequence of hands, each a sequence of tiles (:func:`tiles`).

    :raises ValueError: naming *name* (or ``name[i]`` for one hand) otherwise.
    """
    if not is_sequence(value):
        raise ValueError(f"{name} is a list of hands (lists of tiles), not {excerpt(value)}")
    return [tiles(hand, f"{name}[{i}]") for i, hand in enumerate(value)]
