"""English markdown of the tutorial notebooks (see ../build_notebooks.py)."""

TEXT = {
    # ------------------------------------------------------------------ 00 start
    "start.intro": """# Horse Race — learn the game in Jupyter

**Horse Race** is a domino game of the Fives family: play a tile, add up the ends of the layout,
and score when the total is a multiple of 5. What makes it special: **every double is a
spinner**, and a tile that is a double or that scores lets you play again.

These tutorials take one idea at a time. Run each notebook from the top
(*Run → Run All Cells*), then play with the widgets.""",
    "start.contents": """## Contents

1. [Tiles, the layout and spinners](01_tiles_layout_spinners.ipynb) — replay the documented
   layout step by step (R1, R8–R12)
2. [Scoring ends](02_scoring_ends.ipynb) — which ends count, the single-tile examples, and a
   self-check exercise (R13–R15)
3. [Turns](03_turns.ipynb) — playing again, drawing, the drawn-tile rule, passing and blocking
   (R16–R20)
4. [The end of a hand](04_end_of_hand.ipynb) — the settlement bonus, partnerships, ties, and
   winning at 61 (R21–R28)
5. [Play](05_play.ipynb) — a full match against the computer
6. [Classroom page](06_classroom.ipynb) — one clean page for Voilà

Rule numbers (R1–R28) refer to the project's restatement of the original Korean and Japanese
rule texts.""",
    "start.voila": """## For teachers: the classroom page

Show the game to a class without any code on screen: from the project folder run

```sh
.venv/bin/voila notebooks/en/06_classroom.ipynb
```

and open the address it prints. Every learner who types the same **seed** in *New game* gets the
same deal.""",
    # ------------------------------------------------------------------ 01 tiles
    "tiles.intro": """# 1. Tiles, the layout and spinners

Horse Race uses one complete **double-six** set: 28 different tiles, from `[0|0]` to `[6|6]`
(R1). A tile is written with its low number first: `[1|4]`.""",
    "tiles.set": """A tile can be written in several ways; it is always shown low number first. A
**double** has the same number on both halves.""",
    "tiles.spinners": """## Every double is a spinner

A placement matches one half of a tile to an open connection point showing the same number
(R9). **Every double is a spinner** (R10): it is laid crosswise and has four connection points —
*straight A* and *straight B* along the line, *branch A* and *branch B* at right angles. The
branches open only after **both** straight sides are filled (R11).

In the pictures, an orange outline marks a spinner, a **filled number** shows what an end adds
to the total, and a **hollow dot** marks an open point that does not count.

Step through the layout of the rule texts with the buttons or the slider:""",
    "tiles.step": """You can also point at a step from code — handy in class. Step 4 is `[3|4]` on
the second straight side of `[4|4]`: now both straights of `[4|4]` are filled, so its branches
open, and `[4|4]` itself no longer counts.""",
    "tiles.build": """## Build a layout yourself

`place` returns the raw placement score (R15): the end total if it is a positive multiple of 5,
otherwise 0. The opening tile is placed on its own (R8).""",
    "tiles.branches": """A placement that breaks a rule is refused with a sentence that names the
rule, and the layout stays exactly as it was. Here both straight sides of `[4|4]` are not yet
filled:""",
    "tiles.next": """**Next:** [2. Scoring ends](02_scoring_ends.ipynb)""",
    # ------------------------------------------------------------------ 02 scoring
    "scoring.intro": """# 2. Scoring ends

After **every** placement, add up the contributions of all scoring ends (R13):

- an open end of a single adds its number (a 0 end adds 0, and still counts as an end);
- a double with at least one open straight side adds **both halves, once** (`[6|6]` adds 12);
- a double whose two straights are filled is interior and adds nothing;
- an unused branch adds 0; a started branch counts through the outer end of its line.""",
    "scoring.rules": """If the total is a positive multiple of 5 the placer scores that many raw
points; 5 raw points are 1 display point (R3, R15). Any other total, 0 included, scores nothing —
for the first and the last tile of a hand too. The single-layout examples of the rule texts:""",
    "scoring.picture": """The picture of `[3|6]` + `[6|6]`: `[6|6]` sits on the high end of
`[3|6]` with its second straight open, so it counts 12; the low end of `[3|6]` counts 3.""",
    "scoring.open_vs_counted": """## Open points are not always scoring ends

An open connection point is where a tile may go; a scoring end is what is added up (R14). After
`[1|2]` fills the second straight of `[1|1]`, its two branches are open but count nothing:""",
    "scoring.exercise": """## Your turn

Work out the end total of this layout and the raw score it is worth, then press *Check*. The
numbers on the ends are hidden.""",
    "scoring.exercise_code": """Or answer in code: replace the two `None`s with your answers for
the last layout of the sequence and run the cell again.""",
    # ------------------------------------------------------------------ 03 turns
    "turns.intro": """# 3. Turns

Play goes clockwise (R8). On your turn:

- if you can place a tile from your hand, you **must** place one — you may not draw instead
  (R16);
- a tile from hand that is a **double**, or that **scores**, lets you place again; a scoring
  double gives one more placement, not two (R17). Going on is an obligation too;
- if you cannot place, draw one tile at a time and stop at the first that fits: that tile must be
  placed at once, and **a freshly drawn tile always ends the turn**, even a double or a scoring
  tile (R18);
- with nothing to place and an empty boneyard you pass; when nobody can place, the hand is
  blocked (R19).""",
    "turns.chain": """A scripted hand that shows all of it: seat 0 plays `[1|4]` (scores 5),
`[1|1]` (a double), `[4|4]` (a scoring double: one more), cannot place `[2|5]`, draws `[3|4]`
which scores — and the turn ends all the same.""",
    "turns.by_code": """The same hand in code: every `apply` returns an event that says what was
summed, what it scored, whether the turn goes on and why.""",
    "turns.must_place": """Drawing while a tile from your hand fits is refused (R16):""",
    "turns.pass": """Passing: seat 1 has no tile that fits and the boneyard is empty, so it passes
(R19); seat 0 then places its last tile and wins the hand.""",
    # ------------------------------------------------------------------ 04 end of hand
    "end.intro": """# 4. The end of a hand

A hand ends when a player places their last tile (they win it, R21) or when it is blocked: the
boneyard is empty and nobody can place (R19). In a blocked hand the lowest remaining pip total
wins; partnerships compare the two partners' combined totals (R22).""",
    "end.rounding": """The winner scores the opponents' remaining pips: add them all, round that
one sum to the nearest multiple of 5 (remainder 1 or 2 rounds down, 3 or 4 up), divide by 5
(R23). Nobody loses points.""",
    "end.examples": """The settlement examples of the rule texts, played out as scripted hands:
17 → 3 points; partner 7 (excluded), opponents 9 + 8 → 3; blocked 18 against 11 → the second
team gets 4; a tie at 4, 4, 4 against 14 → each of the three gets 4; teams tied at 12 → 2 each
(R23–R25).""",
    "end.replay": """Step through the blocked partnership hand:""",
    "end.winning": """## Winning

A placement that brings a player or team to 61 or more ends the game **at once**, before any
other placement or settlement: 60 + 2 = 62 wins (R26). Everyone who reaches 61 in the same
settlement shares the win, whatever their final scores (R27, R28).""",
    # ------------------------------------------------------------------ 05 play
    "play.intro": """# 5. Play a match

You are seat 0; the computer plays the other seats. Play on the board itself: click a tile in
your hand (at the bottom of the picture) and the places where it may go light up on the layout;
point at one to read what it would make — the sum of the ends, the score, and whether you play
again — then click it to place the tile. With the keyboard: *Tab* or the arrow keys move through
your tiles, *Enter* chooses one and moves on to its lit places, *Enter* places it, *Escape*
clears the choice. After every move the widget says what was added up and whether the turn goes
on. Press *Computer's next move* to watch the computer one move at a time, *Hint* for the best
immediate move and why.""",
    "play.modes": """Change the mode (2, 3 or 4 players, or 4 in partnerships) and the **seed** in
the *New game* row: the same seed always deals the same game, so a whole class can play the same
deal. *Undo my last decision* takes back your last move (practice mode).""",
}
