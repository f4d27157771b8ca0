"""Play a match of Horse Race to 61 against the computer, with core ipywidgets controls only.

The learner's hand is a row of tile buttons; choosing a tile rings its legal points on the board
and offers them as buttons; Draw and Pass are enabled only when the rules allow them (R16–R19).
Every action goes through :meth:`Game.apply`, which refuses an illegal action without changing
anything, and every handler re-checks the state, so a stale or disabled button can only explain.
Computer moves come one at a time ("next move", or automatic play with a pause when an asyncio
loop runs), each announced with the sum it made and why the turn goes on or ends (R17, R18).

>>> from horserace_nb import Game
>>> w = PlayWidget(Game(hands=[["[1|4]", "[2|3]"], ["[5|6]"]], boneyard=["[0|0]"], leader=0))
>>> [b.description for b in w.tile_buttons]
['[1|4]', '[2|3]']
>>> w.tile_buttons[0].click()
>>> [b.description for b in w.target_buttons]
['open with [1|4]']
>>> w.target_buttons[0].click()
>>> w.game.scores, w.game.to_play            # 1 + 4 = 5 scores 1 point and plays again (R17)
([1, 0], 0)
"""

from __future__ import annotations

import asyncio
import functools
import traceback
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from ..actions import Action, Draw, Pass, Place
from ..bots import Bot, GreedyBot, hint
from ..errors import IllegalMove
from ..game import Event, Game, Reason
from ..i18n import check_lang, side_name, t
from ..tiles import Tile
from .common import Lang, MessageArea, esc, lang_switch, safe

__all__ = ["PlayWidget", "MODES"]


Text = Callable[[str], str]
"""A sentence that can be written in any language (rendered when shown, again on a switch)."""

MODES: dict[str, tuple[int, bool]] = {"2": (2, False), "3": (3, False), "4": (4, False),
                                      "4p": (4, True)}
"""The game modes of the mode menu: (players, partnerships) (R2)."""

_COLOURS = {"info": "#1d3557", "ok": "#2a7a2a", "error": "#b00020", "hint": "#6a3d9a"}


def _running_loop() -> asyncio.AbstractEventLoop | None:
    """The asyncio loop running this callback (the kernel's loop in JupyterLab, Notebook 7 and
    Voilà: widget messages and cells are handled in it), or ``None``."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class _Messages(MessageArea):
    """The message area, remembering how to write what it shows in another language."""

    def __init__(self) -> None:
        super().__init__()
        self._again: Callable[[str], None] | None = None

    def show(self, notes: Sequence[tuple[str, Text]], lang: str) -> None:
        """Show one line per note ``(kind, text)``; kind is "info", "ok", "error" or "hint"."""
        notes = list(notes)
        self.last_error = None
        self._again = functools.partial(self._write, notes)
        self._write(notes, lang)

    def _write(self, notes: list[tuple[str, Text]], lang: str) -> None:
        lines = "".join(
            f'<div class="hr-msg hr-msg-{esc(kind)}" style="color:{_COLOURS.get(kind, "#1d3557")}'
            f'">{esc(text(lang))}</div>' for kind, text in notes)
        self.html.value = f'<div role="status" lang="{esc(lang)}">{lines}</div>' if lines else ""

    def error(self, exc: BaseException, lang: str) -> None:
        super().error(exc, lang)
        if isinstance(exc, IllegalMove):
            self._again = lambda code: self.say(exc.localized(code), kind="error")
        else:
            shown = self.last_error
            self._again = lambda code: self.say(
                t("widget.unexpected_error", code, error=shown), kind="error")

    def clear(self) -> None:
        super().clear()
        self._again = None

    def relocalize(self, lang: str) -> None:
        """Write the current message again in *lang*."""
        if self._again is not None:
            self._again(lang)


def _seats(human: int | Sequence[int] | None, players: int) -> list[int]:
    if human is None:
        return []
    items = [human] if isinstance(human, int) else list(human)
    seats = []
    for seat in items:
        if isinstance(seat, bool) or not isinstance(seat, int) or seat not in range(players):
            raise ValueError(f"a human seat is from 0 to {players - 1}, not {seat!r}")
        if seat not in seats:
            seats.append(seat)
    return sorted(seats)


class PlayWidget(traitlets.HasTraits):
    """Play a match of Horse Race against the computer (any mode: 2, 3, 4 players or partners).

    :param game: the :class:`Game` to play (any state); ``None`` deals a new 2-player game with
        a random seed (shown, so a class can all play the same deal).
    :param human: the seat, or list of seats, played with the buttons; ``[]`` for a computer-only
        demonstration.
    :param bots: seat → computer player (``bot(game.view(seat)) -> action``); every other
        non-human seat gets :class:`~horserace_nb.bots.GreedyBot`.
    :param lang: "en", "ko" or "ja" (also settable later: ``w.lang = "ko"``).
    :param names: one name per seat (shown as text, never as markup).
    """

    lang = Lang("en")

    def __init__(self, game: Game | None = None, *, human: int | Sequence[int] | None = 0,
                 bots: Mapping[int, Bot] | None = None, lang: str = "en",
                 names: Sequence[str] | None = None) -> None:
        super().__init__()
        check_lang(lang)
        if game is None:
            game = Game()
        if not isinstance(game, Game):
            raise TypeError(f"play a Game, not {type(game).__name__}")
        self.human = _seats(human, game.players)
        bots = dict(bots or {})
        for seat, bot in bots.items():
            if seat in self.human:
                raise ValueError(f"seat {seat} is played by a person; give bots for the other "
                                 "seats only")
            if not callable(bot):
                raise TypeError(f"the bot of seat {seat} must be callable: bot(view) -> action")
        self.bots: dict[int, Bot] = dict(bots)
        if names is not None:
            names = [str(n) for n in names]
            if len(names) != game.players:
                raise ValueError(f"give one name per seat: {game.players} names, not "
                                 f"{len(names)}")
        self._user_names: list[str | None] = [*(names or [])] + [None] * 4
        self._ready = False
        self._game = game
        self._selected: Tile | None = None
        self._targets: tuple[Place, ...] = ()
        self._viewer = self.human[0] if self.human else game.to_play
        self._epoch = 0
        self._timer: asyncio.TimerHandle | None = None
        self._shown_tiles: tuple[Tile, ...] | None = None
        self._shown_targets: tuple[Place, ...] | None = None
        self._mode_choice = self._mode_key(game)  # the mode menu's choice, kept across redraws
        self.auto_delay = 0.9
        """Seconds between computer moves in automatic play."""
        self.size = 720
        """The largest width of the board picture, in pixels."""
        self._fill_bots()
        self._build()
        self._ready = True
        self.lang = lang
        self._start_notes(new_game=False)

    # ------------------------------------------------------------------ building
    def _build(self) -> None:
        button = functools.partial(widgets.Button, layout=widgets.Layout(width="auto"))
        self.messages = _Messages()
        self.title = widgets.HTML()
        self.lang_switch = lang_switch("en")
        self.scoreboard = widgets.HTML()
        self.scoreboard.add_class("hr-scoreboard")
        self.status = widgets.HTML()
        self.board = widgets.HTML()
        self.board.add_class("hr-board")
        self.hand_label = widgets.HTML()
        self.tile_buttons: list[widgets.Button] = []
        self.hand_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.target_label = widgets.HTML()
        self.target_buttons: list[widgets.Button] = []
        self.target_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.draw_button = button()
        self.pass_button = button()
        self.hint_button = button(icon="lightbulb-o")
        self.undo_button = button(icon="undo")
        self.auto_draw = widgets.Checkbox(value=False, indent=False)
        self.practice = widgets.Checkbox(value=True, indent=False)
        self.next_button = button(icon="step-forward", button_style="primary")
        self.auto_play = widgets.Checkbox(value=False, indent=False)
        self.next_hand_button = button(icon="forward", button_style="success")
        self.settlement_html = widgets.HTML()
        self.moves_log = widgets.HTML()
        self.moves_log.add_class("hr-moves")
        self.settlement = widgets.VBox([self.settlement_html, self.next_hand_button])
        self.settlement.add_class("hr-settlement")
        self.mode_dropdown = widgets.Dropdown(options=[("2", "2")], value="2",
                                              style={"description_width": "initial"})
        self.seed_text = widgets.Text(value="", style={"description_width": "initial"},
                                      layout=widgets.Layout(width="16em"))
        self.new_game_button = button(icon="refresh")
        self.seed_info = widgets.HTML()
        self.human_box = widgets.VBox([
            self.hand_label, self.hand_box, self.target_label, self.target_box,
            widgets.HBox([self.draw_button, self.pass_button, self.hint_button,
                          self.undo_button], layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.auto_draw, self.practice]),
        ])
        self.computer_box = widgets.HBox([self.next_button, self.auto_play])
        self.setup_box = widgets.VBox([
            widgets.HBox([self.mode_dropdown, self.seed_text, self.new_game_button],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.seed_info,
        ])
        self.ui = widgets.VBox([
            widgets.HBox([self.title, self.lang_switch],
                         layout=widgets.Layout(justify_content="space-between",
                                               flex_flow="row wrap")),
            self.scoreboard, self.status, self.board, self.human_box, self.computer_box,
            self.messages.box, self.moves_log, self.settlement, self.setup_box,
        ])
        self.ui.add_class("hr-play")
        self.draw_button.on_click(lambda _: self._on_draw())
        self.pass_button.on_click(lambda _: self._on_pass())
        self.hint_button.on_click(lambda _: self._on_hint())
        self.undo_button.on_click(lambda _: self._on_undo())
        self.next_button.on_click(lambda _: self._on_next())
        self.next_hand_button.on_click(lambda _: self._on_next_hand())
        self.new_game_button.on_click(lambda _: self._on_new_game())
        self.lang_switch.observe(self._on_lang_switch, names="value")
        self.auto_draw.observe(self._on_auto_draw, names="value")
        self.auto_play.observe(self._on_auto_play, names="value")
        self.practice.observe(lambda _: self._refresh(), names="value")

    def _fill_bots(self) -> None:
        for seat in range(self._game.players):
            if seat not in self.human and seat not in self.bots:
                self.bots[seat] = GreedyBot()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.ui)  # type: ignore[no-untyped-call]

    # ------------------------------------------------------------------ public state
    @property
    def game(self) -> Game:
        """The game being played (replaced by undo and new game)."""
        return self._game

    @game.setter
    def game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"play a Game, not {type(game).__name__}")
        self._install(game)
        self._start_notes(new_game=True)

    @traitlets.observe("lang")
    def _lang_changed(self, change: Any) -> None:
        if not self._ready:
            return
        self.lang_switch.value = change["new"]
        self._refresh()
        self.messages.relocalize(change["new"])

    @safe
    def _on_lang_switch(self, change: Any) -> None:
        self.lang = change["new"]

    # ------------------------------------------------------------------ names
    def name(self, seat: int, lang: str | None = None) -> str:
        """The name of *seat* (the given name, or "Player n" in *lang*)."""
        given = self._user_names[seat]
        return given if given else t("render.seat", lang or self.lang, n=seat)

    def _names(self, lang: str) -> list[str]:
        return [self.name(s, lang) for s in range(self._game.players)]

    def _tagged(self, seat: int, lang: str) -> str:
        if not self.human:
            return self.name(seat, lang)
        key = "play.role_human" if seat in self.human else "play.role_computer"
        return t(key, lang, name=self.name(seat, lang))

    def _side_name(self, side: int, lang: str, *, tagged: bool = False) -> str:
        """A seat's name, or with partners its team's ("Seat 0 & Seat 2")."""
        name = self._tagged if tagged else self.name
        if not self._game.partners:
            return name(side, lang)
        return t("render.team", lang, a=name(side, lang), b=name(side + 2, lang))

    def _list(self, items: Sequence[str], lang: str) -> str:
        return t("render.list_sep", lang).join(items)

    # ------------------------------------------------------------------ turn state
    def _human_turn(self) -> bool:
        game = self._game
        return not game.hand_over and game.to_play in self.human

    def _computer_turn(self) -> bool:
        game = self._game
        return not game.hand_over and game.to_play not in self.human

    def _over_error(self) -> IllegalMove | None:
        game = self._game
        if game.game_over:
            return IllegalMove("error.game_over", rule="R26", target=game.target)
        if game.hand_over:
            return IllegalMove("error.hand_over", rule="R20")
        return None

    def _turn_problem(self) -> Text | None:
        """Why the human cannot act now (``None`` if they can)."""
        over = self._over_error()
        if over is not None:
            return over.localized
        seat = self._game.to_play
        if seat not in self.human:
            return lambda lang: t("play.not_your_turn", lang, name=self._tagged(seat, lang),
                                  button=t("play.next", lang))
        return None

    def _refuse(self, text: Text) -> None:
        self.messages.show([("error", text)], self.lang)
        self._refresh()

    def _undo_point(self) -> tuple[int, int, str] | None:
        """(actions to take back, seat, tile) back to the human's previous placement."""
        actions = self._game.record()["actions"]
        for i in range(len(actions) - 1, -1, -1):
            entry = actions[i]
            if entry.get("action") == "place" and entry.get("seat") in self.human:
                return len(actions) - i, entry["seat"], entry["tile"]
        return None

    # ------------------------------------------------------------------ human actions
    @safe
    def _on_tile(self, tile: Tile) -> None:
        problem = self._turn_problem()
        if problem is not None:
            self._refuse(problem)
            return
        game = self._game
        if tile not in game.hands[game.to_play]:
            self._refuse(lambda lang: t("play.stale_tile", lang, tile=tile))
            return
        pending = game.pending
        if pending is not None and tile is not pending:
            err = IllegalMove("error.must_place_drawn", rule="R18", tile=pending)
            self._refuse(err.localized)
            return
        places = tuple(a for a in game.legal_actions()
                       if isinstance(a, Place) and a.tile is tile)
        if not places:
            self._selected, self._targets = None, ()
            if tile.is_double:
                self._refuse(lambda lang: t("play.fits_nowhere_double", lang, tile=tile,
                                            number=tile.low))
                return
            self._refuse(lambda lang: t("play.fits_nowhere", lang, tile=tile,
                                        low=tile.low, high=tile.high))
            return
        self._select(tile, places)
        if game.layout.is_empty:
            self.messages.show([("info", lambda lang: t("play.tile_open", lang, tile=tile))],
                               self.lang)
        else:
            count = len(places)
            self.messages.show([("info", lambda lang: t("play.tile_fits", lang, tile=tile,
                                                        count=count))], self.lang)
        self._refresh()

    def _select(self, tile: Tile | None, places: tuple[Place, ...] = ()) -> None:
        self._selected = tile
        self._targets = places

    @safe
    def _on_target(self, action: Place) -> None:
        problem = self._turn_problem()
        if problem is not None:
            self._refuse(problem)
            return
        if action not in self._targets:
            self._refuse(lambda lang: t("play.stale_target", lang))
            return
        self._human_act(action)

    @safe
    def _on_draw(self) -> None:
        problem = self._turn_problem()
        if problem is not None:
            self._refuse(problem)
            return
        self._human_act(Draw())

    @safe
    def _on_pass(self) -> None:
        problem = self._turn_problem()
        if problem is not None:
            self._refuse(problem)
            return
        self._human_act(Pass())

    def _human_act(self, action: Action) -> None:
        self._game.check(action)  # an IllegalMove is explained by @safe; nothing changes
        event = self._game.apply(action)
        self._select(None)
        self._after_change(self._event_notes(event))

    @safe
    def _on_hint(self) -> None:
        problem = self._turn_problem()
        if problem is not None:
            self._refuse(problem)
            return
        game = self._game
        # the strong bot's choice (a fixed effort: the same position, the same hint), with
        # the greedy one as the fallback
        advice = hint(game.view(game.to_play), self.lang, strong=True, seed=game.seed)
        self.messages.show([("hint", lambda lang: t("play.hint_text", lang,
                                                    text=advice.text(lang)))], self.lang)
        self._refresh()

    @safe
    def _on_undo(self) -> None:
        if not self.practice.value:
            self._refuse(lambda lang: t("play.undo_off", lang))
            return
        point = self._undo_point()
        if point is None:
            self._refuse(lambda lang: t("play.no_undo", lang))
            return
        count, seat, tile = point
        game = self._game.undo(count)
        self._stop_timer()
        self._epoch += 1
        self._game = game
        self._select(None)
        self._after_change([("ok", lambda lang: t("play.undone", lang, count=count,
                                                  name=self.name(seat, lang), tile=tile))])

    # ------------------------------------------------------------------ computer moves
    @safe
    def _on_next(self) -> None:
        self._stop_timer()
        self._computer_move()

    def _computer_move(self) -> bool:
        """One computer action; ``False`` (with the reason shown) if none was made."""
        over = self._over_error()
        if over is not None:
            self._refuse(over.localized)
            return False
        game = self._game
        seat = game.to_play
        if seat in self.human:
            self._refuse(lambda lang: t("play.human_to_move", lang, name=self.name(seat, lang)))
            return False
        action = self.bots[seat](game.view(seat))  # an error is shown by @safe; no change
        if game is not self._game or game.to_play != seat or game.hand_over:
            return False  # the game moved on while the bot was thinking
        try:
            game.check(action)
        except IllegalMove as exc:
            refusal = exc
            self.auto_play.value = False
            self._refuse(lambda lang: t("play.bot_illegal", lang, name=self.name(seat, lang),
                                        error=refusal.localized(lang)))
            return False
        event = game.apply(action)
        self._select(None)
        self._after_change(self._event_notes(event))
        return True

    @safe
    def _on_next_hand(self) -> None:
        self._game.next_hand()  # refused (and explained) unless the hand is over and not the game
        self._select(None)
        self._after_change(self._lead_notes())

    # ------------------------------------------------------------------ automatic play
    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _schedule(self) -> None:
        if not self.auto_play.value or not self._computer_turn() or self._timer is not None:
            return
        loop = _running_loop()
        if loop is None:
            self.auto_play.value = False
            self.messages.show([("error", lambda lang: t("play.auto_no_loop", lang,
                                                         button=t("play.next", lang)))],
                               self.lang)
            return
        self._timer = loop.call_later(self.auto_delay, self._auto_step, self._epoch)

    def _auto_step(self, epoch: int) -> None:
        self._timer = None
        if epoch != self._epoch or not self.auto_play.value or not self._computer_turn():
            return
        if not self._auto_move():
            self.auto_play.value = False

    @safe
    def _auto_move(self) -> bool:
        return self._computer_move()

    @safe
    def _on_auto_play(self, change: Any) -> None:
        if change["new"]:
            self._schedule()
        else:
            self._stop_timer()

    @safe
    def _on_auto_draw(self, change: Any) -> None:
        if change["new"] and self._human_turn():
            self._after_change([])

    # ------------------------------------------------------------------ new games
    @safe
    def _on_new_game(self) -> None:
        text = self.seed_text.value.strip()
        seed = None
        if text:
            try:
                seed = int(text)
            except ValueError:
                self._refuse(lambda lang: t("play.bad_seed", lang, text=text))
                return
        players, partners = MODES[self.mode_dropdown.value]
        self._install(Game(players=players, partners=partners, target=self._game.target,
                           seed=seed))
        self._start_notes(new_game=True)

    def _install(self, game: Game) -> None:
        """Play *game* from now on: keep the human seats that exist in it (seat 0 if none is
        left), give every other seat a computer player."""
        if self.human:
            kept = [s for s in self.human if s < game.players]
            self.human = kept or [0]
        self.bots = {s: b for s, b in self.bots.items()
                     if s < game.players and s not in self.human}
        self._stop_timer()
        self._epoch += 1
        self._game = game
        self._fill_bots()
        self._select(None)
        self._viewer = self.human[0] if self.human else game.to_play
        self._mode_choice = self._mode_key(game)
        if self._ready:
            self.mode_dropdown.value = self._mode_choice

    def _start_notes(self, *, new_game: bool) -> None:
        game = self._game
        mode = self._mode_key(game)
        notes: list[tuple[str, Text]] = []
        if new_game:
            seed = game.seed
            notes.append(("ok", lambda lang: t("play.new_game_msg", lang,
                                               mode=t(f"play.mode_{mode}", lang), seed=seed)))
        if game.hand_over:
            self._after_change(notes)
        else:
            self._after_change(notes + self._lead_notes())

    @staticmethod
    def _mode_key(game: Game) -> str:
        return "4p" if game.partners else str(game.players)

    def _lead_notes(self) -> list[tuple[str, Text]]:
        game = self._game
        leader, hand = game.leader, game.hand_number
        if game.lots and game.lots[-1].hand == hand:
            key = "play.lead_lot"
        elif hand > 1:
            key = "play.lead_last"
        else:
            key = "play.lead_given"
        return [("info", lambda lang: t(key, lang, name=self.name(leader, lang), hand=hand))]

    # ------------------------------------------------------------------ after every change
    def _after_change(self, notes: list[tuple[str, Text]]) -> None:
        """Auto-draw, select a drawn tile that must be placed, show the notes, redraw, and
        schedule the next automatic computer move."""
        game = self._game
        notes = list(notes)
        while self.auto_draw.value and self._human_turn():
            legal = game.legal_actions()
            if len(legal) != 1 or not isinstance(legal[0], Draw):
                break
            notes += self._event_notes(game.apply(legal[0]))
        pending = game.pending
        if pending is not None and self._human_turn():
            self._select(pending, tuple(a for a in game.legal_actions()
                                        if isinstance(a, Place)))
        if notes:
            self.messages.show(notes, self.lang)
        self._refresh()
        self._schedule()

    # ------------------------------------------------------------------ sentences
    def _event_notes(self, event: Event) -> list[tuple[str, Text]]:
        return [("ok" if event.raw else "info", functools.partial(self._event_line, event, i))
                for i in range(len(self._event_lines(event, "en")))]

    def _event_line(self, event: Event, index: int, lang: str) -> str:
        return self._event_lines(event, lang)[index]

    def _event_lines(self, e: Event, lang: str) -> list[str]:
        name = self.name(e.seat, lang)
        lines: list[str] = []
        if e.kind == "place":
            if e.on is None or e.side is None:
                lines.append(t("play.ev_opened", lang, name=name, tile=e.tile))
            else:
                lines.append(t("play.ev_placed", lang, name=name, tile=e.tile, on=e.on,
                               side=side_name(e.side, lang)))
            lines.append(self._sum_line(e, lang))
        elif e.kind == "draw":
            shown = e.seat in self.human or not self.human
            fits = e.reason == Reason.DRAW_PLAYABLE
            key = "play.ev_drew" if shown else "play.ev_drew_hidden"
            key += "" if fits else "_again"
            lines.append(t(key, lang, name=name, tile=e.tile))
        else:
            lines.append(t("play.ev_passed", lang, name=name))
        why = self._why(e, lang)
        if why:
            lines.append(why)
        return lines

    @staticmethod
    def _sum_line(e: Event, lang: str) -> str:
        values = " + ".join(str(v) for v in e.scoring.values) or "0"
        if e.raw:
            return t("score.sum", lang, sum=values, total=e.total, raw=e.raw, display=e.points)
        return t("score.no_score", lang, sum=values, total=e.total)

    def _why(self, e: Event, lang: str) -> str:
        name = self.name(e.seat, lang)
        reason = e.reason
        if reason == Reason.DOUBLE:
            return t("play.why_double", lang, name=name)
        if reason == Reason.SCORED:
            return t("play.why_scored", lang, name=name, raw=e.raw, points=e.points)
        if reason == Reason.DOUBLE_SCORED:
            return t("play.why_double_scored", lang, name=name, raw=e.raw, points=e.points)
        if reason == Reason.DRAWN:
            return t("play.why_drawn", lang)
        if reason == Reason.SINGLE:
            return t("play.why_single", lang)
        if reason == Reason.DOMINO:
            return t("play.why_domino", lang, name=name)
        if reason == Reason.BLOCKED:
            return t("play.why_blocked", lang)
        if reason == Reason.GAME_WON:
            side = self._game.side_of(e.seat)
            return t("play.why_game_won", lang, name=self._side_name(side, lang),
                     score=e.scores[side], target=self._game.target)
        return ""

    # ------------------------------------------------------------------ drawing
    def _refresh(self) -> None:
        """Bring every control in line with the game and the language."""
        if not self._ready:
            return
        lang = self.lang
        game = self._game
        human_turn = self._human_turn()
        computer_turn = self._computer_turn()
        if human_turn or not self.human:
            self._viewer = game.to_play
        if self._selected is not None and not human_turn:
            self._select(None)

        # labels
        self.title.value = (f"<h3 class='hr-title'>{esc(t('play.title', lang, target=game.target))}"
                            "</h3>")
        self.draw_button.description = t("play.draw", lang)
        self.pass_button.description = t("play.pass", lang)
        self.hint_button.description = t("play.hint", lang)
        self.undo_button.description = t("play.undo", lang)
        self.auto_draw.description = t("play.auto_draw", lang)
        self.practice.description = t("play.practice", lang)
        self.next_button.description = t("play.next", lang)
        self.auto_play.description = t("play.auto_play", lang)
        self.next_hand_button.description = t("play.next_hand", lang)
        self.new_game_button.description = t("play.new_game", lang)
        self.mode_dropdown.description = t("play.mode", lang)
        options = [(t(f"play.mode_{key}", lang), key) for key in MODES]
        if list(self.mode_dropdown.options) != options:
            chosen = self._mode_choice or self._mode_key(game)
            self.mode_dropdown.options = options
            self.mode_dropdown.value = chosen
        self._mode_choice = self.mode_dropdown.value
        self.seed_text.description = t("play.seed", lang)
        self.seed_text.placeholder = t("play.seed_placeholder", lang)
        seed_info = t("play.seed_info", lang, seed=game.seed)
        self.seed_info.value = f"<small class='hr-seed'>{esc(seed_info)}</small>"

        self.scoreboard.value = self._scoreboard_html(lang)
        self.status.value = (f"<div class='hr-status' role='status'><b>"
                             f"{esc(self._status_text(lang))}</b></div>")
        self.board.value = self._board_html(lang)

        # the hand and the targets
        viewer = self._viewer
        hand = tuple(game.hands[viewer])
        if hand != self._shown_tiles:
            self._rebuild_tiles(hand)
        mine = human_turn and viewer == game.to_play
        for button, tile in zip(self.tile_buttons, hand, strict=True):
            button.disabled = not mine
            button.button_style = ("warning" if mine and tile is game.pending else
                                   "info" if tile is self._selected else "")
        hand_of = t("play.hand_of", lang, name=self.name(viewer, lang))
        self.hand_label.value = f"<b>{esc(hand_of)}</b>"
        if self._targets != self._shown_targets:
            self._rebuild_targets(self._targets)
        for button, action in zip(self.target_buttons, self._targets, strict=True):
            button.description = self._target_label(action, lang)
            button.disabled = not human_turn
        if self._selected is not None and self._targets:
            self.target_label.value = esc(t("play.targets_for", lang, tile=self._selected))
        else:
            self.target_label.value = ""

        legal = game.legal_actions() if human_turn else []
        self.draw_button.disabled = not any(isinstance(a, Draw) for a in legal)
        self.pass_button.disabled = not any(isinstance(a, Pass) for a in legal)
        self.hint_button.disabled = not human_turn
        self.undo_button.disabled = not self.practice.value or self._undo_point() is None
        self.next_button.disabled = not computer_turn
        self.next_hand_button.disabled = not game.hand_over or game.game_over
        self.next_hand_button.layout.display = "none" if game.game_over else ""
        self.settlement_html.value = self._settlement_html(lang) if game.hand_over else ""
        self.moves_log.value = self._moves_html(lang)
        self.settlement.layout.display = "" if game.hand_over else "none"
        self.human_box.layout.display = "" if self.human else "none"
        self.computer_box.layout.display = ("" if len(self.human) < game.players else "none")

    def _rebuild_tiles(self, hand: tuple[Tile, ...]) -> None:
        old = self.tile_buttons
        self.tile_buttons = []
        for tile in hand:
            b = widgets.Button(description=str(tile), layout=widgets.Layout(width="auto"))
            b.add_class("hr-tile")
            b.on_click(functools.partial(self._tile_clicked, tile))
            self.tile_buttons.append(b)
        self.hand_box.children = tuple(self.tile_buttons)
        self._shown_tiles = hand
        for b in old:
            b.close()

    def _tile_clicked(self, tile: Tile, _button: Any = None) -> None:
        self._on_tile(tile)

    def _rebuild_targets(self, targets: tuple[Place, ...]) -> None:
        old = self.target_buttons
        self.target_buttons = []
        for action in targets:
            b = widgets.Button(layout=widgets.Layout(width="auto"), button_style="success")
            b.add_class("hr-target")
            b.on_click(functools.partial(self._target_clicked, action))
            self.target_buttons.append(b)
        self.target_box.children = tuple(self.target_buttons)
        self._shown_targets = targets
        for b in old:
            b.close()

    def _target_clicked(self, action: Place, _button: Any = None) -> None:
        self._on_target(action)

    @staticmethod
    def _target_label(action: Place, lang: str) -> str:
        if action.on is None or action.side is None:
            return t("play.target_open", lang, tile=action.tile)
        return t("play.target", lang, on=action.on, side=side_name(action.side, lang))

    def _board_html(self, lang: str) -> str:
        from ..render.svg import game_svg

        game = self._game
        targets = [(a.on, a.side) for a in self._targets
                   if a.on is not None and a.side is not None]
        selected = self._selected
        if selected is not None and selected not in game.hands[self._viewer]:
            selected = None
        try:
            svg = game_svg(game, seat=self._viewer, lang=lang, names=self._names(lang),
                           targets=targets or None, selected=selected, size=self.size)
        except Exception:  # noqa: BLE001 - the game goes on; the text alternative stands in
            self.messages.log.append_stdout(traceback.format_exc())
            return f"<pre class='hr-board-text'>{esc(game.layout.describe(lang))}</pre>"
        return f"<div class='hr-board-svg' style='overflow-x:auto'>{svg}</div>"

    def _moves_html(self, lang: str) -> str:
        """Every move of the current hand as it was announced, the latest first."""
        game = self._game
        events = [e for e in game.history if e.hand == game.hand_number]
        if not events:
            return ""
        items = "".join(f"<li>{esc(' · '.join(self._event_lines(e, lang)))}</li>"
                        for e in reversed(events))
        title = esc(t("play.moves_title", lang, hand=game.hand_number, count=len(events)))
        return (f"<div class='hr-moves-log' style='font-size:0.85em'><b>{title}</b>"
                f"<ol reversed style='max-height:10em;overflow:auto;margin:0.2em 0'>{items}</ol>"
                "</div>")

    def _status_text(self, lang: str) -> str:
        game = self._game
        if game.game_over:
            return t("play.status_game_over", lang)
        if game.hand_over:
            return t("play.status_hand_over", lang, hand=game.hand_number)
        seat = game.to_play
        if seat not in self.human:
            key = "play.status_computer_again" if game.continuing else "play.status_computer"
            return t(key, lang, name=self._tagged(seat, lang), button=t("play.next", lang))
        name = self.name(seat, lang)
        if game.pending is not None:
            return t("play.status_pending", lang, name=name, tile=game.pending)
        legal = game.legal_actions()
        if len(legal) == 1 and isinstance(legal[0], Draw):
            return t("play.status_draw", lang, name=name)
        if len(legal) == 1 and isinstance(legal[0], Pass):
            return t("play.status_pass", lang, name=name)
        if self._selected is not None:
            return t("play.status_chosen", lang, name=name, tile=self._selected)
        key = "play.status_again" if game.continuing else "play.status_turn"
        return t(key, lang, name=name)

    def _scoreboard_html(self, lang: str) -> str:
        game = self._game
        target = game.target
        to_play = None if game.hand_over else game.side_of(game.to_play)
        winners = game.winners or []
        rows = []
        for side, points in enumerate(game.scores):
            mark = "★ " if side in winners else "▶ " if side == to_play else ""
            label = esc(mark + self._side_name(side, lang, tagged=True))
            if game.partners:
                seats = esc(t("play.team_seats", lang, a=side, b=side + 2))
                label += f"<br><small>{seats}</small>"
            share = min(100, round(100 * points / target)) if target else 100
            bar = (f"<div style='width:10em;height:0.6em;background:#e3e3e3;border-radius:3px'>"
                   f"<div style='width:{share}%;height:100%;background:#2a7a2a;"
                   f"border-radius:3px'></div></div>")
            score = esc(t("play.score_of", lang, points=points, target=target))
            rows.append(f"<tr data-side='{side}'><td style='padding-right:1em'>{label}</td>"
                        f"<td style='padding-right:1em;text-align:right'><b>{score}</b></td>"
                        f"<td>{bar}</td></tr>")
        caption = esc(t("play.scoreboard", lang, target=target))
        return (f"<div class='hr-scores'><small>{caption}</small>"
                f"<table>{''.join(rows)}</table></div>")

    def _settlement_html(self, lang: str) -> str:
        game = self._game
        result = game.hand_result
        parts = [f"<h4>{esc(t('play.settle_title', lang, hand=game.hand_number))}</h4>"]
        last = game.history[-1] if game.history else None

        def para(text: str) -> None:
            parts.append(f"<p>{esc(text)}</p>")

        if result is None:
            para(t("play.settle_none", lang))
        else:
            if result.reason == "domino" and last is not None:
                para(t("play.why_domino", lang, name=self.name(last.seat, lang)))
            elif result.reason != "domino":
                para(t("play.settle_blocked_teams" if game.partners else "play.settle_blocked",
                       lang))
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
            if game.partners:
                for side, total in enumerate(result.side_pips()):
                    para(t("play.team_total", lang, team=self._side_name(side, lang),
                           pips=total))
            if len(result.winners) > 1:
                para(t("play.settle_tie", lang))
            for b in result.bonuses:
                payers = self._list([self.name(s, lang) for s in b.from_seats], lang)
                line = t("play.settle_bonus", lang, name=self._side_name(b.winner, lang),
                         payers=payers, pips=b.pips, rounded=b.rounded, points=b.points)
                parts.append(f"<p><b>{esc(line)}</b></p>")
            para(t("play.settle_rounding", lang))
            scores = self._list([t("play.score_item", lang, name=self._side_name(s, lang),
                                   points=p) for s, p in enumerate(game.scores)], lang)
            para(t("play.settle_scores", lang, scores=scores))
        winners = game.winners
        if winners:
            names = self._list([self._side_name(w, lang) for w in winners], lang)
            key = "play.winners_shared" if len(winners) > 1 else "play.winner"
            parts.append(f"<p style='font-size:1.2em'><b>🏆 "
                         f"{esc(t(key, lang, names=names, target=game.target))}</b></p>")
            if result is None and last is not None and last.kind == "place":
                side = game.side_of(last.seat)
                params = dict(name=self.name(last.seat, lang), tile=last.tile,
                              sum=self._sum_line(last, lang), score=game.scores[side],
                              target=game.target)
                if last.on is None or last.side is None:
                    para(t("play.win_open", lang, **params))
                else:
                    para(t("play.win_place", lang, on=last.on,
                           side=side_name(last.side, lang), **params))
            elif result is not None:
                para(t("play.win_settlement", lang, names=names, target=game.target))
            para(t("play.start_new", lang, button=t("play.new_game", lang)))
        return f"<div class='hr-settle' lang='{esc(lang)}'>{''.join(parts)}</div>"
