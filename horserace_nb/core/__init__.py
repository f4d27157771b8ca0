"""The rules core: tiles, the rules, actions, the all-spinner layout, settlement, game records and
the game itself. Pure Python: it imports nothing from Jupyter, svgwrite or the layers above it
(the words are imported lazily where a message is put into words, as ``_repr_svg_`` imports the
renderer)."""
