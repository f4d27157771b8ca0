"""What a shared link opens in the classroom site (issue 33, point 5): :func:`open_code`.

The link (:func:`~horserace_nb.sessions.editor.share_path`) carries a code in its address; the
site's classroom page runs ``open_code(code, lang=…)``: a puzzle set's code (``hrp1.``) in a
:class:`~horserace_nb.widgets.PuzzleWidget`, a worked example's (``hre1.``) in a
:class:`~horserace_nb.widgets.ReplayWidget`, a position's (``hr1.``) in a
:class:`~horserace_nb.widgets.PositionEditor`. Nothing leaves the browser.

>>> type(open_code("hr1.QOQZQVO.DUa-FGJLPRY-SIANBXMETHCKWb.AAAj")).__name__
'PositionEditor'
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..core.errors import IllegalMove
from ..teaching.authoring import EXAMPLE_CODE, PUZZLES_CODE, AuthoringError
from ..words.i18n import check_lang, t
from .editor import PositionEditor

__all__ = ["open_code"]


def open_code(code: str, *, lang: str = "en") -> widgets.Widget:
    """The widget a shared *code* opens (see the module's documentation); a code that cannot
    be read says so in *lang* (an alert), and nothing else happens."""
    check_lang(lang)
    try:
        if isinstance(code, str) and code.startswith(PUZZLES_CODE):
            from .puzzle import PuzzleWidget

            return PuzzleWidget.from_code(code, lang=lang)
        if isinstance(code, str) and code.startswith(EXAMPLE_CODE):
            from .replay import ReplayWidget

            return ReplayWidget.from_code(code, lang=lang)
        return PositionEditor(code, lang=lang)
    except (AuthoringError, IllegalMove, ValueError):
        return widgets.HTML(f"<p lang='{lang}' role='alert'>"
                            f"{html.escape(t('share.bad', lang))}</p>")
