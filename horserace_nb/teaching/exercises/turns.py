"""Exercise kinds on turns (R16–R20): must place if you can (``must_place``: R16) and who plays
next (``next``: R17 placing again, R18 the drawn tile, R19 passing, R20 the hand's end).

>>> from horserace_nb.teaching.exercises import make_exercise
>>> ex = make_exercise("must_place", seed=3, case="draw")
>>> ex.check("draw", "en").rules
('R16',)
>>> ex.check(ex.answer, "ko").ok
True
"""

from __future__ import annotations

import functools
import random
from typing import Any, ClassVar

from ...core.actions import Draw, Pass, Place
from ...core.game import Event, Game, Reason
from ...core.layout import Layout
from ...core.rules import HORSE_RACE
from ...core.tiles import FULL_SET, Tile
from ...core.validate import whole
from ...words.i18n import check_lang, side_name, t
from ...words.names import list_text, point_name, points_phrase, seat_name
from .base import (
    Exercise,
    Feedback,
    Hint,
    OptionExercise,
    Point,
    feedback,
    hint,
    holds,
    one_of,
    placed,
    random_play,
    rules_in,
    sample,
    tiles_text,
    truncated,
    wrong,
)

__all__ = ["MustPlace", "NextPlayer", "KINDS"]

_NEXT_REASONS = (Reason.DOUBLE, Reason.SCORED, Reason.SINGLE, Reason.DRAWN,
                 Reason.DRAW_PLAYABLE, Reason.DRAW_AGAIN, Reason.PASS, Reason.DOMINO)


def _shows(wanted: Reason, strict: bool, _game: Game, event: Event) -> bool:
    """True if *event* is the kind of turn wanted; *strict*: a drawn tile or a last tile that
    is a double or scores (the cases where the turn still ends)."""
    reason = event.reason
    if wanted is Reason.DOUBLE:
        return reason in (Reason.DOUBLE, Reason.DOUBLE_SCORED)
    if reason is not wanted:
        return False
    if strict and wanted in (Reason.DRAWN, Reason.DOMINO):
        assert event.tile is not None
        return event.tile.is_double or event.raw > 0
    return True


def _after_a_draw(game: Game) -> bool:
    """The last event placed the tile its player had just drawn (R18)."""
    history = game.history
    event = history[-1]
    return (event.kind == "place" and len(history) > 1 and history[-2].kind == "draw"
            and history[-2].seat == event.seat)


def _after_a_scoring_double(game: Game) -> bool:
    """The last event is a placement from hand that follows the same player's scoring double
    from hand (R17: that double gave one more placement, this one)."""
    history = game.history
    return (len(history) > 1 and history[-1].kind == "place"
            and history[-2].reason is Reason.DOUBLE_SCORED
            and history[-2].seat == history[-1].seat)


def _is_next_case(case: str | None, game: Game, event: Event) -> bool:
    """*event* shows the designed case of :class:`NextPlayer`."""
    reason = event.reason
    scored = event.tile is not None and (event.tile.is_double or event.raw > 0)
    if case == "zero_total":  # a single from hand leaves the ends at 0: no score (R15)
        return reason is Reason.SINGLE and event.total == 0 and not _after_a_scoring_double(
            game)
    if case == "double_once":  # after a scoring double, a single that does not score
        return reason is Reason.SINGLE and event.total > 0 and _after_a_scoring_double(game)
    if case == "blocked":
        return reason is Reason.BLOCKED
    if case == "drawn":
        return reason is Reason.DRAWN and event.raw > 0
    if case == "last_tile":
        return reason is Reason.DOMINO and scored
    if case == "target":
        return reason is Reason.GAME_WON and not _after_a_draw(game)
    wanted = {"single": Reason.SINGLE, "double": Reason.DOUBLE, "scored": Reason.SCORED,
              "draw_again": Reason.DRAW_AGAIN, "pass": Reason.PASS}
    return reason is wanted[str(case)]


class NextPlayer(Exercise[int | None]):
    """Who plays next after this action? (R17 continuation, R18 drawn tile, R19 pass, R20–R21
    the hand ends) The position comes from seeded random play; the answer is a seat, or
    ``None`` when the hand is over."""

    kind = "next"
    answer_form = "seat"
    rules = ("R17", "R18", "R19", "R20", "R21")
    cases = {
        "single": ("R8", "R17"),  # a single from hand that does not score ends the turn
        "double": ("R17",),  # a double from hand: the same player goes on
        "scored": ("R15", "R17"),  # a scoring single from hand: the same player goes on
        "drawn": ("R18",),  # a drawn tile that scores still ends the turn
        "draw_again": ("R18",),  # a drawn tile that does not fit: draw again
        "pass": ("R19",),  # no tile fits, the boneyard is empty: pass, clockwise
        "last_tile": ("R20", "R21"),  # a last tile that is a double or scores ends the hand
        "target": ("R20", "R26"),  # a score from hand that reaches the target ends the game
        "zero_total": ("R15", "R17"),  # a single leaves the ends at 0: 0 scores nothing
        "double_once": ("R17",),  # a scoring double gives one more placement, not two
        "blocked": ("R19",),  # nobody can place, the boneyard is empty: the hand is blocked
    }

    def _build(self, rng: random.Random) -> None:
        wanted = rng.choice(_NEXT_REASONS) if self.case is None else None
        target = HORSE_RACE.target
        for attempt in range(400):
            players = rng.choice((2, 3, 4))
            scores = None
            if wanted is not None:
                found = functools.partial(_shows, wanted, attempt < 200)
            else:
                found = functools.partial(_is_next_case, self.case)
                if self.case == "target":
                    scores = [target - rng.randint(1, 4) for _ in range(players)]
            game = Game(players=players, seed=rng.randrange(1, 10**9), scores=scores)
            event = random_play(game, rng, found)
            if event is not None:
                self.game, self.event = game, event
                self.layout = game.layout.copy()
                self.highlight = event.tile if event.kind == "place" else None
                self.drawn = _after_a_draw(game)
                return
        raise RuntimeError("no position found")  # pragma: no cover - 400 hands always do

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def answer(self) -> int | None:
        return None if self.game.hand_over else self.game.to_play

    def choices(self) -> list[int | None]:
        return [*range(self.players), None]

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        if choice is None:
            return t("exercise.next.nobody", lang)
        return seat_name(whole(choice, "a seat"), lang)

    def prompt(self, lang: str = "en") -> list[str]:
        event, name = self.event, seat_name(self.event.seat, lang)
        if event.kind == "draw":
            said = t("exercise.next.drew", lang, name=name, tile=event.tile)
        elif event.kind == "pass":
            said = t("exercise.next.passed", lang, name=name)
        elif event.on is None:
            said = t("exercise.next.opened", lang, name=name, tile=event.tile)
        else:
            assert event.side is not None
            said = t("exercise.next.placed_drawn" if self.drawn else "exercise.next.placed",
                     lang, name=name, tile=event.tile, on=event.on,
                     side=side_name(event.side, lang))
        lines = []
        if self._once:  # the scoring double placed just before, from hand
            double = self.game.history[-2]
            from_hand = placed(double, lang) if double.on is None or double.side is None else t(
                "exercise.next.placed", lang, name=seat_name(double.seat, lang),
                tile=double.tile, on=double.on, side=side_name(double.side, lang))
            lines += [from_hand,  # from hand: R17's one more placement, not R18's end of turn
                      t("exercise.next.double_scores", lang, total=double.total,
                        points=points_phrase(double.raw, lang))]
            assert event.side is not None  # a single after a double: placed on the layout
            said = t("exercise.next.placed_then", lang, name=name, tile=event.tile,
                     on=event.on, side=side_name(event.side, lang))
        lines.append(said)
        if self._shows_hands:  # every tile in hand: can anybody place? (R19)
            lines += [*holds(self.game, lang), t("basics.must_place.empty", lang)]
        else:
            counts = list_text((t("exercise.next.hand_count", lang, name=seat_name(s, lang),
                                  count=len(h)) for s, h in enumerate(self.game.hands)),
                               lang, none=True)
            lines.append(t("exercise.next.state", lang, hands=counts,
                           count=len(self.game.boneyard)))
        if self.case == "target":  # the scores before the placement, and the target
            before = list(event.scores)
            before[event.seat] -= event.display
            scores = list_text((t("exercise.winner.score_item", lang, name=seat_name(s, lang),
                                  points=v) for s, v in enumerate(before)), lang, none=True)
            lines.append(t("exercise.next.scores_before", lang, scores=scores,
                           target=self.game.target))
        return [*lines, t("exercise.next.q", lang)]

    def _coerce(self, answer: object) -> int | None:
        if answer is None:
            return None
        seat = whole(answer, "a seat")
        if not 0 <= seat < self.players:
            raise ValueError(f"seats are numbered from 0 to {self.players - 1}, not {seat}")
        return seat

    @property
    def _once(self) -> bool:
        """A single from hand after the same player's scoring double (R17: one more
        placement, not two)."""
        return self.event.reason is Reason.SINGLE and _after_a_scoring_double(self.game)

    @property
    def _shows_hands(self) -> bool:
        """A pass, or a hand that is blocked now: the prompt shows every tile in hand, so
        that whether anybody can still place is read from the tiles, not told (R19)."""
        return (self.event.reason in (Reason.PASS, Reason.BLOCKED)
                and not self.game.boneyard)

    def _reason_key(self) -> str:
        assert self.event.reason is not None
        if self._once:
            return "once"
        if self.event.reason is Reason.SINGLE and self.event.total == 0:
            return "zero"  # 0 is no positive multiple of 5: no score (R15)
        return str(self.event.reason)

    def _rule_sentence(self, lang: str) -> str:
        """The turn rule the event turns on, as a sentence with its R-numbers."""
        key = self._reason_key()
        rule = "same" if key in ("double", "scored", "double_scored") else key
        return t(f"exercise.next.rule_{rule}", lang, target=self.game.target)

    def _verdict(self, answer: int | None, lang: str) -> Feedback:
        event = self.event
        tiles = [event.tile] if event.kind == "place" else []
        if answer == self.answer:
            return feedback(True, t("exercise.right_why", lang, why=self.answer_text(lang)),
                            tiles=tiles)
        return wrong(lang, self._why_not(answer, lang), tiles=tiles)

    def _why_not(self, answer: int | None, lang: str) -> str:
        """Why the seat *answer* (``None``: nobody) is not next: a sentence of its own for each
        wrong choice."""
        event, right = self.event, self.answer
        name = seat_name(event.seat, lang)
        choice = self.choice_label(answer, lang)
        rule = self._rule_sentence(lang)
        if right is None:  # the hand or the game is over: nobody plays
            return t("exercise.next.over", lang, choice=choice, rule=rule)
        if answer is None:
            return t("exercise.next.not_over", lang)
        if right == event.seat:  # the same player goes on: places again, or draws again
            draws = self._reason_key() == "draw_again" and bool(self.game.boneyard)
            key = "exercise.next.wait_draw" if draws else "exercise.next.wait"
            return t(key, lang, choice=choice, name=name, rule=rule)
        if answer == event.seat:  # the turn has ended
            return t("exercise.next.turn_over", lang, name=name, rule=rule)
        return t("exercise.next.clockwise", lang, choice=choice, name=name,
                 rules=", ".join(dict.fromkeys(("R8", *rules_in(rule)))))

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        event = self.event
        first = hint(t("exercise.hint.rule", lang, rule=self._rule_sentence(lang)))
        if self._shows_hands:  # the rule of a pass and of a blocked hand alike: not told which
            points = [(tile, side) for tile, side, _ in self.layout.open_points()]
            return [hint(t("exercise.hint.rule", lang, rule=t("exercise.next.rule_hands", lang))),
                    hint(t("exercise.next.hint_hands", lang), points=points)]
        if event.kind == "pass":
            return [first, hint(t("exercise.next.hint_pass", lang))]
        if event.kind == "draw":
            assert event.tile is not None
            points = [(tile, side) for tile, side, _ in self.layout.open_points()]
            return [first, hint(t("exercise.next.hint_draw", lang, tile=event.tile),
                                points=points)]
        return [first, hint(t("exercise.next.hint_place", lang, tile=event.tile),
                            tiles=[event.tile])]

    def answer_text(self, lang: str = "en") -> str:
        event = self.event
        nxt = self.answer
        return t(f"exercise.next.why_{self._reason_key()}", lang,
                 name=seat_name(event.seat, lang), tile=event.tile, total=event.total,
                 next="" if nxt is None else seat_name(nxt, lang),
                 score=event.scores[self.game.side_of(event.seat)] if event.scores else 0,
                 target=self.game.target)




class MustPlace(OptionExercise):
    """Must place if you can (R16): a hand with exactly one tile that fits; the choices are to
    place each tile, to draw, or to pass. Drawing and passing are answered with why not; the
    right answer is the tile that fits. The core decides what is legal."""

    kind = "must_place"
    rules = ("R16", "R18")
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "draw": ("R16",), "pass": ("R16", "R19"), "continue": ("R16", "R17"),
        "drawn": ("R18",)}  # no tile fitted, the tile drawn fits: it, and no other, goes down

    drawn: Tile | None = None
    """The tile just drawn, which fits and must be placed at once (case ``drawn``, R18)."""

    def _build_case(self, rng: random.Random, case: str) -> None:

        def draw() -> tuple[Layout, Game, list[Tile], int] | None:
            layout = truncated(rng, 2, 7, 0.4)
            if case == "continue" and not layout.tiles[-1].is_double:
                return None
            shown = {n for _, _, n in layout.open_points()}
            rest = [tile for tile in FULL_SET if tile not in layout]
            rng.shuffle(rest)
            fits = [tile for tile in rest if layout.can_place(tile)]
            dead = [tile for tile in rest if not (tile.low in shown or tile.high in shown)]
            if not fits or len(dead) < 3:
                return None
            hand = sorted([fits[0], *dead[:rng.randint(2, 3)]])
            others = [tile for tile in rest if tile not in hand]
            boneyard = [] if case == "pass" else others[:rng.randint(2, 6)]
            other_hand = [tile for tile in others if tile not in boneyard][:rng.randint(2, 4)]
            seat = rng.randrange(2)
            hands = [hand, other_hand] if seat == 0 else [other_hand, hand]
            # drawn: the tile that fits was just drawn (none of the others fitted): pending
            game = Game.from_position(layout, hands, boneyard, seat,
                                      continuing=case == "continue",
                                      pending=fits[0] if case == "drawn" else None,
                                      seed=rng.randrange(1, 10**9))
            return layout, game, hand, seat

        layout, self.game, self.hand, self.seat = sample(draw)
        self.layout = layout.copy()
        self.highlight = layout.tiles[-1] if case == "continue" else None
        if case == "drawn":
            self.drawn = Tile.parse(self.answer)

    @property
    def answer(self) -> str:
        placeable = {a.tile for a in self.game.legal_actions() if isinstance(a, Place)}
        (tile,) = placeable  # exactly one tile fits, by construction
        return str(tile)

    def choices(self) -> list[str]:
        return [*(str(tile) for tile in self.hand), "draw", "pass"]

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        key = one_of(choice, self.choices(), "choice")
        if key in ("draw", "pass"):
            return t(f"basics.must_place.{key}", lang)
        return t("basics.must_place.place", lang, tile=key)

    def prompt(self, lang: str = "en") -> list[str]:
        name = seat_name(self.seat, lang)
        lines = []
        if self.built == "continue":
            lines.append(t("basics.must_place.went_on", lang, name=name,
                           tile=self.layout.tiles[-1]))
        if self.drawn is not None:
            before = [tile for tile in self.hand if tile != self.drawn]
            lines += [t("basics.must_place.held", lang, name=name, tiles=tiles_text(before)),
                      t("basics.must_place.drew", lang, name=name, tile=self.drawn)]
        else:
            lines.append(t("basics.must_place.holds", lang, name=name,
                           tiles=tiles_text(self.hand)))
        count = len(self.game.boneyard)
        lines.append(t("basics.must_place.boneyard", lang, count=count) if count
                     else t("basics.must_place.empty", lang))
        lines.append(t("basics.must_place.q", lang, name=name))
        return lines

    def _right_marks(self, answer: str) -> tuple[list[Point], list[Tile | None]]:
        tile = Tile.parse(answer)
        return self.layout.legal_points(tile), [tile]

    def _miss(self, answer: str, lang: str) -> Feedback:
        name = seat_name(self.seat, lang)
        going_on = self.built == "continue"
        if self.drawn is not None:  # the drawn tile fits: placed at once, nothing instead
            key = (f"basics.must_place.w_{answer}_drawn" if answer in ("draw", "pass")
                   else "basics.must_place.w_swap")
            other = None if answer in ("draw", "pass") else Tile.parse(answer)
            return wrong(lang, t(key, lang, name=name, drawn=self.drawn, tile=other),
                         tiles=[self.drawn, other])
        if answer in ("draw", "pass"):
            action = Draw() if answer == "draw" else Pass()
            assert not self.game.is_legal(action)  # the core refuses it too (R16)
            if going_on:
                key = f"basics.must_place.w_{answer}_going_on"
            elif self.game.boneyard:
                key = f"basics.must_place.w_{answer}"
            else:
                key = f"basics.must_place.w_{answer}_empty"
            return wrong(lang, t(key, lang, name=name))
        tile = Tile.parse(answer)
        key = "basics.must_place.w_no_fit_double" if tile.is_double else \
            "basics.must_place.w_no_fit"
        return wrong(lang, t(key, lang, tile=tile, low=tile.low, high=tile.high),
                     tiles=[tile])

    def answer_text(self, lang: str = "en") -> str:
        tile = Tile.parse(self.answer)
        point = point_name(self.layout.legal_points(tile)[0], lang)
        key = "basics.must_place.answer_drawn" if self.drawn is not None else \
            "basics.must_place.answer"
        return t(key, lang, name=seat_name(self.seat, lang), tile=tile,
                 point=point)

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        steps = super().hint_steps(lang)
        if self.drawn is not None:  # the rule of the drawn tile (R18)
            steps[0] = hint(t("exercise.next.rule_draw_playable", check_lang(lang)))
        return steps

    def _pointer(self, lang: str) -> Hint:
        points = [(tile, side) for tile, side, _ in self.layout.open_points()]
        numbers = list_text(sorted({str(n) for _, _, n in self.layout.open_points()}), lang)
        return hint(t("basics.must_place.hint_numbers", lang, numbers=numbers), points)



KINDS: tuple[type[Exercise[Any]], ...] = (MustPlace, NextPlayer)
"""The kinds of this topic, in teaching order."""
