"""Review a finished hand or game: step through one seat's decisions on the board, the move
played and the strong computer player's choice both marked, each with its sentence.

The review itself is :func:`horserace_nb.teaching.review.review_game`; it takes about a second
per hand,
so :class:`ReviewWidget` computes it once, hand by hand, after it is shown ("Reviewing hand 2…"),
or at once where no event loop runs (a script, a test). What is not display lives in
:mod:`horserace_nb.sessions.review`, without widgets: :class:`ReviewSession` (which entries,
computed once) and :func:`summarize` (the numbers at the top); :func:`review_svg` draws the
marked board.

>>> from horserace_nb import Game, Place
>>> game = Game.from_position(
...     [("[2|5]", None, None), ("[2|3]", "[2|5]", "low"), ("[5|5]", "[2|5]", "high"),
...      ("[3|6]", "[2|3]", "high")],
...     [["[0|3]", "[3|5]", "[5|6]"], ["[0|0]", "[1|1]", "[0|1]", "[4|4]"]], ["[1|2]"], 0)
>>> _ = game.apply(Place("[5|6]", "[5|5]", "straight_b"))        # 6 + 6 = 12: no score
>>> w = ReviewWidget(game, 0, seed=1, rollouts=32)
>>> len(w.entries), w.counter_text()
(1, 'Decision 1 of 1 · hand 1')
>>> w.summary.decisions, w.summary.as_good
(1, 0)
>>> 'hr-svg-review-played' in w.board.svg and 'hr-svg-review-best' in w.board.svg
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets
import traitlets

from ..core import validate
from ..core.game import Game
from ..render.svg import SvgImage, game_svg
from ..sessions.common import check_names
from ..sessions.protocol import Text, board_moves
from ..sessions.review import ReviewSession, ReviewSummary, summarize
from ..teaching.review import AS_GOOD, DEFAULT_ROLLOUTS, ReviewEntry
from ..words.i18n import check_lang, t
from ..words.names import seat_name
from .base import View, running_loop
from .board import Board
from .common import esc, rule_links, safe
from .puzzle_here import PuzzleHere
from .text import RuleText

__all__ = ["ReviewWidget", "review_svg"]


def review_svg(entry: ReviewEntry, *, lang: str = "en", names: Sequence[str] | None = None,
               size: float | None = None, room: float | None = None) -> SvgImage:
    """The position just before *entry*'s decision, from the seat's view (its hand face up),
    with the move played marked (dashed) and, unless it is the strong player's choice, that
    choice (green); the legend under the board says which is which. The same picture as
    ``game_svg(entry.position(), seat=entry.seat, …)`` with the marks (*room*: the board's
    width on the page, as for :func:`~horserace_nb.render.svg.game_svg`)."""
    return game_svg(entry.view, seat=entry.seat, lang=lang, names=names, size=size,
                    played=entry.action, best=None if entry.is_best else entry.best,
                    room=room)


# ---------------------------------------------------------------------------- the widget
class ReviewWidget(View):
    """Step through *seat*'s decisions in *game*: First, Previous, Next, Last, "Decision 3 of
    12", a summary at the top, and for each decision the position on a read-only board with the
    move played (dashed) and the strong computer player's choice (green) marked, and the
    sentence of :meth:`ReviewEntry.explain`.

    :param game: a live or loaded :class:`Game` (a copy is reviewed: play may go on).
    :param seat: the seat reviewed (0-based; its hand is shown face up).
    :param hand: review only this hand (numbered from 1); ``None``: every hand.
    :param seed: the seed of the sampled deals (the same seed, the same review).
    :param rollouts: sampled deals per decision (more: slower, less noise).
    :param size: the largest width of the board picture, in pixels.
    :param names: one name per seat (shown as text).
    :param switch: show the widget's own language switch.
    :param closable: show a Close button (its callbacks: :meth:`on_dismiss`).

    Where an event loop runs (Jupyter, Voilà) the review is computed right after the widget is
    shown, "Reviewing…" on screen meanwhile; elsewhere at once. ``w.entries`` computes it now.
    """

    index = traitlets.Int(0)
    """The decision shown, from 0."""

    def __init__(self, game: Game, seat: int, *, lang: str = "en", hand: int | None = None,
                 seed: int | None = None, rollouts: int = DEFAULT_ROLLOUTS, size: float = 640,
                 names: Sequence[str] | None = None, switch: bool = True,
                 closable: bool = False) -> None:
        check_lang(lang)
        self.size = validate.size(size)
        self.session = ReviewSession(game, seat, hand=hand, seed=seed, rollouts=rollouts)
        self.names = None if names is None else [
            str(name) for name in check_names(names, game.players)]
        self._dismiss: list[Callable[[ReviewWidget], None]] = []
        self._reviewing: int | None = None
        self._handle: asyncio.Handle | None = None
        self._announced: int | None = None  # the decision the live region last said
        super().__init__(lang=lang, switch=switch)

        def button(**kwargs: Any) -> widgets.Button:
            return widgets.Button(layout=widgets.Layout(width="auto"), **kwargs)  # one each

        self.title = widgets.HTML()
        self.close_button = button(icon="times")
        self.summary_html = widgets.HTML()
        self.status = RuleText()
        self.first_button = button(icon="fast-backward")
        self.prev_button = button(icon="step-backward")
        self.counter = widgets.HTML()
        self.next_button = button(icon="step-forward")
        self.last_button = button(icon="fast-forward")
        self.nav = widgets.HBox([self.first_button, self.prev_button, self.counter,
                                 self.next_button, self.last_button],
                                layout=widgets.Layout(align_items="center",
                                                      flex_flow="row wrap"))
        self.board = Board(lang=lang, readonly=True)
        self.explanation = RuleText()
        self.puzzle_here = PuzzleHere(
            lambda: None if self.current is None else self.current.position(), lang=lang)
        """"Make a puzzle from here": a teacher's puzzle at the decision on show."""
        self.children = [
            widgets.HBox([self.title, widgets.HBox([self.lang_switch, self.close_button])],
                         layout=widgets.Layout(justify_content="space-between",
                                               flex_flow="row wrap")),
            self.summary_html, self.status, self.nav, self.board, self.explanation,
            self.messages.box, self.puzzle_here]
        self.add_class("hr-review")
        self.first_button.on_click(lambda _: self._go(0))
        self.prev_button.on_click(lambda _: self._go(self.index - 1))
        self.next_button.on_click(lambda _: self._go(self.index + 1))
        self.last_button.on_click(lambda _: self._go(len(self.entries) - 1))
        self.close_button.on_click(lambda _: self._on_close())
        self.board.on_refusal(self._on_refusal)
        # the board's width on the page (a phone, a turned tablet): its picture drawn to it
        self.board.observe(lambda _: self._render(), names="room")
        self.close_button.layout.display = "" if closable else "none"
        self.start()
        loop = running_loop()
        if loop is None:
            self.run()
        else:  # shown first ("Reviewing…"), computed as soon as the kernel is free
            self._handle = loop.call_soon(self._run_later)

    def _on_refusal(self, text: Text) -> None:
        """A board message refused (this board is for watching): say why."""
        self.messages.tell(text, self.lang, kind="error")

    def stop(self) -> None:
        """A review not yet computed is not computed (the widget is being closed)."""
        handle = getattr(self, "_handle", None)  # also from __del__ of a half-built widget
        self._handle = None
        if handle is not None:
            handle.cancel()

    def relocalize(self, lang: str) -> None:
        self.puzzle_here.lang = lang
        self._render()

    # ------------------------------------------------------------------ the review
    @property
    def seat(self) -> int:
        return self.session.seat

    @property
    def ready(self) -> bool:
        """True once the review is computed."""
        return self.session.done

    @property
    def entries(self) -> list[ReviewEntry]:
        """The decisions reviewed, in order (computed now if they are not yet)."""
        if not self.session.done:
            self.run()
        return self.session.entries

    @property
    def summary(self) -> ReviewSummary:
        return summarize(self.entries)

    @property
    def current(self) -> ReviewEntry | None:
        """The decision shown (``None`` before the review is computed or without decisions)."""
        if not self.session.done:
            return None
        entries = self.session.entries
        return entries[self.index] if entries else None

    def run(self) -> None:
        """Compute the review now (once), saying which hand is being reviewed meanwhile."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        if self.session.done:
            return
        try:
            self.session.run(self._progress)
        finally:
            self._reviewing = None
        self._render()

    @safe
    def _run_later(self) -> None:
        self._handle = None
        self.run()

    def _progress(self, hand: int) -> None:
        self._reviewing = hand
        self.status.value = self._status_html()

    # ------------------------------------------------------------------ stepping
    def first(self) -> None:
        self._go(0)

    def previous(self) -> None:
        self._go(self.index - 1)

    def next(self) -> None:
        self._go(self.index + 1)

    def last(self) -> None:
        self._go(len(self.entries) - 1)

    @safe
    def _go(self, index: int) -> None:
        self.index = max(0, min(index, len(self.entries) - 1))

    @traitlets.validate("index")
    def _valid_index(self, proposal: Any) -> int:
        value = proposal["value"]
        count = len(self.session.entries) if self.session.done else 0
        if value != 0 and not 0 <= value < count:
            raise traitlets.TraitError(f"index is a decision from 0 to {max(count - 1, 0)}, "
                                       f"not {value}")
        return int(value)

    @traitlets.observe("index")
    def _on_index(self, _change: Any) -> None:
        self._render()

    # ------------------------------------------------------------------ closing, language
    def on_dismiss(self, callback: Callable[[ReviewWidget], None]) -> None:
        """Call *callback* with this widget when its Close button is pressed."""
        self._dismiss.append(callback)

    @safe
    def _on_close(self) -> None:
        for callback in list(self._dismiss):
            callback(self)

    # ------------------------------------------------------------------ texts and drawing
    def name(self, lang: str | None = None) -> str:
        """The reviewed seat's name (the given one, or "Player n")."""
        return seat_name(self.seat, lang or self.lang, self.names)

    def title_text(self, lang: str | None = None) -> str:
        lang = lang or self.lang
        hand = self.session.hand
        if hand is None:
            return t("reviewui.title_game", lang, name=self.name(lang))
        return t("reviewui.title_hand", lang, hand=hand, name=self.name(lang))

    def counter_text(self, lang: str | None = None) -> str:
        """"Decision 3 of 12 · hand 2" for the decision shown ("" without one)."""
        lang = lang or self.lang
        entry = self.current
        if entry is None:
            return ""
        return t("reviewui.counter", lang, n=self.index + 1, total=len(self.session.entries),
                 hand=entry.hand)

    def status_text(self, lang: str | None = None) -> str:
        """"Reviewing…" while the review runs, the no-decision sentence when there is none,
        or ""."""
        lang = lang or self.lang
        if not self.session.done:
            hand = self._reviewing or self.session.hands[0]
            return t("reviewui.reviewing", lang, hand=hand)
        if self.session.entries:
            return ""
        if not self.session.game.history:  # run before anything was played (Run All Cells)
            return t("reviewui.not_played", lang)
        if self.session.hand is None:
            return t("reviewui.none_game", lang, name=self.name(lang))
        return t("reviewui.none_hand", lang, name=self.name(lang), hand=self.session.hand)

    def board_svg(self, entry: ReviewEntry | None = None) -> str:
        """The marked board of *entry* (default: the decision shown)."""
        entry = self.current if entry is None else entry
        if entry is None:
            return ""
        return str(review_svg(entry, lang=self.lang, names=self.names, size=self.size,
                              room=self.board.room or None))

    def _status_html(self) -> str:
        text = self.status_text()
        if not text:
            return ""
        return (f"<div class='hr-msg hr-msg-info hr-review-status' lang='{esc(self.lang)}'>"
                f"{rule_links(text, self.lang)}</div>")

    @safe
    def _render(self) -> None:
        if not self.started:
            return
        lang = self.lang
        self.title.value = f"<h3 class='hr-title'>{esc(self.title_text(lang))}</h3>"
        self.close_button.description = t("reviewui.close", lang)
        tips = {self.first_button: "replay.first", self.prev_button: "replay.previous",
                self.next_button: "replay.next", self.last_button: "replay.last"}
        for button, key in tips.items():
            button.description = button.tooltip = t(key, lang)
        self.status.value = self._status_html()
        entry = self.current
        if self.session.done and self.session.entries:  # nothing to sum up without decisions
            summary = summarize(self.session.entries)
            self.summary_html.value = (f"<div class='hr-review-summary' lang='{esc(lang)}'>"
                                       f"<b>{esc(summary.text(lang))}</b></div>")
        else:
            self.summary_html.value = ""
        shown = "" if entry is not None else "none"
        self.nav.layout.display = self.board.layout.display = shown
        self.explanation.layout.display = shown
        if entry is None:
            self.counter.value = self.explanation.value = ""
            return
        count = len(self.session.entries)
        self.counter.value = (f"<span class='hr-review-counter' style='padding:0 0.8em'>"
                              f"{esc(self.counter_text(lang))}</span>")
        self.first_button.disabled = self.prev_button.disabled = self.index == 0
        self.next_button.disabled = self.last_button.disabled = self.index == count - 1
        self.board.show(self.board_svg(entry), board_moves(None, self.lang))
        if self._announced != self.index:  # each decision said once
            self._announced = self.index
            self.board.announce(entry.explain(lang))
        kind = "ok" if entry.loss < AS_GOOD else "info"
        self.explanation.value = (f"<p class='hr-review-explain hr-msg hr-msg-{kind}' "
                                  f"lang='{esc(lang)}'>{rule_links(entry.explain(lang), lang)}</p>")
