"""Colours and type of the SVG pictures: one frozen dataclass, no config dicts.

The visual language follows the rule texts' pictures: an orange outline on every spinner, a
filled number on every counted end, a hollow dot on every open point that is not counted.

>>> DEFAULT_THEME.spinner
'#ef7d00'
>>> dark = replace(DEFAULT_THEME, table="#1f3b2d")
>>> dark.table, dark.spinner
('#1f3b2d', '#ef7d00')
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["Theme", "DEFAULT_THEME", "CJK_FONTS", "palette", "replace"]


@dataclass(frozen=True)
class Theme:
    """The colours (any SVG colour text) and the font family of a picture.

    Change one with :func:`dataclasses.replace` (re-exported here as ``replace``).
    """

    table: str = "#f4f0e6"
    """The table behind the layout."""
    paper: str = "#ffffff"
    """The page of a printed sheet (the rule card)."""
    panel: str = "#e9e2d2"
    """The strips around the board in a game view (hands, scores)."""
    tile_face: str = "#fffdf6"
    tile_edge: str = "#5a5346"
    divider: str = "#8c8374"
    """The line between a tile's two halves."""
    pips: str = "#1d1d1d"
    tile_back: str = "#3c5a82"
    """Face-down tiles (other players' hands)."""
    tile_back_edge: str = "#22344d"
    spinner: str = "#ef7d00"
    """The orange outline of every spinner (every double, R10)."""
    counted: str = "#1d5fae"
    """The fill of the number on a counted end (R13)."""
    counted_text: str = "#ffffff"
    hollow: str = "#6f6a60"
    """The ring of a hollow dot: an open point that is not counted (R14)."""
    hollow_fill: str = "#ffffff"
    highlight: str = "#ffe066"
    """The glow under the highlighted tile (usually the last placement)."""
    target: str = "#b0208a"
    """The ring around a legal target point."""
    played: str = "#b0208a"
    """The move played, in a post-game review (dashed)."""
    best: str = "#2a7a2a"
    """The strong player's choice in a post-game review (solid green)."""
    text: str = "#2b2822"
    muted: str = "#6b655a"
    """Secondary text (legend, counts)."""
    turn: str = "#1d5fae"
    """The marker of the player to act."""
    # the widgets' message lines on a page without JupyterLab's theme variables (the board's
    # style sheet prefers --jp-content-font-color1, --jp-success-color0, --jp-error-color0 and
    # --jp-brand-color0, so they follow Light, Dark and High Contrast)
    info: str = "#1d3557"
    """What happened (a message line)."""
    ok: str = "#1e6b1e"
    """A right answer, a scoring placement."""
    error: str = "#b00020"
    """A refusal or a wrong answer."""
    hint: str = "#5b2d8c"
    """A hint."""
    # IPAGothic before IPAPGothic: the proportional one draws the full-width colon of the
    # Japanese labels ("置いた牌：") half wide (ja read 4, D1).
    # the Japanese CJK fonts before the Korean ones: kana drawn with a Korean font's glyphs
    # look foreign to a Japanese reader (ー like a dash, small ィ), while the Hangul of both
    # fonts is the same; a picture in Korean or Japanese puts its own language's first
    # (:meth:`fonts`)
    font_family: str = ("system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'Noto Sans CJK JP', "
                        "'IPAexGothic', 'IPAGothic', 'IPAPGothic', 'Noto Sans CJK KR', "
                        "'NanumGothic', 'DejaVu Sans', sans-serif")

    def fonts(self, lang: str) -> str:
        """The font family of a picture in *lang*: the CJK fonts of *lang* before the theme's
        own (whose first CJK font is Japanese: a Korean picture would draw its Hangul there
        too, and a Japanese one its kana with a Korean font where no Japanese one is listed
        before it).

        >>> DEFAULT_THEME.fonts("ko").split(", ")[4:6]
        ["'Noto Sans CJK KR'", "'NanumGothic'"]
        >>> DEFAULT_THEME.fonts("en") == DEFAULT_THEME.font_family
        True
        """
        first = CJK_FONTS.get(lang)
        if not first:
            return self.font_family
        front = [*_LATIN_FONTS.split(", "), *first.split(", ")]
        rest = [name for name in self.font_family.split(", ") if name not in front]
        return ", ".join(front + rest)


_LATIN_FONTS = "system-ui, -apple-system, 'Segoe UI', 'Noto Sans'"
"""The fonts listed before a language's CJK fonts: they draw the Latin letters and digits."""

CJK_FONTS = {"ja": "'Noto Sans CJK JP', 'IPAexGothic', 'IPAGothic', 'IPAPGothic'",
             "ko": "'Noto Sans CJK KR', 'NanumGothic', 'Nanum Gothic'"}
"""Each CJK language's own fonts, the ones listed first in its pictures (:meth:`Theme.fonts`)."""


def palette(theme: Theme) -> dict[str, str]:
    """The widgets' role colours as CSS custom properties (``--hr-ok`` …), the fallbacks of the
    board's style sheet where JupyterLab's ``--jp-*`` variables are missing.

    >>> palette(DEFAULT_THEME)["--hr-error"]
    '#b00020'
    """
    return {f"--hr-{role}": getattr(theme, role)
            for role in ("info", "ok", "error", "hint", "played", "best")}


DEFAULT_THEME = Theme()
"""The theme used when none is given: a light table, ivory tiles, orange spinners, blue counted
numbers (orange and blue stay apart for colour-blind readers)."""
