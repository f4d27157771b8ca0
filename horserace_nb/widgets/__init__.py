"""Jupyter widgets: :class:`ReplayWidget` (step through worked examples and saved games) and
:class:`PlayWidget` (play a match against the computer). Built from core ipywidgets controls:
no front-end extension is needed (JupyterLab 4, Notebook 7, Voilà)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["ReplayWidget", "PlayWidget", "Classroom"]

if TYPE_CHECKING:
    from .classroom import Classroom
    from .play import PlayWidget
    from .replay import ReplayWidget


def __getattr__(name: str) -> Any:
    if name == "ReplayWidget":
        from .replay import ReplayWidget

        return ReplayWidget
    if name == "PlayWidget":
        from .play import PlayWidget

        return PlayWidget
    if name == "Classroom":
        from .classroom import Classroom

        return Classroom
    raise AttributeError(name)
