"""Puzzles: "find the best move" positions, each with a ladder of hints and one best answer.

Every puzzle is a position in the middle of a 2-player hand (``Game.from_position``): the
layout, your hand (seat 0, to play), the opponent's hand and the boneyard (hidden from you), and
the scores. Its answer is a placement, or the whole turn (a chain of placements, R17) when the
turn goes on. The tests verify every answer with the engine: exactly (it is the only first
placement that scores, wins the game or empties the hand this turn, computed by
:meth:`Puzzle.turns`) and over the whole hand (the strong computer player, from your view only,
ranks it first by a clear margin, :meth:`Puzzle.evaluate`).

>>> puzzle = PUZZLES["fifteen"]
>>> puzzle.title("en"), puzzle.rules
('Fifteen, not twelve', ('R13', 'R15'))
>>> ok, message = puzzle.check(Place("[5|6]", "[5|5]", "straight_b"))
>>> ok, message.split(":")[0]
(False, 'Not the best')
>>> puzzle.check(puzzle.answer)[0]
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from ..core.actions import Place
from ..core.errors import IllegalMove
from ..core.game import Game
from ..core.layout import Layout
from ..core.quoting import excerpt
from ..core.tiles import FULL_SET, Side, Tile
from ..words.i18n import check_lang, t
from ..words.names import sentences
from .review import DEFAULT_ROLLOUTS, Option, compare, move_text

__all__ = ["Puzzle", "PUZZLES", "Turn", "TooManyTurns"]

_H, _L = Side.HIGH, Side.LOW
_SA, _SB, _BA = Side.STRAIGHT_A, Side.STRAIGHT_B, Side.BRANCH_A

Placement = tuple[Tile, Tile | None, Side | None]


class TooManyTurns(ValueError):
    """A position whose turn can go more ways than :meth:`Puzzle.turns` was allowed to list."""


@dataclass(frozen=True)
class Turn:
    """One way the seat's turn can go from a puzzle's position (see :meth:`Puzzle.turns`):
    the placements, the raw points they score together, and whether the turn empties the hand
    (R21) or reaches the target (R26). A turn that would need a draw stops before it."""

    chain: tuple[Place, ...]
    raw: int
    out: bool
    wins: bool

    @property
    def value(self) -> tuple[bool, bool, int]:
        """How good the turn is, exactly, for this turn: reaching the target (R26) first, then
        emptying the hand (R21), then the raw points (R15). The best turns have the largest."""
        return self.wins, self.out, self.raw


@dataclass(frozen=True)
class Puzzle:
    """A "find the best move" position (see the module's docstring).

    ``key`` names its messages in the catalog (``puzzle.<key>.title`` …); ``rules`` are the
    rules it teaches; ``answer`` is the best placement, or the best turn as a tuple of
    placements; ``seat`` is the player to act (you).

    A teacher's puzzle (:class:`~horserace_nb.teaching.authoring.TeacherPuzzle`) is a puzzle
    too: it gives its own position, words and accepted answers (:attr:`answers`) by overriding
    :meth:`game`, the words' methods and :attr:`answers`; everything else is shared.
    """

    key: str
    rules: tuple[str, ...]
    layout: tuple[Placement, ...]
    hand: tuple[Tile, ...]
    answer: Place | tuple[Place, ...]
    opponent_tiles: int
    scores: tuple[int, ...] = (0, 0)
    pending: Tile | None = None
    hint_count: int = 3
    seat: int = 0
    first_try: Place | None = None
    """A legal placement that is not the best: the lesson's cell starts with it, for the
    learner to replace."""
    turns_on: str = "scores"
    """What makes the answer's turn the best, exactly: it ``scores`` the most, ``wins`` the
    game or goes ``out``."""

    # ------------------------------------------------------------------ position
    def game(self) -> Game:
        """A fresh :class:`Game` at the puzzle's position. The tiles you cannot see are dealt
        to the opponent and the boneyard by a shuffle fixed by the puzzle's key."""
        layout = Layout.from_placements(list(self.layout))
        rest = [x for x in FULL_SET if x not in layout and x not in self.hand]
        random.Random(f"horserace_nb.puzzle.{self.key}").shuffle(rest)
        hands = [list(self.hand), rest[:self.opponent_tiles]]
        return Game.from_position(layout, hands, rest[self.opponent_tiles:], self.seat,
                                  scores=list(self.scores), pending=self.pending)

    @property
    def chain(self) -> tuple[Place, ...]:
        """The answer as a tuple of placements (one placement for a one-move answer)."""
        return self.answer if isinstance(self.answer, tuple) else (self.answer,)

    @property
    def answers(self) -> tuple[tuple[Place, ...], ...]:
        """Every accepted answer, each a tuple of placements, :attr:`chain` first (a built-in
        puzzle has one)."""
        return (self.chain,)

    def completed(self, steps: Sequence[Place]) -> tuple[Place, ...] | None:
        """The accepted answer that *steps* begin with entirely (the shortest), or ``None``."""
        done = [a for a in self.answers if tuple(steps[:len(a)]) == a]
        return min(done, key=len) if done else None

    def result_case(self) -> str | None:
        """The ``case`` its results are recorded under (the learner's progress), or ``None``
        for a puzzle that is not recorded (one of one's own outside a puzzle set)."""
        return self.key if PUZZLES.get(self.key) == self else None

    # ------------------------------------------------------------------ words
    def title(self, lang: str = "en") -> str:
        return t(f"puzzle.{self.key}.title", check_lang(lang))

    def question(self, lang: str = "en") -> str:
        return t(f"puzzle.{self.key}.question", check_lang(lang))

    def hints(self, lang: str = "en") -> list[str]:
        """The hints from gentle to the answer, each naming the rule it rests on."""
        lang = check_lang(lang)
        return [t(f"puzzle.{self.key}.hint{i}", lang) for i in range(1, self.hint_count + 1)]

    def text_lang(self, lang: str) -> str:
        """The language the title, question and hints are written in when *lang* is asked
        for (a teacher's puzzle may be written in fewer languages)."""
        return check_lang(lang)

    def right_text(self, lang: str = "en") -> str:
        """Why the answer is right, naming the rule."""
        return t(f"puzzle.{self.key}.right", check_lang(lang))

    def wrong_text(self, step: Place, move: str, lang: str = "en") -> str:
        """What is said of a first placement *step* that is not an answer; *move* says what
        it makes (``puzzle.move``)."""
        return sentences((t("puzzle.wrong", lang, move=move), t(f"puzzle.{self.key}.wrong", lang)),
                         lang)

    # ------------------------------------------------------------------ answers
    def check(self, attempt: Place | Sequence[Place], lang: str = "en") -> tuple[bool, str]:
        """Judge *attempt* (a placement, or the placements of a turn in order): right when it
        begins an accepted answer (its first placement, or any longer part of its turn). The
        message explains why with the rule, in *lang*.

        :raises ValueError: if *attempt* is not a placement or a non-empty list of them.
        """
        lang = check_lang(lang)
        steps = (attempt,) if isinstance(attempt, Place) else tuple(attempt) \
            if isinstance(attempt, Sequence) and not isinstance(attempt, str) else ()
        if not steps or not all(isinstance(s, Place) for s in steps):
            raise ValueError(f"give a Place or a list of Places, not {excerpt(attempt)}")
        game = self.game()
        answers: Sequence[tuple[Place, ...]] = self.answers
        answer = answers[0]
        for i, step in enumerate(steps):
            if i and (game.hand_over or game.to_play != self.seat):
                previous = steps[i - 1].tile
                return False, t("puzzle.turn_over", lang, tile=previous)
            layout = game.layout
            score = game.scores[game.side_of(self.seat)]
            try:
                game.check(step)
            except IllegalMove as exc:
                return False, t("puzzle.illegal", lang, reason=exc.localized(lang))
            said = move_text("puzzle.move", layout, step, lang, rules=game.rules, score=score)
            going = [a for a in answers if a[:i + 1] == steps[:i + 1]]
            if not going:
                if i == 0:
                    return False, self.wrong_text(step, said, lang)
                return False, sentences((t("puzzle.wrong_next", lang, move=said),
                                         t("puzzle.continues", lang, tiles=_tiles(answer[i:]))),
                                        lang)
            answers, answer = going, going[0]
            game.apply(step)
        game = self.game()
        parts = []
        for i, step in enumerate(steps):
            said = move_text("puzzle.move", game.layout, step, lang, rules=game.rules,
                             score=game.scores[game.side_of(self.seat)])
            parts.append(t("puzzle.right" if i == 0 else "puzzle.then_move", lang, move=said))
            game.apply(step)
        if len(steps) < len(answer):
            parts.append(t("puzzle.continues", lang, tiles=_tiles(answer[len(steps):])))
        parts.append(self.right_text(lang))
        return True, sentences(parts, lang)

    # ------------------------------------------------------------------ verification
    def turns(self, limit: int | None = None) -> list[Turn]:
        """Every way your turn can go from the position, exactly: each placement, and while
        the turn goes on (a double or a score from hand, R17) each next placement, until the
        turn ends, the hand is out (R21) or the game is won (R26). Needs no hidden tile.

        :param limit: the most turns to list (a made-up position may hold a hand of many
            doubles, whose turns multiply).
        :raises TooManyTurns: if there are more than *limit* (nothing is listed).
        """
        out: list[Turn] = []

        def walk(game: Game, chain: tuple[Place, ...], raw: int) -> None:
            for action in game.legal_actions():
                if not isinstance(action, Place):
                    continue
                after = game.copy()
                event = after.apply(action)
                step, total = chain + (action,), raw + event.raw
                if event.continues and after.to_play == self.seat and any(
                        isinstance(a, Place) for a in after.legal_actions()):
                    walk(after, step, total)
                else:
                    out.append(Turn(step, total, not after.hands[self.seat],
                                    bool(after.winners) and self.seat in (after.winners or ())))
                    if limit is not None and len(out) > limit:
                        raise TooManyTurns(f"the turn can go more than {limit} ways from this "
                                           "position (R17): too many to check")

        walk(self.game(), (), 0)
        return out

    def evaluate(self, *, rollouts: int = DEFAULT_ROLLOUTS, seed: int = 0) -> tuple[Option, ...]:
        """Every first placement valued by the strong computer player from your view only
        (the same sampled deals for all, see :func:`horserace_nb.teaching.review.compare`), its
        choice first."""
        return compare(self.game().view(self.seat), seed=seed, rollouts=rollouts)[0]


def _tiles(chain: Sequence[Place]) -> str:
    return " → ".join(str(p.tile) for p in chain)


def _tile(text: str) -> Tile:
    return Tile.parse(text)


def _puzzles() -> dict[str, Puzzle]:
    T = _tile
    items = [
        Puzzle(
            "fifteen", ("R13", "R15"),
            ((T("[2|5]"), None, None), (T("[2|3]"), T("[2|5]"), _L),
             (T("[5|5]"), T("[2|5]"), _H), (T("[3|6]"), T("[2|3]"), _H)),
            (T("[0|3]"), T("[3|5]"), T("[5|6]")),
            Place("[5|6]", "[3|6]", _H), opponent_tiles=7,
            first_try=Place("[5|6]", "[5|5]", _SB)),
        Puzzle(
            "spinner_fills", ("R11", "R13"),
            ((T("[1|6]"), None, None), (T("[6|6]"), T("[1|6]"), _H),
             (T("[1|1]"), T("[1|6]"), _L), (T("[1|2]"), T("[1|1]"), _SB),
             (T("[2|2]"), T("[1|2]"), _H), (T("[2|5]"), T("[2|2]"), _SB)),
            (T("[0|2]"), T("[4|5]"), T("[5|6]")),
            Place("[5|6]", "[6|6]", _SB), opponent_tiles=5, scores=(12, 9),
            first_try=Place("[4|5]", "[2|5]", _H)),
        Puzzle(
            "double_again", ("R13", "R17"),
            ((T("[4|5]"), None, None), (T("[4|4]"), T("[4|5]"), _L),
             (T("[5|5]"), T("[4|5]"), _H), (T("[2|5]"), T("[5|5]"), _SB)),
            (T("[0|2]"), T("[1|3]"), T("[2|2]"), T("[4|6]")),
            (Place("[2|2]", "[2|5]", _L), Place("[4|6]", "[4|4]", _SB)), opponent_tiles=6,
            scores=(4, 7),
            first_try=Place("[4|6]", "[4|4]", _SB)),
        Puzzle(
            "drawn_tile", ("R18",),
            ((T("[2|5]"), None, None), (T("[2|3]"), T("[2|5]"), _L),
             (T("[3|6]"), T("[2|3]"), _H)),
            (T("[0|1]"), T("[0|3]"), T("[1|4]"), T("[5|6]")),
            Place("[5|6]", "[3|6]", _H), opponent_tiles=8, scores=(20, 26),
            pending=T("[5|6]"),
            first_try=Place("[5|6]", "[2|5]", _H)),
        Puzzle(
            "to_the_target", ("R17", "R26"),
            ((T("[3|6]"), None, None), (T("[3|3]"), T("[3|6]"), _L),
             (T("[6|6]"), T("[3|6]"), _H), (T("[2|6]"), T("[6|6]"), _SB)),
            (T("[1|2]"), T("[1|4]"), T("[2|2]"), T("[2|4]")),
            (Place("[2|2]", "[2|6]", _L), Place("[2|4]", "[2|2]", _SB)), opponent_tiles=6,
            scores=(57, 50), hint_count=4,
            first_try=Place("[1|2]", "[2|6]", _L), turns_on="wins"),
        Puzzle(
            "out_in_one_turn", ("R17", "R21", "R23"),
            ((T("[2|5]"), None, None), (T("[2|2]"), T("[2|5]"), _L),
             (T("[5|5]"), T("[2|5]"), _H), (T("[0|2]"), T("[2|2]"), _SB),
             (T("[0|0]"), T("[0|2]"), _L), (T("[2|3]"), T("[2|2]"), _BA)),
            (T("[3|3]"), T("[3|5]")),
            (Place("[3|3]", "[2|3]", _H), Place("[3|5]", "[3|3]", _SB)), opponent_tiles=6,
            scores=(31, 38),
            first_try=Place("[3|5]", "[5|5]", _SB), turns_on="out"),
    ]
    return {p.key: p for p in items}


PUZZLES: Mapping[str, Puzzle] = MappingProxyType(_puzzles())
"""The puzzles by key, in teaching order (a dict keeps its order)."""
