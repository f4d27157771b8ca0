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
try, 2 at the second, 1 later, each hint opened costing one more (never below 1), 0 once the
answer was shown (or its last hint, which gives it) before it was solved. The puzzle's rules
line appears after the first try; its title, which names its trick, after a right placement or
the answer shown ("Puzzle 2" until then, in the menu too).

The puzzle logic (which puzzle, how each went, the judging) is
:class:`~horserace_nb.sessions.puzzle.PuzzleSession`; this module draws it and wires the board.

>>> w = PuzzleWidget("fifteen")
>>> w.place("[5|6]", "[5|5]", "straight_b")[0]
False
>>> w.play(w.puzzle.answer)[0], w.solved       # 15 scores: the turn goes on (R17)
(True, False)
>>> w.place("[3|5]", "[5|5]", "straight_b")[0], w.solved, w.stars
(True, True, 2)

A teacher's puzzle set (:mod:`horserace_nb.teaching.authoring`) is played the same way, from its
file or its code: ``PuzzleWidget.from_file("week3.json")``, ``PuzzleWidget.from_code("hrp1.…")``
(its puzzles only; the other hands the teacher chose are shown under the board, and each
result is recorded under ``<set name>/<number>``).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ..core import validate
from ..core.actions import Place
from ..core.game import Game
from ..core.quoting import excerpt
from ..core.tiles import Side, Tile
from ..sessions.common import Note, Text
from ..sessions.protocol import board_moves, select_refusal
from ..sessions.puzzle import Progress, PuzzleSession
from ..teaching.authoring import PuzzleSet, TeacherPuzzle, puzzle_set_from_code, read_puzzle_set
from ..teaching.puzzles import PUZZLES, Puzzle
from ..words.i18n import check_lang, t
from .base import View
from .board import Board, Choice
from .common import esc, rule_links, safe, stars_html
from .store import Recorder
from .text import RuleText

__all__ = ["PuzzleWidget"]

Verdict = tuple[bool, str]


class PuzzleWidget(View):
    """The puzzles on the board: title, question, the position to play on, Hint / Try again /
    Show answer, Previous / a menu / Next, feedback naming the rule, and stars.

    :param key_or_puzzle: the puzzle to start with: a key of
        :data:`~horserace_nb.teaching.puzzles.PUZZLES`, a
        :class:`~horserace_nb.teaching.puzzles.Puzzle` (one not in ``PUZZLES`` comes first in the
        menu), a teacher's :class:`~horserace_nb.teaching.authoring.PuzzleSet` (its puzzles
        only) or ``None`` for the first.
    :param lang: en, ko or ja (the ``lang`` trait can change it later).
    :param size: the largest width of the board in pixels.
    """

    def __init__(self, key_or_puzzle: str | Puzzle | PuzzleSet | None = None, *,
                 lang: str = "en", size: float = 560) -> None:
        check_lang(lang)
        self.size = validate.size(size)
        puzzles: list[Puzzle] = list(PUZZLES.values())
        if isinstance(key_or_puzzle, PuzzleSet):
            puzzles, start = list(key_or_puzzle.puzzles), 0
        elif isinstance(key_or_puzzle, Puzzle):
            if key_or_puzzle not in puzzles:
                puzzles.insert(0, key_or_puzzle)
            start = puzzles.index(key_or_puzzle)
        elif key_or_puzzle is None:
            start = 0
        elif isinstance(key_or_puzzle, str) and key_or_puzzle in PUZZLES:
            start = list(PUZZLES).index(key_or_puzzle)
        else:
            raise ValueError(f"key_or_puzzle: a Puzzle, a PuzzleSet or one of "
                             f"{', '.join(PUZZLES)}, not {excerpt(key_or_puzzle)}")
        self.session = PuzzleSession(puzzles, start)
        """The puzzles' state, without widgets."""
        super().__init__(lang=lang, switch=False)
        self.verdict: Verdict | None = None
        """The last placement's verdict: right or not, and the sentence shown."""
        self.message = ""
        """The message on show (plain text, in ``lang``)."""
        self.title = widgets.HTML()
        self.stars_line = widgets.HTML()
        self.counter = widgets.HTML()
        self.rules_line = RuleText()
        self.question = RuleText()
        self.hands_line = widgets.HTML()
        """The other hands the teacher chose to show (a teacher's puzzle), or nothing."""
        self.board = Board(lang=lang)
        self.hints_box = RuleText()
        button = functools.partial(widgets.Button, layout=widgets.Layout(width="auto"))
        self.menu = widgets.Dropdown(layout=widgets.Layout(width="auto"),
                                     style={"description_width": "initial"})
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
            self.question, self.rules_line, self.board, self.hands_line, self.hints_box,
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
        # the board's width on the page (a phone, a turned tablet): its picture drawn to it
        self.board.observe(lambda _: self._show_board(changed_only=True), names="room")
        self.hint_button.on_click(lambda _: self._on_hint())
        self.retry_button.on_click(lambda _: self._on_retry())
        self.show_button.on_click(lambda _: self._on_show())
        self.previous_button.on_click(lambda _: self._on_go(self.index - 1))
        self.next_button.on_click(lambda _: self._on_go(self.index + 1))
        self.start()
        self._reset()

    @classmethod
    def from_file(cls, path: str | os.PathLike[str], *, lang: str = "en",
                  size: float = 560) -> PuzzleWidget:
        """A teacher's puzzle set from its file (:meth:`PuzzleSet.save
        <horserace_nb.teaching.authoring.PuzzleSet.save>`), every puzzle checked again.

        :raises AuthoringError: naming the field of the file at fault.
        """
        return cls(read_puzzle_set(path), lang=lang, size=size)

    @classmethod
    def from_code(cls, code: str, *, lang: str = "en", size: float = 560) -> PuzzleWidget:
        """A teacher's puzzle set from its code (``hrp1.…``, :meth:`PuzzleSet.to_code
        <horserace_nb.teaching.authoring.PuzzleSet.to_code>`).

        :raises AuthoringError: naming the code or the field at fault.
        """
        return cls(puzzle_set_from_code(code), lang=lang, size=size)

    # ------------------------------------------------------------------ state
    @property
    def puzzles(self) -> list[Puzzle]:
        """The puzzles, in menu order."""
        return self.session.puzzles

    @property
    def index(self) -> int:
        """The position of the puzzle on show in :attr:`puzzles`."""
        return self.session.index

    @property
    def progress(self) -> list[Progress]:
        """How each puzzle of :attr:`puzzles` went (kept when moving between puzzles)."""
        return self.session.progress

    @property
    def game(self) -> Game:
        """The position as it stands: the puzzle's, plus the right placements made so far."""
        return self.session.game

    @property
    def steps(self) -> tuple[Place, ...]:
        """The right placements of the turn made so far."""
        return self.session.steps

    @property
    def shown(self) -> bool:
        """The answer is on the board (Show answer)."""
        return self.session.shown

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle on show."""
        return self.session.puzzle

    @property
    def solved(self) -> bool:
        return self.session.solved

    @property
    def stars(self) -> int:
        """The current puzzle's stars (see :class:`~horserace_nb.sessions.puzzle.Progress`)."""
        return self.session.stars

    @property
    def total_stars(self) -> int:
        return self.session.total_stars

    @property
    def max_stars(self) -> int:
        return self.session.max_stars

    @property
    def hints_shown(self) -> list[str]:
        """The hints opened so far for this puzzle, in *lang*, gentle first."""
        return self.session.hints_shown(self.lang)

    @property
    def hints_left(self) -> int:
        return self.session.hints_left

    @property
    def done(self) -> bool:
        """The turn is complete (solved on the board) or the answer is shown: nothing to place."""
        return self.session.done

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
        if not self.session.hint():
            return None
        self._show_hints()
        self._show_stars()
        if self.session.record.revealed:
            self._record()
        return self.hints_shown[-1]

    def try_again(self) -> None:
        """Back to the puzzle's position (hints and stars stay)."""
        self._reset()

    def show_answer(self) -> str:
        """Play the answer on the board and explain it (no stars unless already solved)."""
        self.session.show_answer()
        self._say(self.session.said)
        self._show_titles()
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
        if self.session.record.attempts:
            self._record()  # left after a try: recorded as it stands
        self.session.go(index)
        self._reset()
        return self.puzzle

    def next(self) -> Puzzle:
        """The next puzzle (the first after the last)."""
        return self.go((self.index + 1) % len(self.puzzles))

    def previous(self) -> Puzzle:
        """The previous puzzle (the last before the first)."""
        return self.go((self.index - 1) % len(self.puzzles))

    # ------------------------------------------------------------------ callbacks
    @safe
    def _on_choice(self, choice: Choice) -> None:
        if choice.kind != "place":
            refusal = None if self.done else select_refusal(self.game, choice.tile)
            if refusal is not None:  # a tile that fits nowhere, not in the hand, not the drawn
                self._say(("error", refusal))
            return  # otherwise the board lights the tile's points itself
        if self.done:
            self._say(("info", lambda lang: t("puzzleui.done", lang)))
            return
        ok, note = self.session.judge(Place(choice.tile, choice.on, choice.side))
        self._say(note)
        self.verdict = ok, self.message
        if not ok:
            self.recorder.missed(self.puzzle, self.message)
        elif self.solved and self.done:
            self._record()
        self._show_titles()
        self._show_board()
        self._show_stars()

    def _on_refusal(self, text: Text) -> None:
        self._say(("error", text))

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

    def relocalize(self, lang: str) -> None:
        self.recorder.store.lang = lang
        self._show_all()

    def _record(self) -> None:
        record, puzzle = self.session.record, self.puzzle
        case = puzzle.result_case()  # a puzzle of one's own outside a set is not recorded
        if case is not None:
            self.recorder.finish(puzzle, "puzzle", case, 0, stars=record.stars,
                                 tries=record.attempts, hints=record.hints)

    # ------------------------------------------------------------------ drawing
    def _reset(self) -> None:
        self.session.reset()
        self.verdict = None
        self._say(self.session.said)
        self._show_all()

    def _say(self, note: Note) -> None:
        """Show *note*: the message area writes it again in the new language on a switch."""
        kind, text = note
        self.message = text(self.lang)
        self.messages.tell(text, self.lang, kind=kind)
        self.board.announce(self.message)  # the widget's one live region

    def _title(self, index: int, lang: str) -> str:
        """A puzzle's title once a placement was right or its answer shown, "Puzzle n" before
        (the title names the trick: after a wrong try it would give it away)."""
        if self.progress[index].named:
            return self.puzzles[index].title(lang)
        return t("puzzleui.untitled", lang, n=index + 1)

    def _show_all(self) -> None:
        lang, puzzle = self.lang, self.puzzle
        written = puzzle.text_lang(lang)  # a teacher's puzzle may be in another language
        self.question.value = (f"<div class='hr-question' lang='{esc(written)}' "
                               f"style='line-height:1.45;margin:0.2em 0'>"
                               f"{rule_links(puzzle.question(lang), lang)}</div>")
        hands = puzzle.shown_hands(lang) if isinstance(puzzle, TeacherPuzzle) else []
        self.hands_line.value = "".join(f"<div class='hr-shown-hand'>{esc(line)}</div>"
                                        for line in hands)
        self._show_titles()
        self.counter.value = esc(t("puzzleui.counter", lang, n=self.index + 1,
                                   total=len(self.puzzles)))
        self.menu.description = t("puzzleui.menu", lang)
        self.previous_button.description = t("puzzleui.previous", lang)
        self.next_button.description = t("puzzleui.next", lang)
        self.retry_button.description = t("puzzleui.try_again", lang)
        self.show_button.description = t("puzzleui.show_answer", lang)
        if self.messages.notes:
            self.message = self.messages.notes[-1][1](lang)
        self._show_hints()
        self._show_board()
        self._show_stars()

    def _show_titles(self) -> None:
        """The title, the rules line and the menu: titles and rules only of puzzles tried."""
        lang, puzzle = self.lang, self.puzzle
        self.title.value = f"<b style='font-size:1.15em'>{esc(self._title(self.index, lang))}</b>"
        rules = ", ".join(puzzle.rules)
        self.rules_line.value = "" if not self.session.titled else (
            f"<div class='hr-muted' style='font-size:0.9em'>"
            f"{rule_links(t('puzzleui.rules', lang, rules=rules), lang)}</div>")
        options = [(self._title(i, lang), p.key) for i, p in enumerate(self.puzzles)]
        if list(self.menu.options) != options or self.menu.value != puzzle.key:
            self._menu_quiet = True
            try:
                self.menu.options = options
                self.menu.value = puzzle.key
            finally:
                self._menu_quiet = False

    def _show_hints(self) -> None:
        lang, left = self.lang, self.hints_left
        shown = self.hints_shown
        written = self.puzzle.text_lang(lang)  # the teacher's hints; the answer is in lang
        marks = [written] * (self.puzzle.hint_count - 1) + [lang]
        self.hints_box.value = "" if not shown else (
            "<ol class='hr-hints' style='line-height:1.45;margin:0.3em 0;padding-left:1.6em'>"
            + "".join(f"<li lang='{esc(mark)}'>{rule_links(h, lang)}</li>"
                      for h, mark in zip(shown, marks, strict=False)) + "</ol>")
        self.hint_button.description = (t("puzzleui.hint", lang, left=left) if left
                                        else t("puzzleui.no_hints", lang))
        self.hint_button.disabled = not left

    @safe
    def _show_board(self, *, changed_only: bool = False) -> None:
        """Show the position (*changed_only*: only if its picture is not the one shown: a
        room that changes nothing brings no new picture, and no tap goes stale)."""
        from ..render.svg import game_svg, hand_strip

        lang, game, seat = self.lang, self.game, self.puzzle.seat
        done = self.done
        svg = str(game_svg(game, seat=seat, lang=lang, size=self.size, interactive=not done,
                           highlight=self.steps[-1].tile if self.steps else None,
                           own_hand=done, room=self.board.room or None))
        if changed_only and svg == self.board.svg:
            return
        self.board.readonly = done
        moves = board_moves(None if done else game, lang, preview=False)
        pending = game.pending
        self.board.show(svg, moves, "" if done or pending is None else str(pending),
                        hand="" if done else hand_strip(game, seat=seat, lang=lang))

    def _show_stars(self) -> None:
        self.stars_line.value = stars_html(self.stars, t(
            "exercise.stars", self.lang, stars=self.total_stars, max=self.max_stars))
