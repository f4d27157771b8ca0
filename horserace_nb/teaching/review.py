"""Post-game review: each decision of one seat beside the strong computer player's choice.

:func:`review_game` replays a game (live, or loaded with ``Game.from_json``) and, at every
*decision* of the seat, asks the strong computer player
(:class:`~horserace_nb.teaching.bots.StrongBot`)
what it would have done **from that seat's view only** (its own hand, the layout, the public
history; never the hidden tiles). A decision is a moment where the seat had more than one legal
action: a choice of tile or of connection point, a drawn tile with several points (R18)
included. Forced actions (a single legal placement, a draw, a pass) are not decisions and get no
entry.

Every candidate turn (a whole continuation chain, R17) is played in the **same** sampled deals of
the hidden tiles and finished by the **same** rollouts (common random numbers), so the move
played and the best move are compared on equal terms: ``loss`` is the best turn's average value
minus the best average of the turns that begin with the move played. It is never negative and
it is exactly 0 when the move played is the strong player's choice. Values are the strong
player's: the side's display points minus the opponents' by the end of the hand (the hand-end
bonus R23 included), with reaching the target (R26) worth :attr:`StrongBot.WIN` points.

>>> from horserace_nb import Game, Place
>>> game = Game.from_position(
...     [("[2|5]", None, None), ("[2|3]", "[2|5]", "low"), ("[5|5]", "[2|5]", "high"),
...      ("[3|6]", "[2|3]", "high")],
...     [["[0|3]", "[3|5]", "[5|6]"], ["[0|0]", "[1|1]", "[0|1]", "[4|4]"]], ["[1|2]"], 0)
>>> _ = game.apply(Place("[5|6]", "[5|5]", "straight_b"))        # 6 + 6 = 12: no score
>>> [entry] = review_game(game, 0, seed=1, rollouts=32)
>>> str(entry.best), entry.loss > 0
('[5|6] on [3|6] high', True)
>>> print(entry.explain("en"))  # doctest: +NORMALIZE_WHITESPACE
You played [5|6] on the straight B of [5|5]: 6 + 6 = 12, no score (R13, R15).
Better: [5|6] on the high end of [3|6]: 10 + 5 = 15 → 15 raw (3 points) (R13, R15);
about 5.4 points more on average by the end of the hand. That turn goes on with [3|5] (R17).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core import validate
from ..core.actions import Place
from ..core.game import Game, SeatView
from ..core.layout import Layout
from ..core.quoting import excerpt
from ..core.record import Entry, Setup
from ..core.rules import HORSE_RACE, Rules
from ..words.i18n import check_lang, side_name, t
from ..words.names import sentences
from .bots import StrongBot

__all__ = ["ReviewEntry", "Option", "review_game", "compare", "result_text", "move_text",
           "DEFAULT_ROLLOUTS", "AS_GOOD"]

DEFAULT_ROLLOUTS = 200
"""Sampled deals of the hidden tiles per decision when ``rollouts`` is not given."""

AS_GOOD = 0.05
"""A loss below this many points is shown as "as good as the best" (it rounds to 0.0)."""


@dataclass(frozen=True)
class ReviewEntry:
    """One decision of the reviewed seat (see :func:`review_game`).

    ``action`` is what was played and ``best`` the strong player's choice there; ``loss`` the
    expected display points lost by the move played (≥ 0, 0 when it is as good; reaching the
    target is valued like the strong player values it, :attr:`StrongBot.WIN` points, so a loss
    of that size means the move gave up the game, and :meth:`explain` says so); ``best_turn``
    the whole turn the strong player had in mind (``best`` first, R17); ``options`` every first
    placement with its average value (:class:`Option`), the strong player's choice first;
    ``worlds`` the number of sampled deals; ``index`` the position of the move played in
    ``game.actions``; ``hand`` the hand number; ``view`` what the seat knew then.
    """

    index: int
    hand: int
    seat: int
    action: Place
    best: Place
    loss: float
    best_turn: tuple[Place, ...]
    options: tuple[Option, ...]
    worlds: int
    view: SeatView = field(repr=False, compare=False)
    setup: Setup = field(repr=False, compare=False)
    before: tuple[Entry, ...] = field(repr=False, compare=False)

    @property
    def is_best(self) -> bool:
        """True if the move played is the strong player's choice."""
        return self.action == self.best

    def position(self) -> Game:
        """A new :class:`Game` just before the decision (the first ``index`` actions replayed
        from the game's setup): show it on a board, or play the better move in it."""
        game = Game.from_setup(self.setup)
        game.replay(self.before)
        return game

    def explain(self, lang: str = "en") -> str:
        """The decision in words: the move played with its sum and score (R13, R15), then the
        better move, its sum and score and how much better it is on average, or that the move
        played is the strong player's choice."""
        lang = check_lang(lang)
        view = self.view
        parts = [_move_text(view, self.action, "played", lang)]
        if self.is_best:
            parts.append(t("review.same", lang))
        elif self.loss < AS_GOOD:
            parts.append(_move_text(view, self.best, "as_good", lang))
        elif self.loss >= StrongBot.WIN / 2:  # the difference is the game, not a few points
            parts.append(_move_text(view, self.best, "better_win", lang))
        else:
            parts.append(_move_text(view, self.best, "better", lang,
                                    loss=f"{self.loss:.1f}"))
        if not self.is_best and len(self.best_turn) > 1:
            parts.append(t("review.then", lang,
                           tiles=" → ".join(str(p.tile) for p in self.best_turn[1:])))
            if self.best_turn_wins:
                parts.append(t("review.turn_wins", lang, target=view.rules.target))
        return sentences(parts, lang)

    @property
    def best_turn_wins(self) -> bool:
        """True if the strong player's whole turn reaches the target (R26)."""
        layout = self.view.layout.copy()
        rules = self.view.rules
        score = self.view.scores[self.view.side_of(self.seat)]
        for step in self.best_turn:
            layout.attach(step.tile, step.on, step.side)
            score += rules.display(rules.placement_score(layout.end_total()))
        return score >= rules.target


def result_text(layout: Layout, action: Place, lang: str = "en", *, rules: Rules = HORSE_RACE,
                score: int = 0) -> str:
    """What *action* (legal on *layout*) makes: the counted contributions, their sum and the
    score (R13, R15), and the win if *score* plus its points reaches the target (R26):
    ``"10 + 5 = 15 → 15 raw (3 points) (R13, R15)"``."""
    after = layout.copy()
    after.attach(action.tile, action.on, action.side)
    raw = rules.placement_score(after.end_total())
    points = rules.display(raw)
    if raw and score + points >= rules.target:
        return t("review.sum_wins", lang, sum=after.sum_text(), raw=raw, points=points,
                 score=score + points, target=rules.target)
    if raw:
        return t("review.sum_scores", lang, sum=after.sum_text(), raw=raw, points=points)
    return t("review.sum_no_score", lang, sum=after.sum_text())


def move_text(key: str, layout: Layout, action: Place, lang: str = "en", *,
              rules: Rules = HORSE_RACE, score: int = 0, **extra: object) -> str:
    """The message ``<key>_open`` or ``<key>_place`` for *action* on *layout*, with ``tile``,
    ``on``, ``side`` (named in *lang*) and ``result`` (:func:`result_text`) filled in."""
    result = result_text(layout, action, lang, rules=rules, score=score)
    if action.on is None or action.side is None:
        return t(f"{key}_open", lang, tile=action.tile, result=result, **extra)
    return t(f"{key}_place", lang, tile=action.tile, on=action.on,
             side=side_name(action.side, lang), result=result, **extra)


def _move_text(view: SeatView, action: Place, kind: str, lang: str, **extra: object) -> str:
    return move_text(f"review.{kind}", view.layout, action, lang, rules=view.rules,
                     score=view.scores[view.side_of(view.seat)], **extra)


@dataclass(frozen=True)
class Option:
    """A first placement of a turn with the strong player's average value for it (the best
    turn that begins with it) over the sampled deals, and that turn."""

    action: Place
    value: float
    turn: tuple[Place, ...]


def compare(view: SeatView, *, seed: int = 0, rollouts: int = DEFAULT_ROLLOUTS
            ) -> tuple[tuple[Option, ...], int]:
    """Every legal first placement in *view*, best first, each valued by the strong player
    on the same sampled deals and rollouts (common random numbers), and the number of deals.
    Uses only what the seat may know.

    :raises ValueError: if the seat has no choice to make (fewer than two legal actions).
    """
    if len(view.legal_actions) < 2:
        raise ValueError("there is no choice to compare: fewer than two legal actions")
    bot = StrongBot(seed=seed, rollouts=rollouts, prune=False)
    decision = bot.decide(view)
    best: dict[Place, Option] = {}
    for chain, mean, _count in decision.turns:
        first = chain[0]
        known = best.get(first)
        if known is None or mean > known.value:
            best[first] = Option(first, mean, chain)
    options = sorted(best.values(), key=lambda o: -o.value)
    # the strong player's choice first (it breaks ties by its own candidate order)
    chosen = best[decision.action] if isinstance(decision.action, Place) else options[0]
    options.remove(chosen)
    return (chosen, *options), decision.worlds


def review_game(game: Game, seat: int, *, seed: int | None = None,
                rollouts: int = DEFAULT_ROLLOUTS, hand: int | None = None
                ) -> list[ReviewEntry]:
    """Review *seat*'s decisions in *game* (a live game or a loaded record), in order.

    :param seed: the seed of the sampled deals; ``None`` means 0. The same seed gives the same
        review.
    :param rollouts: sampled deals of the hidden tiles per decision (more: slower, less noise).
    :param hand: review only this hand (numbered from 1), or every hand.
    :raises ValueError: for a seat that is not in the game, a hand it has not reached (or
        not a hand number), or a bad *rollouts*.
    """
    if not isinstance(game, Game):
        raise ValueError(f"game is a Game, not {excerpt(game)}")
    validate.seat(seat, game.players)
    validate.whole(rollouts, "rollouts", low=1)
    if hand is not None:  # the review widget's words: a hand the game never reached is refused
        validate.whole(hand, "hand", low=1, high=game.hand_number,
                       what=f"a hand of this game, from 1 to {game.hand_number}")
    if seed is not None:
        validate.seed(seed)
    setup = game.setup
    actions: Sequence[Entry] = game.actions
    replay = Game.from_setup(setup)
    out: list[ReviewEntry] = []
    for index, entry in enumerate(actions):
        if entry is None:
            replay.next_hand()
            continue
        who, action = entry
        if (who == seat and isinstance(action, Place)
                and (hand is None or replay.hand_number == hand)):
            view = replay.view(seat)
            if len(view.legal_actions) > 1:
                options, worlds = compare(view, seed=0 if seed is None else seed,
                                          rollouts=rollouts)
                best = options[0]
                played = next(o for o in options if o.action == action)
                loss = best.value - played.value
                out.append(ReviewEntry(
                    index, replay.hand_number, seat, action, best.action,
                    loss if loss > 1e-9 else 0.0, best.turn, options, worlds, view, setup,
                    tuple(actions[:index])))
        replay.apply(action)
    return out
