"""Japanese markdown of the tutorial notebooks (see ../build_notebooks.py)."""

RULES_PAGE = "../rules.ja.md"
"""The rules page of this language, relative to a lesson (keep it: the builder links "R17" to RULES_PAGE#r17)."""

TEXT = {
    'nav': """TODO-TRANSLATE ---
**Back:** [{back_title}]({back}) · **Next:** [{next_title}]({next}) · **Start:** [{start_title}]({start})""",
    'title.index': 'TODO-TRANSLATE all languages',
    'title.00': 'TODO-TRANSLATE the start page',
    'title.01': 'TODO-TRANSLATE 1. Tiles, the deal and spinners',
    'title.02': 'TODO-TRANSLATE 2. Scoring ends',
    'title.03': 'TODO-TRANSLATE 3. Turns',
    'title.04': 'TODO-TRANSLATE 4. The end of a hand',
    'title.05': 'TODO-TRANSLATE 5. Play a match',
    'title.06': 'TODO-TRANSLATE 6. The classroom page',
    'title.07': 'TODO-TRANSLATE 7. Puzzles',
    'title.08': 'TODO-TRANSLATE 8. Teacher guide',
    'start.intro': """TODO-TRANSLATE # Horse Race — learn the game in Jupyter

**Horse Race** is a domino game of the Fives family: place a tile, add up the numbers at the open
ends of the layout, and score when that total is a multiple of 5. Two things make it its own:
**every double is a spinner** that can grow in four directions, and some tiles let you place
again — lesson 3 says which.

Each lesson takes one idea at a time, shows it on the board, and then asks you to do it: the
exercises check every answer at once and explain it with the rule. Run each notebook from the
top (*Run → Run All Cells*) and then work with the widgets.""",
    'start.contents': """TODO-TRANSLATE ## Contents

1. [Tiles, the deal and spinners](01_tiles_layout_spinners.ipynb) — the 28 tiles, who plays, the
   deal and the boneyard, who leads, how tiles join, spinners (R1, R2, R5, R6, R8–R12)
2. [Scoring ends](02_scoring_ends.ipynb) — which ends count, the single-layout examples, predict
   the next step, exercises (R3, R13–R15)
3. [Turns](03_turns.ipynb) — placing again, drawing, the drawn-tile rule, passing, the blocked
   hand, and what comes first (R4, R16–R20)
4. [The end of a hand](04_end_of_hand.ipynb) — the settlement and its rounding, partnerships,
   ties, who leads next, winning at 61 (R7, R21–R28)
5. [Play a match](05_play.ipynb) — a match against the computer, a class-length game, and a
   review of the decisions
6. [The classroom page](06_classroom.ipynb) — one clean page for Voilà
7. [Puzzles](07_puzzles.ipynb) — find the best move, with a ladder of hints
8. [Teacher guide](08_teacher_guide.ipynb) — a 45-minute lesson plan, the answer key, the
   mistakes to watch for""",
    'start.rules': """TODO-TRANSLATE ## The rules

The rules of the game are on one page: [the rules of Horse Race](../rules.ja.md) (print it for the
table). Every rule there has a number from R1 to R28, and every number in these lessons links to
it: a click on R17 opens the page at rule R17. Players are numbered from 1 in the lessons and on
the rules page (the code counts its seats from 0: seat 0 is player 1).""",
    'start.voila': """TODO-TRANSLATE ## For teachers

The [teacher guide](08_teacher_guide.ipynb) has a lesson plan, the answer key of every exercise
and the mistakes learners make most. To show the game to a class without any code on screen, run
the classroom page from the project folder:

```sh
.venv/bin/voila notebooks/ja/06_classroom.ipynb
```

and open the address it prints. Every learner who types the same **seed** in *New game* gets the
same deal.""",
    'tiles.intro': """TODO-TRANSLATE # 1. Tiles, the deal and spinners

In this lesson: the tiles, who plays, the deal, who places the first tile, and how tiles join the
layout — in particular the **spinners**. Run the cell below first: it loads the tools the lesson
uses.""",
    'tiles.set': """TODO-TRANSLATE ## The tiles

Horse Race uses one complete **double-six** set: 28 tiles, no two alike (R1). Each half of a tile
shows 0 to 6 pips. A tile is written with its smaller number first, `[1|4]`. Here is the whole
set, one row for each smaller number:""",
    'tiles.write': """TODO-TRANSLATE You may type a tile in several ways; it is always shown smaller number first.
The seven tiles with the same number on both halves are the **doubles**:""",
    'tiles.players': """TODO-TRANSLATE ## Who plays

Two, three or four people play, each for themselves; or four people play as two pairs (R2).
Partners **sit opposite** each other and share one score: players 1 and 3 against players 2 and
4. The picture shows a partnership game from player 1's seat: your own hand face up at the
bottom, the other hands face down, and the two teams' scores.""",
    'tiles.deal': """TODO-TRANSLATE ## The deal and the boneyard

All 28 tiles are shuffled face down. Each player gets **7** tiles with 2 players, **6** with 3,
**5** with 4 (R5). The tiles nobody gets stay face down on the table: that pile is the
**boneyard** — 14, 10 or 8 tiles. You draw from it when no tile in your hand fits (lesson 3).
Hands are private.

Each line below is one deal: the number of players, then the size of every hand, then (after the
bar) the size of the boneyard. Change the seed, or deal with `Game(players=3, seed=…)` yourself:
the counts stay the same.""",
    'tiles.deal_picture': """TODO-TRANSLATE What player 1 sees of a 3-player deal: 6 tiles in hand, the two other
hands face down, and the boneyard's count at the top.""",
    'tiles.lot': """TODO-TRANSLATE ## Who places the first tile

The first hand's leader is chosen by a **neutral lot** (R6): every player rolls a die, and if the
highest roll is tied, only the tied players roll again. Holding a high double such as `[6|6]`
gives **no** right to lead.

The cell shows the lot of a 4-player game: each line is one round (player: roll). The two
players who rolled 6 roll again, and the winner leads. The last number tells who holds `[6|6]`:
not the leader. Who leads the **next** hands is lesson 4's topic (R7).""",
    'tiles.first_tile': """TODO-TRANSLATE ## The first tile

The leader may open with **any** tile from their hand (R8); it lies alone in the middle of the
table. The opening tile also counts for scoring, like every other tile — lesson 2 explains
scoring.""",
    'tiles.spinners': """TODO-TRANSLATE ## How tiles join; every double is a spinner

A tile joins the layout where an open **connection point** shows the same number as one of its
halves (R9). **Every double is a spinner** (R10): it is laid crosswise and has four connection
points — *straight A* and *straight B* along the line, *branch A* and *branch B* at right angles.
A double that joins the layout uses its straight A; a double that opens the hand has both
straights open. The branches open only after **both** straight sides are filled (R11).

In the pictures, an orange outline marks a spinner, a **filled number** shows what an end adds to
the total, and a **hollow dot** marks an open point that does not count (lesson 2).

Step through the layout of the rule texts with the buttons or the slider. (The line about who
places next is a preview of lesson 3.)""",
    'tiles.step': """TODO-TRANSLATE You can also choose a step from code — handy in class. Step 4 is `[3|4]` on
straight B of `[4|4]`: now both straights of `[4|4]` are filled, so its branches open, and
`[4|4]` itself no longer counts.""",
    'tiles.walk': """TODO-TRANSLATE The Japanese rule text walks round one spinner: `[5|5]` opens, then `[2|5]`
and `[3|5]` fill its two straight sides, and only then can `[4|5]` go on a branch (R10, R11). Its
pictures are lost in the text, but its four end totals — 10, 12, 5 and 9 — fix the tiles. Step
through it:""",
    'tiles.build': """TODO-TRANSLATE ## Build a layout yourself

`place` adds a tile: the opening tile on its own, every other one `on` a tile of the layout at a
`side` (`'low'`, `'high'`, `'straight_a'`, `'straight_b'`, `'branch_a'`, `'branch_b'`). Change the
tiles and run the cell again.""",
    'tiles.singles': """TODO-TRANSLATE A tile that is not a double (a **single**) has a low end and a high end; it
joins by the end that matches, and its other end becomes a new end of the layout (R12). Here
`[1|6]` joins straight B of `[1|1]` by its 1, so its 6 is the new end:""",
    'tiles.branches': """TODO-TRANSLATE A placement that breaks a rule is refused with a sentence that names the
rule, and the layout stays as it was. Here the straights of `[4|4]` are not both filled yet, so
its branches are closed (R11):""",
    'tiles.exercises': """TODO-TRANSLATE ## Your turn

Which points of this layout are open — where could a tile join? Choose every open point on the
buttons, then press *Check*. Wrong? Read the explanation, press *Try again*, or *Show answer*.
*Next* brings a fresh position; the stars count the ones you solved on your own.""",
    'scoring.intro': """TODO-TRANSLATE # 2. Scoring ends

After **every** placement, add up the contributions of all scoring ends (R13):

- the open end of a single adds its number (a 0 end adds 0, and still counts as an end);
- a double with at least one open straight side adds **both halves, once** (`[6|6]` adds 12);
- a double whose two straights are filled is inside the layout and adds nothing;
- an unused branch adds 0; a branch with tiles on it counts through the outer end of its line.""",
    'scoring.rules': """TODO-TRANSLATE ## The placement score

If the total is a positive multiple of 5, the player who placed the tile scores that many **raw**
points; 5 raw points make 1 **point** on the score sheet, and the game is played to 61 points
(R3, R15). Any other total, 0 included, scores nothing. This holds for the first tile of a hand
as for every other.

Each line: an opening tile, the raw points it scores, and the points (raw ÷ 5). Try other
tiles.""",
    'scoring.double_22': """TODO-TRANSLATE ## The examples of the rule texts

An opening `[2|2]`: a double with an open straight side counts both halves, once.""",
    'scoring.double_00': """TODO-TRANSLATE An opening `[0|0]`: an end, but it adds 0 — and a total of 0 scores
nothing.""",
    'scoring.double_66': """TODO-TRANSLATE `[3|6]` and then `[6|6]` on its high end: `[6|6]` has its second
straight open, so it counts 12, and the low end of `[3|6]` counts 3. Step through it:""",
    'scoring.open_vs_counted': """TODO-TRANSLATE ## Open points are not always scoring ends

An open connection point is where a tile may go; a scoring end is what is added up (R14). After
`[1|2]` fills the second straight of `[1|1]`, its two branches are open but count nothing. Each
line: ● counted or ○ not counted, the tile, the point, and the number it shows.""",
    'scoring.predict': """TODO-TRANSLATE ## Predict the next step

The documented layout again, in **predict mode**: before each placement is shown, say what will
happen — where the tile goes (click the point on the board), the end total, or the score — and
press *Check*. A right answer shows the step; *Show the step* shows it anyway. Untick the box to
step freely.""",
    'scoring.exercises': """TODO-TRANSLATE ## Your turn

Four kinds of question on fresh layouts: which open points count, what the end total is, what a
placement scores, and where a tile scores the most (click the point on the board). The numbers on
the ends are hidden: work them out from the tiles.""",
    'scoring.exercise_code': """TODO-TRANSLATE Or answer in code: the last layout of the documented sequence,
with its numbers hidden. Replace the two `None`s with your end total and raw score, and run the
cell again.""",
    'turns.intro': """TODO-TRANSLATE # 3. Turns

Play goes clockwise: player 1, player 2, … and back to player 1 (R8). On your turn:

- if you can place a tile from your hand, you **must** place one — you may not draw instead
  (R16);
- a tile from your hand that is a **double**, or that **scores**, lets you place again; a
  scoring double gives one more placement, not two (R17). Going on is an obligation too;
- if you cannot place, draw from the boneyard one tile at a time and stop at the first that
  fits: that tile must be placed at once, and **a freshly drawn tile always ends the turn**, even
  a double or a scoring tile (R18);
- with nothing to place and an empty boneyard you pass; when nobody can place, the hand is
  **blocked** (R19).""",
    'turns.chain': """TODO-TRANSLATE A scripted hand that shows all of it: player 1 places `[1|4]` (scores 5),
`[1|1]` (a double), `[4|4]` (a scoring double: one more), cannot place `[2|5]`, draws `[3|4]`,
which scores — and the turn ends all the same.""",
    'turns.by_code': """TODO-TRANSLATE The same hand in code: each action returns an event that says what was
added up, what it scored, and whether the turn goes on and why. The indented numbers are the
scores after each action: points are recorded the moment they are made (R4).""",
    'turns.must_place': '手牌の牌が置けるのにドローしようとすると、拒否されます (R16)：',
    'turns.pass': """TODO-TRANSLATE Passing: player 2 has no tile that fits and the boneyard is empty, so they
pass (R19); player 1 then places their last tile and wins the hand.""",
    'turns.blocked': """TODO-TRANSLATE ## The blocked hand

When the boneyard is empty and **nobody** can place, the hand is blocked and ends at once (R19).
Here the first tile is `[3|3]`, nobody holds a 3, and the boneyard is empty. Who wins a blocked
hand is lesson 4's topic (R22).""",
    'turns.end_first': """TODO-TRANSLATE ## The end comes first

The end of the hand or of the game comes before any continuation: nothing more is placed after
it (R20). Player 1 stands at 60 and opens with `[4|6]`: 4 + 6 = 10 scores 2 points and reaches
62. A scoring tile would let them place again — `[6|6]` is still in hand — but the game is
already over (R26).""",
    'turns.exercises': """TODO-TRANSLATE ## Your turn

Who places next? Each exercise shows the last action of a fresh hand: a double, a scoring tile, a
drawn tile, a pass, a last tile… Choose the player (or nobody, when the hand is over) and press
*Check*.""",
    'end.intro': """TODO-TRANSLATE # 4. The end of a hand

A hand ends when a player places their last tile — they win the hand (R21) — or when it is
blocked: the boneyard is empty and nobody can place (R19). In a blocked hand the lowest total of
pips left in hand wins; partnerships compare the two partners' combined totals, not the lightest
single hand (R22).""",
    'end.rounding': """TODO-TRANSLATE ## The settlement

The winner scores the **opponents'** remaining pips: add them all, round that one sum to the
nearest multiple of 5 (remainder 1 or 2 rounds down, 3 or 4 rounds up), and divide by 5 (R23).
The winner's own pips are not subtracted, nobody loses points, and the losers gain nothing.

Each line: the pips, rounded, the points. 17 rounds **down** to 15, not to 10 or 20.""",
    'end.bonus_17': """TODO-TRANSLATE The rule texts' example: the opponent still holds 17 pips → 15 → 3 points.
Step through it:""",
    'end.bonus_partners': """TODO-TRANSLATE With partners, the winner's partner is left out: the partner holds 7,
the opponents 9 and 8, together 17 → 15 → 3 points for the team (R2, R23).""",
    'end.blocked_teams': """TODO-TRANSLATE A blocked hand between teams: 1 + 17 = 18 against 5 + 6 = 11. The
second team has the lower total, so it wins and receives the first team's 18 → 20 → 4 points
(R22, R23).""",
    'end.ties': """TODO-TRANSLATE ## Ties

When a blocked hand ends in a tie for the lowest total, every tied player receives one full bonus
from all the **other** players' tiles, the other co-winners included; nothing is split (R24).
With 4, 4, 4 and 14 left, each of the three receives 4 + 4 + 14 = 22 → 20 → 4 points. Teams tied
at 12 and 12 each receive the other team's 12 → 10 → 2 points, once per team. All the bonuses of
a hand are one settlement, applied together (R25).""",
    'end.next_leader': """TODO-TRANSLATE ## Who leads the next hand

The player who placed the last tile of a hand leads the next one (R7). The computer plays a whole
hand below; the first line is the first leader, then the player who went out; `next_hand()` deals
the next hand, and the last line is its leader.""",
    'end.next_leader_blocked': """TODO-TRANSLATE After a **blocked** hand there is no such player: a new neutral
lot chooses the next leader (R7). The first line: the boneyard is empty (0) and the pips left in
each hand; then the rounds of the new lot, and the new leader.""",
    'end.winning': """TODO-TRANSLATE ## Winning the game

A placement that brings a player or team to 61 or more ends the game **at once**, before any other
placement or settlement: 60 + 2 = 62 wins, exactly 61 is not needed (R26, lesson 3). Everyone who
reaches 61 in the same settlement shares the win, whatever their final scores (R27): here both
teams stand at 59, the hand is blocked 12 against 12, each team gains 2 points, and both win at
61. The result is a winner or co-winners; nobody wins "by" so many points (R28).""",
    'end.last_tile': """TODO-TRANSLATE **An exception:** a last tile that scores and reaches 61 wins the game at
once — so there is no settlement for that hand (R21, R26). Player 1, at 60, places the last tile
`[1|4]`: 4 + 1 = 5 scores 1 point and reaches 61; the opponent's pips are not counted.""",
    'end.exercises': """TODO-TRANSLATE ## Your turn

Settle fresh hands: who wins the hand, the pips they receive, rounded, and the points. Then: who
wins the game? Press *Check* after each answer.""",
    'play.intro': """TODO-TRANSLATE # 5. Play a match

You are player 1; the computer plays the others. The widget shows, from the top: the title with
the target, the scores (in points, with a bar towards the target), a line that says whose turn it
is and what to do, and the **board**.

**On the board:** click a tile in your hand (at the bottom of the picture) and the points where
it may go light up on the layout; point at one to read what it would make — the sum of the ends,
the score, and whether you place again — then click it to place the tile. With the keyboard:
*Tab* or the arrow keys move through your tiles, *Enter* chooses one and moves on to its lit
points, *Enter* places it, *Escape* clears the choice.""",
    'play.controls': """TODO-TRANSLATE **The buttons and boxes under the board:**

- *Draw a tile* — when no tile in your hand fits (R18); *Pass* — when nothing fits and the
  boneyard is empty (R19). Both are offered only when the rules allow them.
- *Hint* — the strong computer player's advice for this position, with its reason.
- *Undo my last decision* — takes back your last move (only with *Practice mode* ticked).
- *Draw automatically until a tile fits* — draws for you.
- *Computer's next move* — shows the computer's move, one at a time; tick *Play the computer's
  moves automatically* to watch them without clicking.
- Under the messages: the moves of the hand so far, and after a hand its settlement with the
  rounding, and *Deal the next hand*.""",
    'play.modes': """TODO-TRANSLATE **A new game:** the last row chooses the *Mode* (2, 3 or 4 players, or 4 in
partnerships), the *Match* length, and the **seed**: the same seed always deals the same game, so
a whole class can play the same deal. Press *New game* to start.""",
    'play.class_length': """TODO-TRANSLATE ## A class-length game

A match to 61 takes longer than a lesson. For a class, the *Match* menu offers two shorter games
— to 31 points, or one hand — labelled as **teaching variants**: the rules say 61 (R26). This
widget starts with one hand:""",
    'play.review': """TODO-TRANSLATE ## Review a game

`review_game` goes through one player's decisions and compares each with the strong computer
player's choice on the same position: what was played, the better move, and how many points it
is worth on average. Here the computer plays a hand with a **random** player as player 1; the
review shows the decision that cost the most, on the board as it was then.""",
    'play.review_yours': """TODO-TRANSLATE Your own game: after a hand in the widget above, run this cell to
review your decisions as player 1 (it takes a few seconds).""",
    'puzzles.intro': """TODO-TRANSLATE # 7. Puzzles

Each puzzle is a position in the middle of a hand. You are player 1 and it is your turn: find the
**best** move. Every answer has been checked by the game's engine: it is the only placement (or
turn) that does best.""",
    'puzzles.how': """TODO-TRANSLATE **How to answer:** run the puzzle's first cell to see the board. In the
second cell, write your placements in `my_turn` — `Place("[5|6]", "[3|6]", "high")` places
`[5|6]` on the high end of `[3|6]`; a turn that goes on (a double or a score) is a list of
several — and run it: it says whether your move is the best and why. Stuck? Set `hints` to 1, 2,
3 … for one more hint each time; the last hint gives the answer away.""",
    'guide.intro': """TODO-TRANSLATE # 8. Teacher guide

This page is for the teacher: a plan for a 45-minute lesson, the answer key of every exercise in
lessons 1–4 and of the puzzles, the mistakes learners make most, and how to run the classroom
page and the website.""",
    'guide.plan': """TODO-TRANSLATE ## A 45-minute lesson

| time | what | where |
|---|---|---|
| 0–5 min | The idea of the game: place a tile, add the ends, score multiples of 5. Hand out the printed rules page. | [start page](00_start.ipynb), [the rules](../rules.ja.md) |
| 5–12 min | Tiles, the deal, the boneyard, the lot (R1, R5, R6); spinners: step through the documented layout together (R9–R11). Exercises 1–3. | [lesson 1](01_tiles_layout_spinners.ipynb) |
| 12–22 min | Scoring ends (R13–R15): the three single layouts, then the predict-mode replay on the projector, learners calling out totals. Exercises in pairs. | [lesson 2](02_scoring_ends.ipynb) |
| 22–30 min | Turns (R16–R20): the turn chain replay; ask "who plays next?" before each step. Exercises. | [lesson 3](03_turns.ipynb) |
| 30–42 min | Pairs play a **one-hand** game (a teaching variant) with the same seed on the classroom page; at the end of the hand, settle it together (R21–R23). | [classroom page](06_classroom.ipynb) |
| 42–45 min | Winning at 61 in one sentence (R26); homework: lesson 4 and the puzzles. | [lesson 4](04_end_of_hand.ipynb), [puzzles](07_puzzles.ipynb) |

With a second lesson: lesson 4 with its exercises, a game to 31 points, and a review of one
game.""",
    'guide.key': """TODO-TRANSLATE ## The answer key

The exercises in the lessons come from fixed seeds, so every learner sees the same positions in
the same order. The cells below draw them from the same seeds and print each question with its
answer; *Next* in a widget draws fresh positions after these.""",
    'guide.key_predict': """TODO-TRANSLATE **Lesson 2, predict mode** (the documented layout): where each tile
goes, then the sum and the score it makes.""",
    'guide.key_puzzles': """TODO-TRANSLATE **Lesson 7, the puzzles:** each title, then the best move and why.
The code exercise of lesson 2 (the last layout of the sequence) is answered by the last line of
the table above: its total and its score.""",
    'guide.misconceptions': """TODO-TRANSLATE ## Mistakes to watch for

- **Counting an interior double.** Once both straight sides of a double are filled, it adds
  nothing (R13). Learners keep adding `[4|4]` as 8 after step 4 of the documented layout.
- **Counting unused branches.** An open branch is a place to play, not a scoring end: it adds 0
  until a tile is on it (R14).
- **Counting a double once per open side.** A double with both straights open adds both halves
  **once** (`[2|2]` adds 4, not 8) (R13).
- **Thinking a drawn double goes on.** A freshly drawn tile ends the turn, even a double or a
  scoring tile (R18).
- **Drawing instead of placing.** If a tile from hand fits, it must be placed (R16).
- **Rounding 17 down to 10** (or up to 20). Round to the **nearest** multiple of 5: 17 → 15
  (R23).
- **Subtracting one's own pips.** The winner receives the opponents' pips; their own are not
  subtracted, and nobody loses points (R23).
- **Counting the partner's tiles.** With partners, the winner's partner is left out (R23).
- **Waiting for exactly 61.** 60 + 2 = 62 wins at once; and a last tile that reaches 61 earns no
  settlement (R21, R26).
- **A high double leads.** The first leader is chosen by lot (R6); later hands are led by the
  player who went out (R7).""",
    'guide.run': """TODO-TRANSLATE ## Running the classroom page and the website

**The classroom page (Voilà):** one page with a match against the computer and the worked
examples, a language switch and no code. From the project folder:

```sh
.venv/bin/voila notebooks/ja/06_classroom.ipynb
```

Voilà prints the address to open (only on this computer). Every learner who types the same
**seed** in *New game* gets the same deal.

**The website (JupyterLite):** the lessons running in the learners' browsers, with nothing to
install on their computers and no network needed once loaded. Build it once (the first build
downloads the Pyodide core with `npm`), then serve the folder:

```sh
.venv/bin/python -m pip install -e ".[lite]"
.venv/bin/python -m horserace_nb.lite build --output site
.venv/bin/python -m http.server -d site 8000 --bind 127.0.0.1
```

and open <http://127.0.0.1:8000/lab/index.html?path=index.ipynb>. Wait until the status bar says
*Python (Pyodide) | Idle*, then *Run → Run All Cells*; the first run takes longer than on your
own computer (the review in lesson 5 takes longest). Put the `site` folder on any web server for a class.""",
    'guide.class_length': """TODO-TRANSLATE ## The class-length game

A match to 61 can last longer than a lesson. The *Match* menu of the play widget and of the
classroom page offers **31 points** or **one hand** (the match stops after the first
settlement). Both are teaching variants, labelled as such on the page: tell the class that the
real game is played to 61 (R26). From code: `PlayWidget(match="hand")` or
`Classroom(match="31")`.""",
}

# The translations these keys had before lesson structure of issue 12 (new English above):
# reuse what still fits, then delete this dict.
PREVIOUS = {
    'start.intro': """# ホースレース (Horse Race) — Jupyterでゲームを学ぶ

**ホースレース** (Horse Race) は、Fivesファミリーのドミノゲームです。牌を置いて配置の端を合計し、合計が5の倍数なら得点します。このゲームの特徴は、**すべてのダブルが分岐ダブルになる**ことです。また、ダブルまたは得点する牌を置くと、もう一度置けます。

このチュートリアルでは、一度に一つの考え方を扱います。各ノートブックを最初から実行し (*Run → Run All Cells* (すべてのセルを実行))、それからウィジェットで試してみましょう。""",
    'start.contents': """## 目次

1. [牌、配置、分岐ダブル](01_tiles_layout_spinners.ipynb) — ルール文書の配置を一手ずつ再生します (R1, R8–R12)
2. [得点端](02_scoring_ends.ipynb) — どの端を数えるか、単独の配置の例、自分で確かめる練習問題 (R13–R15)
3. [手番](03_turns.ipynb) — 手番の継続、ドロー、引いた牌の規則、パスとブロック (R16–R20)
4. [ハンドの終わり](04_end_of_hand.ipynb) — ハンド終了時の加点、ペア戦、同点、61点での勝ち (R21–R28)
5. [対局](05_play.ipynb) — コンピューターと一局を最後まで対戦します
6. [授業用ページ](06_classroom.ipynb) — Voilà で見せる、すっきりした1ページ

規則番号 (R1–R28) は、元の韓国語と日本語のルール文書を、このプロジェクトで整理し直したものを指します。""",
    'start.voila': """## 先生向け：授業用ページ

コードを画面に出さずにクラスでゲームを見せるには、プロジェクトのフォルダーで次を実行します。

```sh
.venv/bin/voila notebooks/ja/06_classroom.ipynb
```

表示されたアドレスを開いてください。*新しい対局*で同じ**シード**を入力した学習者には、全員に同じ牌が配られます。""",
    'tiles.intro': """# 1. 牌、配置、分岐ダブル

ホースレースでは、完全な**ダブルシックス**のセットを一組使います。`[0|0]` から `[6|6]` までの、異なる28枚の牌です (R1)。牌は小さい目を先に書きます：`[1|4]`。""",
    'tiles.set': '牌はいくつかの書き方で指定できますが、表示は常に小さい目が先です。**ダブル**は両半面が同じ目の牌です。',
    'tiles.spinners': """## すべてのダブルが分岐ダブル

牌の一方の半面を、同じ目の接続可能位置に合わせます (R9)。**すべてのダブルが分岐ダブルです** (R10)。ダブルは横向きに置き、接続位置が四つあります。列に沿った*直線側A*と*直線側B*、直角方向の*側枝A*と*側枝B*です。側枝は、直線方向の**両側**が埋まった後にだけ開きます (R11)。

図では、オレンジの輪郭が分岐ダブルを、**塗りつぶした数字**がその端が合計に加える値を、**白抜きの点**が数えない接続可能位置を示します。

ボタンかスライダーで、ルール文書の配置を一手ずつ見てみましょう：""",
    'tiles.step': 'コードから特定の手順を指定することもでき、授業で便利です。手順4は、`[4|4]` の二つ目の直線側に置いた `[3|4]` です。これで `[4|4]` の直線方向の両側が埋まったので側枝が開き、`[4|4]` 自体はもう数えません。',
    'tiles.build': """## 自分で配置を作る

`place` は配置による加点 (換算前の得点) を返します (R15)。端の合計が5の正の倍数ならその合計、そうでなければ0です。最初の牌は、どこにもつなげずに単独で置きます (R8)。""",
    'tiles.branches': '規則に反する置き方は、その規則を示す文とともに拒否され、配置は元のまま変わりません。ここでは、`[4|4]` の直線方向の両側がまだ埋まっていません：',
    'scoring.intro': """# 2. 得点端

牌を**置くたびに**、すべての得点端の寄与値を合計します (R13)：

- シンプルの空いている端は、その目を加えます (目が0の端は0を加えますが、端として数えます)。
- 直線方向の少なくとも片側が空いているダブルは、**両半面を一度だけ**加えます (`[6|6]` は12を加えます)。
- 直線方向の両側が埋まったダブルは内部にあり、何も加えません。
- 未使用の側枝は0です。始めた側枝は、その列の外端で数えます。""",
    'scoring.rules': '合計が5の正の倍数なら、置いたプレイヤーはその値の換算前の得点を得ます。換算前の5点が表示得点の1点です (R3, R15)。0を含むその他の合計は得点になりません。この規則は、ハンドの最初の牌にも最後の牌にも同じように当てはまります。ルール文書にある単独の配置の例は次のとおりです：',
    'scoring.open_vs_counted': """## 接続可能位置がいつも得点端とは限りません

接続可能位置は牌を置ける場所で、得点端は合計に加えるものです (R14)。`[1|2]` が `[1|1]` の二つ目の直線側を埋めると、`[1|1]` の二つの側枝は開きますが、何も数えません：""",
    'scoring.exercise_code': 'コードで答えることもできます。二つの `None` を、一連の例の最後の配置に対するあなたの答えに置き換えて、セルをもう一度実行してください。',
    'turns.intro': """# 3. 手番

手番は時計回りに進みます (R8)。自分の手番では：

- 手牌から置ける牌があれば、**必ず**1枚置きます。代わりにドローすることはできません (R16)。
- 手牌から置いた牌が**ダブル**、または**得点する**牌なら、続けて置きます。得点するダブルも続けるのは一回だけで、二回ではありません (R17)。続けて置くことも義務です。
- 置けなければ1枚ずつドローし、最初に置ける牌が出たら止めます。その牌は直ちに置きます。**新しく引いた牌は、ダブルでも得点する牌でも必ず手番を終えます** (R18)。
- 置ける牌がなくタロンが空ならパスします。誰も置けなければハンドはブロックされます (R19)。""",
    'turns.chain': 'これらをすべて示す、あらかじめ決めたハンドです。席0は `[1|4]` (換算前の得点5点)、`[1|1]` (ダブル)、`[4|4]` (得点するダブル：もう一回) を置き、`[2|5]` は置けないので `[3|4]` を引きます。`[3|4]` は得点しますが、それでも手番は終わります。',
    'turns.by_code': '同じハンドをコードで進めます。`apply` は毎回イベントを返し、何を合計したか、何点を得たか、手番が続くかどうかとその理由を伝えます。',
    'turns.pass': 'パス：席1は置ける牌がなく、タロンも空なのでパスします (R19)。続いて席0が最後の牌を置き、ハンドに勝ちます。',
    'end.intro': """# 4. ハンドの終わり

ハンドは、プレイヤーが最後の手牌を置いたとき (そのプレイヤーの勝ち、R21)、またはブロックされたとき、つまりタロンが空で誰も牌を置けないとき (R19) に終わります。ブロックされたハンドでは、残りの目の合計が最小のプレイヤーが勝ちます。ペア戦では両パートナーの合計を比較します (R22)。""",
    'end.rounding': '勝者は、相手に残った目を得点します。すべてを合計し、その一つの合計を最も近い5の倍数に丸め (余り1と2は切り下げ、3と4は切り上げ)、5で割ります (R23)。誰にも減点はありません。',
    'end.winning': """## 勝利

配置によってプレイヤーまたはペアが61点以上に達すると、ほかの配置や精算より先に、対局が**直ちに**終わります。60 + 2 = 62 でも勝ちです (R26)。同じ精算で61点に達した全員が、最終得点が異なっても勝利を共有します (R27, R28)。""",
    'play.intro': """# 5. 対局する

あなたは席0で、ほかの席はコンピューターが担当します。盤面の上で直接打ちます。図の下にある手牌の牌をクリックすると、その牌を置ける位置が配置の上で光ります。光っている位置にマウスを合わせると、置いたときの端の合計と得点、続けて置けるかどうかが表示され、クリックすると牌が置かれます。キーボードでは *Tab* キーか矢印キーで手牌の間を移動し、*Enter* キーで牌を選ぶと光っている位置に移り、もう一度 *Enter* キーで置きます。*Esc* キーで選択を解除します。ウィジェットは一手ごとに、何を合計したかと、手番が続くかどうかを伝えます。*コンピューターの次の手*を押すとコンピューターの手を一手ずつ見られ、*ヒント*を押すと今置ける最善の手とその理由が表示されます。""",
    'play.modes': '*新しい対局*の行で、モード (2人、3人、4人の個人戦、または4人のペア戦) と**シード**を変更できます。同じシードからは常に同じ対局が配られるので、クラス全員が同じ配牌でプレイできます。*自分の最後の選択を取り消す*は直前の自分の手を取り消します (練習モード)。',
    'tiles.next': '**次へ：** [2. 得点端](02_scoring_ends.ipynb)',
    'scoring.picture': '`[3|6]` + `[6|6]` の図：`[6|6]` は `[3|6]` の目が多い端に置かれ、二つ目の直線側が空いているので12を数えます。`[3|6]` の目が少ない端は3を数えます。',
    'scoring.exercise': """## やってみましょう

この配置の端の合計と、それによる換算前の得点を求めてから、*確認*を押してください。端の数字は隠してあります。""",
    'end.examples': 'ルール文書の精算の例を、あらかじめ決めたハンドとして進めます。17 → 3点。パートナーの7 (除外) と相手の 9 + 8 → 3点。ブロックで18対11 → 後者のペアが4点。4、4、4対14の同点 → 3人が各4点。12で同点のペア → 各2点 (R23–R25)。',
    'end.replay': 'ブロックされたペア戦のハンドを一手ずつ見てみましょう：',
}
