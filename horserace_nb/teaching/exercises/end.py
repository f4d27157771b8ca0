"""Exercise kinds on the end of the game (R26–R28): who wins the game or shares it
(``winner``: R26, R27) and what the result says (``result``: R28, no margin).

>>> from horserace_nb.teaching.exercises import make_exercise
>>> ex = make_exercise("winner", seed=4, case="shared")
>>> ex.check(ex.answer).ok, len(ex.answer) > 1
(True, True)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ...core.actions import Place
from ...core.game import Event, Game, Reason
from ...core.rules import HORSE_RACE
from ...core.settlement import HandResult, settle
from ...core.tiles import FULL_SET, Tile
from ...core.validate import whole
from ...words.i18n import check_lang, t
from ...words.names import and_list, list_text, points_phrase, scoring_side, seat_name
from .base import (
    Exercise,
    Feedback,
    Hint,
    NumberExercise,
    OptionExercise,
    event_sum_text,
    feedback,
    hint,
    holds,
    one_of,
    placed,
    play_until,
    sample,
    seat_set,
    tied_block,
    truncated,
    wrong,
)

__all__ = ["GameWinner", "Result", "FinalScore", "KINDS"]

_TARGET = HORSE_RACE.target


class GameWinner(Exercise[frozenset[int]]):
    """Who wins the game, or do several share it? (R26, R27) A placement that reaches the target,
    a settlement that brings one side or several there, or one that brings nobody there. The
    answer is the set of winning sides (seats, or teams with partners); empty: the game goes
    on."""

    kind = "winner"
    answer_form = "sides"
    rules = ("R26", "R27")
    cases = {
        "placement": ("R20", "R26"),  # a placement reaches the target: the game ends at once
        "settlement": ("R26",),  # a settlement brings one side to the target or more
        "shared": ("R27",),  # several sides reach it in the same settlement: a shared win
        "nobody": ("R26",),  # nobody reaches it: the game goes on
    }

    def _build(self, rng: random.Random) -> None:
        target = HORSE_RACE.target
        self.scenario = (rng.choice(("placement", "settlement", "shared", "none"))
                         if self.case is None else
                         "none" if self.case == "nobody" else self.case)
        self.partners = rng.random() < 0.3
        self.players = 4 if self.partners else rng.choice((2, 3, 4))
        sides = 2 if self.partners else self.players
        scores = [rng.randint(target - 25, target - 1) for _ in range(sides)]
        self.placer: int | None = None
        self.points = 0
        self.gains: dict[int, int] = {}
        if self.scenario == "placement":
            side = rng.randrange(sides)
            scores[side] = target - rng.randint(1, 4)
            self.points = target - scores[side] + rng.randint(0, 2)
            self.placer = side + 2 * rng.randrange(2) if self.partners else side
        else:
            shared = self.scenario == "shared"

            def draw() -> HandResult | None:
                pips = [rng.randint(0, 25) for _ in range(self.players)]
                if shared:  # a blocked hand tied for lowest (R24)
                    if self.partners:
                        pips[3] = pips[0] + pips[2] - pips[1]
                        if pips[3] < 0:
                            return None
                    else:
                        low = min(pips)
                        pips[rng.choice([s for s in range(self.players) if pips[s] != low]
                                        or [0])] = low
                domino = None if shared else rng.randrange(self.players)
                if domino is not None:
                    pips[domino] = 0
                result = settle(pips, partners=self.partners, domino=domino)
                ok = (len(result.winners) > 1) == shared and all(result.gains.values())
                return result if ok else None

            self.gains = dict(sample(draw).gains)
            for side, gain in self.gains.items():
                if self.scenario == "none":
                    scores[side] = rng.randint(target - 25, target - gain - 1)
                else:
                    scores[side] = rng.randint(target - gain, target - 1)
        self.scores = tuple(scores)

    @property
    def answer(self) -> frozenset[int]:
        target = HORSE_RACE.target
        after = list(self.scores)
        if self.placer is not None:
            after[self.placer % 2 if self.partners else self.placer] += self.points
        for side, gain in self.gains.items():
            after[side] += gain
        return frozenset(s for s, v in enumerate(after) if v >= target)

    def final_scores(self) -> tuple[int, ...]:
        """Every side's score after the placement or the settlement."""
        after = list(self.scores)
        if self.placer is not None:
            after[self.placer % 2 if self.partners else self.placer] += self.points
        for side, gain in self.gains.items():
            after[side] += gain
        return tuple(after)

    def choices(self) -> list[int]:
        return list(range(len(self.scores)))

    def choice_label(self, choice: Any, lang: str = "en") -> str:
        return scoring_side(whole(choice, "a side"), self.partners, lang)

    def prompt(self, lang: str = "en") -> list[str]:
        target = HORSE_RACE.target
        scores = list_text((t("exercise.winner.score_item", lang,
                              name=scoring_side(s, self.partners, lang), points=v)
                            for s, v in enumerate(self.scores)), lang, none=True)
        lines = [t("exercise.winner.scores", lang, scores=scores, target=target)]
        if self.placer is not None:
            lines.append(t("exercise.winner.placement", lang,
                           name=seat_name(self.placer, lang), points=self.points))
        else:
            gains = list_text((t("exercise.winner.gain", lang,
                                 name=scoring_side(s, self.partners, lang), points=g)
                               for s, g in sorted(self.gains.items())), lang, none=True)
            lines.append(t("exercise.winner.settlement", lang, gains=gains))
        lines.append(t("exercise.winner.q", lang))
        return lines

    def _coerce(self, answer: object) -> frozenset[int]:
        return seat_set(answer, len(self.scores))

    def _verdict(self, answer: frozenset[int], lang: str) -> Feedback:
        right = self.answer
        if answer == right:
            return feedback(True, t("exercise.right_why", lang, why=self.answer_text(lang)))
        target = HORSE_RACE.target
        if self.scenario == "placement" and answer - right:
            why = t("exercise.winner.rule_at_once", lang, target=target)
        elif len(right) > 1:
            why = t("exercise.winner.rule_shared", lang, target=target)
        else:
            why = t("exercise.winner.rule_reach", lang, target=target)
        return wrong(lang, why)

    def _rule_key(self) -> str:
        if self.scenario == "placement":
            return "exercise.winner.rule_at_once"
        return "exercise.winner.rule_shared" if self.scenario == "shared" else \
            "exercise.winner.rule_reach"

    def hint_steps(self, lang: str = "en") -> list[Hint]:
        lang = check_lang(lang)
        target = HORSE_RACE.target
        gains = dict(self.gains)
        if self.placer is not None:
            gains[self.placer % 2 if self.partners else self.placer] = self.points
        sums = list_text(
            (t("exercise.winner.sum_item", lang, name=scoring_side(s, self.partners, lang),
               score=v, gain=gains[s]) if s in gains else
             t("exercise.winner.score_item", lang, name=scoring_side(s, self.partners, lang),
               points=v) for s, v in enumerate(self.scores)), lang, none=True)
        return [hint(t("exercise.hint.rule", lang, rule=t(self._rule_key(), lang,
                                                          target=target))),
                hint(t("exercise.winner.hint_sums", lang, sums=sums, target=target))]

    def right_part(self, answer: object) -> frozenset[int]:
        """The sides of *answer* that win."""
        return self._coerce(answer) & self.answer

    def answer_text(self, lang: str = "en") -> str:
        right, target = sorted(self.answer), HORSE_RACE.target
        after = self.final_scores()
        if not right:
            return t("exercise.winner.answer_none", lang, target=target)
        names = and_list([scoring_side(s, self.partners, lang) for s in right], lang)
        if len(right) > 1:
            finals = list_text((t("exercise.winner.score_item", lang,
                                  name=scoring_side(s, self.partners, lang), points=after[s])
                                for s in right), lang, none=True)
            return t("exercise.winner.answer_shared", lang, names=names, scores=finals,
                     target=target)
        key = "exercise.winner.answer_team" if self.partners else "exercise.winner.answer_one"
        return t(key, lang, name=names, score=after[right[0]], target=target)



class Result(OptionExercise):
    """The result (R28): a winner, or co-winners when several reach the target in the same
    settlement (R27); no margin is awarded. A placement that reaches the target, or a tied
    settlement that brings two players there."""

    kind = "result"
    rules = ("R26", "R27", "R28")
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "placement": ("R26", "R28"), "shared": ("R27", "R28")}

    def _build_case(self, rng: random.Random, case: str) -> None:
        self.event: Event | None = None
        if case == "placement":
            def won_game() -> tuple[Game, Event] | None:
                players = rng.choice((2, 3))
                game = Game(players=players, seed=rng.randrange(1, 10**9),
                            scores=[_TARGET - rng.randint(1, 4) for _ in range(players)])
                events = play_until(game, rng)
                if events and events[-1].reason is Reason.GAME_WON:
                    return game, events[-1]
                return None

            game, won = sample(won_game)
            self.event = won
            before = list(won.scores)  # the scores just before the winning placement
            before[won.seat] -= won.display
            self.before = tuple(before)
        else:
            def tied_two() -> tuple[Game, list[int]] | None:
                players = rng.choice((2, 3, 4))
                probe = tied_block(rng, False, players)
                result = probe.hand_result
                assert result is not None
                if len(result.winners) != 2:
                    return None
                scores = [_TARGET - result.gains[s] + rng.randint(0, result.gains[s] - 1)
                          if s in result.gains else rng.randint(_TARGET - 20, _TARGET - 6)
                          for s in range(players)]
                a, b = result.winners
                return (probe, scores) if scores[a] + result.gains[a] != \
                    scores[b] + result.gains[b] else None

            probe, scores = sample(tied_two)
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
        key = one_of(choice, self.choices(), "choice")
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
            lines.append(t("basics.result.placed", lang, placed=placed(self.event, lang),
                           sum=event_sum_text(self.event),
                           points=points_phrase(self.event.raw, lang)))
        else:
            result = self.game.hand_result
            assert result is not None
            gains = list_text((t("basics.gain_item", lang, name=seat_name(s, lang), points=g)
                               for s, g in sorted(result.gains.items())), lang)
            lines.append(t("basics.result.tied", lang, gains=gains))
        lines.append(t("basics.result.q", lang))
        return lines

    def _miss(self, answer: str, lang: str) -> Feedback:
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
        return wrong(lang, t(key, lang, names=names, name=seat_name(seat, lang),
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

    def _pointer(self, lang: str) -> Hint:
        return hint(t("basics.result.hint_reach", lang, target=_TARGET),
                    tiles=[self.highlight] if self.highlight else [])


class FinalScore(NumberExercise):
    """A last tile, and the placer's score when the hand is over (R21, R26): the placement's
    points are recorded at once; if they bring the placer to the target the game ends there,
    and the hand is not settled (no bonus); otherwise the placer wins the hand and receives
    the opponents' pips as the bonus (R23). The position is a real one: every tile of the set
    is on the layout, in a hand or in the boneyard."""

    kind = "final_score"
    rules = ("R21", "R26")
    asked = "the answer (the final score)"
    cases: ClassVar[dict[str, tuple[str, ...]]] = {
        "settled": ("R21", "R23"),  # below the target after the last tile: the bonus too
        "game_over": ("R21", "R26"),  # the last tile reaches the target: no settlement
    }

    def _build_case(self, rng: random.Random, case: str) -> None:
        over = case == "game_over"

        def draw() -> tuple[Game, Event, int, HandResult] | None:
            layout = truncated(rng, 4, 10)
            *before, (last, on, side) = layout.placements()
            if layout.score() == 0 and over:
                return None  # the last tile must score to reach the target
            rest = [x for x in FULL_SET if x not in layout]
            rng.shuffle(rest)
            players = rng.choice((2, 3))
            seat = rng.randrange(players)
            hands: list[list[Tile]] = []
            for player in range(players):
                size = 1 if player == seat else rng.randint(1, 3)
                hands.append([last] if player == seat else rest[:size])
                rest = rest[0 if player == seat else size:]
            pips = [0 if p == seat else sum(x.pips for x in h) for p, h in enumerate(hands)]
            bonus = settle(pips, partners=False, domino=seat)
            points = HORSE_RACE.display(layout.score())
            gain = bonus.gains.get(seat, 0)
            if gain == 0 or (not over and points == 0 and rng.random() < 0.5):
                return None  # a bonus to leave out or to add; a scoring last tile mostly
            if over:
                mine = _TARGET - points + rng.randint(0, points - 1)
            else:
                high = _TARGET - points - gain - 1
                if high < 20:
                    return None
                mine = rng.randint(max(20, high - 15), high)
            scores = [mine if p == seat else rng.randint(_TARGET - 30, _TARGET - 1)
                      for p in range(players)]
            game = Game.from_position(before, hands, rest, seat, scores=scores,
                                      seed=rng.randrange(1, 10**9))
            event = game.apply(Place(last, on, side))
            return game, event, mine, bonus

        self.game, self.event, self.before, self.bonus = sample(draw)
        self.layout = self.game.layout.copy()
        self.highlight = self.event.tile

    @property
    def seat(self) -> int:
        return self.event.seat

    @property
    def gain(self) -> int:
        """The bonus the placer would receive in a settlement (R23)."""
        return self.bonus.gains[self.seat]

    @property
    def answer(self) -> int:
        return self.game.scores[self.seat]

    def prompt(self, lang: str = "en") -> list[str]:
        before = list(self.event.scores)
        before[self.seat] = self.before
        scores = list_text((t("basics.score_item", lang, name=seat_name(s, lang), points=v)
                            for s, v in enumerate(before)), lang)
        name = seat_name(self.seat, lang)
        key = ("basics.final_score.last" if self.event.raw else
               "basics.final_score.last_zero")
        return [t("basics.scores", lang, scores=scores, target=_TARGET),
                t(key, lang, placed=placed(self.event, lang), name=name,
                  sum=event_sum_text(self.event), points=points_phrase(self.event.raw, lang)),
                *(line for s, line in enumerate(holds(self.game, lang)) if s != self.seat),
                t("basics.final_score.q", lang, name=name)]

    def _miss(self, answer: int, lang: str) -> Feedback:
        before, points, gain = self.before, self.event.display, self.gain
        over = self.built == "game_over"
        rounded = gain * HORSE_RACE.multiple
        if over and answer == before + points + gain:
            key = "basics.final_score.w_settled"
        elif not over and answer == before + points:
            key = "basics.final_score.w_no_bonus"
        elif not over and answer == before + points + rounded:
            key = "exercise.settle.pt_raw"
        elif points and answer in (before + gain, before):
            key = "basics.final_score.w_placement"
        elif points and answer in (before + self.event.raw, before + self.event.raw + gain):
            key = "basics.final_score.w_raw"
        else:
            key = ("basics.final_score.w_add_over" if over
                   else "basics.final_score.w_add_settled")
        return wrong(lang, t(key, lang, name=seat_name(self.seat, lang), target=_TARGET,
                             score=before + points, rounded=rounded, raw=self.event.raw,
                             points=points),
                     tiles=[self.event.tile])

    def answer_text(self, lang: str = "en") -> str:
        bonus = self.bonus.bonuses[0]
        key = ("basics.final_score.answer_over" if self.built == "game_over"
               else "basics.final_score.answer_settled")
        return t(key, lang, name=seat_name(self.seat, lang), before=self.before,
                 points=self.event.display, mid=self.before + self.event.display,
                 target=_TARGET, pips=bonus.pips, rounded=bonus.rounded, bonus=bonus.points,
                 score=self.answer)

    def _pointer(self, lang: str) -> Hint:
        return hint(t("basics.final_score.hint_target", lang, name=seat_name(self.seat, lang),
                      score=self.before + self.event.display, target=_TARGET),
                    tiles=[self.event.tile])


KINDS: tuple[type[Exercise[Any]], ...] = (GameWinner, Result, FinalScore)
"""The kinds of this topic, in teaching order."""
