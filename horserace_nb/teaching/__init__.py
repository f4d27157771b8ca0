"""Teaching and play: the worked examples, exercises, puzzles (a teacher's own too:
:mod:`~horserace_nb.teaching.authoring`), computer players and the post-game review. Built on
the rules core and the words; no Jupyter, no rendering."""
