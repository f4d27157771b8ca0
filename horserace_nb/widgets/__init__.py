"""Jupyter widgets, all built on one interactive :class:`Board` (an anywidget whose ES module and
CSS ship in this package: nothing is fetched from a CDN):

- :class:`PlayWidget`: a match against the computer, played by clicking (or keying) the board;
- :class:`ReplayWidget`: step through worked examples (a teacher's too: ``from_file``) and
  saved games, with a predict mode;
- :class:`Exercises`: exercises on fresh positions with feedback that names the rule;
- :class:`PuzzleWidget`: "find the best move" puzzles played on the board, with hints (a
  teacher's puzzle set too: ``from_file``, ``from_code``);
- :class:`Classroom`: one page for Voilà, play and replay with a language switch;
- :class:`ReviewWidget`: step through a learner's decisions after a hand or game, the move
  played and the strong computer player's choice marked on the board;
- :class:`Progress`: the learner's lesson map, kept in the browser (stars, rules, mistakes to
  practise, "Download my results");
- :class:`ClassReport`: the teacher's view of the class from the learners' results files;
- :class:`PositionEditor`: a teacher builds a position on the board and shares it as a code
  and a link; :class:`PuzzleMaker` makes puzzles from a position, checked by the engine;
  :class:`PuzzleHere` is its "Make a puzzle from here" button in a game, a replay and a review;
  :class:`ExampleMaker` records a worked example from a position (replayed by
  :meth:`ReplayWidget.from_file`);
  :func:`open_code` opens a shared code (what a link to the classroom site runs);
- :class:`Reveal`: *Show answer* under a task the learner works out first: the lesson's cell
  shows the button, and the answer only when it is pressed.

Each is imported on first use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = ["Board", "ClassReport", "Classroom", "ExampleMaker", "Exercises", "PlayWidget",
           "PositionEditor",
           "Progress", "PuzzleHere", "PuzzleMaker", "PuzzleWidget", "ReplayWidget", "Reveal",
           "ReviewWidget", "open_code"]

if TYPE_CHECKING:
    from .board import Board
    from .classroom import Classroom
    from .editor import ExampleMaker, PositionEditor, PuzzleMaker
    from .exercise import Exercises
    from .play import PlayWidget
    from .progress import Progress
    from .puzzle import PuzzleWidget
    from .puzzle_here import PuzzleHere
    from .replay import ReplayWidget
    from .report import ClassReport
    from .reveal import Reveal
    from .review import ReviewWidget
    from .share import open_code

_HOME = {"Board": "board", "Classroom": "classroom", "Exercises": "exercise",
         "PlayWidget": "play", "PuzzleWidget": "puzzle", "ReplayWidget": "replay",
         "ReviewWidget": "review", "Progress": "progress", "ClassReport": "report",
         "PositionEditor": "editor", "PuzzleMaker": "editor", "ExampleMaker": "editor",
         "PuzzleHere": "puzzle_here", "Reveal": "reveal",
         "open_code": "share"}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(name)
    return getattr(importlib.import_module(f".{_HOME[name]}", __name__), name)
