"""Teaching and play: the worked examples, exercises, puzzles, computer players and the
post-game review. Built on the rules core and the words; no Jupyter, no rendering."""
