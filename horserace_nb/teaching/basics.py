"""Exercise kinds for the rules the drills of :mod:`~horserace_nb.teaching.exercises` do not
practise (issue 19 item 2): the set and its notation (R1), seats and partners (R2), raw and
display points (R3), the score recorded at once (R4), the deal (R5), the lot (R6), the next
leader (R7), the opening tile (R8), which end of a single joins (R12), must place if you can
(R16), ties (R24), one settlement (R25) and the result (R28).

Every answer is computed by the core (:class:`~horserace_nb.core.game.Game`,
:class:`~horserace_nb.core.layout.Layout`, the lot, the settlement); every wrong choice is
answered with its own sentence naming the rule. Importing :mod:`horserace_nb.teaching` registers
the kinds in :data:`~horserace_nb.teaching.exercises.KINDS`.

>>> ex = make_exercise("must_place", seed=3, case="draw")
>>> ex.check("draw", "en").rules
('R16',)
>>> ex.check(ex.answer, "ko").ok
True
>>> make_exercise("deal", 5, case="four").answer in (5, 8)
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, TypeVar

from ..core.actions import Draw, Pass, Place
from ..core.game import Event, Game, Reason
from ..core.layout import Layout
from ..core.quoting import excerpt
from ..core.rules import HORSE_RACE
from ..core.settlement import HandResult
from ..core.tiles import FULL_SET, Side, Tile
from ..core.validate import whole
from ..words.i18n import check_lang, side_name, t
from ..words.names import and_list, list_text, point_name, points_phrase, scoring_side, seat_name
from .exercises import (
    Exercise,
    Feedback,
    Hint,
    Point,
    SettlementAnswer,
    make_exercise,
    register_kinds,
)

__all__ = ["Notation", "Seats", "Display", "Recorded", "Deal", "Lot", "Leader", "Opening",
           "Joins", "MustPlace", "Ties", "OneSettlement", "Result", "BASICS",
           "make_exercise"]

A = TypeVar("A")

_RULE = re.compile(r"R\d+")
_TARGET = HORSE_RACE.target
_MULTIPLE = HORSE_RACE.multiple
_HIGH_TILES = tuple(tile for tile in FULL_SET if tile.low >= 4)
"""The six tiles with both halves 4 to 6: a layout of them shows only 4, 5 and 6."""
_LOW_TILES = tuple(tile for tile in FULL_SET if tile.high <= 3)
"""The ten tiles with both halves 0 to 3: none of them fits a layout of :data:`_HIGH_TILES`."""


def _says(ok: bool, message: str, points: Iterable[Point] = (),
          tiles: Iterable[Tile] = ()) -> Feedback:
    return Feedback(ok, message, tuple(dict.fromkeys(_RULE.findall(message))),
                    frozenset(points), frozenset(tiles))


def _wrong(lang: str, hint: str, points: Iterable[Point] = (),
           tiles: Iterable[Tile] = ()) -> Feedback:
    return _says(False, t("exercise.not_quite", lang, hint=hint), points, tiles)


def _hint(message: str, points: Iterable[Point] = (), tiles: Iterable[Tile] = ()) -> Hint:
    return Hint(message, tuple(dict.fromkeys(_RULE.findall(message))), frozenset(points),
                frozenset(tiles))


def _small_layout(rng: random.Random, low: int, high: int) -> Layout:
    """The first *low* to *high* placements of a random layout."""
    full = Layout.random(rng, doubles_first=rng.random() < 0.4)
    count = rng.randint(low, max(low, min(high, len(full))))
    return Layout.from_placements(list(full.placements()[:count]))


def _play_until(game: Game, rng: random.Random, limit: int = 200) -> list[Event]:
    """Random legal actions until the hand ends or *limit* actions: the events."""
    events: list[Event] = []
    while not game.hand_over and len(events) < limit:
        events.append(game.apply(rng.choice(game.legal_actions())))
    return events


def _placed(event: Event, lang: str) -> str:
    """"Player 1 places [1|4] on the high end of [4|4]" as a clause for the prompts."""
    name = seat_name(event.seat, lang)
    if event.on is None or event.side is None:
        return t("basics.opens", lang, name=name, tile=event.tile)
    return t("basics.places", lang, name=name, tile=event.tile, on=event.on,
             side=side_name(event.side, lang))


def _tiles_text(tiles: Iterable[Tile]) -> str:
    return " ".join(map(str, tiles))


def _high_table(rng: random.Random) -> list[tuple[Tile, Tile | None, Side | None]]:
    """The placements of a small layout of tiles with halves 4 to 6 (three to five tiles): no
    tile with halves 0 to 3 fits it, so hands of those are blocked."""
    while True:
        layout = Layout()
        layout.place(rng.choice(_HIGH_TILES))
        for _ in range(rng.randint(2, 4)):
            moves = [(tile, on, side) for tile in _HIGH_TILES if tile not in layout
                     for on, side in layout.legal_points(tile)]
            if not moves:
                break
            layout.place(*rng.choice(moves))
        if len(layout) >= 3:
            return layout.placements()


def _low_hands(rng: random.Random, players: int, most: int = 3) -> list[list[Tile]]:
    """One hand of one to *most* tiles with halves 0 to 3 per player (small sums)."""
    tiles = list(_LOW_TILES)
    rng.shuffle(tiles)
    hands, start = [], 0
    for seat in range(players):
        left = len(tiles) - start - (players - seat - 1)
        size = rng.randint(1, max(1, min(most, left)))
        hands.append(tiles[start:start + size])
        start += size
    return hands


def _holds(game: Game, lang: str) -> list[str]:
    return [t("basics.holds", lang, name=seat_name(seat, lang), tiles=_tiles_text(hand))
            if hand else t("basics.holds_none", lang, name=seat_name(seat, lang))
            for seat, hand in enumerate(game.hands)]


def _one_of(answer: object, options: Sequence[str], what: str) -> str:
    if not isinstance(answer, str) or answer not in options:
        raise ValueError(f"{what}: one of {', '.join(options)}, not {excerpt(answer)}")
    return answer


def _seat_or_none(answer: object, players: int, nobody: bool) -> int | None:
    if answer is None:
        if nobody:
            return None
        raise ValueError(f"the answer is a seat from 0 to {players - 1}, not None")
    seat = whole(answer, "the answer (a seat)")
    if not 0 <= seat < players:
        raise ValueError(f"the answer (a seat) is from 0 to {players - 1}, not {seat}")
    return seat


def _sides(answer: object, sides: int) -> frozenset[int]:
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise ValueError(f"the answer is a collection of sides (seats or teams), not "
                         f"{excerpt(answer)}")
    out = []
    for side in answer:
        side = whole(side, "a side (seat or team)")
        if not 0 <= side < sides:
            raise ValueError(f"the sides are numbered from 0 to {sides - 1}, not {side}")
        out.append(side)
    return frozenset(out)


class _Basic(Exercise[A]):
    """What the kinds of this module share: the case built (:attr:`built`), the answer checked
    against the core, a rule reminder as the first rung of the hint ladder."""

    built: str
    """The designed case this exercise was built as (:attr:`case`, or one drawn by seed)."""

    weights: ClassVar[tuple[int, ...] | None] = None
    """How often each case is drawn when none is asked for (default: equally often)."""

    def _pick(self, rng: random.Random) -> str:
        """The designed case to build: the one asked for, or one drawn by *rng*."""
        if self.case is not None:
            self.built = self.case
        else:
            self.built = rng.choices(tuple(self.cases), weights=self.weights)[0]
        return self.built

    def _right(self, lang: str, points: Iterable[Point] = (),
               tiles: Iterable[Tile] = ()) -> Feedback:
        return _says(True, t("exercise.right_why", lang, why=self.answer_text(lang)), points,
                     tiles)

    def _reminder(self, lang: str) -> Hint:
        return _hint(t(f"basics.{self.kind}.hint_rule", lang))


class _Option(_Basic[str]):
    """An exercise answered by one option key (answer form ``"option"``)."""

    answer_form = "option"

    def _coerce(self, answer: object) -> str:
        return _one_of(answer, self.choices(), "the answer")


# =============================================================================== R1-R8: set-up

class Notation(_Option):
    """The set and its notation (R1): how a tile is written, how many tiles show a number, how
    many tiles make the set."""

    kind = "notation"
    rules = ("R1",)
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "written": ("R1",), "count": ("R1",), "set": ("R1",)}
    weights = (6, 3, 1)  # by how many positions each case has (42 tiles-and-orders, 7, 1)

    def _build(self, rng: random.Random) -> None:
        case = self._pick(rng)
        self.tile = None
        self.number = rng.randrange(7)
        self.shown = rng.choice([tile for tile in FULL_SET if not tile.is_double])
        self.high_first = rng.random() < 0.6
        if case == "written":
            low, high = self.shown.low, self.shown.high
            self.options = [f"[{low}|{high}]", f"[{high}|{low}]", "either"]
        elif case == "count":
            count = sum(tile.has(self.number) for tile in FULL_SET)
            self.options = [str(count - 1), str(count), str(count + 1)]
        else:
            count = len(FULL_SET)
            doubles = sum(tile.is_double for tile in FULL_SET)
            self.options = [str(count - doubles), str(count), str(7 * 7)]
        rng.shuffle(self.options)

    @property
    def answer(self) -> str:
        if self.built == "written":
            return str(self.shown)
        if self.built == "count":
            return str(sum(tile.has(self.number) for tile in FULL_SET))
        return str(len(FULL_SET))

    def choices(self) -> list[str]:
        return list(self.options)

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        key = _one_of(choice, self.options, "choice")
        return t("basics.notation.either", lang) if key == "either" else key

    def prompt(self, lang: str = "en") -> list[str]:
        if self.built == "written":
            a, b = self.shown.high, self.shown.low
            if not self.high_first:
                a, b = b, a
            return [t("basics.notation.halves", lang, a=a, b=b),
                    t("basics.notation.written_q", lang)]
        if self.built == "count":
            return [t("basics.notation.count_q", lang, n=self.number)]
        return [t("basics.notation.set_q", lang)]

    def _verdict(self, answer: str, lang: str) -> Feedback:
        right = self.answer
        if answer == right:
            return self._right(lang)
        if self.built == "written":
            key = "basics.notation.w_either" if answer == "either" else "basics.notation.w_order"
            return _wrong(lang, t(key, lang, tile=self.shown))
        if self.built == "count":
            double = Tile(self.number, self.number)
            key = ("basics.notation.w_double_twice" if int(answer) > int(right)
                   else "basics.notation.w_double_missed")
            return _wrong(lang, t(key, lang, tile=double, n=self.number))
        key = ("basics.notation.w_doubles" if int(answer) < int(right)
               else "basics.notation.w_pairs")
        return _wrong(lang, t(key, lang))

    def answer_text(self, lang: str = "en") -> str:
        if self.built == "written":
            return t("basics.notation.answer_written", lang, tile=self.shown)
        if self.built == "count":
            tiles = [tile for tile in FULL_SET if tile.has(self.number)]
            return t("basics.notation.answer_count", lang, count=len(tiles), n=self.number,
                     tiles=_tiles_text(tiles), double=Tile(self.number, self.number))
        return t("basics.notation.answer_set", lang, count=len(FULL_SET),
                 doubles=sum(tile.is_double for tile in FULL_SET))

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        if self.built == "written":
            pointer = t("basics.notation.hint_written", lang, a=self.shown.low,
                        b=self.shown.high)
        elif self.built == "count":
            pointer = t("basics.notation.hint_count", lang, n=self.number,
                        double=Tile(self.number, self.number))
        else:
            pointer = t("basics.notation.hint_set", lang)
        return [self._reminder(lang), _hint(pointer)]


class Seats(_Basic[int | None]):
    """Teams and seats (R2): a placement scores; who else's score goes up with it? The
    placer's partner (sitting opposite) in a partnership, nobody when each plays alone. The
    answer is a seat or ``None`` (nobody)."""

    kind = "seats"
    answer_form = "seat"
    rules = ("R2",)
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "partners": ("R2",), "individual": ("R2",)}

    def _build(self, rng: random.Random) -> None:
        partners = self._pick(rng) == "partners"
        while True:
            game = Game(players=4 if partners else rng.choice((2, 3, 4)), partners=partners,
                        seed=rng.randrange(1, 10**9))
            scored = [e for e in _play_until(game, rng, 40) if e.kind == "place" and e.raw]
            if scored:
                break
        self.game, self.event = game, scored[0]
        placements = game.layout.placements()[:game.layout.tiles.index(scored[0].tile) + 1]
        self.layout = Layout.from_placements([(a, on, side) for a, on, side in placements])
        self.highlight = scored[0].tile

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def answer(self) -> int | None:
        seat = self.event.seat
        others = [s for s in range(self.players)
                  if s != seat and self.game.side_of(s) == self.game.side_of(seat)]
        return others[0] if others else None

    def choices(self) -> list[int | None]:
        return [*range(self.players), None]

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        if choice is None:
            return t("basics.seats.nobody", lang)
        return seat_name(_seat_or_none(choice, self.players, False) or 0, lang)

    def _teams(self, lang: str) -> str:
        return t("basics.seats.teams", lang, a=scoring_side(0, True, lang),
                 b=scoring_side(1, True, lang))

    def prompt(self, lang: str = "en") -> list[str]:
        first = (self._teams(lang) if self.game.partners
                 else t("basics.seats.alone", lang, count=self.players))
        name = seat_name(self.event.seat, lang)
        return [first, t("basics.seats.scored", lang, placed=_placed(self.event, lang),
                         points=points_phrase(self.event.raw, lang)),
                t("basics.seats.q", lang, name=name)]

    def _coerce(self, answer: object) -> int | None:
        return _seat_or_none(answer, self.players, True)

    def _verdict(self, answer: int | None, lang: str) -> Feedback:
        if answer == self.answer:
            return self._right(lang)
        name = seat_name(self.event.seat, lang)
        if answer == self.event.seat:
            return _wrong(lang, t("basics.seats.w_self", lang, name=name))
        if not self.game.partners:
            return _wrong(lang, t("basics.seats.w_individual", lang, name=name,
                                  count=self.players))
        if answer is None:
            return _wrong(lang, t("basics.seats.w_nobody", lang, name=name))
        return _wrong(lang, t("basics.seats.w_beside", lang, other=seat_name(answer, lang),
                              name=name))

    def answer_text(self, lang: str = "en") -> str:
        name = seat_name(self.event.seat, lang)
        partner = self.answer
        if partner is None:
            return t("basics.seats.answer_alone", lang, name=name)
        return t("basics.seats.answer_partner", lang, name=name,
                 partner=seat_name(partner, lang), points=self.event.display)

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        key = "basics.seats.hint_opposite" if self.game.partners else "basics.seats.hint_mode"
        return [self._reminder(lang),
                _hint(t(key, lang, name=seat_name(self.event.seat, lang)),
                      tiles=[self.event.tile] if self.event.tile else [])]


class Display(_Basic[int]):
    """Raw versus display points (R3): a placement's raw score in display points, or a score
    in display points as raw points (61 points are 305 raw)."""

    kind = "display"
    answer_form = "number"
    rules = ("R3",)
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "to_display": ("R3",), "to_raw": ("R3",)}

    def _build(self, rng: random.Random) -> None:
        if self._pick(rng) == "to_display":
            while True:
                layout = _small_layout(rng, 2, 8)
                if layout.score() >= 2 * _MULTIPLE or (layout.score() and rng.random() < 0.3):
                    break
            self.layout, self.highlight = layout, layout.tiles[-1]
            self.raw = layout.score()
            self.points = HORSE_RACE.display(self.raw)
        else:
            self.points = _TARGET if rng.random() < 0.25 else rng.randint(3, _TARGET - 1)
            self.raw = self.points * _MULTIPLE
            self.seat = rng.randrange(4)

    @property
    def answer(self) -> int:
        return self.points if self.built == "to_display" else self.raw

    def prompt(self, lang: str = "en") -> list[str]:
        if self.built == "to_display":
            return [t("basics.display.scored", lang, sum=self.layout.sum_text(), raw=self.raw),
                    t("basics.display.to_display_q", lang)]
        return [t("basics.display.board", lang, name=seat_name(self.seat, lang),
                  points=self.points),
                t("basics.display.to_raw_q", lang)]

    def _coerce(self, answer: object) -> int:
        return whole(answer, "the answer (a number of points)")

    def _verdict(self, answer: int, lang: str) -> Feedback:
        if answer == self.answer:
            return self._right(lang)
        raw, points = self.raw, self.points
        if self.built == "to_display":
            key = ("basics.display.w_raw" if answer == raw else
                   "basics.display.w_times" if answer == raw * _MULTIPLE else
                   "basics.display.w_fives")
        else:
            key = ("basics.display.w_same" if answer == points else
                   "basics.display.w_divide" if answer == points // _MULTIPLE else
                   "basics.display.w_each")
        return _wrong(lang, t(key, lang, raw=raw, points=points))

    def answer_text(self, lang: str = "en") -> str:
        if self.built == "to_display":
            return t("basics.display.answer_display", lang, raw=self.raw, points=self.points)
        key = ("basics.display.answer_target" if self.points == _TARGET
               else "basics.display.answer_raw")
        return t(key, lang, raw=self.raw, points=self.points)

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        key = ("basics.display.hint_fives" if self.built == "to_display"
               else "basics.display.hint_each")
        return [self._reminder(lang),
                _hint(t(key, lang, raw=self.raw, points=self.points),
                      tiles=[self.highlight] if self.highlight else [])]


class Recorded(_Basic[int]):
    """The score is recorded at once (R4): after this placement (or the two placements of one
    turn), what does the placer's score show?"""

    kind = "recorded"
    answer_form = "number"
    rules = ("R4",)
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "at_once": ("R4", "R15"), "in_turn": ("R4", "R17")}

    def _build(self, rng: random.Random) -> None:
        two = self._pick(rng) == "in_turn"
        while True:
            players = rng.choice((2, 3, 4))
            game = Game(players=players, seed=rng.randrange(1, 10**9),
                        scores=[rng.randint(0, 40) for _ in range(players)])
            before: list[list[int]] = []
            events: list[Event] = []
            while not game.hand_over and len(events) < 60:
                before.append(game.scores)
                events.append(game.apply(rng.choice(game.legal_actions())))
                last = events[-1]
                if last.kind != "place" or not last.raw or last.hand_over:
                    continue
                prev = events[-2] if len(events) > 1 else None
                if not two or (prev is not None and prev.kind == "place" and prev.raw
                               and prev.continues and prev.seat == last.seat):
                    break
            else:
                continue
            break
        self.game = game
        self.events = events[-2:] if two else events[-1:]
        self.before = before[-len(self.events)][self.events[0].seat]
        self.layout = game.layout.copy()
        self.highlight = self.events[-1].tile

    @property
    def seat(self) -> int:
        return self.events[-1].seat

    @property
    def answer(self) -> int:
        return self.events[-1].scores[self.seat]

    def prompt(self, lang: str = "en") -> list[str]:
        name = seat_name(self.seat, lang)
        lines = [t("basics.recorded.before", lang, name=name, points=self.before)]
        for n, event in enumerate(self.events):
            key = ("basics.recorded.then" if n else
                   "basics.recorded.goes_on" if len(self.events) > 1 else
                   "basics.recorded.placed")
            lines.append(t(key, lang, placed=_placed(event, lang), sum=event.sum_text()))
        lines.append(t("basics.recorded.q", lang, name=name))
        return lines

    def _coerce(self, answer: object) -> int:
        return whole(answer, "the answer (the score shown)")

    def _verdict(self, answer: int, lang: str) -> Feedback:
        if answer == self.answer:
            return self._right(lang)
        before, events = self.before, self.events
        gained = [e.display for e in events]
        raw = sum(e.raw for e in events)
        if answer == before:
            key = "basics.recorded.w_later"
        elif answer == before + raw:
            key = "basics.recorded.w_raw"
        elif answer == sum(gained):
            key = "basics.recorded.w_alone"
        elif len(events) > 1 and answer in (before + gained[0], before + gained[1]):
            key = "basics.recorded.w_one"
        else:
            key = "basics.recorded.w_add"
        return _wrong(lang, t(key, lang, before=before, raw=raw, points=sum(gained)),
                      tiles=[e.tile for e in events if e.tile])

    def answer_text(self, lang: str = "en") -> str:
        terms = " + ".join(str(v) for v in [self.before, *(e.display for e in self.events)])
        key = "basics.recorded.answer_two" if len(self.events) > 1 else "basics.recorded.answer"
        return t(key, lang, name=seat_name(self.seat, lang), sum=f"{terms} = {self.answer}")

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        scored = list_text((points_phrase(e.raw, lang) for e in self.events), lang)
        return [self._reminder(lang),
                _hint(t("basics.recorded.hint_points", lang, scored=scored),
                      tiles=[e.tile for e in self.events if e.tile])]


class Deal(_Basic[int]):
    """The deal and the boneyard (R5): with 2, 3 or 4 players, how many tiles a player holds or
    the boneyard holds, right after the deal or later in the hand (tiles placed and drawn)."""

    kind = "deal"
    answer_form = "number"
    rules = ("R5",)
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "two": ("R5",), "three": ("R5",), "four": ("R5",), "during": ("R5", "R18")}

    def _build(self, rng: random.Random) -> None:
        case = self._pick(rng)
        players = {"two": 2, "three": 3, "four": 4}.get(case) or rng.choice((2, 3, 4))
        self.ask = rng.choice(("hand", "boneyard"))
        while True:
            self.game = game = Game(players=players, seed=rng.randrange(1, 10**9))
            self.seat = rng.randrange(players)
            events = _play_until(game, rng, rng.randint(4, 12)) if case == "during" else []
            mine = [e for e in events if e.seat == self.seat]
            self.placed = sum(e.kind == "place" for e in (mine if self.ask == "hand" else events))
            self.draws = sum(e.kind == "draw" for e in (mine if self.ask == "hand" else events))
            if game.hand_over:
                continue
            # later in the hand, the count has changed since the deal (else it asks the deal)
            if case != "during" or self.answer != (self.size if self.ask == "hand"
                                                   else self.start):
                break
        self.layout = game.layout.copy()

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def size(self) -> int:
        return self.game.rules.hand_size(self.players)

    @property
    def start(self) -> int:
        """The boneyard right after the deal."""
        return len(FULL_SET) - self.players * self.size

    @property
    def answer(self) -> int:
        if self.ask == "hand":
            return len(self.game.hands[self.seat])
        return len(self.game.boneyard)

    def prompt(self, lang: str = "en") -> list[str]:
        name = seat_name(self.seat, lang)
        lines = [t("basics.deal.dealt", lang, count=self.players),
                 t("basics.deal.lot", lang, name=seat_name(self.game.leader, lang))]
        if self.ask == "hand":
            lines.append(t("basics.deal.so_far_hand", lang, name=name, placed=self.placed,
                           drawn=self.draws) if self.draws + self.placed
                         else t("basics.deal.not_yet", lang))
            lines.append(t("basics.deal.hand_q", lang, name=name))
        else:
            lines.append(t("basics.deal.so_far_boneyard", lang, drawn=self.draws)
                         if self.draws + self.placed else t("basics.deal.not_yet", lang))
            lines.append(t("basics.deal.boneyard_q", lang))
        return lines

    def _coerce(self, answer: object) -> int:
        return whole(answer, "the answer (a number of tiles)")

    def _verdict(self, answer: int, lang: str) -> Feedback:
        if answer == self.answer:
            return self._right(lang)
        sizes = self.game.rules.hand_sizes
        name = seat_name(self.seat, lang)
        if self.ask == "hand":
            others = {sizes[n] for n in sizes if n != self.players}
            key = ("basics.deal.w_changes" if answer == self.size else
                   "basics.deal.w_other_count" if answer in others else
                   "basics.deal.w_hand")
        else:
            others = {len(FULL_SET) - n * sizes[n] for n in sizes if n != self.players}
            key = ("basics.deal.w_drawn" if answer == self.start else
                   "basics.deal.w_other_count_b" if answer in others else
                   "basics.deal.w_one_hand" if answer == len(FULL_SET) - self.size else
                   "basics.deal.w_boneyard")
        return _wrong(lang, t(key, lang, name=name, count=self.players, size=self.size))

    def answer_text(self, lang: str = "en") -> str:
        name = seat_name(self.seat, lang)
        params = dict(name=name, count=self.players, size=self.size, start=self.start,
                      placed=self.placed, drawn=self.draws, answer=self.answer)
        changed = bool(self.placed + self.draws)
        if self.ask == "hand":
            key = "basics.deal.answer_hand_later" if changed else "basics.deal.answer_hand"
        else:
            key = "basics.deal.answer_bone_later" if changed else "basics.deal.answer_bone"
        return t(key, lang, **params)

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        return [self._reminder(lang),
                _hint(t("basics.deal.hint_count", lang, count=self.players, size=self.size,
                        dealt=self.players * self.size))]


class Lot(_Basic[int]):
    """The first leader by lot (R6): the lot's rounds (ties roll again among themselves) and who
    holds the highest double, which gives no right to lead."""

    kind = "lot"
    answer_form = "seat"
    rules = ("R6",)
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "reroll": ("R6",), "high_double": ("R6",)}

    def _build(self, rng: random.Random) -> None:
        reroll = self._pick(rng) == "reroll"
        while True:
            game = Game(players=rng.choice((2, 3, 4)), seed=rng.randrange(1, 10**9))
            lot = game.lots[0]
            doubles = [(tile, seat) for seat, hand in enumerate(game.hands) for tile in hand
                       if tile.is_double]
            if not doubles:
                continue
            self.double, self.holder = max(doubles)
            if (len(lot.rounds) >= 2) == reroll and self.holder != lot.winner:
                break
        self.game, self.lot = game, lot

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def answer(self) -> int:
        return self.lot.winner

    def choices(self) -> list[int]:
        return list(range(self.players))

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        return seat_name(_seat_or_none(choice, self.players, False) or 0, lang)

    def prompt(self, lang: str = "en") -> list[str]:
        lines = [t("basics.lot.double", lang, name=seat_name(self.holder, lang),
                   tile=self.double)]
        for n, rolls in enumerate(self.lot.rounds, 1):
            said = list_text((t("basics.lot.roll", lang, name=seat_name(s, lang), roll=r)
                              for s, r in sorted(rolls.items())), lang)
            lines.append(t("basics.lot.round", lang, n=n, rolls=said))
        lines.append(t("basics.lot.q", lang))
        return lines

    def _coerce(self, answer: object) -> int:
        seat = _seat_or_none(answer, self.players, False)
        assert seat is not None
        return seat

    def _verdict(self, answer: int, lang: str) -> Feedback:
        if answer == self.answer:
            return self._right(lang)
        name = seat_name(answer, lang)
        if answer == self.holder:
            return _wrong(lang, t("basics.lot.w_double", lang, name=name, tile=self.double))
        last = max(n for n, rolls in enumerate(self.lot.rounds, 1) if answer in rolls)
        key = "basics.lot.w_reroll" if last > 1 else "basics.lot.w_lower"
        return _wrong(lang, t(key, lang, name=name, n=last))

    def answer_text(self, lang: str = "en") -> str:
        return t("basics.lot.answer", lang, name=seat_name(self.answer, lang),
                 n=len(self.lot.rounds), tile=self.double)

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        return [self._reminder(lang),
                _hint(t("basics.lot.hint_last", lang, n=len(self.lot.rounds)))]


def _ending(rng: random.Random, players: int, partners: bool, *, domino: bool,
            scores: Sequence[int] | None = None) -> tuple[Game, Event]:
    """A small hand's last placement, made by the core: the placer holds the last tile of a
    layout of tiles 4 to 6 (and nothing else if *domino*), everyone else holds tiles 0 to 3,
    the boneyard is empty, so the placement ends the hand by the last tile or blocked."""
    while True:
        table = _high_table(rng)
        hands = _low_hands(rng, players)
        seat = rng.randrange(players)
        last = table[-1][0]
        hands[seat] = [last] if domino else [*hands[seat], last]
        game = Game.from_position(table[:-1], hands, [], seat, partners=partners,
                                  scores=scores, seed=rng.randrange(1, 10**9))
        event = game.apply(Place(last, table[-1][1], table[-1][2]))
        want = Reason.DOMINO if domino else Reason.BLOCKED
        if event.reason is want:
            return game, event


class Leader(_Basic[int | None]):
    """Who leads the next hand (R7)? The player who placed the last tile of the hand; after a
    blocked hand, a new lot (the answer ``None``)."""

    kind = "leader"
    answer_form = "seat"
    rules = ("R7",)
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "domino": ("R7", "R21"), "blocked": ("R7", "R22")}

    def _build(self, rng: random.Random) -> None:
        domino = self._pick(rng) == "domino"
        self.game, self.event = _ending(rng, rng.choice((2, 3, 4)), False, domino=domino)
        self.layout = self.game.layout.copy()
        self.highlight = self.event.tile

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def result(self) -> HandResult:
        result = self.game.hand_result
        assert result is not None  # the hand ended (by construction)
        return result

    @property
    def answer(self) -> int | None:
        after = self.game.copy()
        after.next_hand()
        lot_drawn = bool(after.lots) and after.lots[-1].hand == after.hand_number
        return None if lot_drawn else after.leader

    def choices(self) -> list[int | None]:
        return [*range(self.players), None]

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        if choice is None:
            return t("basics.leader.new_lot", lang)
        return seat_name(_seat_or_none(choice, self.players, False) or 0, lang)

    def prompt(self, lang: str = "en") -> list[str]:
        name = seat_name(self.event.seat, lang)
        if self.result.reason == "domino":
            lines = [t("basics.leader.domino", lang, name=name, tile=self.event.tile)]
        else:
            winners = and_list([seat_name(s, lang) for s in self.result.winners], lang)
            lines = [t("basics.leader.blocked", lang, placed=_placed(self.event, lang)),
                     t("basics.leader.lowest", lang, names=winners)]
        return [*lines, *_holds(self.game, lang), t("basics.leader.q", lang)]

    def _coerce(self, answer: object) -> int | None:
        return _seat_or_none(answer, self.players, True)

    def _verdict(self, answer: int | None, lang: str) -> Feedback:
        if answer == self.answer:
            return self._right(lang)
        name = seat_name(self.event.seat, lang)
        tiles = [self.event.tile] if self.event.tile else []
        if self.result.reason == "domino":
            key = "basics.leader.w_lot" if answer is None else "basics.leader.w_domino"
        elif answer == self.event.seat:
            key = "basics.leader.w_last_blocked"
        elif answer in self.result.winners:
            key = "basics.leader.w_winner"
        else:
            key = "basics.leader.w_blocked"
        chosen = "" if answer is None else seat_name(answer, lang)
        return _wrong(lang, t(key, lang, name=name, chosen=chosen), tiles=tiles)

    def answer_text(self, lang: str = "en") -> str:
        name = seat_name(self.event.seat, lang)
        key = ("basics.leader.answer_domino" if self.result.reason == "domino"
               else "basics.leader.answer_blocked")
        return t(key, lang, name=name)

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        return [self._reminder(lang),
                _hint(t("basics.leader.hint_how", lang),
                      tiles=[self.event.tile] if self.event.tile else [])]


class Opening(_Option):
    """The opening tile (R8): any tile in hand may open, and it scores like every placement.
    Which of the leader's tiles scores the most as the opening tile? (Exactly one does.)"""

    kind = "opening"
    rules = ("R8", "R15")
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "any_tile": ("R8", "R15"), "double": ("R8", "R10", "R15")}

    def _build(self, rng: random.Random) -> None:
        double = self._pick(rng) == "double"
        attempt = 0
        while True:
            attempt += 1
            game = Game(players=rng.choice((2, 3, 4)), seed=rng.randrange(1, 10**9))
            hand = game.hands[game.leader]
            scores = sorted((self._score(tile), tile) for tile in hand)
            best, second = scores[-1], scores[-2]
            if not best[0] or best[0] == second[0] or best[1].is_double != double:
                continue
            # a hand with a double that is not the best opening tempts the wrong belief
            # that a double must open (R6, R8)
            if double or attempt > 500 or any(tile.is_double for tile in hand):
                break
        self.game, self.hand, self.best = game, hand, best[1]

    @staticmethod
    def _score(tile: Tile) -> int:
        """The raw score of *tile* as the opening tile, by the core (R8, R15)."""
        return Layout.from_placements([(tile, None, None)]).score()

    @property
    def answer(self) -> str:
        return str(max(self.hand, key=self._score))

    def choices(self) -> list[str]:
        return [str(tile) for tile in self.hand]

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        return _one_of(choice, self.choices(), "choice")

    def prompt(self, lang: str = "en") -> list[str]:
        return [t("basics.opening.leads", lang, name=seat_name(self.game.leader, lang),
                  tiles=_tiles_text(self.hand)),
                t("basics.opening.q", lang)]

    def _verdict(self, answer: str, lang: str) -> Feedback:
        if answer == self.answer:
            return self._right(lang)
        tile = Tile.parse(answer)
        raw = self._score(tile)
        if raw:
            hint = t("basics.opening.w_lower", lang, tile=tile, points=points_phrase(raw, lang))
        elif tile.is_double:
            hint = t("basics.opening.w_double", lang, tile=tile, pips=tile.pips)
        else:
            hint = t("basics.opening.w_zero", lang, tile=tile, pips=tile.pips)
        return _wrong(lang, hint)

    def answer_text(self, lang: str = "en") -> str:
        tile = self.best
        key = "basics.opening.answer_double" if tile.is_double else "basics.opening.answer"
        return t(key, lang, tile=tile, pips=tile.pips,
                 points=points_phrase(self._score(tile), lang))

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        return [self._reminder(lang), _hint(t("basics.opening.hint_add", lang))]


# =============================================================================== R12: joining

class Joins(_Basic[Point]):
    """Which end of a single joins (R12): place :attr:`tile` so that a given end of it becomes
    the new open end. The matching end joins, so the answer is the one point showing the other
    number (answered by clicking the point on the board)."""

    kind = "joins"
    answer_form = "point"
    rules = ("R9", "R12")
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "low_joins": ("R9", "R12"), "high_joins": ("R9", "R12")}

    def _build(self, rng: random.Random) -> None:
        low_joins = self._pick(rng) == "low_joins"
        while True:
            layout = _small_layout(rng, 2, 7)
            tiles = [tile for tile in FULL_SET if not tile.is_double and tile not in layout]
            rng.shuffle(tiles)
            for tile in tiles:
                joining, free = (tile.low, tile.high) if low_joins else (tile.high, tile.low)
                points = layout.legal_points(tile)
                shows = {(on, side): on.number(side) for on, side in points}
                if (sum(n == joining for n in shows.values()) == 1
                        and any(n == free for n in shows.values())):
                    self.layout, self.tile = layout, tile
                    self.joining, self.free = joining, free
                    return

    @property
    def free_side(self) -> Side:
        """The end of :attr:`tile` asked to become the new end."""
        assert self.tile is not None
        return Side.HIGH if self.free == self.tile.high else Side.LOW

    @property
    def answer(self) -> Point:
        assert self.tile is not None
        return next((on, side) for on, side in self.layout.legal_points(self.tile)
                    if on.number(side) == self.joining)

    def choices(self) -> list[Point]:
        assert self.tile is not None
        return self.layout.legal_points(self.tile)

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        tile, side = self._coerce(choice)
        return t("exercise.point_label", lang, tile=tile, side=side_name(side, lang))

    def prompt(self, lang: str = "en") -> list[str]:
        return [t("basics.joins.q", lang, tile=self.tile,
                  end=side_name(self.free_side, lang), n=self.free)]

    def _coerce(self, answer: object) -> Point:
        if (isinstance(answer, (str, bytes)) or not isinstance(answer, Sequence)
                or len(answer) != 2 or not isinstance(answer[0], (Tile, str))
                or not isinstance(answer[1], (Side, str))):
            raise ValueError(f"the answer is a (tile, side) point, not {excerpt(answer)}")
        return Tile.parse(answer[0]), Side.coerce(answer[1])

    def _verdict(self, answer: Point, lang: str) -> Feedback:
        assert self.tile is not None
        if answer == self.answer:
            return self._right(lang, [answer], [self.tile])
        numbers = {(tile, side): n for tile, side, n in self.layout.open_points()}
        where = point_name(answer, lang)
        if answer not in numbers:
            return _wrong(lang, t("basics.joins.w_closed", lang, point=where), [answer])
        number = numbers[answer]
        if not self.tile.has(number):
            return _wrong(lang, t("basics.joins.w_mismatch", lang, tile=self.tile, point=where,
                                  number=number), [answer], [self.tile])
        joined = Side.LOW if number == self.tile.low else Side.HIGH
        other = self.tile.other(number)
        return _wrong(lang, t("basics.joins.w_other_end", lang, tile=self.tile, point=where,
                              number=number, joined=side_name(joined, lang), other=other,
                              wanted=self.free), [answer], [self.tile])

    def answer_text(self, lang: str = "en") -> str:
        assert self.tile is not None
        joined = Side.HIGH if self.free_side is Side.LOW else Side.LOW
        return t("basics.joins.answer", lang, tile=self.tile,
                 point=point_name(self.answer, lang), number=self.joining,
                 joined=side_name(joined, lang), free=side_name(self.free_side, lang),
                 n=self.free)

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        assert self.tile is not None
        return [self._reminder(lang),
                _hint(t("basics.joins.hint_other", lang, tile=self.tile, n=self.free,
                        m=self.joining), tiles=[self.tile])]


# =============================================================================== R16: turns

class MustPlace(_Option):
    """Must place if you can (R16): a hand with exactly one tile that fits; the choices are to
    place each tile, to draw, or to pass. Drawing and passing are answered with why not; the
    right answer is the tile that fits. The core decides what is legal."""

    kind = "must_place"
    rules = ("R16",)
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "draw": ("R16",), "pass": ("R16", "R19"), "continue": ("R16", "R17")}

    def _build(self, rng: random.Random) -> None:
        case = self._pick(rng)
        while True:
            layout = _small_layout(rng, 2, 7)
            if case == "continue" and not layout.tiles[-1].is_double:
                continue
            shown = {n for _, _, n in layout.open_points()}
            rest = [tile for tile in FULL_SET if tile not in layout]
            rng.shuffle(rest)
            fits = [tile for tile in rest if layout.can_place(tile)]
            dead = [tile for tile in rest if not (tile.low in shown or tile.high in shown)]
            if not fits or len(dead) < 3:
                continue
            hand = sorted([fits[0], *dead[:rng.randint(2, 3)]])
            others = [tile for tile in rest if tile not in hand]
            boneyard = [] if case == "pass" else others[:rng.randint(2, 6)]
            other_hand = [tile for tile in others if tile not in boneyard][:rng.randint(2, 4)]
            seat = rng.randrange(2)
            hands = [hand, other_hand] if seat == 0 else [other_hand, hand]
            game = Game.from_position(layout, hands, boneyard, seat,
                                      continuing=case == "continue",
                                      seed=rng.randrange(1, 10**9))
            break
        self.game, self.hand, self.seat = game, hand, seat
        self.layout = layout.copy()
        self.highlight = layout.tiles[-1] if case == "continue" else None

    @property
    def answer(self) -> str:
        placeable = {a.tile for a in self.game.legal_actions() if isinstance(a, Place)}
        (tile,) = placeable  # exactly one tile fits, by construction
        return str(tile)

    def choices(self) -> list[str]:
        return [*(str(tile) for tile in self.hand), "draw", "pass"]

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        key = _one_of(choice, self.choices(), "choice")
        if key in ("draw", "pass"):
            return t(f"basics.must_place.{key}", lang)
        return t("basics.must_place.place", lang, tile=key)

    def prompt(self, lang: str = "en") -> list[str]:
        name = seat_name(self.seat, lang)
        lines = []
        if self.built == "continue":
            lines.append(t("basics.must_place.went_on", lang, name=name,
                           tile=self.layout.tiles[-1]))
        lines.append(t("basics.must_place.holds", lang, name=name,
                       tiles=_tiles_text(self.hand)))
        count = len(self.game.boneyard)
        lines.append(t("basics.must_place.boneyard", lang, count=count) if count
                     else t("basics.must_place.empty", lang))
        lines.append(t("basics.must_place.q", lang, name=name))
        return lines

    def _verdict(self, answer: str, lang: str) -> Feedback:
        if answer == self.answer:
            tile = Tile.parse(answer)
            return self._right(lang, self.layout.legal_points(tile), [tile])
        name = seat_name(self.seat, lang)
        going_on = self.built == "continue"
        if answer in ("draw", "pass"):
            action = Draw() if answer == "draw" else Pass()
            assert not self.game.is_legal(action)  # the core refuses it too (R16)
            if going_on:
                key = f"basics.must_place.w_{answer}_going_on"
            elif self.game.boneyard:
                key = f"basics.must_place.w_{answer}"
            else:
                key = f"basics.must_place.w_{answer}_empty"
            return _wrong(lang, t(key, lang, name=name))
        tile = Tile.parse(answer)
        key = "basics.must_place.w_no_fit_double" if tile.is_double else \
            "basics.must_place.w_no_fit"
        return _wrong(lang, t(key, lang, tile=tile, low=tile.low, high=tile.high),
                      tiles=[tile])

    def answer_text(self, lang: str = "en") -> str:
        tile = Tile.parse(self.answer)
        point = point_name(self.layout.legal_points(tile)[0], lang)
        return t("basics.must_place.answer", lang, name=seat_name(self.seat, lang), tile=tile,
                 point=point)

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        points = [(tile, side) for tile, side, _ in self.layout.open_points()]
        numbers = list_text(sorted({str(n) for _, _, n in self.layout.open_points()}), lang)
        return [self._reminder(lang),
                _hint(t("basics.must_place.hint_numbers", lang, numbers=numbers), points)]


# =============================================================================== R24-R28: the end

def _tied_block(rng: random.Random, partners: bool, players: int,
                scores: Sequence[int] | None = None) -> Game:
    """A small blocked hand whose lowest totals tie, settled by the core."""
    while True:
        table = _high_table(rng)
        hands = _low_hands(rng, players)
        game = Game.from_position(table, hands, [], rng.randrange(players), partners=partners,
                                  scores=scores, seed=rng.randrange(1, 10**9))
        result = game.hand_result
        if (result is not None and len(result.winners) > 1
                and all(b.pips >= 3 for b in result.bonuses)):
            return game


class Ties(_Basic[SettlementAnswer]):
    """Ties for lowest in a blocked hand (R24): every tied player (or team) wins and receives
    one full bonus from all the other players' tiles, co-winners included; nothing is split.
    The answer is a :class:`SettlementAnswer`: the winners and what one winner receives
    (:meth:`check` also takes a plain number: the points alone)."""

    kind = "ties"
    answer_form = "settlement"
    rules = ("R22", "R23", "R24")
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "individual": ("R22", "R24"), "teams": ("R2", "R22", "R24")}

    def _build(self, rng: random.Random) -> None:
        teams = self._pick(rng) == "teams"
        self.game = _tied_block(rng, teams, 4 if teams else rng.choice((2, 3, 4)))
        self.layout = self.game.layout.copy()

    @property
    def partners(self) -> bool:
        return self.game.partners

    @property
    def result(self) -> HandResult:
        result = self.game.hand_result
        assert result is not None  # blocked by construction
        return result

    @property
    def answer(self) -> SettlementAnswer:
        return SettlementAnswer.of(self.result)

    def choices(self) -> list[int]:
        return list(range(len(self.result.side_pips())))

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        return scoring_side(whole(choice, "a side"), self.partners, lang)

    def prompt(self, lang: str = "en") -> list[str]:
        lines = []
        if self.partners:
            lines.append(t("basics.seats.teams", lang, a=scoring_side(0, True, lang),
                           b=scoring_side(1, True, lang)))
        return [*lines, t("basics.blocked", lang), *_holds(self.game, lang),
                t("basics.ties.q", lang)]

    def _coerce(self, answer: object) -> SettlementAnswer:
        if not isinstance(answer, SettlementAnswer):  # a plain number: the points alone
            points = whole(answer, "the answer (a SettlementAnswer or the points)")
            right = self.answer
            return SettlementAnswer(right.winners, right.pips, right.rounded, points)
        _sides(answer.winners, len(self.choices()))
        for name in ("pips", "rounded", "points"):
            whole(getattr(answer, name), name)
        return answer

    def _verdict(self, answer: SettlementAnswer, lang: str) -> Feedback:
        right = self.answer
        if answer == right:
            return self._right(lang)
        teams = "_teams" if self.partners else ""
        totals = self.result.side_pips()
        if answer.winners != right.winners:
            key = (f"basics.ties.w_all_tied{teams}" if answer.winners < right.winners
                   else f"basics.ties.w_lowest{teams}")
            return _wrong(lang, t(key, lang))
        if answer.pips != right.pips:
            losers = sum(v for s, v in enumerate(totals) if s not in right.winners)
            if answer.pips * len(right.winners) in (right.pips, right.pips - 1, right.pips + 1) \
                    or answer.pips == right.pips // len(right.winners):
                key = "basics.ties.w_split"
            elif answer.pips == losers:
                key = f"basics.ties.w_co_winners{teams}"
            elif answer.pips == sum(totals):
                key = "basics.ties.w_own"
            else:
                key = "basics.ties.w_pips"
            return _wrong(lang, t(key, lang))
        if answer.rounded != right.rounded:
            return _wrong(lang, t("basics.ties.w_round", lang, pips=right.pips))
        return _wrong(lang, t("basics.ties.w_divide", lang, rounded=right.rounded))

    def answer_text(self, lang: str = "en") -> str:
        right = self.answer
        names = [scoring_side(s, self.partners, lang) for s in sorted(right.winners)]
        key = "basics.ties.answer_teams" if self.partners else "basics.ties.answer"
        return t(key, lang, who=and_list(names, lang),
                 total=self.result.side_pips()[min(right.winners)], pips=right.pips,
                 rounded=right.rounded, points=right.points)

    def right_part(self, answer: object) -> object:
        """The fields of a wrong *answer* that were right, by name (``winners``, ``pips``,
        ``rounded``, ``points``); ``None`` for an answer that is not a settlement."""
        try:
            given = self._coerce(answer)
        except ValueError:
            return None
        right = self.answer
        return {name: getattr(given, name) for name in ("winners", "pips", "rounded", "points")
                if getattr(given, name) == getattr(right, name)}

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        totals = list_text((t("basics.total_item", lang, name=scoring_side(s, self.partners,
                                                                            lang), pips=v)
                            for s, v in enumerate(self.result.side_pips())), lang)
        return [self._reminder(lang), _hint(t("basics.ties.hint_totals", lang, totals=totals))]


class OneSettlement(_Basic[frozenset[int]]):
    """One settlement (R25): a blocked hand tied for lowest; all its bonuses are applied
    together, then everyone at the target wins (R26, R27). Who wins the game? (The answer is
    the set of winning seats; empty: the game goes on.)"""

    kind = "one_settlement"
    answer_form = "sides"
    rules = ("R25",)
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "both_reach": ("R24", "R25", "R27"), "one_reaches": ("R24", "R25", "R26")}

    def _build(self, rng: random.Random) -> None:
        both = self._pick(rng) == "both_reach"
        players = rng.choice((2, 3, 4))
        probe = _tied_block(rng, False, players)
        result = probe.hand_result
        assert result is not None
        short = -1 if both else rng.choice(result.winners)
        scores = []
        for seat in range(players):
            gain = result.gains.get(seat)
            if gain is None:
                scores.append(rng.randint(_TARGET - 20, _TARGET - 6))
            elif seat == short:
                scores.append(_TARGET - gain - rng.randint(1, 3))
            else:
                scores.append(_TARGET - gain + rng.randint(0, gain - 1))
        self.before = tuple(scores)
        self.game = Game.from_position(probe.layout, probe.hands, [], probe.to_play,
                                       scores=scores, seed=probe.seed)
        self.layout = self.game.layout.copy()

    @property
    def result(self) -> HandResult:
        result = self.game.hand_result
        assert result is not None  # blocked by construction
        return result

    @property
    def answer(self) -> frozenset[int]:
        return frozenset(self.game.winners or ())

    def choices(self) -> list[int]:
        return list(range(self.game.players))

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        return seat_name(whole(choice, "a seat"), lang)

    def prompt(self, lang: str = "en") -> list[str]:
        scores = list_text((t("basics.score_item", lang, name=seat_name(s, lang), points=v)
                            for s, v in enumerate(self.before)), lang)
        return [t("basics.scores", lang, scores=scores, target=_TARGET),
                t("basics.blocked", lang), *_holds(self.game, lang),
                t("basics.one_settlement.q", lang)]

    def _coerce(self, answer: object) -> frozenset[int]:
        return _sides(answer, self.game.players)

    def _verdict(self, answer: frozenset[int], lang: str) -> Feedback:
        right = self.answer
        if answer == right:
            return self._right(lang)
        after = self.game.scores
        losers = sorted(answer - set(self.result.winners))
        if losers:
            return _wrong(lang, t("basics.one_settlement.w_loser", lang,
                                  name=seat_name(losers[0], lang)))
        short = sorted(answer - right)
        if short:
            seat = short[0]
            return _wrong(lang, t("basics.one_settlement.w_short", lang,
                                  name=seat_name(seat, lang), points=self.result.gains[seat],
                                  score=after[seat], target=_TARGET))
        key = ("basics.one_settlement.w_none" if not answer
               else "basics.one_settlement.w_together")
        return _wrong(lang, t(key, lang, target=_TARGET))

    def answer_text(self, lang: str = "en") -> str:
        after = self.game.scores
        tied = and_list([seat_name(s, lang) for s in self.result.winners], lang)
        finals = list_text((t("basics.score_item", lang, name=seat_name(s, lang), points=after[s])
                            for s in self.result.winners), lang)
        right = sorted(self.answer)
        if len(right) > 1:
            return t("basics.one_settlement.answer_shared", lang, tied=tied, finals=finals,
                     target=_TARGET)
        return t("basics.one_settlement.answer_one", lang, tied=tied, finals=finals,
                 name=seat_name(right[0], lang), target=_TARGET)

    def right_part(self, answer: object) -> object:
        """The winners rightly chosen (a set of seats); ``None`` for an answer that is not a
        collection of seats."""
        try:
            return self._coerce(answer) & self.answer
        except ValueError:
            return None

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        gains = list_text((t("basics.gain_item", lang, name=seat_name(s, lang), points=g)
                           for s, g in sorted(self.result.gains.items())), lang)
        return [self._reminder(lang),
                _hint(t("basics.one_settlement.hint_gains", lang, gains=gains))]


class Result(_Option):
    """The result (R28): a winner, or co-winners when several reach the target in the same
    settlement (R27); no margin is awarded. A placement that reaches the target, or a tied
    settlement that brings two players there."""

    kind = "result"
    rules = ("R26", "R27", "R28")
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "placement": ("R26", "R28"), "shared": ("R27", "R28")}

    def _build(self, rng: random.Random) -> None:
        self.event: Event | None = None
        if self._pick(rng) == "placement":
            while True:
                players = rng.choice((2, 3))
                game = Game(players=players, seed=rng.randrange(1, 10**9),
                            scores=[_TARGET - rng.randint(1, 4) for _ in range(players)])
                events = _play_until(game, rng)
                if events and events[-1].reason is Reason.GAME_WON:
                    self.event = won = events[-1]
                    before = list(won.scores)  # the scores just before the winning placement
                    before[won.seat] -= won.display
                    self.before = tuple(before)
                    break
        else:
            while True:
                players = rng.choice((2, 3, 4))
                probe = _tied_block(rng, False, players)
                result = probe.hand_result
                assert result is not None
                if len(result.winners) != 2:
                    continue
                scores = [_TARGET - result.gains[s] + rng.randint(0, result.gains[s] - 1)
                          if s in result.gains else rng.randint(_TARGET - 20, _TARGET - 6)
                          for s in range(players)]
                if scores[result.winners[0]] + result.gains[result.winners[0]] != \
                        scores[result.winners[1]] + result.gains[result.winners[1]]:
                    break
            self.before = tuple(scores)
            game = Game.from_position(probe.layout, probe.hands, [], probe.to_play,
                                      scores=scores, seed=probe.seed)
        self.game = game
        self.layout = game.layout.copy()
        self.highlight = self.event.tile if self.event is not None else None

    @property
    def finals(self) -> list[int]:
        return self.game.scores

    def _top(self) -> list[int]:
        """The sides in order of their final scores, highest first (seat order on a tie)."""
        return sorted(range(len(self.finals)), key=lambda s: -self.finals[s])

    @property
    def answer(self) -> str:
        winners = self.game.winners or []
        return f"win:{winners[0]}" if len(winners) == 1 else "shared"

    def choices(self) -> list[str]:
        return [*(f"win:{s}" for s in range(self.game.players)), "margin", "shared", "goes_on"]

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        key = _one_of(choice, self.choices(), "choice")
        top = self._top()
        if key.startswith("win:"):
            return t("basics.result.wins", lang, name=seat_name(int(key[4:]), lang))
        if key == "margin":
            return t("basics.result.margin", lang, name=seat_name(top[0], lang),
                     points=self.finals[top[0]] - self.finals[top[1]])
        if key == "shared":
            return t("basics.result.shared", lang,
                     names=and_list([seat_name(s, lang) for s in sorted(top[:2])], lang))
        return t("basics.result.goes_on", lang)

    def prompt(self, lang: str = "en") -> list[str]:
        scores = list_text((t("basics.score_item", lang, name=seat_name(s, lang), points=v)
                            for s, v in enumerate(self.before)), lang)
        lines = [t("basics.scores", lang, scores=scores, target=_TARGET)]
        if self.event is not None:
            lines.append(t("basics.result.placed", lang, placed=_placed(self.event, lang),
                           sum=self.event.sum_text(),
                           points=points_phrase(self.event.raw, lang)))
        else:
            result = self.game.hand_result
            assert result is not None
            gains = list_text((t("basics.gain_item", lang, name=seat_name(s, lang), points=g)
                               for s, g in sorted(result.gains.items())), lang)
            lines.append(t("basics.result.tied", lang, gains=gains))
        lines.append(t("basics.result.q", lang))
        return lines

    def _verdict(self, answer: str, lang: str) -> Feedback:
        if answer == self.answer:
            return self._right(lang)
        winners = self.game.winners or []
        names = and_list([seat_name(s, lang) for s in winners], lang)
        if answer == "margin":
            key = "basics.result.w_margin"
        elif answer == "goes_on":
            key = "basics.result.w_goes_on"
        elif answer == "shared":
            key = "basics.result.w_shared"
        elif int(answer[4:]) in winners:
            key = "basics.result.w_one_of"
        else:
            key = "basics.result.w_below"
        seat = int(answer[4:]) if answer.startswith("win:") else winners[0]
        return _wrong(lang, t(key, lang, names=names, name=seat_name(seat, lang),
                              score=self.finals[seat], target=_TARGET))

    def answer_text(self, lang: str = "en") -> str:
        winners = self.game.winners or []
        finals = list_text((t("basics.score_item", lang, name=seat_name(s, lang),
                              points=self.finals[s]) for s in winners), lang)
        names = and_list([seat_name(s, lang) for s in winners], lang)
        if len(winners) > 1:
            return t("basics.result.answer_shared", lang, names=names, finals=finals,
                     target=_TARGET)
        return t("basics.result.answer_one", lang, name=names, score=self.finals[winners[0]])

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        return [self._reminder(lang),
                _hint(t("basics.result.hint_reach", lang, target=_TARGET),
                      tiles=[self.highlight] if self.highlight else [])]


# =============================================================================== registry

BASICS: tuple[type[Exercise[Any]], ...] = (
    Notation, Seats, Display, Recorded, Deal, Lot, Leader, Opening, Joins, MustPlace, Ties,
    OneSettlement, Result)
"""The kinds of this module, registered in :data:`~horserace_nb.teaching.exercises.KINDS`."""

register_kinds(*BASICS)
