"""A game of Horse Race: deal, turns, continuations, drawing, passing, settlement, match to 61.

>>> game = Game(players=2, seed=7)
>>> len(game.hands[0]), len(game.hands[1]), len(game.boneyard)
(7, 7, 14)
>>> event = game.apply(game.legal_actions()[0])
>>> event.kind == "place"
True

A scripted deal, as the tutorials use it (R17: a double lets the same player go on):

>>> game = Game(hands=[["[1|4]", "[1|1]", "[1|2]"], ["[4|6]"]], leader=0)
>>> game.apply(Place("[1|4]")).points
1
>>> e = game.apply(Place("[1|1]", on="[1|4]", side="low"))
>>> e.continues, e.reason == "double"
(True, True)
"""

from __future__ import annotations

import bisect
import enum
import json
import operator
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, NamedTuple

from . import position_code as codes
from . import record as records
from . import validate
from .actions import Action, Draw, Pass, Place
from .errors import CodeError, IllegalMove, RecordError
from .layout import Ends, Layout
from .quoting import excerpt
from .record import Entry, Placement, Position, Setup
from .rules import HORSE_RACE, Rules
from .settlement import HandResult, settle
from .tiles import FULL_SET, Side, Tile
from .validate import is_sequence, is_whole

if TYPE_CHECKING:
    from ..render.svg import SvgImage

__all__ = ["Game", "Event", "EventKind", "SeatView", "HAND_SIZES", "Reason", "Lot", "Setup"]

_BY_INDEX = operator.attrgetter("index")  # tile order, without Python-level comparisons

HAND_SIZES = dict(HORSE_RACE.hand_sizes)
"""Tiles dealt to each player by the number of players in the rule texts (R5); a game's own
sizes are ``game.rules.hand_sizes``."""


class _StrEnum(str, enum.Enum):
    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class EventKind(_StrEnum):
    """What an :class:`Event` records; equal to its string value (``"place"`` …)."""

    PLACE = "place"
    DRAW = "draw"
    PASS = "pass"


class Reason(_StrEnum):
    """Why a turn goes on or ends after an action (R17–R20); the values of ``Event.reason``,
    equal to their strings (``Reason.DOUBLE == "double"``)."""

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


_DRAW = Draw()
_PASS = Pass()
_PLACE_KIND, _DRAW_KIND, _PASS_KIND = EventKind.PLACE, EventKind.DRAW, EventKind.PASS
_NO_ENDS = Ends({})
# Events are made on the hot path with every field given, in order: tuple.__new__ skips the
# keyword-handling constructor (half the cost).
_event = tuple.__new__


class Event(NamedTuple):
    """What one action did and why (returned by :meth:`Game.apply`); immutable.

    For a placement: the tile and where it went, the contributions summed (R13), the end total,
    the raw and display points (R15), and whether the same player goes on (``continues``) with
    the ``reason`` (see :class:`Reason`). For a draw: the tile drawn (hidden from other seats in
    :meth:`Game.view`) and whether it fits. ``hand_over``/``game_over`` tell whether the action
    ended the hand or the game; ``result`` is the settlement if one was made.
    """

    seat: int
    hand: int
    kind: EventKind
    tile: Tile | None = None
    on: Tile | None = None
    side: Side | None = None
    tile_side: Side | None = None
    scoring: Ends = _NO_ENDS  #: the scoring ends after a placement (R13)
    total: int = 0
    raw: int = 0
    continues: bool = False
    reason: Reason | None = None
    hand_over: bool = False
    game_over: bool = False
    result: HandResult | None = None
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] | None = None
    display: int = 0  #: the display points the placement scored (R3)

    @property
    def points(self) -> int:
        """The display points the placement scored (R3)."""
        return self.display

    @property
    def action(self) -> Action:
        """The action that made this event."""
        if self.kind is _PLACE_KIND:
            assert self.tile is not None
            return Place(self.tile, self.on, self.side)
        return _DRAW if self.kind is _DRAW_KIND else _PASS

    @property
    def ends(self) -> tuple[tuple[Tile, int], ...]:
        """The contributions summed for this placement, in the worked examples' order (R13)."""
        return self.scoring.contributions

    @property
    def contributions(self) -> list[tuple[Tile, int]]:
        """The contributions summed for this placement as a list (see :attr:`ends`)."""
        return list(self.scoring.contributions)

    def sum_text(self) -> str:
        """``"2 + 8 = 10"``: the sum the placement made."""
        return self.scoring.sum_text() if self.scoring else f"0 = {self.total}"


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
    rules: Rules = HORSE_RACE  #: the game's numbers (target, scoring multiple, …)
    hand_start: tuple[Placement, ...] = ()
    """The placements on the table when this hand began: a position's
    (:meth:`Game.from_position`), none for a dealt hand. Replaying :attr:`history` from here
    gives the layout at every moment of the hand."""

    def side_of(self, seat: int) -> int:
        """The scoring side of *seat*: the seat, or its team with partners (R2)."""
        return seat % 2 if self.partners else seat


@dataclass
class Lot:
    """A neutral lot (R6, R7): in hand *hand*, each round's die rolls by seat, and the seat
    that won it."""

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

    def __init__(self, players: int = 2, partners: bool = False, target: int | None = None,
                 seed: int | None = None, hands: Sequence[Sequence[Tile | str]] | None = None,
                 boneyard: Sequence[Tile | str] | None = None, leader: int | None = None,
                 scores: Sequence[int] | None = None, *, rules: Rules | None = None) -> None:
        if not is_whole(players) or players not in HAND_SIZES:
            raise ValueError(f"players: Horse Race is for 2, 3 or 4 players (R2), "
                             f"not {excerpt(players)}")
        validate.flag(partners, "partners")
        if partners and players != 4:
            raise ValueError("partnerships need exactly 4 players, partners sitting opposite (R2)")
        if rules is None:
            rules = HORSE_RACE
        elif not isinstance(rules, Rules):
            raise ValueError(f"rules is a Rules value, not {excerpt(rules)}")
        if target is not None:
            validate.whole(target, "target", low=1,
                        says="the target is a positive whole number of points (R26)")
            if target != rules.target:
                rules = replace(rules, target=target)
        if seed is None:
            seed = random.SystemRandom().randrange(1, 1_000_000)
        validate.seed(seed)
        self.players = players
        self.partners = partners
        self.rules = rules
        """The game's numbers (:class:`Rules`): target, scoring multiple, hand sizes, rounding."""
        self.seed = seed
        sides = 2 if partners else players
        if scores is None:
            self._scores = [0] * sides
        else:
            self._scores = self._check_scores(scores, sides, rules.target)
        script_hands = None if hands is None else validate.hands(hands, "hands")
        script_bone = None if boneyard is None else validate.tiles(boneyard, "boneyard")
        if script_hands is not None:
            if len(script_hands) != players:
                raise ValueError(
                    f"hands: give one hand per seat: {players} hands, not {len(script_hands)}")
            if any(not h for h in script_hands):
                raise ValueError("hands: every scripted hand needs at least one tile")
            seen: set[Tile] = set()
            dup: set[Tile] = set()
            for tile in [t for h in script_hands for t in h] + (script_bone or []):
                (dup if tile in seen else seen).add(tile)
            if dup:
                raise ValueError(
                    f"each tile exists once in the set (R1): "
                    f"{', '.join(map(str, sorted(dup)))} appears twice")
        elif script_bone is not None:
            raise ValueError("boneyard: a scripted boneyard needs scripted hands")
        if leader is not None:
            leader = validate.seat(leader, players, "leader")
        self._setup = Setup(
            players, partners, rules, seed,
            None if script_hands is None else tuple(tuple(h) for h in script_hands),
            None if script_bone is None else tuple(script_bone),
            leader, None if scores is None else tuple(self._scores))
        self._rng = random.Random(seed)
        # (seat, action) for every action; None where the next hand was dealt
        self._actions: list[tuple[int, Action] | None] = []
        self.history: list[Event] = []
        """Every event of the game, all hands, in order."""
        self.lots: list[Lot] = []
        self.hand_number = 0
        self._winners: list[int] | None = None
        if script_hands is not None:
            self._start_hand(script_hands, script_bone or [], leader)
        else:
            self._start_hand(None, None, leader)

    # ------------------------------------------------------------------ dealing
    def _draw_lot(self, candidates: list[int]) -> int:
        """A neutral lot: each candidate rolls a die, ties roll again among themselves (R6)."""
        lot = Lot(self.hand_number)
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
            size = self.rules.hand_size(self.players)
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
                      to_play: int, *, partners: bool = False, target: int | None = None,
                      scores: Sequence[int] | None = None, pending: Tile | str | None = None,
                      continuing: bool = False, hand_number: int = 1, seed: int = 1,
                      rules: Rules | None = None) -> Game:
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
        elif not is_sequence(layout) or any(not is_sequence(p) or len(p) != 3 for p in layout):
            raise ValueError(f"layout is a Layout or a list of (tile, on, side) placements, "
                             f"not {excerpt(layout)}")
        else:
            table = Layout.from_placements([(p[0], p[1], p[2]) for p in layout])
        hands_list = validate.hands(hands, "hands")
        game = cls(players=len(hands_list), partners=partners, target=target, seed=seed,
                   hands=hands_list, boneyard=boneyard, leader=to_play, scores=scores,
                   rules=rules)
        down = [t for t in table.tiles if any(t in h for h in game._hands)
                or t in game._boneyard]
        if down:
            raise ValueError(f"each tile exists once in the set (R1): {down[0]} is both on the "
                             "layout and in a hand or the boneyard")
        pend = None if pending is None else Tile.parse(pending)
        if pend is not None and (pend not in game._hands[to_play] or not table.can_place(pend)):
            raise ValueError(f"the pending drawn tile {pend} must be in seat {to_play}'s hand "
                             "and fit the layout (R18)")
        validate.whole(hand_number, "hand_number", low=1, says="hands are numbered from 1")
        validate.flag(continuing, "continuing")
        game._setup = replace(game._setup, position=Position(
            tuple(table.placements()), pend, continuing, hand_number))
        game._set_position(table, pend, continuing, hand_number)
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

    @staticmethod
    def _check_scores(scores: object, sides: int, target: int) -> list[int]:
        if not is_sequence(scores) or len(scores) != sides or any(
                not is_whole(s) or not 0 <= s < target for s in scores):
            raise ValueError(
                f"scores are {sides} whole numbers from 0 to {target - 1} (one per seat, or "
                f"one per team with partners), not {excerpt(scores)}")
        return list(scores)

    # ------------------------------------------------------------------ state
    @property
    def target(self) -> int:
        """The display points that win the game (R26): ``rules.target``."""
        return self.rules.target

    @property
    def setup(self) -> Setup:
        """How the game began (read-only): what a record saves besides the actions."""
        return self._setup

    @property
    def actions(self) -> tuple[Entry, ...]:
        """Every action so far as ``(seat, action)``, with ``None`` where the next hand was
        dealt (a copy)."""
        return tuple(self._actions)

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
        return self.layout.can_place_any(self._hands[seat])

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
        out: list[Action] = layout.places_for_tiles(tiles)  # type: ignore[assignment]
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
            self.layout.check_place(action)  # type: ignore[arg-type]
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
        tile_side = layout.attach(tile, action.on, action.side)
        self._pending = None
        self._last_placer = seat
        total = layout.end_total()
        rules = self.rules
        raw = rules.scores[total]  # R15
        display = rules.points[total]
        scores = self._scores
        side = seat % 2 if self.partners else seat
        scores[side] += display
        continues = False
        result = None
        if scores[side] >= rules.target:  # R26: before anything else
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
        return _event(Event, (seat, self.hand_number, _PLACE_KIND, tile, action.on, action.side,
                              tile_side, layout.ends(), total, raw, continues, reason,
                              self._hand_over, winners is not None, result, tuple(scores),
                              None if winners is None else tuple(winners), display))

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
        return _event(Event, (seat, self.hand_number, _DRAW_KIND, tile, None, None, None,
                              _NO_ENDS, 0, 0, self._pending is not None, reason,
                              self._hand_over, winners is not None, result,
                              tuple(self._scores), None if winners is None else tuple(winners),
                              0))

    def _do_pass(self, seat: int) -> Event:
        self._actions.append((seat, _PASS))
        self.to_play = (seat + 1) % self.players
        self._continuing = False
        result = None
        reason = Reason.PASS
        if self._blocked():  # cannot happen after a legal pass, kept as a safeguard (R19)
            result = self._settle(domino=None)
            reason = Reason.BLOCKED
        return Event(seat=seat, hand=self.hand_number, kind=_PASS_KIND, reason=reason,
                     hand_over=self._hand_over, game_over=self._winners is not None,
                     result=result, scores=tuple(self._scores),
                     winners=None if self._winners is None else tuple(self._winners))

    def _blocked(self) -> bool:
        """True when the boneyard is empty and nobody can place (R19)."""
        if self._boneyard:
            return False
        fits = self.layout.can_place_any
        for hand in self._hands:
            if fits(hand):
                return False
        return True

    def _settle(self, domino: int | None) -> HandResult:
        """Settle the hand: all bonuses together (R23–R25), then the target check (R27)."""
        result = settle(self.pips(), partners=self.partners, domino=domino, rules=self.rules)
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
        seat = validate.seat(seat, self.players)
        history = tuple(
            e._replace(tile=None) if e.kind is _DRAW_KIND and e.seat != seat else e
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
            continuing=self._continuing, rules=self.rules, hand_start=self.hand_start)

    @property
    def hand_start(self) -> tuple[Placement, ...]:
        """The placements on the table when the current hand began: the position's for the
        hand a :meth:`from_position` game starts in, none for a dealt hand."""
        position = self._setup.position
        if position is None or position.hand_number != self.hand_number:
            return ()
        return position.layout

    # ------------------------------------------------------------------ records
    def state(self) -> dict[str, Any]:
        """A summary of where the game stands, as a JSON-ready dict (a record saves it and a
        loaded record must reach it again)."""
        return {
            "hand": self.hand_number,
            "to_play": self.to_play,
            "scores": self.scores,
            "layout": [str(t) for t in self.layout.tiles],
            "hands": [[str(t) for t in h] for h in self._hands],
            "winners": self.winners,
        }

    def record(self) -> dict[str, Any]:
        """The whole game as a JSON-ready dict: the setup, every action, and the state it
        reaches (checked on loading)."""
        return records.encode(self._setup, self._actions, self.state())

    def to_json(self, *, indent: int | None = 1) -> str:
        """The game's record as JSON text (see :meth:`record`)."""
        return records.dumps(self.record(), indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """Load a game saved with :meth:`to_json` by replaying it through the rules, in time
        proportional to the size of *text*.

        :raises RecordError: if the record is malformed, tampered with or does not replay.
        """
        return cls._replay(records.loads(text), None)

    @classmethod
    def from_record(cls, record: dict[str, Any] | records.Record, *,
                    upto: int | None = None) -> Game:
        """Rebuild a game from :meth:`record` (the first *upto* actions only, if given: the
        state the record claims is then not compared).

        :raises RecordError: if the record is malformed, tampered with or does not replay.
        """
        if not isinstance(record, records.Record):
            record = records.parse(record)
        if upto is not None:
            validate.whole(upto, "upto", low=0, what="a number of actions ≥ 0")
        return cls._replay(record, upto)

    @classmethod
    def from_setup(cls, setup: Setup) -> Game:
        """A new game as *setup* describes it, before any action.

        :raises ValueError: if the setup is impossible.
        """
        position = setup.position
        if position is None:
            return cls(players=setup.players, partners=setup.partners, seed=setup.seed,
                       hands=setup.hands, boneyard=setup.boneyard, leader=setup.leader,
                       scores=setup.scores, rules=setup.rules)
        if setup.hands is None or setup.leader is None:
            raise ValueError("a position needs scripted hands and the seat to act")
        if len(setup.hands) != setup.players:
            raise ValueError("a position needs one hand per player")
        return cls.from_position(
            list(position.layout), setup.hands, setup.boneyard or (), setup.leader,
            partners=setup.partners, scores=setup.scores, pending=position.pending,
            continuing=position.continuing, hand_number=position.hand_number,
            seed=setup.seed, rules=setup.rules)

    def to_code(self) -> str:
        """The position as a short, URL-safe position code, ``hr1.…``
        (:mod:`~horserace_nb.core.position_code` gives the format): the layout with its shape,
        the hands, the boneyard in drawing order, the scores, the rules, partners, the seat to
        act, a continuation (R17) or a pending drawn tile (R18), the hand's number and the seed.
        :meth:`from_code` gives back the same position. The history is not kept: a code is a
        position, as :meth:`from_position` starts one. The seed is kept so that the code's game
        deals its later hands the same way every time; a game that was dealt by a shuffle has
        used its random numbers already, so its own later hands differ from the code's.

        >>> game = Game.from_position([("[1|4]", None, None)], [["[1|1]", "[4|6]"], ["[2|3]"]],
        ...                           [], 0, continuing=True, scores=[1, 0])
        >>> game.to_code()
        'hr1.K.HY-O-_ABCDEFGIJLMNPQRSTUVWXZab.EBAB'
        >>> Game.from_code(game.to_code()).legal_actions() == game.legal_actions()
        True

        A blocked hand is written with the scores before its settlement, which the game makes
        again when the code is read (R19, R22–R25).

        :raises ValueError: once the hand was won by a player's last tile (R21) or the game by
            a placement (R26), or for a seed beyond ±2**63: no position code holds these.
        """
        if any(not hand for hand in self._hands):
            raise ValueError("a position code holds a hand in play: this hand was won by a "
                             "player's last tile (R21)")
        scores = self._scores
        if self._hand_over:
            result = self._hand_result
            if result is None:
                raise ValueError("a position code holds a hand in play: the game was won by a "
                                 "placement (R26)")
            scores = [s - result.gains.get(side, 0) for side, s in enumerate(scores)]
        on_table = set(self.layout.tiles)
        held = {t for hand in self._hands for t in hand} | set(self._boneyard)
        holdings = codes.Holdings(
            tuple(tuple(hand) for hand in self._hands), tuple(self._boneyard),
            tuple(t for t in FULL_SET if t not in on_table and t not in held))
        match = codes.Match(self.to_play, tuple(scores), self.partners, self._continuing,
                            self._pending, self.rules, self.hand_number, self.seed)
        return codes.encode(self.layout, holdings, match)

    @classmethod
    def from_code(cls, code: str) -> Game:
        """The game at the position *code* (from :meth:`to_code`) describes, as
        :meth:`from_position` starts it, in time proportional to the code's length.

        >>> game = Game.from_code('hr1.K.HY-O-_ABCDEFGIJLMNPQRSTUVWXZab.EBAB')
        >>> game.layout.tiles, game.hands, game.continuing, game.scores
        ((Tile(1, 4),), [[Tile(1, 1), Tile(4, 6)], [Tile(2, 3)]], True, [1, 0])

        :raises RecordError: a :class:`~horserace_nb.core.errors.CodeError` naming the
            part of the code and the rule it breaks (a tile twice, 29 tiles, a join R9–R12
            forbid, hand sizes no deal and play can give, a mistyped character, …).
        """
        layout, holdings, match = codes.decode(code)
        try:
            return cls.from_position(
                layout, holdings.hands, holdings.boneyard, match.to_play,
                partners=match.partners, scores=match.scores, pending=match.pending,
                continuing=match.continuing, hand_number=match.hand_number, seed=match.seed,
                rules=match.rules)
        except ValueError as exc:  # decode checks all this first: kept as a safeguard
            raise CodeError("code", "format", str(exc)) from None

    @classmethod
    def _replay(cls, record: records.Record, upto: int | None) -> Game:
        try:
            game = cls.from_setup(record.setup)
        except ValueError as exc:
            raise RecordError(f"not a valid Horse Race record: setup: {exc}") from None
        game.replay(record.actions if upto is None else record.actions[:upto])
        if upto is None and record.state is not None:
            claimed = record.state
            reached = json.loads(json.dumps(game.state()))
            if claimed != reached:
                diff = sorted(k for k in reached if claimed.get(k) != reached[k])
                raise RecordError(
                    "the record has been changed: the state it claims differs from the state "
                    f"its actions reach ({', '.join(diff) or 'state'})")
        return game

    def replay(self, entries: Iterable[Entry]) -> None:
        """Take the recorded *entries* in turn, each checked: ``(seat, action)`` must be the
        seat to act and a legal action; ``None`` deals the next hand.

        :raises RecordError: at the first entry that does not replay; the entries before it
            stay applied.
        """
        for index, entry in enumerate(entries):
            try:
                if entry is None:
                    self.next_hand()
                    continue
                seat, action = entry
                if self._hand_over:
                    self._check(action)  # the hand-over or game-over reason (R20, R26)
                if seat != self.to_play:
                    raise RecordError(
                        f"the record does not replay: action {index + 1} is by seat {seat}, "
                        f"but it is seat {self.to_play}'s turn")
                self.apply(action)
            except IllegalMove as exc:
                raise RecordError(
                    f"the record does not replay: action {index + 1} is illegal: {exc}"
                ) from None

    def undo(self, count: int = 1) -> Game:
        """A new game with the last *count* actions (draws and next-hand deals included) taken
        back; this game is not changed."""
        if not is_whole(count) or not 0 <= count <= len(self._actions):
            raise ValueError(f"there are {len(self._actions)} actions to take back, "
                             f"not {excerpt(count)}")
        game = self.from_setup(self._setup)
        game.replay(self._actions[:len(self._actions) - count])
        return game

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
        from ..render.svg import game_svg

        return game_svg(self, seat=self.to_play)
