"""The puzzle widget: "find the best move" positions of :mod:`horserace_nb.teaching.puzzles`,
answered on the board.

The learner clicks a tile of the hand, then one of its lit points (no preview: it would give the
answer away). A placement is judged at once by :meth:`Puzzle.check
<horserace_nb.teaching.puzzles.Puzzle.check>`: a wrong one is explained with its rule and changes
nothing;
a right one is placed, and when the best turn goes on (R17) the learner places the next tile on
the updated board until the turn is complete — past the answer too, when the turn goes on after
it (a placement there is right when it keeps the turn's best score within reach, exactly as
:meth:`Puzzle.turns <horserace_nb.teaching.puzzles.Puzzle.turns>` counts it). The puzzle is
solved when the turn is complete. "Hint" reveals the puzzle's hints one at a time,
gentle first; the last one is the answer. Stars as in the exercises: 3 when solved at the first
try, 2 at the second, 1 later, 0 once the answer was shown (or its last hint, which gives it)
before it was solved.

>>> w = PuzzleWidget("fifteen")
>>> w.place("[5|6]", "[5|5]", "straight_b")[0]
False
>>> w.play(w.puzzle.answer)[0], w.solved       # 15 scores: the turn goes on (R17)
(True, False)
>>> w.place("[3|5]", "[5|5]", "straight_b")[0], w.solved, w.stars
(True, True, 2)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets
import traitlets

from ..core import validate
from ..core.actions import Place
from ..core.errors import IllegalMove
from ..core.game import Game
from ..core.quoting import excerpt
from ..core.tiles import Side, Tile
from ..sessions.protocol import board_moves, select_refusal
from ..teaching.exercises import MAX_STARS, stars_for
from ..teaching.puzzles import PUZZLES, Puzzle, Turn
from ..teaching.review import move_text
from ..words.i18n import check_lang, t
from ..words.names import sentences
from .board import Board, Choice, Text
from .common import Lang, MessageArea, esc, message_html, safe, stars_html
from .store import Recorder

__all__ = ["PuzzleWidget", "Progress"]

Verdict = tuple[bool, str]


@dataclass
class Progress:
    """How one puzzle went: wrong placements and solved turns (``attempts``), whether it is
    solved, whether the answer was shown before that (``revealed``), the hints opened."""

    attempts: int = 0
    solved: bool = False
    revealed: bool = False
    hints: int = 0

    @property
    def stars(self) -> int:
        """3 at the first try, 2 at the second, 1 later; 0 unsolved or shown first."""
        return stars_for(self.attempts, self.solved, self.revealed)


class PuzzleWidget(widgets.VBox):  # type: ignore[misc]
    """The puzzles on the board: title, question, the position to play on, Hint / Try again /
    Show answer, Previous / a menu / Next, feedback naming the rule, and stars.

    :param key_or_puzzle: the puzzle to start with: a key of
        :data:`~horserace_nb.teaching.puzzles.PUZZLES`, a
        :class:`~horserace_nb.teaching.puzzles.Puzzle` (one not in ``PUZZLES`` comes first in the
        menu)
        or ``None`` for the first.
    :param lang: en, ko or ja (the ``lang`` trait can change it later).
    :param size: the largest width of the board in pixels.
    """

    lang = Lang("en")

    def __init__(self, key_or_puzzle: str | Puzzle | None = None, *, lang: str = "en",
                 size: float = 560) -> None:
        check_lang(lang)
        self.size = validate.size(size)
        self.puzzles: list[Puzzle] = list(PUZZLES.values())
        if isinstance(key_or_puzzle, Puzzle):
            if key_or_puzzle not in self.puzzles:
                self.puzzles.insert(0, key_or_puzzle)
            start = self.puzzles.index(key_or_puzzle)
        elif key_or_puzzle is None:
            start = 0
        elif isinstance(key_or_puzzle, str) and key_or_puzzle in PUZZLES:
            start = list(PUZZLES).index(key_or_puzzle)
        else:
            raise ValueError(f"key_or_puzzle: a Puzzle or one of {', '.join(PUZZLES)}, not "
                             f"{excerpt(key_or_puzzle)}")
        super().__init__()
        self.index = start
        """The position of the puzzle on show in :attr:`puzzles`."""
        self.progress: list[Progress] = [Progress() for _ in self.puzzles]
        """How each puzzle of :attr:`puzzles` went (kept when moving between puzzles)."""
        self.game: Game = self.puzzle.game()
        """The position as it stands: the puzzle's, plus the right placements made so far."""
        self.steps: tuple[Place, ...] = ()
        """The right placements of the turn made so far."""
        self.verdict: Verdict | None = None
        """The last placement's verdict: right or not, and the sentence shown."""
        self.shown = False
        """The answer is on the board (Show answer)."""
        self._said: tuple[Text, str] | None = None
        self.message = ""
        """The message on show (plain text)."""
        self.messages = MessageArea()
        self.title = widgets.HTML()
        self.stars_line = widgets.HTML()
        self.counter = widgets.HTML()
        self.rules_line = widgets.HTML()
        self.question = widgets.HTML()
        self.board = Board(lang=lang)
        self.hints_box = widgets.HTML()
        button = functools.partial(widgets.Button, layout=widgets.Layout(width="auto"))
        self.menu = widgets.Dropdown(layout=widgets.Layout(width="auto"))
        self.previous_button = button(icon="step-backward")
        self.next_button = button(icon="step-forward")
        self.hint_button = button(icon="lightbulb-o")
        self.retry_button = button(icon="undo")
        self.show_button = button(icon="eye")
        self.recorder = Recorder(lang=lang)
        """Records each puzzle finished in the learner's browser (issue 20)."""
        row = functools.partial(widgets.HBox, layout=widgets.Layout(
            flex_flow="row wrap", align_items="center", justify_content="space-between"))
        self.children = [
            row([self.title, self.stars_line]),
            self.question, self.rules_line, self.board, self.hints_box,
            widgets.HBox([self.hint_button, self.retry_button, self.show_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.messages.box,
            row([widgets.HBox([self.previous_button, self.menu, self.next_button]),
                 self.counter]), self.recorder.store,
        ]
        self.add_class("hr-puzzle")
        self._menu_quiet = False
        self.menu.observe(self._on_menu, names="value")
        self.board.on_choice(self._on_choice)
        self.board.on_refusal(self._on_refusal)
        self.hint_button.on_click(lambda _: self._on_hint())
        self.retry_button.on_click(lambda _: self._on_retry())
        self.show_button.on_click(lambda _: self._on_show())
        self.previous_button.on_click(lambda _: self._on_go(self.index - 1))
        self.next_button.on_click(lambda _: self._on_go(self.index + 1))
        self._ready = True
        self.lang = lang
        self._reset()

    # ------------------------------------------------------------------ state
    @property
    def puzzle(self) -> Puzzle:
        """The puzzle on show."""
        return self.puzzles[self.index]

    @property
    def solved(self) -> bool:
        return self.progress[self.index].solved

    @property
    def stars(self) -> int:
        """The current puzzle's stars (see :class:`Progress`)."""
        return self.progress[self.index].stars

    @property
    def total_stars(self) -> int:
        return sum(p.stars for p in self.progress)

    @property
    def max_stars(self) -> int:
        return MAX_STARS * len(self.puzzles)

    @property
    def hints_shown(self) -> list[str]:
        """The hints opened so far for this puzzle, in *lang*, gentle first."""
        return self.puzzle.hints(self.lang)[:self.progress[self.index].hints]

    @property
    def hints_left(self) -> int:
        return self.puzzle.hint_count - self.progress[self.index].hints

    @property
    def done(self) -> bool:
        """The turn is complete (solved on the board) or the answer is shown: nothing to place.
        A turn that goes on after the answer (R17) is not complete yet."""
        if self.shown:
            return True
        if len(self.steps) < len(self.puzzle.chain):
            return False
        return not self._turn_goes_on()

    def _turn_goes_on(self) -> bool:
        game = self.game
        return (not game.hand_over and game.to_play == self.puzzle.seat
                and any(isinstance(a, Place) for a in game.legal_actions()))

    # ------------------------------------------------------------------ the learner's actions
    def select(self, tile: Tile | str) -> None:
        """Choose *tile* of the hand as a click on it would (the board lights its points)."""
        self.board.receive({"kind": "select", "tile": str(tile), "rev": self.board.revision})

    def place(self, tile: Tile | str, on: Tile | str | None = None,
              side: Side | str | None = None) -> Verdict | None:
        """Place *tile* as a click on its lit point would; the verdict (``None`` when the board
        refused the click, e.g. nothing to place)."""
        self.verdict = None
        self.board.receive({"kind": "place", "tile": str(tile),
                            "on": None if on is None else str(on),
                            "side": None if side is None else Side.coerce(side).value,
                            "rev": self.board.revision})
        return self.verdict

    def play(self, turn: Place | Sequence[Place]) -> Verdict | None:
        """Place every placement of *turn* in order, as clicks would, stopping at the first
        wrong one; the last verdict."""
        verdict = None
        for step in (turn,) if isinstance(turn, Place) else turn:
            verdict = self.place(step.tile, step.on, step.side)
            if verdict is None or not verdict[0]:
                break
        return verdict

    def hint(self) -> str | None:
        """Reveal the next hint (``None`` when none is left). The last one gives the answer:
        opened before the puzzle is solved, it counts as showing the answer (no stars)."""
        record = self.progress[self.index]
        if record.hints >= self.puzzle.hint_count:
            return None
        record.hints += 1
        if record.hints == self.puzzle.hint_count and not record.solved:
            record.revealed = True
        self._show_hints()
        self._show_stars()
        if record.revealed:
            self._record()
        return self.hints_shown[-1]

    def try_again(self) -> None:
        """Back to the puzzle's position (hints and stars stay)."""
        self._reset()

    def show_answer(self) -> str:
        """Play the answer on the board and explain it (no stars unless already solved)."""
        record = self.progress[self.index]
        if not record.solved:
            record.revealed = True
        puzzle = self.puzzle
        game = puzzle.game()
        for step in puzzle.chain:
            game.apply(step)
        self.game, self.steps, self.shown = game, puzzle.chain, True
        self._say(lambda lang: t("puzzleui.shown", lang, answer=puzzle.hints(lang)[-1],
                                 why=t(f"puzzle.{puzzle.key}.right", lang)), "info")
        self._show_board()
        self._show_stars()
        self._record()
        return self.message

    def go(self, key_or_index: str | int) -> Puzzle:
        """Show another puzzle: by key, or by its position in :attr:`puzzles`."""
        keys = [p.key for p in self.puzzles]
        if isinstance(key_or_index, str) and key_or_index in keys:
            index = keys.index(key_or_index)
        elif validate.is_whole(key_or_index) and 0 <= key_or_index < len(keys):
            index = key_or_index
        else:
            raise ValueError(f"a puzzle: one of {', '.join(keys)} or a number from 0 to "
                             f"{len(keys) - 1}, not {excerpt(key_or_index)}")
        if self.progress[self.index].attempts:
            self._record()  # left after a try: recorded as it stands
        self.index = index
        self._reset()
        return self.puzzle

    def next(self) -> Puzzle:
        """The next puzzle (the first after the last)."""
        return self.go((self.index + 1) % len(self.puzzles))

    def previous(self) -> Puzzle:
        """The previous puzzle (the last before the first)."""
        return self.go((self.index - 1) % len(self.puzzles))

    # ------------------------------------------------------------------ judging
    def _judge(self, step: Place) -> Verdict:
        puzzle, record = self.puzzle, self.progress[self.index]
        attempt = (*self.steps, step)
        if len(attempt) > len(puzzle.chain):
            ok = self._keeps_the_best(attempt)
        else:
            ok, _ = puzzle.check(attempt, self.lang)
        if not ok:
            if not record.solved:
                record.attempts += 1
            if self.steps:  # the turn so far is right: say what is wrong, keep the rest hidden
                layout, score = self.game.layout.copy(), self._score()
                rules = self.game.rules
                try:
                    self.game.check(step)
                except IllegalMove:
                    self._say(lambda lang: puzzle.check(attempt, lang)[1], "error")
                else:
                    self._say(lambda lang: sentences((t("puzzle.wrong_next", lang, move=move_text(
                        "puzzle.move", layout, step, lang, rules=rules, score=score)),
                        t("puzzleui.wrong_next", lang)), lang), "error")
            else:
                self._say(lambda lang: puzzle.check(attempt, lang)[1], "error")
            self.recorder.missed(puzzle, self.message)
            return False, self.message
        layout, score, rules = self.game.layout.copy(), self._score(), self.game.rules
        self.game.apply(step)
        self.steps = attempt
        answer = len(puzzle.chain)
        if len(attempt) < answer or (len(attempt) > answer and not self.done):
            self._say(lambda lang: t("puzzleui.go_on", lang, move=move_text(
                "puzzle.move", layout, step, lang, rules=rules, score=score)), "ok")
        elif not self.done:  # the answer, and the turn goes on after it (R17)
            self._say(lambda lang: sentences((puzzle.check(attempt, lang)[1],
                                              t("puzzleui.turn_goes_on", lang)), lang), "ok")
        else:
            if not record.solved:
                record.attempts += 1
                record.solved = True
            self._say(functools.partial(self._solved_text, attempt), "ok")
            self._record()
        return True, self.message

    def _record(self) -> None:
        record, puzzle = self.progress[self.index], self.puzzle
        if puzzle.key in PUZZLES:  # a puzzle of one's own is not on the lesson map
            self.recorder.finish(puzzle, "puzzle", puzzle.key, 0, stars=record.stars,
                                 tries=record.attempts, hints=record.hints)

    def _keeps_the_best(self, attempt: tuple[Place, ...]) -> bool:
        """Past the answer: *attempt* still begins one of the best turns that begin with the
        placements made so far (reaching the target, then emptying the hand, then the raw
        points of the whole turn)."""
        def value(turn: Turn) -> tuple[bool, bool, int]:
            return turn.wins, turn.out, turn.raw

        made = len(self.steps)
        turns = [turn for turn in self.puzzle.turns() if turn.chain[:made] == self.steps]
        if not turns:
            return False
        best = max(value(turn) for turn in turns)
        return any(turn.chain[:made + 1] == attempt and value(turn) == best for turn in turns)

    def _solved_text(self, attempt: tuple[Place, ...], lang: str) -> str:
        """The answer's verdict, then every placement the turn went on with (R17)."""
        puzzle = self.puzzle
        answer = puzzle.chain
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

    def _score(self) -> int:
        return self.game.scores[self.game.side_of(self.puzzle.seat)]

    # ------------------------------------------------------------------ callbacks
    @safe
    def _on_choice(self, choice: Choice) -> None:
        if choice.kind != "place":
            refusal = None if self.done else select_refusal(self.game, choice.tile)
            if refusal is not None:  # a tile that fits nowhere, not in the hand, not the drawn
                self._say(refusal, "error")
            return  # otherwise the board lights the tile's points itself
        if self.done:
            self._say(lambda lang: t("puzzleui.done", lang), "info")
            return
        self.verdict = self._judge(Place(choice.tile, choice.on, choice.side))
        self._show_board()
        self._show_stars()

    def _on_refusal(self, text: Text) -> None:
        self._say(text, "error")

    @safe
    def _on_hint(self) -> None:
        self.hint()

    @safe
    def _on_retry(self) -> None:
        self.try_again()

    @safe
    def _on_show(self) -> None:
        self.show_answer()

    @safe
    def _on_go(self, index: int) -> None:
        self.go(index % len(self.puzzles))

    @safe
    def _on_menu(self, change: Any) -> None:
        if not self._menu_quiet and change["new"] != self.puzzle.key:
            self.go(change["new"])

    @traitlets.observe("lang")
    def _on_lang(self, change: Any) -> None:
        if getattr(self, "_ready", False):
            self.board.lang = change["new"]
            self.recorder.store.lang = change["new"]
            self._show_all()

    # ------------------------------------------------------------------ drawing
    def _reset(self) -> None:
        self.game = self.puzzle.game()
        self.steps, self.shown, self.verdict = (), False, None
        start = "puzzleui.start_drawn" if self.game.pending is not None else "puzzleui.start"
        self._say(lambda lang: t(start, lang), "info")
        self._show_all()

    def _say(self, text: Callable[[str], str], kind: str) -> None:
        self._said = (text, kind)
        self.message = text(self.lang)
        self.messages.say_html(message_html(self.message, kind))

    def _show_all(self) -> None:
        lang, puzzle = self.lang, self.puzzle
        self.title.value = f"<b style='font-size:1.15em'>{esc(puzzle.title(lang))}</b>"
        self.question.value = (f"<div class='hr-question' style='line-height:1.45;margin:0.2em 0'>"
                               f"{esc(puzzle.question(lang))}</div>")
        self.rules_line.value = (f"<div style='font-size:0.9em;color:#555'>"
                                 f"{esc(t('puzzleui.rules', lang, rules=', '.join(puzzle.rules)))}"
                                 f"</div>")
        self.counter.value = esc(t("puzzleui.counter", lang, n=self.index + 1,
                                   total=len(self.puzzles)))
        self._menu_quiet = True
        try:
            self.menu.options = [(p.title(lang), p.key) for p in self.puzzles]
            self.menu.value = puzzle.key
        finally:
            self._menu_quiet = False
        self.menu.description = t("puzzleui.menu", lang)
        self.menu.style = {"description_width": "initial"}
        self.previous_button.description = t("puzzleui.previous", lang)
        self.next_button.description = t("puzzleui.next", lang)
        self.retry_button.description = t("puzzleui.try_again", lang)
        self.show_button.description = t("puzzleui.show_answer", lang)
        if self._said is not None:
            text, kind = self._said
            self.message = text(lang)
            self.messages.say_html(message_html(self.message, kind))
        self._show_hints()
        self._show_board()
        self._show_stars()

    def _show_hints(self) -> None:
        lang, left = self.lang, self.hints_left
        shown = self.hints_shown
        self.hints_box.value = "" if not shown else (
            "<ol class='hr-hints' style='line-height:1.45;margin:0.3em 0;padding-left:1.6em'>"
            + "".join(f"<li>{esc(h)}</li>" for h in shown) + "</ol>")
        self.hint_button.description = (t("puzzleui.hint", lang, left=left) if left
                                        else t("puzzleui.no_hints", lang))
        self.hint_button.disabled = not left

    @safe
    def _show_board(self) -> None:
        from ..render.svg import game_svg

        lang, game, seat = self.lang, self.game, self.puzzle.seat
        done = self.done
        svg = str(game_svg(game, seat=seat, lang=lang, size=self.size, interactive=not done,
                           highlight=self.steps[-1].tile if self.steps else None))
        self.board.readonly = done
        moves = board_moves(None if done else game, lang, preview=False)
        pending = game.pending
        self.board.show(svg, moves, "" if done or pending is None else str(pending))

    def _show_stars(self) -> None:
        self.stars_line.value = stars_html(self.stars, t(
            "exercise.stars", self.lang, stars=self.total_stars, max=self.max_stars))

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(widgets.VBox([self]))  # type: ignore[no-untyped-call]
