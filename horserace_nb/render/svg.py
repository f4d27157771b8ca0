"""SVG pictures of layouts and games (svgwrite), in the visual language of the rule texts.

Every picture shows the tiles with their pips, a divider between the halves, doubles laid
crosswise, an **orange outline on every spinner** (R10), a **filled number** next to every
counted end showing its contribution (R13) and a **hollow dot** on every open connection point
that is not counted (R14), with a legend line and the end total and placement score (R15) as
text.

Reading of the opening double: a double that opens the hand has both straights open and counts
once (R13). Its number is drawn at straight A (where :meth:`Layout.scoring_points` counts it); its
other open straight gets a *small filled dot* in the same colour: filled because it belongs to the
counted double, without a number because it adds nothing more. The legend explains it whenever
it is shown.

The pictures are built with svgwrite's public API (a ``Drawing(debug=False)``, its element
factories, ``tostring()``). The functions are pure: the same input gives byte-identical output
(every element that has an id gets an explicit one, never an automatic one; numbers are
formatted with at most two decimals; svgwrite writes attributes in name order). Every sentence
of the text alternative (title and description) and of the captions comes from
:mod:`horserace_nb.words.describe`.

Element classes and ``data-*`` attributes name what is drawn, for tests and click handling:

- ``g.tile`` (``id="tile-1-4"``, ``data-tile="[1|4]"``) for every placed tile,
- ``rect.spinner`` for the orange outline of every double,
- ``g.end`` (``data-tile``, ``data-side``, ``data-value``) for every counted contribution,
- ``circle.end-part`` for the second open straight of an opening double,
- ``circle.open-point`` for every open point that is not counted,
- ``circle.target`` for a highlighted legal target, ``rect.highlight`` under a highlighted tile,
- with ``game_svg(..., played=, best=)`` (a post-game review): ``circle.review-played`` and
  ``circle.review-best`` on the points of the move played and the strong player's choice,
  ``rect.review-played`` and ``rect.review-best`` around their tiles in the hand,
- with ``game_svg(..., interactive=True)``: ``circle.spot`` (``data-tile``, ``data-side``) on
  every open point and, on an empty layout, one ``rect.spot.open`` in the middle, all with
  ``visibility="hidden"``: the board widget's style sheet shows the legal ones of a chosen tile,
- in a game: ``g.hand`` per seat (``data-seat``, ``data-count``, ``data-name``; ``own`` or
  ``hidden``), ``g.hand-tile`` (with ``data-tile``; ``pending`` for a drawn tile that must be
  placed, ``selected`` for the chosen tile) for the viewer's own tiles only, ``rect.tile-back``
  for the others' face-down tiles.

User text (player names, titles) only ever becomes escaped text or attribute values; characters
XML cannot hold are dropped. ``layout_svg(..., show_numbers=False)`` draws an exercise: the
tiles and spinners without numbers, dots, total or score.

>>> from horserace_nb.core.layout import Layout
>>> layout = Layout.from_placements([("[3|6]", None, None), ("[6|6]", "[3|6]", "high")])
>>> svg = layout_svg(layout)
>>> [svg.count(f'class="hr-svg-{name}"') for name in ("tile", "spinner", "end")]
[2, 1, 2]
>>> svg == layout_svg(layout)
True
"""

from __future__ import annotations

import dataclasses
import html
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import svgwrite

from ..core import validate
from ..core.actions import Place
from ..core.game import Game, SeatView
from ..core.layout import Layout
from ..core.tiles import Side, Tile
from ..words.describe import (
    boneyard_sentence,
    describe_game,
    describe_layout,
    game_title,
    hand_count_sentence,
    last_placement,
    layout_title,
    score_items,
    status_sentences,
    summary_sentences,
)
from ..words.i18n import check_lang, t
from ..words.names import scoring_sides, seat_names, sentences
from .geometry import UNIT, Box, Geometry, layout_geometry
from .text import text_width as _text_width
from .text import wrap as _wrap
from .theme import DEFAULT_THEME, Theme

__all__ = ["SvgImage", "text_alternative", "layout_svg", "game_svg", "hand_strip", "tile_strip",
           "save_svg", "STRIP_CELL"]

Point = tuple[Tile, Side]
_Highlight = Tile | str | None

# ---------------------------------------------------------------------------- sizes (user units)
_MARGIN = 16.0  # around the board and the text
_MIN_WIDTH = 460.0  # so the caption lines stay readable under a one-tile layout
_GAME_WIDTH = _MIN_WIDTH + 100  # a game picture's least width, unless it is given its room
_LEAST_ROOM = 240.0  # the narrowest room a game picture's texts wrap to (a small phone)
_MOST_TEXT_SCALE = 2.0  # a game picture's texts drawn at most this much larger for its room
_BADGE_R = UNIT * 0.33  # the filled number of a counted end
_BADGE_FONT = UNIT * 0.38
_DOT_R = UNIT * 0.15  # a hollow dot
_PART_R = UNIT * 0.11  # the second open straight of an opening double
_TARGET_R = UNIT * 0.46
_SPOT_R = UNIT * 0.6  # a lit point of the board: 48 units across, a finger's width at scale 0.92
_PIP_R = 0.095  # of a half's side
_TEXT = 14.0  # caption font size
_SMALL = 12.5  # legend and counts
_LINE = 1.45  # line height, in font sizes
_HAND_UNIT = UNIT * 0.75  # the half-square of a tile in the viewer's hand
_BACK_W, _BACK_H, _BACK_GAP = 14.0, 26.0, 4.0  # a face-down tile
_NAME_MAX = 28  # visible characters of a player name (the full name is in the text alternative)
_DASH = "5,3"

# Pip positions on a unit half-square whose tile runs vertically (top to bottom); a horizontal
# tile uses them transposed. The 6 is two columns of three along the tile.
_A, _M, _Z = 0.25, 0.5, 0.75
_PIPS: tuple[tuple[tuple[float, float], ...], ...] = (
    (),
    ((_M, _M),),
    ((_Z, _A), (_A, _Z)),
    ((_Z, _A), (_M, _M), (_A, _Z)),
    ((_A, _A), (_Z, _A), (_A, _Z), (_Z, _Z)),
    ((_A, _A), (_Z, _A), (_M, _M), (_A, _Z), (_Z, _Z)),
    ((_A, _A), (_Z, _A), (_A, _M), (_Z, _M), (_A, _Z), (_Z, _Z)),
)

# Characters XML 1.0 cannot carry (C0 controls except tab/newline/CR, surrogates, U+FFFE/FFFF):
# a name holding one would make the whole picture unreadable, so they are dropped.
_XML_INVALID = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


_TITLE = re.compile(r"<title>([^<]*)</title>")
_DESC = re.compile(r"<desc>([^<]*)</desc>")


class SvgImage(str):
    """SVG text that Jupyter displays as a picture (like ``chess.svg``'s return value).

    Where the picture cannot be shown (a notebook JupyterLab does not trust shows only an
    output's plain text; a terminal), its plain text is the picture's text alternative, its
    title and description, rather than the markup:

    >>> from horserace_nb.core.layout import Layout
    >>> print(text_alternative(layout_svg(Layout(), lang="ja")))
    ホースレースの配置
    配置は空です。先手は手牌のどの牌からでも始められます (R8)。
    """

    __slots__ = ()

    def _repr_svg_(self) -> SvgImage:
        return self

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython's plain text of the picture (every display's ``text/plain``)."""
        printer.text(text_alternative(self))


def text_alternative(svg: str) -> str:
    """The text alternative of a picture drawn here: its title, then its description (each on a
    line; the markup's first ``title`` and ``desc``, unescaped); the whole text for other
    text."""
    found = [html.unescape(match.group(1)) for match in (_TITLE.search(svg), _DESC.search(svg))
             if match is not None]
    return "\n".join(found) if found else svg


# ---------------------------------------------------------------------------- small helpers
def _n(x: float) -> str:
    """A number as SVG text: at most two decimals, no trailing zeros, never ``-0``."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _clean(text: object) -> str:
    """User text made safe for XML: characters XML cannot hold are dropped (svgwrite
    escapes ``<``, ``>``, ``&`` and quotes)."""
    return _XML_INVALID.sub("", str(text))


def _short(name: str) -> str:
    return name if len(name) <= _NAME_MAX else name[: _NAME_MAX - 1] + "…"


def _point_id(prefix: str, tile: Tile, side: Side) -> str:
    return f"{prefix}-{tile.low}-{tile.high}-{side.value}"


class _Element(Protocol):
    """What the drawing code uses of an svgwrite element (its public API)."""

    def add(self, element: _Element) -> _Element: ...
    def __getitem__(self, key: str) -> Any: ...
    def __setitem__(self, key: str, value: Any) -> None: ...


_SVG = svgwrite.Drawing(debug=False)
"""The element factory: every element is made by its factory methods (``_SVG.g()``,
``_SVG.rect()``, …) and shares its parameters, without validation (``debug=False``: the values
are already SVG text). It is never drawn itself; each picture is its own :class:`Drawing`."""
# its factory methods, looked up once
_SVG_G, _SVG_RECT, _SVG_CIRCLE = _SVG.g, _SVG.rect, _SVG.circle
_SVG_TEXT, _SVG_LINE, _SVG_PATH = _SVG.text, _SVG.line, _SVG.path


CLASS_PREFIX = "hr-svg-"
"""Every class in the pictures starts with this: the SVG is inlined into the host page, whose
style sheets must not reach it (Voilà's ``.spinner`` rule would set spinners rotating; a
``.hidden`` rule would hide hands)."""


def _classes(names: str) -> str:
    return " ".join(CLASS_PREFIX + name for name in names.split())


def _el(make: Callable[..., Any], *args: Any, **attrs: Any) -> _Element:
    """An svgwrite element made by the factory method *make* (``_SVG.line`` …) from *args*, with
    the attributes *attrs* (svgwrite's keyword rules: ``class_`` → ``class``, ``data_x`` →
    ``data-x``; every class gets :data:`CLASS_PREFIX`), never an automatic id."""
    if "class_" in attrs:
        attrs["class_"] = _classes(attrs["class_"])
    element: _Element = make(*args, **attrs)
    return element


def _group(**attrs: Any) -> _Element:
    return _el(_SVG_G, **attrs)


def _rect(x: float, y: float, w: float, h: float, **attrs: Any) -> _Element:
    return _el(_SVG_RECT, (_n(x), _n(y)), (_n(w), _n(h)), **attrs)


def _circle(cx: float, cy: float, r: float, **attrs: Any) -> _Element:
    return _el(_SVG_CIRCLE, (_n(cx), _n(cy)), _n(r), **attrs)


def _text(x: float, y: float, text: str, **attrs: Any) -> _Element:
    return _el(_SVG_TEXT, text, (_n(x), _n(y)), **attrs)


def _line(x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> _Element:
    return _el(_SVG_LINE, (_n(x1), _n(y1)), (_n(x2), _n(y2)), **attrs)


# ---------------------------------------------------------------------------- tiles
def _draw_face(parent: _Element, tile: Tile, box: Box, low: Box, high: Box,
               theme: Theme) -> None:
    """A tile's face: rounded rectangle, divider, pips of both halves."""
    inset = max(1.0, box.w * 0.02)
    side = min(low.w, low.h)
    parent.add(_rect(box.x + inset, box.y + inset, box.w - 2 * inset, box.h - 2 * inset,
                     rx=_n(side * 0.14), fill=theme.tile_face, stroke=theme.tile_edge,
                     stroke_width=_n(max(1.0, side * 0.035)), class_="face"))
    horizontal = low.y == high.y  # the halves lie side by side
    gap = side * 0.16
    if horizontal:
        x = max(low.x, high.x)
        parent.add(_line(x, box.y + gap, x, box.y + box.h - gap, stroke=theme.divider,
                         stroke_width=_n(max(1.0, side * 0.03))))
    else:
        y = max(low.y, high.y)
        parent.add(_line(box.x + gap, y, box.x + box.w - gap, y, stroke=theme.divider,
                         stroke_width=_n(max(1.0, side * 0.03))))
    # all pips of the tile as one path of circles (two half arcs each): few elements, fast
    r = side * _PIP_R
    arc = f"a{_n(r)},{_n(r)} 0 1,0 "
    circle = f"{arc}{_n(2 * r)},0{arc}{_n(-2 * r)},0z"  # from the pip's left edge, round
    d = []
    for half, number in ((low, tile.low), (high, tile.high)):
        for px, py in _PIPS[number]:
            if horizontal:
                px, py = py, px
            x, y = half.x + px * half.w, half.y + py * half.h
            d.append(f"M{_n(x - r)},{_n(y)}{circle}")
    if d:
        parent.add(_el(_SVG_PATH, "".join(d), fill=theme.pips, class_="pips"))


def _upright(x: float, y: float, unit: float) -> tuple[Box, Box, Box]:
    """Box, low half and high half of an upright tile (low on top) at (x, y)."""
    return (Box(x, y, unit, 2 * unit), Box(x, y, unit, unit), Box(x, y + unit, unit, unit))


# ---------------------------------------------------------------------------- the board
@dataclass
class _Board:
    """A drawn layout: its group (origin at the top left of its bounds) and size."""

    group: _Element
    width: float
    height: float
    legend: list[str]  # legend keys in use


def _coerce_point(point: Sequence[Any]) -> Point:
    tile, side = point
    return Tile.parse(tile), Side.coerce(side)


def _draw_board(layout: Layout, geometry: Geometry, theme: Theme, highlight: Tile | None,
                targets: list[Point], numbers: bool = True) -> _Board:
    bounds = geometry.bounds
    pad = UNIT * 0.2
    board = _group(class_="board", transform=f"translate({_n(pad - bounds.x)},"
                                             f"{_n(pad - bounds.y)})")
    tiles = geometry.tiles
    if highlight is not None:
        g = tiles[highlight]
        glow = UNIT * 0.12
        board.add(_rect(g.box.x - glow, g.box.y - glow, g.box.w + 2 * glow, g.box.h + 2 * glow,
                        rx=_n(UNIT * 0.22), fill=theme.highlight, class_="highlight",
                        data_tile=str(highlight)))
    for tile, g in tiles.items():
        group = _group(class_="tile", id=f"tile-{tile.low}-{tile.high}", data_tile=str(tile))
        _draw_face(group, tile, g.box, g.low_half, g.high_half, theme)
        if tile.is_double:
            inset = UNIT * 0.05
            group.add(_rect(g.box.x + inset, g.box.y + inset, g.box.w - 2 * inset,
                            g.box.h - 2 * inset, rx=_n(UNIT * 0.14), fill="none",
                            stroke=theme.spinner, stroke_width=_n(UNIT * 0.09),
                            class_="spinner", data_tile=str(tile)))
        board.add(group)

    legend: list[str] = []
    marks = _group(class_="points")
    scoring = {(tile, side): value for tile, side, value in layout.scoring_points()}
    points = geometry.points
    if not numbers:  # an exercise: the learner finds the counted ends
        scoring = {}
    # counted contributions, in scoring_points order (R13)
    for (tile, side), value in scoring.items():
        p = points[(tile, side)]
        end = _group(class_="end", id=_point_id("point", tile, side), data_tile=str(tile),
                     data_side=side.value, data_value=str(value))
        end.add(_circle(p.x, p.y, _BADGE_R, fill=theme.counted))
        end.add(_text(p.x, p.y + _BADGE_FONT * 0.36, str(value), fill=theme.counted_text,
                      font_size=_n(_BADGE_FONT), font_weight="bold", text_anchor="middle"))
        marks.add(end)
    for tile, side, number in layout.open_points() if numbers else ():
        if (tile, side) in scoring:
            continue
        p = points[(tile, side)]
        if layout.is_counted(tile, side):
            # the other open straight of a double counted once at its first straight (R13)
            marks.add(_circle(p.x, p.y, _PART_R, fill=theme.counted, class_="end-part",
                              id=_point_id("point", tile, side), data_tile=str(tile),
                              data_side=side.value, data_number=str(number)))
            if "render.legend_double" not in legend:
                legend.append("render.legend_double")
        else:
            marks.add(_circle(p.x, p.y, _DOT_R, fill=theme.hollow_fill, stroke=theme.hollow,
                              stroke_width=_n(UNIT * 0.055), class_="open-point",
                              id=_point_id("point", tile, side), data_tile=str(tile),
                              data_side=side.value, data_number=str(number)))
    board.add(marks)
    if targets:
        rings = _group(class_="targets")
        for tile, side in targets:
            p = points[(tile, side)]
            rings.add(_circle(p.x, p.y, _TARGET_R, fill=theme.target, fill_opacity="0.12",
                              stroke=theme.target, stroke_width=_n(UNIT * 0.075),
                              class_="target", id=_point_id("target", tile, side),
                              data_tile=str(tile), data_side=side.value))
        board.add(rings)
        legend.append("render.legend_target")
    return _Board(board, bounds.w + 2 * pad, bounds.h + 2 * pad, legend)


def _draw_spots(board: _Board, layout: Layout, geometry: Geometry, theme: Theme) -> _Board:
    """Hidden targets on every open point (an empty layout: one opening place in the middle,
    the board made big enough for it), for the board widget to light up."""
    spots = _group(class_="spots")
    common = dict(fill=theme.target, fill_opacity="0.18", stroke=theme.target,
                  stroke_width=_n(UNIT * 0.075), visibility="hidden")
    if layout.is_empty:
        pad = UNIT * 0.2
        width, height = max(board.width, UNIT * 3), max(board.height, UNIT * 1.8)
        w, h = UNIT * 2.4, UNIT * 1.3
        spots.add(_rect(width / 2 - w / 2 - pad, height / 2 - h / 2 - pad, w, h,
                        rx=_n(UNIT * 0.15), class_="spot open", data_open="true", **common))
        board.group.add(spots)
        return _Board(board.group, width, height, board.legend)
    for tile, side, _ in layout.open_points():
        p = geometry.points[(tile, side)]
        spots.add(_circle(p.x, p.y, _SPOT_R, class_="spot", id=_point_id("spot", tile, side),
                          data_tile=str(tile), data_side=side.value, **common))
    board.group.add(spots)
    return board


def _draw_free_spots(board: _Board, geometry: Geometry, theme: Theme,
                     spots: Sequence[Any]) -> None:
    """Hidden targets on the given free sides of the layout (an exercise answered by choosing
    points: open ones and closed branches alike), for the board widget to make buttons.

    :raises ValueError: for a point that is not a free side of the layout.
    """
    group = _group(class_="spots")
    for point in spots:
        tile, side = _coerce_point(point)
        p = geometry.free.get((tile, side))
        if p is None:
            raise ValueError(f"spot {tile} ({side.value}) is not a free side of the layout")
        group.add(_circle(p.x, p.y, _SPOT_R, class_="spot", id=_point_id("spot", tile, side),
                          data_tile=str(tile), data_side=side.value, fill=theme.target,
                          fill_opacity="0.18", stroke=theme.target,
                          stroke_width=_n(UNIT * 0.075), visibility="hidden"))
    board.group.add(group)


def _holding_spots(geometry: Geometry, spots: Sequence[Any]) -> Geometry:
    """*geometry* with its bounds grown to hold the whole circle of every spot on a free side
    (a spinner's closed branch lies outside the layout's bounds; the picture would cut it). A
    point that is not a free side is left to :func:`_draw_free_spots` to refuse."""
    b = geometry.bounds
    x0, y0, x1, y1 = b.x, b.y, b.x + b.w, b.y + b.h
    for point in spots:
        p = geometry.free.get(_coerce_point(point))
        if p is not None:
            x0, y0 = min(x0, p.x - _SPOT_R), min(y0, p.y - _SPOT_R)
            x1, y1 = max(x1, p.x + _SPOT_R), max(y1, p.y + _SPOT_R)
    return dataclasses.replace(geometry, bounds=Box(x0, y0, x1 - x0, y1 - y0))


def _review_marks(board: _Board, layout: Layout, geometry: Geometry, theme: Theme,
                  hand: Sequence[Tile], played: Place | None, best: Place | None) -> list[str]:
    """Ring the points of the move played (dashed, the target colour) and of the strong
    player's choice (solid green, a little wider, so both show on one point); the legend keys.

    :raises ValueError: for a move whose tile is not in the hand or whose point is not open.
    """
    keys: list[str] = []
    rings = _group(class_="review")
    for kind, move in (("played", played), ("best", best)):
        if move is None:
            continue
        if not isinstance(move, Place):
            raise ValueError(f"{kind} is a Place, not {type(move).__name__}")
        if move.tile not in hand:
            raise ValueError(f"{kind}: {move.tile} is not in the hand shown")
        if move.on is not None and move.side is not None:
            _check_points(layout, geometry, [(move.on, move.side)])
            p = geometry.points[(move.on, move.side)]
            colour = theme.best if kind == "best" else theme.played
            extra = {} if kind == "best" else {"stroke_dasharray": _DASH}
            rings.add(_circle(p.x, p.y, _TARGET_R * (1.25 if kind == "best" else 1.0),
                              fill=colour, fill_opacity="0.1", stroke=colour,
                              stroke_width=_n(UNIT * 0.075), class_=f"review-{kind}",
                              data_tile=str(move.on), data_side=move.side.value, **extra))
        keys.append(f"reviewui.legend_{kind}")
    if keys:
        board.group.add(rings)
    return keys


def _check_points(layout: Layout, geometry: Geometry, targets: Sequence[Any] | None
                  ) -> list[Point]:
    out: list[Point] = []
    for point in targets or ():
        tile, side = _coerce_point(point)
        if (tile, side) not in geometry.points:
            raise ValueError(f"target {tile} ({side.value}) is not an open connection point "
                             "of the layout")
        if (tile, side) not in out:
            out.append((tile, side))
    return out


def _check_highlight(layout: Layout, highlight: _Highlight) -> Tile | None:
    if highlight is None:
        return None
    tile = Tile.parse(highlight)
    if tile not in layout:
        raise ValueError(f"cannot highlight {tile}: it is not on the layout")
    return tile


# ---------------------------------------------------------------------------- captions
class _Column:
    """Text and legend lines stacked downwards from ``y`` (absolute coordinates)."""

    def __init__(self, parent: _Element, x: float, y: float, width: float, theme: Theme,
                 scale: float = 1.0):
        self.parent, self.x, self.y, self.width, self.theme = parent, x, y, width, theme
        self.scale = scale  # every text size times this

    def text(self, text: str, *, size: float = _TEXT, bold: bool = False, color: str | None = None,
             css: str = "caption", keep: Sequence[str] = ()) -> None:
        size *= self.scale
        for line in _wrap(text, size, self.width, keep):
            self.y += size * _LINE
            attrs: dict[str, Any] = {"font_size": _n(size), "fill": color or self.theme.text,
                                     "class_": css}
            if bold:
                attrs["font_weight"] = "bold"
            self.parent.add(_text(self.x, self.y - size * 0.35, line, **attrs))

    def legend(self, keys: list[str], lang: str) -> None:
        """Legend items (glyph + text) laid out in rows, wrapping when a row is full."""
        size = _SMALL * self.scale
        theme = self.theme
        group = _group(class_="legend")
        x = self.x
        row_h = size * 1.7
        y = self.y + row_h / 2
        gap = size * 1.4
        glyph_w = size * 1.5
        line_h = size * 1.3
        extra = 0.0  # height of wrapped label lines in the current row
        for key in keys:
            label = t(key, lang)
            w = glyph_w + _text_width(label, size)
            if x > self.x and x + w > self.x + self.width:
                x = self.x
                y += row_h + extra
                extra = 0.0
            lines = _wrap(label, size, self.width - glyph_w)
            if len(lines) > 1:
                w = self.width
                extra = max(extra, (len(lines) - 1) * line_h)
            cx = x + size * 0.6
            if key == "render.legend_counted":
                group.add(_circle(cx, y, size * 0.62, fill=theme.counted))
                group.add(_text(cx, y + size * 0.3, "n", fill=theme.counted_text,
                                font_size=_n(size * 0.85), font_weight="bold",
                                text_anchor="middle"))
            elif key == "render.legend_open":
                group.add(_circle(cx, y, size * 0.34, fill=theme.hollow_fill,
                                  stroke=theme.hollow, stroke_width="1.8"))
            elif key == "render.legend_spinner":
                group.add(_rect(cx - size * 0.35, y - size * 0.6, size * 0.7, size * 1.2,
                                rx="2", fill=theme.tile_face, stroke=theme.spinner,
                                stroke_width="2.2"))
            elif key == "render.legend_double":
                group.add(_circle(cx, y, size * 0.3, fill=theme.counted))
            elif key == "render.legend_target":
                group.add(_circle(cx, y, size * 0.55, fill=theme.target, fill_opacity="0.12",
                                  stroke=theme.target, stroke_width="2"))
            elif key == "reviewui.legend_played":
                group.add(_circle(cx, y, size * 0.55, fill="none", stroke=theme.played,
                                  stroke_width="2", stroke_dasharray="3,2"))
            elif key == "reviewui.legend_best":
                group.add(_circle(cx, y, size * 0.55, fill="none", stroke=theme.best,
                                  stroke_width="2.4"))
            for i, line in enumerate(lines):
                group.add(_text(x + glyph_w, y + size * 0.36 + i * line_h, line,
                                font_size=_n(size), fill=theme.muted))
            x += w + gap
        self.parent.add(group)
        self.y = y + row_h / 2 + extra

    def gap(self, dy: float) -> None:
        self.y += dy


def _layout_lines(layout: Layout, lang: str, highlight: Tile | None,
                  numbers: bool = True) -> list[tuple[str, bool]]:
    """The caption lines under a board (bold or not): the last placement, the sum and the
    score (each on its own line), or the sentence of an empty layout."""
    if layout.is_empty:
        return [(describe_layout(layout, lang), False)]
    lines: list[tuple[str, bool]] = []
    if highlight is not None and highlight is layout.tiles[-1]:
        lines.append((last_placement(highlight, lang), True))
    if numbers:
        lines.extend((sentence, False) for sentence in summary_sentences(layout, lang))
    return lines


_LEGEND = ["render.legend_counted", "render.legend_open", "render.legend_spinner"]


# ---------------------------------------------------------------------------- drawings
def _drawing(width: float, height: float, size: float | None, lang: str, title: str, desc: str,
             theme: Theme, kind: str) -> svgwrite.Drawing:
    """A picture's :class:`svgwrite.Drawing`, with its size, language, title and description
    (the text alternative, first in the document)."""
    scale = 1.0 if size is None or size >= width else size / width
    drawing = svgwrite.Drawing(size=(_n(width * scale), _n(height * scale)), debug=False,
                               viewBox=f"0 0 {_n(width)} {_n(height)}", role="img", lang=lang,
                               class_=_classes(f"horserace {kind}"),
                               font_family=theme.fonts(lang))
    drawing.set_desc(title=_clean(title), desc=_clean(desc))
    return drawing


def _finish(drawing: svgwrite.Drawing) -> SvgImage:
    """The picture as SVG text (svgwrite writes attributes in name order: deterministic)."""
    return SvgImage(drawing.tostring())


def _least_width(room: float | None, widest: float) -> float:
    """A picture's least width: *widest*, or its room on the page (240 at the least) where
    that is narrower."""
    if room is None:
        return widest
    if (isinstance(room, bool) or not isinstance(room, (int, float))
            or not 0 < room < float("inf")):
        raise ValueError(f"room must be a positive number of pixels, not {room!r}")
    return min(widest, max(_LEAST_ROOM, float(room)))


def _text_grow(width: float, room: float | None, size: float | None) -> float:
    """How much larger a picture *width* wide draws its texts: as much as it is shown
    narrower (in its room on the page, or at its size), at most twice; 1 without a room."""
    if room is None:
        return 1.0
    on_page = min(width, max(_LEAST_ROOM, float(room)), size or width)
    return min(_MOST_TEXT_SCALE, width / on_page)


def layout_svg(layout: Layout, *, lang: str = "en", highlight: _Highlight = None,
               targets: Sequence[tuple[Tile | str, Side | str]] | None = None,
               size: float | None = None, theme: Theme | None = None,
               title: str | None = None, show_numbers: bool = True,
               spots: Sequence[tuple[Tile | str, Side | str]] | None = None,
               room: float | None = None, interactive: bool = False) -> SvgImage:
    """The layout as an SVG picture, with its counted ends, open points, end total and placement
    score, and a legend, in *lang*.

    :param highlight: a tile on the layout to mark (callers pass the last placement).
    :param targets: ``(tile, side)`` open points to ring, e.g. the legal points of a chosen tile
        (:meth:`Layout.legal_points`).
    :param size: the largest width in pixels; the picture scales down to it (``viewBox``).
    :param title: the picture's title (default: "Horse Race layout" in *lang*).
    :param show_numbers: ``False`` for an exercise: no filled numbers, no hollow dots, no end
        total or score, and a text alternative without the contributions (the tiles, spinners,
        connections and open points only).
    :param spots: free sides of the layout's tiles (open points or closed branches) to draw as
        hidden ``circle.spot`` targets (``data-tile``, ``data-side``): an exercise answered by
        choosing points on the board widget.
    :param room: the width the picture has on the page, as for :func:`game_svg` (by default
        a layout picture is 460 wide at the least).
    :param interactive: draw every open point (the opening place of an empty layout) as a
        hidden ``spot`` for the board widget to light up, as :func:`game_svg` does (the
        position editor lays tiles from its palette there).
    :raises ValueError: for an unknown language, a highlight not on the layout, a target that is
        not an open point, a spot that is not a free side, a room that is not a positive number.
    """
    check_lang(lang)
    least = _least_width(room, _MIN_WIDTH)
    theme = theme or DEFAULT_THEME
    hl = _check_highlight(layout, highlight)
    geometry = layout_geometry(layout)
    points = _check_points(layout, geometry, targets)
    if spots:  # a closed branch is no part of the layout's bounds: its spot's circle is
        geometry = _holding_spots(geometry, spots)
    board = _draw_board(layout, geometry, theme, hl, points, show_numbers)
    if spots:
        _draw_free_spots(board, geometry, theme, spots)
    elif interactive:
        board = _draw_spots(board, layout, geometry, theme)
    width = max(board.width + 2 * _MARGIN, least)
    text_w = width - 2 * _MARGIN

    content = _group(class_="content")
    board_x = (width - board.width) / 2
    board_y = _MARGIN
    column = _Column(content, _MARGIN, board_y + board.height + _MARGIN * 0.5, text_w, theme,
                     _text_grow(width, room, size))
    for line, bold in _layout_lines(layout, lang, hl, show_numbers):
        column.text(line, bold=bold)
    if not layout.is_empty:
        column.gap(_SMALL * 0.4)
        column.legend((_LEGEND if show_numbers else _LEGEND[2:]) + board.legend, lang)
    height = column.y + _MARGIN

    drawing = _drawing(width, height, size, lang, title or layout_title(lang),
                       describe_layout(layout, lang, numbers=show_numbers), theme, "layout")
    drawing.add(_rect(0, 0, width, height, fill=theme.table, class_="table"))
    board.group["transform"] = (
        f"translate({_n(board_x)},{_n(board_y)}) " + board.group["transform"])
    drawing.add(board.group)
    drawing.add(content)
    return _finish(drawing)


# ---------------------------------------------------------------------------- games
@dataclass
class _State:
    """What a game picture shows, read from a :class:`Game` or a :class:`SeatView`."""

    seat: int
    players: int
    partners: bool
    target: int
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    boneyard: int
    layout: Layout
    scores: tuple[int, ...]
    to_play: int
    continuing: bool
    pending: Tile | None
    hand_number: int
    hand_over: bool
    result: Any  # HandResult | None
    winners: tuple[int, ...] | None


def _state(game: Game | SeatView, seat: int) -> _State:
    if isinstance(game, SeatView):
        if seat != game.seat:
            raise ValueError(f"this view belongs to seat {game.seat}; it cannot show seat {seat}")
        last = game.history[-1] if game.history else None
        current = last is not None and last.hand == game.hand_number
        return _State(
            seat=seat, players=game.players, partners=game.partners, target=game.target,
            hand=tuple(game.hand), hand_sizes=tuple(game.hand_sizes),
            boneyard=game.boneyard_size, layout=game.layout, scores=tuple(game.scores),
            to_play=game.to_play,
            continuing=bool(current and last is not None and last.continues
                            and not game.hand_over),
            pending=game.pending, hand_number=game.hand_number, hand_over=game.hand_over,
            result=last.result if current and last is not None else None,
            winners=(last.winners if game.game_over and last is not None else None))
    validate.seat(seat, game.players)
    hands = game.hands
    winners = game.winners
    return _State(
        seat=seat, players=game.players, partners=game.partners, target=game.target,
        hand=tuple(hands[seat]), hand_sizes=tuple(len(h) for h in hands),
        boneyard=len(game.boneyard), layout=game.layout, scores=tuple(game.scores),
        to_play=game.to_play, continuing=game.continuing and not game.hand_over,
        pending=game.pending if game.to_play == seat else None,
        hand_number=game.hand_number, hand_over=game.hand_over, result=game.hand_result,
        winners=None if winners is None else tuple(winners))


def _names(names: Sequence[str] | None, players: int, lang: str) -> list[str]:
    if names is None:
        return seat_names(players, lang)
    names = list(names)
    if len(names) != players:
        raise ValueError(f"give one name per seat: {players} names, not {len(names)}")
    return [_clean(n) for n in names]


def _status_lines(state: _State, names: list[str], lang: str) -> list[str]:
    return status_sentences(
        lang, sides=scoring_sides(names, state.partners, lang), names=names,
        target=state.target, scores=state.scores, to_play=state.to_play,
        hand_over=state.hand_over, pending=state.pending, continuing=state.continuing,
        result=state.result, winners=state.winners)


def game_svg(game: Game | SeatView, *, seat: int, lang: str = "en",
             names: Sequence[str] | None = None, highlight: Any = ...,
             targets: Sequence[tuple[Tile | str, Side | str]] | None = None,
             selected: Tile | str | None = None, size: float | None = None,
             theme: Theme | None = None, interactive: bool = False,
             played: Place | None = None, best: Place | None = None,
             own_hand: bool = True, covered: bool = False,
             room: float | None = None) -> SvgImage:
    """What *seat* sees of a game: the layout, its own hand face up, the other hands face down
    with their counts, the boneyard count, whose turn it is and the scores toward the target
    (display points, per team with partners).

    :param game: a :class:`Game`, or the :class:`SeatView` of *seat*.
    :param names: one name per seat (user text: shown as text, never as markup).
    :param highlight: a tile on the layout to mark; by default the last placement, ``None`` for
        none.
    :param targets: ``(tile, side)`` open points to ring (the legal targets of a chosen tile).
    :param selected: a tile of the viewer's hand to mark as chosen (ringed like the targets).
    :param size: the largest width in pixels.
    :param interactive: also draw every open point (and the opening place of an empty layout)
        as a hidden ``spot`` for the board widget to light up.
    :param played: a post-game review: the move played here (a :class:`Place` of the viewer),
        its point ringed dashed and its tile framed in the target colour;
    :param best: the strong player's choice, ringed and framed in solid green; the legend says
        which is which.
    :param own_hand: ``False``: leave the viewer's own hand out (the board widget shows it as a
        :func:`hand_strip` of finger-sized tiles that never scales with the picture).
    :param covered: every hand face down, the viewer's too, and no tile of any hand in the
        picture or its text (pass and play, while the screen goes to the next player).
    :param room: the width the picture has on the page, in pixels (the board widget reports
        it; 240 at the least): its texts wrap to it, and where the layout makes the picture
        wider (so that it is shown smaller), they are drawn larger by as much (up to twice), so
        that they are read at their size. By default a picture is 560 wide at the least: on a
        phone its texts shrank with it to about 6 px. A room of 560 or more changes nothing.
    :raises ValueError: for an unknown language or seat, names that do not match the seats, a
        highlight not on the layout, a target that is not open, a selected tile not in the
        hand, a room that is not a positive number.
    """
    check_lang(lang)
    least = _least_width(room, _GAME_WIDTH)
    theme = theme or DEFAULT_THEME
    state = _state(game, seat)
    if covered:
        state = dataclasses.replace(state, hand=(), pending=None)
        own_hand = False
    layout = state.layout
    all_names = _names(names, state.players, lang)
    chosen = None if selected is None else Tile.parse(selected)
    if chosen is not None and chosen not in state.hand:
        raise ValueError(f"cannot select {chosen}: it is not in the hand of seat {seat}")
    shown = [_short(n) for n in all_names]
    if highlight is ...:
        highlight = layout.tiles[-1] if layout.tiles else None
    hl = _check_highlight(layout, highlight)
    geometry = layout_geometry(layout)
    points = _check_points(layout, geometry, targets)
    board = _draw_board(layout, geometry, theme, hl, points)
    if interactive:
        board = _draw_spots(board, layout, geometry, theme)
    review = _review_marks(board, layout, geometry, theme, state.hand, played, best)

    hand_step = _HAND_UNIT * 1.3
    width = max(board.width + 2 * _MARGIN, least,
                min(len(state.hand), 14) * hand_step * own_hand + 2 * _MARGIN)
    text_w = width - 2 * _MARGIN
    grow = _text_grow(width, room, size)  # shown narrower than it is wide: larger texts
    small = _SMALL * grow
    content = _group(class_="content")
    panel = _group(class_="panel")
    content.add(panel)

    # --- status: hand number, boneyard, scores, turn
    col = _Column(content, _MARGIN, _MARGIN * 0.4, text_w, theme, grow)
    col.text(t("render.header", lang, hand=t("render.hand_number", lang, hand=state.hand_number),
               boneyard=boneyard_sentence(state.boneyard, lang)),
             size=_SMALL, color=theme.muted, css="boneyard")
    status = _status_lines(state, shown, lang)
    col.text(status[0], bold=True, css="scores",
             keep=score_items(scoring_sides(shown, state.partners, lang), state.scores, lang))
    for line in status[1:]:
        col.text(line, bold=True, color=theme.turn, css="turn")
    top = col.y + _MARGIN * 0.5
    panel.add(_rect(0, 0, width, top, fill=theme.panel))

    # --- the other hands, face down, in seat order after the viewer
    y = top + _MARGIN * 0.5
    others = [(state.seat + k) % state.players for k in range(1, state.players + covered)]
    labels = {}
    for other in others:
        marker = "▶ " if other == state.to_play and not state.hand_over else ""
        labels[other] = marker + hand_count_sentence(shown[other], state.hand_sizes[other],
                                                     lang)
    x0 = _MARGIN + max(small * 10, *(_text_width(x, small) + small for x in labels.values()))
    per_row = max(1, int((width - _MARGIN - x0) // (_BACK_W + _BACK_GAP)))
    row_h = max(_BACK_H + 6, small * 1.5)
    for other in others:
        count = state.hand_sizes[other]
        group = _group(class_="hand hidden", data_seat=str(other), data_count=str(count),
                       data_name=all_names[other])
        turn = other == state.to_play and not state.hand_over
        group.add(_text(_MARGIN, y + row_h / 2 + small * 0.35, labels[other],
                        font_size=_n(small), fill=theme.turn if turn else theme.text,
                        font_weight="bold" if turn else "normal"))
        for i in range(count):
            bx = x0 + (i % per_row) * (_BACK_W + _BACK_GAP)
            by = y + 3 + (i // per_row) * row_h
            group.add(_rect(bx, by, _BACK_W, _BACK_H, rx="2.5", fill=theme.tile_back,
                            stroke=theme.tile_back_edge, stroke_width="1", class_="tile-back"))
        content.add(group)
        y += row_h * max(1, -(-count // per_row)) + 4

    # --- the board and its captions
    board_y = y + _MARGIN * 0.5
    board_x = (width - board.width) / 2
    board.group["transform"] = (
        f"translate({_n(board_x)},{_n(board_y)}) " + board.group["transform"])
    col = _Column(content, _MARGIN, board_y + board.height + _MARGIN * 0.3, text_w, theme,
                  grow)
    for line, bold in _layout_lines(layout, lang, hl):
        col.text(line, bold=bold)
    if not layout.is_empty or review:
        col.gap(_SMALL * 0.4)
        col.legend(([] if layout.is_empty else _LEGEND + board.legend) + review, lang)
    board_bottom = col.y + _MARGIN * 0.5

    # --- the viewer's own hand, face up (or drawn apart: :func:`hand_strip`)
    if own_hand:
        height = _draw_own_hand(content, panel, state, shown[state.seat], all_names[state.seat],
                                board_bottom, width, lang, theme, chosen, played, best)
    else:
        height = board_bottom

    name = all_names[state.seat]
    if covered:
        desc = sentences([describe_layout(layout, lang), *_status_lines(state, all_names, lang),
                          *(hand_count_sentence(all_names[s], state.hand_sizes[s], lang)
                            for s in range(state.players)),
                          boneyard_sentence(state.boneyard, lang)], lang)
        title = t("play.title_covered", lang, hand=state.hand_number)
    else:
        desc = describe_game(
            layout, lang, status=_status_lines(state, all_names, lang), name=name,
            hand=state.hand, others=[(all_names[s], state.hand_sizes[s])
                                     for s in range(state.players) if s != state.seat],
            boneyard=state.boneyard)
        title = game_title(state.hand_number, name, lang)
    drawing = _drawing(width, height, size, lang, title, desc, theme, "game")
    drawing.add(_rect(0, 0, width, height, fill=theme.table, class_="table"))
    drawing.add(content)
    drawing.add(board.group)
    return _finish(drawing)


def _hand_marks(item: _Element, tile: Tile, x: float, y: float, unit: float, theme: Theme,
                state: _State, chosen: Tile | None, played: Place | None, best: Place | None
                ) -> None:
    """One tile of the viewer's hand at (x, y) with its marks: the drawn tile that must be
    placed (R18), the chosen tile, a review's move played and best choice."""
    box, low, high = _upright(x, y, unit)
    if tile is state.pending:  # the drawn tile that must be placed (R18)
        item.add(_rect(x - 4, y - 4, unit + 8, 2 * unit + 8, rx="6",
                       fill=theme.highlight, class_="pending-mark"))
    _draw_face(item, tile, box, low, high, theme)
    if tile is chosen:
        item.add(_rect(x - 3, y - 3, unit + 6, 2 * unit + 6, rx="6", fill="none",
                       stroke=theme.target, stroke_width="3", class_="selected-mark"))
    if played is not None and tile is played.tile:
        item.add(_rect(x - 3, y - 3, unit + 6, 2 * unit + 6, rx="6", fill="none",
                       stroke=theme.played, stroke_width="3", stroke_dasharray=_DASH,
                       class_="review-played"))
    if best is not None and tile is best.tile:
        item.add(_rect(x - 6, y - 6, unit + 12, 2 * unit + 12, rx="8",
                       fill="none", stroke=theme.best, stroke_width="3", class_="review-best"))


def _hand_css(tile: Tile, state: _State, chosen: Tile | None) -> str:
    css = "hand-tile"
    if tile is state.pending:
        css += " pending"
    if tile is chosen:
        css += " selected"
    return css


def _hand_label(state: _State, name: str, lang: str) -> tuple[str, bool]:
    """The line above the viewer's hand, and whether it is the viewer's turn (▶)."""
    mine = state.seat == state.to_play and not state.hand_over
    return ("▶ " if mine else "") + t("render.your_hand", lang, name=name), mine


def _draw_own_hand(content: _Element, panel: _Element, state: _State, shown: str, full: str,
                   hand_top: float, width: float, lang: str, theme: Theme, chosen: Tile | None,
                   played: Place | None, best: Place | None) -> float:
    """The viewer's hand face up at the bottom of a game picture; returns the picture's
    height."""
    hand_unit = _HAND_UNIT
    hand_step = hand_unit + hand_unit * 0.3
    text_w = width - 2 * _MARGIN
    col = _Column(content, _MARGIN, hand_top + _MARGIN * 0.2, text_w, theme)
    label, mine = _hand_label(state, shown, lang)
    col.text(label, bold=True, color=theme.turn if mine else theme.text, css="hand-label")
    hand = _group(class_="hand own", data_seat=str(state.seat), data_count=str(len(state.hand)),
                  data_name=full)
    per_row = max(1, int((width - 2 * _MARGIN + hand_unit * 0.3) // hand_step))
    y0 = col.y + _MARGIN * 0.5
    for i, tile in enumerate(state.hand):
        x = _MARGIN + (i % per_row) * hand_step
        y = y0 + (i // per_row) * (2 * hand_unit + hand_unit * 0.3)
        item = _group(class_=_hand_css(tile, state, chosen), id=f"hand-{tile.low}-{tile.high}",
                      data_tile=str(tile))
        _hand_marks(item, tile, x, y, hand_unit, theme, state, chosen, played, best)
        hand.add(item)
    content.add(hand)
    rows = -(-len(state.hand) // per_row)
    height = y0 + rows * (2 * hand_unit + hand_unit * 0.3) + _MARGIN * 0.5
    panel.add(_rect(0, hand_top, width, height - hand_top, fill=theme.panel))
    return height


STRIP_CELL = (48.0, 76.0)
"""The CSS pixel size of one tile's cell in a :func:`hand_strip`: its whole cell is the tile's
hit area, at least 44 × 44 whatever the picture's scale (WCAG 2.5.5 / touch)."""
_STRIP_UNIT = 30.0


def hand_strip(game: Game | SeatView, *, seat: int, lang: str = "en",
               names: Sequence[str] | None = None, selected: Tile | str | None = None,
               theme: Theme | None = None) -> str:
    """The viewer's own hand as a strip of finger-sized tiles, for the board widget beside a
    ``game_svg(..., own_hand=False)``: an HTML ``div`` (``lang`` set, the table's colours) with
    the "your hand" line and one small SVG per tile (``g.hand-tile`` with ``data-tile``, like
    the hand in :func:`game_svg`) that wraps to the width of the page and never scales: every
    tile's cell (:data:`STRIP_CELL`) is its hit area.

    >>> from horserace_nb.core.game import Game
    >>> strip = hand_strip(Game(seed=1), seat=0)
    >>> strip.count('data-tile='), 'lang="en"' in strip
    (7, True)
    """
    check_lang(lang)
    theme = theme or DEFAULT_THEME
    state = _state(game, seat)
    all_names = _names(names, state.players, lang)
    chosen = None if selected is None else Tile.parse(selected)
    if chosen is not None and chosen not in state.hand:
        raise ValueError(f"cannot select {chosen}: it is not in the hand of seat {seat}")
    label, mine = _hand_label(state, _short(all_names[seat]), lang)
    w, h = STRIP_CELL
    unit = _STRIP_UNIT
    tiles = []
    for tile in state.hand:
        pic = svgwrite.Drawing(size=(_n(w), _n(h)), debug=False, viewBox=f"0 0 {_n(w)} {_n(h)}",
                               role="none", class_=_classes("hand-pic"))
        item = _group(class_=_hand_css(tile, state, chosen), id=f"hand-{tile.low}-{tile.high}",
                      data_tile=str(tile), role="img", aria_label=str(tile))
        item.add(_rect(0, 0, w, h, fill=theme.panel, class_="hit"))
        _hand_marks(item, tile, (w - unit) / 2, (h - 2 * unit) / 2, unit, theme, state, chosen,
                    None, None)
        pic.add(item)
        tiles.append(pic.tostring())
    colour = theme.turn if mine else theme.text
    return _strip(tiles, label, lang, colour, theme, f'data-seat="{seat}" ')


def _strip(tiles: Sequence[str], label: str, lang: str, colour: str, theme: Theme,
           extra: str = "") -> str:
    """The HTML of a strip of finger-sized tiles (:func:`hand_strip`, :func:`tile_strip`)."""
    return (f'<div class="{_classes("strip")}" lang="{lang}" {extra}'
            f'data-count="{len(tiles)}" role="group" aria-label="{html.escape(label)}" '
            f'style="background:{theme.panel};color:{theme.text};'
            f'font-family:{html.escape(theme.fonts(lang))}">'
            f'<div class="{_classes("hand-label")}" style="color:{colour}">'
            f'{html.escape(label)}</div>'
            f'<div class="{_classes("hand-tiles")}">{"".join(tiles)}</div></div>')


def tile_strip(tiles: Sequence[Tile | str], *, label: str, lang: str = "en",
               selected: Tile | str | None = None, theme: Theme | None = None) -> str:
    """Any tiles as a strip of finger-sized tiles, under the line *label* (user text, shown
    as text): what :func:`hand_strip` draws for a hand, for tiles that are no one's hand (the
    position editor's palette). Each tile is a ``g.hand-tile`` with ``data-tile``, so the
    board widget makes it a button.

    >>> strip = tile_strip(["[0|0]", "[5|6]"], label="Palette <2>")
    >>> strip.count('data-tile='), "Palette &lt;2&gt;" in strip
    (2, True)
    """
    check_lang(lang)
    theme = theme or DEFAULT_THEME
    chosen = None if selected is None else Tile.parse(selected)
    w, h = STRIP_CELL
    unit = _STRIP_UNIT
    cells = []
    for tile in (Tile.parse(x) for x in tiles):
        pic = svgwrite.Drawing(size=(_n(w), _n(h)), debug=False, viewBox=f"0 0 {_n(w)} {_n(h)}",
                               role="none", class_=_classes("hand-pic"))
        css = "hand-tile selected" if tile is chosen else "hand-tile"
        item = _group(class_=css, id=f"hand-{tile.low}-{tile.high}", data_tile=str(tile),
                      role="img", aria_label=str(tile))
        item.add(_rect(0, 0, w, h, fill=theme.panel, class_="hit"))
        x, y = (w - unit) / 2, (h - 2 * unit) / 2
        box, low, high = _upright(x, y, unit)
        _draw_face(item, tile, box, low, high, theme)
        if tile is chosen:
            item.add(_rect(x - 3, y - 3, unit + 6, 2 * unit + 6, rx="6", fill="none",
                           stroke=theme.target, stroke_width="3", class_="selected-mark"))
        pic.add(item)
        cells.append(pic.tostring())
    return _strip(cells, label, lang, theme.text, theme)


# ---------------------------------------------------------------------------- saving
def save_svg(obj: Layout | Game | SeatView | str, path: str | os.PathLike[str],
             **options: Any) -> SvgImage:
    """Write *obj* (a layout, a game, a seat view or SVG text) to *path* as an SVG file and
    return the SVG. *options* go to :func:`layout_svg` or :func:`game_svg` (a game needs
    ``seat=``; by default the seat to play)."""
    if isinstance(obj, Layout):
        svg = layout_svg(obj, **options)
    elif isinstance(obj, Game):
        options.setdefault("seat", obj.to_play)
        svg = game_svg(obj, **options)
    elif isinstance(obj, SeatView):
        options.setdefault("seat", obj.seat)
        svg = game_svg(obj, **options)
    elif isinstance(obj, str):
        if options:
            raise TypeError("options cannot be applied to SVG text that is already drawn")
        svg = obj if isinstance(obj, SvgImage) else SvgImage(obj)
    else:
        raise TypeError(f"cannot draw {type(obj).__name__}; pass a Layout, Game, SeatView or "
                        "SVG text")
    with open(path, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="utf-8"?>\n')
        f.write(svg)
        f.write("\n")
    return svg
