"""Teaching and play: the worked examples, exercises, puzzles (a teacher's own too:
:mod:`~horserace_nb.teaching.authoring`), computer players and the post-game review. Built on
the rules core and the words; no Jupyter, no rendering."""

from . import basics  # noqa: E402, F401 - registers its exercise kinds in exercises.KINDS
