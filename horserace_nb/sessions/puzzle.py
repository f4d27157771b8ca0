"""The puzzles without widgets: which puzzle is on show, how each went (:class:`Progress`), the
position as it stands and the judging of each placement (:class:`PuzzleSession`).
:class:`~horserace_nb.widgets.PuzzleWidget` shows them on the board.

>>> session = PuzzleSession()
>>> session.puzzle.key
'fifteen'
>>> ok, note = session.judge(Place("[5|6]", "[5|5]", "straight_b"))
>>> ok, note[0], session.steps
(False, 'error', ())
>>> [session.judge(step)[0] for step in session.puzzle.chain], session.solved  # R17: goes on
([True], False)
>>> session.judge(Place("[3|5]", "[5|5]", "straight_b"))[0], session.solved, session.stars
(True, True, 2)

Each hint opened costs a star; the puzzle's rules are shown once it was tried, its title (which
names its trick) once a placement was right or the answer shown:

>>> session.go(1)
>>> session.titled, session.hint(), session.hint(), session.stars_if_solved_now()
(False, True, True, 1)
>>> session.judge(Place("[5|6]", "[5|5]", "straight_b"))[0], session.titled, session.named
(False, True, False)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.actions import Place
from ..core.errors import IllegalMove
from ..core.game import Game
from ..teaching.exercises import MAX_STARS, stars_for
from ..teaching.puzzles import PUZZLES, Puzzle
from ..teaching.review import move_text
from ..words.i18n import t
from ..words.names import sentences
from .common import Note, Text

__all__ = ["Progress", "PuzzleSession"]


@dataclass
class Progress:
    """How one puzzle went: wrong placements and solved turns (``attempts``), whether it is
    solved, whether the answer was shown before that (``revealed``), the hints opened."""

    attempts: int = 0
    solved: bool = False
    revealed: bool = False
    hints: int = 0
    tried: bool = False
    """A placement was judged or the answer shown: the rules may be shown."""
    named: bool = False
    """A placement was right or the answer shown: the title (which names the trick, and after
    a wrong try would give it away) may be shown."""

    @property
    def stars(self) -> int:
        """3 at the first try, 2 at the second, 1 later, each hint opened costing one more
        (never below 1 when solved); 0 unsolved or shown first (:func:`stars_for`)."""
        return stars_for(self.attempts, self.solved, self.revealed, self.hints)


class PuzzleSession:
    """A run through *puzzles*, starting at *index*: the puzzle on show, the position as it
    stands (the puzzle's, plus the right placements made so far), how each puzzle went, and
    :attr:`said`, what to say now (a :data:`~horserace_nb.sessions.common.Note`).

    :param puzzles: the puzzles in menu order (default: every one of
        :data:`~horserace_nb.teaching.puzzles.PUZZLES`).
    """

    def __init__(self, puzzles: Sequence[Puzzle] | None = None, index: int = 0) -> None:
        self.puzzles: list[Puzzle] = list(PUZZLES.values() if puzzles is None else puzzles)
        self.index = index
        """The position of the puzzle on show in :attr:`puzzles`."""
        self.progress: list[Progress] = [Progress() for _ in self.puzzles]
        """How each puzzle of :attr:`puzzles` went (kept when moving between puzzles)."""
        self.game: Game = self.puzzle.game()
        self.steps: tuple[Place, ...] = ()
        """The right placements of the turn made so far."""
        self.shown = False
        """The answer is on the board (Show answer)."""
        self.said: Note = ("info", lambda lang: "")
        self.reset()

    # ------------------------------------------------------------------ state
    @property
    def puzzle(self) -> Puzzle:
        """The puzzle on show."""
        return self.puzzles[self.index]

    @property
    def record(self) -> Progress:
        """How the puzzle on show went so far."""
        return self.progress[self.index]

    @property
    def solved(self) -> bool:
        return self.record.solved

    @property
    def stars(self) -> int:
        """The current puzzle's stars (see :class:`Progress`)."""
        return self.record.stars

    @property
    def total_stars(self) -> int:
        return sum(p.stars for p in self.progress)

    @property
    def max_stars(self) -> int:
        return MAX_STARS * len(self.puzzles)

    @property
    def titled(self) -> bool:
        """The puzzle on show was tried: its rules (a hint to its trick) may be shown."""
        return self.record.tried

    @property
    def named(self) -> bool:
        """The puzzle on show had a right placement or its answer shown: its title (which
        names the trick) may be shown."""
        return self.record.named

    def stars_if_solved_now(self) -> int:
        """The stars the puzzle on show would earn if the next try solved it (hints opened
        count)."""
        record = self.record
        return stars_for(record.attempts + 1, True, record.revealed, record.hints)

    def hints_shown(self, lang: str) -> list[str]:
        """The hints opened so far for this puzzle, in *lang*, gentle first."""
        return self.puzzle.hints(lang)[:self.record.hints]

    @property
    def hints_left(self) -> int:
        return self.puzzle.hint_count - self.record.hints

    @property
    def done(self) -> bool:
        """The turn is complete (solved on the board) or the answer is shown: nothing to place.
        A turn that goes on after the answer (R17) is not complete yet."""
        if self.shown:
            return True
        if self.puzzle.completed(self.steps) is None:
            return False
        return not self._turn_goes_on()

    def _turn_goes_on(self) -> bool:
        game = self.game
        return (not game.hand_over and game.to_play == self.puzzle.seat
                and any(isinstance(a, Place) for a in game.legal_actions()))

    # ------------------------------------------------------------------ the learner's actions
    def reset(self) -> None:
        """Back to the puzzle's position (hints and stars stay)."""
        self.game = self.puzzle.game()
        self.steps, self.shown = (), False
        start = "puzzleui.start_drawn" if self.game.pending is not None else "puzzleui.start"
        self.said = ("info", lambda lang: t(start, lang))

    def go(self, index: int) -> None:
        """Show the puzzle at *index* of :attr:`puzzles`, from its position."""
        self.index = index
        self.reset()

    def hint(self) -> bool:
        """Open the next hint (``False`` when none is left): each costs a star. The last one
        gives the answer: opened before the puzzle is solved, it counts as showing the answer
        (no stars)."""
        record = self.record
        if record.hints >= self.puzzle.hint_count:
            return False
        record.hints += 1
        if record.hints == self.puzzle.hint_count and not record.solved:
            record.revealed = True
        return True

    def show_answer(self) -> None:
        """Play the answer on the board and explain it (no stars unless already solved)."""
        record = self.record
        if not record.solved:
            record.revealed = True
        record.tried = record.named = True
        puzzle = self.puzzle
        game = puzzle.game()
        for step in puzzle.chain:
            game.apply(step)
        self.game, self.steps, self.shown = game, puzzle.chain, True
        self.said = ("info", lambda lang: t("puzzleui.shown", lang, answer=puzzle.hints(lang)[-1],
                                            why=puzzle.right_text(lang)))

    def judge(self, step: Place) -> tuple[bool, Note]:
        """Judge the learner's next placement *step*: a wrong one changes nothing (and counts
        an attempt), a right one is placed. Returns the verdict and what to say (also kept in
        :attr:`said`)."""
        puzzle, record = self.puzzle, self.record
        record.tried = True
        attempt = (*self.steps, step)
        if puzzle.completed(self.steps) is not None:  # past an answer: the turn goes on
            ok = self._keeps_the_best(attempt)
        else:
            ok, _ = puzzle.check(attempt, "en")
        if not ok:
            if not record.solved:
                record.attempts += 1
            self.said = ("error", self._wrong(step, attempt))
            return False, self.said
        record.named = True
        layout, score, rules = self.game.layout.copy(), self._score(), self.game.rules
        self.game.apply(step)
        self.steps = attempt
        reached = puzzle.completed(attempt)
        answer = len(attempt) + 1 if reached is None else len(reached)
        if len(attempt) < answer or (len(attempt) > answer and not self.done):
            self.said = ("ok", lambda lang: t("puzzleui.go_on", lang, move=move_text(
                "puzzle.move", layout, step, lang, rules=rules, score=score)))
        elif not self.done:  # the answer, and the turn goes on after it (R17)
            self.said = ("ok", lambda lang: sentences((puzzle.check(attempt, lang)[1],
                                                      t("puzzleui.turn_goes_on", lang)), lang))
        else:
            if not record.solved:
                record.attempts += 1
                record.solved = True
            self.said = ("ok", functools.partial(self._solved_text, puzzle, attempt))
        return True, self.said

    def _keeps_the_best(self, attempt: tuple[Place, ...]) -> bool:
        """Past the answer: *attempt* still begins one of the best turns that begin with the
        placements made so far (reaching the target, then emptying the hand, then the raw
        points of the whole turn)."""
        made = len(self.steps)
        turns = [turn for turn in self.puzzle.turns() if turn.chain[:made] == self.steps]
        if not turns:
            return False
        best = max(turn.value for turn in turns)
        return any(turn.chain[:made + 1] == attempt and turn.value == best for turn in turns)

    @staticmethod
    def _solved_text(puzzle: Puzzle, attempt: tuple[Place, ...], lang: str) -> str:
        """The answer's verdict, then every placement the turn went on with (R17)."""
        answer = puzzle.completed(attempt) or puzzle.chain
        game = puzzle.game()
        for step in answer:
            game.apply(step)
        parts = [puzzle.check(answer, lang)[1]]
        for step in attempt[len(answer):]:
            score = game.scores[game.side_of(puzzle.seat)]
            parts.append(t("puzzle.then_move", lang, move=move_text(
                "puzzle.move", game.layout, step, lang, rules=game.rules, score=score)))
            game.apply(step)
        return sentences(parts, lang)

    def _wrong(self, step: Place, attempt: tuple[Place, ...]) -> Text:
        puzzle = self.puzzle
        if self.steps:  # the turn so far is right: say what is wrong, keep the rest hidden
            layout, score, rules = self.game.layout.copy(), self._score(), self.game.rules
            try:
                self.game.check(step)
            except IllegalMove:
                pass
            else:
                return lambda lang: sentences((t("puzzle.wrong_next", lang, move=move_text(
                    "puzzle.move", layout, step, lang, rules=rules, score=score)),
                    t("puzzleui.wrong_next", lang)), lang)
        return lambda lang: puzzle.check(attempt, lang)[1]

    def _score(self) -> int:
        return self.game.scores[self.game.side_of(self.puzzle.seat)]
