"""The numbers that make the game Horse Race, in one value: :class:`Rules`.

The default is the game of the rule texts: 7, 6 or 5 tiles for 2, 3 or 4 players (R5), an end
total that is a positive multiple of 5 scores (R15), 5 raw pips make one display point (R3),
settlement pips round to the nearest multiple of 5 (R23), and the game is won at 61 (R26). A
shorter class match is ``Rules(target=31)``.

>>> HORSE_RACE.placement_score(15), HORSE_RACE.placement_score(12), HORSE_RACE.placement_score(0)
(15, 0, 0)
>>> HORSE_RACE.bonus(17)
3
>>> Rules(target=31).target
31
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .validate import whole

__all__ = ["Rules", "HORSE_RACE", "placement_score", "ROUNDINGS"]

ROUNDINGS = ("nearest", "down", "up")
"""How settlement pips are rounded to the scoring multiple: ``"nearest"`` (R23: a remainder of
1 or 2 rounds down, 3 or 4 up), or always down or up (for variants)."""


def placement_score(total: int, multiple: int = 5) -> int:
    """The raw placement score for an end total (R15): the total if it is a positive multiple
    of *multiple*, else 0. The one place where R15 is coded.

    >>> placement_score(15), placement_score(12), placement_score(0)
    (15, 0, 0)
    """
    return total if total > 0 and total % multiple == 0 else 0


@dataclass(frozen=True)
class Rules:
    """The game's numbers; the default is Horse Race as in the rule texts.

    :param target: display points that win the game (R26).
    :param multiple: an end total scores when it is a positive multiple of this (R15); it is
        also the number of raw pips per display point (R3).
    :param hand_sizes: tiles dealt to each player, by number of players (R5).
    :param rounding: how settlement pips are rounded (R23), one of :data:`ROUNDINGS`.
    """

    target: int = 61
    multiple: int = 5
    hand_sizes: Mapping[int, int] = field(
        default_factory=lambda: {2: 7, 3: 6, 4: 5})
    rounding: str = "nearest"

    def __post_init__(self) -> None:
        whole(self.target, "Rules", low=1, says="target must be a whole number ≥ 1")
        whole(self.multiple, "Rules", low=1, says="multiple must be a whole number ≥ 1")
        if self.rounding not in ROUNDINGS:
            raise ValueError(f"Rules: rounding must be one of {', '.join(ROUNDINGS)}, "
                             f"not {self.rounding!r}")
        if not isinstance(self.hand_sizes, Mapping) or set(self.hand_sizes) != {2, 3, 4}:
            raise ValueError("Rules: hand_sizes gives the tiles dealt for 2, 3 and 4 players")
        sizes = {}
        for players, size in sorted(self.hand_sizes.items()):
            whole(size, "Rules", low=1, says=f"hand_sizes[{players}] must be a whole number ≥ 1")
            if players * size > 28:
                raise ValueError(f"Rules: {players} hands of {size} need more than 28 tiles")
            sizes[players] = size
        object.__setattr__(self, "hand_sizes", _FrozenSizes(sizes))

        # R15 and R3 as look-up tables over every possible end total (at most the pips of the
        # whole set): the hot path of games reads them instead of calling a function
        most = 2 * sum(range(7)) * 4  # 168: all pips of the double-six set
        object.__setattr__(self, "scores", tuple(
            placement_score(total, self.multiple) for total in range(most + 1)))
        object.__setattr__(self, "points", tuple(
            placement_score(total, self.multiple) // self.multiple for total in range(most + 1)))

    scores: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """``scores[total]``: the raw placement score of every possible end total (R15)."""
    points: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """``points[total]``: the display points a placement with that end total scores (R3, R15)."""

    def __hash__(self) -> int:
        return hash((self.target, self.multiple, tuple(self.hand_sizes.items()), self.rounding))

    # ---------------------------------------------------------------- arithmetic
    def placement_score(self, total: int) -> int:
        """The raw score of an end total (R15)."""
        return placement_score(total, self.multiple)

    def display(self, raw: int) -> int:
        """Display points for raw points (R3): ``raw // multiple``."""
        return raw // self.multiple

    def round_pips(self, pips: int) -> int:
        """A settlement pip sum rounded to the multiple (R23).

        >>> [HORSE_RACE.round_pips(n) for n in (16, 17, 18, 22)]
        [15, 15, 20, 20]
        """
        m = self.multiple
        if self.rounding == "down":
            return pips // m * m
        if self.rounding == "up":
            return -(-pips // m) * m
        return (pips + (m - 1) // 2) // m * m

    def bonus(self, pips: int) -> int:
        """The display points a settlement pip sum is worth (R23): rounded, then divided."""
        return self.round_pips(pips) // self.multiple

    def hand_size(self, players: int) -> int:
        """Tiles dealt to each of *players* players (R5)."""
        return self.hand_sizes[players]

    @property
    def is_standard(self) -> bool:
        """True for the game of the rule texts (a shorter match is a teaching variant)."""
        return self == HORSE_RACE

    # ---------------------------------------------------------------- records
    def as_json(self) -> dict[str, Any]:
        """The rules as a JSON-ready dict (saved in game records)."""
        return {"target": self.target, "multiple": self.multiple,
                "hand_sizes": {str(k): v for k, v in self.hand_sizes.items()},
                "rounding": self.rounding}

    @classmethod
    def from_json(cls, data: Any) -> Rules:
        """The rules a record saved (see :meth:`as_json`).

        :raises ValueError: if *data* is not such a dict.
        """
        if not isinstance(data, dict) or set(data) != {"target", "multiple", "hand_sizes",
                                                       "rounding"}:
            raise ValueError("'rules' must have target, multiple, hand_sizes and rounding")
        sizes = data["hand_sizes"]
        if not isinstance(sizes, dict) or set(sizes) != {"2", "3", "4"}:
            raise ValueError("'rules.hand_sizes' must give the sizes for \"2\", \"3\" and \"4\"")
        return cls(target=data["target"], multiple=data["multiple"],
                   hand_sizes={int(k): v for k, v in sizes.items()},
                   rounding=data["rounding"])


class _FrozenSizes(Mapping[int, int]):
    """A read-only mapping of hand sizes (so a :class:`Rules` value cannot change)."""

    __slots__ = ("_sizes",)

    def __init__(self, sizes: dict[int, int]) -> None:
        self._sizes = dict(sizes)

    def __getitem__(self, key: int) -> int:
        return self._sizes[key]

    def __iter__(self) -> Any:
        return iter(self._sizes)

    def __len__(self) -> int:
        return len(self._sizes)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self.items()) == dict(other.items())

    def __hash__(self) -> int:
        return hash(tuple(self._sizes.items()))

    def __repr__(self) -> str:
        return repr(self._sizes)


HORSE_RACE = Rules()
"""Horse Race as in the rule texts: target 61, multiple 5, hands 7/6/5, nearest rounding."""
