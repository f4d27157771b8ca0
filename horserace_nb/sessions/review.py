"""The review of a finished hand or game, without widgets: :class:`ReviewSession` (one seat's
decisions, computed once, hand by hand) and :func:`summarize` (the numbers at the top).
:class:`~horserace_nb.widgets.ReviewWidget` shows them.

>>> from horserace_nb import Game
>>> session = ReviewSession(Game(seed=3), 0)
>>> session.hands, session.done
((1,), False)
>>> summarize([]).text("en").split(",")[0]
'0 decisions reviewed'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core import validate
from ..core.game import Game
from ..teaching.bots import StrongBot
from ..teaching.review import AS_GOOD, DEFAULT_ROLLOUTS, ReviewEntry, review_game
from ..words.i18n import check_lang, t
from ..words.names import sentences

__all__ = ["ReviewSession", "ReviewSummary", "summarize"]


@dataclass(frozen=True)
class ReviewSummary:
    """The numbers at the top of a review.

    ``decisions`` reviewed; ``as_good`` of them as good as the strong player's choice (a loss
    below :data:`~horserace_nb.teaching.review.AS_GOOD`); ``lost`` the expected display points lost
    in
    all; ``gave_up`` the decisions that gave up a real chance to win the game (a loss of half
    :attr:`StrongBot.WIN` or more), which ``lost`` leaves out: they are not a few points.
    """

    decisions: int
    as_good: int
    lost: float
    gave_up: int

    def text(self, lang: str = "en") -> str:
        """The summary in *lang*."""
        lang = check_lang(lang)
        text = t("reviewui.summary", lang, decisions=self.decisions, as_good=self.as_good,
                 lost=f"{self.lost:.1f}")
        if self.gave_up:
            text = sentences((text, t("reviewui.summary_gave_up", lang, count=self.gave_up)),
                             lang)
        return text


def summarize(entries: Sequence[ReviewEntry]) -> ReviewSummary:
    """The :class:`ReviewSummary` of *entries*.

    >>> summarize([])
    ReviewSummary(decisions=0, as_good=0, lost=0, gave_up=0)
    """
    gave_up = [e for e in entries if e.loss >= StrongBot.WIN / 2]
    return ReviewSummary(
        decisions=len(entries),
        as_good=sum(1 for e in entries if e.loss < AS_GOOD),
        lost=sum(e.loss for e in entries if e.loss < StrongBot.WIN / 2),
        gave_up=len(gave_up))


class ReviewSession:
    """One seat's decisions in a game (a copy taken now), reviewed once, hand by hand.

    :param hand: review only this hand (numbered from 1), or every hand so far.
    :raises ValueError: naming the parameter for a seat that is not in the game, a hand it has
        not reached, or a bad *seed* / *rollouts*.
    """

    def __init__(self, game: Game, seat: int, *, hand: int | None = None,
                 seed: int | None = None, rollouts: int = DEFAULT_ROLLOUTS) -> None:
        if not isinstance(game, Game):
            raise ValueError(f"game: review a Game, not {type(game).__name__}")
        self.seat = validate.seat(seat, game.players)
        if hand is not None:
            validate.whole(hand, "hand", low=1, high=game.hand_number,
                           what=f"a hand of this game, from 1 to {game.hand_number}")
        if seed is not None:
            validate.seed(seed)
        self.rollouts = validate.whole(rollouts, "rollouts", low=1)
        self.game = game.copy()
        """The game as it was when the review was asked for."""
        self.hand = hand
        self.seed = seed
        self.hands: tuple[int, ...] = (
            (hand,) if hand is not None else tuple(range(1, game.hand_number + 1)))
        """The hands reviewed."""
        self._entries: list[ReviewEntry] | None = None

    @property
    def done(self) -> bool:
        """True once the review is computed."""
        return self._entries is not None

    def run(self, progress: Callable[[int], None] | None = None) -> list[ReviewEntry]:
        """Compute the review if it is not yet (calling *progress* with each hand number
        before that hand is reviewed) and return its entries."""
        if self._entries is None:
            entries: list[ReviewEntry] = []
            for hand in self.hands:
                if progress is not None:
                    progress(hand)
                entries += review_game(self.game, self.seat, seed=self.seed,
                                       rollouts=self.rollouts, hand=hand)
            self._entries = entries
        return list(self._entries)

    @property
    def entries(self) -> list[ReviewEntry]:
        """The seat's decisions in order (computed on first use)."""
        return self.run()

    @property
    def summary(self) -> ReviewSummary:
        return summarize(self.entries)
