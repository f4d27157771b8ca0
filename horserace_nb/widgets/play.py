"""Play a match of Horse Race to 61 against the computer, on the board itself.

:class:`PlayWidget` is a ``VBox``: a :class:`~horserace_nb.widgets.board.Board` (click or key a
tile of your hand, its legal points light up with a preview of the sum, click a point to place),
the Draw, Pass, Hint and Undo buttons, the computer's next move, the scores, the moves of the hand,
the settlement with "Review this hand" (once the match is over "Review this game": a
:class:`~horserace_nb.widgets.review.ReviewWidget` below it) and a New game row. The play logic
lives in :class:`~horserace_nb.sessions.play.PlayController` (no widgets); this module only
wires the controls to it and draws what it says.

>>> from horserace_nb import Game
>>> w = PlayWidget(Game(hands=[["[1|4]", "[2|3]"], ["[5|6]"]], boneyard=["[0|0]"], leader=0))
>>> sorted(w.board.moves)
['[1|4]', '[2|3]']
>>> [p["label"] for p in w.board.moves["[1|4]"]["points"]]
['open with [1|4]']
>>> w.board.receive({"kind": "place", "tile": "[1|4]", "on": None, "side": None,
...                  "rev": w.board.revision})
>>> w.game.scores, w.game.to_play            # 1 + 4 = 5 scores 1 point and plays again (R17)
([1, 0], 0)

Two learners at one screen (pass and play): only the hand of the player to move is sent to the
board, after they press "I am Player 2 — show my tiles".

>>> w = PlayWidget(pass_and_play=True, players=2, seed=4)
>>> w.board.hand, w.board.moves, w.reveal_button.description
('', {}, 'I am Player 1 — show my tiles')
>>> w.reveal_button.click()
>>> w.board.hand.count("data-tile="), w.controller.viewer
(7, 0)

Call it first (``call_first=True``, or the *Call it first* check box): no preview of the sum on
the board; a lit point clicked asks for the end total after the placement, or whether it scores,
before the tile is placed; the call is judged naming R13 and R15 and recorded like an item
(kind ``call``).

>>> w = PlayWidget(Game(hands=[["[1|4]", "[2|3]"], ["[5|6]"]], boneyard=["[0|0]"], leader=0),
...                call_first=True)
>>> w.place("[1|4]"); w.call_box.layout.display, w.game.layout.is_empty
('', True)
>>> w.call(5); w.game.scores, w.controller.calls[-1].right
([1, 0], True)
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..core import validate
from ..core.actions import Draw, Pass, Place
from ..core.game import Game
from ..sessions.play import (
    CALL_RULES,
    LEVELS,
    MATCHES,
    MAX_CALL,
    MODES,
    Bot,
    Note,
    PlayController,
    Text,
    check_level,
    check_match,
)
from ..teaching.exercises import MAX_STARS, Feedback
from ..teaching.review import DEFAULT_ROLLOUTS
from ..words import narration
from ..words.i18n import check_lang, side_name, t
from ..words.names import list_text, sentences
from .base import View, replace_children, running_loop
from .board import Board, Choice
from .common import esc, rule_links, safe
from .puzzle_here import PuzzleHere
from .store import Recorder
from .text import RuleText

if TYPE_CHECKING:  # imported on first use: a first board needs no review (issue 21)
    from .review import ReviewWidget

__all__ = ["PlayWidget", "MODES", "LEVELS"]

class PlayWidget(View):
    """Play a match of Horse Race against the computer, or with two to four people at one
    screen (any mode: 2, 3, 4 players or partners).

    :param game: the :class:`Game` to play (any state); ``None`` deals a new game of *players*
        (2 by default) with *seed* (``None``: a random one, shown, so a class can all play the
        same deal; in pass and play shown only once the match is over, as the seed would
        show every hand).
    :param human: the seat, or list of seats, played on the board; ``[]`` for a computer-only
        demonstration.
    :param bots: seat → computer player (``bot(game.view(seat)) -> action``); every other
        non-human seat gets the computer player of *level*.
    :param level: the computer's level: ``"beginner"`` (random legal moves), ``"medium"`` (the
        best immediate score, the default) or ``"strong"`` (a search of sampled deals); the
        menu beside *New game* changes it from the next game.
    :param pass_and_play: two to four learners at one screen, every seat a person (*human* is
        not used, *bots* cannot be given): only the hand of the player to move is face up;
        between two players' turns every hand is hidden until the next one presses "I am
        Player 2 — show my tiles". The checkbox beside *New game* changes it from the next game.
    :param players: the number of players of the game dealt when *game* is ``None`` (2 to 4;
        with *partners*, 4 in two partnerships, R2).
    :param partners: with ``players=4``: partners sit opposite (R2).
    :param seed: the seed of the game dealt when *game* is ``None``: a whole number from 0 to
        :data:`~horserace_nb.core.validate.MAX_SEED` (2**53 - 1, the largest a browser keeps
        exactly; the *New game* box takes the same).
    :param learn: keep *Draw* and *Pass* enabled while a tile fits: pressing them is refused
        with a sentence naming R16 and the tile that fits (lit on the board); nothing changes.
    :param lang: "en", "ko" or "ja" (also settable later: ``w.lang = "ko"``).
    :param names: one name per seat (shown as text, never as markup).
    :param size: the largest width of the board picture, in pixels.
    :param switch: show the widget's own language switch (a page with one switch for
        everything sets ``False``).
    :param match: the match length, a teaching choice: ``"61"`` (the rules), ``"31"`` or
        ``"hand"`` (one hand); the menu beside *New game* offers the same. ``None``: the
        target of *game* (61 for a new one).
    :param projector: projector mode (:attr:`~horserace_nb.widgets.base.View.projector`).
    :param call_first: call it first (R13, R15 practised in play): no preview of a placement's
        sum; before a placement is made the learner types the end total after it, or says
        whether it scores, and hears whether that was right; each call is recorded like an
        item (kind ``call``). The *Call it first* check box turns it on and off at once.
    """

    def __init__(self, game: Game | None = None, *, human: int | Sequence[int] | None = 0,
                 bots: Mapping[int, Bot] | None = None, lang: str = "en",
                 names: Sequence[str] | None = None, size: float = 720,
                 switch: bool = True, match: str | None = None, level: str = "medium",
                 pass_and_play: bool = False, players: int | None = None,
                 partners: bool = False, seed: int | None = None,
                 learn: bool = False, projector: bool = False,
                 call_first: bool = False) -> None:
        check_lang(lang)  # every argument is checked before any widget is made
        projector = validate.flag(projector, "projector")
        if match is not None:
            match = check_match(match)
        level = check_level(level)
        if game is None:
            game = Game(players=_check_players(2 if players is None else players, partners),
                        partners=partners, seed=seed,
                        target=None if match is None else MATCHES[match])
        if not isinstance(game, Game):
            raise ValueError(f"game: play a Game, not {type(game).__name__}")
        if (players is not None and players != game.players) or (partners and not game.partners):
            raise ValueError(f"players={players!r}, partners={partners!r}: the game given has "
                             f"{game.players} players{' in partnerships' if game.partners else ''}"
                             "; give one or the other")
        if seed is not None and seed != game.seed:
            raise ValueError(f"seed {seed!r}: the game given was dealt with seed {game.seed!r}; "
                             "give one or the other")
        if match is not None and game.target != MATCHES[match]:
            raise ValueError(f"match {match!r} plays to {MATCHES[match]}, but the game given "
                             f"plays to {game.target} (R26)")
        self.controller = PlayController(game, human=human, bots=bots, names=names, level=level,
                                         pass_and_play=pass_and_play, learn=learn,
                                         call_first=call_first)
        self.controller.match = match
        self.size = validate.size(size)
        """The largest width of the board picture, in pixels."""
        self.auto_delay = 0.9
        """Seconds between computer moves in automatic play."""
        self.review_rollouts = DEFAULT_ROLLOUTS
        """Sampled deals per decision in a review (fewer: faster, noisier)."""
        self._timer: asyncio.TimerHandle | None = None
        self._shown_notes: list[Note] | None = None
        self._mode_choice = PlayController.mode_key(game)
        self._level_choice = level
        self._level_quiet = False
        self._calls_recorded = 0
        super().__init__(lang=lang, switch=switch)
        self.projector = projector
        self._build(lang)
        self.start()
        self.controller.start_notes(new_game=False)
        self._after()

    # ------------------------------------------------------------------ building
    def _build(self, lang: str) -> None:
        def button(**options: Any) -> widgets.Button:
            # each button its own Layout: a shared one would hide every button with one
            return widgets.Button(layout=widgets.Layout(width="auto"), **options)

        self.title = widgets.HTML()
        self.scoreboard = RuleText()
        self.scoreboard.add_class("hr-scoreboard")
        self.status = widgets.HTML()
        self.board = Board(lang=lang)
        self.draw_button = button()
        self.pass_button = button()
        self.hint_button = button(icon="lightbulb-o")
        self.undo_button = button(icon="undo")
        self.auto_draw = widgets.Checkbox(value=False, indent=False)
        self.practice = widgets.Checkbox(value=True, indent=False)
        self.call_first_box = widgets.Checkbox(value=self.controller.call_first, indent=False)
        self.call_total = widgets.BoundedIntText(value=0, min=0, max=MAX_CALL,
                                                 style={"description_width": "initial"},
                                                 layout=widgets.Layout(width="12em"))
        self.call_button = button(button_style="primary", icon="check")
        self.call_yes = button()
        self.call_no = button()
        self.call_cancel = button(icon="times")
        self.call_box = widgets.VBox([
            widgets.HBox([self.call_total, self.call_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.call_yes, self.call_no, self.call_cancel],
                         layout=widgets.Layout(flex_flow="row wrap"))])
        self.call_box.add_class("hr-call")
        self.next_button = button(icon="step-forward", button_style="primary")
        self.auto_play = widgets.Checkbox(value=False, indent=False)
        self.next_hand_button = button(icon="forward", button_style="success")
        self.settlement_html = RuleText()
        self.moves_log = RuleText()
        self.moves_log.add_class("hr-moves")
        self.review_button = button(icon="search")
        self.review_box = widgets.VBox([])
        self.review_box.add_class("hr-play-review")
        self.review: ReviewWidget | None = None
        self.puzzle_here = PuzzleHere(lambda: self.controller.game.copy(), lang=lang)
        """"Make a puzzle from here": a teacher's puzzle at the position on the board."""
        """The review open below the settlement ("Review this hand" / "Review this game")."""
        self._review_key: tuple[Any, ...] | None = None
        self.settlement = widgets.VBox([
            self.settlement_html,
            widgets.HBox([self.next_hand_button, self.review_button],
                         layout=widgets.Layout(flex_flow="row wrap"))])
        self.settlement.add_class("hr-settlement")
        self.mode_dropdown = widgets.Dropdown(options=[("2", "2")], value="2",
                                              style={"description_width": "initial"})
        self.seed_text = widgets.Text(value="", style={"description_width": "initial"},
                                      layout=widgets.Layout(width="16em"))
        self.new_game_button = button(icon="refresh")
        self.match_dropdown = widgets.Dropdown(options=[("61", "61")], value="61",
                                               style={"description_width": "initial"})
        self.match_note = RuleText()
        self.level_dropdown = widgets.Dropdown(options=[(key, key) for key in LEVELS],
                                               value=self._level_choice,
                                               style={"description_width": "initial"})
        self.pass_and_play_box = widgets.Checkbox(value=self.controller.pass_and_play,
                                                  indent=False)
        self.level_info = widgets.HTML()
        self.seed_info = widgets.HTML()
        self.cover_html = widgets.HTML()
        self.reveal_button = button(icon="eye", button_style="primary")
        self.cover_box = widgets.VBox([self.cover_html, self.reveal_button])
        self.cover_box.add_class("hr-cover")
        self.human_box = widgets.VBox([
            widgets.HBox([self.draw_button, self.pass_button, self.hint_button,
                          self.undo_button], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.auto_draw, self.practice, self.call_first_box],
                         layout=widgets.Layout(flex_flow="row wrap")),
        ])
        self.computer_box = widgets.HBox([self.next_button, self.auto_play])
        self.recorder = Recorder(lang=lang)
        """Records each finished hand or match in the learner's browser (issue 20)."""
        self.setup_box = widgets.VBox([
            widgets.HBox([self.mode_dropdown, self.match_dropdown, self.seed_text,
                           self.new_game_button], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.level_dropdown, self.pass_and_play_box],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.level_info, self.seed_info,
        ])
        self.children = [
            widgets.HBox([self.title, self.lang_switch],
                         layout=widgets.Layout(justify_content="space-between",
                                               flex_flow="row wrap")),
            self.match_note, self.scoreboard, self.status, self.board, self.call_box,
            self.cover_box, self.human_box,
            self.computer_box, self.messages.box, self.moves_log, self.settlement,
            self.review_box, self.setup_box, self.puzzle_here, self.recorder.store,
        ]
        self.add_class("hr-play")
        self.board.on_choice(self._on_choice)
        self.board.on_refusal(self._on_refusal)
        # the board's width on the page (a phone, a turned tablet): its picture drawn to it
        self.board.observe(self._on_room, names="room")
        self.draw_button.on_click(lambda _: self._on_draw())
        self.pass_button.on_click(lambda _: self._on_pass())
        self.hint_button.on_click(lambda _: self._on_hint())
        self.undo_button.on_click(lambda _: self._on_undo())
        self.next_button.on_click(lambda _: self._on_next())
        self.next_hand_button.on_click(lambda _: self._on_next_hand())
        self.new_game_button.on_click(lambda _: self._on_new_game())
        self.review_button.on_click(lambda _: self._on_review())
        self.reveal_button.on_click(lambda _: self._on_reveal())
        self.level_dropdown.observe(self._on_level, names="value")
        self.pass_and_play_box.observe(self._on_pass_and_play, names="value")
        self.auto_draw.observe(self._on_auto_draw, names="value")
        self.auto_play.observe(self._on_auto_play, names="value")
        self.practice.observe(self._on_practice, names="value")
        self.call_first_box.observe(self._on_call_first, names="value")
        self.call_button.on_click(lambda _: self._on_call(None))
        self.call_yes.on_click(lambda _: self._on_call(True))
        self.call_no.on_click(lambda _: self._on_call(False))
        self.call_cancel.on_click(lambda _: self._on_call_cancel())

    # ------------------------------------------------------------------ public state
    @property
    def game(self) -> Game:
        """The game being played (replaced by undo and new game)."""
        return self.controller.game

    @game.setter
    def game(self, game: Game) -> None:
        self._stop_timer()
        self.controller.install(game)
        self._mode_choice = PlayController.mode_key(game)
        self.mode_dropdown.value = self._mode_choice
        self.controller.start_notes(new_game=True)
        self._after()

    @property
    def human(self) -> list[int]:
        """The seats played on the board."""
        return self.controller.human

    @property
    def bots(self) -> dict[int, Bot]:
        """Seat → computer player."""
        return self.controller.bots

    def name(self, seat: int, lang: str | None = None) -> str:
        """The name of *seat* (the given name, or "Seat n" in *lang*)."""
        return self.controller.name(seat, lang or self.lang)

    def _side_name(self, side: int, lang: str, *, tagged: bool = False) -> str:
        return self.controller.side_name(side, lang, tagged=tagged)

    def relocalize(self, lang: str) -> None:
        self.recorder.store.lang = lang
        self.puzzle_here.lang = lang
        self._refresh()

    def stop(self) -> None:
        self._stop_timer()

    # ------------------------------------------------------------------ wiring
    def _after(self) -> None:
        """Show the new board first (what the learner waits for), then what the controller
        said and the other controls; schedule the next automatic move."""
        if self.started:
            self._show_board(self.lang)
        notes = self.controller.notes
        if notes is not self._shown_notes:
            self._shown_notes = notes
            self.messages.show(notes, self.lang)
            # the widget's one live region says each event once (the message lines are silent)
            self.board.announce(sentences([text(self.lang) for _, text in notes], self.lang))
        self._refresh(board=False)
        self._schedule()

    @safe
    def _on_room(self, _change: Any) -> None:
        if self.started:  # (a room that changes nothing: no new picture, no stale taps)
            self._show_board(self.lang, changed_only=True)

    def _on_choice(self, choice: Choice) -> None:
        if choice.kind == "select":
            self.controller.select(choice.tile)
            notes = self.controller.notes
            if notes is not self._shown_notes:
                self._shown_notes = notes
                self.messages.show(notes, self.lang)
            self._refresh(board=False)  # the board lit the points itself
            return
        self.controller.place(Place(choice.tile, choice.on, choice.side))
        self._after()

    def _on_refusal(self, text: Text) -> None:
        self.controller.refuse(text)
        self._after()

    def select(self, tile: str) -> None:
        """Choose *tile* of the hand as a click on it would (its points are in
        ``board.moves``)."""
        self.board.receive({"kind": "select", "tile": tile, "rev": self.board.revision})

    def place(self, tile: str, on: str | None = None, side: str | None = None) -> None:
        """Place *tile* as a click on its lit point would."""
        self.board.receive({"kind": "place", "tile": tile, "on": on, "side": side,
                            "rev": self.board.revision})

    def call(self, value: int | bool) -> None:
        """Call it first: say the end total after the placement waiting for a call (a whole
        number), or whether it scores (``True``/``False``), as the call box's buttons do."""
        self.controller.call(value)
        self._after()

    @safe
    def _on_call(self, scores: bool | None) -> None:
        self.call(self.call_total.value if scores is None else scores)

    @safe
    def _on_call_cancel(self) -> None:
        self.controller.cancel_call()
        self._after()

    @safe
    def _on_call_first(self, change: Any) -> None:
        """The check box: call it first from now on (the board's previews go or come back)."""
        self.controller.call_first = bool(change["new"])
        if not change["new"]:
            self.controller.calling = None
        if self.started:
            self._show_board(self.lang)
        self._refresh(board=False)

    def _record_calls(self) -> None:
        """Each call made since the last look, recorded once like an item (kind ``call``,
        case ``total`` or ``score``): 3 stars when right, none when not, with R13 and R15."""
        calls = self.controller.calls
        if not hasattr(self, "recorder") or self.controller.pass_and_play:
            self._calls_recorded = len(calls)  # (pass and play: no one learner's record)
            return
        for index in range(self._calls_recorded, len(calls)):
            made = calls[index]
            item = made
            if not made.right:
                self.recorder.tried(item, Feedback(False, "", CALL_RULES))
            self.recorder.finish(item, "call", made.case, self.game.seed or 0,
                                 stars=MAX_STARS if made.right else 0, tries=1)
        self._calls_recorded = len(calls)

    @safe
    def _on_draw(self) -> None:
        self.controller.draw()
        self._after()

    @safe
    def _on_pass(self) -> None:
        self.controller.pass_turn()
        self._after()

    @safe
    def _on_hint(self) -> None:
        self.controller.hint(self.lang)
        self._after()

    @safe
    def _on_undo(self) -> None:
        self._stop_timer()
        self.controller.undo()
        self._after()

    @safe
    def _on_practice(self, change: Any) -> None:
        self.controller.practice = bool(change["new"])
        self._refresh()

    @safe
    def _on_next(self) -> None:
        self._stop_timer()
        if not self.controller.computer_move():
            self.auto_play.value = False
        self._after()

    @safe
    def _on_next_hand(self) -> None:
        self.controller.next_hand()
        self._after()

    @safe
    def _on_new_game(self) -> None:
        self._stop_timer()
        if self.controller.new_game(self.mode_dropdown.value, self.seed_text.value,
                                    self.match_dropdown.value, level=self.level_dropdown.value,
                                    pass_and_play=self.pass_and_play_box.value):
            self._mode_choice = PlayController.mode_key(self.game)
            self.mode_dropdown.value = self._mode_choice
            if not self.controller.seed_shown:
                self.seed_text.value = ""  # the seed typed, read by the next player, shows all
            self.close_review()
        self._after()

    @safe
    def _on_reveal(self) -> None:
        self.controller.reveal()
        self._after()

    @property
    def level(self) -> str:
        """The computer's level in this game (the menu's choice applies from the next)."""
        return self.controller.level

    @safe
    def _on_level(self, change: Any) -> None:
        if self._level_quiet or change["new"] is None:
            return
        self._level_choice = change["new"]
        self._say_next_game()

    @safe
    def _on_pass_and_play(self, change: Any) -> None:
        self._refresh_setup(self.lang)
        self._say_next_game()

    def _say_next_game(self) -> None:
        """A choice of the new-game row: said (and announced) to apply from the next game."""
        ctrl = self.controller
        chosen, together = self._level_choice, bool(self.pass_and_play_box.value)
        if together != ctrl.pass_and_play:
            key = "play.pass_and_play_next" if together else "play.computer_next"
            note: Note = ("info", lambda lang: t(key, lang, button=t("play.new_game", lang)))
        elif chosen != ctrl.level and not together:
            current = ctrl.level
            note = ("info", lambda lang: t(
                "play.level_next", lang, level=t(f"play.level_{chosen}", lang),
                current=t(f"play.level_{current}", lang), button=t("play.new_game", lang)))
        else:
            note = ("info", lambda lang: t("play.setup_same", lang))
        ctrl.say(note)
        self._after()

    # ------------------------------------------------------------------ automatic play
    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _schedule(self) -> None:
        if (not self.auto_play.value or not self.controller.computer_turn()
                or self._timer is not None):
            return
        loop = running_loop()
        if loop is None:
            self.auto_play.value = False
            self.messages.show([("error", lambda lang: t("play.auto_no_loop", lang,
                                                         button=t("play.next", lang)))],
                               self.lang)
            return
        self._timer = loop.call_later(self.auto_delay, self._auto_step, self.controller.epoch)

    def _auto_step(self, epoch: int) -> None:
        self._timer = None
        if (epoch != self.controller.epoch or not self.auto_play.value
                or not self.controller.computer_turn()):
            return
        self._auto_move()

    @safe
    def _auto_move(self) -> None:
        if not self.controller.computer_move():
            self.auto_play.value = False
        self._after()

    @safe
    def _on_auto_play(self, change: Any) -> None:
        if change["new"]:
            self._schedule()
        else:
            self._stop_timer()

    @safe
    def _on_auto_draw(self, change: Any) -> None:
        self.controller.auto_draw = bool(change["new"])
        if change["new"] and self.controller.human_turn():
            self.controller.after_change([])
            self._after()

    # ------------------------------------------------------------------ drawing
    def _refresh(self, *, board: bool = True) -> None:
        """Bring every control in line with the game and the language."""
        if not self.started:
            return
        lang = self.lang
        ctrl = self.controller
        game = ctrl.game
        human_turn = ctrl.human_turn()
        computer_turn = ctrl.computer_turn()

        # a one-hand match does not say "the first to 61 wins": its hand is the whole match
        title = t("play.title_hand", lang) if ctrl.match == "hand" else t(
            "play.title", lang, target=game.target)
        self.title.value = f"<h3 class='hr-title'>{esc(title)}</h3>"
        self.draw_button.description = t("play.draw", lang)
        self.pass_button.description = t("play.pass", lang)
        self.hint_button.description = t("play.hint", lang)
        self.undo_button.description = t("play.undo", lang)
        self.call_first_box.description = t("play.call_first", lang)
        self.call_total.description = t("play.call_total", lang)
        self.call_button.description = t("play.call_button", lang)
        self.call_yes.description = t("play.call_yes", lang)
        self.call_no.description = t("play.call_no", lang)
        self.call_cancel.description = t("play.call_cancel", lang)
        self.auto_draw.description = t("play.auto_draw", lang)
        self.practice.description = t("play.practice", lang)
        self.next_button.description = t("play.next", lang)
        self.auto_play.description = t("play.auto_play", lang)
        self.next_hand_button.description = t("play.next_hand", lang)
        self.new_game_button.description = t("play.new_game", lang)
        self.mode_dropdown.description = t("play.mode", lang)
        options = [(t(f"play.mode_{key}", lang), key) for key in MODES]
        if list(self.mode_dropdown.options) != options:
            chosen = self._mode_choice or PlayController.mode_key(game)
            self.mode_dropdown.options = options
            self.mode_dropdown.value = chosen
        self._mode_choice = self.mode_dropdown.value
        self._label_match(lang)
        self.seed_text.description = t("play.seed", lang)
        self.seed_text.placeholder = t("play.seed_placeholder", lang)
        seed_info = (t("play.seed_info", lang, seed=game.seed) if ctrl.seed_shown
                     else t("play.seed_hidden", lang))
        self.seed_info.value = f"<small class='hr-seed'>{esc(seed_info)}</small>"

        self.scoreboard.value = self._scoreboard_html(lang)
        self.status.value = (f"<div class='hr-status'><b>"
                             f"{esc(ctrl.status_text(lang))}</b></div>")
        if board:
            self._show_board(lang)

        legal = ctrl.legal()
        trying = ctrl.learn and human_turn  # R16 practised: the refusal is the lesson
        self.draw_button.disabled = not trying and not any(isinstance(a, Draw) for a in legal)
        self.pass_button.disabled = not trying and not any(isinstance(a, Pass) for a in legal)
        self.hint_button.disabled = not human_turn
        self.undo_button.disabled = not ctrl.practice or ctrl.undo_point() is None
        self.next_button.disabled = not computer_turn
        self.next_hand_button.disabled = (not game.hand_over or game.game_over
                                          or ctrl.match_over)
        self.next_hand_button.layout.display = ("none" if game.game_over or ctrl.match_over
                                                else "")
        self.settlement_html.value = self._settlement_html(lang) if game.hand_over else ""
        self.moves_log.value = self._moves_html(lang)
        self.settlement.layout.display = "" if game.hand_over else "none"
        self.human_box.layout.display = "" if ctrl.human and not ctrl.covered else "none"
        self.cover_box.layout.display = "" if ctrl.covered else "none"
        if ctrl.covered:
            name = self.name(game.to_play, lang)
            self.cover_html.value = (
                f"<div class='hr-cover-text' lang='{esc(lang)}'>"
                f"<h4>{esc(t('play.cover_title', lang, name=name))}</h4>"
                f"<p>{esc(t('play.cover_text', lang, name=name))}</p></div>")
        else:
            self.cover_html.value = ""
        self.reveal_button.description = ctrl.reveal_label(lang)
        self.reveal_button.disabled = not ctrl.covered
        self._refresh_setup(lang)
        self.computer_box.layout.display = ("" if len(ctrl.human) < game.players else "none")
        self._refresh_review(lang)
        calling = ctrl.calling is not None and human_turn
        self.call_box.layout.display = "" if calling else "none"
        self._record_calls()
        self._record()

    def _record(self, lost: int | None = None) -> None:
        """A finished hand or match against the computer, recorded in the learner's browser
        (issue 20); the review's points lost are added when the learner opens the review."""
        scope = self.controller.review_scope()
        if scope is None or not hasattr(self, "recorder") or self.controller.pass_and_play:
            return  # (pass and play: no one's record against the computer)
        game, seat = self.game, scope[0]
        self.recorder.game(
            (self.controller.epoch, game.hand_number), "hand" if scope[1] else "match",
            f"{game.players}p" + ("-teams" if game.partners else ""), game.seed or 0,
            points=game.scores[game.side_of(seat)], lost=lost)

    # ------------------------------------------------------------------ review
    def _review_now(self) -> tuple[Any, ...] | None:
        scope = self.controller.review_scope()
        if scope is None:
            return None
        return (self.controller.epoch, self.game.action_count, *scope)

    def open_review(self) -> ReviewWidget | None:
        """What "Review this hand" (or, once the match is over, "Review this game") does: show
        the person's decisions below the settlement in a :class:`ReviewWidget` (``None`` if no
        review is offered now). Computed once; closed by its Close button or when play goes
        on."""
        key = self._review_now()
        if key is None:
            return None
        if self.review is not None and key == self._review_key:
            return self.review
        self.close_review()
        from .review import ReviewWidget

        seat, hand = key[2], key[3]
        self.review = ReviewWidget(self.game, seat, lang=self.lang, hand=hand, size=self.size,
                                   rollouts=self.review_rollouts,
                                   names=self.controller.given_names, switch=False,
                                   closable=True)
        self._review_key = key
        self.review.on_dismiss(lambda _: self.close_review())
        self.review.status.observe(lambda _: self._record_review(), names="value")
        self._record_review()
        replace_children(self.review_box, [self.review])
        return self.review

    def _record_review(self) -> None:
        if self.review is not None and self.review.ready:
            self._record(lost=round(self.review.summary.lost))

    def close_review(self) -> None:
        """Close the review, if one is open."""
        self.review, self._review_key = None, None
        replace_children(self.review_box, [])

    @safe
    def _on_review(self) -> None:
        self.open_review()

    def _refresh_review(self, lang: str) -> None:
        key = self._review_now()
        if self.review is not None and key != self._review_key:
            self.close_review()  # play went on: that review is about another position
        whole = key is not None and key[3] is None
        self.review_button.description = t(
            "reviewui.review_game" if whole else "reviewui.review_hand", lang)
        self.review_button.disabled = key is None
        self.review_button.layout.display = "" if self.controller.human else "none"
        if self.review is not None:
            self.review.lang = lang

    def _refresh_setup(self, lang: str) -> None:
        """The level menu and the pass-and-play box, in *lang*, their choices kept."""
        ctrl = self.controller
        options = [(t(f"play.level_{key}", lang), key) for key in LEVELS]
        if list(self.level_dropdown.options) != options:
            self._level_quiet = True  # new labels for the same levels: nothing to say
            try:
                self.level_dropdown.options = options
                self.level_dropdown.value = self._level_choice
            finally:
                self._level_quiet = False
        self.level_dropdown.description = t("play.level", lang)
        self.level_dropdown.disabled = bool(self.pass_and_play_box.value)
        self.pass_and_play_box.description = t("play.pass_and_play", lang)
        if ctrl.pass_and_play:
            info = t("play.pass_and_play_on", lang)
        elif len(ctrl.human) < self.game.players:
            info = t("play.level_now", lang, level=t(f"play.level_{ctrl.level}", lang))
        else:
            info = ""
        self.level_info.value = f"<small class='hr-level'>{esc(info)}</small>" if info else ""

    def _label_match(self, lang: str) -> None:
        """The match menu and the teaching-variant note (the rules say 61, R26)."""
        ctrl = self.controller
        options = [(t(f"match.{key}", lang), key) for key in MATCHES]
        chosen = ctrl.match or ("31" if ctrl.game.target == MATCHES["31"] else "61")
        if list(self.match_dropdown.options) != options:
            self.match_dropdown.options = options
            self.match_dropdown.value = chosen
        self.match_dropdown.description = t("match.label", lang)
        variant = ctrl.match if ctrl.match in ("31", "hand") else (
            "31" if ctrl.match is None and ctrl.game.target == MATCHES["31"] else None)
        if variant is None:
            self.match_note.value = ""
        else:
            note = t("match.variant_note", lang, length=t(f"match.short_{variant}", lang))
            self.match_note.value = f"<div class='hr-variant'><i>{rule_links(note, lang)}</i></div>"

    def _show_board(self, lang: str, *, changed_only: bool = False) -> None:
        from ..render.svg import game_svg, hand_strip

        ctrl = self.controller
        game = ctrl.game
        hand = ""
        try:
            # covered (pass and play between turns): no tile of any hand leaves the kernel
            svg = str(game_svg(game, seat=ctrl.viewer, lang=lang, names=ctrl.names(lang),
                               size=self.size, interactive=True, own_hand=False,
                               covered=ctrl.covered, room=self.board.room or None))
            if not ctrl.covered:
                hand = hand_strip(game, seat=ctrl.viewer, lang=lang, names=ctrl.names(lang))
        except Exception:  # noqa: BLE001 - the game goes on; the text alternative stands in
            self.messages.log.append_stdout(traceback.format_exc())
            svg = f"<pre class='hr-board-text'>{esc(game.layout.describe(lang))}</pre>"
        if changed_only and svg == self.board.svg:
            return
        chosen = (game.pending or ctrl.marked) if ctrl.human_turn() else None
        self.board.show(svg, ctrl.moves(lang), "" if chosen is None else str(chosen),
                        hand=hand)

    def _moves_html(self, lang: str) -> str:
        """Every move of the current hand as it was announced, the latest first."""
        game = self.game
        events = [e for e in game.history if e.hand == game.hand_number]
        if not events:
            return ""
        items = "".join(
            f"<li>{rule_links(sentences(self.controller.event_lines(e, lang), lang), lang)}</li>"
            for e in reversed(events))
        title = esc(t("play.moves_title", lang, hand=game.hand_number, count=len(events)))
        return (f"<div class='hr-moves-log' style='font-size:0.85em'><b>{title}</b>"
                f"<ol reversed style='max-height:10em;overflow:auto;margin:0.2em 0'>{items}</ol>"
                "</div>")

    def _scoreboard_html(self, lang: str) -> str:
        game = self.game
        target = game.target
        to_play = None if game.hand_over else game.side_of(game.to_play)
        winners = game.winners or []
        rows = []
        for side, points in enumerate(game.scores):
            mark = "★ " if side in winners else "▶ " if side == to_play else ""
            label = esc(mark + self._side_name(side, lang, tagged=True))
            if game.partners:
                seats = esc(t("play.team_seats", lang, a=side + 1, b=side + 3))
                label += f"<br><small>{seats}</small>"
            share = min(100, round(100 * points / target)) if target else 100
            bar = f"<div class='hr-bar'><div style='width:{share}%'></div></div>"
            score = esc(t("play.score_of", lang, points=points, target=target))
            rows.append(f"<tr data-side='{side}'><td style='padding-right:1em'>{label}</td>"
                        f"<td style='padding-right:1em;text-align:right'><b>{score}</b></td>"
                        f"<td>{bar}</td></tr>")
        caption = rule_links(t("play.scoreboard", lang, target=target), lang)
        return (f"<div class='hr-scores'><small>{caption}</small>"
                f"<table>{''.join(rows)}</table></div>")

    def _settlement_html(self, lang: str) -> str:
        game = self.game
        result = game.hand_result
        parts = [f"<h4>{esc(t('play.settle_title', lang, hand=game.hand_number))}</h4>"]
        last = game.history[-1] if game.history else None

        def para(text: str) -> None:
            parts.append(f"<p>{rule_links(text, lang)}</p>")

        if result is None:
            para(t("play.settle_none", lang))
        else:
            said = narration.settlement(result, lang, self.controller.names(lang))
            para(said.reason)
            hands = game.hands
            head = "".join(f"<th style='text-align:left;padding-right:1em'>{esc(t(k, lang))}"
                           "</th>" for k in ("play.col_player", "play.col_tiles", "play.col_pips"))
            rows = []
            for seat, pips in enumerate(result.pips):
                tiles = " ".join(str(x) for x in hands[seat]) or t("describe.none", lang)
                rows.append(f"<tr><td style='padding-right:1em'>{esc(self.name(seat, lang))}</td>"
                            f"<td style='padding-right:1em'>{esc(tiles)}</td>"
                            f"<td style='text-align:right'>{pips}</td></tr>")
            parts.append(f"<table class='hr-pips'><tr>{head}</tr>{''.join(rows)}</table>")
            for line in [*said.team_totals, said.tie]:
                if line:
                    para(line)
            for line in said.bonuses:
                parts.append(f"<p><b>{rule_links(line, lang)}</b></p>")
            para(said.rounding)
            scores = list_text(
                [t("play.score_item", lang, name=self._side_name(s, lang), points=p)
                 for s, p in enumerate(game.scores)], lang)
            para(t("play.settle_scores", lang, scores=scores))
        winners = game.winners
        if winners:
            names = list_text([self._side_name(w, lang) for w in winners], lang)
            key = "play.winners_shared" if len(winners) > 1 else "play.winner"
            parts.append(f"<p style='font-size:1.2em'><b>🏆 "
                         f"{esc(t(key, lang, names=names, target=game.target))}</b></p>")
            if result is None and last is not None and last.kind == "place":
                side = game.side_of(last.seat)
                params = dict(name=self.name(last.seat, lang), tile=last.tile,
                              sum=narration.sum_line(last, lang), score=game.scores[side],
                              target=game.target)
                if last.on is None or last.side is None:
                    para(t("play.win_open", lang, **params))
                else:
                    para(t("play.win_place", lang, on=last.on,
                           side=side_name(last.side, lang), **params))
            elif result is not None:
                para(t("play.win_settlement", lang, names=names, target=game.target))
            para(t("play.start_new", lang, button=t("play.new_game", lang)))
        elif self.controller.match_over:
            parts.append(f"<p><b>{esc(t('match.hand_over', lang))}</b></p>")
        return f"<div class='hr-settle' lang='{esc(lang)}'>{''.join(parts)}</div>"


def _check_players(players: object, partners: object) -> int:
    """*players* for a new game: 2, 3 or 4 (partnerships need 4, R2); a ValueError otherwise."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"players is 2, 3 or 4 (R2), not {players!r}")
    validate.flag(partners, "partners")
    if partners and players != 4:
        raise ValueError(f"partners: partnerships are for 4 players (R2), not {players}")
    return players
