"""Exercise kinds on the set-up (R1–R8): the set and its notation (``notation``, R1), seats and
partners (``seats``, R2), raw and display points (``display``, R3), the score recorded at once
(``recorded``, R4), the deal (``deal``, R5), the lot (``lot``, R6), the next leader (``leader``,
R7) and the opening tile (``opening``, R8).

Every answer is computed by the core (:class:`~horserace_nb.core.game.Game`,
:class:`~horserace_nb.core.layout.Layout`, the lot, the settlement); every wrong choice is
answered with its own sentence naming the rule.

>>> from horserace_nb.teaching.exercises import make_exercise
>>> make_exercise("deal", 5, case="four").answer in (5, 8)
True
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any, ClassVar

from ...core.actions import Place
from ...core.game import Event, Game, Reason
from ...core.layout import Layout
from ...core.rules import HORSE_RACE
from ...core.settlement import HandResult
from ...core.tiles import FULL_SET, Tile
from ...words.i18n import t
from ...words.names import and_list, list_text, points_phrase, seat_name
from .base import (
    Exercise,
    Feedback,
    Hint,
    NumberExercise,
    OptionExercise,
    SeatExercise,
    event_sum_text,
    hand_result,
    high_table,
    hint,
    holds,
    low_hands,
    one_of,
    placed,
    play_until,
    sample,
    tiles_text,
    truncated,
    wrong,
)

__all__ = ["Notation", "Seats", "Display", "Recorded", "Deal", "Lot", "Leader", "Opening",
           "KINDS"]

_TARGET = HORSE_RACE.target
_MULTIPLE = HORSE_RACE.multiple


class Notation(OptionExercise):
    """The set and its notation (R1): how a tile is written, how many tiles show a number, how
    many tiles make the set."""

    kind = "notation"
    rules = ("R1",)
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "written": ("R1",), "count": ("R1",), "set": ("R1",)}
    weights = (6, 3, 1)  # by how many positions each case has (42 tiles-and-orders, 7, 1)

    def _build_case(self, rng: random.Random, case: str) -> None:
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
        key = one_of(choice, self.options, "choice")
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

    def _miss(self, answer: str, lang: str) -> Feedback:
        right = self.answer
        if self.built == "written":
            if answer == "either":  # the notation, not yet the tile (that is the answer)
                return wrong(lang, t("basics.notation.w_either", lang))
            return wrong(lang, t("basics.notation.w_order", lang, tile=self.shown))
        if self.built == "count":
            double = Tile(self.number, self.number)
            key = ("basics.notation.w_double_twice" if int(answer) > int(right)
                   else "basics.notation.w_double_missed")
            return wrong(lang, t(key, lang, tile=double, n=self.number))
        key = ("basics.notation.w_doubles" if int(answer) < int(right)
               else "basics.notation.w_pairs")
        return wrong(lang, t(key, lang))

    def answer_text(self, lang: str = "en") -> str:
        if self.built == "written":
            return t("basics.notation.answer_written", lang, tile=self.shown)
        if self.built == "count":
            tiles = [tile for tile in FULL_SET if tile.has(self.number)]
            return t("basics.notation.answer_count", lang, count=len(tiles), n=self.number,
                     tiles=tiles_text(tiles), double=Tile(self.number, self.number))
        return t("basics.notation.answer_set", lang, count=len(FULL_SET),
                 doubles=sum(tile.is_double for tile in FULL_SET))

    def _pointer(self, lang: str) -> Hint:
        if self.built == "written":
            pointer = t("basics.notation.hint_written", lang, a=self.shown.low,
                        b=self.shown.high)
        elif self.built == "count":
            pointer = t("basics.notation.hint_count", lang, n=self.number,
                        double=Tile(self.number, self.number))
        else:
            pointer = t("basics.notation.hint_set", lang)
        return hint(pointer)


class Seats(SeatExercise):
    """Teams and seats (R2): a placement scores; who else's score goes up with it? The
    placer's partner (sitting opposite) in a partnership, nobody when each plays alone. The
    answer is a seat or ``None`` (nobody)."""

    kind = "seats"
    rules = ("R2",)
    nobody = "basics.seats.nobody"
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "partners": ("R2",), "individual": ("R2",)}

    def _build_case(self, rng: random.Random, case: str) -> None:
        partners = case == "partners"

        # the designed individual case has 2 or 3 players: nothing in the prompt says the
        # game is not a partnership, only R2 does (partnerships are four players)
        alone = (2, 3) if self.case is not None else (2, 3, 4)

        def draw() -> tuple[Game, list[Event]] | None:
            game = Game(players=4 if partners else rng.choice(alone), partners=partners,
                        seed=rng.randrange(1, 10**9))
            scored = [e for e in play_until(game, rng, 40) if e.kind == "place" and e.raw]
            return (game, scored) if scored else None

        game, scored = sample(draw)
        self.game, self.event = game, scored[0]
        placements = game.layout.placements()[:game.layout.tiles.index(scored[0].tile) + 1]
        self.layout = Layout.from_placements([(a, on, side) for a, on, side in placements])
        self.highlight = scored[0].tile

    @property
    def answer(self) -> int | None:
        seat = self.event.seat
        others = [s for s in range(self.players)
                  if s != seat and self.game.side_of(s) == self.game.side_of(seat)]
        return others[0] if others else None

    def _seating(self, lang: str) -> str:
        """The seats round the table, clockwise, and the mode (partnerships, or none with four
        players alone), never who partners whom: that is the question (R2)."""
        seats = " → ".join(seat_name(s, lang) for s in range(self.players))
        key = ("basics.seats.round_partners" if self.game.partners else
               "basics.seats.round_alone" if self.players == 4 else "basics.seats.round")
        return t(key, lang, count=self.players, seats=seats)

    def prompt(self, lang: str = "en") -> list[str]:
        first = self._seating(lang)
        name = seat_name(self.event.seat, lang)
        return [first, t("basics.seats.scored", lang, placed=placed(self.event, lang),
                         points=points_phrase(self.event.raw, lang)),
                t("basics.seats.q", lang, name=name)]

    def _miss(self, answer: int | None, lang: str) -> Feedback:
        name = seat_name(self.event.seat, lang)
        if answer == self.event.seat:
            return wrong(lang, t("basics.seats.w_self", lang, name=name))
        if not self.game.partners:
            return wrong(lang, t("basics.seats.w_individual", lang, name=name,
                                 count=self.players))
        if answer is None:
            return wrong(lang, t("basics.seats.w_nobody", lang, name=name))
        return wrong(lang, t("basics.seats.w_beside", lang, other=seat_name(answer, lang),
                             name=name))

    def answer_text(self, lang: str = "en") -> str:
        name = seat_name(self.event.seat, lang)
        partner = self.answer
        if partner is None:
            return t("basics.seats.answer_alone", lang, name=name)
        return t("basics.seats.answer_partner", lang, name=name,
                 partner=seat_name(partner, lang), points=self.event.display)

    def _pointer(self, lang: str) -> Hint:
        key = "basics.seats.hint_opposite" if self.game.partners else "basics.seats.hint_mode"
        return hint(t(key, lang, name=seat_name(self.event.seat, lang)),
                    tiles=[self.event.tile] if self.event.tile else [])


class Display(NumberExercise):
    """Raw versus display points (R3): a placement's raw score in display points, or a score
    in display points as raw points (61 points are 305 raw)."""

    kind = "display"
    rules = ("R3",)
    asked = "the answer (a number of points)"
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "to_display": ("R3",), "to_raw": ("R3",)}

    def _build_case(self, rng: random.Random, case: str) -> None:
        if case == "to_display":
            def draw() -> Layout | None:
                layout = truncated(rng, 2, 8, 0.4)
                scores = layout.score() >= 2 * _MULTIPLE or (layout.score() and rng.random() < 0.3)
                return layout if scores else None

            layout = sample(draw)
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

    def _miss(self, answer: int, lang: str) -> Feedback:
        raw, points = self.raw, self.points
        if self.built == "to_display":
            key = ("basics.display.w_raw" if answer == raw else
                   "basics.display.w_times" if answer == raw * _MULTIPLE else
                   "basics.display.w_fives")
        else:
            key = ("basics.display.w_same" if answer == points else
                   "basics.display.w_divide" if answer == points // _MULTIPLE else
                   "basics.display.w_each")
        return wrong(lang, t(key, lang, raw=raw, points=points))

    def answer_text(self, lang: str = "en") -> str:
        if self.built == "to_display":
            return t("basics.display.answer_display", lang, raw=self.raw, points=self.points)
        key = ("basics.display.answer_target" if self.points == _TARGET
               else "basics.display.answer_raw")
        return t(key, lang, raw=self.raw, points=self.points)

    def _pointer(self, lang: str) -> Hint:
        key = ("basics.display.hint_fives" if self.built == "to_display"
               else "basics.display.hint_each")
        return hint(t(key, lang, raw=self.raw, points=self.points),
                    tiles=[self.highlight] if self.highlight else [])


class Recorded(NumberExercise):
    """The score is recorded at once (R4): after this placement (or the two placements of one
    turn), what does the placer's score show?"""

    kind = "recorded"
    rules = ("R4",)
    asked = "the answer (the score shown)"
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "at_once": ("R4", "R15"), "in_turn": ("R4", "R17")}

    def _build_case(self, rng: random.Random, case: str) -> None:
        two = case == "in_turn"

        def draw() -> tuple[Game, list[list[int]], list[Event]] | None:
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
                    return game, before, events
            return None

        game, before, events = sample(draw)
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
            lines.append(t(key, lang, placed=placed(event, lang), sum=event_sum_text(event)))
        lines.append(t("basics.recorded.q", lang, name=name))
        return lines

    def _miss(self, answer: int, lang: str) -> Feedback:
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
        return wrong(lang, t(key, lang, before=before, raw=raw, points=sum(gained)),
                     tiles=[e.tile for e in events if e.tile])

    def answer_text(self, lang: str = "en") -> str:
        terms = " + ".join(str(v) for v in [self.before, *(e.display for e in self.events)])
        key = "basics.recorded.answer_two" if len(self.events) > 1 else "basics.recorded.answer"
        return t(key, lang, name=seat_name(self.seat, lang), sum=f"{terms} = {self.answer}")

    def _pointer(self, lang: str) -> Hint:
        scored = list_text((points_phrase(e.raw, lang) for e in self.events), lang)
        return hint(t("basics.recorded.hint_points", lang, scored=scored),
                    tiles=[e.tile for e in self.events if e.tile])


class Deal(NumberExercise):
    """The deal and the boneyard (R5): with 2, 3 or 4 players, how many tiles a player holds or
    the boneyard holds, right after the deal or later in the hand (tiles placed and drawn)."""

    kind = "deal"
    rules = ("R5",)
    asked = "the answer (a number of tiles)"
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "two": ("R5",), "three": ("R5",), "four": ("R5",), "during": ("R5", "R18")}

    def _build_case(self, rng: random.Random, case: str) -> None:
        players = {"two": 2, "three": 3, "four": 4}.get(case) or rng.choice((2, 3, 4))
        self.ask = rng.choice(("hand", "boneyard"))

        def draw() -> Game | None:
            self.game = game = Game(players=players, seed=rng.randrange(1, 10**9))
            self.seat = rng.randrange(players)
            events = play_until(game, rng, rng.randint(4, 12)) if case == "during" else []
            mine = [e for e in events if e.seat == self.seat]
            self.placed = sum(e.kind == "place" for e in (mine if self.ask == "hand" else events))
            self.draws = sum(e.kind == "draw" for e in (mine if self.ask == "hand" else events))
            if game.hand_over:
                return None
            # later in the hand, the count has changed since the deal (else it asks the deal)
            changed = case != "during" or self.answer != (self.size if self.ask == "hand"
                                                          else self.start)
            return game if changed else None

        self.layout = sample(draw).layout.copy()

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

    def _miss(self, answer: int, lang: str) -> Feedback:
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
        return wrong(lang, t(key, lang, name=name, count=self.players, size=self.size))

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

    def _pointer(self, lang: str) -> Hint:
        return hint(t("basics.deal.hint_count", lang, count=self.players, size=self.size,
                      dealt=self.players * self.size))


class Lot(SeatExercise):
    """The first leader by lot (R6): the lot's rounds (ties roll again among themselves) and who
    holds the highest double, which gives no right to lead."""

    kind = "lot"
    rules = ("R6",)
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "reroll": ("R6",), "high_double": ("R6",)}

    def _build_case(self, rng: random.Random, case: str) -> None:
        reroll = case == "reroll"

        def draw() -> Game | None:
            game = Game(players=rng.choice((2, 3, 4)), seed=rng.randrange(1, 10**9))
            lot = game.lots[0]
            doubles = [(tile, seat) for seat, hand in enumerate(game.hands) for tile in hand
                       if tile.is_double]
            if not doubles:
                return None
            self.double, self.holder = max(doubles)
            return game if (len(lot.rounds) >= 2) == reroll and self.holder != lot.winner \
                else None

        self.game = sample(draw)
        self.lot = self.game.lots[0]

    @property
    def answer(self) -> int:
        return self.lot.winner

    def prompt(self, lang: str = "en") -> list[str]:
        lines = [t("basics.lot.double", lang, name=seat_name(self.holder, lang),
                   tile=self.double)]
        for n, rolls in enumerate(self.lot.rounds, 1):
            said = list_text((t("basics.lot.roll", lang, name=seat_name(s, lang), roll=r)
                              for s, r in sorted(rolls.items())), lang)
            lines.append(t("basics.lot.round", lang, n=n, rolls=said))
        lines.append(t("basics.lot.q", lang))
        return lines

    def _miss(self, answer: int | None, lang: str) -> Feedback:
        assert answer is not None  # no "nobody" choice
        name = seat_name(answer, lang)
        last = max(n for n, rolls in enumerate(self.lot.rounds, 1) if answer in rolls)
        if answer == self.holder:  # the double, and the re-roll too when there was one
            key = "basics.lot.w_double_reroll" if last > 1 else "basics.lot.w_double"
            return wrong(lang, t(key, lang, name=name, tile=self.double, n=last))
        key = "basics.lot.w_reroll" if last > 1 else "basics.lot.w_lower"
        return wrong(lang, t(key, lang, name=name, n=last))

    def answer_text(self, lang: str = "en") -> str:
        return t("basics.lot.answer", lang, name=seat_name(self.answer, lang),
                 n=len(self.lot.rounds), tile=self.double)

    def _pointer(self, lang: str) -> Hint:
        return hint(t("basics.lot.hint_last", lang, n=len(self.lot.rounds)))


def _ending(rng: random.Random, players: int, partners: bool, *, domino: bool,
            scores: Sequence[int] | None = None) -> tuple[Game, Event]:
    """A small hand's last placement, made by the core: the placer holds the last tile of a
    layout of tiles 4 to 6 (and nothing else if *domino*), everyone else holds tiles 0 to 3,
    the boneyard is empty, so the placement ends the hand by the last tile or blocked."""
    def draw() -> tuple[Game, Event] | None:
        table = high_table(rng)
        hands = low_hands(rng, players)
        seat = rng.randrange(players)
        last = table[-1][0]
        hands[seat] = [last] if domino else [*hands[seat], last]
        game = Game.from_position(table[:-1], hands, [], seat, partners=partners,
                                  scores=scores, seed=rng.randrange(1, 10**9))
        event = game.apply(Place(last, table[-1][1], table[-1][2]))
        want = Reason.DOMINO if domino else Reason.BLOCKED
        return (game, event) if event.reason is want else None

    return sample(draw)


class Leader(SeatExercise):
    """Who leads the next hand (R7)? The player who placed the last tile of the hand; after a
    blocked hand, a new lot (the answer ``None``)."""

    kind = "leader"
    rules = ("R7",)
    nobody = "basics.leader.new_lot"
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "domino": ("R7", "R21"), "blocked": ("R7", "R22")}

    def _build_case(self, rng: random.Random, case: str) -> None:
        domino = case == "domino"
        self.game, self.event = _ending(rng, rng.choice((2, 3, 4)), False, domino=domino)
        self.layout = self.game.layout.copy()
        self.highlight = self.event.tile

    @property
    def result(self) -> HandResult:
        return hand_result(self.game)

    @property
    def answer(self) -> int | None:
        after = self.game.copy()
        after.next_hand()
        lot_drawn = bool(after.lots) and after.lots[-1].hand == after.hand_number
        return None if lot_drawn else after.leader

    def prompt(self, lang: str = "en") -> list[str]:
        name = seat_name(self.event.seat, lang)
        if self.result.reason == "domino":
            lines = [t("basics.leader.domino", lang, name=name, tile=self.event.tile)]
        else:
            winners = and_list([seat_name(s, lang) for s in self.result.winners], lang)
            lines = [t("basics.leader.blocked", lang, placed=placed(self.event, lang)),
                     t("basics.leader.lowest", lang, names=winners)]
        return [*lines, *holds(self.game, lang), t("basics.leader.q", lang)]

    def _miss(self, answer: int | None, lang: str) -> Feedback:
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
        return wrong(lang, t(key, lang, name=name, chosen=chosen), tiles=tiles)

    def answer_text(self, lang: str = "en") -> str:
        name = seat_name(self.event.seat, lang)
        key = ("basics.leader.answer_domino" if self.result.reason == "domino"
               else "basics.leader.answer_blocked")
        return t(key, lang, name=name)

    def _pointer(self, lang: str) -> Hint:
        return hint(t("basics.leader.hint_how", lang),
                    tiles=[self.event.tile] if self.event.tile else [])


class Opening(OptionExercise):
    """The opening tile (R8): any tile in hand may open, and it scores like every placement.
    Which of the leader's tiles scores the most as the opening tile? (Exactly one does.)"""

    kind = "opening"
    rules = ("R8", "R15")
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "any_tile": ("R8", "R15"), "double": ("R8", "R10", "R15")}

    def _build_case(self, rng: random.Random, case: str) -> None:
        double = case == "double"
        attempts = itertools.count(1)

        def draw() -> tuple[Game, list[Tile], Tile] | None:
            attempt = next(attempts)
            game = Game(players=rng.choice((2, 3, 4)), seed=rng.randrange(1, 10**9))
            hand = game.hands[game.leader]
            scores = sorted((self._score(tile), tile) for tile in hand)
            best, second = scores[-1], scores[-2]
            if not best[0] or best[0] == second[0] or best[1].is_double != double:
                return None
            # a hand with a double that is not the best opening tempts the wrong belief
            # that a double must open (R6, R8)
            if double or attempt > 500 or any(tile.is_double for tile in hand):
                return game, hand, best[1]
            return None

        self.game, self.hand, self.best = sample(draw)

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
        return one_of(choice, self.choices(), "choice")

    def prompt(self, lang: str = "en") -> list[str]:
        return [t("basics.opening.leads", lang, name=seat_name(self.game.leader, lang),
                  tiles=tiles_text(self.hand)),
                t("basics.opening.q", lang)]

    def _miss(self, answer: str, lang: str) -> Feedback:
        tile = Tile.parse(answer)
        raw = self._score(tile)
        if raw:
            why = t("basics.opening.w_lower", lang, tile=tile, points=points_phrase(raw, lang))
        elif tile.is_double:
            why = t("basics.opening.w_double", lang, tile=tile, pips=tile.pips)
        else:
            why = t("basics.opening.w_zero", lang, tile=tile, pips=tile.pips)
        return wrong(lang, why)

    def answer_text(self, lang: str = "en") -> str:
        tile = self.best
        key = "basics.opening.answer_double" if tile.is_double else "basics.opening.answer"
        return t(key, lang, tile=tile, pips=tile.pips,
                 points=points_phrase(self._score(tile), lang))

    def _pointer(self, lang: str) -> Hint:
        return hint(t("basics.opening.hint_add", lang))



KINDS: tuple[type[Exercise[Any]], ...] = (Notation, Seats, Display, Recorded, Deal, Lot, Leader,
                                          Opening)
"""The kinds of this topic, in teaching order."""
