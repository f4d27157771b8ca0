"""Exercise kinds on the settlement (R21–R25): settle the hand (``settle``: who wins it, the
pips, the rounding and the points, R21–R25), ties for lowest (``ties``: R24) and one settlement
for all the bonuses (``one_settlement``: R25).

>>> from horserace_nb.teaching.exercises import make_exercise
>>> ex = make_exercise("settle", seed=2, case="round_up")
>>> ex.check(ex.answer).ok, ex.answer.pips % 5 in (3, 4)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from ...core.actions import Place
from ...core.game import Game
from ...core.layout import Layout
from ...core.rules import HORSE_RACE
from ...core.settlement import HandResult, settle
from ...core.tiles import FULL_SET, Tile
from ...core.validate import whole
from ...words.i18n import check_lang, t
from ...words.names import and_list, list_text, scoring_side, seat_name
from .base import (
    BasicExercise,
    Exercise,
    Feedback,
    Hint,
    SettlementAnswer,
    feedback,
    hand_result,
    hint,
    holds,
    random_play,
    right_fields,
    seat_set,
    settlement_answer,
    tied_block,
    truncated,
    wrong,
)

__all__ = ["line_length", "Settlement", "Ties", "OneSettlement", "KINDS"]

_TARGET = HORSE_RACE.target


def line_length(layout: Layout) -> int:
    """How many tiles lie on the layout's main line (the line through the first tile, drawn
    across the board): every tile not reached through a spinner's branch (R11), which are
    drawn across it. The width of the picture grows with it."""
    joined = {c.tile: c for c in layout.connections()}
    count = 0
    for tile in layout.tiles:
        while tile in joined and not joined[tile].anchor_side.is_branch:
            tile = joined[tile].anchor
        count += tile not in joined
    return count



class Settlement(Exercise[SettlementAnswer]):
    """Settle the hand (R21–R25): who wins it, the pips received, rounded, and the points.
    Hands end by a last tile or blocked, for 2, 3 or 4 players or partnerships. :meth:`check`
    also takes a plain number: the points alone."""

    kind = "settle"
    answer_form = "settlement"
    rules = ("R21", "R22", "R23", "R24", "R25")
    LINE: ClassVar[int] = 12
    """The most tiles on the layout's main line (:func:`line_length`): a finished hand laid in
    one long line would shrink to an unreadable strip on the board."""
    HAND: ClassVar[int] = 5
    """The most tiles a player holds in a designed case's settlement (added up in a minute)."""
    PIPS: ClassVar[int] = 40
    """The most pips a winner receives in a designed case's settlement."""
    cases = {
        "domino": ("R21", "R23"),  # going out, individual play
        "round_down": ("R23",),  # a remainder of 1 or 2 rounds down
        "round_up": ("R23",),  # a remainder of 3 or 4 rounds up
        "blocked": ("R22", "R23"),  # blocked, individual play: the lowest total wins
        "partners": ("R2", "R21", "R23"),  # going out in partnerships: the partner pays nothing
        "blocked_partners": ("R22", "R23"),  # blocked partnerships: the teams' totals
        "tie": ("R22", "R24"),  # blocked and tied for lowest: a full bonus each
    }

    def _build(self, rng: random.Random) -> None:
        if self.case is not None:
            self._build_case(rng, self.case)
            return
        blocked = rng.random() < 0.4
        partners = rng.random() < 0.3
        # the hand ending as chosen, with a short main line so that the picture of the whole
        # layout stays readable; failing that, the shortest such hand seen (blocked hands are
        # rare and long), or any short hand
        best: tuple[int, Game] | None = None
        for attempt in range(600):
            game = Game(players=4 if partners else rng.choice((2, 3, 4)), partners=partners,
                        seed=rng.randrange(1, 10**9))
            random_play(game, rng, lambda g, e: False)
            if game.hand_result is None:  # pragma: no cover - scores start at 0: none is won
                continue
            line = line_length(game.layout)
            if (game.hand_result.reason == "blocked") == blocked:
                if line <= self.LINE:
                    break
                if best is None or line < best[0]:
                    best = (line, game)
            if attempt >= 300 and best is not None:
                game = best[1]
                break
            if attempt >= 300 and line <= self.LINE:
                break
        result = game.hand_result
        assert result is not None  # every hand played ends, and the last one kept was over
        self.game, self.result = game, result
        self.layout = game.layout.copy()

    def _build_case(self, rng: random.Random, case: str) -> None:
        partners = case in ("partners", "blocked_partners")
        blocked = case in ("blocked", "blocked_partners", "tie")

        def fits(result: HandResult) -> bool:
            pips = result.bonuses[0].pips
            if not 5 <= pips <= self.PIPS or (len(result.winners) > 1) != (case == "tie"):
                return False
            if case == "round_down":
                return pips % 5 in (1, 2)
            if case == "round_up":
                return pips % 5 in (3, 4)
            return case == "tie" or pips % 5 != 0  # a sum that needs rounding

        for _ in range(20000):
            players = 4 if partners else rng.choice((3,) if case == "tie" else (2, 3, 4))
            game = (self._blocked_hand(rng, players, partners, fits) if blocked
                    else self._domino_hand(rng, players, partners, fits))
            if game is not None:
                assert game.hand_result is not None
                self.game, self.result = game, game.hand_result
                self.layout = game.layout.copy()
                return
        raise RuntimeError("no settlement found")  # pragma: no cover - found in a few hundred

    def _domino_hand(self, rng: random.Random, players: int, partners: bool,
                     fits: Callable[[HandResult], bool]) -> Game | None:
        """A hand won by a last tile: a layout, the winner holding its last tile, the others a
        few tiles each, the rest in the boneyard; the last tile placed."""
        layout = truncated(rng, 5, 11)
        if line_length(layout) > self.LINE or len(layout) < 2:
            return None
        *before, (last, on, side) = layout.placements()
        rest = [x for x in FULL_SET if x not in layout]
        rng.shuffle(rest)
        winner = rng.randrange(players)
        hands: list[list[Tile]] = []
        for seat in range(players):
            size = 1 if seat == winner else rng.randint(1, self.HAND - 1)
            hands.append([last] if seat == winner else rest[:size])
            if seat != winner:
                rest = rest[size:]
        game = Game.from_position(before, hands, rest, winner, partners=partners,
                                  seed=rng.randrange(1, 10**9))
        game.apply(Place(last, on, side))
        result = game.hand_result
        return game if result is not None and result.reason == "domino" and fits(result) \
            else None

    def _blocked_hand(self, rng: random.Random, players: int, partners: bool,
                      fits: Callable[[HandResult], bool]) -> Game | None:
        """A blocked hand: a layout to which no other tile of the set fits, the tiles left
        shared among the players (a few each), the boneyard empty."""
        layout = Layout.random(rng)
        pool = [x for x in FULL_SET if x not in layout]
        if not players <= len(pool) <= self.HAND * players or line_length(layout) > self.LINE:
            return None
        for _ in range(40):
            rng.shuffle(pool)
            cuts = sorted(rng.sample(range(1, len(pool)), players - 1))
            hands = [pool[a:b] for a, b in zip([0, *cuts], [*cuts, len(pool)], strict=True)]
            if max(map(len, hands)) > self.HAND:
                continue
            result = settle([sum(x.pips for x in h) for h in hands], partners=partners,
                            domino=None)
            if fits(result):
                return Game.from_position(layout, hands, [], 0, partners=partners,
                                          seed=rng.randrange(1, 10**9))
        return None

    @property
    def partners(self) -> bool:
        return self.game.partners

    @property
    def answer(self) -> SettlementAnswer:
        return SettlementAnswer.of(self.result)

    def choices(self) -> list[int]:
        return list(range(2 if self.partners else self.game.players))

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        return scoring_side(whole(choice, "a side"), self.partners, lang)

    def prompt(self, lang: str = "en") -> list[str]:
        game, result = self.game, self.result
        lines = []
        if self.partners:
            lines.append(t("exercise.settle.teams", lang, a=scoring_side(0, True, lang),
                           b=scoring_side(1, True, lang)))
        if result.reason == "domino":
            last = game.history[-1]
            lines.append(t("exercise.settle.domino", lang, name=seat_name(last.seat, lang),
                           tile=last.tile))
        else:
            lines.append(t("exercise.settle.blocked", lang))
        for seat, hand in enumerate(game.hands):
            name = seat_name(seat, lang)
            lines.append(t("exercise.settle.holds", lang, name=name,
                           tiles=" ".join(map(str, hand))) if hand
                         else t("exercise.settle.empty", lang, name=name))
        lines.append(t("exercise.settle.q", lang))
        return lines

    def _coerce(self, answer: object) -> SettlementAnswer:
        return settlement_answer(answer, self.answer, len(self.choices()))

    def _winners_key(self) -> str:
        """The catalog key of who wins the hand, as the rule says it (R21, R22, R24)."""
        if self.result.reason == "domino":
            return "exercise.settle.w_domino_team" if self.partners else \
                "exercise.settle.w_domino"
        return "exercise.settle.w_blocked_teams" if self.partners else \
            "exercise.settle.w_blocked"

    def _winners_rule(self, lang: str) -> str:
        """Who wins the hand, as the rule says it (R21, R22, R24)."""
        return t(self._winners_key(), lang)

    def _pips_slips(self) -> dict[int, str]:
        """Pip sums reached by a wrong rule, with the catalog key that names the rule: the
        winner's own pips counted, subtracted or taken instead, the partner's counted, one
        opponent's pips taken for all of them, a tie's bonus split or the co-winners left out
        (R23, R24)."""
        right, result = self.answer, self.result
        sides = result.side_pips()
        winner = min(right.winners)
        own = sides[winner]
        out: dict[int, str] = {}
        if len(right.winners) > 1:
            key = "exercise.settle.p_tie_teams" if self.partners else "exercise.settle.p_tie"
            out[right.pips // len(right.winners)] = key
            out[right.pips - sum(sides[w] for w in right.winners if w != winner)] = key
        if self.partners:
            out.setdefault(right.pips + own, "exercise.settle.p_partners")
        elif own:
            out.setdefault(right.pips + own, "exercise.settle.p_own")
        if own:
            out.setdefault(right.pips - own, "exercise.settle.p_sum")
            out.setdefault(own, "exercise.settle.p_winner")
        payers = result.bonuses[0].from_seats
        if len(right.winners) == 1 and len(payers) > 1:
            for seat in payers:
                out.setdefault(result.pips[seat], "exercise.settle.p_one")
        out.pop(right.pips, None)
        return out

    def slip(self, answer: object) -> tuple[str, str]:
        """Which slip a wrong *answer* shows: its frame (``rule``: a rule mixed up; ``slip``:
        a slip in the adding-up; ``slip_divide``: in the division) and the catalog key of
        its sentence. The first wrong field decides: the winners (R21, R22, R24), the pips
        (a wrong rule's sum, R23, R24, or an adding slip), the rounding (R23: every wrong
        rounding is a rule mixed up), the points (the ÷ 5 left out, R3, R23, or a slip in
        the division). ``("", "")`` for the right answer.

        :raises ValueError: if *answer* is not a settlement (or the points alone).
        """
        given, right = self._coerce(answer), self.answer
        if given == right:
            return "", ""
        if given.winners != right.winners:
            return "rule", self._winners_key()
        if given.pips != right.pips:
            key = self._pips_slips().get(given.pips)
            return ("rule", key) if key is not None else ("slip", "exercise.settle.s_sum")
        if given.rounded != right.rounded:
            low = right.pips - right.pips % 5
            if given.rounded == right.pips:
                return "rule", "exercise.settle.r_unrounded"
            if given.rounded in (low, low + 5):
                return "rule", "exercise.settle.r_round"  # the wrong way
            return "rule", "exercise.settle.r_nearest"
        if given.points == right.rounded:
            return "rule", "exercise.settle.pt_raw"
        return "slip_divide", "exercise.settle.pt_divide"

    def _verdict(self, answer: SettlementAnswer, lang: str) -> Feedback:
        right = self.answer
        if answer == right:
            return feedback(True, t("exercise.right_why", lang, why=self.answer_text(lang)))
        frame, key = self.slip(answer)
        low = right.pips - right.pips % 5
        payers = self.result.bonuses[0].from_seats
        why = t(key, lang, pips=right.pips, low=low, high=low + 5, rounded=right.rounded,
                names=and_list([seat_name(s, lang) for s in payers], lang))
        return wrong(lang, t(f"exercise.settle.{frame}", lang, hint=why))

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        pips = list_text((t("exercise.settle.pips_item", lang, name=seat_name(s, lang), pips=p)
                          for s, p in enumerate(self.result.pips)), lang, none=True)
        winners = hint(t("exercise.hint.rule", lang, rule=self._winners_rule(lang)))
        remaining = hint(t("exercise.settle.hint_pips", lang, pips=pips))
        rounding = hint(t("exercise.settle.hint_round", lang))
        if self.case in ("round_down", "round_up"):  # the case turns on the rounding
            return [rounding, remaining, winners]
        return [winners, remaining, rounding]

    def right_part(self, answer: object) -> dict[str, object]:
        """The fields of *answer* that are right, by name (``winners``, ``pips``,
        ``rounded``, ``points``)."""
        return right_fields(self._coerce(answer), self.answer)

    def answer_text(self, lang: str = "en") -> str:
        right = self.answer
        labels = [scoring_side(w, self.partners, lang) for w in sorted(right.winners)]
        if len(labels) > 1:
            key, names = (("exercise.settle.answer_tie_teams", list_text(labels, lang, none=True))
                          if self.partners else
                          ("exercise.settle.answer_tie", and_list(labels, lang)))
        else:
            key = "exercise.settle.answer_team" if self.partners else "exercise.settle.answer"
            names = labels[0]
        return t(key, lang, who=names, pips=right.pips, rounded=right.rounded,
                 points=right.points, rule="R21" if self.result.reason == "domino" else "R22")



class Ties(BasicExercise[SettlementAnswer]):
    """Ties for lowest in a blocked hand (R24): every tied player (or team) wins and receives
    one full bonus from all the other players' tiles, co-winners included; nothing is split.
    The answer is a :class:`SettlementAnswer`: the winners and what one winner receives
    (:meth:`check` also takes a plain number: the points alone)."""

    kind = "ties"
    answer_form = "settlement"
    rules = ("R22", "R23", "R24")
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "individual": ("R22", "R24"), "teams": ("R2", "R22", "R24")}

    def _build_case(self, rng: random.Random, case: str) -> None:
        teams = case == "teams"
        self.game = tied_block(rng, teams, 4 if teams else rng.choice((2, 3, 4)))
        self.layout = self.game.layout.copy()

    @property
    def partners(self) -> bool:
        return self.game.partners

    @property
    def result(self) -> HandResult:
        return hand_result(self.game)

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
        return [*lines, t("basics.blocked", lang), *holds(self.game, lang),
                t("basics.ties.q", lang)]

    def _coerce(self, answer: object) -> SettlementAnswer:
        return settlement_answer(answer, self.answer, len(self.choices()))

    def _miss(self, answer: SettlementAnswer, lang: str) -> Feedback:
        right = self.answer
        teams = "_teams" if self.partners else ""
        totals = self.result.side_pips()
        if answer.winners != right.winners:
            key = (f"basics.ties.w_all_tied{teams}" if answer.winners < right.winners
                   else f"basics.ties.w_lowest{teams}")
            return wrong(lang, t(key, lang))
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
            return wrong(lang, t(key, lang))
        if answer.rounded != right.rounded:
            return wrong(lang, t("basics.ties.w_round", lang, pips=right.pips))
        key = "exercise.settle.pt_raw" if answer.points == right.rounded else \
            "basics.ties.w_divide"  # the ÷ 5 left out (R3), or a slip in the division
        return wrong(lang, t(key, lang, rounded=right.rounded))

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
        return right_fields(given, self.answer)

    def _pointer(self, lang: str) -> Hint:
        totals = list_text((t("basics.total_item", lang, name=scoring_side(s, self.partners,
                                                                           lang), pips=v)
                            for s, v in enumerate(self.result.side_pips())), lang)
        return hint(t("basics.ties.hint_totals", lang, totals=totals))


class OneSettlement(BasicExercise[frozenset[int]]):
    """One settlement (R25): a blocked hand tied for lowest; all its bonuses are applied
    together, then everyone at the target wins (R26, R27). Who wins the game? (The answer is
    the set of winning seats; empty: the game goes on.)"""

    kind = "one_settlement"
    answer_form = "sides"
    rules = ("R25",)
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "both_reach": ("R24", "R25", "R27"), "one_reaches": ("R24", "R25", "R26")}

    def _build_case(self, rng: random.Random, case: str) -> None:
        both = case == "both_reach"
        players = rng.choice((2, 3, 4))
        probe = tied_block(rng, False, players)
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
        return hand_result(self.game)

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
                t("basics.blocked", lang), *holds(self.game, lang),
                t("basics.one_settlement.q", lang)]

    def _coerce(self, answer: object) -> frozenset[int]:
        return seat_set(answer, self.game.players)

    def _miss(self, answer: frozenset[int], lang: str) -> Feedback:
        right = self.answer
        after = self.game.scores
        losers = sorted(answer - set(self.result.winners))
        if losers:
            return wrong(lang, t("basics.one_settlement.w_loser", lang,
                                 name=seat_name(losers[0], lang)))
        short = sorted(answer - right)
        if short:
            seat = short[0]
            return wrong(lang, t("basics.one_settlement.w_short", lang,
                                 name=seat_name(seat, lang), points=self.result.gains[seat],
                                 score=after[seat], target=_TARGET))
        key = ("basics.one_settlement.w_none" if not answer
               else "basics.one_settlement.w_together")
        return wrong(lang, t(key, lang, target=_TARGET))

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

    def _pointer(self, lang: str) -> Hint:
        gains = list_text((t("basics.gain_item", lang, name=seat_name(s, lang), points=g)
                           for s, g in sorted(self.result.gains.items())), lang)
        return hint(t("basics.one_settlement.hint_gains", lang, gains=gains))


KINDS: tuple[type[Exercise[Any]], ...] = (Settlement, Ties, OneSettlement)
"""The kinds of this topic, in teaching order."""
