"""Text alternatives of layouts in the fixed format of the rule texts' worked examples.

The Korean and Japanese sentences are, character for character, those that follow each worked
example in the seed texts (RULES.md, "worked examples").

>>> from horserace_nb.layout import Layout
>>> layout = Layout.from_placements([("[3|6]", None, None), ("[6|6]", "[3|6]", "high")])
>>> print(summary(layout, "en"))
Counted contributions: 3 + 12 = 15. Placement score (raw): 15 (display points: 3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .i18n import side_name, t

if TYPE_CHECKING:
    from .layout import Layout

__all__ = ["describe_layout", "summary", "sum_expression"]


def sum_expression(values: list[int]) -> str:
    """``"2 + 8"``: the contributions in order, as the texts write them."""
    return " + ".join(str(v) for v in values) if values else "0"


def summary(layout: Layout, lang: str = "en") -> str:
    """The short first sentence: the sum of contributions and the placement score (R13, R15)."""
    total = layout.end_total()
    raw = layout.score()
    return t("describe.summary", lang,
             sum=sum_expression([v for _, v in layout.contributions()]),
             total=total, raw=raw, display=raw // 5)


def describe_layout(layout: Layout, lang: str = "en") -> str:
    """The full text alternative: sum, score, tiles, spinners, connections, open points and
    contributions."""
    if layout.is_empty:
        return t("describe.empty", lang)
    none = t("describe.none", lang)

    def listing(items: list[str], sep: str) -> str:
        return sep.join(items) if items else none

    connections = [
        t("describe.connection", lang, anchor=c.anchor, anchor_side=side_name(c.anchor_side, lang),
          tile=c.tile, tile_side=side_name(c.tile_side, lang))
        for c in layout.connections()
    ]
    points = [t("describe.point", lang, tile=tile, side=side_name(side, lang), number=n)
              for tile, side, n in layout.open_points()]
    contributions = [t("describe.contribution", lang, tile=tile, value=v)
                     for tile, v in layout.contributions()]
    return t("describe.full", lang,
             summary=summary(layout, lang),
             tiles=listing([str(x) for x in layout.tiles], ", "),
             spinners=listing([str(x) for x in layout.spinners()], ", "),
             connections=listing(connections, "; "),
             points=listing(points, "; "),
             contributions=listing(contributions, "; "))
