"""Small charts for the teacher's class report, drawn like the boards: svgwrite, the theme's
colours and font, a text alternative first, classes prefixed ``hr-svg-``, byte-identical output
for the same input.

>>> svg = bars_svg([("R15", 4), ("R13", 1)], lang="en")
>>> svg.count('class="hr-svg-bar"'), 'lang="en"' in svg, svg == bars_svg([("R15", 4), ("R13", 1)])
(2, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import svgwrite

from ..words.i18n import check_lang, t
from ..words.names import list_text
from .svg import CLASS_PREFIX, SvgImage
from .theme import DEFAULT_THEME, Theme

__all__ = ["bars_svg"]

_ROW = 26.0
_LABEL = 56.0
_COUNT = 48.0
_PAD = 8.0


def _num(x: float) -> str:
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def bars_svg(bars: Sequence[tuple[str, int]], *, lang: str = "en", width: float = 420,
             theme: Theme | None = None) -> SvgImage:
    """A horizontal bar chart of *bars* (``(rule, misses)``, drawn in the order given): the
    rules most missed across a class. Each bar is a ``rect.hr-svg-bar`` with ``data-rule`` and
    ``data-count``; the title and description say the same in words (*lang*).

    :raises ValueError: for an unknown language or a negative count.
    """
    check_lang(lang)
    theme = theme or DEFAULT_THEME
    if any(count < 0 for _, count in bars):
        raise ValueError("bars: every count is 0 or more")
    words = [t("report.bar", lang, rule=rule, count=count) for rule, count in bars]
    title = t("report.missed_title", lang)
    desc = (t("report.chart_label", lang, list=list_text(words, lang))
            if bars else t("report.missed_none", lang))
    height = _PAD * 2 + _ROW * max(1, len(bars))
    drawing = svgwrite.Drawing(size=(_num(width), _num(height)), debug=False,
                               viewBox=f"0 0 {_num(width)} {_num(height)}", role="img",
                               lang=lang, class_=f"{CLASS_PREFIX}horserace {CLASS_PREFIX}chart",
                               font_family=theme.fonts(lang))
    drawing.set_desc(title=title, desc=desc)
    drawing.add(drawing.rect((0, 0), (_num(width), _num(height)), fill=theme.table))
    most = max([count for _, count in bars] + [1])
    room = width - _LABEL - _COUNT - _PAD * 2
    for i, (rule, count) in enumerate(bars):
        y = _PAD + i * _ROW
        drawing.add(drawing.text(rule, insert=(_num(_PAD), _num(y + _ROW * 0.68)),
                                 fill=theme.text, font_size="14", font_weight="bold"))
        drawing.add(drawing.rect((_num(_PAD + _LABEL), _num(y + 4)),
                                 (_num(max(2.0, room * count / most)), _num(_ROW - 8)),
                                 fill=theme.counted, class_=f"{CLASS_PREFIX}bar",
                                 data_rule=rule, data_count=str(count)))
        drawing.add(drawing.text(str(count), insert=(_num(width - _COUNT - _PAD + 6),
                                                     _num(y + _ROW * 0.68)),
                                 fill=theme.muted, font_size="14"))
    if not bars:
        drawing.add(drawing.text(t("report.missed_none", lang),
                                 insert=(_num(_PAD), _num(_PAD + _ROW * 0.68)),
                                 fill=theme.muted, font_size="14"))
    return SvgImage(drawing.tostring())
