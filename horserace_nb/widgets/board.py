"""The board you play on: the SVG picture as the control (an anywidget).

Python draws the picture (:func:`~horserace_nb.render.svg.game_svg` with ``interactive=True``)
and sends it with, for every hand tile that may be played, its legal points: what each is called
("on [4|4], straight B") and what it would make ("2 + 8 = 10 → 10 raw, 2 points. …"). The ES
module (``board.js``, shipped in the package) makes those tiles and points buttons
(``role="button"``, focusable, labelled), lights a tile's points on the client at once, previews a
point on hover or focus, and sends the chosen placement back. Python decides: :meth:`receive`
reads a message, refuses anything stale, forged or malformed with a sentence, and hands a well
formed choice to the callback, which applies it through ``Game.apply``.

Front-end messages (``model.send``) are ``{"kind": "select" | "place", "tile": "[1|4]",
"on": "[4|4]" | None, "side": "straight_b" | None, "rev": <revision>}``.

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

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..core.tiles import Side, Tile
from ..render.theme import DEFAULT_THEME, palette
from ..words.i18n import LANGS, t
from ..words.i18n import label as lang_label
from .common import Lang

__all__ = ["Board", "Choice", "Text", "check_size"]

Text = Callable[[str], str]
"""A sentence that can be written in any language."""

_HERE = Path(__file__).parent
_MAX_FIELD = 40  # no tile or side name is longer: anything longer is garbage


@dataclass(frozen=True)
class Choice:
    """A well-formed choice from the board: a tile selected, or a placement asked for (not yet
    checked against the rules)."""

    kind: str  # "select" or "place"
    tile: Tile
    on: Tile | None = None
    side: Side | None = None


def check_size(size: object, name: str = "size") -> float:
    """A picture width in pixels: a finite positive number (a bool is not one).

    :raises ValueError: naming the parameter otherwise.
    """
    if (isinstance(size, bool) or not isinstance(size, (int, float))
            or not math.isfinite(size) or size <= 0):
        raise ValueError(f"{name} is the largest width of the picture in pixels, a number above "
                         f"0, not {size!r}")
    return float(size)


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
    hand = traitlets.Unicode("").tag(sync=True)
    """The viewer's hand as a strip of finger-sized tiles
    (:func:`~horserace_nb.render.svg.hand_strip`), or "" when the picture holds it."""
    announcement = traitlets.Dict({"n": 0, "text": ""}).tag(sync=True)
    """What the widget's one polite live region says next: ``{"n": count, "text": sentence}``
    (see :meth:`announce`)."""
    palette = traitlets.Dict().tag(sync=True)
    """The theme's role colours as CSS custom properties (:func:`~horserace_nb.render.theme.
    palette`), set on the widget the board belongs to: the fallbacks of JupyterLab's."""
    lang_names = traitlets.Dict().tag(sync=True)
    """Each language's name in itself → its code, so the front end marks the language switch's
    labels with their own ``lang``."""
    moves = traitlets.Dict().tag(sync=True)
    """Tile text → ``{"announce": sentence, "points": [{"on", "side", "label", "preview"}]}``
    for every hand tile that may be played now."""
    selected = traitlets.Unicode("").tag(sync=True)
    """A tile chosen by Python (a drawn tile that must be placed), or ""."""
    readonly = traitlets.Bool(False).tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    """The board's accessible name (what it is and how to use it)."""
    revision = traitlets.Int(0).tag(sync=True)
    """Counts the pictures shown; a message about an older one is stale."""
    lang = Lang("en").tag(sync=True)

    def __init__(self, *, lang: str = "en", readonly: bool = False, **kwargs: Any) -> None:
        super().__init__(lang=lang, readonly=readonly,
                         lang_names={lang_label(code): code for code in LANGS},
                         palette=palette(DEFAULT_THEME), **kwargs)
        self._on_choice: Callable[[Choice], None] | None = None
        self._on_refusal: Callable[[Text], None] | None = None
        self._relabel()
        self.on_msg(self._from_front_end)
        self.add_class("hr-board")

    @traitlets.observe("lang", "readonly")
    def _relabel_on_change(self, _change: Any) -> None:
        self._relabel()

    def _relabel(self) -> None:
        self.label = t("board.label_readonly" if self.readonly else "board.label", self.lang)

    # ------------------------------------------------------------------ Python → browser
    def show(self, svg: str, moves: Mapping[str, Any] | None = None,
             selected: str = "", hand: str = "") -> None:
        """Show a new picture (and the hand strip below it) with the moves it offers, in one
        message (only the traits that changed are sent)."""
        with self.hold_sync():
            self.svg = str(svg)
            self.hand = str(hand)
            self.moves = dict(moves or {})
            self.selected = selected
            self.revision += 1

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
        if self._on_choice is not None:
            self._on_choice(choice)

    def parse(self, content: Any) -> tuple[Choice | None, Text | None]:
        """The :class:`Choice` in *content*, or ``None`` and why it is refused."""
        if self.readonly:
            return None, _say("board.readonly")
        if not isinstance(content, dict):
            return None, _say("board.bad_message")
        kind = content.get("kind")
        rev = content.get("rev")
        if kind not in ("select", "place") or isinstance(rev, bool) or not isinstance(rev, int):
            return None, _say("board.bad_message")
        try:
            tile = Tile.parse(_field(content.get("tile")))
            on_text = content.get("on")
            side_text = content.get("side")
            on = None if on_text is None else Tile.parse(_field(on_text))
            side = None if side_text is None else Side.coerce(_field(side_text))
        except (ValueError, TypeError):
            return None, _say("board.bad_message")
        if (on is None) != (side is None):
            return None, _say("board.bad_message")
        if rev != self.revision:
            return None, _say("board.stale")
        return Choice(kind, tile, on, side), None

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


def _field(value: Any) -> str:
    if not isinstance(value, str) or len(value) > _MAX_FIELD:
        raise ValueError("not a short text")
    return value


def _say(key: str) -> Text:
    return lambda lang: t(key, lang)
