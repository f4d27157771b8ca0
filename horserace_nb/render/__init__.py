"""Drawing layouts and games: pure geometry (:mod:`.geometry`) and SVG (:mod:`.svg`).

The renderer depends on the rules core, never the other way round.

>>> from horserace_nb import Layout
>>> svg = layout_svg(Layout.from_placements([("[2|2]", None, None)]), lang="ko")
>>> svg.startswith("<svg"), 'lang="ko"' in svg
(True, True)
"""

from .geometry import Box, Geometry, layout_boxes, layout_geometry
from .svg import SvgImage, game_svg, layout_svg, save_svg
from .theme import DEFAULT_THEME, Theme

__all__ = ["Box", "DEFAULT_THEME", "Geometry", "SvgImage", "Theme", "game_svg", "layout_boxes",
           "layout_geometry", "layout_svg", "save_svg"]
