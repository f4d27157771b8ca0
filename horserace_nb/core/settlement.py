"""Settling a hand: who wins it and the bonus from the opponents' remaining pips (R21–R25).

>>> round_pips(17), bonus(17)
(15, 3)
>>> settle([4, 4, 4, 14], partners=False, domino=None).gains
{0: 4, 1: 4, 2: 4}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NoReturn

from .rules import HORSE_RACE, Rules

__all__ = ["round_pips", "bonus", "settle", "HandResult", "Bonus", "Gains"]


def round_pips(pips: int) -> int:
    """Round a pip sum to the nearest multiple of 5: remainder 1 or 2 down, 3 or 4 up (R23).

    >>> [round_pips(n) for n in (16, 17, 18, 22)]
    [15, 15, 20, 20]
    """
    return HORSE_RACE.round_pips(pips)


def bonus(pips: int) -> int:
    """The display points a pip sum is worth at settlement (R23): rounded, divided by 5."""
    return HORSE_RACE.bonus(pips)


@dataclass(frozen=True)
class Bonus:
    """One winner's hand-end bonus, step by step: ``pips → rounded → points`` (R23)."""

    winner: int
    pips: int
    rounded: int
    points: int
    from_seats: tuple[int, ...]


class Gains(dict[int, int]):
    """The display points each hand winner receives: a dict that cannot be changed (a computer
    player's view shares it with the game).

    >>> gains = Gains({0: 3})
    >>> gains[0] = 9
    Traceback (most recent call last):
    ...
    TypeError: a settlement's gains cannot be changed
    """

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("a settlement's gains cannot be changed")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse


@dataclass(frozen=True)
class HandResult:
    """The settlement of a hand (R21–R25).

    ``winners`` are seats, or teams with partners (team 0 = seats 0+2, team 1 = seats 1+3);
    ``gains`` maps each winner to the display points it receives (read-only); ``pips`` is every
    seat's remaining pip total; ``bonuses`` explain each gain.
    """

    reason: str
    winners: tuple[int, ...]
    gains: Mapping[int, int]
    pips: tuple[int, ...]
    bonuses: tuple[Bonus, ...] = field(default=())
    partners: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.gains, Gains):
            object.__setattr__(self, "gains", Gains(self.gains))

    def side_pips(self) -> tuple[int, ...]:
        """Remaining pips per scoring side (per seat, or per team with partners)."""
        if not self.partners:
            return self.pips
        return (self.pips[0] + self.pips[2], self.pips[1] + self.pips[3])


def settle(pips: list[int] | tuple[int, ...], *, partners: bool,
           domino: int | None, rules: Rules = HORSE_RACE) -> HandResult:
    """Settle a hand from every seat's remaining pips.

    *domino* is the seat that placed its last tile (R21), or ``None`` for a blocked hand, whose
    lowest total wins (R22) and whose ties each receive a full bonus (R24).
    """
    pips = tuple(pips)
    n = len(pips)
    sides = [seat % 2 if partners else seat for seat in range(n)]
    totals = [0, 0] if partners else [0] * n
    for seat in range(n):
        totals[sides[seat]] += pips[seat]
    if domino is not None:
        winners: tuple[int, ...] = (sides[domino],)
        reason = "domino"
    else:
        low = min(totals)
        winners = tuple(s for s, v in enumerate(totals) if v == low)
        reason = "blocked"
    bonuses = []
    for w in winners:
        # everyone not on the winner's side pays, co-winners included (R23, R24)
        payers = tuple(seat for seat in range(n) if sides[seat] != w)
        owed = sum(pips[seat] for seat in payers)
        bonuses.append(Bonus(w, owed, rules.round_pips(owed), rules.bonus(owed), payers))
    return HandResult(reason=reason, winners=winners,
                      gains={b.winner: b.points for b in bonuses}, pips=pips,
                      bonuses=tuple(bonuses), partners=partners)
