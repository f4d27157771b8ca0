"""Self-check exercises: the learner computes a layout's end total and placement score.

>>> from horserace_nb.examples import EXAMPLES
>>> layout = EXAMPLES["sequence"].layouts()[5]
>>> check_total(layout, 10, 10, "en")
(True, 'Right: 2 + 5 + 3 = 10, which scores 10 raw (2 points).')
"""

from __future__ import annotations

from . import narration
from .i18n import t
from .layout import Layout

__all__ = ["check_total"]


def check_total(layout: Layout, total: int | None, raw: int | None,
                lang: str = "en") -> tuple[bool, str]:
    """Check a learner's end total and raw placement score for *layout* (R13, R15).

    Returns whether both are right and a sentence that says what to look at next.
    """
    values = [v for _, v in layout.contributions()]
    expression = narration.expression(layout).rsplit(" = ", 1)[0]
    right_total, right_raw = layout.end_total(), layout.score()
    if total is None or raw is None:
        return False, t("exercise.ask", lang)
    if total != right_total:
        ends = len(values)
        return False, t("exercise.wrong_total", lang, ends=ends)
    if raw != right_raw:
        key = "exercise.wrong_raw_zero" if right_raw == 0 else "exercise.wrong_raw"
        return False, t(key, lang, total=right_total)
    return True, t("exercise.right", lang, sum=expression, total=right_total,
                   points=narration.points_phrase(right_raw, lang))
