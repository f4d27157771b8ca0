"""The board you play on: the SVG picture as the control (an anywidget).

Python draws the picture (:func:`~horserace_nb.render.svg.game_svg` with ``interactive=True``)
and sends it with, for every hand tile that may be played, its legal points: what each is called
("on [4|4], straight B") and what it would make ("2 + 8 = 10 → 10 raw, 2 points. …"). The ES
module (``board.js``, shipped in the package) makes those tiles and points buttons
(``role="button"``, focusable, labelled), lights a tile's points on the client at once, previews a
point on hover or focus, and sends the chosen placement back. Python decides: :meth:`receive`
reads a message, refuses anything stale, forged or malformed with a sentence, and hands a well
formed choice to the callback, which applies it through ``Game.apply``.

The messages both ways are typed in :mod:`horserace_nb.sessions.protocol`: the move data
(:data:`~horserace_nb.sessions.protocol.Moves`) built by
:func:`~horserace_nb.sessions.protocol.board_moves`, and the front end's
:class:`~horserace_nb.sessions.protocol.SelectMessage` and
:class:`~horserace_nb.sessions.protocol.PlaceMessage`, each with the revision of the picture it
was sent from. A placement sent twice (a double click) arrives the second time about the picture
before the one its first sending brought: it is acknowledged, not refused (the first one's
feedback stays).

>>> board = Board()
>>> board.show("<svg/>", {"[1|4]": {"announce": "", "points": []}})
>>> board.revision
1
>>> seen = []
>>> board.on_choice(seen.append)
>>> board.receive({"kind": "place", "tile": "[1|4]", "on": None, "side": None, "rev": 1})
>>> seen[0].tile, seen[0].on
(Tile(1, 4), None)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..core.tiles import Side, Tile
from ..core.validate import is_whole
from ..render.theme import DEFAULT_THEME, palette
from ..sessions.protocol import (
    REPLAY_KEYS,
    Choice,
    Kind,
    Marks,
    Moves,
    PointRef,
    Spot,
    Text,
    point_ref,
)
from ..words.i18n import t
from .common import Lang

__all__ = ["Board", "Choice", "Moves", "Text"]

_HERE = Path(__file__).parent
PALETTE_HOLDERS = ".hr-board-w, .hr-msg, .hr-bar"
"""The elements the theme's role colours are set on (as CSS custom properties, in the board's
style sheet): the board and the widgets' message lines and bars, each its own element."""
_MAX_FIELD = 40  # no tile or side name is longer: anything longer is garbage


def palette_css() -> str:
    """The theme's role colours (:func:`~horserace_nb.render.theme.palette`) as CSS custom
    properties of :data:`PALETTE_HOLDERS`, the fallbacks of JupyterLab's ``--jp-*`` colours in
    the board's style sheet (written once, when the class is made).

    >>> f"--hr-error: {DEFAULT_THEME.error};" in palette_css()
    True
    """
    lines = [f"  {name}: {value};" for name, value in palette(DEFAULT_THEME).items()]
    return "\n/* the theme's role colours (render/theme.py) */\n" + "\n".join(
        [f"{PALETTE_HOLDERS} {{", *lines, "}"]) + "\n"


class Board(anywidget.AnyWidget):
    """The SVG board as a control: hand tiles and legal points are buttons.

    :param lang: the language of the board's own labels.
    :param readonly: show the picture only (a replay): nothing is clickable, every message is
        refused.
    """

    # the text, not the Path: anywidget would watch a Path and keep every board ever made
    # alive through its change signal (the memory of closed boards never freed)
    _esm = (_HERE / "board.js").read_text(encoding="utf-8")
    _css = (_HERE / "board.css").read_text(encoding="utf-8") + palette_css()

    svg = traitlets.Unicode("").tag(sync=True)
    """The picture (SVG text)."""
    hand = traitlets.Unicode("").tag(sync=True)
    """The viewer's hand as a strip of finger-sized tiles
    (:func:`~horserace_nb.render.svg.hand_strip`), or "" when the picture holds it."""
    announcement = traitlets.Dict({"n": 0, "text": ""}).tag(sync=True)
    """What the widget's one polite live region says next: ``{"n": count, "text": sentence}``
    (see :meth:`announce`)."""
    moves = traitlets.Dict().tag(sync=True)
    """Every hand tile that may be played now, with its points
    (:data:`~horserace_nb.sessions.protocol.Moves`)."""
    selected = traitlets.Unicode("").tag(sync=True)
    """A tile chosen by Python (a drawn tile that must be placed), or ""."""
    readonly = traitlets.Bool(False).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    """The board's accessible name (what it is and how to use it)."""
    revision = traitlets.Int(0).tag(sync=True)
    """Counts the pictures shown; a message about an older one is stale."""
    spots: traitlets.List[Any] = traitlets.List().tag(sync=True)
    """A board that asks for points: the points to choose from (:class:`~horserace_nb.sessions.
    protocol.Spot`), drawn as hidden ``circle.hr-svg-spot`` in the picture; each becomes a
    toggle button. ``[]``: none."""
    picked: traitlets.List[Any] = traitlets.List().tag(sync=True)
    """The spots chosen now (:class:`~horserace_nb.sessions.protocol.PointRef`), as Python
    keeps them (:meth:`pick`)."""
    marks: traitlets.Dict[str, Any] = traitlets.Dict({"kind": "", "points": [], "tiles": []}).tag(
        sync=True)
    """What a feedback sentence or a hint talks about, marked on the picture
    (:class:`~horserace_nb.sessions.protocol.Marks`, :meth:`mark`)."""
    lang = Lang("en").tag(sync=True)
    takes_keys = traitlets.Bool(False).tag(sync=True)
    """The board takes the keys of the widget it is in (a replay's ← → Space Home End): it is
    focusable itself and reports each key (:data:`~horserace_nb.sessions.protocol.ReplayKey`)
    to :meth:`on_key`; Python decides what it does."""
    room = traitlets.Int(0, min=0).tag(sync=True)
    """The width the board has on the page, in CSS px (its front end reports it, in steps of
    10; 0 until it has): the widget draws its picture to it
    (:func:`~horserace_nb.render.svg.game_svg`'s ``room``)."""

    def __init__(self, *, lang: str = "en", readonly: bool = False, **kwargs: Any) -> None:
        super().__init__(lang=lang, readonly=readonly, **kwargs)
        self._on_choice: Callable[[Choice], None] | None = None
        self._on_key: Callable[[str], None] | None = None
        self._on_refusal: Callable[[Text], None] | None = None
        self._handled: tuple[Tile, Tile | None, Side | None, int] | None = None
        """The last placement handed to the choice callback that brought a new picture, with
        the revision it was sent from."""
        self._relabel()
        self.on_msg(self._from_front_end)
        self.add_class("hr-board")

    @traitlets.observe("lang", "readonly", "takes_keys")
    def _relabel_on_change(self, _change: Any) -> None:
        self._relabel()

    def _relabel(self) -> None:
        key = ("replay.keys_label" if self.takes_keys else
               "board.label_readonly" if self.readonly else "board.label")
        self.label = t(key, self.lang)

    # ------------------------------------------------------------------ Python → browser
    def show(self, svg: str, moves: Moves | None = None, selected: str = "",
             hand: str = "", spots: list[Spot] | None = None) -> None:
        """Show a new picture (and the hand strip below it) with the moves it offers, or the
        *spots* to choose (none chosen, nothing marked), in one message (only the traits that
        changed are sent). The same picture with the same moves and spots is no new one: its
        revision stays, so a tap the learner made on it is not refused as stale (a board that
        first reports its room on a laptop is drawn again the same).

        >>> board = Board()
        >>> board.show("<svg/>"); board.show("<svg/>"); board.revision
        1
        >>> board.show("<svg></svg>"); board.revision
        2
        """
        same = (str(svg), str(hand), dict(moves or {}), selected, list(spots or [])) == (
            self.svg, self.hand, self.moves, self.selected, self.spots) and self.revision > 0
        with self.hold_sync():
            self.svg = str(svg)
            self.hand = str(hand)
            self.moves = dict(moves or {})
            self.selected = selected
            self.spots = list(spots or [])
            self.picked = []
            self.marks = dict(_no_marks().items())
            if not same:
                self.revision += 1

    def pick(self, points: Iterable[tuple[Tile | str, Side | str]]) -> None:
        """Show exactly *points* as chosen among the spots (in the spots' order)."""
        wanted = {(p["on"], p["side"]) for p in (point_ref(*x) for x in points)}
        self.picked = [{"on": s["on"], "side": s["side"]} for s in self.spots
                       if (s["on"], s["side"]) in wanted]

    def mark(self, points: Iterable[tuple[Tile | str, Side | str]] = (),
             tiles: Iterable[Tile | str] = (), kind: str = "error") -> None:
        """Mark *points* and *tiles* on the picture (what a feedback sentence or a hint talks
        about), in the colour of *kind* (``"ok"``, ``"error"``, ``"hint"``); nothing given
        clears the marks.

        >>> board = Board()
        >>> board.mark([("[1|1]", "branch_a")], ["[1|4]"], "hint")
        >>> board.marks
        {'kind': 'hint', 'points': [{'on': '[1|1]', 'side': 'branch_a'}], 'tiles': ['[1|4]']}
        >>> board.mark()
        >>> board.marks["kind"]
        ''
        """
        refs: list[PointRef] = sorted((point_ref(*p) for p in points),
                                      key=lambda r: (r["on"], r["side"]))
        names = sorted({str(Tile.parse(x)) for x in tiles})
        marks: Marks = ({"kind": kind, "points": refs, "tiles": names} if refs or names
                        else _no_marks())
        self.marks = dict(marks.items())

    def announce(self, text: str) -> None:
        """Have screen readers say *text* once, politely (a placement and its score, a draw, a
        pass, the computer's move, the end of a hand), even if it is the same as the last.

        >>> board = Board()
        >>> board.announce("Ann passes.")
        >>> board.announcement
        {'n': 1, 'text': 'Ann passes.'}
        """
        if text:
            count = self.announcement.get("n", 0)
            self.announcement = {"n": (count if isinstance(count, int) else 0) + 1,
                                 "text": str(text)}

    # ------------------------------------------------------------------ browser → Python
    def on_choice(self, callback: Callable[[Choice], None]) -> None:
        """Call *callback* with every well-formed :class:`Choice`."""
        self._on_choice = callback

    def on_refusal(self, callback: Callable[[Text], None]) -> None:
        """Call *callback* with the sentence explaining a refused message."""
        self._on_refusal = callback

    def on_key(self, callback: Callable[[str], None]) -> None:
        """Call *callback* with each key a board with :attr:`takes_keys` reports (one of
        :data:`~horserace_nb.sessions.protocol.REPLAY_KEYS`)."""
        self._on_key = callback

    def _from_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.receive(content)

    def receive(self, content: Any) -> None:
        """Handle one message as the front end sends it: a malformed, stale or read-only one is
        refused (the refusal callback says why); a well-formed one goes to the choice callback,
        a key (a board with :attr:`takes_keys`) to the key callback."""
        if isinstance(content, dict) and content.get("kind") == "key":
            key = content.get("key")
            if self.takes_keys and key in REPLAY_KEYS:
                if self._on_key is not None:
                    self._on_key(str(key))
            elif self._on_refusal is not None:
                self._on_refusal(_say("board.bad_message"))
            return
        choice, why = self.parse(content)
        if choice is None:
            if self._on_refusal is not None and why is not None:
                self._on_refusal(why)
            return
        revision = self.revision
        if self._on_choice is not None:
            self._on_choice(choice)
        if choice.kind == "place" and self.revision != revision:
            self._handled = (choice.tile, choice.on, choice.side, revision)

    def parse(self, content: Any) -> tuple[Choice | None, Text | None]:
        """The :class:`Choice` in *content*, or ``None`` and why it is refused — or
        ``(None, None)``: the placement just handled, sent again from the picture before the
        one it brought (a double click), acknowledged without a word."""
        read = _read(content)
        if read is not None and read[0] == "place" and self._is_repeat(read):
            return None, None
        if self.readonly:
            return None, _say("board.readonly")
        if read is None:
            return None, _say("board.bad_message")
        kind, tile, on, side, rev = read
        if rev != self.revision:
            return None, _say("board.stale")
        if kind == "point" and not any(s["on"] == str(on) and s["side"] == _side_value(side)
                                       for s in self.spots):
            return None, _say("board.bad_message")
        return Choice(kind, tile, on, side), None

    def _is_repeat(self, read: tuple[Kind, Tile, Tile | None, Side | None, int]) -> bool:
        _kind, tile, on, side, rev = read
        return self._handled == (tile, on, side, rev) and rev == self.revision - 1

    # ------------------------------------------------------------------ static fallback
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, and the picture itself for front ends without widgets (nbconvert,
        notebook viewers)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        return with_static_svg(bundle, self.svg + self.hand)


def with_static_svg(bundle: Any, svg: str) -> Any:
    """Add the picture as ``text/html`` to a widget's mime bundle (kept beside the widget view,
    which every widget front end prefers)."""
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    if isinstance(data, dict) and svg:
        data["text/html"] = f"<div class='hr-board-static'>{svg}</div>"
    return bundle


def _read(content: Any) -> tuple[Kind, Tile, Tile | None, Side | None, int] | None:
    """A front-end message's fields, or ``None`` if it is malformed (linear in its size: every
    field is short or refused)."""
    if not isinstance(content, dict):
        return None
    kind = content.get("kind")
    rev = content.get("rev")
    if kind not in ("select", "place", "point") or not is_whole(rev):
        return None
    if kind == "point":  # a spot: the layout tile and its side
        try:
            spot = Tile.parse(_field(content.get("on")))
            spot_side = Side.coerce(_field(content.get("side")))
        except (ValueError, TypeError):
            return None
        return "point", spot, spot, spot_side, rev
    try:
        tile = Tile.parse(_field(content.get("tile")))
        on_text = content.get("on")
        side_text = content.get("side")
        on = None if on_text is None else Tile.parse(_field(on_text))
        side = None if side_text is None else Side.coerce(_field(side_text))
    except (ValueError, TypeError):
        return None
    if (on is None) != (side is None):
        return None
    return ("select" if kind == "select" else "place"), tile, on, side, rev


def _side_value(side: Side | None) -> str:
    """A side as the messages name it ("" for none)."""
    return "" if side is None else point_ref("[0|0]", side)["side"]


def _no_marks() -> Marks:
    return {"kind": "", "points": [], "tiles": []}


def _field(value: Any) -> str:
    if not isinstance(value, str) or len(value) > _MAX_FIELD:
        raise ValueError("not a short text")
    return value


def _say(key: str) -> Text:
    return lambda lang: t(key, lang)
