"""A game of Horse Race: deal, turns, continuations, drawing, passing, settlement, match to 61.

>>> game = Game(players=2, seed=7)
>>> len(game.hands[0]), len(game.hands[1]), len(game.boneyard)
(7, 7, 14)
>>> event = game.apply(game.legal_actions()[0])
>>> event.kind
'place'

A scripted deal, as the tutorials use it (R17: a double lets the same player go on):

>>> game = Game(hands=[["[1|4]", "[1|1]", "[1|2]"], ["[4|6]"]], leader=0)
>>> game.apply(Place("[1|4]")).points
1
>>> e = game.apply(Place("[1|1]", on="[1|4]", side="low"))
>>> e.continues, e.reason
(True, 'double')
"""

from __future__ import annotations

import bisect
import operator
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .actions import Action, Draw, Pass, Place
from .errors import IllegalMove
from .layout import Layout, _unkey
from .settlement import HandResult, settle
from .tiles import FULL_SET, Side, Tile

if TYPE_CHECKING:
    from .render.svg import SvgImage

__all__ = ["Game", "Event", "SeatView", "HAND_SIZES", "Reason"]

_BY_INDEX = operator.attrgetter("index")  # tile order, without Python-level comparisons

HAND_SIZES = {2: 7, 3: 6, 4: 5}
"""Tiles dealt to each player by the number of players (R5)."""


class Reason:
    """Why a turn goes on or ends after an action (R17–R20); the values of ``Event.reason``."""

    DOUBLE = "double"  #: a double from hand: play again (R17)
    SCORED = "scored"  #: a scoring tile from hand: play again (R17)
    DOUBLE_SCORED = "double_scored"  #: a scoring double from hand: one more placement (R17)
    DRAWN = "drawn"  #: a freshly drawn tile was placed: the turn ends (R18)
    SINGLE = "single"  #: a non-scoring single from hand: the turn ends (R17)
    DRAW_PLAYABLE = "draw_playable"  #: the drawn tile fits and must be placed now (R18)
    DRAW_AGAIN = "draw_again"  #: the drawn tile does not fit: draw again or pass (R18)
    PASS = "pass"  #: no placement, empty boneyard (R19)
    DOMINO = "domino"  #: the player placed their last tile: the hand ends (R21)
    BLOCKED = "blocked"  #: nobody can place and the boneyard is empty (R19, R22)
    GAME_WON = "game_won"  #: the target was reached (R26, R27)


# One Place per (tile, point): legal_actions hands out the same objects again and again.
_PLACES: list[dict[int, Place]] = [{} for _ in FULL_SET]
_OPENING = -1


def _place(tile: Tile, on: Tile | None, side: Side | None) -> Place:
    key = _OPENING if on is None or side is None else on.index * 8 + side.code
    table = _PLACES[tile.index]
    action = table.get(key)
    if action is None:
        action = table[key] = Place(tile, on, side)
    return action


_DRAW = Draw()
_PASS = Pass()


@dataclass(slots=True)
class Event:
    """What one action did and why (returned by :meth:`Game.apply`).

    For a placement: the tile and where it went, the contributions summed (R13), the end total,
    the raw and display points (R15), and whether the same player goes on (``continues``) with
    the ``reason`` (see :class:`Reason`). For a draw: the tile drawn (hidden from other seats in
    :meth:`Game.view`) and whether it fits. ``hand_over``/``game_over`` tell whether the action
    ended the hand or the game; ``result`` is the settlement if one was made.
    """

    seat: int
    hand: int
    kind: str  # "place", "draw" or "pass"
    tile: Tile | None = None
    on: Tile | None = None
    side: Side | None = None
    tile_side: Side | None = None
    scoring: dict[int, int] = field(default_factory=dict)  # scoring end key -> contribution
    total: int = 0
    raw: int = 0
    continues: bool = False
    reason: str = ""
    hand_over: bool = False
    game_over: bool = False
    result: HandResult | None = None
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] | None = None

    @property
    def points(self) -> int:
        """The display points the placement scored (R3)."""
        return self.raw // 5

    @property
    def action(self) -> Action:
        """The action that made this event."""
        if self.kind == "place":
            assert self.tile is not None
            return _place(self.tile, self.on, self.side)
        return _DRAW if self.kind == "draw" else _PASS

    @property
    def end_keys(self) -> tuple[tuple[int, int], ...]:
        """The scoring ends as sorted ``(point key, contribution)`` pairs."""
        return tuple(sorted(self.scoring.items()))

    @property
    def ends(self) -> tuple[tuple[Tile, int], ...]:
        """The contributions summed for this placement, in the worked examples' order (R13)."""
        return tuple((FULL_SET[k >> 3], v) for k, v in self.end_keys)

    @property
    def contributions(self) -> list[tuple[Tile, int]]:
        """The contributions summed for this placement as a list (see :attr:`ends`)."""
        return list(self.ends)

    def sum_text(self) -> str:
        """``"2 + 8 = 10"``: the sum the placement made."""
        values = " + ".join(str(v) for _, v in self.end_keys) or "0"
        return f"{values} = {self.total}"


@dataclass(frozen=True)
class SeatView:
    """What one seat may know (the input of a computer player): its own hand, the layout, the
    public history, the sizes of the other hands and of the boneyard, and the scores."""

    seat: int
    players: int
    partners: bool
    target: int
    hand: tuple[Tile, ...]
    layout: Layout
    legal_actions: tuple[Action, ...]
    to_play: int
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    scores: tuple[int, ...]
    history: tuple[Event, ...]
    hand_number: int
    pending: Tile | None = None
    hand_over: bool = False
    game_over: bool = False
    continuing: bool = False  #: the seat to act goes on after a double or a score (R17)

    def side_of(self, seat: int) -> int:
        """The scoring side of *seat*: the seat, or its team with partners (R2)."""
        return seat % 2 if self.partners else seat


@dataclass
class _Setup:
    players: int
    partners: bool
    target: int
    seed: int
    hands: list[list[Tile]] | None
    boneyard: list[Tile] | None
    leader: int | None
    scores: list[int] | None
    position: dict[str, Any] | None = None  # set by Game.from_position



@dataclass
class _Lot:
    hand: int
    rounds: list[dict[int, int]] = field(default_factory=list)
    winner: int = 0


class Game:
    """A game of Horse Race for 2, 3 or 4 players, or 4 in two partnerships (R2).

    Without *hands*, each hand is dealt from a shuffle seeded by *seed* (R5) and the first
    leader is chosen by lot (R6). With *hands* (a list of tile lists, one per seat) and
    *boneyard* (drawn front first; empty if not given) the first hand is a scripted deal. *leader*
    fixes the first player; *scores* presets the display points (one per seat, or per team with
    partners). The same seed always gives the same deals, lots and game.
    """

    def __init__(self, players: int = 2, partners: bool = False, target: int = 61,
                 seed: int | None = None, hands: Sequence[Sequence[Tile | str]] | None = None,
                 boneyard: Sequence[Tile | str] | None = None, leader: int | None = None,
                 scores: Sequence[int] | None = None) -> None:
        if isinstance(players, bool) or players not in HAND_SIZES:
            raise ValueError(f"Horse Race is for 2, 3 or 4 players (R2), not {players!r}")
        if partners and players != 4:
            raise ValueError("partnerships need exactly 4 players, partners sitting opposite (R2)")
        if isinstance(target, bool) or not isinstance(target, int) or target < 1:
            raise ValueError(f"the target must be a positive number of points, not {target!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(1, 1_000_000)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"the seed must be a whole number, not {seed!r}")
        self.players = players
        self.partners = bool(partners)
        self.target = target
        self.seed = seed
        sides = 2 if self.partners else players
        if scores is None:
            self._scores = [0] * sides
        else:
            self._scores = [int(s) for s in scores]
            if len(self._scores) != sides or any(s < 0 or s >= target for s in self._scores):
                raise ValueError(
                    f"scores must be {sides} numbers from 0 to {target - 1} (one per "
                    f"{'team' if self.partners else 'seat'})")
        script_hands = None if hands is None else [[Tile.parse(t) for t in h] for h in hands]
        script_bone = None if boneyard is None else [Tile.parse(t) for t in boneyard]
        if script_hands is not None:
            if len(script_hands) != players:
                raise ValueError(
                    f"give one hand per seat: {players} hands, not {len(script_hands)}")
            if any(not h for h in script_hands):
                raise ValueError("every scripted hand needs at least one tile")
            every = [t for h in script_hands for t in h] + (script_bone or [])
            dup = sorted({t for t in every if every.count(t) > 1})
            if dup:
                raise ValueError(
                    f"each tile exists once in the set (R1): {', '.join(map(str, dup))} "
                    "appears twice")
        elif script_bone is not None:
            raise ValueError("a scripted boneyard needs scripted hands")
        if leader is not None and (isinstance(leader, bool) or leader not in range(players)):
            raise ValueError(f"the leader is a seat from 0 to {players - 1}, not {leader!r}")
        self._setup = _Setup(players, self.partners, target, seed, script_hands, script_bone,
                             leader, None if scores is None else list(self._scores))
        self._rng = random.Random(seed)
        # (seat, action) for every action; None where the next hand was dealt
        self._actions: list[tuple[int, Action] | None] = []
        self.history: list[Event] = []
        """Every event of the game, all hands, in order."""
        self.lots: list[_Lot] = []
        self.hand_number = 0
        self._winners: list[int] | None = None
        if script_hands is not None:
            self._start_hand(script_hands, script_bone or [], leader)
        else:
            self._start_hand(None, None, leader)

    # ------------------------------------------------------------------ dealing
    def _draw_lot(self, candidates: list[int]) -> int:
        """A neutral lot: each candidate rolls a die, ties roll again among themselves (R6)."""
        lot = _Lot(self.hand_number)
        rand = self._rng.random
        while len(candidates) > 1:
            rolls = {seat: int(rand() * 6) + 1 for seat in candidates}  # one die each
            lot.rounds.append(rolls)
            best = max(rolls.values())
            candidates = [seat for seat in candidates if rolls[seat] == best]
        lot.winner = candidates[0]
        self.lots.append(lot)
        return lot.winner

    def _start_hand(self, hands: list[list[Tile]] | None, boneyard: list[Tile] | None,
                    leader: int | None) -> None:
        self.hand_number += 1
        if hands is None:
            tiles = list(FULL_SET)
            rand = self._rng.random
            for i in range(len(tiles) - 1, 0, -1):  # Fisher–Yates
                j = int(rand() * (i + 1))
                tiles[i], tiles[j] = tiles[j], tiles[i]
            size = HAND_SIZES[self.players]
            hands = [tiles[i * size:(i + 1) * size] for i in range(self.players)]
            boneyard = tiles[self.players * size:]
        self._hands = [sorted(h, key=_BY_INDEX) for h in hands]
        self._boneyard = list(boneyard or [])
        self.layout = Layout()
        if leader is None:
            leader = self._draw_lot(list(range(self.players)))
        self.leader = leader
        self.to_play = leader
        self._pending: Tile | None = None
        self._continuing = False
        self._hand_over = False
        self._hand_result: HandResult | None = None
        self._last_placer: int | None = None

    @classmethod
    def from_position(cls, layout: Layout | Sequence[tuple[Tile | str, Tile | str | None,
                                                           Side | str | None]],
                      hands: Sequence[Sequence[Tile | str]], boneyard: Sequence[Tile | str],
                      to_play: int, *, partners: bool = False, target: int = 61,
                      scores: Sequence[int] | None = None, pending: Tile | str | None = None,
                      continuing: bool = False, hand_number: int = 1, seed: int = 1) -> Game:
        """A game in the middle of a hand: *layout* (a :class:`Layout` or its placements) is
        on the table, *hands* are held, *boneyard* is drawn front first, and *to_play* acts —
        going on after a double or a score if *continuing* (R17), or obliged to place the drawn
        tile *pending* (R18). For look-ahead, teaching positions and tests; records of such
        games save and load like any other.

        :raises ValueError: if the position is impossible (a tile twice, a pending tile that is
            not in the hand or does not fit, …).
        """
        if isinstance(layout, Layout):
            table = layout.copy()
        else:
            table = Layout.from_placements(list(layout))
        game = cls(players=len(hands), partners=partners, target=target, seed=seed,
                   hands=hands, boneyard=boneyard, leader=to_play, scores=scores)
        down = [t for t in table.tiles if any(t in h for h in game._hands)
                or t in game._boneyard]
        if down:
            raise ValueError(f"each tile exists once in the set (R1): {down[0]} is both on the "
                             "layout and in a hand or the boneyard")
        pend = None if pending is None else Tile.parse(pending)
        if pend is not None and (pend not in game._hands[to_play] or not table.can_place(pend)):
            raise ValueError(f"the pending drawn tile {pend} must be in seat {to_play}'s hand "
                             "and fit the layout (R18)")
        if hand_number < 1:
            raise ValueError("hands are numbered from 1")
        game._setup.position = {"layout": table.copy(), "pending": pend,
                                "continuing": bool(continuing), "hand_number": hand_number}
        game._set_position(table, pend, bool(continuing), hand_number)
        return game

    def _set_position(self, layout: Layout, pending: Tile | None, continuing: bool,
                      hand_number: int) -> None:
        self.layout = layout
        self._pending = pending
        self._continuing = continuing
        self.hand_number = hand_number
        if not self._boneyard and self._blocked():
            self._settle(domino=None)

    def next_hand(self) -> None:
        """Deal the next hand (R5). The player who placed the last tile leads; after a blocked
        hand a new lot chooses the leader (R7).

        :raises IllegalMove: if the hand is not over, or the game is.
        """
        if self._winners is not None:
            raise IllegalMove("error.game_over", rule="R26", target=self.target)
        if not self._hand_over:
            raise IllegalMove("error.hand_not_over", rule="R21")
        result = self._hand_result
        leader = self._last_placer if result is not None and result.reason == "domino" else None
        self._actions.append(None)
        self._start_hand(None, None, leader)

    # ------------------------------------------------------------------ state
    @property
    def hands(self) -> list[list[Tile]]:
        """Every seat's hand (copies, sorted)."""
        return [h.copy() for h in self._hands]

    @property
    def boneyard(self) -> list[Tile]:
        """The boneyard, next draw first (a copy)."""
        return self._boneyard.copy()

    @property
    def scores(self) -> list[int]:
        """Display points: one per seat, or with partners one per team (team 0 = seats 0+2)."""
        return self._scores.copy()

    @property
    def pending(self) -> Tile | None:
        """A drawn tile that fits and must be placed now (R18), or ``None``."""
        return self._pending

    @property
    def hand_over(self) -> bool:
        """True once the hand has ended, including by a game-winning placement (R20, R26)."""
        return self._hand_over

    @property
    def hand_result(self) -> HandResult | None:
        """The settlement of the hand once it was settled (R21–R25)."""
        return self._hand_result

    @property
    def winners(self) -> list[int] | None:
        """``None`` while the game goes on; then the winning seats, or teams (R26–R28)."""
        return None if self._winners is None else list(self._winners)

    @property
    def game_over(self) -> bool:
        return self._winners is not None

    @property
    def continuing(self) -> bool:
        """True while the player to act goes on after a double or a score (R17)."""
        return self._continuing

    def side_of(self, seat: int) -> int:
        """The scoring side of *seat*: the seat itself, or its team with partners (R2)."""
        return seat % 2 if self.partners else seat

    def pips(self) -> list[int]:
        """The pip total of every hand."""
        return [sum(t.pips for t in h) for h in self._hands]

    def can_place(self, seat: int) -> bool:
        """True if *seat* has a tile in hand that fits the layout."""
        layout = self.layout
        if not layout._tiles:
            return bool(self._hands[seat])
        by_number = layout._by_number  # tiles in hand are never on the layout
        for t in self._hands[seat]:
            if by_number[t.low] or by_number[t.high]:
                return True
        return False

    def __repr__(self) -> str:
        state = ("over" if self._winners is not None else
                 f"hand {self.hand_number}, seat {self.to_play} to play")
        return f"<Game {self.players} players{' (partners)' if self.partners else ''}, " \
               f"seed {self.seed}, {state}, scores {self._scores}>"

    # ------------------------------------------------------------------ actions
    def legal_actions(self) -> list[Action]:
        """The actions the player to act may take now (R16–R19): placements (tile order, then
        point order), else ``Draw()``, else ``Pass()``. Empty once the hand is over."""
        if self._hand_over:
            return []
        layout = self.layout
        if self._pending is not None:
            tiles: Iterable[Tile] = (self._pending,)
        else:
            tiles = self._hands[self.to_play]
        if not layout._tiles:
            return [_place(t, None, None) for t in tiles]
        by_number = layout._by_number
        out: list[Action] = []
        for t in tiles:
            keys = by_number[t.low]
            if not t.is_double:
                more = by_number[t.high]
                if more:
                    keys = sorted(keys + more) if keys else more
            if not keys:
                continue
            table = _PLACES[t.index]
            for key in keys:  # point order: tile, then side (RULES.md)
                action = table.get(key)
                if action is None:
                    a, s = _unkey(key)
                    action = table[key] = Place(t, a, s)
                out.append(action)
        if out:
            return out
        return [_DRAW] if self._boneyard else [_PASS]

    def check(self, action: Action) -> None:
        """Raise :class:`IllegalMove` if *action* is not legal now; change nothing."""
        self._check(action)

    def _check(self, action: Action) -> type:
        if self._hand_over:
            if self._winners is not None:
                raise IllegalMove("error.game_over", rule="R26", target=self.target)
            raise IllegalMove("error.hand_over", rule="R20")
        kind = type(action)
        pending = self._pending
        if kind is Place:
            tile = action.tile  # type: ignore[union-attr]
            if pending is not None and tile is not pending:
                raise IllegalMove("error.must_place_drawn", rule="R18", tile=pending)
            if tile not in self._hands[self.to_play]:
                if tile in self.layout:
                    raise IllegalMove("error.already_down", rule="R1", tile=tile)
                raise IllegalMove("error.not_in_hand", rule="R5", tile=tile)
            self.layout._check(tile, action.on, action.side)  # type: ignore[union-attr]
        elif kind is Draw:
            if pending is not None:
                raise IllegalMove("error.must_place_drawn", rule="R18", tile=pending)
            if self.can_place(self.to_play):
                raise IllegalMove("error.must_place", rule="R16")
            if not self._boneyard:
                raise IllegalMove("error.boneyard_empty", rule="R19")
        elif kind is Pass:
            if pending is not None:
                raise IllegalMove("error.must_place_drawn", rule="R18", tile=pending)
            if self.can_place(self.to_play):
                raise IllegalMove("error.no_pass_can_place", rule="R16")
            if self._boneyard:
                raise IllegalMove("error.no_pass_can_draw", rule="R18")
        else:
            raise IllegalMove("error.not_an_action", rule="R16", action=repr(action))
        return kind

    def is_legal(self, action: Action) -> bool:
        """True if *action* may be taken now."""
        try:
            self._check(action)
        except IllegalMove:
            return False
        return True

    def apply(self, action: Action) -> Event:
        """Take *action* for the player to act and return what happened.

        :raises IllegalMove: if the action is not legal now; nothing changes then.
        """
        kind = self._check(action)
        seat = self.to_play
        if kind is Place:
            event = self._do_place(seat, action)  # type: ignore[arg-type]
        elif kind is Draw:
            event = self._do_draw(seat)
        else:
            event = self._do_pass(seat)
        self.history.append(event)
        return event

    def _do_place(self, seat: int, action: Place) -> Event:
        layout = self.layout
        tile = action.tile
        drawn = self._pending is not None
        self._actions.append((seat, action))
        hand = self._hands[seat]
        hand.remove(tile)
        tile_side = layout._attach(tile, action.on, action.side)
        self._pending = None
        self._last_placer = seat
        total = layout._total
        raw = total if total > 0 and total % 5 == 0 else 0  # R15
        scores = self._scores
        side = seat % 2 if self.partners else seat
        scores[side] += raw // 5
        continues = False
        result = None
        if scores[side] >= self.target:  # R26: before anything else
            self._hand_over = True
            self._winners = [side]
            reason = Reason.GAME_WON
        elif not hand:  # R21
            reason = Reason.DOMINO
            result = self._settle(domino=seat)
        elif drawn:  # R18
            reason = Reason.DRAWN
            self.to_play = (seat + 1) % self.players
            self._continuing = False
        elif tile.is_double or raw:  # R17
            continues = self._continuing = True
            reason = (Reason.DOUBLE_SCORED if tile.is_double and raw else
                      Reason.DOUBLE if tile.is_double else Reason.SCORED)
        else:
            reason = Reason.SINGLE
            self.to_play = (seat + 1) % self.players
            self._continuing = False
        if not self._boneyard and not self._hand_over and self._blocked():
            result = self._settle(domino=None)
            reason = Reason.BLOCKED
            continues = False
        winners = self._winners
        return Event(seat, self.hand_number, "place", tile, action.on, action.side,
                     tile_side,
                     layout._scoring.copy(), total, raw, continues, reason,
                     self._hand_over, winners is not None, result, tuple(scores),
                     None if winners is None else tuple(winners))

    def _do_draw(self, seat: int) -> Event:
        self._actions.append((seat, _DRAW))
        tile = self._boneyard.pop(0)
        bisect.insort(self._hands[seat], tile, key=_BY_INDEX)
        result = None
        if self.layout.can_place(tile):
            self._pending = tile
            reason = Reason.DRAW_PLAYABLE
        else:
            reason = Reason.DRAW_AGAIN
            if not self._boneyard and self._blocked():
                result = self._settle(domino=None)
                reason = Reason.BLOCKED
        winners = self._winners
        return Event(seat, self.hand_number, "draw", tile, None, None, None, {}, 0, 0,
                     self._pending is not None, reason, self._hand_over, winners is not None,
                     result, tuple(self._scores), None if winners is None else tuple(winners))

    def _do_pass(self, seat: int) -> Event:
        self._actions.append((seat, _PASS))
        self.to_play = (seat + 1) % self.players
        self._continuing = False
        result = None
        reason = Reason.PASS
        if self._blocked():  # cannot happen after a legal pass, kept as a safeguard (R19)
            result = self._settle(domino=None)
            reason = Reason.BLOCKED
        return Event(seat=seat, hand=self.hand_number, kind="pass", reason=reason,
                     hand_over=self._hand_over, game_over=self._winners is not None,
                     result=result, scores=tuple(self._scores),
                     winners=None if self._winners is None else tuple(self._winners))

    def _blocked(self) -> bool:
        """True when the boneyard is empty and nobody can place (R19)."""
        if self._boneyard:
            return False
        by_number = self.layout._by_number  # tiles in hand are never on the layout
        for hand in self._hands:
            for t in hand:
                if by_number[t.low] or by_number[t.high]:
                    return False
        return True

    def _settle(self, domino: int | None) -> HandResult:
        """Settle the hand: all bonuses together (R23–R25), then the target check (R27)."""
        result = settle(self.pips(), partners=self.partners, domino=domino)
        for winner, gain in result.gains.items():
            self._scores[winner] += gain
        self._hand_over = True
        self._hand_result = result
        reached = [s for s, v in enumerate(self._scores) if v >= self.target]
        if reached:
            self._winners = reached
        return result

    # ------------------------------------------------------------------ views
    def view(self, seat: int) -> SeatView:
        """What *seat* may know: its own hand, the layout, the public history (others' drawn
        tiles hidden), the sizes of the other hands and of the boneyard, and the scores."""
        if isinstance(seat, bool) or seat not in range(self.players):
            raise ValueError(f"seat must be from 0 to {self.players - 1}, not {seat!r}")
        history = tuple(
            replace(e, tile=None) if e.kind == "draw" and e.seat != seat else e
            for e in self.history)
        mine = seat == self.to_play and not self._hand_over
        return SeatView(
            seat=seat, players=self.players, partners=self.partners, target=self.target,
            hand=tuple(self._hands[seat]), layout=self.layout.copy(),
            legal_actions=tuple(self.legal_actions()) if mine else (),
            to_play=self.to_play, hand_sizes=tuple(len(h) for h in self._hands),
            boneyard_size=len(self._boneyard), scores=tuple(self._scores), history=history,
            hand_number=self.hand_number, pending=self._pending if mine else None,
            hand_over=self._hand_over, game_over=self._winners is not None,
            continuing=self._continuing)

    # ------------------------------------------------------------------ records
    def record(self) -> dict[str, Any]:
        """The whole game as a JSON-ready dict: the setup, every action, and the state it
        reaches (checked on loading)."""
        from .record import game_record

        return game_record(self)

    def to_json(self, *, indent: int | None = 1) -> str:
        """The game's record as JSON text (see :meth:`record`)."""
        from .record import dumps

        return dumps(self.record(), indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a game saved with :meth:`to_json` by replaying it through the rules.

        :raises RecordError: if the record is malformed, tampered with or does not replay.
        """
        from .record import load_game

        return load_game(text)

    @classmethod
    def from_record(cls, record: dict[str, Any], *, upto: int | None = None) -> Game:
        """Rebuild a game from :meth:`record` (the first *upto* actions only, if given)."""
        from .record import replay

        return replay(record, upto=upto)

    def undo(self, count: int = 1) -> Game:
        """A new game with the last *count* actions (draws and next-hand deals included) taken
        back; this game is not changed."""
        if count < 0 or count > len(self._actions):
            raise ValueError(f"there are {len(self._actions)} actions to take back, not {count}")
        return self.from_record(self.record(), upto=len(self._actions) - count)

    @property
    def action_count(self) -> int:
        """How many actions (and next-hand deals) the game has had."""
        return len(self._actions)

    def copy(self) -> Game:
        """An independent copy of the game (for look-ahead)."""
        new = Game.__new__(Game)
        new.__dict__.update(self.__dict__)
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        new._hands = [h.copy() for h in self._hands]
        new._boneyard = self._boneyard.copy()
        new._scores = self._scores.copy()
        new.layout = self.layout.copy()
        new._actions = self._actions.copy()
        new.history = self.history.copy()
        new.lots = self.lots.copy()
        new._winners = None if self._winners is None else self._winners.copy()
        return new

    def _repr_svg_(self) -> SvgImage:
        from .render.svg import game_svg

        return game_svg(self, seat=self.to_play)
