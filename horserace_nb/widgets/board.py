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

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..core.tiles import Side, Tile
from ..core.validate import is_whole
from ..sessions.protocol import Choice, Kind, Moves, Text
from ..words.i18n import t
from .common import Lang

__all__ = ["Board", "Choice", "Moves", "Text"]

_HERE = Path(__file__).parent
_MAX_FIELD = 40  # no tile or side name is longer: anything longer is garbage


class Board(anywidget.AnyWidget):
    """The SVG board as a control: hand tiles and legal points are buttons.

    :param lang: the language of the board's own labels.
    :param readonly: show the picture only (a replay): nothing is clickable, every message is
        refused.
    """

    _esm = _HERE / "board.js"
    _css = _HERE / "board.css"

    svg = traitlets.Unicode("").tag(sync=True)
    """The picture (SVG text)."""
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
    lang = Lang("en").tag(sync=True)

    def __init__(self, *, lang: str = "en", readonly: bool = False, **kwargs: Any) -> None:
        super().__init__(lang=lang, readonly=readonly, **kwargs)
        self._on_choice: Callable[[Choice], None] | None = None
        self._on_refusal: Callable[[Text], None] | None = None
        self._handled: tuple[Tile, Tile | None, Side | None, int] | None = None
        """The last placement handed to the choice callback that brought a new picture, with
        the revision it was sent from."""
        self._relabel()
        self.on_msg(self._from_front_end)
        self.add_class("hr-board")

    @traitlets.observe("lang", "readonly")
    def _relabel_on_change(self, _change: Any) -> None:
        self._relabel()

    def _relabel(self) -> None:
        self.label = t("board.label_readonly" if self.readonly else "board.label", self.lang)

    # ------------------------------------------------------------------ Python → browser
    def show(self, svg: str, moves: Moves | None = None, selected: str = "") -> None:
        """Show a new picture with the moves it offers, in one message (only the traits that
        changed are sent)."""
        with self.hold_sync():
            self.svg = str(svg)
            self.moves = dict(moves or {})
            self.selected = selected
            self.revision += 1

    # ------------------------------------------------------------------ browser → Python
    def on_choice(self, callback: Callable[[Choice], None]) -> None:
        """Call *callback* with every well-formed :class:`Choice`."""
        self._on_choice = callback

    def on_refusal(self, callback: Callable[[Text], None]) -> None:
        """Call *callback* with the sentence explaining a refused message."""
        self._on_refusal = callback

    def _from_front_end(self, _widget: Any, content: Any, _buffers: Any) -> None:
        self.receive(content)

    def receive(self, content: Any) -> None:
        """Handle one message as the front end sends it: a malformed, stale or read-only one is
        refused (the refusal callback says why); a well-formed one goes to the choice callback."""
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
        return Choice(kind, tile, on, side), None

    def _is_repeat(self, read: tuple[Kind, Tile, Tile | None, Side | None, int]) -> bool:
        _kind, tile, on, side, rev = read
        return self._handled == (tile, on, side, rev) and rev == self.revision - 1

    # ------------------------------------------------------------------ static fallback
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, and the picture itself for front ends without widgets (nbconvert,
        notebook viewers)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        return with_static_svg(bundle, self.svg)


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
    if kind not in ("select", "place") or not is_whole(rev):
        return None
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


def _field(value: Any) -> str:
    if not isinstance(value, str) or len(value) > _MAX_FIELD:
        raise ValueError("not a short text")
    return value


def _say(key: str) -> Text:
    return lambda lang: t(key, lang)
