"""The one-page rule card: every rule in a sentence and the documented layout's picture, on an
A4 page (SVG, printable), in each language.

Every sentence is a catalog entry (``card.*``); the picture is :func:`~.svg.layout_svg` of the
documented layout after its sixth placement (:data:`~horserace_nb.teaching.examples.EXAMPLES`).
The sections flow down two columns; a card whose text does not fit the page is refused
(:class:`CardOverflow`), never cut off. The same language gives byte-identical SVG.

>>> card = rule_card_svg("ko")
>>> card.startswith("<svg"), 'lang="ko"' in card, card == rule_card_svg("ko")
(True, True, True)
"""

from __future__ import annotations

import html
import re

from ..teaching.examples import EXAMPLES
from ..words.i18n import check_lang, t
from .svg import layout_svg
from .text import wrap
from .theme import DEFAULT_THEME

__all__ = ["CARD_FILE", "CARD_SECTIONS", "CardOverflow", "PAGE", "card_file", "rule_card_svg"]

PAGE = (794.0, 1123.0)
"""The page in CSS pixels: A4 (210 × 297 mm) at 96 per inch."""
CARD_FILE = "rule-card.{lang}.svg"
"""The card's file name in the notebooks' folder (and so in the classroom site)."""
CARD_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("setup", ("r1", "r2", "r5", "r6", "r8")),
    ("placing", ("r9", "r10", "r11")),
    ("scoring", ("r13", "r14", "r15")),
    ("picture", ()),
    ("turns", ("r16", "r17", "r18", "r19", "r4")),
    ("hand", ("r21", "r23", "r24", "r25", "r7")),
    ("winning", ("r26", "r27")),
)
"""The card's sections in order, each a heading (``card.h.<name>``) and its sentences
(``card.<key>``); ``picture`` is the layout's picture."""

_MARGIN = 40.0
_GUTTER = 26.0
_TITLE = 26.0
_SUB = 13.0
_HEAD = 15.0
_BODY = 12.0
_LINE = 1.38
_SCALES = (1.25, 1.2, 1.15, 1.1, 1.05, 1.0)
"""The text sizes tried, largest first: the card takes the largest that fits its page."""
_SUM = re.compile(r"\d+(?: [+→=] \d+)+")
_PICTURE_STEP = 6
"""The picture: the documented layout after this many placements."""


class CardOverflow(ValueError):
    """The card's text does not fit its page (a sentence too long for the page)."""


def card_file(lang: str) -> str:
    """The card's file name for *lang*: ``rule-card.ko.svg``."""
    return CARD_FILE.format(lang=check_lang(lang))


def _esc(text: str) -> str:
    return html.escape(text, quote=False)


def _n(x: float) -> str:
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _picture(lang: str, width: float) -> tuple[str, float]:
    """The layout's picture scaled to *width*: its SVG (a nested ``svg``) and its height."""
    layout = EXAMPLES["sequence"].layouts()[_PICTURE_STEP - 1]
    svg = str(layout_svg(layout, lang=lang))
    box = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg)
    assert box is not None
    w, h = float(box.group(1)), float(box.group(2))
    height = width * h / w
    head = re.match(r"<svg\b[^>]*>", svg)
    assert head is not None
    tag = re.sub(r'(?<![\w-])(width|height|font-family)="[^"]*"', "", head.group(0))
    tag = tag.replace("<svg", f'<svg width="{_n(width)}" height="{_n(height)}" '
                      f'font-family="{html.escape(_font_family(lang))}"', 1)
    return tag + svg[head.end():], height


def _block(lines: list[tuple[str, float, bool, float]], x: float, y: float, colour: str
           ) -> str:
    """Text lines ``(text, size, bold, indent)`` from the top *y* down."""
    out = []
    for text, size, bold, indent in lines:
        y += size * _LINE
        weight = ' font-weight="bold"' if bold else ""
        out.append(f'<text x="{_n(x + indent)}" y="{_n(y - size * 0.3)}" '
                   f'font-size="{_n(size)}"{weight} fill="{colour}">{_esc(text)}</text>')
    return "".join(out)


def _section(name: str, keys: tuple[str, ...], lang: str, width: float, scale: float
             ) -> list[tuple[str, float, bool, float]]:
    """A section's lines: its heading, then each sentence after a bullet (sizes × *scale*)."""
    head, body = _HEAD * scale, _BODY * scale
    lines = [(line, head, True, 0.0) for line in wrap(t(f"card.h.{name}", lang), head, width)]
    for key in keys:
        sentence = t(f"card.{key}", lang)
        keep = _SUM.findall(sentence)  # "60 + 2 = 62", "17 → 15 → 3" on one line
        for i, line in enumerate(wrap(sentence, body, width - body, keep)):
            lines.append((("• " if i == 0 else "") + line, body, False,
                          0.0 if i == 0 else body * 0.8))
    return lines


def _height(lines: list[tuple[str, float, bool, float]]) -> float:
    return sum(size * _LINE for _, size, _, _ in lines)


def _split(needs: list[float], room: float) -> int | None:
    """Where the second column starts: the split of the sections (in order) whose longer column
    is shortest, or ``None`` if no split fits *room*."""
    best: tuple[float, int] | None = None
    for k in range(len(needs) + 1):
        longer = max(sum(needs[:k]), sum(needs[k:]))
        if longer <= room and (best is None or longer < best[0]):
            best = (longer, k)
    return None if best is None else best[1]


def _font_family(lang: str) -> str:
    """The card's fonts: the theme's, with the CJK fonts of *lang* first (a Korean font's kana
    look foreign to a Japanese reader, and the other way round)."""
    return DEFAULT_THEME.fonts(lang)


def rule_card_svg(lang: str = "en") -> str:
    """The rule card of *lang* as SVG text, an A4 page (``width="210mm"``).

    :raises ValueError: for an unknown language.
    :raises CardOverflow: if its sections do not fit the page's two columns.
    """
    check_lang(lang)
    theme = DEFAULT_THEME
    width, height = PAGE
    column = (width - 2 * _MARGIN - _GUTTER) / 2
    body: list[str] = []
    y = _MARGIN
    head = [(line, _TITLE, True, 0.0) for line in wrap(t("card.title", lang), _TITLE,
                                                        width - 2 * _MARGIN)]
    head += [(line, _SUB, False, 0.0) for line in wrap(t("card.subtitle", lang), _SUB,
                                                      width - 2 * _MARGIN)]
    body.append(_block(head, _MARGIN, y, theme.text))
    y += _height(head) + 8
    body.append(f'<line x1="{_n(_MARGIN)}" y1="{_n(y)}" x2="{_n(width - _MARGIN)}" '
                f'y2="{_n(y)}" stroke="{theme.spinner}" stroke-width="2"/>')
    top = y + 6
    footer = wrap(t("card.footer", lang), _SUB * 0.9, width - 2 * _MARGIN)
    bottom = height - _MARGIN - len(footer) * _SUB * 0.9 * _LINE - 6
    for scale in _SCALES:  # the largest text that fits
        sections = []
        for name, keys in CARD_SECTIONS:
            lines = _section(name, keys, lang, column, scale)
            picture, tall = _picture(lang, column) if name == "picture" else ("", 0.0)
            sections.append((name, lines, picture, _height(lines) + tall + 10))
        split = _split([need for *_, need in sections], bottom - top)
        if split is not None:
            break
    else:
        raise CardOverflow(f"the rule card in {lang!r} does not fit its page: its sections need "
                           f"{sum(need for *_, need in sections):.0f} px in two columns of "
                           f"{bottom - top:.0f}")
    y = top
    for i, (_, lines, picture, need) in enumerate(sections):
        if i == split:
            y = top
        x = _MARGIN if i < split else _MARGIN + column + _GUTTER
        body.append(_block(lines, x, y + 6, theme.text))
        if picture:
            body.append(f'<g transform="translate({_n(x)},{_n(y + 6 + _height(lines))})">'
                        f"{picture}</g>")
        y += need
    body.append(_block([(line, _SUB * 0.9, False, 0.0) for line in footer], _MARGIN,
                       height - _MARGIN - len(footer) * _SUB * 0.9 * _LINE, theme.muted))
    title = _esc(t("card.title", lang))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" '
            f'viewBox="0 0 {_n(width)} {_n(height)}" lang="{lang}" xml:lang="{lang}" '
            f'role="img" font-family="{html.escape(_font_family(lang))}">'
            f"<title>{title}</title>"
            f'<rect x="0" y="0" width="{_n(width)}" height="{_n(height)}" fill="{theme.paper}"/>'
            + "".join(body) + "</svg>\n")
